"""Tactics actions: purchases, moves, attacks, the turn's bookkeeping, effect decisions, and chance.

Squares are numbered 0 to 63 (``a1`` is 0, ``h8`` is 63; see `shardgames.tactics.board`).
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from shardgames.kernel.actions import Action
from shardgames.tactics.board import name
from shardgames.tactics.warriors import Terrain

__all__ = [
    "Attack",
    "BuyAction",
    "BuyTerrain",
    "BuyWarrior",
    "ChooseEffect",
    "Decline",
    "EndTurn",
    "FirstPlayer",
    "Move",
    "PlaceTerrain",
    "Stop",
]


@attrs.frozen
class Stop(Action):
    """Setup: stop buying for the rest of setup; the Souls left carry into play (TAC-20, R3)."""

    @property
    def is_noop(self) -> bool:
        """Stopping is taken automatically by a player with nothing left to buy (TAC-R3)."""
        return True

    def __str__(self) -> str:
        return "stop buying"


@attrs.frozen
class BuyWarrior(Action):
    """Setup: buy the warrior whose roster id is `card` (``"knight"``) and place it on `cell`."""

    card: str
    cell: int

    def __str__(self) -> str:
        return f"buy {self.card} at {name(self.cell)}"


@attrs.frozen
class BuyTerrain(Action):
    """Setup: buy a terrain piece (1 Soul) and place it on `cell`."""

    terrain: Terrain
    cell: int

    def __str__(self) -> str:
        return f"buy {self.terrain.value} at {name(self.cell)}"


@attrs.frozen(cache_hash=True)  # hashed on every legality check: keep the hash
class Move(Action):
    """Move the warrior on `origin` to `dest` (TAC-R12); ``dest == origin`` is a 0-space move.

    A move onto (or over) an own Portal from which the warrior could teleport is answered in two
    decisions (E9): this move names the Portal, then a ``portal`` decision names the exit, as
    ``Move(portal, exit)``, or declines to stop on the Portal. The same action answers a riposte and
    a nudge (the nudged warrior's square and its new square).
    """

    origin: int
    dest: int

    def __str__(self) -> str:
        if self.origin == self.dest:
            return f"move {name(self.origin)} 0 spaces"
        return f"move {name(self.origin)} to {name(self.dest)}"


@attrs.frozen(cache_hash=True)
class Attack(Action):
    """Attack the enemy on `target` with the warrior on `origin`."""

    origin: int
    target: int

    def __str__(self) -> str:
        return f"attack {name(self.target)} from {name(self.origin)}"


@attrs.frozen
class BuyAction(Action):
    """Pay 1 Soul for one more action this turn (TAC-26, R8)."""

    def __str__(self) -> str:
        return "buy an action"


@attrs.frozen
class EndTurn(Action):
    """End the turn."""

    def __str__(self) -> str:
        return "end turn"


@attrs.frozen
class Decline(Action):
    """Do not use an optional effect (or a portal)."""

    @property
    def is_noop(self) -> bool:
        """Declining does nothing: it is taken automatically when the effect has no possible use."""
        return True

    def __str__(self) -> str:
        return "decline"


@attrs.frozen
class PlaceTerrain(Action):
    """Place the terrain of a PLACE_TERRAIN effect on `cell`."""

    cell: int

    def __str__(self) -> str:
        return f"place terrain at {name(self.cell)}"


@attrs.frozen
class ChooseEffect(Action):
    """Of several waiting turn-start effects, resolve that of the warrior on `cell` next (TAC-R16)."""

    cell: int

    def __str__(self) -> str:
        return f"resolve the effect of {name(self.cell)} next"


@attrs.frozen
class FirstPlayer(Action):
    """Chance: seat `seat` wins the coin flip and plays first (TAC-12)."""

    is_chance: ClassVar[bool] = True
    seat: int

    def __str__(self) -> str:
        return f"seat {self.seat} goes first"
