"""How well could any judge of positions name the winner? The evaluator against the best it could do.

A game's evaluator (`Game.evaluate_all`) estimates each seat's expected return. How good is good
enough depends on the game: where dice decide much, no judge of a position can name the winner
often. This benchmark measures both, on the same positions:

* it plays ``--positions`` games with the game's `GreedyAgent` in every seat (`RandomAgent` where the
  game has none), from fixed seeds, and takes one decision of each at random;
* the **evaluator** scores that position;
* the position's **value under greedy play** is the mean return of ``--continuations`` further games
  from it (the true state, so nothing is hidden, with fresh chance and fresh tie-breaks each time);
* both are scored against the outcome of the game the position came from: the accuracy of the
  predicted winner (games with a winner) and the Brier score of the predicted win shares (a draw
  shares the win equally), overall and by phase of the game (the first, middle and last third of its
  decisions).

The value under greedy play is the best prediction of how greedy play ends there, so its accuracy is
what a perfect evaluator of greedy play would reach: where the evaluator comes close to it, a better
judge of positions has nothing left to gain; where it falls short, a better one could. The mean of
``--continuations`` games carries some noise of its own (a Brier score about 1 / (4 x continuations)
worse than the exact value).

    python benchmarks/predictability.py                          # the three games, 300 positions each
    python benchmarks/predictability.py --game sota --positions 600 --continuations 32 --workers 2
    python benchmarks/predictability.py --game tactics --json
    python benchmarks/predictability.py --import examples/embers.py:EmbersGame --game embers
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import numpy as np
import numpy.typing as npt

import shardgames as sg
from shardgames.cli import import_target
from shardgames.kernel import Game, State

ROOT_SEED = 20_261_206
GAMES = ("sota", "tactics", "command")
PHASES = ("early", "mid", "late")

Array = npt.NDArray[np.float64]


# ---------------------------------------------------------------------- one position


def _players(game: Game) -> list[sg.Agent]:
    """The game's greedy agent in every seat, or random players where it has none."""
    return [sg.strongest_agent(game) for _ in range(game.num_players)]


def _play_out(state: State, players: Sequence[sg.Agent], rng: sg.Rng) -> tuple[float, ...]:
    while not state.is_terminal():
        if state.is_chance_node():  # only in chance="explicit" games
            state.apply_action(state.sample_chance_outcome(rng))
            continue
        seat = state.current_player
        state.apply_action(players[seat].act(state.view(seat), rng))
    return state.returns()


def measure_position(game: Game, number: int, continuations: int) -> dict[str, Any]:
    """One game from seed `number`: a random decision of it, its evaluation, value and outcome."""
    players = _players(game)
    rng = sg.Rng(sg.derive_seed(ROOT_SEED, number))
    state = game.new_initial_state(seed=sg.derive_seed(ROOT_SEED, number, 1))
    decisions: list[State] = []
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance_outcome(rng))
            continue
        seat = state.current_player
        if len(state.legal_actions()) > 1:
            decisions.append(state.clone())
        state.apply_action(players[seat].act(state.view(seat), rng))
    outcome = state.returns()
    if not decisions:
        return {"outcome": list(outcome), "place": None}
    index = sg.Rng(sg.derive_seed(ROOT_SEED, number, 2)).randrange(len(decisions))
    position = decisions[index]
    total = np.zeros(game.num_players)
    for k in range(continuations):
        copy = position.clone()
        copy.reseed(sg.derive_seed(ROOT_SEED, number, 3, k))
        total += _play_out(copy, players, sg.Rng(sg.derive_seed(ROOT_SEED, number, 4, k)))
    return {
        "outcome": list(outcome),
        "evaluation": list(game.evaluate_all(position)),
        "value": list(total / continuations),
        "place": index / len(decisions),
    }


# ---------------------------------------------------------------------- scores


def win_shares(returns: Array, seats: int) -> Array:
    """Expected returns as win shares: +1 for a sure win, -1 / (seats - 1) for a sure loss."""
    shares: Array = np.clip((returns * (seats - 1) + 1.0) / seats, 0.0, 1.0)
    return shares


def scores(predicted: Array, outcomes: Array) -> dict[str, Any]:
    """The accuracy of the predicted winner (games with a winner) and the Brier score of the shares."""
    seats = outcomes.shape[1]
    truth = win_shares(outcomes, seats)
    decided = truth.max(axis=1) == 1.0
    shares = win_shares(predicted, seats)
    hits = shares.argmax(axis=1) == truth.argmax(axis=1)
    return {
        "positions": len(outcomes),
        "accuracy": round(float(hits[decided].mean()), 4) if decided.any() else None,
        "brier": round(float(((shares - truth) ** 2).sum(axis=1).mean()), 4) if len(outcomes) else None,
    }


