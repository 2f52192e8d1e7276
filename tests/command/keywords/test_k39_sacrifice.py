"""K39 Sacrifice an Entity (Death): an additional cost: send an Entity you control to Scrap (C.5 prompts).

Pyre carries it on Blood Pact (1D, Sacrifice an Entity + Destroy Entity). The target is chosen first,
then the sacrifice; the card can't be played with no Entity to sacrifice.
"""

from __future__ import annotations

from command_scenarios import entity, in_hand, resolve_queue, starter

from shardgames.command.actions import ChooseTarget, Play
from shardgames.command.events import StatusChanged
from shardgames.command.phases import Phase

start = starter("pyre,stoneguard")


def test_cmd_k39_blood_pact_asks_for_the_sacrifice_after_the_target() -> None:
    """K39: the sacrifice prompt offers seat 0's Entities (not its Item); the Hound goes to Scrap at once."""
    state = start(
        {
            "turn": 3,
            "players": [
                {
                    "hand": ["Blood Pact"],
                    "unused": "1G 1D",
                    "arena": ["Ash Hound", "Ember Sprite", "Ashen Shrine"],
                },
                {"arena": ["Ridge Golem"]},
            ],
        }
    )
    hound = entity(state, 0, "Ash Hound")
    sprite = entity(state, 0, "Ember Sprite")
    golem = entity(state, 1, "Ridge Golem")
    pact = in_hand(state, 0, "Blood Pact")
    state.apply_action(Play(pact))
    assert state.prompt.phase is Phase.TARGET
    state.apply_action(ChooseTarget(golem.id))
    assert (state.prompt.phase, state.prompt.player) == (Phase.SACRIFICE, 0)
    assert set(state.legal_actions()) == {ChooseTarget(hound.id), ChooseTarget(sprite.id)}
    state.apply_action(ChooseTarget(hound.id))
    assert state.permanent(hound.id) is None
    assert state.scrap[0] == (hound.id,)
    assert StatusChanged(hound.id, "sacrificed") in state.events
    assert [item.source for item in state.queue] == [pact]
    resolve_queue(state)
    assert state.scrap == [(hound.id, pact), (golem.id,)]
    assert state.permanent(sprite.id) is sprite


def test_cmd_k39_blood_pact_is_not_playable_without_an_entity_to_sacrifice() -> None:
    """K39: an Item is no Entity; with only Ashen Shrine, Blood Pact can't be played, target or not."""
    state = start(
        {
            "turn": 3,
            "players": [
                {"hand": ["Blood Pact"], "unused": "1G 1D", "arena": ["Ashen Shrine"]},
                {"arena": ["Ridge Golem"]},
            ],
        }
    )
    assert Play(in_hand(state, 0, "Blood Pact")) not in state.legal_actions()


def test_cmd_k39_the_sacrifice_stays_paid_when_blood_pact_is_countered() -> None:
    """K39: Null Ward counters Blood Pact: the sacrificed Hound stays in Scrap and the Knight survives."""
    state = start(
        {
            "turn": 3,
            "players": [
                {
                    "hand": ["Blood Pact"],
                    "unused": "1G 1D",
                    "arena": ["Ash Hound"],
                    "sovereign_exhausted": True,
                },
                {"hand": ["Null Ward"], "unused": "1G 1V 1T", "arena": ["Hollow Knight"]},
            ],
        },
        decks="pyre,chronovoid",
    )
    hound = entity(state, 0, "Ash Hound")
    knight = entity(state, 1, "Hollow Knight")
    pact = in_hand(state, 0, "Blood Pact")
    state.apply_action(Play(pact))
    state.apply_action(ChooseTarget(knight.id))
    state.apply_action(ChooseTarget(hound.id))
    state.apply_action(Play(in_hand(state, 1, "Null Ward")))
    state.apply_action(ChooseTarget(pact))
    resolve_queue(state)
    assert state.scrap[0] == (hound.id, pact)
    assert state.permanent(knight.id) is knight
