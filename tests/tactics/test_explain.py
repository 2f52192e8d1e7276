"""One check per rule: the explanation of an illegal action agrees with the legal-action listing.

For every action id (all the legal ones, their near misses and a seeded sample of the rest), the
state's explainer finds no reason exactly when the action is legal, in random games of every sample
configuration, so an error message can never call a legal action illegal or stay silent on an illegal one.
Then each reason the rules give, from a position: the action is not listed, and the reason says why.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from tactics_scenarios import play, start, tactics_game

import shardgames as sg
from shardgames.kernel.actions import Action
from shardgames.kernel.state import State
from shardgames.tactics import TacticsGame, TacticsState, Terrain, square
from shardgames.tactics.actions import (
    Attack,
    BuyAction,
    BuyTerrain,
    BuyWarrior,
    ChooseEffect,
    EndTurn,
    Move,
    Stop,
)

EXTRA_ROSTER = Path(__file__).parent / "data" / "effect_warriors.toml"

_CONFIGURATIONS = ("tactics", *TacticsGame.sample_configurations)
_NEAR = (1, -1, 64, -64, 64 * 64)  # the next cell, destination or origin: one parameter changed


def _checked_ids(state: State, rng: random.Random) -> set[int]:
    """The legal ids, each with its near misses, and a random sample of the whole action space."""
    size = state.game.num_distinct_actions
    encode = state.game.codec.encode
    legal = {encode(a) for a in state.legal_actions()}
    near = {i + step for i in legal for step in _NEAR if 0 <= i + step < size}
    return legal | near | {rng.randrange(size) for _ in range(150)}


def _disagreements(state: State, rng: random.Random) -> list[str]:
    prompt = state.prompt
    assert prompt is not None
    legal = set(state.legal_actions())
    decode = state.game.codec.decode
    found = []
    for index in sorted(_checked_ids(state, rng)):
        action = decode(index)
        reason = state._explain_illegal(prompt, action)
        is_legal = action in legal
        if (reason is None) != is_legal:
            found.append(f"{prompt}: {action} is {'legal' if is_legal else 'illegal'}, reason {reason!r}")
    return found


@pytest.mark.parametrize("configuration", _CONFIGURATIONS)
def test_explainer_finds_no_reason_exactly_for_the_legal_actions(configuration: str) -> None:
    game = sg.load_game(configuration)
    rng = random.Random(configuration)
    phases: set[str] = set()
    problems: list[str] = []
    for seed in range(3):
        state = game.new_initial_state(seed=seed)
        step = 0
        while not state.is_terminal() and step < 400:
            prompt = state.prompt
            assert prompt is not None
            if step % 9 == 0 or str(prompt.phase) not in phases:
                phases.add(str(prompt.phase))
                problems += _disagreements(state, rng)
            state.apply_action(rng.choice(state.legal_actions()))
            step += 1
    assert problems == []
    assert {"setup", "action"} <= phases


# ---------------------------------------------------------------------- each reason, from a position

NOTHING = ""
WITH_COMMANDER = """
 8  .  .  .  v  .  .  .  .
 1  .  .  .  V  .  .  .  .
"""
CORNERS = """
 8  .  .  .  .  .  .  .  e
 1  E  .  .  .  .  .  .  .
"""
"""Both commanders (CMDR Kess) far from everything."""
FACING = (
    CORNERS
    + """
 4  .  .  .  m  .  .  .  .
 3  .  .  .  M  .  .  .  .
 2  .  .  .  M  .  .  .  .
