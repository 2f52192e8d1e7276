"""SOTA traits: what a Trait card or a Persona's trait does, as a registry you can extend.

Every trait is one registered `Trait`: its name (what a card file writes), its rules text, the cards
that may carry it (Trait cards, Personas or both), its parameter (a stat, as Siphon(S) and Focus(S)
have) and its hooks, the places where the rules ask it what to do:

* ``use``, in a duel's modifier window (SOTA-39, R18): what using it does, a `Modifier` (a change to
  either Stat Total, or a re-roll), or a function of the duel that returns one; ``None`` makes the
  trait passive, never used as a modifier;
* ``condition``, in the modifier window: why it cannot be used now (a reason, or ``None`` when it
  can); a trait with a stat parameter acts only in a duel of that stat, before any condition;
* ``keeps_stat``, when its Character (or Persona) declares a duel: the declared stat is not used up,
  once per Turn Phase for each card (Encore, SOTA-D4 T6).

The starter traits (SOTA-D4, D5) are registered here; register your own with `register_trait` from
your own module, import it before loading the game, and name it in a card file like a starter trait
(``kind = "rally"`` in a ``[[trait]]`` table, ``trait = "rally"`` for a Persona). The rules never
compare trait names: they ask the hooks. A game's observation gives each trait a one-hot plane, the
starter traits first in a fixed order, then the registered traits its decks use, by name.

Examples:
    >>> from shardgames.sota.traits import Modifier, Trait, register_trait, trait_named
    >>> trait_named("siphon").use
    Modifier(own=2, opposing=-2, reroll=None, text='own total +2, opposing total -2')
    >>> spite = register_trait(
    ...     Trait(
    ...         "spite",
    ...         "opposing total -1",
    ...         carriers=frozenset({"trait"}),
    ...         use=Modifier(opposing=-1, text="opposing total -1"),
    ...     )
    ... )
    >>> trait_named("spite") is spite
    True
    >>> unregister_trait("spite")
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from enum import StrEnum
from typing import TYPE_CHECKING, Any, Literal

import attrs

from shardgames.kernel.errors import CardError
from shardgames.kernel.registry import Registry

if TYPE_CHECKING:
    from shardgames.sota.duel_state import Duel
    from shardgames.sota.state import SotaState

__all__ = [
    "CARRIERS",
    "Modifier",
    "PersonaTrait",
    "Trait",
    "TraitKind",
    "TraitUse",
    "no_condition",
    "register_trait",
    "registered_traits",
    "trait_named",
    "unregister_trait",
]


class TraitKind(StrEnum):
    """The starter traits of Trait cards (SOTA-D4)."""

    SIPHON = "siphon"
    FOCUS = "focus"
    GRIT = "grit"
    FORTUNE = "fortune"
    HEX = "hex"
    ENCORE = "encore"


class PersonaTrait(StrEnum):
    """The starter Persona traits (SOTA-D5)."""

    FLOURISH = "flourish"
    MUSE = "muse"
    CRITIQUE = "critique"
    ENCORE = "encore"


#: The cards that can carry a trait: ``"trait"`` for Trait cards, ``"persona"`` for Personas.
CARRIERS = frozenset({"trait", "persona"})


@attrs.frozen(kw_only=True)
class Modifier:
    """What using a trait does in the modifier window.

    Attributes:
        own: Added to the user's Stat Total.
        opposing: Added to the other duellist's Stat Total.
        reroll: ``"own"``: the user re-rolls its two dice; ``"opposing"``: the other duellist does.
        text: The effect in words, for the event log (e.g. ``"own total +3"``).
    """

    own: int = 0
    opposing: int = 0
    reroll: Literal["own", "opposing"] | None = None
    text: str


@attrs.frozen
class TraitUse:
    """A trait about to be used, or asked whether it can be: what its hooks may look at.

    Attributes:
        state: The game (read it; do not change it).
        duel: The duel in progress.
        side: The user's side, 0 the attacker and 1 the defender.
        seat: The user's seat.
        card: The Trait card or the Persona that carries the trait.
        stat: The trait's stat parameter (0 agility .. 4 charisma), or -1.
    """

    state: SotaState
    duel: Duel
    side: int
    seat: int
    card: int
    stat: int


def no_condition(use: TraitUse) -> str | None:
    """The default `Trait.condition`: the trait can always be used (None: no reason against it)."""
    return None


@attrs.frozen
class Trait:
    """A trait and its hooks (see the module docstring).

    Attributes:
        name: The name card files use, in lower case (``"siphon"``).
        text: Its rules text for people; ``{stat}`` stands for the stat parameter.
        carriers: Which cards may carry it: ``"trait"`` (Trait cards), ``"persona"`` or both.
        takes_stat: Whether it names a stat (a card file gives ``stat``); it then acts only in a duel
            of that stat.
        use: What it does when used in the modifier window: a `Modifier`, or a function of the
            `TraitUse` that returns one; ``None`` for a passive trait.
        condition: Why it cannot be used now, from the `TraitUse` (``None`` when it can).
        keeps_stat: Whether the stat it declares a duel with is not used up, once per Turn Phase.
    """

    name: str
    text: str
    carriers: frozenset[str] = attrs.field(kw_only=True)
    takes_stat: bool = attrs.field(default=False, kw_only=True)
    use: Modifier | Callable[[TraitUse], Modifier] | None = attrs.field(default=None, kw_only=True)
    condition: Callable[[TraitUse], str | None] = attrs.field(default=no_condition, kw_only=True)
    keeps_stat: bool = attrs.field(default=False, kw_only=True)


def _problems(trait: Trait) -> list[str]:
    """Every problem of a trait's declaration (its fields may hold anything a caller passed)."""
    problems = []
    name, text, carriers, use, condition, keeps = (
        attrs.asdict(trait, recurse=False)[key]
        for key in ("name", "text", "carriers", "use", "condition", "keeps_stat")
    )
    if not isinstance(name, str) or not name.strip() or name != name.lower():
        problems.append(f"name: must be a non-empty lower-case string, not {name!r}")
    if not isinstance(text, str) or not text.strip():
        problems.append("text: must say what the trait does")
    if not isinstance(carriers, frozenset) or not carriers or not carriers <= CARRIERS:
        problems.append(f"carriers: must be a non-empty frozenset of {sorted(CARRIERS)}, not {carriers!r}")
    elif trait.takes_stat and "persona" in carriers:
        problems.append("takes_stat: a Persona's trait names no stat; only Trait cards take one")
    if use is not None and not isinstance(use, Modifier) and not callable(use):
        problems.append(f"use: must be a Modifier, a function of a TraitUse or None, not {use!r}")
    if not callable(condition):
        problems.append(f"condition: must be a function of a TraitUse, not {condition!r}")
    if not isinstance(keeps, bool):
        problems.append(f"keeps_stat: must be True or False, not {keeps!r}")
    elif use is None and not keeps:
        problems.append("use: a trait that is not used must keep the stat (keeps_stat), or it does nothing")
    return problems


