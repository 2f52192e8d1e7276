"""The turn of play (TAC-24 to 29, R8, R9, R18, DX7, DX8).

Unless a test says otherwise, scenarios start from a play position at seat 0's turn 1 with no actions
used and 26 Souls each. Both sides' commander is CMDR Kess, which has no turn-start or reactive effect, so
every decision in these tests is the active player's own. Pikemen (Might 3, BRACE(1), orthogonal up to 2)
attack each other without injuring: 3 - 1 = 2 leaves 1.
"""

from __future__ import annotations

import pytest
from tactics_scenarios import destinations, events_of, legal_texts, play, start, tactics_game, warrior_at

from shardgames.kernel.errors import IllegalActionError
from shardgames.kernel.events import GameEnded
from shardgames.tactics import TacticsState, square
from shardgames.tactics.actions import Attack, BuyAction, FirstPlayer, Move
from shardgames.tactics.events import (
    ActionBought,
    Attacked,
    Injured,
    Moved,
    SetupStopped,
    SoulGained,
    TurnBegan,
    TurnEnded,
    WarriorDefeated,
)
from shardgames.tactics.phases import Phase, TacticsPrompt

QUIET = """
 8  .  .  .  .  e  .  .  .
 4  .  .  .  P  .  .  .  .
 1  .  .  .  .  E  .  .  .
"""
"""Seat 0: Kess e1 and a Pikeman d4; seat 1: Kess e8. No warrior can attack."""

FACING = """
 8  .  .  .  .  e  .  .  .
 5  .  .  .  p  p  .  .  .
 4  .  .  .  P  P  .  .  .
 1  .  .  .  .  E  .  .  .
"""
"""Two Pikemen of each side face each other across ranks 4 and 5."""


def prompt_of(state: TacticsState) -> tuple[int, Phase]:
    prompt = state.prompt
    assert isinstance(prompt, TacticsPrompt)
    return prompt.player, prompt.phase


def kinds(events: tuple[object, ...]) -> list[str]:
    return [type(event).__name__ for event in events]


PIKEMAN_MOVES = ("move d4 to d3", "move d3 to d4", "move d4 to d3")
"""Three move actions of the Pikeman on d4 in QUIET: to d3, back to d4, to d3."""


# ---------------------------------------------------------------------- TAC-24: who moves first, alternation


@pytest.mark.parametrize("first", [0, 1])
def test_tac_24_the_player_who_placed_first_moves_first(first: int) -> None:
    """TAC-24: after setup, the first turn of play is the turn of the player who bought first."""
    state = tactics_game(chance="explicit").new_initial_state(seed=5)
    assert isinstance(state, TacticsState)
    assert str(state.prompt) == "chance: flip the coin for the first player"
    state.apply_action(FirstPlayer(first))
    home = {0: "e1", 1: "e8"}
    play(state, f"buy cmdr-kess at {home[first]}", "stop buying")
    play(state, f"buy cmdr-kess at {home[1 - first]}")
    events = play(state, "stop buying")
    assert events == (SetupStopped(1 - first, 26), TurnBegan(first, 1))
    assert prompt_of(state) == (first, Phase.ACTION)
    assert state.active == first


def test_tac_24_players_alternate_turns() -> None:
    """TAC-24: each turn is followed by a turn of the other player, and the turn counter goes up by one."""
    state = start(QUIET)
    seen = []
    for _ in range(4):
        seen.append((state.active, state.turn))
        play(state, "move e1 0 spaces" if state.active == 0 else "move e8 0 spaces", "end turn")
    assert seen == [(0, 1), (1, 2), (0, 3), (1, 4)]
    assert [(e.player, e.turn) for e in events_of(state.events, TurnBegan)] == [
        (1, 2),
        (0, 3),
        (1, 4),
        (0, 5),
    ]


# ---------------------------------------------------------------------- TAC-25: three actions


