"""TAC-34 to 38, R11, R12, DX10 to DX12: Fire, Stone, Portal, Water and Wind.

Fire costs a warrior 1 Might for the rest of the turn once it stands in, enters or passes a Fire square,
never more than 1, and the penalty is worked out afresh at every turn start. Stone, Water and Wind
decide who may pass and stop where. A Portal sends its owner's warriors to another of that owner's
empty Portals, and the move ends there.

Seat 0 is to act unless a test says otherwise. Commanders that play no part stand where no line of the
movers passes; CMDR Kess and Oren are used where a turn start must not offer CMDR Vale's NUDGE.
"""

from __future__ import annotations

from typing import Any

import pytest
import tactics_scenarios as scenarios
from tactics_scenarios import destinations, events_of, legal_texts, play, tactics_game, warrior_at

from shardgames.tactics import Phase, TacticsState, Terrain, square
from shardgames.tactics.events import EffectUsed, Moved, Teleported
from shardgames.tactics.play import might
from shardgames.tactics.warriors import parse_terrain

GAME = tactics_game()


def start(board: str, terrain: str | None = None, **fields: Any) -> TacticsState:
    """`tactics_scenarios.start` on one shared game (making a game costs more than most tests)."""
    fields.setdefault("game", GAME)
    return scenarios.start(board, terrain, **fields)


def cells(text: str) -> set[str]:
    """A set of squares written ``"d4 d5 d6"``."""
    return set(text.split())


def might_at(state: TacticsState, cell: str) -> int:
    """The effective Might of the warrior on `cell`."""
    return might(state, warrior_at(state, cell))


def teleports(state: TacticsState) -> set[str]:
    """The legal moves that go through a portal, as text."""
    return {text for text in legal_texts(state) if "through the portal" in text}


# ---------------------------------------------------------------------- TAC-34, R11: Fire


def test_tac_34_entering_fire_costs_1_might_until_the_turn_ends() -> None:
    """TAC-34 (T:L45): a Knight (Might 4) that moves into Fire has Might 3 for the rest of the turn; when
    the turn ends, standing on plain ground again, it is back to 4."""
    state = start(
        """
 8  .  .  .  .  .  .  .  o
 4  .  .  .  K  .  .  .  .
 1  E  .  .  .  .  .  .  .
""",
        " 5  .  .  .  F  .  .  .  .",
    )
    play(state, "move d4 to d5")
    assert might_at(state, "d5") == 3
    play(state, "move d5 to d4")  # leaving the Fire does not lift the penalty this turn
    assert might_at(state, "d4") == 3
    play(state, "end turn")
    assert state.active == 1
    assert might_at(state, "d4") == 4


def test_tac_r11_a_warrior_starting_its_turn_on_fire_on_a1_is_scorched() -> None:
    """TAC-R11: starting a turn in Fire counts, on every square, a1 (square 0) included: when seat 0's
    turn ends, seat 1's begins with seat 0's Militia still standing in the Fire on a1, so it has Might 1
    less, and an enemy Militia in the Fire on h1 too."""
    state = start(" 8  .  .  .  .  .  .  .  o\n 1  M  .  .  E  .  .  .  m", " 1  F  .  .  .  .  .  .  F")
    ours, theirs = warrior_at(state, "a1"), warrior_at(state, "h1")
    play(state, "end turn")
    assert state.active == 1
    assert state.scorched[ours]
    assert state.scorched[theirs]
    assert might(state, ours) == state.side_of(ours).might - 1


def test_tac_34_passing_through_fire_counts() -> None:
    """TAC-34: a Knight that only passes a Fire square on d5 on its way to d6 also has Might 3."""
    state = start(
        """
 8  .  .  .  .  .  .  .  o
 4  .  .  .  K  .  .  .  .
 1  E  .  .  .  .  .  .  .
""",
        " 5  .  .  .  F  .  .  .  .",
    )
    knight = warrior_at(state, "d4")
    play(state, "move d4 to d6")
    assert state.scorched[knight]
    assert might(state, knight) == 3


def test_tac_34_a_move_that_avoids_fire_costs_nothing() -> None:
    """TAC-34: Fire on the next line does not touch a warrior moving beside it."""
    state = start(
        """
 8  .  .  .  .  .  .  .  o
 4  .  .  .  K  .  .  .  .
 1  E  .  .  .  .  .  .  .
""",
        " 5  .  .  .  .  F  .  .  .\n 6  .  .  .  .  F  .  .  .",
    )
    play(state, "move d4 to d6")
    assert might_at(state, "d6") == 4


