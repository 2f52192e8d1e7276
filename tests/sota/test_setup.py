"""SOTA-21 to 25, R3, R6, R7, DX13, DX14: setup, from a new game in explicit-chance mode.

The games deal the scenario decks (tests/sota/data/scenarios.toml): p1 lists 3 Personas, p2 lists 2 and
p3 lists 1, then 20 fillers and the named cards. Every opening draw and every start-roll die is chosen
by the test.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from sota_scenarios import card, draw_kind, local, mill_fillers, names, phase, scenario_game

import shardgames as sg
from shardgames.kernel.rng import Rng
from shardgames.kernel.state import CHANCE
from shardgames.sota import SotaState
from shardgames.sota.actions import (
    ChoosePersona,
    DrawCard,
    FinishRedraw,
    KeepHand,
    Place,
    Redraw,
    RollDie,
)
from shardgames.sota.constants import PERSONA
from shardgames.sota.events import (
    PersonaChosen,
    StartingPlayerChosen,
    StartRolled,
    TurnPhaseBegan,
)
from shardgames.sota.html import state_html
from shardgames.sota.phases import Phase, SotaPrompt

P1_HAND = ["ex-a", "ex-e", "ex-f", "ex-j", "casstia"]


def chance_seat(state: SotaState) -> int:
    """The seat a chance node is about (whose card is drawn, whose die is rolled)."""
    prompt = state.prompt
    assert isinstance(prompt, SotaPrompt)
    return prompt.seat


def new_game(players: int = 2) -> SotaState:
    state = scenario_game(players).new_initial_state()
    assert isinstance(state, SotaState)
    return state


def choose_first_personas(state: SotaState) -> None:
    while phase(state) is Phase.PERSONA:
        state.apply_action(state.legal_actions()[0])


def deal(state: SotaState, *card_ids: str) -> None:
    """Answer the pending draws with these cards, in order."""
    for card_id in card_ids:
        assert state.is_chance_node(), f"expected a draw, the state asks {state.prompt}"
        state.apply_action(draw_kind(state, card_id))


def to_redraw(players: int = 2, first_hand: list[str] | None = None) -> SotaState:
    """A new game at seat 0's redraw decision: the first Personas, hands of fillers (or `first_hand`)."""
    state = new_game(players)
    choose_first_personas(state)
    if first_hand is not None:
        deal(state, *first_hand)
    mill_fillers(state)
    assert phase(state) is Phase.REDRAW
    return state


def to_start_roll(players: int = 2) -> SotaState:
    """A new game at the first start-roll die: everybody keeps a hand of 5 fillers."""
    state = to_redraw(players)
    for _ in range(players):
        state.apply_action(KeepHand())
    assert phase(state) is Phase.START_ROLL
    return state


def start_rolls(state: SotaState, *faces: int) -> list[int]:
    """Roll these faces; return the seat each die was rolled for."""
    seats = []
    for face in faces:
        assert phase(state) is Phase.START_ROLL, state.prompt
        seats.append(chance_seat(state))
        state.apply_action(RollDie(face))
    return seats


def personas_in_deck(state: SotaState, seat: int) -> list[int]:
    return [c for c in state.decks[seat].cards() if state.game.card_type[c] == PERSONA]


# ---------------------------------------------------------------------- SOTA-21, R3: the Persona


def test_sota_21_each_player_chooses_a_persona_in_seat_order() -> None:
    """SOTA-21 (S:L119): each player chooses a Persona and places it in the Persona position; the
    choices are made in seat order (A.5 S1)."""
    state = new_game()
    assert state.current_player == 0
    assert phase(state) is Phase.PERSONA
    assert state.persona == [-1, -1]  # none chosen yet
    assert state.legal_actions() == (ChoosePersona(0), ChoosePersona(1), ChoosePersona(2))
    assert state.why_illegal(ChoosePersona(3)) == "card #3 is not one of seat 0's Personas"
    off_phase = "keep hand does not answer this decision (seat 0: choose a persona)"
    assert state.why_illegal(KeepHand()) == off_phase
    state.apply_action(ChoosePersona(1))
    assert names(state, [state.persona[0]]) == ["ex-p1-persona-vit2"]
    assert state.current_player == 1
    assert state.legal_actions() == (ChoosePersona(0), ChoosePersona(1))  # p2 lists 2 Personas
    state.apply_action(ChoosePersona(0))
    assert names(state, [state.persona[1]]) == ["ex-p2-persona"]
    assert state.is_chance_node()  # S2: the opening draw follows the last choice


