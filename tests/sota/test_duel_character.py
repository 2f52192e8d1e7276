"""The Character Duel (SOTA-43 to 46, R16, DX1): an active Character against a defending Character.

Common fixture (rulebook A.3): P1 is seat 0 and active, P2 is seat 1; decks hold 20 filler cards; each
scenario starts at P1's duel-loop decision. The Traits used here (Siphon(Magic) in a non-Magic duel) cannot
be used, so the modifier window passes by itself (E4).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from sota_scenarios import (
    card,
    challenge,
    character_first_game,
    last_duel,
    mill_fillers,
    names,
    phase,
    roll,
    seat,
    start,
    stats_left,
)

import shardgames as sg
from shardgames.sota import SotaState, Stat
from shardgames.sota.actions import ChooseStat, ChooseTarget, DuelWith, EndTurnPhase, Pass
from shardgames.sota.events import CardFractured, CardMilled, CardReturned, DuelDeclared, TurnPhaseEnded
from shardgames.sota.phases import Phase


def with_trait(character: str, trait: str = "ex-siphon-magic") -> dict[str, str]:
    return {"card": character, "trait": trait}


# ---------------------------------------------------------------------- SOTA-43


def test_sota_43_a_losing_defender_moves_its_character_and_trait_to_its_fractured_shards() -> None:
    """SOTA-43: the loser moves its Character (and its Trait) to its own Fractured Shards (P2 loses)."""
    state = start(seat(positions=[with_trait("ex-a")]), seat(positions=[with_trait("ex-d")]))
    a, a_trait = state.slots[0], state.traits[0]
    challenge(state, 0, "agility", (1, 0))
    roll(state, 3, 3, 1, 1)  # 12 against 5
    assert last_duel(state).winner == 0
    assert sorted(names(state, state.shards[1])) == ["ex-d", "ex-siphon-magic"]
    assert (state.slots[3], state.traits[3]) == (-1, -1)
    assert (state.slots[0], state.traits[0]) == (a, a_trait)  # the winner keeps its Character and Trait
    assert state.shards[0] == ()


def test_sota_43_a_losing_attacker_moves_its_character_and_trait_to_its_fractured_shards() -> None:
    """SOTA-43: the loser moves its Character (and its Trait) to its own Fractured Shards (P1 loses)."""
    state = start(seat(positions=[with_trait("ex-a")]), seat(positions=[with_trait("ex-d")]))
    d, d_trait = state.slots[3], state.traits[3]
    challenge(state, 0, "agility", (1, 0))
    roll(state, 1, 1, 6, 6)  # 8 against 15
    assert last_duel(state).winner == 1
    assert sorted(names(state, state.shards[0])) == ["ex-a", "ex-siphon-magic"]
    assert (state.slots[0], state.traits[0]) == (-1, -1)
    assert (state.slots[3], state.traits[3]) == (d, d_trait)
    assert state.shards[1] == ()


# ---------------------------------------------------------------------- SOTA-44


def test_sota_44_if_the_active_player_lost_its_turn_phase_ends() -> None:
    """SOTA-44: if the active player lost, its Turn Phase ends, although it still has a Character, unused
    stats and targets."""
    state = start(seat(positions=["ex-a", "ex-e"]), seat(positions=["ex-d", "ex-c"]))
    challenge(state, 0, "agility", (1, 0))
    roll(state, 1, 1, 6, 6)
    assert last_duel(state).winner == 1
    assert TurnPhaseEnded(0) in state.events
    assert state.active == 1
    assert EndTurnPhase() not in state.history
    assert names(state, [state.slots[1]]) == ["ex-e"]


# ---------------------------------------------------------------------- SOTA-45


def test_sota_45_a_win_while_the_opponent_has_characters_allows_a_new_character_duel_or_the_end() -> None:
    """SOTA-45: if the active player wins while the opponent still has Characters in Duel Positions, it
    starts a new Character Duel (against those Characters) or ends the Turn Phase."""
    state = start(seat(positions=["ex-a"]), seat(positions=["ex-c", "ex-d"]))
    challenge(state, 0, "agility", (1, 0))
    roll(state, 3, 3, 1, 1)
    assert last_duel(state).winner == 0
    assert phase(state) is Phase.DUEL_UNIT
    assert state.legal_actions() == (DuelWith(0), EndTurnPhase())
    state.apply_action(DuelWith(0))
    state.apply_action(ChooseStat(Stat.VITALITY))
    assert state.legal_actions() == (ChooseTarget(1, 1),)  # D; not the Persona
    state.apply_action(ChooseTarget(1, 1))
    assert [e.kind for e in state.events if isinstance(e, DuelDeclared)][-1] == "Character Duel"


def test_sota_45_a_win_against_the_last_character_proceeds_to_the_persona_duel() -> None:
    """SOTA-45: if the active player wins and the opponent has no Character left, play proceeds to the
    Persona Duel."""
    state = start(seat(positions=["ex-a"]), seat(positions=["ex-d"]))
    challenge(state, 0, "agility", (1, 0))
    roll(state, 3, 3, 1, 1)
    assert last_duel(state).winner == 0
    assert state.legal_actions() == (DuelWith(0), EndTurnPhase())
    state.apply_action(DuelWith(0))
    state.apply_action(ChooseStat(Stat.VITALITY))
    assert state.legal_actions() == (ChooseTarget(1, None),)
    state.apply_action(ChooseTarget(1, None))
    assert [e.kind for e in state.events if isinstance(e, DuelDeclared)][-1] == "Persona Duel"


# ---------------------------------------------------------------------- SOTA-46, R16, DX1: ties


def tie(p1_deck: int = 20, p2_deck: int = 20) -> SotaState:
    """Agility 4 against Agility 4 with dice 7 against 7 (DX1); P1 also has A, P2 also has D."""
    state = start(
        seat(positions=[with_trait("ex-agility-4"), "ex-a"], deck=p1_deck),
        seat(positions=[with_trait("ex-agility-4"), "ex-d"], deck=p2_deck),
    )
    challenge(state, 0, "agility", (1, 0))
    roll(state, 3, 4, 2, 5)
    result = last_duel(state)
    assert (result.attacker_total, result.defender_total) == (11, 11)
    assert result.winner is None
    return state


def test_sota_46_a_tie_returns_both_characters_with_traits_under_their_owners_decks() -> None:
    """SOTA-46, R16 (1): on a tie both Characters, each followed by its Trait, go to the bottom of their
    owners' decks."""
    state = tie()
    for owner in (0, 1):
        assert names(state, state.decks[owner].bottom) == ["ex-agility-4", "ex-siphon-magic"]
        assert (state.slots[owner * 3], state.traits[owner * 3]) == (-1, -1)


