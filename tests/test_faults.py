"""Faults lose nothing: a failing agent, a killed worker, Ctrl-C, and resuming an interrupted run."""

from __future__ import annotations

import json
import os
import pickle
import signal
import subprocess
import sys
import time
from pathlib import Path

import attrs
import faulty_agents
import pytest
from click.testing import CliRunner
from faulty_agents import AlwaysKiller, Cheater, Crasher, Sleeper, WorkerKiller

import shardgames as sg
from shardgames.arena import GamePlan, GameResult, TournamentResult, round_robin, tournament
from shardgames.cli import arena as arena_cli
from shardgames.cli import cli

ROOT = Path(__file__).resolve().parents[1]
FAST = "tactics(souls=10,max_turns=20)"
BACKENDS = ["serial", "process"]


def quietly(game: str, agents: list[sg.Agent], **options: object) -> TournamentResult:
    """A tournament without a progress bar whose agent failures are expected."""
    with pytest.warns(sg.AgentFailureWarning):
        return tournament(game, agents, progress=False, **options)  # type: ignore[arg-type]


def games_of(result: TournamentResult) -> list[tuple[object, ...]]:
    return [(g.index, g.seats, g.returns, g.winner, g.length, g.failed_seat) for g in result.games]


# ---------------------------------------------------------------------- a failing agent


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_failing_agent_loses_its_games_and_the_tournament_goes_on(backend: str) -> None:
    agents = [sg.RandomAgent(), Crasher(rate=0.05)]
    result = quietly(FAST, agents, games=16, seed=2, backend=backend, workers=2)
    assert len(result.games) == 16
    assert not result.interrupted
    failed = [g for g in result.games if g.failed_seat is not None]
    assert 0 < len(failed) < 16  # some games failed, the others were played to their end
    assert [f.index for f in result.failures] == [g.index for g in failed]
    for game, failure in zip(failed, result.failures, strict=True):
        assert failure.seat == game.failed_seat
        assert game.seats[failure.seat] == 1
        assert failure.agent == "crasher"
        assert failure.seed == sg.derive_seed(2, game.index)
        assert failure.error == "RuntimeError: the crasher crashed"
        assert "in act" in failure.traceback
        assert "RuntimeError: the crasher crashed" in failure.traceback
        assert game.returns[failure.seat] == -1.0
        assert game.returns[1 - failure.seat] == 1.0
        assert game.winner == 1 - failure.seat  # the other seat won, as it would have in play
    crasher = result.agent_table()[1]
    assert crasher["losses"] >= len(failed)
    assert f"{len(failed)} games lost by a failing agent; the first: game {failed[0].index}" in str(result)


def test_a_failed_game_is_the_same_on_every_back_end() -> None:
    agents = [sg.RandomAgent(), Crasher(rate=0.05)]
    serial = quietly(FAST, agents, games=16, seed=2, backend="serial", keep_records=True)
    process = quietly(FAST, agents, games=16, seed=2, backend="process", workers=2, keep_records=True)
    assert serial == process
    assert serial.failures == process.failures
    failed = next(g for g in serial.games if g.failed_seat is not None)
    assert failed.record is not None
    assert not failed.record.finished  # the match up to the failure
    assert failed.record.length == failed.length
    with pytest.raises(sg.AgentError):  # the failure's seed plays the failure again
        sg.play_match(FAST, [agents[i] for i in failed.seats], seed=serial.failures[0].seed)


