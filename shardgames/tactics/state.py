"""The Tactics state, whose phase machine runs the rules functions registered in `phases.handlers`.

Warriors are numbered in the order they were bought; the per-warrior facts live in flat lists indexed
by that number, and the board maps each square to a warrior (or -1). Everything is public: Tactics has
no hidden information, only the coin flip is chance.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, ClassVar

from shardgames.kernel.actions import Action
from shardgames.kernel.fields import state_class
from shardgames.kernel.handlers import HandledState
from shardgames.kernel.rng import Rng
from shardgames.kernel.state import CHANCE, Prompt, State
from shardgames.tactics import checks
from shardgames.tactics.effects import Timing
from shardgames.tactics.events import WarriorBought
from shardgames.tactics.html import state_html
from shardgames.tactics.phases import (
    DECISION_PHASES,
    SEAT_PROMPTS,
    Phase,
    TacticsPrompt,
    handlers,
    not_an_answer,
)
from shardgames.tactics.render import board_svg, render_state
from shardgames.tactics.table import TacticsTable
from shardgames.tactics.terrain import Terrain
from shardgames.tactics.view import TacticsView

if TYPE_CHECKING:
    from shardgames.tactics.game import (
        CompiledSide,
        TacticsGame,  # noqa: F401 - named in a string: the base class below
    )

__all__ = ["TacticsState"]

PORTAL = Terrain.PORTAL.ordinal


@state_class
class TacticsState(HandledState, State["TacticsGame"], TacticsTable):
    """A game of Soulshards Tactics in progress: the fields of `TacticsTable`, and the phase machine."""

    legal_by_id: ClassVar[bool] = True
    rules = handlers

    # ------------------------------------------------------------------ kernel hooks

    def _chance_outcomes(self, prompt: Prompt) -> Sequence[tuple[Action, int]]:
        return self.game.coin_outcomes

    def _sample_chance(self, prompt: Prompt, rng: Rng) -> Action | None:
        return self.game.coin_outcomes[rng.randrange(2)][0]

    def _explain_illegal(self, prompt: Prompt, action: Action) -> str | None:
        """Why the rules forbid `action` now, or None: the phase's explain function (``@handlers.explain``).

        Each explain function asks the same rule functions the phase's listing is built from, so an
        action gets a reason exactly when it is not listed. The coin's outcomes are its own rule.
        """
        assert isinstance(prompt, TacticsPrompt)
        if prompt.player == CHANCE:
            if any(action == outcome for outcome, _ in self._chance_outcomes(prompt)):
                return None
            return not_an_answer(prompt, action)
        return super()._explain_illegal(prompt, action)

    def _problems(self) -> Iterable[str]:
        return checks.problems(self)

    def content_used(self) -> tuple[tuple[str, ...], ...]:
        """The warriors each seat bought (commanders included), by card name, in order of first purchase."""
        return self.first_uses((e.player, e.name) for e in self.events if isinstance(e, WarriorBought))

    def _view(self, player: int) -> TacticsView:
        return TacticsView.from_state(self, player)

    def __str__(self) -> str:
        return render_state(self)

    def to_html(self) -> str:
        """The table drawn in HTML: the board, and a panel per seat (see `shardgames.tactics.html`)."""
        return state_html(self)

    def _repr_svg_(self) -> str:
        return board_svg(self)

    # ------------------------------------------------------------------ helpers for the rules

    def ask(self, player: int, phase: Phase, warrior: int = -1) -> None:
        """Set the next decision (for an effect, name the warrior whose effect it is)."""
        if warrior < 0:
            self.set_prompt(SEAT_PROMPTS[player, phase])
        else:
            self.set_prompt(TacticsPrompt(player, phase, warrior, self.square[warrior]))

    def ask_effect(self, warrior: int, timing: Timing) -> None:
        """Ask the controller of `warrior`'s optional effect of `timing` whether and how to use it."""
        self.ask(self.owner[warrior], DECISION_PHASES[timing], warrior)

    def has_effect(self, warrior: int, timing: Timing, *, decided: bool = False) -> bool:
        """Whether the side `warrior` shows has an effect of `timing` (`decided`: an optional one)."""
        rule = self.side_of(warrior).rule
        return rule is not None and rule.timing is timing and (rule.optional or not decided)

    def ask_coin(self) -> None:
        """Set the coin flip."""
        self.set_prompt(TacticsPrompt(CHANCE, Phase.COIN))

    def side_of(self, warrior: int) -> CompiledSide:
        """The compiled side the warrior shows (see `shardgames.tactics.game.CompiledSide`)."""
        return self.game.sides[self.card[warrior]][self.injured[warrior]]

    def add_warrior(self, card: int, owner: int, cell: int, *, injured: bool = False) -> int:
        """Put a new warrior of roster card `card`, owned by `owner`, on `cell`; return its number."""
        warrior = len(self.card)
        self.card.append(card)
        self.owner.append(owner)
        self.square.append(cell)
        self.injured.append(injured)
        self.reduction.append(0)
        self.buff.append(0)
        self.scorched.append(False)
        self.attacked.append(False)
        self.board[cell] = warrior
        return warrior

    def place_terrain(self, cell: int, terrain: int, owner: int) -> None:
        """Put terrain number `terrain`, owned by `owner`, on `cell`."""
        self.terrain[cell] = terrain
        self.terrain_owner[cell] = owner
        if terrain == PORTAL:
            self.portals[owner] = tuple(sorted((*self.portals[owner], cell)))

    def warriors_of(self, seat: int) -> list[int]:
        """`seat`'s warriors on the board, in the order they were bought."""
        owner = self.owner
        return [w for w, where in enumerate(self.square) if where >= 0 and owner[w] == seat]

    def name_of(self, warrior: int) -> str:
        """The name on the warrior's side in use."""
        return self.game.side_names[self.card[warrior]][self.injured[warrior]]
