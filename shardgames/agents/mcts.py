"""`MCTSAgent`: information-set Monte Carlo tree search, for any game of the library.

The agent sees a `View`, never the state, so it searches over what its seat *knows*: single-observer
information-set MCTS (SO-ISMCTS; Cowling, Powley and Whitehouse, "Information Set Monte Carlo Tree
Search", IEEE TCIAIG 2012). Each iteration

1. **determinises**: copies the next of a pool of deals of the cards the seat cannot see
   (`View.sample_state`; one deal when the view hides nothing), with a fresh generator for chance;
2. **selects** down one tree shared by all determinisations, whose nodes are the sequences of player
   actions since the root (chance outcomes are not branched on: in a ``chance="auto"`` game the
   sampled state draws them itself, at an explicit chance node the agent draws one with
   `State.sample_chance_outcome`). At each node only the actions legal in this determinisation
   compete, by UCB1 with availability counts (an action's exploration term counts only the
   iterations in which it was legal) plus a progressive bias toward the choice of a prior agent (by
   default the game's ``GreedyAgent``);
3. **expands** one new node (the prior's choice first), within progressive widening;
4. **scores** the new position with the game's evaluator (`Game.evaluate_all`), at once or after a
   few playout moves (random, by a ``rollout`` agent, or as the game's greedy agent asks), or plays
   the game out where there is no evaluator;
5. **backs up** every seat's value: each node adds the value of the seat that chose it, so
   opponents choose by their own values and any number of seats works.

The action played is the root action visited most often. No tree is kept between decisions, so the
same view, generator and simulations budget always give the same action, whoever asked before.
"""

from __future__ import annotations

import math
from concurrent.futures import ProcessPoolExecutor
from time import perf_counter
from typing import Literal

from shardgames.agents.base import Agent, game_agent
from shardgames.agents.search import ActionStats, SearchAgent, SearchResult, legal_of, playout
from shardgames.kernel.actions import Action
from shardgames.kernel.errors import UsageError
from shardgames.kernel.rng import Rng, RngLike, as_rng
from shardgames.kernel.state import CHANCE, State
from shardgames.kernel.views import View

__all__ = ["DEFAULT_DETERMINISATIONS", "DEFAULT_EXPLORATION", "DEFAULT_SIMULATIONS", "MCTSAgent"]

DEFAULT_SIMULATIONS = 200
"""The iterations of a search when neither `simulations` nor `seconds` is given."""

DEFAULT_EXPLORATION = 0.7
"""The default UCB1 constant: below the textbook sqrt(2), as estimates spread less than returns."""

DEFAULT_DETERMINISATIONS = 16
"""The default number of deals of the hidden cards per search."""

DEFAULT_PRIOR_WEIGHT = 1.0
"""The default progressive bias toward the prior's choice: ``weight * sqrt(N) / (visits + 1)``."""

DEFAULT_WIDENING = 0.5
"""The default progressive widening: a node visited ``n`` times has at most ``1 + n ** 0.5`` children."""

DEFAULT_PRIOR_VISITS = 8
"""The default number of visits after which a node below the root asks the prior for its choice."""


