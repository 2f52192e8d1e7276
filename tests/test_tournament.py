"""Tournaments: the schedule, identical results on every back end and worker count, the statistics."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import attrs
import pytest

import shardgames as sg
from shardgames.arena import (
    AgentFailure,
    GamePlan,
    GameResult,
    TournamentResult,
    bradley_terry,
    round_robin,
    tournament,
    wilson,
)
from shardgames.cli.arena import game_agent
from shardgames.kernel.errors import UsageError
from shardgames.tactics import GreedyAgent

SMALL = "tactics(souls=12,max_turns=30)"


def signature(result: TournamentResult) -> list[tuple[object, ...]]:
    return [(g.index, g.seats, g.returns, g.winner, g.length) for g in result.games]


def test_round_robin_rotates_every_group_through_every_seat() -> None:
    plans = round_robin(agent_count=3, num_players=2, games=12, seed=5)
    assert [p.index for p in plans] == list(range(12))
    assert len({p.seed for p in plans}) == 12
    assert plans[0].seed == sg.derive_seed(5, 0)
    tables = Counter(p.seats for p in plans)
    assert tables == {(0, 1): 2, (1, 0): 2, (0, 2): 2, (2, 0): 2, (1, 2): 2, (2, 1): 2}
    seats = Counter((agent, seat) for p in plans for seat, agent in enumerate(p.seats))
    assert set(seats.values()) == {4}


def test_round_robin_with_more_seats_than_agents_fills_them_in_turn() -> None:
    plans = round_robin(agent_count=2, num_players=3, games=3, seed=0)
    assert [p.seats for p in plans] == [(0, 1, 0), (1, 0, 0), (0, 0, 1)]


def test_results_are_identical_for_every_worker_count_and_back_end() -> None:
    agents = [sg.RandomAgent(), GreedyAgent()]
    serial = tournament(SMALL, agents, games=24, seed=3, backend="serial", progress=False)
    one = tournament(SMALL, agents, games=24, seed=3, backend="process", workers=1, progress=False)
    two = tournament(SMALL, agents, games=24, seed=3, backend="process", workers=2, progress=False)
    assert signature(serial) == signature(one) == signature(two)
    assert serial == two
    assert str(serial) == str(two)


@pytest.mark.parametrize("game", ["sota(max_turn_phases=12)", "sota(chance=explicit,players=3)", "command"])
def test_every_game_gives_the_same_results_serially_and_in_processes(game: str) -> None:
    """Hidden cards, dice and explicit chance nodes come from each game's seed alone."""
    agents = [sg.RandomAgent(), sg.RandomAgent()]
    serial = tournament(game, agents, games=6, seed=4, backend="serial", keep_records=True, progress=False)
    two = tournament(game, agents, games=6, seed=4, workers=2, keep_records=True, progress=False)
    assert serial == two
    assert [r.history for r in serial.records] == [r.history for r in two.records]


def test_ray_gives_the_same_results_as_serial() -> None:
    """The Ray back end on a local instance plays exactly the serial games."""
    pytest.importorskip("ray", reason="the ray extra is installed in CI")
    agents = [sg.RandomAgent(), GreedyAgent()]
    serial = tournament(SMALL, agents, games=12, seed=9, backend="serial", progress=False)
    ray = tournament(SMALL, agents, games=12, seed=9, backend="ray", workers=2, progress=False)
    assert signature(ray) == signature(serial)


@pytest.mark.parametrize(
    "game", ["tactics(souls=10,max_turns=20)", "sota(max_turn_phases=8)", "command(max_turns=6)"]
)
def test_three_agents_on_each_game(game: str) -> None:
    """A tournament of three agents on each game: every pairing, seats rotated, ratings for all."""
    greedy = game_agent(sg.load_game(game))
    assert greedy is not None
    agents = [sg.RandomAgent(), greedy(), sg.MCTSAgent(simulations=4, rollout_limit=30)]
    result = tournament(game, agents, games=6, seed=1, backend="serial", progress=False)
    assert result.agents == ("random", "greedy", "mcts")
    assert len(result.games) == 6
    table = {row["agent"]: row for row in result.agent_table()}
    assert set(table) == set(result.agents)
    assert all(row["games"] == 4 for row in table.values())
    pairs = result.pairing_table()
    assert [(r["agent"], r["opponent"], r["games"]) for r in pairs] == [
        ("random", "greedy", 2),
        ("random", "mcts", 2),
        ("greedy", "mcts", 2),
    ]
    assert sum(row["wins"] for row in table.values()) + result.draws == 6


