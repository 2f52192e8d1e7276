"""TAC-D1 with TAC-30 to 38, R10 and R12: where every side of every roster warrior may move from d4.

For each of the 22 sides (uninjured and injured) of the eleven roster warriors there is one plain-text
file in ``data/movement/``, named ``<card id>_<side>.txt``. It holds seven positions: an empty board, a
crowded board, and one with each terrain (fire, stone, portal, water, wind) in the way. Each position is
drawn as three diagrams side by side:

1. the warriors, in the position format (upper case: seat 0, the mover's seat; lower case: seat 1);
2. the terrain (``F`` fire, ``S`` stone, ``P`` portal, ``W`` water, ``N`` wind; lower case: seat 1's);
3. the answer: ``@`` is the mover on d4 (its 0-space move, always legal), ``+`` a square it may move to
   with one move action, ``.`` a square it may not.

The test sets up each position, asks the engine which squares the mover's legal move actions reach,
and compares them with the ``@`` and ``+`` squares. A second test checks every diagram against a
literal reading of the rulebook written out below (`rulebook_reach`), which knows nothing of the
engine.

How a reader checks a diagram by hand (TAC-31 to 33, R10, R12):

- Follow each of the mover's directions from d4 (ORTHO: the 4 files and ranks, DIAG: the 4 diagonals,
  ANY: all 8) for at most its number of spaces, never off the board.
- Stop before Stone unless the mover has flight or jump, before Water unless flight or swim, and before
  Wind if it has flight; otherwise the square is a destination unless a warrior stands on it.
- A warrior stops the line there unless the mover has flight or jump; those pass it, but never end on it.
- Fire never blocks. An enemy Portal is plain ground. Reaching (or passing) one of seat 0's own Portals
  adds every other own Portal with no warrior on it.

The seat 0 commander on b1 (present unless the mover is itself a commander) and the seat 1 commander on
g8 stand on no line from d4, so they never change the answer.

Regenerate the files from the engine with ``python tests/tactics/test_movement_diagrams.py --regenerate``
and read the diff: the regeneration refuses to write a diagram on which the engine and `rulebook_reach`
disagree.
"""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path
from typing import NamedTuple

import pytest

if __name__ == "__main__":  # run as a script: find the shared helpers the way pytest does
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tactics_scenarios import destinations, start, tactics_game

from shardgames.tactics import Dirs, Mode, MoveSpec, starter_roster

GAME = tactics_game()
DATA = Path(__file__).parent / "data" / "movement"
ORIGIN = "d4"
FILES = "abcdefgh"
SIDES = ("uninjured", "injured")

# The movement column of the rulebook's roster table (TAC-D1), uninjured side then injured side.
ROSTER_MOVES: dict[str, tuple[MoveSpec, MoveSpec]] = {
    "militia": (MoveSpec(Dirs.ANY, 1), MoveSpec(Dirs.ORTHO, 1)),
    "archer": (MoveSpec(Dirs.ORTHO, 2), MoveSpec(Dirs.ANY, 0)),
    "scout": (MoveSpec(Dirs.ANY, 3, mode=Mode.JUMP), MoveSpec(Dirs.ANY, 2, mode=Mode.JUMP)),
    "diver": (MoveSpec(Dirs.ORTHO, 3, mode=Mode.SWIM), MoveSpec(Dirs.ORTHO, 2, mode=Mode.SWIM)),
    "pikeman": (MoveSpec(Dirs.ORTHO, 2), MoveSpec(Dirs.ORTHO, 1)),
    "bard": (MoveSpec(Dirs.ANY, 2), MoveSpec(Dirs.ANY, 1)),
    "knight": (MoveSpec(Dirs.ANY, 2), MoveSpec(Dirs.ANY, 1)),
    "wyvern": (MoveSpec(Dirs.ANY, 4, mode=Mode.FLIGHT), MoveSpec(Dirs.ANY, 2, mode=Mode.FLIGHT)),
    "cmdr-vale": (MoveSpec(Dirs.ANY, 2), MoveSpec(Dirs.ANY, 1)),
    "cmdr-oren": (MoveSpec(Dirs.DIAG, 3, mode=Mode.FLIGHT), MoveSpec(Dirs.ORTHO, 2, mode=Mode.FLIGHT)),
    "cmdr-kess": (MoveSpec(Dirs.ORTHO, 3, mode=Mode.JUMP), MoveSpec(Dirs.ORTHO, 2, mode=Mode.JUMP)),
}


