"""What the search agents share: their results, their rollout settings and `act`, and playing a state out."""

from __future__ import annotations

import attrs

from shardgames.agents.base import Agent
from shardgames.kernel.actions import Action
from shardgames.kernel.errors import UsageError
from shardgames.kernel.rng import Rng, RngLike
from shardgames.kernel.state import CHANCE, State
from shardgames.kernel.views import View

__all__ = ["ActionStats", "SearchAgent", "SearchResult", "check_rollout", "legal_of", "playout"]


def playout(
    state: State, rng: Rng, rollout: Agent | None, limit: int | None, *, evaluate: bool = False
) -> tuple[float, ...]:
    """Play `state` on (in place) and return its returns (or an estimate, if cut after `limit` moves).

    Chance nodes of an explicit-chance game are sampled from `rng`; in automatic mode the state samples
    them itself. Without a `rollout` agent every seat plays uniformly at random; with one, the agent
    chooses for every seat from that seat's view. A playout cut at `limit` scores zeros for every seat
    (a draw), or, with `evaluate`, the game's estimate `Game.evaluate_all`; with `evaluate` a game
    without an evaluator ignores the limit and plays to the end.
    """
    steps = 0
    apply_unchecked = state.apply_action_unchecked
    game = state.game
    if evaluate and not game.has_evaluator:
        limit = None
    while not state.is_terminal():
        if limit is not None and steps >= limit:
            return game.evaluate_all(state) if evaluate else (0.0,) * game.num_players
        player = state.current_player
        if player == CHANCE:
            apply_unchecked(state.sample_chance_outcome(rng))
            continue
        if rollout is None:
            legal = state.legal_actions()
            apply_unchecked(legal[rng.randrange(len(legal))])
        else:
            state.apply_action(rollout.act(state.view(player), rng))  # checked: the agent is not ours
        steps += 1
    return state.returns()


def legal_of(view: View, agent: str) -> tuple[Action, ...]:
    """The view's legal actions, or a `UsageError` naming `agent` if the seat is not to act."""
    if not view.legal_actions:
        raise UsageError(
            f"{agent} was asked to act for seat {view.player}, which has no legal actions "
            f"(current player: {view.current_player})"
        )
    return view.legal_actions


def check_rollout(rollout: object, rollout_limit: int | None) -> None:
    """Raise `UsageError` for a rollout policy that is not an agent or a negative step limit."""
    if rollout is not None and not isinstance(rollout, Agent):
        raise UsageError(f"rollout must be an Agent (with name and act(view, rng)) or None, not {rollout!r}")
    if rollout_limit is not None and (isinstance(rollout_limit, bool) or rollout_limit < 0):
        raise UsageError(f"rollout_limit must be None or a number of steps >= 0, not {rollout_limit!r}")


class SearchAgent:
    """The part the search agents share: a rollout policy, a name, and `act`, which searches.

    Subclasses write `search`; `act` plays the action it prefers, or the only legal action as it is.

    Raises:
        UsageError: If the rollout is not an agent or the rollout limit is negative.
    """

    def __init__(self, rollout: Agent | None, rollout_limit: int | None, name: str) -> None:
        check_rollout(rollout, rollout_limit)
        self.rollout = rollout
        self.rollout_limit = rollout_limit
        self.name = name

    def act(self, view: View, rng: RngLike) -> Action:
        """The action the search prefers (the only legal action, without a search).

        Raises:
            UsageError: If it is not the view's seat to act.
        """
        legal = legal_of(view, self.name)
        return legal[0] if len(legal) == 1 else self.search(view, rng).action

    def search(self, view: View, rng: RngLike) -> SearchResult:
        """Search from `view` and report what was learnt about each legal action (hook)."""
        raise NotImplementedError


@attrs.frozen
class SearchResult:
    """The outcome of one search: the chosen action and the statistics behind it.

    Attributes:
        action: The action chosen.
        iterations: The iterations (MCTS) or playouts (flat Monte Carlo) run.
        seconds: The wall-clock time the search took.
        actions: The statistics of every legal action, in the view's order.
    """

    action: Action
    iterations: int
    seconds: float
    actions: tuple[ActionStats, ...]


@attrs.frozen
class ActionStats:
    """What a search learnt about one of the root actions.

    Attributes:
        action: The action.
        visits: The iterations (or playouts) that began with it.
        mean_return: The mean return of the searching seat over those iterations (0.0 if none).
    """

    action: Action
    visits: int
    mean_return: float