def test_sota_21_a_deck_with_one_persona_is_not_asked() -> None:
    """SOTA-21, A.5 S1: the choice is asked only of a player whose list holds more than 1 Persona."""
    state = new_game(3)
    asked = []
    while phase(state) is Phase.PERSONA:
        asked.append(state.current_player)
        state.apply_action(state.legal_actions()[0])
    assert asked == [0, 1]  # seat 2 (deck p3) has a single Persona
    assert names(state, [state.persona[2]]) == ["ex-p2-persona"]
    chosen = [e for e in state.events if isinstance(e, PersonaChosen) and e.player == 2]
    assert len(chosen) == 1
    assert chosen[0].set_aside == ()


def test_sota_r3_a_starter_deck_gives_3_personas_and_leaves_52_cards() -> None:
    """SOTA-R3: a Starter Deck (3 Personas, 54 cards) is played as-is: the player chooses one Persona,
    the other two are removed from the game, which leaves exactly 52; the Persona never enters the deck.
    """
    game = sg.load_game("sota", chance="explicit")
    state = game.new_initial_state()
    assert isinstance(state, SotaState)
    for seat in (0, 1):
        assert len(game.entries[seat]) == 54
        assert state.current_player == seat
        options = state.legal_actions()
        assert len(options) == 3
        assert all(isinstance(a, ChoosePersona) for a in options)
        state.apply_action(options[2])
        persona = state.persona[seat]
        assert persona == game.entries[seat][options[2].card]
        others = {game.entries[seat][a.card] for a in options[:2]}
        assert set(state.removed[seat]) == others  # the two others leave the game
        assert len(state.decks[seat]) + 1 == 52  # the Shard Deck and the Persona
        assert personas_in_deck(state, seat) == []  # the Persona never enters the Shard Deck
    # S2: no opening draw can be a Persona
    persona_kinds = {
        game.kind_of[c] for seat in (0, 1) for c in game.entries[seat] if game.card_type[c] == PERSONA
    }
    assert all(isinstance(a, DrawCard) and a.kind not in persona_kinds for a in state.legal_actions())


# ---------------------------------------------------------------------- SOTA-22: shuffle and draw 5


def test_sota_22_each_player_draws_5_from_a_shuffled_deck() -> None:
    """SOTA-22 (S:L122): each player shuffles their Shard Deck and draws 5. The deck is hidden and
    shuffled: each draw is a chance node over its cards, weighted by count (E3)."""
    state = new_game()
    choose_first_personas(state)
    outcomes = dict(state.chance_outcomes())
    assert len(state.decks[0]) == 51  # 54 cards less the 3 Personas
    assert outcomes[draw_kind(state, "ex-filler")] == pytest.approx(float(Fraction(20, 51)))
    assert outcomes[draw_kind(state, "casstia")] == pytest.approx(float(Fraction(1, 51)))
    drawn_for = []
    while state.is_chance_node():
        assert phase(state) is Phase.DEAL
        drawn_for.append(chance_seat(state))
        state.apply_action(draw_kind(state, "ex-filler"))
    assert drawn_for == [0] * 5 + [1] * 5
    assert [len(h) for h in state.hands] == [5, 5]
    assert [len(d) for d in state.decks] == [46, 43]  # p2 lists 50 cards, 2 of them Personas
    assert phase(state) is Phase.REDRAW


def test_sota_22_automatic_chance_deals_different_hands_for_different_seeds() -> None:
    """SOTA-22: with chance sampled by the engine (the default), the opening hands are random: they
    depend on the seed, and two games with the same seed deal the same hands."""
    game = sg.load_game("sota")
    hands = []
    for seed in (1, 2, 1):
        state = game.new_initial_state(seed)
        assert isinstance(state, SotaState)
        while phase(state) is Phase.PERSONA:
            state.apply_action(state.legal_actions()[0])
        assert [len(h) for h in state.hands] == [5, 5]
        hands.append([list(h) for h in state.hands])
    assert hands[0] == hands[2]
    assert hands[0] != hands[1]


