"""``shardgames play``: a person plays any registered game in the terminal against bots, or watches bots.

At each of the person's decisions the command prints what happened since the last one (every seat's
moves and the events they caused, as that seat may see them), the table as the seat sees it
(``str(view)``) and the legal actions in words (`View.describe_action`), numbered from 0 as everywhere
in shardgames: action *n* is ``view.legal_actions[n]``, the number a notebook drawing of the view gives
it. The person answers with a number or a command: ``list [WORD]``, ``view``, ``undo``, ``save [FILE]``,
``help``, ``quit``.

**Undo** goes back to the person's previous decision and shows it again, bots' moves since then
included. It is refused when a chance outcome (a die, a draw, a shuffle) has happened since, or a card
the seat could not see has become known to it (`State.unknown_cards`): undoing then would let the
person roll again or use what they have seen. The bots' generators are restored with the position, so
they answer the same choice with the same moves (except ``mcts:seconds=...``, which is bound by time).

**Saving.** ``save [FILE]`` and ``--save FILE`` write a `MatchRecord` (``--save FILE`` is checked before
the game begins, and every file is written whole or not at all); once a game has a file (from
``--save``, the last ``save``, or the ``--resume`` file it came from), it is written there again when it
ends or stops. A game stopped before its end (``quit``, end of input, Ctrl-C) is an unfinished record
(``finished`` false), which ``shardgames replay`` prints and ``shardgames play --resume FILE``
continues with the bots it was saved with. The person's seat is recorded as the agent ``human``.
With ``--watch`` every seat is a bot and ``--save`` writes the same record `play_match` would.

**Waiting.** In a terminal, a bot that thinks for more than a moment (a search bot such as ``mcts``)
shows a spinner naming its seat until it moves. ``--delay`` paces the steps when watching (0.5 s by
default in a terminal); it goes with ``--watch`` only, and is refused without it: when a person plays,
the bots' moves since the last decision are all shown at the next one, so there is nothing to pace.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from shardgames.agents.base import Agent
from shardgames.arena.match import MatchRecord
from shardgames.cli._output import console
from shardgames.cli._table import HUMAN, Session, Stop, Table, event_lines, print_panel, print_result
from shardgames.cli.arena import _split_agents, agent_from_spec, game_agent
from shardgames.kernel.datafiles import check_writable, ensure_folder
from shardgames.kernel.errors import UsageError
from shardgames.kernel.game import Game, load_game
from shardgames.kernel.state import State
from shardgames.render.text import plural

if TYPE_CHECKING:
    import click
    from rich.console import Console

__all__ = ["HUMAN", "add_play_commands"]

# ---------------------------------------------------------------------- the command


def _bots(game: Game, human: int | None, specs: Sequence[str]) -> list[tuple[Agent, str] | None]:
    """Each seat's bot and its spec from --vs (``None`` in the person's seat)."""
    count = game.num_players - (human is not None)
    if len(specs) == 1:
        specs = list(specs) * count
    if len(specs) != count:
        whose = "every seat" if human is None else "each other seat"
        raise UsageError(f"--vs: {game} needs one agent for {whose}, or one for all, not {len(specs)}")
    bots = iter([(agent_from_spec(spec, game), spec) for spec in specs])
    return [None if seat == human else next(bots) for seat in range(game.num_players)]


def _start(
    game_string: str | None, resume: Path | None, seed: int | None
) -> tuple[State, int, MatchRecord | None]:
    """The state to play from, its seed and the record it was resumed from, from GAME or --resume."""
    if resume is None:
        if game_string is None:
            raise UsageError("name a GAME to play (such as sota or 'tactics(souls=12)'), or --resume FILE")
        seed = seed or 0
        return load_game(game_string).new_initial_state(seed), seed, None
    if game_string is not None or seed is not None:
        raise UsageError("--resume continues a saved game: give no GAME and no --seed with it")
    record = MatchRecord.load(resume)
    if record.finished:
        raise UsageError(f"{resume} is a finished game; `shardgames replay {resume}` shows it")
    return record.replay(), record.seed, record


def play(
    *,
    game_string: str | None,
    seat: int | None,
    vs: str | None,
    watch: bool,
    seed: int | None,
    save: Path | None,
    resume: Path | None,
    delay: float | None,
) -> int:
    """Run ``shardgames play`` with its options; return the exit code."""
    if delay is not None and not watch:
        raise UsageError(
            "--delay paces the moves you watch, with --watch; when you play, the bots' moves since your "
            "last decision are shown together at your next one"
        )
    state, seed, record = _start(game_string, resume, seed)
    game = state.game
    recorded = record.agents.index(HUMAN) if record is not None and HUMAN in record.agents else 0
    human = None if watch else (recorded if seat is None else seat)
    viewer = seat if watch else human
    if viewer is not None and not 0 <= viewer < game.num_players:
        last = game.num_players - 1
        seats = f"0 and {last}" if last == 1 else f"0 to {last}"
        raise UsageError(f"--seat: {game} has seats {seats}, not {viewer}")
    if vs is not None:
        specs = _split_agents(vs)
    elif record is not None:  # the bots the game was saved with
        specs = [name for s, name in enumerate(record.agents) if s != human and name != HUMAN]
    else:
        specs = ["greedy" if game_agent(game) is not None else "random"]
    out = console()
    table = Table(game, state, _bots(game, human, specs), seed, screen=out)
    save = save or resume  # a resumed game stays saved where it came from
    if save is not None:  # before the game, rather than when it ends
        check_writable(ensure_folder(save.parent) / save.name)
    if resume is not None:
        opening = [f"resumed {resume} after {plural(len(state.history), 'step')}"]
    else:
        opening = event_lines(state.events, viewer)
    if human is None:
        if delay is None:
            delay = 0.5 if sys.stdout.isatty() else 0.0
        return _watch(table, viewer=viewer, out=out, opening=opening, delay=delay, save=save)
    session = Session(table, human, out, save)
    try:
        session.run(opening)
    except (Stop, KeyboardInterrupt) as exc:
        stop = exc if isinstance(exc, Stop) else Stop("interrupted", exit_code=130)
        out.print()
        out.print(f"{stop} after {plural(len(table.state.history), 'step')}")
        if session.save_path is not None:
            session.save(session.save_path)
        else:
            out.print("not saved: `save FILE` before quitting, or --save FILE, keeps a game to resume")
        return stop.exit_code
    print_result(out, table)
    if session.save_path is not None:
        table.record().save(session.save_path)
        out.print(f"saved to {session.save_path}")
    return 0


def _watch(
    table: Table, *, viewer: int | None, out: Console, opening: list[str], delay: float, save: Path | None
) -> int:
    print_panel(out, table, viewer)
    for line in opening:
        out.print(line, soft_wrap=True)
    try:
        while not table.state.is_terminal():
            for line in table.bot_step(viewer):
                out.print(line, soft_wrap=True)
            if delay:
                time.sleep(delay)
    except KeyboardInterrupt:
        out.print(f"\ninterrupted after {plural(len(table.state.history), 'step')}")
        code = 130
    else:
        print_panel(out, table, viewer)
        print_result(out, table)
        code = 0
    if save is not None:
        table.record().save(save)
        out.print(f"saved to {save}")
    return code


def add_play_commands(cli: click.Group) -> None:
    """Add ``play`` to the ``shardgames`` group."""
    import click  # noqa: PLC0415 - an optional extra, imported when the command runs

    @cli.command("play", short_help="Play a game against bots in the terminal, or watch bots play.")
    @click.argument("game_string", metavar="[GAME]", required=False)
    @click.option("--seat", type=int, help="Your seat (default 0); with --watch, watch as this seat sees.")
    @click.option("--vs", metavar="SPEC[,SPEC...]", help="The bots: one for all, or one per seat in order.")
    @click.option("--watch", is_flag=True, help="Bots in every seat (--vs names them); you watch.")
    @click.option("--seed", type=click.IntRange(min=0), help="The game's seed (default 0).")
    @click.option(
        "--save",
        type=click.Path(path_type=Path),
        help="Write the match record here at the end, or when you stop.",
    )
    @click.option(
        "--resume",
        type=click.Path(path_type=Path),
        help="Continue an unfinished saved game (saved back there).",
    )
    @click.option(
        "--delay",
        type=click.FloatRange(min=0),
        help="With --watch, seconds between steps (default 0.5 in a terminal, else 0).",
    )
    def play_command(**options: Any) -> None:
        """Play GAME in the terminal against bots, or watch bots play it (--watch).

        GAME is a game string, as in the other commands: sota, 'sota(players=3)',
        'tactics(souls=12)', command; game parameters go in the parentheses (`shardgames list` shows
        them). At each of your decisions you see what happened since your last one, the table as your
        seat sees it and your actions, numbered from 0: type a number, or help for the commands (list,
        view, undo, save, quit).

        The bots are random, greedy (the game's own; the default, or random for a game without one),
        mcts, flat, best and policy, with options after a colon: --vs mcts:sims=100,c=1.4, or --vs
        random,greedy for the two other seats of 'sota(players=3)'. The same seed, bots and answers
        give the same game.

        Undo goes back to your previous decision unless dice were rolled, cards drawn or shuffled, or
        cards revealed to you since. A bot that takes a while shows a spinner; --delay paces the steps
        when you watch (--watch only). A game you stop (quit, Ctrl-D, Ctrl-C) is saved to --save FILE or
        where you last saved, as an unfinished record that --resume FILE continues.
        """
        code = play(**options)
        if code:
            raise SystemExit(code)
