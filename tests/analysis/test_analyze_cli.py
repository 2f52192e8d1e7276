"""`shardgames analyze GAME seats|lengths|content|matchups|power`, through click's CliRunner."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from embers import EmbersState

import shardgames as sg
from shardgames.cli import cli
from shardgames.cli.analyze import cell

FAST = ("--agents", "random", "--backend", "serial", "--no-progress")


def invoke(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args), env={"COLUMNS": "200"})


def test_seats_prints_the_table_and_the_verdict(tmp_path: Path) -> None:
    out = tmp_path / "seats.json"
    result = invoke("analyze", "embers(max_turns=30)", "seats", "--games", "12", "--json", str(out), *FAST)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == "embers(max_turns=30): 12 games, seed 0, agents random"
    assert "decisive share" in result.stdout
    assert "of decisive games (95% CI" in result.stdout
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["games"] == 12
    assert data["verdict"] in result.stdout


def test_lengths_reports_the_turn_cap(tmp_path: Path) -> None:
    out = tmp_path / "lengths.json"
    result = invoke(
        "analyze", "embers(max_turns=12)", "lengths", "-n", "10", "-s", "1", "--json", str(out), *FAST
    )
    assert result.exit_code == 0, result.output
    assert " steps " in result.stdout
    assert " turns " in result.stdout
    assert "70.0% of the games ended by the turn cap" in result.stdout
    assert json.loads(out.read_text(encoding="utf-8"))["truncated_share"] == 0.7


def test_content(duel: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "content.json"
    result = invoke("analyze", "duel", "content", "--games", "8", "--top", "2", "--json", str(out), *FAST)
    assert result.exit_code == 0, result.output
    assert "duel: 8 games, seed 0, agents random (the 2 most used of 3)" in result.stdout
    assert result.stdout.splitlines()[4].split()[0] == "mid"  # the title, a blank, the header, the rule
    assert len(json.loads(out.read_text(encoding="utf-8"))["content"]) == 3
    # A game that does not override the hook reports nothing, and says so.
    monkeypatch.setattr(EmbersState, "content_used", sg.State.content_used)
    nothing = invoke("analyze", "embers(max_turns=5)", "content", "--games", "2", *FAST)
    assert "no content used (the game does not report it)" in nothing.stdout


def test_matchups(duel: str, tmp_path: Path) -> None:
    out = tmp_path / "matchups.json"
    result = invoke(
        "analyze", "duel", "matchups", "--parameter", "decks", "--options", "low,high", "--agents", "random",
        "--games", "4", "--backend", "serial", "--no-progress", "--json", str(out),
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert (
        "duel: 16 games, 4 per ordered pair, seed 0, agents random: score of the row against the column"
        in result.stdout
    )
    assert "as seat0 score" in result.stdout
    assert "against the field (mirrors left out)" in result.stdout
    data = json.loads(out.read_text(encoding="utf-8"))
    assert [(row["option"], row["opponent"]) for row in data["matchups"]][:2] == [
        ("low", "low"),
        ("low", "high"),
    ]


def test_power_without_and_with_a_tournament(tmp_path: Path) -> None:
    result = invoke("analyze", "embers", "power", "--difference", "0.1", "--sizes", "100,400")
    assert result.exit_code == 0, result.output
    assert "games needed to detect +0.1 from 0.5 (5% level, 80% power)" in result.stdout
    assert "one rate against 0.5" in result.stdout
    assert " 194" in result.stdout
    assert " 388" in result.stdout
    assert "what more games buy, at a rate of 0.5" in result.stdout
    out = tmp_path / "power.json"
    played = invoke("analyze", "embers", "power", "--games", "6", "--sizes", "100", "--json", str(out), *FAST)
    assert played.exit_code == 0, played.output
    assert "at the rates of embers: 6 games, seed 0, agents random" in played.stdout
    data = json.loads(out.read_text(encoding="utf-8"))
    assert [row["games"] for row in data["games_needed"]] == [4904, 9806, 9804]
    assert [row["subject"] for row in data["sensitivity"]["rows"]] == ["seat 0", "seat 1"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("analyze", "nope", "seats"), "no game named 'nope'"),
        (("analyze", "embers", "seats", "--agents", "greedy"), "embers has no greedy agent"),
        (("analyze", "embers", "power", "--difference", "0.7"), "difference must be non-zero"),
        (("analyze", "embers", "power", "--sizes", "10,many"), "--sizes: whole numbers of games"),
        (
            (
                "analyze",
                "embers",
                "matchups",
                "--parameter",
                "max_turns",
                "--options",
                ",",
                "--agents",
                "random",
            ),
            "--options: name the options",
        ),
        (
            ("analyze", "embers", "matchups", "--parameter", "deck", "--options", "a", "--agents", "random"),
            "embers has no parameter 'deck'",
        ),
    ],
)
def test_mistakes_exit_2_with_one_message(args: tuple[str, ...], message: str) -> None:
    result = invoke(*args)
    assert result.exit_code == 2, result.output
    assert message in result.output
    assert "Traceback" not in result.output


def test_missing_options_are_click_usage_errors() -> None:
    result = invoke("analyze", "embers", "matchups", "--agents", "random")
    assert result.exit_code == 2
    assert "Missing option '--options'" in result.output


def test_matchups_takes_its_agents_as_every_analysis_does() -> None:
    """One option names the agents, --agents, as in `shardgames tournament`: no --agent beside it."""
    result = invoke("analyze", "embers", "matchups", "--options", "2,3", "--agent", "random")
    assert result.exit_code == 2
    assert "No such option '--agent'" in result.output
    assert "--agents" in invoke("analyze", "embers", "matchups", "--help").output


def test_cells() -> None:
    assert cell("p_value", 0.0123) == "0.012"
    assert cell("games", 3) == "3"
    assert cell("sd", float("nan")) == "-"
    assert cell("flag", True) == "yes"
    assert cell("steps", 123456.0) == "123456"


def test_the_default_player_is_the_strongest_that_fits_the_move_time() -> None:
    fast = ("--backend", "serial", "--no-progress", "--games", "2")
    game = sg.load_game("embers")
    quick = invoke("analyze", "embers(max_turns=8)", "seats", *fast)
    assert quick.exit_code == 0, quick.output
    assert quick.stdout.splitlines()[0].endswith("agents random")  # no greedy agent, no time to search
    seconds = 4 / game.search_rate
    searched = invoke("analyze", "embers(max_turns=8)", "seats", "--move-time", str(seconds), *fast)
    assert searched.exit_code == 0, searched.output
    assert searched.stdout.splitlines()[0].endswith("agents mcts:sims=4")
    both = invoke("analyze", "embers", "seats", "--agents", "random", "--move-time", "0.1", *fast)
    assert both.exit_code == 2
    assert "give --agents or --move-time, not both" in both.output
    never = invoke("analyze", "embers", "seats", "--move-time", "0", *fast)
    assert never.exit_code == 2
    assert "0.0 is not in the range x>0" in never.output
