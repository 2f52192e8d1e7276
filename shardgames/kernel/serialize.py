"""JSON for states, actions, events and match records: one cattrs converter per game.

Serialisation stays out of the domain classes. For each game the kernel builds one `cattrs.Converter`
with tagged unions for the game's actions, events, prompts and tasks (the tag is the class name, in the
key ``"type"``), hooks for the kernel's own types (the generator, hidden decks, hands), and whatever the
game adds in `Game.configure_converter`. Every document carries a format version and the game string,
and reading checks both; a state read back is also checked against its game (`shardgames.kernel.checks`)
before it is returned, and every problem found is listed in one `SerializationError`.

Examples:
    >>> import shardgames as sg
    >>> from embers import EmbersGame
    >>> _ = sg.register_game(EmbersGame)
    >>> game = sg.load_game("embers")
    >>> state = game.new_initial_state(seed=3)
    >>> text = state.to_json()
    >>> game.state_from_json(text) == state
    True
    >>> encoded = action_to_data(game, state.legal_actions()[1])
    >>> encoded["type"], action_from_data(game, encoded) == state.legal_actions()[1]
    ('Play', True)
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from typing import TYPE_CHECKING, Any

import cattrs
from cattrs.strategies import configure_tagged_union, include_subclasses
from cattrs.v import format_exception

from shardgames.kernel.actions import Action
from shardgames.kernel.checks import outcome_problems, state_problems
from shardgames.kernel.errors import SerializationError
from shardgames.kernel.events import Event, GameEnded, Log
from shardgames.kernel.rng import Rng
from shardgames.kernel.state import TERMINAL, Prompt, State, Task
from shardgames.kernel.zones import Hand, HiddenDeck

if TYPE_CHECKING:
    from shardgames.kernel.game import Game

__all__ = [
    "FORMAT_VERSION",
    "action_from_data",
    "action_to_data",
    "converter_for",
    "event_to_data",
    "state_from_dict",
    "state_to_dict",
]

FORMAT_VERSION = 1
"""The version of every JSON document shardgames writes; reading checks it."""

TAG = "type"

_CONVERTERS: dict[tuple[type[Game], tuple[type[Action], ...]], cattrs.Converter] = {}


def _deck_to_data(deck: HiddenDeck) -> dict[str, Any]:
    return {
        "owner": deck.owner,
        "top": list(deck.top),
        "top_known": list(deck.top_known),
        "middle": [[kind, list(ids)] for kind, ids in sorted(deck.middle.items())],
        "bottom": list(deck.bottom),
        "bottom_known": list(deck.bottom_known),
    }


def _int_list(data: Mapping[str, Any], key: str) -> list[int]:
    values = data[key]
    if not isinstance(values, list) or not all(_is_int(v) for v in values):
        raise ValueError(f"{key} must be a list of ints")
    return list(values)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _zone_fields(data: Any, keys: frozenset[str], what: str) -> Mapping[str, Any]:
    if not isinstance(data, Mapping) or set(data) != keys:
        raise ValueError(f"{what} is an object with exactly the fields {', '.join(sorted(keys))}")
    if not _is_int(data["owner"]):
        raise ValueError("owner must be a seat")
    return data


def _deck_from_data(raw: Any, _: type) -> HiddenDeck:
    data = _zone_fields(raw, _DECK_KEYS, "a deck")
    deck = HiddenDeck(data["owner"])
    deck.top = _int_list(data, "top")
    deck.top_known = _int_list(data, "top_known")
    middle = data["middle"]
    if not (isinstance(middle, list) and all(_is_middle_entry(entry) for entry in middle)):
        raise ValueError("middle must be a list of [kind, card ids] pairs")
    deck.set_middle((card, kind) for kind, ids in middle for card in ids)
    deck.bottom = _int_list(data, "bottom")
    deck.bottom_known = _int_list(data, "bottom_known")
    if len(deck.top) != len(deck.top_known) or len(deck.bottom) != len(deck.bottom_known):
        raise ValueError("every known deck card needs a knowledge mask")
    return deck


def _is_middle_entry(entry: Any) -> bool:
    """Whether `entry` is a ``[kind, card ids]`` pair, all ints."""
    return (
        isinstance(entry, list)
        and len(entry) == 2
        and _is_int(entry[0])
        and isinstance(entry[1], list)
        and all(_is_int(card) for card in entry[1])
    )


_DECK_KEYS = frozenset({"owner", "top", "top_known", "middle", "bottom", "bottom_known"})
_HAND_KEYS = frozenset({"owner", "cards", "known"})


def _hand_to_data(hand: Hand) -> dict[str, Any]:
    return {"owner": hand.owner, "cards": list(hand.cards), "known": list(hand.known)}


def _hand_from_data(raw: Any, _: type) -> Hand:
    data = _zone_fields(raw, _HAND_KEYS, "a hand")
    hand = Hand(data["owner"])
    hand.cards = _int_list(data, "cards")
    hand.known = _int_list(data, "known")
    if len(hand.cards) != len(hand.known):
        raise ValueError("every hand card needs a knowledge mask")
    return hand


def converter_for(game: Game) -> cattrs.Converter:
    """The converter of `game`'s class (built once and cached)."""
    key = (type(game), game.codec.action_types)
    converter = _CONVERTERS.get(key)
    if converter is None:
        converter = _build_converter(game)
        _CONVERTERS[key] = converter
    return converter


