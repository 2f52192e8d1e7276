"""The end of a Turn Phase and of the game (SOTA-74, 75, R1, R2, R20, R21, DX12).

Common fixture (rulebook A.3): P1 is seat 0 and active, P2 is seat 1 (and P3 seat 2 in three-player
tests); decks hold 20 filler cards unless a test says otherwise; each scenario starts at P1's duel-loop
decision. The Encore Persona (4 in every stat) has nothing to use in a modifier window, so a duel against
it passes by itself (E4).
"""

from __future__ import annotations

import pytest
from sota_scenarios import challenge, last_duel, mill_fillers, names, roll, scenario_game, seat, start

from shardgames.sota import SotaState, Stat
from shardgames.sota.actions import ChooseStat, ChooseTarget, DuelWith, EndTurnPhase, Pass
from shardgames.sota.events import (
    CardMilled,
    PlayerEliminated,
    TurnPhaseBegan,
    TurnPhaseEnded,
)
from shardgames.sota.phases import Phase


def eliminated(state: SotaState) -> list[int]:
    return [e.player for e in state.events if isinstance(e, PlayerEliminated)]


def encore_seat(**fields: object) -> dict[str, object]:
    return seat(persona="ex-encore-persona", **fields)


# ---------------------------------------------------------------------- SOTA-74, R1: the turn passes


def test_sota_74_end_turn_phase_passes_the_turn_to_the_next_player() -> None:
    """SOTA-74: End Turn Phase: the turn passes to the next player."""
    state = start(seat(positions=["ex-a"]), seat(positions=["ex-c"]))
    state.apply_action(EndTurnPhase())
    assert TurnPhaseEnded(0) in state.events
    assert TurnPhaseBegan(1, 2) in state.events
    assert state.active == 1
    assert state.turn == 2
    assert state.current_player == 1  # P2's Gather comes first in Turn Phase 2 (SOTA-R8)


@pytest.mark.parametrize(
    ("active", "out", "following"),
    [(0, [], 1), (0, [1], 2), (2, [], 0), (2, [0], 1)],
    ids=["next-seat", "skips-the-eliminated", "wraps-around", "wraps-and-skips"],
)
def test_sota_74_r1_with_three_players_the_turn_goes_in_seat_order(
    active: int, out: list[int], following: int
) -> None:
    """SOTA-74, R1: turns go in increasing seat order, wrapping, and skip eliminated players."""
    seats = [seat(out=True) if index in out else seat(positions=["ex-agility-4"]) for index in range(3)]
    state = start(*seats, active=active)
    state.apply_action(EndTurnPhase())
    assert TurnPhaseEnded(active) in state.events
    assert state.active == following


# ---------------------------------------------------------------------- SOTA-75, R2: elimination


def test_sota_75_a_persona_defeated_with_an_empty_deck_is_fractured_and_the_game_ends() -> None:
    """SOTA-75, R2: a player whose Persona loses a duel and whose deck is then empty has its Persona
    fractured; with two players the game ends and the other player wins."""
    state = start(encore_seat(), encore_seat(deck=5))
    challenge(state, "persona", "magic", (1, None))
    roll(state, 6, 6, 1, 1)  # 16 against 6: P2 mills 10, but only 5 are left
    assert mill_fillers(state) == 5
    assert eliminated(state) == [1]
    assert state.is_terminal()
    assert state.winner == 0
    assert state.returns() == (1.0, -1.0)
    assert state.legal_actions() == ()
    assert state.game.state_from_json(state.to_json()) == state  # nothing is left to do in it


def test_sota_r2_an_empty_deck_alone_is_not_a_loss() -> None:
    """SOTA-R2: an empty deck alone is not a loss: P2 (no deck) loses a Character Duel and keeps playing."""
    state = start(seat(positions=["ex-a"]), seat(positions=["ex-c", "ex-d"], deck=0))
    assert all(state.alive)
    challenge(state, 0, "agility", (1, 0))
    roll(state, 6, 6, 1, 1)
    assert last_duel(state).winner == 0
    assert all(state.alive)
    assert not state.is_terminal()
    assert state.prompt is not None
    assert state.prompt.phase is Phase.DUEL_UNIT


def test_sota_r2_a_winning_persona_with_an_empty_deck_stays() -> None:
    """SOTA-R2: only a Persona on the losing side can be fractured: P1's Persona wins with an empty deck."""
    state = start(seat(persona="ex-p1-persona", deck=0), seat(positions=["ex-c"]))
    challenge(state, "persona", "magic", (1, 0))
    roll(state, 6, 6, 1, 1)
    state.apply_action(Pass())  # P1 keeps its Flourish
    assert last_duel(state).winner == 0
    assert all(state.alive)
    assert not state.is_terminal()
    assert state.active == 0


