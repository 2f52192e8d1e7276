"""The things on the table: object numbers, permanents in the Arena, Queue items and the combat.

**Object numbers** (stable for a whole game, convention E5): seat *s*'s Main Deck cards are
``60 * s + i`` (``i`` in decklist order), Swarm tokens take the numbers from `TOKENS` up (a number is
reused only after its token ceased to exist), each Sovereign is ``SOVEREIGNS + s``, and a target that is
a player is ``PLAYERS + s``.
"""

from __future__ import annotations

import operator
from typing import Any

import attrs

from shardgames.command.keywords import Trigger

__all__ = [
    "ABILITY",
    "DECK_STRIDE",
    "MAX_TOKENS",
    "NO_STONES",
    "OBJECTS",
    "PERMANENT_FIELDS",
    "PLAYERS",
    "QUEUE_ITEM_KINDS",
    "SOVEREIGNS",
    "SPELL",
    "STONE_KINDS",
    "TARGETS",
    "TOKENS",
    "TRIGGERED",
    "VOLATILE",
    "Casting",
    "Combat",
    "Permanent",
    "QueueItem",
    "describe_object",
    "player_target",
]

STONE_KINDS = 11
"""Stones and Shards are counted Generic first, then per element."""
NO_STONES = (0,) * STONE_KINDS
"""No stones of any kind."""
DECK_STRIDE = 60
"""Numbers reserved per seat for its Main Deck cards (the largest Main Deck)."""
TOKENS = 2 * DECK_STRIDE
"""The first token number."""
MAX_TOKENS = 40
"""How many tokens may exist at once; a Swarm beyond that creates nothing."""
SOVEREIGNS = TOKENS + MAX_TOKENS
"""Seat *s*'s Sovereign is ``SOVEREIGNS + s``."""
PLAYERS = SOVEREIGNS + 2
"""A target that is seat *s* is ``PLAYERS + s``."""
OBJECTS = SOVEREIGNS
"""Cards and tokens are numbered ``0 .. OBJECTS - 1``."""
TARGETS = PLAYERS + 2
"""Every target number is below this."""

# The kinds of Queue item (`QueueItem.kind`).
SPELL = 0
"""Queue item kind: a card being played. A Rite's effects happen when it resolves; an Entity or an
Item enters its controller's Arena then."""
ABILITY = 1
"""Queue item kind: an activated ability of a permanent or a Sovereign (an Exhaust ability, Warp or
Bombard); `QueueItem.ability` says which."""
TRIGGERED = 2
"""Queue item kind: a triggered ability, put on the Queue when its trigger happens (an Entity
entering the Arena, the start or end of its controller's turn, an attack, another of its controller's
permanents leaving); `QueueItem.trigger` says which."""
VOLATILE = 3
"""Queue item kind: the end-of-turn sacrifice of a Volatile Entity (keyword K51), which can be
answered like any other item."""
QUEUE_ITEM_KINDS = (SPELL, ABILITY, TRIGGERED, VOLATILE)
"""Every kind of Queue item, in number order."""


def player_target(seat: int) -> int:
    """The target number of a player."""
    return PLAYERS + seat


def describe_object(number: int) -> str:
    """``#17``, ``token #121``, ``sovereign 0`` or ``player 1``."""
    if number >= PLAYERS:
        return f"player {number - PLAYERS}"
    if number >= SOVEREIGNS:
        return f"sovereign {number - SOVEREIGNS}"
    if number >= TOKENS:
        return f"token #{number}"
    return f"#{number}"


@attrs.define(eq=True)
class Permanent:
    """An Entity, Item or token in the Arena (mutable; copied by `copy`).

    Attributes:
        id: Its object number.
        kind: Its design's number (tokens: `CommandGame.token_kind`).
        owner: Its owner (and controller: control never changes).
        entered: The turn it entered the Arena (Deployment Fatigue on that turn).
        token: Whether it is a token.
        exhausted: Whether it is Exhausted.
        damage: Marked damage.
        upgrades: Permanent +1/+1 Upgrades.
        submerged: Submerges this turn (-2 Force each).
        blanked: Whether it lost its keywords and abilities until end of turn.
        frozen: Whether it skips its controller's next Ready.
        isolated_until: The last turn it can't attack or Intercept (0: not Isolated).
        trench: Trench counters.
        echo: Whether it carries an Echo marker (it is Obliterated when it leaves).
        evaded: The last turn its Evade prevented damage.
        attacked: The last turn it attacked.
        doomed: Whether a Fatal hit destroys it at the next state check.
        uses: The turn, then this turn's uses of each activated ability by number; only Warp and
            Bombard are counted, as the others Exhaust the source (R21).
    """

    id: int
    kind: int
    owner: int
    entered: int
    token: bool = False
    exhausted: bool = False
    damage: int = 0
    upgrades: int = 0
    submerged: int = 0
    blanked: bool = False
    frozen: bool = False
    isolated_until: int = 0
    trench: int = 0
    echo: bool = False
    evaded: int = 0
    attacked: int = 0
    doomed: bool = False
    uses: tuple[int, ...] = (0, 0, 0, 0, 0)

    def copy(self) -> Permanent:
        """An independent copy (written out: it is on the hot path of `State.clone`)."""
        other = object.__new__(Permanent)
        other.id = self.id
        other.kind = self.kind
        other.owner = self.owner
        other.entered = self.entered
        other.token = self.token
        other.exhausted = self.exhausted
        other.damage = self.damage
        other.upgrades = self.upgrades
        other.submerged = self.submerged
        other.blanked = self.blanked
        other.frozen = self.frozen
        other.isolated_until = self.isolated_until
        other.trench = self.trench
        other.echo = self.echo
        other.evaded = self.evaded
        other.attacked = self.attacked
        other.doomed = self.doomed
        other.uses = self.uses
        return other

    def as_tuple(self) -> tuple[object, ...]:
        """Every field, in `PERMANENT_FIELDS` order (every view and determinisation reads the Arena so)."""
        fields: tuple[object, ...] = _ALL_FIELDS(self)
        return fields

    @classmethod
    def from_tuple(cls, values: tuple[object, ...]) -> Permanent:
        """The permanent whose fields are `values` (see `as_tuple`)."""
        fields: tuple[Any, ...] = values  # each in its field's type, as `as_tuple` gave them
        return cls(*fields)


