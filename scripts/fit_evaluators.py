"""Fit a game's position evaluator to the outcomes of self-play games, and say how well it predicts.

The game's `LinearEvaluator` names its features and computes them; this script plays games, samples
positions across each game, labels them with the game's outcome and fits one weight per feature: a
conditional-logit model (seat i wins with probability softmax(w . x_i)) by Newton's method with a
small L2 penalty, on standardised features. Draws are soft targets (equal shares).

The games: each seat plays the game's GreedyAgent (RandomAgent where the game has none) with a
share of uniformly random moves drawn per seat and game (none, 10 %, 25 %, or all of them), so that
positions are varied. Games are split into training and held-out games (by game, not by position);
the held-out positions give the accuracy of the predicted winner (draws left out) and the Brier score
(draws included), overall and by phase of the game (the first, middle and last third of its
decisions), with two baselines: equal shares, and the first feature alone (each game lists its most
obvious feature first).

Several configurations of one game (other decks, more seats) are fitted together: their games are
played in turn and their positions pooled. A shipped game's bare name stands for its shipped
configurations (`SHIPPED`); a game string with parameters stands for itself.

The weights, the training settings and the held-out metrics are written to the game's weights file
(or --out), atomically.

    python scripts/fit_evaluators.py                       # every shipped game, the shipped settings
    python scripts/fit_evaluators.py --game tactics --games 4000
    python scripts/fit_evaluators.py --game "sota(players=4)" --game "sota(players=5)"
    python scripts/fit_evaluators.py --game embers --register embers:EmbersGame   # with examples/ on the path
    python scripts/fit_evaluators.py --game sota --quick --out /tmp/sota.json     # a small run
"""

from __future__ import annotations

import argparse
import importlib
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

import shardgames as sg
from shardgames.cli.arena import game_agent
from shardgames.kernel.evaluation import EvaluatorWeights, LinearEvaluator
from shardgames.kernel.rng import Rng, derive_seed

SHIPPED = {
    "tactics": ("tactics",),
    "sota": (
        "sota",
        "sota(decks=(gale,grove))",
        "sota(decks=(umbra,ember))",
        "sota(decks=(grove,tide))",
        "sota(players=3)",
    ),
    "command": (
        "command",
        "command(decks=(tidewell,chronovoid))",
        "command(decks=(riftblades,siegeworks))",
        "command(decks=(gravewind,stoneguard))",
        "command(decks=(pyre,tidewell))",
    ),
}
"""The configurations fitted, game by game, when no --game is given: positions of every configuration
of a game are pooled into one fit."""

GAMES = 2000
"""Self-play games per fit (the shipped fits)."""

QUICK_GAMES = 40
"""Self-play games per fit with --quick."""

POSITIONS = 8
"""Positions sampled per game."""

HELD_OUT = 0.25
"""The share of games kept out of the fit, to measure it."""

PENALTY = 1.0
"""The L2 penalty on the standardised weights (as a number of pseudo-observations)."""

EPSILONS = (0.0, 0.1, 0.25, 1.0)
"""The shares of random moves a seat may play in a game (1.0: a random player)."""

EPSILON_WEIGHTS = (0.35, 0.3, 0.2, 0.15)
"""How often each share is drawn."""

PHASES = ("early", "mid", "late")

Array = npt.NDArray[np.float64]
Mask = npt.NDArray[np.bool_]


# ---------------------------------------------------------------------- self-play


