"""The predictability benchmark scores the evaluator and the greedy-play value on the same positions."""

from __future__ import annotations

import json
import subprocess
import sys
from types import ModuleType

import numpy as np
import pytest
from loading import ROOT, load_file

import shardgames as sg

TINY = ["--game", "tactics", "--positions", "4", "--continuations", "2"]


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    return load_file(ROOT / "benchmarks" / "predictability.py", "shardgames_predictability_bench")


def test_it_reports_both_judges_overall_and_by_phase(
    bench: ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    assert bench.main([*TINY, "--json"]) == 0
    results = json.loads(capsys.readouterr().out)
    assert list(results) == ["tactics"]
    result = results["tactics"]
    assert result["positions"] == 4
    for judge in ("evaluator", "greedy_play_value"):
        assert 0.0 <= result[judge]["brier"] <= 2.0
        assert set(result["by_phase"]) == {"early", "mid", "late"}
    assert bench.main(TINY) == 0
    assert "greedy play" in capsys.readouterr().out


def test_the_same_seeds_give_the_same_numbers_on_any_number_of_workers(bench: ModuleType) -> None:
    script = ROOT / "benchmarks" / "predictability.py"
    command = [sys.executable, str(script), *TINY, "--workers", "2", "--json"]
    two = json.loads(subprocess.run(command, capture_output=True, text=True, check=True).stdout)
    assert two == {"tactics": bench.measure_game(sg.load_game("tactics"), 4, 2, workers=1)}


def test_a_sure_prediction_scores_perfectly_and_a_wrong_one_worst(bench: ModuleType) -> None:
    outcomes = np.array([[1.0, -1.0], [-1.0, 1.0], [0.0, 0.0]])
    assert bench.scores(outcomes, outcomes) == {"positions": 3, "accuracy": 1.0, "brier": 0.0}
    assert bench.scores(-outcomes, outcomes) == {"positions": 3, "accuracy": 0.0, "brier": round(4 / 3, 4)}
    three = np.array([[1.0, -0.5, -0.5]])  # three seats: a loss is -1 / 2
    assert bench.win_shares(three, 3).tolist() == [[1.0, 0.0, 0.0]]


def test_bad_options_and_games_are_refused(bench: ModuleType, capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main(["--game", "nosuchgame"]) == 2
    assert "no game named 'nosuchgame'" in capsys.readouterr().err
    assert bench.main(["--import", "no_such_module"]) == 2
    assert "no_such_module" in capsys.readouterr().err
    with pytest.raises(SystemExit) as info:
        bench.main(["--continuations", "0"])
    assert info.value.code == 2


def test_a_game_of_your_own_is_measured_after_importing_it() -> None:  # its workers need no registration
    embers = ROOT / "examples" / "embers.py"
    script = ROOT / "benchmarks" / "predictability.py"
    command = [sys.executable, str(script), "--import", f"{embers}:EmbersGame", "--game", "embers"]
    command += ["--positions", "3", "--continuations", "2", "--workers", "2", "--json"]
    result = json.loads(subprocess.run(command, capture_output=True, text=True, check=True).stdout)
    assert result["embers"]["positions"] == 3
