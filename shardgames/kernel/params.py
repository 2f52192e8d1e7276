"""Game parameters: declared, validated, and written as a compact string.

A game declares its parameters as a tuple of `Parameter` objects. `load_game` converts and checks every
value, reports *every* problem at once, and names the valid parameters when one is unknown. A game and
its parameters can be written as a string, ``"sota(players=3,decks=(ember,tide,gale))"``; `str(game)`
gives that string and `load_game` reads it back. A game string is at most `GAME_STRING_LIMIT`
characters long and its parentheses nest at most `NESTING_LIMIT` deep.

Examples:
    >>> from shardgames.kernel.params import parse_game_string, format_game_string
    >>> parse_game_string("sota(players=3,decks=(ember,tide,gale),chance=explicit)")
    ('sota', {'players': 3, 'decks': ('ember', 'tide', 'gale'), 'chance': 'explicit'})
    >>> format_game_string("sota", {"players": 3, "decks": ("ember", "tide")})
    'sota(players=3,decks=(ember,tide))'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import attrs

from shardgames.kernel.errors import InvalidParameterError

__all__ = [
    "GAME_STRING_LIMIT",
    "NESTING_LIMIT",
    "Parameter",
    "bool_parameter",
    "choice_parameter",
    "format_game_string",
    "format_value",
    "int_parameter",
    "parse_game_string",
    "resolve_parameters",
    "tuple_parameter",
]

Converter = Callable[[Any], Any]


@attrs.frozen
class Parameter:
    """One game parameter.

    Attributes:
        name: The keyword used in `load_game` and in game strings.
        default: The value when the parameter is not given (already converted).
        doc: One line for `shardgames list` and the docs.
        convert: Turns a raw value into the parameter's value; raises `ValueError` or `TypeError`
            with a message saying what would be right.
        kind: A short description of the accepted values, e.g. ``"int 2..6"``.
        low: For an integer parameter, its smallest value (``None`` for other parameters).
        high: For an integer parameter, its largest value (``None``: no bound, or not an integer).
    """

    name: str
    default: Any
    doc: str
    convert: Converter
    kind: str
    low: int | None = None
    high: int | None = None


def int_parameter(name: str, default: int, doc: str, *, low: int, high: int | None = None) -> Parameter:
    """An integer parameter in ``[low, high]`` (no upper bound when `high` is ``None``)."""

    def convert(value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(f"must be an int, not {type(value).__name__} {value!r}")
        if value < low or (high is not None and value > high):
            raise ValueError(
                f"must be between {low} and {high if high is not None else 'infinity'}, not {value}"
            )
        return value

    kind = f"int {low}..{high}" if high is not None else f"int >= {low}"
    return Parameter(name, convert(default), doc, convert, kind, low=low, high=high)


def bool_parameter(name: str, default: bool, doc: str) -> Parameter:
    """A true/false parameter (game strings accept ``true``/``false`` in any case, and 1/0)."""

    def convert(value: Any) -> bool:
        if isinstance(value, bool):
            return value
        if value in (0, 1):
            return bool(value)
        if isinstance(value, str) and value.lower() in ("true", "false"):
            return value.lower() == "true"
        raise TypeError(f"must be true or false, not {value!r}")

    return Parameter(name, convert(default), doc, convert, "bool")


def choice_parameter(name: str, default: str, doc: str, choices: Sequence[str]) -> Parameter:
    """A parameter that takes one of a fixed list of strings."""
    allowed = tuple(choices)

    def convert(value: Any) -> str:
        if value not in allowed:
            raise ValueError(f"must be one of {', '.join(allowed)}; got {value!r}")
        return str(value)

    return Parameter(name, convert(default), doc, convert, " | ".join(allowed))


def tuple_parameter(
    name: str,
    default: tuple[Any, ...] | None,
    doc: str,
    *,
    item: Converter,
    item_kind: str,
    min_length: int = 0,
    max_length: int | None = None,
) -> Parameter:
    """A tuple parameter; each item goes through `item`. ``None`` is allowed when it is the default.

    A single value is accepted as a one-item tuple.
    """

    def convert(value: Any) -> tuple[Any, ...] | None:
        if value is None and default is None:
            return None
        if isinstance(value, str | int) or not isinstance(value, Iterable):
            value = (value,)
        items = tuple(value)
        if len(items) < min_length or (max_length is not None and len(items) > max_length):
            bound = f"{min_length}..{max_length}" if max_length is not None else f">= {min_length}"
            raise ValueError(f"must have {bound} items, not {len(items)}")
        converted = []
        for index, raw in enumerate(items):
            try:
                converted.append(item(raw))
            except (TypeError, ValueError) as exc:
                raise ValueError(f"item {index} ({raw!r}): {exc}") from None
        return tuple(converted)

    kind = f"tuple of {item_kind}" + (" or none" if default is None else "")
    return Parameter(name, default if default is None else convert(default), doc, convert, kind)


def resolve_parameters(
    game_name: str, declared: Sequence[Parameter], given: Mapping[str, Any]
) -> dict[str, Any]:
    """Convert and check `given` against `declared`; fill in defaults.

    Raises:
        InvalidParameterError: Listing every unknown or invalid parameter, with the valid names.
    """
    by_name = {p.name: p for p in declared}
    problems = [
        f"unknown parameter {name!r}; valid parameters are: {', '.join(by_name)}"
        for name in given
        if name not in by_name
    ]
    values: dict[str, Any] = {}
    for parameter in declared:
        if parameter.name not in given:
            values[parameter.name] = parameter.default
            continue
        try:
            values[parameter.name] = parameter.convert(given[parameter.name])
        except (TypeError, ValueError) as exc:
            problems.append(f"{parameter.name}: {exc} (expected {parameter.kind})")
    if problems:
        raise InvalidParameterError(f"parameters of {game_name!r}", problems)
    return values


# ------------------------------------------------------------------ game strings

GAME_STRING_LIMIT = 10_000
"""The longest game string read, in characters (room for many card file paths)."""

NESTING_LIMIT = 10
"""The deepest nesting of parentheses in a game string's parameters (the games' own need 2)."""

_TOKEN = re.compile(
    r"""\s*(?:
        (?P<open>[(\[]) | (?P<close>[)\]]) | (?P<comma>,) | (?P<eq>=) |
        (?P<string>'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*") |
        (?P<word>[^\s()\[\],='"]+)
    )""",
    re.VERBOSE,
)
_NUMBER = re.compile(r"^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$")
_BARE = re.compile(r"^[A-Za-z_][A-Za-z0-9_\-.:/]*$")


def _tokens(text: str) -> list[tuple[str, str]]:
    tokens: list[tuple[str, str]] = []
    position = 0
    text = text.rstrip()
    while position < len(text):
        match = _TOKEN.match(text, position)
        if match is None or match.end() == position:
            raise ValueError(f"cannot read {text[position:]!r} at position {position}")
        kind = match.lastgroup
        assert kind is not None
        tokens.append((kind, match.group(kind)))
        position = match.end()
    return tokens


def _word_value(word: str) -> Any:
    if _NUMBER.match(word):
        number = float(word)
        return int(word) if number.is_integer() and "." not in word and "e" not in word.lower() else number
    lowered = word.lower()
    if lowered in ("true", "false"):
        return lowered == "true"
    if lowered == "none":
        return None
    return word


class _Parser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.tokens = _tokens(text)
        self.index = 0
        self.depth = 0

    def peek(self) -> str | None:
        return self.tokens[self.index][0] if self.index < len(self.tokens) else None

    def take(self, kind: str) -> str:
        if self.peek() != kind:
            found = self.tokens[self.index][1] if self.index < len(self.tokens) else "the end"
            raise ValueError(f"expected {kind} but found {found!r} in {self.text!r}")
        value = self.tokens[self.index][1]
        self.index += 1
        return value

    def value(self) -> Any:
        kind = self.peek()
        if kind == "open":
            if self.depth == NESTING_LIMIT:
                raise ValueError(f"the values are nested more than {NESTING_LIMIT} deep")
            self.depth += 1
            self.take("open")
            items: list[Any] = []
            while self.peek() != "close":
                items.append(self.value())
                if self.peek() == "comma":
                    self.take("comma")
                elif self.peek() != "close":
                    self.take("close")
            self.take("close")
            self.depth -= 1
            return tuple(items)
        if kind == "string":
            raw = self.take("string")[1:-1]
            # Escapes are read as Python's; other characters stay as they are (non-ASCII included).
            return raw.encode("latin-1", "backslashreplace").decode("unicode_escape")
        return _word_value(self.take("word"))


def parse_game_string(text: str) -> tuple[str, dict[str, Any]]:
    """Split ``"name(k=v,...)"`` into the name and a dict of raw parameter values.

    Values may be ints, floats, ``true``/``false``, ``none``, bare words, quoted strings, or
    parenthesised tuples of those.

    Raises:
        InvalidParameterError: If the string cannot be read, is not a `str`, is longer than
            `GAME_STRING_LIMIT` or nests deeper than `NESTING_LIMIT`.
    """
    if not isinstance(text, str):
        raise InvalidParameterError(
            "game string",
            [f"must be a str such as 'sota' or 'sota(players=3)', not {type(text).__name__} {text!r:.80}"],
        )
    if len(text) > GAME_STRING_LIMIT:
        raise InvalidParameterError(
            "game string", [f"{len(text):,} characters, more than the limit of {GAME_STRING_LIMIT:,}"]
        )
    try:
        parser = _Parser(text)
        name = parser.take("word")
        params: dict[str, Any] = {}
        if parser.peek() == "open":
            parser.take("open")
            while parser.peek() != "close":
                key = parser.take("word")
                parser.take("eq")
                if key in params:
                    raise ValueError(f"parameter {key!r} is given twice")
                params[key] = parser.value()
                if parser.peek() == "comma":
                    parser.take("comma")
                elif parser.peek() != "close":
                    parser.take("close")
            parser.take("close")
        if parser.peek() is not None:
            raise ValueError(f"unexpected text after the parameters in {text!r}")
    except ValueError as exc:
        raise InvalidParameterError(
            "game string", [f"{exc}; write it as name or name(key=value,...)"]
        ) from None
    return name, params


def format_value(value: Any) -> str:
    """One parameter value as written in a game string (bare words where they read back the same)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "none"
    if isinstance(value, tuple | list):
        inner = ",".join(format_value(v) for v in value)
        return f"({inner},)" if len(value) == 1 else f"({inner})"
    if isinstance(value, str):
        if _BARE.match(value) and _word_value(value) == value:
            return value
        return repr(value)
    return repr(value)


def format_game_string(name: str, params: Mapping[str, Any]) -> str:
    """Write a game name and parameters as ``"name(k=v,...)"`` (just ``"name"`` without parameters)."""
    if not params:
        return name
    inner = ",".join(f"{key}={format_value(value)}" for key, value in params.items())
    return f"{name}({inner})"
