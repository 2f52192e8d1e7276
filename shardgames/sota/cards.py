"""SOTA cards: the data model, and loading cards and decklists from TOML or JSON files.

Four card types (SOTA-6): a `PersonaCard` (the deck's hero, with one Persona trait), a `CharacterCard`
(standard, signable or twin), an `AllyCard` (a bonus to one stat) and a `TraitCard` (an ability attached
to a Character). Every value is frozen. Card files are validated on loading, and every problem is
reported at once (`CardError`).

A card file holds cards and, optionally, decklists. Cards are tables of arrays named after their type;
a decklist names card ids (a card listed twice is two copies) and which copies carry a signature:

```toml
[[persona]]
id = "ember-persona-vael"
name = "Vael, Kiln-Warden"
stats = { agility = 4, vitality = 3, luck = 1, magic = 6, charisma = 6 }
trait = "flourish"             # flourish | muse | critique | encore, or a registered trait

[[character]]
id = "casstia"
name = "Casstia"
variant = "standard"           # standard | signable | twin
stats = { agility = 3, vitality = 2, luck = 2, magic = 6, charisma = 2 }

[[ally]]
id = "ember-ally-magic-3"
name = "Cinder Familiar"
stat = "magic"
value = 3

[[trait]]
id = "ember-trait-siphon-magic"
name = "Drawn Ember"
kind = "siphon"                # siphon | focus | grit | fortune | hex | encore, or a registered trait
stat = "magic"                 # only for a trait that takes a stat: siphon and focus

[[deck]]
name = "my-deck"
title = "My Deck"
theme = "Fire and glass."      # optional, one line
cards = ["ember-persona-vael", "casstia", "ember-ally-magic-3", "ember-trait-siphon-magic"]
signed = []                    # ids of signable cards whose copy is signed (one entry per copy)
```

Examples:
    >>> from shardgames.sota.cards import starter_pool, Stat
    >>> pool = starter_pool()
    >>> casstia = pool["casstia"]
    >>> casstia.name, casstia.stats[Stat.MAGIC], casstia.stats.total
    ('Casstia', 6, 15)
"""

from __future__ import annotations

import tomllib
from collections import Counter
from collections.abc import Iterator, Mapping
from enum import StrEnum
from functools import cache
from importlib import resources
from pathlib import Path
from types import MappingProxyType
from typing import Any

import attrs

from shardgames.kernel.datafiles import read_data_file, stop_checking
from shardgames.kernel.enums import OrdinalEnum
from shardgames.kernel.errors import CardError
from shardgames.kernel.pools import Pool
from shardgames.sota.traits import STARTER_PLANES, PersonaTrait, TraitKind, registered_traits, trait_named

__all__ = [
    "ALLY_VALUES",
    "CHARACTER_STAT_RANGE",
    "CHARACTER_STAT_TOTAL",
    "PERSONA_STAT_RANGE",
    "PERSONA_STAT_TOTAL",
    "STATS",
    "AllyCard",
    "Card",
    "CardFile",
    "CardPool",
    "CharacterCard",
    "DeckEntry",
    "Decklist",
    "PersonaCard",
    "PersonaTrait",
    "Stat",
    "Stats",
    "TraitCard",
    "TraitKind",
    "Variant",
    "card_section",
    "card_to_data",
    "deck_to_data",
    "load_card_file",
    "parse_card_data",
    "starter_decks",
    "starter_pool",
]


class Stat(OrdinalEnum):
    """The five stats of every Character and Persona (SOTA-19), in their printed order.

    A stat's `ordinal` is its position, 0 (agility) to 4 (charisma).
    """

    AGILITY = "agility"
    VITALITY = "vitality"
    LUCK = "luck"
    MAGIC = "magic"
    CHARISMA = "charisma"


STATS: tuple[Stat, ...] = tuple(Stat)


class Variant(StrEnum):
    """The three Character variants (SOTA-8)."""

    STANDARD = "standard"
    SIGNABLE = "signable"
    TWIN = "twin"


CHARACTER_STAT_RANGE = (1, 6)
CHARACTER_STAT_TOTAL = 15
PERSONA_STAT_RANGE = (1, 7)
PERSONA_STAT_TOTAL = 20
SIGNED_BONUS_RANGE = (1, 2)
ALLY_VALUES = (1, 2, 3)


