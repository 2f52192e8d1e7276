"""K10 Delay (Time): a Rite on the Queue returns to its owner's hand.

Chronovoid's Stall (1T, Delay, Fast Speed) answers Pyre's plays on Pyre's turn: Spark (a Rite), Ash Hound (an
Entity) and the Ashen Regent's "Exhaust: Deal 1" (an ability).
"""

from __future__ import annotations

from command_scenarios import in_hand, resolve, starter

from shardgames.command.actions import Activate, ChooseTarget, Play
from shardgames.command.events import CardMoved, ItemCountered
from shardgames.command.objects import player_target

start = starter("pyre,chronovoid")


POSITION = {
    "turn": 3,
    "players": [
        {"hand": ["Spark", "Ash Hound"], "unused": "1G 1F", "pool": "2G"},
        {"hand": ["Stall"], "unused": "1G 1T"},  # the Archivist is Ready: seat 1 always has a choice
    ],
}


def test_cmd_k10_stall_returns_spark_to_its_owners_hand() -> None:
    """K10: Spark at seat 1, answered by Stall: Spark goes back to seat 0's hand and deals no damage."""
    state = start(POSITION)
    spark = in_hand(state, 0, "Spark")
    stall = in_hand(state, 1, "Stall")
    state.apply_action(Play(spark))
    state.apply_action(ChooseTarget(player_target(1)))
    assert state.prompt.player == 1
    state.apply_action(Play(stall))
    assert state.legal_actions() == (ChooseTarget(spark),)  # the only Rite on the Queue
    state.apply_action(ChooseTarget(spark))
    events = resolve(state)
    assert any(isinstance(e, ItemCountered) and e.why == "Delay" for e in events)
    assert CardMoved(spark, "Spark", "Queue", "hand") in events
    assert spark in state.hands[0]
    assert state.integrity == [20, 20]
    assert state.scrap == [(), (stall,)]
    assert state.used[0] == (0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0)  # Spark's Fire stone stays spent
    assert not state.queue


def test_cmd_k10_the_delayed_rite_is_not_refunded() -> None:
    """K10: the Rite is back in hand, its cost not refunded: with 1 Generic Stone, Spark (F) is unplayable."""
    state = start(POSITION)
    spark = in_hand(state, 0, "Spark")
    state.apply_action(Play(spark))
    state.apply_action(ChooseTarget(player_target(1)))
    state.apply_action(Play(in_hand(state, 1, "Stall")))
    state.apply_action(ChooseTarget(spark))
    resolve(state)
    assert state.unused[0] == (1,) + (0,) * 10
    assert Play(spark) not in state.legal_actions()


def test_cmd_k10_an_entity_on_the_queue_is_not_a_rite() -> None:
    """K10 "a Rite on the Queue": against Ash Hound being played, Stall has no target and can't be played."""
    state = start(POSITION)
    state.apply_action(Play(in_hand(state, 0, "Ash Hound")))
    assert state.prompt.player == 1
    assert Play(in_hand(state, 1, "Stall")) not in state.legal_actions()


def test_cmd_k10_an_ability_on_the_queue_is_not_a_rite() -> None:
    """K10: against the Ashen Regent's Deal 1 on the Queue, Stall can't be played."""
    state = start(POSITION)
    state.apply_action(Activate(state.game.sovereign_id(0), 0))
    state.apply_action(ChooseTarget(player_target(1)))
    assert state.prompt.player == 1
    assert Play(in_hand(state, 1, "Stall")) not in state.legal_actions()