def test_tac_25_a_turn_has_up_to_three_actions() -> None:
    """TAC-25: with no Soul to buy a fourth, the turn ends by itself after the third action."""
    state = start(QUIET, souls=[0, 0])
    play(state, "move d4 to d3", "move d3 to d4")
    assert prompt_of(state) == (0, Phase.ACTION)
    assert state.actions_used == 2
    events = play(state, "move d4 to d3")
    assert kinds(events) == ["Moved", "TurnEnded", "TurnBegan"]
    assert events[1:] == (TurnEnded(0, 3), TurnBegan(1, 2))
    assert prompt_of(state) == (1, Phase.ACTION)


def test_tac_25_after_three_actions_no_move_or_attack_is_left() -> None:
    """TAC-25: after three actions only buying an action and ending the turn remain."""
    state = start(FACING)
    play(state, "move e1 to f1", "move f1 to e1", "attack d5 from d4")
    assert state.actions_used == 3
    assert legal_texts(state) == ["buy an action", "end turn"]
    with pytest.raises(IllegalActionError):
        state.apply_action(Move(square("e4"), square("f4")))


def test_tac_25_moves_and_attacks_both_count() -> None:
    """TAC-25: the three actions are shared between moves and attacks."""
    state = start(FACING, souls=[0, 0])
    play(state, "attack d5 from d4", "move e1 to f1")
    assert state.actions_used == 2
    events = play(state, "attack e5 from e4")
    assert events[-2:] == (TurnEnded(0, 3), TurnBegan(1, 2))


# ---------------------------------------------------------------------- TAC-26: the extra action


def test_tac_26_one_soul_buys_one_extra_action() -> None:
    """TAC-26: paying 1 Soul gives a fourth action this turn."""
    state = start(QUIET, souls=[5, 5])
    events = play(state, "buy an action")
    assert events == (ActionBought(0, 4),)
    assert state.souls == [4, 5]
    assert state.action_limit == 4
    play(state, *PIKEMAN_MOVES)
    assert "move d3 to d4" in legal_texts(state)
    assert state.actions_used == 3


def test_tac_26_the_extra_action_is_bought_at_most_once_per_turn() -> None:
    """TAC-26: after one purchase, BuyAction is neither offered nor accepted for the rest of the turn."""
    state = start(QUIET, souls=[5, 5])
    play(state, "buy an action")
    assert "buy an action" not in legal_texts(state)
    with pytest.raises(IllegalActionError):
        state.apply_action(BuyAction())
    assert state.souls == [4, 5]
    assert state.action_limit == 4


def test_tac_26_the_extra_action_can_be_bought_again_next_turn() -> None:
    """TAC-26: the limit is once per turn: the player's next turn may buy again, and starts at 3 actions."""
    state = start(QUIET, souls=[5, 5])
    play(state, "buy an action", "move d4 to d3", "end turn")
    assert state.action_limit == 3
    play(state, "buy an action", "move e8 to f8", "end turn")
    assert state.active == 0
    assert state.action_limit == 3
    assert state.extra_bought is False
    assert "buy an action" in legal_texts(state)
    play(state, "buy an action")
    assert state.souls == [3, 4]


# ---------------------------------------------------------------------- TAC-27: an idle turn


def test_tac_27_a_turn_without_actions_gains_a_soul() -> None:
    """TAC-27: ending the turn with no action gives the player 1 Soul."""
    state = start(QUIET, souls=[4, 9])
    events = play(state, "end turn")
    assert events == (SoulGained(0, 5), TurnEnded(0, 0), TurnBegan(1, 2))
    assert state.souls == [5, 9]


@pytest.mark.parametrize(
    "text", ["move d4 to d3", "move d4 0 spaces", "attack d5 from d4"], ids=["move", "0-space", "attack"]
)
def test_tac_27_any_action_forfeits_the_soul(text: str) -> None:
    """TAC-27: a single move (even of 0 spaces) or attack means the player used an action: no Soul."""
    state = start(FACING, souls=[4, 9])
    play(state, text)
    events = play(state, "end turn")
    assert events_of(events, SoulGained) == []
    assert events_of(events, TurnEnded) == [TurnEnded(0, 1)]
    assert state.souls == [4, 9]


# ---------------------------------------------------------------------- TAC-28: what an action is


