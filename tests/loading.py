"""Loading a script or a docs hook (a file outside the package) as a module, for its tests."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]
"""The root of the repository."""


def load_file(path: Path, name: str, *, register: bool = False) -> ModuleType:
    """The module of the Python file at `path`, imported under `name`.

    With `register`, it is also put in ``sys.modules`` (for code that pickles its classes, say).
    """
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    if register:
        sys.modules[name] = module
    spec.loader.exec_module(module)
    return module
