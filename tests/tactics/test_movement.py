"""TAC-30 to 33, R10, DX9, DX14 and the movement grammar D2: which squares a move action reaches.

Each test sets up a position with seat 0 to act and compares the whole set of destinations of one
warrior (its own square included: the 0-space move) with what the rulebook allows. Cards beyond the
roster (an exact pattern, a card that cannot move, a free path) come from a small roster file written
for the test. The terrain side of movement is in ``test_terrain.py``; the full diagram of every roster
side is in ``test_movement_diagrams.py``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import tactics_scenarios as scenarios
from tactics_scenarios import (
    action,
    destinations,
    events_of,
    legal_texts,
    play,
    tactics_game,
    warrior_at,
)

from shardgames.kernel.errors import CardError, IllegalActionError
from shardgames.tactics import Dirs, Mode, MoveSpec, TacticsGame, TacticsState, name, square
from shardgames.tactics.actions import Move
from shardgames.tactics.events import EffectUsed, Moved, TurnBegan
from shardgames.tactics.movement import moves_of, path_of
from shardgames.tactics.play import might
from shardgames.tactics.warriors import load_roster_file, parse_move

GAME = tactics_game()


def start(board: str, terrain: str | None = None, **fields: Any) -> TacticsState:
    """`tactics_scenarios.start` on one shared game (making a game costs more than most tests)."""
    fields.setdefault("game", GAME)
    return scenarios.start(board, terrain, **fields)


EXTRA_CARDS = """
[[warrior]]
id = "lancer"
name = "Lancer"
cost = 2
uninjured = { might = 2, move = "ortho exact 2" }
injured = { might = 1, move = "any exact 3 jump" }

[[warrior]]
id = "statue"
name = "Statue"
cost = 2
uninjured = { might = 2, move = "none", effect = "RALLY_SELF(1)" }
injured = { might = 1, move = "ortho 0" }

[[warrior]]
id = "rover"
name = "Rover"
cost = 2
uninjured = { might = 2, move = "free 2" }
injured = { might = 1, move = "free 1" }
"""


def extra_game(tmp_path: Path) -> TacticsGame:
    """The game with three cards beyond the roster: Lancer (``L``), Statue (``T``) and Rover (``R``)."""
    path = tmp_path / "extra.toml"
    path.write_text(EXTRA_CARDS, encoding="utf-8")
    game = tactics_game(roster=(str(path),))
    assert game.codes[-3:] == ("L", "T", "R")
    return game


def one_card_game(tmp_path: Path, card: str, uninjured: str, injured: str) -> tuple[TacticsGame, str]:
    """The game with one card beyond the roster, of Might 1 on both sides, moving as written; and its
    board code."""
    path = tmp_path / f"{card.lower()}.toml"
    path.write_text(
        f'[[warrior]]\nid = "{card.lower()}"\nname = "{card}"\ncost = 2\n'
        f'uninjured = {{ might = 1, move = "{uninjured}" }}\ninjured = {{ might = 1, move = "{injured}" }}\n',
        encoding="utf-8",
    )
    game = tactics_game(roster=(str(path),))
    return game, game.codes[-1]


def cells(text: str) -> set[str]:
    """A set of squares written ``"d4 d5 d6"``."""
    return set(text.split())


def moves_by(state: TacticsState, origin: str) -> list[str]:
    """The legal move actions of the warrior on `origin`, as text."""
    return [t for t in legal_texts(state) if t.startswith(f"move {origin} ")]


# The commanders stand on b1 and g8 unless a test says otherwise: on no line through d4.
KINGS = """
 8  .  .  .  .  .  .  v  .
 1  .  V  .  .  .  .  .  .
