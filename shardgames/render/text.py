"""Words for output: counts with their nouns in the right number.

Examples:
    >>> from shardgames.render.text import plural
    >>> plural(1, "game"), plural(0, "game"), plural(12, "step")
    ('1 game', '0 games', '12 steps')
    >>> plural(1, "match", "matches"), plural(3, "match", "matches")
    ('1 match', '3 matches')
"""

from __future__ import annotations

__all__ = ["plural"]


def plural(count: int, noun: str, nouns: str | None = None) -> str:
    """`count` followed by `noun`, or by its plural unless `count` is 1.

    Args:
        count: How many.
        noun: The singular (``"game"``).
        nouns: The plural, when it is not `noun` with an ``s`` (``"matches"``).
    """
    return f"{count} {noun if count == 1 else nouns or noun + 's'}"
