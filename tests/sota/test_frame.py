"""The game frame: SOTA-1, 2 (the objective, as R2 reads it), 6 to 20 (card types, variants, stats,
zones), R1 (3+ players), R5, R22, R23, D6 and D7.

Scenario tests start from positions of the scenario decks (tests/sota/data/scenarios.toml) in
explicit-chance mode; card-data tests read the Starter Decks.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import attrs
import numpy as np
import numpy.typing as npt
import pytest
from playing import random_step
from sota_scenarios import (
    card,
    challenge,
    character_first_game,
    last_duel,
    local,
    mill_fillers,
    names,
    phase,
    roll,
    scenario_game,
    seat,
    start,
)

import shardgames as sg
from shardgames.kernel.errors import InvalidParameterError, PositionError
from shardgames.sota import SotaState
from shardgames.sota.actions import (
    AssignTrait,
    ChooseStat,
    ChooseTarget,
    Draw,
    DuelWith,
    DuelWithTwins,
    EndTurnPhase,
    Pass,
    Place,
    RespondTwin,
    Swap,
    UseAlly,
    UseRAlly,
    UseTrait,
)
from shardgames.sota.cards import (
    STATS,
    AllyCard,
    CharacterCard,
    DeckEntry,
    PersonaCard,
    PersonaTrait,
    Stat,
    Stats,
    TraitCard,
    TraitKind,
    Variant,
    starter_decks,
    starter_pool,
)
from shardgames.sota.constants import (
    ALLY,
    CHARACTER,
    DUEL_POSITIONS,
    HAND_MAX,
    MAX_DECK,
    MAX_PLAYERS,
    MAX_TURN_PHASES,
    MIN_PLAYERS,
    OPENING_HAND,
    PERSONA,
    TRAIT,
)
from shardgames.sota.events import (
    CardDrawn,
    CardFractured,
    CardMilled,
    DuelDeclared,
    PlayerEliminated,
)
from shardgames.sota.game import SotaGame
from shardgames.sota.phases import Phase, SotaPrompt


def deck_cards(name: str) -> list[Any]:
    pool = starter_pool()
    return [pool[card_id] for card_id in starter_decks()[name].card_ids()]


def all_starter_cards() -> list[Any]:
    return [c for name in starter_decks() for c in deck_cards(name)]


# ---------------------------------------------------------------------- SOTA-1: players


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_sota_1_two_to_six_players_each_with_their_own_deck(players: int) -> None:
    """SOTA-1 (S:L3), R1: two or more players duel, each with their own Shard Deck (2 to 6 seats are
    supported); a few random steps of play stay within each seat's own cards."""
    game = sg.load_game("sota", players=players)
    assert isinstance(game, SotaGame)
    assert game.num_players == players
    assert len(game.decklists) == players
    state = game.new_initial_state(seed=players)
    assert isinstance(state, SotaState)
    rng = sg.Rng(players)
    for _ in range(150):
        if state.is_terminal():
            break
        random_step(state, rng)
    assert state.active in range(players)
    for seat_index in range(players):
        own = set(game.entries[seat_index])
        zones = [*state.hands[seat_index], *state.decks[seat_index].cards(), *state.shards[seat_index]]
        zones += [state.slots[i] for i in state.seat_slots(seat_index) if state.slots[i] >= 0]
        assert zones
        assert set(zones) <= own  # every seat plays only its own cards
        assert state.persona[seat_index] in own or not state.alive[seat_index]


@pytest.mark.parametrize("players", [1, 7])
def test_sota_1_fewer_than_2_or_more_than_6_players_are_rejected(players: int) -> None:
    """SOTA-1, R1: the supported player counts are 2 to 6."""
    with pytest.raises(InvalidParameterError):
        sg.load_game("sota", players=players)


# ---------------------------------------------------------------------- SOTA-2, R2: the objective


def test_sota_2_an_empty_deck_alone_is_not_a_loss() -> None:
    """SOTA-2 (S:L7-8) read with SOTA-R2: an empty Shard Deck alone is not a loss; that player keeps
    playing from hand."""
    state = start(seat(positions=["ex-a"]), seat(hand=["ex-c"], deck=0), turn=3)
    assert len(state.decks[1]) == 0
    state.apply_action(EndTurnPhase())
    assert not state.is_terminal()
    assert state.alive == [True, True]
    assert state.active == 1
    assert state.history[-1] == Draw(0)  # P2's Gather: nothing to draw, applied by itself
    assert state.current_player == 0
    state.apply_action(Draw(0))  # P1's Gather
    assert state.current_player == 1
    assert phase(state) is Phase.POSITION  # P2 plays from hand
    state.apply_action(Place(local(state, 1, "ex-c"), 0))
    assert names(state, [state.slots[3]]) == ["ex-c"]


def test_sota_2_losing_a_character_with_an_empty_deck_is_not_a_loss() -> None:
    """SOTA-2 read with SOTA-R2: only a Persona on the losing side of a duel, with an empty deck, loses;
    a Character lost with an empty deck does not end the game."""
    state = start(seat(positions=["ex-a"]), seat(positions=["ex-c"], deck=0))
    challenge(state, 0, "agility", (1, 0))
    roll(state, 6, 6, 1, 1)
    assert last_duel(state).winner == 0
    assert not state.is_terminal()
    assert state.alive == [True, True]
    state.apply_action(DuelWith(0))
    state.apply_action(ChooseStat(Stat.MAGIC))
    assert state.legal_actions() == (ChooseTarget(1, None),)  # the Persona is next, not yet defeated


def test_sota_2_a_tie_that_empties_the_deck_is_not_a_loss() -> None:
    """SOTA-2 read with SOTA-R2: a tie mill that empties a deck is not a loss, because the Persona did
    not lose the duel (Persona vs Persona tie, both mill 1, P2's last card)."""
    state = start(seat(persona="ex-p1-persona"), seat(persona="ex-p2-persona", deck=1))
    challenge(state, "persona", "magic", (1, None))  # Magic 6 against Magic 3
    roll(state, 1, 1, 2, 3)  # 8 against 8
    state.apply_action(Pass())
    state.apply_action(Pass())
    assert last_duel(state).winner is None
    assert mill_fillers(state) == 2
    assert len(state.decks[1]) == 0
    assert not state.is_terminal()
    assert state.alive == [True, True]
    assert phase(state) is Phase.DUEL_UNIT  # P1 may go on


