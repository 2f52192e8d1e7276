"""Setup (TAC-12 to 23, R2 to R7): the coin flip, then setup turns of up to three purchases each."""

from __future__ import annotations

import functools
from bisect import bisect_left
from collections.abc import Callable, Iterable, Sequence
from operator import itemgetter
from typing import TYPE_CHECKING

from shardgames.kernel.actions import Action
from shardgames.tactics.actions import BuyTerrain, BuyWarrior, FirstPlayer, Stop
from shardgames.tactics.board import name, row_of
from shardgames.tactics.events import FirstPlayerChosen, SetupStopped, TerrainPlaced, WarriorBought
from shardgames.tactics.phases import BeginTurn, Phase, SetupTurn, TacticsPrompt, handlers, not_an_answer

if TYPE_CHECKING:
    from shardgames.tactics.game import TacticsGame
    from shardgames.tactics.state import TacticsState

PURCHASES_PER_TURN = 3
TERRAIN_COST = 1
TERRAIN_ROWS = 4


@functools.cache
def rows(seat: int, count: int) -> tuple[int, ...]:
    """The squares of `seat`'s `count` closest rows (TAC-R2), in ascending order."""
    return tuple(c for c in range(64) if row_of(c, seat) <= count)


@functools.cache
def _span(seat: int, count: int) -> tuple[int, int]:
    """``rows(seat, count)`` as the run of squares ``low`` to ``high - 1`` (rows are whole ranks)."""
    cells = rows(seat, count)
    return cells[0], cells[-1] + 1


@handlers.setup
def begin(s: TacticsState) -> None:
    """A new game: Souls for both players, then the coin flip (S0)."""
    s.souls = [s.game.params["souls"]] * 2
    s.ask_coin()


@handlers.apply(FirstPlayer)
def apply_first_player(s: TacticsState, prompt: TacticsPrompt, action: FirstPlayer) -> None:
    """S0: the coin chooses who buys, and plays, first (TAC-12, 24)."""
    s.first = action.seat
    s.emit(FirstPlayerChosen(action.seat))
    s.push(SetupTurn(action.seat))


@handlers.run(SetupTurn)
def run_setup_turn(s: TacticsState, task: SetupTurn) -> None:
    """S1: a setup turn of up to three purchases (TAC-15, R3)."""
    s.active = task.seat
    s.purchases = 0
    s.ask(task.seat, Phase.SETUP)


_ONE_COPY = "seat {seat} already has {what}: one copy of each commander"
_TOO_DEAR = "seat {seat} has {souls} Souls left; {what} (cost {price}) needs {price}"
_KEEP_A_SOUL = "seat {seat} has no commander yet: a purchase other than one must leave a Soul"


def owned_cards(s: TacticsState, seat: int) -> set[int]:
    """The roster cards of `seat`'s warriors on the board."""
    cards = s.card
    return {cards[w] for w in s.warriors_of(seat)}


def owns_commander(game: TacticsGame, owned: set[int]) -> bool:
    """Whether the `owned` cards include a commander."""
    return not game.commanders.isdisjoint(owned)


def placement_rows(cost: int) -> int:
    """How many of its closest rows a warrior of printed cost `cost` may be placed in (TAC-17, 18, R5)."""
    return 2 if cost == 1 else 1


def warrior_price(cost: int, commander: bool, has_commander: bool) -> int:
    """What a card of printed cost `cost` costs its buyer: the first commander is free (TAC-21, R5)."""
    return 0 if commander and not has_commander else cost


