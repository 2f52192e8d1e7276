"""Seat advantage: does the seat a player sits in change how often it wins?

`seat_advantage` reads a `TournamentResult` and counts each seat's wins, draws and losses, with its
win rate and score and their Wilson 95 % intervals (the columns of
`shardgames.arena.outcomes.OUTCOME_COLUMNS`). It then tests whether the seats win equally often, over the
decisive games (draws left out):

* with two seats, by the exact two-sided binomial test of seat 0's wins against one half;
* with more seats, by Pearson's chi-square test of the wins per seat against equal shares (the
  p-value from the exact chi-square survival function, `shardgames.analysis.stats.chi_square_sf`).

The default tournament schedule rotates every group of agents through every seat, so a difference
between the seats is the seats', not the agents'. With other schedules, read it with care.

Examples:
    >>> import shardgames as sg
    >>> from embers import EmbersGame  # the template game, in examples/
    >>> _ = sg.register_game(EmbersGame)
    >>> from shardgames.analysis import seat_advantage
    >>> result = sg.tournament(
    ...     "embers(max_turns=30)", [sg.RandomAgent()], games=40, seed=2, backend="serial", progress=False
    ... )
    >>> advantage = seat_advantage(result)
    >>> advantage.test, advantage.wins, advantage.draws
    ('binomial', (15, 19), 6)
    >>> print(advantage.verdict())
    seat 0 wins 44.1% of decisive games (95% CI 28.9–60.5%); p = 0.608: no evidence of a seat advantage at the 5% level
"""  # noqa: E501, RUF002 - the verdict is one long line, with an en dash between the interval ends

from __future__ import annotations

from typing import Any

import attrs

from shardgames.analysis._frames import dataframe
from shardgames.analysis.stats import binomial_test, format_level, format_p, uniform_chi_square
from shardgames.arena.documents import Document
from shardgames.arena.outcomes import OUTCOME_COLUMNS, Tally
from shardgames.arena.ratings import wilson
from shardgames.arena.tournaments import TournamentResult
from shardgames.kernel.game import load_game

__all__ = ["SEAT_COLUMNS", "SeatAdvantage", "seat_advantage"]

SEAT_COLUMNS = ("seat", *OUTCOME_COLUMNS, "decisive_share")
"""The columns of `SeatAdvantage.table`."""


@attrs.frozen
class SeatAdvantage(Document):
    """How often each seat won, and whether the seats differ (see the module docstring).

    Attributes:
        game: The game string.
        games: The number of games.
        wins: Each seat's wins.
        draws: The number of drawn games.
        test: ``"binomial"`` (two seats) or ``"chi-square"`` (more).
        statistic: Seat 0's wins (binomial) or the chi-square statistic.
        degrees_of_freedom: The chi-square degrees of freedom (``None`` for the binomial test).
        p_value: The two-sided p-value of equal seats, over the decisive games.
        alpha: The significance level of the verdict.
    """

    game: str
    games: int
    wins: tuple[int, ...]
    draws: int
    test: str
    statistic: float
    degrees_of_freedom: int | None
    p_value: float
    alpha: float = 0.05

    KIND = "seat_advantage"

    @property
    def decisive(self) -> int:
        """The games with a winner."""
        return self.games - self.draws

    @property
    def first_seat_share(self) -> tuple[float, float, float]:
        """Seat 0's share of the decisive games with its Wilson 95 % interval: (share, low, high)."""
        low, high = wilson(self.wins[0], self.decisive)
        return (self.wins[0] / self.decisive if self.decisive else 0.0, low, high)

    @property
    def significant(self) -> bool:
        """Whether the seats differ at the level `alpha`."""
        return self.decisive > 0 and self.p_value < self.alpha

    def rows(self) -> list[dict[str, Any]]:
        """One row per seat (columns `SEAT_COLUMNS`).

        Each row holds the games, wins, draws and losses, the win rate (wins / games) and the score
        (a draw counts half a win) with their Wilson 95 % intervals, and the seat's share of the
        decisive games.
        """
        return [
            {
                "seat": seat,
                **Tally(self.games, wins, self.draws, self.games - wins - self.draws).row(),
                "decisive_share": wins / self.decisive if self.decisive else 0.0,
            }
            for seat, wins in enumerate(self.wins)
        ]

    def table(self) -> Any:
        """`rows` as a pandas DataFrame (columns `SEAT_COLUMNS`).

        Raises:
            MissingExtraError: If pandas is not installed.
        """
        return dataframe(self.rows(), SEAT_COLUMNS, "SeatAdvantage.table")

    def verdict(self) -> str:
        """The result in one sentence, with the interval, the p-value and what it means at `alpha`."""
        level = format_level(self.alpha)
        if self.decisive == 0:
            return f"no decisive games in {self.games}: nothing to compare"
        if self.test == "binomial":
            share, low, high = self.first_seat_share
            text = (
                f"seat 0 wins {share:.1%} of decisive games (95% CI {low * 100:.1f}–{high * 100:.1f}%); "  # noqa: RUF001
                f"{format_p(self.p_value)}: "
            )
            if not self.significant:
                return text + f"no evidence of a seat advantage at the {level} level"
            which = "first" if share > 0.5 else "second"
            return text + f"a {which}-seat advantage at the {level} level"
        shares = ", ".join(f"{wins / self.decisive:.1%}" for wins in self.wins)
        text = (
            f"seats 0 to {len(self.wins) - 1} win {shares} of {self.decisive} decisive games; "
            f"chi-square {self.statistic:.2f} on {self.degrees_of_freedom} degrees of freedom, "
            f"{format_p(self.p_value)}: "
        )
        if not self.significant:
            return text + f"no evidence that the seats differ at the {level} level"
        best = max(range(len(self.wins)), key=lambda seat: self.wins[seat])
        return text + f"the seats differ at the {level} level (seat {best} wins most)"

    def tables(self) -> dict[str, Any]:
        """What `to_dict` writes after the fields: ``decisive``, ``seats`` (`rows`) and ``verdict``."""
        return {"decisive": self.decisive, "seats": self.rows(), "verdict": self.verdict()}

    def __str__(self) -> str:
        return self.verdict()


def seat_advantage(result: TournamentResult, *, alpha: float = 0.05) -> SeatAdvantage:
    """Each seat's results in a tournament, and the test of equal seats (see the module docstring).

    Args:
        result: A finished (or interrupted) tournament.
        alpha: The significance level of the verdict.

    Returns:
        The `SeatAdvantage`.
    """
    seats = len(result.games[0].seats) if result.games else load_game(result.game).num_players
    wins = tuple(sum(1 for g in result.games if g.winner == seat) for seat in range(seats))
    draws = sum(1 for g in result.games if g.winner is None)
    decisive = len(result.games) - draws
    if seats == 2:
        statistic, df = float(wins[0]), None
        p_value = binomial_test(wins[0], decisive)
        test = "binomial"
    else:
        statistic, df_, p_value = uniform_chi_square(wins)
        df = df_
        test = "chi-square"
    return SeatAdvantage(result.game, len(result.games), wins, draws, test, statistic, df, p_value, alpha)
