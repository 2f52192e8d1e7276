"""The docs hook that writes each game's action table and how much of the space a decision uses."""

from __future__ import annotations

from types import ModuleType

import pytest
from loading import ROOT, load_file

import shardgames as sg


@pytest.fixture(scope="module")
def hook() -> ModuleType:
    return load_file(ROOT / "docs" / "hooks" / "action_tables.py", "shardgames_action_tables_hook")


def test_a_marker_becomes_the_table_and_the_usage_of_the_space(hook: ModuleType) -> None:
    page = hook.on_page_markdown("before\n<!-- action-space: command -->\nafter")
    game = sg.load_game("command")
    assert f"{game.num_distinct_actions} player actions" in page
    assert "| `Play` | `card` |" in page
    assert "How much of it a decision uses: over the " in page
    assert page.startswith("before\n")
    assert page.endswith("\nafter")


def test_the_usage_counts_every_decision_of_the_same_random_games(hook: ModuleType) -> None:
    game = sg.load_game("tactics(souls=12,max_turns=6)")
    text = hook.usage(game)
    assert text == hook.usage(game)  # fixed seeds: the same sentence on every build
    decisions = 0
    for seed in range(hook.USAGE_GAMES):
        state, rng = game.new_initial_state(seed), sg.Rng(seed)
        while not state.is_terminal():
            decisions += 1
            state.apply_action(rng.choice(state.legal_actions()))
    assert f"over the {decisions:,} decisions of {hook.USAGE_GAMES} random games" in text
    assert f"of the {game.num_distinct_actions:,} player action ids" in text
