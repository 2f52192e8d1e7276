"""The shardgames yardstick: how fast each registered game plays, clones and round-trips JSON.

For every registered game (plus the template game of examples/embers.py, which this script registers
itself) it plays random games (a uniform choice over ``state.legal_actions()``; chance is sampled by the
game itself) and reports the median over ``--runs`` runs of:

* actions/s: ``apply_action`` calls for player decisions per second;
* steps/s: history steps per second (``len(state.history)``: decisions, chance outcomes, forced moves);
* games/s and the mean game length in history steps;
* clone: the time of ``state.clone()`` on mid-game states, in microseconds;
* JSON: the time of ``state.to_json()`` plus ``game.state_from_json(...)`` on mid-game states, in µs.

With python-chess installed (it comes with the ``test`` extra), each run of a game is preceded by a run
of random chess games with python-chess (a uniform choice over ``board.legal_moves``, pushed until
``board.is_game_over()``), and the table adds ``vs chess``: the game's actions/s over chess's moves/s in
the same run, the median over runs. Both sides pay for listing the legal moves, making one and asking
whether the game is over, so the ratio says how fast a game is next to a well-known pure-Python engine
on the same machine at the same moment, which absolute numbers on a shared machine cannot.

It also measures the kernel's per-step cost on the template game: ``apply_action`` (checked) against
``apply_action_unchecked`` (both replaying recorded random games, chance and forced moves included), and
``legal_actions()`` on a state whose cache is empty.

Seeds are fixed, so every run plays the same games; only the timings vary. Examples::

    python benchmarks/bench.py                          # every game, 5 runs of 2 s each
    python benchmarks/bench.py --seconds 0.2 --runs 1   # a quick look
    python benchmarks/bench.py --game "embers(players=4)" --json
    python benchmarks/bench.py --import mygame.py:MyGame --game mygame
    python benchmarks/bench.py --no-chess               # without the python-chess reference
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import Any

import shardgames as sg
from shardgames.cli import ImportTargetError, import_target
from shardgames.kernel import CHANCE, TERMINAL, Action, Game, State

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "examples"))
from embers import EmbersGame  # importable thanks to the line above

TEMPLATE_GAME = "embers"
ROOT_SEED = 20_240_601
PLAY, SAMPLE, KERNEL, CHESS = 0, 1, 2, 3  # derive_seed keys: one stream of games per purpose
CLONES_PER_STATE = 100
JSON_ROUND_TRIPS_PER_STATE = 2


# ---------------------------------------------------------------------- random play


def playout(state: State, rng: sg.Rng, limit: int = sys.maxsize) -> int:
    """Play uniformly random actions until the end (or `limit` decisions); return the decisions made."""
    decisions = 0
    randrange = rng.randrange
    while decisions < limit:
        player = state.current_player
        if player >= 0:
            legal = state.legal_actions()
            state.apply_action(legal[randrange(len(legal))])
            decisions += 1
        elif player == CHANCE:  # only in chance=explicit games: sample it like the engine would
            state.apply_action(state.sample_chance_outcome(rng))
        else:
            break
    return decisions


def recorded_decisions(game: Game, seed: int) -> list[Action]:
    """The player actions of one random game (chance outcomes and forced moves left to the engine)."""
    state = game.new_initial_state(seed)
    rng = sg.Rng(seed)
    actions: list[Action] = []
    while state.current_player != TERMINAL:
        if state.current_player == CHANCE:
            state.apply_action(state.sample_chance_outcome(rng))
            continue
        legal = state.legal_actions()
        actions.append(legal[rng.randrange(len(legal))])
        state.apply_action(actions[-1])
    return actions


def mid_game_state(game: Game, seed: int) -> State:
    """The state half-way (in decisions) through the random game with `seed`."""
    decisions = playout(game.new_initial_state(seed), sg.Rng(seed))
    state = game.new_initial_state(seed)
    playout(state, sg.Rng(seed), limit=decisions // 2)
    state.legal_actions()  # as an agent would have looked at it
    return state


def play_run(game: Game, run: int, seconds: float, games: int | None) -> dict[str, float]:
    """One run of random games: `games` of them, or as many as fit in `seconds` of play."""
    rng = sg.Rng(sg.derive_seed(ROOT_SEED, PLAY, run))
    decisions = steps = played = 0
    elapsed = 0.0
    clock = time.perf_counter
    while (played < games) if games is not None else (elapsed < seconds or played == 0):
        seed = sg.derive_seed(ROOT_SEED, PLAY, run, played)  # outside the timed part
        start = clock()
        state = game.new_initial_state(seed)
        decisions += playout(state, rng)
        elapsed += clock() - start
        steps += len(state.history)
        played += 1
    return {
        "actions_per_second": decisions / elapsed,
        "steps_per_second": steps / elapsed,
        "games_per_second": played / elapsed,
        "mean_length": steps / played,
        "mean_decisions": decisions / played,
        "games_played": played,
    }


def chess_run(run: int, seconds: float, games: int | None) -> float | None:
    """Moves per second of random chess games with python-chess (None if it is not installed).

    The same budget as `play_run`: `games` games, or as many as fit in `seconds`.
    """
    try:
        import chess  # the reference engine: optional, and only this script uses it
    except ImportError:
        return None
    rng = sg.Rng(sg.derive_seed(ROOT_SEED, CHESS, run))
    randrange = rng.randrange
    moves = played = 0
    elapsed = 0.0
    clock = time.perf_counter
    while (played < games) if games is not None else (elapsed < seconds or played == 0):
        start = clock()
        board = chess.Board()
        while not board.is_game_over():
            legal = list(board.legal_moves)
            board.push(legal[randrange(len(legal))])
            moves += 1
        elapsed += clock() - start
        played += 1
    return moves / elapsed


# ---------------------------------------------------------------------- micro timings


def time_us(function: Callable[[], object], repeat: int) -> float:
    """The mean time of one call of `function` over `repeat` calls, in microseconds."""
    clock = time.perf_counter
    start = clock()
    for _ in range(repeat):
        function()
    return (clock() - start) / repeat * 1e6


def state_costs(game: Game, run: int, samples: int) -> dict[str, float]:
    """Median clone and JSON times over `samples` mid-game states."""
    states = [mid_game_state(game, sg.derive_seed(ROOT_SEED, SAMPLE, run, k)) for k in range(samples)]
    clone = [time_us(s.clone, CLONES_PER_STATE) for s in states]
    texts = [s.to_json() for s in states]
    to_json = [time_us(s.to_json, JSON_ROUND_TRIPS_PER_STATE) for s in states]
    from_json = [time_us(partial(game.state_from_json, text), JSON_ROUND_TRIPS_PER_STATE) for text in texts]
    return {
        "clone_us": statistics.median(clone),
        "to_json_us": statistics.median(to_json),
        "from_json_us": statistics.median(from_json),
        "json_round_trip_us": statistics.median(a + b for a, b in zip(to_json, from_json, strict=True)),
    }


def bench_game(
    game: Game, runs: int, seconds: float, games: int | None, samples: int, *, chess: bool = True
) -> dict[str, Any]:
    """Every measurement of one game: the median over `runs` runs (with `chess`, each after a chess run)."""
    per_run = []
    for run in range(runs):
        reference = chess_run(run, seconds, games) if chess else None
        measured = {**play_run(game, run, seconds, games), **state_costs(game, run, samples)}
        if reference is not None:
            measured["chess_moves_per_second"] = reference
            measured["vs_chess"] = measured["actions_per_second"] / reference
        per_run.append(measured)
    result: dict[str, Any] = {"game": str(game), "players": game.num_players}
    for key in per_run[0]:
        result[key] = statistics.median(r[key] for r in per_run)
    result["games_played"] = sum(int(r["games_played"]) for r in per_run)
    return result


def bench_kernel(game: Game, runs: int, seconds: float, samples: int) -> dict[str, Any]:
    """The kernel's per-step cost on `game`: checked vs unchecked apply, and uncached legal_actions."""
    games = [
        (seed, recorded_decisions(game, seed))
        for seed in (sg.derive_seed(ROOT_SEED, KERNEL, k) for k in range(samples))
    ]
    clock = time.perf_counter
    per_run: list[dict[str, float]] = []
    for run in range(runs):
        spent = {"apply_action_us": 0.0, "apply_action_unchecked_us": 0.0}
        counted = dict.fromkeys(spent, 0)
        while min(spent.values()) < seconds / 3 or not counted["apply_action_us"]:
            for seed, actions in games:
                for key in spent:
                    state = game.new_initial_state(seed)
                    apply = state.apply_action if key == "apply_action_us" else state.apply_action_unchecked
                    start = clock()
                    for action in actions:
                        apply(action)
                    spent[key] += clock() - start
                    counted[key] += len(actions)
        result = {key: spent[key] / counted[key] * 1e6 for key in spent}
        states = [mid_game_state(game, sg.derive_seed(ROOT_SEED, KERNEL, run, k)) for k in range(samples)]
        uncached, cached = [], []
        for state in states:
            copies = [state.clone() for _ in range(CLONES_PER_STATE)]
            for copy in copies:  # private: there is no public way to empty the legal-actions cache
                copy._legal = None
                copy._legal_set = None
            start = clock()
            for copy in copies:
                copy.legal_actions()
            uncached.append((clock() - start) / len(copies) * 1e6)
            cached.append(time_us(state.legal_actions, CLONES_PER_STATE))
        result["legal_actions_uncached_us"] = statistics.median(uncached)
        result["legal_actions_cached_us"] = statistics.median(cached)
        per_run.append(result)
    summary: dict[str, Any] = {"game": str(game)}
    for key in per_run[0]:
        summary[key] = statistics.median(r[key] for r in per_run)
    summary["check_overhead_us"] = summary["apply_action_us"] - summary["apply_action_unchecked_us"]
    return summary