def test_sota_2_a_persona_that_loses_with_cards_left_is_not_out() -> None:
    """SOTA-2 read with SOTA-R2: the objective needs the deck emptied; a Persona that loses a duel while
    cards remain after the mill keeps its player in the game."""
    state = start(seat(positions=["ex-j"]), seat(persona="ex-p2-persona", deck=5))
    challenge(state, 0, "magic", (1, None))  # J Magic 6 against the Persona's Magic 3
    roll(state, 3, 3, 3, 3)
    state.apply_action(Pass())
    assert mill_fillers(state) == 3
    assert len(state.decks[1]) == 2
    assert state.alive == [True, True]
    assert not state.is_terminal()


# ---------------------------------------------------------------------- SOTA-6 to 19: cards


def test_sota_6_four_card_types() -> None:
    """SOTA-6 (S:L51): there are four card types: Persona, Character, Ally, Trait; every Starter Deck
    holds all four and nothing else."""
    for name in starter_decks():
        types = Counter(type(c) for c in deck_cards(name))
        assert set(types) == {PersonaCard, CharacterCard, AllyCard, TraitCard}
    game = sg.load_game("sota")
    assert isinstance(game, SotaGame)
    codes = {game.card_type[c] for seat_cards in game.entries for c in seat_cards}
    assert codes == {PERSONA, CHARACTER, ALLY, TRAIT}


def test_sota_7_a_persona_is_stronger_and_has_one_trait() -> None:
    """SOTA-7 (S:L54-56): a Persona is the deck's hero, has one unique Trait ability and is stronger than
    a Standard Character (its stats sum to 20 against 15, SOTA-D2)."""
    cards = all_starter_cards()
    personas = [c for c in cards if isinstance(c, PersonaCard)]
    standard = [c for c in cards if isinstance(c, CharacterCard) and c.variant is Variant.STANDARD]
    assert personas
    assert min(p.stats.total for p in personas) > max(c.stats.total for c in standard)
    assert all(isinstance(p.trait, PersonaTrait) for p in personas)
    for name in starter_decks():
        traits = [c.trait for c in deck_cards(name) if isinstance(c, PersonaCard)]
        assert len(set(traits)) == len(traits)  # unique within its deck


def test_sota_8_three_character_variants() -> None:
    """SOTA-8 (S:L58-59): Characters come in three variants: Standard, Signed (signable), Twin."""
    assert {v.value for v in Variant} == {"standard", "signable", "twin"}
    for name in starter_decks():
        variants = {c.variant for c in deck_cards(name) if isinstance(c, CharacterCard)}
        assert variants == set(Variant)


def test_sota_9_a_standard_character_has_no_bonus_but_holds_a_trait_and_uses_allies() -> None:
    """SOTA-9 (S:L62): a Standard Character has no bonus (even with every copy marked signed); it may
    hold a Trait and benefit from Allies."""
    game = scenario_game(signed=("all",))
    state = start(
        seat(hand=["ex-grit"], positions=["ex-a"], allies=["ex-ally-agility-2"]),
        seat(positions=["ex-c"]),
        game=game,
        phase="bolster",
    )
    a = card(state, 0, "ex-a")
    assert game.signed_bonus[a] == 0
    state.apply_action(AssignTrait(local(state, 0, "ex-grit"), 0))
    assert state.traits[0] == card(state, 0, "ex-grit")
    challenge(state, 0, "agility", (1, 0))
    roll(state, 1, 1, 1, 1)
    assert set(state.legal_actions()) == {Pass(), UseTrait(0), UseAlly(2)}
    state.apply_action(UseAlly(2))
    state.apply_action(Pass())  # after P2's automatic pass: two passes in succession
    assert (last_duel(state).attacker_total, last_duel(state).defender_total) == (6 + 2 + 2, 2 + 2)


@pytest.mark.parametrize(
    ("signed", "b_bonus", "f_bonus"),
    [("decklist", 1, 0), ("all", 1, 1), ("none", 0, 0)],
)
def test_sota_10_the_signed_bonus_counts_only_for_a_signed_copy(
    signed: str, b_bonus: int, f_bonus: int
) -> None:
    """SOTA-10 (S:L65-69), R4: a signable Character adds its Signed Bonus to its Stat Total in a duel only
    if that physical copy is signed (B is signed in P2's decklist, F is not)."""
    game = scenario_game(signed=(signed,))
    state = start(seat(positions=["ex-f"]), seat(positions=["ex-b"]), game=game)
    assert game.signed_bonus[card(state, 1, "ex-b")] == b_bonus
    assert game.signed_bonus[card(state, 0, "ex-f")] == f_bonus
    challenge(state, 0, "agility", (1, 0))  # F Agility 2, B Agility 3
    roll(state, 1, 1, 1, 2)
    result = last_duel(state)
    assert (result.attacker_total, result.defender_total) == (2 + 2 + f_bonus, 3 + 3 + b_bonus)


def test_sota_10_a_signed_character_holds_traits_and_uses_allies() -> None:
    """SOTA-10 (S:L69): a Signed Character may hold Traits and benefit from Allies."""
    state = start(
        seat(positions=["ex-a"]),
        seat(hand=["ex-grit"], positions=["ex-b"], allies=["ex-ally-agility-1"]),
        phase="bolster",
        to_act=1,
    )
    state.apply_action(AssignTrait(local(state, 1, "ex-grit"), 0))
    challenge(state, 0, "agility", (1, 0))
    roll(state, 1, 1, 1, 1)
    assert set(state.legal_actions()) == {Pass(), UseTrait(0), UseAlly(1)}  # P1 passed by itself


def test_sota_11_a_twin_alone_behaves_as_a_standard_character() -> None:
    """SOTA-11 (S:L72): a Twin alone behaves as a Standard Character: no pair option, no bonus."""
    game = scenario_game(signed=("all",))
    state = start(seat(positions=["livaris", "ex-a"]), seat(positions=["ex-c"]), game=game)
    assert set(state.legal_actions()) == {DuelWith(0), DuelWith(1), EndTurnPhase()}
    assert game.signed_bonus[card(state, 0, "livaris")] == 0
    challenge(state, 0, "magic", (1, 0))  # Livaris Magic 5 against C Magic 6
    roll(state, 3, 3, 1, 1)
    assert (last_duel(state).attacker_total, last_duel(state).defender_total) == (11, 8)


