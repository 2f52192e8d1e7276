"""The Shard Command phase machine: the steps of a turn, the decision points, and the queued steps.

Every decision is a `CommandPrompt`: who decides and which `Phase` of decision it is; the context (the
card being played, the attack in progress) lives in the state. The turn goes through the `Step`
values; within a step, the priority loop of the Response Queue runs. The docs page draws the machine.
"""

from __future__ import annotations

from enum import StrEnum

import attrs

from shardgames.command.keywords import Trigger
from shardgames.kernel.state import CHANCE, Prompt, Task

__all__ = [
    "CHANCE_PHASES",
    "CHARGES_PER_TURN",
    "DRAW_PER_TURN",
    "HAND_LIMIT",
    "OPENING_HAND",
    "PROCEED",
    "QUEUE_GUARD",
    "UNTIL_EMPTY",
    "AfterRedraw",
    "AskRedraw",
    "BeginTurn",
    "CommandPrompt",
    "DrawCards",
    "EndTurn",
    "FinishTurn",
    "Phase",
    "Proceed",
    "Step",
    "TurnTriggers",
]

OPENING_HAND = 5
"""Cards each seat draws before its Tactical Redraw (CMD-12)."""
DRAW_PER_TURN = 2
"""Cards the active seat draws in its Start Phase, from its second turn on (R31)."""
HAND_LIMIT = 7
"""The most cards a seat keeps at the end of its turn (E3)."""
CHARGES_PER_TURN = 2
"""The most stones a seat slides from its Pool in one turn."""
QUEUE_GUARD = 300
"""Queue items resolved in one turn before the engine stops a loop (R21)."""


class Step(StrEnum):
    """The steps of a turn that have a priority loop (C.5)."""

    SETUP = "setup"
    START = "start"  # T1: start-of-turn triggers; the loop runs until the Queue is empty
    MAIN = "main"  # M: the active player's main phase; ends when both pass with an empty Queue
    ATTACK = "attack"  # C1: "whenever this attacks" triggers; until the Queue is empty
    COMBAT = "combat"  # C4: the combat window, Fast speed only; ends when both pass with an empty Queue
    END = "end"  # E1: end-of-turn triggers; until the Queue is empty


#: Steps whose loop ends as soon as the Queue is empty (no window of their own).
UNTIL_EMPTY = frozenset({Step.START, Step.ATTACK, Step.END})


class Phase(StrEnum):
    """Every kind of decision point."""

    COIN = "coin"  # chance: the starting player
    DRAW = "draw"  # chance: a card off the unknown part of a deck
    REVEAL = "reveal"  # chance: Foresight looks at a card off the unknown part of a deck
    REDRAW = "redraw"  # S1: put cards under for the Tactical Redraw, or finish
    PRIORITY = "priority"  # M, P, C4: play, activate, charge, attack, or pass
    TARGET = "target"  # a target for the card or ability being put on the Queue
    SACRIFICE = "sacrifice"  # the Entity to sacrifice as an additional cost
    TRENCH = "trench"  # the Entity whose trench counter pays for Bombard
    ELEMENT = "element"  # the element of a Shard from a two-element Elemental Rock
    ATTACK_TARGET = "attack target"  # C1: Integrity or an Exhausted Entity
    INTERCEPT = "intercept"  # C2: the defender intercepts or not
    ORDER = "order"  # C3: the attacker orders the interceptors
    DISCARD = "discard"  # E3, Drain Intel, Loot: a card to discard
    FORESIGHT = "foresight"  # a card looked at: top or bottom


#: Phases at which chance acts.
CHANCE_PHASES = frozenset({Phase.COIN, Phase.DRAW, Phase.REVEAL})

_DESCRIPTIONS = {
    Phase.COIN: "flip for the starting player",
    Phase.DRAW: "draw a card",
    Phase.REVEAL: "look at the next card of the deck",
    Phase.REDRAW: "put cards under for the redraw, or finish",
    Phase.PRIORITY: "play, activate, attack, or pass",
    Phase.TARGET: "choose a target",
    Phase.SACRIFICE: "choose an Entity to sacrifice",
    Phase.TRENCH: "choose an Entity to remove a trench counter from",
    Phase.ELEMENT: "choose the element of a Shard",
    Phase.ATTACK_TARGET: "choose what to attack",
    Phase.INTERCEPT: "intercept or not",
    Phase.ORDER: "order the interceptors",
    Phase.DISCARD: "discard a card",
    Phase.FORESIGHT: "leave the card on top or put it on the bottom",
}


@attrs.frozen
class CommandPrompt(Prompt):
    """A decision: `player` (a seat or chance) acts in `phase`; `seat` is whose deck chance draws from."""

    phase: Phase
    seat: int = -1

    def __str__(self) -> str:
        if self.player == CHANCE:
            return f"chance: seat {self.seat}: {_DESCRIPTIONS[self.phase]}"
        return f"seat {self.player}: {_DESCRIPTIONS[self.phase]}"


@attrs.frozen
class Proceed(Task):
    """Carry the game on: state-based actions, triggers, the Queue, priority and the steps of the turn."""


PROCEED = Proceed()
"""The one `Proceed` task every step queues (a frozen value without fields)."""


@attrs.frozen
class DrawCards(Task):
    """`seat` draws `count` cards, one chance node each (an empty deck makes it lose, CMD-46)."""

    seat: int
    count: int


@attrs.frozen
class BeginTurn(Task):
    """The Start Phase of `seat`'s turn (R31)."""

    seat: int


@attrs.frozen
class EndTurn(Task):
    """The End Phase after end-of-turn triggers: damage cleared, discard to 7, expiry (R32)."""

    seat: int


@attrs.frozen
class FinishTurn(Task):
    """The last step of the End Phase (E4): expiry, then the other seat's turn."""

    seat: int


@attrs.frozen
class TurnTriggers(Task):
    """Put the active player's start- or end-of-turn triggers in line for the Queue."""

    trigger: Trigger


@attrs.frozen
class AskRedraw(Task):
    """Ask `seat` for its Tactical Redraw (once the opening hands are drawn)."""

    seat: int


@attrs.frozen
class AfterRedraw(Task):
    """`seat` has finished drawing for its redraw: shuffle, then the next seat or the first turn."""

    seat: int
