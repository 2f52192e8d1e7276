"""The frame of a game's own rule-of-thumb agent: one rule per phase, and a harmless move otherwise.

Each shipped game has a ``GreedyAgent`` in its ``heuristics`` module, a fast player that keeps to a
few rules of thumb. They decide alike, and `HeuristicAgent` is that common part: with a single legal
action it takes it; otherwise it looks up the rule for the phase of the pending prompt (`rule`),
gives it what the game's rules read (`reading`: the view itself, or a table sampled from it) and
the legal actions, and plays the action the rule chooses. When there is no rule for the phase, or
the rule chooses nothing legal, it plays the first of its `HARMLESS` actions that is legal (ending
the turn, passing), else the first legal action.

A game's agent is a subclass that says which rule serves which phase and, if its rules read more
than the view, what they read::

    class GreedyAgent(HeuristicAgent):
        HARMLESS = (EndTurn(),)

        def rule(self, phase: object) -> Rule | None:
            return _RULES.get(phase)

Examples:
    >>> import shardgames as sg
    >>> from embers import EmbersGame
    >>> _ = sg.register_game(EmbersGame)
    >>> class FirstAction(HeuristicAgent):
    ...     name = "first"
    >>> state = sg.load_game("embers").new_initial_state(seed=2)
    >>> FirstAction().act(state.view(state.current_player), 0) == state.legal_actions()[0]
    True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from shardgames.kernel.actions import Action
from shardgames.kernel.rng import Rng, RngLike, as_rng
from shardgames.kernel.views import View

__all__ = ["HeuristicAgent", "Rule"]

Rule = Callable[[Any, Sequence[Action]], Action | None]
"""A rule of thumb: from what it reads (see `HeuristicAgent.reading`) and the legal actions, an action or
``None`` when it has no preference."""


class HeuristicAgent:
    """A player that keeps to one rule of thumb per phase (see the module docstring).

    Attributes:
        name: The agent's label in tables and records (``"greedy"``).
        HARMLESS: The actions to fall back on, the first legal one first.
        playout_depth: How many of this agent's moves the default `MCTSAgent` plays from a leaf before
            it evaluates the position (0: it evaluates the leaf at once).
        outplayed_at: The simulations per move from which the default `MCTSAgent` plays better than
            this agent, as measured in whole games against it; `strongest_agent` chooses this agent
            when a thinking time fits fewer.
    """

    name = "greedy"
    HARMLESS: ClassVar[tuple[Action, ...]] = ()
    playout_depth: ClassVar[int] = 0
    outplayed_at: ClassVar[int] = 50

    def act(self, view: View, rng: RngLike) -> Action:
        """The action chosen for the view's seat (`rng`: an `Rng`, an int seed or a NumPy ``Generator``)."""
        rng = as_rng(rng)
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        rule = self.rule(getattr(view.prompt, "phase", None))
        choice = None if rule is None else rule(self.reading(view, rng), legal)
        if choice is not None and choice in legal:
            return choice
        return next((action for action in self.HARMLESS if action in legal), legal[0])

    def rule(self, phase: Any) -> Rule | None:
        """The rule for the prompt's phase, or ``None`` for a phase without one (none by default)."""
        return None

    def reading(self, view: View, rng: Rng) -> Any:
        """What the rules read: the view itself by default."""
        return view

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"
