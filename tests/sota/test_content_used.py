"""What each seat used in a SOTA game: its Persona and the cards it put on the table (`content_used`)."""

from __future__ import annotations

import pytest
from playing import play_to_end
from sota_scenarios import local, seat, start

import shardgames as sg
from shardgames.sota.actions import AssignTrait, Place, PlayAlly, Swap
from shardgames.sota.events import AllyPlayed, CharacterPlaced, CharacterSwapped, PersonaChosen, TraitAssigned


def test_placed_characters_traits_and_allies_are_used_in_order() -> None:
    state = start(
        seat(hand=["ex-a", "ex-grit", "ex-e"]),
        seat(hand=["ex-c", "ex-ally-magic-1"]),
        phase="position",
    )
    assert state.content_used() == ((), ())  # a position knows only what happens from there
    state.apply_action(Place(local(state, 0, "ex-a"), 0))
    state.apply_action(Place(local(state, 1, "ex-c"), 0))
    state.apply_action(AssignTrait(local(state, 0, "ex-grit"), 0))
    state.apply_action(PlayAlly(local(state, 1, "ex-ally-magic-1")))
    assert state.content_used() == (("A, Agility 6", "Trait grit"), ("C, Magic 6", "Ally magic +1"))


def test_a_character_swapped_into_a_full_row_is_used() -> None:
    state = start(
        seat(hand=["ex-j"], positions=["ex-a", "ex-e", "ex-f"]),
        seat(hand=["ex-c"]),
        phase="position",
    )
    state.apply_action(Swap(0, local(state, 0, "ex-j")))
    assert state.content_used()[0] == ("J, Magic 6",)


@pytest.mark.parametrize("spec", ["sota", "sota(players=3,max_turn_phases=30)"])
@pytest.mark.parametrize("seed", [1, 2])
def test_random_games_use_the_chosen_persona_then_the_cards_placed_played_and_assigned(
    spec: str, seed: int
) -> None:
    state = play_to_end(sg.load_game(spec), seed)
    kinds = (PersonaChosen, CharacterPlaced, CharacterSwapped, AllyPlayed, TraitAssigned)
    expected: list[list[str]] = [[] for _ in range(state.num_players)]
    for event in state.events:
        if isinstance(event, kinds) and event.name not in expected[event.player]:
            expected[event.player].append(event.name)
    used = state.content_used()
    assert used == tuple(tuple(names) for names in expected)
    for player, names in enumerate(used):
        persona = next(e for e in state.events if isinstance(e, PersonaChosen) and e.player == player)
        assert names[0] == persona.name
        assert len(names) > 1
    assert state.game.content_kind == "cards"
