"""`shardgames play`: the real program, with its input piped in (and once in a real terminal, under tmux)."""

from __future__ import annotations

import html
import io
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from rich.console import Console

import shardgames as sg
from shardgames.agents.base import RandomAgent
from shardgames.cli._output import thinking
from shardgames.cli._table import Snapshot, Table

ROOT = Path(__file__).resolve().parents[1]
TACTICS = "tactics(souls=4,max_turns=20)"  # a whole game is about 40 decisions
PROMPT = "seat 0, your choice (0"


def play(*args: str, answers: str = "", timeout: float = 60) -> subprocess.CompletedProcess[str]:
    """Run ``python -m shardgames play ARGS`` with `answers` as its input."""
    return subprocess.run(
        [sys.executable, "-m", "shardgames", "play", *args],
        input=answers,
        cwd=ROOT,
        env={**os.environ, "COLUMNS": "100"},
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


def assert_clean(result: subprocess.CompletedProcess[str], code: int = 0) -> None:
    assert result.returncode == code, result.stdout[-2000:] + result.stderr
    assert "Traceback" not in result.stdout + result.stderr


@pytest.mark.parametrize("game", ["sota", TACTICS, "command"])
def test_a_whole_game_against_random_bots(game: str) -> None:
    result = play(game, "--vs", "random", answers="0\n" * 3000)
    assert_clean(result)
    assert PROMPT in result.stdout
    assert "  0. " in result.stdout
    assert "seat 1 (random):\n" in result.stdout  # its decisions are not put in words for this seat
    assert "seat 1 (random): " not in result.stdout
    last = result.stdout.strip().splitlines()[-1]
    assert last.startswith("game over after ")
    assert "returns: seat 0 (you) " in last


def test_invalid_answers_say_what_is_accepted_and_ask_again() -> None:
    result = play("command", "--vs", "random", answers="hello\n6\n99\n\n0\nlist finish\nlist dragon\nquit\n")
    assert_clean(result)
    out = result.stdout
    assert "'hello' is not a command: type a number from 0 to 5, or help for the commands" in out
    assert "6 is not an action here: type a number from 0 to 5" in out
    assert "99 is not an action here: type a number from 0 to 5" in out
    assert "nothing typed: type a number from 0 to 5" in out
    assert "seat 0 (you): redraw " in out  # the 0 was taken
    assert "  4. finish the redraw" in out  # list WORD: only the actions that mention it
    assert "no action mentions 'dragon'" in out
    assert out.count(PROMPT) == 8


@pytest.mark.parametrize("game", ["sota", "command"])
def test_the_terminal_numbers_actions_as_the_notebook_and_legal_actions_do(game: str) -> None:
    """Action n is the same everywhere: the terminal's n, the notebook drawing's n, legal_actions()[n]."""
    result = play(game, "--vs", "random", answers="quit\n")
    assert_clean(result)
    shown = dict(re.findall(r"^ *(\d+)\. (.+)$", result.stdout, re.MULTILINE))
    view = sg.load_game(game).new_initial_state(0).view(0)
    words = {str(n): view.describe_action(a) for n, a in enumerate(view.legal_actions)}
    assert shown == words
    drawing = view.to_html()
    for number, text in list(words.items())[:3]:
        assert f'<td class="sg-num">{number}</td><td>{html.escape(text)}</td>' in drawing


def test_help_lists_the_commands() -> None:
    result = play(TACTICS, "--vs", "random", answers="help\nquit\n")
    assert_clean(result)
    for command in ("list [WORD]", "view", "undo", "save [FILE]", "help", "quit"):
        assert f"\n  {command} " in result.stdout


def test_undo_goes_back_and_the_bots_answer_the_same_way(tmp_path: Path) -> None:
    straight, undone = tmp_path / "straight.json", tmp_path / "undone.json"
    result = play(TACTICS, "--vs", "random", "--save", str(straight), answers="undo\n0\n0\n0\nquit\n")
    assert_clean(result)
    assert "nothing to undo: this is your first decision" in result.stdout
    result = play(
        TACTICS, "--vs", "random", "--save", str(undone), answers="0\n0\nundo\nundo\n0\n0\n0\nquit\n"
    )
    assert_clean(result)
    assert result.stdout.count("undone: back to your previous decision") == 2
    assert "stopped after" in result.stdout
    first, second = (json.loads(path.read_text(encoding="utf-8")) for path in (straight, undone))
    assert first["history"] == second["history"]
    assert first["finished"] is False


@pytest.mark.parametrize(
    ("game", "answers"), [("command", "5\nundo\nquit\n"), ("sota", "0\n0\nundo\nquit\n")]
)
def test_undo_is_refused_after_dice_or_draws(game: str, answers: str) -> None:
    result = play(game, "--vs", "random", answers=answers)
    assert_clean(result)
    assert (
        "cannot undo: dice were rolled or cards drawn or shuffled since your previous decision"
        in result.stdout
    )
    assert "undone" not in result.stdout


def test_undo_is_refused_once_a_hidden_card_has_been_seen() -> None:
    """A card played from the bot's hand is one the person could not see: going back would leak it."""
    game = sg.load_game("command")
    refusals = []
    for seed in range(4):
        table = Table(game, game.new_initial_state(seed), [None, (RandomAgent(), "random")], seed)
        decisions: list[Snapshot] = []
        while not table.state.is_terminal() and len(decisions) < 80:
            if table.state.current_player != 0:
                table.bot_step(0)
                continue
            refusal = table.undo_refusal(decisions[-1], 0) if decisions else None
            if refusal is not None and "seen" in refusal:
                since = table.state.history[len(decisions[-1].state.history) :]
                assert not any(action.is_chance for action in since)
                refusals.append(refusal)
                break
            decisions.append(table.snapshot(0, []))
            table.apply(table.state.legal_actions()[-1], 0)
    assert refusals
    assert "you have seen 1 card you could not see before" in refusals[0]


def test_save_writes_a_record_that_replay_reads_and_resume_continues(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    result = play(TACTICS, "--vs", "random", "--seed", "3", answers=f"0\nsave {path}\nquit\n")
    assert_clean(result)
    assert f"saved to {path}" in result.stdout
    record = sg.MatchRecord.load(path)
    assert (record.agents, record.seed, record.finished) == (("human", "random"), 3, False)
    replayed = subprocess.run(
        [sys.executable, "-m", "shardgames", "replay", str(path)],
        cwd=ROOT, capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip
    assert_clean(replayed)
    assert replayed.stdout.strip().endswith(f"{TACTICS}, seed 3: unfinished after {record.length} steps")
    resumed = play("--resume", str(path), answers="0\n" * 300)
    assert_clean(resumed)
    assert f"resumed {path} after {record.length} steps" in resumed.stdout
    assert "seat 1 (random):\n" in resumed.stdout  # the bots it was saved with
    assert resumed.stdout.strip().splitlines()[-2].startswith("game over after ")
    assert sg.MatchRecord.load(path).finished  # saved again at the end, where it was last saved
    again = play("--resume", str(path))
    assert_clean(again, 2)
    assert "is a finished game; `shardgames replay" in again.stderr


def test_quit_and_end_of_input_stop_cleanly(tmp_path: Path) -> None:
    result = play("sota", "--vs", "random", answers="quit\n")
    assert_clean(result)
    assert result.stdout.strip().splitlines()[-2:] == [
        "stopped after 0 steps",
        "not saved: `save FILE` before quitting, or --save FILE, keeps a game to resume",
    ]
    path = tmp_path / "eof.json"
    result = play("command", "--vs", "random", "--save", str(path), answers="0\n")
    assert_clean(result)
    assert "end of input: stopping after" in result.stdout
    assert f"`shardgames play --resume {path}` continues it" in result.stdout
    assert not sg.MatchRecord.load(path).finished


def test_watch_plays_the_bots_to_the_end(tmp_path: Path) -> None:
    path = tmp_path / "watched.json"
    result = play(TACTICS, "--watch", "--vs", "random,greedy", "--save", str(path))
    assert_clean(result)
    assert "seat 0 (random): " in result.stdout
    assert "seat 1 (greedy): " in result.stdout
    lines = result.stdout.strip().splitlines()
    assert lines[-2].startswith("game over after ")
    assert lines[-1] == f"saved to {path}"
    record = sg.MatchRecord.load(path)
    assert record == sg.play_match(TACTICS, [RandomAgent(), sg.tactics.GreedyAgent()], seed=0)


def test_watch_as_one_seat_hides_the_others_cards() -> None:
    everything = play("command", "--watch", "--vs", "random")
    as_seat_1 = play("command", "--watch", "--vs", "random", "--seat", "1")
    assert_clean(everything)
    assert_clean(as_seat_1)
    assert "seat 0 drew a card" not in everything.stdout
    assert "seat 0 drew a card" in as_seat_1.stdout
    assert "as seat 1 (random) sees it" in as_seat_1.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("sota", "--seat", "2"), "Error: --seat: sota has seats 0 and 1, not 2"),
        (("sota", "--seat", "-1"), "Error: --seat: sota has seats 0 and 1, not -1"),
        (("sota", "--vs", "wizard"), "Error: agent 'wizard': the agents are random, greedy, mcts, flat"),
        (("sota", "--vs", "random,greedy"), "Error: --vs: sota needs one agent for each other seat"),
        (("sota", "--delay", "1"), "Error: --delay paces the moves you watch, with --watch"),
        (("chess",), "Error: game name: no game named 'chess'"),
        (("tactics(souls=0)",), "Error: parameters of 'tactics': souls: must be between 1 and 99, not 0"),
        ((), "Error: name a GAME to play"),
    ],
)
def test_mistakes_on_the_command_line_are_one_line_errors(args: tuple[str, ...], message: str) -> None:
    result = play(*args)
    assert_clean(result, 2)
    assert result.stdout == ""
    assert result.stderr.splitlines()[0].startswith(message)


