"""Sample sizes: `games_needed`, `detectable_difference` and `sensitivity` against hand computation."""

from __future__ import annotations

import math

import pytest
from analysis_game import fake_result

from shardgames.analysis import detectable_difference, games_needed, sensitivity
from shardgames.analysis.power import SENSITIVITY_COLUMNS
from shardgames.arena import wilson
from shardgames.kernel.errors import UsageError

Z_A, Z_B = 1.959963984540054, 0.8416212335729143  # 97.5 % and 80 % normal quantiles


def test_one_rate_against_a_fixed_rate() -> None:
    """(1.96·√0.25 + 0.8416·√0.24)² / 0.1² = 193.8 → 194 games."""
    exact = ((Z_A * 0.5 + Z_B * math.sqrt(0.24)) / 0.1) ** 2
    assert exact == pytest.approx(193.85, abs=0.01)
    assert games_needed(0.1, samples=1) == 194
    assert games_needed(-0.1, samples=1) == 194  # by symmetry around one half


def test_two_rates_each_from_its_own_games() -> None:
    """Fleiss without continuity correction: (1.96·√(2·0.55·0.45) + 0.8416·√(0.25 + 0.24))² / 0.01 → 388."""
    exact = ((Z_A * math.sqrt(2 * 0.55 * 0.45) + Z_B * math.sqrt(0.49)) / 0.1) ** 2
    assert math.ceil(exact) == 388
    assert games_needed(0.1) == 388
    small = ((Z_A * math.sqrt(2 * 0.51 * 0.49) + Z_B * math.sqrt(0.25 + 0.52 * 0.48)) / 0.02) ** 2
    assert games_needed() == math.ceil(small) == 9806


def test_paired_games_need_fewer_the_more_they_agree() -> None:
    """s² = 0.25 + 0.24 - 2r√(0.25·0.24) for a correlation r; n = ((1.96 + 0.8416) s / 0.1)²."""
    for rho in (0.0, 0.5, 0.9):
        variance = 0.49 - 2 * rho * math.sqrt(0.06)
        assert games_needed(0.1, paired=True, correlation=rho) == math.ceil(
            ((Z_A + Z_B) ** 2) * variance / 0.01
        )
    assert games_needed(0.1, paired=True, correlation=0.9) < games_needed(0.1, paired=True) < 400


def test_level_and_power_change_the_count() -> None:
    """At 1 % and 90 %: z 2.5758 and 1.2816."""
    exact = ((2.5758293035489 * 0.5 + 1.2815515655446 * math.sqrt(0.24)) / 0.1) ** 2
    assert games_needed(0.1, alpha=0.01, power=0.9, samples=1) == math.ceil(exact)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"difference": 0.0}, "difference must be non-zero"),
        ({"difference": 0.6}, "strictly between 0 and 1"),
        ({"base_rate": 1.0}, "base_rate must be"),
        ({"alpha": 0.0}, "alpha must be"),
        ({"power": 1.5}, "power must be"),
        ({"samples": 3}, "samples must be 1 or 2"),
        ({"samples": 1, "paired": True}, "paired compares two versions"),
        ({"paired": True, "correlation": 2.0}, "correlation must be"),
    ],
)
def test_games_needed_rejects_bad_values(kwargs: dict[str, float], message: str) -> None:
    with pytest.raises(UsageError, match=message):
        games_needed(**kwargs)  # type: ignore[arg-type]


def test_detectable_difference_inverts_games_needed() -> None:
    assert detectable_difference(194, samples=1) == pytest.approx(0.1, abs=0.001)
    assert detectable_difference(388) == pytest.approx(0.1, abs=0.001)
    for games in (50, 300, 5000):
        d = detectable_difference(games)
        assert games_needed(d * 1.001) <= games <= games_needed(d * 0.999)
    assert detectable_difference(1000, base_rate=0.3) == detectable_difference(1000, base_rate=0.7)
    assert math.isnan(detectable_difference(1, samples=2))
    with pytest.raises(UsageError, match="games must be at least 1"):
        detectable_difference(0)


def test_sensitivity_from_a_rate_and_from_a_tournament() -> None:
    table = sensitivity(0.5, sizes=(100, 400))
    rows = table.rows()
    low, high = wilson(50, 100)
    assert rows[0]["half_width"] == pytest.approx((high - low) / 2)
    assert rows[1]["detectable_difference"] == pytest.approx(detectable_difference(400, samples=1))
    assert rows[1]["detectable_change"] == pytest.approx(detectable_difference(400))
    result = fake_result([0] * 6 + [1] * 4)
    subjects = {row["subject"]: row["rate"] for row in sensitivity(result, sizes=(10,)).rows()}
    assert subjects == {"seat 0": 0.6, "seat 1": 0.4}  # one agent: its rate says nothing, left out
    certain = sensitivity({"always": 1.0}, sizes=(10,)).to_dict()["rows"][0]
    assert certain["detectable_difference"] is None
    with pytest.raises(UsageError, match="rates must be between 0 and 1"):
        sensitivity({"x": 1.5})
    with pytest.raises(UsageError, match="sizes must be"):
        sensitivity(0.5, sizes=(0,))
    pytest.importorskip("pandas", reason="tables need the analysis extra (installed in CI)")
    assert list(table.table().columns) == list(SENSITIVITY_COLUMNS)
