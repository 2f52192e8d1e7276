"""The Tactics effect registry (TAC-D3): each effect is one registered object with its behaviour.

An effect declares its name, its timing (TAC-41 to 43: passive, after moving, reactive, or at the
start of its owner's turn), its typed parameters, whether its controller decides to use it, its
reminder text and how many observation planes it takes; it carries its rules as hooks that the turn
calls (see `Effect`). The rules never compare effect names: they ask the effect of the side a warrior
shows. The observation layout (`shardgames.tactics.planes`) gives every registered effect its own
planes, in registration order, so a new effect cannot overwrite another's plane.

The rulebook's nine effects, and the two that let cards beyond the roster be written as data
(``VOLLEY(r)`` and ``PLACE_TERRAIN(t)``, the rulebook's extensibility note), are registered in
`shardgames.tactics.standard_effects`. Your own effect is a subclass of `Effect` registered with
`register_effect` (see the Tactics docs page, "Your own effects").

Examples:
    >>> from shardgames.tactics.effects import EFFECTS
    >>> EFFECTS["RANGED"].reminder((3,))
    'Passive: its attack actions may target an enemy within effect distance 3.'
"""

from __future__ import annotations

import re
import string
from collections.abc import Iterable, Mapping, Sequence
from enum import StrEnum
from typing import TYPE_CHECKING, ClassVar, TypeVar

from shardgames.kernel.actions import Action
from shardgames.kernel.errors import UsageError
from shardgames.kernel.registry import Registry
from shardgames.tactics.terrain import parse_terrain

if TYPE_CHECKING:
    from shardgames.tactics.game import CompiledSide
    from shardgames.tactics.phases import TacticsPrompt
    from shardgames.tactics.state import TacticsState

__all__ = ["EFFECTS", "PARAM_KINDS", "Effect", "Timing", "register_effect", "unregister_effect"]


class Timing(StrEnum):
    """When an effect acts (TAC-41 to 43, R16)."""

    PASSIVE = "passive"
    AFTER_MOVING = "after moving"
    REACTIVE = "reactive"
    TURN_START = "turn start"


PARAM_KINDS = ("int", "terrain")
"""The kinds of effect parameter: a whole number 0 to 7, or a terrain's name."""

_NAME = re.compile(r"[A-Z][A-Z0-9_]*")


class Effect:
    """One effect: its declaration (class attributes) and its rules (hooks the turn calls).

    Subclass it, set the declaration and override the hooks the effect needs; the defaults do
    nothing, except that an optional effect asks its controller at its timing (and the hooks
    `choices` and `resolve` then say what the controller may do). Every hook gets the state, the
    warrior whose side shows the effect and that side (`CompiledSide`: its parameters are
    ``side.amounts``, the numbers, and ``side.names``, the terrains, in order). Hooks must be
    deterministic: any chance goes through the state's decisions, never through ``random``.

    Attributes:
        name: The name used in card data, e.g. ``"RANGED"`` (capitals, digits and ``_``).
        timing: When it acts.
        params: The kind of each parameter: ``"int"`` or ``"terrain"``.
        optional: Whether its controller decides to use it (TAC-R16); a passive effect cannot be.
        text: The reminder text, with ``{0}``, ``{1}`` for the parameters.
        planes: How many observation planes it takes (see `observe`).
        plane_text: What its planes show, for the documented layout (``None``: "the side shows it").
        strike_value: What it adds to a warrior's attacking strength, for agents that value cards.
        escapes: Whether it lets its warrior move away after an attack, for agents.
    """

    name: ClassVar[str] = ""
    timing: ClassVar[Timing] = Timing.PASSIVE
    params: ClassVar[tuple[str, ...]] = ()
    optional: ClassVar[bool] = False
    text: ClassVar[str] = ""
    planes: ClassVar[int] = 1
    plane_text: ClassVar[str | None] = None
    escapes: ClassVar[bool] = False

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

    def __repr__(self) -> str:
        return f"<effect {self.name}>"

    def __reduce__(self) -> tuple[object, ...]:
        """Pickled by its registered name: the registering module must be loaded to read it back."""
        return (_registered, (self.name,))

    # ------------------------------------------------------------------ passive modifiers

    def might(self, s: TacticsState, warrior: int, side: CompiledSide, *, attacking: bool) -> int:
        """What it adds to the warrior's Might now (``attacking``: the warrior is the attacker)."""
        return 0

    def reach(self, amounts: tuple[int, ...], names: tuple[str, ...]) -> int:
        """How far the warrior's attack actions reach (1: adjacent)."""
        return 1

    def defend(self, side: CompiledSide, reduction: int) -> int:
        """The reduction an attack on the warrior makes, given what the attacker's Might would make."""
        return reduction

    def strike_value(self, params: Sequence[int | str]) -> float:
        """What it adds to a warrior's attacking strength, for agents that value cards (0 by default)."""
        return 0.0

    # ------------------------------------------------------------------ timed effects

    def after_move(self, s: TacticsState, warrior: int, side: CompiledSide) -> None:
        """After-Moving (TAC-41): the warrior moved. By default an optional effect asks its controller."""
        self.ask(s, warrior)

    def after_attacked(self, s: TacticsState, warrior: int, side: CompiledSide) -> None:
        """Reactive: the warrior was attacked and is still on the board. By default, as `after_move`."""
        self.ask(s, warrior)

    def turn_start(self, s: TacticsState, warrior: int, side: CompiledSide) -> None:
        """At the start of its owner's turn, before the first action. By default, as `after_move`."""
        self.ask(s, warrior)

    def ask(self, s: TacticsState, warrior: int) -> None:
        """Ask the warrior's controller whether and how to use it (an optional effect only)."""
        if self.optional:
            s.ask_effect(warrior, self.timing)

    def choices(self, s: TacticsState, prompt: TacticsPrompt, side: CompiledSide) -> Iterable[int]:
        """The action ids its controller may choose besides declining (``prompt.warrior`` is its own)."""
        return ()

    def resolve(self, s: TacticsState, prompt: TacticsPrompt, action: Action, side: CompiledSide) -> None:
        """Carry out the chosen action (one of `choices`)."""
        raise NotImplementedError(f"{self.name} offers no choices")

    # ------------------------------------------------------------------ observation

    def observe(self, s: TacticsState, warrior: int, side: CompiledSide) -> Sequence[float]:
        """The values of its `planes` on the warrior's square (by default 1: the side shows it)."""
        return (1.0,)


