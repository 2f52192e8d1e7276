"""String enums whose members know their place, for a game's fixed lists (stats, terrains...).

Examples:
    >>> class Colour(OrdinalEnum):
    ...     RED = "red"
    ...     BLUE = "blue"
    >>> Colour.BLUE.ordinal, Colour("red").ordinal, Colour.BLUE == "blue"
    (1, 0, True)
"""

from __future__ import annotations

from enum import StrEnum

__all__ = ["OrdinalEnum"]


class OrdinalEnum(StrEnum):
    """A string enum whose members count their place in the class from 0 (`ordinal`), in the order written.

    A game uses the ordinal to index a table or an observation plane per member.
    """

    ordinal: int
    """The member's place in its class: 0 for the first written."""

    def __init__(self, *_: object) -> None:
        self.ordinal = len(type(self)._member_names_)
