"""The content commands of ``shardgames``: ``deck validate``, ``cards`` and ``roster validate``.

They take a game's package name (``sota``, ``tactics``, ``command``) rather than a registered game, and
import that game's content modules only when they run.
"""

from __future__ import annotations

import importlib
import json
import pkgutil
from collections.abc import Callable, Mapping, Sequence
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

from shardgames.cli._output import console
from shardgames.cli.designer import (
    SHIPPED_DECKS,
    card_listing,
    deck_report,
    keyword_listing,
    print_card_listing,
    print_deck_report,
    print_keywords,
)
from shardgames.kernel.errors import UsageError
from shardgames.render.text import plural

if TYPE_CHECKING:
    import click

    from shardgames.sota.cards import Card
    from shardgames.tactics.warriors import Side, WarriorCard

__all__ = ["DeckValidator", "add_content_commands", "deck_validator"]


DeckValidator = Callable[[Path], dict[str, list[str]]]


_CARD_GAMES = ("command", "sota", "tactics")


def _games_with_module(module: str) -> list[str]:
    """The game packages inside ``shardgames`` that hold a module named `module` (without importing)."""
    root = Path(__file__).parent.parent
    return sorted(
        folder.name
        for folder in root.iterdir()
        if folder.is_dir()
        and folder.name.isidentifier()
        and any(m.name == module for m in pkgutil.iter_modules([str(folder)]))
    )


def deck_validator(game: str) -> DeckValidator:
    """The deck checker of a game: ``shardgames.<game>.decks.validate_deck_file``, imported on first use.

    Args:
        game: The game's package name inside ``shardgames``, such as ``"sota"``.

    Returns:
        A function taking a card file's path and returning each deck's problems by deck name.

    Raises:
        UsageError: If that game provides no deck validation; the message names the games that do.
    """
    module_name = f"shardgames.{game}.decks"
    validate = None
    if game.isidentifier():
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as exc:
            if exc.name not in (f"shardgames.{game}", module_name):
                raise  # the game's own code is broken: not the user's typo
        else:
            validate = getattr(module, "validate_deck_file", None)
    if not callable(validate):
        games = ", ".join(_games_with_module("decks")) or "none"
        message = f"no deck validation for game {game!r}; games with deck validation: {games}"
        if game == "tactics":
            message += "\nTactics has no decks; `shardgames roster validate FILE` checks a roster file"
        raise UsageError(message)
    return validate  # type: ignore[no-any-return]  # the plug-in contract: (path) -> {deck: problems}


def _check_decks(game: str, path: Path, where: str, deck: str | None) -> dict[str, list[str]]:
    results = deck_validator(game)(path)
    if deck is not None:
        if deck not in results:
            names = ", ".join(results) or "none"
            raise UsageError(f"--deck: {where} has no deck named {deck!r}; its decks: {names}")
        return {deck: results[deck]}
    if not results:
        raise UsageError(f"{where} holds no decklists to check")
    return results


def _card_row(card: Card, pool: Mapping[str, Card]) -> dict[str, Any]:
    """One card as JSON-ready data, with its type and a one-line description of what it does."""
    import attrs  # noqa: PLC0415 - only needed here

    from shardgames.sota.cards import AllyCard, CharacterCard, PersonaCard, Variant  # noqa: PLC0415

    if isinstance(card, PersonaCard):
        kind, details = "persona", str(card.trait).capitalize()
    elif isinstance(card, CharacterCard):
        kind, details = "character", ""
        if card.variant is Variant.SIGNABLE:
            details = f"signed +{card.signed_bonus}"
        elif card.variant is Variant.TWIN:
            partners = [
                other.name
                for other in pool.values()
                if isinstance(other, CharacterCard)
                and other.twin_pair == card.twin_pair
                and other is not card
            ]
            details = f"twin of {', '.join(partners)}"
    elif isinstance(card, AllyCard):
        kind, details = "ally", f"+{card.value} {card.stat.value.capitalize()}"
    else:
        kind, details = "trait", card.label
    return {"type": kind, **attrs.asdict(card), "details": details}


def _sota_card_listing(deck: str | None) -> list[dict[str, Any]]:
    from shardgames.sota.cards import starter_decks, starter_pool  # noqa: PLC0415 - content, loaded on use

    decks, pool = starter_decks(), starter_pool()
    if deck is not None and deck not in decks:
        raise UsageError(f"--deck: no starter deck named {deck!r}; the starter decks: {', '.join(decks)}")
    return [
        {
            "name": name,
            "title": decklist.title,
            "theme": decklist.theme,
            "cards": [_card_row(pool[card_id], pool) for card_id in dict.fromkeys(decklist.card_ids())],
        }
        for name, decklist in decks.items()
        if deck is None or name == deck
    ]


