"""The SOTA state, and the dispatch of the phase machine.

The state holds the zones of every seat, the Turn Phase counters and the duel in progress; the tables
at the bottom say which procedure lists, applies or runs each decision and queued step.

Cards are instance ids (see `shardgames.sota.constants.CARDS_PER_SEAT`). Per-seat zones that change
rarely are tuples in flat lists, so a clone copies a handful of lists and shares everything else.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

import attrs

from shardgames.kernel.actions import Action
from shardgames.kernel.rng import Rng
from shardgames.kernel.state import CHANCE, Prompt, State, Task
from shardgames.kernel.zones import Hand, HiddenDeck
from shardgames.sota import checks, duel, setup, turn
from shardgames.sota.actions import (
    AssignTrait,
    ChoosePersona,
    ChooseStat,
    ChooseTarget,
    Draw,
    DrawCard,
    DuelWith,
    DuelWithPersona,
    DuelWithTwins,
    EndTurnPhase,
    FinishRedraw,
    KeepHand,
    Pass,
    Place,
    PlayAlly,
    Redraw,
    RespondNormal,
    RespondTwin,
    RollDie,
    Swap,
    UseAlly,
    UsePersonaTrait,
    UseRAlly,
    UseTrait,
)
from shardgames.sota.constants import SEAT_SHIFT
from shardgames.sota.events import AllyPlayed, CharacterPlaced, CharacterSwapped, PersonaChosen, TraitAssigned
from shardgames.sota.phases import (
    AfterDuel,
    AskDuel,
    AskPhase,
    BeginTurnPhase,
    Deal,
    EndTurn,
    Mill,
    Phase,
    SotaPrompt,
    StartRoll,
)

if TYPE_CHECKING:
    from shardgames.sota.game import SotaGame  # noqa: F401 - named in a string: the base class below
    from shardgames.sota.view import SotaView

__all__ = ["Duel", "SotaState"]

#: The events in which a seat uses a card: see `SotaState.content_used`.
_CONTENT_EVENTS = (PersonaChosen, CharacterPlaced, CharacterSwapped, AllyPlayed, TraitAssigned)


@attrs.define
class Duel:
    """The duel in progress (public: every seat sees dice, totals and modifiers).

    Attributes:
        attacker: The active seat.
        unit: The attacker's Duel Positions in the duel (empty: its Persona duels).
        stat: The duel stat's index (0 agility .. 4 charisma), -1 before it is chosen.
        defender: The targeted seat, -1 before the target is chosen.
        target: The defender's Duel Positions in the duel (empty: its Persona).
        dice: The attacker's two dice, then the defender's (0 = not rolled yet).
        rolled: How many of the four dice have been rolled.
        bonus: Each side's modifiers from Traits, Persona traits, Allies and R-Allies.
        used: The abilities used this duel (see `constants.PERSONA_BIT`).
        spent: The Allies each side spent, to go to the Fractured Shards after the duel.
        to_act: The side to act in the modifier window (0 attacker, 1 defender).
        passes: Consecutive passes in the modifier window.
        reroll_side: The side whose dice are being re-rolled, or -1.
        reroll_left: How many dice of the re-roll are left.
        winner: After resolution: 0 the attacker won, 1 the defender, -1 a tie; -2 before.
        totals: After resolution: both Stat Totals, attacker first.
    """

    attacker: int
    unit: tuple[int, ...] = ()
    stat: int = -1
    defender: int = -1
    target: tuple[int, ...] = ()
    dice: list[int] = attrs.Factory(lambda: [0, 0, 0, 0])
    rolled: int = 0
    bonus: list[int] = attrs.Factory(lambda: [0, 0])
    used: int = 0
    spent: list[tuple[int, ...]] = attrs.Factory(lambda: [(), ()])
    to_act: int = 0
    passes: int = 0
    reroll_side: int = -1
    reroll_left: int = 0
    winner: int = -2
    totals: tuple[int, int] = (0, 0)

    def copy(self) -> Duel:
        """An independent copy."""
        other = Duel.__new__(Duel)
        for field in _DUEL_FIELDS:
            setattr(other, field, getattr(self, field))
        other.dice = self.dice.copy()
        other.bonus = self.bonus.copy()
        other.spent = self.spent.copy()
        return other

    def seat_of(self, side: int) -> int:
        """The seat of `side` (0 attacker, 1 defender)."""
        return self.attacker if side == 0 else self.defender

    def slots_of(self, side: int) -> tuple[int, ...]:
        """The Duel Positions of `side`'s unit (empty: its Persona)."""
        return self.unit if side == 0 else self.target

    @property
    def is_resolved(self) -> bool:
        """Whether the duel's outcome is known (its cards may have left the Duel Positions)."""
        return self.winner > -2


