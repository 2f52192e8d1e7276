r"""Sample sizes: how many games an experiment needs, and what a number of games can detect.

Every formula is the usual normal approximation, with ``z_a`` the two-sided quantile of the level
``alpha`` (1.96 for 5 %), ``z_b`` the quantile of the power (0.84 for 80 %), ``p0 = base_rate``,
``p1 = base_rate + difference``, ``q = 1 - p`` and ``d = |difference|``. Three designs:

* ``samples=1``: **one win rate against a fixed rate**: is seat 0's rate other than one half, is a
  deck's rate against the field other than one half? The games needed are
  ``n = ((z_a·√(p0·q0) + z_b·√(p1·q1)) / d)²``.
* ``samples=2`` (the default): **two win rates, each from its own games**: the same deck before and
  after a change, played on unrelated seeds. The games needed *in each* are (Fleiss, without
  continuity correction) ``n = ((z_a·√(2·p̄·q̄) + z_b·√(p0·q0 + p1·q1)) / d)²`` with
  ``p̄ = (p0 + p1) / 2``.
* ``samples=2, paired=True``: **two win rates from the same seeds**, as `shardgames.analysis.compare`
  plays them, tested by the mean of the per-game score differences. With ``r`` the correlation of the
  two versions' per-game scores (`shardgames.analysis.Comparison` reports it), the differences have
  variance ``s² = p0·q0 + p1·q1 - 2·r·√(p0·q0·p1·q1)`` and the games needed in each are
  ``n = ((z_a + z_b)·s / d)²``: the more the two versions agree game by game, the fewer games.

Examples:
    >>> games_needed(0.1, samples=1)  # 0.6 against 0.5, 5 % level, 80 % power
    194
    >>> games_needed(0.1)  # 0.5 against 0.6, each from its own games
    388
    >>> games_needed(0.1, paired=True, correlation=0.5)
    193
    >>> round(detectable_difference(194, samples=1), 3)
    0.1
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from statistics import NormalDist
from typing import Any

import attrs

from shardgames.analysis._frames import dataframe
from shardgames.arena.documents import Document
from shardgames.arena.ratings import wilson
from shardgames.arena.tournaments import TournamentResult
from shardgames.kernel.errors import UsageError

__all__ = [
    "DEFAULT_SIZES",
    "SENSITIVITY_COLUMNS",
    "Sensitivity",
    "detectable_difference",
    "games_needed",
    "sensitivity",
]

DEFAULT_SIZES = (50, 100, 200, 500, 1000, 2000, 5000, 10000)
"""The numbers of games `sensitivity` looks at by default."""

SENSITIVITY_COLUMNS = ("subject", "rate", "games", "half_width", "detectable_difference", "detectable_change")
"""The columns of `Sensitivity.table`."""


@attrs.frozen
class _Design:
    """An experiment's design: its level, power, number of samples, pairing and correlation."""

    alpha: float
    power: float
    samples: int
    paired: bool
    correlation: float

    def check(self, base_rate: float) -> None:
        problems = []
        if not 0.0 < base_rate < 1.0:
            problems.append(f"base_rate must be strictly between 0 and 1, not {base_rate}")
        if not 0.0 < self.alpha < 1.0:
            problems.append(f"alpha must be strictly between 0 and 1, not {self.alpha}")
        if not 0.0 < self.power < 1.0:
            problems.append(f"power must be strictly between 0 and 1, not {self.power}")
        if self.samples not in (1, 2):
            problems.append(f"samples must be 1 or 2, not {self.samples}")
        if self.paired and self.samples != 2:
            problems.append("paired compares two versions: it needs samples=2")
        if not -1.0 <= self.correlation <= 1.0:
            problems.append(f"correlation must be between -1 and 1, not {self.correlation}")
        if problems:
            raise UsageError("; ".join(problems))

    def games(self, difference: float, base_rate: float) -> float:
        """The games needed as a real number (not rounded up)."""
        normal = NormalDist()
        z_a, z_b = normal.inv_cdf(1.0 - self.alpha / 2.0), normal.inv_cdf(self.power)
        p0, p1 = base_rate, base_rate + difference
        v0, v1 = p0 * (1.0 - p0), p1 * (1.0 - p1)
        if self.samples == 1:
            root = z_a * math.sqrt(v0) + z_b * math.sqrt(v1)
        elif self.paired:
            variance = max(0.0, v0 + v1 - 2.0 * self.correlation * math.sqrt(v0 * v1))
            root = (z_a + z_b) * math.sqrt(variance)
        else:
            mean = (p0 + p1) / 2.0
            root = z_a * math.sqrt(2.0 * mean * (1.0 - mean)) + z_b * math.sqrt(v0 + v1)
        return (root / difference) ** 2


