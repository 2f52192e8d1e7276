"""Bad input, through every loader and every command that takes a file or a string.

The corpus is `tests/data/bad-input/` (text that is not UTF-8, files cut short, content of the wrong
types, impossible values, records, states, positions, game strings) plus inputs too large to keep
there, written here into a temporary folder: over the size limits, nested too deeply, numbers of
thousands of digits, lists and texts absurdly long for any game, and modules that do not import.
Every input goes through every loader of the API and every command: the API refuses it with a
`ShardGamesError` (or, where the input happens to be fine for that loader, accepts it), never a raw
Python error; the command prints a message without a traceback and exits with status 2 (1 for a
checking command whose file reads but holds problems). Each call is timed against a generous bound;
run with ``-s`` to see the counts and times.
"""

from __future__ import annotations

import json
import time
from collections import Counter
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path
from typing import Any

import attrs
import pytest
from click.testing import CliRunner
from test_cli import run_command

import shardgames as sg
from shardgames.arena.match import RECORD_STEP_LIMIT
from shardgames.cli import cli
from shardgames.command import cardfiles as command_cards
from shardgames.command import decks as command_decks
from shardgames.kernel.datafiles import DATA_FILE_LIMIT, DOCUMENT_LIMIT, PROBLEM_LIMIT
from shardgames.kernel.params import GAME_STRING_LIMIT, NESTING_LIMIT, format_game_string
from shardgames.kernel.serialize import converter_for
from shardgames.sota import cards as sota_cards
from shardgames.sota import decks as sota_decks
from shardgames.tactics import warriors

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "tests" / "data" / "bad-input"
BOUND = 5.0  # seconds per call: far above the real figures, so that a busy machine does not fail the test
GAMES = ("sota", "tactics", "command")


@attrs.frozen
class Outcome:
    kind: str  # "api" or "cli"
    input: str
    target: str
    outcome: str  # "refused", "accepted", or "exit N"
    seconds: float


OUTCOMES: list[Outcome] = []


@pytest.fixture(scope="module", autouse=True)
def report() -> Iterator[None]:
    """Print the counts of inputs, targets and outcomes, and the slowest calls (seen with ``-s``)."""
    yield
    accepted = sorted({f"{o.input} -> {o.target}" for o in OUTCOMES if o.outcome in ("accepted", "exit 0")})
    print("\naccepted:", *accepted, sep="\n  ")
    for kind in ("api", "cli"):
        rows = [o for o in OUTCOMES if o.kind == kind]
        if not rows:
            continue
        tally = Counter(row.outcome for row in rows)
        slowest = max(rows, key=lambda o: o.seconds)
        print(
            f"\n{kind}: {len({r.input for r in rows})} inputs x {len({r.target for r in rows})} targets, "
            f"{len(rows)} calls: {dict(sorted(tally.items()))}; "
            f"mean {sum(r.seconds for r in rows) / len(rows) * 1000:.1f} ms, "
            f"slowest {slowest.seconds * 1000:.0f} ms ({slowest.target} on {slowest.input})"
        )


# ---------------------------------------------------------------------- the inputs


@attrs.frozen
class Input:
    """One bad file: its path, which loaders and commands it is meant for, and whether it reads."""

    path: Path
    readable: bool  # it reads as TOML or JSON (its content is what is wrong)

    @property
    def name(self) -> str:
        return self.path.name

    def meant_for(self, target: str) -> bool:
        """Whether the input is bad for `target` by design (the others see it as merely foreign)."""
        for prefix, targets in INTENDED.items():
            if self.name.startswith(prefix):
                return any(target.startswith(t) for t in targets)
        return True  # unreadable and over-limit inputs are bad for everyone


INTENDED = {
    "sota-cards": (
        "sota.load_card_file",
        "sota.validate_deck_file",
        "load_game sota",
        "deck validate sota",
        "match sota",
    ),
    "command-cards": (
        "command.load_card_file",
        "command.load_deck_file",
        "command.validate_deck_file",
        "load_game command",
        "card price",
        "cards command",
        "deck validate command",
        "match command",
    ),
    "command-decks": (
        "command.load_deck_file",
        "command.validate_deck_file",
        "load_game command",
        "card price",
        "cards command",
        "deck validate command",
        "match command",
    ),
    "roster": (
        "tactics.load_roster_file",
        "load_game tactics",
        "roster validate",
        "cards tactics",
        "match tactics",
    ),
    "record": ("MatchRecord", "replay", "play --resume"),
    "state": ("state_from_json",),
    "position": ("state_from_position",),
}
UNREADABLE = {
    "not-utf8.toml",
    "not-utf8.json",
    "utf16.json",
    "truncated.toml",
    "truncated.json",
    "binary.toml",
}


