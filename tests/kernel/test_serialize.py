from __future__ import annotations

import json
import re
from typing import Any

import pytest
from documents import document, problems_reading, put
from embers import EmbersState, Pass, Play

import shardgames as sg
from shardgames.kernel.serialize import (
    FORMAT_VERSION,
    action_from_data,
    action_to_data,
    converter_for,
    event_to_data,
    state_to_dict,
)
from shardgames.kernel.state import State


def game() -> sg.Game:
    return sg.load_game("embers(players=3)")


def mid_game() -> sg.State:
    state = game().new_initial_state(seed=6)
    for _ in range(5):
        state.apply_action(state.legal_actions()[-1])
    return state


def test_documents_carry_format_kind_and_game() -> None:
    data = json.loads(mid_game().to_json())
    assert data["format"] == FORMAT_VERSION
    assert data["kind"] == "state"
    assert data["game"] == "embers(players=3)"
    assert data["history"][0]["type"] == "StartWith"
    assert set(data["data"]) == {"embers", "hands", "decks", "discards", "active"}
    assert "\n" in mid_game().to_json(indent=2)


def test_round_trip_from_text_and_from_data() -> None:
    state = mid_game()
    assert game().state_from_json(state.to_json()) == state
    assert game().state_from_json(state_to_dict(state)) == state


def test_finished_games_round_trip() -> None:
    state = mid_game()
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[-1])
    again = game().state_from_json(state.to_json())
    assert again == state
    assert again.is_terminal()
    assert again.current_player == sg.TERMINAL


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(format=99), "this library reads format 1"),
        (lambda d: d.update(kind="match"), "expected 'state'"),
        (lambda d: d.update(game="embers"), "for 'embers', not 'embers(players=3)'"),
        (lambda d: d["data"].update(bogus=1), "bogus"),
        (lambda d: d["history"].append({"type": "Nope"}), "Nope"),
        (lambda d: d.update(prompt=None, returns=None), "needs a prompt"),
        (lambda d: d["data"]["decks"][0].update(top=[1]), "knowledge mask"),
        (lambda d: d["data"]["hands"][0].update(known=[]), "knowledge mask"),
        (lambda d: d["data"]["decks"][0].update(middle={}), "list of [kind, card ids] pairs"),
        (lambda d: d["data"]["decks"][0].update(middle=[[1]]), "list of [kind, card ids] pairs"),
        (lambda d: d["data"]["decks"][0].update(middle=[[1, ["x"]]]), "list of [kind, card ids] pairs"),
    ],
)
def test_bad_documents_say_what_is_wrong(change, message: str) -> None:  # type: ignore[no-untyped-def]
    data = json.loads(mid_game().to_json())
    change(data)
    with pytest.raises(sg.SerializationError, match=re.escape(message)):
        game().state_from_json(json.dumps(data))


def test_not_json_at_all() -> None:
    with pytest.raises(sg.SerializationError, match="not valid JSON"):
        game().state_from_json("{")
    with pytest.raises(sg.SerializationError, match="expected a JSON object"):
        game().state_from_json("[]")


def test_actions_and_events_as_data() -> None:
    g = game()
    assert action_to_data(g, Play(3, 1)) == {"value": 3, "target": 1, "type": "Play"}
    assert action_from_data(g, {"type": "Pass"}) == Pass()
    assert action_from_data(g, g.encode(Play(3, 1))) == Play(3, 1)
    with pytest.raises(sg.SerializationError):
        action_from_data(g, {"type": "Play", "value": "x"})
    event = mid_game().events[0]
    assert event_to_data(g, event)["type"] == type(event).__name__


def test_one_converter_per_game_class() -> None:
    assert converter_for(game()) is converter_for(sg.load_game("embers"))


# ---------------------------------------------------------------------- what the kernel checks


def test_a_prompt_for_a_seat_that_does_not_exist_is_refused() -> None:
    assert problems_reading(mid_game(), put("prompt.player", 7)) == (
        "prompt.player: must be a seat 0..2 or -1, not 7",
    )


def test_a_turn_beyond_the_cap_is_refused() -> None:
    assert problems_reading(mid_game(), put("turn", 10**30)) == (
        "turn: must be an int 0..60, not 1000000000000000000000000000000",
    )
    assert problems_reading(mid_game(), put("turn", -1)) == ("turn: must be an int 0..60, not -1",)


@pytest.mark.parametrize("rng", [-1, 2**64])
def test_a_generator_state_outside_64_bits_is_refused(rng: int) -> None:
    assert problems_reading(mid_game(), put("rng", rng)) == (
        f"rng: the generator state must be an int 0..2**64-1, not {rng}",
    )


