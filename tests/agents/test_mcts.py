"""The default `MCTSAgent`: evaluated leaves, a pool of deals, the greedy prior, progressive widening.

The behaviours every search agent shares are tested in test_search_agents.py; its strength in
test_strength.py.
"""

from __future__ import annotations

from collections.abc import Callable

import attrs
import pytest
from search_positions import decision

import shardgames as sg
from shardgames.cli.arena import agent_from_spec
from shardgames.kernel.errors import UsageError
from shardgames.tactics import GreedyAgent


class FirstAction(sg.RandomAgent):
    """A prior that always names the last legal action, counting how often it is asked."""

    name = "last"

    def __init__(self) -> None:
        self.asked = 0

    def act(self, view: sg.View, rng: sg.RngLike) -> sg.Action:
        self.asked += 1
        return view.legal_actions[-1]


def test_views_that_hide_nothing_say_so() -> None:
    views = {name: type(sg.load_game(name).new_initial_state(1).view(0)) for name in GAMES_HIDDEN}
    assert {name: view.hides_nothing for name, view in views.items()} == GAMES_HIDDEN


GAMES_HIDDEN = {"tactics": True, "sota": False, "command": False, "embers": False}


def test_a_view_that_hides_nothing_is_dealt_once(monkeypatch: pytest.MonkeyPatch) -> None:
    state = decision("tactics(souls=12,max_turns=30)", skip=10)
    view = state.view(state.current_player)
    deals = [0]
    original = type(view).sample_state

    def counted(self: sg.View, rng: sg.RngLike, *, light: bool = False) -> sg.State:
        deals[0] += 1
        return original(self, rng, light=light)

    monkeypatch.setattr(type(view), "sample_state", counted)
    assert sg.MCTSAgent(50, prior=None, game_playouts=False).search(view, sg.Rng(0)).iterations == 50
    assert deals[0] == 1


def greedy_decision(game: str, seed: int, decisions: int) -> sg.State:
    """The position after `decisions` real decisions of a game between the game's greedy agents."""
    greedy = agent_from_spec("greedy", sg.load_game(game))
    state = sg.load_game(game).new_initial_state(seed)
    rng = sg.Rng(1)
    while True:
        if state.current_player == sg.CHANCE:
            state.apply_action(state.sample_chance_outcome(rng))
            continue
        legal = state.legal_actions()
        if len(legal) > 1:
            if decisions == 0:
                return state
            decisions -= 1
        state.apply_action(greedy.act(state.view(state.current_player), sg.Rng(decisions)))


def test_the_search_only_applies_actions_legal_in_each_deal(monkeypatch: pytest.MonkeyPatch) -> None:
    """The prior's choice at a node, made in one deal, is skipped in deals where it is illegal.

    Here the opponent's greedy choice below the root places a card of its hand in one deal; in
    others that card is elsewhere.
    """
    state = greedy_decision("sota", seed=102, decisions=3)
    checked = type(state).apply_action

    def apply_checked(self: sg.State, action: sg.Action) -> None:
        checked(self, action)  # raises IllegalActionError for an action illegal in this deal

    monkeypatch.setattr(type(state), "apply_action_unchecked", apply_checked)
    agent = sg.MCTSAgent(100)
    assert agent.act(state.view(state.current_player), sg.Rng(4)) in state.legal_actions()


def test_the_prior_choice_is_tried_first_and_favoured() -> None:
    state = decision("sota(max_turn_phases=20)", skip=5)
    view = state.view(state.current_player)
    prior = FirstAction()
    first = sg.MCTSAgent(1, prior=prior).search(view, sg.Rng(0))
    assert [s.visits for s in first.actions][-1] == 1
    assert prior.asked == 1
    biased = sg.MCTSAgent(60, prior=FirstAction(), prior_weight=50.0).search(view, sg.Rng(0))
    assert biased.action == view.legal_actions[-1]


def test_the_prior_is_the_games_greedy_agent_by_default() -> None:
    view = sg.load_game("tactics").new_initial_state(1).view(0)
    agent = sg.MCTSAgent()
    assert isinstance(agent._prior_agent(view), GreedyAgent)
    assert sg.MCTSAgent(prior=None)._prior_agent(view) is None


def test_progressive_widening_limits_the_root_actions_tried() -> None:
    state = sg.load_game("tactics").new_initial_state(1)
    view = state.view(state.current_player)
    assert len(view.legal_actions) > 200  # the first setup decision
    widened = sg.MCTSAgent(100, prior=None).search(view, sg.Rng(0))
    assert sum(s.visits > 0 for s in widened.actions) <= 1 + 100**0.5
    flat = sg.MCTSAgent(100, prior=None, widening=None).search(view, sg.Rng(0))
    assert sum(s.visits > 0 for s in flat.actions) == 100


def test_leaves_are_scored_by_the_evaluator() -> None:
    state = decision("command(max_turns=15)", skip=3)
    view = state.view(state.current_player)
    evaluated = sg.MCTSAgent(20, prior=None).search(view, sg.Rng(0))
    drawn = sg.MCTSAgent(20, prior=None, evaluate=False).search(view, sg.Rng(0))
    assert any(s.mean_return != 0.0 for s in evaluated.actions)
    assert all(s.mean_return == 0.0 for s in drawn.actions)


def test_a_game_without_an_evaluator_plays_its_playouts_to_the_end(monkeypatch: pytest.MonkeyPatch) -> None:
    state = decision("command(max_turns=15)", skip=3)
    game = type(state.game)
    monkeypatch.setattr(game, "has_evaluator", property(lambda self: False))
    monkeypatch.setattr(game, "evaluate_all", lambda self, s: pytest.fail("evaluated"))
    result = sg.MCTSAgent(20, prior=None).search(state.view(state.current_player), sg.Rng(0))
    assert all(s.mean_return in (-1.0, 0.0, 1.0) or s.visits > 1 for s in result.actions)
    assert any(s.mean_return != 0.0 for s in result.actions)


