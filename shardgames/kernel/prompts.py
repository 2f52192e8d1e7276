"""Prompts and tasks: the values that say what a state waits for and what it will do next.

A `Prompt` is the pending decision (a seat, or `CHANCE`, decides); a `Task` is a queued step of a
procedure. Both are frozen values, so every point of a game is a plain, serialisable value (see
`shardgames.kernel.state`).
"""

from __future__ import annotations

import attrs

__all__ = ["CHANCE", "TERMINAL", "Prompt", "Task"]

CHANCE = -1
"""`State.current_player` at a chance node."""

TERMINAL = -2
"""`State.current_player` once the game is over."""


@attrs.frozen
class Prompt:
    """A pending decision: who decides (a seat, or `CHANCE`), and about what.

    Subclass it with ``@attrs.frozen`` for each kind of decision, adding the context the decision
    needs (never hidden information: prompts are public).
    """

    player: int

    def __str__(self) -> str:
        who = "chance" if self.player == CHANCE else f"seat {self.player}"
        return f"{who}: {type(self).__name__}"


@attrs.frozen
class Task:
    """A queued step of a procedure, run by the game's ``_run_task`` hook when no prompt is pending."""
