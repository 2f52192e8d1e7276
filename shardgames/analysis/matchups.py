"""Matchups: how each deck (or army, or any per-seat choice) does against each other one.

`matchups` is for two-seat games whose per-seat choice is a game parameter, like the ``decks`` of
Shards of the Artisan and Shard Command. For every ordered pair of options (a, b), mirrors included,
it plays a `shardgames.arena.tournament` of the game with ``parameter=(a, b)``: option a in seat 0,
option b in seat 1. Each pair's games are seeded from the root seed and the two options' names, so
the results are the same for every worker count and back end, and a pair plays the same games
whatever other options are in the study.

`army_matchups` is for games where the choice is made in play, like the army a Soulshards Tactics
player buys: it labels each seat of each recorded game with ``key(final_state, seat)`` and groups the
games by the two labels. The key is yours to write, since only you know what makes two armies "the
same"; for Tactics, for example, the commanders bought::

    import shardgames as sg
    from shardgames.analysis import army_matchups
    from shardgames.tactics import GreedyAgent


    def commanders(state, seat):
        roster = state.game.roster
        names = sorted(
            roster[card].name
            for card, owner in zip(state.card, state.owner)
            if owner == seat and roster[card].commander
        )
        return " + ".join(names) or "no commander"


    result = sg.tournament("tactics", [GreedyAgent()], games=400, seed=1, keep_records=True)
    army_matchups(result, commanders).matrix()

Both return a `Matchups`. Its tidy `table` has one row per option and opponent: the option's games,
wins, draws and losses against that opponent (in both seats), its win rate (wins / games) and its
score (a draw counts half a win), each with its Wilson 95 % interval (the columns of
`shardgames.arena.outcomes.OUTCOME_COLUMNS`), and its score in each seat. A mirror row (an option
against itself) counts each game once from each seat, so its score is one half by construction; its
seat columns show the seat advantage in the mirror. `matrix` is the wide table of scores, `overall`
each option's results against the field (mirrors left out), and `heatmap` draws the matrix.

Examples:
    >>> import shardgames as sg
    >>> from shardgames.analysis import matchups
    >>> study = matchups(
    ...     "sota(max_turn_phases=40)",
    ...     "decks",
    ...     ["ember", "tide"],
    ...     sg.RandomAgent(),
    ...     games_per_pair=2,
    ...     seed=3,
    ...     backend="serial",
    ...     progress=False,
    ... )
    >>> len(study.games), study.options
    (8, ('ember', 'tide'))
    >>> [(row["option"], row["opponent"], row["games"]) for row in study.rows()]
    [('ember', 'ember', 4), ('ember', 'tide', 4), ('tide', 'ember', 4), ('tide', 'tide', 4)]
"""

from __future__ import annotations

import hashlib
import itertools
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import attrs

from shardgames.agents.base import Agent
from shardgames.analysis._frames import axes, dataframe, records_of
from shardgames.arena.documents import Document
from shardgames.arena.match import MatchRecord
from shardgames.arena.outcomes import OUTCOME_COLUMNS, Tally
from shardgames.arena.tournaments import GamePlan, TournamentResult, tournament
from shardgames.kernel.errors import UsageError
from shardgames.kernel.game import Game, load_game
from shardgames.kernel.rng import derive_seed
from shardgames.kernel.state import State
from shardgames.render.text import plural

__all__ = [
    "MATCHUP_COLUMNS",
    "OVERALL_COLUMNS",
    "MatchupGame",
    "Matchups",
    "army_matchups",
    "matchups",
    "option_key",
    "variant_of",
]

MATCHUP_COLUMNS = ("option", "opponent", *OUTCOME_COLUMNS, "as_seat0_score", "as_seat1_score")
"""The columns of `Matchups.table`."""

OVERALL_COLUMNS = ("option", *OUTCOME_COLUMNS)
"""The columns of `Matchups.overall`."""


