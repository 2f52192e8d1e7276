"""Declared state: each field of a game's state written once, with how it is copied and who sees it.

A game declares the fields of its table on a subclass of `Table`, each made by one of the field
constructors below. The declaration says everything the kernel needs: the field's default, how a
clone copies it, and what a seat's view holds of it (the same value frozen, a censored copy, or
nothing). The state class and the view class both inherit the table:

    class EmbersTable(Table):
        __slots__ = ()  # the state and view classes hold the values, in slots
        embers = flat(int, doc="Each seat's embers.")
        hands = hands(doc="Each seat's hand (hidden from the others).")
        decks = decks(doc="Each seat's deck (its order hidden from everyone).")
        discards = nested(int, doc="Each seat's discard pile.")
        active = value(0, doc="The active seat.")


    @state_class
    class EmbersState(State, EmbersTable): ...  # the rules hooks


    @view_class
    class EmbersView(View, EmbersTable): ...  # observation_tensor, __str__

`state_class` turns the declared fields into the state's attrs fields and writes its `_copy_into`;
`view_class` turns the fields a seat may see into the view's frozen attrs fields and writes the copy
back into a state that `View.sample_state` starts from; `State._view` builds the view. All of it is
generated once, at class creation, as plain code: a clone and a view cost what hand-written ones do.
The type checker sees every field with its state type on a state (``list[int]``) and its view type on a
view (``tuple[int, ...]``), refuses assignments to a view, and types a hidden field as ``None`` on a
view, which does not hold it. Adding a field to a game is one line in its table.

Examples:
    >>> class Table2(Table):
    ...     __slots__ = ()
    ...     score = flat(int, default=lambda: [0, 0])
    ...     turn_owner = value(-1)
    >>> [(f.name, f.kind.name) for f in declared_fields(Table2)]
    [('score', 'flat'), ('turn_owner', 'value')]
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterator, Mapping
from typing import TYPE_CHECKING, Any, Generic, TypeVar, cast, overload

import attrs

from shardgames.kernel.views import View, deal
from shardgames.kernel.zones import DeckView, Hand, HandView, HiddenDeck, unknown_cards

if TYPE_CHECKING:
    from shardgames.kernel.state import State

__all__ = [
    "Field",
    "Kind",
    "Table",
    "custom",
    "decks",
    "declared_fields",
    "flat",
    "hands",
    "hidden",
    "nested",
    "state_class",
    "value",
    "view_class",
]

M = TypeVar("M")  # a field's type in a state
F = TypeVar("F")  # its type in a view (None: the view does not hold it)
T = TypeVar("T")
StateT = TypeVar("StateT", bound="State")
ViewT = TypeVar("ViewT", bound="View")


@attrs.frozen
class Kind:
    """How a kind of field is copied, frozen for a view and thawed back: Python expressions of ``{}``.

    Attributes:
        name: The kind's name (``"flat"``, ``"zones"``...).
        copy: The expression that copies the value for a clone (``"{}.copy()"``).
        freeze: The expression of the value a view holds, or ``""`` if views never hold it. It may use
            ``player``, the viewing seat, and ``self``, the state.
        thaw: The expression that turns a view's value back into a state's, or ``""`` where the kernel
            deals the value itself (hidden zones).
    """

    name: str
    copy: str
    freeze: str
    thaw: str


VALUE = Kind("value", "{}", "{}", "{}")
FLAT = Kind("flat", "{}.copy()", "tuple({})", "list({})")
NESTED = Kind("nested", "[v.copy() for v in {}]", "tuple(tuple(v) for v in {})", "[list(v) for v in {}]")
ZONES = Kind("zones", "[z.clone() for z in {}]", "tuple(z.censor(player) for z in {})", "")


class Field(Generic[M, F]):
    """One declared field of a table: its default, its `Kind`, and its documentation.

    On a table class it is the declaration; on a state or view the generated attribute replaces it.
    Read on a view that does not hold it (a hidden field), it raises `AttributeError`.
    """

    def __init__(
        self,
        kind: Kind,
        state_type: Any,
        *,
        default: Any = None,
        factory: Callable[[], Any] | None = None,
        doc: str = "",
        helpers: Mapping[str, Callable[..., Any]] | None = None,
    ) -> None:
        self.kind = kind
        self.state_type = state_type
        self.default = default
        self.factory = factory
        self.doc = doc
        self.helpers: Mapping[str, Callable[..., Any]] = helpers or {}
        self.name = ""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @property
    def visible(self) -> bool:
        """Whether views hold this field."""
        return bool(self.kind.freeze)

    def attrs_default(self) -> Any:
        """The default as attrs takes it: the value, or an `attrs.Factory`."""
        return self.default if self.factory is None else attrs.Factory(self.factory)

    @overload
    def __get__(self, obj: None, owner: type) -> Field[M, F]: ...
    @overload
    def __get__(self, obj: State, owner: type) -> M: ...
    @overload
    def __get__(self, obj: View, owner: type) -> F: ...
    def __get__(self, obj: object, owner: type) -> Any:
        if obj is None:
            return self
        raise AttributeError(f"{type(obj).__name__} does not hold {self.name!r}: it is hidden from views")

    def __set__(self, obj: State, value: M) -> None:
        raise AttributeError(f"{type(obj).__name__}.{self.name} is declared but was never made a field")

    def __repr__(self) -> str:
        return f"<field {self.name}: {self.kind.name}>"


class Table:
    """The base of a game's table: the class whose `Field` attributes declare the game's state.

    A table holds declarations only; the state and view classes that inherit it hold the values, in
    slots. A table therefore declares ``__slots__ = ()``, as every class a state inherits must:
    otherwise each state would carry a ``__dict__``, slower to read and holding attributes that a
    clone, a view and JSON know nothing of (`state_class` and `view_class` refuse such a class).
    """

    __slots__ = ()


# ---------------------------------------------------------------------- the field constructors


def value(default: T, *, of: Any = None, doc: str = "") -> Field[T, T]:
    """A field holding an immutable value (an int, a bool, a str, a tuple, a frozen object).

    Clones share it; views hold it as it is.

    Args:
        default: Its value in a new game.
        of: Its type, for reading JSON back, when it is not the default's (``of=int | None``).
        doc: What the field holds.
    """
    if of is None and default is None:
        raise TypeError("a value field whose default is None needs its type: value(None, of=...)")
    return Field(VALUE, type(default) if of is None else of, default=default, doc=doc)


def flat(
    item: type[T], *, default: Callable[[], list[T]] = list, doc: str = ""
) -> Field[list[T], tuple[T, ...]]:
    """A list of immutable values (one per seat, per square...).

    Clones copy the list; views hold it as a tuple.

    Args:
        item: The type of the items (``flat(int)``, ``flat(tuple[int, ...])``).
        default: Makes the list of a new game (an empty list by default).
        doc: What the field holds.
    """
    return Field(FLAT, list[item], factory=default, doc=doc)  # type: ignore[valid-type]


def nested(
    item: type[T], *, default: Callable[[], list[list[T]]] = list, doc: str = ""
) -> Field[list[list[T]], tuple[tuple[T, ...], ...]]:
    """A list of lists of immutable values (a pile per seat...).

    Clones copy each inner list; views hold tuples of tuples.
    """
    return Field(NESTED, list[list[item]], factory=default, doc=doc)  # type: ignore[valid-type]


def hands(*, doc: str = "") -> Field[list[Hand], tuple[HandView, ...]]:
    """Each seat's `Hand`, indexed by seat: a view holds each hand censored for its seat.

    A sampled state's hands are dealt from the cards the viewing seat does not know.
    """
    return Field(ZONES, list[Hand], factory=list, doc=doc)


def decks(*, doc: str = "") -> Field[list[HiddenDeck], tuple[DeckView, ...]]:
    """Each seat's `HiddenDeck`, indexed by seat: a view holds each deck censored for its seat.

    A sampled state's decks are dealt from the cards the viewing seat does not know.
    """
    return Field(ZONES, list[HiddenDeck], factory=list, doc=doc)


def hidden(
    default: Callable[[], T], *, of: Any, copy: Callable[[T], T] | None = None, doc: str = ""
) -> Field[T, None]:
    """A field no seat sees: views do not hold it, and a sampled state gets `default` in its place.

    Args:
        default: Makes the value of a new game (and of a sampled state).
        of: Its type, for reading JSON back.
        copy: Copies the value for a clone; ``None`` shares it (for immutable values).
        doc: What the field holds.
    """
    helpers: dict[str, Callable[..., Any]] = {"default": default}
    if copy is not None:
        helpers["copy"] = copy
    kind = Kind("hidden", "{}" if copy is None else "_copy({})", "", "_default()")
    return Field(kind, of, factory=default, doc=doc, helpers=helpers)


def custom(
    default: Callable[[], M],
    *,
    of: Any,
    copy: Callable[[M], M],
    freeze: Callable[[M, Any, int], F],
    thaw: Callable[[F], M],
    doc: str = "",
) -> Field[M, F]:
    """A field with its own copy, freeze and thaw: for mutable objects, or a value some seats may not see.

    Args:
        default: Makes the value of a new game.
        of: Its type in a state, for reading JSON back.
        copy: Copies the value for a clone.
        freeze: The value a view holds, from the state's value, the state and the viewing seat.
        thaw: The state's value back from a view's (the view of the seat a state is sampled for).
        doc: What the field holds.
    """
    kind = Kind("custom", "_copy({})", "_freeze({}, self, player)", "_thaw({})")
    return Field(kind, of, factory=default, doc=doc, helpers={"copy": copy, "freeze": freeze, "thaw": thaw})


# ---------------------------------------------------------------------- reading the declaration


def declared_fields(cls: type) -> tuple[Field[Any, Any], ...]:
    """The fields declared on `cls`'s tables, in declaration order (a redeclared name keeps its place)."""
    found: dict[str, Field[Any, Any]] = {}
    for base in reversed(cls.__mro__):
        if issubclass(base, Table):
            found.update((name, item) for name, item in vars(base).items() if isinstance(item, Field))
    return tuple(found.values())


