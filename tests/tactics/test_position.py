"""The Tactics position format: reading every field, the pending decision and what follows it, writing
any state back, and bad positions reported with every problem."""

from __future__ import annotations

from typing import Any

import pytest
from tactics_scenarios import decide, legal_texts, play, start, tactics_game, warrior_at

from shardgames.kernel.errors import PositionError
from shardgames.tactics import Phase, TacticsState, square
from shardgames.tactics.position import position_of

BOARD = """
 8  .  .  .  v  .  .  .  .
 7  .  .  .  m  .  .  .  .
 2  .  .  K* .  .  .  .  .
 1  .  .  .  E  .  .  .  .
"""


def problems_of(position: dict[str, Any]) -> tuple[str, ...]:
    with pytest.raises(PositionError) as caught:
        tactics_game().state_from_position(position)
    return caught.value.problems


def test_defaults_make_seat_0_to_act_on_turn_1() -> None:
    state = start(BOARD)
    assert (state.active, state.first, state.turn) == (0, 0, 1)
    assert state.souls == [26, 26]
    assert (state.actions_used, state.action_limit) == (0, 3)
    assert state.prompt is not None
    assert state.prompt.phase is Phase.ACTION


def test_tokens_name_card_owner_and_injury() -> None:
    state = start(BOARD + " 4  [scout]  {knight}*  .  .  .  .  .  .")
    scout, knight = warrior_at(state, "a4"), warrior_at(state, "b4")
    assert state.game.roster[state.card[scout]].id == "scout"
    assert (state.owner[scout], state.injured[scout]) == (0, False)
    assert state.game.roster[state.card[knight]].id == "knight"
    assert (state.owner[knight], state.injured[knight]) == (1, True)
    assert state.injured[warrior_at(state, "c2")]


def test_a_warrior_standing_in_fire_is_scorched_without_being_listed() -> None:
    state = start(BOARD, " 2  .  .  F  .  .  .  .  .")
    assert state.scorched[warrior_at(state, "c2")]
    assert not state.scorched[warrior_at(state, "d1")]


def test_every_problem_is_listed_at_once() -> None:
    problems = problems_of(
        {
            "board": BOARD + " 4  X  ?  [nobody]  .  .  .  .  .\n 5  [knight}  .  .  .  .  .  .  .",
            "terrain": " 5  Q  .  .  .  .  .  .  .",
            "souls": [-1, 3],
            "active": 2,
            "colour": "red",
        }
    )
    text = "\n".join(problems)
    for fragment in (
        "colour: unknown field",
        "'X' is no warrior code",
        "'?' is no warrior code",
        "no warrior with id 'nobody'",
        "cannot read the line '5  [knight}",
        "'Q' is no terrain",
        "souls: cannot be negative",
        "active: must be an int 0..1, not 2",
    ):
        assert fragment in text, (fragment, problems)


def test_a_play_position_needs_a_commander_on_each_side() -> None:
    problems = problems_of({"board": " 1  .  .  .  E  .  .  .  .\n 8  .  .  .  m  .  .  .  ."})
    assert problems == ("board: seat 1 has no commander (the game would be over)",)


def test_a_riposte_decision_belongs_to_the_attacked_warriors_seat() -> None:
    state = start(BOARD + " 6  .  .  .  k  .  .  .  .", decision={"riposte": "d6"}, actions_used=1)
    assert state.current_player == 1
    assert state.prompt is not None
    assert (state.prompt.phase, state.prompt.square) == (Phase.RIPOSTE, square("d6"))
    play(state, "decline")
    assert state.current_player == 0  # back to seat 0's actions
    assert state.prompt is not None
    assert state.prompt.phase is Phase.ACTION


def test_a_portal_decision_is_followed_by_the_warriors_after_moving_effect() -> None:
    """A Scout nudged onto its own Portal decides on the teleport; its rally follows either way."""
    state = start(
        BOARD + " 3  .  .  .  .  .  .  S  .",
        " 3  .  .  .  .  .  .  P  .\n 2  .  .  .  .  .  .  .  P",
        decision={"portal": "g3"},
    )
    scout = warrior_at(state, "g3")
    assert legal_texts(state) == ["move g3 to h2 through the portal at g3", "decline"]
    play(state, "move g3 to h2 through the portal at g3")
    assert state.square[scout] == square("h2")
    assert state.buff[scout] == 1  # RALLY_SELF after arriving


def test_an_order_decision_and_waiting_effects_need_turn_start_warriors_of_the_active_seat() -> None:
    problems = problems_of({"board": BOARD, "decision": {"order": ["d1", "c2"]}})
    assert problems == (
        "decision: an order names two or more warriors of the active seat with turn-start effects",
    )
    problems = problems_of({"board": BOARD, "waiting": ["c2"]})
    assert problems == (
        "waiting: every square must hold a warrior of the active seat with a turn-start effect (NUDGE)",
    )