def _side_row(side: Side) -> dict[str, Any]:
    """One side of a warrior as JSON-ready data: name, Might, movement and effect."""
    from shardgames.tactics.effects import EFFECTS  # noqa: PLC0415 - content, loaded on use
    from shardgames.tactics.render import movement_text  # noqa: PLC0415 - content, loaded on use

    move = side.move
    effect = None
    if side.effect is not None:
        definition = EFFECTS[side.effect.name]
        effect = {
            "name": side.effect.name,
            "params": list(side.effect.params),
            "text": str(side.effect),
            "timing": definition.timing.value,
            "optional": definition.optional,
            "reminder": definition.reminder(side.effect.params),
        }
    return {
        "name": side.name,
        "might": side.might,
        "move": {
            "grammar": str(move),
            "words": movement_text(move),
            "directions": move.dirs.value,
            "spaces": move.spaces,
            "exact": move.exact,
            "mode": move.mode.value,
        },
        "effect": effect,
    }


def _tactics_card_listing(deck: str | None, roster_files: Sequence[str]) -> dict[str, Any]:
    """The Tactics roster, with the warriors of `roster_files` added as the ``roster`` parameter adds them."""
    from shardgames.kernel.errors import CardError  # noqa: PLC0415 - only needed here
    from shardgames.tactics.game import TacticsGame  # noqa: PLC0415 - content, loaded on use
    from shardgames.tactics.warriors import load_roster_file  # noqa: PLC0415 - content, loaded on use

    if deck is not None:
        raise UsageError(
            "--deck: tactics has no decks; its cards are one roster of warriors, "
            "and --roster FILE adds your own"
        )
    problems: list[str] = []
    source: dict[str, str] = {}
    for path in roster_files:
        try:
            warriors = load_roster_file(path)
        except CardError as exc:
            problems.extend(f"{path}: {problem}" for problem in exc.problems)
        else:
            source.update((warrior.id, path) for warrior in warriors)
    if problems:
        raise CardError("the --roster files", problems)
    game = TacticsGame(roster=tuple(roster_files) or None)
    return {
        "game": "tactics",
        "roster_files": list(roster_files),
        "warriors": [
            {
                "number": number,
                "id": card.id,
                "name": card.name,
                "letter": letter,
                "cost": card.cost,
                "commander": card.commander,
                "source": source.get(card.id, "standard"),
                "uninjured": _side_row(card.uninjured),
                "injured": _side_row(card.injured),
            }
            for number, (card, letter) in enumerate(zip(game.roster, game.codes, strict=True))
        ],
    }


def _card_listing(game: str, deck: str | None, roster_files: Sequence[str]) -> dict[str, Any]:
    """What `shardgames cards` prints for a game, as JSON-ready data."""
    if game == "tactics":
        return _tactics_card_listing(deck, roster_files)
    if game not in _CARD_GAMES:
        raise UsageError(f"no card list for game {game!r}; games with card lists: {', '.join(_CARD_GAMES)}")
    if roster_files:
        raise UsageError(f"--roster: only tactics has a roster of warriors; {game}'s cards come in decks")
    return {"game": game, "decks": _sota_card_listing(deck)}


SHIPPED_ROSTER = "shipped roster"
"""What ``roster validate`` calls the roster that ships with Tactics, in place of a file's name."""


def _check_roster(file: Path | None) -> dict[str, Any]:
    """What `shardgames roster validate` reports about a Tactics roster file, as JSON-ready data.

    Without a file, the shipped roster is checked.

    Raises:
        CardError: If the file cannot be read as TOML or JSON at all (every other problem is in the
            report).
    """
    from shardgames.kernel.datafiles import read_data_file  # noqa: PLC0415 - only needed here
    from shardgames.kernel.errors import CardError  # noqa: PLC0415 - only needed here
    from shardgames.tactics.warriors import parse_roster, starter_roster  # noqa: PLC0415 - content

    shipped = Path(str(resources.files("shardgames.tactics").joinpath("data", "roster.toml")))
    path, label = (shipped, SHIPPED_ROSTER) if file is None else (file, str(file))
    data = read_data_file(path, CardError)
    problems: list[str] = []
    if path.suffix.lower() not in (".toml", ".json"):
        problems.append("the file name must end in .toml or .json, the roster files a game can load")
    warriors: tuple[WarriorCard, ...] = ()
    try:
        warriors = parse_roster(data, source=label)
    except CardError as exc:
        problems.extend(exc.problems)
    else:
        if not warriors:
            problems.append("no warriors: a roster file holds [[warrior]] tables")
    standard = {warrior.id for warrior in starter_roster()}
    return {
        "file": label,
        "valid": not problems,
        "warriors": [warrior.id for warrior in warriors],
        "replaces": [warrior.id for warrior in warriors if warrior.id in standard],
        "problems": problems,
    }


