"""The Game base and the registry of games.

A `Game` is one rules configuration: the game's name plus its validated parameters. It is immutable,
cheap to share, and knows its action space, its observation shape and how to create states. `str(game)`
is a compact string, ``"sota(players=3)"``, that `load_game` reads back.

Games are registered by name. The built-in games register through the ``shardgames.games`` entry-point
group (so a separate package can add a game the same way); `register_game` registers a class at run time.

Examples:
    >>> import shardgames as sg
    >>> from shardgames.kernel.game import register_game
    >>> from embers import EmbersGame  # the template game of the docs, in examples/
    >>> _ = register_game(EmbersGame)
    >>> game = sg.load_game("embers(players=3)")
    >>> str(game), game.num_players
    ('embers(players=3)', 3)
    >>> state = game.new_initial_state(seed=1)
    >>> state.current_player in (0, 1, 2)
    True
"""

from __future__ import annotations

import importlib.metadata
from collections.abc import Callable, Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import Any, ClassVar

import attrs
import cattrs

from shardgames.kernel import errors
from shardgames.kernel.actions import Action, ActionCodec
from shardgames.kernel.checks import check_state
from shardgames.kernel.datafiles import parse_json
from shardgames.kernel.evaluation import LinearEvaluator
from shardgames.kernel.events import Event
from shardgames.kernel.params import (
    Parameter,
    choice_parameter,
    format_game_string,
    parse_game_string,
    resolve_parameters,
)
from shardgames.kernel.rng import Rng
from shardgames.kernel.serialize import state_from_dict, state_to_dict
from shardgames.kernel.state import Prompt, State, Task, game_fields

__all__ = [
    "CHANCE_PARAMETER",
    "Game",
    "game_class",
    "list_games",
    "load_game",
    "register_game",
    "replay_into",
    "unregister_game",
]

CHANCE_PARAMETER = choice_parameter(
    "chance",
    "auto",
    "auto: the engine samples chance nodes from its seeded generator; explicit: the caller applies them",
    ("auto", "explicit"),
)


