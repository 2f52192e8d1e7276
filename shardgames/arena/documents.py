"""JSON for results: one cattrs converter for the result classes of the arena and the analyses.

A result class keeps what it was built from in its attrs fields (the games, the counts, the scores)
and computes its tables from them. Each one derives from `Document`, which writes the fields
through one converter, `CONVERTER`, after a header naming the document's ``format`` version and
``kind``, and the tables (`Document.tables`) after the fields, for scripts that only read. Reading
back (`Document.from_dict`) checks the header, structures the fields through the same converter,
and computes the tables again; every problem found is listed in one `SerializationError`.

Match records inside a result are written and read by `MatchRecord` itself, through the converter
of their game (`shardgames.kernel.serialize`); a result's ``record`` field is left out of the JSON
when it holds none.

Examples:
    >>> from shardgames.arena import TournamentResult
    >>> result = TournamentResult("embers", ("random",), 1, ())
    >>> data = result.to_dict()
    >>> data["format"], data["kind"], data["games"], data["by_seat"]
    (1, 'tournament', [], [])
    >>> TournamentResult.from_dict(data) == result
    True
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from pathlib import Path
from typing import Any, ClassVar, Self

import attrs
import cattrs
from cattrs.gen import make_dict_unstructure_fn, override
from cattrs.v import format_exception

from shardgames.arena.match import MatchRecord
from shardgames.kernel.datafiles import DOCUMENT_LIMIT, parse_json, read_text, write_text_atomic
from shardgames.kernel.errors import SerializationError, ShardGamesError
from shardgames.kernel.serialize import FORMAT_VERSION

__all__ = ["CONVERTER", "Document", "json_ready"]

CONVERTER = cattrs.Converter(detailed_validation=True)
"""The converter of every result class: attrs fields as JSON objects, tuples as lists."""

CONVERTER.register_unstructure_hook(MatchRecord, MatchRecord.to_dict)
CONVERTER.register_structure_hook(MatchRecord, lambda data, _: MatchRecord.from_dict(data))


def _has_record(cls: Any) -> bool:
    return attrs.has(cls) and "record" in attrs.fields_dict(cls)


CONVERTER.register_unstructure_hook_factory(
    _has_record,
    lambda cls: make_dict_unstructure_fn(cls, CONVERTER, record=override(omit_if_default=True)),
)


def json_ready(value: Any) -> Any:
    """`value` with every ``nan`` written as ``None`` (JSON has no ``nan``), in lists and dicts too."""
    if isinstance(value, float):
        return None if math.isnan(value) else value
    if isinstance(value, Mapping):
        return {key: json_ready(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [json_ready(item) for item in value]
    return value


def _describe(exc: BaseException, type_: Any) -> str:
    if isinstance(exc, ShardGamesError):  # a match record's own problems
        return "; ".join(getattr(exc, "problems", ())) or str(exc)
    return format_exception(exc, type_)


def _problems(exc: BaseException) -> list[str]:
    """Each problem of a failed structuring as ``"path: message"``."""
    lines = cattrs.transform_error(exc, path="$", format_exception=_describe)
    problems = []
    for line in lines:
        message, _, where = line.rpartition(" @ ")
        where = where.removeprefix("$").removeprefix(".")
        problems.append(f"{where or 'document'}: {message}")
    return problems


class Document:
    """The JSON of a result class: its attrs fields through `CONVERTER`, then its tables.

    A subclass names its document ``KIND`` and returns the numbers it derives in `tables`; it may
    check the raw data further in `data_problems` before it is structured.
    """

    __slots__ = ()

    KIND: ClassVar[str]
    """The document's ``kind``, checked when it is read back."""

    def tables(self) -> dict[str, Any]:
        """The numbers derived from the fields, written after them and not read back."""
        return {}

    def to_dict(self) -> dict[str, Any]:
        """The fields and the tables as JSON-ready data; `from_dict` reads it back."""
        return {
            "format": FORMAT_VERSION,
            "kind": self.KIND,
            **CONVERTER.unstructure(self),
            **json_ready(self.tables()),
        }

    def to_json(self, *, indent: int | None = 2) -> str:
        """`to_dict` as JSON text."""
        return json.dumps(self.to_dict(), indent=indent)

    def save(self, path: str | Path) -> Path:
        """Write `to_json` to a file, whole or not at all, and return its path.

        Raises:
            WriteError: If the file cannot be written (whatever was there is left as it was).
        """
        return write_text_atomic(path, self.to_json() + "\n")

    @classmethod
    def _subject(cls) -> str:
        return f"{cls.KIND.replace('_', ' ')} result"

    @classmethod
    def data_problems(cls, data: Mapping[str, Any]) -> list[str]:
        """The problems of the raw fields that the converter does not see (none by default)."""
        return []

    @classmethod
    def from_dict(cls, data: Any) -> Self:
        """Read back `to_dict` output (the tables are computed again, not read).

        Raises:
            SerializationError: Listing every problem, if the data is not a document of this kind.
        """
        if not isinstance(data, Mapping):
            raise SerializationError(cls._subject(), [f"expected a JSON object, not {type(data).__name__}"])
        problems = []
        if data.get("format") != FORMAT_VERSION:
            problems.append(f"format: this library reads format {FORMAT_VERSION}, not {data.get('format')!r}")
        if data.get("kind") != cls.KIND:
            problems.append(f"kind: expected {cls.KIND!r}, the document is {data.get('kind')!r}")
        problems += cls.data_problems(data)
        if problems:
            raise SerializationError(cls._subject(), problems)
        try:
            return CONVERTER.structure(data, cls)
        except Exception as exc:  # cattrs raises many kinds; all mean "malformed"
            raise SerializationError(cls._subject(), _problems(exc)) from None

    @classmethod
    def from_json(cls, text: str | bytes) -> Self:
        """Read back `to_json` output (at most `DOCUMENT_LIMIT` bytes).

        Raises:
            SerializationError: If the text is not the JSON of a document of this kind.
        """
        return cls.from_dict(parse_json(text, SerializationError, f"{cls._subject()} JSON"))

    @classmethod
    def load(cls, path: str | Path) -> Self:
        """Read a file written by `save`.

        Raises:
            SerializationError: If the file cannot be read, or is not a document of this kind.
        """
        text = read_text(path, SerializationError, limit=DOCUMENT_LIMIT)
        return cls.from_dict(parse_json(text, SerializationError, str(path)))
