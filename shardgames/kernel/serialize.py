"""JSON for states, actions, events and match records: one cattrs converter per game.

Serialisation stays out of the domain classes. For each game the kernel builds one `cattrs.Converter`
with tagged unions for the game's actions, events, prompts and tasks (the tag is the class name, in the
key ``"type"``), hooks for the kernel's own types (the generator, hidden decks, hands), and whatever the
game adds in `Game.configure_converter`. Every document carries a format version and the game string,
and reading checks both.

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


def _deck_from_data(data: Mapping[str, Any], _: type) -> HiddenDeck:
    deck = HiddenDeck(int(data["owner"]))
    deck.top = [int(c) for c in data["top"]]
    deck.top_known = [int(m) for m in data["top_known"]]
    for kind, ids in data["middle"]:
        for card in ids:
            deck.shuffle_in(int(card), int(kind))
    deck.bottom = [int(c) for c in data["bottom"]]
    deck.bottom_known = [int(m) for m in data["bottom_known"]]
    if len(deck.top) != len(deck.top_known) or len(deck.bottom) != len(deck.bottom_known):
        raise ValueError("every known deck card needs a knowledge mask")
    return deck


def _hand_to_data(hand: Hand) -> dict[str, Any]:
    return {"owner": hand.owner, "cards": list(hand.cards), "known": list(hand.known)}


def _hand_from_data(data: Mapping[str, Any], _: type) -> Hand:
    hand = Hand(int(data["owner"]))
    hand.cards = [int(c) for c in data["cards"]]
    hand.known = [int(m) for m in data["known"]]
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


def _build_converter(game: Game) -> cattrs.Converter:
    converter = cattrs.Converter(forbid_extra_keys=True)
    converter.register_unstructure_hook(Rng, lambda rng: rng.state)
    converter.register_structure_hook(Rng, lambda value, _: Rng.from_state(int(value)))
    converter.register_unstructure_hook(HiddenDeck, _deck_to_data)
    converter.register_structure_hook(HiddenDeck, _deck_from_data)
    converter.register_unstructure_hook(Hand, _hand_to_data)
    converter.register_structure_hook(Hand, _hand_from_data)
    union = partial(configure_tagged_union, tag_name=TAG)
    cls = type(game)
    families = (
        (Action, game.codec.action_types),
        (Event, (*cls.event_types, GameEnded)),
        (Prompt, cls.prompt_types),
        (Task, cls.task_types),
    )
    for base, subclasses in families:
        if subclasses:
            include_subclasses(base, converter, subclasses=tuple(subclasses), union_strategy=union)
    cls.configure_converter(converter)
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
    except Exception as exc:
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


def _problems(exc: BaseException) -> list[str]:
    if isinstance(exc, cattrs.BaseValidationError):
        return list(cattrs.transform_error(exc, format_exception=_describe))
    return [f"{type(exc).__name__}: {exc}"]


def state_to_dict(state: State) -> dict[str, Any]:
    """The whole state as JSON-ready data: format, game string, kernel fields and the game's data."""
    converter = converter_for(state.game)
    unstructure = converter.unstructure
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
        "history": [unstructure(a, unstructure_as=Action) for a in state._history],
        "events": [unstructure(e, unstructure_as=Event) for e in state._events],
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


def state_from_dict(game: Game, data: Any) -> State:
    """Read back `state_to_dict` output for `game`.

    Raises:
        SerializationError: If the document is not a state of this game in a known format.
    """
    check_header(game, data, "state")
    converter = converter_for(game)
    structure = converter.structure
    try:
        state = structure(data["data"], game.state_type)
        state._init_kernel(game, Rng.from_state(int(data["rng"])))
        state.turn = int(data["turn"])
        state._prompt = None if data["prompt"] is None else structure(data["prompt"], Prompt)
        state._tasks = [structure(t, Task) for t in data["tasks"]]
        state._returns = None if data["returns"] is None else tuple(float(r) for r in data["returns"])
        state._winner = None if data["winner"] is None else int(data["winner"])
        state._history = Log([structure(a, Action) for a in data["history"]])
        state._events = Log([structure(e, Event) for e in data["events"]])
    except Exception as exc:  # cattrs raises many kinds; all mean "malformed"
        raise SerializationError("state JSON", _problems(exc)) from None
    if state._returns is not None:
        state._current_player = TERMINAL
    elif state._prompt is not None:
        state._current_player = state._prompt.player
    else:
        raise SerializationError("state JSON", ["a game in progress needs a prompt"])
    return state
