"""Card designs compiled for play: what the rules look up about a card, precomputed once per game.

A `CardInfo` holds a design's type, Identity (as a bit mask), cost and stats, the static keywords it
carries, its additional costs, and its abilities grouped by trigger, so the hot path reads attributes
instead of walking keyword lists.

Activated abilities are numbered per card (`Activate.ability`): `EXHAUST` (its ``Exhaust: ...``
effects, the Sovereign's ``Exhaust your Sovereign: ...``), `MANA` (Flow or Elemental Rock), `WARP`
and `BOMBARD`.
"""

from __future__ import annotations

import attrs

from shardgames.command.cards import Card, EntityCard, KeywordInstance, MainDeckCard, ShardCost, SovereignCard
from shardgames.command.keywords import ELEMENTS, CardType, KeywordKind, Trigger

__all__ = ["ABILITIES", "BOMBARD", "EXHAUST", "MANA", "WARP", "CardInfo", "compile_card"]

EXHAUST, MANA, WARP, BOMBARD = 0, 1, 2, 3
"""The numbers of a card's activated abilities."""
ABILITIES = 4
"""How many activated abilities a card can have."""

# static keyword ids used by the rules
AERIAL, ARMORED, ASSAULT, BREACH = "K02", "K03", "K04", "K08"
ENTRENCH, ENTERS_EXHAUSTED, EVADE, FATAL = "K16", "K17", "K18", "K20"
IMMUNITY, INTERCEPTOR, INTIMIDATING, PREEMPTIVE = "K25", "K26", "K27", "K33"
RECKLESS, REGENERATE, SENTRY, SIPHON = "K35", "K36", "K40", "K42"
SURGE, SWIFT, TIRELESS, UNBLOCKABLE = "K44", "K46", "K47", "K48"
VEILED, VOLATILE = "K50", "K51"

_STATIC_BITS = {
    kid: 1 << i
    for i, kid in enumerate(
        (
            AERIAL, ARMORED, ASSAULT, BREACH, ENTRENCH, ENTERS_EXHAUSTED, EVADE, FATAL, IMMUNITY,
            INTERCEPTOR, INTIMIDATING, PREEMPTIVE, RECKLESS, REGENERATE, SENTRY, SIPHON, SURGE, SWIFT,
            TIRELESS, UNBLOCKABLE, VEILED, VOLATILE,
        )
    )
}  # fmt: skip
"""One bit per static keyword: a permanent's keywords are an int, combined with auras by ``|``."""


def bit(keyword_id: str) -> int:
    """The bit of a static keyword (``bit("K02")`` for Aerial)."""
    return _STATIC_BITS[keyword_id]


def element_mask(elements: tuple[int, ...] | list[int]) -> int:
    """A bit mask of element numbers."""
    mask = 0
    for element in elements:
        mask |= 1 << element
    return mask


