"""Gymnasium: one seat of any game as a single-agent environment, the other seats played by agents.

Install the extra with ``pip install 'shardgames[rl]'``. `ShardGamesEnv` puts the learner in one seat
(``seat=0`` by default); every other seat is played by an `Agent` (a `RandomAgent` by default), which
chooses from its own view with a generator seeded from the episode.

- **Observation**: the learner's `State.observation_tensor` (float32, shape `Game.observation_shape`,
  built from its view only), in a ``Box`` of bounds ``[-1, 4]`` (the games normalise their values to
  about ``[0, 1]``; the rare value beyond the box is clipped).
- **Action**: an action id, ``Discrete(game.num_distinct_actions)``.
- **Info**: ``info["action_mask"]``, an int8 array with 1 for each legal action id (the form
  ``action_space.sample(mask)`` takes); ``env.action_masks()`` gives it as booleans, for maskable
  policies. After a step, ``info["illegal_action"]`` says whether the action was illegal.
- **Reward**: zero until the game ends, then the learner's `State.returns`.
- **Termination** when the rules end the game; **truncation** when the turn cap ends it
  (`State.truncated`).
- **Illegal actions** never raise. With ``illegal_action="refuse"`` (the default) the step is refused:
  the game is unchanged, the reward is ``illegal_penalty`` (-1.0 by default) and the same seat is to act
  again. With ``illegal_action="lose"`` the episode ends (``terminated``) with reward ``illegal_penalty``.
  An action outside the action space counts as illegal.
- **Seeds**: ``reset(seed=s)`` seeds the environment's ``np_random`` and plays the game
  ``game.new_initial_state(s)``; ``reset()`` draws the episode seed from ``np_random``. Explicit chance
  nodes and the opponents' choices are seeded from the episode seed, so an episode is determined by its
  seed and the learner's actions.
- **Rendering**: ``render_mode="ansi"`` returns the whole table as text (``str(state)``, a spectator's
  view with every hidden card shown); ``"human"`` prints it after every reset and step. ``"rgb_array"``
  returns a frame of pixels (`shardgames.render.frames`, the ``pixels`` extra): the board picture for
  Tactics, the table's text for the card games; every frame of a game has the same size, so
  ``gymnasium.wrappers.RecordVideo`` records it.

Importing this module registers every registered game with Gymnasium as ``shardgames/NAME-v0``:
``gymnasium.make("shardgames/tactics-v0", seat=1, souls=12)`` passes the keywords to `ShardGamesEnv`,
game parameters included.

Examples:
    >>> import gymnasium
    >>> import shardgames.interop.gymnasium
    >>> env = gymnasium.make("shardgames/tactics-v0", souls=12, max_turns=30)
    >>> observation, info = env.reset(seed=7)
    >>> observation.shape, info["action_mask"].dtype
    ((58, 8, 8), dtype('int8'))
    >>> action = env.action_space.sample(info["action_mask"])
    >>> observation, reward, terminated, truncated, info = env.step(action)
    >>> reward, terminated, truncated, info["illegal_action"]
    (0.0, False, False, False)
"""

from __future__ import annotations

import operator
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, TypeAlias

import numpy as np
import numpy.typing as npt

from shardgames.agents import Agent, RandomAgent
from shardgames.kernel import Game, Rng, State, UsageError, list_games
from shardgames.kernel.errors import MissingExtraError

try:
    import gymnasium
    from gymnasium import spaces
except ImportError as _missing:  # pragma: no cover - exercised by a test that hides the extra
    raise MissingExtraError("shardgames.interop.gymnasium", "rl", _missing.name or "gymnasium") from _missing

from shardgames.interop import _spaces

__all__ = ["ENV_ID", "ILLEGAL_ACTION_POLICIES", "ShardGamesEnv", "register_envs"]

ENV_ID = "shardgames/{name}-v0"
"""The Gymnasium id of a game, with ``{name}`` the game's registry name."""

ILLEGAL_ACTION_POLICIES = ("refuse", "lose")
"""What an illegal action does: refuse the step, or end the episode as a loss."""


Opponents: TypeAlias = Agent | Sequence[Agent] | Mapping[int, Agent]
"""The agents of the other seats: one for all, one per other seat in seat order, or a seat mapping."""


