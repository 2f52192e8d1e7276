"""The rules functions register themselves in one table, and it answers every decision, action and task."""

from __future__ import annotations

import shardgames as sg
from shardgames.command.handlers import handlers
from shardgames.command.phases import CHANCE_PHASES, Phase


def test_every_phase_action_and_task_has_a_registered_handler() -> None:
    game = sg.load_game("command")
    problems = handlers.missing(
        phases=[phase for phase in Phase if phase not in CHANCE_PHASES],
        actions=game.codec.action_types,
        tasks=game.task_types,
    )
    assert problems == []


def test_every_decision_phase_has_its_explanation() -> None:
    assert set(handlers.explain_handlers) == {phase for phase in Phase if phase not in CHANCE_PHASES}
