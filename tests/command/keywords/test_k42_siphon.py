"""K42 Siphon (Death): the damage it deals heals its controller by the same amount (R14).

Gravewind carries it on Leech Bat (1AD, 1/2, Aerial), and its Sovereign, the Pale Windlord, gives every
Gravewind Entity Siphon. Stoneguard defends; its Ridge Golem (3/5) is Armored.
"""

from __future__ import annotations

from command_scenarios import entity, fight, starter

from shardgames.command.actions import ChooseTarget, DeclareAttack, Intercept, NoIntercept, Pass
from shardgames.command.events import IntegrityChanged
from shardgames.command.objects import Permanent, player_target
from shardgames.command.phases import Phase
from shardgames.command.state import CommandState

start = starter("gravewind,stoneguard")


def attack(state: CommandState, attacker: Permanent, target: int) -> None:
    """`attacker` attacks `target`; if asked, the defender does not Intercept; damage is dealt."""
    state.apply_action(DeclareAttack(attacker.id))
    state.apply_action(ChooseTarget(target))
    if state.prompt.phase is Phase.INTERCEPT:
        state.apply_action(NoIntercept())
    fight(state)


def siphons(state: CommandState) -> list[IntegrityChanged]:
    """The Integrity changes Siphon made."""
    return [e for e in state.events if isinstance(e, IntegrityChanged) and e.why.startswith("Siphon")]


def test_cmd_k42_leech_bat_heals_its_controller_by_the_damage_dealt() -> None:
    """K42: the Bat deals 1 to Integrity (20 -> 19) and seat 0 heals 1 (15 -> 16)."""
    state = start(
        {"turn": 3, "players": [{"integrity": 15, "arena": ["Leech Bat"]}, {"arena": ["Ridge Recruit"]}]}
    )
    bat = entity(state, 0, "Leech Bat")
    attack(state, bat, player_target(1))
    assert state.integrity == [16, 19]
    assert siphons(state) == [IntegrityChanged(0, 15, 16, f"Siphon from #{bat.id}")]


def test_cmd_k42_siphon_counts_the_damage_actually_dealt_after_armored() -> None:
    """R14 "the damage actually dealt": Phantom Raider's 2 on the Armored Golem is 1, so seat 0 heals 1."""
    state = start(
        {
            "turn": 3,
            "players": [
                {"integrity": 10, "arena": ["Phantom Raider"]},
                {"arena": [{"card": "Ridge Golem", "exhausted": True}]},
            ],
        }
    )
    raider = entity(state, 0, "Phantom Raider")
    golem = entity(state, 1, "Ridge Golem")
    attack(state, raider, golem.id)
    assert golem.damage == 1
    assert state.integrity == [11, 20]
    assert siphons(state) == [IntegrityChanged(0, 10, 11, f"Siphon from #{raider.id}")]
    assert state.scrap[0] == (raider.id,)  # the Golem's 3 destroyed the 2/2 Raider


def test_cmd_k42_a_siphoning_interceptor_heals_the_defender() -> None:
    """K42 on defence: the Dread Knight (aura Siphon) Intercepts a Ridge Recruit and heals seat 1 by 2."""
    state = start(
        {
            "turn": 3,
            "players": [
                {"arena": ["Ridge Recruit"], "sovereign_exhausted": True},
                {"integrity": 12, "arena": ["Dread Knight"]},
            ],
        },
        decks="stoneguard,gravewind",
    )
    recruit = entity(state, 0, "Ridge Recruit")
    knight = entity(state, 1, "Dread Knight")
    state.apply_action(DeclareAttack(recruit.id))
    state.apply_action(ChooseTarget(player_target(1)))
    state.apply_action(Intercept(knight.id))
    while state.combat is not None:
        state.apply_action(Pass())
    assert state.integrity == [20, 14]
    assert siphons(state) == [IntegrityChanged(1, 12, 14, f"Siphon from #{knight.id}")]
    assert state.scrap[0] == (recruit.id,)  # Fatal
