"""Each game's position evaluator: values in range, exact at the end, symmetric, deterministic, its shipped
weights matching its features, its fitting script, and better than chance at naming the winner."""

from __future__ import annotations

import re
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from embers import EVALUATOR_FEATURES, EmbersGame
from loading import load_file
from tactics_scenarios import start

import shardgames as sg
from shardgames.cli.arena import game_agent
from shardgames.kernel.evaluation import EvaluatorWeights
from shardgames.tactics.board import square
from shardgames.tactics.evaluation import FEATURES, feature_rows
from shardgames.tactics.position import position_of

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("embers", "sota", "tactics", "command", "sota(players=3)", "embers(players=4)")


def _positions(spec: str, seed: int, every: int = 7) -> list[sg.State]:
    """States along a random game, every `every` steps, the final one included."""
    game = sg.load_game(spec)
    state = game.new_initial_state(seed=seed)
    rng = sg.Rng(seed)
    found = []
    while not state.is_terminal():
        if len(state.history) % every == 0:
            found.append(state.clone())
        state.apply_action(rng.choice(state.legal_actions()))
    return [*found, state]


@pytest.mark.parametrize("spec", GAMES)
def test_values_lie_in_range_and_are_the_returns_at_the_end(spec: str) -> None:
    states = _positions(spec, seed=3)
    game = states[0].game
    assert game.has_evaluator
    for state in states:
        values = game.evaluate_all(state)
        assert len(values) == game.num_players
        assert all(-1.0 <= value <= 1.0 for value in values)
        assert sum(values) == pytest.approx(0.0, abs=1e-9)  # expected returns, which add up to 0
        assert [game.evaluate(state, seat) for seat in range(game.num_players)] == list(values)
    assert game.evaluate_all(states[-1]) == states[-1].returns()


