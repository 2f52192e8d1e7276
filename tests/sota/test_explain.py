"""Every illegal SOTA action has a reason, and no legal one has: one check per rule.

The rules write each condition once and both the legal-action listing and the explanation of an
illegal action come from it. These tests hold the two together over random games of every sample
configuration: at each decision, for every legal action, a sample of the other action ids, and the
near misses (a legal action with one field changed), the explainer finds no reason exactly when the
action is legal.
"""

from __future__ import annotations

import attrs
import pytest

import shardgames as sg
from shardgames.kernel.actions import Action
from shardgames.kernel.errors import ActionCodecError
from shardgames.sota.game import SotaGame
from shardgames.sota.phases import SotaPrompt
from tests.playing import random_play

CONFIGURATIONS = ("sota", *SotaGame.sample_configurations)


def _near_misses(game: sg.Game, action: Action) -> list[Action]:
    """`action` with one field changed to each other value it can take in the action space."""
    misses = []
    for field in attrs.fields(type(action)):
        value = getattr(action, field.name)
        for other in (value - 1, value + 1, None) if isinstance(value, int) else ():
            candidate = attrs.evolve(action, **{field.name: other})
            try:
                game.encode(candidate)
            except ActionCodecError:  # outside the action space: the codec refuses it first
                continue
            misses.append(candidate)
    return misses


def _checked_ids(game: sg.Game, legal: set[int], step: int, rng: sg.Rng) -> list[int]:
    """All action ids every 10th decision; otherwise the legal ones and 40 others at random."""
    size = game.num_distinct_actions
    if step % 10 == 0:
        return list(range(size))
    return [*legal, *(rng.randrange(size) for _ in range(40))]


@pytest.mark.parametrize("config", CONFIGURATIONS)
def test_the_explainer_finds_a_reason_exactly_for_the_illegal_actions(config: str) -> None:
    game = sg.load_game(config)
    rng = sg.Rng(11)
    decisions = 0
    for state in random_play(game, seed=5):
        prompt = state.prompt
        if not isinstance(prompt, SotaPrompt) or state.is_chance_node():
            continue
        decisions += 1
        legal = state.legal_actions()
        legal_ids = {game.encode(a) for a in legal}
        candidates = [game.decode(i) for i in _checked_ids(game, legal_ids, decisions, rng)]
        candidates += [miss for action in legal for miss in _near_misses(game, action)]
        for action in candidates:
            reason = state._explain_illegal(prompt, action)
            assert (reason is None) == (action in legal), (str(prompt), str(action), reason)
            assert reason is None or reason.strip()
    assert decisions > 50
