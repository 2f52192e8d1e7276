"""Nothing `state_from_json` accepts crashes later: a property of every registered game.

A state at a random point of random play is written with `to_dict`, one leaf of the document is
changed (an int to -1, to 10**6 or to a huge number, a list cut short or made longer, a string or a
flag replaced), and the document is read back. Either reading refuses it with `SerializationError`,
or the state it gives can be played, viewed, encoded, saved and printed without any error that is not
a `ShardGamesError`.

Positions get the same treatment, from one hand-written position per game: a changed position is
refused with `PositionError`, or its state works. Each example tries several changes on one document.
``SHARDGAMES_LONG=1`` runs many more.
"""

from __future__ import annotations

import copy
import json
import os
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from playing import configuration_params, random_play

import shardgames as sg

LONG = bool(os.environ.get("SHARDGAMES_LONG"))
EXAMPLES = settings.get_profile("thorough" if LONG else "ci").max_examples
CHANGES_PER_GAME = 40 if LONG else 12

Path = tuple[str | int, ...]


def leaves(value: Any, path: Path = ()) -> Iterator[Path]:
    """The path of every value in a JSON document, lists and objects included (not the root)."""
    if path:
        yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from leaves(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from leaves(item, (*path, index))


def get(document: Any, path: Path) -> Any:
    for key in path:
        document = document[key]
    return document


def put(document: Any, path: Path, value: Any) -> None:
    get(document, path[:-1])[path[-1]] = value


def changes_of(value: Any) -> list[Any]:
    """The changed values tried for one leaf."""
    if isinstance(value, bool):
        return [not value, 0, "x"]
    if isinstance(value, int):
        return [-1, value + 1, value - 1, 10**6, 10**30, 2**64, "x", None]
    if isinstance(value, float):
        return [-1.0, 10**6, float(2**70), None]
    if isinstance(value, str):
        return ["x", "", 0]
    if isinstance(value, list):
        longer = [*value, copy.deepcopy(value[-1])] if value else [0]
        return [value[:-1], longer, [], None]
    if isinstance(value, dict):
        return [{}, None, []]
    return [0, "x", []]


def use(state: sg.State) -> None:
    """Everything a user or a bot does with a state (only `ShardGamesError`s may come out)."""
    legal = state.legal_actions()
    for seat in range(state.num_players):
        view = state.view(seat)
        str(view)
        state.observation_tensor(seat)
    state.legal_action_mask()
    state.to_json()
    str(state)
    for action in legal:
        state.clone().apply_action(action)


def try_change(
    game: sg.Game, document: dict[str, Any], path: Path, value: Any, *, position: bool = False
) -> None:
    """Read `document` with one value changed: it is refused with the reader's error, or its state works."""
    changed = copy.deepcopy(document)
    put(changed, path, value)
    where = ".".join(map(str, path))
    read, refusal = (
        (game.state_from_position, sg.PositionError)
        if position
        else (game.state_from_json, sg.SerializationError)
    )
    try:
        state = read(changed)
    except refusal:
        return
    except Exception as exc:
        pytest.fail(f"{game}: {where} = {value!r:.60}: reading raised {type(exc).__name__}: {exc}")
    try:
        use(state)
    except sg.ShardGamesError:
        pass
    except Exception as exc:
        pytest.fail(f"{game}: {where} = {value!r:.60} was accepted, then {type(exc).__name__}: {exc}")


def change_leaves(
    game: sg.Game, document: dict[str, Any], data: st.DataObject, *, position: bool = False
) -> None:
    """Try `CHANGES_PER_GAME` changes of one leaf each, the top-level field first drawn evenly."""
    paths = [p for p in leaves(document) if p[0] not in ("format", "kind", "game")]
    by_key: dict[str | int, list[Path]] = {}
    for path in paths:
        by_key.setdefault(path[0], []).append(path)
    for _ in range(CHANGES_PER_GAME):
        key = data.draw(st.sampled_from(sorted(by_key, key=str)), label="field")
        path = data.draw(st.sampled_from(by_key[key]), label="path")
        value = data.draw(st.sampled_from(changes_of(get(document, path))), label="value")
        try_change(game, document, path, value, position=position)


@pytest.fixture(params=configuration_params())
def game(request: pytest.FixtureRequest) -> sg.Game:
    return sg.load_game(request.param)


@settings(max_examples=EXAMPLES)
@given(seed=st.integers(0, 2**32 - 1), stop=st.integers(0, 600), data=st.data())
def test_every_state_read_from_json_is_usable(
    game: sg.Game, seed: int, stop: int, data: st.DataObject
) -> None:
    """A changed document is refused, or its state works: nothing accepted fails later."""
    state = game.new_initial_state(seed)
    for step, state in enumerate(random_play(game, seed)):  # noqa: B007 - the state is used after the loop
        if step == stop:
            break
    document = json.loads(state.to_json())
    assert game.state_from_json(document) == state, "an unchanged document reads back"
    change_leaves(game, document, data)


POSITIONS: dict[str, tuple[str, dict[str, Any]]] = {
    "embers": (
        "embers(players=3)",
        {
            "active": 0,
            "turn": 3,
            "players": [
                {"hand": [1, 4], "deck": [2, 2, 3], "deck_bottom": [5], "discard": [1]},
                {"embers": 2, "hand": [3], "deck": [1, 5]},
                {"embers": 1, "hand": [2, 2]},
            ],
            "block": {"target": 1, "value": 4},
        },
    ),
    "sota": (
        "sota(decks=(ember,tide))",
        {
            "turn": 3,
            "phase": "modifiers",
            "used_stats": ["agility"],
            "twin_used": [1],
            "players": [
                {
                    "persona": "ember-persona-vael",
                    "hand": ["ember-tavrick"],
                    "positions": [{"card": "casstia", "trait": "ember-trait-grit"}, "ember-solvane"],
                    "allies": ["ember-ally-magic-1"],
                    "shards": ["ember-ally-luck-1"],
                    "deck": 20,
                    "deck_bottom": ["ember-hesk"],
                },
                {"hand": ["tide-pelagrine"], "positions": ["tide-tarrowby", "tide-drenna"], "deck": 20},
            ],
            "duel": {
                "unit": [0],
                "stat": "vitality",
                "target": {"seat": 1, "unit": [0]},
                "dice": [1, 2, 3, 4],
                "bonus": [0, 1],
                "to_act": "defender",
                "passes": 0,
            },
        },
    ),
    "tactics": (
        "tactics",
        {
            "active": 0,
            "turn": 7,
            "souls": [4, 6],
            "board": " 8  .  .  .  v  .  .  .  .\n 7  .  .  .  m  .  .  .  .\n 6  .  .  .  k  .  .  .  .\n"
            " 4  .  .  S  .  .  .  .  .\n 2  .  .  K* .  .  .  .  .\n 1  .  .  .  E  .  .  .  .",
            "terrain": " 5  .  .  .  w  .  .  .  .\n 4  .  .  F  .  .  .  .  .\n 1  P  .  .  .  .  .  .  P",
            "actions_used": 1,
            "attacked": ["c2"],
            "reductions": {"d7": 1},
            "buffs": {"c4": 1},
            "decision": {"riposte": "d6"},
        },
    ),
    "command": (
        "command",
        {
            "turn": 9,
            "step": "combat",
            "players": [
                {
                    "integrity": 14,
                    "hand": ["Ridge Golem", "Stone Skin"],
                    "deck_top": ["Windcaller"],
                    "scrap": ["Gale Runner"],
                    "pool": "2G 1E",
                    "unused": "1G 1E",
                    "charged": 2,
                    "arena": [{"card": "Sky Lancer", "exhausted": True, "attacked": True}, "Cliff Sentinel"],
                },
                {
                    "integrity": 9,
                    "hand": ["Spark", "Pyre Storm"],
                    "obliterated": ["Ash Hound"],
                    "unused": "1F",
                    "arena": [{"card": "Cinder Golem", "exhausted": True, "frozen": True}, {"token": True}],
                },
            ],
            "queue": [{"seat": 1, "ability": "exhaust", "source": "sovereign", "targets": ["0:Sky Lancer"]}],
            "combat": {"attacker": "0:Sky Lancer", "target": "player 1", "interceptors": []},
        },
    ),
}


@pytest.mark.parametrize("name", sorted(set(POSITIONS) & set(sg.list_games())))
@settings(max_examples=EXAMPLES)
@given(data=st.data())
def test_every_position_accepted_is_usable(name: str, data: st.DataObject) -> None:
    """A changed position is refused with `PositionError`, or its state works."""
    spec, position = POSITIONS[name]
    game = sg.load_game(spec)
    game.state_from_position(position)  # the position itself is good
    change_leaves(game, position, data, position=True)
