"""What the Gymnasium and PettingZoo adapters share: the game, the spaces, the seeds and chance.

This module is private: the adapters import it once they have checked that the ``rl`` extra is
installed, so it may import Gymnasium at its top.

**Observations.** Every game's `State.observation_tensor` is float32 and normalised so that most values
lie in ``[0, 1]``; a few (a negative modifier, a buffed Might, a large Soul count) go a little outside.
The adapters declare every observation in the box ``[OBSERVATION_LOW, OBSERVATION_HIGH]`` and clip the
rare value beyond it, so an observation always lies in its space.

**Seeds.** An episode is one game, started with `Game.new_initial_state` from an *episode seed*: the
seed given to ``reset(seed=...)``, or else one drawn from the environment's ``np_random``. Chance nodes
of a game with ``chance="explicit"`` are sampled from a generator derived from the episode seed, and so
are the opponents' choices, so an episode is determined by its seed and the learner's actions.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from shardgames.kernel import Game, Rng, State, UsageError, derive_seed, load_game
from shardgames.kernel.views import OBSERVATION_HIGH, OBSERVATION_LOW
from shardgames.render.frames import rgb_frame

__all__ = [
    "OBSERVATION_HIGH",
    "OBSERVATION_LOW",
    "action_mask",
    "action_mask_box",
    "chance_rng",
    "episode_seed",
    "mask_ids",
    "observation",
    "observation_box",
    "opponent_rng",
    "resolve_game",
    "settle_chance",
    "state_box",
    "state_tensor",
    "write_action_mask",
    "write_observation",
]


_SEED_LIMIT = 2**63
_CHANCE_KEY = 0
_OPPONENT_KEY = 1


def resolve_game(game: str | Game, params: Mapping[str, Any]) -> Game:
    """The game an environment plays: a `Game`, or a name or game string loaded with `params`.

    Args:
        game: A `Game`, or a name or game string such as ``"tactics(souls=12)"``.
        params: Game parameters; only allowed with a name or game string.

    Returns:
        The validated game.

    Raises:
        UsageError: If parameters are given together with a `Game`.
        InvalidParameterError: If a parameter is unknown or invalid.
        UnknownGameError: If no game has that name.
    """
    if isinstance(game, Game):
        if params:
            raise UsageError(
                f"parameters {sorted(params)} were given with a loaded game {game}; "
                "pass the game's name or game string instead, or load the game with them"
            )
        return game
    if not isinstance(game, str):
        raise UsageError(f"game must be a Game or a game string, not {type(game).__name__}")
    return load_game(game, **params)


def observation_box(game: Game) -> spaces.Box:
    """The space of one seat's observation tensor: float32, of shape `Game.observation_shape`."""
    return spaces.Box(
        low=OBSERVATION_LOW,
        high=OBSERVATION_HIGH,
        shape=game.observation_shape,
        dtype=np.float32,
    )


def state_box(game: Game) -> spaces.Box:
    """The space of the whole table (`state_tensor`): every seat's observation, one after another."""
    first, *rest = game.observation_shape
    return spaces.Box(
        low=OBSERVATION_LOW,
        high=OBSERVATION_HIGH,
        shape=(game.num_players * first, *rest),
        dtype=np.float32,
    )


def state_tensor(state: State) -> npt.NDArray[np.float32]:
    """A new array holding every seat's observation, seat 0's first, joined along their first axis.

    Each seat sees its own hidden cards, so together they show the whole table as the seats know it:
    every hand, and every public zone. No seat knows the order of a hidden deck, so neither does this.
    """
    return np.concatenate([observation(state, seat) for seat in range(state.game.num_players)])


def action_mask_box(game: Game) -> spaces.Box:
    """The space of an action mask: int8 zeros and ones over `Game.num_distinct_actions`."""
    return spaces.Box(low=0, high=1, shape=(game.num_distinct_actions,), dtype=np.int8)


def observation(state: State, seat: int) -> npt.NDArray[np.float32]:
    """A new array holding `seat`'s observation tensor, clipped into the declared bounds."""
    return write_observation(state, seat, np.empty(state.game.observation_shape, dtype=np.float32))


def write_observation(state: State, seat: int, out: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
    """`observation` written into `out` (a row of a batch, say); returns `out`."""
    np.clip(state.observation_tensor(seat), OBSERVATION_LOW, OBSERVATION_HIGH, out=out)
    return out


def action_mask(state: State, seat: int | None) -> npt.NDArray[np.int8]:
    """A new int8 array: 1 for each legal action of `seat` (all zeros when it is not to act, or None)."""
    return write_action_mask(state, seat, np.empty(state.game.num_distinct_actions, dtype=np.int8))


def write_action_mask(state: State, seat: int | None, out: npt.NDArray[np.int8]) -> npt.NDArray[np.int8]:
    """`action_mask` written into `out`; all zeros for `seat` ``None`` (nobody may act). Returns `out`."""
    out.fill(0)
    out[list(mask_ids(state, seat))] = 1
    return out


def mask_ids(state: State, seat: int | None) -> tuple[int, ...]:
    """The ids an action mask of `seat` marks: its legal actions when it is to act, otherwise none."""
    if seat is None or state.current_player != seat:
        return ()
    return state.legal_action_ids()


def episode_seed(seed: int | None, np_random: np.random.Generator) -> int:
    """The seed of the next episode: `seed` itself, or one drawn from `np_random` when it is ``None``.

    Raises:
        UsageError: If `seed` is not a non-negative int.
    """
    if seed is None:
        return int(np_random.integers(0, _SEED_LIMIT))
    if isinstance(seed, bool) or not isinstance(seed, int | np.integer) or seed < 0:
        raise UsageError(f"a seed must be a non-negative int, not {seed!r}")
    return int(seed)


def chance_rng(seed: int) -> Rng:
    """The generator sampling the chance nodes of an explicit-chance game in the episode `seed`."""
    return Rng(derive_seed(seed, _CHANCE_KEY))


def opponent_rng(seed: int, seat: int) -> Rng:
    """The generator handed to the opponent in `seat` in the episode `seed`."""
    return Rng(derive_seed(seed, _OPPONENT_KEY, seat))


def settle_chance(state: State, rng: Rng) -> None:
    """Sample chance nodes from `rng` until a seat is to act or the game is over.

    Games with ``chance="auto"`` never stop at a chance node, so this does nothing for them.
    """
    while state.is_chance_node():
        state.apply_action(state.sample_chance_outcome(rng))


RENDER_MODES = ("ansi", "human", "rgb_array")
"""The render modes of the environments: the table as text, printed, or as a frame of pixels."""


def render(mode: str | None, state: State) -> str | npt.NDArray[np.uint8] | None:
    """`state` rendered in `mode` (see `RENDER_MODES`); a logged warning without a mode.

    Text for ``"ansi"``; printed for ``"human"``; a frame of pixels for ``"rgb_array"``
    (`shardgames.render.frames`).
    """
    if mode is None:
        gymnasium.logger.warn("You are calling render method without specifying any render mode.")
        return None
    if mode == "rgb_array":
        return rgb_frame(state)
    text = str(state)
    if mode == "human":
        print(text)
        return None
    return text
