"""The table and the person's side of it, for ``shardgames play`` (see `shardgames.cli.play`)."""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from shardgames.agents.base import Agent
from shardgames.arena.match import MatchRecord
from shardgames.cli._output import thinking
from shardgames.kernel.actions import Action
from shardgames.kernel.datafiles import ensure_folder
from shardgames.kernel.errors import WriteError
from shardgames.kernel.events import Event
from shardgames.kernel.game import Game
from shardgames.kernel.rng import Rng, derive_seed
from shardgames.kernel.state import CHANCE, State
from shardgames.kernel.views import View
from shardgames.render.text import plural

if TYPE_CHECKING:
    from rich.console import Console

__all__ = ["HUMAN", "Session", "Stop", "Table", "event_lines", "print_panel", "print_result"]

HUMAN = "human"
"""The agent name of the person's seat in saved records."""

HELP = """\
Type the number of an action to take it (the first is 0), or a command:
  list [WORD]  the actions again (with WORD, those that mention it)
  view         the table as your seat sees it
  undo         back to your previous decision (not past dice, draws, reveals)
  save [FILE]  save the game so far, to {default} by default
  help         this list
  quit         stop (saving first if you gave --save or saved before)"""


class Snapshot(NamedTuple):
    """The table just before one of the person's decisions, to go back to."""

    state: State
    rngs: tuple[Rng, ...]
    chance_rng: Rng
    unknown: frozenset[int]
    shown: tuple[str, ...]


class Stop(Exception):  # noqa: N818 - how the person stops the game, not an error
    """The person stopped the game (quit, end of input or Ctrl-C)."""

    def __init__(self, message: str, exit_code: int = 0) -> None:
        super().__init__(message)
        self.exit_code = exit_code


class Table:
    """One match under way: the state, each seat's bot and spec (``None`` for the person), the generators.

    With a `screen` (a terminal's console), a bot that takes a while shows a spinner as it thinks.
    """

    def __init__(
        self,
        game: Game,
        state: State,
        bots: Sequence[tuple[Agent, str] | None],
        seed: int,
        screen: Console | None = None,
    ) -> None:
        self.game, self.state, self.bots, self.seed = game, state, list(bots), seed
        self.rngs = tuple(Rng(derive_seed(seed, 1, seat)) for seat in range(game.num_players))
        self.chance_rng = Rng(derive_seed(seed, 0))  # the generators of play_match, seat for seat
        self.screen = screen

    def label(self, seat: int) -> str:
        bot = self.bots[seat]
        return f"seat {seat} ({'you' if bot is None else bot[1]})"

    def apply(self, action: Action, viewer: int | None) -> list[str]:
        """Apply `action`; return its line and its events' lines as `viewer` sees them (all for None).

        Another seat's decision is not put in words for `viewer`: it may concern cards `viewer` cannot
        see. What it made happen on the table shows in the events, censored for `viewer`.
        """
        seat = self.state.current_player
        lines = []
        if seat != CHANCE and viewer in (None, seat):
            lines.append(f"{self.label(seat)}: {describe(self.state.view(seat), action)}")
        elif seat != CHANCE:
            lines.append(f"{self.label(seat)}:")
        events = self.state.apply_action(action)
        lines.extend(event_lines(events, viewer))
        return lines

    def bot_step(self, viewer: int | None) -> list[str]:
        """Let the bot whose turn it is (or chance, in explicit-chance games) take one step."""
        seat = self.state.current_player
        if seat == CHANCE:
            return self.apply(self.state.sample_chance_outcome(self.chance_rng), viewer)
        bot = self.bots[seat]
        assert bot is not None, "the person's decisions are not bot steps"
        with thinking(self.screen, f"{self.label(seat)} is thinking"):
            action = bot[0].act(self.state.view(seat), self.rngs[seat])
        return self.apply(action, viewer)

    def snapshot(self, human: int, shown: Sequence[str]) -> Snapshot:
        unknown = frozenset(self.state.unknown_cards(human))
        rngs = tuple(rng.clone() for rng in self.rngs)
        return Snapshot(self.state.clone(), rngs, self.chance_rng.clone(), unknown, tuple(shown))

    def undo_refusal(self, back: Snapshot, human: int) -> str | None:
        """Why going back to `back` is not allowed, or ``None`` when it is."""
        since = self.state.history[len(back.state.history) :]
        if any(action.is_chance for action in since):
            return "cannot undo: dice were rolled or cards drawn or shuffled since your previous decision"
        seen = back.unknown - set(self.state.unknown_cards(human))
        if seen:
            return (
                "cannot undo: since your previous decision you have seen "
                f"{plural(len(seen), 'card')} you could not see before"
            )
        return None

    def restore(self, back: Snapshot) -> None:
        self.state, self.rngs, self.chance_rng = back.state, back.rngs, back.chance_rng

    def record(self) -> MatchRecord:
        state = self.state
        return MatchRecord(
            game=str(self.game),
            seed=self.seed,
            agents=tuple(HUMAN if bot is None else bot[1] for bot in self.bots),
            history=tuple(state.history),
            returns=state.returns(),
            winner=state.winner,
            finished=state.is_terminal(),
        )


def describe(view: View, action: Action) -> str:
    """`action` in words as the seat of `view` may see it; plain ``str(action)`` if the game's words fail."""
    try:
        return view.describe_action(action)
    except Exception:  # a game's wording must never end a game in progress
        return str(action)


def event_lines(events: Sequence[Event], viewer: int | None) -> list[str]:
    """One indented line per event, censored for `viewer` (``None``: as they are)."""
    return [f"    {event if viewer is None else event.censor(viewer)}" for event in events]