EffectT = TypeVar("EffectT", bound=Effect)

_REGISTRY: Registry[Effect] = Registry("effect")
EFFECTS: Mapping[str, Effect] = _REGISTRY
"""Every registered effect, by name, in registration order."""


def register_effect(effect: type[EffectT]) -> type[EffectT]:
    """Register an effect class (a decorator); its name can then be used in roster files.

    Games made afterwards know it: their observation planes give it `Effect.planes` planes after the
    effects registered before it.

    Raises:
        CardError: Listing every problem of the declaration (a bad or taken name, an unknown timing or
            parameter kind, a reminder text that does not fit the parameters...).
    """
    instance = effect()
    _REGISTRY.add(getattr(instance, "name", "?"), instance, _declaration_problems(instance))
    return effect


def unregister_effect(name: str) -> None:
    """Forget a registered effect (games made before keep it). For tests of your own effects.

    Raises:
        UsageError: If no such effect is registered, or it is one of the standard effects.
    """
    effect = _REGISTRY.get(name)
    if effect is None:
        raise UsageError(f"no effect {name!r} is registered")
    if is_standard(effect):
        raise UsageError(f"{name} is a standard effect: it stays registered")
    _REGISTRY.remove(name)


def is_standard(effect: Effect) -> bool:
    """Whether `effect` is one of the standard effects (those of `shardgames.tactics.standard_effects`)."""
    return type(effect).__module__ == "shardgames.tactics.standard_effects"


def _registered(name: str) -> Effect:
    effect = _REGISTRY.get(name)
    if effect is None:
        raise UsageError(f"effect {name!r} is not registered: import the module that registers it first")
    return effect


def _declaration_problems(effect: Effect) -> list[str]:
    problems = []
    name: object = effect.name
    text: object = effect.text
    timing: object = effect.timing
    if not isinstance(name, str) or not _NAME.fullmatch(name):
        problems.append(f"name: {name!r} is not a name of capitals, digits and _ starting with a capital")
    elif name in _REGISTRY:
        problems.append(f"name: {name} is registered already (by {type(_REGISTRY[name]).__qualname__})")
    if not isinstance(timing, Timing):
        problems.append(f"timing: {timing!r} is not one of {', '.join(repr(t) for t in Timing)}")
    elif effect.optional and timing is Timing.PASSIVE:
        problems.append("optional: a passive effect has no decision; give it another timing")
    elif effect.optional and (
        type(effect).choices is Effect.choices or type(effect).resolve is Effect.resolve
    ):
        problems.append(
            "optional: an optional effect offers its controller choices; define choices and resolve"
        )
    params: object = effect.params
    if not isinstance(params, tuple) or any(kind not in PARAM_KINDS for kind in params):
        problems.append(f"params: {params!r} must be a tuple of {' or '.join(map(repr, PARAM_KINDS))}")
    elif isinstance(text, str):
        fields = [field for _, field, _, _ in string.Formatter().parse(text) if field is not None]
        wrong = [field for field in fields if not field.isdigit() or int(field) >= len(params)]
        if wrong:
            problems.append(f"text: {{{wrong[0]}}} is not one of the {len(params)} parameter(s)")
    if not isinstance(text, str) or not text:
        problems.append("text: the reminder text is missing")
    planes: object = effect.planes
    if not isinstance(planes, int) or isinstance(planes, bool) or planes < 1:
        problems.append(f"planes: {planes!r} must be a whole number of 1 or more")
    return problems
