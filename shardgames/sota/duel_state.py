"""The duel in progress: `Duel` in a state, its frozen copy `DuelView` in a view, and the Stat Totals.

Both are public (SOTA-R22): every seat sees the dice, the modifiers and the running totals. A state
holds a mutable `Duel`; a view freezes it (`Duel.freeze`) with the current totals, and a sampled
state thaws it back (`DuelView.thaw`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from shardgames.sota.constants import ATTACKER, DEFENDER

if TYPE_CHECKING:
    from shardgames.sota.state import SotaState

__all__ = ["Duel", "DuelView", "current_totals", "stat_total"]


class _Sides:
    """What a `Duel` and a `DuelView` read alike from their fields."""

    __slots__ = ()

    if TYPE_CHECKING:
        attacker: int
        defender: int
        winner: int

    def seat_of(self, side: int) -> int:
        """The seat of `side` (0 attacker, 1 defender)."""
        return self.attacker if side == 0 else self.defender

    @property
    def is_resolved(self) -> bool:
        """Whether the duel's outcome is known (its cards may have left the Duel Positions)."""
        return self.winner > -2


@attrs.define
class Duel(_Sides):
    """The duel in progress (public: every seat sees dice, totals and modifiers).

    Attributes:
        attacker: The active seat.
        unit: The attacker's Duel Positions in the duel (empty: its Persona duels).
        stat: The duel stat's index (0 agility .. 4 charisma), -1 before it is chosen.
        defender: The targeted seat, -1 before the target is chosen.
        target: The defender's Duel Positions in the duel (empty: its Persona).
        dice: The attacker's two dice, then the defender's (0 = not rolled yet).
        rolled: How many of the four dice have been rolled.
        bonus: Each side's modifiers from Traits, Persona traits, Allies and R-Allies.
        used: The abilities used this duel (see `constants.PERSONA_BIT`).
        spent: The Allies each side spent, to go to the Fractured Shards after the duel.
        to_act: The side to act in the modifier window (0 attacker, 1 defender).
        passes: Consecutive passes in the modifier window.
        reroll_side: The side whose dice are being re-rolled, or -1.
        reroll_left: How many dice of the re-roll are left.
        winner: After resolution: 0 the attacker won, 1 the defender, -1 a tie; -2 before.
        totals: After resolution: both Stat Totals, attacker first.
    """

    attacker: int
    unit: tuple[int, ...] = ()
    stat: int = -1
    defender: int = -1
    target: tuple[int, ...] = ()
    dice: list[int] = attrs.Factory(lambda: [0, 0, 0, 0])
    rolled: int = 0
    bonus: list[int] = attrs.Factory(lambda: [0, 0])
    used: int = 0
    spent: list[tuple[int, ...]] = attrs.Factory(lambda: [(), ()])
    to_act: int = 0
    passes: int = 0
    reroll_side: int = -1
    reroll_left: int = 0
    winner: int = -2
    totals: tuple[int, int] = (0, 0)

    def copy(self) -> Duel:
        """An independent copy."""
        other = Duel.__new__(Duel)
        for field in _DUEL_FIELDS:
            setattr(other, field, getattr(self, field))
        other.dice = self.dice.copy()
        other.bonus = self.bonus.copy()
        other.spent = self.spent.copy()
        return other

    def freeze(self, totals: tuple[int, int]) -> DuelView:
        """A frozen copy, with `totals` as the Stat Totals (see `current_totals`)."""
        values = {field: getattr(self, field) for field in _DUEL_FIELDS}
        values.update(dice=tuple(self.dice), bonus=tuple(self.bonus), spent=tuple(self.spent), totals=totals)
        return DuelView(**values)

    def slots_of(self, side: int) -> tuple[int, ...]:
        """The Duel Positions of `side`'s unit (empty: its Persona)."""
        return self.unit if side == 0 else self.target


_DUEL_FIELDS = tuple(f.name for f in attrs.fields(Duel))


@attrs.frozen
class DuelView(_Sides):
    """A frozen copy of the duel in progress (see `Duel`), with the current Stat Totals."""

    attacker: int
    unit: tuple[int, ...]
    stat: int
    defender: int
    target: tuple[int, ...]
    dice: tuple[int, ...]
    rolled: int
    bonus: tuple[int, ...]
    used: int
    spent: tuple[tuple[int, ...], ...]
    to_act: int
    passes: int
    reroll_side: int
    reroll_left: int
    winner: int
    totals: tuple[int, int]

    @classmethod
    def of(cls, state: SotaState, duel: Duel) -> DuelView:
        """A frozen copy of `duel`, with the current Stat Totals."""
        return duel.freeze(current_totals(state, duel))

    def thaw(self) -> Duel:
        """A mutable `Duel` with these values (the totals only once the duel is resolved)."""
        values = {field: getattr(self, field) for field in _DUEL_FIELDS}
        values.update(dice=list(self.dice), bonus=list(self.bonus), spent=list(self.spent))
        if not self.is_resolved:
            values["totals"] = (0, 0)
        return Duel(**values)


def current_totals(s: SotaState, duel: Duel) -> tuple[int, int]:
    """Both Stat Totals as they stand (the final ones once resolved; zeros before the target)."""
    if duel.is_resolved:
        return duel.totals
    if duel.defender < 0:
        return (0, 0)
    return (stat_total(s, duel, ATTACKER), stat_total(s, duel, DEFENDER))


def stat_total(s: SotaState, duel: Duel, side: int) -> int:
    """A side's Stat Total: base stat (both halves of a pair) + its 2D6 + Signed Bonus + modifiers."""
    game = s.game
    seat = duel.seat_of(side)
    slots = duel.slots_of(side)
    if slots:
        base = s.seat_slots(seat).start
        cards = [s.slots[base + i] for i in slots]
        total = sum(game.stats[c][duel.stat] for c in cards)
        if len(cards) == 1:  # SOTA-R4: the Signed Bonus is automatic, never for Personas or Twins
            (card,) = cards
            total += game.signed_bonus[card]
    else:
        total = game.stats[s.persona[seat]][duel.stat]
    return total + duel.dice[side * 2] + duel.dice[side * 2 + 1] + duel.bonus[side]
