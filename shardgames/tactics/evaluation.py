"""The Tactics position evaluator: a few numbers per seat read from the board, with fitted weights.

`EVALUATOR` is the game's `shardgames.kernel.evaluation.LinearEvaluator`; `TacticsGame.evaluate`
asks it. Every feature is computed from one seat's side of the board, so swapping the two armies
(and who is to act) swaps the rows: a position and its mirror image score exactly opposite.

The features, each seat's row in the order of `FEATURES`, are described with the measured
accuracy in the section "Evaluation" of the Tactics page of the documentation.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from shardgames.kernel.evaluation import LinearEvaluator
from shardgames.tactics.board import ADJACENT, DISTANCES
from shardgames.tactics.danger import Reading
from shardgames.tactics.phases import Phase
from shardgames.tactics.play import buy_action_problem

if TYPE_CHECKING:
    from shardgames.tactics.state import TacticsState

__all__ = ["EVALUATOR", "FEATURES", "feature_rows"]

FEATURES = (
    "might",
    "commanders",
    "commander_injuries",
    "warriors",
    "injured_warriors",
    "army_value",
    "ranged",
    "souls",
    "guards",
    "pressure",
    "distance",
    "only_commanders",
    "to_act",
    "actions_left",
    "commanders_open_now",
    "injured_commanders_open_now",
    "warrior_open_now",
    "commanders_open_next",
    "injured_commanders_open_next",
    "warrior_open_next",
)
"""The features, each seat's row in this order (the first is the most obvious one)."""

OPEN_NOW = FEATURES.index("commanders_open_now")
"""The first of the three threat features against the seat waiting for its turn."""

OPEN_NEXT = FEATURES.index("commanders_open_next")
"""The first of the three threat features against the seat to act, on the enemy's next turn."""

NEAR = 2
"""The effect distance within which a warrior presses an enemy commander."""


def feature_rows(s: TacticsState) -> list[list[float]]:
    """Both seats' features (see the module docstring), seat 0's row first."""
    game = s.game
    is_commander, cost, sides = game.commander, game.cost, game.sides
    card, owner, injured = s.card, s.owner, s.injured
    rows: list[list[float]] = [[0.0] * len(FEATURES), [0.0] * len(FEATURES)]
    others: tuple[list[tuple[int, int]], list[tuple[int, int]]] = ([], [])  # (square, Might) by seat
    commanders: tuple[list[int], list[int]] = ([], [])  # squares by seat
    for warrior, where in enumerate(s.square):
        if where < 0:
            continue
        seat, number, hurt = owner[warrior], card[warrior], injured[warrior]
        side = sides[number][hurt]
        row = rows[seat]
        row[0] += side.might
        if is_commander[number]:
            row[1] += 1
            row[2] += hurt
            commanders[seat].append(where)
        else:
            row[3] += 1
            row[4] += hurt
            row[5] += cost[number]
            others[seat].append((where, side.might))
        if side.reach > 1:
            row[6] += 1
    for seat, row in enumerate(rows):
        own, foes = commanders[seat], commanders[1 - seat]
        for boss in own:  # commanders press too
            if foes:
                closest = min([DISTANCES[boss][c] for c in foes])
                if closest <= NEAR:
                    row[9] += sides[card[s.board[boss]]][injured[s.board[boss]]].might
        guarded = {cell for boss in own for cell in ADJACENT[boss]}
        total = 0
        for where, strength in others[seat]:
            if where in guarded:
                row[8] += 1
            if foes:
                near = DISTANCES[where]
                closest = near[foes[0]] if len(foes) == 1 else min([near[c] for c in foes])
                total += closest
                if closest <= NEAR:
                    row[9] += strength
        if others[seat]:
            row[10] = total / len(others[seat])
    to_act = s.current_player
    playing = getattr(s.prompt, "phase", None) is Phase.ACTION
    for seat, row in enumerate(rows):
        row[7] = s.souls[seat]
        row[11] = float(row[3] == 0 and row[1] > 0)
        row[12] = float(seat == to_act)
        row[13] = float(s.action_limit - s.actions_used) if playing and seat == s.active else 0.0
    if playing:
        _threats(s, rows)
    return rows


def _threats(s: TacticsState, rows: list[list[float]]) -> None:
    """Fill in the threat features: what each side could injure, now or on the enemy's next turn.

    Now: what the seat to act can injure with the actions left in its turn; next: what the enemy
    could injure of the seat to act on its next turn, with a full turn, as the board stands. Each is
    counted in the row of the seat whose warriors are open: its commanders, the injured ones among
    them (an injury defeats them), and the worth of its most valuable other warrior.
    """
    mover = s.active
    reading = Reading(s, mover)
    left = s.action_limit - s.actions_used + (buy_action_problem(s) is None)
    _open(reading, reading.theirs, left, rows[1 - mover], OPEN_NOW, now=True)
    _open(reading, reading.mine, reading.enemy_actions(), rows[mover], OPEN_NEXT, now=False)


def _open(
    reading: Reading, warriors: list[int], actions: int, row: list[float], first: int, *, now: bool
) -> None:
    """Count the `warriors` the enemy can injure with `actions` in `row`, from column `first` on."""
    s = reading.s
    value = 0.0
    for warrior in warriors:
        if reading.risk(warrior, s.square[warrior], actions, now=now)[0] > actions:
            continue
        if reading.commander(warrior):
            row[first] += 1
            row[first + 1] += s.injured[warrior]
        else:
            value = max(value, reading.worth(warrior))
    row[first + 2] = value


EVALUATOR = LinearEvaluator(
    "tactics", FEATURES, feature_rows, Path(__file__).parent / "data" / "evaluator.json"
)
"""The Tactics evaluator, its weights read from ``data/evaluator.json`` at first use."""
