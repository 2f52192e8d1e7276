"""Shard Command decks: decklists, Charge Stones, the construction rules and the format budgets.

A deck (CMD-1 to 6, R7, R24) is a Main Deck of 40 to 60 cards, at most 4 copies of a card unless it is a
vanilla Entity, exactly one Sovereign (not counted in the Main Deck) and 12 Charge Stones, Generic or of an
element of the Sovereign's Identity. A format caps the Main Deck Tax (the sum of the cards' Tax, copies
counted) and the Sovereign Shards.

A deck file holds ``[[deck]]`` tables and, optionally, ``[[card]]`` tables of its own cards (which are
added to the shipped pool; a card of the same name replaces the shipped one):

```toml
[[deck]]
id = "stoneguard"                  # optional; the name in lower case with dashes
name = "Stoneguard"
sovereign = "Warden of the Ridge"
stones = { generic = 6, earth = 3, air = 3 }

[deck.main]                        # card name = copies
"Ridge Recruit" = 8
"Sky Lancer" = 4
```

`check_deck` returns a `DeckReport` with every problem and the deck's Tax against each format;
`validate_deck` raises `DeckError` listing every problem for one format.

Examples:
    >>> from shardgames.command.decks import check_deck, starter_decks
    >>> report = check_deck(starter_decks()["stoneguard"])
    >>> report.size, report.main_tax, report.sovereign_shards
    (40, 116, 6)
    >>> [(f.format.name, f.legal) for f in report.formats]
    [('standard', True), ('budget', False), ('pro', True)]
    >>> report.problems_in("budget")
    ('Main Deck Tax 116 is over the budget limit of 100',)
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Mapping
from functools import cache
from importlib import resources
from pathlib import Path
from types import MappingProxyType
from typing import Any

import attrs

from shardgames.command._files import make_converter, require_table, structure
from shardgames.command.cardfiles import check_card_entries, starter_pool
from shardgames.command.cards import (
    CardPool,
    EntityCard,
    SovereignCard,
    card_id,
)
from shardgames.command.cost import Price, SovereignPrice, price
from shardgames.command.formats import FORMATS, STANDARD, Format, parse_format
from shardgames.command.keywords import ELEMENTS, CardType, Element, element_counts, parse_element
from shardgames.kernel.datafiles import read_data_file, stop_checking
from shardgames.kernel.errors import CardError, DeckError

__all__ = [
    "COPY_LIMIT",
    "MAIN_DECK_SIZE",
    "STONE_COUNT",
    "DeckFile",
    "DeckReport",
    "Decklist",
    "FormatCheck",
    "Stones",
    "check_deck",
    "check_decks",
    "load_deck_file",
    "parse_deck_tables",
    "parse_decks",
    "starter_decks",
    "validate_deck",
    "validate_deck_file",
]

MAIN_DECK_SIZE = (40, 60)
"""The smallest and largest Main Deck (CMD-1, R24)."""
COPY_LIMIT = 4
"""The most copies of one card, vanilla Entities excepted (CMD-2, 3)."""
STONE_COUNT = 12
"""Charge Stones per player (CMD-R7)."""


@attrs.frozen
class Stones:
    """A player's 12 Charge Stones: Generic ones and Elemental ones, one count per element (CMD-R7).

    Examples:
        >>> stones = Stones.of(6, earth=3, air=3)
        >>> str(stones), stones.total
        ('6 Generic, 3 Earth, 3 Air', 12)
    """

    generic: int
    elemental: tuple[int, ...] = (0,) * len(ELEMENTS)

    @classmethod
    def of(cls, generic: int = 0, **elemental: int) -> Stones:
        """Stones from keyword counts: ``Stones.of(6, earth=3, air=3)``.

        Raises:
            ValueError: If a name is not an element.
        """
        return cls(generic, element_counts(**elemental))

    @property
    def total(self) -> int:
        """How many stones in all."""
        return self.generic + sum(self.elemental)

    def count(self, element: Element) -> int:
        """How many stones of `element`."""
        return self.elemental[ELEMENTS.index(element)]

    @property
    def elements(self) -> tuple[Element, ...]:
        """The elements with at least one stone."""
        return tuple(e for e, n in zip(ELEMENTS, self.elemental, strict=True) if n)

    def __str__(self) -> str:
        parts = [f"{self.generic} Generic"] if self.generic else []
        parts += [f"{n} {e.label}" for e, n in zip(ELEMENTS, self.elemental, strict=True) if n]
        return ", ".join(parts) or "no stones"


@attrs.frozen
class Decklist:
    """A deck as written: Sovereign, Main Deck (card name and copies) and stones; not yet checked.

    Attributes:
        name: The deck's name.
        sovereigns: The Sovereigns it names (a legal deck names exactly one).
        main: (card name, copies) for each card of the Main Deck, in file order.
        stones: Its Charge Stones.
        id: Its key, the name in lower case with dashes unless the file gives one.
        description: One line about the deck.
    """

    name: str
    sovereigns: tuple[str, ...]
    main: tuple[tuple[str, int], ...]
    stones: Stones
    id: str = ""
    description: str = ""

    def __attrs_post_init__(self) -> None:
        if not self.id:
            object.__setattr__(self, "id", card_id(self.name))

    @property
    def sovereign(self) -> str:
        """The one Sovereign's name.

        Raises:
            DeckError: If the deck names no Sovereign or several.
        """
        if len(self.sovereigns) != 1:
            raise DeckError(f"deck {self.name!r}", [_sovereign_count(self.sovereigns)])
        return self.sovereigns[0]

    @property
    def size(self) -> int:
        """How many cards the Main Deck holds."""
        return sum(copies for _, copies in self.main)

    def card_names(self) -> list[str]:
        """Every card of the Main Deck, one entry per copy, in file order."""
        return [name for name, copies in self.main for _ in range(copies)]


@attrs.frozen
class FormatCheck:
    """A deck against one format's budgets.

    Attributes:
        format: The format.
        problems: The budgets it breaks (empty when it fits).
        legal: Whether the deck is legal in the format: no construction problem and no budget broken.
    """

    format: Format
    problems: tuple[str, ...]
    legal: bool


@attrs.frozen
class DeckReport:
    """Everything `check_deck` found about a deck.

    Attributes:
        deck: The decklist checked.
        size: The Main Deck's size.
        main_tax: The Main Deck Tax (the cards it could find).
        sovereign_shards: The Sovereign's Shards (``None`` without exactly one known Sovereign).
        prices: Each Main Deck card's price, by name.
        problems: The construction problems, whatever the format.
        formats: The deck against each format checked.
    """

    deck: Decklist
    size: int
    main_tax: int
    sovereign_shards: int | None
    prices: Mapping[str, Price]
    problems: tuple[str, ...]
    formats: tuple[FormatCheck, ...]

    def check_for(self, fmt: str | Format) -> FormatCheck:
        """The check against `fmt` (a name or a `Format`).

        Raises:
            ValueError: If the format was not checked.
        """
        wanted = parse_format(fmt)
        for check in self.formats:
            if check.format == wanted:
                return check
        raise ValueError(f"the report has no check for {wanted.name}; pass it to check_deck(formats=...)")

    def legal_in(self, fmt: str | Format) -> bool:
        """Whether the deck is legal in `fmt`."""
        return self.check_for(fmt).legal

    def problems_in(self, fmt: str | Format) -> tuple[str, ...]:
        """Every problem that keeps the deck out of `fmt`: construction problems, then budgets."""
        return self.problems + self.check_for(fmt).problems


def _sovereign_count(sovereigns: tuple[str, ...]) -> str:
    if not sovereigns:
        return "sovereign: a deck has exactly 1 Sovereign, and this one names none"
    return f"sovereign: a deck has exactly 1 Sovereign, and this one names {len(sovereigns)}"


def _main_problems(deck: Decklist, pool: CardPool) -> tuple[list[str], dict[str, Price], int]:
    problems: list[str] = []
    prices: dict[str, Price] = {}
    tax = 0
    low, high = MAIN_DECK_SIZE
    if not low <= deck.size <= high:
        problems.append(f"main: a Main Deck has {low} to {high} cards, and this one has {deck.size}")
    copies_by_name: dict[str, int] = {}
    for name, copies in deck.main:
        if copies < 1:
            problems.append(
                f"main: {name!r} has {copies} copies; list a card with 1 or more, or leave it out"
            )
            continue
        if name not in pool:
            problems.append(f"main: {pool.unknown(name)}")
            continue
        card = pool[name]
        if isinstance(card, SovereignCard):
            problems.append(
                f"main: {card.name!r} is a Sovereign; name it with sovereign = ..., not in the Main Deck"
            )
            continue
        copies_by_name[card.name] = copies_by_name.get(card.name, 0) + copies
        card_price = price(card)
        assert isinstance(card_price, Price)  # a Main Deck card
        prices[card.name] = card_price
        tax += copies * card_price.tax
    for name, copies in copies_by_name.items():
        card = pool[name]
        if copies > COPY_LIMIT and not (isinstance(card, EntityCard) and card.is_vanilla):
            why = {
                CardType.ENTITY: "it has keywords",
                CardType.ITEM: "Items are never vanilla",
            }.get(card.type, "only Entities can be vanilla")
            problems.append(
                f"main: {copies} copies of {name!r}; at most {COPY_LIMIT} of a card unless it is a vanilla "
                f"Entity ({why})"
            )
    return problems, prices, tax


def _sovereign_problems(deck: Decklist, pool: CardPool) -> tuple[list[str], SovereignCard | None]:
    if len(deck.sovereigns) != 1:
        return [_sovereign_count(deck.sovereigns)], None
    name = deck.sovereigns[0]
    if name not in pool:
        return [f"sovereign: {pool.unknown(name)}"], None
    card = pool[name]
    if not isinstance(card, SovereignCard):
        return [f"sovereign: {card.name!r} is {card.type.with_article}, not a Sovereign"], None
    return [], card


def _stone_problems(deck: Decklist, sovereign: SovereignCard | None) -> list[str]:
    stones = deck.stones
    counts = {
        "generic": stones.generic,
        **{e.value: n for e, n in zip(ELEMENTS, stones.elemental, strict=True)},
    }
    problems = [f"stones.{kind}: a count can't be negative, not {n}" for kind, n in counts.items() if n < 0]
    if stones.total != STONE_COUNT:
        problems.append(
            f"stones: a player brings exactly {STONE_COUNT} Charge Stones, and this deck has {stones.total}"
        )
    if sovereign is not None:
        outside = [e.label for e in stones.elements if e not in sovereign.identity]
        if outside:
            problems.append(
                f"stones: {', '.join(outside)} stones are outside the Sovereign's identity "
                f"{sovereign.identity_text}; Elemental Stones must match it (use Generic ones otherwise)"
            )
    return problems


def check_deck(
    deck: Decklist, pool: CardPool | None = None, *, formats: Iterable[str | Format] = FORMATS.values()
) -> DeckReport:
    """Check a deck against the construction rules and each format's budgets; never raises on a bad deck.

    Args:
        deck: The decklist.
        pool: The cards its names refer to (the shipped pool when ``None``).
        formats: The formats to check it against (the three of the rules by default).

    Returns:
        The report: size, Main Deck Tax, Sovereign Shards, prices, every problem, each format's verdict.
    """
    pool = starter_pool() if pool is None else pool
    problems, prices, tax = _main_problems(deck, pool)
    sovereign_problems, sovereign = _sovereign_problems(deck, pool)
    problems += sovereign_problems
    problems += _stone_problems(deck, sovereign)
    shards = None
    if sovereign is not None:
        sovereign_price = price(sovereign)
        assert isinstance(sovereign_price, SovereignPrice)
        shards = sovereign_price.shards
    checks = []
    for fmt in map(parse_format, formats):
        over = []
        if tax > fmt.main_tax:
            over.append(f"Main Deck Tax {tax} is over the {fmt.name} limit of {fmt.main_tax}")
        if shards is not None and shards > fmt.sovereign_shards:
            over.append(f"Sovereign Shards {shards} are over the {fmt.name} limit of {fmt.sovereign_shards}")
        checks.append(FormatCheck(fmt, tuple(over), not problems and not over))
    return DeckReport(deck, deck.size, tax, shards, MappingProxyType(prices), tuple(problems), tuple(checks))


def check_decks(
    decks: Iterable[Decklist],
    pool: CardPool | None = None,
    *,
    formats: Iterable[str | Format] = FORMATS.values(),
) -> list[DeckReport]:
    """`check_deck` of each deck in turn, as a deck file's decks are checked.

    Once the decks checked have `shardgames.kernel.datafiles.PROBLEM_LIMIT` problems, the others are
    not checked: each gets a report whose one problem says so, legal in no format.
    """
    chosen = [parse_format(fmt) for fmt in formats]
    found: list[str] = []
    reports = []
    for deck in decks:
        if stop_checking(found):
            checks = tuple(FormatCheck(fmt, (), False) for fmt in chosen)
            reports.append(DeckReport(deck, deck.size, 0, None, MappingProxyType({}), (found[-1],), checks))
            continue
        report = check_deck(deck, pool, formats=chosen)
        found += report.problems
        reports.append(report)
    return reports


def validate_deck(
    deck: Decklist, pool: CardPool | None = None, *, fmt: str | Format = STANDARD
) -> DeckReport:
    """Check a deck for one format, raising if it is not legal there.

    Raises:
        DeckError: Listing every problem: construction rules, then the format's budgets.
    """
    report = check_deck(deck, pool, formats=[fmt])
    problems = report.problems_in(fmt)
    if problems:
        raise DeckError(f"deck {deck.name!r} ({parse_format(fmt).name})", problems)
    return report


# ---------------------------------------------------------------------- reading deck files


@attrs.define
class _DeckEntry:
    name: str
    sovereign: str | list[str]
    main: dict[str, int]
    stones: dict[str, int]
    id: str | None = None
    description: str = ""


def _deck_converter() -> Any:
    converter = make_converter()

    def sovereigns(value: Any, _: type) -> str | list[str]:
        if isinstance(value, str):
            return value
        if isinstance(value, list) and all(isinstance(v, str) for v in value):
            return value
        raise TypeError(f"must be the Sovereign's name, not {value!r}")

    converter.register_structure_hook(str | list[str], sovereigns)
    return converter


_CONVERTER = _deck_converter()


def _stones(raw: Mapping[str, int], where: str, problems: list[str]) -> Stones:
    counts = [0] * len(ELEMENTS)
    generic = 0
    for key, value in raw.items():
        if key.strip().lower() == "generic":
            generic = value
            continue
        try:
            counts[ELEMENTS.index(parse_element(key))] = value
        except ValueError as exc:
            problems.append(f"{where}.stones.{key}: {exc} (or generic)")
    return Stones(generic, tuple(counts))


@attrs.frozen
class DeckFile:
    """The content of a deck file: its own cards and its decks by id."""

    cards: CardPool
    decks: Mapping[str, Decklist]


def parse_decks(data: Mapping[str, Any], *, source: str = "decks") -> DeckFile:
    """The decks (and cards) of parsed TOML or JSON data.

    Raises:
        CardError: Listing every problem of the file's own cards.
        DeckError: Listing every problem in the shape of the ``[[deck]]`` tables (unknown fields, wrong
            types, duplicate ids). Whether the decks are legal is `check_deck`'s job.
    """
    checks = check_card_entries(data, source=source)
    card_problems = [p for check in checks for p in check.problems]
    if card_problems:
        raise CardError(source, card_problems)
    cards = CardPool(check.card for check in checks if check.card is not None)
    return DeckFile(cards, parse_deck_tables(data, source=source))


def parse_deck_tables(data: Mapping[str, Any], *, source: str = "decks") -> Mapping[str, Decklist]:
    """The decks of parsed TOML or JSON data (its ``[[deck]]`` tables) by id, leaving its cards aside.

    Raises:
        DeckError: Listing every problem in the shape of the ``[[deck]]`` tables (unknown fields, wrong
            types, duplicate ids) and every unknown section.
    """
    problems = [
        f"{key}: unknown section; a deck file holds [[deck]] (and [[card]]) tables"
        for key in sorted(set(data) - {"card", "deck"})
    ]
    entries = data.get("deck", [])
    if not isinstance(entries, list):
        raise DeckError(source, ["deck: must be an array of [[deck]] tables"])
    decks: dict[str, Decklist] = {}
    for index, raw in enumerate(entries):
        if stop_checking(problems):
            break
        name = raw.get("name") if isinstance(raw, Mapping) else None
        where = f"deck[{index}]" + (f" {name!r}" if isinstance(name, str) else "")
        table_problems = require_table(raw, where)
        if table_problems:
            problems += table_problems
            continue
        entry, entry_problems = structure(_CONVERTER, raw, _DeckEntry, where)
        problems += entry_problems
        if entry is None:
            continue
        stones = _stones(entry.stones, where, problems)
        sovereigns = (entry.sovereign,) if isinstance(entry.sovereign, str) else tuple(entry.sovereign)
        deck = Decklist(
            entry.name, sovereigns, tuple(entry.main.items()), stones, entry.id or "", entry.description
        )
        if deck.id in decks:
            problems.append(f"{where}.id: another deck already has the id {deck.id!r}")
        decks[deck.id] = deck
    if problems:
        raise DeckError(source, problems)
    return MappingProxyType(decks)


def load_deck_file(path: str | Path) -> DeckFile:
    """The decks and cards of a ``.toml`` or ``.json`` deck file (see the module docstring).

    Raises:
        DeckError: If the file cannot be read or parsed, or listing every problem in the shape of its decks.
        CardError: Listing every problem of its own cards.
    """
    return parse_decks(read_data_file(path, DeckError), source=str(path))


def validate_deck_file(path: str | Path, *, fmt: str | Format = STANDARD) -> dict[str, list[str]]:
    """Every problem of every deck in a file, for one format: ``{deck name: [problem, ...]}``.

    The file's own cards are added to the shipped pool. This is the checker behind
    ``shardgames deck validate command FILE``.

    Raises:
        CardError: If the file cannot be read, or its cards are not legal designs.
        DeckError: If its deck tables are malformed.
    """
    content = load_deck_file(path)
    reports = check_decks(content.decks.values(), starter_pool() | content.cards, formats=[fmt])
    return {report.deck.name: list(report.problems_in(fmt)) for report in reports}


@cache
def starter_decks() -> Mapping[str, Decklist]:
    """The shipped decks by id: ``stoneguard`` and ``pyre`` (the rulebook's), and five more."""
    text = resources.files("shardgames.command").joinpath("data/decks.toml").read_text(encoding="utf-8")
    return parse_decks(tomllib.loads(text), source="decks.toml").decks
