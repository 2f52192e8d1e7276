"""K29 Loot (Water): draw 1, then the same player chooses a card to discard (R22).

Tidewell's Tide Scholar (1W, 1/2) Loots when it enters the Arena; the trigger resolves in the same run
as the Scholar itself (R10 c). Known top cards ("deck_top") make the draw exact.
"""

from __future__ import annotations

from command_scenarios import in_hand, starter

from shardgames.command.actions import Discard, Pass, Play
from shardgames.command.events import CardDiscarded, CardDrawn
from shardgames.command.phases import Phase
from shardgames.command.state import CommandState

start = starter("tidewell,pyre")


def scholar_enters() -> tuple[CommandState, int, int, int]:
    """Seat 0 plays Tide Scholar holding Frost Snare, with Undertow on top of its deck; both pass."""
    state = start(
        {
            "turn": 3,
            "players": [
                {"hand": ["Tide Scholar", "Frost Snare"], "deck_top": ["Undertow"], "unused": "1G 1W"},
                {},
            ],
        }
    )
    scholar = in_hand(state, 0, "Tide Scholar")
    snare = in_hand(state, 0, "Frost Snare")
    undertow = state.decks[0].top[0]
    state.apply_action(Play(scholar))
    while state.prompt.phase is Phase.PRIORITY:
        state.apply_action(Pass())
    return state, scholar, snare, undertow


def test_cmd_k29_loot_draws_then_the_same_player_discards() -> None:
    """K29, R22 "draw, then the same player chooses a card to discard": seat 0 draws Undertow and chooses."""
    state, scholar, snare, undertow = scholar_enters()
    assert state.permanent(scholar) is not None
    assert state.prompt.phase is Phase.DISCARD
    assert state.prompt.player == 0
    assert set(state.hands[0]) == {snare, undertow}
    assert set(state.legal_actions()) == {Discard(snare), Discard(undertow)}
    state.apply_action(Discard(snare))
    assert list(state.hands[0]) == [undertow]
    assert state.scrap[0] == (snare,)
    drawn = state.events.index(CardDrawn(0, undertow, "Undertow"))
    discarded = state.events.index(CardDiscarded(0, snare, "Frost Snare"))
    assert drawn < discarded
    assert state.prompt.phase is Phase.PRIORITY
    assert state.prompt.player == 0


def test_cmd_k29_loot_may_discard_the_card_just_drawn() -> None:
    """K29: the discard is any card of the hand, the new one included: Undertow goes straight to Scrap."""
    state, _, snare, undertow = scholar_enters()
    state.apply_action(Discard(undertow))
    assert list(state.hands[0]) == [snare]
    assert state.scrap[0] == (undertow,)
    assert len(state.decks[0]) == 40 - 3  # Scholar, Snare and Undertow left the deck


def test_cmd_k29_loot_with_an_empty_hand_discards_the_drawn_card() -> None:
    """K29: with no other card in hand, the one drawn is the only choice, and it is still asked for (E4)."""
    state = start(
        {"turn": 3, "players": [{"hand": ["Tide Scholar"], "deck_top": ["Undertow"], "unused": "1G 1W"}, {}]}
    )
    state.apply_action(Play(in_hand(state, 0, "Tide Scholar")))
    while state.prompt.phase is Phase.PRIORITY:
        state.apply_action(Pass())
    (undertow,) = state.hands[0]
    assert state.prompt.phase is Phase.DISCARD
    assert state.legal_actions() == (Discard(undertow),)
    state.apply_action(Discard(undertow))
    assert len(state.hands[0]) == 0
    assert state.scrap[0] == (undertow,)
