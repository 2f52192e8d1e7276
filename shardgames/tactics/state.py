"""The Tactics state, and the dispatch of its phase machine to the rules functions in `phases.handlers`.

Warriors are numbered in the order they were bought; the per-warrior facts live in flat lists indexed
by that number, and the board maps each square to a warrior (or -1). Everything is public: Tactics has
no hidden information, only the coin flip is chance.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, ClassVar

import attrs

from shardgames.kernel.actions import Action
from shardgames.kernel.rng import Rng
from shardgames.kernel.state import CHANCE, Prompt, State, Task
from shardgames.tactics import checks
from shardgames.tactics.effects import Timing
from shardgames.tactics.events import WarriorBought
from shardgames.tactics.html import state_html
from shardgames.tactics.phases import DECISION_PHASES, SEAT_PROMPTS, Phase, TacticsPrompt, handlers
from shardgames.tactics.render import board_svg, render_state
from shardgames.tactics.terrain import Terrain
from shardgames.tactics.view import TacticsView, make_view

if TYPE_CHECKING:
    from shardgames.tactics.game import (
        CompiledSide,
        TacticsGame,  # noqa: F401 - named in a string: the base class below
    )

__all__ = ["TacticsState"]

PORTAL = Terrain.PORTAL.ordinal


@attrs.define(eq=False)
class TacticsState(State["TacticsGame"]):
    """A game of Soulshards Tactics in progress.

    Attributes:
        board: Each square's warrior, or -1.
        terrain: Each square's terrain (its number in `TERRAINS`), or -1.
        terrain_owner: The seat that owns each square's terrain, or -1.
        portals: Each seat's Portal squares (kept with the terrain, for fast moves).
        card: Each warrior's roster card.
        owner: Each warrior's seat.
        square: Each warrior's square, -1 once defeated.
        injured: Whether each warrior shows its injured side.
        reduction: Each warrior's Might lost to attacks this turn (TAC-45, R14).
        buff: Each warrior's Might from rallies, until its owner's next turn starts.
        scorched: Whether each warrior is scorched this turn (TAC-R11).
        attacked: Whether each warrior has made an attack action this turn.
        souls: Each seat's Souls.
        stopped: Whether each seat has stopped buying.
        first: The seat that buys and plays first (-1 before the coin flip).
        purchases: Purchases made in the current setup turn.
        active: The seat whose turn it is (-1 before setup).
        actions_used: Move and attack actions used this turn.
        action_limit: Actions allowed this turn (one more after `BuyAction`).
        extra_bought: Whether an extra action was bought this turn.
        attacks_locked: Whether an attack action has injured this turn (no more attack actions, TAC-47).
    """

    legal_by_id: ClassVar[bool] = True

    board: list[int] = attrs.Factory(lambda: [-1] * 64)
    terrain: list[int] = attrs.Factory(lambda: [-1] * 64)
    terrain_owner: list[int] = attrs.Factory(lambda: [-1] * 64)
    portals: list[tuple[int, ...]] = attrs.Factory(lambda: [(), ()])
    card: list[int] = attrs.Factory(list)
    owner: list[int] = attrs.Factory(list)
    square: list[int] = attrs.Factory(list)
    injured: list[bool] = attrs.Factory(list)
    reduction: list[int] = attrs.Factory(list)
    buff: list[int] = attrs.Factory(list)
    scorched: list[bool] = attrs.Factory(list)
    attacked: list[bool] = attrs.Factory(list)
    souls: list[int] = attrs.Factory(lambda: [0, 0])
    stopped: list[bool] = attrs.Factory(lambda: [False, False])
    first: int = -1
    purchases: int = 0
    active: int = -1
    actions_used: int = 0
    action_limit: int = 0
    extra_bought: bool = False
    attacks_locked: bool = False

    # ------------------------------------------------------------------ kernel hooks

    def _setup(self) -> None:
        assert handlers.setup_handler is not None
        handlers.setup_handler(self)

    def _legal_action_ids(self, prompt: Prompt) -> Iterable[int]:
        assert isinstance(prompt, TacticsPrompt)
        return _LEGAL[prompt.phase](self, prompt)

    def _chance_outcomes(self, prompt: Prompt) -> Sequence[tuple[Action, int]]:
        return self.game.coin_outcomes

    def _sample_chance(self, prompt: Prompt, rng: Rng) -> Action | None:
        return self.game.coin_outcomes[rng.randrange(2)][0]

    def _apply(self, prompt: Prompt, action: Action) -> None:
        assert isinstance(prompt, TacticsPrompt)
        _APPLY[type(action)](self, prompt, action)

    def _run_task(self, task: Task) -> None:
        _RUN[type(task)](self, task)

    def _explain_illegal(self, prompt: Prompt, action: Action) -> str | None:
        """None for a legal action; otherwise the phase's reason, or the legal actions as a reminder.

        Legality is decided by the legal-action listing alone, where each rule is written once; the
        phase's explain function (registered with ``@handlers.explain``) only finds the words for an
        action the listing left out, so the two cannot disagree.
        """
        legal = self.legal_actions()
        if action in legal:
            return None
        assert isinstance(prompt, TacticsPrompt)
        explain = _EXPLAIN.get(prompt.phase)
        reason = None if explain is None else explain(self, prompt, action)
        if reason is None:
            shown = ", ".join(str(a) for a in legal[:8])
            more = "" if len(legal) <= 8 else f", ... ({len(legal)} in all)"
            reason = f"not one of the legal actions for {prompt}: {shown}{more}"
        return reason

    def _copy_into(self, other: State) -> None:
        assert isinstance(other, TacticsState)
        other.board = self.board.copy()
        other.terrain = self.terrain.copy()
        other.terrain_owner = self.terrain_owner.copy()
        other.portals = self.portals.copy()
        other.card = self.card.copy()
        other.owner = self.owner.copy()
        other.square = self.square.copy()
        other.injured = self.injured.copy()
        other.reduction = self.reduction.copy()
        other.buff = self.buff.copy()
        other.scorched = self.scorched.copy()
        other.attacked = self.attacked.copy()
        other.souls = self.souls.copy()
        other.stopped = self.stopped.copy()
        other.first = self.first
        other.purchases = self.purchases
        other.active = self.active
        other.actions_used = self.actions_used
        other.action_limit = self.action_limit
        other.extra_bought = self.extra_bought
        other.attacks_locked = self.attacks_locked

    def _problems(self) -> Iterable[str]:
        return checks.problems(self)

    def content_used(self) -> tuple[tuple[str, ...], ...]:
        """The warriors each seat bought (commanders included), by card name, in order of first purchase."""
        return self.first_uses((e.player, e.name) for e in self.events if isinstance(e, WarriorBought))

    def _view(self, player: int) -> TacticsView:
        return make_view(self, player)

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


# The tables the rules modules fill (see `shardgames.tactics.phases.handlers`), bound once for speed.
_LEGAL = handlers.legal_handlers
_APPLY = handlers.apply_handlers
_RUN = handlers.run_handlers
_EXPLAIN = handlers.explain_handlers