def test_sota_46_a_tie_returns_card_0_too(tmp_path: Path) -> None:
    """SOTA-46, R16 (1): the Character returned on a tie may be the first card of the game: J, card 0
    of a game whose seat 0 decklist starts with J, ties D (Magic 6 + 1 + 1 against 3 + 2 + 3) and goes
    under its owner's deck."""
    state = start(seat(positions=["ex-j"]), seat(positions=["ex-d"]), game=character_first_game(tmp_path))
    assert state.slots[0] == 0
    challenge(state, 0, "magic", (1, 0))
    roll(state, 1, 1, 2, 3)
    assert last_duel(state).winner is None
    assert state.decks[0].bottom == [0]
    assert state.slots[0] == -1
    assert CardReturned(0, 0, "J, Magic 6") in state.events


def test_sota_43_a_losing_card_0_is_fractured_too(tmp_path: Path) -> None:
    """SOTA-43, 17: the Character that loses may be the first card of the game: J, card 0 of a game whose
    seat 0 decklist starts with J, loses to D (Magic 6 + 1 + 1 against 3 + 6 + 6) and goes to its
    owner's Fractured Shards."""
    state = start(seat(positions=["ex-j"]), seat(positions=["ex-d"]), game=character_first_game(tmp_path))
    assert state.slots[0] == 0
    challenge(state, 0, "magic", (1, 0))
    roll(state, 1, 1, 6, 6)
    assert last_duel(state).winner == 1
    assert 0 in state.shards[0]
    assert state.slots[0] == -1
    assert CardFractured(0, 0, "J, Magic 6") in state.events


