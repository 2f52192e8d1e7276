"""K15 Elemental Rock # (Generic): Exhaust to make # Elemental Shards of its Identity (R10 e, R25, R27).

Stoneguard's Ridgestone Idol (an Earth Item: Rock 1, Enters Exhausted) makes Earth Shards: explicitly, with
``Activate(idol, MANA)`` (no Queue), or through the automatic payer. A two-element Rock (a tmp deck file's
Forge Idol, Earth and Fire, Rock 2) lets the player choose each Shard's element. Shards float until end
of turn.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from command_scenarios import card_file, entity, file_game, in_hand, starter

from shardgames.command.actions import Activate, ChooseElement, ChooseTarget, Pass, Play
from shardgames.command.compiled import MANA
from shardgames.command.events import ManaMade, Paid
from shardgames.command.game import CommandGame
from shardgames.command.keywords import ELEMENTS, Element
from shardgames.command.objects import player_target
from shardgames.command.phases import Phase

EARTH, FIRE = ELEMENTS.index(Element.EARTH), ELEMENTS.index(Element.FIRE)
NONE = (0,) * 11


def shards(generic: int = 0, **elements: int) -> tuple[int, ...]:
    """An 11-tuple of Shards or stones: Generic, then per element (``earth=1``)."""
    counts = [generic] + [0] * 10
    for name, count in elements.items():
        counts[1 + ELEMENTS.index(Element(name))] = count
    return tuple(counts)


FORGE_FILE = """
[[card]]
name = "Forge Idol"
type = "item"
identity = ["earth", "fire"]
cost = "1EF"
keywords = [{ keyword = "elemental_rock", amount = 2 }]

[[deck]]
id = "forges"
name = "Forges"
sovereign = "Siege Marshal"
stones = { generic = 6, earth = 3, fire = 3 }

