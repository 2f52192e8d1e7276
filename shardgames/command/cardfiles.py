"""Reading and writing Shard Command card files (TOML or JSON), and the shipped card pool.

A card file holds ``[[card]]`` tables:

```toml
[[card]]
name = "Tidecaller"
type = "entity"                 # entity | item | rite | sovereign
identity = ["water", "life"]    # 0 to 2 elements (1 to 2 for a sovereign)
cost = "2WL"                    # generic Shards, then one letter per elemental pip
force = 2
durability = 3
keywords = [{ keyword = "heal", amount = 2, trigger = "start_of_your_turn" }]

[[card]]
name = "Sky Lancer"
type = "entity"
identity = ["air"]
cost = "2A"
force = 2
durability = 2
keywords = ["aerial"]           # a keyword without options can be written by name alone
```

The letters of the elements are E (Earth), A (Air), M (Malice), V (Void), F (Fire), T (Time), D (Death),
W (Water), L (Life) and S (Space); ``"3"`` or ``3`` is a colourless cost. A keyword table takes
``keyword`` (an id such as ``"K09"``, a short name such as ``"deal"`` or the glossary name), and as the
keyword needs them ``amount``, ``trigger``, ``scope``, ``element`` (Immunity) and ``cost`` (Warp).
Loading checks every card against the design rules and reports every problem of every card at once
(`CardError`).

Examples:
    >>> cards = parse_cards({"card": [{"name": "Spark", "type": "rite", "identity": ["fire"], "cost": "F",
    ...                                "keywords": [{"keyword": "deal", "amount": 2}]}]})
    >>> print(cards[0])
    Spark: Rite {Fire}, cost F, Deal 2 Dmg
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from enum import StrEnum
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, TypeVar

import attrs
import cattrs
from cattrs.gen import make_dict_structure_fn

from shardgames.command import cards
from shardgames.command._files import make_converter, require_table, structure
from shardgames.command.design import design_problems, scopes_for, triggers_for
from shardgames.command.keywords import (
    ELEMENTS,
    CardType,
    Element,
    KeywordKind,
    Scope,
    Trigger,
    keyword,
    parse_element,
)
from shardgames.kernel.datafiles import read_data_file, stop_checking
from shardgames.kernel.errors import CardError

__all__ = ["CardCheck", "card_to_data", "check_card_entries", "load_card_file", "parse_cards", "starter_pool"]

# ---------------------------------------------------------------------- reading card files
#
# cattrs structures the raw tables into the entry classes below (types, unknown fields and missing
# fields, every problem at once); the entries are then turned into cards and checked by the design rules.


@attrs.define
class _KeywordEntry:
    keyword: str
    amount: int | None = None
    trigger: str | None = None
    scope: str | None = None
    element: str | None = None
    cost: int | None = None


@attrs.define
class _CardEntry:
    name: str
    type: str
    identity: list[str] = attrs.Factory(list)
    cost: str | int | None = None
    force: int | None = None
    durability: int | None = None
    keywords: list[_KeywordEntry] = attrs.Factory(list)
    text: str = ""


def _card_converter() -> cattrs.Converter:
    converter = make_converter()

    def cost(value: Any, _: type) -> str | int | None:
        if (
            value is None
            or isinstance(value, str)
            or (isinstance(value, int) and not isinstance(value, bool))
        ):
            return value
        raise TypeError(f'a Shard cost is written like "2WL" or 3, not {value!r}')

    base = make_dict_structure_fn(_KeywordEntry, converter)

    def keyword_entry(value: Any, _: type) -> _KeywordEntry:
        if isinstance(value, str):
            return _KeywordEntry(value)
        if not isinstance(value, Mapping):
            raise TypeError(f"a keyword is a name or a table with keyword = ..., not {value!r}")
        return base(value, _KeywordEntry)

    converter.register_structure_hook(str | int | None, cost)
    converter.register_structure_hook(_KeywordEntry, keyword_entry)
    return converter


_CONVERTER = _card_converter()


_FIELDS = {
    CardType.ENTITY: {"cost", "force", "durability"},
    CardType.ITEM: {"cost"},
    CardType.RITE: {"cost"},
    CardType.SOVEREIGN: {"force"},
}


ChoiceT = TypeVar("ChoiceT", bound=StrEnum)


def _choice(enum: type[ChoiceT], text: str, where: str, what: str, problems: list[str]) -> ChoiceT | None:
    """The member of `enum` that `text` names (any case, spaces or dashes for ``_``), or ``None``."""
    try:
        return enum(text.strip().lower().replace(" ", "_").replace("-", "_"))
    except ValueError:
        problems.append(f"{where}: {text!r} is not {what} are {', '.join(m.value for m in enum)}")
        return None


def _build_instance(
    entry: _KeywordEntry, ctype: CardType | None, where: str, problems: list[str]
) -> cards.KeywordInstance | None:
    try:
        kw = keyword(entry.keyword)
    except ValueError as exc:
        problems.append(f"{where}: {exc}")
        return None
    ok = True
    trigger: Trigger | None = None
    scope: Scope | None = None
    element = None
    if entry.trigger is not None:
        trigger = _choice(Trigger, entry.trigger, f"{where}.trigger", "a trigger; triggers", problems)
        ok = trigger is not None
    if entry.scope is not None:
        scope = _choice(Scope, entry.scope, f"{where}.scope", "a target scope; scopes", problems)
        ok = ok and scope is not None
    if entry.element is not None:
        try:
            element = parse_element(entry.element)
        except ValueError as exc:
            problems.append(f"{where}.element: {exc}")
            ok = False
    if not ok:
        return None
    if ctype is not None:
        triggers = triggers_for(kw, ctype)
        if trigger is None and triggers:
            trigger = triggers[0]
        if scope is None:
            scope = scopes_for(kw, ctype)[0]
    cost = entry.cost
    if kw.has_cost and cost is None:
        cost = 1
    return cards.KeywordInstance(
        kw, entry.amount, trigger or Trigger.STATIC, scope or Scope.SELF, element, cost
    )


@attrs.frozen
class _Built:
    """A card built from an entry as far as it parses, with what did not."""

    card: cards.Card | None
    failed: frozenset[str]  # the fields with a parse problem: their design checks would only repeat it
    keyword_index: tuple[int, ...]  # the entry's index of each keyword instance the card holds


def _identity(entry: _CardEntry, where: str, problems: list[str]) -> list[Element]:
    identity: list[Element] = []
    for i, name in enumerate(entry.identity):
        try:
            element = parse_element(name)
        except ValueError as exc:
            problems.append(f"{where}.identity[{i}]: {exc}")
            continue
        if element in identity:
            problems.append(f"{where}.identity[{i}]: {element.label} is listed twice")
        else:
            identity.append(element)
    return sorted(identity, key=ELEMENTS.index)


def _field_problems(entry: _CardEntry, ctype: CardType, where: str, problems: list[str]) -> set[str]:
    failed = set()
    for field, value in {"cost": entry.cost, "force": entry.force, "durability": entry.durability}.items():
        wanted = field in _FIELDS[ctype]
        if value is None and wanted:
            problems.append(f"{where}.{field}: required for {ctype.with_article}")
            failed.add(field)
        elif value is not None and not wanted:
            problems.append(f"{where}.{field}: {ctype.with_article} has no {field}")
    return failed


def _build_card(entry: _CardEntry, where: str, problems: list[str]) -> _Built:
    try:
        ctype: CardType | None = CardType(entry.type.strip().lower())
    except ValueError:
        types = ", ".join(t.value for t in CardType)
        problems.append(f"{where}.type: {entry.type!r} is not a card type; types are {types}")
        ctype = None
    failed = set()
    start = len(problems)
    identity = _identity(entry, where, problems)
    if len(problems) > start:
        failed.add("identity")
    keywords, index = [], []
    for i, raw in enumerate(entry.keywords):
        inst = _build_instance(raw, ctype, f"{where}.keywords[{i}]", problems)
        if inst is not None:
            keywords.append(inst)
            index.append(i)
    if len(keywords) < len(entry.keywords):
        failed.add("keywords")  # checks of the whole list would miss the keyword that did not parse
    if ctype is None:
        return _Built(None, frozenset(), ())
    failed |= _field_problems(entry, ctype, where, problems)
    cost = cards.ShardCost()
    if entry.cost is not None and ctype is not CardType.SOVEREIGN:
        try:
            cost = cards.ShardCost.parse(entry.cost)
        except ValueError as exc:
            problems.append(f"{where}.cost: {exc}")
            failed.add("cost")
    common: dict[str, Any] = {
        "name": entry.name,
        "identity": tuple(identity),
        "keywords": tuple(keywords),
        "text": entry.text,
    }
    card: cards.Card
    if ctype is CardType.ENTITY:
        card = cards.EntityCard(
            cost=cost,
            force=entry.force or 0,
            durability=1 if entry.durability is None else entry.durability,
            **common,
        )
    elif ctype is CardType.SOVEREIGN:
        card = cards.SovereignCard(force=entry.force or 0, **common)
    else:
        card = (cards.RiteCard if ctype is CardType.RITE else cards.ItemCard)(cost=cost, **common)
    return _Built(card, frozenset(failed), tuple(index))


_FIELD = re.compile(r"^(?P<field>[a-z]+)(?:\[(?P<index>\d+)\])?(?P<rest>.*)$", re.DOTALL)


def _design_problems(built: _Built, where: str) -> list[str]:
    """The design problems of a built card, with the entry's keyword indexes, minus parse repeats."""
    assert built.card is not None
    problems = []
    for problem in design_problems(built.card):
        match = _FIELD.match(problem)
        assert match is not None  # every design problem starts with its field
        field = match["field"]
        if field in built.failed and (field != "keywords" or match["index"] is None):
            continue
        text = problem
        if match["index"] is not None:
            text = f"{field}[{built.keyword_index[int(match['index'])]}]{match['rest']}"
        problems.append(f"{where}.{text}")
    return problems


