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

from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import Protocol, Self, TypeVar

from shardgames.kernel.registry import Entries

__all__ = ["Identified", "Pool"]


class Identified(Protocol):
    """What a pool holds: anything with a string `id`."""

    @property
    def id(self) -> str:
        """The key the pool stores it under."""
        ...


CardT = TypeVar("CardT", bound=Identified)


class Pool(Entries[CardT]):
    """Cards by id: a read-only mapping; ``a | b`` holds both, a card of `b` replacing one of `a` with its id.

    Args:
        cards: The cards, in order (a later card with the same id replaces an earlier one).
    """

    __slots__ = ()

    def __init__(self, cards: Iterable[CardT] = ()) -> None:
        super().__init__({card.id: card for card in cards})

    @property
    def by_id(self) -> Mapping[str, CardT]:
        """The cards by id, read-only: for a pool that looks its cards up by another key."""
        return MappingProxyType(self._entries)

    def __or__(self, other: Self) -> Self:
        return type(self)([*self._entries.values(), *other._entries.values()])

    def __repr__(self) -> str:
        return f"{type(self).__name__}({len(self)} cards)"
