"""Tournaments: many seeded matches between agents, on one core, many cores or a Ray cluster.

`tournament` plays a schedule of matches (by default every group of distinct agents, each group in
every rotation of its seats, so that each agent plays each seat equally often) and returns a
`TournamentResult`: win rates with Wilson intervals per agent, per pairing and per seat, draws, game
lengths, and Bradley-Terry ratings on the Elo scale. Game *k* is seeded with ``derive_seed(seed, k)``
and plays the same whichever worker runs it, so the results are identical for every worker count and
back end (agents must not keep state from one game to the next: an agent's choices depend only on its
view and the generator it is given).

Back ends: ``serial`` (this process), ``process`` (local worker processes, the default, one per core)
and ``ray`` (a Ray cluster, or a local Ray instance; the optional extra ``ray``). A progress bar (rich,
the ``cli`` extra) shows on a terminal; Ctrl-C stops the run and returns the games finished so far.

Examples:
    >>> import shardgames as sg
    >>> from shardgames.arena import tournament
    >>> result = tournament(
    ...     "tactics(souls=10,max_turns=20)",
    ...     [sg.RandomAgent(), sg.RandomAgent()],
    ...     games=4,
    ...     seed=1,
    ...     backend="serial",
    ...     progress=False,
    ... )
    >>> len(result.games), result.agents
    (4, ('random', 'random#2'))
"""

from __future__ import annotations

import itertools
import json
import os
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

import attrs

from shardgames.agents.base import Agent
from shardgames.arena.match import MatchRecord, play_match
from shardgames.arena.ratings import Rating, bradley_terry, wilson
from shardgames.kernel.errors import UsageError, require_extra
from shardgames.kernel.game import Game, load_game
from shardgames.kernel.rng import derive_seed
from shardgames.render.text import plural

__all__ = ["BACKENDS", "GamePlan", "GameResult", "TournamentResult", "round_robin", "tournament"]

BACKENDS = ("serial", "process", "ray")
"""The back ends `tournament` knows."""


@attrs.frozen
class GamePlan:
    """One scheduled match: its number, the agent (by index) in each seat, and its seed."""

    index: int
    seats: tuple[int, ...]
    seed: int


@attrs.frozen
class GameResult:
    """One finished match.

    Attributes:
        index: Its number in the schedule.
        seats: The agent (by index) in each seat.
        returns: Each seat's return.
        winner: The winning seat, or ``None`` for a draw.
        length: Its length in history steps (decisions, chance outcomes and forced moves).
        record: The full `MatchRecord`, when the tournament keeps records.
    """

    index: int
    seats: tuple[int, ...]
    returns: tuple[float, ...]
    winner: int | None
    length: int
    record: MatchRecord | None = attrs.field(default=None, eq=False)


def round_robin(agent_count: int, num_players: int, games: int, seed: int) -> tuple[GamePlan, ...]:
    """The default schedule: every group of distinct agents in every rotation of its seats, in turn.

    With fewer agents than seats, the agents fill the seats in turn. When `games` is a multiple of the
    number of (group, rotation) tables, every agent plays every seat of every group equally often.
    """
    if agent_count < 1 or num_players < 1 or games < 0:
        raise UsageError("a tournament needs at least one agent and a game with seats")
    if agent_count >= num_players:
        groups = list(itertools.combinations(range(agent_count), num_players))
    else:
        groups = [tuple(i % agent_count for i in range(num_players))]
    tables = [group[r:] + group[:r] for group in groups for r in range(num_players)]
    return tuple(GamePlan(k, tables[k % len(tables)], derive_seed(seed, k)) for k in range(games))


def _play(game: Game | str, agents: Sequence[Agent], plan: GamePlan, keep: bool) -> GameResult:
    record = play_match(game, [agents[i] for i in plan.seats], seed=plan.seed)
    return GameResult(
        plan.index, plan.seats, record.returns, record.winner, record.length, record if keep else None
    )


def _play_chunk(
    game: str, agents: Sequence[Agent], plans: Sequence[GamePlan], keep: bool
) -> list[GameResult]:
    loaded = load_game(game)  # once per chunk: building a game can cost more than a short match
    return [_play(loaded, agents, plan, keep) for plan in plans]


def _chunks(plans: Sequence[GamePlan], size: int) -> Iterator[Sequence[GamePlan]]:
    for start in range(0, len(plans), size):
        yield plans[start : start + size]


# ---------------------------------------------------------------------- back ends


