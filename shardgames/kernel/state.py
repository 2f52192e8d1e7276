"""The State base: the generic machinery every game shares.

A game's state subclasses `State` and its table of declared fields (`shardgames.kernel.fields`) and
implements a few narrow hooks. The kernel does the rest: whose turn it is, the legality check, chance
nodes (sampled or left to the caller), forced moves, the history, the event log, the turn cap, cloning.

**Decisions are prompts.** At every moment the state holds exactly one pending `Prompt` (or none, when the
game is over): a frozen value saying who decides (a seat, or `CHANCE`) and what about. Answering a prompt
is applying an action. A procedure that needs a choice half-way (a target, a discard, a die roll) simply
sets a prompt and stops; the answer resumes it. Procedures that are longer than one step can queue
`Task` values on the state's task stack; the kernel runs tasks (hook `_run_task`) whenever no prompt is
pending, so every intermediate point is a plain, serialisable value.

The hooks a game implements and the API its rules code calls are listed on the reference page of
this module (and shown at work in `examples/embers.py`). A game whose rules fill several modules
registers its rules functions with `shardgames.kernel.handlers.Handlers`, and its hooks look them up
there.
"""

from __future__ import annotations

import html
import json
import typing
from bisect import bisect_left
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Generic, SupportsIndex, cast

import attrs
import numpy as np
import numpy.typing as npt

from shardgames.kernel.actions import Action
from shardgames.kernel.errors import ActionCodecError, IllegalActionError, ShardGamesError, UsageError
from shardgames.kernel.events import DISCARDED, Event, GameEnded, Log
from shardgames.kernel.prompts import CHANCE, TERMINAL, Prompt, Task
from shardgames.kernel.rng import Rng, RngLike, as_rng
from shardgames.kernel.zones import Hand, HiddenDeck, redeal, unknown_cards

if TYPE_CHECKING:
    from typing_extensions import TypeVar

    from shardgames.kernel.game import Game
    from shardgames.kernel.views import View

    GameT_co = TypeVar("GameT_co", bound=Game, default=Game, covariant=True)
else:
    GameT_co = typing.TypeVar("GameT_co", covariant=True)

__all__ = ["CHANCE", "TERMINAL", "Prompt", "State", "Task", "game_fields"]

_SETTLE_GUARD = 1_000_000
_SCAN_LIMIT = 12


def game_fields(cls: type[State]) -> tuple[attrs.Attribute[Any], ...]:
    """The attrs fields a game's state class adds to the kernel's (none if it is not an attrs class)."""
    if not attrs.has(cls):
        return ()
    return tuple(attrs.fields(cast(Any, cls)))


