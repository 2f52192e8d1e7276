"""The ``shardgames`` command: list games, play random matches, check decks and rosters, list and price cards.

The command is built on click (arguments) and rich (tables, progress bars), which come with the optional
extra ``cli`` (``pip install 'shardgames[cli]'``). Both are imported only when the command runs, so
importing this module never needs them.

``shardgames play GAME`` plays a game against bots in the terminal, or watches bots play it (see
`shardgames.cli.play`)::

    shardgames play sota --vs greedy
    shardgames play "tactics(souls=12)" --watch --vs random,greedy

``shardgames analyze GAME seats|lengths|content|matchups|power`` runs the balance analyses of
`shardgames.analysis` and prints their tables (see `shardgames.cli.analyze`)::

    shardgames analyze sota seats --agents greedy --games 400
    shardgames analyze command matchups --parameter decks --options pyre,tidewell --agents greedy

Your own games can be added to any command with the global option ``--import``, which takes a module
(``mypackage.mygame``) or a ``.py`` file, optionally followed by ``:ClassName`` to register that `Game`
class::

    shardgames --import examples/embers.py:EmbersGame list
    shardgames --import examples/embers.py:EmbersGame match "embers(players=3)" --games 100 --seed 7

Decklists, rosters and cards are game content, not registered games, so these commands take the game's
package name (``sota``, ``tactics`` or ``command``)::

    shardgames deck validate sota my-decks.toml            # every deck of the file: legal, or each problem
    shardgames deck validate sota my-decks.toml --deck duo --json
    shardgames deck validate command                       # the shipped Shard Command decks, every format
    shardgames deck validate command my-decks.toml --format budget
    shardgames card price my-cards.toml                    # each design's cost, line by line
    shardgames card price "Quick Spark"                    # a shipped card, by name
    shardgames cards command --deck pyre                   # a shipped deck's cards with their prices
    shardgames cards command --keywords                    # the 52 keywords
    shardgames cards sota --deck ember                     # the cards of one Starter Deck
    shardgames cards tactics --roster my-warriors.toml     # the Tactics roster, your own warriors included
    shardgames roster validate my-warriors.toml            # a Tactics roster file: valid, or each problem

``deck validate`` exits with code 0 when every deck checked is legal and 1 when one is not; without a
file it checks the decks that ship with the game. A game supports it by providing
``shardgames.<game>.decks.validate_deck_file(path)``, which returns each deck's problems by name (an
empty list for a legal deck); it is imported only when the command runs. Shard Command decks are also
checked against a format's budgets (``--format``, Standard by default), and the command prints each
deck's Main Deck Tax and Sovereign Shards against every format. ``card price`` exits with 0 when every
card is a legal design and 1 when one is not.

Tactics has no decks: its cards are one roster of warriors, to which a roster file adds its own (see
`shardgames.tactics.warriors`). ``roster validate`` checks such a file on its own (without a file, the
shipped roster) and exits with code 0 when it is valid and 1 when it is not. ``cards tactics --json`` prints
``{"game": "tactics", "roster_files": [...], "warriors": [...]}``, the warriors in roster order, each
with its ``number`` in the roster, ``id``, ``name``, diagram ``letter``, ``cost``, ``commander`` flag,
``source`` (``"standard"`` or the roster file it comes from) and its ``uninjured`` and ``injured``
sides. A side holds its ``name``, ``might``, ``move`` (``grammar``, as written in a roster file;
``words``; ``directions``, ``spaces``, ``exact`` and ``mode``) and ``effect`` (``null``, or its
``name``, ``params``, ``text`` as written, ``timing``, ``optional`` and ``reminder`` text).
``roster validate --json`` prints ``{"file", "valid", "warriors", "replaces", "problems"}``: the ids of
the file's warriors, those of them that replace a standard warrior, and every problem found.

Errors in what the user typed (an unknown game, a bad parameter, a module that does not import, a card
file that does not parse, a file over the limits of `shardgames.kernel.datafiles`) are printed as one
message, without a traceback, and the command exits with code 2; so are files that cannot be written
(every file is written whole, through a temporary file, and output paths are checked before long work).
Ctrl-C ends a command with code 130; ``match`` and ``tournament`` first print and save what they
finished.
"""

from __future__ import annotations

