"""Perft counts for Soulshards Tactics: how many legal action sequences of length 1, 2 and 3 there are.

From six fixed positions (a new game at the coin flip, the end of setup, an opening, a crowded
mid-game with terrain and portals, a pending riposte, and a position one attack from the end) the
test walks every sequence with `legal_actions`, `clone` and `apply_action`, and compares the counts
with ``data/perft.txt``. A chance node counts each outcome as one branch (only the coin flip is
chance, and only the new game is played with explicit chance). A sequence that ends the game early
counts nothing at the depths beyond.

The counts pin the whole move generator: a change anywhere (a lost move, a duplicated portal move, a
decision asked of the wrong seat) shows as a changed number. The depth-1 counts are also written out by
hand below, action by action.

A move through a Portal is two decisions (E9): the move into the Portal, then its exit. Two sets of
counts are kept: ``data/perft.txt`` counts decisions, and ``data/perft_moves.txt`` counts such a move
and its exit as one step, so it pins the moves themselves, whatever the decisions they are split into.

Regenerate the fixtures with ``python tests/tactics/test_perft.py --regenerate`` and read the diff.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

if __name__ == "__main__":  # run as a script: find the shared helpers the way pytest does
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tactics_scenarios import legal_texts, start, tactics_game

from shardgames.kernel.actions import Action
from shardgames.kernel.state import CHANCE
from shardgames.tactics import TacticsState
from shardgames.tactics.movement import waiting_move

FIXTURE = Path(__file__).parent / "data" / "perft.txt"
MOVES_FIXTURE = Path(__file__).parent / "data" / "perft_moves.txt"
DEPTHS = (1, 2, 3)

GAME = tactics_game()
EXPLICIT = tactics_game(chance="explicit")


def _new_game() -> TacticsState:
    state = EXPLICIT.new_initial_state(seed=0)
    assert isinstance(state, TacticsState)
    return state


def _position(board: str, terrain: str | None = None, **fields: Any) -> Callable[[], TacticsState]:
    return lambda: start(board, terrain, game=GAME, **fields)


POSITIONS: dict[str, Callable[[], TacticsState]] = {
    # The coin flip of a new game (explicit chance), then the first player's first purchases.
    "new-game": _new_game,
    # Setup: seat 0 has a commander, 2 Souls and two purchases left in this turn; seat 1 has stopped.
    # Only h1 to h4 are free in seat 0's four rows, so once the Souls are spent play begins.
    "late-setup": _position(
        """
 8  .  .  .  v  .  .  .  .
 2  M  M  M  M  M  M  M  .
 1  M  M  M  V  M  M  M  .
""",
        """
 4  F  S  W  N  F  S  W  .
 3  P  P  F  S  W  N  F  .
""",
        phase="setup",
        souls=[2, 0],
        stopped=[False, True],
        purchases=1,
    ),
    # The first turn of play: both armies on their closest rows, terrain in each half. Ending the turn
    # leads to seat 1's turn start, where CMDR Vale on d8 may nudge a neighbour.
    "opening": _position(
        """
 8  .  .  a  v  k  .  .  .
 7  m  m  .  .  .  .  .  .
 2  M  M  .  .  .  .  .  .
 1  .  .  A  V  K  .  .  .
""",
        """
 6  .  .  .  .  .  s  .  .
 5  .  .  w  .  .  .  .  .
 4  .  .  .  .  F  .  .  .
 3  .  .  .  P  .  .  N  .
 2  .  .  .  .  .  .  .  P
""",
        souls=[10, 9],
    ),
    # Mid-game, seat 1 to act after one attack: injured warriors, a scorched Militia in Fire, a rallied
    # Kess, a Diver in Water, a Scout standing on its own Portal, Wind, Stone, and Portals for both.
    "crowded": _position(
        """
 7  .  .  o  .  .  b  .  .
 6  .  p* .  .  w  .  .  .
 5  .  .  s  K  .  d  .  .
 4  .  .  .  M  P  .  .  .
 3  .  W* .  .  .  .  S  .
 2  .  .  .  E  .  .  .  .
