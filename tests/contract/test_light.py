"""A light state (no history, no event log) plays exactly as the full one, in every game.

The rules never read the history or the events, so dropping them cannot change a result. Two checks
hold every configuration of every registered game to it: the rules' own code reads neither, and
random games played side by side, full and light, agree at every step (the same legal actions, the
same fields) and end the same.
"""

from __future__ import annotations

import ast
import pickle
from pathlib import Path

import pytest
from playing import configuration_params

import shardgames as sg
from shardgames.kernel.state import State, game_fields

PACKAGE = Path(sg.__file__).parent
GAMES = ("sota", "tactics", "command")
LOG_NAMES = {"history", "events", "_history", "_events"}
READERS = {"content_used", "__str__", "to_html", "render_state", "state_html"}
"""Functions that may read the logs: they report on a state, the rules never call them."""


def _same_play(full: State, light: State) -> None:
    assert full.legal_actions() == light.legal_actions()
    assert full.current_player == light.current_player
    assert full.prompt == light.prompt
    assert full.tasks == light.tasks
    assert full.turn == light.turn
    assert full.returns() == light.returns()
    assert full.winner == light.winner
    assert full._rng == light._rng
    for field in game_fields(type(full)):
        assert getattr(full, field.name) == getattr(light, field.name), field.name


@pytest.mark.parametrize("configuration", configuration_params())
def test_a_light_state_plays_exactly_as_the_full_one(configuration: str) -> None:
    game = sg.load_game(configuration)
    for seed in (0, 1):
        full = game.new_initial_state(seed)
        light = full.clone(light=True)
        rng = sg.Rng(sg.derive_seed(seed, 5))
        step = 0
        while not full.is_terminal():
            _same_play(full, light)
            action = (
                full.sample_chance_outcome(rng) if full.is_chance_node() else rng.choice(full.legal_actions())
            )
            full.apply_action(action)
            assert light.apply_action(action) == ()
            step += 1
            if step % 50 == 0:  # copies of a light state stay light, and play on alike
                light = pickle.loads(pickle.dumps(light.clone()))
                assert light.is_light
        _same_play(full, light)
        assert light.is_terminal()
        assert light.is_light
        assert not full.is_light


@pytest.mark.parametrize("configuration", ["sota", "command", "tactics", "embers(players=3)"])
def test_a_light_sample_of_a_view_matches_the_full_sample(configuration: str) -> None:
    game = sg.load_game(configuration)
    state = game.new_initial_state(3)
    rng = sg.Rng(4)
    for _ in range(40):
        if state.is_terminal():
            break
        state.apply_action(
            rng.choice(state.legal_actions())
            if not state.is_chance_node()
            else state.sample_chance_outcome(rng)
        )
    if state.current_player < 0:
        return
    view = state.view(state.current_player)
    full, light = view.sample_state(sg.Rng(9)), view.sample_state(sg.Rng(9), light=True)
    assert light.is_light
    assert not full.is_light
    _same_play(full, light)


def test_a_light_state_refuses_what_needs_its_logs() -> None:
    light = sg.load_game("tactics").new_initial_state(2).clone(light=True)
    for read in (lambda: light.history, lambda: light.events, light.to_json, light.content_used):
        with pytest.raises(sg.UsageError, match="light"):
            read()
    light.apply_action(light.legal_actions()[0])
    assert light.resample_hidden(0, 1).is_light


def _reads_of_the_logs(path: Path) -> list[str]:
    """``.history``/``.events`` (and the kernel's slots) read anywhere but in a reporting function."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: list[str] = []

    def visit(node: ast.AST, function: str) -> None:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            function = node.name
        if isinstance(node, ast.Attribute) and node.attr in LOG_NAMES and function not in READERS:
            found.append(f"{path.relative_to(PACKAGE)}:{node.lineno} reads .{node.attr} in {function}")
        for child in ast.iter_child_nodes(node):
            visit(child, function)

    visit(tree, "<module>")
    return found


@pytest.mark.parametrize("game", GAMES)
def test_the_rules_never_read_the_history_or_the_events(game: str) -> None:
    """What makes a light state safe: no rule can depend on what it drops."""
    reads = [read for path in sorted((PACKAGE / game).rglob("*.py")) for read in _reads_of_the_logs(path)]
    assert reads == []
