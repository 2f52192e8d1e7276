"""Variants for experiments: a Shard Command game with one card changed (`card_variant`)."""

from __future__ import annotations

import pickle
from pathlib import Path

import attrs
import pytest

import shardgames as sg
from shardgames.command.cards import EntityCard
from shardgames.command.game import CommandGame
from shardgames.command.variants import card_variant
from shardgames.kernel.errors import CardError, InvalidParameterError, UsageError

BASE = "command(decks=(pyre,stoneguard),max_turns=12)"


def command(spec: str) -> CommandGame:
    game = sg.load_game(spec)
    assert isinstance(game, CommandGame)
    return game


def test_the_variant_changes_the_card_and_nothing_else(tmp_path: Path) -> None:
    base = command(BASE)
    variant = card_variant(BASE, "Ash Hound", tmp_path, force=4)
    assert [d.name for d in variant.designs] == [d.name for d in base.designs]
    for before, after in zip(base.designs, variant.designs, strict=True):
        if before.name == "Ash Hound":
            assert isinstance(before, EntityCard)
            assert after == attrs.evolve(before, force=4)
        else:
            assert after == before
    assert variant.decklists == base.decklists
    assert variant.kind_of == base.kind_of
    hound = next(info for info in variant.infos if info.card.name == "Ash Hound")
    assert hound.force == 4
    state = variant.new_initial_state(seed=3)
    numbers = [n for n in state.game.deck_cards[0] if state.game.card_info[n].card.name == "Ash Hound"]
    assert len(numbers) == 8  # Pyre plays 8: a vanilla Entity may go over 4 copies
    assert all(state.game.card_info[n].force == 4 for n in numbers)
    assert variant.params["max_turns"] == 12


def test_the_variant_is_a_file_named_by_the_change_and_its_game_string_round_trips(tmp_path: Path) -> None:
    variant = card_variant(BASE, "ash hound", tmp_path, force=4)
    (path,) = variant.params["cards"]
    assert Path(path) == (tmp_path / "ash-hound-force-4.toml").resolve()
    assert path in str(variant)
    again = sg.load_game(str(variant))
    assert again == variant
    assert isinstance(again, CommandGame)
    assert again.designs == variant.designs
    assert pickle.loads(pickle.dumps(variant)).designs == variant.designs
    record = sg.play_match(variant, [sg.RandomAgent(), sg.RandomAgent()], seed=1)
    assert record.game == str(variant)
    assert sg.load_game(record.game).replay(record.seed, record.history).returns() == record.returns


def test_a_deck_over_its_budget_plays_without_budgets_and_one_under_keeps_its_format(tmp_path: Path) -> None:
    """Budgets are deck-building rules: a stronger card (priced higher) keeps its decks playable."""
    assert card_variant(BASE, "Ash Hound", tmp_path, force=4).params["format"] == "none"
    assert card_variant(BASE, "Ash Hound", tmp_path, force=2).params["format"] == "standard"


def test_variants_add_up_and_the_same_change_gives_the_same_file(tmp_path: Path) -> None:
    first = card_variant(BASE, "Ash Hound", tmp_path / "a", force=4, durability=3)
    second = card_variant(BASE, "Ash Hound", tmp_path / "b", durability=3, force=4)
    (one,), (two,) = first.params["cards"], second.params["cards"]
    assert Path(one).name == Path(two).name == "ash-hound-force-4-durability-3.toml"
    assert Path(one).read_bytes() == Path(two).read_bytes()
    both = card_variant(first, "Ember Sprite", tmp_path / "a", cost="1F")
    assert both.params["cards"] == (one, str((tmp_path / "a" / "ember-sprite-cost-1f.toml").resolve()))
    by_name = {d.name: d for d in both.designs}
    assert (by_name["Ash Hound"].force, str(by_name["Ember Sprite"].cost)) == (4, "1F")  # type: ignore[attr-defined]


def test_a_file_made_from_another_game_is_never_overwritten(tmp_path: Path) -> None:
    tougher = card_variant(BASE, "Ash Hound", tmp_path, durability=3)
    plain = card_variant(BASE, "Ash Hound", tmp_path, force=4)
    stacked = card_variant(tougher, "Ash Hound", tmp_path, force=4)  # durability 3 and force 4
    assert stacked.params["cards"][-1] != plain.params["cards"][-1]
    hounds = [
        next(d for d in game.designs if d.name == "Ash Hound")
        for game in (plain, stacked, sg.load_game(str(plain)))
    ]
    assert [(h.force, h.durability) for h in hounds] == [(4, 2), (4, 3), (4, 2)]  # type: ignore[attr-defined]


