"""Playing agents against each other: single matches and their records."""

from shardgames.arena.match import MatchRecord, play_match
from shardgames.arena.ratings import Rating, bradley_terry, wilson
from shardgames.arena.tournaments import (
    BACKENDS,
    GamePlan,
    GameResult,
    TournamentResult,
    round_robin,
    tournament,
)

__all__ = [
    "BACKENDS",
    "GamePlan",
    "GameResult",
    "MatchRecord",
    "Rating",
    "TournamentResult",
    "bradley_terry",
    "play_match",
    "round_robin",
    "tournament",
    "wilson",
]