"""


# ---------------------------------------------------------------------- TAC-30: a move action


def test_tac_30_a_move_moves_one_own_warrior_as_its_card_allows() -> None:
    """TAC-30 (T:L38): a move action chooses one of your warriors and moves it in the directions and
    distances its card allows: a Pikeman (orthogonal, up to 2) reaches the 8 squares within 2 along its
    file and rank, or stays (R10b)."""
    state = start(KINGS + " 4  .  .  .  P  .  .  .  .")
    assert destinations(state, "d4") == cells("d4 d5 d6 d3 d2 c4 b4 e4 f4")
    pikeman = warrior_at(state, "d4")
    events = play(state, "move d4 to d6")
    assert events_of(events, Moved) == [Moved(pikeman, "Pikeman", square("d4"), square("d6"))]
    assert state.board[square("d4")] == -1
    assert warrior_at(state, "d6") == pikeman
    assert state.actions_used == 1


def test_tac_30_a_warrior_on_a1_moves_too() -> None:
    """TAC-30: the warriors that may move are found on every square, a1 (square 0) included: a Pikeman
    there reaches a2, a3, b1 and c1."""
    state = start(" 8  .  .  .  .  .  .  v  .\n 2  .  V  .  .  .  .  .  .\n 1  P  .  .  .  .  .  .  .")
    assert destinations(state, "a1") == cells("a1 a2 a3 b1 c1")


def test_tac_30_only_the_active_seats_warriors_move() -> None:
    """TAC-30: "one of your warriors": every move on offer starts on a seat 0 warrior, and moving the
    enemy raises and leaves the state as it was."""
    state = start(KINGS + " 4  .  .  .  P  .  .  .  .\n 6  .  .  .  .  .  .  m  .")
    origins = {name(a.origin) for a in state.legal_actions() if isinstance(a, Move)}
    assert origins == {"b1", "d4"}
    before = state.clone()
    with pytest.raises(IllegalActionError, match="seat 0 has no warrior on g6"):
        state.apply_action(Move(square("g6"), square("g5")))
    assert state == before


def test_tac_30_the_injured_side_moves_with_its_own_card() -> None:
    """TAC-30, TAC-7: an injured Pikeman moves as its injured side says (orthogonal, 1 space)."""
    state = start(KINGS + " 4  .  .  .  P* .  .  .  .")
    assert destinations(state, "d4") == cells("d4 d5 d3 c4 e4")


# ---------------------------------------------------------------------- TAC-31 to 33


def test_tac_31_a_move_of_several_spaces_is_a_straight_line() -> None:
    """TAC-31 (T:L40): a Knight (any direction, up to 2) reaches the 16 squares 1 or 2 away along its 8
    lines, never a bent square such as e6 or f5."""
    state = start(KINGS + " 4  .  .  .  K  .  .  .  .")
    assert destinations(state, "d4") == cells("d4 d5 d6 e5 f6 e4 f4 e3 f2 d3 d2 c3 b2 c4 b4 c5 b6")
    assert not {"e6", "f5", "c6", "b5"} & destinations(state, "d4")


def test_tac_32_the_destination_must_be_unoccupied() -> None:
    """TAC-32 (T:L40): a Wyvern (any direction, up to 4, flight) flies over warriors of both seats but
    ends on none of them; moving onto one raises."""
    state = start(
        """
 8  .  .  .  .  .  .  .  v
 6  .  .  .  M  .  .  .  .
 5  .  .  .  .  m  .  .  .
 4  .  .  .  W  .  .  .  .
 1  V  .  .  .  .  .  .  .
"""
    )
    assert destinations(state, "d4") == cells(
        "d4 d5 d7 d8 f6 g7 e4 f4 g4 h4 e3 f2 g1 d3 d2 d1 c3 b2 c4 b4 a4 c5 b6 a7"
    )  # not d6, e5, nor the commanders on h8 and a1 at the ends of the long diagonal
    with pytest.raises(IllegalActionError, match="cannot move to e5"):
        state.apply_action(Move(square("d4"), square("e5")))


def test_tac_33_warriors_block_a_mover_without_flight_or_jump() -> None:
    """TAC-33 (T:L40): an ally on d5 and an enemy on e4 block a Pikeman: it reaches neither them nor d6
    and f4 behind them."""
    state = start(KINGS + " 5  .  .  .  M  .  .  .  .\n 4  .  .  .  P  m  .  .  .")
    assert destinations(state, "d4") == cells("d4 d3 d2 c4 b4")


@pytest.mark.parametrize(
    ("token", "reach"),
    [
        ("E", "d4 d6 d7 f4 g4 d3 d2 d1 c4 b4 a4"),  # CMDR Kess: orthogonal, up to 3, jump
        ("W*", "d4 d6 f4 d3 d2 c4 b4 c5 b6 e3 f2 c3 b2 f6"),  # injured Wyvern: any, up to 2, flight
    ],
    ids=["jump", "flight"],
)
def test_tac_33_flight_and_jump_pass_over_warriors(token: str, reach: str) -> None:
    """TAC-33: a mover with jump or flight passes the ally on d5, the enemy on e4 and the enemy on e5,
    but still ends on none of them."""
    board = f"""
 8  .  .  .  .  .  .  .  v
 5  .  .  .  M  m  .  .  .
 4  .  .  .  {token} m  .  .  .
 1  .  V  .  .  .  .  .  .
