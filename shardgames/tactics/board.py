"""The 8x8 board: squares, distance, and movement compiled into precomputed rays (TAC-3, D2, R10, R13).

Squares are numbered 0 to 63, ``8 * rank + file``: ``a1`` is 0, ``h1`` is 7, ``a8`` is 56. Seat 0 plays
from rank 1, seat 1 from rank 8 (TAC-R2). Every straight line from every square in every direction is
computed once (`RAYS`), so generating moves walks short tuples of ints.

Examples:
    >>> from shardgames.tactics.board import square, name, distance
    >>> square("c2"), name(10)
    (10, 'c2')
    >>> [distance(0, square(s)) for s in ("b2", "c3", "d4", "e5", "d2", "a5")]
    [1, 3, 4, 6, 3, 4]
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from shardgames.tactics.warriors import Dirs, MoveSpec

__all__ = [
    "ADJACENT",
    "DISTANCES",
    "FILES",
    "RAYS",
    "distance",
    "name",
    "row_of",
    "square",
]

FILES = "abcdefgh"
SIZE = 8
ORTHO_STEPS = ((0, 1), (1, 0), (0, -1), (-1, 0))
DIAG_STEPS = ((1, 1), (1, -1), (-1, -1), (-1, 1))
STEPS = {Dirs.ORTHO: ORTHO_STEPS, Dirs.DIAG: DIAG_STEPS, Dirs.ANY: ORTHO_STEPS + DIAG_STEPS}


def square(text: str) -> int:
    """The number of a square named like ``"c2"``.

    Raises:
        ValueError: If the name is not a square of the board.
    """
    text = text.strip().lower()
    if len(text) != 2 or text[0] not in FILES or text[1] not in "12345678":
        raise ValueError(f"{text!r} is not a square; squares are a1 to h8")
    return (int(text[1]) - 1) * SIZE + FILES.index(text[0])


def name(index: int) -> str:
    """The name of square `index`, like ``"c2"``."""
    return f"{FILES[index % SIZE]}{index // SIZE + 1}"


def row_of(index: int, seat: int) -> int:
    """The row of square `index` counted from `seat`'s edge: 1 is the closest row (TAC-R2)."""
    rank = index // SIZE
    return rank + 1 if seat == 0 else SIZE - rank


def _distance(a: int, b: int) -> int:
    dx, dy = abs(a % SIZE - b % SIZE), abs(a // SIZE - b // SIZE)
    return max(dx, dy) + min(dx, dy) // 2


DISTANCES: tuple[tuple[int, ...], ...] = tuple(
    tuple(_distance(a, b) for b in range(SIZE * SIZE)) for a in range(SIZE * SIZE)
)
"""``DISTANCES[a][b]``: the effect distance between squares `a` and `b` (see `distance`)."""


def distance(a: int, b: int) -> int:
    """Effect distance (TAC-R13): ``max(|dx|, |dy|) + floor(min(|dx|, |dy|) / 2)`` (from `DISTANCES`).

    Examples:
        >>> distance(0, 1), distance(0, 9), distance(0, 10), distance(0, 63)
        (1, 1, 2, 10)
    """
    return DISTANCES[a][b]


def _ray(origin: int, step: tuple[int, int]) -> tuple[int, ...]:
    file, rank = origin % SIZE, origin // SIZE
    cells: list[int] = []
    while True:
        file, rank = file + step[0], rank + step[1]
        if not (0 <= file < SIZE and 0 <= rank < SIZE):
            return tuple(cells)
        cells.append(rank * SIZE + file)


RAYS: dict[Dirs, tuple[tuple[tuple[int, ...], ...], ...]] = {
    dirs: tuple(tuple(ray for step in steps if (ray := _ray(origin, step))) for origin in range(SIZE * SIZE))
    for dirs, steps in STEPS.items()
}
"""``RAYS[dirs][square]``: the straight lines from `square` in each direction of `dirs`, nearest first."""

ADJACENT: tuple[tuple[int, ...], ...] = tuple(
    tuple(ray[0] for ray in RAYS[Dirs.ANY][origin]) for origin in range(SIZE * SIZE)
)
"""The up-to-eight squares around each square (Chebyshev distance 1, TAC-R13)."""


WITHIN: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(
        tuple(c for c in range(SIZE * SIZE) if c != origin and distance(origin, c) <= reach)
        for origin in range(SIZE * SIZE)
    )
    for reach in range(SIZE * 2)
)
"""``WITHIN[reach][square]``: the squares within effect distance `reach` of `square` (itself excluded)."""

