"""Declared state: the fields of a table make the state's copy, the view and the copy back from a view."""

from __future__ import annotations

import pickle
from collections.abc import Iterable, Sequence
from typing import Any

import attrs
import pytest
from embers import EmbersState, EmbersTable, EmbersView

import shardgames as sg
from shardgames.kernel import (
    Action,
    ActionCodec,
    ActionFamily,
    Game,
    Hand,
    Prompt,
    State,
    Table,
    View,
    fields,
    state_class,
    view_class,
)
from shardgames.kernel.fields import declared_fields


@attrs.frozen
class Tick(Action):
    pass


@attrs.frozen
class Ask(Prompt):
    pass


@attrs.define
class Tally:
    """A mutable object held by a custom field: its count is public, its note is not."""

    count: int = 0
    note: str = ""


class LedgerTable(Table):
    __slots__ = ()
    round = fields.value(0, doc="The round.")
    leader = fields.value(None, of=int | None, doc="The leading seat, once there is one.")
    scores = fields.flat(int, default=lambda: [0, 0], doc="Each seat's score.")
    piles = fields.nested(int, default=lambda: [[], []], doc="Each seat's pile.")
    hands = fields.hands(doc="Each seat's hand.")
    secret = fields.hidden(lambda: [7], of=list[int], copy=list.copy, doc="What nobody sees.")
    tally = fields.custom(
        Tally,
        of=Tally,
        copy=lambda t: Tally(t.count, t.note),
        freeze=lambda t, state, player: t.count,
        thaw=lambda count: Tally(count, "unknown"),
        doc="A count everyone sees, with a note nobody does.",
    )


@state_class
class LedgerState(State, LedgerTable):
    def _setup(self) -> None:
        self.hands = [Hand(0, [1, 2]), Hand(1, [3])]
        self.set_prompt(Ask(0))

    def _legal_actions(self, prompt: Prompt) -> Iterable[Action]:
        return (Tick(),)

    def _chance_outcomes(self, prompt: Prompt) -> Sequence[tuple[Action, int]]:
        raise AssertionError

    def _apply(self, prompt: Prompt, action: Action) -> None:
        self.round += 1
        self.set_prompt(Ask(self.round % 2))

    def _view(self, player: int) -> LedgerView:
        return LedgerView.from_state(self, player, note=f"seat {player}")


@view_class
class LedgerView(View, LedgerTable):
    note: str


class LedgerGame(Game):
    name = "ledger"
    title = "Ledger"
    state_type = LedgerState
    prompt_types = (Ask,)

    def _make_codec(self) -> ActionCodec:
        return ActionCodec([ActionFamily(Tick)])


def _state() -> LedgerState:
    state = LedgerGame().new_initial_state(seed=3)
    assert isinstance(state, LedgerState)
    state.scores[1] = 5
    state.piles[0].append(9)
    state.tally.count, state.tally.note = 2, "two"
    return state


def test_fields_are_declared_in_order_with_their_kinds() -> None:
    kinds = [(field.name, field.kind.name) for field in declared_fields(LedgerTable)]
    assert kinds == [
        ("round", "value"),
        ("leader", "value"),
        ("scores", "flat"),
        ("piles", "nested"),
        ("hands", "zones"),
        ("secret", "hidden"),
        ("tally", "custom"),
    ]
    assert [f.name for f in attrs.fields(LedgerState)] == [f.name for f in declared_fields(LedgerTable)]


def test_a_new_state_has_the_declared_defaults() -> None:
    state = LedgerGame().new_initial_state(seed=3)
    assert isinstance(state, LedgerState)
    assert (state.round, state.leader, state.scores, state.piles, state.secret) == (
        0,
        None,
        [0, 0],
        [[], []],
        [7],
    )
    assert state.tally == Tally()


def test_a_clone_copies_every_mutable_field_and_shares_nothing() -> None:
    state = _state()
    other = state.clone()
    assert other == state
    other.scores[0] = 1
    other.piles[0].append(1)
    other.hands[0].remove(1)
    other.secret.append(1)
    other.tally.count = 9
    assert state.scores == [0, 5]
    assert state.piles == [[9], []]
    assert list(state.hands[0]) == [1, 2]
    assert state.secret == [7]
    assert state.tally.count == 2


