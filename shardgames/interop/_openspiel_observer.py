"""The OpenSpiel observer of a shardgames game (the object behind ``make_py_observer``).

Two kinds of observation are supported, both for a single seat with public information included:

* the **observation** (``perfect_recall=False``): the seat's `View`, as a string (``str(view)``) and as
  a tensor (`View.observation_tensor`, shape `Game.observation_shape`);
* the **information state** (``perfect_recall=True``): as a string, the digest of everything the seat
  has observed since the start (its recall, see `Core.recall`) followed by what it sees now and, on
  its turn, its legal action ids; as a tensor of fixed size, the observation tensor flattened, then
  the seat's *summary*: what it did and saw, counted (`Summary`).

Both are computed from what the seat may see, never from the full state. This module does not import
``pyspiel``: it reads the observation type's fields by name.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

import numpy as np

from shardgames.interop._openspiel_core import Core, Summary
from shardgames.kernel.errors import UsageError
from shardgames.kernel.game import Game

__all__ = ["ShardObserver"]


class _HasCore(Protocol):
    _core: Core


class ShardObserver:
    """Observations of one seat, in the form OpenSpiel's ``PyObserver`` reads.

    Args:
        game: The shardgames game being observed.
        iig_obs_type: A ``pyspiel.IIGObservationType``, or ``None`` for the default observation.
        params: Observation parameters; none are supported.

    Attributes:
        tensor: The flat float32 observation, or information state.
        dict: The named pieces of `tensor`: ``{"observation": ...}`` reshaped to the game's observation
            shape, and for the information state ``"summary"`` (`Summary`).

    Raises:
        UsageError: For observation parameters, or a kind of observation the games do not provide (all
            seats' private information, or no seat's).
    """

    def __init__(self, game: Game, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None) -> None:
        if params:
            raise UsageError(f"shardgames observers take no parameters; got {dict(params)}")
        self.perfect_recall = False
        if iig_obs_type is not None:
            private = getattr(iig_obs_type.private_info, "name", str(iig_obs_type.private_info))
            if private != "SINGLE_PLAYER" or not iig_obs_type.public_info:
                raise UsageError(
                    "shardgames provides observations of one seat with public information "
                    f"(private_info=SINGLE_PLAYER, public_info=True), not {iig_obs_type}"
                )
            self.perfect_recall = bool(iig_obs_type.perfect_recall)
        shape = game.observation_shape
        size = int(np.prod(shape))
        summary = Summary(game).size if self.perfect_recall else 0
        self.tensor = np.zeros(size + summary, np.float32)
        self.dict = {"observation": self.tensor[:size].reshape(shape)}
        if self.perfect_recall:
            self.dict["summary"] = self.tensor[size:]

    def set_from(self, state: _HasCore, player: int) -> None:
        """Write `player`'s observation (or information state) of `state` into `tensor`."""
        core = state._core
        if self.perfect_recall:
            self.tensor[:] = core.information_state_tensor(player)
        else:
            self.tensor[:] = core.state.observation_tensor(player).reshape(-1)

    def string_from(self, state: _HasCore, player: int) -> str:
        """`player`'s observation (or information state) of `state` as a string."""
        core = state._core
        if self.perfect_recall:
            return core.information_state_string(player)
        return str(core.state.view(player))
