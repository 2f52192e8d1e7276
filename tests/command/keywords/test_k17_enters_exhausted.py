"""K17 Enters Exhausted (Generic): it enters the Arena Exhausted, and Readies in its controller's Start Phase.

Stoneguard's Ridgestone Idol and Pyre's Ashen Shrine (Items: Rock 1, Enters Exhausted), and an Entity of a tmp
deck file, Sluggish Ogre (1E, 3/3 Enters Exhausted): Exhausted, it can't Intercept and may be attacked
(CMD-33).
"""

from __future__ import annotations

from pathlib import Path

from command_scenarios import card_file, end_turn, entity, file_game, in_hand, resolve, starter

from shardgames.command.actions import Activate, ChooseTarget, DeclareAttack, Pass, Play
from shardgames.command.compiled import MANA
from shardgames.command.events import Readied
from shardgames.command.objects import Permanent, player_target
from shardgames.command.phases import Phase
from shardgames.command.state import CommandState

OGRE_FILE = """
[[card]]
name = "Sluggish Ogre"
type = "entity"
identity = ["earth"]
cost = "1E"
force = 3
durability = 3
keywords = ["enters_exhausted"]

[[deck]]
id = "ogres"
name = "Ogres"
sovereign = "Warden of the Ridge"
stones = { generic = 6, earth = 3, air = 3 }

[deck.main]
"Sluggish Ogre" = 4
"Ridge Recruit" = 36
"""


start = starter("stoneguard,pyre")


def play_and_resolve(state: CommandState, seat: int, name: str) -> Permanent:
    """`seat` plays the card `name`; the Queue resolves; the permanent it became."""
    state.apply_action(Play(in_hand(state, seat, name)))
    resolve(state)
    return entity(state, seat, name)


def test_cmd_k17_ridgestone_idol_enters_exhausted_and_readies_next_turn() -> None:
    """K17: the Idol enters Exhausted (no Shard this turn) and Readies in seat 0's next Start Phase."""
    state = start(
        {"turn": 3, "players": [{"hand": ["Ridgestone Idol"], "unused": "1G 1E", "pool": "2G"}, {}]}
    )
    idol = play_and_resolve(state, 0, "Ridgestone Idol")
    assert idol.exhausted
    assert Activate(idol.id, MANA) not in state.legal_actions()
    end_turn(state)
    assert idol.exhausted  # seat 1's Start Phase Readies seat 1's cards only (R9)
    end_turn(state)
    assert (state.turn, state.active) == (5, 0)
    assert not idol.exhausted
    assert any(isinstance(e, Readied) and e.seat == 0 and idol.id in e.objects for e in state.events)
    assert Activate(idol.id, MANA) in state.legal_actions()


def test_cmd_k17_ashen_shrine_enters_exhausted() -> None:
    """K17 on Pyre's Ashen Shrine: Exhausted on entering; an Exhausted Rock pays nothing."""
    state = start(
        {"turn": 3, "players": [{"hand": ["Ashen Shrine", "Spark"], "unused": "1G 1F", "pool": "2G"}, {}]},
        "pyre,stoneguard",
    )
    shrine = play_and_resolve(state, 0, "Ashen Shrine")
    assert shrine.exhausted
    assert sum(state.unused[0]) == 0
    assert Play(in_hand(state, 0, "Spark")) not in state.legal_actions()


def test_cmd_k17_an_entity_entering_exhausted_can_be_attacked_and_cannot_intercept(tmp_path: Path) -> None:
    """K17, CMD-33: on Pyre's turn the Exhausted Ogre is a legal attack target and no interceptor."""
    game = file_game(card_file(tmp_path, "ogres.toml", OGRE_FILE), "ogres", "pyre")
    state = start(
        {
            "turn": 3,
            "players": [
                {"hand": ["Sluggish Ogre"], "unused": "1G 1E", "pool": "2G"},
                {"arena": ["Ash Hound"], "pool": "2G"},
            ],
        },
        game=game,
    )
    ogre = play_and_resolve(state, 0, "Sluggish Ogre")
    assert ogre.exhausted
    end_turn(state)
    hound = entity(state, 1, "Ash Hound")
    state.apply_action(DeclareAttack(hound.id))
    assert set(state.legal_actions()) == {ChooseTarget(player_target(0)), ChooseTarget(ogre.id)}
    state.apply_action(ChooseTarget(player_target(0)))
    assert state.prompt.phase is Phase.PRIORITY  # no intercept decision: the Ogre is Exhausted
    while state.combat is not None:
        state.apply_action(Pass())
    assert state.integrity[0] == 17