def test_a_failure_with_more_seats_is_a_loss_for_the_failing_agent_and_a_draw_for_the_others() -> None:
    agents = [sg.RandomAgent(), sg.RandomAgent(), Crasher()]
    result = quietly("embers(players=3)", agents, games=3, seed=1, backend="serial")
    for game in result.games:
        seat = game.seats.index(2)
        assert game.failed_seat == seat
        assert game.winner is None
        assert game.returns == tuple(-1.0 if s == seat else 0.5 for s in range(3))
    table = {row["agent"]: row for row in result.agent_table()}
    assert (table["crasher"]["losses"], table["random"]["draws"], table["random#2"]["draws"]) == (3, 3, 3)
    pairs = {(row["agent"], row["opponent"]): row for row in result.pairing_table()}
    assert pairs["random", "crasher"]["wins"] == 3
    assert pairs["random", "random#2"]["draws"] == 3
    ratings = result.ratings()
    assert ratings["crasher"].elo < ratings["random"].elo
    for game in result.games:  # the balance analyses score the failing seat 0 and share the point
        seat = game.seats.index(2)
        assert [game.score(s) for s in range(3)] == [0.0 if s == seat else 0.5 for s in range(3)]


@pytest.mark.parametrize("backend", BACKENDS)
def test_on_error_raise_stops_with_the_games_finished_before(backend: str) -> None:
    agents = [sg.RandomAgent(), Crasher(rate=0.05)]
    recorded = quietly(FAST, agents, games=16, seed=2, backend="serial")
    first = recorded.failures[0]
    with pytest.raises(sg.TournamentError) as info:
        tournament(
            FAST, agents, games=16, seed=2, backend=backend, workers=2, on_error="raise", progress=False
        )
    error = info.value
    assert isinstance(error, sg.ShardGamesError)
    assert error.failure == first
    assert str(error) == str(first)
    assert any("RuntimeError: the crasher crashed" in note for note in error.__notes__)
    partial = error.partial
    assert partial.interrupted
    assert partial.failures[0] == first
    assert first.index not in {g.index for g in partial.games}  # not finished: a resumed run plays it
    by_index = {g.index: g for g in recorded.games}
    assert all(by_index[g.index] == g for g in partial.games)
    if backend == "serial":
        assert [g.index for g in partial.games] == list(range(first.index))


def test_on_error_raise_raises_the_failure_first_in_schedule_order_whatever_finished_first() -> None:
    # Two batches of two games: the first worker is busy with a slow game 0 when game 2 fails at once
    # in the second, so game 1 has not started; it is played still, and its failure is the one raised.
    agents = [sg.RandomAgent(), Sleeper(0.02), Crasher()]
    seats = [(1, 0), (2, 0), (2, 0)] + [(0, 0)] * 29
    plans = [GamePlan(k, s, sg.derive_seed(5, k)) for k, s in enumerate(seats)]
    with pytest.raises(sg.TournamentError) as info:
        tournament(
            FAST,
            agents,
            seed=5,
            schedule=plans,
            backend="process",
            workers=2,
            on_error="raise",
            progress=False,
        )
    error = info.value
    assert error.failure is not None
    assert (error.failure.index, error.failure.agent) == (1, "crasher")
    assert error.partial.failures[0].index == 1
    assert 0 in {g.index for g in error.partial.games}


def test_on_error_must_be_record_or_raise() -> None:
    with pytest.raises(sg.UsageError, match="on_error: one of record, raise, not 'ignore'"):
        tournament(FAST, [sg.RandomAgent()], games=1, on_error="ignore")


def test_the_warning_can_be_an_error() -> None:
    with pytest.raises(sg.AgentFailureWarning, match="1 game ended by a failing agent, scored as its loss"):
        tournament(FAST, [sg.RandomAgent(), Crasher()], games=1, backend="serial", progress=False)


def test_play_match_names_the_agent_and_seat_of_an_agent_that_raises() -> None:
    with pytest.raises(sg.AgentError) as info:
        sg.play_match(FAST, [sg.RandomAgent(), Crasher()], seed=3)
    error = info.value
    assert (error.agent, error.seat) == ("crasher", 1)
    assert str(error).startswith("agent 'crasher' in seat 1 failed after ")
    assert str(error).endswith(" steps: RuntimeError: the crasher crashed")
    assert isinstance(error.__cause__, RuntimeError)
    assert not error.record.finished
    state = error.record.replay()  # the position the agent failed in
    assert state.current_player == 1


