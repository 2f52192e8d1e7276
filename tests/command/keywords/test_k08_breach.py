"""K08 Breach (Earth): excess combat damage goes to the opponent's Integrity (R14, DX8).

"Excess" is damage beyond the remaining Durability (Durability - marked damage) of the Entities it fights.
Siegeworks' Breacher (3/2 Breach) and Magma Golem (4/4 Armored; the Siege Marshal gives every Siegeworks
Entity Breach) attack Stoneguard. DX8 is also played exactly, with a 5/5 Breach card of a tmp deck file.
"""

from __future__ import annotations

from pathlib import Path

from command_scenarios import card_file, entity, file_game, intercepted, starter

import shardgames as sg
from shardgames.command.actions import ChooseTarget, DeclareAttack, Pass
from shardgames.command.events import DamageDealt
from shardgames.command.objects import player_target

TITAN_FILE = """
[[card]]
name = "Siege Titan"
type = "entity"
identity = ["earth"]
cost = "5E"
force = 5
durability = 5
keywords = ["breach"]

[[deck]]
id = "titans"
name = "Titans"
sovereign = "Warden of the Ridge"
stones = { generic = 6, earth = 3, air = 3 }

[deck.main]
"Siege Titan" = 4
"Ridge Recruit" = 36
"""


start = starter("siegeworks,stoneguard")


def test_cmd_dx8_five_five_breach_intercepted_by_two_two_deals_three_to_integrity(tmp_path: Path) -> None:
    """DX8: a 5/5 with Breach, Intercepted by a 2/2: 3 damage goes to Integrity (20 -> 17)."""
    game = file_game(card_file(tmp_path, "titans.toml", TITAN_FILE), "titans", "stoneguard")
    state = start({"turn": 3, "players": [{"arena": ["Siege Titan"]}, {"arena": ["Sky Lancer"]}]}, game=game)
    titan, lancer, events = intercepted(state, "Siege Titan", "Sky Lancer")
    assert DamageDealt(titan.id, lancer.id, 2, True) in events
    assert DamageDealt(titan.id, player_target(1), 3, True) in events
    assert state.integrity == [20, 17]
    assert state.scrap[1] == (lancer.id,)
    assert titan.damage == 2


def test_cmd_dx8_with_shipped_cards_an_upgraded_magma_golem() -> None:
    """DX8 with Siegeworks: Magma Golem +1/+1 (5/5, Breach from the Siege Marshal) vs Sky Lancer: 20 -> 17."""
    state = start(
        {
            "turn": 3,
            "players": [{"arena": [{"card": "Magma Golem", "upgrades": 1}]}, {"arena": ["Sky Lancer"]}],
        }
    )
    golem, lancer, _ = intercepted(state, "Magma Golem", "Sky Lancer")
    assert state.integrity == [20, 17]
    assert state.scrap[1] == (lancer.id,)
    assert golem.damage == 1  # the Lancer's 2, less 1 for Armored


def test_cmd_k08_no_excess_when_the_damage_is_exactly_lethal() -> None:
    """R14: Breacher (3/2) intercepted by a Ridge Recruit (2/3): 3 is exactly lethal, nothing goes through."""
    state = start({"turn": 3, "players": [{"arena": ["Breacher"]}, {"arena": ["Ridge Recruit"]}]})
    breacher, recruit, events = intercepted(state, "Breacher", "Ridge Recruit")
    assert not [e for e in events if isinstance(e, DamageDealt) and e.target == player_target(1)]
    assert state.integrity == [20, 20]
    assert state.scrap == [(breacher.id,), (recruit.id,)]


def test_cmd_k08_marked_damage_lowers_what_is_lethal() -> None:
    """R14 "remaining Durability": a Recruit with 2 damage needs 1 of the Breacher's 3; 2 go to Integrity."""
    state = start(
        {"turn": 3, "players": [{"arena": ["Breacher"]}, {"arena": [{"card": "Ridge Recruit", "damage": 2}]}]}
    )
    breacher, recruit, events = intercepted(state, "Breacher", "Ridge Recruit")
    assert DamageDealt(breacher.id, recruit.id, 1, True) in events
    assert state.integrity == [20, 18]
    assert state.scrap[1] == (recruit.id,)


def test_cmd_k08_breach_attacking_an_entity_tramples_over_it() -> None:
    """R14 "the Entities it fights" include one attacked: Breacher at an Exhausted Sky Lancer, 1 through."""
    state = start(
        {
            "turn": 3,
            "players": [{"arena": ["Breacher"]}, {"arena": [{"card": "Sky Lancer", "exhausted": True}]}],
        }
    )
    breacher = entity(state, 0, "Breacher")
    lancer = entity(state, 1, "Sky Lancer")
    state.apply_action(DeclareAttack(breacher.id))
    state.apply_action(ChooseTarget(lancer.id))
    while state.combat is not None:
        state.apply_action(Pass())
    assert state.integrity == [20, 19]
    assert state.scrap == [(breacher.id,), (lancer.id,)]


def test_cmd_k08_without_breach_excess_damage_is_lost() -> None:
    """K08 by contrast: an Ash Hound (3/2, no Breach) intercepted by a 2/2 Sky Lancer: Integrity stays 20."""
    state = start(
        {"turn": 3, "players": [{"arena": ["Ash Hound"]}, {"arena": ["Sky Lancer"]}]}, "pyre,stoneguard"
    )
    hound, lancer, events = intercepted(state, "Ash Hound", "Sky Lancer")
    assert DamageDealt(hound.id, lancer.id, 3, True) in events
    assert state.integrity == [20, 20]


def test_cmd_k08_deck_file_game_string_with_format_none(tmp_path: Path) -> None:
    """CMD-R24 decks from a file: `command(decks=(titans,stoneguard),cards=(FILE),format=none)` loads."""
    path = card_file(tmp_path, "titans.toml", TITAN_FILE)
    game = sg.load_game(f"command(decks=(titans,stoneguard),cards=({path!s}),format=none)")
    assert game.params["format"] == "none"