class Game:
    """The base of every game: a name, validated parameters and the hooks that describe the rules.

    Subclasses set the class attributes below and implement `num_players`, `observation_shape`,
    `max_game_length` and `_make_codec`. Instances are created by `load_game` (or directly, with
    keyword parameters).

    Attributes:
        name: The registry name, e.g. ``"sota"``.
        title: The human name, e.g. ``"Shards of the Artisan"``.
        summary: One line for `shardgames list`.
        parameters: The game's own parameters (``chance`` is added to every game).
        state_type: The `State` subclass.
        event_types: Every `Event` subclass the game emits (for JSON).
        prompt_types: Every `Prompt` subclass the game uses (for JSON).
        task_types: Every `Task` subclass the game queues (for JSON).
        turn_cap_parameter: The parameter holding the turn cap, if any.
        turn_cap_factor: How many turns one unit of that parameter counts (a game whose parameter
            counts rounds of every seat's turn sets the number of seats).
        sample_configurations: Game strings, besides the defaults, that the contract test suite plays.
        content_kind: What `State.content_used` names, as a plural noun for tables (``"cards"``).
        evaluator: The game's fitted position evaluator (see `evaluate`), or ``None``.
        search_rate: The simulations per second the default `MCTSAgent` runs from a mid-game
            position of this game on a reference machine (``benchmarks/search.py`` measures it);
            `strongest_agent` turns a thinking time into a number of simulations with it, so the
            same time always gives the same agent.
        min_utility: The lowest possible return of a seat.
        max_utility: The highest possible return of a seat.
        params: The validated parameter values (read-only).
    """

    name: ClassVar[str]
    title: ClassVar[str]
    summary: ClassVar[str] = ""
    parameters: ClassVar[tuple[Parameter, ...]] = ()
    state_type: ClassVar[type[State]]
    event_types: ClassVar[tuple[type[Event], ...]] = ()
    prompt_types: ClassVar[tuple[type[Prompt], ...]] = ()
    task_types: ClassVar[tuple[type[Task], ...]] = ()
    turn_cap_parameter: ClassVar[str | None] = None
    turn_cap_factor: ClassVar[int] = 1
    sample_configurations: ClassVar[tuple[str, ...]] = ()
    content_kind: ClassVar[str] = "cards"
    evaluator: ClassVar[LinearEvaluator | None] = None
    search_rate: ClassVar[int] = 1_000
    min_utility: ClassVar[float] = -1.0
    max_utility: ClassVar[float] = 1.0

    def __init__(self, **params: Any) -> None:
        values = resolve_parameters(self.name, self.all_parameters(), params)
        problems = list(self._check_parameters(values))
        if problems:
            raise errors.InvalidParameterError(f"parameters of {self.name!r}", problems)
        self.params: Mapping[str, Any] = MappingProxyType(values)
        self.auto_chance: bool = values["chance"] == "auto"
        cap = self.turn_cap_parameter
        self._turn_cap = None if cap is None else int(values[cap]) * self.turn_cap_factor
        self.codec: ActionCodec = self._make_codec()
        self._string = format_game_string(
            self.name,
            {p.name: values[p.name] for p in self.all_parameters() if values[p.name] != p.default},
        )

    @classmethod
    def all_parameters(cls) -> tuple[Parameter, ...]:
        """The game's parameters followed by the common ``chance`` parameter."""
        return (*cls.parameters, CHANCE_PARAMETER)

    # ------------------------------------------------------------------ hooks

    def _check_parameters(self, values: Mapping[str, Any]) -> Iterable[str]:
        """Problems that involve several parameters together (hook; none by default)."""
        return ()

    def _make_codec(self) -> ActionCodec:
        """The action space of this configuration (hook)."""
        raise NotImplementedError

    @property
    def num_players(self) -> int:
        """The number of seats (hook; default: the ``players`` parameter, or 2)."""
        return int(self.params.get("players", 2))

    @property
    def observation_shape(self) -> tuple[int, ...]:
        """The shape of `State.observation_tensor` (hook)."""
        raise NotImplementedError

    @classmethod
    def configure_converter(cls, converter: cattrs.Converter) -> None:
        """Add hooks for the game's own types to its JSON converter (hook; nothing by default)."""

    def _state_from_position(self, state: State, position: Mapping[str, Any]) -> None:
        """Fill `state` (kernel fields already set) from a position; raise `PositionError` (hook)."""
        raise NotImplementedError(f"{self.name} has no position format")

    def _evaluate(self, state: State) -> Sequence[float]:
        """Each seat's estimated expected return from a state in play (hook; see `evaluate_all`).

        The default asks the game's `evaluator`; a game without one may override this instead.
        """
        if self.evaluator is None:
            raise errors.UsageError(
                f"{self.name} has no position evaluator: set its evaluator or write its _evaluate hook"
            )
        return self.evaluator.values(state)

    # ------------------------------------------------------------------ evaluation

    @property
    def has_evaluator(self) -> bool:
        """Whether the game can evaluate positions (`evaluate`): it has an evaluator or its own hook."""
        return self.evaluator is not None or type(self)._evaluate is not Game._evaluate

    def evaluate_all(self, state: State) -> tuple[float, ...]:
        """Every seat's estimated expected return from `state`, in one pass.

        Values lie in [-1, 1] and follow the returns: +1 for a sure win, -1 / (n - 1) for a sure
        loss, 0 for every seat when nobody is ahead. On a finished game they are exactly
        `State.returns`. Search scores its leaves with them; see `shardgames.kernel.evaluation` and
        the "Evaluation" section of each game's page for what each game reads. A bot that holds a
        seat's view evaluates a state sampled from it (`View.sample_state`).

        Examples:
            >>> import shardgames as sg
            >>> game = sg.load_game("tactics")
            >>> state = game.new_initial_state(seed=3)
            >>> values = game.evaluate_all(state)
            >>> len(values), all(-1.0 <= v <= 1.0 for v in values), values[0] == -values[1]
            (2, True, True)

        Raises:
            UsageError: If the game has no evaluator (`has_evaluator`), or the state is another game's.
            EvaluatorError: If the game's weights file is missing or malformed (at first use).
        """
        if state.game is not self and state.game != self:
            raise errors.UsageError(f"a state of {state.game} cannot be evaluated by {self}")
        if state.is_terminal():
            return state.returns()
        values = self._evaluate(state)
        return values if isinstance(values, tuple) else tuple(values)

    def evaluate(self, state: State, seat: int) -> float:
        """The estimated expected return of `seat` from `state` (see `evaluate_all`).

        Raises:
            UsageError: If `seat` is not a seat of the game, or the game has no evaluator.
            EvaluatorError: If the game's weights file is missing or malformed (at first use).
        """
        if not isinstance(seat, int) or not 0 <= seat < self.num_players:
            raise errors.UsageError(f"{self.name}: seat {seat!r} is not a seat 0..{self.num_players - 1}")
        return self.evaluate_all(state)[seat]

    # ------------------------------------------------------------------ the action space

    @property
    def num_distinct_actions(self) -> int:
        """The number of player action ids."""
        return self.codec.num_distinct_actions

    @property
    def max_chance_outcomes(self) -> int:
        """The number of chance outcome ids (numbered after the player actions)."""
        return self.codec.max_chance_outcomes

    def encode(self, action: Action) -> int:
        """The stable id of `action`."""
        return self.codec.encode(action)

    def decode(self, index: int) -> Action:
        """The action with id `index`."""
        return self.codec.decode(index)

    @property
    def turn_cap(self) -> int | None:
        """The turn cap (the game is a draw after it), or ``None``."""
        return self._turn_cap

    @property
    def max_game_length(self) -> int:
        """An upper bound on the number of decisions in one game (hook).

        Decisions are the entries of `State.history` that are not chance outcomes: the seats' actions,
        the forced moves the engine applies by itself included. Chance outcomes are not counted (a
        game may have no bound on them: a tied roll rolled again). Adapters that need the bound read
        it (OpenSpiel's ``max_game_length`` counts decisions the same way); a game derives it from its
        turn cap and the most decisions a turn can take, and its docstring shows the derivation.

        Raises:
            NotImplementedError: If the game does not bound its length.
        """
        raise NotImplementedError(f"{self.name} does not bound the length of its games")

    # ------------------------------------------------------------------ states

    def _blank_state(self, seed: int | Rng) -> State:
        """A state with the kernel fields set and every game field at its default (for hooks)."""
        state = self.state_type.__new__(self.state_type)
        state._init_kernel(self, seed.clone() if isinstance(seed, Rng) else Rng(seed))
        for field in game_fields(self.state_type):
            default: Any = field.default
            if isinstance(default, attrs.Factory):  # type: ignore[arg-type]  # attrs.Factory is a class
                default = default.factory(state) if default.takes_self else default.factory()
            setattr(state, field.name, default)
        return state

    def new_initial_state(self, seed: int = 0) -> State:
        """A new game, seeded (the same seed always gives the same game).

        Args:
            seed: A non-negative int; it seeds the generator that samples chance nodes.
        """
        state = self._blank_state(seed)
        state._setup()
        state._settle()
        return state

    def state_from_position(self, position: Mapping[str, Any] | str | bytes, seed: int = 0) -> State:
        """A state set up from a position (a dict, or its JSON text); see the game's docs page.

        A JSON text longer than `shardgames.kernel.datafiles.DOCUMENT_LIMIT` is refused unread.

        Raises:
            PositionError: Listing every problem in the position.
        """
        if isinstance(position, str | bytes):
            position = parse_json(position, errors.PositionError, "position")
        if not isinstance(position, Mapping):
            raise errors.PositionError("position", [f"must be a mapping, not {type(position).__name__}"])
        state = self._blank_state(seed)
        self._state_from_position(state, position)
        # The checks of states read from JSON, before the state runs: a position may queue tasks.
        check_state(state, errors.PositionError, f"{self.name} position", settled=False)
        state._settle()
        return state

    def state_from_json(self, text: str | bytes | Mapping[str, Any]) -> State:
        """Read back a state written by `State.to_json` (or `State.to_dict`).

        A text longer than `shardgames.kernel.datafiles.DOCUMENT_LIMIT` is refused unread.

        Raises:
            SerializationError: If the text is not a state of this game in a known format.
        """
        data = (
            parse_json(text, errors.SerializationError, "state JSON")
            if isinstance(text, str | bytes)
            else text
        )
        return state_from_dict(self, data)

    def _state_to_dict(self, state: State) -> dict[str, Any]:
        """`State.to_dict`, here because the serialisation module sits above the state's."""
        return state_to_dict(state)

    def replay(self, seed: int, history: Sequence[Action | int]) -> State:
        """Play `history` (actions or ids, chance outcomes included) from a new game with `seed`.

        Steps the engine takes by itself (sampled chance, forced moves) are checked against the
        history rather than applied twice. Replay with the configuration the history was recorded in
        (`MatchRecord` keeps it): in automatic-chance mode the seed must match too. The
        returned state's history starts with `history`; when `history` stops just before such
        automatic steps, the state has taken them too, exactly as in the original game.

        Raises:
            ReplayError: If an action is illegal, an id is outside the action space, or the game
                diverges from the history.
        """
        state = self.new_initial_state(seed)
        replay_into(state, history)
        return state

    # ------------------------------------------------------------------ identity

    def __str__(self) -> str:
        return self._string

    def __repr__(self) -> str:
        return f"load_game({self._string!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and str(other) == self._string

    def __hash__(self) -> int:
        return hash(self._string)

    def __reduce__(self) -> tuple[Any, ...]:
        # By class and parameters: the class need only be importable, not registered, where it is read.
        return (_make_game, (type(self), dict(self.params)))

    def __copy__(self) -> Game:
        return self  # a game is immutable

    def __deepcopy__(self, memo: dict[int, Any]) -> Game:
        return self


