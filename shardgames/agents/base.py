"""The `Agent` protocol and the simplest agent.

An agent chooses an action from what one seat may see: it receives a `View`, never the state, and a
random generator of its own (so a seeded match is reproducible whatever the agent does).

Examples:
    >>> import shardgames as sg
    >>> from embers import EmbersGame
    >>> _ = sg.register_game(EmbersGame)
    >>> state = sg.load_game("embers").new_initial_state(seed=2)
    >>> agent = sg.RandomAgent()
    >>> action = agent.act(state.view(state.current_player), sg.Rng(0))
    >>> action in state.legal_actions()
    True
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from shardgames.kernel.actions import Action
from shardgames.kernel.rng import Rng, RngLike, as_rng
from shardgames.kernel.views import View

if TYPE_CHECKING:
    from shardgames.kernel.game import Game

__all__ = ["Agent", "RandomAgent", "game_agent"]


@runtime_checkable
class Agent(Protocol):
    """Anything with a name and an ``act(view, rng)`` method returning one of ``view.legal_actions``.

    `play_match` and `tournament` pass each agent an `Rng` of its own. The built-in agents also take an
    int seed or a NumPy ``Generator`` (through `shardgames.kernel.rng.as_rng`), which your own agents can
    do the same way.
    """

    @property
    def name(self) -> str:
        """A short label for tables and match records."""
        ...

    def act(self, view: View, rng: Rng) -> Action:
        """Choose an action for the seat of `view` (it is that seat's turn)."""
        ...


class RandomAgent:
    """Chooses uniformly among the legal actions."""

    name = "random"

    def act(self, view: View, rng: RngLike) -> Action:
        """A uniformly random legal action (`rng`: an `Rng`, an int seed or a NumPy ``Generator``)."""
        return as_rng(rng).choice(view.legal_actions)

    def __repr__(self) -> str:
        return "RandomAgent()"


def game_agent(game: Game) -> type[Agent] | None:
    """The game's own heuristic agent (its package's ``GreedyAgent``), or ``None`` if it has none."""
    package = type(game).__module__.rpartition(".")[0] or type(game).__module__
    try:
        module = importlib.import_module(package)
    except ImportError:  # pragma: no cover - a game class always comes from an importable module
        return None
    found = getattr(module, "GreedyAgent", None)
    return found if isinstance(found, type) else None