def test_tac_28_a_move_action_moves_one_warrior() -> None:
    """TAC-28: a move action moves exactly one warrior and uses one action."""
    state = start(FACING)
    pikeman = warrior_at(state, "d4")
    events = play(state, "move d4 to c4")
    assert events == (Moved(pikeman, "Pikeman", square("d4"), square("c4")),)
    assert state.actions_used == 1
    assert prompt_of(state) == (0, Phase.ACTION)


def test_tac_28_an_attack_action_attacks_with_one_warrior() -> None:
    """TAC-28: an attack action is one warrior attacking, and uses one action."""
    state = start(FACING)
    attacker, target = warrior_at(state, "d4"), warrior_at(state, "d5")
    events = play(state, "attack d5 from d4")
    assert events == (Attacked(attacker, "Pikeman", target, "Pikeman", 2, 1),)
    assert state.actions_used == 1
    assert prompt_of(state) == (0, Phase.ACTION)


def test_tac_28_the_turn_ends_when_the_player_is_done() -> None:
    """TAC-28: the player may end the turn with actions left; the other player's turn follows."""
    state = start(FACING)
    play(state, "move d4 to c4")
    assert "end turn" in legal_texts(state)
    events = play(state, "end turn")
    assert events == (TurnEnded(0, 1), TurnBegan(1, 2))
    assert prompt_of(state) == (1, Phase.ACTION)
    assert state.actions_used == 0


# ---------------------------------------------------------------------- TAC-29: injury


def test_tac_29_an_injury_flips_an_uninjured_warrior() -> None:
    """TAC-29: an injured warrior stays on the board, showing its injured side."""
    state = start("""
     8  .  .  .  .  e  .  .  .
     5  .  .  .  m  .  .  .  .
     4  .  .  .  P  .  .  .  .
     1  .  .  .  .  E  .  .  .
    """)
    militia = warrior_at(state, "d5")
    events = play(state, "attack d5 from d4")
    assert events_of(events, Injured) == [Injured(militia, "Militia")]
    assert events_of(events, WarriorDefeated) == []
    assert state.injured[militia] is True
    assert warrior_at(state, "d5") == militia


def test_tac_29_an_injured_warrior_injured_again_is_defeated() -> None:
    """TAC-29: a second injury, in a later turn, removes the warrior."""
    state = start("""
     8  .  .  .  .  e  .  .  .
     5  .  .  .  m  .  .  .  .
     4  .  .  .  P  .  .  .  .
     1  .  .  .  .  E  .  .  .
    """)
    militia = warrior_at(state, "d5")
    play(state, "attack d5 from d4", "end turn", "move e8 to f8", "end turn")
    assert state.injured[militia] is True
    events = play(state, "attack d5 from d4")
    assert events_of(events, WarriorDefeated) == [WarriorDefeated(militia, "Militia (injured)")]
    assert events_of(events, Injured) == []
    assert state.board[square("d5")] == -1
    assert state.square[militia] == -1
    assert not state.is_terminal()


# ---------------------------------------------------------------------- TAC-R8: buying an action, passing


def test_tac_r8_buy_action_is_legal_before_the_first_action() -> None:
    """TAC-R8: BuyAction may come first; the turn then has four actions."""
    state = start(QUIET, souls=[1, 0])
    assert legal_texts(state)[-2:] == ["buy an action", "end turn"]
    play(state, "buy an action")
    assert state.souls == [0, 0]
    play(state, *PIKEMAN_MOVES)
    assert prompt_of(state) == (0, Phase.ACTION)
    events = play(state, "move d3 to d4")
    assert events[-2:] == (TurnEnded(0, 4), TurnBegan(1, 2))


def test_tac_r8_buy_action_needs_a_soul() -> None:
    """TAC-R8: with 0 Souls BuyAction is not offered, and the turn ends after the third action."""
    state = start(QUIET, souls=[0, 3])
    assert "buy an action" not in legal_texts(state)
    with pytest.raises(IllegalActionError):
        state.apply_action(BuyAction())
    events = play(state, *PIKEMAN_MOVES)
    assert events[-2:] == (TurnEnded(0, 3), TurnBegan(1, 2))
    assert state.souls == [0, 3]