"""
    if token == "E":  # Kess is seat 0's commander: Vale is not needed
        board = board.replace("V", ".")
    state = start(board)
    assert destinations(state, "d4") == cells(reach)


# ---------------------------------------------------------------------- TAC-R10: movement details


def test_tac_r10a_up_to_n_allows_every_distance_from_0_to_n() -> None:
    """TAC-R10a: "up to 3" allows 0, 1, 2 or 3 spaces: a Diver (orthogonal, up to 3, swim) reaches every
    square of its file and rank within 3."""
    state = start(KINGS + " 4  .  .  .  D  .  .  .  .")
    assert destinations(state, "d4") == cells("d4 d5 d6 d7 d3 d2 d1 c4 b4 a4 e4 f4 g4")


def test_tac_r10a_an_exact_pattern_allows_only_n(tmp_path: Path) -> None:
    """TAC-R10a, D2: ``ortho exact 2`` reaches only the squares exactly 2 away (and the 0-space move,
    R10b); a warrior on the way still blocks it (d6 behind the ally on d5)."""
    game = extra_game(tmp_path)
    state = start(KINGS + " 4  .  .  .  L  .  .  .  .", game=game)
    assert destinations(state, "d4") == cells("d4 d6 d2 b4 f4")
    state = start(KINGS + " 5  .  .  .  M  .  .  .  .\n 4  .  .  .  L  .  .  .  .", game=game)
    assert destinations(state, "d4") == cells("d4 d2 b4 f4")


def test_tac_r10a_an_exact_jump_lands_only_at_n(tmp_path: Path) -> None:
    """TAC-R10a, D2: ``any exact 3 jump`` (the injured Lancer) jumps the enemy on e5 to g7 but may not
    stop on d5, d6, e5 or f6."""
    state = start(KINGS + " 5  .  .  .  .  m  .  .  .\n 4  .  .  .  L* .  .  .  .", game=extra_game(tmp_path))
    assert destinations(state, "d4") == cells("d4 d7 g7 g4 g1 d1 a1 a4 a7")


def test_tac_r10b_a_0_space_move_is_legal_and_uses_an_action() -> None:
    """TAC-R10b: a 0-space move action is legal for every own warrior, even one boxed in on all sides,
    and it uses one of the turn's actions."""
    state = start(
        """
 8  .  .  .  .  .  .  .  v
 5  .  .  M  m  M  .  .  .
 4  .  .  m  P  M  .  .  .
 3  .  .  M  m  M  .  .  .
 1  V  .  .  .  .  .  .  .
""",
        actions_used=1,
    )
    assert moves_by(state, "d4") == ["move d4 0 spaces"]
    play(state, "move d4 0 spaces")
    assert state.actions_used == 2
    assert warrior_at(state, "d4") >= 0


def test_tac_r10b_a_0_space_move_triggers_after_moving() -> None:
    """TAC-R10b, TAC-41: the 0-space move triggers After-Moving: Kess (RALLY_ADJ(1)) stays on d4 and
    the ally beside it gets +1 Might until seat 0's next turn starts."""
    state = start(
        """
 8  .  .  .  .  .  .  .  v
 4  .  .  .  E  M  .  .  .
"""
    )
    militia, kess = warrior_at(state, "e4"), warrior_at(state, "d4")
    assert might(state, militia) == 3  # 2, +1 PHALANX with Kess beside it
    events = play(state, "move d4 0 spaces")
    assert events_of(events, EffectUsed) == [
        EffectUsed(kess, "CMDR Kess", "RALLY_ADJ", "+1 Might to Militia")
    ]
    assert might(state, militia) == 4
    assert state.buff[militia] == 1


def test_tac_r10c_every_step_goes_in_the_same_direction() -> None:
    """TAC-R10c: with d5 taken, a Knight cannot reach d6 by bending round it through c5 or e5 although
    both are empty; and CMDR Oren (diagonal) never moves orthogonally."""
    state = start(KINGS + " 5  .  .  .  M  .  .  .  .\n 4  .  .  .  K  .  .  .  .")
    assert "d6" not in destinations(state, "d4")
    assert {"c5", "e5", "b6", "f6"} <= destinations(state, "d4")
    state = start(
        """
 8  .  .  .  .  .  .  .  v
 4  .  .  .  O  .  .  .  .
"""
    )
    assert destinations(state, "d4") == cells("d4 e5 f6 g7 c5 b6 a7 e3 f2 g1 c3 b2 a1")


# What a mover may pass (R10d) and end on (R10e): the thing on d5, then for each mover whether d5 (end)
# and d6 (pass) are reached. Pikeman: no mode; Kess: jump; Diver: swim; injured Oren: flight.
BLOCKERS = {
    # thing on d5: (board token, terrain token)
    "ally": ("M", "."),
    "enemy": ("m", "."),
    "stone": (".", "S"),
    "water": (".", "W"),
    "wind": (".", "N"),
    "fire": (".", "F"),
    "enemy portal": (".", "p"),
}
MOVERS = {"none": "P", "jump": "E", "swim": "D", "flight": "O*"}
PASSES = {  # blocker -> the modes that pass it (R10d)
    "ally": {"jump", "flight"},
    "enemy": {"jump", "flight"},
    "stone": {"jump", "flight"},
    "water": {"swim", "flight"},
    "wind": {"none", "jump", "swim"},
    "fire": {"none", "jump", "swim", "flight"},
    "enemy portal": {"none", "jump", "swim", "flight"},
}
ENDS = {  # blocker -> the modes that may end on it (R10e)
    "ally": set(),
    "enemy": set(),
    "stone": {"jump", "flight"},
    "water": {"swim", "flight"},
    "wind": {"none", "jump", "swim"},
    "fire": {"none", "jump", "swim", "flight"},
    "enemy portal": {"none", "jump", "swim", "flight"},
}


