"""K31 Obliterate Entity (Death): the target Entity is removed from the game, never reaching the Scrap zone.

Gravewind carries it on Soul Render (3D, Obliterate Entity) and Grave Tithe (1D, Sacrifice an Entity +
Obliterate Entity).
"""

from __future__ import annotations

from command_scenarios import entity, in_hand, resolve_queue, starter

from shardgames.command.actions import ChooseTarget, Play
from shardgames.command.events import CardMoved
from shardgames.command.objects import TOKENS
from shardgames.command.phases import Phase

start = starter("gravewind,stoneguard")


def test_cmd_k31_soul_render_removes_the_entity_from_the_game() -> None:
    """K31: the damaged Ridge Golem goes to the Obliterated zone, not to Scrap; Soul Render goes to Scrap."""
    state = start(
        {
            "turn": 3,
            "players": [
                {"hand": ["Soul Render"], "unused": "3G 1D"},
                {"arena": [{"card": "Ridge Golem", "damage": 2}]},
            ],
        }
    )
    golem = entity(state, 1, "Ridge Golem")
    render = in_hand(state, 0, "Soul Render")
    state.apply_action(Play(render))
    state.apply_action(ChooseTarget(golem.id))
    resolve_queue(state)
    assert state.permanent(golem.id) is None
    assert state.obliterated == [(), (golem.id,)]
    assert state.scrap == [(render,), ()]
    assert golem.id not in state.hands[1]
    assert CardMoved(golem.id, "Ridge Golem", "Arena", "Obliterated") in state.events


def test_cmd_k31_grave_tithe_sacrifices_to_scrap_and_obliterates_the_target() -> None:
    """K31 with K39: the sacrificed Carrion Crow goes to Scrap, the targeted Ridge Recruit is Obliterated."""
    state = start(
        {
            "turn": 3,
            "players": [
                {"hand": ["Grave Tithe"], "unused": "1G 1D", "arena": ["Carrion Crow"]},
                {"arena": ["Ridge Recruit"]},
            ],
        }
    )
    crow = entity(state, 0, "Carrion Crow")
    recruit = entity(state, 1, "Ridge Recruit")
    tithe = in_hand(state, 0, "Grave Tithe")
    state.apply_action(Play(tithe))
    state.apply_action(ChooseTarget(recruit.id))
    assert state.prompt.phase is Phase.SACRIFICE
    state.apply_action(ChooseTarget(crow.id))
    resolve_queue(state)
    assert state.scrap == [(crow.id, tithe), ()]
    assert state.obliterated == [(), (recruit.id,)]
    assert state.arena == []


def test_cmd_k31_an_obliterated_token_is_in_no_zone() -> None:
    """K31, CMD-39: Obliterating a Swarm token makes it cease to exist: no Scrap, no Obliterated zone."""
    state = start(
        {"turn": 3, "players": [{"hand": ["Soul Render"], "unused": "3G 1D"}, {"arena": [{"token": True}]}]},
        decks="gravewind,tidewell",
    )
    (token,) = state.arena
    assert token.token
    assert token.id >= TOKENS
    state.apply_action(Play(in_hand(state, 0, "Soul Render")))
    state.apply_action(ChooseTarget(token.id))
    resolve_queue(state)
    assert state.arena == []
    assert state.obliterated == [(), ()]
    assert state.scrap[1] == ()
    assert CardMoved(token.id, "token", "Arena", "nowhere (a token ceases to exist)") in state.events
