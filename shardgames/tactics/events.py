"""Tactics events: everything that happens, in the past tense. Squares are numbers (``a1`` is 0)."""

from __future__ import annotations

import attrs

from shardgames.kernel.events import Event
from shardgames.tactics.board import name

__all__ = [
    "ActionBought",
    "Attacked",
    "EffectUsed",
    "FirstPlayerChosen",
    "Injured",
    "Moved",
    "SetupStopped",
    "SoulGained",
    "Teleported",
    "TerrainPlaced",
    "TurnBegan",
    "TurnEnded",
    "WarriorBought",
    "WarriorDefeated",
]


@attrs.frozen
class FirstPlayerChosen(Event):
    """The coin chose the seat that buys and plays first."""

    player: int

    def __str__(self) -> str:
        return f"seat {self.player} goes first"


@attrs.frozen
class WarriorBought(Event):
    """A warrior was bought and placed."""

    player: int
    warrior: int
    name: str
    cell: int
    price: int

    def __str__(self) -> str:
        return f"seat {self.player} bought {self.name} for {self.price} at {name(self.cell)}"


@attrs.frozen
class TerrainPlaced(Event):
    """A terrain piece was placed (bought in setup, or by an effect)."""

    player: int
    terrain: str
    cell: int

    def __str__(self) -> str:
        return f"seat {self.player} placed {self.terrain} at {name(self.cell)}"


@attrs.frozen
class SetupStopped(Event):
    """A seat stopped buying; its Souls left carry into play."""

    player: int
    souls: int

    def __str__(self) -> str:
        return f"seat {self.player} stopped buying with {self.souls} souls left"


@attrs.frozen
class TurnBegan(Event):
    """A turn of play began."""

    player: int
    turn: int

    def __str__(self) -> str:
        return f"turn {self.turn}: seat {self.player}"


@attrs.frozen
class TurnEnded(Event):
    """A turn of play ended."""

    player: int
    actions: int

    def __str__(self) -> str:
        return f"seat {self.player} ended its turn after {self.actions} actions"


@attrs.frozen
class SoulGained(Event):
    """A seat used no action in its turn and gained a Soul (TAC-27)."""

    player: int
    souls: int

    def __str__(self) -> str:
        return f"seat {self.player} gains a soul ({self.souls})"


@attrs.frozen
class ActionBought(Event):
    """A seat paid a Soul for an extra action."""

    player: int
    souls: int

    def __str__(self) -> str:
        return f"seat {self.player} bought an extra action ({self.souls} souls left)"


@attrs.frozen
class Moved(Event):
    """A warrior moved (by an action, or by an effect)."""

    warrior: int
    name: str
    origin: int
    dest: int

    def __str__(self) -> str:
        return f"{self.name} moved from {name(self.origin)} to {name(self.dest)}"


@attrs.frozen
class Teleported(Event):
    """A warrior went through a portal."""

    warrior: int
    name: str
    portal: int
    dest: int

    def __str__(self) -> str:
        return f"{self.name} went through the portal at {name(self.portal)} to {name(self.dest)}"


@attrs.frozen
class Attacked(Event):
    """A warrior attacked another: the target's Might went down by `reduction`."""

    attacker: int
    attacker_name: str
    target: int
    target_name: str
    reduction: int
    might_left: int

    def __str__(self) -> str:
        return (
            f"{self.attacker_name} attacked {self.target_name}: -{self.reduction} Might "
            f"({self.might_left} left)"
        )


@attrs.frozen
class Injured(Event):
    """A warrior was injured and flipped to its injured side."""

    warrior: int
    name: str

    def __str__(self) -> str:
        return f"{self.name} is injured"


@attrs.frozen
class WarriorDefeated(Event):
    """A warrior was defeated and left the board."""

    warrior: int
    name: str

    def __str__(self) -> str:
        return f"{self.name} is defeated"


@attrs.frozen
class EffectUsed(Event):
    """A warrior's effect acted."""

    warrior: int
    name: str
    effect: str
    detail: str

    def __str__(self) -> str:
        return f"{self.name}'s {self.effect}: {self.detail}"


EVENT_TYPES: tuple[type[Event], ...] = (
    FirstPlayerChosen,
    WarriorBought,
    TerrainPlaced,
    SetupStopped,
    TurnBegan,
    TurnEnded,
    SoulGained,
    ActionBought,
    Moved,
    Teleported,
    Attacked,
    Injured,
    WarriorDefeated,
    EffectUsed,
)
