"""Positions for the search agents' tests: decisions of random games."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import shardgames as sg


def random_states(game: str, seed: int, every: int = 1) -> Iterator[sg.State]:
    """The states of a random game in which a seat is to act, every `every` of its steps."""
    state = sg.load_game(game).new_initial_state(seed)
    rng = sg.Rng(seed)
    for step in itertools.count():
        if state.is_terminal():
            return
        if state.current_player != sg.CHANCE and step % every == 0:
            yield state
        state.apply_action(rng.choice(state.legal_actions()))


def decision(game: str, seed: int = 1, *, skip: int = 0) -> sg.State:
    """A state of a random game in which the seat to act has 2 to 30 actions (tactics setup has 256)."""
    states = (s for s in random_states(game, seed) if 2 <= len(s.legal_actions()) <= 30)
    return next(itertools.islice(states, skip, None))
