"""Events and the append-only log.

Every change of state emits an `Event` (convention E6): a frozen value named in the past tense
(``CardDrawn``, ``DieRolled``). Events that carry private information declare which fields are private
and which seat may see them; `Event.censor` blanks those fields for everyone else, which is how views
and per-seat logs stay free of hidden information.

The `Log` that holds a state's history and events is append-only and shares its storage between clones:
cloning a state with a thousand events costs the same as cloning one with none.

Examples:
    >>> import attrs
    >>> from typing import ClassVar
    >>> from shardgames.kernel.events import Event
    >>> @attrs.frozen
    ... class CardDrawn(Event):
    ...     private_field: ClassVar[str] = "player"
    ...     hidden_fields: ClassVar[tuple[str, ...]] = ("card",)
    ...     player: int
    ...     card: int | None
    >>> CardDrawn(player=0, card=12).censor(1)
    CardDrawn(player=0, card=None)
    >>> CardDrawn(player=0, card=12).censor(0)
    CardDrawn(player=0, card=12)
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator, Sequence
from itertools import islice
from typing import Any, ClassVar, Generic, TypeVar, overload

import attrs

__all__ = ["DISCARDED", "Event", "GameEnded", "Log"]

T = TypeVar("T")


@attrs.frozen
class Event:
    """Base class of every event: frozen, slotted, compared by value.

    Attributes:
        private_field: For an event with private content, the name of the field holding the seat
            allowed to see it (``None``: the event is public).
        hidden_fields: The fields blanked (set to ``None``) for every other seat.
    """

    private_field: ClassVar[str | None] = None
    hidden_fields: ClassVar[tuple[str, ...]] = ()

    def visible_to(self, seat: int) -> bool:
        """Whether `seat` may see every field of this event."""
        return self.private_field is None or getattr(self, self.private_field) == seat

    def censor(self, seat: int) -> Event:
        """This event as `seat` may see it: private fields blanked unless `seat` may see them."""
        if self.visible_to(seat):
            return self
        return attrs.evolve(self, **dict.fromkeys(self.hidden_fields))

    def __str__(self) -> str:
        values = ", ".join(f"{a.name}={getattr(self, a.name)}" for a in attrs.fields(type(self)))
        return f"{type(self).__name__}({values})"


@attrs.frozen
class GameEnded(Event):
    """The game is over.

    Attributes:
        returns: Each seat's return (see `State.returns`).
        winner: The winning seat, or ``None`` for a draw or a shared result.
        reason: Why the game ended, in words.
        truncated: Whether the turn cap ended it (a draw by the cap, not by the rules).
    """

    returns: tuple[float, ...]
    winner: int | None
    reason: str
    truncated: bool = False

    def __str__(self) -> str:
        result = "draw" if self.winner is None else f"seat {self.winner} wins"
        return f"game over: {result} ({self.reason})"


class Log(Sequence[T], Generic[T]):
    """An append-only sequence whose storage is shared with its forks.

    A fork sees the items up to the moment it was made; appending to either side never changes what
    the other sees. Forking costs O(1); the first append after a divergence copies the shared prefix
    once.
    """

    __slots__ = ("_items", "_length")

    def __init__(self, items: Sequence[T] = ()) -> None:
        self._items: list[T] = list(items)
        self._length = len(self._items)

    def fork(self) -> Log[T]:
        """An independent log with the same items."""
        log: Log[T] = Log.__new__(Log)
        log._items = self._items
        log._length = self._length
        return log

    def append(self, item: T) -> None:
        """Add `item` at the end."""
        if len(self._items) != self._length:
            self._items = self._items[: self._length]
        self._items.append(item)
        self._length += 1

    def since(self, start: int) -> tuple[T, ...]:
        """The items from index `start` to the end, as a tuple."""
        return tuple(self._items[start : self._length])

    def __len__(self) -> int:
        return self._length

    @overload
    def __getitem__(self, index: int) -> T: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[T]: ...

    def __getitem__(self, index: int | slice) -> T | Sequence[T]:
        if isinstance(index, slice):
            return self._items[: self._length][index]
        if index < 0:
            index += self._length
        if not 0 <= index < self._length:
            raise IndexError("log index out of range")
        return self._items[index]

    def __iter__(self) -> Iterator[T]:
        # Only the items this log sees: a fork may have appended to the storage they share.
        return islice(self._items, self._length)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Log):
            return self._length == other._length and (
                self._items is other._items or list(self) == list(other)
            )
        return NotImplemented

    def __hash__(self) -> int:
        raise TypeError("a Log is mutable and not hashable")

    def __reduce__(self) -> tuple[Any, ...]:
        return (Log, (list(self),))  # only the items it sees, not those of the forks sharing its storage

    def __repr__(self) -> str:
        return f"Log({list(self)!r})"


class _Discarding(Log[Any]):
    """The log of a light state: always empty, whatever is appended (see `State.clone`)."""

    __slots__ = ()

    append = deque(maxlen=0).append  # type: ignore[assignment, var-annotated]  # a C call: drops it

    def fork(self) -> Log[Any]:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (_discarding, ())

    def __repr__(self) -> str:
        return "DISCARDED"


DISCARDED: Log[Any] = _Discarding()
"""The one log that keeps nothing: a light state's history and event log (see `State.clone`)."""


def _discarding() -> Log[Any]:
    return DISCARDED