def play_and_sample(
    game: sg.Game, evaluator: LinearEvaluator, seed: int, positions: int
) -> tuple[list[list[list[float]]], list[float], list[float]]:
    """One self-play game: the feature rows of `positions` decision points, their phases, the outcome.

    Returns:
        The sampled rows (one per position, each a row per seat), each position's place in the game
        (0 to 1) and the outcome as each seat's share of the win (equal shares for a draw).
    """
    rng = Rng(seed)
    greedy = game_agent(game)
    agents: list[Any] = [
        greedy() if greedy is not None else sg.RandomAgent() for _ in range(game.num_players)
    ]
    epsilons = [_draw_epsilon(rng) for _ in agents]
    random_agent = sg.RandomAgent()
    state = game.new_initial_state(seed=derive_seed(seed, 1))
    rows: list[list[list[float]]] = []
    while not state.is_terminal():
        seat = state.current_player
        if seat < 0:  # a chance node, with explicit chance
            state.apply_action(state.sample_chance_outcome(rng))
            continue
        if len(state.legal_actions()) > 1:
            rows.append([list(row) for row in evaluator.rows(state)])
        view = state.view(seat)
        player = random_agent if rng.random() < epsilons[seat] else agents[seat]
        state.apply_action(player.act(view, rng))
    n = game.num_players
    winner = state.winner
    outcome = [1.0 / n] * n if winner is None else [float(seat == winner) for seat in range(n)]
    if not rows:
        return [], [], outcome
    picks = sorted({rng.randrange(len(rows)) for _ in range(positions)})
    return [rows[i] for i in picks], [i / len(rows) for i in picks], outcome


def _draw_epsilon(rng: Rng) -> float:
    point, total = rng.random(), 0.0
    for epsilon, weight in zip(EPSILONS, EPSILON_WEIGHTS, strict=True):
        total += weight
        if point < total:
            return epsilon
    return EPSILONS[-1]


class Sample:
    """The positions of many games, padded to the most seats: features (positions x seats x features),
    which seats take part (`seats`), outcomes, places in their games and game numbers."""

    def __init__(
        self, features: Array, seats: Mask, outcomes: Array, places: Array, games: npt.NDArray[np.int64]
    ) -> None:
        self.features = features
        self.seats = seats
        self.outcomes = outcomes
        self.places = places
        self.games = games

    def subset(self, mask: Mask) -> Sample:
        return Sample(
            self.features[mask], self.seats[mask], self.outcomes[mask], self.places[mask], self.games[mask]
        )

    def only(self, width: int) -> Sample:
        """The same positions with only the first `width` features."""
        return Sample(self.features[:, :, :width], self.seats, self.outcomes, self.places, self.games)


def collect(
    configurations: Sequence[sg.Game], evaluator: LinearEvaluator, games: int, seed: int, progress: bool
) -> Sample:
    """Play `games` games, the configurations in turn, and sample their positions."""
    seats = max(game.num_players for game in configurations)
    width = len(evaluator.features)
    features: list[list[list[float]]] = []
    outcomes: list[list[float]] = []
    places: list[float] = []
    numbers: list[int] = []
    started = time.monotonic()
    for number in range(games):
        game = configurations[number % len(configurations)]
        rows, where, outcome = play_and_sample(game, evaluator, derive_seed(seed, number), POSITIONS)
        padding = [[0.0] * width] * (seats - game.num_players)
        features += [[*position, *padding] for position in rows]
        places += where
        outcomes += [outcome + [0.0] * len(padding)] * len(rows)
        numbers += [number] * len(rows)
        if progress and (number + 1) % 100 == 0:
            print(f"  {number + 1} games, {time.monotonic() - started:.0f} s", file=sys.stderr)
    counts = np.array([configurations[n % len(configurations)].num_players for n in numbers], dtype=np.int64)
    return Sample(
        np.array(features, dtype=np.float64).reshape(len(features), seats, width),
        np.arange(seats)[None, :] < counts[:, None],
        np.array(outcomes, dtype=np.float64).reshape(len(features), seats),
        np.array(places, dtype=np.float64),
        np.array(numbers, dtype=np.int64),
    )


# ---------------------------------------------------------------------- the model


def probabilities(features: Array, seats: Mask, weights: Array) -> Array:
    """Each seat's win probability at each position: the softmax of w . x over the seats taking part."""
    logits = np.where(seats, features @ weights, -np.inf)
    logits -= logits.max(axis=1, keepdims=True)
    exp = np.exp(logits)
    result: Array = exp / exp.sum(axis=1, keepdims=True)
    return result