def test_play_match_names_the_agent_and_seat_of_an_illegal_action() -> None:
    with pytest.raises(
        sg.AgentError, match=r"agent 'cheater' in seat 0 failed after .*IllegalActionError"
    ) as info:
        sg.play_match(FAST, [Cheater(), sg.RandomAgent()], seed=3)
    assert isinstance(info.value.__cause__, sg.IllegalActionError)


def test_the_tournament_command_lists_the_failures_and_exits_1(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = arena_cli.agent_from_spec
    monkeypatch.setattr(
        arena_cli,
        "agent_from_spec",
        lambda spec, game: Crasher(0.05) if spec == "crasher" else real(spec, game),
    )
    out = tmp_path / "result.json"
    args = ["tournament", FAST, "--agents", "random,crasher", "-n", "16", "-s", "2", "--backend", "serial"]
    result = CliRunner().invoke(cli, [*args, "--json", str(out), "--no-progress"])
    assert result.exit_code == 1, result.output
    failures = TournamentResult.load(out).failures
    assert failures
    assert len(failures) > 10
    lines = result.stderr.splitlines()
    assert lines[:11] == [
        *(f"failed: {failure}" for failure in failures[:10]),
        f"... and {len(failures) - 10} more failures (--json FILE lists them all)",
    ]
    assert "win rate by seat" in result.stdout  # the results all the same


def test_the_fault_errors_pickle_with_what_they_carry() -> None:
    with pytest.raises(sg.TournamentError) as info:
        tournament(
            FAST, [sg.RandomAgent(), Crasher()], games=3, backend="serial", on_error="raise", progress=False
        )
    error = pickle.loads(pickle.dumps(info.value))
    assert (str(error), error.partial, error.failure) == (
        str(info.value),
        info.value.partial,
        info.value.failure,
    )
    with pytest.raises(sg.AgentError) as raised:
        sg.play_match(FAST, [Crasher(), sg.RandomAgent()], seed=3)
    agent_error = pickle.loads(pickle.dumps(raised.value))
    assert (str(agent_error), agent_error.record) == (str(raised.value), raised.value.record)


# ---------------------------------------------------------------------- a worker that dies


def test_a_killed_worker_s_games_are_played_again(tmp_path: Path) -> None:
    marker = tmp_path / "killed"
    agents = [sg.RandomAgent(), WorkerKiller(marker)]
    killed = tournament(FAST, agents, games=24, seed=5, workers=2, keep_records=True, progress=False)
    assert marker.exists()  # a worker was killed
    serial = tournament(FAST, agents, games=24, seed=5, backend="serial", keep_records=True, progress=False)
    assert killed == serial
    assert killed.records == serial.records
    assert not killed.interrupted


def test_a_worker_that_keeps_dying_stops_the_run(tmp_path: Path) -> None:
    agents = [sg.RandomAgent(), AlwaysKiller(tmp_path / "unused")]
    with pytest.raises(sg.TournamentError, match="a worker process died 4 times while playing games") as info:
        tournament(FAST, agents, games=8, seed=5, workers=2, progress=False)
    assert info.value.partial.scheduled == 8
    assert info.value.partial.interrupted


def test_ray_records_failures_and_plays_a_killed_worker_s_games_again(tmp_path: Path) -> None:
    pytest.importorskip("ray", reason="the ray extra is installed in CI")
    from ray import cloudpickle

    cloudpickle.register_pickle_by_value(faulty_agents)  # Ray's workers do not import the tests
    try:
        agents = [sg.RandomAgent(), WorkerKiller(tmp_path / "killed")]
        ray = tournament(FAST, agents, games=12, seed=9, backend="ray", workers=2, progress=False)
        assert (tmp_path / "killed").exists()
        assert ray == tournament(FAST, agents, games=12, seed=9, backend="serial", progress=False)
        crashing = [sg.RandomAgent(), Crasher(rate=0.05)]
        on_ray = quietly(FAST, crashing, games=12, seed=2, backend="ray", workers=2)
        assert on_ray == quietly(FAST, crashing, games=12, seed=2, backend="serial")
        assert on_ray.failures
    finally:
        cloudpickle.unregister_pickle_by_value(faulty_agents)


# ---------------------------------------------------------------------- Ctrl-C


@pytest.mark.parametrize("backend", BACKENDS)
def test_ctrl_c_stops_after_the_games_in_progress(backend: str) -> None:
    agents = [sg.RandomAgent(), sg.RandomAgent()]
    seen: list[GameResult] = []

    def interrupt_after_three(game: GameResult) -> None:
        seen.append(game)
        if len(seen) == 3:
            signal.raise_signal(signal.SIGINT)  # as Ctrl-C in a terminal does

    result = tournament(
        FAST,
        agents,
        games=400,
        seed=1,
        backend=backend,
        workers=2,
        progress=False,
        on_result=interrupt_after_three,
    )
    assert result.interrupted
    assert 3 <= len(result.games) < 400
    assert sorted(seen, key=lambda g: g.index) == list(result.games)
    if backend == "serial":
        assert [g.index for g in result.games] == [0, 1, 2]
    kept = {g.index for g in result.games}
    plans = [plan for plan in round_robin(2, 2, 400, 1) if plan.index in kept]
    again = tournament(FAST, agents, schedule=plans, backend="serial", progress=False)
    assert games_of(again) == games_of(result)  # every game kept is the game a whole run plays


def test_a_second_ctrl_c_stops_at_once() -> None:
    def interrupt_twice(game: GameResult) -> None:
        if game.index == 1:
            signal.raise_signal(signal.SIGINT)
            signal.raise_signal(signal.SIGINT)

    result = tournament(
        FAST,
        [sg.RandomAgent()],
        games=50,
        seed=1,
        backend="serial",
        progress=False,
        on_result=interrupt_twice,
    )
    assert result.interrupted
    assert [g.index for g in result.games] == [0, 1]
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler  # put back as it was


def start(*args: str) -> subprocess.Popen[str]:
    """The real command in a session of its own, so that a signal to its group reaches only it."""
    return subprocess.Popen(
        [sys.executable, "-m", "shardgames", *args],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )


def interrupt_when(process: subprocess.Popen[str], folder: Path, timeout: float = 120) -> tuple[str, str]:
    """Send Ctrl-C to the process group once `folder` holds a record; return the output.

    If the command does not stop (a test run whose own parent ignores SIGINT passes that on), the
    group is killed before the test fails, so that no command is left writing records.
    """
    try:
        deadline = time.monotonic() + timeout
        while not (folder.is_dir() and any(folder.glob("*.json"))):
            assert process.poll() is None, process.communicate()
            assert time.monotonic() < deadline, "no file appeared"
            time.sleep(0.01)
        os.killpg(process.pid, signal.SIGINT)  # what a terminal does on Ctrl-C: the whole group
        return process.communicate(timeout=timeout)
    except BaseException:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.communicate()
        raise


@pytest.mark.parametrize("backend", BACKENDS)
def test_ctrl_c_in_the_tournament_command_keeps_every_finished_game(tmp_path: Path, backend: str) -> None:
    out, records = tmp_path / "result.json", tmp_path / "records"
    process = start(
        "tournament", FAST, "--agents", "random,random", "--games", "5000", "--backend", backend,
        "--workers", "2", "--json", str(out), "--records", str(records), "--no-progress",
    )  # fmt: skip
    stdout, stderr = interrupt_when(process, records)
    assert process.returncode == 130, stderr
    assert "Traceback" not in stderr
    assert "KeyboardInterrupt" not in stderr
    result = TournamentResult.load(out)
    assert result.interrupted
    assert 0 < len(result.games) < 5000
    assert f"interrupted after {len(result.games)} of 5000 games; --resume {out} plays the rest" in stderr
    assert f"{len(result.games)} games of 5000 (interrupted)" in stdout
    assert sorted(p.name for p in records.iterdir()) == sorted(f"game-{g.index}.json" for g in result.games)
    game = result.games[-1]
    assert sg.MatchRecord.load(records / f"game-{game.index}.json").returns == game.returns


def test_ctrl_c_in_the_match_command_keeps_the_saved_records(tmp_path: Path) -> None:
    folder = tmp_path / "matches"
    process = start(
        "--import",
        "examples/embers.py:EmbersGame",
        "match",
        "embers",
        "--games",
        "900000",
        "--save",
        str(folder),
    )
    _, stderr = interrupt_when(process, folder)
    assert process.returncode == 130, stderr
    assert "Traceback" not in stderr
    saved = sorted(folder.iterdir())  # records only: no temporary file is left behind
    assert f"interrupted after {len(saved)} of 900000 matches" in stderr
    assert saved[0].name == "match-000000.json"
    for path in (saved[0], saved[-1]):
        record = sg.MatchRecord.load(path)
        assert record.finished
        assert record.seed == sg.derive_seed(0, int(path.stem.split("-")[1]))


def test_ctrl_c_in_any_command_exits_130(monkeypatch: pytest.MonkeyPatch) -> None:
    def interrupted() -> list[str]:
        raise KeyboardInterrupt

    monkeypatch.setattr("shardgames.cli.list_games", interrupted)
    result = CliRunner().invoke(cli, ["list"])
    assert result.exit_code == 130
    assert result.stderr == "interrupted\n"


# ---------------------------------------------------------------------- resuming


def test_resuming_an_interrupted_run_gives_the_result_of_a_whole_run(tmp_path: Path) -> None:
    options = [
        "tournament",
        FAST,
        "--agents",
        "random,greedy",
        "--games",
        "12",
        "--seed",
        "4",
        "--no-progress",
    ]
    whole = tmp_path / "whole.json"
    assert CliRunner().invoke(cli, [*options, "--json", str(whole)]).exit_code == 0
    finished = TournamentResult.load(whole)
    partial = attrs.evolve(finished, games=finished.games[:3] + finished.games[7:9], interrupted=True)
    stopped = partial.save(tmp_path / "stopped.json")
    resumed = CliRunner().invoke(
        cli, [*options, "--workers", "2", "--resume", str(stopped), "--json", str(stopped)]
    )
    assert resumed.exit_code == 0, resumed.output
    assert "played 7 games in " in resumed.stdout
    assert stopped.read_text(encoding="utf-8") == whole.read_text(encoding="utf-8")
    assert json.loads(whole.read_text(encoding="utf-8"))["interrupted"] is False


def test_resume_refuses_another_tournament(tmp_path: Path) -> None:
    result = tournament(
        FAST, [sg.RandomAgent(), sg.RandomAgent()], games=4, seed=4, backend="serial", progress=False
    )
    path = result.save(tmp_path / "run.json")
    other = CliRunner().invoke(
        cli, ["tournament", FAST, "--agents", "random,random", "-n", "6", "-s", "4", "--resume", str(path)]
    )
    assert other.exit_code == 2
    assert "resume: not a run of this tournament: it scheduled 4 games, not 6" in other.stderr
    with pytest.raises(sg.UsageError, match="its seed is 4, not 5"):
        tournament(FAST, [sg.RandomAgent(), sg.RandomAgent()], games=4, seed=5, resume=result)


def test_resuming_a_finished_run_plays_nothing() -> None:
    agents = [sg.RandomAgent(), sg.RandomAgent()]
    result = tournament(FAST, agents, games=4, seed=4, backend="serial", progress=False)

    def never(game: GameResult) -> None:
        raise AssertionError("no game should be played")

    assert tournament(FAST, agents, games=4, seed=4, resume=result, on_result=never) == result
