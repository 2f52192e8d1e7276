"""Rules tests of the template game, set up from positions: the pattern the real games follow."""

from __future__ import annotations

import doctest

import embers
import pytest
from embers import Block, BlockOrTake, EmbersState, Pass, Play, Roll, TakeHit, card_value

import shardgames as sg


def game() -> sg.Game:
    return sg.load_game("embers(chance=explicit)")


def position(**overrides: object) -> dict[str, object]:
    base: dict[str, object] = {
        "active": 0,
        "players": [{"hand": [3, 5], "deck": [1, 1]}, {"hand": [4], "deck": [2, 2]}],
    }
    base.update(overrides)
    return base


def test_module_examples() -> None:
    assert doctest.testmod(embers, optionflags=doctest.ELLIPSIS).failed == 0


def test_an_attack_below_seven_misses() -> None:
    state = game().state_from_position(position())
    state.apply_action(Play(3, 1))
    state.apply_action(Roll(3))
    assert state.view(0).embers == (3, 3)
    assert state.view(0).discards[0] == (state.view(0).discards[0][0],)
    assert state.current_player == sg.CHANCE  # seat 1 draws for its turn


def test_a_landed_attack_asks_the_target() -> None:
    state = game().state_from_position(position())
    state.apply_action(Play(3, 1))
    state.apply_action(Roll(4))
    assert state.prompt == BlockOrTake(1, 0, 3)
    assert state.legal_actions() == (TakeHit(), Block(4))
    state.apply_action(Block(4))
    assert isinstance(state, EmbersState)
    assert [card_value(c) for c in state.decks[1].bottom] == [4]
    assert state.decks[1].censor(0).bottom != (None,)  # blocked cards are public
    assert state.embers == [3, 3]


def test_taking_the_last_ember_wins() -> None:
    state = game().state_from_position(position(players=[{"hand": [5]}, {"embers": 1, "hand": [5]}]))
    state.apply_action(Play(5, 1))
    state.apply_action(Roll(6))
    state.apply_action(TakeHit())
    assert state.is_terminal()
    assert state.winner == 0


def test_the_values_played_are_the_content_used() -> None:
    state = game().state_from_position(position())
    state.apply_action(Play(3, 1))
    state.apply_action(Roll(3))
    assert state.content_used() == (("3",), ())
    assert state.game.content_kind == "cards"


def test_a_seat_with_an_empty_hand_passes_by_itself() -> None:
    state = game().state_from_position(position(players=[{"hand": []}, {"hand": [2]}]))
    assert Pass() in state.history
    assert state.current_player == 1


@pytest.mark.parametrize(
    ("bad", "problem"),
    [
        ({"players": [{}]}, "players: must be a list of 2 seats"),
        ({"active": 5}, "active: must be a seat 0..1"),
        ({"turn": 0}, "turn: must be an int >= 1"),
        ({"colour": "red"}, "colour: unknown field"),
        ({"players": [{"hand": [6]}, {}]}, "players[0].hand: 6 is not a card value 1-5"),
        ({"players": [{"hand": [1, 1], "deck": [1]}, {}]}, "more than 2 cards of value 1"),
        ({"players": [{"embers": 9}, {}]}, "players[0].embers: must be 0..3"),
        ({"players": [{"hand": "12"}, {}]}, "players[0].hand: must be a list"),
        ({"players": [[], {}]}, "players[0]: must be an object"),
        ({"block": {"target": 7, "value": 2}}, "block: needs target"),
        ({"block": {"target": 0, "value": 2}}, "block: needs target"),
        ({"block": {"target": 1, "value": 6}}, "block: needs target"),
        ({"players": [{"embers": 0}, {}]}, "at least two seats need embers"),
        ({"turn": 61}, "turn: must be an int 0..60, not 61"),
    ],
)
def test_bad_positions_name_the_bad_field(bad: dict[str, object], problem: str) -> None:
    with pytest.raises(sg.PositionError) as info:
        game().state_from_position(position(**bad))
    assert any(problem in p for p in info.value.problems), info.value.problems


def test_every_position_problem_is_listed_at_once() -> None:
    with pytest.raises(sg.PositionError) as info:
        game().state_from_position(position(active=9, turn=-1, colour=1))
    assert len(info.value.problems) == 3


def test_positions_from_json_text() -> None:
    state = game().state_from_position(
        '{"active": 1, "players": [{"hand": [2]}, {"hand": [3]}], "block": {"target": 0, "value": 2}}'
    )
    assert state.prompt == BlockOrTake(0, 1, 2)
    with pytest.raises(sg.PositionError, match="not valid JSON"):
        game().state_from_position("{")
    with pytest.raises(sg.PositionError, match="must be a mapping"):
        game().state_from_position("[1]")


def test_a_position_is_checked_like_a_json_state() -> None:
    """The checks of `state_from_json` run on positions too: here the active seat has no embers."""
    three = sg.load_game("embers(players=3)")
    players = [{"embers": 0, "hand": [3]}, {"hand": [4]}, {"hand": [2]}]
    with pytest.raises(sg.PositionError) as info:
        three.state_from_position({"active": 0, "players": players})
    assert info.value.problems == ("prompt: seat 0 plays, so it must be the active seat with embers",)
