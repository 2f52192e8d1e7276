"""Variants for experiments: a SOTA game with one card changed (`card_variant`)."""

from __future__ import annotations

import pickle
from pathlib import Path

import attrs
import pytest
from sota_scenarios import DATA

import shardgames as sg
from shardgames.kernel.errors import CardError, UsageError
from shardgames.sota import SotaGame
from shardgames.sota.cards import CharacterCard, PersonaCard, Stats, starter_decks
from shardgames.sota.variants import card_variant


def sota(spec: str) -> SotaGame:
    game = sg.load_game(spec)
    assert isinstance(game, SotaGame)
    return game


def test_the_variant_changes_the_card_and_nothing_else(tmp_path: Path) -> None:
    base = sota("sota(max_turn_phases=40)")
    variant = card_variant(base, "Casstia", tmp_path, magic=5, charisma=3)
    casstia = base.pool["casstia"]
    assert isinstance(casstia, CharacterCard)
    changed = attrs.evolve(casstia, stats=attrs.evolve(casstia.stats, magic=5, charisma=3))
    assert variant.kinds == tuple(changed if card.id == "casstia" else card for card in base.kinds)
    assert variant.decklists == base.decklists
    assert variant.kind_of == base.kind_of
    instances = [i for i, name in enumerate(variant.names) if name == "Casstia"]
    assert instances
    for i, (before, after) in enumerate(zip(base.stats, variant.stats, strict=True)):
        assert after == ((3, 2, 2, 5, 3) if i in instances else before)
    assert variant.signed_bonus == base.signed_bonus
    assert variant.params["max_turn_phases"] == 40
    state = variant.new_initial_state(seed=1)
    assert state.game.stats[instances[0]] == (3, 2, 2, 5, 3)


def test_every_seat_whose_deck_holds_the_card_plays_the_variant(tmp_path: Path) -> None:
    variant = card_variant(
        "sota(players=3,decks=(ember,tide,ember))", "casstia", tmp_path, magic=5, charisma=3
    )
    path = str((tmp_path / "casstia-magic-5-charisma-3.toml").resolve())
    assert variant.params["decks"] == (f"{path}#ember", "tide", f"{path}#ember")
    assert [deck.name for deck in variant.decklists] == ["ember", "tide", "ember"]
    assert variant.decklists[0] == starter_decks()["ember"]


def test_the_game_string_round_trips_and_plays_the_same_everywhere(tmp_path: Path) -> None:
    variant = card_variant("sota(max_turn_phases=12)", "Vael, Kiln-Warden", tmp_path, magic=7, charisma=5)
    persona = variant.pool["ember-persona-vael"]
    assert isinstance(persona, PersonaCard)
    assert persona.stats == Stats(4, 3, 1, 7, 5)
    again = sg.load_game(str(variant))
    assert again == variant
    assert isinstance(again, SotaGame)
    assert again.kinds == variant.kinds
    assert pickle.loads(pickle.dumps(variant)).kinds == variant.kinds
    agents = [sg.RandomAgent(), sg.RandomAgent()]
    serial = sg.tournament(variant, agents, games=4, seed=2, backend="serial", progress=False)
    processes = sg.tournament(variant, agents, games=4, seed=2, workers=2, progress=False)
    assert serial == processes


def test_a_deck_from_a_card_file_is_written_out_with_its_own_cards(tmp_path: Path) -> None:
    """The variant's file is read on its own (with the Starter Deck cards): it carries the deck's cards."""
    base = sota(f"sota(decks=('{DATA}#p1','{DATA}#p2'))")
    variant = card_variant(base, "ex-a", tmp_path, agility=5, vitality=4)
    changed = attrs.evolve(base.pool["ex-a"], stats=Stats(5, 4, 2, 2, 2))
    assert variant.kinds == tuple(changed if card.id == "ex-a" else card for card in base.kinds)
    path = (tmp_path / "ex-a-agility-5-vitality-4.toml").resolve()
    assert variant.params["decks"] == (f"{path}#p1", f"{path}#p2")  # p2's file would define ex-a again
    assert variant.decklists == base.decklists


def test_variants_add_up_and_the_same_change_gives_the_same_bytes(tmp_path: Path) -> None:
    first = card_variant("sota", "casstia", tmp_path / "a", magic=5, charisma=3)
    second = card_variant("sota", "Casstia", tmp_path / "b", charisma=3, magic=5)
    one, two = (Path(game.params["decks"][0].partition("#")[0]) for game in (first, second))
    assert one.name == two.name == "casstia-magic-5-charisma-3.toml"
    assert one.read_bytes() == two.read_bytes()
    both = card_variant(first, "ember-ally-agility-1", tmp_path / "a", stat="luck")
    assert both.pool["casstia"] == first.pool["casstia"]
    assert both.pool["ember-ally-agility-1"].stat.value == "luck"  # type: ignore[union-attr]


def test_an_unknown_card_and_unknown_fields_are_listed_with_what_is_valid(tmp_path: Path) -> None:
    with pytest.raises(CardError) as info:
        card_variant("sota", "Casstie", tmp_path, magic=5)
    (problem,) = info.value.problems
    assert "no card 'Casstie'" in problem
    assert "did you mean 'casstia' (Casstia)?" in problem
    assert "ember-brisenne" in problem
    assert "tide-" in problem  # seat 1's deck too
    with pytest.raises(CardError) as info:
        card_variant("sota", "ember-ally-agility-1", tmp_path, magic=2, value=2)
    assert info.value.problems == (
        "magic: Darting Spark (an ally) has no such field; its fields are stat, value",
    )
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    ("card", "changes", "expected"),
    [
        ("casstia", {"magic": 7}, ["magic: must be an int 1..6, not 7", "stats: must sum to 15, not 16"]),
        (
            "ember-persona-vael",
            {"trait": "dance"},
            ["trait: 'dance' is not one of flourish, muse, critique, encore"],
        ),
        ("ember-brisenne", {"signed_bonus": 3}, ["signed_bonus: must be an int 1..2, not 3"]),
        ("livaris", {"twin_pair": None}, ["twin_pair: a twin needs the key it shares with its partner"]),
        (
            "ember-ally-agility-1",
            {"value": 4, "stat": "grace"},
            ["stat: 'grace' is not one of", "value: must be 1, 2"],
        ),
    ],
)
def test_values_that_break_the_design_rules_are_all_listed(
    tmp_path: Path, card: str, changes: dict[str, object], expected: list[str]
) -> None:
    with pytest.raises(CardError) as info:
        card_variant("sota", card, tmp_path, **changes)
    problems = info.value.problems
    assert len(problems) == len(expected)
    assert all(problem.startswith(start) for problem, start in zip(problems, expected, strict=True))
    assert list(tmp_path.iterdir()) == []


def test_a_variant_needs_a_sota_game_and_a_change(tmp_path: Path) -> None:
    with pytest.raises(UsageError, match="SOTA game"):
        card_variant("command", "casstia", tmp_path, magic=5)
    with pytest.raises(UsageError, match="at least one change"):
        card_variant("sota", "casstia", tmp_path)


def test_a_bad_field_and_a_bad_value_are_listed_together(tmp_path: Path) -> None:
    with pytest.raises(CardError) as info:
        card_variant("sota", "casstia", tmp_path, trait="muse", magic=0)
    assert info.value.problems[0] == (
        "trait: Casstia (a character) has no such field; "
        "its fields are agility, vitality, luck, magic, charisma, variant, signed_bonus, twin_pair"
    )
    assert info.value.problems[1] == "magic: must be an int 1..6, not 0"
