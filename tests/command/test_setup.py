"""Shard Command setup (CMD-7 to 12, R7, R8, R26): the coin flip, the opening hands, the stones, the redraw.

Games run in explicit-chance mode, so every coin flip and every card off the unknown part of a deck is a
chance node the test answers itself (convention E2).
"""

from __future__ import annotations

import pytest

import shardgames as sg
from shardgames.command.actions import BottomCard, DrawCard, FinishRedraw, FirstPlayer, Pass, Play
from shardgames.command.events import CardDrawn, FirstPlayerChosen, RedrawFinished, TurnBegan
from shardgames.command.phases import Phase, Step
from shardgames.command.state import CommandState
from shardgames.kernel.errors import IllegalActionError
from shardgames.kernel.state import CHANCE

EXPLICIT = "command(decks=(stoneguard,pyre),chance=explicit)"
STONEGUARD_STONES = (6, 3, 3, 0, 0, 0, 0, 0, 0, 0, 0)  # 6 Generic, 3 Earth, 3 Air
PYRE_STONES = (6, 0, 0, 0, 0, 3, 0, 3, 0, 0, 0)  # 6 Generic, 3 Fire, 3 Death


def new_state(config: str = EXPLICIT) -> CommandState:
    state = sg.load_game(config).new_initial_state(seed=7)
    assert isinstance(state, CommandState)
    return state


def answer_chance(state: CommandState) -> list[int]:
    """Answer chance nodes with their first outcome until a player decides; the seats drawn from."""
    seats = []
    while state.is_chance_node():
        assert state.prompt is not None
        seats.append(state.prompt.seat)  # type: ignore[attr-defined]
        state.apply_action(state.chance_outcomes()[0][0])
    return seats


def opened(first: int = 0, config: str = EXPLICIT) -> CommandState:
    """A game after the coin flip (seat `first` starts) and both opening hands."""
    state = new_state(config)
    state.apply_action(FirstPlayer(first))
    answer_chance(state)
    return state


# ---------------------------------------------------------------------- CMD-7, R8: the starting player


def test_cmd_7_the_starting_player_is_a_coin_flip_chance_node() -> None:
    """CMD-7, R8: the starting player is decided by a coin flip: a chance node with two even outcomes."""
    state = new_state()
    assert state.current_player == CHANCE
    assert state.prompt is not None
    assert state.prompt.phase is Phase.COIN  # type: ignore[attr-defined]
    assert state.chance_outcomes() == ((FirstPlayer(0), 0.5), (FirstPlayer(1), 0.5))
    assert state.active == -1
    assert state.first == -1


@pytest.mark.parametrize("first", [0, 1])
def test_cmd_r8_the_coin_names_the_starting_player(first: int) -> None:
    """R8: the coin flip's outcome is the starting player; the first turn is theirs."""
    state = new_state()
    events = state.apply_action(FirstPlayer(first))
    assert events[0] == FirstPlayerChosen(first)
    assert state.first == first
    answer_chance(state)
    state.apply_action(FinishRedraw())
    state.apply_action(FinishRedraw())
    assert state.turn == 1
    assert state.active == first
    assert state.step is Step.MAIN
    assert state.current_player == first
    assert TurnBegan(1, first) in state.events


def test_cmd_r8_the_coin_is_sampled_in_auto_mode() -> None:
    """R8, E2: in the default mode the engine flips the coin itself; the game is at the first redraw."""
    state = new_state("command(decks=(stoneguard,pyre))")
    assert state.first in (0, 1)
    assert state.current_player == state.first
    assert state.prompt.phase is Phase.REDRAW  # type: ignore[union-attr]
    assert [len(h) for h in state.hands] == [5, 5]


# ---------------------------------------------------------------------- CMD-8 to 11: the table


def test_cmd_8_each_player_starts_at_20_integrity() -> None:
    """CMD-8: each player starts at 20 Integrity."""
    assert new_state().integrity == [20, 20]
    assert opened().integrity == [20, 20]


def test_cmd_9_the_sovereign_is_face_up_in_its_own_zone() -> None:
    """CMD-9: the Sovereign is face up in the Sovereign Zone: not in deck, hand or Arena; Ready; public."""
    state = opened()
    game = state.game
    assert game.sovereign_infos[0].name == "Warden of the Ridge"
    assert game.sovereign_infos[1].name == "The Ashen Regent"
    assert state.sovereign_exhausted == [False, False]
    assert state.arena == []
    for seat in (0, 1):
        assert len(state.decks[seat]) + len(state.hands[seat]) == 40  # the Sovereign is not a deck card
        cards = list(state.hands[seat]) + state.decks[seat].cards()
        assert all(game.infos[game.kind_of[c]].name != game.sovereign_infos[seat].name for c in cards)
        # both Sovereigns are public: either seat's view shows whether they are Exhausted
        assert state.view(1 - seat).sovereign_exhausted == (False, False)  # type: ignore[attr-defined]


