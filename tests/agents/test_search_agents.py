"""The search agents (`MCTSAgent`, `FlatMonteCarloAgent`): budgets, determinism, hidden information.

Their strength against `RandomAgent` is tested in test_strength.py.
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from pathlib import Path

import pytest
from search_positions import decision, random_states

import shardgames as sg
from shardgames.agents import ActionStats, SearchResult, mcts
from shardgames.agents.mcts import DEFAULT_DETERMINISATIONS
from shardgames.kernel.views import View

SearchAgent = sg.MCTSAgent | sg.FlatMonteCarloAgent
AGENTS: dict[str, Callable[[int], SearchAgent]] = {
    "mcts": lambda n: sg.MCTSAgent(simulations=n),
    "flat": lambda n: sg.FlatMonteCarloAgent(simulations=n),
}
GAMES = ("embers", "tactics(souls=12,max_turns=30)", "sota(max_turn_phases=20)", "command(max_turns=15)")


def embers_position(**players: object) -> sg.State:
    """An Embers position of the template game, seat 0 to choose its play."""
    game = sg.load_game("embers")
    return game.state_from_position({"active": 0, "players": players["players"]})


# ---------------------------------------------------------------------- the agent protocol


def test_search_agents_are_agents_with_names_and_reprs() -> None:
    agents = [
        sg.MCTSAgent(),
        sg.MCTSAgent(50, seconds=1.5, exploration=0.5, rollout=sg.RandomAgent(), rollout_limit=9),
        sg.FlatMonteCarloAgent(),
        sg.FlatMonteCarloAgent(30, sg.RandomAgent(), rollout_limit=4, name="flat"),
    ]
    assert all(isinstance(agent, sg.Agent) for agent in agents)
    assert [agent.name for agent in agents] == ["mcts", "mcts", "flat-mc", "flat"]
    assert [repr(agent) for agent in agents] == [
        "MCTSAgent(simulations=200)",
        "MCTSAgent(simulations=50, seconds=1.5, exploration=0.5, rollout=RandomAgent(), rollout_limit=9)",
        "FlatMonteCarloAgent(simulations=100)",
        "FlatMonteCarloAgent(simulations=30, rollout=RandomAgent(), rollout_limit=4)",
    ]
    assert sg.MCTSAgent(seconds=2).simulations is None  # a time budget alone is not capped at 200


@pytest.mark.parametrize(
    ("make", "problem"),
    [
        (lambda: sg.MCTSAgent(0), "simulations"),
        (lambda: sg.MCTSAgent(seconds=0), "seconds"),
        (lambda: sg.MCTSAgent(exploration=-1), "exploration"),
        (lambda: sg.MCTSAgent(rollout="greedy"), "rollout must be an Agent"),  # type: ignore[arg-type]
        (lambda: sg.MCTSAgent(rollout_limit=-1), "rollout_limit"),
        (lambda: sg.FlatMonteCarloAgent(0), "simulations"),
        (lambda: sg.FlatMonteCarloAgent(rollout=print), "rollout must be an Agent"),  # type: ignore[arg-type]
        (lambda: sg.FlatMonteCarloAgent(rollout_limit=-2), "rollout_limit"),
    ],
)
def test_bad_parameters_are_refused(make: Callable[[], object], problem: str) -> None:
    with pytest.raises(sg.UsageError, match=problem):
        make()


@pytest.mark.parametrize("kind", AGENTS)
def test_a_view_of_a_seat_not_to_act_is_refused(kind: str) -> None:
    state = decision("embers")
    waiting = state.view(1 - state.current_player)
    with pytest.raises(sg.UsageError, match=f"seat {waiting.player}, which has no legal actions"):
        AGENTS[kind](10).act(waiting, sg.Rng(0))


def test_the_agents_package_imports_no_game() -> None:
    """ARCHITECTURE: `agents/` works through the contract only."""
    games = {"sota", "tactics", "command"}
    for path in Path(sg.__file__).parent.joinpath("agents").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            elif isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            else:
                continue
                assert not any(set(name.split(".")) & games for name in names), f"{path.name}: {names}"


# ---------------------------------------------------------------------- choices


@pytest.mark.parametrize("kind", AGENTS)
@pytest.mark.parametrize("game", GAMES)
def test_the_choice_is_legal_and_depends_only_on_the_view_and_the_generator(kind: str, game: str) -> None:
    agent = AGENTS[kind](12)
    state = decision(game, skip=3)
    view = state.view(state.current_player)
    action = agent.act(view, sg.Rng(7))
    assert action in state.legal_actions()
    assert agent.act(view, sg.Rng(7)) == action
    first, again = agent.search(view, sg.Rng(7)), agent.search(view, sg.Rng(7))
    assert first.actions == again.actions
    assert first.action == action


@pytest.mark.parametrize("kind", AGENTS)
def test_the_generator_advances(kind: str) -> None:
    agent = AGENTS[kind](8)
    state = decision("embers")
    rng = sg.Rng(3)
    agent.act(state.view(state.current_player), rng)
    assert rng != sg.Rng(3)


@pytest.mark.parametrize("kind", AGENTS)
def test_a_single_legal_action_is_returned_without_searching(
    kind: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    state = next(s for s in random_states("sota", 1) if len(s.legal_actions()) == 1)
    view = state.view(state.current_player)

    def no_search(self: View, rng: sg.Rng | int) -> sg.State:
        raise AssertionError("searched")

    monkeypatch.setattr(type(view), "sample_state", no_search)
    assert AGENTS[kind](50).act(view, sg.Rng(0)) == state.legal_actions()[0]


@pytest.mark.parametrize("kind", AGENTS)
def test_an_attack_that_wins_is_found(kind: str) -> None:
    """Embers, one ember each: a 4 lands on a roll of 3 or more and wins; else the enemy's 5 comes.

    The opponent has no card to block with, and seat 0 none that would block a 5.
    """
    state = embers_position(
        players=[{"embers": 1, "hand": [1, 4], "deck": [2, 2]}, {"embers": 1, "deck": [5, 5]}]
    )
    view = state.view(0)
    assert [str(a) for a in view.legal_actions] == ["pass", "play 1 at seat 1", "play 4 at seat 1"]
    result = AGENTS[kind](90).search(view, sg.Rng(1))
    assert str(result.action) == "play 4 at seat 1"
    by_action = {str(s.action): s for s in result.actions}
    assert by_action["play 4 at seat 1"].mean_return > by_action["pass"].mean_return


# ---------------------------------------------------------------------- budgets


def count_deals(monkeypatch: pytest.MonkeyPatch, view: View) -> list[int]:
    """Count the determinisations dealt from views of `view`'s class."""
    deals = [0]
    original = type(view).sample_state

    def counted(self: View, rng: sg.Rng | int, *, light: bool = False) -> sg.State:
        deals[0] += 1
        return original(self, rng, light=light)

    monkeypatch.setattr(type(view), "sample_state", counted)
    return deals


