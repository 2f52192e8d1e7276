"""Fixtures of the analysis tests: the Duel game registered for one test module at a time, and pyplot."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from analysis_game import DuelGame

import shardgames as sg


@pytest.fixture(scope="module")
def duel() -> Iterator[str]:
    """The Duel game, registered while one test module runs (the contract tests cover registered games)."""
    sg.register_game(DuelGame)
    try:
        yield "duel"
    finally:
        sg.unregister_game("duel")


@pytest.fixture
def pyplot() -> Iterator[Any]:
    """matplotlib's pyplot on the Agg back end; every figure is closed afterwards."""
    matplotlib = pytest.importorskip("matplotlib", reason="plots need the plot extra (installed in CI)")
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    yield plt
    plt.close("all")
