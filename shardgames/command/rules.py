"""Questions the rules ask about permanents: their keywords, stats, and what they may do or be done to.

A permanent's keywords are its design's static keywords plus its controller's Sovereign auras, unless
it is Blanked (it then has none until end of turn). Force counts Upgrades and Submerges (never below 0
when dealing damage); Durability counts Upgrades and Entrench's +0/+2.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from shardgames.command.compiled import (
    AERIAL,
    ENTRENCH,
    INTERCEPTOR,
    SENTRY,
    SURGE,
    SWIFT,
    UNBLOCKABLE,
    VEILED,
    bit,
)
from shardgames.command.objects import Permanent
from shardgames.command.phases import Step

if TYPE_CHECKING:
    from shardgames.command.compiled import CardInfo
    from shardgames.command.game import CommandGame
    from shardgames.command.state import CommandState

__all__ = [
    "attack_problem",
    "can_attack",
    "can_intercept",
    "durability",
    "force",
    "has",
    "immunity",
    "in_main_window",
    "info",
    "is_entity",
    "keywords",
    "targetable",
]


class HasGame(Protocol):
    """What the questions about a permanent's design and stats read: a game.

    A state has one, and so has a seat's view of it.
    """

    @property
    def game(self) -> CommandGame: ...


_ENTRENCH = bit(ENTRENCH)
_CANT_ATTACK = bit(SENTRY) | _ENTRENCH  # Entrench makes it a Sentry
_SURGE = bit(SURGE)
_VEILED = bit(VEILED)
_AERIAL = bit(AERIAL)
_INTERCEPTOR = bit(INTERCEPTOR)
_SWIFT = bit(SWIFT)
_UNBLOCKABLE = bit(UNBLOCKABLE)


def info(state: HasGame, p: Permanent) -> CardInfo:
    """The design of a permanent."""
    return state.game.infos[p.kind]


def is_entity(state: HasGame, p: Permanent) -> bool:
    """Whether the permanent is an Entity (tokens are)."""
    return state.game.is_entity_kind[p.kind]


def keywords(state: HasGame, p: Permanent) -> int:
    """The permanent's static keywords as bits: its own and its Sovereign's auras; none if Blanked."""
    return 0 if p.blanked else state.game.keywords_of[p.owner][p.kind]


def has(state: HasGame, p: Permanent, keyword_id: str) -> bool:
    """Whether the permanent has a static keyword now."""
    return bool(keywords(state, p) & bit(keyword_id))


def immunity(state: HasGame, p: Permanent) -> int:
    """The elements (bit mask) the permanent is Immune to."""
    return 0 if p.blanked else state.game.immunity_of[p.owner][p.kind]


def force(state: HasGame, p: Permanent) -> int:
    """Current Force (may be negative: it deals 0 then)."""
    return state.game.infos[p.kind].force + p.upgrades - 2 * p.submerged


def durability(state: HasGame, p: Permanent) -> int:
    """Current Durability."""
    bonus = 2 if keywords(state, p) & _ENTRENCH else 0
    return state.game.infos[p.kind].durability + p.upgrades + bonus


def fatigued(state: CommandState, p: Permanent) -> bool:
    """Whether Deployment Fatigue holds it back (it entered this turn, without Surge; CMD-19)."""
    return p.entered == state.turn and not keywords(state, p) & _SURGE


def isolated(state: CommandState, p: Permanent) -> bool:
    """Whether Isolate keeps it from attacking and intercepting."""
    return p.isolated_until >= state.turn


def in_main_window(state: CommandState, seat: int) -> bool:
    """Whether `seat` is the active player in its Main Phase with an empty Queue (R11): the sorcery timing."""
    return state.step is Step.MAIN and not state.queue and seat == state.active


def attack_problem(state: CommandState, p: Permanent) -> str | None:
    """Why the Entity `p` can't declare an attack now (R12), timing aside; ``None`` when it can.

    The reason is a template naming the Entity as ``{name} #{number}``.
    """
    if p.exhausted:
        return "{name} #{number} is Exhausted"
    if p.attacked == state.turn:
        return "{name} #{number} has attacked this turn already"
    if fatigued(state, p):
        return "{name} #{number} entered this turn (Deployment Fatigue)"
    if keywords(state, p) & _CANT_ATTACK:
        return "{name} #{number} is a Sentry"
    if isolated(state, p):
        return "{name} #{number} is Isolated"
    return None


def can_attack(state: CommandState, p: Permanent) -> bool:
    """Whether the permanent may declare an attack now (R12), timing aside."""
    return p.owner == state.active and is_entity(state, p) and attack_problem(state, p) is None


def can_intercept(state: CommandState, p: Permanent, attacker: Permanent) -> bool:
    """Whether the Entity `p` may intercept `attacker` (R13)."""
    if p.exhausted or p.owner == attacker.owner or not is_entity(state, p) or isolated(state, p):
        return False
    akws = keywords(state, attacker)
    if akws & _UNBLOCKABLE:
        return False
    kws = keywords(state, p)
    if akws & _AERIAL and not kws & (_AERIAL | _INTERCEPTOR):
        return False
    if akws & _SWIFT and force(state, p) > force(state, attacker):
        return False
    return not immunity(state, attacker) & state.game.infos[p.kind].identity_mask


def targetable(state: CommandState, p: Permanent, controller: int, elements: int) -> bool:
    """Whether a Rite or ability of `controller`'s, of the `elements` (bit mask), may target `p`.

    Veiled keeps off the opponent's Rites and abilities; Immunity keeps off cards of its element.
    """
    if p.owner != controller and keywords(state, p) & _VEILED:
        return False
    return not immunity(state, p) & elements
