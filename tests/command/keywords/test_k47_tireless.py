"""K47 Tireless (Life): it doesn't Exhaust when it attacks, once a turn, so it can Intercept (R12, DX20).

Tidewell carries it on Grove Tender (1L, 1/2); the Tidemother aura also gives it Regenerate. Stoneguard's
Gale Runner (1/1) and Ridge Recruit (2/3) are the opponents.
"""

from __future__ import annotations

import pytest
from command_scenarios import entity, fight, starter

from shardgames.command.actions import ChooseTarget, DeclareAttack, Intercept, NoIntercept, Pass
from shardgames.command.events import Exhausted, Intercepted
from shardgames.command.objects import Permanent, player_target
from shardgames.command.phases import Phase
from shardgames.command.state import CommandState
from shardgames.kernel.errors import IllegalActionError

start = starter("tidewell,stoneguard")


POSITION = {
    "turn": 3,
    "players": [
        {"arena": ["Grove Tender"]},
        {"arena": [{"card": "Gale Runner", "exhausted": True}, {"card": "Ridge Recruit", "exhausted": True}]},
    ],
}


def tender_attacks_the_runner(state: CommandState) -> tuple[Permanent, Permanent]:
    """The Grove Tender attacks the Exhausted Gale Runner and kills it; the Tender and the Runner."""
    tender = entity(state, 0, "Grove Tender")
    runner = entity(state, 1, "Gale Runner")
    state.apply_action(DeclareAttack(tender.id))
    state.apply_action(ChooseTarget(runner.id))
    fight(state)
    return tender, runner


def test_cmd_k47_tireless_attacks_without_exhausting_but_only_once() -> None:
    """DX20, R12: the Tender stays Ready after its attack, and a second attack this turn is illegal."""
    state = start(POSITION)
    tender, runner = tender_attacks_the_runner(state)
    assert state.scrap[1] == (runner.id,)
    assert not tender.exhausted
    assert Exhausted(tender.id) not in state.events
    assert (state.prompt.phase, state.prompt.player) == (Phase.PRIORITY, 0)
    assert DeclareAttack(tender.id) not in state.legal_actions()
    with pytest.raises(IllegalActionError):
        state.apply_action(DeclareAttack(tender.id))


def test_cmd_dx20_the_ready_tender_intercepts_on_the_opponents_turn() -> None:
    """DX20: on turn 4 the Tender, still Ready, Intercepts the Ridge Recruit."""
    state = start(POSITION)
    tender, _ = tender_attacks_the_runner(state)
    recruit = entity(state, 1, "Ridge Recruit")
    turn = state.turn
    while state.turn == turn:
        state.apply_action(Pass())
    assert (state.turn, state.active) == (4, 1)
    assert not tender.exhausted
    state.apply_action(DeclareAttack(recruit.id))
    state.apply_action(ChooseTarget(player_target(0)))
    assert (state.prompt.phase, state.prompt.player) == (Phase.INTERCEPT, 0)
    assert set(state.legal_actions()) == {Intercept(tender.id), NoIntercept()}
    state.apply_action(Intercept(tender.id))
    while state.combat is not None:
        state.apply_action(Pass())
    assert Intercepted(recruit.id, (tender.id,)) in state.events
    assert recruit.damage == 1
    assert state.scrap[0] == (tender.id,)
    assert state.integrity == [20, 20]