import contextlib
import json
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from shardgames._version import __version__
from shardgames.agents.base import RandomAgent
from shardgames.arena.backends import StopFlag, ctrl_c_stops
from shardgames.arena.match import MatchRecord, play_match
from shardgames.arena.results import TournamentResult
from shardgames.cli._imports import ImportTargetError, import_target
from shardgames.cli._output import console
from shardgames.cli.analyze import add_analyze_commands
from shardgames.cli.arena import add_arena_commands
from shardgames.cli.content import add_content_commands, deck_validator
from shardgames.cli.designer import add_designer_commands
from shardgames.cli.play import add_play_commands
from shardgames.kernel.datafiles import check_writable, ensure_folder
from shardgames.kernel.errors import ShardGamesError, UnknownGameError, UsageError, require_extra
from shardgames.kernel.game import Game, game_class, list_games, load_game
from shardgames.kernel.params import format_value
from shardgames.kernel.rng import derive_seed
from shardgames.render.text import plural

if TYPE_CHECKING:
    import click

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


# ---------------------------------------------------------------------- work that needs no extras


def game_info(name: str) -> dict[str, Any]:
    """What `shardgames list` shows about one registered game, as JSON-ready data.

    Args:
        name: A registered game name.

    Returns:
        The name, title and summary; the number of seats with the default parameters
        (``num_players``) and the fewest and most the game takes (``min_players``, ``max_players``:
        the bounds of its ``players`` parameter, ``null`` for no upper bound; without one, the default
        number); the number of distinct actions with the default parameters; and each parameter's
        name, kind, default and doc.

    Raises:
        UnknownGameError: If no game has that name.
    """
    cls = game_class(name)
    game: Game = cls()
    players = next((p for p in cls.all_parameters() if p.name == "players" and p.low is not None), None)
    fewest, most = (game.num_players, game.num_players) if players is None else (players.low, players.high)
    return {
        "name": cls.name,
        "title": cls.title,
        "summary": cls.summary,
        "num_players": game.num_players,
        "min_players": fewest,
        "max_players": most,
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
        The game, seed and number of matches; per seat its agent and the row of
        `TournamentResult.seat_table` (games, wins, draws, losses, win rate and score with their
        intervals, mean return); the number of draws; the mean, shortest and longest length (in
        history steps); and one entry per match (index, seed, winner, returns, length).
    """
    result = TournamentResult.from_records(str(game), seed, records)
    lengths = [r.length for r in records]
    return {
        "game": str(game),
        "seed": seed,
        "games": len(records),
        "seats": [
            {"seat": row["seat"], "agent": records[0].agents[row["seat"]]} | row
            for row in result.seat_table()
        ],
        "draws": result.draws,
        "mean_length": result.mean_length,
        "min_length": min(lengths, default=0),
        "max_length": max(lengths, default=0),
        "matches": [
            {"index": i, "seed": r.seed, "winner": r.winner, "returns": list(r.returns), "length": r.length}
            for i, r in enumerate(records)
        ],
    }


def _play_random_matches(
    game: Game, games: int, seed: int, save: Path | None, *, show_progress: bool
) -> tuple[list[MatchRecord], list[Path]]:
    """Play ``match``'s matches, saving each record as its match ends; Ctrl-C stops with those finished."""
    record_path = _record_paths(save, games) if save is not None else None
    agents = [RandomAgent() for _ in range(game.num_players)]
    records: list[MatchRecord] = []
    saved: list[Path] = []
    stop = StopFlag()  # Ctrl-C: stop after the match in progress; again: at once
    with _progress(f"playing {game}", games, show=show_progress) as advance, ctrl_c_stops(stop):
        try:
            for index in range(games):
                if stop.is_set():
                    break
                records.append(play_match(game, agents, derive_seed(seed, index)))
                if record_path is not None:
                    saved.append(records[-1].save(record_path(index)))
                advance()
        except KeyboardInterrupt:
            pass  # the finished matches are the result
    return records, saved


@contextlib.contextmanager
def _progress(title: str, total: int, *, show: bool) -> Iterator[Callable[[], None]]:
    if not show:
        yield lambda: None
        return
    from rich.progress import Progress  # noqa: PLC0415 - optional extra

    with Progress(console=console(), transient=True) as progress:
        task = progress.add_task(title, total=total)
        yield lambda: progress.advance(task)


def _record_paths(path: Path, games: int) -> Callable[[int], Path]:
    """Where ``match --save`` writes match i's record, with the file or folder checked now."""
    if path.suffix == ".json":
        if games != 1:
            raise UsageError(f"--save {path}: a .json file holds one match; give a folder for {games}")
        check_writable(ensure_folder(path.parent) / path.name)
        return lambda _: path
    check_writable(ensure_folder(path) / "match-0.json")
    width = len(str(games - 1))
    return lambda index: path / f"match-{index:0{width}d}.json"


#: Games whose cards `shardgames cards` can list.


def _error_message(exc: BaseException) -> str:
    lines = [str(exc), *getattr(exc, "__notes__", ())]
    if isinstance(exc, UnknownGameError):
        lines.append("`shardgames list` shows the games; `--import MODULE_OR_FILE:GameClass` adds your own")
    return "\n".join(lines)


# ---------------------------------------------------------------------- rich output


def _print_games(infos: Sequence[dict[str, Any]]) -> None:
    from rich.table import Table  # noqa: PLC0415 - an optional extra

    out = console()
    games = Table(title="Registered games", title_justify="left")
    games.add_column("name")
    games.add_column("title")
    games.add_column("seats", justify="right")
    games.add_column("actions", justify="right")
    games.add_column("summary")
    for info in infos:
        games.add_row(
            info["name"], info["title"], _seats(info), str(info["num_distinct_actions"]), info["summary"]
        )
    out.print(games)
    for info in infos:
        table = Table(title=f"{info['name']}: parameters", title_justify="left")
        for column in ("parameter", "kind", "default", "description"):
            table.add_column(column)
        for p in info["parameters"]:
            table.add_row(p["name"], p["kind"], format_value(p["default"]), p["doc"])
        out.print(table)


def _seats(info: dict[str, Any]) -> str:
    """``2``, ``2-6`` or ``2+``: the seats a game takes."""
    fewest, most = info["min_players"], info["max_players"]
    if most is None:
        return f"{fewest}+"
    return str(fewest) if fewest == most else f"{fewest}-{most}"


def _print_match(summary: dict[str, Any], saved: Sequence[Path], save: Path | None) -> None:
    from rich.table import Table  # noqa: PLC0415 - an optional extra

    out = console()
    count = summary["games"]
    title = f"{summary['game']}: {plural(count, 'random match', 'random matches')}, seed {summary['seed']}"
    table = Table(title=title, title_justify="left")
    table.add_column("seat", justify="right")
    table.add_column("agent")
    for column in ("wins", "draws", "losses", "win rate", "score", "mean return"):
        table.add_column(column, justify="right")
    for row in summary["seats"]:
        counts = [str(row[key]) for key in ("seat", "agent", "wins", "draws", "losses")]
        table.add_row(*counts, f"{row['win_rate']:.1%}", f"{row['score']:.1%}", f"{row['mean_return']:+.3f}")
    out.print(table)
    out.print(
        f"mean length {summary['mean_length']:.1f} steps "
        f"(shortest {summary['min_length']}, longest {summary['max_length']})"
    )
    if saved:
        where = saved[0] if len(saved) == 1 else save
        out.print(f"saved {plural(len(saved), 'record')} to {where}")


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
            except KeyboardInterrupt:  # Ctrl-C where a command does not handle it itself
                click.echo("interrupted", err=True)
                raise SystemExit(130) from None
            except OSError as exc:  # the library's own reads and writes say which; this is a last resort
                where = f"{exc.filename}: " if exc.filename else ""
                raise UserError(f"{where}{exc.strerror or exc}") from None

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
        """Rules engines for tabletop games: play them in the terminal, run matches, check decks, rosters."""

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
        """Play random matches of GAME_STRING, such as sota or 'sota(players=3)'.

        Every seat is a random agent. Match i is seeded with derive_seed(SEED, i), so the same options
        always give the same results. With --save, each record is written as its match ends: Ctrl-C
        stops, keeps the records of the finished matches, prints their results and exits with
        status 130. `shardgames list` shows the games; your own join with --import:

        \b
          shardgames --import examples/embers.py:EmbersGame match 'embers(players=3)'
        """  # noqa: D301 - "\b" is click's mark for a paragraph it must not rewrap
        game = load_game(game_string)
        show = games > 1 and not no_progress and sys.stdout.isatty()
        records, saved = _play_random_matches(game, games, seed, save, show_progress=show)
        summary = summarize_matches(game, seed, records)
        if as_json:
            summary["saved"] = [str(p) for p in saved]
            click.echo(json.dumps(summary, indent=2))
        else:
            _print_match(summary, saved, save)
        if len(records) < games:
            click.echo(f"interrupted after {len(records)} of {games} matches", err=True)
            raise SystemExit(130)

    add_content_commands(cli)
    add_designer_commands(cli)
    add_arena_commands(cli)
    add_play_commands(cli)
    add_analyze_commands(cli)
    return cli


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