@attrs.frozen
class _Run:
    """What a back end needs: the game string, the agents, the plans, and what to do as games finish."""

    game: str
    agents: Sequence[Agent]
    plans: Sequence[GamePlan]
    keep: bool
    workers: int
    done: Callable[[int], None]

    @property
    def chunk(self) -> int:
        """Games per task: enough to keep workers busy, few enough for an even finish and a live bar."""
        return max(1, min(50, len(self.plans) // (self.workers * 8) or 1))


def _serial(run: _Run) -> list[GameResult]:
    loaded = load_game(run.game)
    results: list[GameResult] = []
    try:
        for plan in run.plans:
            results.append(_play(loaded, run.agents, plan, run.keep))
            run.done(1)
    except KeyboardInterrupt:
        raise _Interrupted(results) from None
    return results


def _process(run: _Run) -> list[GameResult]:
    from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait  # noqa: PLC0415

    if run.workers == 1 or len(run.plans) <= 1:
        return _serial(run)
    results: list[GameResult] = []
    with ProcessPoolExecutor(max_workers=run.workers) as pool:
        chunks = _chunks(run.plans, run.chunk)
        pending = {pool.submit(_play_chunk, run.game, run.agents, chunk, run.keep) for chunk in chunks}
        try:
            while pending:
                finished, pending = wait(pending, return_when=FIRST_COMPLETED)
                for future in finished:
                    chunk = future.result()
                    results.extend(chunk)
                    run.done(len(chunk))
        except KeyboardInterrupt:
            for future in pending:
                future.cancel()
            pool.shutdown(wait=False, cancel_futures=True)
            raise _Interrupted(results) from None
    return results


def _ray(run: _Run) -> list[GameResult]:
    ray = require_extra("ray", extra="ray", feature="the ray back end of tournament")
    if not ray.is_initialized():
        address = os.environ.get("RAY_ADDRESS")  # a cluster, when the environment names one
        ray.init(
            address=address,
            num_cpus=None if address else run.workers,
            include_dashboard=False,
            log_to_driver=False,
            ignore_reinit_error=True,
        )
    remote = ray.remote(_play_chunk)
    agents_ref = ray.put(list(run.agents))
    chunks = _chunks(run.plans, run.chunk)
    pending = [remote.remote(run.game, agents_ref, list(chunk), run.keep) for chunk in chunks]
    results: list[GameResult] = []
    try:
        while pending:
            finished, pending = ray.wait(pending, num_returns=1)
            for chunk in ray.get(finished):
                results.extend(chunk)
                run.done(len(chunk))
    except KeyboardInterrupt:
        for ref in pending:
            ray.cancel(ref, force=True)
        raise _Interrupted(results) from None
    return results


_BACKENDS: dict[str, Callable[[_Run], list[GameResult]]] = {
    "serial": _serial,
    "process": _process,
    "ray": _ray,
}


class _Interrupted(Exception):  # noqa: N818 - internal: carries the games finished before Ctrl-C
    def __init__(self, results: list[GameResult]) -> None:
        self.results = results


# ---------------------------------------------------------------------- the result


@attrs.frozen
class TournamentResult:
    """The outcome of a tournament (see the module docstring).

    Attributes:
        game: The game string.
        agents: The agents' names (made unique with ``#2``, ``#3`` ...), by agent index.
        seed: The root seed.
        games: Every finished game, in schedule order.
        interrupted: Whether the run was stopped before the schedule was done.
        scheduled: How many games were scheduled.
    """

    game: str
    agents: tuple[str, ...]
    seed: int
    games: tuple[GameResult, ...]
    interrupted: bool = False
    scheduled: int = 0

    # -- per agent
    def agent_table(self) -> list[dict[str, Any]]:
        """Per agent: games, wins, draws, losses, win rate with its 95 % interval, rating and error."""
        ratings = self.ratings()
        rows = []
        for index, name in enumerate(self.agents):
            played = [g for g in self.games if index in g.seats]
            wins = sum(1 for g in played if g.winner is not None and g.seats[g.winner] == index)
            draws = sum(1 for g in played if g.winner is None)
            low, high = wilson(wins, len(played))
            rows.append(
                {
                    "agent": name,
                    "games": len(played),
                    "wins": wins,
                    "draws": draws,
                    "losses": len(played) - wins - draws,
                    "win_rate": wins / len(played) if played else 0.0,
                    "win_rate_low": low,
                    "win_rate_high": high,
                    "rating": ratings[name].elo,
                    "rating_error": ratings[name].error,
                }
            )
        return rows

    # -- per pairing
    def pairing_table(self) -> list[dict[str, Any]]:
        """Per pair of agents (a before b): games together, wins of each, draws, a's win rate and interval."""
        rows = []
        for a, b in itertools.combinations(range(len(self.agents)), 2):
            together = [g for g in self.games if a in g.seats and b in g.seats]
            wins_a = sum(1 for g in together if g.winner is not None and g.seats[g.winner] == a)
            wins_b = sum(1 for g in together if g.winner is not None and g.seats[g.winner] == b)
            draws = sum(1 for g in together if g.winner is None)
            low, high = wilson(wins_a, len(together))
            rows.append(
                {
                    "agent": self.agents[a],
                    "opponent": self.agents[b],
                    "games": len(together),
                    "wins": wins_a,
                    "losses": wins_b,
                    "draws": draws,
                    "win_rate": wins_a / len(together) if together else 0.0,
                    "win_rate_low": low,
                    "win_rate_high": high,
                }
            )
        return rows

    # -- per seat
    def seat_table(self) -> list[dict[str, Any]]:
        """Per seat: wins and the win rate with its interval (the seat advantage)."""
        seats = max((len(g.seats) for g in self.games), default=0)
        rows = []
        for seat in range(seats):
            wins = sum(1 for g in self.games if g.winner == seat)
            low, high = wilson(wins, len(self.games))
            rate = wins / len(self.games) if self.games else 0.0
            rows.append(
                {"seat": seat, "wins": wins, "win_rate": rate, "win_rate_low": low, "win_rate_high": high}
            )
        return rows

    @property
    def draws(self) -> int:
        """Games without a winner."""
        return sum(1 for g in self.games if g.winner is None)

    @property
    def mean_length(self) -> float:
        """The mean game length in history steps."""
        return sum(g.length for g in self.games) / len(self.games) if self.games else 0.0

    def ratings(self) -> dict[str, Rating]:
        """Bradley-Terry ratings: in each game the winner beats every other seat; a draw halves each pair."""
        points: dict[tuple[str, str], tuple[float, float]] = {}
        for g in self.games:
            for s, t in itertools.combinations(range(len(g.seats)), 2):
                a, b = self.agents[g.seats[s]], self.agents[g.seats[t]]
                if a == b:
                    continue
                if g.winner is None:
                    score = (0.5, 0.5)
                elif g.winner in (s, t):
                    score = (1.0, 0.0) if g.winner == s else (0.0, 1.0)
                else:
                    continue  # a third seat won: no information between these two
                key = (a, b) if a < b else (b, a)
                got = score if a < b else score[::-1]
                old = points.get(key, (0.0, 0.0))
                points[key] = (old[0] + got[0], old[1] + got[1])
        return bradley_terry(self.agents, points)

    @property
    def records(self) -> tuple[MatchRecord, ...]:
        """The kept match records (empty unless the tournament kept them)."""
        return tuple(g.record for g in self.games if g.record is not None)

    # -- export
    def to_dict(self) -> dict[str, Any]:
        """Everything as JSON-ready data (records included when kept)."""
        return {
            "game": self.game,
            "seed": self.seed,
            "agents": list(self.agents),
            "scheduled": self.scheduled,
            "finished": len(self.games),
            "interrupted": self.interrupted,
            "draws": self.draws,
            "mean_length": self.mean_length,
            "by_agent": self.agent_table(),
            "by_pairing": self.pairing_table(),
            "by_seat": self.seat_table(),
            "games": [
                {
                    "index": g.index,
                    "seats": list(g.seats),
                    "returns": list(g.returns),
                    "winner": g.winner,
                    "length": g.length,
                    **({"record": g.record.to_dict()} if g.record is not None else {}),
                }
                for g in self.games
            ],
        }

    def to_json(self, *, indent: int | None = 2) -> str:
        """`to_dict` as JSON text."""
        return json.dumps(self.to_dict(), indent=indent)

    def to_dataframe(self, table: str = "agents") -> Any:
        """A pandas DataFrame of one table: ``agents``, ``pairings``, ``seats`` or ``games``.

        Raises:
            MissingExtraError: If pandas is not installed.
            UsageError: If the table is not one of these.
        """
        pandas = require_extra("pandas", extra="analysis", feature="TournamentResult.to_dataframe")
        tables: dict[str, Callable[[], list[dict[str, Any]]]] = {
            "agents": self.agent_table,
            "pairings": self.pairing_table,
            "seats": self.seat_table,
            "games": lambda: [
                {k: v for k, v in row.items() if k != "record"} for row in self.to_dict()["games"]
            ],
        }
        if table not in tables:
            raise UsageError(f"table: one of {', '.join(tables)}, not {table!r}")
        return pandas.DataFrame(tables[table]())

    def __str__(self) -> str:
        lines = [
            f"{self.game}: {plural(len(self.games), 'game')}"
            + (f" of {self.scheduled} (interrupted)" if self.interrupted else "")
            + f", seed {self.seed}, {plural(self.draws, 'draw')}, mean length {self.mean_length:.1f}"
        ]
        lines.extend(
            f"  {row['agent']:<16} {row['wins']:>5}/{row['games']:<5} win rate {row['win_rate']:.3f} "
            f"[{row['win_rate_low']:.3f}, {row['win_rate_high']:.3f}]  "
            f"rating {row['rating']:.0f} ± {1.96 * row['rating_error']:.0f}"
            for row in self.agent_table()
        )
        lines.extend(
            f"  seat {row['seat']}: win rate {row['win_rate']:.3f} [{row['win_rate_low']:.3f}, "
            f"{row['win_rate_high']:.3f}]"
            for row in self.seat_table()
        )
        return "\n".join(lines)


# ---------------------------------------------------------------------- the call


def _unique_names(agents: Sequence[Agent]) -> tuple[str, ...]:
    seen: dict[str, int] = {}
    names = []
    for agent in agents:
        base = agent.name
        seen[base] = seen.get(base, 0) + 1
        names.append(base if seen[base] == 1 else f"{base}#{seen[base]}")
    return tuple(names)


def _progress_bar(
    total: int, title: str, show: bool | None
) -> tuple[Callable[[int], None], Callable[[], None]]:
    if show is None:
        show = sys.stdout.isatty()
    if not show or total <= 1:
        return (lambda _: None), (lambda: None)
    from rich.progress import Progress  # noqa: PLC0415 - an optional extra, used only on a terminal

    progress = Progress(transient=True)
    task = progress.add_task(title, total=total)
    progress.start()
    return (lambda n: progress.advance(task, n)), progress.stop


def tournament(
    game: Game | str,
    agents: Sequence[Agent],
    games: int = 100,
    seed: int = 0,
    *,
    workers: int | None = None,
    backend: str = "process",
    schedule: Iterable[GamePlan] | None = None,
    keep_records: bool = False,
    progress: bool | None = None,
) -> TournamentResult:
    """Play a tournament and return its `TournamentResult` (see the module docstring).

    Args:
        game: A `Game` or a game string.
        agents: The agents (two at least for ratings; one agent plays itself).
        games: How many games to play (ignored when a `schedule` is given).
        seed: The root seed: game *k* is seeded with ``derive_seed(seed, k)``.
        workers: Worker processes (``process``) or Ray CPUs for a local Ray instance (``ray``); by
            default every core.
        backend: ``serial``, ``process`` or ``ray``.
        schedule: The games to play, instead of `round_robin`.
        keep_records: Keep each game's `MatchRecord` (for replays).
        progress: Show a progress bar: ``None`` on a terminal only.

    Raises:
        UsageError: For an unknown back end, no agents, or a worker count below 1.
    """
    if backend not in BACKENDS:
        raise UsageError(f"backend: one of {', '.join(BACKENDS)}, not {backend!r}")
    if not agents:
        raise UsageError("a tournament needs at least one agent")
    workers = workers if workers is not None else (os.cpu_count() or 1)
    if workers < 1:
        raise UsageError(f"workers: at least 1, not {workers}")
    loaded = load_game(game) if isinstance(game, str) else game
    game_string = str(loaded)
    plans = (
        tuple(schedule) if schedule is not None else round_robin(len(agents), loaded.num_players, games, seed)
    )
    names = _unique_names(agents)
    advance, stop = _progress_bar(len(plans), f"{game_string}: {plural(len(plans), 'game')}", progress)
    interrupted = False
    try:
        run = _Run(game_string, list(agents), plans, keep_records, workers, advance)
        results = _BACKENDS[backend](run)
    except _Interrupted as exc:
        results, interrupted = exc.results, True
    finally:
        stop()
    results.sort(key=lambda r: r.index)
    return TournamentResult(game_string, names, seed, tuple(results), interrupted, len(plans))