def _families(game: Game) -> tuple[tuple[type, tuple[type, ...]], ...]:
    """Each tagged union of a game's JSON: the base class and its subclasses."""
    cls = type(game)
    return (
        (Action, game.codec.action_types),
        (Event, (*cls.event_types, GameEnded)),
        (Prompt, cls.prompt_types),
        (Task, cls.task_types),
    )


def _build_converter(game: Game) -> cattrs.Converter:
    converter = cattrs.Converter(forbid_extra_keys=True)
    converter.register_unstructure_hook(Rng, lambda rng: rng.state)
    converter.register_structure_hook(Rng, lambda value, _: Rng.from_state(int(value)))
    converter.register_unstructure_hook(HiddenDeck, _deck_to_data)
    converter.register_structure_hook(HiddenDeck, _deck_from_data)
    converter.register_unstructure_hook(Hand, _hand_to_data)
    converter.register_structure_hook(Hand, _hand_from_data)
    union = partial(configure_tagged_union, tag_name=TAG)
    for base, subclasses in _families(game):
        if subclasses:
            include_subclasses(base, converter, subclasses=tuple(subclasses), union_strategy=union)
    type(game).configure_converter(converter)
    return converter


def action_to_data(game: Game, action: Action) -> Any:
    """An action as JSON-ready data, tagged with its class name."""
    return converter_for(game).unstructure(action, unstructure_as=Action)


def action_from_data(game: Game, data: Any) -> Action:
    """An action read back from `action_to_data` output (or from its id, an int)."""
    if isinstance(data, int) and not isinstance(data, bool):
        return game.decode(data)
    try:
        action: Action = converter_for(game).structure(data, Action)
    except Exception as exc:  # cattrs raises many kinds; all mean "malformed"
        raise SerializationError("action", _problems(exc)) from None
    return action


def event_to_data(game: Game, event: Event) -> Any:
    """An event as JSON-ready data, tagged with its class name."""
    return converter_for(game).unstructure(event, unstructure_as=Event)


def _describe(exc: BaseException, type_: Any) -> str:
    """The wording of cattrs, but keeping the message of our own hooks' ValueErrors."""
    if type(exc) is ValueError and exc.args:
        return str(exc)
    return format_exception(exc, type_)


def _problems(exc: BaseException, path: str = "$") -> list[str]:
    """Each problem of a failed structuring as ``"path: message"``."""
    if isinstance(exc, cattrs.BaseValidationError):
        lines = cattrs.transform_error(exc, path=path, format_exception=_describe)
        return [f"{where}: {message}" for message, _, where in (line.rpartition(" @ ") for line in lines)]
    return [f"{path}: {_describe(exc, None)}"]


def state_to_dict(state: State) -> dict[str, Any]:
    """The whole state as JSON-ready data: format, game string, kernel fields and the game's data."""
    converter = converter_for(state.game)
    unstructure = converter.unstructure
    action_data = converter.get_unstructure_hook(Action)  # looked up once for the whole history
    event_data = converter.get_unstructure_hook(Event)
    return {
        "format": FORMAT_VERSION,
        "kind": "state",
        "game": str(state.game),
        "turn": state.turn,
        "rng": state._rng.state,
        "prompt": None if state._prompt is None else unstructure(state._prompt, unstructure_as=Prompt),
        "tasks": [unstructure(t, unstructure_as=Task) for t in state._tasks],
        "returns": None if state._returns is None else list(state._returns),
        "winner": state._winner,
        "history": [action_data(a) for a in state._history],
        "events": [event_data(e) for e in state._events],
        "data": unstructure(state, unstructure_as=type(state)),
    }


def check_header(game: Game, data: Any, kind: str) -> None:
    """Check the format version, document kind and game string of a JSON document.

    Raises:
        SerializationError: Listing every mismatch.
    """
    if not isinstance(data, Mapping):
        raise SerializationError(kind, [f"expected a JSON object, not {type(data).__name__}"])
    problems = []
    if data.get("format") != FORMAT_VERSION:
        problems.append(
            f"format: this library reads format {FORMAT_VERSION}, the document has {data.get('format')!r}"
        )
    if data.get("kind") != kind:
        problems.append(f"kind: expected {kind!r}, the document is {data.get('kind')!r}")
    if data.get("game") != str(game):
        problems.append(f"game: the document is for {data.get('game')!r}, not {str(game)!r}")
    if problems:
        raise SerializationError(kind, problems)


_STATE_KEYS = ("format", "kind", "game", *State.KERNEL_FIELDS, "data")


