"""K46 Swift (Air): it can't be Intercepted by Entities with higher Force; equal Force may (R13, DX6).

Stoneguard carries it on Gale Runner (A, 1/1); Stone Skin (E, Upgrade) raises its Force. Pyre defends
with Ash Hound (3/2), Dread Knight (2/3) and Ember Sprite (1/1).
"""

from __future__ import annotations

from command_scenarios import entity, starter

from shardgames.command.actions import ChooseTarget, DeclareAttack, Intercept, NoIntercept, Pass, Play
from shardgames.command.objects import Permanent, player_target
from shardgames.command.phases import Phase
from shardgames.command.state import CommandState

start = starter("stoneguard,pyre")


POSITION = {
    "turn": 3,
    "players": [
        {"hand": ["Stone Skin"], "unused": "1E", "arena": ["Gale Runner"]},
        {"arena": ["Ash Hound", "Dread Knight", "Ember Sprite"]},
    ],
}


def runner_attacks(state: CommandState) -> Permanent:
    """The Gale Runner attacks seat 1; the Runner."""
    runner = entity(state, 0, "Gale Runner")
    state.apply_action(DeclareAttack(runner.id))
    state.apply_action(ChooseTarget(player_target(1)))
    assert (state.prompt.phase, state.prompt.player) == (Phase.INTERCEPT, 1)
    return runner


def test_cmd_dx6_swift_runner_can_be_intercepted_only_by_force_one_or_less() -> None:
    """DX6: against the 1-Force Runner, the Hound (3) and Knight (2) can't Intercept; the Sprite (1) can."""
    state = start(POSITION)
    runner = runner_attacks(state)
    sprite = entity(state, 1, "Ember Sprite")
    assert set(state.legal_actions()) == {Intercept(sprite.id), NoIntercept()}
    state.apply_action(Intercept(sprite.id))
    while state.combat is not None:
        state.apply_action(Pass())
    assert state.scrap == [(runner.id,), (sprite.id,)]  # two 1/1s trade


def test_cmd_k46_an_upgraded_runner_admits_the_knight() -> None:
    """K46 compares current Force: after Stone Skin the Runner has 2, so the 2-Force Knight may Intercept."""
    state = start(POSITION)
    runner = entity(state, 0, "Gale Runner")
    (skin,) = state.hands[0]
    state.apply_action(Play(skin))
    state.apply_action(ChooseTarget(runner.id))
    while state.queue and state.prompt.phase is Phase.PRIORITY:
        state.apply_action(Pass())
    assert runner.upgrades == 1
    runner_attacks(state)
    knight = entity(state, 1, "Dread Knight")
    sprite = entity(state, 1, "Ember Sprite")
    assert set(state.legal_actions()) == {Intercept(knight.id), Intercept(sprite.id), NoIntercept()}
