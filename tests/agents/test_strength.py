"""The search agents clearly beat `RandomAgent` in each game (fixed seeds, kept fast for CI).

Whole games are too slow for CI at these budgets: a playout of a whole Shard Command game is about
12 ms, so 20 simulations for each of ~65 decisions cost ~15 s a game; and random playouts of
Soulshards Tactics and of SOTA under a short turn cap end in draws, which tell a search nothing.
So each game is played from a *skirmish*: a short, open position, the same for both seats, set up
with the game's position format, in which random play is decisive (SOTA, Shard Command) or the two
sides are in contact (Tactics). Seats alternate; a win rate counts wins only.

The strength of `MCTSAgent` in whole games against each game's `GreedyAgent` is measured outside the
test suite, at the budgets people play with (see the Writing a bot page). Here the default search
beats it at small budgets: from the Tactics and Shard Command skirmishes, and in twelve whole SOTA
games, whose greedy agent does not lose a skirmish that short.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import shardgames as sg
from shardgames.agents.base import game_agent

GAMES = 20
"""Games per match-up; the search agent plays seat 0 in the even-numbered ones."""

WIN_RATE = 0.75

SKIRMISHES: dict[str, tuple[str, dict[str, Any]]] = {
    # Both sides in contact: a commander (Vale), a Knight and a Pikeman each, seat 0 to move.
    "tactics": (
        "tactics(max_turns=40)",
        {
            "phase": "play",
            "active": 0,
            "turn": 1,
            "board": """
                 5  .  .  k  v  p  .  .  .
                 4  .  .  K  V  P  .  .  .
            """,
        },
    ),
    # The same three Characters on each side, an Ally in hand, two cards left in each deck.
    "sota": (
        "sota(decks=(ember,ember),max_turn_phases=60)",
        {
            "turn": 2,
            "active": 0,
            "phase": "duel unit",
            "players": [
                {
                    "positions": ["ember-tavrick", "ember-cadrelle", "ember-halvenor"],
                    "hand": ["ember-ally-magic-3"],
                    "deck": 2,
                }
            ]
            * 2,
        },
    ),
    # A mirror match of Pyre with 6 Integrity each, from the first Main Phase.
    "command": (
        "command(decks=(pyre,pyre),max_turns=30)",
        {
            "turn": 1,
            "active": 0,
            "first": 0,
            "step": "main",
            "players": [{"integrity": 6}, {"integrity": 6}],
        },
    ),
}

SEARCHERS: dict[tuple[str, str], Callable[[], sg.Agent]] = {
    # Tactics playouts are cut after 12 moves (about three turns): longer random play only wanders.
    ("tactics", "mcts"): lambda: sg.MCTSAgent(simulations=50, rollout_limit=12),
    ("tactics", "flat"): lambda: sg.FlatMonteCarloAgent(simulations=100, rollout_limit=12),
    ("sota", "mcts"): lambda: sg.MCTSAgent(simulations=30, rollout_limit=None),
    ("sota", "flat"): lambda: sg.FlatMonteCarloAgent(simulations=30),
    ("command", "mcts"): lambda: sg.MCTSAgent(simulations=20),
    ("command", "flat"): lambda: sg.FlatMonteCarloAgent(simulations=20),
}


def play_out(game: sg.Game, position: dict[str, Any], agents: list[sg.Agent], seed: int) -> int | None:
    """Play a game from `position` to the end, as `play_match` plays one from the start; the winner."""
    state = game.state_from_position(position, seed=seed)
    chance_rng = sg.Rng(sg.derive_seed(seed, 0))
    agent_rngs = [sg.Rng(sg.derive_seed(seed, 1, seat)) for seat in range(game.num_players)]
    while not state.is_terminal():
        player = state.current_player
        if player == sg.CHANCE:
            state.apply_action(state.sample_chance_outcome(chance_rng))
        else:
            state.apply_action(agents[player].act(state.view(player), agent_rngs[player]))
    return state.winner


def results(name: str, make: Callable[[], sg.Agent], games: int = GAMES) -> list[str]:
    """'W', 'D' or 'L' for the agent `make` builds, against `RandomAgent`, seats alternating."""
    game_string, position = SKIRMISHES[name]
    game = sg.load_game(game_string)
    outcomes = []
    for index in range(games):
        seat = index % 2
        agents = [make(), sg.RandomAgent()] if seat == 0 else [sg.RandomAgent(), make()]
        winner = play_out(game, position, agents, seed=index)
        outcomes.append("D" if winner is None else "W" if winner == seat else "L")
    return outcomes


@pytest.mark.parametrize("name", SKIRMISHES)
def test_the_skirmishes_are_open(name: str) -> None:
    """Random against random, neither seat of a skirmish wins two games in three."""
    game_string, position = SKIRMISHES[name]
    game = sg.load_game(game_string)
    winners = [play_out(game, position, [sg.RandomAgent(), sg.RandomAgent()], seed) for seed in range(40)]
    assert winners.count(0) < 27, winners
    assert winners.count(1) < 27, winners


@pytest.mark.no_cover  # a strength test: the search it runs is measured by the others, far faster
@pytest.mark.parametrize("kind", ["mcts", "flat"])
@pytest.mark.parametrize("name", SKIRMISHES)
def test_search_beats_random(name: str, kind: str) -> None:
    outcomes = results(name, SEARCHERS[name, kind])
    assert outcomes.count("W") / GAMES >= WIN_RATE, "".join(outcomes)


BEATS_GREEDY: dict[str, tuple[int, int, int]] = {
    # game: (simulations, games, wins needed)
    "tactics": (50, 12, 7),
    "command": (50, 12, 8),
}
"""The skirmishes from which the default `MCTSAgent` beats the game's `GreedyAgent` (SOTA's skirmish
is too short for its greedy agent to lose: SOTA plays whole games, below)."""


@pytest.mark.no_cover  # a strength test, like the one above
@pytest.mark.parametrize("name", BEATS_GREEDY)
def test_the_default_search_beats_the_greedy_agent(name: str) -> None:
    """From the skirmish, the default `MCTSAgent` with a small budget beats the game's `GreedyAgent`."""
    simulations, games, needed = BEATS_GREEDY[name]
    game_string, position = SKIRMISHES[name]
    game = sg.load_game(game_string)
    greedy = game_agent(game)
    assert greedy is not None
    outcomes = []
    for index in range(games):
        seat = index % 2
        agents: list[sg.Agent] = [sg.MCTSAgent(simulations), greedy()]
        winner = play_out(game, position, agents if seat == 0 else agents[::-1], seed=index)
        outcomes.append("D" if winner is None else "W" if winner == seat else "L")
    assert outcomes.count("W") >= needed, "".join(outcomes)


@pytest.mark.no_cover  # a strength test, like the one above
def test_the_default_search_beats_the_greedy_agent_in_whole_sota_games() -> None:
    """In whole SOTA games, the default `MCTSAgent` at 100 simulations beats `GreedyAgent`."""
    game = sg.load_game("sota")
    greedy = game_agent(game)
    assert greedy is not None
    outcomes = []
    for index in range(100, 112):
        seat = index % 2
        agents: list[sg.Agent] = [sg.MCTSAgent(100), greedy()]
        winner = sg.play_match(game, agents if seat == 0 else agents[::-1], seed=index).winner
        outcomes.append("D" if winner is None else "W" if winner == seat else "L")
    assert outcomes.count("W") >= 8, "".join(outcomes)
