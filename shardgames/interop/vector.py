"""Gymnasium's vector API: many games of one seat each, stepped in one process, in stacked arrays.

Install the extra with ``pip install 'shardgames[rl]'``. `ShardGamesVectorEnv` plays ``num_envs``
games, each exactly as a `shardgames.interop.gymnasium.ShardGamesEnv` with the same arguments would
(the learner's seat, the opponents, the illegal-action policy), and returns their observations,
rewards, terminations and truncations stacked, with the action masks stacked in the infos:

- **Observations**: float32, shape ``(num_envs, *game.observation_shape)``.
- **Actions**: one action id per game, an int array of shape ``(num_envs,)`` (a ``MultiDiscrete``).
- **Infos**: ``infos["action_mask"]`` (int8, ``(num_envs, game.num_distinct_actions)``) and, after a
  step, ``infos["illegal_action"]`` (bool, ``(num_envs,)``), each with its ``"_action_mask"`` /
  ``"_illegal_action"`` array of which games carry it (all of them), as Gymnasium's vector
  environments write infos. ``env.action_masks()`` gives the masks as booleans.
- **Automatic reset** (Gymnasium's ``NEXT_STEP`` mode, the default of its own vector environments):
  the step after a game ends starts the next one of that slot (its action is ignored), returns its
  first observation with reward 0, and neither terminated nor truncated.
- **Seeds**: ``reset(seed=s)`` starts game ``i`` with seed ``s + i`` (a list gives each its own);
  ``reset()`` and the automatic resets draw seeds from each slot's own generator, as the single
  environment does. The same seeds give the same games as ``gymnasium.vector.SyncVectorEnv`` over
  ``ShardGamesEnv``, a little faster: the arrays are written in place (a mask row only where it
  changes), and the infos are not merged game by game. With ``copy=False`` the returned observations
  and masks are the environment's own arrays, valid until the next step.

Examples:
    >>> import numpy as np
    >>> from shardgames.interop.vector import ShardGamesVectorEnv
    >>> envs = ShardGamesVectorEnv("tactics", 4, souls=12, max_turns=30)
    >>> observations, infos = envs.reset(seed=7)
    >>> observations.shape, infos["action_mask"].shape
    ((4, 58, 8, 8), (4, 9348))
    >>> rng = np.random.default_rng(0)
    >>> actions = np.array([rng.choice(np.flatnonzero(mask)) for mask in infos["action_mask"]])
    >>> observations, rewards, terminations, truncations, infos = envs.step(actions)
    >>> rewards.tolist(), infos["illegal_action"].tolist()
    ([0.0, 0.0, 0.0, 0.0], [False, False, False, False])
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeGuard

import numpy as np
import numpy.typing as npt

from shardgames.kernel import Game, UsageError
from shardgames.kernel.errors import MissingExtraError

try:
    import gymnasium
    from gymnasium.vector import AutoresetMode
    from gymnasium.vector.utils import batch_space
except ImportError as _missing:  # pragma: no cover - exercised by a test that hides the extra
    raise MissingExtraError("shardgames.interop.vector", "rl", _missing.name or "gymnasium") from _missing

from shardgames.interop import _spaces
from shardgames.interop.gymnasium import Opponents, ShardGamesEnv

__all__ = ["ShardGamesVectorEnv"]

Batch = tuple[
    npt.NDArray[np.float32],
    npt.NDArray[np.float64],
    npt.NDArray[np.bool_],
    npt.NDArray[np.bool_],
    dict[str, Any],
]
"""What `ShardGamesVectorEnv.step` returns: observations, rewards, terminations, truncations, infos."""


class ShardGamesVectorEnv(gymnasium.vector.VectorEnv[Any, Any, Any]):
    """``num_envs`` games of one seat each, stepped together (see the module docstring).

    Args:
        game: A `Game`, or a name or game string such as ``"sota"`` or ``"tactics(souls=12)"``.
        num_envs: How many games to play side by side.
        seat: The learner's seat in every game.
        opponents: The agents of the other seats, as `ShardGamesEnv` takes them (shared by the games:
            agents keep no state between calls).
        illegal_action: ``"refuse"`` or ``"lose"``, as in `ShardGamesEnv`.
        illegal_penalty: The reward of an illegal action.
        copy: Whether `reset` and `step` return copies of the observations and masks (the default),
            or the environment's own arrays, which the next step overwrites: faster, as in
            Gymnasium's ``SyncVectorEnv(copy=False)``.
        **params: Game parameters (with a name or game string only).

    Attributes:
        envs: The single environments behind the slots (read them; step them only through this one).

    Raises:
        UsageError: If ``num_envs`` is not a positive int, or an argument `ShardGamesEnv` refuses.
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 - Gymnasium reads it as a plain class attribute
        "autoreset_mode": AutoresetMode.NEXT_STEP,
        "render_modes": [],
    }

    def __init__(
        self,
        game: str | Game,
        num_envs: int,
        *,
        seat: int = 0,
        opponents: Opponents | None = None,
        illegal_action: str = "refuse",
        illegal_penalty: float = -1.0,
        copy: bool = True,
        **params: Any,
    ) -> None:
        if isinstance(num_envs, bool) or not isinstance(num_envs, int) or num_envs < 1:
            raise UsageError(f"num_envs must be a positive int, not {num_envs!r}")
        loaded = _spaces.resolve_game(game, params)
        self.envs = [
            ShardGamesEnv(
                loaded,
                seat=seat,
                opponents=opponents,
                illegal_action=illegal_action,
                illegal_penalty=illegal_penalty,
            )
            for _ in range(num_envs)
        ]
        first = self.envs[0]
        self.num_envs = num_envs
        self.single_observation_space = first.observation_space
        self.single_action_space = first.action_space
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._observations = np.zeros((num_envs, *loaded.observation_shape), dtype=np.float32)
        self._masks = np.zeros((num_envs, loaded.num_distinct_actions), dtype=np.int8)
        self._rewards = np.zeros(num_envs, dtype=np.float64)
        self._terminations = np.zeros(num_envs, dtype=np.bool_)
        self._truncations = np.zeros(num_envs, dtype=np.bool_)
        self._illegal = np.zeros(num_envs, dtype=np.bool_)
        self._restart = np.zeros(num_envs, dtype=np.bool_)
        self._marked: list[list[int]] = [[] for _ in range(num_envs)]  # the ids set in each mask row
        self._copy = copy
        self._started = False

    @property
    def game(self) -> Game:
        """The game every slot plays."""
        return self.envs[0].game

    def reset(
        self, *, seed: int | Sequence[int | None] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        """Start a new game in every slot.

        Args:
            seed: ``None`` (each slot draws its seed), an int ``s`` (slot ``i`` plays seed ``s + i``) or
                one seed (or ``None``) per slot.
            options: Accepted for the Gymnasium API; no options are read.

        Returns:
            The observations and ``{"action_mask": ..., "_action_mask": ...}``.

        Raises:
            UsageError: If a list of seeds does not have one per slot.
        """
        seeds = self._seeds(seed)
        for index, (env, one) in enumerate(zip(self.envs, seeds, strict=True)):
            env._start(one)
            self._write(index)
        self._rewards.fill(0.0)
        self._terminations.fill(False)
        self._truncations.fill(False)
        self._restart.fill(False)
        self._started = True
        return self._out(self._observations), self._infos(illegal=False)

    def step(self, actions: npt.ArrayLike) -> Batch:
        """Apply one action id per slot; a slot whose game ended at the last step starts a new one.

        Raises:
            UsageError: If ``reset`` was not called, or `actions` is not one action per slot.
        """
        if not self._started:
            raise UsageError("call reset() before step()")
        batch = np.asarray(actions)
        if batch.shape != (self.num_envs,):
            raise UsageError(
                f"actions must be one action id per game, shape ({self.num_envs},), not {batch.shape}"
            )
        for index, env in enumerate(self.envs):
            if self._restart[index]:
                env._start(None)
                self._rewards[index], self._illegal[index] = 0.0, False
                self._terminations[index] = self._truncations[index] = False
            else:
                self._rewards[index], self._illegal[index] = env._advance(batch[index])
                self._terminations[index], self._truncations[index] = env._ended()
            self._write(index)
        np.logical_or(self._terminations, self._truncations, out=self._restart)
        return (
            self._out(self._observations),
            self._rewards.copy(),
            self._terminations.copy(),
            self._truncations.copy(),
            self._infos(illegal=True),
        )

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """Every slot's legal actions as booleans, ``(num_envs, num_distinct_actions)``."""
        return self._masks.astype(np.bool_)

    # ------------------------------------------------------------------ helpers

    def _seeds(self, seed: int | Sequence[int | None] | None) -> list[int | None]:
        if seed is None:
            return [None] * self.num_envs
        if _is_int(seed):
            return [int(seed) + index for index in range(self.num_envs)]
        if isinstance(seed, Sequence) and len(seed) == self.num_envs:
            seeds = list(seed)
            if all(one is None or _is_int(one) for one in seeds):
                return seeds
        raise UsageError(f"seed must be None, an int or one seed per game ({self.num_envs}), not {seed!r}")

    def _write(self, index: int) -> None:
        """Write slot `index`'s observation and mask into the batches."""
        env = self.envs[index]
        state = env._require_state()
        _spaces.write_observation(state, env.seat, self._observations[index])
        row = self._masks[index]
        row[self._marked[index]] = 0  # only the ids set last time: most of a row stays 0
        marked = self._marked[index] = list(_spaces.mask_ids(state, env._mask_seat()))
        row[marked] = 1

    def _out(self, array: npt.NDArray[Any]) -> npt.NDArray[Any]:
        return array.copy() if self._copy else array

    def _infos(self, *, illegal: bool) -> dict[str, Any]:
        everywhere = np.ones(self.num_envs, dtype=np.bool_)
        infos: dict[str, Any] = {"action_mask": self._out(self._masks), "_action_mask": everywhere}
        if illegal:
            infos["illegal_action"] = self._illegal.copy()
            infos["_illegal_action"] = everywhere.copy()
        return infos


def _is_int(value: object) -> TypeGuard[int | np.integer[Any]]:
    return isinstance(value, int | np.integer) and not isinstance(value, bool)
