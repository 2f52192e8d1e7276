"""Shard Command decks: the decklist model, `check_deck` and `validate_deck`, deck files, the shipped decks.

Construction rules are CMD-1 to 6, R7 and R24; a format caps the Main Deck Tax and the Sovereign Shards.
Every check lists every problem it finds, construction problems first, then the format's budgets.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import attrs
import pytest

from shardgames.command import (
    BUDGET,
    FORMATS,
    PRO,
    STANDARD,
    CardPool,
    Decklist,
    Element,
    EntityCard,
    Format,
    ShardCost,
    Stones,
    check_deck,
    load_deck_file,
    price,
    starter_decks,
    starter_pool,
    validate_deck,
    validate_deck_file,
)
from shardgames.command.decks import parse_decks
from shardgames.kernel.errors import CardError, DeckError

POOL = starter_pool()
DECKS = starter_decks()
STONEGUARD = DECKS["stoneguard"]
DECK_IDS = ["stoneguard", "pyre", "tidewell", "chronovoid", "riftblades", "siegeworks", "gravewind"]

STONEGUARD_TOML = """
[[deck]]
name = "{name}"
sovereign = "Warden of the Ridge"
stones = {{ generic = 6, earth = 3, air = 3 }}

[deck.main]
"Ridge Recruit" = 8
"Sky Lancer" = {lancers}
"Cliff Sentinel" = 4
"Gale Runner" = 4
"Stone Skin" = 4
"Updraft Gust" = 4
"Ridge Golem" = 4
"Windcaller" = 4
"Ridgestone Idol" = {idols}
"""


def with_count(deck: Decklist, name: str, copies: int) -> Decklist:
    main = dict(deck.main)
    main[name] = copies
    return attrs.evolve(deck, main=tuple(main.items()))


def deck_error(data: dict[str, Any]) -> tuple[str, ...]:
    with pytest.raises(DeckError) as caught:
        parse_decks(data, source="test decks")
    return caught.value.problems


def deck_table(**fields: Any) -> dict[str, Any]:
    return {
        "name": "D",
        "sovereign": "Warden of the Ridge",
        "main": {"Ridge Recruit": 40},
        "stones": {},
    } | fields


# ---------------------------------------------------------------------- the model


def test_stones() -> None:
    """R7: Generic and Elemental Charge Stones, one count per element."""
    stones = Stones.of(6, earth=3, air=3)
    assert (stones.generic, stones.total, stones.elements) == (6, 12, (Element.EARTH, Element.AIR))
    assert (stones.count(Element.EARTH), stones.count(Element.FIRE)) == (3, 0)
    assert str(stones) == "6 Generic, 3 Earth, 3 Air"
    assert str(Stones.of(earth=12)) == "12 Earth"
    assert str(Stones(0)) == "no stones"
    assert Stones.of(6, E=3, a=3) == stones  # letters and names in any case
    with pytest.raises(ValueError, match="'plasma' is not an element"):
        Stones.of(plasma=1)


def test_decklist() -> None:
    """A decklist as written: its id from the name unless given, size and cards in file order."""
    deck = Decklist("My Deck!", ("Warden of the Ridge",), (("Sky Lancer", 2), ("Spark", 1)), Stones.of(12))
    assert deck.id == "my-deck"
    assert deck.size == 3
    assert deck.card_names() == ["Sky Lancer", "Sky Lancer", "Spark"]
    assert deck.sovereign == "Warden of the Ridge"
    assert Decklist("My Deck!", (), (), Stones(12), id="mine").id == "mine"
    assert (STONEGUARD.id, STONEGUARD.name) == ("stoneguard", "Stoneguard")
    assert STONEGUARD.description.startswith("Earth and Air")


def test_decklist_sovereign_needs_exactly_one() -> None:
    with pytest.raises(DeckError) as caught:
        _ = Decklist("Two", ("A", "B"), (), Stones(12)).sovereign
    assert caught.value.problems == ("sovereign: a deck has exactly 1 Sovereign, and this one names 2",)


# ---------------------------------------------------------------------- check_deck


def test_the_report_of_a_legal_deck() -> None:
    """The report: size, Main Deck Tax, Sovereign Shards, each card's price, each format's verdict."""
    report = check_deck(STONEGUARD)
    assert (report.deck, report.size, report.main_tax, report.sovereign_shards) == (STONEGUARD, 40, 116, 6)
    assert report.problems == ()
    assert list(report.prices) == [name for name, _ in STONEGUARD.main]
    assert report.prices["Windcaller"] == price(POOL["Windcaller"])
    assert [(f.format, f.legal, f.problems) for f in report.formats] == [
        (STANDARD, True, ()),
        (BUDGET, False, ("Main Deck Tax 116 is over the budget limit of 100",)),
        (PRO, True, ()),
    ]
    assert report.legal_in("standard")
    assert report.legal_in("Budget") is False
    assert report.check_for(PRO).legal


def test_a_report_checks_only_the_formats_asked_for() -> None:
    league = Format("league", 120, 10)
    report = check_deck(STONEGUARD, formats=[league, "pro"])
    assert [f.format for f in report.formats] == [league, PRO]
    assert report.legal_in(league)
    with pytest.raises(ValueError, match="no check for standard"):
        report.check_for(STANDARD)
    with pytest.raises(ValueError, match="unknown format 'casual'"):
        check_deck(STONEGUARD, formats=["casual"])


def test_every_problem_is_listed_in_order() -> None:
    """Main Deck problems, then the Sovereign, then the stones; budgets come after, per format."""
    deck = Decklist(
        "Broken",
        ("Sky Lancer",),
        (("Sky Lancer", 5), ("Sky Lancr", 2), ("Highland Oracle", 1), ("Spark", 0)),
        Stones.of(6, fire=3),
    )
    report = check_deck(deck)
    assert report.problems == (
        "main: a Main Deck has 40 to 60 cards, and this one has 8",
        "main: no card named 'Sky Lancr'; did you mean 'Sky Lancer'?",
        "main: 'Highland Oracle' is a Sovereign; name it with sovereign = ..., not in the Main Deck",
        "main: 'Spark' has 0 copies; list a card with 1 or more, or leave it out",
        "main: 5 copies of 'Sky Lancer'; at most 4 of a card unless it is a vanilla Entity (it has keywords)",
        "sovereign: 'Sky Lancer' is an Entity, not a Sovereign",
        "stones: a player brings exactly 12 Charge Stones, and this deck has 9",
    )
    assert report.main_tax == 5 * 3  # the cards it could find
    assert report.sovereign_shards is None
    assert not any(f.legal for f in report.formats)


def test_an_unknown_sovereign_is_suggested() -> None:
    deck = attrs.evolve(STONEGUARD, sovereigns=("Warden of the Ridg",))
    assert check_deck(deck).problems == (
        "sovereign: no card named 'Warden of the Ridg'; did you mean 'Warden of the Ridge'?",
    )


def test_validate_deck_raises_listing_construction_then_budget() -> None:
    """`validate_deck` checks one format and raises `DeckError` with every problem."""
    assert validate_deck(STONEGUARD).problems == ()
    assert validate_deck(STONEGUARD, fmt="pro").legal_in(PRO)
    deck = attrs.evolve(with_count(STONEGUARD, "Sky Lancer", 5), sovereigns=("Highland Oracle",))
    with pytest.raises(DeckError) as caught:
        validate_deck(deck, fmt=BUDGET)
    assert caught.value.subject == "deck 'Stoneguard' (budget)"
    assert caught.value.problems == (
        "main: 5 copies of 'Sky Lancer'; at most 4 of a card unless it is a vanilla Entity (it has keywords)",
        "Main Deck Tax 119 is over the budget limit of 100",
        "Sovereign Shards 16 are over the budget limit of 15",
    )


def test_a_pool_of_ones_own_replaces_the_shipped_cards() -> None:
    """A deck is checked against the pool given: here a cheaper, vanilla Sky Lancer."""
    vanilla = EntityCard(
        name="Sky Lancer", identity=(Element.AIR,), cost=ShardCost.parse("1A"), force=1, durability=2
    )
    pool = POOL | CardPool([vanilla])
    report = check_deck(with_count(STONEGUARD, "Sky Lancer", 6), pool)
    assert report.problems == ()
    assert report.main_tax == 116 - 4 * 3 + 6 * 2


def test_a_deck_of_unknown_cards_against_an_empty_pool() -> None:
    report = check_deck(STONEGUARD, CardPool())
    assert report.main_tax == 0
    assert len(report.problems) == len(STONEGUARD.main) + 1
    assert report.problems[-1] == "sovereign: no card named 'Warden of the Ridge'"


# ---------------------------------------------------------------------- deck files


def write(tmp_path: Path, text: str, name: str = "decks.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_load_a_deck_file(tmp_path: Path) -> None:
    path = write(tmp_path, STONEGUARD_TOML.format(name="Stoneguard Copy", lancers=4, idols=4))
    content = load_deck_file(path)
    assert len(content.cards) == 0
    (deck,) = content.decks.values()
    assert list(content.decks) == ["stoneguard-copy"]
    assert attrs.evolve(deck, name="Stoneguard", id="stoneguard", description=STONEGUARD.description) == (
        STONEGUARD
    )
    assert validate_deck_file(path) == {"Stoneguard Copy": []}


def test_a_json_deck_file(tmp_path: Path) -> None:
    data = {
        "deck": [
            {
                "id": "mine",
                "name": "Mine",
                "description": "A test.",
                "sovereign": "Warden of the Ridge",
                "main": dict(STONEGUARD.main),
                "stones": {"generic": 12},
            }
        ]
    }
    path = write(tmp_path, json.dumps(data), "decks.json")
    deck = load_deck_file(path).decks["mine"]
    assert (deck.name, deck.description, deck.stones) == ("Mine", "A test.", Stones.of(12))
    assert validate_deck_file(path, fmt="budget") == {
        "Mine": ["Main Deck Tax 116 is over the budget limit of 100"]
    }


def test_validate_deck_file_uses_the_format_asked_for(tmp_path: Path) -> None:
    path = write(tmp_path, STONEGUARD_TOML.format(name="A", lancers=4, idols=4))
    assert validate_deck_file(path, fmt=STANDARD) == {"A": []}
    assert validate_deck_file(path, fmt=BUDGET) == {
        "A": ["Main Deck Tax 116 is over the budget limit of 100"]
    }
    assert validate_deck_file(path, fmt=Format("tight", 200, 5)) == {
        "A": ["Sovereign Shards 6 are over the tight limit of 5"]
    }


def test_a_deck_file_with_cards_of_its_own(tmp_path: Path) -> None:
    """A deck file's ``[[card]]`` tables join the shipped pool; a card of the same name replaces it."""
    text = (
        STONEGUARD_TOML.format(name="Home Brew", lancers=6, idols=4).replace(
            '"Ridge Recruit" = 8', '"Ridge Recruit" = 4\n"Brew Golem" = 2'
        )
        + """
[[card]]
name = "Sky Lancer"
type = "entity"
identity = ["air"]
cost = "1A"
force = 1
durability = 2

[[card]]
name = "Brew Golem"
type = "entity"
identity = ["earth"]
cost = "4E"
force = 3
durability = 4
keywords = ["armored"]
"""
    )
    path = write(tmp_path, text)
    content = load_deck_file(path)
    assert list(content.cards) == ["Sky Lancer", "Brew Golem"]
    assert content.cards["Sky Lancer"].is_vanilla
    assert validate_deck_file(path) == {"Home Brew": []}  # 6 Sky Lancers: vanilla now
    report = check_deck(content.decks["home-brew"], POOL | content.cards)
    assert report.size == 40
    assert report.main_tax == 116 - 8 * 2 + 4 * 2 + 2 * 5 - 4 * 3 + 6 * 2


