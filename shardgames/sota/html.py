"""SOTA as HTML, for notebooks and replay pages, drawn with the blocks of `shardgames.render.html`.

`state_html` (``state.to_html()``) draws the whole table, every hand included; `view_html`
(``view.to_html()``) draws what one seat sees: the cards it does not know are card backs. Both show a
status bar (the Turn Phase, the active seat, who decides what, the stats used, the winner), the duel in
progress with its dice and totals, and one panel per seat, the seat to act outlined: its Persona, its
Duel Positions with their Traits, its Ally Positions, hand, deck, Fractured Shards and the cards out of
the game. A view on its seat's turn also lists that seat's choices in words. Cards are coloured by type.

Examples:
    >>> import shardgames as sg
    >>> state = sg.load_game("sota").new_initial_state(seed=3)
    >>> "Vael, Kiln-Warden" in state.to_html()  # seat 0 chooses among three Personas
    True
    >>> html = state.view(1).to_html()  # the choice is public, so seat 1 sees it too
    >>> "Vael, Kiln-Warden" in html and "seat 1&#x27;s view" in html
    True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from shardgames.kernel.views import View
from shardgames.render.html import card, card_back, chips, esc, fragment, panel, table, zone
from shardgames.sota.cards import STATS, CharacterCard, TraitCard, Variant
from shardgames.sota.constants import ALLY, CHARACTER, PERSONA, PERSONA_BIT, TRAIT
from shardgames.sota.phases import SotaPrompt
from shardgames.sota.render import ABBREVIATIONS, Seen, ability_text, describe_card, unit_stat

if TYPE_CHECKING:
    from shardgames.sota.duel_state import DuelView
    from shardgames.sota.game import SotaGame
    from shardgames.sota.state import SotaState
    from shardgames.sota.view import SotaView

__all__ = ["card_face", "state_html", "view_html"]

TITLE = "Shards of the Artisan"

ACCENTS = {PERSONA: "#9a6700", CHARACTER: "#0969da", ALLY: "#1a7f37", TRAIT: "#8250df"}
"""The head colour of each card type (the card data gives no colour of its own)."""

_TYPE_NAMES = {PERSONA: "Persona", CHARACTER: "Character", ALLY: "Ally", TRAIT: "Trait"}
_CHOICES_SHOWN = 15
_BENEATH_SHOWN = 3


def state_html(state: SotaState) -> str:
    """The whole state as an HTML fragment: every hand and every known deck card face up."""
    return _draw(Seen.of(state), TITLE)


def view_html(view: SotaView) -> str:
    """What `view`'s seat sees as an HTML fragment: other hands and unknown cards as backs."""
    return _draw(Seen.of(view), f"{TITLE} · seat {view.player}'s view")


def card_face(
    game: SotaGame,
    card_id: int,
    *,
    trait: int = -1,
    flags: Sequence[str] = (),
    notes: Sequence[str] = (),
    ref: str | None = None,
) -> str:
    """One card as a card: its name, its type, its stats, its traits as chips and its rules text.

    Args:
        game: The game whose card tables name the card.
        card_id: The card's instance id.
        trait: The Trait attached to a Character in a Duel Position (-1: none).
        flags: Looks of `shardgames.render.html.card` (``"mark"`` for a card in the duel).
        notes: Lines added under the rules text.
        ref: The place the card is in, such as ``"hand-0-12"`` (see `shardgames.render.html`).

    Examples:
        >>> import shardgames as sg
        >>> html = card_face(sg.load_game("sota"), 0)
        >>> "Vael, Kiln-Warden" in html and "Flourish" in html and "MAG" in html
        True
    """
    kind = game.card_type[card_id]
    definition = game.kinds[game.kind_of[card_id]]
    subtitle = _TYPE_NAMES[kind]
    stats: list[tuple[str, object]] = []
    labels: list[str] = []
    lines: list[str] = []
    if kind in (PERSONA, CHARACTER):
        stats = list(zip(ABBREVIATIONS, game.stats[card_id], strict=True))
    if kind == PERSONA:
        persona_trait = game.persona_trait[card_id]
        if persona_trait is not None:
            labels.append(str(persona_trait).capitalize())
            lines.append(ability_text(game, card_id))
    elif kind == CHARACTER and isinstance(definition, CharacterCard):
        if definition.variant is not Variant.STANDARD:
            subtitle += f" · {definition.variant.value}"
        if game.signed_bonus[card_id]:
            labels.append(f"signed +{game.signed_bonus[card_id]}")
        partner = _twin_partner(game, definition)
        if partner:
            lines.append(f"Twin of {partner}")
        if trait >= 0:
            trait_card = game.kinds[game.kind_of[trait]]
            if isinstance(trait_card, TraitCard):
                labels.append(trait_card.label)
            lines.append(f"{game.names[trait]}: {ability_text(game, trait)}")
    elif kind == ALLY:
        stat, value = game.ally_stat[card_id], game.ally_value[card_id]
        stats = [(ABBREVIATIONS[stat], f"+{value}")]
        lines.append(f"+{value} in {STATS[stat].value} duels")
    elif kind == TRAIT and isinstance(definition, TraitCard):
        labels.append(definition.label)
        lines.append(ability_text(game, card_id))
    return card(
        game.names[card_id],
        subtitle=subtitle,
        stats=stats,
        lines=[*lines, *notes],
        chip_labels=labels,
        accent=ACCENTS[kind],
        flags=flags,
        tooltip=describe_card(game, card_id),
        ref=ref,
    )


