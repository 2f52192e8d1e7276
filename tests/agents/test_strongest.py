"""`strongest_agent`: the strongest agent that fits a thinking time, the same on every machine."""

from __future__ import annotations

import math

import pytest

import shardgames as sg
from shardgames.agents import strongest_agent
from shardgames.agents.base import game_agent
from shardgames.cli.arena import agent_from_spec


def outplayed_at(game: sg.Game) -> int:
    greedy = game_agent(game)
    assert greedy is not None
    needed: int = greedy.outplayed_at  # type: ignore[attr-defined]
    return needed


@pytest.mark.parametrize("name", ["sota", "tactics", "command"])
def test_without_a_time_the_greedy_agent_plays_and_with_one_the_search_its_rate_fits(name: str) -> None:
    game = sg.load_game(name)
    assert strongest_agent(game).name == "greedy"
    seconds = 2 * outplayed_at(game) / game.search_rate
    agent = strongest_agent(game, seconds)
    assert isinstance(agent, sg.MCTSAgent)
    simulations = int(seconds * game.search_rate)
    assert (agent.simulations, agent.seconds, agent.name) == (simulations, None, f"mcts:sims={simulations}")
    assert repr(agent) == repr(sg.MCTSAgent(simulations))  # the default search, with a count budget


@pytest.mark.parametrize("name", ["sota", "tactics", "command"])
def test_a_time_too_short_for_a_worthwhile_search_gives_the_greedy_agent(name: str) -> None:
    game = sg.load_game(name)
    needed = outplayed_at(game)
    assert strongest_agent(game, (needed - 1) / game.search_rate).name == "greedy"
    assert strongest_agent(game, needed / game.search_rate).name == f"mcts:sims={needed}"


def test_a_game_without_a_greedy_agent_searches_whenever_one_simulation_fits() -> None:
    game = sg.load_game("embers")
    assert isinstance(strongest_agent(game), sg.RandomAgent)
    assert isinstance(strongest_agent(game, 0.5 / game.search_rate), sg.RandomAgent)
    assert strongest_agent(game, 3 / game.search_rate).name == "mcts:sims=3"


def test_the_same_time_gives_the_same_moves() -> None:
    state = sg.load_game("sota").new_initial_state(seed=3)
    while len(state.legal_actions()) < 2:
        state.apply_action(state.legal_actions()[0])
    view = state.view(state.current_player)
    first = strongest_agent(state.game, 0.02).act(view, sg.Rng(5))
    assert strongest_agent(state.game, 0.02).act(view, sg.Rng(5)) == first
    assert sg.MCTSAgent(int(0.02 * state.game.search_rate)).act(view, sg.Rng(5)) == first


@pytest.mark.parametrize("seconds", [0, -1.0, math.nan, math.inf, True, "1"])
def test_a_time_that_is_not_a_positive_number_is_refused(seconds: object) -> None:
    with pytest.raises(sg.UsageError, match="seconds must be a positive thinking time per move"):
        strongest_agent(sg.load_game("sota"), seconds)  # type: ignore[arg-type]


def test_the_command_line_names_it_best() -> None:
    game = sg.load_game("command")
    assert agent_from_spec("best", game).name == "greedy"
    assert agent_from_spec("best:seconds=0.1", game).name == f"mcts:sims={int(0.1 * game.search_rate)}"
    for spec, message in (
        ("best:seconds=0", "seconds must be above 0"),
        ("best:sims=10", "unknown option sims; best's options: seconds"),
    ):
        with pytest.raises(sg.UsageError, match=message):
            agent_from_spec(spec, game)