class Layout(NamedTuple):
    """One of the seven positions around the mover: extra warriors and terrain, and what it shows."""

    warriors: dict[str, str]
    terrain: dict[str, str]
    note: str


IN_THE_WAY = ("d6", "e5", "f4", "c3", "b6", "d2")
"""Where the blocking terrain stands: 2 up, 1 up-right, 2 right, 1 down-left, 2 up-left, 2 down."""

LAYOUTS: dict[str, Layout] = {
    "empty": Layout({}, {}, "nothing in the way: every line runs to the mover's range or the edge"),
    "crowded": Layout(
        {"d6": "M", "e5": "M", "f2": "M", "d3": "m", "g4": "m", "b6": "m"},
        {},
        "allies on d6, e5, f2 and enemies on d3, g4, b6 stop a mover without flight or jump there; "
        "a flier or jumper passes them, never ending on one",
    ),
    "fire": Layout(
        {},
        {"d5": "F", "d6": "F", "e5": "F", "f4": "F", "c3": "F"},
        "Fire never blocks and may be ended on: the answer is the empty board's",
    ),
    "stone": Layout(
        {},
        dict.fromkeys(IN_THE_WAY, "S"),
        "Stone stops a mover without flight or jump before it; flight and jump pass and may end on it",
    ),
    "portal": Layout(
        {"a5": "M"},
        {"d6": "P", "b2": "P", "h1": "P", "a5": "P", "e4": "p"},
        "seat 0's Portals d6, b2, h1 and a5 (an ally holds a5); entering d6 or b2 may teleport to the "
        "other two empty ones, never to a5; seat 1's Portal on e4 is plain ground",
    ),
    "water": Layout(
        {},
        dict.fromkeys(IN_THE_WAY, "W"),
        "Water stops a mover without flight or swim before it; flight and swim pass and may end on it",
    ),
    "wind": Layout(
        {},
        dict.fromkeys(IN_THE_WAY, "N"),
        "Wind stops only a flier, before it; every other mover passes and may end on it",
    ),
}


class Diagram(NamedTuple):
    """One block of a fixture file."""

    layout: str
    board: str
    terrain: str
    origin: str
    reach: frozenset[str]


# ---------------------------------------------------------------------- the rulebook's reading


_STEPS = {
    Dirs.ORTHO: ((0, 1), (1, 0), (0, -1), (-1, 0)),
    Dirs.DIAG: ((1, 1), (1, -1), (-1, -1), (-1, 1)),
}
_STEPS[Dirs.ANY] = _STEPS[Dirs.ORTHO] + _STEPS[Dirs.DIAG]


def _enterable(mode: Mode, terrain: str | None) -> bool:
    """TAC-35, 37, 38, R10d/e: whether a move of `mode` may enter (pass or end on) this terrain."""
    kind = (terrain or ".").upper()
    if kind == "S":
        return mode in (Mode.FLIGHT, Mode.JUMP)
    if kind == "W":
        return mode in (Mode.FLIGHT, Mode.SWIM)
    if kind == "N":
        return mode is not Mode.FLIGHT
    return True


def rulebook_reach(spec: MoveSpec, origin: str, warriors: set[str], terrain: dict[str, str]) -> set[str]:
    """The squares a seat 0 warrior on `origin` reaches with one move action, read off TAC-31 to 38, R10
    and R12 word for word: its own square (R10b), every square of a straight line in one of its
    directions (R10c) within its spaces (R10a) that it may enter and that holds no warrior (R10e), the
    line stopping at what it may not pass (R10d) or at the edge (R10f); and, for an own Portal it enters
    (passing or stopping), every other own Portal that holds no warrior (R12)."""
    reach = {origin}
    if spec.spaces == 0:
        return reach
    own_portals = {cell for cell, kind in terrain.items() if kind == "P"}
    file, rank = FILES.index(origin[0]), int(origin[1])
    for dx, dy in _STEPS[spec.dirs]:
        for steps in range(1, spec.spaces + 1):
            x, y = file + dx * steps, rank + dy * steps
            if not (0 <= x < 8 and 1 <= y <= 8):
                break
            cell = f"{FILES[x]}{y}"
            if not _enterable(spec.mode, terrain.get(cell)):
                break
            occupied = cell in warriors
            if not occupied and (not spec.exact or steps == spec.spaces):
                reach.add(cell)
            if cell in own_portals:
                reach |= {p for p in own_portals if p != cell and p not in warriors}
            if occupied and spec.mode not in (Mode.FLIGHT, Mode.JUMP):
                break
    return reach


