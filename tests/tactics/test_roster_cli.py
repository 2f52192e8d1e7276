"""`shardgames cards tactics` and `shardgames roster validate`, through click's CliRunner."""

from __future__ import annotations

import json
import re
import tomllib
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from shardgames.cli import cli
from shardgames.kernel.errors import CardError
from shardgames.tactics import TacticsGame, load_roster_file, starter_roster
from shardgames.tactics.effects import EFFECTS
from shardgames.tactics.render import movement_text
from shardgames.tactics.warriors import parse_effect, parse_move, parse_roster

EFFECT_WARRIORS = Path(__file__).parent / "data" / "effect_warriors.toml"
SHIPPED_ROSTER = resources.files("shardgames.tactics").joinpath("data/roster.toml")

# A new warrior, and a Knight that replaces the standard one (a custom injured name, an extension effect).
CUSTOM = """
[[warrior]]
id = "lancer"
name = "Lancer"
cost = 4
uninjured = { might = 3, move = "ortho 3 jump", effect = "STRIKER(1)" }
injured = { might = 2, move = "ortho 1" }

[[warrior]]
id = "knight"
name = "Knight"
cost = 6
uninjured = { might = 5, move = "any exact 2", effect = "RIPOSTE_MOVE" }
injured = { name = "Knight, Unhorsed", might = 3, move = "free 1", effect = "PLACE_TERRAIN(rock)" }
"""

# Four problems in one warrior: a cost out of range, a movement and an effect that do not read, a stray field.
BROKEN = """
[[warrior]]
id = "golem"
name = "Golem"
cost = 30
uninjured = { might = 5, move = "sideways 2", effect = "RANGED" }
injured = { might = 3, move = "ortho 1", speed = 2 }
"""

WARRIOR_KEYS = {"number", "id", "name", "letter", "cost", "commander", "source", "uninjured", "injured"}
SIDE_KEYS = {"name", "might", "move", "effect"}
MOVE_KEYS = {"grammar", "words", "directions", "spaces", "exact", "mode"}
EFFECT_KEYS = {"name", "params", "text", "timing", "optional", "reminder"}


def invoke(*args: str, width: int | None = None) -> Result:
    env = {"COLUMNS": str(width)} if width is not None else None
    return CliRunner().invoke(cli, list(args), env=env)


def assert_user_error(result: Result, *fragments: str) -> None:
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    for fragment in fragments:
        assert fragment in result.stderr


def write(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def cells(line: str) -> list[str]:
    """A table row's cells: the columns are at least two spaces apart, and no cell holds two spaces."""
    return re.split(r"\s{2,}", line.strip())


def listing(*args: str) -> dict[str, Any]:
    result = invoke("cards", "tactics", *args, "--json")
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.stdout)
    return data


# ---------------------------------------------------------------------- cards tactics: the table


def test_tac_d1_table_lists_every_warrior_with_its_numbers() -> None:
    """TAC-D1: the eleven warriors, each side with its Might, its movement as the roster file writes
    it, and its effect with the parameters."""
    written = {
        entry["id"]: entry for entry in tomllib.loads(SHIPPED_ROSTER.read_text(encoding="utf-8"))["warrior"]
    }
    result = invoke("cards", "tactics", width=200)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert "tactics roster: 11 warriors, 3 of them commanders" in lines[0]
    roster = starter_roster()
    assert len(roster) == 11
    for card in roster:
        (index,) = [i for i, line in enumerate(lines) if line.strip().startswith(f"{card.id} ")]
        uninjured, injured = written[card.id]["uninjured"], written[card.id]["injured"]
        commander = ["yes"] if card.commander else []
        assert cells(lines[index]) == [
            card.id,
            card.name,
            str(card.cost),
            *commander,
            "uninjured",
            str(uninjured["might"]),
            uninjured["move"],
            *([uninjured["effect"].replace(" ", "")] if "effect" in uninjured else []),
        ]
        assert cells(lines[index + 1]) == [
            "injured",
            str(injured["might"]),
            injured["move"],
            *([injured["effect"].replace(" ", "")] if "effect" in injured else []),
        ]


def test_table_shows_each_effect_with_its_reminder_text() -> None:
    result = invoke("cards", "tactics", width=200)
    assert result.exit_code == 0, result.output
    rows = {cells(line)[0]: cells(line)[1:] for line in result.stdout.splitlines() if line.strip()}
    assert rows["RANGED(3)"] == [EFFECTS["RANGED"].reminder((3,))]
    assert rows["TERRAIN_AFFINITY(water,1)"] == ["Passive: +1 Might while standing in water."]
    assert rows["NUDGE"] == [EFFECTS["NUDGE"].reminder(())]


