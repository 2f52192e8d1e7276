"""K13 Draw # Card (Water): draw # cards (from the top of the Main Deck; an empty deck loses, CMD-46).

Stoneguard's Windcaller (2A, 1/2, "When this enters the Arena: Draw 1") and Tidewell's Deepwater Leviathan
(4W, 4/5, the same trigger) against Pyre. The draw from a known top is immediate; from the unknown part of the
deck it is a chance node (E2, E3), applied by hand with ``chance=explicit``.
"""

from __future__ import annotations

from typing import Any

from command_scenarios import in_hand, names, resolve_queue, starter

from shardgames.command.actions import DrawCard, Play
from shardgames.command.events import CardDrawn, DeckEmpty
from shardgames.command.state import CommandState
from shardgames.kernel.state import CHANCE

start = starter("stoneguard,pyre")


def windcaller(deck: dict[str, Any], chance: str = "auto") -> CommandState:
    """Turn 3: seat 0 (holding a Stone Skin too) plays Windcaller; the Queue resolves up to the draw."""
    state = start(
        {
            "turn": 3,
            "players": [{"hand": ["Windcaller", "Stone Skin"], "unused": "2G 1A", "pool": "2G", **deck}, {}],
        },
        chance=chance,
    )
    state.apply_action(Play(in_hand(state, 0, "Windcaller")))
    resolve_queue(state)
    return state


def test_cmd_k13_windcaller_draws_the_top_card() -> None:
    """K13: Windcaller enters; seat 0 draws the known top card, a Ridge Golem; the deck has one card less."""
    state = windcaller({"deck_top": ["Ridge Golem", "Sky Lancer"], "deck": ["Ridge Recruit"]})
    assert sorted(names(state, state.hands[0])) == ["Ridge Golem", "Stone Skin"]
    assert len(state.decks[0]) == 2
    drawn = [e for e in state.events if isinstance(e, CardDrawn)]
    assert [(e.seat, e.name) for e in drawn] == [(0, "Ridge Golem")]
    assert [state.game.infos[p.kind].name for p in state.arena] == ["Windcaller"]


def test_cmd_k13_a_draw_from_the_unknown_deck_is_a_chance_node() -> None:
    """E2, E3: from an unknown deck of a Golem and 2 Lancers the draw is chance, weighted 1:2."""
    state = windcaller({"deck": ["Ridge Golem", "Sky Lancer", "Sky Lancer"]}, chance="explicit")
    assert state.current_player == CHANCE
    game = state.game
    kinds = {info.name: info.kind for info in game.infos}
    outcomes = dict(state.chance_outcomes())
    assert outcomes == {DrawCard(kinds["Ridge Golem"]): 1 / 3, DrawCard(kinds["Sky Lancer"]): 2 / 3}
    state.apply_action(DrawCard(kinds["Sky Lancer"]))
    assert sorted(names(state, state.hands[0])) == ["Sky Lancer", "Stone Skin"]
    assert sorted(names(state, state.decks[0].cards())) == ["Ridge Golem", "Sky Lancer"]


def test_cmd_k13_drawing_from_an_empty_deck_loses() -> None:
    """CMD-46, R30: Windcaller's Draw 1 with an empty deck: seat 0 loses at once."""
    state = windcaller({"deck": []})
    assert any(isinstance(e, DeckEmpty) and e.seat == 0 for e in state.events)
    assert state.is_terminal()
    assert state.winner == 1


def test_cmd_k13_deepwater_leviathan_draws_one() -> None:
    """K13 on Tidewell: Deepwater Leviathan enters; seat 0 draws its known top card, a Frost Snare."""
    state = start(
        {
            "turn": 3,
            "players": [
                {
                    "hand": ["Deepwater Leviathan"],
                    "unused": "4G 1W",
                    "pool": "2G",
                    "deck_top": ["Frost Snare"],
                },
                {},
            ],
        },
        decks="tidewell,pyre",
    )
    state.apply_action(Play(in_hand(state, 0, "Deepwater Leviathan")))
    resolve_queue(state)
    assert sorted(names(state, state.hands[0])) == ["Frost Snare"]