# ---------------------------------------------------------------------- reading and writing the files


def _grid(cells: dict[str, str]) -> list[list[str]]:
    """Rows 8 to 1 of tokens ("." where `cells` has none)."""
    return [[cells.get(f"{f}{rank}", ".") for f in FILES] for rank in range(8, 0, -1)]


def _layout_cells(card_id: str, injured: bool, layout: Layout) -> tuple[dict[str, str], dict[str, str]]:
    """The warriors and terrain of a layout around the mover (its token on d4), commanders included."""
    index = [card.id for card in GAME.roster].index(card_id)
    warriors = {"g8": "v", **layout.warriors, ORIGIN: GAME.codes[index] + ("*" if injured else "")}
    if not GAME.roster[index].commander:
        warriors["b1"] = "V"
    return warriors, dict(layout.terrain)


def _row(label: str, tokens: list[str]) -> str:
    return f" {label}  " + " ".join(t.ljust(2) for t in tokens)


def render_file(card_id: str, side: str, answers: dict[str, set[str]]) -> str:
    """The text of one fixture file, the reachable squares taken from `answers` (by layout)."""
    card = next(c for c in starter_roster() if c.id == card_id)
    spec = ROSTER_MOVES[card_id][SIDES.index(side)]
    head = "    " + " ".join(f.ljust(2) for f in FILES)
    lines = [
        f"# {card.side(side == 'injured').name} on d4: {spec} (TAC-D1).",
        "# Left: the warriors (upper case: seat 0, the mover's); middle: the terrain (F fire, S stone,",
        "# P portal, W water, N wind; lower case: seat 1's); right: @ the mover, + a square it may move to.",
        "# To check by hand: follow each of its directions from d4 up to its range; stop before Stone",
        "# (unless flight or jump), Water (unless flight or swim) or Wind (if flight), and at a warrior",
        "# (unless flight or jump, which pass it but never stop on it). Fire never blocks. Entering one of",
        "# seat 0's Portals also reaches every other seat 0 Portal with no warrior on it.",
    ]
    for layout_name, layout in LAYOUTS.items():
        warriors, terrain = _layout_cells(card_id, side == "injured", layout)
        marks = dict.fromkeys(answers[layout_name], "+") | {ORIGIN: "@"}
        grids = [_grid(warriors), _grid(terrain), _grid(marks)]
        lines += [
            "",
            f"== {layout_name} ==",
            *textwrap.wrap(layout.note, 100, initial_indent="# ", subsequent_indent="# "),
        ]
        lines.append("   ".join([head] * 3).rstrip())
        lines += ["   ".join(_row(str(8 - row), grid[row]) for grid in grids).rstrip() for row in range(8)]
    return "\n".join(lines) + "\n"


def read_file(path: Path) -> list[Diagram]:
    """The diagrams of one fixture file."""
    diagrams: list[Diagram] = []
    layout_name = ""
    rows: list[list[str]] = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("== "):
            layout_name = line.strip("= ")
            rows = []
            continue
        tokens = line.split()
        if not tokens or line.startswith("#") or not tokens[0].isdigit():
            continue
        assert len(tokens) == 27, f"{path.name} {layout_name}: cannot read {line!r}"
        rows.append(tokens)
        if len(rows) == 8:
            diagrams.append(_diagram(layout_name, rows))
    return diagrams


