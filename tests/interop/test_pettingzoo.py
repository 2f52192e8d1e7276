"""The PettingZoo adapter: PettingZoo's own checks for every game, and the conventions it documents."""

from __future__ import annotations

import importlib
import subprocess
import sys
from collections.abc import Callable

import numpy as np
import pettingzoo
import pytest
from pettingzoo.test import api_test, parallel_api_test, parallel_seed_test, seed_test, state_test

import shardgames as sg
from shardgames.interop import pettingzoo as pz

# Small configurations keep PettingZoo's many-cycle checks quick; every game's default runs too.
SMALL = {
    "sota": "sota(max_turn_phases=20)",
    "tactics": "tactics(souls=12,max_turns=30)",
    "command": "command(max_turns=10)",
    "embers": "embers(players=3)",
}
GAMES = ("sota", "tactics", "command")
# Configurations whose games always end at the turn cap.
CAPPED = ("sota(max_turn_phases=1)", "tactics(max_turns=1)", "command(max_turns=1)")


def dict_observation_quirks(test: Callable[..., None]) -> Callable[..., None]:
    """Ignore the two warnings api_test gives every environment with dict observations.

    api_test only spares the classic games on its own list of names: it warns that the observation is a
    dict rather than an array (the documented {"observation", "action_mask"} form of PettingZoo's
    classic games) and that the observation space is a Dict space (the same form, as a space).
    """
    test = pytest.mark.filterwarnings("ignore:Observation is not a NumPy array:UserWarning")(test)
    return pytest.mark.filterwarnings(
        "ignore:Observation space for each agent probably should be:UserWarning"
    )(test)


def masked_random(env: pettingzoo.AECEnv, rng: np.random.Generator) -> int | None:
    """A uniformly random legal action of the selected agent (None once its game is over)."""
    observation, _, terminated, truncated, _ = env.last()
    if terminated or truncated:
        return None
    return int(rng.choice(np.flatnonzero(observation["action_mask"])))


def play_out(env: pettingzoo.AECEnv, seed: int) -> list[tuple[str, int | None]]:
    """Reset with `seed`, play masked-random actions to the end; the (agent, action) trajectory."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    trajectory = []
    for agent in env.agent_iter():
        action = masked_random(env, rng)
        trajectory.append((agent, action))
        env.step(action)
    return trajectory


# ---------------------------------------------------------------------- PettingZoo's checks


@pytest.mark.parametrize("game", SMALL.values())
@pytest.mark.parametrize("make", [pz.env, pz.raw_env], ids=["env", "raw_env"])
@dict_observation_quirks
def test_api_test_passes(game: str, make: Callable[[str], pettingzoo.AECEnv]) -> None:
    api_test(make(game), num_cycles=1000)


@pytest.mark.parametrize("game", GAMES)
@dict_observation_quirks
def test_api_test_passes_with_the_default_configuration(game: str) -> None:
    api_test(pz.env(game), num_cycles=300)


@pytest.mark.parametrize("game", [*SMALL.values(), "sota(chance=explicit,max_turn_phases=20)"])
def test_seed_test_passes(game: str) -> None:
    seed_test(lambda: pz.env(game), num_cycles=300)


# ---------------------------------------------------------------------- spaces and observations


@pytest.mark.parametrize("game", SMALL.values())
def test_spaces_are_the_same_objects_on_every_call(game: str) -> None:
    env = pz.raw_env(game)
    loaded = sg.load_game(game)
    assert env.possible_agents == [f"player_{seat}" for seat in range(loaded.num_players)]
    for agent in env.possible_agents:
        assert env.observation_space(agent) is env.observation_space(agent)
        assert env.action_space(agent) is env.action_space(agent)
        assert env.action_space(agent).n == loaded.num_distinct_actions
        box = env.observation_space(agent)["observation"]
        assert box.shape == loaded.observation_shape
        assert box.dtype == np.float32
        mask_box = env.observation_space(agent)["action_mask"]
        assert mask_box.shape == (loaded.num_distinct_actions,)
        assert mask_box.dtype == np.int8
    first, second = env.possible_agents[:2]
    assert env.action_space(first) is not env.action_space(second)


@pytest.mark.parametrize("game", SMALL.values())
def test_observations_are_the_views_tensors_and_masks_the_legal_actions(game: str) -> None:
    env = pz.raw_env(game)
    env.reset(seed=5)
    rng = np.random.default_rng(5)
    for step, agent in enumerate(env.agent_iter(max_iter=60)):
        state = env.unwrapped.game_state
        seat = env.possible_agents.index(agent)
        assert state.current_player in (seat, sg.TERMINAL)
        for other, name in enumerate(env.possible_agents):
            observed = env.observe(name)
            np.testing.assert_array_equal(observed["observation"], state.observation_tensor(other))
            assert observed["observation"].dtype == np.float32
            assert observed["action_mask"].dtype == np.int8
            if other == state.current_player:
                np.testing.assert_array_equal(observed["action_mask"], state.legal_action_mask())
            else:
                assert not observed["action_mask"].any()
        assert env.observe(agent)["observation"] is not env.observe(agent)["observation"]
        env.step(masked_random(env, rng))
        assert step < 60


def test_the_largest_values_of_the_games_lie_in_the_box_and_beyond_it_are_clipped(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Tactics divides Souls by 26, so its largest value is 99 Souls: 3.8, inside the box."""
    env = pz.raw_env("tactics", souls=99)
    env.reset(seed=1)
    box = env.observation_space("player_0")["observation"]
    observation = env.observe("player_0")["observation"]
    assert observation.max() == pytest.approx(99 / 26)
    assert box.contains(observation)
    state_type = type(env.unwrapped.game_state)
    beyond = np.full(box.shape, 9.0, dtype=np.float32)
    beyond[0] = -3.0
    monkeypatch.setattr(state_type, "observation_tensor", lambda self, player: beyond.copy())
    clipped = env.observe("player_0")["observation"]
    assert clipped.max() == box.high.max()
    assert clipped.min() == box.low.min()
    assert box.contains(clipped)