def test_tac_r11_standing_in_fire_at_the_turn_start_scorches_every_warrior_there() -> None:
    """TAC-R11: occupying Fire at any moment of a turn scorches, and starting the turn there counts: the
    Knight and the Pikeman on Fire are scorched in seat 1's turn (a position marks them so), and again
    when seat 0's turn starts; the warriors off the Fire are not."""
    state = start(
        """
 8  .  .  .  .  .  .  .  o
 5  .  .  .  .  p  .  .  .
 4  .  .  .  K  .  .  .  .
 1  E  .  .  .  .  .  .  .
""",
        " 5  .  .  .  .  F  .  .  .\n 4  .  .  .  F  .  .  .  .",
        active=1,
    )
    assert (might_at(state, "d4"), might_at(state, "e5")) == (3, 2)
    scorched = [state.scorched[warrior_at(state, c)] for c in ("d4", "e5", "a1", "h8")]
    assert scorched == [True, True, False, False]
    play(state, "end turn")
    assert state.active == 0
    assert (might_at(state, "d4"), might_at(state, "e5")) == (3, 2)
    assert (might_at(state, "a1"), might_at(state, "h8")) == (3, 2)


def test_tac_r11_a_warrior_that_left_the_fire_is_not_scorched_at_the_next_turn_start() -> None:
    """TAC-R11: the penalty clears when the turn ends; only warriors standing in Fire get it again."""
    state = start(
        """
 8  .  .  .  .  .  .  .  o
 4  .  .  .  K  .  .  .  .
 1  E  .  .  .  .  .  .  .
""",
        " 4  .  .  .  F  .  .  .  .",
    )
    play(state, "move d4 to d6")
    assert might_at(state, "d6") == 3  # it stood in Fire this turn
    play(state, "end turn", "end turn")
    assert state.active == 0
    assert might_at(state, "d6") == 4


def test_tac_r11_a_defeated_warrior_is_not_scorched_whatever_the_corner_holds() -> None:
    """TAC-R11: only a warrior standing in Fire as the turn starts is scorched. P1 defeats P2's injured
    Militia; at P2's turn start, with Fire on h8, the defeated Militia (on no square) is not scorched."""
    state = start(
        """
 5  .  .  .  m* .  .  .  .
 4  .  .  .  P  .  .  .  .
 1  E  .  .  .  .  .  o  .
""",
        " 8  .  .  .  .  .  .  .  F",
    )
    defeated = warrior_at(state, "d5")
    play(state, "attack d5 from d4", "end turn")
    assert state.active == 1
    assert state.square[defeated] == -1
    assert state.scorched[defeated] is False


def test_tac_r11_the_penalty_never_stacks() -> None:
    """TAC-R11: a Knight that starts the turn on Fire, moves through more Fire, and ends on Fire again
    has Might 3, not less."""
    state = start(
        """
 8  .  .  .  .  .  .  .  o
 4  .  .  .  K  .  .  .  .
 1  E  .  .  .  .  .  .  .
""",
        " 6  .  .  .  F  .  .  .  .\n 5  .  .  .  F  .  .  .  .\n 4  .  .  .  F  .  .  .  .",
        active=1,
    )
    play(state, "end turn")
    assert might_at(state, "d4") == 3
    play(state, "move d4 to d6", "move d6 to d5")
    assert might_at(state, "d5") == 3


def test_tac_r11_scorched_clears_at_turn_end_and_is_reapplied_at_the_next_turn_start() -> None:
    """TAC-R11: the Knight that moved through Fire is back to Might 4 in seat 1's turn; the Pikeman that
    stopped on Fire is scorched again when seat 1's turn starts (Might 2), and again in seat 0's next
    turn."""
    state = start(
        """
 8  .  .  .  .  .  .  .  o
 4  .  .  .  K  P  .  .  .
 1  E  .  .  .  .  .  .  .
""",
        " 5  .  .  .  F  F  .  .  .",
    )
    play(state, "move d4 to d6", "move e4 to e5")
    assert (might_at(state, "d6"), might_at(state, "e5")) == (3, 2)
    play(state, "end turn")
    assert state.active == 1
    assert (might_at(state, "d6"), might_at(state, "e5")) == (4, 2)
    play(state, "end turn")
    assert state.active == 0
    assert (might_at(state, "d6"), might_at(state, "e5")) == (4, 2)


