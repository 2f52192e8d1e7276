"""Every shardgames game as an OpenSpiel game (``pip install 'shardgames[openspiel]'``).

`register` registers one game with ``pyspiel.register_game`` under a short name (by default
``shardgames_<name>``); `register_all` registers every game. Then OpenSpiel loads it like any other
game, parameters included::

    import pyspiel
    from shardgames.interop import openspiel

    openspiel.register_all()
    game = pyspiel.load_game("shardgames_tactics(max_turns=30)")

What OpenSpiel sees:

* **Parameters.** The game's own parameters, with their defaults: ints, bools and strings as they are;
  tuples (decks) as their items separated by spaces (``decks=ember tide``), and ``none`` for an
  unset tuple. The ``chance`` parameter is not exposed: chance is always explicit.
* **Chance.** Explicit chance nodes (``ChanceMode.EXPLICIT_STOCHASTIC``): `chance_outcomes` lists
  each outcome with its exact probability.
* **Action ids.** A seat's action id is the game's own id (`Game.encode`), in
  ``range(num_distinct_actions)``. A chance outcome's id is its game id minus
  ``num_distinct_actions``, in ``range(max_chance_outcomes)``, as OpenSpiel numbers chance outcomes.
* **Utilities.** Zero-sum returns between the game's `Game.min_utility` and `Game.max_utility`;
  rewards only at the end. ``max_game_length`` is `Game.max_game_length`, a bound on the number of
  decisions in a game (chance outcomes not counted).
* **Observations** (see `ShardObserver`): the observation string is the seat's `View` printed, the
  observation tensor is `State.observation_tensor`; the information-state string is the digest of
  the seat's perfect recall (every event as it saw it, its own decisions), then its view; the
  information-state tensor is the observation tensor, then a fixed-size summary of what the seat did
  and saw.
* **Copies.** A clone plays on a light copy of the engine state and replays its moves on a full one
  only when something reads the event log or the information state, so playouts keep no event log.
* **Sampling.** `ShardState.resample_from_infostate` deals the hidden cards again from one seat's
  point of view (`View.sample_state`), as information-set MCTS needs.

Importing this module imports ``pyspiel``; without it, `MissingExtraError` names the extra to install.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from shardgames.interop._openspiel_core import INITIAL_SEED, Core
from shardgames.interop._openspiel_observer import ShardObserver
from shardgames.kernel.errors import InvalidParameterError, UsageError, require_extra
from shardgames.kernel.game import Game, game_class, list_games
from shardgames.kernel.params import Parameter, format_value
from shardgames.kernel.rng import Rng
from shardgames.kernel.state import CHANCE, State

pyspiel: Any = require_extra("pyspiel", extra="openspiel", feature="shardgames.interop.openspiel")

__all__ = [
    "PREFIX",
    "ShardGame",
    "ShardObserver",
    "ShardState",
    "game_type_name",
    "register",
    "register_all",
]

PREFIX = "shardgames_"
"""The start of the OpenSpiel short name of every game registered with a default name."""

_NONE = "none"
_REGISTERED: dict[str, tuple[str, dict[str, Any]]] = {}
_TEMPLATES: dict[str, State] = {}


# ---------------------------------------------------------------------- parameters


def _is_tuple(parameter: Parameter) -> bool:
    return parameter.kind.startswith("tuple")


def _to_spiel(parameter: Parameter, value: Any) -> bool | int | float | str:
    """A parameter value as an OpenSpiel parameter (tuples as space-separated items)."""
    if _is_tuple(parameter):
        if value is None:
            return _NONE
        items = [format_value(item) for item in value]
        bad = [item for item in items if not item or " " in item or "," in item]
        if bad:
            raise InvalidParameterError(
                f"parameter {parameter.name!r}",
                [f"items with spaces or commas cannot be passed to OpenSpiel: {bad}"],
            )
        return " ".join(items)
    if isinstance(value, bool | int | float | str):
        return value
    raise InvalidParameterError(
        f"parameter {parameter.name!r}", [f"{type(value).__name__} values cannot be passed to OpenSpiel"]
    )


def _from_spiel(parameter: Parameter, value: Any) -> Any:
    """The game's value of an OpenSpiel parameter (the inverse of `_to_spiel`)."""
    if _is_tuple(parameter) and isinstance(value, str):
        words = value.split()
        if words in ([], [_NONE]):
            return None
        return tuple(int(w) if w.lstrip("+-").isdigit() else w for w in words)
    return value


