"""The ``shardgames analyze`` commands: the balance analyses of `shardgames.analysis` in a terminal.

``shardgames analyze GAME ANALYSIS [OPTIONS]`` plays a tournament of GAME (a game string) and prints
the analysis's tables, the same rows as its ``table()``, with its verdict::

    shardgames analyze sota seats --agents greedy --games 400      # seat advantage, tested
    shardgames analyze sota seats --move-time 0.1 --games 100     # the same, played by a search
    shardgames analyze "sota(max_turn_phases=200)" lengths        # lengths in steps and turns
    shardgames analyze command content --games 200 --top 20       # the most used cards and their results
    shardgames analyze command matchups --parameter decks --options pyre,tidewell,stoneguard --agents greedy
    shardgames analyze sota power --difference 0.02 --rate 0.5    # games needed; what more games buy
    shardgames analyze sota power --games 200 --agents greedy     # the same at a tournament's rates

The analyses that play take ``--agents`` (comma-separated, as for ``shardgames tournament``; one agent
plays every seat) or ``--move-time`` (the seconds per move the default player may think: it is the
strongest agent that fits, `strongest_agent`, and the game's greedy agent without a time),
``--games``, ``--seed``, ``--workers``, ``--backend`` and ``--no-progress``, and say which agents
played above their tables; for ``matchups``, ``--agents`` is one agent for both seats
or two, one per seat, and ``--games`` the games of each ordered pair of ``--options``. Every analysis
writes its ``to_dict()`` as JSON with ``--json FILE``.
Mistakes (an unknown game or parameter, an option the parameter does not take, an impossible
difference) are printed as one line, and the command exits with code 2.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import attrs

from shardgames.agents.base import Agent
from shardgames.cli._output import console
from shardgames.cli.arena import AGENT_NAMES, _split_agents, agent_from_spec
from shardgames.kernel.datafiles import write_text_atomic
from shardgames.kernel.errors import UsageError
from shardgames.kernel.game import Game, load_game
from shardgames.render.text import plural

if TYPE_CHECKING:
    import click

    from shardgames.arena.tournaments import TournamentResult

__all__ = ["PowerQuestion", "Run", "add_analyze_commands", "cell"]


def cell(column: str, value: Any) -> str:
    """One value of a table as printed: rates to three places, p-values as in the verdicts.

    Examples:
        >>> cell("win_rate", 0.51234), cell("p_value", 0.0001), cell("games", 12), cell("sd", None)
        ('0.512', '<0.001', '12', '-')
    """
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        if column == "p_value":
            return "<0.001" if value < 0.001 else f"{value:.3f}"
        return f"{value:.3f}" if abs(value) < 1000 else f"{value:.0f}"
    return str(value)


def _print_rows(title: str, rows: Sequence[Mapping[str, Any]], columns: Sequence[str]) -> None:
    from rich import box  # noqa: PLC0415 - an optional extra
    from rich.table import Table  # noqa: PLC0415

    out = console()
    out.print(title, soft_wrap=True)
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False)
    cells = [[cell(column, row[column]) for column in columns] for row in rows]
    widths = [max(len(column), *(len(line[index]) for line in cells)) for index, column in enumerate(columns)]
    if not out.is_terminal:  # a file or a pipe gets every column whole; a terminal folds the headers
        out.width = max(out.width, sum(widths) + 3 * len(widths))
    for index, column in enumerate(columns):
        text = isinstance(rows[0][column], str) if rows else False
        table.add_column(
            column.replace("_", " "),  # a long name wraps at its spaces rather than hiding the numbers
            justify="left" if text else "right",
            min_width=max((len(line[index]) for line in cells), default=1),
            overflow="fold",
        )
    for line in cells:
        table.add_row(*line)
    out.print(table)


def _say(text: str) -> None:
    console().print(text, soft_wrap=True)


def _write_json(path: Path | None, data: Mapping[str, Any]) -> None:
    if path is not None:
        write_text_atomic(path, json.dumps(data, indent=2) + "\n")


def _agents(specs: str | None, move_time: float | None, game: Game) -> list[Agent]:
    """The agents of --agents, or the strongest one that fits --move-time (the greedy agent without)."""
    if specs is None:
        from shardgames.agents.strongest import strongest_agent  # noqa: PLC0415 - search agents on use

        return [strongest_agent(game, move_time)]
    if move_time is not None:
        raise UsageError("give --agents or --move-time, not both: --move-time chooses the agent")
    agents = [agent_from_spec(spec, game) for spec in _split_agents(specs)]
    if not agents:
        raise UsageError("--agents: name at least one agent, such as greedy or random")
    return agents


def _options(text: str) -> list[str]:
    options = [part.strip() for part in text.split(",") if part.strip()]
    if not options:
        raise UsageError("--options: name the options, comma-separated, such as ember,tide,gale")
    return options


def _sizes(text: str) -> list[int]:
    try:
        return [int(part) for part in text.split(",") if part.strip()]
    except ValueError:
        raise UsageError(f"--sizes: whole numbers of games, comma-separated, not {text!r}") from None


# ---------------------------------------------------------------------- the analyses


@attrs.frozen
class Run:
    """How to play the tournament of an analysis: the options every playing subcommand takes."""

    game: str
    agent_specs: str | None
    move_time: float | None
    games: int
    seed: int
    workers: int | None
    backend: str
    no_progress: bool

    def play(self, *, keep_records: bool = False) -> TournamentResult:
        """Play the tournament."""
        from shardgames.arena.tournaments import tournament  # noqa: PLC0415

        game = load_game(self.game)
        return tournament(
            game,
            _agents(self.agent_specs, self.move_time, game),
            games=self.games,
            seed=self.seed,
            workers=self.workers,
            backend=self.backend,
            keep_records=keep_records,
            progress=False if self.no_progress else None,
        )


def _heading(result: TournamentResult) -> str:
    games = plural(len(result.games), "game")
    return f"{result.game}: {games}, seed {result.seed}, agents {', '.join(result.agents)}"


def _seats(run: Run, json_path: Path | None) -> None:
    from shardgames.analysis.seats import SEAT_COLUMNS, seat_advantage  # noqa: PLC0415

    result = run.play()
    advantage = seat_advantage(result)
    _print_rows(_heading(result), advantage.rows(), SEAT_COLUMNS)
    _say(advantage.verdict())
    _write_json(json_path, advantage.to_dict())


def _lengths(run: Run, json_path: Path | None) -> None:
    from shardgames.analysis.lengths import LENGTH_COLUMNS, game_lengths  # noqa: PLC0415

    result = run.play(keep_records=True)
    lengths = game_lengths(result)
    _print_rows(_heading(result), lengths.rows(), LENGTH_COLUMNS)
    if lengths.truncated_share is not None:
        _say(f"{lengths.truncated_share:.1%} of the games ended by the turn cap")
    _write_json(json_path, lengths.to_dict())


def _content(run: Run, json_path: Path | None, top: int) -> None:
    from shardgames.analysis.content import CONTENT_COLUMNS, content_stats  # noqa: PLC0415

    result = run.play(keep_records=True)
    stats = content_stats(result)
    rows = stats.rows()
    shown = rows[:top] if top else rows
    title = _heading(result)
    if len(shown) < len(rows):
        title += f" (the {len(shown)} most used of {len(rows)})"
    if rows:
        _print_rows(title, shown, CONTENT_COLUMNS)
    else:
        _say(f"{title}: no content used (the game does not report it)")
    _write_json(json_path, stats.to_dict())


def _matchups(run: Run, json_path: Path | None, parameter: str, options: str) -> None:
    from shardgames.analysis.matchups import MATCHUP_COLUMNS, OVERALL_COLUMNS, matchups  # noqa: PLC0415

    game = load_game(run.game)
    study = matchups(
        game,
        parameter,
        _options(options),
        _agents(run.agent_specs, run.move_time, game),
        run.games,
        seed=run.seed,
        workers=run.workers,
        backend=run.backend,
        progress=False if run.no_progress else None,
    )
    games = plural(len(study.games), "game")
    agents = ", ".join(study.agents)
    title = f"{study.game}: {games}, {run.games} per ordered pair, seed {run.seed}, agents {agents}"
    matrix = [
        {"option": option} | dict(zip(study.options, scores, strict=True))
        for option, scores in zip(study.options, study.scores(), strict=True)
    ]
    _print_rows(title + ": score of the row against the column", matrix, ("option", *study.options))
    _print_rows("by option and opponent", study.rows(), MATCHUP_COLUMNS)
    _print_rows("against the field (mirrors left out)", study.overall_rows(), OVERALL_COLUMNS)
    _write_json(json_path, study.to_dict())


@attrs.frozen
class PowerQuestion:
    """What ``analyze power`` is asked: a difference from a rate, at a level and a power."""

    difference: float
    rate: float
    alpha: float
    power: float
    correlation: float
    sizes: str


def _power(question: PowerQuestion, run: Run | None, json_path: Path | None) -> None:
    from shardgames.analysis.power import SENSITIVITY_COLUMNS, games_needed, sensitivity  # noqa: PLC0415

    q = question
    designs: list[tuple[str, dict[str, Any]]] = [
        (f"one rate against {q.rate:g}", {"samples": 1}),
        ("two rates, each from its own games", {}),
        (
            f"two rates on the same seeds (correlation {q.correlation:g})",
            {"paired": True, "correlation": q.correlation},
        ),
    ]
    needed = [
        {
            "design": name,
            "difference": q.difference,
            "rate": q.rate,
            "games": games_needed(q.difference, q.rate, q.alpha, q.power, **kwargs),
        }
        for name, kwargs in designs
    ]
    level = f"{q.alpha * 100:g}% level, {q.power:.0%} power"
    _print_rows(
        f"games needed to detect {q.difference:+g} from {q.rate:g} ({level})", needed, list(needed[0])
    )
    sizes = _sizes(q.sizes)
    if run is None:
        table = sensitivity(q.rate, sizes, alpha=q.alpha, power=q.power)
        where = f"at a rate of {q.rate:g}"
    else:
        result = run.play()
        table = sensitivity(result, sizes, alpha=q.alpha, power=q.power)
        where = f"at the rates of {_heading(result)}"
    _print_rows(f"what more games buy, {where}", table.rows(), SENSITIVITY_COLUMNS)
    _write_json(json_path, {"games_needed": needed, "sensitivity": table.to_dict()})


# ---------------------------------------------------------------------- the click commands


def _run_options(
    default_games: int | None,
    games_help: str = "Games to play.",
    agents_help: str = f"Comma-separated agents ({', '.join(AGENT_NAMES)}); one plays every seat.",
) -> Callable[[Any], Any]:
    """The options of every subcommand that plays a tournament."""
    import click  # noqa: PLC0415 - an optional extra

    from shardgames.arena.tournaments import BACKENDS  # noqa: PLC0415

    options = [
        click.option(
            "--agents",
            "agent_specs",
            help=f"{agents_help}  [default: the strongest agent for --move-time]",
        ),
        click.option(
            "--move-time",
            type=click.FloatRange(min=0, min_open=True),
            help="Seconds per move the default agent may think: the strongest search that fits "
            "(its simulations from the game's rated speed), or the greedy agent without.",
        ),
        click.option(
            "--games",
            "-n",
            default=default_games,
            show_default=default_games is not None,
            type=click.IntRange(min=1),
            help=games_help,
        ),
        click.option(
            "--seed", "-s", default=0, show_default=True, type=click.IntRange(min=0), help="Root seed."
        ),
        click.option(
            "--workers", "-w", type=click.IntRange(min=1), help="Worker processes (default: every core)."
        ),
        click.option("--backend", type=click.Choice(BACKENDS), default="process", show_default=True),
        click.option(
            "--json",
            "json_path",
            type=click.Path(dir_okay=False, path_type=Path),
            help="Also write the analysis as JSON.",
        ),
        click.option("--no-progress", is_flag=True, help="Never show a progress bar."),
    ]

    def decorate(command: Any) -> Any:
        for option in reversed(options):
            command = option(command)
        return command

    return decorate


def add_analyze_commands(cli: click.Group) -> None:
    """Add ``analyze`` and its subcommands to the ``shardgames`` group."""
    import click  # noqa: PLC0415 - an optional extra, imported when the command runs

    @cli.group("analyze", short_help="Balance analyses: seats, lengths, content, matchups, power.")
    @click.argument("game_string")
    @click.pass_context
    def analyze(ctx: click.Context, /, game_string: str) -> None:
        """Analyse the balance of GAME_STRING: seat advantage, game lengths, card use, matchups, power.

        Each analysis plays a tournament (the same options give the same results on any number of
        workers) and prints its tables; --json FILE writes them for scripts.
        """
        ctx.obj = game_string

    @analyze.command("seats", short_help="Each seat's win rate and score, and whether the seats differ.")
    @_run_options(100)
    @click.pass_context
    def seats_command(ctx: click.Context, /, json_path: Path | None, **run: Any) -> None:
        """Each seat's results, and whether the seats win equally often.

        Prints each seat's wins, draws and losses, its win rate and score (a draw counts half a win)
        with their 95% intervals, and tests equal seats over the decisive games: exact binomial with
        two seats, chi-square with more.
        """
        _seats(Run(ctx.obj, **run), json_path)

    @analyze.command("lengths", short_help="How long games last, and how often the turn cap ends them.")
    @_run_options(100)
    @click.pass_context
    def lengths_command(ctx: click.Context, /, json_path: Path | None, **run: Any) -> None:
        """How long games last, and how often the turn cap ends them.

        Prints the lengths in history steps and in turns (mean, sd, quartiles, extremes), and the
        share of games ended by the turn cap.
        """
        _lengths(Run(ctx.obj, **run), json_path)

    @analyze.command("content", short_help="Which cards (or warriors) get used, and how their users fare.")
    @_run_options(100)
    @click.option(
        "--top", default=30, show_default=True, type=click.IntRange(min=0), help="Rows to print (0: all)."
    )
    @click.pass_context
    def content_command(ctx: click.Context, /, json_path: Path | None, top: int, **run: Any) -> None:
        """Which cards (or warriors) get used, and how the seats that used them fare.

        Prints, per name, the games and seats that used it and the mean score of those seats against
        the others', with 95% intervals. These are associations, not effects: a card played by the
        seat that is already winning looks strong.
        """
        _content(Run(ctx.obj, **run), json_path, top)

    @analyze.command("matchups", short_help="Every ordered pair of options (decks) against each other.")
    @click.option(
        "--parameter",
        default="decks",
        show_default=True,
        help="The per-seat parameter the options are values of.",
    )
    @click.option(
        "--options", "option_list", required=True, help="Comma-separated values, such as ember,tide,gale."
    )
    @_run_options(
        20,
        "Games for each ordered pair of options.",
        f"The agent of both seats, or two comma-separated agents, one per seat ({', '.join(AGENT_NAMES)}).",
    )
    @click.pass_context
    def matchups_command(
        ctx: click.Context, /, json_path: Path | None, parameter: str, option_list: str, **run: Any
    ) -> None:
        """Every ordered pair of options against each other.

        Plays --games games of each ordered pair of --options (mirrors included) with the game's
        --parameter set to the pair, and prints the matrix of scores (a draw counts half a win), each
        option against each opponent, and each option against the field.
        """
        _matchups(Run(ctx.obj, **run), json_path, parameter, option_list)

    @analyze.command("power", short_help="Games needed for a difference; what more games would buy.")
    @click.option("--difference", default=0.02, show_default=True, type=float, help="The change in win rate.")
    @click.option("--rate", default=0.5, show_default=True, type=float, help="The win rate without it.")
    @click.option("--alpha", default=0.05, show_default=True, type=float, help="The significance level.")
    @click.option("--power", default=0.8, show_default=True, type=float, help="The power.")
    @click.option(
        "--correlation",
        default=0.0,
        show_default=True,
        type=float,
        help="For the paired design: the correlation of the two versions' per-game scores.",
    )
    @click.option("--sizes", default="50,100,200,500,1000,2000,5000,10000", show_default=True, help="Games.")
    @_run_options(None, "Play this many games and use their rates (default: use --rate).")
    @click.pass_context
    def power_command(ctx: click.Context, /, json_path: Path | None, **options: Any) -> None:
        """The games needed to detect a difference, and what more games would buy.

        Prints the games needed to detect a --difference from --rate (one rate against a fixed one;
        two rates from their own games; two rates on the same seeds), then the interval half-width
        and the detectable differences by number of games, at --rate or, with --games, at the rates
        of a tournament of GAME_STRING.
        """
        question = PowerQuestion(**{field: options.pop(field) for field in attrs.fields_dict(PowerQuestion)})
        load_game(ctx.obj)  # a mistake in the game string shows even when nothing is played
        _power(question, None if options["games"] is None else Run(ctx.obj, **options), json_path)
