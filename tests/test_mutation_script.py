"""The mutation-testing script: which changes it makes, their names, the reviewed list, a small run."""

from __future__ import annotations

import ast
import contextlib
import os
import signal
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path
from types import ModuleType

import pytest
from loading import ROOT, load_file

SOURCE = textwrap.dedent(
    '''
    """A module."""
    from typing import TYPE_CHECKING

    LIMIT = 3

    if TYPE_CHECKING:
        BOUND = 4


    def rule(a: int, b: list[int], flag: bool = True) -> bool:
        """A docstring with 1 < 2 in it."""
        assert a >= 0
        total = 0
        for item in b:
            if item in (a, None) and not flag:
                break
            if item is None or item != 5:
                continue
            total += item
        print(f"{a < b}")
        return total <= LIMIT
    '''
)


@pytest.fixture(scope="module")
def mutation() -> ModuleType:
    return load_file(ROOT / "scripts" / "mutation.py", "shardgames_mutation_script")


def changes(mutation: ModuleType, source: str = SOURCE) -> dict[str, tuple[str, str]]:
    """id -> (kind, the changed function's source line)."""
    found = mutation.module_mutants("demo", "shardgames/demo/rules.py", source)
    return {m.id: (m.kind, m.apply(source).splitlines()[m.line - 1].strip()) for m in found}


def test_every_kind_of_change_is_made_where_it_can_change_behaviour(mutation: ModuleType) -> None:
    found = changes(mutation)
    ids = set(found)
    prefix = "demo/rules.py:rule:"
    assert prefix + "compare:item in (a, None)->(item not in (a, None))#0" in ids
    assert prefix + "compare:item is None->(item is not None)#0" in ids
    assert prefix + "compare:item != 5->(item == 5)#0" in ids
    assert prefix + "compare:total <= LIMIT->(total < LIMIT)#0" in ids
    assert prefix + "boolean:item in (a, None) and not flag->(item in (a, None) or not flag)#0" in ids
    assert prefix + "boolean:not flag->(flag)#0" in ids
    assert prefix + "boolean:item is None or item != 5->(item is None and item != 5)#0" in ids
    assert prefix + "number:5->(6)#0" in ids
    assert prefix + "number:5->(4)#0" in ids
    assert prefix + "number:0->(1)#0" in ids
    assert prefix + "loop:break->continue#0" in ids
    assert prefix + "loop:continue->break#0" in ids
    assert prefix + "delete:total += item->pass#0" in ids
    assert prefix + "delete:return total <= LIMIT->pass#0" in ids
    assert "demo/rules.py:<module>:number:3->(4)#0" in ids
    assert "demo/rules.py:rule:boolean:True->False#0" in ids  # a default value
    # what cannot be a rule: the assertion, docstrings, annotations, f-strings, TYPE_CHECKING blocks
    compared = [i for i in ids if ":compare:" in i]
    assert not any("a >= 0" in i or "1 < 2" in i or "a < b" in i for i in compared)
    assert not any(":number:4->" in i for i in ids)
    assert all(kind in {"compare", "boolean", "number", "delete", "loop"} for kind, _ in found.values())


def test_each_mutant_changes_only_its_own_text_and_still_parses(mutation: ModuleType) -> None:
    for mutant in mutation.module_mutants("demo", "shardgames/demo/rules.py", SOURCE):
        changed = mutant.apply(SOURCE)
        ast.parse(changed)
        assert changed[: mutant.start] == SOURCE[: mutant.start]
        assert changed[mutant.start + len(mutant.replacement) :] == SOURCE[mutant.end :]


def test_names_survive_edits_elsewhere_and_samples_repeat(mutation: ModuleType) -> None:
    edited = SOURCE.replace("LIMIT = 3\n", "LIMIT = 3\n\n\ndef other(x: int) -> bool:\n    return x < 2\n")
    before, after = set(changes(mutation)), set(changes(mutation, edited))
    assert before <= after
    assert all(i.startswith("demo/rules.py:other:") for i in after - before)
    mutants = mutation.module_mutants("demo", "shardgames/demo/rules.py", SOURCE)
    first = mutation.sample(mutants, 5, seed=3)
    assert [m.id for m in first] == [m.id for m in mutation.sample(mutants, 5, seed=3)]
    assert len(first) == 5
    assert len(mutation.sample(mutants, 10_000, seed=3)) == len(mutants)


