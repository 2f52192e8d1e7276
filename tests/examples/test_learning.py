"""The learning example: a quick self-play run writes its files, resumes, and its policy plays."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import shardgames as sg

pytest.importorskip("torch")

ROOT = Path(__file__).resolve().parents[2]
TRAIN = ROOT / "examples" / "learning" / "train.py"
NET = ROOT / "examples" / "learning" / "net.py"
GAME = "tactics(souls=12,max_turns=30)"
ANY_TIME = ("--minutes", "60")  # the iterations end the run, not the time budget, on a busy machine too


def train(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(TRAIN), *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=600,
        env={**os.environ, "PYTHONWARNINGS": "ignore"},
        check=False,
    )


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A quick run of the small Tactics game, in ``runs/tactics`` of a directory of its own."""
    where = tmp_path_factory.mktemp("learning")
    done = train(GAME, "--quick", *ANY_TIME, "--out", "runs/tactics", cwd=where)
    assert done.returncode == 0, done.stderr
    return where


def test_a_quick_run_writes_the_checkpoint_the_policy_and_the_curve(run: Path) -> None:
    out = run / "runs" / "tactics"
    assert {p.name for p in out.iterdir()} == {"checkpoint.pt", "policy.pt", "curve.json", "curve.svg"}
    curve = json.loads((out / "curve.json").read_text(encoding="utf-8"))
    assert curve["game"] == GAME
    assert [row["iteration"] for row in curve["curve"]] == [1, 2]
    for row in curve["curve"]:
        assert 0 <= row["vs_random"] <= 1
        assert 0 <= row["vs_greedy"] <= 1
        assert row["teacher_share"] in (1.0, 0.75)
    assert (out / "curve.svg").read_text(encoding="utf-8").lstrip().startswith("<?xml")


def test_a_run_resumes_where_it_stopped(run: Path) -> None:
    more = ("--resume", "--iterations", "3")
    done = train(GAME, "--quick", *ANY_TIME, "--out", "runs/tactics", *more, cwd=run)
    assert done.returncode == 0, done.stderr
    assert "resuming tactics(souls=12,max_turns=30) after iteration 2" in done.stdout
    curve = json.loads((run / "runs" / "tactics" / "curve.json").read_text(encoding="utf-8"))["curve"]
    assert [row["iteration"] for row in curve] == [1, 2, 3]
    assert curve[2]["seconds"] > curve[1]["seconds"]


def test_the_trained_policy_plays_as_an_agent_and_from_the_command_line(run: Path) -> None:
    code = (
        "import sys, shardgames as sg\n"
        f"sys.path.insert(0, {str(NET.parent)!r})\n"
        "from net import load_policy\n"
        "agent = sg.PolicyAgent(load_policy('runs/tactics/policy.pt'), name='learned')\n"
        f"record = sg.play_match({GAME!r}, [agent, sg.RandomAgent()], seed=4)\n"
        "print(record.agents, record.winner in (0, 1, None))\n"
    )
    shown = subprocess.run(
        [sys.executable, "-c", code], cwd=run, capture_output=True, text=True, timeout=300, check=False
    )
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout.strip() == "('learned', 'random') True"
    cli = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys; from shardgames.cli import main; sys.exit(main())",
            "tournament",
            GAME,
            "--games",
            "2",
            "--seed",
            "1",
            "--agents",
            f"policy:load={NET}:trained,random",
            "--json",
            "results.json",
        ],
        cwd=run,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert cli.returncode == 0, cli.stderr
    assert "played 2 games" in cli.stdout
    assert "policy:trained" in (run / "results.json").read_text(encoding="utf-8")


def test_evaluate_scores_a_policy_file(run: Path) -> None:
    done = train("--evaluate", "runs/tactics/policy.pt", "--games", "2", cwd=run)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith(f"{GAME}: against random: ")
    assert lines[1].startswith(f"{GAME}: against greedy: ")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("tactics(souls=0)", "--quick"), "parameters of 'tactics': souls: must be between 1 and 99"),
        (("tactics", "--resume", "--out", "nowhere"), "--resume: no checkpoint at nowhere/checkpoint.pt"),
        (("--evaluate", "missing.pt"), "--evaluate: no policy file missing.pt"),
        (("--evaluate", "garbage.pt"), "cannot read garbage.pt: "),
        (
            ("sota", "--resume", "--out", "runs/tactics"),
            "is a run of tactics(souls=12,max_turns=30), not sota",
        ),
    ],
)
def test_bad_input_is_one_line_and_status_2(run: Path, args: tuple[str, ...], message: str) -> None:
    (run / "garbage.pt").write_text("not a checkpoint", encoding="utf-8")
    done = train(*args, cwd=run)
    assert done.returncode == 2
    assert message in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1
    assert sg.load_game(GAME).name == "tactics"
