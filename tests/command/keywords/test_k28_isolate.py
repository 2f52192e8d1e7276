"""K28 Isolate (Space): the target can't attack or Intercept until the end of your next turn (R12, R13, DX24).

Riftblades carries it on the Rite Exile Beam (S) and on its Sovereign, the Rift Tyrant ("Exhaust your
Sovereign: Isolate"), which is an ability and so can be used on the opponent's turn. Stoneguard's Ridge
Recruit (2/3) is the usual target.
"""

from __future__ import annotations

from command_scenarios import end_turn, entities, in_hand, resolve_queue, starter

from shardgames.command.actions import (
    Activate,
    ChooseTarget,
    DeclareAttack,
    Intercept,
    NoIntercept,
    Pass,
    Play,
)
from shardgames.command.events import StatusChanged
from shardgames.command.objects import player_target
from shardgames.command.phases import Phase

start = starter("riftblades,stoneguard")


def test_cmd_dx24_exile_beam_lasts_through_the_casters_next_turn() -> None:
    """DX24: Isolate cast on A's turn 3 keeps the target from attacking and Intercepting through turn 5."""
    state = start(
        {
            "turn": 3,
            "players": [
                {
                    "hand": ["Exile Beam"],
                    "unused": "1S",
                    "arena": ["Dread Warlord"],
                    "sovereign_exhausted": True,
                },
                {"arena": ["Ridge Recruit", "Gale Runner", "Gale Runner"], "sovereign_exhausted": True},
            ],
        }
    )
    (recruit,) = entities(state, 1, "Ridge Recruit")
    runners = entities(state, 1, "Gale Runner")
    (warlord,) = entities(state, 0, "Dread Warlord")
    beam = in_hand(state, 0, "Exile Beam")
    state.apply_action(Play(beam))
    state.apply_action(ChooseTarget(recruit.id))
    resolve_queue(state)
    assert state.scrap[0] == (beam,)
    assert recruit.isolated_until == 5
    assert StatusChanged(recruit.id, "Isolated through turn 5") in state.events

    end_turn(state)  # turn 4, seat 1: the Recruit can't attack
    assert (state.turn, state.active) == (4, 1)
    assert not recruit.exhausted
    assert DeclareAttack(recruit.id) not in state.legal_actions()
    assert DeclareAttack(runners[0].id) in state.legal_actions()

    end_turn(state)  # turn 5, seat 0: the Recruit can't Intercept
    assert (state.turn, state.active) == (5, 0)
    state.apply_action(DeclareAttack(warlord.id))
    state.apply_action(ChooseTarget(player_target(1)))
    assert state.prompt.phase is Phase.INTERCEPT
    assert set(state.legal_actions()) == {Intercept(runners[0].id), Intercept(runners[1].id), NoIntercept()}
    state.apply_action(NoIntercept())
    while state.combat is not None:
        state.apply_action(Pass())
    assert state.integrity[1] == 16

    end_turn(state)  # turn 6, seat 1: the Isolation is over
    assert (state.turn, state.active) == (6, 1)
    assert DeclareAttack(recruit.id) in state.legal_actions()


def test_cmd_k28_isolated_entity_is_left_out_of_the_interceptors() -> None:
    """K28, R13 "Eligible: not Isolated": after Exile Beam only the two other Recruits may Intercept."""
    state = start(
        {
            "turn": 3,
            "players": [
                {
                    "hand": ["Exile Beam"],
                    "unused": "1S",
                    "arena": ["Dread Warlord"],
                    "sovereign_exhausted": True,
                },
                {"arena": ["Ridge Recruit"] * 3, "sovereign_exhausted": True},
            ],
        }
    )
    isolated, other, third = entities(state, 1, "Ridge Recruit")
    (warlord,) = entities(state, 0, "Dread Warlord")
    state.apply_action(Play(in_hand(state, 0, "Exile Beam")))
    state.apply_action(ChooseTarget(isolated.id))
    resolve_queue(state)
    state.apply_action(DeclareAttack(warlord.id))
    state.apply_action(ChooseTarget(player_target(1)))
    assert set(state.legal_actions()) == {Intercept(other.id), Intercept(third.id), NoIntercept()}


def test_cmd_k28_sovereign_isolate_on_the_opponents_turn_lasts_through_the_casters_next_turn() -> None:
    """K28 "until the end of your next turn": cast on the opponent's turn 4, it ends after turn 5."""
    state = start(
        {
            "turn": 4,
            "active": 0,
            "players": [
                {"arena": ["Ridge Recruit"], "sovereign_exhausted": True},
                {"arena": []},
            ],
        },
        decks="stoneguard,riftblades",
    )
    (recruit,) = entities(state, 0, "Ridge Recruit")
    tyrant = state.game.sovereign_id(1)
    assert DeclareAttack(recruit.id) in state.legal_actions()
    state.apply_action(Pass())  # seat 0 offers to end the Main Phase; seat 1 answers with its Sovereign
    assert state.prompt.player == 1
    state.apply_action(Activate(tyrant, 0))
    state.apply_action(ChooseTarget(recruit.id))
    assert state.sovereign_exhausted[1]
    resolve_queue(state)
    assert (state.turn, state.prompt.player) == (4, 0)
    assert recruit.isolated_until == 5
    assert DeclareAttack(recruit.id) not in state.legal_actions()

    end_turn(state)  # turn 5: the caster's next turn
    end_turn(state)  # turn 6: seat 0 may attack again
    assert (state.turn, state.active) == (6, 0)
    assert DeclareAttack(recruit.id) in state.legal_actions()