# ---------------------------------------------------------------------- output

GAME_COLUMNS = (
    ("game", "game", "{}"),
    ("actions/s", "actions_per_second", "{:,.0f}"),
    ("steps/s", "steps_per_second", "{:,.0f}"),
    ("games/s", "games_per_second", "{:,.1f}"),
    ("vs chess", "vs_chess", "{:.2f}x"),
    ("mean length", "mean_length", "{:.1f}"),
    ("clone", "clone_us", "{:.2f}"),
    ("JSON", "json_round_trip_us", "{:,.0f}"),
)
KERNEL_COLUMNS = (
    ("game", "game", "{}"),
    ("apply_action", "apply_action_us", "{:.2f}"),
    ("unchecked", "apply_action_unchecked_us", "{:.2f}"),
    ("the check", "check_overhead_us", "{:.2f}"),
    ("legal_actions", "legal_actions_uncached_us", "{:.2f}"),
    ("(cached)", "legal_actions_cached_us", "{:.3f}"),
)


def _rows(columns: Sequence[tuple[str, str, str]], records: Sequence[dict[str, Any]]) -> list[list[str]]:
    return [
        [fmt.format(record[key]) if key in record else "-" for _, key, fmt in columns] for record in records
    ]


PLAY_NOTE = (
    "vs chess: actions/s over python-chess's random-play moves/s in the same run (median)\n"
    "clone, JSON (to_json + state_from_json): µs per call on mid-game states"
)
KERNEL_NOTE = "apply_action: includes the chance and forced steps that follow it"


