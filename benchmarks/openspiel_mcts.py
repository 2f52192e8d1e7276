"""Simulations per second: OpenSpiel's Python MCTSBot through the adapter against the library's MCTSAgent.

Both search the same position with the same playouts: uniformly random moves to the end of the game,
no evaluator, no prior, UCB1 with c = 2 ** 0.5. The position is ``--moves`` random decisions into a
game played through the adapter (OpenSpiel's explicit chance nodes sampled with their probabilities),
with fixed seeds. OpenSpiel's bot (``open_spiel.python.algorithms.mcts.MCTSBot`` with a
``RandomRolloutEvaluator``) searches the OpenSpiel state; the library's agent
(``MCTSAgent(exploration=2 ** 0.5, rollout_limit=None, prior=None, widening=None, evaluate=False)``)
searches the view of the engine state behind it. CPU time, median of ``--runs`` interleaved runs.

OpenSpiel's protocol makes every chance outcome a node the caller samples from a listed distribution,
and every call goes through pyspiel, so its bot does more work per simulation in games with much
chance (SOTA draws a card per chance node); the library's agent samples chance inside the engine and
plays its playouts on light copies.

    python benchmarks/openspiel_mcts.py                   # every game, 100 simulations
    python benchmarks/openspiel_mcts.py --game tactics --simulations 400 --json
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Sequence

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

import shardgames as sg
from shardgames.interop import openspiel

GAMES = ("sota", "tactics", "command")
ROOT_SEED = 20_261_206


def position(game: pyspiel.Game, moves: int, seed: int) -> pyspiel.State:
    """An OpenSpiel state `moves` random decisions into a game (chance sampled with its probabilities)."""
    rng = np.random.default_rng(seed)
    state = game.new_initial_state()
    made = 0
    while not state.is_terminal() and (made < moves or state.is_chance_node()):
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probabilities)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
            made += 1
    return state


def rates(name: str, simulations: int, moves: int, seed: int) -> tuple[float, float]:
    """(OpenSpiel's MCTSBot, the library's MCTSAgent) simulations per second of CPU time."""
    openspiel.register(name)
    game = pyspiel.load_game(openspiel.game_type_name(name))
    state = position(game, moves, seed)
    if state.is_terminal():
        raise sg.UsageError(f"{name}: the game ended within {moves} moves; ask for fewer")
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed))
    bot = mcts.MCTSBot(
        game,
        uct_c=2**0.5,
        max_simulations=simulations,
        evaluator=evaluator,
        random_state=np.random.RandomState(seed),
        solve=False,
    )
    start = time.process_time()
    bot.step(state)
    theirs = simulations / (time.process_time() - start)
    engine = state.engine_state
    agent = sg.MCTSAgent(
        simulations, exploration=2**0.5, rollout_limit=None, prior=None, widening=None, evaluate=False
    )
    start = time.process_time()
    agent.act(engine.view(engine.current_player), sg.Rng(seed))
    ours = simulations / (time.process_time() - start)
    return theirs, ours


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", action="append", choices=GAMES, help="only these games")
    parser.add_argument("--simulations", type=int, default=100, help="simulations of each search")
    parser.add_argument("--moves", type=int, default=60, help="random decisions before the position")
    parser.add_argument("--runs", type=int, default=3, help="interleaved runs (the median is reported)")
    parser.add_argument("--json", action="store_true", help="print JSON")
    args = parser.parse_args(argv)
    for option in ("simulations", "runs"):
        if getattr(args, option) < 1:
            parser.error(f"--{option} must be at least 1")
    results = {}
    for name in args.game or GAMES:
        try:
            runs = [rates(name, args.simulations, args.moves, ROOT_SEED + run) for run in range(args.runs)]
        except sg.ShardGamesError as exc:
            print(f"openspiel_mcts: {exc}", file=sys.stderr)
            return 2
        theirs = statistics.median(r[0] for r in runs)
        ours = statistics.median(r[1] for r in runs)
        results[name] = {
            "openspiel_per_second": theirs,
            "mcts_agent_per_second": ours,
            "ratio": theirs / ours,
        }
    if args.json:
        print(json.dumps(results, indent=2))
    else:
        print(f"{'game':<10} {'MCTSBot/s':>10} {'MCTSAgent/s':>12} {'ratio':>6}")
        for name, row in results.items():
            print(
                f"{name:<10} {row['openspiel_per_second']:>10.0f} {row['mcts_agent_per_second']:>12.0f} "
                f"{row['ratio']:>6.2f}"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
