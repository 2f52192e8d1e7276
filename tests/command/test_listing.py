"""The priority listing, made fast, lists exactly what each rule allows, in every copy of a state.

At every priority decision of seeded random games of every configuration, the legal actions equal a
recomputation from scratch, action by action, through the explainer (`State.why_illegal` over every
Play of a hand or Scrap card, every Activate of the seat's permanents and Sovereign, every Charge,
every DeclareAttack and Pass). A clone, a pickled copy and a copy read back from JSON list the same
actions and, played on with the same choices, end in the same state; the keyword and Immunity tables
a game builds agree with the design and the Sovereign's auras they come from.
"""

from __future__ import annotations

import pickle

import pytest

import shardgames as sg
from shardgames.command.actions import Activate, Charge, DeclareAttack, Pass, Play
from shardgames.command.compiled import ABILITIES
from shardgames.command.game import CommandGame
from shardgames.command.objects import STONE_KINDS
from shardgames.command.phases import CommandPrompt, Phase
from shardgames.command.rules import immunity, keywords
from shardgames.command.state import CommandState

CONFIGURATIONS = ("command", *CommandGame.sample_configurations)
SEEDS = (0, 1)
COPIED_AT = 40
"""The decision at which a game is copied (clone, pickle, JSON) and the copies are played on too."""


def _candidates(state: CommandState, seat: int) -> list[sg.Action]:
    """Every priority action a seat might take now: the legal ones are among these."""
    game = state.game
    actions: list[sg.Action] = [Play(card) for card in (*state.hands[seat], *state.scrap[seat])]
    sources = [p.id for p in state.arena if p.owner == seat] + [game.sovereign_id(seat)]
    actions.extend(Activate(source, ability) for source in sources for ability in range(ABILITIES))
    actions.extend(Charge(kind - 1) for kind in range(STONE_KINDS))
    actions.extend(DeclareAttack(p.id) for p in state.arena if p.owner == seat)
    actions.append(Pass())
    return actions


def _recomputed(state: CommandState, seat: int) -> list[int]:
    """The legal priority ids, one candidate at a time, from the rules as the explainer applies them."""
    encode = state.game.codec.encode
    return sorted(encode(a) for a in _candidates(state, seat) if state.why_illegal(a) is None)


def _check_tables(state: CommandState) -> None:
    game = state.game
    for p in state.arena:
        info = game.infos[p.kind]
        entity = game.is_entity_kind[p.kind]
        expected = 0 if p.blanked else info.statics | (game.auras[p.owner] if entity else 0)
        assert keywords(state, p) == expected
        immune = 0 if p.blanked else info.immunity | (game.aura_immunity[p.owner] if entity else 0)
        assert immunity(state, p) == immune


def _ids(state: sg.State) -> list[int]:
    return [state.game.codec.encode(a) for a in state.legal_actions()]


def _play_on(state: sg.State, seed: int) -> list[list[int]]:
    """The listings of the rest of a game played with a fixed generator, and its final JSON last."""
    rng = sg.Rng(seed)
    seen = []
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance_outcome(rng))
            continue
        seen.append(_ids(state))
        state.apply_action(rng.choice(state.legal_actions()))
    return [*seen, [hash(state.to_json())]]


@pytest.mark.parametrize("configuration", CONFIGURATIONS)
@pytest.mark.parametrize("seed", SEEDS)
def test_cmd_r10_the_priority_listing_equals_the_rules_recomputed_in_every_copy(
    configuration: str, seed: int
) -> None:
    """R10, R11, R27: every priority listing equals the recomputation; copies list and play the same."""
    game = sg.load_game(configuration)
    state = game.new_initial_state(seed)
    assert isinstance(state, CommandState)
    rng = sg.Rng(seed + 1000)
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance_outcome(rng))
            continue
        _check_tables(state)
        prompt = state.prompt
        assert isinstance(prompt, CommandPrompt)
        if prompt.phase is Phase.PRIORITY:
            assert _ids(state) == _recomputed(state, prompt.player), f"{prompt} at decision {decisions}"
        if decisions == COPIED_AT:
            copies = [state.clone(), pickle.loads(pickle.dumps(state)), game.state_from_json(state.to_json())]
            expected = _play_on(state.clone(), seed)
            for copy in copies:
                assert _play_on(copy, seed) == expected
        decisions += 1
        state.apply_action(rng.choice(state.legal_actions()))
    assert decisions > COPIED_AT
