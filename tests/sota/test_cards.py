"""SOTA cards: the loader's validation, and the content of the five Starter Decks (SOTA-D1 to D5)."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from shardgames.kernel.errors import CardError, DataError
from shardgames.sota.cards import (
    STATS,
    AllyCard,
    CardPool,
    CharacterCard,
    Decklist,
    PersonaCard,
    PersonaTrait,
    Stat,
    Stats,
    TraitCard,
    TraitKind,
    Variant,
    card_section,
    card_to_data,
    deck_to_data,
    load_card_file,
    parse_card_data,
    starter_decks,
    starter_pool,
)

DECK_NAMES = ["ember", "tide", "gale", "grove", "umbra"]
STARTER_TRAITS = Counter(
    [
        ("siphon", "magic"),
        ("siphon", "agility"),
        ("focus", "vitality"),
        ("focus", "luck"),
        ("grit", None),
        ("fortune", None),
        ("hex", None),
    ]
)


def stats(agility: int, vitality: int, luck: int, magic: int, charisma: int) -> dict[str, int]:
    return {"agility": agility, "vitality": vitality, "luck": luck, "magic": magic, "charisma": charisma}


def character(card_id: str, **fields: Any) -> dict[str, Any]:
    return {
        "id": card_id,
        "name": card_id.title(),
        "variant": "standard",
        "stats": stats(3, 3, 3, 3, 3),
    } | fields


def problems_of(data: dict[str, Any]) -> tuple[str, ...]:
    with pytest.raises(CardError) as caught:
        parse_card_data(data, source="test data", known=CardPool())
    return caught.value.problems


def deck_cards(name: str) -> list[Any]:
    pool = starter_pool()
    return [pool[card_id] for card_id in starter_decks()[name].card_ids()]


def characters(name: str) -> list[CharacterCard]:
    return [card for card in deck_cards(name) if isinstance(card, CharacterCard)]


# ---------------------------------------------------------------------- loading


def test_load_a_toml_file_with_cards_and_a_deck(tmp_path: Path) -> None:
    path = tmp_path / "cards.toml"
    path.write_text(
        """
[[persona]]
id = "p"
name = "Persona"
stats = { agility = 4, vitality = 4, luck = 4, magic = 4, charisma = 4 }
trait = "muse"

[[character]]
id = "s"
name = "Signable"
variant = "signable"
stats = { agility = 1, vitality = 2, luck = 3, magic = 4, charisma = 5 }
signed_bonus = 2

[[ally]]
id = "a"
name = "Ally"
stat = "luck"
value = 2

[[trait]]
id = "t"
name = "Trait"
kind = "focus"
stat = "vitality"

