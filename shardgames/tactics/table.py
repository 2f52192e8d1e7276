"""The fields of a Tactics game, declared once (see `shardgames.kernel.fields`).

The state (`TacticsState`) holds them; a seat's view (`TacticsView`) holds every one of them too,
frozen, because Tactics has no hidden information. Clone, view, the copy back into a sampled state
and positions all follow from this declaration. Warriors are numbered in the order they were bought;
the per-warrior facts are flat lists indexed by that number, and the board maps each square to a
warrior (or -1).
"""

from __future__ import annotations

from shardgames.kernel import fields
from shardgames.kernel.fields import Table

__all__ = ["TacticsTable"]


def _squares() -> list[int]:
    return [-1] * 64


class TacticsTable(Table):
    """The fields of a Tactics game."""

    __slots__ = ()

    board = fields.flat(int, default=_squares, doc="Each square's warrior, or -1.")
    terrain = fields.flat(
        int, default=_squares, doc="Each square's terrain (its number in `TERRAINS`), or -1."
    )
    terrain_owner = fields.flat(int, default=_squares, doc="The seat owning each square's terrain, or -1.")
    portals = fields.flat(
        tuple[int, ...], default=lambda: [(), ()], doc="Each seat's Portal squares (kept for fast moves)."
    )
    card = fields.flat(int, doc="Each warrior's roster card.")
    owner = fields.flat(int, doc="Each warrior's seat.")
    square = fields.flat(int, doc="Each warrior's square, -1 once defeated.")
    injured = fields.flat(bool, doc="Whether each warrior shows its injured side.")
    reduction = fields.flat(int, doc="Each warrior's Might lost to attacks this turn (TAC-45, R14).")
    buff = fields.flat(int, doc="Each warrior's Might from rallies, until its owner's next turn starts.")
    scorched = fields.flat(bool, doc="Whether each warrior is scorched this turn (TAC-R11).")
    attacked = fields.flat(bool, doc="Whether each warrior has made an attack action this turn.")
    souls = fields.flat(int, default=lambda: [0, 0], doc="Each seat's Souls.")
    stopped = fields.flat(bool, default=lambda: [False, False], doc="Whether each seat has stopped buying.")
    first = fields.value(-1, doc="The seat that buys and plays first (-1 before the coin flip).")
    purchases = fields.value(0, doc="Purchases made in the current setup turn.")
    active = fields.value(-1, doc="The seat whose turn it is (-1 before setup).")
    actions_used = fields.value(0, doc="Move and attack actions used this turn.")
    action_limit = fields.value(0, doc="Actions allowed this turn (one more after `BuyAction`).")
    extra_bought = fields.value(False, doc="Whether an extra action was bought this turn.")
    attacks_locked = fields.value(False, doc="Whether an attack action has injured this turn (TAC-47).")
