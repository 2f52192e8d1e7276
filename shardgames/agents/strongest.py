"""`strongest_agent`: the strongest player the library has for a game within a thinking time per move.

The library's players, from the quickest: random play, the game's own ``GreedyAgent`` (a rule of
thumb per decision, no search) and `MCTSAgent`, whose strength grows with its simulations. Given a
time per move, `strongest_agent` picks the search with as many simulations as the game's rated
speed (`Game.search_rate`) fits in that time, or the greedy agent when the time is too short for a
search to play better than it (``GreedyAgent.outplayed_at`` simulations, measured per game). The
choice depends on the game and the time only, never on the machine, so a tournament or an analysis
played with it gives the same results everywhere; on a slower machine it simply takes longer.

Examples:
    >>> import shardgames as sg
    >>> sota = sg.load_game("sota")
    >>> sg.strongest_agent(sota).name  # no time to think: the rule of thumb
    'greedy'
    >>> sota.search_rate
    5000
    >>> sg.strongest_agent(sota, 0.1).name  # a tenth of a second: 500 simulations
    'mcts:sims=500'
    >>> sg.strongest_agent(sg.load_game("tactics"), 0.1).name  # too short for a search in Tactics
    'greedy'
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from shardgames.agents.base import Agent, RandomAgent, game_agent
from shardgames.agents.mcts import MCTSAgent
from shardgames.kernel.errors import UsageError
from shardgames.kernel.heuristics import HeuristicAgent

if TYPE_CHECKING:
    from shardgames.kernel.game import Game

__all__ = ["strongest_agent"]


def strongest_agent(game: Game, seconds: float | None = None) -> Agent:
    """The strongest agent for `game` that thinks about `seconds` per move (no search without a time).

    The number of simulations is ``seconds * game.search_rate``, rounded down: the time is the
    time on a machine like the one that rated the game, and the agent is the same on every machine.

    Args:
        game: The game to play.
        seconds: The thinking time per move; ``None`` asks for an agent that does not search.

    Returns:
        An `MCTSAgent` with a simulations budget, named ``mcts:sims=N`` (the command-line spec of the
        same agent), when the time fits as many simulations as it takes to outplay the game's greedy
        agent (its ``outplayed_at``; any search, for a game without a greedy agent); otherwise the
        game's ``GreedyAgent``, or a `RandomAgent` for a game with neither a greedy agent nor time
        to search.

    Raises:
        UsageError: If `seconds` is not a positive, finite number.

    Examples:
        >>> import shardgames as sg
        >>> agent = sg.strongest_agent(sg.load_game("command"), 0.5)
        >>> agent.name, agent.simulations
        ('mcts:sims=1750', 1750)
    """
    if seconds is not None and (
        isinstance(seconds, bool) or not isinstance(seconds, int | float) or not 0 < seconds < math.inf
    ):
        raise UsageError(f"seconds must be a positive thinking time per move, not {seconds!r}")
    greedy = game_agent(game)
    simulations = 0 if seconds is None else int(seconds * game.search_rate)
    needed = 1 if greedy is None else getattr(greedy, "outplayed_at", HeuristicAgent.outplayed_at)
    if simulations >= needed:
        return MCTSAgent(simulations, name=f"mcts:sims={simulations}")
    return greedy() if greedy is not None else RandomAgent()
