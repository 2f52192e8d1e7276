"""MkDocs hook: the Shard Command keywords, card pool and decks as tables, generated so they never drift.

Three marker lines are replaced, each on a line of its own:

- ``<!-- command-keywords -->`` becomes the table of the 52 keywords: id, name, the short name card files
  use, element, kind, points, the card types it fits, the target scopes it takes, and what it does.
- ``<!-- command-pool -->`` becomes the shipped card pool (`starter_pool()`), one section per card type
  (``#pool-sovereigns``, ``#pool-entities``, ``#pool-items``, ``#pool-rites``): each card's cost, stats,
  keywords and price (Base Points, Shard Purchasing Power, deficit and Tax; Sovereign Shards for a
  Sovereign) and the shipped decks that use it. Every card's row has the anchor ``#card-ID``.
- ``<!-- command-price: NAME -->`` becomes a ``text`` block with ``print(price(starter_pool()[NAME]))``.
- ``<!-- command-cli: ARGS -->`` becomes a ``console`` block with ``$ shardgames ARGS`` and what the
  command prints at 100 columns (run in the repository's root, so example files can be named).
- ``<!-- command-decks -->`` becomes a summary of the shipped decks (`starter_decks()`) and one section per
  deck (``#deck-ID``): its Sovereign, Charge Stones, cards with copies and Tax, Main Deck Tax, and its
  verdict in each format.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from shardgames.command import (
    FORMATS,
    KEYWORDS,
    Card,
    CardPool,
    CardType,
    Decklist,
    EntityCard,
    Keyword,
    KeywordKind,
    MainDeckCard,
    Price,
    SovereignCard,
    SovereignPrice,
    check_deck,
    price,
    starter_decks,
    starter_pool,
)
from shardgames.command.design import triggers_for

KEYWORDS_MARKER = re.compile(r"^[ \t]*<!-- command-keywords -->[ \t]*$", re.MULTILINE)
POOL_MARKER = re.compile(r"^[ \t]*<!-- command-pool -->[ \t]*$", re.MULTILINE)
DECKS_MARKER = re.compile(r"^[ \t]*<!-- command-decks -->[ \t]*$", re.MULTILINE)
PRICE_MARKER = re.compile(r"^[ \t]*<!-- command-price: (?P<name>[^>]+?) -->[ \t]*$", re.MULTILINE)
CLI_MARKER = re.compile(r"^[ \t]*<!-- command-cli: (?P<args>[^>]+?) -->[ \t]*$", re.MULTILINE)

PLURALS = {
    CardType.ENTITY: "Entities",
    CardType.ITEM: "Items",
    CardType.RITE: "Rites",
    CardType.SOVEREIGN: "Sovereigns",
}
DASH = "&ndash;"


def on_page_markdown(markdown: str, /, **kwargs: Any) -> str:
    """Replace each marker line with its generated tables."""
    for marker, render in (
        (KEYWORDS_MARKER, keywords_markdown),
        (POOL_MARKER, pool_markdown),
        (DECKS_MARKER, decks_markdown),
    ):
        if marker.search(markdown):
            markdown = _replace(marker, render(), markdown)
    markdown = PRICE_MARKER.sub(lambda match: price_block(match["name"]), markdown)
    return CLI_MARKER.sub(lambda match: cli_block(match["args"]), markdown)


def price_block(name: str) -> str:
    """A shipped card's printed price, as a ``text`` block."""
    return f"```text\n{price(starter_pool()[name])}\n```"


def cli_block(args: str) -> str:
    """``$ shardgames ARGS`` and its output at 100 columns, as a ``console`` block.

    Raises:
        RuntimeError: If the command fails in an unexpected way (exit codes 0 and 1 are expected).
    """
    import shlex  # noqa: PLC0415 - only the docs build needs these

    from click.testing import CliRunner  # noqa: PLC0415

    from shardgames.cli import cli  # noqa: PLC0415

    result = CliRunner().invoke(cli, shlex.split(args), env={"COLUMNS": "100"})
    if result.exit_code not in (0, 1):
        raise RuntimeError(f"shardgames {args} exited with {result.exit_code}: {result.output}")
    output = "\n".join(line.rstrip() for line in result.stdout.splitlines()).strip("\n")
    return f"```console\n$ shardgames {args}\n{output}\n```"


def _replace(marker: re.Pattern[str], generated: str, markdown: str) -> str:
    return marker.sub(lambda _: generated, markdown)


# ---------------------------------------------------------------------- keywords


