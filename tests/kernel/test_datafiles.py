"""Data files: bad files refused with the reason, TOML that reads back equal, files written whole."""

from __future__ import annotations

import errno
import io
import json
import os
import tomllib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from shardgames.kernel.datafiles import (
    DATA_LIST_LIMIT,
    DATA_TEXT_LIMIT,
    changes_stem,
    parse_json,
    read_data_file,
    toml_text,
    write_data_file,
    write_text_atomic,
)
from shardgames.kernel.errors import CardError, SerializationError, WriteError

keys = st.text(min_size=1, max_size=8)
scalars = st.one_of(st.booleans(), st.integers(-(2**40), 2**40), st.text(max_size=20))
values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(keys, inner, max_size=3),
    max_leaves=12,
)
tables = st.dictionaries(keys, values, max_size=5)


@given(data=st.dictionaries(keys, st.lists(tables, min_size=1, max_size=3), max_size=3))
def test_toml_text_reads_back_equal(data: dict[str, Any]) -> None:
    assert tomllib.loads(toml_text(data)) == data


def test_toml_text_quotes_a_key_that_ends_in_a_newline() -> None:
    data = {"deck": [{"name\n": "ember"}]}
    assert tomllib.loads(toml_text(data)) == data


def test_toml_text_writes_tables_of_arrays_comments_and_long_lists() -> None:
    data = {"deck": [{"name": "ember", "cards": [f"card-{i}" for i in range(30)], "skip": None}]}
    text = toml_text(data, comment="A deck.\nSecond line.")
    assert text.startswith(
        '# A deck.\n# Second line.\n\n[[deck]]\nname = "ember"\ncards = [\n    "card-0",\n'
    )
    assert "skip" not in text
    assert tomllib.loads(text) == {"deck": [{"name": "ember", "cards": [f"card-{i}" for i in range(30)]}]}


def test_changes_stem_names_the_card_and_each_change() -> None:
    assert changes_stem("Ash Hound", {"force": 4}) == "ash-hound-force-4"
    assert (
        changes_stem("Vael, Kiln-Warden", {"magic": 5, "charisma": 7})
        == "vael-kiln-warden-magic-5-charisma-7"
    )
    assert changes_stem("Knight", {"effect": None}) == "knight-effect-none"
    assert len(changes_stem("x", {"text": "a" * 200})) == 80


def test_write_data_file_writes_once_and_never_overwrites_another_text(tmp_path: Path) -> None:
    first = write_data_file(tmp_path / "new", "card", "a = 1\n")
    assert first == (tmp_path / "new" / "card.toml").resolve()
    assert first.read_text() == "a = 1\n"
    stamp = first.stat().st_mtime_ns
    assert write_data_file(tmp_path / "new", "card", "a = 1\n") == first
    assert first.stat().st_mtime_ns == stamp  # the same text: left as it is
    other = write_data_file(tmp_path / "new", "card", "a = 2\n")
    assert other != first
    assert other.name.startswith("card-")
    assert other.suffix == ".toml"
    assert (first.read_text(), other.read_text()) == ("a = 1\n", "a = 2\n")
    assert write_data_file(tmp_path / "new", "card", "a = 2\n") == other
    assert sorted(p.name for p in (tmp_path / "new").iterdir()) == sorted([first.name, other.name])


# ---------------------------------------------------------------------- reading bad files


def _problems(path: Path, **kwargs: Any) -> tuple[str, ...]:
    with pytest.raises(CardError) as info:
        read_data_file(path, CardError, **kwargs)
    assert info.value.subject == str(path)
    return info.value.problems


def test_read_data_file_refuses_a_missing_file_and_a_folder(tmp_path: Path) -> None:
    assert _problems(tmp_path / "missing.toml") == ("cannot read the file: No such file or directory",)
    assert _problems(tmp_path) == ("cannot read the file: it is a folder, not a file",)


def test_read_data_file_names_the_first_byte_that_is_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "cards.toml"
    path.write_bytes(b'[[card]]\nname = "Caf\xe9"\n')
    assert _problems(path) == ("not UTF-8 text: byte 20 (line 2) is b'\\xe9'",)


def test_read_data_file_refuses_a_file_over_the_limit_before_reading_it(tmp_path: Path) -> None:
    path = tmp_path / "cards.toml"
    path.write_text("# " + "x" * 200 + "\n", encoding="utf-8")
    assert _problems(path, limit=100) == (
        "the file is too large: 203 bytes is more than the limit of 100 bytes",
    )


@pytest.mark.parametrize(
    ("suffix", "text"), [(".json", '{"a": ' + "[" * 100_000), (".toml", "a = " + "[" * 5000)]
)
def test_read_data_file_refuses_deep_nesting(tmp_path: Path, suffix: str, text: str) -> None:
    path = tmp_path / f"cards{suffix}"
    path.write_text(text, encoding="utf-8")
    assert _problems(path) == ("nested too deeply to be read",)