def test_tac_r11_a_flier_passing_over_fire_is_scorched() -> None:
    """TAC-R11: "passes through a Fire cell": a Wyvern flying over d5 to d8 is scorched (Might 3 -> 2)."""
    state = start(
        """
 8  .  .  .  .  .  .  .  o
 4  .  .  .  W  .  .  .  .
 1  E  .  .  .  .  .  .  .
""",
        " 5  .  .  .  F  .  .  .  .",
    )
    play(state, "move d4 to d8")
    assert might_at(state, "d8") == 2


def test_tac_r11_scorch_alone_never_injures() -> None:
    """TAC-R11, R14: an injured Militia (Might 1) stepping into Fire drops to Might 0 but is not injured
    again: injury comes only from attacks."""
    state = start(
        """
 8  .  .  .  .  .  .  .  o
 4  .  .  .  M* .  .  .  .
 1  E  .  .  .  .  .  .  .
""",
        " 5  .  .  .  F  .  .  .  .",
    )
    militia = warrior_at(state, "d4")
    play(state, "move d4 to d5")
    assert might(state, militia) == 0
    assert state.square[militia] == square("d5")
    assert state.injured[militia]


# ---------------------------------------------------------------------- TAC-35, 37, 38: Stone, Water, Wind


def test_tac_35_stone_stops_a_mover_without_flight_or_jump() -> None:
    """TAC-35 (T:L46): a Pikeman and a Diver can neither enter the Stone on d5 nor pass it to d6."""
    state = start(
        """
 8  .  .  .  .  .  .  .  o
 4  .  .  .  P  .  .  D  .
 1  E  .  .  .  .  .  .  .
""",
        " 5  .  .  .  S  .  .  S  .",
    )
    assert destinations(state, "d4") == cells("d4 d3 d2 c4 b4 e4 f4")
    assert destinations(state, "g4") == cells("g4 g3 g2 g1 h4 f4 e4")


def test_tac_35_jump_and_flight_pass_stone_and_may_stop_on_it() -> None:
    """TAC-35, R6: CMDR Kess (jump) and the injured Wyvern (flight) pass the Stone on d5 and g5 and may
    end on it."""
    state = start(
        """
 8  .  .  .  .  .  .  .  o
 4  .  .  .  E  .  .  W* .
""",
        " 5  .  .  .  S  .  .  S  .",
    )
    assert destinations(state, "d4") == cells("d4 d5 d6 d7 d3 d2 d1 c4 b4 a4 e4 f4")
    assert destinations(state, "g4") == cells("g4 g5 g6 f5 e6 h5 g3 g2 f3 e2 h3 f4 e4 h4")
    play(state, "move d4 to d5")
    assert warrior_at(state, "d5") >= 0


def test_tac_35_rock_is_another_name_for_stone() -> None:
    """TAC-35 and the extensibility note: card data may call Stone "rock"."""
    assert parse_terrain("rock") is Terrain.STONE
    assert parse_terrain("Stone") is Terrain.STONE


def test_tac_37_water_stops_a_mover_without_flight_or_swim() -> None:
    """TAC-37 (T:L48): the Pikeman and CMDR Kess (jump) stop before the Water; the Diver swims into and
    across it; the Wyvern flies over it."""
    board = """
 8  .  .  .  .  .  .  .  o
 4  .  .  .  {mover} .  .  .  .
 1  {commander}  .  .  .  .  .  .  .
"""
    terrain = " 5  .  .  .  W  .  .  .  .\n 3  .  .  .  W  .  .  .  ."
    found = {
        mover: destinations(start(board.format(mover=mover, commander=boss), terrain), "d4")
        for mover, boss in (("P", "V"), ("E", "."), ("D", "V"), ("W", "V"))
    }
    assert found["P"] == cells("d4 c4 b4 e4 f4")
    assert found["E"] == cells("d4 c4 b4 a4 e4 f4 g4")
    assert found["D"] == cells("d4 d5 d6 d7 d3 d2 d1 c4 b4 a4 e4 f4 g4")
    assert found["W"] == cells(
        "d4 d5 d6 d7 d8 d3 d2 d1 c4 b4 a4 e4 f4 g4 h4 e5 f6 g7 c5 b6 a7 e3 f2 g1 c3 b2"
    )