def _blocked_state(blocker: str, mode: str) -> TacticsState:
    token, land = BLOCKERS[blocker]
    mover = MOVERS[mode]
    commander = "." if mover in ("E", "O*") else "V"
    return start(
        f"""
 8  .  .  .  .  .  .  .  v
 5  .  .  .  {token}  .  .  .  .
 4  .  .  .  {mover} .  .  .  .
 1  {commander}  .  .  .  .  .  .  .
""",
        f" 5  .  .  .  {land}  .  .  .  .",
    )


@pytest.mark.parametrize("mode", list(MOVERS))
@pytest.mark.parametrize("blocker", list(BLOCKERS))
def test_tac_r10d_what_a_mover_may_pass(blocker: str, mode: str) -> None:
    """TAC-R10d: a warrior blocks unless flight or jump; Stone unless flight or jump; Water unless flight
    or swim; Wind blocks only flight; Fire and an enemy Portal block nobody. Passing shows as reaching
    d6, behind the thing on d5."""
    state = _blocked_state(blocker, mode)
    assert ("d6" in destinations(state, "d4")) == (mode in PASSES[blocker])


@pytest.mark.parametrize("mode", list(MOVERS))
@pytest.mark.parametrize("blocker", list(BLOCKERS))
def test_tac_r10e_where_a_mover_may_end(blocker: str, mode: str) -> None:
    """TAC-R10e: the destination holds no warrior and is enterable: flight and jump may end on Stone,
    flight and swim on Water, all but flight on Wind, anyone on Fire or a Portal."""
    state = _blocked_state(blocker, mode)
    assert ("d5" in destinations(state, "d4")) == (mode in ENDS[blocker])


def test_tac_r10f_nothing_leaves_the_board() -> None:
    """TAC-R10f: in a corner a Knight keeps only the squares on the board; a Wyvern on h8 flies at
    most to the edge along its 3 lines."""
    state = start(
        """
 8  .  .  .  .  .  .  .  W
 1  K  .  .  .  .  .  .  .
 3  .  .  .  .  .  .  .  V
 6  v  .  .  .  .  .  .  .
"""
    )
    assert destinations(state, "a1") == cells("a1 a2 a3 b1 c1 b2 c3")
    assert destinations(state, "h8") == cells("h8 h7 h6 h5 h4 g8 f8 e8 d8 g7 f6 e5 d4")


# ---------------------------------------------------------------------- DX9, DX14


def test_tac_dx9_an_orthogonal_mover_cannot_pass_a_friend() -> None:
    """DX9 (TAC-31 to 33, R10): a Diver (orthogonal, range 3, no jump) stops before the friendly Militia
    on d6: d5 only up the file, never d6 or d7."""
    state = start(KINGS + " 6  .  .  .  M  .  .  .  .\n 4  .  .  .  D  .  .  .  .")
    assert destinations(state, "d4") == cells("d4 d5 d3 d2 d1 c4 b4 a4 e4 f4 g4")


def test_tac_dx9_with_jump_it_can_but_never_ends_on_the_friend() -> None:
    """DX9: CMDR Kess (orthogonal, range 3, jump) jumps the friendly Militia on d6 to d7, but d6 itself
    is no destination; moving there raises."""
    state = start(
        """
 8  .  .  .  .  .  .  .  v
 6  .  .  .  M  .  .  .  .
 4  .  .  .  E  .  .  .  .
"""
    )
    assert destinations(state, "d4") == cells("d4 d5 d7 d3 d2 d1 c4 b4 a4 e4 f4 g4")
    with pytest.raises(IllegalActionError, match="cannot move to d6"):
        state.apply_action(Move(square("d4"), square("d6")))


def test_tac_dx9_a_diagonal_step_is_illegal_for_an_orthogonal_pattern() -> None:
    """DX9: Move(d4, e5) is illegal for the Diver: it raises and the state is unchanged."""
    state = start(KINGS + " 4  .  .  .  D  .  .  .  .")
    before = state.clone()
    assert not state.is_legal(Move(square("d4"), square("e5")))
    with pytest.raises(IllegalActionError, match="cannot move to e5"):
        state.apply_action(Move(square("d4"), square("e5")))
    assert state == before


