"""The greedy agent plays legal, sensible SOTA and beats the random agent clearly."""

from __future__ import annotations

import pytest

import shardgames as sg
from shardgames.sota import GreedyAgent
from shardgames.sota.heuristics import win_probability


def test_win_probability_of_two_dice_against_two_dice() -> None:
    assert win_probability(0) == pytest.approx((1 - 146 / 1296) / 2)  # ties are 146 of 1296
    assert win_probability(-20) == 0.0
    assert win_probability(20) == 1.0
    assert win_probability(1) > 0.5 > win_probability(-1)


@pytest.mark.parametrize(
    "game_string", ["sota", "sota(players=3)", "sota(duel_positions=2,decks=(gale,umbra))"]
)
def test_greedy_plays_whole_games(game_string: str) -> None:
    game = sg.load_game(game_string)
    agents = [GreedyAgent() for _ in range(game.num_players)]
    record = sg.play_match(game, agents, seed=3)
    assert record.replay().is_terminal()
    assert repr(agents[0]) == "GreedyAgent()"


@pytest.mark.no_cover  # a strength test: the rules it runs are measured by the others, far faster
def test_greedy_beats_random_over_a_thousand_games() -> None:
    """1,000 games, seats alternating: the greedy agent wins at least nine in ten."""
    game = sg.load_game("sota")  # loaded once, not once a game
    games = 1000
    wins = 0
    for seed in range(games):
        greedy_seat = seed % 2
        agents: list[sg.Agent] = [sg.RandomAgent(), sg.RandomAgent()]
        agents[greedy_seat] = GreedyAgent()
        wins += sg.play_match(game, agents, seed=seed).winner == greedy_seat
    assert wins / games >= 0.9
