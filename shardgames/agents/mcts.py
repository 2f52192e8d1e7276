"""`MCTSAgent`: information-set Monte Carlo tree search, for any game of the library.

The agent sees a `View`, never the state, so it searches over what its seat *knows*: single-observer
information-set MCTS (SO-ISMCTS; Cowling, Powley and Whitehouse, "Information Set Monte Carlo Tree
Search", IEEE TCIAIG 2012). Each iteration

1. **determinises**: deals the cards the seat cannot see at random, with `View.sample_state`;
2. **selects** down one tree shared by all determinisations, whose nodes are the sequences of player
   actions since the root (chance outcomes are not branched on: in a ``chance="auto"`` game the
   sampled state draws them itself, at an explicit chance node the agent draws one with
   `State.sample_chance_outcome`). At each node only the actions legal in this determinisation
   compete, by UCB1 with availability counts: an action's exploration term counts only the iterations
   in which it was legal;
3. **expands** one new node, for an action not tried before;
4. **plays out** the rest of the game: uniformly random legal actions, or any `Agent` given as
   ``rollout=`` (a game's ``GreedyAgent``, say), which then chooses from ``state.view(player)``;
5. **backs up** the returns: each node adds the return of the seat that chose it, so opponents
   choose by their own returns and any number of seats works.

The action played is the root action visited most often.
"""

from __future__ import annotations

import math
from time import perf_counter

from shardgames.agents.base import Agent
from shardgames.agents.search import ActionStats, SearchAgent, SearchResult, legal_of, playout
from shardgames.kernel.actions import Action
from shardgames.kernel.errors import UsageError
from shardgames.kernel.rng import Rng, RngLike, as_rng
from shardgames.kernel.state import CHANCE
from shardgames.kernel.views import View

__all__ = ["DEFAULT_SIMULATIONS", "MCTSAgent"]

DEFAULT_SIMULATIONS = 200
"""The iterations of a search when neither `simulations` nor `seconds` is given."""