def _print_deck_results(label: str, results: dict[str, list[str]]) -> None:
    from rich.text import Text  # noqa: PLC0415 - an optional extra

    out = console()
    for name, problems in results.items():
        if not problems:
            out.print(Text.assemble(f"{name}: ", ("legal", "bold green")), soft_wrap=True)
            continue
        count = plural(len(problems), "problem")
        out.print(Text.assemble(f"{name}: ", ("illegal", "bold red"), f", {count}:"), soft_wrap=True)
        for problem in problems:
            out.print(f"  - {problem}", soft_wrap=True)
    illegal = sum(bool(problems) for problems in results.values())
    decks = plural(len(results), "deck")
    out.print(f"{label}: {decks} checked, {len(results) - illegal} legal, {illegal} illegal", soft_wrap=True)


def _print_cards(game: str, listing: Sequence[dict[str, Any]]) -> None:
    from rich import box  # noqa: PLC0415 - an optional extra
    from rich.table import Table  # noqa: PLC0415 - an optional extra

    from shardgames.sota.cards import STATS  # noqa: PLC0415 - content, loaded on use

    out = console()
    for deck in listing:
        title = f"{game} {deck['name']}: {deck['title']} ({plural(len(deck['cards']), 'card')})"
        table = Table(
            title=title,
            title_justify="left",
            caption=deck["theme"] or None,
            caption_justify="left",
            box=box.SIMPLE_HEAD,
            pad_edge=False,
        )
        table.add_column("id", overflow="fold", ratio=3)
        table.add_column("name", overflow="fold", ratio=3)
        table.add_column("type", ratio=1)
        for stat in STATS:
            table.add_column(stat.value[:3].upper(), justify="right", no_wrap=True, min_width=3)
        table.add_column("details", ratio=2)
        for card in deck["cards"]:
            stats = [str(card["stats"][stat]) if "stats" in card else "" for stat in STATS]
            kind = card.get("variant", card["type"])
            table.add_row(card["id"], card["name"], kind, *stats, card["details"])
        out.print(table)


def _print_roster(listing: Mapping[str, Any]) -> None:
    from rich import box  # noqa: PLC0415 - an optional extra
    from rich.table import Table  # noqa: PLC0415 - an optional extra

    out = console()
    warriors = listing["warriors"]
    commanders = sum(warrior["commander"] for warrior in warriors)
    title = f"tactics roster: {plural(len(warriors), 'warrior')}, {commanders} of them commanders"
    table = Table(
        title=title,
        title_justify="left",
        caption="move: DIRECTIONS [exact] SPACES [MODE], as a roster file writes it",
        caption_justify="left",
        box=box.SIMPLE_HEAD,
        pad_edge=False,
        collapse_padding=True,
    )
    table.add_column("id", no_wrap=True)
    table.add_column("name", overflow="fold")
    table.add_column("cost", justify="right", no_wrap=True)
    table.add_column("cmdr", no_wrap=True)
    table.add_column("side", no_wrap=True)
    table.add_column("Might", justify="right", no_wrap=True)
    table.add_column("move", overflow="fold")
    table.add_column("effect", overflow="fold")
    effects: dict[str, str] = {}
    for warrior in warriors:
        for side_name in ("uninjured", "injured"):
            side = warrior[side_name]
            first = side_name == "uninjured"
            if first:
                name = warrior["name"]
            else:  # an injured side's own name only when it is not the usual "NAME (injured)"
                name = "" if side["name"] == f"{warrior['name']} (injured)" else side["name"]
            effect = side["effect"]
            if effect is not None:
                effects.setdefault(effect["text"], effect["reminder"])
            table.add_row(
                warrior["id"] if first else "",
                name,
                str(warrior["cost"]) if first else "",
                "yes" if first and warrior["commander"] else "",
                side_name,
                str(side["might"]),
                side["move"]["grammar"],
                effect["text"] if effect is not None else "",
                end_section=not first,
            )
    out.print(table)
    reminders = Table(title="effects", title_justify="left", box=box.SIMPLE_HEAD, pad_edge=False)
    reminders.add_column("effect", no_wrap=True)
    reminders.add_column("what it does")
    for text, reminder in effects.items():
        reminders.add_row(text, reminder)
    if effects:
        out.print()
        out.print(reminders)
    for path in listing["roster_files"]:
        ids = [warrior["id"] for warrior in warriors if warrior["source"] == path]
        out.print(f"from {path}: {', '.join(ids) or 'none (replaced by a later file)'}", soft_wrap=True)