NEAR: tuple[tuple[frozenset[int], ...], ...] = tuple(tuple(frozenset(c) for c in by) for by in WITHIN)
"""`WITHIN` as sets, for quick overlap tests."""

SEGMENTS: tuple[tuple[int, ...], ...] = tuple(
    next((ray[: ray.index(b) + 1] for ray in RAYS[Dirs.ANY][a] if b in ray), ())
    for a in range(SIZE * SIZE)
    for b in range(SIZE * SIZE)
)
"""``SEGMENTS[64 * a + b]``: the squares from `a` (excluded) to `b` along a straight line, or ``()``."""


# ---------------------------------------------------------------------- reachability


Passable = Callable[[int], bool]
"""Whether a move may pass through (or end on, for `can_end`) a square."""


def free_moves(
    origin: int, spec: MoveSpec, can_pass: Passable, can_end: Passable, avoid: Passable
) -> Iterator[tuple[int, tuple[int, ...]]]:
    """Every destination of a free-path move (each step to any neighbour), with one path to it.

    A path never enters the same square twice (nor the start). It may continue only from squares
    `can_pass` allows, and ends on a square `can_end` allows: after 1 to `spaces` steps, or after
    exactly `spaces` steps for an exact movement. The path chosen avoids squares for which `avoid` is
    true (Fire) whenever such a path exists.

    Yields:
        ``(destination, path)`` by destination: `path` holds the squares entered, the destination last.
    """
    if spec.spaces == 0:
        return
    if spec.exact:
        found = _exact_paths(origin, spec.spaces, can_pass, can_end, avoid)
    else:  # the shortest paths, first through squares to avoid on no account, then through any
        found = {}
        for allowed in (lambda cell: not avoid(cell), lambda cell: True):
            for dest, path in _shortest_paths(origin, spec.spaces, can_pass, allowed).items():
                if dest not in found and can_end(dest):
                    found[dest] = path
    yield from sorted(found.items())


def _shortest_paths(
    origin: int, spaces: int, can_pass: Passable, allowed: Passable
) -> dict[int, tuple[int, ...]]:
    """A shortest path of at most `spaces` steps to each square it reaches through `allowed` squares."""
    paths: dict[int, tuple[int, ...]] = {origin: ()}
    frontier = [origin]
    for _ in range(spaces):
        following = []
        for cell in frontier:
            if cell != origin and not can_pass(cell):
                continue  # it may end here, but not go on
            for nxt in ADJACENT[cell]:
                if nxt not in paths and allowed(nxt):
                    paths[nxt] = (*paths[cell], nxt)
                    following.append(nxt)
        frontier = following
    del paths[origin]
    return paths


def _exact_paths(
    origin: int, spaces: int, can_pass: Passable, can_end: Passable, avoid: Passable
) -> dict[int, tuple[int, ...]]:
    """One path of exactly `spaces` steps to each square it can end on (every simple path is tried)."""
    found: dict[int, tuple[int, ...]] = {}
    clean: set[int] = set()  # destinations already reached without touching a square to avoid

    def walk(cell: int, path: tuple[int, ...]) -> None:
        if len(path) == spaces:
            if cell not in clean and can_end(cell):
                if not any(map(avoid, path)):
                    clean.add(cell)
                    found[cell] = path
                else:
                    found.setdefault(cell, path)
            return
        if path and not can_pass(cell):
            return
        for nxt in ADJACENT[cell]:
            if nxt != origin and nxt not in path:
                walk(nxt, (*path, nxt))

    walk(origin, ())
    return found