# ---------------------------------------------------------------------- the person's session


class Session:
    """The person's side of the table: prompts, answers, undo and saving."""

    def __init__(self, table: Table, human: int, out: Console, save: Path | None) -> None:
        self.table, self.human, self.out = table, human, out
        self.save_path = save
        self.history: list[Snapshot] = []
        self.echo = not sys.stdin.isatty()  # scripted input: print each answer, so the transcript reads
        if not self.echo:
            with contextlib.suppress(ImportError):  # not on every platform
                import readline  # noqa: F401, PLC0415 - line editing and history at the prompt

    @property
    def default_file(self) -> Path:
        return self.save_path or Path(f"{self.table.game.name}-seed{self.table.seed}.json")

    def run(self, opening: list[str]) -> None:
        table, feed = self.table, opening
        while not table.state.is_terminal():
            if table.state.current_player != self.human:
                feed.extend(table.bot_step(self.human))
                continue
            action = self.decide(feed)
            self.history.append(table.snapshot(self.human, feed))
            feed = table.apply(action, self.human)
        self.print_lines(feed)
        self.show_view()

    def decide(self, feed: Sequence[str]) -> Action:
        """Show the decision and read answers until one is an action."""
        self.print_lines(feed)
        self.show_view()
        self.show_actions()
        while True:
            try:
                line = self.out.input(self.prompt(), markup=False)
            except EOFError:
                raise Stop("end of input: stopping") from None
            if self.echo:
                self.out.print(line)
            action = self.answer(line.strip())
            if action is not None:
                return action

    def prompt(self) -> str:
        last = len(self.table.state.legal_actions()) - 1
        choices = "0" if last == 0 else f"0-{last}"
        return f"seat {self.human}, your choice ({choices}, or help): "

    def numbers(self) -> str:
        """What to type for an action, in words: ``0``, or ``a number from 0 to 5``."""
        last = len(self.table.state.legal_actions()) - 1
        return "0" if last == 0 else f"a number from 0 to {last}"

    def answer(self, text: str) -> Action | None:
        """Act on one line of input; the chosen action, or ``None`` to ask again."""
        legal = self.table.state.legal_actions()
        word, _, rest = text.partition(" ")
        command, rest = word.lower(), rest.strip()
        if text.isascii() and text.isdecimal():
            if int(text) < len(legal):
                return legal[int(text)]
            self.say(f"{text} is not an action here: type {self.numbers()}")
        elif command == "help" or text == "?":
            self.say(HELP.format(default=self.default_file))
        elif command == "list":
            self.show_actions(rest)
        elif command == "view":
            self.show_view()
        elif command == "undo":
            self.undo()
        elif command == "save":
            self.save(Path(rest) if rest else self.default_file)
        elif command in ("quit", "exit"):
            raise Stop("stopped")
        else:
            what = f"{text!r} is not a command" if text else "nothing typed"
            self.say(f"{what}: type {self.numbers()}, or help for the commands")
        return None

    def undo(self) -> None:
        if not self.history:
            self.say("nothing to undo: this is your first decision")
            return
        refusal = self.table.undo_refusal(self.history[-1], self.human)
        if refusal is not None:
            self.say(refusal)
            return
        back = self.history.pop()
        self.table.restore(back)
        self.out.print("undone: back to your previous decision", style="bold")
        self.print_lines(back.shown)
        self.show_view()
        self.show_actions()

    def save(self, path: Path) -> None:
        try:
            self.table.record().save(ensure_folder(path.parent) / path.name)
        except WriteError as exc:
            self.say(str(exc))
            return
        self.save_path = path
        self.say(f"saved to {path}; `shardgames play --resume {path}` continues it")

    def say(self, message: str) -> None:
        self.out.print(message, soft_wrap=True)

    def print_lines(self, lines: Sequence[str]) -> None:
        for line in lines:
            self.out.print(line, style="dim" if line.startswith("    ") else None, soft_wrap=True)

    def show_view(self) -> None:
        print_panel(self.out, self.table, self.human)

    def show_actions(self, word: str = "") -> None:
        view = self.table.state.view(self.human)
        words = [describe(view, action) for action in view.legal_actions]
        items = [f"{i:>3}. {text}" for i, text in enumerate(words) if word.lower() in text.lower()]
        if not items:
            self.say(f"no action mentions {word!r}; `list` shows them all")
            return
        print_items(self.out, items)


def print_panel(out: Console, table: Table, viewer: int | None) -> None:
    from rich.panel import Panel  # noqa: PLC0415 - an optional extra

    state = table.state
    if viewer is None:
        body, whose = str(state), "the whole table"
    else:
        body, whose = str(state.view(viewer)), f"as {table.label(viewer)} sees it"
    title = f"{table.game}, seed {table.seed}, turn {state.turn}: {whose}"
    out.print(Panel(body, title=title, title_align="left", expand=False))


def print_items(out: Console, items: list[str]) -> None:
    if len(items) <= 12:
        for item in items:
            out.print(item)
        return
    from rich.columns import Columns  # noqa: PLC0415 - an optional extra

    out.print(Columns(items, padding=(0, 3), column_first=True))


def print_result(out: Console, table: Table) -> None:
    state = table.state
    winner = "a draw" if state.winner is None else f"{table.label(state.winner)} won"
    returns = ", ".join(f"{table.label(s)} {r:+g}" for s, r in enumerate(state.returns()))
    out.print(
        f"game over after {plural(len(state.history), 'step')}: {winner}; returns: {returns}",
        style="bold",
        soft_wrap=True,
    )
