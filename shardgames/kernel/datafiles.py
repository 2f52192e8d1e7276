r"""Reading and writing files: data files, JSON documents, and every file the library writes.

Data files hold card pools, decks and rosters (TOML or JSON, by the suffix); JSON documents hold
states, positions, match records and results. Reading meets bad input with the caller's `DataError`
subclass, never a raw Python error: a file that is missing, a folder, unreadable, not UTF-8, larger
than its limit (`DATA_FILE_LIMIT` for data files, `DOCUMENT_LIMIT` for JSON documents: refused before
it is read), nested too deeply, or not valid TOML or JSON. Writing goes through `write_text_atomic`:
the text goes to a temporary file beside the target, which is then renamed over it, so a reader never
sees half a file and a write that fails part-way leaves the old file as it was; failures raise
`WriteError`, naming the path. `check_writable` and `ensure_folder` check an output file or folder
before long work begins.

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

import errno
import hashlib
import json
import os
import re
import secrets
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from shardgames.kernel.errors import DataError, WriteError

__all__ = [
    "DATA_FILE_LIMIT",
    "DOCUMENT_LIMIT",
    "changes_stem",
    "check_writable",
    "ensure_folder",
    "parse_json",
    "read_data_file",
    "read_text",
    "toml_text",
    "write_data_file",
    "write_text_atomic",
]

DATA_FILE_LIMIT = 2 * 2**20
"""The largest card, deck or roster file read, in bytes (2 MiB: some forty times the shipped cards)."""

DOCUMENT_LIMIT = 64 * 2**20
"""The largest JSON document read (a state, position, match record or tournament result), in bytes."""


def _size_text(size: int) -> str:
    return f"{size / 2**20:.1f} MiB" if size >= 2**20 else f"{size:,} bytes"


def _too_large(size: int, limit: int) -> str:
    return f"{_size_text(size)} is more than the limit of {_size_text(limit)}"


def read_text(path: str | Path, error: type[DataError], *, limit: int = DATA_FILE_LIMIT) -> str:
    """The text of a UTF-8 file, or `error` naming the file and what is wrong with it.

    A file larger than `limit` bytes is refused before it is read.

    Args:
        path: The file.
        error: The `DataError` subclass to raise (`CardError` for cards and rosters, ...).
        limit: The largest size accepted, in bytes.

    Raises:
        DataError: (of type `error`) If the file is missing, a folder, unreadable, too large or not UTF-8.
    """
    path = Path(path)
    try:
        with path.open("rb") as file:
            size = os.fstat(file.fileno()).st_size
            if size > limit:
                raise error(str(path), [f"the file is too large: {_too_large(size, limit)}"])
            data = file.read(limit + 1)
    except OSError as exc:
        reason = exc.strerror or str(exc)
        if exc.errno == errno.EISDIR or (exc.errno == errno.EACCES and path.is_dir()):
            reason = "it is a folder, not a file"
        raise error(str(path), [f"cannot read the file: {reason}"]) from None
    if len(data) > limit:  # it grew, or it is not a regular file
        raise error(str(path), [f"the file is too large: more than the limit of {_size_text(limit)}"])
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise error(
            str(path),
            [f"not UTF-8 text: byte {exc.start} (line {line}) is {data[exc.start : exc.start + 1]!r}"],
        ) from None


def _check_length(text: str | bytes, error: type[DataError], subject: str, limit: int) -> None:
    # A character takes at least one byte, so a text of more characters than the limit is too large.
    if len(text) > limit:
        raise error(subject, [f"too large: {_too_large(len(text), limit)}"])


def parse_json(
    text: str | bytes, error: type[DataError], subject: str, *, limit: int = DOCUMENT_LIMIT
) -> Any:
    """Parse JSON text, or raise `error` saying why it cannot be read.

    Args:
        text: The JSON text.
        error: The `DataError` subclass to raise (`SerializationError` for documents, ...).
        subject: What the text is, for the message (``"state JSON"``, a file name).
        limit: The longest text accepted, in bytes (characters).

    Raises:
        DataError: (of type `error`) If the text is too long, nested too deeply or not valid JSON.
    """
    _check_length(text, error, subject, limit)
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise error(subject, [f"not valid JSON: {exc}"]) from None
    except UnicodeDecodeError as exc:
        raise error(subject, [f"not UTF-8 text: {exc.reason} at byte {exc.start}"]) from None
    except RecursionError:
        raise error(subject, ["nested too deeply to be read"]) from None


def _parse_toml(text: str, error: type[DataError], subject: str) -> Any:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise error(subject, [f"not valid TOML: {exc}"]) from None
    except RecursionError:
        raise error(subject, ["nested too deeply to be read"]) from None


def read_data_file(
    path: str | Path, error: type[DataError], *, limit: int = DATA_FILE_LIMIT
) -> Mapping[str, Any]:
    """Parse a ``.json`` file as JSON and any other as TOML, into a mapping.

    Args:
        path: The file.
        error: The `DataError` subclass to raise (`CardError` for cards and rosters, ...).
        limit: The largest file accepted, in bytes.

    Raises:
        DataError: (of type `error`) If the file cannot be read (see `read_text`), is not valid TOML
            or JSON, or does not hold a table at the top.
    """
    path = Path(path)
    text = read_text(path, error, limit=limit)
    if path.suffix.lower() == ".json":
        data = parse_json(text, error, str(path), limit=limit)
    else:
        data = _parse_toml(text, error, str(path))
    if not isinstance(data, Mapping):
        raise error(
            str(path), [f"the file's content must be a table (a JSON object), not a {type(data).__name__}"]
        )
    return data


def _create_aside(path: Path) -> tuple[Path, int]:
    """A new temporary file beside `path`, open for writing; `OSError` if `path` cannot be written."""
    if path.is_dir():
        raise IsADirectoryError(errno.EISDIR, "it is a folder, not a file")
    aside = path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}.tmp")
    return aside, os.open(aside, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)


def write_text_atomic(path: str | Path, text: str) -> Path:
    """Write `text` to `path` as UTF-8, all or nothing, and return the path.

    The text goes to a temporary file in the same folder, which is then renamed over `path`: a reader
    never sees half a file, and a write that fails part-way (a full disk, an interruption) leaves
    whatever was at `path` before as it was. The file gets the permissions a new file would get.

    Raises:
        WriteError: If the file cannot be written; it names the path and the reason.
    """
    path = Path(path)
    data = text.encode("utf-8")
    try:
        aside, descriptor = _create_aside(path)
        try:
            with os.fdopen(descriptor, "wb") as file:
                file.write(data)
            os.replace(aside, path)
        except BaseException:
            aside.unlink(missing_ok=True)
            raise
    except OSError as exc:
        raise WriteError(path, exc.strerror or str(exc)) from None
    return path


def check_writable(path: str | Path) -> Path:
    """Check that `write_text_atomic` can write `path`, without writing it; return the path.

    Commands check their output files this way before long work, so that a bad path fails at once
    rather than after the work is done. The check creates and removes a temporary file beside `path`.

    Raises:
        WriteError: If the file could not be written now (a missing or read-only folder, a folder in
            its place), naming the path and the reason.
    """
    path = Path(path)
    try:
        aside, descriptor = _create_aside(path)
        os.close(descriptor)
        aside.unlink()
    except OSError as exc:
        raise WriteError(path, exc.strerror or str(exc)) from None
    return path


def ensure_folder(path: str | Path) -> Path:
    """Create the folder `path` and its parents if they do not exist; return the path.

    Raises:
        WriteError: If the folder cannot be created, or a file is in its place.
    """
    path = Path(path)
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        reason = "it is a file, not a folder" if exc.errno == errno.EEXIST else exc.strerror or str(exc)
        raise WriteError(path, reason) from None
    return path


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
    folder = ensure_folder(Path(directory).resolve())
    data = text.encode("utf-8")
    path = folder / f"{stem}{suffix}"
    if path.exists() and path.read_bytes() != data:
        path = folder / f"{stem}-{hashlib.sha256(data).hexdigest()[:8]}{suffix}"
    if not (path.exists() and path.read_bytes() == data):
        write_text_atomic(path, text)
    return path
