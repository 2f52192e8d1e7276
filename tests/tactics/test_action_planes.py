"""The Tactics action space: its size, and the action ids laid out as planes for convolutional heads."""

from __future__ import annotations

import numpy as np
import pytest
from tactics_scenarios import tactics_game

import shardgames as sg
from shardgames.kernel.errors import UsageError
from shardgames.tactics import Phase, TacticsPrompt, TacticsState
from shardgames.tactics.actions import Attack, Move

GAME = tactics_game()


def test_e9_the_default_action_space_holds_under_ten_thousand_ids() -> None:
    """E9: a move through a Portal is two decisions, so moves are one block of 64 x 64 ids."""
    assert GAME.num_distinct_actions == 9348
    assert GAME.codec.describe()[3] == ("Move", 1025, 4096, ("origin", "dest"))


def test_every_action_id_has_its_own_position_on_the_planes() -> None:
    layout = GAME.action_planes
    assert layout.shape == (147, 8, 8)
    assert len(layout.names) == len(set(layout.names)) == 147
    for seat in (0, 1):
        index = layout.index(seat)
        assert index.shape == (GAME.num_distinct_actions,)
        assert len(set(index.tolist())) == len(index)
        assert index.min() >= 0
        assert index.max() < 147 * 64
        assert not index.flags.writeable


def test_moves_and_attacks_sit_on_their_origin_as_the_acting_seat_sees_it() -> None:
    """The square of a move or an attack is where the warrior stands in the seat's own observation
    planes (plane 0: its own warriors), for both seats, along random games."""
    layout = GAME.action_planes
    rng = sg.Rng(5)
    checked = 0
    for seed in range(4):
        state = GAME.new_initial_state(seed=seed)
        assert isinstance(state, TacticsState)
        for _ in range(300):
            if state.is_terminal():
                break
            prompt = state.prompt
            seat = state.current_player
            if isinstance(prompt, TacticsPrompt) and prompt.phase is Phase.ACTION:
                own = state.observation_tensor(seat)[0].reshape(-1)
                for action in state.legal_actions():
                    if isinstance(action, Move | Attack):
                        position = int(layout.index(seat)[GAME.encode(action)])
                        assert own[position % 64] == 1, action
                        checked += 1
            state.apply_action(rng.choice(state.legal_actions()))
    assert checked > 1000


def test_planes_and_ids_convert_both_ways() -> None:
    layout = GAME.action_planes
    values = np.arange(GAME.num_distinct_actions, dtype=np.float32)
    for seat in (0, 1):
        planes = layout.to_planes(values, seat)
        assert planes.shape == (147, 8, 8)
        assert np.array_equal(layout.to_ids(planes, seat), values)
        batch = np.stack([planes, 2 * planes])
        assert np.array_equal(layout.to_ids(batch, seat), np.stack([values, 2 * values]))
    mask = np.zeros(GAME.num_distinct_actions, bool)
    mask[GAME.encode(Move(10, 26))] = True
    assert layout.to_planes(mask, 0).sum() == 1
    assert layout.to_planes(mask, 0)[layout.names.index("move to c4"), 1, 2]  # c2: row 1, file c


def test_a_custom_roster_adds_its_purchase_planes() -> None:
    game = sg.load_game("tactics", roster=("tests/tactics/data/effect_warriors.toml",))
    assert game.action_planes.shape[0] == 136 + len(game.roster)
    assert game.action_planes.index(0).shape == (game.num_distinct_actions,)


def test_bad_arrays_and_seats_are_refused() -> None:
    layout = GAME.action_planes
    with pytest.raises(UsageError, match=r"planes must end in the shape \(147, 8, 8\), not \(8, 8\)"):
        layout.to_ids(np.zeros((8, 8)), 0)
    with pytest.raises(UsageError, match="values must end in the number of action ids, 9348, not"):
        layout.to_planes(np.zeros(10), 0)
    with pytest.raises(UsageError, match="seat must be 0 or 1, not 2"):
        layout.index(2)
