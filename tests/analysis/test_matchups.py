"""`matchups` and `army_matchups`: every ordered pair of options, seeded so any back end agrees."""

from __future__ import annotations

import json
from typing import Any

import pytest

import shardgames as sg
from shardgames.analysis import MatchupGame, Matchups, army_matchups, matchups
from shardgames.analysis.matchups import MATCHUP_COLUMNS, OVERALL_COLUMNS, option_key
from shardgames.kernel.errors import InvalidParameterError, UsageError

OPTIONS = ("low", "mid", "high")


def study(game: str = "duel", **kwargs: Any) -> sg.analysis.Matchups:
    options: dict[str, Any] = {"backend": "serial", "progress": False, "seed": 7}
    return matchups(game, "decks", OPTIONS, sg.RandomAgent(), 10, **(options | kwargs))


def signature(result: sg.analysis.Matchups) -> list[tuple[object, ...]]:
    return [(g.options, g.index, g.winner) for g in result.games]


def test_every_ordered_pair_with_its_own_seeds(duel: str) -> None:
    result = study()
    assert result.options == OPTIONS
    assert result.parameter == "decks"
    assert len(result.games) == 9 * 10
    pairs = [g.options for g in result.games]
    assert pairs[::10] == [(a, b) for a in OPTIONS for b in OPTIONS]
    expected = sg.tournament(
        "duel(decks=(low,high))",
        [sg.RandomAgent()],
        games=10,
        seed=sg.derive_seed(7, option_key("low"), option_key("high")),
        backend="serial",
        progress=False,
    )
    assert [g.winner for g in result.games if g.options == ("low", "high")] == [
        g.winner for g in expected.games
    ]
    fewer = matchups(
        "duel", "decks", ("high", "low"), sg.RandomAgent(), 10, seed=7, backend="serial", progress=False
    )
    assert [g for g in fewer.games if g.options == ("low", "high")] == [
        g for g in result.games if g.options == ("low", "high")
    ]  # a pair plays the same games whatever else is in the study


def test_serial_and_processes_agree(duel: str) -> None:
    assert signature(study()) == signature(study(backend="process", workers=2))


def test_rows_by_hand(duel: str) -> None:
    result = study()
    rows = {(row["option"], row["opponent"]): row for row in result.rows()}
    assert len(rows) == 9
    low_high = [g for g in result.games if g.options == ("low", "high")]
    high_low = [g for g in result.games if g.options == ("high", "low")]
    row = rows["low", "high"]
    wins = sum(g.winner == 0 for g in low_high) + sum(g.winner == 1 for g in high_low)
    draws = sum(g.winner is None for g in low_high + high_low)
    assert (row["games"], row["wins"], row["draws"]) == (20, wins, draws)
    assert row["score"] == pytest.approx((wins + draws / 2) / 20)
    assert (row["score_low"], row["score_high"]) == sg.arena.wilson(wins + draws / 2, 20)
    seat0 = sum(1.0 if g.winner == 0 else 0.5 if g.winner is None else 0.0 for g in low_high) / 10
    assert row["as_seat0_score"] == pytest.approx(seat0)
    assert rows["high", "low"]["score"] == pytest.approx(1 - row["score"])
    assert rows["high", "low"]["as_seat1_score"] == pytest.approx(1 - seat0)
    assert rows["high", "low"]["score"] > 0.5  # strength 2 against 0
    mirror = rows["mid", "mid"]
    assert (mirror["games"], mirror["score"]) == (20, 0.5)
    assert mirror["as_seat0_score"] == pytest.approx(1 - mirror["as_seat1_score"])
    overall = {row["option"]: row for row in result.overall_rows()}
    assert overall["high"]["games"] == 40
    assert overall["high"]["wins"] == rows["high", "low"]["wins"] + rows["high", "mid"]["wins"]
    assert overall["high"]["score"] > overall["low"]["score"]
    assert result.scores()[0][0] == 0.5
    assert "score of the row against the column" in str(result)


