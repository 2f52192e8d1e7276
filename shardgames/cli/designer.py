"""The Shard Command designer commands: ``card price``, ``cards command`` and ``deck validate command``.

Each command builds JSON-ready data first (what ``--json`` prints) and renders it with rich tables
otherwise, so scripts and people read the same facts.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

from shardgames.cli._output import console
from shardgames.kernel.errors import UsageError
from shardgames.render.text import plural

if TYPE_CHECKING:
    import click

    from shardgames.command.cards import Card, CardPool
    from shardgames.command.decks import DeckReport

__all__ = [
    "add_designer_commands",
    "card_listing",
    "card_price_report",
    "deck_report",
    "keyword_listing",
    "print_card_listing",
    "print_deck_report",
    "print_keywords",
]


# ---------------------------------------------------------------------- data


def _price_data(card: Card) -> dict[str, Any]:
    from shardgames.command.cardfiles import card_to_data  # noqa: PLC0415 - loaded when the command runs
    from shardgames.command.cost import Price, price  # noqa: PLC0415
    from shardgames.command.formats import FORMATS  # noqa: PLC0415

    found = price(card)
    data: dict[str, Any] = {
        "name": card.name,
        "type": card.type.value,
        "text": str(card),
        "rules": list(card.rules_text()),
        "design": card_to_data(card),
        "lines": [{"label": x.label, "detail": x.detail, "points": x.points} for x in found.lines],
    }
    if isinstance(found, Price):
        data |= {"bp": found.bp, "spp": found.spp, "deficit": found.deficit, "tax": found.tax}
        data["tax_lines"] = [
            {"label": x.label, "detail": x.detail, "points": x.points} for x in found.tax_lines
        ]
    else:
        data["sovereign_shards"] = found.shards
        data["formats"] = {name: found.legal_in(fmt) for name, fmt in FORMATS.items()}
    return data


def card_price_report(target: str) -> dict[str, Any]:
    """Price each card of a card file, or the shipped card named `target` when no such file exists.

    Returns:
        ``{"source", "valid", "cards": [...]}``; each card holds its ``name``, ``valid`` flag and either
        its ``problems`` or its price (``lines``, ``bp``, ``spp``, ``deficit``, ``tax``, ``tax_lines``; for
        a Sovereign ``sovereign_shards`` and ``formats``).

    A `target` that names no file is taken for a card's name, unless it looks like a file's (it ends
    in ``.toml`` or ``.json``, or holds a folder separator): then the file is missing.

    Raises:
        CardError: If the file cannot be read or parsed, or is missing.
        DeckError: If the file's ``[[deck]]`` tables are malformed (as ``deck validate`` finds them).
        UsageError: If `target` is neither a file nor a shipped card.
    """
    from shardgames.command.cardfiles import check_card_entries, starter_pool  # noqa: PLC0415
    from shardgames.command.decks import parse_deck_tables  # noqa: PLC0415
    from shardgames.kernel.datafiles import read_data_file  # noqa: PLC0415
    from shardgames.kernel.errors import CardError  # noqa: PLC0415

    path = Path(target)
    looks_like_a_file = path.suffix.lower() in (".toml", ".json") or len(path.parts) > 1
    if not path.exists() and not looks_like_a_file:
        pool = starter_pool()
        if target in pool:
            card = pool[target]
            return {"source": "shipped pool", "valid": True, "cards": [{"valid": True, **_price_data(card)}]}
        raise UsageError(
            f"{target!r} is neither a card file (there is no such file) nor a shipped card "
            f"({pool.unknown(target)})"
        )
    data = read_data_file(path, CardError)
    unknown = sorted(set(data) - {"card", "deck"})
    if unknown:
        raise CardError(
            str(path), [f"{key}: unknown section; a card file holds [[card]] tables" for key in unknown]
        )
    parse_deck_tables(data, source=str(path))  # a file whose decks cannot be read is refused whole
    cards = []
    for check in check_card_entries(data, source=str(path)):
        if check.card is None:
            cards.append({"name": check.name, "valid": False, "problems": list(check.problems)})
        else:
            cards.append({"valid": True, **_price_data(check.card)})
    if not cards:
        raise CardError(str(path), ["no cards: a card file holds [[card]] tables"])
    return {"source": str(path), "valid": all(c["valid"] for c in cards), "cards": cards}


def _pool_with(card_files: Sequence[str]) -> tuple[CardPool, dict[str, str]]:
    """The shipped pool with the cards of each file, read as the game's ``cards`` parameter reads them."""
    from shardgames.command.cardfiles import starter_pool  # noqa: PLC0415
    from shardgames.command.decks import load_deck_file  # noqa: PLC0415

    pool = starter_pool()
    sources = dict.fromkeys(pool, "shipped")
    for file in card_files:
        added = load_deck_file(file).cards
        pool = pool | added
        sources |= dict.fromkeys(added, file)
    return pool, sources