def test_sota_11_a_matching_pair_in_duel_positions_may_duel_together() -> None:
    """SOTA-11 (S:L72, L76): if both halves of a matching pair are in the owner's Duel Positions, the
    owner may combine them in a Twin Character Duel; matching is shown by the shared pair key."""
    pool = starter_pool()
    livaris, saravel = pool["livaris"], pool["saravel"]
    assert isinstance(livaris, CharacterCard)
    assert isinstance(saravel, CharacterCard)
    assert livaris.variant is saravel.variant is Variant.TWIN
    assert livaris.twin_pair is not None
    assert livaris.twin_pair == saravel.twin_pair
    state = start(seat(positions=["livaris", "ex-a", "saravel"]), seat(positions=["ex-c"]))
    assert DuelWithTwins(0, 2) in state.legal_actions()


DOUBLE_HALF_DECK = """
[[deck]]
name = "double"
cards = ["ember-persona-vael", "livaris", "livaris", "saravel", "casstia", "casstia", "casstia", "casstia"]
"""


def double_half_game(tmp_path: Path) -> SotaGame:
    """Two seats playing a legal deck with two copies of Livaris (R3: no other copy limits)."""
    path = tmp_path / "twins.toml"
    path.write_text(DOUBLE_HALF_DECK, encoding="utf-8")
    deck = f"{path}#double"
    game = sg.load_game("sota", decks=(deck, deck), chance="explicit")
    assert isinstance(game, SotaGame)
    return game


def test_sota_11_two_copies_of_one_half_are_not_a_matching_pair(tmp_path: Path) -> None:
    """SOTA-11 (S:L72, L76): only both halves of a matching pair combine in a Twin Duel; two copies of
    the same half are not a pair."""
    game = double_half_game(tmp_path)
    state = start(
        seat(positions=["livaris", "livaris", "casstia"], deck=1),
        seat(positions=["casstia"], deck=1),
        game=game,
    )
    assert not any(isinstance(a, DuelWithTwins) for a in state.legal_actions())
    state = start(
        seat(positions=["livaris", "livaris", "saravel"], deck=1),
        seat(positions=["casstia"], deck=1),
        game=game,
    )
    twin_duels = {a for a in state.legal_actions() if isinstance(a, DuelWithTwins)}
    assert twin_duels == {DuelWithTwins(0, 2), DuelWithTwins(1, 2)}  # each Livaris with the Saravel
    challenge(state, (0, 2), "magic", (1, 0))
    declared = [e for e in state.events if isinstance(e, DuelDeclared)][-1]
    assert sorted(declared.unit) == ["Livaris", "Saravel"]


def test_sota_11_two_copies_of_one_half_give_no_twin_response(tmp_path: Path) -> None:
    """SOTA-11, 49, R17(c): the twin response needs the other half of the targeted twin in the
    defender's Duel Positions; a second copy of the same half is not it."""
    game = double_half_game(tmp_path)
    state = start(
        seat(positions=["casstia"], deck=1), seat(positions=["livaris", "livaris"], deck=1), game=game
    )
    challenge(state, 0, "magic", (1, 0))
    assert phase(state) is Phase.DUEL_DIE  # straight to the dice


def test_sota_12_twins_hold_traits_and_use_allies() -> None:
    """SOTA-12 (S:L78): twins may hold Traits and benefit from Allies."""
    state = start(
        seat(hand=["ex-grit"], positions=["livaris", "saravel"], allies=["ex-ally-magic-3"]),
        seat(positions=["ex-c"]),
        phase="bolster",
    )
    grit = local(state, 0, "ex-grit")
    assert {AssignTrait(grit, 0), AssignTrait(grit, 1)} <= set(state.legal_actions())
    state.apply_action(AssignTrait(grit, 1))
    challenge(state, (0, 1), "magic", (1, 0))
    roll(state, 1, 1, 1, 1)
    assert set(state.legal_actions()) == {Pass(), UseTrait(1), UseAlly(3)}


def test_sota_13_an_ally_adds_its_value_for_its_printed_stat() -> None:
    """SOTA-13 (S:L81-83): an Ally adds its value to the Stat Total in a duel; the stat it bolsters is
    printed on the card."""
    pool = starter_pool()
    allies = [c for c in pool.values() if isinstance(c, AllyCard)]
    assert all(isinstance(a.stat, Stat) and a.value in (1, 2, 3) for a in allies)
    state = start(seat(positions=["ex-a"], allies=["ex-ally-agility-3"]), seat(positions=["ex-c"]))
    challenge(state, 0, "agility", (1, 0))
    roll(state, 1, 1, 5, 5)  # 8 against 12
    state.apply_action(UseAlly(3))
    result = last_duel(state)
    assert (result.attacker_total, result.defender_total) == (11, 12)


def test_sota_14_r_ally_needs_an_ally_of_each_stat_in_play() -> None:
    """SOTA-14 (S:L85): R-Ally is available only when the player has at least one Ally of each of the
    five stats in play (Allies in hand do not count)."""
    four = ["ex-ally-agility-1", "ex-ally-vitality-1", "ex-ally-luck-1", "ex-ally-magic-1"]
    state = start(
        seat(positions=["ex-a"], allies=four, hand=["ex-ally-charisma-1"]), seat(positions=["ex-c"])
    )
    challenge(state, 0, "agility", (1, 0))
    roll(state, 1, 1, 1, 1)
    assert not any(isinstance(a, UseRAlly) for a in state.legal_actions())
    state = start(seat(positions=["ex-a"], allies=[*four, "ex-ally-charisma-1"]), seat(positions=["ex-c"]))
    challenge(state, 0, "agility", (1, 0))
    roll(state, 1, 1, 1, 1)
    assert UseRAlly(1, 1, 1, 1, 1) in state.legal_actions()


def test_sota_15_a_trait_serves_the_character_that_holds_it() -> None:
    """SOTA-15 (S:L88): a Trait gives its ability to the Character in a Duel Position that holds it: only
    the duelling Character's Trait is usable, not another Character's nor a Trait in hand."""
    state = start(
        seat(
            hand=["ex-fortune"],
            positions=[{"card": "ex-a", "trait": "ex-grit"}, {"card": "ex-e", "trait": "ex-hex"}],
        ),
        seat(positions=["ex-c"]),
    )
    challenge(state, 0, "agility", (1, 0))
    roll(state, 1, 1, 1, 1)
    assert set(state.legal_actions()) == {Pass(), UseTrait(0)}
    state.apply_action(UseTrait(0))  # Grit: +1
    assert last_duel(state).attacker_total == 6 + 2 + 1