@pytest.mark.parametrize("spec", GAMES)
def test_evaluation_is_deterministic_and_leaves_the_state_alone(spec: str) -> None:
    state = _positions(spec, seed=5, every=40)[len(_positions(spec, seed=5, every=40)) // 2]
    before = state.to_json()
    first = state.game.evaluate_all(state)
    assert sg.load_game(spec).evaluate_all(state.clone()) == first
    assert sg.load_game(spec).evaluate_all(state.game.state_from_json(before)) == first
    assert state.to_json() == before


@pytest.mark.parametrize("name", ["sota", "tactics", "command"])
def test_the_shipped_weights_match_the_features(name: str) -> None:
    evaluator = sg.load_game(name).evaluator
    assert evaluator is not None
    weights = EvaluatorWeights.read(evaluator.path, name, evaluator.features)
    assert weights.features == evaluator.features
    model = weights.metrics["model"]
    assert model["accuracy"] > weights.metrics["baseline_equal_shares"]["accuracy"]
    assert model["brier"] < weights.metrics["baseline_equal_shares"]["brier"]


def test_the_template_ships_weights_for_its_features() -> None:
    evaluator = EmbersGame.evaluator
    assert evaluator is not None
    assert EvaluatorWeights.read(evaluator.path, "embers", evaluator.features).features == evaluator.features


# ---------------------------------------------------------------------- symmetry


def _mirror_diagram(text: str) -> str:
    """A board diagram seen from the other side: ranks reversed, seats' tokens swapped."""
    rows = []
    for line in text.splitlines():
        match = re.match(r"\s*(\d)\s+(.*)$", line)
        if match:
            swapped = match.group(2).swapcase().translate(str.maketrans("[]{}", "{}[]"))
            rows.append(f" {9 - int(match.group(1))}  {swapped}")
    return "\n".join(rows)


def _mirror_square(cell: str) -> str:
    return f"{cell[0]}{9 - int(cell[1])}"


def _mirror(position: dict[str, Any]) -> dict[str, Any]:
    mirrored = dict(position)
    mirrored["board"] = _mirror_diagram(position["board"])
    mirrored["terrain"] = _mirror_diagram(position["terrain"])
    for key in ("active", "first"):
        mirrored[key] = 1 - position[key]
    for key in ("souls", "stopped"):
        if key in position:
            mirrored[key] = list(reversed(position[key]))
    for key in ("attacked", "scorched"):
        if key in position:
            mirrored[key] = [_mirror_square(c) for c in position[key]]
    for key in ("reductions", "buffs"):
        if key in position:
            mirrored[key] = {_mirror_square(c): v for c, v in position[key].items()}
    assert "decision" not in position
    assert "waiting" not in position
    return mirrored


def test_tactics_a_position_and_its_mirror_score_opposite() -> None:
    state = start(
        """
        a  b  c  d  e  f  g  h
     8  .  .  .  v  .  .  .  .
     7  .  .  a  m  .  .  .  .
     5  .  .  .  .  w  .  .  .
     3  .  .  K* .  .  .  .  .
     2  .  .  M  .  .  .  .  .
     1  .  .  .  E  O  .  .  .
        """,
        "\n 4  .  .  F  .  .  .  .  .",
        souls=[4, 1],
        actions_used=1,
    )
    game = state.game
    mirror = game.state_from_position(_mirror(position_of(state)))
    values, mirrored = game.evaluate_all(state), game.evaluate_all(mirror)
    assert values[0] != 0.0
    assert mirrored == pytest.approx((values[1], values[0]), abs=1e-12)


def test_tactics_threat_features_count_what_each_side_can_injure() -> None:
    """Seat 0 to act, its actions left: its Knight can injure seat 1's Vale now; seat 1's Knight could
    injure seat 0's Vale and Knight on seat 1's next turn; seat 1's Pikeman is far from everything."""
    state = start(
        """
        a  b  c  d  e  f  g  h
     8  .  .  .  .  .  .  .  p
     6  .  .  .  v  .  .  .  .
     5  .  .  .  K  .  .  .  .
     3  .  .  .  k  .  .  .  .
     2  .  .  .  V  .  .  .  .
        """
    )
    rows = [dict(zip(FEATURES, row, strict=True)) for row in feature_rows(state)]
    assert rows[1]["commanders_open_now"] == 1  # seat 0 attacks it with the actions it has left
    assert rows[0]["commanders_open_now"] == 0  # seat 0 is the seat to act: nothing attacks it now
    assert rows[0]["commanders_open_next"] == 1  # seat 1's Knight reaches seat 0's Vale next turn
    assert rows[1]["commanders_open_next"] == 0  # counted for the seat to act only
    assert rows[0]["injured_commanders_open_next"] == rows[1]["injured_commanders_open_now"] == 0
    knight = state.board[square("d5")]  # its worth: what defeating it is worth, 2 and its cost in Souls
    assert rows[0]["warrior_open_next"] == 2 + state.game.cost[state.card[knight]]
    assert rows[1]["warrior_open_next"] == 0  # counted for the seat to act only
    state.apply_action(next(a for a in state.legal_actions() if str(a) == "attack d6 from d5"))
    after = [dict(zip(FEATURES, row, strict=True)) for row in feature_rows(state)]
    assert after[1]["injured_commanders_open_now"] == 1  # injured, and still within reach


@pytest.mark.parametrize("seed", [1, 2])
def test_tactics_positions_from_play_and_their_mirrors_score_opposite(seed: int) -> None:
    game = sg.load_game("tactics")
    greedy = game_agent(game)
    assert greedy is not None
    record = sg.play_match(game, [greedy(), greedy()], seed=seed)
    state = game.replay(record.seed, record.history[: len(record.history) // 2])
    while getattr(state.prompt, "phase", None) is None or "decision" in position_of(state):
        state.apply_action(state.legal_actions()[-1])
    mirror = game.state_from_position(_mirror(position_of(state)))
    values = game.evaluate_all(game.state_from_position(position_of(state)))
    assert game.evaluate_all(mirror) == pytest.approx((values[1], values[0]), abs=1e-12)


def _sota_seat(game: sg.Game, seat: int, extra: int) -> dict[str, Any]:
    """A seat with two Characters in position, one in hand, an Ally, and a deck of 12 + `extra` cards."""
    deck = game.decklists[seat]  # type: ignore[attr-defined]
    ids = [entry.card_id for entry in deck.entries]
    pool = game.pool  # type: ignore[attr-defined]
    kind = {card_id: type(pool[card_id]).__name__ for card_id in ids}
    characters = [i for i in dict.fromkeys(ids) if kind[i] == "CharacterCard"]
    allies = [i for i in ids if kind[i] == "AllyCard"]
    return {
        "hand": characters[2 : 3 + extra],
        "positions": [characters[0], characters[1], None],
        "allies": allies[:extra],
        "deck": 12 + extra,
    }


def test_sota_seats_that_trade_places_trade_values() -> None:
    decks = ("ember", "tide", "gale")
    game = sg.load_game("sota", players=3, decks=decks)
    seats = [_sota_seat(game, seat, extra) for seat, extra in enumerate((0, 2, 1))]
    values = game.evaluate_all(game.state_from_position({"active": 1, "players": seats}))
    # seat s of the rotated game is seat (s + 1) % 3 of the first
    rotated = sg.load_game("sota", players=3, decks=(*decks[1:], decks[0]))
    moved = rotated.evaluate_all(
        rotated.state_from_position({"active": 0, "players": [*seats[1:], seats[0]]})
    )
    assert moved == pytest.approx((values[1], values[2], values[0]), abs=1e-12)
    assert values[1] > values[2] > values[0]  # the active seat with most cards leads


# ---------------------------------------------------------------------- predictions


@pytest.mark.parametrize("name", ["sota", "tactics", "command"])
def test_the_evaluator_names_the_winner_of_greedy_games_better_than_chance(name: str) -> None:
    game = sg.load_game(name)
    greedy = game_agent(game)
    assert greedy is not None
    hits = decided = 0
    for seed in range(9001, 9007):  # games the shipped fits did not see
        record = sg.play_match(game, [greedy(), greedy()], seed=seed)
        if record.winner is None:
            continue
        length = len(record.history)
        for share in (0.5, 0.7, 0.9):  # positions from the middle of the game on
            state = game.replay(record.seed, record.history[: int(length * share)])
            if state.is_terminal():
                continue
            values = game.evaluate_all(state)
            decided += 1
            hits += values[record.winner] > 0
    assert decided >= 9
    assert hits / decided >= 0.6


# ---------------------------------------------------------------------- the fitting script


def _script() -> ModuleType:
    return load_file(ROOT / "scripts" / "fit_evaluators.py", "fit_evaluators", register=True)


@pytest.mark.parametrize("name", ["embers", "tactics"])
def test_the_fitting_script_beats_equal_shares_on_its_held_out_games(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "weights.json"
    assert _script().main(["--game", name, "--quick", "--seed", "3", "--out", str(out)]) == 0
    assert f"{name}: 40 games" in capsys.readouterr().out
    evaluator = sg.load_game(name).evaluator
    assert evaluator is not None
    weights = EvaluatorWeights.read(out, name, evaluator.features)
    metrics = weights.metrics
    assert metrics["held_out_games"] == 10
    assert metrics["model"]["brier"] < metrics["baseline_equal_shares"]["brier"]
    assert set(metrics["model"]["by_phase"]) == {"early", "mid", "late"}
    assert f"baseline_{evaluator.features[0]}" in metrics
    assert weights.training["games"] == 40


def test_the_fitting_script_refuses_bad_usage(capsys: pytest.CaptureFixture[str]) -> None:
    script = _script()
    assert script.main(["--game", "nonesuch", "--quick"]) == 2
    assert "no game named 'nonesuch'" in capsys.readouterr().err
    assert script.main(["--game", "sota", "--game", "tactics", "--out", "x.json"]) == 2
    assert "--out needs the configurations of a single game" in capsys.readouterr().err
    with pytest.raises(SystemExit) as stopped:
        script.main(["--games", "2"])
    assert stopped.value.code == 2


def test_the_fitting_script_pools_configurations_with_different_seats(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "weights.json"
    games = ["--game", "embers", "--game", "embers(players=3)"]
    assert _script().main([*games, "--games", "60", "--seed", "1", "--out", str(out)]) == 0
    assert capsys.readouterr().out.startswith("embers: 60 games")
    weights = EvaluatorWeights.read(out, "embers", EVALUATOR_FEATURES)
    assert weights.training["configurations"] == ["embers", "embers(players=3)"]
    equal = weights.metrics["baseline_equal_shares"]
    assert 1 / 3 < equal["accuracy"] < 1 / 2  # the guess of a two- or a three-seat game
    assert weights.metrics["model"]["brier"] < equal["brier"]