def test_sota_r2_a_losing_character_does_not_fracture_its_owners_persona() -> None:
    """SOTA-R2: a Character that loses against a Persona takes nobody out, even with its owner's deck
    empty: P1's Persona did not fight."""
    state = start(seat(positions=["ex-j"], deck=0), encore_seat())
    challenge(state, 0, "magic", (1, None))
    roll(state, 1, 1, 6, 6)
    assert last_duel(state).winner == 1
    assert all(state.alive)
    assert state.active == 1
    assert not state.is_terminal()


@pytest.mark.parametrize("decks", [0, 1])
def test_sota_r2_a_tie_eliminates_nobody(decks: int) -> None:
    """SOTA-R2: a tie eliminates nobody, even when both decks are empty after its mills."""
    state = start(encore_seat(deck=decks), encore_seat(deck=decks))
    challenge(state, "persona", "agility", (1, None))
    roll(state, 3, 3, 2, 4)
    assert last_duel(state).winner is None
    mill_fillers(state)
    assert [len(deck) for deck in state.decks] == [0, 0]
    assert all(state.alive)
    assert eliminated(state) == []
    assert not state.is_terminal()


def test_sota_r2_a_losing_persona_with_cards_left_stays() -> None:
    """SOTA-R2: a Persona that loses while its deck keeps cards is not fractured."""
    state = start(encore_seat(), encore_seat(deck=5))
    challenge(state, "persona", "magic", (1, None))
    roll(state, 2, 2, 1, 1)  # 8 against 6: P2 mills 2 of its 5
    assert mill_fillers(state) == 2
    assert len(state.decks[1]) == 3
    assert all(state.alive)
    assert not state.is_terminal()


def test_sota_r2_a_persona_losing_with_an_already_empty_deck_is_eliminated() -> None:
    """SOTA-R2, R20: a Persona that loses with an already empty deck mills nothing and is fractured."""
    state = start(seat(persona="ex-p1-persona", deck=0), seat(positions=["ex-h"]))
    challenge(state, "persona", "luck", (1, 0))
    roll(state, 1, 1, 6, 6)
    state.apply_action(Pass())
    assert last_duel(state).winner == 1
    assert eliminated(state) == [0]
    assert state.is_terminal()
    assert state.winner == 1


def test_sota_r2_r1_an_eliminated_active_player_passes_the_turn_to_the_next_remaining_seat() -> None:
    """SOTA-R2, R1: with three players, an active player whose Persona loses with an empty deck is
    eliminated; the game goes on and the next remaining seat becomes active."""
    state = start(
        seat(persona="ex-p1-persona", deck=0),
        seat(positions=["ex-h"]),
        seat(positions=["ex-agility-4"]),
    )
    challenge(state, "persona", "luck", (1, 0))
    roll(state, 1, 1, 6, 6)
    state.apply_action(Pass())
    assert eliminated(state) == [0]
    assert state.alive == [False, True, True]
    assert not state.is_terminal()
    assert TurnPhaseEnded(0) in state.events
    assert state.active == 1


# ---------------------------------------------------------------------- SOTA-R20: mills larger than the deck


def test_sota_r20_a_mill_takes_what_the_deck_holds_then_the_winning_rule_applies() -> None:
    """SOTA-R20: mill min(N, deck size) cards and ignore the excess, then apply SOTA-R2 (after the mills)."""
    state = start(encore_seat(), encore_seat(deck=3))
    challenge(state, "persona", "magic", (1, None))
    roll(state, 6, 6, 1, 1)  # a difference of 10
    result = last_duel(state)
    assert result.attacker_total - result.defender_total == 10
    assert mill_fillers(state) == 3
    moves = [e for e in state.events if isinstance(e, CardMilled | PlayerEliminated)]
    assert [type(e) for e in moves] == [CardMilled] * 3 + [PlayerEliminated]
    assert [e.player for e in moves] == [1, 1, 1, 1]
    assert state.is_terminal()
    assert state.winner == 0


# ---------------------------------------------------------------------- SOTA-R21: stalemate


