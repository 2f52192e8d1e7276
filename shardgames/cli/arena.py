"""The match commands of ``shardgames``: ``tournament`` and ``replay``.

Agents are named on the command line as ``NAME[:KEY=VALUE,...]``: ``random``; ``greedy`` (the game's own
heuristic agent); ``mcts`` (`MCTSAgent`, the library's strong search by default) with ``sims``
(simulations), ``seconds``, ``c`` (the exploration constant), ``rollout`` (``random`` or ``greedy``),
``depth`` (the playout moves before the evaluator scores the position; ``end`` plays to the end),
``evaluate`` (``yes`` or ``no``), ``playouts`` (``game``, the game's choice, or ``evaluate``, leaves
scored at once, when neither ``rollout`` nor ``depth`` is given), ``dets`` (determinisations per
search), ``prior`` (``greedy`` or ``none``), ``bias`` (the prior's weight), ``widen`` (the
progressive widening exponent, or ``none``) and ``workers`` (processes of a root-parallel search);
``flat`` (`FlatMonteCarloAgent`) with ``sims`` and ``rollout``; ``best`` (`strongest_agent`: the strongest
agent that thinks ``seconds`` per move, a search with as many simulations as the game's rated speed
fits in that time, or the greedy agent without ``seconds``); ``policy`` (`PolicyAgent`, a trained
policy) with ``load``, a function ``MODULE:NAME`` or ``FILE.py:NAME`` that takes the game and returns
the policy, and ``temperature``. For example ``mcts:seconds=0.5``,
``mcts:sims=200,depth=4,rollout=greedy``, ``best:seconds=0.1`` or
``policy:load=examples/learning/policy.py:load_policy,temperature=0.5``.
"""

from __future__ import annotations

import time
import warnings
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from shardgames.agents.base import Agent, RandomAgent, game_agent
from shardgames.agents.policy import PolicyAgent, takes_seat
from shardgames.arena.match import MatchRecord
from shardgames.arena.walk import walk_record
from shardgames.cli._imports import ImportTargetError, import_object, one_line
from shardgames.cli._output import console
from shardgames.kernel.datafiles import check_writable, ensure_folder
from shardgames.kernel.errors import UsageError
from shardgames.kernel.game import Game
from shardgames.kernel.state import CHANCE
from shardgames.render.text import plural

if TYPE_CHECKING:
    import click

    from shardgames.arena.results import GameResult, TournamentResult

__all__ = ["add_arena_commands", "agent_from_spec", "game_agent"]

AGENT_NAMES = ("random", "greedy", "mcts", "flat", "best", "policy")


def _parse(spec: str) -> tuple[str, dict[str, str]]:
    name, _, rest = spec.strip().partition(":")
    options: dict[str, str] = {}
    for item in filter(None, (part.strip() for part in rest.split(","))):
        key, sep, value = item.partition("=")
        if not sep or not key.strip() or not value.strip():
            raise UsageError(f"agent {spec!r}: options are KEY=VALUE, not {item!r}")
        options[key.strip().lower()] = value.strip()
    return name.strip().lower(), options


def _number(spec: str, key: str, value: str, kind: type, *, minimum: float | None = None) -> Any:
    """`value` read as an int or a float, above 0 (or at least `minimum`), or a `UsageError`."""
    try:
        number = kind(value)
    except ValueError:
        raise UsageError(f"agent {spec!r}: {key} must be a {kind.__name__}, not {value!r}") from None
    if minimum is None and number <= 0:
        raise UsageError(f"agent {spec!r}: {key} must be above 0, not {value}")
    if minimum is not None and number < minimum:
        raise UsageError(f"agent {spec!r}: {key} must be at least {minimum}, not {value}")
    return number


def _choice(spec: str, key: str, value: str, choices: dict[str, Any]) -> Any:
    """The value `choices` gives for the word `value`, or a `UsageError` listing the words."""
    try:
        return choices[value.lower()]
    except KeyError:
        raise UsageError(f"agent {spec!r}: {key} is {' or '.join(choices)}, not {value!r}") from None


