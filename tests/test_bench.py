"""The benchmark script runs and reports every measurement (no timing assertions: timings vary)."""

from __future__ import annotations

import json
from types import ModuleType

import pytest
from loading import ROOT, load_file

SCRIPT = ROOT / "benchmarks" / "bench.py"
TINY = ["--seconds", "0.01", "--runs", "1", "--samples", "2"]
GAME_KEYS = {
    "game",
    "players",
    "actions_per_second",
    "steps_per_second",
    "games_per_second",
    "mean_length",
    "mean_decisions",
    "games_played",
    "clone_us",
    "to_json_us",
    "from_json_us",
    "json_round_trip_us",
}
KERNEL_KEYS = {
    "game",
    "apply_action_us",
    "apply_action_unchecked_us",
    "check_overhead_us",
    "legal_actions_uncached_us",
    "legal_actions_cached_us",
}


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    return load_file(SCRIPT, "shardgames_bench")


def test_bench_json_has_every_measurement_for_embers(
    bench: ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    assert bench.main([*TINY, "--game", "embers", "--json", "--no-chess"]) == 0
    results = json.loads(capsys.readouterr().out)
    assert set(results) == {"settings", "games", "kernel"}
    assert set(results["games"]) == {"embers"}
    embers = results["games"]["embers"]
    assert set(embers) == GAME_KEYS
    assert embers["games_played"] >= 1
    assert embers["steps_per_second"] >= embers["actions_per_second"] > 0
    assert set(results["kernel"]) == KERNEL_KEYS
    assert results["kernel"]["game"] == "embers"


def test_bench_sets_each_game_beside_python_chess(
    bench: ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    chess = pytest.importorskip("chess")
    assert bench.main([*TINY, "--game", "embers", "--json", "--no-kernel"]) == 0
    results = json.loads(capsys.readouterr().out)
    assert results["settings"]["chess"] == chess.__version__
    embers = results["games"]["embers"]
    assert set(embers) == GAME_KEYS | {"chess_moves_per_second", "vs_chess"}
    assert embers["chess_moves_per_second"] > 0
    ratio = embers["actions_per_second"] / embers["chess_moves_per_second"]
    assert embers["vs_chess"] == pytest.approx(ratio)
    assert bench.main([*TINY, "--game", "embers", "--plain", "--no-kernel"]) == 0
    assert "vs chess" in capsys.readouterr().out


def test_bench_plays_the_same_games_every_time(bench: ModuleType, capsys: pytest.CaptureFixture[str]) -> None:
    lengths = []
    for _ in range(2):
        bench.main(["--games", "3", "--runs", "1", "--samples", "1", "--no-kernel", "--json"])
        lengths.append(json.loads(capsys.readouterr().out)["games"]["embers"]["mean_length"])
    assert lengths[0] == lengths[1]


def test_bench_plain_table_names_every_column(bench: ModuleType, capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main([*TINY, "--game", "embers(players=3)", "--plain"]) == 0
    out = capsys.readouterr().out
    for text in ("embers(players=3)", "actions/s", "steps/s", "games/s", "clone", "JSON", "unchecked"):
        assert text in out


def test_bench_unknown_game_exits_2(bench: ModuleType, capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main([*TINY, "--game", "nope"]) == 2
    assert "no game named 'nope'" in capsys.readouterr().err
