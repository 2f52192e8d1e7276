"""Tactics as text and as SVG: the board, the turn's counters, actions in words, and movement diagrams.

`render_state` and `board_svg` draw a state or a seat's view (the warriors, the terrain and whose
turn it is); `describe_action` puts an action in words with the warriors' names; `movement_svg` draws
where one side of a warrior can move on an empty board.

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

from collections.abc import Sequence
from html import escape
from typing import TYPE_CHECKING, Protocol, cast

from shardgames.kernel.errors import UsageError
from shardgames.kernel.views import View
from shardgames.render.html import REF
from shardgames.tactics import actions
from shardgames.tactics.board import FILES, name
from shardgames.tactics.phases import Phase, TacticsPrompt
from shardgames.tactics.play import might
from shardgames.tactics.position import draw_board
from shardgames.tactics.setup import PURCHASES_PER_TURN, TERRAIN_COST
from shardgames.tactics.warriors import MAX_SPACES, Dirs, Mode, MoveSpec

if TYPE_CHECKING:
    from shardgames.kernel.actions import Action
    from shardgames.kernel.game import Game
    from shardgames.kernel.state import Prompt
    from shardgames.tactics.game import TacticsGame
    from shardgames.tactics.state import TacticsState
    from shardgames.tactics.view import TacticsView

__all__ = [
    "BOARD_WIDTH",
    "SEAT_COLOURS",
    "Table",
    "board_svg",
    "describe_action",
    "marked_squares",
    "movement_squares",
    "movement_svg",
    "movement_text",
    "purchase_price",
    "render_state",
]

CELL = 48
MARGIN = 24
BOARD_WIDTH = 8 * CELL + 2 * MARGIN
"""The width of `board_svg`'s picture, in pixels."""
_TERRAIN_FILL = ("#f4a261", "#8d8d8d", "#b39ddb", "#7fb3d5", "#d8eef2")
_TERRAIN_LABEL = ("fire", "stone", "portal", "water", "wind")
_SEAT_FILL = ("#1d3557", "#c1121f")
SEAT_COLOURS = (("blue", _SEAT_FILL[0]), ("red", _SEAT_FILL[1]))
"""Each seat's colour on the board: its name and its CSS value."""
_MARK = "#f2c200"
_HALO = ' stroke="white" stroke-width="2.5" paint-order="stroke"'
"""A white outline behind small text, so it reads on every terrain colour."""


class Table(Protocol):
    """What naming warriors reads from the table: a `TacticsState` and a `TacticsView` both have it."""

    @property
    def game(self) -> Game:
        """The game (a `TacticsGame`)."""

    @property
    def board(self) -> Sequence[int]:
        """Each square's warrior, or -1."""

    @property
    def card(self) -> Sequence[int]:
        """Each warrior's roster card."""

    @property
    def owner(self) -> Sequence[int]:
        """Each warrior's seat."""

    @property
    def square(self) -> Sequence[int]:
        """Each warrior's square, -1 once defeated."""

    @property
    def injured(self) -> Sequence[bool]:
        """Whether each warrior shows its injured side."""

    @property
    def prompt(self) -> Prompt | None:
        """The pending decision."""


def _as_state(s: TacticsState | TacticsView) -> TacticsState:
    """The state to draw: `s` itself, or the table a view shows (rebuilt from the view alone)."""
    return s.table_state() if isinstance(s, View) else s


def render_state(s: TacticsState | TacticsView) -> str:
    """The warriors and the terrain side by side, then the counters (hands are none: all is public).

    A view is drawn from what it holds, with the seat it belongs to in the first line.
    """
    seen_by = s.player if isinstance(s, View) else None
    s = _as_state(s)
    header = f"Soulshards Tactics, turn {s.turn}"
    if s.active >= 0:
        header += f", seat {s.active} to play"
    if seen_by is not None:
        header += f" (seen by seat {seen_by})"
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


