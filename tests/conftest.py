"""Shared test set-up: the template game is registered, and Hypothesis has CI and thorough profiles."""

from __future__ import annotations

import os

from embers import EmbersGame
from hypothesis import HealthCheck, settings

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
settings.load_profile(os.environ.get("SHARDGAMES_HYPOTHESIS_PROFILE", "ci"))
