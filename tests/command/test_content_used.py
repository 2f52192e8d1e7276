"""What each seat used in a Shard Command game: the cards it played, by name (`content_used`)."""

from __future__ import annotations

import pytest
from command_scenarios import main_phase, play, resolve, shipped
from playing import play_to_end

import shardgames as sg
from shardgames.command.events import CardPlayed


def test_played_cards_are_used_by_name_once_each_in_order() -> None:
    state = main_phase(
        shipped("pyre", "stoneguard"),
        {"hand": ["Ash Hound", "Ember Sprite", "Ash Hound"], "unused": "3G 3F"},
        {},
    )
    assert state.content_used() == ((), ())
    for name in ("Ash Hound", "Ember Sprite", "Ash Hound"):
        play(state, 0, name)
        resolve(state)
    assert state.content_used() == (("Ash Hound", "Ember Sprite"), ())


@pytest.mark.parametrize(
    "spec", ["command(max_turns=12)", "command(decks=(tidewell,chronovoid),max_turns=10)"]
)
@pytest.mark.parametrize("seed", [1, 2])
def test_random_games_use_the_cards_played_and_never_the_sovereign(spec: str, seed: int) -> None:
    state = play_to_end(sg.load_game(spec), seed)
    expected: list[list[str]] = [[], []]
    for event in state.events:
        if isinstance(event, CardPlayed) and event.name not in expected[event.seat]:
            expected[event.seat].append(event.name)
    used = state.content_used()
    assert used == tuple(tuple(names) for names in expected)
    for deck, names in zip(state.game.decklists, used, strict=True):
        assert deck.sovereign not in names
        assert set(names) <= {name for name, _ in deck.main}
    assert any(used)
    assert state.game.content_kind == "cards"