def test_tac_dx14_a_0_space_move_triggers_after_moving_and_uses_an_action() -> None:
    """DX14 (TAC-41, R10): a Scout's 0-space move triggers RALLY_SELF (Might 1 -> 2) and uses an action
    (1 of 3)."""
    state = start(KINGS + " 4  .  .  .  S  .  .  .  .")
    scout = warrior_at(state, "d4")
    assert might(state, scout) == 1
    events = play(state, "move d4 0 spaces")
    assert events_of(events, EffectUsed) == [EffectUsed(scout, "Scout", "RALLY_SELF", "+1 Might")]
    assert might(state, scout) == 2
    assert state.actions_used == 1
    assert warrior_at(state, "d4") == scout


def test_tac_dx14_the_rally_lasts_until_the_owners_next_turn() -> None:
    """DX14, D3: after the last action of the turn (a 0-space move, no Soul to buy another), the turn
    ends; the Scout keeps Might 2 through seat 1's turn and is back to 1 when seat 0's turn starts."""
    state = start(KINGS + " 4  .  .  .  S  .  .  .  .", actions_used=2, souls=[0, 0])
    scout = warrior_at(state, "d4")
    events = play(state, "move d4 0 spaces")
    assert [e.player for e in events_of(events, TurnBegan)] == [1]
    assert might(state, scout) == 2
    play(state, "end turn")
    assert state.active == 0
    assert might(state, scout) == 1


# ---------------------------------------------------------------------- TAC-D2: the movement grammar


@pytest.mark.parametrize(
    ("text", "spec"),
    [
        ("ortho 2", MoveSpec(Dirs.ORTHO, 2)),
        ("diag 3 flight", MoveSpec(Dirs.DIAG, 3, mode=Mode.FLIGHT)),
        ("any 4 flight", MoveSpec(Dirs.ANY, 4, mode=Mode.FLIGHT)),
        ("any 3 jump", MoveSpec(Dirs.ANY, 3, mode=Mode.JUMP)),
        ("ortho 3 swim", MoveSpec(Dirs.ORTHO, 3, mode=Mode.SWIM)),
        ("any exact 2", MoveSpec(Dirs.ANY, 2, exact=True)),
        ("ortho exact 1 jump", MoveSpec(Dirs.ORTHO, 1, exact=True, mode=Mode.JUMP)),
        ("ORTHO  2   Swim", MoveSpec(Dirs.ORTHO, 2, mode=Mode.SWIM)),
        ("ortho 0", MoveSpec(Dirs.ORTHO, 0)),
        ("free 2", MoveSpec(Dirs.FREE, 2)),
    ],
)
def test_tac_d2_reads_each_part_of_a_movement(text: str, spec: MoveSpec) -> None:
    """TAC-D2: directions (ORTHO, DIAG, ANY; and FREE, the free-path extension), an optional
    ``exact``, the spaces, and a mode (none, flight, jump, swim)."""
    assert parse_move(text) == spec


@pytest.mark.parametrize("text", ["none", "cannot move", " None "])
def test_tac_d2_a_warrior_that_cannot_move_has_0_spaces(text: str) -> None:
    """TAC-D2, D1: "cannot move" (the injured Archer) is a movement of 0 spaces."""
    spec = parse_move(text)
    assert spec.spaces == 0
    assert str(spec) == "none"  # as a roster file writes it


@pytest.mark.parametrize(
    "text", ["ortho 3 jump", "any exact 2", "diag 1", "free exact 4 flight", "any 2 swim"]
)
def test_tac_d2_a_movement_prints_as_it_is_written(text: str) -> None:
    assert str(parse_move(text)) == text
    assert parse_move(str(parse_move(text))) == parse_move(text)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "ortho",
        "2",
        "sideways 2",
        "exact 2 ortho",
        "ortho -1",
        "ortho 2.5",
        "ortho 2 teleport",
        "ortho 2 jump swim",
    ],
)
def test_tac_d2_rejects_what_is_not_a_movement(text: str) -> None:
    """TAC-D2: text outside the grammar raises ValueError naming the text."""
    with pytest.raises(ValueError, match="is not a movement"):
        parse_move(text)


@pytest.mark.parametrize("text", ["ortho 5", "any 7 flight", "diag exact 8"])
def test_tac_d2_at_most_4_spaces(text: str) -> None:
    """TAC-D2: ``max: int in 0..4``: a movement of more than 4 spaces is outside the grammar."""
    with pytest.raises(ValueError, match=text):
        parse_move(text)


def test_tac_d2_max_0_still_allows_the_0_space_move() -> None:
    """TAC-D2, R10b: an injured Archer cannot move, but its 0-space move is legal and uses an action."""
    state = start(KINGS + " 4  .  .  .  A* .  .  .  .")
    assert moves_by(state, "d4") == ["move d4 0 spaces"]
    play(state, "move d4 0 spaces")
    assert state.actions_used == 1