def test_table_on_a_narrow_terminal_still_names_every_warrior() -> None:
    result = invoke("cards", "tactics", width=80)
    assert result.exit_code == 0, result.output
    assert max(len(line) for line in result.stdout.splitlines()) <= 80
    starts = [line.split()[0] for line in result.stdout.splitlines() if line.strip()]
    for card in starter_roster():
        assert card.id in starts


# ---------------------------------------------------------------------- cards tactics --json


def test_json_shape() -> None:
    data = listing()
    assert set(data) == {"game", "roster_files", "warriors"}
    assert data["game"] == "tactics"
    assert data["roster_files"] == []
    warriors = data["warriors"]
    game = TacticsGame()
    assert [w["id"] for w in warriors] == [card.id for card in game.roster]
    assert [w["number"] for w in warriors] == list(range(11))
    assert [w["letter"] for w in warriors] == list(game.codes)
    for warrior in warriors:
        assert set(warrior) == WARRIOR_KEYS
        assert warrior["source"] == "standard"
        for side_name in ("uninjured", "injured"):
            side = warrior[side_name]
            assert set(side) == SIDE_KEYS
            assert set(side["move"]) == MOVE_KEYS
            assert side["effect"] is None or set(side["effect"]) == EFFECT_KEYS
    knight = warriors[6]
    assert (knight["name"], knight["cost"], knight["commander"], knight["letter"]) == (
        "Knight",
        5,
        False,
        "K",
    )
    assert knight["uninjured"]["might"] == 4
    assert knight["uninjured"]["move"] == {
        "grammar": "any 2",
        "words": "up to 2 spaces in any direction",
        "directions": "any",
        "spaces": 2,
        "exact": False,
        "mode": "none",
    }
    assert knight["uninjured"]["effect"] == {
        "name": "RIPOSTE_MOVE",
        "params": [],
        "text": "RIPOSTE_MOVE",
        "timing": "reactive",
        "optional": True,
        "reminder": EFFECTS["RIPOSTE_MOVE"].reminder(()),
    }
    assert knight["injured"]["effect"] is None
    diver = warriors[3]["uninjured"]["effect"]
    assert (diver["params"], diver["text"]) == (["water", 1], "TERRAIN_AFFINITY(water,1)")
    archer = warriors[1]["injured"]
    assert archer["move"]["grammar"] == "none"
    assert archer["move"]["words"] == "cannot move"
    assert archer["effect"]["text"] == "RANGED(2)"
    assert [w["id"] for w in warriors if w["commander"]] == ["cmdr-vale", "cmdr-oren", "cmdr-kess"]


def test_json_holds_the_whole_roster() -> None:
    """The JSON is enough to rebuild every card: grammar and effect text read back as they were."""
    warriors = listing()["warriors"]
    rebuilt = parse_roster(
        {
            "warrior": [
                {
                    "id": w["id"],
                    "name": w["name"],
                    "cost": w["cost"],
                    "commander": w["commander"],
                    **{
                        side: {
                            "name": w[side]["name"],
                            "might": w[side]["might"],
                            "move": w[side]["move"]["grammar"],
                            **({"effect": w[side]["effect"]["text"]} if w[side]["effect"] else {}),
                        }
                        for side in ("uninjured", "injured")
                    },
                }
                for w in warriors
            ]
        }
    )
    assert rebuilt == starter_roster()
    for warrior, card in zip(warriors, starter_roster(), strict=True):
        for side_name in ("uninjured", "injured"):
            side, spec = warrior[side_name], card.side(side_name == "injured")
            assert parse_move(side["move"]["grammar"]) == spec.move
            assert side["move"]["words"] == movement_text(spec.move)
            if spec.effect is not None:
                assert parse_effect(side["effect"]["text"]) == spec.effect


# ---------------------------------------------------------------------- cards tactics --roster


def test_roster_option_adds_a_warrior_and_replaces_one(tmp_path: Path) -> None:
    """A warrior with a new id joins the end of the roster; one with an existing id replaces it in place."""
    path = write(tmp_path, "custom.toml", CUSTOM)
    data = listing("--roster", path)
    warriors = data["warriors"]
    assert data["roster_files"] == [path]
    assert [w["id"] for w in warriors] == [card.id for card in TacticsGame(roster=(path,)).roster]
    assert len(warriors) == 12
    knight, lancer = warriors[6], warriors[11]
    assert (knight["id"], knight["cost"], knight["source"]) == ("knight", 6, path)
    assert knight["uninjured"]["might"] == 5
    assert knight["uninjured"]["move"]["grammar"] == "any exact 2"
    assert knight["injured"]["name"] == "Knight, Unhorsed"
    assert knight["injured"]["effect"]["text"] == "PLACE_TERRAIN(stone)"  # "rock" is Stone
    assert (lancer["id"], lancer["number"], lancer["letter"], lancer["source"]) == ("lancer", 11, "L", path)
    assert lancer["injured"]["name"] == "Lancer (injured)"
    assert [w["source"] for w in warriors].count("standard") == 10

    table = invoke("cards", "tactics", "--roster", path, width=200)
    assert table.exit_code == 0, table.output
    lines = table.stdout.splitlines()
    assert "tactics roster: 12 warriors, 3 of them commanders" in lines[0]
    (index,) = [i for i, line in enumerate(lines) if line.strip().startswith("knight ")]
    assert cells(lines[index]) == ["knight", "Knight", "6", "uninjured", "5", "any exact 2", "RIPOSTE_MOVE"]
    assert cells(lines[index + 1]) == ["Knight, Unhorsed", "injured", "3", "free 1", "PLACE_TERRAIN(stone)"]
    (index,) = [i for i, line in enumerate(lines) if line.strip().startswith("lancer ")]
    assert cells(lines[index]) == ["lancer", "Lancer", "4", "uninjured", "3", "ortho 3 jump", "STRIKER(1)"]
    assert cells(lines[index + 1]) == ["injured", "2", "ortho 1"]
    assert f"from {path}: knight, lancer" in lines


