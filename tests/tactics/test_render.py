"""Rendering: the movement diagrams mark exactly the squares a side reaches, and the text and SVG of a
state show injured sides, terrain and whose turn it is."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path
from types import ModuleType

import pytest
from loading import load_file

import shardgames as sg
from shardgames.tactics import TacticsGame, TacticsState, name, square
from shardgames.tactics.actions import Attack, Move
from shardgames.tactics.render import board_svg, movement_squares, movement_svg, movement_text
from shardgames.tactics.warriors import parse_move

SVG = "{http://www.w3.org/2000/svg}"
HOOK = Path(__file__).resolve().parents[2] / "docs" / "hooks" / "tactics_roster.py"

# Warriors beyond the roster, for the movements it does not use: free paths and exact spaces.
EXTRA_ROSTER = """
[[warrior]]
id = "wisp"
name = "Wisp"
cost = 2
uninjured = { might = 1, move = "free 2" }
injured = { might = 1, move = "free exact 3 flight" }

[[warrior]]
id = "hopper"
name = "Hopper"
cost = 3
uninjured = { might = 2, move = "any exact 3 jump" }
injured = { might = 1, move = "diag 4 swim" }
"""


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> TacticsGame:
    path = tmp_path_factory.mktemp("roster") / "extra.toml"
    path.write_text(EXTRA_ROSTER, encoding="utf-8")
    loaded = sg.load_game("tactics", roster=(str(path),))
    assert isinstance(loaded, TacticsGame)
    return loaded


def diagram_squares(svg: str) -> dict[str, set[tuple[int, int]]]:
    """The offsets of the diagram's squares, by class (end, passed, origin, empty)."""
    squares: dict[str, set[tuple[int, int]]] = {}
    for rect in ET.fromstring(svg).iter(f"{SVG}rect"):
        if "class" in rect.attrib:
            offset = (int(rect.attrib["data-dx"]), int(rect.attrib["data-dy"]))
            squares.setdefault(rect.attrib["class"], set()).add(offset)
    return squares


def engine_destinations(game: TacticsGame, card_id: str, injured: bool, origin: str) -> set[int]:
    """The squares the engine lets the warrior move to from `origin` on an otherwise empty board.

    The two commanders the position needs stand in corners out of the warrior's reach (and off its
    lines), so they block nothing.
    """
    card = next(c for c in game.roster if c.id == card_id)
    ends, passed = movement_squares(card.side(injured).move)
    here = square(origin)
    near = {_shift(here, offset) for offset in ends | passed} - {None}
    corners = [c for c in ("a1", "h1", "a8", "h8", "b1", "g8") if square(c) not in near]
    rows: dict[int, list[str]] = {}
    pieces = {origin: f"[{card_id}]{'*' if injured else ''}", corners[0]: "{cmdr-vale}"}
    if not card.commander:
        pieces[corners[1]] = "[cmdr-kess]"
    for cell, token in pieces.items():
        rows.setdefault(int(cell[1]), ["."] * 8)[ord(cell[0]) - ord("a")] = token
    board = "\n".join(f"{rank} " + " ".join(tokens) for rank, tokens in sorted(rows.items(), reverse=True))
    state = game.state_from_position({"board": board})
    assert isinstance(state, TacticsState)
    return {a.dest for a in state.legal_actions() if isinstance(a, Move) and a.origin == here} - {here}


def _shift(cell: int, offset: tuple[int, int]) -> int | None:
    file, rank = cell % 8 + offset[0], cell // 8 + offset[1]
    return rank * 8 + file if 0 <= file < 8 and 0 <= rank < 8 else None


