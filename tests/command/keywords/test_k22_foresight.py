"""K22 Foresight # (Time): look at the top # cards; each stays on top or goes to the bottom (R22).

One decision per card, in deck order; the cards kept on top keep their relative order, and the cards sent to
the bottom go there in their relative order. Chronovoid's Echoing Glimpse (1T, Foresight 2) and its Sovereign,
the Silent Archivist ("Exhaust your Sovereign: Foresight 2"), with a known deck top.
"""

from __future__ import annotations

from typing import Any

from command_scenarios import in_hand, names, resolve_queue, starter

import shardgames as sg
from shardgames.command.actions import Activate, DrawCard, Foresee, Pass, Play
from shardgames.command.events import CardLookedAt
from shardgames.command.phases import Phase
from shardgames.command.state import CommandState

start = starter("chronovoid,pyre")


def glimpse(deck_top: list[str], deck: list[str] | None = None) -> CommandState:
    """Turn 3: seat 0 casts Echoing Glimpse with this known deck top; it resolves up to the first decision."""
    seat0: dict[str, Any] = {
        "hand": ["Echoing Glimpse"],
        "unused": "2G 2T",
        "pool": "2G",
        "deck_top": deck_top,
    }
    seat0["deck"] = deck if deck is not None else []
    state = start({"turn": 3, "players": [seat0, {"sovereign_exhausted": True}]})
    state.apply_action(Play(in_hand(state, 0, "Echoing Glimpse")))
    resolve_queue(state)
    return state


def decide(state: CommandState, *bottoms: bool) -> list[object]:
    """Answer the Foresight decisions in order (True: to the bottom); the events."""
    events: list[object] = []
    for bottom in bottoms:
        assert (state.prompt.player, state.prompt.phase) == (0, Phase.FORESIGHT)
        assert set(state.legal_actions()) == {Foresee(bottom=False), Foresee(bottom=True)}
        events.extend(state.apply_action(Foresee(bottom=bottom)))
    return events


def test_cmd_k22_one_decision_per_card_in_deck_order() -> None:
    """R22: Foresight 2 over Stall, Hush, Blankout: two decisions, about Stall then Hush; Blankout unseen."""
    state = glimpse(["Stall", "Hush", "Blankout"])
    stall, hush, blankout = state.decks[0].top
    events = decide(state, True, False)
    looked = [(e.card, e.bottom) for e in events if isinstance(e, CardLookedAt)]
    assert looked == [(stall, True), (hush, False)]
    assert state.prompt.phase is Phase.PRIORITY  # no third decision
    assert state.decks[0].top == [hush, blankout]
    assert state.decks[0].bottom == [stall]


def test_cmd_k22_kept_cards_keep_their_order_on_top() -> None:
    """R22: both kept: the deck order is unchanged (Stall, Hush, then Blankout)."""
    state = glimpse(["Stall", "Hush", "Blankout"])
    before = list(state.decks[0].top)
    decide(state, False, False)
    assert state.decks[0].top == before
    assert state.decks[0].bottom == []


def test_cmd_k22_cards_sent_to_the_bottom_keep_their_relative_order() -> None:
    """R22: both to the bottom: Blankout is on top; under the deck Stall comes before Hush (Hush last)."""
    state = glimpse(["Stall", "Hush", "Blankout"], ["Null Ward"])
    stall, hush, blankout = state.decks[0].top
    decide(state, True, True)
    assert state.decks[0].top == [blankout]
    assert state.decks[0].bottom == [stall, hush]
    assert len(state.decks[0]) == 4  # Blankout, the unknown Null Ward, Stall, Hush


def test_cmd_k22_the_deck_then_draws_in_the_decided_order() -> None:
    """K22 with CMD-14: after Stall to the bottom and Hush kept, seat 0's deck reads Hush, Blankout, Stall."""
    state = glimpse(["Stall", "Hush", "Blankout"])
    decide(state, True, False)
    deck = state.decks[0]
    assert names(state, [deck.draw(), deck.draw(), deck.draw()]) == ["Hush", "Blankout", "Stall"]


def test_cmd_k22_fewer_cards_than_the_number_means_fewer_decisions() -> None:
    """K22 "the top # cards": with one card left, Foresight 2 asks one decision."""
    state = glimpse(["Stall"])
    decide(state, True)
    assert state.prompt.phase is Phase.PRIORITY
    assert names(state, state.decks[0].bottom) == ["Stall"]


def test_cmd_k22_the_silent_archivist_foresees_two() -> None:
    """Chronovoid's Sovereign: "Exhaust: Foresight 2" on the Queue; on resolution, two decisions."""
    state = start(
        {
            "turn": 3,
            "players": [
                {"deck_top": ["Stall", "Hush"], "deck": [], "pool": "2G"},
                {"sovereign_exhausted": True},
            ],
        }
    )
    stall, hush = state.decks[0].top
    state.apply_action(Activate(state.game.sovereign_id(0), 0))
    assert state.sovereign_exhausted[0]
    while state.queue and state.prompt.phase is Phase.PRIORITY:
        state.apply_action(Pass())
    decide(state, False, True)
    assert (state.decks[0].top, state.decks[0].bottom) == ([stall], [hush])


def test_cmd_k22_looking_into_the_unknown_deck_is_chance() -> None:
    """E2, E3: from an unknown deck each card looked at is a chance node, then decided like a known one."""
    game = sg.load_game("command(decks=(chronovoid,pyre),chance=explicit)")
    state = game.state_from_position(
        {
            "turn": 3,
            "players": [
                {"hand": ["Echoing Glimpse"], "unused": "1G 1T", "pool": "2G", "deck": ["Stall", "Hush"]},
                {"sovereign_exhausted": True},
            ],
        }
    )
    assert isinstance(state, CommandState)
    state.apply_action(Play(in_hand(state, 0, "Echoing Glimpse")))
    while state.queue and state.prompt.phase is Phase.PRIORITY:
        state.apply_action(Pass())
    kinds = {info.name: info.kind for info in game.infos}
    assert state.is_chance_node()
    assert {action.kind for action, _ in state.chance_outcomes()} == {kinds["Stall"], kinds["Hush"]}
    state.apply_action(DrawCard(kinds["Hush"]))
    assert state.is_chance_node()  # the second card: only Stall is left
    assert [action.kind for action, _ in state.chance_outcomes()] == [kinds["Stall"]]
    state.apply_action(DrawCard(kinds["Stall"]))
    decide(state, True, False)
    assert names(state, state.decks[0].top) == ["Stall"]
    assert names(state, state.decks[0].bottom) == ["Hush"]


def test_cmd_k22_the_top_cards_may_be_cards_once_put_at_the_bottom() -> None:
    """K22 "the top # cards": both put under, the deck is Stall, Hush; a second Foresight 2 sees both."""
    state = glimpse(["Stall", "Hush"])
    stall, hush = state.decks[0].top
    decide(state, True, True)
    assert (state.decks[0].top, state.decks[0].bottom) == ([], [stall, hush])
    glimpse_card = state.scrap[0][0]
    state.apply_action(Play(glimpse_card))  # Echo: cast again from Scrap (1T)
    while state.queue and state.prompt.phase is Phase.PRIORITY:
        state.apply_action(Pass())
    events = decide(state, False, True)
    looked = [(e.card, e.bottom) for e in events if isinstance(e, CardLookedAt)]
    assert looked == [(stall, False), (hush, True)]
    assert names(state, [state.decks[0].draw(), state.decks[0].draw()]) == ["Stall", "Hush"]
