"""Frames of pixels: every game's states as H x W x 3 uint8 arrays, in the environments and on video."""

from __future__ import annotations

import sys
from pathlib import Path

import gymnasium
import numpy as np
import pytest
from gymnasium.wrappers import RecordVideo

import shardgames as sg
from shardgames.interop import gymnasium as gym_adapter
from shardgames.interop import pettingzoo as pz_adapter
from shardgames.render.frames import COLUMNS, ROWS, rgb_frame

pytest.importorskip("PIL")
pytest.importorskip("resvg_py")

GAMES = {"tactics": "tactics(souls=12,max_turns=20)", "sota": "sota", "command": "command(max_turns=8)"}


@pytest.mark.parametrize("game", GAMES.values(), ids=GAMES)
def test_every_frame_of_a_game_has_the_same_even_size(game: str) -> None:
    state = sg.load_game(game).new_initial_state(seed=2)
    rng = sg.Rng(2)
    shapes = set()
    for step in range(400):
        if state.is_terminal():
            break
        if step % 25 == 0:
            frame = rgb_frame(state)
            assert frame.dtype == np.uint8
            assert frame.ndim == 3
            assert frame.shape[2] == 3
            assert frame.shape[0] % 2 == frame.shape[1] % 2 == 0
            assert frame.min() < 100  # ink
            assert frame.max() > 200  # on paper
            shapes.add(frame.shape)
        state.apply_action(rng.choice(state.legal_actions()))
    assert len(shapes) == 1


def test_the_tactics_frame_is_the_board_picture() -> None:
    state = sg.load_game("tactics").new_initial_state(seed=1)
    assert rgb_frame(state).shape == (460, 432, 3)  # the size of board_svg, not of the text frame


def test_a_text_frame_wraps_long_lines_and_cuts_what_does_not_fit() -> None:
    class Table:
        def __str__(self) -> str:
            return "\n".join(["x" * (COLUMNS * 2 + 1)] + ["y"] * (ROWS * 2))

    frame = rgb_frame(Table())
    empty = rgb_frame(type("Empty", (), {"__str__": lambda self: ""})())
    assert frame.shape == empty.shape
    assert frame.sum() < empty.sum()


@pytest.mark.parametrize("game", GAMES.values(), ids=GAMES)
def test_the_environments_render_frames(game: str) -> None:
    env = gym_adapter.ShardGamesEnv(game, render_mode="rgb_array")
    env.reset(seed=1)
    frame = env.render()
    assert isinstance(frame, np.ndarray)
    assert frame.dtype == np.uint8
    aec = pz_adapter.raw_env(game, render_mode="rgb_array")
    aec.reset(seed=1)
    assert np.array_equal(aec.render(), frame)


def test_record_video_records_an_episode(tmp_path: Path) -> None:
    gym_adapter.register_envs()
    env = gymnasium.make("shardgames/tactics-v0", souls=12, max_turns=6, render_mode="rgb_array")
    videos = tmp_path / "videos"  # a folder of its own: RecordVideo warns about an existing one
    env = RecordVideo(env, str(videos), episode_trigger=lambda episode: True, disable_logger=True)
    env.reset(seed=3)
    rng = np.random.default_rng(3)
    done = False
    while not done:
        mask = env.unwrapped.action_masks()  # type: ignore[attr-defined]
        _, _, terminated, truncated, _ = env.step(int(rng.choice(np.flatnonzero(mask))))
        done = terminated or truncated
    env.close()
    recorded = list(videos.glob("*.mp4"))
    assert len(recorded) == 1
    assert recorded[0].stat().st_size > 1000


def test_without_the_pixels_extra_the_error_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "PIL.Image", None)
    with pytest.raises(sg.MissingExtraError, match=r"pip install 'shardgames\[pixels\]'"):
        rgb_frame(sg.load_game("sota").new_initial_state(seed=1))
