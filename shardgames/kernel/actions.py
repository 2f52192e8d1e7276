"""Actions and the action codec.

An `Action` is a frozen, hashable value: the primary way to talk to a game. Each game also has a fixed
*action space*: every possible action has a stable integer id in ``[0, num_distinct_actions)``, for
machine learning and adapters. The space is declared as a list of `ActionFamily` entries, one per action
class, each with a finite `Domain` per field; ids are assigned family by family, and inside a family in
mixed-radix order of the fields. Chance outcomes (dice, drawn cards, coin flips) are actions too, in a
second space of ``max_chance_outcomes`` ids that follows the player actions.

Examples:
    >>> import attrs
    >>> from shardgames.kernel.actions import Action, ActionCodec, ActionFamily, IntRange, Maybe
    >>> @attrs.frozen
    ... class Play(Action):
    ...     card: int
    ...     target: int | None
    >>> @attrs.frozen
    ... class Pass(Action):
    ...     pass
    >>> codec = ActionCodec(
    ...     [
    ...         ActionFamily(Pass),
    ...         ActionFamily(Play, card=IntRange(0, 10), target=Maybe(IntRange(0, 2))),
    ...     ]
    ... )
    >>> codec.num_distinct_actions
    31
    >>> codec.encode(Play(card=3, target=1))
    12
    >>> codec.decode(12)
    Play(card=3, target=1)
"""

from __future__ import annotations

import bisect
from collections.abc import Hashable, Iterable, Mapping, Sequence
from operator import itemgetter
from typing import Any, ClassVar, Protocol

import attrs

from shardgames.kernel.errors import ActionCodecError

EAGER_LIMIT = 20_000
"""Action spaces up to this size are built in full when the codec is made."""

TABLE_LIMIT = 4_000_000
"""Action spaces up to this size keep a flat table of the actions decoded so far (fast lookups)."""

__all__ = [
    "Action",
    "ActionCodec",
    "ActionFamily",
    "Choice",
    "Domain",
    "IntRange",
    "Maybe",
    "PassAction",
]


@attrs.frozen
class Action:
    """Base class of every action: frozen, slotted, hashable, compared by value.

    Subclass it with ``@attrs.frozen`` and name it as an imperative (``ChooseStat``, ``Draw``).

    Attributes:
        is_chance: Class flag for chance outcomes (a die face, a drawn card, a coin side).
    """

    is_chance: ClassVar[bool] = False

    @property
    def is_noop(self) -> bool:
        """Whether this action does nothing (pass, skip, draw 0).

        When a no-op is a player's *only* legal action, the engine applies it automatically (convention
        E4). Subclasses override this property, per class or per value.
        """
        return False

    def __str__(self) -> str:
        values = ", ".join(f"{a.name}={getattr(self, a.name)}" for a in attrs.fields(type(self)))
        return f"{type(self).__name__}({values})" if values else type(self).__name__


@attrs.frozen
class PassAction(Action):
    """The base of a game's pass: an action of no fields that does nothing, written ``pass``.

    Being a no-op, it is applied by itself when it is a player's only legal action.
    """

    @property
    def is_noop(self) -> bool:
        """Passing does nothing."""
        return True

    def __str__(self) -> str:
        return "pass"


class Domain(Protocol):
    """The finite set of values one action field can take, numbered ``0..size-1``."""

    @property
    def size(self) -> int:
        """How many values the field can take."""
        ...

    def index(self, value: Any) -> int:
        """The number of `value`; raises `ValueError` when it is not in the domain."""
        ...

    def value(self, index: int) -> Any:
        """The value numbered `index`."""
        ...


@attrs.frozen
class IntRange:
    """The integers ``start, start+1, ..., stop-1``."""

    start: int
    stop: int

    @property
    def size(self) -> int:
        """How many integers the range holds."""
        return self.stop - self.start

    def index(self, value: Any) -> int:
        """The number of `value` within the range."""
        if isinstance(value, bool) or not isinstance(value, int) or not self.start <= value < self.stop:
            raise ValueError(f"{value!r} is not an int in [{self.start}, {self.stop})")
        return int(value - self.start)

    def value(self, index: int) -> int:
        """The integer numbered `index`."""
        return self.start + index