def test_tac_38_wind_stops_only_a_flier() -> None:
    """TAC-38 (T:L49): a Wyvern can neither enter the Wind on d5 nor pass it; a Pikeman, Kess (jump) and
    a Diver (swim) cross it and may stop on it."""
    board = """
 8  .  .  .  .  .  .  .  o
 4  .  .  .  {mover} .  .  .  .
 1  {commander}  .  .  .  .  .  .  .
"""
    terrain = " 5  .  .  .  N  .  .  .  ."
    north = {
        mover: {
            c
            for c in destinations(start(board.format(mover=mover, commander=boss), terrain), "d4")
            if c[0] == "d"
        }
        for mover, boss in (("P", "V"), ("E", "."), ("D", "V"), ("W", "V"))
    }
    assert north == {
        "P": cells("d4 d5 d6 d3 d2"),
        "E": cells("d4 d5 d6 d7 d3 d2 d1"),
        "D": cells("d4 d5 d6 d7 d3 d2 d1"),
        "W": cells("d4 d3 d2 d1"),
    }


# ---------------------------------------------------------------------- DX10


DX10_MOVERS = {"Pikeman": "P", "Kess (jump)": "E", "Diver (swim)": "D", "Wyvern (flight)": "W"}
DX10_NORTH = {  # (terrain on d3, mover) -> what it reaches up the d-file from d2
    ("S", "Pikeman"): "",
    ("S", "Kess (jump)"): "d3 d4 d5",
    ("S", "Diver (swim)"): "",
    ("S", "Wyvern (flight)"): "d3 d4 d5 d6",
    ("W", "Pikeman"): "",
    ("W", "Kess (jump)"): "",
    ("W", "Diver (swim)"): "d3 d4 d5",
    ("W", "Wyvern (flight)"): "d3 d4 d5 d6",
    ("N", "Pikeman"): "d3 d4",
    ("N", "Kess (jump)"): "d3 d4 d5",
    ("N", "Diver (swim)"): "d3 d4 d5",
    ("N", "Wyvern (flight)"): "",
}


@pytest.mark.parametrize(("land", "mover"), list(DX10_NORTH), ids=[f"{t}-{m}" for t, m in DX10_NORTH])
def test_tac_dx10_stone_water_and_wind_block_by_mode(land: str, mover: str) -> None:
    """DX10 (TAC-35 to 38, R6): Stone blocks a warrior without flight or jump; Water blocks unless flight
    or swim; Wind blocks only flight. A warrior on d2 with the terrain on d3 reaches up its file exactly
    these squares."""
    token = DX10_MOVERS[mover]
    commander = "." if token == "E" else "V"
    state = start(
        f" 8  .  .  .  .  .  .  o  .\n 2  .  .  .  {token}  .  .  .  .\n 1  .  {commander}  .  .  .  .  .  .",
        f" 3  .  .  .  {land}  .  .  .  .",
    )
    north = {c for c in destinations(state, "d2") if c[0] == "d" and c > "d2"}
    assert north == cells(DX10_NORTH[land, mover])


def test_tac_dx10_flight_may_end_on_stone() -> None:
    """DX10: a Wyvern moves onto Stone and stays there."""
    state = start(
        " 8  .  .  .  .  .  .  o  .\n 2  .  .  .  W  .  .  .  .\n 1  .  V  .  .  .  .  .  .",
        " 3  .  .  .  S  .  .  .  .",
    )
    wyvern = warrior_at(state, "d2")
    events = play(state, "move d2 to d3")
    assert events_of(events, Moved) == [Moved(wyvern, "Wyvern", square("d2"), square("d3"))]
    assert state.board[square("d3")] == wyvern
    assert state.terrain[square("d3")] == Terrain.STONE.ordinal


# ---------------------------------------------------------------------- DX11


def test_tac_dx11_two_fire_squares_cost_1_which_is_gone_at_turn_end_unless_in_fire() -> None:
    """DX11 (TAC-34, R11): a Wyvern passing the Fire on b4 and c4 has Might 2 (3 - 1, not 3 - 2); a
    Knight stepping into the Fire on b6 has 3. In seat 1's turn the Wyvern, on plain ground, is back to
    3; the Knight, still in Fire, is scorched again at that turn's start (3), and at seat 0's next."""
    state = start(
        """
 8  .  .  .  .  .  .  .  o
 6  K  .  .  .  .  .  .  .
 4  W  .  .  .  .  .  .  .
 1  .  .  .  .  .  .  .  E
""",
        " 6  .  F  .  .  .  .  .  .\n 4  .  F  F  .  .  .  .  .",
    )
    play(state, "move a4 to e4", "move a6 to b6")
    assert (might_at(state, "e4"), might_at(state, "b6")) == (2, 3)
    play(state, "end turn")
    assert state.active == 1
    assert (might_at(state, "e4"), might_at(state, "b6")) == (3, 3)
    play(state, "end turn")
    assert state.active == 0
    assert (might_at(state, "e4"), might_at(state, "b6")) == (3, 3)


