"""PettingZoo: every game as an AEC (agent-environment-cycle) environment.

Install the extra with ``pip install 'shardgames[rl]'``. The environment follows PettingZoo's classic
board and card games (Connect Four, chess, poker):

- **Agents** ``player_0``, ``player_1``, ...: one per seat, ``player_i`` is seat ``i``.
- **Observations** ``{"observation": tensor, "action_mask": mask}``: the seat's
  `State.observation_tensor` (float32, shape `Game.observation_shape`, built from its view only) and an
  int8 mask over `Game.num_distinct_actions`, all zeros when the seat is not to act.
- **Actions** are action ids, ``Discrete(game.num_distinct_actions)``.
- **Rewards** are zero until the game ends, then each seat's `State.returns`.
- **Terminations** when the rules end the game, **truncations** when its turn cap does
  (`State.truncated`).
- **Chance** is handled inside: games with ``chance="explicit"`` have their chance nodes sampled from a
  generator seeded with the episode.
- **Seeds**: ``reset(seed=s)`` plays the game ``game.new_initial_state(s)``; ``reset()`` draws the
  episode seed from a generator seeded by the last ``reset(seed=...)`` (from fresh entropy if none was
  given), so a seeded sequence of episodes repeats exactly.
- **Illegal actions**: the raw environment (`raw_env`) raises `IllegalActionError` and leaves the game
  unchanged; `env` wraps it as PettingZoo's classic games are wrapped, so an illegal action ends the game
  with ``illegal_reward`` for the seat that made it and zero for the others (PettingZoo's wrapper then
  marks every agent both terminated and truncated).
- **Rendering**: ``render_mode="ansi"`` returns the whole table as text (``str(state)``: a spectator's
  view, every hidden card shown); ``"human"`` prints it after every step. ``"rgb_array"`` returns
  a frame of pixels (`shardgames.render.frames`, the ``pixels`` extra).
- **State**, for centralised critics: ``state()`` is every seat's observation tensor, seat 0's first,
  joined along their first axis (shape ``state_space.shape``: the seats times the first dimension of
  `Game.observation_shape`, then its other dimensions). Each seat sees its own hidden cards, so the
  state shows every hand; no seat knows the order of a hidden deck, so the state does not either.
- **Parallel API**: `parallel_env` is the same game through PettingZoo's own
  ``turn_based_aec_to_parallel``: each ``step(actions)`` applies the action of the agent to act (named
  in every agent's ``info["active_agent"]``) and ignores the others'.

Each registered game is also registered with PettingZoo's registry as ``shardgames/NAME-v0``, for
``pettingzoo.make("aec", "shardgames/sota-v0")`` and ``pettingzoo.make("parallel", ...)``; keywords to
``make`` are game parameters.

Examples:
    >>> from shardgames.interop.pettingzoo import env
    >>> aec = env("tactics", souls=12, max_turns=30)
    >>> aec.reset(seed=7)
    >>> aec.agents
    ['player_0', 'player_1']
    >>> observation, reward, termination, truncation, info = aec.last()
    >>> observation["observation"].shape, int(observation["action_mask"].sum()) > 0
    ((58, 8, 8), True)
    >>> aec.state().shape, aec.state_space.shape
    ((116, 8, 8), (116, 8, 8))
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import numpy as np
import numpy.typing as npt

from shardgames.kernel import Game, State, UsageError, list_games
from shardgames.kernel.errors import MissingExtraError

try:
    import gymnasium
    import pettingzoo
    from gymnasium import spaces
    from pettingzoo.utils import conversions, wrappers
except ImportError as _missing:  # pragma: no cover - exercised by a test that hides the extra
    raise MissingExtraError(
        "shardgames.interop.pettingzoo", "rl", _missing.name or "pettingzoo"
    ) from _missing

from shardgames.interop import _spaces

__all__ = ["ENV_ID", "ShardGamesAECEnv", "env", "parallel_env", "raw_env", "register_envs"]

ENV_ID = "shardgames/{name}-v0"
"""The PettingZoo registry id of a game, with ``{name}`` the game's registry name."""

