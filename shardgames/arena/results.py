"""What a tournament produces: its games, its agents' failures, and the tables, ratings and JSON.

A `TournamentResult` holds every finished game as a `GameResult` (in schedule order) and every agent
failure as an `AgentFailure`. Its tables count, per agent, pairing and seat, wins, draws and losses
with Wilson intervals; its ratings are Bradley-Terry ratings on the Elo scale. It saves as JSON and
reads back from it (`TournamentResult.save`, `TournamentResult.load`), which is how an interrupted
run is resumed.

**Failed games.** When an agent fails in a game (see `AgentError`), the game ends there and is
scored as that agent's loss: its seat's return is -1 and each other seat's is ``1 / (seats - 1)``.
With two seats, the other seat is the game's winner, exactly as if it had won in play; with more
seats, the game has no winner and the other seats share it as a draw. The game's `GameResult` names
the seat in `GameResult.failed_seat`.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, Literal

import attrs

from shardgames.arena.match import MatchRecord
from shardgames.arena.ratings import Rating, bradley_terry, wilson
from shardgames.kernel.datafiles import DOCUMENT_LIMIT, parse_json, read_text, write_text_atomic
from shardgames.kernel.errors import SerializationError, ShardGamesError, UsageError, require_extra
from shardgames.kernel.serialize import FORMAT_VERSION
from shardgames.render.text import plural

__all__ = ["AgentFailure", "GamePlan", "GameResult", "Outcome", "TournamentResult"]

Outcome = Literal["win", "draw", "loss"]
"""A game's result for one agent or seat."""

