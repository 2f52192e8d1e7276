"""Shard Command cards: the card model, card files (TOML and JSON), their checks, and card pools.

A card file holds ``[[card]]`` tables; loading reports every problem of every card at once, each line
naming the card and the field. The design rules are those of C.3 (identity, cost, stats, keywords).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from shardgames.command import (
    Card,
    CardPool,
    Element,
    EntityCard,
    ItemCard,
    KeywordInstance,
    RiteCard,
    Scope,
    ShardCost,
    SovereignCard,
    Trigger,
    card_to_data,
    check_card,
    check_card_entries,
    keyword,
    load_card_file,
    parse_cards,
    starter_pool,
)
from shardgames.kernel.errors import CardError

POOL = starter_pool()
ENTITY: dict[str, Any] = {
    "name": "X",
    "type": "entity",
    "identity": ["fire"],
    "cost": "F",
    "force": 1,
    "durability": 1,
}
SOVEREIGN: dict[str, Any] = {"name": "S", "type": "sovereign", "identity": ["earth"], "force": 1}
ELEMENT_NAMES = "earth, air, malice, void, fire, time, death, water, life, space"


def entity_data(**fields: Any) -> dict[str, Any]:
    return ENTITY | fields


def problems_of(*cards: dict[str, Any] | Any) -> tuple[str, ...]:
    with pytest.raises(CardError) as caught:
        parse_cards({"card": list(cards)}, source="test cards")
    return caught.value.problems


def problems_of_data(data: dict[str, Any]) -> tuple[str, ...]:
    with pytest.raises(CardError) as caught:
        parse_cards(data)
    return caught.value.problems


# ---------------------------------------------------------------------- reading the format

TOML_FILE = """
[[card]]
name = "Tidecaller"
type = "entity"
identity = ["water", "life"]
cost = "2WL"
force = 2
durability = 3
keywords = [{ keyword = "heal", amount = 2, trigger = "start_of_your_turn" }]

[[card]]
name = "Tidecaller Too"
type = "entity"
identity = ["Life", "W"]
cost = "W+L+2"
force = 2
durability = 3
keywords = [{ keyword = "Heal # Integrity", amount = 2, trigger = "Start of your turn", scope = "you" }]

[[card]]
name = "Grey Golem"
type = "entity"
cost = 3
force = 3
durability = 3
keywords = ["enters_exhausted"]

[[card]]
name = "Sky Lancer"
type = "entity"
identity = ["air"]
cost = "2A"
force = 2
durability = 2
keywords = ["aerial"]
text = "Flavour only."
"""


def test_load_a_toml_card_file(tmp_path: Path) -> None:
    """Cost strings ("2WL", "W+L+2", an int), keyword names alone or as tables, defaults filled in."""
    path = tmp_path / "cards.toml"
    path.write_text(TOML_FILE, encoding="utf-8")
    tide, tide_too, golem, lancer = load_card_file(path)
    heal = KeywordInstance(keyword("K24"), 2, Trigger.START_OF_YOUR_TURN, Scope.YOU)
    assert tide == EntityCard(
        name="Tidecaller",
        identity=(Element.WATER, Element.LIFE),
        cost=ShardCost.of(2, water=1, life=1),
        force=2,
        durability=3,
        keywords=(heal,),
    )
    assert tide_too == EntityCard(
        name="Tidecaller Too",
        identity=(Element.WATER, Element.LIFE),  # sorted into element order
        cost=ShardCost.parse("2WL"),
        force=2,
        durability=3,
        keywords=(heal,),
    )
    assert golem == EntityCard(
        name="Grey Golem",
        cost=ShardCost(3),
        force=3,
        durability=3,
        keywords=(KeywordInstance(keyword("enters_exhausted")),),
    )
    assert lancer == EntityCard(
        name="Sky Lancer",
        identity=(Element.AIR,),
        cost=ShardCost.parse("2A"),
        force=2,
        durability=2,
        keywords=(KeywordInstance(keyword("aerial")),),
        text="Flavour only.",
    )


def test_load_a_json_card_file(tmp_path: Path) -> None:
    """A ``.json`` file holds the same tables."""
    path = tmp_path / "cards.json"
    data = {"card": [card_to_data(POOL["Keeper of Hours"]), card_to_data(POOL["Highland Oracle"])]}
    path.write_text(json.dumps(data), encoding="utf-8")
    assert load_card_file(path) == (POOL["Keeper of Hours"], POOL["Highland Oracle"])


def test_defaults_of_triggers_and_scopes_depend_on_the_card_type() -> None:
    """An effect takes its card type's first trigger and scope: a Rite resolves, an Entity deploys,
    a Sovereign activates; a Sovereign's static keyword is an aura for your Entities."""
    deal = {"keyword": "deal", "amount": 1}
    rite, ent, item, sov = parse_cards(
        {
            "card": [
                {"name": "R", "type": "rite", "identity": ["fire"], "cost": "F", "keywords": [deal]},
                entity_data(name="E", keywords=[deal]),
                {"name": "I", "type": "item", "identity": ["fire"], "cost": "F", "keywords": [deal]},
                SOVEREIGN | {"keywords": [deal, "armored"]},
            ]
        }
    )
    assert (rite.keywords[0].trigger, rite.keywords[0].scope) == (Trigger.ON_RESOLVE, Scope.SINGLE)
    assert (ent.keywords[0].trigger, ent.keywords[0].scope) == (Trigger.ON_DEPLOY, Scope.SINGLE)
    assert (item.keywords[0].trigger, item.keywords[0].scope) == (Trigger.ON_DEPLOY, Scope.SINGLE)
    assert (sov.keywords[0].trigger, sov.keywords[0].scope) == (Trigger.ACTIVATED_EXHAUST, Scope.SINGLE)
    assert (sov.keywords[1].trigger, sov.keywords[1].scope) == (Trigger.STATIC, Scope.EACH_OF_YOUR_ENTITIES)