def _diagram(layout_name: str, rows: list[list[str]]) -> Diagram:
    board = "\n".join(f" {r[0]}  " + "  ".join(r[1:9]) for r in rows)
    terrain = "\n".join(f" {r[9]}  " + "  ".join(r[10:18]) for r in rows)
    marks = {f"{FILES[i]}{r[18]}": token for r in rows for i, token in enumerate(r[19:27])}
    origin = next(cell for cell, token in marks.items() if token == "@")
    reach = frozenset(cell for cell, token in marks.items() if token in "@+")
    return Diagram(layout_name, board, terrain, origin, reach)


def _diagram_text(cells: dict[str, str]) -> str:
    """`cells` as a position diagram."""
    return "\n".join(f" {8 - row}  " + "  ".join(tokens) for row, tokens in enumerate(_grid(cells)))


def _cells(diagram_text: str) -> dict[str, str]:
    cells = {}
    for line in diagram_text.splitlines():
        rank, *tokens = line.split()
        cells.update({f"{FILES[i]}{rank}": t for i, t in enumerate(tokens) if t != "."})
    return cells


def fixture_names() -> list[str]:
    """``<card id>_<side>`` for every side of every roster warrior, in roster order."""
    return [f"{card.id}_{side}" for card in starter_roster() for side in SIDES]


def _cases() -> list[tuple[str, Diagram]]:
    return [
        (stem, diagram)
        for stem in fixture_names()
        if (DATA / f"{stem}.txt").exists()
        for diagram in read_file(DATA / f"{stem}.txt")
    ]


CASES = _cases()


# ---------------------------------------------------------------------- the tests


def test_tac_d1_movement_of_every_side_follows_the_roster_table() -> None:
    """TAC-D1, D2: each side of each roster card moves as the rulebook's table says (an Archer's
    injured side "cannot move": 0 spaces, whatever its directions)."""
    moves = {card.id: (card.uninjured.move, card.injured.move) for card in starter_roster()}
    assert set(moves) == set(ROSTER_MOVES)
    for card_id, (uninjured, injured) in ROSTER_MOVES.items():
        assert moves[card_id][0] == uninjured, card_id
        if injured.spaces == 0:
            assert moves[card_id][1].spaces == 0, card_id
        else:
            assert moves[card_id][1] == injured, card_id


def test_tac_d1_every_side_has_a_diagram_of_every_layout() -> None:
    """TAC-D1: a diagram file for each of the 22 sides, each with the seven layouts in order, drawn
    around the right warrior (the mover's token on d4, shown injured on an injured side)."""
    assert sorted(p.stem for p in DATA.glob("*.txt")) == sorted(fixture_names())
    assert len(fixture_names()) == 22
    for stem in fixture_names():
        card_id, side = stem.split("_")
        diagrams = read_file(DATA / f"{stem}.txt")
        assert [d.layout for d in diagrams] == list(LAYOUTS), stem
        for diagram in diagrams:
            warriors, terrain = _layout_cells(card_id, side == "injured", LAYOUTS[diagram.layout])
            assert _cells(diagram.board) == warriors, f"{stem} {diagram.layout}"
            assert _cells(diagram.terrain) == terrain, f"{stem} {diagram.layout}"
            assert diagram.origin == ORIGIN


@pytest.mark.parametrize(("stem", "diagram"), CASES, ids=[f"{s}-{d.layout}" for s, d in CASES])
def test_tac_d1_reachable_squares_match_the_diagram(stem: str, diagram: Diagram) -> None:
    """TAC-D1, 30 to 38, R10, R12: the squares the engine's legal move actions reach are exactly the
    diagram's ``@`` and ``+`` squares."""
    state = start(diagram.board, diagram.terrain, game=GAME)
    assert destinations(state, diagram.origin) == set(diagram.reach)


@pytest.mark.parametrize(("stem", "diagram"), CASES, ids=[f"{s}-{d.layout}" for s, d in CASES])
def test_tac_r10_diagrams_follow_the_rulebook_reading(stem: str, diagram: Diagram) -> None:
    """TAC-R10, R12: every diagram agrees with `rulebook_reach`, which reads the rules without the
    engine, so a regeneration cannot slip an engine mistake into the fixtures unseen."""
    card_id, side = stem.split("_")
    spec = ROSTER_MOVES[card_id][SIDES.index(side)]
    warriors = set(_cells(diagram.board)) - {diagram.origin}
    assert rulebook_reach(spec, diagram.origin, warriors, _cells(diagram.terrain)) == set(diagram.reach)


