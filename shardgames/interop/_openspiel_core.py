"""The engine side of the OpenSpiel adapter: a shardgames state plus what each seat remembers.

OpenSpiel clones a Python state by deep-copying its attributes and serialises it by pickling them. The
adapter therefore keeps everything in one attribute, a `Core`, whose deep copy is the engine's cheap
`State.clone`. Its pickle is the game string and the ids of the actions played (chance outcomes
included): every OpenSpiel state starts from `INITIAL_SEED` with explicit chance, so these replay it
exactly (`Game.replay`), and a SOTA game pickles in a few kilobytes. A state sampled for search cannot
be replayed (its hidden cards were dealt, not drawn), so it pickles as the engine's exact JSON. This
module does not import ``pyspiel``.

A seat's *recall* is its perfect-recall information state: every event of the game as that seat
may see it (`Event.censor`), with its own decisions in between. Its text grows with the game (to
hundreds of thousands of characters in a long SOTA game), so the core keeps its *digest* instead: a
SHA-256 chain over its lines (each line hashed with the digest before it), extended as the game goes.
Two recalls have the same digest only if they are the same, line for line (no collision of SHA-256
is known), and the digest is 64 characters however long the game. A state sampled for search starts
the recall of the seat it was sampled for from that seat's digest, so that seat's information state
is the same in the sample and grows in it as it would in the game.

A seat's *summary* is the fixed-size part of its information-state tensor: what it did and saw,
counted (`Summary`). It is kept like the digest, extended as the game goes and carried into a
sample, so a sample has the same summary for the seat it was sampled for.
"""

from __future__ import annotations

import bisect
import hashlib
import math
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from shardgames.kernel.actions import Action
from shardgames.kernel.events import Log
from shardgames.kernel.game import Game, load_game, replay_into
from shardgames.kernel.rng import Rng
from shardgames.kernel.state import State

__all__ = ["EVENTS_PER_DECISION", "INITIAL_SEED", "Core", "Step", "Summary"]

INITIAL_SEED = 0
"""The seed of every initial state the adapter makes. With explicit chance the state draws nothing
from it, but a replay needs the same one."""

Step = tuple[int, int, int]
"""One decision applied through the adapter: (seat, action id, number of events before it)."""

EVENTS_PER_DECISION = 16
"""The scale of the event counts of a summary: this many events per decision of the longest game."""


class Summary:
    """The layout of a seat's summary: counts of what it did and saw, each scaled into [0, 1].

    In order: for each family of player actions (`ActionCodec.families`), the seat's decisions of that
    family; for each of the game's event types (`Game.event_types`), the events of that type the seat
    has seen (every event, its hidden fields blanked), then the events of any other type; then all its
    decisions and all the events. A count n is written as ``log(1 + n) / log(1 + most)``, at most 1,
    where `most` is `Game.max_game_length` for decisions and `EVENTS_PER_DECISION` times it for events.
    """

    def __init__(self, game: Game) -> None:
        codec = game.codec
        rows = codec.describe()[: len(codec.families)]
        self.starts = [first for _, first, _, _ in rows]
        self.event_slot = {kind: len(rows) + number for number, kind in enumerate(game.event_types)}
        self.other = len(rows) + len(game.event_types)
        self.names = (
            *(f"decisions: {name}" for name, _, _, _ in rows),
            *(f"events: {kind.__name__}" for kind in game.event_types),
            "events: other",
            "decisions",
            "events",
        )
        most = max(game.max_game_length, 1)
        scale = [1 / math.log1p(most)] * len(rows) + [1 / math.log1p(EVENTS_PER_DECISION * most)] * (
            len(game.event_types) + 1
        )
        scale += [1 / math.log1p(most), 1 / math.log1p(EVENTS_PER_DECISION * most)]
        self.scale = np.array(scale, np.float64)

    @property
    def size(self) -> int:
        """The number of values."""
        return len(self.names)

    def scaled(self, counts: npt.NDArray[np.int64]) -> npt.NDArray[np.float32]:
        """The counts as the tensor holds them."""
        return np.minimum(np.log1p(counts) * self.scale, 1.0).astype(np.float32)


