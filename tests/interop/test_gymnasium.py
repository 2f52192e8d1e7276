"""The Gymnasium adapter: Gymnasium's own checker for every game, and the conventions it documents."""

from __future__ import annotations

import importlib
import sys

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import shardgames as sg
from shardgames.interop import gymnasium as gym_adapter
from shardgames.interop.gymnasium import ShardGamesEnv

# Small configurations keep the checker and the loops quick; every game's default runs too.
SMALL = {
    "sota": {"max_turn_phases": 20},
    "tactics": {"souls": 12, "max_turns": 30},
    "command": {"max_turns": 10},
    "embers": {"players": 3},
}
GAMES = ("sota", "tactics", "command")
# Configurations whose games always end at the turn cap.
CAPPED = ("sota(max_turn_phases=1)", "tactics(max_turns=1)", "command(max_turns=1)")


def masked_random(info: dict[str, np.ndarray], rng: np.random.Generator) -> int:
    return int(rng.choice(np.flatnonzero(info["action_mask"])))


def play_out(env: ShardGamesEnv, seed: int) -> tuple[list[int], float, bool, bool]:
    """Reset with `seed`, play masked-random actions to the end: (actions, reward, terminated, truncated)."""
    _, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    actions = []
    while True:
        action = masked_random(info, rng)
        actions.append(action)
        _, reward, terminated, truncated, info = env.step(action)
        if terminated or truncated:
            return actions, float(reward), terminated, truncated


def illegal_id(env: ShardGamesEnv) -> int:
    return int(np.flatnonzero(env.action_masks() == 0)[0])


# ---------------------------------------------------------------------- Gymnasium's checker


@pytest.fixture(autouse=True)
def _registered() -> None:
    gym_adapter.register_envs()  # games registered after the import (embers, by the test set-up) join


@pytest.mark.parametrize(("game", "params"), SMALL.items(), ids=SMALL)
def test_check_env_passes(game: str, params: dict[str, object]) -> None:
    env = gymnasium.make(f"shardgames/{game}-v0", **params)
    check_env(env.unwrapped)  # the checker also builds the env again for each render mode, by its spec


@pytest.mark.parametrize("game", GAMES)
def test_check_env_passes_with_the_default_configuration_and_either_seat(game: str) -> None:
    check_env(gymnasium.make(f"shardgames/{game}-v0").unwrapped)
    check_env(ShardGamesEnv(game, seat=1, illegal_action="lose"), skip_render_check=True)


def test_check_env_passes_with_explicit_chance() -> None:
    check_env(gymnasium.make("shardgames/sota-v0", chance="explicit", max_turn_phases=20).unwrapped)


# ---------------------------------------------------------------------- registration


def test_every_game_is_registered_and_make_takes_the_seat_and_game_parameters() -> None:
    for name in sg.list_games():
        assert gym_adapter.ENV_ID.format(name=name) in gymnasium.registry
    env = gymnasium.make("shardgames/tactics-v0", seat=1, souls=12)
    inner = env.unwrapped
    assert isinstance(inner, ShardGamesEnv)
    assert inner.seat == 1
    assert str(inner.game) == "tactics(souls=12)"
    assert inner.spec is not None
    assert inner.spec.id == "shardgames/tactics-v0"
    env.reset(seed=0)
    assert inner.game_state is not None
    assert inner.game_state.current_player == 1
    assert gym_adapter.register_envs() == ()  # idempotent, and no "overriding" warning


# ---------------------------------------------------------------------- observations and masks


@pytest.mark.parametrize(("game", "params"), SMALL.items(), ids=SMALL)
def test_observations_are_the_seats_tensor_and_the_mask_its_legal_actions(
    game: str, params: dict[str, object]
) -> None:
    loaded = sg.load_game(game, **params)
    seat = loaded.num_players - 1
    env = ShardGamesEnv(loaded, seat=seat)
    assert env.observation_space.shape == loaded.observation_shape
    assert env.observation_space.dtype == np.float32
    assert env.action_space.n == loaded.num_distinct_actions
    observation, info = env.reset(seed=3)
    rng = np.random.default_rng(3)
    for _ in range(40):
        state = env.game_state
        assert state is not None
        if state.is_terminal():
            break
        assert state.current_player == seat
        np.testing.assert_array_equal(observation, state.observation_tensor(seat))
        assert info["action_mask"].dtype == np.int8
        np.testing.assert_array_equal(info["action_mask"], state.legal_action_mask())
        np.testing.assert_array_equal(env.action_masks(), state.legal_action_mask())
        observation, _, _, _, info = env.step(masked_random(info, rng))
    assert env.observation_space is env.observation_space
    assert env.action_space is env.action_space


# ---------------------------------------------------------------------- rewards, ends, seeds


