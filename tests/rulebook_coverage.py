"""The check that every rulebook ID of a game has a test named after it, ``test_<prefix>_<id>_...``.

A ruling's part may follow the ID (``test_sota_r17c_...``); the tests are read from the ``test_*.py``
files of one directory, without importing them.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable
from pathlib import Path


def function_names(directory: Path) -> set[str]:
    """The names of every function defined in the ``test_*.py`` files of `directory`."""
    names = set()
    for path in directory.glob("test_*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names.update(node.name for node in ast.walk(tree) if isinstance(node, ast.FunctionDef))
    return names


def untested(directory: Path, prefix: str, ids: Iterable[str]) -> list[str]:
    """The IDs with no test named ``test_<prefix>_<id>[a-e]_...`` in `directory`."""
    names = function_names(directory)
    return [i for i in ids if not any(re.match(rf"test_{prefix}_{i}[a-e]?_", n) for n in names)]
