"""The README's and the docs' examples run, so the documentation never rots.

Every fenced block whose language is ``python`` in README.md and in docs/**/*.md is executed: the
blocks of one page in order, in one namespace per page, with examples/ on ``sys.path`` and a temporary
directory as the working directory (so files the examples write never land in the repository). Games
an example registers are unregistered again after its page.

A ``text`` block right after a line ``<!-- output -->`` shows what the python block before it prints:
each of its non-blank lines must appear, in order, among the lines that block printed.

Code that must not run uses another fence language: ``console`` for shell commands, ``text`` for
output and formats, and ``py`` for excerpts of examples/embers.py. The docs include those verbatim with
a pymdownx.snippets block (a line ``--8<--``, then ``examples/embers.py:SECTION``, then ``--8<--``),
where the file marks the section with ``# --8<-- [start:SECTION]`` and ``# --8<-- [end:SECTION]``;
that code runs in its own doctests and in the contract suite. A second test checks that every
excerpt exists and reads as whole Python statements.
"""

from __future__ import annotations

import ast
import contextlib
import io
import re
import textwrap
from pathlib import Path

import pytest

import shardgames as sg
from shardgames.kernel import unregister_game

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
GUIDES = (
    "README.md",
    "docs/index.md",
    "docs/getting-started.md",
    "docs/concepts.md",
    "docs/adding-a-game.md",
)

FENCE = re.compile(
    r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})[ \t]*(?P<language>[\w+-]*)[^\n]*\n"
    r"(?P<body>.*?)"
    r"^(?P=indent)(?P=fence)[ \t]*$",
    re.MULTILINE | re.DOTALL,
)
# pymdownx.snippets' block form: a line "--8<--", one "path:section" per line, a line "--8<--".
SNIPPET_BLOCK = re.compile(
    r"^[ \t]*--8<--[ \t]*\n(?P<specs>.*?)^[ \t]*--8<--[ \t]*$", re.MULTILINE | re.DOTALL
)
EXCERPT = re.compile(r"^[ \t]*(?P<path>[^\s:]+):(?P<section>[\w-]+)[ \t]*$", re.MULTILINE)


def name_of(page: Path) -> str:
    return page.relative_to(ROOT).as_posix()


OUTPUT = re.compile(
    r"^<!-- output -->[ \t]*\n```text[^\n]*\n(?P<body>.*?)^```[ \t]*$", re.MULTILINE | re.DOTALL
)


def shown_outputs(page: Path) -> list[tuple[int, list[str]]]:
    """The page's ``<!-- output -->`` text blocks as (line of the marker, non-blank lines)."""
    text = page.read_text(encoding="utf-8")
    return [
        (
            text.count("\n", 0, match.start()) + 1,
            [line.strip() for line in match["body"].splitlines() if line.strip()],
        )
        for match in OUTPUT.finditer(text)
    ]


def _printed(lines: list[str], shown: list[str]) -> bool:
    """Whether every line of `shown` is among `lines`, in order."""
    rest = iter(line.strip() for line in lines)
    return all(any(line == want for line in rest) for want in shown)


def python_blocks(page: Path) -> list[tuple[int, str]]:
    """The page's ``python`` blocks as (line number of the first code line, dedented code)."""
    text = page.read_text(encoding="utf-8")
    blocks = []
    for match in FENCE.finditer(text):
        if match["language"] == "python":
            line = text.count("\n", 0, match.start("body")) + 1
            blocks.append((line, textwrap.dedent(match["body"])))
    return blocks


@pytest.mark.parametrize("page", [p for p in PAGES if python_blocks(p)], ids=name_of)
def test_python_examples_run(page: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(ROOT / "examples"))
    registered = set(sg.list_games())
    namespace: dict[str, object] = {"__name__": f"docs_example_{page.stem.replace('-', '_')}"}
    printed: list[tuple[int, list[str]]] = []
    try:
        for line, code in python_blocks(page):
            # Blank lines up front keep the page's line numbers in tracebacks; dont_inherit keeps this
            # module's `from __future__ import annotations` out of the examples, as in a user's script.
            out = io.StringIO()
            with contextlib.redirect_stdout(out):
                exec(compile("\n" * (line - 1) + code, str(page), "exec", dont_inherit=True), namespace)
            printed.append((line, out.getvalue().splitlines()))
    finally:
        for name in set(sg.list_games()) - registered:
            unregister_game(name)
    for marker, shown in shown_outputs(page):
        before = [lines for line, lines in printed if line < marker]
        assert before, f"{name_of(page)}:{marker}: an output block with no python block before it"
        assert _printed(before[-1], shown), (
            f"{name_of(page)}:{marker}: the block above does not print what the page shows; it prints:\n"
            + "\n".join(before[-1])
        )


def test_output_blocks_are_found() -> None:
    """Guards the marker pattern: the card designer page shows several printed outputs."""
    assert len(shown_outputs(ROOT / "docs" / "command-cards.md")) >= 5


@pytest.mark.parametrize("guide", GUIDES)
def test_every_guide_has_examples(guide: str) -> None:
    """Guards the extraction itself: a fence the pattern misses would silently test nothing."""
    assert python_blocks(ROOT / guide), f"{guide} has no python example"


def snippet_sections() -> list[tuple[str, str, str]]:
    return [
        (name_of(page), match["path"], match["section"])
        for page in PAGES
        for block in SNIPPET_BLOCK.finditer(page.read_text(encoding="utf-8"))
        for match in EXCERPT.finditer(block["specs"])
    ]


@pytest.mark.parametrize(("page", "path", "section"), snippet_sections())
def test_included_excerpts_are_whole_statements(page: str, path: str, section: str) -> None:
    """An excerpt ``FILE:SECTION`` exists in the file and reads as Python on its own."""
    source = (ROOT / path).read_text(encoding="utf-8")
    pattern = rf"# --8<-- \[start:{re.escape(section)}\]\n(.*?)^[ \t]*# --8<-- \[end:{re.escape(section)}\]"
    match = re.search(pattern, source, re.DOTALL | re.MULTILINE)
    assert match, f"{page}: {path} has no section {section!r}"
    try:
        ast.parse(textwrap.dedent(match[1]))
    except SyntaxError as exc:
        pytest.fail(f"{page}: section {section!r} of {path} is not whole statements: {exc}")


def test_every_excerpt_is_found() -> None:
    assert len(snippet_sections()) >= 8
