"""Helpers for tests of bad state documents: change a state's JSON, read it back, list the problems."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

import shardgames as sg

Change = Callable[[dict[str, Any]], object]


def document(state: sg.State) -> dict[str, Any]:
    """A fresh copy of the state's JSON document."""
    return json.loads(state.to_json())  # type: ignore[no-any-return]


def problems_reading(state: sg.State, *changes: Change) -> tuple[str, ...]:
    """The problems `state_from_json` lists for the state's document after `changes`."""
    changed = document(state)
    for change in changes:
        change(changed)
    with pytest.raises(sg.SerializationError) as caught:
        state.game.state_from_json(changed)
    return caught.value.problems


def put(path: str, value: Any) -> Change:
    """A change that sets the value at a dotted path of the document (``"data.hands.1.cards.0"``)."""
    *parents, last = path.split(".")

    def change(data: dict[str, Any]) -> None:
        node: Any = data
        for key in parents:
            node = node[int(key)] if isinstance(node, list) else node[key]
        node[int(last) if isinstance(node, list) else last] = value

    return change