def test_tac_r8_buy_action_is_legal_after_the_third_action() -> None:
    """TAC-R8: after three actions the turn waits for the player, who may still buy a fourth."""
    state = start(QUIET, souls=[2, 0])
    play(state, *PIKEMAN_MOVES)
    assert prompt_of(state) == (0, Phase.ACTION)
    assert legal_texts(state) == ["buy an action", "end turn"]
    play(state, "buy an action")
    assert state.action_limit == 4
    assert "move d3 to d4" in legal_texts(state)


def test_tac_r8_the_turn_ends_when_the_fourth_action_is_used() -> None:
    """TAC-R8: once the bought action is used, no action and no BuyAction is left: the turn ends."""
    state = start(QUIET, souls=[2, 0])
    play(state, "buy an action", *PIKEMAN_MOVES)
    events = play(state, "move d3 to d4")
    assert events[-2:] == (TurnEnded(0, 4), TurnBegan(1, 2))
    assert state.souls == [1, 0]


def test_tac_r8_buying_and_then_ending_without_acting_nets_zero() -> None:
    """TAC-R8: buying an action counts as no action: ending the turn then gains the Soul back."""
    state = start(QUIET, souls=[5, 5])
    events = play(state, "buy an action", "end turn")
    assert events == (ActionBought(0, 4), SoulGained(0, 5), TurnEnded(0, 0), TurnBegan(1, 2))
    assert state.souls == [5, 5]


def test_tac_r8_a_bought_action_is_noted_in_a_position() -> None:
    """TAC-R8: in a position where the action was already bought, BuyAction is not offered again."""
    state = start(QUIET, souls=[5, 5], extra_bought=True, actions_used=3)
    assert state.action_limit == 4
    assert "buy an action" not in legal_texts(state)
    events = play(state, "move d4 to d3")
    assert events[-2:] == (TurnEnded(0, 4), TurnBegan(1, 2))


# ---------------------------------------------------------------------- TAC-R9: actions per warrior


def test_tac_r9_a_warrior_may_move_several_times_in_a_turn() -> None:
    """TAC-R9: the same warrior may take every move action of the turn."""
    state = start(QUIET, souls=[1, 0])
    pikeman = warrior_at(state, "d4")
    events = play(state, "move d4 to d6", "move d6 to f6", "buy an action", "move f6 to f8", "move f8 to h8")
    assert events_of(events, Moved) == [
        Moved(pikeman, "Pikeman", square("d4"), square("d6")),
        Moved(pikeman, "Pikeman", square("d6"), square("f6")),
        Moved(pikeman, "Pikeman", square("f6"), square("f8")),
        Moved(pikeman, "Pikeman", square("f8"), square("h8")),
    ]


def test_tac_r9_a_warrior_attacks_at_most_once_per_turn() -> None:
    """TAC-R9: after a non-injuring attack, the attacker has no attack left; the other Pikeman has both."""
    state = start(FACING)
    play(state, "attack d5 from d4")
    attacks = [text for text in legal_texts(state) if text.startswith("attack")]
    assert attacks == ["attack d5 from e4", "attack e5 from e4"]
    with pytest.raises(IllegalActionError):
        state.apply_action(Attack(square("d4"), square("e5")))


def test_tac_r9_a_warrior_may_move_after_attacking() -> None:
    """TAC-R9: the attacker may still move afterwards."""
    state = start(FACING)
    play(state, "attack d5 from d4")
    assert destinations(state, "d4") == {"d4", "c4", "b4", "d3", "d2"}
    play(state, "move d4 to c4")
    assert state.board[square("c4")] >= 0


def test_tac_r9_a_warrior_may_attack_after_moving() -> None:
    """TAC-R9: a warrior that moved next to an enemy may attack it in the same turn."""
    state = start("""
     8  .  .  .  .  e  .  .  .
     6  .  .  .  p  .  .  .  .
     4  .  .  .  P  .  .  .  .
     1  .  .  .  .  E  .  .  .
    """)
    assert [t for t in legal_texts(state) if t.startswith("attack")] == []
    play(state, "move d4 to d5")
    assert [t for t in legal_texts(state) if t.startswith("attack")] == ["attack d6 from d5"]
    play(state, "attack d6 from d5")
    assert state.actions_used == 2


