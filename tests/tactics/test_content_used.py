"""What each seat used in a Tactics game: the warriors it bought, by name (`content_used`)."""

from __future__ import annotations

import pytest
from playing import play_to_end
from tactics_scenarios import play, tactics_game

import shardgames as sg
from shardgames.tactics import TacticsState
from shardgames.tactics.actions import FirstPlayer
from shardgames.tactics.events import WarriorBought


def test_bought_warriors_are_used_by_name_once_each_in_order() -> None:
    state = tactics_game(chance="explicit").new_initial_state()
    assert isinstance(state, TacticsState)
    state.apply_action(FirstPlayer(1))
    play(state, "buy cmdr-vale at d8", "buy stone at a6", "buy militia at a7")
    play(state, "buy cmdr-kess at e1", "buy fire at a3", "buy militia at a2")
    play(state, "buy militia at b7")
    assert state.content_used() == (("CMDR Kess", "Militia"), ("CMDR Vale", "Militia"))


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_games_use_the_warriors_bought(seed: int) -> None:
    state = play_to_end(sg.load_game("tactics(souls=12,max_turns=30)"), seed)
    expected: list[list[str]] = [[], []]
    for event in state.events:
        if isinstance(event, WarriorBought) and event.name not in expected[event.player]:
            expected[event.player].append(event.name)
    used = state.content_used()
    assert used == tuple(tuple(names) for names in expected)
    assert all(any("CMDR" in name for name in names) for names in used)
    assert state.game.content_kind == "warriors"
