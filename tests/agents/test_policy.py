"""PolicyAgent plays what its policy scores highest (or samples it), from the arrays the adapters give."""

from __future__ import annotations

import pickle
from pathlib import Path
from types import SimpleNamespace

import numpy as np
import pytest

import shardgames as sg
from shardgames.cli.arena import LoadedPolicy, agent_from_spec
from shardgames.kernel.views import OBSERVATION_HIGH, OBSERVATION_LOW

TACTICS = sg.load_game("tactics(souls=12,max_turns=30)")


def a_view(seed: int = 3) -> sg.View:
    state = TACTICS.new_initial_state(seed=seed)
    return state.view(state.current_player)


def test_it_plays_the_highest_legal_logit_and_the_lowest_id_among_equals() -> None:
    view = a_view()
    ids = [TACTICS.encode(a) for a in view.legal_actions]
    illegal = next(i for i in range(TACTICS.num_distinct_actions) if i not in set(ids))

    def policy(observation: np.ndarray, mask: np.ndarray) -> np.ndarray:
        logits = np.zeros(mask.size)
        logits[illegal] = 100.0  # never played: not legal
        logits[ids[2]] = logits[ids[4]] = 5.0
        return logits

    assert sg.PolicyAgent(policy).act(view, sg.Rng(0)) == view.legal_actions[2]


def test_the_policy_sees_the_clipped_observation_and_the_mask_of_the_legal_ids() -> None:
    view = a_view()
    seen: dict[str, np.ndarray] = {}

    def policy(observation: np.ndarray, mask: np.ndarray) -> np.ndarray:
        seen["observation"], seen["mask"] = observation, mask
        return np.zeros(mask.size)

    sg.PolicyAgent(policy).act(view, sg.Rng(0))
    expected = np.clip(view.observation_tensor(), OBSERVATION_LOW, OBSERVATION_HIGH)
    np.testing.assert_array_equal(seen["observation"], expected)
    assert seen["mask"].dtype == np.bool_
    assert sorted(np.flatnonzero(seen["mask"])) == sorted(TACTICS.encode(a) for a in view.legal_actions)


def test_a_policy_with_a_seat_parameter_is_told_the_seat_of_the_decision() -> None:
    seats: list[int] = []

    def policy(observation: np.ndarray, mask: np.ndarray, seat: int) -> np.ndarray:
        seats.append(seat)
        return np.zeros(mask.size)

    state = TACTICS.new_initial_state(seed=3)
    agent = sg.PolicyAgent(policy)
    while len(set(seats)) < 2:
        view = state.view(state.current_player)
        state.apply_action(agent.act(view, sg.Rng(0)))
    assert set(seats) == {0, 1}
    assert sg.agents.policy.takes_seat(policy)
    assert not sg.agents.policy.takes_seat(lambda observation, mask: mask)
    assert not sg.agents.policy.takes_seat(np.zeros)  # a builtin without a readable signature


def test_a_loaded_policy_passes_the_seat_on_when_its_policy_takes_it(tmp_path: Path) -> None:
    path = tmp_path / f"seated_{tmp_path.name}.py"
    path.write_text(
        "import numpy as np\n\n"
        "def load(game):\n"
        "    def policy(observation, mask, seat):\n"
        "        return np.where(mask, float(seat), -np.inf)\n"
        "    return policy\n",
        encoding="utf-8",
    )
    loaded = LoadedPolicy(f"{path}:load", TACTICS)
    mask = np.ones(TACTICS.num_distinct_actions, bool)
    assert loaded(np.zeros(TACTICS.observation_shape, np.float32), mask, seat=1)[0] == 1.0


def test_with_a_temperature_it_samples_the_softmax_from_its_generator() -> None:
    view = a_view()
    ids = [TACTICS.encode(a) for a in view.legal_actions]

    def two_equal(observation: np.ndarray, mask: np.ndarray) -> np.ndarray:
        logits = np.full(mask.size, -np.inf)
        logits[ids[0]] = logits[ids[1]] = 1.0
        return logits

    agent = sg.PolicyAgent(two_equal, temperature=1.0)
    chosen = [agent.act(view, sg.Rng(seed)) for seed in range(200)]
    assert set(chosen) == set(view.legal_actions[:2])
    assert 60 < chosen.count(view.legal_actions[0]) < 140
    assert [agent.act(view, sg.Rng(seed)) for seed in range(20)] == chosen[:20]  # same generator, same action
    cold = sg.PolicyAgent(two_equal, temperature=0.01)
    assert {cold.act(view, sg.Rng(seed)) for seed in range(50)} <= set(view.legal_actions[:2])


