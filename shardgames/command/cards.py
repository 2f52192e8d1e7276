"""Shard Command cards: the card model (frozen values), Shard costs, keyword instances and card pools.

A card is an `EntityCard`, `ItemCard`, `RiteCard` or `SovereignCard`: a frozen value with a name, an
Identity of 0 to 2 elements (1 to 2 for a Sovereign), a Shard cost (`ShardCost`; Sovereigns have none),
Force and Durability for Entities (Force alone for a Sovereign), and up to four keyword instances
(three on a Sovereign), each a `KeywordInstance` with its magnitude, trigger and target scope. A card is
identified by its name; its id is the name in lower case with dashes.

Cards are usually written as data and read by `shardgames.command.cardfiles`; the design rules are in
`shardgames.command.design` and the prices in `shardgames.command.cost`.

Examples:
    >>> from shardgames.command.cardfiles import starter_pool
    >>> pool = starter_pool()
    >>> lancer = pool["Sky Lancer"]
    >>> print(lancer)
    Sky Lancer: Entity {Air}, cost 2A, 2/2, Aerial
    >>> lancer.cost.total, lancer.is_vanilla
    (3, False)
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterator
from typing import ClassVar

import attrs

from shardgames.command.keywords import (
    ELEMENT_BY_LETTER,
    ELEMENTS,
    CardType,
    Element,
    Keyword,
    KeywordKind,
    Scope,
    Trigger,
    element_counts,
)
from shardgames.kernel.pools import Pool

__all__ = [
    "MAX_COST",
    "MAX_DURABILITY",
    "MAX_FORCE",
    "MAX_KEYWORDS",
    "MAX_SOVEREIGN_ABILITIES",
    "MAX_SOVEREIGN_FORCE",
    "Card",
    "CardPool",
    "EntityCard",
    "ItemCard",
    "KeywordInstance",
    "MainDeckCard",
    "RiteCard",
    "ShardCost",
    "SovereignCard",
    "card_id",
]

MAX_COST = 10
"""The largest Shard cost (CMD-D2); the smallest is 0."""
MAX_FORCE = 10
"""The largest Force of an Entity; the smallest is 0."""
MAX_DURABILITY = 10
"""The largest Durability of an Entity; the smallest is 1."""
MAX_KEYWORDS = 4
"""The most keyword instances on a Main Deck card."""
MAX_SOVEREIGN_FORCE = 5
"""The largest Force of a Sovereign (CMD-R6)."""
MAX_SOVEREIGN_ABILITIES = 3
"""The most abilities of a Sovereign (CMD-R6)."""


# ---------------------------------------------------------------------- Shard costs


@attrs.frozen(cache_hash=True)
class ShardCost:
    """A Shard cost: generic Shards plus elemental pips, one count per element in `ELEMENTS` order.

    Examples:
        >>> cost = ShardCost.parse("2WL")
        >>> cost.generic, cost.total, [e.value for e in cost.elements]
        (2, 4, ['water', 'life'])
        >>> str(ShardCost.parse("W+L+2")), str(ShardCost.parse(3)), str(ShardCost())
        ('2WL', '3', '0')

    Attributes:
        generic: The generic Shards.
        pips: The pips of each element, in `ELEMENTS` order.
        total: The converted cost: generic plus every pip (C in the cost model); derived.
        pip_items: (element number, pips) for each element with pips; derived.
    """

    generic: int = 0
    pips: tuple[int, ...] = (0,) * len(ELEMENTS)
    total: int = attrs.field(init=False, eq=False, repr=False)  # plain attributes: payments read them often
    pip_items: tuple[tuple[int, int], ...] = attrs.field(init=False, eq=False, repr=False)
    _text: str = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "total", self.generic + sum(self.pips))
        object.__setattr__(self, "pip_items", tuple((e, n) for e, n in enumerate(self.pips) if n))
        letters = "".join(e.letter * n for e, n in zip(ELEMENTS, self.pips, strict=True))
        text = f"{self.generic}{letters}" if self.generic else letters
        object.__setattr__(self, "_text", text or str(self.generic))

    @classmethod
    def of(cls, generic: int = 0, **pips: int) -> ShardCost:
        """A cost from keyword counts: ``ShardCost.of(2, water=1, life=1)``.

        Raises:
            ValueError: If a name is not an element.
        """
        return cls(generic, element_counts(**pips))

    @classmethod
    def parse(cls, text: str | int) -> ShardCost:
        """Read ``"2WL"`` (2 generic, a Water pip and a Life pip), ``"W+L+2"``, ``"EE1"`` or ``3``.

        Digits give the generic part (numbers add up); each element letter is one pip; ``+``, spaces and
        braces are ignored.

        Raises:
            ValueError: If the text holds anything else.
        """
        if isinstance(text, bool) or not isinstance(text, (int, str)):
            raise ValueError(f"a Shard cost is written like '2WL' or 3, not {text!r}")
        if isinstance(text, int):
            if text < 0:
                raise ValueError(f"a Shard cost can't be negative ({text})")
            return cls(text)
        if not text.strip():
            raise ValueError("a Shard cost can't be empty; write 0 for a card that costs nothing")
        generic = 0
        counts = [0] * len(ELEMENTS)
        for token in re.findall(r"\d+|\S", text.replace("+", " ").replace("{", " ").replace("}", " ")):
            if token.isdigit():
                generic += int(token)
            elif token.upper() in ELEMENT_BY_LETTER:
                counts[ELEMENTS.index(ELEMENT_BY_LETTER[token.upper()])] += 1
            else:
                letters = " ".join(f"{e.letter}={e.value}" for e in ELEMENTS)
                raise ValueError(
                    f"{text!r} is not a Shard cost: {token!r} is neither a number nor an element letter "
                    f"({letters}); write it like '2WL'"
                )
        return cls(generic, tuple(counts))

    @property
    def elements(self) -> tuple[Element, ...]:
        """The elements with at least one pip, in element order."""
        return tuple(e for e, n in zip(ELEMENTS, self.pips, strict=True) if n)

    def pip(self, element: Element) -> int:
        """How many pips of `element` the cost has."""
        return self.pips[ELEMENTS.index(element)]

    def __str__(self) -> str:
        return self._text  # worded once: events name costs at every payment


# ---------------------------------------------------------------------- keyword instances

_SCOPE_WORDS = {
    Scope.SINGLE: "target",
    Scope.SELF: "this Entity",
    Scope.YOU: "you",
    Scope.TARGET_OPPONENT: "target opponent",
    Scope.EACH_OPPOSING_ENTITY: "each opposing Entity",
    Scope.EACH_ENTITY: "each Entity",
    Scope.EACH_OF_YOUR_ENTITIES: "each of your Entities",
}


@attrs.frozen
class KeywordInstance:
    """One keyword on a card, with what the design fixed for it (CMD-R29).

    Attributes:
        keyword: The keyword.
        amount: Its magnitude ``#`` (keywords with ``#`` only).
        trigger: When it acts: ``static`` for properties, Rite modifiers, additional costs, mana and
            activated abilities, and Sovereign auras.
        scope: Whom it affects; ``self`` for everything but effects (and ``each_of_your_entities`` for a
            Sovereign's aura).
        element: The element an Immunity protects from.
        cost: Warp's Shard cost.

    Examples:
        >>> from shardgames.command.keywords import Scope, Trigger, keyword
        >>> storm = KeywordInstance(keyword("deal"), 2, Trigger.ON_RESOLVE, Scope.EACH_OPPOSING_ENTITY)
        >>> print(storm)
        Deal 2 Dmg to each opposing Entity
        >>> print(KeywordInstance(keyword("heal"), 2, Trigger.START_OF_YOUR_TURN, Scope.YOU))
        At the start of your turn: Heal 2 Integrity
    """

    keyword: Keyword
    amount: int | None = None
    trigger: Trigger = Trigger.STATIC
    scope: Scope = Scope.SELF
    element: Element | None = None
    cost: int | None = None

    @property
    def label(self) -> str:
        """The keyword with its parameters, without trigger or scope.

        For example ``"Deal 2 Dmg"``, ``"Immunity (Fire)"`` or ``"Warp (cost 1)"``.
        """
        name = self.keyword.name
        if self.keyword.has_amount:
            name = name.replace("#", str(self.amount)) if "#" in name else f"{name} {self.amount}"
        if self.element is not None:
            name = f"{name} ({self.element.label})"
        if self.cost is not None:
            name = f"{name} (cost {self.cost})"
        return name

    def __str__(self) -> str:
        text = self.label
        kw = self.keyword
        if kw.kind is KeywordKind.EFFECT and len(kw.scopes) > 1 and self.scope is not Scope.SINGLE:
            words = _SCOPE_WORDS[self.scope]
            text = f"{text} to {words}" if kw.id == "K09" else f"{text} ({words})"
        if kw.kind is KeywordKind.COST:
            text = f"Additional cost: {text}"
        phrase = self.trigger.phrase if kw.kind is KeywordKind.EFFECT else ""
        return f"{phrase}: {text}" if phrase else text


# ---------------------------------------------------------------------- cards


def card_id(name: str) -> str:
    """A card's id from its name: lower case, words joined by dashes (``"sky-lancer"``)."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


@attrs.frozen(kw_only=True)
class Card:
    """What every card has.

    Attributes:
        name: The card's name, which identifies it (CMD-R24).
        identity: Its elements, 0 to 2 (1 to 2 for a Sovereign), in element order.
        keywords: Its keyword instances, in the order the design lists them.
        text: Flavour text (no rules meaning).
    """

    type: ClassVar[CardType]

    name: str
    identity: tuple[Element, ...] = ()
    keywords: tuple[KeywordInstance, ...] = ()
    text: str = ""

    @property
    def id(self) -> str:
        """The name in lower case with dashes: ``"sky-lancer"``."""
        return card_id(self.name)

    @property
    def identity_text(self) -> str:
        """``"{Water, Life}"``, or ``"{}"`` for a colourless card."""
        return "{" + ", ".join(e.label for e in self.identity) + "}"

    @property
    def is_vanilla(self) -> bool:
        """Whether the card is a vanilla Entity: no keywords at all (Items never are; CMD-R24)."""
        return False

    def rules_text(self) -> tuple[str, ...]:
        """One line per keyword instance, as the card would print them."""
        return tuple(str(k) for k in self.keywords)

    def _head(self) -> str:
        return f"{self.name}: {self.type.value.capitalize()} {self.identity_text}"

    def __str__(self) -> str:
        parts = [self._head(), *self._stats(), *self.rules_text()]
        return ", ".join(parts)

    def _stats(self) -> list[str]:
        return []


@attrs.frozen(kw_only=True)
class MainDeckCard(Card):
    """A card that goes in a Main Deck (Entity, Item or Rite): it has a Shard cost.

    Attributes:
        cost: Its Shard cost.
    """

    cost: ShardCost = ShardCost()

    def _stats(self) -> list[str]:
        return [f"cost {self.cost}"]


@attrs.frozen(kw_only=True)
class EntityCard(MainDeckCard):
    """An Entity: a creature with Force and Durability that attacks, Intercepts and takes damage."""

    type: ClassVar[CardType] = CardType.ENTITY

    force: int
    durability: int

    @property
    def is_vanilla(self) -> bool:
        """Whether it has no keywords at all (exempt from the 4-copy rule; CMD-3, R24)."""
        return not self.keywords

    def _stats(self) -> list[str]:
        return [f"cost {self.cost}", f"{self.force}/{self.durability}"]


@attrs.frozen(kw_only=True)
class ItemCard(MainDeckCard):
    """An Item: a permanent that is not an Entity; it never attacks, Intercepts or takes damage (CMD-R19)."""

    type: ClassVar[CardType] = CardType.ITEM


@attrs.frozen(kw_only=True)
class RiteCard(MainDeckCard):
    """A Rite: a one-shot effect that goes to Scrap after it resolves (Fast Speed ones at any time)."""

    type: ClassVar[CardType] = CardType.RITE

    @property
    def is_fast(self) -> bool:
        """Whether it has Fast Speed (otherwise it is a Focus Rite, CMD-R18)."""
        return any(k.keyword.id == "K19" for k in self.keywords)


@attrs.frozen(kw_only=True)
class SovereignCard(Card):
    """A Sovereign: a player's commander in the Sovereign Zone, priced in Sovereign Shards (CMD-R6).

    Its keywords are its abilities: an effect keyword is ``Exhaust your Sovereign: <effect>``, a static
    keyword is an aura, ``Your Entities have <keyword>``.
    """

    type: ClassVar[CardType] = CardType.SOVEREIGN

    force: int

    def rules_text(self) -> tuple[str, ...]:
        """One line per ability.

        For example ``"Exhaust your Sovereign: Draw 1 Card"`` or ``"Your Entities have Aerial"``.
        """
        lines = []
        for k in self.keywords:
            if k.trigger is Trigger.ACTIVATED_EXHAUST:
                lines.append(str(k).replace("Exhaust:", "Exhaust your Sovereign:", 1))
            else:
                lines.append(f"Your Entities have {k.label}")
        return tuple(lines)

    def _stats(self) -> list[str]:
        return [f"Force {self.force}"]


# ---------------------------------------------------------------------- pools


class CardPool(Pool[Card]):
    """Cards by name: a read-only mapping, combined with ``|`` (a later card of the same name wins).

    Names are compared by id, the name in lower case with dashes: ``"Sky Lancer"``, ``"sky lancer"``
    and ``"sky-lancer"`` are one card. Looking up a name the pool does not hold raises a `KeyError`
    that suggests close names.
    """

    __slots__ = ()

    def __getitem__(self, name: str) -> Card:
        card = self.by_id.get(card_id(name))
        if card is None:
            raise KeyError(self.unknown(name))
        return card

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and card_id(name) in self.by_id

    def unknown(self, name: str) -> str:
        """The message for a name the pool does not hold, with the closest names."""
        names = [card.name for card in self.by_id.values()]
        close = difflib.get_close_matches(name, names, n=3, cutoff=0.6)
        hint = f"; did you mean {' or '.join(repr(c) for c in close)}?" if close else ""
        return f"no card named {name!r}{hint}"

    def __iter__(self) -> Iterator[str]:
        return iter([card.name for card in self.by_id.values()])
