"""Position evaluators: each seat's expected return from a state, estimated without playing on.

A game offers an evaluator through `Game.evaluate` and `Game.evaluate_all` (search scores its leaves
with them). Most games use a `LinearEvaluator`: a few numbers per seat read from the state (its
*features*: Integrity, Might on board, cards in hand...) and one weight per feature, fitted to the
outcomes of self-play games. It is a conditional-logit model of "which seat wins": seat ``i`` wins
with probability ``p_i = softmax(w . x_i)``; with two seats this is logistic regression on the
difference of the two feature rows, without intercept, so a position and its mirror image score
exactly opposite. The value of seat ``i`` is its expected return under the library's returns (+1 for
the winner, the losers share -1): ``p_i - (1 - p_i) / (n - 1)``, in [-1, 1], 0 for every seat when
the model sees no difference.

The weights are data: a JSON file in the game's package (``data/evaluator.json``), written by
``scripts/fit_evaluators.py`` and read at first use. Reading checks it against the features the code
computes; a missing or malformed file is an `EvaluatorError` listing every problem.

Examples:
    >>> values_from_probabilities((0.75, 0.25))
    (0.5, -0.5)
    >>> values_from_probabilities((0.5, 0.25, 0.25))
    (0.25, -0.125, -0.125)
    >>> win_probabilities((1.0, 1.0, 1.0))
    (0.3333333333333333, 0.3333333333333333, 0.3333333333333333)
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Mapping, Sequence
from operator import mul
from pathlib import Path
from typing import Any

import attrs

from shardgames.kernel.datafiles import parse_json, read_text, write_text_atomic
from shardgames.kernel.errors import EvaluatorError

__all__ = [
    "WEIGHTS_FORMAT",
    "EvaluatorWeights",
    "FeatureRows",
    "LinearEvaluator",
    "values_from_probabilities",
    "win_probabilities",
]

WEIGHTS_FORMAT = 1
"""The version of the weights file's layout."""

FeatureRows = Callable[[Any], Sequence[Sequence[float]]]
"""A game's features: from a state in play, one row of numbers per seat, in the order of the names."""


def win_probabilities(logits: Sequence[float]) -> tuple[float, ...]:
    """The softmax of `logits`: each seat's probability of winning under the model."""
    top = max(logits)
    weights = [math.exp(z - top) for z in logits]
    total = sum(weights)
    return tuple(w / total for w in weights)


def values_from_probabilities(probabilities: Sequence[float]) -> tuple[float, ...]:
    """Each seat's expected return, +1 for a win and -1 / (n - 1) for a loss, from its win probability."""
    share = len(probabilities) - 1
    return tuple(p - (1.0 - p) / share for p in probabilities)


@attrs.frozen
class EvaluatorWeights:
    """The content of a weights file.

    Attributes:
        game: The game's name.
        features: The feature names, in the order of the weights.
        weights: One weight per feature.
        training: How the weights were fitted (games, seed, agents, penalty...).
        metrics: How well they predict held-out games (accuracy, Brier score, baselines...).
    """

    game: str
    features: tuple[str, ...]
    weights: tuple[float, ...]
    training: Mapping[str, Any] = attrs.field(factory=dict)
    metrics: Mapping[str, Any] = attrs.field(factory=dict)

    def to_json(self) -> str:
        """The file's text (JSON, indented, with a final newline)."""
        data = {
            "format": WEIGHTS_FORMAT,
            "game": self.game,
            "features": list(self.features),
            "weights": list(self.weights),
            "training": dict(self.training),
            "metrics": dict(self.metrics),
        }
        return json.dumps(data, indent=2) + "\n"

    @classmethod
    def from_dict(
        cls, data: Any, game: str, features: Sequence[str], subject: str = "evaluator weights"
    ) -> EvaluatorWeights:
        """Read and check weights for `game`'s `features` (every problem is listed).

        Raises:
            EvaluatorError: If the data is not such weights, or names other features.
        """
        if not isinstance(data, Mapping):
            raise EvaluatorError(subject, [f"must be a JSON object, not {type(data).__name__}"])
        problems = [
            f"{key}: unknown field; fields are format, game, features, weights, training, metrics"
            for key in sorted(set(data) - {"format", "game", "features", "weights", "training", "metrics"})
        ]
        if data.get("format") != WEIGHTS_FORMAT:
            problems.append(f"format: must be {WEIGHTS_FORMAT}, not {data.get('format')!r}")
        if data.get("game") != game:
            problems.append(f"game: must be {game!r}, not {data.get('game')!r}")
        names = data.get("features")
        if not isinstance(names, list) or not all(isinstance(name, str) for name in names):
            problems.append("features: must be a list of feature names")
            names = []
        else:
            problems += _name_problems(names, features)
        weights = data.get("weights")
        if not isinstance(weights, list):
            problems.append("weights: must be a list of numbers, one per feature")
            weights = []
        else:
            problems += [
                f"weights[{index}]: must be a finite number, not {weight!r}"
                for index, weight in enumerate(weights)
                if isinstance(weight, bool)
                or not isinstance(weight, int | float)
                or not math.isfinite(weight)
            ]
            if len(weights) != len(names):
                problems.append(f"weights: {len(weights)} weights for {len(names)} features")
        for key in ("training", "metrics"):
            if not isinstance(data.get(key, {}), Mapping):
                problems.append(f"{key}: must be an object")
        if problems:
            raise EvaluatorError(subject, problems)
        return cls(
            game,
            tuple(names),
            tuple(float(w) for w in weights),
            dict(data.get("training", {})),
            dict(data.get("metrics", {})),
        )

    @classmethod
    def read(cls, path: str | Path, game: str, features: Sequence[str]) -> EvaluatorWeights:
        """Read and check a weights file (see `from_dict`).

        Raises:
            EvaluatorError: If the file is missing, unreadable, not JSON, or not weights for `features`.
        """
        subject = str(path)
        return cls.from_dict(
            parse_json(read_text(path, EvaluatorError), EvaluatorError, subject), game, features, subject
        )

    def write(self, path: str | Path) -> Path:
        """Write the file atomically (see `shardgames.kernel.datafiles.write_text_atomic`)."""
        return write_text_atomic(path, self.to_json())