def test_sota_16_one_trait_per_character() -> None:
    """SOTA-16 (S:L90): a Character holds at most one Trait: a Trait cannot be added to (or replace) the
    Trait of a Character that has one."""
    state = start(
        seat(hand=["ex-grit"], positions=[{"card": "ex-a", "trait": "ex-hex"}, "ex-e"]),
        seat(),
        phase="bolster",
    )
    grit = local(state, 0, "ex-grit")
    assert not state.is_legal(AssignTrait(grit, 0))
    assert state.is_legal(AssignTrait(grit, 1))
    assert names(state, [state.traits[0]]) == ["ex-hex"]


def test_sota_17_a_losing_character_goes_to_the_fractured_shards_with_its_trait() -> None:
    """SOTA-17 (S:L92): a Character that loses a duel goes to its owner's Fractured Shards together with
    its Trait."""
    state = start(seat(positions=[{"card": "ex-a", "trait": "ex-grit"}]), seat(positions=["ex-c"]))
    challenge(state, 0, "agility", (1, 0))
    roll(state, 1, 1, 6, 6)
    state.apply_action(Pass())  # P1 keeps its Grit
    assert last_duel(state).winner == 1
    assert names(state, state.shards[0]) == ["ex-a", "ex-grit"]
    assert state.slots[0] == -1
    assert state.traits[0] == -1
    fractured = [e.name for e in state.events if isinstance(e, CardFractured)]
    assert len(fractured) == 2


def test_sota_18_a_returned_character_takes_its_trait_to_the_deck_bottom() -> None:
    """SOTA-18 (S:L94), R16: a Character returned to the bottom of its deck (here by a tie) takes its
    Trait with it: the Character, then the Trait beneath it."""
    state = start(seat(positions=[{"card": "ex-a", "trait": "ex-grit"}]), seat(positions=["ex-c"]))
    a, grit = card(state, 0, "ex-a"), card(state, 0, "ex-grit")
    challenge(state, 0, "agility", (1, 0))
    roll(state, 1, 1, 3, 3)  # 6 + 2 against 2 + 6
    state.apply_action(Pass())
    assert last_duel(state).winner is None
    mill_fillers(state)
    assert state.decks[0].cards()[-2:] == [a, grit]
    assert state.traits[0] == -1
    assert state.slots[0] == -1


def test_sota_19_five_stats_on_every_character_and_persona() -> None:
    """SOTA-19 (S:L96-101): every Character and Persona has five stats: Agility, Vitality, Luck, Magic,
    Charisma."""
    assert [s.value for s in STATS] == ["agility", "vitality", "luck", "magic", "charisma"]
    assert [f.name for f in attrs.fields(Stats)] == [s.value for s in STATS]
    for c in all_starter_cards():
        if isinstance(c, PersonaCard | CharacterCard):
            assert len(c.stats.as_tuple()) == 5
            assert all(isinstance(v, int) and v >= 1 for v in c.stats.as_tuple())
    casstia = starter_pool()["casstia"]
    assert isinstance(casstia, CharacterCard)
    assert [casstia.stats[s] for s in STATS] == [3, 2, 2, 6, 2]  # SOTA-D1


# ---------------------------------------------------------------------- SOTA-20, R5: zones


def test_sota_20_the_zones_of_every_player() -> None:
    """SOTA-20 (S:L103-116): each player has a Shard Deck, Duel Positions, a Persona position, Fractured
    Shards and five Ally Positions (one per stat)."""
    one_per_stat = [f"ex-ally-{s.value}-1" for s in STATS]
    state = start(
        seat(positions=["ex-a"], allies=one_per_stat, shards=["ex-e"]),
        seat(positions=["ex-c"], allies=["ex-ally-luck-2"]),
    )
    game = state.game
    assert len(state.decks) == 2
    assert len(state.slots) == 2 * 3  # Duel Positions, seat by seat
    assert names(state, [state.persona[0], state.persona[1]]) == ["ex-p1-persona", "ex-p2-persona"]
    assert names(state, state.shards[0]) == ["ex-e"]
    assert len(state.allies) == 2 * 5  # five Ally Positions per seat
    for i, stat in enumerate(STATS):
        assert names(state, state.allies[i]) == [f"ex-ally-{stat.value}-1"]
        assert all(game.ally_stat[c] == i for c in state.allies[i])
    assert names(state, state.allies[5 + 2]) == ["ex-ally-luck-2"]


def test_sota_r5_three_duel_positions_by_default() -> None:
    """SOTA-R5: 3 Duel Positions per player by default: a fourth Character has no open position, only a
    Swap."""
    game = sg.load_game("sota")
    assert isinstance(game, SotaGame)
    assert game.duel_positions == 3
    state = start(seat(hand=["ex-j"], positions=["ex-a", "ex-e", "ex-f"]), seat(), phase="position")
    assert not any(isinstance(a, Place) for a in state.legal_actions())
    assert Swap(0, local(state, 0, "ex-j")) in state.legal_actions()


@pytest.mark.parametrize("positions", [2, 4, 5])
def test_sota_r5_the_number_of_duel_positions_is_a_parameter(positions: int) -> None:
    """SOTA-R5: the number of Duel Positions is configurable (`duel_positions`)."""
    game = scenario_game(duel_positions=positions)
    assert game.duel_positions == positions
    full = ["ex-a", "ex-e", "ex-f", "ex-j", "casstia"][: positions - 1]
    state = start(seat(hand=["ex-agility-4"], positions=full), seat(), game=game, phase="position")
    assert len(state.slots) == 2 * positions
    c = local(state, 0, "ex-agility-4")
    assert state.legal_actions() == (Place(c, positions - 1),)  # one open position left
    state.apply_action(Place(c, positions - 1))
    assert all(s >= 0 for s in state.slots[:positions])
    with pytest.raises(PositionError):
        start(seat(positions=[*full, "ex-agility-4", "livaris"]), seat(), game=game)


# ---------------------------------------------------------------------- R1, DX16: three players


def test_sota_r1_turns_go_in_increasing_seat_order_and_wrap() -> None:
    """SOTA-R1, SOTA-74: from the active player, turns go in increasing seat order, wrapping."""
    state = start(seat(deck=0), seat(deck=0), seat(deck=0), active=1, turn=3)
    order = [state.active]
    for _ in range(3):
        state.apply_action(EndTurnPhase())
        order.append(state.active)
    assert order == [1, 2, 0, 1]


