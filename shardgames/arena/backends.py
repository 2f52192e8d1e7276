"""The back ends that play a tournament's games: in this process, in local worker processes, or on Ray.

A back end plays the games of a `Run`, in batches, and hands each finished batch to `Run.accept` in
whatever order the batches finish; it stops starting games once `Run.stopping` says so. Every game is
played by `play_plan` from its own seed, so a game played twice, anywhere, is the same game.

Worker processes ignore Ctrl-C (SIGINT), which a terminal sends to every process of the command:
the process running the tournament decides. When it asks them to stop, each worker finishes the game
in hand and returns the games it played. When a worker process dies (killed, out of memory), the
pool is replaced and the batches it had not returned are played again; a batch lost more than
`MAX_RETRIES` times stops the run. The Ray back end asks Ray for the same (``max_retries``).
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import threading
import traceback
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from typing import Any

import attrs

from shardgames.agents.base import Agent
from shardgames.arena.errors import AgentError
from shardgames.arena.match import play_match
from shardgames.arena.results import AgentFailure, GamePlan, GameResult
from shardgames.kernel.errors import ShardGamesError, require_extra
from shardgames.kernel.game import Game, load_game

__all__ = [
    "MAX_RETRIES",
    "Played",
    "Run",
    "StopFlag",
    "ctrl_c_stops",
    "play_chunk",
    "play_plan",
    "run_process",
    "run_ray",
    "run_serial",
]

MAX_RETRIES = 3
"""How many times a batch of games lost with its worker is played again before the run stops."""

_POLL_SECONDS = 0.2  # how often a waiting back end looks whether it should stop

Played = tuple[GameResult, AgentFailure | None]
"""A game played: its result, and the agent's failure if an agent failed in it."""