def test_sota_46_after_returning_each_duellist_mills_the_top_card_of_its_own_deck() -> None:
    """SOTA-46, R16 (2): then each player moves the top card of its own deck to its own Fractured Shards;
    the active player may continue with its unused stats, or end."""
    state = tie()
    assert state.is_chance_node()
    assert mill_fillers(state) == 2
    moves = [e for e in state.events if isinstance(e, CardReturned | CardMilled)]
    assert [type(e) for e in moves] == [CardReturned] * 4 + [CardMilled] * 2  # return first, then mill
    assert sorted(e.player for e in moves[4:]) == [0, 1]
    assert [names(state, shards) for shards in state.shards] == [["ex-filler"], ["ex-filler"]]
    assert [len(deck) for deck in state.decks] == [20 + 2 - 1, 20 + 2 - 1]
    assert state.active == 0
    assert phase(state) is Phase.DUEL_UNIT
    assert state.legal_actions() == (DuelWith(1), EndTurnPhase())
    assert stats_left(state) == {"vitality", "luck", "magic", "charisma"}


@pytest.mark.parametrize("empty", [0, 1], ids=["p1-deck-empty", "p2-deck-empty"])
def test_sota_r16_with_an_empty_deck_the_returned_character_itself_is_milled(empty: int) -> None:
    """SOTA-R16: the literal order (return, then mill) is kept: with an empty deck, the duellist mills the
    Character it has just returned, and its Trait stays as the only card of the deck."""
    state = tie(p1_deck=0 if empty == 0 else 20, p2_deck=0 if empty == 1 else 20)
    mill_fillers(state)
    assert names(state, state.shards[empty]) == ["ex-agility-4"]
    assert names(state, state.decks[empty].cards()) == ["ex-siphon-magic"]
    other = 1 - empty
    assert names(state, state.shards[other]) == ["ex-filler"]
    assert names(state, state.decks[other].bottom) == ["ex-agility-4", "ex-siphon-magic"]
    assert all(state.alive)  # an empty deck alone loses nothing (SOTA-R2)


def test_sota_r16_a_duellist_with_an_empty_deck_mills_nothing() -> None:
    """SOTA-R16 (2): each duellist mills its own top card; nothing happens if that deck is empty (a Persona
    vs Character tie: P1's Persona returns nothing and P1's deck is empty)."""
    state = start(seat(persona="ex-p1-persona", deck=0), seat(positions=["ex-g"]))
    challenge(state, "persona", "charisma", (1, 0))
    roll(state, 1, 1, 3, 4)  # 6+2 against 1+7
    state.apply_action(Pass())  # P1 keeps its Flourish
    assert last_duel(state).winner is None
    assert mill_fillers(state) == 1
    assert [e.player for e in state.events if isinstance(e, CardMilled)] == [1]
    assert state.shards[0] == ()
    assert len(state.decks[0]) == 0
    assert all(state.alive)  # a tie eliminates nobody (SOTA-R2)


def test_sota_dx1_character_duel_tie_then_the_persona_is_the_next_target() -> None:
    """DX1 (SOTA-46, R16): Agility 4 against 4, dice 7 against 7: both Characters (then their Traits) go
    under the decks, each player mills its top card; with no Character left, P2's Persona is P1's next
    target."""
    state = start(
        seat(positions=[with_trait("ex-agility-4"), "ex-a"]),
        seat(positions=[with_trait("ex-agility-4")]),
    )
    challenge(state, 0, "agility", (1, 0))
    roll(state, 3, 4, 2, 5)
    assert last_duel(state).winner is None
    assert mill_fillers(state) == 2
    for owner in (0, 1):
        assert names(state, state.decks[owner].bottom) == ["ex-agility-4", "ex-siphon-magic"]
        assert names(state, state.shards[owner]) == ["ex-filler"]
    a = card(state, 0, "ex-a")
    assert state.slots[1] == a
    state.apply_action(DuelWith(1))
    state.apply_action(ChooseStat(Stat.MAGIC))
    assert state.legal_actions() == (ChooseTarget(1, None),)


def test_sota_r18_a_duel_in_progress_is_public_so_a_determinisation_has_it_unchanged() -> None:
    """SOTA-R18: the duel being fought (unit, stat and target chosen, no result yet) is known to every
    seat, so a table sampled from either seat's view holds the same duel, its totals still unset."""
    state = start(seat(positions=["ex-a"]), seat(positions=["ex-c"]))
    challenge(state, 0, "agility", (1, 0))
    assert state.is_chance_node()  # the dice are next
    for viewer in (0, 1):
        sample = state.view(viewer).sample_state(sg.Rng(viewer))
        assert isinstance(sample, SotaState)
        assert sample.duel == state.duel
