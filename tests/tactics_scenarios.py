"""Helpers for Tactics rule tests: positions, actions by their text, and the squares a warrior reaches.

A scenario starts from a position (see `shardgames.tactics.position`); by default it is seat 0's play
turn with no actions used. Actions are found by the text `str(action)` shows ("move d1 to d3",
"attack d4 from d3", "buy an action", ...), so a test reads like the rule it checks.

A move through a Portal is two decisions (E9): the move into the Portal, then a ``portal`` decision
naming the exit, or declining to stay on it. The helpers show it as the moves it stands for: the one
that stays on the Portal (when it may) and ``"move d2 to g6 through the portal at d3"`` per exit, and
`play` makes both decisions for such a text.
"""

from __future__ import annotations

from typing import Any, TypeVar

import shardgames as sg
from shardgames.kernel.actions import Action
from shardgames.kernel.events import Event
from shardgames.tactics import TacticsGame, TacticsState, name, square
from shardgames.tactics.actions import Decline, Move
from shardgames.tactics.movement import waiting_move
from shardgames.tactics.phases import Phase, TacticsPrompt

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
    """The legal actions, as text, in id order, a move through a Portal after every other move."""
    return [text for _, text, _ in sorted(_choices(state), key=lambda choice: choice[0])]


def _choices(state: TacticsState) -> list[tuple[tuple[int, ...], str, tuple[Action, ...]]]:
    """Each legal action, or each move it stands for: (order, text, the decisions to make)."""
    prompt = state.prompt
    assert isinstance(prompt, TacticsPrompt)
    encode, through_key = state.game.codec.encode, state.game.id_attack - 1
    choices: list[tuple[tuple[int, ...], str, tuple[Action, ...]]] = []
    for candidate in state.legal_actions():
        if prompt.phase is Phase.PORTAL and isinstance(candidate, Move):
            text = f"{candidate} through the portal at {name(prompt.square)}"
            choices.append(((encode(candidate),), text, (candidate,)))
            continue
        after = _entering(state, candidate)
        if after is None:
            choices.append(((encode(candidate),), str(candidate), (candidate,)))
            continue
        assert isinstance(candidate, Move)
        for exit_ in after.legal_actions():
            if isinstance(exit_, Decline):
                choices.append(((encode(candidate),), str(candidate), (candidate, exit_)))
            else:
                assert isinstance(exit_, Move)
                text = f"move {name(candidate.origin)} to {name(exit_.dest)} through the portal at "
                key = (through_key, candidate.dest, candidate.origin, exit_.dest)
                choices.append((key, text + name(candidate.dest), (candidate, exit_)))
    return choices


def _entering(state: TacticsState, candidate: Action) -> TacticsState | None:
    """The state after `candidate` if it is a move into a Portal that asks where to come out."""
    if not isinstance(candidate, Move) or candidate.origin == candidate.dest:
        return None
    after = state.clone()
    after.apply_action(candidate)
    assert isinstance(after, TacticsState)
    return after if waiting_move(after) is not None else None


def action(state: TacticsState, text: str) -> Action:
    """The legal action whose text is `text` (fails the test, listing the legal ones, if there is none).

    A text that stands for two decisions (a move through a Portal) gives the first.
    """
    return _decisions(state, text)[0]


def decide(state: TacticsState, text: str) -> tuple[Event, ...]:
    """Apply the one legal action (a single decision, not a move it stands for) whose text is `text`."""
    for candidate in state.legal_actions():
        if str(candidate) == text:
            return state.apply_action(candidate)
    raise AssertionError(
        f"{text!r} is not a legal decision; legal: {[str(a) for a in state.legal_actions()]}"
    )


def _decisions(state: TacticsState, text: str) -> tuple[Action, ...]:
    for _, shown, decisions in _choices(state):
        if shown == text:
            return decisions
    raise AssertionError(f"{text!r} is not legal; legal: {legal_texts(state)}")


def play(state: TacticsState, *texts: str) -> tuple[Event, ...]:
    """Apply the legal actions with these texts in turn; return the events they caused."""
    events: list[Event] = []
    for text in texts:
        for decision in _decisions(state, text):
            events.extend(state.apply_action(decision))
    return tuple(events)


def events_of(events: tuple[Event, ...] | list[Event], kind: type[E]) -> list[E]:
    """The events of one type."""
    return [event for event in events if isinstance(event, kind)]


def destinations(state: TacticsState, origin: str) -> set[str]:
    """The squares the warrior on `origin` may move to now (its own square for a 0-space move; a
    teleport counts its destination Portal)."""
    cell = square(origin)
    found = set()
    for *_, decisions in _choices(state):
        first, last = decisions[0], decisions[-1]
        if isinstance(first, Move) and first.origin == cell:
            found.add(name(last.dest) if isinstance(last, Move) else name(first.dest))
    return found


def warrior_at(state: TacticsState, cell: str) -> int:
    """The number of the warrior on `cell` (fails if the square is empty)."""
    warrior = state.board[square(cell)]
    assert warrior >= 0, f"no warrior on {cell}"
    return warrior
