"""K20 Fatal (Death): any combat damage greater than 0 it deals destroys the Entity that takes it (R14, DX10).

Pyre's Dread Knight (2/3 Fatal), attacking and intercepting, against Stoneguard's Ridge Golem (3/5 Armored)
and
Gravewind's Wisp Dancer (Evade). DX10 is played exactly with a tmp deck file: a 1/1 Fatal Venom Imp against a
5/5 Armored Bastion Golem and a vanilla 5/5 Stone Brute.
"""

from __future__ import annotations

from pathlib import Path

from command_scenarios import card_file, file_game, intercepted, starter

from shardgames.command.events import DamagePrevented
from shardgames.command.objects import Permanent
from shardgames.command.state import CommandState

DX10_FILE = """
[[card]]
name = "Venom Imp"
type = "entity"
identity = ["death"]
cost = "1D"
force = 1
durability = 1
keywords = ["fatal"]

[[card]]
name = "Bastion Golem"
type = "entity"
identity = ["earth"]
cost = "5E"
force = 5
durability = 5
keywords = ["armored"]

[[card]]
name = "Stone Brute"
type = "entity"
identity = ["earth"]
cost = "4E"
force = 5
durability = 5

[[deck]]
id = "imps"
name = "Imps"
sovereign = "The Ashen Regent"
stones = { generic = 6, fire = 3, death = 3 }

[deck.main]
"Venom Imp" = 4
"Ash Hound" = 36

[[deck]]
id = "golems"
name = "Golems"
sovereign = "Warden of the Ridge"
stones = { generic = 6, earth = 3, air = 3 }

[deck.main]
"Bastion Golem" = 4
"Stone Brute" = 4
"Ridge Recruit" = 32
"""


start = starter("pyre,stoneguard")


def dx10(tmp_path: Path, defender: str) -> tuple[CommandState, Permanent, Permanent, list[object]]:
    """DX10: the Venom Imp (1/1 Fatal) attacks; `defender` (a 5/5) Intercepts."""
    game = file_game(card_file(tmp_path, "dx10.toml", DX10_FILE), "imps", "golems")
    state = start(
        {"turn": 3, "players": [{"arena": ["Venom Imp"], "pool": "2G"}, {"arena": [defender]}]}, game=game
    )
    imp, golem, events = intercepted(state, "Venom Imp", defender)
    return state, imp, golem, events


def test_cmd_dx10_fatal_one_one_deals_nothing_to_an_armored_five_five(tmp_path: Path) -> None:
    """DX10: 1 - 1 = 0 damage is dealt, so the Armored 5/5 is not destroyed (the Imp is)."""
    state, imp, golem, events = dx10(tmp_path, "Bastion Golem")
    assert DamagePrevented(golem.id, 1, "Armored") in events
    assert state.permanent(golem.id) is golem
    assert golem.damage == 0
    assert state.scrap[0] == (imp.id,)


def test_cmd_dx10_fatal_one_one_destroys_a_five_five_without_armor(tmp_path: Path) -> None:
    """DX10: against a 5/5 without Armored, the Imp's 1 combat damage destroys it."""
    state, imp, brute, _ = dx10(tmp_path, "Stone Brute")
    assert state.permanent(brute.id) is None
    assert state.scrap == [(imp.id,), (brute.id,)]


def test_cmd_k20_dread_knight_attacking_destroys_an_armored_golem() -> None:
    """K20 with K03: the Dread Knight's 2 - 1 = 1 > 0 destroys the Ridge Golem; the Golem's 3 kill it too."""
    state = start(
        {"turn": 3, "players": [{"arena": ["Dread Knight"], "pool": "2G"}, {"arena": ["Ridge Golem"]}]}
    )
    knight, golem, _ = intercepted(state, "Dread Knight", "Ridge Golem")
    assert state.scrap == [(knight.id,), (golem.id,)]
    assert state.integrity == [20, 20]


def test_cmd_k20_fatal_works_for_the_interceptor_too() -> None:
    """K20 "any combat damage it deals": the Dread Knight Intercepting a Ridge Golem destroys it."""
    state = start(
        {"turn": 3, "players": [{"arena": ["Ridge Golem"], "pool": "2G"}, {"arena": ["Dread Knight"]}]},
        "stoneguard,pyre",
    )
    golem, knight, _ = intercepted(state, "Ridge Golem", "Dread Knight")
    assert state.scrap == [(golem.id,), (knight.id,)]


def test_cmd_k20_prevented_damage_is_not_fatal() -> None:
    """R14 Evade first: the Wisp Dancer's Evade prevents the Knight's damage, so Fatal does nothing."""
    state = start(
        {"turn": 3, "players": [{"arena": ["Dread Knight"], "pool": "2G"}, {"arena": ["Wisp Dancer"]}]},
        "pyre,gravewind",
    )
    _, wisp, events = intercepted(state, "Dread Knight", "Wisp Dancer")
    assert DamagePrevented(wisp.id, 2, "Evade") in events
    assert state.permanent(wisp.id) is wisp
    assert wisp.damage == 0
