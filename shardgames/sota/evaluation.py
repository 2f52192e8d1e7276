"""The SOTA position evaluator: a few numbers per seat read from the table, with fitted weights.

`EVALUATOR` is the game's `shardgames.kernel.evaluation.LinearEvaluator`; `SotaGame.evaluate` asks
it. Each seat's row reads only that seat's cards and its part in the duel under way, so seats that
swap their cards swap their rows (and their values); it works for any number of seats (each seat's
chance of winning is the softmax of its score).

The features, each seat's row in the order of `FEATURES`, are described with the measured
accuracy in the section "Evaluation" of the SOTA page of the documentation.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from shardgames.kernel.evaluation import LinearEvaluator
from shardgames.sota.constants import CHARACTER
from shardgames.sota.duel_state import current_totals

if TYPE_CHECKING:
    from shardgames.sota.state import SotaState

__all__ = ["EVALUATOR", "FEATURES", "feature_rows"]

FEATURES = (
    "deck",
    "empty_deck",
    "alive",
    "positions_filled",
    "position_power",
    "traits",
    "allies",
    "ally_value",
    "r_ally_sets",
    "hand",
    "hand_characters",
    "persona_power",
    "active",
    "stats_left",
    "duel_lead",
)
"""The features, each seat's row in this order (the first is the most obvious one)."""

_STATS_LEFT = tuple(5 - bin(used).count("1") for used in range(32))
"""The stats left for each bit mask of used stats."""

ALLY_POSITIONS = 5


def feature_rows(s: SotaState) -> list[list[float]]:
    """Every seat's features (see the module docstring), seat 0's row first."""
    game = s.game
    k = game.duel_positions
    stats, bonus, card_type, ally_value = game.stats, game.signed_bonus, game.card_type, game.ally_value
    slots, traits, allies = s.slots, s.traits, s.allies
    rows: list[list[float]] = []
    for seat, alive in enumerate(s.alive):
        deck = len(s.decks[seat])
        filled = power = attached = 0
        for index in range(seat * k, seat * k + k):
            card = slots[index]
            if card >= 0:
                filled += 1
                power += max(stats[card]) + bonus[card]
                attached += traits[index] >= 0
        stacks = allies[seat * ALLY_POSITIONS : seat * ALLY_POSITIONS + ALLY_POSITIONS]
        hand = s.hands[seat]
        persona = s.persona[seat]
        rows.append(
            [
                deck,
                deck == 0,
                alive,
                filled,
                power,
                attached,
                sum(len(stack) for stack in stacks),
                sum(ally_value[card] for stack in stacks for card in stack),
                min(len(stack) for stack in stacks),
                len(hand),
                sum(1 for card in hand if card_type[card] == CHARACTER),
                max(stats[persona]) if persona >= 0 else 0,
                seat == s.active,
                _STATS_LEFT[s.used_stats] if seat == s.active else 0,
                0,
            ]
        )
    duel = s.duel
    if duel is not None and duel.defender >= 0 and not duel.is_resolved:
        attack, defence = current_totals(s, duel)
        rows[duel.attacker][-1] = attack - defence
        rows[duel.defender][-1] = defence - attack
    return rows


EVALUATOR = LinearEvaluator("sota", FEATURES, feature_rows, Path(__file__).parent / "data" / "evaluator.json")
"""The SOTA evaluator, its weights read from ``data/evaluator.json`` at first use."""
