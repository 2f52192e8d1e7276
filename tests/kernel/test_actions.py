from __future__ import annotations

import enum
from typing import ClassVar

import attrs
import pytest

from shardgames.kernel.actions import Action, ActionCodec, ActionFamily, Choice, IntRange, Maybe
from shardgames.kernel.errors import ActionCodecError


class Stat(enum.Enum):
    AGILITY = "agility"
    MAGIC = "magic"


@attrs.frozen
class Pass(Action):
    @property
    def is_noop(self) -> bool:
        return True


@attrs.frozen
class Move(Action):
    origin: int
    dest: int
    via: int | None


@attrs.frozen
class Choose(Action):
    stat: Stat


@attrs.frozen
class Roll(Action):
    is_chance: ClassVar[bool] = True
    face: int


def codec() -> ActionCodec:
    squares = IntRange(0, 4)
    return ActionCodec(
        [
            ActionFamily(Pass),
            ActionFamily(Move, origin=squares, dest=squares, via=Maybe(squares)),
            ActionFamily(Choose, stat=Choice(list(Stat))),
        ],
        chance_families=[ActionFamily(Roll, face=IntRange(1, 7))],
    )


def test_sizes_and_layout() -> None:
    c = codec()
    assert c.num_distinct_actions == 1 + 4 * 4 * 5 + 2
    assert c.max_chance_outcomes == 6
    assert c.size == 89
    assert c.action_types == (Pass, Move, Choose, Roll)
    assert c.describe()[1] == ("Move", 1, 80, ("origin", "dest", "via"))


def test_every_id_round_trips() -> None:
    c = codec()
    seen = set()
    for index in range(c.size):
        action = c.decode(index)
        assert c.encode(action) == index
        seen.add(action)
    assert len(seen) == c.size
    assert c.decode(c.num_distinct_actions) == Roll(1)


def test_mixed_radix_order() -> None:
    c = codec()
    assert c.encode(Pass()) == 0
    assert c.encode(Move(0, 0, None)) == 1
    assert c.encode(Move(0, 0, 0)) == 2
    assert c.encode(Move(0, 1, None)) == 6
    assert c.encode(Move(1, 0, None)) == 21
    assert c.sort([Choose(Stat.MAGIC), Pass(), Move(3, 3, 3)]) == (Pass(), Move(3, 3, 3), Choose(Stat.MAGIC))


def test_a_family_can_count_its_fields_in_another_order() -> None:
    squares = IntRange(0, 4)
    family = ActionFamily(
        Move, order=("via", "origin", "dest"), origin=squares, dest=squares, via=Maybe(squares)
    )
    assert family.index(Move(0, 1, None)) == 1
    assert family.index(Move(1, 0, None)) == 4
    assert family.index(Move(0, 0, 0)) == 16  # every move without `via` comes first
    assert all(family.action(family.index(m)) == m for m in (Move(3, 2, 1), Move(0, 3, None)))
    with pytest.raises(ValueError, match="order must name each of the fields"):
        ActionFamily(Move, order=("via", "origin"), origin=squares, dest=squares, via=Maybe(squares))


@pytest.mark.parametrize(
    ("bad", "message"),
    [
        (Move(9, 0, None), "outside this game's action space"),
        (Move(0, 0, -1), "outside"),
        (Choose("magic"), "outside"),  # type: ignore[arg-type]
        (Roll(7), "outside"),
    ],
)
def test_values_outside_the_space_are_rejected(bad: Action, message: str) -> None:
    with pytest.raises(ActionCodecError, match=message):
        codec().encode(bad)


def test_unknown_classes_and_ids_are_rejected() -> None:
    @attrs.frozen
    class Other(Action):
        pass

    c = codec()
    with pytest.raises(ActionCodecError, match="not an action of this game"):
        c.encode(Other())
    with pytest.raises(ActionCodecError, match="not hashable"):
        c.encode([1])  # type: ignore[arg-type]
    for bad in (-1, c.size, True, "3"):
        with pytest.raises(ActionCodecError, match="not an action id"):
            c.decode(bad)  # type: ignore[arg-type]


def test_families_must_cover_exactly_the_fields() -> None:
    with pytest.raises(ValueError, match="exactly the fields"):
        ActionFamily(Move, origin=IntRange(0, 2))
    with pytest.raises(ValueError, match="only one family"):
        ActionCodec([ActionFamily(Pass), ActionFamily(Pass)])


def test_domains() -> None:
    assert IntRange(2, 5).size == 3
    with pytest.raises(ValueError, match="not an int"):
        IntRange(0, 3).index(True)
    choice = Choice(["a", "b"])
    assert choice.index("b") == 1
    assert choice.value(0) == "a"
    with pytest.raises(ValueError, match="not one of"):
        choice.index("c")
    with pytest.raises(ValueError, match="not one of"):
        choice.index([])
    with pytest.raises(ValueError, match="distinct"):
        Choice(["a", "a"])
    maybe = Maybe(IntRange(0, 2))
    assert maybe.size == 3
    assert maybe.index(None) == 0
    assert maybe.value(2) == 1


def test_action_text_and_flags() -> None:
    assert str(Pass()) == "Pass"
    assert str(Move(0, 1, None)) == "Move(origin=0, dest=1, via=None)"
    assert Pass().is_noop
    assert not Move(0, 0, None).is_noop
    assert Roll.is_chance
    assert not Pass.is_chance
