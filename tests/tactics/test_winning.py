"""Winning, losing and the turn cap (TAC-2, 10, 11, R1, R17, DX4, DX5).

A player loses at once when no commander of theirs is left on the board (TAC-R1); an army reduced to
commanders is injured by any attack (TAC-11); the game is a draw after `max_turns` turns in all (TAC-R17).
Scenarios start from play positions at seat 0's turn 1 unless a test says otherwise. The attackers are
chosen without reactive effects of their own, and the defenders' effects do not act in these attacks,
so every decision in these tests is the active player's.
"""

from __future__ import annotations

import random

import pytest
from tactics_scenarios import events_of, legal_texts, play, start, tactics_game, warrior_at

from shardgames.kernel.events import GameEnded
from shardgames.kernel.state import TERMINAL
from shardgames.tactics import TacticsState, square
from shardgames.tactics.actions import FirstPlayer
from shardgames.tactics.combat import check_commanders
from shardgames.tactics.events import (
    Attacked,
    Injured,
    TurnBegan,
    TurnEnded,
    WarriorDefeated,
)
from shardgames.tactics.phases import Phase, TacticsPrompt
from shardgames.tactics.play import might

SEAT_0_WINS = (1.0, -1.0)
SEAT_1_WINS = (-1.0, 1.0)
DRAW = (0.0, 0.0)


def ending(state: TacticsState) -> list[tuple[int | None, tuple[float, ...]]]:
    """The winner and returns of each `GameEnded` event in the log."""
    return [(event.winner, event.returns) for event in events_of(state.events, GameEnded)]


def assert_over(state: TacticsState, winner: int | None, returns: tuple[float, ...]) -> None:
    """The game is over with this result, and nobody has anything left to do."""
    assert state.is_terminal()
    assert state.winner == winner
    assert state.returns() == returns
    assert ending(state) == [(winner, returns)]
    assert state.current_player == TERMINAL
    assert state.prompt is None
    assert state.legal_actions() == ()


def assert_going_on(state: TacticsState) -> None:
    assert not state.is_terminal()
    assert state.winner is None
    assert state.returns() == DRAW
    assert ending(state) == []


def commanders_of(state: TacticsState, seat: int) -> list[str]:
    return [state.name_of(w) for w in state.warriors_of(seat) if state.game.commander[state.card[w]]]


# ---------------------------------------------------------------------- TAC-2: the two aims of the intro


def test_tac_2_quickly_eliminating_the_commander_wins() -> None:
    """TAC-2: eliminating the enemy commander wins, although most of its force is still standing."""
    state = start("""
     8  .  k  .  p  e* .  w  .
     7  .  .  .  .  K  .  .  .
     1  .  .  .  .  E  .  .  .
    """)
    play(state, "attack e8 from e7")
    assert_over(state, 0, SEAT_0_WINS)
    assert len(state.warriors_of(1)) == 3


def test_tac_2_destroying_the_enemy_force_wins() -> None:
    """TAC-2: wiping out the enemy force wins too: its last warrior, a commander, falls to the last attack."""
    state = start("""
     8  .  .  .  .  e* .  .  .
     7  .  .  .  .  S  .  .  .
     1  .  .  .  .  E  .  .  .
    """)
    kess = warrior_at(state, "e8")
    events = play(state, "attack e8 from e7")  # Scout, Might 1, against Might 2: exposure
    assert events_of(events, WarriorDefeated) == [WarriorDefeated(kess, "CMDR Kess (injured)")]
    assert state.warriors_of(1) == []
    assert_over(state, 0, SEAT_0_WINS)


# ---------------------------------------------------------------------- TAC-10: all commanders


