"""The greedy agent's reading of the board: the attack-cost tables agree with the rules they shortcut."""

from __future__ import annotations

import itertools

import pytest

import shardgames as sg
from shardgames.tactics import TacticsState
from shardgames.tactics.board import WITHIN
from shardgames.tactics.combat import defended, might
from shardgames.tactics.danger import FAR, FIRE, Reading, attack_costs, knapsack, move_counts


def positions(count: int) -> list[TacticsState]:
    """Positions of random play, from the first turns to late in the game."""
    game = sg.load_game("tactics")
    rng = sg.Rng(5)
    found: list[TacticsState] = []
    for seed in range(count):
        state = game.new_initial_state(seed=seed)
        steps = 0
        while not state.is_terminal() and len(found) < (seed + 1) * 6:
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
            steps += 1
            if steps % 40 == 0 and state.square.count(-1) < len(state.square):
                found.append(state.clone())
    return found


def walked_cost(state: TacticsState, enemy: int, cell: int, lifted: int) -> int:
    """The attack cost by its definition: the nearest open square within reach of `cell`, then the attack."""
    side = state.side_of(enemy)
    counts = move_counts(side.move, state.square[enemy])
    open_spots = [
        spot
        for spot in WITHIN[side.reach][cell]
        if state.board[spot] in (-1, enemy, lifted) and side.enter[state.terrain[spot] + 1]
    ]
    return min([counts[spot] for spot in open_spots if counts[spot] < FAR], default=FAR) + 1


def test_the_tables_hold_the_nearest_square_to_attack_from() -> None:
    """For every side of the roster, the cost is the fewest moves to a square in reach, plus the attack."""
    game = sg.load_game("tactics")
    for sides in game.sides:
        for side in sides:
            costs, spots = attack_costs(side.move, side.reach)
            assert (costs, spots) == (side.attack_costs, side.attack_spots)
            for origin in range(0, 64, 7):
                counts = move_counts(side.move, origin)
                for target in range(64):
                    best = min(counts[spot] for spot in WITHIN[side.reach][target])
                    assert costs[origin][target] == min(best, FAR) + 1
                    spot = spots[origin][target]
                    assert spot == -1 if best >= FAR else counts[spot] == best


POSITIONS = positions(6)


@pytest.mark.parametrize("state", POSITIONS, ids=[f"position {i}" for i in range(len(POSITIONS))])
def test_the_reading_counts_attack_costs_as_the_walk_does(state: TacticsState) -> None:
    """Wherever a warrior stands and whoever is lifted, the table's shortcut gives the walked cost."""
    reading = Reading(state, 0, sg.Rng(0))
    warriors = [w for w, where in enumerate(state.square) if where >= 0]
    for enemy in warriors:
        for lifted in warriors:
            if lifted == enemy:
                continue
            for cell in range(64):
                if state.board[cell] in (-1, lifted):
                    cost = reading.attack_cost(enemy, cell, lifted)
                    assert cost == walked_cost(state, enemy, cell, lifted)
                    assert state.side_of(enemy).attack_costs[state.square[enemy]][cell] <= cost


def test_a_reading_without_a_generator_reads_but_breaks_no_ties() -> None:
    """The evaluator reads positions without a generator: the same answers, and no random tie-break."""
    state = POSITIONS[-1]
    plain, seeded = Reading(state, 1), Reading(state, 1, sg.Rng(0))
    for warrior in plain.mine:
        cell = state.square[warrior]
        assert plain.risk(warrior, cell, 4) == seeded.risk(warrior, cell, 4)
    with pytest.raises(sg.UsageError, match="no generator"):
        plain.tie()


def reference_risk(reading: Reading, warrior: int, cell: int, actions: int, *, now: bool) -> tuple[int, int]:
    """`Reading.risk` by its definition, one square and one enemy at a time, attack costs walked."""
    s = reading.s
    side = s.side_of(warrior)
    mine = s.owner[warrior] == reading.me
    items = []
    for enemy in reading.theirs if mine else reading.mine:
        if now and s.attacked[enemy]:
            continue
        cost = walked_cost(s, enemy, cell, warrior)
        if cost <= actions:
            items.append((cost, defended(side, reading.strike(enemy, now=now))))
    if not items:
        return FAR, -FAR
    if all(reading.commander(w) for w in (reading.mine if mine else reading.theirs)):  # TAC-11
        return min(cost for cost, _ in items), 0
    defence = reading.moved(warrior, cell, lambda: might(s, warrior))
    if not now:
        defence += s.reduction[warrior] + s.scorched[warrior] - (s.terrain[cell] == FIRE)
    defence = max(defence, 0)
    best = knapsack(items, actions)
    need = next((budget for budget, amount in enumerate(best) if amount >= defence), FAR)
    return need, best[actions] - defence


@pytest.mark.parametrize("state", POSITIONS, ids=[f"position {i}" for i in range(len(POSITIONS))])
def test_risks_over_many_squares_answer_as_the_definition_does(state: TacticsState) -> None:
    """What `risks` reads once for many squares (enemy sides, their Might, its own) holds on each square."""
    for seat in (0, 1):
        reading = Reading(state, seat, sg.Rng(0))
        for warrior, where in enumerate(state.square):
            if where < 0:
                continue
            cells = [c for c in range(64) if state.board[c] in (-1, warrior)]
            for actions in (1, 3, 4):
                for now in (False, True):
                    expected = [reference_risk(reading, warrior, c, actions, now=now) for c in cells]
                    assert reading.risks(warrior, cells, actions, now=now) == expected
                    assert reading.risk(warrior, where, actions, now=now) == expected[cells.index(where)]


def test_knapsack_finds_the_most_might_each_budget_buys() -> None:
    """Against every subset of the attacks: the most Might within each number of actions."""
    rng = sg.Rng(3)
    for _ in range(300):
        items = [(1 + rng.randrange(3), rng.randrange(6)) for _ in range(rng.randrange(6))]
        actions = 1 + rng.randrange(4)
        best = [
            max(
                sum(amount for _, amount in chosen)
                for size in range(len(items) + 1)
                for chosen in itertools.combinations(items, size)
                if sum(cost for cost, _ in chosen) <= budget
            )
            for budget in range(actions + 1)
        ]
        assert knapsack(items, actions) == best
