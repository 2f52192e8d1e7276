"""The five Tactics terrains (TAC-34 to 38), their other names, and reading a terrain's name.

Examples:
    >>> from shardgames.tactics.terrain import parse_terrain
    >>> parse_terrain("rock"), parse_terrain("Water").ordinal
    (<Terrain.STONE: 'stone'>, 3)
"""

from __future__ import annotations

from collections.abc import Mapping

from shardgames.kernel.enums import OrdinalEnum

__all__ = ["TERRAINS", "TERRAIN_ALIASES", "Terrain", "parse_terrain"]


class Terrain(OrdinalEnum):
    """The five terrains (TAC-34 to 38); a terrain's `ordinal` is its number, 0 (fire) to 4 (wind)."""

    FIRE = "fire"
    STONE = "stone"
    PORTAL = "portal"
    WATER = "water"
    WIND = "wind"


TERRAINS: tuple[Terrain, ...] = tuple(Terrain)

TERRAIN_ALIASES: Mapping[str, Terrain] = {"rock": Terrain.STONE, "lava": Terrain.FIRE, "gate": Terrain.PORTAL}
"""Other names some cards use for a terrain (the rulebook's extensibility note: "rock" for Stone)."""


def parse_terrain(text: str) -> Terrain:
    """A terrain by name or alias (``"rock"`` is Stone).

    Raises:
        ValueError: If the name is unknown.
    """
    key = text.strip().lower()
    if key in TERRAIN_ALIASES:
        return TERRAIN_ALIASES[key]
    try:
        return Terrain(key)
    except ValueError:
        names = ", ".join([*(t.value for t in TERRAINS), *TERRAIN_ALIASES])
        raise ValueError(f"{text!r} is not a terrain; terrains are {names}") from None