@attrs.frozen
class Run:
    """What a back end needs: the game, the agents, the games to play, and what to do as they finish.

    Attributes:
        game: The game string.
        agents: The agents, by index.
        names: Their names in the tournament.
        plans: The games to play.
        keep: Keep each game's `MatchRecord`.
        workers: Worker processes, or Ray CPUs.
        accept: Called in this process with each batch of games played.
        stopping: Whether to stop starting games.
    """

    game: str
    agents: Sequence[Agent]
    names: tuple[str, ...]
    plans: Sequence[GamePlan]
    keep: bool
    workers: int
    accept: Callable[[Sequence[Played]], None]
    stopping: Callable[[], bool]

    @property
    def chunk(self) -> int:
        """Games per batch: enough to keep workers busy, few enough for an even finish and a live bar."""
        return max(1, min(50, len(self.plans) // (self.workers * 8) or 1))

    def batches(self) -> list[Sequence[GamePlan]]:
        """The plans cut into batches of `chunk` games."""
        size = self.chunk
        return [self.plans[start : start + size] for start in range(0, len(self.plans), size)]


def play_plan(
    game: Game, agents: Sequence[Agent], names: Sequence[str], plan: GamePlan, keep: bool
) -> Played:
    """Play one scheduled game; an agent's failure ends it as that agent's loss (`GameResult.forfeit`)."""
    try:
        record = play_match(game, [agents[i] for i in plan.seats], seed=plan.seed)
    except AgentError as exc:
        cause = exc.__cause__ or exc
        text = "".join(traceback.format_exception(cause))
        failure = AgentFailure(plan.index, plan.seed, exc.seat, names[plan.seats[exc.seat]], exc.reason, text)
        return GameResult.forfeit(plan, exc.seat, exc.record, keep=keep), failure
    result = GameResult(
        plan.index, plan.seats, record.returns, record.winner, record.length, record if keep else None
    )
    return result, None


_WORKER: dict[str, Any] = {}  # in a worker process: the event that asks it to stop


def play_chunk(
    game: str, agents: Sequence[Agent], names: Sequence[str], plans: Sequence[GamePlan], keep: bool
) -> list[Played]:
    """Play a batch of games in a worker; when the tournament asks it to stop, return those played."""
    loaded = load_game(game)  # once per batch: building a game can cost more than a short match
    stop = _WORKER.get("stop")
    played = []
    for plan in plans:
        if stop is not None and stop.is_set():
            break
        played.append(play_plan(loaded, agents, names, plan, keep))
    return played


# ---------------------------------------------------------------------- stopping


class StopFlag:
    """Set once a run should stop starting games: at Ctrl-C, or at a failure the caller stops for."""

    def __init__(self) -> None:
        self._set = False

    def set(self) -> None:
        """Ask the run to stop."""
        self._set = True

    def is_set(self) -> bool:
        """Whether the run was asked to stop."""
        return self._set


@contextlib.contextmanager
def ctrl_c_stops(stop: StopFlag) -> Iterator[None]:
    """While in this block, a first Ctrl-C sets `stop`; a second raises `KeyboardInterrupt` as usual.

    Only in the main thread, and only where Ctrl-C has Python's own handler (not one of the caller's).
    """
    if (
        threading.current_thread() is not threading.main_thread()
        or signal.getsignal(signal.SIGINT) is not signal.default_int_handler
    ):
        yield
        return

    def first(signum: int, frame: object) -> None:
        stop.set()
        signal.signal(signal.SIGINT, signal.default_int_handler)

    signal.signal(signal.SIGINT, first)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, signal.default_int_handler)


# ---------------------------------------------------------------------- this process


def run_serial(run: Run) -> None:
    """Play the games one after another in this process."""
    loaded = load_game(run.game)
    for plan in run.plans:
        if run.stopping():
            return
        run.accept([play_plan(loaded, run.agents, run.names, plan, run.keep)])


# ---------------------------------------------------------------------- local worker processes


def run_process(run: Run) -> None:
    """Play the games in worker processes, replacing the pool when a worker dies.

    Raises:
        ShardGamesError: If a batch was lost with its worker more than `MAX_RETRIES` times.
    """
    if run.workers == 1 or len(run.plans) <= 1:
        run_serial(run)
        return
    context = multiprocessing.get_context()
    stop = context.Event()
    losses: Counter[int] = Counter()
    batches = run.batches()
    while batches:
        batches = _run_pool(run, context, stop, batches)
        for batch in batches:
            losses[batch[0].index] += 1
            if losses[batch[0].index] > MAX_RETRIES:
                first, last = batch[0].index, batch[-1].index
                times = losses[batch[0].index]
                raise ShardGamesError(
                    f"a worker process died {times} times while playing games {first} to {last}"
                )


def _run_pool(
    run: Run, context: Any, stop: Any, batches: list[Sequence[GamePlan]]
) -> list[Sequence[GamePlan]]:
    """Play the batches in a new pool; return those lost with a worker that died."""
    with _ctrl_c_held():
        pool = ProcessPoolExecutor(
            min(run.workers, len(batches)), mp_context=context, initializer=_start_worker, initargs=(stop,)
        )
        futures = {
            pool.submit(play_chunk, run.game, run.agents, run.names, batch, run.keep): batch
            for batch in batches
        }
    try:
        lost = _gather(run, futures, stop)
    except BaseException:  # a second Ctrl-C, an error in a game: stop the workers now
        stop.set()
        for process in list((pool._processes or {}).values()):
            process.terminate()
        pool.shutdown(wait=False, cancel_futures=True)
        raise
    pool.shutdown()
    return lost


def _gather(
    run: Run, futures: dict[Future[list[Played]], Sequence[GamePlan]], stop: Any
) -> list[Sequence[GamePlan]]:
    pending = set(futures)
    lost = []
    while pending:
        if run.stopping() and not stop.is_set():
            stop.set()  # each worker finishes the game in hand and returns what it played
            for future in pending:
                future.cancel()
        done, pending = wait(pending, timeout=_POLL_SECONDS, return_when=FIRST_COMPLETED)
        for future in done:
            if future.cancelled():
                continue
            try:
                played = future.result()
            except BrokenProcessPool:  # a worker died: every batch not yet returned is lost
                lost.append(futures[future])
                continue
            run.accept(played)
    return [] if stop.is_set() else lost


@contextlib.contextmanager
def _ctrl_c_held() -> Iterator[None]:
    """Hold Ctrl-C back while worker processes start, so that none is interrupted before it ignores it."""
    if not hasattr(signal, "pthread_sigmask"):  # pragma: no cover - Windows has no process groups to signal
        yield
        return
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


def _start_worker(stop: Any) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    _WORKER["stop"] = stop


# ---------------------------------------------------------------------- Ray


def run_ray(run: Run) -> None:
    """Play the games as Ray tasks, which Ray plays again when their worker dies."""
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
    remote = ray.remote(max_retries=MAX_RETRIES)(play_chunk)
    agents_ref = ray.put(list(run.agents))
    pending = [
        remote.remote(run.game, agents_ref, run.names, list(batch), run.keep) for batch in run.batches()
    ]
    try:
        while pending and not run.stopping():
            finished, pending = ray.wait(pending, num_returns=1, timeout=_POLL_SECONDS)
            for played in ray.get(finished):
                run.accept(played)
    finally:
        for ref in pending:
            ray.cancel(ref, force=True)
