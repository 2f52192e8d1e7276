"""Two traits from outside the package, written as a user writes them in a module of their own.

Riposte (Trait cards): own total +3, but only for the defender, a fixed modifier with a condition.
Rally (Trait cards and Personas): own total +1 for each Ally in the user's Ally Position of the duel
stat, an effect computed from the duel.

A user's module would register them as it is imported; this one registers them when `register` is
called, because the test run imports every module for its doctests and the traits must not reach
the other tests' card files.
"""

from __future__ import annotations

from shardgames.sota.traits import Modifier, Trait, TraitUse, register_trait


def only_defending(use: TraitUse) -> str | None:
    """Riposte answers a challenge: the attacker cannot use it."""
    return None if use.side == 1 else "Riposte answers a challenge: only the defender can use it"


def rally(use: TraitUse) -> Modifier:
    """Own total +1 for each Ally in the user's Ally Position of the duel stat."""
    allies = len(use.state.allies[use.seat * 5 + use.duel.stat])
    return Modifier(own=allies, text=f"own total +{allies}")


RIPOSTE = Trait(
    "riposte",
    "when defending: own total +3",
    carriers=frozenset({"trait"}),
    use=Modifier(own=3, text="own total +3"),
    condition=only_defending,
)
RALLY = Trait(
    "rally",
    "own total +1 for each Ally of the duel stat in play",
    carriers=frozenset({"trait", "persona"}),
    use=rally,
)


def register() -> None:
    """Register both traits (again: a second time changes nothing)."""
    register_trait(RIPOSTE)
    register_trait(RALLY)
