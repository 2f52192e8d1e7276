from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from shardgames.kernel.errors import InvalidParameterError
from shardgames.kernel.params import (
    GAME_STRING_LIMIT,
    NESTING_LIMIT,
    bool_parameter,
    choice_parameter,
    format_game_string,
    format_value,
    int_parameter,
    parse_game_string,
    resolve_parameters,
    tuple_parameter,
)

PARAMETERS = (
    int_parameter("players", 2, "seats", low=2, high=6),
    int_parameter("cap", 400, "turn cap", low=1),
    bool_parameter("fast", False, "go fast"),
    choice_parameter("mode", "a", "a mode", ("a", "b")),
    tuple_parameter("decks", None, "decks", item=str, item_kind="deck name", min_length=2, max_length=6),
)


def test_defaults_and_conversion() -> None:
    values = resolve_parameters("g", PARAMETERS, {"players": 3, "fast": "TRUE", "decks": ["x", "y"]})
    assert values == {"players": 3, "cap": 400, "fast": True, "mode": "a", "decks": ("x", "y")}
    assert resolve_parameters("g", PARAMETERS, {})["decks"] is None


def test_every_problem_is_listed_with_the_valid_names() -> None:
    with pytest.raises(InvalidParameterError) as info:
        resolve_parameters(
            "g", PARAMETERS, {"players": 9, "cap": "x", "fast": 3, "mode": "c", "decks": ("x",), "typo": 1}
        )
    problems = info.value.problems
    assert len(problems) == 6
    assert problems[0] == "unknown parameter 'typo'; valid parameters are: players, cap, fast, mode, decks"
    assert "players: must be between 2 and 6, not 9 (expected int 2..6)" in problems
    assert any(p.startswith("cap: must be an int") for p in problems)
    assert any(p.startswith("mode: must be one of a, b") for p in problems)
    assert any("must have 2..6 items, not 1" in p for p in problems)
    assert str(info.value).startswith("6 problems in parameters of 'g':")


def test_tuple_items_are_checked() -> None:
    numbers = tuple_parameter("n", (1, 2), "numbers", item=int, item_kind="int")
    assert numbers.convert(5) == (5,)
    assert numbers.kind == "tuple of int"
    with pytest.raises(ValueError, match="item 1"):
        numbers.convert(("1", "x"))
    assert tuple_parameter("t", (), "t", item=str, item_kind="s", max_length=None).kind == "tuple of s"


def test_parse_game_strings() -> None:
    assert parse_game_string("sota") == ("sota", {})
    assert parse_game_string(" sota() ") == ("sota", {})
    assert parse_game_string("g(a=1,b=-2.5,c=true,d=None,e=word,f='two words',g=(x,(1,2),),h=[1])") == (
        "g",
        {
            "a": 1,
            "b": -2.5,
            "c": True,
            "d": None,
            "e": "word",
            "f": "two words",
            "g": ("x", (1, 2)),
            "h": (1,),
        },
    )
    assert parse_game_string("g(x=1e3)")[1] == {"x": 1000.0}


@pytest.mark.parametrize(
    "bad", ["", "g(", "g(a)", "g(a=1 b=2)", "g(a=1,a=2)", "g(a=1) extra", "(a=1)", "g(a=1"]
)
def test_bad_game_strings(bad: str) -> None:
    with pytest.raises(InvalidParameterError, match="name\\(key=value"):
        parse_game_string(bad)


values = st.recursive(
    st.one_of(
        st.integers(-(10**6), 10**6),
        st.booleans(),
        st.none(),
        st.text(alphabet=st.characters(categories=["L", "N", "P", "S", "Zs"]), max_size=8),
    ),
    lambda inner: st.lists(inner, max_size=3).map(tuple),
    max_leaves=6,
)


@given(params=st.dictionaries(st.from_regex(r"[a-z_][a-z0-9_]{0,6}", fullmatch=True), values, max_size=4))
def test_game_strings_round_trip(params: dict[str, object]) -> None:
    text = format_game_string("game", params)
    assert parse_game_string(text) == ("game", params)


def test_file_paths_round_trip_whatever_their_characters() -> None:
    """Card files are game parameters: their paths go through game strings."""
    for path in ("/tmp/é dir/Ash Hound's.toml", "C:\\decks\\ember.toml", "/data/日本/x.toml"):
        text = format_game_string("command", {"cards": (path,)})
        assert parse_game_string(text) == ("command", {"cards": (path,)})


def test_format_values() -> None:
    assert format_value(True) == "true"
    assert format_value(None) == "none"
    assert format_value(("a",)) == "(a,)"
    assert format_value("true") == "'true'"
    assert format_value("12") == "'12'"
    assert format_game_string("g", {}) == "g"


def test_game_strings_nest_up_to_the_limit_and_no_deeper() -> None:
    deepest = "g(a=" + "(" * NESTING_LIMIT + "1" + ")" * NESTING_LIMIT + ")"
    value: object = 1
    for _ in range(NESTING_LIMIT):
        value = (value,)
    assert parse_game_string(deepest) == ("g", {"a": value})
    with pytest.raises(InvalidParameterError, match=f"nested more than {NESTING_LIMIT} deep"):
        parse_game_string("sota(players=" + "(" * (GAME_STRING_LIMIT - 20))


def test_game_strings_over_the_length_limit_are_refused_unread() -> None:
    longest = "g(a='" + "x" * (GAME_STRING_LIMIT - 7) + "')"
    assert len(longest) == GAME_STRING_LIMIT
    assert parse_game_string(longest) == ("g", {"a": "x" * (GAME_STRING_LIMIT - 7)})
    with pytest.raises(InvalidParameterError, match="10,001 characters, more than the limit of 10,000"):
        parse_game_string(longest + " ")


@pytest.mark.parametrize("spec", [None, 123, b"sota", ("sota",)])
def test_a_game_string_must_be_a_str(spec: object) -> None:
    with pytest.raises(InvalidParameterError, match="game string: must be a str such as 'sota'"):
        parse_game_string(spec)  # type: ignore[arg-type]  # the point of the test