def test_tac_10_every_commander_must_be_defeated() -> None:
    """TAC-10: with two commanders, defeating one is not enough; defeating the second wins."""
    state = start("""
     8  .  .  .  .  e* o* .  .
     7  .  .  .  .  K  .  .  .
     1  .  .  .  .  E  .  .  .
    """)
    oren = warrior_at(state, "f8")
    play(state, "attack e8 from e7")
    assert commanders_of(state, 1) == ["CMDR Oren (injured)"]
    assert_going_on(state)
    assert [t for t in legal_texts(state) if t.startswith("attack")] == []  # TAC-47: attacks are over
    play(state, "end turn", "end turn")
    assert state.active == 0
    events = play(state, "attack f8 from e7")
    assert events_of(events, WarriorDefeated) == [WarriorDefeated(oren, "CMDR Oren (injured)")]
    assert_over(state, 0, SEAT_0_WINS)


def test_tac_10_losing_a_non_commander_is_not_a_loss() -> None:
    """TAC-10: defeating warriors other than commanders wins nothing."""
    state = start("""
     8  .  .  .  m* e  .  .  .
     7  .  .  .  K  .  .  .  .
     1  .  .  .  .  E  .  .  .
    """)
    events = play(state, "attack d8 from d7")
    assert [type(e) for e in events] == [Attacked, WarriorDefeated]
    assert_going_on(state)
    assert commanders_of(state, 1) == ["CMDR Kess"]


# ---------------------------------------------------------------------- TAC-11: commander exposure


@pytest.mark.parametrize(
    ("defenders", "injured"),
    [(" 8  .  .  .  .  e  .  .  .", True), (" 8  m  .  .  .  e  .  .  .", False)],
    ids=["only-commanders", "with-a-militia"],
)
def test_tac_11_an_army_of_only_commanders_is_injured_by_any_attack(defenders: str, injured: bool) -> None:
    """TAC-11: a Might 1 Archer takes 1 off Kess (Might 3, 2 left): that injures only when every warrior
    left to seat 1 is a commander."""
    state = start(defenders + "\n 7  .  .  .  .  A  .  .  .\n 1  .  .  .  .  E  .  .  .")
    archer, kess = warrior_at(state, "e7"), warrior_at(state, "e8")
    events = play(state, "attack e8 from e7")
    assert events_of(events, Attacked) == [Attacked(archer, "Archer", kess, "CMDR Kess", 1, 2)]
    assert events_of(events, Injured) == ([Injured(kess, "CMDR Kess")] if injured else [])
    assert state.injured[kess] is injured
    assert_going_on(state)


def test_tac_11_several_commanders_alone_are_exposed() -> None:
    """TAC-11: two commanders and nothing else are exposed: a weak attack injures either."""
    state = start("""
     8  .  .  .  .  e  o  .  .
     7  .  .  .  .  .  B  .  .
     1  .  .  .  .  E  .  .  .
    """)
    oren = warrior_at(state, "f8")
    events = play(state, "attack f8 from f7")  # Bard, Might 1, against Oren, Might 2
    assert events_of(events, Injured) == [Injured(oren, "CMDR Oren")]


def test_tac_11_exposure_protects_nobody_on_the_attackers_side() -> None:
    """TAC-11: exposure works for both seats: seat 1's Militia injures seat 0's lone Kess."""
    state = start(
        """
     8  .  .  .  .  e  .  .  .
     2  .  .  .  .  m  .  .  .
     1  .  .  .  .  E  .  .  .
    """,
        active=1,
    )
    kess = warrior_at(state, "e1")
    events = play(state, "attack e1 from e2")  # Militia, Might 2, against Kess, Might 3
    assert events_of(events, Injured) == [Injured(kess, "CMDR Kess")]
    assert_going_on(state)


def test_tac_11_exposure_starts_once_the_last_other_warrior_falls() -> None:
    """TAC-11: exposure is judged when the attack happens: right after seat 1 loses its Militia, its
    commander is exposed to the next attack."""
    state = start("""
     8  .  .  .  m* e  .  .  .
     7  .  .  .  B  S  .  .  .
     1  .  .  .  .  E  .  .  .
    """)
    kess = warrior_at(state, "e8")
    play(state, "attack d8 from d7")  # Bard, Might 1, against the injured Militia (Might 1): defeated
    play(state, "end turn", "end turn")
    events = play(state, "attack e8 from e7")  # Scout, Might 1, against Kess, Might 3
    assert events_of(events, Injured) == [Injured(kess, "CMDR Kess")]


