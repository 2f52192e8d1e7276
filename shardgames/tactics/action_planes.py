"""The Tactics action ids laid out as planes over the board, for convolutional policy heads.

A policy network whose trunk works on the (planes, 8, 8) observation can end in a convolution with
one output plane per kind of action, and read each action's score at its square. `ActionPlanes`
says which plane and square each action id has:

- a purchase, ``BuyWarrior(card, cell)`` or ``BuyTerrain(terrain, cell)``: the plane of that warrior
  (or terrain), at `cell`;
- ``Move(origin, dest)``: the plane "move to `dest`", at `origin` (so a warrior's moves are the
  planes at its own square, as in AlphaZero's chess layout);
- ``Attack(origin, target)``: the plane "attack `target`", at `origin`;
- ``PlaceTerrain(cell)`` and ``ChooseEffect(cell)``: a plane each, at `cell`;
- ``Stop``, ``BuyAction``, ``EndTurn`` and ``Decline``: the last plane, at its first four squares.

Every action id has its own position and no position has two, so a mask or a softmax over the
positions of the legal ids is exact. The squares, and the squares that name the move and attack
planes, are seen from the acting seat's side, as in the observation tensor: for seat 1 the ranks are
turned over (``a8`` is row 0), the files kept. With the standard roster there are 147 planes.

Examples:
    >>> import numpy as np
    >>> import shardgames as sg
    >>> from shardgames.tactics.actions import Move
    >>> game = sg.load_game("tactics")
    >>> layout = game.action_planes
    >>> layout.shape
    (147, 8, 8)
    >>> position = int(layout.index(0)[game.encode(Move(10, 26))])  # c2 to c4, for seat 0
    >>> layout.names[position // 64], position % 64
    ('move to c4', 10)
    >>> position = int(layout.index(1)[game.encode(Move(50, 34))])  # c7 to c5, for seat 1: c2 to c4
    >>> layout.names[position // 64], position % 64
    ('move to c4', 10)
    >>> scores = np.zeros(layout.shape, np.float32)  # what a convolution would output
    >>> layout.to_ids(scores, seat=0).shape
    (9348,)
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from shardgames.kernel.actions import ActionCodec
from shardgames.kernel.errors import UsageError
from shardgames.tactics.actions import (
    Attack,
    BuyAction,
    BuyTerrain,
    BuyWarrior,
    ChooseEffect,
    Decline,
    EndTurn,
    Move,
    PlaceTerrain,
    Stop,
)
from shardgames.tactics.board import name
from shardgames.tactics.warriors import TERRAINS

__all__ = ["ActionPlanes"]

CELLS = 64
_SINGLES = (Stop, BuyAction, EndTurn, Decline)
"""The actions without a square, at the first squares of the last plane, in this order."""


def _seen(cell: int, seat: int) -> int:
    """`cell` from `seat`'s side: for seat 1 the ranks turn over (as in the observation tensor)."""
    return (7 - cell // 8) * 8 + cell % 8 if seat == 1 else cell


class ActionPlanes:
    """Where each action id of one Tactics game sits in a (planes, 8, 8) array (see the module docs).

    Attributes:
        names: The name of each plane (``"buy knight"``, ``"move to c4"``, ``"attack d7"``, ...); the
            squares in the names are seat 0's, and seat 1 sees them turned over like the board.
    """

    __slots__ = ("_index", "names")

    def __init__(self, card_ids: Sequence[str], codec: ActionCodec) -> None:
        names = [f"buy {card}" for card in card_ids]
        names += [f"buy {terrain.value}" for terrain in TERRAINS]
        names += [f"move to {name(cell)}" for cell in range(CELLS)]
        names += [f"attack {name(cell)}" for cell in range(CELLS)]
        names += ["place terrain", "choose effect", "stop, buy an action, end turn, decline"]
        self.names: tuple[str, ...] = tuple(names)
        move, attack = len(card_ids) + len(TERRAINS), len(card_ids) + len(TERRAINS) + CELLS
        place, choose, singles = attack + CELLS, attack + CELLS + 1, attack + CELLS + 2
        terrain_planes = {terrain: len(card_ids) + number for number, terrain in enumerate(TERRAINS)}
        card_planes = {card: number for number, card in enumerate(card_ids)}
        index = []
        for seat in (0, 1):
            where = np.full(codec.num_distinct_actions, -1, np.int64)
            for action_id in range(codec.num_distinct_actions):
                action = codec.decode(action_id)
                if isinstance(action, BuyWarrior):
                    plane, cell = card_planes[action.card], _seen(action.cell, seat)
                elif isinstance(action, BuyTerrain):
                    plane, cell = terrain_planes[action.terrain], _seen(action.cell, seat)
                elif isinstance(action, Move):
                    plane, cell = move + _seen(action.dest, seat), _seen(action.origin, seat)
                elif isinstance(action, Attack):
                    plane, cell = attack + _seen(action.target, seat), _seen(action.origin, seat)
                elif isinstance(action, PlaceTerrain | ChooseEffect):
                    plane, cell = (
                        place if isinstance(action, PlaceTerrain) else choose,
                        _seen(action.cell, seat),
                    )
                else:
                    plane, cell = singles, _SINGLES.index(type(action))
                where[action_id] = plane * CELLS + cell
            where.flags.writeable = False
            index.append(where)
        self._index: tuple[npt.NDArray[np.int64], ...] = tuple(index)

    @property
    def shape(self) -> tuple[int, int, int]:
        """``(planes, 8, 8)``."""
        return (len(self.names), 8, 8)

    def index(self, seat: int) -> npt.NDArray[np.int64]:
        """For each action id, its position in the flattened planes as `seat` sees them (read-only)."""
        return self._index[self._seat(seat)]

    def _seat(self, seat: int) -> int:
        if seat not in (0, 1):
            raise UsageError(f"seat must be 0 or 1, not {seat!r}")
        return seat

    def to_ids(self, planes: npt.ArrayLike, seat: int) -> npt.NDArray[np.generic]:
        """The value at each action id's position: ``(..., planes, 8, 8)`` to ``(..., ids)``."""
        array = np.asarray(planes)
        if array.shape[-3:] != self.shape:
            raise UsageError(f"planes must end in the shape {self.shape}, not {array.shape}")
        return array.reshape(*array.shape[:-3], -1)[..., self.index(seat)]

    def to_planes(self, values: npt.ArrayLike, seat: int) -> npt.NDArray[np.generic]:
        """Values by action id (a mask, visit counts) placed on the planes.

        ``(..., ids)`` to ``(..., planes, 8, 8)``; positions no action uses hold 0.
        """
        array = np.asarray(values)
        index = self.index(seat)
        count = len(index)
        if array.shape[-1:] != (count,):
            raise UsageError(f"values must end in the number of action ids, {count}, not {array.shape}")
        out = np.zeros((*array.shape[:-1], len(self.names) * CELLS), array.dtype)
        out[..., index] = array
        return out.reshape(*array.shape[:-1], *self.shape)
