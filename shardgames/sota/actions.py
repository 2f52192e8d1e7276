"""SOTA actions: every decision a seat can take, and the chance outcomes.

Cards are named by their *local index*: the position of the physical card in its owner's decklist
(0 to 63), so the action space is the same for every seat. Duel Positions are numbered from 0.
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from shardgames.kernel.actions import Action, PassAction
from shardgames.sota.cards import Stat

__all__ = [
    "AssignTrait",
    "ChoosePersona",
    "ChooseStat",
    "ChooseTarget",
    "Draw",
    "DrawCard",
    "DuelWith",
    "DuelWithPersona",
    "DuelWithTwins",
    "EndTurnPhase",
    "FinishRedraw",
    "KeepHand",
    "Pass",
    "Place",
    "PlayAlly",
    "Redraw",
    "RespondNormal",
    "RespondTwin",
    "RollDie",
    "Swap",
    "UseAlly",
    "UsePersonaTrait",
    "UseRAlly",
    "UseTrait",
]


# ---------------------------------------------------------------------- setup


@attrs.frozen
class ChoosePersona(Action):
    """Setup: play the Persona at local index `card`; the deck's other Personas leave the game."""

    card: int

    def __str__(self) -> str:
        return f"choose persona #{self.card}"


@attrs.frozen
class KeepHand(Action):
    """Setup: keep the opening hand (no redraw)."""

    def __str__(self) -> str:
        return "keep hand"


@attrs.frozen
class Redraw(Action):
    """Setup: put hand card `card` on the bottom of the deck, as part of the one redraw (SOTA-R6).

    The cards go under the deck in the order chosen, so the last one chosen is the bottom card.
    """

    card: int

    def __str__(self) -> str:
        return f"redraw #{self.card}"


@attrs.frozen
class FinishRedraw(Action):
    """Setup: end the redraw and draw from the top back up to five cards."""

    def __str__(self) -> str:
        return "finish redraw"


# ---------------------------------------------------------------------- Gather, Position, Bolster


@attrs.frozen
class Draw(Action):
    """Gather: draw `n` cards from the top of the deck (0 is allowed, SOTA-R9)."""

    n: int

    @property
    def is_noop(self) -> bool:
        """Drawing no card does nothing."""
        return self.n == 0

    def __str__(self) -> str:
        return f"draw {self.n}"


@attrs.frozen
class Place(Action):
    """Position: put Character `card` from hand into the open Duel Position `slot`."""

    card: int
    slot: int

    def __str__(self) -> str:
        return f"place #{self.card} in position {self.slot}"


@attrs.frozen
class Swap(Action):
    """Position, all positions full: swap the Character in `slot` for Character `card` from hand.

    The returned Character goes under the deck, its Trait beneath it (SOTA-30, R10).
    """

    slot: int
    card: int

    def __str__(self) -> str:
        return f"swap position {self.slot} for #{self.card}"


@attrs.frozen
class Pass(PassAction):
    """Do nothing: skip the swap, skip Bolster, or pass in the modifier window."""


@attrs.frozen
class PlayAlly(Action):
    """Bolster: put Ally `card` from hand on top of the Ally Position of its stat."""

    card: int

    def __str__(self) -> str:
        return f"play ally #{self.card}"


@attrs.frozen
class AssignTrait(Action):
    """Bolster: attach Trait `card` from hand to the Character in own Duel Position `slot`."""

    card: int
    slot: int

    def __str__(self) -> str:
        return f"assign trait #{self.card} to position {self.slot}"


# ---------------------------------------------------------------------- the duel loop


@attrs.frozen
class DuelWith(Action):
    """Duel with the Character in own Duel Position `slot`."""

    slot: int

    def __str__(self) -> str:
        return f"duel with position {self.slot}"


@attrs.frozen
class DuelWithTwins(Action):
    """Twin Duel with the matching twins in own Duel Positions `slot` and `partner` (SOTA-47)."""

    slot: int
    partner: int

    def __str__(self) -> str:
        return f"twin duel with positions {self.slot} and {self.partner}"


@attrs.frozen
class DuelWithPersona(Action):
    """Duel with the Persona (only without a Character in any Duel Position)."""

    def __str__(self) -> str:
        return "duel with the persona"


@attrs.frozen
class EndTurnPhase(Action):
    """End the Turn Phase instead of declaring another duel."""

    @property
    def is_noop(self) -> bool:
        """Ending the duel loop declares nothing; it is taken by itself when it is the only option."""
        return True

    def __str__(self) -> str:
        return "end turn phase"


@attrs.frozen
class ChooseStat(Action):
    """Choose the stat of the duel (each stat once per Turn Phase)."""

    stat: Stat

    def __str__(self) -> str:
        return f"stat {self.stat.value}"


@attrs.frozen
class ChooseTarget(Action):
    """Target the Character of `seat` in Duel Position `slot`, or that seat's Persona (`slot` None)."""

    seat: int
    slot: int | None

    def __str__(self) -> str:
        where = "persona" if self.slot is None else f"position {self.slot}"
        return f"target seat {self.seat} {where}"


@attrs.frozen
class RespondTwin(Action):
    """Defender: answer with a Twin Duel, both twins together (SOTA-49, R17)."""

    def __str__(self) -> str:
        return "respond with twins"


@attrs.frozen
class RespondNormal(Action):
    """Defender: answer with the targeted twin alone."""

    def __str__(self) -> str:
        return "respond normally"


# ---------------------------------------------------------------------- the modifier window


@attrs.frozen
class UseTrait(Action):
    """Use the Trait attached to own duelling Character in Duel Position `slot`."""

    slot: int

    def __str__(self) -> str:
        return f"use trait of position {self.slot}"


@attrs.frozen
class UsePersonaTrait(Action):
    """Use the duelling Persona's trait."""

    def __str__(self) -> str:
        return "use persona trait"


@attrs.frozen
class UseAlly(Action):
    """Spend an Ally of the duel's stat with value `value` (1, 2 or 3) from own Ally Positions."""

    value: int

    def __str__(self) -> str:
        return f"use ally +{self.value}"


@attrs.frozen
class UseRAlly(Action):
    """Spend one Ally of each stat, of the given values, for +5 (SOTA-73, R13)."""

    agility: int
    vitality: int
    luck: int
    magic: int
    charisma: int

    def __str__(self) -> str:
        values = "/".join(str(v) for v in (self.agility, self.vitality, self.luck, self.magic, self.charisma))
        return f"use r-ally ({values})"


# ---------------------------------------------------------------------- chance


@attrs.frozen
class DrawCard(Action):
    """Chance: the card taken from the unknown part of a deck is of kind `kind` (a card definition)."""

    is_chance: ClassVar[bool] = True
    kind: int

    def __str__(self) -> str:
        return f"card kind {self.kind}"


@attrs.frozen
class RollDie(Action):
    """Chance: a die shows `face`."""

    is_chance: ClassVar[bool] = True
    face: int

    def __str__(self) -> str:
        return f"roll {self.face}"