def games_needed(
    difference: float = 0.02,
    base_rate: float = 0.5,
    alpha: float = 0.05,
    power: float = 0.8,
    paired: bool = False,
    *,
    samples: int = 2,
    correlation: float = 0.0,
) -> int:
    """The games needed to detect a change of `difference` from `base_rate` (see the module docstring).

    Args:
        difference: The change in win rate to detect (either sign): ``base_rate + difference`` must
            lie strictly between 0 and 1.
        base_rate: The win rate without the change.
        alpha: The two-sided significance level.
        power: The chance of detecting a change of this size.
        paired: Two versions played on the same seeds (only with ``samples=2``).
        samples: 1 for one rate against `base_rate`; 2 for two rates.
        correlation: With `paired`: the correlation of the two versions' per-game scores.

    Returns:
        The games, rounded up: in all with ``samples=1``, in each version with ``samples=2`` (a paired
        comparison plays them on the same seeds).

    Raises:
        UsageError: If a value is out of range.
    """
    design = _Design(alpha, power, samples, paired, correlation)
    design.check(base_rate)
    if difference == 0.0 or not 0.0 < base_rate + difference < 1.0:
        raise UsageError(
            f"difference must be non-zero with base_rate + difference strictly between 0 and 1, "
            f"not {difference} (base_rate {base_rate})"
        )
    exact = design.games(difference, base_rate)
    return max(1, math.ceil(exact - 1e-9))  # no extra game from rounding noise


def detectable_difference(
    games: int,
    base_rate: float = 0.5,
    alpha: float = 0.05,
    power: float = 0.8,
    paired: bool = False,
    *,
    samples: int = 2,
    correlation: float = 0.0,
) -> float:
    """The smallest change from `base_rate` that `games` games detect (the inverse of `games_needed`).

    The change is taken towards one half (upwards from one half itself), where the variance is the
    larger: a change of the same size away from one half is detected at least as easily.

    Args:
        games: The games (in each version with ``samples=2``).
        base_rate: The win rate without the change.
        alpha: The two-sided significance level.
        power: The chance of detecting it.
        paired: Two versions played on the same seeds (only with ``samples=2``).
        samples: 1 for one rate against `base_rate`; 2 for two rates.
        correlation: With `paired`: the correlation of the two versions' per-game scores.

    Returns:
        The size of the change (positive), or ``nan`` if no change within (0, 1) is detectable.

    Raises:
        UsageError: If a value is out of range.
    """
    design = _Design(alpha, power, samples, paired, correlation)
    design.check(base_rate)
    if games < 1:
        raise UsageError(f"games must be at least 1, not {games}")
    base = min(base_rate, 1.0 - base_rate)  # by symmetry, a change towards one half from below
    low, high = 0.0, 1.0 - base
    largest = high * (1.0 - 1e-12)
    if design.games(largest, base) > games:
        return math.nan
    for _ in range(200):
        middle = (low + high) / 2.0
        if design.games(middle, base) > games:
            low = middle
        else:
            high = middle
        if high - low < 1e-12:
            break
    return high


