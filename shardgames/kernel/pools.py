"""Pools of card designs: read-only mappings from a card's id to the card, combined with ``|``.

Each game's card pool is a `Pool` of its own card class; a game that finds cards by another key than
the stored id (a name in any case, say) overrides the lookups.

Examples:
    >>> import attrs
    >>> @attrs.frozen
    ... class Card:
    ...     id: str
    ...     cost: int
    >>> pool = Pool([Card("imp", 1), Card("ogre", 3)]) | Pool([Card("imp", 2)])
    >>> pool["imp"].cost, list(pool), pool
    (2, ['imp', 'ogre'], Pool(2 cards))
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Protocol, Self, TypeVar

__all__ = ["Identified", "Pool"]


class Identified(Protocol):
    """What a pool holds: anything with a string `id`."""

    @property
    def id(self) -> str:
        """The key the pool stores it under."""
        ...


CardT = TypeVar("CardT", bound=Identified)


class Pool(Mapping[str, CardT]):
    """Cards by id: a read-only mapping; ``a | b`` holds both, a card of `b` replacing one of `a` with its id.

    Args:
        cards: The cards, in order (a later card with the same id replaces an earlier one).
    """

    __slots__ = ("_cards",)

    def __init__(self, cards: Iterable[CardT] = ()) -> None:
        self._cards: dict[str, CardT] = {}
        for card in cards:
            self._cards[card.id] = card

    def __getitem__(self, key: str) -> CardT:
        return self._cards[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._cards)

    def __len__(self) -> int:
        return len(self._cards)

    def __or__(self, other: Self) -> Self:
        return type(self)([*self._cards.values(), *other._cards.values()])

    def __repr__(self) -> str:
        return f"{type(self).__name__}({len(self)} cards)"