# ---------------------------------------------------------------------- derived scenarios


def test_tac_dx7_a_fourth_action_after_three() -> None:
    """DX7: after 3 actions BuyAction is legal (Souls 5 -> 4) and a 4th action follows; a second
    BuyAction is illegal."""
    state = start(QUIET, souls=[5, 5])
    play(state, *PIKEMAN_MOVES)
    assert legal_texts(state) == ["buy an action", "end turn"]
    events = play(state, "buy an action")
    assert events == (ActionBought(0, 4),)
    assert state.souls == [4, 5]
    assert "buy an action" not in legal_texts(state)
    with pytest.raises(IllegalActionError):
        state.apply_action(BuyAction())
    events = play(state, "move d3 to d4")
    assert kinds(events) == ["Moved", "TurnEnded", "TurnBegan"]
    assert events[1] == TurnEnded(0, 4)


def test_tac_dx8_ending_a_turn_with_no_action_gains_a_soul() -> None:
    """DX8: EndTurn with 0 actions: Souls +1."""
    state = start(QUIET, souls=[5, 5])
    assert state.actions_used == 0
    events = play(state, "end turn")
    assert events_of(events, SoulGained) == [SoulGained(0, 6)]
    assert state.souls == [6, 5]


# ---------------------------------------------------------------------- TAC-R18: the text's typos, read right


def test_tac_r18_souls_left_after_setup_are_kept_for_the_game() -> None:
    """TAC-R18 ("track their remaining Souls for during the game"): the Souls a player stops with are
    theirs in play, and spending one on an action leaves the rest."""
    state = tactics_game(chance="explicit").new_initial_state(seed=1)
    assert isinstance(state, TacticsState)
    state.apply_action(FirstPlayer(0))
    play(state, "buy cmdr-kess at e1", "buy pikeman at d1", "stop buying")
    play(state, "buy cmdr-kess at e8", "buy knight at d8", "buy militia at a7", "stop buying")
    assert state.souls == [23, 20]
    play(state, "buy an action", "end turn")  # net 0 (TAC-R8)
    assert state.souls == [23, 20]
    play(state, "buy an action", "move d8 to d7", "end turn")
    assert state.souls == [23, 19]


def test_tac_r18_an_attack_uses_your_action() -> None:
    """TAC-R18 ("using you action"): an attack action is one of the attacking player's own actions."""
    state = start(FACING, souls=[0, 0], actions_used=2)
    events = play(state, "attack d5 from d4")
    assert events_of(events, TurnEnded) == [TurnEnded(0, 3)]
    assert state.active == 1


def test_tac_r18_the_moving_warrior_with_flight_passes_over_warriors() -> None:
    """TAC-R18 ("the moving warrior moving has flight"): the moving warrior's flight lets it pass over a
    warrior; without flight the warrior blocks."""
    state = start("""
     8  .  .  .  .  e  .  .  .
     6  .  .  .  p  .  .  .  .
     5  .  .  .  P  .  .  .  .
     4  .  .  .  W  .  .  .  .
     1  .  .  .  .  E  .  .  .
    """)
    assert {"d7", "d8"} <= destinations(state, "d4")
    assert destinations(state, "d5") == {"d5", "c5", "b5", "e5", "f5"}


def test_tac_r18_the_closest_row_is_a_row() -> None:
    """TAC-R18 (missing "row"): a warrior costing more than 1 goes in the player's closest row."""
    state = start("", phase="setup")
    cells = {str(a).split(" at ")[1] for a in state.legal_actions() if str(a).startswith("buy pikeman ")}
    assert cells == {f"{file}1" for file in "abcdefgh"}


def test_tac_r18_two_ways_to_win_is_one_loss_condition() -> None:
    """TAC-R18 ("two ways to win" with one stated): losing the last commander ends the game (TAC-R1)."""
    state = start("""
     8  .  .  .  .  e* .  .  .
     7  .  .  .  .  K  .  .  .
     1  .  .  .  .  E  .  .  .
    """)
    events = play(state, "attack e8 from e7")
    assert [(e.winner, e.returns) for e in events_of(events, GameEnded)] == [(0, (1.0, -1.0))]
    assert state.winner == 0
