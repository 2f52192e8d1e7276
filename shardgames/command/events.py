"""Shard Command events: everything that happens, in the past tense.

Events about hidden cards (a draw, a card put under the deck, a card looked at with Foresight) name the
card only for the seat who may know it (`Event.censor`). Cards are named by object number and design
name (``Sky Lancer #4``).
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from shardgames.command.keywords import ELEMENTS
from shardgames.command.objects import describe_object
from shardgames.kernel.events import Event

__all__ = [
    "EVENT_TYPES",
    "AttackDeclared",
    "CardDiscarded",
    "CardDrawn",
    "CardLookedAt",
    "CardMoved",
    "CardPlayed",
    "CombatDamageDealt",
    "Conceded",
    "DamageDealt",
    "DamagePrevented",
    "DeckEmpty",
    "Exhausted",
    "FirstPlayerChosen",
    "IntegrityChanged",
    "Intercepted",
    "ItemCountered",
    "ItemQueued",
    "ItemResolved",
    "ItemText",
    "ManaMade",
    "Paid",
    "PriorityPassed",
    "Readied",
    "RedrawFinished",
    "StatusChanged",
    "StepBegan",
    "StoneCharged",
    "TokenCreated",
    "TurnBegan",
]


@attrs.frozen
class FirstPlayerChosen(Event):
    """The coin flip chose the starting player."""

    seat: int

    def __str__(self) -> str:
        return f"seat {self.seat} goes first"


@attrs.frozen
class TurnBegan(Event):
    """A turn began."""

    turn: int
    seat: int

    def __str__(self) -> str:
        return f"turn {self.turn}: seat {self.seat}"


@attrs.frozen
class StepBegan(Event):
    """A step of the turn began (start, main, end, or a combat step)."""

    seat: int
    step: str

    def __str__(self) -> str:
        return f"seat {self.seat}: {self.step}"


@attrs.frozen
class CardDrawn(Event):
    """A seat drew a card; only that seat learns which."""

    private_field: ClassVar[str] = "seat"
    hidden_fields: ClassVar[tuple[str, ...]] = ("card", "name")
    seat: int
    card: int | None
    name: str | None

    def __str__(self) -> str:
        return f"seat {self.seat} drew {self.name or 'a card'}" + (
            f" #{self.card}" if self.card is not None else ""
        )


@attrs.frozen
class DeckEmpty(Event):
    """A seat had to draw from an empty Main Deck (it loses, CMD-46)."""

    seat: int

    def __str__(self) -> str:
        return f"seat {self.seat} could not draw: the deck is empty"


@attrs.frozen
class CardLookedAt(Event):
    """Foresight: a seat looked at a card of its deck; only that seat learns which."""

    private_field: ClassVar[str] = "seat"
    hidden_fields: ClassVar[tuple[str, ...]] = ("card", "name")
    seat: int
    card: int | None
    name: str | None
    bottom: bool

    def __str__(self) -> str:
        where = "put it on the bottom" if self.bottom else "left it on top"
        return f"seat {self.seat} looked at {self.name or 'a card'} and {where}"


@attrs.frozen
class RedrawFinished(Event):
    """A seat finished its Tactical Redraw: `count` cards went under and as many were drawn."""

    seat: int
    count: int

    def __str__(self) -> str:
        return f"seat {self.seat} redrew {self.count} card{'s' * (self.count != 1)}"


@attrs.frozen
class StoneCharged(Event):
    """A Charge Stone slid from the Pool to Unused."""

    seat: int
    stone: str

    def __str__(self) -> str:
        article = "an" if self.stone[0] in "AEIOU" else "a"
        return f"seat {self.seat} charged {article} {self.stone} Stone"


@attrs.frozen
class Paid(Event):
    """A cost was paid: stones slid to Used (Generic, then per element), filters made, mana abilities used."""

    seat: int
    cost: str
    used: tuple[int, ...]
    filters: int
    sources: tuple[int, ...]

    @property
    def stones(self) -> str:
        """The stones slid to Used, in words: ``"1 Generic, 1 Time"``."""
        names = ("Generic", *(e.label for e in ELEMENTS))
        return ", ".join(f"{n} {name}" for n, name in zip(self.used, names, strict=True) if n) or "no stones"

    def __str__(self) -> str:
        extra = f", {self.filters} filtered" if self.filters else ""
        used = f", using #{', #'.join(map(str, self.sources))}" if self.sources else ""
        return f"seat {self.seat} paid {self.cost} with {self.stones}{extra}{used}"


@attrs.frozen
class ManaMade(Event):
    """A mana ability or leftover payment made floating Shards."""

    seat: int
    source: int
    shards: str

    def __str__(self) -> str:
        return f"seat {self.seat}: #{self.source} made {self.shards}"


@attrs.frozen
class CardPlayed(Event):
    """A card was played (it goes on the Queue)."""

    seat: int
    card: int
    name: str
    from_scrap: bool = False

    def __str__(self) -> str:
        where = " from the Scrap zone" if self.from_scrap else ""
        return f"seat {self.seat} played {self.name} #{self.card}{where}"


@attrs.frozen
class ItemText:
    """A Queue item as events name it: ``Spark #12 (seat 0) -> #31`` (worded only when printed).

    Attributes:
        name: The design's name and object number, or ``sovereign N``.
        kind: ``""`` for a card, ``" ability"``, ``" trigger"`` or ``" (Volatile sacrifice)"``.
        seat: Who put it on the Queue.
        targets: Its targets (object numbers; players are 162 and 163).
    """

    name: str
    kind: str
    seat: int
    targets: tuple[int, ...]

    def __str__(self) -> str:
        aimed = f" -> {', '.join(describe_object(t) for t in self.targets)}" if self.targets else ""
        return f"{self.name}{self.kind} (seat {self.seat}){aimed}"


@attrs.frozen
class ItemQueued(Event):
    """An item went on the Queue."""

    seat: int
    text: ItemText
    depth: int

    def __str__(self) -> str:
        return f"queued ({self.depth}): {self.text}"


@attrs.frozen
class ItemResolved(Event):
    """The top item of the Queue resolved."""

    text: ItemText

    def __str__(self) -> str:
        return f"resolved: {self.text}"


@attrs.frozen
class ItemCountered(Event):
    """An item left the Queue without effect (Nullify, Delay, or no legal target left).

    `effect` names the effect that failed, when only one of the item's effects did.
    """

    text: ItemText
    why: str

    effect: str = ""

    def __str__(self) -> str:
        what = f"{self.effect} of {self.text}" if self.effect else str(self.text)
        return f"countered: {what} ({self.why})"


@attrs.frozen
class PriorityPassed(Event):
    """A seat passed priority."""

    seat: int

    def __str__(self) -> str:
        return f"seat {self.seat} passed"


@attrs.frozen
class CardMoved(Event):
    """A card changed zones (public moves only: into or out of the Arena, Scrap, exile, ...)."""

    card: int
    name: str
    source: str
    dest: str

    def __str__(self) -> str:
        return f"{self.name} #{self.card}: {self.source} -> {self.dest}"


@attrs.frozen
class CardDiscarded(Event):
    """A seat discarded a card (public: it goes to the Scrap zone)."""

    seat: int
    card: int
    name: str

    def __str__(self) -> str:
        return f"seat {self.seat} discarded {self.name} #{self.card}"


@attrs.frozen
class TokenCreated(Event):
    """Swarm created a 1/1 token."""

    seat: int
    token: int

    def __str__(self) -> str:
        return f"seat {self.seat} created token #{self.token}"


@attrs.frozen
class Exhausted(Event):
    """A permanent or Sovereign became Exhausted."""

    object: int

    def __str__(self) -> str:
        return f"#{self.object} exhausted"


@attrs.frozen
class Readied(Event):
    """A seat's cards were Readied in its Start Phase (the Frozen ones excepted)."""

    seat: int
    objects: tuple[int, ...]

    def __str__(self) -> str:
        return f"seat {self.seat} readied {len(self.objects)}"