# ---------------------------------------------------------------------- TAC-36, R12, DX12: Portals

PORTALS = """
 8  .  .  .  .  .  .  .  o
 2  .  .  .  D  .  .  .  .
 1  E  .  .  .  .  .  .  .
"""


def test_tac_dx12_enter_at_step_1_of_3_teleport_and_the_move_ends() -> None:
    """DX12 (TAC-36, R12): a Diver (range 3) enters its own Portal on d3 at step 1 and teleports to its
    other, empty Portal on g6; the move ends there: it went no further up the file, one action is used,
    and the next decision is seat 0's next action."""
    state = start(PORTALS, " 3  .  .  .  P  .  .  .  .\n 6  .  .  .  .  .  .  P  .")
    diver = warrior_at(state, "d2")
    assert teleports(state) == {"move d2 to g6 through the portal at d3"}
    events = play(state, "move d2 to g6 through the portal at d3")
    assert events_of(events, Moved) == [Moved(diver, "Diver", square("d2"), square("d3"))]
    assert events_of(events, Teleported) == [Teleported(diver, "Diver", square("d3"), square("g6"))]
    assert state.square[diver] == square("g6")
    assert [c for c in ("d3", "d4", "d5") if state.board[square(c)] >= 0] == []
    assert state.actions_used == 1
    assert state.prompt is not None
    assert state.prompt.phase is Phase.ACTION


def test_tac_dx12_an_enemy_portal_has_no_effect() -> None:
    """DX12: seat 1's Portals on d3 and g6 are plain ground to seat 0's Diver: it passes d3 and may stop
    there, and no move goes through them."""
    state = start(PORTALS, " 3  .  .  .  p  .  .  .  .\n 6  .  .  .  .  .  .  p  .")
    assert teleports(state) == set()
    assert destinations(state, "d2") == cells("d2 d3 d4 d5 c2 b2 a2 e2 f2 g2 d1")


def test_tac_dx12_a_0_space_move_on_a_portal_does_not_teleport() -> None:
    """DX12, R12: a Diver standing on its own Portal d3 makes a 0-space move: it stays, and nothing goes
    through the Portal under it (only the Portals d6 and b3 that it may move into lead anywhere)."""
    state = start(
        PORTALS.replace(" 2  .  .  .  D", " 3  .  .  .  D"),
        " 6  .  .  .  P  .  .  .  .\n 3  .  P  .  P  .  .  .  .",
    )
    diver = warrior_at(state, "d3")
    assert teleports(state) == {
        "move d3 to b3 through the portal at d6",
        "move d3 to d6 through the portal at b3",
    }
    events = play(state, "move d3 0 spaces")
    assert events_of(events, Teleported) == []
    assert state.square[diver] == square("d3")
    assert state.actions_used == 1


def test_tac_36_a_portal_may_be_used_stopped_on_or_passed() -> None:
    """TAC-36 (T:L47), R12: a warrior entering its own Portal *may* reappear at another: a Knight (any
    direction, up to 2) may stop on its Portal d5, pass it to d6, or teleport from it to the empty
    Portals f6 and h1; the Portal f6, two steps up the diagonal, leads to d5 and h1 likewise."""
    state = start(
        """
 8  .  o  .  .  .  .  .  .
 4  .  .  .  K  .  .  .  .
 1  E  .  .  .  .  .  .  .
""",
        " 6  .  .  .  .  .  P  .  .\n 5  .  .  .  P  .  .  .  .\n 1  .  .  .  .  .  .  .  P",
    )
    assert {"d5", "d6", "f6", "h1"} <= destinations(state, "d4")
    assert teleports(state) == {
        "move d4 to f6 through the portal at d5",
        "move d4 to h1 through the portal at d5",
        "move d4 to d5 through the portal at f6",
        "move d4 to h1 through the portal at f6",
    }