def _twin_partner(game: SotaGame, definition: CharacterCard) -> str:
    if definition.twin_pair is None:
        return ""
    return next(
        (
            other.name
            for other in game.pool.values()
            if isinstance(other, CharacterCard) and other.twin_pair == definition.twin_pair
            if other.id != definition.id
        ),
        "",
    )


# ---------------------------------------------------------------------- the whole drawing


def _draw(seen: Seen, title: str) -> str:
    body = _duel_panel(seen) + _choices_panel(seen)
    body += "".join(_seat_panel(seen, seat) for seat in range(seen.game.num_players))
    return fragment(body, title=title, status=_status(seen))


def _status(seen: Seen) -> list[tuple[str, object]]:
    s = seen.source
    status: list[tuple[str, object]] = [("Turn phase", s.turn)]
    if s.active >= 0:
        status.append(("Active", f"seat {s.active}"))
    prompt = s.prompt
    if seen.is_terminal or prompt is None:
        status.append(("Game over", "a draw" if s.winner is None else f"seat {s.winner} wins"))
        return status
    who = "chance" if prompt.player < 0 else f"seat {prompt.player}"
    if prompt.player < 0 and isinstance(prompt, SotaPrompt) and prompt.seat >= 0:
        who += f" (for seat {prompt.seat})"
    status.append(("To act", who))
    if isinstance(prompt, SotaPrompt):
        status.append(("Decision", prompt.description))
    if s.active >= 0:
        used = [STATS[i].value for i in range(5) if s.used_stats >> i & 1]
        status.append(("Stats used", ", ".join(used) or "none"))
    return status


def _in_duel(seen: Seen, seat: int) -> tuple[set[int], bool]:
    """The Duel Positions of `seat` in the duel, and whether its Persona duels."""
    duel = seen.duel
    if duel is None:
        return set(), False
    slots: set[int] = set()
    persona = False
    for side, side_seat in ((0, duel.attacker), (1, duel.defender)):
        if side_seat != seat:
            continue
        unit = duel.unit if side == 0 else duel.target
        slots |= set(unit)
        persona = persona or not unit
    return slots, persona


def _seat_panel(seen: Seen, seat: int) -> str:
    s = seen.source
    game = seen.game
    deck = game.decklists[seat]
    you = " (you)" if seat == seen.viewer else ""
    facts = []
    if seat == s.active:
        facts.append("active player")
    if seat == s.current_player:
        facts.append("to act")
    if not s.alive[seat]:
        facts.append(f"out of the game with all its {len(s.removed[seat])} cards")
    else:
        facts += [
            f"deck {seen.deck_sizes[seat]}",
            f"hand {len(seen.hands[seat])}",
            f"shards {len(s.shards[seat])}",
        ]
    if s.twin_used >> seat & 1:
        facts.append("twin duel fought")
    if s.active < 0 and s.rolls and s.rolls[seat]:
        facts.append(f"start roll {s.rolls[seat]}")
    body = ""
    if s.alive[seat]:
        table_row = [_persona_zone(seen, seat), _positions_zone(seen, seat), _allies_zone(seen, seat)]
        zones_row = [_hand_zone(seen, seat), _deck_zone(seen, seat), _shards_zone(seen, seat)]
        if s.removed[seat]:
            out = chips(game.names[c] for c in s.removed[seat])
            zones_row.append(zone(f"Out of the game · {len(s.removed[seat])}", [f"<div>{out}</div>"]))
        body = _row(table_row) + _row(zones_row)
    return panel(f"Seat {seat}{you} · {deck.title}", body, facts=facts, active=seat == s.current_player)


