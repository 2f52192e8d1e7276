"""The OpenSpiel adapter: registration, OpenSpiel's API test, resampling, bots, a training-loop smoke test."""

from __future__ import annotations

import hashlib
import importlib
import pickle
import subprocess
import sys

import numpy as np
import pytest

import shardgames as sg

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python import observation  # noqa: E402 - after the skip
from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

from shardgames.interop import openspiel  # noqa: E402
from shardgames.interop._openspiel_core import Core, Summary  # noqa: E402 - the adapter's engine side

NAMES = openspiel.register_all()

# Small configurations, so that OpenSpiel's checks (clone and serialise at every step) stay quick.
SMALL = (
    "shardgames_tactics(souls=12,max_turns=30)",
    "shardgames_sota(max_turn_phases=20)",
    "shardgames_command(max_turns=10)",
    "shardgames_embers(players=3)",
)


def load(spec: str) -> pyspiel.Game:
    return pyspiel.load_game(spec)


def play_randomly(state: pyspiel.State, rng: np.random.Generator, steps: int) -> pyspiel.State:
    """Apply up to `steps` random actions (chance outcomes with their probabilities)."""
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probabilities)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return state


# ---------------------------------------------------------------------- registration


def test_every_game_is_registered_under_its_default_name() -> None:
    assert set(NAMES) >= {"shardgames_sota", "shardgames_tactics", "shardgames_command"}
    assert set(NAMES) <= set(pyspiel.registered_names())
    assert openspiel.game_type_name("sota") == "shardgames_sota"


def test_registering_again_is_harmless_and_conflicts_are_refused() -> None:
    assert openspiel.register("sota") == "shardgames_sota"
    assert openspiel.register_all() == NAMES
    with pytest.raises(sg.UsageError, match="other parameters"):
        openspiel.register("sota", players=3)
    with pytest.raises(sg.InvalidParameterError, match="chance"):
        openspiel.register("sota", short_name="shardgames_sota_explicit", chance="explicit")
    with pytest.raises(sg.UnknownGameError):
        openspiel.register("chess")


def test_a_game_without_a_length_bound_is_refused() -> None:
    from embers import EmbersGame

    from shardgames.kernel.game import Game, unregister_game

    class Unbounded(EmbersGame):
        name = "embers_unbounded"
        max_game_length = Game.max_game_length

    sg.register_game(Unbounded)
    try:
        with pytest.raises(sg.UsageError, match="does not bound"):
            openspiel.register("embers_unbounded")
    finally:
        unregister_game("embers_unbounded")


def test_a_custom_name_carries_its_own_defaults() -> None:
    name = openspiel.register("sota", short_name="shardgames_sota_three", players=3, max_turn_phases=12)
    game = load(name)
    assert game.num_players() == 3
    assert game.get_parameters()["max_turn_phases"] == 12
    assert str(game.engine) == "sota(players=3,max_turn_phases=12,chance=explicit)"


def test_parameters_load_from_the_game_string() -> None:
    game = load("shardgames_sota(players=3,decks=tide gale umbra,max_turn_phases=30)")
    assert game.num_players() == 3
    assert game.engine.params["decks"] == ("tide", "gale", "umbra")
    assert game.engine.params["chance"] == "explicit"
    assert load(str(game)).engine == game.engine  # the game string round-trips
    assert load("shardgames_command(decks=tidewell chronovoid,one_pass=true)").engine.params["one_pass"]
    specification = load("shardgames_sota").get_type().parameter_specification
    assert specification["decks"] == "none"
    assert specification["signed"] == "decklist"
    assert "chance" not in specification


def test_bad_parameters_are_reported() -> None:
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter 'bogus'"):
        load("shardgames_tactics(bogus=1)")
    with pytest.raises(sg.InvalidParameterError, match="players"):
        load("shardgames_sota(players=9)")


