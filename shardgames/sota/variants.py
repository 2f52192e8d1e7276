"""Variants for experiments: the same SOTA game with one card changed.

SOTA decks are Starter Deck names or decklists in card files, and a card file may redefine a card of
the Starter Decks under its id. `card_variant` writes one card file holding the changed card and the
decklists of the game that hold it, and returns the game with those seats' ``decks`` pointing at them,
so the variant is a normal game: its string names the file, `load_game` reads it back, and tournaments
play it on any back end that can read the file.
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from shardgames.kernel.datafiles import changes_stem, toml_text, write_data_file
from shardgames.kernel.errors import CardError, ShardGamesError, UsageError
from shardgames.kernel.game import Game, load_game
from shardgames.sota.cards import (
    STATS,
    Card,
    CharacterCard,
    Decklist,
    card_section,
    card_to_data,
    deck_to_data,
    parse_card_data,
    starter_decks,
    starter_pool,
)
from shardgames.sota.game import SotaGame

__all__ = ["FIELDS", "card_variant"]

_STATS = tuple(stat.value for stat in STATS)

FIELDS: dict[str, tuple[str, ...]] = {
    "persona": (*_STATS, "trait"),
    "character": (*_STATS, "variant", "signed_bonus", "twin_pair"),
    "ally": ("stat", "value"),
    "trait": ("kind", "stat"),
}
"""The fields a variant may change, by card type (the stats are named one by one: ``magic=5``)."""


def _find_card(game: SotaGame, name: str) -> tuple[Card | None, list[str]]:
    for card in game.kinds:
        if name in (card.id, card.name) or name.lower() == card.name.lower():
            return card, []
    ids = [card.id for card in game.kinds]
    by_label = {label: card for card in game.kinds for label in (card.id, card.name)}
    close = dict.fromkeys(
        by_label[label] for label in difflib.get_close_matches(name, by_label, n=3, cutoff=0.6)
    )
    hint = f" (did you mean {' or '.join(f'{c.id!r} ({c.name})' for c in close)}?)" if close else ""
    return None, [f"card: no card {name!r} in the decks of {game}{hint}; their card ids are {', '.join(ids)}"]


def _problem(text: str, section: str, stats: str) -> str:
    """A loader problem as the changes name the fields: ``magic: ...`` for ``character[0].stats.magic``.

    A wrong sum shows the stats as changed (`stats`), to see which to move.
    """
    text = text.removeprefix(f"{section}[0].")
    if text.startswith("stats: must sum"):
        return f"{text} ({stats})"
    for stat in _STATS:
        text = text.replace(f"stats.{stat}:", f"{stat}:", 1)
    return text


def _with_partners(game: SotaGame, cards: list[Card]) -> Iterator[Card]:
    """`cards`, each twin followed by its partners (a file's twins must pair up within it or the starters)."""
    for card in cards:
        yield card
        if isinstance(card, CharacterCard) and card.twin_pair is not None:
            yield from (
                other
                for other in game.pool.values()
                if isinstance(other, CharacterCard)
                and other.twin_pair == card.twin_pair
                and other.id != card.id
            )


def card_variant(game: Game | str, card: str, directory: Path | str, **changes: Any) -> SotaGame:
    """The game with one card changed, for every seat whose deck holds it; the rest is as before.

    The card keeps every field it has and takes the new values of `changes`, which name the fields of
    its type in a card file (`shardgames.sota.cards`), each stat on its own: a Persona has the five
    stats ``agility``, ``vitality``, ``luck``, ``magic``, ``charisma`` and ``trait``; a Character the
    five stats, ``variant``, ``signed_bonus`` and ``twin_pair``; an Ally ``stat`` and ``value``; a Trait
    ``kind`` and ``stat``. ``None`` removes a field. The design rules still hold, so a Character's stats
    must still sum to 15 (raise one, lower another): ``magic=5, charisma=3``.

    One card file is written: the changed card, the decklists of the game that hold it (a Starter Deck
    is written out card for card) or that come from other card files, and the cards of those decks that
    are not Starter Deck cards as shipped. Those seats play ``FILE#DECK``, so the variant's game reads
    no other card file (one could define the card again); seats with a Starter Deck without the card
    keep it. The file is named after the card and the changes (``casstia-magic-5-charisma-3.toml``),
    and the same changes give the same bytes; a file of that name holding something else is never
    overwritten (the new name ends with a hash of its content instead).

    The variant lives in a file on this machine: the returned game's string names it by its absolute
    path, so processes on this machine can load the game, but a Ray cluster needs `directory` on a disk
    that every node sees under the same path.

    Args:
        game: A SOTA game, or its game string.
        card: The card's id (``"casstia"``) or name (``"Casstia"``, any case).
        directory: Where to write the card file (created if missing).
        **changes: New values of the card's fields.

    Returns:
        The game whose seats with the card play the file's decklists.

    Raises:
        UsageError: If `game` is not a SOTA game, or no change is given.
        CardError: Listing every problem at once: a card that is not in the game's decks (with the
            card ids that are), a field its type does not have (with those it has), a value that breaks
            the design rules (with the range or the choices).

    Examples:
        >>> import tempfile
        >>> variant = card_variant("sota", "Casstia", tempfile.mkdtemp(), magic=5, charisma=3)
        >>> print(variant)  # doctest: +ELLIPSIS
        sota(decks=('/.../casstia-magic-5-charisma-3.toml#ember',tide))
        >>> print(variant.pool["casstia"].stats)
        AGI 3 VIT 2 LUC 2 MAG 5 CHA 3
        >>> card_variant("sota", "Casstia", tempfile.mkdtemp(), magic=7)  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        shardgames.kernel.errors.CardError: 2 problems in variant of 'Casstia':
          - magic: must be an int 1..6, not 7
          - stats: must sum to 15, not 16 (agility 3, vitality 2, luck 2, magic 7, charisma 2)
    """
    base = load_game(game) if isinstance(game, str) else game
    if not isinstance(base, SotaGame):
        raise UsageError(f"card_variant needs a SOTA game, not {base}")
    if not changes:
        raise UsageError(f"give at least one change for {card!r}, such as magic=5, charisma=3")
    found, changed, ordered = _changed_card(base, card, changes)
    decks, deck_of_seat = _decks_with(base, found.id)
    listed = ", ".join(f"{field} = {json.dumps(value)}" for field, value in ordered.items())
    comment = (
        f"A variant of {found.name} ({found.id}): {listed}.\n"
        "Its other fields are as in the game it was made from; the decks are the ones of that game with it.\n"
        "Written by shardgames.sota.variants.card_variant; a game plays a deck with decks=(FILE#DECK, ...)."
    )
    text = toml_text(_file_content(base, changed, decks), comment=comment)
    path = write_data_file(directory, changes_stem(found.id, ordered), text)
    references = [_reference(base, seat) for seat in range(base.num_players)]
    for seat, name in deck_of_seat.items():
        references[seat] = f"{path}#{name}"
    variant = load_game(str(base), decks=tuple(references))
    assert isinstance(variant, SotaGame)
    expected = tuple(changed if kind.id == found.id else kind for kind in base.kinds)
    if variant.kinds != expected:
        raise ShardGamesError(
            f"variant of {card!r}: another card file of {base} redefines the cards of {path}; "
            "make the variant from a game whose files define each card once"
        )
    return variant


def _changed_card(base: SotaGame, card: str, changes: dict[str, Any]) -> tuple[Card, Card, dict[str, Any]]:
    """The card as it is, as changed, and the changes in field order; `CardError` lists every problem."""
    subject = f"variant of {card!r}"
    found, problems = _find_card(base, card)
    section = None if found is None else card_section(found)
    fields = (
        tuple(dict.fromkeys(f for fs in FIELDS.values() for f in fs)) if section is None else FIELDS[section]
    )
    owner = (
        "a card"
        if found is None or section is None
        else f"{found.name} ({'an' if section[0] in 'aeiou' else 'a'} {section})"
    )
    problems += [
        f"{field}: {owner} has no such field; its fields are {', '.join(fields)}"
        for field in changes
        if field not in fields
    ]
    if found is None or section is None:
        raise CardError(subject, problems)
    ordered = {field: changes[field] for field in fields if field in changes}
    data = card_to_data(found)
    for field, value in ordered.items():
        table = data["stats"] if field in _STATS else data
        if value is None:
            table.pop(field, None)
        else:
            table[field] = value
    try:
        changed = parse_card_data({section: [data]}, source=subject, known=base.pool).cards[found.id]
    except CardError as exc:
        stats = ", ".join(f"{stat} {value}" for stat, value in data.get("stats", {}).items())
        raise CardError(subject, [*problems, *(_problem(p, section, stats) for p in exc.problems)]) from None
    if problems:
        raise CardError(subject, problems)
    return found, changed, ordered


def _reference(base: SotaGame, seat: int) -> str:
    """How the game names a seat's deck: a Starter Deck's name, or ``FILE#DECK``."""
    decks = base.params["decks"]
    return str(decks[seat]) if decks is not None else base.decklists[seat].name


def _decks_with(base: SotaGame, card_id: str) -> tuple[dict[str, Decklist], dict[int, str]]:
    """The decklists to write, by a name unique in the file, and the seats that play each.

    They are the decks that hold the card and those that come from card files: a seat that keeps its
    file would load that file too, and a card it defines again would replace the variant's.
    """
    decks: dict[str, Decklist] = {}
    deck_of_seat: dict[int, str] = {}
    for seat, deck in enumerate(base.decklists):
        if card_id not in deck.card_ids() and _reference(base, seat) in starter_decks():
            continue
        name = next((key for key, known in decks.items() if known == deck), None)
        if name is None:
            name = deck.name
            while name in decks:
                name += "-2"
            decks[name] = deck
        deck_of_seat[seat] = name
    return decks, deck_of_seat


def _file_content(base: SotaGame, changed: Card, decks: dict[str, Decklist]) -> dict[str, Any]:
    """The changed card, the decks' cards that are not shipped Starter Deck cards, and the decks."""
    shipped = starter_pool()
    others = [
        base.pool[card_id]
        for deck in decks.values()
        for card_id in deck.card_ids()
        if card_id != changed.id and shipped.get(card_id) != base.pool[card_id]
    ]
    content: dict[str, Any] = {key: [] for key in FIELDS}
    for item in dict.fromkeys([changed, *_with_partners(base, others)]):
        content[card_section(item)].append(card_to_data(item))
    content["deck"] = [{**deck_to_data(deck), "name": name} for name, deck in decks.items()]
    return {key: value for key, value in content.items() if value}
