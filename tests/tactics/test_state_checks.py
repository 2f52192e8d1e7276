"""Tactics states read from JSON, and positions, are checked against the game: one bad field of each kind."""

from __future__ import annotations

from typing import Any

import pytest
from documents import document, problems_reading, put
from tactics_scenarios import start

import shardgames as sg
from shardgames.tactics import TacticsState
from shardgames.tactics.phases import AfterAttack

BOARD = """
 8  .  .  .  v  .  .  .  .
 7  .  .  .  m  .  .  .  .
 6  .  .  .  k  .  .  .  .
 2  .  .  K* .  .  .  .  .
 1  .  .  .  E  .  .  .  .
"""
TERRAIN = " 4  .  .  F  .  .  .  .  .\n 1  P  .  .  .  .  .  .  P"


def table() -> TacticsState:
    """Seat 0 to act; warriors 0 (E, d1), 1 (K*, c2), 2 (k, d6), 3 (m, d7), 4 (v, d8); Portals a1, h1."""
    return start(BOARD, TERRAIN)


def riposte(warrior: int, square: int, player: int = 1) -> dict[str, Any]:
    return {
        "type": "TacticsPrompt",
        "player": player,
        "phase": "riposte",
        "warrior": warrior,
        "square": square,
    }


@pytest.mark.parametrize(
    ("path", "value", "problems"),
    [
        ("data.board.0", 2, ["data.board[0]: warrior 2 is on square 43, not 0"]),
        (
            "data.square.0",
            70,
            [
                "data.square[0]: must be an int -1..63, not 70",
                "data.board[3]: warrior 0 is on square 70, not 3",
            ],
        ),
        ("data.terrain.5", 9, ["data.terrain[5]: must be an int -1..4, not 9"]),
        ("data.terrain_owner.5", 1, ["data.terrain_owner[5]: must be -1 on a square without terrain, not 1"]),
        ("data.portals", [[0], []], ["data.portals[0]: must list seat 0's Portal squares, [0, 7]"]),
        ("data.souls.0", -1, ["data.souls[0]: must be an int 0..226, not -1"]),
        ("data.card.0", 99, ["data.card[0]: must be an int 0..10, not 99"]),
        (
            "data.owner",
            [0, 0, 1, 1],
            ["data.owner: must have 5 entries, one per warrior (as data.card), not 4"],
        ),
        ("data.actions_used", 5, ["data.actions_used: must be an int 0..3, not 5"]),
        ("data.reduction.2", 10**6, ["data.reduction[2]: must be an int 0..1000, not 1000000"]),
        ("tasks", [{"type": "AfterMove", "warrior": 9}], ["tasks[0].warrior: must be a warrior 0..4, not 9"]),
        ("tasks", [{"type": "MoveMade", "warrior": 9}], ["tasks[0].warrior: must be a warrior 0..4, not 9"]),
    ],
)
def test_bad_fields_are_named(path: str, value: Any, problems: list[str]) -> None:
    assert problems_reading(table(), put(path, value)) == tuple(problems)


@pytest.mark.parametrize(
    ("task", "why"),
    [
        ("AfterMove", "it has just moved"),
        ("MoveMade", "it has just moved"),
        ("TurnStartEffect", "its turn-start effect acts now"),
    ],
)
def test_a_task_that_runs_at_once_names_a_warrior_on_the_board(task: str, why: str) -> None:
    """A move's After-Moving (and the end of a move through a Portal) follows the move at once, and a
    turn-start effect acts as soon as it is chosen, so the warrior it names stands on the board: here
    the Militia of d7, defeated, does not."""
    defeated = (put("data.square.3", -1), put("data.board.51", -1))
    assert problems_reading(table(), *defeated, put("tasks", [{"type": task, "warrior": 3}])) == (
        f"tasks[0].warrior: warrior 3 must be on the board: {why}",
    )
    attacked = document(table())  # an attacked warrior's reaction is asked only if it is still there
    for change in (*defeated, put("tasks", [{"type": "AfterAttack", "warrior": 3}])):
        change(attacked)
    assert table().game.state_from_json(attacked).tasks == (AfterAttack(3),)


def test_an_effect_decision_belongs_to_its_warrior() -> None:
    assert problems_reading(table(), put("prompt", riposte(2, 40))) == (
        "prompt.square: must be the warrior's square, 43",
    )
    assert problems_reading(table(), put("prompt", riposte(1, 10))) == (
        "prompt.player: must be the warrior's owner, 0",
        "prompt.warrior: warrior 1 has no riposte effect",
    )


def test_a_game_in_play_has_a_commander_on_each_side() -> None:
    assert problems_reading(table(), put("data.card.4", 0)) == (
        "data.card: seat 1 has no commander on the board: the game would be over",
    )


def test_every_problem_is_listed_at_once() -> None:
    changes = (put("data.terrain.5", 9), put("data.souls.0", -1), put("data.card.0", 99), put("turn", 999))
    assert problems_reading(table(), *changes) == (
        "turn: must be an int 0..200, not 999",
        "data.card[0]: must be an int 0..10, not 99",
        "data.terrain[5]: must be an int -1..4, not 9",
        "data.souls[0]: must be an int 0..226, not -1",
    )


def test_a_position_with_an_amount_that_is_not_a_number_names_it() -> None:
    """A reduction of "x" raised a bare ValueError before."""
    with pytest.raises(sg.PositionError) as caught:
        start(BOARD, reductions={"d7": "x"})
    assert caught.value.problems == ("reductions.d7: must be an int 0..1000, not 'x'",)


def test_a_position_is_checked_like_a_json_state() -> None:
    """The decision of an effect the warrior does not have is refused."""
    with pytest.raises(sg.PositionError) as caught:
        start(BOARD, decision={"riposte": "d7"})
    assert caught.value.problems == ("prompt.warrior: warrior 3 has no riposte effect",)
