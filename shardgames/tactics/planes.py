"""The layout of the Tactics observation planes, derived from the effect registry.

The planes come in groups: the warrior and terrain on each square, then the planes of each effect
(`Effect.planes` of them), then the counters, the pending decision and the warriors it is about. The
effects are the standard ones, always, in a fixed order, then those of your own that the game's
roster uses, in the order the roster first uses them. So the layout depends on the game alone (its
roster), not on what else is registered, and with the standard roster it has `STANDARD_LAYOUT.count`
(58) planes. An effect of your own gets its own planes before the counters, which move up to make
room, so no plane is ever shared.

Examples:
    >>> from shardgames.tactics.planes import STANDARD_LAYOUT
    >>> STANDARD_LAYOUT.count, STANDARD_LAYOUT.start["PHALANX"], STANDARD_LAYOUT.start["souls"]
    (58, 26, 37)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import attrs

from shardgames.tactics import standard_effects  # noqa: F401 - the standard layout counts the standard effects
from shardgames.tactics.effects import EFFECTS, Effect, is_standard
from shardgames.tactics.phases import Phase

__all__ = ["STANDARD_LAYOUT", "PlaneLayout"]

_BOARD_GROUPS = (
    ("warrior", 2, "a warrior of the viewing seat; a warrior of the opponent"),
    ("commander", 2, "the warrior is a commander; it is injured"),
    ("might", 2, "its effective Might / 4; the Might printed on its side / 4"),
    ("spaces", 1, "its movement's spaces / 4"),
    ("directions", 4, "its directions, one-hot: orthogonal, diagonal, any, free"),
    ("mode", 4, "its mode, one-hot: none, flight, jump, swim"),
    ("attacked", 2, "it has attacked this turn; it is scorched"),
    ("reduction", 2, "its Might lost to attacks this turn / 4; its rally bonus / 4"),
    ("terrain", 5, "the square's terrain, one-hot: Fire, Stone, Portal, Water, Wind"),
    ("terrain_owner", 2, "the terrain belongs to the viewing seat; to the opponent"),
)
_COUNTER_GROUPS = (
    ("souls", 2, "the viewing seat's Souls / 26; the opponent's / 26 (whole planes)"),
    ("actions", 2, "actions used / action limit; actions left / action limit"),
    ("locks", 2, "an extra action was bought this turn; attack actions are locked"),
    ("setup", 2, "setup is under way; the viewing seat is to act"),
    ("turn", 2, "turn / turn cap; purchases made in this setup turn / 3"),
    ("stopped", 2, "the viewing seat has stopped buying; the opponent has"),
    ("decision", len(Phase), f"the pending decision, one-hot (whole planes): {', '.join(Phase)}"),
    (
        "about",
        1,
        "the warrior or warriors the pending decision is about: the one whose effect it is (for a "
        "`portal` decision, the warrior on the Portal), or the ones to order",
    ),
)


@attrs.frozen
class PlaneLayout:
    """Where each group of planes starts, for one set of registered effects.

    Attributes:
        groups: Each group's name (an effect's name for its planes), number of planes and meaning.
        start: The first plane of each group, by name.
        count: The number of planes.
    """

    groups: tuple[tuple[str, int, str], ...]
    start: Mapping[str, int]
    count: int

    @classmethod
    def of(cls, effects: Iterable[Effect]) -> PlaneLayout:
        """The layout with planes for `effects`, in order."""
        effect_groups = tuple(
            (e.name, e.planes, e.plane_text or f"the side shown has the effect `{e.name}`") for e in effects
        )
        groups = (*_BOARD_GROUPS, *effect_groups, *_COUNTER_GROUPS)
        start = {}
        first = 0
        for name, count, _ in groups:
            start[name] = first
            first += count
        return cls(groups, start, first)

    def table(self) -> str:
        """The layout as a Markdown table (the Tactics docs page shows the standard one)."""
        rows = ["| Planes | Content |", "|---|---|"]
        for name, count, text in self.groups:
            first = self.start[name]
            planes = (
                str(first)
                if count == 1
                else f"{first}, {first + 1}"
                if count == 2
                else f"{first} to {first + count - 1}"
            )
            rows.append(f"| {planes} | {text} |")
        return "\n".join(rows)


STANDARD_EFFECTS = tuple(effect for effect in EFFECTS.values() if is_standard(effect))
"""The standard effects, in the order of their planes."""

STANDARD_LAYOUT = PlaneLayout.of(STANDARD_EFFECTS)
"""The layout with the standard effects only."""
