"""Every file the library writes is written whole or not at all, and output paths are checked up front."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

import shardgames as sg
from shardgames.arena import tournament
from shardgames.cli import cli

FAST = "tactics(souls=10,max_turns=20)"


def invoke(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args), env={"COLUMNS": "120"})


def assert_one_line_error(result: Result, *fragments: str) -> None:
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr
    for fragment in fragments:
        assert fragment in result.stderr


@contextlib.contextmanager
def files_cut_at(size: int) -> Iterator[None]:
    """Writes past `size` bytes of a file fail part-way (EFBIG), as when a disk fills up."""
    resource = pytest.importorskip("resource", reason="file size limits are a POSIX feature")
    limits = resource.getrlimit(resource.RLIMIT_FSIZE)
    resource.setrlimit(resource.RLIMIT_FSIZE, (size, limits[1]))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_FSIZE, limits)


RECORD = sg.play_match(FAST, [sg.RandomAgent(), sg.RandomAgent()], seed=1)
RESULT = tournament(FAST, [sg.RandomAgent(), sg.RandomAgent()], games=2, backend="serial", progress=False)
WRITERS: dict[str, Callable[[Path], object]] = {
    "record": RECORD.save,
    "replay page": RECORD.save_html,
    "tournament result": RESULT.save,
}


@pytest.mark.parametrize("writer", WRITERS)
def test_a_save_that_fails_part_way_leaves_the_old_file_intact(tmp_path: Path, writer: str) -> None:
    path = tmp_path / "output"
    path.write_text("the old file, whole\n", encoding="utf-8")
    with files_cut_at(64), pytest.raises(sg.WriteError) as info:
        WRITERS[writer](path)
    assert str(info.value) == f"cannot write {str(path)!r}: File too large"
    assert path.read_text(encoding="utf-8") == "the old file, whole\n"
    assert [p.name for p in tmp_path.iterdir()] == ["output"]  # no temporary file left behind


@pytest.mark.parametrize("writer", WRITERS)
def test_saving_where_no_file_can_be_names_the_path(tmp_path: Path, writer: str) -> None:
    with pytest.raises(sg.WriteError, match="it is a folder, not a file"):
        WRITERS[writer](tmp_path)
    with pytest.raises(sg.WriteError, match="No such file or directory") as info:
        WRITERS[writer](tmp_path / "missing" / "out.json")
    assert info.value.path == tmp_path / "missing" / "out.json"


def test_a_tournament_json_that_fails_part_way_exits_2_keeping_the_old_file(tmp_path: Path) -> None:
    out = tmp_path / "result.json"
    out.write_text("{}\n", encoding="utf-8")
    with files_cut_at(64):
        result = invoke(
            "tournament", FAST, "--agents", "random,random", "-n", "2", "--json", str(out), "--no-progress"
        )
    assert_one_line_error(result, f"cannot write {str(out)!r}: File too large")
    assert out.read_text(encoding="utf-8") == "{}\n"


def test_the_tournament_outputs_are_checked_before_the_run(tmp_path: Path) -> None:
    tournament_args = ("tournament", FAST, "--agents", "random,random", "-n", "4", "--no-progress")
    missing = tmp_path / "no" / "such" / "result.json"
    result = invoke(*tournament_args, "--json", str(missing), "--records", str(tmp_path / "records"))
    assert_one_line_error(result, f"cannot write {str(missing)!r}: No such file or directory")
    assert "win rate" not in result.stdout  # nothing was played
    assert not (tmp_path / "records").exists()
    a_file = tmp_path / "a-file"
    a_file.write_text("", encoding="utf-8")
    result = invoke(*tournament_args, "--records", str(a_file))
    assert_one_line_error(result, f"cannot write {str(a_file)!r}: it is a file, not a folder")
    result = invoke(*tournament_args, "--json", str(tmp_path))
    assert result.exit_code == 2  # click refuses a folder for a file
    assert "Traceback" not in result.output


def test_match_save_is_checked_before_the_matches(tmp_path: Path) -> None:
    a_file = tmp_path / "a-file"
    a_file.write_text("", encoding="utf-8")
    result = invoke("match", FAST, "--games", "3", "--save", str(a_file / "records"))
    assert_one_line_error(result, f"cannot write {str(a_file / 'records')!r}")
    assert "random matches" not in result.stdout


def test_replay_html_that_cannot_be_written_exits_2(tmp_path: Path) -> None:
    record = RECORD.save(tmp_path / "match.json")
    result = invoke("replay", str(record), "--html", str(tmp_path / "missing" / "page.html"))
    assert_one_line_error(result, "page.html", "No such file or directory")


def test_analyze_json_that_cannot_be_written_exits_2(tmp_path: Path) -> None:
    out = tmp_path / "missing" / "seats.json"
    args = ("--agents", "random", "--backend", "serial", "--no-progress", "--games", "2", "--json", str(out))
    result = invoke("analyze", FAST, "seats", *args)
    assert_one_line_error(result, f"cannot write {str(out)!r}: No such file or directory")


def test_play_save_is_checked_before_the_game(tmp_path: Path) -> None:
    a_file = tmp_path / "a-file"
    a_file.write_text("", encoding="utf-8")
    result = invoke("play", FAST, "--watch", "--vs", "random", "--save", str(a_file / "game.json"))
    assert_one_line_error(result, f"cannot write {str(a_file)!r}")
    assert "seat 0 (random)" not in result.stdout  # the game never began