def test_later_roster_files_win(tmp_path: Path) -> None:
    first = write(tmp_path, "first.toml", CUSTOM)
    second = write(
        tmp_path,
        "second.json",
        json.dumps(
            {
                "warrior": [
                    {
                        "id": "lancer",
                        "name": "Lancer",
                        "cost": 7,
                        "uninjured": {"might": 4, "move": "ortho 4"},
                        "injured": {"might": 1, "move": "none"},
                    }
                ]
            }
        ),
    )
    warriors = listing("--roster", first, "--roster", second)["warriors"]
    lancer = warriors[-1]
    assert (lancer["id"], lancer["cost"], lancer["source"]) == ("lancer", 7, second)
    assert warriors[6]["source"] == first
    assert len(warriors) == 12
    table = invoke("cards", "tactics", "--roster", first, "--roster", second, width=200)
    assert f"from {first}: knight" in table.stdout.splitlines()
    assert f"from {second}: lancer" in table.stdout.splitlines()


def test_a_bad_roster_file_exits_2_listing_every_problem(tmp_path: Path) -> None:
    """A file given with --roster is input, like a game parameter: exit code 2, every problem listed."""
    broken = write(tmp_path, "broken.toml", BROKEN)
    missing = str(tmp_path / "nowhere.toml")
    with pytest.raises(CardError) as caught:
        load_roster_file(broken)
    assert len(caught.value.problems) == 4
    result = invoke("cards", "tactics", "--roster", broken, "--roster", missing)
    assert_user_error(
        result,
        "5 problems in the --roster files",
        *(f"{broken}: {problem}" for problem in caught.value.problems),
        f"{missing}: cannot read the file",
    )
    json_result = invoke("cards", "tactics", "--roster", broken, "--json")
    assert_user_error(json_result, "4 problems")
    assert json_result.stdout == ""


def test_a_roster_file_must_be_toml_or_json(tmp_path: Path) -> None:
    path = write(tmp_path, "custom.txt", CUSTOM)
    assert_user_error(invoke("cards", "tactics", "--roster", path), "must be a .toml or .json roster file")


# ---------------------------------------------------------------------- cards: options that do not fit


@pytest.mark.parametrize("extra", [(), ("--json",)])
def test_deck_with_tactics_is_a_usage_error(extra: tuple[str, ...]) -> None:
    result = invoke("cards", "tactics", "--deck", "ember", *extra)
    assert_user_error(result, "--deck", "tactics has no decks", "--roster FILE")
    assert result.stdout == ""


def test_roster_with_sota_is_a_usage_error(tmp_path: Path) -> None:
    path = write(tmp_path, "custom.toml", CUSTOM)
    assert_user_error(invoke("cards", "sota", "--roster", path), "--roster", "only tactics")


def test_unknown_game_names_both_games_with_cards() -> None:
    assert_user_error(invoke("cards", "chess"), "no card list for game 'chess'", "sota, tactics")


def test_help_names_both_games() -> None:
    result = invoke("cards", "--help")
    assert result.exit_code == 0, result.output
    assert "for now" not in result.stdout
    for fragment in ("sota", "tactics", "--roster FILE", "--deck NAME"):
        assert fragment in result.stdout


# ---------------------------------------------------------------------- roster validate


def test_validate_a_valid_file_exits_0_with_a_summary(tmp_path: Path) -> None:
    path = write(tmp_path, "custom.toml", CUSTOM)
    result = invoke("roster", "validate", path)
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == [
        f"{path}: valid, 2 warriors: lancer, knight",
        "replaces standard warriors: knight",
    ]


