"""Every rulebook ID of Shard Command's combat and recursion has a test named after it.

The IDs are those of ``test_combat.py`` and ``test_recursion.py``: the clauses of §6 and §7 (CMD-32 to
40), the rulings R6 and R12 to R22, R28 and R29, and the derived scenarios DX4 to DX12, DX14 to DX17,
DX20, DX24 and DX25. A test is named ``test_cmd_<id>_...``.
"""

from __future__ import annotations

from pathlib import Path

from rulebook_coverage import untested

COMBAT_AND_RECURSION_IDS = (
    [str(n) for n in range(32, 41)]
    + ["r6", "r12", "r13", "r14", "r15", "r16", "r17", "r18", "r19", "r20", "r21", "r22", "r28", "r29"]
    + [f"dx{n}" for n in range(4, 13)]
    + ["dx14", "dx15", "dx16", "dx17", "dx20", "dx24", "dx25"]
)


def test_cmd_combat_and_recursion_ids_have_tests() -> None:
    """Each ID of §6, §7 and their rulings and scenarios has a ``test_cmd_<id>_...`` test in tests/command."""
    missing = untested(Path(__file__).parent, "cmd", COMBAT_AND_RECURSION_IDS)
    assert missing == [], f"no test named test_cmd_<id>_... for: {', '.join(missing)}"
