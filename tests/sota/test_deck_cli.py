"""`shardgames deck validate` and `shardgames cards` for SOTA, through click's CliRunner."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from shardgames.cli import cli
from shardgames.sota import cards as cards_module
from shardgames.sota.decks import validate_deck_file

DATA = Path(__file__).parent / "data"
VALID = str(DATA / "valid_deck.toml")
INVALID = str(DATA / "invalid_deck.toml")


def invoke(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args))


def assert_user_error(result: Result, *fragments: str) -> None:
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    for fragment in fragments:
        assert fragment in result.stderr


# ---------------------------------------------------------------------- deck validate


def test_sota_3_valid_file_exits_0_and_says_legal() -> None:
    """SOTA-3, R3: a file whose every deck is legal exits with 0."""
    result = invoke("deck", "validate", "sota", VALID)
    assert result.exit_code == 0, result.output
    assert "full-kiln: legal" in result.stdout
    assert "pocket: legal" in result.stdout
    assert "2 decks checked, 2 legal, 0 illegal" in result.stdout


def test_sota_4_invalid_file_exits_1_and_prints_every_problem() -> None:
    """SOTA-3, 4, R3, R4: every problem of every deck is printed, one per line; the exit code is 1."""
    result = invoke("deck", "validate", "sota", INVALID)
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    lines = result.stdout.splitlines()
    assert "headless: illegal, 4 problems:" in lines
    assert "all-crowns: illegal, 3 problems:" in lines
    for problems in validate_deck_file(INVALID).values():
        for problem in problems:
            assert f"  - {problem}" in lines
    assert "2 decks checked, 0 legal, 2 illegal" in result.stdout


def test_one_deck_with_deck_option() -> None:
    result = invoke("deck", "validate", "sota", INVALID, "--deck", "all-crowns")
    assert result.exit_code == 1, result.output
    assert "all-crowns: illegal" in result.stdout
    assert "headless" not in result.stdout
    legal = invoke("deck", "validate", "sota", VALID, "--deck", "pocket")
    assert legal.exit_code == 0, legal.output
    assert "1 deck checked, 1 legal, 0 illegal" in legal.stdout


def test_json_output_lists_problems_and_keeps_the_exit_code() -> None:
    result = invoke("deck", "validate", "sota", INVALID, "--json")
    assert result.exit_code == 1, result.output
    report = json.loads(result.stdout)
    assert report["game"] == "sota"
    assert report["legal"] is False
    assert [d["name"] for d in report["decks"]] == ["headless", "all-crowns"]
    assert {d["name"]: d["problems"] for d in report["decks"]} == validate_deck_file(INVALID)
    assert not any(d["legal"] for d in report["decks"])
    valid = json.loads(invoke("deck", "validate", "sota", VALID, "--json").stdout)
    assert valid["legal"] is True
    assert all(d["problems"] == [] for d in valid["decks"])


def test_a_starter_deck_file_is_legal() -> None:
    """SOTA-5, R3: the shipped Starter Decks pass the command too."""
    starter = Path(cards_module.__file__).parent / "data" / "starter.toml"
    result = invoke("deck", "validate", "sota", str(starter))
    assert result.exit_code == 0, result.output
    assert "5 decks checked, 5 legal, 0 illegal" in result.stdout


def test_bad_toml_exits_2_with_the_problem_and_no_traceback(tmp_path: Path) -> None:
    path = tmp_path / "broken.toml"
    path.write_text('[[deck]]\nname = "oops\n', encoding="utf-8")
    assert_user_error(invoke("deck", "validate", "sota", str(path)), str(path), "not valid TOML")


def test_malformed_cards_exit_2_listing_every_problem(tmp_path: Path) -> None:
    path = tmp_path / "cards.toml"
    path.write_text(
        '[[character]]\nid = "x"\nname = "X"\nstats = { agility = 9, vitality = 1, luck = 1, magic = 1, '
        'charisma = 1 }\n[[deck]]\nname = "d"\ncards = ["x", "ghost"]\n',
        encoding="utf-8",
    )
    result = invoke("deck", "validate", "sota", str(path))
    assert_user_error(
        result, "character[0].stats.agility: must be an int 1..6, not 9", "no card with id 'ghost'"
    )


def test_a_missing_file_exits_2(tmp_path: Path) -> None:
    assert_user_error(
        invoke("deck", "validate", "sota", str(tmp_path / "nowhere.toml")), "cannot read the file"
    )


@pytest.mark.parametrize("game", ["chess", "embers", "kernel", "../sota", "sota.cards"])
def test_unknown_game_exits_2_and_names_the_games_with_deck_rules(game: str) -> None:
    result = invoke("deck", "validate", game, VALID)
    assert_user_error(
        result, f"no deck validation for game {game!r}", "games with deck validation: command, sota"
    )


def test_unknown_deck_name_exits_2() -> None:
    result = invoke("deck", "validate", "sota", VALID, "--deck", "nope")
    assert_user_error(result, "no deck named 'nope'", "its decks: full-kiln, pocket")


def test_a_file_without_decks_exits_2(tmp_path: Path) -> None:
    path = tmp_path / "cards.toml"
    path.write_text('[[trait]]\nid = "t"\nname = "T"\nkind = "grit"\n', encoding="utf-8")
    assert_user_error(invoke("deck", "validate", "sota", str(path)), "holds no decklists")


def test_missing_arguments_are_usage_errors() -> None:
    assert invoke("deck", "validate").exit_code == 2
    assert invoke("deck").exit_code == 2  # no subcommand: click prints the group's usage


def test_without_a_file_the_starter_decks_are_checked() -> None:
    result = invoke("deck", "validate", "sota")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[:5] == ["ember: legal", "tide: legal", "gale: legal", "grove: legal", "umbra: legal"]
    assert lines[5] == "shipped decks: 5 decks checked, 5 legal, 0 illegal"
    data = json.loads(invoke("deck", "validate", "sota", "--json").stdout)
    assert data["file"] == "shipped decks"


def test_an_unknown_starter_deck_is_named_without_the_packages_files() -> None:
    result = invoke("deck", "validate", "sota", "--deck", "nosuchdeck")
    assert result.exit_code == 2, result.output
    assert "--deck: shipped decks has no deck named 'nosuchdeck'; its decks: ember" in result.stderr
    assert "starter.toml" not in result.stderr


# ---------------------------------------------------------------------- cards


def test_cards_of_the_ember_deck_list_casstia() -> None:
    """SOTA-D1: "Deck 1 also contains the cards the text names [...] Casstia (Standard)"."""
    result = invoke("cards", "sota", "--deck", "ember")
    assert result.exit_code == 0, result.output
    assert "Casstia" in result.stdout
    assert "casstia" in result.stdout
    assert "Kilnfire Atelier" in result.stdout
    assert "tide-" not in result.stdout


def test_cards_json_of_one_deck() -> None:
    result = invoke("cards", "sota", "--deck", "ember", "--json")
    assert result.exit_code == 0, result.output
    (deck,) = json.loads(result.stdout)["decks"]
    assert deck["name"] == "ember"
    assert len(deck["cards"]) == 54
    cards = {card["id"]: card for card in deck["cards"]}
    casstia = cards["casstia"]
    assert casstia["type"] == "character"
    assert casstia["variant"] == "standard"
    assert casstia["stats"] == {"agility": 3, "vitality": 2, "luck": 2, "magic": 6, "charisma": 2}
    assert cards["livaris"]["details"] == "twin of Saravel"
    assert cards["ember-ally-magic-3"]["details"] == "+3 Magic"
    assert cards["ember-trait-siphon-magic"]["details"] == "Siphon(magic)"


def test_cards_without_deck_lists_every_starter_card() -> None:
    result = invoke("cards", "sota", "--json")
    assert result.exit_code == 0, result.output
    decks = json.loads(result.stdout)["decks"]
    assert [d["name"] for d in decks] == ["ember", "tide", "gale", "grove", "umbra"]
    assert sum(len(d["cards"]) for d in decks) == 270
    table = invoke("cards", "sota")
    assert table.exit_code == 0, table.output
    for title in (
        "Kilnfire Atelier",
        "Saltmarsh Dyeworks",
        "Loomwind Guild",
        "Heartwood Circle",
        "Inkshade Press",
    ):
        assert title in table.stdout


def test_cards_of_an_unknown_deck_or_game_exit_2() -> None:
    assert_user_error(invoke("cards", "sota", "--deck", "nope"), "no starter deck named 'nope'", "ember")
    assert_user_error(invoke("cards", "chess"), "no card list for game 'chess'")