def test_the_win_rate_counts_wins_and_the_score_counts_a_draw_half() -> None:
    """a against b: a win and a draw with a in seat 0, a draw and a loss with a in seat 1."""
    games = (
        MatchupGame(("a", "b"), 0, 0),
        MatchupGame(("a", "b"), 1, None),
        MatchupGame(("b", "a"), 0, None),
        MatchupGame(("b", "a"), 1, 0),
    )
    study = Matchups("duel", "decks", ("a", "b"), games)
    rows = {(row["option"], row["opponent"]): row for row in study.rows()}
    a_b, b_a = rows["a", "b"], rows["b", "a"]
    assert [a_b[key] for key in ("games", "wins", "draws", "losses")] == [4, 1, 2, 1]
    assert (a_b["win_rate"], a_b["score"]) == (0.25, 0.5)
    assert (a_b["win_rate_low"], a_b["win_rate_high"]) == sg.arena.wilson(1, 4)
    assert (a_b["score_low"], a_b["score_high"]) == sg.arena.wilson(2, 4)
    assert (a_b["as_seat0_score"], a_b["as_seat1_score"]) == (0.75, 0.25)
    assert (b_a["win_rate"], b_a["score"]) == (0.25, 0.5)
    assert study.scores() == [[None, 0.5], [0.5, None]]
    overall = {row["option"]: row for row in study.overall_rows()}
    assert {key: overall["a"][key] for key in a_b if key in overall["a"]} == {
        key: value for key, value in a_b.items() if key in OVERALL_COLUMNS
    }


def test_two_agents_keep_their_seats(duel: str) -> None:
    result = matchups(
        "duel",
        "decks",
        ("low", "high"),
        [sg.RandomAgent(), sg.RandomAgent()],
        4,
        seed=1,
        backend="serial",
        progress=False,
    )
    assert result.agents == ("random", "random#2")
    assert len(result.games) == 16


def test_records_feed_content_stats(duel: str) -> None:
    result = study(keep_records=True)
    assert len(result.records) == 90
    stats = sg.analysis.content_stats(result.records)
    decks = {row["name"]: row["seat_games"] for row in stats.rows() if row["name"] in OPTIONS}
    assert decks == {"low": 60, "mid": 60, "high": 60}


def test_army_matchups_group_by_a_key(duel: str) -> None:
    """Labelling each seat by its deck gives back the matchups of the deck parameter."""
    result = study(keep_records=True)
    armies = army_matchups(result.records, lambda state, seat: state.content_used()[seat][0])
    assert armies.options == ("high", "low", "mid")
    assert armies.parameter is None
    by_deck = {(r["option"], r["opponent"]): r for r in result.rows()}
    assert all(by_deck[r["option"], r["opponent"]] == r for r in armies.rows())
    tournament = sg.tournament(
        "duel", [sg.RandomAgent()], games=6, seed=1, backend="serial", progress=False, keep_records=True
    )
    by_card = army_matchups(tournament, lambda state, seat: state.picks[seat])
    assert (by_card.game, by_card.seed, by_card.agents) == ("duel", 1, ("random",))
    assert sum(row["games"] for row in by_card.rows()) == 12
    without = sg.tournament("duel", [sg.RandomAgent()], games=2, seed=1, backend="serial", progress=False)
    with pytest.raises(UsageError, match="keep_records=True"):
        army_matchups(without, lambda state, seat: "x")


def test_mistakes(duel: str) -> None:
    with pytest.raises(UsageError, match="has no parameter 'deck'; its parameters are decks, edge"):
        matchups("duel", "deck", OPTIONS, sg.RandomAgent(), 1)
    with pytest.raises(UsageError, match="two-seat game"):
        matchups("embers(players=3)", "max_turns", ("5",), sg.RandomAgent(), 1)
    with pytest.raises(UsageError, match="each once"):
        matchups("duel", "decks", ("low", "low"), sg.RandomAgent(), 1)
    with pytest.raises(UsageError, match="name at least one"):
        matchups("duel", "decks", (), sg.RandomAgent(), 1)
    with pytest.raises(UsageError, match="one agent for both seats, or one per seat"):
        matchups("duel", "decks", OPTIONS, [sg.RandomAgent()] * 3, 1)
    with pytest.raises(InvalidParameterError, match="must be one of low, mid, high"):
        matchups("duel", "decks", ("low", "huge"), sg.RandomAgent(), 1, backend="serial", progress=False)


def test_tables_and_heatmap(duel: str, pyplot: Any) -> None:
    pytest.importorskip("pandas", reason="tables need the analysis extra (installed in CI)")
    result = study()
    table = result.table()
    assert table.shape == (9, len(MATCHUP_COLUMNS))
    matrix = result.matrix()
    assert matrix.shape == (3, 3)
    assert list(matrix.index) == list(OPTIONS)
    assert list(matrix.columns) == list(OPTIONS)
    assert matrix.loc["high", "low"] == pytest.approx(
        table.set_index(["option", "opponent"]).loc[("high", "low"), "score"]
    )
    assert list(result.overall().columns) == list(OVERALL_COLUMNS)
    data = json.loads(json.dumps(result.to_dict()))
    assert len(data["matchups"]) == 9
    ax = result.heatmap()
    assert isinstance(ax, pyplot.Axes)
    assert len(ax.texts) == 9
    assert ax.texts[0].get_text() == "0.50"
