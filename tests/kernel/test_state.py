from __future__ import annotations

from collections.abc import Iterable, Sequence

import attrs
import pytest
from embers import (
    Block,
    BlockOrTake,
    CardDrawn,
    DrawValue,
    EmbersState,
    Pass,
    Play,
    Roll,
    StartWith,
    TakeHit,
    TurnChoice,
)

import shardgames as sg
from shardgames.kernel import Action, ActionCodec, ActionFamily, Game, Prompt, State


def explicit() -> sg.State:
    return sg.load_game("embers(chance=explicit)").new_initial_state(seed=1)


def test_explicit_chance_leaves_the_chance_nodes_to_the_caller() -> None:
    state = explicit()
    assert state.current_player == sg.CHANCE
    assert state.is_chance_node()
    assert state.chance_outcomes() == ((StartWith(0), 0.5), (StartWith(1), 0.5))
    state.apply_action(StartWith(1))
    outcomes = dict(state.chance_outcomes())
    assert outcomes == {DrawValue(v): 0.2 for v in range(1, 6)}
    with pytest.raises(sg.IllegalActionError, match="chance node"):
        state.apply_action(Pass())
    state.apply_action(DrawValue(1))
    state.apply_action(DrawValue(1))
    assert state.chance_outcomes() == tuple((DrawValue(v), 0.25) for v in (2, 3, 4, 5))
    for value in (2, 5, 5, 3, 4):  # seat 0's last card, seat 1's three, seat 1's turn draw
        state.apply_action(DrawValue(value))
    assert state.current_player == 1
    assert isinstance(state.prompt, TurnChoice)
    with pytest.raises(sg.IllegalActionError, match="only be applied at a chance node"):
        state.apply_action(Roll(3))


def test_a_drawn_card_that_is_gone_is_illegal() -> None:
    state = explicit()
    state.apply_action(StartWith(0))
    state.apply_action(DrawValue(1))
    state.apply_action(DrawValue(1))
    with pytest.raises(sg.IllegalActionError, match="draw a 1: not one of the legal actions"):
        state.apply_action(DrawValue(1))


def test_illegal_actions_say_what_why_and_whose_turn() -> None:
    state = sg.load_game("embers").new_initial_state(seed=4)
    assert state.legal_actions() == (Pass(), Play(2, 0), Play(4, 0), Play(5, 0))
    with pytest.raises(sg.IllegalActionError) as info:
        state.apply_action(Play(3, 0))
    err = info.value
    assert err.player == 1
    assert err.action == Play(3, 0)
    assert str(err) == "illegal action play 3 at seat 0: seat 1 holds no card of value 3 (to act: seat 1)"
    assert isinstance(err, ValueError)
    with pytest.raises(sg.IllegalActionError, match="seat 1 is not an opponent"):
        state.apply_action(Play(1, 1))
    with pytest.raises(sg.IllegalActionError, match="not one of the legal actions"):
        state.apply_action(TakeHit())
    with pytest.raises(sg.IllegalActionError, match="not an action id"):
        state.apply_action(999)
    with pytest.raises(sg.IllegalActionError, match="str is not an Action"):
        state.apply_action("pass")  # type: ignore[arg-type]
    with pytest.raises(sg.IllegalActionError, match="outside this game's action space"):
        state.apply_action(Play(9, 0))
    assert state.is_legal(Pass())
    assert not state.is_legal(Play(3, 0))


def test_apply_returns_the_events_it_caused_including_automatic_steps() -> None:
    state = sg.load_game("embers").new_initial_state(seed=4)
    before = len(state.history)
    events = state.apply_action(Pass())
    assert events == state.events.since(len(state.events) - len(events))
    assert any(isinstance(e, CardDrawn) for e in events)  # the next turn's draw, sampled by itself
    assert len(state.history) > before + 1


def test_forced_no_op_moves_are_applied_and_logged() -> None:
    """E4: a seat whose only option is to take the hit takes it without being asked."""
    game = sg.load_game("embers")
    position = {
        "active": 0,
        "players": [{"hand": [5], "deck": [1, 1]}, {"hand": [1], "deck": [2, 2]}],
    }
    state = game.state_from_position(position, seed=0)
    state.reseed(sg.Rng(0))
    explicit_game = sg.load_game("embers(chance=explicit)")
    state = explicit_game.state_from_position(position)
    state.apply_action(Play(5, 1))
    state.apply_action(Roll(6))
    assert TakeHit() in state.history
    assert state.current_player == sg.CHANCE  # seat 1's turn starts with a draw
    assert state.view(0).embers == (3, 2)


def test_a_real_choice_is_always_presented() -> None:
    """E4: a block is a real choice even if it is the only block."""
    game = sg.load_game("embers(chance=explicit)")
    state = game.state_from_position(
        {"active": 0, "players": [{"hand": [5], "deck": [1]}, {"hand": [5], "deck": [2]}]}
    )
    state.apply_action(Play(5, 1))
    state.apply_action(Roll(2))
    assert state.current_player == 1
    assert state.legal_actions() == (TakeHit(), Block(5))


def test_turn_cap_ends_in_a_draw() -> None:
    game = sg.load_game("embers(max_turns=3)")
    state = game.new_initial_state(seed=2)
    while not state.is_terminal():
        state.apply_action(Pass())
    assert state.turn == 3
    assert state.winner is None
    assert state.returns() == (0.0, 0.0)
    assert "turn cap of 3" in str(state.events[-1])
    assert state.truncated
    assert state.events[-1].truncated
    again = game.state_from_json(state.to_json())
    assert again.truncated
    assert state.clone().truncated


