"""The table of Shard Command's rules functions, which each rules module fills where it writes them.

`handlers` is the game's `shardgames.kernel.handlers.Handlers`: the setup, the legal actions of each
decision `Phase`, the function that applies each action class, the one that runs each queued task and
the explanation of illegal actions. `shardgames.command.flow`, `~shardgames.command.play`,
`~shardgames.command.combat` and `~shardgames.command.resolve` register their functions with its
decorators; the state looks them up, so it imports none of those modules, and the game module imports
them all, so that the table is complete once the game is loaded.
"""

from __future__ import annotations

from shardgames.command.phases import Phase
from shardgames.kernel.handlers import Handlers

__all__ = ["handlers"]

handlers: Handlers[Phase] = Handlers("command")
"""Shard Command's rules functions, by phase, action class and task class."""