def fit(sample: Sample, penalty: float, iterations: int = 50) -> Array:
    """The weights that maximise the penalised log-likelihood (Newton's method with step halving)."""
    features, outcomes, seats = sample.features, sample.outcomes, sample.seats
    width = features.shape[2]
    weights = np.zeros(width)

    def objective(w: Array) -> float:
        p = probabilities(features, seats, w)
        return float(-(outcomes * np.log(np.maximum(p, 1e-300))).sum() + 0.5 * penalty * w @ w)

    current = objective(weights)
    for _ in range(iterations):
        p = probabilities(features, seats, weights)
        mean = np.einsum("ks,ksf->kf", p, features)
        gradient = np.einsum("ks,ksf->f", outcomes - p, features) - penalty * weights
        hessian = np.einsum("ks,ksf,ksg->fg", p, features, features) - mean.T @ mean + penalty * np.eye(width)
        step = np.linalg.solve(hessian, gradient)
        scale = 1.0
        while scale > 1e-6:
            candidate = weights + scale * step
            value = objective(candidate)
            if value <= current:
                break
            scale /= 2
        else:
            break
        weights, improvement, current = candidate, current - value, value
        if improvement < 1e-10 * max(1.0, abs(current)) + 1e-12:
            break
    return weights


def fit_standardised(sample: Sample, penalty: float) -> Array:
    """`fit` on features scaled to unit spread over the seats' rows; the weights for the raw features."""
    spread = sample.features[sample.seats].std(axis=0)
    spread[spread == 0] = 1.0
    scaled = Sample(sample.features / spread, sample.seats, sample.outcomes, sample.places, sample.games)
    return fit(scaled, penalty) / spread


def scores(p: Array, sample: Sample, *, guess: bool = False) -> dict[str, Any]:
    """Accuracy of the predicted winner (draws left out), Brier score and log loss.

    With `guess`, `p` names no winner (equal shares): the accuracy is that of a guess, 1 / seats.
    """
    outcomes = sample.outcomes
    decided = outcomes.max(axis=1) == 1.0 if len(outcomes) else np.zeros(0, dtype=bool)
    brier = ((p - outcomes) ** 2).sum(axis=1)
    log_loss = -(outcomes * np.log(np.maximum(p, 1e-15))).sum(axis=1)
    hits = 1.0 / sample.seats.sum(axis=1) if guess else p.argmax(axis=1) == outcomes.argmax(axis=1)
    return {
        "positions": len(outcomes),
        "decided": int(decided.sum()),
        "accuracy": round(float(hits[decided].mean()), 4) if decided.any() else None,
        "brier": round(float(brier.mean()), 4) if len(brier) else None,
        "log_loss": round(float(log_loss.mean()), 4) if len(brier) else None,
    }


def report(p: Array, sample: Sample, *, guess: bool = False) -> dict[str, Any]:
    """`scores` overall and by phase of the game."""
    phase = np.minimum((sample.places * 3).astype(int), 2)
    result = scores(p, sample, guess=guess)
    result["by_phase"] = {
        name: scores(p[phase == i], sample.subset(phase == i), guess=guess) for i, name in enumerate(PHASES)
    }
    return result


def evaluate(
    evaluator: LinearEvaluator, train: Sample, test: Sample, penalty: float
) -> tuple[Array, dict[str, Any]]:
    """The fitted weights, and the held-out metrics of the model and of both baselines."""
    weights = fit_standardised(train, penalty)
    first = fit_standardised(train.only(1), penalty)
    equal = test.seats / test.seats.sum(axis=1, keepdims=True)
    metrics = {
        "model": report(probabilities(test.features, test.seats, weights), test),
        "baseline_equal_shares": report(equal, test, guess=True),
        f"baseline_{evaluator.features[0]}": report(
            probabilities(test.only(1).features, test.seats, first), test
        ),
        "held_out_games": len(np.unique(test.games)),
        "draws": int((test.outcomes.max(axis=1) < 1.0).sum()),
    }
    return weights, metrics