def test_a_waiting_nudge_comes_before_the_actions() -> None:
    board = " 8  .  .  .  e  .  .  .  .\n 2  .  .  .  m  .  .  .  .\n 1  .  .  .  V  .  .  .  ."
    state = start(board, waiting=["d1"])
    assert state.prompt is not None
    assert state.prompt.phase is Phase.TURN_START
    assert "move d2 to d3" in legal_texts(state)
    play(state, "decline")
    assert state.prompt is not None
    assert state.prompt.phase is Phase.ACTION


def test_a_setup_position_continues_the_setup_turn() -> None:
    state = start(" 1  .  .  .  E  .  .  .  .", phase="setup", purchases=2, souls=[10, 26], turn=0)
    assert state.prompt is not None
    assert state.prompt.phase is Phase.SETUP
    play(state, "buy militia at a1")
    assert state.current_player == 1  # the third purchase ends the setup turn
    written = position_of(state)
    assert written["phase"] == "setup"
    assert (written["stopped"], written["purchases"]) == ([False, False], 0)
    assert "actions_used" not in written


@pytest.mark.parametrize(
    "fields",
    [
        {},
        {"active": 1, "turn": 8, "souls": [3, 0]},
        {"actions_used": 2, "extra_bought": True, "attacked": ["c2"], "reductions": {"d7": 2}},
        {"decision": {"riposte": "d6"}},
    ],
)
def test_positions_are_written_back_exactly(fields: dict[str, Any]) -> None:
    terrain = " 4  .  .  F  .  .  .  .  .\n 1  P  .  .  .  .  .  .  P"
    state = start(BOARD + " 6  .  .  .  k  .  .  .  .", terrain, **fields)
    written = position_of(state)
    again = state.game.state_from_position(written)
    assert isinstance(again, TacticsState)
    assert position_of(again) == written
    assert again.legal_actions() == state.legal_actions()
    assert str(again) == str(state)


PORTAL_TERRAIN = " 3  .  .  .  P  .  .  .  .\n 6  .  .  .  .  .  .  P  ."


def test_a_move_waiting_for_its_portal_exit_is_a_position() -> None:
    """TAC-R12, E9: {"portal": [from, portal]} is a move action into an own Portal waiting for its exit;
    it is written back the same way, and the action counts once the warrior has come out."""
    board = " 8  .  .  .  v  .  .  .  .\n 2  .  .  .  D  .  .  .  .\n 1  .  .  .  E  .  .  .  ."
    state = start(board, PORTAL_TERRAIN, decision={"portal": ["d2", "d3"]})
    assert state.prompt is not None
    assert (state.prompt.phase, state.prompt.square) == (Phase.PORTAL, square("d3"))
    assert position_of(state)["decision"] == {"portal": ["d2", "d3"]}
    moved = start(board, PORTAL_TERRAIN)
    decide(moved, "move d2 to d3")
    assert position_of(moved) == position_of(state)
    play(state, "move d3 to g6 through the portal at d3")
    assert (warrior_at(state, "g6"), state.actions_used) == (warrior_at(state, "g6"), 1)
    assert state.prompt is not None
    assert state.prompt.phase is Phase.ACTION


def test_a_riposte_waiting_for_its_portal_exit_is_a_position() -> None:
    """TAC-R12, E9: {"riposte": [from, portal]}: a riposte into an own Portal, waiting for the exit."""
    board = BOARD + " 4  .  .  .  k  .  .  .  ."
    terrain = " 3  .  .  .  p  .  .  .  .\n 6  .  .  .  .  .  .  p  ."
    state = start(board, terrain, decision={"riposte": ["d4", "d3"]}, actions_used=1)
    assert (state.current_player, position_of(state)["decision"]) == (1, {"riposte": ["d4", "d3"]})
    play(state, "decline")
    assert (warrior_at(state, "d3"), state.current_player, state.actions_used) == (
        warrior_at(state, "d3"),
        0,
        1,
    )


def test_a_bad_move_into_a_portal_is_refused_with_every_reason() -> None:
    board = " 8  .  .  .  v  .  .  .  .\n 2  .  .  .  D  .  .  .  .\n 1  .  .  .  E  .  .  .  ."
    assert problems_of({"board": board, "terrain": PORTAL_TERRAIN, "decision": {"portal": ["d2"]}}) == (
        "decision: portal [square, portal] names where the warrior stands and the Portal it enters",
    )
    assert problems_of({"board": board, "terrain": PORTAL_TERRAIN, "decision": {"portal": ["d2", "d4"]}}) == (
        "decision: the warrior on d2 cannot move into an own Portal on d4 and teleport from it",
    )
    assert problems_of(
        {"board": board, "terrain": PORTAL_TERRAIN, "decision": {"riposte": ["d2", "d3"]}}
    ) == ("decision: a riposte move into a Portal is made by a warrior of the seat not taking its turn",)
    assert problems_of({"board": board, "terrain": PORTAL_TERRAIN, "decision": {"portal": ["e4", "d3"]}}) == (
        "decision: no warrior on e4",
    )
