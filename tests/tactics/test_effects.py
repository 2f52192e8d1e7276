"""Warrior effects (TAC-39 to 43, R13, R16, D1, D3, DX13, DX14, DX17).

Every scenario starts from a position in which seat 0 (P1) is to act with 3 actions, unless the test
says otherwise. Commanders that play no part in a scenario stand in the far corners (CMDR Kess, whose
effect acts only when it moves). The extension effects and movements of the rulebook's extensibility
note are tried with warriors from ``data/effect_warriors.toml``, which joins the roster through the
``roster`` game parameter.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from pathlib import Path

import pytest
from tactics_scenarios import (
    destinations,
    events_of,
    legal_texts,
    play,
    start,
    tactics_game,
    warrior_at,
)

import shardgames as sg
import shardgames.tactics.standard_effects as rules
from shardgames.tactics import (
    Dirs,
    Phase,
    Side,
    TacticsGame,
    TacticsPrompt,
    TacticsState,
    Terrain,
    distance,
    name,
    square,
)
from shardgames.tactics.effects import EFFECTS
from shardgames.tactics.events import Attacked, EffectUsed, Injured, Moved, TerrainPlaced
from shardgames.tactics.play import might
from shardgames.tactics.warriors import TERRAIN_ALIASES, parse_terrain

EXTRA_ROSTER = Path(__file__).parent / "data" / "effect_warriors.toml"


def extended() -> TacticsGame:
    """The game with the extra warriors (Slinger, Gatewright, Golem, Runner, Warden) in its roster."""
    return tactics_game(roster=(str(EXTRA_ROSTER),))


def might_at(state: TacticsState, cell: str, *, attacking: bool = False) -> int:
    """The effective Might of the warrior on `cell`."""
    return might(state, warrior_at(state, cell), attacking=attacking)


def decision(state: TacticsState) -> tuple[int, Phase, str]:
    """Who decides now, what kind of decision it is, and the square of the warrior it is about."""
    prompt = state.prompt
    assert isinstance(prompt, TacticsPrompt)
    where = prompt.square
    return state.current_player, prompt.phase, name(where) if where >= 0 else "-"


def effects_used(events: tuple[object, ...]) -> list[tuple[str, str]]:
    """The effects that acted, in order: (name of the warrior's side, effect)."""
    return [(e.name, e.effect) for e in events_of(events, EffectUsed)]  # type: ignore[arg-type]


# ---------------------------------------------------------------------- TAC-D1: the roster

NO_MOVE = None
ROSTER_TABLE = (
    # id, name, cost, (might, (dirs, spaces, mode), effect) uninjured, the same injured
    ("militia", "Militia", 1, (2, ("any", 1, "none"), "PHALANX(1)"), (1, ("ortho", 1, "none"), None)),
    ("archer", "Archer", 2, (1, ("ortho", 2, "none"), "RANGED(3)"), (1, NO_MOVE, "RANGED(2)")),
    ("scout", "Scout", 2, (1, ("any", 3, "jump"), "RALLY_SELF(1)"), (1, ("any", 2, "jump"), None)),
    (
        "diver",
        "Diver",
        2,
        (2, ("ortho", 3, "swim"), "TERRAIN_AFFINITY(water,1)"),
        (1, ("ortho", 2, "swim"), "TERRAIN_AFFINITY(water,1)"),
    ),
    ("pikeman", "Pikeman", 3, (3, ("ortho", 2, "none"), "BRACE(1)"), (2, ("ortho", 1, "none"), None)),
    ("bard", "Bard", 3, (1, ("any", 2, "none"), "RALLY_ADJ(1)"), (1, ("any", 1, "none"), None)),
    ("knight", "Knight", 5, (4, ("any", 2, "none"), "RIPOSTE_MOVE"), (3, ("any", 1, "none"), None)),
    ("wyvern", "Wyvern", 6, (3, ("any", 4, "flight"), "STRIKER(1)"), (2, ("any", 2, "flight"), None)),
    ("cmdr-vale", "CMDR Vale", 8, (3, ("any", 2, "none"), "NUDGE"), (2, ("any", 1, "none"), None)),
    (
        "cmdr-oren",
        "CMDR Oren",
        8,
        (2, ("diag", 3, "flight"), "RIPOSTE_MOVE"),
        (2, ("ortho", 2, "flight"), None),
    ),
    (
        "cmdr-kess",
        "CMDR Kess",
        8,
        (3, ("ortho", 3, "jump"), "RALLY_ADJ(1)"),
        (2, ("ortho", 2, "jump"), None),
    ),
)


def _side_row(side: Side) -> tuple[int, tuple[str, int, str] | None, str | None]:
    """One side as the table writes it: Might, movement (None: cannot move), effect."""
    move = side.move
    movement = None
    if move.spaces > 0:
        assert not move.exact or move.spaces == 1, f"{side.name}: the table reads 'up to' {move.spaces}"
        movement = (move.dirs.value, move.spaces, move.mode.value)
    return side.might, movement, None if side.effect is None else str(side.effect)


def test_tac_d1_the_roster_is_the_eleven_cards_of_the_table_in_order() -> None:
    """TAC-D1: the default roster holds exactly the eleven cards of the rulebook's table."""
    game = tactics_game()
    assert [(card.id, card.name) for card in game.roster] == [(row[0], row[1]) for row in ROSTER_TABLE]


@pytest.mark.parametrize("row", ROSTER_TABLE, ids=[row[0] for row in ROSTER_TABLE])
def test_tac_d1_each_card_has_the_tables_cost_might_movement_and_effect_on_both_sides(
    row: tuple[str, str, int, tuple[object, ...], tuple[object, ...]],
) -> None:
    """TAC-D1, TAC-5 to 7: cost, commander flag (TAC-6), and Might / movement / effect of each side; the
    injured side's name says "injured"."""
    card_id, card_name, cost, uninjured, injured = row
    card = next(card for card in tactics_game().roster if card.id == card_id)
    assert (card.name, card.cost, card.commander) == (card_name, cost, card_name.startswith("CMDR"))
    assert _side_row(card.uninjured) == uninjured
    assert _side_row(card.injured) == injured
    assert card.uninjured.name == card_name
    assert "injured" in card.injured.name


# ---------------------------------------------------------------------- TAC-39


def test_tac_39_every_warrior_of_the_roster_has_an_effect() -> None:
    """TAC-39: every warrior has an effect (on its uninjured side; TAC-D1 leaves some injured sides
    without one)."""
    assert all(card.uninjured.effect is not None for card in tactics_game().roster)


def test_tac_39_passive_effects_of_the_non_active_player_work_during_the_opponents_turn() -> None:
    """TAC-39: effects work on the opponent's turn: during P1's turn, P2's Militia has its PHALANX, its
    Diver in Water its TERRAIN_AFFINITY, and its Pikeman's BRACE softens P1's attack."""
    state = start(
        """
        8  .  .  .  .  .  .  .  e
        6  .  m  m  .  d  .  .  .
        5  .  .  .  p  .  .  .  .
        4  .  .  .  P  .  .  .  .
        1  .  .  .  .  .  .  .  E
        """,
        """
        6  .  .  .  .  W  .  .  .
        """,
    )
    assert (might_at(state, "b6"), might_at(state, "c6"), might_at(state, "e6")) == (3, 3, 3)
    events = play(state, "attack d5 from d4")
    assert [(e.reduction, e.might_left) for e in events_of(events, Attacked)] == [(2, 1)]
    assert events_of(events, Injured) == []


def test_tac_39_a_reactive_effect_acts_during_the_opponents_turn() -> None:
    """TAC-39, 43: P2's Knight answers P1's attack during P1's turn."""
    state = start(
        """
        8  .  .  .  .  .  .  .  e
        5  .  .  .  k  .  .  .  .
        4  .  .  .  P  .  .  .  .
        1  .  .  .  .  .  .  .  E
        """
    )
    play(state, "attack d5 from d4")
    assert decision(state) == (1, Phase.RIPOSTE, "d5")
    assert state.active == 0


# ---------------------------------------------------------------------- TAC-40, R13, DX13


@pytest.mark.parametrize(
    ("target", "expected"),
    [("b2", 1), ("c3", 3), ("d4", 4), ("e5", 6), ("d2", 3), ("a5", 4)],
)
def test_tac_dx13_effect_distance_from_the_corner(target: str, expected: int) -> None:
    """DX13: from (0,0), (1,1) = 1, (2,2) = 3, (3,3) = 4, (4,4) = 6, (3,1) = 3, (0,4) = 4."""
    assert distance(square("a1"), square(target)) == expected
    assert distance(square(target), square("a1")) == expected


def test_tac_dx13_archer_ranged_3_reaches_distance_3_but_not_4() -> None:
    """DX13: an Archer with RANGED(3) on a1 may attack enemies on c3 and d2 (distance 3), not on d4 or
    a5 (distance 4)."""
    state = start(
        """
        8  .  .  .  .  .  .  .  e
        5  m  .  .  .  .  .  .  .
        4  .  .  .  m  .  .  .  .
        3  .  .  m  .  .  .  .  .
        2  .  .  .  m  .  .  .  .
        1  A  .  .  .  .  .  .  E
        """
    )
    attacks = [text for text in legal_texts(state) if text.startswith("attack")]
    assert attacks == ["attack d2 from a1", "attack c3 from a1"]


def test_tac_40_range_counts_from_the_adjacent_space_as_1() -> None:
    """TAC-40: each of the eight surrounding squares is at distance 1; two straight steps are 2, a
    knight's step is 2."""
    centre = square("d4")
    around = ["c3", "d3", "e3", "c4", "e4", "c5", "d5", "e5"]
    assert [distance(centre, square(c)) for c in around] == [1] * 8
    assert [distance(centre, square(c)) for c in ("d6", "f4", "b4", "e6", "f5", "b3")] == [2] * 6


def test_tac_40_every_second_diagonal_step_counts_one_extra() -> None:
    """TAC-40: along a diagonal the distances are 1, 3, 4, 6, 7, 9, 10."""
    diagonal = ["b2", "c3", "d4", "e5", "f6", "g7", "h8"]
    assert [distance(square("a1"), square(c)) for c in diagonal] == [1, 3, 4, 6, 7, 9, 10]


def test_tac_r13_effect_distance_on_every_pair_of_squares() -> None:
    """TAC-R13: d = max(|dx|,|dy|) + floor(min(|dx|,|dy|)/2) for every pair of squares."""
    for a in range(64):
        for b in range(64):
            dx, dy = abs(a % 8 - b % 8), abs(a // 8 - b // 8)
            assert distance(a, b) == max(dx, dy) + min(dx, dy) // 2, (name(a), name(b))


def test_tac_r13_adjacent_allies_include_the_diagonals_for_phalanx_and_rally() -> None:
    """TAC-R13: "adjacent" is the 8 surrounding squares: a diagonal ally gives PHALANX, a Bard's
    RALLY_ADJ reaches a diagonal ally, and an ally two squares away gets neither."""
    state = start(
        """
        8  .  .  .  .  .  .  .  e
        4  .  .  .  .  .  M  .  .
        3  .  .  .  .  .  .  .  .
        2  .  .  M  .  .  .  .  .
        1  .  B  .  .  .  .  .  E
        """
    )
    assert might_at(state, "c2") == 3  # the Bard on b1 is diagonally adjacent
    assert might_at(state, "f4") == 2  # no ally adjacent
    play(state, "move b1 0 spaces")
    assert state.buff[warrior_at(state, "c2")] == 1
    assert state.buff[warrior_at(state, "f4")] == 0


def test_tac_r13_pieces_and_terrain_never_block_an_effect() -> None:
    """TAC-R13: no line of sight: an Archer shoots over its own warrior and over Stone."""
    state = start(
        """
        8  .  .  .  .  .  .  .  e
        4  m  .  .  .  .  .  .  .
        3  .  .  m  .  .  .  .  .
        2  .  M  .  .  .  .  .  .
        1  A  .  .  .  .  .  .  E
        """,
        """
        3  S  .  .  .  .  .  .  .
        2  S  .  .  .  .  .  .  .
        """,
    )
    attacks = [text for text in legal_texts(state) if text.startswith("attack") and text.endswith("a1")]
    assert attacks == ["attack c3 from a1", "attack a4 from a1"]


# ---------------------------------------------------------------------- TAC-41, DX14


def test_tac_dx14_a_zero_space_move_triggers_after_moving_and_uses_an_action() -> None:
    """DX14, TAC-41, R10b: a Scout's 0-space move action gives it +1 Might (RALLY_SELF) and counts as an
    action."""
    state = start(
        """
        8  .  .  .  .  .  .  .  e
        2  .  .  S  .  .  .  .  .
        1  .  .  .  .  .  .  .  E
        """
    )
    events = play(state, "move c2 0 spaces")
    assert effects_used(events) == [("Scout", "RALLY_SELF")]
    assert might_at(state, "c2") == 2
    assert state.actions_used == 1
    assert decision(state) == (0, Phase.ACTION, "-")


def test_tac_41_after_moving_fires_after_every_move_action() -> None:
    """TAC-41: two move actions of the Scout trigger RALLY_SELF twice."""
    state = start(
        """
        8  .  .  .  .  .  .  .  e
        2  .  .  S  .  .  .  .  .
        1  .  .  .  .  .  .  .  E
        """
    )
    events = play(state, "move c2 to c4", "move c4 to f4")
    assert [effect for _, effect in effects_used(events)] == ["RALLY_SELF", "RALLY_SELF"]
    assert might_at(state, "f4") == 3
    assert state.actions_used == 2


def test_tac_41_after_moving_fires_when_another_warriors_effect_moves_it() -> None:
    """TAC-41: a Scout moved by CMDR Vale's NUDGE gets its RALLY_SELF."""
    state = start(
        """
        8  .  .  .  .  .  .  .  e
        2  .  .  .  S  .  .  .  .
        1  .  .  .  V  .  .  .  .
        """,
        active=1,
    )
    play(state, "end turn")
    events = play(state, "move d2 to d3")
    assert effects_used(events) == [
        ("CMDR Vale", "NUDGE"),
        ("Scout", "RALLY_SELF"),
    ]
    assert might_at(state, "d3") == 2
    assert state.actions_used == 0


def test_tac_41_an_attack_is_no_move_and_triggers_no_after_moving() -> None:
    """TAC-41: only moves trigger After-Moving: a Scout's attack action gives no RALLY_SELF."""
    state = start(
        """
        8  .  .  .  .  .  .  .  e
        3  .  .  m  .  .  .  .  .
        2  .  .  S  .  .  .  .  .
        1  .  .  .  .  .  .  .  E
        """
    )
    events = play(state, "attack c3 from c2")
    assert effects_used(events) == []
    assert might_at(state, "c2") == 1


# ---------------------------------------------------------------------- TAC-42


def test_tac_42_phalanx_follows_the_board_at_every_moment() -> None:
    """TAC-42: a passive effect needs no trigger: the Militia's PHALANX is on while its ally stands next
    to it, off as soon as the ally leaves, and on again when it comes back."""
    state = start(
        """
        8  .  .  .  .  .  .  .  e
        2  .  .  M  P  .  .  .  .
        1  .  .  .  .  .  .  .  E
        """
    )
    assert might_at(state, "c2") == 3
    play(state, "move d2 to f2")
    assert might_at(state, "c2") == 2
    play(state, "move f2 to d2")
    assert might_at(state, "c2") == 3


def test_tac_42_terrain_affinity_is_on_exactly_while_in_the_terrain() -> None:
    """TAC-42: the Diver has +1 Might while it stands in Water, and loses it when it leaves."""
    state = start(
        """
        8  .  .  .  .  .  .  .  e
        2  .  .  D  .  .  .  .  .
        1  .  .  .  .  .  .  .  E
        """,
        """
        4  .  .  W  .  .  .  .  .
        """,
    )
    assert might_at(state, "c2") == 2
    play(state, "move c2 to c4")
    assert might_at(state, "c4") == 3
    play(state, "move c4 to c5")
    assert might_at(state, "c5") == 2


# ---------------------------------------------------------------------- TAC-43


def test_tac_43_a_reactive_effect_fires_only_on_its_condition() -> None:
    """TAC-43: moving next to the Knight is no attack, so no riposte; attacking it is."""
    state = start(
        """
        8  .  .  .  .  .  .  .  e
        5  .  .  .  k  .  .  .  .
        3  .  .  .  P  .  .  .  .
        1  .  .  .  .  .  .  .  E
        """
    )
    play(state, "move d3 to d4")
    assert decision(state) == (0, Phase.ACTION, "-")
    play(state, "attack d5 from d4")
    assert decision(state) == (1, Phase.RIPOSTE, "d5")


def test_tac_43_a_warrior_on_the_first_square_reacts_too() -> None:
    """TAC-43, G3: the reaction is asked of an attacked warrior still on the board, on any square: a Knight
    on a1 (square 0) attacked from a2 ripostes."""
    state = start(
        """
        8  .  .  .  .  .  .  .  e
        2  P  .  .  .  .  .  .  .
        1  k  .  .  .  .  .  .  E
        """
    )
    play(state, "attack a1 from a2")
    assert decision(state) == (1, Phase.RIPOSTE, "a1")
    assert str(state.prompt).endswith(" (a1)")  # the decision names its square, a1 too


def test_tac_43_no_riposte_once_the_attack_flipped_the_knight() -> None:
    """TAC-43, TAC-7: the injured Knight shows its injured side, which has no effect: no riposte."""
    state = start(
        """
        8  .  .  .  .  .  .  .  e
        5  .  .  .  k  .  .  .  .
        4  .  .  .  K  .  .  .  .
        1  .  .  .  .  .  .  .  E
        """
    )
    events = play(state, "attack d5 from d4")
    assert [e.warrior for e in events_of(events, Injured)] == [warrior_at(state, "d5")]
    assert decision(state) == (0, Phase.ACTION, "-")


# ---------------------------------------------------------------------- TAC-R16, DX17

KNIGHT_ATTACKED = """
    8  .  .  .  .  .  .  .  e
    5  .  .  .  k  .  .  .  .
    4  .  .  .  P  .  .  .  .
    1  .  .  .  .  .  .  .  E
"""


def test_tac_dx17_the_knights_controller_decides_its_riposte_during_p1s_turn() -> None:
    """DX17, R16: after the Knight survives P1's attack, P2 (not active) decides: move it with its own
    movement (ANY up to 2) or decline."""
    state = start(KNIGHT_ATTACKED)
    play(state, "attack d5 from d4")
    assert decision(state) == (1, Phase.RIPOSTE, "d5")
    assert state.active == 0
    expected = {"b3", "f3", "c4", "e4", "b5", "c5", "e5", "f5", "c6", "d6", "e6", "b7", "d7", "f7"}
    assert destinations(state, "d5") == expected
    assert "decline" in legal_texts(state)
    assert not any(text.startswith(("attack", "end turn", "buy")) for text in legal_texts(state))


def test_tac_dx17_the_riposte_uses_none_of_p1s_actions_and_no_after_moving() -> None:
    """DX17, R16: the riposte move is no action of P1's, and only the riposte itself acts (a move by a
    warrior's own effect triggers no After-Moving)."""
    state = start(KNIGHT_ATTACKED)
    play(state, "attack d5 from d4")
    events = play(state, "move d5 to d7")
    assert [(e.name, e.origin, e.dest) for e in events_of(events, Moved)] == [
        ("Knight", square("d5"), square("d7"))
    ]
    assert effects_used(events) == [("Knight", "RIPOSTE_MOVE")]
    assert state.actions_used == 1
    assert decision(state) == (0, Phase.ACTION, "-")
    assert might_at(state, "d7") == 1  # the reduction of the attack stays until the turn ends


def test_tac_dx17_declining_the_riposte_leaves_the_knight_in_place() -> None:
    """DX17, R16: an optional effect may be declined; play goes back to P1, actions unchanged."""
    state = start(KNIGHT_ATTACKED)
    play(state, "attack d5 from d4")
    events = play(state, "decline")
    assert effects_used(events) == []
    assert warrior_at(state, "d5") >= 0
    assert state.actions_used == 1
    assert decision(state) == (0, Phase.ACTION, "-")


def test_tac_r16_effects_without_a_choice_apply_without_a_decision() -> None:
    """TAC-R16: RALLY_ADJ has no downside and no choice: after the Bard's move, P1 is asked for the
    next action straight away and the adjacent allies have +1."""
    state = start(
        """
        8  .  .  .  .  .  .  .  e
        3  .  .  .  M  .  .  .  .
        1  .  B  .  .  .  .  .  E
        """
    )
    play(state, "move b1 to c2")
    assert decision(state) == (0, Phase.ACTION, "-")
    assert state.buff[warrior_at(state, "d3")] == 1


def test_tac_r16_an_after_moving_choice_of_a_nudged_enemy_is_its_controllers() -> None:
    """TAC-R16: P1's Vale nudges P2's Slinger at P1's turn start; the Slinger's optional VOLLEY is
    decided by P2, the non-active player, before P1's first action."""
    state = start(
        """
        8  .  .  .  .  .  .  .  e
        3  .  .  .  .  .  M  .  .
        2  .  .  .  l  .  .  .  .
        1  .  .  .  V  .  .  .  E
        """,
        game=extended(),
        active=1,
    )
    play(state, "end turn")
    assert decision(state) == (0, Phase.TURN_START, "d1")
    play(state, "move d2 to e2")
    assert decision(state) == (1, Phase.AFTER_MOVE, "e2")
    assert state.active == 0
    events = play(state, "attack f3 from e2")
    assert [(e.attacker_name, e.target_name, e.reduction) for e in events_of(events, Attacked)] == [
        ("Slinger", "Militia", 2)
    ]
    assert decision(state) == (0, Phase.ACTION, "-")
    assert state.actions_used == 0


def test_tac_r16_turn_start_effects_resolve_before_the_first_action() -> None:
    """TAC-R16, B.5 G0: as P1's turn starts, the NUDGE decision comes before any action: only nudges
    of warriors adjacent to the Vale and "decline" are legal."""
    state = start(
        """
        8  .  .  .  .  .  .  .  e
        2  .  .  .  m  .  .  .  .
        1  .  .  .  V  .  .  .  .
        """,
        active=1,
    )
    play(state, "end turn")
    assert decision(state) == (0, Phase.TURN_START, "d1")
    assert legal_texts(state) == [
        "move d2 to c1",
        "move d2 to e1",
        "move d2 to c2",
        "move d2 to e2",
        "move d2 to c3",
        "move d2 to d3",
        "move d2 to e3",
        "decline",
    ]
    play(state, "decline")
    assert decision(state) == (0, Phase.ACTION, "-")
    assert state.actions_used == 0


def test_tac_r16_a_nudged_enemy_on_its_own_portal_is_teleported_by_its_controller() -> None:
    """TAC-R16, R12: P1's Vale nudges P2's Militia onto P2's Portal; whether it goes through is P2's
    decision, taken during P1's turn start."""
    state = start(
        """
        8  .  .  .  .  .  .  .  e
        2  .  .  .  m  .  .  .  .
        1  .  .  .  V  .  .  .  .
        """,
        """
        5  .  .  .  .  .  .  .  p
        1  .  .  .  .  p  .  .  .
        """,
        active=1,
    )
    play(state, "end turn")
    play(state, "move d2 to e1")
    assert decision(state) == (1, Phase.PORTAL, "e1")
    assert legal_texts(state) == ["move e1 to h5 through the portal at e1", "decline"]
    play(state, "move e1 to h5 through the portal at e1")
    assert state.owner[warrior_at(state, "h5")] == 1
    assert decision(state) == (0, Phase.ACTION, "-")


def test_tac_41_a_nudge_through_a_portal_triggers_after_moving_once_after_arrival() -> None:
    """TAC-41, R12: a Scout nudged onto P1's Portal and teleported gets one RALLY_SELF, after arriving."""
    state = start(
        """
        8  .  .  .  .  .  .  .  e
        2  .  .  .  .  S  .  .  .
        1  .  .  .  V  .  .  .  .
        """,
        """
        3  .  .  .  .  .  P  .  .
        1  .  .  .  .  .  .  .  P
        """,
        active=1,
    )
    play(state, "end turn")
    first = play(state, "move e2 to f3")
    assert effects_used(first) == [("CMDR Vale", "NUDGE")]
    assert decision(state) == (0, Phase.PORTAL, "f3")
    second = play(state, "move f3 to h1 through the portal at f3")
    assert effects_used(second) == [("Scout", "RALLY_SELF")]
    assert might_at(state, "h1") == 2


def test_tac_r16_a_turn_start_effect_with_no_possible_use_asks_nothing() -> None:
    """TAC-R16, E4: with no warrior next to the Vale, NUDGE has no use: P1's turn goes straight to its
    first action."""
    state = start(
        """
        8  .  .  .  .  .  .  .  e
        3  .  .  .  S  .  .  .  .
        1  .  .  .  V  .  .  .  .
        """,
        active=1,
    )
    events = play(state, "end turn")
    assert effects_used(events) == []
    assert decision(state) == (0, Phase.ACTION, "-")


def test_tac_d3_an_injured_vale_has_no_nudge() -> None:
    """TAC-D1, D3: NUDGE is on the Vale's uninjured side only: the injured Vale is not asked."""
    state = start(
        """
        8  .  .  .  .  .  .  .  e
        2  .  .  .  S  .  .  .  .
        1  .  .  .  V* .  .  .  .
        """,
        active=1,
    )
    play(state, "end turn")
    assert decision(state) == (0, Phase.ACTION, "-")


def _turn_start_orders(state: TacticsState) -> set[tuple[str, ...]]:
    """Every order in which turn-start effects can be used, over all the choices before the first
    action (the names of the warriors whose effect acted, in order)."""
    orders: set[tuple[str, ...]] = set()

    def explore(node: TacticsState, used: tuple[str, ...]) -> None:
        if not isinstance(node.prompt, TacticsPrompt) or node.prompt.phase is Phase.ACTION:
            orders.add(used)
            return
        for option in node.legal_actions():
            child = node.clone()
            assert isinstance(child, TacticsState)
            events = child.apply_action(option)
            explore(child, used + tuple(name for name, _ in effects_used(events)))

    explore(state, ())
    return orders


def test_tac_r16_a_defeated_warrior_has_no_turn_start_effect(tmp_path: Path) -> None:
    """TAC-R16, R1: only warriors on the board trigger. P2's Keeper shows NUDGE on both sides; once P1
    defeats it, P2's turn starts with the NUDGE of its Vale alone: no order of effects to choose."""
    path = tmp_path / "keeper.toml"
    path.write_text(
        '[[warrior]]\nid = "keeper"\nname = "Keeper"\ncost = 2\n'
        'uninjured = { might = 1, move = "any 1", effect = "NUDGE" }\n'
        'injured = { name = "Keeper (injured)", might = 1, move = "any 1", effect = "NUDGE" }\n',
        encoding="utf-8",
    )
    game = tactics_game(roster=(str(path),))
    keeper = game.codes[-1].lower()
    state = start(
        f"""
        5  .  .  .  {keeper}* .  .  .  .
        4  .  .  .  P  .  .  .  .
        1  E  .  .  .  .  .  v  M
        """,
        game=game,
    )
    defeated = warrior_at(state, "d5")
    play(state, "attack d5 from d4")
    assert state.square[defeated] == -1
    play(state, "end turn")
    assert decision(state) == (1, Phase.TURN_START, "g1")


def test_tac_r16_the_active_player_orders_simultaneous_turn_start_effects() -> None:
    """TAC-R16: when several effects trigger at once, the active player resolves them in the order they
    choose: with two NUDGE warriors, P1 can use either one first and then the other."""
    state = start(
        """
        8  .  .  .  .  .  .  .  e
        2  .  M  .  .  .  .  M  .
        1  V  .  .  .  .  .  .  [warden]
        """,
        game=extended(),
        active=1,
    )
    play(state, "end turn")
    orders = _turn_start_orders(state)
    assert ("CMDR Vale", "Warden") in orders
    assert ("Warden", "CMDR Vale") in orders


def test_tac_r16_a_rally_lasts_through_the_opponents_turn_and_expires_as_its_owners_turn_starts() -> None:
    """TAC-R16: "until your next turn starts": the Scout's +1 holds during P2's turn and is gone when P1's
    next turn starts, before P1's turn-start effects (the NUDGE decision already sees Might 1)."""
    state = start(
        """
        8  .  .  .  .  .  .  .  e
        2  .  .  .  S  .  .  .  .
        1  .  .  .  V  .  .  .  .
        """
    )
    play(state, "move d2 0 spaces", "end turn")
    assert state.active == 1
    assert might_at(state, "d2") == 2
    play(state, "end turn")
    assert decision(state) == (0, Phase.TURN_START, "d1")
    assert might_at(state, "d2") == 1
    assert state.buff[warrior_at(state, "d2")] == 0


def test_tac_r16_until_the_turn_ends_effects_expire_in_the_turn_end_step() -> None:
    """TAC-R16: scorched and attack reductions last "until the turn ends": both are gone once P1's turn
    has ended."""
    state = start(
        """
        8  .  .  .  .  .  .  .  e
        5  .  .  .  k  .  .  .  .
        4  .  .  .  P  .  .  .  .
        2  .  M  .  .  .  .  .  .
        1  .  .  .  .  .  .  .  E
        """,
        """
        3  .  F  .  .  .  .  .  .
        """,
    )
    play(state, "attack d5 from d4", "decline", "move b2 to b3", "move b3 to b4")
    assert (might_at(state, "d5"), might_at(state, "b4")) == (1, 1)
    play(state, "end turn")
    assert state.active == 1
    assert (might_at(state, "d5"), might_at(state, "b4")) == (4, 2)


# ---------------------------------------------------------------------- TAC-D3: one scenario per effect


def test_tac_d3_phalanx_adds_its_amount_while_an_ally_is_adjacent() -> None:
    """TAC-D3 PHALANX(1): Militia 2 alone or next to an enemy only, 3 with an ally adjacent; the injured
    side has no PHALANX."""
    state = start(
        """
        8  .  .  .  .  .  .  .  e
        3  .  m  .  .  .  .  M* M
        2  .  M  .  .  .  .  .  .
        1  .  .  .  M  .  .  .  E
        """
    )
    assert might_at(state, "b2") == 2  # only an enemy is adjacent
    assert might_at(state, "d1") == 2  # no one adjacent
    assert might_at(state, "h3") == 3  # the injured Militia on g3 is an ally
    assert might_at(state, "g3") == 1  # the injured side: no effect


def test_tac_d3_ranged_lets_attack_actions_reach_their_effect_distance() -> None:
    """TAC-D3 RANGED(r): the Archer's attack actions reach distance 3 (d3 at 2, e3 at 3, not f4 at 4),
    the injured Archer's 2; a warrior without RANGED attacks only adjacent enemies."""
    board = """
        8  .  .  .  .  .  .  .  e
        4  .  .  .  .  .  m  .  .
        3  .  .  .  m  m  .  .  .
        1  .  .  A  .  .  .  .  E
        """
    state = start(board)
    assert [t for t in legal_texts(state) if t.startswith("attack")] == [
        "attack d3 from c1",
        "attack e3 from c1",
    ]
    state = start(board.replace("A", "A*"))
    assert [t for t in legal_texts(state) if t.startswith("attack")] == ["attack d3 from c1"]
    state = start(board.replace("A", "M"))
    assert [t for t in legal_texts(state) if t.startswith("attack")] == []


def test_tac_d3_ranged_attack_uses_the_normal_arithmetic() -> None:
    """TAC-D3 RANGED, TAC-45: a ranged attack by the Might 1 Archer reduces the target by 1."""
    state = start(
        """
        8  .  .  .  .  .  .  .  e
        3  .  .  .  .  m  .  .  .
        1  .  .  A  .  .  .  .  E
        """
    )
    events = play(state, "attack e3 from c1")
    assert [(e.reduction, e.might_left) for e in events_of(events, Attacked)] == [(1, 1)]


def test_tac_d3_rally_self_gives_the_mover_plus_n() -> None:
    """TAC-D3 RALLY_SELF(1): after its move the Scout has Might 2; the injured Scout has no rally."""
    state = start(
        """
        8  .  .  .  .  .  .  .  e
        2  .  .  S  .  .  S* .  .
        1  .  .  .  .  .  .  .  E
        """
    )
    events = play(state, "move c2 to c5", "move f2 to f4")
    assert effects_used(events) == [("Scout", "RALLY_SELF")]
    assert (might_at(state, "c5"), might_at(state, "f4")) == (2, 1)


def test_tac_d3_rally_adj_gives_each_ally_adjacent_after_the_move_plus_n() -> None:
    """TAC-D3 RALLY_ADJ(1): after the Bard moves from b2 to d2, its allies on c3 and e1 get +1; the ally
    it left behind (a1), the enemy beside it (e3) and the Bard itself get nothing."""
    state = start(
        """
        8  .  .  .  .  .  .  .  e
        3  .  .  P  .  m  .  .  .
        2  .  B  .  .  .  .  .  .
        1  M  .  .  .  P  .  .  E
        """
    )
    events = play(state, "move b2 to d2")
    assert effects_used(events) == [("Bard", "RALLY_ADJ")]
    assert [might_at(state, c) for c in ("c3", "e1", "a1", "e3", "d2")] == [4, 4, 2, 2, 1]


def test_tac_d3_rally_adj_reaches_the_ally_numbered_0() -> None:
    """TAC-D3 RALLY_ADJ(1): the Militia on a1, warrior number 0, is an ally like any other: after the
    Bard moves from c3 to b2 it gets +1 (and +1 by its PHALANX, the Bard now beside it); the commander
    numbered last, far from the Bard, gets nothing."""
    state = start(
        """
        8  .  .  .  .  .  .  .  E
        3  .  .  B  .  .  .  .  .
        1  M  .  .  .  .  .  .  e
        """
    )
    assert (warrior_at(state, "a1"), warrior_at(state, "h8")) == (0, len(state.card) - 1)
    play(state, "move c3 to b2")
    assert state.buff[0] == 1
    assert might_at(state, "a1") == 4
    assert state.buff[warrior_at(state, "h8")] == 0  # the last warrior, an ally far away: nothing


def test_tac_d3_rally_adj_of_cmdr_kess() -> None:
    """TAC-D1, D3: CMDR Kess also has RALLY_ADJ(1): a 0-space move gives its adjacent ally +1."""
    state = start(
        """
        8  .  .  .  .  .  .  .  e
        2  .  .  .  A  .  .  .  .
        1  .  .  .  E  .  .  .  .
        """
    )
    play(state, "move d1 0 spaces")
    assert might_at(state, "d2") == 2


def test_tac_d3_terrain_affinity_counts_only_its_terrain() -> None:
    """TAC-D3 TERRAIN_AFFINITY(Water,1): Divers in Water have +1 (both sides); a Diver on Fire has not
    (it is scorched instead: -1)."""
    state = start(
        """
        8  .  .  .  .  .  .  .  e
        2  .  D  D* D  .  .  .  .
        1  .  .  .  .  .  .  .  E
        """,
        """
        2  .  W  W  F  .  .  .  .
        """,
        scorched=["d2"],
    )
    assert [might_at(state, c) for c in ("b2", "c2", "d2")] == [3, 2, 1]


def test_tac_d3_brace_reduces_attacks_against_it_by_n_but_not_below_0() -> None:
    """TAC-D3 BRACE(1): a Might 3 attack takes only 2 from the Pikeman (3 -> 1), a Might 1 attack takes
    nothing."""
    state = start(
        """
        8  .  .  .  .  .  .  .  e
        5  .  .  .  p  .  .  .  .
        4  .  .  M  S  .  .  .  .
        1  .  .  .  .  .  .  .  E
        """
    )
    events = play(state, "attack d5 from d4", "attack d5 from c4")
    assert [(e.reduction, e.might_left) for e in events_of(events, Attacked)] == [(0, 3), (2, 1)]


def test_tac_d3_striker_adds_n_only_while_attacking() -> None:
    """TAC-D3 STRIKER(1): the Wyvern's Might is 3, but it attacks with 4 and injures a Knight."""
    state = start(
        """
        8  .  .  .  .  .  .  .  e
        5  .  .  .  k  .  .  .  .
        4  .  .  .  W  .  .  .  .
        1  .  .  .  .  .  .  .  E
        """
    )
    assert (might_at(state, "d4"), might_at(state, "d4", attacking=True)) == (3, 4)
    events = play(state, "attack d5 from d4")
    assert [(e.reduction, e.might_left) for e in events_of(events, Attacked)] == [(4, 0)]
    assert [e.warrior for e in events_of(events, Injured)] == [warrior_at(state, "d5")]


def test_tac_d3_riposte_move_of_cmdr_oren_uses_its_own_movement() -> None:
    """TAC-D3 RIPOSTE_MOVE: CMDR Oren, attacked and still on the board, may move with its own MoveSpec
    (diagonal up to 3, flight: over the warrior on c4)."""
    state = start(
        """
        8  .  .  .  .  .  .  .  .
        5  .  .  .  o  .  .  .  .
        4  .  .  m  A  .  .  .  .
        1  .  .  .  .  .  .  .  E
        """
    )
    play(state, "attack d5 from d4")
    assert decision(state) == (1, Phase.RIPOSTE, "d5")
    assert destinations(state, "d5") == {"a2", "b3", "e4", "f3", "g2", "c6", "b7", "a8", "e6", "f7", "g8"}


def test_tac_d3_nudge_moves_an_adjacent_warrior_of_either_side_one_space() -> None:
    """TAC-D3 NUDGE: the Vale may move an adjacent warrior, friend or enemy, 1 space to an empty square
    it can enter: not onto Stone or Water for an enemy Militia, but onto Fire, which scorches it."""
    state = start(
        """
        8  .  .  .  .  .  .  .  e
        2  .  .  .  m  .  .  .  .
        1  .  .  .  V  M  .  .  .
        """,
        """
        3  .  .  S  W  F  .  .  .
        """,
        active=1,
    )
    play(state, "end turn")
    assert destinations(state, "d2") == {"c1", "c2", "e2", "e3"}
    assert destinations(state, "e1") == {"f1", "e2", "f2"}
    events = play(state, "move d2 to e3")
    assert effects_used(events) == [("CMDR Vale", "NUDGE")]
    assert [(e.origin, e.dest) for e in events_of(events, Moved)] == [(square("d2"), square("e3"))]
    assert might_at(state, "e3") == 1
    assert decision(state) == (0, Phase.ACTION, "-")


def test_tac_d3_nudge_respects_the_moved_warriors_own_mode() -> None:
    """TAC-D3 NUDGE: "the moved warrior's own modes apply": a Diver (swim) may be nudged into Water, a
    Wyvern (flight) onto Stone but not onto Wind."""
    state = start(
        """
        8  .  .  .  .  .  .  .  e
        2  .  .  .  .  .  .  .  .
        1  .  .  d  V  w  .  .  .
        """,
        """
        2  .  S  W  .  N  S  .  .
        """,
        active=1,
    )
    play(state, "end turn")
    assert destinations(state, "c1") == {"b1", "c2", "d2"}
    assert destinations(state, "e1") == {"d2", "f1", "f2"}
    play(state, "move c1 to c2")
    assert warrior_at(state, "c2") >= 0


# ---------------------------------------------------------------------- the extension effects


def test_tac_d3_volley_attacks_within_its_distance_after_moving() -> None:
    """VOLLEY(r), an attack through an effect: after the Slinger's move, P1 may attack an enemy within
    effect distance 3 (d5 at 2 and d6 at 3, not g6 at 5) or decline; the attack takes the Slinger's Might."""
    state = start(
        """
        8  .  .  .  .  .  .  .  e
        6  .  .  .  m  .  .  m  .
        5  .  .  .  m  .  .  .  .
        2  .  .  L  .  .  .  .  .
        1  .  .  .  .  .  .  .  E
        """,
        game=extended(),
    )
    play(state, "move c2 to c3")
    assert decision(state) == (0, Phase.AFTER_MOVE, "c3")
    assert legal_texts(state) == ["attack d5 from c3", "attack d6 from c3", "decline"]
    events = play(state, "attack d5 from c3")
    assert effects_used(events) == [("Slinger", "VOLLEY")]
    assert [(e.reduction, e.might_left) for e in events_of(events, Attacked)] == [(2, 1)]
    assert state.actions_used == 1
    assert decision(state) == (0, Phase.ACTION, "-")


def test_tac_d3_volley_may_be_declined() -> None:
    """VOLLEY is optional (TAC-R16): declining attacks nothing."""
    state = start(
        """
        8  .  .  .  .  .  .  .  e
        5  .  .  .  m  .  .  .  .
        2  .  .  L  .  .  .  .  .
        1  .  .  .  .  .  .  .  E
        """,
        game=extended(),
    )
    events = play(state, "move c2 to c3", "decline")
    assert events_of(events, Attacked) == []
    assert might_at(state, "d5") == 2


def test_tac_d3_place_terrain_puts_its_terrain_beside_the_mover() -> None:
    """PLACE_TERRAIN(portal): after the Gatewright moves, P1 may place a Portal of its own on an adjacent
    square that has no warrior and no terrain."""
    state = start(
        """
        8  .  .  .  .  .  .  .  e
        3  .  .  M  .  .  .  .  .
        1  .  .  .  G  .  .  .  E
        """,
        """
        3  .  .  .  F  .  .  .  .
        """,
        game=extended(),
    )
    play(state, "move d1 to d2")
    assert decision(state) == (0, Phase.AFTER_MOVE, "d2")
    assert legal_texts(state) == [
        "decline",
        "place terrain at c1",
        "place terrain at d1",
        "place terrain at e1",
        "place terrain at c2",
        "place terrain at e2",
        "place terrain at e3",
    ]
    events = play(state, "place terrain at e3")
    assert effects_used(events) == [("Gatewright", "PLACE_TERRAIN")]
    assert events_of(events, EffectUsed)[0].detail == "portal at e3"
    assert [(e.player, e.terrain, e.cell) for e in events_of(events, TerrainPlaced)] == [
        (0, "portal", square("e3"))
    ]
    assert (state.terrain[square("e3")], state.terrain_owner[square("e3")]) == (2, 0)
    assert state.portals[0] == (square("e3"),)
    assert decision(state) == (0, Phase.ACTION, "-")


def test_tac_d3_a_placed_portal_works_like_a_bought_one() -> None:
    """PLACE_TERRAIN: the placed Portal belongs to P1 and joins P1's other Portal (TAC-36, R12)."""
    state = start(
        """
        8  .  .  .  .  .  .  .  e
        1  .  .  .  G  M  .  .  E
        """,
        """
        6  P  .  .  .  .  .  .  .
        """,
        game=extended(),
    )
    play(state, "move d1 0 spaces", "place terrain at e2")
    assert "move e1 to a6 through the portal at e2" in legal_texts(state)


def test_tac_d3_place_terrain_never_under_warrior_number_0() -> None:
    """PLACE_TERRAIN: a square holding a warrior is not offered, warrior number 0 (the Militia on a1,
    the lowest square) included: after moving to b2, the Gatewright may place on the other six."""
    state = start(
        """
        8  .  .  .  .  .  .  .  e
        3  .  G  .  .  .  .  .  .
        1  M  .  .  .  .  .  .  E
        """,
        game=extended(),
    )
    assert warrior_at(state, "a1") == 0
    play(state, "move b3 to b2")
    assert legal_texts(state) == [
        "decline",
        "place terrain at b1",
        "place terrain at c1",
        "place terrain at a2",
        "place terrain at c2",
        "place terrain at a3",
        "place terrain at b3",
        "place terrain at c3",
    ]


def test_tac_d3_place_terrain_with_the_alias_rock_places_stone() -> None:
    """Terrain aliases: the injured Gatewright's PLACE_TERRAIN(rock) places Stone."""
    state = start(
        """
        8  .  .  .  .  .  .  .  e
        1  .  .  .  G* .  .  .  E
        """,
        game=extended(),
    )
    events = play(state, "move d1 0 spaces", "place terrain at d2")
    assert [e.terrain for e in events_of(events, TerrainPlaced)] == ["stone"]
    assert state.terrain[square("d2")] == 1


def test_tac_d3_terrain_affinity_with_the_alias_rock_counts_stone() -> None:
    """Terrain aliases: TERRAIN_AFFINITY(rock,2) is +2 while the (jumping) Golem stands on Stone."""
    state = start(
        """
        8  .  .  .  .  .  .  .  e
        1  .  .  .  [golem] .  .  .  E
        """,
        """
        2  .  .  .  S  .  .  .  .
        """,
        game=extended(),
    )
    assert might_at(state, "d1") == 2
    play(state, "move d1 to d2")
    assert might_at(state, "d2") == 4
    card = next(card for card in state.game.roster if card.id == "golem")
    assert card.uninjured.effect is not None
    assert card.uninjured.effect.params == ("stone", 2)


def test_tac_d3_terrain_affinity_for_the_last_terrain_needs_that_terrain(tmp_path: Path) -> None:
    """TERRAIN_AFFINITY(wind,2), for the last of the terrains: a Kite on a square without terrain has
    its printed Might; on Wind it has +2."""
    roster = tmp_path / "kite.toml"
    roster.write_text(
        '[[warrior]]\nid = "kite"\nname = "Kite"\ncost = 2\n'
        'uninjured = { might = 1, move = "ortho 1", effect = "TERRAIN_AFFINITY(wind,2)" }\n'
        'injured = { might = 1, move = "ortho 1" }\n',
        encoding="utf-8",
    )
    state = start(
        """
        8  .  .  .  .  .  .  .  e
        1  .  .  .  [kite] .  .  .  E
        """,
        """
        2  .  .  .  N  .  .  .  .
        """,
        game=tactics_game(roster=(str(roster),)),
    )
    assert might_at(state, "d1") == 1
    play(state, "move d1 to d2")
    assert might_at(state, "d2") == 3


def test_tac_d3_terrain_affinity_for_the_first_terrain_counts_it(tmp_path: Path) -> None:
    """TERRAIN_AFFINITY(fire,2), for the first of the terrains (number 0): a Salamander in Fire has +2,
    less the 1 that Fire costs (TAC-R11); on a square without terrain, its printed Might."""
    roster = tmp_path / "salamander.toml"
    roster.write_text(
        '[[warrior]]\nid = "salamander"\nname = "Salamander"\ncost = 2\n'
        'uninjured = { might = 1, move = "ortho 1", effect = "TERRAIN_AFFINITY(fire,2)" }\n'
        'injured = { might = 1, move = "ortho 1" }\n',
        encoding="utf-8",
    )
    state = start(
        """
        8  .  .  .  .  .  .  .  e
        1  .  .  .  [salamander] .  .  .  E
        """,
        """
        2  .  .  .  F  .  .  .  .
        """,
        game=tactics_game(roster=(str(roster),)),
    )
    assert might_at(state, "d1") == 1
    play(state, "move d1 to d2")
    assert might_at(state, "d2") == 2


def test_tac_d3_brace_never_turns_an_attack_into_a_gain(tmp_path: Path) -> None:
    """TAC-D3 BRACE(2) "but not below 0": a Scout's Might 1 attack on a Bulwark takes nothing, and
    gives nothing either: its Might stays 3."""
    roster = tmp_path / "bulwark.toml"
    roster.write_text(
        '[[warrior]]\nid = "bulwark"\nname = "Bulwark"\ncost = 2\n'
        'uninjured = { might = 3, move = "ortho 1", effect = "BRACE(2)" }\n'
        'injured = { might = 1, move = "ortho 1" }\n',
        encoding="utf-8",
    )
    state = start(
        """
        8  .  .  .  .  .  .  .  e
        5  .  .  .  {bulwark} .  .  .  .
        4  .  .  .  S  .  .  .  .
        1  .  .  .  .  .  .  .  E
        """,
        game=tactics_game(roster=(str(roster),)),
    )
    assert might_at(state, "d4", attacking=True) == 1
    events = play(state, "attack d5 from d4")
    assert [(e.reduction, e.might_left) for e in events_of(events, Attacked)] == [(0, 3)]
    assert might_at(state, "d5") == 3


def test_tac_d4_five_terrain_kinds_and_rock_names_stone() -> None:
    """TAC-D4 and the extensibility note: the terrains are Fire, Stone, Portal, Water and Wind; "rock" is
    another name for Stone, in any case."""
    assert [t.value for t in Terrain] == ["fire", "stone", "portal", "water", "wind"]
    assert TERRAIN_ALIASES["rock"] is Terrain.STONE
    assert parse_terrain("Rock") is Terrain.STONE
    assert parse_terrain("stone") is Terrain.STONE
    with pytest.raises(
        ValueError, match="'ice' is not a terrain; terrains are fire, stone, portal, water, wind, rock"
    ):
        parse_terrain("ice")


def test_tac_d2_free_path_movement_bends_around_a_blocker() -> None:
    """Free-path movement ("each step in any direction"): the Runner (free 2) reaches every empty square
    within two steps, d3 behind its own Militia included, by a bent path."""
    state = start(
        """
        8  .  .  .  .  .  .  .  e
        2  .  .  .  M  .  .  .  .
        1  .  .  .  R  .  .  .  E
        """,
        game=extended(),
    )
    assert state.game.roster[state.card[warrior_at(state, "d1")]].uninjured.move.dirs is Dirs.FREE
    assert destinations(state, "d1") == {
        "b1",
        "c1",
        "d1",
        "e1",
        "f1",
        "b2",
        "c2",
        "e2",
        "f2",
        "b3",
        "c3",
        "d3",
        "e3",
        "f3",
    }


def test_tac_d2_free_path_movement_is_still_blocked_by_stone() -> None:
    """Free-path movement keeps the passability rules (TAC-R10d): with Stone on c2, d2 and e2, the
    Runner cannot reach the third rank."""
    state = start(
        """
        8  .  .  .  .  .  .  .  e
        1  .  .  .  R  .  .  .  E
        """,
        """
        2  .  .  S  S  S  .  .  .
        """,
        game=extended(),
    )
    assert destinations(state, "d1") == {"b1", "c1", "d1", "e1", "f1", "b2", "f2"}


# ---------------------------------------------------------------------- the effect registry

SCENARIOS: dict[str, Callable[[], None]] = {
    "PHALANX": test_tac_d3_phalanx_adds_its_amount_while_an_ally_is_adjacent,
    "RANGED": test_tac_d3_ranged_lets_attack_actions_reach_their_effect_distance,
    "RALLY_SELF": test_tac_d3_rally_self_gives_the_mover_plus_n,
    "RALLY_ADJ": test_tac_d3_rally_adj_gives_each_ally_adjacent_after_the_move_plus_n,
    "TERRAIN_AFFINITY": test_tac_d3_terrain_affinity_counts_only_its_terrain,
    "BRACE": test_tac_d3_brace_reduces_attacks_against_it_by_n_but_not_below_0,
    "STRIKER": test_tac_d3_striker_adds_n_only_while_attacking,
    "RIPOSTE_MOVE": test_tac_dx17_the_knights_controller_decides_its_riposte_during_p1s_turn,
    "NUDGE": test_tac_d3_nudge_moves_an_adjacent_warrior_of_either_side_one_space,
    "VOLLEY": test_tac_d3_volley_attacks_within_its_distance_after_moving,
    "PLACE_TERRAIN": test_tac_d3_place_terrain_puts_its_terrain_beside_the_mover,
}
"""One scenario test per registered effect."""


def test_tac_d3_every_registered_effect_has_an_implementation_and_a_scenario() -> None:
    """TAC-D3 and the extensibility note: the registry holds exactly the nine effects of the vocabulary
    plus VOLLEY and PLACE_TERRAIN; each has a scenario test in this file and is dispatched by name in the
    rules (`shardgames.tactics.play`)."""
    vocabulary = {"PHALANX", "RANGED", "RALLY_SELF", "RALLY_ADJ", "TERRAIN_AFFINITY", "BRACE", "STRIKER"}
    vocabulary |= {"RIPOSTE_MOVE", "NUDGE", "VOLLEY", "PLACE_TERRAIN"}
    assert set(EFFECTS) == vocabulary
    assert set(SCENARIOS) == set(EFFECTS)
    module = globals()
    for effect, scenario in SCENARIOS.items():
        assert module.get(scenario.__name__) is scenario, effect
        assert scenario.__name__.startswith(("test_tac_d3_", "test_tac_dx17_")), effect
    source = inspect.getsource(rules)
    missing = [effect for effect in EFFECTS if f'"{effect}"' not in source]
    assert missing == [], f"effects never named in the rules: {missing}"


def test_tac_d3_an_effects_parameters_are_checked_each_problem_named(tmp_path: Path) -> None:
    """TAC-D3 (extension effects): VOLLEY takes one whole number from 0 to 7 (both ends allowed); a roster
    file that breaks this is refused, every problem named with its place."""
    roster = tmp_path / "bad.toml"
    roster.write_text(
        """
[[warrior]]
id = "far"
name = "Far Slinger"
cost = 3
uninjured = { might = 2, move = "ortho 2", effect = "VOLLEY(8)" }
injured = { name = "Far Slinger (injured)", might = 1, move = "ortho 1", effect = "VOLLEY(x)" }

[[warrior]]
id = "many"
name = "Many"
cost = 3
uninjured = { might = 2, move = "ortho 2", effect = "VOLLEY(1,2)" }
injured = { name = "Many (injured)", might = 1, move = "ortho 1", effect = "VOLLEY(7)" }

[[warrior]]
id = "near"
name = "Near"
cost = 3
uninjured = { might = 2, move = "ortho 2", effect = "VOLLEY(-1)" }
injured = { name = "Near (injured)", might = 1, move = "ortho 1", effect = "VOLLEY(0)" }
""",
        encoding="utf-8",
    )
    with pytest.raises(sg.InvalidParameterError) as caught:
        sg.load_game("tactics", roster=(str(roster),))
    assert caught.value.problems == (
        "roster[0]: warrior[0].uninjured.effect: VOLLEY: 8 is outside 0..7",
        "roster[0]: warrior[0].injured.effect: VOLLEY: 'x' is not a whole number",
        "roster[0]: warrior[1].uninjured.effect: VOLLEY takes 1 parameter(s) (int)",
        "roster[0]: warrior[2].uninjured.effect: VOLLEY: -1 is outside 0..7",
    )
