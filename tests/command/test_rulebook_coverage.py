"""Every clause, ruling and design note of the Shard Command deck builder has a test.

A test is named after its ID, ``test_cmd_<id>_...`` (a ruling's part may follow: ``test_cmd_r5a_...``).
Only the IDs of the card designer are listed: §1 (CMD-1 to 6), §8 (CMD-41 to 43), the rulings R1 to R7,
R24, R25 and R29, the design notes D1 to D5 and the derived scenario DX27 (the C.3 vectors).
"""

from __future__ import annotations

from pathlib import Path

from rulebook_coverage import untested

RULEBOOK_IDS = (
    [str(n) for n in range(1, 7)]
    + ["41", "42", "43"]
    + [f"r{n}" for n in range(1, 8)]
    + ["r24", "r25", "r29"]
    + [f"d{n}" for n in range(1, 6)]
    + ["dx27"]
)


def test_every_rulebook_id_has_a_test() -> None:
    missing = untested(Path(__file__).parent, "cmd", RULEBOOK_IDS)
    assert missing == [], f"no test named test_cmd_<id>_... for: {', '.join(missing)}"
