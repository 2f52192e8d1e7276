from __future__ import annotations

import json
import re

import pytest
from embers import Pass, Play

import shardgames as sg
from shardgames.kernel.serialize import (
    FORMAT_VERSION,
    action_from_data,
    action_to_data,
    converter_for,
    event_to_data,
    state_to_dict,
)


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
