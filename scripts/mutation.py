"""Mutation testing of the rules: would the tests notice if a rule stopped being right?

The script makes small changes (*mutants*) to a game's rules modules, one at a time, and runs the
tests that represent the game against each. A mutant the tests fail on is *killed*; one they pass
*survives*, and shows a rule no test pins down. The changes are those a slip of the pen makes:

* ``compare``: a comparison turned (``<`` and ``<=``, ``>`` and ``>=``, ``==`` and ``!=``, ``in`` and
  ``not in``, ``is`` and ``is not``);
* ``boolean``: ``and`` and ``or`` swapped, a ``not`` dropped, ``True`` and ``False`` swapped;
* ``number``: an integer one more or one less;
* ``delete``: a statement replaced by ``pass``;
* ``loop``: ``break`` and ``continue`` swapped.

Assertions, docstrings, annotations, ``if TYPE_CHECKING:`` blocks and f-strings are left alone, and so
is a ``return None`` that ends a function (without it, the function returns None all the same).

Each game samples ``--mutants`` of all its mutants with ``--seed``; the same seed and source give the
same sample. Each mutant runs in its own copy of the checkout (``--jobs`` copies at once) with
``python -m pytest -x`` on the game's selection (`SELECTIONS`), Hypothesis derandomised and without
its example database, so a verdict depends only on the source. A mutant that makes the tests run past
``--timeout-factor`` times the unchanged run is killed (an endless loop is a change the tests notice),
and so is one whose tests take more than `MEMORY_LIMIT` bytes, or cannot even be collected.

Some mutants cannot change what the program does (a bound that no state reaches, a copy that is
overwritten at once). They are listed, with a one-line reason each, in ``scripts/mutation_equivalents.toml``
and set aside. The score of a game is its killed mutants over its mutants not set aside.

    python scripts/mutation.py --game tactics --mutants 100 --seed 7
    python scripts/mutation.py --mutants 100 --seed 7 --report mutation.json     # every game
    python scripts/mutation.py --game sota --list                                # every mutant, no run
    python scripts/mutation.py --only 'sota/turn.py:take_next:compare:task.count <= 0->task.count < 0#0'

A *screen* runs every mutant of some modules against a few quick test files instead of the whole
selection, then confirms its survivors against the selection; what survives both is a real survivor:

    python scripts/mutation.py --module tactics/combat --tests tests/tactics/test_attack.py --report s.json
    python scripts/mutation.py --survivors s.json

Exit status: 0 when every game scores at least ``--fail-under`` (97 by default), 1 when one does not,
2 on bad input.
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import json
import os
import random
import re
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import tomllib
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from pathlib import Path

import attrs

ROOT = Path(__file__).resolve().parent.parent
EQUIVALENTS = ROOT / "scripts" / "mutation_equivalents.toml"

RULES_MODULES: dict[str, tuple[str, ...]] = {
    "sota": (
        "decks",
        "duel",
        "duel_state",
        "modifiers",
        "phases",
        "setup",
        "state",
        "traits",
        "turn",
        "view",
    ),
    "tactics": (
        "board",
        "combat",
        "effects",
        "movement",
        "phases",
        "play",
        "setup",
        "standard_effects",
        "state",
        "terrain",
        "view",
    ),
    "command": (
        "combat",
        "flow",
        "keywords",
        "payment",
        "phases",
        "play",
        "resolve",
        "rules",
        "sba",
        "state",
        "view",
    ),
}
"""Per game, the modules under ``shardgames/<game>/`` whose code is the rules of play."""

SELECTIONS: dict[str, tuple[str, ...]] = {
    game: (f"tests/{game}", "tests/test_golden.py", "tests/contract", "-k", game) for game in RULES_MODULES
}
"""Per game, the pytest arguments that run the tests representing it: its own tests first (the
quickest to fail), the recorded playthroughs, then the contract suite's runs of that game."""