def test_warp_costs_1_unless_the_card_says() -> None:
    """K52: Warp's own Shard cost is 1 when the file does not give one."""
    (card,) = parse_cards({"card": [entity_data(identity=["space"], cost="S", keywords=["warp"])]})
    assert card.keywords[0].cost == 1
    (dear,) = parse_cards(
        {"card": [entity_data(identity=["space"], cost="S", keywords=[{"keyword": "warp", "cost": 3}])]}
    )
    assert dear.keywords[0].cost == 3


def test_an_empty_file_has_no_cards() -> None:
    assert parse_cards({}) == ()
    assert parse_cards({"card": []}) == ()


# ---------------------------------------------------------------------- writing cards back


@pytest.mark.parametrize("name", list(POOL))
def test_card_to_data_round_trips(name: str) -> None:
    """`card_to_data` gives a table `parse_cards` reads back equal, through JSON as well."""
    card = POOL[name]
    data = card_to_data(card)
    assert parse_cards({"card": [data]}) == (card,)
    assert parse_cards({"card": [json.loads(json.dumps(data))]}) == (card,)


def test_the_whole_pool_round_trips_in_one_file() -> None:
    data = {"card": [card_to_data(card) for card in POOL.values()]}
    assert parse_cards(data) == tuple(POOL.values())


def test_card_to_data_examples() -> None:
    """Keywords without options are written by name alone; effects carry trigger and scope."""
    assert card_to_data(POOL["Sky Lancer"]) == {
        "name": "Sky Lancer",
        "type": "entity",
        "identity": ["air"],
        "cost": "2A",
        "force": 2,
        "durability": 2,
        "keywords": ["aerial"],
    }
    assert card_to_data(POOL["Tidecaller"])["keywords"] == [
        {"keyword": "heal", "amount": 2, "trigger": "start_of_your_turn", "scope": "you"}
    ]
    assert card_to_data(POOL["Hollow Knight"])["keywords"] == [{"keyword": "immunity", "element": "fire"}]
    assert card_to_data(POOL["Rift Stalker"])["keywords"] == [{"keyword": "warp", "cost": 1}]
    assert card_to_data(POOL["Highland Oracle"]) == {
        "name": "Highland Oracle",
        "type": "sovereign",
        "identity": ["earth", "air"],
        "force": 2,
        "keywords": [
            {"keyword": "draw", "amount": 1, "trigger": "activated_exhaust", "scope": "you"},
            "armored",
        ],
        "text": "Sixteen Sovereign Shards: too rich for the Budget format.",
    }
    assert "cost" not in card_to_data(POOL["Highland Oracle"])
    assert card_to_data(POOL["Spark"]).keys() == {"name", "type", "identity", "cost", "keywords"}


# ---------------------------------------------------------------------- one problem at a time

R = {"name": "R", "type": "rite", "identity": ["fire"], "cost": "F"}
I = {"name": "I", "type": "item", "identity": ["earth"], "cost": "E"}  # noqa: E741 - the Item


