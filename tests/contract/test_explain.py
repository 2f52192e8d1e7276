"""The explainer and the legal actions agree: each rule is written once and serves both.

For every decision of random games of every configuration, `State.why_illegal` finds no reason
against an action exactly when the action is among `State.legal_actions`. Small action spaces are
checked id by id; in large ones (Tactics has hundreds of thousands of ids) every legal id is checked,
with a seeded sample of the others.
"""

from __future__ import annotations

import pytest
from playing import CHECKS, configuration_params, random_play, sampled_steps

import shardgames as sg

EVERY_ID_UP_TO = 3000
"""Action spaces up to this size are checked id by id; larger ones by sample."""

SAMPLED_IDS = 600
"""How many ids a decision of a larger action space checks beyond its legal ones."""

SEEDS = (0, 1)


def _ids_to_check(state: sg.State, legal: set[int], rng: sg.Rng) -> list[int]:
    size = state.game.num_distinct_actions
    if size <= EVERY_ID_UP_TO:
        return list(range(size))
    return sorted(legal | {rng.randrange(size) for _ in range(SAMPLED_IDS)})


@pytest.mark.parametrize("configuration", configuration_params())
def test_the_explainer_finds_a_reason_exactly_against_illegal_actions(configuration: str) -> None:
    game = sg.load_game(configuration)
    rng = sg.Rng(7)
    for seed in SEEDS:
        for step, state in enumerate(random_play(game, seed)):
            if state.is_terminal() or state.is_chance_node() or not sampled_steps(step):
                continue
            legal = {game.codec.encode(action) for action in state.legal_actions()}
            for index in _ids_to_check(state, legal, rng):
                reason = state.why_illegal(index)
                action = game.codec.decode(index)
                if index in legal:
                    assert reason is None, f"{state.prompt}: legal {action} explained away: {reason}"
                else:
                    assert reason, f"{state.prompt}: no reason against illegal {action}"
                CHECKS["explainer agrees with the legal actions"] += 1


def test_a_reason_comes_with_every_refusal() -> None:
    state = sg.load_game("embers").new_initial_state(seed=4)
    refused = next(i for i in range(state.game.num_distinct_actions) if not state.is_legal(i))
    reason = state.why_illegal(refused)
    assert reason
    with pytest.raises(sg.IllegalActionError, match=reason):
        state.apply_action(refused)