@attrs.frozen
class MatchupGame:
    """One game of a matchup study.

    Attributes:
        options: Seat 0's option and seat 1's.
        index: The game's number among the games of its pair of options (the same game in a study of
            another version of the game: see `shardgames.analysis.compare_matchups`).
        winner: The winning seat, or ``None`` for a draw.
        record: The game's `MatchRecord`, when the study kept records.
    """

    options: tuple[str, str]
    index: int
    winner: int | None
    record: MatchRecord | None = attrs.field(default=None, eq=False)


def _tally(games: Sequence[MatchupGame], seat: int) -> Tally:
    """The results of the option in `seat` of `games`."""
    return Tally.of("draw" if g.winner is None else "win" if g.winner == seat else "loss" for g in games)


@attrs.frozen
class Matchups(Document):
    """The games of a matchup study and their tables (see the module docstring).

    Attributes:
        game: The game string the study started from.
        parameter: The per-seat parameter that was varied (``None`` for `army_matchups`).
        options: The options, in the order of the tables.
        games: Every game, pair by pair.
        agents: The agents' names.
        seed: The root seed (``None`` when unknown).
        interrupted: Whether the study was stopped before it was done.
    """

    game: str
    parameter: str | None
    options: tuple[str, ...]
    games: tuple[MatchupGame, ...]
    agents: tuple[str, ...] = ()
    seed: int | None = None
    interrupted: bool = False

    KIND = "matchups"

    @property
    def records(self) -> tuple[MatchRecord, ...]:
        """The kept match records (empty unless the study kept them)."""
        return tuple(g.record for g in self.games if g.record is not None)

    def _by_pair(self) -> dict[tuple[str, str], list[MatchupGame]]:
        pairs: dict[tuple[str, str], list[MatchupGame]] = {}
        for g in self.games:
            pairs.setdefault(g.options, []).append(g)
        return pairs

    def rows(self) -> list[dict[str, Any]]:
        """The tidy table (columns `MATCHUP_COLUMNS`) as a list of rows; pairs without games are left out."""
        pairs = self._by_pair()
        rows = []
        for option, opponent in itertools.product(self.options, repeat=2):
            first = _tally(pairs.get((option, opponent), []), 0)  # option in seat 0
            second = _tally(pairs.get((opponent, option), []), 1)  # option in seat 1
            if first.games + second.games:
                rows.append(
                    {
                        "option": option,
                        "opponent": opponent,
                        **(first + second).row(),
                        "as_seat0_score": first.score if first.games else None,
                        "as_seat1_score": second.score if second.games else None,
                    }
                )
        return rows

    def table(self) -> Any:
        """`rows` as a pandas DataFrame.

        Raises:
            MissingExtraError: If pandas is not installed.
        """
        return dataframe(self.rows(), MATCHUP_COLUMNS, "Matchups.table")

    def scores(self) -> list[list[float | None]]:
        """The score of each option (row) against each opponent (column), ``None`` where none played."""
        scores = {(row["option"], row["opponent"]): row["score"] for row in self.rows()}
        return [[scores.get((a, b)) for b in self.options] for a in self.options]

    def matrix(self) -> Any:
        """The scores as a wide pandas DataFrame: options down, opponents across (NaN where none played).

        Raises:
            MissingExtraError: If pandas is not installed.
        """
        frame = dataframe(
            [dict(zip(self.options, scores, strict=True)) for scores in self.scores()],
            self.options,
            "Matchups.matrix",
        )
        frame.index = list(self.options)
        frame.index.name = "option"
        frame.columns.name = "opponent"
        return frame.astype(float)

    def overall_rows(self) -> list[dict[str, Any]]:
        """Each option against the field, mirrors left out (columns `OVERALL_COLUMNS`).

        Every pair of a `matchups` study plays the same number of games, so the field's options weigh
        the same; in `army_matchups` they weigh as often as they were met.
        """
        totals = dict.fromkeys(self.options, Tally())
        pairs = self._by_pair()
        for (first, second), games in pairs.items():
            if first != second:
                totals[first] += _tally(games, 0)
                totals[second] += _tally(games, 1)
        return [{"option": option, **tally.row()} for option, tally in totals.items()]

    def overall(self) -> Any:
        """`overall_rows` as a pandas DataFrame.

        Raises:
            MissingExtraError: If pandas is not installed.
        """
        return dataframe(self.overall_rows(), OVERALL_COLUMNS, "Matchups.overall")

    def heatmap(self, ax: Any = None) -> Any:
        """Draw the matrix of scores with the scores written in the cells; returns the matplotlib Axes.

        Args:
            ax: The Axes to draw into; a new figure's by default.

        Raises:
            MissingExtraError: If matplotlib is not installed.
        """
        ax = axes(ax, "Matchups.heatmap")
        scores = self.scores()
        values = [[float("nan") if score is None else score for score in row] for row in scores]
        image = ax.imshow(values, cmap="RdBu", vmin=0.0, vmax=1.0)
        ticks = range(len(self.options))
        ax.set_xticks(ticks, labels=list(self.options), rotation=45, ha="right")
        ax.set_yticks(ticks, labels=list(self.options))
        ax.set_xlabel("opponent")
        ax.set_ylabel(self.parameter or "option")
        ax.set_title(f"{self.game}: score of the row against the column")
        for i, row in enumerate(scores):
            for j, score in enumerate(row):
                if score is not None:
                    shade = "white" if abs(score - 0.5) > 0.3 else "black"
                    ax.text(j, i, f"{score:.2f}", ha="center", va="center", color=shade)
        ax.figure.colorbar(image, ax=ax, label="score (a draw counts half a win)")
        return ax

    def tables(self) -> dict[str, Any]:
        """The tables written after the fields in `to_dict`: ``matchups`` (`rows`) and ``overall``."""
        return {"matchups": self.rows(), "overall": self.overall_rows()}

    def __str__(self) -> str:
        width = max((len(o) for o in self.options), default=6)
        lines = [f"{self.game}: {plural(len(self.games), 'game')}, score of the row against the column"]
        lines.append(" " * (width + 2) + " ".join(f"{o[:6]:>6}" for o in self.options))
        for option, scores in zip(self.options, self.scores(), strict=True):
            cells = " ".join("     -" if score is None else f"{score:6.3f}" for score in scores)
            lines.append(f"{option:<{width}}  {cells}")
        return "\n".join(lines)


