"""The Shard Command vocabulary: elements, card types, triggers, target scopes and the 52 keywords.

Every keyword of the glossary (K01 to K52) is one `Keyword` record in `KEYWORDS`: its element, its points in
the cost model, what kind of ability it is (a static property, a drawback, an effect, an additional cost,
...), which card types may carry it, which target scopes and triggers it accepts, and its reminder text.
The cost model (`shardgames.command.cost`), the card validator and the game engine all read this one
table.

Examples:
    >>> from shardgames.command.keywords import KEYWORDS, keyword
    >>> len(KEYWORDS)
    52
    >>> deal = keyword("deal")
    >>> deal.id, deal.name, deal.element, deal.points(3)
    ('K09', 'Deal # Dmg', <Element.FIRE: 'fire'>, 3)
    >>> keyword("K24").points(5)  # Heal #: half the amount, rounded up
    3
    >>> print(keyword("sentry"))
    K40 Sentry (Earth, drawback, -2)
"""

from __future__ import annotations

import difflib
import importlib
import re
from collections.abc import Callable, Mapping
from enum import StrEnum
from types import MappingProxyType
from typing import Any, TypeVar

import attrs

from shardgames.kernel.registry import Registry

__all__ = [
    "ELEMENTS",
    "KEYWORDS",
    "MAX_AMOUNT",
    "CardType",
    "Effect",
    "Element",
    "Keyword",
    "KeywordKind",
    "Reach",
    "Scope",
    "Trigger",
    "effect_of",
    "element_counts",
    "keyword",
    "parse_element",
    "register_effect",
    "register_keyword",
    "registered_keywords",
]

Effect = Callable[..., None]
"""What an effect keyword does: ``effect(state, item, instance, target, elements)`` (`register_keyword`)."""
EffectT = TypeVar("EffectT", bound=Effect)

MAX_AMOUNT = 10
"""The largest magnitude ``#`` a keyword may have (Deal 10 Dmg, Draw 10); the smallest is 1."""


class Element(StrEnum):
    """The ten elements, in the order of the rules; each has a one-letter code for Shard costs."""

    EARTH = "earth"
    AIR = "air"
    MALICE = "malice"
    VOID = "void"
    FIRE = "fire"
    TIME = "time"
    DEATH = "death"
    WATER = "water"
    LIFE = "life"
    SPACE = "space"

    @property
    def letter(self) -> str:
        """The element's letter in a Shard cost: ``E A M V F T D W L S``."""
        return _LETTERS[self]

    @property
    def label(self) -> str:
        """The element's display name, ``"Earth"``."""
        return self.value.capitalize()


ELEMENTS: tuple[Element, ...] = tuple(Element)
_LETTERS = {element: element.value[0].upper() for element in ELEMENTS}
ELEMENT_BY_LETTER: Mapping[str, Element] = MappingProxyType({v: k for k, v in _LETTERS.items()})


def parse_element(text: str) -> Element:
    """An element by name or letter, in any case (``"water"``, ``"Water"``, ``"W"``).

    Raises:
        ValueError: If it names no element; the message lists the elements.
    """
    key = text.strip()
    if len(key) == 1 and key.upper() in ELEMENT_BY_LETTER:
        return ELEMENT_BY_LETTER[key.upper()]
    try:
        return Element(key.lower())
    except ValueError:
        names = ", ".join(e.value for e in ELEMENTS)
        raise ValueError(f"{text!r} is not an element; the elements are {names}") from None


def element_counts(**counts: int) -> tuple[int, ...]:
    """Counts per element, in element order, from counts by name or letter: ``element_counts(water=1)``.

    Raises:
        ValueError: If a name is not an element.
    """
    found = [0] * len(ELEMENTS)
    for name, count in counts.items():
        found[ELEMENTS.index(parse_element(name))] = count
    return tuple(found)


