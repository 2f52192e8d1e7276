"""The Tactics phase machine: its phases, the one prompt type, and the queued steps of a turn."""

from __future__ import annotations

from enum import StrEnum

import attrs

from shardgames.kernel.actions import Action
from shardgames.kernel.handlers import Handlers
from shardgames.kernel.state import CHANCE, Prompt, Task
from shardgames.tactics.board import name
from shardgames.tactics.effects import Timing

__all__ = [
    "CHANCE_PHASES",
    "DECISION_PHASES",
    "PLAY_PHASES",
    "TASK_TYPES",
    "AfterAttack",
    "AfterMove",
    "AskAction",
    "BeginTurn",
    "EndOfTurn",
    "MoveMade",
    "OrderTurnStart",
    "Phase",
    "SetupTurn",
    "TacticsPrompt",
    "TurnStartEffect",
    "handlers",
    "not_an_answer",
]


class Phase(StrEnum):
    """Every kind of decision point."""

    COIN = "coin"  # S0 (chance): who goes first
    SETUP = "setup"  # S1: buy a warrior or terrain, or stop
    EFFECT_ORDER = "effect order"  # G0: which of several turn-start effects resolves next (TAC-R16)
    TURN_START = "turn start"  # G0: an optional turn-start effect (NUDGE)
    ACTION = "action"  # G1: move, attack, buy an action, or end the turn
    AFTER_MOVE = "after move"  # G2: an optional After-Moving effect (VOLLEY, PLACE_TERRAIN)
    PORTAL = "portal"  # G1-G3: a warrior entering its own Portal: where it comes out (TAC-R12, E9)
    RIPOSTE = "riposte"  # G3: a reactive move after being attacked (RIPOSTE_MOVE)


#: Phases at which chance acts.
CHANCE_PHASES = frozenset({Phase.COIN})

#: The phases of play, after setup.
PLAY_PHASES = (
    Phase.EFFECT_ORDER,
    Phase.TURN_START,
    Phase.ACTION,
    Phase.AFTER_MOVE,
    Phase.PORTAL,
    Phase.RIPOSTE,
)

#: The phase in which the controller of an optional effect of each timing decides (TAC-R16).
DECISION_PHASES = {
    Timing.AFTER_MOVING: Phase.AFTER_MOVE,
    Timing.REACTIVE: Phase.RIPOSTE,
    Timing.TURN_START: Phase.TURN_START,
}

handlers: Handlers[Phase] = Handlers("tactics")
"""The rules functions, registered in `shardgames.tactics.setup` and `shardgames.tactics.play`."""


_DESCRIPTIONS = {
    Phase.COIN: "flip the coin for the first player",
    Phase.SETUP: "buy a warrior or terrain, or stop",
    Phase.EFFECT_ORDER: "choose which turn-start effect resolves next",
    Phase.TURN_START: "use a turn-start effect or decline",
    Phase.ACTION: "move, attack, buy an action, or end the turn",
    Phase.AFTER_MOVE: "use an after-moving effect or decline",
    Phase.PORTAL: "teleport through the portal or decline",
    Phase.RIPOSTE: "move the attacked warrior or decline",
}


@attrs.frozen
class TacticsPrompt(Prompt):
    """A decision: `player` acts in `phase`.

    For an effect, `warrior` is the warrior whose effect it is (on `square`); when several turn-start
    effects wait, `choices` holds their warriors, and the player picks the one to resolve next. For a
    ``portal`` decision, `warrior` is entering its owner's Portal on `square`: it stands there if an
    effect moved it there, and otherwise it is still where its move began (`movement.move_to`).
    """

    phase: Phase
    warrior: int = -1
    square: int = -1
    choices: tuple[int, ...] = ()

    def __str__(self) -> str:
        if self.player == CHANCE:
            return f"chance: {_DESCRIPTIONS[self.phase]}"
        where = f" ({name(self.square)})" if self.square >= 0 else ""
        return f"seat {self.player}: {_DESCRIPTIONS[self.phase]}{where}"


def not_an_answer(prompt: TacticsPrompt, action: Action) -> str:
    """The reason against an action of a kind the decision does not take (a move during setup...)."""
    return f"'{action}' does not answer {prompt}"


@attrs.frozen
class SetupTurn(Task):
    """`seat` starts a setup turn of up to three purchases."""

    seat: int


@attrs.frozen
class BeginTurn(Task):
    """`seat` starts a turn of play."""

    seat: int


@attrs.frozen
class TurnStartEffect(Task):
    """Offer warrior `warrior`'s turn-start effect to its controller."""

    warrior: int


@attrs.frozen
class OrderTurnStart(Task):
    """These warriors' turn-start effects wait; with several, their controller picks the next (TAC-R16)."""

    warriors: tuple[int, ...]


@attrs.frozen
class AskAction(Task):
    """The active seat's next action, or the end of the turn when none is left."""


@attrs.frozen
class MoveMade(Task):
    """The move action of warrior `warrior` is over (it waited for a ``portal`` decision): it counts."""

    warrior: int


@attrs.frozen
class AfterMove(Task):
    """Warrior `warrior` has moved: its After-Moving effects act (TAC-41)."""

    warrior: int


@attrs.frozen
class AfterAttack(Task):
    """Warrior `warrior` was attacked: its reactive effect may act (TAC-43)."""

    warrior: int


@attrs.frozen
class EndOfTurn(Task):
    """The active seat's turn ends (G4)."""


TASK_TYPES = (
    SetupTurn,
    BeginTurn,
    OrderTurnStart,
    TurnStartEffect,
    AskAction,
    MoveMade,
    AfterMove,
    AfterAttack,
    EndOfTurn,
)
"""Every task of the phase machine."""

ASK_ACTION = AskAction()
END_OF_TURN = EndOfTurn()
"""The tasks without fields, made once (values are frozen, so one object serves every state)."""

SEAT_PROMPTS = {
    (seat, phase): TacticsPrompt(seat, phase) for seat in (0, 1) for phase in (Phase.SETUP, Phase.ACTION)
}
"""The prompts that name no warrior, made once."""