@attrs.frozen
class Stats:
    """A card's five stats."""

    agility: int
    vitality: int
    luck: int
    magic: int
    charisma: int

    def __getitem__(self, stat: Stat) -> int:
        return int(getattr(self, stat.value))

    def as_tuple(self) -> tuple[int, int, int, int, int]:
        """The five values in stat order."""
        return (self.agility, self.vitality, self.luck, self.magic, self.charisma)

    @property
    def total(self) -> int:
        """The sum of the five stats."""
        return sum(self.as_tuple())

    def __str__(self) -> str:
        return " ".join(
            f"{stat.value[:3].upper()} {value}" for stat, value in zip(STATS, self.as_tuple(), strict=True)
        )


@attrs.frozen
class PersonaCard:
    """A Persona: the deck's hero (SOTA-7), stronger than a Character, with one Persona trait.

    Attributes:
        trait: The name of its registered trait (a `PersonaTrait` for the starter traits).
    """

    id: str
    name: str
    stats: Stats
    trait: str


@attrs.frozen
class CharacterCard:
    """A Character: standard, signable (a Signed Bonus when the copy is signed) or one half of a twin pair.

    Attributes:
        signed_bonus: The Signed Bonus of a signable card (1 or 2).
        twin_pair: For a twin, the key its partner shares.
    """

    id: str
    name: str
    variant: Variant
    stats: Stats
    signed_bonus: int = 1
    twin_pair: str | None = None


@attrs.frozen
class AllyCard:
    """An Ally: +`value` to a duel of its `stat`, or one fifth of an R-Ally."""

    id: str
    name: str
    stat: Stat
    value: int


@attrs.frozen
class TraitCard:
    """A Trait: an ability a Character in a Duel Position holds (SOTA-15, D4).

    Attributes:
        kind: The name of its registered trait (a `TraitKind` for the starter traits; see
            `shardgames.sota.traits`).
        stat: The stat a trait with a stat parameter names (Siphon(S), Focus(S)), else None.
    """

    id: str
    name: str
    kind: str
    stat: Stat | None = None

    @property
    def label(self) -> str:
        """The trait as the rulebook writes it, e.g. ``Siphon(magic)``."""
        kind = str(self.kind).capitalize()
        return f"{kind}({self.stat.value})" if self.stat is not None else kind


Card = PersonaCard | CharacterCard | AllyCard | TraitCard


@attrs.frozen
class DeckEntry:
    """One physical card in a decklist: which card, and whether this copy is signed (SOTA-R4)."""

    card_id: str
    signed: bool = False


@attrs.frozen
class Decklist:
    """A named list of physical cards.

    A decklist with one Persona is a Shard Deck; with several (a Starter Deck has three), each player
    chooses one at setup and the others leave the game (SOTA-R3).

    Attributes:
        name: The deck's key in its file, e.g. ``"ember"``.
        title: A display title (the name when the file gives none).
        entries: One entry per physical card, in file order.
        theme: A one-line description (empty when the file gives none).
    """

    name: str
    title: str
    entries: tuple[DeckEntry, ...]
    theme: str = ""

    def card_ids(self) -> list[str]:
        """The card id of every entry, in order."""
        return [entry.card_id for entry in self.entries]


class CardPool(Pool[Card]):
    """Cards by id: a read-only mapping that can be combined with `|`."""

    __slots__ = ()


@attrs.frozen
class CardFile:
    """The content of one card file: its cards and its decklists (by name)."""

    cards: CardPool
    decks: Mapping[str, Decklist]


# ---------------------------------------------------------------------- validation and loading

_SECTIONS = ("persona", "character", "ally", "trait", "deck")


def _check_stats(
    where: str, raw: Any, bounds: tuple[int, int], total: int, problems: list[str]
) -> Stats | None:
    if not isinstance(raw, Mapping):
        problems.append(f"{where}.stats: must be a table of the five stats")
        return None
    missing = [s.value for s in STATS if s.value not in raw]
    unknown = sorted(set(raw) - {s.value for s in STATS})
    if missing:
        problems.append(f"{where}.stats: missing {', '.join(missing)}")
    if unknown:
        problems.append(f"{where}.stats: unknown stat {', '.join(unknown)}; stats are {', '.join(STATS)}")
    values: list[int] = []
    low, high = bounds
    for stat in STATS:
        if stat.value not in raw:
            continue
        value = raw[stat.value]
        if _is_int(value):
            values.append(value)
        if not _is_int(value) or not low <= value <= high:
            problems.append(f"{where}.stats.{stat.value}: must be an int {low}..{high}, not {value!r}")
    if missing or unknown or len(values) != len(STATS):
        return None
    stats = Stats(*values)
    if stats.total != total:
        problems.append(f"{where}.stats: must sum to {total}, not {stats.total}")
    return stats