# ---------------------------------------------------------------------- the cycle


@pytest.mark.parametrize("game", GAMES)
def test_a_game_ended_by_the_rules_terminates_with_the_returns_as_rewards(game: str) -> None:
    env = pz.env(game)
    for seed in range(20):
        env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        rewards = dict.fromkeys(env.possible_agents, 0.0)
        ends = {}
        for agent in env.agent_iter():
            _, reward, terminated, truncated, _ = env.last()
            rewards[agent] += reward
            if terminated or truncated:
                ends[agent] = (terminated, truncated)
                state = env.unwrapped.game_state
            env.step(masked_random(env, rng))
        if not state.truncated:
            break
    else:
        pytest.fail(f"no game of {game} ended by the rules in 20 seeds")
    assert state.is_terminal()
    assert state.winner is not None
    assert ends == dict.fromkeys(env.possible_agents, (True, False))
    assert tuple(rewards.values()) == state.returns()
    assert rewards[f"player_{state.winner}"] == 1.0
    assert sum(rewards.values()) == pytest.approx(0.0)


@pytest.mark.parametrize("game", CAPPED)
def test_the_turn_cap_truncates_with_zero_rewards(game: str) -> None:
    env = pz.env(game)
    env.reset(seed=2)
    rng = np.random.default_rng(2)
    seen = {}
    for agent in env.agent_iter():
        _, reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            seen[agent] = (reward, terminated, truncated)
        env.step(masked_random(env, rng))
    assert env.unwrapped.game_state.truncated
    assert seen == dict.fromkeys(env.possible_agents, (0.0, False, True))


def test_explicit_chance_is_sampled_inside_and_seeded() -> None:
    env = pz.raw_env("embers", chance="explicit")
    env.reset(seed=4)
    rng = np.random.default_rng(4)
    for _agent in env.agent_iter():
        assert not env.unwrapped.game_state.is_chance_node()
        env.step(masked_random(env, rng))
    history = env.unwrapped.game_state.history
    assert any(action.is_chance for action in history)
    assert play_out(pz.raw_env("embers", chance="explicit"), 4) == play_out(
        pz.raw_env("embers", chance="explicit"), 4
    )


def test_a_seed_plays_the_game_of_that_seed() -> None:
    env = pz.raw_env("command", max_turns=10)
    env.reset(seed=11)
    assert env.episode_seed == 11
    assert env.unwrapped.game_state == sg.load_game("command(max_turns=10)").new_initial_state(11)
    play_out(env, 11)
    assert env.unwrapped.game.replay(11, env.unwrapped.game_state.history) == env.unwrapped.game_state


def test_reset_without_a_seed_continues_the_seeded_sequence() -> None:
    def episodes(env: pettingzoo.AECEnv) -> list[int | None]:
        env.reset(seed=3)
        seeds = []
        for _ in range(3):
            env.reset()
            seeds.append(env.unwrapped.episode_seed)
        return seeds

    first, second = episodes(pz.env("embers")), episodes(pz.env("embers"))
    assert first == second
    assert len(set(first)) == 3
    assert 3 not in first
    unseeded = pz.raw_env("embers")
    unseeded.reset()
    assert unseeded.episode_seed is not None


def test_the_same_seed_gives_the_same_trajectory_and_another_seed_another() -> None:
    make = SMALL["tactics"]
    assert play_out(pz.env(make), 9) == play_out(pz.env(make), 9)
    assert play_out(pz.env(make), 9) != play_out(pz.env(make), 10)


