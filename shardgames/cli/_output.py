"""Terminal output shared by the ``shardgames`` commands (rich is imported only when a command prints)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rich.console import Console

__all__ = ["console"]


def console() -> Console:
    """A rich console that prints text as it is: no markup, highlighting or emoji."""
    from rich.console import Console  # noqa: PLC0415 - an optional extra

    return Console(markup=False, highlight=False, emoji=False)