def _is_int(value: object) -> bool:
    """True for an int that is not a bool (TOML and JSON ``true`` would otherwise count as 1)."""
    return isinstance(value, int) and not isinstance(value, bool)


def _enum(where: str, enum: type[StrEnum], raw: Any, problems: list[str]) -> Any:
    try:
        return enum(raw)
    except ValueError:
        problems.append(f"{where}: {raw!r} is not one of {', '.join(m.value for m in enum)}")
        return None


def _trait_name(where: str, carrier: str, raw: Any, problems: list[str]) -> str | None:
    """The registered trait `raw` names, if `carrier` cards may carry it (see `shardgames.sota.traits`)."""
    names = [trait.name for trait in registered_traits(carrier)]
    if raw not in names:
        problems.append(f"{where}: {raw!r} is not one of {', '.join(names)}")
        return None
    return next((kind for kind in STARTER_PLANES[carrier] if kind == raw), raw)


def _text(where: str, entry: Mapping[str, Any], key: str, problems: list[str]) -> str:
    value = entry.get(key)
    if not isinstance(value, str) or not value.strip():
        problems.append(f"{where}.{key}: must be a non-empty string")
        return ""
    return value


def _check_keys(where: str, entry: Mapping[str, Any], allowed: set[str], problems: list[str]) -> None:
    fields = ", ".join(sorted(allowed))
    problems.extend(
        f"{where}.{key}: unknown field; fields are {fields}" for key in sorted(set(entry) - allowed)
    )


def _persona(where: str, entry: Mapping[str, Any], problems: list[str]) -> PersonaCard | None:
    _check_keys(where, entry, {"id", "name", "stats", "trait"}, problems)
    card_id, name = _text(where, entry, "id", problems), _text(where, entry, "name", problems)
    stats = _check_stats(where, entry.get("stats"), PERSONA_STAT_RANGE, PERSONA_STAT_TOTAL, problems)
    trait = _trait_name(f"{where}.trait", "persona", entry.get("trait"), problems)
    if card_id and name and stats and trait:
        return PersonaCard(card_id, name, stats, trait)
    return None


def _character(where: str, entry: Mapping[str, Any], problems: list[str]) -> CharacterCard | None:
    start = len(problems)
    _check_keys(where, entry, {"id", "name", "variant", "stats", "signed_bonus", "twin_pair"}, problems)
    card_id, name = _text(where, entry, "id", problems), _text(where, entry, "name", problems)
    variant = _enum(f"{where}.variant", Variant, entry.get("variant", "standard"), problems)
    stats = _check_stats(where, entry.get("stats"), CHARACTER_STAT_RANGE, CHARACTER_STAT_TOTAL, problems)
    bonus = entry.get("signed_bonus", 1)
    low, high = SIGNED_BONUS_RANGE
    if not _is_int(bonus) or not low <= bonus <= high:
        problems.append(f"{where}.signed_bonus: must be an int {low}..{high}, not {bonus!r}")
    elif "signed_bonus" in entry and variant not in (Variant.SIGNABLE, None):
        problems.append(f"{where}.signed_bonus: only signable characters have a Signed Bonus")
    pair = entry.get("twin_pair")
    if variant is Variant.TWIN and (not isinstance(pair, str) or not pair):
        problems.append(f"{where}.twin_pair: a twin needs the key it shares with its partner")
    elif variant not in (Variant.TWIN, None) and pair is not None:
        problems.append(f"{where}.twin_pair: only twins have a twin_pair")
    if card_id and name and variant and stats and len(problems) == start:
        return CharacterCard(card_id, name, variant, stats, bonus, pair)
    return None


def _ally(where: str, entry: Mapping[str, Any], problems: list[str]) -> AllyCard | None:
    _check_keys(where, entry, {"id", "name", "stat", "value"}, problems)
    card_id, name = _text(where, entry, "id", problems), _text(where, entry, "name", problems)
    stat = _enum(f"{where}.stat", Stat, entry.get("stat"), problems)
    value = entry.get("value")
    if not _is_int(value) or value not in ALLY_VALUES:
        problems.append(f"{where}.value: must be 1, 2 or 3, not {value!r}")
        return None
    if card_id and name and stat:
        return AllyCard(card_id, name, stat, value)
    return None