@pytest.mark.parametrize("simulations", [1, 7, 40])
def test_mcts_runs_exactly_its_simulations(simulations: int, monkeypatch: pytest.MonkeyPatch) -> None:
    state = decision("sota(max_turn_phases=20)", skip=5)
    view = state.view(state.current_player)
    deals = count_deals(monkeypatch, view)
    result = sg.MCTSAgent(simulations).search(view, sg.Rng(0))
    assert isinstance(result, SearchResult)
    assert result.iterations == simulations
    assert deals[0] == min(simulations, DEFAULT_DETERMINISATIONS)  # a pool of deals, reused in turn
    assert sum(s.visits for s in result.actions) == simulations
    assert [s.action for s in result.actions] == list(view.legal_actions)
    assert all(isinstance(s, ActionStats) and -1 <= s.mean_return <= 1 for s in result.actions)


def test_mcts_choice_is_the_most_visited_root_action() -> None:
    state = decision("command(max_turns=15)", skip=4)
    result = sg.MCTSAgent(30).search(state.view(state.current_player), sg.Rng(2))
    most = max(s.visits for s in result.actions)
    assert next(s for s in result.actions if s.action == result.action).visits == most


class FakeClock:
    """A clock that moves on by `tick` seconds each time it is read (no timed assertions in tests)."""

    def __init__(self, tick: float) -> None:
        self.now = 0.0
        self.tick = tick

    def __call__(self) -> float:
        self.now += self.tick
        return self.now


