"""MkDocs hook: the Tactics roster and effects, generated from the engine's data so they never drift.

A page line ``<!-- tactics-roster -->`` becomes the roster table: each warrior's letter, cost and both
sides (Might, movement, effect), with the movement diagram of each side as an image. The diagrams are
drawn by `shardgames.tactics.render.movement_svg` and added to the site as generated files,
``assets/tactics/ID-uninjured.svg`` and ``assets/tactics/ID-injured.svg``.

A page line ``<!-- tactics-effects -->`` becomes the table of the effect vocabulary: each effect as
written in a roster file, when it acts, who decides, its reminder text, and the roster sides that have it.
Effect names in the roster table link to the page's ``#effects`` section.

A page line ``<!-- tactics-planes -->`` becomes the table of the observation planes, derived from the
effect registry (`shardgames.tactics.planes.STANDARD_LAYOUT`).

The hook also draws ``assets/tactics/board-example.svg``, the board picture of the page's "Playing in
code" example: the default game with seed 7 after 200 random decisions drawn with ``Rng(1)``.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Iterable, Sequence
from functools import cache
from typing import Any

import shardgames as sg
from shardgames.tactics import Side, TacticsGame, TacticsState
from shardgames.tactics.effects import EFFECTS, Effect
from shardgames.tactics.planes import STANDARD_LAYOUT
from shardgames.tactics.render import board_svg, movement_svg, movement_text

ROSTER_MARKER = re.compile(r"^[ \t]*<!-- tactics-roster -->[ \t]*$", re.MULTILINE)
EFFECTS_MARKER = re.compile(r"^[ \t]*<!-- tactics-effects -->[ \t]*$", re.MULTILINE)
PLANES_MARKER = re.compile(r"^[ \t]*<!-- tactics-planes -->[ \t]*$", re.MULTILINE)
ASSETS = "assets/tactics"
SIDES = ("uninjured", "injured")

# The names the effect table gives the parameters of each kind, in order of appearance.
PARAM_NAMES = {"int": ("n", "m"), "terrain": ("t", "u")}


@cache
def tactics_game() -> TacticsGame:
    """The default Tactics game, whose roster the page shows."""
    game = sg.load_game("tactics")
    assert isinstance(game, TacticsGame)
    return game


def example_svg() -> str:
    """The board picture of the page's example: seed 7, then 200 random decisions from ``Rng(1)``."""
    state = tactics_game().new_initial_state(seed=7)
    assert isinstance(state, TacticsState)
    rng = sg.Rng(1)
    for _ in range(200):
        state.apply_action(rng.choice(state.legal_actions()))
    return board_svg(state)


def diagram_path(card_id: str, injured: bool) -> str:
    """Where the movement diagram of one side lives in the site."""
    return f"{ASSETS}/{card_id}-{SIDES[injured]}.svg"


def on_files(files: Any, /, *, config: Any) -> Any:
    """Add every movement diagram of the roster to the site as a generated file."""
    from mkdocs.structure.files import File  # noqa: PLC0415 - only needed inside a build

    game = tactics_game()
    for index, card in enumerate(game.roster):
        for injured in (False, True):
            svg = movement_svg(game, index, injured)
            files.append(File.generated(config, diagram_path(card.id, injured), content=svg))
    files.append(File.generated(config, f"{ASSETS}/board-example.svg", content=example_svg()))
    return files


def on_page_markdown(markdown: str, /, *, page: Any, **kwargs: Any) -> str:
    """Replace the roster, effect and plane markers with their tables."""
    if ROSTER_MARKER.search(markdown):
        folder = posixpath.dirname(page.file.src_uri) if page is not None else ""
        roster = roster_markdown(folder)
        markdown = ROSTER_MARKER.sub(lambda _: roster, markdown)
    if EFFECTS_MARKER.search(markdown):
        effects = effects_markdown()
        markdown = EFFECTS_MARKER.sub(lambda _: effects, markdown)
    if PLANES_MARKER.search(markdown):
        markdown = PLANES_MARKER.sub(lambda _: STANDARD_LAYOUT.table(), markdown)
    return markdown


def roster_markdown(folder: str = "") -> str:
    """The roster table, with image links relative to a page in `folder` of the docs."""
    game = tactics_game()
    rows = []
    for index, card in enumerate(game.roster):
        sides = []
        for injured, side in enumerate((card.uninjured, card.injured)):
            image = posixpath.relpath(diagram_path(card.id, bool(injured)), folder or ".")
            alt = _escape(f"{side.name}: {movement_text(side.move)}")
            sides.append(f"{_side_text(side)}<br>![{alt}]({image})")
        rows.append([_escape(card.name), f"`{game.codes[index]}`", str(card.cost), *sides])
    return "\n".join(_table(["Warrior", "Letter", "Cost", "Uninjured", "Injured"], rows, "llrll"))


def _side_text(side: Side) -> str:
    parts = [f"Might **{side.might}**", movement_text(side.move)]
    if side.effect is not None:
        written = str(side.effect)
        reminder = EFFECTS[side.effect.name].reminder(side.effect.params)
        parts.append(f'[{_escape(written)}](#effects "{reminder.replace(chr(34), chr(39))}")')
    return ", ".join(parts)


def effects_markdown() -> str:
    """The effect vocabulary as a table."""
    game = tactics_game()
    rows = []
    for definition in EFFECTS.values():
        names = _param_names(definition)
        written = definition.name + (f"({', '.join(names)})" if names else "")
        text = definition.text.format(*names)
        users = [
            side.name
            for card in game.roster
            for side in (card.uninjured, card.injured)
            if side.effect is not None and side.effect.name == definition.name
        ]
        rows.append(
            [
                f"`{written}`",
                definition.timing.value,
                "its controller: use or decline" if definition.optional else "automatic",
                _escape(text[:1].upper() + text[1:]),
                _escape(", ".join(users)) or "&ndash;",
            ]
        )
    headers = ["Effect", "When", "Who decides", "What it does", "In the roster"]
    return "\n".join(_table(headers, rows))


def _param_names(definition: Effect) -> list[str]:
    used = dict.fromkeys(PARAM_NAMES, 0)
    names = []
    for kind in definition.params:
        names.append(PARAM_NAMES[kind][used[kind]])
        used[kind] += 1
    return names


def _table(headers: Sequence[str], rows: Iterable[Sequence[str]], align: str = "") -> list[str]:
    align = align.ljust(len(headers), "l")
    rule = ["---:" if a == "r" else "---" for a in align]
    return [_row(headers), _row(rule), *(_row(row) for row in rows)]


def _row(cells: Sequence[str]) -> str:
    return "| " + " | ".join(cells) + " |"


def _escape(text: str) -> str:
    """Text safe inside a Markdown table cell and free of accidental emphasis."""
    return re.sub(r"([|*_`\\[\]<>])", r"\\\1", text)
