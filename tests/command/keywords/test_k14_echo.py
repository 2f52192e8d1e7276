"""K14 Echo (Time): the Rite may be cast from Scrap by paying its cost; it is then Obliterated (R15, DX15).

Chronovoid's Echoing Glimpse (1T, Foresight 2, Echo). A Rite cast from Scrap that is countered is Obliterated
too (R23): the mirror match lets seat 1 answer with Null Ward (1VT, Nullify Rite, Fast Speed).
"""

from __future__ import annotations

from command_scenarios import card_in, resolve_queue, starter

from shardgames.command.actions import ChooseTarget, Foresee, Play
from shardgames.command.events import CardMoved, CardPlayed
from shardgames.command.phases import Phase
from shardgames.command.state import CommandState

start = starter("chronovoid,pyre")


def keep_all(state: CommandState) -> list[object]:
    """Answer every Foresight decision with "keep on top"; the events."""
    events: list[object] = []
    while state.prompt.phase is Phase.FORESIGHT:
        events.extend(state.apply_action(Foresee(bottom=False)))
    return events


def glimpse_in_scrap(stones: str) -> tuple[CommandState, int]:
    """Turn 3: Echoing Glimpse lies in seat 0's Scrap; seat 0 has `stones` Unused."""
    state = start(
        {
            "turn": 3,
            "players": [
                {
                    "scrap": ["Echoing Glimpse"],
                    "unused": stones,
                    "pool": "2G",
                    "deck_top": ["Stall", "Hush"],
                    "sovereign_exhausted": True,
                },
                {"sovereign_exhausted": True},
            ],
        }
    )
    return state, card_in(state, state.scrap[0], "Echoing Glimpse")


def test_cmd_dx15_echo_cast_from_scrap_is_obliterated_after_resolving() -> None:
    """DX15: Echoing Glimpse is cast from Scrap for 1T, resolves (Foresight 2), and is Obliterated."""
    state, glimpse = glimpse_in_scrap("1G 1T")
    assert Play(glimpse) in state.legal_actions()
    events = state.apply_action(Play(glimpse))
    assert CardPlayed(0, glimpse, "Echoing Glimpse", True) in events
    assert state.scrap[0] == ()
    resolve_queue(state)
    assert state.prompt.phase is Phase.FORESIGHT
    events = keep_all(state)
    assert CardMoved(glimpse, "Echoing Glimpse", "Queue", "Obliterated") in events
    assert state.scrap[0] == ()
    assert state.obliterated[0] == (glimpse,)
    assert sum(state.unused[0]) == 0  # its cost was paid


def test_cmd_k14_echo_from_scrap_needs_its_cost() -> None:
    """K14 "by paying its cost": with only 1 Generic Stone the Glimpse in Scrap is not playable."""
    state, glimpse = glimpse_in_scrap("1G")
    assert Play(glimpse) not in state.legal_actions()


def test_cmd_k14_cast_from_hand_it_goes_to_scrap_and_can_echo_later() -> None:
    """R15: cast from hand the Rite goes to Scrap as usual; from there Echo may cast it again."""
    state = start(
        {
            "turn": 3,
            "players": [
                {"hand": ["Echoing Glimpse"], "unused": "2G 2T", "pool": "2G", "deck_top": ["Stall", "Hush"]},
                {"sovereign_exhausted": True},
            ],
        }
    )
    glimpse = card_in(state, state.hands[0], "Echoing Glimpse")
    state.apply_action(Play(glimpse))
    resolve_queue(state)
    keep_all(state)
    assert state.scrap[0] == (glimpse,)
    assert state.obliterated[0] == ()
    assert Play(glimpse) in state.legal_actions()
    state.apply_action(Play(glimpse))
    resolve_queue(state)
    keep_all(state)
    assert (state.scrap[0], state.obliterated[0]) == ((), (glimpse,))


def test_cmd_k14_a_countered_echo_cast_is_obliterated() -> None:
    """R23: an Echo cast Nullified by the opponent's Null Ward is Obliterated, not put back in Scrap."""
    state = start(
        {
            "turn": 3,
            "players": [
                {"scrap": ["Echoing Glimpse"], "unused": "1G 1T", "pool": "2G", "sovereign_exhausted": True},
                {"hand": ["Null Ward"], "unused": "1G 1V 1T", "sovereign_exhausted": True},
            ],
        },
        decks="chronovoid,chronovoid",
    )
    glimpse = card_in(state, state.scrap[0], "Echoing Glimpse")
    ward = card_in(state, state.hands[1], "Null Ward")
    state.apply_action(Play(glimpse))
    assert state.prompt.player == 1
    state.apply_action(Play(ward))
    state.apply_action(ChooseTarget(glimpse))
    resolve_queue(state)
    assert state.prompt.phase is Phase.PRIORITY  # no Foresight: the Glimpse never resolved
    assert state.obliterated == [(glimpse,), ()]
    assert state.scrap == [(), (ward,)]