def test_sota_r1_turn_order_skips_eliminated_players() -> None:
    """SOTA-R1: turn order skips eliminated players."""
    state = start(seat(deck=0), {"out": True}, seat(deck=0), turn=3)
    order = [state.active]
    for _ in range(3):
        state.apply_action(EndTurnPhase())
        order.append(state.active)
    assert order == [0, 2, 0, 2]


def test_sota_dx16_targets_any_opponent_per_sota_37() -> None:
    """DX16 (R1, SOTA-37): with three players the active player may target P2's Characters, or P3's
    Persona when P3 has no Character; P2's Persona is not a target while P2 has Characters."""
    state = start(seat(positions=["ex-a"]), seat(positions=["ex-c", None, "ex-d"]), seat())
    state.apply_action(DuelWith(0))
    state.apply_action(ChooseStat(Stat.AGILITY))
    assert state.legal_actions() == (ChooseTarget(1, 0), ChooseTarget(1, 2), ChooseTarget(2, None))


def test_sota_dx16_a_persona_is_a_target_only_without_characters() -> None:
    """DX16 (R1, SOTA-37): the rule applies per opponent: P3 with a Character is targeted through it."""
    state = start(seat(positions=["ex-a"]), seat(), seat(positions=["ex-g"]))
    state.apply_action(DuelWith(0))
    state.apply_action(ChooseStat(Stat.AGILITY))
    assert state.legal_actions() == (ChooseTarget(1, None), ChooseTarget(2, 0))


def test_sota_dx16_only_the_duellists_roll_and_mill_on_a_tie() -> None:
    """DX16 (R1): only the two duellists roll and mill on a tie; the third player is untouched."""
    state = start(seat(positions=["ex-a"]), seat(positions=["ex-c"]), seat(positions=["ex-g"]))
    challenge(state, 0, "agility", (1, 0))
    dice_for = []
    for face in (1, 1, 3, 3):  # A 6 + 2 against C 2 + 6
        prompt = state.prompt
        assert isinstance(prompt, SotaPrompt)
        dice_for.append(prompt.seat)
        roll(state, face)
    assert dice_for == [0, 0, 1, 1]
    assert last_duel(state).winner is None
    milled_for = []
    while state.is_chance_node():
        prompt = state.prompt
        assert isinstance(prompt, SotaPrompt)
        milled_for.append(prompt.seat)
        mill_fillers(state)
    assert sorted(e.player for e in state.events if isinstance(e, CardMilled)) == [0, 1]
    assert milled_for[0] == 0
    assert len(state.decks[2]) == 20
    assert state.shards[2] == ()
    assert names(state, [state.slots[6]]) == ["ex-g"]


def test_sota_r1_the_duel_type_follows_from_unit_and_target() -> None:
    """SOTA-R1: the duel type follows from whether the active player has a Character in a Duel Position
    and whether the target is a Persona."""
    kinds = {}
    cases = {
        "Character Duel": (seat(positions=["ex-a"]), seat(positions=["ex-c"]), 0, (1, 0)),
        "Persona Duel": (seat(positions=["ex-a"]), seat(), 0, (1, None)),
        "Persona vs Character Duel": (seat(), seat(positions=["ex-c"]), "persona", (1, 0)),
        "Persona vs Persona Duel": (seat(), seat(), "persona", (1, None)),
    }
    for expected, (first, second, unit, target) in cases.items():
        state = start(first, second, seat())
        challenge(state, unit, "luck", target)
        kinds[expected] = [e.kind for e in state.events if isinstance(e, DuelDeclared)][-1]
    assert kinds == {k: k for k in cases}


def test_sota_r1_an_eliminated_player_leaves_and_the_others_play_on() -> None:
    """SOTA-R1: a player whose Persona is fractured is eliminated and their cards leave the game; with
    two players left the game goes on."""
    state = start(
        seat(positions=["ex-j"]),
        seat(positions=["ex-c"]),
        seat(persona="ex-p2-persona", deck=2, hand=["ex-g"], allies=["ex-ally-luck-1"]),
    )
    challenge(state, 0, "magic", (2, None))  # J Magic 6 against P3's Persona, Magic 3
    roll(state, 3, 3, 1, 1)
    state.apply_action(Pass())  # P3 keeps its Persona trait
    mill_fillers(state)
    assert [e.player for e in state.events if isinstance(e, PlayerEliminated)] == [2]
    assert state.alive == [True, True, False]
    assert not state.is_terminal()
    assert state.hands[2].cards == []
    assert state.allies[10:15] == [(), (), (), (), ()]
    assert len(state.removed[2]) == len(state.game.entries[2])  # every card of P3 left the game
    assert phase(state) is Phase.DUEL_UNIT  # P1 goes on against P2
    state.apply_action(DuelWith(0))
    state.apply_action(ChooseStat(Stat.AGILITY))
    assert state.legal_actions() == (ChooseTarget(1, 0),)


# ---------------------------------------------------------------------- R22: hidden information


def test_sota_r22_hands_and_deck_order_are_hidden_sizes_are_public() -> None:
    """SOTA-R22: hidden are the hands and the deck order; public are deck and hand sizes, Duel
    Positions, attached Traits, Ally stacks, Fractured Shards."""
    state = start(
        seat(hand=["ex-e", "ex-grit"], positions=[{"card": "ex-a", "trait": "ex-hex"}], shards=["ex-f"]),
        seat(hand=["ex-c"], positions=["ex-d"], allies=["ex-ally-luck-1"]),
    )
    mine, theirs = state.view(0), state.view(1)
    assert mine.hands[0].cards == tuple(state.hands[0])
    assert theirs.hands[0].cards == (None, None)
    assert theirs.hands[0].size == 2
    assert mine.hands[1].cards == (None,)
    for view in (mine, theirs):
        assert view.decks[0].size == 20
        assert view.decks[0].top == ()  # the order is nobody's knowledge
        assert view.decks[0].middle_count == 20
        assert view.slots == tuple(state.slots)
        assert view.traits == tuple(state.traits)
        assert view.allies == tuple(state.allies)
        assert view.shards == tuple(state.shards)
        assert view.persona == tuple(state.persona)