@pytest.mark.parametrize(
    ("card", "expected"),
    [
        pytest.param(
            entity_data(colour="red", flavour=1),
            ["card[0] 'X': unknown fields colour, flavour"],
            id="unknown-field",
        ),
        pytest.param(
            entity_data(keywords=[{"keyword": "deal", "amount": 2, "colour": "red"}]),
            ["card[0] 'X'.keywords[0]: unknown field colour"],
            id="unknown-keyword-field",
        ),
        pytest.param(
            entity_data(force="3"), ["card[0] 'X'.force: must be a whole number, not '3'"], id="force-str"
        ),
        pytest.param(
            entity_data(force=True), ["card[0] 'X'.force: must be a whole number, not True"], id="force-bool"
        ),
        pytest.param(
            entity_data(keywords=[{"keyword": "deal", "amount": "2"}]),
            ["card[0] 'X'.keywords[0].amount: must be a whole number, not '2'"],
            id="amount-str",
        ),
        pytest.param(
            entity_data(cost=2.5),
            ["card[0] 'X'.cost: a Shard cost is written like \"2WL\" or 3, not 2.5"],
            id="cost-float",
        ),
        pytest.param(entity_data(text=5), ["card[0] 'X'.text: must be a string, not 5"], id="text-int"),
        pytest.param(
            {k: v for k, v in ENTITY.items() if k != "name"},
            ["card[0].name: required field missing"],
            id="no-name",
        ),
        pytest.param(
            entity_data(type="creature"),
            ["card[0] 'X'.type: 'creature' is not a card type; types are entity, item, rite, sovereign"],
            id="bad-type",
        ),
        pytest.param(
            entity_data(keywords=["dael"]),
            ["card[0] 'X'.keywords[0]: unknown keyword 'dael'; did you mean deal or delay or aerial?"],
            id="unknown-keyword",
        ),
        pytest.param(
            entity_data(keywords=[5]),
            ["card[0] 'X'.keywords[0]: a keyword is a name or a table with keyword = ..., not 5"],
            id="keyword-int",
        ),
        pytest.param(
            entity_data(keywords=["fast_speed"]),
            ["card[0] 'X'.keywords[0] (Fast Speed): Fast Speed fits only Rites, not Entities"],
            id="rite-keyword-on-entity",
        ),
        pytest.param(
            I | {"keywords": ["aerial", {"keyword": "rock", "amount": 1}]},
            ["card[0] 'I'.keywords[0] (Aerial): Aerial fits only Entities and Sovereigns, not Items"],
            id="static-on-item",
        ),
        pytest.param(
            {
                "name": "R",
                "type": "item",
                "identity": [],
                "cost": 2,
                "keywords": [{"keyword": "rock", "amount": 1}],
            },
            ["card[0] 'R'.keywords: an Elemental Rock needs an element to make; give the card an identity"],
            id="colourless-rock",
        ),
        pytest.param(
            entity_data(force=11, durability=11, cost="10F"),
            [
                "card[0] 'X'.cost: must total 0 to 10 Shards, not 11",
                "card[0] 'X'.force: must be 0 to 10, not 11",
                "card[0] 'X'.durability: must be 1 to 10, not 11",
            ],
            id="out-of-range-high",
        ),
        pytest.param(
            entity_data(force=-1, durability=0),
            ["card[0] 'X'.force: must be 0 to 10, not -1", "card[0] 'X'.durability: must be 1 to 10, not 0"],
            id="out-of-range-low",
        ),
        pytest.param(
            entity_data(cost=-1),
            ["card[0] 'X'.cost: a Shard cost can't be negative (-1)"],
            id="negative-cost",
        ),
        pytest.param(
            entity_data(keywords=[{"keyword": "deal", "amount": 11}, {"keyword": "draw", "amount": 0}]),
            [
                "card[0] 'X'.keywords[0] (Deal # Dmg).amount: must be 1 to 10, not 11",
                "card[0] 'X'.keywords[1] (Draw # Card).amount: must be 1 to 10, not 0",
            ],
            id="amount-out-of-range",
        ),
        pytest.param(
            entity_data(keywords=["draw"]),
            ["card[0] 'X'.keywords[0] (Draw # Card).amount: Draw # Card needs an amount (1 to 10)"],
            id="amount-missing",
        ),
        pytest.param(
            entity_data(keywords=[{"keyword": "aerial", "amount": 2}]),
            ["card[0] 'X'.keywords[0] (Aerial).amount: Aerial takes no amount"],
            id="amount-not-taken",
        ),
        pytest.param(
            entity_data(keywords=["immunity"]),
            ["card[0] 'X'.keywords[0] (Immunity).element: Immunity needs the element it protects from"],
            id="immunity-without-element",
        ),
        pytest.param(
            entity_data(keywords=[{"keyword": "immunity", "element": "plasma"}]),
            [
                "card[0] 'X'.keywords[0].element: 'plasma' is not an element; "
                f"the elements are {ELEMENT_NAMES}"
            ],
            id="immunity-bad-element",
        ),
        pytest.param(
            entity_data(identity=["space"], cost="S", keywords=[{"keyword": "warp", "cost": 11}]),
            ["card[0] 'X'.keywords[0] (Warp).cost: must be 0 to 10, not 11"],
            id="warp-cost",
        ),
        pytest.param(
            entity_data(keywords=[{"keyword": "aerial", "cost": 1}]),
            ["card[0] 'X'.keywords[0] (Aerial).cost: only Warp has a Shard cost of its own"],
            id="cost-not-taken",
        ),
        pytest.param(
            entity_data(keywords=[{"keyword": "deal", "amount": 2, "trigger": "at dawn"}]),
            [
                "card[0] 'X'.keywords[0].trigger: 'at dawn' is not a trigger; triggers are static, "
                "on_resolve, "
                "on_deploy, activated_exhaust, activated, start_of_your_turn, end_of_your_turn, "
                "whenever_another_of_yours_leaves, whenever_this_attacks"
            ],
            id="unknown-trigger",
        ),
        pytest.param(
            R | {"keywords": [{"keyword": "deal", "amount": 1, "trigger": "on_deploy"}]},
            ["card[0] 'R'.keywords[0] (Deal # Dmg).trigger: 'on_deploy' does not fit here; use on_resolve"],
            id="trigger-not-fitting",
        ),
        pytest.param(
            entity_data(keywords=[{"keyword": "draw", "amount": 1, "scope": "each_entity"}]),
            ["card[0] 'X'.keywords[0] (Draw # Card).scope: 'each_entity' does not fit here; use you"],
            id="scope-not-fitting",
        ),
        pytest.param(
            entity_data(identity=["fire", "water", "life"], cost="FWL"),
            ["card[0] 'X'.identity: an Entity has 0 to 2 elements, not 3"],
            id="three-elements",
        ),
        pytest.param(
            entity_data(identity=["fire", "fire"]),
            ["card[0] 'X'.identity[1]: Fire is listed twice"],
            id="element-twice",
        ),
        pytest.param(
            entity_data(identity=["plasma"], cost=1),
            [f"card[0] 'X'.identity[0]: 'plasma' is not an element; the elements are {ELEMENT_NAMES}"],
            id="unknown-element",
        ),
        pytest.param(
            entity_data(cost="1FW"),
            [
                "card[0] 'X'.cost: pips of Water are outside the identity {Fire}; make them generic or add "
                "the element to the identity"
            ],
            id="pip-outside-identity",
        ),
        pytest.param(
            entity_data(identity=["fire", "water"], cost="1F"),
            [
                "card[0] 'X'.cost: a card needs at least 1 pip of each identity element; add W, "
                'e.g. cost = "FW"'
            ],
            id="missing-identity-pip",
        ),
        pytest.param(
            entity_data(cost="F?"),
            [
                "card[0] 'X'.cost: 'F?' is not a Shard cost: '?' is neither a number nor an element letter "
                "(E=earth A=air M=malice V=void F=fire T=time D=death W=water L=life S=space); "
                "write it like '2WL'"
            ],
            id="bad-cost-letter",
        ),
        pytest.param(
            {k: v for k, v in ENTITY.items() if k not in ("cost", "durability")},
            ["card[0] 'X'.cost: required for an Entity", "card[0] 'X'.durability: required for an Entity"],
            id="missing-stats",
        ),
        pytest.param(
            R | {"force": 2, "keywords": [{"keyword": "deal", "amount": 1}]},
            ["card[0] 'R'.force: a Rite has no force"],
            id="rite-with-force",
        ),
        pytest.param(
            R | {"keywords": ["fast_speed"]},
            ["card[0] 'R'.keywords: a Rite needs at least one effect keyword (Deal # Dmg, Draw # Card, ...)"],
            id="rite-without-effect",
        ),
        pytest.param(
            R,
            ["card[0] 'R'.keywords: a Rite needs at least one effect keyword (Deal # Dmg, Draw # Card, ...)"],
            id="rite-bare",
        ),
        pytest.param(
            I | {"keywords": ["enters_exhausted"]},
            ["card[0] 'I'.keywords: an Item needs at least one effect or mana ability to do anything"],
            id="item-without-ability",
        ),
        pytest.param(
            entity_data(identity=["earth"], cost="E", keywords=["entrench", "sentry"]),
            ["card[0] 'X'.keywords: Entrench already makes it a Sentry; remove Sentry"],
            id="entrench-and-sentry",
        ),
        pytest.param(
            entity_data(identity=["earth"], cost="E", keywords=["reckless", "sentry"]),
            ["card[0] 'X'.keywords: a Sentry can never attack, so Reckless would cost nothing; remove one"],
            id="reckless-sentry",
        ),
        pytest.param(
            entity_data(identity=["earth"], cost="E", keywords=["reckless", "entrench"]),
            ["card[0] 'X'.keywords: a Sentry can never attack, so Reckless would cost nothing; remove one"],
            id="reckless-entrench",
        ),
        pytest.param(
            entity_data(keywords=["aerial", "aerial"]),
            ["card[0] 'X'.keywords: Aerial is listed 2 times; a card has it or not"],
            id="static-twice",
        ),
        pytest.param(
            entity_data(keywords=[{"keyword": "deal", "amount": 1}] * 5),
            ["card[0] 'X'.keywords: an Entity has at most 4 keywords, not 5"],
            id="five-keywords",
        ),
        pytest.param(
            SOVEREIGN | {"keywords": ["sentry"]},
            [
                "card[0] 'S'.keywords[0] (Sentry): a Sovereign's abilities are effects it activates or "
                "static keywords it gives your Entities; Sentry is a drawback keyword for Entities"
            ],
            id="sovereign-drawback",
        ),
        pytest.param(
            SOVEREIGN | {"force": 6, "identity": []},
            [
                "card[0] 'S'.identity: a Sovereign has 1 to 2 elements, not 0",
                "card[0] 'S'.force: a Sovereign's Force is 0 to 5, not 6",
            ],
            id="sovereign-ranges",
        ),
        pytest.param(
            SOVEREIGN | {"cost": "E"}, ["card[0] 'S'.cost: a Sovereign has no cost"], id="sovereign-cost"
        ),
        pytest.param(
            SOVEREIGN | {"keywords": [{"keyword": "draw", "amount": 1}, "armored", "aerial", "breach"]},
            ["card[0] 'S'.keywords: a Sovereign has at most 3 abilities, not 4"],
            id="sovereign-four-abilities",
        ),
        pytest.param(entity_data(name="  "), ["card[0] '  '.name: must not be empty"], id="empty-name"),
    ],
)
def test_each_problem_is_reported_exactly(card: dict[str, Any], expected: list[str]) -> None:
    """Each broken design gives exactly its problem lines, each naming the card and the field."""
    assert list(problems_of(card)) == expected


