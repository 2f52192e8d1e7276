"""Random legal card designs and decks (CMD-D5), for property tests, fuzzing and self-play.

`random_card` draws a design of any type within the ranges of the rules (or a fair one, whose Shard cost
covers its Base Points); every card it returns passes the design rules and has a price. `random_deck`
builds a whole deck of fresh fair designs around a random Sovereign, legal in the format asked for.
Both are deterministic for a seed.

Examples:
    >>> from shardgames.command.generator import random_card, random_deck
    >>> from shardgames.command.design import design_problems
    >>> card = random_card(7)
    >>> design_problems(card)
    []
    >>> deck, pool = random_deck(3)
    >>> from shardgames.command.decks import check_deck
    >>> check_deck(deck, pool).legal_in("standard")
    True
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from shardgames.command import cards
from shardgames.command.cost import Price, SovereignPrice, keyword_points, price
from shardgames.command.decks import Decklist, Stones
from shardgames.command.design import design_problems, scopes_for, triggers_for
from shardgames.command.formats import STANDARD, Format, parse_format
from shardgames.command.keywords import (
    ELEMENTS,
    KEYWORDS,
    MAX_AMOUNT,
    CardType,
    Element,
    Keyword,
    KeywordKind,
)
from shardgames.kernel.rng import Rng, RngLike, as_rng

__all__ = ["random_card", "random_deck"]

_ADJECTIVES = (
    "Ashen", "Bright", "Cinder", "Dusk", "Ember", "Frost", "Gilded", "Hollow", "Iron", "Jade", "Keen",
    "Lunar", "Mire", "Night", "Opal", "Pale", "Quiet", "Rune", "Storm", "Thorn", "Umber", "Vale", "Wild",
)  # fmt: skip
_NOUNS = {
    CardType.ENTITY: ("Warden", "Hound", "Knight", "Sprite", "Golem", "Drake", "Sentinel", "Stalker", "Seer"),
    CardType.ITEM: ("Idol", "Shrine", "Lantern", "Totem", "Engine", "Altar"),
    CardType.RITE: ("Rite", "Hex", "Surge", "Blessing", "Storm", "Word"),
    CardType.SOVEREIGN: ("Regent", "Tyrant", "Matriarch", "Archon", "Marshal"),
}
_TYPE_WEIGHTS = ((CardType.ENTITY, 6), (CardType.RITE, 3), (CardType.ITEM, 2), (CardType.SOVEREIGN, 1))
_KEYWORD_LIST: tuple[Keyword, ...] = tuple(KEYWORDS.values())


def _small(rng: Rng, low: int, typical: int, high: int) -> int:
    """Mostly ``low..typical``, sometimes the whole range ``low..high``."""
    top = typical if rng.random() < 0.85 else high
    return low + rng.randrange(top - low + 1)


def _name(rng: Rng, card_type: CardType) -> str:
    nouns = _NOUNS[card_type]
    return f"{rng.choice(_ADJECTIVES)} {rng.choice(nouns)} {rng.randrange(10_000):04d}"


def _identity(
    rng: Rng, card_type: CardType, allowed: Sequence[Element] | None, most: int = 2
) -> tuple[Element, ...]:
    pool = list(ELEMENTS if allowed is None else allowed)
    low = 1 if card_type is CardType.SOVEREIGN else 0
    size = min(len(pool), most, low + rng.randrange(3 - low))
    rng.shuffle(pool)
    return tuple(sorted(pool[:size], key=ELEMENTS.index))


def _fits(
    card_type: CardType, identity: Sequence[Element], chosen: list[cards.KeywordInstance], kw: Keyword
) -> bool:
    if not triggers_for(kw, card_type):
        return False
    ids = {inst.keyword.id for inst in chosen}
    if kw.kind is not KeywordKind.EFFECT and kw.id in ids:
        return False
    if kw.id == "K15" and not identity:
        return False
    conflicts = {"K16": {"K40", "K35"}, "K40": {"K16", "K35"}, "K35": {"K16", "K40"}}
    return not conflicts.get(kw.id, set()) & ids


def _instance(rng: Rng, kw: Keyword, card_type: CardType) -> cards.KeywordInstance:
    triggers = triggers_for(kw, card_type)
    scopes = scopes_for(kw, card_type)
    amount = _small(rng, 1, 3, MAX_AMOUNT) if kw.has_amount else None
    element = rng.choice(ELEMENTS) if kw.has_element else None
    cost = rng.randrange(4) if kw.has_cost else None
    return cards.KeywordInstance(kw, amount, rng.choice(triggers), rng.choice(scopes), element, cost)


def _keywords(
    rng: Rng, card_type: CardType, identity: Sequence[Element], count: int
) -> tuple[cards.KeywordInstance, ...]:
    chosen: list[cards.KeywordInstance] = []
    needs_action = card_type in (CardType.RITE, CardType.ITEM)
    for _ in range(count):
        options = [kw for kw in _KEYWORD_LIST if _fits(card_type, identity, chosen, kw)]
        if options:
            chosen.append(_instance(rng, rng.choice(options), card_type))
    if needs_action and not any(i.keyword.kind in (KeywordKind.EFFECT, KeywordKind.MANA) for i in chosen):
        effects = [
            kw for kw in _KEYWORD_LIST if kw.kind is KeywordKind.EFFECT and triggers_for(kw, card_type)
        ]
        instance = _instance(rng, rng.choice(effects), card_type)
        chosen = [*chosen[: cards.MAX_KEYWORDS - 1], instance]
    return tuple(chosen)


def _cost(rng: Rng, identity: Sequence[Element], total: int) -> cards.ShardCost:
    total = max(total, len(identity))
    pips = [0] * len(ELEMENTS)
    for element in identity:
        pips[ELEMENTS.index(element)] = 1
    extra = total - len(identity)
    for _ in range(extra):
        if identity and rng.random() < 0.3:
            pips[ELEMENTS.index(rng.choice(identity))] += 1
    generic = total - sum(pips)
    return cards.ShardCost(generic, tuple(pips))


def _draw(
    rng: Rng, card_type: CardType, identity_from: Sequence[Element] | None, max_cost: int
) -> cards.Card:
    most = 2 if card_type is CardType.SOVEREIGN else min(2, max_cost)  # each element needs a pip
    identity = _identity(rng, card_type, identity_from, most)
    limit = cards.MAX_SOVEREIGN_ABILITIES if card_type is CardType.SOVEREIGN else cards.MAX_KEYWORDS
    keywords = _keywords(rng, card_type, identity, rng.randrange(limit + 1))
    name = _name(rng, card_type)
    if card_type is CardType.SOVEREIGN:
        force = _small(rng, 0, 3, cards.MAX_SOVEREIGN_FORCE)
        return cards.SovereignCard(name=name, identity=identity, keywords=keywords, force=force)
    floor = len(identity)
    total = floor + rng.randrange(max(1, max_cost - floor + 1))
    cost = _cost(rng, identity, total)
    if card_type is CardType.ENTITY:
        force, durability = _small(rng, 0, 5, cards.MAX_FORCE), _small(rng, 1, 6, cards.MAX_DURABILITY)
        return cards.EntityCard(
            name=name, identity=identity, keywords=keywords, cost=cost, force=force, durability=durability
        )
    cls = cards.RiteCard if card_type is CardType.RITE else cards.ItemCard
    return cls(name=name, identity=identity, keywords=keywords, cost=cost)


def _bp(card: cards.MainDeckCard) -> int:
    found = price(attrs.evolve(card, cost=_cost_floor(card)))
    assert isinstance(found, Price)
    return found.bp


def _cost_floor(card: cards.Card) -> cards.ShardCost:
    return cards.ShardCost(0, tuple(int(e in card.identity) for e in ELEMENTS))


def _keeps_action(card: cards.MainDeckCard, keywords: Sequence[cards.KeywordInstance]) -> bool:
    if isinstance(card, cards.EntityCard):
        return True
    return any(k.keyword.kind in (KeywordKind.EFFECT, KeywordKind.MANA) for k in keywords)


def _fair(rng: Rng, card: cards.MainDeckCard, max_cost: int) -> cards.MainDeckCard | None:
    """`card` made fair at a Shard cost of at most `max_cost`: cheaper when it must, or ``None``.

    Keywords with the most points go first, then Force, then Durability, until the Base Points fit
    twice the cost; a Rite or Item keeps at least one effect.
    """
    floor = len(card.identity)
    while True:
        needed = max(floor, -(-_bp(card) // 2))
        if needed <= max_cost:
            return attrs.evolve(card, cost=_cost(rng, card.identity, needed))
        positive = [k for k in card.keywords if keyword_points(k) > 0]
        if positive:
            dearest = max(positive, key=keyword_points)
            rest = list(card.keywords)
            rest.remove(dearest)
            if _keeps_action(card, rest) and not design_problems(attrs.evolve(card, keywords=tuple(rest))):
                card = attrs.evolve(card, keywords=tuple(rest))
                continue
        if isinstance(card, cards.EntityCard) and (card.force > 0 or card.durability > 1):
            if card.force > 0:
                card = attrs.evolve(card, force=card.force - 1)
            else:
                card = attrs.evolve(card, durability=card.durability - 1)
            continue
        return None


def random_card(
    seed: RngLike,
    *,
    card_type: CardType | str | None = None,
    identity_from: Sequence[Element] | None = None,
    fair: bool = False,
    max_cost: int = cards.MAX_COST,
) -> cards.Card:
    """A random legal card design.

    Args:
        seed: A seed, an `Rng` to draw from (it advances, so several calls give several cards) or a
            NumPy ``Generator``.
        card_type: The type to draw (``"entity"``, ...); a random one when ``None``.
        identity_from: The elements the identity is drawn from (all ten when ``None``).
        fair: Make the Shard cost cover the Base Points (no deficit): a design too rich for `max_cost`
            loses keywords, then Force, then Durability until it fits.
        max_cost: The largest Shard cost to draw (0 to 10).

    Returns:
        A card that passes `design_problems` (and so has a price).

    Raises:
        ValueError: If no design of that type fits: a fair Rite or Item can't cost less than its
            cheapest effect allows (an Entity always fits, down to a vanilla 0/1).
    """
    if not 0 <= max_cost <= cards.MAX_COST:
        raise ValueError(f"max_cost must be 0 to {cards.MAX_COST}, not {max_cost}")
    rng = as_rng(seed)
    if card_type is None:
        types = [t for t, _ in _TYPE_WEIGHTS]
        chosen = types[rng.weighted_index([w for _, w in _TYPE_WEIGHTS])]
    else:
        chosen = CardType(card_type)
    for _ in range(100):
        card: cards.Card | None = _draw(rng, chosen, identity_from, max_cost)
        if fair and isinstance(card, cards.MainDeckCard):
            card = _fair(rng, card, max_cost)
        if card is None or design_problems(card):
            continue
        if not isinstance(card, cards.MainDeckCard) or card.cost.total <= max_cost:
            return card
    raise ValueError(
        f"no {'fair ' if fair else ''}{chosen.value} design found with a cost of at most {max_cost}"
    )


def random_deck(
    seed: RngLike, *, fmt: str | Format = STANDARD, size: int = 40, distinct: int = 10
) -> tuple[Decklist, cards.CardPool]:
    """A random deck of fresh fair designs around a random Sovereign, legal in `fmt`.

    Args:
        seed: A seed, an `Rng` to draw from, or a NumPy ``Generator``.
        fmt: The format the deck must be legal in.
        size: The Main Deck's size (40 to 60).
        distinct: How many different cards it holds (each 4 copies or so; at least ``size / 4``).

    Returns:
        The decklist and a pool of its cards (the Sovereign included), to pass to `check_deck` or a game.
    """
    rng = as_rng(seed)
    fmt = parse_format(fmt)
    low, high = 40, 60
    if not low <= size <= high:
        raise ValueError(f"a Main Deck has {low} to {high} cards, not {size}")
    distinct = max(distinct, -(-size // 4))
    sovereign = random_card(rng, card_type=CardType.SOVEREIGN)
    while _shards(sovereign) > fmt.sovereign_shards:
        sovereign = random_card(rng, card_type=CardType.SOVEREIGN)
    assert isinstance(sovereign, cards.SovereignCard)
    copies = [size // distinct + (i < size % distinct) for i in range(distinct)]
    max_cost = min(cards.MAX_COST, max(1, int(2 * fmt.main_tax / size) - 1))
    chosen: list[cards.MainDeckCard] = []
    while len(chosen) < distinct:
        card = _fair_card(rng, sovereign.identity, max_cost)
        if card.name not in {c.name for c in chosen}:
            chosen.append(card)
    while (tax := sum(n * _tax(c) for n, c in zip(copies, chosen, strict=True))) > fmt.main_tax:
        dearest = max(range(distinct), key=lambda i: (_tax(chosen[i]), -i))
        cheaper = _tax(chosen[dearest]) - 1
        if cheaper < 1:  # pragma: no cover - a deck of 1-Tax cards fits every format
            raise ValueError(f"no deck of {size} cards fits {fmt} (Tax {tax})")
        chosen[dearest] = _fair_card(rng, sovereign.identity, cheaper)
    per_element = 6 // len(sovereign.identity)
    elemental = {e.value: per_element for e in sovereign.identity}
    stones = Stones.of(12 - per_element * len(sovereign.identity), **elemental)
    main = tuple((c.name, n) for c, n in zip(chosen, copies, strict=True))
    deck = Decklist(f"Random {sovereign.name}", (sovereign.name,), main, stones)
    return deck, cards.CardPool([sovereign, *chosen])


def _tax(card: cards.Card) -> int:
    card_price = price(card)
    assert isinstance(card_price, Price)
    return card_price.tax


def _shards(card: cards.Card) -> int:
    card_price = price(card)
    assert isinstance(card_price, SovereignPrice)
    return card_price.shards


def _fair_card(rng: Rng, identity: Sequence[Element], max_tax: int) -> cards.MainDeckCard:
    """A fair Main Deck card of those elements whose Tax is at most `max_tax` (an Entity if need be)."""
    for card_type in (
        rng.choice((CardType.ENTITY, CardType.ENTITY, CardType.RITE, CardType.ITEM)),
        CardType.ENTITY,
    ):
        try:
            card = random_card(rng, card_type=card_type, identity_from=identity, fair=True, max_cost=max_tax)
        except ValueError:
            continue
        assert isinstance(card, cards.MainDeckCard)
        return card
    raise AssertionError("a fair Entity always fits")  # pragma: no cover - _fair shrinks it to a 0/1