class MCTSAgent(SearchAgent):
    """Information-set Monte Carlo tree search over determinisations of the agent's view.

    Works for every game, through the contract only. The defaults are the library's strong search:
    each leaf is scored by the game's evaluator (`Game.evaluate_all`) right away, without a playout,
    over a pool of `determinisations` dealt once per search (a single one when the view hides
    nothing, as in Soulshards Tactics). The same view and the same generator state give the same
    action whenever the budget is a number of `simulations` (with a `seconds` budget the number of
    iterations depends on the machine).

    Args:
        simulations: Iterations per decision. Defaults to `DEFAULT_SIMULATIONS` (200) when `seconds`
            is not given either.
        seconds: A time budget per decision. No iteration starts after it has run out (but one always
            runs). With both budgets, the search stops at whichever ends first.
        exploration: The UCB1 constant `c` in ``mean + c * sqrt(ln(available) / visits)``; the returns
            are between -1 and 1 in the library's games, and evaluator estimates lie closer to 0.
        rollout: The agent that plays each seat during playouts, from that seat's view; ``None``
            plays uniformly random legal actions (much faster).
        rollout_limit: The most player moves a playout makes before its position is scored: by the
            game's evaluator with `evaluate` (0, the default, scores the new leaf itself), as a draw
            (zeros) without. ``None`` plays to the end of the game.
        game_playouts: With `rollout` and `rollout_limit` left as they are by default, let the game
            choose the playouts: its ``GreedyAgent`` plays ``GreedyAgent.playout_depth`` moves before
            the evaluation, where the game's greedy agent declares one (Soulshards Tactics: its
            evaluator reads threats as the board stands, not the ones a few moves make); other games
            score the leaf at once.
        evaluate: Score playouts cut by `rollout_limit` with `Game.evaluate_all`. A game without an
            evaluator then plays every playout to the end, whatever the limit.
        determinisations: How many deals of the hidden cards a search uses, dealt as the first
            iterations need them and then taken in turn (each iteration plays on a copy, with fresh
            chance). A view that hides nothing (`View.hides_nothing`) needs only one.
        prior: The agent whose choice at a node is expanded first and favoured by a progressive
            bias; ``"greedy"`` is the game's own ``GreedyAgent`` (none for a game without one).
        prior_weight: The bias: ``prior_weight * sqrt(N) / (visits + 1)`` added to the UCB1 score of
            the prior's choice at a node visited N times; 0 turns the prior off.
        prior_visits: The visits after which a node below the root asks the prior (the root asks
            at once): each ask builds a view and costs a decision of the prior.
        widening: Progressive widening: a node visited N times has at most ``1 + N ** widening``
            children; ``None`` tries every legal action before going deeper.
        workers: Root parallelism: that many processes grow separate trees (a share of the
            simulations each, or the whole time budget), whose root statistics are summed. Each
            search starts its processes, which costs a fraction of a second.
        name: The agent's label in match records and tables.

    Raises:
        UsageError: If a budget, the pool size, `prior_visits` or `workers` is not positive, the
            exploration constant or the prior weight is negative, the prior or the rollout is not
            an agent, the limit is negative, or the widening exponent is not between 0 and 1.

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

        Random playouts to the end of the game, as plain SO-ISMCTS does them:

        >>> sg.MCTSAgent(simulations=100, rollout_limit=None).act(view, sg.Rng(0)) in view.legal_actions
        True
    """

    def __init__(
        self,
        simulations: int | None = None,
        *,
        seconds: float | None = None,
        exploration: float = DEFAULT_EXPLORATION,
        rollout: Agent | None = None,
        rollout_limit: int | None = 0,
        evaluate: bool = True,
        game_playouts: bool = True,
        determinisations: int = DEFAULT_DETERMINISATIONS,
        prior: Agent | Literal["greedy"] | None = "greedy",
        prior_weight: float = DEFAULT_PRIOR_WEIGHT,
        prior_visits: int = DEFAULT_PRIOR_VISITS,
        widening: float | None = DEFAULT_WIDENING,
        workers: int = 1,
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
        if not _is_count(determinisations):
            raise UsageError(f"determinisations must be a positive number of deals, not {determinisations!r}")
        if prior is not None and prior != "greedy" and not isinstance(prior, Agent):
            raise UsageError(f"prior must be an Agent, 'greedy' or None, not {prior!r}")
        if not prior_weight >= 0:
            raise UsageError(f"prior_weight must be >= 0, not {prior_weight!r}")
        if not _is_count(prior_visits):
            raise UsageError(f"prior_visits must be a positive number of visits, not {prior_visits!r}")
        if widening is not None and not 0 < widening < 1:
            raise UsageError(f"widening must be None or an exponent between 0 and 1, not {widening!r}")
        if not _is_count(workers):
            raise UsageError(f"workers must be a positive number of processes, not {workers!r}")
        super().__init__(rollout, rollout_limit, name)
        self.workers = workers
        self.widening = widening
        self.simulations = simulations
        self.seconds = seconds
        self.exploration = float(exploration)
        self.evaluate = bool(evaluate)
        self.game_playouts = bool(game_playouts)
        self.determinisations = determinisations
        self.prior = prior
        self.prior_weight = float(prior_weight)
        self.prior_visits = prior_visits

    def _prior_agent(self, view: View) -> Agent | None:
        """The agent whose choices bias the search: `prior`, or the game's ``GreedyAgent`` for "greedy"."""
        if self.prior != "greedy":
            return self.prior
        found = game_agent(view.game)
        return None if found is None else found()

    def _playouts(self, view: View) -> tuple[Agent | None, int | None]:
        """The rollout agent and limit of a search from `view` (see `game_playouts`)."""
        if self.game_playouts and self.rollout is None and self.rollout_limit == 0:
            found = game_agent(view.game)
            depth = getattr(found, "playout_depth", 0)
            if found is not None and isinstance(depth, int) and depth > 0:
                return found(), depth
        return self.rollout, self.rollout_limit

    def search(self, view: View, rng: RngLike) -> SearchResult:
        """Search from `view` within the budget and report the root statistics (even for one action).

        Raises:
            UsageError: If it is not the view's seat to act.
        """
        legal = legal_of(view, self.name)
        rng = as_rng(rng)  # an Rng, an int seed or a NumPy Generator
        start = perf_counter()
        if self.workers == 1:
            iterations, root = self._grow(view, rng, self.simulations)
            counts = {a: (node.visits, node.total) for a, node in root.children.items()}
        else:
            counts, iterations = {}, 0
            shares = self._shares()
            seeds = [rng.spawn() for _ in shares]
            with ProcessPoolExecutor(len(shares)) as executor:
                for done, part in executor.map(
                    _grow_share, [self] * len(shares), [view] * len(shares), seeds, shares
                ):
                    iterations += done
                    for action, (visits, total) in part.items():
                        seen = counts.get(action, (0, 0.0))
                        counts[action] = (seen[0] + visits, seen[1] + total)
        stats = tuple(
            ActionStats(a, visits, total / visits if visits else 0.0)
            for a in legal
            for visits, total in (counts.get(a, (0, 0.0)),)
        )
        best = max(stats, key=lambda s: (s.visits, s.mean_return))  # the first of equals, in id order
        return SearchResult(best.action, iterations, perf_counter() - start, stats)

    def _shares(self) -> list[int | None]:
        """The simulations of each worker (``None``: a time budget only); never a worker without any."""
        if self.simulations is None:
            return [None] * self.workers
        base, extra = divmod(self.simulations, self.workers)
        return [base + (index < extra) for index in range(min(self.workers, self.simulations))]

    def _grow(self, view: View, rng: Rng, simulations: int | None) -> tuple[int, _Node]:
        """Grow one tree from `view` within `simulations` and the time budget: the iterations and root."""
        start = perf_counter()
        limit = simulations if simulations is not None else math.inf
        deadline = start + self.seconds if self.seconds is not None else math.inf
        pool_size = 1 if view.hides_nothing else self.determinisations
        pool: list[State] = []
        prior = self._prior_agent(view) if self.prior_weight > 0 else None
        playouts = self._playouts(view)
        root = _Node()
        iterations = 0
        while iterations < limit and (iterations == 0 or perf_counter() < deadline):
            if len(pool) < pool_size:
                pool.append(view.sample_state(rng, light=True))
            state = pool[iterations % pool_size].clone(light=True)
            state.reseed(rng.spawn())  # fresh chance on every iteration, from the search's generator
            self._iterate(root, state, rng, prior, playouts)
            iterations += 1
        return iterations, root

    def _iterate(
        self,
        root: _Node,
        state: State,
        rng: Rng,
        prior: Agent | None,
        playouts: tuple[Agent | None, int | None],
    ) -> None:
        """One iteration on a determinisation: select, expand, play out (or evaluate), back up."""
        apply_unchecked = state.apply_action_unchecked
        c, weight, widening = self.exploration, self.prior_weight, self.widening
        asked_after = self.prior_visits
        log, sqrt = math.log, math.sqrt
        node = root
        root.visits += 1
        path: list[tuple[_Node, int]] = []  # each node taken, with the seat that chose it
        while not state.is_terminal():
            player = state.current_player
            if player == CHANCE:
                apply_unchecked(state.sample_chance_outcome(rng))
                continue
            legal = state.legal_actions()
            children = node.children
            favourite = node.favourite
            if (
                prior is not None
                and favourite is None
                and (not path or node.visits >= asked_after)
                and len(legal) > 1
            ):
                favourite = node.favourite = prior.act(state.view(player), rng)
            tried = [a for a in legal if a in children]
            allowed = len(legal) if widening is None else 1 + int(node.visits**widening)
            if len(tried) < min(allowed, len(legal)):  # expand one new node (the prior's first)
                if favourite is not None and favourite not in children and favourite in legal:
                    action = favourite  # (asked in another deal, it may be illegal in this one)
                else:
                    untried = [a for a in legal if a not in children]
                    action = untried[rng.randrange(len(untried))] if len(untried) > 1 else untried[0]
                child = children[action] = _Node()
                child.available = 1
                for a in tried:
                    children[a].available += 1
                apply_unchecked(action)
                path.append((child, player))
                break
            best_score = -math.inf
            child = node
            bias = weight * sqrt(node.visits)
            for a in tried:
                candidate = children[a]
                score = candidate.total / candidate.visits + c * sqrt(
                    log(candidate.available) / candidate.visits
                )
                if a == favourite:
                    score += bias / (candidate.visits + 1)
                if score > best_score:
                    best_score, action, child = score, a, candidate
            for a in tried:
                children[a].available += 1
            apply_unchecked(action)
            path.append((child, player))
            node = child
        returns = playout(state, rng, *playouts, evaluate=self.evaluate)
        for taken, player in path:
            taken.visits += 1
            taken.total += returns[player]

    def __repr__(self) -> str:
        settings = [
            ("simulations", self.simulations, None),
            ("seconds", self.seconds, None),
            ("exploration", self.exploration, DEFAULT_EXPLORATION),
            ("rollout", self.rollout, None),
            ("rollout_limit", self.rollout_limit, 0),
            ("evaluate", self.evaluate, True),
            ("game_playouts", self.game_playouts, True),
            ("determinisations", self.determinisations, DEFAULT_DETERMINISATIONS),
            ("prior", self.prior, "greedy"),
            ("prior_weight", self.prior_weight, DEFAULT_PRIOR_WEIGHT),
            ("prior_visits", self.prior_visits, DEFAULT_PRIOR_VISITS),
            ("widening", self.widening, DEFAULT_WIDENING),
            ("workers", self.workers, 1),
        ]
        shown = ", ".join(f"{name}={value!r}" for name, value, default in settings if value != default)
        return f"MCTSAgent({shown})"


def _grow_share(
    agent: MCTSAgent, view: View, rng: Rng, simulations: int | None
) -> tuple[int, dict[Action, tuple[int, float]]]:
    """One worker's tree of a root-parallel search: its iterations and root statistics (visits, total)."""
    iterations, root = agent._grow(view, rng, simulations)
    return iterations, {a: (node.visits, node.total) for a, node in root.children.items()}


def _is_count(value: object) -> bool:
    """Whether `value` is an int above 0 (and not a bool)."""
    return isinstance(value, int) and not isinstance(value, bool) and value > 0


class _Node:
    """A node of the search tree: the statistics of the action that leads to it, and its children."""

    __slots__ = ("available", "children", "favourite", "total", "visits")

    def __init__(self) -> None:
        self.children: dict[Action, _Node] = {}
        self.favourite: Action | None = None  # the prior's choice here, once asked
        self.visits = 0
        self.total = 0.0  # the sum of the returns of the seat that chose the action
        self.available = 0  # iterations in which the action was legal when its parent was reached