class ShardGamesEnv(gymnasium.Env[npt.NDArray[Any], np.int64]):
    """One seat of a game against opponents (see the module docstring for the conventions).

    Args:
        game: A `Game`, or a name or game string such as ``"sota"`` or ``"tactics(souls=12)"``.
        seat: The learner's seat.
        opponents: The agents of the other seats: ``None`` (a `RandomAgent` each), one `Agent` for all,
            a sequence with one agent per other seat in seat order, or a mapping from seat to agent.
        illegal_action: ``"refuse"`` (the step is refused, the game unchanged) or ``"lose"`` (the
            episode ends).
        illegal_penalty: The reward of an illegal action.
        render_mode: ``None``, ``"ansi"``, ``"human"`` or ``"rgb_array"``.
        **params: Game parameters (with a name or game string only).

    Attributes:
        game: The game played.
        seat: The learner's seat.
        opponents: The agent of each other seat.
        game_state: The game in progress (read it, do not change it); ``None`` before the first reset.
        episode_seed: The seed of the current episode: ``game.replay(env.episode_seed,
            env.game_state.history)`` rebuilds the state.

    Raises:
        UsageError: If the seat, opponents, illegal-action policy or render mode is not valid, or
            parameters come with a `Game`.
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 - Gymnasium reads it as a plain class attribute
        "render_modes": list(_spaces.RENDER_MODES),
        "render_fps": 1,
    }

    def __init__(
        self,
        game: str | Game,
        *,
        seat: int = 0,
        opponents: Opponents | None = None,
        illegal_action: str = "refuse",
        illegal_penalty: float = -1.0,
        render_mode: str | None = None,
        **params: Any,
    ) -> None:
        self.game = _spaces.resolve_game(game, params)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.game.num_players:
            raise UsageError(
                f"seat must be a seat 0..{self.game.num_players - 1} of {self.game}, not {seat!r}"
            )
        if illegal_action not in ILLEGAL_ACTION_POLICIES:
            raise UsageError(
                f"illegal_action must be one of {', '.join(ILLEGAL_ACTION_POLICIES)}, not {illegal_action!r}"
            )
        if render_mode is not None and render_mode not in _spaces.RENDER_MODES:
            raise UsageError(
                f"render_mode must be None or one of {', '.join(_spaces.RENDER_MODES)}, not {render_mode!r}"
            )
        self.seat = seat
        self.opponents: dict[int, Agent] = _opponents_by_seat(self.game, seat, opponents)
        self.illegal_action = illegal_action
        self.illegal_penalty = float(illegal_penalty)
        self.render_mode = render_mode
        self.observation_space = _spaces.observation_box(self.game)
        self.action_space = spaces.Discrete(self.game.num_distinct_actions)
        self.game_state: State | None = None
        self.episode_seed: int | None = None
        self._chance_rng = _spaces.chance_rng(0)
        self._opponent_rngs: dict[int, Rng] = {}
        self._over = False
        self._lost = False

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        """Start a new game and play the opponents until the learner is to act.

        Args:
            seed: The episode seed; ``None`` draws one from ``np_random``.
            options: Accepted for the Gymnasium API; no options are read.

        Returns:
            The learner's observation and ``{"action_mask": ...}``.
        """
        state = self._start(seed)
        return _spaces.observation(state, self.seat), {"action_mask": self._mask(state)}

    def step(
        self, action: int | np.integer[Any]
    ) -> tuple[npt.NDArray[np.float32], float, bool, bool, dict[str, Any]]:
        """Apply the learner's action id, then let the opponents play until the learner is to act again.

        Returns:
            ``(observation, reward, terminated, truncated, info)``; see the module docstring.
        """
        reward, illegal = self._advance(action)
        state = self._require_state()
        terminated, truncated = self._ended()
        info = {"action_mask": self._mask(state), "illegal_action": illegal}
        return _spaces.observation(state, self.seat), reward, terminated, truncated, info

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The learner's legal actions as a boolean mask (the method maskable policies call)."""
        return self._mask(self._require_state()).astype(np.bool_)

    def render(self) -> str | npt.NDArray[np.uint8] | None:
        """The table: text (``"ansi"``), printed (``"human"``) or pixels (``"rgb_array"``).

        Returns:
            The text (``"ansi"``), an ``(height, width, 3)`` array of ``uint8`` (``"rgb_array"``), or
            ``None`` (``"human"``, or no render mode: a warning is logged).
        """
        return _spaces.render(self.render_mode, self._require_state())

    # ------------------------------------------------------------------ the episode, without the outputs
    # (`reset` and `step` build their outputs from these; the vector environment writes them into
    # its batches instead)

    def _start(self, seed: int | None) -> State:
        """Start the episode of `seed` (``None``: drawn from ``np_random``) and play up to the learner."""
        super().reset(seed=seed)  # seeds np_random when a seed is given
        self.episode_seed = _spaces.episode_seed(seed, self.np_random)
        self.game_state = state = self.game.new_initial_state(self.episode_seed)
        self._chance_rng = _spaces.chance_rng(self.episode_seed)
        self._opponent_rngs = {s: _spaces.opponent_rng(self.episode_seed, s) for s in self.opponents}
        self._lost = False
        self._play_opponents(state)
        self._over = state.is_terminal()
        if self.render_mode == "human":
            self.render()
        return state

    def _advance(self, action: object) -> tuple[float, bool]:
        """Apply the learner's action and the opponents' replies: the reward, and whether it was illegal."""
        state = self._require_state()
        if self._over:
            gymnasium.logger.warn(
                "step() was called after the episode ended (terminated or truncated); call reset() first"
            )
            return 0.0, False
        action_id = _action_id(action)
        if action_id is None or not state.is_legal(action_id):
            if self.illegal_action == "lose":
                self._over = self._lost = True
            return self.illegal_penalty, True
        state.apply_action(action_id)
        self._play_opponents(state)
        self._over = state.is_terminal()
        if self.render_mode == "human":
            self.render()
        return float(state.returns()[self.seat]) if self._over else 0.0, False

    def _ended(self) -> tuple[bool, bool]:
        """Whether the episode is terminated, and whether it is truncated."""
        state = self._require_state()
        truncated = state.truncated
        return self._lost or (state.is_terminal() and not truncated), truncated

    def _mask_seat(self) -> int | None:
        """The seat whose legal actions the mask shows: the learner's, or nobody's once it is over."""
        return None if self._over else self.seat

    # ------------------------------------------------------------------ helpers

    def _play_opponents(self, state: State) -> None:
        """Sample chance and let the opponents act until the learner is to act or the game is over."""
        while True:
            _spaces.settle_chance(state, self._chance_rng)
            player = state.current_player
            if player < 0 or player == self.seat:
                return
            state.apply_action(self.opponents[player].act(state.view(player), self._opponent_rngs[player]))

    def _mask(self, state: State) -> npt.NDArray[np.int8]:
        return _spaces.action_mask(state, self._mask_seat())

    def _require_state(self) -> State:
        if self.game_state is None:
            raise UsageError("call reset() before using the environment")
        return self.game_state