class Purchases:
    """One setup decision of `seat`, and its rules (TAC-15 to 23, R2 to R7).

    What the rules depend on is worked out once: the Souls, the cards the seat owns, whether one is
    a commander, the prices that follow (the game's ``price`` table, from `warrior_price`), the free squares
    of its closest rows and the one kept for a commander. Each rule is a method that returns the
    reason a purchase breaks it, or ``None``; the listing (`legal_purchases`) keeps what passes, and
    the explainer (`explain_purchase`) asks the same methods about one action. Where a piece may go
    is worked out by `cells`, once per kind of piece, and `cell_problem` explains from it.
    """

    __slots__ = ("_cells", "free", "game", "has_commander", "owned", "prices", "reserved", "seat", "souls")

    def __init__(self, s: TacticsState, seat: int) -> None:
        self.game = s.game
        self.seat = seat
        self.souls = s.souls[seat]
        self.owned = owned_cards(s, seat)
        self.has_commander = owns_commander(self.game, self.owned)
        self.prices = self.game.price[self.has_commander]  # see `warrior_price`
        board, terrain = s.board, s.terrain
        # TAC-R6: a setup piece goes on a square with no warrior and no terrain
        self.free = [c for c in rows(seat, TERRAIN_ROWS) if board[c] < 0 and terrain[c] < 0]
        closest = self._free_in(1)
        self.reserved = closest[0] if len(closest) == 1 else None  # see `cells`
        self._cells: dict[tuple[int, bool], list[int]] = {}

    def stop_problem(self) -> str | None:
        """TAC-20, R4: a seat stops buying only once it has a commander."""
        if self.has_commander:
            return None
        return f"seat {self.seat} must buy a commander before it stops"

    def card_problems(self) -> list[str | None]:
        """For each roster card, why it may not be bought now wherever it goes, or None.

        TAC-23: one copy of each commander; TAC-21, R5: the first commander is free; and the price
        rules of `price_problems`. A reason is a template: `explain` words it for one card.
        """
        game, owned = self.game, self.owned
        problems = self.price_problems(zip(self.prices, game.commander, strict=True))
        for number in owned:
            if game.commander[number]:
                problems[number] = _ONE_COPY
        return problems

    def terrain_problem(self) -> str | None:
        """Whether a terrain piece may be bought now, wherever it goes (TAC-16, R4, R7); a template."""
        return self.price_problems(((TERRAIN_COST, False),))[0]

    def price_problems(self, purchases: Iterable[tuple[int, bool]]) -> list[str | None]:
        """TAC-8, 22, R4: for each purchase (a price, and whether it buys a commander), why it is refused.

        The price must be paid and, before a commander, a purchase other than one must leave a Soul for
        it. Each reason is a template (see `explain`); None where the purchase is allowed.
        """
        souls = self.souls
        return [
            _TOO_DEAR
            if price > souls
            else _KEEP_A_SOUL
            if price >= souls and self.keeps_room(commander)
            else None
            for price, commander in purchases
        ]

    def explain(self, problem: str, what: str, price: int) -> str:
        """The reason template `problem` of `card_problems` or `terrain_problem`, worded for `what`."""
        return problem.format(seat=self.seat, souls=self.souls, what=what, price=price)

    def keeps_room(self, commander: bool) -> bool:
        """Whether a purchase must leave room for a commander: the seat has none, and this is not one."""
        return not commander and not self.has_commander

    def cells(self, placement: int, commander: bool) -> list[int]:
        """The squares a piece (a `commander` or not) that goes in the `placement` closest rows may use.

        TAC-17 to 19, R2: the rows; R6: a square with no warrior and no terrain; TAC-22, R4: before a
        commander, a purchase other than one may not take the last free square of the closest row.
        """
        key = placement, commander
        cells = self._cells.get(key)
        if cells is None:
            cells = self._free_in(placement)
            if self.keeps_room(commander):  # (no square is kept when `reserved` is None)
                cells = [c for c in cells if c != self.reserved]
            self._cells[key] = cells
        return cells

    def _free_in(self, placement: int) -> list[int]:
        """The free squares of the `placement` closest rows (a run of squares: see `_span`)."""
        low, high = _span(self.seat, placement)
        free = self.free
        return free[bisect_left(free, low) : bisect_left(free, high)]

    def cell_problem(self, cell: int, placement: int, commander: bool, what: str) -> str | None:
        """Why `what` may not go on `cell` (see `cells`), or None."""
        if cell in self.cells(placement, commander):
            return None
        if cell not in rows(self.seat, placement):
            rows_named = "the closest row" if placement == 1 else f"the {placement} closest rows"
            return f"{what} goes in {rows_named} of seat {self.seat}"
        if cell not in self.free:
            return f"{name(cell)} is taken: a piece goes on a square with no warrior and no terrain"
        return (
            f"seat {self.seat} has no commander yet: {name(cell)} is the last free square of the closest "
            "row, kept for one"
        )


