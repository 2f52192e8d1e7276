"""DataFrames and plots for the analysis results: pandas and matplotlib are imported only when asked for."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from shardgames.arena.match import MatchRecord
from shardgames.arena.tournaments import TournamentResult
from shardgames.kernel.errors import UsageError, require_extra

__all__ = ["axes", "dataframe", "records_of"]


def dataframe(rows: Iterable[Mapping[str, Any]], columns: Sequence[str], feature: str) -> Any:
    """A pandas DataFrame of `rows` with exactly `columns` (also when there are no rows).

    Raises:
        MissingExtraError: If pandas (the ``analysis`` extra) is not installed.
    """
    pandas = require_extra("pandas", extra="analysis", feature=feature)
    return pandas.DataFrame([dict(row) for row in rows], columns=list(columns))


def axes(ax: Any, feature: str) -> Any:
    """`ax`, or the axes of a new matplotlib figure when it is ``None``.

    Raises:
        MissingExtraError: If matplotlib (the ``plot`` extra) is not installed.
    """
    if ax is not None:
        return ax
    pyplot = require_extra("matplotlib.pyplot", extra="plot", feature=feature)
    _, new = pyplot.subplots()
    return new


def records_of(source: TournamentResult | Iterable[MatchRecord], feature: str) -> tuple[MatchRecord, ...]:
    """The match records of a tournament (which must have kept them), or the records given.

    Raises:
        UsageError: If the tournament played games but kept no records.
    """
    if isinstance(source, TournamentResult):
        if source.games and len(source.records) < len(source.games):
            raise UsageError(
                f"{feature} replays the games: play the tournament with keep_records=True "
                "(shardgames analyze keeps them)"
            )
        return source.records
    return tuple(source)