@attrs.frozen
class CardInfo:
    """One design as the rules use it.

    Attributes:
        kind: The design's number in the game's card table.
        card: The design.
        type: Its card type.
        identity: Its elements' numbers.
        identity_mask: Its elements as a bit mask (Immunity checks).
        cost: Its Shard cost (empty for a Sovereign).
        force: Its Force (Entities and Sovereigns).
        durability: Its Durability (Entities).
        statics: Its static keywords (and drawbacks) as bits.
        immunity: The elements its Immunity protects from, as a bit mask.
        fast: Whether it is a Fast Speed Rite.
        echo: Whether it is a Rite with Echo.
        pay_integrity: Whether playing it also costs 1 Integrity.
        sacrifice: Whether playing it also costs sacrificing an Entity.
        effects: Its effect keyword instances by trigger.
        mana: For a mana ability: (shards, element numbers; empty for generic Shards).
        warp_cost: Warp's Shard cost, or ``None`` without Warp.
        bombard: Whether it has Bombard.
        auras: For a Sovereign: the static keywords it gives your Entities, as bits.
        aura_immunity: For a Sovereign: the elements an Immunity aura protects from.
    """

    kind: int
    card: Card
    type: CardType
    identity: tuple[int, ...]
    identity_mask: int
    cost: ShardCost
    force: int
    durability: int
    statics: int
    immunity: int
    fast: bool
    echo: bool
    pay_integrity: bool
    sacrifice: bool
    effects: dict[Trigger, tuple[KeywordInstance, ...]]
    mana: tuple[int, tuple[int, ...]] | None
    warp_cost: ShardCost | None
    bombard: bool
    auras: int
    aura_immunity: int
    activated: tuple[int, ...] = ()

    @property
    def name(self) -> str:
        """The design's name."""
        return self.card.name

    @property
    def is_entity(self) -> bool:
        """Whether it is an Entity."""
        return self.type is CardType.ENTITY

    def has(self, keyword_id: str) -> bool:
        """Whether the design itself carries a static keyword (before auras and Blank)."""
        return bool(self.statics & _STATIC_BITS[keyword_id])

    def abilities(self) -> tuple[int, ...]:
        """The numbers of its activated abilities (precomputed in `activated`)."""
        return self.activated

    def _abilities(self) -> tuple[int, ...]:
        found = []
        if self.effects.get(Trigger.ACTIVATED_EXHAUST):
            found.append(EXHAUST)
        if self.mana is not None:
            found.append(MANA)
        if self.warp_cost is not None:
            found.append(WARP)
        if self.bombard:
            found.append(BOMBARD)
        return tuple(found)


def compile_card(kind: int, card: Card) -> CardInfo:
    """Compile one design."""
    statics = 0
    immunity = 0
    effects: dict[Trigger, list[KeywordInstance]] = {}
    mana: tuple[int, tuple[int, ...]] | None = None
    warp_cost = None
    bombard = fast = echo = pay = sacrifice = False
    sovereign = isinstance(card, SovereignCard)
    for inst in card.keywords:
        kw = inst.keyword
        if kw.kind is KeywordKind.EFFECT:
            effects.setdefault(inst.trigger, []).append(inst)
        elif kw.kind in (KeywordKind.STATIC, KeywordKind.DRAWBACK):
            statics |= _STATIC_BITS[kw.id]
            if inst.element is not None:
                immunity |= 1 << ELEMENTS.index(inst.element)
        elif kw.id == "K19":
            fast = True
        elif kw.id == "K14":
            echo = True
        elif kw.id == "K32":
            pay = True
        elif kw.id == "K39":
            sacrifice = True
        elif kw.id == "K21":
            mana = (1, ())
        elif kw.id == "K15":
            mana = (inst.amount or 1, tuple(ELEMENTS.index(e) for e in card.identity))
        elif kw.id == "K52":
            warp_cost = ShardCost(inst.cost if inst.cost is not None else 1)
        elif kw.id == "K07":
            bombard = True
    identity = tuple(ELEMENTS.index(e) for e in card.identity)
    compiled = CardInfo(
        kind=kind,
        card=card,
        type=card.type,
        identity=identity,
        identity_mask=element_mask(identity),
        cost=card.cost if isinstance(card, MainDeckCard) else ShardCost(),
        force=card.force if isinstance(card, (EntityCard, SovereignCard)) else 0,
        durability=card.durability if isinstance(card, EntityCard) else 0,
        statics=0 if sovereign else statics,
        immunity=0 if sovereign else immunity,
        fast=fast,
        echo=echo,
        pay_integrity=pay,
        sacrifice=sacrifice,
        effects={trigger: tuple(found) for trigger, found in effects.items()},
        mana=mana,
        warp_cost=warp_cost,
        bombard=bombard,
        auras=statics if sovereign else 0,
        aura_immunity=immunity if sovereign else 0,
    )
    return attrs.evolve(compiled, activated=compiled._abilities())
