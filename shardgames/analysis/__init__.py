"""Balance analysis on top of the arena, for every registered game.

The tests and intervals behind the analyses are in `shardgames.analysis.stats`.
"""

from shardgames.analysis.stats import (
    PairedDifference,
    binomial_test,
    chi_square_sf,
    difference_interval,
    paired_difference,
    uniform_chi_square,
)

__all__ = [
    "PairedDifference",
    "binomial_test",
    "chi_square_sf",
    "difference_interval",
    "paired_difference",
    "uniform_chi_square",
]
