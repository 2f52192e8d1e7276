"""The SOTA state, and the dispatch of the phase machine.

The state holds the zones of every seat, the Turn Phase counters and the duel in progress. Its hooks
look up the rules function of each decision and queued step in the table the rules modules register
in (`shardgames.sota.phases.handlers`), so this module imports none of them.

Its fields are declared once, in `shardgames.sota.table`: the clone, the view and the copy back into a
sampled state are generated from that declaration.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, ClassVar

from shardgames.kernel.actions import Action
from shardgames.kernel.fields import state_class
from shardgames.kernel.handlers import HandledState
from shardgames.kernel.rng import Rng
from shardgames.kernel.state import CHANCE, Prompt, State
from shardgames.sota import checks
from shardgames.sota.constants import SEAT_SHIFT
from shardgames.sota.duel_state import Duel
from shardgames.sota.events import AllyPlayed, CharacterPlaced, CharacterSwapped, PersonaChosen, TraitAssigned
from shardgames.sota.html import state_html
from shardgames.sota.phases import Phase, SotaPrompt, handlers, prompt_of
from shardgames.sota.render import render_state
from shardgames.sota.table import SotaTable
from shardgames.sota.view import SotaView

if TYPE_CHECKING:
    from shardgames.sota.game import SotaGame  # noqa: F401 - named in a string: the base class below

__all__ = ["Duel", "SotaState"]  # Duel lives in shardgames.sota.duel_state

#: The events in which a seat uses a card: see `SotaState.content_used`.
_CONTENT_EVENTS = (PersonaChosen, CharacterPlaced, CharacterSwapped, AllyPlayed, TraitAssigned)


@state_class
class SotaState(HandledState, State["SotaGame"], SotaTable):
    """A game of Shards of the Artisan in progress: the fields of `SotaTable`, and the phase machine."""

    legal_by_id: ClassVar[bool] = True
    rules = handlers

    # ------------------------------------------------------------------ kernel hooks

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

    def _view(self, player: int) -> SotaView:
        return SotaView.from_state(self, player)

    def _kind_of(self, card: int) -> int:
        return self.game.kind_of[card]

    def _problems(self) -> Iterable[str]:
        return checks.problems(self)

    def content_used(self) -> tuple[tuple[str, ...], ...]:
        """Each seat's Persona and the cards it put on the table, by name, in order of first use.

        The cards on the table: Characters placed in Duel Positions (or swapped in), Allies played and
        Traits assigned. The Personas of a Starter Deck that were not chosen are not used.
        """
        return self.first_uses(
            (event.player, event.name) for event in self.events if isinstance(event, _CONTENT_EVENTS)
        )

    def __str__(self) -> str:
        return render_state(self)

    def to_html(self) -> str:
        """The whole table, every hidden card shown, as an HTML fragment (see `shardgames.sota.html`)."""
        return state_html(self)

    # ------------------------------------------------------------------ helpers for the rules

    def order_from(self, seat: int) -> list[int]:
        """The remaining seats in turn order, starting with `seat`."""
        alive = self.alive
        return [other for other in (*range(seat, len(alive)), *range(seat)) if alive[other]]

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
        self.set_prompt(prompt_of(player, phase, seat))

    def ask_chance(self, phase: Phase, seat: int) -> None:
        """Set a chance node about `seat`."""
        self.set_prompt(prompt_of(CHANCE, phase, seat))


_DRAW_PHASES = frozenset({Phase.DEAL, Phase.GATHER_DRAW, Phase.MILL})
