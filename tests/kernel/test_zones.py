from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from shardgames.kernel.rng import Rng
from shardgames.kernel.views import deal
from shardgames.kernel.zones import EVERYONE, Hand, HiddenDeck, knows, only, redeal, unknown_cards


def kind(card: int) -> int:
    return card // 10


def make_deck() -> HiddenDeck:
    return HiddenDeck(0, [(c, kind(c)) for c in (10, 11, 20, 30, 31, 32)])


def test_masks() -> None:
    assert knows(EVERYONE, 5)
    assert knows(only(2), 2)
    assert not knows(only(2), 1)
    assert not knows(0, 0)


def test_the_middle_is_a_multiset_by_kind() -> None:
    deck = make_deck()
    assert len(deck) == 6
    assert deck.middle_kinds() == ((1, 2), (2, 1), (3, 3))
    assert deck.needs_chance()
    assert deck.draw(3) == 30  # the lowest id of that kind
    assert deck.draw(2) == 20
    assert deck.middle_kinds() == ((1, 2), (3, 2))
    with pytest.raises(ValueError, match="not in the unknown part"):
        deck.draw(2)
    with pytest.raises(ValueError, match="None is not in the unknown part"):
        deck.draw(None)


@given(cards=st.lists(st.integers(0, 60), max_size=30))
def test_a_middle_set_at_once_is_the_middle_shuffled_in_card_by_card(cards: list[int]) -> None:
    """Redealing builds the middle at once; it must be the same multiset, in the same order, as
    shuffling the cards in one at a time, whatever order they come in."""
    one_by_one = HiddenDeck(0)
    for card in cards:
        one_by_one.shuffle_in(card, kind(card))
    at_once = HiddenDeck(0)
    at_once.set_middle([(card, kind(card)) for card in cards])
    assert at_once == one_by_one
    assert list(at_once.middle.items()) == list(one_by_one.middle.items())  # kinds in the same order
    assert at_once.middle_count == one_by_one.middle_count == len(cards)
    assert at_once.middle_kinds() == one_by_one.middle_kinds()


def test_known_top_then_middle_then_known_bottom() -> None:
    deck = HiddenDeck(1, [(10, 1)])
    deck.put_top(99, known=only(1))
    deck.put_bottom(50)
    deck.put_bottom(51, known=only(0))
    assert not deck.needs_chance()
    assert deck.draw() == 99
    assert deck.needs_chance()
    assert deck.draw(1) == 10
    assert not deck.needs_chance()
    assert deck.draw() == 50
    assert deck.draw() == 51
    with pytest.raises(IndexError):
        deck.draw()


def test_reveal_and_learn() -> None:
    deck = make_deck()
    card = deck.reveal_next(3, only(0))
    assert deck.top == [card]
    assert deck.top_known == [only(0)]
    assert deck.censor(1).top == (None,)
    deck.learn(0, only(1))
    assert deck.censor(1).top == (card,)
    assert len(deck) == 6


def test_shuffle_moves_known_cards_into_the_middle() -> None:
    deck = make_deck()
    deck.put_bottom(40)
    deck.put_top(41)
    deck.shuffle(kind)
    assert deck.top == []
    assert deck.bottom == []
    assert len(deck) == 8
    assert sorted(deck.cards()) == [10, 11, 20, 30, 31, 32, 40, 41]


def test_censor_and_views() -> None:
    deck = make_deck()
    deck.put_bottom(40, known=only(0))
    view = deck.censor(1)
    assert view.size == 7
    assert view.bottom == (None,)
    assert view.bottom_known == (only(0),)
    assert deck.censor(0).bottom == (40,)
    assert "middle=6 cards" in repr(deck)


def test_clone_and_equality() -> None:
    deck = make_deck()
    copy = deck.clone()
    assert copy == deck
    copy.draw(1)
    assert copy != deck
    assert deck != "deck"
    hand = Hand(0, [1, 2])
    other = hand.clone()
    assert other == hand
    other.add(3)
    assert other != hand
    assert hand != "hand"
    assert repr(hand) == "Hand(owner=0, cards=[1, 2])"


