"""K18 Evade (Air): it prevents the first damage it would take each turn; later damage that turn is dealt.

Gravewind's Wisp Dancer (1A, 1/2 Evade) against Pyre's Spark (Deal 2), the Ashen Regent's "Exhaust: Deal 1"
and an Ash Hound's combat damage.
"""

from __future__ import annotations

from command_scenarios import entity, in_hand, resolve, starter

from shardgames.command.actions import Activate, ChooseTarget, DeclareAttack, Intercept, Pass, Play
from shardgames.command.events import DamageDealt, DamagePrevented
from shardgames.command.objects import Permanent, player_target
from shardgames.command.state import CommandState

start = starter("pyre,gravewind")


def spark(state: CommandState, target: Permanent) -> list[object]:
    """Seat 0 plays a Spark at `target`; it resolves; the events."""
    state.apply_action(Play(in_hand(state, 0, "Spark")))
    return [*state.apply_action(ChooseTarget(target.id)), *resolve(state)]


def test_cmd_dx11_first_damage_prevented_second_dealt() -> None:
    """DX11: the first Spark at Wisp Dancer is prevented; the second, the same turn, destroys it."""
    state = start(
        {
            "turn": 3,
            "players": [
                {"hand": ["Spark", "Spark"], "unused": "2F", "pool": "2G"},
                {"arena": ["Wisp Dancer"]},
            ],
        }
    )
    wisp = entity(state, 1, "Wisp Dancer")
    events = spark(state, wisp)
    assert DamagePrevented(wisp.id, 2, "Evade") in events
    assert not [e for e in events if isinstance(e, DamageDealt)]
    assert (wisp.damage, wisp.evaded) == (0, 3)
    events = spark(state, wisp)
    assert next(e for e in events if isinstance(e, DamageDealt)).amount == 2
    assert state.scrap[1] == (wisp.id,)


def test_cmd_k18_evade_used_this_turn_prevents_nothing_more() -> None:
    """K18 "the first damage ... each turn": with Evade already used this turn, Spark destroys the Dancer."""
    state = start(
        {
            "turn": 3,
            "players": [
                {"hand": ["Spark"], "unused": "1F", "pool": "2G"},
                {"arena": [{"card": "Wisp Dancer", "evaded": True}]},
            ],
        }
    )
    wisp = entity(state, 1, "Wisp Dancer")
    spark(state, wisp)
    assert state.scrap[1] == (wisp.id,)


def test_cmd_k18_evade_works_again_on_the_next_turn() -> None:
    """K18 "each turn": used on Pyre's turn 3, Evade prevents the Regent's Deal 1 again on turn 4."""
    state = start(
        {
            "turn": 3,
            "players": [
                {"hand": ["Spark"], "unused": "1F", "pool": "2G"},
                {"arena": ["Wisp Dancer"], "pool": "2G"},
            ],
        }
    )
    wisp = entity(state, 1, "Wisp Dancer")
    spark(state, wisp)
    assert wisp.evaded == 3
    while state.turn == 3:
        state.apply_action(Pass())
    state.apply_action(Pass())  # seat 1 (active) passes; seat 0 may answer with its Sovereign
    assert state.prompt.player == 0
    sovereign = state.game.sovereign_id(0)
    state.apply_action(Activate(sovereign, 0))
    events = [*state.apply_action(ChooseTarget(wisp.id)), *resolve(state)]
    assert DamagePrevented(wisp.id, 1, "Evade") in events
    assert (wisp.damage, wisp.evaded) == (0, 4)


def test_cmd_k18_evade_prevents_the_first_combat_damage() -> None:
    """R14 "Evade first": the Dancer Intercepts an Ash Hound (3/2): it takes nothing and deals its 1."""
    state = start(
        {
            "turn": 3,
            "players": [
                {"arena": ["Ash Hound"], "pool": "2G"},
                {"arena": ["Wisp Dancer"], "sovereign_exhausted": True},
            ],
        }
    )
    hound = entity(state, 0, "Ash Hound")
    wisp = entity(state, 1, "Wisp Dancer")
    state.apply_action(DeclareAttack(hound.id))
    state.apply_action(ChooseTarget(player_target(1)))
    state.apply_action(Intercept(wisp.id))
    events: list[object] = []
    while state.combat is not None:
        events.extend(state.apply_action(Pass()))
    assert DamagePrevented(wisp.id, 3, "Evade") in events
    assert (wisp.damage, hound.damage) == (0, 1)
    assert state.permanent(wisp.id) is wisp
