"""K19 Fast Speed (Time): the Rite may be played whenever its controller holds priority (R11, CMD-24, CMD-26).

Chronovoid (seat 0) holds Fast Rites, Stall (1T, Delay) and Blankout (VT, Blank), and a Focus Rite, Echoing
Glimpse (1T, Foresight 2, Echo), on Pyre's turn: in answer to a Spark, in Pyre's Main Phase with an empty
Queue, and in the combat window against Pyre's Dread Knight (2/3 Fatal).
"""

from __future__ import annotations

from typing import Any

from command_scenarios import entity, fight, in_hand, starter

from shardgames.command.actions import ChooseTarget, DeclareAttack, Intercept, Pass, Play
from shardgames.command.objects import Permanent, player_target
from shardgames.command.phases import Phase, Step
from shardgames.command.state import CommandState

start = starter("chronovoid,pyre")


def pyre_turn(seat1: dict[str, Any], arena0: list[Any]) -> CommandState:
    """Turn 4, Pyre (seat 1) active; Chronovoid holds Stall, Blankout, Echoing Glimpse and 2G 1V 1T."""
    return start(
        {
            "turn": 4,
            "active": 1,
            "players": [
                {"hand": ["Stall", "Blankout", "Echoing Glimpse"], "unused": "2G 1V 1T", "arena": arena0},
                {"pool": "2G", **seat1},
            ],
        }
    )


def test_cmd_k19_fast_rites_answer_a_spark_on_the_opponents_turn() -> None:
    """R11: answering Pyre's Spark, Stall and Blankout are playable, the Focus Rite Echoing Glimpse is not."""
    state = pyre_turn({"hand": ["Spark"], "unused": "1F"}, ["Void Eater"])
    eater = entity(state, 0, "Void Eater")
    spark = in_hand(state, 1, "Spark")
    state.apply_action(Play(spark))
    state.apply_action(ChooseTarget(eater.id))
    assert (state.prompt.player, state.prompt.phase) == (0, Phase.PRIORITY)
    legal = state.legal_actions()
    assert Play(in_hand(state, 0, "Stall")) in legal
    assert Play(in_hand(state, 0, "Blankout")) in legal
    assert Play(in_hand(state, 0, "Echoing Glimpse")) not in legal
    state.apply_action(Play(in_hand(state, 0, "Stall")))
    state.apply_action(ChooseTarget(spark))
    while state.queue:
        state.apply_action(Pass())
    assert spark in state.hands[1]
    assert eater.damage == 0


def test_cmd_k19_a_fast_rite_in_the_opponents_main_phase_with_an_empty_queue() -> None:
    """R10 d, R11: Pyre passes; Chronovoid Blankouts an Ash Hound; then Pyre's Main Phase goes on (R10 c)."""
    state = pyre_turn({"arena": ["Ash Hound"]}, [])
    hound = entity(state, 1, "Ash Hound")
    state.apply_action(Pass())
    assert (state.prompt.player, state.step) == (0, Step.MAIN)
    assert Play(in_hand(state, 0, "Echoing Glimpse")) not in state.legal_actions()
    state.apply_action(Play(in_hand(state, 0, "Blankout")))
    state.apply_action(ChooseTarget(hound.id))
    while state.queue:
        state.apply_action(Pass())
    assert hound.blanked
    assert (state.turn, state.step, state.prompt.player) == (4, Step.MAIN, 1)
    assert DeclareAttack(hound.id) in state.legal_actions()


def dread_knight_attacks(blank: bool) -> tuple[CommandState, Permanent, Permanent]:
    """Pyre's Dread Knight attacks; Hollow Knight (2/3) Intercepts; Chronovoid may Blankout the attacker."""
    state = pyre_turn({"arena": ["Dread Knight"]}, ["Hollow Knight"])
    knight = entity(state, 1, "Dread Knight")
    hollow = entity(state, 0, "Hollow Knight")
    state.apply_action(DeclareAttack(knight.id))
    state.apply_action(ChooseTarget(player_target(0)))
    state.apply_action(Intercept(hollow.id))
    assert state.step is Step.COMBAT
    state.apply_action(Pass())  # Pyre passes first in the combat window
    assert state.prompt.player == 0
    if blank:
        state.apply_action(Play(in_hand(state, 0, "Blankout")))
        state.apply_action(ChooseTarget(knight.id))
    fight(state)
    return state, knight, hollow


def test_cmd_k19_blankout_in_the_combat_window_saves_the_interceptor() -> None:
    """R11, C4: Blankout in the combat window strips Fatal: Hollow Knight takes 2 of 3 and survives."""
    state, knight, hollow = dread_knight_attacks(blank=True)
    assert state.permanent(hollow.id) is hollow
    assert (hollow.damage, knight.damage) == (2, 2)


def test_cmd_k19_without_the_answer_fatal_destroys_the_interceptor() -> None:
    """K20 by contrast: without Blankout the Dread Knight's 2 combat damage destroys the Hollow Knight."""
    state, _, hollow = dread_knight_attacks(blank=False)
    assert state.permanent(hollow.id) is None
    assert state.scrap[0] == (hollow.id,)