def _print_roster_check(report: Mapping[str, Any]) -> None:
    from rich.text import Text  # noqa: PLC0415 - an optional extra

    out = console()
    path, problems = report["file"], report["problems"]
    if problems:
        count = plural(len(problems), "problem")
        out.print(Text.assemble(f"{path}: ", ("invalid", "bold red"), f", {count}:"), soft_wrap=True)
        for problem in problems:
            out.print(f"  - {problem}", soft_wrap=True)
        return
    ids = report["warriors"]
    count = plural(len(ids), "warrior")
    out.print(
        Text.assemble(f"{path}: ", ("valid", "bold green"), f", {count}: {', '.join(ids)}"), soft_wrap=True
    )
    if report["replaces"]:
        out.print(f"replaces standard warriors: {', '.join(report['replaces'])}", soft_wrap=True)


def _command_cards(
    deck: str | None, card_files: Sequence[str], keywords: bool, as_json: bool, roster_files: Sequence[str]
) -> None:
    import click  # noqa: PLC0415 - an optional extra, imported when the command runs

    if roster_files:
        raise UsageError("--roster: only tactics has a roster of warriors; command's cards come in a pool")
    if keywords:
        if deck is not None or card_files:
            raise UsageError("--keywords lists the keywords alone; leave out --deck and --cards")
        listing = keyword_listing()
        if as_json:
            click.echo(json.dumps(listing, indent=2))
        else:
            print_keywords(listing)
        return
    listing = card_listing(deck, card_files)
    if as_json:
        click.echo(json.dumps(listing, indent=2))
    else:
        print_card_listing(listing)


_SHIPPED_DECK_FILES = {"sota": "starter.toml", "command": "decks.toml"}


def _shipped_deck_file(game: str) -> Path:
    if game not in _SHIPPED_DECK_FILES:
        deck_validator(game)  # an unknown game: its message names the games with decks
        raise UsageError(f"FILE: {game} ships no decks; name a deck file to check")
    return Path(str(resources.files(f"shardgames.{game}").joinpath("data", _SHIPPED_DECK_FILES[game])))


def _validate_decks(game: str, file: Path | None, deck: str | None, as_json: bool) -> bool:
    """``deck validate`` for a game with `deck_validator`: print the verdicts; whether all are legal."""
    import click  # noqa: PLC0415 - an optional extra, imported when the command runs

    path = file if file is not None else _shipped_deck_file(game)
    label = str(file) if file is not None else SHIPPED_DECKS
    results = _check_decks(game, path, repr(label) if file is not None else label, deck)
    legal = all(not problems for problems in results.values())
    if as_json:
        decks = [
            {"name": name, "legal": not problems, "problems": problems} for name, problems in results.items()
        ]
        click.echo(json.dumps({"game": game, "file": label, "legal": legal, "decks": decks}, indent=2))
    else:
        _print_deck_results(label, results)
    return legal


