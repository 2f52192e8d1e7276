"""`seat_advantage`: counts, the binomial and chi-square tests, and the verdict in words."""

from __future__ import annotations

import json
import math

import pytest
from analysis_game import fake_result

import shardgames as sg
from shardgames.analysis import binomial_test, seat_advantage
from shardgames.analysis.seats import SEAT_COLUMNS


def test_two_seats_counts_and_binomial_test() -> None:
    result = fake_result([0] * 60 + [1] * 40 + [None] * 5)
    advantage = seat_advantage(result)
    assert (advantage.games, advantage.wins, advantage.draws, advantage.decisive) == (105, (60, 40), 5, 100)
    assert advantage.test == "binomial"
    assert advantage.statistic == 60
    assert advantage.degrees_of_freedom is None
    assert advantage.p_value == pytest.approx(0.05688793364, rel=1e-8)
    assert not advantage.significant
    share, low, high = advantage.first_seat_share
    assert share == 0.6
    assert (low, high) == sg.arena.wilson(60, 100)
    assert advantage.verdict() == (
        "seat 0 wins 60.0% of decisive games (95% CI 50.2\N{EN DASH}69.1%); p = 0.057: "
        "no evidence of a seat advantage at the 5% level"
    )


def test_two_seats_verdicts_name_the_favoured_seat() -> None:
    first = seat_advantage(fake_result([0] * 70 + [1] * 30))
    assert first.significant
    assert first.verdict().endswith("p < 0.001: a first-seat advantage at the 5% level")
    second = seat_advantage(fake_result([0] * 30 + [1] * 70), alpha=0.01)
    assert second.verdict().endswith("a second-seat advantage at the 1% level")
    assert seat_advantage(fake_result([None, None])).verdict() == "no decisive games in 2: nothing to compare"


def test_seat_rows_by_hand() -> None:
    rows = seat_advantage(fake_result([0] * 6 + [1] * 3 + [None])).rows()
    assert [(r["seat"], r["games"], r["wins"], r["draws"], r["losses"]) for r in rows] == [
        (0, 10, 6, 1, 3),
        (1, 10, 3, 1, 6),
    ]
    assert rows[0]["win_rate"] == 0.6
    assert rows[0]["decisive_share"] == pytest.approx(6 / 9)
    assert (rows[1]["win_rate_low"], rows[1]["win_rate_high"]) == sg.arena.wilson(3, 10)


def test_three_seats_use_the_chi_square_test() -> None:
    """40/30/30 wins: statistic 2 on 2 degrees of freedom, p = e^-1."""
    advantage = seat_advantage(fake_result([0] * 40 + [1] * 30 + [2] * 30 + [None] * 3, seats=3))
    assert advantage.test == "chi-square"
    assert advantage.statistic == pytest.approx(2.0)
    assert advantage.degrees_of_freedom == 2
    assert advantage.p_value == pytest.approx(math.exp(-1))
    assert advantage.verdict() == (
        "seats 0 to 2 win 40.0%, 30.0%, 30.0% of 100 decisive games; chi-square 2.00 on 2 degrees of "
        "freedom, p = 0.368: no evidence that the seats differ at the 5% level"
    )
    skewed = seat_advantage(fake_result([2] * 50 + [1] * 25 + [0] * 25, seats=3))
    assert skewed.verdict().endswith("the seats differ at the 5% level (seat 2 wins most)")


def test_a_real_tournament_and_its_exports() -> None:
    result = sg.tournament(
        "embers(max_turns=30)", [sg.RandomAgent()], games=12, seed=4, backend="serial", progress=False
    )
    advantage = seat_advantage(result)
    assert sum(advantage.wins) + advantage.draws == 12
    assert advantage.p_value == binomial_test(advantage.wins[0], advantage.decisive)
    data = json.loads(json.dumps(advantage.to_dict()))
    assert data["seats"][0]["seat"] == 0
    assert data["verdict"] == str(advantage)
    pytest.importorskip("pandas", reason="tables need the analysis extra (installed in CI)")
    table = advantage.table()
    assert table.shape == (2, len(SEAT_COLUMNS))
    assert list(table.columns) == list(SEAT_COLUMNS)


def test_an_empty_tournament_still_knows_its_seats() -> None:
    advantage = seat_advantage(fake_result([], game="embers(players=3)"))
    assert advantage.wins == (0, 0, 0)
    assert advantage.p_value == 1.0