def test_a_durability_of_0_is_not_read_as_1() -> None:
    """D2: Durability is 1 to 10; a file's 0 is reported, not replaced by a default."""
    assert problems_of(entity_data(durability=0)) == ("card[0] 'X'.durability: must be 1 to 10, not 0",)


def test_duplicate_names_are_a_problem_of_the_later_card() -> None:
    """R24: a card is identified by its name; two cards of a file may not share one (in any case)."""
    assert problems_of(ENTITY, entity_data(name="x"), ENTITY) == (
        "card[1] 'x'.name: an earlier card is already named 'X'",
        "card[2] 'X'.name: an earlier card is already named 'X'",
    )


def test_every_problem_of_every_card_is_listed() -> None:
    """Loading reports every problem at once: unknown sections, then each card's, in order."""
    with pytest.raises(CardError) as caught:
        parse_cards(
            {
                "cards": [],
                "card": [
                    entity_data(name="Good"),
                    entity_data(name="Bad One", force=11, keywords=["dael", "fast_speed"]),
                    R | {"name": "Bad Two", "cost": "1W"},
                    SOVEREIGN | {"name": "Bad Three", "keywords": ["sentry"], "force": 9},
                ],
            },
            source="mine.toml",
        )
    problems = caught.value.problems
    assert problems == (
        "cards: unknown section; a card file holds [[card]] (and, for decks, [[deck]]) tables",
        "card[1] 'Bad One'.keywords[0]: unknown keyword 'dael'; did you mean deal or delay or aerial?",
        "card[1] 'Bad One'.force: must be 0 to 10, not 11",
        "card[1] 'Bad One'.keywords[1] (Fast Speed): Fast Speed fits only Rites, not Entities",
        "card[2] 'Bad Two'.cost: pips of Water are outside the identity {Fire}; make them generic or add "
        "the element to the identity",
        "card[2] 'Bad Two'.cost: a card needs at least 1 pip of each identity element; add F, "
        'e.g. cost = "FW"',
        "card[2] 'Bad Two'.keywords: a Rite needs at least one effect keyword (Deal # Dmg, Draw # Card, ...)",
        "card[3] 'Bad Three'.force: a Sovereign's Force is 0 to 5, not 9",
        "card[3] 'Bad Three'.keywords[0] (Sentry): a Sovereign's abilities are effects it activates or "
        "static keywords it gives your Entities; Sentry is a drawback keyword for Entities",
    )
    assert str(caught.value).startswith("9 problems in mine.toml:\n  - cards: unknown section")


