"""K48 Unblockable (Air): it can't be Intercepted at all (R13).

Gravewind carries it on Phantom Raider (3A, 2/2). Stoneguard defends with a Ready Sky Lancer (Aerial) and
Ridge Recruits; its Warden of the Ridge has Force 2.
"""

from __future__ import annotations

from command_scenarios import entity, starter

from shardgames.command.actions import ChooseTarget, DeclareAttack, Pass
from shardgames.command.events import Intercepted, StepBegan
from shardgames.command.objects import player_target
from shardgames.command.phases import Phase, Step

start = starter("gravewind,stoneguard")


def test_cmd_k48_phantom_raider_skips_the_intercept_decision() -> None:
    """K48: with three Ready defenders, seat 1 is never asked to Intercept; the Raider hits for 2."""
    state = start(
        {
            "turn": 3,
            "players": [
                {"arena": ["Phantom Raider", "Leech Bat"]},
                {"arena": ["Sky Lancer", "Ridge Recruit", "Ridge Recruit"]},
            ],
        }
    )
    raider = entity(state, 0, "Phantom Raider")
    state.apply_action(DeclareAttack(raider.id))
    state.apply_action(ChooseTarget(player_target(1)))
    assert state.prompt.phase is Phase.PRIORITY
    assert state.step is Step.COMBAT
    assert Intercepted(raider.id, ()) in state.events
    assert StepBegan(0, "combat window") in state.events
    assert not any(p.exhausted for p in state.arena if p.owner == 1)
    while state.combat is not None:
        state.apply_action(Pass())
    assert state.integrity == [22, 18]  # the Raider deals 2 and its Siphon aura heals 2
    assert state.scrap[0] == (raider.id,)  # the Warden's Force 2 strikes back


def test_cmd_k48_an_unblockable_attack_on_an_entity_reaches_it() -> None:
    """K48, R13: an attack on an Exhausted Recruit can't be Intercepted either; the Recruit dies."""
    state = start(
        {
            "turn": 3,
            "players": [
                {"arena": [{"card": "Phantom Raider", "upgrades": 1}]},
                {"arena": [{"card": "Ridge Recruit", "exhausted": True}, "Sky Lancer"]},
            ],
        }
    )
    raider = entity(state, 0, "Phantom Raider")
    recruit = entity(state, 1, "Ridge Recruit")
    state.apply_action(DeclareAttack(raider.id))
    state.apply_action(ChooseTarget(recruit.id))
    assert state.prompt.phase is Phase.PRIORITY
    while state.combat is not None:
        state.apply_action(Pass())
    assert state.scrap[1] == (recruit.id,)
    assert raider.damage == 2
