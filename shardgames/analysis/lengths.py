"""Game lengths: how long games last, in history steps and in turns, and how often the turn cap ends them.

`game_lengths` reads a `TournamentResult` (or match records). Lengths in steps (every entry of the
history: decisions, chance outcomes and forced moves) come with every result. Lengths in turns and
whether the turn cap ended the game (`State.truncated`) need the final states, so they are read by
replaying the records when the tournament kept them (``keep_records=True``), and are ``None``
otherwise.

Examples:
    >>> import shardgames as sg
    >>> from embers import EmbersGame  # the template game, in examples/
    >>> _ = sg.register_game(EmbersGame)
    >>> from shardgames.analysis import game_lengths
    >>> result = sg.tournament(
    ...     "embers(max_turns=12)",
    ...     [sg.RandomAgent()],
    ...     games=10,
    ...     seed=1,
    ...     backend="serial",
    ...     progress=False,
    ...     keep_records=True,
    ... )
    >>> lengths = game_lengths(result)
    >>> len(lengths.steps), max(lengths.turns), lengths.truncated_share
    (10, 12, 0.7)
    >>> row = lengths.rows()[1]
    >>> row["measure"], row["min"], row["median"]
    ('turns', 5.0, 12.0)
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Any

import attrs
import numpy as np

from shardgames.analysis._frames import axes, dataframe
from shardgames.arena.documents import Document
from shardgames.arena.match import MatchRecord
from shardgames.arena.tournaments import TournamentResult
from shardgames.kernel.errors import UsageError
from shardgames.render.text import plural

__all__ = ["LENGTH_COLUMNS", "Lengths", "game_lengths"]

LENGTH_COLUMNS = ("measure", "games", "mean", "sd", "min", "q1", "median", "q3", "max")
"""The columns of `Lengths.table`."""


def _summary(measure: str, values: Sequence[int]) -> dict[str, Any]:
    if not values:
        return {"measure": measure, "games": 0} | dict.fromkeys(LENGTH_COLUMNS[2:])
    data = np.asarray(values, dtype=float)
    q1, median, q3 = (float(q) for q in np.percentile(data, [25, 50, 75]))
    return {
        "measure": measure,
        "games": len(values),
        "mean": float(data.mean()),
        "sd": float(data.std(ddof=1)) if len(values) > 1 else math.nan,
        "min": float(data.min()),
        "q1": q1,
        "median": median,
        "q3": q3,
        "max": float(data.max()),
    }


@attrs.frozen
class Lengths(Document):
    """The lengths of a tournament's games (see the module docstring).

    Attributes:
        game: The game string.
        steps: Each game's length in history steps.
        turns: Each game's number of turns (the final state's ``turn``), or ``None`` without records.
        truncated: Whether the turn cap ended each game, or ``None`` without records.
    """

    game: str
    steps: tuple[int, ...]
    turns: tuple[int, ...] | None = None
    truncated: tuple[bool, ...] | None = None

    KIND = "lengths"

    @property
    def truncated_share(self) -> float | None:
        """The share of games ended by the turn cap (a draw by the cap), or ``None`` without records."""
        if self.truncated is None:
            return None
        return sum(self.truncated) / len(self.truncated) if self.truncated else 0.0

    def rows(self) -> list[dict[str, Any]]:
        """One row per measure (columns `LENGTH_COLUMNS`): ``steps``, and ``turns`` when known.

        Each row holds the games, the mean, the standard deviation, the minimum, the quartiles (with
        linear interpolation, as NumPy and pandas compute them) and the maximum.
        """
        rows = [_summary("steps", self.steps)]
        if self.turns is not None:
            rows.append(_summary("turns", self.turns))
        return rows

    def table(self) -> Any:
        """`rows` as a pandas DataFrame (columns `LENGTH_COLUMNS`).

        Raises:
            MissingExtraError: If pandas is not installed.
        """
        return dataframe(self.rows(), LENGTH_COLUMNS, "Lengths.table")

    def histogram(self, ax: Any = None, *, measure: str = "steps", bins: int | str = "auto") -> Any:
        """Draw the distribution of one measure as a histogram; returns the matplotlib Axes.

        Args:
            ax: The Axes to draw into; a new figure's by default.
            measure: ``steps`` or ``turns``.
            bins: As for matplotlib's ``hist``.

        Raises:
            UsageError: For an unknown measure, or turns without records.
            MissingExtraError: If matplotlib is not installed.
        """
        if measure not in ("steps", "turns"):
            raise UsageError(f"measure: steps or turns, not {measure!r}")
        values = self.steps if measure == "steps" else self.turns
        if values is None:
            raise UsageError("turns need the match records: play the tournament with keep_records=True")
        ax = axes(ax, "Lengths.histogram")
        ax.hist(list(values), bins=bins)
        ax.set_xlabel(f"game length ({measure})")
        ax.set_ylabel("games")
        ax.set_title(f"{self.game}: {plural(len(values), 'game')}")
        return ax

    def tables(self) -> dict[str, Any]:
        """What `to_dict` writes after the lengths: the ``summary`` (`rows`) and ``truncated_share``."""
        return {"summary": self.rows(), "truncated_share": self.truncated_share}


def game_lengths(result: TournamentResult | Iterable[MatchRecord]) -> Lengths:
    """The lengths of the games of a tournament (or of match records); see the module docstring.

    Records, when the tournament kept them, are replayed for the turns and the turn-cap ends.
    """
    if isinstance(result, TournamentResult):
        steps = tuple(g.length for g in result.games)
        records = result.records
        game = result.game
        if len(records) < len(result.games):
            return Lengths(game, steps)
    else:
        records = tuple(result)
        steps = tuple(r.length for r in records)
        game = records[0].game if records else ""
    finals = [record.replay() for record in records]
    turns = tuple(state.turn for state in finals)
    truncated = tuple(state.truncated for state in finals)
    return Lengths(game, steps, turns, truncated)
