"""Playing agents against each other: single matches and their records, tournaments and their results."""

from shardgames.arena.errors import AgentError, AgentFailureWarning, TournamentError
from shardgames.arena.match import MatchRecord, play_match
from shardgames.arena.ratings import Rating, bradley_terry, wilson
from shardgames.arena.results import AgentFailure, GamePlan, GameResult, TournamentResult
from shardgames.arena.tournaments import BACKENDS, ON_ERROR, round_robin, tournament

__all__ = [
    "BACKENDS",
    "ON_ERROR",
    "AgentError",
    "AgentFailure",
    "AgentFailureWarning",
    "GamePlan",
    "GameResult",
    "MatchRecord",
    "Rating",
    "TournamentError",
    "TournamentResult",
    "bradley_terry",
    "play_match",
    "round_robin",
    "tournament",
    "wilson",
]
