"""The OpenSpiel search benchmark runs and reports both searches and the ceiling (no timing assertions)."""

from __future__ import annotations

import json
from types import ModuleType

import pytest
from loading import ROOT, load_file

pytest.importorskip("pyspiel")


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    return load_file(ROOT / "benchmarks" / "openspiel_mcts.py", "shardgames_openspiel_mcts_bench")


def test_it_reports_both_searches_and_their_ratio(
    bench: ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    assert bench.main(["--game", "tactics", "--simulations", "3", "--runs", "1", "--json"]) == 0
    row = json.loads(capsys.readouterr().out)["tactics"]
    assert set(row) == {"openspiel_per_second", "mcts_agent_per_second", "ratio", "ceiling"}
    assert row["openspiel_per_second"] > 0
    assert 0 < row["ceiling"] < 1


def test_the_floor_game_plays_the_shape_it_is_given(bench: ModuleType) -> None:
    form = bench.Shape(steps=50, chance=0.4, choices=3, outcomes=6)
    state = bench._floor_game(form).new_initial_state()
    chances = steps = 0
    while not state.is_terminal():
        if state.is_chance_node():
            assert len(state.chance_outcomes()) == 6
            chances += 1
        else:
            assert state.legal_actions() == [0, 1, 2]
        state.apply_action(0)
        steps += 1
    assert (steps, chances) == (50, 20)
    assert bench.floor(form, seed=1) > 0


def test_a_position_past_the_end_and_bad_options_are_refused(
    bench: ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    assert bench.main(["--game", "tactics", "--moves", "100000", "--simulations", "2", "--runs", "1"]) == 2
    assert "ask for fewer" in capsys.readouterr().err
    with pytest.raises(SystemExit) as info:
        bench.main(["--simulations", "0"])
    assert info.value.code == 2