def _own_annotations(cls: type) -> dict[str, Any]:
    return dict(inspect.get_annotations(cls))


def _compile(name: str, lines: list[str], namespace: dict[str, Any]) -> Callable[..., Any]:
    source = "\n".join(lines)
    exec(compile(source, f"<declared {name}>", "exec"), namespace)  # code made from the declarations
    function = namespace[name]
    function.__source__ = source
    return cast(Callable[..., Any], function)


def _helpers(
    fields: tuple[Field[Any, Any], ...],
) -> Iterator[tuple[Field[Any, Any], dict[str, Any], dict[str, str]]]:
    """Each field with its helpers under unique names, and the renaming of ``_copy``, ``_freeze``..."""
    for index, field in enumerate(fields):
        names = {f"_{key}": f"_{key}_{index}" for key in field.helpers}
        values = {f"_{key}_{index}": helper for key, helper in field.helpers.items()}
        yield field, values, names


def _expression(template: str, value: str, names: Mapping[str, str]) -> str:
    text = template.format(value)
    for old, new in names.items():
        text = text.replace(f"{old}(", f"{new}(")
    return text


# ---------------------------------------------------------------------- the decorators


def state_class(cls: type[StateT]) -> type[StateT]:
    """Make a game's state class from the fields of its tables (the class decorator of every state).

    The declared fields become attrs fields with their defaults (the class itself declares none of
    its own). ``_copy_into`` is generated unless the class writes its own, and so is
    ``_hidden_zones`` (every zone of the ``hands()`` and ``decks()`` fields) if there are any.

    Raises:
        TypeError: If the class declares attrs fields of its own, inherits no declared field, or
            inherits a class without ``__slots__``.
    """
    _require_slots(cls)
    fields = declared_fields(cls)
    if not fields:
        raise TypeError(f"{cls.__name__} inherits no declared field: declare them on a Table it inherits")
    own = _own_annotations(cls)
    own = {name: kind for name, kind in own.items() if not _is_class_var(kind)}
    if own:
        raise TypeError(f"{cls.__name__}: declare every field on its table, not here ({', '.join(own)})")
    annotations = _own_annotations(cls)
    for field in fields:
        annotations[field.name] = field.state_type
        setattr(cls, field.name, field.attrs_default())
    cls.__annotations__ = annotations
    made = attrs.define(eq=False)(cls)
    if "_copy_into" not in cls.__dict__:
        made._copy_into = _copy_into_code(made.__name__, fields)  # type: ignore[method-assign]
    zones = [field.name for field in fields if field.kind is ZONES]
    if zones and "_hidden_zones" not in cls.__dict__:
        made._hidden_zones = _hidden_zones_code(made.__name__, zones)  # type: ignore[method-assign]
    return made


