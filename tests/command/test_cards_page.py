"""The docs hook that fills the designing-cards page with tables and outputs made from the code."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import pytest
from loading import load_file

from shardgames.command import KEYWORDS, price, starter_decks, starter_pool

ROOT = Path(__file__).resolve().parents[2]
HOOK = ROOT / "docs" / "hooks" / "command_cards.py"


def load_hook() -> ModuleType:
    return load_file(HOOK, "command_cards_hook")


def render(markdown: str) -> str:
    result: str = load_hook().on_page_markdown(markdown, page=None, config=None, files=None)
    return result


def test_tables_list_every_keyword_card_and_deck() -> None:
    page = render("A\n\n<!-- command-keywords -->\n\n<!-- command-pool -->\n\n<!-- command-decks -->\n\nZ\n")
    assert "<!-- command-" not in page
    assert page.startswith("A\n")
    assert page.endswith("\nZ\n")
    for kw in KEYWORDS.values():
        assert f"| {kw.id} |" in page
    for card in starter_pool().values():
        assert f"card-{card.id}" in page
    for deck in starter_decks().values():
        assert f"deck-{deck.id}" in page


def test_price_marker_prints_the_breakdown() -> None:
    page = render("<!-- command-price: Windcaller -->\n")
    assert page == f"```text\n{price(starter_pool()['Windcaller'])}\n```\n"


def test_cli_marker_runs_the_command(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    page = render('<!-- command-cli: card price "Quick Spark" -->\n')
    lines = page.splitlines()
    assert lines[:3] == [
        "```console",
        '$ shardgames card price "Quick Spark"',
        "Quick Spark: Rite {Fire}, cost F, Deal 2 Dmg, Fast Speed",
    ]
    assert lines[-2:] == ["shipped pool: 1 card, 0 not legal", "```"]
    assert all(line == line.rstrip() for line in lines)


def test_cli_marker_of_a_failing_command_stops_the_build() -> None:
    with pytest.raises(RuntimeError, match="exited with 2"):
        render("<!-- command-cli: card price no-such-card -->\n")


def test_the_page_uses_each_generated_section() -> None:
    page = (ROOT / "docs" / "command-cards.md").read_text(encoding="utf-8")
    for marker in ("command-keywords", "command-pool", "command-decks", "command-price:", "command-cli:"):
        assert f"<!-- {marker}" in page
