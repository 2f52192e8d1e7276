"""The Shard Command state, and the dispatch of the phase machine.

Per-seat values live in two-item lists (seat 0, seat 1); stones and floating Shards are 11-tuples
(Generic first, then the ten elements in order). The Arena is one list of `Permanent` values in the
order they entered.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, ClassVar

from shardgames.command import checks
from shardgames.command.events import CardPlayed, Conceded
from shardgames.command.handlers import handlers
from shardgames.command.html import state_html
from shardgames.command.objects import Permanent
from shardgames.command.phases import CHANCE_PHASES, CommandPrompt, Phase
from shardgames.command.render import render_state
from shardgames.command.table import CommandTable
from shardgames.command.view import CommandView
from shardgames.kernel.actions import Action
from shardgames.kernel.errors import UsageError
from shardgames.kernel.fields import state_class
from shardgames.kernel.handlers import HandledState
from shardgames.kernel.rng import Rng
from shardgames.kernel.state import CHANCE, TERMINAL, Prompt, State

if TYPE_CHECKING:
    from shardgames.command.game import CommandGame  # noqa: F401 - named in a string: the base class

__all__ = ["CommandState"]


_ASKED = {phase: (CommandPrompt(0, phase), CommandPrompt(1, phase)) for phase in Phase}
"""The decisions of the seats, made once: prompts are frozen values."""
_CHANCE_ASKED = {
    phase: {seat: CommandPrompt(CHANCE, phase, seat) for seat in (-1, 0, 1)} for phase in CHANCE_PHASES
}
"""The chance nodes, about a seat's deck (or no seat's: the coin), made once."""


@state_class
class CommandState(HandledState, State["CommandGame"], CommandTable):
    """A game of Shard Command in progress: the fields of `CommandTable`, and the phase machine's hooks.

    The rules functions that answer each decision and run each queued step are registered in
    `shardgames.command.handlers.handlers`; the state looks them up.
    """

    legal_by_id: ClassVar[bool] = True
    rules = handlers

    # ------------------------------------------------------------------ kernel hooks

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

    def _view(self, player: int) -> CommandView:
        return CommandView.from_state(self, player)

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
        return self.first_uses((e.seat, e.name) for e in self.events if isinstance(e, CardPlayed))

    def __str__(self) -> str:
        return render_state(self)

    def to_html(self) -> str:
        """The whole state drawn as HTML, every hidden card face up (``state.view(seat)`` for one seat's)."""
        return state_html(self)

    # ------------------------------------------------------------------ small helpers for the rules

    def ask(self, player: int, phase: Phase) -> None:
        """Set the next decision."""
        self.set_prompt(_ASKED[phase][player])

    def ask_chance(self, phase: Phase, seat: int) -> None:
        """Set a chance node about `seat`'s deck."""
        self.set_prompt(_CHANCE_ASKED[phase][seat])

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
