"""Tactics as text and as SVG: the board, the turn's counters, and the movement diagram of a side.

`render_state` and `board_svg` draw a state (the warriors, the terrain and whose turn it is);
`movement_svg` draws where one side of a warrior can move on an empty board.

Examples:
    >>> import shardgames as sg
    >>> from shardgames.tactics.render import movement_squares, movement_text
    >>> archer = sg.load_game("tactics").roster[1]
    >>> movement_text(archer.uninjured.move)
    'up to 2 spaces orthogonally'
    >>> ends, passed = movement_squares(archer.uninjured.move)
    >>> sorted(ends)
    [(-2, 0), (-1, 0), (0, -2), (0, -1), (0, 1), (0, 2), (1, 0), (2, 0)]
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from shardgames.kernel.errors import UsageError
from shardgames.tactics.board import FILES
from shardgames.tactics.position import draw_board
from shardgames.tactics.setup import PURCHASES_PER_TURN
from shardgames.tactics.warriors import MAX_SPACES, Dirs, Mode, MoveSpec

if TYPE_CHECKING:
    from shardgames.tactics.game import TacticsGame
    from shardgames.tactics.state import TacticsState

__all__ = ["board_svg", "movement_squares", "movement_svg", "movement_text", "render_state"]

CELL = 48
MARGIN = 24
_TERRAIN_FILL = ("#f4a261", "#8d8d8d", "#b39ddb", "#7fb3d5", "#d8eef2")
_TERRAIN_LABEL = ("fire", "stone", "portal", "water", "wind")
_SEAT_FILL = ("#1d3557", "#c1121f")


def render_state(s: TacticsState) -> str:
    """The warriors and the terrain side by side, then the counters (hands are none: all is public)."""
    header = f"Soulshards Tactics, turn {s.turn}"
    if s.active >= 0:
        header += f", seat {s.active} to play"
    lines = [header, f"  to act: {s.prompt or 'nobody, the game is over'}"]
    warriors = draw_board(s).splitlines()
    terrain = draw_board(s, terrain=True).splitlines()
    width = max(len(line) for line in warriors)
    lines.append(f"{'warriors'.ljust(width)}    terrain")
    lines.extend(f"{w.ljust(width)}    {t}" for w, t in zip(warriors, terrain, strict=True))
    if s.action_limit == 0:  # setup (the first turn of play sets the limit)
        stopped = [f"seat {seat} stopped" for seat in (0, 1) if s.stopped[seat]]
        lines.append(
            f"souls {s.souls[0]} / {s.souls[1]}; "
            f"setup: purchases this turn {s.purchases} of {PURCHASES_PER_TURN}"
            + "".join(f"; {note}" for note in stopped)
        )
    else:
        lines.append(
            f"souls {s.souls[0]} / {s.souls[1]}; actions used {s.actions_used} of {s.action_limit}"
            + ("; extra action bought" if s.extra_bought else "")
            + ("; attack actions locked" if s.attacks_locked else "")
        )
    from shardgames.tactics.play import might  # noqa: PLC0415 - play imports the state

    for seat in (0, 1):
        army = []
        for warrior in sorted(s.warriors_of(seat), key=s.square.__getitem__):
            notes = [f"Might {might(s, warrior)}"]
            if s.attacked[warrior]:
                notes.append("attacked")
            if s.scorched[warrior]:
                notes.append("scorched")
            army.append(f"{s.name_of(warrior)} ({', '.join(notes)})")
        lines.append(f"seat {seat}: " + ("; ".join(army) or "no warriors"))
    if s.is_terminal():
        lines.append("game over: " + ("a draw" if s.winner is None else f"seat {s.winner} wins"))
    return "\n".join(lines)


def board_svg(s: TacticsState) -> str:
    """The board as an SVG picture: terrain colours, warriors as discs (injured ones dashed), whose turn."""
    from shardgames.tactics.play import might  # noqa: PLC0415 - play imports the state

    size = 8 * CELL
    width, height = size + 2 * MARGIN, size + 2 * MARGIN + 28
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif">',
        f'<rect width="{width}" height="{height}" fill="white"/>',
    ]
    for cell in range(64):
        file, rank = cell % 8, cell // 8
        x, y = MARGIN + file * CELL, MARGIN + (7 - rank) * CELL
        shade = "#eeeed2" if (file + rank) % 2 else "#d7d7bd"
        terrain = s.terrain[cell]
        fill = _TERRAIN_FILL[terrain] if terrain >= 0 else shade
        parts.append(f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{fill}" stroke="#999"/>')
        if terrain >= 0:
            owner = s.terrain_owner[cell]
            parts.append(
                f'<text x="{x + 3}" y="{y + 11}" font-size="9" fill="{_SEAT_FILL[owner]}">'
                f"{_TERRAIN_LABEL[terrain]}</text>"
            )
        warrior = s.board[cell]
        if warrior >= 0:
            owner = s.owner[warrior]
            dash = ' stroke-dasharray="4 3"' if s.injured[warrior] else ""
            code = s.game.codes[s.card[warrior]]
            parts.append(
                f'<circle cx="{x + CELL / 2}" cy="{y + CELL / 2 + 3}" r="{CELL / 2 - 7}" '
                f'fill="{_SEAT_FILL[owner]}" stroke="black" stroke-width="2"{dash}>'
                f"<title>{escape(s.name_of(warrior))}</title></circle>"
            )
            parts.append(
                f'<text x="{x + CELL / 2}" y="{y + CELL / 2 + 8}" font-size="16" fill="white" '
                f'text-anchor="middle" font-weight="bold">{escape(code)}</text>'
            )
            parts.append(
                f'<text x="{x + CELL - 4}" y="{y + CELL - 4}" font-size="10" '
                f'text-anchor="end">{might(s, warrior)}</text>'
            )
    parts.extend(
        f'<text x="{MARGIN + file * CELL + CELL / 2}" y="{MARGIN + size + 14}" font-size="12" '
        f'text-anchor="middle">{FILES[file]}</text>'
        for file in range(8)
    )
    parts.extend(
        f'<text x="{MARGIN / 2}" y="{MARGIN + (7 - rank) * CELL + CELL / 2 + 4}" font-size="12" '
        f'text-anchor="middle">{rank + 1}</text>'
        for rank in range(8)
    )
    if s.is_terminal():
        status = "game over: " + ("a draw" if s.winner is None else f"seat {s.winner} wins")
    else:
        status = f"turn {s.turn}: {s.prompt}"
    parts.append(f'<text x="{MARGIN}" y="{height - 8}" font-size="13">{escape(status)}</text>')
    parts.append("</svg>")
    return "\n".join(parts)


# ---------------------------------------------------------------------- movement diagrams

Offset = tuple[int, int]
"""A square relative to the mover: (files to the right, ranks up)."""

_DIRECTION_WORDS = {
    Dirs.ORTHO: "orthogonally",
    Dirs.DIAG: "diagonally",
    Dirs.ANY: "in any direction",
    Dirs.FREE: "along a free path",
}
_STEPS = {
    Dirs.ORTHO: ((0, 1), (1, 0), (0, -1), (-1, 0)),
    Dirs.DIAG: ((1, 1), (1, -1), (-1, -1), (-1, 1)),
}
_KING_STEPS = _STEPS[Dirs.ORTHO] + _STEPS[Dirs.DIAG]
_MODE_FILL = {Mode.NONE: "#5b8c5a", Mode.FLIGHT: "#4f86c6", Mode.JUMP: "#e09f3e", Mode.SWIM: "#2a9d8f"}
_PASSED_FILL = "#aebccb"
_MODE_LEGEND = {
    Mode.NONE: ("warriors, Stone and Water block the way",),
    Mode.FLIGHT: ("flight: over warriors, Stone and Water;", "never into Wind"),
    Mode.JUMP: ("jump: over warriors and Stone;", "Water blocks the way"),
    Mode.SWIM: ("swim: through Water;", "warriors and Stone block the way"),
}
_DIAGRAM_CELL = 18
_DIAGRAM_WIDTH = 250


def movement_text(move: MoveSpec) -> str:
    """A movement in words, e.g. ``"up to 3 spaces diagonally, flight"`` or ``"cannot move"``."""
    if move.spaces == 0:
        return "cannot move"
    if move.spaces == 1:
        count = "1 space"
    else:
        count = f"{'exactly' if move.exact else 'up to'} {move.spaces} spaces"
    mode = "" if move.mode is Mode.NONE else f", {move.mode.value}"
    return f"{count} {_DIRECTION_WORDS[move.dirs]}{mode}"


def movement_squares(move: MoveSpec) -> tuple[frozenset[Offset], frozenset[Offset]]:
    """Where a movement may end on an empty board, and the squares it only passes over.

    Offsets are ``(files, ranks)`` from the mover, on a board large enough for every move. The squares
    passed over are those of an exact straight movement short of its end; an "up to" movement may stop
    on every square it passes, and a free path (each step in any direction) may bend anywhere.

    Returns:
        ``(ends, passed)``: the squares a move may end on, and the squares it crosses without stopping.
    """
    if move.spaces == 0:
        return frozenset(), frozenset()
    if move.dirs is Dirs.FREE:
        return _free_ends(move.spaces), frozenset()
    steps = _KING_STEPS if move.dirs is Dirs.ANY else _STEPS[move.dirs]
    low = move.spaces if move.exact else 1
    ends = {(dx * k, dy * k) for dx, dy in steps for k in range(low, move.spaces + 1)}
    passed = {(dx * k, dy * k) for dx, dy in steps for k in range(1, low)}
    return frozenset(ends), frozenset(passed)


def _free_ends(spaces: int) -> frozenset[Offset]:
    """The ends of a free path on an open board: every square within `spaces` king steps.

    A path may wander, so an exact movement of 2 or more spaces also reaches the nearer squares.
    """
    return frozenset(
        (dx, dy)
        for dx in range(-spaces, spaces + 1)
        for dy in range(-spaces, spaces + 1)
        if 1 <= max(abs(dx), abs(dy)) <= spaces
    )


def movement_svg(game: TacticsGame, card: int | str, injured: bool = False) -> str:
    """The movement diagram of one side of a warrior, as an SVG picture.

    The warrior stands on the centre of an empty board of 9 by 9 squares; the squares where a move may
    end are filled in its mode's colour, and the squares an exact movement crosses without stopping are
    shaded. A legend says what the mode passes over.
    Each square is a ``rect`` with ``data-dx`` and ``data-dy`` (its offset from the warrior) and a
    ``class``: ``end``, ``passed``, ``origin`` or ``empty``.

    Args:
        game: A Tactics game (its roster holds the card).
        card: The card's number in ``game.roster`` or its id, like ``"knight"``.
        injured: Draw the injured side instead of the uninjured one.

    Raises:
        UsageError: If the roster has no such card.
    """
    index = _card_index(game, card)
    side = game.roster[index].side(injured)
    move = side.move
    radius = MAX_SPACES
    grid = (2 * radius + 1) * _DIAGRAM_CELL
    width = max(_DIAGRAM_WIDTH, grid + 24)
    left, top = (width - grid) / 2, 44
    words = movement_text(move)
    parts = [
        f'<text x="{width / 2}" y="18" font-size="13" font-weight="bold" text-anchor="middle">'
        f"{escape(side.name)}</text>",
        f'<text x="{width / 2}" y="34" font-size="11" text-anchor="middle">{escape(words)}</text>',
        *_diagram_squares(move, radius, left, top),
    ]
    centre_x, centre_y = left + grid / 2, top + grid / 2
    dash = ' stroke-dasharray="3 2"' if injured else ""
    parts.append(
        f'<circle cx="{centre_x}" cy="{centre_y}" r="{_DIAGRAM_CELL / 2 - 1.5}" fill="{_SEAT_FILL[0]}" '
        f'stroke="black" stroke-width="1.5"{dash}/>'
    )
    parts.append(
        f'<text x="{centre_x}" y="{centre_y + 4}" font-size="11" font-weight="bold" fill="white" '
        f'text-anchor="middle">{escape(game.codes[index])}</text>'
    )
    y = top + grid + 16
    for swatch, text in _diagram_legend(move):
        x = 12.0
        if swatch is not None:
            parts.append(f'<rect x="{x}" y="{y - 9}" width="10" height="10" fill="{swatch}" stroke="#999"/>')
            x += 14
        parts.append(f'<text x="{x}" y="{y}" font-size="10">{escape(text)}</text>')
        y += 14
    height = y - 4
    title = escape(f"{side.name}: {words}")
    return "\n".join(
        [
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" font-family="sans-serif" role="img" aria-label="{title}">',
            f"<title>{title}</title>",
            f'<rect width="{width}" height="{height}" fill="white"/>',
            *parts,
            "</svg>",
        ]
    )


def _card_index(game: TacticsGame, card: int | str) -> int:
    """The roster number of a card given by number or id."""
    ids = [warrior.id for warrior in game.roster]
    if isinstance(card, str):
        if card not in ids:
            raise UsageError(f"no warrior {card!r} in the roster; warriors are {', '.join(ids)}")
        return ids.index(card)
    if not 0 <= card < len(ids):
        raise UsageError(f"no warrior number {card}; the roster has {len(ids)} warriors")
    return card


def _diagram_squares(move: MoveSpec, radius: int, left: float, top: float) -> list[str]:
    """The squares of a movement diagram, each marked with its class and its offset from the warrior."""
    ends, passed = movement_squares(move)
    cells = 2 * radius + 1
    rects = []
    for row in range(cells):
        for column in range(cells):
            dx, dy = column - radius, radius - row
            if (dx, dy) in ends:
                kind, colour = "end", _MODE_FILL[move.mode]
            elif (dx, dy) in passed:
                kind, colour = "passed", _PASSED_FILL
            elif (dx, dy) == (0, 0):
                kind, colour = "origin", "#eeeed2"
            else:
                kind, colour = "empty", "#eeeed2" if (dx + dy) % 2 else "#d7d7bd"
            x, y = left + column * _DIAGRAM_CELL, top + row * _DIAGRAM_CELL
            rects.append(
                f'<rect class="{kind}" data-dx="{dx}" data-dy="{dy}" x="{x}" y="{y}" '
                f'width="{_DIAGRAM_CELL}" height="{_DIAGRAM_CELL}" fill="{colour}" stroke="#999" '
                'stroke-width="0.5"/>'
            )
    return rects


def _diagram_legend(move: MoveSpec) -> list[tuple[str | None, str]]:
    """The legend lines of a movement diagram: a colour swatch (or none) and its words."""
    if move.spaces == 0:
        return [(None, "a 0-space move is still allowed")]
    legend: list[tuple[str | None, str]] = [(_MODE_FILL[move.mode], "a move may end here")]
    if move.exact and move.dirs is not Dirs.FREE and move.spaces > 1:
        legend.append((_PASSED_FILL, "passed over: exactly that many spaces"))
    if move.dirs is Dirs.FREE:
        legend.append((None, "bent paths: each step in any direction"))
    legend.extend((None, line) for line in _MODE_LEGEND[move.mode])
    return legend