def test_unknown_card_names_in_a_deck_file_are_suggested(tmp_path: Path) -> None:
    text = STONEGUARD_TOML.format(name="Typos", lancers=4, idols=4).replace("Windcaller", "Wind Caller")
    path = write(tmp_path, text.replace('sovereign = "Warden of the Ridge"', 'sovereign = "Warden of Ridge"'))
    assert validate_deck_file(path) == {
        "Typos": [
            "main: no card named 'Wind Caller'; did you mean 'Windcaller' or 'Tidecaller' or 'Grave Caller'?",
            "sovereign: no card named 'Warden of Ridge'; did you mean 'Warden of the Ridge'?",
        ]
    }


def test_a_sovereign_listed_in_the_main_deck(tmp_path: Path) -> None:
    text = STONEGUARD_TOML.format(name="Crowded", lancers=4, idols=4) + '"Highland Oracle" = 1\n'
    path = write(tmp_path, text)
    assert validate_deck_file(path) == {
        "Crowded": [
            "main: 'Highland Oracle' is a Sovereign; name it with sovereign = ..., not in the Main Deck"
        ]
    }


def test_a_deck_file_lists_the_problems_of_every_deck(tmp_path: Path) -> None:
    text = STONEGUARD_TOML.format(name="Good", lancers=4, idols=4) + STONEGUARD_TOML.format(
        name="Bad", lancers=5, idols=5
    )
    path = write(tmp_path, text)
    assert validate_deck_file(path, fmt="pro") == {
        "Good": [],
        "Bad": [
            "main: 5 copies of 'Sky Lancer'; at most 4 of a card unless it is a vanilla Entity (it has "
            "keywords)",
            "main: 5 copies of 'Ridgestone Idol'; at most 4 of a card unless it is a vanilla Entity (Items "
            "are never vanilla)",
        ],
    }


