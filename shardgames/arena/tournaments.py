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
the ``cli`` extra) shows on a terminal.

Faults lose nothing:

- **A failing agent** (one that raises, or returns an illegal action) loses the game it failed in:
  the failure is kept in `TournamentResult.failures`, the game is scored as its loss (see
  `shardgames.arena.results`), the tournament plays on, and an `AgentFailureWarning` says so at the
  end. With ``on_error="raise"``, the first failure stops the run with a `TournamentError`, whose
  ``partial`` holds the games finished before it. "First" is in schedule order, on every back end:
  when a game fails, the games scheduled before it that are not finished yet are still played, and
  the earliest failure among them is the one raised, as in a serial run.
- **A worker process that dies** takes its unfinished games with it; they are played again in a new
  worker, so the result is the same as if it had lived.
- **Ctrl-C** stops the run once the games in progress end (a second Ctrl-C stops at once, losing
  those): the finished games come back as the result, marked ``interrupted``.
- **Resuming:** ``resume=`` takes the result of an interrupted run of the same tournament (read back
  with `TournamentResult.load`) and plays only the games it lacks, for the same result as a run that
  was never interrupted.

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
import os
import sys
import warnings
from collections.abc import Callable, Iterable, Sequence

from shardgames.agents.base import Agent
from shardgames.arena.backends import Played, Run, StopFlag, ctrl_c_stops, run_process, run_ray, run_serial
from shardgames.arena.errors import AgentFailureWarning, TournamentError
from shardgames.arena.results import AgentFailure, GamePlan, GameResult, TournamentResult
from shardgames.kernel.errors import ShardGamesError, UsageError
from shardgames.kernel.game import Game, load_game
from shardgames.kernel.rng import derive_seed
from shardgames.render.text import plural

__all__ = [  # the result classes too, where they were first defined
    "BACKENDS",
    "ON_ERROR",
    "AgentFailure",
    "GamePlan",
    "GameResult",
    "TournamentResult",
    "round_robin",
    "tournament",
]

BACKENDS = ("serial", "process", "ray")
"""The back ends `tournament` knows."""

ON_ERROR = ("record", "raise")
"""What `tournament` does when an agent fails: record it and play on, or raise `TournamentError`."""

_BACKENDS: dict[str, Callable[[Run], None]] = {"serial": run_serial, "process": run_process, "ray": run_ray}


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


# ---------------------------------------------------------------------- collecting the games


class _Collector:
    """The games played so far, and what to do with each batch as it arrives."""

    def __init__(
        self,
        *,
        header: tuple[str, tuple[str, ...], int, int],
        earlier: TournamentResult | None,
        on_error: str,
        on_result: Callable[[GameResult], None] | None,
        advance: Callable[[int], None],
        stop: StopFlag,
    ) -> None:
        self.header = header  # game string, names, seed, scheduled
        self.games: list[GameResult] = list(earlier.games) if earlier is not None else []
        done = {g.index for g in self.games}  # a game not finished is played again, with any failure
        self.failures = [f for f in earlier.failures if f.index in done] if earlier is not None else []
        self.new_failures: list[AgentFailure] = []
        self.on_error, self.on_result, self.advance, self.stop = on_error, on_result, advance, stop
        self.callback_error: BaseException | None = None
        self.halted = False  # a failure under on_error="raise" stopped this round

    def stopping(self) -> bool:
        """Whether the back end should stop starting games: at Ctrl-C, or at a failure to raise."""
        return self.halted or self.stop.is_set()

    def unfinished_before_failure(self, plans: Sequence[GamePlan]) -> list[GamePlan]:
        """The plans scheduled before the earliest failure to raise that are not finished yet."""
        if self.on_error != "raise" or not self.new_failures or self.stop.is_set():
            return []
        first = min(f.index for f in self.new_failures)
        done = {g.index for g in self.games}
        return [plan for plan in plans if plan.index < first and plan.index not in done]

    def accept(self, played: Sequence[Played]) -> None:
        accepted = []
        for game, failure in played:
            if failure is not None:
                self.new_failures.append(failure)
                self.failures.append(failure)
                if self.on_error == "raise":
                    self.halted = True
                    continue  # the failed game is not finished: a resumed run plays it again
            self.games.append(game)
            accepted.append(game)
        self.advance(len(played))
        if self.on_result is None:
            return
        for game in accepted:
            try:
                self.on_result(game)
            except BaseException as exc:
                self.callback_error = exc
                raise

    def result(self) -> TournamentResult:
        game, names, seed, scheduled = self.header
        return TournamentResult(
            game,
            names,
            seed,
            tuple(sorted(self.games, key=lambda g: g.index)),
            len(self.games) < scheduled,
            scheduled,
            tuple(sorted(self.failures, key=lambda f: f.index)),
        )


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


