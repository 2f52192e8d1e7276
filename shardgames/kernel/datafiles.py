r"""Reading and writing the data files of card pools, decks and rosters: TOML or JSON, by the suffix.

`toml_text` writes the TOML of such data, and `write_data_file` puts it in a directory once, under a
name made from what it holds (`changes_stem`): the games' variant builders (a card with one value
changed, for experiments) write their files with them.

Examples:
    >>> import tempfile, pathlib
    >>> from shardgames.kernel.errors import CardError
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> _ = (folder / "cards.toml").write_text('[[card]]\nname = "Spark"\n', encoding="utf-8")
    >>> read_data_file(folder / "cards.toml", CardError)
    {'card': [{'name': 'Spark'}]}
    >>> read_data_file(folder / "missing.json", CardError)
    Traceback (most recent call last):
    ...
    shardgames.kernel.errors.CardError: ...missing.json: cannot read the file: No such file or directory
    >>> print(
    ...     toml_text(
    ...         {"card": [{"name": "Spark", "cost": "F", "keywords": [{"keyword": "deal", "amount": 2}]}]}
    ...     )
    ... )
    [[card]]
    name = "Spark"
    cost = "F"
    keywords = [{ keyword = "deal", amount = 2 }]
    <BLANKLINE>
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from shardgames.kernel.errors import DataError

__all__ = ["changes_stem", "read_data_file", "toml_text", "write_data_file"]


def read_data_file(path: str | Path, error: type[DataError]) -> Mapping[str, Any]:
    """Parse a ``.json`` file as JSON and any other as TOML, into a mapping.

    Args:
        path: The file.
        error: The `DataError` subclass to raise (`CardError` for cards and rosters, ...).

    Raises:
        DataError: (of type `error`) If the file cannot be read, is not valid TOML or JSON, or does not
            hold a table at the top.
    """
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise error(str(path), [f"cannot read the file: {exc.strerror or exc}"]) from None
    kind = "JSON" if path.suffix.lower() == ".json" else "TOML"
    try:
        data = json.loads(text) if kind == "JSON" else tomllib.loads(text)
    except (json.JSONDecodeError, tomllib.TOMLDecodeError) as exc:
        raise error(str(path), [f"not valid {kind}: {exc}"]) from None
    if not isinstance(data, Mapping):
        raise error(
            str(path), [f"the file's content must be a table (a JSON object), not a {type(data).__name__}"]
        )
    return data


# ---------------------------------------------------------------------- writing

_BARE_KEY = re.compile(r"^[A-Za-z0-9_-]+$")
_LINE = 100  # a longer array is written one item a line


def _key(key: str) -> str:
    return key if _BARE_KEY.match(key) else _string(key)


def _string(text: str) -> str:
    # A JSON string is a TOML basic string, once DEL (allowed raw in JSON) is escaped.
    return json.dumps(text, ensure_ascii=False).replace("\x7f", "\\u007f")


def _value(value: Any, *, inline: bool = False) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return _string(value)
    if isinstance(value, Mapping):
        items = [f"{_key(k)} = {_value(v, inline=True)}" for k, v in value.items() if v is not None]
        return "{ " + ", ".join(items) + " }" if items else "{}"
    if isinstance(value, list | tuple):
        items = [_value(v, inline=True) for v in value]
        flat = "[" + ", ".join(items) + "]"
        if inline or len(flat) <= _LINE:
            return flat
        return "[\n" + "".join(f"    {item},\n" for item in items) + "]"
    raise TypeError(f"no TOML for {type(value).__name__} {value!r}")


def toml_text(data: Mapping[str, Any], *, comment: str = "") -> str:
    """The TOML of data-file content: each list of tables as ``[[name]]`` blocks, other values inline.

    Keys keep their order; a ``None`` value leaves its key out (TOML has no null). `tomllib` reads the
    text back equal to `data` (lists of tables included; tuples come back as lists).

    Args:
        data: Tables of keys to strings, ints, bools, lists and tables.
        comment: Lines to put first, each as a ``#`` comment.

    Raises:
        TypeError: For a value TOML cannot hold here (a float, say).
    """
    lines = [f"# {line}".rstrip() for line in comment.splitlines()]
    blocks = []
    for key, value in data.items():
        is_tables = isinstance(value, list | tuple) and value and all(isinstance(v, Mapping) for v in value)
        if is_tables:
            blocks.append((key, value))
        elif value is not None:
            lines.append(f"{_key(key)} = {_value(value)}")
    for key, tables in blocks:
        for table in tables:
            if lines:
                lines.append("")
            lines.append(f"[[{_key(key)}]]")
            lines.extend(f"{_key(k)} = {_value(v)}" for k, v in table.items() if v is not None)
    return "\n".join(lines) + "\n"


def _slug(value: Any) -> str:
    if isinstance(value, Mapping):
        value = list(value.values())
    if isinstance(value, list | tuple):
        return "-".join(part for part in map(_slug, value) if part)
    return re.sub(r"[^a-z0-9]+", "-", str(value).lower()).strip("-")


def changes_stem(name: str, changes: Mapping[str, Any], *, limit: int = 80) -> str:
    """A file name (without suffix) for `name` with `changes`: ``"ash-hound-force-4"``.

    Lower case, words joined by dashes, cut to `limit` characters. Different changes can give the same
    stem (``"A b"`` and ``"a-b"``); `write_data_file` tells them apart by content.

    Examples:
        >>> changes_stem("Ash Hound", {"force": 4, "keywords": ["aerial", {"keyword": "deal", "amount": 2}]})
        'ash-hound-force-4-keywords-aerial-deal-2'
    """
    parts = [_slug(name)]
    for field, value in changes.items():
        parts += [_slug(field), _slug(value) or "none"]
    return "-".join(parts)[:limit].strip("-")


def write_data_file(directory: str | Path, stem: str, text: str, *, suffix: str = ".toml") -> Path:
    """Write `text` as ``directory / (stem + suffix)``, once, and return the file's absolute path.

    The directory is created if needed. A file of that name with the same text is left as it is; one
    with another text (say a variant of another game) is never overwritten: the new file's name then
    ends with the first 8 hex digits of the text's SHA-256. The file appears whole (written aside, then
    renamed), so a process reading it never sees half of it.
    """
    folder = Path(directory).resolve()
    folder.mkdir(parents=True, exist_ok=True)
    data = text.encode("utf-8")
    path = folder / f"{stem}{suffix}"
    if path.exists() and path.read_bytes() != data:
        path = folder / f"{stem}-{hashlib.sha256(data).hexdigest()[:8]}{suffix}"
    if not (path.exists() and path.read_bytes() == data):
        aside = folder / f".{path.name}.{os.getpid()}.tmp"
        aside.write_bytes(data)
        os.replace(aside, path)
    return path