_RANK: dict[Outcome, int] = {"loss": 0, "draw": 1, "win": 2}
_KIND = "tournament"
_SUBJECT = "tournament result"


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
        record: The full `MatchRecord`, when the tournament keeps records (for a failed game, the
            unfinished record up to the failure).
        failed_seat: The seat whose agent failed, ending the game as its loss (see the module
            docstring); ``None`` for a game played to its end.
    """

    index: int
    seats: tuple[int, ...]
    returns: tuple[float, ...]
    winner: int | None
    length: int
    record: MatchRecord | None = attrs.field(default=None, eq=False)
    failed_seat: int | None = None

    @classmethod
    def forfeit(cls, plan: GamePlan, seat: int, record: MatchRecord, *, keep: bool) -> GameResult:
        """The game of `plan` ended by the failure of the agent in `seat`, scored as its loss.

        Args:
            plan: The game.
            seat: The failing seat.
            record: The match up to the failure.
            keep: Keep the record in the result.
        """
        count = len(plan.seats)
        share = 1.0 / (count - 1) if count > 1 else 0.0
        returns = tuple(-1.0 if s == seat else share for s in range(count))
        winner = 1 - seat if count == 2 else None
        return cls(plan.index, plan.seats, returns, winner, record.length, record if keep else None, seat)

    def seat_outcome(self, seat: int) -> Outcome:
        """The game for one seat: a failed seat lost; otherwise the winner won, and without one, a draw."""
        if seat == self.failed_seat:
            return "loss"
        if self.winner is None:
            return "draw"
        return "win" if seat == self.winner else "loss"

    def score(self, seat: int) -> float:
        """The seat's score: 1 for a win, 0 for a loss, an even share of 1 for a draw.

        A draw shares the point among the seats that did not fail (``1/seats`` in a game played to
        its end, 1/2 with two seats), so a failing agent scores 0 whatever the number of seats.
        """
        outcome = self.seat_outcome(seat)
        if outcome != "draw":
            return 1.0 if outcome == "win" else 0.0
        return 1.0 / (len(self.seats) - (self.failed_seat is not None))

    def outcome(self, agent: int) -> Outcome:
        """The game for one agent (by index) that played in it: a failure in any of its seats is a loss."""
        if self.failed_seat is not None and self.seats[self.failed_seat] == agent:
            return "loss"
        if self.winner is None:
            return "draw"
        return "win" if self.seats[self.winner] == agent else "loss"


@attrs.frozen
class AgentFailure:
    """An agent that failed in a tournament game (see `AgentError`); the game counts as its loss.

    Attributes:
        index: The game's number in the schedule.
        seed: The game's seed: `play_match` with it and the same agents plays the game again.
        seat: The failing agent's seat.
        agent: The failing agent's name in the tournament.
        error: What went wrong, in one line: the exception's type and message.
        traceback: The agent's traceback, as text.
    """

    index: int
    seed: int
    seat: int
    agent: str
    error: str
    traceback: str

    def __str__(self) -> str:
        where = f"game {self.index} (seed {self.seed})"
        return f"{where}: agent {self.agent!r} in seat {self.seat} failed: {self.error}"


@attrs.frozen
class TournamentResult:
    """The outcome of a tournament (see the module docstring).

    Attributes:
        game: The game string.
        agents: The agents' names (made unique with ``#2``, ``#3`` ...), by agent index.
        seed: The root seed.
        games: Every finished game, in schedule order, failed games included.
        interrupted: Whether the run stopped before the schedule was done.
        scheduled: How many games were scheduled.
        failures: Every agent failure, in schedule order.
    """

    game: str
    agents: tuple[str, ...]
    seed: int
    games: tuple[GameResult, ...]
    interrupted: bool = False
    scheduled: int = 0
    failures: tuple[AgentFailure, ...] = ()

    # -- per agent
    def agent_table(self) -> list[dict[str, Any]]:
        """Per agent: games, wins, draws, losses, win rate with its 95 % interval, rating and error."""
        ratings = self.ratings()
        rows = []
        for index, name in enumerate(self.agents):
            outcomes = [g.outcome(index) for g in self.games if index in g.seats]
            wins, draws = outcomes.count("win"), outcomes.count("draw")
            low, high = wilson(wins, len(outcomes))
            rows.append(
                {
                    "agent": name,
                    "games": len(outcomes),
                    "wins": wins,
                    "draws": draws,
                    "losses": len(outcomes) - wins - draws,
                    "win_rate": wins / len(outcomes) if outcomes else 0.0,
                    "win_rate_low": low,
                    "win_rate_high": high,
                    "rating": ratings[name].elo,
                    "rating_error": ratings[name].error,
                }
            )
        return rows

    # -- per pairing
    def pairing_table(self) -> list[dict[str, Any]]:
        """Per pair of agents (a before b): games together, wins of each, draws, a's win rate and interval.

        In a game of more seats, a pair counts a win when one of the two did better than the other,
        and a draw when both drew.
        """
        rows = []
        for a, b in itertools.combinations(range(len(self.agents)), 2):
            together = [g for g in self.games if a in g.seats and b in g.seats]
            ranks = [(_RANK[g.outcome(a)], _RANK[g.outcome(b)]) for g in together]
            wins_a = sum(1 for ra, rb in ranks if ra > rb)
            wins_b = sum(1 for ra, rb in ranks if rb > ra)
            draws = sum(1 for ra, rb in ranks if ra == rb == _RANK["draw"])
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
        """Bradley-Terry ratings: in each game the winner beats every other seat; a draw halves each pair.

        A failed seat loses to every other seat.
        """
        points: dict[tuple[str, str], tuple[float, float]] = {}
        for g in self.games:
            for s, t in itertools.combinations(range(len(g.seats)), 2):
                a, b = self.agents[g.seats[s]], self.agents[g.seats[t]]
                rank_s, rank_t = _RANK[g.seat_outcome(s)], _RANK[g.seat_outcome(t)]
                if a == b or rank_s == rank_t == _RANK["loss"]:
                    continue  # a third seat won: no information between these two
                score = (0.5, 0.5) if rank_s == rank_t else (1.0, 0.0) if rank_s > rank_t else (0.0, 1.0)
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
        """Everything as JSON-ready data (records included when kept); `from_dict` reads it back."""
        return {
            "format": FORMAT_VERSION,
            "kind": _KIND,
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
                    "failed_seat": g.failed_seat,
                    **({"record": g.record.to_dict()} if g.record is not None else {}),
                }
                for g in self.games
            ],
            "failures": [attrs.asdict(f) for f in self.failures],
        }

    def to_json(self, *, indent: int | None = 2) -> str:
        """`to_dict` as JSON text."""
        return json.dumps(self.to_dict(), indent=indent)

    def save(self, path: str | Path) -> Path:
        """Write `to_json` to a file, whole or not at all, and return its path.

        Raises:
            WriteError: If the file cannot be written (whatever was there is left as it was).
        """
        return write_text_atomic(path, self.to_json() + "\n")

    @classmethod
    def from_dict(cls, data: Any) -> TournamentResult:
        """Read back `to_dict` output: the games, records and failures (the tables are computed again).

        Raises:
            SerializationError: Listing every problem, if the data is not a tournament result.
        """
        if not isinstance(data, Mapping):
            raise SerializationError(
                "tournament result", [f"expected a JSON object, not {type(data).__name__}"]
            )
        read = _Reader()
        if data.get("format") != FORMAT_VERSION:
            read.problems.append(
                f"format: this library reads format {FORMAT_VERSION}, not {data.get('format')!r}"
            )
        if data.get("kind") != _KIND:
            read.problems.append(f"kind: expected {_KIND!r}, the document is {data.get('kind')!r}")
        game = read.field(data, "game", _is_text, "a game string")
        seed = read.field(data, "seed", _is_count, "a seed (a whole number from 0)")
        names = read.field(data, "agents", _is_list, "a list of agent names")
        agents = tuple(read.items(names or [], "agents", _is_text, "an agent name"))
        scheduled = read.field(data, "scheduled", _is_count, "a count of games")
        interrupted = read.field(data, "interrupted", _is_flag, "true or false", default=False)
        rows = read.field(data, "games", _is_list, "a list of games") or []
        games = tuple(read.game(row, f"games[{i}].", len(agents)) for i, row in enumerate(rows))
        failure_rows = read.field(data, "failures", _is_list, "a list of failures", default=[]) or []
        failures = tuple(read.failure(row, f"failures[{i}].") for i, row in enumerate(failure_rows))
        indexes = [g.index for g in games if g is not None]
        if len(set(indexes)) < len(indexes):
            read.problems.append("games: a game index appears twice")
        if scheduled is not None and any(i >= scheduled for i in indexes):
            read.problems.append(f"games: an index is not below scheduled ({scheduled})")
        if read.problems:
            raise SerializationError(_SUBJECT, read.problems)
        return cls(
            game,
            agents,
            seed,
            tuple(sorted((g for g in games if g is not None), key=lambda g: g.index)),
            interrupted,
            scheduled,
            tuple(sorted((f for f in failures if f is not None), key=lambda f: f.index)),
        )

    @classmethod
    def from_json(cls, text: str | bytes) -> TournamentResult:
        """Read back `to_json` output (at most `DOCUMENT_LIMIT` bytes).

        Raises:
            SerializationError: If the text is not the JSON of a tournament result.
        """
        return cls.from_dict(parse_json(text, SerializationError, "tournament result JSON"))

    @classmethod
    def load(cls, path: str | Path) -> TournamentResult:
        """Read a file written by `save` (or by ``shardgames tournament --json``).

        Raises:
            SerializationError: If the file cannot be read, or is not a tournament result.
        """
        text = read_text(path, SerializationError, limit=DOCUMENT_LIMIT)
        return cls.from_dict(parse_json(text, SerializationError, str(path)))

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
        if self.failures:
            count = plural(len(self.failures), "game")
            lines.append(f"  {count} lost by a failing agent; the first: {self.failures[0]}")
        return "\n".join(lines)


# ---------------------------------------------------------------------- reading JSON back


def _is_count(value: Any) -> bool:
    return type(value) is int and value >= 0


def _is_text(value: Any) -> bool:
    return isinstance(value, str)


def _is_flag(value: Any) -> bool:
    return isinstance(value, bool)


def _is_list(value: Any) -> bool:
    return isinstance(value, list)


def _is_number(value: Any) -> bool:
    return type(value) in (int, float)


def _is_seat_of(count: int) -> Callable[[Any], bool]:
    return lambda value: value is None or (_is_count(value) and value < count)


_REQUIRED: Any = object()


class _Reader:
    """Reads the fields of a JSON document, noting every problem rather than stopping at the first."""

    def __init__(self) -> None:
        self.problems: list[str] = []

    def field(
        self,
        data: Mapping[str, Any],
        key: str,
        check: Callable[[Any], bool],
        expected: str,
        *,
        where: str = "",
        default: Any = _REQUIRED,
    ) -> Any:
        if key not in data:
            if default is _REQUIRED:
                self.problems.append(f"{where}{key}: missing")
            return None if default is _REQUIRED else default
        value = data[key]
        if not check(value):
            self.problems.append(f"{where}{key}: expected {expected}, not {_short(value)}")
            return None
        return value

    def items(self, values: list[Any], where: str, check: Callable[[Any], bool], expected: str) -> list[Any]:
        for i, value in enumerate(values):
            if not check(value):
                self.problems.append(f"{where}[{i}]: expected {expected}, not {_short(value)}")
        return values

    def game(self, row: Any, where: str, agent_count: int) -> GameResult | None:
        if not isinstance(row, Mapping):
            self.problems.append(f"{where.rstrip('.')}: expected an object, not {_short(row)}")
            return None
        before = len(self.problems)
        index = self.field(row, "index", _is_count, "a game index", where=where)
        seats = self.items(
            self.field(row, "seats", _is_list, "a list of agent indexes", where=where) or [],
            f"{where}seats",
            lambda v: _is_count(v) and v < agent_count,
            f"an agent index below {agent_count}",
        )
        returns = self.items(
            self.field(row, "returns", _is_list, "a list of returns", where=where) or [],
            f"{where}returns",
            _is_number,
            "a number",
        )
        if len(returns) != len(seats):
            self.problems.append(
                f"{where}returns: {plural(len(returns), 'return')} for {plural(len(seats), 'seat')}"
            )
        is_seat = _is_seat_of(len(seats))
        winner = self.field(row, "winner", is_seat, "a seat or null", where=where)
        length = self.field(row, "length", _is_count, "a count of steps", where=where)
        failed_seat = self.field(row, "failed_seat", is_seat, "a seat or null", where=where, default=None)
        record = self.record(row.get("record"), f"{where}record")
        if len(self.problems) > before:
            return None
        return GameResult(
            index, tuple(seats), tuple(float(r) for r in returns), winner, length, record, failed_seat
        )

    def record(self, data: Any, where: str) -> MatchRecord | None:
        if data is None:
            return None
        try:
            return MatchRecord.from_dict(data)
        except ShardGamesError as exc:
            self.problems.append(f"{where}: {exc}".replace("\n", " "))
            return None

    def failure(self, row: Any, where: str) -> AgentFailure | None:
        if not isinstance(row, Mapping):
            self.problems.append(f"{where.rstrip('.')}: expected an object, not {_short(row)}")
            return None
        before = len(self.problems)
        values = [
            self.field(row, "index", _is_count, "a game index", where=where),
            self.field(row, "seed", _is_count, "a seed", where=where),
            self.field(row, "seat", _is_count, "a seat", where=where),
            *(self.field(row, key, _is_text, "text", where=where) for key in ("agent", "error", "traceback")),
        ]
        return None if len(self.problems) > before else AgentFailure(*values)


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