def _check_resume(
    earlier: TournamentResult, game: str, names: tuple[str, ...], seed: int, plans: Sequence[GamePlan]
) -> None:
    problems = []
    if earlier.game != game:
        problems.append(f"its game is {earlier.game!r}, not {game!r}")
    if earlier.agents != names:
        problems.append(f"its agents are {', '.join(earlier.agents)}, not {', '.join(names)}")
    if earlier.seed != seed:
        problems.append(f"its seed is {earlier.seed}, not {seed}")
    if earlier.scheduled != len(plans):
        problems.append(f"it scheduled {plural(earlier.scheduled, 'game')}, not {len(plans)}")
    by_index = {plan.index: plan for plan in plans}
    for g in earlier.games:
        plan = by_index.get(g.index)
        if plan is None or plan.seats != g.seats or (g.record is not None and g.record.seed != plan.seed):
            problems.append(f"its game {g.index} is not game {g.index} of this schedule")
            break
    if problems:
        raise UsageError(f"resume: not a run of this tournament: {'; '.join(problems)}")


def _warn(failures: Sequence[AgentFailure]) -> None:
    count = len(failures)
    more = f"; and {count - 1} more" if count > 1 else ""
    warnings.warn(
        AgentFailureWarning(
            f"{plural(count, 'game')} ended by a failing agent, scored as its loss: "
            f"{failures[0]}{more} (see TournamentResult.failures)"
        ),
        stacklevel=3,
    )


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
    on_error: str = "record",
    resume: TournamentResult | None = None,
    on_result: Callable[[GameResult], None] | None = None,
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
        on_error: When an agent fails: ``"record"`` it in the result's ``failures``, score the game
            as its loss and play on (warning with `AgentFailureWarning` at the end), or ``"raise"`` a
            `TournamentError` at once.
        resume: The result of an interrupted run of the same tournament (the same game, agents, seed
            and schedule): its games are kept, and only the others are played.
        on_result: Called in this process with each game as it finishes, in the order they finish
            (to save records as they come, say).

    Raises:
        UsageError: For an unknown back end or `on_error`, no agents, a worker count below 1, or a
            `resume` result of another tournament.
        TournamentError: If an agent failed and `on_error` is ``"raise"``, or the run could not go
            on (an error in a game itself, a worker that died again and again); its ``partial``
            holds the games finished before it.
    """
    if backend not in BACKENDS:
        raise UsageError(f"backend: one of {', '.join(BACKENDS)}, not {backend!r}")
    if on_error not in ON_ERROR:
        raise UsageError(f"on_error: one of {', '.join(ON_ERROR)}, not {on_error!r}")
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
    if resume is not None:
        _check_resume(resume, game_string, names, seed, plans)
    done = {g.index for g in resume.games} if resume is not None else set()
    todo = [plan for plan in plans if plan.index not in done]
    advance, stop_bar = _progress_bar(len(todo), f"{game_string}: {plural(len(todo), 'game')}", progress)
    stop = StopFlag()
    collector = _Collector(
        header=(game_string, names, seed, len(plans)),
        earlier=resume,
        on_error=on_error,
        on_result=on_result,
        advance=advance,
        stop=stop,
    )
    try:
        with ctrl_c_stops(stop):
            while todo:  # a failure to raise: play what was scheduled before it, which may fail first
                collector.halted = False
                _BACKENDS[backend](
                    Run(
                        game_string,
                        list(agents),
                        names,
                        todo,
                        keep_records,
                        workers,
                        collector.accept,
                        collector.stopping,
                    )
                )
                todo = collector.unfinished_before_failure(plans)
    except KeyboardInterrupt:
        pass  # a second Ctrl-C: the games finished so far are the result
    except Exception as exc:
        if exc is collector.callback_error:
            raise
        partial = collector.result()
        reason = str(exc) if isinstance(exc, ShardGamesError) else f"{type(exc).__name__}: {exc}"
        message = (
            f"the tournament stopped after {len(partial.games)} of {plural(len(plans), 'game')}: {reason}"
        )
        raise TournamentError(message, partial) from exc
    finally:
        stop_bar()
    result = collector.result()
    if collector.new_failures and on_error == "raise":
        failure = min(collector.new_failures, key=lambda f: f.index)
        error = TournamentError(str(failure), result, failure)
        error.add_note(failure.traceback.rstrip())
        raise error
    if collector.new_failures:
        _warn(sorted(collector.new_failures, key=lambda f: f.index))
    return result
