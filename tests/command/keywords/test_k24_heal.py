"""K24 Heal # Integrity (Life): restore # Integrity to your Sovereign, that is to you (R18); no maximum (R23).

Tidewell's Sovereign, the Tidemother ("Exhaust your Sovereign: Heal 2"), and Tidecaller (2WL, 2/3, "At the
start of your turn: Heal 2") against Pyre.
"""

from __future__ import annotations

from command_scenarios import resolve, starter

from shardgames.command.actions import Activate, Pass
from shardgames.command.events import IntegrityChanged
from shardgames.command.phases import Step
from shardgames.command.state import CommandState

start = starter("tidewell,pyre")


def tidemother_heals(integrity: int) -> tuple[CommandState, list[object]]:
    """Turn 3: Tidewell (at `integrity`) Exhausts the Tidemother to Heal 2; it resolves."""
    state = start({"turn": 3, "players": [{"integrity": integrity, "pool": "2G"}, {"integrity": 12}]})
    events = [*state.apply_action(Activate(state.game.sovereign_id(0), 0)), *resolve(state)]
    return state, events


def test_cmd_k24_the_tidemother_heals_two() -> None:
    """K24: the Tidemother's Heal 2 takes seat 0 from 15 to 17; the opponent is untouched."""
    state, events = tidemother_heals(15)
    assert IntegrityChanged(0, 15, 17, "Heal") in events
    assert state.integrity == [17, 12]
    assert state.sovereign_exhausted[0]


def test_cmd_k24_integrity_has_no_maximum() -> None:
    """R23 "Integrity has no maximum": Heal 2 at 20 gives 22."""
    state, _ = tidemother_heals(20)
    assert state.integrity == [22, 12]


def test_cmd_k24_tidecallers_heal_at_the_start_of_their_controllers_turn() -> None:
    """K24 on a trigger: two Tidecallers Heal 2 each at the start of Tidewell's turn 3: 18 -> 22."""
    state = start(
        {
            "turn": 2,
            "active": 1,
            "players": [
                {"integrity": 18, "arena": ["Tidecaller", "Tidecaller"], "sovereign_exhausted": True},
                {"pool": "2G"},
            ],
        }
    )
    while state.turn == 2:
        state.apply_action(Pass())
    assert (state.turn, state.step) == (3, Step.START)
    assert len(state.queue) == 2
    events = resolve(state)
    assert [e for e in events if isinstance(e, IntegrityChanged)] == [
        IntegrityChanged(0, 18, 20, "Heal"),
        IntegrityChanged(0, 20, 22, "Heal"),
    ]
    assert state.integrity == [22, 20]
    assert state.step is Step.MAIN


def test_cmd_k24_tidecaller_does_not_heal_on_the_opponents_turn() -> None:
    """K24 "start of your turn": at the start of Pyre's turn the Tidecaller does nothing."""
    state = start({"turn": 3, "players": [{"integrity": 18, "arena": ["Tidecaller"]}, {"pool": "2G"}]})
    while state.turn == 3:
        state.apply_action(Pass())
    assert (state.turn, state.active, state.step) == (4, 1, Step.MAIN)
    assert state.integrity == [18, 20]
