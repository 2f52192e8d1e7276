from __future__ import annotations

from pathlib import Path

import pytest
from embers import Pass, Play

import shardgames as sg


class AlwaysPass:
    name = "passer"

    def act(self, view: sg.View, rng: sg.Rng) -> sg.Action:
        return view.legal_actions[0]


class Cheater:
    name = "cheater"

    def act(self, view: sg.View, rng: sg.Rng) -> sg.Action:
        return Play(5, view.player)


def test_matches_are_reproducible_and_replay() -> None:
    agents = [sg.RandomAgent(), sg.RandomAgent(), sg.RandomAgent()]
    first = sg.play_match("embers(players=3)", agents, seed=11)
    second = sg.play_match(sg.load_game("embers(players=3)"), agents, seed=11)
    assert first == second
    assert first.length == len(first.history) > 0
    final = first.replay()
    assert final.is_terminal()
    assert final.returns() == first.returns
    assert final.winner == first.winner
    assert first.agents == ("random", "random", "random")
    assert str(first).startswith("embers(players=3), seed 11: ")
    assert isinstance(sg.RandomAgent(), sg.Agent)
    assert repr(sg.RandomAgent()) == "RandomAgent()"


def test_explicit_chance_games_are_played_too() -> None:
    record = sg.play_match("embers(chance=explicit)", [sg.RandomAgent(), AlwaysPass()], seed=3)
    assert record.replay().returns() == record.returns
    assert Pass() in record.history


def test_records_save_and_load(tmp_path: Path) -> None:
    record = sg.play_match("embers", [AlwaysPass(), sg.RandomAgent()], seed=2)
    path = tmp_path / "match.json"
    record.save(path)
    loaded = sg.MatchRecord.load(path)
    assert loaded == record
    assert sg.MatchRecord.from_dict(record.to_dict()) == record


def test_an_unfinished_match_is_recorded_as_unfinished(tmp_path: Path) -> None:
    state = sg.load_game("embers").new_initial_state(seed=2)
    state.apply_action(state.legal_actions()[0])
    record = sg.MatchRecord("embers", 2, ("human", "random"), tuple(state.history), (0.0, 0.0), None, False)
    assert record.to_dict()["finished"] is False
    assert "finished" not in sg.play_match("embers", [AlwaysPass(), AlwaysPass()], seed=2).to_dict()
    path = tmp_path / "unfinished.json"
    record.save(path)
    assert sg.MatchRecord.load(path) == record
    assert record.replay() == state
    assert str(record) == f"embers, seed 2: unfinished after {len(state.history)} steps"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{", "not valid JSON"),
        ("[]", "expected a JSON object"),
        ('{"game": "embers", "format": 1, "kind": "state"}', "expected 'match'"),
        ('{"game": "embers", "format": 1, "kind": "match", "seed": 1}', "agents: must be a list of 2 names"),
    ],
)
def test_bad_records_are_reported(text: str, message: str) -> None:
    with pytest.raises(sg.SerializationError, match=message):
        sg.MatchRecord.from_json(text)


def test_the_number_of_agents_must_match() -> None:
    with pytest.raises(ValueError, match="2 seats: give one agent per seat, not 1 agent"):
        sg.play_match("embers", [sg.RandomAgent()])


def test_an_agents_illegal_action_is_blamed_on_it() -> None:
    with pytest.raises(
        sg.AgentError, match="agent 'cheater' in seat 0 failed after 8 steps: Illegal"
    ) as info:
        sg.play_match("embers", [Cheater(), Cheater()], seed=1)
    assert isinstance(info.value.__cause__, sg.IllegalActionError)
    assert info.value.record.length == 8  # the deal, before the cheater's first decision
