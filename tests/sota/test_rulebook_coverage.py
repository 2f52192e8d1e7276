"""Every clause, ruling, design note, worked example and derived scenario of the SOTA rulebook has a test.

A test is named after its ID, ``test_sota_<id>_...`` (a ruling's part may follow: ``test_sota_r17c_...``).
"""

from __future__ import annotations

from pathlib import Path

from rulebook_coverage import untested

RULEBOOK_IDS = (
    [str(n) for n in range(1, 76)]
    + [f"r{n}" for n in range(1, 24)]
    + [f"d{n}" for n in range(1, 8)]
    + [f"ex{n}" for n in range(1, 11)]
    + [f"dx{n}" for n in range(1, 19)]
)


def test_every_rulebook_id_has_a_test() -> None:
    missing = untested(Path(__file__).parent, "sota", RULEBOOK_IDS)
    assert missing == [], f"no test named test_sota_<id>_... for: {', '.join(missing)}"