def keywords_markdown() -> str:
    """The 52 keywords as one table, in glossary order."""
    rows = [
        [
            kw.id,
            _escape(kw.name),
            f"`{kw.slug}`",
            kw.element_name,
            kw.kind.value,
            _points_text(kw),
            _fits(kw),
            _scopes(kw),
            _escape(kw.reminder),
        ]
        for kw in KEYWORDS.values()
    ]
    headers = ["Id", "Keyword", "In files", "Element", "Kind", "Points", "Fits", "Targets", "What it does"]
    return "\n".join(_table(headers, rows, "lllllrlll"))


def _points_text(kw: Keyword) -> str:
    if kw.halves_amount:
        return "half of #, rounded up"
    if kw.has_amount:
        return f"{kw.base_points} &times; #"
    return _number(kw.base_points)


def _fits(kw: Keyword) -> str:
    parts = []
    for card_type in CardType:
        if card_type not in kw.card_types:
            continue
        name = PLURALS[card_type]
        if card_type is CardType.SOVEREIGN:
            name += " (as an aura)" if kw.kind is KeywordKind.STATIC else " (Exhaust your Sovereign)"
        elif kw.queue_only and card_type is not CardType.RITE:
            name += " (Exhaust ability)"
        if triggers_for(kw, card_type):
            parts.append(name)
    return ", ".join(parts)


def _scopes(kw: Keyword) -> str:
    if kw.kind is not KeywordKind.EFFECT:
        return DASH
    return ", ".join(f"`{scope.value}`" for scope in kw.scopes)


# ---------------------------------------------------------------------- the card pool


def pool_markdown() -> str:
    """The shipped card pool: one section per card type, Sovereigns first."""
    pool = starter_pool()
    used = _decks_using()
    cards = list(pool.values())
    sovereigns = [c for c in cards if isinstance(c, SovereignCard)]
    sections = [
        "\n".join(
            [
                f"### Sovereigns ({len(sovereigns)}) {{#pool-sovereigns}}",
                "",
                *_table(
                    [
                        "Sovereign",
                        "Identity",
                        "Force",
                        "Abilities",
                        "Sovereign Shards",
                        *_format_names(),
                        "In decks",
                    ],
                    [_sovereign_row(card, used) for card in sovereigns],
                    "llrlr" + "l" * (len(FORMATS) + 1),
                ),
            ]
        )
    ]
    for card_type in (CardType.ENTITY, CardType.ITEM, CardType.RITE):
        of_type = [c for c in cards if c.type is card_type]
        headers = ["Card", "Identity", "Cost"]
        if card_type is CardType.ENTITY:
            headers.append("F/D")
        headers += ["Keywords", "BP", "SPP", "Deficit", "Tax", "In decks"]
        rows = [_main_row(card, used) for card in of_type]
        align = "lll" + ("l" if card_type is CardType.ENTITY else "") + "lrrrrl"
        title = f"### {PLURALS[card_type]} ({len(of_type)}) {{#pool-{PLURALS[card_type].lower()}}}"
        sections.append("\n".join([title, "", *_table(headers, rows, align)]))
    return "\n\n".join(sections)


def _sovereign_row(card: SovereignCard, used: Mapping[str, list[str]]) -> list[str]:
    found = price(card)
    verdicts = ["fits" if found.legal_in(fmt) else "**over**" for fmt in FORMATS.values()]
    return [
        _card_anchor(card),
        _identity(card),
        str(card.force),
        _rules(card),
        str(found.shards),
        *verdicts,
        _deck_links(used.get(card.name, [])),
    ]


def _main_row(card: Card, used: Mapping[str, list[str]]) -> list[str]:
    found = price(card)
    assert isinstance(found, Price)
    assert isinstance(card, MainDeckCard)
    row = [_card_anchor(card), _identity(card), f"`{card.cost}`"]
    if isinstance(card, EntityCard):
        row.append(f"{card.force}/{card.durability}")
    row += [
        _rules(card),
        str(found.bp),
        str(found.spp),
        str(found.deficit),
        f"**{found.tax}**" if found.deficit else str(found.tax),
        _deck_links(used.get(card.name, [])),
    ]
    return row


def _decks_using() -> dict[str, list[str]]:
    used: dict[str, list[str]] = {}
    for deck in starter_decks().values():
        for name in (*deck.sovereigns, *(name for name, _ in deck.main)):
            used.setdefault(name, []).append(deck.id)
    return used


def _deck_links(deck_ids: Sequence[str]) -> str:
    decks = starter_decks()
    return ", ".join(f"[{_escape(decks[i].name)}](#deck-{i})" for i in deck_ids) or DASH


# ---------------------------------------------------------------------- the decks