def _depth(spec: str, key: str, value: str) -> int | None:
    return None if value.lower() == "end" else _number(spec, key, value, int, minimum=0)


def _widening(spec: str, key: str, value: str) -> float | None:
    return None if value.lower() == "none" else _number(spec, key, value, float)


_PLAYOUTS: dict[str, Any] = {"game": True, "evaluate": False}

_MCTS_OPTIONS: dict[str, tuple[str, Callable[[str, str, str], Any]]] = {
    "depth": ("rollout_limit", _depth),
    "evaluate": ("evaluate", lambda spec, key, value: _choice(spec, key, value, {"yes": True, "no": False})),
    "dets": ("determinisations", lambda spec, key, value: _number(spec, key, value, int)),
    "prior": (
        "prior",
        lambda spec, key, value: _choice(spec, key, value, {"greedy": "greedy", "none": None}),
    ),
    "bias": ("prior_weight", lambda spec, key, value: _number(spec, key, value, float, minimum=0)),
    "widen": ("widening", _widening),
    "playouts": ("game_playouts", lambda spec, key, value: _choice(spec, key, value, _PLAYOUTS)),
    "workers": ("workers", lambda spec, key, value: _number(spec, key, value, int)),
}
"""The `MCTSAgent` options beyond the budget, ``c`` and ``rollout``: keyword and reader of each."""


def agent_from_spec(spec: str, game: Game) -> Agent:
    """An agent from its command-line name (see the module docstring).

    Raises:
        UsageError: If the name or an option is unknown or malformed, or the game has no greedy agent.
    """
    name, options = _parse(spec)
    allowed = {
        "random": set(),
        "greedy": set(),
        "mcts": {"sims", "seconds", "c", "rollout", *_MCTS_OPTIONS},
        "flat": {"sims", "rollout"},
        "best": {"seconds"},
        "policy": {"load", "temperature"},
    }
    if name not in allowed:
        raise UsageError(f"agent {spec!r}: the agents are {', '.join(AGENT_NAMES)}")
    unknown = sorted(set(options) - allowed[name])
    if unknown:
        known = ", ".join(sorted(allowed[name])) or "none"
        raise UsageError(f"agent {spec!r}: unknown option {', '.join(unknown)}; {name}'s options: {known}")
    if name == "random":
        return RandomAgent()
    if name == "greedy":
        return _greedy(spec, game)()
    if name == "policy":
        return _policy(spec, options, game)
    if name == "best":
        from shardgames.agents.strongest import strongest_agent  # noqa: PLC0415 - search agents on use

        seconds = _number(spec, "seconds", options["seconds"], float) if "seconds" in options else None
        return strongest_agent(game, seconds)
    rollout: Agent | None = None
    if "rollout" in options:
        choice = options["rollout"].lower()
        if choice not in ("random", "greedy"):
            raise UsageError(f"agent {spec!r}: rollout is random or greedy, not {options['rollout']!r}")
        rollout = _greedy(spec, game)() if choice == "greedy" else None
    from shardgames.agents import FlatMonteCarloAgent, MCTSAgent  # noqa: PLC0415 - search agents on use

    kwargs: dict[str, Any] = {"rollout": rollout}
    if "sims" in options:
        kwargs["simulations"] = _number(spec, "sims", options["sims"], int)
    if name == "flat":
        return FlatMonteCarloAgent(**kwargs)
    if "seconds" in options:
        kwargs["seconds"] = _number(spec, "seconds", options["seconds"], float)
    if "c" in options:
        kwargs["exploration"] = _number(spec, "c", options["c"], float, minimum=0)
    for key, (keyword, read) in _MCTS_OPTIONS.items():
        if key in options:
            kwargs[keyword] = read(spec, key, options[key])
    try:
        return MCTSAgent(**kwargs)
    except UsageError as error:
        raise UsageError(f"agent {spec!r}: {error}") from None