def test_tac_r10_rulebook_reading_by_hand() -> None:
    """TAC-R10, R12: a few answers of `rulebook_reach` worked out by hand, so the reference itself is
    checked (the same squares appear in the scout, diver, wyvern and oren files)."""
    # Scout, any up to 3, jump, on the crowded board: it jumps the ally on d6 to d7, the enemy on d3 to
    # d2 and d1, and so on; g4 (an enemy) stops the east line at f4 only because h4 is 4 away.
    crowded = set(LAYOUTS["crowded"].warriors)
    assert rulebook_reach(ROSTER_MOVES["scout"][0], "d4", crowded, {}) == {
        "d4", "d5", "d7", "d2", "d1", "e4", "f4", "c4", "b4", "a4",
        "f6", "g7", "c5", "a7", "e3", "g1", "c3", "b2", "a1",
    }  # fmt: skip
    # Diver, ortho up to 3, swim, by the water: it swims into and across d6, f4 and d2.
    water = LAYOUTS["water"].terrain
    assert rulebook_reach(ROSTER_MOVES["diver"][0], "d4", set(), water) == {
        "d4", "d5", "d6", "d7", "d3", "d2", "d1", "e4", "f4", "g4", "c4", "b4", "a4",
    }  # fmt: skip
    # Wyvern, any up to 4, flight, by the wind: it stops before d6, e5, f4, c3, b6 and d2.
    wind = LAYOUTS["wind"].terrain
    assert rulebook_reach(ROSTER_MOVES["wyvern"][0], "d4", set(), wind) == {
        "d4", "d5", "d3", "e4", "c4", "b4", "a4", "c5", "e3", "f2", "g1",
    }  # fmt: skip
    # Oren, diag up to 3, flight, by the portals: b2 is entered on the way to a1, so d6 and h1 (the
    # empty own Portals) are reached too; a5 holds an ally; seat 1's e4 is no diagonal square.
    portal = LAYOUTS["portal"]
    assert rulebook_reach(ROSTER_MOVES["cmdr-oren"][0], "d4", set(portal.warriors), portal.terrain) == {
        "d4", "e5", "f6", "g7", "c5", "b6", "a7", "e3", "f2", "g1", "c3", "b2", "a1", "d6", "h1",
    }  # fmt: skip


# ---------------------------------------------------------------------- regeneration


def regenerate() -> list[str]:
    """Rewrite every fixture from the engine; return the diagrams where the engine and the rulebook's
    reading disagree (those files are not written)."""
    DATA.mkdir(parents=True, exist_ok=True)
    disagreements = []
    for stem in fixture_names():
        card_id, side = stem.split("_")
        spec = ROSTER_MOVES[card_id][SIDES.index(side)]
        answers = {}
        for layout_name, layout in LAYOUTS.items():
            warriors, terrain = _layout_cells(card_id, side == "injured", layout)
            engine = destinations(start(_diagram_text(warriors), _diagram_text(terrain), game=GAME), ORIGIN)
            expected = rulebook_reach(spec, ORIGIN, set(warriors) - {ORIGIN}, terrain)
            if engine != expected:
                disagreements.append(
                    f"{stem} {layout_name}: engine only {sorted(engine - expected)}, "
                    f"rulebook only {sorted(expected - engine)}"
                )
            answers[layout_name] = engine - {ORIGIN}
        if not any(d.startswith(f"{stem} ") for d in disagreements):
            (DATA / f"{stem}.txt").write_text(render_file(card_id, side, answers), encoding="utf-8")
    return disagreements


if __name__ == "__main__":
    if sys.argv[1:] != ["--regenerate"]:
        sys.exit(f"usage: python {sys.argv[0]} --regenerate")
    problems = regenerate()
    print("\n".join(problems) or f"wrote {len(fixture_names())} files to {DATA}")
    sys.exit(1 if problems else 0)