def marked_squares(t: Table) -> tuple[int, ...]:
    """The squares of the warriors the pending decision is about, in ascending order.

    That is the warrior whose effect is offered (or who may riposte or teleport, and the Portal it is
    entering), or the warriors whose turn-start effects wait to be ordered; other decisions are about
    no warrior in particular.
    """
    prompt = t.prompt
    if not isinstance(prompt, TacticsPrompt):
        return ()
    cells = {t.square[w] for w in prompt.choices}
    if prompt.square >= 0:  # the warrior's square, or the Portal it is entering
        cells.add(prompt.square)
    if prompt.warrior >= 0:
        cells.add(t.square[prompt.warrior])
    return tuple(sorted(c for c in cells if c >= 0))


def board_svg(s: TacticsState | TacticsView) -> str:
    """The board as an SVG picture: terrain colours, warriors as discs, whose turn.

    A warrior's disc is in its seat's colour with its letter (and a ``*`` and a dashed outline when it
    is injured) and its effective Might in the square's corner; terrain is labelled in its owner's
    colour.

    The warriors a pending decision is about (an effect's owner, the warriors whose effects wait to be
    ordered) stand on a square outlined in yellow. Each square is a group named by the square
    (``data-ref="e4"``), so a replay page can outline the squares a step changed. A view is drawn from
    what it holds.
    """
    s = _as_state(s)
    marked = marked_squares(s)
    size = 8 * CELL
    width, height = BOARD_WIDTH, size + 2 * MARGIN + 28
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
        parts.append(f'<g {REF}="{name(cell)}">')
        parts.append(f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{fill}" stroke="#999"/>')
        if cell in marked:
            parts.append(
                f'<rect class="marked" x="{x + 2}" y="{y + 2}" width="{CELL - 4}" height="{CELL - 4}" '
                f'fill="none" stroke="{_MARK}" stroke-width="4"/>'
            )
        if terrain >= 0:
            owner = s.terrain_owner[cell]
            parts.append(
                f'<text x="{x + 3}" y="{y + 11}" font-size="10" font-weight="bold" '
                f'fill="{_SEAT_FILL[owner]}"{_HALO}>{_TERRAIN_LABEL[terrain]}</text>'
            )
        warrior = s.board[cell]
        if warrior >= 0:
            owner = s.owner[warrior]
            injured = s.injured[warrior]
            dash = ' stroke-dasharray="4 3"' if injured else ""
            code = s.game.codes[s.card[warrior]] + ("*" if injured else "")
            centre_x, centre_y = x + CELL / 2, y + CELL / 2 + 5
            parts.append(
                f'<circle cx="{centre_x}" cy="{centre_y}" r="{CELL / 2 - 9}" '
                f'fill="{_SEAT_FILL[owner]}" stroke="black" stroke-width="2"{dash}>'
                f"<title>{escape(s.name_of(warrior))}</title></circle>"
            )
            parts.append(
                f'<text x="{centre_x}" y="{centre_y + 5}" font-size="15" fill="white" '
                f'text-anchor="middle" font-weight="bold">{escape(code)}</text>'
            )
            parts.append(
                f'<text x="{x + CELL - 3}" y="{y + CELL - 3}" font-size="11" font-weight="bold" '
                f'text-anchor="end"{_HALO}>{might(s, warrior)}</text>'
            )
        parts.append("</g>")
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


# ---------------------------------------------------------------------- actions in words


def _souls(count: int) -> str:
    return "free" if count == 0 else f"{count} Soul" if count == 1 else f"{count} Souls"


def _warrior_on(t: Table, cell: int) -> str:
    """The name on the side in use of the warrior on `cell` (the square's name if it is empty)."""
    warrior = t.board[cell] if 0 <= cell < 64 else -1
    if warrior < 0:
        return f"the warrior on {name(cell)}" if 0 <= cell < 64 else "nothing"
    return cast("TacticsGame", t.game).side_names[t.card[warrior]][t.injured[warrior]]


def _effect_of(t: Table, warrior: int) -> str:
    """The effect, as written on the card, of the side the warrior shows (``"RIPOSTE_MOVE"``)."""
    side = cast("TacticsGame", t.game).roster[t.card[warrior]].side(t.injured[warrior])
    return str(side.effect) if side.effect is not None else "effect"


def purchase_price(t: Table, card: int, seat: int) -> int:
    """What `seat` pays for roster card `card`: its cost, but the first commander is free (TAC-21)."""
    game = cast("TacticsGame", t.game)
    if not game.commander[card]:
        return game.cost[card]
    has_commander = any(
        t.square[w] >= 0 and t.owner[w] == seat and game.commander[t.card[w]] for w in range(len(t.card))
    )
    return game.cost[card] if has_commander else 0


def describe_action(t: Table, action: Action) -> str:
    """`action` in words for a person at the table, naming the warriors it concerns.

    For example ``"move Archer from e6 to d5"``, ``"buy Militia (1 Soul) at a1"``, ``"attack Knight at
    d5 with Archer from e6"``, ``"decline the RIPOSTE_MOVE of Knight (d5)"``. Moves and attacks made by
    an effect say so. Actions this function does not know are shown as ``str(action)``.

    Args:
        t: The state or view the action is taken in (an action's warriors are read from its board).
        action: A legal action of `t`.
    """
    prompt = t.prompt
    phase = prompt.phase if isinstance(prompt, TacticsPrompt) else None
    about = prompt.warrior if isinstance(prompt, TacticsPrompt) else -1
    at = prompt.square if isinstance(prompt, TacticsPrompt) else -1
    owner_text = ""
    if about >= 0:
        owner_text = f"{_warrior_on(t, t.square[about])}'s {_effect_of(t, about)}"
    game = cast("TacticsGame", t.game)
    if isinstance(action, actions.BuyWarrior):
        number = game.card_number.get(action.card)
        if number is None:
            return str(action)
        seat = prompt.player if prompt is not None else 0
        price = _souls(purchase_price(t, number, seat))
        return f"buy {game.roster[number].name} ({price}) at {name(action.cell)}"
    if isinstance(action, actions.BuyTerrain):
        return f"buy {action.terrain.value} terrain ({_souls(TERRAIN_COST)}) at {name(action.cell)}"
    if isinstance(action, actions.Move):
        who, origin, dest = _warrior_on(t, action.origin), name(action.origin), name(action.dest)
        if phase is Phase.PORTAL and about >= 0:
            here = t.square[about]
            if here == action.origin:  # moved onto it by an effect
                return f"teleport {who} from the portal at {origin} to the portal at {dest}"
            who = _warrior_on(t, here)
            return f"move {who} from {name(here)} through the portal at {origin} to {dest}"
        verb = "nudge" if phase is Phase.TURN_START else "move"
        if action.origin == action.dest:
            text = f"{verb} {who} 0 spaces, staying on {origin}"
        else:
            text = f"{verb} {who} from {origin} to {dest}"
        if about >= 0 and t.square[about] == action.origin:
            return f"{text} (its {_effect_of(t, about)})"
        return f"{text} ({owner_text})" if owner_text else text
    if isinstance(action, actions.Attack):
        target, attacker = _warrior_on(t, action.target), _warrior_on(t, action.origin)
        text = f"attack {target} at {name(action.target)} with {attacker} from {name(action.origin)}"
        return f"{text} ({owner_text}, no action used)" if phase is Phase.AFTER_MOVE and owner_text else text
    if isinstance(action, actions.PlaceTerrain):
        terrain = game.sides[t.card[about]][t.injured[about]].names if about >= 0 else ()
        what = f"{terrain[0]} terrain" if terrain else "terrain"
        return f"place {what} at {name(action.cell)}" + (f" ({owner_text})" if owner_text else "")
    if isinstance(action, actions.ChooseEffect):
        warrior = t.board[action.cell]
        effect = f" ({_effect_of(t, warrior)})" if warrior >= 0 else ""
        return f"resolve the effect of {_warrior_on(t, action.cell)} on {name(action.cell)}{effect} next"
    if isinstance(action, actions.Decline):
        if phase is Phase.PORTAL and about >= 0:
            here, portal = t.square[about], name(at)
            if here == at:
                return f"do not teleport: {_warrior_on(t, here)} stays on the portal at {portal}"
            return f"do not teleport: move {_warrior_on(t, here)} from {name(here)} to the portal at {portal}"
        if about >= 0:
            where = name(t.square[about])
            return f"decline the {_effect_of(t, about)} of {_warrior_on(t, t.square[about])} ({where})"
        return "decline"
    if isinstance(action, actions.BuyAction):
        return f"buy an action ({_souls(1)})"
    return str(action)


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