# ---------------------------------------------------------------------- illegal actions


def test_the_raw_environment_raises_on_an_illegal_action_and_changes_nothing() -> None:
    env = pz.raw_env("sota")
    env.reset(seed=1)
    state = env.unwrapped.game_state
    before = state.clone()
    illegal = int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"] == 0)[0])
    for action in (illegal, np.int16(illegal), 1.0, True, -1, 10**6):
        with pytest.raises(sg.IllegalActionError):
            env.step(action)
    assert state == before
    assert not any(env.terminations.values())


def test_the_wrapped_environment_ends_the_game_on_an_illegal_action(caplog: pytest.LogCaptureFixture) -> None:
    env = pz.env("sota", illegal_reward=-2.0)
    env.reset(seed=1)
    culprit = env.agent_selection
    illegal = int(np.flatnonzero(env.observe(culprit)["action_mask"] == 0)[0])
    env.step(illegal)
    assert "Illegal move" in caplog.text
    finals = {}
    for agent in env.agent_iter():
        _, reward, terminated, truncated, _ = env.last()
        assert terminated
        assert truncated
        finals[agent] = reward
        env.step(None)
    assert finals == {culprit: -2.0, **{a: 0.0 for a in env.possible_agents if a != culprit}}


def test_only_none_is_accepted_from_an_agent_whose_game_is_over() -> None:
    env = pz.raw_env("embers", max_turns=2)
    play_out(env, 1)
    env.reset(seed=1)
    with pytest.raises(sg.UsageError, match="None"):
        env.step(None)


# ---------------------------------------------------------------------- rendering, registry, errors


def test_ansi_rendering_is_the_table_and_human_rendering_prints_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    ansi = pz.raw_env("tactics", render_mode="ansi")
    ansi.reset(seed=3)
    assert ansi.render() == str(ansi.unwrapped.game_state)
    human = pz.env("tactics", render_mode="human")
    human.reset(seed=3)
    assert human.render() is None
    human.step(masked_random(human, np.random.default_rng(0)))
    printed = capsys.readouterr().out
    assert printed.startswith(str(ansi.unwrapped.game_state))
    assert "Soulshards Tactics" in printed
    assert printed.count("Soulshards Tactics") == 2  # render() and the step both print


def test_rendering_without_a_render_mode_warns_and_returns_none() -> None:
    env = pz.raw_env("embers")
    env.reset(seed=0)
    with pytest.warns(UserWarning, match="without specifying any render mode"):
        assert env.render() is None


def test_bad_arguments_raise_usage_errors() -> None:
    with pytest.raises(sg.UsageError, match="render_mode"):
        pz.raw_env("sota", render_mode="rgb")
    with pytest.raises(sg.UsageError, match="parameters"):
        pz.raw_env(sg.load_game("sota"), players=3)
    with pytest.raises(sg.InvalidParameterError):
        pz.raw_env("sota", colour="red")
    with pytest.raises(sg.UsageError, match="reset"):
        pz.raw_env("sota").observe("player_0")
    env = pz.raw_env("sota")
    env.reset(seed=0)
    with pytest.raises(sg.UsageError, match="player_9"):
        env.observe("player_9")


def test_a_loaded_game_and_its_parameters_give_the_same_environment() -> None:
    game = sg.load_game("sota", players=3)
    env = pz.raw_env(game)
    assert env.game is game
    assert env.possible_agents == ["player_0", "player_1", "player_2"]
    assert pz.raw_env("sota", players=3).game == game
    assert str(pz.raw_env("sota")) == "shardgames_sota_v0"
    assert env.metadata["is_parallelizable"] is False
    assert env.metadata["render_modes"] == ["ansi", "human", "rgb_array"]


@dict_observation_quirks
def test_every_game_is_in_pettingzoos_registry() -> None:
    pz.register_envs()  # games registered after the import (embers, by the test set-up) join
    for name in sg.list_games():
        assert pz.ENV_ID.format(name=name) in pettingzoo.aec_registry
    env = pettingzoo.make("aec", "shardgames/tactics-v0", souls=12, max_turns=30)
    assert str(env.unwrapped.game) == "tactics(souls=12,max_turns=30)"
    api_test(env, num_cycles=50)
    assert pz.register_envs() == ()  # registering again changes nothing, and warns of nothing


def test_a_missing_extra_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delitem(sys.modules, "shardgames.interop.pettingzoo")
    monkeypatch.setitem(sys.modules, "pettingzoo", None)  # importing it now raises ImportError
    with pytest.raises(sg.MissingExtraError, match=r"shardgames\[rl\]") as error:
        importlib.import_module("shardgames.interop.pettingzoo")
    assert error.value.extra == "rl"
    assert "pettingzoo" in str(error.value)