def option_key(option: str) -> int:
    """A stable whole number for an option's name, to derive its games' seeds from.

    Examples:
        >>> option_key("ember") == option_key("ember") != option_key("tide")
        True
    """
    return int.from_bytes(hashlib.blake2b(option.encode("utf-8"), digest_size=7).digest(), "big")


def variant_of(game: Game | str, **params: Any) -> Game:
    """`game` with some parameters changed, the others as they were.

    Examples:
        >>> str(variant_of("sota(max_turn_phases=40)", decks=("ember", "tide")))
        'sota(decks=(ember,tide),max_turn_phases=40)'

    Raises:
        InvalidParameterError: If a parameter is unknown or a value is invalid.
    """
    return load_game(str(game), **params)


def _seat_agents(agents: Agent | Sequence[Agent]) -> list[Agent]:
    if isinstance(agents, Sequence):
        listed = list(agents)
        if len(listed) not in (1, 2):
            raise UsageError(f"agents: one agent for both seats, or one per seat; not {len(listed)}")
        return listed
    return [agents]


def _check_parameter(game: Game, parameter: str, options: Sequence[str]) -> None:
    if game.num_players != 2:
        raise UsageError(f"matchups need a two-seat game; {game} has {game.num_players} seats")
    names = [p.name for p in type(game).all_parameters()]
    if parameter not in names:
        raise UsageError(
            f"parameter: {game.name} has no parameter {parameter!r}; its parameters are {', '.join(names)}"
        )
    if not options:
        raise UsageError("options: name at least one")
    if len(set(options)) != len(options):
        raise UsageError(f"options: each once, not {', '.join(options)}")