def test_game_type_and_info_come_from_the_game() -> None:
    for spec in SMALL:
        game = load(spec)
        engine = game.engine
        kind = game.get_type()
        assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
        assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
        assert kind.utility == pyspiel.GameType.Utility.ZERO_SUM
        assert kind.reward_model == pyspiel.GameType.RewardModel.TERMINAL
        assert kind.provides_information_state_string
        assert kind.provides_information_state_tensor
        assert kind.provides_observation_string
        assert kind.provides_observation_tensor
        assert game.num_distinct_actions() == engine.num_distinct_actions
        assert game.max_chance_outcomes() == engine.max_chance_outcomes
        assert game.num_players() == engine.num_players
        assert (game.min_utility(), game.max_utility()) == (engine.min_utility, engine.max_utility)
        assert game.utility_sum() == 0.0
        assert game.max_game_length() == engine.max_game_length
        assert game.observation_tensor_shape() == list(engine.observation_shape)
        size = int(np.prod(engine.observation_shape)) + Summary(engine).size
        assert game.information_state_tensor_shape() == [size]
    hidden = pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert load("shardgames_sota").get_type().information == hidden
    assert load("shardgames_command").get_type().information == hidden
    assert (
        load("shardgames_tactics").get_type().information == pyspiel.GameType.Information.PERFECT_INFORMATION
    )
    sota = load("shardgames_sota").get_type()
    assert (sota.min_num_players, sota.max_num_players) == (2, 6)


def test_importing_shardgames_does_not_import_pyspiel() -> None:
    code = "import sys, shardgames, shardgames.interop; assert 'pyspiel' not in sys.modules"
    subprocess.run([sys.executable, "-c", code], check=True)


def test_a_missing_extra_names_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pyspiel", None)
    monkeypatch.delitem(sys.modules, "shardgames.interop.openspiel")
    with pytest.raises(sg.MissingExtraError, match=r"shardgames\[openspiel\]") as info:
        importlib.import_module("shardgames.interop.openspiel")
    assert info.value.extra == "openspiel"


# ---------------------------------------------------------------------- OpenSpiel's own checks


def check_resampling(state: pyspiel.State) -> None:
    """Dealing again what a seat cannot see changes nothing that seat observes.

    For every seat p, `resample_from_infostate(p)` deals every card p does not know (the other seats'
    hands and every unknown deck order) again; p's observation string and tensor and its
    information state must be exactly the same in the sample.
    """
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for player in range(state.num_players()):
        sample = state.resample_from_infostate(player, sampler)
        assert sample.current_player() == state.current_player()
        assert sample.information_state_string(player) == state.information_state_string(player)
        assert sample.observation_string(player) == state.observation_string(player)
        assert sample.observation_tensor(player) == state.observation_tensor(player)
        assert sample.information_state_tensor(player) == state.information_state_tensor(player)
        if not state.is_chance_node():  # chance outcomes may depend on hidden cards (an unknown deck)
            assert sample.legal_actions(player) == state.legal_actions(player)


@pytest.mark.parametrize("spec", SMALL)
def test_random_sim_test_with_serialisation_and_the_resampling_checker(spec: str) -> None:
    pyspiel.random_sim_test(
        load(spec), num_sims=2, serialize=True, verbose=False, state_checker_fn=check_resampling
    )


@pytest.mark.parametrize("name", ["shardgames_sota", "shardgames_command", "shardgames_tactics"])
def test_random_sim_test_with_default_parameters(name: str) -> None:
    pyspiel.random_sim_test(load(name), num_sims=1, serialize=True, verbose=False)


def test_resampling_hides_the_hidden_cards_again() -> None:
    """A sample differs from the real game in what the seat cannot see (the opponents' hands)."""
    game = load("shardgames_command(max_turns=10)")
    state = play_randomly(game.new_initial_state(), np.random.default_rng(3), 30)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    samples = [state.resample_from_infostate(0, sampler) for _ in range(8)]
    assert any(s.observation_string(1) != state.observation_string(1) for s in samples)
    assert all(s.information_state_string(0) == state.information_state_string(0) for s in samples)
    assert all(s.history() == [] for s in samples)
    # The sample plays on: the seat's recall keeps growing from where it was.
    follow = play_randomly(samples[0], np.random.default_rng(4), 5)
    grown = chained(state._core.recall(0), follow._core.recall_lines(0))
    assert follow.information_state_string(0).startswith(f"recall {grown}\n")
    assert grown != state._core.recall(0)


# ---------------------------------------------------------------------- states