def test_the_statistics() -> None:
    result = tournament(
        SMALL, [sg.RandomAgent(), GreedyAgent()], games=20, seed=2, backend="serial", progress=False
    )
    by_agent = {row["agent"]: row for row in result.agent_table()}
    greedy, random = by_agent["greedy"], by_agent["random"]
    assert greedy["games"] == random["games"] == 20
    assert greedy["wins"] + greedy["draws"] + greedy["losses"] == 20
    assert greedy["wins"] == random["losses"]
    assert (greedy["win_rate_low"], greedy["win_rate_high"]) == pytest.approx(wilson(greedy["wins"], 20))
    assert greedy["rating"] > random["rating"]
    assert sum(row["wins"] for row in result.seat_table()) + result.draws == 20
    assert result.mean_length == pytest.approx(sum(g.length for g in result.games) / 20)


def test_json_export_and_kept_records_replay() -> None:
    result = tournament(
        SMALL,
        [sg.RandomAgent(), GreedyAgent()],
        games=4,
        seed=7,
        backend="serial",
        keep_records=True,
        progress=False,
    )
    data = json.loads(result.to_json())
    assert data["finished"] == data["scheduled"] == 4
    assert [g["index"] for g in data["games"]] == [0, 1, 2, 3]
    assert len(result.records) == 4
    for game, record in zip(result.games, result.records, strict=True):
        assert record.seed == sg.derive_seed(7, game.index)
        assert record.replay().is_terminal()
        assert record.winner == game.winner


def test_a_given_schedule_is_played_as_given() -> None:
    plans = [GamePlan(0, (1, 0), 11), GamePlan(1, (0, 1), 12)]
    result = tournament(
        SMALL, [sg.RandomAgent(), GreedyAgent()], schedule=plans, backend="serial", progress=False
    )
    assert [g.seats for g in result.games] == [(1, 0), (0, 1)]
    assert result.scheduled == 2


