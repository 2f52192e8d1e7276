"""Shard Command actions: what a player (or chance) can do.

Cards and permanents are named by their object number (``#17``): a player's Main Deck cards are
numbered from ``60 * seat``, tokens from 120, and each Sovereign has its own number (see
`shardgames.command.objects`). Targets are object numbers or players.
"""

from __future__ import annotations

import attrs

from shardgames.command.keywords import ELEMENTS
from shardgames.command.objects import describe_object
from shardgames.kernel.actions import Action

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

    card: int

    def __str__(self) -> str:
        return f"redraw #{self.card}"


@attrs.frozen
class FinishRedraw(Action):
    """Tactical Redraw: stop (with no card put back, it is keeping the hand)."""

    def __str__(self) -> str:
        return "finish the redraw"


@attrs.frozen
class Charge(Action):
    """Slide a Charge Stone of `element` (-1: Generic) from the Pool to Unused (CMD-16, R10 f)."""

    element: int

    def __str__(self) -> str:
        if self.element < 0:
            return "charge a Generic Stone"
        label = ELEMENTS[self.element].label
        return f"charge {'an' if label[0] in 'AEIOU' else 'a'} {label} Stone"


@attrs.frozen
class Play(Action):
    """Play `card` from your hand (or, with Echo, a Rite from your Scrap): targets and costs follow."""

    card: int

    def __str__(self) -> str:
        return f"play #{self.card}"


@attrs.frozen
class Activate(Action):
    """Activate ability number `ability` of `source` (a permanent or your Sovereign)."""

    source: int
    ability: int

    def __str__(self) -> str:
        names = ("Exhaust", "mana", "Warp", "Bombard")
        return f"activate {object_text(self.source)}: {names[self.ability]}"


@attrs.frozen
class DeclareAttack(Action):
    """Attack with `attacker` (its target is chosen next)."""

    attacker: int

    def __str__(self) -> str:
        return f"attack with #{self.attacker}"


@attrs.frozen
class Pass(Action):
    """Pass priority."""

    @property
    def is_noop(self) -> bool:
        """Passing is taken automatically when it is the only action."""
        return True

    def __str__(self) -> str:
        return "pass"


@attrs.frozen
class ChooseTarget(Action):
    """Choose `target`: an object number, or a player (`objects.player_target`)."""

    target: int

    def __str__(self) -> str:
        return f"target {object_text(self.target)}"


@attrs.frozen
class ChooseElement(Action):
    """Choose the element (its number) of a Shard from a two-element Elemental Rock."""

    element: int

    def __str__(self) -> str:
        return f"make a {ELEMENTS[self.element].label} Shard"


@attrs.frozen
class Intercept(Action):
    """Intercept the attack with `entity` (CMD-34, R13)."""

    entity: int

    def __str__(self) -> str:
        return f"intercept with #{self.entity}"


@attrs.frozen
class NoIntercept(Action):
    """Let the attack through (or, against an Intimidating attacker, drop the interceptors chosen)."""

    @property
    def is_noop(self) -> bool:
        """Not intercepting is taken automatically when nothing can intercept."""
        return True

    def __str__(self) -> str:
        return "do not intercept"


@attrs.frozen
class FinishIntercept(Action):
    """Against an Intimidating attacker: intercept with the two or more Entities chosen."""

    def __str__(self) -> str:
        return "intercept with the chosen Entities"


@attrs.frozen
class OrderInterceptor(Action):
    """The attacker's controller: `entity` takes the attacker's damage next (R14)."""

    entity: int

    def __str__(self) -> str:
        return f"#{self.entity} next in damage order"


@attrs.frozen
class Discard(Action):
    """Discard `card` from your hand."""

    card: int

    def __str__(self) -> str:
        return f"discard #{self.card}"


@attrs.frozen
class Foresee(Action):
    """Foresight: leave the card looked at on top (``bottom=False``) or put it on the bottom."""

    bottom: bool

    def __str__(self) -> str:
        return "put it on the bottom" if self.bottom else "leave it on top"
