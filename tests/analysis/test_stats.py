"""The tests and intervals of `shardgames.analysis.stats`, against exact sums and published values."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

from shardgames.analysis.stats import (
    binomial_test,
    chi_square_sf,
    difference_interval,
    format_p,
    paired_difference,
    score,
    uniform_chi_square,
)
from shardgames.arena import wilson
from shardgames.kernel.errors import UsageError


def exact_two_sided(k: int, n: int, p: Fraction) -> Fraction:
    """The minimum-likelihood two-sided p-value, summed exactly in fractions."""
    pmf = [math.comb(n, i) * p**i * (1 - p) ** (n - i) for i in range(n + 1)]
    return sum((q for q in pmf if q <= pmf[k]), Fraction(0))


@pytest.mark.parametrize(("k", "n"), [(0, 1), (1, 1), (3, 10), (7, 10), (50, 100), (58, 100), (61, 100)])
def test_binomial_test_at_one_half_is_the_exact_sum(k: int, n: int) -> None:
    exact = float(min(Fraction(1), exact_two_sided(k, n, Fraction(1, 2))))
    assert binomial_test(k, n) == pytest.approx(exact, rel=1e-10)


@pytest.mark.parametrize(
    ("k", "n", "p"), [(3, 10, Fraction(1, 10)), (0, 20, Fraction(1, 4)), (9, 12, Fraction(1, 3))]
)
def test_binomial_test_at_other_rates_is_the_exact_sum(k: int, n: int, p: Fraction) -> None:
    assert binomial_test(k, n, float(p)) == pytest.approx(float(exact_two_sided(k, n, p)), rel=1e-9)


def test_binomial_test_known_values() -> None:
    """R: binom.test(7, 10)$p.value, binom.test(60, 100), binom.test(3, 10, 0.1), binom.test(542, 1000)."""
    assert binomial_test(7, 10) == pytest.approx(0.34375, rel=1e-12)  # 2 (1 + 10 + 45 + 120) / 1024
    assert binomial_test(60, 100) == pytest.approx(0.05688793364, rel=1e-8)
    assert binomial_test(3, 10, 0.1) == pytest.approx(0.07019083, rel=1e-6)
    assert binomial_test(542, 1000) == pytest.approx(
        float(exact_two_sided(542, 1000, Fraction(1, 2))), rel=1e-9
    )
    assert binomial_test(5, 10) == 1.0
    assert binomial_test(0, 0) == 1.0


def test_binomial_test_is_fast_and_finite_for_many_games() -> None:
    assert binomial_test(50_000, 100_000) == 1.0
    assert 0.0 <= binomial_test(51_000, 100_000) < 1e-9


@pytest.mark.parametrize(("k", "n", "p"), [(-1, 5, 0.5), (6, 5, 0.5), (1, 5, 0.0), (1, 5, 1.0)])
def test_binomial_test_rejects_impossible_counts(k: int, n: int, p: float) -> None:
    with pytest.raises(UsageError, match="binomial_test"):
        binomial_test(k, n, p)


@pytest.mark.parametrize("x", [0.1, 1.0, 2.5, 7.0, 30.0])
def test_chi_square_sf_closed_forms(x: float) -> None:
    """df 1: erfc(√(x/2)); df 2: e^(-x/2); df 3: erfc + √(2x/π) e^(-x/2); df 4: e^(-x/2) (1 + x/2)."""
    half = x / 2
    assert chi_square_sf(x, 1) == pytest.approx(math.erfc(math.sqrt(half)), rel=1e-12)
    assert chi_square_sf(x, 2) == pytest.approx(math.exp(-half), rel=1e-12)
    three = math.erfc(math.sqrt(half)) + math.sqrt(2 * x / math.pi) * math.exp(-half)
    assert chi_square_sf(x, 3) == pytest.approx(three, rel=1e-12)
    assert chi_square_sf(x, 4) == pytest.approx(math.exp(-half) * (1 + half), rel=1e-12)
    six = math.exp(-half) * (1 + half + half**2 / 2)
    assert chi_square_sf(x, 6) == pytest.approx(six, rel=1e-12)


@pytest.mark.parametrize(
    ("x", "df", "p"),
    [
        (3.841458820694124, 1, 0.05),
        (5.991464547107979, 2, 0.05),
        (7.814727903251178, 3, 0.05),
        (9.487729036781154, 4, 0.05),
        (11.070497693516351, 5, 0.05),
        (6.634896601021213, 1, 0.01),
        (15.08627246938899, 5, 0.01),
        (18.307038053275146, 10, 0.05),
        (2.705543454095404, 1, 0.10),
    ],
)
def test_chi_square_sf_matches_the_tables(x: float, df: int, p: float) -> None:
    assert chi_square_sf(x, df) == pytest.approx(p, rel=1e-9)


def test_chi_square_sf_edges() -> None:
    assert chi_square_sf(0.0, 3) == 1.0
    assert chi_square_sf(-1.0, 1) == 1.0
    assert 0.0 <= chi_square_sf(2000.0, 5) < 1e-300
    for bad in (0, -1, True):
        with pytest.raises(UsageError, match="degrees of freedom"):
            chi_square_sf(1.0, bad)


def test_uniform_chi_square_by_hand() -> None:
    """40/30/30: expected 100/3 each, statistic (20/3)²·3/100 + 2·(10/3)²·3/100 = 2; p = e^-1 on 2 df."""
    statistic, df, p = uniform_chi_square([40, 30, 30])
    assert (statistic, df) == (pytest.approx(2.0), 2)
    assert p == pytest.approx(math.exp(-1.0))
    assert uniform_chi_square([0, 0, 0, 0]) == (0.0, 3, 1.0)
    with pytest.raises(UsageError):
        uniform_chi_square([5])


def test_wilson_interval_by_hand() -> None:
    """Wilson's 95 % interval of 90/100 (Newcombe 1998, table I: 0.8256 to 0.9448)."""
    low, high = wilson(90, 100)
    assert (low, high) == (pytest.approx(0.8256, abs=5e-5), pytest.approx(0.9448, abs=5e-5))