[deck.main]
"Forge Idol" = 4
"Spark" = 4
"Ridge Recruit" = 32
"""


start = starter("stoneguard,pyre")


def idol_position(idol: dict[str, Any], stones: str = "") -> dict[str, Any]:
    """Turn 3: seat 0 has `idol`, a Ridge Recruit, Stone Skin in hand and `stones` Unused."""
    return {
        "turn": 3,
        "players": [
            {"hand": ["Stone Skin"], "unused": stones, "pool": "2G", "arena": [idol, "Ridge Recruit"]},
            {},
        ],
    }


def test_cmd_k15_activating_the_rock_makes_a_floating_earth_shard_without_the_queue() -> None:
    """R10 e: Activate(Idol, mana) makes 1 Earth Shard at once, Exhausts the Idol, uses no Queue."""
    state = start(idol_position({"card": "Ridgestone Idol"}))
    idol = entity(state, 0, "Ridgestone Idol")
    events = state.apply_action(Activate(idol.id, MANA))
    assert ManaMade(0, idol.id, "1 Earth Shard") in events
    assert state.floating[0] == shards(earth=1)
    assert idol.exhausted
    assert not state.queue
    assert (state.prompt.player, state.prompt.phase) == (0, Phase.PRIORITY)
    assert Activate(idol.id, MANA) not in state.legal_actions()


def test_cmd_k15_the_floating_shard_pays_a_cost() -> None:
    """R25, R27: the floating Earth Shard pays Stone Skin (E); nothing else is spent."""
    state = start(idol_position({"card": "Ridgestone Idol"}))
    idol = entity(state, 0, "Ridgestone Idol")
    recruit = entity(state, 0, "Ridge Recruit")
    state.apply_action(Activate(idol.id, MANA))
    state.apply_action(Play(in_hand(state, 0, "Stone Skin")))
    events = state.apply_action(ChooseTarget(recruit.id))
    assert Paid(0, "E", (0,) * 11, 0, ()) in events
    assert state.floating[0] == NONE


def test_cmd_k15_the_automatic_payer_uses_a_ready_rock() -> None:
    """R27: with no stones, Stone Skin (E) is playable: the payer Exhausts the Idol for its Earth Shard."""
    state = start(idol_position({"card": "Ridgestone Idol"}))
    idol = entity(state, 0, "Ridgestone Idol")
    recruit = entity(state, 0, "Ridge Recruit")
    skin = in_hand(state, 0, "Stone Skin")
    assert Play(skin) in state.legal_actions()
    state.apply_action(Play(skin))
    events = state.apply_action(ChooseTarget(recruit.id))
    assert Paid(0, "E", (0,) * 11, 0, (idol.id,)) in events
    assert idol.exhausted
    assert state.floating[0] == NONE


def test_cmd_k15_an_exhausted_rock_pays_nothing() -> None:
    """R27: with the Idol Exhausted and no stones, Stone Skin is not playable."""
    state = start(idol_position({"card": "Ridgestone Idol", "exhausted": True}))
    assert Play(in_hand(state, 0, "Stone Skin")) not in state.legal_actions()


def test_cmd_k15_a_rock_is_an_item_so_no_deployment_fatigue() -> None:
    """R19: a Ready Idol that entered this turn can already make its Shard."""
    state = start(idol_position({"card": "Ridgestone Idol", "fresh": True}))
    idol = entity(state, 0, "Ridgestone Idol")
    assert Activate(idol.id, MANA) in state.legal_actions()


def test_cmd_k15_floating_shards_vanish_at_end_of_turn() -> None:
    """R25: Shards float until the end of the current turn, then vanish."""
    state = start(idol_position({"card": "Ridgestone Idol"}))
    state.apply_action(Activate(entity(state, 0, "Ridgestone Idol").id, MANA))
    assert state.floating[0] == shards(earth=1)
    while state.turn == 3:
        state.apply_action(Pass())
    assert state.floating == [NONE, NONE]


def forge_game(tmp_path: Path) -> CommandGame:
    """The Forges deck (Forge Idol: Earth and Fire, Rock 2) against Pyre."""
    return file_game(card_file(tmp_path, "forges.toml", FORGE_FILE), "forges", "pyre")


def test_cmd_r25_a_two_element_rock_makes_each_shard_in_either_element(tmp_path: Path) -> None:
    """R25: Forge Idol (Earth/Fire, Rock 2): two ChooseElement decisions, offering Earth and Fire only."""
    state = start(
        {"turn": 3, "players": [{"arena": ["Forge Idol"], "pool": "2G"}, {}]}, game=forge_game(tmp_path)
    )
    idol = entity(state, 0, "Forge Idol")
    state.apply_action(Activate(idol.id, MANA))
    assert (state.prompt.player, state.prompt.phase) == (0, Phase.ELEMENT)
    assert set(state.legal_actions()) == {ChooseElement(EARTH), ChooseElement(FIRE)}
    state.apply_action(ChooseElement(FIRE))
    assert state.prompt.phase is Phase.ELEMENT
    state.apply_action(ChooseElement(EARTH))
    assert state.prompt.phase is Phase.PRIORITY
    assert state.floating[0] == shards(earth=1, fire=1)


def test_cmd_r25_shards_chosen_from_a_two_element_rock_pay_any_part_of_a_cost(tmp_path: Path) -> None:
    """R25, R27: Forge Idol's Shards chosen Earth and Earth pay Ridge Recruit (1E) with no stones at all."""
    state = start(
        {"turn": 3, "players": [{"hand": ["Ridge Recruit"], "arena": ["Forge Idol"], "pool": "2G"}, {}]},
        game=forge_game(tmp_path),
    )
    idol = entity(state, 0, "Forge Idol")
    recruit = in_hand(state, 0, "Ridge Recruit")
    state.apply_action(Activate(idol.id, MANA))
    state.apply_action(ChooseElement(EARTH))
    state.apply_action(ChooseElement(EARTH))
    assert Play(recruit) in state.legal_actions()
    events = state.apply_action(Play(recruit))
    assert Paid(0, "1E", (0,) * 11, 0, ()) in events
    assert state.floating[0] == NONE


def test_cmd_r27_the_payer_uses_a_two_element_rock_for_a_generic_part(tmp_path: Path) -> None:
    """R27 "if no payment exists, the action is illegal": one exists, so Ridge Recruit (1E) is playable."""
    state = start(
        {"turn": 3, "players": [{"hand": ["Ridge Recruit"], "arena": ["Forge Idol"], "pool": "2G"}, {}]},
        game=forge_game(tmp_path),
    )
    idol = entity(state, 0, "Forge Idol")
    recruit = in_hand(state, 0, "Ridge Recruit")
    assert Play(recruit) in state.legal_actions()
    events = state.apply_action(Play(recruit))
    assert Paid(0, "1E", (0,) * 11, 0, (idol.id,)) in events


def test_cmd_r25_the_unspent_shard_of_a_two_element_rock_floats(tmp_path: Path) -> None:
    """R25, R27: Spark (F) paid by the Forge Idol (Rock 2): one Shard pays the F, the other floats."""
    state = start(
        {"turn": 3, "players": [{"hand": ["Spark"], "arena": ["Forge Idol"], "pool": "2G"}, {}]},
        game=forge_game(tmp_path),
    )
    idol = entity(state, 0, "Forge Idol")
    state.apply_action(Play(in_hand(state, 0, "Spark")))
    events = state.apply_action(ChooseTarget(player_target(1)))
    assert Paid(0, "F", (0,) * 11, 0, (idol.id,)) in events
    assert idol.exhausted
    assert sum(state.floating[0]) == 1
