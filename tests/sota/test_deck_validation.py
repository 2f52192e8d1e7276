"""SOTA deck construction (SOTA-3, 4, 5, R3, R4, DX15): `deck_problems`, `validate_deck`, files."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shardgames.kernel.errors import CardError, DeckError
from shardgames.sota import cards as cards_module
from shardgames.sota.cards import (
    AllyCard,
    Card,
    CardPool,
    CharacterCard,
    DeckEntry,
    Decklist,
    PersonaCard,
    TraitCard,
    Variant,
    starter_decks,
    starter_pool,
)
from shardgames.sota.decks import deck_problems, validate_deck, validate_deck_file

DATA = Path(__file__).parent / "data"
AT_MOST_52 = "(a Shard Deck holds at most 52 cards with its Persona)"
ONLY_SIGNABLE = "only signable Characters can be signed"
POOL = starter_pool()


def ids_where(kind: type, variant: Variant | None = None, value: int | None = None) -> list[str]:
    """The starter card ids of one type (and variant, or Ally value), in file order."""
    return [
        card_id
        for card_id, card in POOL.items()
        if isinstance(card, kind)
        and (variant is None or getattr(card, "variant", None) is variant)
        and (value is None or getattr(card, "value", None) == value)
    ]


PERSONAS = ids_where(PersonaCard)
SIGNABLE = ids_where(CharacterCard, Variant.SIGNABLE)
STANDARD = ids_where(CharacterCard, Variant.STANDARD)
TWINS = ids_where(CharacterCard, Variant.TWIN)
ALLIES = {value: ids_where(AllyCard, value=value) for value in (1, 2, 3)}
TRAITS = ids_where(TraitCard)
FILLERS = STANDARD + TWINS + TRAITS  # cards no rule counts


def deck_of(card_ids: Iterable[str], *, signed: Iterable[str] = (), name: str = "test") -> Decklist:
    to_sign = list(signed)
    entries = []
    for card_id in card_ids:
        entries.append(DeckEntry(card_id, card_id in to_sign))
        if card_id in to_sign:
            to_sign.remove(card_id)
    return Decklist(name, name.title(), tuple(entries))


def legal_52() -> list[str]:
    """1 Persona and 51 other cards: 9 signable, 2 twins, 18 standard, 15 Allies (5 per value), 7 Traits."""
    ember = starter_decks()["ember"].card_ids()
    return ember[:1] + ember[3:]


def test_legal_52_is_what_it_says() -> None:
    cards = [POOL[i] for i in legal_52()]
    assert len(cards) == 52
    assert sum(isinstance(c, PersonaCard) for c in cards) == 1


# ---------------------------------------------------------------------- SOTA-3: one Persona, at most 52


def test_sota_3_exactly_one_persona_and_other_cards() -> None:
    """SOTA-3: "A Shard Deck has exactly 1 Persona plus any mix of Character, Trait and Ally cards.\""""
    assert deck_problems(deck_of([PERSONAS[0], "casstia", TRAITS[0], ALLIES[1][0]])) == []
    problems = deck_problems(deck_of(["casstia", TRAITS[0]]))
    assert problems == [
        "no Persona: a Shard Deck needs exactly 1 (a Starter Deck offers up to 3 to choose from)"
    ]


def test_sota_3_at_most_52_cards_with_the_persona() -> None:
    """SOTA-3: "at most 52 cards in total with the Persona included (the example 1+29+15+7 = 52).\""""
    assert deck_problems(deck_of(legal_52())) == []
    assert deck_problems(deck_of([*legal_52(), "casstia"])) == [
        f"52 cards besides the Persona: at most 51 {AT_MOST_52}; remove 1"
    ]
    too_many = deck_problems(deck_of([*legal_52(), *STANDARD[:5]]))
    assert too_many == [f"56 cards besides the Persona: at most 51 {AT_MOST_52}; remove 5"]


def test_sota_3_the_example_split_1_29_15_7_is_legal() -> None:
    """SOTA-3: "the example 1+29+15+7 = 52": a Persona, 29 Characters, 15 Allies and 7 Traits."""
    ember = [POOL[i] for i in starter_decks()["ember"].card_ids()]
    counts = Counter(type(c).__name__ for c in ember)
    assert counts == {"PersonaCard": 3, "CharacterCard": 29, "AllyCard": 15, "TraitCard": 7}
    assert deck_problems(deck_of(legal_52())) == []


# ---------------------------------------------------------------------- SOTA-4 and R4: the caps


