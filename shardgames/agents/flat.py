"""`FlatMonteCarloAgent`: determinised playouts of every legal action, without a tree.

The simplest search worth having, and a baseline for `MCTSAgent`: every legal action gets the same
number of playouts; each round deals one determinisation of the agent's view (`View.sample_state`),
tries every action on a copy of it and plays each copy out (all actions of a round meet the same
hidden cards, and, in a ``chance="auto"`` game, the same chance stream). The action with the best
mean return is played.

Examples:
    >>> import shardgames as sg
    >>> from embers import EmbersGame
    >>> _ = sg.register_game(EmbersGame)
    >>> state = sg.load_game("embers").new_initial_state(seed=4)
    >>> view = state.view(state.current_player)
    >>> result = sg.FlatMonteCarloAgent(simulations=40).search(view, sg.Rng(0))
    >>> len(view.legal_actions), [s.visits for s in result.actions]
    (4, [10, 10, 10, 10])
"""

from __future__ import annotations

import time

from shardgames.agents.base import Agent
from shardgames.agents.search import ActionStats, SearchAgent, SearchResult, legal_of, playout
from shardgames.kernel.errors import UsageError
from shardgames.kernel.rng import RngLike, as_rng
from shardgames.kernel.views import View

__all__ = ["FlatMonteCarloAgent"]


class FlatMonteCarloAgent(SearchAgent):
    """Flat Monte Carlo: equally many determinised playouts per legal action; the best mean wins.

    Deterministic for a given view and generator state.

    Args:
        simulations: The playouts per decision, shared equally among the legal actions (each action
            gets ``simulations // len(legal)`` of them, and at least one).
        rollout: The agent that plays each seat during playouts, from that seat's view; ``None``
            plays uniformly random legal actions.
        rollout_limit: The most player moves in a playout after the action tried; a playout cut
            short counts as a draw (zeros). ``None`` plays to the end of the game.
        name: The agent's label in match records and tables.

    Raises:
        UsageError: If `simulations` is not positive, the rollout is not an agent or the limit is
            negative.
    """

    def __init__(
        self,
        simulations: int = 100,
        rollout: Agent | None = None,
        *,
        rollout_limit: int | None = None,
        name: str = "flat-mc",
    ) -> None:
        if isinstance(simulations, bool) or simulations < 1:
            raise UsageError(f"simulations must be a positive number of playouts, not {simulations!r}")
        super().__init__(rollout, rollout_limit, name)
        self.simulations = simulations

    def search(self, view: View, rng: RngLike) -> SearchResult:
        """Play every legal action out equally often and report each one's mean return.

        Raises:
            UsageError: If it is not the view's seat to act.
        """
        legal = legal_of(view, self.name)
        rng = as_rng(rng)  # an Rng, an int seed or a NumPy Generator
        start = time.perf_counter()
        player = view.player
        rounds = max(1, self.simulations // len(legal))
        totals = [0.0] * len(legal)
        for _ in range(rounds):
            dealt = view.sample_state(rng)
            for index, action in enumerate(legal):
                state = dealt.clone()
                state.apply_action_unchecked(action)
                totals[index] += playout(state, rng, self.rollout, self.rollout_limit)[player]
        stats = tuple(ActionStats(a, rounds, total / rounds) for a, total in zip(legal, totals, strict=True))
        best = max(stats, key=lambda s: s.mean_return)  # the first of equals, in id order
        return SearchResult(best.action, rounds * len(legal), time.perf_counter() - start, stats)

    def __repr__(self) -> str:
        extra = "" if self.rollout is None else f", rollout={self.rollout!r}"
        if self.rollout_limit is not None:
            extra += f", rollout_limit={self.rollout_limit}"
        return f"FlatMonteCarloAgent(simulations={self.simulations}{extra})"