def _require_slots(cls: type) -> None:
    """Refuse a class whose instances would get a ``__dict__`` through a base without ``__slots__``."""
    loose = [
        base.__name__ for base in cls.__mro__[1:] if base is not object and "__slots__" not in base.__dict__
    ]
    if loose:
        names = ", ".join(loose)
        raise TypeError(
            f"{cls.__name__} inherits {names} without __slots__: declare __slots__ = () there, or every "
            f"{cls.__name__} gets a __dict__ that clones, views and JSON do not carry"
        )


def _hidden_zones_code(owner: str, zones: list[str]) -> Callable[..., Any]:
    every = ", ".join(f"*self.{name}" for name in zones)
    function = _compile("_hidden_zones", ["def _hidden_zones(self):", f"    return [{every}]"], {})
    function.__qualname__ = f"{owner}._hidden_zones"
    function.__doc__ = "Every zone of the declared hands and decks fields (generated from the declaration)."
    return function


def _is_class_var(annotation: Any) -> bool:
    return isinstance(annotation, str) and annotation.startswith(("ClassVar", "typing.ClassVar"))


def _copy_into_code(owner: str, fields: tuple[Field[Any, Any], ...]) -> Callable[..., Any]:
    namespace: dict[str, Any] = {}
    lines = ["def _copy_into(self, other):"]
    for field, values, names in _helpers(fields):
        namespace.update(values)
        copied = _expression(field.kind.copy, f"self.{field.name}", names)
        lines.append(f"    other.{field.name} = {copied}")
    function = _compile("_copy_into", lines, namespace)
    function.__qualname__ = f"{owner}._copy_into"
    function.__doc__ = "Copy the declared fields into `other` (generated from the declaration)."
    return function


