"""K50 Veiled (Space): the opponent's Rites and abilities can't target it; attacks still can (R12, DX5).

Riftblades carries it on Shade Assassin (1MS, 2/1) and Gatekeeper Colossus (3S, 2/4, Interceptor).
Pyre attacks with Spark (Deal 2 Dmg), Pyre Storm (2 to each opposing Entity), its Sovereign's "Exhaust:
Deal 1 Dmg" and Ash Hound (3/2).
"""

from __future__ import annotations

from command_scenarios import entity, in_hand, resolve_queue, starter

from shardgames.command.actions import Activate, ChooseTarget, DeclareAttack, NoIntercept, Pass, Play
from shardgames.command.objects import PLAYERS, player_target
from shardgames.command.phases import Phase

start = starter("pyre,riftblades")


POSITION = {
    "turn": 3,
    "players": [
        {"hand": ["Spark", "Pyre Storm"], "unused": "4G 2F", "arena": ["Ash Hound"]},
        {"arena": ["Gatekeeper Colossus", "Skyhook Guard"]},
    ],
}


def test_cmd_k50_spark_cannot_target_the_veiled_colossus() -> None:
    """K50: Spark's targets are the Skyhook Guard, seat 0's own Hound and the players, not the Colossus."""
    state = start(POSITION)
    hound = entity(state, 0, "Ash Hound")
    guard = entity(state, 1, "Skyhook Guard")
    state.apply_action(Play(in_hand(state, 0, "Spark")))
    assert set(state.legal_actions()) == {
        ChooseTarget(hound.id),
        ChooseTarget(guard.id),
        ChooseTarget(PLAYERS),
        ChooseTarget(PLAYERS + 1),
    }


def test_cmd_k50_the_opponents_sovereign_ability_cannot_target_it_either() -> None:
    """K50 "Rites or abilities": the Ashen Regent's Deal 1 can't target the Colossus."""
    state = start(POSITION)
    colossus = entity(state, 1, "Gatekeeper Colossus")
    state.apply_action(Activate(state.game.sovereign_id(0), 0))
    assert state.prompt.phase is Phase.TARGET
    assert ChooseTarget(colossus.id) not in state.legal_actions()
    assert ChooseTarget(entity(state, 1, "Skyhook Guard").id) in state.legal_actions()


def test_cmd_k50_an_effect_that_targets_nothing_still_reaches_a_veiled_entity() -> None:
    """K50 is about targeting only: Pyre Storm deals 2 to each opposing Entity, the Colossus included."""
    state = start(POSITION)
    colossus = entity(state, 1, "Gatekeeper Colossus")
    guard = entity(state, 1, "Skyhook Guard")
    state.apply_action(Play(in_hand(state, 0, "Pyre Storm")))
    resolve_queue(state)
    assert (colossus.damage, guard.damage) == (2, 2)


def test_cmd_k50_veiled_does_not_stop_its_controllers_own_rites() -> None:
    """K50 "opponents'": Riftblades' own Banishing Fold may return its Veiled Shade Assassin to hand."""
    state = start(
        {
            "turn": 3,
            "players": [{"hand": ["Banishing Fold"], "unused": "1G 1S", "arena": ["Shade Assassin"]}, {}],
        },
        decks="riftblades,pyre",
    )
    assassin = entity(state, 0, "Shade Assassin")
    state.apply_action(Play(in_hand(state, 0, "Banishing Fold")))
    assert state.legal_actions() == (ChooseTarget(assassin.id),)
    state.apply_action(ChooseTarget(assassin.id))
    resolve_queue(state)
    assert list(state.hands[0]) == [assassin.id]


def test_cmd_dx5_a_veiled_exhausted_entity_can_be_attacked() -> None:
    """DX5: the targets are Integrity and the Exhausted Shade Assassin, not the Ready Skyhook Guard."""
    state = start(
        {
            "turn": 3,
            "players": [
                {"arena": ["Ash Hound"], "sovereign_exhausted": True},
                {"arena": [{"card": "Shade Assassin", "exhausted": True}, "Skyhook Guard"]},
            ],
        }
    )
    hound = entity(state, 0, "Ash Hound")
    assassin = entity(state, 1, "Shade Assassin")
    guard = entity(state, 1, "Skyhook Guard")
    state.apply_action(DeclareAttack(hound.id))
    assert set(state.legal_actions()) == {ChooseTarget(player_target(1)), ChooseTarget(assassin.id)}
    state.apply_action(ChooseTarget(assassin.id))
    assert (state.prompt.phase, state.prompt.player) == (Phase.INTERCEPT, 1)
    state.apply_action(NoIntercept())
    while state.combat is not None:
        state.apply_action(Pass())
    assert state.scrap == [(hound.id,), (assassin.id,)]  # 3 on the 2/1 Assassin, 2 back on the 3/2 Hound
    assert state.permanent(guard.id) is guard