class CardType(StrEnum):
    """The four card types."""

    ENTITY = "entity"
    ITEM = "item"
    RITE = "rite"
    SOVEREIGN = "sovereign"

    @property
    def label(self) -> str:
        """The type's display name, ``"Entity"``."""
        return self.value.capitalize()

    @property
    def with_article(self) -> str:
        """``"an Entity"``, ``"a Rite"``: for sentences."""
        return f"{'an' if self.value[0] in 'aeiou' else 'a'} {self.label}"


class Trigger(StrEnum):
    """When a keyword instance acts (CMD-D3).

    ``static`` is the keyword being part of the card: a property such as Aerial, a Rite's Fast Speed, an
    additional cost to play it, a mana or activated ability with its own cost, or a Sovereign's aura.
    """

    STATIC = "static"
    ON_RESOLVE = "on_resolve"
    ON_DEPLOY = "on_deploy"
    ACTIVATED_EXHAUST = "activated_exhaust"
    ACTIVATED = "activated"
    START_OF_YOUR_TURN = "start_of_your_turn"
    END_OF_YOUR_TURN = "end_of_your_turn"
    WHENEVER_ANOTHER_OF_YOURS_LEAVES = "whenever_another_of_yours_leaves"
    WHENEVER_THIS_ATTACKS = "whenever_this_attacks"

    @property
    def multiplier(self) -> int:
        """2 for a repeating trigger (start or end of your turn, whenever ...), else 1 (CMD-R4)."""
        return 2 if self in _REPEATING else 1

    @property
    def phrase(self) -> str:
        """How a card's text says it: ``"At the start of your turn"``."""
        return _TRIGGER_PHRASES[self]


_REPEATING = frozenset(
    {
        Trigger.START_OF_YOUR_TURN,
        Trigger.END_OF_YOUR_TURN,
        Trigger.WHENEVER_ANOTHER_OF_YOURS_LEAVES,
        Trigger.WHENEVER_THIS_ATTACKS,
    }
)
_TRIGGER_PHRASES = {
    Trigger.STATIC: "",
    Trigger.ON_RESOLVE: "",
    Trigger.ON_DEPLOY: "When this enters the Arena",
    Trigger.ACTIVATED_EXHAUST: "Exhaust",
    Trigger.ACTIVATED: "",
    Trigger.START_OF_YOUR_TURN: "At the start of your turn",
    Trigger.END_OF_YOUR_TURN: "At the end of your turn",
    Trigger.WHENEVER_ANOTHER_OF_YOURS_LEAVES: "Whenever another Entity of yours leaves the Arena",
    Trigger.WHENEVER_THIS_ATTACKS: "Whenever this attacks",
}


class Scope(StrEnum):
    """Whom a keyword instance affects (CMD-D3)."""

    SINGLE = "single"
    SELF = "self"
    YOU = "you"
    TARGET_OPPONENT = "target_opponent"
    EACH_OPPOSING_ENTITY = "each_opposing_entity"
    EACH_ENTITY = "each_entity"
    EACH_OF_YOUR_ENTITIES = "each_of_your_entities"

    @property
    def multiplier(self) -> int:
        """2 for a wide scope (each opposing Entity, each Entity, each of your Entities), else 1 (CMD-R4)."""
        return 2 if self in _WIDE else 1

    @property
    def is_wide(self) -> bool:
        """Whether the scope covers several Entities at once."""
        return self in _WIDE


_WIDE = frozenset({Scope.EACH_OPPOSING_ENTITY, Scope.EACH_ENTITY, Scope.EACH_OF_YOUR_ENTITIES})


