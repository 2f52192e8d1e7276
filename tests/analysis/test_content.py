"""`content_stats`: what each seat used, from `State.content_used` of the replayed games."""

from __future__ import annotations

import json
from typing import Any

import pytest

import shardgames as sg
from shardgames.analysis import content_stats, difference_interval
from shardgames.analysis.content import CONTENT_COLUMNS
from shardgames.arena import wilson
from shardgames.kernel.errors import UsageError


def played(game: str, games: int = 30) -> sg.TournamentResult:
    return sg.tournament(
        game, [sg.RandomAgent()], games=games, seed=5, backend="serial", progress=False, keep_records=True
    )


def test_counts_by_hand(duel: str) -> None:
    """Duel uses its deck and its card: every seat uses ``mid``; each picked spark or flare."""
    result = played("duel")
    stats = content_stats(result)
    assert (stats.games, stats.seat_games) == (30, 60)
    assert stats.mean_score == pytest.approx(0.5)
    rows = {row["name"]: row for row in stats.rows()}
    assert set(rows) == {"mid", "spark", "flare"}
    assert (rows["mid"]["seat_games"], rows["mid"]["games"], rows["mid"]["pick_rate"]) == (60, 30, 1.0)
    assert rows["mid"]["others_mean_score"] is None
    finals = [(r, r.replay()) for r in result.records]
    flare = [(r, seat) for r, state in finals for seat in range(2) if state.picks[seat] == "flare"]
    points = sum(1.0 if r.winner == seat else 0.5 if r.winner is None else 0.0 for r, seat in flare)
    row = rows["flare"]
    assert row["seat_games"] == len(flare)
    assert row["games"] == len({id(r) for r, _ in flare})
    assert row["wins"] == sum(r.winner == seat for r, seat in flare)
    assert row["mean_score"] == pytest.approx(points / len(flare))
    assert (row["mean_score_low"], row["mean_score_high"]) == wilson(points, len(flare))
    others = 60 - len(flare)
    assert row["others_mean_score"] == pytest.approx((30 - points) / others)  # the scores add up to 30
    assert (row["difference_low"], row["difference_high"]) == difference_interval(
        points, len(flare), 30 - points, others
    )
    assert stats.rows()[0]["name"] == "mid"  # the most used first


def test_games_without_the_hook_use_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """The kernel's default `State.content_used`: nothing, for every seat."""
    from embers import EmbersState

    monkeypatch.setattr(EmbersState, "content_used", sg.State.content_used)
    assert sg.load_game("embers(players=3)").new_initial_state(1).content_used() == ((), (), ())
    stats = content_stats(played("embers(max_turns=5)", games=3))
    assert stats.seat_games == 6
    assert stats.rows() == []


def test_a_fake_hook(monkeypatch: pytest.MonkeyPatch) -> None:
    """Any game's override is read: here seat 0 always used "Spark" and seat 1 "Spark" and "Tide"."""
    from embers import EmbersState

    monkeypatch.setattr(EmbersState, "content_used", lambda self: (("Spark",), ("Tide", "Spark", "Tide")))
    result = played("embers(max_turns=5)", games=4)
    rows = {row["name"]: row for row in content_stats(result).rows()}
    assert (rows["Spark"]["seat_games"], rows["Spark"]["pick_rate"]) == (8, 1.0)
    assert (rows["Tide"]["seat_games"], rows["Tide"]["pick_rate"]) == (4, 0.5)  # counted once per seat
    wins = sum(r.winner == 1 for r in result.records)
    assert rows["Tide"]["wins"] == wins


def test_records_are_needed() -> None:
    result = sg.tournament(
        "embers(max_turns=5)", [sg.RandomAgent()], games=2, seed=1, backend="serial", progress=False
    )
    with pytest.raises(UsageError, match="keep_records=True"):
        content_stats(result)


def test_exports(duel: str, pyplot: Any) -> None:
    pytest.importorskip("pandas", reason="tables need the analysis extra (installed in CI)")
    stats = content_stats(played("duel", games=10))
    table = stats.table()
    assert list(table.columns) == list(CONTENT_COLUMNS)
    assert len(table) == 3
    assert json.loads(json.dumps(stats.to_dict()))["content"][0]["name"] == "mid"
    ax = stats.plot(top=2)
    assert isinstance(ax, pyplot.Axes)
    assert len(ax.get_yticklabels()) == 2
