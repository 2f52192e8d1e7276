"""The `shardgames` command: click's CliRunner for the commands, subprocesses for the real entry point."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import click
import pytest
from click.testing import CliRunner, Result

import shardgames as sg
from shardgames.cli import cli
from shardgames.kernel import game as game_module

ROOT = Path(__file__).resolve().parents[1]
EMBERS_FILE = str(ROOT / "examples" / "embers.py")
WITH_EMBERS = ("--import", f"{EMBERS_FILE}:EmbersGame")
INSTALLED = ["command", "sota", "tactics"]  # the games this package registers through its entry points


@pytest.fixture(autouse=True)
def fresh_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test starts with only the installed games registered (not embers, whatever ran before)."""
    monkeypatch.setattr(game_module, "_REGISTRY", {})
    monkeypatch.setattr(game_module, "_ENTRY_POINTS_LOADED", False)


def invoke(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args))


def run_command(*args: str, **kwargs: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "shardgames", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        **kwargs,  # type: ignore[call-overload]
    )


def assert_user_error(result: Result, *fragments: str) -> None:
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    for fragment in fragments:
        assert fragment in result.stderr


# ---------------------------------------------------------------------- --version, list


def test_version() -> None:
    result = invoke("--version")
    assert result.exit_code == 0
    assert result.output == f"shardgames {sg.__version__}\n"


def test_list_without_embers_does_not_show_it() -> None:
    result = invoke("list")
    assert result.exit_code == 0, result.output
    assert "embers" not in result.output
    if not sg.list_games():
        assert "No games are registered" in result.output


def test_list_with_embers_imported_shows_its_parameters() -> None:
    result = invoke(*WITH_EMBERS, "list")
    assert result.exit_code == 0, result.output
    for text in ("embers", "Embers", "players", "max_turns", "chance", "int 2..4", "auto | explicit"):
        assert text in result.output
    assert str(sg.load_game("embers").num_distinct_actions) in result.output


def test_import_by_module_name_registers_too() -> None:
    result = invoke("--import", "embers:EmbersGame", "list", "--json")  # examples/ is on sys.path
    assert result.exit_code == 0, result.output
    assert [g["name"] for g in json.loads(result.stdout)["games"]] == sorted(["embers", *INSTALLED])


def test_list_json() -> None:
    result = invoke(*WITH_EMBERS, "list", "--json")
    assert result.exit_code == 0, result.output
    games = {g["name"]: g for g in json.loads(result.stdout)["games"]}
    embers = games["embers"]
    assert embers["title"] == "Embers"
    assert embers["num_distinct_actions"] == sg.load_game("embers").num_distinct_actions
    assert embers["num_players"] == 2
    assert [p["name"] for p in embers["parameters"]] == ["players", "max_turns", "chance"]
    players = embers["parameters"][0]
    assert players == {"name": "players", "kind": "int 2..4", "default": 2, "doc": "number of seats"}


def test_list_shows_the_seats_each_game_takes() -> None:
    """A game with a players parameter takes its range of seats, not only the default number."""
    result = invoke(*WITH_EMBERS, "list", "--json")
    games = {g["name"]: g for g in json.loads(result.stdout)["games"]}
    seats = {name: (g["num_players"], g["min_players"], g["max_players"]) for name, g in games.items()}
    assert seats == {"command": (2, 2, 2), "embers": (2, 2, 4), "sota": (2, 2, 6), "tactics": (2, 2, 2)}
    table = CliRunner().invoke(cli, [*WITH_EMBERS, "list"], env={"COLUMNS": "200"}).output
    rows = {line.split("│")[1].strip(): line.split("│")[3].strip() for line in table.splitlines()[4:8]}
    assert rows == {"command": "2", "embers": "2-4", "sota": "2-6", "tactics": "2"}


def test_match_help_suggests_only_registered_games_or_the_import_form() -> None:
    result = invoke("match", "--help")
    assert result.exit_code == 0, result.output
    suggested = {word for word in sg.list_games() if word in result.output}
    assert suggested
    for line in result.output.splitlines():
        if "embers" in line:
            assert "--import examples/embers.py:EmbersGame" in line


def test_list_json_without_embers_lists_only_the_installed_games() -> None:
    result = invoke("list", "--json")
    assert result.exit_code == 0
    assert [g["name"] for g in json.loads(result.stdout)["games"]] == INSTALLED


# ---------------------------------------------------------------------- match