def _row(items: Sequence[str]) -> str:
    return f'<div class="sg-row">{"".join(items)}</div>'


def _persona_zone(seen: Seen, seat: int) -> str:
    s = seen.source
    game = seen.game
    if s.persona[seat] < 0:
        options = [card_face(game, c) for c in s.options[seat]]
        return zone("Personas to choose from", options, empty="none")
    _, duelling = _in_duel(seen, seat)
    notes = []
    if s.persona[seat] in s.encore_used:
        notes.append("Encore used this turn phase")
    if duelling and _ability_used(seen, seat, PERSONA_BIT):
        notes.append("trait used in this duel")
    flags = ("mark",) if duelling else ()
    face = card_face(game, s.persona[seat], flags=flags, notes=notes, ref=f"persona-{seat}")
    return zone("Persona", [face])


def _ability_used(seen: Seen, seat: int, bit: int) -> bool:
    duel = seen.duel
    if duel is None:
        return False
    return any(duel.seat_of(side) == seat and duel.used >> (side * 8 + bit) & 1 for side in (0, 1))


def _positions_zone(seen: Seen, seat: int) -> str:
    s = seen.source
    game = seen.game
    k = game.duel_positions
    duelling, _ = _in_duel(seen, seat)
    places = []
    for slot in range(k):
        character, trait = s.slots[seat * k + slot], s.traits[seat * k + slot]
        if character < 0:
            places.append(zone(f"position {slot}", [], empty="empty"))
            continue
        notes = []
        if trait >= 0 and trait in s.encore_used:
            notes.append("Encore used this turn phase")
        if slot in duelling and _ability_used(seen, seat, slot):
            notes.append("Trait used in this duel")
        flags = ("mark",) if slot in duelling else ()
        face = card_face(
            game, character, trait=trait, flags=flags, notes=notes, ref=f"position-{seat}-{slot}"
        )
        places.append(zone(f"position {slot}" + (" · duelling" if slot in duelling else ""), [face]))
    return zone("Duel positions", places)


def _allies_zone(seen: Seen, seat: int) -> str:
    s = seen.source
    game = seen.game
    stacks = []
    for stat in range(5):
        stack = s.allies[seat * 5 + stat]
        if stack:
            faces = [card_face(game, c, ref=f"ally-{seat}-{c}") for c in reversed(stack)]
            stacks.append(zone(STATS[stat].value + (" · top first" if len(stack) > 1 else ""), faces))
    return zone("Ally positions", stacks)


def _hand_zone(seen: Seen, seat: int) -> str:
    game = seen.game
    cards = seen.hands[seat]
    hidden = sum(c is None for c in cards)
    label = f"Hand · {len(cards)}" + (f" ({hidden} hidden)" if hidden else "")
    faces = [card_back("?") if c is None else card_face(game, c, ref=f"hand-{seat}-{c}") for c in cards]
    return zone(label, faces, empty="empty")


def _deck_zone(seen: Seen, seat: int) -> str:
    game = seen.game
    size = seen.deck_sizes[seat]
    top, bottom = seen.deck_tops[seat], seen.deck_bottoms[seat]
    items = [card_back(f"{size} cards")] if size else []
    for label, cards, end, word in (
        ("known on top", top, 0, "top"),
        ("known at the bottom", bottom, len(bottom) - 1, "bottom"),
    ):
        lines = [
            _line(game.names[c] + (f" ({word} card)" if i == end else ""))
            for i, c in enumerate(cards)
            if c is not None
        ]
        if lines:
            items.append(zone(label, [f"<div>{''.join(lines)}</div>"]))
    return zone(f"Deck · {size}", items, empty="empty")


def _line(text: str) -> str:
    return f'<div class="sg-line">{esc(text)}</div>'


def _shards_zone(seen: Seen, seat: int) -> str:
    game = seen.game
    shards = seen.source.shards[seat]
    items = []
    if shards:
        beneath = [game.names[c] for c in reversed(shards[:-1])]
        notes = []
        if beneath:
            more = f" and {len(beneath) - _BENEATH_SHOWN} more" if len(beneath) > _BENEATH_SHOWN else ""
            notes.append(f"beneath: {'; '.join(beneath[:_BENEATH_SHOWN])}{more}")
        items.append(card_face(game, shards[-1], flags=("muted",), notes=notes, ref=f"shards-{seat}"))
    return zone(f"Fractured Shards · {len(shards)}", items, empty="empty")


