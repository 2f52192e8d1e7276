"""Balance analysis on top of the arena, for every registered game.

Each analysis reads tournaments (`shardgames.arena.tournament`) or plays them, and returns a frozen
result with `rows` (plain data), `table` (a pandas DataFrame, with the ``analysis`` extra),
`to_dict` (JSON-ready data) and, where it helps, a plot (matplotlib, with the ``plot`` extra). pandas
and matplotlib are imported only when a table or a plot is asked for.

* `seat_advantage`: each seat's win rate, and whether the seats differ (`shardgames.analysis.seats`).
* `matchups` and `army_matchups`: options (decks, armies) against each other
  (`shardgames.analysis.matchups`).
* `game_lengths`: how long games last, and how often the turn cap ends them
  (`shardgames.analysis.lengths`).
* `content_stats`: which cards get used, and how their users fare (`shardgames.analysis.content`).
* `games_needed`, `detectable_difference` and `sensitivity`: sample sizes
  (`shardgames.analysis.power`).
* `compare` and `compare_matchups`: a base game against a variant on the same seeds
  (`shardgames.analysis.experiments`).

The tests and intervals behind them are in `shardgames.analysis.stats`. The command
``shardgames analyze`` runs them from a terminal (see `shardgames.cli.analyze`).
"""

from shardgames.analysis.content import ContentStats, SeatGame, content_stats
from shardgames.analysis.experiments import Comparison, PairedScores, compare, compare_matchups
from shardgames.analysis.lengths import Lengths, game_lengths
from shardgames.analysis.matchups import MatchupGame, Matchups, army_matchups, matchups, variant_of
from shardgames.analysis.power import Sensitivity, detectable_difference, games_needed, sensitivity
from shardgames.analysis.seats import SeatAdvantage, seat_advantage
from shardgames.analysis.stats import (
    PairedDifference,
    binomial_test,
    chi_square_sf,
    difference_interval,
    paired_difference,
    uniform_chi_square,
)

__all__ = [
    "Comparison",
    "ContentStats",
    "Lengths",
    "MatchupGame",
    "Matchups",
    "PairedDifference",
    "PairedScores",
    "SeatAdvantage",
    "SeatGame",
    "Sensitivity",
    "army_matchups",
    "binomial_test",
    "chi_square_sf",
    "compare",
    "compare_matchups",
    "content_stats",
    "detectable_difference",
    "difference_interval",
    "game_lengths",
    "games_needed",
    "matchups",
    "paired_difference",
    "seat_advantage",
    "sensitivity",
    "uniform_chi_square",
    "variant_of",
]
