"""The cost model: what a card design costs, and why, line by line (§8, CMD-R1 to R6, C.3).

A Main Deck card is priced in **Base Points** (BP): its stats (Force + Durability - 1 for an Entity), the
points of each keyword times its trigger and scope multipliers (drawbacks and additional costs are never
multiplied), and 4 for each keyword outside its Identity (divergence; Generic keywords never diverge). Its
Shard cost buys **Shard Purchasing Power** (SPP = 2 x cost). What BP exceeds SPP is the **deficit**, and
the card's **Tax** is its Shard cost plus 3 per point of deficit. A deck's Main Deck Tax (the sum over its
cards) must fit its format.

A Sovereign has no Shard cost: its **Sovereign Shards** are 2 x Force plus its abilities' points (a static
keyword is an aura for all your Entities, so it counts twice) plus divergence, within the format's limit.

`price` returns the breakdown: every line with its points, lines that add up to the totals.

Examples:
    >>> from shardgames.command.cardfiles import starter_pool
    >>> from shardgames.command.cost import price
    >>> quick = price(starter_pool()["Quick Spark"])
    >>> quick.bp, quick.spp, quick.deficit, quick.tax
    (7, 2, 5, 16)
    >>> print(quick)
    Quick Spark: Rite {Fire}, cost F, Deal 2 Dmg, Fast Speed
      K09 Deal 2 Dmg                1 x 2                    2
      K19 Fast Speed                1                        1
      divergence: K19 Fast Speed    Time is outside {Fire}   4
      Base Points (BP)                                       7
      Shard Purchasing Power (SPP)  2 x cost 1               2
      deficit                       BP 7 - SPP 2             5
      Shard cost                                             1
      deficit penalty               3 x deficit 5           15
      Tax                                                   16
"""

from __future__ import annotations

from typing import overload

import attrs

from shardgames.command.cards import (
    Card,
    EntityCard,
    KeywordInstance,
    MainDeckCard,
    SovereignCard,
)
from shardgames.command.design import check_card
from shardgames.command.formats import FORMATS, Format
from shardgames.command.keywords import Trigger

__all__ = [
    "DEFICIT_TAX",
    "DIVERGENCE_POINTS",
    "SPP_PER_SHARD",
    "Price",
    "PriceLine",
    "SovereignPrice",
    "keyword_points",
    "price",
    "stat_points",
]

SPP_PER_SHARD = 2
"""Shard Purchasing Power bought by each Shard of cost (CMD-R2)."""
DEFICIT_TAX = 3
"""Tax added per point of deficit (CMD-R1, R3)."""
DIVERGENCE_POINTS = 4
"""Base Points added for each keyword outside the card's Identity (CMD-42, R5)."""


@attrs.frozen
class PriceLine:
    """One line of a breakdown: what is counted, how, and its points.

    Attributes:
        label: What the line counts (``"stats 2/3"``, ``"K24 Heal 2 Integrity"``).
        detail: How its points were worked out (``"ceil(2/2) = 1 x 2 (repeating trigger)"``).
        points: Its points (negative for drawbacks and additional costs).
    """

    label: str
    detail: str
    points: int


def stat_points(card: Card) -> int:
    """Force + Durability - 1 for an Entity, 2 x Force for a Sovereign, 0 for Items and Rites."""
    if isinstance(card, EntityCard):
        return card.force + card.durability - 1
    if isinstance(card, SovereignCard):
        return 2 * card.force
    return 0


def _multiplier_text(inst: KeywordInstance) -> str:
    parts = []
    if inst.trigger.multiplier > 1:
        parts.append(f"x {inst.trigger.multiplier} (repeating trigger)")
    if inst.scope.multiplier > 1:
        wide = "aura" if inst.trigger is Trigger.STATIC else "wide target"
        parts.append(f"x {inst.scope.multiplier} ({wide})")
    return " ".join(parts)


def keyword_points(inst: KeywordInstance) -> int:
    """A keyword instance's points with its multipliers (CMD-R4), before divergence.

    Examples:
        >>> from shardgames.command.keywords import Scope, keyword
        >>> keyword_points(KeywordInstance(keyword("heal"), 2, Trigger.START_OF_YOUR_TURN, Scope.YOU))
        2
    """
    points = inst.keyword.points(inst.amount)
    if inst.keyword.is_multiplied:
        points *= inst.trigger.multiplier * inst.scope.multiplier
    return points


def _keyword_line(inst: KeywordInstance) -> PriceLine:
    kw = inst.keyword
    base = kw.points(inst.amount)
    if kw.halves_amount:
        detail = f"ceil({inst.amount}/2) = {base}"
    elif kw.has_amount:
        detail = f"{kw.base_points} x {inst.amount}"
    else:
        detail = str(base)
    if not kw.is_multiplied:
        detail += f" ({kw.kind.value}, never multiplied)"
    elif extra := _multiplier_text(inst):
        detail += " " + extra
    return PriceLine(f"{kw.id} {inst.label}", detail, keyword_points(inst))


def _divergence_lines(card: Card) -> list[PriceLine]:
    lines = []
    for inst in card.keywords:
        element = inst.keyword.element
        if element is not None and element not in card.identity:
            lines.append(
                PriceLine(
                    f"divergence: {inst.keyword.id} {inst.label}",
                    f"{element.label} is outside {card.identity_text}",
                    DIVERGENCE_POINTS,
                )
            )
    return lines


def _stats_line(card: Card) -> PriceLine:
    if isinstance(card, EntityCard):
        return PriceLine(
            f"stats {card.force}/{card.durability}",
            f"Force {card.force} + Durability {card.durability} - 1",
            stat_points(card),
        )
    if isinstance(card, SovereignCard):
        return PriceLine(f"Force {card.force}", f"2 x Force {card.force}", stat_points(card))
    raise TypeError(f"{card.type.with_article} has no stats")


