"""Invariants of copies, views and loading, checked by random play over every registered game.

The contract suite (`test_contract.py`) checks the rules machinery; this module checks what surrounds it:
every way of copying a state (clone, `copy.copy`, `copy.deepcopy`, pickle, JSON) gives an equal state
that works and is independent of the original; views, games, actions and records pickle exactly; a
determinisation looks the same to its seat in every form (the view, its text, HTML and tensor); any
generator (an `sg.Rng`, an int seed, a NumPy ``Generator``) is taken wherever one is; an action of another
game is refused; the turn cap holds; and a state computes the same things in a freshly loaded game after
many other games have come and gone.

Each test runs a handful of seeded games per configuration by default. Set ``SHARDGAMES_LONG=1`` for
many more (see ``tests/conftest.py``); the totals of games and checks are printed at the end of the run.
"""

from __future__ import annotations

import ast
import copy
import gc
import pickle
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from playing import CHECKS, configuration_params, configurations, random_play, random_step

import shardgames as sg

CONFIGURATIONS = configurations()
seeds = st.integers(min_value=0, max_value=2**32 - 1)
GAMES = max(2, settings.default.max_examples // 5)
"""Games per configuration: 2 in the default run, 40 with ``SHARDGAMES_LONG=1``."""


def _checked(step: int, state: sg.State) -> bool:
    """Whether the (costly) checks run at this step: the first four, every 50th and the last."""
    return step < 4 or step % 50 == 0 or state.is_terminal()


@pytest.fixture(params=configuration_params())
def game(request: pytest.FixtureRequest) -> sg.Game:
    return sg.load_game(request.param)


def _pickled(value: object) -> object:
    return pickle.loads(pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL))


COPIES: dict[str, Callable[[sg.State], object]] = {
    "clone": sg.State.clone,
    "copy.copy": copy.copy,
    "copy.deepcopy": copy.deepcopy,
    "pickle": _pickled,
    "pickle protocol 2": lambda state: pickle.loads(pickle.dumps(state, protocol=2)),
    "JSON": lambda state: state.game.state_from_json(state.to_json()),
}


def _check_copies(state: sg.State, rng: sg.Rng) -> None:
    """Every kind of copy is equal, works as the original does, and moves on its own."""
    text = state.to_json()
    legal = state.legal_actions()
    for kind, make in COPIES.items():
        other = make(state)
        assert isinstance(other, type(state)), kind
        assert other == state, kind  # every field, the history and the events included
        assert other.legal_actions() == legal, kind
        assert other.current_player == state.current_player, kind
        assert other.returns() == state.returns(), kind
        if not state.is_terminal():
            action = random_step(other, rng.clone())
            assert state.to_json() == text, f"{kind}: moving the copy changed the original"
            again = state.clone()
            again.apply_action(action)
            assert other == again, f"{kind}: the copy played on differently from the original"
        CHECKS[f"state copy ({kind})"] += 1
    for action in legal[:8]:
        assert _pickled(action) == action
        assert copy.deepcopy(action) == action
        CHECKS["action pickle and deepcopy"] += 1


def _check_views(state: sg.State, rng: sg.Rng) -> None:
    """Each seat's view copies exactly, and determinisations from any generator look the same to it."""
    game = state.game
    for seat in range(game.num_players):
        view = state.view(seat)
        for kind, make in (("pickle", _pickled), ("copy.deepcopy", copy.deepcopy)):
            assert make(view) == view, kind
        CHECKS["view pickle and deepcopy"] += 1
        sample = view.sample_state(_any_generator(rng))
        resampled = state.resample_hidden(seat, _any_generator(rng))
        for dealt in (sample, resampled):  # a deal is a consistent state: it passes the state checks
            assert game.state_from_json(dealt.to_json()) == dealt
        CHECKS["deals pass the state checks"] += 1
        seen = sample.view(seat)
        assert seen == view
        assert str(seen) == str(view), "a determinisation changed the view's text: it names a hidden card"
        assert seen.to_html() == view.to_html(), "a determinisation changed the view's HTML"
        assert np.array_equal(seen.observation_tensor(), view.observation_tensor()), "it changed the tensor"
        CHECKS["determinisation (view, text, HTML, tensor)"] += 1
        if view.is_my_turn:
            for agent in (sg.RandomAgent(), sg.MCTSAgent(simulations=2)):
                assert agent.act(view, _any_generator(rng)) in view.legal_actions
                CHECKS["agent act with any generator"] += 1


def _any_generator(rng: sg.Rng) -> sg.RngLike:
    """An `sg.Rng`, an int seed or a NumPy ``Generator``, in turn at random: all are taken alike."""
    kind = rng.randrange(3)
    if kind == 0:
        return rng.spawn()
    seed = rng.randrange(2**32)
    return seed if kind == 1 else np.random.default_rng(seed)


