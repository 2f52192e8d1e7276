"""MkDocs hook: the SOTA Starter Decks as tables, generated from the card data so they never drift.

A page that holds the line ``<!-- sota-starter-decks -->`` gets, in its place, one section per Starter
Deck (in `starter_decks()` order): its title and name, its theme, a one-line summary, and tables of its
Personas, Characters, Allies and Traits. The sections have stable anchors: ``#ember``, ``#ember-personas``,
``#ember-characters``, ``#ember-allies``, ``#ember-traits``, and the same for every deck.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from shardgames.sota.cards import (
    STATS,
    AllyCard,
    Card,
    CharacterCard,
    Decklist,
    PersonaCard,
    TraitCard,
    Variant,
    starter_decks,
    starter_pool,
)

MARKER = re.compile(r"^[ \t]*<!-- sota-starter-decks -->[ \t]*$", re.MULTILINE)

STAT_HEADERS = ("AGI", "VIT", "LUC", "MAG", "CHA")

# What each trait does (SOTA-D4 and D5), for the tables.
TRAIT_EFFECTS = {
    "siphon": "If the duel stat is {stat}: opposing total &minus;2, own total +2.",
    "focus": "If the duel stat is {stat}: own total +3.",
    "grit": "Own total +1, any stat.",
    "fortune": "Re-roll your own 2D6; the new result replaces the old.",
    "hex": "The opposing duellist re-rolls its 2D6 and keeps the new result.",
    "encore": "Once per Turn Phase, a stat declared by this card is not used up.",
}
PERSONA_EFFECTS = {
    "flourish": "Own total +2, any stat.",
    "muse": "Re-roll your own 2D6.",
    "critique": "Opposing total &minus;2.",
    "encore": "Once per Turn Phase, a stat declared by this Persona is not used up.",
}


def on_page_markdown(markdown: str, /, **kwargs: Any) -> str:
    """Replace the marker line with the generated Starter Deck tables."""
    if not MARKER.search(markdown):
        return markdown
    generated = starter_decks_markdown()
    return MARKER.sub(lambda _: generated, markdown)


def starter_decks_markdown() -> str:
    """Every Starter Deck as Markdown: a section with four tables per deck."""
    pool = starter_pool()
    sections = [_deck_section(deck, pool) for deck in starter_decks().values()]
    return "\n\n".join(sections)


def _deck_section(deck: Decklist, pool: Mapping[str, Card]) -> str:
    cards = [pool[card_id] for card_id in dict.fromkeys(deck.card_ids())]
    personas = [c for c in cards if isinstance(c, PersonaCard)]
    characters = [c for c in cards if isinstance(c, CharacterCard)]
    allies = [c for c in cards if isinstance(c, AllyCard)]
    traits = [c for c in cards if isinstance(c, TraitCard)]
    variants = [c.variant for c in characters]
    twin_pairs = len({c.twin_pair for c in characters if c.variant is Variant.TWIN})
    averages = (
        " · ".join(
            f"{header} {sum(c.stats[stat] for c in characters) / len(characters):.1f}"
            for header, stat in zip(STAT_HEADERS, STATS, strict=True)
        )
        if characters
        else ""
    )

    lines = [f"## {_escape(deck.title)} (`{deck.name}`) {{#{deck.name}}}", ""]
    if deck.theme:
        lines += [f"*{_escape(deck.theme)}*", ""]
    lines += [
        f"{len(deck.entries)} cards: {_count(len(personas), 'Persona')}, "
        f"{_count(len(characters), 'Character')} ({variants.count(Variant.SIGNABLE)} signable, "
        f"{_count(twin_pairs, 'twin pair')}, {variants.count(Variant.STANDARD)} standard), "
        f"{_count(len(allies), 'Ally', 'Allies')}, {_count(len(traits), 'Trait')}."
        + (f" Average Character stats: {averages}." if averages else ""),
        "",
        f"### Personas {{#{deck.name}-personas}}",
        "",
        *_table(
            ["Persona", *STAT_HEADERS, "Persona trait"],
            [
                [
                    _escape(p.name),
                    *map(str, p.stats.as_tuple()),
                    f"**{p.trait.value.capitalize()}**: {PERSONA_EFFECTS.get(p.trait.value, '')}",
                ]
                for p in personas
            ],
            align="l" + "r" * 5 + "l",
        ),
        "",
        f"### Characters {{#{deck.name}-characters}}",
        "",
        *_table(
            ["Character", "Variant", *STAT_HEADERS, "Signed Bonus or twin partner"],
            [
                [_escape(c.name), c.variant.value, *map(str, c.stats.as_tuple()), _character_note(c, pool)]
                for c in characters
            ],
            align="ll" + "r" * 5 + "l",
        ),
        "",
        f"### Allies {{#{deck.name}-allies}}",
        "",
        *_table(
            ["Stat", "+1", "+2", "+3"],
            [
                [stat.value.capitalize()]
                + [
                    ", ".join(_escape(a.name) for a in allies if a.stat is stat and a.value == value)
                    or "&ndash;"
                    for value in (1, 2, 3)
                ]
                for stat in STATS
            ],
        ),
        "",
        f"### Traits {{#{deck.name}-traits}}",
        "",
        *_table(
            ["Trait", "Kind", "Effect"],
            [[_escape(t.name), t.label, _trait_effect(t)] for t in traits],
        ),
    ]
    return "\n".join(lines)


def _character_note(card: CharacterCard, pool: Mapping[str, Card]) -> str:
    if card.variant is Variant.SIGNABLE:
        return f"+{card.signed_bonus} when signed"
    if card.variant is Variant.TWIN:
        partners = [
            other.name
            for other in pool.values()
            if isinstance(other, CharacterCard) and other.twin_pair == card.twin_pair and other.id != card.id
        ]
        return "twin of " + ", ".join(_escape(name) for name in partners)
    return ""


def _trait_effect(trait: TraitCard) -> str:
    stat = trait.stat.value.capitalize() if trait.stat is not None else ""
    return TRAIT_EFFECTS.get(trait.kind.value, "").format(stat=stat)


def _table(headers: Sequence[str], rows: Iterable[Sequence[str]], align: str = "") -> list[str]:
    align = align.ljust(len(headers), "l")
    rule = ["---:" if a == "r" else "---" for a in align]
    return [_row(headers), _row(rule), *(_row(row) for row in rows)]


def _row(cells: Sequence[str]) -> str:
    return "| " + " | ".join(cells) + " |"


def _count(count: int, word: str, plural: str = "") -> str:
    return f"{count} {word if count == 1 else plural or word + 's'}"


def _escape(text: str) -> str:
    """Text safe inside a Markdown table cell and free of accidental emphasis."""
    return re.sub(r"([|*_`\\[\]<>])", r"\\\1", text)