def test_match_with_a_fixed_seed_prints_the_same_table_twice() -> None:
    first = invoke(*WITH_EMBERS, "match", "embers(players=3)", "--games", "5", "--seed", "11")
    second = invoke(*WITH_EMBERS, "match", "embers(players=3)", "--games", "5", "--seed", "11")
    assert first.exit_code == 0, first.output
    assert first.output == second.output
    assert "embers(players=3): 5 random matches, seed 11" in first.output
    assert "win rate" in first.output
    assert "mean length" in first.output
    assert "playing" not in first.output  # no progress bar when stdout is not a terminal


def test_match_json_counts_add_up_and_follow_the_seeds() -> None:
    result = invoke(*WITH_EMBERS, "match", "embers", "--games", "6", "--seed", "3", "--json")
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert summary["game"] == "embers"
    assert summary["games"] == 6
    assert [m["seed"] for m in summary["matches"]] == [sg.derive_seed(3, i) for i in range(6)]
    for seat in summary["seats"]:
        assert seat["wins"] + seat["draws"] + seat["losses"] == 6
        assert seat["win_rate"] == pytest.approx(seat["wins"] / 6)
    assert sum(s["wins"] for s in summary["seats"]) + summary["draws"] == 6
    lengths = [m["length"] for m in summary["matches"]]
    assert summary["mean_length"] == pytest.approx(sum(lengths) / 6)
    again = invoke(*WITH_EMBERS, "match", "embers", "--games", "6", "--seed", "3", "--json")
    assert again.stdout == result.stdout


def test_match_save_writes_records_that_replay(tmp_path: Path) -> None:
    folder = tmp_path / "records"
    result = invoke(*WITH_EMBERS, "match", "embers", "--games", "3", "--seed", "5", "--save", str(folder))
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in folder.iterdir()) == ["match-0.json", "match-1.json", "match-2.json"]
    for index in range(3):
        record = sg.MatchRecord.load(folder / f"match-{index}.json")
        assert record.seed == sg.derive_seed(5, index)
        assert record.replay().returns() == record.returns