def test_the_information_state_tensor_is_the_observation_then_what_the_seat_did_and_saw() -> None:
    """Its size is fixed; its summary counts the seat's decisions by action family and the events by
    type, each as log(1 + n) / log(1 + most); a sample keeps it and plays on from it."""
    game = load("shardgames_command(max_turns=10)")
    engine = game.engine
    layout = Summary(engine)
    state = play_randomly(game.new_initial_state(), np.random.default_rng(5), 60)
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    player = state.current_player()
    tensor = np.array(state.information_state_tensor(player), np.float32)
    observed = int(np.prod(engine.observation_shape))
    assert np.array_equal(tensor[:observed], np.array(state.observation_tensor(player), np.float32))
    summary = tensor[observed:]
    assert summary.shape == (layout.size,)
    assert np.all((summary >= 0) & (summary <= 1))
    decisions = sum(1 for seat, _, _ in state._core.steps if seat == player)
    most = engine.max_game_length
    assert summary[layout.names.index("decisions")] == pytest.approx(np.log1p(decisions) / np.log1p(most))
    events = len(state.engine_state.events)
    assert summary[-1] == pytest.approx(np.log1p(events) / np.log1p(16 * most))
    by_family = np.expm1(summary[: len(layout.starts)] * np.log1p(most))
    assert round(float(by_family.sum())) == decisions
    sample = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert sample.information_state_tensor(player) == state.information_state_tensor(player)
    again = pickle.loads(pickle.dumps(sample))
    assert again.information_state_tensor(player) == state.information_state_tensor(player)
    for follow in (state, sample):  # one more decision of the seat counts once in both
        follow.apply_action(follow.legal_actions()[0])
    grown = np.array(sample.information_state_tensor(player), np.float32)[observed:]
    assert grown[layout.names.index("decisions")] == pytest.approx(np.log1p(decisions + 1) / np.log1p(most))


def test_chance_outcomes_have_their_own_ids_and_exact_probabilities() -> None:
    game = load("shardgames_embers(players=3)")
    state = game.new_initial_state()
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert outcomes == [(0, pytest.approx(1 / 3)), (1, pytest.approx(1 / 3)), (2, pytest.approx(1 / 3))]
    assert all(0 <= o < game.max_chance_outcomes() for o, _ in outcomes)
    engine = game.engine
    first = engine.encode(state.engine_state.chance_outcomes()[0][0])
    assert first == engine.num_distinct_actions + outcomes[0][0]
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 2) == str(engine.decode(first + 2))
    state.apply_action(2)  # seat 2 starts
    while state.is_chance_node():  # the opening hands and the first draw
        state.apply_action(state.chance_outcomes()[-1][0])
    assert state.current_player() == 2
    assert state.legal_actions() == [engine.encode(a) for a in state.engine_state.legal_actions()]
    with pytest.raises(sg.IllegalActionError):
        state.apply_action(engine.num_distinct_actions - 1)


def test_observations_come_from_the_view() -> None:
    game = load("shardgames_sota(max_turn_phases=20)")
    state = play_randomly(game.new_initial_state(), np.random.default_rng(1), 40)
    engine_state = state.engine_state
    for player in range(2):
        assert state.observation_string(player) == str(engine_state.view(player))
        expected = engine_state.observation_tensor(player).reshape(-1)
        np.testing.assert_array_equal(np.asarray(state.observation_tensor(player)), expected)
        info = state.information_state_string(player)
        assert info.endswith(str(engine_state.view(player))) or "legal:" in info
    observer = observation.make_observation(game, observation.INFO_STATE_OBS_TYPE)
    observer.set_from(state, 0)
    assert observer.tensor.tolist() == state.information_state_tensor(0)
    assert list(observer.dict) == ["observation", "summary"]
    assert observer.string_from(state, 0) == state.information_state_string(0)
    default = observation.make_observation(game)
    default.set_from(state, 1)
    assert default.dict["observation"].shape == game.engine.observation_shape
    with pytest.raises(sg.UsageError, match="one seat"):
        observation.make_observation(
            game,
            pyspiel.IIGObservationType(
                perfect_recall=False, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS
            ),
        )


def chained(digest: str, lines: list[str]) -> str:
    """The recall digest: SHA-256 over the lines, each hashed with the digest before it."""
    for line in lines:
        digest = hashlib.sha256(f"{digest}\n{line}".encode()).hexdigest()
    return digest


def test_the_information_state_stays_short_and_is_cheap_late_in_a_long_game() -> None:
    game = load("shardgames_sota(players=6)")
    state = play_randomly(game.new_initial_state(), np.random.default_rng(6), 100_000)
    assert len(state.engine_state.events) > 3000
    for seat in range(6):
        text = state.information_state_string(seat)
        assert len(text) < 10_000  # the digest of the recall, and the view now
        assert len(state._core.recall_lines(seat)) > 1000  # what the digest stands for


