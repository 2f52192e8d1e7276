from __future__ import annotations

import pytest

import shardgames as sg
from shardgames.kernel.errors import DataError, MissingExtraError, require_extra


def test_the_family_tree() -> None:
    for cls in (
        sg.IllegalActionError,
        sg.InvalidParameterError,
        sg.PositionError,
        sg.DeckError,
        sg.CardError,
    ):
        assert issubclass(cls, sg.ShardGamesError)
        assert issubclass(cls, ValueError)
    assert issubclass(sg.ReplayError, sg.ShardGamesError)
    assert issubclass(MissingExtraError, ImportError)


def test_one_problem_reads_as_one_line() -> None:
    assert (
        str(sg.DeckError("deck 'ember'", ["52 cards at most, got 53"]))
        == "deck 'ember': 52 cards at most, got 53"
    )


def test_a_data_error_needs_a_problem() -> None:
    with pytest.raises(ValueError, match="at least one problem"):
        DataError("x", [])


def test_illegal_action_messages_name_the_actor() -> None:
    assert "to act: chance" in str(sg.IllegalActionError("a", "why", sg.CHANCE))
    assert "to act: nobody, the game is over" in str(sg.IllegalActionError("a", "why", sg.TERMINAL))


def test_require_extra_names_the_extra() -> None:
    assert require_extra("json", extra="cli", feature="x").dumps([]) == "[]"
    with pytest.raises(MissingExtraError, match=r"pip install 'shardgames\[plot\]'") as info:
        require_extra("no_such_module.sub", extra="plot", feature="plotting")
    assert info.value.extra == "plot"
    assert "needs the optional package 'no_such_module'" in str(info.value)