def test_tac_r12_only_the_owners_warriors_use_a_portal() -> None:
    """TAC-R12: seat 1's Portals serve seat 1's Knight in its turn, not seat 0's."""
    board = """
 7  .  .  .  .  .  .  .  o
 6  .  .  .  .  k  .  .  .
 4  .  .  .  K  .  .  .  .
 1  E  .  .  .  .  .  .  .
"""
    terrain = " 5  .  .  .  p  p  .  .  .\n 2  .  .  .  .  .  .  .  p"
    assert teleports(start(board, terrain)) == set()
    assert teleports(start(board, terrain, active=1)) == {
        "move e6 to d5 through the portal at e5",
        "move e6 to h2 through the portal at e5",
        "move e6 to e5 through the portal at d5",
        "move e6 to h2 through the portal at d5",
    }


def test_tac_r12_teleport_only_to_a_portal_with_no_warrior() -> None:
    """TAC-R12: of the Diver's other Portals, g6 holds a warrior and b7 does not: only b7 is offered."""
    state = start(
        PORTALS + " 6  .  .  .  .  .  .  m  .",
        " 3  .  .  .  P  .  .  .  .\n 6  .  .  .  .  .  .  P  .\n 7  .  P  .  .  .  .  .  .",
    )
    assert teleports(state) == {"move d2 to b7 through the portal at d3"}


def test_tac_r12_a_portal_holding_warrior_0_is_not_free() -> None:
    """TAC-R12: warrior number 0 (CMDR Kess on a1, the lowest square) holds a Portal as any warrior
    does. A Scout (jump) passing over its own Portal on d5, where an ally stands, could only teleport
    to a1, which is not free: so it may not name d5 at all, and nothing goes through a portal."""
    state = start(
        """
 8  .  .  .  .  .  .  .  o
 5  .  .  .  M  .  .  .  .
 4  .  .  .  S  .  .  .  .
 1  E  .  .  .  .  .  .  .
""",
        " 5  .  .  .  P  .  .  .  .\n 1  P  .  .  .  .  .  .  .",
    )
    assert warrior_at(state, "a1") == 0
    assert teleports(state) == set()
    assert "move d4 to d5" not in [str(a) for a in state.legal_actions()]


def test_tac_r12_one_portal_alone_goes_nowhere() -> None:
    """TAC-R12: a seat with a single Portal has no other Portal to teleport to."""
    state = start(PORTALS, " 3  .  .  .  P  .  .  .  .\n 6  .  .  .  .  .  .  p  .")
    assert teleports(state) == set()


def test_tac_r12_no_chaining_through_the_arrival_portal() -> None:
    """TAC-R12: the teleport is not an entry: arriving on g6 does not lead on to b7, so each teleport
    offered ends on a Portal, and after one the Diver simply stands on it."""
    state = start(
        PORTALS,
        " 3  .  .  .  P  .  .  .  .\n 6  .  .  .  .  .  .  P  .\n 7  .  P  .  .  .  .  .  .",
    )
    assert teleports(state) == {
        "move d2 to g6 through the portal at d3",
        "move d2 to b7 through the portal at d3",
    }
    events = play(state, "move d2 to g6 through the portal at d3")
    assert len(events_of(events, Teleported)) == 1
    assert warrior_at(state, "g6") >= 0
    assert state.board[square("b7")] == -1


def test_tac_r12_a_jumper_passing_over_an_occupied_own_portal_enters_it() -> None:
    """TAC-R12: entering means moving into the cell at any step, passing or stopping, and B.5 needs only
    an own Portal on the line: a Scout (jump) passing over its own Portal on d5, where an ally stands,
    may teleport to the empty own Portal on h2. E9: the move names d5 (it cannot end there); the portal
    decision then offers only the exit h2, not a stay."""
    state = start(
        """
 8  .  .  .  .  .  .  .  o
 5  .  .  .  M  .  .  .  .
 4  .  .  .  S  .  .  .  .
 1  E  .  .  .  .  .  .  .
""",
        " 5  .  .  .  P  .  .  .  .\n 2  .  .  .  .  .  .  .  P",
    )
    assert teleports(state) == {"move d4 to h2 through the portal at d5"}
    assert "move d4 to d5" in [str(a) for a in state.legal_actions()]
    scenarios.decide(state, "move d4 to d5")
    assert [str(a) for a in state.legal_actions()] == ["move d5 to h2"]
    play(state, "move d5 to h2 through the portal at d5")
    assert warrior_at(state, "h2") >= 0
    assert warrior_at(state, "d5") >= 0  # the Militia, still there