def test_the_file_holds_the_whole_card_as_the_format_writes_it(tmp_path: Path) -> None:
    variant = card_variant(BASE, "Ash Hound", tmp_path, force=4)
    assert Path(variant.params["cards"][0]).read_text(encoding="utf-8") == (
        "# A variant of Ash Hound: force = 4; its other fields as in the game it was made from.\n"
        "# Written by shardgames.command.variants.card_variant; a game reads it with cards=(FILE,).\n"
        "\n"
        "[[card]]\n"
        'name = "Ash Hound"\n'
        'type = "entity"\n'
        'identity = ["fire"]\n'
        'cost = "1F"\n'
        "force = 4\n"
        "durability = 2\n"
        "keywords = []\n"
    )


def test_an_unknown_card_names_the_cards_of_the_decks(tmp_path: Path) -> None:
    with pytest.raises(CardError) as info:
        card_variant(BASE, "Ash Hund", tmp_path, force=4, might=2)
    problems = info.value.problems
    assert len(problems) == 2
    assert "no card named 'Ash Hund'" in problems[0]
    assert "did you mean 'Ash Hound'?" in problems[0]
    assert "Ember Sprite" in problems[0]
    assert "Ridge Recruit" in problems[0]  # seat 1's deck too
    assert problems[1].startswith("might: ")
    assert "identity, cost, force, durability, keywords, text" in problems[1]
    assert list(tmp_path.iterdir()) == []


def test_a_field_the_card_does_not_have_names_the_fields_it_has(tmp_path: Path) -> None:
    with pytest.raises(CardError) as info:
        card_variant("command(decks=(pyre,stoneguard))", "Spark", tmp_path, force=3, durability=1)
    assert info.value.problems == (
        "force: Spark has no such field; its fields are identity, cost, keywords, text",
        "durability: Spark has no such field; its fields are identity, cost, keywords, text",
    )


def test_values_that_break_the_design_rules_are_all_listed(tmp_path: Path) -> None:
    with pytest.raises(CardError) as info:
        card_variant(BASE, "Ash Hound", tmp_path, force=-1, cost="2Q", keywords=["nonsense"])
    text = str(info.value)
    assert len(info.value.problems) >= 3
    assert all(not p.startswith("card[0]") for p in info.value.problems)
    assert "force" in text
    assert "cost" in text
    assert "nonsense" in text
    assert list(tmp_path.iterdir()) == []


def test_a_change_that_breaks_a_deck_rule_says_which(tmp_path: Path) -> None:
    """Ridge Recruit is played 8 times: as a vanilla Entity (CMD-3); with a keyword it would not be."""
    with pytest.raises(InvalidParameterError, match="at most 4 of a card unless it is a vanilla"):
        card_variant(BASE, "Ridge Recruit", tmp_path, keywords=["aerial"])


def test_a_variant_needs_a_command_game_and_a_change(tmp_path: Path) -> None:
    with pytest.raises(UsageError, match="Shard Command game"):
        card_variant("tactics", "Ash Hound", tmp_path, force=4)
    with pytest.raises(UsageError, match="at least one change"):
        card_variant(BASE, "Ash Hound", tmp_path)


def test_a_variant_plays_the_same_tournament_serially_and_in_processes(tmp_path: Path) -> None:
    variant = card_variant("command(max_turns=6)", "Ash Hound", tmp_path, force=4)
    agents = [sg.RandomAgent(), sg.RandomAgent()]
    serial = sg.tournament(variant, agents, games=4, seed=2, backend="serial", progress=False)
    processes = sg.tournament(variant, agents, games=4, seed=2, workers=2, progress=False)
    assert serial == processes
    assert serial.game == str(variant)


def test_a_bad_field_and_a_bad_value_are_listed_together(tmp_path: Path) -> None:
    with pytest.raises(CardError) as info:
        card_variant(BASE, "Ash Hound", tmp_path, might=2, cost="2Q")
    (field, value) = info.value.problems
    assert field.startswith("might: Ash Hound has no such field")
    assert value.startswith("cost: '2Q' is not a Shard cost")
