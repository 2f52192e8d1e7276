"""Shard Command states from JSON, and positions, are checked against the game: one bad field of each kind.

The JSON document is that of a position in seat 0's Main Phase: seat 0 holds Sky Lancer #8 and Stone Skin
#20, has Updraft Gust #24 in its Scrap zone, and Ridge Recruit #0 and Windcaller #32 in the Arena; seat 1
holds Spark #72 and has Ash Hound #60 in the Arena.
"""

from __future__ import annotations

from typing import Any

import pytest
from documents import problems_reading, put

import shardgames as sg

MAIN_PHASE = {
    "turn": 5,
    "active": 0,
    "players": [
        {
            "hand": ["Sky Lancer #8", "Stone Skin #20"],
            "scrap": ["Updraft Gust #24"],
            "arena": ["Ridge Recruit #0", {"card": "Windcaller #32", "exhausted": True}],
        },
        {"hand": ["Spark"], "arena": [{"card": "Ash Hound", "exhausted": True}]},
    ],
}


def main_phase() -> sg.State:
    return sg.load_game("command").state_from_position(MAIN_PHASE)


def prompt(phase: str, player: int = 0) -> dict[str, Any]:
    return {"type": "CommandPrompt", "player": player, "phase": phase, "seat": -1}


RITE_FROM_AN_ENTITY = {
    "kind": 0, "controller": 0, "source": 20, "design": 0, "trigger": "on_resolve", "targets": [],
    "echo": False, "ability": -1,
}  # fmt: skip


@pytest.mark.parametrize(
    ("path", "value", "problems"),
    [
        ("data.scrap.0", [24, 8], ["data.scrap[0][1]: card 8 is also in data.hands[0].cards[0]"]),
        ("data.scrap.0", [24, 61], ["data.scrap[0][1]: card 61 belongs to seat 1, not seat 0"]),
        ("data.scrap.0", [24, 59], ["data.scrap[0][1]: card 59 does not exist (ids 0..39, 60..99)"]),
        ("data.arena.0.kind", 3, ["data.arena[0].kind: card #0's design is 0, not 3"]),
        (
            "data.arena.0.token",
            True,
            [
                "data.arena[0].id: a token is numbered 120..159, not 0",
                "data.arena[0].kind: a token's design is 20, not 0",
            ],
        ),
        (
            "data.arena.0.uses",
            [0, 0],
            ["data.arena[0].uses: must have 5 numbers (turn, then uses per ability), not 2"],
        ),
        ("data.pool.0", [4] * 10, ["data.pool[0]: must have 11 counts (Generic, then each element), not 10"]),
        ("data.integrity.0", 10**6, ["data.integrity[0]: must be an int -1000..1000, not 1000000"]),
        ("data.priority", 1, ["prompt.player: must be the seat holding priority, 1"]),
        ("data.step", "combat", ["data.combat: the combat step has an attack in progress"]),
        ("data.queue", [RITE_FROM_AN_ENTITY], ["data.queue[0].design: a card played is card #20's design"]),
        (
            "tasks",
            [{"type": "DrawCards", "seat": 3, "count": -1}],
            ["tasks[0].seat: must be a seat 0..1, not 3", "tasks[0].count: must be an int 0..1000, not -1"],
        ),
    ],
)
def test_bad_fields_are_named(path: str, value: Any, problems: list[str]) -> None:
    assert problems_reading(main_phase(), put(path, value)) == tuple(problems)


def test_a_target_decision_needs_something_being_put_on_the_queue() -> None:
    assert problems_reading(main_phase(), put("prompt", prompt("target"))) == (
        "data.casting: something is being put on the Queue exactly at target and cost decisions",
    )


def test_a_discard_decision_needs_that_many_cards_in_hand() -> None:
    discard = (put("data.discard_seat", 0), put("data.discard_left", 5), put("prompt", prompt("discard")))
    assert problems_reading(main_phase(), *discard) == ("data.discard_left: seat 0 discards 1 to 2 cards",)


def test_every_problem_is_listed_at_once() -> None:
    changes = (put("data.scrap.0", [24, 8]), put("data.integrity.0", 10**6), put("data.priority", 1))
    assert problems_reading(main_phase(), *changes) == (
        "data.integrity[0]: must be an int -1000..1000, not 1000000",
        "data.scrap[0][1]: card 8 is also in data.hands[0].cards[0]",
    )


# ---------------------------------------------------------------------- positions


@pytest.mark.parametrize(
    ("extra", "problem"),
    [
        (
            {"queue": [{"seat": 1, "card": "Spark", "targets": ["player 0", "player 1"]}]},
            "data.queue[0].targets: one target per effect of its on_resolve effects (1)",
        ),
        ({"passes": 5}, "data.passes: must be an int 0..1, not 5"),
        ({"step": "combat"}, "data.combat: the combat step has an attack in progress"),
    ],
)
def test_positions_are_checked_like_json_states(extra: dict[str, Any], problem: str) -> None:
    """Each of these positions was accepted before; the combat step without an attack then failed."""
    with pytest.raises(sg.PositionError) as caught:
        sg.load_game("command").state_from_position(MAIN_PHASE | extra)
    assert caught.value.problems == (problem,)