def test_validate_the_effect_test_warriors() -> None:
    ids = [warrior.id for warrior in load_roster_file(EFFECT_WARRIORS)]
    result = invoke("roster", "validate", str(EFFECT_WARRIORS))
    assert result.exit_code == 0, result.output
    assert result.stdout == f"{EFFECT_WARRIORS}: valid, {len(ids)} warriors: {', '.join(ids)}\n"


def test_validate_the_shipped_roster_replaces_all_eleven() -> None:
    with resources.as_file(SHIPPED_ROSTER) as path:
        report = json.loads(invoke("roster", "validate", str(path), "--json").stdout)
    ids = [card.id for card in starter_roster()]
    assert report == {"file": str(path), "valid": True, "warriors": ids, "replaces": ids, "problems": []}


def test_validate_a_bad_file_exits_1_listing_every_problem(tmp_path: Path) -> None:
    path = write(tmp_path, "broken.toml", BROKEN)
    with pytest.raises(CardError) as caught:
        load_roster_file(path)
    result = invoke("roster", "validate", path)
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    assert result.stdout.splitlines() == [
        f"{path}: invalid, 4 problems:",
        *(f"  - {problem}" for problem in caught.value.problems),
    ]
    assert "  - warrior[0].cost: must be an int 0..26, not 30" in result.stdout.splitlines()
    assert "warrior[0].injured.speed: unknown field" in result.stdout


def test_validate_json_keeps_the_exit_code(tmp_path: Path) -> None:
    path = write(tmp_path, "broken.toml", BROKEN)
    result = invoke("roster", "validate", path, "--json")
    assert result.exit_code == 1, result.output
    report = json.loads(result.stdout)
    assert set(report) == {"file", "valid", "warriors", "replaces", "problems"}
    assert report["valid"] is False
    assert report["warriors"] == []
    assert len(report["problems"]) == 4
    valid = invoke("roster", "validate", write(tmp_path, "custom.toml", CUSTOM), "--json")
    assert valid.exit_code == 0, valid.output
    assert json.loads(valid.stdout) == {
        "file": str(tmp_path / "custom.toml"),
        "valid": True,
        "warriors": ["lancer", "knight"],
        "replaces": ["knight"],
        "problems": [],
    }


@pytest.mark.parametrize(
    ("name", "text", "problem"),
    [
        ("empty.toml", "", "no warriors: a roster file holds [[warrior]] tables"),
        ("custom.txt", CUSTOM, "the file name must end in .toml or .json"),
        ("typo.toml", '[[warriors]]\nid = "x"\n', "warriors: unknown section"),
    ],
)
def test_validate_problems_of_the_whole_file_exit_1(
    tmp_path: Path, name: str, text: str, problem: str
) -> None:
    result = invoke("roster", "validate", write(tmp_path, name, text))
    assert result.exit_code == 1, result.output
    assert "invalid, 1 problem:" in result.stdout
    assert problem in result.stdout


def test_validate_an_unreadable_file_exits_2(tmp_path: Path) -> None:
    assert_user_error(invoke("roster", "validate", str(tmp_path / "nowhere.toml")), "cannot read the file")
    assert_user_error(invoke("roster", "validate", str(tmp_path)), "cannot read the file")


@pytest.mark.parametrize(
    ("name", "content", "problem"),
    [
        ("broken.toml", b'[[warrior]]\nid = "oops\n', "not valid TOML"),
        ("broken.json", b'{"warrior": [', "not valid JSON"),
        ("latin1.toml", b'[[warrior]]\nid = "caf\xe9"\n', "not UTF-8 text: byte 21 (line 2)"),
    ],
)
def test_validate_a_file_that_is_not_toml_or_json_exits_2_as_the_other_content_commands(
    tmp_path: Path, name: str, content: bytes, problem: str
) -> None:
    path = tmp_path / name
    path.write_bytes(content)
    for args in (("roster", "validate", str(path)), ("cards", "tactics", "--roster", str(path))):
        assert_user_error(invoke(*args), problem)


def test_validate_without_a_file_checks_the_shipped_roster() -> None:
    result = invoke("roster", "validate")
    assert result.exit_code == 0, result.output
    ids = [card.id for card in starter_roster()]
    assert result.stdout.splitlines()[0] == f"shipped roster: valid, 11 warriors: {', '.join(ids)}"
    report = json.loads(invoke("roster", "validate", "--json").stdout)
    assert report == {
        "file": "shipped roster",
        "valid": True,
        "warriors": ids,
        "replaces": ids,
        "problems": [],
    }
    assert invoke("roster").exit_code == 2  # no subcommand: click prints the group's usage


def test_deck_validate_tactics_points_to_roster_validate(tmp_path: Path) -> None:
    path = write(tmp_path, "custom.toml", CUSTOM)
    result = invoke("deck", "validate", "tactics", path)
    assert_user_error(result, "no deck validation for game 'tactics'", "shardgames roster validate FILE")
