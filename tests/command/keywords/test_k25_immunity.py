"""K25 Immunity (Void): it can't be targeted, Intercepted or damaged by cards of the chosen element (R12-R14).

Chronovoid's Hollow Knight (2V, 2/3, Immunity to Fire) and Keeper of Hours (3VT, 3/4, Immunity to Malice)
against Pyre (Fire and Death: Spark, Pyre Storm, Ash Hound, Dread Knight, the Fire/Death Ashen Regent) and
Riftblades' Execution (Malice).
"""

from __future__ import annotations

from command_scenarios import entity, fight, in_hand, starter

from shardgames.command.actions import (
    Activate,
    ChooseTarget,
    DeclareAttack,
    Intercept,
    NoIntercept,
    Pass,
    Play,
)
from shardgames.command.events import DamageDealt, DamagePrevented
from shardgames.command.objects import player_target

start = starter("pyre,chronovoid")


PYRE_BURNS = {
    "turn": 3,
    "players": [
        {"hand": ["Spark", "Pyre Storm"], "unused": "4G 1F", "pool": "2G"},
        {"arena": ["Hollow Knight", "Void Eater"], "sovereign_exhausted": True},
    ],
}


def test_cmd_k25_a_fire_rite_cannot_target_it() -> None:
    """K25 "can't be targeted": Spark (Fire) may target Void Eater and the players, not the Hollow Knight."""
    state = start(PYRE_BURNS)
    state.apply_action(Play(in_hand(state, 0, "Spark")))
    assert set(state.legal_actions()) == {
        ChooseTarget(entity(state, 1, "Void Eater").id),
        ChooseTarget(player_target(0)),
        ChooseTarget(player_target(1)),
    }


def test_cmd_k25_a_fire_sovereign_ability_cannot_target_it() -> None:
    """K25 "cards of the chosen element": the Ashen Regent is Fire and Death: its Deal 1 can't target it."""
    state = start(PYRE_BURNS)
    state.apply_action(Activate(state.game.sovereign_id(0), 0))
    assert ChooseTarget(entity(state, 1, "Hollow Knight").id) not in state.legal_actions()
    assert ChooseTarget(entity(state, 1, "Void Eater").id) in state.legal_actions()


def test_cmd_k25_untargeted_fire_damage_is_prevented() -> None:
    """K25 "can't be damaged": Pyre Storm deals 2 to each opposing Entity: the Hollow Knight takes none."""
    state = start(PYRE_BURNS)
    hollow = entity(state, 1, "Hollow Knight")
    eater = entity(state, 1, "Void Eater")
    events = list(state.apply_action(Play(in_hand(state, 0, "Pyre Storm"))))
    while state.queue:
        events.extend(state.apply_action(Pass()))
    assert DamagePrevented(hollow.id, 2, "Immunity") in events
    assert hollow.damage == 0
    assert state.scrap[1] == (eater.id,)


def test_cmd_k25_fire_entities_cannot_intercept_it() -> None:
    """R13: the attacking Hollow Knight may be Intercepted by a Dread Knight (Death), not an Ash Hound."""
    state = start(
        {
            "turn": 3,
            "players": [{"arena": ["Hollow Knight"], "pool": "2G"}, {"arena": ["Ash Hound", "Dread Knight"]}],
        },
        "chronovoid,pyre",
    )
    hollow = entity(state, 0, "Hollow Knight")
    knight = entity(state, 1, "Dread Knight")
    state.apply_action(DeclareAttack(hollow.id))
    state.apply_action(ChooseTarget(player_target(1)))
    assert set(state.legal_actions()) == {Intercept(knight.id), NoIntercept()}


def test_cmd_k25_unintercepted_the_fire_sovereign_cannot_strike_it_back() -> None:
    """R6 with K25: the Ashen Regent's strike back is prevented; the Hollow Knight deals 2 to Integrity."""
    state = start(
        {"turn": 3, "players": [{"arena": ["Hollow Knight"], "pool": "2G"}, {"arena": ["Ash Hound"]}]},
        "chronovoid,pyre",
    )
    hollow = entity(state, 0, "Hollow Knight")
    state.apply_action(DeclareAttack(hollow.id))
    events = [*state.apply_action(ChooseTarget(player_target(1))), *fight(state)]
    assert DamagePrevented(hollow.id, 3, "Immunity") in events
    assert state.integrity == [20, 18]
    assert hollow.damage == 0


def test_cmd_k25_intercepting_a_fire_attacker_it_takes_no_combat_damage() -> None:
    """R14 with K25: the Hollow Knight Intercepts Pyre's Cinder Golem (4/3, Fire): it takes none of the 4."""
    state = start(
        {"turn": 3, "players": [{"arena": ["Cinder Golem"], "pool": "2G"}, {"arena": ["Hollow Knight"]}]}
    )
    golem = entity(state, 0, "Cinder Golem")
    hollow = entity(state, 1, "Hollow Knight")
    state.apply_action(DeclareAttack(golem.id))
    state.apply_action(ChooseTarget(player_target(1)))
    events = [*state.apply_action(Intercept(hollow.id)), *fight(state)]
    # the Silent Archivist's aura makes the Hollow Knight Preemptive: its 2 come first, the Golem survives
    assert DamageDealt(hollow.id, golem.id, 2, True) in events
    assert DamagePrevented(hollow.id, 4, "Immunity") in events
    assert (hollow.damage, golem.damage) == (0, 2)
    assert state.scrap == [(), ()]


def test_cmd_k25_a_fire_attacker_cannot_attack_it() -> None:
    """R12: an Exhausted Hollow Knight is no target for an attacking Ash Hound (Fire), only a Dread Knight."""
    state = start(
        {
            "turn": 3,
            "players": [
                {"arena": ["Ash Hound", "Dread Knight"], "pool": "2G"},
                {"arena": [{"card": "Hollow Knight", "exhausted": True}]},
            ],
        }
    )
    hollow = entity(state, 1, "Hollow Knight")
    state.apply_action(DeclareAttack(entity(state, 0, "Ash Hound").id))
    assert state.legal_actions() == (ChooseTarget(player_target(1)),)
    state = start(
        {
            "turn": 3,
            "players": [
                {"arena": ["Ash Hound", "Dread Knight"], "pool": "2G"},
                {"arena": [{"card": "Hollow Knight", "exhausted": True}]},
            ],
        }
    )
    state.apply_action(DeclareAttack(entity(state, 0, "Dread Knight").id))
    assert set(state.legal_actions()) == {ChooseTarget(player_target(1)), ChooseTarget(hollow.id)}


def test_cmd_k25_immunity_to_malice_keeps_off_execution() -> None:
    """R29 (element fixed by design): Keeper of Hours, Immune to Malice, is no target for Execution."""
    state = start(
        {
            "turn": 3,
            "players": [
                {"hand": ["Execution"], "unused": "2G 1M", "pool": "2G"},
                {"arena": ["Keeper of Hours", "Hollow Knight"], "sovereign_exhausted": True},
            ],
        },
        "riftblades,chronovoid",
    )
    state.apply_action(Play(in_hand(state, 0, "Execution")))
    assert state.legal_actions() == (ChooseTarget(entity(state, 1, "Hollow Knight").id),)