def test_cmd_9_the_sovereign_ability_is_usable_from_the_first_turn() -> None:
    """CMD-9, R6: the Sovereign is on the table from the start: its Exhaust ability is usable in turn 1."""
    state = opened(0, "command(decks=(pyre,stoneguard),chance=explicit)")
    state.apply_action(FinishRedraw())
    state.apply_action(FinishRedraw())
    sovereign = state.game.sovereign_id(0)
    assert any(getattr(a, "source", None) == sovereign for a in state.legal_actions())


def test_cmd_10_both_draw_5_from_a_shuffled_deck() -> None:
    """CMD-10, R8: both Main Decks are shuffled (unknown order) and each player draws 5."""
    state = new_state()
    for seat in (0, 1):
        deck = state.decks[seat]
        assert len(deck) == 40
        assert deck.top == []
        assert deck.bottom == []
        assert deck.middle_count == 40
    state.apply_action(FirstPlayer(0))
    # each draw is a chance node over the designs left, weighted by their copies (Ridge Recruit: 8 of 40)
    outcomes = dict(state.chance_outcomes())
    recruit = next(k for k, info in enumerate(state.game.infos) if info.name == "Ridge Recruit")
    assert outcomes[DrawCard(recruit)] == pytest.approx(8 / 40)
    assert sum(outcomes.values()) == pytest.approx(1.0)
    seats = answer_chance(state)
    assert seats == [0] * 5 + [1] * 5  # the starting player draws first
    assert [len(h) for h in state.hands] == [5, 5]
    assert [len(d) for d in state.decks] == [35, 35]
    assert sum(isinstance(e, CardDrawn) for e in state.events) == 10


def test_cmd_10_the_other_seat_draws_second_when_seat_1_starts() -> None:
    """CMD-10, R8: with seat 1 starting, seat 1's five draws come first, then seat 0's."""
    state = new_state()
    state.apply_action(FirstPlayer(1))
    assert answer_chance(state) == [1] * 5 + [0] * 5


@pytest.mark.parametrize(
    ("config", "stones"),
    [
        ("command(decks=(stoneguard,pyre),chance=explicit)", (STONEGUARD_STONES, PYRE_STONES)),
        (
            "command(decks=(tidewell,riftblades),chance=explicit)",
            ((6, 0, 0, 0, 0, 0, 0, 0, 3, 3, 0), (6, 0, 0, 3, 0, 0, 0, 0, 0, 0, 3)),
        ),
    ],
)
def test_cmd_11_twelve_stones_start_in_the_pool(config: str, stones: tuple[tuple[int, ...], ...]) -> None:
    """CMD-11: the Charge Stones are set up in the Charge Pool, with the deck's composition."""
    state = opened(0, config)
    assert tuple(state.pool) == stones
    assert state.unused == [(0,) * 11, (0,) * 11]
    assert state.used == [(0,) * 11, (0,) * 11]
    assert state.floating == [(0,) * 11, (0,) * 11]


def test_cmd_r7_all_12_stones_in_the_pool_elements_per_the_deck() -> None:
    """R7: each player brings 12 stones, Generic or of the Sovereign's elements; all start in the Pool."""
    state = opened()
    for seat in (0, 1):
        assert sum(state.pool[seat]) == 12
        assert sum(state.unused[seat]) == sum(state.used[seat]) == 0
        identity = state.game.sovereign_infos[seat].identity
        elemental = [e for e in range(10) if state.pool[seat][e + 1]]
        assert sorted(elemental) == sorted(identity)
    assert state.pool[0] == STONEGUARD_STONES
    assert state.pool[1] == PYRE_STONES


# ---------------------------------------------------------------------- CMD-12, R8: the Tactical Redraw


def test_cmd_12_redraw_offers_every_hand_card_or_finish() -> None:
    """CMD-12: before the first turn, a player may put any number of hand cards under, or keep."""
    state = opened()
    assert state.current_player == 0
    assert state.prompt.phase is Phase.REDRAW  # type: ignore[union-attr]
    legal = set(state.legal_actions())
    assert legal == {FinishRedraw()} | {BottomCard(c) for c in state.hands[0]}


def test_cmd_12_keeping_draws_nothing() -> None:
    """CMD-12: finishing without putting a card under keeps the hand: no draw, no shuffle of a known card."""
    state = opened()
    hand = set(state.hands[0])
    events = state.apply_action(FinishRedraw())
    assert RedrawFinished(0, 0) in events
    assert set(state.hands[0]) == hand
    assert len(state.decks[0]) == 35
    assert state.current_player == 1


