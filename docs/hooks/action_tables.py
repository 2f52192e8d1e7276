"""MkDocs hook: a game's action space as a table, generated from its codec so it never drifts.

A page line ``<!-- action-space: GAME_STRING -->`` becomes a table of that configuration's action
families: the action, its fields, the first id and the number of ids, player actions first and then
chance outcomes. A sentence after it says how much of the space a decision uses: the legal actions
of every decision of `USAGE_GAMES` random games from fixed seeds (the same on every build).
"""

from __future__ import annotations

import re
from typing import Any

import shardgames as sg

MARKER = re.compile(r"^[ \t]*<!-- action-space: (?P<game>\S+) -->[ \t]*$", re.MULTILINE)

USAGE_GAMES = 20
"""Random games whose decisions measure how much of the action space a decision uses."""


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
    return "\n".join([*rows, "", usage(game)])


def usage(game: sg.Game) -> str:
    """How many legal actions the decisions of random games offer, against the size of the space."""
    counts = []
    for seed in range(USAGE_GAMES):
        state = game.new_initial_state(seed)
        rng = sg.Rng(seed)
        while not state.is_terminal():
            legal = state.legal_actions()
            if state.current_player >= 0:
                counts.append(len(legal))
            state.apply_action(
                state.sample_chance_outcome(rng) if state.is_chance_node() else rng.choice(legal)
            )
    counts.sort()
    mean = sum(counts) / len(counts)
    share = 100 * mean / game.num_distinct_actions
    return (
        f"How much of it a decision uses: over the {len(counts):,} decisions of {USAGE_GAMES} random games, "
        f"a decision offered {mean:.1f} legal actions on average (median {counts[len(counts) // 2]}, at "
        f"most {counts[-1]}), {share:.2g} % of the {game.num_distinct_actions:,} player action ids."
    )


def on_page_markdown(markdown: str, **kwargs: Any) -> str:
    """Replace every action-space marker with its table."""
    return MARKER.sub(lambda match: action_table(match["game"]), markdown)