def test_a_statement_sharing_a_line_is_not_deleted(mutation: ModuleType) -> None:
    source = "def f(x):\n    if x: return 1\n    a = 1; b = 2\n    return a + b  # why\n"
    deleted = [i for i in changes(mutation, source) if ":delete:" in i]
    assert deleted == ["demo/rules.py:f:delete:return a + b->pass#0"]


def test_an_attribute_docstring_is_not_deleted(mutation: ModuleType) -> None:
    source = 'class K:\n    A = 1\n    """The first."""\n\n'
    source += '    def f(self):\n        "text"\n        return 2\n'
    deleted = [i for i in changes(mutation, source) if ":delete:" in i]
    assert deleted == ["demo/rules.py:K:delete:A = 1->pass#0", "demo/rules.py:K.f:delete:return 2->pass#0"]


def test_a_return_none_that_ends_a_function_is_not_deleted(mutation: ModuleType) -> None:
    source = (
        "def f(x):\n    if x:\n        return None\n    x.g()\n    return None\n\n\ndef h():\n    return\n"
    )
    deleted = sorted(i for i in changes(mutation, source) if ":delete:" in i)
    assert deleted == ["demo/rules.py:f:delete:return None->pass#0", "demo/rules.py:f:delete:x.g()->pass#0"]


def test_every_game_has_mutants_in_every_rules_module(mutation: ModuleType) -> None:
    for game, modules in mutation.RULES_MODULES.items():
        mutants = mutation.game_mutants(game)
        assert {Path(m.path).stem for m in mutants} == set(modules)
        assert len({m.id for m in mutants}) == len(mutants), "names are unique"


def test_the_reviewed_list_names_current_mutants_each_with_a_reason(mutation: ModuleType) -> None:
    listed = mutation.load_equivalents()
    assert mutation._stale(listed) == []
    assert all(reason and "\n" not in reason for reason in listed.values())


def test_a_bad_reviewed_list_is_refused_with_every_problem(mutation: ModuleType, tmp_path: Path) -> None:
    path = tmp_path / "equivalents.toml"
    path.write_text(
        '[[equivalent]]\nmutant = "a"\n\n[[equivalent]]\nmutant = "a"\nreason = "r"\nnote = 1\n'
        '[[equivalent]]\nreason = "r"\n[other]\n',
        encoding="utf-8",
    )
    with pytest.raises(mutation.MutationError) as info:
        mutation.load_equivalents(path)
    message = str(info.value)
    for problem in (
        "unknown tables ['other']",
        "equivalent[0].reason: a one-line reason is required",
        "equivalent[1]: unknown keys ['note']",
        "equivalent[1].mutant: 'a' is listed twice",
        "equivalent[2].mutant: a mutant id is required",
    ):
        assert problem in message
    path.write_bytes(b"\xff\xfe[[")
    with pytest.raises(mutation.MutationError):
        mutation.load_equivalents(path)


def test_bad_options_exit_with_status_2(mutation: ModuleType, capsys: pytest.CaptureFixture[str]) -> None:
    assert mutation.main(["--only", "no such mutant"]) == 2
    assert "no mutant has the id 'no such mutant'" in capsys.readouterr().err
    for argv in (["--mutants", "0"], ["--game", "chess"], ["--timeout-factor", "0.5"], ["--jobs", "x"]):
        with pytest.raises(SystemExit) as info:
            mutation.main(argv)
        assert info.value.code == 2


