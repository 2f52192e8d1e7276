"""Shared test set-up: the template game is registered; Hypothesis has four profiles (ci is the default).

``SHARDGAMES_LONG=1`` runs the random-play suites over many more games (the ``long`` profile);
``SHARDGAMES_HYPOTHESIS_PROFILE`` names a profile directly. The invariant suite counts its checks, and the
totals are printed at the end of the run.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Generator

import pytest
from embers import EmbersGame
from hypothesis import HealthCheck, settings
from playing import CHECKS

import shardgames as sg

sg.register_game(EmbersGame)

settings.register_profile(
    "ci",
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
settings.register_profile(
    "thorough",
    max_examples=300,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
settings.register_profile(
    "long",
    max_examples=200,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
settings.register_profile(  # scripts/mutation.py: the same examples every run, none remembered
    "mutation",
    max_examples=12,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
_DEFAULT_PROFILE = "long" if os.environ.get("SHARDGAMES_LONG") == "1" else "ci"
settings.load_profile(os.environ.get("SHARDGAMES_HYPOTHESIS_PROFILE", _DEFAULT_PROFILE))


@pytest.hookimpl(wrapper=True, trylast=True)
def pytest_runtest_call(item: pytest.Item) -> Generator[None, object, object]:
    """Tests marked ``no_cover`` run untraced.

    pytest-cov pauses its collector for them, but an xdist worker runs two collectors, and pausing
    the top one resumes the one beneath it (a strength test then takes four times as long). This
    wrapper runs inside pytest-cov's: it removes whatever trace function is left for the test and
    puts it back before pytest-cov resumes its own.
    """
    if item.get_closest_marker("no_cover") is None:
        return (yield)
    tracer = sys.gettrace()
    sys.settrace(None)
    try:
        return (yield)
    finally:
        sys.settrace(tracer)


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """The invariant checks run in this process (with xdist, the workers' counts are not gathered)."""
    if CHECKS:
        terminalreporter.section("invariant checks")
        for name, count in sorted(CHECKS.items()):
            terminalreporter.write_line(f"{count:>10,}  {name}")
        terminalreporter.write_line(f"{sum(CHECKS.values()):>10,}  in all")