def _policy(spec: str, options: Mapping[str, str], game: Game) -> Agent:
    """A `PolicyAgent` whose policy the function named by ``load`` makes for `game`."""
    if "load" not in options:
        raise UsageError(
            f"agent {spec!r}: policy needs load=MODULE:NAME or load=FILE.py:NAME, a function that takes "
            "the game and returns the policy"
        )
    temperature = 0.0
    if "temperature" in options:
        temperature = _number(spec, "temperature", options["temperature"], float, minimum=0)
    load = options["load"]
    try:
        policy = LoadedPolicy(load, game)
        return PolicyAgent(policy, name=f"policy:{load.rpartition(':')[2]}", temperature=temperature)
    except UsageError as error:
        raise UsageError(f"agent {spec!r}: {error}") from None


class LoadedPolicy:
    """The policy that the function `load` (``MODULE:NAME`` or ``FILE.py:NAME``) makes for `game`.

    It pickles as that recipe, so a tournament's worker processes load the policy again themselves:
    a policy a function builds (a closure, a network) need not pickle.

    Raises:
        UsageError: If the function cannot be imported, raises, or returns something not callable.
    """

    def __init__(self, load: str, game: Game) -> None:
        self.load = load
        self.game = game
        try:
            make = import_object(load)
        except ImportTargetError as error:
            raise UsageError(str(error)) from None
        try:
            policy = make(game)
        except Exception as error:  # whatever the user's function raises means "cannot load"
            raise UsageError(f"{load} failed: {one_line(error)}") from None
        if not callable(policy):
            raise UsageError(f"{load} returned {type(policy).__name__}, not a policy (a callable)")
        self._policy = policy
        self._seat = takes_seat(policy)

    def __call__(self, observation: Any, mask: Any, seat: int = 0) -> Any:
        return self._policy(observation, mask, seat=seat) if self._seat else self._policy(observation, mask)

    def __reduce__(self) -> tuple[Any, ...]:
        return LoadedPolicy, (self.load, self.game)

    def __repr__(self) -> str:
        return f"LoadedPolicy({self.load!r}, {str(self.game)!r})"


def _greedy(spec: str, game: Game) -> type[Agent]:
    found = game_agent(game)
    if found is None:
        raise UsageError(f"agent {spec!r}: {game.name} has no greedy agent; use random, mcts or flat")
    return found


# ---------------------------------------------------------------------- output


_OUTCOME_LABELS = ("games", "wins", "draws", "losses", "win rate", "95% CI", "score", "95% CI")
"""The headings of a row's `shardgames.arena.outcomes.OUTCOME_COLUMNS`, as `_outcome_cells` prints them."""


def _outcome_cells(row: Mapping[str, Any]) -> list[str]:
    """A table row's counts, then its win rate and score, each with its interval."""
    counts = [str(row[name]) for name in ("games", "wins", "draws", "losses")]
    rates = [
        cell
        for name in ("win_rate", "score")
        for cell in (f"{row[name]:.3f}", f"{row[f'{name}_low']:.3f}-{row[f'{name}_high']:.3f}")
    ]
    return counts + rates


def _print_result(result: TournamentResult, played: int, seconds: float) -> None:
    from rich import box  # noqa: PLC0415 - an optional extra
    from rich.table import Table  # noqa: PLC0415

    out = console()
    games = plural(len(result.games), "game") + (
        f" of {result.scheduled} (interrupted)" if result.interrupted else ""
    )
    title = f"{result.game}: {games}, seed {result.seed}, {plural(result.draws, 'draw')}"
    title += f", mean length {result.mean_length:.1f}"
    out.print(title, soft_wrap=True)
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False)
    for label in ("agent", *_OUTCOME_LABELS, "Elo", "Elo 95%"):
        table.add_column(label, justify="left" if label == "agent" else "right", no_wrap=True)
    for row in result.agent_table():
        rating = [f"{row['rating']:.0f}", f"±{1.96 * row['rating_error']:.0f}"]
        table.add_row(row["agent"], *_outcome_cells(row), *rating)
    out.print(table)
    out.print("pairings (the first agent's results)", soft_wrap=True)
    pairs = Table(box=box.SIMPLE_HEAD, pad_edge=False)
    for label in ("agent", "opponent", *_OUTCOME_LABELS):
        pairs.add_column(label, justify="left" if label in ("agent", "opponent") else "right", no_wrap=True)
    for row in result.pairing_table():
        pairs.add_row(row["agent"], row["opponent"], *_outcome_cells(row))
    out.print(pairs)
    seats = ", ".join(
        f"seat {row['seat']} {row['win_rate']:.3f} ({row['win_rate_low']:.3f}-{row['win_rate_high']:.3f})"
        for row in result.seat_table()
    )
    out.print(f"win rate by seat: {seats}", soft_wrap=True)
    rate = played / seconds if seconds > 0 else float("inf")
    out.print(f"played {plural(played, 'game')} in {seconds:.1f} s, {rate:.1f} games/s", soft_wrap=True)