@pytest.mark.parametrize(
    ("card_id", "injured"),
    [
        ("knight", False),
        ("archer", False),
        ("archer", True),
        ("militia", True),
        ("cmdr-oren", False),
        ("wyvern", False),
        ("wisp", False),
        ("wisp", True),
        ("hopper", False),
        ("hopper", True),
    ],
)
@pytest.mark.parametrize("origin", ["d4", "e5", "b2"])
def test_the_diagram_marks_exactly_the_squares_the_engine_reaches(
    game: TacticsGame, card_id: str, injured: bool, origin: str
) -> None:
    """Every marked square, put on the board around `origin`, is a legal destination, and no other."""
    marked = diagram_squares(movement_svg(game, card_id, injured)).get("end", set())
    on_board = {_shift(square(origin), offset) for offset in marked} - {None}
    assert {name(c) for c in engine_destinations(game, card_id, injured, origin)} == {
        name(c) for c in on_board if c is not None
    }


def test_the_diagram_of_the_archer_is_the_four_lines_of_two(game: TacticsGame) -> None:
    squares = diagram_squares(movement_svg(game, "archer"))
    assert squares["end"] == {(0, 1), (0, 2), (0, -1), (0, -2), (1, 0), (2, 0), (-1, 0), (-2, 0)}
    assert squares["origin"] == {(0, 0)}
    assert "passed" not in squares
    assert len(squares["empty"]) == 81 - 9  # a 9 by 9 board


