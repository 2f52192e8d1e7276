"""The greedy agent plays legal, sensible Shard Command and beats the random agent clearly."""

from __future__ import annotations

import pytest
from command_scenarios import position, shipped

import shardgames as sg
from shardgames.command import GreedyAgent, starter_decks
from shardgames.command.actions import ChooseTarget, DeclareAttack, Intercept, NoIntercept, Play
from shardgames.command.objects import player_target
from shardgames.command.state import CommandState
from shardgames.kernel.actions import Action
from shardgames.kernel.views import View

DECKS = tuple(starter_decks())
PAIRS = [(DECKS[i], DECKS[(i + j) % len(DECKS)]) for i in range(len(DECKS)) for j in (1, 3)]


class CheckedGreedy(GreedyAgent):
    """The greedy agent, asserting that each action it chooses is one of its view's legal actions."""

    def __init__(self) -> None:
        self.choices = 0

    def act(self, view: View, rng: sg.Rng) -> Action:
        action = super().act(view, rng)
        assert action in view.legal_actions, f"{action} is not legal for {view.prompt}"
        self.choices += 1
        return action


def decide(state: CommandState, seat: int, seed: int = 0) -> Action:
    return GreedyAgent().act(state.view(seat), sg.Rng(seed))


@pytest.mark.parametrize("pair", PAIRS[:7], ids=lambda pair: f"{pair[0]}-{pair[1]}")
def test_greedy_plays_whole_games_with_legal_choices(pair: tuple[str, str]) -> None:
    game = sg.load_game("command", decks=pair)
    for seed in range(3):
        agents = [CheckedGreedy(), CheckedGreedy()] if seed == 0 else [CheckedGreedy(), sg.RandomAgent()]
        if seed == 2:
            agents.reverse()
        record = sg.play_match(game, agents, seed=seed)
        assert record.replay().is_terminal()
        assert any(isinstance(a, CheckedGreedy) and a.choices > 10 for a in agents)
    assert repr(GreedyAgent()) == "GreedyAgent()"


@pytest.mark.no_cover  # a strength test: the rules it runs are measured by the others, far faster
def test_greedy_beats_random_over_a_thousand_games() -> None:
    """1,000 games over fourteen pairs of shipped decks, seats alternating: nine wins in ten at least."""
    games = [sg.load_game("command", decks=pair) for pair in PAIRS]
    count = 1000
    wins = 0
    for seed in range(count):
        greedy_seat = seed % 2
        agents: list[sg.Agent] = [sg.RandomAgent(), sg.RandomAgent()]
        agents[greedy_seat] = GreedyAgent()
        wins += sg.play_match(games[seed % len(games)], agents, seed=seed).winner == greedy_seat
    assert wins / count >= 0.9


def test_greedy_removes_the_biggest_threat() -> None:
    """Removal goes to the enemy worth most: Blood Pact destroys the Ridge Golem, not the Recruit."""
    game = shipped("pyre", "stoneguard")
    state = position(
        game,
        {
            "turn": 5,
            "players": [
                {"hand": ["Blood Pact"], "unused": "1G 1D", "arena": ["Ember Sprite"]},
                {"arena": ["Ridge Recruit", "Ridge Golem"]},
            ],
        },
    )
    pact = next(iter(state.hands[0]))
    assert decide(state, 0) == Play(pact)
    state.apply_action(Play(pact))
    golem = next(p.id for p in state.arena if game.infos[p.kind].name == "Ridge Golem")
    assert decide(state, 0) == ChooseTarget(golem)


def test_greedy_intercepts_when_its_blocker_survives_and_attacks_when_safe() -> None:
    """A 2/3 blocks a 1/1 attacker; an attacker nobody can kill attacks."""
    game = shipped("stoneguard", "pyre")
    state = position(
        game,
        {
            "turn": 6,
            "active": 1,
            "players": [{"arena": ["Ridge Recruit"]}, {"arena": ["Ember Sprite"], "pool": "2G"}],
        },
    )
    sprite = next(p.id for p in state.arena if p.owner == 1)
    recruit = next(p.id for p in state.arena if p.owner == 0)
    assert DeclareAttack(sprite) in state.legal_actions()
    state.apply_action(DeclareAttack(sprite))
    state.apply_action(ChooseTarget(player_target(0)))  # seat 0's Integrity
    assert decide(state, 0) == Intercept(recruit)
    assert decide(state, 0) != NoIntercept()
