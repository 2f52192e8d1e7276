"""K23 Freeze (Water): Exhaust the target; it does not Ready in its controller's next Start Phase (R9, DX23).

Tidewell's Frost Snare (1W, Freeze) against Pyre's Ash Hound. The Frozen Entity stays Exhausted through Pyre's
next Start Phase and Readies at the one after; meanwhile it can't attack or Intercept, and can be attacked.
"""

from __future__ import annotations

from typing import Any

from command_scenarios import end_turn, entity, play, resolve, starter

from shardgames.command.actions import ChooseTarget, DeclareAttack, Pass
from shardgames.command.events import StatusChanged
from shardgames.command.objects import Permanent, player_target
from shardgames.command.phases import Phase
from shardgames.command.state import CommandState

start = starter("tidewell,pyre")


def freeze_hound(hound: dict[str, Any]) -> tuple[CommandState, Permanent]:
    """Turn 3: Tidewell casts Frost Snare at Pyre's `hound`; it resolves."""
    state = start(
        {
            "turn": 3,
            "players": [
                {"hand": ["Frost Snare"], "unused": "1G 1W", "arena": ["Reef Warden"]},
                {"arena": [hound], "pool": "2G"},
            ],
        }
    )
    target = entity(state, 1, "Ash Hound")
    play(state, 0, "Frost Snare", target.id)
    resolve(state)
    return state, target


def test_cmd_dx23_frozen_entity_skips_one_ready_and_readies_at_the_next() -> None:
    """DX23: Frozen on turn 3, the Hound stays Exhausted in Pyre's turn 4 and Readies in Pyre's turn 6."""
    state, hound = freeze_hound({"card": "Ash Hound"})
    assert (hound.exhausted, hound.frozen) == (True, True)
    end_turn(state)
    assert (state.turn, state.active) == (4, 1)
    assert StatusChanged(hound.id, "stays Exhausted (Frozen)") in state.events
    assert (hound.exhausted, hound.frozen) == (True, False)
    assert DeclareAttack(hound.id) not in state.legal_actions()
    end_turn(state)
    end_turn(state)
    assert (state.turn, state.active) == (6, 1)
    assert not hound.exhausted
    assert DeclareAttack(hound.id) in state.legal_actions()


def test_cmd_k23_freezing_an_exhausted_entity_still_skips_its_next_ready() -> None:
    """K23: an Ash Hound Exhausted already (it attacked) and then Frozen stays Exhausted in Pyre's turn 4."""
    state, hound = freeze_hound({"card": "Ash Hound", "exhausted": True})
    end_turn(state)
    assert state.turn == 4
    assert hound.exhausted


def test_cmd_k23_the_frozen_entity_can_be_attacked_and_cannot_intercept() -> None:
    """CMD-33, CMD-34: on turn 5 the still-Exhausted Hound is an attack target and intercepts nothing."""
    state, hound = freeze_hound({"card": "Ash Hound"})
    end_turn(state)
    end_turn(state)
    assert (state.turn, state.active) == (5, 0)
    warden = entity(state, 0, "Reef Warden")
    state.apply_action(DeclareAttack(warden.id))
    assert set(state.legal_actions()) == {ChooseTarget(player_target(1)), ChooseTarget(hound.id)}
    state.apply_action(ChooseTarget(player_target(1)))
    assert state.prompt.phase is Phase.PRIORITY  # no intercept decision
    while state.combat is not None:
        state.apply_action(Pass())
    assert state.integrity[1] == 19
