"""Zones that hold hidden cards, and who knows what.

Cards are integers: stable instance ids within one game (convention E5). A card's *kind* (its card
definition) is an integer too, given by the game. Two zones here track hidden information:

* `HiddenDeck`: a known top, an unknown middle and a known bottom (convention E3). The middle is an
  unordered multiset: nobody knows its order, so drawing from it is a chance node over the distinct
  kinds in it, weighted by how many of each remain. It is stored as kind -> tuple of card ids, kinds in
  ascending order, so copying a deck copies one dictionary and shares the tuples. Cards put on the top
  or bottom in a known order stay known, to the seats recorded in their knowledge mask.
* `Hand`: an ordered list of cards, each with a knowledge mask. Its owner always knows every card.

A *knowledge mask* is an int whose bit *s* is set when seat *s* knows the card; `EVERYONE` (``-1``) sets
every bit. Each zone can `censor` itself for a seat, giving a frozen view where every card that seat does
not know is ``None``. `redeal` resamples all the cards a seat does not know, which is how views are
determinised and how the test suite proves that views never leak.

Examples:
    >>> from shardgames.kernel.zones import HiddenDeck, EVERYONE
    >>> deck = HiddenDeck(owner=0, cards=[(10, 1), (11, 1), (12, 2)])  # (card id, kind) pairs
    >>> deck.middle_kinds()  # (kind, count): a chance node
    ((1, 2), (2, 1))
    >>> deck.draw(kind=2)
    12
    >>> deck.put_bottom(12, known=1 << 0)  # only seat 0 knows it
    >>> deck.censor(1).bottom, deck.censor(0).bottom
    ((None,), (12,))
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence

import attrs

from shardgames.kernel.errors import UsageError
from shardgames.kernel.rng import Rng

__all__ = [
    "EVERYONE",
    "DeckView",
    "Hand",
    "HandView",
    "HiddenDeck",
    "knows",
    "only",
    "redeal",
    "unknown_cards",
]

EVERYONE = -1
"""The knowledge mask of a public card: every bit set."""


def knows(mask: int, seat: int) -> bool:
    """Whether the knowledge `mask` includes `seat`."""
    return (mask >> seat) & 1 == 1


def only(seat: int) -> int:
    """The knowledge mask of a card only `seat` knows."""
    return 1 << seat


@attrs.frozen
class DeckView:
    """A deck as one seat sees it.

    Attributes:
        owner: The deck's owner.
        top: Known top cards, top first; ``None`` where this seat does not know the card.
        top_known: The knowledge mask of each top card (who knows it is public).
        middle_count: How many cards are in the unknown middle.
        bottom: Known bottom cards, in deck order (the last one is the bottom card).
        bottom_known: The knowledge mask of each bottom card.
    """

    owner: int
    top: tuple[int | None, ...]
    top_known: tuple[int, ...]
    middle_count: int
    bottom: tuple[int | None, ...]
    bottom_known: tuple[int, ...]

    @property
    def size(self) -> int:
        """The number of cards in the deck."""
        return len(self.top) + self.middle_count + len(self.bottom)


@attrs.frozen
class HandView:
    """A hand as one seat sees it: ``None`` for every card that seat does not know."""

    owner: int
    cards: tuple[int | None, ...]
    known: tuple[int, ...]

    @property
    def size(self) -> int:
        """The number of cards in the hand."""
        return len(self.cards)


class HiddenDeck:
    """A deck with a known top, an unknown middle (a multiset by kind) and a known bottom.

    Index 0 of the deck is its top. The unknown middle sits between the known top and the known bottom;
    a card drawn while the known top is empty comes from the middle (a chance node over
    `middle_kinds`), and once the middle is empty too, from the bottom.

    Args:
        owner: The seat that owns the deck.
        cards: ``(card id, kind)`` pairs that start in the unknown middle (a shuffled deck).
    """

    __slots__ = ("bottom", "bottom_known", "middle", "middle_count", "owner", "top", "top_known")

    def __init__(self, owner: int, cards: Iterable[tuple[int, int]] = ()) -> None:
        self.owner = owner
        self.top: list[int] = []
        self.top_known: list[int] = []
        self.middle: dict[int, tuple[int, ...]] = {}
        self.middle_count = 0
        self.bottom: list[int] = []
        self.bottom_known: list[int] = []
        self.set_middle(cards)

    def set_middle(self, cards: Iterable[tuple[int, int]]) -> None:
        """Make the unknown middle hold exactly `cards`, ``(card id, kind)`` pairs, in any order.

        The same middle as shuffling each card in with `shuffle_in`, built at once: each kind's ids in
        order, the kinds in ascending order.
        """
        by_kind: dict[int, list[int]] = {}
        for card, kind in cards:
            by_kind.setdefault(kind, []).append(card)
        self.middle = {kind: tuple(sorted(by_kind[kind])) for kind in sorted(by_kind)}
        self.middle_count = sum(len(ids) for ids in self.middle.values())

    def __len__(self) -> int:
        return len(self.top) + self.middle_count + len(self.bottom)

    def needs_chance(self) -> bool:
        """Whether the next draw comes from the unknown middle (and is therefore a chance node)."""
        return not self.top and self.middle_count > 0

    def middle_kinds(self) -> tuple[tuple[int, int], ...]:
        """The distinct kinds in the middle with their counts, in ascending kind order."""
        return tuple((kind, len(ids)) for kind, ids in self.middle.items())

    def middle_kind_at(self, index: int) -> int:
        """The kind of the middle card at `index` when the middle is listed kind by kind.

        With ``index = rng.randrange(middle_count)`` this samples a draw with the right weights without
        building the list of outcomes.
        """
        for kind, ids in self.middle.items():
            index -= len(ids)
            if index < 0:
                return kind
        raise IndexError("middle index out of range")

    def draw(self, kind: int | None = None) -> int:
        """Remove and return the top card.

        Args:
            kind: The chance outcome when the card comes from the middle (see `needs_chance`);
                ignored otherwise.

        Raises:
            IndexError: If the deck is empty.
            ValueError: If the card comes from the middle and `kind` is missing or not in it.
        """
        if self.top:
            self.top_known.pop(0)
            return self.top.pop(0)
        if self.middle_count:
            return self._take_middle(kind)
        if self.bottom:
            self.bottom_known.pop(0)
            return self.bottom.pop(0)
        raise IndexError("draw from an empty deck")

    def _take_middle(self, kind: int | None) -> int:
        ids = self.middle.get(kind) if kind is not None else None
        if not ids:
            raise ValueError(f"kind {kind!r} is not in the unknown part of the deck")
        if len(ids) == 1:
            del self.middle[kind]  # type: ignore[arg-type]  # kind is not None here
        else:
            self.middle[kind] = ids[1:]  # type: ignore[index]  # kind is not None here
        self.middle_count -= 1
        return ids[0]

    def reveal_next(self, kind: int, known: int) -> int:
        """Move the first middle card (of chance outcome `kind`) to the end of the known top.

        Used to look at cards (for example "look at the top 3"): the card keeps its place in the deck but
        becomes known to the seats in `known`.

        Returns:
            The revealed card.
        """
        card = self._take_middle(kind)
        self.top.append(card)
        self.top_known.append(known)
        return card

    def learn(self, index: int, seats: int) -> None:
        """Add the seats of mask `seats` to those who know the known-top card at `index`."""
        self.top_known[index] |= seats

    def put_top(self, card: int, known: int = EVERYONE) -> None:
        """Put `card` on top of the deck, known to the seats in `known`."""
        self.top.insert(0, card)
        self.top_known.insert(0, known)

    def put_bottom(self, card: int, known: int = EVERYONE) -> None:
        """Put `card` under the deck (it becomes the bottom card), known to the seats in `known`."""
        self.bottom.append(card)
        self.bottom_known.append(known)

    def shuffle_in(self, card: int, kind: int) -> None:
        """Add `card` (of `kind`) to the unknown middle."""
        ids = self.middle.get(kind)
        if ids is None:
            last = next(reversed(self.middle), None)
            self.middle[kind] = (card,)
            if last is not None and kind < last:  # keep the kinds in ascending order
                self.middle = dict(sorted(self.middle.items()))
        else:
            self.middle[kind] = tuple(sorted((*ids, card)))
        self.middle_count += 1

    def shuffle(self, kind_of: Callable[[int], int]) -> None:
        """Shuffle the whole deck: every known card joins the unknown middle."""
        for card in self.top + self.bottom:
            self.shuffle_in(card, kind_of(card))
        self.top, self.top_known, self.bottom, self.bottom_known = [], [], [], []

    def cards(self) -> list[int]:
        """Every card id in the deck (the middle in id order): for bookkeeping, not for players."""
        middle = sorted(card for ids in self.middle.values() for card in ids)
        return self.top + middle + self.bottom

    def censor(self, seat: int) -> DeckView:
        """This deck as `seat` sees it."""
        return DeckView(
            owner=self.owner,
            top=_seen(self.top, self.top_known, seat),
            top_known=tuple(self.top_known),
            middle_count=self.middle_count,
            bottom=_seen(self.bottom, self.bottom_known, seat),
            bottom_known=tuple(self.bottom_known),
        )

    @classmethod
    def from_view(cls, view: DeckView, fill: Iterator[int], kind_of: Callable[[int], int]) -> HiddenDeck:
        """A deck matching `view`, with each unknown card (and the middle) taken from `fill`."""
        deck = cls(view.owner)
        deck.top = [next(fill) if c is None else c for c in view.top]
        deck.top_known = list(view.top_known)
        deck.bottom = [next(fill) if c is None else c for c in view.bottom]
        deck.bottom_known = list(view.bottom_known)
        deck.set_middle(_next_cards(fill, view.middle_count, kind_of))
        return deck

    def clone(self) -> HiddenDeck:
        """An independent copy."""
        deck = HiddenDeck.__new__(HiddenDeck)
        deck.owner = self.owner
        deck.top = self.top.copy()
        deck.top_known = self.top_known.copy()
        deck.middle = self.middle.copy()
        deck.middle_count = self.middle_count
        deck.bottom = self.bottom.copy()
        deck.bottom_known = self.bottom_known.copy()
        return deck

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HiddenDeck):
            return NotImplemented
        return (
            self.owner == other.owner
            and self.top == other.top
            and self.top_known == other.top_known
            and self.middle == other.middle
            and self.bottom == other.bottom
            and self.bottom_known == other.bottom_known
        )

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __repr__(self) -> str:
        return (
            f"HiddenDeck(owner={self.owner}, top={self.top}, middle={self.middle_count} cards, "
            f"bottom={self.bottom})"
        )


class Hand:
    """An ordered hand of cards; each card has a knowledge mask, and the owner knows every card.

    Args:
        owner: The seat holding the hand.
        cards: The starting cards (known to the owner only).
    """

    __slots__ = ("cards", "known", "owner")

    def __init__(self, owner: int, cards: Iterable[int] = ()) -> None:
        self.owner = owner
        self.cards: list[int] = list(cards)
        self.known: list[int] = [only(owner)] * len(self.cards)

    def __len__(self) -> int:
        return len(self.cards)

    def __contains__(self, card: object) -> bool:
        return card in self.cards

    def __iter__(self) -> Iterator[int]:
        return iter(self.cards)

    def add(self, card: int, known: int = 0) -> None:
        """Add `card`; the owner knows it, and so do the seats in `known`."""
        self.cards.append(card)
        self.known.append(known | only(self.owner))

    def remove(self, card: int) -> int:
        """Remove `card` and return its knowledge mask.

        Raises:
            ValueError: If the card is not in the hand.
        """
        index = self.cards.index(card)
        del self.cards[index]
        return self.known.pop(index)

    def reveal(self, card: int, seats: int = EVERYONE) -> None:
        """Let the seats in `seats` know `card`."""
        index = self.cards.index(card)
        self.known[index] |= seats

    def censor(self, seat: int) -> HandView:
        """This hand as `seat` sees it."""
        return HandView(
            owner=self.owner,
            cards=_seen(self.cards, self.known, seat),
            known=tuple(self.known),
        )

    @classmethod
    def from_view(cls, view: HandView, fill: Iterator[int]) -> Hand:
        """A hand matching `view`, with each unknown card taken from `fill`."""
        hand = cls(view.owner)
        hand.cards = [next(fill) if c is None else c for c in view.cards]
        hand.known = list(view.known)
        return hand

    def clone(self) -> Hand:
        """An independent copy."""
        hand = Hand.__new__(Hand)
        hand.owner = self.owner
        hand.cards = self.cards.copy()
        hand.known = self.known.copy()
        return hand

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Hand):
            return NotImplemented
        return self.owner == other.owner and self.cards == other.cards and self.known == other.known

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __repr__(self) -> str:
        return f"Hand(owner={self.owner}, cards={self.cards})"


Zone = HiddenDeck | Hand


def _next_cards(fill: Iterator[int], count: int, kind_of: Callable[[int], int]) -> list[tuple[int, int]]:
    """The next `count` cards of `fill`, each with its kind (too few cards is an error, not a shortfall)."""
    cards = [next(fill) for _ in range(count)]
    return [(card, kind_of(card)) for card in cards]


def unknown_cards(zones: Iterable[Zone], seat: int) -> tuple[int, ...]:
    """Every card in `zones` that `seat` does not know, sorted by id.

    For one owner's hidden zones this is exactly the pool a determinisation deals from; it is derivable
    from public information (the decklist minus every card seen), so a view may carry it.
    """
    pool: list[int] = []
    for zone in zones:
        if isinstance(zone, Hand):
            pool += _unseen(zone.cards, zone.known, seat)
        else:
            pool += _unseen(zone.top, zone.top_known, seat)
            for ids in zone.middle.values():
                pool += ids
            pool += _unseen(zone.bottom, zone.bottom_known, seat)
    pool.sort()
    return tuple(pool)


def _seen(cards: list[int], masks: list[int], seat: int) -> tuple[int | None, ...]:
    """`cards` as `seat` sees them: each card whose mask includes the seat, else ``None`` (as `knows`)."""
    return tuple([c if (m >> seat) & 1 else None for c, m in zip(cards, masks, strict=True)])


def _unseen(cards: list[int], masks: list[int], seat: int) -> list[int]:
    """The cards of `cards` whose mask leaves out `seat` (the contrary of `knows`)."""
    return [c for c, m in zip(cards, masks, strict=True) if not (m >> seat) & 1]


def redeal(zones: Sequence[Zone], seat: int, kind_of: Callable[[int], int], rng: Rng) -> None:
    """Resample, in place, every card of `zones` that `seat` does not know.

    The cards `seat` does not know are pooled and dealt back at random into the same places: unknown
    hand slots, unknown top and bottom slots, and the middle. Everything `seat` knows stays put, so
    `seat`'s view of the result is unchanged. All zones must belong to one owner.
    """
    owners = {zone.owner for zone in zones}
    if len(owners) > 1:
        raise UsageError(f"redeal works on one owner's zones at a time, got owners {sorted(owners)}")
    pool = list(unknown_cards(zones, seat))
    rng.shuffle(pool)
    fill = iter(pool)
    for zone in zones:
        if isinstance(zone, Hand):
            zone.cards = [
                next(fill) if not knows(m, seat) else c for c, m in zip(zone.cards, zone.known, strict=True)
            ]
        else:
            zone.top = [
                next(fill) if not knows(m, seat) else c for c, m in zip(zone.top, zone.top_known, strict=True)
            ]
            zone.bottom = [
                next(fill) if not knows(m, seat) else c
                for c, m in zip(zone.bottom, zone.bottom_known, strict=True)
            ]
            zone.set_middle(_next_cards(fill, zone.middle_count, kind_of))