def _action_id(action: object) -> int | None:
    """`action` as an int id, or ``None`` if it is not an integer (a float, an array of several)."""
    if isinstance(action, np.ndarray):
        if action.shape not in ((), (1,)):
            return None
        action = action.reshape(()).item()
    if isinstance(action, bool | np.bool_):
        return None
    try:
        return operator.index(action)  # type: ignore[arg-type]  # anything with __index__
    except TypeError:
        return None


def _opponents_by_seat(game: Game, seat: int, opponents: Opponents | None) -> dict[int, Agent]:
    """The agent of each seat but `seat`, from the forms `ShardGamesEnv` accepts."""
    others = [s for s in range(game.num_players) if s != seat]
    if opponents is None:
        return {s: RandomAgent() for s in others}
    if isinstance(opponents, Agent):
        return dict.fromkeys(others, opponents)
    if isinstance(opponents, Mapping):
        if sorted(opponents) != others:
            raise UsageError(f"opponents must map exactly the seats {others}, not {sorted(opponents)}")
        found = {s: opponents[s] for s in others}
    elif isinstance(opponents, Sequence):
        if len(opponents) != len(others):
            raise UsageError(
                f"opponents must give one agent per other seat ({len(others)}: seats {others}), "
                f"not {len(opponents)}"
            )
        found = dict(zip(others, opponents, strict=True))
    else:
        raise UsageError(f"opponents must be an Agent, a sequence or a mapping of agents, not {opponents!r}")
    bad = [s for s, agent in found.items() if not isinstance(agent, Agent)]
    if bad:
        raise UsageError(
            f"the opponents of seats {bad} are not agents (an Agent has name and act(view, rng))"
        )
    return found


def register_envs(names: Iterable[str] | None = None) -> tuple[str, ...]:
    """Register games with Gymnasium as ``shardgames/NAME-v0``, for `gymnasium.make`.

    Importing this module registers every game registered at that time; call this again after
    registering a game of your own. Ids already registered are left alone.

    Args:
        names: The games to register; every registered game by default.

    Returns:
        The ids registered by this call.
    """
    added = []
    for name in list_games() if names is None else names:
        env_id = ENV_ID.format(name=name)
        if env_id not in gymnasium.registry:
            gymnasium.register(
                id=env_id, entry_point="shardgames.interop.gymnasium:ShardGamesEnv", kwargs={"game": name}
            )
            added.append(env_id)
    return tuple(added)


register_envs()
