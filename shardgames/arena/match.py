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
import math
import reprlib
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs

from shardgames.agents.base import Agent
from shardgames.arena.errors import AgentError
from shardgames.arena.replay_page import record_table, replay_page
from shardgames.kernel.actions import Action
from shardgames.kernel.datafiles import (
    DOCUMENT_LIMIT,
    parse_json,
    read_text,
    size_problems,
    stop_checking,
    write_text_atomic,
)
from shardgames.kernel.errors import DataError, SerializationError, ShardGamesError, UsageError
from shardgames.kernel.game import Game, load_game
from shardgames.kernel.rng import SEED_LIMIT, Rng, derive_seed
from shardgames.kernel.serialize import (
    FORMAT_VERSION,
    action_from_data,
    action_to_data,
    check_header,
)
from shardgames.kernel.state import CHANCE, State
from shardgames.render.text import plural

__all__ = ["RECORD_STEP_LIMIT", "MatchRecord", "play_match"]

RECORD_STEP_LIMIT = 1_000_000
"""The most steps a match record read back may hold (a game of the shipped games takes a few thousand)."""


@attrs.frozen
class MatchRecord:
    """A match, usually finished: enough to replay it exactly.

    A record of a match stopped before its end (``finished`` false, as `shardgames play` saves when a
    player quits, and as `AgentError` carries when an agent fails) replays to the position where it
    stopped; its returns are then all zero and its winner ``None``.

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
        """Read back `to_dict` output, checking every field against the record's game.

        The game string must load; the seed is an int from 0 to 2**64 - 1; there is one agent name
        and one return (a number between the game's lowest and highest) per seat; the winner is a
        seat or ``None``; every step of the history is an action or action id of the game, at most
        `RECORD_STEP_LIMIT` of them. Whether the history replays is `replay`'s to say.

        Raises:
            SerializationError: Listing every problem (checking stops at
                `shardgames.kernel.datafiles.PROBLEM_LIMIT`).
        """
        return _record_from_data(data, "match record")

    @classmethod
    def from_json(cls, text: str | bytes) -> MatchRecord:
        """Read back `to_json` output (at most `shardgames.kernel.datafiles.DOCUMENT_LIMIT` long).

        Raises:
            SerializationError: If the text cannot be read as JSON or does not hold a match record
                (see `from_dict`).
        """
        return _record_from_data(parse_json(text, SerializationError, "match record"), "match record")

    def save(self, path: str | Path) -> Path:
        """Write the record to a JSON file, whole or not at all, and return its path.

        The file is written beside its place and renamed into it (see
        `shardgames.kernel.datafiles.write_text_atomic`): a write that fails part-way leaves whatever
        was at `path` as it was.

        Raises:
            WriteError: If the file cannot be written; it names the path.
        """
        return write_text_atomic(path, self.to_json(indent=1) + "\n")

    @classmethod
    def load(cls, path: str | Path) -> MatchRecord:
        """Read a record from a JSON file written by `save`.

        Raises:
            SerializationError: Naming the file, if it is missing, a folder, not UTF-8 text, larger
                than `shardgames.kernel.datafiles.DOCUMENT_LIMIT`, not JSON, or not a match record
                (see `from_dict`).
        """
        subject = str(path)
        text = read_text(path, SerializationError, limit=DOCUMENT_LIMIT)
        return _record_from_data(parse_json(text, SerializationError, subject), subject)

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

    def save_html(self, path: str | Path, seat: int | None = None) -> Path:
        """Write `to_html` to a file, whole or not at all (as `save` does), and return its path.

        Raises:
            ReplayError: If the record does not replay in its game.
            UsageError: If `seat` is not a seat of the game.
            WriteError: If the file cannot be written; it names the path.
        """
        return write_text_atomic(path, self.to_html(seat=seat))

    def _repr_html_(self) -> str:
        return record_table(self)

    def __str__(self) -> str:
        if not self.finished:
            return f"{self.game}, seed {self.seed}: unfinished after {plural(self.length, 'step')}"
        result = "a draw" if self.winner is None else f"seat {self.winner} ({self.agents[self.winner]}) won"
        return f"{self.game}, seed {self.seed}: {result} after {plural(self.length, 'step')}"


def _problems_of(exc: ShardGamesError) -> tuple[str, ...]:
    return exc.problems if isinstance(exc, DataError) else (str(exc),)


def _record_game(data: Any, subject: str) -> Game:
    if not isinstance(data, Mapping):
        raise SerializationError(subject, [f"expected a JSON object, not {type(data).__name__}"])
    spec = data.get("game")
    if not isinstance(spec, str):
        wrong = reprlib.repr(spec)
        raise SerializationError(subject, [f"game: must be a game string such as 'sota', not {wrong}"])
    try:
        return load_game(spec)
    except ShardGamesError as exc:
        raise SerializationError(subject, [f"game: {problem}" for problem in _problems_of(exc)]) from None


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


def _field_problems(game: Game, data: Mapping[str, Any]) -> list[str]:
    """The problems of a record's seed, agents, returns, winner and finished flag."""
    seats = game.num_players
    problems = []
    seed = data.get("seed")
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < SEED_LIMIT:
        problems.append(f"seed: must be an int from 0 to 2**64 - 1, not {reprlib.repr(seed)}")
    agents = data.get("agents")
    if not (isinstance(agents, list) and len(agents) == seats and all(isinstance(a, str) for a in agents)):
        problems.append(f"agents: must be a list of {seats} names, one per seat, not {reprlib.repr(agents)}")
    else:
        problems += [f"agents{problem}" for problem in size_problems(agents)]
    returns = data.get("returns")
    low, high = game.min_utility, game.max_utility
    if not (isinstance(returns, list) and len(returns) == seats and all(map(_is_number, returns))):
        wrong = reprlib.repr(returns)
        problems.append(f"returns: must be a list of {seats} numbers, one per seat, not {wrong}")
        returns = None
    elif not all(low <= r <= high for r in returns):
        problems.append(f"returns: each is between {low} and {high} in {game.name}, not {returns}")
    winner = data.get("winner")
    is_seat = isinstance(winner, int) and not isinstance(winner, bool) and 0 <= winner < seats
    if "winner" not in data:
        problems.append(f"winner: missing; it is a seat from 0 to {seats - 1}, or null for a draw")
    elif winner is not None and not is_seat:
        problems.append(f"winner: must be a seat from 0 to {seats - 1} or null, not {reprlib.repr(winner)}")
    finished = data.get("finished", True)
    if not isinstance(finished, bool):
        problems.append(f"finished: must be true or false, not {reprlib.repr(finished)}")
    elif not finished and (is_seat or any(returns or ())):
        problems.append("finished: a match stopped before its end has no winner and returns of 0")
    return problems


def _history(game: Game, raw: Any, problems: list[str]) -> tuple[Action, ...]:
    """The actions of a record's history; the problems of its steps go to `problems`."""
    if not isinstance(raw, list):
        problems.append(f"history: must be a list of actions, not {reprlib.repr(raw)}")
        return ()
    if len(raw) > RECORD_STEP_LIMIT:
        problems.append(f"history: {len(raw):,} steps, more than the limit of {RECORD_STEP_LIMIT:,}")
        return ()
    history = []
    for index, item in enumerate(raw):
        if stop_checking(problems):
            break
        if isinstance(item, bool) or not isinstance(item, dict | int):
            wrong = reprlib.repr(item)
            problems.append(f"history[{index}]: must be an action or an action id, not {wrong}")
            continue
        try:
            history.append(action_from_data(game, item))
        except ShardGamesError as exc:
            problems += [f"history[{index}]: {problem}" for problem in _problems_of(exc)]
    return tuple(history)


def _record_from_data(data: Any, subject: str) -> MatchRecord:
    game = _record_game(data, subject)
    try:
        check_header(game, data, "match")
        problems = []
    except SerializationError as exc:
        problems = list(exc.problems)
    problems += _field_problems(game, data)
    history = _history(game, data.get("history"), problems)
    if problems:
        raise SerializationError(subject, problems)
    winner = data["winner"]
    return MatchRecord(
        game=data["game"],
        seed=data["seed"],
        agents=tuple(data["agents"]),
        history=history,
        returns=tuple(float(r) for r in data["returns"]),
        winner=winner,
        finished=data.get("finished", True),
    )


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
        AgentError: If an agent raises an exception or returns an action that is not legal: it names
            the agent and its seat, chains the agent's exception, and carries the match so far.

    Examples:
        >>> import shardgames as sg
        >>> class Broken:
        ...     name = "broken"
        ...
        ...     def act(self, view, rng):
        ...         raise RuntimeError("out of ideas")
        >>> sg.play_match("tactics", [sg.RandomAgent(), Broken()], seed=1)
        Traceback (most recent call last):
        ...
        shardgames.arena.errors.AgentError: agent 'broken' in seat 1 failed after ... steps: RuntimeError: ...
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
        failure = _take_turn(state, agents[player], agent_rngs[player])
        if failure is not None:
            reason = f"{type(failure).__name__}: {failure}"
            record = _record(game, seed, agents, state, finished=False)
            raise AgentError(agents[player].name, player, reason, record) from failure
    return _record(game, seed, agents, state, finished=True)


def _take_turn(state: State, agent: Agent, rng: Rng) -> Exception | None:
    """Apply the agent's choice for the seat to act; what the agent did wrong, if it failed."""
    view = state.view(state.current_player)
    try:
        action = agent.act(view, rng)
    except Exception as exc:  # whatever the agent raises is the agent's failure
        return exc
    try:
        state.apply_action(action)
    except ShardGamesError as exc:  # an illegal action, or not an action of this game at all
        return exc
    return None


def _record(game: Game, seed: int, agents: Sequence[Agent], state: State, *, finished: bool) -> MatchRecord:
    return MatchRecord(
        game=str(game),
        seed=seed,
        agents=tuple(a.name for a in agents),
        history=tuple(state.history),
        returns=state.returns() if finished else (0.0,) * game.num_players,
        winner=state.winner if finished else None,
        finished=finished,
    )