@pytest.mark.parametrize(
    ("simulations", "seconds", "iterations"),
    [
        (None, 1.0, 8),  # the clock is read at the start and before each iteration but the first
        (1000, 1.0, 8),  # the time runs out first
        (5, 1.0, 5),  # the simulations run out first
        (None, 0.01, 1),  # one iteration always runs
    ],
)
def test_mcts_keeps_to_its_time_budget(
    simulations: int | None, seconds: float, iterations: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(mcts, "perf_counter", FakeClock(0.125))
    state = decision("embers")
    result = sg.MCTSAgent(simulations, seconds=seconds).search(state.view(state.current_player), sg.Rng(0))
    assert result.iterations == iterations


def test_mcts_with_a_real_time_budget_plays() -> None:
    state = decision("tactics(souls=12,max_turns=30)", skip=10)
    result = sg.MCTSAgent(seconds=0.05).search(state.view(state.current_player), sg.Rng(0))
    assert result.iterations >= 1
    assert result.action in state.legal_actions()


@pytest.mark.parametrize(("simulations", "each"), [(40, 10), (9, 2), (3, 1)])
def test_flat_shares_its_playouts_equally(
    simulations: int, each: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    state = embers_position(players=[{"hand": [1, 3, 5], "deck": [2, 3]}, {"embers": 2, "deck": [1, 4]}])
    view = state.view(0)
    assert len(view.legal_actions) == 4
    deals = count_deals(monkeypatch, view)
    result = sg.FlatMonteCarloAgent(simulations).search(view, sg.Rng(0))
    assert [s.visits for s in result.actions] == [each] * 4
    assert result.iterations == 4 * each
    assert deals[0] == each  # one deal per round, shared by every action
    best = max(s.mean_return for s in result.actions)
    assert next(s for s in result.actions if s.action == result.action).mean_return == best


# ---------------------------------------------------------------------- hidden information


@pytest.mark.parametrize("kind", AGENTS)
@pytest.mark.parametrize("game", ["sota(max_turn_phases=20)", "command(max_turns=15)", "embers"])
def test_hidden_cards_do_not_change_the_choice(kind: str, game: str) -> None:
    """Two states that differ only in cards the seat cannot see give the same search, move for move."""
    state = decision(game, skip=6)
    seat = state.current_player
    other = state.resample_hidden(seat, sg.Rng(99))
    assert other.view(seat) == state.view(seat)
    assert any(other.view(s) != state.view(s) for s in range(state.num_players) if s != seat)
    agent = AGENTS[kind](16)
    first = agent.search(state.view(seat), sg.Rng(5))
    second = agent.search(other.view(seat), sg.Rng(5))
    assert (first.action, first.actions) == (second.action, second.actions)


# ---------------------------------------------------------------------- rollouts, chance, seats


def test_a_rollout_agent_plays_the_playouts_from_views() -> None:
    class Counting(sg.RandomAgent):
        name = "counting"

        def __init__(self) -> None:
            self.views: list[View] = []

        def act(self, view: View, rng: sg.Rng) -> sg.Action:
            self.views.append(view)
            return super().act(view, rng)

    rollout = Counting()
    state = decision("embers", skip=2)
    for agent in (sg.MCTSAgent(6, rollout=rollout, rollout_limit=None), sg.FlatMonteCarloAgent(6, rollout)):
        before = len(rollout.views)
        assert agent.act(state.view(state.current_player), sg.Rng(1)) in state.legal_actions()
        assert len(rollout.views) > before
    assert all(isinstance(view, View) and view.is_my_turn for view in rollout.views)


@pytest.mark.parametrize("kind", AGENTS)
def test_a_rollout_limit_of_zero_scores_unfinished_playouts_as_draws(kind: str) -> None:
    state = decision("command(max_turns=15)", skip=3)
    agent: SearchAgent = (
        sg.MCTSAgent(20, rollout_limit=0, evaluate=False)
        if kind == "mcts"
        else sg.FlatMonteCarloAgent(20, rollout_limit=0)
    )
    result = agent.search(state.view(state.current_player), sg.Rng(0))
    assert all(s.mean_return == 0.0 for s in result.actions)
    assert result.action in state.legal_actions()


@pytest.mark.parametrize("kind", AGENTS)
@pytest.mark.parametrize(
    "game", ["embers(chance=explicit)", "embers(players=3)", "embers(players=4,chance=explicit)"]
)
def test_whole_games_with_explicit_chance_and_three_seats(kind: str, game: str) -> None:
    loaded = sg.load_game(game)
    agents = [AGENTS[kind](8)] + [sg.RandomAgent() for _ in range(loaded.num_players - 1)]
    record = sg.play_match(loaded, agents, seed=3)
    assert record.replay().is_terminal()
    assert record.agents[0] == agents[0].name