def card_listing(deck: str | None, card_files: Sequence[str]) -> dict[str, Any]:
    """The card pool (or one shipped deck's cards) with each card's price, as JSON-ready data.

    Raises:
        UsageError: If `deck` is not a shipped deck.
        CardError: If a card file is not valid.
        DeckError: If a card file cannot be read, or its ``[[deck]]`` tables are malformed.
    """
    from shardgames.command.decks import starter_decks  # noqa: PLC0415

    pool, sources = _pool_with(card_files)
    copies: dict[str, int] = {}
    title = "the card pool"
    names = list(pool)
    if deck is not None:
        decks = starter_decks()
        if deck not in decks:
            raise UsageError(f"--deck: no shipped deck {deck!r}; the decks are {', '.join(decks)}")
        found = decks[deck]
        title = f"deck {found.id}: {found.name}"
        copies = dict(found.main)
        names = [found.sovereign, *copies]
    cards = []
    for name in names:
        entry = _price_data(pool[name]) | {"source": sources[pool[name].name]}
        if name in copies:
            entry["copies"] = copies[name]
        cards.append(entry)
    return {"game": "command", "title": title, "card_files": list(card_files), "cards": cards}


def keyword_listing() -> dict[str, Any]:
    """Every keyword of the registry as JSON-ready data."""
    from shardgames.command.keywords import KEYWORDS, CardType  # noqa: PLC0415

    return {
        "keywords": [
            {
                "id": kw.id,
                "name": kw.name,
                "slug": kw.slug,
                "element": kw.element_name,
                "kind": kw.kind.value,
                "points": kw.points_text,
                "fits": [t.value for t in CardType if t in kw.card_types],
                "scopes": [s.value for s in kw.scopes],
                "reminder": kw.reminder,
            }
            for kw in KEYWORDS.values()
        ]
    }


SHIPPED_DECKS = "shipped decks"
"""What the content commands call the decks that ship with a game, in place of a file's name."""


def _shipped_decks_file() -> Path:
    return Path(str(resources.files("shardgames.command").joinpath("data/decks.toml")))


def _report_data(report: DeckReport) -> dict[str, Any]:
    return {
        "name": report.deck.name,
        "id": report.deck.id,
        "size": report.size,
        "main_tax": report.main_tax,
        "sovereign_shards": report.sovereign_shards,
        "problems": list(report.problems),
        "formats": {
            check.format.name: {"legal": check.legal, "problems": list(check.problems)}
            for check in report.formats
        },
    }


def deck_report(file: Path | None, fmt: str, deck: str | None) -> dict[str, Any]:
    """Check every deck of a deck file (the shipped decks when `file` is ``None``) as JSON-ready data.

    Returns:
        ``{"game", "file", "format", "legal", "decks": [...]}``; each deck holds its ``name``, ``id``,
        ``size``, ``main_tax``, ``sovereign_shards``, construction ``problems``, ``legal`` (in `fmt`),
        ``problems_in_format`` and its verdict in every format.

    Raises:
        UsageError: If `fmt` is not a format or `deck` names no deck of the file.
        CardError: If the file cannot be read, or its own cards are not valid.
        DeckError: If its deck tables are malformed.
    """
    from shardgames.command.cardfiles import starter_pool  # noqa: PLC0415
    from shardgames.command.decks import check_decks, load_deck_file  # noqa: PLC0415
    from shardgames.command.formats import FORMATS, parse_format  # noqa: PLC0415

    try:
        chosen = parse_format(fmt)
    except ValueError as exc:
        raise UsageError(f"--format: {exc}") from None
    content = load_deck_file(file if file is not None else _shipped_decks_file())
    where = repr(str(file)) if file is not None else SHIPPED_DECKS
    pool = starter_pool() | content.cards
    decks = list(content.decks.values())
    if deck is not None:
        decks = [d for d in decks if deck in (d.id, d.name)]
        if not decks:
            names = ", ".join(content.decks) or "none"
            raise UsageError(f"--deck: {where} has no deck named {deck!r}; its decks: {names}")
    if not decks:
        raise UsageError(f"{where} holds no [[deck]] tables to check")
    formats = [chosen, *(f for f in FORMATS.values() if f != chosen)]
    results = []
    for report in check_decks(decks, pool, formats=formats):
        data = _report_data(report)
        data["legal"] = report.legal_in(chosen)
        data["problems_in_format"] = list(report.problems_in(chosen))
        results.append(data)
    return {
        "game": "command",
        "file": str(file) if file is not None else SHIPPED_DECKS,
        "format": chosen.name,
        "legal": all(d["legal"] for d in results),
        "decks": results,
    }