def _render(head: str, rows: list[tuple[str, str, int | str]]) -> str:
    label_width = max(len(label) for label, _, _ in rows)
    detail_width = max(len(detail) for _, detail, _ in rows)
    points_width = max(len(str(points)) for _, _, points in rows)
    lines = [head]
    for label, detail, points in rows:
        lines.append(f"  {label:<{label_width}}  {detail:<{detail_width}}  {points!s:>{points_width}}")
    return "\n".join(line.rstrip() for line in lines)


@attrs.frozen
class Price:
    """A Main Deck card's price: the Base Points lines, then SPP, deficit and Tax (CMD-R1 to R5).

    ``sum(line.points for line in lines) == bp`` and ``sum(line.points for line in tax_lines) == tax``.

    Attributes:
        card: The card priced.
        lines: The Base Points lines: stats, each keyword, each divergence, and a floor line when the
            sum would be negative (BP is never below 0).
        bp: Base Points.
        shard_cost: The card's Shard cost (C).
        spp: Shard Purchasing Power, 2 x C.
        deficit: max(0, BP - SPP).
        tax: C + 3 x deficit.
    """

    card: MainDeckCard
    lines: tuple[PriceLine, ...]
    bp: int
    shard_cost: int
    spp: int
    deficit: int
    tax: int

    @property
    def tax_lines(self) -> tuple[PriceLine, ...]:
        """The Tax as two lines that add up to it: the Shard cost and the deficit penalty."""
        return (
            PriceLine("Shard cost", f"cost {self.card.cost}", self.shard_cost),
            PriceLine(
                "deficit penalty", f"{DEFICIT_TAX} x deficit {self.deficit}", DEFICIT_TAX * self.deficit
            ),
        )

    @property
    def is_fair(self) -> bool:
        """Whether the Shard cost covers the Base Points (no deficit)."""
        return self.deficit == 0

    def rows(self) -> list[tuple[str, str, int | str]]:
        """The breakdown as (label, detail, points) rows, totals included, for tables."""
        rows: list[tuple[str, str, int | str]] = [(x.label, x.detail, x.points) for x in self.lines]
        rows.append(("Base Points (BP)", "", self.bp))
        rows.append(("Shard Purchasing Power (SPP)", f"{SPP_PER_SHARD} x cost {self.shard_cost}", self.spp))
        rows.append(
            ("deficit", f"BP {self.bp} - SPP {self.spp}" if self.deficit else "BP <= SPP", self.deficit)
        )
        rows.append(("Shard cost", "", self.shard_cost))
        if self.deficit:
            rows.append(
                ("deficit penalty", f"{DEFICIT_TAX} x deficit {self.deficit}", DEFICIT_TAX * self.deficit)
            )
        rows.append(("Tax", "", self.tax))
        return rows

    def __str__(self) -> str:
        return _render(str(self.card), self.rows())


@attrs.frozen
class SovereignPrice:
    """A Sovereign's price in Sovereign Shards (CMD-R6): 2 x Force, its abilities and their divergence.

    ``sum(line.points for line in lines) == shards``.

    Attributes:
        card: The Sovereign.
        lines: Force, each ability (auras count twice), each divergence.
        shards: The Sovereign Shards.
    """

    card: SovereignCard
    lines: tuple[PriceLine, ...]
    shards: int

    def legal_in(self, fmt: Format) -> bool:
        """Whether the Sovereign fits `fmt`'s Sovereign Shard limit."""
        return self.shards <= fmt.sovereign_shards

    def rows(self) -> list[tuple[str, str, int | str]]:
        """The breakdown as (label, detail, points) rows, with the total and each format, for tables."""
        rows: list[tuple[str, str, int | str]] = [(x.label, x.detail, x.points) for x in self.lines]
        rows.append(("Sovereign Shards", "", self.shards))
        for fmt in FORMATS.values():
            verdict = "legal" if self.legal_in(fmt) else "illegal"
            rows.append((f"{fmt.name} format", f"limit {fmt.sovereign_shards}: {verdict}", ""))
        return rows

    def __str__(self) -> str:
        return _render(str(self.card), self.rows())


@overload
def price(card: SovereignCard) -> SovereignPrice: ...
@overload
def price(card: Card) -> Price | SovereignPrice: ...
def price(card: Card) -> Price | SovereignPrice:
    """Price a card: a `Price` for a Main Deck card, a `SovereignPrice` for a Sovereign.

    Raises:
        CardError: If the card is not a legal design (every problem listed).

    Examples:
        >>> from shardgames.command.cardfiles import starter_pool
        >>> oracle = price(starter_pool()["Highland Oracle"])
        >>> oracle.shards, [line.points for line in oracle.lines]
        (16, [4, 2, 6, 4])
    """
    check_card(card)
    lines = [_stats_line(card)] if isinstance(card, (EntityCard, SovereignCard)) else []
    lines += [_keyword_line(inst) for inst in card.keywords]
    lines += _divergence_lines(card)
    total = sum(line.points for line in lines)
    if isinstance(card, SovereignCard):
        return SovereignPrice(card, tuple(lines), total)
    if total < 0:
        lines.append(PriceLine("floor", "Base Points are never below 0", -total))
        total = 0
    assert isinstance(card, MainDeckCard)  # the other type, Sovereign, returned above
    cost = card.cost.total
    spp = SPP_PER_SHARD * cost
    deficit = max(0, total - spp)
    return Price(card, tuple(lines), total, cost, spp, deficit, cost + DEFICIT_TAX * deficit)