def _print_failures(result: TournamentResult, shown: int = 10) -> None:
    import click  # noqa: PLC0415 - an optional extra

    for failure in result.failures[:shown]:
        click.echo(f"failed: {failure}", err=True)
    if len(result.failures) > shown:
        click.echo(
            f"... and {len(result.failures) - shown} more failures (--json FILE lists them all)", err=True
        )


def _record_saver(folder: Path) -> Callable[[GameResult], None]:
    """Save each game's record in `folder` (made ready now), once."""
    check_writable(ensure_folder(folder) / "game-0.json")
    saved: set[int] = set()

    def save(game: GameResult) -> None:
        if game.record is not None and game.index not in saved:
            game.record.save(folder / f"game-{game.index}.json")
            saved.add(game.index)

    return save


def replay_lines(record: MatchRecord) -> list[str]:
    """A recorded match step by step: each action with the events it caused, then the result.

    Each line starts with the step's place in the history. Steps the engine took by itself (sampled
    chance, forced moves) are listed as ``auto``.

    Raises:
        ReplayError: If the record does not replay in its game (an edited or corrupted file).
    """
    lines = [f"{record.game}, seed {record.seed}: {', '.join(record.agents)}"]
    for step in walk_record(record):
        if step.action is not None:
            who = "chance" if step.actor == CHANCE else f"seat {step.actor}"
            lines.append(f"{step.position:>5}  {who}: {step.words}")
        lines.extend(f"{position:>5}  auto: {action}" for position, action in step.automatic)
        if step.action is not None:
            lines.extend(f"         {event}" for event in step.events)
    lines.append(str(record))
    return lines


# ---------------------------------------------------------------------- the commands


