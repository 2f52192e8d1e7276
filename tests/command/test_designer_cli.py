"""The designer commands: `card price`, `cards command` and `deck validate command`, through CliRunner."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from shardgames.cli import cli
from shardgames.command import KEYWORDS, check_deck, price, starter_decks, starter_pool

# Two legal designs and one with four problems: an unknown element, an unknown keyword, a stat a Rite
# does not have, a keyword that does not fit a Rite.
CARDS = """
[[card]]
name = "Fine Spark"
type = "rite"
identity = ["fire"]
cost = "F"
keywords = [{ keyword = "deal", amount = 2 }]

[[card]]
name = "Broken Idea"
type = "rite"
identity = ["fire", "wind"]
cost = "1F"
force = 2
keywords = ["aerial", { keyword = "dael", amount = 2 }]

[[card]]
name = "Stone Lord"
type = "sovereign"
identity = ["earth"]
force = 3
keywords = ["armored"]
"""

# A deck with its own card and six construction problems, and a legal deck.
DECKS = """
[[card]]
name = "Glass Cannon"
type = "entity"
identity = ["fire"]
cost = "F"
force = 6
durability = 1

[[deck]]
name = "Broken"
sovereign = ["Tidemother", "Rift Tyrant"]
stones = { generic = 6, fire = 3, void = 4 }

[deck.main]
"Glass Cannon" = 8
"Sky Lancr" = 4
"Quick Spark" = 20
"Highland Oracle" = 1

[[deck]]
name = "Cannons"
sovereign = "The Ashen Regent"
stones = { generic = 6, fire = 6 }

