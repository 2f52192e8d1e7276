"""K30 Nullify Rite (Void): counter an opponent's Rite on the Queue; to Scrap, no effect (DX14, R23).

Chronovoid carries it on Null Ward (1VT, Nullify Rite, Fast Speed). Pyre's Spark (F, Deal 2 Dmg) is the
Rite it answers; Chronovoid's own Echoing Glimpse (1T, Foresight 2, Echo) shows a countered Echo cast.
"""

from __future__ import annotations

from command_scenarios import entity, in_hand, resolve_queue, starter

from shardgames.command.actions import ChooseTarget, Pass, Play
from shardgames.command.events import ItemCountered, ItemResolved
from shardgames.command.objects import player_target

start = starter("pyre,chronovoid")


def test_cmd_dx14_null_ward_sends_spark_to_scrap_without_effect() -> None:
    """DX14: Nullify Rite against Spark: Spark goes to Scrap without damage; so does Null Ward."""
    state = start(
        {
            "turn": 3,
            "players": [
                {"hand": ["Spark"], "unused": "1F", "sovereign_exhausted": True},
                {"hand": ["Null Ward"], "unused": "1G 1V 1T", "arena": ["Blink Duelist"]},
            ],
        }
    )
    duelist = entity(state, 1, "Blink Duelist")
    spark = in_hand(state, 0, "Spark")
    ward = in_hand(state, 1, "Null Ward")
    state.apply_action(Play(spark))
    state.apply_action(ChooseTarget(duelist.id))
    assert state.prompt.player == 1
    state.apply_action(Play(ward))
    assert state.legal_actions() == (ChooseTarget(spark),)
    state.apply_action(ChooseTarget(spark))
    resolve_queue(state)
    assert state.queue == []
    assert state.scrap == [(spark,), (ward,)]
    assert state.permanent(duelist.id) is duelist
    assert duelist.damage == 0
    assert [e.why for e in state.events if isinstance(e, ItemCountered)] == ["Nullify Rite"]
    assert not any(isinstance(e, ItemResolved) and str(e.text).startswith("Spark") for e in state.events)
    assert (state.turn, state.step.value) == (3, "main")


def test_cmd_k30_null_ward_needs_an_opponents_rite_on_the_queue() -> None:
    """K30 "an opponent's Rite": an Entity spell is no target: no Null Ward against Ash Hound."""
    state = start(
        {
            "turn": 3,
            "players": [
                {"hand": ["Ash Hound"], "unused": "1G 1F", "sovereign_exhausted": True},
                {"hand": ["Null Ward"], "unused": "1G 1V 1T"},
            ],
        }
    )
    state.apply_action(Play(in_hand(state, 0, "Ash Hound")))
    assert state.prompt.player == 1
    assert Play(in_hand(state, 1, "Null Ward")) not in state.legal_actions()


def test_cmd_k30_null_ward_cannot_target_its_controllers_own_rite() -> None:
    """K30: with Spark and seat 1's own Hush on the Queue, Null Ward may target only Spark."""
    state = start(
        {
            "turn": 3,
            "players": [
                {"hand": ["Spark"], "unused": "1F"},  # its Sovereign's ability: seat 0 never passes by force
                {"hand": ["Null Ward", "Hush"], "unused": "2G 2V 2T", "sovereign_exhausted": True},
            ],
        }
    )
    spark = in_hand(state, 0, "Spark")
    state.apply_action(Play(spark))
    state.apply_action(ChooseTarget(player_target(1)))
    state.apply_action(Play(in_hand(state, 1, "Hush")))
    state.apply_action(Pass())  # seat 0 passes; seat 1 holds priority over [Spark, Hush]
    assert state.prompt.player == 1
    state.apply_action(Play(in_hand(state, 1, "Null Ward")))
    assert state.legal_actions() == (ChooseTarget(spark),)


def test_cmd_r23_a_countered_echo_cast_is_obliterated() -> None:
    """R23, K30: a Rite cast from Scrap with Echo and then Nullified is Obliterated, not put back in Scrap."""
    state = start(
        {
            "turn": 3,
            "players": [
                {"scrap": ["Echoing Glimpse"], "unused": "1G 1T", "sovereign_exhausted": True},
                {"hand": ["Null Ward"], "unused": "1G 1V 1T"},
            ],
        },
        decks="chronovoid,chronovoid",
    )
    (glimpse,) = state.scrap[0]
    ward = in_hand(state, 1, "Null Ward")
    state.apply_action(Play(glimpse))
    assert state.scrap[0] == ()
    state.apply_action(Play(ward))
    state.apply_action(ChooseTarget(glimpse))
    resolve_queue(state)
    assert state.obliterated[0] == (glimpse,)
    assert state.scrap == [(), (ward,)]