def add_arena_commands(cli: click.Group) -> None:
    """Add ``tournament`` and ``replay`` to the ``shardgames`` group."""
    import click  # noqa: PLC0415 - an optional extra, imported when the command runs

    from shardgames.arena.errors import AgentFailureWarning  # noqa: PLC0415
    from shardgames.arena.results import TournamentResult  # noqa: PLC0415
    from shardgames.arena.tournaments import BACKENDS, tournament  # noqa: PLC0415
    from shardgames.kernel.game import load_game  # noqa: PLC0415

    @cli.command("tournament", short_help="Play a tournament between agents; print the results.")
    @click.argument("game_string")
    @click.option(
        "--agents", "agent_specs", default="random,greedy", show_default=True, help="Comma-separated agents."
    )
    @click.option(
        "--games", "-n", default=100, show_default=True, type=click.IntRange(min=1), help="Games to play."
    )
    @click.option("--seed", "-s", default=0, show_default=True, type=click.IntRange(min=0), help="Root seed.")
    @click.option(
        "--workers", "-w", type=click.IntRange(min=1), help="Worker processes (default: every core)."
    )
    @click.option("--backend", type=click.Choice(BACKENDS), default="process", show_default=True)
    @click.option(
        "--json",
        "json_path",
        type=click.Path(dir_okay=False, path_type=Path),
        help="Also write the results as JSON (an interrupted run's too, for --resume).",
    )
    @click.option(
        "--records", "records_dir", type=click.Path(path_type=Path), help="Save every match record here."
    )
    @click.option(
        "--resume",
        "resume_path",
        type=click.Path(dir_okay=False, path_type=Path),
        help="Continue the interrupted run whose --json FILE this is: play only the games it lacks.",
    )
    @click.option("--no-progress", is_flag=True, help="Never show a progress bar.")
    def tournament_command(
        *,
        game_string: str,
        agent_specs: str,
        games: int,
        seed: int,
        workers: int | None,
        backend: str,
        json_path: Path | None,
        records_dir: Path | None,
        resume_path: Path | None,
        no_progress: bool,
    ) -> None:
        """Play GAMES games of GAME_STRING between the --agents, seats rotated, and print the results.

        Agents are random, greedy (the game's own), mcts, flat, best and policy, with options after
        a colon: mcts:sims=200,c=1.4,rollout=greedy, flat:sims=50, best:seconds=0.1 or
        policy:load=FILE.py:NAME. The same options give the same results on any number of workers
        and back ends.

        Ctrl-C stops the run once the games in progress end (press it again to stop at once): the
        finished games are printed and written to --json and --records, and the command exits with
        status 130. The same command with --resume FILE (the --json file of the stopped run) plays
        only the games it lacks, for the results of a run that was never stopped. An agent that fails
        loses the game it failed in; the failures are listed and the command exits with status 1.
        """
        game = load_game(game_string)
        agents = [agent_from_spec(spec, game) for spec in _split_agents(agent_specs)]
        if not agents:
            raise UsageError("--agents: name at least one agent, such as random,greedy")
        earlier = TournamentResult.load(resume_path) if resume_path is not None else None
        if json_path is not None:
            check_writable(json_path)
        save_record = _record_saver(records_dir) if records_dir is not None else None
        started = time.perf_counter()
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", AgentFailureWarning)  # the failures are listed below
            result = tournament(
                game,
                agents,
                games=games,
                seed=seed,
                workers=workers,
                backend=backend,
                keep_records=records_dir is not None,
                progress=False if no_progress else None,
                resume=earlier,
                on_result=save_record,
            )
        played = len(result.games) - (len(earlier.games) if earlier is not None else 0)
        _print_result(result, played, time.perf_counter() - started)
        if save_record is not None:
            for game_result in result.games:  # those of the resumed run (the others are saved)
                save_record(game_result)
        if json_path is not None:
            result.save(json_path)
        _print_failures(result)
        if result.interrupted:
            resume = f"; --resume {json_path} plays the rest" if json_path is not None else ""
            click.echo(
                f"interrupted after {len(result.games)} of {plural(result.scheduled, 'game')}{resume}",
                err=True,
            )
            raise SystemExit(130)
        if result.failures:
            raise SystemExit(1)

    @cli.command("replay", short_help="Print a recorded match step by step, or write it as a web page.")
    @click.argument("file", type=click.Path(path_type=Path))
    @click.option(
        "--html",
        "html_path",
        type=click.Path(dir_okay=False, path_type=Path),
        help="Write the match as one self-contained HTML page that steps through it, instead of printing it.",
    )
    @click.option(
        "--seat",
        type=int,
        help="With --html: show the match as this seat saw it (others' hidden cards and choices hidden).",
    )
    def replay_command(*, file: Path, html_path: Path | None, seat: int | None) -> None:
        """Print the match record FILE step by step: each action, who took it, the events it caused.

        With --html OUT.html, write a page instead: open it in any browser (it needs no network) and
        step through the match with the buttons, the slider or the arrow keys. Records come from
        `shardgames match --save`, `shardgames play --save` and `shardgames tournament --records`.
        """
        record = MatchRecord.load(file)
        if seat is not None and html_path is None:
            raise UsageError("--seat goes with --html (the printed replay shows every step)")
        if html_path is not None:
            record.save_html(html_path, seat=seat)
            click.echo(f"wrote {html_path} ({record.length} actions; open it in a browser)")
            return
        for line in replay_lines(record):
            click.echo(line)


def _split_agents(text: str) -> list[str]:
    """Split ``random,mcts:sims=200,c=2,greedy`` into agents (a comma before ``key=`` continues one)."""
    specs: list[str] = []
    for raw in text.split(","):
        part = raw.strip()
        if not part:
            continue
        if "=" in part and ":" not in part and specs:
            specs[-1] += "," + part
        else:
            specs.append(part)
    return specs
