"""K44 Surge (Fire): no Deployment Fatigue, so it can attack the turn it enters (CMD-19, R13, DX4).

Pyre carries it on Ember Sprite (F, 1/1); Pyre's Ash Hound (1F, 3/2) has none. Stoneguard defends; its
Sovereign, the Warden of the Ridge, has Force 2.
"""

from __future__ import annotations

from command_scenarios import entity, in_hand, resolve_queue, starter

from shardgames.command.actions import ChooseTarget, DeclareAttack, Intercept, NoIntercept, Pass, Play
from shardgames.command.objects import player_target
from shardgames.command.phases import Phase
from shardgames.command.state import CommandState

start = starter("pyre,stoneguard")


def play(state: CommandState, name: str) -> int:
    """Seat 0 plays the card and it resolves; its number."""
    card = in_hand(state, 0, name)
    state.apply_action(Play(card))
    resolve_queue(state)
    return card


def test_cmd_k44_a_fresh_entity_cannot_attack_but_a_fresh_surge_entity_can() -> None:
    """DX4: Ash Hound and Ember Sprite both enter this turn; only the Sprite (Surge) may attack."""
    state = start(
        {
            "turn": 3,
            "players": [
                {"hand": ["Ash Hound", "Ember Sprite"], "unused": "1G 2F"},
                {"arena": ["Ridge Recruit"]},
            ],
        }
    )
    hound = play(state, "Ash Hound")
    sprite = play(state, "Ember Sprite")
    assert state.permanent(hound) is not None
    assert state.permanent(sprite) is not None
    assert (state.prompt.phase, state.prompt.player) == (Phase.PRIORITY, 0)
    legal = state.legal_actions()
    assert DeclareAttack(sprite) in legal
    assert DeclareAttack(hound) not in legal
    state.apply_action(DeclareAttack(sprite))
    state.apply_action(ChooseTarget(player_target(1)))
    state.apply_action(NoIntercept())
    while state.combat is not None:
        state.apply_action(Pass())
    assert state.integrity == [20, 19]
    assert state.scrap[0] == (sprite,)  # the Warden's Force 2 strikes back


def test_cmd_dx4_a_fresh_entity_can_intercept() -> None:
    """DX4, R13 "Deployment Fatigue does not prevent intercepting": a Recruit fresh this turn blocks."""
    state = start(
        {
            "turn": 3,
            "players": [
                {"arena": ["Ash Hound"], "sovereign_exhausted": True},
                {"arena": [{"card": "Ridge Recruit", "fresh": True}]},
            ],
        }
    )
    hound = entity(state, 0, "Ash Hound")
    recruit = entity(state, 1, "Ridge Recruit")
    assert recruit.entered == state.turn
    state.apply_action(DeclareAttack(hound.id))
    state.apply_action(ChooseTarget(player_target(1)))
    assert set(state.legal_actions()) == {Intercept(recruit.id), NoIntercept()}
    state.apply_action(Intercept(recruit.id))
    while state.combat is not None:
        state.apply_action(Pass())
    assert state.integrity == [20, 20]
    assert state.scrap == [(hound.id,), (recruit.id,)]  # 3 on the 2/3 Recruit, 2 on the 3/2 Hound
