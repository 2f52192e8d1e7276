"""The search benchmark runs and reports every measurement (no timing assertions: timings vary)."""

from __future__ import annotations

import json
from types import ModuleType

import pytest
from loading import ROOT, load_file

TINY = ["--game", "embers", "--positions", "1", "--simulations", "5", "--repeat", "2"]


@pytest.fixture(scope="module")
def search_bench() -> ModuleType:
    return load_file(ROOT / "benchmarks" / "search.py", "shardgames_search_bench")


def test_search_bench_reports_every_part(
    search_bench: ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    assert search_bench.main([*TINY, "--json"]) == 0
    results = json.loads(capsys.readouterr().out)
    assert set(results) == {"embers"}
    assert set(results["embers"]) == {"legal", *search_bench.COLUMNS}
    assert results["embers"]["legal"] >= 2
    assert results["embers"]["mcts_per_second"] > 0
    assert search_bench.main(TINY) == 0
    assert "mcts/s" in capsys.readouterr().out


def test_search_bench_profiles_a_search(search_bench: ModuleType, capsys: pytest.CaptureFixture[str]) -> None:
    assert search_bench.main([*TINY, "--profile"]) == 0
    assert "_iterate" in capsys.readouterr().out


def test_search_bench_refuses_an_unknown_game(
    search_bench: ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    assert search_bench.main(["--game", "nosuchgame"]) == 2
    assert "search benchmark:" in capsys.readouterr().err