def test_sota_4_at_most_9_signable_characters() -> None:
    """SOTA-4: "Per-deck caps: at most 9 Signed Characters" (read as signable, SOTA-R4)."""
    assert deck_problems(deck_of([PERSONAS[0], *SIGNABLE[:9]])) == []
    assert deck_problems(deck_of([PERSONAS[0], *SIGNABLE[:10]])) == [
        "10 signable Characters: at most 9, signed or not; remove 1"
    ]
    assert deck_problems(deck_of([PERSONAS[0], *[SIGNABLE[0]] * 12])) == [
        "12 signable Characters: at most 9, signed or not; remove 3"
    ]


@pytest.mark.parametrize("value", [1, 2, 3])
def test_sota_4_at_most_5_allies_of_each_value(value: int) -> None:
    """SOTA-4: "at most [...] 5 Ally(+1), 5 Ally(+2) and 5 Ally(+3).\""""
    others = [v for v in (1, 2, 3) if v != value]
    five_each = [card for v in (1, 2, 3) for card in ALLIES[v][:5]]
    assert deck_problems(deck_of([PERSONAS[0], *five_each])) == []
    six = [PERSONAS[0], *five_each, ALLIES[value][5]]
    assert deck_problems(deck_of(six)) == [f"6 Allies of value +{value}: at most 5 of each value; remove 1"]
    copies = [PERSONAS[0], *[ALLIES[value][0]] * 7, *ALLIES[others[0]][:5]]  # copies count like any card
    assert deck_problems(deck_of(copies)) == [
        f"7 Allies of value +{value}: at most 5 of each value; remove 2"
    ]


def test_sota_4_no_other_copy_limits() -> None:
    """SOTA-R3: "no other copy limits": 40 copies of one standard Character are fine."""
    assert deck_problems(deck_of([PERSONAS[0], *["casstia"] * 40, *[TRAITS[0]] * 11])) == []


def test_sota_r4_the_signable_cap_counts_unsigned_copies_too() -> None:
    """SOTA-R4: "The 9-card cap counts signable cards whether or not they are signed.\""""
    ten = [PERSONAS[0], *SIGNABLE[:10]]
    assert deck_problems(deck_of(ten)) == deck_problems(deck_of(ten, signed=SIGNABLE[:10]))
    assert len(deck_problems(deck_of(ten, signed=SIGNABLE[:3]))) == 1


def test_sota_r4_only_signable_characters_can_be_signed() -> None:
    """SOTA-R4: "Deck entry: `signed: bool`, meaning a physical signature"; the bonus "never applies to
    Personas or Twins (variants are exclusive)", so only a signable copy carries a signature.
    """
    persona, twin, ally, trait = PERSONAS[0], "livaris", ALLIES[2][0], TRAITS[0]
    deck = deck_of(
        [persona, SIGNABLE[0], "casstia", "casstia", twin, ally, trait],
        signed=[persona, SIGNABLE[0], "casstia", "casstia", twin, ally, trait],
    )
    assert deck_problems(deck) == [
        f"{persona!r} ({POOL[persona].name}) is signed, but it is a Persona: {ONLY_SIGNABLE}",
        f"'casstia' (Casstia) is signed (2 copies), but it is a standard Character: {ONLY_SIGNABLE}",
        f"'livaris' (Livaris) is signed, but it is a twin Character: {ONLY_SIGNABLE}",
        f"{ally!r} ({POOL[ally].name}) is signed, but it is an Ally: {ONLY_SIGNABLE}",
        f"{trait!r} ({POOL[trait].name}) is signed, but it is a Trait: {ONLY_SIGNABLE}",
    ]


# ---------------------------------------------------------------------- SOTA-5 and R3: Starter Decks


@pytest.mark.parametrize("name", ["ember", "tide", "gale", "grove", "umbra"])
def test_sota_5_a_starter_deck_as_shipped_is_legal(name: str) -> None:
    """SOTA-5: "five pre-built Starter Decks of 54 cards each"; SOTA-R3: "A Starter Deck (3 Personas,
    54 cards) can be played as-is."
    """
    deck = starter_decks()[name]
    assert len(deck.entries) == 54
    assert deck_problems(deck) == []
    validate_deck(deck)  # does not raise


@pytest.mark.parametrize("persona_count", [2, 3])
def test_sota_r3_two_or_three_personas_to_choose_from(persona_count: int) -> None:
    """SOTA-R3: "at setup the player chooses one Persona, and the other two are removed from the game";
    a decklist with 2 or 3 Personas is legal when every choice leaves a legal Shard Deck.
    """
    personas = PERSONAS[:persona_count]
    assert deck_problems(deck_of([*personas, "casstia"])) == []
    assert deck_problems(deck_of([*personas, *legal_52()[1:]])) == []  # 51 others: legal for every choice
    assert deck_problems(deck_of([*personas, *legal_52()[1:], "casstia"])) == [
        f"52 cards besides the {persona_count} Personas: at most 51 {AT_MOST_52}; remove 1"
    ]
    assert deck_problems(deck_of(personas)) == [
        f"no cards besides the {persona_count} Personas: a Shard Deck needs 1 to 51"
    ]


