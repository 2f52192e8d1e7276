"""The vector environment plays exactly the games Gymnasium's own SyncVectorEnv plays, in stacked arrays."""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest

import shardgames as sg
from shardgames.interop.gymnasium import ShardGamesEnv
from shardgames.interop.vector import ShardGamesVectorEnv

SMALL = ("sota(max_turn_phases=6)", "tactics(souls=12,max_turns=4)", "command(max_turns=3)")


def sync(game: str, num_envs: int, **kwargs: object) -> gymnasium.vector.SyncVectorEnv:
    return gymnasium.vector.SyncVectorEnv([lambda: ShardGamesEnv(game, **kwargs) for _ in range(num_envs)])


def masked_random(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A legal action per slot (any id where nothing is legal: it is ignored or refused)."""
    return np.array([rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in masks], dtype=np.int64)


@pytest.mark.parametrize("game", SMALL)
def test_it_plays_the_games_sync_vector_env_plays_through_the_automatic_resets(game: str) -> None:
    ours, theirs = ShardGamesVectorEnv(game, 3), sync(game, 3)
    mine, info = ours.reset(seed=5)
    expected, expected_info = theirs.reset(seed=5)
    np.testing.assert_array_equal(mine, expected)
    np.testing.assert_array_equal(info["action_mask"], expected_info["action_mask"])
    rng = np.random.default_rng(5)
    ended = 0
    for _ in range(400):
        actions = masked_random(info["action_mask"], rng)
        got = ours.step(actions)
        want = theirs.step(actions)
        for mine_part, theirs_part in zip(got[:4], want[:4], strict=True):
            np.testing.assert_array_equal(mine_part, theirs_part)
        info = got[4]
        np.testing.assert_array_equal(info["action_mask"], want[4]["action_mask"])
        np.testing.assert_array_equal(info["illegal_action"], want[4]["illegal_action"])
        ended += int(np.sum(got[2] | got[3]))
    assert ended >= 3  # several games ended and slots started again


def test_spaces_and_masks_have_the_batch_shapes() -> None:
    envs = ShardGamesVectorEnv("tactics(souls=12)", 2)
    game = sg.load_game("tactics(souls=12)")
    assert envs.observation_space.shape == (2, *game.observation_shape)
    assert envs.single_action_space.n == game.num_distinct_actions
    assert envs.action_space.shape == (2,)
    observations, info = envs.reset(seed=1)
    assert envs.observation_space.contains(observations)
    assert info["action_mask"].shape == (2, game.num_distinct_actions)
    assert info["_action_mask"].all()
    np.testing.assert_array_equal(envs.action_masks(), info["action_mask"].astype(bool))
    assert envs.game == game


def test_an_illegal_action_is_refused_or_lost_in_its_own_slot_only() -> None:
    refuse = ShardGamesVectorEnv("tactics(souls=12)", 2)
    _, info = refuse.reset(seed=2)
    illegal = int(np.flatnonzero(info["action_mask"][0] == 0)[0])
    legal = int(np.flatnonzero(info["action_mask"][1])[0])
    _, rewards, terminated, _, info = refuse.step(np.array([illegal, legal]))
    assert info["illegal_action"].tolist() == [True, False]
    assert rewards.tolist() == [-1.0, 0.0]
    assert not terminated.any()
    lose = ShardGamesVectorEnv("tactics(souls=12)", 2, illegal_action="lose", illegal_penalty=-5.0)
    lose.reset(seed=2)
    _, rewards, terminated, _, info = lose.step(np.array([illegal, legal]))
    assert rewards.tolist() == [-5.0, 0.0]
    assert terminated.tolist() == [True, False]
    assert not info["action_mask"][0].any()  # the lost game offers nothing until it starts again
    _, rewards, terminated, _, info = lose.step(np.array([0, legal]))  # slot 0 starts again
    assert rewards[0] == 0.0
    assert not terminated[0]
    assert info["action_mask"][0].any()


def test_seeds_repeat_games_and_each_slot_may_have_its_own() -> None:
    one = ShardGamesVectorEnv("sota", 3)
    two = ShardGamesVectorEnv("sota", 3)
    np.testing.assert_array_equal(one.reset(seed=9)[0], two.reset(seed=[9, 10, 11])[0])
    assert [env.episode_seed for env in one.envs] == [9, 10, 11]
    one.reset()
    assert [env.episode_seed for env in one.envs] != [9, 10, 11]  # drawn from each slot's generator


def test_bad_arguments_are_usage_errors() -> None:
    for bad in (0, -1, 2.0, True):
        with pytest.raises(sg.UsageError, match="num_envs"):
            ShardGamesVectorEnv("sota", bad)  # type: ignore[arg-type]
    envs = ShardGamesVectorEnv("sota", 2)
    with pytest.raises(sg.UsageError, match="reset"):
        envs.step(np.array([0, 0]))
    for seed in ([1], [1, "x"], "ab", 1.5):
        with pytest.raises(sg.UsageError, match="seed"):
            envs.reset(seed=seed)  # type: ignore[arg-type]
    envs.reset(seed=0)
    with pytest.raises(sg.UsageError, match="one action id per game"):
        envs.step(np.array([0, 0, 0]))
    with pytest.raises(sg.UsageError, match="seat"):
        ShardGamesVectorEnv("sota", 2, seat=5)


def test_without_copies_the_arrays_returned_are_the_environment_s_own() -> None:
    shared = ShardGamesVectorEnv("sota", 2, copy=False)
    copied = ShardGamesVectorEnv("sota", 2)
    first, info = shared.reset(seed=3)
    expected, _ = copied.reset(seed=3)
    np.testing.assert_array_equal(first, expected)
    rng = np.random.default_rng(3)
    actions = masked_random(info["action_mask"], rng)
    second, _, _, _, second_info = shared.step(actions)
    want, _, _, _, want_info = copied.step(actions)
    assert second is first  # overwritten in place
    assert second_info["action_mask"] is info["action_mask"]
    np.testing.assert_array_equal(second, want)
    np.testing.assert_array_equal(second_info["action_mask"], want_info["action_mask"])
