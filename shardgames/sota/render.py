"""Text rendering of SOTA states and views: one idea per line.

`render_state` (``str(state)``) shows the whole table, hands included; `render_view` (``str(view)``)
shows what one seat sees, every card it does not know written as ``?``. `Seen` gathers what a drawing
reads from either, so the text here and the HTML of `shardgames.sota.html` draw states and views alike.

Examples:
    >>> import shardgames as sg
    >>> state = sg.load_game("sota").new_initial_state(seed=3)
    >>> print(str(state.view(1)).splitlines()[0])
    seat 1's view of Shards of the Artisan, turn phase 0
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import attrs

from shardgames.kernel.views import View
from shardgames.render.text import plural
from shardgames.sota.cards import STATS
from shardgames.sota.constants import ALLY, CHARACTER, PERSONA, TRAIT
from shardgames.sota.duel_state import DuelView

if TYPE_CHECKING:
    from shardgames.sota.game import SotaGame
    from shardgames.sota.state import SotaState
    from shardgames.sota.view import SotaView

__all__ = [
    "ABBREVIATIONS",
    "Seen",
    "ability_text",
    "describe_card",
    "render_state",
    "render_view",
    "unit_stat",
]

ABBREVIATIONS = ("AGI", "VIT", "LUC", "MAG", "CHA")
"""The printed abbreviations of the five stats, in stat order."""


def ability_text(game: SotaGame, card: int) -> str:
    """The rules text of a Trait or a Persona's trait, for a person; empty for other cards.

    Examples:
        >>> import shardgames as sg
        >>> game = sg.load_game("sota")
        >>> ability_text(game, 0)  # seat 0's first card: the Persona Vael (flourish)
        'own total +2'
    """
    trait = game.trait_of[card]
    if trait is None:
        return ""
    stat = game.trait_stat[card]
    return trait.text.format(stat=STATS[stat].value if stat >= 0 else "")


def describe_card(game: SotaGame, card: int) -> str:
    """A card in a few words: its name and what matters in play."""
    name = game.names[card]
    kind = game.card_type[card]
    if kind in (PERSONA, CHARACTER):
        stats = " ".join(f"{a} {v}" for a, v in zip(ABBREVIATIONS, game.stats[card], strict=True))
        extra = ""
        if kind == PERSONA:
            trait = game.persona_trait[card]
            extra = f", {trait}" if trait is not None else ""
        elif game.signed_bonus[card]:
            extra = f", signed +{game.signed_bonus[card]}"
        elif game.twin_key[card] is not None:
            extra = ", twin"
        return f"{name} [{stats}{extra}]"
    if kind == ALLY:
        return f"{name} [{STATS[game.ally_stat[card]].value} +{game.ally_value[card]}]"
    if kind == TRAIT:
        trait_kind = game.trait_kind[card]
        stat = game.trait_stat[card]
        label = str(trait_kind) if trait_kind is not None else "?"
        return f"{name} [{label}{f' {STATS[stat].value}' if stat >= 0 else ''}]"
    return f"card {card}"  # pragma: no cover - every dealt card has a type


@attrs.frozen
class Seen:
    """What a drawing reads from a state or a view: the zones as one seat sees them.

    A state is drawn as seen by nobody in particular (`viewer` is ``None``): every card is known.
    Everything else a drawing needs (positions, Traits, Ally Positions, Fractured Shards, the stats
    used) is read from `source`, where states and views keep it under the same names.

    Attributes:
        source: The state or view drawn.
        viewer: The seat of a view, or ``None`` for a state.
        hands: Each seat's hand, ``None`` for a card the viewer does not know.
        deck_sizes: How many cards each deck holds.
        deck_tops: Each deck's cards known to be on top, top first (``None``: unknown to the viewer).
        deck_bottoms: Each deck's cards known to be at the bottom, the bottom card last.
        duel: The duel in progress, with the current Stat Totals, or ``None``.
        is_terminal: Whether the game is over.
    """

    source: SotaState | SotaView
    viewer: int | None
    hands: tuple[tuple[int | None, ...], ...]
    deck_sizes: tuple[int, ...]
    deck_tops: tuple[tuple[int | None, ...], ...]
    deck_bottoms: tuple[tuple[int | None, ...], ...]
    duel: DuelView | None
    is_terminal: bool

    @classmethod
    def of(cls, source: SotaState | SotaView) -> Seen:
        """What `source` shows (a view hides what its seat does not know; a state hides nothing)."""
        if isinstance(source, View):
            return cls(
                source,
                source.player,
                tuple(hand.cards for hand in source.hands),
                tuple(deck.size for deck in source.decks),
                tuple(deck.top for deck in source.decks),
                tuple(deck.bottom for deck in source.decks),
                source.duel,
                source.is_terminal,
            )
        return cls(
            source,
            None,
            tuple(tuple(hand.cards) for hand in source.hands),
            tuple(len(deck) for deck in source.decks),
            tuple(tuple(deck.top) for deck in source.decks),
            tuple(tuple(deck.bottom) for deck in source.decks),
            None if source.duel is None else DuelView.of(source, source.duel),
            source.is_terminal(),
        )

    @property
    def game(self) -> SotaGame:
        """The game drawn."""
        return self.source.game

    def unit_cards(self, seat: int, slots: tuple[int, ...]) -> tuple[int, ...]:
        """The cards of `seat`'s Duel Positions `slots`, or its Persona when `slots` is empty."""
        if not slots:
            return (self.source.persona[seat],)
        k = self.game.duel_positions
        return tuple(self.source.slots[seat * k + slot] for slot in slots)