def test_the_view_holds_visible_fields_frozen_and_censored() -> None:
    view = _state().view(1)
    assert isinstance(view, LedgerView)
    assert (view.round, view.leader, view.scores, view.piles) == (0, None, (0, 5), ((9,), ()))
    assert view.hands[0].cards == (None, None)  # seat 0's hand, seen from seat 1
    assert view.hands[1].cards == (3,)
    assert view.unknown == ((1, 2), ())
    assert view.tally == 2
    assert view.note == "seat 1"
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        view.round = 3  # type: ignore[misc]


def test_a_hidden_field_never_reaches_a_view() -> None:
    view = _state().view(0)
    assert "secret" not in {f.name for f in attrs.fields(LedgerView)}
    with pytest.raises(AttributeError, match="hidden from views"):
        view.secret  # noqa: B018 - reading it is the test
    assert "7" not in repr(view).replace("seat", "")


def test_a_sampled_state_copies_the_view_back_and_deals_the_unknown_cards() -> None:
    state = _state()
    view = state.view(1)
    for seed in range(5):
        sample = view.sample_state(seed)
        assert isinstance(sample, LedgerState)
        assert sample.view(1) == view
        assert (sample.round, sample.scores, sample.piles) == (0, [0, 5], [[9], []])
        assert sorted(sample.hands[0]) == [1, 2]
        assert sample.secret == [7]  # the declared default, not the state's value
        assert sample.tally == Tally(2, "unknown")


def test_declared_states_pickle_and_round_trip_through_json() -> None:
    state = _state()
    assert pickle.loads(pickle.dumps(state)) == state
    sg.register_game(LedgerGame)
    try:
        assert state.game.state_from_json(state.to_json()) == state
    finally:
        sg.unregister_game("ledger")


def test_the_generated_code_is_plain_python() -> None:
    source = LedgerState._copy_into.__source__  # type: ignore[attr-defined]
    assert "other.scores = self.scores.copy()" in source
    assert "other.hands = [z.clone() for z in self.hands]" in source
    assert "secret" not in LedgerView.from_state.__source__  # type: ignore[attr-defined]


def test_embers_declares_its_state_once() -> None:
    declared = {field.name for field in declared_fields(EmbersTable)}
    assert declared == {"embers", "hands", "decks", "discards", "active"}
    assert {f.name for f in attrs.fields(EmbersState)} == declared
    assert declared | {"unknown"} <= {f.name for f in attrs.fields(EmbersView)}
    state = sg.load_game("embers(players=3)").new_initial_state(seed=2)
    assert list(state._hidden_zones()) == [*state.hands, *state.decks]


def test_misdeclared_tables_are_refused() -> None:
    with pytest.raises(TypeError, match="needs its type"):
        fields.value(None)

    with pytest.raises(TypeError, match="inherits no declared field"):

        @state_class
        class Bare(State):
            pass

    with pytest.raises(TypeError, match="declare every field on its table"):

        @state_class
        class Extra(State, LedgerTable):
            more: int = 0

    with pytest.raises(TypeError, match="declared on the table"):

        @view_class
        class Again(View, LedgerTable):
            scores: Any

    class LooseTable(Table):  # no __slots__: its states would carry a __dict__
        round = fields.value(0)

    with pytest.raises(TypeError, match="inherits LooseTable without __slots__"):

        @state_class
        class Loose(State, LooseTable):
            pass

    with pytest.raises(TypeError, match="inherits LooseTable without __slots__"):

        @view_class
        class LooseView(View, LooseTable):
            pass


@pytest.mark.parametrize("name", ["embers", "sota", "tactics", "command"])
def test_states_and_views_hold_their_values_in_slots(name: str) -> None:
    """No state or view carries a __dict__: nothing can be set on one that a clone or JSON would drop."""
    state = sg.load_game(name).new_initial_state(seed=1)
    for obj in (state, state.clone(), state.view(0)):
        assert not hasattr(obj, "__dict__"), type(obj).__name__
        with pytest.raises(AttributeError):
            obj.stray = 1  # type: ignore[attr-defined]