def test_tac_d2_max_0_0_space_move_triggers_after_moving(tmp_path: Path) -> None:
    """TAC-D2: a card written with movement ``none`` and RALLY_SELF(1) (the Statue) gains +1 Might from
    its 0-space move; its injured side, ``ortho 0``, has only the 0-space move too."""
    state = start(KINGS + " 4  .  .  .  T  T* .  .  .", game=extra_game(tmp_path))
    statue = warrior_at(state, "d4")
    assert destinations(state, "d4") == {"d4"}
    assert destinations(state, "e4") == {"e4"}
    events = play(state, "move d4 0 spaces")
    assert events_of(events, EffectUsed) == [EffectUsed(statue, "Statue", "RALLY_SELF", "+1 Might")]
    assert might(state, statue) == 3


def test_tac_d2_each_side_has_its_own_movement() -> None:
    """TAC-D2, D1: CMDR Oren moves diagonally up to 3 with flight; its injured side orthogonally up to 2
    with flight."""
    board = """
 8  .  .  .  .  .  .  v  .
 3  .  .  M  .  .  .  .  .
 1  O  .  .  .  .  .  .  .
"""
    uninjured, injured = start(board), start(board.replace("O", "O*"))
    assert destinations(uninjured, "a1") == cells("a1 b2 d4")  # flies over the Militia on c3
    assert destinations(injured, "a1") == cells("a1 a2 a3 b1 c1")


def test_tac_d2_a_roster_file_with_bad_movements_lists_every_problem(tmp_path: Path) -> None:
    """TAC-D2: loading a card whose movements break the grammar raises CardError naming each side."""
    path = tmp_path / "bad.toml"
    path.write_text(
        """
[[warrior]]
id = "blob"
name = "Blob"
cost = 1
uninjured = { might = 1, move = "sideways 2" }
injured = { might = 1, move = "ortho" }
""",
        encoding="utf-8",
    )
    with pytest.raises(CardError) as raised:
        load_roster_file(path)
    problems = raised.value.problems
    assert len(problems) == 2
    assert problems[0].startswith("warrior[0].uninjured.move: 'sideways 2' is not a movement")
    assert problems[1].startswith("warrior[0].injured.move: 'ortho' is not a movement")


def test_tac_d2_free_path_movement_bends_round_warriors(tmp_path: Path) -> None:
    """TAC-D2 extensibility (free-path movement, "each step in any direction"): a Rover (free, 2) with
    warriors on d5 and d3 goes round them to d6 and d2: it reaches every empty square within 2 king
    steps. Its injured side (free, 1) reaches the empty squares beside it."""
    game = extra_game(tmp_path)
    state = start(
        KINGS + " 5  .  .  .  M  .  .  .  .\n 4  .  .  .  R  .  .  .  .\n 3  .  .  .  m  .  .  .  .",
        game=game,
    )
    box = {f"{f}{r}" for f in "bcdef" for r in range(2, 7)}
    assert destinations(state, "d4") == box - {"d5", "d3"}
    state = start(KINGS + " 5  .  .  .  M  .  .  .  .\n 4  .  .  .  R* .  .  .  .", game=game)
    assert destinations(state, "d4") == cells("d4 c5 e5 c4 e4 c3 d3 e3")