class State(Generic[GameT_co]):
    """The base of every game state. Mutable; values it holds (actions, events, prompts) are frozen.

    A game's state class names its game class, ``class MyState(State["MyGame"])``, so that
    ``self.game`` has the game's own type. Create states with `Game.new_initial_state`,
    `Game.state_from_position` or `Game.state_from_json`, never directly. A game implements the hooks
    and its rules use the API of rules code (both in the module docstring); users call `apply_action`.
    """

    __slots__ = (
        "_current_player",
        "_events",
        "_history",
        "_legal",
        "_legal_set",
        "_prompt",
        "_returns",
        "_rng",
        "_tasks",
        "_winner",
        "game",
        "turn",
    )

    if TYPE_CHECKING:

        @property
        def game(self) -> GameT_co:
            """The game this state belongs to."""

        @game.setter
        def game(self, value: Game) -> None: ...

        turn: int
        _rng: Rng
        _history: Log[Action]
        _events: Log[Event]
        _prompt: Prompt | None
        _tasks: list[Task]
        _current_player: int
        _returns: tuple[float, ...] | None
        _winner: int | None
        _legal: tuple[Action, ...] | None
        _legal_set: list[int] | None  # the legal ids, sorted (for large sets)

    #: Whether the game lists legal actions by id (``_legal_action_ids``) rather than as objects.
    legal_by_id: ClassVar[bool] = False

    #: The kernel fields of every state, in serialisation order.
    KERNEL_FIELDS: ClassVar[tuple[str, ...]] = (
        "turn",
        "rng",
        "prompt",
        "tasks",
        "returns",
        "winner",
        "history",
        "events",
    )

    # ------------------------------------------------------------------ construction

    def _init_kernel(self, game: Game, rng: Rng) -> None:
        self.game = game
        self.turn = 0
        self._rng = rng
        self._history = Log()
        self._events = Log()
        self._prompt = None
        self._tasks = []
        self._current_player = TERMINAL
        self._returns = None
        self._winner = None
        self._legal = self._legal_set = None

    # ------------------------------------------------------------------ hooks

    def _setup(self) -> None:
        """Lay out a fresh game (hook)."""
        raise NotImplementedError

    def _legal_actions(self, prompt: Prompt) -> Iterable[Action]:
        """The legal actions of a player prompt, in any order (hook)."""
        raise NotImplementedError

    def _legal_action_ids(self, prompt: Prompt) -> Iterable[int]:
        """The ids of the legal actions of a player prompt, in any order (hook, with `legal_by_id`).

        Return a new list (the kernel sorts it in place and keeps it) or any other iterable.
        """
        raise NotImplementedError

    def _chance_outcomes(self, prompt: Prompt) -> Sequence[tuple[Action, int]]:
        """The outcomes of a chance prompt with positive integer weights (hook)."""
        raise NotImplementedError

    def _sample_chance(self, prompt: Prompt, rng: Rng) -> Action | None:
        """One outcome of a chance prompt drawn from `rng` with the weights of `_chance_outcomes`.

        Optional hook for speed; the default ``None`` makes the kernel list the outcomes and draw one.
        """
        return None

    def _apply(self, prompt: Prompt, action: Action) -> None:
        """Answer `prompt` with `action`, which is known to be legal (hook)."""
        raise NotImplementedError

    def _run_task(self, task: Task) -> None:
        """Run one queued task (hook; only games that push tasks need it)."""
        raise NotImplementedError

    def _explain_illegal(self, prompt: Prompt, action: Action) -> str | None:
        """Why the rules forbid `action` as an answer to `prompt`, or ``None`` if they allow it (hook).

        `action` is an action of the game's codec, not a chance outcome. The default looks the action
        up in the legal actions and gives a generic reason; a game writes each rule's condition once,
        here, and lists its legal actions through the same conditions.
        """
        return None if action in self.legal_actions() else self._not_listed(action)

    def _copy_into(self, other: State) -> None:
        """Copy the game's own fields into `other`, a fresh state (hook).

        The default deep-copies every attrs field; override it with a hand-written copy for speed.
        """
        import copy  # noqa: PLC0415 - only the slow default needs it

        for field in game_fields(type(self)):
            setattr(other, field.name, copy.deepcopy(getattr(self, field.name)))

    def _view(self, player: int) -> View:
        """The `View` of `player` (hook)."""
        raise NotImplementedError

    def _hidden_zones(self) -> Iterable[HiddenDeck | Hand]:
        """Every zone holding cards some seat may not know (hook; none by default)."""
        return ()

    def _kind_of(self, card: int) -> int:
        """The kind (card definition) of card instance `card` (hook; needed with hidden zones)."""
        raise NotImplementedError

    def _redealt(self) -> None:
        """Bring fields that name cards of hidden zones back in line after those cards were dealt again.

        Hook, called by `resample_hidden` (and by a game's `View.sample_state`, after its deal); nothing
        by default. A game needs it when a field copies cards out of a zone the deal reaches (say, the
        cards being looked at on top of a deck).
        """

    def _problems(self) -> Iterable[str]:
        """Every problem of the game's own fields, prompt and tasks (hook; none by default).

        `shardgames.kernel.checks.check_state` calls it, after checking the kernel's own fields, on
        each state read from JSON (`Game.state_from_json`) and on each state set up from a position
        (a game's `Game._state_from_position` ends with it), and refuses the state if anything is
        found. List every problem, each as ``"path: what is wrong"`` where the path is the field's
        place in the JSON document (``data.hands[1].cards[3]``, ``prompt.seat``, ``tasks[0].count``),
        and never raise: the fields may hold any value of their declared type. Check whatever a later
        `legal_actions`, `apply_action`, `view` or `observation_tensor` relies on: seats, card ids,
        lengths, ranges, a card in two places, the prompt's fields against the rest of the state.
        `shardgames.kernel.checks` has helpers (`Problems`, `Places`).
        """
        return ()

    # ------------------------------------------------------------------ reading

    @property
    def current_player(self) -> int:
        """The seat to act, `CHANCE` at a chance node, or `TERMINAL` once the game is over."""
        return self._current_player

    @property
    def prompt(self) -> Prompt | None:
        """The pending decision, or ``None`` once the game is over."""
        return self._prompt

    @property
    def history(self) -> Log[Action]:
        """Every applied action in order, chance outcomes and automatic moves included.

        Raises:
            UsageError: If the state is light (see `clone`): it keeps no history.
        """
        return self._kept(self._history)

    @property
    def events(self) -> Log[Event]:
        """Every event in order (the full log: it includes every seat's private events).

        Raises:
            UsageError: If the state is light (see `clone`): it keeps no event log.
        """
        return self._kept(self._events)

    @property
    def is_light(self) -> bool:
        """Whether this state keeps no history and no event log (see `clone`)."""
        return self._events is DISCARDED

    def _kept(self, log: Log[Any]) -> Log[Any]:
        if log is DISCARDED:
            raise UsageError(
                "this state is light (made by clone(light=True) or sample_state(light=True)): "
                "it keeps no history and no event log"
            )
        return log

    @property
    def num_players(self) -> int:
        """The number of seats."""
        return self.game.num_players

    @property
    def winner(self) -> int | None:
        """The winning seat once the game is over; ``None`` while playing or after a draw."""
        return self._winner

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self._returns is not None

    @property
    def truncated(self) -> bool:
        """Whether the game ended at its turn cap, not by the rules (a truncation, to RL adapters)."""
        if self._returns is None or not self.events:
            return False
        last = self._events[-1]
        return isinstance(last, GameEnded) and last.truncated

    def content_used(self) -> tuple[tuple[str, ...], ...]:
        """For each seat, the names of the content it has used so far: cards played, warriors bought.

        Names come in the order of first use, each once, read from the event log (a state set up from
        a position knows only what happened since). Balance analysis reads it to ask how often each
        card is chosen, and how often the games in which it was played are won. Games override it
        (with `first_uses`); the default is an empty tuple for every seat.
        """
        return ((),) * self.game.num_players

    def is_chance_node(self) -> bool:
        """Whether the next action is a chance outcome."""
        return self._current_player == CHANCE

    def returns(self) -> tuple[float, ...]:
        """Each seat's return: zeros while playing; once over, +1 for a winner and the losers share -1."""
        if self._returns is None:
            return (0.0,) * self.game.num_players
        return self._returns

    def legal_actions(self) -> tuple[Action, ...]:
        """The actions of the seat to act (the outcomes at a chance node), in id order; () once over."""
        legal = self._legal
        if legal is None:
            prompt = self._prompt
            if prompt is None:
                legal = ()
            elif prompt.player == CHANCE:
                legal = tuple(a for _, a, _ in self._ordered_outcomes(prompt))
            elif self.legal_by_id:
                legal = self.game.codec.decode_many(self._legal_ids())
            else:
                legal = self.game.codec.sort(self._legal_actions(prompt))
            self._legal = legal
        return legal

    def legal_action_ids(self) -> tuple[int, ...]:
        """The ids of `legal_actions` (`Game.encode`), in the same order: what a policy head indexes."""
        return tuple(self._legal_ids())

    def _legal_ids(self) -> list[int]:
        """The legal ids, sorted: listed by a game that lists ids (decoded only when asked), else encoded."""
        ids = self._legal_set
        if ids is None:
            prompt = self._prompt
            if self.legal_by_id and prompt is not None and prompt.player != CHANCE:
                found = self._legal_action_ids(prompt)
                ids = found if type(found) is list else list(found)
                ids.sort()  # the game hands over a new list: sort it in place
            else:
                legal = self.legal_actions()  # at a chance node, this lists the ids too
                ids = self._legal_set or [self.game.codec.encode(a) for a in legal]
            self._legal_set = ids
        return ids

    def _listed(self, action: Action | int) -> int:
        """The position of the action (or id) among the legal ids, and so among the actions, or -1."""
        try:
            index = action if isinstance(action, int) else self.game.codec.encode(action)
        except ActionCodecError:
            return -1
        ids = self._legal_ids()
        position = bisect_left(ids, index)
        return position if position < len(ids) and ids[position] == index else -1

    def legal_action_mask(self) -> npt.NDArray[np.bool_]:
        """A boolean mask over the player action ids (`Game.num_distinct_actions`), False unless one acts."""
        mask = np.zeros(self.game.num_distinct_actions, dtype=np.bool_)
        mask[self._legal_ids() if self._current_player >= 0 else []] = True
        return mask

    def chance_outcomes(self) -> tuple[tuple[Action, float], ...]:
        """The outcomes of this chance node with their probabilities, in id order.

        Raises:
            UsageError: If this is not a chance node.
        """
        ordered = self._ordered_outcomes(self._chance_prompt("chance_outcomes"))
        total = sum(w for _, _, w in ordered)
        return tuple((a, w / total) for _, a, w in ordered)

    def _ordered_outcomes(self, prompt: Prompt) -> list[tuple[int, Action, int]]:
        """The outcomes of a chance node, ``(id, action, weight)`` in id order, kept as the legal ids."""
        encode = self.game.codec.encode
        ordered = sorted((encode(a), a, w) for a, w in self._chance_outcomes(prompt))  # ids all differ
        self._legal, self._legal_set = tuple(a for _, a, _ in ordered), [i for i, _, _ in ordered]
        return ordered

    def sample_chance_outcome(self, rng: RngLike) -> Action:
        """One outcome of this chance node, drawn from `rng` with the exact (integer) weights.

        Args:
            rng: An `Rng` (it advances), an int seed or a NumPy ``Generator``.

        Raises:
            UsageError: If this is not a chance node.
        """
        return self._draw_chance(self._chance_prompt("sample_chance_outcome"), as_rng(rng))

    def _draw_chance(self, prompt: Prompt, rng: Rng) -> Action:
        return self._sample_chance(prompt, rng) or self._draw_listed(prompt, rng)

    def _draw_listed(self, prompt: Prompt, rng: Rng) -> Action:
        """An outcome drawn from the listed outcomes and their weights (the default way to sample)."""
        outcomes = self._chance_outcomes(prompt)
        return outcomes[rng.weighted_index([w for _, w in outcomes])][0]

    def _chance_prompt(self, caller: str) -> Prompt:
        prompt = self._prompt
        if prompt is None or prompt.player != CHANCE:
            raise UsageError(f"{caller}() needs a chance node; current_player is {self._current_player}")
        return prompt

    def is_legal(self, action: Action | int) -> bool:
        """Whether `action` (an `Action` or an id) may be applied now."""
        try:
            self._checked(action)
        except IllegalActionError:
            return False
        return True

    def check_action(self, action: Action | int) -> None:
        """Raise `IllegalActionError` with the reason if `action` may not be applied now."""
        self._checked(action)

    def _checked(self, action: Action | int) -> Action:
        if type(action) is int and self._listed(action) >= 0:  # an id found among the legal ids
            return self.game.codec.decode(action)
        if not isinstance(action, Action):
            if not isinstance(action, int) or isinstance(action, bool):
                raise IllegalActionError(action, self._reason(action), self._current_player)
            try:
                action = self.game.codec.decode(action)
            except ActionCodecError as exc:
                raise IllegalActionError(action, str(exc), self._current_player) from None
        legal = self.legal_actions()
        if len(legal) <= _SCAN_LIMIT:
            for listed in legal:  # an action taken from the list itself: no comparison by value needed
                if listed is action:
                    return action
            if action in legal:  # a short scan beats building a set
                return action
        elif self._listed(action) >= 0:  # binary search in the sorted ids
            return action
        raise IllegalActionError(action, self._reason(action), self._current_player)

    def why_illegal(self, action: object) -> str | None:
        """Why the rules forbid `action` now, in words, or ``None`` if they allow it.

        The reason comes from the game's rules for the pending decision (its `_explain_illegal`
        hook), which every game of the library writes once for both listing and explaining, so
        ``why_illegal(a) is None`` exactly when `a` is among `legal_actions` (a contract test holds
        every game to it). Ids are decoded first; chance outcomes are checked against the outcomes.

        Examples:
            >>> import shardgames as sg
            >>> state = sg.load_game("embers").new_initial_state(seed=4)
            >>> state.why_illegal(state.legal_actions()[0]) is None
            True
        """
        prompt = self._prompt
        if prompt is None:
            return "the game is over"
        if isinstance(action, int) and not isinstance(action, bool):
            try:
                action = self.game.codec.decode(action)
            except ActionCodecError as exc:
                return str(exc)
        if not isinstance(action, Action):
            return f"{type(action).__name__} is not an Action"
        try:
            self.game.codec.encode(action)
        except ActionCodecError as exc:
            return str(exc)
        if prompt.player == CHANCE:
            if not action.is_chance:
                return "this is a chance node: apply one of chance_outcomes()"
            return None if action in self.legal_actions() else self._not_listed(action)
        if action.is_chance:
            return "chance outcomes can only be applied at a chance node"
        return self._explain_illegal(prompt, action)

    def _reason(self, action: object) -> str:
        return self.why_illegal(action) or self._not_listed(action)

    def _not_listed(self, action: object) -> str:
        legal = self.legal_actions()
        more = "" if len(legal) <= 8 else f", ... ({len(legal)} in all)"
        return f"not one of the legal actions for {self._prompt}: {', '.join(map(str, legal[:8]))}{more}"

    # ------------------------------------------------------------------ acting

    def apply_action(self, action: Action | int) -> tuple[Event, ...]:
        """Apply an action (an `Action` or its id) after checking that it is legal.

        In automatic-chance mode, any chance nodes that follow are sampled, and forced no-op moves are
        applied, before this returns.

        Returns:
            The events caused, in order (including those of the automatic steps that followed).

        Raises:
            IllegalActionError: If the action is not legal; the state is then unchanged.
        """
        checked = self._checked(action)
        events = self._events
        start = events._length  # the log's own fields: two calls fewer on every step
        self._step(checked)
        self._settle()
        return tuple(events._items[start : events._length])

    def apply_action_unchecked(self, action: Action) -> None:
        """Apply an action known to be legal, skipping the check (for search code only).

        Applying an illegal action this way leaves the state undefined.
        """
        self._step(action)
        self._settle()

    def _step(self, action: Action) -> None:
        prompt = self._prompt
        assert prompt is not None, "no decision is pending"
        self._history.append(action)
        self._prompt = None
        self._legal = self._legal_set = None
        self._apply(prompt, action)

    def _settle(self) -> None:
        """Run tasks, sample chance (in auto mode) and apply forced no-ops until a real decision."""
        auto_chance = self.game.auto_chance
        tasks, run_task, history, apply = self._tasks, self._run_task, self._history, self._apply
        for _ in range(_SETTLE_GUARD):
            while self._prompt is None and tasks and self._returns is None:
                run_task(tasks.pop())
            if self._returns is not None:
                self._prompt = None
                tasks.clear()
                self._current_player = TERMINAL
                self._legal = ()
                return
            prompt = self._prompt
            if prompt is None:
                raise ShardGamesError(f"{self.game} stopped without a pending decision (engine bug)")
            player = self._current_player = prompt.player
            if player == CHANCE:
                if not auto_chance:
                    return
                # the chance step, as `_step` takes it (no legal list was made for it)
                action = self._draw_chance(prompt, self._rng)
                history.append(action)
                self._prompt = self._legal = self._legal_set = None
                apply(prompt, action)
                continue
            forced = self._forced()
            if forced is not None:
                self._step(forced)
                continue
            return
        raise ShardGamesError(f"{self.game} made {_SETTLE_GUARD} automatic steps in a row (engine bug)")

    def _forced(self) -> Action | None:
        """The only legal action of the seat to act if it is a no-op (applied without asking), else None."""
        if self.legal_by_id:  # count the ids; decode only a lone one
            ids = self._legal_ids()
            only = self.game.codec.decode(ids[0]) if len(ids) == 1 else None
        else:
            legal = self.legal_actions()
            only = legal[0] if len(legal) == 1 else None
        return only if only is not None and only.is_noop else None

    # ------------------------------------------------------------------ the API of rules code

    def emit(self, event: Event) -> None:
        """Append `event` to the log."""
        self._events.append(event)

    def push(self, *tasks: Task) -> None:
        """Queue tasks; they run in the order given (the first one first), before the tasks queued earlier."""
        if len(tasks) == 1:
            self._tasks.append(tasks[0])
        else:
            self._tasks.extend(reversed(tasks))

    def set_prompt(self, prompt: Prompt) -> None:
        """Set the next pending decision; the kernel runs no more tasks until it is answered."""
        self._prompt = prompt

    def begin_turn(self) -> bool:
        """Count a new turn; once the game's turn cap is reached, end the game in a draw instead.

        Returns:
            ``False`` if the cap ended the game (`turn` then stays at the cap).
        """
        cap = self.game.turn_cap
        if cap is not None and self.turn >= cap:
            self.end_game(None, f"turn cap of {cap} reached", truncated=True)
            return False
        self.turn += 1
        return True

    def end_game(
        self,
        winner: int | None,
        reason: str,
        returns: Sequence[float] | None = None,
        *,
        truncated: bool = False,
    ) -> None:
        """End the game: record returns, the winner and a `GameEnded` event; drop the prompt and tasks.

        Without explicit `returns`, a winner gets +1 and the other seats share -1; a draw gives zeros.
        `truncated` marks an end by the turn cap rather than by the rules.
        """
        n = self.game.num_players
        if returns is None:
            if winner is None:
                returns = (0.0,) * n
            else:
                returns = tuple(1.0 if s == winner else -1.0 / (n - 1) for s in range(n))
        self._returns = tuple(float(r) for r in returns)
        self._winner = winner
        self._prompt = None
        self._tasks.clear()
        self.emit(GameEnded(self._returns, winner, reason, truncated))

    def end_game_now(self, winner: int | None, reason: str) -> None:
        """End the game outside `apply_action` (a concession, say): nobody is to act afterwards."""
        self.end_game(winner, reason)
        self._current_player = TERMINAL
        self._legal = self._legal_set = None

    def first_uses(self, uses: Iterable[tuple[int, str]]) -> tuple[tuple[str, ...], ...]:
        """``(seat, name)`` pairs in order, as `content_used` returns them: each seat's names, once each."""
        names: list[dict[str, None]] = [{} for _ in range(self.game.num_players)]
        for seat, name in uses:
            names[seat].setdefault(name)
        return tuple(tuple(seen) for seen in names)

    @property
    def tasks(self) -> tuple[Task, ...]:
        """The queued tasks, as stored (and written to JSON): the last one runs next."""
        return tuple(self._tasks)

    # ------------------------------------------------------------------ copies, views, JSON

    def clone(self, *, light: bool = False) -> State:
        """An independent copy, cheap enough for search (the history and events are shared, not copied).

        Args:
            light: Make a *light* copy, which keeps no history and no event log: for playouts, where
                neither is read. The rules never read them, so a light state plays exactly as the
                full one (same legal actions, states and returns; a test holds every game to it), a
                little faster. Its `history`, `events`, `truncated` and JSON raise `UsageError`;
                `apply_action` returns no events; copies of a light state are light.

        Examples:
            >>> import shardgames as sg
            >>> state = sg.load_game("embers").new_initial_state(seed=1)
            >>> playout = state.clone(light=True)
            >>> playout.is_light, state.is_light
            (True, False)
            >>> playout.apply_action(playout.legal_actions()[0])
            ()
        """
        cls = type(self)
        other = cls.__new__(cls)
        other.game = self.game
        other.turn = self.turn
        other._rng = self._rng.clone()
        other._history = DISCARDED if light else self._history.fork()
        other._events = DISCARDED if light else self._events.fork()
        other._prompt = self._prompt
        other._tasks = self._tasks.copy()
        other._current_player = self._current_player
        other._returns = self._returns
        other._winner = self._winner
        other._legal = self._legal
        other._legal_set = self._legal_set
        self._copy_into(other)
        return other

    def __copy__(self) -> State:
        """`copy.copy` of a state is a `clone`: a shallow copy would share the game's mutable fields."""
        return self.clone()

    def __deepcopy__(self, memo: dict[int, Any]) -> State:
        """`copy.deepcopy` of a state is a `clone`: equal, and independent of the original."""
        return self.clone()

    def __reduce_ex__(self, protocol: SupportsIndex) -> tuple[Any, ...]:
        """Pickle every field, the kernel's and the game's, so the copy is equal and fully working.

        (The attrs-generated pickling of a game's state class would keep only the game's own fields.)
        """
        kernel = tuple(getattr(self, name) for name in State.__slots__)
        fields = tuple(getattr(self, f.name) for f in game_fields(type(self)))
        return (_unpickle_state, (type(self), kernel, fields))

    def reseed(self, seed: RngLike) -> None:
        """Replace the generator that samples future chance nodes (for example in each search rollout).

        Args:
            seed: An int seed, a copy of an `Rng` (which does not advance) or a NumPy ``Generator``.
        """
        self._rng = seed.clone() if isinstance(seed, Rng) else as_rng(seed)

    def view(self, player: int) -> View:
        """What seat `player` may see, as a frozen `View`; it never contains others' hidden cards."""
        if not 0 <= player < self.game.num_players:
            raise UsageError(f"player must be a seat 0..{self.game.num_players - 1}, not {player}")
        return self._view(player)

    def observation_tensor(self, player: int) -> npt.NDArray[np.float32]:
        """The observation of `player` as a float32 array of shape `Game.observation_shape`."""
        return self.view(player).observation_tensor()

    def _is_real_decision(self) -> bool:
        """Whether the pending decision could arise in play: a seat to act has a real choice."""
        return self._current_player < 0 or (bool(self._legal_ids()) and self._forced() is None)

    def unknown_cards(self, player: int) -> tuple[int, ...]:
        """The cards in hidden zones that seat `player` does not know, sorted by id.

        A card leaves this set when `player` learns it: drawn, revealed, or played face up. Games
        without hidden zones return an empty tuple.
        """
        return unknown_cards(self._hidden_zones(), player)

    def resample_hidden(self, player: int, rng: RngLike) -> State:
        """A copy in which every card `player` does not know is dealt again at random.

        The copy looks exactly the same to `player`; its history and events are cleared, and its
        random generator is reseeded from `rng` (an `Rng`, which advances, an int seed or a NumPy
        ``Generator``).
        """
        rng = as_rng(rng)
        other = self.clone()
        if not self.is_light:
            other._history = Log()
            other._events = Log()
        zones = list(other._hidden_zones())
        for owner in sorted({zone.owner for zone in zones}):
            redeal([z for z in zones if z.owner == owner], player, other._kind_of, rng)
        other._redealt()
        other._rng = rng.spawn()
        other._legal = other._legal_set = None
        return other

    def to_dict(self) -> dict[str, Any]:
        """The whole state as JSON-ready data (see `to_json`).

        Raises:
            UsageError: If the state is light (see `clone`): without its history it cannot be saved.
        """
        self._kept(self._history)
        return self.game._state_to_dict(self)

    def to_json(self, *, indent: int | None = None) -> str:
        """The whole state as JSON, with the game string and a format version.

        `Game.state_from_json` reads it back into an equal state.
        """
        return json.dumps(self.to_dict(), indent=indent, separators=None if indent else (",", ":"))

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, State)
        if str(self.game) != str(other.game) or any(
            getattr(self, slot) != getattr(other, slot) for slot in _KERNEL_SLOTS
        ):
            return False
        return all(getattr(self, f.name) == getattr(other, f.name) for f in game_fields(type(self)))

    __hash__ = None  # type: ignore[assignment]  # states are mutable

    def __str__(self) -> str:
        return f"{self.game} turn {self.turn}: {self._prompt or 'game over'}"

    def to_html(self) -> str:
        """The whole state (every hidden card shown) as an HTML fragment, for notebooks and replays (hook).

        The default shows ``str(state)`` as preformatted text; games draw their table. Use
        ``state.view(player).to_html()`` for what one seat may see.
        """
        return f'<pre class="sg-text">{html.escape(str(self))}</pre>'

    def _repr_html_(self) -> str:
        return self.to_html()

    def __repr__(self) -> str:
        return f"<{type(self).__name__} of {self.game}, turn {self.turn}, {self._prompt or 'game over'}>"


_KERNEL_SLOTS = tuple(name if name == "turn" else f"_{name}" for name in State.KERNEL_FIELDS)
"""The slots holding `State.KERNEL_FIELDS`, in the same order."""


def _unpickle_state(cls: type[State], kernel: tuple[Any, ...], fields: tuple[Any, ...]) -> State:
    """A state of class `cls` from its kernel slots (`State.__slots__` order) and game fields."""
    state = cls.__new__(cls)
    for name, value in zip(State.__slots__, kernel, strict=True):
        setattr(state, name, value)
    for field, value in zip(game_fields(cls), fields, strict=True):
        setattr(state, field.name, value)
    return state
