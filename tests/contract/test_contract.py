"""The contract every registered game keeps, checked by random play with Hypothesis.

Each test runs over every registered game (with default parameters and the game's
`sample_configurations`); a new game gets all of this by registering. Seeds come from Hypothesis, so a
failure shrinks to the smallest seed that shows it and is replayed on the next run.
"""

from __future__ import annotations

import json
import math
import pickle

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from playing import configuration_params, configurations, play_to_end, random_play, random_step, sampled_steps

import shardgames as sg
from shardgames.kernel.actions import Action

CONFIGURATIONS = configurations()
seeds = st.integers(min_value=0, max_value=2**32 - 1)


@pytest.fixture(params=configuration_params())
def game(request: pytest.FixtureRequest) -> sg.Game:
    return sg.load_game(request.param)


def test_every_configuration_is_covered() -> None:
    assert "embers" in CONFIGURATIONS
    assert set(sg.list_games()) <= set(CONFIGURATIONS)


def test_game_string_round_trips(game: sg.Game) -> None:
    again = sg.load_game(str(game))
    assert again == game
    assert str(again) == str(game)
    assert pickle.loads(pickle.dumps(game)) == game
    assert game.num_distinct_actions > 0
    assert game.min_utility <= 0 <= game.max_utility


def test_every_game_bounds_its_length(game: sg.Game) -> None:
    """Adapters (OpenSpiel's max_game_length) need a bound on the decisions of a game."""
    bound = game.max_game_length
    assert isinstance(bound, int)
    assert bound > 0


@given(seed=seeds)
def test_random_play_never_raises_and_always_ends(game: sg.Game, seed: int) -> None:
    """E1, E4, E8: one actor at a time, real choices only, and every game ends, within its bound."""
    steps = 0
    for steps, state in enumerate(random_play(game, seed)):  # noqa: B007 - steps is read after the loop
        player = state.current_player
        legal = state.legal_actions()
        if state.is_terminal():
            assert player == sg.TERMINAL
            assert legal == ()
            break
        assert player == sg.CHANCE or 0 <= player < game.num_players
        assert legal, "a game in progress always has an action"
        assert state.prompt is not None
        assert state.prompt.player == player
        if player >= 0:
            assert not (len(legal) == 1 and legal[0].is_noop), "a forced no-op was not applied (E4)"
            assert not any(a.is_chance for a in legal)
        else:
            assert all(a.is_chance for a in legal)
        assert list(legal) == sorted(legal, key=game.encode), "legal actions come in id order"
        assert len(set(legal)) == len(legal)
    assert state.is_terminal()
    assert steps < 1_000_000
    decisions = sum(not action.is_chance for action in state.history)
    assert decisions <= game.max_game_length, "the game took more decisions than its bound"
    returns = state.returns()
    assert len(returns) == game.num_players
    assert all(game.min_utility <= r <= game.max_utility for r in returns)
    if state.winner is not None:
        assert returns[state.winner] == max(returns)
    assert isinstance(state.events[-1], sg.kernel.GameEnded)
    assert state.truncated == state.events[-1].truncated
    if state.truncated:
        assert state.winner is None
        assert "turn cap" in state.events[-1].reason


@given(seed=seeds)
def test_every_legal_action_is_accepted(game: sg.Game, seed: int) -> None:
    for step, state in enumerate(random_play(game, seed)):
        if not sampled_steps(step):
            continue
        before = len(state.events)
        for action in state.legal_actions()[:40]:
            assert state.is_legal(action)
            state.check_action(action)
            assert state.is_legal(game.encode(action))
            branch = state.clone()
            caused = branch.apply_action(action)
            assert caused == branch.events.since(before)
            assert branch.history[len(state.history)] == action


def _illegal_candidates(state: sg.State, rng: sg.Rng) -> list[object]:
    game = state.game
    legal_ids = {game.encode(a) for a in state.legal_actions()}
    candidates: list[object] = [-1, game.codec.size, True, None, "pass", 2.5, object()]
    others = [i for i in range(game.codec.size) if i not in legal_ids]
    for _ in range(min(12, len(others))):
        index = rng.choice(others)
        candidates += [index, game.decode(index)]
    return candidates