def unit_stat(game: SotaGame, cards: tuple[int, ...], stat: int) -> tuple[int, int]:
    """A duelling unit's base value of `stat` (both halves of a pair add up) and its Signed Bonus.

    The Signed Bonus counts for a single Character only, never for a Persona or a twin pair (SOTA-R4).
    """
    base = sum(game.stats[card][stat] for card in cards if card >= 0)
    bonus = game.signed_bonus[cards[0]] if len(cards) == 1 and cards[0] >= 0 else 0
    return base, bonus


def render_state(s: SotaState) -> str:
    """The whole table (hands included: a state is the omniscient view)."""
    seen = Seen.of(s)
    game = s.game

    def hand_text(seat: int) -> str:
        return ", ".join(describe_card(game, c) for c in s.hands[seat]) or "-"

    return _render(seen, "", hand_text, lambda seat: [], [])


def render_view(view: SotaView) -> str:
    """What one seat sees, one idea per line: every card it does not know is ``?``.

    Besides what `render_state` shows, it lists each seat's deck (with the cards known to be on top or
    at the bottom), Fractured Shards and cards out of the game, and the stage of a duel in progress.
    """
    seen = Seen.of(view)
    game = seen.game

    def hand_text(seat: int) -> str:
        cards = seen.hands[seat]
        hidden = sum(c is None for c in cards)
        text = ", ".join("?" if c is None else describe_card(game, c) for c in cards) or "-"
        return f"{text}  ({hidden} hidden)" if hidden else text

    return _render(seen, f"seat {view.player}'s view of ", hand_text, _zone_lines(seen), _duel_lines(seen))