# ---------------------------------------------------------------------- TAC-R1: the one loss predicate


def test_tac_r1_losing_the_last_commander_ends_the_game_at_once() -> None:
    """TAC-R1: the loss is immediate: mid-turn, with actions left, the game ends and the attacker wins."""
    state = start("""
     8  .  .  .  .  e* .  .  .
     7  .  .  .  .  K  .  .  .
     4  .  .  .  P  .  .  .  .
     1  .  .  .  .  E  .  .  .
    """)
    events = play(state, "move d4 to d3", "attack e8 from e7")
    assert [type(e).__name__ for e in events] == ["Moved", "Attacked", "WarriorDefeated", "GameEnded"]
    assert events_of(events, TurnEnded) == []
    assert state.actions_used == 2
    assert_over(state, 0, SEAT_0_WINS)


def test_tac_r1_route_one_the_commander_killed_with_the_army_standing() -> None:
    """TAC-R1: a player whose last commander is defeated loses, whatever else is left on the board."""
    state = start(
        """
     8  .  .  .  .  e  .  .  .
     2  .  .  .  .  k  w  .  .
     1  .  .  .  .  E* M  M  .
    """,
        active=1,
    )
    kess = warrior_at(state, "e1")
    events = play(state, "attack e1 from e2")
    assert events_of(events, WarriorDefeated) == [WarriorDefeated(kess, "CMDR Kess (injured)")]
    assert len(state.warriors_of(0)) == 2
    assert_over(state, 1, SEAT_1_WINS)


def test_tac_r1_route_two_the_army_wiped_out_through_exposure() -> None:
    """TAC-R1: wiping out an army ends in commander defeat: the Militia falls first, then every attack on
    the lone Kess injures it (TAC-11), and its defeat ends the game."""
    state = start("""
     8  .  .  .  m* e  .  .  .
     7  .  .  .  .  B  .  .  .
     1  .  .  .  .  E  .  .  .
    """)
    militia, kess = warrior_at(state, "d8"), warrior_at(state, "e8")
    events = play(state, "attack d8 from e7")  # Bard, Might 1, against Might 1
    assert events_of(events, WarriorDefeated) == [WarriorDefeated(militia, "Militia (injured)")]
    assert_going_on(state)
    play(state, "end turn", "end turn")
    events = play(state, "attack e8 from e7")  # Might 1 against Might 3: 2 left, injured all the same
    assert events_of(events, Injured) == [Injured(kess, "CMDR Kess")]
    assert_going_on(state)
    play(state, "end turn", "end turn")
    events = play(state, "attack e8 from e7")  # Might 1 against Might 2: 1 left, defeated all the same
    assert events_of(events, WarriorDefeated) == [WarriorDefeated(kess, "CMDR Kess (injured)")]
    assert state.warriors_of(1) == []
    assert state.turn == 5
    assert_over(state, 0, SEAT_0_WINS)


def test_tac_r1_seat_1_wins_the_same_way() -> None:
    """TAC-R1: the predicate is the same for both seats: seat 1 defeating seat 0's last commander wins."""
    state = start(
        """
     8  .  .  .  .  e  .  .  .
     2  .  .  .  .  p  .  .  .
     1  .  .  .  .  O* .  .  .
    """,
        active=1,
    )
    play(state, "attack e1 from e2")
    assert_over(state, 1, SEAT_1_WINS)


def test_tac_r1_setup_always_gives_both_armies_a_commander() -> None:
    """TAC-R1, TAC-22: whatever the players buy, play starts with a commander on each side, so losing
    every warrior implies losing every commander."""
    for seed in range(6):
        chooser = random.Random(seed)
        state = tactics_game(chance="explicit").new_initial_state(seed=seed)
        assert isinstance(state, TacticsState)
        state.apply_action(FirstPlayer(seed % 2))
        while isinstance(state.prompt, TacticsPrompt) and state.prompt.phase is Phase.SETUP:
            state.apply_action(chooser.choice(state.legal_actions()))
        assert state.turn == 1
        assert all(commanders_of(state, seat) != [] for seat in (0, 1)), seed
        assert_going_on(state)