@pytest.mark.parametrize("game", GAMES)
def test_a_game_ended_by_the_rules_terminates_with_the_learners_return(game: str) -> None:
    for seat in (0, 1):
        env = ShardGamesEnv(game, seat=seat)
        for seed in range(20):
            _, reward, terminated, truncated = play_out(env, seed)
            if terminated:
                break
        else:
            pytest.fail(f"no game of {game} ended by the rules in 20 seeds")
        state = env.game_state
        assert state is not None
        assert state.is_terminal()
        assert not state.truncated
        assert not truncated
        assert reward == state.returns()[seat]
        assert reward == (1.0 if state.winner == seat else -1.0)


@pytest.mark.parametrize("game", CAPPED)
def test_the_turn_cap_truncates_with_zero_reward(game: str) -> None:
    _, reward, terminated, truncated = play_out(ShardGamesEnv(game), 2)
    assert (reward, terminated, truncated) == (0.0, False, True)


def test_the_same_seed_gives_the_same_episode_and_reset_without_seed_continues_it() -> None:
    def episodes(env: ShardGamesEnv) -> list[tuple[list[int], float, bool, bool]]:
        first = play_out(env, 5)
        env.reset()
        return [first, play_out(env, env.episode_seed or 0)]

    one, two = (
        ShardGamesEnv("tactics", souls=12, max_turns=30),
        ShardGamesEnv("tactics", souls=12, max_turns=30),
    )
    assert episodes(one) == episodes(two)
    assert play_out(one, 5) != play_out(one, 6)
    one.reset(seed=5)
    one.reset()
    seeds = [one.episode_seed]
    one.reset(seed=5)
    one.reset()
    assert seeds == [one.episode_seed]
    assert one.episode_seed != 5


def test_a_seed_plays_the_game_of_that_seed_and_replays() -> None:
    env = ShardGamesEnv("command", max_turns=10, chance="explicit")
    play_out(env, 8)
    assert env.episode_seed == 8
    assert env.game_state is not None
    assert any(action.is_chance for action in env.game_state.history)  # chance sampled inside
    assert env.game.replay(8, env.game_state.history) == env.game_state


# ---------------------------------------------------------------------- opponents


class Recorder:
    """Plays the first legal action and remembers whose views it was given."""

    name = "recorder"

    def __init__(self) -> None:
        self.players: set[int] = set()

    def act(self, view: sg.View, rng: sg.Rng) -> sg.Action:
        self.players.add(view.player)
        assert view.is_my_turn
        return view.legal_actions[0]


def test_opponents_play_from_their_own_views() -> None:
    first, third = Recorder(), Recorder()
    env = ShardGamesEnv("sota", players=3, seat=1, opponents={0: first, 2: third})
    play_out(env, 1)
    assert first.players == {0}
    assert third.players == {2}
    shared = Recorder()
    play_out(ShardGamesEnv("sota", players=3, seat=1, opponents=shared), 1)
    assert shared.players == {0, 2}
    in_order = [Recorder(), Recorder()]
    play_out(ShardGamesEnv("sota", players=3, seat=0, opponents=in_order), 1)
    assert [agent.players for agent in in_order] == [{1}, {2}]


