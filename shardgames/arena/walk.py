"""Walking through a recorded match step by step: the one replay behind every way of showing a record.

`walk_record` replays a `MatchRecord` and yields a `RecordStep` for the start of the game and then
for every decision or chance outcome the record took: who acted, the action (and its words), the
steps the engine then took by itself (forced moves, and chance outcomes it sampled), the events, and
the state after it. The printed replay (``shardgames replay``) and the HTML replay page
(`shardgames.arena.replay_page`) both read a match through it, so they show the same steps.

Examples:
    >>> import shardgames as sg
    >>> from embers import EmbersGame
    >>> _ = sg.register_game(EmbersGame)
    >>> record = sg.play_match("embers", [sg.RandomAgent(), sg.RandomAgent()], seed=5)
    >>> steps = list(walk_record(record))
    >>> steps[0].action is None, steps[1].position == len(steps[0].automatic)  # after the deal
    (True, True)
    >>> sum(1 + len(step.automatic) for step in steps) - 1 == record.length
    True
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

import attrs

from shardgames.kernel.actions import Action
from shardgames.kernel.events import Event
from shardgames.kernel.state import CHANCE, State

if TYPE_CHECKING:
    from shardgames.arena.match import MatchRecord

__all__ = ["Describe", "RecordStep", "walk_record"]

Describe = Callable[[State, int, Action], str]
"""Words for a decision: called with the state before it, the seat that takes it and the action."""


@attrs.frozen
class RecordStep:
    """One step of a recorded match, and what the engine did by itself after it.

    Attributes:
        index: The step's number: 0 for the start of the game, then 1, 2, ... for each action the
            record took that the engine did not take by itself.
        position: The action's place in the record's history (0 for the start).
        actor: The seat that acted, or `CHANCE` (also for the start).
        action: The action, or ``None`` for the start.
        words: The action in words: those of the walk's `Describe` for a decision, else
            ``str(action)`` (empty for the start).
        automatic: The steps the engine then took by itself (for the start, those before the first
            decision, such as the deal), each with its place in the history.
        events: The events the step caused, those of its automatic steps included (for the start,
            the events of the set-up).
        state: The state after the step and its automatic steps. It is the walk's own state, which
            the next step changes: clone it to keep it.
    """

    index: int
    position: int
    actor: int
    action: Action | None
    words: str
    automatic: tuple[tuple[int, Action], ...]
    events: tuple[Event, ...]
    state: State = attrs.field(eq=False, repr=False)


def walk_record(record: MatchRecord, describe: Describe | None = None) -> Iterator[RecordStep]:
    """The steps of a recorded match, the start of the game first (see the module docstring).

    Args:
        record: The match.
        describe: Words for each decision, from the state before it; by default ``str(action)``.

    Raises:
        ReplayError: If the record does not replay in its game (an edited or corrupted file); it is
            raised before the first step.
    """
    game = record.load_game()
    game.replay(record.seed, record.history)  # a record that does not replay fails here, cleanly
    state = game.new_initial_state(record.seed)

    def automatic(start: int) -> tuple[tuple[int, Action], ...]:
        return tuple((start + i, action) for i, action in enumerate(state.history[start:]))

    yield RecordStep(0, 0, CHANCE, None, "", automatic(0), tuple(state.events), state)
    position, index = len(state.history), 1
    while position < len(record.history):
        action = record.history[position]
        actor = state.current_player
        words = str(action) if describe is None or actor == CHANCE else describe(state, actor, action)
        events = state.apply_action(action)
        after = automatic(position + 1)
        yield RecordStep(index, position, actor, action, words, after, tuple(events), state)
        position, index = len(state.history), index + 1