def test_cmd_12_redraw_puts_under_draws_as_many_and_shuffles() -> None:
    """CMD-12, R8: the cards go to the bottom, that many are drawn from the top, then the deck is shuffled."""
    state = opened()
    first, second = sorted(state.hands[0])[:2]
    state.apply_action(BottomCard(first))
    state.apply_action(BottomCard(second))
    assert len(state.hands[0]) == 3
    assert state.decks[0].bottom == [first, second]
    assert state.current_player == 0  # still redrawing: more cards may go under
    state.apply_action(FinishRedraw())
    # the two new cards come off the top: from the 35 unknown cards, never the two under the deck
    assert state.is_chance_node()
    assert state.prompt.seat == 0  # type: ignore[union-attr]
    outcomes = state.chance_outcomes()
    weights = {a.kind: p for a, p in outcomes}  # type: ignore[attr-defined]
    assert sum(round(p * 35) for p in weights.values()) == 35
    drawn = answer_chance(state)
    assert drawn == [0, 0]
    assert len(state.hands[0]) == 5
    assert first not in state.hands[0]
    assert second not in state.hands[0]
    deck = state.decks[0]
    assert len(deck) == 35
    assert deck.bottom == []
    assert deck.top == []
    assert first in deck.cards()
    assert second in deck.cards()
    assert RedrawFinished(0, 2) in state.events
    assert state.current_player == 1
    assert state.prompt.phase is Phase.REDRAW  # type: ignore[union-attr]


def test_cmd_r8_the_starting_player_redraws_first_then_the_other() -> None:
    """R8: the Tactical Redraw is decided by the starting player first, then by the other player."""
    state = opened(first=1)
    assert (state.current_player, state.prompt.phase) == (1, Phase.REDRAW)  # type: ignore[union-attr]
    state.apply_action(BottomCard(sorted(state.hands[1])[0]))
    state.apply_action(FinishRedraw())
    assert answer_chance(state) == [1]
    assert (state.current_player, state.prompt.phase) == (0, Phase.REDRAW)  # type: ignore[union-attr]
    state.apply_action(FinishRedraw())
    assert (state.turn, state.active, state.step) == (1, 1, Step.MAIN)
    finished = [e.seat for e in state.events if isinstance(e, RedrawFinished)]
    assert finished == [1, 0]


def test_cmd_r8_redrawing_the_whole_hand() -> None:
    """R8: any number of cards may go under, the whole hand included; the hand is 5 cards again."""
    state = opened()
    for card in sorted(state.hands[0]):
        state.apply_action(BottomCard(card))
    assert state.legal_actions() == (FinishRedraw(),)
    state.apply_action(FinishRedraw())
    assert answer_chance(state) == [0] * 5
    assert len(state.hands[0]) == 5
    assert len(state.decks[0]) == 35
    assert state.decks[0].bottom == []


def test_cmd_12_redraw_is_only_before_the_first_turn() -> None:
    """CMD-12: the redraw happens once: after both finished, BottomCard is never legal again."""
    state = opened()
    state.apply_action(FinishRedraw())
    state.apply_action(FinishRedraw())
    card = sorted(state.hands[0])[0]
    assert all(not isinstance(a, (BottomCard, FinishRedraw)) for a in state.legal_actions())
    with pytest.raises(IllegalActionError):
        state.apply_action(BottomCard(card))
    state.apply_action(Pass())
    assert all(not isinstance(a, (BottomCard, FinishRedraw)) for a in state.legal_actions())


def test_cmd_12_no_card_is_played_during_the_redraw() -> None:
    """CMD-12, C.5 S1: during the redraw the only choices are BottomCard and FinishRedraw."""
    state = opened()
    assert all(isinstance(a, (BottomCard, FinishRedraw)) for a in state.legal_actions())
    with pytest.raises(IllegalActionError):
        state.apply_action(Play(sorted(state.hands[0])[0]))


# ---------------------------------------------------------------------- R26: two players


def test_cmd_r26_two_players_only() -> None:
    """R26: Shard Command is for 2 players: two seats, two returns, and only seats 0 and 1 ever act."""
    game = sg.load_game("command(decks=(stoneguard,pyre),max_turns=3)")
    assert game.num_players == 2
    state = game.new_initial_state(seed=3)
    assert len(state.returns()) == 2
    assert len(state.integrity) == 2  # type: ignore[attr-defined]
    seen = set()
    while not state.is_terminal():
        seen.add(state.current_player)
        state.apply_action(state.legal_actions()[0])
    assert seen <= {0, 1}
    assert len(state.returns()) == 2