def _starter(name: str, carrier: str, text: str, *, takes_stat: bool = False, **effect: Any) -> Trait:
    """A starter trait used as a modifier; its event text is its rules text after any stat condition."""
    modifier = Modifier(text=text.rpartition(": ")[2], **effect)
    return Trait(name, text, carriers=frozenset({carrier}), takes_stat=takes_stat, use=modifier)


_STAT_CONDITION = "if the duel stat is {stat}: "
_STARTERS = (
    _starter(
        TraitKind.SIPHON,
        "trait",
        _STAT_CONDITION + "own total +2, opposing total -2",
        takes_stat=True,
        own=2,
        opposing=-2,
    ),
    _starter(TraitKind.FOCUS, "trait", _STAT_CONDITION + "own total +3", takes_stat=True, own=3),
    _starter(TraitKind.GRIT, "trait", "own total +1", own=1),
    _starter(TraitKind.FORTUNE, "trait", "re-roll own dice", reroll="own"),
    _starter(TraitKind.HEX, "trait", "the opposing duellist re-rolls", reroll="opposing"),
    Trait(
        TraitKind.ENCORE,
        "passive: once per Turn Phase, a stat this card declares is not used up",
        carriers=frozenset({"trait", "persona"}),
        keeps_stat=True,
    ),
    _starter(PersonaTrait.FLOURISH, "persona", "own total +2", own=2),
    _starter(PersonaTrait.MUSE, "persona", "re-roll own dice", reroll="own"),
    _starter(PersonaTrait.CRITIQUE, "persona", "opposing total -2", opposing=-2),
)
_REGISTRY = Registry("trait", {trait.name: trait for trait in _STARTERS})

#: The starter traits each carrier's observation planes begin with, in their fixed order.
STARTER_PLANES = {"trait": tuple(TraitKind), "persona": tuple(PersonaTrait)}


def register_trait(trait: Trait) -> Trait:
    """Add `trait` to the registry, so that card files can name it; return it.

    Registering the same trait again is harmless (a module imported twice).

    Raises:
        CardError: Listing every problem: a malformed field, or a name that another trait has.
    """
    problems = _problems(trait)
    existing = _REGISTRY.get(trait.name)
    if existing is not None and existing != trait:
        problems.append(f"name: {trait.name!r} is registered already, as a different trait")
    return _REGISTRY.add(trait.name, trait, problems)


def unregister_trait(name: str) -> None:
    """Remove a trait you registered (a starter trait stays).

    Raises:
        CardError: If `name` is a starter trait or is not registered.
    """
    if _REGISTRY.is_standard(name) or name not in _REGISTRY:
        raise CardError(f"trait {name!r}", ["only a registered trait that is not a starter trait can go"])
    _REGISTRY.remove(name)


def trait_named(name: str) -> Trait:
    """The registered trait called `name`.

    Raises:
        CardError: If no trait has that name.
    """
    trait = _REGISTRY.get(name)
    if trait is None:
        raise CardError(f"trait {name!r}", [f"no such trait; traits are {', '.join(_REGISTRY)}"])
    return trait


def registered_traits(carrier: str | None = None) -> tuple[Trait, ...]:
    """Every registered trait, or those `carrier` may carry: the starter traits first, in order."""
    if carrier is None:
        return tuple(_REGISTRY.values())
    starters = STARTER_PLANES[carrier]
    others = (t for t in _REGISTRY.values() if carrier in t.carriers and t.name not in starters)
    return (*(_REGISTRY[name] for name in starters), *others)


def trait_planes(carrier: str, names: Iterable[str]) -> dict[str, int]:
    """The observation plane of each trait a carrier may hold in a game that uses the traits `names`.

    The starter traits come first, in their fixed order, then the others of `names` by name, so a
    new trait never takes a starter trait's plane and a game without new traits keeps its layout.
    """
    starters = STARTER_PLANES[carrier]
    extra = sorted(set(names) - set(starters))
    return {str(name): index for index, name in enumerate((*starters, *extra))}