def test_check_card_entries_keeps_good_and_bad_cards_apart() -> None:
    """`check_card_entries`: each table gives a card or its problems; one bad card stops no other."""
    good, bad = check_card_entries({"card": [entity_data(name="Good"), entity_data(name="Bad", force=11)]})
    assert (good.index, good.name, good.problems) == (0, "Good", ())
    assert isinstance(good.card, EntityCard)
    assert (bad.index, bad.name, bad.card) == (1, "Bad", None)
    assert bad.problems == ("card[1] 'Bad'.force: must be 0 to 10, not 11",)


def test_card_must_be_an_array_of_tables() -> None:
    assert problems_of_data({"card": {"name": "x"}}) == ("cards: card must be an array of [[card]] tables",)


def test_a_card_entry_that_is_not_a_table_is_a_problem() -> None:
    """A ``card`` array holding a string (JSON ``{"card": ["Spark"]}``) is a CardError, not a crash."""
    problems = problems_of_data({"card": ["Spark"]})
    assert len(problems) == 1
    assert problems[0].startswith("card[0]")


def outcome(data: dict[str, Any]) -> Card | tuple[str, ...]:
    """The one card of `data`, or its problems."""
    try:
        (card,) = parse_cards({"card": [data]})
    except CardError as caught:
        return caught.problems
    return card


