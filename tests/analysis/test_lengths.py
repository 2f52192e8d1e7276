"""`game_lengths`: steps always, turns and turn-cap ends from the records."""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pytest
from analysis_game import fake_result

import shardgames as sg
from shardgames.analysis import game_lengths
from shardgames.analysis.lengths import LENGTH_COLUMNS
from shardgames.kernel.errors import UsageError

GAME = "embers(max_turns=12)"


def test_steps_without_records() -> None:
    lengths = game_lengths(fake_result([0, 1, None, 0]))  # lengths 10, 11, 12, 13
    assert lengths.steps == (10, 11, 12, 13)
    assert lengths.turns is None
    assert lengths.truncated_share is None
    (row,) = lengths.rows()
    assert row == {
        "measure": "steps",
        "games": 4,
        "mean": 11.5,
        "sd": pytest.approx(np.std([10, 11, 12, 13], ddof=1)),
        "min": 10.0,
        "q1": 10.75,
        "median": 11.5,
        "q3": 12.25,
        "max": 13.0,
    }
    with pytest.raises(UsageError, match="keep_records=True"):
        lengths.histogram(measure="turns")


def test_turns_and_the_turn_cap_from_records() -> None:
    result = sg.tournament(
        GAME, [sg.RandomAgent()], games=10, seed=1, backend="serial", progress=False, keep_records=True
    )
    lengths = game_lengths(result)
    finals = [record.replay() for record in result.records]
    assert lengths.steps == tuple(g.length for g in result.games)
    assert lengths.turns == tuple(state.turn for state in finals)
    assert lengths.truncated == tuple(state.truncated for state in finals)
    assert lengths.truncated_share == sum(s.truncated for s in finals) / 10
    assert lengths.truncated_share == 0.7  # seven games reach the cap of twelve turns, three end before
    assert max(lengths.turns) == 12
    assert [row["measure"] for row in lengths.rows()] == ["steps", "turns"]
    assert game_lengths(result.records) == lengths
    data = json.loads(json.dumps(lengths.to_dict()))
    assert data["turns"] == list(lengths.turns)
    assert data["summary"][1]["max"] == 12


def test_one_game_has_no_spread() -> None:
    (row,) = game_lengths(fake_result([0])).rows()
    assert np.isnan(row["sd"])
    assert game_lengths(fake_result([0])).to_dict()["summary"][0]["sd"] is None
    empty = game_lengths(fake_result([])).rows()[0]
    assert empty["games"] == 0
    assert empty["mean"] is None


def test_table_and_histogram(pyplot: Any) -> None:
    pytest.importorskip("pandas", reason="tables need the analysis extra (installed in CI)")
    result = sg.tournament(
        GAME, [sg.RandomAgent()], games=4, seed=1, backend="serial", progress=False, keep_records=True
    )
    lengths = game_lengths(result)
    table = lengths.table()
    assert table.shape == (2, len(LENGTH_COLUMNS))
    assert list(table["measure"]) == ["steps", "turns"]
    ax = lengths.histogram(measure="turns", bins=5)
    assert isinstance(ax, pyplot.Axes)
    assert ax.get_xlabel() == "game length (turns)"
    _, existing = pyplot.subplots()
    assert lengths.histogram(existing) is existing
    with pytest.raises(UsageError, match="steps or turns"):
        lengths.histogram(measure="minutes")
