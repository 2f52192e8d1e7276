"""SOTA states read from JSON, and positions, are checked against the game: one bad field of each kind.

The JSON document is that of a real game at a modifier window (seat 0's Character in Duel Position 1
against seat 1's in position 1); the positions use the ember and tide starter decks.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from documents import problems_reading, put
from playing import random_play
from sota_scenarios import character_first_game

import shardgames as sg
from shardgames.sota import Phase, SotaState


def modifier_window() -> SotaState:
    """Turn Phase 4 of a random game, at seat 0's modifier window; seat 0's hand is [21]."""
    for state in random_play(sg.load_game("sota"), 3):
        assert isinstance(state, SotaState)
        if state.prompt is not None and state.prompt.phase is Phase.MODIFIERS and state.turn >= 3:
            return state.clone()  # type: ignore[return-value]
    raise AssertionError("the game never reached a modifier window")


IDS = "ids 0..53, 64..117"
NOWHERE = "(a card out of the game is listed here)"
DEAL_NINE = {"type": "Deal", "seat": 0, "count": 9, "phase": "deal"}


@pytest.mark.parametrize(
    ("path", "value", "problems"),
    [
        ("data.alive", [True], ["data.alive: must have 2 entries, one per seat, not 1"]),
        (
            "data.persona.0",
            -5,
            [
                f"data.persona[0]: card -5 does not exist ({IDS})",
                f"data.removed[0]: card 1 is in no zone {NOWHERE}",
            ],
        ),
        (
            "data.hands.0.cards.0",
            10**6,
            [
                f"data.hands[0].cards[0]: card 1000000 does not exist ({IDS})",
                f"data.removed[0]: card 21 is in no zone {NOWHERE}",
            ],
        ),
        ("data.removed.0", [0], [f"data.removed[0]: card 2 is in no zone {NOWHERE}"]),
        (
            "data.allies.0",
            [21],
            [
                "data.allies[0][0]: card 21 is also in data.hands[0].cards[0]",
                f"data.removed[0]: card 34 is in no zone {NOWHERE}",
            ],
        ),
        ("data.rolls.0", 7, ["data.rolls[0]: must be an int 0..6, not 7"]),
        ("data.used_stats", 99, ["data.used_stats: must be an int 0..31, not 99"]),
        (
            "data.active",
            -1,
            [
                "data.active: there is an active seat from Turn Phase 1 on, and none before",
                "data.duel.attacker: must be the active seat, -1",
            ],
        ),
        ("data.duel.dice.0", 7, ["data.duel.dice[0]: must be an int 1..6, not 7"]),
        ("data.duel.bonus.0", 10**6, ["data.duel.bonus[0]: must be an int -1000..1000, not 1000000"]),
        ("data.duel.unit", [0], ["data.duel.unit: seat 0 has no Character in Duel Position 0"]),
        (
            "data.duel",
            None,
            ["data.duel: a duel is under way exactly at the decisions of a duel, not at modifiers"],
        ),
        ("tasks", [DEAL_NINE], ["tasks[0].count: must be an int 0..5, not 9"]),
        (
            "tasks",
            [{"type": "AskPhase", "seat": 0, "phase": "duel stat"}],
            ["tasks[0].phase: 'duel stat' is not a decision a seat is asked for in turn"],
        ),
    ],
)
def test_bad_fields_are_named(path: str, value: Any, problems: list[str]) -> None:
    assert problems_reading(modifier_window(), put(path, value)) == tuple(problems)


def test_an_ally_in_a_duel_position_is_the_wrong_kind_of_card() -> None:
    move = (put("data.slots.0", 34), put("data.allies.0", []))
    assert problems_reading(modifier_window(), *move) == (
        "data.slots[0]: card 34 (Flicker-Tailed Fox) is not a Character",
    )


def test_a_card_in_two_places_and_one_in_none_are_both_named() -> None:
    assert problems_reading(modifier_window(), put("data.slots.1", 34)) == (
        "data.slots[1]: card 34 (Flicker-Tailed Fox) is not a Character",
        "data.allies[0][0]: card 34 is also in data.slots[1]",
        f"data.removed[0]: card 25 is in no zone {NOWHERE}",
    )


def test_the_modifier_window_belongs_to_the_side_to_act() -> None:
    assert problems_reading(modifier_window(), put("prompt.player", 1)) == (
        "prompt.player: the modifier window opens after the four dice, to the side to act",
    )


def test_every_problem_is_listed_at_once() -> None:
    """Every problem, except those of fields whose checks need a list of the right length first."""
    changes = (put("data.rolls.0", 7), put("data.duel.dice.0", 7), put("turn", -1), put("data.alive", [True]))
    assert problems_reading(modifier_window(), *changes) == (
        "turn: must be an int 0..400, not -1",
        "data.alive: must have 2 entries, one per seat, not 1",
    )
    changes = changes[:-1]
    assert problems_reading(modifier_window(), *changes) == (
        "turn: must be an int 0..400, not -1",
        "data.rolls[0]: must be an int 0..6, not 7",
        "data.duel.dice[0]: must be an int 1..6, not 7",
    )


# ---------------------------------------------------------------------- positions


def position(phase: str, duel: dict[str, Any]) -> dict[str, Any]:
    ember = {"persona": "ember-persona-vael", "positions": ["casstia", "ember-solvane"]}
    tide = {"positions": ["tide-tarrowby", "tide-drenna"]}
    return {"turn": 3, "players": [ember, tide], "phase": phase, "duel": duel}


def test_a_twin_response_needs_a_twin_pair() -> None:
    """Accepted before, this position failed when the defender answered with both twins."""
    game = sg.load_game("sota", decks=("ember", "tide"))
    duel = {"unit": [0], "stat": "vitality", "target": {"seat": 1, "unit": [0]}}
    with pytest.raises(sg.PositionError) as caught:
        game.state_from_position(position("twin response", duel))
    assert caught.value.problems == ("prompt: the defender answers a challenge to one twin of a pair",)


def test_a_modifier_beyond_any_game_is_refused() -> None:
    game = sg.load_game("sota", decks=("ember", "tide"))
    target = {"seat": 1, "unit": [0]}
    duel = {"unit": [0], "stat": "vitality", "target": target, "dice": [1, 2, 3, 4], "bonus": [10**6, 0]}
    with pytest.raises(sg.PositionError) as caught:
        game.state_from_position(position("modifiers", duel))
    assert caught.value.problems == ("data.duel.bonus[0]: must be an int -1000..1000, not 1000000",)


def duel_die() -> SotaState:
    """A game with explicit chance at its first duel die."""
    state = sg.load_game("sota", chance="explicit").new_initial_state(5)
    rng = sg.Rng(5)
    while state.prompt is None or state.prompt.phase is not Phase.DUEL_DIE:
        assert not state.is_terminal()
        if state.is_chance_node():
            state.apply_action(state.sample_chance_outcome(rng))
        else:
            state.apply_action(state.legal_actions()[rng.randrange(len(state.legal_actions()))])
    assert isinstance(state, SotaState)
    return state


def test_the_modifier_window_is_not_open_while_the_dice_are_rolled() -> None:
    """SOTA-R18: the attacker acts first, once the four dice are rolled: before them nobody is to act in
    the window but the attacker, and nobody has passed."""
    state = duel_die()
    assert state.game.state_from_json(state.to_json()) == state
    assert problems_reading(state, put("data.duel.to_act", 1), put("data.duel.passes", 1)) == (
        "data.duel.to_act: the attacker is to act until the modifier window, after the four dice",
        "data.duel.passes: nobody passes before the modifier window, after the four dice",
    )


def test_a_character_numbered_0_counts_as_a_character_in_a_duel_position(tmp_path: Path) -> None:
    """SOTA-35: a Persona duels only without Characters in Duel Positions, whatever the Character's
    number: here the only one is card 0, the first card of its decklist."""
    game = character_first_game(tmp_path)
    position = {"players": [{"positions": ["ex-j"]}, {}], "phase": "duel stat", "duel": {"unit": "persona"}}
    with pytest.raises(sg.PositionError) as caught:
        game.state_from_position(position)
    assert "duel.unit: a Persona duels only without Characters in Duel Positions" in caught.value.problems
    state = game.state_from_position({"players": [{"positions": ["ex-j"]}, {}]})
    assert state.slots[0] == 0