def _make_game(cls: type[Game], params: dict[str, Any]) -> Game:
    return cls(**params)


# ---------------------------------------------------------------------- the registry

_REGISTRY: dict[str, type[Game]] = {}
_ENTRY_POINTS_LOADED = False
ENTRY_POINT_GROUP = "shardgames.games"


def register_game(cls: type[Game]) -> type[Game]:
    """Register a game class under its `Game.name` (usable as a class decorator).

    Raises:
        UsageError: If another class is already registered under that name.
        TypeError: If the class is not a complete `Game`.
    """
    if not (isinstance(cls, type) and issubclass(cls, Game)):
        raise TypeError(f"{cls!r} is not a Game subclass")
    if not getattr(cls, "name", "") or not hasattr(cls, "state_type"):
        raise TypeError(f"{cls.__name__} must set the class attributes name and state_type")
    missing = [f.name for f in game_fields(cls.state_type) if f.default is attrs.NOTHING]
    if missing:
        raise TypeError(f"{cls.state_type.__name__}: give every field a default ({', '.join(missing)})")
    if cls.state_type.__eq__ is not State.__eq__:
        raise TypeError(
            f"{cls.state_type.__name__} overrides __eq__; declare it with @attrs.define(eq=False) "
            "so the kernel compares every field"
        )
    existing = _REGISTRY.get(cls.name)
    if existing is not None and existing is not cls:
        raise errors.UsageError(f"a game named {cls.name!r} is already registered ({existing.__module__})")
    _REGISTRY[cls.name] = cls
    return cls


