"""Properties of the card designer over random designs (CMD-D5): Hypothesis picks the generator's seeds.

Every design `random_card` draws is legal and priced, its breakdown adds up, it survives a round trip
through the card-file format, and its price never drops when a keyword with positive points is added.
Every deck `random_deck` builds is legal in the format asked for. A failure shrinks to the smallest seed.
"""

from __future__ import annotations

import attrs
from hypothesis import example, given, settings
from hypothesis import strategies as st

from shardgames.command import (
    BUDGET,
    KEYWORDS,
    PRO,
    STANDARD,
    Card,
    Element,
    KeywordInstance,
    MainDeckCard,
    Price,
    SovereignCard,
    SovereignPrice,
    card_to_data,
    check_deck,
    design_problems,
    parse_cards,
    price,
    random_card,
    random_deck,
)
from shardgames.command.cards import MAX_KEYWORDS, MAX_SOVEREIGN_ABILITIES
from shardgames.command.design import scopes_for, triggers_for
from shardgames.command.keywords import MAX_AMOUNT, Keyword

seeds = st.integers(min_value=0, max_value=2**32)
CARDS = settings(max_examples=150, deadline=None)
DECKS = settings(max_examples=25, deadline=None)


def total(card: Card) -> int:
    """BP of a Main Deck card, Sovereign Shards of a Sovereign."""
    got = price(card)
    return got.bp if isinstance(got, Price) else got.shards


def added(card: Card, kw: Keyword, amount: int) -> Card | None:
    """`card` with one more instance of `kw` (its default trigger and scope), if that is a legal design."""
    triggers = triggers_for(kw, card.type)
    if not triggers:
        return None
    instance = KeywordInstance(
        kw,
        amount if kw.has_amount else None,
        triggers[0],
        scopes_for(kw, card.type)[0],
        Element.FIRE if kw.has_element else None,
        1 if kw.has_cost else None,
    )
    bigger = attrs.evolve(card, keywords=(*card.keywords, instance))
    return bigger if design_problems(bigger) == [] else None


@CARDS
@given(seeds)
def test_a_random_design_is_legal_and_priced(seed: int) -> None:
    """D5: the design passes the rules, and its breakdown lines add up to its totals."""
    card = random_card(seed)
    assert design_problems(card) == []
    got = price(card)
    if isinstance(card, SovereignCard):
        assert isinstance(got, SovereignPrice)
        assert sum(line.points for line in got.lines) == got.shards
        assert 0 <= card.force <= 5
        assert len(card.keywords) <= MAX_SOVEREIGN_ABILITIES
    else:
        assert isinstance(got, Price)
        assert isinstance(card, MainDeckCard)
        assert sum(line.points for line in got.lines) == got.bp >= 0
        assert sum(line.points for line in got.tax_lines) == got.tax
        assert got.spp == 2 * card.cost.total
        assert got.deficit == max(0, got.bp - got.spp)
        assert got.tax == card.cost.total + 3 * got.deficit
        assert 0 <= card.cost.total <= 10
        assert len(card.keywords) <= MAX_KEYWORDS
    assert str(got).splitlines()[0] == str(card)


@CARDS
@given(seeds)
def test_a_random_design_round_trips_through_the_file_format(seed: int) -> None:
    """`card_to_data` then `parse_cards` gives the same card."""
    card = random_card(seed)
    assert parse_cards({"card": [card_to_data(card)]}) == (card,)


@CARDS
@given(seeds)
def test_a_fair_design_has_no_deficit_when_its_cost_can_cover_it(seed: int) -> None:
    """D5: with ``fair=True`` the Shard cost covers the Base Points whenever 10 Shards can (BP ≤ 20)."""
    card = random_card(seed, fair=True)
    got = price(card)
    if isinstance(got, Price) and got.bp <= 20:
        assert got.deficit == 0
        assert got.tax == got.shard_cost


@CARDS
@given(seeds, st.data())
def test_adding_a_keyword_with_positive_points_never_lowers_the_price(seed: int, data: st.DataObject) -> None:
    """R2, R4, R5: every term of BP is a sum of non-negative parts for a positive keyword."""
    card = random_card(seed)
    amount = data.draw(st.integers(1, MAX_AMOUNT), label="amount")
    present = {inst.keyword.id for inst in card.keywords}
    options = []
    for kw in KEYWORDS.values():
        if kw.id in present or kw.points(amount) <= 0:
            continue
        bigger = added(card, kw, amount)
        if bigger is not None:
            options.append(bigger)
    if not options:
        return  # the card is full, or nothing more fits it
    bigger = data.draw(st.sampled_from(options), label="with")
    assert total(bigger) >= total(card)
    if not isinstance(card, SovereignCard):
        before, after = price(card), price(bigger)
        assert isinstance(before, Price)
        assert isinstance(after, Price)
        assert after.tax >= before.tax


@CARDS
@given(seeds)
def test_the_generator_is_deterministic(seed: int) -> None:
    """D5: the same seed gives the same card."""
    assert random_card(seed) == random_card(seed)
    assert random_card(seed, fair=True) == random_card(seed, fair=True)


@DECKS
@given(seeds)
def test_a_random_deck_is_legal_in_standard(seed: int) -> None:
    """D5: a random deck is legal in Standard by default, and built the same from the same seed."""
    deck, pool = random_deck(seed)
    report = check_deck(deck, pool)
    assert report.problems_in(STANDARD) == ()
    assert report.size == 40
    assert random_deck(seed) == (deck, pool)


@DECKS
@given(seeds)
@example(31)
def test_a_random_budget_deck_is_legal_in_budget(seed: int) -> None:
    """D5: ``fmt="budget"`` gives a deck within Budget's limits (Tax ≤ 100, Sovereign Shards ≤ 15)."""
    deck, pool = random_deck(seed, fmt="budget")
    report = check_deck(deck, pool)
    assert report.problems_in(BUDGET) == ()
    assert report.main_tax <= 100
    assert report.sovereign_shards is not None
    assert report.sovereign_shards <= 15


@DECKS
@given(seeds, st.integers(40, 60))
def test_a_random_pro_deck_of_any_size_is_legal_in_pro(seed: int, size: int) -> None:
    deck, pool = random_deck(seed, fmt=PRO, size=size)
    report = check_deck(deck, pool)
    assert report.problems_in(PRO) == ()
    assert report.size == size


@DECKS
@given(seeds, st.integers(40, 60))
@example(24, 53)
def test_a_random_standard_deck_of_any_size_is_legal_in_standard(seed: int, size: int) -> None:
    deck, pool = random_deck(seed, size=size)
    report = check_deck(deck, pool)
    assert report.problems_in(STANDARD) == ()
    assert report.size == size
