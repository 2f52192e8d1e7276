"""Views: what one seat may see.

A `View` is a frozen value built from the information a seat has: public zones, its own hand, counts
of hidden zones, public decklists, the pending prompt and (when it is that seat's turn) its legal
actions. Agents only ever receive views. A view can be turned back into a full, playable state with
`View.sample_state`: every card the seat cannot see is dealt at random from the cards it knows could be
there (determinisation, as used by information-set Monte Carlo tree search).

The test suite checks, for every game, that a view never changes when the hidden information it does
not cover is dealt again (`State.resample_hidden`), and that a sampled state looks the same as the view
it came from.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from html import escape
from typing import TYPE_CHECKING, Any, ClassVar, Self, TypedDict

import attrs
import numpy as np
import numpy.typing as npt

from shardgames.kernel.actions import Action
from shardgames.kernel.errors import ShardGamesError, UsageError
from shardgames.kernel.events import DISCARDED
from shardgames.kernel.rng import Rng, RngLike, as_rng
from shardgames.kernel.state import CHANCE, TERMINAL, Prompt, State, Task
from shardgames.kernel.zones import DeckView, Hand, HandView, HiddenDeck

if TYPE_CHECKING:
    from shardgames.kernel.game import Game

__all__ = ["OBSERVATION_HIGH", "OBSERVATION_LOW", "SAMPLE_ATTEMPTS", "BaseViewFields", "View", "deal"]

SAMPLE_ATTEMPTS = 200
"""How many deals `View.sample_state` tries before giving up."""

OBSERVATION_LOW = -1.0
"""The lower bound of an observation value as learners see it (the adapters' boxes, `PolicyAgent`)."""

OBSERVATION_HIGH = 4.0
"""The upper bound of an observation value as learners see it; the rare value beyond it is clipped."""


class BaseViewFields(TypedDict):
    """The fields every `View` has, as returned by `View.base_fields`."""

    game: Game
    player: int
    current_player: int
    turn: int
    prompt: Prompt | None
    tasks: tuple[Task, ...]
    legal_actions: tuple[Action, ...]
    returns: tuple[float, ...] | None
    winner: int | None


def _game_key(game: Game) -> str:
    return str(game)


@attrs.frozen
class View:
    """The base of every game's view.

    Attributes:
        game: The game being played.
        player: The seat this view belongs to.
        current_player: The seat to act, `CHANCE` or `TERMINAL`.
        turn: The turn counter.
        prompt: The pending decision (prompts are public).
        tasks: The queued steps of the procedure under way (tasks are public).
        legal_actions: This seat's legal actions when it is to act, otherwise empty.
        returns: The final returns once the game is over, otherwise ``None``.
        winner: The winning seat once the game is over, otherwise ``None``.
    """

    game: Game = attrs.field(eq=attrs.cmp_using(eq=lambda a, b: _game_key(a) == _game_key(b)), repr=False)
    player: int
    current_player: int
    turn: int
    prompt: Prompt | None
    tasks: tuple[Task, ...]
    legal_actions: tuple[Action, ...]
    returns: tuple[float, ...] | None
    winner: int | None

    hides_nothing: ClassVar[bool] = False
    """Whether the view holds the whole state, so that every `sample_state` deals the same position
    (only the generator for future chance differs): a search then needs a single determinisation.
    Views made by `shardgames.kernel.fields.view_class` from a table without hidden fields or zones
    set it; ``False`` is always safe."""

    @property
    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.current_player == TERMINAL

    @property
    def is_my_turn(self) -> bool:
        """Whether this seat is to act."""
        return self.current_player == self.player

    @property
    def is_chance_node(self) -> bool:
        """Whether the next step is a chance outcome."""
        return self.current_player == CHANCE

    @classmethod
    def from_state(cls, state: State, player: int, **extra: Any) -> Self:
        """The view of seat `player` of `state` (generated for views made by `fields.view_class`).

        Args:
            state: The state to look at.
            player: The viewing seat.
            **extra: Values of the fields the view class declares itself, beyond its table's.
        """
        raise NotImplementedError(f"{cls.__name__} is not made by view_class: build it in State._view")

    def sample_state(self, rng: RngLike, *, light: bool = False) -> State:
        """A full state consistent with this view: every card this seat cannot see dealt at random.

        The deal is conditioned on what the table shows: when another seat is in the middle of a
        decision, the sample gives it a hand with which that decision is a real one (a seat whose only
        option is a no-op would not be asked). The sampled state has an empty history; its random
        generator is seeded from `rng`: an `Rng` (which advances), an int seed or a NumPy ``Generator``.
        With `light`, it keeps no history and no event log at all, for playouts (see `State.clone`).
        A view that hides nothing (`hides_nothing`) gives back its table as it is.

        Raises:
            ShardGamesError: If no consistent deal turned up in `SAMPLE_ATTEMPTS` tries (only possible
                for views that were not taken from a real game and hide something: a view that
                hides nothing is its table, given back whatever its pending decision).
        """
        rng = as_rng(rng)
        for _ in range(SAMPLE_ATTEMPTS):
            state = self._sample_state(rng)
            if self.hides_nothing or state._is_real_decision():  # nothing dealt: the table as it is
                if light:
                    state._history = state._events = DISCARDED
                return state
        raise ShardGamesError(f"no deal consistent with this view of {self.game} in {SAMPLE_ATTEMPTS} tries")

    def _sample_state(self, rng: Rng) -> State:
        """One random deal of the hidden cards into a state matching this view (hook)."""
        raise NotImplementedError

    def observation_tensor(self) -> npt.NDArray[np.float32]:
        """This view as a float32 array of shape `Game.observation_shape` (hook)."""
        raise NotImplementedError

    def describe_action(self, action: Action) -> str:
        """The action in words for a person at the table, naming cards and places (hook).

        The default is ``str(action)``; games override it to use the names this seat can see.
        """
        return str(action)

    def to_html(self) -> str:
        """This view as an HTML fragment, for notebooks and replays (hook).

        The default shows ``str(view)`` as preformatted text; games draw their table.
        """
        return f'<pre class="sg-text">{escape(str(self))}</pre>'

    def _repr_html_(self) -> str:
        return self.to_html()

    def legal_action_mask(self) -> npt.NDArray[np.bool_]:
        """A boolean mask of this seat's legal actions over the player action ids."""
        mask = np.zeros(self.game.num_distinct_actions, dtype=np.bool_)
        encode = self.game.codec.encode
        mask[[encode(a) for a in self.legal_actions]] = True
        return mask

    @staticmethod
    def base_fields(state: State, player: int) -> BaseViewFields:
        """The base `View` fields for `player`, read from `state` (for games building their views)."""
        return {
            "game": state.game,
            "player": player,
            "current_player": state.current_player,
            "turn": state.turn,
            "prompt": state.prompt,
            "tasks": state.tasks,
            "legal_actions": state.legal_actions() if state.current_player == player else (),
            "returns": state.returns() if state.is_terminal() else None,
            "winner": state.winner,
        }

    def blank_state(self, rng: RngLike) -> State:
        """A state of this game with the kernel fields of this view and default game fields.

        A game's `sample_state` starts here and fills in its own fields. The state's generator is
        seeded from `rng` (an `Rng`, which advances, an int seed or a NumPy ``Generator``).
        """
        rng = as_rng(rng)
        state = self.game._blank_state(rng.spawn())
        state.turn = self.turn
        state._prompt = self.prompt
        state._tasks = list(self.tasks)
        state._current_player = self.current_player
        state._returns = self.returns
        state._winner = self.winner
        return state


def deal(
    pool: Sequence[int],
    rng: Rng,
    hands: Iterable[HandView] = (),
    decks: Iterable[DeckView] = (),
    kind_of: Callable[[int], int] | None = None,
) -> tuple[list[Hand], list[HiddenDeck]]:
    """Deal the unknown cards `pool` at random into censored hands and decks.

    Every ``None`` slot of the hand and deck views, and every deck's unknown middle, takes a card from
    a shuffled copy of `pool`; known cards stay where they are.

    Args:
        pool: Exactly the cards that fill the unknown slots (for example from `unknown_cards`).
        rng: The generator to shuffle with.
        hands: Censored hands to rebuild.
        decks: Censored decks to rebuild (needs `kind_of`).
        kind_of: The kind of each card, to rebuild decks' middles.

    Returns:
        The rebuilt hands and decks, in the order given.

    Raises:
        UsageError: If the pool does not have exactly as many cards as there are unknown slots.
    """
    shuffled = list(pool)
    rng.shuffle(shuffled)
    fill = iter(shuffled)
    decks = list(decks)
    if decks and kind_of is None:
        raise UsageError("dealing into decks needs kind_of")
    try:
        hands_out = [Hand.from_view(h, fill) for h in hands]
        decks_out = [HiddenDeck.from_view(d, fill, kind_of) for d in decks]  # type: ignore[arg-type]
    except StopIteration:
        raise UsageError("the pool has fewer cards than there are unknown slots") from None
    if next(fill, None) is not None:
        raise UsageError("the pool has more cards than there are unknown slots")
    return hands_out, decks_out