def _render(
    seen: Seen,
    head: str,
    hand_text: Callable[[int], str],
    zone_lines: Callable[[int], list[str]],
    duel_lines: list[str],
) -> str:
    s = seen.source
    game = seen.game
    k = game.duel_positions
    header = f"{head}Shards of the Artisan, turn phase {s.turn}"
    if s.active >= 0:
        header += f", seat {s.active} active"
    lines = [header, f"  to act: {s.prompt or 'nobody, the game is over'}"]
    for seat in range(game.num_players):
        you = " (you)" if seat == seen.viewer else ""
        if not s.alive[seat]:
            lines.append(f"seat {seat}{you}: out")
            lines.extend(zone_lines(seat))
            continue
        persona = s.persona[seat]
        who = describe_card(game, persona) if persona >= 0 else "choosing a persona"
        lines.append(
            f"seat {seat}{you}: {who}  deck {seen.deck_sizes[seat]}  hand {len(seen.hands[seat])}  "
            f"shards {len(s.shards[seat])}"
        )
        lines.append(f"  hand: {hand_text(seat)}")
        positions = []
        for slot in range(k):
            card, trait = s.slots[seat * k + slot], s.traits[seat * k + slot]
            if card < 0:
                positions.append(f"{slot}: -")
                continue
            held = f" + {describe_card(game, trait)}" if trait >= 0 else ""
            positions.append(f"{slot}: {describe_card(game, card)}{held}")
        lines.append("  positions: " + " | ".join(positions))
        allies = [
            f"{STATS[stat].value} " + "/".join(f"+{game.ally_value[c]}" for c in s.allies[seat * 5 + stat])
            for stat in range(5)
            if s.allies[seat * 5 + stat]
        ]
        if allies:
            lines.append("  allies: " + ", ".join(allies))
        lines.extend(zone_lines(seat))
    if s.active >= 0:
        used = [STATS[i].value for i in range(5) if s.used_stats >> i & 1]
        lines.append(f"stats used: {', '.join(used) or 'none'}")
    duel = seen.duel
    if duel is not None and duel.stat >= 0 and duel.defender >= 0:
        attack, defend = duel.totals
        lines.append(
            f"duel on {STATS[duel.stat].value}: seat {duel.attacker} dice {duel.dice[0]}+{duel.dice[1]}, "
            f"modifiers {duel.bonus[0]:+d}, total {attack} against seat {duel.defender} "
            f"dice {duel.dice[2]}+{duel.dice[3]}, modifiers {duel.bonus[1]:+d}, total {defend}"
        )
    lines.extend(duel_lines)
    if seen.is_terminal:
        lines.append("game over: " + ("a draw" if s.winner is None else f"seat {s.winner} wins"))
    return "\n".join(lines)


def _names(game: SotaGame, cards: tuple[int | None, ...]) -> str:
    return "; ".join("?" if c is None else game.names[c] for c in cards)


def _zone_lines(seen: Seen) -> Callable[[int], list[str]]:
    """The lines of a view's other zones of `seat`: choices, deck, Fractured Shards, cards out."""
    s = seen.source
    game = seen.game

    def lines(seat: int) -> list[str]:
        out = []
        if s.options[seat]:
            out.append(
                "  personas to choose from: " + ", ".join(describe_card(game, c) for c in s.options[seat])
            )
        if s.alive[seat]:
            size, top, bottom = seen.deck_sizes[seat], seen.deck_tops[seat], seen.deck_bottoms[seat]
            unknown = size - sum(c is not None for c in (*top, *bottom))
            deck = f"  deck: {size} cards, {unknown} unknown" if size else "  deck: empty"
            if any(c is not None for c in top):
                deck += f"; on top: {_names(game, top)}"
            if any(c is not None for c in bottom):
                deck += f"; at the bottom (last lowest): {_names(game, bottom)}"
            out.append(deck)
            out.append(f"  fractured shards (top last): {_names(game, s.shards[seat]) or '-'}")
            if s.twin_used >> seat & 1:
                out.append("  has fought its twin duel this turn phase")
        if s.removed[seat] and not s.alive[seat]:
            out.append(f"  out of the game: all {len(s.removed[seat])} cards")
        elif s.removed[seat]:
            out.append(f"  out of the game: {_names(game, s.removed[seat])}")
        return out

    return lines


def _duel_lines(seen: Seen) -> list[str]:
    """A view's lines about the duel in progress: who duels with what, and the modifier window."""
    duel = seen.duel
    if duel is None:
        return []
    game = seen.game
    attacker = _names(game, seen.unit_cards(duel.attacker, duel.unit))
    line = f"duel: seat {duel.attacker} with {attacker}"
    if duel.stat < 0:
        return [line + ", choosing the stat"]
    if duel.defender < 0:
        return [line + f" on {STATS[duel.stat].value}, choosing the target"]
    defender = _names(game, seen.unit_cards(duel.defender, duel.target))
    lines = [line + f" against seat {duel.defender} with {defender}"]
    if duel.is_resolved:
        outcome = "a tie" if duel.winner < 0 else f"seat {duel.seat_of(duel.winner)} wins"
        lines.append(f"duel result: {duel.totals[0]} against {duel.totals[1]}, {outcome}")
    elif duel.rolled < 4:
        lines.append(f"dice rolled: {duel.rolled} of 4")
    else:
        side = "attacker" if duel.to_act == 0 else "defender"
        lines.append(
            f"modifier window: seat {duel.seat_of(duel.to_act)} ({side}) to act, "
            f"{plural(duel.passes, 'pass', 'passes')} in a row"
        )
    return lines