[[deck]]
name = "d"
title = "A Deck"
theme = "For the test."
cards = ["p", "s", "s", "a", "t", "casstia"]
signed = ["s"]
""",
        encoding="utf-8",
    )
    loaded = load_card_file(path)
    assert list(loaded.cards) == ["p", "s", "a", "t"]
    assert loaded.cards["p"] == PersonaCard("p", "Persona", Stats(4, 4, 4, 4, 4), PersonaTrait.MUSE)
    assert loaded.cards["s"] == CharacterCard("s", "Signable", Variant.SIGNABLE, Stats(1, 2, 3, 4, 5), 2)
    assert loaded.cards["a"] == AllyCard("a", "Ally", Stat.LUCK, 2)
    assert loaded.cards["t"] == TraitCard("t", "Trait", TraitKind.FOCUS, Stat.VITALITY)
    deck = loaded.decks["d"]
    assert (deck.title, deck.theme) == ("A Deck", "For the test.")
    assert deck.card_ids() == ["p", "s", "s", "a", "t", "casstia"]  # a starter card is known too
    assert [entry.signed for entry in deck.entries] == [False, True, False, False, False, False]


def test_load_a_json_file(tmp_path: Path) -> None:
    path = tmp_path / "cards.json"
    data = {"character": [character("solo")], "deck": [{"name": "d", "cards": ["solo", "casstia"]}]}
    path.write_text(json.dumps(data), encoding="utf-8")
    loaded = load_card_file(path)
    assert loaded.cards["solo"].stats.total == 15  # type: ignore[union-attr]
    assert loaded.decks["d"].title == "d"  # the title defaults to the name
    assert loaded.decks["d"].theme == ""


def test_a_deck_without_title_or_signed_defaults() -> None:
    loaded = parse_card_data({"deck": [{"name": "bare", "cards": []}]})
    assert loaded.decks["bare"] == Decklist("bare", "bare", ())


def test_the_decks_of_a_file_cannot_be_changed() -> None:
    with pytest.raises(TypeError):
        starter_decks()["mine"] = Decklist("mine", "Mine", ())  # type: ignore[index]


# ---------------------------------------------------------------------- one problem at a time


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        pytest.param(
            {"character": [character("c", stats=stats(3, 3, 3, 3, 4))]},
            "character[0].stats: must sum to 15, not 16",
            id="character-stat-sum",
        ),
        pytest.param(
            {"persona": [{"id": "p", "name": "P", "stats": stats(4, 4, 4, 4, 3), "trait": "muse"}]},
            "persona[0].stats: must sum to 20, not 19",
            id="persona-stat-sum",
        ),
        pytest.param(
            {"character": [character("c", stats=stats(7, 2, 2, 2, 2))]},
            "character[0].stats.agility: must be an int 1..6, not 7",
            id="character-stat-out-of-range",
        ),
        pytest.param(
            {"persona": [{"id": "p", "name": "P", "stats": stats(8, 3, 3, 3, 3), "trait": "muse"}]},
            "persona[0].stats.agility: must be an int 1..7, not 8",
            id="persona-stat-out-of-range",
        ),
        pytest.param(
            {"character": [character("c", stats=stats(0, 4, 4, 4, 3))]},
            "character[0].stats.agility: must be an int 1..6, not 0",
            id="stat-zero",
        ),
        pytest.param(
            {"character": [character("c", stats={**stats(3, 3, 3, 3, 3), "luck": "3"})]},
            "character[0].stats.luck: must be an int 1..6, not '3'",
            id="stat-not-an-int",
        ),
        pytest.param(
            {"character": [character("c", stats={"agility": 5, "vitality": 5, "luck": 5})]},
            "character[0].stats: missing magic, charisma",
            id="stat-missing",
        ),
        pytest.param(
            {"character": [character("c", stats={**stats(3, 3, 3, 3, 3), "speed": 1})]},
            "character[0].stats: unknown stat speed; stats are agility, vitality, luck, magic, charisma",
            id="stat-unknown",
        ),
        pytest.param(
            {"character": [character("c", colour="red")]},
            "character[0].colour: unknown field; "
            "fields are id, name, signed_bonus, stats, twin_pair, variant",
            id="unknown-field",
        ),
        pytest.param(
            {"characters": []},
            "characters: unknown section; sections are persona, character, ally, trait, deck",
            id="unknown-section",
        ),
        pytest.param(
            {"character": [character("c", variant="golden")]},
            "character[0].variant: 'golden' is not one of standard, signable, twin",
            id="unknown-variant",
        ),
        pytest.param(
            {"persona": [{"id": "p", "name": "P", "stats": stats(4, 4, 4, 4, 4), "trait": "sing"}]},
            "persona[0].trait: 'sing' is not one of flourish, muse, critique, encore",
            id="unknown-persona-trait",
        ),
        pytest.param(
            {"trait": [{"id": "t", "name": "T", "kind": "curse"}]},
            "trait[0].kind: 'curse' is not one of siphon, focus, grit, fortune, hex, encore",
            id="unknown-trait-kind",
        ),
        pytest.param(
            {"ally": [{"id": "a", "name": "A", "stat": "speed", "value": 1}]},
            "ally[0].stat: 'speed' is not one of agility, vitality, luck, magic, charisma",
            id="unknown-stat",
        ),
        pytest.param(
            {"ally": [{"id": "a", "name": "A", "stat": "luck", "value": 4}]},
            "ally[0].value: must be 1, 2 or 3, not 4",
            id="ally-value",
        ),
        pytest.param(
            {"ally": [{"id": "a", "name": "A", "stat": "luck", "value": 2.0}]},
            "ally[0].value: must be 1, 2 or 3, not 2.0",
            id="ally-value-float",
        ),
        pytest.param(
            {"trait": [{"id": "t", "name": "T", "kind": "siphon"}]},
            "trait[0].stat: None is not one of agility, vitality, luck, magic, charisma",
            id="siphon-without-stat",
        ),
        pytest.param(
            {"trait": [{"id": "t", "name": "T", "kind": "grit", "stat": "luck"}]},
            "trait[0].stat: only siphon and focus name a stat",
            id="grit-with-stat",
        ),
        pytest.param(
            {"character": [character("c", variant="signable", signed_bonus=3)]},
            "character[0].signed_bonus: must be an int 1..2, not 3",
            id="signed-bonus-range",
        ),
        pytest.param(
            {"character": [character("c", signed_bonus=1)]},
            "character[0].signed_bonus: only signable characters have a Signed Bonus",
            id="signed-bonus-on-standard",
        ),
        pytest.param(
            {"character": [character("c", variant="twin")]},
            "character[0].twin_pair: a twin needs the key it shares with its partner",
            id="twin-without-key",
        ),
        pytest.param(
            {"character": [character("c", twin_pair="k")]},
            "character[0].twin_pair: only twins have a twin_pair",
            id="twin-key-on-standard",
        ),
        pytest.param(
            {"character": [character("c", variant="twin", twin_pair="k")]},
            "twin_pair 'k': must join exactly two twins, has ['c']",
            id="twin-pair-with-one-half",
        ),
        pytest.param(
            {"character": [character(c, variant="twin", twin_pair="k") for c in ("a", "b", "c")]},
            "twin_pair 'k': must join exactly two twins, has ['a', 'b', 'c']",
            id="twin-pair-with-three",
        ),
        pytest.param(
            {"character": [character("c"), character("c")]},
            "id 'c': used by 2 cards",
            id="duplicate-id",
        ),
        pytest.param(
            {"character": [character("c", name="")]},
            "character[0].name: must be a non-empty string",
            id="empty-name",
        ),
        pytest.param(
            {"deck": [{"name": "d", "cards": ["c", "nowhere"]}], "character": [character("c")]},
            "deck[0].cards: no card with id 'nowhere'",
            id="deck-names-unknown-card",
        ),
        pytest.param(
            {"deck": [{"name": "d", "cards": ["c"], "signed": ["c", "c"]}], "character": [character("c")]},
            "deck[0].signed: 'c' is signed more often than the deck holds it",
            id="deck-signs-too-often",
        ),
        pytest.param(
            {"deck": [{"name": "d", "cards": []}, {"name": "d", "cards": []}]},
            "deck[1].name: a deck named 'd' comes earlier in the file",
            id="deck-name-twice",
        ),
        pytest.param(
            {"deck": [{"name": "d", "cards": "c"}]},
            "deck[0].cards: must be a list of card ids",
            id="deck-cards-not-a-list",
        ),
        pytest.param(
            {"deck": [{"name": "d", "cards": [], "theme": 3}]},
            "deck[0].theme: must be a string, not 3",
            id="deck-theme-not-a-string",
        ),
        pytest.param(
            {"character": {"id": "c"}}, "character: must be an array of tables", id="section-not-array"
        ),
    ],
)
def test_each_problem_is_reported(data: dict[str, Any], expected: str) -> None:
    assert expected in problems_of(data)


def test_a_twin_with_a_broken_partner_reports_only_the_partner() -> None:
    """One twin's stat error does not also report the other twin as alone."""
    data = {
        "character": [
            character("a", variant="twin", twin_pair="k"),
            character("b", variant="twin", twin_pair="k", stats=stats(6, 6, 6, 6, 6)),
        ]
    }
    problems = problems_of(data)
    assert not any("twin_pair" in p for p in problems)
    assert "character[1].stats: must sum to 15, not 30" in problems


