"""K37 Return to Hand (Space): the target Entity goes to its owner's hand (R15, CMD-39 replacements apply).

Riftblades carries it on Banishing Fold (1S).
"""

from __future__ import annotations

from command_scenarios import entity, play, resolve_queue, starter

from shardgames.command.actions import Play
from shardgames.command.events import CardMoved
from shardgames.command.state import CommandState

start = starter("riftblades,stoneguard")


def fold(state: CommandState, target: int) -> int:
    """Seat 0 plays Banishing Fold at `target`, and it resolves; the Fold's number."""
    card = play(state, 0, "Banishing Fold", target)
    resolve_queue(state)
    return card


def test_cmd_k37_banishing_fold_returns_the_golem_to_its_owners_hand() -> None:
    """K37: the damaged, upgraded Ridge Golem leaves the Arena for seat 1's hand; its marks are gone."""
    state = start(
        {
            "turn": 3,
            "players": [
                {"hand": ["Banishing Fold"], "unused": "1G 1S", "arena": ["Rift Stalker"]},
                {"hand": [], "arena": [{"card": "Ridge Golem", "damage": 2, "upgrades": 1}]},
            ],
        }
    )
    golem = entity(state, 1, "Ridge Golem")
    card = fold(state, golem.id)
    assert state.permanent(golem.id) is None
    assert list(state.hands[1]) == [golem.id]
    assert state.scrap == [(card,), ()]
    assert CardMoved(golem.id, "Ridge Golem", "Arena", "hand") in state.events
    assert state.view(0).hands[1].cards == (golem.id,)  # E7: it came from the Arena, in plain sight


def test_cmd_k37_returning_your_own_entity_lets_you_play_it_again() -> None:
    """K37 on your own Cutthroat: it comes back to hand and, played again, costs Pay 1 Integrity again."""
    state = start(
        {
            "turn": 3,
            "players": [{"hand": ["Banishing Fold"], "unused": "2G 1S 1M", "arena": ["Cutthroat"]}, {}],
        }
    )
    cutthroat = entity(state, 0, "Cutthroat")
    fold(state, cutthroat.id)
    assert list(state.hands[0]) == [cutthroat.id]
    state.apply_action(Play(cutthroat.id))
    resolve_queue(state)
    again = state.permanent(cutthroat.id)
    assert again is not None
    assert again is not cutthroat
    assert state.integrity == [19, 20]


def test_cmd_r15_an_echo_marked_entity_returned_to_hand_is_obliterated() -> None:
    """R15 "A marked card that leaves the Arena for any reason is Obliterated": not to the hand."""
    state = start(
        {
            "turn": 3,
            "players": [
                {"hand": ["Banishing Fold"], "unused": "1G 1S"},
                {"hand": [], "arena": [{"card": "Dread Knight", "echo": True}]},
            ],
        },
        decks="riftblades,pyre",
    )
    knight = entity(state, 1, "Dread Knight")
    fold(state, knight.id)
    assert state.permanent(knight.id) is None
    assert len(state.hands[1]) == 0
    assert state.obliterated[1] == (knight.id,)


def test_cmd_k37_a_returned_token_ceases_to_exist() -> None:
    """CMD-39, R28: a Swarm token sent to the hand ceases to exist; its owner's hand does not grow."""
    state = start(
        {
            "turn": 3,
            "players": [
                {"hand": ["Banishing Fold"], "unused": "1G 1S"},
                {"hand": [], "arena": [{"token": True}]},
            ],
        },
        decks="riftblades,tidewell",
    )
    (token,) = state.arena
    fold(state, token.id)
    assert state.arena == []
    assert len(state.hands[1]) == 0
    assert (state.scrap[1], state.obliterated[1]) == ((), ())
