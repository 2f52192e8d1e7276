"""Rendering helpers shared by the games: HTML building blocks for notebooks and replay pages.

This package imports nothing from the rest of shardgames, so every game may use it. The games draw
their own tables with it (`State.to_html`, `View.to_html`); `shardgames.render.replay` turns a match
record into a self-contained HTML page.
"""

from shardgames.render.html import (
    STYLE,
    card,
    card_back,
    chip,
    chips,
    document,
    esc,
    fragment,
    panel,
    stat_line,
    table,
    zone,
)

__all__ = [
    "STYLE",
    "card",
    "card_back",
    "chip",
    "chips",
    "document",
    "esc",
    "fragment",
    "panel",
    "stat_line",
    "table",
    "zone",
]