"""
)
"""Two seat 0 Militia on d2 and d3, a seat 1 Militia on d4 in front of them."""


def setup_position(board: str = NOTHING, **fields: object) -> TacticsState:
    """A setup position in which seat 0 is to buy (with 26 Souls unless `fields` say otherwise)."""
    return start(board, phase="setup", **fields)


def refusal(state: TacticsState, action: Action) -> str | None:
    """Why `action` is refused, after checking it is not among the legal actions."""
    assert action not in state.legal_actions()
    return state.why_illegal(action)


def test_tac_r4_stopping_without_a_commander_is_refused_with_its_reason() -> None:
    """TAC-R4: a seat without a commander may not stop, and is told it must buy one first."""
    assert refusal(setup_position(), Stop()) == "seat 0 must buy a commander before it stops"


def test_tac_23_a_second_copy_of_a_commander_is_refused_with_its_reason() -> None:
    """TAC-23: a seat that has CMDR Vale may not buy it again, whatever the square."""
    state = setup_position(" 1  .  .  .  V  .  .  .  .")
    reason = "seat 0 already has CMDR Vale: one copy of each commander"
    assert refusal(state, BuyWarrior("cmdr-vale", square("e1"))) == reason


def test_tac_8_a_warrior_the_souls_cannot_pay_for_is_refused_with_its_reason() -> None:
    """TAC-8: the cost is paid from the Souls: with 4 left, a Knight (5) is refused."""
    state = setup_position(WITH_COMMANDER, souls=[4, 26])
    reason = "seat 0 has 4 Souls left; Knight (cost 5) needs 5"
    assert refusal(state, BuyWarrior("knight", square("e1"))) == reason


def test_tac_r5_a_second_commander_is_refused_at_its_printed_cost_with_its_reason() -> None:
    """TAC-R5: only the first commander is free: with 7 Souls a second one (8) is refused."""
    state = setup_position(WITH_COMMANDER, souls=[7, 26])
    reason = "seat 0 has 7 Souls left; CMDR Oren (cost 8) needs 8"
    assert refusal(state, BuyWarrior("cmdr-oren", square("e1"))) == reason


def test_tac_22_spending_the_last_soul_without_a_commander_is_refused_with_its_reason() -> None:
    """TAC-22: without a commander, a purchase other than one must leave a Soul (a warrior or terrain)."""
    reason = "seat 0 has no commander yet: a purchase other than one must leave a Soul"
    assert refusal(setup_position(souls=[2, 26]), BuyWarrior("archer", square("a1"))) == reason
    assert refusal(setup_position(souls=[1, 26]), BuyTerrain(Terrain.FIRE, square("a3"))) == reason


def test_tac_22_the_last_closest_square_kept_for_a_commander_is_refused_with_its_reason() -> None:
    """TAC-22: without a commander, the last free square of the closest row takes neither a Militia
    nor terrain; a commander may still go there."""
    state = setup_position(" 1  M  M  M  .  M  M  M  M", souls=[19, 26])
    reason = "seat 0 has no commander yet: d1 is the last free square of the closest row, kept for one"
    assert refusal(state, BuyWarrior("militia", square("d1"))) == reason
    assert refusal(state, BuyTerrain(Terrain.STONE, square("d1"))) == reason
    assert state.why_illegal(BuyWarrior("cmdr-vale", square("d1"))) is None


def test_tac_17_a_warrior_outside_the_closest_row_is_refused_with_its_reason() -> None:
    """TAC-17: an Archer goes in the closest row only."""
    reason = "Archer (printed cost 2) goes in the closest row of seat 0"
    assert refusal(setup_position(WITH_COMMANDER), BuyWarrior("archer", square("a2"))) == reason


def test_tac_r5_the_free_commander_outside_the_closest_row_is_refused_with_its_reason() -> None:
    """TAC-R5: the free commander keeps its printed cost 8, so the second row is refused."""
    reason = "CMDR Vale (printed cost 8) goes in the closest row of seat 0"
    assert refusal(setup_position(), BuyWarrior("cmdr-vale", square("d2"))) == reason


def test_tac_18_a_militia_beyond_the_second_row_is_refused_with_its_reason() -> None:
    """TAC-18: a 1-Soul warrior may use the two closest rows, not the third."""
    reason = "Militia (printed cost 1) goes in the 2 closest rows of seat 0"
    assert refusal(setup_position(WITH_COMMANDER), BuyWarrior("militia", square("a3"))) == reason


def test_tac_19_terrain_beyond_the_fourth_row_is_refused_with_its_reason() -> None:
    """TAC-19: terrain goes anywhere in the four closest rows, not the fifth (seat 1 counts from rank 8)."""
    state = setup_position(WITH_COMMANDER, active=1)
    assert (
        refusal(state, BuyTerrain(Terrain.WATER, square("a4")))
        == "water goes in the 4 closest rows of seat 1"
    )


def test_tac_r6_a_taken_square_is_refused_with_its_reason() -> None:
    """TAC-R6: a setup piece goes on a square with no warrior and no terrain."""
    state = start(WITH_COMMANDER, " 2  .  .  .  .  s  .  .  .", phase="setup")
    taken = "is taken: a piece goes on a square with no warrior and no terrain"
    assert refusal(state, BuyWarrior("militia", square("d1"))) == f"d1 {taken}"
    assert refusal(state, BuyTerrain(Terrain.FIRE, square("e2"))) == f"e2 {taken}"


def test_tac_15_a_move_does_not_answer_a_setup_decision() -> None:
    """TAC-15: a setup turn is purchases (or Stop): a move is no answer."""
    state = setup_position(WITH_COMMANDER)
    reason = "'move d1 to d2' does not answer seat 0: buy a warrior or terrain, or stop"
    assert refusal(state, Move(square("d1"), square("d2"))) == reason


def test_tac_25_a_move_after_the_third_action_is_refused_with_its_reason() -> None:
    """TAC-25: with its three actions used, a seat may not move (it may still buy a fourth, TAC-R8)."""
    state = start(FACING, actions_used=3)
    assert refusal(state, Move(square("d3"), square("c3"))) == "all 3 actions of this turn are used"


def test_tac_26_a_second_bought_action_is_refused_with_its_reason() -> None:
    """TAC-26: one extra action per turn."""
    state = start(FACING, extra_bought=True)
    assert refusal(state, BuyAction()) == "an extra action was already bought this turn (once per turn)"


def test_tac_r8_buying_an_action_without_a_soul_is_refused_with_its_reason() -> None:
    """TAC-R8: the extra action costs a Soul."""
    state = start(FACING, souls=[0, 3])
    assert refusal(state, BuyAction()) == "seat 0 has no Soul to pay for an extra action"


def test_tac_44_a_second_attack_by_one_warrior_is_refused_with_its_reason() -> None:
    """TAC-44, R9: a warrior that has attacked this turn may not attack again."""
    state = start(FACING, attacked=["d3"], actions_used=1)
    reason = "the warrior on d3 has already attacked this turn"
    assert refusal(state, Attack(square("d3"), square("d4"))) == reason


def test_tac_47_an_attack_after_an_injuring_attack_is_refused_with_its_reason() -> None:
    """TAC-47: after an attack action injured, no attack action is left this turn."""
    state = start(FACING, attacks_locked=True, actions_used=1)
    reason = "an attack action has injured this turn: no more attack actions"
    assert refusal(state, Attack(square("d3"), square("d4"))) == reason


def test_tac_44_an_attack_on_no_enemy_within_reach_is_refused_with_its_reason() -> None:
    """TAC-44: the target is an enemy on an adjacent square: not two squares away, not an ally."""
    state = start(FACING)
    assert refusal(state, Attack(square("d2"), square("d4"))) == "d4 holds no enemy within reach of d2"
    assert refusal(state, Attack(square("d2"), square("d3"))) == "d3 holds no enemy within reach of d2"


def test_tac_28_a_purchase_does_not_answer_an_action_decision() -> None:
    """TAC-28: an action is a move or an attack (or buying an action, ending the turn): not a purchase."""
    state = start(FACING)
    reason = "'buy militia at a2' does not answer seat 0: move, attack, buy an action, or end the turn"
    assert refusal(state, BuyWarrior("militia", square("a2"))) == reason


NUDGE = """
 8  .  .  .  .  .  .  .  e
 2  .  .  .  m  .  .  .  .
 1  .  .  .  V  .  .  .  .