@given(seed=seeds)
def test_illegal_actions_are_rejected_and_change_nothing(game: sg.Game, seed: int) -> None:
    rng = sg.Rng(seed)
    for step, state in enumerate(random_play(game, seed)):
        if not sampled_steps(step):
            continue
        snapshot, text = state.clone(), state.to_json()
        for candidate in _illegal_candidates(state, rng):
            with pytest.raises(sg.IllegalActionError) as info:
                state.apply_action(candidate)  # type: ignore[arg-type]
            assert info.value.player == state.current_player
            assert str(info.value)
            assert not state.is_legal(candidate)  # type: ignore[arg-type]
        assert state == snapshot
        assert state.to_json() == text
    final = state
    with pytest.raises(sg.IllegalActionError, match="over"):
        final.apply_action(0)


@given(seed=seeds)
def test_same_seed_and_actions_give_the_same_game(game: sg.Game, seed: int) -> None:
    first = play_to_end(game, seed)
    second = play_to_end(game, seed)
    assert list(first.history) == list(second.history)
    assert list(first.events) == list(second.events)
    assert first.to_json() == second.to_json()
    assert first == second


@given(seed=seeds)
def test_clone_and_json_round_trips_are_exact(game: sg.Game, seed: int) -> None:
    rng = sg.Rng(sg.derive_seed(seed, 99))
    state = game.new_initial_state(seed)
    step = 0
    while True:
        if sampled_steps(step) or state.is_terminal():
            text = state.to_json()
            copy = state.clone()
            assert copy == state
            restored = game.state_from_json(text)
            assert restored == state
            assert restored.to_json() == text
            assert restored.legal_actions() == state.legal_actions()
            assert restored.current_player == state.current_player
            json.loads(text)  # plain JSON
            if state.is_terminal():
                break
            # The copies are independent: moving one leaves the other as it was.
            action = random_step(copy, sg.Rng(step))
            assert state.to_json() == text
            restored.apply_action(action)
            assert restored.to_json() == copy.to_json()
        if state.is_terminal():
            break
        random_step(state, rng)
        step += 1


@given(seed=seeds)
def test_replay_reproduces_the_state(game: sg.Game, seed: int) -> None:
    final = play_to_end(game, seed)
    assert game.replay(seed, list(final.history)) == final
    assert game.replay(seed, [game.encode(a) for a in final.history]) == final
    cut = len(final.history) // 2
    middle = game.replay(seed, list(final.history)[:cut])
    assert list(middle.history) == list(final.history)[: len(middle.history)]


@given(seed=seeds)
def test_content_used_names_each_seat_s_content_once_and_only_grows(game: sg.Game, seed: int) -> None:
    """What a seat used (for balance analysis): one tuple of names per seat, no name twice, and what
    was used stays used, in the same order."""
    previous: tuple[tuple[str, ...], ...] | None = None
    for step, state in enumerate(random_play(game, seed)):
        if not (step % 40 == 0 or state.is_terminal()):
            continue
        used = state.content_used()
        assert isinstance(used, tuple)
        assert len(used) == game.num_players
        for names in used:
            assert isinstance(names, tuple)
            assert all(isinstance(name, str) and name for name in names)
            assert len(set(names)) == len(names)
        if previous is not None:
            assert all(now[: len(before)] == before for before, now in zip(previous, used, strict=True))
        previous = used
    assert isinstance(game.content_kind, str)
    assert game.content_kind


@given(seed=seeds)
def test_codec_ids_round_trip_and_the_ids_and_the_mask_match(game: sg.Game, seed: int) -> None:
    n = game.num_distinct_actions
    for step, state in enumerate(random_play(game, seed)):
        if not sampled_steps(step):
            continue
        legal = state.legal_actions()
        for action in legal:
            index = game.encode(action)
            assert game.decode(index) == action
            assert (index >= n) == action.is_chance
        assert state.legal_action_ids() == tuple(game.encode(a) for a in legal)  # the same order
        mask = state.legal_action_mask()
        assert mask.shape == (n,)
        assert mask.dtype == np.bool_
        if state.current_player >= 0:
            assert sorted(np.flatnonzero(mask)) == sorted(game.encode(a) for a in legal)
        else:
            assert not mask.any()