def test_the_information_state_has_perfect_recall() -> None:
    """The information state records what each seat saw happen: one decision, two different recalls."""
    game = load("shardgames_embers")
    state = game.new_initial_state()
    state.apply_action(0)  # seat 0 starts
    play_randomly(state, np.random.default_rng(0), 3)  # the opening draws
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    assert state.current_player() == 0
    recall = state.information_state_string(0)
    assert recall.startswith(f"recall {chained('', state._core.recall_lines(0))}\n--\n")
    branches = [state.child(a) for a in state.legal_actions()[:2]]
    assert branches[0].information_state_string(1) != branches[1].information_state_string(1)


def test_clones_pickles_and_serialisation_are_exact() -> None:
    game = load("shardgames_command(max_turns=10)")
    state = play_randomly(game.new_initial_state(), np.random.default_rng(5), 60)
    clone = state.clone()
    assert clone.engine_state == state.engine_state
    assert clone.history() == state.history()
    clone.apply_action(
        clone.legal_actions()[0] if not clone.is_chance_node() else clone.chance_outcomes()[0][0]
    )
    assert clone.engine_state != state.engine_state  # independent
    again = pickle.loads(pickle.dumps(state))
    assert again.engine_state == state.engine_state
    assert again.information_state_string(1) == state.information_state_string(1)
    restored_game, restored = pyspiel.deserialize_game_and_state(
        pyspiel.serialize_game_and_state(game, state)
    )
    assert str(restored_game) == str(game)
    assert restored.engine_state == state.engine_state
    assert restored.history() == state.history()
    assert pickle.loads(pickle.dumps(game)).engine == game.engine


@pytest.mark.parametrize("name", ["sota", "tactics", "command"])
def test_a_clone_plays_light_and_reads_exactly_as_a_full_state(name: str) -> None:
    game = load(openspiel.game_type_name(name))
    rng = np.random.default_rng(11)
    state = play_randomly(game.new_initial_state(), rng, 40)
    clone = state.clone()
    assert clone.engine_state.events == state.engine_state.events  # reading it made it full
    assert not clone._core.live.is_light
    light = state.clone()
    assert light._core.live.is_light
    assert not state._core.live.is_light
    full = state.clone()
    full.engine_state  # noqa: B018 - made full before it plays
    for made in range(60):
        if light.is_terminal():
            break
        assert light.current_player() == full.current_player()
        if light.is_chance_node():
            assert light.chance_outcomes() == full.chance_outcomes()
            action = light.chance_outcomes()[made % len(light.chance_outcomes())][0]
        else:
            assert light.legal_actions() == full.legal_actions()
            action = light.legal_actions()[made % len(light.legal_actions())]
        light.apply_action(action)
        full.apply_action(action)
        if made == 30:  # a clone of a light clone is light, and replays from the same base
            assert light.clone()._core.live.is_light
    assert light.returns() == full.returns()
    assert light._core.live.is_light  # nothing above read what a light copy lacks
    assert light.engine_state == full.engine_state
    assert light.engine_state.events == full.engine_state.events
    assert list(light._core.steps) == list(full._core.steps)
    for seat in range(game.num_players()):
        assert light.information_state_string(seat) == full.information_state_string(seat)
        assert light.information_state_tensor(seat) == full.information_state_tensor(seat)
    assert pickle.loads(pickle.dumps(light)).engine_state == full.engine_state
    assert state.clone().engine_state == state.engine_state  # the original is untouched


def test_an_illegal_action_changes_and_records_nothing_in_a_full_or_a_light_state() -> None:
    game = load("shardgames_tactics")
    state = play_randomly(game.new_initial_state(), np.random.default_rng(1), 5)
    for target in (state, state.clone()):
        before = target.clone()
        illegal = next(a for a in range(game.num_distinct_actions()) if a not in target.legal_actions())
        with pytest.raises(sg.IllegalActionError):
            target._core.apply(illegal)
        assert list(target._core.steps) == list(before._core.steps)
        assert target.engine_state == before.engine_state
        assert target.information_state_string(0) == before.information_state_string(0)