def test_difference_interval_matches_newcombe() -> None:
    """Newcombe (1998), method 10: 56/70 - 48/80 is 0.0524 to 0.3339, 9/10 - 3/10 is 0.1705 to 0.8090."""
    low, high = difference_interval(56, 70, 48, 80)
    assert (low, high) == (pytest.approx(0.0524, abs=5e-5), pytest.approx(0.3339, abs=5e-5))
    low, high = difference_interval(9, 10, 3, 10)
    assert (low, high) == (pytest.approx(0.1705, abs=5e-5), pytest.approx(0.8090, abs=5e-5))
    assert difference_interval(1, 0, 1, 5) == (-1.0, 1.0)


def test_paired_difference_by_hand() -> None:
    """Differences 1,0,0,1,0,0,0,1,0,0: mean 0.3, sd √(2.1/9), interval 0.3 ± 1.96·sd/√10."""
    result = paired_difference([1, 0, 0, 1, 0, 0, 0, 1, 0, 0])
    sd = math.sqrt(2.1 / 9)
    half = 1.959963984540054 * sd / math.sqrt(10)
    assert result.count == 10
    assert result.mean == pytest.approx(0.3)
    assert result.sd == pytest.approx(sd)
    assert (result.mean_low, result.mean_high) == (pytest.approx(0.3 - half), pytest.approx(0.3 + half))
    assert result.p_value == pytest.approx(math.erfc(0.3 / (sd / math.sqrt(10)) / math.sqrt(2)))


def test_paired_difference_edges() -> None:
    assert paired_difference([]).p_value == 1.0
    one = paired_difference([0.5])
    assert (one.mean, one.mean_low, one.mean_high, one.p_value) == (0.5, -1.0, 1.0, 1.0)
    same = paired_difference([0.5, 0.5, 0.5])
    assert (same.mean_low, same.mean_high, same.p_value) == (0.5, 0.5, 0.0)
    assert paired_difference([0.0, 0.0]).p_value == 1.0


def test_score_shares_a_draw() -> None:
    assert [score(1, seat, 3) for seat in range(3)] == [0.0, 1.0, 0.0]
    assert [score(None, seat, 3) for seat in range(3)] == [pytest.approx(1 / 3)] * 3
    assert format_p(0.0499) == "p = 0.050"
    assert format_p(0.0009) == "p < 0.001"
