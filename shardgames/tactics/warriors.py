"""Tactics warriors: the card model, the movement grammar, and loading rosters.

A warrior card has a Soul cost, a commander flag and two sides, uninjured and injured (TAC-7); each
side has its own Might, movement and (at most one) effect. Movement is data (TAC-D2): a set of
directions, a number of spaces ("up to" or exactly), and a mode (flight, jump, swim or none). Effects
are named with parameters, ``RANGED(3)``, and looked up in the effect registry of
`shardgames.tactics.effects`, so a user can add a warrior as data:

```toml
[[warrior]]
id = "lancer"
name = "Lancer"
cost = 4
commander = false
uninjured = { might = 3, move = "ortho 3 jump", effect = "STRIKER(1)" }
injured = { name = "Lancer (injured)", might = 2, move = "ortho 1" }
```

A movement is written ``DIRECTIONS [exact] SPACES [MODE]``: directions ``ortho``, ``diag``, ``any``
(a straight line in any of the 8 directions) or ``free`` (each step in any direction: bent paths),
spaces 0 to 4 (``0`` or ``none``: the warrior cannot move), ``exact`` for exactly that many, and a
mode ``flight``, ``jump`` or ``swim``.

Examples:
    >>> from shardgames.tactics.warriors import parse_move, starter_roster
    >>> parse_move("any 3 jump")
    MoveSpec(dirs=<Dirs.ANY: 'any'>, spaces=3, exact=False, mode=<Mode.JUMP: 'jump'>)
    >>> roster = starter_roster()
    >>> [w.name for w in roster if w.commander]
    ['CMDR Vale', 'CMDR Oren', 'CMDR Kess']
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable, Mapping, Sequence
from enum import StrEnum
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import attrs

from shardgames.kernel.datafiles import read_data_file, stop_checking
from shardgames.kernel.errors import CardError
from shardgames.tactics.effects import EFFECTS
from shardgames.tactics.terrain import TERRAIN_ALIASES, TERRAINS, Terrain, parse_terrain

__all__ = [
    "TERRAINS",
    "TERRAIN_ALIASES",
    "Dirs",
    "EffectSpec",
    "Mode",
    "MoveSpec",
    "Side",
    "Terrain",
    "WarriorCard",
    "load_roster_file",
    "parse_effect",
    "parse_move",
    "parse_roster",
    "parse_terrain",
    "starter_roster",
    "warrior_to_data",
]

MAX_SPACES = 4
"""The most spaces a movement may have (TAC-D2)."""


class Dirs(StrEnum):
    """The directions of a move."""

    ORTHO = "ortho"
    DIAG = "diag"
    ANY = "any"
    FREE = "free"


class Mode(StrEnum):
    """How a move treats what is in its way (TAC-R10)."""

    NONE = "none"
    FLIGHT = "flight"
    JUMP = "jump"
    SWIM = "swim"


@attrs.frozen
class MoveSpec:
    """A movement (TAC-D2): directions, spaces (up to, or exactly), and a mode."""

    dirs: Dirs
    spaces: int
    exact: bool = False
    mode: Mode = Mode.NONE

    def __str__(self) -> str:
        """The movement as a roster file writes it (``"ortho 3 jump"``, ``"any exact 2"``, ``"none"``)."""
        if self.spaces == 0:
            return "none"
        exact = "exact " if self.exact else ""
        mode = "" if self.mode is Mode.NONE else f" {self.mode.value}"
        return f"{self.dirs.value} {exact}{self.spaces}{mode}"


@attrs.frozen
class EffectSpec:
    """An effect by name with its parameters, e.g. ``RANGED(3)`` or ``TERRAIN_AFFINITY(water,1)``."""

    name: str
    params: tuple[int | str, ...] = ()

    def __str__(self) -> str:
        return f"{self.name}({','.join(str(p) for p in self.params)})" if self.params else self.name


@attrs.frozen
class Side:
    """One side of a warrior card."""

    name: str
    might: int
    move: MoveSpec
    effect: EffectSpec | None = None


@attrs.frozen
class WarriorCard:
    """A warrior card (TAC-5 to 9): Soul cost, commander flag, and its uninjured and injured sides."""

    id: str
    name: str
    cost: int
    commander: bool
    uninjured: Side
    injured: Side

    def side(self, injured: bool) -> Side:
        """The side in use."""
        return self.injured if injured else self.uninjured


# ---------------------------------------------------------------------- parsing the grammar

_MOVE = re.compile(
    r"^\s*(?P<dirs>ortho|diag|any|free)\s+(?P<exact>exact\s+)?(?P<spaces>\d+)(?:\s+(?P<mode>flight|jump|swim))?\s*$"
)
_EFFECT = re.compile(r"^\s*(?P<name>[A-Z][A-Z0-9_]*)\s*(?:\((?P<params>[^()]*)\))?\s*$")


def parse_move(text: str) -> MoveSpec:
    """Read a movement such as ``"ortho 3 jump"``, ``"any exact 2"`` or ``"none"``.

    Raises:
        ValueError: If the text does not follow the grammar (the message shows it).
    """
    if text.strip().lower() in ("none", "cannot move"):
        return MoveSpec(Dirs.ANY, 0)
    match = _MOVE.match(text.lower())
    if match is None:
        raise ValueError(
            f"{text!r} is not a movement; write DIRECTIONS [exact] SPACES [MODE], e.g. 'ortho 3 jump'"
        )
    spaces = int(match["spaces"])
    if spaces > MAX_SPACES:
        raise ValueError(f"{text!r}: a movement has 0 to {MAX_SPACES} spaces")
    return MoveSpec(Dirs(match["dirs"]), spaces, bool(match["exact"]), Mode(match["mode"] or "none"))


def parse_effect(text: str) -> EffectSpec:
    """Read an effect such as ``"RANGED(3)"`` or ``"TERRAIN_AFFINITY(water, 1)"`` and check it exists.

    Raises:
        ValueError: If the effect is unknown or its parameters do not fit its definition.
    """
    match = _EFFECT.match(text)
    if match is None:
        raise ValueError(f"{text!r} is not an effect; write NAME or NAME(param, ...)")
    name = match["name"]
    definition = EFFECTS.get(name)
    if definition is None:
        raise ValueError(f"unknown effect {name!r}; effects are {', '.join(sorted(EFFECTS))}")
    raw = [p.strip() for p in match["params"].split(",")] if match["params"] else []
    return EffectSpec(name, definition.read_params(raw))


# ---------------------------------------------------------------------- loading rosters


def _side(where: str, raw: Any, default_name: str, problems: list[str]) -> Side | None:
    if not isinstance(raw, Mapping):
        problems.append(f"{where}: must be a table with might, move and (optionally) name and effect")
        return None
    problems.extend(
        f"{where}.{key}: unknown field; fields are name, might, move, effect"
        for key in sorted(set(raw) - {"name", "might", "move", "effect"})
    )
    name = raw.get("name", default_name)
    might = raw.get("might")
    ok = True
    if isinstance(might, bool) or not isinstance(might, int) or not 0 <= might <= 9:
        problems.append(f"{where}.might: must be an int 0..9, not {might!r}")
        ok = False
    try:
        move = parse_move(str(raw.get("move", "")))
    except ValueError as exc:
        problems.append(f"{where}.move: {exc}")
        ok = False
    effect = None
    if raw.get("effect") is not None:
        try:
            effect = parse_effect(str(raw["effect"]))
        except ValueError as exc:
            problems.append(f"{where}.effect: {exc}")
            ok = False
    return Side(str(name), might, move, effect) if ok and isinstance(might, int) else None


def parse_roster(data: Mapping[str, Any], *, source: str = "roster") -> tuple[WarriorCard, ...]:
    """Validate and build the warriors of already-parsed TOML or JSON data (``warrior`` tables).

    Raises:
        CardError: Listing every problem: unknown fields, bad numbers, movements or effects, duplicate
            ids, a commander without "CMDR" in its name or the other way round (up to
            `shardgames.kernel.datafiles.PROBLEM_LIMIT`, where checking stops).
    """
    problems = [
        f"{key}: unknown section; a roster file holds [[warrior]] tables"
        for key in sorted(set(data) - {"warrior"})
    ]
    entries = data.get("warrior", [])
    if not isinstance(entries, list):
        raise CardError(source, ["warrior: must be an array of tables"])
    warriors: list[WarriorCard] = []
    seen: set[str] = set()
    for index, raw in enumerate(entries):
        if stop_checking(problems):
            break
        where = f"warrior[{index}]"
        if not isinstance(raw, Mapping):
            problems.append(f"{where}: must be a table")
            continue
        allowed = {"id", "name", "cost", "commander", "uninjured", "injured"}
        problems.extend(
            f"{where}.{key}: unknown field; fields are {', '.join(sorted(allowed))}"
            for key in sorted(set(raw) - allowed)
        )
        card_id, name = raw.get("id"), raw.get("name")
        if not isinstance(card_id, str) or not card_id:
            problems.append(f"{where}.id: must be a non-empty string")
        elif card_id in seen:
            problems.append(f"{where}.id: {card_id!r} is used by an earlier warrior")
        else:
            seen.add(card_id)
        if not isinstance(name, str) or not name:
            problems.append(f"{where}.name: must be a non-empty string")
            name = str(card_id)
        cost = raw.get("cost")
        if isinstance(cost, bool) or not isinstance(cost, int) or not 0 <= cost <= 26:
            problems.append(f"{where}.cost: must be an int 0..26, not {cost!r}")
        commander = raw.get("commander", "CMDR" in name)
        if not isinstance(commander, bool):
            problems.append(f"{where}.commander: must be true or false")
        elif commander != ("CMDR" in name):
            problems.append(f"{where}.commander: a commander's name contains CMDR, and only a commander's")
        uninjured = _side(f"{where}.uninjured", raw.get("uninjured"), name, problems)
        injured = _side(f"{where}.injured", raw.get("injured"), f"{name} (injured)", problems)
        if uninjured and injured and isinstance(card_id, str) and isinstance(cost, int):
            warriors.append(WarriorCard(card_id, name, cost, bool(commander), uninjured, injured))
    if problems:
        raise CardError(source, problems)
    return tuple(warriors)


def load_roster_file(path: str | Path) -> tuple[WarriorCard, ...]:
    """Load warriors from a ``.toml`` or ``.json`` file (see the module docstring for the format).

    Raises:
        CardError: If the file cannot be read or parsed, listing every problem.
    """
    data = read_data_file(path, CardError)
    return parse_roster(data, source=str(path))


@cache
def starter_roster() -> tuple[WarriorCard, ...]:
    """The eleven warriors of the rulebook's roster (TAC-D1)."""
    text = resources.files("shardgames.tactics").joinpath("data/roster.toml").read_text(encoding="utf-8")
    return parse_roster(tomllib.loads(text), source="roster.toml")


