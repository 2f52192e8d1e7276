"""Content statistics: which cards (or warriors) get used, and how the seats that used them fared.

`content_stats` replays each recorded game and reads ``final_state.content_used()``: per seat, the
names of the cards or warriors it played, deployed, placed or bought (each game says which in its
`State.content_used`). For each name it reports:

* ``games``: the games in which some seat used it;
* ``seat_games`` and ``pick_rate``: the seats (one per game and seat) that used it, and their share
  of all seats;
* ``wins``: the seats that used it and won;
* ``mean_score``: the mean score of those seats in their games (a win 1, a loss 0, a draw's point
  shared among the seats; with two seats, the ``score`` of the other tables), with its Wilson 95 %
  interval ``mean_score_low`` to ``mean_score_high``;
* ``others_mean_score`` and ``difference``: the mean score of the seats that did not use it, and the
  difference, with Newcombe's 95 % interval ``difference_low`` to ``difference_high``
  (`shardgames.analysis.stats.difference_interval`).

These are associations, not effects: a card played more often in long games, or by the seat that is
already winning, looks strong without being so. The intervals also treat the seats as independent,
which the seats of one game are not. To measure what a change does, play the game with and without
it on the same seeds: `shardgames.analysis.compare`.

Examples:
    >>> import shardgames as sg
    >>> from shardgames.analysis import content_stats
    >>> result = sg.tournament(
    ...     "sota(max_turn_phases=40)",
    ...     [sg.RandomAgent()],
    ...     games=4,
    ...     seed=1,
    ...     backend="serial",
    ...     progress=False,
    ...     keep_records=True,
    ... )
    >>> stats = content_stats(result)
    >>> stats.games, stats.seat_games
    (4, 8)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import partial
from typing import Any

import attrs

from shardgames.analysis._frames import axes, dataframe, records_of
from shardgames.analysis.stats import difference_interval, score
from shardgames.arena.documents import Document
from shardgames.arena.match import MatchRecord
from shardgames.arena.ratings import wilson
from shardgames.arena.tournaments import TournamentResult
from shardgames.render.text import plural

__all__ = ["CONTENT_COLUMNS", "ContentStats", "SeatGame", "content_stats"]

CONTENT_COLUMNS = (
    "name",
    "games",
    "seat_games",
    "pick_rate",
    "wins",
    "mean_score",
    "mean_score_low",
    "mean_score_high",
    "others_mean_score",
    "difference",
    "difference_low",
    "difference_high",
)
"""The columns of `ContentStats.table`."""


@attrs.frozen
class SeatGame:
    """One seat in one game: what it used and how it scored.

    Attributes:
        game_index: The game's number in the records.
        seat: The seat.
        used: The names it used, in first-use order.
        won: Whether it won.
        score: Its score: 1 for a win, 0 for a loss, a share of 1 for a draw.
    """

    game_index: int
    seat: int
    used: tuple[str, ...]
    won: bool
    score: float


@attrs.frozen
class ContentStats(Document):
    """Per card (or warrior) use and results over recorded games (see the module docstring).

    Attributes:
        game: The game string.
        games: The number of games.
        seats: One `SeatGame` per seat and game.
    """

    game: str
    games: int
    seats: tuple[SeatGame, ...]

    KIND = "content"

    @property
    def seat_games(self) -> int:
        """The number of seats over all games."""
        return len(self.seats)

    @property
    def mean_score(self) -> float:
        """The mean score of all seats (one over the number of seats)."""
        return sum(s.score for s in self.seats) / len(self.seats) if self.seats else 0.0

    def rows(self) -> list[dict[str, Any]]:
        """One row per name (columns `CONTENT_COLUMNS`), most used first, then by name."""
        total_score = sum(s.score for s in self.seats)
        total = len(self.seats)
        counts: dict[str, list[float]] = {}  # name: seats, wins, score
        game_sets: dict[str, set[int]] = {}
        for seat in self.seats:
            for name in dict.fromkeys(seat.used):
                count = counts.setdefault(name, [0, 0, 0.0])
                count[0] += 1
                count[1] += seat.won
                count[2] += seat.score
                game_sets.setdefault(name, set()).add(seat.game_index)
        rows: list[dict[str, Any]] = []
        for name, (used, wins, points) in counts.items():
            others, other_points = total - used, total_score - points
            low, high = wilson(points, used)
            difference_low, difference_high = difference_interval(points, used, other_points, others)
            others_mean = other_points / others if others else None
            rows.append(
                {
                    "name": name,
                    "games": len(game_sets[name]),
                    "seat_games": int(used),
                    "pick_rate": used / total,
                    "wins": int(wins),
                    "mean_score": points / used,
                    "mean_score_low": low,
                    "mean_score_high": high,
                    "others_mean_score": others_mean,
                    "difference": None if others_mean is None else points / used - others_mean,
                    "difference_low": difference_low,
                    "difference_high": difference_high,
                }
            )
        rows.sort(key=lambda row: (-row["seat_games"], row["name"]))
        return rows

    def table(self) -> Any:
        """`rows` as a pandas DataFrame, most used first.

        Raises:
            MissingExtraError: If pandas is not installed.
        """
        return dataframe(self.rows(), CONTENT_COLUMNS, "ContentStats.table")

    def plot(self, ax: Any = None, *, top: int = 20) -> Any:
        """Draw the mean scores of the `top` most used names with their 95 % intervals; returns the Axes.

        A vertical line marks the mean score of all seats, that of a name that makes no difference.

        Args:
            ax: The Axes to draw into; a new figure's by default.
            top: How many names, the most used first.

        Raises:
            MissingExtraError: If matplotlib is not installed.
        """
        ax = axes(ax, "ContentStats.plot")
        rows = self.rows()[:top][::-1]  # the most used at the top
        scores = [row["mean_score"] for row in rows]
        errors = [
            [row["mean_score"] - row["mean_score_low"] for row in rows],
            [row["mean_score_high"] - row["mean_score"] for row in rows],
        ]
        positions = list(range(len(rows)))
        ax.errorbar(scores, positions, xerr=errors, fmt="o", capsize=3)
        ax.axvline(self.mean_score, color="grey", linestyle="--", linewidth=1)
        ax.set_yticks(positions, labels=[f"{row['name']} ({row['pick_rate']:.0%})" for row in rows])
        ax.set_xlim(0.0, 1.0)
        ax.set_xlabel("mean score of the seats that used it (95% CI)")
        ax.set_title(f"{self.game}: {plural(self.games, 'game')}")
        return ax

    def tables(self) -> dict[str, Any]:
        """What `to_dict` writes after the fields: ``seat_games``, ``mean_score`` and ``content`` (`rows`)."""
        return {"seat_games": self.seat_games, "mean_score": self.mean_score, "content": self.rows()}


def content_stats(result: TournamentResult | Iterable[MatchRecord]) -> ContentStats:
    """Replay recorded games and count what each seat used (see the module docstring).

    Args:
        result: A tournament played with ``keep_records=True``, or match records (such as the
            ``records`` of a `shardgames.analysis.Matchups` study that kept them).

    Raises:
        UsageError: If the tournament kept no records.
    """
    records = records_of(result, "content_stats")
    # A tournament knows which games an agent lost by failing; records alone know only the winner.
    scores: list[tuple[int | None, Callable[[int], float]]] = (
        [(g.winner, g.score) for g in result.games]
        if isinstance(result, TournamentResult)
        else [(r.winner, partial(score, r.winner, seats=len(r.agents))) for r in records]
    )
    seats: list[SeatGame] = []
    for index, (record, (winner, score_of)) in enumerate(zip(records, scores, strict=True)):
        used = record.replay().content_used()
        seats.extend(
            SeatGame(index, seat, tuple(used[seat]), winner == seat, score_of(seat))
            for seat in range(len(record.agents))
        )
    game = result.game if isinstance(result, TournamentResult) else (records[0].game if records else "")
    return ContentStats(game, len(records), tuple(seats))
