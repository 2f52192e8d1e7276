"""One match between agents, and its record.

`play_match` plays a game to the end with one agent per seat and returns a `MatchRecord`: the game
string, the seed, the agents' names, every action (chance outcomes included) and the returns. A record
is all it takes to reproduce the match: `MatchRecord.replay` rebuilds the final state exactly, and
records save to and load from JSON.

Examples:
    >>> import shardgames as sg
    >>> from embers import EmbersGame
    >>> _ = sg.register_game(EmbersGame)
    >>> record = sg.play_match("embers", [sg.RandomAgent(), sg.RandomAgent()], seed=5)
    >>> record.winner in (0, 1, None), record.replay().returns() == record.returns
    (True, True)
    >>> sg.MatchRecord.from_json(record.to_json()) == record
    True
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import attrs

from shardgames.agents.base import Agent
from shardgames.arena.replay_page import record_table, replay_page
from shardgames.kernel.actions import Action
from shardgames.kernel.errors import SerializationError, ShardGamesError, UsageError
from shardgames.kernel.game import Game, load_game
from shardgames.kernel.rng import Rng, derive_seed
from shardgames.kernel.serialize import (
    FORMAT_VERSION,
    action_from_data,
    action_to_data,
    check_header,
)
from shardgames.kernel.state import CHANCE, State
from shardgames.render.text import plural

__all__ = ["MatchRecord", "play_match"]


@attrs.frozen
class MatchRecord:
    """A match, usually finished: enough to replay it exactly.

    A record of a match stopped before its end (``finished`` false, as `shardgames play` saves when a
    player quits) replays to the position where it stopped; its returns are then all zero and its
    winner ``None``.

    Attributes:
        game: The game string (``str(game)``).
        seed: The seed the match was played with.
        agents: Each seat's agent name.
        history: Every action applied, chance outcomes and automatic moves included.
        returns: Each seat's final return.
        winner: The winning seat, or ``None``.
        finished: Whether the match was played to its end.
    """

    game: str
    seed: int
    agents: tuple[str, ...]
    history: tuple[Action, ...]
    returns: tuple[float, ...]
    winner: int | None
    finished: bool = True

    @property
    def length(self) -> int:
        """The number of actions applied (chance outcomes and automatic moves included)."""
        return len(self.history)

    def load_game(self) -> Game:
        """The game this match was played in."""
        return load_game(self.game)

    def replay(self) -> State:
        """The final state of the match, rebuilt from the seed and the history."""
        return self.load_game().replay(self.seed, self.history)

    def to_dict(self) -> dict[str, Any]:
        """The record as JSON-ready data."""
        game = self.load_game()
        data: dict[str, Any] = {
            "format": FORMAT_VERSION,
            "kind": "match",
            "game": self.game,
            "seed": self.seed,
            "agents": list(self.agents),
            "returns": list(self.returns),
            "winner": self.winner,
            "history": [action_to_data(game, a) for a in self.history],
        }
        if not self.finished:  # written only when false, so records of finished matches stay as they were
            data["finished"] = False
        return data

    def to_json(self, *, indent: int | None = None) -> str:
        """The record as JSON text."""
        return json.dumps(self.to_dict(), indent=indent)

    @classmethod
    def from_dict(cls, data: Any) -> MatchRecord:
        """Read back `to_dict` output.

        Raises:
            SerializationError: If the data is not a match record in a known format.
        """
        if not isinstance(data, dict) or not isinstance(data.get("game"), str):
            raise SerializationError("match record", ["expected an object with a game string"])
        game = load_game(data["game"])
        check_header(game, data, "match")
        if not isinstance(data.get("finished", True), bool):
            raise SerializationError("match record", ["finished must be true or false"])
        try:
            return cls(
                game=data["game"],
                seed=int(data["seed"]),
                agents=tuple(str(a) for a in data["agents"]),
                history=tuple(action_from_data(game, a) for a in data["history"]),
                returns=tuple(float(r) for r in data["returns"]),
                winner=None if data["winner"] is None else int(data["winner"]),
                finished=data.get("finished", True),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise SerializationError("match record", [f"{type(exc).__name__}: {exc}"]) from None

    @classmethod
    def from_json(cls, text: str) -> MatchRecord:
        """Read back `to_json` output."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise SerializationError("match record", [f"not valid JSON: {exc}"]) from None
        return cls.from_dict(data)

    def save(self, path: str | Path) -> None:
        """Write the record to a JSON file."""
        Path(path).write_text(self.to_json(indent=1) + "\n", encoding="utf-8")

    @classmethod
    def load(cls, path: str | Path) -> MatchRecord:
        """Read a record from a JSON file written by `save`."""
        return cls.from_json(Path(path).read_text(encoding="utf-8"))

    def to_html(self, seat: int | None = None) -> str:
        """The match as one self-contained HTML page that steps forwards and backwards through it.

        The page shows the table after every step, the step's action and events, the log and whose
        turn it is; it needs no network access. With `seat`, it shows the match as that seat saw it.
        See `shardgames.arena.replay_page`.

        Raises:
            ReplayError: If the record does not replay in its game.
            UsageError: If `seat` is not a seat of the game.
        """
        return replay_page(self, seat=seat)

    def save_html(self, path: str | Path, seat: int | None = None) -> None:
        """Write `to_html` to a file."""
        Path(path).write_text(self.to_html(seat=seat), encoding="utf-8")

    def _repr_html_(self) -> str:
        return record_table(self)

    def __str__(self) -> str:
        if not self.finished:
            return f"{self.game}, seed {self.seed}: unfinished after {plural(self.length, 'step')}"
        result = "a draw" if self.winner is None else f"seat {self.winner} ({self.agents[self.winner]}) won"
        return f"{self.game}, seed {self.seed}: {result} after {plural(self.length, 'step')}"


def play_match(game: Game | str, agents: Sequence[Agent], seed: int = 0) -> MatchRecord:
    """Play one match to the end, one agent per seat.

    Each agent gets its own generator derived from `seed` and its seat; in explicit-chance games,
    chance nodes are sampled from another generator derived from `seed`. The same game, agents and seed
    always give the same record.

    Args:
        game: A `Game` or a game string.
        agents: One agent per seat, seat 0 first.
        seed: The match seed.

    Returns:
        The `MatchRecord`.

    Raises:
        UsageError: If the number of agents does not match the number of seats.
        IllegalActionError: If an agent returns an illegal action (with a note naming the agent).
    """
    if isinstance(game, str):
        game = load_game(game)
    if len(agents) != game.num_players:
        seats, given = plural(game.num_players, "seat"), plural(len(agents), "agent")
        raise UsageError(f"{game} has {seats}: give one agent per seat, not {given}")
    state = game.new_initial_state(seed)
    chance_rng = Rng(derive_seed(seed, 0))
    agent_rngs = [Rng(derive_seed(seed, 1, seat)) for seat in range(game.num_players)]
    while not state.is_terminal():
        player = state.current_player
        if player == CHANCE:
            state.apply_action(state.sample_chance_outcome(chance_rng))
            continue
        action = agents[player].act(state.view(player), agent_rngs[player])
        try:
            state.apply_action(action)
        except ShardGamesError as exc:
            exc.add_note(f"chosen by agent {agents[player].name!r} in seat {player}")
            raise
    return MatchRecord(
        game=str(game),
        seed=seed,
        agents=tuple(a.name for a in agents),
        history=tuple(state.history),
        returns=state.returns(),
        winner=state.winner,
    )
