"""K43 Submerge (Water): the target gets -2/-0 until end of turn; negative Force deals 0 (R14, R32).

Tidewell carries it on Undertow (W, Submerge each opposing Entity). Pyre's Ash Hound (3/2) and Ember
Sprite (1/1) are submerged; Tidewell's Mossback Tortoise (2/5) attacks.
"""

from __future__ import annotations

from command_scenarios import attack_into, entity, resolve_queue, starter

from shardgames.command.actions import ChooseTarget, DeclareAttack, NoIntercept, Pass, Play
from shardgames.command.events import DamageDealt, StatusChanged
from shardgames.command.objects import Permanent, player_target
from shardgames.command.rules import durability, force
from shardgames.command.state import CommandState

start = starter("tidewell,pyre")


def undertow() -> tuple[CommandState, Permanent, Permanent, Permanent]:
    """Turn 3: seat 0 plays Undertow, which resolves; the Tortoise, the Hound and the Sprite."""
    state = start(
        {
            "turn": 3,
            "players": [
                {
                    "hand": ["Undertow"],
                    "unused": "1W",
                    "arena": ["Mossback Tortoise"],
                    "sovereign_exhausted": True,
                },
                {"arena": ["Ash Hound", "Ember Sprite"]},
            ],
        }
    )
    (card,) = state.hands[0]
    state.apply_action(Play(card))
    resolve_queue(state)
    return (
        state,
        entity(state, 0, "Mossback Tortoise"),
        entity(state, 1, "Ash Hound"),
        entity(state, 1, "Ember Sprite"),
    )


def test_cmd_k43_undertow_gives_each_opposing_entity_minus_two_force() -> None:
    """K43: the 3/2 Hound becomes 1/2 and the 1/1 Sprite -1/1; the Tortoise is not touched."""
    state, tortoise, hound, sprite = undertow()
    assert (force(state, hound), durability(state, hound)) == (1, 2)
    assert (force(state, sprite), durability(state, sprite)) == (-1, 1)
    assert (force(state, tortoise), tortoise.submerged) == (2, 0)
    assert StatusChanged(hound.id, "-2/-0 until end of turn (Submerge)") in state.events


def test_cmd_k43_a_submerged_interceptor_deals_two_less() -> None:
    """K43: the submerged Hound Intercepts the Tortoise and deals 1 instead of 3; the Tortoise's 2 kill it."""
    state, tortoise, hound, _ = undertow()
    attack_into(state, tortoise, hound)
    assert DamageDealt(hound.id, tortoise.id, 1, True) in state.events
    assert DamageDealt(hound.id, tortoise.id, 3, True) not in state.events
    assert state.scrap[1] == (hound.id,)


def test_cmd_r14_negative_force_deals_no_damage() -> None:
    """R14 "Negative Force counts as 0": the -1/1 Sprite Intercepts and deals no damage at all."""
    state, tortoise, _, sprite = undertow()
    attack_into(state, tortoise, sprite)
    assert not any(isinstance(e, DamageDealt) and e.source == sprite.id for e in state.events)
    assert state.scrap[1] == (sprite.id,)


def test_cmd_k43_submerge_ends_with_the_turn() -> None:
    """K43 "until end of turn": on turn 4 the Hound attacks with its full 3 Force (20 -> 17)."""
    state, _, hound, _ = undertow()
    turn = state.turn
    while state.turn == turn:
        state.apply_action(Pass())
    assert (state.turn, state.active) == (4, 1)
    assert (hound.submerged, force(state, hound)) == (0, 3)
    state.apply_action(DeclareAttack(hound.id))
    state.apply_action(ChooseTarget(player_target(0)))
    state.apply_action(NoIntercept())
    while state.combat is not None:
        state.apply_action(Pass())
    assert state.integrity[0] == 17
