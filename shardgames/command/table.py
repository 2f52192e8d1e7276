"""The fields of a Shard Command state, declared once: how each is copied and what a seat's view holds.

`CommandTable` is inherited by the state (`shardgames.command.state.CommandState`) and by the view
(`shardgames.command.view.CommandView`); the kernel's `shardgames.kernel.fields` makes the state's
fields and clone, the view's fields and construction, and the copy back into a sampled state from it.
Per-seat values are two-item lists (seat 0, seat 1); stones and floating Shards are 11-tuples (Generic
first, then the ten elements in order). Hands and decks reach a view censored; the cards of a
Foresight under way only its seat sees; permanents reach a view as tuples of their fields
(`PERMANENT_FIELDS` order).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from shardgames.command.keywords import Trigger
from shardgames.command.objects import NO_STONES, Casting, Combat, Permanent, QueueItem
from shardgames.command.phases import Step
from shardgames.kernel.fields import Field, Table, custom, decks, flat, hands, value

__all__ = ["CommandTable"]

T = TypeVar("T")


def _copy_arena(arena: list[Permanent]) -> list[Permanent]:
    return [p.copy() for p in arena]


def _arena_rows(arena: list[Permanent], state: object, player: int) -> tuple[tuple[object, ...], ...]:
    return tuple(p.as_tuple() for p in arena)


def _arena_from_rows(rows: tuple[tuple[object, ...], ...]) -> list[Permanent]:
    return [Permanent.from_tuple(row) for row in rows]


def _copy_optional(sub: Any) -> Any:
    """A copy of a `Casting` or `Combat` under way, or ``None`` (the types come from the defaults)."""
    return None if sub is None else sub.copy()


def _view_optional(sub: Any, state: object, player: int) -> Any:
    return None if sub is None else sub.copy()


def _same(cards: tuple[int, ...]) -> tuple[int, ...]:
    return cards


def _foresight_seen(cards: tuple[int, ...], state: Any, player: int) -> tuple[int | None, ...]:
    """The cards of a Foresight under way: its seat sees them, the other seat only how many."""
    if cards and state.foresight_seat != player:
        return (None,) * len(cards)
    return cards


def _foresight_back(cards: tuple[int | None, ...]) -> tuple[int, ...]:
    """A sampled state's Foresight: as many cards, which the deal then takes from the top of the deck."""
    return tuple(-1 if card is None else card for card in cards)


NO_CARDS: tuple[int, ...] = ()
NO_DECISIONS: tuple[bool, ...] = ()


def _no_casting() -> Casting | None:
    return None


def _no_combat() -> Combat | None:
    return None


def _under_way(default: Callable[[], T], of: Any, doc: str) -> Field[T, T]:
    """A sub-state of a step under way (`Casting`, `Combat`), or ``None``: clones and views copy it."""
    return custom(default, of=of, copy=_copy_optional, freeze=_view_optional, thaw=_copy_optional, doc=doc)


def _two_stones() -> list[tuple[int, ...]]:
    return [NO_STONES, NO_STONES]


def _two_piles() -> list[tuple[int, ...]]:
    return [(), ()]


class CommandTable(Table):
    """The declared fields of a Shard Command state (and, as far as a seat may see them, of its view)."""

    __slots__ = ()

    integrity = flat(int, default=lambda: [20, 20], doc="Each seat's Integrity.")
    pool = flat(tuple[int, ...], default=_two_stones, doc="Each seat's Charge Stones in the Pool.")
    unused = flat(tuple[int, ...], default=_two_stones, doc="Each seat's Unused stones.")
    used = flat(tuple[int, ...], default=_two_stones, doc="Each seat's Used stones.")
    floating = flat(
        tuple[int, ...], default=_two_stones, doc="Each seat's floating Shards; they vanish at end of turn."
    )
    charged = flat(int, default=lambda: [0, 0], doc="Stones each seat slid from the Pool this turn.")
    hands = hands(doc="Each seat's hand.")
    decks = decks(doc="Each seat's Main Deck.")
    scrap = flat(tuple[int, ...], default=_two_piles, doc="Each seat's Scrap zone, the latest card last.")
    obliterated = flat(tuple[int, ...], default=_two_piles, doc="Each seat's cards removed from the game.")
    exiled = value(
        NO_CARDS, of=tuple[int, ...], doc="Cards Warp set aside, back at the start of the next turn."
    )
    arena = custom(
        list,
        of=list[Permanent],
        copy=_copy_arena,
        freeze=_arena_rows,
        thaw=_arena_from_rows,
        doc="The permanents in the Arena, in the order they entered.",
    )
    sovereign_exhausted = flat(
        bool, default=lambda: [False, False], doc="Whether each Sovereign is Exhausted"
    )
    silenced = flat(int, default=lambda: [0, 0], doc="The last turn each seat can't play Fast Speed Rites.")
    drew_empty = flat(
        bool, default=lambda: [False, False], doc="Whether each seat tried to draw from an empty deck."
    )
    active = value(-1, doc="The active seat (-1 during setup).")
    first = value(-1, doc="The starting seat (-1 before the coin flip).")
    step = value(Step.SETUP, doc="The step of the turn.")
    priority = value(-1, doc="The seat holding priority.")
    passes = value(0, doc="Consecutive passes with no new item.")
    queue = flat(QueueItem, doc="The Response Queue, bottom first.")
    resolving = value(False, doc="Whether the Queue is resolving (both players passed).")
    resolutions = value(0, doc="Queue items resolved this turn (the guard of R21).")
    pending = flat(
        tuple[int, int, int, Trigger],
        doc="Triggered abilities waiting to go on the Queue: (controller, source, design, trigger).",
    )
    casting = _under_way(
        _no_casting,
        Casting | None,
        "The card or ability being put on the Queue, while its targets are chosen.",
    )
    combat = _under_way(_no_combat, Combat | None, "The attack in progress.")
    redrawn = flat(int, default=lambda: [0, 0], doc="Cards each seat put under for its Tactical Redraw.")
    discard_seat = value(-1, doc="Who must discard (-1: nobody).")
    discard_left = value(0, doc="How many cards they still discard.")
    foresight = custom(
        lambda: NO_CARDS,
        of=tuple[int, ...],
        copy=_same,
        freeze=_foresight_seen,
        thaw=_foresight_back,
        doc="The cards of the Foresight being decided, in deck order (seen by its seat only).",
    )
    foresight_bottom = value(
        NO_DECISIONS,
        of=tuple[bool, ...],
        doc="The decisions made so far (True: to the bottom), card by card.",
    )
    foresight_seat = value(-1, doc="Whose Foresight it is.")
    foresight_left = value(0, doc="How many more cards the Foresight looks at.")
    element_source = value(-1, doc="The two-element Rock whose Shards are being made (-1: none).")
    element_left = value(0, doc="How many of its Shards are still to make.")