def test_read_data_file_refuses_lists_tables_and_texts_over_their_limits_naming_each(tmp_path: Path) -> None:
    path = tmp_path / "cards.json"
    data = {
        "deck": [{"name": "x" * (DATA_TEXT_LIMIT + 1), "cards": ["a"] * (DATA_LIST_LIMIT + 1)}],
        "card": [{"stats": dict.fromkeys(map(str, range(DATA_LIST_LIMIT + 1)), 1)}],
        "k" * (DATA_TEXT_LIMIT + 1): 1,
    }
    path.write_text(json.dumps(data), encoding="utf-8")
    assert _problems(path) == (
        "the file: a key of 1,001 characters, more than the limit of 1,000",
        "deck[0].name: 1,001 characters, more than the limit of 1,000",
        "deck[0].cards: 1,001 items, more than the limit of 1,000",
        "card[0].stats: 1,001 items, more than the limit of 1,000",
    )


def test_read_data_file_accepts_lists_and_texts_at_their_limits(tmp_path: Path) -> None:
    path = tmp_path / "cards.toml"
    data = {"deck": [{"name": "x" * DATA_TEXT_LIMIT, "cards": ["a"] * DATA_LIST_LIMIT}]}
    path.write_text(toml_text(data), encoding="utf-8")
    assert read_data_file(path, CardError) == data


def test_read_data_file_refuses_a_lone_surrogate(tmp_path: Path) -> None:
    path = tmp_path / "cards.json"
    path.write_text('{"card": [{"name": "ab\\ud800"}]}', encoding="utf-8")
    assert _problems(path) == ("card[0].name: not valid text: character 2 is a lone surrogate",)


@pytest.mark.parametrize(("suffix", "text"), [(".json", '{"a": 1%s}'), (".toml", "a = 1%s")])
def test_read_data_file_refuses_a_number_of_too_many_digits(tmp_path: Path, suffix: str, text: str) -> None:
    path = tmp_path / f"cards{suffix}"
    path.write_text(text % ("0" * 5000), encoding="utf-8")
    (problem,) = _problems(path)
    assert problem.startswith("holds a number that cannot be read: exceeds the limit")


def test_parse_json_refuses_a_number_of_too_many_digits() -> None:
    with pytest.raises(SerializationError, match="match record: holds a number that cannot be read"):
        parse_json('{"seed": ' + "7" * 5000 + "}", SerializationError, "match record")


def test_parse_json_refuses_deep_and_long_text() -> None:
    with pytest.raises(SerializationError, match="nested too deeply"):
        parse_json("[" * 100_000 + "]" * 100_000, SerializationError, "state JSON")
    with pytest.raises(SerializationError, match="more than the limit of 10 bytes"):
        parse_json("[1, 2, 3, 4, 5]", SerializationError, "state JSON", limit=10)
    assert parse_json(b'{"a": 1}', SerializationError, "state JSON") == {"a": 1}


# ---------------------------------------------------------------------- writing atomically


def test_write_text_atomic_replaces_the_file_whole(tmp_path: Path) -> None:
    path = write_text_atomic(tmp_path / "out.json", "first\n")
    assert path.read_text(encoding="utf-8") == "first\n"
    write_text_atomic(path, "second\n")
    assert path.read_text(encoding="utf-8") == "second\n"
    assert [p.name for p in tmp_path.iterdir()] == ["out.json"]  # no temporary file left behind


def test_write_text_atomic_keeps_the_old_file_when_a_write_fails_part_way(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "record.json"
    path.write_text("a good record\n", encoding="utf-8")

    class FullDisk(io.BufferedWriter):
        def write(self, data: Any) -> int:
            super().write(bytes(data)[:8])
            raise OSError(errno.ENOSPC, "No space left on device")

    real_fdopen = os.fdopen
    monkeypatch.setattr(os, "fdopen", lambda fd, mode: FullDisk(real_fdopen(fd, mode, buffering=0)))
    with pytest.raises(WriteError) as info:
        write_text_atomic(path, "a new record, longer than what fits\n")
    assert str(info.value) == f"cannot write {str(path)!r}: No space left on device"
    assert info.value.path == path
    assert path.read_text(encoding="utf-8") == "a good record\n"
    assert [p.name for p in tmp_path.iterdir()] == ["record.json"]


def test_write_text_atomic_names_the_path_it_cannot_write(tmp_path: Path) -> None:
    with pytest.raises(WriteError, match="No such file or directory") as info:
        write_text_atomic(tmp_path / "no" / "such" / "folder.json", "x")
    assert info.value.path == tmp_path / "no" / "such" / "folder.json"
    with pytest.raises(WriteError, match="it is a folder, not a file"):
        write_text_atomic(tmp_path, "x")