def test_tac_r12_squares_beyond_the_portal_are_not_entered() -> None:
    """TAC-R12, R11: the move ends at the teleport: Fire on d6, beyond the Portal on d5, is never entered,
    so the Knight is not scorched; Fire before the Portal is passed, so a Knight going that way is."""
    board = """
 8  .  .  .  .  .  .  .  o
 4  .  .  .  K  .  .  .  .
 1  E  .  .  .  .  .  .  .
"""
    state = start(board, " 6  .  .  .  F  .  .  .  .\n 5  .  .  .  P  .  .  .  .\n 2  .  .  .  .  .  .  .  P")
    play(state, "move d4 to h2 through the portal at d5")
    assert might_at(state, "h2") == 4
    state = start(board, " 6  .  .  .  P  .  .  .  .\n 5  .  .  .  F  .  .  .  .\n 2  .  .  .  .  .  .  .  P")
    play(state, "move d4 to h2 through the portal at d6")
    assert might_at(state, "h2") == 3


def test_tac_r12_after_moving_fires_once_after_arrival() -> None:
    """TAC-R12, TAC-41: CMDR Kess (RALLY_ADJ(1)) teleports from d3 to g6: the ally beside g6 gets +1
    Might, the ally beside the entry Portal d3 does not, and the effect acts once."""
    state = start(
        """
 8  .  .  .  .  .  .  .  o
 6  .  .  .  .  .  .  .  P
 3  .  .  .  .  P  .  .  .
 2  .  .  .  E  .  .  .  .
""",
        " 3  .  .  .  P  .  .  .  .\n 6  .  .  .  .  .  .  P  .",
    )
    kess, near_exit, near_entry = warrior_at(state, "d2"), warrior_at(state, "h6"), warrior_at(state, "e3")
    events = play(state, "move d2 to g6 through the portal at d3")
    assert events_of(events, EffectUsed) == [
        EffectUsed(kess, "CMDR Kess", "RALLY_ADJ", "+1 Might to Pikeman")
    ]
    assert (state.buff[near_exit], state.buff[near_entry]) == (1, 0)
    teleported = events.index(events_of(events, Teleported)[0])
    assert events.index(events_of(events, EffectUsed)[0]) > teleported


def test_tac_r12_a_warrior_nudged_onto_its_own_portal_may_teleport() -> None:
    """TAC-R12, D3: entering includes being moved by an effect: CMDR Vale's NUDGE moves the Scout onto
    seat 0's Portal d3; seat 0 may then teleport it to h6 (or decline). It arrives on h6 and only then
    does its After-Moving effect act, once."""
    state = start(
        """
 8  .  .  .  .  .  .  .  o
 2  .  .  .  S  .  .  .  .
 1  .  .  .  V  .  .  .  .
""",
        " 3  .  .  .  P  .  .  .  .\n 6  .  .  .  .  .  .  .  P",
        decision={"nudge": "d1"},
    )
    scout = warrior_at(state, "d2")
    play(state, "move d2 to d3")
    assert state.prompt is not None
    assert state.prompt.phase is Phase.PORTAL
    assert legal_texts(state) == ["move d3 to h6 through the portal at d3", "decline"]
    events = play(state, "move d3 to h6 through the portal at d3")
    assert events_of(events, Teleported) == [Teleported(scout, "Scout", square("d3"), square("h6"))]
    assert events_of(events, EffectUsed) == [EffectUsed(scout, "Scout", "RALLY_SELF", "+1 Might")]
    assert events.index(events_of(events, EffectUsed)[0]) > events.index(events_of(events, Teleported)[0])
    assert state.square[scout] == square("h6")
    assert might(state, scout) == 2


def test_tac_r12_a_nudge_onto_an_enemy_portal_does_nothing_more() -> None:
    """TAC-R12: a Scout nudged onto seat 1's Portal just stands there; no portal decision follows."""
    state = start(
        """
 8  .  .  .  .  .  .  .  o
 2  .  .  .  S  .  .  .  .
 1  .  .  .  V  .  .  .  .
""",
        " 3  .  .  .  p  .  .  .  .\n 6  .  .  .  .  .  .  .  p",
        decision={"nudge": "d1"},
    )
    play(state, "move d2 to d3")
    assert state.prompt is not None
    assert state.prompt.phase is Phase.ACTION
    assert warrior_at(state, "d3") >= 0


def riposting_knight() -> TacticsState:
    """Seat 1's Knight on e5, attacked by seat 0's Knight from d4, decides on its RIPOSTE_MOVE; seat 1
    has Portals on e4 and a8."""
    return start(
        """
 8  .  .  .  .  .  .  .  o
 5  .  .  .  .  k  .  .  .
 4  .  .  .  K  .  .  .  .
 1  E  .  .  .  .  .  .  .
""",
        " 4  .  .  .  .  p  .  .  .\n 8  p  .  .  .  .  .  .  .",
        decision={"riposte": "e5"},
        attacked=["d4"],
        actions_used=1,
        reductions={"e5": 1},
    )