@attrs.frozen
class Sensitivity(Document):
    """What more games would buy, at the observed rates (see `sensitivity`).

    Attributes:
        rates: The observed rate of each subject (an agent, a seat).
        sizes: The numbers of games looked at.
        alpha: The two-sided significance level.
        power: The power.
    """

    rates: tuple[tuple[str, float], ...]
    sizes: tuple[int, ...]
    alpha: float = 0.05
    power: float = 0.8

    KIND = "sensitivity"

    def rows(self) -> list[dict[str, Any]]:
        """One row per subject and number of games (columns `SENSITIVITY_COLUMNS`).

        ``half_width`` is half the width of the Wilson interval of the rate over that many games;
        ``detectable_difference`` the change from the rate that many games detect against the fixed
        rate (``samples=1``); ``detectable_change`` the change between two versions each played that
        many games (``samples=2``). Both are ``nan`` at a rate of 0 or 1.
        """
        z = NormalDist().inv_cdf(1.0 - self.alpha / 2.0)
        rows = []
        for subject, rate in self.rates:
            for games in self.sizes:
                low, high = wilson(rate * games, games, z)
                inside = 0.0 < rate < 1.0
                one = (
                    detectable_difference(games, rate, self.alpha, self.power, samples=1)
                    if inside
                    else math.nan
                )
                two = (
                    detectable_difference(games, rate, self.alpha, self.power, samples=2)
                    if inside
                    else math.nan
                )
                rows.append(
                    {
                        "subject": subject,
                        "rate": rate,
                        "games": games,
                        "half_width": (high - low) / 2.0,
                        "detectable_difference": one,
                        "detectable_change": two,
                    }
                )
        return rows

    def table(self) -> Any:
        """`rows` as a pandas DataFrame.

        Raises:
            MissingExtraError: If pandas is not installed.
        """
        return dataframe(self.rows(), SENSITIVITY_COLUMNS, "Sensitivity.table")

    def tables(self) -> dict[str, Any]:
        """The table written after the fields in `to_dict`: ``rows`` (``nan`` written as ``null``)."""
        return {"rows": self.rows()}


def _observed_rates(result: TournamentResult) -> list[tuple[str, float]]:
    rates: list[tuple[str, float]] = []
    if len(result.agents) > 1:
        rates.extend((row["agent"], row["win_rate"]) for row in result.agent_table())
    rates.extend((f"seat {row['seat']}", row["win_rate"]) for row in result.seat_table())
    return rates


def sensitivity(
    result: TournamentResult | Mapping[str, float] | float,
    sizes: Sequence[int] = DEFAULT_SIZES,
    *,
    alpha: float = 0.05,
    power: float = 0.8,
) -> Sensitivity:
    """How precise the observed win rates would be, and what changes would show, with more games.

    Args:
        result: A tournament (its agents' win rates when it has several agents, and its seats' win
            rates), or rates by name, or one rate.
        sizes: The numbers of games to look at.
        alpha: The two-sided significance level.
        power: The power for the detectable differences.

    Returns:
        The `Sensitivity`; its `Sensitivity.table` has one row per rate and size.

    Raises:
        UsageError: If a rate is outside [0, 1] or a size below 1.

    Examples:
        >>> rows = sensitivity(0.5, sizes=(100, 400)).rows()
        >>> [(row["games"], round(row["half_width"], 3)) for row in rows]
        [(100, 0.096), (400, 0.049)]
    """
    _Design(alpha, power, 1, False, 0.0).check(0.5)
    if isinstance(result, TournamentResult):
        rates = _observed_rates(result)
    elif isinstance(result, Mapping):
        rates = [(str(name), float(rate)) for name, rate in result.items()]
    else:
        rates = [("rate", float(result))]
    bad = [f"{name} {rate}" for name, rate in rates if not 0.0 <= rate <= 1.0]
    if bad:
        raise UsageError(f"rates must be between 0 and 1: {', '.join(bad)}")
    if not sizes or any(size < 1 for size in sizes):
        raise UsageError(f"sizes must be numbers of games of at least 1, not {tuple(sizes)}")
    return Sensitivity(tuple(rates), tuple(int(size) for size in sizes), alpha, power)
