"""An agent that plays a policy: any callable from an observation and a mask to one logit per action.

A policy trained through the adapters (`shardgames.interop`) sees a seat's observation tensor, clipped
into ``[OBSERVATION_LOW, OBSERVATION_HIGH]`` as the adapters clip it, and the mask of its legal action
ids. `PolicyAgent` gives it the same two arrays from a `View`, so a trained policy plays wherever an
agent plays: `play_match`, tournaments, the command line and the terminal player.

An observation is seen from its seat's side (a Tactics board is turned over for seat 1), while action
ids are the same for every seat. A policy that must know which seat it plays, to turn what it sees
into ids, takes a keyword argument `seat`, and `PolicyAgent` passes it.

Examples:
    >>> import numpy as np
    >>> import shardgames as sg
    >>> def first_legal(observation, mask):  # a policy: the lowest legal id scores highest
    ...     return np.where(mask, -np.arange(mask.size, dtype=float), -np.inf)
    >>> agent = sg.PolicyAgent(first_legal)
    >>> state = sg.load_game("tactics").new_initial_state(seed=3)
    >>> view = state.view(state.current_player)
    >>> agent.act(view, sg.Rng(0)) == view.legal_actions[0]
    True
"""

from __future__ import annotations

import inspect
import math
from collections.abc import Callable
from typing import Any

import numpy as np

from shardgames.kernel.actions import Action
from shardgames.kernel.errors import UsageError
from shardgames.kernel.rng import RngLike, as_rng
from shardgames.kernel.views import OBSERVATION_HIGH, OBSERVATION_LOW, View

__all__ = ["Policy", "PolicyAgent", "takes_seat"]

Policy = Callable[..., Any]
"""``policy(observation, mask) -> logits``: the observation tensor (float32, `Game.observation_shape`),
the legal actions as a bool mask over `Game.num_distinct_actions`, and one logit per action id (any
array-like of that length; only the legal ids' logits are read). A policy with a keyword parameter
``seat`` is also given the seat of the decision."""


def takes_seat(policy: Policy) -> bool:
    """Whether `policy` has a parameter named ``seat`` (a PyTorch module: its ``forward``)."""
    try:
        parameters = inspect.signature(policy).parameters
    except (TypeError, ValueError):  # a callable whose signature Python cannot read
        return False
    return "seat" in parameters


class PolicyAgent:
    """Plays the legal action its policy scores highest, or samples the policy's softmax.

    Args:
        policy: ``policy(observation, mask) -> logits`` (see `Policy`). A PyTorch module or a NumPy
            function alike: the logits are read with ``numpy.asarray``.
        name: The label in match records and tables.
        temperature: 0 plays the highest logit among the legal actions (the lowest id among equals);
            above 0, samples the softmax of the legal logits divided by it, from the agent's `Rng`.

    Raises:
        UsageError: If the temperature is negative or not a number.
    """

    def __init__(self, policy: Policy, *, name: str = "policy", temperature: float = 0.0) -> None:
        if not callable(policy):
            raise UsageError(f"a policy is a callable (observation, mask) -> logits, not {policy!r}")
        if isinstance(temperature, bool) or not isinstance(temperature, int | float) or not temperature >= 0:
            raise UsageError(f"temperature must be a number of at least 0, not {temperature!r}")
        self.policy = policy
        self.name = name
        self.temperature = float(temperature)
        self._seat = takes_seat(policy)

    def act(self, view: View, rng: RngLike) -> Action:
        """The action the policy chooses among ``view.legal_actions``.

        Raises:
            UsageError: If the policy returns logits of the wrong size, or no finite logit for a legal
                action (in a match, `play_match` reports it as the agent's failure).
        """
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        game = view.game
        ids = np.array([game.encode(action) for action in legal], dtype=np.intp)
        mask = np.zeros(game.num_distinct_actions, dtype=np.bool_)
        mask[ids] = True
        observation = np.clip(view.observation_tensor(), OBSERVATION_LOW, OBSERVATION_HIGH)
        found = (
            self.policy(observation, mask, seat=view.player) if self._seat else self.policy(observation, mask)
        )
        logits = np.asarray(found, dtype=np.float64).reshape(-1)
        if logits.shape != (game.num_distinct_actions,):
            raise UsageError(
                f"policy {self.name!r} returned {logits.size} logits; {game} has "
                f"{game.num_distinct_actions} action ids"
            )
        scores = logits[ids]
        finite = np.isfinite(scores)
        if not finite.any():
            raise UsageError(
                f"policy {self.name!r} gave no finite logit to any of the {len(legal)} legal actions"
            )
        if self.temperature == 0.0:
            return legal[int(np.argmax(np.where(finite, scores, -np.inf)))]
        weights = np.where(finite, np.exp((scores - scores[finite].max()) / self.temperature), 0.0)
        point = as_rng(rng).random() * math.fsum(weights)
        index = int(np.searchsorted(np.cumsum(weights), point, side="right"))
        return legal[min(index, len(legal) - 1)]

    def __repr__(self) -> str:
        return f"PolicyAgent({self.policy!r}, name={self.name!r}, temperature={self.temperature})"