def test_returns_and_winner() -> None:
    game = sg.load_game("embers(players=3,chance=explicit)")
    state = game.state_from_position(
        {
            "active": 0,
            "players": [{"hand": [5]}, {"embers": 1, "hand": []}, {"embers": 0}],
        }
    )
    assert state.returns() == (0.0, 0.0, 0.0)
    assert not state.is_terminal()
    assert not state.truncated
    assert state.winner is None
    state.apply_action(Play(5, 1))
    state.apply_action(Roll(6))
    assert state.is_terminal()
    assert not state.truncated
    assert state.winner == 0
    assert state.returns() == (1.0, -0.5, -0.5)
    assert state.current_player == sg.TERMINAL
    assert state.legal_actions() == ()
    assert not state.legal_action_mask().any()
    with pytest.raises(sg.IllegalActionError, match="the game is over"):
        state.apply_action(Pass())
    with pytest.raises(sg.ShardGamesError, match="needs a chance node"):
        state.chance_outcomes()
    with pytest.raises(sg.ShardGamesError, match="needs a chance node"):
        state.sample_chance_outcome(sg.Rng(1))


def test_unchecked_apply_and_reseed() -> None:
    game = sg.load_game("embers")
    a, b = game.new_initial_state(seed=3), game.new_initial_state(seed=3)
    a.apply_action(Pass())
    b.apply_action_unchecked(Pass())
    assert a == b
    b.reseed(99)
    assert a != b
    a.reseed(sg.Rng(99))
    assert a == b


def test_views_are_for_seats_only() -> None:
    state = sg.load_game("embers").new_initial_state(seed=3)
    with pytest.raises(sg.UsageError, match=r"seat 0\.\.1"):
        state.view(2)
    view = state.view(state.current_player)
    assert view.is_my_turn
    assert not view.is_terminal
    assert not view.is_chance_node
    assert view.legal_action_mask().sum() == len(state.legal_actions())


def test_resample_hidden_clears_history_and_keeps_the_view() -> None:
    state = sg.load_game("embers(players=3)").new_initial_state(seed=3)
    other = state.resample_hidden(0, 5)
    assert len(other.history) == 0
    assert len(other.events) == 0
    assert other.view(0) == state.view(0)


def test_unknown_cards_are_the_hidden_cards_a_seat_has_not_seen() -> None:
    state = sg.load_game("embers").new_initial_state(seed=3)
    unknown = set(state.unknown_cards(0))
    assert unknown.isdisjoint(state.hands[0])  # its own hand
    assert unknown >= set(state.hands[1]) | set(state.decks[0].cards()) | set(state.decks[1].cards())
    assert state.unknown_cards(1) != state.unknown_cards(0)
    assert sg.load_game("tactics").new_initial_state(seed=3).unknown_cards(0) == ()


def test_text_forms() -> None:
    state = sg.load_game("embers").new_initial_state(seed=3)
    assert str(state).startswith("Embers, turn 1,")
    assert repr(state).startswith("EmbersState(embers=[3, 3]")
    assert State.__repr__(state) == "<EmbersState of embers, turn 1, seat 0: choose a card to play, or pass>"
    assert str(sg.Prompt(0)) == "seat 0: Prompt"
    assert str(sg.Prompt(sg.CHANCE)) == "chance: Prompt"
    assert str(BlockOrTake(1, 0, 4)) == "seat 1: block the 4 of seat 0, or take the hit"
    assert State.__str__(state) == "embers turn 1: seat 0: choose a card to play, or pass"
    state_b = state.clone()
    assert (state == "x") is False
    assert state_b == state


# ---------------------------------------------------------------------- broken games


@attrs.frozen
class Go(Action):
    @property
    def is_noop(self) -> bool:
        return True


@attrs.frozen
class Ask(Prompt):
    pass


@attrs.define(eq=False)
class LoopState(State):
    mode: str = "loop"

    def _setup(self) -> None:
        self.set_prompt(Ask(0))

    def _legal_actions(self, prompt: Prompt) -> Iterable[Action]:
        return (Go(),)

    def _chance_outcomes(self, prompt: Prompt) -> Sequence[tuple[Action, int]]:
        raise AssertionError

    def _apply(self, prompt: Prompt, action: Action) -> None:
        if self.mode == "loop":
            self.set_prompt(Ask(0))


class LoopGame(Game):
    name = "loop"
    title = "Loop"
    state_type = LoopState
    prompt_types = (Ask,)

    def _make_codec(self) -> ActionCodec:
        return ActionCodec([ActionFamily(Go)])


def test_engine_bugs_are_reported_not_hidden(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("shardgames.kernel.state._SETTLE_GUARD", 50)
    with pytest.raises(sg.ShardGamesError, match="automatic steps in a row"):
        LoopGame().new_initial_state()
    state = LoopGame()._blank_state(0)
    assert isinstance(state, LoopState)
    state.mode = "stop"
    state._setup()
    with pytest.raises(sg.ShardGamesError, match="without a pending decision"):
        state._settle()


def test_hooks_a_game_leaves_out_say_so() -> None:
    state = LoopGame()._blank_state(0)
    for call in (lambda: State._setup(state), lambda: State._run_task(state, sg.kernel.Task())):
        with pytest.raises(NotImplementedError):
            call()
    with pytest.raises(NotImplementedError):
        LoopGame().observation_shape  # noqa: B018 - the property raises
    with pytest.raises(NotImplementedError, match="no position format"):
        LoopGame().state_from_position({})
    assert tuple(state._hidden_zones()) == ()


def test_default_copy_is_a_deep_copy() -> None:
    state = LoopGame().new_initial_state.__self__._blank_state(0)  # type: ignore[attr-defined]
    assert isinstance(state, LoopState)
    state._setup()
    copy = state.clone()
    assert copy == state
    assert copy is not state
    assert isinstance(EmbersState.__new__(EmbersState), EmbersState)
