"""Every clause, ruling, design note and derived scenario of the Shard Command rulebook has a test.

A test is named after its ID, ``test_cmd_<id>_...`` (a ruling's part may follow: ``test_cmd_r10a_...``).
The tests live in this directory; the glossary keywords (K01 to K52) have one module each in
``keywords/``, checked by ``keywords/test_coverage.py``.
"""

from __future__ import annotations

from pathlib import Path

from rulebook_coverage import untested

RULEBOOK_IDS = (
    [str(n) for n in range(1, 48)]
    + [f"r{n}" for n in range(1, 33)]
    + [f"d{n}" for n in range(1, 6)]
    + [f"dx{n}" for n in range(1, 28)]
)


def test_every_rulebook_id_has_a_test() -> None:
    missing = untested(Path(__file__).parent, "cmd", RULEBOOK_IDS)
    assert missing == [], f"no test named test_cmd_<id>_... for: {', '.join(missing)}"