def _write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def _sparse(folder: Path, name: str, size: int) -> Path:
    path = folder / name
    with path.open("wb") as file:
        file.truncate(size)  # nothing is written: the size alone must refuse it
    return path


def _record(**fields: Any) -> dict[str, Any]:
    return {"format": 1, "kind": "match", "game": "sota", "seed": 0, "agents": ["a", "b"], **fields}


SECTIONS = ("card", "persona", "warrior", "deck")  # the sections of the three games' files, and more
LONG_NUMBER = "7" * 5000

# The inputs too large to keep in the repository: over the limits, deep, long numbers.
UNREADABLE_TEXTS = {
    "deep.json": "[" * 100_000 + "]" * 100_000,
    "deep.toml": "a = " + "[" * 100_000 + "]" * 100_000 + "\n",
    "long-number.json": f'{{"format": 1, "kind": "match", "game": "sota", "seed": {LONG_NUMBER}}}',
    "long-number.toml": f"[[card]]\nforce = {LONG_NUMBER}\n",
}
# Lists and texts absurdly long for any game, in files under the size limit.
ABSURD_DATA = {
    "long-deck.json": {"deck": [{"name": "big", "cards": ["a"] * 500_000}]},  # half a million cards
    "thousands.json": {section: [{"name": f"x{i}"} for i in range(5000)] for section in SECTIONS},
    "long-text.json": {"card": [{"name": "x" * 100_000}], "warrior": [], "deck": []},
    "junk.json": {section: [{"zz": 7}] * 1000 for section in SECTIONS},  # stops at the problem limit
    "record-long-history.json": _record(returns=[0, 0], winner=None, history=[0] * (RECORD_STEP_LIMIT + 1)),
}


def _generated(folder: Path) -> list[Input]:
    folder.mkdir()
    unreadable = [
        _sparse(folder, "data-over-the-limit.toml", DATA_FILE_LIMIT + 1),
        _sparse(folder, "document-over-the-limit.json", DOCUMENT_LIMIT + 1),
        *(_write(folder, name, text) for name, text in UNREADABLE_TEXTS.items()),
    ]
    absurd = [
        _write(folder, name, json.dumps(data, separators=(",", ":"))) for name, data in ABSURD_DATA.items()
    ]
    return [Input(p, False) for p in unreadable] + [Input(p, True) for p in absurd]


@pytest.fixture(scope="module")
def inputs(tmp_path_factory: pytest.TempPathFactory) -> list[Input]:
    kept = [
        Input(p, p.name not in UNREADABLE) for p in sorted(CORPUS.iterdir()) if p.suffix in (".toml", ".json")
    ]
    return kept + _generated(tmp_path_factory.mktemp("bad-input") / "generated")


def _timed(call: Callable[[], Any]) -> tuple[str, float]:
    started = time.perf_counter()
    try:
        call()
    except sg.ShardGamesError:
        outcome = "refused"
    else:
        outcome = "accepted"
    return outcome, time.perf_counter() - started


# ---------------------------------------------------------------------- the API


FILE_LOADERS: dict[str, Callable[[Path], Any]] = {
    "sota.load_card_file": sota_cards.load_card_file,
    "sota.validate_deck_file": sota_decks.validate_deck_file,
    "command.load_card_file": command_cards.load_card_file,
    "command.load_deck_file": command_decks.load_deck_file,
    "command.validate_deck_file": command_decks.validate_deck_file,
    "tactics.load_roster_file": warriors.load_roster_file,
    "MatchRecord.load": sg.MatchRecord.load,
    "load_game sota decks": lambda path: sg.load_game("sota", decks=(str(path), "ember")),
    "load_game command cards": lambda path: sg.load_game("command", cards=(str(path),)),
    "load_game tactics roster": lambda path: sg.load_game("tactics", roster=(str(path),)),
}


def _text_loaders() -> dict[str, Callable[[str | bytes], Any]]:
    loaders: dict[str, Callable[[str | bytes], Any]] = {"MatchRecord.from_json": sg.MatchRecord.from_json}
    for name in GAMES:
        game = sg.load_game(name)
        converter_for(game)  # built once per game on first use: not a cost of the input
        loaders[f"{name}.state_from_json"] = game.state_from_json
        loaders[f"{name}.state_from_position"] = game.state_from_position
    return loaders