def test_hand_knowledge() -> None:
    hand = Hand(1, [5, 6])
    assert len(hand) == 2
    assert 5 in hand
    assert list(hand) == [5, 6]
    assert hand.censor(0).cards == (None, None)
    assert hand.censor(1).cards == (5, 6)
    hand.reveal(6)
    assert hand.censor(0).cards == (None, 6)
    hand.add(7, known=only(0))
    assert hand.censor(0).cards == (None, 6, 7)
    assert hand.remove(6) == EVERYONE
    with pytest.raises(ValueError, match="not in list"):
        hand.remove(99)
    assert hand.censor(2).size == 2


def test_unknown_cards_and_redeal_keep_what_a_seat_knows() -> None:
    hand = Hand(0, [40, 41])
    hand.reveal(41)
    deck = make_deck()
    deck.put_bottom(deck.draw(1), known=EVERYONE)  # card 10, now known to all at the bottom
    deck.put_top(deck.draw(3), known=only(0))  # card 30, known to its owner only
    pool = unknown_cards([hand, deck], 1)
    assert pool == (11, 20, 30, 31, 32, 40)
    assert unknown_cards([hand, deck], 0) == (11, 20, 31, 32)
    before_hand, before_deck = hand.censor(1), deck.censor(1)
    redeal([hand, deck], 1, kind, Rng(3))
    assert hand.censor(1) == before_hand
    assert deck.censor(1) == before_deck
    assert sorted(hand.cards + deck.cards()) == [10, 11, 20, 30, 31, 32, 40, 41]
    assert all(card in deck.middle[kind(card)] for ids in deck.middle.values() for card in ids)
    with pytest.raises(ValueError, match="one owner"):
        redeal([hand, HiddenDeck(1)], 1, kind, Rng(1))


@given(seed=st.integers(0, 1000))
def test_deal_fills_exactly_the_unknown_slots(seed: int) -> None:
    hand = Hand(0, [40, 41, 42])
    deck = make_deck()
    deck.put_bottom(deck.draw(1), known=only(0))
    hand_view, deck_view = hand.censor(1), deck.censor(1)
    pool = unknown_cards([hand, deck], 1)
    hands, decks = deal(pool, Rng(seed), [hand_view], [deck_view], kind)
    assert hands[0].censor(1) == hand_view
    assert decks[0].censor(1) == deck_view
    assert sorted(hands[0].cards + decks[0].cards()) == sorted(hand.cards + deck.cards())


def test_deal_checks_the_pool_size() -> None:
    hand_view = Hand(0, [1, 2]).censor(1)
    with pytest.raises(ValueError, match="fewer"):
        deal([1], Rng(1), [hand_view])
    with pytest.raises(ValueError, match="more"):
        deal([1, 2, 3], Rng(1), [hand_view])
    with pytest.raises(ValueError, match="kind_of"):
        deal([], Rng(1), [], [HiddenDeck(0).censor(0)])


masks = st.one_of(st.just(EVERYONE), st.integers(0, 2**6 - 1))


@given(
    hand=st.lists(masks, max_size=5),
    top=st.lists(masks, max_size=4),
    bottom=st.lists(masks, max_size=4),
    seat=st.integers(0, 5),
)
def test_censoring_and_the_unknown_pool_follow_knows(
    hand: list[int], top: list[int], bottom: list[int], seat: int
) -> None:
    """Every card a seat sees is one whose mask `knows`; the pool is every other card, middle included."""
    held = Hand(0, [])
    for index, mask in enumerate(hand):
        held.add(100 + index, known=mask)
    deck = make_deck()
    for index, mask in enumerate(top):
        deck.put_top(200 + index, known=mask)
    for index, mask in enumerate(bottom):
        deck.put_bottom(300 + index, known=mask)

    def seen(cards: list[int], known: list[int]) -> tuple[int | None, ...]:
        return tuple(card if knows(mask, seat) else None for card, mask in zip(cards, known, strict=True))

    assert held.censor(seat).cards == seen(held.cards, held.known)
    view = deck.censor(seat)
    assert view.top == seen(deck.top, deck.top_known)
    assert view.bottom == seen(deck.bottom, deck.bottom_known)
    hidden = [
        card
        for zone in ((held.cards, held.known), (deck.top, deck.top_known), (deck.bottom, deck.bottom_known))
        for card, mask in zip(*zone, strict=True)
        if not knows(mask, seat)
    ]
    middle = [card for ids in deck.middle.values() for card in ids]
    assert unknown_cards([held, deck], seat) == tuple(sorted(hidden + middle))
