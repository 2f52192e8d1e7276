"""Setup (TAC-12 to 23, R2 to R7): the coin flip, then setup turns of up to three purchases each."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from shardgames.tactics.actions import BuyTerrain, BuyWarrior, FirstPlayer, Stop
from shardgames.tactics.board import name, row_of
from shardgames.tactics.events import FirstPlayerChosen, SetupStopped, TerrainPlaced, WarriorBought
from shardgames.tactics.phases import BeginTurn, Phase, SetupTurn, TacticsPrompt, handlers
from shardgames.tactics.warriors import TERRAINS

if TYPE_CHECKING:
    from shardgames.tactics.state import TacticsState

PURCHASES_PER_TURN = 3
TERRAIN_COST = 1
TERRAIN_ROWS = 4

_ROWS = {
    seat: [tuple(c for c in range(64) if row_of(c, seat) == row) for row in range(1, 9)] for seat in (0, 1)
}


def rows(seat: int, count: int) -> tuple[int, ...]:
    """The squares of `seat`'s `count` closest rows (TAC-R2), in ascending order."""
    return _CLOSEST[seat][count]


_ROW_OF = {seat: [row_of(c, seat) for c in range(64)] for seat in (0, 1)}

_CLOSEST = {
    seat: [tuple(sorted(c for row in _ROWS[seat][:count] for c in row)) for count in range(9)]
    for seat in (0, 1)
}


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


def owns_commander(s: TacticsState, seat: int) -> bool:
    """Whether `seat` has a commander (on the board)."""
    commander, cards = s.game.commander, s.card
    return any(commander[cards[w]] for w in s.warriors_of(seat))


@handlers.legal(Phase.SETUP)
def legal_purchases(s: TacticsState, prompt: TacticsPrompt) -> Iterable[int]:
    """S1: each affordable warrior on each square it may use, terrain, and Stop (TAC-15 to 23, R2 to R7).

    Without a commander (TAC-22, R4), a purchase other than a commander must leave at least one Soul
    and an empty square in the closest row, and Stop is not allowed.
    """
    game = s.game
    seat = prompt.player
    souls = s.souls[seat]
    has_commander = owns_commander(s, seat)
    owned = {s.card[w] for w in s.warriors_of(seat)}
    board, terrain = s.board, s.terrain
    free = [c for c in rows(seat, TERRAIN_ROWS) if board[c] < 0 and terrain[c] < 0]  # ascending
    row_of_cell = _ROW_OF[seat]
    first_two = [c for c in free if row_of_cell[c] <= 2]
    closest = [c for c in first_two if row_of_cell[c] == 1]
    ids = [game.id_stop] if has_commander else []
    for card, cost in enumerate(game.cost):
        commander = game.commander[card]
        if commander and card in owned:
            continue  # TAC-23: one copy of each commander
        price = 0 if commander and not has_commander else cost  # TAC-21, R5: the first commander is free
        if price > souls:
            continue
        cells = first_two if cost == 1 else closest  # TAC-17, 18, R2, R5
        if not commander and not has_commander:
            if souls - price <= 0:
                continue
            if len(closest) == 1:
                cells = [c for c in cells if c != closest[0]]
        base = game.id_buy_warrior + card * 64
        ids += [base + c for c in cells]
    if souls >= TERRAIN_COST and (has_commander or souls - TERRAIN_COST > 0):
        cells = free  # TAC-19
        if not has_commander and len(closest) == 1:
            cells = [c for c in cells if c != closest[0]]
        for kind in range(len(TERRAINS)):
            base = game.id_buy_terrain + kind * 64
            ids += [base + c for c in cells]
    return ids


@handlers.apply(BuyWarrior)
def apply_buy_warrior(s: TacticsState, prompt: TacticsPrompt, action: BuyWarrior) -> None:
    """Pay for a warrior and place it."""
    game = s.game
    seat = prompt.player
    number = game.card_number[action.card]
    commander = game.commander[number]
    price = 0 if commander and not owns_commander(s, seat) else game.cost[number]
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
def explain(s: TacticsState, prompt: TacticsPrompt, action: object) -> str | None:
    """Why a purchase or Stop is not allowed now (None: no specific reason; the legal list is shown)."""
    seat = prompt.player
    has_commander = owns_commander(s, seat)
    if isinstance(action, Stop):
        return None if has_commander else f"seat {seat} must buy a commander before it stops"
    if not isinstance(action, BuyWarrior | BuyTerrain):
        return None
    game = s.game
    souls = s.souls[seat]
    cell = action.cell
    number = game.card_number.get(action.card, -1) if isinstance(action, BuyWarrior) else -1
    if isinstance(action, BuyWarrior):
        if number < 0:
            return f"the roster has no warrior {action.card!r}; its ids are {', '.join(game.card_number)}"
        card = game.roster[number]
        commander = game.commander[number]
        if commander and any(s.card[w] == number for w in s.warriors_of(seat)):
            return f"seat {seat} already has {card.name}: one copy of each commander"
        price = 0 if commander and not has_commander else card.cost
        placement = 2 if card.cost == 1 else 1
        what = f"{card.name} (cost {price})"
    else:
        price, placement, what = TERRAIN_COST, TERRAIN_ROWS, f"{action.terrain.value} (cost {TERRAIN_COST})"
    if price > souls:
        return f"seat {seat} has {souls} Souls left; {what} needs {price}"
    if cell not in rows(seat, placement):
        closest = "the closest row" if placement == 1 else f"the {placement} closest rows"
        return f"{what} goes in {closest} of seat {seat}"
    if s.board[cell] >= 0 or s.terrain[cell] >= 0:
        return f"{name(cell)} is taken: a piece goes on a square with no warrior and no terrain"
    if not has_commander and not (number >= 0 and game.commander[number]):
        return (
            f"seat {seat} has no commander yet: a purchase must leave a Soul and a free square in the "
            "closest row for one "
        )
    return None
