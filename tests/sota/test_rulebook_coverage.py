"""Every clause, ruling, design note, worked example and derived scenario of the SOTA rulebook has a test.

A test is named after its ID, ``test_sota_<id>_...`` (a ruling's part may follow: ``test_sota_r17c_...``).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

HERE = Path(__file__).parent

RULEBOOK_IDS = (
    [str(n) for n in range(1, 76)]
    + [f"r{n}" for n in range(1, 24)]
    + [f"d{n}" for n in range(1, 8)]
    + [f"ex{n}" for n in range(1, 11)]
    + [f"dx{n}" for n in range(1, 19)]
)


def _test_names() -> set[str]:
    names = set()
    for path in HERE.glob("test_*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names.update(node.name for node in ast.walk(tree) if isinstance(node, ast.FunctionDef))
    return names


def test_every_rulebook_id_has_a_test() -> None:
    names = _test_names()
    missing = [i for i in RULEBOOK_IDS if not any(re.match(rf"test_sota_{i}[a-e]?_", n) for n in names)]
    assert missing == [], f"no test named test_sota_<id>_... for: {', '.join(missing)}"