""",
        """
 7  .  .  .  .  .  .  .  p
 6  .  .  .  .  .  n  .  .
 5  .  .  p  .  .  w  .  .
 4  .  .  .  F  .  .  .  .
 3  .  .  .  .  S  .  .  .
 2  .  .  P  .  .  .  P  .
 1  W  .  .  .  .  .  .  .
""",
        active=1,
        turn=14,
        souls=[3, 2],
        actions_used=1,
        attacked=["c5"],
        reductions={"d5": 1},
        buffs={"d2": 1},
        scorched=["d4"],
    ),
    # Seat 0's Militia has attacked seat 1's Knight (Might 4 - 2 = 2, not injured): seat 1 decides on the
    # Knight's RIPOSTE_MOVE, which may go through its Portal e7 to a8.
    "riposte": _position(
        """
 8  .  .  .  .  v  .  .  .
 5  .  .  .  .  k  .  .  .
 4  .  .  .  M  .  .  .  .
 1  .  .  .  E  .  .  .  .
""",
        " 8  p  .  .  .  .  .  .  .\n 7  .  .  .  .  p  .  .  .\n 5  .  .  .  .  .  F  .  .",
        decision={"riposte": "e5"},
        attacked=["d4"],
        actions_used=1,
        reductions={"e5": 2},
    ),
    # Seat 1 has only its injured CMDR Oren left; seat 0 has one action left and no Soul to buy another.
    # Attacking with the Militia wins at once (TAC-11); any move ends the turn.
    "near-end": _position(
        """
 8  .  .  .  .  .  .  .  .
 5  .  .  .  o* .  .  .  .
 4  .  .  .  M  .  .  .  .
 1  E  .  .  .  .  .  .  .
""",
        actions_used=2,
        souls=[0, 3],
    ),
}


def perft(state: TacticsState, depth: int, *, moves: bool = False) -> int:
    """The number of sequences of `depth` legal actions (chance outcomes included) from `state`.

    With `moves`, a move into a Portal and the choice of its exit count as one step.
    """
    if depth == 0:
        return 1
    if state.current_player == CHANCE:
        options: tuple[Action, ...] = tuple(outcome for outcome, _ in state.chance_outcomes())
    else:
        options = tuple(state.legal_actions())
    if depth == 1 and not moves:
        return len(options)
    total = 0
    for option in options:
        child = state.clone()
        child.apply_action(option)
        assert isinstance(child, TacticsState)
        for step in _exits(child) if moves else (child,):
            total += perft(step, depth - 1, moves=moves)
    return total


def _exits(state: TacticsState) -> list[TacticsState]:
    """`state`, or, when a move waits for its Portal's exit, the state after each choice of it."""
    if waiting_move(state) is None:
        return [state]
    after = []
    for option in state.legal_actions():
        child = state.clone()
        child.apply_action(option)
        assert isinstance(child, TacticsState)
        after.append(child)
    return after


def read_fixture(path: Path = FIXTURE) -> dict[tuple[str, int], int]:
    """``(position, depth) -> count`` from a fixture (``#`` starts a comment)."""
    counts = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        body = line.split("#", 1)[0].split()
        if body:
            position, depth, count = body
            counts[position, int(depth)] = int(count)
    return counts


def regenerate() -> None:
    """Rewrite the fixtures from the engine."""
    for path, moves, unit in ((FIXTURE, False, "decisions"), (MOVES_FIXTURE, True, "moves")):
        lines = [
            f"# Perft counts of {unit} for Soulshards Tactics (tests/tactics/test_perft.py):",
            "# position, depth, count. Regenerate with: python tests/tactics/test_perft.py --regenerate",
        ]
        for position, make in POSITIONS.items():
            lines += [f"{position} {depth} {perft(make(), depth, moves=moves)}" for depth in DEPTHS]
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")


# ---------------------------------------------------------------------- the tests

FIXED = read_fixture() if FIXTURE.exists() else {}
FIXED_MOVES = read_fixture(MOVES_FIXTURE) if MOVES_FIXTURE.exists() else {}


