r"""Tactics in HTML, for notebooks and replays: a status bar, the board, and a panel per seat.

The status bar says whose turn it is, what is being decided (the warrior whose effect is offered, the
purchases left in a setup turn, the actions used) and who won. The board is the SVG picture of
`shardgames.tactics.render.board_svg`, with a legend under it (`LEGEND`). Each seat's panel gives its
Souls, its commander, its warriors on the board as cards (with the side in use: effective Might,
movement and effect), the terrain it owns, its defeated warriors and, in setup, what it can still
afford.

`state_html` draws a state and `view_html` a seat's view, from the view alone (Tactics hides nothing,
so the two agree but for the title). ``state.to_html()`` and ``view.to_html()`` call them, and a
notebook shows either for a bare ``state`` or ``view``.

Examples:
    >>> import shardgames as sg
    >>> state = sg.load_game("tactics").state_from_position(
    ...     {"board": " 8  .  .  .  o  .  .  .  .\n 1  .  .  .  V  K* .  .  ."}
    ... )
    >>> html = state.to_html()
    >>> "<svg" in html and "Knight (injured)" in html and "CMDR Oren" in html
    True
    >>> state.view(1).to_html() == html.replace("Soulshards Tactics<", "Soulshards Tactics, seen by seat 1<")
    True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from shardgames.kernel.state import CHANCE
from shardgames.render.html import card, chips, esc, fragment, panel, zone
from shardgames.tactics.board import name
from shardgames.tactics.effects import EFFECTS
from shardgames.tactics.phases import Phase, TacticsPrompt
from shardgames.tactics.play import might
from shardgames.tactics.render import (
    BOARD_WIDTH,
    SEAT_COLOURS,
    board_svg,
    marked_squares,
    movement_text,
    purchase_price,
)
from shardgames.tactics.setup import PURCHASES_PER_TURN, TERRAIN_COST
from shardgames.tactics.warriors import TERRAINS, Side

if TYPE_CHECKING:
    from shardgames.tactics.state import TacticsState
    from shardgames.tactics.view import TacticsView

__all__ = ["LEGEND", "TITLE", "state_html", "view_html"]

TITLE = "Soulshards Tactics"
"""The title of every drawing (a view's adds the seat it belongs to)."""

_PHASE_WORDS = {
    Phase.COIN: "setup: the coin flip",
    Phase.SETUP: "setup",
    Phase.EFFECT_ORDER: "play: ordering turn-start effects",
    Phase.TURN_START: "play: a turn-start effect",
    Phase.ACTION: "play",
    Phase.AFTER_MOVE: "play: an after-moving effect",
    Phase.PORTAL: "play: a portal",
    Phase.RIPOSTE: "play: a riposte",
}
LEGEND = (
    (
        "A",
        f"a warrior, by its roster letter, in its seat's colour ({SEAT_COLOURS[0][0]}: seat 0, "
        f"{SEAT_COLOURS[1][0]}: seat 1)",
    ),
    ("M*", "an injured warrior (also a dashed outline): its injured side is in play"),
    ("3", "the number in a square's corner: the warrior's Might now"),
    ("fire", "terrain, named in its owner's colour"),
    ("yellow square", "the warrior the pending decision is about"),
)
"""The legend under the board: each mark, and what it means."""

_LAYOUT = "display:flex;flex-wrap:wrap;gap:10px;align-items:flex-start"
_SIDE_COLUMN = "flex:1 1 340px;min-width:340px"


def state_html(state: TacticsState) -> str:
    """The state drawn in HTML: a status bar, the board, and a panel per seat."""
    return _draw(state, TITLE)


def view_html(view: TacticsView) -> str:
    """A seat's view drawn in HTML, from the view alone; the title names the seat."""
    return _draw(view.table_state(), f"{TITLE}, seen by seat {view.player}")


def _draw(s: TacticsState, title: str) -> str:
    panels = "".join(_seat_panel(s, seat) for seat in (0, 1))
    board = f"<div>{board_svg(s)}{_legend()}</div>"
    body = f'<div style="{_LAYOUT}">{board}<div style="{_SIDE_COLUMN}">{panels}</div></div>'
    return fragment(body, title=title, status=_status(s))


def _legend() -> str:
    lines = "".join(f"<div><b>{esc(mark)}</b> {esc(meaning)}</div>" for mark, meaning in LEGEND)
    style = f"font-size:11.5px;color:#57606a;max-width:{BOARD_WIDTH}px"
    return f'<div class="sg-legend" style="{style}">{lines}</div>'


def _seat(seat: int) -> str:
    return f"seat {seat} ({SEAT_COLOURS[seat][0]})"


def _warrior_text(s: TacticsState, warrior: int) -> str:
    return f"{s.name_of(warrior)} ({name(s.square[warrior])})"


def _status(s: TacticsState) -> list[tuple[str, object]]:
    """The status bar: the turn, the phase, who acts and what they decide, or the result."""
    items: list[tuple[str, object]] = [("turn", s.turn)]
    if s.is_terminal():
        items.append(("game over:", "a draw" if s.winner is None else f"{_seat(s.winner)} wins"))
        return items
    prompt = s.prompt
    if not isinstance(prompt, TacticsPrompt):
        return items
    items.append(("phase", _PHASE_WORDS[prompt.phase]))
    acting = "chance" if prompt.player == CHANCE else _seat(prompt.player)
    items.append(("to act", acting))
    if 0 <= s.active != prompt.player:
        items.append(("in the turn of", _seat(s.active)))
    if prompt.phase is Phase.SETUP:
        items.append(("purchases left", PURCHASES_PER_TURN - s.purchases))
        items.append(("Souls to spend", s.souls[prompt.player]))
    elif s.action_limit > 0:
        actions = f"{s.actions_used} of {s.action_limit} used"
        if s.extra_bought:
            actions += ", one bought"
        items.append(("actions", actions))
        if s.attacks_locked:
            items.append(("attack actions", "locked (an attack injured)"))
    warrior = prompt.warrior
    if prompt.phase is Phase.EFFECT_ORDER:
        items.append(("which effect first", ", ".join(_warrior_text(s, w) for w in prompt.choices)))
    elif warrior >= 0:
        spec = s.game.roster[s.card[warrior]].side(s.injured[warrior]).effect
        if prompt.phase is Phase.PORTAL:
            items.append(("may teleport", _warrior_text(s, warrior)))
        else:
            items.append(("effect", f"{spec} of {_warrior_text(s, warrior)}"))
    return items


def _effect_text(side: Side) -> str:
    """What the side's effect does, in words (its reminder text)."""
    spec = side.effect
    if spec is None:
        return "no effect"
    definition = EFFECTS.get(spec.name)
    return definition.reminder(spec.params) if definition is not None else str(spec)


def _side_text(side: Side) -> str:
    effect = f", {side.effect}" if side.effect is not None else ""
    return f"{side.name}: Might {side.might}, {movement_text(side.move)}{effect}"


def _warrior_card(s: TacticsState, warrior: int, marked: tuple[int, ...]) -> str:
    """A warrior on the board as a card: the side in use, its place, its state this turn."""
    game = s.game
    number = s.card[warrior]
    roster_card = game.roster[number]
    injured = s.injured[warrior]
    side = roster_card.side(injured)
    cell = s.square[warrior]
    subtitle = f"{game.codes[number]} on {name(cell)} · cost {roster_card.cost}"
    if roster_card.commander:
        subtitle += " · commander"
    effective = might(s, warrior)
    stats: list[tuple[str, object]] = [("Might", effective)]
    if effective != side.might:
        stats.append(("printed", side.might))
    warn = ["injured"] if injured else []
    if s.scorched[warrior]:
        warn.append("scorched")
    if s.reduction[warrior]:
        warn.append(f"-{s.reduction[warrior]} Might this turn")
    good = [f"rallied +{s.buff[warrior]}"] if s.buff[warrior] else []
    grey = ["has attacked"] if s.attacked[warrior] else []
    other = roster_card.side(not injured)
    tooltip = f"{'Uninjured' if injured else 'Injured'} side: {_side_text(other)}"
    labels = chips(warn, "warn") + chips(good, "good") + chips(grey)
    return card(
        side.name,
        subtitle=subtitle,
        stats=stats,
        lines=[movement_text(side.move), _effect_text(side)],
        chip_labels=[side.effect.name] if side.effect is not None else [],  # the text gives its numbers
        accent=SEAT_COLOURS[s.owner[warrior]][1],
        flags=("mark",) if cell in marked else (),
        tooltip=tooltip,
        extra_html=f"<div>{labels}</div>" if labels else "",
        ref=f"warrior-{warrior}",
    )


def _seat_panel(s: TacticsState, seat: int) -> str:
    """One seat: its Souls and commander, its warriors as cards, its terrain, what it lost or may buy."""
    game = s.game
    warriors = sorted(s.warriors_of(seat), key=s.square.__getitem__, reverse=seat == 1)
    commanders = [_warrior_text(s, w) for w in warriors if game.commander[s.card[w]]]
    facts = [f"{s.souls[seat]} Soul" if s.souls[seat] == 1 else f"{s.souls[seat]} Souls"]
    facts.append(f"commander: {', '.join(commanders)}" if commanders else "no commander")
    facts.append(f"{len(warriors)} on the board")
    if s.first == seat:
        facts.append("plays first")
    phase = s.prompt.phase if isinstance(s.prompt, TacticsPrompt) else None
    setup = phase is Phase.SETUP or phase is Phase.COIN
    if setup and s.stopped[seat]:
        facts.append("stopped buying")
    acting = s.current_player == seat
    if acting:
        facts.append("to act")
    marked = marked_squares(s)
    body = zone("warriors on the board", [_warrior_card(s, w, marked) for w in warriors])
    terrain = [f"{TERRAINS[s.terrain[c]].value} {name(c)}" for c in range(64) if s.terrain_owner[c] == seat]
    if terrain:
        body += zone("terrain", [chips(terrain)])
    lost = [s.name_of(w) for w, where in enumerate(s.square) if where < 0 and s.owner[w] == seat]
    if lost:
        body += zone("defeated", [chips(lost, "warn")])
    if setup and not s.stopped[seat]:
        body += zone("can afford (price for this seat)", [chips(_affordable(s, seat))], empty="nothing")
    return panel(f"Seat {seat} ({SEAT_COLOURS[seat][0]})", body, facts=facts, active=acting)


def _affordable(s: TacticsState, seat: int) -> list[str]:
    """The warriors and terrain `seat` has the Souls for, with what it would pay (setup only)."""
    game = s.game
    souls = s.souls[seat]
    owned = {s.card[w] for w in s.warriors_of(seat)}
    out = []
    for number, roster_card in enumerate(game.roster):
        if roster_card.commander and number in owned:
            continue  # one copy of each commander
        price = purchase_price(s, number, seat)
        if price <= souls:
            out.append(f"{roster_card.name} {'free' if price == 0 else price}")
    if souls >= TERRAIN_COST:
        out.append(f"terrain {TERRAIN_COST}")
    return out
