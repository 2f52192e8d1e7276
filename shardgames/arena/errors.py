"""What can go wrong while agents play: an agent that fails, and a tournament that stops.

`play_match` raises `AgentError` when an agent raises an exception or returns an illegal action; it
names the agent and its seat and carries the match up to that point. `tournament` records such a
failure in `TournamentResult.failures`, scores the game as the failing agent's loss, plays on and
warns with `AgentFailureWarning`; with ``on_error="raise"`` it raises `TournamentError` instead, as it
does when the run cannot go on (a worker that keeps dying, an error in a game itself). A
`TournamentError` carries the games finished before it in `TournamentError.partial`, so nothing
played is lost.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from shardgames.kernel.errors import ShardGamesError

if TYPE_CHECKING:
    from shardgames.arena.match import MatchRecord
    from shardgames.arena.results import AgentFailure, TournamentResult

__all__ = ["AgentError", "AgentFailureWarning", "TournamentError"]


class AgentError(ShardGamesError):
    """An agent failed in a match: its ``act`` raised an exception, or it returned an illegal action.

    The agent's own exception (an `IllegalActionError` for an illegal action) is chained as
    ``__cause__``, with its traceback.

    Attributes:
        agent: The agent's name.
        seat: The seat it played.
        reason: What went wrong, in one line (the exception's type and message).
        record: The match up to the failure, as an unfinished `MatchRecord`: it replays to the position
            in which the agent failed.
    """

    def __init__(self, agent: str, seat: int, reason: str, record: MatchRecord) -> None:
        self.agent = agent
        self.seat = seat
        self.reason = reason
        self.record = record
        super().__init__(f"agent {agent!r} in seat {seat} failed after {record.length} steps: {reason}")

    def __reduce__(self) -> tuple[Any, ...]:
        return type(self), (self.agent, self.seat, self.reason, self.record)


class TournamentError(ShardGamesError):
    """A tournament stopped before its end.

    Either an agent failed under ``on_error="raise"``, or the run could not go on.

    Attributes:
        partial: The `TournamentResult` of the games finished before the error, marked interrupted
            (`tournament` can resume from it).
        failure: The agent's failure, when an agent's failure stopped the run; otherwise ``None`` and
            the error that stopped it is chained as ``__cause__``.
    """

    def __init__(self, message: str, partial: TournamentResult, failure: AgentFailure | None = None) -> None:
        self.partial = partial
        self.failure = failure
        super().__init__(message)

    def __reduce__(self) -> tuple[Any, ...]:
        return type(self), (str(self), self.partial, self.failure)


class AgentFailureWarning(UserWarning):
    """Agents failed in some games of a tournament, which were scored as their losses.

    The failures are in `TournamentResult.failures`. Turn the warning into an error with
    ``warnings.simplefilter("error", AgentFailureWarning)``, or pass ``on_error="raise"`` to
    `tournament` to stop at the first failure.
    """
