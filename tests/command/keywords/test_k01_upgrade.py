"""K01 Add +1/+1 Upgrade (Earth): the target Entity gets +1 Force and +1 Durability permanently.

Stoneguard carries it twice: the Rite Stone Skin (E, Upgrade a target Entity) and its Sovereign, the
Warden of the Ridge ("Exhaust your Sovereign: Upgrade a target Entity", SV2). Pyre is the opponent.
"""

from __future__ import annotations

from command_scenarios import end_turn, entity, fight, in_hand, resolve, starter

from shardgames.command.actions import Activate, ChooseTarget, DeclareAttack, Intercept, Play
from shardgames.command.events import StatusChanged
from shardgames.command.objects import player_target
from shardgames.command.rules import durability, force

start = starter("stoneguard,pyre")


def test_cmd_k01_stone_skin_gives_plus_one_force_and_durability() -> None:
    """K01: "The target Entity gets +1 Force and +1 Durability": a 2/3 Ridge Recruit becomes 3/4."""
    state = start(
        {
            "turn": 3,
            "players": [{"hand": ["Stone Skin"], "unused": "1E", "arena": ["Ridge Recruit"]}, {}],
        }
    )
    recruit = entity(state, 0, "Ridge Recruit")
    skin = in_hand(state, 0, "Stone Skin")
    state.apply_action(Play(skin))
    state.apply_action(ChooseTarget(recruit.id))
    resolve(state)
    assert (recruit.upgrades, force(state, recruit), durability(state, recruit)) == (1, 3, 4)
    assert StatusChanged(recruit.id, "+1/+1 Upgrade") in state.events
    assert state.scrap[0] == (skin,)


def test_cmd_k01_upgrade_is_permanent_and_saves_the_entity_next_turn() -> None:
    """K01 "permanently": on the opponent's next turn the upgraded 3/4 Recruit survives a 3/2 Ash Hound."""
    state = start(
        {
            "turn": 3,
            "players": [
                {"hand": ["Stone Skin"], "unused": "1E", "arena": ["Ridge Recruit"]},
                {"arena": ["Ash Hound"]},
            ],
        }
    )
    recruit = entity(state, 0, "Ridge Recruit")
    hound = entity(state, 1, "Ash Hound")
    state.apply_action(Play(in_hand(state, 0, "Stone Skin")))
    state.apply_action(ChooseTarget(recruit.id))
    resolve(state)  # Stone Skin resolves
    end_turn(state)  # seat 0's turn ends
    assert (state.turn, state.active) == (4, 1)
    assert (force(state, recruit), durability(state, recruit)) == (3, 4)
    state.apply_action(DeclareAttack(hound.id))
    state.apply_action(ChooseTarget(player_target(0)))
    state.apply_action(Intercept(recruit.id))
    fight(state)  # the combat window closes: damage
    assert state.permanent(recruit.id) is recruit
    assert recruit.damage == 3
    assert state.permanent(hound.id) is None
    assert hound.id in state.scrap[1]
    assert state.integrity == [20, 20]


def test_cmd_k01_sovereign_upgrade_exhausts_the_warden_of_the_ridge() -> None:
    """SV2 "Exhaust: Add +1/+1 Upgrade to target Entity": the Sovereign's Upgrade, no stones needed."""
    state = start({"turn": 3, "players": [{"arena": ["Sky Lancer"]}, {"arena": ["Ash Hound"]}]})
    lancer = entity(state, 0, "Sky Lancer")
    hound = entity(state, 1, "Ash Hound")
    sovereign = state.game.sovereign_id(0)
    state.apply_action(Activate(sovereign, 0))
    assert set(state.legal_actions()) == {ChooseTarget(lancer.id), ChooseTarget(hound.id)}
    state.apply_action(ChooseTarget(lancer.id))
    assert state.sovereign_exhausted[0]
    resolve(state)
    assert (force(state, lancer), durability(state, lancer)) == (3, 3)
    assert Activate(sovereign, 0) not in state.legal_actions()


def test_cmd_k01_upgrades_stack() -> None:
    """K01: each Upgrade adds +1/+1: a 2/2 Sky Lancer with one Upgrade gets a second and is 4/4."""
    state = start(
        {
            "turn": 3,
            "players": [
                {"hand": ["Stone Skin"], "unused": "1E", "arena": [{"card": "Sky Lancer", "upgrades": 1}]},
                {},
            ],
        }
    )
    lancer = entity(state, 0, "Sky Lancer")
    assert (force(state, lancer), durability(state, lancer)) == (3, 3)
    state.apply_action(Play(in_hand(state, 0, "Stone Skin")))
    state.apply_action(ChooseTarget(lancer.id))
    resolve(state)
    assert (lancer.upgrades, force(state, lancer), durability(state, lancer)) == (2, 4, 4)
