r"""Reading and writing files: data files, JSON documents, and every file the library writes.

Data files hold card pools, decks and rosters (TOML or JSON, by the suffix); JSON documents hold
states, positions, match records and results. Reading meets bad input with the caller's `DataError`
subclass, never a raw Python error: a file that is missing, a folder, unreadable, not UTF-8, larger
than its limit (`DATA_FILE_LIMIT` for data files, `DOCUMENT_LIMIT` for JSON documents: refused before
it is read), nested too deeply, holding a number of more digits than Python reads, or not valid TOML
or JSON. A data file is also refused, before its content is checked, when one of its lists or tables
holds more than `DATA_LIST_LIMIT` items or one of its strings more than `DATA_TEXT_LIMIT` characters:
far more than any card, deck or roster needs, so that a file of absurd size for the game is turned
away at once rather than checked item by item. Checking what a file holds stops once it has found
`PROBLEM_LIMIT` problems (`stop_checking`), saying so, so that a file of junk is refused quickly and
with a message that can still be read. Writing goes through `write_text_atomic`:
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
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from shardgames.kernel.errors import DataError, WriteError

__all__ = [
    "DATA_FILE_LIMIT",
    "DATA_LIST_LIMIT",
    "DATA_TEXT_LIMIT",
    "DOCUMENT_LIMIT",
    "PROBLEM_LIMIT",
    "bounded_int",
    "changes_stem",
    "check_writable",
    "ensure_folder",
    "parse_json",
    "read_data_file",
    "read_text",
    "size_problems",
    "stop_checking",
    "toml_text",
    "write_data_file",
    "write_text_atomic",
]

DATA_FILE_LIMIT = 2 * 2**20
"""The largest card, deck or roster file read, in bytes (2 MiB: some forty times the shipped cards)."""

DOCUMENT_LIMIT = 64 * 2**20
"""The largest JSON document read (a state, position, match record or tournament result), in bytes."""

DATA_LIST_LIMIT = 1000
"""The most items in one list or table of a card, deck or roster file (the shipped files hold at most 145)."""

DATA_TEXT_LIMIT = 1000
"""The longest string (or key) in a card, deck or roster file, in characters (the shipped ones: 84)."""

PROBLEM_LIMIT = 1000
"""The most problems gathered about one file or document: checking stops there (`stop_checking`)."""

_STOPPED = f"checking stopped here, at {PROBLEM_LIMIT:,} problems: correct these first"


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
    except ValueError as exc:  # a number of more digits than Python converts
        raise error(subject, [_unreadable_number(exc)]) from None


def _unreadable_number(exc: ValueError) -> str:
    detail = str(exc).split(";")[0]
    return f"holds a number that cannot be read: {detail[:1].lower()}{detail[1:]}"


def _parse_toml(text: str, error: type[DataError], subject: str) -> Any:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise error(subject, [f"not valid TOML: {exc}"]) from None
    except RecursionError:
        raise error(subject, ["nested too deeply to be read"]) from None
    except ValueError as exc:  # a number of more digits than Python converts
        raise error(subject, [_unreadable_number(exc)]) from None


def stop_checking(problems: list[str]) -> bool:
    """Whether `problems` has reached `PROBLEM_LIMIT`; if so, its last line says that checking stopped.

    Checkers call it before each item (a card, a deck, a step) and stop when it is true, so the work
    done and the message given stay bounded however bad the input.

    Examples:
        >>> problems = [f"card[{index}]: must be a table" for index in range(PROBLEM_LIMIT)]
        >>> stop_checking(problems), stop_checking(problems), problems[-1]
        (True, True, 'checking stopped here, at 1,000 problems: correct these first')
        >>> len(problems)
        1001
    """
    if len(problems) < PROBLEM_LIMIT:
        return False
    if problems[-1] != _STOPPED:
        problems.append(_STOPPED)
    return True


def bounded_int(where: str, raw: Any, low: int, high: int, *, default: int, problems: list[str]) -> int:
    """`raw` as an int from `low` to `high`; `default` when it is missing (``None``) or wrong.

    A wrong value (not an int, a bool, or out of range) adds a problem naming `where` to `problems`.

    Examples:
        >>> problems: list[str] = []
        >>> bounded_int("turn", 3, 1, 9, default=1, problems=problems), problems
        (3, [])
        >>> bounded_int("turn", None, 1, 9, default=1, problems=problems), problems
        (1, [])
        >>> bounded_int("turn", True, 1, 9, default=1, problems=problems), problems
        (1, ['turn: must be an int 1..9, not True'])
    """
    if raw is None:
        return default
    if isinstance(raw, bool) or not isinstance(raw, int) or not low <= raw <= high:
        problems.append(f"{where}: must be an int {low}..{high}, not {raw!r}")
        return default
    return raw


def _text_problem(text: str, text_limit: int) -> str | None:
    if len(text) > text_limit:
        return f"{len(text):,} characters, more than the limit of {text_limit:,}"
    if not text.isascii():
        try:
            text.encode("utf-8")
        except UnicodeEncodeError as exc:  # a lone surrogate, which JSON can spell as an escape
            return f"not valid text: character {exc.start} is a lone surrogate"
    return None


_Path = tuple[Any, str | int] | None  # (the parent's path, the key or index); spelled out when needed


def _spell(path: _Path, empty: str) -> str:
    parts: list[str] = []
    while path is not None:
        path, key = path
        parts.append(f"[{key}]" if isinstance(key, int) else f".{key}")
    return "".join(reversed(parts)).removeprefix(".") or empty


def size_problems(
    data: Any, *, list_limit: int = DATA_LIST_LIMIT, text_limit: int = DATA_TEXT_LIMIT
) -> list[str]:
    """Every list or table of `data` longer than `list_limit` and every string longer than `text_limit`.

    `data` is what a JSON or TOML parser gives (dicts, lists, strings, numbers). Strings that are not
    valid text (a lone surrogate, which a JSON escape can spell) are reported too. Each problem names
    the place as card files do (``deck[0].cards``); what is inside a list or table found too long is
    not looked into.

    Examples:
        >>> data = {"deck": [{"name": "x" * 12, "cards": ["a"] * 1500}]}
        >>> for problem in size_problems(data, text_limit=10):
        ...     print(problem)
        deck[0].name: 12 characters, more than the limit of 10
        deck[0].cards: 1,500 items, more than the limit of 1,000
    """
    problems: list[str] = []

    def check_text(text: str, path: _Path, what: str) -> bool:
        problem = _text_problem(text, text_limit)
        if problem is not None:
            problems.append(f"{_spell(path, 'the file')}: {what}{problem}")
        return problem is None

    if isinstance(data, str):
        check_text(data, None, "")
    # A loop, not recursion: the data may be nested as deeply as its parser allows. Paths are linked
    # pairs, spelled out only for a problem, and scalars are never pushed: the loop runs per container.
    stack: list[tuple[_Path, Any]] = [(None, data)] if isinstance(data, dict | list) else []
    while stack:
        path, value = stack.pop()
        if len(value) > list_limit:
            where = _spell(path, "the file")
            problems.append(f"{where}: {len(value):,} items, more than the limit of {list_limit:,}")
            continue
        pairs: Iterable[tuple[Any, Any]] = enumerate(value)
        if isinstance(value, dict):  # a key found wrong is reported alone, not again in its value's place
            pairs = [(key, item) for key, item in value.items() if check_text(key, path, "a key of ")]
        inside = []
        for key, item in pairs:
            kind = type(item)  # exact types: the parsers make nothing else, and this runs per item
            if kind is str:
                if len(item) > text_limit or not item.isascii():
                    check_text(item, (path, key), "")
            elif (kind is dict or kind is list) and item:
                inside.append(((path, key), item))
        stack.extend(reversed(inside))
    return problems


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
            or JSON, does not hold a table at the top, or holds a list, table or string over its
            limit (`size_problems`, listing each).
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
    problems = size_problems(data)
    if problems:
        raise error(str(path), problems)
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

_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
_LINE = 100  # a longer array is written one item a line


def _key(key: str) -> str:
    return key if _BARE_KEY.fullmatch(key) else _string(key)


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