def view_class(cls: type[ViewT]) -> type[ViewT]:
    """Make a game's view class from the fields of its tables that a seat may see (its class decorator).

    The visible declared fields become frozen attrs fields, keyword-only, after any fields the class
    declares itself. A table with hidden zones also gives the view ``unknown``: for each seat, the
    cards of its zones that the viewing seat does not know. Two methods are generated: the classmethod
    ``from_state(state, player, **extra)``, which builds the view (`extra`: the fields the class
    declares itself), and ``_sample_state``, which copies the declared fields back into a state and
    deals the unknown cards again (unless the class writes its own). A view of a table whose fields
    are all visible, with the generated ``_sample_state``, says so in `View.hides_nothing`.

    Raises:
        TypeError: If the class declares a field of its own under the name of a declared one, or
            inherits a class without ``__slots__``.
    """
    _require_slots(cls)
    fields = declared_fields(cls)
    own = _own_annotations(cls)
    clash = sorted(set(own) & {f.name for f in fields})
    if clash:
        names = ", ".join(clash)
        raise TypeError(f"{cls.__name__}: {names} are declared on the table; do not declare them again")
    zones = [field for field in fields if field.kind is ZONES]
    annotations = dict(own)
    for field in fields:
        if field.visible:
            annotations[field.name] = "Any"
            setattr(cls, field.name, attrs.field(kw_only=True))
    if zones and "unknown" not in annotations:
        annotations["unknown"] = "tuple[tuple[int, ...], ...]"
        cls.unknown = attrs.field(kw_only=True)  # type: ignore[attr-defined]
    cls.__annotations__ = annotations
    made = attrs.frozen(cls)
    made.from_state = classmethod(_from_state_code(made.__name__, fields))  # type: ignore[method-assign, assignment]
    if "_sample_state" not in cls.__dict__:
        made._sample_state = _sample_code(made.__name__, fields)  # type: ignore[method-assign]
        made.hides_nothing = not zones and all(field.visible for field in fields)
    return made