def test_kernel_fields_of_the_wrong_kind_or_missing_or_unknown_are_refused() -> None:
    assert problems_reading(mid_game(), put("turn", "3")) == ("turn: must be an int, not '3'",)
    assert problems_reading(mid_game(), lambda d: d.pop("turn")) == ("turn: missing",)
    assert problems_reading(mid_game(), put("colour", 1)) == (
        "colour: unknown field; a state has format, kind, game, turn, rng, prompt, tasks, returns, winner, "
        "history, events, data",
    )
    assert problems_reading(mid_game(), put("prompt", {"type": "Nope", "player": 0})) == (
        "prompt.type: 'Nope' is not a Prompt of this game "
        "(BlockOrTake, ChooseStarter, DrawFrom, RollAttack, TurnChoice)",
    )


def test_a_tag_that_is_not_text_is_refused_like_an_unknown_one() -> None:
    """A list or an object where a class name belongs is a problem listed with the others."""
    changes = put("history.0", {"type": []}), put("events.0", {"type": {"a": 1}})
    problems = problems_reading(mid_game(), *changes)
    assert problems == (
        "history[0].type: [] is not an Action of this game "
        "(Block, DrawValue, Pass, Play, Roll, StartWith, TakeHit)",
        "events[0].type: {'a': 1} is not an Event of this game (AttackBlocked, CardDrawn, CardPlayed, "
        "DieRolled, EmberLost, GameEnded, Passed, PlayerOut, TurnBegan)",
    )


def test_history_entries_the_codec_cannot_encode_are_refused() -> None:
    assert problems_reading(mid_game(), put("history.0", {"type": "StartWith", "seat": 9})) == (
        "history[0]: StartWith(seat=9) is outside this game's action space: 9 is not an int in [0, 3)",
    )


def test_events_naming_a_seat_that_does_not_exist_are_refused() -> None:
    bad = {"type": "CardDrawn", "player": 9, "card": 8}
    assert problems_reading(mid_game(), put("events.0", bad)) == (
        "events[0].player: must be a seat 0..2, not 9",
    )


def test_returns_and_winner_must_agree() -> None:
    over = (put("prompt", None), put("returns", [-0.5, 1.0, -0.5]))
    assert problems_reading(mid_game(), *over, put("winner", 0)) == (
        "winner: seat 0 must have the highest return alone, returns are [-0.5, 1.0, -0.5]",
        "winner: seat 0 wins only as the last seat with embers",
    )
    assert problems_reading(mid_game(), put("winner", 1)) == (
        "winner: a game in progress has no winner yet; the winner needs returns",
    )
    assert problems_reading(mid_game(), put("returns", [0.0, 0.0])) == (
        "returns: must have 3 returns (one per seat), not 2",
        "prompt: a finished game has no pending decision",
    )


def test_every_problem_is_listed_at_once() -> None:
    def many(data: dict[str, Any]) -> None:
        data.update(turn=10**30, rng=-1)
        data["prompt"]["player"] = 7
        data["data"]["hands"][1]["cards"][0] = 10**6
        data["data"]["embers"][0] = 4

    assert problems_reading(mid_game(), many) == (
        "rng: the generator state must be an int 0..2**64-1, not -1",
        "turn: must be an int 0..60, not 1000000000000000000000000000000",
        "prompt.player: must be a seat 0..2 or -1, not 7",
        "data.embers[0]: must be an int 0..3, not 4",
        "data.hands[1].cards[0]: card 1000000 does not exist (ids 0..29)",
    )


def test_malformed_parts_are_listed_with_the_values_checked_without_a_state() -> None:
    problems = problems_reading(
        mid_game(), put("data.hands.1.cards", "x"), put("rng", -1), put("turn", 10**30)
    )
    assert problems == (
        "data.hands[1]: cards must be a list of ints",
        "rng: the generator state must be an int 0..2**64-1, not -1",
        "turn: must be an int 0..60, not 1000000000000000000000000000000",
    )


def test_a_game_without_the_hook_gets_the_kernel_checks_only(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(EmbersState, "_problems", State._problems)
    state = mid_game()
    assert problems_reading(state, put("turn", -1)) == ("turn: must be an int 0..60, not -1",)
    changed = document(state)
    changed["data"]["embers"][0] = 4
    assert game().state_from_json(changed).embers[0] == 4  # type: ignore[attr-defined]


def test_the_end_of_game_event_names_one_return_per_seat_and_a_seat_as_winner() -> None:
    state = mid_game()
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[-1])
    last = len(state.events) - 1
    ended = (put(f"events.{last}.returns", [1.0]), put(f"events.{last}.winner", 5))
    assert problems_reading(state, *ended) == (
        f"events[{last}].returns: must have 3 returns (one per seat), not 1",
        f"events[{last}].winner: must be a seat 0..2, not 5",
    )
