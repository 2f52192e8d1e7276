"""The documentation build runs every notebook: no cached page can show the numbers of older rules."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]


def jupyter_settings(monkeypatch: pytest.MonkeyPatch, cache: str | None) -> dict[str, Any]:
    """The mkdocs-jupyter settings of mkdocs.yml, read as mkdocs reads them."""
    yaml = pytest.importorskip("mkdocs.utils.yaml")
    if cache is None:
        monkeypatch.delenv("SHARDGAMES_DOCS_NOTEBOOK_CACHE", raising=False)
    else:
        monkeypatch.setenv("SHARDGAMES_DOCS_NOTEBOOK_CACHE", cache)
    with (ROOT / "mkdocs.yml").open(encoding="utf-8") as file:
        config = yaml.yaml_load(file)
    (settings,) = (
        p["mkdocs-jupyter"] for p in config["plugins"] if isinstance(p, dict) and "mkdocs-jupyter" in p
    )
    return dict(settings)


def test_the_build_executes_the_notebooks_without_a_cache(monkeypatch: pytest.MonkeyPatch) -> None:
    settings = jupyter_settings(monkeypatch, None)
    assert settings["execute"] is True
    assert settings["allow_errors"] is False
    assert settings["cache"] is False  # mkdocs-jupyter's cache is keyed by the notebook, not the code


def test_the_full_check_builds_without_the_cache_whatever_the_environment(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert jupyter_settings(monkeypatch, "true")["cache"] is True  # for a quicker `mkdocs serve`
    check = (ROOT / "scripts" / "check").read_text(encoding="utf-8")
    build = next(line for line in check.splitlines() if "mkdocs build --strict --site-dir" in line)
    assert "SHARDGAMES_DOCS_NOTEBOOK_CACHE=false " in build


def test_no_cached_notebook_page_is_committed() -> None:
    git = shutil.which("git")
    if git is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout")
    tracked = subprocess.run(
        [git, "ls-files", "--", ".cache"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    assert tracked == ""
    assert ".cache/" in (ROOT / ".gitignore").read_text(encoding="utf-8").splitlines()
