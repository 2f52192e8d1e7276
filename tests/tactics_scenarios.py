"""Helpers for Tactics rule tests: positions, actions by their text, and the squares a warrior reaches.

A scenario starts from a position (see `shardgames.tactics.position`); by default it is seat 0's play
turn with no actions used. Actions are found by the text `str(action)` shows ("move d1 to d3",
"attack d4 from d3", "buy an action", ...), so a test reads like the rule it checks.
"""

from __future__ import annotations

from typing import Any, TypeVar

import shardgames as sg
from shardgames.kernel.actions import Action
from shardgames.kernel.events import Event
from shardgames.tactics import TacticsGame, TacticsState, name, square
from shardgames.tactics.actions import Move

E = TypeVar("E", bound=Event)


def tactics_game(**params: Any) -> TacticsGame:
    """The Tactics game with these parameters (the rulebook's defaults otherwise)."""
    game = sg.load_game("tactics", **params)
    assert isinstance(game, TacticsGame)
    return game


def start(
    board: str, terrain: str | None = None, *, game: TacticsGame | None = None, **fields: Any
) -> TacticsState:
    """The state of a position with this board (and terrain) diagram and any other position fields."""
    position: dict[str, Any] = {"board": board, **fields}
    if terrain is not None:
        position["terrain"] = terrain
    state = (game or tactics_game()).state_from_position(position)
    assert isinstance(state, TacticsState)
    return state


def legal_texts(state: TacticsState) -> list[str]:
    """The legal actions, as text, in id order."""
    return [str(action) for action in state.legal_actions()]


def action(state: TacticsState, text: str) -> Action:
    """The legal action whose text is `text` (fails the test, listing the legal ones, if there is none)."""
    for candidate in state.legal_actions():
        if str(candidate) == text:
            return candidate
    raise AssertionError(f"{text!r} is not legal; legal: {legal_texts(state)}")


def play(state: TacticsState, *texts: str) -> tuple[Event, ...]:
    """Apply the legal actions with these texts in turn; return the events they caused."""
    events: list[Event] = []
    for text in texts:
        events.extend(state.apply_action(action(state, text)))
    return tuple(events)


def events_of(events: tuple[Event, ...] | list[Event], kind: type[E]) -> list[E]:
    """The events of one type."""
    return [event for event in events if isinstance(event, kind)]


def destinations(state: TacticsState, origin: str) -> set[str]:
    """The squares the warrior on `origin` may move to now (its own square for a 0-space move; a
    teleport counts its destination Portal)."""
    cell = square(origin)
    return {
        name(candidate.dest)
        for candidate in state.legal_actions()
        if isinstance(candidate, Move) and candidate.origin == cell
    }


def warrior_at(state: TacticsState, cell: str) -> int:
    """The number of the warrior on `cell` (fails if the square is empty)."""
    warrior = state.board[square(cell)]
    assert warrior >= 0, f"no warrior on {cell}"
    return warrior
