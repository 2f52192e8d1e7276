"""The invariants of rulebook section A.6, as Hypothesis properties over random SOTA play.

Every test plays whole random games (`playing.random_play`: uniform legal actions, chance sampled with
its weights) for 2, 3 and 4 players and checks the invariant after every step. Hypothesis picks the
seeds; a failure shrinks to the smallest seed that shows it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator

import pytest
from hypothesis import given
from hypothesis import strategies as st
from playing import play_to_end, random_play

import shardgames as sg
from shardgames.sota import SotaGame, SotaState
from shardgames.sota.constants import ALL_STATS, ALLY, CHARACTER, HAND_MAX, PERSONA, SEAT_SHIFT, TRAIT
from shardgames.sota.phases import Phase, SotaPrompt

seeds = st.integers(min_value=0, max_value=2**32 - 1)
PLAYERS = pytest.mark.parametrize("players", [2, 3, 4])


def sota(players: int, **params: object) -> SotaGame:
    game = sg.load_game("sota", players=players, **params)
    assert isinstance(game, SotaGame)
    return game


def states(game: SotaGame, seed: int) -> Iterator[SotaState]:
    """Every state of a random game (the same object, mutated), the final one included."""
    for state in random_play(game, seed):
        assert isinstance(state, SotaState)
        yield state


def check_every_step(game: SotaGame, seed: int, check: Callable[[SotaState], None]) -> SotaState:
    state = None
    for state in states(game, seed):
        check(state)
    assert state is not None
    return state


def cards_of(state: SotaState, seat: int) -> list[int]:
    """Every card of `seat`, wherever it is: deck, hand, Duel Positions, attached Traits, Ally stacks,
    Fractured Shards, Persona (or the Personas still to choose from), removed, and the Allies spent in
    the duel in progress (they go to the Fractured Shards when it ends)."""
    cards = [*state.decks[seat].cards(), *state.hands[seat], *state.shards[seat], *state.removed[seat]]
    cards += state.options[seat]
    if state.persona[seat] >= 0:
        cards.append(state.persona[seat])
    for index in state.seat_slots(seat):
        cards += [c for c in (state.slots[index], state.traits[index]) if c >= 0]
    for stack in state.allies[seat * 5 : seat * 5 + 5]:
        cards += stack
    duel = state.duel
    if duel is not None:
        for side in (0, 1):
            if duel.seat_of(side) == seat:
                cards += duel.spent[side]
    return cards


# ---------------------------------------------------------------------- card conservation


@PLAYERS
@given(seed=seeds)
def test_sota_a6_card_conservation_per_player(players: int, seed: int) -> None:
    """A.6: for every player, deck + hand + Duel Positions + attached Traits + Ally stacks + Fractured
    Shards + Persona + removed = the starting total; each card is in exactly one place, and only its
    owner's zones hold it."""
    game = sota(players)

    def check(state: SotaState) -> None:
        for seat in range(players):
            cards = cards_of(state, seat)
            assert Counter(cards) == Counter(game.entries[seat]), f"seat {seat} at {state.prompt}"
            assert all(c >> SEAT_SHIFT == seat for c in cards)

    check_every_step(game, seed, check)


@given(seed=seeds)
def test_sota_a6_card_conservation_with_explicit_chance_and_two_positions(seed: int) -> None:
    """A.6: conservation also holds when every draw is a chance outcome applied by the caller, and with
    another number of Duel Positions (R5)."""
    game = sota(2, chance="explicit", duel_positions=2, max_turn_phases=80)

    def check(state: SotaState) -> None:
        for seat in range(2):
            assert Counter(cards_of(state, seat)) == Counter(game.entries[seat])

    check_every_step(game, seed, check)


# ---------------------------------------------------------------------- zones


@PLAYERS
@given(seed=seeds)
def test_sota_a6_hand_size_at_most_5(players: int, seed: int) -> None:
    """A.6, SOTA-27: a hand never holds more than 5 cards."""

    def check(state: SotaState) -> None:
        assert all(len(hand) <= HAND_MAX for hand in state.hands)

    check_every_step(sota(players), seed, check)


@PLAYERS
@given(seed=seeds)
def test_sota_a6_at_most_duel_positions_characters(players: int, seed: int) -> None:
    """A.6, R5: each player has at most `duel_positions` Duel Positions, each holding one Character or
    nothing."""
    game = sota(players)
    k = game.duel_positions

    def check(state: SotaState) -> None:
        assert len(state.slots) == players * k
        assert len(state.traits) == players * k
        for seat in range(players):
            row = [state.slots[i] for i in state.seat_slots(seat)]
            assert all(c < 0 or (game.card_type[c] == CHARACTER and c >> SEAT_SHIFT == seat) for c in row)
            assert len({c for c in row if c >= 0}) == sum(c >= 0 for c in row)

    check_every_step(game, seed, check)