def test_no_spinner_reaches_a_pipe_or_a_file() -> None:
    file = io.StringIO()
    out = Console(file=file)  # not a terminal
    with thinking(out, "seat 1 (mcts) is thinking", after=0.0):
        pass
    assert file.getvalue() == ""


class Terminal:
    """``shardgames play ARGS`` in a real terminal: a tmux server of its own, 120 by 40."""

    def __init__(self, folder: Path, *args: str) -> None:
        self.tmux = ["tmux", "-S", str(folder / "tmux.sock"), "-f", os.devnull]
        command = shlex.join([sys.executable, "-m", "shardgames", "play", *args])
        shell = f"cd {shlex.quote(str(ROOT))} && {command}; echo EXITED $?; sleep 60"
        subprocess.run(
            [*self.tmux, "new-session", "-d", "-s", "play", "-x", "120", "-y", "40", shell], check=True
        )

    def screen(self) -> str:
        return subprocess.run(
            [*self.tmux, "capture-pane", "-p", "-S", "-", "-t", "play"],
            capture_output=True,
            text=True,
            check=False,
        ).stdout

    def wait_for(self, text: str) -> str:
        deadline = time.monotonic() + 30
        while True:
            shown = self.screen()
            if text in shown or time.monotonic() > deadline:
                assert text in shown, f"{text!r} never appeared on the screen:\n{shown}"
                return shown
            time.sleep(0.05)

    def send(self, *keys: str) -> None:
        subprocess.run([*self.tmux, "send-keys", "-t", "play", *keys], check=True)

    def close(self) -> None:
        subprocess.run([*self.tmux, "kill-server"], capture_output=True, check=False)


