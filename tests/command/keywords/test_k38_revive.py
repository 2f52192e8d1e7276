"""K38 Revive to Hand (Life): an Entity goes from your Scrap to your hand, with no Echo marker (R15).

Tidewell carries it on Second Spring (L). Grove Tender (1L, 1/2, Tireless) is the Entity revived; Pyre,
the opponent, has Spark (F, Deal 2 Dmg).
"""

from __future__ import annotations

from command_scenarios import in_hand, resolve_queue, starter

from shardgames.command.actions import ChooseTarget, Pass, Play
from shardgames.command.events import CardMoved

start = starter("tidewell,pyre")


POSITION = {
    "turn": 3,
    "players": [
        {"hand": ["Second Spring"], "unused": "2G 2L", "scrap": ["Grove Tender", "Frost Snare"]},
        {"hand": ["Spark"], "unused": "1F", "scrap": ["Ash Hound"]},
    ],
}


def test_cmd_k38_second_spring_puts_an_entity_from_your_scrap_into_your_hand() -> None:
    """K38: only the Entity in your own Scrap is a target; Grove Tender goes to hand, the Rite to Scrap."""
    state = start(POSITION)
    tender, snare = state.scrap[0]
    spring = in_hand(state, 0, "Second Spring")
    state.apply_action(Play(spring))
    assert state.legal_actions() == (ChooseTarget(tender),)
    state.apply_action(ChooseTarget(tender))
    resolve_queue(state)
    assert list(state.hands[0]) == [tender]
    assert state.scrap[0] == (snare, spring)
    assert len(state.scrap[1]) == 1
    assert CardMoved(tender, "Grove Tender", "Scrap", "hand") in state.events
    assert state.view(1).hands[0].cards == (tender,)  # E7: it came from the Scrap zone, in plain sight


def test_cmd_r15_a_revived_entity_carries_no_echo_marker_and_goes_to_scrap_again() -> None:
    """R15 "Revive to Hand gives no marker": replayed, the Tender is unmarked; destroyed, it goes to Scrap."""
    state = start(POSITION)
    tender, _ = state.scrap[0]
    state.apply_action(Play(in_hand(state, 0, "Second Spring")))
    state.apply_action(ChooseTarget(tender))
    resolve_queue(state)
    state.apply_action(Play(tender))
    resolve_queue(state)
    replayed = state.permanent(tender)
    assert replayed is not None
    assert not replayed.echo

    turn = state.turn
    while state.turn == turn:
        state.apply_action(Pass())
    assert state.active == 1
    state.apply_action(Play(in_hand(state, 1, "Spark")))
    state.apply_action(ChooseTarget(tender))
    resolve_queue(state)
    assert state.permanent(tender) is None
    assert state.scrap[0][-1] == tender
    assert state.obliterated[0] == ()


def test_cmd_k38_second_spring_cannot_be_played_without_an_entity_in_your_scrap() -> None:
    """K38, R22: an Entity in the opponent's Scrap is no target, so Second Spring is not playable."""
    state = start(
        {
            "turn": 3,
            "players": [
                {"hand": ["Second Spring"], "unused": "1L", "scrap": ["Frost Snare"]},
                {"scrap": ["Ash Hound"]},
            ],
        }
    )
    assert Play(in_hand(state, 0, "Second Spring")) not in state.legal_actions()