_DUEL_FIELDS = tuple(f.name for f in attrs.fields(Duel))


@attrs.define(eq=False)
class SotaState(State["SotaGame"]):
    """A game of Shards of the Artisan in progress.

    Attributes:
        persona: Each seat's chosen Persona (-1 until chosen).
        options: Each seat's Personas to choose from, until it chooses (public).
        hands: Each seat's hand.
        decks: Each seat's Shard Deck.
        slots: The Duel Positions, seat by seat (``duel_positions`` per seat): a Character or -1.
        traits: The Trait attached to each Duel Position's Character, or -1.
        allies: The five Ally Positions of each seat (5 per seat), each a stack from bottom to top.
        shards: Each seat's Fractured Shards, the top card last.
        removed: Each seat's cards out of the game.
        alive: Whether each seat is still in the game.
        active: The active seat (-1 during setup).
        used_stats: The stats the active seat used this Turn Phase (bit 0 agility .. bit 4 charisma).
        twin_used: The seats that took part in a Twin Duel this Turn Phase (bit per seat).
        encore_used: The Encore sources already used this Turn Phase.
        rolls: The latest start roll of each seat (setup only).
        duel: The duel in progress, or None.
    """

    legal_by_id: ClassVar[bool] = True

    persona: list[int] = attrs.Factory(list)
    options: list[tuple[int, ...]] = attrs.Factory(list)
    hands: list[Hand] = attrs.Factory(list)
    decks: list[HiddenDeck] = attrs.Factory(list)
    slots: list[int] = attrs.Factory(list)
    traits: list[int] = attrs.Factory(list)
    allies: list[tuple[int, ...]] = attrs.Factory(list)
    shards: list[tuple[int, ...]] = attrs.Factory(list)
    removed: list[tuple[int, ...]] = attrs.Factory(list)
    alive: list[bool] = attrs.Factory(list)
    active: int = -1
    used_stats: int = 0
    twin_used: int = 0
    encore_used: tuple[int, ...] = ()
    rolls: tuple[int, ...] = ()
    duel: Duel | None = None

    # ------------------------------------------------------------------ kernel hooks

    def _setup(self) -> None:
        setup.lay_out(self)

    def _legal_action_ids(self, prompt: Prompt) -> Iterable[int]:
        assert isinstance(prompt, SotaPrompt)
        return _LEGAL[prompt.phase](self, prompt.player)

    def _chance_outcomes(self, prompt: Prompt) -> Sequence[tuple[Action, int]]:
        assert isinstance(prompt, SotaPrompt)
        if prompt.phase in _DRAW_PHASES:
            draw = self.game.draw_action
            return [(draw[kind], len(ids)) for kind, ids in self.decks[prompt.seat].middle.items()]
        return self.game.die_outcomes

    def _sample_chance(self, prompt: Prompt, rng: Rng) -> Action | None:
        assert isinstance(prompt, SotaPrompt)
        if prompt.phase in _DRAW_PHASES:
            deck = self.decks[prompt.seat]
            return self.game.draw_action[deck.middle_kind_at(rng.randrange(deck.middle_count))]
        return self.game.die_action[rng.randrange(6) + 1]

    def _apply(self, prompt: Prompt, action: Action) -> None:
        assert isinstance(prompt, SotaPrompt)
        _APPLY[type(action)](self, prompt, action)

    def _run_task(self, task: Task) -> None:
        _RUN[type(task)](self, task)

    def _explain_illegal(self, prompt: Prompt, action: Action) -> str | None:
        assert isinstance(prompt, SotaPrompt)
        return turn.explain(self, prompt, action)

    def _copy_into(self, other: State) -> None:
        assert isinstance(other, SotaState)
        other.persona = self.persona.copy()
        other.options = self.options.copy()
        other.hands = [hand.clone() for hand in self.hands]
        other.decks = [deck.clone() for deck in self.decks]
        other.slots = self.slots.copy()
        other.traits = self.traits.copy()
        other.allies = self.allies.copy()
        other.shards = self.shards.copy()
        other.removed = self.removed.copy()
        other.alive = self.alive.copy()
        other.active = self.active
        other.used_stats = self.used_stats
        other.twin_used = self.twin_used
        other.encore_used = self.encore_used
        other.rolls = self.rolls
        other.duel = None if self.duel is None else self.duel.copy()

    def _view(self, player: int) -> SotaView:
        from shardgames.sota.view import make_view  # noqa: PLC0415 - view imports this module

        return make_view(self, player)

    def _hidden_zones(self) -> Iterable[HiddenDeck | Hand]:
        yield from self.hands
        yield from self.decks

    def _kind_of(self, card: int) -> int:
        return self.game.kind_of[card]

    def _problems(self) -> Iterable[str]:
        return checks.problems(self)

    def content_used(self) -> tuple[tuple[str, ...], ...]:
        """Each seat's Persona and the cards it put on the table, by name, in order of first use.

        The cards on the table: Characters placed in Duel Positions (or swapped in), Allies played and
        Traits assigned. The Personas of a Starter Deck that were not chosen are not used.
        """
        return self._first_uses(
            (event.player, event.name) for event in self.events if isinstance(event, _CONTENT_EVENTS)
        )

    def __str__(self) -> str:
        from shardgames.sota.render import render_state  # noqa: PLC0415 - render imports this module

        return render_state(self)

    def to_html(self) -> str:
        """The whole table, every hidden card shown, as an HTML fragment (see `shardgames.sota.html`)."""
        from shardgames.sota.html import state_html  # noqa: PLC0415 - html imports this module

        return state_html(self)

    # ------------------------------------------------------------------ helpers for the rules

    def order_from(self, seat: int) -> list[int]:
        """The remaining seats in turn order, starting with `seat`."""
        n = len(self.alive)
        return [(seat + i) % n for i in range(n) if self.alive[(seat + i) % n]]

    def seat_slots(self, seat: int) -> range:
        """The indices of `seat`'s Duel Positions in `slots` and `traits`."""
        k = self.game.duel_positions
        return range(seat * k, seat * k + k)

    def has_character(self, seat: int) -> bool:
        """Whether `seat` has a Character in any Duel Position."""
        k = self.game.duel_positions
        return any(card >= 0 for card in self.slots[seat * k : seat * k + k])

    def to_shards(self, card: int) -> None:
        """Put `card` on top of its owner's Fractured Shards."""
        seat = card >> SEAT_SHIFT
        self.shards[seat] = (*self.shards[seat], card)

    def ask(self, player: int, phase: Phase, seat: int = -1) -> None:
        """Set the next decision."""
        self._ask(SotaPrompt(player, phase, seat))

    def ask_chance(self, phase: Phase, seat: int) -> None:
        """Set a chance node about `seat`."""
        self._ask(SotaPrompt(CHANCE, phase, seat))

    def emit(self, event: Any) -> None:
        """Log an event."""
        self._emit(event)


