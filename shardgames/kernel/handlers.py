"""Rules that register themselves: one table per game of the functions that answer its decisions.

A game whose rules fill several modules (setup, the turn, combat...) keeps one `Handlers` value in a
small module of its own, which every rules module imports; each function registers itself where it is
written, with a decorator that names what it handles:

* ``@handlers.setup``: lays out a new game (the state's ``_setup`` hook);
* ``@handlers.legal(*phases)``: lists the legal actions (or ids) of a seat's decision in those phases;
* ``@handlers.apply(*action_types)``: answers a decision with an action of those classes;
* ``@handlers.run(*task_types)``: runs a queued task of those classes;
* ``@handlers.explain(*phases)``: says why an action is illegal in those phases (optional).

The state's hooks look the function up in the tables (``handlers.apply_handlers[type(action)]``), so
the state's module imports none of the rules modules: they sit above the state's vocabulary (phases,
prompts, tasks, actions, events) and below the game module, which imports them all, so that the tables
are complete as soon as the game is loaded. Registering two functions for one key is an error, and
`Handlers.missing` lists what has no function, for a test.

Examples:
    >>> import attrs
    >>> from shardgames.kernel import Action, Task
    >>> handlers = Handlers("demo")
    >>> @attrs.frozen
    ... class Roll(Action):
    ...     pass
    >>> @handlers.apply(Roll)
    ... def apply_roll(state, prompt, action):
    ...     print("rolled")
    >>> handlers.apply_handlers[Roll] is apply_roll
    True
    >>> handlers.missing(phases=["main"], actions=[Roll], tasks=[])
    ['demo: no setup handler', "demo: no legal-actions handler for phase 'main'"]
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from typing import Any, ClassVar, Generic, TypeVar

from shardgames.kernel.actions import Action
from shardgames.kernel.errors import UsageError
from shardgames.kernel.state import Task

__all__ = ["HandledState", "Handlers"]

PhaseT = TypeVar("PhaseT", bound=Hashable)
KeyT = TypeVar("KeyT")
FunctionT = TypeVar("FunctionT", bound=Callable[..., Any])
SetupT = TypeVar("SetupT", bound=Callable[[Any], None])
LegalT = TypeVar("LegalT", bound=Callable[[Any, Any], Iterable[Any]])
ApplyT = TypeVar("ApplyT", bound=Callable[[Any, Any, Any], None])
RunT = TypeVar("RunT", bound=Callable[[Any, Any], None])
ExplainT = TypeVar("ExplainT", bound=Callable[[Any, Any, Any], "str | None"])


class Handlers(Generic[PhaseT]):
    """The functions that answer one game's decisions and run its tasks, filled by decorators.

    Each function takes the state first. Legal-action functions take the pending prompt,
    ``(state, prompt)``, and return the legal actions (or, with ``legal_by_id``, their ids) in any
    order; apply functions take ``(state, prompt, action)``; run functions ``(state, task)``; explain
    functions ``(state, prompt, action)`` and return the reason or ``None``.

    Attributes:
        game: The game's name, for messages.
        setup_handler: The function that lays out a new game, once registered.
        legal_handlers: The legal-actions function of each phase.
        apply_handlers: The function that applies each action class.
        run_handlers: The function that runs each task class.
        explain_handlers: The explain function of each phase that has one.
    """

    def __init__(self, game: str) -> None:
        self.game = game
        self.setup_handler: Callable[[Any], None] | None = None
        self.legal_handlers: dict[PhaseT, Callable[[Any, Any], Iterable[Any]]] = {}
        self.apply_handlers: dict[type[Action], Callable[[Any, Any, Any], None]] = {}
        self.run_handlers: dict[type[Task], Callable[[Any, Any], None]] = {}
        self.explain_handlers: dict[PhaseT, Callable[[Any, Any, Any], str | None]] = {}

    def setup(self, function: SetupT) -> SetupT:
        """Register the function that lays out a new game (a decorator).

        Raises:
            UsageError: If the game has one already.
        """
        if self.setup_handler is not None:
            raise UsageError(f"{self.game}: setup is handled by {_name(self.setup_handler)} already")
        self.setup_handler = function
        return function

    def legal(self, *phases: PhaseT) -> Callable[[LegalT], LegalT]:
        """Register the legal-actions function of a seat's decisions in `phases` (a decorator)."""
        return self._register(self.legal_handlers, phases, "the legal actions of phase")

    def apply(self, *action_types: type[Action]) -> Callable[[ApplyT], ApplyT]:
        """Register the function that applies actions of `action_types` (a decorator)."""
        return self._register(self.apply_handlers, action_types, "applying")

    def run(self, *task_types: type[Task]) -> Callable[[RunT], RunT]:
        """Register the function that runs tasks of `task_types` (a decorator)."""
        return self._register(self.run_handlers, task_types, "running")

    def explain(self, *phases: PhaseT) -> Callable[[ExplainT], ExplainT]:
        """Register the function that explains illegal actions in `phases` (a decorator)."""
        return self._register(self.explain_handlers, phases, "explaining phase")

    def _register(
        self, table: dict[KeyT, Any], keys: tuple[KeyT, ...], what: str
    ) -> Callable[[FunctionT], FunctionT]:
        if not keys:
            raise UsageError(f"{self.game}: name what the handler handles")

        def register(function: FunctionT) -> FunctionT:
            for key in keys:
                existing = table.get(key)
                if existing is not None:
                    raise UsageError(
                        f"{self.game}: {what} {_key_name(key)} is handled by {_name(existing)} already, "
                        f"not also by {_name(function)}"
                    )
                table[key] = function
            return function

        return register

    def missing(
        self, *, phases: Iterable[PhaseT], actions: Iterable[type[Action]], tasks: Iterable[type[Task]]
    ) -> list[str]:
        """What has no function: the setup, each phase of `phases`, each action and task class.

        Args:
            phases: The phases in which a seat decides (not chance).
            actions: Every action class of the game (chance outcomes included).
            tasks: Every task class of the game.
        """
        problems = [] if self.setup_handler is not None else [f"{self.game}: no setup handler"]
        problems.extend(
            f"{self.game}: no legal-actions handler for phase {_key_name(phase)}"
            for phase in phases
            if phase not in self.legal_handlers
        )
        applied, run = self.apply_handlers, self.run_handlers
        problems.extend(f"{self.game}: no handler applies {c.__name__}" for c in actions if c not in applied)
        problems.extend(f"{self.game}: no handler runs {c.__name__}" for c in tasks if c not in run)
        return problems