def test_match_save_one_game_to_a_json_file(tmp_path: Path) -> None:
    path = tmp_path / "one.json"
    result = invoke(*WITH_EMBERS, "match", "embers", "--games", "1", "--save", str(path), "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["saved"] == [str(path)]
    record = sg.MatchRecord.load(path)
    assert record.replay().returns() == record.returns
    assert list(record.returns) == json.loads(result.stdout)["matches"][0]["returns"]


def test_match_save_pads_file_names_and_refuses_many_games_in_one_file(tmp_path: Path) -> None:
    folder = tmp_path / "many"
    result = invoke(*WITH_EMBERS, "match", "embers", "--games", "11", "--save", str(folder), "--no-progress")
    assert result.exit_code == 0, result.output
    names = sorted(p.name for p in folder.iterdir())
    assert names[0] == "match-00.json"
    assert names[-1] == "match-10.json"
    result = invoke(*WITH_EMBERS, "match", "embers", "--games", "2", "--save", str(tmp_path / "x.json"))
    assert_user_error(result, "a .json file holds one match")


def test_one_of_anything_is_said_in_the_singular(tmp_path: Path) -> None:
    result = invoke(*WITH_EMBERS, "match", "embers", "--games", "1", "--save", str(tmp_path / "one.json"))
    assert result.exit_code == 0, result.output
    assert "embers: 1 random match, seed 0" in result.output
    assert "saved 1 record to " in result.output
    result = invoke(*WITH_EMBERS, "tournament", "embers", "--agents", "random", "-n", "1", "--workers", "1")
    assert result.exit_code == 0, result.output
    assert "embers: 1 game, seed " in result.output


# A count from len() followed by a plural noun in an f-string: "{len(games)} games" says "1 games".
COUNTED_NOUN = re.compile(r"\{len\([^{}]*\)\} [a-z]+s\b|'s' if |'s' \* \(|\"s\" \* \(")


@pytest.mark.parametrize("package", ["cli", "arena", "analysis"])
def test_counts_in_output_go_through_plural(package: str) -> None:
    """Output words counts with `shardgames.render.text.plural`, never with a fixed plural noun."""
    found = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for path in sorted((ROOT / "shardgames" / package).rglob("*.py"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if COUNTED_NOUN.search(line)
    ]
    assert found == []


def test_no_two_options_of_a_command_fill_the_same_parameter() -> None:
    """Two spellings of one parameter (--agent and --agents) would let the last one given silently win."""

    def commands(group: click.Command, path: str) -> Iterator[tuple[str, click.Command]]:
        yield path, group
        for name, command in getattr(group, "commands", {}).items():
            yield from commands(command, f"{path} {name}")

    clashes = {}
    for path, command in commands(cli, "shardgames"):
        names = [param.name for param in command.params]
        repeated = sorted({name for name in names if names.count(name) > 1 and name is not None})
        if repeated:
            clashes[path] = repeated
    assert clashes == {}


# ---------------------------------------------------------------------- errors


def test_unknown_game_exits_2_and_names_the_registered_games() -> None:
    result = invoke(*WITH_EMBERS, "match", "nope")
    assert_user_error(result, "no game named 'nope'", "registered games: command, embers", "--import")


def test_bad_parameters_exit_2_and_list_every_problem() -> None:
    result = invoke(*WITH_EMBERS, "match", "embers(players=9,colour=red)")
    assert_user_error(result, "2 problems", "players: must be between 2 and 4", "unknown parameter 'colour'")


def test_unreadable_game_string_exits_2() -> None:
    assert_user_error(invoke(*WITH_EMBERS, "match", "embers(players="), "game string")


@pytest.mark.parametrize(
    ("target", "message"),
    [
        ("examples/no_such_game.py", "no such file"),
        ("no_such_module_anywhere", "No module named 'no_such_module_anywhere'"),
        (f"{EMBERS_FILE}:NoSuchClass", "has no class 'NoSuchClass'"),
        ("json:JSONDecoder", "is not a Game subclass"),
    ],
)
def test_bad_import_exits_2_with_one_line(target: str, message: str) -> None:
    result = invoke("--import", target, "list")
    assert_user_error(result, "--import", message)
    assert len(result.stderr.strip().splitlines()) == 1


def test_main_without_the_cli_extra_names_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from shardgames.cli import main

    monkeypatch.setitem(sys.modules, "click", None)  # makes `import click` fail
    with pytest.raises(SystemExit) as excinfo:
        main(["list"])
    assert excinfo.value.code == 1
    assert "pip install 'shardgames[cli]'" in capsys.readouterr().err


# ---------------------------------------------------------------------- the real command


def test_real_command_plays_and_prints_json() -> None:
    args = ("--import", "examples/embers.py:EmbersGame", "match", "embers", "--games", "2", "--json")
    done = run_command(*args)
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    assert summary["games"] == 2
    assert run_command(*args).stdout == done.stdout


def test_real_command_list_in_a_fresh_process_has_no_embers() -> None:
    done = run_command("list", "--json")
    assert done.returncode == 0, done.stderr
    assert "embers" not in [g["name"] for g in json.loads(done.stdout)["games"]]


def test_real_command_reports_errors_without_traceback() -> None:
    done = run_command("match", "nope")
    assert done.returncode == 2
    assert "no game named 'nope'" in done.stderr
    assert "Traceback" not in done.stderr


def test_real_command_without_click_and_rich_says_what_to_install() -> None:
    code = (
        "import sys; sys.modules['click'] = None; sys.modules['rich'] = None; "
        "import shardgames.cli; shardgames.cli.main(['list'])"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 1
    assert "pip install 'shardgames[cli]'" in done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="needs a pseudo-terminal")
@pytest.mark.parametrize(("extra", "shows_progress"), [((), True), (("--no-progress",), False)])
def test_progress_bar_only_on_a_terminal(extra: tuple[str, ...], shows_progress: bool) -> None:
    import pty

    leader, follower = pty.openpty()
    args = ("--import", "examples/embers.py:EmbersGame", "match", "embers", "--games", "30", *extra)
    env = {**os.environ, "COLUMNS": "100"}
    with subprocess.Popen(
        [sys.executable, "-m", "shardgames", *args], cwd=ROOT, stdout=follower, stderr=follower, env=env
    ) as process:
        os.close(follower)
        chunks = []
        while True:
            try:
                chunk = os.read(leader, 4096)
            except OSError:  # the terminal closes when the process exits
                break
            if not chunk:
                break
            chunks.append(chunk)
        assert process.wait(timeout=120) == 0
    os.close(leader)
    output = b"".join(chunks).decode("utf-8", "replace")
    assert "mean length" in output
    assert ("playing embers" in output) == shows_progress
