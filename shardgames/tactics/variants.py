"""Variants for experiments: the same Tactics game with one warrior changed.

`warrior_variant` writes the changed warrior to a roster file and returns the game with that file added
to its ``roster`` parameter (a warrior with an existing id replaces it), so the variant is a normal
game: its string names the file, `load_game` reads it back, and tournaments play it on any back end
that can read the file.
"""

from __future__ import annotations

import difflib
import json
from pathlib import Path
from typing import Any

from shardgames.kernel.datafiles import changes_stem, toml_text, write_data_file
from shardgames.kernel.errors import CardError, UsageError
from shardgames.kernel.game import Game, load_game
from shardgames.tactics.game import TacticsGame
from shardgames.tactics.warriors import WarriorCard, parse_roster, warrior_to_data

__all__ = ["FIELDS", "warrior_variant"]

FIELDS = ("cost", "might", "move", "effect", "injured_might", "injured_move", "injured_effect")
"""The fields a variant may change: the Soul cost, then each side's Might, movement and effect."""


def _find_warrior(game: TacticsGame, name: str) -> tuple[WarriorCard | None, list[str]]:
    for card in game.roster:
        if name == card.id or name.lower() == card.name.lower():
            return card, []
    names = [card.name for card in game.roster]
    close = difflib.get_close_matches(name, names, n=3, cutoff=0.6)
    hint = f" (did you mean {' or '.join(repr(c) for c in close)}?)" if close else ""
    return None, [
        f"warrior: no warrior {name!r} in the roster of {game}{hint}; its warriors are {', '.join(names)}"
    ]


def _problem(text: str) -> str:
    """A roster problem as the changes name fields: ``injured_move: ...`` for ``warrior[0].injured.move``."""
    text = text.removeprefix("warrior[0].")
    return text.removeprefix("uninjured.").replace("injured.", "injured_", 1)


def _changed(found: WarriorCard, changes: dict[str, Any], problems: list[str]) -> WarriorCard | None:
    """`found` with `changes`, or ``None`` with the reasons added to `problems`."""
    data = warrior_to_data(found)
    for field, value in changes.items():
        if field == "cost":
            table, key = data, field
        elif field.startswith("injured_"):
            table, key = data["injured"], field.removeprefix("injured_")
        else:
            table, key = data["uninjured"], field
        if value is None:
            table.pop(key, None)
        else:
            table[key] = value
    try:
        (changed,) = parse_roster({"warrior": [data]})
    except CardError as exc:
        problems += [_problem(p) for p in exc.problems]
        return None
    return changed


def warrior_variant(game: Game | str, warrior: str, directory: Path | str, **changes: Any) -> TacticsGame:
    """The game with one warrior changed: its roster file is written to `directory`, the rest is as before.

    The warrior keeps every field it has and takes the new values of `changes`: ``cost`` (Souls, 0 to
    26), and for its uninjured side ``might`` (0 to 9), ``move`` (a movement such as ``"ortho 3 jump"``)
    and ``effect`` (such as ``"RANGED(3)"``; ``None`` removes it), and for its injured side
    ``injured_might``, ``injured_move`` and ``injured_effect``. Values are written as in a roster file
    (`shardgames.tactics.warriors`).

    The file is named after the warrior and the changes (``knight-might-5.toml``) and holds the whole
    warrior, so the same changes give the same bytes; a file of that name holding something else is
    never overwritten (the new name ends with a hash of its content instead).

    The variant lives in a file on this machine: the returned game's string names it by its absolute
    path, so processes on this machine can load the game, but a Ray cluster needs `directory` on a disk
    that every node sees under the same path.

    Args:
        game: A Tactics game, or its game string.
        warrior: The warrior's name (``"Knight"``, any case) or id (``"knight"``).
        directory: Where to write the roster file (created if missing).
        **changes: New values of the warrior's fields.

    Returns:
        The game with the file added (last) to its ``roster`` parameter.

    Raises:
        UsageError: If `game` is not a Tactics game, or no change is given.
        CardError: Listing every problem at once: a warrior that is not in the roster (with those that
            are), a field that is not one of `FIELDS`, a value out of range or not in the grammar.

    Examples:
        >>> import tempfile
        >>> variant = warrior_variant("tactics", "Knight", tempfile.mkdtemp(), might=5, cost=6)
        >>> print(variant)  # doctest: +ELLIPSIS
        tactics(roster=('/.../knight-cost-6-might-5.toml',))
        >>> knight = variant.roster[variant.card_number["knight"]]
        >>> knight.cost, knight.uninjured.might
        (6, 5)
        >>> warrior_variant("tactics", "Knight", tempfile.mkdtemp(), might=12, speed=2)
        Traceback (most recent call last):
        ...
        shardgames.kernel.errors.CardError: 2 problems in variant of 'Knight':
          - speed: not a field of a warrior; the fields are cost, might, move, effect, injured_might, ...
          - might: must be an int 0..9, not 12
    """
    base = load_game(game) if isinstance(game, str) else game
    if not isinstance(base, TacticsGame):
        raise UsageError(f"warrior_variant needs a Tactics game, not {base}")
    if not changes:
        raise UsageError(
            f"give at least one change for {warrior!r}, such as might=4; the fields are {', '.join(FIELDS)}"
        )
    subject = f"variant of {warrior!r}"
    found, problems = _find_warrior(base, warrior)
    problems += [
        f"{field}: not a field of a warrior; the fields are {', '.join(FIELDS)}"
        for field in changes
        if field not in FIELDS
    ]
    if found is None:
        raise CardError(subject, problems)
    ordered = {field: changes[field] for field in FIELDS if field in changes}
    changed = _changed(found, ordered, problems)
    if changed is None or problems:
        raise CardError(subject, problems)
    listed = ", ".join(f"{field} = {json.dumps(value)}" for field, value in ordered.items())
    comment = (
        f"A variant of {found.name}: {listed}; its other fields as in the game it was made from.\n"
        "Written by shardgames.tactics.variants.warrior_variant; a game reads it with roster=(FILE,)."
    )
    text = toml_text({"warrior": [warrior_to_data(changed)]}, comment=comment)
    path = str(write_data_file(directory, changes_stem(found.id, ordered), text))
    roster = (*(file for file in base.params["roster"] or () if file != path), path)
    variant = load_game(str(base), roster=roster)
    assert isinstance(variant, TacticsGame)
    return variant
