"""`HeuristicAgent`, the frame every game's greedy agent shares: a rule per phase, a harmless fallback."""

from __future__ import annotations

from collections.abc import Sequence
from types import SimpleNamespace
from typing import Any

import attrs
import pytest

from shardgames.command import GreedyAgent as CommandGreedy
from shardgames.kernel.actions import Action
from shardgames.kernel.heuristics import HeuristicAgent, Rule
from shardgames.sota import GreedyAgent as SotaGreedy
from shardgames.tactics import GreedyAgent as TacticsGreedy


@attrs.frozen
class Play(Action):
    value: int


@attrs.frozen
class Pass(Action):
    pass


PLAY_1, PLAY_2, PASS = Play(1), Play(2), Pass()


class Picky(HeuristicAgent):
    """Plays the card its rule names in the phase ``"turn"``; passes when it can otherwise."""

    HARMLESS = (PASS,)

    def __init__(self, wanted: Action | None) -> None:
        self.wanted = wanted
        self.read: list[Any] = []

    def rule(self, phase: Any) -> Rule | None:
        return self.choose if phase == "turn" else None

    def reading(self, view: Any, rng: Any) -> Any:
        return ("read", view.player)

    def choose(self, reading: Any, legal: Sequence[Action]) -> Action | None:
        self.read.append(reading)
        return self.wanted


def view(phase: str, *legal: Action) -> Any:
    return SimpleNamespace(player=1, prompt=SimpleNamespace(phase=phase), legal_actions=legal)


def test_the_rule_of_the_phase_chooses_from_what_the_agent_reads() -> None:
    agent = Picky(PLAY_2)
    assert agent.act(view("turn", PLAY_1, PLAY_2, PASS), 0) == PLAY_2
    assert agent.read == [("read", 1)]


@pytest.mark.parametrize("wanted", [None, Play(3)])
def test_without_a_legal_choice_the_agent_plays_a_harmless_action(wanted: Action | None) -> None:
    assert Picky(wanted).act(view("turn", PLAY_1, PASS), 0) == PASS
    assert Picky(wanted).act(view("turn", PLAY_2, PLAY_1), 0) == PLAY_2  # no harmless one: the first


def test_a_phase_without_a_rule_and_a_single_action_need_no_reading() -> None:
    agent = Picky(PLAY_1)
    assert agent.act(view("setup", PLAY_1, PASS), 0) == PASS
    assert agent.act(view("turn", PLAY_2), 0) == PLAY_2
    assert agent.read == []


def test_every_game_greedy_agent_is_one() -> None:
    for agent in (SotaGreedy(), TacticsGreedy(), CommandGreedy()):
        assert isinstance(agent, HeuristicAgent)
        assert agent.name == "greedy"
        assert repr(agent) == "GreedyAgent()"
