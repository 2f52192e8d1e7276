"""Checks that a state means something: every field against its game, every problem listed at once.

A state read from JSON or set up from a position is checked before anyone uses it, so that a bad
document is refused with a `DataError` naming each bad field instead of failing later, deep inside the
rules, with an `IndexError`. The kernel checks its own fields (the turn, the pending prompt's seat, the
tasks, the returns and the winner, the history and the events); each game checks its own fields, its
prompts and its tasks in the hook `State._problems`, with the helpers here.

Each problem names the field by its path in the state's JSON document (``data.hands[1].cards[3]`` for
a game field, ``prompt.player`` or ``tasks[0].seat`` for the kernel's), then says what is wrong and what
would be right.

Examples:
    >>> problems = Problems()
    >>> problems.int_in("data.active", 7, 0, 1)
    False
    >>> places = Places(problems, range(20).__contains__, "ids 0..19")
    >>> places.put("data.hand[0]", 3), places.put("data.deck[2]", 3), places.put("data.deck[3]", 99)
    (True, False, False)
    >>> for line in problems:
    ...     print(line)
    data.active: must be an int 0..1, not 7
    data.deck[2]: card 3 is also in data.hand[0]
    data.deck[3]: card 99 does not exist (ids 0..19)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator, Sequence, Sized
from typing import TYPE_CHECKING, Any

from shardgames.kernel.errors import ActionCodecError, DataError
from shardgames.kernel.events import GameEnded
from shardgames.kernel.state import CHANCE, Prompt, State
from shardgames.kernel.zones import EVERYONE, Hand, HiddenDeck

if TYPE_CHECKING:
    from shardgames.kernel.game import Game

__all__ = [
    "Places",
    "Problems",
    "check_state",
    "id_ranges",
    "kernel_problems",
    "outcome_problems",
    "state_problems",
]


class Problems:
    """A list of problems, with helpers that check one value and say what would be right.

    Each helper returns whether the value is good, so that checks that depend on it can be skipped.
    """

    def __init__(self) -> None:
        self.items: list[str] = []

    def __iter__(self) -> Iterator[str]:
        return iter(self.items)

    def __len__(self) -> int:
        return len(self.items)

    def add(self, path: str, message: str) -> bool:
        """Record that the field at `path` is wrong; returns ``False`` (the field is not good)."""
        self.items.append(f"{path}: {message}")
        return False

    def extend(self, problems: Iterable[str]) -> None:
        """Record problems found elsewhere."""
        self.items.extend(problems)

    def int_in(self, path: str, value: Any, low: int, high: int) -> bool:
        """Whether `value` is an int from `low` to `high` (both included)."""
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            return self.add(path, f"must be an int {low}..{high}, not {_short(value)}")
        return True

    def seat(self, path: str, value: Any, game: Game, *, also: Sequence[int] = ()) -> bool:
        """Whether `value` is a seat of `game` (or one of the special values `also`, e.g. ``-1``)."""
        n = game.num_players
        if isinstance(value, bool) or not isinstance(value, int) or not (0 <= value < n or value in also):
            extra = "".join(f" or {v}" for v in also)
            return self.add(path, f"must be a seat 0..{n - 1}{extra}, not {_short(value)}")
        return True

    def length(self, path: str, items: Sized, size: int, what: str = "items") -> bool:
        """Whether `items` has exactly `size` entries."""
        if len(items) != size:
            return self.add(path, f"must have {size} {what}, not {len(items)}")
        return True

    def at_most(self, path: str, items: Sized, size: int, what: str = "items") -> bool:
        """Whether `items` has at most `size` entries."""
        if len(items) > size:
            return self.add(path, f"can hold at most {size} {what}, not {len(items)}")
        return True

    def mask(self, path: str, value: int, game: Game) -> bool:
        """Whether `value` is a knowledge mask of `game`: `EVERYONE`, or one bit per seat."""
        if value != EVERYONE and not 0 <= value < 1 << game.num_players:
            return self.add(
                path, f"{_short(value)} is not a knowledge mask (-1, or 0..{(1 << game.num_players) - 1})"
            )
        return True

    def decider(self, prompt: Prompt, game: Game, *, chance: bool, what: str) -> bool:
        """Whether `prompt` is decided by a seat of `game`, or by chance exactly when `chance` says so.

        A seat that does not exist is the kernel's to report: it gives ``False`` without a problem.

        Args:
            prompt: The pending prompt.
            game: The game.
            chance: Whether this kind of decision is chance's.
            what: The decision in words, for the message.
        """
        if prompt.player != CHANCE and not 0 <= prompt.player < game.num_players:
            return False
        if chance != (prompt.player == CHANCE):
            return self.add("prompt.player", f"{what} is {'' if chance else 'not '}decided by chance")
        return True

    def bits(self, path: str, value: int, count: int) -> bool:
        """Whether `value` is a bit mask of `count` bits."""
        return self.int_in(path, value, 0, (1 << count) - 1)


class Places:
    """Where each card is, so that a card that does not exist, or is in two places, is caught.

    Args:
        problems: Where to record what is wrong.
        exists: Whether a card id belongs to the game.
        ids: The valid ids in words, for the messages (``"ids 0..59"``).
        owner_of: The seat owning a card, for zones that hold only their owner's cards.
    """

    def __init__(
        self,
        problems: Problems,
        exists: Callable[[int], bool],
        ids: str,
        owner_of: Callable[[int], int] | None = None,
    ) -> None:
        self.problems = problems
        self.exists = exists
        self.ids = ids
        self.owner_of = owner_of
        self.where: dict[int, str] = {}

    def put(self, path: str, card: int, owner: int | None = None) -> bool:
        """Record that `card` is at `path`, in a zone of seat `owner` (if the zone holds only its cards).

        Returns:
            Whether the card is good: ``False`` (and a problem) if it does not exist, belongs to another
            seat, or is somewhere else too.
        """
        problems = self.problems
        if isinstance(card, bool) or not isinstance(card, int) or not self.exists(card):
            return problems.add(path, f"card {_short(card)} does not exist ({self.ids})")
        if owner is not None and self.owner_of is not None and self.owner_of(card) != owner:
            return problems.add(path, f"card {card} belongs to seat {self.owner_of(card)}, not seat {owner}")
        first = self.where.get(card)
        if first is not None:
            return problems.add(path, f"card {card} is also in {first}")
        self.where[card] = path
        return True

    def put_all(self, path: str, cards: Iterable[int], owner: int | None = None) -> list[int]:
        """`put` each card of a list, numbering the paths; returns the good cards."""
        return [card for i, card in enumerate(cards) if self.put(f"{path}[{i}]", card, owner)]

    def hand(self, path: str, hand: Hand, owner: int, game: Game) -> list[int]:
        """Check the hand of seat `owner`: its owner, its cards and their knowledge masks.

        The owner knows every card of a hand. Returns the good cards.
        """
        problems = self.problems
        if hand.owner != owner:
            problems.add(f"{path}.owner", f"must be {owner}, the seat holding it, not {_short(hand.owner)}")
        for i, mask in enumerate(hand.known):
            if problems.mask(f"{path}.known[{i}]", mask, game) and not (mask >> owner) & 1:
                problems.add(f"{path}.known[{i}]", f"seat {owner} holds the card, so it must know it")
        return self.put_all(f"{path}.cards", hand.cards, owner)

    def deck(
        self, path: str, deck: HiddenDeck, owner: int, game: Game, kind_of: Callable[[int], int]
    ) -> list[int]:
        """Check the deck of seat `owner`: its owner, its cards, their kinds and knowledge masks.

        Returns the good cards.
        """
        problems = self.problems
        if deck.owner != owner:
            problems.add(f"{path}.owner", f"must be {owner}, the seat owning it, not {_short(deck.owner)}")
        for part in ("top_known", "bottom_known"):
            for i, mask in enumerate(getattr(deck, part)):
                problems.mask(f"{path}.{part}[{i}]", mask, game)
        good = self.put_all(f"{path}.top", deck.top, owner)
        for index, (kind, ids) in enumerate(deck.middle.items()):
            for i, card in enumerate(ids):
                where = f"{path}.middle[{index}][1][{i}]"
                if self.put(where, card, owner):
                    good.append(card)
                    if kind_of(card) != kind:
                        problems.add(where, f"card {card} is of kind {kind_of(card)}, not {_short(kind)}")
        return good + self.put_all(f"{path}.bottom", deck.bottom, owner)

    def nowhere(self, path: str, cards: Iterable[int]) -> None:
        """Record a problem for each of `cards` that is in no zone (when every card must be somewhere)."""
        for card in cards:
            if card not in self.where:
                self.problems.add(path, f"card {card} is in no zone (a card out of the game is listed here)")


def id_ranges(groups: Iterable[Sequence[int]]) -> str:
    """The card ids of consecutive groups (each seat's cards, say) for messages: ``"ids 0..39, 60..99"``."""
    return "ids " + ", ".join(f"{group[0]}..{group[-1]}" for group in groups if group)


def _short(value: Any) -> str:
    """A value for a message, shortened when it is long."""
    text = repr(value)
    return text if len(text) <= 40 else f"{text[:37]}..."


def kernel_problems(state: State, *, settled: bool = True) -> list[str]:
    """The problems of the kernel's fields of `state`.

    Args:
        state: The state to check.
        settled: Whether the state should be waiting for a decision (a state read from JSON). A state
            just set up from a position may instead have queued tasks that lead to its first decision.
    """
    game = state.game
    prompt, returns = state._prompt, state._returns
    problems = Problems()
    problems.extend(outcome_problems(game, state.turn, returns, state._winner))
    if prompt is not None:
        problems.seat("prompt.player", prompt.player, game, also=(CHANCE,))
    if returns is None:
        if prompt is None and (settled or not state._tasks):
            problems.add("prompt", "a game in progress needs a prompt (the pending decision)")
    else:
        if prompt is not None:
            problems.add("prompt", "a finished game has no pending decision")
        if state._tasks:
            problems.add("tasks", "a finished game has no queued tasks")
    for index, action in enumerate(state._history):
        try:
            game.codec.encode(action)
        except ActionCodecError as exc:
            problems.add(f"history[{index}]", str(exc))
        except Exception:  # an action too far out of range even to be written in the codec's message
            problems.add(f"history[{index}]", f"{type(action).__name__} is outside this game's action space")
    _check_events(problems, state)
    return problems.items


def outcome_problems(
    game: Game, turn: int | None, returns: Sequence[float] | None, winner: int | None
) -> list[str]:
    """The problems of the turn counter, the returns and the winner (``None``: not known, not checked).

    The returns are ``None`` while the game is in progress, and the winner is ``None`` unless a seat won.
    """
    problems = Problems()
    cap = game.turn_cap
    if turn is not None:
        if cap is not None:
            problems.int_in("turn", turn, 0, cap)
        elif turn < 0:
            problems.add("turn", f"must be an int >= 0, not {turn}")
    if winner is not None:
        problems.seat("winner", winner, game)
        if returns is None:
            problems.add("winner", "a game in progress has no winner yet; the winner needs returns")
    if returns is not None:
        _check_returns(problems, "", returns, winner, game)
    return problems.items


def _check_returns(
    problems: Problems, where: str, returns: Sequence[float], winner: int | None, game: Game
) -> None:
    """The returns at `where` (``""`` for the state's, ``"events[3]."`` for an event's), and its winner."""
    path = f"{where}returns"
    if not problems.length(path, returns, game.num_players, "returns (one per seat)"):
        return
    low, high = game.min_utility, game.max_utility
    good = True
    for seat, value in enumerate(returns):
        if not (math.isfinite(value) and low <= value <= high):
            good = problems.add(f"{path}[{seat}]", f"must be a number {low}..{high}, not {_short(value)}")
    if good and winner is not None and 0 <= winner < len(returns):
        best = max(returns)
        if returns[winner] != best or returns.count(best) > 1:
            problems.add(
                f"{where}winner",
                f"seat {winner} must have the highest return alone, returns are {list(returns)}",
            )


def _check_events(problems: Problems, state: State) -> None:
    """Each event can be shown to every seat, and the log's use of seats holds."""
    game = state.game
    for index, event in enumerate(state._events):
        path = f"events[{index}]"
        if isinstance(event, GameEnded):
            _check_returns(problems, f"{path}.", event.returns, event.winner, game)
            if event.winner is not None:
                problems.seat(f"{path}.winner", event.winner, game)
        field = event.private_field
        if field is not None and not problems.seat(f"{path}.{field}", getattr(event, field), game):
            continue
        try:
            str(event)  # as its own seat sees it, and every seat if it is public
            if field is not None:  # every other seat sees the same censored copy
                str(event.censor((getattr(event, field) + 1) % game.num_players))
        except Exception as exc:  # any failure means the event holds a value the game cannot show
            problems.add(path, f"cannot be shown ({type(exc).__name__}: {exc})")
    try:
        state.content_used()
    except Exception as exc:  # as above: the log names a seat or a card that does not exist
        problems.add("events", f"the log names something that does not exist ({type(exc).__name__}: {exc})")


def check_state(state: State, error: type[DataError], subject: str, *, settled: bool = True) -> None:
    """Check `state` against its game: the kernel's fields, then the game's own (`State._problems`).

    Args:
        state: The state, just read or set up.
        error: The error to raise (`SerializationError` for JSON, `PositionError` for positions).
        subject: What was read, for the message (``"state JSON"``, ``"sota position"``).
        settled: See `kernel_problems`.

    Raises:
        DataError: The `error` given, listing every problem found.
    """
    problems = state_problems(state, settled=settled)
    if problems:
        raise error(subject, problems)


def state_problems(state: State, *, settled: bool = True) -> list[str]:
    """Every problem of `state`: the kernel's fields (`kernel_problems`), then the game's own."""
    return [*kernel_problems(state, settled=settled), *state._problems()]