Observation = dict[str, npt.NDArray[Any]]
"""An agent's observation: ``{"observation": float32 tensor, "action_mask": int8 mask}``."""


class ShardGamesAECEnv(pettingzoo.AECEnv):  # type: ignore[misc]  # PettingZoo has no type information
    """One game as a PettingZoo AEC environment (see the module docstring for the conventions).

    Create it with `raw_env` (illegal actions raise) or `env` (wrapped like PettingZoo's classic
    games). ``render_mode`` is ``None``, ``"ansi"``, ``"human"`` or ``"rgb_array"``.

    Attributes:
        game: The game played.
        state_space: The space of `state`, the whole table for centralised critics.
        game_state: The game in progress (read it, do not change it); ``None`` before the first reset.
        episode_seed: The seed of the current episode: ``game.replay(env.episode_seed,
            env.game_state.history)`` rebuilds the state.

    Raises:
        UsageError: If the render mode is not supported, or parameters come with a `Game`.
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 - PettingZoo reads it as a plain class attribute
        "name": "shardgames_v0",
        "render_modes": list(_spaces.RENDER_MODES),
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(self, game: str | Game, *, render_mode: str | None = None, **params: Any) -> None:
        super().__init__()
        self.game = _spaces.resolve_game(game, params)
        if render_mode is not None and render_mode not in _spaces.RENDER_MODES:
            raise UsageError(
                f"render_mode must be None or one of {', '.join(_spaces.RENDER_MODES)}, not {render_mode!r}"
            )
        self.render_mode = render_mode
        self.metadata = {**type(self).metadata, "name": f"shardgames_{self.game.name}_v0"}
        self.possible_agents: list[str] = [f"player_{seat}" for seat in range(self.game.num_players)]
        self.observation_spaces: dict[str, spaces.Dict] = {
            agent: spaces.Dict(
                {
                    "observation": _spaces.observation_box(self.game),
                    "action_mask": _spaces.action_mask_box(self.game),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces: dict[str, spaces.Discrete] = {
            agent: spaces.Discrete(self.game.num_distinct_actions) for agent in self.possible_agents
        }
        self.state_space: spaces.Box = _spaces.state_box(self.game)
        self.game_state: State | None = None
        self.episode_seed: int | None = None
        self._np_random: np.random.Generator | None = None
        self._chance_rng = _spaces.chance_rng(0)
        self.agents: list[str] = []

    # ------------------------------------------------------------------ spaces

    def observation_space(self, agent: str) -> spaces.Dict:
        """The observation space of `agent` (the same object on every call)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Discrete:
        """The action space of `agent` (the same object on every call)."""
        return self.action_spaces[agent]

    # ------------------------------------------------------------------ the cycle

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game.

        Args:
            seed: The episode seed; ``None`` draws one from the generator seeded by the last seed given.
            options: Accepted for the PettingZoo API; no options are read.
        """
        if seed is not None or self._np_random is None:
            self._np_random, _ = gymnasium.utils.seeding.np_random(seed)
        self.episode_seed = _spaces.episode_seed(seed, self._np_random)
        self.game_state = self.game.new_initial_state(self.episode_seed)
        self._chance_rng = _spaces.chance_rng(self.episode_seed)
        _spaces.settle_chance(self.game_state, self._chance_rng)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.agents[0]
        self._after_move(self.game_state, acted=None)

    def observe(self, agent: str) -> Observation:
        """The observation of `agent`: its tensor and its action mask (new arrays on every call)."""
        seat = self._seat(agent)
        state = self._require_state()
        return {
            "observation": _spaces.observation(state, seat),
            "action_mask": _spaces.action_mask(state, seat),
        }

    def state(self) -> npt.NDArray[np.float32]:
        """The whole table as one new array, for centralised critics.

        Every seat's observation tensor, seat 0's first, joined along their first axis (see the module
        docstring).
        """
        return _spaces.state_tensor(self._require_state())

    def step(self, action: int | np.integer[Any] | None) -> None:
        """Apply the selected agent's action id; once the game is over, ``None`` retires the agent.

        Raises:
            IllegalActionError: If the action is not legal now (the game is unchanged).
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self._require_state()
        if action is None:
            raise UsageError(f"{agent} is to act: None is only for agents whose game is over")
        state.apply_action(int(action) if isinstance(action, np.integer) else action)
        _spaces.settle_chance(state, self._chance_rng)
        self._cumulative_rewards[agent] = 0.0
        self._after_move(state, acted=agent)
        if self.render_mode == "human":
            self.render()

    def _after_move(self, state: State, acted: str | None) -> None:
        """Select the next agent, or hand out the returns and end every agent's game."""
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if state.is_terminal():
            truncated = state.truncated
            for agent, value in zip(self.possible_agents, state.returns(), strict=True):
                if agent in self.rewards:
                    self.rewards[agent] = value
            self.terminations = dict.fromkeys(self.agents, not truncated)
            self.truncations = dict.fromkeys(self.agents, truncated)
            if acted is not None:  # the next seat in order retires first, as in PettingZoo's classic games
                self.agent_selection = self.agents[(self.agents.index(acted) + 1) % len(self.agents)]
        else:
            self.agent_selection = self.possible_agents[state.current_player]
        self._accumulate_rewards()

    # ------------------------------------------------------------------ rendering

    def render(self) -> str | npt.NDArray[np.uint8] | None:
        """The table: text (``"ansi"``), printed (``"human"``) or pixels (``"rgb_array"``).

        Returns:
            The text (``"ansi"``), an ``(height, width, 3)`` array of ``uint8`` (``"rgb_array"``), or
            ``None`` (``"human"``, or no render mode: a warning is logged).
        """
        return _spaces.render(self.render_mode, self._require_state())

    def close(self) -> None:
        """Release nothing: the environment holds no window or file."""

    # ------------------------------------------------------------------ helpers

    def _seat(self, agent: str) -> int:
        try:
            return self.possible_agents.index(agent)
        except ValueError:
            raise UsageError(
                f"no agent named {agent!r}; agents are {', '.join(self.possible_agents)}"
            ) from None

    def _require_state(self) -> State:
        if self.game_state is None:
            raise UsageError("call reset() before using the environment")
        return self.game_state


