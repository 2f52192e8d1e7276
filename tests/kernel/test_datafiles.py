"""Writing data files: TOML that reads back equal, names made from changes, files written once."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from shardgames.kernel.datafiles import changes_stem, toml_text, write_data_file

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
