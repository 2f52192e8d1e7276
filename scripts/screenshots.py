"""Redraw the pictures of the "Playing and watching" page (docs/assets/playing/).

    python scripts/screenshots.py

It needs what the pictures show being installed: the package with the ``cli`` and ``test`` extras,
tmux, a Chromium (``apt-get install chromium``, or ``SHARDGAMES_CHROMIUM``), and nbconvert with
ipykernel for the notebook (``pip install nbconvert ipykernel``). It plays the same seeded games every
time, so the pictures change only when the drawings do.

- ``terminal.svg``: ``shardgames play`` running in a real terminal (tmux), captured with its colours
  and drawn as SVG by rich;
- ``notebook.png``: a notebook executed by nbconvert, its HTML export photographed by Chromium;
- ``replay.png``: a replay page in Chromium, a few steps into the match.
"""

from __future__ import annotations

import io
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "assets" / "playing"
sys.path.insert(0, str(ROOT / "tests"))

from browser import FLAGS, chromium_path  # noqa: E402 - the test suite's Chromium finder

SESSION = "shardgames-screenshot"
WIDTH, HEIGHT = 110, 44


def terminal() -> None:
    """Play a few moves of SOTA in tmux and keep the screen."""
    from rich.console import Console  # noqa: PLC0415
    from rich.text import Text  # noqa: PLC0415

    command = f"{shutil.which('shardgames') or 'shardgames'} play sota --seat 0 --vs greedy --seed 7"
    subprocess.run(["tmux", "kill-session", "-t", SESSION], capture_output=True, check=False)
    subprocess.run(
        ["tmux", "new-session", "-d", "-s", SESSION, "-x", str(WIDTH), "-y", str(HEIGHT), command],
        check=True,
    )
    try:
        for keys in ("", "0", "0", "0"):
            time.sleep(1.5)
            if keys:
                subprocess.run(["tmux", "send-keys", "-t", SESSION, keys, "Enter"], check=True)
        time.sleep(2)
        screen = subprocess.run(
            ["tmux", "capture-pane", "-t", SESSION, "-p", "-e"], capture_output=True, text=True, check=True
        ).stdout
    finally:
        subprocess.run(["tmux", "kill-session", "-t", SESSION], capture_output=True, check=False)
    console = Console(
        record=True, width=WIDTH, force_terminal=True, color_system="truecolor", file=io.StringIO()
    )
    console.print(Text.from_ansi(screen.rstrip("\n")))
    (OUT / "terminal.svg").write_text(console.export_svg(title="shardgames play sota"), encoding="utf-8")


NOTEBOOK_CELLS = [
    "import shardgames as sg\n\n"
    "record = sg.play_match('command', [sg.RandomAgent(), sg.RandomAgent()], seed=3)",
    "game = sg.load_game('command')\nstate = game.replay(record.seed, record.history[:120])\nstate.view(0)",
]


def notebook(browser: object) -> None:
    """Execute a two-cell notebook and photograph its HTML export."""
    import nbformat  # noqa: PLC0415
    from nbconvert import HTMLExporter  # noqa: PLC0415
    from nbconvert.preprocessors import ExecutePreprocessor  # noqa: PLC0415

    book = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in NOTEBOOK_CELLS])
    ExecutePreprocessor(timeout=120, kernel_name="python3").preprocess(
        book, {"metadata": {"path": str(ROOT)}}
    )
    html, _ = HTMLExporter(template_name="lab").from_notebook_node(book)
    with tempfile.TemporaryDirectory() as folder:
        page_path = Path(folder) / "notebook.html"
        page_path.write_text(html, encoding="utf-8")
        page = browser.new_page(viewport={"width": 1200, "height": 1100})  # type: ignore[attr-defined]
        page.goto(page_path.as_uri())
        page.screenshot(path=str(OUT / "notebook.png"), full_page=False)
        page.close()


def replay(browser: object) -> None:
    """A replay page of a Tactics match, some steps in."""
    import shardgames as sg  # noqa: PLC0415
    from shardgames.tactics import GreedyAgent  # noqa: PLC0415

    record = sg.play_match("tactics", [GreedyAgent(), sg.RandomAgent()], seed=5)
    with tempfile.TemporaryDirectory() as folder:
        page_path = Path(folder) / "replay.html"
        record.save_html(page_path)
        page = browser.new_page(viewport={"width": 1300, "height": 900})  # type: ignore[attr-defined]
        page.goto(page_path.as_uri() + f"#step={min(60, record.length)}")
        page.wait_for_selector("body[data-ready=true]")
        page.screenshot(path=str(OUT / "replay.png"))
        page.close()


def main() -> None:
    from playwright.sync_api import sync_playwright  # noqa: PLC0415

    OUT.mkdir(parents=True, exist_ok=True)
    terminal()
    path = chromium_path()
    if path is None:
        sys.exit("no Chromium found: apt-get install chromium, or set SHARDGAMES_CHROMIUM")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=path, args=FLAGS)
        notebook(browser)
        replay(browser)
        browser.close()
    for name in sorted(OUT.iterdir()):
        print(f"wrote {name.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
