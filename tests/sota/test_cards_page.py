"""The docs hook that turns the starter card data into the tables of the SOTA cards page."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

from loading import load_file

from shardgames.sota.cards import CharacterCard, PersonaCard, Variant, starter_decks, starter_pool

HOOK = Path(__file__).resolve().parents[2] / "docs" / "hooks" / "sota_cards.py"


def load_hook() -> ModuleType:
    return load_file(HOOK, "sota_cards_hook")


def test_the_marker_line_becomes_every_deck_and_every_card() -> None:
    """SOTA-D1: the page lists the five Starter Decks, in order, with every card of each."""
    hook = load_hook()
    page = "# Cards\n\nIntro.\n\n<!-- sota-starter-decks -->\n\nAfter.\n"
    markdown = hook.on_page_markdown(page, page=None, config=None, files=None)
    assert "<!-- sota-starter-decks -->" not in markdown
    assert markdown.startswith("# Cards\n\nIntro.\n\n## ")
    assert markdown.endswith("\n\nAfter.\n")
    positions = [markdown.index(f"(`{name}`) {{#{name}}}") for name in starter_decks()]
    assert positions == sorted(positions)
    for card in starter_pool().values():
        assert card.name in markdown, card.id
    for deck in starter_decks().values():
        assert deck.title in markdown
        assert deck.theme in markdown


def test_tables_show_stats_traits_and_twin_partners() -> None:
    markdown = load_hook().starter_decks_markdown()
    assert "| Vael, Kiln-Warden | 4 | 3 | 1 | 6 | 6 | **Flourish**: Own total +2, any stat. |" in markdown
    assert "| Casstia | standard | 3 | 2 | 2 | 6 | 2 |  |" in markdown
    assert "| Livaris | twin | 3 | 2 | 3 | 5 | 2 | twin of Saravel |" in markdown
    assert "| Magic | Ember Mote | Molten Whisper | Cinder Familiar |" in markdown
    assert (
        "| Drawn Ember | Siphon(magic) | If the duel stat is Magic: opposing total &minus;2, own total +2. |"
        in (markdown)
    )
    signable = [
        c for c in starter_pool().values() if isinstance(c, CharacterCard) and c.variant is Variant.SIGNABLE
    ]
    assert markdown.count("| +1 when signed |") == len(signable) == 45
    assert markdown.count("### Personas") == 5
    assert sum(isinstance(c, PersonaCard) for c in starter_pool().values()) == 15


def test_pages_without_the_marker_are_unchanged() -> None:
    page = "# Other\n\n<!-- another marker -->\n"
    assert load_hook().on_page_markdown(page, page=None, config=None, files=None) == page
