"""K27 Intimidating (Malice): it can be Intercepted only by two or more Entities together (R13, DX6).

Riftblades carries it on Shade Assassin and Dread Warlord (4/3), and its Sovereign, the Rift Tyrant, gives
every Riftblades Entity Intimidating as an aura. Stoneguard defends with Ridge Recruits (2/3); its
Sovereign, the Warden of the Ridge, has Force 2.
"""

from __future__ import annotations

import pytest
from command_scenarios import entities, fight, starter

from shardgames.command.actions import (
    ChooseTarget,
    DeclareAttack,
    FinishIntercept,
    Intercept,
    NoIntercept,
    OrderInterceptor,
)
from shardgames.command.events import Intercepted
from shardgames.command.objects import Permanent, player_target
from shardgames.command.phases import Phase
from shardgames.command.state import CommandState
from shardgames.kernel.errors import IllegalActionError

start = starter("riftblades,stoneguard")


def warlord_attacks(recruits: int) -> tuple[CommandState, Permanent, list[Permanent]]:
    """Turn 3: seat 0's Dread Warlord attacks seat 1, who has `recruits` Ready Ridge Recruits."""
    state = start(
        {
            "turn": 3,
            "players": [
                {"arena": ["Dread Warlord"], "sovereign_exhausted": True},
                {"arena": ["Ridge Recruit"] * recruits, "sovereign_exhausted": True},
            ],
        }
    )
    (warlord,) = entities(state, 0, "Dread Warlord")
    state.apply_action(DeclareAttack(warlord.id))
    state.apply_action(ChooseTarget(player_target(1)))
    return state, warlord, entities(state, 1, "Ridge Recruit")


def test_cmd_k27_one_interceptor_is_not_enough_to_finish() -> None:
    """K27, R13: against Intimidating the set needs two: FinishIntercept is illegal after one pick."""
    state, _, (first, second) = warlord_attacks(2)
    assert state.prompt.phase is Phase.INTERCEPT
    assert state.prompt.player == 1
    assert set(state.legal_actions()) == {Intercept(first.id), Intercept(second.id), NoIntercept()}
    state.apply_action(Intercept(first.id))
    assert state.prompt.phase is Phase.INTERCEPT
    assert set(state.legal_actions()) == {Intercept(second.id), NoIntercept()}
    with pytest.raises(IllegalActionError):
        state.apply_action(FinishIntercept())
    assert not first.exhausted  # nothing is Exhausted until the set is complete


def test_cmd_k27_two_interceptors_block_and_are_ordered_by_the_attacker() -> None:
    """K27, R13, R14: two Recruits Intercept, both Exhaust; 4 Force: 3 kill one, 1 hits the other."""
    state, warlord, (first, second) = warlord_attacks(2)
    state.apply_action(Intercept(first.id))
    state.apply_action(Intercept(second.id))
    assert FinishIntercept() in state.legal_actions()
    state.apply_action(FinishIntercept())
    assert first.exhausted
    assert second.exhausted
    assert Intercepted(warlord.id, (first.id, second.id)) in state.events
    assert state.prompt.phase is Phase.ORDER
    assert state.prompt.player == 0
    state.apply_action(OrderInterceptor(second.id))  # the second Recruit takes the lethal 3 first
    fight(state)
    assert state.permanent(second.id) is None
    assert state.scrap[1] == (second.id,)
    assert first.damage == 1
    assert state.permanent(warlord.id) is None  # 2 + 2 damage on a Durability of 3
    assert state.scrap[0] == (warlord.id,)
    assert state.integrity == [20, 20]


def test_cmd_k27_no_intercept_is_always_legal() -> None:
    """K27, R13: NoIntercept stays legal after a partial pick; the attack then hits Integrity (20 -> 16)."""
    state, warlord, (first, _) = warlord_attacks(2)
    state.apply_action(Intercept(first.id))
    state.apply_action(NoIntercept())
    assert not first.exhausted
    fight(state)
    assert state.integrity == [20, 16]
    assert warlord.damage == 2  # the Warden of the Ridge strikes back with Force 2
    assert state.permanent(first.id) is first
    assert first.damage == 0


def test_cmd_k27_aura_makes_every_riftblades_entity_intimidating() -> None:
    """K27 via the Rift Tyrant's aura: even a 1/2 Rift Stalker can't be blocked by one Recruit alone."""
    state = start(
        {
            "turn": 3,
            "players": [
                {"arena": ["Rift Stalker"], "sovereign_exhausted": True},
                {"arena": ["Ridge Recruit", "Ridge Recruit"], "sovereign_exhausted": True},
            ],
        }
    )
    (stalker,) = entities(state, 0, "Rift Stalker")
    first, second = entities(state, 1, "Ridge Recruit")
    state.apply_action(DeclareAttack(stalker.id))
    state.apply_action(ChooseTarget(player_target(1)))
    state.apply_action(Intercept(first.id))
    assert FinishIntercept() not in state.legal_actions()
    state.apply_action(Intercept(second.id))
    state.apply_action(FinishIntercept())
    assert Intercepted(stalker.id, (first.id, second.id)) in state.events


def test_cmd_k27_a_single_possible_interceptor_cannot_start_an_interception() -> None:
    """K27, R13: with only one Entity able to Intercept, no set of two exists: no Intercept offered."""
    state, _, (only,) = warlord_attacks(1)
    assert Intercept(only.id) not in state.legal_actions()
