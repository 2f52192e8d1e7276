"""Importing what the command line names: a module or a ``.py`` file, and an object in it.

The global option ``--import`` registers a game class this way, and the ``policy`` agent loads the
function that makes its policy.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

from shardgames.kernel.errors import ShardGamesError
from shardgames.kernel.game import register_game

__all__ = ["ImportTargetError", "import_module_or_file", "import_object", "import_target", "one_line"]


class ImportTargetError(ShardGamesError, ImportError):
    """A ``--import`` target that cannot be imported, or a class in it that cannot be registered."""


def import_target(spec: str) -> ModuleType:
    """Import a module or a ``.py`` file, and register a `Game` class from it if one is named.

    A file is imported under its file name (``examples/embers.py`` becomes module ``embers``, and a
    module already imported from the same file is reused), with its folder added to ``sys.path`` the way
    ``python FILE`` would, so it can import its neighbours.

    Args:
        spec: ``module.name``, ``path/to/file.py``, either followed by ``:ClassName`` to register
            ``ClassName`` with `shardgames.register_game`.

    Returns:
        The imported module.

    Raises:
        ImportTargetError: If the module or file cannot be imported, has no such class, or the class
            cannot be registered; the message is one line and names the target.
    """
    target, class_name = _split(spec)
    module = import_module_or_file(target)
    if class_name:
        cls = getattr(module, class_name, None)
        if cls is None:
            raise ImportTargetError(f"{target!r} has no class {class_name!r}")
        try:
            register_game(cls)
        except (TypeError, ValueError) as exc:
            raise ImportTargetError(f"cannot register {class_name!r} from {target!r}: {exc}") from None
    return module


def _split(spec: str) -> tuple[str, str]:
    """``MODULE_OR_FILE:NAME`` as (module or file, name); the name is empty when there is none."""
    head, colon, tail = spec.rpartition(":")
    return (head, tail) if colon and head and tail.isidentifier() else (spec, "")


def _import_file(path: Path) -> ModuleType:
    if not path.is_file():
        raise ImportTargetError(f"no such file: {str(path)!r}")
    path = path.resolve()
    for name in (path.stem, f"_shardgames_import_{path.stem}"):  # never shadow an unrelated module
        existing = sys.modules.get(name)
        if existing is None:
            break
        if Path(getattr(existing, "__file__", None) or "").resolve() == path:
            return existing
    else:
        raise ImportTargetError(f"cannot import {str(path)!r}: its module name is taken")
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise ImportTargetError(f"cannot import {str(path)!r}: not a Python module")
    if str(path.parent) not in sys.path:
        sys.path.insert(0, str(path.parent))
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except BaseException:
        del sys.modules[name]
        raise
    return module


def import_object(spec: str) -> Any:
    """The object ``NAME`` of ``module.name:NAME`` or ``path/to/file.py:NAME`` (imported as `import_target`).

    Raises:
        ImportTargetError: If the spec names no object, or the module, file or object cannot be found.
    """
    target, attribute = _split(spec)
    if not attribute:
        raise ImportTargetError(f"{spec!r} is not MODULE:NAME or FILE.py:NAME")
    found = getattr(import_module_or_file(target), attribute, None)
    if found is None:
        raise ImportTargetError(f"{target!r} has no {attribute!r}")
    return found


def import_module_or_file(target: str) -> ModuleType:
    """Import ``module.name`` or ``path/to/file.py`` (see `import_target`).

    Raises:
        ImportTargetError: If it cannot be imported; the message is one line and names the target.
    """
    try:
        if target.endswith(".py") or "/" in target or "\\" in target:
            return _import_file(Path(target))
        return importlib.import_module(target)
    except ImportTargetError:
        raise
    except Exception as exc:  # anything the imported code raises means "cannot import"
        raise ImportTargetError(f"cannot import {target!r}: {one_line(exc)}") from None


def one_line(error: BaseException) -> str:
    """An exception in one line: its type, and the first line of its message."""
    text = str(error)
    return f"{type(error).__name__}: {text.splitlines()[0] if text else ''}"
