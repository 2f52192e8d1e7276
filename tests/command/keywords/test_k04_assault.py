"""K04 Assault (Malice): +2/+0 and Breach when attacking a Sentry (R14).

Riftblades' Cutthroat (3/2 Assault) attacks Exhausted Entities directly: Siegeworks' Bulwark (1/4 Sentry)
and Ridge Recruit (2/3), and Stoneguard's Cliff Sentinel (1/3 Entrench: a Sentry with +0/+2, so 1/5). Once it
is intercepted, by two Bulwarks, since the Rift Tyrant's aura makes it Intimidating.
"""

from __future__ import annotations

from typing import Any

from command_scenarios import entity, fight, start

from shardgames.command.actions import (
    ChooseTarget,
    DeclareAttack,
    FinishIntercept,
    Intercept,
    OrderInterceptor,
)
from shardgames.command.events import DamageDealt
from shardgames.command.objects import Permanent, player_target
from shardgames.command.state import CommandState


def attack(decks: str, cutthroat: dict[str, Any], defender: str) -> tuple[CommandState, Permanent, Permanent]:
    """Turn 3: seat 0's Cutthroat attacks seat 1's Exhausted `defender`, the only Entity around."""
    state = start(
        {
            "turn": 3,
            "players": [{"arena": [cutthroat]}, {"arena": [{"card": defender, "exhausted": True}]}],
        },
        decks,
    )
    attacker = entity(state, 0, "Cutthroat")
    target = entity(state, 1, defender)
    state.apply_action(DeclareAttack(attacker.id))
    state.apply_action(ChooseTarget(target.id))
    return state, attacker, target


def test_cmd_k04_assault_against_a_sentry_is_five_force_with_breach() -> None:
    """K04: Cutthroat (3/2) attacking Bulwark (1/4 Sentry) deals 3 + 2 = 5: 4 kill it, 1 Breaches."""
    state, cutthroat, bulwark = attack("riftblades,siegeworks", {"card": "Cutthroat"}, "Bulwark")
    events = fight(state)
    assert DamageDealt(cutthroat.id, bulwark.id, 4, True) in events
    assert DamageDealt(cutthroat.id, player_target(1), 1, True) in events
    assert state.integrity == [20, 19]
    assert state.scrap[1] == (bulwark.id,)
    assert cutthroat.damage == 1  # the Bulwark strikes back with its Force 1


def test_cmd_k04_no_bonus_against_a_non_sentry() -> None:
    """K04 "when attacking a Sentry" only: against a Ridge Recruit (2/3) Cutthroat deals 3, no Breach."""
    state, cutthroat, recruit = attack("riftblades,siegeworks", {"card": "Cutthroat"}, "Ridge Recruit")
    events = fight(state)
    assert DamageDealt(cutthroat.id, recruit.id, 3, True) in events
    assert not [e for e in events if isinstance(e, DamageDealt) and e.target == player_target(1)]
    assert state.integrity == [20, 20]
    assert state.scrap == [(cutthroat.id,), (recruit.id,)]  # 2 damage on a 3/2 as well


def test_cmd_k04_assault_adds_two_to_the_current_force() -> None:
    """K04 "+2/+0" on top of an Upgrade: a 4/3 Cutthroat deals 6 to the Bulwark (1/4): 2 Breach through."""
    state, cutthroat, bulwark = attack(
        "riftblades,siegeworks", {"card": "Cutthroat", "upgrades": 1}, "Bulwark"
    )
    events = fight(state)
    assert DamageDealt(cutthroat.id, bulwark.id, 4, True) in events
    assert DamageDealt(cutthroat.id, player_target(1), 2, True) in events
    assert state.integrity == [20, 18]


def test_cmd_k04_an_entrenched_entity_is_a_sentry_for_assault() -> None:
    """K04 with K16 ("gains Sentry"): a 4/3 Cutthroat deals 6 to a Cliff Sentinel (1/5): 1 Breaches."""
    state, cutthroat, sentinel = attack(
        "riftblades,stoneguard", {"card": "Cutthroat", "upgrades": 1}, "Cliff Sentinel"
    )
    events = fight(state)
    assert DamageDealt(cutthroat.id, sentinel.id, 5, True) in events
    assert state.scrap[1] == (sentinel.id,)
    assert state.integrity == [20, 19]


def test_cmd_k04_assault_against_intercepting_sentries_assigns_five_in_order() -> None:
    """R14: two Bulwarks Intercept (Intimidating aura); ordered B then A, Cutthroat's 5 go 4 to B, 1 to A."""
    state = start(
        {"turn": 3, "players": [{"arena": ["Cutthroat"], "pool": "2G"}, {"arena": ["Bulwark", "Bulwark"]}]},
        "riftblades,siegeworks",
    )
    cutthroat = entity(state, 0, "Cutthroat")
    first, second = (p for p in state.arena if p.owner == 1)
    state.apply_action(DeclareAttack(cutthroat.id))
    state.apply_action(ChooseTarget(player_target(1)))
    state.apply_action(Intercept(first.id))
    state.apply_action(Intercept(second.id))
    state.apply_action(FinishIntercept())
    state.apply_action(OrderInterceptor(second.id))
    events = fight(state)
    assert DamageDealt(cutthroat.id, second.id, 4, True) in events
    assert DamageDealt(cutthroat.id, first.id, 1, True) in events
    assert state.integrity == [20, 20]  # nothing left over for Breach
    assert state.scrap == [(cutthroat.id,), (second.id,)]
    assert first.damage == 1
