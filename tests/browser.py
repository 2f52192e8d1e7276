"""A headless Chromium for tests, through Playwright, or a skip (a failure when CI requires it).

CI installs Debian's ``chromium`` and sets ``SHARDGAMES_REQUIRE_BROWSER=1``, so there the browser tests
always run; elsewhere they are skipped when no Chromium is found. ``SHARDGAMES_CHROMIUM`` names
another Chromium executable.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from typing import Any

import pytest

FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def chromium_path() -> str | None:
    named = os.environ.get("SHARDGAMES_CHROMIUM")
    if named:
        return named
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None


def _missing(reason: str) -> None:
    if os.environ.get("SHARDGAMES_REQUIRE_BROWSER"):
        pytest.fail(f"the browser tests are required here, but {reason}")
    pytest.skip(reason)


def launch() -> Iterator[Any]:
    """Yield a Playwright browser (for a module-scoped fixture)."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _missing("playwright is not installed (pip install -e '.[test]')")
    path = chromium_path()
    if path is None:
        _missing("no Chromium was found (apt-get install chromium, or set SHARDGAMES_CHROMIUM)")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=path, args=FLAGS)
        try:
            yield browser
        finally:
            browser.close()
