"""What a seat sees: the view holds the whole table, and the observation planes follow their layout."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from tactics_scenarios import play, start, tactics_game

import shardgames as sg
from shardgames.tactics import Phase, TacticsState, square
from shardgames.tactics.actions import FirstPlayer
from shardgames.tactics.planes import STANDARD_LAYOUT
from shardgames.tactics.view import PLANES, TacticsView

POSITION = """
 8  .  .  .  v  .  .  .  .
 7  .  .  .  k  .  .  .  .
 6  .  .  .  P  .  .  .  .
 2  .  .  M* .  .  .  .  .
 1  .  .  .  E  .  .  .  .
"""
TERRAIN = " 3  F  .  .  .  .  .  .  p\n 1  W  .  .  .  .  .  .  ."


def at(tensor: np.ndarray, plane: int, cell: str, seat: int) -> float:
    """The value of `plane` on `cell` as `seat` sees the board (seat 1's ranks are turned)."""
    index = square(cell)
    rank, file = index // 8, index % 8
    return float(tensor[plane, 7 - rank if seat == 1 else rank, file])


@pytest.fixture
def state() -> TacticsState:
    return start(POSITION, TERRAIN, souls=[5, 9])


def test_the_view_holds_the_whole_table_and_rebuilds_the_state(state: TacticsState) -> None:
    view = state.view(1)
    assert isinstance(view, TacticsView)
    assert view.board == tuple(state.board)
    assert view.terrain == tuple(state.terrain)
    assert view.souls == (5, 9)
    rebuilt = view.sample_state(sg.Rng(0))
    assert isinstance(rebuilt, TacticsState)
    assert rebuilt.legal_actions() == state.legal_actions()
    assert str(rebuilt) == str(state)


def test_the_planes_have_the_documented_shape(state: TacticsState) -> None:
    assert state.game.observation_shape == (PLANES, 8, 8) == (58, 8, 8)
    tensor = state.observation_tensor(0)
    assert tensor.shape == (58, 8, 8)
    assert tensor.dtype == np.float32


@pytest.mark.parametrize("seat", [0, 1])
def test_warriors_are_mine_or_the_opponents_from_each_seat(state: TacticsState, seat: int) -> None:
    tensor = state.observation_tensor(seat)
    mine, theirs = (0, 1) if seat == 0 else (1, 0)
    for cell in ("d1", "c2", "d6"):
        assert at(tensor, mine, cell, seat) == 1
        assert at(tensor, theirs, cell, seat) == 0
    for cell in ("d8", "d7"):
        assert at(tensor, theirs, cell, seat) == 1
    assert tensor[0].sum() == (3 if seat == 0 else 2)
    assert tensor[1].sum() == (2 if seat == 0 else 3)


def test_warrior_planes_show_commanders_injuries_might_and_movement(state: TacticsState) -> None:
    tensor = state.observation_tensor(0)
    assert at(tensor, 2, "d1", 0) == 1  # CMDR Kess
    assert at(tensor, 2, "c2", 0) == 0
    assert at(tensor, 3, "c2", 0) == 1  # the injured Militia
    assert at(tensor, 5, "c2", 0) == pytest.approx(1 / 4)  # printed Might 1
    assert at(tensor, 5, "d6", 0) == pytest.approx(3 / 4)  # Pikeman, Might 3
    assert at(tensor, 6, "d6", 0) == pytest.approx(2 / 4)  # ortho up to 2
    assert at(tensor, 7, "d6", 0) == 1  # ortho
    assert at(tensor, 11 + 2, "d1", 0) == 1  # Kess jumps


def test_warrior_planes_show_an_attack_and_its_reduction(state: TacticsState) -> None:
    """Planes 4 (Might now / 4), 15 (attacked this turn) and 17 (Might lost to attacks / 4): the Pikeman
    (Might 3) attacks the Knight (Might 4), which survives with 3 Might lost (TAC-45)."""
    play(state, "attack d7 from d6")
    tensor = state.observation_tensor(0)
    assert [at(tensor, plane, "d6", 0) for plane in (4, 15, 17)] == [0.75, 1, 0]
    assert [at(tensor, plane, "d7", 0) for plane in (4, 5, 15, 17)] == [0.25, 1, 0, 0.75]


def test_a_warrior_that_entered_fire_shows_scorched() -> None:
    """Plane 16 (scorched, TAC-R11) and plane 4 (Might now): the Pikeman on d6 with Fire on d5 beside
    it walks in, and shows 1 Might less than printed."""
    state = start(POSITION, TERRAIN.replace(" 3  F", " 5  .  .  .  F  .  .  .  .\n 3  F"), souls=[5, 9])
    play(state, "move d6 to d5")
    tensor = state.observation_tensor(0)
    assert at(tensor, 16, "d5", 0) == 1
    assert at(tensor, 4, "d5", 0) == pytest.approx(2 / 4)
    assert at(tensor, 5, "d5", 0) == pytest.approx(3 / 4)
    assert at(tensor, 16, "c2", 0) == 0


def test_terrain_planes_show_kind_and_owner(state: TacticsState) -> None:
    tensor = state.observation_tensor(1)
    assert at(tensor, 19, "a3", 1) == 1  # fire
    assert at(tensor, 21, "h3", 1) == 1  # portal
    assert at(tensor, 22, "a1", 1) == 1  # water
    assert at(tensor, 24, "h3", 1) == 1  # seat 1's portal is "mine" for seat 1
    assert at(tensor, 25, "a3", 1) == 1


def test_whole_planes_carry_the_counters(state: TacticsState) -> None:
    play(state, "move d1 to e1", "buy an action")
    tensor = state.observation_tensor(0)
    assert tensor[37, 0, 0] == pytest.approx(4 / 26)
    assert tensor[38, 0, 0] == pytest.approx(9 / 26)
    assert tensor[39, 0, 0] == pytest.approx(1 / 4)
    assert tensor[41, 0, 0] == 1  # an action was bought
    assert tensor[44, 0, 0] == 1  # seat 0 is to act
    assert state.observation_tensor(1)[44, 0, 0] == 0


def test_the_setup_plane_is_whole_through_the_coin_and_the_purchases_only() -> None:
    """The first ``setup`` plane: 1 while the coin is flipped and warriors are bought, 0 once play
    begins; for both seats alike."""
    plane = STANDARD_LAYOUT.start["setup"]

    def low_and_high(state: TacticsState) -> tuple[float, float]:
        values = np.stack([state.observation_tensor(seat)[plane] for seat in (0, 1)])
        return float(values.min()), float(values.max())

    state = tactics_game(chance="explicit").new_initial_state(seed=1)
    assert isinstance(state, TacticsState)
    assert low_and_high(state) == (1, 1)  # the coin
    state.apply_action(FirstPlayer(0))
    assert low_and_high(state) == (1, 1)  # seat 0 buys
    play(state, "buy cmdr-kess at e1", "stop buying")
    assert low_and_high(state) == (1, 1)  # seat 1 buys
    play(state, "buy cmdr-kess at e8", "stop buying")
    assert getattr(state.prompt, "phase", None) is Phase.ACTION
    assert low_and_high(state) == (0, 0)


def test_the_setup_counters_show_the_purchases_and_who_has_stopped() -> None:
    """The ``turn`` and ``stopped`` planes in setup: turn 0 of the cap, this setup turn's purchases / 3,
    then whether the viewing seat has stopped buying and whether the opponent has, from either seat."""
    state = tactics_game(chance="explicit", max_turns=50).new_initial_state(seed=1)
    assert isinstance(state, TacticsState)
    state.apply_action(FirstPlayer(0))
    play(state, "buy cmdr-kess at e1", "stop buying", "buy cmdr-vale at e8")
    turn, stopped = STANDARD_LAYOUT.start["turn"], STANDARD_LAYOUT.start["stopped"]
    for seat, flags in ((0, [1, 0]), (1, [0, 1])):
        tensor = state.observation_tensor(seat)
        assert tensor[turn : turn + 2, 0, 0].tolist() == pytest.approx([0, 1 / 3])
        assert tensor[stopped : stopped + 2].max(axis=(1, 2)).tolist() == flags
        assert tensor[stopped : stopped + 2].min(axis=(1, 2)).tolist() == flags


def test_the_turn_plane_is_the_turn_over_the_cap() -> None:
    """The first ``turn`` plane in play: turn 7 of a 50-turn cap is 7 / 50 on every square."""
    state = start(POSITION, TERRAIN, turn=7, game=tactics_game(max_turns=50))
    plane = state.observation_tensor(1)[STANDARD_LAYOUT.start["turn"]]
    assert plane.min() == plane.max() == pytest.approx(7 / 50)


def test_an_order_of_effects_marks_every_warrior_waiting() -> None:
    """The ``about`` plane of an ``effect_order`` decision: the squares of all the warriors whose effects
    wait (a Vale on a1 and a Warden on h1, both NUDGE), and nothing else."""
    roster = str(Path(__file__).parent / "data" / "effect_warriors.toml")
    state = start(
        """
        8  .  .  .  .  .  .  .  e
        2  .  M  .  .  .  .  M  .
        1  V  .  .  .  .  .  .  [warden]
        """,
        game=tactics_game(roster=(roster,)),
        active=1,
    )
    play(state, "end turn")
    assert getattr(state.prompt, "phase", None) is Phase.EFFECT_ORDER
    tensor, plane = state.observation_tensor(0), STANDARD_LAYOUT.start["about"]
    assert (at(tensor, plane, "a1", 0), at(tensor, plane, "h1", 0)) == (1, 1)
    assert tensor[plane].sum() == 2


def test_the_action_planes_count_against_a_limit_of_one() -> None:
    """Planes 39 (actions used / limit) and 40 (actions left / limit) in a game of 1 action a turn: whole
    at the start of the turn, spent after one move."""
    state = start(POSITION, TERRAIN, souls=[5, 9], game=tactics_game(actions=1))
    assert state.action_limit == 1
    tensor = state.observation_tensor(0)
    assert (tensor[39, 0, 0], tensor[40, 0, 0]) == (0, 1)
    play(state, "move d6 to d5")
    tensor = state.observation_tensor(0)
    assert (tensor[39, 0, 0], tensor[40, 0, 0]) == (1, 0)


def test_the_pending_decision_and_its_warrior_are_marked(state: TacticsState) -> None:
    assert state.observation_tensor(0)[49 + tuple(Phase).index(Phase.ACTION)].all()
    play(state, "attack d7 from d6")  # the Knight survives and may riposte: seat 1 decides
    assert state.prompt is not None
    assert state.prompt.phase is Phase.RIPOSTE
    tensor = state.observation_tensor(1)
    assert tensor[49:57, 0, 0].tolist() == [float(p is Phase.RIPOSTE) for p in Phase]
    assert at(tensor, 57, "d7", 1) == 1
    assert tensor[57].sum() == 1


def test_a_decision_on_the_first_square_is_marked_too() -> None:
    """Plane 57 marks the decision's warrior on any square: a Knight on a1 (square 0) deciding its
    riposte."""
    state = start(
        """
        8  .  .  .  .  .  .  .  e
        2  P  .  .  .  .  .  .  .
        1  k  .  .  .  .  .  .  E
        """
    )
    play(state, "attack a1 from a2")
    tensor = state.observation_tensor(1)
    assert at(tensor, 57, "a1", 1) == 1
    assert tensor[57].sum() == 1


def test_a_rally_shows_on_the_buff_plane_of_its_ally() -> None:
    """Plane 18, the Might given by effects / 4: after the Bard moves from b2 to b3, the Knight beside it
    on c3 shows +1 there, and nothing on the terrain planes (19 on)."""
    state = start(
        """
        8  .  .  .  .  .  .  .  e
        3  .  .  K  .  .  .  .  .
        2  .  B  .  .  .  .  .  .
        1  .  .  .  .  .  .  .  E
        """
    )
    play(state, "move b2 to b3")
    tensor = state.observation_tensor(0)
    assert at(tensor, 18, "c3", 0) == pytest.approx(1 / 4)
    assert at(tensor, 18, "b3", 0) == 0  # the Bard rallies its allies, not itself
    assert not tensor[19:26, 2, 2].any()
