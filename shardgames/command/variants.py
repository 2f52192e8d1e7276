"""Variants for experiments: the same Shard Command game with one card changed.

`card_variant` writes the changed card to a card file and returns the game with that file added to its
``cards`` parameter (a card of the same name in a later file replaces the shipped one), so the variant is
a normal game: its string names the file, `load_game` reads it back, and tournaments play it on any back
end that can read the file.
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from shardgames.command.cardfiles import card_to_data, check_card_entries
from shardgames.command.cards import Card, card_id
from shardgames.command.game import CommandGame
from shardgames.kernel.datafiles import changes_stem, toml_text, write_data_file
from shardgames.kernel.errors import CardError, InvalidParameterError, UsageError
from shardgames.kernel.game import Game, load_game

__all__ = ["FIELDS", "card_variant"]

FIELDS = ("identity", "cost", "force", "durability", "keywords", "text")
"""The fields of a card file a variant may change, in file order (each card has those of its type)."""


def _plain(value: Any) -> Any:
    """`value` as the card file format holds it: tuples as lists, mappings as dicts."""
    if isinstance(value, Mapping):
        return {key: _plain(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(item) for item in value]
    return value


def _fields_of(card: Card) -> tuple[str, ...]:
    data = card_to_data(card)
    return tuple(field for field in FIELDS if field in data or field == "text")


def _find_card(game: CommandGame, name: str) -> tuple[Card | None, list[str]]:
    cards = [design for kind, design in enumerate(game.designs) if kind != game.token_kind]
    for card in cards:
        if card.id == card_id(name):
            return card, []
    names = sorted(card.name for card in cards)
    close = difflib.get_close_matches(name, names, n=3, cutoff=0.6)
    hint = f" (did you mean {' or '.join(repr(c) for c in close)}?)" if close else ""
    return None, [
        f"card: no card named {name!r} in the decks of {game}{hint}; its cards are {', '.join(names)}"
    ]


def card_variant(game: Game | str, card: str, directory: Path | str, **changes: Any) -> CommandGame:
    """The game with one card changed: the card's file is written to `directory`, the rest is as shipped.

    The card keeps every field it has and takes the new values of `changes`, which name fields of the
    card file format (`shardgames.command.cardfiles`) as the card's type has them: an Entity has
    ``identity``, ``cost``, ``force``, ``durability``, ``keywords`` and ``text``; an Item or a Rite has no
    ``force`` or ``durability``; a Sovereign has ``force`` but no ``cost``. Values are written as in a
    card file: ``cost="2F"``, ``keywords=["aerial", {"keyword": "deal", "amount": 2}]``. Both decks play
    the changed card wherever they hold it.

    The file is named after the card and the changes (``ash-hound-force-4.toml``) and holds the card as
    the format writes it, so the same changes give the same bytes; a file of that name holding something
    else is never overwritten (the new name ends with a hash of its content instead).

    The variant lives in a file on this machine: the returned game's string names it by its absolute
    path, so processes on this machine can load the game, but a Ray cluster needs `directory` on a disk
    that every node sees under the same path.

    Args:
        game: A Shard Command game, or its game string.
        card: The card's name, as in its decklist (any case; ``"ash-hound"`` works too).
        directory: Where to write the card file (created if missing).
        **changes: New values of the card's fields.

    Returns:
        The game with the file added (last) to its ``cards`` parameter. When the changed card puts a
        deck over the Tax budget of the game's format (a stronger card is priced higher), the variant
        has ``format=none`` too: budgets are deck-building rules, and play is the same without them.

    Raises:
        UsageError: If `game` is not a Shard Command game, or no change is given.
        CardError: Listing every problem at once: a card that is not in the game's decks (with the
            cards that are), a field the card does not have (with those it has), a value that breaks the
            design rules.
        InvalidParameterError: If a deck with the changed card breaks the deck rules (more than 4 copies
            of a card that is no longer a vanilla Entity).

    Examples:
        >>> import tempfile
        >>> variant = card_variant(
        ...     "command(decks=(pyre,stoneguard))", "Ash Hound", tempfile.mkdtemp(), force=4
        ... )
        >>> print(variant)  # doctest: +ELLIPSIS
        command(decks=(pyre,stoneguard),cards=('/.../ash-hound-force-4.toml',),format='none')
        >>> [(design.name, design.force) for design in variant.designs if design.name == "Ash Hound"]
        [('Ash Hound', 4)]
        >>> card_variant("command", "Ash Hound", tempfile.mkdtemp(), might=4)  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        shardgames.kernel.errors.CardError: ...: might: Ash Hound has no such field; its fields are ...
    """
    base = load_game(game) if isinstance(game, str) else game
    if not isinstance(base, CommandGame):
        raise UsageError(f"card_variant needs a Shard Command game, not {base}")
    if not changes:
        raise UsageError(
            f"give at least one change for {card!r}, such as force=4; the fields are {', '.join(FIELDS)}"
        )
    subject = f"variant of {card!r}"
    found, problems = _find_card(base, card)
    fields = FIELDS if found is None else _fields_of(found)
    owner = "a card" if found is None else found.name
    problems += [
        f"{field}: {owner} has no such field; its fields are {', '.join(fields)}"
        for field in changes
        if field not in fields
    ]
    if found is None:
        raise CardError(subject, problems)
    ordered = {field: _plain(changes[field]) for field in fields if field in changes}
    (check,) = check_card_entries({"card": [{**card_to_data(found), **ordered}]}, source=subject)
    problems += [p.removeprefix(f"card[0] {found.name!r}.") for p in check.problems]
    if check.card is None or problems:
        raise CardError(subject, problems)
    changed = ", ".join(f"{field} = {json.dumps(value)}" for field, value in ordered.items())
    comment = (
        f"A variant of {found.name}: {changed}; its other fields as in the game it was made from.\n"
        "Written by shardgames.command.variants.card_variant; a game reads it with cards=(FILE,)."
    )
    text = toml_text({"card": [card_to_data(check.card)]}, comment=comment)
    path = str(write_data_file(directory, changes_stem(found.name, ordered), text))
    cards = (*(file for file in base.params["cards"] or () if file != path), path)
    try:
        variant = load_game(str(base), cards=cards)
    except InvalidParameterError as exc:
        if base.params["format"] == "none":
            raise InvalidParameterError(f"{subject} in {base}", exc.problems) from None
        try:  # the format's budgets are deck-building rules: play the same decks without them
            variant = load_game(str(base), cards=cards, format="none")
        except InvalidParameterError as again:
            raise InvalidParameterError(f"{subject} in {base}", again.problems) from None
    assert isinstance(variant, CommandGame)
    return variant
