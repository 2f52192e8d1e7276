"""Moving (TAC-30 to 38, R10 to R12): where a warrior may go, the squares it passes, and Portals.

Shared by the turn (`shardgames.tactics.play`) and the effects that move warriors
(`shardgames.tactics.standard_effects`).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Iterator, Mapping
from typing import TYPE_CHECKING

from shardgames.tactics.board import RAYS, SEGMENTS, free_moves, name
from shardgames.tactics.events import Moved, Teleported
from shardgames.tactics.phases import Phase, TacticsPrompt
from shardgames.tactics.terrain import TERRAINS, Terrain
from shardgames.tactics.warriors import Dirs, Mode, MoveSpec

if TYPE_CHECKING:
    from shardgames.tactics.state import TacticsState

__all__ = [
    "ENTER",
    "ENTERED_BY",
    "FIRE",
    "NO_PORTALS",
    "OVER_WARRIORS",
    "come_out",
    "landings",
    "move_targets",
    "move_to",
    "moves_of",
    "passability",
    "path_of",
    "portal_exits",
    "portal_marks",
    "portal_squares",
    "relocate",
    "stops_on",
    "waiting_move",
]

FIRE = Terrain.FIRE.ordinal

NO_PORTALS = [False] * 64


@functools.lru_cache(maxsize=256)
def portal_marks(cells: tuple[int, ...]) -> list[bool]:
    """Whether each square is one of `cells` (a read-only table, shared: Portals rarely change)."""
    marks = [False] * 64
    for cell in cells:
        marks[cell] = True
    return marks


def portal_squares(s: TacticsState, seat: int) -> tuple[tuple[int, ...], list[int]]:
    """`seat`'s Portals a move may enter to teleport, and those it may teleport to (TAC-36, R12).

    A move enters a Portal by passing or stopping on it (a flier or jumper passes one that holds a
    warrior); it may then go on to any other of the seat's Portals that holds no warrior. Both lists
    are empty when no teleport is possible (fewer than two Portals, or none free).
    """
    cells = s.portals[seat]
    if len(cells) < 2:
        return (), []
    board = s.board
    free = [c for c in cells if board[c] < 0]
    return (cells, free) if free else ((), [])


OVER_WARRIORS = frozenset({Mode.FLIGHT, Mode.JUMP})
"""The movement modes that pass over a warrior in their way (TAC-R10 d)."""

ENTERED_BY: Mapping[Terrain, frozenset[Mode]] = {
    Terrain.STONE: frozenset({Mode.FLIGHT, Mode.JUMP}),
    Terrain.WATER: frozenset({Mode.FLIGHT, Mode.SWIM}),
    Terrain.WIND: frozenset(Mode) - {Mode.FLIGHT},
}
"""The modes that may enter (pass or end on) each terrain that keeps some out; the others let all in
(TAC-R10 d, e)."""

ENTER = {
    mode: (True, *(mode in ENTERED_BY.get(terrain, frozenset(Mode)) for terrain in TERRAINS)) for mode in Mode
}
"""``ENTER[mode][terrain + 1]``: whether a move of `mode` may enter a square with that terrain."""


def passability(s: TacticsState, spec: MoveSpec) -> tuple[list[bool], list[bool]]:
    """For every square: may this movement pass through it, and may it end there (TAC-R10)."""
    enter = ENTER[spec.mode]
    over = spec.mode in OVER_WARRIORS
    board = s.board
    passes = [enter[t + 1] and (over or board[c] < 0) for c, t in enumerate(s.terrain)]
    return passes, landings(s, spec.mode, range(64))


def landings(s: TacticsState, mode: Mode, cells: Iterable[int]) -> list[bool]:
    """For each of `cells`: may a movement of `mode` end there: terrain it enters, no warrior (TAC-R10)."""
    enter = ENTER[mode]
    board, terrain = s.board, s.terrain
    return [enter[terrain[c] + 1] and board[c] < 0 for c in cells]


def moves_of(s: TacticsState, warrior: int) -> Iterator[tuple[int, int | None, tuple[int, ...]]]:
    """Every move of `warrior` other than the 0-space move: ``(destination, portal used, squares entered)``.

    A move may go through an own Portal that holds no warrior, entered at any step, to another own
    Portal that holds no warrior; the move then ends there (TAC-36, R12).
    """
    spec = s.side_of(warrior).move
    origin = s.square[warrior]
    owner = s.owner[warrior]
    board, terrain = s.board, s.terrain
    entries, portals = portal_squares(s, owner)
    if spec.dirs is Dirs.FREE:
        yield from _free_moves(s, origin, spec, entries, portals)
        return
    enter = ENTER[spec.mode]
    over = spec.mode in OVER_WARRIORS
    low = spec.spaces if spec.exact else 1
    for ray in RAYS[spec.dirs][origin]:
        for steps, cell in enumerate(ray[: spec.spaces], 1):
            ok = enter[terrain[cell] + 1]
            empty = board[cell] < 0
            if ok and empty and steps >= low:
                yield cell, None, ray[:steps]
            if ok and (empty or over) and cell in entries:  # entered, passing or stopping (TAC-R12)
                for target in portals:
                    if target != cell:
                        yield target, cell, ray[:steps]
            if not ok or not (empty or over):
                break


def _free_moves(
    s: TacticsState, origin: int, spec: MoveSpec, entries: tuple[int, ...], portals: list[int]
) -> Iterator[tuple[int, int | None, tuple[int, ...]]]:
    can_pass, can_end = passability(s, spec)
    avoid = [t == FIRE for t in s.terrain]
    yield from (
        (dest, None, path)
        for dest, path in free_moves(
            origin, spec, can_pass.__getitem__, can_end.__getitem__, avoid.__getitem__
        )
    )
    if entries:  # the Portals it can enter (pass or stop on) at any step, on to a free other one
        reach = free_moves(
            origin,
            MoveSpec(spec.dirs, spec.spaces, False, spec.mode),
            can_pass.__getitem__,
            lambda cell: cell in entries and can_pass[cell],
            avoid.__getitem__,
        )
        for cell, path in reach:
            for target in portals:
                if target != cell:
                    yield target, cell, path


def path_of(s: TacticsState, warrior: int, dest: int, via: int | None) -> tuple[int, ...]:
    """The squares a legal move enters, its destination (or the portal it uses) last."""
    side = s.game.sides[s.card[warrior]][s.injured[warrior]]  # `side_of`, without the call
    if side.move.dirs is not Dirs.FREE:  # a straight line: the one ray that holds the target
        return SEGMENTS[s.square[warrior] * 64 + (dest if via is None else via)]
    for option_dest, option_via, path in moves_of(s, warrior):
        if option_dest == dest and option_via == via:
            return path
    raise AssertionError(f"no path to {name(dest)} (the move was checked as legal)")


def relocate(s: TacticsState, warrior: int, dest: int, path: tuple[int, ...], via: int | None) -> None:
    """Move a warrior along `path` to `dest`: scorched if it entered or passed Fire (TAC-R11)."""
    board, square = s.board, s.square
    origin = square[warrior]
    board[origin] = -1
    board[dest] = warrior
    square[warrior] = dest
    terrain = s.terrain
    if terrain[dest] == FIRE:
        s.scorched[warrior] = True
    else:
        for cell in path:
            if terrain[cell] == FIRE:
                s.scorched[warrior] = True
                break
    label = s.game.side_names[s.card[warrior]][s.injured[warrior]]  # `name_of`, without the call
    s.emit(Moved(warrior, label, origin, via if via is not None else dest))
    if via is not None:
        s.emit(Teleported(warrior, label, via, dest))


def move_targets(s: TacticsState, warrior: int) -> list[int]:
    """The squares a `Move` of `warrior` may name (its 0-space move aside), each once (E9).

    These are the squares it may stop on and the own Portals it may enter to teleport from: a move
    that teleports names its entry Portal, and the exit is the next decision (`portal_exits`).
    """
    return list(dict.fromkeys(dest if via is None else via for dest, via, _ in moves_of(s, warrior)))


def portal_exits(s: TacticsState, warrior: int, portal: int | None = None) -> list[int]:
    """The free other Portals of its owner a warrior may teleport to from `portal` (TAC-R12).

    `portal` is the square it enters (default: the square it stands on); nothing when that is not one of
    its owner's Portals.
    """
    where = s.square[warrior] if portal is None else portal
    owner = s.owner[warrior]
    if where not in s.portals[owner]:
        return []
    return [c for c in s.portals[owner] if c != where and s.board[c] < 0]


def stops_on(s: TacticsState, warrior: int, cell: int) -> bool:
    """Whether a move of `warrior` may end on `cell` without teleporting (TAC-30 to 38, R10)."""
    return any(dest == cell and via is None for dest, via, _ in moves_of(s, warrior))


def move_to(s: TacticsState, warrior: int, dest: int) -> bool:
    """Carry out a legal `Move` of `warrior` to `dest` other than a 0-space move (TAC-R12, E9).

    A move onto or over an own Portal from which the warrior may teleport asks its owner where to
    come out (a ``portal`` decision, `come_out`); the warrior stays where it is until then, so the
    path it takes is known when it moves. Any other move is made at once.

    Returns:
        Whether the move waits for that decision.
    """
    if portal_exits(s, warrior, dest):
        s.set_prompt(TacticsPrompt(s.owner[warrior], Phase.PORTAL, warrior, dest))
        return True
    relocate(s, warrior, dest, path_of(s, warrior, dest, None), None)
    return False


def waiting_move(s: TacticsState) -> tuple[int, int] | None:
    """``(warrior, portal)`` while a move into an own Portal waits for its exit (`move_to`), else None.

    The pending decision is then a ``portal`` decision about a warrior not yet on the Portal (one an
    effect moved onto its Portal stands there already: that decision is not a waiting move).
    """
    prompt = s.prompt
    if (
        isinstance(prompt, TacticsPrompt)
        and prompt.phase is Phase.PORTAL
        and s.square[prompt.warrior] != prompt.square
    ):
        return prompt.warrior, prompt.square
    return None


def come_out(s: TacticsState, warrior: int, portal: int, exit_: int | None) -> None:
    """The ``portal`` decision: teleport from `portal` to `exit_`, or (None) stay on it (TAC-R12).

    A warrior already on the Portal (an effect moved it there) only teleports; one on its way (see
    `move_to`) moves now, to the Portal or through it.
    """
    if s.square[warrior] == portal:
        if exit_ is not None:
            s.board[portal] = -1
            s.board[exit_] = warrior
            s.square[warrior] = exit_
            s.emit(Teleported(warrior, s.name_of(warrior), portal, exit_))
    elif exit_ is None:
        relocate(s, warrior, portal, path_of(s, warrior, portal, None), None)
    else:
        relocate(s, warrior, exit_, path_of(s, warrior, exit_, portal), portal)