def test_random_opponents_are_random_agents_and_seeded_from_the_episode() -> None:
    env = ShardGamesEnv("embers", players=4)
    assert sorted(env.opponents) == [1, 2, 3]
    assert all(isinstance(agent, sg.RandomAgent) for agent in env.opponents.values())
    env.reset(seed=2)
    assert env.game_state is not None
    history = list(env.game_state.history)
    env.reset(seed=2)
    assert list(env.game_state.history) == history


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"seat": 2}, "seat"),
        ({"seat": True}, "seat"),
        ({"opponents": [sg.RandomAgent(), sg.RandomAgent()]}, "one agent per other seat"),
        ({"opponents": {0: sg.RandomAgent()}}, "exactly the seats"),
        ({"opponents": ["random"]}, "not agents"),
        ({"opponents": 3}, "must be an Agent"),
        ({"illegal_action": "ignore"}, "illegal_action"),
        ({"render_mode": "rgb"}, "render_mode"),
    ],
)
def test_bad_arguments_raise_usage_errors(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(sg.UsageError, match=message):
        ShardGamesEnv("sota", **kwargs)  # type: ignore[arg-type]


def test_parameters_with_a_loaded_game_and_use_before_reset_raise() -> None:
    with pytest.raises(sg.UsageError, match="parameters"):
        ShardGamesEnv(sg.load_game("sota"), players=3)
    with pytest.raises(sg.UsageError, match="reset"):
        ShardGamesEnv("sota").step(0)


# ---------------------------------------------------------------------- illegal actions


@pytest.mark.parametrize(
    "bad", ["masked", -1, 10**6, 1.5, np.float32(2), np.array([1, 2]), np.array([True]), True, None, "3"]
)
def test_an_illegal_action_is_refused_and_the_game_unchanged(bad: object) -> None:
    env = ShardGamesEnv("sota", illegal_penalty=-0.25)
    observation, info = env.reset(seed=4)
    assert env.game_state is not None
    before = env.game_state.clone()
    action = illegal_id(env) if isinstance(bad, str) and bad == "masked" else bad
    again, reward, terminated, truncated, after = env.step(action)  # type: ignore[arg-type]
    assert (reward, terminated, truncated, after["illegal_action"]) == (-0.25, False, False, True)
    assert env.game_state == before
    np.testing.assert_array_equal(again, observation)
    np.testing.assert_array_equal(after["action_mask"], info["action_mask"])
    _, _, _, _, legal = env.step(masked_random(after, np.random.default_rng(0)))
    assert legal["illegal_action"] is False


def test_numpy_integers_and_one_element_arrays_are_actions() -> None:
    env = ShardGamesEnv("sota")
    _, info = env.reset(seed=4)
    action = masked_random(info, np.random.default_rng(0))
    *_, after = env.step(np.array([action], dtype=np.int32))
    assert after["illegal_action"] is False


def test_with_the_lose_policy_an_illegal_action_ends_the_episode() -> None:
    env = ShardGamesEnv("tactics", illegal_action="lose")
    env.reset(seed=4)
    _, reward, terminated, truncated, info = env.step(illegal_id(env))
    assert (reward, terminated, truncated, info["illegal_action"]) == (-1.0, True, False, True)
    assert not info["action_mask"].any()
    with pytest.warns(UserWarning, match="after the episode ended"):
        _, reward, terminated, truncated, _ = env.step(0)
    assert (reward, terminated, truncated) == (0.0, True, False)


def test_stepping_after_the_end_warns_and_repeats_the_end() -> None:
    env = ShardGamesEnv("tactics(max_turns=1)")
    play_out(env, 0)
    with pytest.warns(UserWarning, match="call reset"):
        _, reward, terminated, truncated, info = env.step(0)
    assert (reward, terminated, truncated, info["illegal_action"]) == (0.0, False, True, False)


# ---------------------------------------------------------------------- rendering and the extra


def test_ansi_rendering_is_the_table_and_human_rendering_prints_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    env = ShardGamesEnv("command", render_mode="ansi")
    env.reset(seed=1)
    assert env.render() == str(env.game_state)
    human = ShardGamesEnv("command", render_mode="human")
    _, info = human.reset(seed=1)
    human.step(masked_random(info, np.random.default_rng(1)))
    assert capsys.readouterr().out.count("Shard Command, turn") == 2  # after the reset and the step
    quiet = ShardGamesEnv("command")
    quiet.reset(seed=1)
    with pytest.warns(UserWarning, match="without specifying any render mode"):
        assert quiet.render() is None


def test_a_missing_extra_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delitem(sys.modules, "shardgames.interop.gymnasium")
    monkeypatch.setitem(sys.modules, "gymnasium", None)  # importing it now raises ImportError
    with pytest.raises(sg.MissingExtraError, match=r"shardgames\[rl\]") as error:
        importlib.import_module("shardgames.interop.gymnasium")
    assert error.value.extra == "rl"
    assert "gymnasium" in str(error.value)


# ---------------------------------------------------------------------- a training loop


@pytest.mark.parametrize("game", GAMES)
def test_a_training_loop_of_a_few_thousand_masked_random_steps(game: str) -> None:
    """A trainer's loop through gymnasium.make: reset with a seed once, then reset() after each episode."""
    env = gymnasium.make(f"shardgames/{game}-v0", **SMALL[game])
    rng = np.random.default_rng(0)
    observation, info = env.reset(seed=0)
    episodes = total = 0
    for _ in range(2000):
        assert env.observation_space.contains(observation)
        observation, reward, terminated, truncated, info = env.step(masked_random(info, rng))
        assert not info["illegal_action"]
        total += float(reward)
        if terminated or truncated:
            episodes += 1
            observation, info = env.reset()
    assert episodes >= 3
    assert -episodes <= total <= episodes


def test_vector_environments_batch_the_observations_and_masks() -> None:
    """With Gymnasium's default autoreset the step after an episode's end resets it, whatever the action."""
    envs = gymnasium.make_vec("shardgames/embers-v0", num_envs=3, vectorization_mode="sync")
    observations, info = envs.reset(seed=0)
    assert observations.shape == (3, 2, 14)
    assert info["action_mask"].shape == (3, sg.load_game("embers").num_distinct_actions)
    rng = np.random.default_rng(0)
    ended = 0
    for _ in range(300):
        actions = [int(rng.choice(np.flatnonzero(m))) if m.any() else 0 for m in info["action_mask"]]
        observations, _, terminated, truncated, info = envs.step(np.array(actions))
        assert not info["illegal_action"].any()
        ended += int((terminated | truncated).sum())
    assert ended >= 10
    envs.close()
