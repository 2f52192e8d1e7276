"""Rendering helpers shared by the games: HTML building blocks for notebooks and replay pages, and words.

This package imports nothing from the rest of shardgames, so every game may use it. The games draw
their own tables with `shardgames.render.html` (`State.to_html`, `View.to_html`); a match record
becomes a self-contained replay page with `MatchRecord.to_html` (see `shardgames.arena.replay_page`).
`shardgames.render.text` puts counts into words (``1 game``, ``2 games``).
"""

from shardgames.render import html, text

__all__ = ["html", "text"]
