"""The Shard Command state, and the dispatch of the phase machine.

Per-seat values live in two-item lists (seat 0, seat 1); stones and floating Shards are 11-tuples
(Generic first, then the ten elements in order). The Arena is one list of `Permanent` values in the
order they entered.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

import attrs

from shardgames.command import checks, combat, flow, play, resolve
from shardgames.command.actions import (
    Activate,
    BottomCard,
    Charge,
    ChooseElement,
    ChooseTarget,
    DeclareAttack,
    Discard,
    DrawCard,
    FinishIntercept,
    FinishRedraw,
    FirstPlayer,
    Foresee,
    Intercept,
    NoIntercept,
    OrderInterceptor,
    Pass,
    Play,
)
from shardgames.command.events import CardPlayed
from shardgames.command.keywords import Trigger
from shardgames.command.objects import Casting, Combat, Permanent, QueueItem
from shardgames.command.phases import (
    AfterRedraw,
    AskRedraw,
    BeginTurn,
    CommandPrompt,
    DrawCards,
    EndTurn,
    FinishTurn,
    Phase,
    Proceed,
    Step,
    TurnTriggers,
)
from shardgames.kernel.actions import Action
from shardgames.kernel.rng import Rng
from shardgames.kernel.state import CHANCE, Prompt, State, Task
from shardgames.kernel.zones import Hand, HiddenDeck

if TYPE_CHECKING:
    from shardgames.command.game import CommandGame  # noqa: F401 - named in a string: the base class
    from shardgames.command.view import CommandView

__all__ = ["CommandState"]

STONE_KINDS = 11
"""Stones and Shards are counted Generic first, then per element."""
NO_STONES = (0,) * STONE_KINDS


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
        flow.lay_out(self)

    def _legal_action_ids(self, prompt: Prompt) -> Iterable[int]:
        assert isinstance(prompt, CommandPrompt)
        return _LEGAL[prompt.phase](self, prompt.player)

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
        return flow.explain(self, prompt, action)

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
        from shardgames.command.view import make_view  # noqa: PLC0415 - view imports this module

        return make_view(self, player)

    def _hidden_zones(self) -> Iterable[HiddenDeck | Hand]:
        yield from self.hands
        yield from self.decks

    def _redealt(self) -> None:
        """The cards of a Foresight under way are the top cards of its deck, whatever is dealt there."""
        if self.foresight:
            self.foresight = tuple(self.decks[self.foresight_seat].top[: len(self.foresight)])

    def _kind_of(self, card: int) -> int:
        return self.game.kind_of[card]

    def _problems(self) -> Iterable[str]:
        return checks.problems(self)

    def content_used(self) -> tuple[tuple[str, ...], ...]:
        """The cards each seat played, by name, in order of first play (its Sovereign is not played)."""
        return self._first_uses((e.seat, e.name) for e in self.events if isinstance(e, CardPlayed))

    def __str__(self) -> str:
        from shardgames.command.render import render_state  # noqa: PLC0415 - render imports this module

        return render_state(self)

    def to_html(self) -> str:
        """The whole state drawn as HTML, every hidden card face up (``state.view(seat)`` for one seat's)."""
        from shardgames.command.html import state_html  # noqa: PLC0415 - html imports this module

        return state_html(self)

    # ------------------------------------------------------------------ small helpers for the rules

    def ask(self, player: int, phase: Phase) -> None:
        """Set the next decision."""
        self._ask(CommandPrompt(player, phase))

    def ask_chance(self, phase: Phase, seat: int) -> None:
        """Set a chance node about `seat`'s deck."""
        self._ask(CommandPrompt(CHANCE, phase, seat))

    def emit(self, event: Any) -> None:
        """Log an event."""
        self._emit(event)

    def push(self, *tasks: Task) -> None:
        """Queue tasks (the first one runs first)."""
        self._push(*tasks)

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
        flow.concede(self, player)

    def end(self, winner: int | None, reason: str) -> None:
        """End the game."""
        self._end_game(winner, reason)

    def end_now(self, winner: int | None, reason: str) -> None:
        """End the game outside an action (a concession): nobody acts afterwards."""
        self._end_game_now(winner, reason)

    def begin_turn_count(self) -> bool:
        """Count a new turn (``False``: the turn cap ended the game in a draw)."""
        return self._begin_turn()


def _noop(state: CommandState, prompt: CommandPrompt, action: Action) -> None:  # pragma: no cover
    raise AssertionError(f"{action} has no handler")


_LEGAL: dict[Phase, Callable[[CommandState, int], Iterable[int]]] = {
    Phase.REDRAW: flow.legal_redraw,
    Phase.PRIORITY: flow.legal_priority,
    Phase.TARGET: play.legal_target,
    Phase.SACRIFICE: play.legal_sacrifice,
    Phase.TRENCH: play.legal_trench,
    Phase.ELEMENT: play.legal_element,
    Phase.ATTACK_TARGET: combat.legal_attack_target,
    Phase.INTERCEPT: combat.legal_intercept,
    Phase.ORDER: combat.legal_order,
    Phase.DISCARD: resolve.legal_discard,
    Phase.FORESIGHT: resolve.legal_foresight,
}

_APPLY: dict[type[Action], Callable[[CommandState, CommandPrompt, Any], None]] = {
    FirstPlayer: flow.apply_first_player,
    DrawCard: flow.apply_draw,
    BottomCard: flow.apply_bottom_card,
    FinishRedraw: flow.apply_finish_redraw,
    Charge: flow.apply_charge,
    Pass: flow.apply_pass,
    Play: play.apply_play,
    Activate: play.apply_activate,
    ChooseTarget: play.apply_choice,
    ChooseElement: play.apply_element,
    DeclareAttack: combat.apply_declare,
    Intercept: combat.apply_intercept,
    NoIntercept: combat.apply_no_intercept,
    FinishIntercept: combat.apply_finish_intercept,
    OrderInterceptor: combat.apply_order,
    Discard: resolve.apply_discard,
    Foresee: resolve.apply_foresee,
}

_RUN: dict[type[Task], Callable[[CommandState, Any], None]] = {
    Proceed: flow.run_proceed,
    DrawCards: flow.run_draw_cards,
    BeginTurn: flow.run_begin_turn,
    EndTurn: flow.run_end_turn,
    AfterRedraw: flow.run_after_redraw,
    AskRedraw: flow.run_ask_redraw,
    FinishTurn: flow.run_finish_turn,
    TurnTriggers: flow.run_turn_triggers,
    resolve.ApplyEffect: resolve.run_apply_effect,
    resolve.FinishItem: resolve.run_finish_item,
    resolve.AskDiscard: resolve.run_ask_discard,
    resolve.LookNext: resolve.run_look_next,
}
