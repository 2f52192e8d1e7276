"""`shardgames tournament` and `shardgames replay`, through click's CliRunner."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

import shardgames as sg
from shardgames.agents import FlatMonteCarloAgent, MCTSAgent
from shardgames.cli import cli
from shardgames.cli.arena import agent_from_spec
from shardgames.kernel.errors import UsageError
from shardgames.tactics import GreedyAgent

SMALL = "tactics(souls=12,max_turns=30)"


def invoke(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args), env={"COLUMNS": "120"})


def test_tournament_prints_the_tables_and_writes_json_and_records(tmp_path: Path) -> None:
    out, records = tmp_path / "result.json", tmp_path / "records"
    result = invoke(
        "tournament", SMALL, "--agents", "random,greedy", "--games", "6", "--workers", "2",
        "--json", str(out), "--records", str(records), "--no-progress",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "tactics(souls=12,max_turns=30): 6 games, seed 0" in result.stdout
    assert "greedy" in result.stdout
    assert "win rate by seat" in result.stdout
    assert " games/s" in result.stdout
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["agents"] == ["random", "greedy"]
    assert data["finished"] == 6
    assert sorted(p.name for p in records.iterdir()) == [f"game-{i}.json" for i in range(6)]
    replayed = invoke("replay", str(records / "game-0.json"))
    assert replayed.exit_code == 0, replayed.output
    lines = replayed.stdout.splitlines()
    assert lines[0] == f"{SMALL}, seed {sg.derive_seed(0, 0)}: random, greedy"
    assert any(": buy " in line for line in lines)
    assert "won" in lines[-1] or "draw" in lines[-1]


def test_agent_specs() -> None:
    game = sg.load_game(SMALL)
    assert isinstance(agent_from_spec("greedy", game), GreedyAgent)
    mcts = agent_from_spec("mcts:sims=30,c=2,rollout=greedy", game)
    assert isinstance(mcts, MCTSAgent)
    assert isinstance(agent_from_spec("flat:sims=5", game), FlatMonteCarloAgent)
    for spec, message in (
        ("alphazero", "the agents are random, greedy, mcts, flat"),
        ("mcts:temperature=3", "unknown option temperature"),
        ("mcts:sims=many", "sims must be a int"),
        ("mcts:sims=0", "sims must be above 0"),
        ("flat:rollout=smart", "rollout is random or greedy"),
        ("mcts:sims", "options are KEY=VALUE"),
    ):
        with pytest.raises(UsageError, match=message):
            agent_from_spec(spec, game)


def test_tournament_errors_are_user_errors() -> None:
    result = invoke("tournament", SMALL, "--agents", "random,wizard", "--games", "2")
    assert result.exit_code == 2
    assert "the agents are random, greedy, mcts, flat" in result.stderr
    result = invoke("--import", "embers:EmbersGame", "tournament", "embers", "--agents", "random,greedy")
    assert result.exit_code == 2
    assert "embers has no greedy agent" in result.stderr
    result = invoke("replay", "no-such-file.json")
    assert result.exit_code == 2
    assert "cannot read" in result.stderr