[deck.main]
"Glass Cannon" = 4
"Ash Hound" = 8
"Ridge Recruit" = 12
"Spark" = 4
"Ember Sprite" = 4
"Firebrand" = 4
"Scorched Earth" = 4
"""


def invoke(*args: str, width: int = 200) -> Result:
    return CliRunner().invoke(cli, list(args), env={"COLUMNS": str(width)})


def as_json(*args: str, code: int = 0) -> Any:
    result = invoke(*args, "--json")
    assert result.exit_code == code, result.output
    return json.loads(result.stdout)


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
    return re.split(r"\s{2,}", line.strip())


# ---------------------------------------------------------------------- card price


def test_price_a_shipped_card_by_name_prints_its_breakdown() -> None:
    result = invoke("card", "price", "Quick Spark")
    assert result.exit_code == 0, result.output
    rows = {cells(line)[0]: cells(line)[1:] for line in result.stdout.splitlines() if line.strip()}
    assert rows["K09 Deal 2 Dmg"] == ["1 x 2", "2"]
    assert rows["divergence: K19 Fast Speed"] == ["Time is outside {Fire}", "4"]
    assert rows["Base Points (BP)"][-1] == "7"
    assert rows["deficit"][-1] == "5"
    assert rows["deficit penalty"] == ["3 x deficit 5", "15"]
    assert rows["Tax"][-1] == "16"


def test_price_json_lines_add_up_for_every_shipped_card() -> None:
    for card in starter_pool().values():
        data = as_json("card", "price", card.name)
        (entry,) = data["cards"]
        total = sum(line["points"] for line in entry["lines"])
        if card.type.value == "sovereign":
            assert total == entry["sovereign_shards"] == price(card).shards  # type: ignore[union-attr]
        else:
            assert total == entry["bp"]
            assert sum(line["points"] for line in entry["tax_lines"]) == entry["tax"] == price(card).tax  # type: ignore[union-attr]


def test_price_a_file_prices_the_good_cards_and_lists_every_problem_of_the_bad(tmp_path: Path) -> None:
    path = write(tmp_path, "cards.toml", CARDS)
    result = invoke("card", "price", path)
    assert result.exit_code == 1, result.output
    out = result.stdout
    assert "Fine Spark: Rite {Fire}, cost F, Deal 2 Dmg" in out
    assert "Broken Idea: not a legal design, 4 problems:" in out
    for fragment in (
        "identity[1]: 'wind' is not an element",
        "keywords[1]: unknown keyword 'dael'; did you mean deal",
        "force: a Rite has no force",
        "keywords[0] (Aerial): Aerial fits only Entities and Sovereigns, not Rites",
    ):
        assert fragment in out
    assert "Sovereign Shards" in out
    assert "budget format" in out
    assert f"{path}: 3 cards, 1 not legal" in out.replace("\n", "")


def test_price_json_of_a_file(tmp_path: Path) -> None:
    data = as_json("card", "price", write(tmp_path, "cards.toml", CARDS), code=1)
    assert data["valid"] is False
    assert [c["valid"] for c in data["cards"]] == [True, False, True]
    assert data["cards"][0]["tax"] == 1
    assert len(data["cards"][1]["problems"]) == 4
    assert data["cards"][2]["sovereign_shards"] == 6 + 6
    assert data["cards"][2]["formats"] == {"standard": True, "budget": True, "pro": True}


def test_price_one_card_of_a_file(tmp_path: Path) -> None:
    path = write(tmp_path, "cards.toml", CARDS)
    data = as_json("card", "price", path, "--card", "Fine Spark")
    assert [c["name"] for c in data["cards"]] == ["Fine Spark"]
    assert_user_error(
        invoke("card", "price", path, "--card", "Nope"), "has no card named 'Nope'", "'Fine Spark'"
    )


def test_price_of_neither_a_file_nor_a_card_is_a_user_error() -> None:
    assert_user_error(
        invoke("card", "price", "Sky Lancr"),
        "'Sky Lancr' is neither a card file (there is no such file) nor a shipped card",
        "did you mean 'Sky Lancer'?",
    )


@pytest.mark.parametrize("name", ["nonexistent.toml", "cards.JSON", "folder/cards"])
def test_price_of_a_missing_file_says_the_file_does_not_exist(tmp_path: Path, name: str) -> None:
    result = invoke("card", "price", str(tmp_path / name))
    assert_user_error(result, f"{tmp_path / name}: cannot read the file: No such file or directory")
    assert "shipped card" not in result.stderr


def test_price_and_validate_both_refuse_a_file_whose_decks_are_malformed(tmp_path: Path) -> None:
    """A file that cannot be read as cards and decks exits 2 whichever command reads it, as in a game."""
    path = write(
        tmp_path, "decks.toml", DECKS.replace("stones = { generic = 6, fire = 6 }", 'stones = "six"')
    )
    for args in (
        ("card", "price", path),
        ("deck", "validate", "command", path),
        ("cards", "command", "--cards", path),
    ):
        assert_user_error(
            invoke(*args), "deck[1] 'Cannons'.stones: must be a table of key = value, not 'six'"
        )


@pytest.mark.parametrize(
    ("name", "text", "fragment"),
    [
        ("broken.toml", '[[card]]\nname = "oops\n', "not valid TOML"),
        ("broken.json", '{"card": [', "not valid JSON"),
        ("empty.toml", "", "no cards: a card file holds [[card]] tables"),
        ("typo.toml", '[[cards]]\nname = "x"\n', "cards: unknown section"),
    ],
)
def test_price_of_an_unreadable_file_is_a_user_error(
    tmp_path: Path, name: str, text: str, fragment: str
) -> None:
    assert_user_error(invoke("card", "price", write(tmp_path, name, text)), fragment)


# ---------------------------------------------------------------------- cards command


def test_cards_command_lists_the_pool_with_prices() -> None:
    data = as_json("cards", "command")
    assert [c["name"] for c in data["cards"]] == list(starter_pool())
    windcaller = next(c for c in data["cards"] if c["name"] == "Windcaller")
    assert (windcaller["bp"], windcaller["spp"], windcaller["deficit"], windcaller["tax"]) == (8, 6, 2, 9)
    assert windcaller["rules"] == ["When this enters the Arena: Draw 1 Card"]
    result = invoke("cards", "command")
    assert result.exit_code == 0
    row = next(cells(line) for line in result.stdout.splitlines() if line.strip().startswith("Windcaller"))
    assert row == [
        "Windcaller",
        "entity",
        "air",
        "2A",
        "1/2",
        "When this enters the Arena: Draw 1 Card",
        "8",
        "6",
        "2",
        "9",
    ]


def test_cards_command_deck_shows_copies_and_the_sovereign() -> None:
    data = as_json("cards", "command", "--deck", "pyre")
    deck = starter_decks()["pyre"]
    assert data["cards"][0]["name"] == "The Ashen Regent"
    assert data["cards"][0]["sovereign_shards"] == 7
    assert {c["name"]: c["copies"] for c in data["cards"][1:]} == dict(deck.main)
    assert sum(c["copies"] * c["tax"] for c in data["cards"][1:]) == check_deck(deck).main_tax == 144
    assert_user_error(invoke("cards", "command", "--deck", "nope"), "no shipped deck 'nope'", "stoneguard")


def test_cards_command_with_a_card_file(tmp_path: Path) -> None:
    path = write(tmp_path, "mine.toml", CARDS.split('[[card]]\nname = "Broken Idea"', maxsplit=1)[0])
    data = as_json("cards", "command", "--cards", path)
    assert data["cards"][-1]["name"] == "Fine Spark"
    assert data["cards"][-1]["source"] == path
    assert_user_error(
        invoke("cards", "command", "--cards", write(tmp_path, "bad.toml", CARDS)), "Broken Idea"
    )


def test_cards_command_keywords_lists_the_registry() -> None:
    data = as_json("cards", "command", "--keywords")
    assert [k["id"] for k in data["keywords"]] == list(KEYWORDS)
    deal = data["keywords"][8]
    assert (deal["name"], deal["slug"], deal["element"], deal["points"]) == (
        "Deal # Dmg",
        "deal",
        "Fire",
        "1 x #",
    )
    result = invoke("cards", "command", "--keywords")
    assert result.exit_code == 0
    assert "Shard Command keywords (52)" in result.stdout
    assert_user_error(
        invoke("cards", "command", "--keywords", "--deck", "pyre"), "--keywords lists the keywords alone"
    )


def test_command_only_options_are_refused_for_other_games() -> None:
    assert_user_error(invoke("cards", "sota", "--keywords"), "--cards and --keywords are for command cards")
    assert_user_error(invoke("cards", "command", "--roster", "x.toml"), "--roster: only tactics")
    assert_user_error(invoke("deck", "validate", "sota", "--format", "pro"), "--format: only command decks")


# ---------------------------------------------------------------------- deck validate command


def test_validate_the_shipped_decks() -> None:
    result = invoke("deck", "validate", "command")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    for deck in starter_decks().values():
        assert f"{deck.name}: legal in standard" in lines
    stoneguard = next(cells(line) for line in lines if line.strip().startswith("Stoneguard "))
    assert stoneguard == ["Stoneguard", "40", "116", "6", "legal", "illegal", "legal"]
    assert "shipped decks: 7 decks checked in standard, 7 legal, 0 illegal" in lines


def test_validate_the_shipped_decks_in_budget_fails_the_dear_ones() -> None:
    data = as_json("deck", "validate", "command", "--format", "budget", code=1)
    verdicts = {d["id"]: d["legal"] for d in data["decks"]}
    assert verdicts == {deck.id: check_deck(deck).legal_in("budget") for deck in starter_decks().values()}
    assert verdicts["pyre"] is False
    assert verdicts["tidewell"] is True
    pyre = next(d for d in data["decks"] if d["id"] == "pyre")
    assert pyre["problems_in_format"] == ["Main Deck Tax 144 is over the budget limit of 100"]


def test_validate_a_broken_deck_file_lists_every_problem(tmp_path: Path) -> None:
    path = write(tmp_path, "decks.toml", DECKS)
    result = invoke("deck", "validate", "command", path)
    assert result.exit_code == 1, result.output
    out = result.stdout
    assert "Broken: illegal in standard, 7 problems:" in out
    for fragment in (
        "main: a Main Deck has 40 to 60 cards, and this one has 33",
        "main: no card named 'Sky Lancr'; did you mean 'Sky Lancer'?",
        "main: 'Highland Oracle' is a Sovereign",
        "main: 20 copies of 'Quick Spark'; at most 4 of a card unless it is a vanilla Entity "
        "(only Entities can be vanilla)",
        "sovereign: a deck has exactly 1 Sovereign, and this one names 2",
        "stones: a player brings exactly 12 Charge Stones, and this deck has 13",
        "Main Deck Tax 424 is over the standard limit of 150",
    ):
        assert fragment in out
    assert "Cannons: legal in standard" in out


def test_validate_one_deck_as_json(tmp_path: Path) -> None:
    path = write(tmp_path, "decks.toml", DECKS)
    data = as_json("deck", "validate", "command", path, "--deck", "Cannons", "--format", "pro")
    (deck,) = data["decks"]
    assert data["format"] == "pro"
    assert data["legal"] is True
    assert deck["size"] == 40
    assert deck["sovereign_shards"] == 7
    assert list(deck["formats"]) == ["pro", "standard", "budget"]
    assert_user_error(
        invoke("deck", "validate", "command", path, "--deck", "Nope"), "has no deck named 'Nope'"
    )
    assert_user_error(
        invoke("deck", "validate", "command", path, "--format", "casual"), "unknown format 'casual'"
    )


def test_validate_a_deck_file_with_a_bad_card_or_table_is_a_user_error(tmp_path: Path) -> None:
    bad_card = DECKS.replace('cost = "F"\nforce = 6', 'cost = "F"\nforce = 16')
    assert_user_error(
        invoke("deck", "validate", "command", write(tmp_path, "a.toml", bad_card)), "force: must be 0 to 10"
    )
    bad_table = DECKS.replace('name = "Cannons"', 'name = "Cannons"\ncolour = "red"')
    assert_user_error(
        invoke("deck", "validate", "command", write(tmp_path, "b.toml", bad_table)), "unknown field colour"
    )
    assert_user_error(
        invoke("deck", "validate", "command", str(tmp_path / "none.toml")), "cannot read the file"
    )


def test_an_unknown_deck_of_the_shipped_decks_is_named_without_the_packages_files() -> None:
    result = invoke("deck", "validate", "command", "--deck", "nosuchdeck")
    assert_user_error(result, "--deck: shipped decks has no deck named 'nosuchdeck'; its decks: stoneguard")
    assert "decks.toml" not in result.stderr


# ---------------------------------------------------------------------- the example files

EXAMPLES = Path(__file__).parents[2] / "examples" / "command"


def test_example_new_cards_are_all_legal_designs() -> None:
    data = as_json("card", "price", str(EXAMPLES / "new-cards.toml"))
    assert [c["name"] for c in data["cards"]] == [
        "Marsh Lurker",
        "Storm Herald",
        "Cinder Rain",
        "Warden of Tides",
    ]
    assert all(c["valid"] for c in data["cards"])


def test_example_broken_cards_price_the_good_one_and_list_the_rest() -> None:
    data = as_json("card", "price", str(EXAMPLES / "broken-cards.toml"), code=1)
    assert [(c["name"], c["valid"], len(c.get("problems", []))) for c in data["cards"]] == [
        ("Honest Sprite", True, 0),
        ("Pebble Rock", False, 1),
        ("Overreach", False, 5),
        ("Titan of Everything", False, 7),
    ]


def test_example_broken_decks_are_one_illegal_and_one_legal() -> None:
    data = as_json("deck", "validate", "command", str(EXAMPLES / "broken-decks.toml"), code=1)
    assert [(d["name"], d["legal"], len(d["problems_in_format"])) for d in data["decks"]] == [
        ("Overloaded", False, 7),
        ("Cannons", True, 0),
    ]