def _from_state_code(owner: str, fields: tuple[Field[Any, Any], ...]) -> Callable[..., Any]:
    namespace: dict[str, Any] = {"View": View, "unknown_cards": unknown_cards}
    lines = ["def from_state(cls, self, player, **extra):", "    return cls("]
    lines.append("        **View.base_fields(self, player),")
    for field, values, names in _helpers(fields):
        if field.visible:
            namespace.update(values)
            frozen = _expression(field.kind.freeze, f"self.{field.name}", names)
            lines.append(f"        {field.name}={frozen},")
    zones = [f"self.{field.name}[seat]" for field in fields if field.kind is ZONES]
    if zones:
        group = "(" + ", ".join(zones) + ",)"
        seats = f"range(len(self.{fields[[f.kind for f in fields].index(ZONES)].name}))"
        lines.append(f"        unknown=tuple(unknown_cards({group}, player) for seat in {seats}),")
    lines += ["        **extra,", "    )"]
    function = _compile("from_state", lines, namespace)
    function.__qualname__ = f"{owner}.from_state"
    function.__doc__ = "The view of seat `player` of `state` (generated from the declaration)."
    return function


def _sample_code(owner: str, fields: tuple[Field[Any, Any], ...]) -> Callable[..., Any]:
    namespace: dict[str, Any] = {"deal": deal}
    lines = ["def _sample_state(self, rng):", "    state = self.blank_state(rng)"]
    for field, values, names in _helpers(fields):
        if field.kind.thaw:
            namespace.update(values)
            thawed = _expression(field.kind.thaw, f"self.{field.name}", names)
            lines.append(f"    state.{field.name} = {thawed}")
    hand_fields = [f.name for f in fields if f.kind is ZONES and f.state_type == list[Hand]]
    deck_fields = [f.name for f in fields if f.kind is ZONES and f.state_type == list[HiddenDeck]]
    if hand_fields or deck_fields:
        every = [*hand_fields, *deck_fields]
        lines += [f"    {name} = []" for name in every]
        lines.append("    kind_of = state._kind_of")
        lines.append("    for seat, pool in enumerate(self.unknown):")
        in_hands = "(" + "".join(f"self.{name}[seat], " for name in hand_fields) + ")"
        in_decks = "(" + "".join(f"self.{name}[seat], " for name in deck_fields) + ")"
        lines.append(f"        dealt_hands, dealt_decks = deal(pool, rng, {in_hands}, {in_decks}, kind_of)")
        lines += [f"        {name}.append(dealt_hands[{i}])" for i, name in enumerate(hand_fields)]
        lines += [f"        {name}.append(dealt_decks[{i}])" for i, name in enumerate(deck_fields)]
        lines += [f"    state.{name} = {name}" for name in every]
        lines.append("    state._redealt()")
    lines.append("    return state")
    function = _compile("_sample_state", lines, namespace)
    function.__qualname__ = f"{owner}._sample_state"
    function.__doc__ = "A state with this view's fields, its unknown cards dealt again (generated)."
    return function
