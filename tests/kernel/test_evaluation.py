"""The evaluator hook and the linear evaluator: values from win probabilities, weights and their checks."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from embers import EVALUATOR_FEATURES, EmbersGame, EmbersState, evaluator_rows

import shardgames as sg
from shardgames.kernel.evaluation import (
    EvaluatorWeights,
    LinearEvaluator,
    values_from_probabilities,
    win_probabilities,
)


def _weights(**changes: object) -> dict[str, object]:
    data: dict[str, object] = {
        "format": 1,
        "game": "embers",
        "features": list(EVALUATOR_FEATURES),
        "weights": [1.0, 0.5, 0.2, 0.1, 0.0],
        "training": {},
        "metrics": {},
    }
    data.update(changes)
    return data


def _evaluator(tmp_path: Path, data: dict[str, object]) -> LinearEvaluator:
    path = tmp_path / "weights.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return LinearEvaluator("embers", EVALUATOR_FEATURES, evaluator_rows, path)


def test_values_are_expected_returns_of_the_win_probabilities() -> None:
    assert values_from_probabilities((1.0, 0.0, 0.0)) == (1.0, -0.5, -0.5)
    assert values_from_probabilities((1 / 3, 1 / 3, 1 / 3)) == pytest.approx((0.0, 0.0, 0.0))
    assert sum(win_probabilities((3.0, -1.0, 0.5, 2.0))) == pytest.approx(1.0)


def test_two_seats_take_the_logistic_shortcut_with_the_same_values(tmp_path: Path) -> None:
    evaluator = _evaluator(tmp_path, _weights())
    state = sg.load_game("embers").state_from_position(
        {"players": [{"embers": 3, "hand": [5, 4]}, {"embers": 1, "hand": [1]}]}
    )
    general = values_from_probabilities(win_probabilities(evaluator.logits(state)))
    assert evaluator.values(state) == pytest.approx(general)
    assert evaluator.values(state)[0] > 0.5


def test_a_game_without_evaluator_says_so_by_name() -> None:
    class Plain(EmbersGame):
        name = "plain-embers"
        evaluator = None

    game = Plain()
    assert not game.has_evaluator
    with pytest.raises(sg.UsageError, match="plain-embers has no position evaluator"):
        game.evaluate(game.new_initial_state(seed=1), 0)


def test_a_game_may_write_its_own_evaluate_hook() -> None:
    class Even(EmbersGame):
        name = "even-embers"
        evaluator = None

        def _evaluate(self, state: sg.State) -> tuple[float, ...]:
            return (0.0,) * self.num_players

    game = Even()
    assert game.has_evaluator
    assert game.evaluate_all(game.new_initial_state(seed=1)) == (0.0, 0.0)


def test_a_finished_game_evaluates_to_its_returns() -> None:
    game = sg.load_game("embers(players=3)")
    record = sg.play_match(game, [sg.RandomAgent()] * 3, seed=4)
    state = game.replay(record.seed, record.history)
    assert state.is_terminal()
    assert game.evaluate_all(state) == state.returns()
    assert game.evaluate(state, 2) == state.returns()[2]


def test_evaluate_refuses_a_seat_outside_the_game() -> None:
    game = sg.load_game("embers")
    with pytest.raises(sg.UsageError, match="seat 2"):
        game.evaluate(game.new_initial_state(seed=1), 2)


def test_weights_are_read_at_first_use_and_a_missing_file_is_an_error(tmp_path: Path) -> None:
    evaluator = LinearEvaluator("embers", EVALUATOR_FEATURES, evaluator_rows, tmp_path / "none.json")
    state = sg.load_game("embers").new_initial_state(seed=2)
    assert isinstance(state, EmbersState)
    with pytest.raises(sg.EvaluatorError, match=r"none\.json: cannot read the file"):
        evaluator.values(state)


def test_bad_weights_are_refused_with_every_problem(tmp_path: Path) -> None:
    data = _weights(
        format=2,
        game="sota",
        features=["embers", "hand", "hand", "luck", "to_act"],
        weights=[1.0, "x", True],
        extra=1,
        metrics=[],
    )
    with pytest.raises(sg.EvaluatorError) as caught:
        _evaluator(tmp_path, data).weights  # noqa: B018 - reading them is the test
    assert caught.value.problems == (
        "extra: unknown field; fields are format, game, features, weights, training, metrics",
        "format: must be 1, not 2",
        "game: must be 'embers', not 'sota'",
        "features: 'luck' is not a feature of this game",
        "features: 'high_cards' is missing",
        "features: 'deck' is missing",
        "features: 'hand' is listed twice",
        "weights[1]: must be a finite number, not 'x'",
        "weights[2]: must be a finite number, not True",
        "weights: 3 weights for 5 features",
        "metrics: must be an object",
    )


def test_features_in_another_order_are_refused(tmp_path: Path) -> None:
    data = _weights(features=list(reversed(EVALUATOR_FEATURES)))
    with pytest.raises(sg.EvaluatorError, match="must be in the order embers, hand"):
        _evaluator(tmp_path, data).weights  # noqa: B018 - reading them is the test


def test_a_file_that_is_not_json_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "weights.json"
    path.write_text("{", encoding="utf-8")
    with pytest.raises(sg.EvaluatorError, match="not valid JSON"):
        EvaluatorWeights.read(path, "embers", EVALUATOR_FEATURES)


def test_weights_round_trip_through_their_file(tmp_path: Path) -> None:
    weights = EvaluatorWeights("embers", EVALUATOR_FEATURES, (1.0, 2.0, 3.0, 4.0, 5.0), {"games": 3}, {})
    path = weights.write(tmp_path / "w.json")
    assert EvaluatorWeights.read(path, "embers", EVALUATOR_FEATURES) == weights


def test_a_state_of_another_configuration_is_refused() -> None:
    state = sg.load_game("embers(players=3)").new_initial_state(seed=1)
    with pytest.raises(sg.UsageError, match=r"a state of embers\(players=3\) cannot be evaluated by embers"):
        sg.load_game("embers").evaluate_all(state)


@pytest.mark.parametrize(("embers", "expected"), [((3, 1), (1.0, -1.0)), ((1, 3), (-1.0, 1.0))])
def test_overwhelming_scores_give_sure_values_without_overflow(
    tmp_path: Path, embers: tuple[int, int], expected: tuple[float, float]
) -> None:
    evaluator = _evaluator(tmp_path, _weights(weights=[1000.0, 0.0, 0.0, 0.0, 0.0]))
    players = [{"embers": count, "hand": [1]} for count in embers]
    state = sg.load_game("embers").state_from_position({"players": players})
    assert evaluator.values(state) == expected
