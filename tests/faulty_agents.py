"""Agents that fail on purpose, for the fault tests.

They live in a module of their own so that worker processes (and Ray workers) can import them.
"""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

import shardgames as sg


class Crasher:
    """Plays at random, but raises at a decision with the probability `rate` (from its generator)."""

    name = "crasher"

    def __init__(self, rate: float = 1.0) -> None:
        self.rate = rate

    def act(self, view: sg.View, rng: sg.Rng) -> sg.Action:
        if rng.random() < self.rate:
            raise RuntimeError("the crasher crashed")
        return rng.choice(view.legal_actions)


class Sleeper:
    """Plays at random, sleeping `seconds` before each decision: a game that takes a while."""

    name = "sleeper"

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds

    def act(self, view: sg.View, rng: sg.Rng) -> sg.Action:
        time.sleep(self.seconds)
        return rng.choice(view.legal_actions)


class Cheater:
    """Answers with an action of another seat, which is never legal."""

    name = "cheater"

    def act(self, view: sg.View, rng: sg.Rng) -> sg.Action:
        return view.legal_actions[0].__class__  # a class, not an action of the game  # type: ignore[return-value]


class WorkerKiller:
    """Plays at random; the first time it acts in a worker process, it kills that process (SIGKILL).

    A worker process is any process but the one that made the agent; the marker file says that the
    kill has happened, so the game played again afterwards is played to its end.
    """

    name = "killer"

    def __init__(self, marker: Path) -> None:
        self.marker = marker
        self.parent = os.getpid()

    def act(self, view: sg.View, rng: sg.Rng) -> sg.Action:
        if os.getpid() != self.parent and not self.marker.exists():
            self.marker.touch()
            os.kill(os.getpid(), signal.SIGKILL)
        return rng.choice(view.legal_actions)


class AlwaysKiller(WorkerKiller):
    """Kills every worker process it acts in: its games can never be finished in a worker."""

    def act(self, view: sg.View, rng: sg.Rng) -> sg.Action:
        if os.getpid() != self.parent:
            os.kill(os.getpid(), signal.SIGKILL)
        return rng.choice(view.legal_actions)