# ---------------------------------------------------------------------- the command


def fit_game(specs: Sequence[str], args: argparse.Namespace) -> dict[str, Any]:
    """Fit one game's evaluator on the positions of its configurations `specs`, played in turn."""
    configurations = [sg.load_game(spec) for spec in specs]
    evaluator = configurations[0].evaluator
    if evaluator is None:
        raise sg.UsageError(f"{configurations[0].name} has no LinearEvaluator to fit")
    games = args.games or (QUICK_GAMES if args.quick else GAMES)
    started = time.monotonic()
    sample = collect(configurations, evaluator, games, args.seed, progress=not args.quick)
    order = list(range(games))
    Rng(derive_seed(args.seed, 2)).shuffle(order)
    held = order[: max(1, round(games * HELD_OUT))]
    is_test = np.isin(sample.games, np.array(sorted(held), dtype=np.int64))
    train, test = sample.subset(~is_test), sample.subset(is_test)
    weights, metrics = evaluate(evaluator, train, test, args.penalty)
    greedy = game_agent(configurations[0])
    training = {
        "configurations": [str(game) for game in configurations],
        "games": games,
        "training_positions": len(train.outcomes),
        "held_out_positions": len(test.outcomes),
        "positions_per_game": POSITIONS,
        "seed": args.seed,
        "players": f"{'GreedyAgent' if greedy else 'RandomAgent'} with random moves, share per seat and game "
        + ", ".join(f"{e:g} (x{w:g})" for e, w in zip(EPSILONS, EPSILON_WEIGHTS, strict=True)),
        "penalty": args.penalty,
        "held_out_share": HELD_OUT,
        "command": " ".join(["python scripts/fit_evaluators.py", *args.argv]),
    }
    result = EvaluatorWeights(
        evaluator.game, evaluator.features, tuple(round(float(w), 6) for w in weights), training, metrics
    )
    out = Path(args.out) if args.out else evaluator.path
    result.write(out)
    model, equal = metrics["model"], metrics["baseline_equal_shares"]
    print(
        f"{evaluator.game}: {games} games, {len(train.outcomes)} training positions, {len(test.outcomes)} "
        f"held out; accuracy {model['accuracy']}, Brier {model['brier']} (equal shares {equal['brier']}); "
        f"{time.monotonic() - started:.0f} s -> {out}"
    )
    return metrics


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--game",
        action="append",
        help="a game string to fit (repeatable: one game's configurations are pooled); a shipped game's name "
        "stands for its shipped configurations; default: every shipped game",
    )
    parser.add_argument(
        "--games", type=int, help=f"self-play games (default {GAMES}; {QUICK_GAMES} with --quick)"
    )
    parser.add_argument("--seed", type=int, default=0, help="the root seed (default 0)")
    parser.add_argument("--out", help="the weights file to write (default: the game's own; one game only)")
    parser.add_argument("--penalty", type=float, default=PENALTY, help=f"the L2 penalty (default {PENALTY})")
    parser.add_argument("--quick", action="store_true", help="a small run, to try the script")
    parser.add_argument(
        "--register", action="append", default=[], help="MODULE:CLASS of a game to register first"
    )
    args = parser.parse_args(argv)
    args.argv = list(sys.argv[1:] if argv is None else argv)
    specs = [spec for name in args.game or SHIPPED for spec in SHIPPED.get(name, (name,))]
    if args.games is not None and args.games < 4:
        parser.error("--games must be at least 4")
    try:
        for item in args.register:
            module, _, name = item.partition(":")
            sg.register_game(getattr(importlib.import_module(module), name))
        groups: dict[str, list[str]] = {}
        for spec in specs:
            groups.setdefault(sg.load_game(spec).name, []).append(spec)
        if args.out and len(groups) > 1:
            raise sg.UsageError("--out needs the configurations of a single game")
        for group in groups.values():
            fit_game(group, args)
    except sg.ShardGamesError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except (ImportError, AttributeError) as exc:
        print(f"error: --register: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main())