def test_perft_fixture_covers_every_position_and_depth() -> None:
    assert set(FIXED) == {(position, depth) for position in POSITIONS for depth in DEPTHS}
    assert set(FIXED_MOVES) == set(FIXED)


@pytest.mark.parametrize(("position", "depth"), sorted(FIXED), ids=[f"{p}-{d}" for p, d in sorted(FIXED)])
def test_perft_counts_match_the_fixture(position: str, depth: int) -> None:
    assert perft(POSITIONS[position](), depth) == FIXED[position, depth]


@pytest.mark.parametrize(
    ("position", "depth"), sorted(FIXED_MOVES), ids=[f"{p}-{d}" for p, d in sorted(FIXED_MOVES)]
)
def test_perft_counts_of_moves_match_the_fixture(position: str, depth: int) -> None:
    assert perft(POSITIONS[position](), depth, moves=True) == FIXED_MOVES[position, depth]


def test_perft_walk_leaves_the_root_unchanged() -> None:
    """Counting clones before applying: the position counted is the same afterwards."""
    state = POSITIONS["crowded"]()
    before = state.clone()
    perft(state, 2)
    assert state == before


# ---------------------------------------------------------------------- counts worked out by hand


def _after(state: TacticsState, *texts: str) -> TacticsState:
    """A copy of `state` after the actions with these texts (chance outcomes included)."""
    child = state.clone()
    assert isinstance(child, TacticsState)
    for text in texts:
        options = (
            [o for o, _ in child.chance_outcomes()]
            if child.current_player == CHANCE
            else child.legal_actions()
        )
        child.apply_action(next(o for o in options if str(o) == text))
    return child


def test_perft_new_game_by_hand() -> None:
    """The new game, to depth 3. Depth 1: the coin has two sides. Depth 2: whoever wins it has 256
    first purchases: 3 commanders (free) on the 8 squares of its closest row; Militia (printed cost 1)
    on 16 squares of its two closest rows; the other 7 warriors on 8 squares each; 5 terrains on the 32
    squares of its four closest rows; no Stop without a commander (TAC-R4).

    Depth 3, the second purchase, by what the first one was (seat 0 first; seat 1 is the mirror):

    - a commander (24 ways): Stop, the 2 other commanders (8 Souls) on 7 squares, Militia on 15, the 7
      others on 7, terrain on 5 x 31: 1 + 14 + 15 + 49 + 155 = 234;
    - anything else on row 1 (Militia 8, the 7 others 56, terrain 40 ways): no Stop, commanders on 7
      squares: 21 + 15 + 49 + 155 = 240;
    - something on row 2 (Militia 8, terrain 40 ways): 24 + 15 + 56 + 155 = 250;
    - terrain on rows 3 or 4 (80 ways): 24 + 16 + 56 + 155 = 251.
    """
    state = POSITIONS["new-game"]()
    assert [str(outcome) for outcome, _ in state.chance_outcomes()] == [
        "seat 0 goes first",
        "seat 1 goes first",
    ]
    assert 3 * 8 + 16 + 7 * 8 + 5 * 32 == 256
    first = _after(state, "seat 0 goes first")
    assert len(first.legal_actions()) == 256
    branches = {
        "buy cmdr-vale at d1": 234,  # CMDR Vale
        "buy militia at a1": 240,  # Militia, row 1
        "buy knight at e1": 240,  # Knight
        "buy fire at a1": 240,
        "buy militia at a2": 250,  # Militia, row 2
        "buy water at h2": 250,
        "buy stone at c4": 251,
    }
    assert {text: len(_after(first, text).legal_actions()) for text in branches} == branches
    per_seat = 24 * 234 + (8 + 56 + 40) * 240 + (8 + 40) * 250 + 80 * 251
    assert (FIXED["new-game", 1], FIXED["new-game", 2], FIXED["new-game", 3]) == (2, 2 * 256, 2 * per_seat)