"""
"""Seat 0's CMDR Vale (NUDGE) with a seat 1 Militia beside it; seat 1 is to end its turn."""


def test_tac_r16_a_choice_the_effect_does_not_offer_is_refused_with_its_reason() -> None:
    """TAC-R16, D3: NUDGE moves an adjacent warrior 1 space: 2 spaces is none of its choices, nor is
    an action of the turn before the effect is decided."""
    state = start(NUDGE, active=1)
    play(state, "end turn")
    choices = (
        "seat 0: use a turn-start effect or decline (d1): move d2 to c1, move d2 to e1, move d2 to c2, "
        "move d2 to e2, move d2 to c3, move d2 to d3, move d2 to e3, decline"
    )
    assert refusal(state, Move(square("d2"), square("d4"))) == (
        f"'move d2 to d4' is not one of the choices of {choices}"
    )
    assert refusal(state, EndTurn()) == f"'end turn' is not one of the choices of {choices}"


def test_tac_r12_a_teleport_to_no_free_portal_of_the_owner_is_refused_with_its_reason() -> None:
    """TAC-R12: a warrior nudged onto its own Portal may go on to another of its owner's Portals only."""
    state = start(
        NUDGE,
        """
        5  p  .  .  .  .  .  .  p
        4  .  .  .  P  .  .  .  .
        1  .  .  .  .  p  .  .  .
        """,
        active=1,
    )
    play(state, "end turn", "move d2 to e1")
    choices = "seat 1: teleport through the portal or decline (e1): move e1 to a5, move e1 to h5, decline"
    teleport = Move(square("e1"), square("d4"))
    assert refusal(state, teleport) == f"'{teleport}' is not one of the choices of {choices}"


def test_tac_r16_ordering_an_effect_that_is_not_waiting_is_refused_with_its_reason() -> None:
    """TAC-R16: of two waiting turn-start effects the active player picks one: a warrior with no
    waiting effect is not a choice."""
    state = start(
        """
        8  .  .  .  .  .  .  .  e
        2  .  M  .  .  .  .  M  .
        1  V  .  .  .  .  .  .  [warden]
        """,
        game=tactics_game(roster=(str(EXTRA_ROSTER),)),
        active=1,
    )
    play(state, "end turn")
    choices = (
        "seat 0: choose which turn-start effect resolves next: resolve the effect of a1 next, "
        "resolve the effect of h1 next"
    )
    assert refusal(state, ChooseEffect(square("b2"))) == (
        f"'resolve the effect of b2 next' is not one of the choices of {choices}"
    )
