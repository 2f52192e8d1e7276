"""What a tournament produces: its games, its agents' failures, and the tables, ratings and JSON.

A `TournamentResult` holds every finished game as a `GameResult` (in schedule order) and every agent
failure as an `AgentFailure`. Its tables count, per agent, pairing and seat, the games, wins, draws
and losses, with the win rate and the score and their Wilson intervals, under the names of
`shardgames.arena.outcomes`; its ratings are Bradley-Terry ratings on the Elo scale. It saves as
JSON and reads back from it (`TournamentResult.save`, `TournamentResult.load`, through the converter
of `shardgames.arena.documents`), which is how an interrupted run is resumed.

**Failed games.** When an agent fails in a game (see `AgentError`), the game ends there and is
scored as that agent's loss: its seat's return is -1 and each other seat's is ``1 / (seats - 1)``.
With two seats, the other seat is the game's winner, exactly as if it had won in play; with more
seats, the game has no winner and the other seats share it as a draw. The game's `GameResult` names
the seat in `GameResult.failed_seat`.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs

from shardgames.arena.documents import CONVERTER, Document
from shardgames.arena.match import MatchRecord
from shardgames.arena.outcomes import Outcome, Tally
from shardgames.arena.ratings import Rating, bradley_terry
from shardgames.kernel.errors import UsageError, require_extra
from shardgames.render.text import plural

__all__ = ["AgentFailure", "GamePlan", "GameResult", "Outcome", "TournamentResult"]

_RANK: dict[Outcome, int] = {"loss": 0, "draw": 1, "win": 2}


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
class TournamentResult(Document):
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

    KIND = "tournament"

    @classmethod
    def from_records(cls, game: str, seed: int, records: Sequence[MatchRecord]) -> TournamentResult:
        """The result of matches played one by one, such as those of ``shardgames match``.

        The agents are the records' agent names, each once, in the order they first sit; game *i*
        is record *i*, kept in the result.

        Examples:
            >>> import shardgames as sg
            >>> from embers import EmbersGame
            >>> _ = sg.register_game(EmbersGame)
            >>> records = [sg.play_match("embers", [sg.RandomAgent()] * 2, seed=s) for s in (1, 2)]
            >>> result = TournamentResult.from_records("embers", 0, records)
            >>> result.agents, [row["games"] for row in result.seat_table()]
            (('random',), [2, 2])
        """
        agents = tuple(dict.fromkeys(name for record in records for name in record.agents))
        games = tuple(
            GameResult(
                index,
                tuple(agents.index(name) for name in record.agents),
                record.returns,
                record.winner,
                record.length,
                record,
            )
            for index, record in enumerate(records)
        )
        return cls(game, agents, seed, games, scheduled=len(games))

    # -- per agent
    def agent_table(self) -> list[dict[str, Any]]:
        """Per agent: the `shardgames.arena.outcomes.OUTCOME_COLUMNS`, then its rating and the rating's error.

        A game an agent lost by failing counts as its loss (see the module docstring).
        """
        ratings = self.ratings()
        return [
            {
                "agent": name,
                **Tally.of(g.outcome(index) for g in self.games if index in g.seats).row(),
                "rating": ratings[name].elo,
                "rating_error": ratings[name].error,
            }
            for index, name in enumerate(self.agents)
        ]

    # -- per pairing
    def pairing_table(self) -> list[dict[str, Any]]:
        """Per pair of agents (agent before opponent): their games together, counted for the agent.

        The columns are the `shardgames.arena.outcomes.OUTCOME_COLUMNS`: the agent's wins are the
        opponent's losses. In a game of more seats, one of the two wins when it did better than the
        other, and they draw when both drew; a game both lost to a third seat is none of the three.
        """
        rows = []
        for a, b in itertools.combinations(range(len(self.agents)), 2):
            together = [g for g in self.games if a in g.seats and b in g.seats]
            ranks = [(_RANK[g.outcome(a)], _RANK[g.outcome(b)]) for g in together]
            tally = Tally(
                games=len(together),
                wins=sum(1 for ra, rb in ranks if ra > rb),
                draws=sum(1 for ra, rb in ranks if ra == rb == _RANK["draw"]),
                losses=sum(1 for ra, rb in ranks if rb > ra),
            )
            rows.append({"agent": self.agents[a], "opponent": self.agents[b], **tally.row()})
        return rows

    # -- per seat
    def seat_table(self) -> list[dict[str, Any]]:
        """Per seat (the seat advantage): the `shardgames.arena.outcomes.OUTCOME_COLUMNS`, its mean return."""
        seats = max((len(g.seats) for g in self.games), default=0)
        rows = []
        for seat in range(seats):
            played = [g for g in self.games if seat < len(g.seats)]
            mean_return = sum(g.returns[seat] for g in played) / len(played) if played else 0.0
            tally = Tally.of(g.seat_outcome(seat) for g in played)
            rows.append({"seat": seat, **tally.row(), "mean_return": mean_return})
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
    def tables(self) -> dict[str, Any]:
        """The tables written after the fields in `to_dict`: counts, the mean length, the three tables."""
        return {
            "finished": len(self.games),
            "draws": self.draws,
            "mean_length": self.mean_length,
            "by_agent": self.agent_table(),
            "by_pairing": self.pairing_table(),
            "by_seat": self.seat_table(),
        }

    @classmethod
    def data_problems(cls, data: Mapping[str, Any]) -> list[str]:
        """Every problem of the fields of a tournament's JSON, beyond their types (see `_Checker`)."""
        return _Checker().tournament(data)

    @classmethod
    def from_dict(cls, data: Any) -> TournamentResult:
        """Read back `to_dict` output: the games, records and failures (the tables are computed again).

        ``shardgames tournament --json`` writes this document, and ``--resume`` reads it back.

        Raises:
            SerializationError: Listing every problem, if the data is not a tournament result.
        """
        result = super().from_dict(data)
        games = tuple(sorted(result.games, key=lambda g: g.index))
        failures = tuple(sorted(result.failures, key=lambda f: f.index))
        return attrs.evolve(result, games=games, failures=failures)

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
            "games": lambda: [CONVERTER.unstructure(attrs.evolve(g, record=None)) for g in self.games],
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
            f"  {row['agent']:<16} {row['wins']:>5}/{row['games']:<5} {_rates(row)}  "
            f"rating {row['rating']:.0f} ± {1.96 * row['rating_error']:.0f}"
            for row in self.agent_table()
        )
        lines.extend(f"  seat {row['seat']}: {_rates(row)}" for row in self.seat_table())
        if self.failures:
            count = plural(len(self.failures), "game")
            lines.append(f"  {count} lost by a failing agent; the first: {self.failures[0]}")
        return "\n".join(lines)


