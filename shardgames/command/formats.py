"""Shard Command formats: how much Main Deck Tax and how many Sovereign Shards a deck may spend (CMD-6).

Examples:
    >>> from shardgames.command.formats import FORMATS, parse_format
    >>> for fmt in FORMATS.values():
    ...     print(fmt)
    standard (Main Deck Tax <= 150, Sovereign Shards <= 25)
    budget (Main Deck Tax <= 100, Sovereign Shards <= 15)
    pro (Main Deck Tax <= 250, Sovereign Shards <= 40)
    >>> parse_format("Budget").main_tax
    100
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

import attrs

__all__ = ["BUDGET", "FORMATS", "PRO", "STANDARD", "Format", "parse_format"]


@attrs.frozen
class Format:
    """A format's budgets; make your own for a league with other limits: ``Format("league", 120, 20)``.

    Attributes:
        name: The format's name.
        main_tax: The most Main Deck Tax a deck may have (the sum of its cards' Tax, copies counted).
        sovereign_shards: The most Sovereign Shards its Sovereign may cost.
    """

    name: str
    main_tax: int
    sovereign_shards: int

    def __str__(self) -> str:
        return f"{self.name} (Main Deck Tax <= {self.main_tax}, Sovereign Shards <= {self.sovereign_shards})"


STANDARD = Format("standard", 150, 25)
"""The Standard format: Main Deck Tax 150, Sovereign Shards 25."""
BUDGET = Format("budget", 100, 15)
"""The Budget format: Main Deck Tax 100, Sovereign Shards 15."""
PRO = Format("pro", 250, 40)
"""The Pro format: Main Deck Tax 250, Sovereign Shards 40."""

FORMATS: Mapping[str, Format] = MappingProxyType({f.name: f for f in (STANDARD, BUDGET, PRO)})
"""The three formats of the rules by name."""


def parse_format(name: str | Format) -> Format:
    """A format by name, in any case (a `Format` is returned as it is).

    Raises:
        ValueError: If no format has that name; the message lists them.
    """
    if isinstance(name, Format):
        return name
    found = FORMATS.get(name.strip().lower())
    if found is None:
        raise ValueError(f"unknown format {name!r}; the formats are {', '.join(FORMATS)}")
    return found
