"""K35 Reckless (Fire): it must attack each turn if able; enforced on the Main Phase's Pass (R12, DX21).

Pyre's Cinder Golem (2F, 4/3) is Reckless. Stoneguard, whose Warden of the Ridge has Force 2, defends.
"""

from __future__ import annotations

import pytest
from command_scenarios import entity, in_hand, starter

from shardgames.command.actions import ChooseTarget, DeclareAttack, NoIntercept, Pass, Play
from shardgames.command.objects import player_target
from shardgames.command.phases import Phase
from shardgames.kernel.errors import IllegalActionError

start = starter("pyre,stoneguard")


def test_cmd_dx21_pass_is_illegal_while_the_reckless_golem_can_attack() -> None:
    """DX21: while a Reckless Entity can attack, A's Pass with an empty Queue in the Main Phase is illegal."""
    state = start({"turn": 3, "players": [{"arena": ["Cinder Golem"]}, {"arena": ["Ridge Recruit"]}]})
    golem = entity(state, 0, "Cinder Golem")
    assert (state.prompt.phase, state.prompt.player, state.queue) == (Phase.PRIORITY, 0, [])
    assert Pass() not in state.legal_actions()
    assert DeclareAttack(golem.id) in state.legal_actions()
    with pytest.raises(IllegalActionError, match="Reckless"):
        state.apply_action(Pass())


def test_cmd_k35_after_its_attack_the_main_phase_may_end() -> None:
    """K35: once the Golem has attacked (4 to Integrity, 2 back from the Warden), Pass is legal again."""
    state = start({"turn": 3, "players": [{"arena": ["Cinder Golem"]}, {"arena": ["Ridge Recruit"]}]})
    golem = entity(state, 0, "Cinder Golem")
    state.apply_action(DeclareAttack(golem.id))
    state.apply_action(ChooseTarget(player_target(1)))
    state.apply_action(NoIntercept())
    while state.combat is not None:
        state.apply_action(Pass())
    assert state.integrity == [20, 16]
    assert golem.damage == 2
    assert (state.prompt.phase, state.prompt.player) == (Phase.PRIORITY, 0)
    assert Pass() in state.legal_actions()
    state.apply_action(Pass())
    assert state.prompt.player == 1


def test_cmd_k35_a_golem_that_cannot_attack_does_not_hold_the_turn() -> None:
    """R12 "could legally attack": a Golem played this turn (Deployment Fatigue) does not forbid Pass."""
    state = start(
        {"turn": 3, "players": [{"hand": ["Cinder Golem"], "unused": "2G 1F"}, {"arena": ["Ridge Recruit"]}]}
    )
    golem = in_hand(state, 0, "Cinder Golem")
    state.apply_action(Play(golem))
    while state.queue:
        state.apply_action(Pass())
    assert state.permanent(golem) is not None
    assert (state.prompt.phase, state.prompt.player) == (Phase.PRIORITY, 0)
    assert DeclareAttack(golem) not in state.legal_actions()
    assert Pass() in state.legal_actions()


def test_cmd_k35_an_exhausted_golem_does_not_hold_the_turn() -> None:
    """R12: an Exhausted Reckless Entity can't attack, so the Main Phase may end."""
    state = start(
        {
            "turn": 3,
            "players": [
                {"arena": [{"card": "Cinder Golem", "exhausted": True}]},
                {"arena": ["Ridge Recruit"]},
            ],
        }
    )
    assert Pass() in state.legal_actions()


def test_cmd_k35_passing_with_items_on_the_queue_stays_legal() -> None:
    """R12 binds only the end of the Main Phase: with Spark on the Queue, seat 0 may pass to resolve it."""
    state = start(
        {
            "turn": 3,
            "players": [
                {"hand": ["Spark"], "unused": "1F", "arena": ["Cinder Golem"]},
                {"arena": ["Ridge Recruit"]},
            ],
        }
    )
    recruit = entity(state, 1, "Ridge Recruit")
    state.apply_action(Play(in_hand(state, 0, "Spark")))
    state.apply_action(ChooseTarget(recruit.id))
    state.apply_action(Pass())  # seat 1
    assert (state.prompt.player, len(state.queue)) == (0, 1)
    assert Pass() in state.legal_actions()
    state.apply_action(Pass())
    assert recruit.damage == 2
    assert state.queue == []
    assert Pass() not in state.legal_actions()  # the Main Phase again, with the Golem still able to attack
