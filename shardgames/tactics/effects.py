"""The Tactics effect vocabulary (TAC-D3), registered by name.

Each effect has a timing (TAC-41 to 43: passive, after moving, reactive, or at the start of its
owner's turn), typed parameters, whether its controller decides to use it, and a reminder text. The
rules of each effect are in `shardgames.tactics.play`; a test checks that every registered effect has
an implementation and a scenario.

Besides the rulebook's nine effects, two are here so that cards beyond the roster can be written as
data (the rulebook's extensibility note): ``VOLLEY(r)``, an attack through an effect, and
``PLACE_TERRAIN(t)``, terrain placed by an effect.

Examples:
    >>> from shardgames.tactics.effects import EFFECTS
    >>> EFFECTS["RANGED"].reminder((3,))
    'Passive: its attack actions may target an enemy within effect distance 3.'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import StrEnum

import attrs

from shardgames.tactics.terrain import parse_terrain

__all__ = ["EFFECTS", "EffectDefinition", "Timing"]


class Timing(StrEnum):
    """When an effect acts (TAC-41 to 43, R16)."""

    PASSIVE = "passive"
    AFTER_MOVING = "after moving"
    REACTIVE = "reactive"
    TURN_START = "turn start"


@attrs.frozen
class EffectDefinition:
    """One effect of the vocabulary.

    Attributes:
        name: The name used in card data, e.g. ``"RANGED"``.
        timing: When it acts.
        params: The kind of each parameter: ``"int"`` or ``"terrain"``.
        optional: Whether its controller decides to use it (TAC-R16).
        text: The reminder text, with ``{0}``, ``{1}`` for the parameters.
    """

    name: str
    timing: Timing
    params: tuple[str, ...]
    optional: bool
    text: str

    def read_params(self, raw: Sequence[str]) -> tuple[int | str, ...]:
        """Convert written parameters to values.

        Raises:
            ValueError: If their number or kinds do not fit.
        """
        if len(raw) != len(self.params):
            raise ValueError(
                f"{self.name} takes {len(self.params)} parameter(s) ({', '.join(self.params) or 'none'})"
            )
        values: list[int | str] = []
        for kind, text in zip(self.params, raw, strict=True):
            if kind == "terrain":
                values.append(parse_terrain(text).value)
            else:
                try:
                    number = int(text)
                except ValueError:
                    raise ValueError(f"{self.name}: {text!r} is not a whole number") from None
                if not 0 <= number <= 7:
                    raise ValueError(f"{self.name}: {number} is outside 0..7")
                values.append(number)
        return tuple(values)

    def reminder(self, params: Sequence[int | str]) -> str:
        """The reminder text with the parameters filled in."""
        return f"{self.timing.value.capitalize()}: {self.text.format(*params)}"


EFFECTS: Mapping[str, EffectDefinition] = {
    definition.name: definition
    for definition in (
        EffectDefinition(
            "PHALANX", Timing.PASSIVE, ("int",), False, "+{0} Might while at least one ally is adjacent."
        ),
        EffectDefinition(
            "RANGED",
            Timing.PASSIVE,
            ("int",),
            False,
            "its attack actions may target an enemy within effect distance {0}.",
        ),
        EffectDefinition(
            "RALLY_SELF", Timing.AFTER_MOVING, ("int",), False, "+{0} Might until your next turn starts."
        ),
        EffectDefinition(
            "RALLY_ADJ",
            Timing.AFTER_MOVING,
            ("int",),
            False,
            "each ally adjacent after the move gets +{0} Might until your next turn starts.",
        ),
        EffectDefinition(
            "TERRAIN_AFFINITY", Timing.PASSIVE, ("terrain", "int"), False, "+{1} Might while standing in {0}."
        ),
        EffectDefinition(
            "BRACE", Timing.PASSIVE, ("int",), False, "attacks against it reduce its Might by {0} less."
        ),
        EffectDefinition("STRIKER", Timing.PASSIVE, ("int",), False, "+{0} Might while it is the attacker."),
        EffectDefinition(
            "RIPOSTE_MOVE",
            Timing.REACTIVE,
            (),
            True,
            "after it is attacked and still on the board, its controller may move it once (not an action).",
        ),
        EffectDefinition(
            "NUDGE",
            Timing.TURN_START,
            (),
            True,
            "may move one adjacent warrior, of either side, 1 space to an empty cell it can enter.",
        ),
        EffectDefinition(
            "VOLLEY",
            Timing.AFTER_MOVING,
            ("int",),
            True,
            "may attack an enemy within effect distance {0}; the attack uses no action.",
        ),
        EffectDefinition(
            "PLACE_TERRAIN",
            Timing.AFTER_MOVING,
            ("terrain",),
            True,
            "may place a {0} of its controller's on an adjacent cell with no warrior and no terrain.",
        ),
    )
}
"""Every effect, by name."""