# ---------------------------------------------------------------------- the duel and the choices


def _duel_kind(duel: DuelView) -> str:
    """The duel's name in the rules (SOTA-26), once its target is known."""
    if duel.defender < 0:
        return ""
    if duel.unit and duel.target:
        return "Twin Character Duel" if len(duel.unit) == 2 else "Character Duel"
    if duel.unit:
        return "Persona Duel"
    return "Persona vs Character Duel" if duel.target else "Persona vs Persona Duel"


def _duel_stage(duel: DuelView) -> str:
    if duel.is_resolved:
        if duel.winner < 0:
            return f"a tie at {duel.totals[0]}"
        loser = duel.totals[1 - duel.winner]
        return f"seat {duel.seat_of(duel.winner)} wins, {duel.totals[duel.winner]} against {loser}"
    if duel.stat < 0:
        return "choosing the stat"
    if duel.defender < 0:
        return "choosing the target"
    if duel.rolled < 4:
        return f"rolling the dice ({duel.rolled} of 4 rolled)"
    if duel.reroll_side >= 0:
        return f"seat {duel.seat_of(duel.reroll_side)} re-rolls"
    passes = f", {duel.passes} pass in a row" if duel.passes else ""
    return f"modifier window: seat {duel.seat_of(duel.to_act)} to act{passes}"


def _duel_panel(seen: Seen) -> str:
    duel = seen.duel
    if duel is None:
        return ""
    game = seen.game
    stat = duel.stat
    header = ["side", "seat", "unit", ABBREVIATIONS[stat] if stat >= 0 else "stat", "dice", "modifiers"]
    header += ["total", "used"]
    rows = []
    for side in (0, 1):
        seat = duel.seat_of(side)
        if seat < 0:
            rows.append(["defender", "-", "not chosen yet", "", "", "", "", ""])
            continue
        cards = seen.unit_cards(seat, duel.unit if side == 0 else duel.target)
        names = " and ".join(game.names[c] if c >= 0 else "(gone)" for c in cards)
        value = ""
        if stat >= 0 and all(c >= 0 for c in cards):
            base, bonus = unit_stat(game, cards, stat)
            value = f"{base} +{bonus} signed" if bonus else str(base)
        first, second = duel.dice[side * 2], duel.dice[side * 2 + 1]
        dice = f"{first} + {second}" if first and second else (str(first) if first else "-")
        total = str(duel.totals[side]) if duel.defender >= 0 else ""
        rows.append(
            [
                "attacker" if side == 0 else "defender",
                f"seat {seat}",
                names,
                value,
                dice,
                f"{duel.bonus[side]:+d}",
                total,
                ", ".join(_used_names(seen, duel, side)) or "-",
            ]
        )
    title = f"Duel on {STATS[stat].value}" if stat >= 0 else "Duel"
    facts = [fact for fact in (_duel_kind(duel), _duel_stage(duel)) if fact]
    return panel(title, table(header, rows, numeric=(3, 5, 6)), facts=facts)


def _used_names(seen: Seen, duel: DuelView, side: int) -> list[str]:
    """The abilities and Allies `side` used in the duel."""
    s = seen.source
    game = seen.game
    seat = duel.seat_of(side)
    k = game.duel_positions
    names = []
    unit = duel.unit if side == 0 else duel.target
    for slot in unit:
        trait = s.traits[seat * k + slot]
        if duel.used >> (side * 8 + slot) & 1 and trait >= 0:
            names.append(game.names[trait])
    if not unit and duel.used >> (side * 8 + PERSONA_BIT) & 1 and s.persona[seat] >= 0:
        persona_trait = game.persona_trait[s.persona[seat]]
        names.append(str(persona_trait) if persona_trait is not None else "persona trait")
    names += [game.names[c] for c in duel.spent[side]]
    return names


def _choices_panel(seen: Seen) -> str:
    view = seen.source
    if not isinstance(view, View) or not view.legal_actions:
        return ""
    actions = view.legal_actions
    rows = [[i, view.describe_action(a)] for i, a in enumerate(actions[:_CHOICES_SHOWN])]
    more = len(actions) - _CHOICES_SHOWN
    if more > 0:
        rows.append(["", f"and {more} more"])
    prompt = view.prompt
    title = "Your decision" + (f": {prompt.description}" if isinstance(prompt, SotaPrompt) else "")
    return panel(title, table(["#", "choice"], rows, numeric=(0,)))
