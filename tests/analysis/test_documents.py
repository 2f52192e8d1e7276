"""Every analysis result writes its fields through the results converter and reads back from its JSON."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import shardgames as sg
from shardgames.analysis import (
    Comparison,
    ContentStats,
    Lengths,
    MatchupGame,
    Matchups,
    PairedScores,
    SeatAdvantage,
    SeatGame,
    Sensitivity,
    sensitivity,
)
from shardgames.arena.documents import Document

RESULTS: list[Document] = [
    Matchups(
        "duel",
        "decks",
        ("low", "high"),
        (MatchupGame(("low", "high"), 0, 1), MatchupGame(("high", "low"), 0, None)),
        ("random",),
        seed=3,
    ),
    Matchups("tactics", None, (), ()),
    ContentStats(
        "duel", 1, (SeatGame(0, 0, ("low", "spark"), True, 1.0), SeatGame(0, 1, ("high",), False, 0.0))
    ),
    sensitivity({"seat 0": 0.55, "seat 1": 0.0}, sizes=(50, 100)),
    SeatAdvantage("duel", 10, (6, 3), 1, "binomial", 6.0, None, 0.51),
    SeatAdvantage("embers(players=3)", 12, (4, 4, 3), 1, "chi-square", 0.18, 2, 0.91, alpha=0.01),
    Comparison(
        "duel", "duel(edge=1)", 4, (PairedScores("seat 0", (1.0, 0.5), (1.0, 1.0)),), interrupted=True
    ),
    Lengths("duel", (10, 12), (3, 4), (False, True)),
    Lengths("duel", (10,)),
]


@pytest.mark.parametrize("result", RESULTS, ids=lambda result: f"{type(result).__name__}")
def test_a_result_reads_back_from_its_json(result: Document, tmp_path: Path) -> None:
    data = json.loads(json.dumps(result.to_dict(), allow_nan=False))  # nan is written as null
    assert (data["format"], data["kind"]) == (1, type(result).KIND)
    assert type(result).from_dict(data) == result
    assert type(result).from_json(result.to_json()) == result
    assert type(result).load(result.save(tmp_path / "result.json")) == result


def test_the_tables_are_written_after_the_fields() -> None:
    comparison = RESULTS[6]
    data = comparison.to_dict()
    assert list(data) == [
        "format",
        "kind",
        "base",
        "variant",
        "seed",
        "subjects",
        "interrupted",
        "alpha",
        "comparisons",
        "summary",
    ]
    assert data["subjects"] == [{"subject": "seat 0", "base": [1.0, 0.5], "variant": [1.0, 1.0]}]
    assert data["comparisons"] == comparison.rows()


def test_a_kept_record_is_written_and_read_with_its_game() -> None:
    record = sg.play_match("embers", [sg.RandomAgent(), sg.RandomAgent()], seed=2)
    study = Matchups("embers", None, ("a", "b"), (MatchupGame(("a", "b"), 0, record.winner, record),))
    data = json.loads(study.to_json())
    assert data["games"][0]["record"] == record.to_dict()
    assert Matchups.from_dict(data).records == (record,)
    assert "record" not in RESULTS[0].to_dict()["games"][0]  # none kept, none written


def test_bad_json_lists_every_problem() -> None:
    data = RESULTS[4].to_dict() | {"games": "ten", "wins": [6, "three"]}
    with pytest.raises(sg.SerializationError) as info:
        SeatAdvantage.from_dict(data)
    assert info.value.problems == (
        "games: invalid value for type, expected int",
        "wins[1]: invalid value for type, expected int",
    )
    with pytest.raises(
        sg.SerializationError, match="kind: expected 'lengths', the document is 'seat_advantage'"
    ):
        Lengths.from_dict(RESULTS[4].to_dict())
    with pytest.raises(sg.SerializationError, match="expected a JSON object, not list"):
        Sensitivity.from_json("[]")