@attrs.frozen
class AttackDeclared(Event):
    """An Entity attacked a player's Integrity or an Exhausted Entity."""

    attacker: int
    target: int

    def __str__(self) -> str:
        return f"#{self.attacker} attacks {describe_object(self.target)}"


@attrs.frozen
class Intercepted(Event):
    """The defender intercepted the attack (or let it through: `interceptors` empty)."""

    attacker: int
    interceptors: tuple[int, ...]

    def __str__(self) -> str:
        if not self.interceptors:
            return f"#{self.attacker} is not intercepted"
        return f"#{self.attacker} is intercepted by #{', #'.join(map(str, self.interceptors))}"


@attrs.frozen
class DamageDealt(Event):
    """Damage was marked on an Entity or taken from a player's Integrity."""

    source: int
    target: int
    amount: int
    combat: bool

    def __str__(self) -> str:
        kind = "combat damage" if self.combat else "damage"
        return f"{describe_object(self.source)} dealt {self.amount} {kind} to {describe_object(self.target)}"


@attrs.frozen
class CombatDamageDealt(Event):
    """A combat damage step begins (the damage it deals follows)."""

    attacker: int
    preemptive: bool

    def __str__(self) -> str:
        return f"combat damage, {'the Preemptive step' if self.preemptive else 'the regular step'}:"


@attrs.frozen
class DamagePrevented(Event):
    """Damage was prevented (Evade) or reduced (Armored) or blocked (Immunity)."""

    target: int
    amount: int
    why: str

    def __str__(self) -> str:
        return f"#{self.target}: {self.amount} damage prevented ({self.why})"


@attrs.frozen
class IntegrityChanged(Event):
    """A player's Integrity changed."""

    seat: int
    before: int
    after: int
    why: str

    def __str__(self) -> str:
        return f"seat {self.seat} Integrity {self.before} -> {self.after} ({self.why})"


@attrs.frozen
class StatusChanged(Event):
    """A permanent or player gained or lost a status (Upgrade, Freeze, Isolate, Blank, Submerge, ...)."""

    object: int
    status: str

    def __str__(self) -> str:
        return f"{describe_object(self.object)}: {self.status}"


@attrs.frozen
class Conceded(Event):
    """A player conceded (CMD-47)."""

    seat: int

    def __str__(self) -> str:
        return f"seat {self.seat} conceded"


EVENT_TYPES: tuple[type[Event], ...] = (
    FirstPlayerChosen,
    TurnBegan,
    StepBegan,
    CardDrawn,
    DeckEmpty,
    CardLookedAt,
    RedrawFinished,
    StoneCharged,
    Paid,
    ManaMade,
    CardPlayed,
    ItemQueued,
    ItemResolved,
    ItemCountered,
    PriorityPassed,
    CardMoved,
    CardDiscarded,
    TokenCreated,
    Exhausted,
    Readied,
    AttackDeclared,
    Intercepted,
    DamageDealt,
    CombatDamageDealt,
    DamagePrevented,
    IntegrityChanged,
    StatusChanged,
    Conceded,
)
"""Every event type of the game (for JSON)."""
