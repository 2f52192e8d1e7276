"""The balance lab's script plays its studies, writes the notebooks' data, checks it, refuses bad input."""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType

import pytest
from loading import load_file

from shardgames import analysis as sa

SCRIPT = Path(__file__).resolve().parents[1] / "scripts" / "balance_studies.py"
QUICK = ["--agent", "greedy", "--games", "1", "--backend", "serial"]


@pytest.fixture(scope="module")
def studies() -> ModuleType:
    return load_file(SCRIPT, "shardgames_balance_studies")


def test_a_study_writes_its_documents_and_its_run_and_checks_them(
    studies: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert studies.main(["command-new-card", *QUICK, "--out", str(tmp_path)]) == 0
    written = sorted(path.name for path in tmp_path.iterdir())
    assert written == [
        "command-new-card-3f.json",
        "command-new-card-cards.json",
        "command-new-card.json",
        "command-new-card.run.json",
    ]
    study = sa.Matchups.load(tmp_path / "command-new-card.json")
    assert len(study.games) == 16  # every ordered pair of four decks, once
    assert not study.records  # the card use is kept instead: records would make the files large
    assert sa.ContentStats.load(tmp_path / "command-new-card-cards.json").games
    assert sa.Comparison.load(tmp_path / "command-new-card-3f.json").subjects
    run = json.loads((tmp_path / "command-new-card.run.json").read_text(encoding="utf-8"))
    assert (run["agent"], run["games"], run["seed"]) == ("greedy", 1, studies.SEED)
    assert Path.cwd() != studies.DATA.parent  # the study is played from the notebooks' folder, then left
    capsys.readouterr()
    assert studies.main(["command-new-card", "--check", "--backend", "serial", "--out", str(tmp_path)]) == 0
    assert "command-new-card: 0 games differ" in capsys.readouterr().out


def test_the_tactics_study_keeps_who_went_first(studies: ModuleType, tmp_path: Path) -> None:
    assert studies.main(["tactics-first-player", *QUICK, "--out", str(tmp_path)]) == 0
    run = json.loads((tmp_path / "tactics-first-player.run.json").read_text(encoding="utf-8"))
    assert run["first_players"] in ([0], [1])


def test_a_check_names_the_games_that_came_out_otherwise(
    studies: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert studies.main(["sota-decks", *QUICK, "--out", str(tmp_path)]) == 0
    saved = tmp_path / "sota-decks.json"
    data = json.loads(saved.read_text(encoding="utf-8"))
    first = data["games"][0]
    first["winner"] = None if first["winner"] is not None else 0
    saved.write_text(json.dumps(data), encoding="utf-8")
    capsys.readouterr()
    assert studies.main(["sota-decks", "--check", "--backend", "serial", "--out", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert "sota-decks: 1 games differ" in out
    assert "game (('ember', 'ember'), 0)" in out


def test_bad_input_exits_2_with_one_line(
    studies: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert studies.main(["nonsense"]) == 2
    assert "no study nonsense; the studies are sota-decks" in capsys.readouterr().err
    assert studies.main(["sota-decks", "--games", "0"]) == 2
    assert "--games must be at least 1" in capsys.readouterr().err
    assert studies.main(["sota-decks", "--agent", "wizard", "--out", str(tmp_path)]) == 2
    assert "error: sota-decks: agent 'wizard'" in capsys.readouterr().err
    (tmp_path / "sota-decks.run.json").write_text("[1, 2]", encoding="utf-8")
    assert studies.main(["sota-decks", "--check", "--out", str(tmp_path)]) == 2
    assert "not a study's run file" in capsys.readouterr().err
    assert studies.main(["tactics-first-player", "--check", "--out", str(tmp_path)]) == 2
    assert "No such file" in capsys.readouterr().err
