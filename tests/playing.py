"""Helpers the tests share: random play through any game, and the configurations to test."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

import shardgames as sg
from shardgames.kernel.game import game_class

CHECKS: Counter[str] = Counter()
"""How many times each invariant was checked in this process, by name (the conftest prints the totals)."""


def configurations() -> list[str]:
    """Every registered game with default parameters, plus each game's sample configurations."""
    strings: list[str] = []
    for name in sg.list_games():
        strings.append(name)
        strings.extend(game_class(name).sample_configurations)
    return strings


def random_step(state: sg.State, rng: sg.Rng) -> sg.Action:
    """Apply one random legal action (or chance outcome, sampled with its weight); return it."""
    if state.is_chance_node():
        action = state.sample_chance_outcome(rng)
    else:
        action = rng.choice(state.legal_actions())
    state.apply_action(action)
    return action


def random_play(game: sg.Game, seed: int) -> Iterator[sg.State]:
    """Yield the state (the same object, mutated) before every step and once at the end."""
    state = game.new_initial_state(seed)
    rng = sg.Rng(sg.derive_seed(seed, 99))
    yield state
    while not state.is_terminal():
        random_step(state, rng)
        yield state


def play_to_end(game: sg.Game, seed: int) -> sg.State:
    """The final state of a random game."""
    *_, final = random_play(game, seed)
    return final


def sampled_steps(step: int) -> bool:
    """Whether expensive checks run at this step: the first 12 steps, then every 17th."""
    return step < 12 or step % 17 == 0