def test_tac_r1_both_players_without_a_commander_is_a_draw() -> None:
    """TAC-R1: if both players lose at the same time the game is a draw. No effect can make that happen
    in play, so the loss check itself is given a board where both commanders are gone."""
    state = start("""
     8  .  .  .  .  e  .  .  m
     1  M  .  .  .  E  .  .  .
    """)
    for cell in ("e1", "e8"):
        warrior = warrior_at(state, cell)
        state.board[square(cell)] = -1
        state.square[warrior] = -1
    check_commanders(state)
    assert state.is_terminal()
    assert state.winner is None
    assert state.returns() == DRAW
    assert ending(state) == [(None, DRAW)]


@pytest.mark.parametrize(("gone", "winner"), [("e1", 1), ("e8", 0)])
def test_tac_r1_the_loss_check_names_the_player_left_with_a_commander(gone: str, winner: int) -> None:
    """TAC-R1: the same check, with one commander gone, makes the other player the winner."""
    state = start("""
     8  .  .  .  .  e  .  .  m
     1  M  .  .  .  E  .  .  .
    """)
    warrior = warrior_at(state, gone)
    state.board[square(gone)] = -1
    state.square[warrior] = -1
    check_commanders(state)
    assert state.winner == winner
    assert state.returns() == (SEAT_0_WINS if winner == 0 else SEAT_1_WINS)


def test_tac_r1_a_position_without_a_commander_is_no_position_of_play() -> None:
    """TAC-R1: a play position where a player has no commander would already be over, so it is refused."""
    with pytest.raises(ValueError, match="seat 1 has no commander"):
        start(" 8  m  .  .  .  .  .  .  .\n 1  .  .  .  .  E  .  .  .")


# ---------------------------------------------------------------------- TAC-R17: the turn cap


def test_tac_r17_the_default_cap_is_200_turns() -> None:
    """TAC-R17: by default the game is a draw after 200 turns in all."""
    game = tactics_game()
    assert game.params["max_turns"] == 200
    assert game.turn_cap == 200


QUIET = """
 8  .  .  .  .  e  .  .  .
 1  .  .  .  .  E  .  .  .
"""


def test_tac_r17_the_last_turn_is_still_played() -> None:
    """TAC-R17: turn 200 is played; the game is not over before it ends."""
    state = start(QUIET, turn=199)
    events = play(state, "end turn")
    assert events[-1] == TurnBegan(1, 200)
    assert_going_on(state)
    assert state.current_player == 1


def test_tac_r17_the_game_is_a_draw_when_the_last_turn_ends() -> None:
    """TAC-R17: when turn 200 ends, the game is over, drawn, and no turn 201 begins."""
    state = start(QUIET, turn=200, active=1)
    events = play(state, "move e8 to e7", "end turn")
    assert events_of(events, TurnEnded) == [TurnEnded(1, 1)]
    assert events_of(events, TurnBegan) == []
    assert state.turn == 200
    assert_over(state, None, DRAW)


def test_tac_r17_the_last_turn_ends_before_the_draw_so_fire_is_forgotten() -> None:
    """TAC-R17, TAC-R11: the last turn ends as any turn does (G4) before the cap draws the game: the
    Knight that entered Fire on e7 in turn 200 is no longer scorched in the final position, and has its
    Might 4 back."""
    state = start(QUIET + " 6  .  .  .  .  K  .  .  .", " 7  .  .  .  .  F  .  .  .", turn=200)
    knight = warrior_at(state, "e6")
    play(state, "move e6 to e7")
    assert state.scorched[knight]
    assert might(state, knight) == 3
    play(state, "end turn")
    assert_over(state, None, DRAW)
    assert not any(state.scorched)
    assert might(state, knight) == 4