@given(seed=seeds)
def test_states_and_views_render_at_every_step(game: sg.Game, seed: int) -> None:
    """Text, HTML and action descriptions draw on what they are given, for any position of play.

    A seat's drawing depends on its view alone: the same view after its hidden cards are dealt again
    draws the same.
    """
    rng = sg.Rng(seed)
    for step, state in enumerate(random_play(game, seed)):
        if not sampled_steps(step):
            continue
        assert str(state)
        assert state.to_html().strip().startswith("<")
        for seat in range(game.num_players):
            view = state.view(seat)
            again = state.resample_hidden(seat, rng.spawn()).view(seat)
            assert str(again) == str(view)
            assert again.to_html() == view.to_html()
            described = [view.describe_action(a) for a in view.legal_actions]
            assert all(described)
            assert [again.describe_action(a) for a in again.legal_actions] == described


@given(seed=seeds)
def test_views_never_leak_and_sample_consistently(game: sg.Game, seed: int) -> None:
    rng = sg.Rng(seed)
    for step, state in enumerate(random_play(game, seed)):
        if not sampled_steps(step):
            continue
        for seat in range(game.num_players):
            view = state.view(seat)
            # Dealing again every card this seat does not know must not change what it sees.
            resampled = state.resample_hidden(seat, rng.spawn())
            assert resampled.view(seat) == view
            tensor = state.observation_tensor(seat)
            assert tensor.shape == game.observation_shape
            assert tensor.dtype == np.float32
            assert np.isfinite(tensor).all()
            assert np.array_equal(resampled.observation_tensor(seat), tensor)
            # A determinisation looks exactly like the view it came from, and plays on.
            sample = view.sample_state(rng.spawn())
            assert sample.view(seat) == view
            if seat == state.current_player:
                assert sample.legal_actions() == state.legal_actions()
            play_rng = rng.spawn()
            for _ in range(30):
                if sample.is_terminal():
                    break
                random_step(sample, play_rng)
            if seat == state.current_player:
                assert view.legal_actions == state.legal_actions()
                assert view.is_my_turn
            else:
                assert view.legal_actions == ()


@given(seed=seeds)
def test_explicit_chance_mode_lists_outcomes_with_probabilities(game: sg.Game, seed: int) -> None:
    explicit = sg.load_game(str(game), chance="explicit")
    rng = sg.Rng(seed)
    state = explicit.new_initial_state(seed)
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert outcomes
            assert math.isclose(sum(p for _, p in outcomes), 1.0)
            assert all(p > 0 for _, p in outcomes)
            assert tuple(a for a, _ in outcomes) == state.legal_actions()
            assert all(isinstance(a, Action) and a.is_chance for a, _ in outcomes)
        else:
            with pytest.raises(sg.ShardGamesError):
                state.chance_outcomes()
        random_step(state, rng)
    assert explicit.replay(seed, list(state.history)) == state


@given(seed=seeds)
def test_a_fast_chance_draw_is_the_listed_draw(game: sg.Game, seed: int) -> None:
    """A game's own chance sampler (the `_sample_chance` hook, a speed-up) draws, from a generator in
    the same state, exactly the outcome the kernel draws from the listed outcomes and their weights:
    the shortcut changes how fast a game runs, never which game is played."""
    explicit = sg.load_game(str(game), chance="explicit")
    rng = sg.Rng(seed)
    state = explicit.new_initial_state(seed)
    while not state.is_terminal():
        if state.is_chance_node():
            prompt = state._prompt
            assert prompt is not None
            for k in range(3):
                fast = state._sample_chance(prompt, sg.Rng(k))
                assert fast is None or fast == state._draw_listed(prompt, sg.Rng(k))
        random_step(state, rng)


@given(seed=seeds)
def test_everything_reads_as_text(game: sg.Game, seed: int) -> None:
    for step, state in enumerate(random_play(game, seed)):
        if not sampled_steps(step):
            continue
        assert str(state).strip()
        assert repr(state)
        for action in state.legal_actions():
            assert str(action).strip()
    for event in state.events:
        assert str(event).strip()
        for seat in range(game.num_players):
            assert str(event.censor(seat)).strip()