@PLAYERS
@given(seed=seeds)
def test_sota_a6_at_most_one_trait_per_character(players: int, seed: int) -> None:
    """A.6, SOTA-16: at most 1 Trait per Character; a Trait is attached only where a Character is."""
    game = sota(players)

    def check(state: SotaState) -> None:
        for card, trait in zip(state.slots, state.traits, strict=True):
            if trait >= 0:
                assert card >= 0, "a Trait without its Character"
                assert game.card_type[trait] == TRAIT
                assert trait >> SEAT_SHIFT == card >> SEAT_SHIFT  # own Characters only (R11)

    check_every_step(game, seed, check)


@PLAYERS
@given(seed=seeds)
def test_sota_a6_ally_stacks_hold_allies_of_their_stat(players: int, seed: int) -> None:
    """A.6, SOTA-20, 32: each Ally Position holds only the owner's Allies of its stat."""
    game = sota(players)

    def check(state: SotaState) -> None:
        for index, stack in enumerate(state.allies):
            seat, stat = divmod(index, 5)
            assert all(game.card_type[c] == ALLY and game.ally_stat[c] == stat for c in stack)
            assert all(c >> SEAT_SHIFT == seat for c in stack)

    check_every_step(game, seed, check)


@PLAYERS
@given(seed=seeds)
def test_sota_a6_used_stats_are_among_the_five(players: int, seed: int) -> None:
    """A.6, SOTA-36, R14: the used stats are a subset of the five stats, and a duel is never asked for
    with all five used."""

    def check(state: SotaState) -> None:
        assert 0 <= state.used_stats <= ALL_STATS
        prompt = state.prompt
        if isinstance(prompt, SotaPrompt) and prompt.phase is Phase.DUEL_UNIT:
            assert state.used_stats != ALL_STATS

    check_every_step(sota(players), seed, check)


@PLAYERS
@given(seed=seeds)
def test_sota_a6_every_remaining_player_has_a_persona(players: int, seed: int) -> None:
    """A.6, SOTA-21, R3: once chosen, a player's Persona stays in its Persona position until the player
    is eliminated; it never enters the deck or a hand."""
    game = sota(players)

    def check(state: SotaState) -> None:
        for seat in range(players):
            persona = state.persona[seat]
            if state.alive[seat] and not state.options[seat]:
                assert persona >= 0
                assert game.card_type[persona] == PERSONA
            personas = [
                c for c in (*state.decks[seat].cards(), *state.hands[seat]) if game.card_type[c] == PERSONA
            ]
            assert personas == []

    check_every_step(game, seed, check)


# ---------------------------------------------------------------------- the actor, determinism, the end


@PLAYERS
@given(seed=seeds)
def test_sota_a6_one_actor_and_legal_actions_unless_terminal(players: int, seed: int) -> None:
    """A.6, E1: the actor is always unique (the prompt's player, a remaining seat), and `legal_actions`
    is non-empty unless the state is terminal; every listed action is accepted."""
    game = sota(players)

    def check(state: SotaState) -> None:
        legal = state.legal_actions()
        if state.is_terminal():
            assert legal == ()
            assert state.prompt is None
            return
        assert legal
        assert state.prompt is not None
        assert state.prompt.player == state.current_player
        assert 0 <= state.current_player < players  # chance is sampled by the engine here
        assert state.alive[state.current_player]
        assert all(state.is_legal(a) for a in legal[:8])

    check_every_step(game, seed, check)


@PLAYERS
@given(seed=seeds)
def test_sota_a6_same_seed_gives_the_same_state(players: int, seed: int) -> None:
    """A.6, E2: the same seed and the same actions give the same state (and replay exactly)."""
    game = sota(players)
    first = play_to_end(game, seed)
    second = play_to_end(game, seed)
    assert first == second
    assert game.replay(seed, list(first.history)) == first


@PLAYERS
@given(seed=seeds)
def test_sota_a6_random_play_ends_within_max_turn_phases(players: int, seed: int) -> None:
    """A.6, E8, R21: random play always terminates within `max_turn_phases` Turn Phases."""
    game = sota(players)
    final = check_every_step(game, seed, lambda state: None)
    assert final.is_terminal()
    assert final.turn <= game.params["max_turn_phases"]
    if final.winner is not None:
        assert final.alive[final.winner]
        assert sum(final.alive) == 1


@PLAYERS
@given(seed=seeds)
def test_sota_a6_a_small_turn_cap_ends_random_play_in_a_draw(players: int, seed: int) -> None:
    """A.6, R21: with a small cap, random play ends at the cap in a draw, unless a player won before."""
    cap = 6
    game = sota(players, max_turn_phases=cap)
    final = check_every_step(game, seed, lambda state: None)
    assert final.is_terminal()
    assert final.turn <= cap
    if final.winner is None:
        assert final.turn == cap
        assert final.returns() == (0.0,) * players