def _name(function: Callable[..., Any]) -> str:
    return f"{function.__module__}.{function.__qualname__}"


def _key_name(key: Hashable) -> str:
    return key.__name__ if isinstance(key, type) else repr(str(key))


class HandledState:
    """The rules hooks of a `State` whose rules are registered in its class's `rules`.

    Put it before `State` among a game state's bases. Each hook looks its rule up in `rules`: the
    setup function; the legal actions and the explanation of the prompt's ``phase`` (a phase without
    an explanation, such as a chance node's, has none); the function of the action's class and of the
    task's class.

    Attributes:
        rules: The game's `Handlers`.
    """

    __slots__ = ()

    rules: ClassVar[Handlers[Any]]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        # The hot hooks of a class that names its table read the table's dicts from a closure, once
        # bound, instead of through `rules` at every step (as fast as the module-level tables they replace).
        super().__init_subclass__(**kwargs)
        rules = cls.__dict__.get("rules")
        if rules is not None:
            cls._legal_action_ids, cls._apply, cls._run_task = _bound_hooks(rules)  # type: ignore[method-assign]

    def _setup(self) -> None:
        setup = self.rules.setup_handler
        assert setup is not None, "the rules register with the game: load it with shardgames.load_game"
        setup(self)

    def _legal_action_ids(self, prompt: Any) -> Iterable[int]:
        return self.rules.legal_handlers[prompt.phase](self, prompt)

    def _apply(self, prompt: Any, action: Action) -> None:
        self.rules.apply_handlers[type(action)](self, prompt, action)

    def _run_task(self, task: Task) -> None:
        self.rules.run_handlers[type(task)](self, task)

    def _explain_illegal(self, prompt: Any, action: Action) -> str | None:
        explain = self.rules.explain_handlers.get(prompt.phase)
        return None if explain is None else explain(self, prompt, action)


def _bound_hooks(rules: Handlers[Any]) -> tuple[Callable[..., Any], Callable[..., Any], Callable[..., Any]]:
    """`HandledState`'s legal-actions, apply and run hooks, bound to the dicts of `rules`."""
    legal, apply, run = rules.legal_handlers, rules.apply_handlers, rules.run_handlers

    def _legal_action_ids(self: Any, prompt: Any) -> Iterable[int]:
        return legal[prompt.phase](self, prompt)

    def _apply(self: Any, prompt: Any, action: Action) -> None:
        apply[type(action)](self, prompt, action)

    def _run_task(self: Any, task: Task) -> None:
        run[type(task)](self, task)

    return _legal_action_ids, _apply, _run_task
