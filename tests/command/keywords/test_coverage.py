"""C.7: one scenario module per glossary keyword, ``test_kNN_<slug>.py``; CI fails on a keyword without one.

The modules for K01 to K26 and K27 to K52 are written separately; until both halves exist the first test
fails, naming the keywords still missing.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from shardgames.command.keywords import KEYWORDS

HERE = Path(__file__).parent
MODULE = re.compile(r"^test_k(?P<number>\d{2})_(?P<slug>\w+)\.py$")


def modules() -> dict[str, Path]:
    """The keyword modules of this folder by keyword id (``K01``)."""
    found: dict[str, Path] = {}
    for path in sorted(HERE.glob("test_k*.py")):
        match = MODULE.match(path.name)
        if match:
            found[f"K{match['number']}"] = path
    return found


def test_cmd_c7_every_keyword_has_a_scenario_module() -> None:
    """C.7 "one module per keyword (K01-K52); CI fails on a keyword without a fixture"."""
    missing = [f"{kid} {KEYWORDS[kid].name}" for kid in KEYWORDS if kid not in modules()]
    assert not missing, f"keywords without a test_kNN_<slug>.py module: {', '.join(missing)}"


def test_cmd_c7_module_names_are_keyword_ids_and_slugs() -> None:
    """C.7: each module is named after its keyword's id and slug: ``test_k02_aerial.py`` for K02."""
    wrong = [
        f"{path.name} (expected test_{kid.lower()}_{KEYWORDS[kid].slug}.py)" if kid in KEYWORDS else path.name
        for kid, path in modules().items()
        if kid not in KEYWORDS or path.name != f"test_{kid.lower()}_{KEYWORDS[kid].slug}.py"
    ]
    assert not wrong, f"misnamed keyword modules: {', '.join(wrong)}"


def test_cmd_c7_every_keyword_module_has_a_scenario() -> None:
    """C.7 "at least one fixture each": every keyword module defines at least one test function."""
    empty = [
        path.name
        for path in modules().values()
        if not any(
            isinstance(node, ast.FunctionDef) and node.name.startswith("test_")
            for node in ast.parse(path.read_text(encoding="utf-8")).body
        )
    ]
    assert not empty, f"keyword modules without a test: {', '.join(empty)}"