# ---------------------------------------------------------------------- SOTA-23, R6, DX14: the redraw


def test_sota_dx14_redraw_two_cards_they_are_second_to_last_and_last() -> None:
    """DX14 (SOTA-23, R6): Redraw x then y: x and y are the second-to-last and last cards of the deck;
    the hand is refilled from the top; a second redraw is illegal."""
    state = to_redraw(first_hand=P1_HAND)
    x, y = card(state, 0, "ex-e"), card(state, 0, "ex-j")
    state.apply_action(Redraw(x & 63))
    assert FinishRedraw() in state.legal_actions()
    assert KeepHand() not in state.legal_actions()  # the redraw has begun
    state.apply_action(Redraw(y & 63))
    assert state.decks[0].bottom == [x, y]
    state.apply_action(FinishRedraw())
    # the refill comes from the top: x and y are not among the cards that can be drawn
    assert phase(state) is Phase.DEAL
    assert chance_seat(state) == 0
    assert draw_kind(state, "ex-e") not in state.legal_actions()
    assert draw_kind(state, "ex-j") not in state.legal_actions()
    deal(state, "ex-filler", "ex-grit")
    assert names(state, state.hands[0]) == ["ex-a", "ex-f", "casstia", "ex-filler", "ex-grit"]
    assert state.decks[0].cards()[-2:] == [x, y]  # still the second-to-last and last cards
    # one redraw per player: seat 0 is never asked again
    asked = []
    while phase(state) is not Phase.START_ROLL:
        asked.append((state.current_player, phase(state)))
        state.apply_action(KeepHand())
    assert asked == [(1, Phase.REDRAW)]


def test_sota_r6_the_chosen_cards_go_under_in_the_order_chosen() -> None:
    """SOTA-R6: the chosen cards go to the deck bottom in the given order; the last chosen is the bottom
    card. The rest of the deck is not shuffled (the middle keeps its count, the bottom its order)."""
    state = to_redraw(first_hand=P1_HAND)
    chosen = [card(state, 0, c) for c in ("casstia", "ex-a", "ex-j")]
    middle = state.decks[0].middle_count
    for c in chosen:
        state.apply_action(Redraw(c & 63))
    state.apply_action(FinishRedraw())
    deal(state, "ex-filler", "ex-filler", "ex-filler")
    deck = state.decks[0]
    assert deck.bottom == chosen
    assert deck.cards()[-1] == chosen[-1]  # the last chosen is the bottom card
    assert deck.middle_count == middle - 3  # the three refills came from the top
    assert len(state.hands[0]) == 5


def test_sota_23_any_number_of_cards_even_the_whole_hand() -> None:
    """SOTA-23 (S:L122): any number of hand cards go under, then the player draws back up to 5."""
    state = to_redraw(first_hand=P1_HAND)
    hand = list(state.hands[0])
    for c in hand:
        state.apply_action(Redraw(c & 63))
    assert len(state.hands[0]) == 0
    assert state.legal_actions() == (FinishRedraw(),)  # nothing left to put under
    state.apply_action(FinishRedraw())
    assert mill_fillers(state) == 5
    assert names(state, state.hands[0]) == ["ex-filler"] * 5
    assert state.decks[0].bottom == hand


def test_sota_23_a_redraw_names_at_least_one_card() -> None:
    """SOTA-R6: `Redraw` takes a non-empty choice; finishing without any card is not offered."""
    state = to_redraw()
    legal = state.legal_actions()
    assert KeepHand() in legal
    assert FinishRedraw() not in legal
    assert {a for a in legal if isinstance(a, Redraw)} == {Redraw(c & 63) for c in state.hands[0]}
    assert not state.is_legal(FinishRedraw())


def test_sota_r6_redraws_are_decided_in_seat_order_each_refilled_before_the_next() -> None:
    """SOTA-R6: after the opening draw, players decide in seat order; each redraw is refilled before the
    next player decides."""
    state = to_redraw(players=3)
    decisions = []
    for seat in (0, 1, 2):
        assert state.current_player == seat
        assert phase(state) is Phase.REDRAW
        decisions.append(seat)
        if seat == 1:
            state.apply_action(Redraw(next(iter(state.hands[1])) & 63))
            state.apply_action(FinishRedraw())
            assert phase(state) is Phase.DEAL
            assert chance_seat(state) == 1
            mill_fillers(state)
            assert len(state.hands[1]) == 5
        else:
            state.apply_action(KeepHand())
    assert decisions == [0, 1, 2]
    assert phase(state) is Phase.START_ROLL


