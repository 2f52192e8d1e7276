"""Terminal output shared by the ``shardgames`` commands (rich is imported only when a command prints)."""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterator
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rich.console import Console

__all__ = ["THINKING_AFTER", "console", "thinking"]

THINKING_AFTER = 0.3
"""Seconds of work before `thinking` shows its spinner (a quicker step shows nothing, so nothing flickers)."""


def console() -> Console:
    """A rich console that prints text as it is: no markup, highlighting or emoji."""
    from rich.console import Console  # noqa: PLC0415 - an optional extra

    return Console(markup=False, highlight=False, emoji=False)


@contextlib.contextmanager
def thinking(out: Console | None, text: str, after: float = THINKING_AFTER) -> Iterator[None]:
    """Show a spinner with `text` on `out` while the block runs, once it has run `after` seconds.

    Nothing is shown when `out` is ``None`` or not a terminal (a pipe or a file gets no spinner), and
    the spinner's line is erased when the block ends.
    """
    if out is None or not out.is_terminal:
        yield
        return
    status = out.status(text)
    timer = threading.Timer(after, status.start)
    timer.daemon = True
    timer.start()
    try:
        yield
    finally:
        timer.cancel()
        if timer.is_alive():
            timer.join()  # it is starting the spinner: let it, then stop it
        status.stop()