def test_importing_shardgames_imports_no_adapter_framework() -> None:
    code = (
        "import sys, shardgames, shardgames.interop\n"
        "print(sorted({'gymnasium', 'pettingzoo'} & set(sys.modules)))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


# ---------------------------------------------------------------------- the state, for centralised critics


@pytest.mark.parametrize("game", SMALL.values())
@dict_observation_quirks
def test_state_test_passes(game: str) -> None:
    state_test(pz.env(game), pz.parallel_env(game), num_cycles=200)


@pytest.mark.parametrize("game", [*SMALL.values(), "sota(players=3,max_turn_phases=20)"])
def test_the_state_is_every_seat_s_observation_one_after_another(game: str) -> None:
    env = pz.raw_env(game)
    loaded = sg.load_game(game)
    first, *rest = loaded.observation_shape
    assert env.state_space.shape == (loaded.num_players * first, *rest)
    assert env.state_space.dtype == np.float32
    env.reset(seed=3)
    rng = np.random.default_rng(3)
    for _ in env.agent_iter(max_iter=60):
        state = env.state()
        assert env.state_space.contains(state)
        assert env.game_state is not None
        expected = [env.game_state.observation_tensor(seat) for seat in range(loaded.num_players)]
        np.testing.assert_array_equal(state, np.concatenate(expected))
        env.step(masked_random(env, rng))
    state = env.state()
    state[...] = 7.0  # a new array on every call: changing it changes nothing
    assert env.state_space.contains(env.state())


def test_the_state_shows_every_seat_s_hand() -> None:
    env = pz.raw_env("sota")
    env.reset(seed=4)
    rng = np.random.default_rng(4)
    for _ in env.agent_iter(max_iter=30):  # into the game, hands dealt
        env.step(masked_random(env, rng))
    state = env.game_state
    assert state is not None
    before = env.state()
    size = before.shape[0] // 2
    changed = []
    for seed in range(5):  # deal what seat 0 cannot see again: seat 1's hand, both decks
        env.game_state = state.resample_hidden(0, sg.Rng(seed))
        after = env.state()
        np.testing.assert_array_equal(before[:size], after[:size])  # seat 0 sees the same table
        changed.append(not np.array_equal(before[size:], after[size:]))
    assert any(changed)  # seat 1's own hand is in the state


def test_the_state_needs_a_reset_first() -> None:
    with pytest.raises(sg.UsageError, match="reset"):
        pz.raw_env("tactics").state()


# ---------------------------------------------------------------------- the parallel API


@pytest.mark.parametrize("game", SMALL.values())
@dict_observation_quirks
def test_parallel_api_test_and_parallel_seed_test_pass(game: str) -> None:
    parallel_api_test(pz.parallel_env(game), num_cycles=300)
    parallel_seed_test(lambda: pz.parallel_env(game), num_cycles=300)


@pytest.mark.parametrize("game", SMALL.values())
def test_the_parallel_env_plays_the_game_the_aec_env_plays(game: str) -> None:
    aec_trajectory = [(agent, action) for agent, action in play_out(pz.env(game), 11) if action is not None]
    par = pz.parallel_env(game)
    observations, infos = par.reset(seed=11)
    rng = np.random.default_rng(11)
    trajectory = []
    rewards: dict[str, float] = {}
    while par.agents:
        active = infos[par.agents[0]]["active_agent"]
        assert all(info["active_agent"] == active for info in infos.values())
        legal = np.flatnonzero(observations[active]["action_mask"])
        action = int(rng.choice(legal))
        trajectory.append((active, action))
        others = dict.fromkeys(par.agents, 0)  # the others' actions are ignored
        observations, rewards, _, _, infos = par.step({**others, active: action})
    assert trajectory == aec_trajectory
    returns = par.unwrapped.game_state.returns()
    assert [rewards[agent] for agent in par.possible_agents] == list(returns)


def test_the_parallel_env_is_in_pettingzoos_registry() -> None:
    par = pettingzoo.make("parallel", "shardgames/sota-v0", players=3)
    observations, _ = par.reset(seed=0)
    assert sorted(observations) == ["player_0", "player_1", "player_2"]
    assert par.state().shape == par.state_space.shape


# ---------------------------------------------------------------------- a training loop


def test_a_few_thousand_masked_random_steps_through_every_game() -> None:
    """What a self-play training loop does: many short episodes, a fresh seed from the env each time."""
    rng = np.random.default_rng(0)
    for game in GAMES:
        env = pz.env(SMALL[game])
        env.reset(seed=0)
        steps = episodes = 0
        while steps < 1500:
            for _ in env.agent_iter():
                observation, _, terminated, truncated, _ = env.last()
                assert env.observation_space(env.agent_selection).contains(observation)
                env.step(masked_random(env, rng))
                steps += not (terminated or truncated)
            episodes += 1
            env.reset()
        assert episodes >= 3, game
