"""K11 Destroy Entity (Malice): the target Entity goes to Scrap.

Riftblades' Execution (2M, Destroy Entity + Pay 1 Integrity) and Pyre's Blood Pact (1D, Sacrifice an Entity +
Destroy Entity) against Stoneguard's Ridge Golem (3/5 Armored: Destroy is no damage) and Ridgestone Idol (an
Item, no Entity).
"""

from __future__ import annotations

from typing import Any

from command_scenarios import entity, in_hand, resolve, starter

from shardgames.command.actions import ChooseTarget, Play
from shardgames.command.events import CardMoved
from shardgames.command.phases import Phase

start = starter("riftblades,stoneguard")


def execution_position(golem: dict[str, Any]) -> dict[str, Any]:
    """Turn 3: Riftblades holds Execution; Stoneguard has `golem` and a Ridgestone Idol."""
    return {
        "turn": 3,
        "players": [
            {"hand": ["Execution"], "unused": "2G 1M", "pool": "2G", "arena": ["Cutthroat"]},
            {"arena": [golem, "Ridgestone Idol"]},
        ],
    }


def test_cmd_k11_execution_destroys_an_undamaged_armored_entity() -> None:
    """K11: Execution sends the Ridge Golem to Scrap, damage or not; the caster pays 1 Integrity (K32)."""
    state = start(execution_position({"card": "Ridge Golem"}))
    golem = entity(state, 1, "Ridge Golem")
    execution = in_hand(state, 0, "Execution")
    state.apply_action(Play(execution))
    state.apply_action(ChooseTarget(golem.id))
    events = resolve(state)
    assert CardMoved(golem.id, "Ridge Golem", "Arena", "Scrap") in events
    assert state.permanent(golem.id) is None
    assert state.scrap == [(execution,), (golem.id,)]
    assert state.integrity == [19, 20]


def test_cmd_k11_destroy_targets_entities_only() -> None:
    """K11 "the target Entity": both sides' Entities are targets; the Ridgestone Idol (an Item) is not."""
    state = start(execution_position({"card": "Ridge Golem"}))
    state.apply_action(Play(in_hand(state, 0, "Execution")))
    assert state.prompt.phase is Phase.TARGET
    assert set(state.legal_actions()) == {
        ChooseTarget(entity(state, 0, "Cutthroat").id),
        ChooseTarget(entity(state, 1, "Ridge Golem").id),
    }


def test_cmd_k11_a_destroyed_echo_marked_entity_is_obliterated() -> None:
    """R15: an Echo-marked Entity that is destroyed is Obliterated instead of going to Scrap."""
    state = start(execution_position({"card": "Ridge Golem", "echo": True}))
    golem = entity(state, 1, "Ridge Golem")
    state.apply_action(Play(in_hand(state, 0, "Execution")))
    state.apply_action(ChooseTarget(golem.id))
    resolve(state)
    assert state.permanent(golem.id) is None
    assert state.scrap[1] == ()
    assert state.obliterated[1] == (golem.id,)


def test_cmd_k11_blood_pact_sacrifices_then_destroys() -> None:
    """V8 Blood Pact: target first, then the sacrifice (a cost); on resolution the target is destroyed."""
    state = start(
        {
            "turn": 3,
            "players": [
                {"hand": ["Blood Pact"], "unused": "1G 1D", "pool": "2G", "arena": ["Ash Hound"]},
                {"arena": ["Ridge Golem"]},
            ],
        },
        "pyre,stoneguard",
    )
    hound = entity(state, 0, "Ash Hound")
    golem = entity(state, 1, "Ridge Golem")
    pact = in_hand(state, 0, "Blood Pact")
    state.apply_action(Play(pact))
    state.apply_action(ChooseTarget(golem.id))
    assert state.prompt.phase is Phase.SACRIFICE
    state.apply_action(ChooseTarget(hound.id))
    assert state.scrap[0] == (hound.id,)  # paid when the Rite goes on the Queue
    resolve(state)
    assert state.scrap == [(hound.id, pact), (golem.id,)]
    assert state.permanent(golem.id) is None