def test_tac_d2_an_exact_free_path_may_wander_back_to_nearer_squares(tmp_path: Path) -> None:
    """TAC-D2 extensibility: a free path never enters a square twice, but it may bend back: a Wanderer
    (free, exactly 3) on d4 can end beside itself (d4-c4-c5-d5), and on any empty square within 3 king
    steps, but not on d4 itself; a warrior on e4 only narrows the ways, not the ends."""
    game, code = one_card_game(tmp_path, "Wanderer", "free exact 3", "free exact 1")
    state = start(KINGS + f" 4  .  .  .  {code}  M  .  .  .", game=game)
    within = {
        name(c) for c in range(64) if 1 <= max(abs(c % 8 - 3), abs(c // 8 - 3)) <= 3
    }  # d4 is square 27: file 3, rank 3
    assert destinations(state, "d4") == (within - {"e4", "b1"}) | {"d4"}  # b1 holds Vale; d4: 0 spaces
    state = start(KINGS + f" 4  .  .  .  {code}* .  .  .  .", game=game)
    assert destinations(state, "d4") == cells("d4 c5 d5 e5 c4 e4 c3 d3 e3")


def test_tac_r10_an_exact_free_path_stops_at_a_warrior_it_cannot_pass(tmp_path: Path) -> None:
    """TAC-R10 (d), TAC-D2 extensibility: a free path of exactly 2 steps is blocked like any walker's:
    ringed by warriors, a Wanderer (free, exactly 2) cannot go on from the ring, so it can only stay."""
    game, code = one_card_game(tmp_path, "Wanderer", "free exact 2", "free exact 1")
    ring = " 5  .  .  M  M  M  .  .  .\n 4  .  .  M  {}  M  .  .  .\n 3  .  .  M  M  M  .  .  ."
    state = start(KINGS + ring.format(code), game=game)
    assert destinations(state, "d4") == {"d4"}


def test_tac_d2_a_free_path_never_enters_a_square_twice_nor_its_start(tmp_path: Path) -> None:
    """TAC-D2 extensibility: each step of a free path enters a new square, never the one it left from.
    So a Wanderer (free, exactly 3) on an open board has no 3-step path back to d4 (d4 is its 0-space
    move alone), and the path of each move holds 3 different squares, d4 not among them."""
    game, code = one_card_game(tmp_path, "Wanderer", "free exact 3", "free exact 1")
    state = start(KINGS + f" 4  .  .  .  {code}  .  .  .  .", game=game)
    wanderer, d4 = warrior_at(state, "d4"), square("d4")
    moves = list(moves_of(state, wanderer))
    assert moves
    assert d4 not in {dest for dest, _, _ in moves}
    for dest, via, path in moves:
        assert via is None
        assert len(path) == len(set(path)) == 3
        assert path[-1] == dest
        assert d4 not in path
    assert [move.dest for move in state.legal_actions() if isinstance(move, Move)].count(d4) == 1


def test_tac_d2_the_path_of_a_move_that_is_not_legal_is_an_error(tmp_path: Path) -> None:
    """TAC-D2: a move is carried out along the path its listing found; asked for the path of a
    free-path move that is not legal (a Rover, free 2, to d7), the rules fail loudly, not with no path."""
    state = start(KINGS + " 4  .  .  .  R  .  .  .  .", game=extra_game(tmp_path))
    rover = warrior_at(state, "d4")
    assert path_of(state, rover, square("d6"), None) == (square("d5"), square("d6"))
    with pytest.raises(AssertionError, match="no path to d7"):
        path_of(state, rover, square("d7"), None)


def test_tac_r11_the_path_of_a_straight_move_holds_every_square_entered() -> None:
    """TAC-R11, R12: the path of a move is the squares it enters, the destination (or the Portal it
    teleports from) last: what Fire is checked against. A Pikeman going d4 to d6 enters d5 and d6; a
    Diver going d2 through its Portal on d3 enters d3 alone."""
    state = start(KINGS + " 4  .  .  .  P  .  .  .  .")
    assert path_of(state, warrior_at(state, "d4"), square("d6"), None) == (square("d5"), square("d6"))
    state = start(
        " 8  .  .  .  .  .  .  .  v\n 2  .  .  .  D  .  .  .  .\n 1  E  .  .  .  .  .  .  .",
        " 3  .  .  .  P  .  .  .  .\n 6  .  .  .  .  .  .  P  .",
    )
    assert path_of(state, warrior_at(state, "d2"), square("g6"), square("d3")) == (square("d3"),)


def test_tac_r10_a_free_path_jumper_passes_over_warriors_a_walker_cannot(tmp_path: Path) -> None:
    """TAC-R10 (d), TAC-D2 extensibility: a warrior blocks a free path unless the mover has flight or
    jump. Ringed by warriors, a Hopper (free, 2, jump) passes over them to every empty square 2 king
    steps away; a Rover (free, 2) on the same square can only stay."""
    game, code = one_card_game(tmp_path, "Hopper", "free 2 jump", "free 1")
    ring = " 5  .  .  M  M  M  .  .  .\n 4  .  .  M  {}  M  .  .  .\n 3  .  .  M  M  M  .  .  ."
    state = start(KINGS + ring.format(code), game=game)
    outer = {name(c) for c in range(64) if max(abs(c % 8 - 3), abs(c // 8 - 3)) == 2}  # d4: file 3, rank 3
    assert destinations(state, "d4") == outer | {"d4"}
    state = start(KINGS + ring.format("R"), game=extra_game(tmp_path))
    assert destinations(state, "d4") == {"d4"}


def test_tac_r10_warrior_0_blocks_a_free_path_as_any_warrior_does(tmp_path: Path) -> None:
    """TAC-R10 (d): with both commanders on rank 8, the ring's c3 warrior is warrior number 0 (the
    lowest square); it blocks a Rover (free, 2) like the rest of the ring, which leaves it only d4."""
    ring = " 5  .  .  M  M  M  .  .  .\n 4  .  .  M  R  M  .  .  .\n 3  .  .  M  M  M  .  .  ."
    state = start(" 8  V  .  .  .  .  .  .  v\n" + ring, game=extra_game(tmp_path))
    assert warrior_at(state, "c3") == 0
    assert destinations(state, "d4") == {"d4"}


def test_tac_r11_a_free_path_goes_round_fire_when_it_can(tmp_path: Path) -> None:
    """TAC-R11, TAC-D2 extensibility: a free path is carried out along a way that keeps out of Fire
    where there is one. A Rover (free, 2) going from d4 to d6 past Fire on d5 bends round it by c5
    or e5 and keeps its Might; walled in by Fire on c5, d5 and e5, it must pass Fire and is scorched."""
    game = extra_game(tmp_path)
    for fire, scorched in ((" 5  .  .  .  F  .  .  .  .", False), (" 5  .  .  F  F  F  .  .  .", True)):
        state = start(KINGS + " 4  .  .  .  R  .  .  .  .", fire, game=game)
        rover = warrior_at(state, "d4")
        play(state, "move d4 to d6")
        assert state.scorched[rover] is scorched
        assert might(state, rover) == 2 - scorched


def test_tac_r11_an_exact_free_path_goes_round_fire_when_it_can_and_through_it_when_not(
    tmp_path: Path,
) -> None:
    """TAC-R11, TAC-D2 extensibility: a Wanderer (free, exactly 2) going from d4 to d6 with Fire on d5
    and e5 takes the way by c5 and keeps its Might; walled in by Fire on c5, d5 and e5, d6 is still
    a destination, by a way through Fire, and the Wanderer is scorched."""
    game, code = one_card_game(tmp_path, "Wanderer", "free exact 2", "free exact 1")
    for fire, scorched in ((" 5  .  .  .  F  F  .  .  .", False), (" 5  .  .  F  F  F  .  .  .", True)):
        state = start(KINGS + f" 4  .  .  .  {code}  .  .  .  .", fire, game=game)
        wanderer = warrior_at(state, "d4")
        assert "d6" in destinations(state, "d4")
        play(state, "move d4 to d6")
        assert state.scorched[wanderer] is scorched


def test_tac_dx12_a_free_path_starting_on_an_own_portal_does_not_teleport_from_it(tmp_path: Path) -> None:
    """DX12, TAC-R12: a move teleports from a Portal it enters; the square a Rover (free, 2) starts on
    is not entered, so standing on its own Portal d4 it teleports only through d5, never from d4."""
    state = start(
        KINGS + " 4  .  .  .  R  .  .  .  .",
        " 5  .  .  .  P  .  .  .  .\n 4  .  .  .  P  .  .  .  .\n 1  .  .  .  .  .  .  .  P",
        game=extra_game(tmp_path),
    )
    d4 = square("d4")
    vias = {via for _, via, _ in moves_of(state, warrior_at(state, "d4")) if via is not None}
    assert vias == {square("d5")}
    assert d4 not in vias


def test_tac_r12_a_free_path_enters_an_own_portal_at_any_step(tmp_path: Path) -> None:
    """TAC-R12, TAC-D2 extensibility: a free path enters an own Portal at any step, not only its last.
    A Rover (free, 2) walled in by Stone on c4, e4, c5 and e5 reaches its own Portal on d5 only at step
    1, and may come out on its free Portal h1; no other square leads through a portal. It arrives on
    h1, and d5 stays empty."""
    state = start(
        KINGS + " 4  .  .  .  R  .  .  .  .",
        " 5  .  .  S  P  S  .  .  .\n 4  .  .  S  .  S  .  .  .\n 1  .  .  .  .  .  .  .  P",
        game=extra_game(tmp_path),
    )
    rover = warrior_at(state, "d4")
    teleports = {(name(dest), name(via)) for dest, via, _ in moves_of(state, rover) if via is not None}
    assert teleports == {("h1", "d5")}
    assert {text for text in legal_texts(state) if "portal" in text} == {
        "move d4 to h1 through the portal at d5"
    }
    play(state, "move d4 to h1 through the portal at d5")
    assert warrior_at(state, "h1") == rover
    assert state.board[square("d5")] == -1


def test_tac_d2_a_move_action_text_names_the_squares() -> None:
    """TAC-D2, B.5: the Move encoding: ``Move(origin, dest, via)``, a 0-space move having dest = origin."""
    state = start(KINGS + " 4  .  .  .  P  .  .  .  .")
    assert action(state, "move d4 0 spaces") == Move(square("d4"), square("d4"))
    assert action(state, "move d4 to d6") == Move(square("d4"), square("d6"))


def test_tac_b5_a_square_is_named_by_file_and_rank_in_either_case() -> None:
    """B.5: squares are named a1 to h8 (a1 is 0, h8 is 63), read in either case and around spaces; any
    other name is refused, naming the squares."""
    assert [square("a1"), square("h8"), square(" C2 "), square("D4")] == [0, 63, 10, 27]
    assert [name(0), name(63), name(10)] == ["a1", "h8", "c2"]
    for bad in ("i1", "a9", "a", "a10", ""):
        with pytest.raises(ValueError, match="squares are a1 to h8"):
            square(bad)
