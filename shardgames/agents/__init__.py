"""Agents: programs that choose actions from a seat's view. They use the common contract only."""

from shardgames.agents.base import Agent, RandomAgent

__all__ = ["Agent", "RandomAgent"]