def _player_range(cls: type[Game]) -> tuple[int, int]:
    """The fewest and most seats the game allows (from its ``players`` parameter, if any)."""
    players = next((p for p in cls.parameters if p.name == "players"), None)
    if players is None:
        count = cls().num_players
        return count, count
    allowed = []
    for count in range(1, 33):
        try:
            players.convert(count)
        except (TypeError, ValueError):
            continue
        allowed.append(count)
    return min(allowed), max(allowed)


def _has_hidden_information(cls: type[Game]) -> bool:
    """Whether the game has zones some seat may not see (it overrides `State._hidden_zones`)."""
    return cls.state_type._hidden_zones is not State._hidden_zones


# ---------------------------------------------------------------------- registration


def game_type_name(game: str) -> str:
    """The default OpenSpiel short name of a shardgames game.

    Args:
        game: The shardgames name, e.g. ``"sota"``.

    Returns:
        ``"shardgames_<game>"``.
    """
    return PREFIX + game


def register(game: str = "sota", short_name: str | None = None, **params: Any) -> str:
    """Register a shardgames game with OpenSpiel.

    Registering the same name again with the same game and parameters does nothing.

    Args:
        game: The shardgames name (see `shardgames.list_games`).
        short_name: The OpenSpiel name; by default ``shardgames_<game>``.
        **params: Default values for the game's parameters (the OpenSpiel parameters take these
            defaults; ``chance`` is not a parameter, chance is always explicit).

    Returns:
        The OpenSpiel short name, for ``pyspiel.load_game``.

    Raises:
        UnknownGameError: If no shardgames game has that name.
        InvalidParameterError: If a parameter is unknown or invalid, or cannot be written as an
            OpenSpiel parameter.
        UsageError: If the short name is taken by another game or other parameters, or the game
            does not bound its length (`Game.max_game_length`).
    """
    cls = game_class(game)
    if "chance" in params:
        raise InvalidParameterError(
            f"parameters of {game!r}", ["chance: OpenSpiel games always have explicit chance nodes"]
        )
    engine = cls(**params, chance="explicit")  # validates every parameter
    try:
        engine.max_game_length  # noqa: B018 - OpenSpiel needs the bound: fail here, not at load
    except NotImplementedError:
        raise UsageError(
            f"{game} does not bound the length of its games (Game.max_game_length), which OpenSpiel needs"
        ) from None
    name = short_name or game_type_name(game)
    key = (game, {k: v for k, v in engine.params.items() if k != "chance"})
    if name in _REGISTERED:
        if _REGISTERED[name] != key:
            raise UsageError(
                f"{name!r} is already registered for {_REGISTERED[name][0]} with other parameters"
            )
        return name
    if name in pyspiel.registered_names():
        raise UsageError(f"OpenSpiel already has a game named {name!r}")
    specification = {p.name: _to_spiel(p, engine.params[p.name]) for p in cls.parameters}
    fewest, most = _player_range(cls)
    game_type = pyspiel.GameType(
        short_name=name,
        long_name=f"shardgames {cls.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=(
            pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
            if engine.max_chance_outcomes > 0
            else pyspiel.GameType.ChanceMode.DETERMINISTIC
        ),
        information=(
            pyspiel.GameType.Information.IMPERFECT_INFORMATION
            if _has_hidden_information(cls)
            else pyspiel.GameType.Information.PERFECT_INFORMATION
        ),
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=most,
        min_num_players=fewest,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=specification,
    )

    # A class, not a closure: OpenSpiel keeps the creator until the process ends, and a class outlives
    # the interpreter's shutdown safely (a closure would be freed without the interpreter lock).
    creator = type(
        f"ShardGame_{name}",
        (ShardGame,),
        {"game_type": game_type, "engine_class": cls, "__module__": __name__},
    )
    pyspiel.register_game(game_type, creator)
    _REGISTERED[name] = key
    return name


def register_all() -> tuple[str, ...]:
    """Register every shardgames game (`shardgames.list_games`) under its default name.

    Returns:
        The OpenSpiel short names, e.g. ``("shardgames_command", "shardgames_sota", ...)``.
    """
    return tuple(register(name) for name in list_games())


# ---------------------------------------------------------------------- the game


class ShardGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel has no type information
    """A shardgames game seen by OpenSpiel (created by ``pyspiel.load_game`` after `register`).

    `register` makes one subclass per registered name, setting the class attributes below.

    Args:
        params: The OpenSpiel parameter values (missing ones take the registered defaults).

    Attributes:
        game_type: The registered ``pyspiel.GameType``.
        engine_class: The shardgames game class.
        engine: The shardgames `Game` (loaded with ``chance="explicit"``).
    """

    game_type: Any
    engine_class: type[Game]

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        cls, game_type = self.engine_class, self.game_type
        params = {**game_type.parameter_specification, **(params or {})}
        by_name = {p.name: p for p in cls.parameters}
        values = {k: _from_spiel(by_name[k], v) if k in by_name else v for k, v in params.items()}
        self.engine: Game = cls(**values, chance="explicit")
        engine = self.engine
        info = pyspiel.GameInfo(
            num_distinct_actions=engine.num_distinct_actions,
            max_chance_outcomes=engine.max_chance_outcomes,
            num_players=engine.num_players,
            min_utility=float(engine.min_utility),
            max_utility=float(engine.max_utility),
            utility_sum=0.0,
            max_game_length=engine.max_game_length,
        )
        super().__init__(game_type, info, dict(params))

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        return (pyspiel.load_game, (str(self),))

    def new_initial_state(self) -> ShardState:
        """A new game at its first decision (often a chance node)."""
        return ShardState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
    ) -> ShardObserver:
        """The observer OpenSpiel uses for observations and information states (see `ShardObserver`)."""
        if isinstance(iig_obs_type, Mapping):  # called as make_py_observer(params)
            iig_obs_type, params = None, iig_obs_type
        return ShardObserver(self.engine, iig_obs_type, params)


def _initial_core(engine: Game) -> Core:
    key = str(engine)
    template = _TEMPLATES.get(key)
    if template is None:
        template = _TEMPLATES[key] = engine.new_initial_state(INITIAL_SEED)
    return Core(template.clone())


# ---------------------------------------------------------------------- the state


class ShardState(pyspiel.State):  # type: ignore[misc]  # pyspiel has no type information
    """A shardgames state seen by OpenSpiel.

    The engine state is ``state.engine_state``. OpenSpiel clones the state through its attributes'
    deep copy (the engine's cheap `State.clone`, light until read) and serialises it by pickling them
    (the game and the ids of the actions played; a sampled state as the engine's JSON).

    Args:
        game: The `ShardGame` this state belongs to.
    """

    def __init__(self, game: ShardGame) -> None:
        super().__init__(game)
        self._core = _initial_core(game.engine)

    @property
    def engine_state(self) -> State:
        """The shardgames `State` behind this one (read it; change it only through `apply_action`)."""
        return self._core.state

    def current_player(self) -> int:
        """The seat to act, ``PlayerId.CHANCE`` or ``PlayerId.TERMINAL``."""
        player = self._core.live.current_player
        if player >= 0 or player == CHANCE:
            return player
        return int(pyspiel.PlayerId.TERMINAL)

    def _legal_actions(self, player: int) -> list[int]:
        """The ids of the legal actions of `player`, the seat to act, in increasing order."""
        return list(self._core.live.legal_action_ids())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The outcomes of this chance node as (OpenSpiel outcome id, probability), by id."""
        state = self._core.live
        offset = state.game.num_distinct_actions
        outcomes = state.chance_outcomes()  # in id order, as the legal ids
        return [(i - offset, p) for i, (_, p) in zip(state.legal_action_ids(), outcomes, strict=True)]

    def _engine_id(self, action: int) -> int:
        live = self._core.live
        if live.current_player == CHANCE:
            return int(action) + live.game.num_distinct_actions
        return int(action)

    def _apply_action(self, action: int) -> None:
        """Apply a seat's action id or a chance outcome id (checked by the engine)."""
        self._core.apply(self._engine_id(action))

    def _action_to_string(self, player: int, action: int) -> str:
        """The action's text, as the engine prints it."""
        game = self._core.live.game
        index = int(action) + (game.num_distinct_actions if player == CHANCE else 0)
        return str(game.decode(index))

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self._core.live.is_terminal()

    def returns(self) -> list[float]:
        """Each seat's return: zeros until the end."""
        return list(self._core.live.returns())

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> ShardState:
        """A state `player_id` cannot tell from this one, its hidden cards dealt again at random.

        The sample has the same information state and observation for `player_id` (not for the other
        seats, whose hidden cards differ). Its OpenSpiel history is empty: the engine cannot replay
        the other seats' hidden draws.

        Args:
            player_id: The seat whose point of view the sample keeps.
            probability_sampler: A callable returning a float in [0, 1), such as
                ``pyspiel.UniformProbabilitySampler(0., 1.)``; one draw seeds the deal.

        Returns:
            A new `ShardState`.
        """
        seed = int(float(probability_sampler()) * 2**53)
        sample: ShardState = self.get_game().new_initial_state()
        sample._core = self._core.resampled(int(player_id), Rng(seed))
        return sample

    def __str__(self) -> str:
        return str(self._core.state)
