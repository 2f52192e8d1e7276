"""The optional compiled build: off unless asked for, and listing only modules that exist.

An ordinary install (``pip install .`` or ``pip install -e '.[cli]'``) must stay pure Python, with no C
compiler needed; the compiled variant is built only when its build hook is enabled by name.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def _mypyc_hook() -> dict[str, Any]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    hook: dict[str, Any] = config["tool"]["hatch"]["build"]["targets"]["wheel"]["hooks"]["mypyc"]
    return hook


def test_compiled_build_is_off_by_default() -> None:
    assert _mypyc_hook()["enable-by-default"] is False


def test_compiled_build_needs_nothing_unless_enabled() -> None:
    build_requires = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["build-system"]
    assert not [req for req in build_requires["requires"] if "mypy" in req]


def test_compiled_build_lists_existing_modules_of_the_package() -> None:
    included = _mypyc_hook()["include"]
    assert included
    for path in included:
        assert path.startswith("shardgames/")
        assert path.endswith(".py")
        assert (ROOT / path).is_file(), path


def test_source_tree_holds_no_compiled_modules() -> None:
    built = [p for suffix in ("*.so", "*.pyd") for p in (ROOT / "shardgames").rglob(suffix)]
    assert built == []