def test_a_single_legal_action_is_played_without_asking_the_policy() -> None:
    only = a_view().legal_actions[0]
    view = SimpleNamespace(legal_actions=(only,))  # nothing else of the view is read

    def never(observation: np.ndarray, mask: np.ndarray) -> np.ndarray:
        raise AssertionError("not asked")

    assert sg.PolicyAgent(never).act(view, sg.Rng(0)) is only  # type: ignore[arg-type]


def test_wrong_logits_are_errors_and_a_match_reports_them_as_the_agent_s_failure() -> None:
    view = a_view()
    with pytest.raises(sg.UsageError, match="returned 3 logits"):
        sg.PolicyAgent(lambda o, m: np.zeros(3)).act(view, sg.Rng(0))
    with pytest.raises(sg.UsageError, match="no finite logit"):
        sg.PolicyAgent(lambda o, m: np.full(m.size, np.nan)).act(view, sg.Rng(0))
    with pytest.raises(sg.AgentError, match="returned 3 logits"):
        sg.play_match(TACTICS, [sg.RandomAgent(), sg.PolicyAgent(lambda o, m: np.zeros(3))], seed=1)


@pytest.mark.parametrize("temperature", [-1.0, float("nan"), "hot", True])
def test_a_bad_temperature_or_policy_is_refused(temperature: object) -> None:
    with pytest.raises(sg.UsageError, match="temperature"):
        sg.PolicyAgent(lambda o, m: m, temperature=temperature)  # type: ignore[arg-type]
    with pytest.raises(sg.UsageError, match="callable"):
        sg.PolicyAgent(np.zeros(3))  # type: ignore[arg-type]


# ---------------------------------------------------------------------- from the command line


@pytest.fixture
def policy_file(tmp_path: Path) -> Path:
    path = tmp_path / f"policy_{tmp_path.name}.py"  # a module name of its own in every test
    path.write_text(
        "import numpy as np\n\n"
        "def load_policy(game):\n"
        "    def policy(observation, mask):  # a closure: it does not pickle, its recipe does\n"
        "        return np.where(mask, -np.arange(mask.size, dtype=float), -np.inf)\n"
        "    return policy\n\n"
        "def not_a_policy(game):\n"
        "    return 3\n\n"
        "def broken(game):\n"
        "    raise RuntimeError('no weights for ' + str(game))\n",
        encoding="utf-8",
    )
    return path


def test_a_spec_loads_the_policy_and_it_plays_on_worker_processes(policy_file: Path) -> None:
    agent = agent_from_spec(f"policy:load={policy_file}:load_policy,temperature=0.5", TACTICS)
    assert isinstance(agent, sg.PolicyAgent)
    assert (agent.name, agent.temperature) == ("policy:load_policy", 0.5)
    assert isinstance(agent.policy, LoadedPolicy)
    again = pickle.loads(pickle.dumps(agent))  # the recipe: the worker loads the policy itself
    view = a_view()
    assert again.act(view, sg.Rng(1)) == agent.act(view, sg.Rng(1))
    greedy = agent_from_spec(f"policy:load={policy_file}:load_policy", TACTICS)
    agents = [sg.RandomAgent(), greedy]
    serial = sg.tournament(TACTICS, agents, games=4, seed=2, backend="serial", progress=False)
    process = sg.tournament(TACTICS, agents, games=4, seed=2, backend="process", workers=2, progress=False)
    assert serial == process
    assert not serial.failures


@pytest.mark.parametrize(
    ("load", "message"),
    [
        (None, "policy needs load="),
        ("{file}:not_a_policy", "returned int, not a policy"),
        ("{file}:broken", "failed: RuntimeError: no weights for tactics"),
        ("{file}:missing", "has no 'missing'"),
        ("{dir}/nope.py:load_policy", "no such file"),
        ("no_such_module_here:load_policy", "cannot import 'no_such_module_here'"),
        ("{file}", "is not MODULE:NAME or FILE.py:NAME"),
    ],
)
def test_a_bad_spec_is_one_clear_usage_error(policy_file: Path, load: str | None, message: str) -> None:
    spec = (
        "policy" if load is None else "policy:load=" + load.format(file=policy_file, dir=policy_file.parent)
    )
    with pytest.raises(sg.UsageError, match=message):
        agent_from_spec(spec, TACTICS)