def test_an_interruption_that_reaches_the_run_returns_the_finished_games(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A KeyboardInterrupt inside a game (a second Ctrl-C, say) stops the run with the games finished."""
    from shardgames.arena import backends

    played = 0
    real = backends.play_plan

    def stop_after_three(*args: object, **kwargs: object) -> object:
        nonlocal played
        if played == 3:
            raise KeyboardInterrupt
        played += 1
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(backends, "play_plan", stop_after_three)
    result = tournament(
        SMALL, [sg.RandomAgent(), GreedyAgent()], games=10, seed=1, backend="serial", progress=False
    )
    assert result.interrupted
    assert len(result.games) == 3
    assert result.scheduled == 10
    assert "3 games of 10 (interrupted)" in str(result)


def test_a_result_reads_back_from_its_json(tmp_path: Path) -> None:
    agents = [sg.RandomAgent(), GreedyAgent()]
    result = tournament(SMALL, agents, games=4, seed=7, backend="serial", keep_records=True, progress=False)
    partial = attrs.evolve(result, games=result.games[1:3], interrupted=True)
    for original in (result, partial):
        back = TournamentResult.from_json(original.to_json())
        assert back == original
        assert back.records == original.records
        assert back.to_json() == original.to_json()
    path = result.save(tmp_path / "result.json")
    assert TournamentResult.load(path) == result
    with pytest.raises(sg.SerializationError, match="cannot read the file"):
        TournamentResult.load(tmp_path / "missing.json")


def test_a_result_with_failures_reads_back_from_its_json() -> None:
    failure = AgentFailure(1, 99, 0, "crasher", "RuntimeError: boom", "Traceback ...\nRuntimeError: boom\n")
    games = (
        GameResult(0, (0, 1), (1.0, -1.0), 0, 12),
        GameResult(1, (1, 0), (-1.0, 1.0), 1, 5, failed_seat=0),
    )
    result = TournamentResult(SMALL, ("random", "crasher"), 3, games, scheduled=2, failures=(failure,))
    assert TournamentResult.from_dict(json.loads(result.to_json())) == result
    assert json.loads(result.to_json())["failures"][0]["traceback"] == failure.traceback


SAVED = Path(__file__).parent / "data" / "tournament-saved.json"
"""A tournament of Embers with draws and failed games, saved before the tables had a score."""


def test_the_win_rate_counts_wins_and_the_score_counts_a_draw_half() -> None:
    result = TournamentResult.load(SAVED)
    assert result.draws == 2
    rows = [*result.agent_table(), *result.pairing_table(), *result.seat_table()]
    assert any(row["draws"] for row in rows)
    for row in rows:
        assert row["win_rate"] == row["wins"] / row["games"]
        assert row["score"] == (row["wins"] + row["draws"] / 2) / row["games"]
        assert (row["win_rate_low"], row["win_rate_high"]) == wilson(row["wins"], row["games"])
        assert (row["score_low"], row["score_high"]) == wilson(row["wins"] + row["draws"] / 2, row["games"])
    random = result.agent_table()[0]
    assert (random["wins"], random["draws"], random["win_rate"], random["score"]) == (2, 2, 0.5, 0.75)


def test_a_result_saved_earlier_reads_back_as_it_was_written() -> None:
    """A file written before the converter wrote results (the --resume file of an older run) still loads."""
    data = json.loads(SAVED.read_text(encoding="utf-8"))
    result = TournamentResult.load(SAVED)
    assert (len(result.games), len(result.failures), len(result.records)) == (4, 2, 4)
    again = result.to_dict()
    assert again["games"] == data["games"]
    assert again["failures"] == data["failures"]
    for old, new in zip(data["by_agent"], again["by_agent"], strict=True):
        assert old.items() <= new.items()  # the same numbers under the same names, and the score besides


def test_bad_result_json_lists_every_problem() -> None:
    data = {
        "format": 1,
        "kind": "tournament",
        "game": 3,
        "agents": ["a", 2],
        "scheduled": 2,
        "games": [{"index": -1, "seats": [0, 5], "returns": [1], "winner": 9, "length": "x"}, 5],
        "failures": [{"index": 0}],
    }
    with pytest.raises(sg.SerializationError) as info:
        TournamentResult.from_dict(data)
    assert info.value.problems == (
        "game: expected a game string, not 3",
        "seed: missing",
        "agents[1]: expected an agent name, not 2",
        "games[0].index: expected a game index, not -1",
        "games[0].seats[1]: expected an agent index below 2, not 5",
        "games[0].returns: 1 return for 2 seats",
        "games[0].winner: expected a seat or null, not 9",
        "games[0].length: expected a count of steps, not 'x'",
        "games[1]: expected an object, not 5",
        "failures[0].seed: missing",
        "failures[0].seat: missing",
        "failures[0].agent: missing",
        "failures[0].error: missing",
        "failures[0].traceback: missing",
    )
    for text, message in (
        ("[]", "expected a JSON object, not list"),
        ('{"kind": "match", "format": 1}', "kind: expected 'tournament', the document is 'match'"),
        ("{", "not valid JSON"),
        ("[" * 100_000, "nested too deeply"),
    ):
        with pytest.raises(sg.SerializationError, match=message):
            TournamentResult.from_json(text)


def test_bad_calls_are_usage_errors() -> None:
    with pytest.raises(UsageError, match="backend: one of serial, process, ray"):
        tournament(SMALL, [sg.RandomAgent()], games=1, backend="cloud")
    with pytest.raises(UsageError, match="at least one agent"):
        tournament(SMALL, [], games=1)
    with pytest.raises(UsageError, match="workers: at least 1"):
        tournament(SMALL, [sg.RandomAgent()], games=1, workers=0)


def test_bradley_terry_and_wilson() -> None:
    ratings = bradley_terry(["a", "b", "c"], {("a", "b"): (60.0, 40.0), ("b", "c"): (70.0, 30.0)})
    assert ratings["a"].elo > ratings["b"].elo > ratings["c"].elo
    assert sum(r.elo for r in ratings.values()) / 3 == pytest.approx(1500)
    low, high = ratings["a"].interval()
    assert low < ratings["a"].elo < high
    assert wilson(0, 0) == (0.0, 1.0)
    low, high = wilson(10, 10)
    assert high == pytest.approx(1.0)
    assert 0.69 < low < 0.73


def test_tables_as_dataframes() -> None:
    """With pandas (the analysis extra, installed in CI), each table is a DataFrame."""
    pytest.importorskip("pandas", reason="the analysis extra is installed in CI")
    result = tournament(
        SMALL, [sg.RandomAgent(), GreedyAgent()], games=4, seed=7, backend="serial", progress=False
    )
    agents = result.to_dataframe()
    assert list(agents["agent"]) == ["random", "greedy"]
    assert {"win_rate", "win_rate_low", "win_rate_high", "rating", "rating_error"} <= set(agents.columns)
    assert len(result.to_dataframe("games")) == 4
    assert list(result.to_dataframe("seats")["seat"]) == [0, 1]
    with pytest.raises(UsageError, match="table: one of agents, pairings, seats, games"):
        result.to_dataframe("players")