def raw_env(game: str | Game, *, render_mode: str | None = None, **params: Any) -> ShardGamesAECEnv:
    """The environment of `game` without wrappers: an illegal action raises `IllegalActionError`.

    Args:
        game: A `Game`, or a name or game string such as ``"sota"`` or ``"tactics(souls=12)"``.
        render_mode: ``None``, ``"ansi"``, ``"human"`` or ``"rgb_array"``.
        **params: Game parameters (with a name or game string only).

    Returns:
        The environment; call ``reset`` before using it.
    """
    return ShardGamesAECEnv(game, render_mode=render_mode, **params)


def env(
    game: str | Game,
    *,
    render_mode: str | None = None,
    illegal_reward: float = -1.0,
    **params: Any,
) -> pettingzoo.AECEnv:
    """The environment of `game`, wrapped as PettingZoo wraps its classic games.

    The wrappers end the game when an agent plays an action outside its mask (that agent gets
    `illegal_reward`, every other agent zero; a warning is logged), check that actions are in the action
    space, and enforce the order of calls (``reset`` first).

    Args:
        game: A `Game`, or a name or game string such as ``"sota"`` or ``"tactics(souls=12)"``.
        render_mode: ``None``, ``"ansi"``, ``"human"`` or ``"rgb_array"``.
        illegal_reward: The reward of an agent that plays an illegal action.
        **params: Game parameters (with a name or game string only).

    Returns:
        The wrapped environment; ``.unwrapped`` is the `ShardGamesAECEnv`.
    """
    wrapped: pettingzoo.AECEnv = raw_env(game, render_mode=render_mode, **params)
    wrapped = wrappers.TerminateIllegalWrapper(wrapped, illegal_reward=illegal_reward)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)