def test_sota_r22_a_view_does_not_change_when_hidden_cards_are_dealt_again() -> None:
    """SOTA-R22: a seat's view depends on nothing it cannot see: dealing its unknown cards again leaves
    the view the same."""
    state = start(
        seat(hand=["ex-e", "ex-grit"], positions=["ex-a"], deck_bottom=["ex-hex"]),
        seat(hand=["ex-c", "ex-ally-luck-1"], positions=["ex-d"]),
    )
    for player in (0, 1):
        for seed in range(3):
            other = state.resample_hidden(player, seed)
            assert other.view(player) == state.view(player)


def test_sota_r22_a_drawn_card_is_named_only_to_its_owner() -> None:
    """SOTA-R22: a card drawn (Gather) is known to its owner only: the event is blanked for the others."""
    state = start(seat(hand=["ex-a"]), seat(hand=["ex-c"]), phase="gather", turn=2)
    state.apply_action(Draw(1))
    mill_fillers(state)
    drawn = [e for e in state.events if isinstance(e, CardDrawn)][-1]
    assert drawn.player == 0
    assert drawn.censor(0) == drawn
    hidden = drawn.censor(1)
    assert isinstance(hidden, CardDrawn)
    assert hidden.card is None
    assert hidden.name is None
    assert "a card" in str(hidden)


# ---------------------------------------------------------------------- R23, D6, D7


def test_sota_r23_readable_texts_use_the_corrected_words() -> None:
    """SOTA-R23: the typographical errors of the text are not carried into the engine's readable texts:
    "Duel" (not "Dual"), "Fractured Shards" (not "Fractures Shards"), "response" (not "responce")."""
    state = start(seat(positions=["ex-e"]), seat(positions=["livaris", "saravel"]))
    challenge(state, 0, "magic", (1, 0))
    assert Phase.TWIN_RESPONSE.value == "twin response"
    state.apply_action(RespondTwin())
    roll(state, 3, 3, 1, 2)
    texts = [str(e) for e in state.events]
    assert any("Character Duel" in t for t in texts)
    assert any("Fractured Shards" in t for t in texts)
    for seed in range(3):
        game = sg.load_game("sota", players=3)
        played = game.new_initial_state(seed)
        rng = sg.Rng(seed)
        while not played.is_terminal():
            texts.append(str(played.prompt))
            texts.extend(str(a) for a in played.legal_actions())
            random_step(played, rng)
        texts.extend(str(e) for e in played.events)
        texts.append(str(played))
    typos = ("Dual", "dual ", "Fractures", "responce", "they still has", "it's ability", "Ally cards has")
    assert not [t for t in texts if any(typo in t for typo in typos)]


def test_sota_d6_constants() -> None:
    """SOTA-D6: DUEL_POSITIONS 3, HAND_MAX 5, OPENING_HAND 5, MAX_DECK 52, players 2-6, max_turn_phases
    400 (the defaults)."""
    assert (DUEL_POSITIONS, HAND_MAX, OPENING_HAND, MAX_DECK) == (3, 5, 5, 52)
    assert (MIN_PLAYERS, MAX_PLAYERS, MAX_TURN_PHASES) == (2, 6, 400)
    defaults = {p.name: p for p in SotaGame.parameters}
    assert defaults["duel_positions"].default == 3
    assert defaults["max_turn_phases"].default == 400
    assert defaults["players"].default == 2
    assert defaults["players"].kind == "int 2..6"
    game = sg.load_game("sota")
    assert game.params["duel_positions"] == 3
    assert game.turn_cap == 400


def rulebook_fields(cls: type) -> list[tuple[str, Any]]:
    return [(f.name, f.default) for f in attrs.fields(cls)]


@pytest.mark.parametrize(
    ("cls", "fields"),
    [
        (
            PersonaCard,
            [
                ("id", attrs.NOTHING),
                ("name", attrs.NOTHING),
                ("stats", attrs.NOTHING),
                ("trait", attrs.NOTHING),
            ],
        ),
        (
            CharacterCard,
            [
                ("id", attrs.NOTHING),
                ("name", attrs.NOTHING),
                ("variant", attrs.NOTHING),
                ("stats", attrs.NOTHING),
                ("signed_bonus", 1),
                ("twin_pair", None),
            ],
        ),
        (AllyCard, [("id", attrs.NOTHING), ("stat", attrs.NOTHING), ("value", attrs.NOTHING)]),
        (TraitCard, [("id", attrs.NOTHING), ("kind", attrs.NOTHING), ("stat", None)]),
        (DeckEntry, [("card_id", attrs.NOTHING), ("signed", False)]),
        (Stats, [(s.value, attrs.NOTHING) for s in STATS]),
    ],
    ids=lambda v: v.__name__ if isinstance(v, type) else "",
)
def test_sota_d7_data_schema(cls: type, fields: list[tuple[str, Any]]) -> None:
    """SOTA-D7: the data schema: frozen attrs classes with the rulebook's fields and defaults, in order.
    A display `name` on Allies and Traits is the only addition allowed."""
    assert attrs.has(cls)
    actual = rulebook_fields(cls)
    extra = [f for f in actual if f not in fields]
    assert [f for f in actual if f in fields] == fields
    assert all(name == "name" for name, _ in extra)
    values = {
        PersonaCard: lambda: PersonaCard("p", "P", Stats(4, 4, 4, 4, 4), PersonaTrait.MUSE),
        CharacterCard: lambda: CharacterCard("c", "C", Variant.STANDARD, Stats(3, 3, 3, 3, 3)),
        AllyCard: lambda: AllyCard("a", "A", Stat.LUCK, 2),
        TraitCard: lambda: TraitCard("t", "T", TraitKind.GRIT),
        DeckEntry: lambda: DeckEntry("c"),
        Stats: lambda: Stats(1, 2, 3, 4, 5),
    }
    instance = values[cls]()
    first = actual[0][0]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        setattr(instance, first, getattr(instance, first))


def test_sota_d7_value_types() -> None:
    """SOTA-D7: variant is one of standard/signable/twin, an Ally's value is 1-3, a Trait names a stat
    only for Siphon and Focus."""
    for c in all_starter_cards():
        if isinstance(c, CharacterCard):
            assert c.variant in set(Variant)
            assert (c.twin_pair is not None) == (c.variant is Variant.TWIN)
        elif isinstance(c, AllyCard):
            assert c.value in (1, 2, 3)
        elif isinstance(c, TraitCard):
            assert (c.stat is not None) == (c.kind in (TraitKind.SIPHON, TraitKind.FOCUS))