# ---------------------------------------------------------------------- rich output


def _table(title: str, caption: str = "") -> Any:
    from rich import box  # noqa: PLC0415 - an optional extra
    from rich.table import Table  # noqa: PLC0415

    return Table(
        title=title,
        title_justify="left",
        caption=caption or None,
        caption_justify="left",
        box=box.SIMPLE_HEAD,
        pad_edge=False,
    )


def print_card_prices(report: Mapping[str, Any]) -> None:
    """Print each card's breakdown as a table, or its problems."""
    out = console()
    for card in report["cards"]:
        if not card["valid"]:
            count = len(card["problems"])
            out.print(f"{card['name'] or '(unnamed card)'}: not a legal design, {plural(count, 'problem')}:")
            for problem in card["problems"]:
                out.print(f"  - {problem}", soft_wrap=True)
            out.print()
            continue
        table = _table(card["text"])
        table.add_column("line", overflow="fold", ratio=3)
        table.add_column("how", overflow="fold", ratio=3)
        table.add_column("points", justify="right", no_wrap=True)
        for line in card["lines"]:
            table.add_row(line["label"], line["detail"], str(line["points"]))
        if "tax" in card:
            table.add_section()
            table.add_row("Base Points (BP)", "the lines above", str(card["bp"]))
            table.add_row("Shard Purchasing Power (SPP)", "2 x Shard cost", str(card["spp"]))
            table.add_row("deficit", "BP - SPP, at least 0", str(card["deficit"]))
            table.add_section()
            for line in card["tax_lines"]:
                table.add_row(line["label"], line["detail"], str(line["points"]))
            table.add_row("Tax", "the two lines above", str(card["tax"]), style="bold")
        else:
            table.add_section()
            table.add_row("Sovereign Shards", "the lines above", str(card["sovereign_shards"]), style="bold")
            for name, legal in card["formats"].items():
                table.add_row(f"{name} format", "within its limit" if legal else "over its limit", "")
        out.print(table)
    cards = report["cards"]
    bad = sum(not c["valid"] for c in cards)
    out.print(f"{report['source']}: {plural(len(cards), 'card')}, {bad} not legal", soft_wrap=True)


def print_card_listing(listing: Mapping[str, Any]) -> None:
    """Print the pool (or a deck) as one table: stats, keywords, and the price of each card."""
    with_copies = any("copies" in c for c in listing["cards"])
    cards = plural(len(listing["cards"]), "card")
    table = _table(f"Shard Command: {listing['title']} ({cards})", _PRICE_CAPTION)
    if with_copies:
        table.add_column("#", justify="right", no_wrap=True)
    table.add_column("name", overflow="fold", ratio=3)
    table.add_column("type", no_wrap=True)
    table.add_column("identity", overflow="fold", ratio=2)
    table.add_column("cost", no_wrap=True)
    table.add_column("F/D", no_wrap=True)
    table.add_column("keywords", overflow="fold", ratio=5)
    for label in ("BP", "SPP", "def", "Tax"):
        table.add_column(label, justify="right", no_wrap=True)
    for card in listing["cards"]:
        design = card["design"]
        stats = f"{design['force']}/{design['durability']}" if "durability" in design else ""
        if card["type"] == "sovereign":
            stats = f"F {design['force']}"
        identity = ", ".join(design["identity"]) or "colourless"
        keywords = "; ".join(card["rules"])
        prices = [str(card.get(k, "")) for k in ("bp", "spp", "deficit")]
        prices.append(str(card["tax"]) if "tax" in card else f"{card['sovereign_shards']} SS")
        row = [card["name"], card["type"], identity, design.get("cost", ""), stats, keywords, *prices]
        if with_copies:
            row.insert(0, str(card.get("copies", "")))
        table.add_row(*row)
    console().print(table)