def _as_tuple(values: Iterable[Hashable]) -> tuple[Hashable, ...]:
    return tuple(values)


@attrs.frozen
class Choice:
    """An explicit, ordered list of hashable values (enum members, strings, tuples)."""

    values: tuple[Hashable, ...] = attrs.field(converter=_as_tuple)
    _positions: Mapping[Hashable, int] = attrs.field(init=False, repr=False, eq=False)

    def __attrs_post_init__(self) -> None:
        positions = {v: i for i, v in enumerate(self.values)}
        if len(positions) != len(self.values):
            raise ValueError("Choice values must be distinct")
        object.__setattr__(self, "_positions", positions)

    @property
    def size(self) -> int:
        """How many values there are."""
        return len(self.values)

    def index(self, value: Any) -> int:
        """The position of `value` in the list."""
        try:
            return self._positions[value]
        except (KeyError, TypeError):
            raise ValueError(f"{value!r} is not one of {list(self.values)}") from None

    def value(self, index: int) -> Any:
        """The value at `index`."""
        return self.values[index]


@attrs.frozen
class Maybe:
    """An optional field: ``None`` (number 0) or a value of the inner domain (numbers 1..)."""

    inner: Domain

    @property
    def size(self) -> int:
        """One more than the inner domain."""
        return self.inner.size + 1

    def index(self, value: Any) -> int:
        """0 for ``None``, otherwise one more than the inner number."""
        return 0 if value is None else self.inner.index(value) + 1

    def value(self, index: int) -> Any:
        """``None`` for 0, otherwise the inner value."""
        return None if index == 0 else self.inner.value(index - 1)


class ActionFamily:
    """One action class and a finite domain for each of its fields.

    Ids count through the fields like the digits of a number, the first field the most significant;
    `order` names the fields in another order of significance (to keep the common actions of a family
    next to each other, say).

    Args:
        cls: An attrs `Action` subclass.
        order: The field names, most significant first (default: the attrs field order).
        **domains: One `Domain` per attrs field of `cls`, by field name.

    Raises:
        ValueError: If the domains (or `order`) do not name exactly the fields of `cls`.
    """

    __slots__ = ("cls", "domains", "names", "size", "strides")

    def __init__(
        self, cls: type[Action], /, *, order: Sequence[str] | None = None, **domains: Domain
    ) -> None:
        fields = tuple(a.name for a in attrs.fields(cls))
        if set(fields) != set(domains):
            raise ValueError(
                f"{cls.__name__}: domains must cover exactly the fields {list(fields)}, got {sorted(domains)}"
            )
        names = tuple(order) if order is not None else fields
        if sorted(names) != sorted(fields):
            raise ValueError(f"{cls.__name__}: order must name each of the fields {list(fields)} once")
        self.cls = cls
        self.names = names
        self.domains = tuple(domains[n] for n in names)
        strides: list[int] = []
        size = 1
        for domain in reversed(self.domains):
            strides.append(size)
            size *= domain.size
        self.strides = tuple(reversed(strides))
        self.size = size

    def index(self, action: Action) -> int:
        """The number of `action` within this family."""
        total = 0
        for name, domain, stride in zip(self.names, self.domains, self.strides, strict=True):
            total += domain.index(getattr(action, name)) * stride
        return total

    def action(self, index: int) -> Action:
        """The action numbered `index` within this family."""
        values = {}
        for name, domain, stride in zip(self.names, self.domains, self.strides, strict=True):
            values[name], index = divmod(index, stride)
            values[name] = domain.value(values[name])
        return self.cls(**values)


