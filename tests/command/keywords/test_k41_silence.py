"""K41 Silence (Void): the opponent can't play Fast Speed Rites this turn, but may still use abilities (R11).

Chronovoid carries it on Hush (VT, Silence, Fast Speed). Both seats play Chronovoid here, so the
opponent holds Fast Rites (Null Ward, Stall, Blankout) and a Sovereign ability (the Silent Archivist's
"Exhaust: Foresight 2").
"""

from __future__ import annotations

from command_scenarios import in_hand, resolve_queue, starter

from shardgames.command.actions import Activate, ChooseTarget, Pass, Play
from shardgames.command.events import StatusChanged
from shardgames.command.objects import PLAYERS

start = starter("chronovoid,chronovoid")


POSITION = {
    "turn": 3,
    "players": [
        {"hand": ["Hush", "Echoing Glimpse"], "unused": "2G 1V 2T", "arena": ["Blink Duelist"]},
        {"hand": ["Null Ward", "Stall", "Blankout"], "unused": "3G 2V 2T"},
    ],
}


def test_cmd_k41_hush_stops_the_opponents_fast_rites_but_not_their_abilities() -> None:
    """K41, R11: after Hush, Null Ward and Stall can't answer Echoing Glimpse; the Sovereign ability can."""
    state = start(POSITION)
    state.apply_action(Play(in_hand(state, 0, "Hush")))
    resolve_queue(state)
    assert StatusChanged(PLAYERS + 1, "Silenced: no Fast Speed Rites this turn") in state.events
    assert state.prompt.player == 0
    glimpse = in_hand(state, 0, "Echoing Glimpse")
    state.apply_action(Play(glimpse))
    assert [item.source for item in state.queue] == [glimpse]
    assert state.prompt.player == 1
    legal = state.legal_actions()
    assert Play(in_hand(state, 1, "Null Ward")) not in legal
    assert Play(in_hand(state, 1, "Stall")) not in legal
    assert Play(in_hand(state, 1, "Blankout")) not in legal
    assert Activate(state.game.sovereign_id(1), 0) in legal


def test_cmd_k41_hush_itself_can_be_answered_while_it_is_on_the_queue() -> None:
    """K41: Silence acts when it resolves: with Hush on the Queue, seat 1 may still Null Ward it."""
    state = start(POSITION)
    hush = in_hand(state, 0, "Hush")
    state.apply_action(Play(hush))
    ward = in_hand(state, 1, "Null Ward")
    assert Play(ward) in state.legal_actions()
    state.apply_action(Play(ward))
    state.apply_action(ChooseTarget(hush))
    resolve_queue(state)
    assert state.scrap == [(hush,), (ward,)]
    assert not any(isinstance(e, StatusChanged) and e.object == PLAYERS + 1 for e in state.events)
    state.apply_action(Play(in_hand(state, 0, "Echoing Glimpse")))
    assert Play(in_hand(state, 1, "Stall")) in state.legal_actions()


def test_cmd_k41_silence_ends_with_the_turn() -> None:
    """K41 "this turn": on its own turn 4 the silenced seat may play Blankout again."""
    state = start(POSITION)
    state.apply_action(Play(in_hand(state, 0, "Hush")))
    resolve_queue(state)
    turn = state.turn
    while state.turn == turn:
        state.apply_action(Pass())
    assert (state.turn, state.active, state.prompt.player) == (4, 1, 1)
    assert Play(in_hand(state, 1, "Blankout")) in state.legal_actions()
