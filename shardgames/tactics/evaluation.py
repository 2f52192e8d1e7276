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
from shardgames.tactics.board import distance
from shardgames.tactics.phases import Phase

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
)
"""The features, each seat's row in this order (the first is the most obvious one)."""

_DISTANCE = tuple(tuple(distance(a, b) for b in range(64)) for a in range(64))
"""The effect distance (TAC-R13) between every two squares."""

NEAR = 2
"""The effect distance within which a warrior presses an enemy commander."""


def feature_rows(s: TacticsState) -> list[list[float]]:
    """Both seats' features (see the module docstring), seat 0's row first."""
    game = s.game
    is_commander = game.commander
    cost = game.cost
    sides = game.sides
    card, owner, injured = s.card, s.owner, s.injured
    # one pass over the warriors on the board: (seat, square, Might, is commander)
    on_board = []
    rows = [[0.0] * len(FEATURES) for _ in (0, 1)]
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
        else:
            row[3] += 1
            row[4] += hurt
            row[5] += cost[number]
        row[6] += side.reach > 1
        on_board.append((seat, where, side.might, is_commander[number]))
    commanders = [[where for seat, where, _, boss in on_board if boss and seat == own] for own in (0, 1)]
    for seat, where, strength, boss in on_board:
        near = _DISTANCE[where]
        row = rows[seat]
        foes = commanders[1 - seat]
        if any(near[c] == 1 for c in commanders[seat]) and not boss:
            row[8] += 1
        if foes:
            closest = min(near[c] for c in foes)
            if closest <= NEAR:
                row[9] += strength
            if not boss:
                row[10] += closest
    to_act = s.current_player
    playing = getattr(s.prompt, "phase", None) is Phase.ACTION
    for seat, row in enumerate(rows):
        if row[3]:
            row[10] /= row[3]
        row[7] = s.souls[seat]
        row[11] = float(row[3] == 0 and row[1] > 0)
        row[12] = float(seat == to_act)
        row[13] = float(s.action_limit - s.actions_used) if playing and seat == s.active else 0.0
    return rows


EVALUATOR = LinearEvaluator(
    "tactics", FEATURES, feature_rows, Path(__file__).parent / "data" / "evaluator.json"
)
"""The Tactics evaluator, its weights read from ``data/evaluator.json`` at first use."""
