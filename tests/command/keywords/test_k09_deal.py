"""K09 Deal # Dmg (Fire): # damage to any target, an Entity or a player (R22).

Pyre's Spark (F, Deal 2 to a target), Pyre Storm (3F, Deal 2 to each opposing Entity) and its Sovereign, the
Ashen Regent ("Exhaust your Sovereign: Deal 1"), against Stoneguard.
"""

from __future__ import annotations

from typing import Any

from command_scenarios import entity, in_hand, resolve, starter

from shardgames.command.actions import Activate, ChooseTarget, Pass, Play
from shardgames.command.events import DamageDealt, ItemCountered
from shardgames.command.objects import player_target
from shardgames.command.state import CommandState

start = starter("pyre,stoneguard")


def spark_at(
    position: dict[str, Any], target: tuple[int, str] | int
) -> tuple[CommandState, int, list[object]]:
    """Seat 0 plays Spark at `target` (a (seat, name) permanent or a target number); it resolves."""
    state = start(position)
    spark = in_hand(state, 0, "Spark")
    state.apply_action(Play(spark))
    number = target if isinstance(target, int) else entity(state, *target).id
    state.apply_action(ChooseTarget(number))
    return state, spark, resolve(state)


BOARD = {
    "turn": 3,
    "players": [
        {"hand": ["Spark"], "unused": "1F", "pool": "2G", "arena": ["Ash Hound"]},
        {"arena": ["Ridge Recruit", "Sky Lancer"]},
    ],
}


def test_cmd_k09_spark_deals_two_to_an_entity() -> None:
    """K09: Spark marks 2 on a Ridge Recruit (2/3), which survives."""
    state, spark, events = spark_at(BOARD, (1, "Ridge Recruit"))
    recruit = entity(state, 1, "Ridge Recruit")
    assert DamageDealt(spark, recruit.id, 2, False) in events
    assert recruit.damage == 2
    assert state.scrap[0] == (spark,)


def test_cmd_k09_spark_destroys_a_two_durability_entity() -> None:
    """K09 and CMD-36: 2 damage destroys a Sky Lancer (2/2)."""
    state, _, _ = spark_at(BOARD, (1, "Sky Lancer"))
    assert [state.game.infos[state.game.kind_of[c]].name for c in state.scrap[1]] == ["Sky Lancer"]


def test_cmd_k09_spark_deals_two_to_a_player() -> None:
    """R22 "any target": Spark at the opponent: Integrity 20 -> 18."""
    state, spark, events = spark_at(BOARD, player_target(1))
    assert DamageDealt(spark, player_target(1), 2, False) in events
    assert state.integrity == [20, 18]


def test_cmd_k09_any_target_is_every_entity_and_both_players() -> None:
    """R22: the targets offered are every Entity in the Arena (one's own too) and both players."""
    state = start(BOARD)
    state.apply_action(Play(in_hand(state, 0, "Spark")))
    expected = {ChooseTarget(p.id) for p in state.arena} | {
        ChooseTarget(player_target(0)),
        ChooseTarget(player_target(1)),
    }
    assert len(expected) == 5
    assert set(state.legal_actions()) == expected


def test_cmd_k09_each_opposing_entity_spares_ones_own() -> None:
    """V7 Pyre Storm, 2 to each opposing Entity: the Lancer dies, the Recruit has 2; the Hound is spared."""
    state = start(
        {
            "turn": 3,
            "players": [
                {"hand": ["Pyre Storm"], "unused": "3G 1F", "pool": "2G", "arena": ["Ash Hound"]},
                {"arena": ["Ridge Recruit", "Sky Lancer"]},
            ],
        }
    )
    hound = entity(state, 0, "Ash Hound")
    recruit = entity(state, 1, "Ridge Recruit")
    lancer = entity(state, 1, "Sky Lancer")
    state.apply_action(Play(in_hand(state, 0, "Pyre Storm")))
    resolve(state)
    assert (hound.damage, recruit.damage) == (0, 2)
    assert state.scrap[1] == (lancer.id,)
    assert state.integrity == [20, 20]


def test_cmd_k09_sovereign_deals_one() -> None:
    """SV3 "Exhaust: Deal 1 Dmg": the Ashen Regent deals 1 to the opponent (20 -> 19) and is Exhausted."""
    state = start(BOARD)
    sovereign = state.game.sovereign_id(0)
    state.apply_action(Activate(sovereign, 0))
    state.apply_action(ChooseTarget(player_target(1)))
    events = resolve(state)
    assert DamageDealt(sovereign, player_target(1), 1, False) in events
    assert state.integrity == [20, 19]
    assert state.sovereign_exhausted == [True, False]


def test_cmd_k09_damage_to_a_player_at_two_ends_the_game() -> None:
    """K09 with CMD-45: Spark at an opponent with 2 Integrity takes it to 0: seat 0 wins at once."""
    position = {**BOARD, "players": [BOARD["players"][0], {"integrity": 2}]}
    state, _, _ = spark_at(position, player_target(1))
    assert state.integrity == [20, 0]
    assert state.is_terminal()
    assert state.winner == 0


def test_cmd_k09_a_target_gone_at_resolution_means_no_effect() -> None:
    """R22: the Regent's Deal 1, added on top, kills the damaged Sky Lancer first; Spark then does nothing."""
    state = start(
        {
            "turn": 3,
            "players": [
                {"hand": ["Spark"], "unused": "1F", "pool": "2G"},
                {"arena": [{"card": "Sky Lancer", "damage": 1}]},  # a Ready Warden: seat 1 passes by choice
            ],
        }
    )
    lancer = entity(state, 1, "Sky Lancer")
    spark = in_hand(state, 0, "Spark")
    state.apply_action(Play(spark))
    state.apply_action(ChooseTarget(lancer.id))
    state.apply_action(Pass())  # seat 1 passes: seat 0 has priority again and adds the Regent's ability
    assert state.prompt.player == 0
    state.apply_action(Activate(state.game.sovereign_id(0), 0))
    events = [*state.apply_action(ChooseTarget(lancer.id)), *resolve(state)]
    assert state.scrap == [(spark,), (lancer.id,)]
    assert [e.why for e in events if isinstance(e, ItemCountered)] == ["no legal target"]
    assert not [e for e in events if isinstance(e, DamageDealt) and e.source == spark]
    assert state.integrity == [20, 20]