@pytest.mark.parametrize(
    ("make", "problem"),
    [
        (lambda: sg.MCTSAgent(determinisations=0), "determinisations"),
        (lambda: sg.MCTSAgent(prior="smart"), "prior"),  # type: ignore[arg-type]
        (lambda: sg.MCTSAgent(prior_weight=-1), "prior_weight"),
        (lambda: sg.MCTSAgent(prior_visits=0), "prior_visits"),
        (lambda: sg.MCTSAgent(widening=1.5), "widening"),
        (lambda: sg.MCTSAgent(widening=0), "widening"),
        (lambda: sg.MCTSAgent(workers=0), "workers"),
    ],
)
def test_bad_settings_are_refused(make: Callable[[], object], problem: str) -> None:
    with pytest.raises(UsageError, match=problem):
        make()


def test_every_setting_is_an_agent_spec_option() -> None:
    game = sg.load_game("tactics")
    options = "sims=50,c=0.5,depth=4,evaluate=no,dets=3,prior=none,bias=2,widen=0.4,workers=2,rollout=greedy"
    spec = f"mcts:{options}"
    agent = agent_from_spec(spec, game)
    assert isinstance(agent, sg.MCTSAgent)
    settings = (agent.simulations, agent.exploration, agent.rollout_limit, agent.evaluate)
    assert settings == (50, 0.5, 4, False)
    assert (agent.determinisations, agent.prior, agent.prior_weight, agent.widening) == (3, None, 2.0, 0.4)
    assert agent.workers == 2
    assert not agent_from_spec("mcts:playouts=evaluate", game).game_playouts  # type: ignore[attr-defined]
    assert isinstance(agent.rollout, GreedyAgent)
    ends = agent_from_spec("mcts:depth=end,widen=none", game)
    assert isinstance(ends, sg.MCTSAgent)
    assert (ends.rollout_limit, ends.widening) == (None, None)
    assert repr(agent_from_spec("mcts", game)) == repr(sg.MCTSAgent())


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("mcts:depth=-1", "depth must be at least 0"),
        ("mcts:depth=far", "depth must be a int"),
        ("mcts:evaluate=maybe", "evaluate is yes or no"),
        ("mcts:dets=0", "dets must be above 0"),
        ("mcts:prior=smart", "prior is greedy or none"),
        ("mcts:bias=-2", "bias must be at least 0"),
        ("mcts:widen=2", "widening must be None or an exponent between 0 and 1"),
        ("mcts:workers=0", "workers must be above 0"),
        ("mcts:playouts=many", "playouts is game or evaluate"),
    ],
)
def test_bad_agent_spec_options_are_usage_errors(spec: str, message: str) -> None:
    with pytest.raises(UsageError, match=f"agent '{spec}': {message}"):
        agent_from_spec(spec, sg.load_game("tactics"))


def test_the_same_tournament_on_every_back_end() -> None:
    """The default search is a function of the view and the generator for a simulations budget."""
    pytest.importorskip("ray", reason="the ray extra is installed in CI")
    game = "sota(max_turn_phases=8)"
    agents = [sg.MCTSAgent(12), agent_from_spec("greedy", sg.load_game(game))]
    runs = [
        sg.tournament(game, agents, games=4, seed=2, backend=backend, workers=workers, progress=False)
        for backend, workers in (("serial", None), ("process", 1), ("ray", 2))
    ]
    signatures = [[(g.index, g.seats, g.returns, g.length) for g in run.games] for run in runs]
    assert signatures[0] == signatures[1] == signatures[2]


def test_a_root_parallel_search_sums_the_trees_of_its_workers() -> None:
    """Deterministic for a simulations budget: worker k grows the tree of the k-th spawned generator."""
    state = decision("sota(max_turn_phases=20)", skip=5)
    view = state.view(state.current_player)
    parallel = sg.MCTSAgent(41, workers=2).search(view, sg.Rng(7))
    assert parallel == attrs.evolve(
        sg.MCTSAgent(41, workers=2).search(view, sg.Rng(7)), seconds=parallel.seconds
    )
    rng = sg.Rng(7)
    seeds = [rng.spawn(), rng.spawn()]
    parts = [sg.MCTSAgent(n).search(view, seed) for n, seed in zip((21, 20), seeds, strict=True)]
    assert parallel.iterations == 41
    for index, stats in enumerate(parallel.actions):
        visits = [part.actions[index].visits for part in parts]
        assert stats.visits == sum(visits)
        total = sum(part.actions[index].mean_return * n for part, n in zip(parts, visits, strict=True))
        assert stats.mean_return == pytest.approx(total / stats.visits if stats.visits else 0.0)


def test_tactics_lets_its_greedy_agent_play_a_few_moves_before_the_evaluation() -> None:
    tactics = sg.load_game("tactics").new_initial_state(1).view(0)
    rollout, limit = sg.MCTSAgent()._playouts(tactics)
    assert isinstance(rollout, GreedyAgent)
    assert limit == GreedyAgent.playout_depth > 0
    assert sg.MCTSAgent(game_playouts=False)._playouts(tactics) == (None, 0)
    assert sg.MCTSAgent(rollout_limit=3)._playouts(tactics) == (None, 3)
    sota = sg.load_game("sota").new_initial_state(1).view(0)
    assert sg.MCTSAgent()._playouts(sota) == (None, 0)  # SOTA's greedy agent declares no depth
