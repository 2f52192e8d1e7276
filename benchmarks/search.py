"""How fast the search agents think: simulations per second from mid-game positions, and their parts.

For every registered game (plus the template game of examples/embers.py) it takes ``--positions``
mid-game decisions (half-way through random games with fixed seeds, moved on to the next decision
with a real choice) and reports the median over positions of:

* mcts/s: iterations per second of the default `MCTSAgent` (``--simulations`` of them a search);
* rated/s: the game's `Game.search_rate`, the rate `strongest_agent` assumes (keep it near mcts/s);
* flat/s: playouts per second of `FlatMonteCarloAgent` with its default random playouts to the end;
* deal: one determinisation, ``view.sample_state(rng, light=True)``, in microseconds (a search
  deals its pool once; a view that hides nothing needs one deal);
* copy: what each iteration pays to start, a light copy of a dealt state and a fresh generator;
* step: one random playout step (``legal_actions()`` and ``apply_action_unchecked``), which is also
  what each step of the tree descent (selection) costs;
* evaluate: ``game.evaluate_all`` on the position (how a default search scores each leaf);
* prior: one decision of the game's own ``GreedyAgent`` from a view of the position (the default
  search asks it once per node that reaches a few visits).

Seeds are fixed; only the timings vary. Examples::

    python benchmarks/search.py                      # every game, 3 positions, 400 simulations
    python benchmarks/search.py --game tactics --positions 1 --simulations 2000
    python benchmarks/search.py --game sota --profile   # where a default search spends its time
    python benchmarks/search.py --json
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

import shardgames as sg
from shardgames.agents.base import game_agent
from shardgames.kernel import CHANCE, Game, State

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "examples"))
from embers import EmbersGame  # importable thanks to the line above

ROOT_SEED = 20_261_202
COLUMNS = (
    "mcts_per_second",
    "rated_per_second",
    "flat_per_second",
    "deal_us",
    "copy_us",
    "step_us",
    "evaluate_us",
    "prior_us",
)
HEADINGS = (
    "game",
    "legal",
    "mcts/s",
    "rated/s",
    "flat/s",
    "deal µs",
    "copy µs",
    "step µs",
    "evaluate µs",
    "prior µs",
)


def mid_game_decision(game: Game, seed: int) -> State:
    """The first decision with two or more legal actions from half-way through a random game."""
    rng = sg.Rng(seed)
    length = _random_play(game.new_initial_state(seed), rng, None)
    state = game.new_initial_state(seed)
    _random_play(state, sg.Rng(seed), length // 2)
    while not state.is_terminal() and (state.current_player == CHANCE or len(state.legal_actions()) < 2):
        _random_play(state, rng, 1)
    if state.is_terminal():  # pragma: no cover - the games do not end on a forced move at half-way
        raise sg.UsageError(f"the random game of {game} with seed {seed} has no decision after half-way")
    return state


def _random_play(state: State, rng: sg.Rng, decisions: int | None) -> int:
    """Play random moves (chance sampled) for `decisions` decisions or to the end; the decisions made."""
    made = 0
    while not state.is_terminal() and (decisions is None or made < decisions):
        if state.current_player == CHANCE:
            state.apply_action(state.sample_chance_outcome(rng))
            continue
        legal = state.legal_actions()
        state.apply_action(legal[rng.randrange(len(legal))])
        made += 1
    return made


def microseconds(work: Callable[[], object], repeat: int) -> float:
    """The mean time of `work()` over `repeat` calls, in microseconds."""
    start = time.perf_counter()
    for _ in range(repeat):
        work()
    return (time.perf_counter() - start) / repeat * 1e6


def measure(state: State, simulations: int, repeat: int) -> dict[str, float]:
    """Every measurement (see the module docstring) from one decision."""
    game = state.game
    view = state.view(state.current_player)
    rng = sg.Rng(ROOT_SEED)
    mcts = sg.MCTSAgent(simulations).search(view, rng)
    flat = sg.FlatMonteCarloAgent(max(len(view.legal_actions), simulations // 10)).search(view, rng)
    dealt = view.sample_state(rng, light=True)

    def copy() -> None:
        dealt.clone(light=True).reseed(rng.spawn())

    def step() -> None:
        copied = dealt.clone(light=True)
        legal = copied.legal_actions()
        copied.apply_action_unchecked(legal[rng.randrange(len(legal))])

    greedy = game_agent(game)
    return {
        "legal": len(view.legal_actions),
        "mcts_per_second": mcts.iterations / mcts.seconds,
        "rated_per_second": game.search_rate,
        "flat_per_second": flat.iterations / flat.seconds,
        "deal_us": microseconds(lambda: view.sample_state(rng, light=True), repeat),
        "copy_us": microseconds(copy, repeat),
        "step_us": microseconds(step, repeat) - microseconds(lambda: dealt.clone(light=True), repeat),
        "evaluate_us": microseconds(lambda: game.evaluate_all(dealt), repeat) if game.has_evaluator else 0.0,
        "prior_us": microseconds(lambda: greedy().act(dealt.view(view.player), rng), max(1, repeat // 10))
        if greedy is not None
        else 0.0,
    }


def bench_game(game: Game, positions: int, simulations: int, repeat: int) -> dict[str, float]:
    """The medians over `positions` mid-game decisions of `game`."""
    rows = [
        measure(mid_game_decision(game, sg.derive_seed(ROOT_SEED, index)), simulations, repeat)
        for index in range(positions)
    ]
    return {key: statistics.median(row[key] for row in rows) for key in ("legal", *COLUMNS)}


def profile(game: Game, simulations: int) -> str:
    """The cProfile report of one default search from the first mid-game decision of `game`."""
    state = mid_game_decision(game, sg.derive_seed(ROOT_SEED, 0))
    view = state.view(state.current_player)
    profiler = cProfile.Profile()
    profiler.runcall(sg.MCTSAgent(simulations).search, view, sg.Rng(ROOT_SEED))
    lines: list[str] = []

    class _Sink:
        def write(self, text: str) -> None:
            lines.append(text)

    pstats.Stats(profiler, stream=_Sink()).sort_stats("tottime").print_stats(20)  # type: ignore[arg-type]
    return "".join(lines)


def render(results: dict[str, dict[str, float]]) -> str:
    """The results as a plain text table."""
    rows: list[tuple[str, ...]] = [HEADINGS]
    for name, measured in results.items():
        rows.append((name, f"{measured['legal']:.0f}", *(f"{measured[key]:,.0f}" for key in COLUMNS)))
    widths = [max(len(row[i]) for row in rows) for i in range(len(HEADINGS))]
    lines = []
    for row in rows:
        cells = [cell.rjust(width) for cell, width in zip(row, widths, strict=True)]
        cells[0] = row[0].ljust(widths[0])
        lines.append("  ".join(cells) + "\n")
    return "".join(lines)


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", action="append", metavar="NAME_OR_STRING", help="only these games")
    parser.add_argument("--positions", type=int, default=3, help="mid-game decisions per game")
    parser.add_argument("--simulations", type=int, default=400, help="iterations of each MCTS search")
    parser.add_argument("--repeat", type=int, default=200, help="calls per part timing")
    parser.add_argument("--profile", action="store_true", help="print a profile of one search per game")
    parser.add_argument("--json", action="store_true", help="print JSON")
    args = parser.parse_args(argv)
    if args.positions < 1 or args.simulations < 1 or args.repeat < 1:
        parser.error("--positions, --simulations and --repeat must be positive")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark and print the results; return the exit code."""
    args = parse_args(argv)
    try:
        sg.register_game(EmbersGame)
        games = [sg.load_game(spec) for spec in (args.game or sg.list_games())]
        if args.profile:
            for game in games:
                print(f"{game}:\n{profile(game, args.simulations)}")
            return 0
        results = {
            str(game): bench_game(game, args.positions, args.simulations, args.repeat) for game in games
        }
    except sg.ShardGamesError as exc:
        print(f"search benchmark: {exc}", file=sys.stderr)
        return 2
    if args.json:
        import json

        print(json.dumps(results, indent=2))
    else:
        print(render(results), end="")
    return 0


if __name__ == "__main__":
    sys.exit(main())