def _check_foreign_action(state: sg.State, foreign: tuple[sg.Action, ...]) -> None:
    """An action of another game is refused, whatever it is, and changes nothing."""
    if state.is_terminal():
        return
    text = state.to_json()
    for action in foreign:
        if type(action) in state.game.codec.action_types:
            continue  # the same class can belong to two games (a Pass): it is checked as an action here
        with pytest.raises(sg.IllegalActionError):
            state.apply_action(action)
        assert not state.is_legal(action)
        CHECKS["foreign action refused"] += 1
    assert state.to_json() == text


def _foreign_actions(game: sg.Game) -> tuple[sg.Action, ...]:
    actions: list[sg.Action] = []
    for name in sg.list_games():
        other = sg.load_game(name)
        if other.name != game.name:
            actions.extend(other.new_initial_state(0).legal_actions()[:3])
    return tuple(actions)


@settings(max_examples=GAMES)
@given(seed=seeds)
def test_random_play_keeps_the_copy_view_and_generator_invariants(game: sg.Game, seed: int) -> None:
    """Copies, views, determinisations, generators, foreign actions and the turn cap, along one game."""
    rng = sg.Rng(sg.derive_seed(seed, 7))
    foreign = _foreign_actions(game)
    cap = game.turn_cap
    for step, state in enumerate(random_play(game, seed)):
        if cap is not None:
            assert 0 <= state.turn <= cap, "the turn cap was passed"
        if not _checked(step, state):
            continue
        _check_copies(state, rng)
        _check_views(state, rng)
        _check_foreign_action(state, foreign)
        if state.is_chance_node():
            assert state.sample_chance_outcome(_any_generator(rng)) in state.legal_actions()
            CHECKS["chance sampled with any generator"] += 1
    CHECKS["games played"] += 1


def _observations(state: sg.State) -> tuple[object, ...]:
    """What a state computes for its seats: legal actions, views and tensors."""
    seats = range(state.game.num_players)
    return (
        state.legal_actions(),
        tuple(state.view(seat) for seat in seats),
        tuple(state.observation_tensor(seat).tobytes() for seat in seats),
    )


def test_a_state_computes_the_same_in_a_freshly_loaded_game() -> None:
    """Nothing a state computes depends on what the process did before: no cache outlives its game.

    States of every configuration are saved with what they compute; then, three times over, each
    configuration is loaded afresh (and freed), so that a new game can land where an old one was, and
    each saved state must compute the same in it.
    """
    saved: dict[str, list[tuple[str, tuple[object, ...]]]] = {}
    for text in CONFIGURATIONS:
        game = sg.load_game(text)
        saved[text] = [
            (state.to_json(), _observations(state))
            for step, state in enumerate(random_play(game, 11))
            if _checked(step, state)
        ]
    del game
    rng = sg.Rng(5)
    for _ in range(3):
        order = list(CONFIGURATIONS)
        rng.shuffle(order)
        for text in order:
            fresh = sg.load_game(text)
            for document, wanted in saved[text]:
                assert _observations(fresh.state_from_json(document)) == wanted, text
                CHECKS["observations in a freshly loaded game"] += 1
            del fresh
        gc.collect()


def test_games_pickle_by_class_and_deepcopy_to_themselves(game: sg.Game) -> None:
    assert _pickled(game) == game
    assert str(_pickled(game)) == str(game)
    assert copy.deepcopy(game) is game
    assert copy.copy(game) is game


def test_records_and_tournament_results_pickle_and_deepcopy_exactly(game: sg.Game) -> None:
    agents = [sg.RandomAgent() for _ in range(game.num_players)]
    record = sg.play_match(game, agents, seed=3)
    for make in (_pickled, copy.deepcopy):
        again = make(record)
        assert again == record
        assert isinstance(again, sg.MatchRecord)
        assert again.to_json() == record.to_json()
    result = sg.tournament(
        game, agents[:2], games=2, seed=1, backend="serial", progress=False, keep_records=True
    )
    for make in (_pickled, copy.deepcopy):
        again = make(result)
        assert isinstance(again, sg.TournamentResult)
        assert again == result
        assert again.to_json() == result.to_json()


def test_nothing_in_the_package_is_keyed_by_id() -> None:
    """``id()`` of an object that can be freed is reused by the next object: no code may key on it."""
    root = Path(sg.__file__).parent
    calls = [
        f"{path.relative_to(root)}:{node.lineno}"
        for path in sorted(root.rglob("*.py"))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "id"
    ]
    assert calls == []