def test_sota_r3_more_than_3_personas_is_a_problem() -> None:
    """SOTA-R3 and D1: a decklist offers at most the Starter Deck's 3 Personas to choose from."""
    assert deck_problems(deck_of([*PERSONAS[:4], "casstia"])) == [
        "4 Personas: at most 3 Personas to choose from (exactly 1 is played); remove 1"
    ]


def test_sota_r3_no_minimum_beyond_one_other_card() -> None:
    """SOTA-R3: "exactly 1 Persona and 1-51 other cards, so at most 52 in total, with no further minimum.\""""
    assert deck_problems(deck_of([PERSONAS[0], TRAITS[0]])) == []
    assert deck_problems(deck_of([PERSONAS[0]])) == [
        "no cards besides the Persona: a Shard Deck needs 1 to 51"
    ]


# ---------------------------------------------------------------------- DX15


def test_sota_dx15_deck_validation_scenario() -> None:
    """SOTA-DX15: "Deck validation: exactly 1 Persona; 52 cards accepted and 53 rejected; a 10th signable
    card rejected; a 6th Ally(+2) rejected; a Starter Deck reduced to 52 at setup."
    """
    # exactly 1 Persona
    assert deck_problems(deck_of(legal_52()[1:]))[0].startswith("no Persona")
    # 52 accepted, 53 rejected
    assert deck_problems(deck_of(legal_52())) == []
    assert len(deck_problems(deck_of([*legal_52(), STANDARD[20]]))) == 1
    # a 10th signable card: swap a standard card for another deck's signable card, still 52 cards
    fifty_two = legal_52()
    tenth = [
        *fifty_two[: fifty_two.index("casstia")],
        SIGNABLE[-1],
        *fifty_two[fifty_two.index("casstia") + 1 :],
    ]
    assert len(tenth) == 52
    assert deck_problems(deck_of(tenth)) == ["10 signable Characters: at most 9, signed or not; remove 1"]
    # a 6th Ally(+2), still 52 cards
    sixth = [ALLIES[2][-1] if card_id == "ember-trait-hex" else card_id for card_id in fifty_two]
    assert deck_problems(deck_of(sixth)) == ["6 Allies of value +2: at most 5 of each value; remove 1"]
    # a Starter Deck is legal, and choosing its Persona leaves 52 legal cards
    for deck in starter_decks().values():
        assert deck_problems(deck) == []
        personas = [i for i in deck.card_ids() if isinstance(POOL[i], PersonaCard)]
        for chosen in personas:
            played = deck_of([i for i in deck.card_ids() if i == chosen or i not in personas])
            assert len(played.entries) == 52
            assert deck_problems(played) == []


# ---------------------------------------------------------------------- errors, pools, unknown cards


def test_validate_deck_raises_a_deck_error_listing_every_problem() -> None:
    deck = deck_of([*SIGNABLE[:10], *ALLIES[1][:6]], name="wreck")
    with pytest.raises(DeckError) as caught:
        validate_deck(deck)
    assert caught.value.subject == "deck 'wreck'"
    assert caught.value.problems == tuple(deck_problems(deck))
    assert len(caught.value.problems) == 3
    assert isinstance(caught.value, ValueError)


def test_unknown_card_ids_are_named() -> None:
    """A decklist built in code may name cards no pool has; they count toward the size only."""
    deck = deck_of([PERSONAS[0], "ghost", "ghost", "phantom"], signed=["ghost"])
    assert deck_problems(deck) == [
        "unknown card id 'ghost' (2 copies): no such card in the pool",
        "unknown card id 'phantom' (1 copy): no such card in the pool",
    ]


def test_a_pool_can_be_given() -> None:
    model = POOL[PERSONAS[0]]
    assert isinstance(model, PersonaCard)
    persona = PersonaCard("p", "P", model.stats, model.trait)
    pool = CardPool([persona, POOL["casstia"]])
    assert deck_problems(deck_of(["p", "casstia"]), pool) == []
    assert deck_problems(deck_of(["p", "casstia"])) == [
        "unknown card id 'p' (1 copy): no such card in the pool",
        "no Persona: a Shard Deck needs exactly 1 (a Starter Deck offers up to 3 to choose from)",
    ]


# ---------------------------------------------------------------------- files


def test_validate_deck_file_on_legal_decks_uses_the_files_own_cards() -> None:
    assert validate_deck_file(DATA / "valid_deck.toml") == {"full-kiln": [], "pocket": []}


