"""Registries of named content a user adds to from their own module: a game's traits, effects, keywords.

A `Registry` is a read-only mapping from name to entry, in the order of registration, that starts with
the game's own entries. A game's ``register_...`` function lists every problem of a new entry and
hands it to `Registry.add`, which refuses it with all of them at once; its ``unregister_...`` function
decides what may go (never a standard entry) and calls `Registry.remove`.

Examples:
    >>> colours = Registry("colour", {"red": 1})
    >>> colours.add("blue", 2)
    2
    >>> colours.add("GREEN", 3, ["name: must be lower case"])
    Traceback (most recent call last):
    ...
    shardgames.kernel.errors.CardError: colour 'GREEN': name: must be lower case
    >>> colours.remove("blue")
    >>> dict(colours), colours.is_standard("red")
    ({'red': 1}, True)
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import TypeVar

from shardgames.kernel.errors import CardError

__all__ = ["Entries", "Registry"]

T = TypeVar("T")


class Entries(Mapping[str, T]):
    """A read-only mapping over a dict of its own (``_entries``): the base of registries and card pools.

    Args:
        entries: The entries by key, in order.
    """

    __slots__ = ("_entries",)

    def __init__(self, entries: Mapping[str, T] | None = None) -> None:
        self._entries: dict[str, T] = dict(entries or {})

    def __getitem__(self, key: str) -> T:
        return self._entries[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._entries)

    def __len__(self) -> int:
        return len(self._entries)


class Registry(Entries[T]):
    """Entries by name, in the order of registration, the game's standard entries first.

    Args:
        what: What an entry is, for the messages: ``"trait"``.
        standard: The game's own entries, by name; `is_standard` tells them apart.
    """

    __slots__ = ("_standard", "what")

    def __init__(self, what: str, standard: Mapping[str, T] | None = None) -> None:
        super().__init__(standard)
        self.what = what
        self._standard = frozenset(self._entries)

    def __repr__(self) -> str:
        return f"Registry({self.what!r}, {len(self)} entries)"

    def is_standard(self, name: str) -> bool:
        """Whether `name` is one of the entries the registry started with."""
        return name in self._standard

    def add(self, name: str, entry: T, problems: Sequence[str] = ()) -> T:
        """Register `entry` as `name` (replacing an entry of that name) and return it.

        Raises:
            CardError: Listing `problems`, the problems the game found in the entry, if there are any.
        """
        if problems:
            raise CardError(f"{self.what} {name!r}", list(problems))
        self._entries[name] = entry
        return entry

    def remove(self, name: str) -> None:
        """Forget the entry `name` (the caller has checked that it may go).

        Raises:
            KeyError: If no entry has that name.
        """
        del self._entries[name]