def test_an_exact_movement_shades_the_squares_it_only_passes(game: TacticsGame) -> None:
    squares = diagram_squares(movement_svg(game, "hopper"))
    steps = [(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (dx, dy) != (0, 0)]
    assert squares["end"] == {(3 * dx, 3 * dy) for dx, dy in steps}
    assert squares["passed"] == {(k * dx, k * dy) for dx, dy in steps for k in (1, 2)}


def test_a_side_that_cannot_move_marks_no_square(game: TacticsGame) -> None:
    still = diagram_squares(movement_svg(game, "archer", injured=True))
    assert "end" not in still
    assert still["origin"] == {(0, 0)}


def test_the_diagram_names_the_side_its_movement_and_its_mode() -> None:
    game = sg.load_game("tactics")
    assert isinstance(game, TacticsGame)
    svg = movement_svg(game, 7)  # the Wyvern, by number
    texts = [t.text for t in ET.fromstring(svg).iter(f"{SVG}text")]
    assert "Wyvern" in texts
    assert "up to 4 spaces in any direction, flight" in texts
    assert any(text and text.startswith("flight:") for text in texts)
    injured = ET.fromstring(movement_svg(game, "wyvern", injured=True))
    assert "Wyvern (injured)" in [t.text for t in injured.iter(f"{SVG}text")]
    assert any("stroke-dasharray" in c.attrib for c in injured.iter(f"{SVG}circle"))


def test_movement_text() -> None:
    assert movement_text(parse_move("any 1")) == "1 space in any direction"
    assert movement_text(parse_move("ortho 3 jump")) == "up to 3 spaces orthogonally, jump"
    assert movement_text(parse_move("free exact 2 flight")) == "exactly 2 spaces along a free path, flight"
    assert movement_text(parse_move("none")) == "cannot move"


def test_an_unknown_warrior_is_refused(game: TacticsGame) -> None:
    with pytest.raises(sg.UsageError, match="no warrior 'golem'"):
        movement_svg(game, "golem")
    with pytest.raises(sg.UsageError, match="no warrior number 99"):
        movement_svg(game, 99)


# ---------------------------------------------------------------------- a state as text and as SVG

POSITION = {
    "active": 1,
    "turn": 9,
    "board": """
     8  .  .  .  v  .  .  .  .
     5  .  .  .  k* .  .  .  .
     4  .  .  .  P  .  .  .  .
     1  .  .  .  E  .  .  .  .
    """,
    "terrain": """
     5  .  .  .  .  w  .  .  .
     4  .  .  .  F  .  .  .  .
     1  S  .  .  .  .  .  .  .
    """,
    "scorched": ["d4"],
}


def position_state() -> TacticsState:
    state = sg.load_game("tactics").state_from_position(POSITION)
    assert isinstance(state, TacticsState)
    return state


def test_the_text_shows_injured_sides_terrain_and_whose_turn() -> None:
    text = str(position_state())
    lines = text.splitlines()
    assert lines[0] == "Soulshards Tactics, turn 9, seat 1 to play"
    assert lines[1].startswith("  to act: seat 1: move, attack")
    warriors, terrain = lines[2].split()
    assert (warriors, terrain) == ("warriors", "terrain")
    rank5 = next(line for line in lines if line.startswith(" 5 "))
    assert rank5.split()[:9] == ["5", ".", ".", ".", "k*", ".", ".", ".", "."]  # the injured Knight
    assert rank5.split()[9:] == ["5", ".", ".", ".", ".", "w", ".", ".", "."]  # seat 1's Water
    rank4 = next(line for line in lines if line.startswith(" 4 "))
    assert rank4.split()[9:] == ["4", ".", ".", ".", "F", ".", ".", ".", "."]  # seat 0's Fire
    assert "seat 1: Knight (injured) (Might 3)" in text
    assert "seat 0: CMDR Kess (Might 3); Pikeman (Might 2, scorched)" in text


def test_the_svg_shows_injured_sides_terrain_and_whose_turn() -> None:
    state = position_state()
    root = ET.fromstring(board_svg(state))
    circles = {c.findtext(f"{SVG}title"): c.attrib for c in root.iter(f"{SVG}circle")}
    assert set(circles) == {"CMDR Vale", "Knight (injured)", "Pikeman", "CMDR Kess"}
    assert "stroke-dasharray" in circles["Knight (injured)"]
    assert all("stroke-dasharray" not in circles[n] for n in ("CMDR Vale", "Pikeman", "CMDR Kess"))
    assert circles["Knight (injured)"]["fill"] != circles["Pikeman"]["fill"]  # the players' colours
    texts = [t.text or "" for t in root.iter(f"{SVG}text")]
    assert sorted(t for t in texts if t in ("fire", "stone", "water")) == ["fire", "stone", "water"]
    assert texts[-1] == "turn 9: seat 1: move, attack, buy an action, or end the turn"
    assert state._repr_svg_() == board_svg(state)


def test_a_finished_game_says_who_won() -> None:
    state = sg.load_game("tactics").state_from_position(
        {"board": " 2  .  .  .  v* .  .  .  .\n 1  .  .  .  M  .  .  .  V"}
    )
    assert isinstance(state, TacticsState)
    state.apply_action(Attack(square("d1"), square("d2")))  # only a commander left: the attack defeats it
    assert state.is_terminal()
    assert str(state).splitlines()[-1] == "game over: seat 0 wins"
    assert "game over: seat 0 wins" in board_svg(state)


# ---------------------------------------------------------------------- the docs hook


def load_hook() -> ModuleType:
    return load_file(HOOK, "tactics_roster_hook")


def test_the_roster_marker_becomes_a_row_per_warrior_with_both_diagrams() -> None:
    hook = load_hook()
    markdown = hook.roster_markdown("")
    game = sg.load_game("tactics")
    assert isinstance(game, TacticsGame)
    rows = [line for line in markdown.splitlines() if line.startswith("| ")][2:]
    assert len(rows) == len(game.roster) == 11
    for row, card in zip(rows, game.roster, strict=True):
        assert f"(assets/tactics/{card.id}-uninjured.svg)" in row
        assert f"(assets/tactics/{card.id}-injured.svg)" in row
    assert rows[0].startswith(
        "| Militia | `M` | 1 | Might **2**, 1 space in any direction, [PHALANX(1)](#effects"
    )
    assert "(../assets/tactics/knight-injured.svg)" in hook.roster_markdown("games")
    effects = hook.effects_markdown()
    assert "| `TERRAIN_AFFINITY(t, n)` | passive | automatic | +n Might while standing in t. |" in effects
    assert "| `VOLLEY(n)` | after moving | its controller: use or decline |" in effects
