"""K40 Sentry (Earth): it cannot attack; it may only Intercept (R12, R13).

Siegeworks carries it on Bulwark (E, 1/4). Pyre's Ash Hound (3/2) attacks it.
"""

from __future__ import annotations

from command_scenarios import entity, starter

from shardgames.command.actions import ChooseTarget, DeclareAttack, Intercept, NoIntercept, Pass
from shardgames.command.events import DamageDealt, Intercepted
from shardgames.command.objects import player_target
from shardgames.command.phases import Phase

start = starter("siegeworks,pyre")


def test_cmd_k40_bulwark_cannot_attack() -> None:
    """K40, R12 "not a Sentry": a Ready Bulwark that entered before this turn still can't attack."""
    state = start({"turn": 3, "players": [{"arena": ["Bulwark", "Ridge Recruit"]}, {}]})
    bulwark = entity(state, 0, "Bulwark")
    recruit = entity(state, 0, "Ridge Recruit")
    assert not bulwark.exhausted
    legal = state.legal_actions()
    assert DeclareAttack(bulwark.id) not in legal
    assert DeclareAttack(recruit.id) in legal


def test_cmd_k40_bulwark_intercepts_and_survives_the_hound() -> None:
    """K40 "may only Intercept": the Bulwark blocks the 3/2 Hound, takes 3 of its 4 and deals 1 back."""
    state = start(
        {
            "turn": 3,
            "players": [{"arena": ["Ash Hound"], "sovereign_exhausted": True}, {"arena": ["Bulwark"]}],
        },
        decks="pyre,siegeworks",
    )
    hound = entity(state, 0, "Ash Hound")
    bulwark = entity(state, 1, "Bulwark")
    state.apply_action(DeclareAttack(hound.id))
    state.apply_action(ChooseTarget(player_target(1)))
    assert (state.prompt.phase, state.prompt.player) == (Phase.INTERCEPT, 1)
    assert set(state.legal_actions()) == {Intercept(bulwark.id), NoIntercept()}
    state.apply_action(Intercept(bulwark.id))
    while state.combat is not None:
        state.apply_action(Pass())
    assert Intercepted(hound.id, (bulwark.id,)) in state.events
    assert DamageDealt(hound.id, bulwark.id, 3, True) in state.events
    assert (bulwark.damage, bulwark.exhausted) == (3, True)
    assert hound.damage == 1
    assert state.integrity == [20, 20]
