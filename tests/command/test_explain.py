"""Each rule is checked once: an action has a reason to be illegal exactly when it is not legal.

The legal actions and the explanation of an illegal one (``IllegalActionError``'s reason) come from the
same checks, so over random play, for every action tried, the explainer finds no reason exactly when the
action is among ``state.legal_actions()``. Tried at each decision: every legal action, its near misses
(one parameter changed), a seeded sample of the others, and at every tenth decision the whole action space.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import attrs
import pytest

import shardgames as sg
from shardgames.command import CommandGame
from shardgames.command.actions import Play
from shardgames.kernel.actions import Action
from shardgames.kernel.errors import IllegalActionError

CONFIGURATIONS = CommandGame.sample_configurations
SEEDS = (1, 2)
SAMPLE = 25


def near_misses(action: Action) -> Iterator[Action]:
    """`action` with one parameter changed: an int one step either way or to 0, a bool flipped."""
    for field in attrs.fields(type(action)):
        value = getattr(action, field.name)
        if isinstance(value, bool):
            yield attrs.evolve(action, **{field.name: not value})
        elif isinstance(value, int):
            for other in {value - 1, value + 1, 0}:
                yield attrs.evolve(action, **{field.name: other})


def tried_ids(game: sg.Game, legal: set[int], rng: random.Random, everything: bool) -> set[int]:
    size = game.num_distinct_actions
    if everything:
        return set(range(size))
    ids = set(legal) | set(rng.sample(range(size), SAMPLE))
    for legal_id in legal:
        for action in near_misses(game.decode(legal_id)):
            try:
                ids.add(game.encode(action))
            except sg.ShardGamesError:
                continue  # outside the action space
    return ids


@pytest.mark.parametrize("config", CONFIGURATIONS)
@pytest.mark.parametrize("seed", SEEDS)
def test_an_action_is_explained_exactly_when_it_is_illegal(config: str, seed: int) -> None:
    game = sg.load_game(config)
    rng = random.Random(seed)
    state = game.new_initial_state(seed=seed)
    decisions = 0
    while not state.is_terminal():
        if state.current_player >= 0:
            prompt = state.prompt
            assert prompt is not None
            legal = {game.encode(action) for action in state.legal_actions()}
            for action_id in sorted(tried_ids(game, legal, rng, everything=decisions % 10 == 0)):
                reason = state.why_illegal(action_id)
                assert (reason is None) == (action_id in legal), (prompt, game.decode(action_id), reason)
            decisions += 1
        outcomes = state.legal_actions()
        state.apply_action(outcomes[rng.randrange(len(outcomes))])
    assert decisions


def test_the_reason_of_an_illegal_play_names_the_card() -> None:
    """R11: a slow card outside the Main Phase; the error names the card and the timing rule."""
    game = sg.load_game("command")
    state = game.new_initial_state(seed=4)
    while state.current_player < 0 or str(state.prompt).endswith("redraw, or finish"):
        state.apply_action(state.legal_actions()[0])
    seat = state.current_player
    hand = list(state.hands[seat])
    legal = set(state.legal_actions())
    illegal = [card for card in hand if Play(card) not in legal]
    assert illegal
    with pytest.raises(IllegalActionError) as caught:
        state.apply_action(Play(illegal[0]))
    assert game.card_info[illegal[0]].name in str(caught.value)