def _name_problems(names: Sequence[str], features: Sequence[str]) -> list[str]:
    """How the file's feature names differ from the code's."""
    problems = [f"features: {name!r} is not a feature of this game" for name in names if name not in features]
    problems += [f"features: {name!r} is missing" for name in features if name not in names]
    problems += [
        f"features: {name!r} is listed twice" for name in dict.fromkeys(names) if names.count(name) > 1
    ]
    if not problems and list(names) != list(features):
        problems.append(f"features: must be in the order {', '.join(features)}")
    return problems


class LinearEvaluator:
    """A game's evaluator from named features and fitted weights (see the module docstring).

    Args:
        game: The game's name (the weights file names it too).
        features: The feature names, in the order the rows give them.
        rows: The function computing the features of a state in play, one row per seat.
        path: The weights file, read at first use.
    """

    def __init__(self, game: str, features: Sequence[str], rows: FeatureRows, path: str | Path) -> None:
        self.game = game
        self.features = tuple(features)
        self.rows = rows
        self.path = Path(path)
        self._weights: EvaluatorWeights | None = None
        self._vector: tuple[float, ...] = ()

    @property
    def weights(self) -> EvaluatorWeights:
        """The fitted weights, read from `path` at first use.

        Raises:
            EvaluatorError: If the file is missing or does not hold weights for these features.
        """
        if self._weights is None:
            self.use(EvaluatorWeights.read(self.path, self.game, self.features))
        assert self._weights is not None
        return self._weights

    def use(self, weights: EvaluatorWeights) -> None:
        """Evaluate with `weights` from now on (the fitting script tries candidates this way).

        Raises:
            EvaluatorError: If they are not weights for these features.
        """
        problems = _name_problems(weights.features, self.features)
        if weights.game != self.game:
            problems.append(f"game: must be {self.game!r}, not {weights.game!r}")
        if problems:
            raise EvaluatorError("evaluator weights", problems)
        self._weights = weights
        self._vector = weights.weights

    def logits(self, state: Any) -> tuple[float, ...]:
        """Each seat's score ``w . x``: the higher, the likelier that seat wins."""
        if self._weights is None:
            self.weights  # noqa: B018 - read the file once
        vector = self._vector
        return tuple(sum(map(mul, vector, row)) for row in self.rows(state))

    def values(self, state: Any) -> tuple[float, ...]:
        """Each seat's estimated expected return from a state in play, in [-1, 1]."""
        if self._weights is None:
            self.weights  # noqa: B018 - read the file once
        vector = self._vector
        rows = self.rows(state)
        if len(rows) != 2:
            return values_from_probabilities(win_probabilities([sum(map(mul, vector, row)) for row in rows]))
        # the common case: a logistic function of the difference of the two scores
        difference = sum(map(mul, vector, rows[0])) - sum(map(mul, vector, rows[1]))
        if difference < -700.0:  # exp would overflow; the value is -1 to the last digit
            return (-1.0, 1.0)
        value = 2.0 / (1.0 + math.exp(-difference)) - 1.0
        return (value, -value)

    def __repr__(self) -> str:
        return f"LinearEvaluator({self.game!r}, {len(self.features)} features)"