class Core:
    """A shardgames state with the decisions applied to it and each seat's recall.

    A clone plays on a light copy of the state (`State.clone`), keeping only the ids it applies, until
    something reads what a light copy lacks (the event log, the history, the recall): then it replays
    those ids on a full copy of the state it was cloned from. OpenSpiel's searches clone a state for
    every playout and read nothing but the legal actions, chance outcomes and returns on the way, so
    their playouts keep no event log; everything read from a core is the same as if it had kept one.

    Args:
        state: The engine state (loaded with ``chance="explicit"``).
        steps: The seats' decisions applied to `state` so far (shared with clones, append-only).
        prefixes: Per seat, the digest of its recall from before `state` began (non-empty only in
            sampled states).
    """

    __slots__ = (
        "_base",
        "_counts",
        "_pending",
        "_recall",
        "_snapshot",
        "_steps",
        "counted",
        "layout",
        "live",
        "prefixes",
    )

    def __init__(
        self,
        state: State,
        steps: Log[Step] | None = None,
        prefixes: Sequence[str] = (),
        counted: Sequence[Sequence[int]] = (),
    ) -> None:
        self.live = state
        self._steps: Log[Step] = Log() if steps is None else steps
        # A light core: the full state and steps it was cloned from (never changed again), and the
        # ids applied since; None for a full core.
        self._base: tuple[State, Log[Step]] | None = None
        self._pending: list[int] = []
        # A full core's frozen copy of itself, for its light clones; dropped when it applies an action.
        self._snapshot: tuple[State, Log[Step]] | None = None
        players = state.game.num_players
        self.prefixes: tuple[str, ...] = tuple(prefixes) or ("",) * players
        self.layout = Summary(state.game)
        # Per seat, the counts of its summary from before `state` began (non-zero only in samples)
        self.counted: tuple[tuple[int, ...], ...] = (
            tuple(tuple(c) for c in counted) or ((0,) * self.layout.size,) * players
        )
        # Per seat: (events read, steps read, recall digest so far); extended on demand.
        self._recall: list[tuple[int, int, str]] = [(0, 0, p) for p in self.prefixes]
        # Per seat: (events read, steps read, summary counts so far); extended on demand.
        self._counts: list[tuple[int, int, npt.NDArray[np.int64]]] = [
            (0, 0, np.array(c, np.int64)) for c in self.counted
        ]

    @property
    def state(self) -> State:
        """The full engine state, with its history and event log (`live` is the one being played)."""
        if self._base is not None:
            self._materialise()
        return self.live

    @property
    def steps(self) -> Log[Step]:
        """The seats' decisions applied so far: (seat, action id, number of events before it)."""
        if self._base is not None:
            self._materialise()
        return self._steps

    def _materialise(self) -> None:
        """Turn a light core into a full one: replay its ids on a full copy of its base."""
        assert self._base is not None
        base, steps = self._base
        pending = self._pending
        self.live, self._steps, self._base, self._pending = base.clone(), steps.fork(), None, []
        for action_id in pending:
            self.apply(action_id)

    # ------------------------------------------------------------------ copies

    def clone(self) -> Core:
        """An independent copy, light until read (see the class docstring); recall is shared."""
        other = Core.__new__(Core)
        if self._base is None:
            if self._snapshot is None:
                self._snapshot = (self.live.clone(), self._steps.fork())
            other._base, other._pending = self._snapshot, []
        else:
            other._base, other._pending = self._base, self._pending.copy()
        other.live = self.live.clone(light=True)
        other._steps = other._base[1]
        other._snapshot = None
        other.prefixes = self.prefixes
        other._recall = self._recall.copy()
        other.layout = self.layout
        other.counted = self.counted
        other._counts = self._counts.copy()  # the arrays are never changed in place: shared
        return other

    def __deepcopy__(self, memo: dict[int, Any]) -> Core:
        return self.clone()

    def __reduce__(self) -> tuple[Callable[..., Core], tuple[Any, ...]]:
        state = self.state
        game = state.game
        if not any(self.prefixes):  # played from an initial state: its actions replay it
            return (_replay, (str(game), [game.encode(action) for action in state.history]))
        counted = [list(c) for c in self.counted]
        return (_restore, (str(game), state.to_json(), list(self._steps), self.prefixes, counted))

    # ------------------------------------------------------------------ acting

    def apply(self, action: Action | int) -> None:
        """Apply an engine action or id (player action or chance outcome) and record a seat's decision.

        Raises:
            IllegalActionError: If the action is not legal now; nothing is applied or recorded.
        """
        live = self.live
        if self._base is not None:  # light: the id is all a replay needs
            live.apply_action(action)
            self._pending.append(action if isinstance(action, int) else live.game.encode(action))
            return
        self._snapshot = None
        player, before = live.current_player, len(live.events)
        live.apply_action(action)
        if player >= 0:
            action_id = action if isinstance(action, int) else live.game.encode(action)
            self._steps.append((player, action_id, before))

    # ------------------------------------------------------------------ information

    def recall_lines(self, player: int, events_read: int = 0, steps_read: int = 0) -> list[str]:
        """What `player` has observed, in order: censored events and its own decisions (``> action``).

        From the given numbers of events and steps on (from the start of `state` by default); the
        recall from before a sampled state began is known only by its digest.
        """
        events, steps, decode = self.state.events, self.steps, self.state.game.decode
        lines: list[str] = []
        for seat, action_id, before in steps[steps_read:]:
            lines.extend(str(e.censor(player)) for e in events[events_read:before])
            events_read = max(events_read, before)
            if seat == player:
                lines.append(f"> {decode(action_id)}")
        lines.extend(str(e.censor(player)) for e in events[events_read:])
        return lines

    def recall(self, player: int) -> str:
        """The digest of everything `player` has observed so far (see the module docstring)."""
        events_read, steps_read, digest = self._recall[player]
        events, steps = self.state.events, self.steps
        if events_read == len(events) and steps_read == len(steps):
            return digest
        for line in self.recall_lines(player, events_read, steps_read):
            digest = hashlib.sha256(f"{digest}\n{line}".encode()).hexdigest()
        self._recall[player] = (len(events), len(steps), digest)
        return digest

    def counts(self, player: int) -> npt.NDArray[np.int64]:
        """The counts of `player`'s summary (`Summary`): its decisions by family, the events by type."""
        events_read, steps_read, counts = self._counts[player]
        events, steps = self.state.events, self.steps
        if events_read == len(events) and steps_read == len(steps):
            return counts
        counts = counts.copy()
        layout, starts = self.layout, self.layout.starts
        for seat, action_id, _ in steps[steps_read:]:
            if seat == player:
                counts[bisect.bisect_right(starts, action_id) - 1] += 1
                counts[-2] += 1
        slot, other = layout.event_slot, layout.other
        for event in events[events_read:]:
            counts[slot.get(type(event), other)] += 1
        counts[-1] += len(events) - events_read
        self._counts[player] = (len(events), len(steps), counts)
        return counts

    def information_state_tensor(self, player: int) -> npt.NDArray[np.float32]:
        """`player`'s observation tensor, flattened, then its summary (see the module docstring)."""
        observation = self.state.observation_tensor(player).reshape(-1)
        return np.concatenate([observation, self.layout.scaled(self.counts(player))])

    def information_state_string(self, player: int) -> str:
        """The perfect-recall information state of `player`: its recall's digest, then what it sees now."""
        state = self.state
        lines = [f"recall {self.recall(player)}", "--", str(state.view(player))]
        if state.current_player == player:
            encode = state.game.encode
            lines.append("legal: " + " ".join(str(encode(a)) for a in state.legal_actions()))
        return "\n".join(lines)

    def resampled(self, player: int, rng: Rng) -> Core:
        """A state `player` cannot tell from this one: every card it does not know dealt at random.

        The sample keeps `player`'s recall; the other seats start it with none (whatever they
        remembered depended on cards the sample has dealt again).
        """
        sample = self.state.view(player).sample_state(rng)
        prefixes = [""] * self.state.game.num_players
        prefixes[player] = self.recall(player)
        counted = [[0] * self.layout.size for _ in prefixes]
        counted[player] = [int(n) for n in self.counts(player)]
        return Core(sample, prefixes=prefixes, counted=counted)


def _replay(game_string: str, history: list[int]) -> Core:
    """The core that played `history` from its initial state, each seat's decision recorded again.

    Raises:
        ReplayError: If an action is illegal or the game diverges from `history` (`replay_into`).
    """
    core = Core(load_game(game_string).new_initial_state(INITIAL_SEED))
    replay_into(core.state, history, core.apply)
    return core


def _restore(
    game_string: str,
    state_json: str,
    steps: list[Step],
    prefixes: tuple[str, ...],
    counted: Sequence[Sequence[int]] = (),
) -> Core:
    game: Game = load_game(game_string)
    return Core(game.state_from_json(state_json), Log(steps), prefixes, counted)
