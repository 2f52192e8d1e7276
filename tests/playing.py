"""Helpers the tests share: random play through any game, and the configurations to test."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

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


def configuration_params() -> list[Any]:
    """`configurations()` as pytest parameters for the random-play suites.

    Each game's default configuration runs traced by coverage. The sample configurations run untraced
    (``no_cover``): they play the same code over more seats and longer games, so tracing them would
    multiply the suites' time by three or four while measuring the lines the defaults and the rule
    tests already reach.
    """
    defaults = set(sg.list_games())
    return [
        text if text in defaults else pytest.param(text, marks=pytest.mark.no_cover)
        for text in configurations()
    ]


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
