"""Every clause, ruling, design note and derived scenario of the Tactics rulebook has a test.

A test is named after its ID, ``test_tac_<id>_...`` (a ruling's part may follow: ``test_tac_r10b_...``).
"""

from __future__ import annotations

from pathlib import Path

from rulebook_coverage import untested

RULEBOOK_IDS = (
    [str(n) for n in range(1, 48)]
    + [f"r{n}" for n in range(1, 19)]
    + [f"d{n}" for n in range(1, 5)]
    + [f"dx{n}" for n in range(1, 18)]
)


def test_every_rulebook_id_has_a_test() -> None:
    missing = untested(Path(__file__).parent, "tac", RULEBOOK_IDS)
    assert missing == [], f"no test named test_tac_<id>_... for: {', '.join(missing)}"