def test_an_identity_written_as_a_string_is_not_read_letter_by_letter() -> None:
    """``identity = "fire"`` is one element or a type problem, never the elements F, I, R, E."""
    got = outcome(entity_data(identity="fire"))
    if isinstance(got, tuple):
        assert len(got) == 1
        assert got[0].startswith("card[0] 'X'.identity: ")
    else:
        assert got.identity == (Element.FIRE,)


def test_keywords_written_as_a_string_are_not_read_letter_by_letter() -> None:
    """``keywords = "aerial"`` is the one keyword or a type problem, never six unknown keywords."""
    got = outcome(entity_data(identity=["air"], cost="A", keywords="aerial"))
    if isinstance(got, tuple):
        assert len(got) == 1
        assert got[0].startswith("card[0] 'X'.keywords: ")
    else:
        assert [inst.keyword.id for inst in got.keywords] == ["K02"]


# ---------------------------------------------------------------------- files


def test_a_missing_file(tmp_path: Path) -> None:
    path = tmp_path / "missing.toml"
    with pytest.raises(CardError) as caught:
        load_card_file(path)
    assert caught.value.problems == ("cannot read the file: No such file or directory",)
    assert caught.value.subject == str(path)


def test_invalid_toml(tmp_path: Path) -> None:
    path = tmp_path / "broken.toml"
    path.write_text('[[card]]\nname = "Spark\n', encoding="utf-8")
    with pytest.raises(CardError) as caught:
        load_card_file(path)
    (problem,) = caught.value.problems
    assert problem.startswith("not valid TOML: ")