class Reach(StrEnum):
    """Where an effect keyword acts: what the target of a ``single`` instance of it may be (R22)."""

    ENTITY = "entity"
    """An Entity in the Arena that the card may target (Destroy Entity, Freeze)."""
    ANY = "any"
    """An Entity in the Arena that the card may target, or a player (Deal # Dmg, Bombard)."""
    RITE_ON_QUEUE = "rite_on_queue"
    """A Rite on the Queue (Delay)."""
    OPPOSING_RITE_ON_QUEUE = "opposing_rite_on_queue"
    """A Rite of the opponent's on the Queue (Nullify Rite)."""
    SCRAP_CARD = "scrap_card"
    """A card in any Scrap zone (Banish)."""
    OWN_SCRAP_ENTITY = "own_scrap_entity"
    """An Entity card in your own Scrap zone (Reanimate, Revive to Hand)."""


class KeywordKind(StrEnum):
    """What kind of ability a keyword is; it decides where the keyword fits and how it is priced."""

    STATIC = "static"
    """A property of an Entity (Aerial, Armored); on a Sovereign, an aura for all your Entities."""
    DRAWBACK = "drawback"
    """A property that makes the card worse (Sentry, Reckless); negative points, never multiplied."""
    EFFECT = "effect"
    """Does something when its trigger fires (Deal # Dmg, Draw # Card); takes a trigger and a scope."""
    RITE = "rite"
    """Changes how a Rite is cast (Fast Speed, Echo)."""
    MANA = "mana"
    """An Exhaust ability that makes Shards without using the Queue (Flow, Elemental Rock #)."""
    ACTIVATED = "activated"
    """An activated ability with a cost of its own (Warp: Shards; Bombard: a trench counter)."""
    COST = "cost"
    """An additional cost to play the card (Pay 1 Integrity, Sacrifice an Entity); negative points."""


_ENTITY_SCOPES = (
    Scope.SINGLE,
    Scope.SELF,
    Scope.EACH_OPPOSING_ENTITY,
    Scope.EACH_ENTITY,
    Scope.EACH_OF_YOUR_ENTITIES,
)
_ANY_TARGET_SCOPES = (
    Scope.SINGLE,
    Scope.TARGET_OPPONENT,
    Scope.SELF,
    Scope.EACH_OPPOSING_ENTITY,
    Scope.EACH_ENTITY,
    Scope.EACH_OF_YOUR_ENTITIES,
)
_EFFECT_TYPES = frozenset({CardType.ENTITY, CardType.ITEM, CardType.RITE, CardType.SOVEREIGN})


