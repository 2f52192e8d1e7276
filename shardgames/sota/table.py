"""The fields of a SOTA game, declared once (see `shardgames.kernel.fields`).

The state (`SotaState`) holds them; a seat's view (`SotaView`) holds every one of them, frozen, except
that each hand and deck is censored for the viewing seat. Clone, view and the copy back into a sampled
state follow from this declaration. Cards are instance ids (see `shardgames.sota.constants`); per-seat
zones that change rarely are tuples in flat lists, so a clone copies a handful of lists and shares
everything else.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from shardgames.kernel import fields
from shardgames.kernel.fields import Table
from shardgames.sota.duel_state import Duel, DuelView, current_totals

if TYPE_CHECKING:
    from shardgames.sota.state import SotaState

__all__ = ["SotaTable"]


def _copy_duel(duel: Duel | None) -> Duel | None:
    return None if duel is None else duel.copy()


def _freeze_duel(duel: Duel | None, state: SotaState, player: int) -> DuelView | None:
    return None if duel is None else duel.freeze(current_totals(state, duel))


def _thaw_duel(duel: DuelView | None) -> Duel | None:
    return None if duel is None else duel.thaw()


def _no_duel() -> Duel | None:
    return None


_CARDS = tuple[int, ...]
_NO_CARDS: _CARDS = ()


class SotaTable(Table):
    """The fields of a SOTA game."""

    __slots__ = ()

    persona = fields.flat(int, doc="Each seat's chosen Persona (-1 until chosen).")
    options = fields.flat(tuple[int, ...], doc="Each seat's Personas to choose from, until it chooses.")
    hands = fields.hands(doc="Each seat's hand: a view shows only its own.")
    decks = fields.decks(
        doc="Each seat's Shard Deck: its order is hidden, and what another seat put under its own."
    )
    slots = fields.flat(
        int, doc="The Duel Positions, seat by seat (``duel_positions`` per seat): a Character or -1."
    )
    traits = fields.flat(int, doc="The Trait attached to each Duel Position's Character, or -1.")
    allies = fields.flat(
        tuple[int, ...],
        doc="The five Ally Positions of each seat (5 per seat), each a stack from bottom to top.",
    )
    shards = fields.flat(tuple[int, ...], doc="Each seat's Fractured Shards, the top card last.")
    removed = fields.flat(tuple[int, ...], doc="Each seat's cards out of the game.")
    alive = fields.flat(bool, doc="Whether each seat is still in the game.")
    active = fields.value(-1, doc="The active seat (-1 during setup).")
    used_stats = fields.value(
        0, doc="The stats the active seat used this Turn Phase (bit 0 agility .. bit 4 charisma)."
    )
    twin_used = fields.value(
        0, doc="The seats that took part in a Twin Duel this Turn Phase (a bit per seat)."
    )
    encore_used = fields.value(
        _NO_CARDS, of=tuple[int, ...], doc="The Encore sources already used this Turn Phase."
    )
    rolls = fields.value(
        _NO_CARDS, of=tuple[int, ...], doc="The latest start roll of each seat (setup only)."
    )
    duel = fields.custom(
        _no_duel,
        of=Duel | None,
        copy=_copy_duel,
        freeze=_freeze_duel,
        thaw=_thaw_duel,
        doc="The duel in progress, or None; a view holds it frozen, with the current Stat Totals.",
    )
