"""The tests and intervals behind the balance analyses, written out so that they need no SciPy.

* `binomial_test`: the exact two-sided binomial test (the method of R's ``binom.test`` and SciPy's
  ``binomtest``: add up every outcome no more likely than the one observed).
* `chi_square_sf`: the chi-square survival function for whole degrees of freedom, in closed form, and
  `uniform_chi_square`, the goodness-of-fit test of counts against equal shares.
* `difference_interval`: Newcombe's hybrid score interval for a difference of two proportions, built
  from the Wilson intervals of `shardgames.arena.ratings.wilson`.
* `paired_difference`: the mean of paired differences with its normal interval and p-value.
* `score`: a seat's score in one game (1 a win, 0 a loss; a draw shares the point between the seats).

Examples:
    >>> round(binomial_test(7, 10), 5)  # 2 * (1 + 10 + 45 + 120) / 1024
    0.34375
    >>> round(chi_square_sf(5.991464547107979, 2), 6)  # the 5 % point of chi-square on 2 df
    0.05
    >>> statistic, df, p = uniform_chi_square([40, 30, 30])
    >>> statistic, df, round(p, 4)
    (2.0, 2, 0.3679)
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

import attrs

from shardgames.arena.ratings import Z95, wilson
from shardgames.kernel.errors import UsageError

__all__ = [
    "Z95",
    "PairedDifference",
    "binomial_test",
    "chi_square_sf",
    "difference_interval",
    "format_level",
    "format_p",
    "normal_sf",
    "paired_difference",
    "score",
    "uniform_chi_square",
]

_TIE = 1 + 1e-7  # outcomes this close to the observed one in likelihood count as equally likely


def score(winner: int | None, seat: int, seats: int) -> float:
    """A seat's score in one game: 1 for a win, 0 for a loss, ``1/seats`` for a draw (1/2 with two seats).

    Examples:
        >>> score(0, 0, 2), score(1, 0, 2), score(None, 0, 2), score(None, 2, 4)
        (1.0, 0.0, 0.5, 0.25)
    """
    if winner is None:
        return 1.0 / seats
    return 1.0 if winner == seat else 0.0


def normal_sf(z: float) -> float:
    """The upper tail of the standard normal distribution, ``P(Z > z)``."""
    return 0.5 * math.erfc(z / math.sqrt(2.0))


def _log_binomial_pmf(k: int, n: int, p: float) -> float:
    return (
        math.lgamma(n + 1)
        - math.lgamma(k + 1)
        - math.lgamma(n - k + 1)
        + k * math.log(p)
        + (n - k) * math.log1p(-p)
    )


def binomial_test(successes: int, trials: int, p: float = 0.5) -> float:
    """The p-value of the exact two-sided binomial test of `successes` in `trials` against rate `p`.

    The p-value adds up the probabilities of every outcome that is no more likely than the one
    observed (the "minimum likelihood" method of R's ``binom.test`` and SciPy's ``binomtest``). The
    probabilities come from log-gamma functions, so it is fast and accurate for any number of trials.

    Args:
        successes: The observed count, ``0 <= successes <= trials``.
        trials: The number of trials (1 when there are none).
        p: The rate under the null hypothesis, strictly between 0 and 1.

    Returns:
        The p-value, in ``[0, 1]``.

    Raises:
        UsageError: If the counts or `p` are out of range.

    Examples:
        >>> round(binomial_test(60, 100), 6)
        0.056888
        >>> binomial_test(5, 10), binomial_test(0, 0)
        (1.0, 1.0)
        >>> round(binomial_test(3, 10, p=0.1), 4)
        0.0702
    """
    if trials < 0 or not 0 <= successes <= trials:
        raise UsageError(f"binomial_test: need 0 <= successes <= trials, not {successes} of {trials}")
    if not 0.0 < p < 1.0:
        raise UsageError(f"binomial_test: p must be strictly between 0 and 1, not {p}")
    if trials == 0:
        return 1.0
    logs = [_log_binomial_pmf(k, trials, p) for k in range(trials + 1)]
    threshold = logs[successes] + math.log(_TIE)
    top = max(logs)
    weights = [math.exp(value - top) for value in logs]
    included = math.fsum(w for w, value in zip(weights, logs, strict=True) if value <= threshold)
    return min(1.0, included / math.fsum(weights))  # normalised: rounding cannot leave 1 - 1e-15


def chi_square_sf(x: float, df: int) -> float:
    """The chi-square survival function ``P(X > x)`` on `df` degrees of freedom, in closed form.

    For whole degrees of freedom the upper tail is a finite sum: starting from ``Q(x; 2) = e^(-x/2)``
    or ``Q(x; 1) = erfc(sqrt(x/2))``, each step ``Q(x; k + 2) = Q(x; k) + (x/2)^(k/2) e^(-x/2) / Γ(k/2 + 1)``
    adds one term, computed in logarithms so that no term overflows.

    Args:
        x: The statistic (``x <= 0`` gives 1).
        df: The degrees of freedom, a whole number >= 1.

    Raises:
        UsageError: If `df` is not a whole number >= 1.

    Examples:
        >>> round(chi_square_sf(3.841458820694124, 1), 6)
        0.05
        >>> round(chi_square_sf(4.0, 4), 6)  # e^-2 (1 + 2)
        0.406006
    """
    if isinstance(df, bool) or not isinstance(df, int) or df < 1:
        raise UsageError(f"chi_square_sf: degrees of freedom must be a whole number >= 1, not {df!r}")
    if x <= 0.0:
        return 1.0
    half = x / 2.0
    if df % 2 == 0:
        total, k = 0.0, 0
    else:
        total, k = math.erfc(math.sqrt(half)), 1
    while k < df:
        total += math.exp(k / 2.0 * math.log(half) - half - math.lgamma(k / 2.0 + 1.0))
        k += 2
    return min(1.0, total)


def uniform_chi_square(counts: Sequence[int]) -> tuple[float, int, float]:
    """Pearson's goodness-of-fit test of `counts` against equal shares.

    Returns:
        The statistic, its degrees of freedom (``len(counts) - 1``) and the p-value; with no counts
        at all, ``(0.0, df, 1.0)``.

    Raises:
        UsageError: With fewer than two categories.
    """
    if len(counts) < 2:
        raise UsageError("uniform_chi_square: needs at least two categories")
    df = len(counts) - 1
    total = sum(counts)
    if total <= 0:
        return (0.0, df, 1.0)
    expected = total / len(counts)
    statistic = sum((count - expected) ** 2 for count in counts) / expected
    return (statistic, df, chi_square_sf(statistic, df))


def difference_interval(
    successes_a: float, trials_a: float, successes_b: float, trials_b: float, z: float = Z95
) -> tuple[float, float]:
    """Newcombe's hybrid score interval for the difference of two rates, ``a - b`` (95 % by default).

    It combines the two Wilson intervals (method 10 of Newcombe, 1998): it stays inside [-1, 1] and
    keeps close to its nominal coverage with few games or rates near 0 or 1, unlike the plain Wald
    interval. With no trials on a side, the interval is ``(-1, 1)``.

    Examples:
        >>> low, high = difference_interval(56, 70, 48, 80)  # Newcombe's example: 0.0524 to 0.3339
        >>> round(low, 4), round(high, 4)
        (0.0524, 0.3339)
    """
    if trials_a <= 0 or trials_b <= 0:
        return (-1.0, 1.0)
    rate_a, rate_b = successes_a / trials_a, successes_b / trials_b
    low_a, high_a = wilson(successes_a, trials_a, z)
    low_b, high_b = wilson(successes_b, trials_b, z)
    difference = rate_a - rate_b
    low = difference - math.sqrt((rate_a - low_a) ** 2 + (high_b - rate_b) ** 2)
    high = difference + math.sqrt((high_a - rate_a) ** 2 + (rate_b - low_b) ** 2)
    return (max(-1.0, low), min(1.0, high))


@attrs.frozen
class PairedDifference:
    """The mean of paired differences, with its normal-approximation interval and test.

    Attributes:
        count: The number of pairs.
        mean: The mean difference.
        sd: The standard deviation of the differences (``nan`` with fewer than two pairs).
        mean_low: The lower end of the mean's interval.
        mean_high: The upper end of the mean's interval.
        p_value: The two-sided p-value against a mean of zero.
    """

    count: int
    mean: float
    sd: float
    mean_low: float
    mean_high: float
    p_value: float


def paired_difference(differences: Iterable[float], z: float = Z95, bound: float = 1.0) -> PairedDifference:
    """The mean of `differences` with the interval ``mean ± z·sd/√n`` and the two-sided normal p-value.

    With fewer than two pairs nothing is known: the interval is ``(-bound, bound)`` (differences of
    scores lie in [-1, 1]) and the p-value 1. When every difference is the same, the interval is that
    value and the p-value is 0 (or 1 when the value is 0).

    Examples:
        >>> result = paired_difference([1, 0, 0, 1, 0, 0, 0, 1, 0, 0])
        >>> round(result.mean, 3), round(result.mean_low, 3), round(result.mean_high, 3)
        (0.3, 0.001, 0.599)
        >>> round(result.p_value, 4)
        0.0495
    """
    values = [float(d) for d in differences]
    n = len(values)
    if n == 0:
        return PairedDifference(0, 0.0, math.nan, -bound, bound, 1.0)
    mean = math.fsum(values) / n
    if n == 1:
        return PairedDifference(1, mean, math.nan, -bound, bound, 1.0)
    sd = math.sqrt(math.fsum((v - mean) ** 2 for v in values) / (n - 1))
    error = sd / math.sqrt(n)
    if error == 0.0:
        return PairedDifference(n, mean, sd, mean, mean, 1.0 if mean == 0.0 else 0.0)
    p_value = min(1.0, 2.0 * normal_sf(abs(mean) / error))
    return PairedDifference(n, mean, sd, mean - z * error, mean + z * error, p_value)


def format_p(p_value: float) -> str:
    """A p-value in words: ``p = 0.008``, or ``p < 0.001`` below that.

    Examples:
        >>> format_p(0.00812), format_p(0.4), format_p(1e-9)
        ('p = 0.008', 'p = 0.400', 'p < 0.001')
    """
    return "p < 0.001" if p_value < 0.001 else f"p = {p_value:.3f}"


def format_level(alpha: float) -> str:
    """A significance level as a percentage: ``5%``, ``1%``, ``0.1%``."""
    return f"{alpha * 100:g}%"
