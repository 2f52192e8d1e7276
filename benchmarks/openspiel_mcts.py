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
chance (SOTA rolls a die or draws a card at two steps in five); the library's agent samples chance
inside the engine and plays its playouts on light copies.

The *ceiling* column bounds what any adapter could reach. OpenSpiel's rollout loop costs time at every
step whatever the game does: the benchmark measures it (the *floor*, per step) on a Python game whose
methods do nothing, with the playouts' measured length, share of chance nodes and numbers of choices.
If the adapter and the engine together cost no more per step than the library's whole search does,
OpenSpiel's bot would still spend the floor at every step of its playouts on top, so its ratio could
be at most ``1 / (1 + floor * steps * MCTSAgent's simulations per second)``.

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
from typing import Any, NamedTuple

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

import shardgames as sg
from shardgames.interop import openspiel

GAMES = ("sota", "tactics", "command")
ROOT_SEED = 20_261_206
PLAYOUTS = 10
"""Random playouts that measure the shape of a game's playouts for the floor."""


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


class Shape(NamedTuple):
    """What random playouts from a position look like to OpenSpiel's rollout loop, on average."""

    steps: float  # steps (decisions and chance outcomes) to the end of the game
    chance: float  # the share of the steps that are chance nodes
    choices: int  # legal actions at a decision
    outcomes: int  # outcomes at a chance node


def shape(state: pyspiel.State, playouts: int, seed: int) -> Shape:
    """The average shape of `playouts` uniformly random playouts from `state`."""
    rng = np.random.default_rng(seed)
    steps = chances = choices = outcomes = 0
    for _ in range(playouts):
        working = state.clone()
        while not working.is_terminal():
            steps += 1
            if working.is_chance_node():
                listed, probabilities = zip(*working.chance_outcomes(), strict=True)
                chances += 1
                outcomes += len(listed)
                working.apply_action(int(rng.choice(listed, p=probabilities)))
            else:
                legal = working.legal_actions()
                choices += len(legal)
                working.apply_action(int(rng.choice(legal)))
    decisions = steps - chances
    return Shape(
        steps / playouts,
        chances / max(steps, 1),
        max(1, round(choices / max(decisions, 1))),
        max(1, round(outcomes / max(chances, 1))),
    )


_FLOOR_GAME = "shardgames_benchmark_floor"


def _floor_game(form: Shape) -> pyspiel.Game:
    """A two-seat Python game whose methods do nothing, with the playouts' `form`."""
    if _FLOOR_GAME not in pyspiel.registered_names():
        game_type = pyspiel.GameType(
            short_name=_FLOOR_GAME,
            long_name="shardgames benchmark: OpenSpiel's floor",
            dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
            chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
            information=pyspiel.GameType.Information.PERFECT_INFORMATION,
            utility=pyspiel.GameType.Utility.ZERO_SUM,
            reward_model=pyspiel.GameType.RewardModel.TERMINAL,
            max_num_players=2,
            min_num_players=2,
            provides_information_state_string=False,
            provides_information_state_tensor=False,
            provides_observation_string=False,
            provides_observation_tensor=False,
            parameter_specification={"steps": 1, "chance": 0.0, "choices": 1, "outcomes": 1},
        )
        _FloorGame.game_type = game_type
        pyspiel.register_game(game_type, _FloorGame)
    return pyspiel.load_game(
        _FLOOR_GAME,
        {
            "steps": max(1, round(form.steps)),
            "chance": form.chance,
            "choices": form.choices,
            "outcomes": form.outcomes,
        },
    )


class _FloorGame(pyspiel.Game):  # type: ignore[misc]
    game_type: Any = None  # set when registered

    def __init__(self, params: dict[str, Any]) -> None:
        self.steps, chance = int(params["steps"]), float(params["chance"])
        chance_player, terminal = int(pyspiel.PlayerId.CHANCE), int(pyspiel.PlayerId.TERMINAL)
        self.players = (
            *(
                chance_player if int((made + 1) * chance) > int(made * chance) else made % 2
                for made in range(self.steps)
            ),
            terminal,
        )
        self.legal = list(range(int(params["choices"])))
        count = int(params["outcomes"])
        self.outcomes = [(i, 1 / count) for i in range(count)]
        info = pyspiel.GameInfo(
            num_distinct_actions=len(self.legal),
            max_chance_outcomes=count,
            num_players=2,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=self.steps,
        )
        super().__init__(self.game_type, info, params)

    def new_initial_state(self) -> _FloorState:
        return _FloorState(self)


class _FloorState(pyspiel.State):  # type: ignore[misc]
    """Chance at a steady share of the steps, then the end; every method a constant or a lookup."""

    def __init__(self, game: _FloorGame) -> None:
        super().__init__(game)
        # plain values, not the game: OpenSpiel clones a state by deep-copying its attributes
        self.players, self.legal, self.outcomes = game.players, game.legal, game.outcomes
        self.steps, self.made = game.steps, 0

    def current_player(self) -> int:
        return self.players[self.made]

    def _legal_actions(self, player: int) -> list[int]:
        return self.legal

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self.outcomes

    def _apply_action(self, action: int) -> None:
        self.made += 1

    def is_terminal(self) -> bool:
        return self.made >= self.steps

    def returns(self) -> list[float]:
        return [0.0, 0.0]

    def __str__(self) -> str:
        return str(self.made)


def floor(form: Shape, seed: int) -> float:
    """Seconds of CPU time OpenSpiel's rollout loop spends per step of a game that does nothing."""
    game = _floor_game(form)
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed))
    state = game.new_initial_state()
    rollouts = max(1, round(20_000 / max(form.steps, 1)))
    start = time.process_time()
    for _ in range(rollouts):
        evaluator.evaluate(state)
    return (time.process_time() - start) / (rollouts * max(1, round(form.steps)))


def rates(name: str, simulations: int, moves: int, seed: int) -> tuple[float, float, float]:
    """OpenSpiel's MCTSBot and the library's MCTSAgent, simulations per second of CPU time, and the
    ceiling of their ratio (see the module docstring)."""
    openspiel.register(name)
    game = pyspiel.load_game(openspiel.game_type_name(name))
    state = position(game, moves, seed)
    if state.is_terminal():
        raise sg.UsageError(f"{name}: the game ended within {moves} moves; ask for fewer")
    form = shape(state, PLAYOUTS, seed)
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
    ceiling = 1 / (1 + floor(form, seed) * form.steps * ours)
    return theirs, ours, ceiling


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
            "ceiling": statistics.median(r[2] for r in runs),
        }
    if args.json:
        print(json.dumps(results, indent=2))
    else:
        print(f"{'game':<10} {'MCTSBot/s':>10} {'MCTSAgent/s':>12} {'ratio':>6} {'ceiling':>8}")
        for name, row in results.items():
            print(
                f"{name:<10} {row['openspiel_per_second']:>10.0f} {row['mcts_agent_per_second']:>12.0f} "
                f"{row['ratio']:>6.2f} {row['ceiling']:>8.2f}"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
