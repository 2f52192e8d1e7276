"""The names of a subject's results: the same numbers under the same names in every results table.

A subject (an agent, a seat, a pair of agents, a deck, the seats that used a card) played ``games``
games, and won ``wins``, drew ``draws`` and lost ``losses`` of them. From these counts:

* ``win_rate`` = wins / games: how often it won, draws counting as not won;
* ``score`` = (wins + draws / 2) / games: a draw counts half a win;
* ``win_rate_low`` and ``win_rate_high``, ``score_low`` and ``score_high``: the Wilson 95 % interval
  of each (`shardgames.arena.ratings.wilson`; for the score, of wins + draws / 2 "successes").

Every table of `shardgames.arena` and `shardgames.analysis` that counts wins, draws and losses has
these ten columns (`OUTCOME_COLUMNS`), built by `Tally.row`, so that a name means one number
everywhere. The bounds of any interval are named after their number: ``<number>_low`` and
``<number>_high``, never a bare ``low`` or ``high``. With no games, both rates are 0 and their
intervals the whole of [0, 1]. The analyses that average each seat's score game by game instead (a
win 1, a loss 0, a draw's point shared among the seats, as `GameResult.score` gives it) call that
average ``mean_score``: with two seats it is the score.

Examples:
    >>> tally = Tally.of(["win", "win", "draw", "loss"])
    >>> tally
    Tally(games=4, wins=2, draws=1, losses=1)
    >>> tally.win_rate, tally.score
    (0.5, 0.625)
    >>> [round(tally.row()[name], 3) for name in ("score_low", "score_high")]
    [0.219, 0.908]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any, Literal

import attrs

from shardgames.arena.ratings import wilson

__all__ = ["OUTCOME_COLUMNS", "Outcome", "Tally"]

Outcome = Literal["win", "draw", "loss"]
"""A game's result for one agent or seat."""

OUTCOME_COLUMNS = (
    "games",
    "wins",
    "draws",
    "losses",
    "win_rate",
    "win_rate_low",
    "win_rate_high",
    "score",
    "score_low",
    "score_high",
)
"""The columns `Tally.row` gives, in order: the counts, then each rate with its interval."""


@attrs.frozen
class Tally:
    """A subject's games, wins, draws and losses (see the module docstring).

    Attributes:
        games: The games played. Usually the sum of the other three; a pair of agents in a game of
            more seats can also both lose to a third seat, which is none of the three for the pair.
        wins: The games won.
        draws: The games drawn.
        losses: The games lost.
    """

    games: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0

    @classmethod
    def of(cls, outcomes: Iterable[Outcome]) -> Tally:
        """The tally of a subject's outcomes, one per game."""
        counts = Counter(outcomes)
        return cls(counts.total(), counts["win"], counts["draw"], counts["loss"])

    def __add__(self, other: Tally) -> Tally:
        return Tally(
            self.games + other.games,
            self.wins + other.wins,
            self.draws + other.draws,
            self.losses + other.losses,
        )

    @property
    def points(self) -> float:
        """Wins plus half the draws: the score's numerator."""
        return self.wins + self.draws / 2

    @property
    def win_rate(self) -> float:
        """The share of games won: wins / games (0 without games)."""
        return self.wins / self.games if self.games else 0.0

    @property
    def score(self) -> float:
        """The share of points: (wins + draws / 2) / games (0 without games)."""
        return self.points / self.games if self.games else 0.0

    def row(self) -> dict[str, Any]:
        """The `OUTCOME_COLUMNS` as a table row: the counts, each rate and its Wilson 95 % interval."""
        win_rate_low, win_rate_high = wilson(self.wins, self.games)
        score_low, score_high = wilson(self.points, self.games)
        return {
            "games": self.games,
            "wins": self.wins,
            "draws": self.draws,
            "losses": self.losses,
            "win_rate": self.win_rate,
            "win_rate_low": win_rate_low,
            "win_rate_high": win_rate_high,
            "score": self.score,
            "score_low": score_low,
            "score_high": score_high,
        }