def test_a_twin_pair_may_complete_a_known_pair_half() -> None:
    half = CharacterCard("a", "A", Variant.TWIN, Stats(3, 3, 3, 3, 3), twin_pair="k")
    loaded = parse_card_data(
        {"character": [character("b", variant="twin", twin_pair="k")]}, known=CardPool([half])
    )
    assert loaded.cards["b"].twin_pair == "k"  # type: ignore[union-attr]


def test_every_problem_is_listed_at_once() -> None:
    data = {
        "persona": [{"id": "p", "name": "P", "stats": stats(7, 7, 7, 7, 7), "trait": "muse"}],
        "character": [
            character("c", stats=stats(6, 6, 1, 1, 2)),
            character("c", variant="hero"),
            character("t", variant="twin", twin_pair="alone"),
        ],
        "ally": [{"id": "a", "name": "A", "stat": "luck", "value": 9, "flavour": "x"}],
        "deck": [{"name": "d", "cards": ["p", "ghost"]}],
    }
    with pytest.raises(CardError) as caught:
        parse_card_data(data, source="all.toml", known=CardPool())
    problems = caught.value.problems
    expected = [
        "persona[0].stats: must sum to 20, not 35",
        "character[0].stats: must sum to 15, not 16",
        "character[1].variant: 'hero' is not one of standard, signable, twin",
        "ally[0].flavour: unknown field; fields are id, name, stat, value",
        "ally[0].value: must be 1, 2 or 3, not 9",
        "twin_pair 'alone': must join exactly two twins, has ['t']",
        "deck[0].cards: no card with id 'ghost'",
    ]
    for line in expected:
        assert line in problems
    assert str(caught.value).startswith(f"{len(problems)} problems in all.toml:")
    assert isinstance(caught.value, DataError)
    assert isinstance(caught.value, ValueError)


