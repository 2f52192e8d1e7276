"""`compare` and `compare_matchups`: the same seeds in both versions, tested by paired differences."""

from __future__ import annotations

import json

import pytest

import shardgames as sg
from shardgames.analysis import compare, compare_matchups, paired_difference
from shardgames.analysis.experiments import COMPARISON_COLUMNS
from shardgames.kernel.errors import UsageError

RUN = {"backend": "serial", "progress": False}


def test_a_better_variant_is_better_in_every_game(duel: str) -> None:
    """Duel's ``edge`` only adds to seat 0's total: game by game, seat 0 can only gain."""
    comparison = compare("duel", "duel(edge=2)", [sg.RandomAgent()], games=60, seed=3, **RUN)
    assert [s.subject for s in comparison.subjects] == ["seat 0", "seat 1"]
    seat0, seat1 = comparison.subjects
    assert seat0.games == 60
    differences = [v - b for b, v in zip(seat0.base, seat0.variant, strict=True)]
    assert min(differences) >= 0
    assert max(differences) > 0
    assert seat0.difference == paired_difference(differences)
    assert seat0.variant_mean_score > seat0.base_mean_score
    assert seat1.difference.mean == pytest.approx(-seat0.difference.mean)
    row = comparison.rows()[0]
    assert row["difference"] == pytest.approx(seat0.variant_mean_score - seat0.base_mean_score)
    assert row["difference_low"] > 0
    assert row["p_value"] < 0.001
    assert 0 < row["correlation"] < 1
    summary = comparison.summary()
    assert summary.startswith("duel(edge=2) against duel: 60 games on the same seeds, compared game by game.")
    assert "the variant is better for seat 0 at the 5% level" in summary
    assert "the variant is worse for seat 1 at the 5% level" in summary


def test_the_base_game_matches_its_tournament(duel: str) -> None:
    comparison = compare("duel", "duel(edge=1)", [sg.RandomAgent()], games=12, seed=4, **RUN)
    base = sg.tournament("duel", [sg.RandomAgent()], games=12, seed=4, **RUN)
    scores = tuple(1.0 if g.winner == 0 else 0.5 if g.winner is None else 0.0 for g in base.games)
    assert comparison.subjects[0].base == scores


def test_an_unchanged_variant_shows_no_difference(duel: str) -> None:
    comparison = compare("duel", "duel(max_turns=5)", [sg.RandomAgent()], games=10, seed=1, **RUN)
    row = comparison.rows()[0]
    assert (row["difference"], row["difference_low"], row["difference_high"], row["p_value"]) == (
        0.0,
        0.0,
        0.0,
        1.0,
    )
    assert row["correlation"] == pytest.approx(1.0)
    assert "no evidence of a difference at the 5% level" in comparison.summary()


def test_agents_and_focus(duel: str) -> None:
    agents = [sg.RandomAgent(), sg.RandomAgent()]
    comparison = compare("duel", "duel(edge=3)", agents, games=20, seed=2, **RUN)
    assert [s.subject for s in comparison.subjects] == ["random", "random#2", "seat 0", "seat 1"]
    first = comparison.subjects[0]
    assert first.games == 20  # both agents play every game, half of them in seat 0
    focused = compare("duel", "duel(edge=3)", agents, games=20, seed=2, focus="random#2", **RUN)
    assert focused.subjects == (comparison.subjects[1],)
    by_seat = compare("duel", "duel(edge=3)", agents, games=20, seed=2, focus=1, **RUN)
    assert by_seat.subjects == (comparison.subjects[3],)
    with pytest.raises(UsageError, match="focus: 'greedy' is not one of random, random#2, seat 0, seat 1"):
        compare("duel", "duel(edge=3)", agents, games=2, seed=2, focus="greedy", **RUN)


def test_processes_agree_with_serial(duel: str) -> None:
    serial = compare("duel", "duel(edge=1)", [sg.RandomAgent()], games=16, seed=5, **RUN)
    processes = compare(
        "duel", "duel(edge=1)", [sg.RandomAgent()], games=16, seed=5, workers=2, progress=False
    )
    assert serial == processes


def test_the_variant_must_seat_as_many(duel: str) -> None:
    with pytest.raises(UsageError, match="seat as many players"):
        compare("embers", "embers(players=3)", [sg.RandomAgent()], games=2, **RUN)


def test_compare_matchups_finds_the_boosted_deck(duel: str) -> None:
    """``boost=low`` adds 2 to the low deck: it gains against the field, the others lose to it."""
    comparison = compare_matchups(
        "duel",
        "duel(boost=low)",
        "decks",
        ("low", "mid", "high"),
        agents=sg.RandomAgent(),
        games_per_pair=12,
        seed=1,
        **RUN,
    )
    rows = {row["subject"]: row for row in comparison.rows()}
    assert list(rows) == ["low", "mid", "high"]
    assert rows["low"]["games"] == 48  # two opponents, both seats, 12 games each; mirrors left out
    assert rows["low"]["difference"] > 0
    assert rows["low"]["p_value"] < 0.01
    assert rows["mid"]["difference"] < 0
    assert rows["high"]["difference"] < 0
    only = compare_matchups(
        "duel",
        "duel(boost=low)",
        "decks",
        ("low", "high"),
        agents=sg.RandomAgent(),
        games_per_pair=2,
        focus="high",
        **RUN,
    )
    assert [s.subject for s in only.subjects] == ["high"]


def test_exports(duel: str) -> None:
    comparison = compare("duel", "duel(edge=2)", [sg.RandomAgent()], games=8, seed=3, **RUN)
    data = json.loads(json.dumps(comparison.to_dict()))
    assert data["summary"] == str(comparison)
    assert [row["subject"] for row in data["comparisons"]] == ["seat 0", "seat 1"]
    pytest.importorskip("pandas", reason="tables need the analysis extra (installed in CI)")
    table = comparison.table()
    assert table.shape == (2, len(COMPARISON_COLUMNS))
    assert list(table.columns) == list(COMPARISON_COLUMNS)