def test_sota_r22_redrawn_cards_are_known_only_to_their_owner() -> None:
    """SOTA-R6, R22: the cards put under by a redraw are visible only to their owner; the others see
    only the count."""
    state = to_redraw(first_hand=P1_HAND)
    x = card(state, 0, "ex-e")
    state.apply_action(Redraw(x & 63))
    assert state.view(0).decks[0].bottom == (x,)
    assert state.view(1).decks[0].bottom == (None,)
    assert state.view(1).decks[0].size == len(state.decks[0])
    put_under = state.events[-1]
    assert put_under.censor(0) == put_under
    assert getattr(put_under.censor(1), "card", x) is None


# ---------------------------------------------------------------------- SOTA-24, 25, R7, DX13: start roll


def test_sota_24_each_player_rolls_1d6_after_the_draw() -> None:
    """SOTA-24 (S:L125): after the draw (and the redraws), each player rolls 1D6, in seat order."""
    state = to_start_roll()
    assert all(len(h) == 5 for h in state.hands)
    assert state.current_player == CHANCE
    assert state.chance_outcomes() == tuple((RollDie(face), pytest.approx(1 / 6)) for face in range(1, 7))
    assert start_rolls(state, 2, 3) == [0, 1]
    assert [(e.player, e.face) for e in state.events if isinstance(e, StartRolled)] == [(0, 2), (1, 3)]


def test_sota_24_the_start_roll_is_a_chance_node_for_each_seat_and_shows_every_face() -> None:
    """SOTA-24: the start roll asks chance for one seat's die at a time; a sampled die shows each face
    1 to 6 (300 samples from one seed)."""
    state = to_start_roll()
    assert str(state.prompt) == "chance: seat 0 roll for the start"
    rng = Rng(24)
    faces = {state.sample_chance_outcome(rng) for _ in range(300)}
    assert faces == {RollDie(face) for face in range(1, 7)}


def test_sota_r22_a_deck_dealt_again_for_its_owner_draws_the_same_kinds() -> None:
    """SOTA-R22: a seat knows what its deck holds, not the order: dealt again for that seat, the deck
    offers the same draws with the same chances."""
    state = new_game()
    choose_first_personas(state)
    assert chance_seat(state) == 0
    assert state.resample_hidden(0, 7).chance_outcomes() == state.chance_outcomes()


def test_sota_24_a_seat_has_no_start_roll_until_its_die_is_rolled() -> None:
    """SOTA-24: before the start roll no seat has a roll (0 reads as none); each die is kept as it falls."""
    state = to_start_roll(3)
    assert state.rolls == (0, 0, 0)
    assert "start roll" not in state_html(state)
    start_rolls(state, 4)
    assert state.rolls == (4, 0, 0)
    assert state_html(state).count("start roll") == 1


@pytest.mark.parametrize(("faces", "starter"), [((6, 1), 0), ((1, 6), 1), ((3, 5), 1), ((5, 3), 0)])
def test_sota_25_the_highest_roll_starts_the_first_turn_phase(faces: tuple[int, int], starter: int) -> None:
    """SOTA-25 (S:L127): the highest roll becomes the active player and starts the first Turn Phase."""
    state = to_start_roll()
    start_rolls(state, *faces)
    assert state.active == starter
    assert state.turn == 1
    assert [e.player for e in state.events if isinstance(e, StartingPlayerChosen)] == [starter]
    assert [(e.player, e.turn) for e in state.events if isinstance(e, TurnPhaseBegan)] == [(starter, 1)]
    assert state.current_player == starter  # its Position comes first (SOTA-R8)
    assert phase(state) is Phase.POSITION


