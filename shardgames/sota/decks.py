"""SOTA deck construction: which decklists make a legal Shard Deck (SOTA-3, 4, 5, R3, R4).

A legal Shard Deck has exactly 1 Persona and 1 to 51 other cards, so at most 52 cards in all
(SOTA-3, R3). Among the other cards there are at most 9 signable Characters, signed or not (SOTA-4,
R4), and at most 5 Allies of each value, +1, +2 and +3 (SOTA-4). There is no other copy limit.

A decklist with 2 or 3 Personas is played like a Starter Deck: at setup its player chooses one Persona
and the others leave the game (SOTA-R3). Because the Persona never enters the Shard Deck, every choice
leaves the same other cards, so such a decklist is legal when those other cards are. More than 3
Personas is not allowed.

These checks only count cards. Whether each card is well-formed (stat ranges and sums, twin pairs) is
checked when the card file is loaded (`shardgames.sota.cards`).

Examples:
    >>> from shardgames.sota.cards import DeckEntry, Decklist, starter_decks
    >>> from shardgames.sota.decks import deck_problems
    >>> ember = starter_decks()["ember"]
    >>> deck_problems(ember)
    []
    >>> extra = ember.entries + (DeckEntry("casstia"),)  # a 55th card: 52 besides the Personas
    >>> for problem in deck_problems(Decklist("big", "Big", extra)):
    ...     print(problem)
    52 cards besides the 3 Personas: at most 51
    (a Shard Deck holds at most 52 cards with its Persona); remove 1
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from shardgames.kernel.errors import DeckError
from shardgames.sota.cards import (
    ALLY_VALUES,
    AllyCard,
    CardPool,
    CharacterCard,
    Decklist,
    PersonaCard,
    Variant,
    load_card_file,
    starter_pool,
)
from shardgames.sota.constants import MAX_DECK

__all__ = [
    "MAX_ALLIES_PER_VALUE",
    "MAX_DECK",
    "MAX_OTHER_CARDS",
    "MAX_PERSONA_CHOICES",
    "MAX_SIGNABLE",
    "deck_problems",
    "validate_deck",
    "validate_deck_file",
]

#: The most cards a Shard Deck holds, its Persona included (SOTA-3, D6).
#: The most cards besides the Persona (SOTA-R3).
MAX_OTHER_CARDS = MAX_DECK - 1
#: The most Personas a decklist may offer to choose from (a Starter Deck has 3, SOTA-5, R3).
MAX_PERSONA_CHOICES = 3
#: The most signable Characters, signed or not (SOTA-4, R4).
MAX_SIGNABLE = 9
#: The most Allies of one value, for each of +1, +2 and +3 (SOTA-4).
MAX_ALLIES_PER_VALUE = 5


def _copies(count: int) -> str:
    return "1 copy" if count == 1 else f"{count} copies"


def deck_problems(deck: Decklist, pool: CardPool | None = None) -> list[str]:
    """Every way a decklist breaks the deck construction rules (SOTA-3, 4, 5, R3, R4).

    Cards the pool does not know are reported, and counted as cards besides the Persona for the size
    limit (they are physical cards in the list) but in no other count.

    Args:
        deck: The decklist to check.
        pool: The cards its ids refer to; by default the cards of the Starter Decks.

    Returns:
        One line per problem, each naming what is wrong and what would be right; empty when the
        decklist is legal.

    Examples:
        >>> from shardgames.sota.cards import DeckEntry, Decklist
        >>> deck = Decklist("tiny", "Tiny", (DeckEntry("casstia", signed=True), DeckEntry("lost-card")))
        >>> for problem in deck_problems(deck):
        ...     print(problem)
        unknown card id 'lost-card' (1 copy): no such card in the pool
        no Persona: a Shard Deck needs exactly 1 (a Starter Deck offers up to 3 to choose from)
        'casstia' (Casstia) is signed, but it is a standard Character: only signable Characters can be signed
    """
    pool = starter_pool() if pool is None else pool
    problems: list[str] = []
    copies = Counter(deck.card_ids())
    unknown = [card_id for card_id in copies if card_id not in pool]
    problems.extend(
        f"unknown card id {card_id!r} ({_copies(copies[card_id])}): no such card in the pool"
        for card_id in unknown
    )

    cards = [pool[entry.card_id] for entry in deck.entries if entry.card_id in pool]
    persona_count = sum(isinstance(card, PersonaCard) for card in cards)
    other_count = len(deck.entries) - persona_count
    if persona_count == 0:
        problems.append(
            f"no Persona: a Shard Deck needs exactly 1 "
            f"(a Starter Deck offers up to {MAX_PERSONA_CHOICES} to choose from)"
        )
    elif persona_count > MAX_PERSONA_CHOICES:
        problems.append(
            f"{persona_count} Personas: at most {MAX_PERSONA_CHOICES} Personas to choose from "
            f"(exactly 1 is played); remove {persona_count - MAX_PERSONA_CHOICES}"
        )

    beside = "besides the Persona" if persona_count <= 1 else f"besides the {persona_count} Personas"
    if other_count == 0:
        problems.append(f"no cards {beside}: a Shard Deck needs 1 to {MAX_OTHER_CARDS}")
    elif other_count > MAX_OTHER_CARDS:
        problems.append(
            f"{other_count} cards {beside}: at most {MAX_OTHER_CARDS} "
            f"(a Shard Deck holds at most {MAX_DECK} cards with its Persona); "
            f"remove {other_count - MAX_OTHER_CARDS}"
        )

    signable = sum(isinstance(card, CharacterCard) and card.variant is Variant.SIGNABLE for card in cards)
    if signable > MAX_SIGNABLE:
        problems.append(
            f"{signable} signable Characters: at most {MAX_SIGNABLE}, signed or not; "
            f"remove {signable - MAX_SIGNABLE}"
        )

    allies = Counter(card.value for card in cards if isinstance(card, AllyCard))
    problems.extend(
        f"{allies[value]} Allies of value +{value}: at most {MAX_ALLIES_PER_VALUE} of each value; "
        f"remove {allies[value] - MAX_ALLIES_PER_VALUE}"
        for value in ALLY_VALUES
        if allies[value] > MAX_ALLIES_PER_VALUE
    )

    wrongly_signed: Counter[str] = Counter(
        entry.card_id
        for entry in deck.entries
        if entry.signed and entry.card_id in pool and not _is_signable(pool, entry.card_id)
    )
    for card_id, count in wrongly_signed.items():
        card = pool[card_id]
        kind = f"a {card.variant.value} Character" if isinstance(card, CharacterCard) else _article(card)
        times = "" if count == 1 else f" ({_copies(count)})"
        problems.append(
            f"{card_id!r} ({card.name}) is signed{times}, but it is {kind}: "
            "only signable Characters can be signed"
        )
    return problems


def _is_signable(pool: CardPool, card_id: str) -> bool:
    card = pool[card_id]
    return isinstance(card, CharacterCard) and card.variant is Variant.SIGNABLE


def _article(card: object) -> str:
    name = type(card).__name__.removesuffix("Card")
    return f"an {name}" if name[0] in "AEIOU" else f"a {name}"


def validate_deck(deck: Decklist, pool: CardPool | None = None) -> None:
    """Raise if a decklist breaks the deck construction rules (see `deck_problems`).

    Args:
        deck: The decklist to check.
        pool: The cards its ids refer to; by default the cards of the Starter Decks.

    Raises:
        DeckError: Listing every problem, with the subject ``deck '<name>'``.

    Examples:
        >>> from shardgames.sota.cards import DeckEntry, Decklist
        >>> validate_deck(Decklist("solo", "Solo", (DeckEntry("ember-persona-vael"), DeckEntry("casstia"))))
        >>> validate_deck(Decklist("empty", "Empty", ()))
        Traceback (most recent call last):
        ...
        shardgames.kernel.errors.DeckError: 2 problems in deck 'empty':
          - no Persona: a Shard Deck needs exactly 1 (a Starter Deck offers up to 3 to choose from)
          - no cards besides the Persona: a Shard Deck needs 1 to 51
    """
    problems = deck_problems(deck, pool)
    if problems:
        raise DeckError(f"deck {deck.name!r}", problems)


def validate_deck_file(path: str | Path) -> dict[str, list[str]]:
    r"""Check every decklist of a card file (the format of `shardgames.sota.cards`).

    The decklists may use the file's own cards and the Starter Deck cards.

    Args:
        path: A ``.toml`` or ``.json`` card file.

    Returns:
        Each decklist's problems by deck name, in file order; an empty list means the deck is legal.

    Raises:
        CardError: If the file cannot be read or parsed, or its cards are malformed (every problem).

    Examples:
        >>> import tempfile
        >>> from pathlib import Path
        >>> folder = Path(tempfile.mkdtemp())
        >>> _ = (folder / "decks.toml").write_text(
        ...     '[[deck]]\nname = "duo"\ncards = ["ember-persona-vael", "casstia"]\n'
        ...     '[[deck]]\nname = "bare"\ncards = ["casstia", "saravel"]\n'
        ... )
        >>> validate_deck_file(folder / "decks.toml")  # doctest: +NORMALIZE_WHITESPACE
        {'duo': [],
         'bare': ['no Persona: a Shard Deck needs exactly 1 (a Starter Deck offers up to 3 to choose from)']}
    """
    loaded = load_card_file(path)
    pool = starter_pool() | loaded.cards
    return {name: deck_problems(deck, pool) for name, deck in loaded.decks.items()}
