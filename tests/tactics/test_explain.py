"""One check per rule: the explanation of an illegal action agrees with the legal-action listing.

For every action id (all the legal ones, their near misses and a seeded sample of the rest), the
state's explainer finds no reason exactly when the action is legal, in random games of every sample
configuration, so an error message can never call a legal action illegal or stay silent on an illegal one.
"""

from __future__ import annotations

import random

import pytest

import shardgames as sg
from shardgames.kernel.state import State
from shardgames.tactics import TacticsGame

_CONFIGURATIONS = ("tactics", *TacticsGame.sample_configurations)
_NEAR = (1, -1, 64, -64, 64 * 64)  # the next cell, destination or origin: one parameter changed


def _checked_ids(state: State, rng: random.Random) -> set[int]:
    """The legal ids, each with its near misses, and a random sample of the whole action space."""
    size = state.game.num_distinct_actions
    encode = state.game.codec.encode
    legal = {encode(a) for a in state.legal_actions()}
    near = {i + step for i in legal for step in _NEAR if 0 <= i + step < size}
    return legal | near | {rng.randrange(size) for _ in range(150)}


def _disagreements(state: State, rng: random.Random) -> list[str]:
    prompt = state.prompt
    assert prompt is not None
    legal = set(state.legal_actions())
    decode = state.game.codec.decode
    found = []
    for index in sorted(_checked_ids(state, rng)):
        action = decode(index)
        reason = state._explain_illegal(prompt, action)
        is_legal = action in legal
        if (reason is None) != is_legal:
            found.append(f"{prompt}: {action} is {'legal' if is_legal else 'illegal'}, reason {reason!r}")
    return found


@pytest.mark.parametrize("configuration", _CONFIGURATIONS)
def test_explainer_finds_no_reason_exactly_for_the_legal_actions(configuration: str) -> None:
    game = sg.load_game(configuration)
    rng = random.Random(configuration)
    phases: set[str] = set()
    problems: list[str] = []
    for seed in range(3):
        state = game.new_initial_state(seed=seed)
        step = 0
        while not state.is_terminal() and step < 400:
            prompt = state.prompt
            assert prompt is not None
            if step % 9 == 0 or str(prompt.phase) not in phases:
                phases.add(str(prompt.phase))
                problems += _disagreements(state, rng)
            state.apply_action(rng.choice(state.legal_actions()))
            step += 1
    assert problems == []
    assert {"setup", "action"} <= phases
