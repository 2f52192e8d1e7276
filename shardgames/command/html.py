"""Shard Command drawn as HTML, for notebooks and replay pages.

`state_html` draws the whole table, every hidden card face up; `view_html` what one seat sees, the
cards it does not know as card backs. Both are built from the shared blocks of
`shardgames.render.html`: a status bar (the turn, the step, who acts and on what, the attack under
way, the end of the game), the Response Queue from the top, then one panel per seat: Integrity, deck
and zones, the Charge Stones by element, the Sovereign, the Arena and the hand. Each card's head is
coloured by its elements; its keywords are chips whose tooltip is their reminder text.

Examples:
    >>> import shardgames as sg
    >>> state = sg.load_game("command").new_initial_state(seed=7)
    >>> html = state.to_html()
    >>> "Warden of the Ridge" in html and "Integrity" in html
    True
    >>> seen_by_1 = state.view(1).to_html()
    >>> seen_by_1.count('class="sg-back"') == len(state.hands[0])  # seat 0's hand is face down
    True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from shardgames.command import objects
from shardgames.command.compiled import BOMBARD, WARP, bit
from shardgames.command.describe import ABILITY_NAMES, Namer
from shardgames.command.keywords import ELEMENTS, CardType, KeywordKind, Trigger
from shardgames.command.phases import CommandPrompt, Phase
from shardgames.command.rules import durability, force, is_entity
from shardgames.kernel.state import CHANCE, TERMINAL
from shardgames.render.html import card, card_back, chip, esc, fragment, panel, zone
from shardgames.render.html import table as options_table
from shardgames.render.text import plural

if TYPE_CHECKING:
    from shardgames.command.cards import KeywordInstance
    from shardgames.command.compiled import CardInfo
    from shardgames.command.state import CommandState
    from shardgames.command.view import CommandView

__all__ = ["ELEMENT_COLOURS", "GENERIC_COLOUR", "state_html", "view_html"]

ELEMENT_COLOURS = (
    "#8b5a2b",  # Earth: brown
    "#0e7490",  # Air: cyan
    "#9d174d",  # Malice: crimson
    "#27272a",  # Void: near black
    "#c2410c",  # Fire: orange
    "#a16207",  # Time: amber
    "#57534e",  # Death: ash grey
    "#1d4ed8",  # Water: blue
    "#15803d",  # Life: green
    "#5b21b6",  # Space: violet
)
"""The colour of each element, in `ELEMENTS` order (dark enough for white text)."""
GENERIC_COLOUR = "#6e7781"
"""The colour of Generic stones and colourless cards."""

_AURA_KINDS = (KeywordKind.STATIC, KeywordKind.DRAWBACK)
_ITEM_KINDS = {objects.TRIGGERED: "trigger", objects.VOLATILE: "Volatile sacrifice"}

SCRAP_SHOWN = 4
"""How many cards of a Scrap zone are named (the latest first)."""


def state_html(state: CommandState) -> str:
    """The whole state as an HTML fragment: both hands face up."""
    hands = tuple(tuple(hand) for hand in state.hands)
    return _Drawing(state, Namer.of_state(state), hands, tuple(len(d) for d in state.decks), None).html()


def view_html(view: CommandView) -> str:
    """What the seat of `view` sees, as an HTML fragment: the cards it does not know are card backs."""
    names = Namer.of_view(view)
    hands = tuple(hand.cards for hand in view.hands)
    drawing = _Drawing(names.table, names, hands, tuple(d.size for d in view.decks), view.player)
    options = [(index, view.describe_action(action)) for index, action in enumerate(view.legal_actions)]
    return drawing.html(options_table(["", "Your options"], options, numeric=[0]) if options else "")


def _accent(elements: Sequence[int]) -> str:
    """A card head's colour: its element's, a blend of two, or grey."""
    colours = [ELEMENT_COLOURS[e] for e in elements]
    if not colours:
        return GENERIC_COLOUR
    if len(colours) == 1:
        return colours[0]
    return f"linear-gradient(90deg,{','.join(colours)})"


def _stone_chips(counts: Sequence[int]) -> str:
    """Stones or Shards as coloured chips (``3G``, ``2E``), or a dash when there are none."""
    generic, *elemental = counts
    found = [chip(f"{generic}G", tooltip=f"{generic} Generic", accent=GENERIC_COLOUR)] if generic else []
    for element, count in zip(ELEMENTS, elemental, strict=True):
        if count:
            colour = ELEMENT_COLOURS[ELEMENTS.index(element)]
            found.append(chip(f"{count}{element.letter}", tooltip=f"{count} {element.label}", accent=colour))
    return "".join(found) or '<span class="sg-empty">-</span>'


def _keyword_html(instances: Iterable[KeywordInstance], sovereign: bool = False) -> str:
    """Keywords as chips (their reminder text as tooltip); abilities with a trigger or scope as lines."""
    chips_html, lines = [], []
    for inst in instances:
        reminder = inst.keyword.reminder
        text = str(inst)
        if sovereign:
            if inst.trigger is Trigger.ACTIVATED_EXHAUST:
                text = text.replace("Exhaust:", "Exhaust your Sovereign:", 1)
            else:
                text = f"Your Entities have {inst.label}"
        if text == inst.label:
            kind = "warn" if inst.keyword.kind in (KeywordKind.DRAWBACK, KeywordKind.COST) else ""
            chips_html.append(chip(inst.label, kind=kind, tooltip=reminder))
        else:
            lines.append(f'<div class="sg-line" title="{esc(reminder)}">{esc(text)}</div>')
    head = f"<div>{''.join(chips_html)}</div>" if chips_html else ""
    return head + "".join(lines)


def _subtitle(info: CardInfo, number: int | None = None) -> str:
    parts = ["Token" if number is not None and number >= objects.TOKENS else info.type.label]
    if info.type is not CardType.SOVEREIGN and (info.cost.total or number is None or number < objects.TOKENS):
        parts.append(str(info.cost))
    if number is not None:
        parts.append(f"#{number}")
    return " · ".join(parts)


class _Drawing:
    """One drawing of a table: the state, or a view read through the same field names."""

    def __init__(
        self,
        table: CommandState,
        names: Namer,
        hands: tuple[tuple[int | None, ...], ...],
        deck_sizes: tuple[int, ...],
        viewer: int | None,
    ) -> None:
        self.table = table
        self.game = table.game
        self.names = names
        self.hands = hands
        self.deck_sizes = deck_sizes
        self.viewer = viewer

    def html(self, after: str = "") -> str:
        """The drawing, with the *HTML* `after` at the end."""
        title = "Shard Command"
        if self.viewer is not None:
            title += f": what seat {self.viewer} sees"
        body = self._queue() + "".join(self._seat(seat) for seat in (0, 1)) + after
        return fragment(body, title=title, status=self._status())

    # ------------------------------------------------------------------ the status bar

    def _status(self) -> list[tuple[str, object]]:
        table = self.table
        status: list[tuple[str, object]] = [("Turn", table.turn), ("Step", table.step.value)]
        if table.current_player == TERMINAL:
            winner = table.winner
            status.append(("Game over", "a draw" if winner is None else f"seat {winner} wins"))
            return status
        if table.active >= 0:
            status.append(("Active", f"seat {table.active}"))
        if table.priority >= 0:
            status.append(("Priority", f"seat {table.priority}"))
        status.append(("Decision", self._decision()))
        combat = table.combat
        if combat is not None:
            status.append(("Attack", self._attack_text(combat.attacker, combat.target, combat.interceptors)))
        if table.pending:
            status.append(("Triggers waiting", len(table.pending)))
        return status

    def _decision(self) -> str:
        table = self.table
        prompt = table.prompt
        if not isinstance(prompt, CommandPrompt):
            return str(prompt)
        text = str(prompt)
        if prompt.player == CHANCE:
            return text
        names = self.names
        phase = prompt.phase
        casting = table.casting
        if phase in (Phase.TARGET, Phase.SACRIFICE, Phase.TRENCH) and casting is not None:
            text += f" for {names.item(casting.item)}"
        elif phase is Phase.ELEMENT and table.element_source >= 0:
            text += f" from {names.card(table.element_source)}"
        elif phase is Phase.DISCARD and table.discard_left:
            text += f" ({table.discard_left} to go)"
        elif phase is Phase.FORESIGHT:
            index = len(table.foresight_bottom)
            seen = table.foresight[index] if index < len(table.foresight) else None
            if seen is not None:
                text += f": {names.card(seen)}"
        return text

    def _attack_text(self, attacker: int, target: int, interceptors: tuple[int, ...]) -> str:
        names = self.names
        text = names.with_stats(attacker)
        if target >= 0:
            text += f" → {names.target(target)}"
        if interceptors:
            text += f", intercepted by {', '.join(names.with_stats(n) for n in interceptors)}"
        return text

    # ------------------------------------------------------------------ the Queue

    def _queue(self) -> str:
        table = self.table
        bottom = len(table.queue) - 1
        items = [self._item(item, bottom - index) for index, item in enumerate(reversed(table.queue))]
        casting = table.casting
        if casting is not None and casting.item not in table.queue:
            items.insert(0, self._casting(casting))
        label = f"Response Queue (top first, {len(table.queue)})" if table.queue else "Response Queue"
        return zone(label, items, empty="empty")

    def _item_card(self, item: objects.QueueItem, flags: Sequence[str], extra: str, ref: str) -> str:
        names = self.names
        info = names.info(item.source) or self.game.infos[item.design]
        if item.kind == objects.SPELL:
            kind = info.type.label
        elif item.kind == objects.ABILITY:
            kind = f"{ABILITY_NAMES.get(item.ability, 'Exhaust')} ability"
        else:
            kind = _ITEM_KINDS.get(item.kind, "")
        number = "" if item.source >= objects.SOVEREIGNS else f" · #{item.source}"
        subtitle = f"{kind}{number} · seat {item.controller}"
        lines = [str(inst) for inst in names.effects(item)]
        if item.kind == objects.SPELL and info.is_entity:
            lines.append(f"enters the Arena as a {info.force}/{info.durability}")
        elif item.kind == objects.SPELL and info.type is not CardType.RITE:
            lines.append("enters the Arena")
        if item.ability == WARP:
            lines.append("Warp: it leaves the Arena and returns next turn")
        elif item.ability == BOMBARD:
            lines.append("Bombard: deal 2 damage")
        targets = [t for t in item.targets if t >= 0]
        body = "".join(f'<div class="sg-line">{esc(line)}</div>' for line in lines)
        if targets:
            aimed = ", ".join(names.target(t) for t in targets)
            body += f'<div class="sg-line"><b>→</b> {esc(aimed)}</div>'
        if item.echo:
            body += chip("from Scrap (Echo)")
        return card(
            info.name,
            subtitle=subtitle,
            accent=_accent(info.identity),
            flags=flags,
            tooltip=str(info.card),
            extra_html=body + extra,
            ref=ref,
        )

    def _item(self, item: objects.QueueItem, index: int) -> str:
        """The item `index` places from the bottom of the Queue."""
        top = index == len(self.table.queue) - 1
        flags, extra = (("mark",), chip("top", kind="good")) if top else ((), "")
        return self._item_card(item, flags, extra, f"queue-{index}")

    def _casting(self, casting: objects.Casting) -> str:
        return self._item_card(casting.item, (), chip("being put on the Queue", kind="warn"), "casting")

    # ------------------------------------------------------------------ a seat

    def _seat(self, seat: int) -> str:
        table = self.table
        game = self.game
        deck = game.decklists[seat]
        title = f"Seat {seat}: {deck.name}"
        roles = [
            role
            for role, on in (
                ("you", seat == self.viewer),
                ("active player", seat == table.active),
                ("holds priority", seat == table.priority and table.current_player != TERMINAL),
            )
            if on
        ]
        if roles:
            title += f" ({', '.join(roles)})"
        facts = [
            f"Integrity {table.integrity[seat]}",
            f"deck {self.deck_sizes[seat]}",
            f"Obliterated {len(table.obliterated[seat])}",
        ]
        if table.silenced[seat] >= table.turn > 0:
            facts.append("Silenced")
        body = self._stones(seat)
        arena = [self._permanent(p) for p in self.names.arena if p.owner == seat]
        exiled = [
            self._in_zone(c, "exiled (Warp)", f"exiled-{c}")
            for c in table.exiled
            if self.names.owner(c) == seat
        ]
        body += (
            '<div class="sg-row">'
            + zone("Sovereign", [self._sovereign(seat)])
            + '<div style="flex:1 1 0;min-width:0">'  # the Arena takes the rest of the row, and wraps
            + zone(f"Arena ({len(arena)})", arena + exiled, empty="no permanents")
            + "</div></div>"
        )
        body += zone(
            f"Hand ({len(self.hands[seat])})", [self._hand_card(c) for c in self.hands[seat]], "empty"
        )
        body += self._scrap(seat)
        return panel(title, body, facts=facts, active=seat == table.current_player)

    def _stones(self, seat: int) -> str:
        table = self.table
        parts = [
            f'<span class="sg-stat-label">{label}</span>{_stone_chips(counts)}'
            for label, counts in (
                ("Pool", table.pool[seat]),
                ("Unused", table.unused[seat]),
                ("Used", table.used[seat]),
                ("Floating", table.floating[seat]),
            )
        ]
        charged = f" &nbsp;charged {table.charged[seat]} of 2 this turn" if seat == table.active else ""
        joined = " &nbsp; ".join(parts)
        return f'<div class="sg-line"><b>Charge Stones</b> &nbsp;{joined}<span>{charged}</span></div>'

    def _sovereign(self, seat: int) -> str:
        info = self.game.sovereign_infos[seat]
        exhausted = self.table.sovereign_exhausted[seat]
        extra = chip("Exhausted", kind="warn") if exhausted else ""
        return card(
            info.name,
            subtitle=f"Sovereign {info.card.identity_text}",
            stats=[("Force", info.force)],
            accent=_accent(info.identity),
            flags=("turned",) if exhausted else (),
            tooltip=str(info.card),
            extra_html=extra + _keyword_html(info.card.keywords, sovereign=True),
            ref=f"sovereign-{seat}",
        )

    def _permanent(self, p: objects.Permanent) -> str:
        table = self.table
        info = self.game.infos[p.kind]
        stats: list[tuple[str, object]] = []
        if is_entity(table, p):
            stats = [("Force", force(table, p)), ("Durability", durability(table, p))]
        status = [
            (label, kind)
            for label, kind, on in (
                ("Exhausted", "warn", p.exhausted),
                (f"{p.damage} damage", "warn", p.damage),
                (f"+{p.upgrades}/+{p.upgrades}", "good", p.upgrades),
                (f"Submerged x{p.submerged}", "warn", p.submerged),
                ("Frozen", "warn", p.frozen),
                ("Blanked", "warn", p.blanked),
                ("Isolated", "warn", p.isolated_until >= table.turn),
                (plural(p.trench, "trench counter"), "", p.trench),
                ("Echo marker", "", p.echo),
                ("Fatal hit", "warn", p.doomed),
                ("entered this turn", "", p.entered == table.turn and is_entity(table, p)),
                ("attacking", "good", table.combat is not None and table.combat.attacker == p.id),
                ("attacked", "warn", table.combat is not None and table.combat.target == p.id),
                ("intercepting", "good", table.combat is not None and p.id in table.combat.interceptors),
            )
            if on
        ]
        extra = "".join(chip(label, kind=kind) for label, kind in status)
        extra += _keyword_html(info.card.keywords)
        if is_entity(table, p) and not p.blanked:
            extra += "".join(
                chip(f"{k.label} (Sovereign)", tooltip=k.keyword.reminder)
                for k in self.game.sovereign_infos[p.owner].card.keywords
                if k.keyword.kind in _AURA_KINDS and not info.statics & bit(k.keyword.id)
            )
        flags = ["turned"] if p.exhausted else []
        combat = table.combat
        if combat is not None and p.id in (combat.attacker, combat.target, *combat.interceptors):
            flags.append("mark")
        return card(
            info.name,
            subtitle=_subtitle(info, p.id),
            stats=stats,
            accent=_accent(info.identity),
            flags=flags,
            tooltip=str(info.card),
            extra_html=extra,
            ref=f"arena-{p.id}",
        )

    def _hand_card(self, number: int | None) -> str:
        if number is None:
            return card_back()
        return self._in_zone(number, "", f"hand-{number}")

    def _in_zone(self, number: int, note: str, ref: str) -> str:
        info = self.game.card_info[number]
        stats: list[tuple[str, object]] = []
        if info.is_entity:
            stats = [("Force", info.force), ("Durability", info.durability)]
        extra = chip(note) if note else ""
        return card(
            info.name,
            subtitle=_subtitle(info, number),
            stats=stats,
            accent=_accent(info.identity),
            flags=("muted",) if note else (),
            tooltip=str(info.card),
            extra_html=extra + _keyword_html(info.card.keywords),
            ref=ref,
        )

    def _scrap(self, seat: int) -> str:
        scrap = self.table.scrap[seat]
        latest = list(reversed(scrap))[:SCRAP_SHOWN]
        items = [chip(self.names.card(c), tooltip=str(self.game.card_info[c].card)) for c in latest]
        if len(scrap) > SCRAP_SHOWN:
            items.append(f'<span class="sg-empty">and {len(scrap) - SCRAP_SHOWN} more</span>')
        return zone(f"Scrap ({len(scrap)}, latest first)" if scrap else "Scrap", items, empty="empty")
