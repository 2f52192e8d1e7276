"""Variants for experiments: a Tactics game with one warrior changed (`warrior_variant`)."""

from __future__ import annotations

import pickle
from pathlib import Path

import attrs
import pytest

import shardgames as sg
from shardgames.kernel.errors import CardError, UsageError
from shardgames.tactics import TacticsGame
from shardgames.tactics.variants import FIELDS, warrior_variant
from shardgames.tactics.warriors import EffectSpec, parse_move, parse_roster, warrior_to_data

BASE = "tactics(souls=12,max_turns=30)"


def tactics(spec: str) -> TacticsGame:
    game = sg.load_game(spec)
    assert isinstance(game, TacticsGame)
    return game


def test_the_variant_changes_the_warrior_and_nothing_else(tmp_path: Path) -> None:
    base = tactics(BASE)
    variant = warrior_variant(BASE, "Knight", tmp_path, might=5, cost=6, injured_move="any 2 jump")
    knight = base.roster[base.card_number["knight"]]
    changed = attrs.evolve(
        knight,
        cost=6,
        uninjured=attrs.evolve(knight.uninjured, might=5),
        injured=attrs.evolve(knight.injured, move=parse_move("any 2 jump")),
    )
    assert variant.roster == tuple(changed if card.id == "knight" else card for card in base.roster)
    number = base.card_number["knight"]
    assert variant.cost == (*base.cost[:number], 6, *base.cost[number + 1 :])
    for index, (before, after) in enumerate(zip(base.sides, variant.sides, strict=True)):
        assert (after == before) == (index != number)
    assert variant.sides[number][0].might == 5
    assert variant.codes == base.codes
    assert variant.num_distinct_actions == base.num_distinct_actions
    assert (variant.params["souls"], variant.params["max_turns"]) == (12, 30)


def test_the_file_is_named_by_the_change_and_the_game_string_round_trips(tmp_path: Path) -> None:
    variant = warrior_variant(BASE, "archer", tmp_path, effect="RANGED(4)")
    (path,) = variant.params["roster"]
    assert Path(path) == (tmp_path / "archer-effect-ranged-4.toml").resolve()
    assert Path(path).read_text(encoding="utf-8") == (
        '# A variant of Archer: effect = "RANGED(4)"; its other fields as in the game it was made from.\n'
        "# Written by shardgames.tactics.variants.warrior_variant; a game reads it with roster=(FILE,).\n"
        "\n"
        "[[warrior]]\n"
        'id = "archer"\n'
        'name = "Archer"\n'
        "cost = 2\n"
        "commander = false\n"
        'uninjured = { name = "Archer", might = 1, move = "ortho 2", effect = "RANGED(4)" }\n'
        'injured = { name = "Archer (injured)", might = 1, move = "none", effect = "RANGED(2)" }\n'
    )
    again = sg.load_game(str(variant))
    assert again == variant
    assert isinstance(again, TacticsGame)
    assert again.roster == variant.roster
    assert pickle.loads(pickle.dumps(variant)).roster == variant.roster
    agents = [sg.RandomAgent(), sg.RandomAgent()]
    serial = sg.tournament(variant, agents, games=4, seed=2, backend="serial", progress=False)
    processes = sg.tournament(variant, agents, games=4, seed=2, workers=2, progress=False)
    assert serial == processes


def test_none_removes_an_effect_and_commanders_can_change_too(tmp_path: Path) -> None:
    variant = warrior_variant(BASE, "archer", tmp_path, effect=None)
    archer = variant.roster[variant.card_number["archer"]]
    assert archer.uninjured.effect is None
    assert archer.injured.effect == EffectSpec("RANGED", (2,))
    commander = warrior_variant(variant, "CMDR Vale", tmp_path, cost=7)
    assert commander.roster[commander.card_number["cmdr-vale"]].cost == 7
    assert commander.roster[commander.card_number["archer"]] == archer  # the first change stays
    assert len(commander.params["roster"]) == 2


def test_the_same_change_gives_the_same_bytes_and_another_base_another_file(tmp_path: Path) -> None:
    one = warrior_variant(BASE, "Knight", tmp_path / "a", might=5, cost=6)
    two = warrior_variant("tactics", "knight", tmp_path / "b", cost=6, might=5)
    first, second = Path(one.params["roster"][0]), Path(two.params["roster"][0])
    assert first.name == second.name == "knight-cost-6-might-5.toml"
    assert first.read_bytes() == second.read_bytes()
    slower = warrior_variant(BASE, "Knight", tmp_path / "a", move="any 1")
    stacked = warrior_variant(slower, "Knight", tmp_path / "a", might=5, cost=6)  # also moves any 1
    assert stacked.params["roster"][-1] != one.params["roster"][0]
    assert tactics(str(one)).roster[one.card_number["knight"]].uninjured.move == parse_move("any 2")
    assert stacked.roster[stacked.card_number["knight"]].uninjured.move == parse_move("any 1")


def test_an_unknown_warrior_and_fields_are_listed_with_what_is_valid(tmp_path: Path) -> None:
    with pytest.raises(CardError) as info:
        warrior_variant(BASE, "Nite", tmp_path, might=2, speed=3)
    unknown, field = info.value.problems
    assert unknown.startswith("warrior: no warrior 'Nite' in the roster of tactics(")
    assert "Militia, Archer, Scout" in unknown
    assert "CMDR Kess" in unknown
    assert field == f"speed: not a field of a warrior; the fields are {', '.join(FIELDS)}"
    assert list(tmp_path.iterdir()) == []


def test_values_out_of_range_or_grammar_are_all_listed(tmp_path: Path) -> None:
    with pytest.raises(CardError) as info:
        warrior_variant(BASE, "Knight", tmp_path, cost=30, might=-1, move="sideways 2", injured_effect="FLY")
    problems = info.value.problems
    assert [p.split(":")[0] for p in problems] == ["cost", "might", "move", "injured_effect"]
    assert problems[0] == "cost: must be an int 0..26, not 30"
    assert "write DIRECTIONS [exact] SPACES [MODE]" in problems[2]
    assert "effects are" in problems[3]
    assert list(tmp_path.iterdir()) == []


def test_a_variant_needs_a_tactics_game_and_a_change(tmp_path: Path) -> None:
    with pytest.raises(UsageError, match="Tactics game"):
        warrior_variant("sota", "Knight", tmp_path, might=5)
    with pytest.raises(UsageError, match="at least one change"):
        warrior_variant(BASE, "Knight", tmp_path)


def test_every_standard_warrior_is_written_back_equal() -> None:
    roster = tactics("tactics").roster
    assert parse_roster({"warrior": [warrior_to_data(card) for card in roster]}) == roster
    odd = attrs.evolve(
        roster[0], uninjured=attrs.evolve(roster[0].uninjured, move=parse_move("ortho 0 jump"))
    )
    assert parse_roster({"warrior": [warrior_to_data(odd)]}) == (odd,)