def test_the_observation_has_the_documented_length() -> None:
    """The SOTA page: the observation of two players with three Duel Positions has 367 values."""
    game = sg.load_game("sota")
    assert game.observation_shape == (367,)
    assert game.new_initial_state(0).observation_tensor(0).shape == (367,)


def test_sota_r22_card_0_in_a_duel_position_is_observed(tmp_path: Path) -> None:
    """SOTA-R22: Duel Positions are public, whichever card holds them: J, card 0 of a game whose seat 0
    decklist starts with J, shows in seat 0's first position (occupied, then the five stats / 6: Magic
    6) from both seats."""
    game = character_first_game(tmp_path)
    state = game.state_from_position({"players": [{"positions": ["ex-j"]}, {}]})
    assert isinstance(state, SotaState)
    assert state.slots[0] == 0
    starts = layout_starts(game)
    for viewer, rank in ((0, 0), (1, 1)):  # seat 0 is the viewing seat's block, or the next one
        tensor = state.observation_tensor(viewer)
        first = starts[f"seat {rank} position 0 occupied"]
        assert tensor[first] == 1
        assert tensor[starts[f"seat {rank} position 0 stats"] + 3] == pytest.approx(1)  # Magic 6 / 6


def test_sota_r22_the_observation_marks_both_halves_of_a_twin_pair() -> None:
    """SOTA-47, R22: each Duel Position says whether its Character is half of a Twin pair that can duel
    as one (both halves in Duel Positions): Livaris and Saravel are, the Character between them is not."""
    state = start(seat(positions=["livaris", "ex-a", "saravel"]), seat(positions=["ex-c"]))
    starts = layout_starts(state.game)
    tensor = state.observation_tensor(0)
    assert [tensor[starts[f"seat 0 position {slot} paired"]] for slot in range(3)] == [1, 0, 1]
    assert tensor[starts["seat 1 position 0 paired"]] == 0


def test_sota_r22_each_seat_block_of_the_observation_holds_the_public_counts() -> None:
    """SOTA-R22: hand, deck and Fractured Shards sizes are public: each seat's block (30 + 23 k values,
    the viewing seat's first) starts with still in, active, hand / 5, deck / 52, Shards / 52, and
    whether the seat has taken part in a Twin Duel this Turn Phase (here seat 1); its last 15 values
    count its Allies."""
    state = start(
        seat(
            hand=["ex-a", "ex-e"], deck=13, shards=["ex-f"], allies=["ex-ally-magic-2", "ex-ally-charisma-1"]
        ),
        seat(hand=["ex-c"], deck=7),
        turn=3,
        twin_used=[1],
    )
    block = 30 + 23 * state.game.duel_positions
    mine = [1, 1, 2 / 5, 13 / 52, 1 / 52, 0]
    theirs = [1, 0, 1 / 5, 7 / 52, 0, 1]
    allies = np.zeros(15)  # per stat (agility, vitality, luck, magic, charisma), the +1, +2 and +3 Allies / 5
    allies[3 * 3 + 1] = allies[4 * 3 + 0] = 1 / 5
    for viewer, first, second in ((0, mine, theirs), (1, theirs, mine)):
        tensor = state.observation_tensor(viewer)
        assert tensor[:6] == pytest.approx(first)
        assert tensor[block : block + 6] == pytest.approx(second)
        own, other = (0, block) if viewer == 0 else (block, 0)  # seat 0's block, then seat 1's
        assert tensor[own + block - 15 : own + block] == pytest.approx(allies)
        assert not tensor[other + block - 15 : other + block].any()


def observation_layout(game: sg.Game) -> list[tuple[str, int, str]]:
    """The documented layout of a SOTA observation (``shardgames.sota.view``): (name, size, kind) for
    each run of values, where kind is ``one-hot`` (at most one 1), ``flag`` (0 or 1), ``ratio`` (0 to
    1) or ``signed`` (-1 to 1)."""
    k, t, p = game.duel_positions, len(game.trait_planes), len(game.persona_planes)  # type: ignore[attr-defined]
    seat = [
        ("in", 1, "flag"), ("active", 1, "flag"), ("hand", 1, "ratio"), ("deck", 1, "ratio"),
        ("shards", 1, "ratio"), ("twin used", 1, "flag"), ("persona stats", 5, "ratio"),
        ("persona trait", p, "one-hot"),
    ]  # fmt: skip
    position = [
        ("occupied", 1, "flag"), ("stats", 5, "ratio"), ("variant", 3, "one-hot"), ("signed", 1, "ratio"),
        ("paired", 1, "flag"), ("has trait", 1, "flag"), ("trait kind", t, "one-hot"),
        ("trait stat", 5, "one-hot"),
    ]  # fmt: skip
    seat += [(f"position {slot} {name}", size, kind) for slot in range(k) for name, size, kind in position]
    seat += [(f"allies {stat}", 3, "ratio") for stat in range(5)]
    layout = [
        (f"seat {rank} {name}", size, kind) for rank in range(game.num_players) for name, size, kind in seat
    ]
    layout += [
        ("stats used", 5, "flag"), ("turn", 1, "ratio"), ("phase", 17, "one-hot"), ("to act", 1, "flag"),
        ("duel", 1, "flag"), ("duel stat", 5, "one-hot"), ("attacker", 1, "flag"), ("defender", 1, "flag"),
        ("dice", 2, "ratio"), ("modifiers", 2, "signed"), ("totals", 2, "ratio"), ("passes", 1, "ratio"),
    ]  # fmt: skip
    card = [
        ("type", 4, "one-hot"), ("stats", 5, "ratio"), ("ally stat", 5, "one-hot"),
        ("ally value", 1, "ratio"), ("trait kind", t, "one-hot"), ("trait stat", 5, "one-hot"),
    ]  # fmt: skip
    layout += [(f"hand {i} {name}", size, kind) for i in range(5) for name, size, kind in card]
    return layout


def layout_starts(game: sg.Game) -> dict[str, int]:
    """Where each run of the documented layout starts in the observation."""
    starts: dict[str, int] = {}
    at = 0
    for name, size, _ in observation_layout(game):
        starts[name] = at
        at += size
    return starts