def test_validate_deck_file_lists_every_problem_of_every_deck() -> None:
    results = validate_deck_file(DATA / "invalid_deck.toml")
    assert results == {
        "headless": [
            "no Persona: a Shard Deck needs exactly 1 (a Starter Deck offers up to 3 to choose from)",
            "10 signable Characters: at most 9, signed or not; remove 1",
            "6 Allies of value +1: at most 5 of each value; remove 1",
            f"'casstia' (Casstia) is signed, but it is a standard Character: {ONLY_SIGNABLE}",
        ],
        "all-crowns": [
            "4 Personas: at most 3 Personas to choose from (exactly 1 is played); remove 1",
            "no cards besides the 4 Personas: a Shard Deck needs 1 to 51",
            f"'ember-persona-vael' (Vael, Kiln-Warden) is signed, but it is a Persona: {ONLY_SIGNABLE}",
        ],
    }


def test_validate_deck_file_lets_card_errors_through(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text('[[deck]]\nname = "d"\ncards = ["nobody"]\n', encoding="utf-8")
    with pytest.raises(CardError, match="no card with id 'nobody'"):
        validate_deck_file(path)


def test_the_shipped_starter_file_checks_legal() -> None:
    """The same check as `shardgames deck validate sota`, on the file the Starter Decks come from."""
    starter = Path(cards_module.__file__).parent / "data" / "starter.toml"
    assert validate_deck_file(starter) == {name: [] for name in ("ember", "tide", "gale", "grove", "umbra")}


# ---------------------------------------------------------------------- the counting rules, at random


def counts_say_legal(deck: Decklist) -> bool:
    """The construction rules, counted independently of `deck_problems`."""
    cards: list[Card] = [POOL[entry.card_id] for entry in deck.entries]
    personas = sum(isinstance(card, PersonaCard) for card in cards)
    others = len(cards) - personas
    signable = sum(isinstance(card, CharacterCard) and card.variant is Variant.SIGNABLE for card in cards)
    allies = Counter(card.value for card in cards if isinstance(card, AllyCard))
    wrongly_signed = any(
        entry.signed and not (isinstance(card, CharacterCard) and card.variant is Variant.SIGNABLE)
        for entry, card in zip(deck.entries, cards, strict=True)
    )
    return (
        1 <= personas <= 3
        and 1 <= others <= 51
        and signable <= 9
        and all(count <= 5 for count in allies.values())
        and not wrongly_signed
    )


@st.composite
def decklists(draw: st.DrawFn) -> Decklist:
    """Decklists of starter cards whose counts straddle every limit: 0-4 Personas, 0-11 signable
    Characters, 0-6 Allies of each value, 0-56 cards besides the Personas, in any order; signable copies
    are signed at random, and now and then one other card is signed too.
    """

    def some(ids: list[str], counts: st.SearchStrategy[int]) -> list[str]:
        count = draw(counts)
        return draw(st.lists(st.sampled_from(ids), min_size=count, max_size=count))

    counted = [
        *some(SIGNABLE, st.integers(0, 11)),
        *some(ALLIES[1], st.integers(0, 6)),
        *some(ALLIES[2], st.integers(0, 6)),
        *some(ALLIES[3], st.integers(0, 6)),
    ]
    others = draw(
        st.one_of(st.integers(0, 56), st.sampled_from([0, 1, 51, 52]))
    )  # the size, often at its edges
    fillers = some(FILLERS, st.just(max(0, others - len(counted))))
    card_ids = [*some(PERSONAS, st.sampled_from([0, 1, 1, 1, 2, 3, 4])), *counted, *fillers]
    card_ids = draw(st.permutations(card_ids))
    entries = [DeckEntry(card_id, card_id in SIGNABLE and draw(st.booleans())) for card_id in card_ids]
    others = [i for i, entry in enumerate(entries) if entry.card_id not in SIGNABLE]
    if others and draw(st.integers(0, 7)) == 0:
        index = draw(st.sampled_from(others))
        entries[index] = DeckEntry(entries[index].card_id, signed=True)
    return Decklist("random", "Random", tuple(entries))


@settings(max_examples=max(300, settings().max_examples))
@given(decklists())
def test_sota_3_4_r3_r4_problems_iff_the_counting_rules_fail(deck: Decklist) -> None:
    """SOTA-3, 4, R3, R4: a decklist of starter cards has no problem exactly when the counts allow it."""
    problems = deck_problems(deck)
    assert (problems == []) == counts_say_legal(deck), problems
    if problems:
        with pytest.raises(DeckError):
            validate_deck(deck)
    else:
        validate_deck(deck)
