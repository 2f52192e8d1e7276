"""Shard Command actions: what a player (or chance) can do.

Cards and permanents are named by their object number (``#17``): a player's Main Deck cards are
numbered from ``60 * seat``, tokens from 120, and each Sovereign has its own number (see
`shardgames.command.objects`). Targets are object numbers or players. Each action a player takes
names the decisions it answers in `asked_in` (``Play.asked_in`` is the priority decision).
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from shardgames.command.keywords import ELEMENTS
from shardgames.command.objects import describe_object
from shardgames.command.phases import Phase
from shardgames.kernel.actions import Action, PassAction

__all__ = [
    "Activate",
    "BottomCard",
    "Charge",
    "ChooseElement",
    "ChooseTarget",
    "DeclareAttack",
    "Discard",
    "DrawCard",
    "FinishIntercept",
    "FinishRedraw",
    "FirstPlayer",
    "Foresee",
    "Intercept",
    "NoIntercept",
    "OrderInterceptor",
    "Pass",
    "Play",
]


def object_text(number: int) -> str:
    """How actions and events name an object or a player: ``#17``, ``sovereign 0``, ``player 1``."""
    return describe_object(number)


@attrs.frozen
class FirstPlayer(Action):
    """Chance: the coin flip names the starting player (CMD-R8)."""

    is_chance = True
    seat: int

    def __str__(self) -> str:
        return f"seat {self.seat} starts"


@attrs.frozen
class DrawCard(Action):
    """Chance: the card of design `kind` comes off the unknown part of a deck."""

    is_chance = True
    kind: int

    def __str__(self) -> str:
        return f"draw a card of design {self.kind}"


@attrs.frozen
class BottomCard(Action):
    """Tactical Redraw: put `card` from your hand on the bottom of your deck (CMD-12)."""

    asked_in: ClassVar[tuple[Phase, ...]] = (Phase.REDRAW,)

    card: int

    def __str__(self) -> str:
        return f"redraw #{self.card}"


@attrs.frozen
class FinishRedraw(Action):
    """Tactical Redraw: stop (with no card put back, it is keeping the hand)."""

    asked_in: ClassVar[tuple[Phase, ...]] = (Phase.REDRAW,)

    def __str__(self) -> str:
        return "finish the redraw"


@attrs.frozen
class Charge(Action):
    """Slide a Charge Stone of `element` (-1: Generic) from the Pool to Unused (CMD-16, R10 f)."""

    asked_in: ClassVar[tuple[Phase, ...]] = (Phase.PRIORITY,)

    element: int

    def __str__(self) -> str:
        if self.element < 0:
            return "charge a Generic Stone"
        label = ELEMENTS[self.element].label
        return f"charge {'an' if label[0] in 'AEIOU' else 'a'} {label} Stone"


@attrs.frozen
class Play(Action):
    """Play `card` from your hand (or, with Echo, a Rite from your Scrap): targets and costs follow."""

    asked_in: ClassVar[tuple[Phase, ...]] = (Phase.PRIORITY,)

    card: int

    def __str__(self) -> str:
        return f"play #{self.card}"


@attrs.frozen
class Activate(Action):
    """Activate ability number `ability` of `source` (a permanent or your Sovereign)."""

    asked_in: ClassVar[tuple[Phase, ...]] = (Phase.PRIORITY,)

    source: int
    ability: int

    def __str__(self) -> str:
        names = ("Exhaust", "mana", "Warp", "Bombard")
        return f"activate {object_text(self.source)}: {names[self.ability]}"


@attrs.frozen
class DeclareAttack(Action):
    """Attack with `attacker` (its target is chosen next)."""

    asked_in: ClassVar[tuple[Phase, ...]] = (Phase.PRIORITY,)

    attacker: int

    def __str__(self) -> str:
        return f"attack with #{self.attacker}"


@attrs.frozen
class Pass(PassAction):
    """Pass priority."""

    asked_in: ClassVar[tuple[Phase, ...]] = (Phase.PRIORITY,)


@attrs.frozen
class ChooseTarget(Action):
    """Choose `target`: an object number, or a player (`objects.player_target`)."""

    asked_in: ClassVar[tuple[Phase, ...]] = (Phase.TARGET, Phase.SACRIFICE, Phase.TRENCH, Phase.ATTACK_TARGET)

    target: int

    def __str__(self) -> str:
        return f"target {object_text(self.target)}"


@attrs.frozen
class ChooseElement(Action):
    """Choose the element (its number) of a Shard from a two-element Elemental Rock."""

    asked_in: ClassVar[tuple[Phase, ...]] = (Phase.ELEMENT,)

    element: int

    def __str__(self) -> str:
        return f"make a {ELEMENTS[self.element].label} Shard"


@attrs.frozen
class Intercept(Action):
    """Intercept the attack with `entity` (CMD-34, R13)."""

    asked_in: ClassVar[tuple[Phase, ...]] = (Phase.INTERCEPT,)

    entity: int

    def __str__(self) -> str:
        return f"intercept with #{self.entity}"


@attrs.frozen
class NoIntercept(Action):
    """Let the attack through (or, against an Intimidating attacker, drop the interceptors chosen)."""

    asked_in: ClassVar[tuple[Phase, ...]] = (Phase.INTERCEPT,)

    @property
    def is_noop(self) -> bool:
        """Not intercepting is taken automatically when nothing can intercept."""
        return True

    def __str__(self) -> str:
        return "do not intercept"


@attrs.frozen
class FinishIntercept(Action):
    """Against an Intimidating attacker: intercept with the two or more Entities chosen."""

    asked_in: ClassVar[tuple[Phase, ...]] = (Phase.INTERCEPT,)

    def __str__(self) -> str:
        return "intercept with the chosen Entities"


@attrs.frozen
class OrderInterceptor(Action):
    """The attacker's controller: `entity` takes the attacker's damage next (R14)."""

    asked_in: ClassVar[tuple[Phase, ...]] = (Phase.ORDER,)

    entity: int

    def __str__(self) -> str:
        return f"#{self.entity} next in damage order"


@attrs.frozen
class Discard(Action):
    """Discard `card` from your hand."""

    asked_in: ClassVar[tuple[Phase, ...]] = (Phase.DISCARD,)

    card: int

    def __str__(self) -> str:
        return f"discard #{self.card}"


@attrs.frozen
class Foresee(Action):
    """Foresight: leave the card looked at on top (``bottom=False``) or put it on the bottom."""

    asked_in: ClassVar[tuple[Phase, ...]] = (Phase.FORESIGHT,)

    bottom: bool

    def __str__(self) -> str:
        return "put it on the bottom" if self.bottom else "leave it on top"
