"""K03 Armored (Earth): all damage dealt to it is reduced by 1 (R14: after Evade, per damage event).

Stoneguard's Ridge Golem (3/5 Armored) takes Pyre's damage: Spark (Deal 2), Pyre Storm (Deal 2 to each
opposing Entity), the Ashen Regent's "Exhaust: Deal 1" and an Ash Hound's combat damage (3/2).
"""

from __future__ import annotations

from command_scenarios import entity, fight, in_hand, resolve, starter

from shardgames.command.actions import Activate, ChooseTarget, DeclareAttack, Intercept, Play
from shardgames.command.events import DamageDealt, DamagePrevented
from shardgames.command.objects import player_target

start = starter("pyre,stoneguard")


def test_cmd_k03_spark_deals_one_less_to_an_armored_entity() -> None:
    """K03: Spark's 2 damage to the Armored Ridge Golem marks 1 (1 prevented by Armored)."""
    state = start({"turn": 3, "players": [{"hand": ["Spark"], "unused": "1F"}, {"arena": ["Ridge Golem"]}]})
    spark = in_hand(state, 0, "Spark")
    golem = entity(state, 1, "Ridge Golem")
    state.apply_action(Play(spark))
    state.apply_action(ChooseTarget(golem.id))
    events = resolve(state)
    assert golem.damage == 1
    assert DamagePrevented(golem.id, 1, "Armored") in events
    assert DamageDealt(spark, golem.id, 1, False) in events


def test_cmd_k03_each_damage_event_is_reduced_and_one_damage_becomes_none() -> None:
    """K03 "all damage": the Regent's Deal 1 marks nothing; Pyre Storm then marks 1, not 2."""
    state = start(
        {
            "turn": 3,
            "players": [
                {"hand": ["Pyre Storm"], "unused": "3G 1F"},
                {"arena": ["Ridge Golem", "Ridge Recruit"]},
            ],
        }
    )
    golem = entity(state, 1, "Ridge Golem")
    recruit = entity(state, 1, "Ridge Recruit")
    state.apply_action(Activate(state.game.sovereign_id(0), 0))
    state.apply_action(ChooseTarget(golem.id))
    events = resolve(state)
    assert golem.damage == 0
    assert DamagePrevented(golem.id, 1, "Armored") in events
    assert not [e for e in events if isinstance(e, DamageDealt)]
    state.apply_action(Play(in_hand(state, 0, "Pyre Storm")))
    resolve(state)
    assert (golem.damage, recruit.damage) == (1, 2)  # only the Armored Entity takes 1 less


def test_cmd_k03_combat_damage_is_reduced_too() -> None:
    """R14 "then Armored (-1)": an Ash Hound (3/2) intercepted by the Golem marks 2; the Hound dies."""
    state = start({"turn": 3, "players": [{"arena": ["Ash Hound"]}, {"arena": ["Ridge Golem"]}]})
    hound = entity(state, 0, "Ash Hound")
    golem = entity(state, 1, "Ridge Golem")
    state.apply_action(DeclareAttack(hound.id))
    state.apply_action(ChooseTarget(player_target(1)))
    state.apply_action(Intercept(golem.id))
    fight(state)
    assert golem.damage == 2
    assert state.permanent(hound.id) is None
    assert state.scrap[0] == (hound.id,)
    assert state.integrity == [20, 20]


def test_cmd_k03_armored_entity_still_dies_when_reduced_damage_reaches_durability() -> None:
    """CMD-36 with K03: a Golem with 4 damage takes Spark's 2 - 1 = 1 more: 5 of 5, destroyed."""
    state = start(
        {
            "turn": 3,
            "players": [
                {"hand": ["Spark"], "unused": "1F"},
                {"arena": [{"card": "Ridge Golem", "damage": 4}]},
            ],
        }
    )
    golem = entity(state, 1, "Ridge Golem")
    state.apply_action(Play(in_hand(state, 0, "Spark")))
    state.apply_action(ChooseTarget(golem.id))
    resolve(state)
    assert state.permanent(golem.id) is None
    assert state.scrap[1] == (golem.id,)
