"""K49 Updraft (Air): the target Entity goes on top of its owner's Main Deck, so it is drawn next.

Stoneguard carries it on Updraft Gust (1A). Windcaller (2A, 1/2) draws 1 when it enters.
"""

from __future__ import annotations

from command_scenarios import entity, in_hand, play, resolve_queue, starter

from shardgames.command.actions import Pass, Play
from shardgames.command.events import CardDrawn, CardMoved
from shardgames.command.state import CommandState

start = starter("stoneguard,pyre")


def gust(state: CommandState, target: int) -> int:
    """Seat 0 plays Updraft Gust at `target` and it resolves; the Gust's number."""
    card = play(state, 0, "Updraft Gust", target)
    resolve_queue(state)
    return card


def test_cmd_k49_the_golem_goes_on_top_of_its_owners_deck_and_is_drawn_next() -> None:
    """K49: the Cinder Golem lands above Spark on seat 1's deck; turn 4 draws Golem, then Spark."""
    state = start(
        {
            "turn": 3,
            "players": [
                {"hand": ["Updraft Gust"], "unused": "1G 1A", "arena": ["Ridge Recruit"]},
                {"hand": [], "deck_top": ["Spark"], "arena": [{"card": "Cinder Golem", "damage": 1}]},
            ],
        }
    )
    golem = entity(state, 1, "Cinder Golem")
    spark = state.decks[1].top[0]
    card = gust(state, golem.id)
    assert state.permanent(golem.id) is None
    assert state.decks[1].top[:2] == [golem.id, spark]
    assert state.scrap == [(card,), ()]
    assert CardMoved(golem.id, "Cinder Golem", "Arena", "deck top") in state.events
    turn = state.turn
    while state.turn == turn:
        state.apply_action(Pass())
    assert (state.turn, state.active) == (4, 1)
    draws = [e for e in state.events if isinstance(e, CardDrawn)]
    assert draws == [CardDrawn(1, golem.id, "Cinder Golem"), CardDrawn(1, spark, "Spark")]
    assert set(state.hands[1]) == {golem.id, spark}


def test_cmd_k49_updraft_your_own_entity_and_draw_it_back_with_windcaller() -> None:
    """K49 on your own Ridge Golem: it tops your deck, and Windcaller's Draw 1 brings it back to hand."""
    state = start(
        {
            "turn": 3,
            "players": [
                {"hand": ["Updraft Gust", "Windcaller"], "unused": "3G 2A", "arena": ["Ridge Golem"]},
                {"arena": ["Ash Hound"]},
            ],
        }
    )
    golem = entity(state, 0, "Ridge Golem")
    gust(state, golem.id)
    assert state.decks[0].top[0] == golem.id
    windcaller = in_hand(state, 0, "Windcaller")
    state.apply_action(Play(windcaller))
    resolve_queue(state)
    assert state.permanent(windcaller) is not None
    assert list(state.hands[0]) == [golem.id]
    assert CardDrawn(0, golem.id, "Ridge Golem") in state.events


def test_cmd_r15_an_echo_marked_entity_updrafted_is_obliterated() -> None:
    """R15: an Echo-marked Dread Knight leaving for the deck is Obliterated instead; the deck is unchanged."""
    state = start(
        {
            "turn": 3,
            "players": [
                {"hand": ["Updraft Gust"], "unused": "1G 1A", "arena": ["Ridge Recruit"]},
                {"arena": [{"card": "Dread Knight", "echo": True}]},
            ],
        }
    )
    knight = entity(state, 1, "Dread Knight")
    size = len(state.decks[1])
    gust(state, knight.id)
    assert state.obliterated[1] == (knight.id,)
    assert len(state.decks[1]) == size
    assert knight.id not in state.decks[1].top
