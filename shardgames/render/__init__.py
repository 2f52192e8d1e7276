"""Rendering helpers shared by the games: HTML building blocks for notebooks and replay pages.

This package imports nothing from the rest of shardgames, so every game may use it. The games draw
their own tables with `shardgames.render.html` (`State.to_html`, `View.to_html`); a match record
becomes a self-contained replay page with `MatchRecord.to_html` (see `shardgames.arena.replay_page`).
"""

from shardgames.render import html

__all__ = ["html"]
