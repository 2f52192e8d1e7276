from __future__ import annotations

import pickle

import pytest

import shardgames as sg
import shardgames.cli  # its own error class joins the family
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


def _every_error_class() -> list[type[sg.ShardGamesError]]:
    found: list[type[sg.ShardGamesError]] = []
    todo: list[type[sg.ShardGamesError]] = [sg.ShardGamesError]
    while todo:
        cls = todo.pop()
        found.append(cls)
        todo += cls.__subclasses__()
    carry_records = {"AgentError", "TournamentError"}  # tests/test_faults.py pickles them from real failures
    return sorted(
        {cls for cls in found if cls.__qualname__ not in carry_records}, key=lambda cls: cls.__qualname__
    )


# The errors whose constructors take more than a message, with arguments to build one.
_ARGUMENTS: dict[str, tuple[object, ...]] = {
    "IllegalActionError": ("play 3", "no such card in hand", 1),
    "WriteError": ("/no/such/dir/out.json", "no such directory"),
    "MissingExtraError": ("plotting", "plot", "matplotlib"),
}


@pytest.mark.parametrize("cls", _every_error_class(), ids=lambda cls: cls.__qualname__)
def test_every_error_pickles_with_what_it_carries(cls: type[sg.ShardGamesError]) -> None:
    if cls.__qualname__ in _ARGUMENTS:
        error = cls(*_ARGUMENTS[cls.__qualname__])
    elif issubclass(cls, DataError):
        error = cls("deck 'ember'", ["52 cards at most, got 53", "no card 'Spark'"])
    else:
        error = cls("something went wrong")
    copy = pickle.loads(pickle.dumps(error))
    assert type(copy) is cls
    assert (str(copy), copy.args, vars(copy)) == (str(error), error.args, vars(error))