class MCTSAgent(SearchAgent):
    """Information-set Monte Carlo tree search over determinisations of the agent's view.

    Works for every game, through the contract only. The same view and the same generator state give
    the same action whenever the budget is a number of `simulations` (with a `seconds` budget the
    number of iterations depends on the machine).

    Args:
        simulations: Iterations per decision. Defaults to `DEFAULT_SIMULATIONS` (200) when `seconds`
            is not given either.
        seconds: A time budget per decision. No iteration starts after it has run out (but one always
            runs). With both budgets, the search stops at whichever ends first.
        exploration: The UCB1 constant `c` in ``mean + c * sqrt(ln(available) / visits)``; the returns
            are between -1 and 1 in the library's games.
        rollout: The agent that plays each seat during playouts, from that seat's view; ``None``
            plays uniformly random legal actions (much faster).
        rollout_limit: The most player moves in a playout; a playout cut short counts as a draw
            (zeros for every seat). ``None`` plays to the end of the game.
        name: The agent's label in match records and tables.

    Raises:
        UsageError: If a budget is not positive, the rollout is not an agent or the limit is negative.

    Examples:
        >>> import shardgames as sg
        >>> from embers import EmbersGame
        >>> _ = sg.register_game(EmbersGame)
        >>> state = sg.load_game("embers").new_initial_state(seed=4)
        >>> view = state.view(state.current_player)
        >>> agent = sg.MCTSAgent(simulations=100)
        >>> action = agent.act(view, sg.Rng(0))
        >>> action in view.legal_actions
        True
        >>> agent.act(view, sg.Rng(0)) == action  # the same generator state, the same choice
        True
        >>> result = agent.search(view, sg.Rng(0))
        >>> result.action == action, result.iterations, sum(s.visits for s in result.actions)
        (True, 100, 100)
    """

    def __init__(
        self,
        simulations: int | None = None,
        *,
        seconds: float | None = None,
        exploration: float = math.sqrt(2),
        rollout: Agent | None = None,
        rollout_limit: int | None = None,
        name: str = "mcts",
    ) -> None:
        if simulations is None and seconds is None:
            simulations = DEFAULT_SIMULATIONS
        if simulations is not None and (isinstance(simulations, bool) or simulations < 1):
            raise UsageError(f"simulations must be a positive number of iterations, not {simulations!r}")
        if seconds is not None and not seconds > 0:
            raise UsageError(f"seconds must be a positive time budget, not {seconds!r}")
        if not exploration >= 0:
            raise UsageError(f"exploration must be >= 0, not {exploration!r}")
        super().__init__(rollout, rollout_limit, name)
        self.simulations = simulations
        self.seconds = seconds
        self.exploration = float(exploration)

    def search(self, view: View, rng: RngLike) -> SearchResult:
        """Search from `view` within the budget and report the root statistics (even for one action).

        Raises:
            UsageError: If it is not the view's seat to act.
        """
        legal = legal_of(view, self.name)
        rng = as_rng(rng)  # an Rng, an int seed or a NumPy Generator
        start = perf_counter()
        limit = self.simulations if self.simulations is not None else math.inf
        deadline = start + self.seconds if self.seconds is not None else math.inf
        root = _Node()
        iterations = 0
        while iterations < limit and (iterations == 0 or perf_counter() < deadline):
            self._iterate(root, view, rng)
            iterations += 1
        unvisited = _Node()
        stats = tuple(
            ActionStats(a, node.visits, node.total / node.visits if node.visits else 0.0)
            for a in legal
            for node in (root.children.get(a, unvisited),)
        )
        best = max(stats, key=lambda s: (s.visits, s.mean_return))  # the first of equals, in id order
        return SearchResult(best.action, iterations, perf_counter() - start, stats)

    def _iterate(self, root: _Node, view: View, rng: Rng) -> None:
        """One iteration: determinise, select, expand, play out, back up."""
        state = view.sample_state(rng)
        apply_unchecked = state.apply_action_unchecked
        c = self.exploration
        log, sqrt = math.log, math.sqrt
        node = root
        path: list[tuple[_Node, int]] = []  # each node taken, with the seat that chose it
        while not state.is_terminal():
            player = state.current_player
            if player == CHANCE:
                apply_unchecked(state.sample_chance_outcome(rng))
                continue
            legal = state.legal_actions()
            children = node.children
            untried = [a for a in legal if a not in children]
            if untried:  # expand one new node, then play out
                action = untried[rng.randrange(len(untried))] if len(untried) > 1 else untried[0]
                child = children[action] = _Node()
                for a in legal:
                    tried = children.get(a)
                    if tried is not None:
                        tried.available += 1
                apply_unchecked(action)
                path.append((child, player))
                break
            best_score = -math.inf
            child = node
            for a in legal:
                candidate = children[a]
                score = candidate.total / candidate.visits + c * sqrt(
                    log(candidate.available) / candidate.visits
                )
                if score > best_score:
                    best_score, action, child = score, a, candidate
            for a in legal:
                children[a].available += 1
            apply_unchecked(action)
            path.append((child, player))
            node = child
        returns = playout(state, rng, self.rollout, self.rollout_limit)
        for taken, player in path:
            taken.visits += 1
            taken.total += returns[player]

    def __repr__(self) -> str:
        budget = []
        if self.simulations is not None:
            budget.append(f"simulations={self.simulations}")
        if self.seconds is not None:
            budget.append(f"seconds={self.seconds}")
        if self.exploration != math.sqrt(2):
            budget.append(f"exploration={self.exploration}")
        if self.rollout is not None:
            budget.append(f"rollout={self.rollout!r}")
        if self.rollout_limit is not None:
            budget.append(f"rollout_limit={self.rollout_limit}")
        return f"MCTSAgent({', '.join(budget)})"


class _Node:
    """A node of the search tree: the statistics of the action that leads to it, and its children."""

    __slots__ = ("available", "children", "total", "visits")

    def __init__(self) -> None:
        self.children: dict[Action, _Node] = {}
        self.visits = 0
        self.total = 0.0  # the sum of the returns of the seat that chose the action
        self.available = 0  # iterations in which the action was legal when its parent was reached