def _known_fields(raw: Any) -> Any:
    """`raw` without the fields cattrs refused, so the rest can still be checked."""
    if not isinstance(raw, Mapping):
        return raw
    known = {f.name for f in attrs.fields(_CardEntry)}
    cleaned = {k: v for k, v in raw.items() if k in known}
    if isinstance(cleaned.get("keywords"), list):
        allowed = {f.name for f in attrs.fields(_KeywordEntry)}
        cleaned["keywords"] = [
            {k: v for k, v in item.items() if k in allowed} if isinstance(item, Mapping) else item
            for item in cleaned["keywords"]
        ]
    return cleaned


@attrs.frozen
class CardCheck:
    """The outcome of reading one ``[[card]]`` table: the card, or the problems (each with its path)."""

    index: int
    name: str
    card: cards.Card | None
    problems: tuple[str, ...]


def check_card_entries(data: Mapping[str, Any], *, source: str = "cards") -> tuple[CardCheck, ...]:
    """Read every ``[[card]]`` table of parsed TOML or JSON data, keeping the good and the bad apart.

    Unlike `parse_cards`, a bad card does not stop the others: each `CardCheck` holds a card or its
    problems. Duplicate names are a problem of the later card. Once the cards checked have
    `shardgames.kernel.datafiles.PROBLEM_LIMIT` problems, checking stops: the last `CardCheck` then
    holds no card and one problem saying so.
    """
    entries = data.get("card", [])
    if not isinstance(entries, list):
        return (CardCheck(0, "", None, (f"{source}: card must be an array of [[card]] tables",)),)
    checks = []
    seen: dict[str, str] = {}
    found: list[str] = []  # every problem so far, to stop at PROBLEM_LIMIT
    for index, raw in enumerate(entries):
        if stop_checking(found):
            checks.append(CardCheck(index, "", None, (found[-1],)))
            break
        name = raw.get("name") if isinstance(raw, Mapping) else None
        label = f"card[{index}]" + (f" {name!r}" if isinstance(name, str) else "")
        problems = require_table(raw, label)
        if problems:
            checks.append(CardCheck(index, "", None, tuple(problems)))
            continue
        entry, problems = structure(_CONVERTER, raw, _CardEntry, label)
        if entry is None and problems:
            entry, _ = structure(_CONVERTER, _known_fields(raw), _CardEntry, label)
        card = None
        if entry is not None:
            built = _build_card(entry, label, problems)
            card = built.card
            if card is not None:
                problems += _design_problems(built, label)
            key = cards.card_id(entry.name)
            if key in seen:
                problems.append(f"{label}.name: an earlier card is already named {seen[key]!r}")
            seen.setdefault(key, entry.name)
        good = None if problems else card
        checks.append(CardCheck(index, name if isinstance(name, str) else "", good, tuple(problems)))
        found += problems
    return tuple(checks)


