"""The vector-environment benchmark runs and reports both environments (no timing assertions)."""

from __future__ import annotations

import json
from types import ModuleType

import pytest
from loading import ROOT, load_file

pytest.importorskip("gymnasium")


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    return load_file(ROOT / "benchmarks" / "vector_env.py", "shardgames_vector_env_bench")


def test_it_reports_both_environments_and_their_ratio(
    bench: ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    tiny = ["--game", "tactics(souls=12)", "--envs", "2", "--steps", "3", "--runs", "1"]
    assert bench.main([*tiny, "--json"]) == 0
    row = json.loads(capsys.readouterr().out)["tactics(souls=12)"]
    assert set(row) == {"vector_per_second", "sync_per_second", "ratio"}
    assert row["vector_per_second"] > 0
    assert bench.main([*tiny, "--no-copy"]) == 0
    assert "ratio" in capsys.readouterr().out


def test_bad_options_and_games_are_refused(bench: ModuleType, capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main(["--game", "nosuchgame"]) == 2
    assert "nosuchgame" in capsys.readouterr().err
    with pytest.raises(SystemExit) as info:
        bench.main(["--envs", "0"])
    assert info.value.code == 2