_SWAPS: dict[type[ast.cmpop], type[ast.cmpop]] = {
    ast.Lt: ast.LtE,
    ast.LtE: ast.Lt,
    ast.Gt: ast.GtE,
    ast.GtE: ast.Gt,
    ast.Eq: ast.NotEq,
    ast.NotEq: ast.Eq,
    ast.In: ast.NotIn,
    ast.NotIn: ast.In,
    ast.Is: ast.IsNot,
    ast.IsNot: ast.Is,
}
_OPERATORS = {
    ast.Lt: "<",
    ast.LtE: "<=",
    ast.Gt: ">",
    ast.GtE: ">=",
    ast.Eq: "==",
    ast.NotEq: "!=",
    ast.In: "in",
    ast.NotIn: "not in",
    ast.Is: "is",
    ast.IsNot: "is not",
}
_DELETABLE = (ast.Expr, ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Return, ast.Raise, ast.Delete)


class MutationError(Exception):
    """Bad input to the script: the message lists every problem."""


# ---------------------------------------------------------------------- mutants


@attrs.frozen
class Mutant:
    """One small change to one module.

    Attributes:
        id: Stable name: ``<game>/<module>.py:<function>:<kind>:<before>-><after>#<n>``, where n
            counts the same change earlier in the same function. It survives edits elsewhere.
        game: The game the module belongs to.
        path: The module, relative to the checkout.
        line: The first line changed.
        kind: ``compare``, ``boolean``, ``number``, ``delete`` or ``loop``.
        start: Character offset of the text replaced, in the module's source.
        end: Character offset where the text replaced ends.
        replacement: The text put in its place.
    """

    id: str
    game: str
    path: str
    line: int
    kind: str
    start: int
    end: int
    replacement: str

    def apply(self, source: str) -> str:
        """The module's source with this change made."""
        return source[: self.start] + self.replacement + source[self.end :]

    def describe(self, source: str) -> str:
        """``path:line: before -> after``, for reports."""
        before = source[self.start : self.end].strip().splitlines()[0]
        after = self.replacement.strip().splitlines()[0]
        return f"{self.path}:{self.line}: {before} -> {after}"