def parse_cards(data: Mapping[str, Any], *, source: str = "cards") -> tuple[cards.Card, ...]:
    """The cards of parsed TOML or JSON data (``[[card]]`` tables), checked against the design rules.

    Raises:
        CardError: Listing every problem of every card (and unknown top-level sections).
    """
    problems = [
        f"{key}: unknown section; a card file holds [[card]] (and, for decks, [[deck]]) tables"
        for key in sorted(set(data) - {"card", "deck"})
    ]
    checks = check_card_entries(data, source=source)
    for check in checks:
        problems.extend(check.problems)
    if problems:
        raise CardError(source, problems)
    return tuple(check.card for check in checks if check.card is not None)


def load_card_file(path: str | Path) -> tuple[cards.Card, ...]:
    """The cards of a ``.toml`` or ``.json`` card file (see the module docstring for the format).

    Raises:
        CardError: If the file cannot be read or parsed, or listing every problem of every card.
    """
    return parse_cards(read_data_file(path, CardError), source=str(path))


# ---------------------------------------------------------------------- writing cards back


def card_to_data(card: cards.Card) -> dict[str, Any]:
    """A card as a ``[[card]]`` table (JSON- and TOML-ready); `parse_cards` reads it back equal.

    Examples:
        >>> data = card_to_data(starter_pool()["Tidecaller"])
        >>> data["cost"], data["keywords"]
        ('2WL', [{'keyword': 'heal', 'amount': 2, 'trigger': 'start_of_your_turn', 'scope': 'you'}])
    """
    data: dict[str, Any] = {"name": card.name, "type": card.type.value}
    data["identity"] = [e.value for e in card.identity]
    if isinstance(card, cards.MainDeckCard):
        data["cost"] = str(card.cost)
    if isinstance(card, (cards.EntityCard, cards.SovereignCard)):
        data["force"] = card.force
    if isinstance(card, cards.EntityCard):
        data["durability"] = card.durability
    keywords: list[Any] = []
    for inst in card.keywords:
        entry: dict[str, Any] = {"keyword": inst.keyword.slug}
        if inst.amount is not None:
            entry["amount"] = inst.amount
        if inst.keyword.kind is KeywordKind.EFFECT:
            entry["trigger"] = inst.trigger.value
            entry["scope"] = inst.scope.value
        if inst.element is not None:
            entry["element"] = inst.element.value
        if inst.cost is not None:
            entry["cost"] = inst.cost
        keywords.append(entry["keyword"] if len(entry) == 1 else entry)
    data["keywords"] = keywords
    if card.text:
        data["text"] = card.text
    return data


@cache
def starter_pool() -> cards.CardPool:
    """Every card that ships with shardgames: the rulebook's designs and the cards of the shipped decks."""
    text = resources.files("shardgames.command").joinpath("data/cards.toml").read_text(encoding="utf-8")
    return cards.CardPool(parse_cards(tomllib.loads(text), source="cards.toml"))