def test_perft_late_setup_by_hand() -> None:
    """The late setup, to depth 2. Depth 1: Stop, Militia on h1 or h2, a 2-Soul warrior on h1, or one of
    5 terrains on h1 to h4; a second commander (8 Souls) and the 3-Soul warriors are too dear.

    Depth 2: after Stop, or after a 2-Soul warrior (no Soul left: Stop is forced), play begins and CMDR
    Vale's turn-start NUDGE is offered: decline, c2 to b3 or c3, d2 to c3, e2 to f3 (Stone d3 and Water
    e3 cannot be entered, the rest is full): 5. After Militia: Stop, Militia on the other h1/h2 square,
    terrain on 3 squares: 17. After terrain on h1 or h2: 1 + 1 + 15 = 17; on h3 or h4: 1 + 2 + 15 = 18.
    """
    state = POSITIONS["late-setup"]()
    terrains = ("fire", "stone", "portal", "water", "wind")
    expected = {
        "stop buying": 5,
        "buy militia at h1": 17,
        "buy militia at h2": 17,
        "buy archer at h1": 5,
        "buy scout at h1": 5,
        "buy diver at h1": 5,
        **{f"buy {kind} at {cell}": 17 for kind in terrains for cell in ("h1", "h2")},
        **{f"buy {kind} at {cell}": 18 for kind in terrains for cell in ("h3", "h4")},
    }
    assert sorted(legal_texts(state)) == sorted(expected)
    assert {text: len(_after(state, text).legal_actions()) for text in expected} == expected
    assert sorted(legal_texts(_after(state, "stop buying"))) == sorted(
        ["decline", "move c2 to b3", "move c2 to c3", "move d2 to c3", "move e2 to f3"]
    )
    assert (FIXED["late-setup", 1], FIXED["late-setup", 2]) == (len(expected), sum(expected.values()))


def _count_by_origin(state: TacticsState) -> dict[str, int]:
    """The number of legal moves by the square they start from; other actions by their text."""
    counts: dict[str, int] = {}
    for text in legal_texts(state):
        key = text.split()[1] if text.startswith("move ") else text
        counts[key] = counts.get(key, 0) + 1
    return counts


def test_perft_opening_by_hand() -> None:
    """Depth 1 of the opening, by warrior, each with its 0-space move: Archer c1 (orthogonal 2: b1, a1,
    c2, c3) 5; Vale d1 (any 2: d2, d3, e2, f3, c2, b3, and from its Portal d3 to h2) 8; Knight e1 (e2,
    e3, f2, g3 on Wind, f1, g1, d2, c3) 9; Militia a2 (a1, b1, a3, b3) 5; Militia b2 (a1, b1, c2, a3,
    b3, c3) 7; buy an action; end turn. No enemy is in reach."""
    state = POSITIONS["opening"]()
    counts = {"c1": 5, "d1": 8, "e1": 9, "a2": 5, "b2": 7, "buy an action": 1, "end turn": 1}
    assert _count_by_origin(state) == counts
    assert "move d1 to h2 through the portal at d3" in legal_texts(state)
    assert sum(counts.values()) == FIXED_MOVES["opening", 1] == 36
    # stopping on the Portal d3 and going through it to h2 start with one decision, "move d1 to d3" (E9)
    assert FIXED["opening", 1] == 35


def test_perft_crowded_by_hand() -> None:
    """Depth 1 of the crowded position (seat 1 to act), by warrior, each with its 0-space move:

    - Scout c5 (any 3, jump; it has attacked): c6, c8; d6, e7, f8; e5 (Water f5 stops the jump); e3
      (Stone) and f2 over the Militia; c4, c3, c2; b4, a3; b5, a5; a7 over the Pikeman: 17;
    - Diver f5 (orthogonal 3, swim): f6 (Wind) then the Bard; f4, f3, f2; g5, h5; e5 then the Knight: 8,
      and it attacks the Pikeman on e4;
    - injured Pikeman b6 (orthogonal 1): b5, a6, c6, b7: 5;
    - Wyvern e6 (any 4, flight): not east (Wind f6); e7, e8; g8; g4, h3; e5, e3, e2; c4, a2; d6, c6,
      a6; d7, c8: 16, and it attacks the Knight on d5;
    - Oren c7 (diagonal 3, flight): d8; b8; d6, e5, f4; a5: 7;
    - Bard f7 (any 2): f8; g8; g7, h7 (seat 1's only empty Portal: nowhere to go); g6, h5; f6; e7, d7;
      e8: 11;
    - buy an action (2 Souls); end turn.
    """
    state = POSITIONS["crowded"]()
    counts = {
        "c5": 17,
        "f5": 8,
        "b6": 5,
        "e6": 16,
        "c7": 7,
        "f7": 11,
        "attack e4 from f5": 1,
        "attack d5 from e6": 1,
        "buy an action": 1,
        "end turn": 1,
    }
    assert _count_by_origin(state) == counts
    assert sum(counts.values()) == FIXED["crowded", 1] == FIXED_MOVES["crowded", 1] == 68


