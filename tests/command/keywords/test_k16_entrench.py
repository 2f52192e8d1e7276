"""K16 Entrench (Earth): it gains Sentry and +0/+2, and enters with a trench counter (R17).

Stoneguard's Cliff Sentinel (1E, 1/3 Entrench, so 1/5 and a Sentry: it can't attack, but may Intercept)
against Pyre's Ash Hound (3/2) and Spark.
"""

from __future__ import annotations

from command_scenarios import entity, in_hand, starter

from shardgames.command.actions import ChooseTarget, DeclareAttack, Intercept, NoIntercept, Pass, Play
from shardgames.command.objects import player_target
from shardgames.command.rules import durability, force

start = starter("stoneguard,pyre")


def test_cmd_k16_cliff_sentinel_enters_as_a_one_five_with_a_trench_counter() -> None:
    """K16, R17: played, the Cliff Sentinel (1/3) is a 1/5 with one trench counter."""
    state = start({"turn": 3, "players": [{"hand": ["Cliff Sentinel"], "unused": "1G 1E", "pool": "2G"}, {}]})
    state.apply_action(Play(in_hand(state, 0, "Cliff Sentinel")))
    while state.queue:
        state.apply_action(Pass())
    sentinel = entity(state, 0, "Cliff Sentinel")
    assert (force(state, sentinel), durability(state, sentinel), sentinel.trench) == (1, 5, 1)


def test_cmd_k16_an_entrenched_entity_cannot_attack() -> None:
    """K16 "gains Sentry", R12: a Ready, unfatigued Cliff Sentinel has no attack; a Ridge Recruit has."""
    state = start({"turn": 3, "players": [{"arena": ["Cliff Sentinel", "Ridge Recruit"], "pool": "2G"}, {}]})
    sentinel = entity(state, 0, "Cliff Sentinel")
    recruit = entity(state, 0, "Ridge Recruit")
    legal = state.legal_actions()
    assert DeclareAttack(recruit.id) in legal
    assert DeclareAttack(sentinel.id) not in legal


def test_cmd_k16_an_entrenched_entity_intercepts_and_survives_three() -> None:
    """R13 "Sentries are fine": the Sentinel Intercepts an Ash Hound (3/2), takes 3 of its 5, deals 1."""
    state = start(
        {
            "turn": 4,
            "active": 1,
            "players": [{"arena": ["Cliff Sentinel"]}, {"arena": ["Ash Hound"], "pool": "2G"}],
        }
    )
    sentinel = entity(state, 0, "Cliff Sentinel")
    hound = entity(state, 1, "Ash Hound")
    state.apply_action(DeclareAttack(hound.id))
    state.apply_action(ChooseTarget(player_target(0)))
    assert set(state.legal_actions()) == {Intercept(sentinel.id), NoIntercept()}
    state.apply_action(Intercept(sentinel.id))
    while state.combat is not None:
        state.apply_action(Pass())
    assert state.permanent(sentinel.id) is sentinel
    assert (sentinel.damage, hound.damage) == (3, 1)
    assert state.integrity == [20, 20]


def test_cmd_k16_the_durability_bonus_keeps_a_damaged_sentinel_alive() -> None:
    """K16 "+0/+2": a Sentinel with 2 damage takes Spark's 2: 4 of 5, it survives (a 1/3 would die)."""
    state = start(
        {
            "turn": 3,
            "players": [
                {"hand": ["Spark"], "unused": "1F", "pool": "2G"},
                {"arena": [{"card": "Cliff Sentinel", "damage": 2}]},
            ],
        },
        "pyre,stoneguard",
    )
    sentinel = entity(state, 1, "Cliff Sentinel")
    state.apply_action(Play(in_hand(state, 0, "Spark")))
    state.apply_action(ChooseTarget(sentinel.id))
    while state.queue:
        state.apply_action(Pass())
    assert state.permanent(sentinel.id) is sentinel
    assert sentinel.damage == 4