def decks_markdown() -> str:
    """A summary table of the shipped decks, then one section per deck."""
    pool = starter_pool()
    decks = list(starter_decks().values())
    summary = []
    for deck in decks:
        report = check_deck(deck, pool)
        sovereign = pool[deck.sovereign]
        summary.append(
            [
                f"[{_escape(deck.name)}](#deck-{deck.id})",
                _card_link(sovereign),
                _identity(sovereign),
                str(report.size),
                str(report.main_tax),
                str(report.sovereign_shards),
                *(_verdict(report.legal_in(fmt)) for fmt in FORMATS.values()),
            ]
        )
    headers = [
        "Deck",
        "Sovereign",
        "Elements",
        "Cards",
        "Main Deck Tax",
        "Sovereign Shards",
        *_format_names(),
    ]
    parts = ["\n".join(_table(headers, summary, "lllrrr"))]
    parts += [_deck_section(deck, pool) for deck in decks]
    return "\n\n".join(parts)


def _deck_section(deck: Decklist, pool: CardPool) -> str:
    report = check_deck(deck, pool)
    sovereign = pool[deck.sovereign]
    assert isinstance(sovereign, SovereignCard)
    sovereign_price = price(sovereign)
    assert isinstance(sovereign_price, SovereignPrice)
    lines = [f"### {_escape(deck.name)} (`{deck.id}`) {{#deck-{deck.id}}}", ""]
    if deck.description:
        lines += [f"*{_escape(deck.description)}*", ""]
    lines += [
        " &middot; ".join(
            [
                f"**Sovereign:** {_card_link(sovereign)}",
                _identity(sovereign),
                f"Force {sovereign.force}",
                *(_escape(line) for line in sovereign.rules_text()),
                f"{sovereign_price.shards} Sovereign Shards  ",
            ]
        ),
        f"**Charge Stones:** {deck.stones}.",
        "",
    ]
    rows = []
    for name, copies in deck.main:
        card = pool[name]
        card_price = report.prices[card.name]
        stats = f"{card.force}/{card.durability}" if isinstance(card, EntityCard) else ""
        assert isinstance(card, MainDeckCard)
        rows.append(
            [
                str(copies),
                _card_link(card),
                card.type.value.capitalize(),
                f"`{card.cost}`",
                stats,
                _rules(card),
                str(card_price.tax),
                str(copies * card_price.tax),
            ]
        )
    rows.append(
        ["**" + str(report.size) + "**", "**Main Deck**", "", "", "", "", "", f"**{report.main_tax}**"]
    )
    lines += _table(
        ["Copies", "Card", "Type", "Cost", "F/D", "Keywords", "Tax each", "Tax"], rows, "rlllllrr"
    )
    lines += ["", *_format_table(report.formats, report.problems)]
    return "\n".join(lines)


def _format_table(checks: Iterable[Any], construction: Sequence[str]) -> list[str]:
    rows = []
    for check in checks:
        fmt = check.format
        why = "; ".join(_escape(p) for p in (*construction, *check.problems))
        rows.append(
            [
                fmt.name.capitalize(),
                str(fmt.main_tax),
                str(fmt.sovereign_shards),
                _verdict(check.legal) + (f": {why}" if why else ""),
            ]
        )
    return _table(["Format", "Main Deck Tax limit", "Sovereign Shards limit", "Verdict"], rows, "lrrl")


# ---------------------------------------------------------------------- helpers


def _format_names() -> list[str]:
    return [f"{fmt.name.capitalize()} ({fmt.main_tax}/{fmt.sovereign_shards})" for fmt in FORMATS.values()]


def _verdict(legal: bool) -> str:
    return "legal" if legal else "**illegal**"


def _identity(card: Card) -> str:
    return ", ".join(element.label for element in card.identity) or "colourless"


def _rules(card: Card) -> str:
    return "<br>".join(_escape(line) for line in card.rules_text()) or "vanilla"


def _card_anchor(card: Card) -> str:
    return f'<span id="card-{card.id}">{_escape(card.name)}</span>'


def _card_link(card: Card) -> str:
    return f"[{_escape(card.name)}](#card-{card.id})"


def _number(points: int) -> str:
    return f"&minus;{-points}" if points < 0 else str(points)


def _table(headers: Sequence[str], rows: Iterable[Sequence[str]], align: str = "") -> list[str]:
    align = align.ljust(len(headers), "l")
    rule = ["---:" if a == "r" else "---" for a in align]
    return [_row(headers), _row(rule), *(_row(row) for row in rows)]


def _row(cells: Sequence[str]) -> str:
    return "| " + " | ".join(cells) + " |"


def _escape(text: str) -> str:
    """Text safe inside a Markdown table cell and free of accidental emphasis."""
    return re.sub(r"([|*_`\\[\]<>])", r"\\\1", text)