def test_perft_riposte_by_hand() -> None:
    """Depth 1 of the riposte: decline, or one of the Knight's 14 moves (any direction, up to 2; the
    Militia on d4 closes the south-west line), or through its Portal e7 to a8."""
    state = POSITIONS["riposte"]()
    assert state.current_player == 1
    knight = ["e6", "e7", "f6", "g7", "f5", "g5", "f4", "g3", "e4", "e3", "d5", "c5", "d6", "c7"]
    expected = [
        "decline",
        *(f"move e5 to {cell}" for cell in knight),
        "move e5 to a8 through the portal at e7",
    ]
    assert sorted(legal_texts(state)) == sorted(expected)
    assert len(expected) == 16 == FIXED_MOVES["riposte", 1]
    assert FIXED["riposte", 1] == 15  # "move e5 to e7" stops on the Portal or goes through it (E9)


def test_perft_near_end_by_hand() -> None:
    """The near end, to depth 2. Depth 1: the Militia's 7 steps and its 0-space move, Kess's 6 moves and
    its 0-space move, the winning attack, and ending the turn (no Soul to buy an action).

    Depth 2: the attack ends the game (0). Every other action ends seat 0's turn, and seat 1 has: end
    turn, buy an action (3 Souls), the injured Oren's 0-space move and moves 1 or 2 along its file and
    rank (flying over a warrior, never ending on one), and an attack on a seat 0 warrior beside it.
    With the Militia on d4 that is 1 + 1 + 8 + 1 = 11; with it on d3 (Oren can reach d4 only, no attack)
    10; on c3 or e3 (Oren free, no attack) 11; on c4 or e4 (beside Oren) 12; on c5 or e5 (beside Oren,
    in its way) 11."""
    state = POSITIONS["near-end"]()
    militia = {"c3": 11, "d3": 10, "e3": 11, "c4": 12, "e4": 12, "c5": 11, "e5": 11}
    kess = ["a2", "a3", "a4", "b1", "c1", "d1"]
    expected = {
        "move d4 0 spaces": 11,
        **{f"move d4 to {cell}": count for cell, count in militia.items()},
        "move a1 0 spaces": 11,
        **{f"move a1 to {cell}": 11 for cell in kess},
        "attack d5 from d4": 0,
        "end turn": 11,
    }
    assert sorted(legal_texts(state)) == sorted(expected)
    assert {text: len(_after(state, text).legal_actions()) for text in expected} == expected
    assert sorted(legal_texts(_after(state, "end turn"))) == sorted(
        ["end turn", "buy an action", "attack d4 from d5", "move d5 0 spaces"]
        + [f"move d5 to {cell}" for cell in ("d6", "d7", "d3", "e5", "f5", "c5", "b5")]
    )
    won = _after(state, "attack d5 from d4")
    assert won.is_terminal()
    assert won.winner == 0
    assert (FIXED["near-end", 1], FIXED["near-end", 2]) == (len(expected), sum(expected.values()))


if __name__ == "__main__":
    if sys.argv[1:] != ["--regenerate"]:
        sys.exit(f"usage: python {sys.argv[0]} --regenerate")
    regenerate()
    print(FIXTURE.read_text(encoding="utf-8"), end="")