_DRAW_PHASES = frozenset({Phase.DEAL, Phase.GATHER_DRAW, Phase.MILL})

_LEGAL: dict[Phase, Callable[[SotaState, int], Iterable[int]]] = {
    Phase.PERSONA: setup.legal_persona,
    Phase.REDRAW: setup.legal_redraw,
    Phase.REDRAW_MORE: setup.legal_redraw_more,
    Phase.GATHER: turn.legal_gather,
    Phase.POSITION: turn.legal_position,
    Phase.BOLSTER: turn.legal_bolster,
    Phase.DUEL_UNIT: duel.legal_unit,
    Phase.DUEL_STAT: duel.legal_stat,
    Phase.DUEL_TARGET: duel.legal_target,
    Phase.TWIN_RESPONSE: duel.legal_twin_response,
    Phase.MODIFIERS: duel.legal_modifiers,
}

_APPLY: dict[type[Action], Callable[[SotaState, SotaPrompt, Any], None]] = {
    ChoosePersona: setup.apply_persona,
    KeepHand: setup.apply_keep_hand,
    Redraw: setup.apply_redraw,
    FinishRedraw: setup.apply_finish_redraw,
    DrawCard: turn.apply_draw_card,
    RollDie: duel.apply_roll,
    Draw: turn.apply_gather,
    Place: turn.apply_place,
    Swap: turn.apply_swap,
    Pass: lambda state, prompt, action: duel.apply_pass(state) if prompt.phase is Phase.MODIFIERS else None,
    PlayAlly: turn.apply_play_ally,
    AssignTrait: turn.apply_assign_trait,
    DuelWith: duel.apply_unit,
    DuelWithTwins: duel.apply_unit,
    DuelWithPersona: duel.apply_unit,
    EndTurnPhase: duel.apply_end_turn_phase,
    ChooseStat: duel.apply_stat,
    ChooseTarget: duel.apply_target,
    RespondTwin: duel.apply_twin_response,
    RespondNormal: duel.apply_twin_response,
    UseTrait: duel.apply_modifier,
    UsePersonaTrait: duel.apply_modifier,
    UseAlly: duel.apply_modifier,
    UseRAlly: duel.apply_modifier,
}

_RUN: dict[type[Task], Callable[[SotaState, Any], None]] = {
    AskPhase: turn.run_ask_phase,
    Deal: turn.run_deal,
    StartRoll: setup.run_start_roll,
    BeginTurnPhase: turn.run_begin_turn_phase,
    AskDuel: duel.run_ask_duel,
    Mill: duel.run_mill,
    AfterDuel: duel.run_after_duel,
    EndTurn: turn.run_end_turn,
}