class ActionCodec:
    """Stable integer ids for every action of a game (player actions first, then chance outcomes).

    Encoding and decoding are memoised, so on the hot path they cost one dictionary lookup.

    Args:
        families: The player-action families, in id order.
        chance_families: The chance-outcome families, numbered after the player actions.
    """

    def __init__(
        self, families: Sequence[ActionFamily], chance_families: Sequence[ActionFamily] = ()
    ) -> None:
        self.families = tuple(families)
        self.chance_families = tuple(chance_families)
        everything = self.families + self.chance_families
        classes = [f.cls for f in everything]
        if len(set(classes)) != len(classes):
            raise ValueError("each action class may appear in only one family")
        self._family_of = {f.cls: f for f in everything}
        self._offsets: list[int] = []
        offset = 0
        for family in everything:
            self._offsets.append(offset)
            offset += family.size
        self._offset_of = {f.cls: o for f, o in zip(everything, self._offsets, strict=True)}
        self.num_distinct_actions = sum(f.size for f in self.families)
        self.max_chance_outcomes = sum(f.size for f in self.chance_families)
        self._ids: dict[Action, int] = {}
        self._actions: dict[int, Action] = {}
        self._table: list[Action | None] = [None] * self.size if self.size <= TABLE_LIMIT else []
        if self.size <= EAGER_LIMIT:  # small spaces: build every action once, up front
            for index in range(self.size):
                self.decode(index)

    @property
    def size(self) -> int:
        """The number of ids of both spaces together."""
        return self.num_distinct_actions + self.max_chance_outcomes

    @property
    def action_types(self) -> tuple[type[Action], ...]:
        """Every action class, player actions first."""
        return tuple(f.cls for f in self.families + self.chance_families)

    def encode(self, action: Action) -> int:
        """The id of `action`; chance outcomes get ids ``>= num_distinct_actions``.

        Raises:
            ActionCodecError: If the action's class or a field value is outside the action space.
        """
        try:
            return self._ids[action]
        except KeyError:
            pass
        except TypeError:
            raise ActionCodecError(f"{action!r} is not an action (not hashable)") from None
        family = self._family_of.get(type(action))
        if family is None:
            raise ActionCodecError(f"{type(action).__name__} is not an action of this game")
        try:
            index = self._offset_of[family.cls] + family.index(action)
        except ValueError as exc:
            raise ActionCodecError(f"{action!r} is outside this game's action space: {exc}") from None
        self._ids[action] = index
        return index

    def decode(self, index: int) -> Action:
        """The action with id `index`.

        Raises:
            ActionCodecError: If `index` is not an id of this game.
        """
        if type(index) is int:  # bool is an int but not an id
            action = self._actions.get(index)
            if action is not None:
                return action
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < self.size:
            raise ActionCodecError(f"{index!r} is not an action id; ids are 0..{self.size - 1}")
        position = bisect.bisect_right(self._offsets, index) - 1
        family = (self.families + self.chance_families)[position]
        action = family.action(index - self._offsets[position])
        self._actions[index] = action
        self._ids[action] = index
        if self._table:
            self._table[index] = action
        return action

    def decode_many(self, ids: Iterable[int]) -> tuple[Action, ...]:
        """The actions of many valid ids at once (no checks: for games listing their legal ids)."""
        table = self._table
        if table:
            ids = ids if isinstance(ids, list) else list(ids)
            found: tuple[Action | None, ...]
            if len(ids) > 1:
                found = itemgetter(*ids)(table)  # one C loop (a tuple for two or more ids)
            else:
                found = tuple([table[i] for i in ids])
            if all(found):  # no None: every action was built (actions are always true)
                return found  # type: ignore[return-value]
            return tuple([self.decode(i) if a is None else a for i, a in zip(ids, found, strict=True)])
        return tuple([self.decode(i) for i in ids])

    def first_id(self, cls: type[Action]) -> int:
        """The id of the first action of the family of `cls` (for games computing ids by arithmetic)."""
        return self._offset_of[cls]

    def sort(self, actions: Iterable[Action]) -> tuple[Action, ...]:
        """`actions` in id order, as a tuple."""
        return tuple(sorted(actions, key=self.encode))

    def describe(self) -> list[tuple[str, int, int, tuple[str, ...]]]:
        """Rows of (class name, first id, number of ids, field names), for documentation."""
        everything = self.families + self.chance_families
        return [
            (f.cls.__name__, offset, f.size, f.names)
            for f, offset in zip(everything, self._offsets, strict=True)
        ]
