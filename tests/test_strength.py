"""The strength ladder script plays its round robin, saves as it goes, resumes, and refuses bad input."""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType

import pytest
from loading import load_file

import shardgames as sg

SCRIPT = Path(__file__).resolve().parents[1] / "benchmarks" / "strength.py"
QUICK = ["--game", "tactics(max_turns=12)", "--only", "random", "--only", "greedy", "--backend", "serial"]


@pytest.fixture(scope="module")
def strength() -> ModuleType:
    return load_file(SCRIPT, "shardgames_strength")


def test_the_ladder_rates_every_agent_and_scores_every_pairing(
    strength: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "ladder.json"
    assert strength.main([*QUICK, "--games", "4", "--out", str(out), "--json"]) == 0
    tables = json.loads(capsys.readouterr().out)
    assert [row["agent"] for row in tables["agents"]] == ["random", "greedy"]
    assert all("rating" in row and "rating_error" in row for row in tables["agents"])
    (pairing,) = tables["pairings"]
    assert (pairing["agent"], pairing["opponent"], pairing["games"]) == ("random", "greedy", 4)
    saved = sg.TournamentResult.from_json(out.read_text(encoding="utf-8"))
    assert len(saved.games) == 4
    assert saved.agents == ("random", "greedy")


def test_a_resumed_ladder_keeps_the_saved_games(strength: ModuleType, tmp_path: Path) -> None:
    out = tmp_path / "ladder.json"
    assert strength.main([*QUICK, "--games", "2", "--out", str(out)]) == 0
    first = sg.TournamentResult.from_json(out.read_text(encoding="utf-8"))
    assert strength.main([*QUICK, "--games", "2", "--out", str(out), "--resume"]) == 0
    again = sg.TournamentResult.from_json(out.read_text(encoding="utf-8"))
    assert again.games == first.games  # nothing left to play: the saved games are the result


def test_groups_of_agents_get_the_games_asked_for(strength: ModuleType) -> None:
    assert strength.scheduled_games(100, 6, 2) == 1500  # 15 pairings
    assert strength.scheduled_games(10, 4, 3) == 40  # 4 groups of three
    assert strength.scheduled_games(10, 2, 3) == 10  # fewer agents than seats: one group


def test_a_bad_agent_spec_exits_2(
    strength: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = str(tmp_path / "x.json")
    assert strength.main(["--game", "tactics", "--only", "random", "--only", "nope", "--out", out]) == 2
    assert "the agents are" in capsys.readouterr().err


def test_a_corrupt_saved_ladder_exits_2(
    strength: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "ladder.json"
    out.write_bytes(b'{"format": 1, "kind": "tourn\xff')
    assert strength.main([*QUICK, "--games", "2", "--out", str(out), "--resume"]) == 2
    assert "strength:" in capsys.readouterr().err


class _Peeks:
    """Random play that counts its decisions and, at the `at`-th one, reads the ladder saved so far."""

    name = "peeks"

    def __init__(self, out: Path, at: int | None = None) -> None:
        self.out, self.at = out, at
        self.decisions = 0
        self.seen: sg.TournamentResult | None = None

    def act(self, view: sg.View, rng: sg.Rng) -> sg.Action:
        self.decisions += 1
        if self.decisions == self.at:
            self.seen = sg.TournamentResult.from_json(self.out.read_text(encoding="utf-8"))
        return rng.choice(view.legal_actions)


def test_while_the_ladder_plays_its_file_holds_the_finished_games_as_a_document_that_resumes(
    strength: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A run killed outright (no Ctrl-C, so no last save) leaves a file that --resume reads."""
    out = tmp_path / "ladder.json"
    real = strength.ladder_agents
    counting = _Peeks(out)
    monkeypatch.setattr(strength, "ladder_agents", lambda game, specs: [*real(game, specs[:1]), counting])
    assert strength.main([*QUICK, "--games", "1", "--out", str(tmp_path / "first.json")]) == 0
    peeking = _Peeks(out, at=counting.decisions + 1)  # its first decision in the second game
    monkeypatch.setattr(strength, "ladder_agents", lambda game, specs: [*real(game, specs[:1]), peeking])
    assert strength.main([*QUICK, "--games", "4", "--out", str(out)]) == 0
    assert peeking.seen is not None
    assert (len(peeking.seen.games), peeking.seen.interrupted, peeking.seen.scheduled) == (1, True, 4)
    monkeypatch.setattr(strength, "ladder_agents", lambda game, specs: [*real(game, specs[:1]), _Peeks(out)])
    (tmp_path / "killed.json").write_text(peeking.seen.to_json(), encoding="utf-8")
    killed = ["--out", str(tmp_path / "killed.json"), "--resume"]
    assert strength.main([*QUICK, "--games", "4", *killed]) == 0
    resumed = sg.TournamentResult.from_json((tmp_path / "killed.json").read_text(encoding="utf-8"))
    assert resumed.games == sg.TournamentResult.from_json(out.read_text(encoding="utf-8")).games
    assert not resumed.interrupted


def test_report_prints_a_saved_ladder_without_playing(
    strength: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "ladder.json"
    assert strength.main([*QUICK, "--games", "2", "--out", str(out)]) == 0
    played = capsys.readouterr().out
    monkeypatch.setattr(strength, "run_ladder", None)  # nothing may be played
    assert strength.main(["--report", "--out", str(out)]) == 0
    assert capsys.readouterr().out == played
    assert strength.main(["--report", "--out", str(tmp_path / "none.json")]) == 2
    assert "strength:" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        strength.main(["--out", str(out)])  # no --game: nothing to play
    assert "--game is required (except with --report)" in capsys.readouterr().err


def test_report_prints_and_plots_several_saved_ladders(
    strength: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first, second = tmp_path / "a.json", tmp_path / "b.json"
    assert strength.main([*QUICK, "--games", "2", "--out", str(first)]) == 0
    assert strength.main([*QUICK, "--games", "2", "--seed", "1", "--out", str(second)]) == 0
    capsys.readouterr()
    picture = tmp_path / "scores.svg"
    assert strength.main(["--report", str(first), str(second), "--plot", str(picture), "--json"]) == 0
    tables = json.loads(capsys.readouterr().out)
    assert [len(table["pairings"]) for table in tables] == [1, 1]
    svg = picture.read_text(encoding="utf-8")
    assert svg.count("greedy v random (2)") == 2  # one row per pairing, the later agent first
    with pytest.raises(SystemExit):
        strength.main([*QUICK, str(first)])
    assert "saved ladders are named with --report only" in capsys.readouterr().err