def state_from_dict(game: Game, data: Any) -> State:
    """Read back `state_to_dict` output for `game`, and check that it means something.

    Besides the shape of every field, the state is checked against the game (seats, card ids,
    lengths, ranges, a card in two places, the pending prompt against the rest of the state: see
    `shardgames.kernel.checks`), so that a state this returns can be played, viewed and saved.

    Raises:
        SerializationError: If the document is not a state of this game in a known format, listing
            every problem found.
    """
    check_header(game, data, "state")
    problems = [f"{key}: missing" for key in _STATE_KEYS if key not in data]
    problems += [
        f"{key}: unknown field; a state has {', '.join(_STATE_KEYS)}"
        for key in data
        if key not in _STATE_KEYS
    ]
    if problems:
        raise SerializationError("state JSON", problems)
    reader = _Reader(game)
    state = reader.read(data["data"], game.state_type, "data")
    turn = reader.integer(data["turn"], "turn")
    rng = reader.integer(data["rng"], "rng")
    values = []  # problems of values that do not stop the state being built and checked
    if rng is not None and not 0 <= rng < _TWO64:
        values.append(f"rng: the generator state must be an int 0..2**64-1, not {rng}")
    prompt = None if data["prompt"] is None else reader.read(data["prompt"], Prompt, "prompt")
    tasks = [reader.read(t, Task, f"tasks[{i}]") for i, t in enumerate(reader.items(data["tasks"], "tasks"))]
    returns = None if data["returns"] is None else reader.numbers(data["returns"], "returns")
    winner = None if data["winner"] is None else reader.integer(data["winner"], "winner")
    history = [
        reader.read(a, Action, f"history[{i}]")
        for i, a in enumerate(reader.items(data["history"], "history"))
    ]
    events = [
        reader.read(e, Event, f"events[{i}]") for i, e in enumerate(reader.items(data["events"], "events"))
    ]
    if reader.problems:  # with what can be checked without a state
        problems = reader.problems + values + outcome_problems(game, turn, returns, winner)
        raise SerializationError("state JSON", problems)
    assert isinstance(state, State)
    assert turn is not None
    assert rng is not None
    state._init_kernel(game, Rng.from_state(rng))
    state.turn = turn
    state._prompt = prompt
    state._tasks = tasks
    state._returns = None if returns is None else tuple(returns)
    state._winner = winner
    state._history = Log(history)
    state._events = Log(events)
    problems = values + state_problems(state)
    if problems:
        raise SerializationError("state JSON", problems)
    state._current_player = TERMINAL if prompt is None else prompt.player
    return state


_TWO64 = 1 << 64


def _is_tag(value: Any, tags: set[str]) -> bool:
    """Whether `value` is one of `tags` (a document may hold anything there, a list included)."""
    return isinstance(value, str) and value in tags


class _Reader:
    """Structures the parts of a document, collecting the problems of all of them."""

    def __init__(self, game: Game) -> None:
        self.converter = converter_for(game)
        self.tags = {base: {cls.__name__ for cls in subclasses} for base, subclasses in _families(game)}
        self.hooks: dict[Any, Any] = {}  # each type's structure hook, looked up once per document
        self.problems: list[str] = []

    def read(self, data: Any, type_: Any, path: str) -> Any:
        tags = self.tags.get(type_)
        if tags is not None and not (isinstance(data, Mapping) and _is_tag(data.get(TAG), tags)):
            names = sorted(tags)
            listed = ", ".join(names[:12]) + (", ..." if len(names) > 12 else "")
            if not isinstance(data, Mapping):
                self.problems.append(f"{path}: must be an object with a {TAG!r} ({listed})")
            else:
                found, name = data.get(TAG), type_.__name__
                article = "an" if name[0] in "AEIOU" else "a"
                self.problems.append(
                    f"{path}.{TAG}: {found!r:.40} is not {article} {name} of this game ({listed})"
                )
            return None
        hook = self.hooks.get(type_)
        if hook is None:
            hook = self.hooks[type_] = self.converter.get_structure_hook(type_)
        try:
            return hook(data, type_)
        except Exception as exc:  # cattrs raises many kinds; all mean "malformed"
            self.problems.extend(_problems(exc, path))
            return None

    def integer(self, value: Any, path: str) -> int | None:
        if isinstance(value, bool) or not isinstance(value, int):
            self.problems.append(f"{path}: must be an int, not {value!r:.40}")
            return None
        return value

    def numbers(self, value: Any, path: str) -> list[float] | None:
        if not isinstance(value, list) or not all(
            isinstance(v, int | float) and not isinstance(v, bool) for v in value
        ):
            self.problems.append(f"{path}: must be a list of numbers, one per seat, or null")
            return None
        try:
            return [float(v) for v in value]
        except OverflowError:
            self.problems.append(f"{path}: a number is too large")
            return None

    def items(self, value: Any, path: str) -> list[Any]:
        if not isinstance(value, list):
            self.problems.append(f"{path}: must be a list")
            return []
        return value