def _rates(row: Mapping[str, Any]) -> str:
    """A row's win rate and score with their intervals, as `TournamentResult.__str__` prints them."""
    return "  ".join(
        f"{label} {row[name]:.3f} [{row[f'{name}_low']:.3f}, {row[f'{name}_high']:.3f}]"
        for label, name in (("win rate", "win_rate"), ("score", "score"))
    )


# ---------------------------------------------------------------------- checking JSON read back


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


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


class _Checker:
    """Checks the fields of a tournament's JSON, noting every problem rather than stopping at the first.

    The converter then builds the result from the checked data; the match records are checked by
    `MatchRecord.from_dict` as it builds them.
    """

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
        """The value of `key` if it passes `check` (its `default` if it may be missing), else ``None``."""
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
        """`values`, each checked."""
        for i, value in enumerate(values):
            if not check(value):
                self.problems.append(f"{where}[{i}]: expected {expected}, not {_short(value)}")
        return values

    def is_object(self, row: Any, where: str) -> bool:
        if not isinstance(row, Mapping):
            self.problems.append(f"{where.rstrip('.')}: expected an object, not {_short(row)}")
            return False
        return True

    def tournament(self, data: Mapping[str, Any]) -> list[str]:
        """Every problem of a tournament's fields."""
        self.field(data, "game", _is_text, "a game string")
        self.field(data, "seed", _is_count, "a seed (a whole number from 0)")
        names = self.field(data, "agents", _is_list, "a list of agent names") or []
        self.items(names, "agents", _is_text, "an agent name")
        scheduled = self.field(data, "scheduled", _is_count, "a count of games")
        self.field(data, "interrupted", _is_flag, "true or false", default=False)
        rows = self.field(data, "games", _is_list, "a list of games") or []
        indexes = [self.game(row, f"games[{i}].", len(names)) for i, row in enumerate(rows)]
        failures = self.field(data, "failures", _is_list, "a list of failures", default=[]) or []
        for i, row in enumerate(failures):
            self.failure(row, f"failures[{i}].")
        known = [index for index in indexes if index is not None]
        if len(set(known)) < len(known):
            self.problems.append("games: a game index appears twice")
        if scheduled is not None and any(index >= scheduled for index in known):
            self.problems.append(f"games: an index is not below scheduled ({scheduled})")
        return self.problems

    def game(self, row: Any, where: str, agent_count: int) -> int | None:
        """Check one game; its index if it has no problem."""
        if not self.is_object(row, where):
            return None
        before = len(self.problems)
        index = self.field(row, "index", _is_count, "a game index", where=where)
        seats = self.field(row, "seats", _is_list, "a list of agent indexes", where=where) or []
        below = f"an agent index below {agent_count}"
        self.items(seats, f"{where}seats", lambda v: _is_count(v) and v < agent_count, below)
        returns = self.field(row, "returns", _is_list, "a list of returns", where=where) or []
        self.items(returns, f"{where}returns", _is_number, "a number")
        if len(returns) != len(seats):
            self.problems.append(
                f"{where}returns: {plural(len(returns), 'return')} for {plural(len(seats), 'seat')}"
            )
        is_seat = _is_seat_of(len(seats))
        self.field(row, "winner", is_seat, "a seat or null", where=where)
        self.field(row, "length", _is_count, "a count of steps", where=where)
        self.field(row, "failed_seat", is_seat, "a seat or null", where=where, default=None)
        return None if len(self.problems) > before else index

    def failure(self, row: Any, where: str) -> None:
        """Check one agent failure."""
        if not self.is_object(row, where):
            return
        self.field(row, "index", _is_count, "a game index", where=where)
        self.field(row, "seed", _is_count, "a seed", where=where)
        self.field(row, "seat", _is_count, "a seat", where=where)
        for key in ("agent", "error", "traceback"):
            self.field(row, key, _is_text, "text", where=where)