def test_a_deck_file_with_a_bad_card_raises_card_error(tmp_path: Path) -> None:
    text = STONEGUARD_TOML.format(name="A", lancers=4, idols=4) + (
        '\n[[card]]\nname = "Glass"\ntype = "entity"\nidentity = ["earth"]\ncost = "E"\nforce = 11\n'
        "durability = 1\n"
    )
    path = write(tmp_path, text)
    with pytest.raises(CardError) as caught:
        load_deck_file(path)
    assert caught.value.problems == ("card[0] 'Glass'.force: must be 0 to 10, not 11",)
    with pytest.raises(CardError):
        validate_deck_file(path)


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        pytest.param(
            {"deck": [{"name": "x"}]},
            [
                "deck[0] 'x'.sovereign: required field missing",
                "deck[0] 'x'.main: required field missing",
                "deck[0] 'x'.stones: required field missing",
            ],
            id="missing-fields",
        ),
        pytest.param(
            {"deck": [deck_table(sovereign=3, main={"a": "b"}, extra=1)]},
            [
                "deck[0] 'D'.sovereign: must be the Sovereign's name, not 3",
                "deck[0] 'D'.main['a']: must be a whole number, not 'b'",
                "deck[0] 'D': unknown field extra",
            ],
            id="wrong-types",
        ),
        pytest.param(
            {"deck": [deck_table(stones={"generic": "6"})]},
            ["deck[0] 'D'.stones['generic']: must be a whole number, not '6'"],
            id="stone-count-type",
        ),
        pytest.param(
            {"deck": [deck_table(stones={"plasma": 1})]},
            [
                "deck[0] 'D'.stones.plasma: 'plasma' is not an element; the elements are earth, air, malice, "
                "void, fire, time, death, water, life, space (or generic)"
            ],
            id="unknown-stone",
        ),
        pytest.param(
            {"deck": [deck_table(), deck_table(name="d")]},
            ["deck[1] 'd'.id: another deck already has the id 'd'"],
            id="duplicate-id",
        ),
        pytest.param({"deck": 5}, ["deck: must be an array of [[deck]] tables"], id="not-an-array"),
        pytest.param(
            {"deck": [], "decks": []},
            ["decks: unknown section; a deck file holds [[deck]] (and [[card]]) tables"],
            id="unknown-section",
        ),
    ],
)
def test_malformed_deck_tables(data: dict[str, Any], expected: list[str]) -> None:
    """The shape of ``[[deck]]`` tables: every problem, each with its path."""
    assert list(deck_error(data)) == expected