@handlers.legal(Phase.SETUP)
def legal_purchases(s: TacticsState, prompt: TacticsPrompt) -> Iterable[int]:
    """S1: each warrior and terrain the rules of `Purchases` allow, on each square they allow, and Stop."""
    decision = Purchases(s, prompt.player)
    game = s.game
    ids = [game.id_stop] if decision.stop_problem() is None else []
    by_kind = [_picker(decision.cells(placement, commander)) for placement, commander in game.piece_kinds]
    kind_of, rows = game.piece_kind, game.buy_warrior_ids
    for number, problem in enumerate(decision.card_problems()):
        if problem is None:
            ids += by_kind[kind_of[number]](rows[number])
    if decision.terrain_problem() is None:
        pick = _picker(decision.cells(TERRAIN_ROWS, False))
        for row in game.buy_terrain_ids:
            ids += pick(row)
    return ids


def _picker(cells: list[int]) -> Callable[[Sequence[int]], Iterable[int]]:
    """What picks the ids of `cells` from a row of 64 ids, one per square: in one C call for two or more."""
    if len(cells) > 1:
        return itemgetter(*cells)
    return lambda row: [row[cell] for cell in cells]


@handlers.apply(BuyWarrior)
def apply_buy_warrior(s: TacticsState, prompt: TacticsPrompt, action: BuyWarrior) -> None:
    """Pay for a warrior and place it."""
    game = s.game
    seat = prompt.player
    number = game.card_number[action.card]
    price = game.price[owns_commander(game, owned_cards(s, seat))][number]
    warrior = s.add_warrior(number, seat, action.cell)
    s.souls[seat] -= price
    s.emit(WarriorBought(seat, warrior, game.roster[number].name, action.cell, price))
    _after_purchase(s, seat)


@handlers.apply(BuyTerrain)
def apply_buy_terrain(s: TacticsState, prompt: TacticsPrompt, action: BuyTerrain) -> None:
    """Pay a Soul for terrain and place it (TAC-16, 19)."""
    seat = prompt.player
    s.place_terrain(action.cell, action.terrain.ordinal, seat)
    s.souls[seat] -= TERRAIN_COST
    s.emit(TerrainPlaced(seat, action.terrain.value, action.cell))
    _after_purchase(s, seat)


def _after_purchase(s: TacticsState, seat: int) -> None:
    """After the third purchase the turn passes (to the same seat if the other has stopped, TAC-R3)."""
    s.purchases += 1
    if s.purchases < PURCHASES_PER_TURN:
        s.ask(seat, Phase.SETUP)
        return
    s.push(SetupTurn(seat if s.stopped[1 - seat] else 1 - seat))


@handlers.apply(Stop)
def apply_stop(s: TacticsState, prompt: TacticsPrompt, action: Stop) -> None:
    """Stop buying for good; play starts when both have stopped, with the first player (TAC-20, 24)."""
    seat = prompt.player
    s.stopped[seat] = True
    s.emit(SetupStopped(seat, s.souls[seat]))
    other = 1 - seat
    s.push(SetupTurn(other) if not s.stopped[other] else BeginTurn(s.first))


@handlers.explain(Phase.SETUP)
def explain_purchase(s: TacticsState, prompt: TacticsPrompt, action: Action) -> str | None:
    """Why a purchase or Stop is not allowed now, from the rules of `Purchases`; None when it is."""
    decision = Purchases(s, prompt.player)
    if isinstance(action, Stop):
        return decision.stop_problem()
    if isinstance(action, BuyWarrior):
        game = s.game
        number = game.card_number[action.card]  # the action space holds the roster's cards only
        card = game.roster[number]
        problem = decision.card_problems()[number]
        if problem is not None:
            return decision.explain(problem, card.name, decision.prices[number])
        commander = game.commander[number]
        return decision.cell_problem(
            action.cell, game.placement[number], commander, f"{card.name} (printed cost {card.cost})"
        )
    if isinstance(action, BuyTerrain):
        what = action.terrain.value
        problem = decision.terrain_problem()
        if problem is not None:
            return decision.explain(problem, what, TERRAIN_COST)
        return decision.cell_problem(action.cell, TERRAIN_ROWS, False, what)
    return not_an_answer(prompt, action)