class _Finder(ast.NodeVisitor):
    """Every mutation site of one module, with the function each is in."""

    def __init__(self, game: str, path: str, source: str) -> None:
        self.game, self.path, self.source = game, path, source
        lines = source.splitlines(keepends=True)
        self.line_starts = [0]
        for text in lines:
            self.line_starts.append(self.line_starts[-1] + len(text))
        self.lines = lines
        self.scope: list[str] = []
        self.seen: Counter[str] = Counter()
        self.found: list[Mutant] = []
        self.falls_off: set[ast.stmt] = set()  # a function's last statement, `return None`

    # -------------------------------------------------------------- positions

    def offset(self, line: int, column: int) -> int:
        """The character offset of (1-based line, UTF-8 byte column)."""
        text = self.lines[line - 1]
        return self.line_starts[line - 1] + len(text.encode()[:column].decode())

    def span(self, node: ast.AST) -> tuple[int, int]:
        start = self.offset(node.lineno, node.col_offset)  # type: ignore[attr-defined]
        end = self.offset(node.end_lineno, node.end_col_offset)  # type: ignore[attr-defined]
        return start, end

    def add(self, node: ast.AST, kind: str, replacement: str, start: int, end: int) -> None:
        before = " ".join(self.source[start:end].split())
        after = " ".join(replacement.split())
        function = ".".join(self.scope) or "<module>"
        key = f"{self.path.removeprefix('shardgames/')}:{function}:{kind}:{before}->{after}"
        number = self.seen[key]
        self.seen[key] += 1
        self.found.append(
            Mutant(f"{key}#{number}", self.game, self.path, node.lineno, kind, start, end, replacement)  # type: ignore[attr-defined]
        )

    # -------------------------------------------------------------- what is left alone

    def visit_FunctionDef(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        for decorator in node.decorator_list:
            self.visit(decorator)
        self.scope.append(node.name)  # default values are named after their function
        for default in [*node.args.defaults, *node.args.kw_defaults]:
            if default is not None:
                self.visit(default)
        last = node.body[-1]
        if isinstance(last, ast.Return) and (last.value is None or _is_none(last.value)):
            self.falls_off.add(last)  # deleting it changes nothing: the function returns None anyway
        self._body(node.body)
        self.scope.pop()

    visit_AsyncFunctionDef = visit_FunctionDef  # noqa: N815 - the visitor's naming

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        for decorator in node.decorator_list:
            self.visit(decorator)
        self.scope.append(node.name)
        self._body(node.body)
        self.scope.pop()

    def visit_Module(self, node: ast.Module) -> None:
        self._body(node.body)

    def _body(self, body: list[ast.stmt]) -> None:
        for position, statement in enumerate(body):
            docstring = (
                position == 0
                and isinstance(statement, ast.Expr)
                and isinstance(statement.value, ast.Constant)
                and isinstance(statement.value.value, str)
            )
            if not docstring:
                self.visit(statement)

    def generic_visit(self, node: ast.AST) -> None:
        if isinstance(node, ast.stmt) and isinstance(node, _DELETABLE) and self.scope:
            self._delete(node)
        super().generic_visit(node)

    def _leave_alone(self, node: ast.AST) -> None:
        """Do not look inside: an assertion, an f-string (its positions are unreliable before Python
        3.12) or an argument's annotation."""

    visit_Assert = visit_JoinedStr = visit_arg = _leave_alone  # noqa: N815 - the visitor's naming

    def visit_AnnAssign(self, node: ast.AnnAssign) -> None:
        if self.scope:
            self._delete(node)
        if node.value is not None:
            self.visit(node.value)

    def visit_If(self, node: ast.If) -> None:
        if isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            return
        self.generic_visit(node)

    def visit_Assign(self, node: ast.Assign) -> None:
        names = {t.id for t in node.targets if isinstance(t, ast.Name)}
        if names & {"__slots__", "__all__"}:
            return
        self.generic_visit(node)

    # -------------------------------------------------------------- the changes

    def visit_Compare(self, node: ast.Compare) -> None:
        for index, operator in enumerate(node.ops):
            swapped = _SWAPS.get(type(operator))
            if swapped is None:
                continue
            ops = list(node.ops)
            ops[index] = swapped()
            changed = ast.Compare(node.left, ops, node.comparators)
            start, end = self.span(node)
            self.add(node, "compare", f"({ast.unparse(changed)})", start, end)
        self.generic_visit(node)

    def visit_BoolOp(self, node: ast.BoolOp) -> None:
        other = ast.Or() if isinstance(node.op, ast.And) else ast.And()
        start, end = self.span(node)
        self.add(node, "boolean", f"({ast.unparse(ast.BoolOp(other, node.values))})", start, end)
        self.generic_visit(node)

    def visit_UnaryOp(self, node: ast.UnaryOp) -> None:
        if isinstance(node.op, ast.Not):
            start, end = self.span(node)
            operand_start, operand_end = self.span(node.operand)
            self.add(node, "boolean", f"({self.source[operand_start:operand_end]})", start, end)
        self.generic_visit(node)

    def visit_Constant(self, node: ast.Constant) -> None:
        start, end = self.span(node)
        if isinstance(node.value, bool):
            self.add(node, "boolean", str(not node.value), start, end)
        elif isinstance(node.value, int):
            for changed in (node.value + 1, node.value - 1):
                self.add(node, "number", f"({changed})", start, end)

    def visit_Break(self, node: ast.Break) -> None:
        start, end = self.span(node)
        self.add(node, "loop", "continue", start, end)

    def visit_Continue(self, node: ast.Continue) -> None:
        start, end = self.span(node)
        self.add(node, "loop", "break", start, end)

    def visit_Subscript(self, node: ast.Subscript) -> None:
        # `Name[...]` in a value position may be a type (`dict[str, int]()`); leave type-like ones
        if isinstance(node.value, ast.Name) and node.value.id in {"tuple", "list", "dict", "set", "type"}:
            return
        self.generic_visit(node)

    def _delete(self, node: ast.stmt) -> None:
        """Replace a statement that has its lines to itself with ``pass``."""
        if node in self.falls_off or (isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)):
            return  # a bare string (an attribute's docstring) or constant does nothing
        first = self.lines[node.lineno - 1]
        last = self.lines[(node.end_lineno or node.lineno) - 1]
        indent = len(first) - len(first.lstrip())
        if len(first[:indent].encode()) != node.col_offset:
            return  # shares its first line with a statement before it
        rest = last.encode()[node.end_col_offset or 0 :].decode().strip()
        if rest and not rest.startswith("#"):
            return  # shares its last line with a statement after it
        start, end = self.span(node)
        self.add(node, "delete", "pass", start, end)