def test_tac_r17_turns_are_counted_for_both_players_together() -> None:
    """TAC-R17: with a cap of 4, a new game gets two turns per player, then the draw."""
    game = tactics_game(chance="explicit", max_turns=4)
    state = game.new_initial_state(seed=2)
    assert isinstance(state, TacticsState)
    state.apply_action(FirstPlayer(1))
    play(state, "buy cmdr-kess at e8", "stop buying", "buy cmdr-kess at e1", "stop buying")
    for _ in range(4):
        assert not state.is_terminal()
        play(state, "end turn")
    assert [(e.player, e.turn) for e in events_of(state.events, TurnBegan)] == [
        (1, 1),
        (0, 2),
        (1, 3),
        (0, 4),
    ]
    assert state.souls == [28, 28]
    assert_over(state, None, DRAW)


def test_tac_r17_a_win_in_the_last_turn_is_a_win() -> None:
    """TAC-R17: the cap only ends a game nobody has won: a commander defeated in turn 200 still wins."""
    state = start(
        """
     8  .  .  .  .  e* .  .  .
     7  .  .  .  .  K  .  .  .
     1  .  .  .  .  E  .  .  .
    """,
        turn=200,
    )
    play(state, "attack e8 from e7")
    assert_over(state, 0, SEAT_0_WINS)


def test_tac_r17_random_play_always_ends() -> None:
    """TAC-R17: with a cap, games of random legal actions always end, by a win or the draw at the cap."""
    game = tactics_game(max_turns=30)
    for seed in range(4):
        chooser = random.Random(seed)
        state = game.new_initial_state(seed=seed)
        assert isinstance(state, TacticsState)
        while not state.is_terminal():
            state.apply_action(chooser.choice(state.legal_actions()))
            assert state.turn <= 30
        assert ending(state) != []


# ---------------------------------------------------------------------- derived scenarios


def test_tac_dx4_injuring_an_injured_warrior_removes_it() -> None:
    """DX4: a second injury defeats a warrior: an injured Pikeman is removed and the game goes on."""
    state = start("""
     8  .  .  .  p* e  .  .  .
     7  .  .  .  K  .  .  .  .
     1  .  .  .  .  E  .  .  .
    """)
    pikeman = warrior_at(state, "d8")
    events = play(state, "attack d8 from d7")
    assert events_of(events, WarriorDefeated) == [WarriorDefeated(pikeman, "Pikeman (injured)")]
    assert state.board[square("d8")] == -1
    assert_going_on(state)


def test_tac_dx4_removing_the_last_commander_ends_the_game() -> None:
    """DX4: if the removed warrior was the last commander, the game is over and the attacker wins."""
    state = start("""
     8  .  .  .  p  e* .  .  .
     7  .  .  .  .  K  .  .  .
     1  .  .  .  .  E  .  .  .
    """)
    kess = warrior_at(state, "e8")
    events = play(state, "attack e8 from e7")
    assert events_of(events, WarriorDefeated) == [WarriorDefeated(kess, "CMDR Kess (injured)")]
    assert state.board[square("e8")] == -1
    assert_over(state, 0, SEAT_0_WINS)


def test_tac_dx5_a_lone_injured_commander_falls_to_a_might_1_attack() -> None:
    """DX5: the opponent has only one injured CMDR (Might 2); a Might 1 attacker defeats it, and P1 wins."""
    state = start("""
     8  .  .  .  .  e* .  .  .
     7  .  .  .  .  S  .  .  .
     1  .  .  .  .  E  .  .  .
    """)
    scout, kess = warrior_at(state, "e7"), warrior_at(state, "e8")
    events = play(state, "attack e8 from e7")
    assert events[:2] == (
        Attacked(scout, "Scout", kess, "CMDR Kess (injured)", 1, 1),
        WarriorDefeated(kess, "CMDR Kess (injured)"),
    )
    assert [type(event) for event in events[2:]] == [GameEnded]
    assert_over(state, 0, SEAT_0_WINS)