@attrs.frozen
class Keyword:
    """One keyword of the glossary.

    Attributes:
        id: ``"K01"`` to ``"K52"``.
        name: The glossary name, ``"Deal # Dmg"``.
        slug: The short name card files use, ``"deal"``.
        element: The keyword's element; ``None`` for the two Generic keywords (which never diverge).
        kind: What kind of ability it is.
        base_points: Its points in the cost model; per unit of the amount for ``#`` keywords.
        card_types: The card types that may carry it.
        scopes: The target scopes it accepts, the default first (``self`` for non-effects).
        reminder: What it does, in one sentence.
        has_amount: Whether it takes a magnitude ``#``.
        halves_amount: Whether its points are half the amount, rounded up (Heal #).
        has_element: Whether the design chooses an element for it (Immunity).
        has_cost: Whether the design sets a Shard cost for it (Warp; 1 when not given).
        queue_only: Whether it acts on a Rite on the Queue, so fits only Rites and activated abilities.
        reach: Where it acts: what the target of a ``single`` instance may be.
    """

    id: str
    name: str
    slug: str
    element: Element | None
    kind: KeywordKind
    base_points: int
    card_types: frozenset[CardType]
    scopes: tuple[Scope, ...]
    reminder: str
    has_amount: bool = False
    halves_amount: bool = False
    has_element: bool = False
    has_cost: bool = False
    queue_only: bool = False
    reach: Reach = Reach.ENTITY

    @property
    def element_name(self) -> str:
        """``"Fire"``, or ``"Generic"`` for the two Generic keywords."""
        return "Generic" if self.element is None else self.element.label

    @property
    def is_generic(self) -> bool:
        """Whether the keyword is Generic (it never diverges from a card's Identity)."""
        return self.element is None

    @property
    def is_multiplied(self) -> bool:
        """Whether triggers and scopes multiply its points: drawbacks and additional costs never are."""
        return self.kind not in (KeywordKind.DRAWBACK, KeywordKind.COST)

    def points(self, amount: int | None = None) -> int:
        """The keyword's points for a magnitude (the amount is ignored by keywords without ``#``).

        Raises:
            ValueError: If the keyword takes an amount and none (or one below 1) is given.
        """
        if not self.has_amount:
            return self.base_points
        if amount is None or amount < 1:
            raise ValueError(f"{self.name} needs an amount of at least 1, not {amount!r}")
        if self.halves_amount:
            return -(-amount // 2)
        return self.base_points * amount

    @property
    def points_text(self) -> str:
        """The points as the cost table gives them: ``"3"``, ``"2 x #"``, ``"ceil(#/2)"``."""
        if self.halves_amount:
            return "ceil(#/2)"
        if self.has_amount:
            return f"{self.base_points} x #"
        return str(self.base_points)

    def __reduce__(self) -> tuple[Any, ...]:
        # By registered id: unpickling finds the same keyword (its module imported if need be).
        return (_by_id, (self.id, _MODULES.get(self.id)))

    def __str__(self) -> str:
        kind = f"{self.kind.value}, " if self.kind in (KeywordKind.DRAWBACK, KeywordKind.COST) else ""
        return f"{self.id} {self.name} ({self.element_name}, {kind}{self.points_text})"


_ENT, _ITEM, _RITE, _SOV = CardType.ENTITY, CardType.ITEM, CardType.RITE, CardType.SOVEREIGN
_STATIC_TYPES = frozenset({_ENT, _SOV})
_SELF = (Scope.SELF,)


def _k(  # noqa: PLR0917 - a row of the keyword table reads best positionally
    number: int,
    name: str,
    slug: str,
    element: Element | None,
    kind: KeywordKind,
    points: int,
    reminder: str,
    *,
    types: frozenset[CardType] | None = None,
    scopes: tuple[Scope, ...] = _SELF,
    **flags: Any,
) -> Keyword:
    if types is None:
        types = {
            KeywordKind.STATIC: _STATIC_TYPES,
            KeywordKind.EFFECT: _EFFECT_TYPES,
            KeywordKind.RITE: frozenset({_RITE}),
            KeywordKind.COST: frozenset({_ENT, _ITEM, _RITE}),
        }.get(kind, frozenset({_ENT}))
    return Keyword(f"K{number:02d}", name, slug, element, kind, points, types, scopes, reminder, **flags)


_E = Element
_K = KeywordKind
_TABLE = (
    _k(1, "Add +1/+1 Upgrade", "upgrade", _E.EARTH, _K.EFFECT, 2,
       "The Entity gets +1 Force and +1 Durability for good.", scopes=_ENTITY_SCOPES),
    _k(2, "Aerial", "aerial", _E.AIR, _K.STATIC, 2,
       "Only Aerial Entities and Interceptors can Intercept it."),
    _k(3, "Armored", "armored", _E.EARTH, _K.STATIC, 3,
       "Every damage dealt to it is 1 less."),
    _k(4, "Assault", "assault", _E.MALICE, _K.STATIC, 1,
       "+2/+0 and Breach while it fights a Sentry."),
    _k(5, "Banish", "banish", _E.VOID, _K.EFFECT, 1,
       "Obliterate a card in any Scrap zone.", scopes=(Scope.SINGLE,), reach=Reach.SCRAP_CARD),
    _k(6, "Blank", "blank", _E.VOID, _K.EFFECT, 2,
       "The Entity loses all its keywords and abilities until end of turn.", scopes=_ENTITY_SCOPES),
    _k(7, "Bombard", "bombard", _E.FIRE, _K.ACTIVATED, 1,
       "Remove a trench counter from an Entity you control: deal 2 damage to any target.",
       scopes=(Scope.SINGLE,), reach=Reach.ANY),
    _k(8, "Breach", "breach", _E.EARTH, _K.STATIC, 2,
       "Combat damage beyond what kills its opponents goes to the defending player's Integrity."),
    _k(9, "Deal # Dmg", "deal", _E.FIRE, _K.EFFECT, 1,
       "Deal # damage to an Entity or a player.", scopes=_ANY_TARGET_SCOPES, has_amount=True,
       reach=Reach.ANY),
    _k(10, "Delay", "delay", _E.TIME, _K.EFFECT, 2,
       "A Rite on the Queue goes back to its owner's hand.", scopes=(Scope.SINGLE,), queue_only=True,
       reach=Reach.RITE_ON_QUEUE),
    _k(11, "Destroy Entity", "destroy", _E.MALICE, _K.EFFECT, 5,
       "The Entity goes to the Scrap zone.", scopes=_ENTITY_SCOPES),
    _k(12, "Drain Intel", "drain_intel", _E.MALICE, _K.EFFECT, 2,
       "The opponent discards a card of their choice.", scopes=(Scope.TARGET_OPPONENT,)),
    _k(13, "Draw # Card", "draw", _E.WATER, _K.EFFECT, 2,
       "Draw # cards.", scopes=(Scope.YOU,), has_amount=True),
    _k(14, "Echo", "echo", _E.TIME, _K.RITE, 2,
       "The Rite may also be cast from your Scrap zone, for its cost; it is then Obliterated."),
    _k(15, "Elemental Rock #", "elemental_rock", None, _K.MANA, 3,
       "Exhaust: make # Shards of the card's elements (they last until end of turn).",
       types=frozenset({_ENT, _ITEM}), has_amount=True),
    _k(16, "Entrench", "entrench", _E.EARTH, _K.STATIC, 1,
       "It is a Sentry with +0/+2, and enters with a trench counter."),
    _k(17, "Enters Exhausted", "enters_exhausted", None, _K.DRAWBACK, -1,
       "It enters the Arena Exhausted.", types=frozenset({_ENT, _ITEM})),
    _k(18, "Evade", "evade", _E.AIR, _K.STATIC, 2,
       "The first damage it would take each turn is prevented."),
    _k(19, "Fast Speed", "fast_speed", _E.TIME, _K.RITE, 1,
       "The Rite may be played whenever you hold priority, in answer to anything."),
    _k(20, "Fatal", "fatal", _E.DEATH, _K.STATIC, 3,
       "Any combat damage it deals destroys the Entity that takes it."),
    _k(21, "Flow", "flow", _E.WATER, _K.MANA, 2,
       "Exhaust: make 1 Generic Shard (it lasts until end of turn)."),
    _k(22, "Foresight #", "foresight", _E.TIME, _K.EFFECT, 1,
       "Look at the top # cards of your deck; put each on the top or the bottom.",
       scopes=(Scope.YOU,), has_amount=True),
    _k(23, "Freeze", "freeze", _E.WATER, _K.EFFECT, 2,
       "Exhaust the Entity; it does not Ready in its controller's next Start Phase.", scopes=_ENTITY_SCOPES),
    _k(24, "Heal # Integrity", "heal", _E.LIFE, _K.EFFECT, 1,
       "You gain # Integrity.", scopes=(Scope.YOU,), has_amount=True, halves_amount=True),
    _k(25, "Immunity", "immunity", _E.VOID, _K.STATIC, 2,
       "Cards of the chosen element can't target, Intercept or damage it.", has_element=True),
    _k(26, "Interceptor", "interceptor", _E.SPACE, _K.STATIC, 1,
       "It may Intercept Aerial attackers."),
    _k(27, "Intimidating", "intimidating", _E.MALICE, _K.STATIC, 2,
       "It can be Intercepted only by two or more Entities together."),
    _k(28, "Isolate", "isolate", _E.SPACE, _K.EFFECT, 2,
       "The Entity can't attack or Intercept until the end of your next turn.", scopes=_ENTITY_SCOPES),
    _k(29, "Loot", "loot", _E.WATER, _K.EFFECT, 1,
       "Draw a card, then discard a card.", scopes=(Scope.YOU,)),
    _k(30, "Nullify Rite", "nullify", _E.VOID, _K.EFFECT, 4,
       "Counter an opponent's Rite on the Queue: it goes to Scrap without effect.",
       scopes=(Scope.SINGLE,), queue_only=True, reach=Reach.OPPOSING_RITE_ON_QUEUE),
    _k(31, "Obliterate Entity", "obliterate", _E.DEATH, _K.EFFECT, 6,
       "The Entity is removed from the game.", scopes=_ENTITY_SCOPES),
    _k(32, "Pay 1 Integrity", "pay_integrity", _E.MALICE, _K.COST, -1,
       "To play this card you also pay 1 Integrity."),
    _k(33, "Preemptive", "preemptive", _E.TIME, _K.STATIC, 2,
       "It deals combat damage before Entities without Preemptive."),
    _k(34, "Reanimate", "reanimate", _E.DEATH, _K.EFFECT, 5,
       "Put an Entity from your Scrap zone into the Arena (it carries an Echo marker).",
       scopes=(Scope.SINGLE,), reach=Reach.OWN_SCRAP_ENTITY),
    _k(35, "Reckless", "reckless", _E.FIRE, _K.DRAWBACK, -1,
       "It must attack each turn if it can."),
    _k(36, "Regenerate", "regenerate", _E.LIFE, _K.STATIC, 1,
       "Its damage is cleared after every combat it fights."),
    _k(37, "Return to Hand", "return_to_hand", _E.SPACE, _K.EFFECT, 3,
       "The Entity goes back to its owner's hand.", scopes=_ENTITY_SCOPES),
    _k(38, "Revive to Hand", "revive", _E.LIFE, _K.EFFECT, 2,
       "Put an Entity from your Scrap zone into your hand.", scopes=(Scope.SINGLE,),
       reach=Reach.OWN_SCRAP_ENTITY),
    _k(39, "Sacrifice an Entity", "sacrifice", _E.DEATH, _K.COST, -2,
       "To play this card you also send an Entity you control to Scrap."),
    _k(40, "Sentry", "sentry", _E.EARTH, _K.DRAWBACK, -2,
       "It can't attack; it can only Intercept."),
    _k(41, "Silence", "silence", _E.VOID, _K.EFFECT, 2,
       "Your opponent can't play Fast Speed Rites this turn.", scopes=(Scope.TARGET_OPPONENT,)),
    _k(42, "Siphon", "siphon", _E.DEATH, _K.STATIC, 2,
       "Damage it deals heals you by as much."),
    _k(43, "Submerge", "submerge", _E.WATER, _K.EFFECT, 1,
       "The Entity gets -2/-0 until end of turn.", scopes=_ENTITY_SCOPES),
    _k(44, "Surge", "surge", _E.FIRE, _K.STATIC, 1,
       "No Deployment Fatigue: it can attack the turn it enters."),
    _k(45, "Swarm", "swarm", _E.LIFE, _K.EFFECT, 2,
       "Create a 1/1 token Entity.", scopes=(Scope.YOU,)),
    _k(46, "Swift", "swift", _E.AIR, _K.STATIC, 1,
       "Entities with more Force can't Intercept it."),
    _k(47, "Tireless", "tireless", _E.LIFE, _K.STATIC, 2,
       "It does not Exhaust to attack (still one attack a turn)."),
    _k(48, "Unblockable", "unblockable", _E.AIR, _K.STATIC, 4,
       "It can't be Intercepted."),
    _k(49, "Updraft", "updraft", _E.AIR, _K.EFFECT, 3,
       "The Entity goes on top of its owner's Main Deck.", scopes=_ENTITY_SCOPES),
    _k(50, "Veiled", "veiled", _E.SPACE, _K.STATIC, 2,
       "Your opponent's Rites and abilities can't target it (attacks still can)."),
    _k(51, "Volatile", "volatile", _E.FIRE, _K.DRAWBACK, -3,
       "It is sacrificed at the end of the turn it enters."),
    _k(52, "Warp", "warp", _E.SPACE, _K.ACTIVATED, 2,
       "Pay its cost (1 unless the card says): exile it; it returns, fresh, at the start of the next turn.",
       has_cost=True),
)  # fmt: skip

KEYWORDS: Mapping[str, Keyword] = MappingProxyType({k.id: k for k in _TABLE})
"""Every keyword by id, ``"K01"`` to ``"K52"``, in glossary order."""

_ALIASES = {
    "add_+1/+1_upgrade": "K01",
    "add_1_1_upgrade": "K01",
    "deal_damage": "K09",
    "deal_dmg": "K09",
    "damage": "K09",
    "destroy_entity": "K11",
    "draw_card": "K13",
    "rock": "K15",
    "heal_integrity": "K24",
    "nullify_rite": "K30",
    "obliterate_entity": "K31",
    "pay_1_integrity": "K32",
    "sacrifice_an_entity": "K39",
    "revive_to_hand": "K38",
}


def _normal(text: str) -> str:
    text = text.strip().lower().replace("#", " ")
    return re.sub(r"[\s\-_]+", "_", text).strip("_")


_LOOKUP: dict[str, str] = {}
for _kw in _TABLE:
    _LOOKUP[_kw.id.lower()] = _kw.id
    _LOOKUP[_kw.slug] = _kw.id
    _LOOKUP[_normal(_kw.name)] = _kw.id
for _alias, _kid in _ALIASES.items():
    _LOOKUP[_normal(_alias)] = _kid

_REGISTERED = Registry("keyword", KEYWORDS)
_EFFECTS: dict[str, Effect] = {}
_MODULES: dict[str, str] = {}


def keyword(name: str) -> Keyword:
    """A keyword by id (``"K09"``), short name (``"deal"``) or glossary name (``"Deal # Dmg"``), any case.

    Keywords registered with `register_keyword` are found the same way.

    Raises:
        ValueError: If no keyword has that name; the message suggests the closest names.
    """
    key = _normal(name)
    found = _LOOKUP.get(key)
    if found is None:
        slugs = [k.slug for k in _REGISTERED.values()]
        close = difflib.get_close_matches(key, slugs, n=3, cutoff=0.6)
        hint = (
            f"; did you mean {' or '.join(close)}?"
            if close
            else "; `shardgames cards command --keywords` lists them"
        )
        raise ValueError(f"unknown keyword {name!r}{hint}")
    return _REGISTERED[found]


def registered_keywords() -> Mapping[str, Keyword]:
    """Every keyword by id: the glossary's (`KEYWORDS`), then those added with `register_keyword`."""
    return MappingProxyType(_REGISTERED)


def effect_of(keyword_id: str) -> Effect:
    """What an effect keyword does when it resolves (its function; see `register_keyword`).

    Raises:
        KeyError: If no effect keyword of that id is registered.
    """
    return _EFFECTS[keyword_id]


def register_effect(keyword_id: str) -> Callable[[EffectT], EffectT]:
    """Give a glossary effect keyword its function (a decorator; the engine uses it for its own)."""

    def register(effect: EffectT) -> EffectT:
        kw = KEYWORDS.get(keyword_id)
        if kw is None or kw.kind is not KeywordKind.EFFECT or keyword_id in _EFFECTS:
            raise ValueError(f"{keyword_id!r} is not a glossary effect keyword without a function")
        _EFFECTS[keyword_id] = effect
        return effect

    return register


def register_keyword(kw: Keyword, *, effect: Effect) -> Keyword:
    """Add an effect keyword of your own: its cost entry and what it does, for designs and games.

    Once registered, card files name it like any keyword (by id, short name or name), the designer
    prices it from its `Keyword.points` as any effect (its trigger and scope multiply them), the
    validator checks its card types and scopes, and games play it: a ``single`` instance targets what
    its `Keyword.reach` says, and when it resolves the engine calls
    ``effect(state, item, instance, target, elements)``, with the `QueueItem` resolving, the
    `KeywordInstance` on the card, the chosen target (``-1`` without one) and the card's Identity as a
    bit mask. Register it when your module is imported, before loading cards that use it.

    Args:
        kw: The keyword: a new id, short name and name, of kind ``effect``.
        effect: A function defined at the top level of a module (so that the keyword pickles by name).

    Returns:
        The keyword, as `keyword` finds it from now on.

    Raises:
        CardError: Listing every problem, if the keyword is not a new, well-formed effect keyword.
    """
    _REGISTERED.add(kw.id, kw, _keyword_problems(kw, effect))
    _EFFECTS[kw.id] = effect
    if isinstance(getattr(effect, "__module__", None), str):
        _MODULES[kw.id] = effect.__module__
    for name in (kw.id.lower(), kw.slug, _normal(kw.name)):
        _LOOKUP[name] = kw.id
    return kw


def _keyword_problems(given: object, effect: Any) -> list[str]:
    if not isinstance(given, Keyword):
        return [f"must be a Keyword, not {type(given).__name__}"]
    kw: Any = given  # its fields are checked as users set them, whatever their types
    problems = []
    for field, name in (("id", kw.id), ("slug", kw.slug), ("name", kw.name)):
        if not isinstance(name, str) or not _normal(name):
            problems.append(f"{field}: must be a non-empty name, not {name!r}")
        elif _normal(name) in _LOOKUP:
            taken = _REGISTERED[_LOOKUP[_normal(name)]]
            problems.append(f"{field}: {name!r} already names {taken.id} {taken.name}")
    if kw.slug != _normal(kw.slug):
        problems.append(f"slug: {kw.slug!r} is not a short name (lower case, words joined by _)")
    if kw.kind is not KeywordKind.EFFECT:
        problems.append(f"kind: only effect keywords can be added, not {kw.kind.value}")
    if not isinstance(kw.base_points, int) or kw.base_points < 1:
        problems.append(f"base_points: an effect costs at least 1 point, not {kw.base_points!r}")
    if kw.element is not None and not isinstance(kw.element, Element):
        problems.append(f"element: must be an Element or None, not {kw.element!r}")
    if not kw.card_types or not kw.card_types <= _EFFECT_TYPES:
        problems.append(f"card_types: must be some of {', '.join(sorted(_EFFECT_TYPES))}")
    if not kw.scopes or any(not isinstance(scope, Scope) for scope in kw.scopes):
        problems.append("scopes: must name one or more Scope values")
    elif Scope.SINGLE in kw.scopes and not isinstance(kw.reach, Reach):
        problems.append(f"reach: must be a Reach, not {kw.reach!r}")
    if kw.halves_amount and not kw.has_amount:
        problems.append("halves_amount: only a keyword with an amount (#) halves it")
    if kw.has_element or kw.has_cost:
        problems.append("has_element, has_cost: an added effect keyword has neither")
    if not callable(effect):
        problems.append(f"effect: must be a function, not {effect!r}")
    elif "<" in getattr(effect, "__qualname__", "<"):
        problems.append("effect: must be a function defined at the top level of a module, not a lambda")
    return problems


def _by_id(keyword_id: str, module: str | None) -> Keyword:
    """The registered keyword `keyword_id`, importing `module` first if it registers it (unpickling)."""
    if keyword_id not in _REGISTERED and module is not None:
        importlib.import_module(module)
    return _REGISTERED[keyword_id]
