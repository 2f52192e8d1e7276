"""The rules functions register themselves in one table per game; every decision and task has one."""

from __future__ import annotations

import inspect
from types import ModuleType

from shardgames.kernel.actions import Action
from shardgames.kernel.state import Task
from shardgames.tactics import TacticsGame, actions, phases
from shardgames.tactics.phases import CHANCE_PHASES, Phase, handlers


def _classes(module: ModuleType, base: type) -> list[type]:
    """The subclasses of `base` that `module` defines."""
    found = inspect.getmembers(module, inspect.isclass)
    return [c for _, c in found if issubclass(c, base) and c is not base and c.__module__ == module.__name__]


def test_every_phase_action_and_task_has_a_rules_function() -> None:
    TacticsGame()  # loading the game loads every rules module
    missing = handlers.missing(
        phases=[phase for phase in Phase if phase not in CHANCE_PHASES],
        actions=_classes(actions, Action),
        tasks=_classes(phases, Task),
    )
    assert missing == []


def test_every_seat_phase_explains_its_illegal_actions() -> None:
    assert set(handlers.explain_handlers) == {phase for phase in Phase if phase not in CHANCE_PHASES}
