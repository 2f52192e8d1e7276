"""Playing agents against each other: single matches and their records."""

from shardgames.arena.match import MatchRecord, play_match

__all__ = ["MatchRecord", "play_match"]