def test_bad_toml_is_one_problem_naming_the_file(tmp_path: Path) -> None:
    path = tmp_path / "broken.toml"
    path.write_text('[[character]]\nid = "c\n', encoding="utf-8")
    with pytest.raises(CardError) as caught:
        load_card_file(path)
    assert caught.value.subject == str(path)
    assert len(caught.value.problems) == 1
    assert caught.value.problems[0].startswith("not valid TOML: ")


def test_bad_json_and_a_json_array_are_card_errors(tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text("{", encoding="utf-8")
    with pytest.raises(CardError, match="not valid JSON"):
        load_card_file(broken)
    array = tmp_path / "array.json"
    array.write_text("[1, 2]", encoding="utf-8")
    with pytest.raises(CardError, match="must be a table"):
        load_card_file(array)


def test_a_missing_file_is_a_card_error(tmp_path: Path) -> None:
    with pytest.raises(CardError, match="cannot read the file"):
        load_card_file(tmp_path / "nowhere.toml")


# ---------------------------------------------------------------------- the Starter Decks


def test_sota_5_five_starter_decks_of_54_cards() -> None:
    """SOTA-5: "There are five pre-built Starter Decks of 54 cards each: 3 Persona, 9 Signable, 2 Twin,
    18 Standard Character, 5+5+5 Ally (+1/+2/+3) and 7 Trait."
    """
    decks = starter_decks()
    assert list(decks) == DECK_NAMES
    for name in DECK_NAMES:
        assert len(decks[name].entries) == 54, name
        assert decks[name].title, name
        assert decks[name].theme, name
        assert not any(entry.signed for entry in decks[name].entries), name  # no signatures as shipped
    assert len({deck.title for deck in decks.values()}) == 5


@pytest.mark.parametrize("name", DECK_NAMES)
def test_sota_d1_starter_deck_composition(name: str) -> None:
    """SOTA-D1: each Starter Deck contains 3 Personas; 9 Signable Characters; 1 Twin pair (2 cards);
    18 Standard Characters; 15 Allies, exactly one per (stat, value) combination; 7 Traits.
    """
    cards = deck_cards(name)
    assert sum(isinstance(c, PersonaCard) for c in cards) == 3
    variants = Counter(c.variant for c in cards if isinstance(c, CharacterCard))
    assert variants == {Variant.SIGNABLE: 9, Variant.TWIN: 2, Variant.STANDARD: 18}
    twins = [c for c in cards if isinstance(c, CharacterCard) and c.variant is Variant.TWIN]
    assert twins[0].twin_pair is not None
    assert twins[0].twin_pair == twins[1].twin_pair
    allies = Counter((c.stat, c.value) for c in cards if isinstance(c, AllyCard))
    assert allies == Counter({(stat, value): 1 for stat in STATS for value in (1, 2, 3)})
    assert sum(isinstance(c, TraitCard) for c in cards) == 7
    assert len({c.id for c in cards}) == 54  # every card of a Starter Deck is a different card


def test_sota_d1_ids_and_names_are_unique_across_the_starter_decks() -> None:
    """SOTA-D1: five decks of distinct cards; every id and every name is used once."""
    pool = starter_pool()
    assert len(pool) == 5 * 54
    names = Counter(card.name for card in pool.values())
    assert [name for name, count in names.items() if count > 1] == []
    for name in DECK_NAMES:
        named = {"casstia", "livaris", "saravel"}
        assert all(i.startswith(f"{name}-") or i in named for i in starter_decks()[name].card_ids())


def test_sota_d1_ember_holds_the_cards_the_text_names() -> None:
    """SOTA-D1: "Deck 1 also contains the cards the text names: Casstia (Standard): Agility 3, Vitality 2,
    Luck 2, Magic 6, Charisma 2. Livaris (Twin): Agility 3, Vitality 2, Luck 3, Magic 5, Charisma 2.
    Saravel (Twin partner): Agility 2, Vitality 3, Luck 2, Magic 6, Charisma 2. Combined Magic is 11."
    """
    pool = starter_pool()
    ember = starter_decks()["ember"].card_ids()
    assert {"casstia", "livaris", "saravel"} <= set(ember)
    casstia, livaris, saravel = pool["casstia"], pool["livaris"], pool["saravel"]
    assert isinstance(casstia, CharacterCard)
    assert isinstance(livaris, CharacterCard)
    assert isinstance(saravel, CharacterCard)
    assert (casstia.name, casstia.variant, casstia.stats) == (
        "Casstia",
        Variant.STANDARD,
        Stats(3, 2, 2, 6, 2),
    )
    assert (livaris.name, livaris.variant, livaris.stats) == ("Livaris", Variant.TWIN, Stats(3, 2, 3, 5, 2))
    assert (saravel.name, saravel.variant, saravel.stats) == ("Saravel", Variant.TWIN, Stats(2, 3, 2, 6, 2))
    assert livaris.twin_pair is not None
    assert livaris.twin_pair == saravel.twin_pair
    assert livaris.stats[Stat.MAGIC] + saravel.stats[Stat.MAGIC] == 11


@pytest.mark.parametrize("name", DECK_NAMES)
def test_sota_d2_stat_ranges(name: str) -> None:
    """SOTA-D2: "Characters (every variant, and each Twin half): integer stats 1-6 that sum to exactly 15.
    Personas: stats 1-7 that sum to 20."
    """
    for card in deck_cards(name):
        if isinstance(card, CharacterCard):
            assert all(1 <= v <= 6 for v in card.stats.as_tuple()), card
            assert card.stats.total == 15, card
        elif isinstance(card, PersonaCard):
            assert all(1 <= v <= 7 for v in card.stats.as_tuple()), card
            assert card.stats.total == 20, card


def test_sota_d2_the_example_persona_is_in_ember() -> None:
    """SOTA-D2: "An example Persona for EX6/EX7: Agility 4, Vitality 3, Luck 1, Magic 6, Charisma 6.\""""
    personas = [c for c in deck_cards("ember") if isinstance(c, PersonaCard)]
    assert Stats(4, 3, 1, 6, 6) in [p.stats for p in personas]


def test_sota_d2_the_decks_lean_on_different_stats() -> None:
    """SOTA-D2 ranges leave room for a profile per deck: each deck's two strongest average stats differ."""
    leans = set()
    for name in DECK_NAMES:
        chars = characters(name)
        means = {stat: sum(c.stats[stat] for c in chars) / len(chars) for stat in STATS}
        leans.add(frozenset(sorted(means, key=means.__getitem__)[-2:]))
        assert len({c.stats for c in chars}) >= 25, name  # varied spreads, not one shape repeated
    assert len(leans) == 5


@pytest.mark.parametrize("name", DECK_NAMES)
def test_sota_d3_signed_bonus_is_1_on_every_signable_card(name: str) -> None:
    """SOTA-D3: "Signed Bonus: +1 on every signable card. The data field allows 1-2.\""""
    signable = [c for c in characters(name) if c.variant is Variant.SIGNABLE]
    assert len(signable) == 9
    assert all(c.signed_bonus == 1 for c in signable)


@pytest.mark.parametrize("name", DECK_NAMES)
def test_sota_d4_the_starter_trait_set(name: str) -> None:
    """SOTA-D4: "Starter set of 7: Siphon(Magic), Siphon(Agility), Focus(Vitality), Focus(Luck), Grit,
    Fortune, Hex."
    """
    traits = [c for c in deck_cards(name) if isinstance(c, TraitCard)]
    kinds = Counter((t.kind.value, t.stat.value if t.stat else None) for t in traits)
    assert kinds == STARTER_TRAITS
    assert sorted(t.label for t in traits) == sorted(
        ["Siphon(magic)", "Siphon(agility)", "Focus(vitality)", "Focus(luck)", "Grit", "Fortune", "Hex"]
    )


@pytest.mark.parametrize("name", DECK_NAMES)
def test_sota_d5_three_personas_with_three_different_traits(name: str) -> None:
    """SOTA-D5: "One per Persona [...] Each Starter Deck's three Personas have three different traits.\""""
    personas = [c for c in deck_cards(name) if isinstance(c, PersonaCard)]
    assert len({p.trait for p in personas}) == 3
    assert {p.trait for p in personas} <= set(PersonaTrait)


def test_cards_and_decks_written_back_read_equal() -> None:
    """card_to_data and deck_to_data write what the loader reads: every Starter Deck card and deck."""
    data: dict[str, list[dict[str, Any]]] = {}
    for card in starter_pool().values():
        data.setdefault(card_section(card), []).append(card_to_data(card))
    data["deck"] = [deck_to_data(deck) for deck in starter_decks().values()]
    again = parse_card_data(json.loads(json.dumps(data)), known=CardPool())
    assert dict(again.cards) == dict(starter_pool())
    assert dict(again.decks) == dict(starter_decks())