def test_a_deck_may_name_several_sovereigns_for_the_check_to_refuse() -> None:
    content = parse_decks({"deck": [deck_table(sovereign=["Warden of the Ridge", "Highland Oracle"])]})
    deck = content.decks["d"]
    assert deck.sovereigns == ("Warden of the Ridge", "Highland Oracle")
    assert "sovereign: a deck has exactly 1 Sovereign, and this one names 2" in check_deck(deck).problems


def test_a_deck_entry_that_is_not_a_table_is_a_problem() -> None:
    """A ``deck`` array holding a string is a DeckError, not a crash."""
    problems = deck_error({"deck": ["Stoneguard"]})
    assert len(problems) == 1
    assert problems[0].startswith("deck[0]")


def test_a_missing_deck_file(tmp_path: Path) -> None:
    with pytest.raises(DeckError) as caught:
        load_deck_file(tmp_path / "none.toml")
    assert caught.value.problems == ("cannot read the file: No such file or directory",)


def test_an_invalid_deck_file(tmp_path: Path) -> None:
    path = write(tmp_path, "[[deck]\n")
    with pytest.raises(DeckError) as caught:
        validate_deck_file(path)
    assert caught.value.problems[0].startswith("not valid TOML: ")


# ---------------------------------------------------------------------- the shipped decks


def test_the_seven_shipped_decks() -> None:
    assert list(DECKS) == DECK_IDS
    with pytest.raises(TypeError):
        DECKS["mine"] = STONEGUARD  # type: ignore[index]


@pytest.mark.parametrize("deck_id", DECK_IDS)
def test_every_shipped_deck_is_legal_in_standard(deck_id: str) -> None:
    """Each shipped deck: 40 cards, one Sovereign, 12 stones matching it, legal in Standard and Pro."""
    deck = DECKS[deck_id]
    report = validate_deck(deck, fmt=STANDARD)
    assert report.size == 40
    assert check_deck(deck).legal_in(PRO)
    sovereign = POOL[deck.sovereign]
    assert set(deck.stones.elements) == set(sovereign.identity)
    assert deck.stones.generic == 6


def test_the_shipped_sovereigns_cover_all_ten_elements() -> None:
    identities = {element for deck in DECKS.values() for element in POOL[deck.sovereign].identity}
    assert identities == set(Element)


def test_which_shipped_decks_fit_budget() -> None:
    """The Budget format (100) takes the cheaper shipped decks only."""
    fits = {deck_id: check_deck(deck).legal_in(BUDGET) for deck_id, deck in DECKS.items()}
    assert fits == {
        "stoneguard": False,
        "pyre": False,
        "tidewell": True,
        "chronovoid": False,
        "riftblades": True,
        "siegeworks": True,
        "gravewind": False,
    }
    assert [f.name for f in FORMATS.values()] == ["standard", "budget", "pro"]
