"""Tactics as text and as SVG: the board with its warriors and terrain, and the turn's counters."""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from shardgames.tactics.board import FILES
from shardgames.tactics.position import draw_board

if TYPE_CHECKING:
    from shardgames.tactics.state import TacticsState

__all__ = ["board_svg", "render_state"]

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