def unregister_game(name: str) -> None:
    """Remove the game registered under `name` (for tests and interactive sessions).

    Raises:
        UnknownGameError: If no game has that name.
    """
    game_class(name)
    del _REGISTRY[name]


def _load_entry_points() -> None:
    global _ENTRY_POINTS_LOADED  # noqa: PLW0603 - a load-once cache of the installed games
    if _ENTRY_POINTS_LOADED:
        return
    _ENTRY_POINTS_LOADED = True
    for entry_point in importlib.metadata.entry_points(group=ENTRY_POINT_GROUP):
        if entry_point.name not in _REGISTRY:
            register_game(entry_point.load())


def list_games() -> tuple[str, ...]:
    """The names of every registered game, sorted."""
    _load_entry_points()
    return tuple(sorted(_REGISTRY))


def game_class(name: str) -> type[Game]:
    """The class registered under `name`.

    Raises:
        UnknownGameError: If no game has that name; the message lists the registered games.
    """
    _load_entry_points()
    try:
        return _REGISTRY[name]
    except KeyError:
        known = ", ".join(sorted(_REGISTRY)) or "none"
        raise errors.UnknownGameError(
            "game name", [f"no game named {name!r}; registered games: {known}"]
        ) from None


def load_game(spec: str, **params: Any) -> Game:
    """Load a game by name, with parameters as keywords or in the string.

    Args:
        spec: A name, ``"sota"``, or a game string, ``"sota(players=3)"``.
        **params: Parameters; they override those in the string.

    Returns:
        The validated `Game`.

    Raises:
        UnknownGameError: If the name is not registered.
        InvalidParameterError: Listing every unknown or invalid parameter; or if `spec` is not a
            `str`, or not a game string that can be read (see `shardgames.kernel.params`).
    """
    name, from_string = parse_game_string(spec)
    cls = game_class(name)
    return cls(**{**from_string, **params})


def replay_into(
    state: State, history: Sequence[Action | int], apply: Callable[[Action], object] | None = None
) -> None:
    """Play `history` on `state`, a new game, as `Game.replay` does.

    Args:
        state: The state to play on, as `Game.new_initial_state` made it.
        history: Actions or ids, chance outcomes included.
        apply: What applies each step that the game does not take by itself (`State.apply_action` by
            default; a caller that records the steps passes its own).

    Raises:
        ReplayError: If an action is illegal, an id is outside the action space, or the game
            diverges from the history.
    """
    if not isinstance(history, Iterable) or isinstance(history, str | bytes | Mapping):
        kind = type(history).__name__
        raise errors.ReplayError(f"the history must be a sequence of actions or ids, not {kind}")
    for index, item in enumerate(history):
        try:
            action = state.game.decode(item) if isinstance(item, int) else item
        except errors.ShardGamesError as exc:
            raise errors.ReplayError(f"step {index}: {exc}") from exc
        if index < len(state.history):
            if state.history[index] != action:
                raise errors.ReplayError(
                    f"step {index}: the game took {state.history[index]} by itself, "
                    f"but the history says {action}"
                )
            continue
        try:
            (apply or state.apply_action)(action)
        except errors.ShardGamesError as exc:
            raise errors.ReplayError(f"step {index}: {exc}") from exc