def _notes(results: dict[str, Any]) -> str:
    return PLAY_NOTE + (f"\n{KERNEL_NOTE}" if results.get("kernel") else "")


def _titles(results: dict[str, Any]) -> tuple[str, str]:
    settings = results["settings"]
    each = f"{settings['games']} games" if settings["games"] else f"{settings['seconds']:g} s"
    runs = f"{settings['runs']} run{'s' if settings['runs'] > 1 else ''}"
    return f"Random play, median of {runs} of {each}", "Kernel cost per call (µs), template game"


def render_plain(results: dict[str, Any]) -> str:
    """The results as plain aligned text tables."""
    lines: list[str] = []
    sections = (
        (GAME_COLUMNS, list(results["games"].values())),
        (KERNEL_COLUMNS, [results["kernel"]] if results.get("kernel") else []),
    )
    for title, (columns, records) in zip(_titles(results), sections, strict=True):
        if not records:
            continue
        table = [[name for name, _, _ in columns], *_rows(columns, records)]
        widths = [max(len(row[i]) for row in table) for i in range(len(columns))]
        lines += ["", title]
        for row in table:
            cells = [row[0].ljust(widths[0])] + [c.rjust(w) for c, w in zip(row[1:], widths[1:], strict=True)]
            lines.append("  ".join(cells).rstrip())
    return "\n".join([*lines[1:], "", _notes(results)]) + "\n"


