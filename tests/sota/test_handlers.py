"""The SOTA rules register themselves: every decision, action and queued step has its function."""

from __future__ import annotations

import shardgames as sg
from shardgames.sota.game import SotaGame
from shardgames.sota.phases import CHANCE_PHASES, Phase, SotaPrompt, handlers, prompt_of


def test_every_phase_action_and_task_has_a_rules_function() -> None:
    game = sg.load_game("sota")
    assert isinstance(game, SotaGame)
    decisions = [phase for phase in Phase if phase not in CHANCE_PHASES]
    assert (
        handlers.missing(phases=decisions, actions=game.codec.action_types, tasks=SotaGame.task_types) == []
    )
    assert set(handlers.explain_handlers) == set(decisions)


def test_a_prompt_concerns_no_seat_unless_it_says_so() -> None:
    """A `SotaPrompt` names the seat a chance node concerns; made without one, its seat is -1."""
    assert SotaPrompt(0, Phase.GATHER).seat == -1
    assert prompt_of(0, Phase.GATHER) == SotaPrompt(0, Phase.GATHER)