def _is_none(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and node.value is None


def module_mutants(game: str, path: str, source: str) -> list[Mutant]:
    """Every mutant of one module's `source` (at `path`, relative to the checkout)."""
    finder = _Finder(game, path, source)
    finder.visit(ast.parse(source, filename=path))
    return finder.found


def game_mutants(game: str, root: Path = ROOT) -> list[Mutant]:
    """Every mutant of `game`'s rules modules, in module and source order."""
    found: list[Mutant] = []
    for module in RULES_MODULES[game]:
        path = f"shardgames/{game}/{module}.py"
        found += module_mutants(game, path, (root / path).read_text(encoding="utf-8"))
    return found


def sample(mutants: Sequence[Mutant], count: int, seed: int) -> list[Mutant]:
    """`count` mutants drawn without replacement with `seed` (all of them if there are fewer)."""
    chosen = random.Random(seed).sample(list(mutants), min(count, len(mutants)))
    return sorted(chosen, key=lambda m: (m.path, m.start, m.id))


# ---------------------------------------------------------------------- the reviewed list


def load_equivalents(path: Path = EQUIVALENTS) -> dict[str, str]:
    """The mutants set aside as unable to change behaviour: id -> reason.

    Raises:
        MutationError: Listing every problem of the file (bad TOML, missing or empty fields, unknown
            keys, an id listed twice).
    """
    if not path.exists():
        return {}
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise MutationError(f"{path}: {exc}") from None
    problems: list[str] = []
    unknown = set(data) - {"equivalent"}
    if unknown:
        problems.append(f"unknown tables {sorted(unknown)}; only [[equivalent]] entries are read")
    entries = data.get("equivalent", [])
    if not isinstance(entries, list):
        problems.append("equivalent: must be an array of tables ([[equivalent]])")
        entries = []
    found: dict[str, str] = {}
    for number, entry in enumerate(entries):
        where = f"equivalent[{number}]"
        if not isinstance(entry, dict):
            problems.append(f"{where}: must be a table")
            continue
        extra = set(entry) - {"mutant", "reason"}
        if extra:
            problems.append(f"{where}: unknown keys {sorted(extra)}")
        mutant, reason = entry.get("mutant"), entry.get("reason")
        if not isinstance(mutant, str) or not mutant.strip():
            problems.append(f"{where}.mutant: a mutant id is required")
            continue
        if not isinstance(reason, str) or not reason.strip():
            problems.append(f"{where}.reason: a one-line reason is required")
        elif "\n" in reason.strip():
            problems.append(f"{where}.reason: must be one line")
        if mutant in found:
            problems.append(f"{where}.mutant: {mutant!r} is listed twice")
        found[mutant] = reason.strip() if isinstance(reason, str) else ""
    if problems:
        raise MutationError(f"{path}: " + "; ".join(problems))
    return found


# ---------------------------------------------------------------------- running


@attrs.frozen
class Verdict:
    """What the tests made of one mutant."""

    id: str
    game: str
    where: str
    status: str  # killed, survived, timeout (killed), equivalent, error (no verdict: not counted)
    seconds: float
    failed: str = ""  # the first failing test, if one was reported


def _copy_checkout(destination: Path) -> None:
    ignore = shutil.ignore_patterns(
        ".git", ".venv", "__pycache__", ".*_cache", ".hypothesis", ".coverage*", "site", "runs", "*.egg-info"
    )
    shutil.copytree(ROOT, destination, ignore=ignore, symlinks=True)


MEMORY_LIMIT = 6 << 30
"""Bytes of address space each test run may take: a mutant that loops filling memory (a ray that never
leaves the board) then fails with MemoryError, as an endless loop fails on time, instead of starving the
machine."""


_COLLECTION_ERROR = re.compile(r"Interrupted: \d+ errors? during collection")

_PYTEST_WITHIN_MEMORY = (
    "import sys\n"
    "try:\n"
    "    import resource\n"
    "    resource.setrlimit(resource.RLIMIT_AS, (int(sys.argv[1]), int(sys.argv[1])))\n"
    "except ImportError:\n"
    "    pass  # no limit where the system has none\n"
    "import pytest\n"
    "sys.exit(pytest.main(sys.argv[2:]))\n"
)
"""``python -m pytest``, after capping the address space at the first argument (`MEMORY_LIMIT`)."""


class StoppedError(Exception):
    """A test run was asked for after the runs were stopped."""


class RunningTests:
    """The test runs under way, each in a process group of its own, so that they can all be stopped.

    A run is started only through `start`; once `stop` is called, every run under way is killed with
    the processes it started, and no new run starts (`start` raises `StoppedError`).
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._running: set[subprocess.Popen[str]] = set()
        self._stopped = False

    def start(self, command: Sequence[str], cwd: Path, env: dict[str, str]) -> subprocess.Popen[str]:
        """Start `command` in a new process group (it then does not see the terminal's Ctrl-C)."""
        with self._lock:
            if self._stopped:
                raise StoppedError
            process = subprocess.Popen(
                command,
                cwd=cwd,
                env=env,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
                start_new_session=True,
            )
            self._running.add(process)
            return process

    def finish(self, process: subprocess.Popen[str], timeout: float | None) -> tuple[int | None, str]:
        """Wait for `process`: (its exit status, or None past `timeout` seconds; its output).

        The process group is killed past the timeout, or if the wait itself is interrupted.
        """
        try:
            out, _ = process.communicate(timeout=timeout)
        except BaseException as exc:
            _kill_group(process)
            process.communicate()
            if isinstance(exc, subprocess.TimeoutExpired):
                return None, ""
            raise
        finally:
            with self._lock:
                self._running.discard(process)
        return process.returncode, out

    def stop(self) -> None:
        """Kill every run under way, and refuse new ones."""
        with self._lock:
            self._stopped = True
            for process in self._running:
                if process.returncode is None:  # not yet waited for, so its number is still its own
                    _kill_group(process)


def _kill_group(process: subprocess.Popen[str]) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):  # gone already
        os.killpg(process.pid, signal.SIGKILL)


def _pytest(
    checkout: Path,
    game: str,
    timeout: float | None,
    tests: Sequence[str] | None = None,
    runs: RunningTests | None = None,
) -> tuple[int | None, float, str]:
    """Run `tests` (by default `game`'s selection) in `checkout`: (exit status or None on timeout,
    seconds, first failure). The run is one of `runs` (by default, of its own).

    A run whose tests could not even be collected (a module that fails to import) counts as failing:
    exit status 1, its failure ``"collection error"``.
    """
    env = {
        **os.environ,
        "PYTHONDONTWRITEBYTECODE": "1",
        "PYTHONPATH": str(checkout),
        "SHARDGAMES_HYPOTHESIS_PROFILE": "mutation",
    }
    command = [
        sys.executable,
        "-c",
        _PYTEST_WITHIN_MEMORY,
        str(MEMORY_LIMIT),
        "-x",
        "-q",
        "--no-header",
        "-p",
        "no:cacheprovider",
        "-o",
        "addopts=--strict-markers --strict-config --import-mode=importlib",
        *(SELECTIONS[game] if tests is None else tests),
    ]
    runs = runs or RunningTests()
    start = time.monotonic()
    status, out = runs.finish(runs.start(command, checkout, env), timeout)
    seconds = time.monotonic() - start
    if status is None:
        return None, seconds, ""
    if status == 2 and _COLLECTION_ERROR.search(out):
        return 1, seconds, "collection error"
    failed = next((line.split()[1] for line in out.splitlines() if line.startswith("FAILED ")), "")
    return status, seconds, failed


def baseline(
    checkout: Path, game: str, tests: Sequence[str] | None = None, runs: RunningTests | None = None
) -> float:
    """Seconds the unchanged selection (or `tests`) takes; raises MutationError if it does not pass."""
    status, seconds, failed = _pytest(checkout, game, None, tests, runs)
    if status != 0:
        raise MutationError(
            f"{game}: the tests fail without any change ({failed or f'pytest exit status {status}'})"
        )
    return seconds


def run_mutant(
    checkout: Path,
    mutant: Mutant,
    timeout: float,
    tests: Sequence[str] | None = None,
    runs: RunningTests | None = None,
) -> Verdict:
    """Apply `mutant` in `checkout`, run its game's selection (or `tests`), and put the module back."""
    module = checkout / mutant.path
    original = module.read_text(encoding="utf-8")
    module.write_text(mutant.apply(original), encoding="utf-8")
    try:
        status, seconds, failed = _pytest(checkout, mutant.game, timeout, tests, runs)
    finally:
        module.write_text(original, encoding="utf-8")
    where = mutant.describe(original)
    if status is None:
        return Verdict(mutant.id, mutant.game, where, "timeout", seconds)
    if status not in (0, 1):  # pytest was interrupted or could not run: no verdict on the mutant
        return Verdict(mutant.id, mutant.game, where, "error", seconds, f"pytest exit status {status}")
    return Verdict(mutant.id, mutant.game, where, "survived" if status == 0 else "killed", seconds, failed)


def _atomic_write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.NamedTemporaryFile("w", encoding="utf-8", dir=path.parent, delete=False) as handle:
        handle.write(text)
    os.replace(handle.name, path)


def run(
    mutants: Sequence[Mutant],
    equivalents: dict[str, str],
    *,
    jobs: int,
    timeout_factor: float,
    report: Path | None,
    echo: bool = True,
    tests: Sequence[str] | None = None,
) -> list[Verdict]:
    """Run every mutant not set aside, `jobs` at a time; a verdict is kept (and reported) as it comes.

    Each mutant meets its game's selection (`SELECTIONS`), or `tests` (pytest arguments) when given.
    Ctrl-C or SIGTERM stops the run: the test runs under way are killed, the scratch copies removed,
    and the verdicts so far returned (they were written to `report` as they came). Stopped before the
    first mutant (while the unchanged tests run), the run raises KeyboardInterrupt.
    """
    source_of = {m.path: (ROOT / m.path).read_text(encoding="utf-8") for m in mutants}
    verdicts = [
        Verdict(m.id, m.game, m.describe(source_of[m.path]), "equivalent", 0.0)
        for m in mutants
        if m.id in equivalents
    ]
    todo = [m for m in mutants if m.id not in equivalents]
    if not todo:
        return verdicts
    runs = RunningTests()
    with _terminate_as_interrupt(), tempfile.TemporaryDirectory(prefix="shardgames-mutation-") as scratch:
        checkouts = [Path(scratch) / f"checkout{n}" for n in range(min(jobs, len(todo)))]
        for checkout in checkouts:
            _copy_checkout(checkout)
        limits: dict[str, float] = {}
        for game in sorted({m.game for m in todo}):
            seconds = baseline(checkouts[0], game, tests, runs)
            limits[game] = timeout_factor * seconds + 30
            if echo:
                print(f"{game}: the unchanged tests take {seconds:.0f} s", flush=True)
        free = list(checkouts)
        pending: dict[Future[Verdict], Path] = {}
        queue = list(todo)
        with ThreadPoolExecutor(len(checkouts)) as pool:
            try:
                while queue or pending:
                    while queue and free:
                        mutant, checkout = queue.pop(0), free.pop()
                        future = pool.submit(run_mutant, checkout, mutant, limits[mutant.game], tests, runs)
                        pending[future] = checkout
                    done, _ = wait(pending, return_when=FIRST_COMPLETED)
                    for future in done:
                        free.append(pending.pop(future))
                        verdict = future.result()
                        verdicts.append(verdict)
                        if echo:
                            line = f"{verdict.status:<9} {verdict.seconds:6.1f} s  {verdict.where}"
                            print(line, flush=True)
                        if report is not None:
                            _atomic_write(report, json.dumps([attrs.asdict(v) for v in verdicts], indent=1))
            except KeyboardInterrupt:
                runs.stop()  # before the pool waits for its threads: their test runs end at once
                if echo:
                    print("interrupted: the verdicts so far are kept", file=sys.stderr)
    return verdicts


@contextlib.contextmanager
def _terminate_as_interrupt() -> Iterator[None]:
    """Within the block, SIGTERM (as from ``kill``) interrupts the main thread as Ctrl-C does."""
    if threading.current_thread() is not threading.main_thread():
        yield  # only the main thread can take signals
        return

    def interrupt(signum: int, frame: object) -> None:
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGTERM, interrupt)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def scores(verdicts: Sequence[Verdict]) -> dict[str, dict[str, int | float]]:
    """Per game: mutants, set aside, killed (timeouts included), survived, and the score in percent."""
    table: dict[str, dict[str, int | float]] = {}
    for game in sorted({v.game for v in verdicts}):
        mine = [v for v in verdicts if v.game == game]
        killed = sum(v.status in ("killed", "timeout") for v in mine)
        survived = sum(v.status == "survived" for v in mine)
        judged = killed + survived
        table[game] = {
            "mutants": len(mine),
            "equivalent": sum(v.status == "equivalent" for v in mine),
            "killed": killed,
            "survived": survived,
            "score": 100.0 * killed / judged if judged else 100.0,
        }
    return table