def test_invalid_json(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text('{"card": [', encoding="utf-8")
    with pytest.raises(CardError) as caught:
        load_card_file(path)
    (problem,) = caught.value.problems
    assert problem.startswith("not valid JSON: ")


def test_a_json_file_must_hold_an_object(tmp_path: Path) -> None:
    path = tmp_path / "list.json"
    path.write_text("[]", encoding="utf-8")
    with pytest.raises(CardError) as caught:
        load_card_file(path)
    assert caught.value.problems == ("the file's content must be a table (a JSON object), not a list",)


def test_a_file_with_problems_names_itself(tmp_path: Path) -> None:
    path = tmp_path / "cards.toml"
    path.write_text('[[card]]\nname = "Bad"\ntype = "rite"\ncost = 1\n', encoding="utf-8")
    with pytest.raises(CardError) as caught:
        load_card_file(path)
    assert caught.value.subject == str(path)
    assert caught.value.problems == (
        "card[0] 'Bad'.keywords: a Rite needs at least one effect keyword (Deal # Dmg, Draw # Card, ...)",
    )


# ---------------------------------------------------------------------- pools


def test_the_shipped_pool() -> None:
    """The pool holds the rulebook's designs and the cards of the seven decks (their Sovereigns too)."""
    assert len(POOL) >= 70
    assert sum(isinstance(card, SovereignCard) for card in POOL.values()) >= 8
    assert list(POOL)[:3] == ["Highland Oracle", "Warden of the Ridge", "The Ashen Regent"]
    assert repr(POOL) == f"CardPool({len(POOL)} cards)"
    assert repr(CardPool()) == "CardPool(0 cards)"
    assert starter_pool() is POOL  # cached


def test_pool_lookup_by_name_and_id() -> None:
    lancer = POOL["Sky Lancer"]
    assert lancer.id == "sky-lancer"
    assert POOL["sky-lancer"] is lancer
    assert POOL["SKY LANCER"] is lancer
    assert "Sky Lancer" in POOL
    assert "sky-lancer" in POOL
    assert "Sky Lancr" not in POOL
    assert 3 not in POOL
    assert POOL["The Ashen Regent"].id == "the-ashen-regent"


def test_an_unknown_name_suggests_close_ones() -> None:
    with pytest.raises(KeyError) as caught:
        POOL["Sky Lancr"]
    assert caught.value.args[0] == "no card named 'Sky Lancr'; did you mean 'Sky Lancer'?"
    with pytest.raises(KeyError) as far:
        POOL["Zzyzx"]
    assert far.value.args[0] == "no card named 'Zzyzx'"


def test_pools_combine_and_the_later_card_wins() -> None:
    cheap = EntityCard(
        name="Sky Lancer", identity=(Element.AIR,), cost=ShardCost.parse("A"), force=1, durability=1
    )
    extra = RiteCard(
        name="New Rite",
        identity=(Element.FIRE,),
        cost=ShardCost.parse("F"),
        keywords=(KeywordInstance(keyword("deal"), 1, Trigger.ON_RESOLVE, Scope.SINGLE),),
    )
    both = POOL | CardPool([cheap, extra])
    assert len(both) == len(POOL) + 1
    assert both["Sky Lancer"] is cheap
    assert both["new-rite"] is extra
    assert POOL["Sky Lancer"] is not cheap  # the shipped pool is unchanged


# ---------------------------------------------------------------------- the model and its text


def test_shard_costs() -> None:
    """Digits are generic Shards, each letter a pip; '+', spaces and braces are ignored."""
    assert ShardCost.parse("2WL") == ShardCost.parse("W+L+2") == ShardCost.of(2, water=1, life=1)
    assert ShardCost.parse("{2}{W}{L}") == ShardCost.parse("2WL")
    assert ShardCost.parse("EE1").pip(Element.EARTH) == 2
    assert ShardCost.parse("1 2").generic == 3
    assert ShardCost.parse(3) == ShardCost(3)
    cost = ShardCost.parse("3wL")
    assert (cost.generic, cost.total, cost.elements) == (3, 5, (Element.WATER, Element.LIFE))
    assert [str(ShardCost.parse(x)) for x in ("W+L+2", "L", "0", 4, "EE1")] == ["2WL", "L", "0", "4", "1EE"]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("2X", "'2X' is not a Shard cost: 'X' is neither a number nor an element letter"),
        (-1, "a Shard cost can't be negative (-1)"),
        (2.0, "a Shard cost is written like '2WL' or 3, not 2.0"),
        (True, "a Shard cost is written like '2WL' or 3, not True"),
    ],
)
def test_bad_shard_costs(text: Any, message: str) -> None:
    with pytest.raises(ValueError, match=r"Shard cost") as caught:
        ShardCost.parse(text)
    assert str(caught.value).startswith(message)


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("Sky Lancer", "Sky Lancer: Entity {Air}, cost 2A, 2/2, Aerial"),
        ("Ridge Recruit", "Ridge Recruit: Entity {Earth}, cost 1E, 2/3"),
        ("Quick Spark", "Quick Spark: Rite {Fire}, cost F, Deal 2 Dmg, Fast Speed"),
        ("Ridgestone Idol", "Ridgestone Idol: Item {Earth}, cost 1E, Elemental Rock 1, Enters Exhausted"),
        ("Hollow Knight", "Hollow Knight: Entity {Void}, cost 2V, 2/3, Immunity (Fire)"),
        ("Rift Stalker", "Rift Stalker: Entity {Space}, cost 1S, 1/2, Warp (cost 1)"),
        ("Undertow", "Undertow: Rite {Water}, cost W, Submerge (each opposing Entity)"),
        ("Cutthroat", "Cutthroat: Entity {Malice}, cost 1M, 3/2, Assault, Additional cost: Pay 1 Integrity"),
        (
            "Keeper of Hours",
            "Keeper of Hours: Entity {Void, Time}, cost 3VT, 3/4, At the start of your turn: Foresight 1, "
            "Immunity (Malice)",
        ),
        (
            "Tidemother",
            "Tidemother: Sovereign {Water, Life}, Force 1, Exhaust your Sovereign: Heal 2 Integrity, "
            "Your Entities have Regenerate",
        ),
    ],
)
def test_str_of_a_card(name: str, text: str) -> None:
    assert str(POOL[name]) == text


