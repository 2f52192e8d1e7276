"""Every clause, ruling and scenario of the Shard Command game covered by these test files has a test.

A test is named after its ID, ``test_cmd_<id>_...`` (a ruling's part may follow: ``test_cmd_r10a_...``).
Listed here: setup (CMD-7 to 12, R7, R8, R26), turns (CMD-13 to 22, R9, R31, R32), the Queue (CMD-23 to 26,
R10, R11, R21), resources (CMD-27 to 31, R25, R27), winning (CMD-44 to 47, R23, R30) and the scenarios DX1,
DX2, DX3, DX13, DX18, DX19, DX21, DX22, DX23, DX26. Combat and recursion IDs are listed by their own check.
"""

from __future__ import annotations

from pathlib import Path

from rulebook_coverage import untested

GAME_IDS = (
    [str(n) for n in range(7, 32)]
    + [str(n) for n in range(44, 48)]
    + ["r7", "r8", "r9", "r10", "r11", "r21", "r23", "r25", "r26", "r27", "r30", "r31", "r32"]
    + ["dx1", "dx2", "dx3", "dx13", "dx18", "dx19", "dx21", "dx22", "dx23", "dx26"]
)


def test_every_game_rulebook_id_has_a_test() -> None:
    missing = untested(Path(__file__).parent, "cmd", GAME_IDS)
    assert missing == [], f"no test named test_cmd_<id>_... for: {', '.join(missing)}"