def render_rich(results: dict[str, Any]) -> None:
    """Print the results as rich tables."""
    from rich.console import Console
    from rich.table import Table

    console = Console(markup=False, highlight=False, emoji=False)
    sections = (
        (GAME_COLUMNS, list(results["games"].values())),
        (KERNEL_COLUMNS, [results["kernel"]] if results.get("kernel") else []),
    )
    for title, (columns, records) in zip(_titles(results), sections, strict=True):
        if not records:
            continue
        table = Table(title=title, title_justify="left")
        for index, (name, _, _) in enumerate(columns):
            table.add_column(name, justify="left" if index == 0 else "right")
        for row in _rows(columns, records):
            table.add_row(*row)
        console.print(table)
    console.print(_notes(results), style="dim")


# ---------------------------------------------------------------------- main


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="runs per measurement; the median is shown")
    parser.add_argument("--seconds", type=float, default=2.0, help="seconds of random play per run")
    parser.add_argument("--games", type=int, help="play exactly this many games per run instead")
    parser.add_argument("--samples", type=int, default=20, help="mid-game states per run for clone/JSON")
    parser.add_argument("--game", action="append", metavar="NAME_OR_STRING", help="only these games")
    parser.add_argument("--import", dest="imports", action="append", default=[], metavar="MODULE_OR_FILE")
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.add_argument("--plain", action="store_true", help="plain text tables even if rich is installed")
    parser.add_argument("--no-kernel", action="store_true", help="skip the kernel per-step measurement")
    parser.add_argument("--no-chess", action="store_true", help="skip the python-chess reference runs")
    args = parser.parse_args(argv)
    if args.runs < 1 or args.seconds <= 0 or args.samples < 1 or (args.games is not None and args.games < 1):
        parser.error("--runs, --seconds, --samples and --games must be positive")
    return args


def run(args: argparse.Namespace) -> dict[str, Any]:
    """Register the games, run every measurement and return the results as JSON-ready data."""
    sg.register_game(EmbersGame)
    for spec in args.imports:
        import_target(spec)
    games = [sg.load_game(spec) for spec in (args.game or sg.list_games())]
    results: dict[str, Any] = {
        "settings": {
            "runs": args.runs,
            "seconds": args.seconds,
            "games": args.games,
            "samples": args.samples,
            "seed": ROOT_SEED,
            "chess": None if args.no_chess else _chess_version(),
            "shardgames": sg.__version__,
            "python": platform.python_version(),
            "implementation": platform.python_implementation(),
            "machine": platform.machine(),
        },
        "games": {},
        "kernel": None,
    }
    for game in games:
        _status(f"benchmarking {game} ...")
        results["games"][str(game)] = bench_game(
            game, args.runs, args.seconds, args.games, args.samples, chess=not args.no_chess
        )
    if not args.no_kernel:
        _status(f"measuring the kernel on {TEMPLATE_GAME} ...")
        seconds = args.seconds if args.games is None else 0.1
        results["kernel"] = bench_kernel(sg.load_game(TEMPLATE_GAME), args.runs, seconds, args.samples)
    return results


def _chess_version() -> str | None:
    """The version of python-chess, the reference engine, or None if it is not installed."""
    try:
        import chess
    except ImportError:
        return None
    return str(chess.__version__)


def _status(message: str) -> None:
    if sys.stderr.isatty():
        print(message, file=sys.stderr, flush=True)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark and print the results; return the exit code."""
    args = parse_args(argv)
    try:
        results = run(args)
    except (sg.ShardGamesError, ImportTargetError) as exc:
        print(f"bench: {exc}", file=sys.stderr)
        return 2
    if args.json:
        import json

        print(json.dumps(results, indent=2))
        return 0
    try:
        if args.plain:
            raise ImportError
        render_rich(results)
    except ImportError:
        print(render_plain(results), end="")
    return 0


if __name__ == "__main__":
    sys.exit(main())