# Values no random game of the starter decks sets: the chance phases (a seat acts only at decisions,
# so no view is taken at a chance node), a Persona in hand, a Twin Duel in these few games, and the
# last trait kind and trait stat (Charisma), which no starter Trait card has.
NEVER_SET = (
    "twin used",
    "trait kind[5]",
    "trait stat[4]",
    "type[0]",
    *(f"phase[{i}]" for i in (1, 4, 6, 13, 15, 16)),
)
LAYOUT_GAMES = (
    "sota(max_turn_phases=40)",
    "sota(decks=(umbra,grove),signed=(all,),max_turn_phases=40)",
    "sota(decks=(gale,tide),signed=(all,),max_turn_phases=40)",
    "sota(decks=(ember,umbra),signed=(all,),max_turn_phases=40)",
)


class LayoutCheck:
    """The checks of a documented layout, as arrays, so that each observation is checked at once."""

    def __init__(self, layout: list[tuple[str, int, str]]) -> None:
        self.names = [f"{name}[{i}]" for name, size, _ in layout for i in range(size)]
        length = len(self.names)
        self.low = np.zeros(length, dtype=np.float32)  # ratios from 0, signed values from -1
        self.whole = np.zeros(length, dtype=bool)  # flags and one-hots: 0 or 1
        one_hots: list[int] = []  # the positions of the one-hot runs' values, run after run
        self.starts: list[int] = []  # where each run begins in `one_hots`
        self.runs: list[str] = []
        at = 0
        for name, size, kind in layout:
            if kind == "signed":
                self.low[at : at + size] = -1
            self.whole[at : at + size] = kind in ("flag", "one-hot")
            if kind == "one-hot":
                self.starts.append(len(one_hots))
                self.runs.append(name)
                one_hots += range(at, at + size)
            at += size
        self.one_hots = np.array(one_hots)

    def problems(self, tensor: npt.NDArray[np.float32]) -> list[str]:
        """The values out of their kind's range, and the one-hot runs with more than one 1."""
        inside = (tensor >= self.low) & (tensor <= 1)  # False for NaN
        bad = ~inside | (self.whole & (tensor != 0) & (tensor != 1))
        found = [f"{self.names[i]} = {tensor[i]}" for i in np.flatnonzero(bad)]
        sums = np.add.reduceat(tensor[self.one_hots], self.starts)
        return found + [f"{self.runs[i]} has {sums[i]} ones" for i in np.flatnonzero(sums > 1)]


def test_the_observation_follows_its_documented_layout() -> None:
    """Over random games from every seat: the documented runs add up to the length; one-hots hold at
    most one 1, flags are 0 or 1, ratios lie in their range; and every value is set in some state."""
    seen = np.zeros(sg.load_game(LAYOUT_GAMES[0]).observation_shape, dtype=bool)
    for spec in LAYOUT_GAMES:
        game = sg.load_game(spec)
        layout = observation_layout(game)
        assert sum(size for _, size, _ in layout) == game.observation_shape[0] == len(seen)
        check = LayoutCheck(layout)
        for seed in range(3):
            state = game.new_initial_state(seed)
            rng = sg.Rng(seed)
            while not state.is_terminal():
                for viewer in range(game.num_players):
                    tensor = state.observation_tensor(viewer)
                    seen |= tensor != 0
                    assert check.problems(tensor) == []
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
    names = [f"{name}[{i}]" for name, size, _ in observation_layout(game) for i in range(size)]
    never = [names[i] for i in np.flatnonzero(~seen)]
    assert [name for name in never if not any(part in name for part in NEVER_SET)] == []


def test_the_layout_check_finds_each_kind_of_fault() -> None:
    """The array checks above catch a ratio out of range, a flag of 0.5, a signed value below -1, a NaN
    and a one-hot with two 1s, and name each."""
    check = LayoutCheck([("r", 2, "ratio"), ("f", 1, "flag"), ("s", 1, "signed"), ("o", 3, "one-hot")])
    fine = np.array([0.5, 1, 0, -1, 0, 1, 0], dtype=np.float32)
    assert check.problems(fine) == []
    wrong = np.array([1.5, np.nan, 0.5, -2, 1, 1, 0], dtype=np.float32)
    expected = ["r[0] = 1.5", "r[1] = nan", "f[0] = 0.5", "s[0] = -2.0", "o has 2.0 ones"]
    assert check.problems(wrong) == expected


def test_sota_r22_the_observation_shows_the_duel_from_each_side() -> None:
    """SOTA-R22: dice and running totals are public. After the global block's stats used (5), turn (1),
    phase (17) and to act (1): a duel is on (1), its stat (5), this seat attacks, defends (2), the dice
    (2), the modifiers (2), the totals (2) and the passes (1). Here three dice are rolled: J's Magic 6
    and 2 + 4 against D's Magic 3 and 2."""
    state = start(seat(positions=["ex-j"]), seat(positions=["ex-d"]), turn=3)
    challenge(state, 0, "magic", (1, 0))
    roll(state, 2, 4, 2)
    at = 2 * (30 + 23 * state.game.duel_positions) + 5 + 1 + 17
    stat = [0, 0, 0, 1, 0]  # agility, vitality, luck, magic, charisma
    for viewer in (0, 1):
        duel = state.observation_tensor(viewer)[at : at + 16]
        expected = [0, 1, *stat, viewer == 0, viewer == 1, 6 / 12, 2 / 12, 0, 0, 12 / 30, 5 / 30, 0]
        assert duel == pytest.approx([float(x) for x in expected])


def test_sota_r22_the_observation_counts_passes_and_shows_the_hand_card_by_card() -> None:
    """The modifier window after the attacker's pass: the defender is to act, one pass of two (1/2);
    then the viewing seat's hand, card by card: type one-hot (Persona, Character, Ally, Trait) and a
    Character's stats / 6 (A: Agility 6, Vitality 3, Luck 2, Magic 2, Charisma 2)."""
    state = start(
        seat(positions=["ex-j"], allies=["ex-ally-magic-1"], hand=["ex-a"]),
        seat(positions=["ex-d"], allies=["ex-ally-magic-2"]),
        turn=3,
    )
    challenge(state, 0, "magic", (1, 0))
    roll(state, 3, 3, 2, 5)
    state.apply_action(sg.sota.actions.Pass())
    to_act = 2 * (30 + 23 * state.game.duel_positions) + 5 + 1 + 17
    for viewer in (0, 1):
        tensor = state.observation_tensor(viewer)
        assert (tensor[to_act], tensor[to_act + 15]) == (viewer == 1, 0.5)
    hand = state.observation_tensor(0)[to_act + 16 : to_act + 25]
    assert hand == pytest.approx([0, 1, 0, 0, 1, 3 / 6, 2 / 6, 2 / 6, 2 / 6])