@pytest.mark.parametrize("players", [2, 3])
def test_sota_r21_the_game_is_a_draw_after_max_turn_phases(players: int) -> None:
    """SOTA-R21: the game is a draw after `max_turn_phases` Turn Phases: all returns are 0, no winner."""
    game = scenario_game(players, max_turn_phases=3)
    state = start(*[seat(positions=["ex-agility-4"]) for _ in range(players)], game=game, turn=3)
    state.apply_action(EndTurnPhase())
    assert state.is_terminal()
    assert not [e for e in state.events if isinstance(e, TurnPhaseBegan)]  # no fourth Turn Phase begins
    assert state.active == 0
    assert state.winner is None
    assert state.returns() == (0.0,) * players
    assert all(state.alive)


def test_sota_r21_the_last_turn_phase_before_the_cap_is_played() -> None:
    """SOTA-R21: Turn Phases up to `max_turn_phases` are played; the draw comes only after the last one."""
    game = scenario_game(max_turn_phases=3)
    state = start(seat(positions=["ex-a"]), seat(positions=["ex-c"]), game=game, turn=2)
    state.apply_action(EndTurnPhase())
    assert not state.is_terminal()
    assert TurnPhaseBegan(1, 3) in state.events
    assert state.active == 1


# ---------------------------------------------------------------------- DX12


def test_sota_dx12_ex7b_the_active_persona_mills_its_last_cards_and_is_eliminated() -> None:
    """DX12 (EX7b, SOTA-75, R2, R20): P1's Persona (Luck 1) loses 7 to 11 with 3 cards in its deck: it mills
    3, its deck is empty, and P2 wins."""
    state = start(seat(persona="ex-p1-persona", deck=3), seat(positions=["ex-h"]))
    challenge(state, "persona", "luck", (1, 0))
    roll(state, 3, 3, 4, 6)
    state.apply_action(Pass())
    result = last_duel(state)
    assert (result.attacker_total, result.defender_total) == (7, 11)
    assert mill_fillers(state) == 3
    assert eliminated(state) == [0]
    assert state.is_terminal()
    assert state.winner == 1


def persona_duel_emptying_p2(players: int) -> SotaState:
    """J (Magic 6) against P2's Persona (Magic 3) with 2 cards left: 12 against 9, P2 mills its last 2."""
    p2_allies = ["ex-ally-agility-1", "ex-ally-charisma-1"]  # no use in a Magic duel
    seats = [seat(positions=["ex-j"]), seat(persona="ex-p2-persona", deck=2, allies=p2_allies)]
    if players == 3:
        seats.append(seat(positions=["ex-c"]))
    state = start(*seats)
    challenge(state, 0, "magic", (1, None))
    roll(state, 3, 3, 3, 3)
    state.apply_action(Pass())  # P2 keeps its Muse
    assert last_duel(state).winner == 0
    assert mill_fillers(state) == 2
    return state


def test_sota_dx12_a_defender_emptied_by_a_persona_duel_is_eliminated_and_two_players_end() -> None:
    """DX12 (SOTA-75, R2): a defender whose deck is emptied by a Persona Duel mill is eliminated; with two
    players the game ends."""
    state = persona_duel_emptying_p2(2)
    assert eliminated(state) == [1]
    assert state.is_terminal()
    assert state.winner == 0
    assert state.returns() == (1.0, -1.0)


def test_sota_dx12_with_three_players_the_active_player_continues_against_the_rest() -> None:
    """DX12 (SOTA-75, R1, R2): with three players, the emptied defender is eliminated, its cards leave the
    game, and the active player continues its Turn Phase against the remaining opponent."""
    state = persona_duel_emptying_p2(3)
    assert eliminated(state) == [1]
    assert state.alive == [True, False, True]
    assert not state.is_terminal()
    assert state.active == 0
    assert state.prompt is not None
    assert state.prompt.phase is Phase.DUEL_UNIT
    assert state.persona[1] == -1
    assert state.shards[1] == ()
    assert len(state.decks[1]) == 0
    assert "ex-p2-persona" in names(state, state.removed[1])
    assert state.allies[5:10] == [()] * 5  # every Ally Position of P2 is emptied
    assert {"ex-ally-agility-1", "ex-ally-charisma-1"} <= set(names(state, state.removed[1]))
    state.apply_action(DuelWith(0))
    state.apply_action(ChooseStat(Stat.AGILITY))
    assert state.legal_actions() == (ChooseTarget(2, 0),)
    state.apply_action(ChooseTarget(2, 0))
    roll(state, 6, 6, 1, 1)  # 3+12 against 2+2
    assert last_duel(state).winner == 0
    state.apply_action(EndTurnPhase())
    assert state.active == 2  # the eliminated seat is skipped