def _trait(where: str, entry: Mapping[str, Any], problems: list[str]) -> TraitCard | None:
    _check_keys(where, entry, {"id", "name", "kind", "stat"}, problems)
    card_id, name = _text(where, entry, "id", problems), _text(where, entry, "name", problems)
    kind = _trait_name(f"{where}.kind", "trait", entry.get("kind"), problems)
    stat = None
    if kind is not None and trait_named(kind).takes_stat:
        stat = _enum(f"{where}.stat", Stat, entry.get("stat"), problems)
        if stat is None:
            return None
    elif kind is not None and entry.get("stat") is not None:
        *others, last = [t.name for t in registered_traits("trait") if t.takes_stat]
        problems.append(
            f"{where}.stat: only {' and '.join([', '.join(others), last] if others else [last])} name a stat"
        )
        return None
    if card_id and name and kind:
        return TraitCard(card_id, name, kind, stat)
    return None


def _deck(where: str, entry: Mapping[str, Any], problems: list[str]) -> Decklist | None:
    _check_keys(where, entry, {"name", "title", "theme", "cards", "signed"}, problems)
    name = _text(where, entry, "name", problems)
    title = _text(where, entry, "title", problems) if "title" in entry else name
    theme = entry.get("theme", "")
    if not isinstance(theme, str):
        problems.append(f"{where}.theme: must be a string, not {theme!r}")
        theme = ""
    cards, signed = entry.get("cards"), entry.get("signed", [])
    if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
        problems.append(f"{where}.cards: must be a list of card ids")
        return None
    if not isinstance(signed, list) or not all(isinstance(c, str) for c in signed):
        problems.append(f"{where}.signed: must be a list of card ids")
        return None
    to_sign = Counter(signed)
    entries = []
    for card_id in cards:
        is_signed = to_sign[card_id] > 0
        if is_signed:
            to_sign[card_id] -= 1
        entries.append(DeckEntry(card_id, is_signed))
    problems.extend(
        f"{where}.signed: {card_id!r} is signed more often than the deck holds it"
        for card_id, count in to_sign.items()
        for _ in range(count)
    )
    return Decklist(name, title or name, tuple(entries), theme) if name else None


_PARSERS = {"persona": _persona, "character": _character, "ally": _ally, "trait": _trait}


def _tables(
    section: str, entries: Any, source: str, problems: list[str]
) -> Iterator[tuple[str, Mapping[str, Any]]]:
    """Each table of a section's array with its place (``"deck[2]"``); other entries are problems.

    Raises:
        CardError: Once `problems` reaches `shardgames.kernel.datafiles.PROBLEM_LIMIT`.
    """
    if not isinstance(entries, list):
        problems.append(f"{section}: must be an array of tables")
        return
    for index, entry in enumerate(entries):
        if stop_checking(problems):
            raise CardError(source, problems)
        if isinstance(entry, Mapping):
            yield f"{section}[{index}]", entry
        else:
            problems.append(f"{section}[{index}]: must be a table")


def _decks(raw_decks: Any, pool_ids: set[str], source: str, problems: list[str]) -> dict[str, Decklist]:
    """The decklists of a card file's ``deck`` array, by name; their problems go to `problems`."""
    decks: dict[str, Decklist] = {}
    for where, entry in _tables("deck", raw_decks, source, problems):
        deck = _deck(where, entry, problems)
        if deck is None:
            continue
        if deck.name in decks:
            problems.append(f"{where}.name: a deck named {deck.name!r} comes earlier in the file")
        problems.extend(
            f"{where}.cards: no card with id {card_id!r}"
            for card_id in sorted(set(deck.card_ids()) - pool_ids)
        )
        decks[deck.name] = deck
    return decks


