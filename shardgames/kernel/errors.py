"""The error family: every error the library raises derives from `ShardGamesError`.

Errors about input (an illegal action, a bad parameter, a malformed deck, card or position) also derive
from `ValueError`, so code that already catches `ValueError` keeps working. Data errors carry *every*
problem found, not only the first, in `problems`.

Every error pickles with what it carries, so it crosses from a worker process to the caller intact.

Examples:
    >>> from shardgames.kernel.errors import PositionError
    >>> err = PositionError("position", ["players[0].hand: card 99 does not exist", "turn: must be >= 0"])
    >>> print(err)
    2 problems in position:
      - players[0].hand: card 99 does not exist
      - turn: must be >= 0
    >>> err.problems[1]
    'turn: must be >= 0'
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any

__all__ = [
    "ActionCodecError",
    "CardError",
    "DataError",
    "DeckError",
    "EvaluatorError",
    "IllegalActionError",
    "InvalidParameterError",
    "MissingExtraError",
    "PositionError",
    "ReplayError",
    "SerializationError",
    "ShardGamesError",
    "UnknownGameError",
    "UsageError",
    "WriteError",
]


class ShardGamesError(Exception):
    """The root of every error raised by shardgames."""


class IllegalActionError(ShardGamesError, ValueError):
    """An action that is not legal in the current state. The state is left unchanged.

    Attributes:
        action: The rejected action (or the raw value that was passed).
        reason: Why it is illegal, in words.
        player: Whose decision it was (a seat, `CHANCE` or `TERMINAL`).
    """

    def __init__(self, action: object, reason: str, player: int) -> None:
        self.action = action
        self.reason = reason
        self.player = player
        super().__init__(f"illegal action {action}: {reason} (to act: {_actor_name(player)})")

    def __reduce__(self) -> tuple[Any, ...]:  # to cross a process boundary (a tournament worker)
        return type(self), (self.action, self.reason, self.player)


def _actor_name(player: int) -> str:
    if player == -1:
        return "chance"
    if player == -2:
        return "nobody, the game is over"
    return f"seat {player}"


class UsageError(ShardGamesError, ValueError):
    """A call that cannot be carried out as asked.

    For example a seat that does not exist, the wrong number of agents, or chance outcomes asked for at a
    player's decision.
    """


class ActionCodecError(ShardGamesError, ValueError):
    """A value outside a game's action space: an id out of range, or a field outside its domain."""


class DataError(ShardGamesError, ValueError):
    """Malformed data: every problem found is listed in `problems`.

    Args:
        subject: What was being checked ("deck 'ember'", "position", "card 'Spark'").
        problems: One line per problem, each naming the field and what would be right.
    """

    def __init__(self, subject: str, problems: Iterable[str]) -> None:
        self.subject = subject
        self.problems: tuple[str, ...] = tuple(problems)
        if not self.problems:
            raise ValueError("a DataError needs at least one problem")
        super().__init__(_format_problems(subject, self.problems))

    def __reduce__(self) -> tuple[Any, ...]:
        return type(self), (self.subject, self.problems)


def _format_problems(subject: str, problems: tuple[str, ...]) -> str:
    if len(problems) == 1:
        return f"{subject}: {problems[0]}"
    lines = "\n".join(f"  - {p}" for p in problems)
    return f"{len(problems)} problems in {subject}:\n{lines}"


class InvalidParameterError(DataError):
    """A game parameter (or parameter string) that is unknown, of the wrong type or out of range."""


class UnknownGameError(InvalidParameterError, KeyError):
    """`load_game` was asked for a name that is not registered."""

    def __str__(self) -> str:  # KeyError would otherwise repr() the message
        return str(self.args[0]) if self.args else ""


class PositionError(DataError):
    """A position (a hand-written game situation) that is malformed or impossible."""


class DeckError(DataError):
    """A deck or decklist that breaks the construction rules."""


class CardError(DataError):
    """A card or card design that is malformed or breaks the design rules."""


class SerializationError(DataError):
    """JSON that cannot be read back: wrong format version, wrong game, or malformed content."""


class EvaluatorError(DataError):
    """A position evaluator's weights that cannot be used: a missing or malformed file, or other features."""


class ReplayError(ShardGamesError, ValueError):
    """A recorded history that does not replay: an action was illegal or the game diverged."""


class WriteError(ShardGamesError):
    """A file the library was asked to write could not be written.

    Whatever was at the path before is left as it was (see `shardgames.kernel.datafiles.write_text_atomic`).

    Attributes:
        path: The file.
        reason: Why it could not be written, in words.
    """

    def __init__(self, path: str | os.PathLike[str], reason: str) -> None:
        self.path = Path(path)
        self.reason = reason
        super().__init__(f"cannot write {str(self.path)!r}: {reason}")

    def __reduce__(self) -> tuple[Any, ...]:
        return type(self), (self.path, self.reason)


class MissingExtraError(ShardGamesError, ImportError):
    """An optional feature was used without its extra installed.

    Attributes:
        feature: What the user tried to use.
        extra: The name of the extra that provides it.
        module: The module that could not be imported.
    """

    def __init__(self, feature: str, extra: str, module: str) -> None:
        self.feature = feature
        self.extra = extra
        self.module = module
        super().__init__(
            f"{feature} needs the optional package {module!r}; "
            f"install it with: pip install 'shardgames[{extra}]'"
        )

    def __reduce__(self) -> tuple[Any, ...]:
        return type(self), (self.feature, self.extra, self.module)


def require_extra(module: str, *, extra: str, feature: str) -> Any:
    """Import an optional module, or raise `MissingExtraError` naming the extra to install.

    Args:
        module: The module to import, e.g. ``"rich.table"``.
        extra: The extra that provides it, e.g. ``"cli"``.
        feature: What needs it, for the message.

    Returns:
        The imported module.
    """
    import importlib  # noqa: PLC0415 - the point is to import lazily

    try:
        return importlib.import_module(module)
    except ImportError as exc:
        raise MissingExtraError(feature, extra, module.split(".", maxsplit=1)[0]) from exc