def parallel_env(
    game: str | Game,
    *,
    render_mode: str | None = None,
    illegal_reward: float = -1.0,
    **params: Any,
) -> pettingzoo.ParallelEnv:
    """The environment of `game` with PettingZoo's parallel API, for turn-based games.

    It is `env` through PettingZoo's ``turn_based_aec_to_parallel`` (its wrapper, which also names the
    agent to act in the infos that ``reset`` returns). ``reset`` returns the
    observations and infos of every agent; ``step(actions)`` takes a dict of actions, applies the
    action of the agent to act and ignores the others' (give them anything: ``0`` will do), and returns
    every agent's observation, reward, termination, truncation and info. Each info names the agent to
    act next as ``"active_agent"``, whose ``action_mask`` holds its legal actions. ``state()`` and
    ``state_space`` are the AEC environment's.

    Args:
        game: A `Game`, or a name or game string such as ``"sota"`` or ``"tactics(souls=12)"``.
        render_mode: ``None``, ``"ansi"``, ``"human"`` or ``"rgb_array"``.
        illegal_reward: The reward of an agent that plays an illegal action (the game ends).
        **params: Game parameters (with a name or game string only).

    Returns:
        The parallel environment; ``.unwrapped`` is the `ShardGamesAECEnv`.

    Examples:
        >>> from shardgames.interop.pettingzoo import parallel_env
        >>> par = parallel_env("tactics", souls=12, max_turns=30)
        >>> observations, infos = par.reset(seed=7)
        >>> active = infos["player_0"]["active_agent"]
        >>> legal = observations[active]["action_mask"].nonzero()[0]
        >>> observations, rewards, terminations, truncations, infos = par.step({active: int(legal[0])})
        >>> sorted(observations), par.state().shape
        (['player_0', 'player_1'], (116, 8, 8))
    """
    return _TurnBasedParallelEnv(env(game, render_mode=render_mode, illegal_reward=illegal_reward, **params))


class _TurnBasedParallelEnv(conversions.turn_based_aec_to_parallel_wrapper):  # type: ignore[misc]
    """PettingZoo's conversion, naming the agent to act in the infos of ``reset`` too."""

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Observation], dict[str, dict[str, Any]]]:
        observations, infos = super().reset(seed=seed, options=options)
        active = self.aec_env.agent_selection
        return observations, {agent: {**info, "active_agent": active} for agent, info in infos.items()}


def register_envs(names: Iterable[str] | None = None) -> tuple[str, ...]:
    """Register games with PettingZoo's registry as ``shardgames/NAME-v0``, AEC and parallel.

    ``pettingzoo.make("aec", id)`` builds the environment of `env`, ``make("parallel", id)`` that of
    `parallel_env`.

    Importing this module registers every game registered at that time; call this again after
    registering a game of your own. Ids already registered are left alone. PettingZoo has a registry
    from version 1.27; with an older PettingZoo this registers nothing.

    Args:
        names: The games to register; every registered game by default.

    Returns:
        The ids registered by this call.
    """
    registry = getattr(pettingzoo, "aec_registry", None)
    if registry is None:  # PettingZoo before 1.27 has no registry: use env() and raw_env()
        return ()
    added = []
    for name in list_games() if names is None else names:
        env_id = ENV_ID.format(name=name)
        if env_id not in registry:
            pettingzoo.register("aec", env_id, entry_point=env, kwargs={"game": name})
            added.append(env_id)
        if env_id not in pettingzoo.parallel_registry:
            pettingzoo.register("parallel", env_id, entry_point=parallel_env, kwargs={"game": name})
    return tuple(added)


register_envs()