def test_tac_r12_a_riposte_move_may_go_through_a_portal() -> None:
    """TAC-R12, D3: entering includes a move by an effect: seat 1's Knight, riposting after seat 0's
    attack, may go through seat 1's Portal on e4 to its other empty Portal, a8; seat 0 then acts on with
    its actions untouched."""
    state = riposting_knight()
    assert state.current_player == 1
    assert teleports(state) == {"move e5 to a8 through the portal at e4"}
    knight = warrior_at(state, "e5")
    events = play(state, "move e5 to a8 through the portal at e4")
    assert events_of(events, Teleported) == [Teleported(knight, "Knight", square("e4"), square("a8"))]
    assert state.current_player == 0
    assert state.actions_used == 1


# ---------------------------------------------------------------------- TAC-R12, E9: the portal decision


def test_tac_r12_e9_a_move_into_an_own_portal_asks_for_the_exit_before_the_warrior_moves() -> None:
    """TAC-R12, E9: "move d2 to d3" names the Diver's own Portal d3, from which it may teleport to g6:
    the move waits for seat 0's portal decision, with the Diver still on d2 and no action used yet. It
    may stay on d3 (decline) or come out on g6."""
    state = start(PORTALS, " 3  .  .  .  P  .  .  .  .\n 6  .  .  .  .  .  .  P  .")
    diver = warrior_at(state, "d2")
    events = scenarios.decide(state, "move d2 to d3")
    assert events == ()
    assert state.prompt is not None
    assert (state.prompt.phase, state.prompt.player, state.prompt.warrior) == (Phase.PORTAL, 0, diver)
    assert state.prompt.square == square("d3")
    assert state.square[diver] == square("d2")
    assert state.actions_used == 0
    assert [str(a) for a in state.legal_actions()] == ["move d3 to g6", "decline"]
    assert str(state.prompt) == "seat 0: teleport through the portal or decline (d3)"


def test_tac_r12_e9_declining_the_exit_stops_on_the_portal_and_the_action_counts() -> None:
    """TAC-R12, E9: declining the exit ends the move on the Portal d3: one Moved event, no teleport,
    one action used, and seat 0's next action is asked."""
    state = start(PORTALS, " 3  .  .  .  P  .  .  .  .\n 6  .  .  .  .  .  .  P  .")
    diver = warrior_at(state, "d2")
    scenarios.decide(state, "move d2 to d3")
    events = play(state, "decline")
    assert events_of(events, Moved) == [Moved(diver, "Diver", square("d2"), square("d3"))]
    assert events_of(events, Teleported) == []
    assert (state.square[diver], state.actions_used) == (square("d3"), 1)
    assert state.prompt is not None
    assert state.prompt.phase is Phase.ACTION


def test_tac_r12_e9_a_portal_with_no_free_exit_is_a_plain_square() -> None:
    """TAC-R12, E9: seat 0's other Portal g6 holds a warrior, so moving onto d3 asks nothing more."""
    state = start(
        PORTALS + " 6  .  .  .  .  .  .  m  .",
        " 3  .  .  .  P  .  .  .  .\n 6  .  .  .  .  .  .  P  .",
    )
    play(state, "move d2 to d3")
    assert state.prompt is not None
    assert state.prompt.phase is Phase.ACTION
    assert warrior_at(state, "d3") >= 0


def test_tac_r12_e9_a_riposte_into_a_portal_says_so_then_asks_for_the_exit() -> None:
    """TAC-R12, D3, E9: the riposting Knight names its Portal e4; its RIPOSTE_MOVE is used at once, and
    the portal decision that follows is seat 1's; seat 0's actions are untouched throughout."""
    state = riposting_knight()
    knight = warrior_at(state, "e5")
    events = scenarios.decide(state, "move e5 to e4")
    assert events == (EffectUsed(knight, "Knight", "RIPOSTE_MOVE", "moves to e4"),)
    assert state.prompt is not None
    assert (state.prompt.phase, state.current_player) == (Phase.PORTAL, 1)
    assert [str(a) for a in state.legal_actions()] == ["move e4 to a8", "decline"]
    play(state, "decline")
    assert (state.square[knight], state.current_player, state.actions_used) == (square("e4"), 0, 1)
