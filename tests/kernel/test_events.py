from __future__ import annotations

from typing import ClassVar

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from shardgames.kernel.events import Event, GameEnded, Log


@attrs.frozen
class Drew(Event):
    private_field: ClassVar[str] = "player"
    hidden_fields: ClassVar[tuple[str, ...]] = ("card",)
    player: int
    card: int | None


@attrs.frozen
class Rolled(Event):
    player: int
    face: int


def test_private_fields_are_censored_for_other_seats() -> None:
    event = Drew(1, 42)
    assert event.visible_to(1)
    assert not event.visible_to(0)
    assert event.censor(0) == Drew(1, None)
    assert event.censor(1) is event
    assert Rolled(0, 3).censor(1) == Rolled(0, 3)
    assert str(Rolled(0, 3)) == "Rolled(player=0, face=3)"


def test_game_ended_text() -> None:
    assert str(GameEnded((1.0, -1.0), 0, "deck empty")) == "game over: seat 0 wins (deck empty)"
    assert str(GameEnded((0.0, 0.0), None, "turn cap")) == "game over: draw (turn cap)"


def test_log_is_a_read_only_sequence() -> None:
    log: Log[int] = Log([1, 2, 3])
    assert len(log) == 3
    assert log[0] == 1
    assert log[-1] == 3
    assert list(log) == [1, 2, 3]
    assert log[1:] == [2, 3]
    assert log.since(1) == (2, 3)
    with pytest.raises(IndexError):
        log[3]
    with pytest.raises(IndexError):
        log[-4]
    with pytest.raises(TypeError):
        hash(log)
    assert log == Log([1, 2, 3])
    assert log != Log([1, 2])
    assert (log == [1, 2, 3]) is False
    assert repr(log) == "Log([1, 2, 3])"


@given(
    first=st.lists(st.integers(), max_size=5),
    second=st.lists(st.integers(), max_size=5),
    third=st.lists(st.integers(), max_size=5),
)
def test_forks_never_see_each_others_appends(first: list[int], second: list[int], third: list[int]) -> None:
    base: Log[int] = Log(first)
    fork = base.fork()
    for item in second:
        base.append(item)
    for item in third:
        fork.append(item)
    assert list(base) == first + second
    assert list(fork) == first + third
    again = fork.fork()
    again.append(7)
    assert list(fork) == first + third
    assert list(again) == [*first, *third, 7]