def add_content_commands(cli: click.Group) -> None:
    """Add the commands about game content: ``deck validate``, ``cards`` and ``roster validate``."""
    import click  # noqa: PLC0415 - an optional extra, imported when the command runs

    @cli.group("deck")
    def deck_group() -> None:
        """Check decklists against a game's deck construction rules."""

    @deck_group.command("validate", short_help="Check every deck of a file: legal, or each problem.")
    @click.argument("game")
    @click.argument("file", type=click.Path(path_type=Path), required=False)
    @click.option("--deck", "deck", metavar="NAME", help="Check only the deck named NAME.")
    @click.option(
        "--format",
        "fmt",
        metavar="FORMAT",
        help="command: the format to check against (standard, budget or pro; default standard).",
    )
    @click.option("--json", "as_json", is_flag=True, help="Print JSON for scripts.")
    def deck_validate_command(
        *, game: str, file: Path | None, deck: str | None, fmt: str | None, as_json: bool
    ) -> None:
        """Check every deck in FILE (or only --deck NAME) against GAME's rules: sota or command.

        Without FILE, checks the decks that ship with GAME. Prints each deck as legal or lists every
        problem. For command, --format picks the format whose budgets apply (standard by default), and a
        table shows each deck's Main Deck Tax and Sovereign Shards against every format; the file's
        own [[card]] tables are added to the shipped cards. Exits with 0 when every deck checked is
        legal, 1 when one is not, and 2 when FILE cannot be read or GAME has no deck rules.
        """
        if game == "command":
            report = deck_report(file, fmt or "standard", deck)
            if as_json:
                click.echo(json.dumps(report, indent=2))
            else:
                print_deck_report(report)
            if not report["legal"]:
                click.get_current_context().exit(1)
            return
        if fmt is not None:
            raise UsageError(f"--format: only command decks have formats, not {game} decks")
        if not _validate_decks(game, file, deck, as_json):
            click.get_current_context().exit(1)

    @cli.command("cards", short_help="List a game's cards: sota's decks, the tactics roster, command's pool.")
    @click.argument("game")
    @click.option("--deck", "deck", metavar="NAME", help="sota, command: only the cards of the deck NAME.")
    @click.option(
        "--roster",
        "roster_files",
        metavar="FILE",
        multiple=True,
        help="tactics: add the warriors of a roster file (repeatable); an existing id is replaced.",
    )
    @click.option(
        "--cards",
        "card_files",
        metavar="FILE",
        multiple=True,
        help="command: add the designs of a card file (repeatable); a card of the same name is replaced.",
    )
    @click.option("--keywords", is_flag=True, help="command: list the 52 keywords instead of the cards.")
    @click.option("--json", "as_json", is_flag=True, help="Print JSON for scripts.")
    def cards_command(
        *,
        game: str,
        deck: str | None,
        roster_files: tuple[str, ...],
        card_files: tuple[str, ...],
        keywords: bool,
        as_json: bool,
    ) -> None:
        """List GAME's cards: sota's starter cards, the tactics roster, or the command card pool.

        For sota, --deck NAME lists only the cards of that starter deck. The table shows each card's id,
        name, type or variant, stats, and what it does: the Persona trait, the Signed Bonus, the twin
        partner, the Ally bonus, or the Trait.

        For tactics, --roster FILE adds the warriors of a roster file the way the game's roster
        parameter does: a warrior whose id is already in the roster replaces it. The table shows each
        warrior's id, name, cost and commander flag, and for each side (uninjured, injured) its Might,
        movement and effect; a second table gives the reminder text of every effect.

        For command, the table shows every card of the pool (or, with --deck NAME, of a shipped deck,
        with its copies) with its type, identity, cost, stats, keywords and price: Base Points, Shard
        Purchasing Power, deficit and Tax (Sovereign Shards for a Sovereign). --cards FILE adds the
        designs of a card file, and --keywords lists the keywords instead: id, name, element, kind,
        points, the card types they fit and what they do.
        """
        if game == "command":
            _command_cards(deck, card_files, keywords, as_json, roster_files)
            return
        if card_files or keywords:
            raise UsageError(f"--cards and --keywords are for command cards, not {game}")
        listing = _card_listing(game, deck, roster_files)
        if as_json:
            click.echo(json.dumps(listing, indent=2))
        elif game == "tactics":
            _print_roster(listing)
        else:
            _print_cards(game, listing["decks"])

    @cli.group("roster")
    def roster_group() -> None:
        """Check Tactics roster files: your own warriors, as data."""

    @roster_group.command("validate", short_help="Check a Tactics roster file: valid, or each problem.")
    @click.argument("file", type=click.Path(path_type=Path), required=False)
    @click.option("--json", "as_json", is_flag=True, help="Print JSON for scripts.")
    def roster_validate_command(*, file: Path | None, as_json: bool) -> None:
        """Check the warriors of FILE, a Tactics roster file (.toml or .json).

        Without FILE, checks the roster that ships with Tactics. Prints how many warriors the file
        holds and their ids, or lists every problem. Exits with 0 when the file is valid, 1 when it
        is not, and 2 when FILE cannot be read as TOML or JSON.
        """
        report = _check_roster(file)
        if as_json:
            click.echo(json.dumps(report, indent=2))
        else:
            _print_roster_check(report)
        if report["problems"]:
            click.get_current_context().exit(1)
