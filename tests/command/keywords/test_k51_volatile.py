"""K51 Volatile (Fire): it is sacrificed at the end of the turn it enters the Arena (R32).

Siegeworks carries it on Firebrand (F, 3/2, Surge). Warp (K52) makes an Entity enter again, as a new
object, at the start of the next turn, which can be the opponent's; no shipped card has both, so two
scenarios use a deck file of our own with the Blink Bomb (1S, 2/1, Volatile, Warp 1).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from command_scenarios import (
    card_file,
    end_turn,
    entity,
    file_game,
    in_hand,
    resolve_queue,
    starter,
)

from shardgames.command.actions import Activate, ChooseTarget, DeclareAttack, Pass, Play
from shardgames.command.compiled import WARP
from shardgames.command.events import StatusChanged, TurnBegan
from shardgames.command.state import CommandState

BOMBERS = """
[[card]]
name = "Blink Bomb"
type = "entity"
identity = ["space"]
cost = "1S"
force = 2
durability = 1
keywords = ["volatile", { keyword = "warp", cost = 1 }]

[[deck]]
id = "bombers"
name = "Bombers"
sovereign = "Rift Tyrant"
stones = { generic = 6, malice = 3, space = 3 }

[deck.main]
"Blink Bomb" = 4
"Ridge Recruit" = 36
"""


start = starter("siegeworks,stoneguard")


def bombers(tmp_path: Path, position: dict[str, Any]) -> CommandState:
    """The state of a position in a game of our Bombers deck against Pyre."""
    return start(position, game=file_game(card_file(tmp_path, "bombers.toml", BOMBERS), "bombers", "pyre"))


def sacrificed(state: CommandState, number: int) -> bool:
    """Whether the log shows `number` sacrificed by Volatile."""
    return StatusChanged(number, "sacrificed (Volatile)") in state.events


def test_cmd_k51_firebrand_attacks_and_is_sacrificed_at_the_end_of_its_first_turn() -> None:
    """K51, R32: Firebrand enters, attacks (Surge), survives, and goes to Scrap before turn 4 begins."""
    state = start(
        {
            "turn": 3,
            "players": [
                {"hand": ["Firebrand"], "unused": "1F"},
                {"arena": [{"card": "Gale Runner", "exhausted": True}]},
            ],
        }
    )
    firebrand = in_hand(state, 0, "Firebrand")
    runner = entity(state, 1, "Gale Runner")
    state.apply_action(Play(firebrand))
    resolve_queue(state)
    state.apply_action(DeclareAttack(firebrand))
    state.apply_action(ChooseTarget(runner.id))
    while state.combat is not None:
        state.apply_action(Pass())
    assert state.scrap[1] == (runner.id,)
    assert state.permanent(firebrand) is not None
    end_turn(state)
    assert state.permanent(firebrand) is None
    assert state.scrap[0] == (firebrand,)
    gone = state.events.index(StatusChanged(firebrand, "sacrificed (Volatile)"))
    assert gone < state.events.index(TurnBegan(4, 1))


def test_cmd_k51_a_volatile_entity_from_an_earlier_turn_stays() -> None:
    """K51 "the turn it enters": a Firebrand that entered on an earlier turn is not sacrificed."""
    state = start({"turn": 3, "players": [{"arena": ["Firebrand"]}, {}]})
    firebrand = entity(state, 0, "Firebrand")
    end_turn(state)
    assert state.permanent(firebrand.id) is firebrand
    assert not sacrificed(state, firebrand.id)


def test_cmd_k51_a_bomb_warped_back_on_its_owners_turn_is_sacrificed_that_turn(tmp_path: Path) -> None:
    """K51, R20: Warped on the opponent's turn 4, the Bomb returns on turn 5 and is sacrificed at its end."""
    state = bombers(
        tmp_path,
        {
            "turn": 4,
            "active": 1,
            "players": [{"arena": ["Blink Bomb"], "unused": "1G"}, {"arena": ["Ash Hound"]}],
        },
    )
    bomb = entity(state, 0, "Blink Bomb")
    state.apply_action(Pass())  # seat 1 offers to end its Main Phase
    assert state.prompt.player == 0
    state.apply_action(Activate(bomb.id, WARP))
    resolve_queue(state)
    assert state.exiled == (bomb.id,)
    end_turn(state)
    assert (state.turn, state.active) == (5, 0)
    assert state.permanent(bomb.id) is not None
    end_turn(state)
    assert state.permanent(bomb.id) is None
    assert sacrificed(state, bomb.id)
    assert state.scrap[0] == (bomb.id,)


def test_cmd_k51_a_bomb_warped_back_on_the_opponents_turn_is_sacrificed_at_that_turns_end(
    tmp_path: Path,
) -> None:
    """K51, R20: Warped on its owner's turn 3, the Bomb enters again on turn 4 and dies at its end."""
    state = bombers(
        tmp_path,
        {"turn": 3, "players": [{"hand": ["Blink Bomb"], "unused": "3G 1S"}, {"arena": ["Ash Hound"]}]},
    )
    bomb = in_hand(state, 0, "Blink Bomb")
    state.apply_action(Play(bomb))
    resolve_queue(state)
    state.apply_action(Activate(bomb, WARP))
    resolve_queue(state)
    assert state.exiled == (bomb,)
    end_turn(state)
    returned = state.permanent(bomb)
    assert (state.turn, state.active) == (4, 1)
    assert returned is not None
    assert returned.entered == 4
    end_turn(state)
    assert state.turn == 5
    assert state.permanent(bomb) is None
    assert sacrificed(state, bomb)
    assert state.scrap[0] == (bomb,)
