"""K05 Banish (Void): Obliterate a card from any Scrap zone.

Chronovoid's Void Eater (2/2, "When this enters the Arena: Banish") against Pyre. The trigger chooses its
target as it goes on the Queue and, put there while the Queue resolves, resolves in the same run (R10 c).
"""

from __future__ import annotations

from command_scenarios import card_in, resolve, starter

from shardgames.command.actions import ChooseTarget, Play
from shardgames.command.events import CardMoved, ItemCountered
from shardgames.command.phases import Phase
from shardgames.command.state import CommandState

start = starter("chronovoid,pyre")


def deploy_void_eater(position_scrap: tuple[list[str], list[str]]) -> CommandState:
    """Turn 3: seat 0 plays Void Eater; both pass, so it enters and its Banish trigger wants a target."""
    state = start(
        {
            "turn": 3,
            "players": [
                {
                    "hand": ["Void Eater"],
                    "unused": "1G 1V",
                    "scrap": position_scrap[0],
                    "sovereign_exhausted": True,
                },
                {"scrap": position_scrap[1], "sovereign_exhausted": True},
            ],
        }
    )
    state.apply_action(Play(card_in(state, state.hands[0], "Void Eater")))
    resolve(state)
    return state


def test_cmd_k05_banish_obliterates_a_card_from_the_opponents_scrap() -> None:
    """K05: Void Eater enters and Banishes the Spark in Pyre's Scrap: it is Obliterated."""
    state = deploy_void_eater((["Stall"], ["Spark", "Ash Hound"]))
    spark = card_in(state, state.scrap[1], "Spark")
    hound = card_in(state, state.scrap[1], "Ash Hound")
    assert (state.prompt.player, state.prompt.phase) == (0, Phase.TARGET)
    events = state.apply_action(ChooseTarget(spark))
    assert CardMoved(spark, "Spark", "Scrap", "Obliterated") in events
    assert state.scrap[1] == (hound,)
    assert state.obliterated == [(), (spark,)]
    assert not state.queue


def test_cmd_k05_any_scrap_zone_means_both_players_cards() -> None:
    """K05 "from any Scrap zone": every card of both Scrap zones is a target; one's own works too."""
    state = deploy_void_eater((["Stall", "Hush"], ["Spark"]))
    stall = card_in(state, state.scrap[0], "Stall")
    hush = card_in(state, state.scrap[0], "Hush")
    spark = card_in(state, state.scrap[1], "Spark")
    assert set(state.legal_actions()) == {ChooseTarget(stall), ChooseTarget(hush), ChooseTarget(spark)}
    state.apply_action(ChooseTarget(hush))
    assert state.scrap == [(stall,), (spark,)]
    assert state.obliterated == [(hush,), ()]


def test_cmd_k05_with_both_scrap_zones_empty_the_trigger_does_nothing() -> None:
    """R22: no legal target: the Banish trigger is skipped; Void Eater still enters the Arena."""
    state = deploy_void_eater(([], []))
    eater = next(p for p in state.arena if p.owner == 0)
    assert state.game.infos[eater.kind].name == "Void Eater"
    assert state.prompt.phase is Phase.PRIORITY
    assert any(isinstance(e, ItemCountered) and e.why == "no legal target" for e in state.events)
    assert state.obliterated == [(), ()]