def summarise(rows: Sequence[dict[str, Any]], continuations: int) -> dict[str, Any]:
    """The evaluator's and the greedy-play value's scores, overall and by phase."""
    kept = [row for row in rows if row["place"] is not None]
    outcomes = np.array([row["outcome"] for row in kept], dtype=np.float64)
    evaluation = np.array([row["evaluation"] for row in kept], dtype=np.float64)
    value = np.array([row["value"] for row in kept], dtype=np.float64)
    phase = np.minimum((np.array([row["place"] for row in kept]) * 3).astype(int), 2)
    result: dict[str, Any] = {
        "positions": len(kept),
        "continuations": continuations,
        "draws": int((outcomes.max(axis=1) <= 0.0).sum()),
        "evaluator": scores(evaluation, outcomes),
        "greedy_play_value": scores(value, outcomes),
        "correlation": round(float(np.corrcoef(evaluation[:, 0], value[:, 0])[0, 1]), 4),
    }
    result["by_phase"] = {
        name: {
            "evaluator": scores(evaluation[phase == i], outcomes[phase == i]),
            "greedy_play_value": scores(value[phase == i], outcomes[phase == i]),
        }
        for i, name in enumerate(PHASES)
    }
    return result


# ---------------------------------------------------------------------- the command


def measure_game(game: Game, positions: int, continuations: int, workers: int) -> dict[str, Any]:
    """`summarise` over `positions` games of one game, on `workers` processes."""
    numbers = range(positions)
    if workers <= 1:
        rows = [measure_position(game, n, continuations) for n in numbers]
    else:
        with ProcessPoolExecutor(workers) as pool:
            rows = list(
                pool.map(
                    measure_position,
                    [game] * positions,  # a game pickles by its class: no registration needed there
                    numbers,
                    [continuations] * positions,
                    chunksize=4,
                )
            )
    result = summarise(rows, continuations)
    result["players"] = sg.strongest_agent(game).name
    return result


def render(results: dict[str, dict[str, Any]]) -> str:
    lines = [
        f"{'game':<24} {'positions':>9} {'':>11} {'accuracy':>8} {'brier':>6}"
        f"   {'early':>5} {'mid':>5} {'late':>5}  (accuracy)"
    ]
    for game, result in results.items():
        for key, label in (("evaluator", "evaluator"), ("greedy_play_value", f"{result['players']} play")):
            phases = " ".join(_number(result["by_phase"][phase][key]["accuracy"], 5) for phase in PHASES)
            first = game if key == "evaluator" else ""
            count = str(result["positions"]) if key == "evaluator" else ""
            lines.append(
                f"{first:<24} {count:>9} {label:>11} {_number(result[key]['accuracy'], 8)} "
                f"{_number(result[key]['brier'], 6)}   {phases}"
            )
    return "\n".join(lines)


def _number(value: float | None, width: int) -> str:
    return f"{'-':>{width}}" if value is None else f"{value:>{width}.3f}"


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", action="append", metavar="NAME_OR_STRING", help="only these games")
    parser.add_argument("--positions", type=int, default=300, help="positions (games) per game")
    parser.add_argument(
        "--continuations", type=int, default=32, help="greedy games from each position, for its value"
    )
    parser.add_argument("--workers", type=int, default=1, help="processes to play on")
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.add_argument(
        "--import",
        dest="imports",
        action="append",
        default=[],
        metavar="TARGET",
        help="a module or file to import first, MODULE:CLASS or FILE.py:CLASS to register a game",
    )
    args = parser.parse_args(argv)
    for option in ("positions", "continuations", "workers"):
        if getattr(args, option) < 1:
            parser.error(f"--{option} must be at least 1")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    results: dict[str, dict[str, Any]] = {}
    try:
        for target in args.imports:
            import_target(target)
    except sg.ShardGamesError as exc:
        print(f"predictability: {exc}".splitlines()[0], file=sys.stderr)
        return 2
    for spec in args.game or GAMES:
        try:
            game = sg.load_game(spec)
        except sg.ShardGamesError as exc:
            print(f"predictability: {exc}".splitlines()[0], file=sys.stderr)
            return 2
        if not game.has_evaluator:
            print(f"predictability: {game.name} has no position evaluator", file=sys.stderr)
            return 2
        started = time.monotonic()
        results[str(game)] = measure_game(game, args.positions, args.continuations, args.workers)
        if not args.json:
            print(f"{game}: {time.monotonic() - started:.0f} s", file=sys.stderr)
    print(json.dumps(results, indent=2) if args.json else render(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
