"""The SOTA phase machine: the phases, the one prompt type, and the queued steps of procedures.

Every decision is a `SotaPrompt`: who decides, in which `Phase`, and (for draws and dice) about which
seat. Multi-step procedures (a Turn Phase's steps for every seat, a mill of several cards, the end of a
duel) are queued as `Task` values. The rules modules (`setup`, `turn`, `duel`) register the function
of each phase, action and queued step in `handlers`, where the state looks them up; the docs page
draws the machine as a table.
"""

from __future__ import annotations

import functools
from enum import StrEnum

import attrs

from shardgames.kernel.actions import Action
from shardgames.kernel.handlers import Handlers
from shardgames.kernel.state import CHANCE, Prompt, Task

__all__ = [
    "TASK_TYPES",
    "AfterDuel",
    "AskDuel",
    "AskPhase",
    "BeginTurnPhase",
    "Deal",
    "EndTurn",
    "Mill",
    "Phase",
    "SotaPrompt",
    "StartRoll",
    "handlers",
    "off_phase",
]


class Phase(StrEnum):
    """Every kind of decision point, in the order a game meets them."""

    PERSONA = "persona"  # S1: choose the Persona
    DEAL = "deal"  # S2 (chance): a card drawn into the opening hand
    REDRAW = "redraw"  # S3: keep the hand, or start the redraw
    REDRAW_MORE = "redraw more"  # S3: put more cards under, or finish the redraw
    START_ROLL = "start roll"  # S4 (chance): a start-roll die
    GATHER = "gather"  # T1: how many cards to draw
    GATHER_DRAW = "gather draw"  # T1 (chance): a card drawn
    POSITION = "position"  # T2: place or swap a Character
    BOLSTER = "bolster"  # T3: play an Ally, assign a Trait, or pass
    DUEL_UNIT = "duel unit"  # D1: the duelling unit, or end the Turn Phase
    DUEL_STAT = "duel stat"  # D2: the stat
    DUEL_TARGET = "duel target"  # D3: the target
    TWIN_RESPONSE = "twin response"  # D4: the defender answers with twins or not
    DUEL_DIE = "duel die"  # D5 (chance): a duel die
    MODIFIERS = "modifiers"  # D6: use a modifier or pass
    REROLL_DIE = "reroll die"  # D6 (chance): a die of a re-roll
    MILL = "mill"  # D7 (chance): a card milled from the top of a deck


#: The rules of SOTA by phase, action and task: each rules function registers itself here.
handlers: Handlers[Phase] = Handlers("sota")

#: Phases at which chance acts.
CHANCE_PHASES = frozenset(
    {Phase.DEAL, Phase.START_ROLL, Phase.GATHER_DRAW, Phase.DUEL_DIE, Phase.REROLL_DIE, Phase.MILL}
)

_DESCRIPTIONS = {
    Phase.PERSONA: "choose a persona",
    Phase.DEAL: "draw into the opening hand",
    Phase.REDRAW: "keep the hand or redraw",
    Phase.REDRAW_MORE: "redraw more cards or finish",
    Phase.START_ROLL: "roll for the start",
    Phase.GATHER: "gather: draw up to a hand of 5",
    Phase.GATHER_DRAW: "draw",
    Phase.POSITION: "position a character",
    Phase.BOLSTER: "bolster: play an ally, assign a trait, or pass",
    Phase.DUEL_UNIT: "choose a duelling unit or end the turn phase",
    Phase.DUEL_STAT: "choose the duel stat",
    Phase.DUEL_TARGET: "choose the target",
    Phase.TWIN_RESPONSE: "answer with twins or normally",
    Phase.DUEL_DIE: "roll a duel die",
    Phase.MODIFIERS: "use a modifier or pass",
    Phase.REROLL_DIE: "re-roll a die",
    Phase.MILL: "mill a card",
}


@attrs.frozen
class SotaPrompt(Prompt):
    """A decision: `player` (a seat or chance) acts in `phase`.

    For a chance node, `seat` names the seat it concerns (whose card is drawn, whose die is rolled);
    otherwise it is -1.
    """

    phase: Phase
    seat: int = -1

    @property
    def description(self) -> str:
        """The decision in words, e.g. ``"choose the duel stat"``."""
        return _DESCRIPTIONS[self.phase]

    def __str__(self) -> str:
        if self.player == CHANCE:
            return f"chance: seat {self.seat} {_DESCRIPTIONS[self.phase]}"
        return f"seat {self.player}: {_DESCRIPTIONS[self.phase]}"


@functools.cache
def prompt_of(player: int, phase: Phase, seat: int = -1) -> SotaPrompt:
    """The `SotaPrompt` with these values, made once: the rules ask with the same few thousand at most."""
    return SotaPrompt(player, phase, seat)


def off_phase(prompt: SotaPrompt, action: Action, answers: tuple[type[Action], ...]) -> str | None:
    """Why `action` does not answer `prompt` when it is of none of the classes `answers`, else None."""
    if isinstance(action, answers):
        return None
    return f"{action} does not answer this decision (seat {prompt.player}: {prompt.description})"


# ---------------------------------------------------------------------- tasks


@attrs.frozen
class AskPhase(Task):
    """Ask `seat` for its decision in `phase` (Persona choice, redraw, Gather, Position, Bolster)."""

    seat: int
    phase: Phase


@attrs.frozen
class Deal(Task):
    """Draw `count` more cards into `seat`'s hand; `phase` is the chance phase of each draw."""

    seat: int
    count: int
    phase: Phase


@attrs.frozen
class StartRoll(Task):
    """The start roll: the seats in `rolling` roll in seat order, from `rolling[index]` (SOTA-R7)."""

    rolling: tuple[int, ...]
    index: int


@attrs.frozen
class BeginTurnPhase(Task):
    """`seat` starts a Turn Phase."""

    seat: int


@attrs.frozen
class AskDuel(Task):
    """The active seat's duel loop: the next duel, or the end of the Turn Phase."""


@attrs.frozen
class Mill(Task):
    """Move `count` cards from the top of `seat`'s deck to its Fractured Shards."""

    seat: int
    count: int


@attrs.frozen
class AfterDuel(Task):
    """The rest of a duel's resolution: used Allies, twin flags, eliminations, what comes next."""


@attrs.frozen
class EndTurn(Task):
    """The active seat's Turn Phase ends; the next remaining seat begins."""


#: Every task class, for reading states back from JSON.
TASK_TYPES = (AskPhase, Deal, StartRoll, BeginTurnPhase, AskDuel, Mill, AfterDuel, EndTurn)
