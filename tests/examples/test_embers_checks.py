"""The template game's own checks of a state read from JSON: one bad document per kind of field."""

from __future__ import annotations

from typing import Any

import pytest
from documents import problems_reading, put

import shardgames as sg


def mid_game() -> sg.State:
    """Seat 2 to play; hands [2, 4, 0], [12, 13], [22, 27, 23]; discards [8], [14], [28]."""
    state = sg.load_game("embers(players=3)").new_initial_state(seed=6)
    for _ in range(5):
        state.apply_action(state.legal_actions()[-1])
    return state


@pytest.mark.parametrize(
    ("path", "value", "problem"),
    [
        ("data.hands.1.cards.0", 10**6, "data.hands[1].cards[0]: card 1000000 does not exist (ids 0..29)"),
        ("data.hands.0.cards.0", 15, "data.hands[0].cards[0]: card 15 belongs to seat 1, not seat 0"),
        ("data.active", 5, "data.active: must be a seat 0..2, not 5"),
        ("data.embers", [3, 3], "data.embers: must have 3 entries, one per seat, not 2"),
        ("data.embers.0", 4, "data.embers[0]: must be an int 0..3, not 4"),
        ("data.decks.0.middle.0.0", 2, "data.decks[0].middle[0][1][0]: card 1 is of kind 1, not 2"),
        ("data.discards.0", [8, 2], "data.discards[0][1]: card 2 is also in data.hands[0].cards[0]"),
        ("data.hands.0.known.0", 8, "data.hands[0].known[0]: 8 is not a knowledge mask (-1, or 0..7)"),
        ("data.hands.0.known.0", 2, "data.hands[0].known[0]: seat 0 holds the card, so it must know it"),
        ("data.hands.0.owner", 1, "data.hands[0].owner: must be 0, the seat holding it, not 1"),
    ],
)
def test_bad_fields_are_named(path: str, value: Any, problem: str) -> None:
    assert problems_reading(mid_game(), put(path, value)) == (problem,)


TURN_CHOICE_0 = {"type": "TurnChoice", "player": 0}
BLOCK = {"type": "BlockOrTake", "player": 1, "attacker": 2, "value": 9}
SELF_BLOCK = {"type": "BlockOrTake", "player": 2, "attacker": 2, "value": 3}
DRAW = {"type": "DrawFrom", "player": -1, "seat": 1, "remaining": 5}
ROLL = {"type": "RollAttack", "player": -1, "attacker": 2, "card": 22, "target": 0}


@pytest.mark.parametrize(
    ("prompt", "problem"),
    [
        (TURN_CHOICE_0, "prompt: seat 0 plays, so it must be the active seat with embers"),
        (TURN_CHOICE_0 | {"player": -1}, "prompt.player: TurnChoice is not decided by chance"),
        (BLOCK, "prompt.value: must be an int 1..5, not 9"),
        (SELF_BLOCK, "prompt.player: seat 2 is not an opponent with embers"),
        (DRAW, "prompt.remaining: must be an int 0..2, not 5"),
        (ROLL, "prompt.card: card 22 is also in data.hands[2].cards[0]"),
    ],
)
def test_prompts_must_fit_the_table(prompt: dict[str, Any], problem: str) -> None:
    assert problems_reading(mid_game(), put("prompt", prompt)) == (problem,)


def test_a_drawing_prompt_needs_cards_left_to_draw() -> None:
    empty = put(
        "data.decks.1",
        {"owner": 1, "top": [], "top_known": [], "middle": [], "bottom": [18], "bottom_known": [-1]},
    )
    prompt = put("prompt", {"type": "DrawFrom", "player": -1, "seat": 1, "remaining": 0})
    assert problems_reading(mid_game(), empty, prompt) == (
        "prompt.seat: seat 1's next draw is not from its shuffled cards",
    )


def test_tasks_name_seats_and_counts() -> None:
    assert problems_reading(mid_game(), put("tasks", [{"type": "Draw", "seat": 5, "count": 9}])) == (
        "tasks[0].seat: must be a seat 0..2, not 5",
        "tasks[0].count: must be an int 0..3, not 9",
    )


def test_a_winner_is_the_last_seat_with_embers() -> None:
    over = (put("prompt", None), put("returns", [-0.5, 1.0, -0.5]), put("winner", 1))
    assert problems_reading(mid_game(), *over) == ("winner: seat 1 wins only as the last seat with embers",)


def test_every_problem_of_the_game_fields_is_listed_at_once() -> None:
    changes = (
        put("data.embers.0", 4),
        put("data.active", 5),
        put("data.hands.1.cards.0", 10**6),
        put("data.discards.0", [8, 2]),
    )
    assert problems_reading(mid_game(), *changes) == (
        "data.embers[0]: must be an int 0..3, not 4",
        "data.discards[0][1]: card 2 is also in data.hands[0].cards[0]",
        "data.hands[1].cards[0]: card 1000000 does not exist (ids 0..29)",
        "data.active: must be a seat 0..2, not 5",
    )
