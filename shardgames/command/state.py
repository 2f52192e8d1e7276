"""The Shard Command state, and the dispatch of the phase machine.

Per-seat values live in two-item lists (seat 0, seat 1); stones and floating Shards are 11-tuples
(Generic first, then the ten elements in order). The Arena is one list of `Permanent` values in the
order they entered.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, ClassVar

import attrs

from shardgames.command import checks
from shardgames.command.events import CardPlayed, Conceded
from shardgames.command.handlers import HANDLERS
from shardgames.command.html import state_html
from shardgames.command.keywords import Trigger
from shardgames.command.objects import NO_STONES, Casting, Combat, Permanent, QueueItem
from shardgames.command.phases import CommandPrompt, Phase, Step
from shardgames.command.render import render_state
from shardgames.command.view import CommandView, make_view
from shardgames.kernel.actions import Action
from shardgames.kernel.errors import UsageError
from shardgames.kernel.rng import Rng
from shardgames.kernel.state import CHANCE, TERMINAL, Prompt, State, Task
from shardgames.kernel.zones import Hand, HiddenDeck

if TYPE_CHECKING:
    from shardgames.command.game import CommandGame  # noqa: F401 - named in a string: the base class

__all__ = ["CommandState"]


@attrs.define(eq=False)
class CommandState(State["CommandGame"]):
    """A game of Shard Command in progress.

    Attributes:
        integrity: Each seat's Integrity.
        pool: Each seat's Charge Stones in the Pool (Generic, then per element).
        unused: Each seat's Unused stones.
        used: Each seat's Used stones.
        floating: Each seat's floating Shards (Generic, then per element); they vanish at end of turn.
        charged: Stones each seat slid from the Pool this turn.
        hands: Each seat's hand.
        decks: Each seat's Main Deck.
        scrap: Each seat's Scrap zone, the latest card last.
        obliterated: Each seat's cards removed from the game.
        exiled: Cards Warp set aside, returning at the start of the next turn.
        arena: The permanents in the Arena, in the order they entered.
        sovereign_exhausted: Whether each Sovereign is Exhausted.
        sovereign_uses: Each Sovereign's (turn, uses) of its costless ability (R21).
        silenced: The last turn each seat can't play Fast Speed Rites (Silence).
        drew_empty: Whether each seat tried to draw from an empty deck (it loses).
        active: The active seat (-1 during setup).
        first: The starting seat (-1 before the coin flip).
        step: The step of the turn.
        priority: The seat holding priority.
        passes: Consecutive passes with no new item.
        queue: The Response Queue, bottom first.
        resolving: Whether the Queue is resolving (both players passed).
        resolutions: Queue items resolved this turn (the guard of R21).
        pending: Triggered abilities waiting to go on the Queue: (controller, source, design, trigger).
        casting: The card or ability being put on the Queue, while its targets are chosen.
        combat: The attack in progress.
        redrawn: Cards each seat put under for its Tactical Redraw.
        discard_seat: Who must discard (-1: nobody).
        discard_left: How many cards they still discard.
        foresight: The cards of the Foresight being decided, in deck order.
        foresight_bottom: The decisions made so far (True: to the bottom), card by card.
        foresight_seat: Whose Foresight it is.
        foresight_left: How many more cards the Foresight looks at.
        element_source: The two-element Rock whose Shards are being made (-1: none).
        element_left: How many of its Shards are still to make.
    """

    legal_by_id: ClassVar[bool] = True

    integrity: list[int] = attrs.Factory(lambda: [20, 20])
    pool: list[tuple[int, ...]] = attrs.Factory(lambda: [NO_STONES, NO_STONES])
    unused: list[tuple[int, ...]] = attrs.Factory(lambda: [NO_STONES, NO_STONES])
    used: list[tuple[int, ...]] = attrs.Factory(lambda: [NO_STONES, NO_STONES])
    floating: list[tuple[int, ...]] = attrs.Factory(lambda: [NO_STONES, NO_STONES])
    charged: list[int] = attrs.Factory(lambda: [0, 0])
    hands: list[Hand] = attrs.Factory(list)
    decks: list[HiddenDeck] = attrs.Factory(list)
    scrap: list[tuple[int, ...]] = attrs.Factory(lambda: [(), ()])
    obliterated: list[tuple[int, ...]] = attrs.Factory(lambda: [(), ()])
    exiled: tuple[int, ...] = ()
    arena: list[Permanent] = attrs.Factory(list)
    sovereign_exhausted: list[bool] = attrs.Factory(lambda: [False, False])
    sovereign_uses: list[tuple[int, int]] = attrs.Factory(lambda: [(0, 0), (0, 0)])
    silenced: list[int] = attrs.Factory(lambda: [0, 0])
    drew_empty: list[bool] = attrs.Factory(lambda: [False, False])
    active: int = -1
    first: int = -1
    step: Step = Step.SETUP
    priority: int = -1
    passes: int = 0
    queue: list[QueueItem] = attrs.Factory(list)
    resolving: bool = False
    resolutions: int = 0
    pending: list[tuple[int, int, int, Trigger]] = attrs.Factory(list)
    casting: Casting | None = None
    combat: Combat | None = None
    redrawn: list[int] = attrs.Factory(lambda: [0, 0])
    discard_seat: int = -1
    discard_left: int = 0
    foresight: tuple[int, ...] = ()
    foresight_bottom: tuple[bool, ...] = ()
    foresight_seat: int = -1
    foresight_left: int = 0
    element_source: int = -1
    element_left: int = 0

    # ------------------------------------------------------------------ kernel hooks

    def _setup(self) -> None:
        assert HANDLERS.setup_handler is not None
        HANDLERS.setup_handler(self)

    def _legal_action_ids(self, prompt: Prompt) -> Iterable[int]:
        assert isinstance(prompt, CommandPrompt)
        return _LEGAL[prompt.phase](self, prompt)

    def _chance_outcomes(self, prompt: Prompt) -> Sequence[tuple[Action, int]]:
        assert isinstance(prompt, CommandPrompt)
        if prompt.phase is Phase.COIN:
            return self.game.coin_outcomes
        draw = self.game.draw_action
        return [(draw[kind], len(ids)) for kind, ids in self.decks[prompt.seat].middle.items()]

    def _sample_chance(self, prompt: Prompt, rng: Rng) -> Action | None:
        assert isinstance(prompt, CommandPrompt)
        if prompt.phase is Phase.COIN:
            return self.game.coin_outcomes[rng.randrange(2)][0]
        deck = self.decks[prompt.seat]
        return self.game.draw_action[deck.middle_kind_at(rng.randrange(deck.middle_count))]

    def _apply(self, prompt: Prompt, action: Action) -> None:
        assert isinstance(prompt, CommandPrompt)
        _APPLY[type(action)](self, prompt, action)

    def _run_task(self, task: Task) -> None:
        _RUN[type(task)](self, task)

    def _explain_illegal(self, prompt: Prompt, action: Action) -> str | None:
        assert isinstance(prompt, CommandPrompt)
        explain = _EXPLAIN.get(prompt.phase)
        return None if explain is None else explain(self, prompt, action)

    def _copy_into(self, other: State) -> None:
        assert isinstance(other, CommandState)
        other.integrity = self.integrity.copy()
        other.pool = self.pool.copy()
        other.unused = self.unused.copy()
        other.used = self.used.copy()
        other.floating = self.floating.copy()
        other.charged = self.charged.copy()
        other.hands = [hand.clone() for hand in self.hands]
        other.decks = [deck.clone() for deck in self.decks]
        other.scrap = self.scrap.copy()
        other.obliterated = self.obliterated.copy()
        other.exiled = self.exiled
        other.arena = [p.copy() for p in self.arena]
        other.sovereign_exhausted = self.sovereign_exhausted.copy()
        other.sovereign_uses = self.sovereign_uses.copy()
        other.silenced = self.silenced.copy()
        other.drew_empty = self.drew_empty.copy()
        other.active = self.active
        other.first = self.first
        other.step = self.step
        other.priority = self.priority
        other.passes = self.passes
        other.queue = self.queue.copy()
        other.resolving = self.resolving
        other.resolutions = self.resolutions
        other.pending = self.pending.copy()
        other.casting = None if self.casting is None else self.casting.copy()
        other.combat = None if self.combat is None else self.combat.copy()
        other.redrawn = self.redrawn.copy()
        other.discard_seat = self.discard_seat
        other.discard_left = self.discard_left
        other.foresight = self.foresight
        other.foresight_bottom = self.foresight_bottom
        other.foresight_seat = self.foresight_seat
        other.foresight_left = self.foresight_left
        other.element_source = self.element_source
        other.element_left = self.element_left

    def _view(self, player: int) -> CommandView:
        return make_view(self, player)

    def _hidden_zones(self) -> Iterable[HiddenDeck | Hand]:
        yield from self.hands
        yield from self.decks

    def _redealt(self) -> None:
        self.redeal_foresight()

    def redeal_foresight(self) -> None:
        """The cards of a Foresight under way are the top cards of its deck, whatever is dealt there."""
        if self.foresight:
            self.foresight = tuple(self.decks[self.foresight_seat].top[: len(self.foresight)])

    def _kind_of(self, card: int) -> int:
        return self.game.kind_of[card]

    def _problems(self) -> Iterable[str]:
        return checks.problems(self)

    def content_used(self) -> tuple[tuple[str, ...], ...]:
        """The cards each seat played, by name, in order of first play (its Sovereign is not played)."""
        return self.first_uses((e.seat, e.name) for e in self.events if isinstance(e, CardPlayed))

    def __str__(self) -> str:
        return render_state(self)

    def to_html(self) -> str:
        """The whole state drawn as HTML, every hidden card face up (``state.view(seat)`` for one seat's)."""
        return state_html(self)

    # ------------------------------------------------------------------ small helpers for the rules

    def ask(self, player: int, phase: Phase) -> None:
        """Set the next decision."""
        self.set_prompt(CommandPrompt(player, phase))

    def ask_chance(self, phase: Phase, seat: int) -> None:
        """Set a chance node about `seat`'s deck."""
        self.set_prompt(CommandPrompt(CHANCE, phase, seat))

    def permanent(self, number: int) -> Permanent | None:
        """The permanent with object number `number`, if it is in the Arena."""
        for p in self.arena:
            if p.id == number:
                return p
        return None

    def concede(self, player: int) -> None:
        """`player` concedes: the other seat wins at once (CMD-47, R23). Not an action: any time.

        Raises:
            UsageError: If the game is over or `player` is not a seat.
        """
        if self.current_player == TERMINAL:
            raise UsageError("the game is over; nobody can concede")
        if player not in (0, 1):
            raise UsageError(f"seat {player} does not exist; the seats are 0 and 1")
        self.emit(Conceded(player))
        self.end_game_now(1 - player, f"seat {player} conceded")


_LEGAL = HANDLERS.legal_handlers
_APPLY = HANDLERS.apply_handlers
_RUN = HANDLERS.run_handlers
_EXPLAIN = HANDLERS.explain_handlers