def _move_text(move: MoveSpec) -> str:
    """A movement as a roster file writes it, read back equal (``"ortho 0 jump"`` is not ``"none"``)."""
    text = str(move)
    if parse_move(text) == move:
        return text
    exact = "exact " if move.exact else ""
    mode = "" if move.mode is Mode.NONE else f" {move.mode.value}"
    return f"{move.dirs.value} {exact}{move.spaces}{mode}"


def _side_data(side: Side) -> dict[str, Any]:
    data: dict[str, Any] = {"name": side.name, "might": side.might, "move": _move_text(side.move)}
    if side.effect is not None:
        data["effect"] = str(side.effect)
    return data


def warrior_to_data(card: WarriorCard) -> dict[str, Any]:
    """A warrior as a ``[[warrior]]`` table (TOML- and JSON-ready); `parse_roster` reads it back equal.

    Examples:
        >>> warrior_to_data(starter_roster()[1])  # doctest: +NORMALIZE_WHITESPACE
        {'id': 'archer', 'name': 'Archer', 'cost': 2, 'commander': False,
         'uninjured': {'name': 'Archer', 'might': 1, 'move': 'ortho 2', 'effect': 'RANGED(3)'},
         'injured': {'name': 'Archer (injured)', 'might': 1, 'move': 'none', 'effect': 'RANGED(2)'}}
    """
    return {
        "id": card.id,
        "name": card.name,
        "cost": card.cost,
        "commander": card.commander,
        "uninjured": _side_data(card.uninjured),
        "injured": _side_data(card.injured),
    }


def merge_rosters(*rosters: Iterable[WarriorCard]) -> tuple[WarriorCard, ...]:
    """The warriors of several rosters; a later warrior with the same id replaces an earlier one."""
    merged: dict[str, WarriorCard] = {}
    for roster in rosters:
        for warrior in roster:
            merged[warrior.id] = warrior
    return tuple(merged.values())


def roster_ids(roster: Sequence[WarriorCard]) -> tuple[str, ...]:
    """The ids of a roster, in order."""
    return tuple(w.id for w in roster)