def test_sota_dx13_start_roll_4_4_then_2_5_p2_starts() -> None:
    """DX13 (SOTA-24, R7): start roll 4 against 4, then 2 against 5: P2 starts."""
    state = to_start_roll()
    assert start_rolls(state, 4, 4) == [0, 1]
    assert phase(state) is Phase.START_ROLL  # the tie is re-rolled
    assert start_rolls(state, 2, 5) == [0, 1]
    assert state.active == 1
    assert [e.player for e in state.events if isinstance(e, StartingPlayerChosen)] == [1]


def test_sota_r7_only_the_tied_highest_reroll_with_three_players() -> None:
    """SOTA-R7: if several players share the highest roll, only they re-roll, in seat order, until one
    roll is highest."""
    state = to_start_roll(players=3)
    assert start_rolls(state, 5, 5, 2) == [0, 1, 2]
    assert start_rolls(state, 3, 3) == [0, 1]  # seat 2 (lower) does not roll again; a tie again
    assert start_rolls(state, 1, 6) == [0, 1]
    assert state.active == 1


def test_sota_r7_a_tie_below_the_highest_is_not_rerolled() -> None:
    """SOTA-R7: only a tie for the highest roll is re-rolled."""
    state = to_start_roll(players=3)
    assert start_rolls(state, 2, 6, 2) == [0, 1, 2]
    assert state.active == 1
    assert len([e for e in state.events if isinstance(e, StartRolled)]) == 3


def test_sota_r7_a_three_way_tie_rerolls_everyone() -> None:
    """SOTA-R7: a tie of all three players for the highest roll: all three roll again."""
    state = to_start_roll(players=3)
    assert start_rolls(state, 4, 4, 4) == [0, 1, 2]
    assert start_rolls(state, 1, 2, 3) == [0, 1, 2]
    assert state.active == 2


def test_sota_r7_play_continues_in_seat_order_from_the_winner() -> None:
    """SOTA-R7 (and R1, R8): the winner of the start roll is the first active player; the steps go in
    turn order from it, and the next Turn Phase is the next seat's."""
    state = to_start_roll(players=3)
    start_rolls(state, 1, 6, 3)
    assert state.active == 1
    positioned = []
    while phase(state) is Phase.POSITION:
        positioned.append(state.current_player)
        assert isinstance(state.legal_actions()[0], Place)
        state.apply_action(state.legal_actions()[0])
    assert positioned == [1, 2, 0]
    assert phase(state) is Phase.DUEL_UNIT
    assert state.current_player == 1
    state.apply_action(state.legal_actions()[-1])  # EndTurnPhase
    assert state.active == 2
    assert state.turn == 2


@pytest.mark.parametrize("seed", range(8))
def test_sota_r7_the_start_roll_is_no_decision_with_automatic_chance(seed: int) -> None:
    """SOTA-R7: with the engine sampling chance, the start roll involves no decision: the rolls follow
    the procedure (every seat in seat order, then only the seats tied for the highest), and the first
    decision after the redraws is the winner's Position."""
    game = sg.load_game("sota", players=3)
    state = game.new_initial_state(seed)
    assert isinstance(state, SotaState)
    while phase(state) in (Phase.PERSONA, Phase.REDRAW):
        state.apply_action(KeepHand() if phase(state) is Phase.REDRAW else state.legal_actions()[0])
    rolls = [(e.player, e.face) for e in state.events if isinstance(e, StartRolled)]
    rolling, index = [0, 1, 2], 0
    while len(rolling) > 1:
        faces = dict(rolls[index : index + len(rolling)])
        assert list(faces) == rolling
        index += len(rolling)
        best = max(faces.values())
        rolling = [seat for seat in rolling if faces[seat] == best]
    assert index == len(rolls)
    assert [e.player for e in state.events if isinstance(e, StartingPlayerChosen)] == rolling
    assert state.active == rolling[0]
    assert state.current_player == rolling[0]
    assert phase(state) is Phase.POSITION


def test_sota_22_local_ids_name_the_dealt_cards() -> None:
    """SOTA-22: the cards drawn are the seat's own cards, in its hand (actions name them by local
    index)."""
    state = to_redraw(first_hand=P1_HAND)
    assert names(state, state.hands[0]) == P1_HAND
    assert all(c >> 6 == 0 for c in state.hands[0])
    assert {Redraw(local(state, 0, c)) for c in P1_HAND} <= set(state.legal_actions())