def parse_card_data(
    data: Mapping[str, Any], *, source: str = "card data", known: CardPool | None = None
) -> CardFile:
    """Validate and build the cards and decklists of already-parsed TOML or JSON data.

    Args:
        data: A mapping with the arrays ``persona``, ``character``, ``ally``, ``trait`` and ``deck``.
        source: A name for messages (a file name).
        known: Cards the decklists may also use (by default, the starter cards).

    Returns:
        The file's cards and decklists.

    Raises:
        CardError: Listing every problem: unknown fields, values out of range, stats with the wrong
            sum, duplicate ids, twins without exactly one partner, decklists naming unknown cards
            (up to `shardgames.kernel.datafiles.PROBLEM_LIMIT`, where checking stops).
    """
    if not isinstance(data, Mapping):
        raise CardError(source, [f"must be a table (an object in JSON), not {type(data).__name__}"])
    sections = ", ".join(_SECTIONS)
    problems = [
        f"{key}: unknown section; sections are {sections}" for key in sorted(set(data) - set(_SECTIONS))
    ]
    cards: list[Card] = []
    for section, parse in _PARSERS.items():
        for where, entry in _tables(section, data.get(section, []), source, problems):
            card = parse(where, entry, problems)
            if card is not None:
                cards.append(card)
    seen: dict[str, int] = {}
    for card in cards:
        seen[card.id] = seen.get(card.id, 0) + 1
    problems.extend(f"id {card_id!r}: used by {count} cards" for card_id, count in seen.items() if count > 1)
    pairs: dict[str, list[str]] = {}
    for entry in data.get("character", []) if isinstance(data.get("character"), list) else []:
        if (
            isinstance(entry, Mapping)
            and entry.get("variant") == "twin"
            and isinstance(entry.get("twin_pair"), str)
        ):
            pairs.setdefault(entry["twin_pair"], []).append(str(entry.get("id")))
    known = starter_pool() if known is None else known
    for pair, members in sorted(pairs.items()):
        others = [c.id for c in known.values() if isinstance(c, CharacterCard) and c.twin_pair == pair]
        joined = sorted(set(members) | set(others))
        if len(joined) != 2:
            problems.append(f"twin_pair {pair!r}: must join exactly two twins, has {joined}")
    decks = _decks(data.get("deck", []), set(known | CardPool(cards)), source, problems)
    if problems:
        raise CardError(source, problems)
    return CardFile(CardPool(cards), MappingProxyType(decks))


def load_card_file(path: str | Path, *, known: CardPool | None = None) -> CardFile:
    """Load cards and decklists from a ``.toml`` or ``.json`` file (see the module docstring).

    Raises:
        CardError: If the file cannot be read or parsed, listing every problem in it.
    """
    data = read_data_file(path, CardError)
    return parse_card_data(data, source=str(path), known=known)


# ---------------------------------------------------------------------- writing cards back

_SECTION_OF: dict[type, str] = {
    PersonaCard: "persona",
    CharacterCard: "character",
    AllyCard: "ally",
    TraitCard: "trait",
}


def card_section(card: Card) -> str:
    """The array of a card file that holds `card`: ``persona``, ``character``, ``ally`` or ``trait``."""
    return _SECTION_OF[type(card)]


def card_to_data(card: Card) -> dict[str, Any]:
    """A card as a table of its `card_section` (TOML- and JSON-ready); `parse_card_data` reads it back equal.

    Examples:
        >>> card_to_data(starter_pool()["casstia"])  # doctest: +NORMALIZE_WHITESPACE
        {'id': 'casstia', 'name': 'Casstia', 'variant': 'standard',
         'stats': {'agility': 3, 'vitality': 2, 'luck': 2, 'magic': 6, 'charisma': 2}}
    """
    data: dict[str, Any] = {"id": card.id, "name": card.name}
    if isinstance(card, PersonaCard):
        data["stats"] = attrs.asdict(card.stats)
        data["trait"] = str(card.trait)
    elif isinstance(card, CharacterCard):
        data["variant"] = card.variant.value
        data["stats"] = attrs.asdict(card.stats)
        if card.variant is Variant.SIGNABLE:
            data["signed_bonus"] = card.signed_bonus
        if card.twin_pair is not None:
            data["twin_pair"] = card.twin_pair
    elif isinstance(card, AllyCard):
        data["stat"] = card.stat.value
        data["value"] = card.value
    else:
        data["kind"] = str(card.kind)
        if card.stat is not None:
            data["stat"] = card.stat.value
    return data


def deck_to_data(deck: Decklist) -> dict[str, Any]:
    """A decklist as a ``deck`` table (TOML- and JSON-ready); `parse_card_data` reads it back equal."""
    data: dict[str, Any] = {"name": deck.name}
    if deck.title != deck.name:
        data["title"] = deck.title
    if deck.theme:
        data["theme"] = deck.theme
    data["cards"] = deck.card_ids()
    data["signed"] = [entry.card_id for entry in deck.entries if entry.signed]
    return data


@cache
def _starter_file() -> CardFile:
    text = resources.files("shardgames.sota").joinpath("data/starter.toml").read_text(encoding="utf-8")
    return parse_card_data(tomllib.loads(text), source="starter.toml", known=CardPool())


def starter_pool() -> CardPool:
    """Every card of the five Starter Decks (SOTA-D1)."""
    return _starter_file().cards


def starter_decks() -> Mapping[str, Decklist]:
    """The five Starter Decks by name (SOTA-D1), in their canonical order."""
    return _starter_file().decks