def _text(path: Path) -> str | bytes:
    """The file's content as a string when it is UTF-8 text, else as bytes."""
    data = path.read_bytes()
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data


def test_every_loader_refuses_every_bad_file_with_a_shardgames_error(inputs: list[Input]) -> None:
    """Each file through each file loader and, as text, through each loader of JSON texts."""
    text_loaders = _text_loaders()
    failures = []
    for item in inputs:
        text = _text(item.path)
        calls = {name: partial(load, item.path) for name, load in FILE_LOADERS.items()}
        calls |= {name: partial(load, text) for name, load in text_loaders.items()}
        for target, call in calls.items():
            try:
                outcome, seconds = _timed(call)
            except Exception as exc:  # any other error is what this test exists to catch
                failures.append(f"{item.name} -> {target}: {type(exc).__name__}: {exc}"[:300])
                continue
            OUTCOMES.append(Outcome("api", item.name, target, outcome, seconds))
            if outcome == "accepted" and item.meant_for(target):
                failures.append(f"{item.name} -> {target}: accepted")
            if seconds > BOUND:
                failures.append(f"{item.name} -> {target}: {seconds:.1f} s")
    assert not failures, "\n".join(failures)


def test_a_file_of_junk_is_checked_up_to_the_problem_limit(inputs: list[Input]) -> None:
    junk = next(item.path for item in inputs if item.name == "junk.json")
    for load in (sota_cards.load_card_file, command_cards.load_card_file, warriors.load_roster_file):
        with pytest.raises(sg.CardError) as info:
            load(junk)
        assert PROBLEM_LIMIT < len(info.value.problems) < PROBLEM_LIMIT + 20  # the last item's few more
        assert info.value.problems[-1].startswith("checking stopped here, at 1,000 problems")


def test_lists_absurdly_long_for_a_game_are_refused_naming_each(inputs: list[Input]) -> None:
    path = {item.name: item.path for item in inputs}
    with pytest.raises(sg.CardError) as info:
        sota_decks.validate_deck_file(path["long-deck.json"])
    assert info.value.problems == ("deck[0].cards: 500,000 items, more than the limit of 1,000",)
    with pytest.raises(sg.CardError) as info:
        warriors.load_roster_file(path["thousands.json"])
    assert info.value.problems == tuple(
        f"{section}: 5,000 items, more than the limit of 1,000" for section in SECTIONS
    )


BAD_GAME_STRINGS = [
    line
    for line in (CORPUS / "game-strings.txt").read_text(encoding="utf-8").splitlines()
    if not line.startswith("#")
]
DEEPER = NESTING_LIMIT + 1
GENERATED_GAME_STRINGS = {
    "empty": "",
    "nested 9,000 deep": "sota(players=" + "(" * 9000,
    f"nested {DEEPER} deep": "sota(decks=" + "(" * DEEPER + "a" + ")" * DEEPER + ")",
    "over the length limit": "sota(decks=(" + "a," * GAME_STRING_LIMIT + "))",
}


@pytest.mark.parametrize(
    "spec", [*BAD_GAME_STRINGS, *GENERATED_GAME_STRINGS.values(), None, 123, b"sota", ("sota",)],
    ids=[*BAD_GAME_STRINGS, *GENERATED_GAME_STRINGS, "None", "123", "bytes", "tuple"],
)  # fmt: skip
def test_load_game_refuses_every_bad_game_string(spec: Any) -> None:
    outcome, seconds = _timed(lambda: sg.load_game(spec))
    OUTCOMES.append(Outcome("api", repr(spec)[:40], "load_game", outcome, seconds))
    assert outcome == "refused"
    assert seconds < BOUND


# ---------------------------------------------------------------------- the command line

# These commands exit with 1 when a file reads but holds problems (the checked thing is wrong).
CHECKERS = ("card price", "deck validate", "roster validate")
FILE_COMMANDS: dict[str, Callable[[str, str], list[str]]] = {
    "card price": lambda file, out: ["card", "price", file],
    "cards command --cards": lambda file, out: ["cards", "command", "--cards", file],
    "cards tactics --roster": lambda file, out: ["cards", "tactics", "--roster", file],
    "deck validate sota": lambda file, out: ["deck", "validate", "sota", file],
    "deck validate command": lambda file, out: ["deck", "validate", "command", file],
    "roster validate": lambda file, out: ["roster", "validate", file],
    "replay": lambda file, out: ["replay", file],
    "replay --html": lambda file, out: ["replay", file, "--html", out],
    "play --resume": lambda file, out: ["play", "--resume", file],
    "match sota(decks=(FILE,ember))": lambda file, out: [
        "match", format_game_string("sota", {"decks": (file, "ember")}), "--games", "1"
    ],
    "match command(cards=(FILE,))": lambda file, out: [
        "match", format_game_string("command", {"cards": (file,)}), "--games", "1"
    ],
    "match tactics(roster=(FILE,))": lambda file, out: [
        "match", format_game_string("tactics", {"roster": (file,)}), "--games", "1"
    ],
}  # fmt: skip
GAME_STRING_COMMANDS: dict[str, Callable[[str], list[str]]] = {
    "match": lambda spec: ["match", spec, "--games", "1"],
    "tournament": lambda spec: ["tournament", spec, "--games", "1", "--backend", "serial", "--no-progress"],
    "analyze seats": lambda spec: ["analyze", spec, "seats", "--games", "2"],
    "play": lambda spec: ["play", spec],
}


