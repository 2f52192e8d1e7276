"""Match records read back: every way a record file or its fields can be wrong gives a SerializationError."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest

import shardgames as sg
from shardgames.arena.match import RECORD_STEP_LIMIT
from shardgames.kernel.datafiles import DOCUMENT_LIMIT, PROBLEM_LIMIT


@pytest.fixture(scope="module")
def record_data() -> dict[str, Any]:
    return sg.play_match("embers", [sg.RandomAgent(), sg.RandomAgent()], seed=4).to_dict()


def problems_of(data: Any) -> tuple[str, ...]:
    with pytest.raises(sg.SerializationError) as info:
        sg.MatchRecord.from_dict(data)
    assert info.value.subject == "match record"
    return info.value.problems


def test_load_names_the_file_that_is_missing_a_folder_or_not_utf8(tmp_path: Path) -> None:
    missing = tmp_path / "missing.json"
    with pytest.raises(sg.SerializationError, match=r"missing\.json: cannot read the file: No such file"):
        sg.MatchRecord.load(missing)
    with pytest.raises(sg.SerializationError, match="cannot read the file: it is a folder, not a file"):
        sg.MatchRecord.load(tmp_path)
    latin1 = tmp_path / "latin1.json"
    latin1.write_bytes(b'{"agents": ["caf\xe9"]}')
    with pytest.raises(sg.SerializationError, match=r"latin1.json: not UTF-8 text: byte 16 \(line 1\)"):
        sg.MatchRecord.load(latin1)


def test_load_refuses_a_file_over_the_document_limit_unread(tmp_path: Path) -> None:
    path = tmp_path / "huge.json"
    with path.open("wb") as file:
        file.truncate(DOCUMENT_LIMIT + 1)  # a sparse file: nothing is written
    with pytest.raises(sg.SerializationError, match=r"huge.json: the file is too large: 64\.0 MiB"):
        sg.MatchRecord.load(path)


def test_load_names_the_file_whose_content_is_not_a_record(
    tmp_path: Path, record_data: dict[str, Any]
) -> None:
    path = tmp_path / "match.json"
    path.write_text(json.dumps({**record_data, "seed": -1}), encoding="utf-8")
    with pytest.raises(sg.SerializationError) as info:
        sg.MatchRecord.load(path)
    assert info.value.subject == str(path)
    assert info.value.problems == ("seed: must be an int from 0 to 2**64 - 1, not -1",)


def test_a_seed_of_thousands_of_digits_is_refused_by_the_json_reader() -> None:
    text = '{"game": "embers", "seed": ' + "7" * 5000 + "}"
    with pytest.raises(sg.SerializationError, match="match record: holds a number that cannot be read"):
        sg.MatchRecord.from_json(text)


@pytest.mark.parametrize("seed", [2**64, -1, 1.5, True, "7", None])
def test_a_seed_must_be_a_64_bit_int(record_data: dict[str, Any], seed: object) -> None:
    (problem,) = problems_of({**record_data, "seed": seed})
    assert problem.startswith("seed: must be an int from 0 to 2**64 - 1, not ")


def test_every_wrong_field_is_listed_at_once(record_data: dict[str, Any]) -> None:
    bad = {
        **record_data,
        "format": 9,
        "seed": "x",
        "agents": "random",
        "returns": [1.0, "a"],
        "winner": 2,
        "finished": "yes",
        "history": {"0": 1},
    }
    assert problems_of(bad) == (
        "format: this library reads format 1, the document has 9",
        "seed: must be an int from 0 to 2**64 - 1, not 'x'",
        "agents: must be a list of 2 names, one per seat, not 'random'",
        "returns: must be a list of 2 numbers, one per seat, not [1.0, 'a']",
        "winner: must be a seat from 0 to 1 or null, not 2",
        "finished: must be true or false, not 'yes'",
        "history: must be a list of actions, not {'0': 1}",
    )


@pytest.mark.parametrize(
    ("field", "value", "problem"),
    [
        ("agents", ["a"], "agents: must be a list of 2 names, one per seat, not ['a']"),
        ("agents", ["a", 3], "agents: must be a list of 2 names, one per seat, not ['a', 3]"),
        ("agents", ["a", "b" * 1001], "agents[1]: 1,001 characters, more than the limit of 1,000"),
        ("returns", [1.0], "returns: must be a list of 2 numbers, one per seat, not [1.0]"),
        ("returns", [True, 0.0], "returns: must be a list of 2 numbers, one per seat, not [True, 0.0]"),
        ("returns", [math.inf, 0.0], "returns: must be a list of 2 numbers, one per seat, not [inf, 0.0]"),
        ("returns", [5.0, -1.0], "returns: each is between -1.0 and 1.0 in embers, not [5.0, -1.0]"),
        ("winner", -1, "winner: must be a seat from 0 to 1 or null, not -1"),
        ("winner", True, "winner: must be a seat from 0 to 1 or null, not True"),
        ("winner", 0.0, "winner: must be a seat from 0 to 1 or null, not 0.0"),
        ("game", 3, "game: must be a game string such as 'sota', not 3"),
        ("game", "chess", "game: no game named 'chess'; registered games: "),
        ("game", "embers(players=9)", "game: players: must be between 2 and 4, not 9"),
    ],
)
def test_a_wrong_field_is_named(record_data: dict[str, Any], field: str, value: object, problem: str) -> None:
    problems = problems_of({**record_data, field: value})
    assert problems[0].startswith(problem)


def test_a_record_without_a_winner_field_is_refused(record_data: dict[str, Any]) -> None:
    data = {key: value for key, value in record_data.items() if key != "winner"}
    assert problems_of(data) == ("winner: missing; it is a seat from 0 to 1, or null for a draw",)


def test_an_unfinished_record_has_no_winner(record_data: dict[str, Any]) -> None:
    assert problems_of({**record_data, "finished": False, "winner": 0}) == (
        "finished: a match stopped before its end has no winner and returns of 0",
    )


def test_each_step_that_is_not_an_action_of_the_game_is_named(record_data: dict[str, Any]) -> None:
    history = [10**9, True, "Pass", None, {"type": "Castle"}, *record_data["history"][5:]]
    problems = problems_of({**record_data, "history": history})
    assert problems[0] == "history[0]: 1000000000 is not an action id; ids are 0..29"
    assert problems[1:4] == (
        "history[1]: must be an action or an action id, not True",
        "history[2]: must be an action or an action id, not 'Pass'",
        "history[3]: must be an action or an action id, not None",
    )
    assert problems[4].startswith("history[4]: ")
    assert len(problems) == 5


def test_checking_a_history_of_junk_stops_at_the_problem_limit(record_data: dict[str, Any]) -> None:
    problems = problems_of({**record_data, "history": [None] * (10 * PROBLEM_LIMIT)})
    assert len(problems) == PROBLEM_LIMIT + 1
    assert problems[-1].startswith("checking stopped here, at 1,000 problems")


def test_a_history_over_the_step_limit_is_refused_unread(record_data: dict[str, Any]) -> None:
    assert problems_of({**record_data, "history": [0] * (RECORD_STEP_LIMIT + 1)}) == (
        "history: 1,000,001 steps, more than the limit of 1,000,000",
    )


def test_a_good_record_still_reads_back_equal(record_data: dict[str, Any]) -> None:
    record = sg.MatchRecord.from_dict(record_data)
    assert record.to_dict() == record_data
    assert sg.MatchRecord.from_json(json.dumps(record_data).encode()) == record
