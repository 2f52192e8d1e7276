"""Agents: programs that choose actions from a seat's view. They use the common contract only."""

from shardgames.agents.base import Agent, RandomAgent
from shardgames.agents.flat import FlatMonteCarloAgent
from shardgames.agents.mcts import MCTSAgent
from shardgames.agents.policy import PolicyAgent
from shardgames.agents.search import ActionStats, SearchAgent, SearchResult
from shardgames.agents.strongest import strongest_agent

__all__ = [
    "ActionStats",
    "Agent",
    "FlatMonteCarloAgent",
    "MCTSAgent",
    "PolicyAgent",
    "RandomAgent",
    "SearchAgent",
    "SearchResult",
    "strongest_agent",
]