def test_a_state_serialises_as_its_actions_and_loads_back_exactly() -> None:
    game = load("shardgames_sota(players=3)")
    state = play_randomly(game.new_initial_state(), np.random.default_rng(2), 100_000)
    assert state.is_terminal()
    text = pyspiel.serialize_game_and_state(game, state)
    assert len(text) < 40_000  # the actions' ids, not the whole event log (about 300 KB as JSON)
    _, restored = pyspiel.deserialize_game_and_state(text)
    assert restored.engine_state == state.engine_state
    assert restored.engine_state.to_json() == state.engine_state.to_json()
    for seat in range(3):  # each seat's recall, rebuilt from the decisions replayed
        assert restored.information_state_string(seat) == state.information_state_string(seat)


def test_a_sampled_state_cannot_be_replayed_and_serialises_whole() -> None:
    game = load("shardgames_command(max_turns=10)")
    state = play_randomly(game.new_initial_state(), np.random.default_rng(3), 40)
    sample = state.resample_from_infostate(1, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    again = pickle.loads(pickle.dumps(sample))
    assert again.engine_state == sample.engine_state
    assert again.information_state_string(1) == sample.information_state_string(1)
    play_randomly(again, np.random.default_rng(4), 5)  # and it plays on


def test_a_history_that_does_not_replay_is_a_replay_error() -> None:
    engine = sg.load_game("tactics(chance=explicit)")
    state = engine.new_initial_state(0)
    core = Core(state)
    core.apply(engine.encode(state.legal_actions()[0]))
    function, (game_string, history) = core.__reduce__()
    assert function(game_string, history).state == core.state
    with pytest.raises(sg.ReplayError, match="step 1"):
        function(game_string, [history[0], 10**9])
    with pytest.raises(sg.ReplayError, match="step 0"):
        function(game_string, [0])  # a seat's action where the coin is to be flipped


# ---------------------------------------------------------------------- OpenSpiel's Python bots


def play_with_bots(game: pyspiel.Game, bots: list[pyspiel.Bot], rng: np.random.RandomState) -> pyspiel.State:
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probabilities)))
        else:
            state.apply_action(bots[state.current_player()].step(state))
    return state


def test_mcts_and_ismcts_play_a_game_to_the_end() -> None:
    game = load("shardgames_command(max_turns=4)")
    rng = np.random.RandomState(7)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bots = [
        ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=8, random_state=rng),
        mcts.MCTSBot(game, uct_c=2.0, max_simulations=8, evaluator=evaluator, random_state=rng),
    ]
    final = play_with_bots(game, bots, rng)
    assert final.is_terminal()
    assert sum(final.returns()) == 0.0


def test_ismcts_plays_sota_and_mcts_plays_tactics() -> None:
    rng = np.random.RandomState(11)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    sota = load("shardgames_sota(max_turn_phases=6)")
    bots = [ismcts.ISMCTSBot(sota, evaluator, 2.0, 5, random_state=rng) for _ in range(2)]
    assert play_with_bots(sota, bots, rng).is_terminal()
    tactics = load("shardgames_tactics(souls=12,max_turns=10)")
    bots = [mcts.MCTSBot(tactics, 2.0, 5, evaluator, random_state=rng) for _ in range(2)]
    assert play_with_bots(tactics, bots, rng).is_terminal()


# ---------------------------------------------------------------------- a training loop, in miniature


def test_a_few_thousand_random_steps_through_the_adapter() -> None:
    """The loop a learner runs: observe, mask, act; start a new game whenever one ends."""
    rng = np.random.default_rng(0)
    games = [load(spec) for spec in SMALL[:3]]
    states = [g.new_initial_state() for g in games]
    episodes = [0] * len(games)
    for step in range(3000):
        index = step % len(games)
        game, state = games[index], states[index]
        if state.is_terminal():
            returns = state.returns()
            assert all(game.min_utility() <= r <= game.max_utility() for r in returns)
            assert sum(returns) == pytest.approx(0.0)
            episodes[index] += 1
            states[index] = state = game.new_initial_state()
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probabilities)))
            continue
        player = state.current_player()
        tensor = np.asarray(state.observation_tensor(player), dtype=np.float32)
        assert tensor.shape == (game.observation_tensor_size(),)
        assert np.isfinite(tensor).all()
        mask = np.asarray(state.legal_actions_mask(player), dtype=bool)
        choices = np.flatnonzero(mask)
        assert list(choices) == state.legal_actions()
        state.apply_action(int(rng.choice(choices)))
    assert sum(episodes) >= 3
