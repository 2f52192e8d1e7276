"""Recorded playthroughs replay to the letter (see tests/golden_playthroughs.py to regenerate)."""

from __future__ import annotations

import pytest
from golden_playthroughs import GOLDEN_DIR, PLAYTHROUGHS, playthrough


@pytest.mark.parametrize(("name", "game_string", "seed"), PLAYTHROUGHS)
def test_playthrough_matches_the_recording(name: str, game_string: str, seed: int) -> None:
    expected = (GOLDEN_DIR / name).read_text(encoding="utf-8")
    hint = f"{name} differs; regenerate with python tests/golden_playthroughs.py and read the diff"
    assert playthrough(game_string, seed) == expected, hint