_PRICE_CAPTION = (
    "BP Base Points, SPP Shard Purchasing Power, def deficit; a Sovereign shows its Sovereign Shards (SS)"
)


def print_keywords(listing: Mapping[str, Any]) -> None:
    """Print the keyword registry as one table."""
    table = _table(f"Shard Command keywords ({len(listing['keywords'])})")
    table.add_column("id", no_wrap=True)
    table.add_column("keyword (card files)", overflow="fold", ratio=2)
    table.add_column("element", no_wrap=True)
    table.add_column("kind", no_wrap=True)
    table.add_column("points", no_wrap=True)
    table.add_column("fits", overflow="fold", ratio=2)
    table.add_column("what it does", overflow="fold", ratio=5)
    for kw in listing["keywords"]:
        name = f"{kw['name']} ({kw['slug']})"
        table.add_row(
            kw["id"], name, kw["element"], kw["kind"], kw["points"], ", ".join(kw["fits"]), kw["reminder"]
        )
    console().print(table)


def print_deck_report(report: Mapping[str, Any]) -> None:
    """Print each deck's verdict in the chosen format with its problems, then a table of every format."""
    from rich.text import Text  # noqa: PLC0415 - an optional extra

    out = console()
    fmt = report["format"]
    for deck in report["decks"]:
        verdict = ("legal", "bold green") if deck["legal"] else ("illegal", "bold red")
        problems = deck["problems_in_format"]
        tail = f", {plural(len(problems), 'problem')}:" if problems else ""
        out.print(Text.assemble(f"{deck['name']}: ", verdict, f" in {fmt}{tail}"), soft_wrap=True)
        for problem in problems:
            out.print(f"  - {problem}", soft_wrap=True)
    formats = list(report["decks"][0]["formats"])
    table = _table("Main Deck Tax and Sovereign Shards against each format")
    for label in ("deck", "cards", "Tax", "Sovereign Shards", *formats):
        table.add_column(label, justify="left" if label == "deck" else "right", no_wrap=True)
    for deck in report["decks"]:
        shards = "" if deck["sovereign_shards"] is None else str(deck["sovereign_shards"])
        verdicts = ["legal" if deck["formats"][f]["legal"] else "illegal" for f in formats]
        table.add_row(deck["name"], str(deck["size"]), str(deck["main_tax"]), shards, *verdicts)
    out.print(table)
    legal = sum(d["legal"] for d in report["decks"])
    count = len(report["decks"])
    decks = plural(count, "deck")
    out.print(
        f"{report['file']}: {decks} checked in {fmt}, {legal} legal, {count - legal} illegal", soft_wrap=True
    )


# ---------------------------------------------------------------------- the click commands


def add_designer_commands(cli: click.Group) -> None:
    """Add ``card price`` to the ``shardgames`` group."""
    import click  # noqa: PLC0415 - an optional extra, imported when the command runs

    @cli.group("card")
    def card_group() -> None:
        """Shard Command card designs: what they cost and why."""

    @card_group.command("price", short_help="Price Shard Command card designs, line by line.")
    @click.argument("target", metavar="FILE_OR_NAME")
    @click.option("--card", "only", metavar="NAME", help="Price only the card named NAME of FILE.")
    @click.option("--json", "as_json", is_flag=True, help="Print JSON for scripts.")
    def price_command(*, target: str, only: str | None, as_json: bool) -> None:
        """Price each card of FILE (a .toml or .json card file), or the shipped card named NAME.

        Each card's breakdown shows its stats, each keyword with its multipliers, each divergence, then
        Base Points, Shard Purchasing Power, deficit and Tax (for a Sovereign, its Sovereign Shards and
        the formats it fits). A card that is not a legal design is listed with every problem instead.
        Exits with 0 when every card is a legal design, 1 when one is not, and 2 when FILE cannot be
        read.
        """
        report = card_price_report(target)
        if only is not None:
            cards = [c for c in report["cards"] if c["name"] == only]
            if not cards:
                names = ", ".join(repr(c["name"]) for c in report["cards"])
                raise UsageError(f"--card: {target!r} has no card named {only!r}; its cards: {names}")
            report = {**report, "cards": cards, "valid": all(c["valid"] for c in cards)}
        if as_json:
            click.echo(json.dumps(report, indent=2))
        else:
            print_card_prices(report)
        if not report["valid"]:
            click.get_current_context().exit(1)