PERMANENT_FIELDS = tuple(a.name for a in attrs.fields(Permanent))
"""The names of a permanent's fields, in order."""
_ALL_FIELDS = operator.attrgetter(*PERMANENT_FIELDS)
assert len(PERMANENT_FIELDS) == 18, "Permanent.copy copies 18 fields by name: keep it in step"


@attrs.frozen
class QueueItem:
    """An item on the Response Queue (public).

    Examples:
        >>> from shardgames.command import SPELL, QueueItem, Trigger
        >>> item = QueueItem(SPELL, controller=0, source=12, design=3, trigger=Trigger.ON_RESOLVE)
        >>> item.kind == SPELL
        True

    Attributes:
        kind: What the item is, one of `QUEUE_ITEM_KINDS`: `SPELL` (a card being played), `ABILITY`
            (an activated ability), `TRIGGERED` (a triggered ability) or `VOLATILE` (the end-of-turn
            sacrifice of a Volatile Entity).
        controller: Who put it there.
        source: The card (a spell), the permanent or Sovereign whose ability it is.
        design: The design whose effects it carries.
        trigger: Which of the design's effects: `ON_RESOLVE` for a Rite, `ON_DEPLOY` for a triggered
            "enters" ability, `ACTIVATED_EXHAUST` for an Exhaust ability, ...; `STATIC` for an Entity or
            Item spell (it enters the Arena) and for Warp; `ACTIVATED` for Bombard.
        targets: One target per effect (-1 where the effect takes none).
        echo: Whether the card was played from the Scrap zone (it is Obliterated afterwards).
        ability: For an activated ability, its number (`compiled.EXHAUST`, `WARP`, `BOMBARD`).
    """

    kind: int
    controller: int
    source: int
    design: int
    trigger: Trigger
    targets: tuple[int, ...] = ()
    echo: bool = False
    ability: int = -1

    def with_target(self, index: int, target: int) -> QueueItem:
        """The same item with target number `index` set to `target` (written out: it is on the hot path)."""
        targets = list(self.targets)
        targets[index] = target
        return QueueItem(
            self.kind,
            self.controller,
            self.source,
            self.design,
            self.trigger,
            tuple(targets),
            self.echo,
            self.ability,
        )


@attrs.define
class Casting:
    """A card or ability being put on the Queue: its targets are chosen one by one (R22).

    Attributes:
        item: The item so far (its `targets` grow as they are chosen).
        slots: For each effect, whether it needs a target.
        play: The card played (-1 for an ability).
        ability: The ability activated (-1 for a card).
        sacrifice: Whether an Entity must still be sacrificed as a cost.
        trench: Whether a trench counter must still be removed (Bombard).
        paid: Whether the Shard cost is paid already (it is paid before a sacrifice).
    """

    item: QueueItem
    slots: tuple[bool, ...]
    play: int = -1
    ability: int = -1
    sacrifice: bool = False
    trench: bool = False
    paid: bool = False

    def copy(self) -> Casting:
        """An independent copy (its fields are all immutable values; written out for `State.clone`)."""
        return Casting(self.item, self.slots, self.play, self.ability, self.sacrifice, self.trench, self.paid)


@attrs.define
class Combat:
    """The attack in progress.

    Attributes:
        attacker: The attacking Entity.
        target: The Entity attacked, or `PLAYERS + defender` for an attack on Integrity (-1 until chosen).
        interceptors: The interceptors, in damage order once ordered.
        ordered: How many interceptors have been put in order.
        chosen: Interceptors chosen so far against an Intimidating attacker.
        intercepted: Whether the attack was intercepted (it then fights only its interceptors, even
            when they have all left).
    """

    attacker: int
    target: int = -1
    interceptors: tuple[int, ...] = ()
    ordered: int = 0
    chosen: tuple[int, ...] = ()
    intercepted: bool = False

    def copy(self) -> Combat:
        """An independent copy (its fields are all immutable values; written out for `State.clone`)."""
        return Combat(
            self.attacker, self.target, self.interceptors, self.ordered, self.chosen, self.intercepted
        )