needs_tmux = pytest.mark.skipif(shutil.which("tmux") is None, reason="needs tmux, for a real terminal")


@needs_tmux
def test_a_game_in_a_real_terminal(tmp_path: Path) -> None:
    terminal = Terminal(tmp_path, "command", "--vs", "random")
    try:
        shown = terminal.wait_for(PROMPT)
        assert "╭─ command, seed 0, turn 0: as seat 0 (you) sees it" in shown  # the table, in a panel
        assert "  0. redraw " in shown
        assert "  5. keep this hand" in shown
        terminal.send("5", "Enter")
        terminal.wait_for("seat 0 (you): keep this hand")
        terminal.send("quit", "Enter")
        shown = terminal.wait_for("EXITED 0")
        assert "stopped after" in shown
        assert "Traceback" not in shown
        assert "is thinking" not in shown  # the random bot moves at once: no spinner flickers
    finally:
        terminal.close()


@needs_tmux
def test_a_bot_that_thinks_shows_a_spinner_in_a_terminal(tmp_path: Path) -> None:
    terminal = Terminal(tmp_path, "command", "--vs", "mcts:seconds=2")
    try:
        terminal.wait_for(PROMPT)
        terminal.send("5", "Enter")  # keep this hand: seat 1's search bot decides on its redraw
        terminal.wait_for("seat 1 (mcts:seconds=2) is thinking")
        terminal.wait_for("seat 1 (mcts:seconds=2):")  # it moved
        terminal.send("quit", "Enter")
        shown = terminal.wait_for("EXITED 0")
        assert "is thinking" not in shown  # the spinner's line is gone once the bot has moved
    finally:
        terminal.close()
