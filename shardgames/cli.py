"""The ``shardgames`` command: list the games, play random matches, check decklists and rosters, list cards.

The command is built on click (arguments) and rich (tables, progress bars), which come with the optional
extra ``cli`` (``pip install 'shardgames[cli]'``). Both are imported only when the command runs, so
importing this module never needs them.

Your own games can be added to any command with the global option ``--import``, which takes a module
(``mypackage.mygame``) or a ``.py`` file, optionally followed by ``:ClassName`` to register that `Game`
class::

    shardgames --import examples/embers.py:EmbersGame list
    shardgames --import examples/embers.py:EmbersGame match "embers(players=3)" --games 100 --seed 7

Decklists, rosters and cards are game content, not registered games, so these commands take the game's
package name (``sota`` or ``tactics``)::

    shardgames deck validate sota my-decks.toml            # every deck of the file: legal, or each problem
    shardgames deck validate sota my-decks.toml --deck duo --json
    shardgames cards sota --deck ember                     # the cards of one Starter Deck
    shardgames cards tactics --roster my-warriors.toml     # the Tactics roster, your own warriors included
    shardgames roster validate my-warriors.toml            # a Tactics roster file: valid, or each problem

``deck validate`` exits with code 0 when every deck checked is legal and 1 when one is not. A game
supports it by providing ``shardgames.<game>.decks.validate_deck_file(path)``, which returns each deck's
problems by name (an empty list for a legal deck); it is imported only when the command runs.

Tactics has no decks: its cards are one roster of warriors, to which a roster file adds its own (see
`shardgames.tactics.warriors`). ``roster validate`` checks such a file on its own and exits with code 0
when it is valid and 1 when it is not. ``cards tactics --json`` prints
``{"game": "tactics", "roster_files": [...], "warriors": [...]}``, the warriors in roster order, each
with its ``number`` in the roster, ``id``, ``name``, diagram ``letter``, ``cost``, ``commander`` flag,
``source`` (``"standard"`` or the roster file it comes from) and its ``uninjured`` and ``injured``
sides. A side holds its ``name``, ``might``, ``move`` (``grammar``, as written in a roster file;
``words``; ``directions``, ``spaces``, ``exact`` and ``mode``) and ``effect`` (``null``, or its
``name``, ``params``, ``text`` as written, ``timing``, ``optional`` and ``reminder`` text).
``roster validate --json`` prints ``{"file", "valid", "warriors", "replaces", "problems"}``: the ids of
the file's warriors, those of them that replace a standard warrior, and every problem found.

Errors in what the user typed (an unknown game, a bad parameter, a module that does not import, a card
file that does not parse) are printed as one message, without a traceback, and the command exits with
code 2.
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import pkgutil
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

from shardgames._version import __version__
from shardgames.agents.base import RandomAgent
from shardgames.arena.match import MatchRecord, play_match
from shardgames.kernel.errors import ShardGamesError, UnknownGameError, UsageError, require_extra
from shardgames.kernel.game import Game, game_class, list_games, load_game, register_game
from shardgames.kernel.params import format_value
from shardgames.kernel.rng import derive_seed

if TYPE_CHECKING:
    import click
    from rich.console import Console

    from shardgames.sota.cards import Card
    from shardgames.tactics.warriors import Side, WarriorCard

__all__ = [
    "ImportTargetError",
    "build_cli",
    "deck_validator",
    "game_info",
    "import_target",
    "main",
    "summarize_matches",
]

_FEATURE = "the shardgames command"


class ImportTargetError(ShardGamesError, ImportError):
    """A ``--import`` target that cannot be imported, or a class in it that cannot be registered."""


# ---------------------------------------------------------------------- work that needs no extras


def import_target(spec: str) -> ModuleType:
    """Import a module or a ``.py`` file, and register a `Game` class from it if one is named.

    A file is imported under its file name (``examples/embers.py`` becomes module ``embers``, and a
    module already imported from the same file is reused), with its folder added to ``sys.path`` the way
    ``python FILE`` would, so it can import its neighbours.

    Args:
        spec: ``module.name``, ``path/to/file.py``, either followed by ``:ClassName`` to register
            ``ClassName`` with `shardgames.register_game`.

    Returns:
        The imported module.

    Raises:
        ImportTargetError: If the module or file cannot be imported, has no such class, or the class
            cannot be registered; the message is one line and names the target.
    """
    target, class_name = spec, ""
    head, colon, tail = spec.rpartition(":")
    if colon and head and tail.isidentifier():
        target, class_name = head, tail
    try:
        if target.endswith(".py") or "/" in target or "\\" in target:
            module = _import_file(Path(target))
        else:
            module = importlib.import_module(target)
    except ImportTargetError:
        raise
    except Exception as exc:  # anything the imported code raises means "cannot import"
        detail = str(exc).splitlines()[0] if str(exc) else ""
        raise ImportTargetError(f"cannot import {target!r}: {type(exc).__name__}: {detail}") from None
    if class_name:
        cls = getattr(module, class_name, None)
        if cls is None:
            raise ImportTargetError(f"{target!r} has no class {class_name!r}")
        try:
            register_game(cls)
        except (TypeError, ValueError) as exc:
            raise ImportTargetError(f"cannot register {class_name!r} from {target!r}: {exc}") from None
    return module


def _import_file(path: Path) -> ModuleType:
    if not path.is_file():
        raise ImportTargetError(f"no such file: {str(path)!r}")
    path = path.resolve()
    for name in (path.stem, f"_shardgames_import_{path.stem}"):  # never shadow an unrelated module
        existing = sys.modules.get(name)
        if existing is None:
            break
        if Path(getattr(existing, "__file__", None) or "").resolve() == path:
            return existing
    else:
        raise ImportTargetError(f"cannot import {str(path)!r}: its module name is taken")
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise ImportTargetError(f"cannot import {str(path)!r}: not a Python module")
    if str(path.parent) not in sys.path:
        sys.path.insert(0, str(path.parent))
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except BaseException:
        del sys.modules[name]
        raise
    return module


def game_info(name: str) -> dict[str, Any]:
    """What `shardgames list` shows about one registered game, as JSON-ready data.

    Args:
        name: A registered game name.

    Returns:
        The name, title, summary, number of seats and of distinct actions with the default parameters,
        and each parameter's name, kind, default and doc.

    Raises:
        UnknownGameError: If no game has that name.
    """
    cls = game_class(name)
    game: Game = cls()
    return {
        "name": cls.name,
        "title": cls.title,
        "summary": cls.summary,
        "num_players": game.num_players,
        "num_distinct_actions": game.num_distinct_actions,
        "parameters": [
            {"name": p.name, "kind": p.kind, "default": p.default, "doc": p.doc} for p in cls.all_parameters()
        ],
    }


def summarize_matches(game: Game, seed: int, records: Sequence[MatchRecord]) -> dict[str, Any]:
    """Per-seat results of a series of matches, as JSON-ready data.

    Args:
        game: The game played.
        seed: The root seed of the series (match i was played with ``derive_seed(seed, i)``).
        records: The finished matches, in order.

    Returns:
        The game, seed and number of matches; per seat its agent, wins, draws, losses, win rate and mean
        return; the number of draws; the mean, shortest and longest length (in history steps); and
        one entry per match (index, seed, winner, returns, length).
    """
    count = len(records)
    draws = sum(r.winner is None for r in records)
    seats = []
    for seat in range(game.num_players):
        wins = sum(r.winner == seat for r in records)
        seats.append(
            {
                "seat": seat,
                "agent": records[0].agents[seat] if records else "",
                "wins": wins,
                "draws": draws,
                "losses": count - wins - draws,
                "win_rate": wins / count if count else 0.0,
                "mean_return": sum(r.returns[seat] for r in records) / count if count else 0.0,
            }
        )
    lengths = [r.length for r in records]
    return {
        "game": str(game),
        "seed": seed,
        "games": count,
        "seats": seats,
        "draws": draws,
        "mean_length": sum(lengths) / count if count else 0.0,
        "min_length": min(lengths, default=0),
        "max_length": max(lengths, default=0),
        "matches": [
            {"index": i, "seed": r.seed, "winner": r.winner, "returns": list(r.returns), "length": r.length}
            for i, r in enumerate(records)
        ],
    }


def _play_random_matches(
    game: Game, games: int, seed: int, on_done: Callable[[], None] | None = None
) -> list[MatchRecord]:
    agents = [RandomAgent() for _ in range(game.num_players)]
    records = []
    for index in range(games):
        records.append(play_match(game, agents, derive_seed(seed, index)))
        if on_done is not None:
            on_done()
    return records


def _save_records(records: Sequence[MatchRecord], path: Path) -> list[Path]:
    if path.suffix == ".json":
        if len(records) != 1:
            raise ShardGamesError(
                f"--save {path}: a .json file holds one match; give a folder for {len(records)}"
            )
        path.parent.mkdir(parents=True, exist_ok=True)
        records[0].save(path)
        return [path]
    path.mkdir(parents=True, exist_ok=True)
    width = len(str(len(records) - 1))
    written = []
    for index, record in enumerate(records):
        written.append(path / f"match-{index:0{width}d}.json")
        record.save(written[-1])
    return written


DeckValidator = Callable[[Path], dict[str, list[str]]]
#: Games whose cards `shardgames cards` can list.
_CARD_GAMES = ("sota", "tactics")


def _games_with_module(module: str) -> list[str]:
    """The game packages inside ``shardgames`` that hold a module named `module` (without importing)."""
    root = Path(__file__).parent
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


def _check_decks(game: str, path: Path, deck: str | None) -> dict[str, list[str]]:
    results = deck_validator(game)(path)
    if deck is not None:
        if deck not in results:
            names = ", ".join(results) or "none"
            raise UsageError(f"--deck: {str(path)!r} has no deck named {deck!r}; its decks: {names}")
        return {deck: results[deck]}
    if not results:
        raise UsageError(f"{str(path)!r} holds no decklists to check")
    return results


def _card_row(card: Card, pool: Mapping[str, Card]) -> dict[str, Any]:
    """One card as JSON-ready data, with its type and a one-line description of what it does."""
    import attrs  # noqa: PLC0415 - only needed here

    from shardgames.sota.cards import AllyCard, CharacterCard, PersonaCard, Variant  # noqa: PLC0415

    if isinstance(card, PersonaCard):
        kind, details = "persona", card.trait.value.capitalize()
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


def _check_roster(path: Path) -> dict[str, Any]:
    """What `shardgames roster validate` reports about a Tactics roster file, as JSON-ready data.

    Raises:
        CardError: If the file cannot be read at all (every other problem is in the report).
    """
    from shardgames.kernel.errors import CardError  # noqa: PLC0415 - only needed here
    from shardgames.tactics.warriors import load_roster_file, starter_roster  # noqa: PLC0415 - content

    try:
        with path.open("rb"):
            pass
    except OSError as exc:
        raise CardError(str(path), [f"cannot read the file: {exc.strerror or exc}"]) from None
    problems: list[str] = []
    if path.suffix.lower() not in (".toml", ".json"):
        problems.append("the file name must end in .toml or .json, the roster files a game can load")
    warriors: tuple[WarriorCard, ...] = ()
    try:
        warriors = load_roster_file(path)
    except CardError as exc:
        problems.extend(exc.problems)
    else:
        if not warriors:
            problems.append("no warriors: a roster file holds [[warrior]] tables")
    standard = {warrior.id for warrior in starter_roster()}
    return {
        "file": str(path),
        "valid": not problems,
        "warriors": [warrior.id for warrior in warriors],
        "replaces": [warrior.id for warrior in warriors if warrior.id in standard],
        "problems": problems,
    }


def _error_message(exc: BaseException) -> str:
    lines = [str(exc), *getattr(exc, "__notes__", ())]
    if isinstance(exc, UnknownGameError):
        lines.append("`shardgames list` shows the games; `--import MODULE_OR_FILE:GameClass` adds your own")
    return "\n".join(lines)


# ---------------------------------------------------------------------- rich output


def _console() -> Console:
    from rich.console import Console  # noqa: PLC0415 - an optional extra

    return Console(markup=False, highlight=False, emoji=False)


def _print_games(infos: Sequence[dict[str, Any]]) -> None:
    from rich.table import Table  # noqa: PLC0415 - an optional extra

    out = _console()
    games = Table(title="Registered games", title_justify="left")
    games.add_column("name")
    games.add_column("title")
    games.add_column("seats", justify="right")
    games.add_column("actions", justify="right")
    games.add_column("summary")
    for info in infos:
        seats, actions = str(info["num_players"]), str(info["num_distinct_actions"])
        games.add_row(info["name"], info["title"], seats, actions, info["summary"])
    out.print(games)
    for info in infos:
        table = Table(title=f"{info['name']}: parameters", title_justify="left")
        for column in ("parameter", "kind", "default", "description"):
            table.add_column(column)
        for p in info["parameters"]:
            table.add_row(p["name"], p["kind"], format_value(p["default"]), p["doc"])
        out.print(table)


def _print_match(summary: dict[str, Any], saved: Sequence[Path], save: Path | None) -> None:
    from rich.table import Table  # noqa: PLC0415 - an optional extra

    out = _console()
    count = summary["games"]
    title = f"{summary['game']}: {count} random match{'es' if count > 1 else ''}, seed {summary['seed']}"
    table = Table(title=title, title_justify="left")
    table.add_column("seat", justify="right")
    table.add_column("agent")
    for column in ("wins", "draws", "losses", "win rate", "mean return"):
        table.add_column(column, justify="right")
    for row in summary["seats"]:
        counts = [str(row[key]) for key in ("seat", "agent", "wins", "draws", "losses")]
        table.add_row(*counts, f"{row['win_rate']:.1%}", f"{row['mean_return']:+.3f}")
    out.print(table)
    out.print(
        f"mean length {summary['mean_length']:.1f} steps "
        f"(shortest {summary['min_length']}, longest {summary['max_length']})"
    )
    if saved:
        where = saved[0] if len(saved) == 1 else save
        out.print(f"saved {len(saved)} record{'s' if len(saved) > 1 else ''} to {where}")


def _print_deck_results(path: Path, results: dict[str, list[str]]) -> None:
    from rich.text import Text  # noqa: PLC0415 - an optional extra

    out = _console()
    for name, problems in results.items():
        if not problems:
            out.print(Text.assemble(f"{name}: ", ("legal", "bold green")), soft_wrap=True)
            continue
        count = f"{len(problems)} problem{'s' if len(problems) > 1 else ''}"
        out.print(Text.assemble(f"{name}: ", ("illegal", "bold red"), f", {count}:"), soft_wrap=True)
        for problem in problems:
            out.print(f"  - {problem}", soft_wrap=True)
    illegal = sum(bool(problems) for problems in results.values())
    decks = f"{len(results)} deck{'s' if len(results) > 1 else ''}"
    out.print(f"{path}: {decks} checked, {len(results) - illegal} legal, {illegal} illegal", soft_wrap=True)


def _print_cards(game: str, listing: Sequence[dict[str, Any]]) -> None:
    from rich import box  # noqa: PLC0415 - an optional extra
    from rich.table import Table  # noqa: PLC0415 - an optional extra

    from shardgames.sota.cards import STATS  # noqa: PLC0415 - content, loaded on use

    out = _console()
    for deck in listing:
        title = f"{game} {deck['name']}: {deck['title']} ({len(deck['cards'])} cards)"
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

    out = _console()
    warriors = listing["warriors"]
    commanders = sum(warrior["commander"] for warrior in warriors)
    title = f"tactics roster: {len(warriors)} warriors, {commanders} of them commanders"
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

    out = _console()
    path, problems = report["file"], report["problems"]
    if problems:
        count = f"{len(problems)} problem{'s' if len(problems) > 1 else ''}"
        out.print(Text.assemble(f"{path}: ", ("invalid", "bold red"), f", {count}:"), soft_wrap=True)
        for problem in problems:
            out.print(f"  - {problem}", soft_wrap=True)
        return
    ids = report["warriors"]
    count = f"{len(ids)} warrior{'s' if len(ids) > 1 else ''}"
    out.print(
        Text.assemble(f"{path}: ", ("valid", "bold green"), f", {count}: {', '.join(ids)}"), soft_wrap=True
    )
    if report["replaces"]:
        out.print(f"replaces standard warriors: {', '.join(report['replaces'])}", soft_wrap=True)


# ---------------------------------------------------------------------- the click command


def build_cli() -> click.Group:
    """Build the ``shardgames`` click group (click and rich must be installed).

    Returns:
        The command group; ``shardgames.cli.cli`` is the same object, built on first use.

    Raises:
        MissingExtraError: If click or rich is not installed.
    """
    for module in ("click", "rich"):
        require_extra(module, extra="cli", feature=_FEATURE)
    import click  # noqa: PLC0415 - an optional extra, imported when the command runs

    class UserError(click.ClickException):
        exit_code = 2

    class Group(click.Group):
        def invoke(self, ctx: click.Context) -> Any:
            try:
                return super().invoke(ctx)
            except ShardGamesError as exc:
                raise UserError(_error_message(exc)) from None
            except OSError as exc:  # --save could not write
                where = f" {exc.filename}" if exc.filename else ""
                raise click.ClickException(f"cannot write{where}: {exc.strerror or exc}") from None

    def import_callback(ctx: click.Context, param: click.Parameter, values: tuple[str, ...]) -> None:
        for spec in values:
            try:
                import_target(spec)
            except ImportTargetError as exc:
                raise UserError(f"--import: {exc}") from None

    @click.group(cls=Group, context_settings={"help_option_names": ["-h", "--help"]})
    @click.version_option(__version__, prog_name="shardgames", message="%(prog)s %(version)s")
    @click.option(
        "--import",
        "imports",
        metavar="MODULE_OR_FILE[:GameClass]",
        multiple=True,
        expose_value=False,
        callback=import_callback,
        help="Import a module or .py file first (repeatable); with :GameClass, register that game.",
    )
    def cli() -> None:
        """Rules engines for tabletop games: list the games, play random matches, check decks and rosters."""

    @cli.command("list")
    @click.option("--json", "as_json", is_flag=True, help="Print JSON for scripts.")
    def list_command(as_json: bool) -> None:
        """List the registered games and their parameters."""
        infos = [game_info(name) for name in list_games()]
        if as_json:
            click.echo(json.dumps({"games": infos}, indent=2, default=str))
            return
        if not infos:
            click.echo("No games are registered. Add your own with --import MODULE_OR_FILE:GameClass.")
            return
        _print_games(infos)

    @cli.command("match")
    @click.argument("game_string")
    @click.option("--games", "-n", default=10, show_default=True, type=click.IntRange(min=1), help="Matches.")
    @click.option("--seed", "-s", default=0, show_default=True, type=click.IntRange(min=0), help="Root seed.")
    @click.option(
        "--save",
        type=click.Path(path_type=Path),
        help="Write the match records: FILE.json for one match, else a folder of match-<i>.json.",
    )
    @click.option("--json", "as_json", is_flag=True, help="Print JSON for scripts.")
    @click.option("--no-progress", is_flag=True, help="Never show a progress bar.")
    def match_command(
        *, game_string: str, games: int, seed: int, save: Path | None, as_json: bool, no_progress: bool
    ) -> None:
        """Play random matches of GAME_STRING, such as embers or 'embers(players=3)'.

        Every seat is a random agent. Match i is seeded with derive_seed(SEED, i), so the same options
        always give the same results.
        """
        game = load_game(game_string)
        if games > 1 and not no_progress and sys.stdout.isatty():
            from rich.progress import Progress  # noqa: PLC0415 - optional extra

            with Progress(console=_console(), transient=True) as progress:
                task = progress.add_task(f"playing {game}", total=games)
                records = _play_random_matches(game, games, seed, lambda: progress.advance(task))
        else:
            records = _play_random_matches(game, games, seed)
        saved = _save_records(records, save) if save is not None else []
        summary = summarize_matches(game, seed, records)
        if as_json:
            summary["saved"] = [str(p) for p in saved]
            click.echo(json.dumps(summary, indent=2))
            return
        _print_match(summary, saved, save)

    _add_content_commands(cli)
    return cli


def _add_content_commands(cli: click.Group) -> None:
    """Add the commands about game content: ``deck validate``, ``cards`` and ``roster validate``."""
    import click  # noqa: PLC0415 - an optional extra, imported when the command runs

    @cli.group("deck")
    def deck_group() -> None:
        """Check decklists against a game's deck construction rules."""

    @deck_group.command("validate", short_help="Check every deck of a card file: legal, or each problem.")
    @click.argument("game")
    @click.argument("file", type=click.Path(path_type=Path))
    @click.option("--deck", "deck", metavar="NAME", help="Check only the deck named NAME.")
    @click.option("--json", "as_json", is_flag=True, help="Print JSON for scripts.")
    def deck_validate_command(*, game: str, file: Path, deck: str | None, as_json: bool) -> None:
        """Check every deck in FILE (or only --deck NAME) against GAME's rules, such as sota.

        Prints each deck as legal or lists every problem. Exits with 0 when every deck checked is
        legal, 1 when one is not, and 2 when FILE cannot be read or GAME has no deck rules.
        """
        results = _check_decks(game, file, deck)
        if as_json:
            decks = [
                {"name": name, "legal": not problems, "problems": problems}
                for name, problems in results.items()
            ]
            legal = all(not problems for problems in results.values())
            click.echo(
                json.dumps({"game": game, "file": str(file), "legal": legal, "decks": decks}, indent=2)
            )
        else:
            _print_deck_results(file, results)
        if any(results.values()):
            click.get_current_context().exit(1)

    @cli.command("cards", short_help="List a game's cards: sota's starter decks, the tactics roster.")
    @click.argument("game")
    @click.option("--deck", "deck", metavar="NAME", help="sota: only the cards of the starter deck NAME.")
    @click.option(
        "--roster",
        "roster_files",
        metavar="FILE",
        multiple=True,
        help="tactics: add the warriors of a roster file (repeatable); an existing id is replaced.",
    )
    @click.option("--json", "as_json", is_flag=True, help="Print JSON for scripts.")
    def cards_command(*, game: str, deck: str | None, roster_files: tuple[str, ...], as_json: bool) -> None:
        """List GAME's cards: sota's starter cards deck by deck, or the tactics roster of warriors.

        For sota, --deck NAME lists only the cards of that starter deck. The table shows each card's id,
        name, type or variant, stats, and what it does: the Persona trait, the Signed Bonus, the twin
        partner, the Ally bonus, or the Trait.

        For tactics, --roster FILE adds the warriors of a roster file the way the game's roster
        parameter does: a warrior whose id is already in the roster replaces it. The table shows each
        warrior's id, name, cost and commander flag, and for each side (uninjured, injured) its Might,
        movement and effect; a second table gives the reminder text of every effect.
        """
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
    @click.argument("file", type=click.Path(path_type=Path))
    @click.option("--json", "as_json", is_flag=True, help="Print JSON for scripts.")
    def roster_validate_command(*, file: Path, as_json: bool) -> None:
        """Check the warriors of FILE, a Tactics roster file (.toml or .json).

        Prints how many warriors the file holds and their ids, or lists every problem. Exits with 0 when
        the file is valid, 1 when it is not, and 2 when FILE cannot be read.
        """
        report = _check_roster(file)
        if as_json:
            click.echo(json.dumps(report, indent=2))
        else:
            _print_roster_check(report)
        if report["problems"]:
            click.get_current_context().exit(1)


def main(argv: Sequence[str] | None = None) -> None:
    """Run the ``shardgames`` command (the console-script entry point).

    Args:
        argv: The arguments (without the program name); ``None`` reads ``sys.argv``.

    Without the ``cli`` extra, prints which package to install and exits with code 1.
    """
    try:
        group = build_cli()
    except ShardGamesError as exc:  # MissingExtraError: click or rich is not installed
        print(f"shardgames: {exc}", file=sys.stderr)
        raise SystemExit(1) from None
    group.main(args=list(argv) if argv is not None else None, prog_name="shardgames")


def __getattr__(name: str) -> Any:
    """Build ``cli`` (the click group) on first access, so importing this module needs no extras."""
    if name == "cli":
        group = build_cli()
        globals()["cli"] = group
        return group
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