def test_listing_prints_each_mutant_and_the_counts(
    mutation: ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    assert mutation.main(["--game", "tactics", "--mutants", "3", "--seed", "1", "--list"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[-1] == "tactics: 3 mutants"
    assert len([line for line in out if line.startswith("tactics/")]) == 3


def test_a_small_run_kills_what_the_tests_see_and_reports_what_they_do_not(
    mutation: ModuleType, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Two mutants of the setup prices against one test: the price of a commander is checked, the
    wording of a refusal is not."""
    monkeypatch.setitem(
        mutation.SELECTIONS,
        "tactics",
        ("tests/tactics/test_setup.py", "-k", "dx15_a_second_commander_costs_8"),
    )
    by_id = {m.id: m for m in mutation.game_mutants("tactics")}
    free = "tactics/setup.py:warrior_price:boolean:commander and not has_commander->"
    killed = next(i for i in by_id if i.startswith(free))
    survives = next(i for i in by_id if i.startswith("tactics/setup.py:Purchases.explain:delete:"))
    report = tmp_path / "report.json"
    verdicts = mutation.run(
        [by_id[killed], by_id[survives]], {}, jobs=2, timeout_factor=3, report=report, echo=False
    )
    status = {v.id: v.status for v in verdicts}
    assert status == {killed: "killed", survives: "survived"}
    assert report.exists()
    table = mutation.scores(verdicts)
    assert table["tactics"]["score"] == 50.0
    set_aside = mutation.run(
        [by_id[survives]], {survives: "a reason"}, jobs=1, timeout_factor=3, report=None, echo=False
    )
    assert [v.status for v in set_aside] == ["equivalent"]
    assert mutation.scores(set_aside)["tactics"]["score"] == 100.0


def test_a_run_pytest_could_not_finish_gives_no_verdict(
    mutation: ModuleType, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Only a failing test kills a mutant: pytest stopping otherwise (interrupted, a usage error) is
    reported as an error, counted nowhere."""
    monkeypatch.setitem(mutation.SELECTIONS, "tactics", ("tests/no_such_test_file.py",))
    checkout = tmp_path / "checkout"
    mutation._copy_checkout(checkout)
    mutant = mutation.game_mutants("tactics")[0]
    verdict = mutation.run_mutant(checkout, mutant, timeout=120)
    assert (verdict.status, verdict.failed) == ("error", "pytest exit status 4")
    assert mutation.scores([verdict])["tactics"]["mutants"] == 1
    assert mutation.scores([verdict])["tactics"]["killed"] == 0
    source = (mutation.ROOT / mutant.path).read_text(encoding="utf-8")
    assert (checkout / mutant.path).read_text(encoding="utf-8") == source  # put back


def test_a_mutant_that_fills_memory_is_killed_within_the_limit(
    mutation: ModuleType, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A mutant that makes the rules fill memory as they are imported (a ray that never leaves the
    board) hits the test run's address-space limit: the tests cannot be collected, and that kills the
    mutant. A test module asking for more than the limit at import stands in for it here."""
    monkeypatch.setattr(mutation, "MEMORY_LIMIT", 3 << 30)
    monkeypatch.setitem(mutation.SELECTIONS, "tactics", ("tests/test_hog.py",))
    checkout = tmp_path / "checkout"
    mutation._copy_checkout(checkout)
    (checkout / "tests" / "test_hog.py").write_text("HOG = bytearray(4 << 30)\n", encoding="utf-8")
    verdict = mutation.run_mutant(checkout, mutation.game_mutants("tactics")[0], timeout=300)
    assert (verdict.status, verdict.failed) == ("killed", "collection error")


def test_a_module_can_be_chosen_and_an_unknown_one_is_refused(
    mutation: ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    every = [m for m in mutation.game_mutants("tactics") if m.path == "shardgames/tactics/combat.py"]
    assert mutation.main(["--module", "tactics/combat", "--list"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[-1] == f"tactics: {len(every)} mutants"
    assert mutation.main(["--module", "tactics/combat.py", "--mutants", "2", "--list"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "tactics: 2 mutants"
    assert mutation.main(["--module", "tactics/nowhere", "--module", "chess/pawn", "--list"]) == 2
    assert "no rules module 'tactics/nowhere', 'chess/pawn'" in capsys.readouterr().err
    assert mutation.main(["--game", "sota", "--module", "tactics/combat", "--list"]) == 2
    with pytest.raises(SystemExit) as info:
        mutation.main(["--tests", '"unclosed', "--list"])
    assert info.value.code == 2


def test_the_survivors_of_a_report_are_run_again(
    mutation: ModuleType, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    first, second = mutation.game_mutants("tactics")[:2]
    report = tmp_path / "screen.json"
    report.write_text(
        f'[{{"id": "{first.id}", "status": "killed"}}, {{"id": "{second.id}", "status": "survived"}}]',
        encoding="utf-8",
    )
    assert mutation.main(["--survivors", str(report), "--list"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert (out[0], out[-1]) == (second.id, "tactics: 1 mutants")
    for text in ("\xff", "[1,", '{"id": 1}', '[{"status": "survived"}]', "[" * 100_000):
        report.write_bytes(text.encode("latin-1"))
        assert mutation.main(["--survivors", str(report), "--list"]) == 2
        err = capsys.readouterr().err
        assert "not a report" in err or "verdicts [0] have no mutant id" in err
    assert mutation.main(["--survivors", str(tmp_path / "missing.json"), "--list"]) == 2


def test_a_screen_runs_the_tests_given_instead_of_the_selection(
    mutation: ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    """The price of a second commander, screened against the one test that checks it."""
    free = "tactics/setup.py:warrior_price:boolean:commander and not has_commander->"
    killed = next(m.id for m in mutation.game_mutants("tactics") if m.id.startswith(free))
    test = "tests/tactics/test_setup.py -k dx15_a_second_commander_costs_8"
    assert mutation.main(["--only", killed, "--tests", test, "--fail-under", "100"]) == 0
    out = capsys.readouterr().out
    assert "tactics   100.0 %  killed 1, survived 0" in out
    assert f"screened against {test}" in out


def test_stopping_the_runs_kills_each_with_what_it_started(mutation: ModuleType, tmp_path: Path) -> None:
    """A test run may start processes of its own (the CLI tests do): stopping kills them too, and no
    run starts afterwards."""
    spawn = (
        "import subprocess, sys, time\n"
        "child = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(60)'])\n"
        "open('child.pid', 'w').write(str(child.pid))\n"
        "time.sleep(60)\n"
    )
    runs = mutation.RunningTests()
    process = runs.start([sys.executable, "-c", spawn], tmp_path, dict(os.environ))
    pid_file = tmp_path / "child.pid"
    deadline = time.monotonic() + 30
    while not (pid_file.exists() and pid_file.read_text()) and time.monotonic() < deadline:
        time.sleep(0.05)
    threading.Timer(0.1, runs.stop).start()
    status, _ = runs.finish(process, timeout=30)
    assert status == -signal.SIGKILL
    child = int(pid_file.read_text())
    while _alive(child) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not _alive(child)
    with pytest.raises(mutation.StoppedError):
        runs.start([sys.executable, "-c", "pass"], tmp_path, dict(os.environ))


def _alive(pid: int) -> bool:
    """Whether process `pid` runs (a zombie waiting for its parent counts as gone)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


@pytest.mark.skipif(not Path("/proc/self/cwd").exists(), reason="reads the working folders in /proc")
def test_sigterm_stops_a_run_like_ctrl_c_and_leaves_nothing_behind(
    mutation: ModuleType, tmp_path: Path
) -> None:
    """``kill`` while mutants are being tested: the test runs under way end, the scratch copies go, and
    the script says that the verdicts so far are kept. The two mutants change a deck problem's wording,
    which the setup tests do not read, so their runs last the whole file."""
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    wording = [m for m in mutation.game_mutants("sota") if m.id.startswith("sota/decks.py:_copies:")]
    first, second = wording[:2]
    command = [sys.executable, str(ROOT / "scripts" / "mutation.py"), "--only", first.id, "--only", second.id]
    command += ["--tests", "tests/sota/test_setup.py", "--fail-under", "0"]
    script = subprocess.Popen(
        command,
        env={**os.environ, "TMPDIR": str(scratch)},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert script.stdout is not None
    line = script.stdout.readline()
    assert "the unchanged tests take" in line, line
    deadline = time.monotonic() + 60
    while not _working_in(scratch):  # a mutant's run is under way
        assert time.monotonic() < deadline, "no mutant was run"
        time.sleep(0.02)
    script.send_signal(signal.SIGTERM)
    _, err = script.communicate(timeout=60)
    assert "interrupted: the verdicts so far are kept" in err
    assert not list(scratch.iterdir())
    assert not _working_in(scratch)


def _working_in(folder: Path) -> list[Path]:
    """The working folders, within `folder`, of the processes running now."""
    folders = []
    for proc in Path("/proc").iterdir():
        if proc.name.isdigit():
            with contextlib.suppress(OSError):  # gone, or not ours to read
                folders.append(Path(os.readlink(proc / "cwd")))
    return [cwd for cwd in folders if cwd.is_relative_to(folder)]