def _run(name: str, target: str, args: list[str]) -> tuple[int, str, float]:
    started = time.perf_counter()
    result = CliRunner().invoke(cli, args, env={"COLUMNS": "120"})
    seconds = time.perf_counter() - started
    error = result.exception
    if error is not None and not isinstance(error, SystemExit):
        raise AssertionError(f"{name} -> {target}: {type(error).__name__}: {error}")
    OUTCOMES.append(Outcome("cli", name, target, f"exit {result.exit_code}", seconds))
    return result.exit_code, result.output, seconds


def test_every_command_refuses_every_bad_file_without_a_traceback(
    inputs: list[Input], tmp_path: Path
) -> None:
    failures = []
    for item in inputs:
        for target, make in FILE_COMMANDS.items():
            code, output, seconds = _run(item.name, target, make(str(item.path), str(tmp_path / "out.html")))
            allowed = {2, 1} if target.startswith(CHECKERS) and item.readable else {2}
            wrong_code = code not in (allowed if item.meant_for(target) else {0, 1, 2})
            if "Traceback" in output or seconds > BOUND or wrong_code:
                failures.append(f"{item.name} -> {target}: exit {code}, {seconds:.1f} s\n{output[:500]}")
    assert not failures, "\n".join(failures)


@pytest.mark.parametrize(
    "spec",
    [*BAD_GAME_STRINGS, *GENERATED_GAME_STRINGS.values()],
    ids=[*BAD_GAME_STRINGS, *GENERATED_GAME_STRINGS],
)
def test_every_command_refuses_every_bad_game_string_in_one_message(spec: str) -> None:
    for target, make in GAME_STRING_COMMANDS.items():
        code, output, seconds = _run(repr(spec)[:40], target, make(spec))
        assert code == 2, output
        assert output.startswith("Error: "), output
        assert "Traceback" not in output
        assert seconds < BOUND


MODULES = {  # written here rather than kept, so that the repository's linters need not read them
    "import_not_utf8.py": "NAME = 'caf\xe9'\n".encode("latin-1"),
    "import_syntax_error.py": b"def broken(:\n    pass\n",
    "import_raises.py": b'raise RuntimeError("this module refuses to be imported")\n',
    "import_deep.py": b"x = " + b"(" * 100_000 + b")" * 100_000 + b"\n",
}


def _modules(folder: Path) -> list[str]:
    for name, content in MODULES.items():
        (folder / name).write_bytes(content)
    return [
        *(str(folder / name) for name in MODULES),
        str(folder / "missing.py"),
        f"{folder / 'import_raises.py'}:NoSuchGame",
        "no_such_module_anywhere",
    ]


def test_import_of_a_broken_module_is_refused_in_one_message(tmp_path: Path) -> None:
    for spec in _modules(tmp_path):
        code, output, seconds = _run(Path(spec).name, "--import", ["--import", spec, "list"])
        assert code == 2, output
        assert output.startswith("Error: --import: "), output
        assert len(output.splitlines()) == 1, output
        assert seconds < BOUND


@pytest.mark.parametrize(
    "args",
    [
        ["card", "price", str(CORPUS / "not-utf8.toml")],
        ["replay", str(CORPUS / "record-impossible.json")],
        ["match", "sota(players=" + "(" * 9000],
        ["roster", "validate", str(CORPUS / "truncated.json")],
    ],
    ids=["card price", "replay", "match", "roster validate"],
)
def test_the_real_command_refuses_bad_input_in_one_message(args: list[str]) -> None:
    result = run_command(*args)
    assert result.returncode == 2, result.stderr
    assert result.stdout == ""
    assert result.stderr.startswith("Error: ")
    assert "Traceback" not in result.stderr
