"""K52 Warp (Space): exile this Entity; it returns at the start of the next turn as a new object (R20, R31).

Riftblades carries it on Rift Stalker (1S, 1/2, "Warp 1"). The Stalker comes back Ready, with no damage,
Upgrades or other marks, under Deployment Fatigue if it returns on its controller's turn. Warp is a Fast
ability, so it can also take an Entity out of a combat (R14).
"""

from __future__ import annotations

from command_scenarios import end_turn, entity, resolve_queue, starter

from shardgames.command.actions import Activate, ChooseTarget, DeclareAttack, Intercept, NoIntercept, Pass
from shardgames.command.compiled import WARP
from shardgames.command.events import CardMoved, DamageDealt, Paid
from shardgames.command.objects import player_target
from shardgames.command.phases import Step

start = starter("riftblades,pyre")


def test_cmd_k52_warped_stalker_returns_next_turn_as_a_new_ready_object() -> None:
    """R20: exiled on turn 3, the Stalker returns on turn 4 Ready and unmarked; it may Intercept."""
    state = start(
        {
            "turn": 3,
            "players": [
                {
                    "unused": "1G",
                    "arena": [{"card": "Rift Stalker", "exhausted": True, "damage": 1, "upgrades": 1}],
                },
                {"arena": ["Ash Hound"]},
            ],
        }
    )
    old = entity(state, 0, "Rift Stalker")
    stalker = old.id
    hound = entity(state, 1, "Ash Hound")
    assert Activate(stalker, WARP) in state.legal_actions()
    state.apply_action(Activate(stalker, WARP))
    assert any(isinstance(e, Paid) and e.seat == 0 and e.stones == "1 Generic" for e in state.events)
    resolve_queue(state)
    assert state.permanent(stalker) is None
    assert state.exiled == (stalker,)
    assert CardMoved(stalker, "Rift Stalker", "Arena", "exile") in state.events

    end_turn(state)
    assert (state.turn, state.active) == (4, 1)
    back = state.permanent(stalker)
    assert back is not None
    assert back is not old
    assert (back.exhausted, back.damage, back.upgrades, back.entered) == (False, 0, 0, 4)
    assert state.exiled == ()
    assert CardMoved(stalker, "Rift Stalker", "exile", "Arena") in state.events
    state.apply_action(DeclareAttack(hound.id))
    state.apply_action(ChooseTarget(player_target(0)))
    assert set(state.legal_actions()) == {Intercept(stalker), NoIntercept()}  # fresh, yet it may Intercept
    state.apply_action(NoIntercept())
    while state.combat is not None:
        state.apply_action(Pass())

    end_turn(state)
    assert (state.turn, state.active) == (5, 0)
    assert DeclareAttack(stalker) in state.legal_actions()  # it returned on the opponent's turn: no Fatigue


def test_cmd_r20_warped_on_the_opponents_turn_it_returns_with_deployment_fatigue() -> None:
    """R20: Warped on turn 4 (seat 1's), the Stalker returns on seat 0's turn 5 and can't attack that turn."""
    state = start(
        {
            "turn": 4,
            "active": 1,
            "players": [{"unused": "1G", "arena": ["Rift Stalker"]}, {"arena": ["Ash Hound"]}],
        }
    )
    stalker = entity(state, 0, "Rift Stalker").id
    state.apply_action(Pass())  # seat 1 offers to end its Main Phase; seat 0 answers with Warp
    assert state.prompt.player == 0
    state.apply_action(Activate(stalker, WARP))
    resolve_queue(state)
    assert state.exiled == (stalker,)
    end_turn(state)
    assert (state.turn, state.active) == (5, 0)
    back = state.permanent(stalker)
    assert back is not None
    assert back.entered == 5
    assert DeclareAttack(stalker) not in state.legal_actions()


def test_cmd_r14_warping_the_attacker_away_cancels_its_combat_damage() -> None:
    """R14 "If the attacker ... leave[s] combat before damage, no combat damage is dealt": Warp it."""
    state = start({"turn": 3, "players": [{"unused": "1G", "arena": ["Rift Stalker"]}, {}]})
    stalker = entity(state, 0, "Rift Stalker").id
    state.apply_action(DeclareAttack(stalker))
    state.apply_action(ChooseTarget(player_target(1)))
    assert (state.step, state.prompt.player) == (Step.COMBAT, 0)
    state.apply_action(Activate(stalker, WARP))
    while state.combat is not None:
        state.apply_action(Pass())
    assert state.integrity == [20, 20]
    assert not any(isinstance(e, DamageDealt) for e in state.events)
    assert state.exiled == (stalker,)
    assert state.scrap[0] == ()


def test_cmd_r14_warping_the_only_interceptor_away_cancels_the_combat_damage() -> None:
    """R14 "If ... all of its combat opponents leave combat before damage, no combat damage is dealt"."""
    state = start(
        {"turn": 3, "players": [{"arena": ["Ash Hound"]}, {"unused": "1G", "arena": ["Rift Stalker"]}]},
        decks="pyre,riftblades",
    )
    hound = entity(state, 0, "Ash Hound")
    stalker = entity(state, 1, "Rift Stalker").id
    state.apply_action(DeclareAttack(hound.id))
    state.apply_action(ChooseTarget(player_target(1)))
    state.apply_action(Intercept(stalker))
    assert (state.step, state.prompt.player) == (Step.COMBAT, 0)
    state.apply_action(Pass())
    assert state.prompt.player == 1
    state.apply_action(Activate(stalker, WARP))
    while state.combat is not None:
        state.apply_action(Pass())
    assert state.exiled == (stalker,)
    assert state.integrity == [20, 20]
    assert not any(isinstance(e, DamageDealt) for e in state.events)
    assert state.permanent(hound.id) is hound


def test_cmd_r20_an_echo_marked_entity_that_warps_is_obliterated() -> None:
    """R20, R15: an Echo-marked Stalker is Obliterated instead of exiled, and never returns."""
    state = start(
        {
            "turn": 3,
            "players": [
                {"unused": "1G", "arena": [{"card": "Rift Stalker", "echo": True}]},
                {"arena": ["Ash Hound"]},
            ],
        }
    )
    stalker = entity(state, 0, "Rift Stalker").id
    state.apply_action(Activate(stalker, WARP))
    resolve_queue(state)
    assert state.exiled == ()
    assert state.obliterated[0] == (stalker,)
    end_turn(state)
    assert state.permanent(stalker) is None


def test_cmd_r20_warp_needs_its_shard_cost() -> None:
    """R20 "The designer sets its Shard cost (default 1)": with no stone Unused, Warp can't be activated."""
    state = start({"turn": 3, "players": [{"arena": ["Rift Stalker"]}, {"arena": ["Ash Hound"]}]})
    stalker = entity(state, 0, "Rift Stalker").id
    assert Activate(stalker, WARP) not in state.legal_actions()
