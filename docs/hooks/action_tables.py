"""MkDocs hook: a game's action space as a table, generated from its codec so it never drifts.

A page line ``<!-- action-space: GAME_STRING -->`` becomes a table of that configuration's action
families: the action, its fields, the first id and the number of ids, player actions first and then
chance outcomes.
"""

from __future__ import annotations

import re
from typing import Any

import shardgames as sg

MARKER = re.compile(r"^[ \t]*<!-- action-space: (?P<game>\S+) -->[ \t]*$", re.MULTILINE)


def action_table(game_string: str) -> str:
    """The Markdown table of the action families of `game_string`."""
    game = sg.load_game(game_string)
    rows = [
        f"Action ids of `{game}`: {game.num_distinct_actions} player actions, then "
        f"{game.max_chance_outcomes} chance outcomes.",
        "",
        "| action | fields | first id | ids |",
        "|---|---|---|---|",
    ]
    for name, first, size, fields in game.codec.describe():
        shown = ", ".join(f"`{f}`" for f in fields) or "-"
        rows.append(f"| `{name}` | {shown} | {first} | {size} |")
    return "\n".join(rows)


def on_page_markdown(markdown: str, **kwargs: Any) -> str:
    """Replace every action-space marker with its table."""
    return MARKER.sub(lambda match: action_table(match["game"]), markdown)
