"""Paying Shard costs: the automatic payer.

Players never choose stones: for a cost, the payer finds a payment from what the player has and picks
one by a fixed preference, so an action is legal exactly when some payment exists.

What a player can pay with:

* **floating Shards** (from filtering, Flow and Elemental Rocks earlier this turn), generic or of an
  element; they vanish at the end of the turn;
* **Unused Charge Stones**, Generic or Elemental;
* **Shard Filtering**: two Unused Generic Stones make one floating Shard of any element;
* **mana abilities**: a Ready Flow Entity makes 1 generic Shard, a Ready Elemental Rock # makes #
  Shards of its elements (either of two, shard by shard). An Entity's mana ability is an Exhaust
  ability, so not on the turn it entered (unless it has Surge).

Elemental pips are paid with Shards of their element; the generic part with anything.

The preference, in order: the fewest filter operations; then the fewest mana abilities (Items before
Entities); then floating Shards before stones; for the generic part, Generic Stones before Elemental
Stones, and among Elemental Stones the element with the most stones left first.

Examples:
    >>> from shardgames.command.cards import ShardCost
    >>> wallet = Wallet(stones_generic=4, stones=(0,) * 7 + (1, 0, 0))  # G G G G + a Water stone
    >>> pay = find_payment(wallet, ShardCost.parse("2WL"))  # Tidecaller
    >>> pay.filters, pay.stones_generic, pay.stones
    (1, 4, (0, 0, 0, 0, 0, 0, 0, 1, 0, 0))
    >>> find_payment(Wallet(stones_generic=3, stones=(0,) * 7 + (1, 0, 0)), ShardCost.parse("2WL")) is None
    True
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Sequence

import attrs

from shardgames.command.cards import ShardCost

__all__ = ["ManaSource", "Payment", "Wallet", "can_pay", "find_payment", "plain_payment", "try_payment"]

_ELEMENTS = 10
_ZERO = (0,) * _ELEMENTS


@attrs.frozen
class ManaSource:
    """A Ready permanent whose mana ability the payer may use.

    Attributes:
        source: The permanent's object id.
        shards: How many Shards it makes.
        elements: The element numbers each Shard may be (empty: generic Shards, Flow).
        is_item: Whether it is an Item (Items are used before Entities).
    """

    source: int
    shards: int
    elements: tuple[int, ...] = ()
    is_item: bool = False


@attrs.frozen(cache_hash=True)
class Wallet:
    """Everything one player can pay with right now.

    Attributes:
        floating_generic: Floating generic Shards.
        floating: Floating elemental Shards, one count per element.
        stones_generic: Unused Generic Stones.
        stones: Unused Elemental Stones, one count per element.
        sources: The mana abilities the payer may use, in the order it prefers them.
    """

    floating_generic: int = 0
    floating: tuple[int, ...] = _ZERO
    stones_generic: int = 0
    stones: tuple[int, ...] = _ZERO
    sources: tuple[ManaSource, ...] = ()


@attrs.frozen
class Payment:
    """How a cost is paid.

    Attributes:
        filters: Filter operations (each slides 2 Generic Stones for 1 elemental Shard).
        floating_generic: Floating generic Shards spent.
        floating: Floating elemental Shards spent, per element.
        stones_generic: Generic Stones slid to Used (filters included).
        stones: Elemental Stones slid to Used, per element.
        sources: The mana abilities used (their permanents are Exhausted).
        float_generic: Generic Shards left over from the mana abilities, which float.
        float_elemental: Elemental Shards left over from the mana abilities, which float, per element.
    """

    filters: int = 0
    floating_generic: int = 0
    floating: tuple[int, ...] = _ZERO
    stones_generic: int = 0
    stones: tuple[int, ...] = _ZERO
    sources: tuple[int, ...] = ()
    float_generic: int = 0
    float_elemental: tuple[int, ...] = _ZERO


def _source_order(source: ManaSource) -> tuple[bool, int]:
    """Items before permanents, each by number."""
    return (not source.is_item, source.source)


def _assign_dual(deficits: list[int], shards: Sequence[tuple[int, ...]]) -> tuple[list[int], list[int]]:
    """Cover as much of `deficits` as possible with Shards that may each be one of two elements.

    Returns the deficits left and, for each Shard, the element whose pip it paid (-1: it paid none and
    is spare), choosing the assignment that leaves the least deficit (exhaustively: such Shards are few).
    """
    best: tuple[int, list[int], list[int]] | None = None
    for choice in itertools.product(*[(*pair, -1) for pair in shards]):
        left = list(deficits)
        paid = []
        for element in choice:
            if element >= 0 and left[element] > 0:
                left[element] -= 1
                paid.append(element)
            else:
                paid.append(-1)
        score = sum(left)
        if best is None or score < best[0]:
            best = (score, left, paid)
            if score == 0:
                break
    assert best is not None  # product() yields at least one choice
    return best[1], best[2]


@attrs.define
class _Ledger:
    """What is left and what is spent while one payment is worked out."""

    floating: list[int]
    stones: list[int]
    used_floating: list[int] = attrs.Factory(lambda: [0] * _ELEMENTS)
    used_stones: list[int] = attrs.Factory(lambda: [0] * _ELEMENTS)
    spare_generic: int = 0
    spare: list[int] = attrs.Factory(lambda: [0] * _ELEMENTS)


def _pay_pips(ledger: _Ledger, pips: Sequence[int]) -> list[int]:
    """Pay elemental pips from floating Shards, then stones; return what is still missing per element."""
    deficits = [0] * _ELEMENTS
    for element, pip_count in enumerate(pips):
        if not pip_count:
            continue
        take = min(pip_count, ledger.floating[element])
        ledger.floating[element] -= take
        ledger.used_floating[element] += take
        missing = pip_count - take
        take = min(missing, ledger.stones[element])
        ledger.stones[element] -= take
        ledger.used_stones[element] += take
        deficits[element] = missing - take
    return deficits


def _use_sources(ledger: _Ledger, deficits: list[int], chosen: Sequence[ManaSource]) -> list[int]:
    """Mana abilities cover missing pips (single-element Shards first, two-element ones matched)."""
    dual: list[tuple[int, ...]] = []
    for source in chosen:
        if not source.elements:
            ledger.spare_generic += source.shards
        elif len(source.elements) == 1:
            ledger.spare[source.elements[0]] += source.shards
        else:
            dual.extend([source.elements] * source.shards)
    for element in range(_ELEMENTS):
        take = min(deficits[element], ledger.spare[element])
        deficits[element] -= take
        ledger.spare[element] -= take
    if dual:
        deficits, choices = _assign_dual(deficits, dual)
        for pair, element in zip(dual, choices, strict=True):
            if element < 0:
                ledger.spare[pair[0]] += 1  # spare: it pays generic costs, or floats as its first element
    return deficits


def _pay_generic(
    ledger: _Ledger, need: int, floating_generic: int, stones_generic: int
) -> tuple[int, int, int]:
    """Pay the generic part; return (floating generic used, Generic Stones used, what is still missing).

    The order: floating generic Shards, leftover floating Shards, Generic Stones, Elemental Stones (the
    element with most left first), then the mana abilities' spare Shards.
    """
    used_floating_generic = min(need, floating_generic)
    need -= used_floating_generic
    for element in sorted(range(_ELEMENTS), key=lambda e: -ledger.floating[e]):
        take = min(need, ledger.floating[element])
        ledger.used_floating[element] += take
        need -= take
    used_generic = min(need, stones_generic)
    need -= used_generic
    stones = ledger.stones
    while need and any(stones):
        element = max(range(_ELEMENTS), key=lambda e: (stones[e], -e))
        stones[element] -= 1
        ledger.used_stones[element] += 1
        need -= 1
    take = min(need, ledger.spare_generic)
    ledger.spare_generic -= take
    need -= take
    for element in range(_ELEMENTS):
        take = min(need, ledger.spare[element])
        ledger.spare[element] -= take
        need -= take
    return used_floating_generic, used_generic, need


def try_payment(
    wallet: Wallet, cost: ShardCost, filters: int, chosen: Sequence[ManaSource]
) -> Payment | None:
    """The payment with exactly `filters` filters and the mana abilities `chosen`, if one exists."""
    stones_generic = wallet.stones_generic - 2 * filters
    if stones_generic < 0:
        return None
    ledger = _Ledger(list(wallet.floating), list(wallet.stones))
    deficits = _use_sources(ledger, _pay_pips(ledger, cost.pips), chosen)
    if sum(deficits) != filters:
        return None  # filters cover exactly what is left (more would not be the fewest)
    used_floating_generic, used_generic, missing = _pay_generic(
        ledger, cost.generic, wallet.floating_generic, stones_generic
    )
    if missing:
        return None
    return Payment(
        filters,
        used_floating_generic,
        tuple(ledger.used_floating),
        2 * filters + used_generic,
        tuple(ledger.used_stones),
        tuple(source.source for source in chosen),
        ledger.spare_generic,
        tuple(ledger.spare),
    )


def plain_payment(floating: Sequence[int], unused: Sequence[int], cost: ShardCost) -> Payment | None:
    """The payment with Unused stones alone (no floating Shards, filters or mana abilities), if any.

    The usual case, and then the most preferred payment; `floating` must hold no Shards (else ``None``).
    `floating` and `unused` are 11 counts, Generic first.
    """
    if any(floating) or cost.total > sum(unused):
        return None
    stones = list(unused[1:])
    used = [0] * _ELEMENTS
    for element, pips in cost.pip_items:
        if pips > stones[element]:
            return None
        stones[element] -= pips
        used[element] = pips
    need = cost.generic
    generic = min(need, unused[0])
    need -= generic
    while need:
        element = max(range(_ELEMENTS), key=lambda e: (stones[e], -e))
        stones[element] -= 1
        used[element] += 1
        need -= 1
    return Payment(0, 0, _ZERO, generic, tuple(used))


@functools.lru_cache(maxsize=4096)
def find_payment(wallet: Wallet, cost: ShardCost) -> Payment | None:
    """The payment the rules prefer for `cost`, or ``None`` if the player cannot pay it."""
    sources = sorted(wallet.sources, key=_source_order)
    total_stones = wallet.stones_generic + sum(wallet.stones)
    total = wallet.floating_generic + sum(wallet.floating) + total_stones + sum(s.shards for s in sources)
    if cost.total > total:
        return None
    for filters in range(wallet.stones_generic // 2 + 1):
        for count in range(len(sources) + 1):
            for chosen in itertools.combinations(sources, count):
                payment = try_payment(wallet, cost, filters, chosen)
                if payment is not None:
                    return payment
    return None


def can_pay(wallet: Wallet, cost: ShardCost) -> bool:
    """Whether `cost` can be paid at all (floating Shards and stones alone decide most cases at once)."""
    floating, stones = wallet.floating, wallet.stones
    plain = True
    for element, pips in cost.pip_items:
        if pips > floating[element] + stones[element]:
            plain = False
            break
    if plain and cost.total <= wallet.floating_generic + sum(floating) + wallet.stones_generic + sum(stones):
        return True
    return find_payment(wallet, cost) is not None
