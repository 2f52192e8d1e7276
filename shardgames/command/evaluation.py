"""The Shard Command position evaluator: a few numbers per seat read from the table, with fitted weights.

`EVALUATOR` is the game's `shardgames.kernel.evaluation.LinearEvaluator`; `CommandGame.evaluate`
asks it. Each seat's row reads only that seat's side of the table.

The features, each seat's row in the order of `FEATURES`, are described with the measured
accuracy in the section "Evaluation" of the Shard Command page of the documentation.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from shardgames.kernel.evaluation import LinearEvaluator

if TYPE_CHECKING:
    from shardgames.command.state import CommandState

__all__ = ["EVALUATOR", "FEATURES", "feature_rows"]

FEATURES = (
    "integrity",
    "entities",
    "force",
    "toughness",
    "ready_entities",
    "items",
    "stones",
    "hand",
    "deck",
    "sovereign_ready",
    "active",
    "to_act",
)
"""The features, each seat's row in this order (the first is the most obvious one)."""


def feature_rows(s: CommandState) -> list[list[float]]:
    """Both seats' features (see the module docstring), seat 0's row first."""
    game = s.game
    infos, is_entity = game.infos, game.is_entity_kind
    to_act = s.current_player
    rows: list[list[float]] = [
        [
            s.integrity[seat],
            0,
            0,
            0,
            0,
            0,
            sum(s.unused[seat]) + sum(s.used[seat]),
            len(s.hands[seat]),
            len(s.decks[seat]),
            not s.sovereign_exhausted[seat],
            seat == s.active,
            seat == to_act,
        ]
        for seat in (0, 1)
    ]
    for p in s.arena:
        row = rows[p.owner]
        if is_entity[p.kind]:
            info = infos[p.kind]
            row[1] += 1
            row[2] += max(0, info.force + p.upgrades - 2 * p.submerged)
            row[3] += max(0, info.durability + p.upgrades - p.damage)
            row[4] += not p.exhausted
        else:
            row[5] += 1
    return rows


EVALUATOR = LinearEvaluator(
    "command", FEATURES, feature_rows, Path(__file__).parent / "data" / "evaluator.json"
)
"""The Shard Command evaluator, its weights read from ``data/evaluator.json`` at first use."""
