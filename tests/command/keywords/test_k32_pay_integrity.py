"""K32 Pay 1 Integrity (Malice): an additional cost, paid when the card is played, even down to 0 (R23).

Riftblades carries it on Cutthroat (1M, 3/2, Assault) and Execution (2M, Destroy Entity).
"""

from __future__ import annotations

import pytest
from command_scenarios import entity, in_hand, resolve_queue, starter

from shardgames.command.actions import ChooseTarget, Pass, Play
from shardgames.command.events import IntegrityChanged
from shardgames.kernel.errors import IllegalActionError

start = starter("riftblades,stoneguard")


def test_cmd_k32_cutthroat_costs_1_integrity_as_it_is_played() -> None:
    """K32: the Integrity is paid when Cutthroat goes on the Queue (20 -> 19), not when it resolves."""
    state = start(
        {"turn": 3, "players": [{"hand": ["Cutthroat"], "unused": "1G 1M"}, {"arena": ["Ridge Recruit"]}]}
    )
    cutthroat = in_hand(state, 0, "Cutthroat")
    state.apply_action(Play(cutthroat))
    assert [item.source for item in state.queue] == [cutthroat]
    assert state.integrity == [19, 20]
    assert IntegrityChanged(0, 20, 19, "Pay 1 Integrity") in state.events
    resolve_queue(state)
    assert state.permanent(cutthroat) is not None
    assert state.integrity == [19, 20]
    assert sum(isinstance(e, IntegrityChanged) for e in state.events) == 1


def test_cmd_r23_paying_the_last_integrity_loses_the_game() -> None:
    """R23 "Pay 1 Integrity may be paid even when it takes the payer to 0; SBA then apply": seat 0 loses."""
    state = start(
        {
            "turn": 3,
            "players": [
                {"integrity": 1, "hand": ["Execution"], "unused": "2G 1M"},
                {"arena": ["Ridge Recruit"]},
            ],
        }
    )
    recruit = entity(state, 1, "Ridge Recruit")
    execution = in_hand(state, 0, "Execution")
    assert Play(execution) in state.legal_actions()
    state.apply_action(Play(execution))
    state.apply_action(ChooseTarget(recruit.id))
    assert state.integrity == [0, 20]
    assert state.is_terminal()
    assert state.winner == 1
    assert state.permanent(recruit.id) is recruit  # Execution never resolved
    with pytest.raises(IllegalActionError):
        state.apply_action(Pass())


def test_cmd_k32_the_integrity_stays_paid_when_the_rite_is_countered() -> None:
    """K32: a cost is not refunded: Execution Nullified by Null Ward still cost seat 0 its Integrity."""
    state = start(
        {
            "turn": 3,
            "players": [
                {"hand": ["Execution"], "unused": "2G 1M", "sovereign_exhausted": True},
                {"hand": ["Null Ward"], "unused": "1G 1V 1T", "arena": ["Hollow Knight"]},
            ],
        },
        decks="riftblades,chronovoid",
    )
    knight = entity(state, 1, "Hollow Knight")
    execution = in_hand(state, 0, "Execution")
    state.apply_action(Play(execution))
    state.apply_action(ChooseTarget(knight.id))
    state.apply_action(Play(in_hand(state, 1, "Null Ward")))
    state.apply_action(ChooseTarget(execution))
    resolve_queue(state)
    assert state.integrity == [19, 20]
    assert state.permanent(knight.id) is knight
    assert execution in state.scrap[0]