def matchups(
    game: Game | str,
    parameter: str,
    options: Sequence[str],
    agents: Agent | Sequence[Agent],
    games_per_pair: int,
    *,
    seed: int = 0,
    workers: int | None = None,
    backend: str = "process",
    progress: bool | None = None,
    keep_records: bool = False,
) -> Matchups:
    """Play every ordered pair of options against each other (see the module docstring).

    Args:
        game: A two-seat game, or its game string; its other parameters are kept.
        parameter: The per-seat parameter, such as ``"decks"``.
        options: The values to try in each seat, such as deck names.
        agents: One agent, which plays both seats, or two: the first in seat 0, the second in seat 1
            (every pair is also played the other way round, so each option meets each agent).
        games_per_pair: Games for each ordered pair.
        seed: The root seed: pair (a, b) plays a tournament seeded with
            ``derive_seed(seed, option_key(a), option_key(b))``.
        workers: Worker processes (as for `tournament`).
        backend: ``serial``, ``process`` or ``ray``.
        progress: Show each pair's progress bar: ``None`` on a terminal only.
        keep_records: Keep each game's `MatchRecord` (for `content_stats` of ``study.records``).

    Returns:
        The `Matchups`; if a pair's tournament is interrupted (Ctrl-C), the games played so far, with
        ``interrupted`` set.

    Raises:
        UsageError: If the game has other than two seats, the parameter is unknown, the options are
            empty or repeated, or the agents are neither one nor two.
        InvalidParameterError: If an option is not a valid value of the parameter.
    """
    base = load_game(game) if isinstance(game, str) else game
    options = tuple(options)
    _check_parameter(base, parameter, options)
    seated = _seat_agents(agents)
    pairs = [(a, b) for a in options for b in options]
    variants = [variant_of(base, **{parameter: pair}) for pair in pairs]  # every option checked first
    played: list[MatchupGame] = []
    names: tuple[str, ...] = ()
    interrupted = False
    for pair, variant in zip(pairs, variants, strict=True):
        pair_seed = derive_seed(seed, option_key(pair[0]), option_key(pair[1]))
        schedule = None
        if len(seated) == 2:  # fixed seats: the pair (b, a) plays the agents the other way round
            schedule = [GamePlan(k, (0, 1), derive_seed(pair_seed, k)) for k in range(games_per_pair)]
        result = tournament(
            variant,
            seated,
            games=games_per_pair,
            seed=pair_seed,
            workers=workers,
            backend=backend,
            schedule=schedule,
            keep_records=keep_records,
            progress=progress,
        )
        names = result.agents
        played.extend(MatchupGame(pair, g.index, g.winner, g.record) for g in result.games)
        if result.interrupted:
            interrupted = True
            break
    return Matchups(str(base), parameter, options, tuple(played), names, seed, interrupted)


def army_matchups(
    source: TournamentResult | Iterable[MatchRecord], key: Callable[[State, int], str]
) -> Matchups:
    """Group recorded two-seat games by a label of each seat's choices made in play.

    Args:
        source: A tournament played with ``keep_records=True``, or match records.
        key: ``key(final_state, seat)``: the label of what `seat` chose (see the module docstring).

    Returns:
        The `Matchups`, its options the labels in sorted order.

    Raises:
        UsageError: If the tournament kept no records, or a game has other than two seats.
    """
    records = records_of(source, "army_matchups")
    played = []
    for index, record in enumerate(records):
        if len(record.agents) != 2:
            raise UsageError(f"army_matchups needs two-seat games; {record.game} has {len(record.agents)}")
        state = record.replay()
        labels: tuple[str, str] = (str(key(state, 0)), str(key(state, 1)))
        played.append(MatchupGame(labels, index, record.winner, record))
    options = tuple(sorted({label for g in played for label in g.options}))
    if isinstance(source, TournamentResult):
        return Matchups(
            source.game, None, options, tuple(played), source.agents, source.seed, source.interrupted
        )
    game = records[0].game if records else ""
    agents = tuple(dict.fromkeys(name for r in records for name in r.agents))
    return Matchups(game, None, options, tuple(played), agents)
