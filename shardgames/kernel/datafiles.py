r"""Reading the data files of card pools, decks and rosters: TOML or JSON, by the file's suffix.

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
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from shardgames.kernel.errors import DataError

__all__ = ["read_data_file"]


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
