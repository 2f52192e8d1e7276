"""K21 Flow (Water): "Exhaust: make 1 Generic Shard" - a mana ability (R10 e, R25, R27).

Tidewell's Reef Warden (1W, 1/2 Flow) pays for Frost Snare (1W, Freeze) against Pyre's Ash Hound: explicitly
with ``Activate(warden, MANA)`` (no Queue), or through the automatic payer. As an Entity's Exhaust ability it
is held back by Deployment Fatigue (CMD-19).
"""

from __future__ import annotations

from typing import Any

from command_scenarios import entity, in_hand, starter

from shardgames.command.actions import Activate, ChooseTarget, Pass, Play
from shardgames.command.compiled import MANA
from shardgames.command.events import ManaMade, Paid
from shardgames.command.phases import Phase

NONE = (0,) * 11
ONE_GENERIC = (1,) + (0,) * 10


start = starter("tidewell,pyre")


def position(warden: dict[str, Any]) -> dict[str, Any]:
    """Turn 3: Tidewell has `warden`, Frost Snare in hand and one Water Stone; Pyre an Ash Hound."""
    return {
        "turn": 3,
        "players": [
            {"hand": ["Frost Snare"], "unused": "1W", "pool": "2G", "arena": [warden]},
            {"arena": ["Ash Hound"]},
        ],
    }


def test_cmd_k21_flow_makes_one_generic_shard_without_the_queue() -> None:
    """R10 e: Activate(Warden, mana) floats 1 Generic Shard at once and Exhausts the Warden; no Queue item."""
    state = start(position({"card": "Reef Warden"}))
    warden = entity(state, 0, "Reef Warden")
    events = state.apply_action(Activate(warden.id, MANA))
    assert ManaMade(0, warden.id, "1 Generic Shard") in events
    assert state.floating[0] == ONE_GENERIC
    assert warden.exhausted
    assert not state.queue
    assert (state.prompt.player, state.prompt.phase) == (0, Phase.PRIORITY)


def test_cmd_k21_the_flow_shard_pays_the_generic_part() -> None:
    """R27: after Flow, Frost Snare (1W) is paid with the floating Shard and the Water Stone."""
    state = start(position({"card": "Reef Warden"}))
    warden = entity(state, 0, "Reef Warden")
    hound = entity(state, 1, "Ash Hound")
    state.apply_action(Activate(warden.id, MANA))
    state.apply_action(Play(in_hand(state, 0, "Frost Snare")))
    events = state.apply_action(ChooseTarget(hound.id))
    assert Paid(0, "1W", (0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0), 0, ()) in events
    assert (state.floating[0], state.unused[0]) == (NONE, NONE)


def test_cmd_k21_the_automatic_payer_uses_flow() -> None:
    """R27: with one Water Stone only, Frost Snare (1W) is playable; the payer Exhausts the Warden."""
    state = start(position({"card": "Reef Warden"}))
    warden = entity(state, 0, "Reef Warden")
    hound = entity(state, 1, "Ash Hound")
    snare = in_hand(state, 0, "Frost Snare")
    assert Play(snare) in state.legal_actions()
    state.apply_action(Play(snare))
    events = state.apply_action(ChooseTarget(hound.id))
    assert Paid(0, "1W", (0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0), 0, (warden.id,)) in events
    assert warden.exhausted
    assert state.floating[0] == NONE


def test_cmd_k21_deployment_fatigue_stops_flow() -> None:
    """CMD-19: a Warden that entered this turn can't Flow, and the payer can't use it: no Frost Snare."""
    state = start(position({"card": "Reef Warden", "fresh": True}))
    warden = entity(state, 0, "Reef Warden")
    legal = state.legal_actions()
    assert Activate(warden.id, MANA) not in legal
    assert Play(in_hand(state, 0, "Frost Snare")) not in legal


def test_cmd_k21_flow_on_the_opponents_turn_while_holding_priority() -> None:
    """R10 e "whenever their controller has priority": the Warden Flows on Pyre's turn, until its end."""
    state = start(
        {
            "turn": 4,
            "active": 1,
            "players": [{"arena": ["Reef Warden"]}, {"arena": ["Ash Hound"], "pool": "2G"}],
        }
    )
    warden = entity(state, 0, "Reef Warden")
    state.apply_action(Pass())  # Pyre passes its Main Phase; Tidewell holds priority
    assert state.prompt.player == 0
    state.apply_action(Activate(warden.id, MANA))
    assert state.floating[0] == ONE_GENERIC
    while state.turn == 4:
        state.apply_action(Pass())
    assert state.floating[0] == NONE