@pytest.mark.parametrize(
    ("instance", "text"),
    [
        (KeywordInstance(keyword("deal"), 2, Trigger.ON_RESOLVE, Scope.SINGLE), "Deal 2 Dmg"),
        (
            KeywordInstance(keyword("deal"), 2, Trigger.ON_RESOLVE, Scope.EACH_ENTITY),
            "Deal 2 Dmg to each Entity",
        ),
        (
            KeywordInstance(keyword("upgrade"), None, Trigger.END_OF_YOUR_TURN, Scope.EACH_OF_YOUR_ENTITIES),
            "At the end of your turn: Add +1/+1 Upgrade (each of your Entities)",
        ),
        (KeywordInstance(keyword("draw"), 3, Trigger.ACTIVATED_EXHAUST, Scope.YOU), "Exhaust: Draw 3 Card"),
        (
            KeywordInstance(keyword("swarm"), None, Trigger.WHENEVER_ANOTHER_OF_YOURS_LEAVES, Scope.YOU),
            "Whenever another Entity of yours leaves the Arena: Swarm",
        ),
        (
            KeywordInstance(keyword("foresight"), 2, Trigger.ON_DEPLOY, Scope.YOU),
            "When this enters the Arena: Foresight 2",
        ),
        (KeywordInstance(keyword("immunity"), element=Element.DEATH), "Immunity (Death)"),
        (KeywordInstance(keyword("warp"), cost=2), "Warp (cost 2)"),
        (KeywordInstance(keyword("sacrifice")), "Additional cost: Sacrifice an Entity"),
        (KeywordInstance(keyword("rock"), 3), "Elemental Rock 3"),
    ],
)
def test_str_of_a_keyword_instance(instance: KeywordInstance, text: str) -> None:
    assert str(instance) == text


def test_the_card_model() -> None:
    """Cards are frozen values identified by name; the types and their fields."""
    recruit = POOL["Ridge Recruit"]
    assert isinstance(recruit, EntityCard)
    assert (recruit.force, recruit.durability, recruit.cost.total) == (2, 3, 2)
    assert recruit.identity_text == "{Earth}"
    grey = EntityCard(name="Grey", cost=ShardCost(1), force=1, durability=2)
    assert grey.identity_text == "{}"
    assert grey.rules_text() == ()
    assert POOL["Quick Spark"].is_fast  # type: ignore[attr-defined]
    assert not POOL["Spark"].is_fast  # type: ignore[attr-defined]
    assert isinstance(POOL["Ridgestone Idol"], ItemCard)
    assert POOL["Blood Pact"].rules_text() == ("Additional cost: Sacrifice an Entity", "Destroy Entity")


def test_check_card_returns_a_legal_card_and_raises_for_an_illegal_one() -> None:
    card: Card = POOL["Sky Lancer"]
    assert check_card(card) is card
    bad = EntityCard(name="Glass Giant", cost=ShardCost(12), force=11, durability=0)
    with pytest.raises(CardError) as caught:
        check_card(bad)
    assert caught.value.subject == "card 'Glass Giant'"
    assert caught.value.problems == (
        "cost: must total 0 to 10 Shards, not 12",
        "force: must be 0 to 10, not 11",
        "durability: must be 1 to 10, not 0",
    )


def test_every_shipped_card_is_a_legal_design() -> None:
    for card in POOL.values():
        assert check_card(card) is card