# ---------------------------------------------------------------------- command line


def _at_least(convert: Callable[[str], float], low: float, what: str) -> Callable[[str], float]:
    """An argparse type: `convert` the text, refusing what is not `what` or is below `low`."""

    def parse(text: str) -> float:
        try:
            value = convert(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not {what}") from None
        if not value >= low:
            raise argparse.ArgumentTypeError(f"{text} is below {low}")
        return value

    return parse


_positive = _at_least(int, 1, "a whole number")


def _words(text: str) -> list[str]:
    """An argparse type: pytest arguments as a shell would split them."""
    try:
        words = shlex.split(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(f"{text!r}: {exc}") from None
    if not words:
        raise argparse.ArgumentTypeError("no pytest arguments given")
    return words


def survivors_of(report: Path) -> list[str]:
    """The ids of the mutants an earlier ``--report`` says survived.

    Raises:
        MutationError: The file cannot be read, is not JSON, or is not a list of verdicts.
    """
    try:
        data = json.loads(report.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError, RecursionError) as exc:
        raise MutationError(f"{report}: not a report ({exc})") from None
    if not isinstance(data, list):
        raise MutationError(f"{report}: not a report (a list of verdicts is expected)")
    bad = [n for n, v in enumerate(data) if not (isinstance(v, dict) and isinstance(v.get("id"), str))]
    if bad:
        raise MutationError(f"{report}: verdicts {bad[:10]} have no mutant id")
    return [v["id"] for v in data if v.get("status") == "survived"]


def _modules(names: Sequence[str]) -> dict[str, set[str]]:
    """``--module`` values (``game/module``) as game -> modules, refusing every unknown one."""
    chosen: dict[str, set[str]] = {}
    unknown: list[str] = []
    for name in names:
        game, _, module = name.removesuffix(".py").partition("/")
        if module not in RULES_MODULES.get(game, ()):
            unknown.append(name)
        chosen.setdefault(game, set()).add(module)
    if unknown:
        known = ", ".join(f"{g}/{m}" for g, modules in RULES_MODULES.items() for m in modules)
        raise MutationError(f"no rules module {', '.join(map(repr, unknown))}; the modules are {known}")
    return chosen


def _selected(args: argparse.Namespace) -> list[Mutant]:
    ids = list(args.only or [])
    for report in args.survivors or []:
        ids += survivors_of(report)
    if args.only or args.survivors:
        every = {m.id: m for game in RULES_MODULES for m in game_mutants(game)}
        unknown = [i for i in ids if i not in every]
        if unknown:
            raise MutationError(f"no mutant has the id {', '.join(map(repr, unknown))} (see --list)")
        return [every[i] for i in dict.fromkeys(ids)]
    modules = _modules(args.module or [])
    if modules and args.game and set(modules) - set(args.game):
        raise MutationError(f"--module names modules of {sorted(set(modules) - set(args.game))}, not --game")
    games = args.game or list(modules) or list(RULES_MODULES)
    chosen: list[Mutant] = []
    for game in games:
        mine = game_mutants(game)
        if modules:
            mine = [m for m in mine if Path(m.path).stem in modules.get(game, ())]
        chosen += sample(mine, args.mutants, args.seed) if args.mutants else mine
    return chosen


def _stale(equivalents: dict[str, str]) -> list[str]:
    """Listed ids that no current mutant has (the code they named has changed)."""
    every = {m.id for game in RULES_MODULES for m in game_mutants(game)}
    return sorted(set(equivalents) - every)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", action="append", choices=sorted(RULES_MODULES), help="only these games")
    parser.add_argument("--mutants", type=_positive, help="mutants sampled per game (default: all)")
    parser.add_argument("--seed", type=int, default=0, help="the sample's seed (default 0)")
    parser.add_argument("--only", action="append", metavar="ID", help="run just this mutant (repeatable)")
    parser.add_argument(
        "--survivors",
        action="append",
        type=Path,
        metavar="REPORT",
        help="run just the mutants this earlier report says survived (repeatable)",
    )
    parser.add_argument(
        "--module",
        action="append",
        metavar="GAME/MODULE",
        help="only this rules module's mutants, e.g. tactics/combat (repeatable)",
    )
    parser.add_argument(
        "--tests",
        action="append",
        type=_words,
        metavar="ARGS",
        help="screen against these pytest arguments instead of the game's selection (repeatable)",
    )
    parser.add_argument("--jobs", type=_positive, default=2, help="mutants run at once (default 2)")
    parser.add_argument(
        "--timeout-factor",
        type=_at_least(float, 1, "a number"),
        default=3.0,
        help="a mutant is killed past this many times the unchanged run, plus 30 s (default 3)",
    )
    parser.add_argument("--fail-under", type=float, default=97.0, help="the score every game needs (%%)")
    parser.add_argument("--report", type=Path, help="write every verdict here as JSON, as they come")
    parser.add_argument("--list", action="store_true", help="list the mutants instead of running them")
    args = parser.parse_args(argv)
    try:
        equivalents = load_equivalents()
        chosen = _selected(args)
        if args.list:
            counts = Counter(m.game for m in chosen)
            sources = {m.path: (ROOT / m.path).read_text(encoding="utf-8") for m in chosen}
            for mutant in chosen:
                mark = "  (equivalent)" if mutant.id in equivalents else ""
                print(f"{mutant.id}\n    {mutant.describe(sources[mutant.path])}{mark}")
            print(", ".join(f"{game}: {n} mutants" for game, n in sorted(counts.items())))
            return 0
        stale = _stale(equivalents)
        if stale:
            print(f"mutation: {len(stale)} listed equivalents match no mutant: {stale}", file=sys.stderr)
        tests = [word for words in args.tests for word in words] if args.tests else None
        verdicts = run(
            chosen,
            equivalents,
            jobs=args.jobs,
            timeout_factor=args.timeout_factor,
            report=args.report,
            tests=tests,
        )
    except MutationError as exc:
        print(f"mutation: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("mutation: interrupted before the first mutant", file=sys.stderr)
        return 130
    table = scores(verdicts)
    survivors = [v for v in verdicts if v.status == "survived"]
    errors = [v for v in verdicts if v.status == "error"]
    if errors:  # reported, not counted: run them again with --only
        print(f"\nno verdict (pytest did not finish): {' '.join(v.id for v in errors)}", file=sys.stderr)
    print()
    for game, row in table.items():
        print(
            f"{game:<8} {row['score']:6.1f} %  killed {row['killed']}, survived {row['survived']}, "
            f"set aside {row['equivalent']} of {row['mutants']}"
        )
    if tests is not None:
        print(f"(screened against {shlex.join(tests)}: confirm the survivors with --survivors REPORT)")
    if survivors:
        print("\nsurvivors:")
        for verdict in survivors:
            print(f"  {verdict.id}\n      {verdict.where}")
    return 0 if all(row["score"] >= args.fail_under for row in table.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
