"""Attacks (TAC-44 to 47, R14, R15, DX1, DX2, DX3, DX6).

Each scenario starts from a position in which seat 0 (P1) is to act with 3 actions; commanders that play
no part stand in the far corners. Might values are read with `shardgames.tactics.play.might`, the
outcome of an attack from its `Attacked` and `Injured` events. Attacks granted by an effect (TAC-R15) are
made with the Slinger of ``data/effect_warriors.toml`` (``VOLLEY(3)``: after moving it may attack an
enemy within effect distance 3).
"""

from __future__ import annotations

from pathlib import Path

from tactics_scenarios import events_of, legal_texts, play, start, tactics_game, warrior_at

from shardgames.tactics import Phase, TacticsGame, TacticsPrompt, TacticsState, name, square
from shardgames.tactics.events import Attacked, Injured, WarriorDefeated
from shardgames.tactics.play import might

EXTRA_ROSTER = Path(__file__).parent / "data" / "effect_warriors.toml"


def extended() -> TacticsGame:
    """The game with the extra warriors of the effect tests (the Slinger has VOLLEY(3))."""
    return tactics_game(roster=(str(EXTRA_ROSTER),))


def might_at(state: TacticsState, cell: str, *, attacking: bool = False) -> int:
    """The effective Might of the warrior on `cell`."""
    return might(state, warrior_at(state, cell), attacking=attacking)


def attacks(state: TacticsState) -> list[str]:
    """The legal attack actions, as text."""
    return [text for text in legal_texts(state) if text.startswith("attack")]


def outcome(events: tuple[object, ...]) -> list[tuple[str, str, int, int]]:
    """Each attack: attacker, target, the Might it took, the Might left."""
    return [
        (e.attacker_name, e.target_name, e.reduction, e.might_left)
        for e in events_of(events, Attacked)  # type: ignore[arg-type]
    ]


def injured(state: TacticsState, events: tuple[object, ...]) -> list[str]:
    """The squares of the warriors the events injured (flipped, still on the board)."""
    return [name(state.square[e.warrior]) for e in events_of(events, Injured)]  # type: ignore[arg-type]


def defeated(events: tuple[object, ...]) -> list[int]:
    """The warriors the events removed from the board."""
    return [e.warrior for e in events_of(events, WarriorDefeated)]  # type: ignore[arg-type]


def at_action(state: TacticsState) -> bool:
    """Whether P1 is asked for an action (no effect decision pending)."""
    prompt = state.prompt
    return isinstance(prompt, TacticsPrompt) and prompt.phase is Phase.ACTION and state.current_player == 0


# ---------------------------------------------------------------------- TAC-44


def test_tac_44_an_attack_targets_an_adjacent_enemy_on_any_of_the_8_surrounding_squares() -> None:
    """TAC-44, R13: the Knight on d4 may attack the enemies on e3, c5 (diagonal) and d5, not those two
    squares away (d6, f4), and never its own warrior (c3)."""
    state = start(
        """
        8  .  .  .  .  .  .  .  e
        6  .  .  .  m  .  .  .  .
        5  .  .  m  m  .  .  .  .
        4  .  .  .  K  .  m  .  .
        3  .  .  M  .  m  .  .  .
        1  .  .  .  .  .  .  .  E
        """
    )
    assert [t for t in attacks(state) if t.endswith("d4")] == [
        "attack e3 from d4",
        "attack c5 from d4",
        "attack d5 from d4",
    ]


def test_tac_44_only_the_active_players_warriors_attack() -> None:
    """TAC-44: "one of your warriors": P2's Militia next to P1's warrior gives P1 no attack from it."""
    state = start(
        """
        8  .  .  .  .  .  .  .  e
        3  .  .  .  m  .  .  .  .
        2  .  .  .  M  .  .  .  .
        1  .  .  .  .  .  .  .  E
        """
    )
    assert attacks(state) == ["attack d3 from d2"]


def test_tac_44_a_warrior_that_has_attacked_this_turn_cannot_attack() -> None:
    """TAC-44, R9: a warrior listed as having attacked this turn has no attack action."""
    state = start(
        """
        8  .  .  .  .  .  .  .  e
        3  .  .  .  m  .  .  .  .
        2  .  .  .  M  M  .  .  .
        1  .  .  .  .  .  .  .  E
        """,
        attacked=["d2"],
        actions_used=1,
    )
    assert attacks(state) == ["attack d3 from e2"]


def test_tac_dx6_after_a_non_injuring_attack_that_warrior_cannot_attack_again_another_can() -> None:
    """DX6, TAC-44, R9: the Scout's attack does not injure; the Scout cannot attack again this turn, even
    after moving, but the Archer still can."""
    state = start(
        """
        8  .  .  .  .  .  .  .  e
        4  .  .  .  p  .  .  .  .
        3  .  .  S  A  .  .  .  .
        1  .  .  .  .  .  .  .  E
        """
    )
    events = play(state, "attack d4 from c3")
    assert injured(state, events) == []
    assert attacks(state) == ["attack d4 from d3"]
    play(state, "move c3 to c4")
    assert attacks(state) == ["attack d4 from d3"]


# ---------------------------------------------------------------------- TAC-45


def test_tac_45_the_target_loses_the_attackers_might() -> None:
    """TAC-45: a Might 2 Militia attacks a Might 3 Wyvern: the Wyvern is at 1."""
    state = start(
        """
        8  .  .  .  .  .  .  .  e
        4  .  .  .  w  .  .  .  .
        3  .  .  .  M  .  .  .  .
        1  .  .  .  .  .  .  .  E
        """
    )
    events = play(state, "attack d4 from d3")
    assert outcome(events) == [("Militia", "Wyvern", 2, 1)]
    assert might_at(state, "d4") == 1
    assert state.reduction[warrior_at(state, "d4")] == 2


def test_tac_45_the_reduction_lasts_until_the_end_of_the_turn() -> None:
    """TAC-45: the reduction holds for the rest of P1's turn and is gone on P2's turn."""
    state = start(
        """
        8  .  .  .  .  .  .  .  e
        4  .  .  .  w  .  .  .  .
        3  .  .  .  M  .  .  .  .
        1  .  .  .  .  .  .  .  E
        """
    )
    play(state, "attack d4 from d3", "move d3 to c2")
    assert might_at(state, "d4") == 1
    play(state, "end turn")
    assert state.active == 1
    assert (might_at(state, "d4"), state.reduction[warrior_at(state, "d4")]) == (3, 0)


# ---------------------------------------------------------------------- TAC-46, DX1


def test_tac_dx1_equal_might_injures_then_no_more_attacks_but_moves() -> None:
    """DX1, TAC-44 to 47: a Might 3 Pikeman attacks a Might 3 Wyvern: it is injured and flipped; P1 has
    no attack action left (the Militia next to another enemy included), but may still move."""
    state = start(
        """
        8  .  .  .  .  .  .  .  e
        4  .  .  .  w  .  .  m  .
        3  .  .  .  P  .  .  M  .
        1  .  .  .  .  .  .  .  E
        """
    )
    events = play(state, "attack d4 from d3")
    assert outcome(events) == [("Pikeman", "Wyvern", 3, 0)]
    assert injured(state, events) == ["d4"]
    wyvern = warrior_at(state, "d4")
    assert state.injured[wyvern]
    assert state.name_of(wyvern) == "Wyvern (injured)"
    assert attacks(state) == []
    assert "move g3 to f2" in legal_texts(state)
    assert "move d3 to d2" in legal_texts(state)


def test_tac_46_a_target_left_above_0_is_not_injured() -> None:
    """TAC-46: a Might 1 Archer attacks a Might 2 Militia: 1 left, no injury, attacks stay open."""
    state = start(
        """
        8  .  .  .  .  .  .  .  e
        4  .  .  .  m  .  .  .  .
        3  .  .  .  A  M  .  .  .
        1  .  .  .  .  .  .  .  E
        """
    )
    events = play(state, "attack d4 from d3")
    assert outcome(events) == [("Archer", "Militia", 1, 1)]
    assert injured(state, events) == []
    assert not state.injured[warrior_at(state, "d4")]
    assert attacks(state) == ["attack d4 from e3"]


def test_tac_46_an_injured_warrior_injured_again_is_removed() -> None:
    """TAC-46, 29: attacking an injured Militia (Might 1) with Might 1 removes it."""
    state = start(
        """
        8  .  .  .  .  .  .  .  e
        4  .  .  .  m* .  .  .  .
        3  .  .  .  A  .  .  .  .
        1  .  .  .  .  .  .  .  E
        """
    )
    militia = warrior_at(state, "d4")
    events = play(state, "attack d4 from d3")
    assert defeated(events) == [militia]
    assert state.board[square("d4")] == -1
    assert state.square[militia] == -1


# ---------------------------------------------------------------------- TAC-47


def test_tac_47_after_an_injuring_attack_action_no_attack_actions_remain_this_turn() -> None:
    """TAC-47: once an attack action has injured, the other warriors' attacks are gone too, even a new
    enemy next to a warrior that has not attacked."""
    state = start(
        """
        8  .  .  .  .  .  .  .  e
        4  .  .  .  m  .  .  .  .
        3  .  .  .  K  .  .  .  .
        2  .  .  .  .  .  .  A  .
        1  E  .  .  .  .  .  m  .
        """
    )
    assert attacks(state) == ["attack g1 from g2", "attack d4 from d3"]
    play(state, "attack d4 from d3")
    assert state.attacks_locked
    assert attacks(state) == []
    play(state, "move g2 to g3")
    assert attacks(state) == []


def test_tac_47_the_lock_ends_with_the_turn() -> None:
    """TAC-47: "that turn": on P2's turn P2 may attack, and on P1's next turn P1 may attack again."""
    state = start(
        """
        8  .  .  .  .  .  .  .  e
        4  .  .  .  m  .  .  .  .
        3  .  .  .  K  .  .  .  .
        1  .  .  .  .  .  .  .  E
        """
    )
    play(state, "attack d4 from d3", "end turn")
    assert state.active == 1
    assert "attack d3 from d4" in legal_texts(state)
    play(state, "end turn")
    assert state.active == 0
    assert attacks(state) == ["attack d4 from d3"]


def test_tac_47_a_locked_turn_from_a_position_has_no_attack_actions() -> None:
    """TAC-47: the lock is part of the position ("attacks_locked")."""
    state = start(
        """
        8  .  .  .  .  .  .  .  e
        4  .  .  .  m  .  .  .  .
        3  .  .  .  K  .  .  .  .
        1  .  .  .  .  .  .  .  E
        """,
        attacks_locked=True,
        actions_used=1,
    )
    assert attacks(state) == []


# ---------------------------------------------------------------------- TAC-R14, DX2, DX3


def test_tac_r14_effective_might_is_printed_plus_modifiers_less_scorched_and_reductions() -> None:
    """TAC-R14: a Militia with an ally adjacent (+1), a rally (+1), scorched (-1) and 2 lost to attacks:
    2 + 1 + 1 - 1 - 2 = 1."""
    state = start(
        """
        8  .  .  .  .  .  .  .  e
        3  .  .  .  m  m  .  .  .
        1  .  .  .  .  .  .  .  E
        """,
        """
        3  .  .  .  f  .  .  .  .
        """,
        buffs={"d3": 1},
        scorched=["d3"],
        reductions={"d3": 2},
    )
    assert might_at(state, "d3") == 1
    assert might_at(state, "e3") == 3


def test_tac_r14_an_attacker_without_might_takes_nothing() -> None:
    """TAC-R14: the reduction is max(0, the attacker's Might): a scorched Archer that lost 1 (Might -1)
    neither reduces nor raises the target's Might."""
    state = start(
        """
        8  .  .  .  .  .  .  .  e
        4  .  .  .  m  .  .  .  .
        3  .  .  .  A  .  .  .  .
        1  .  .  .  .  .  .  .  E
        """,
        """
        3  .  .  .  F  .  .  .  .
        """,
        scorched=["d3"],
        reductions={"d3": 1},
    )
    assert might_at(state, "d3") == -1
    events = play(state, "attack d4 from d3")
    assert outcome(events) == [("Archer", "Militia", 0, 2)]
    assert injured(state, events) == []
    assert might_at(state, "d4") == 2


def test_tac_dx2_gang_attack_reductions_stack_and_clear_at_turn_end() -> None:
    """DX2, TAC-45, R14: on a Might 3 Wyvern, a Might 2 Diver leaves 1 (no injury), a Might 1 Archer then
    brings it to 0: injured, and attacks end for the turn. At turn end it has no reductions left."""
    state = start(
        """
        8  .  .  .  .  .  .  .  e
        5  .  .  .  .  .  .  .  .
        4  .  .  D  w  A  .  .  .
        1  .  .  .  .  .  .  .  E
        """
    )
    wyvern = warrior_at(state, "d4")
    first = play(state, "attack d4 from c4")
    assert outcome(first) == [("Diver", "Wyvern", 2, 1)]
    assert injured(state, first) == []
    second = play(state, "attack d4 from e4")
    assert outcome(second) == [("Archer", "Wyvern", 1, 0)]
    assert injured(state, second) == ["d4"]
    assert attacks(state) == []
    play(state, "end turn")
    assert state.reduction[wyvern] == 0
    assert might(state, wyvern) == 2


def test_tac_r14_gang_attack_partial_reductions_clear_at_turn_end() -> None:
    """TAC-R14: two attacks that leave the target above 0 stack (3 -> 2 -> 1) and both clear at turn
    end."""
    state = start(
        """
        8  .  .  .  .  .  .  .  e
        4  .  .  A  w  A  .  .  .
        1  .  .  .  .  .  .  .  E
        """
    )
    events = play(state, "attack d4 from c4", "attack d4 from e4")
    assert [left for _, _, _, left in outcome(events)] == [2, 1]
    assert state.reduction[warrior_at(state, "d4")] == 2
    play(state, "end turn")
    assert might_at(state, "d4") == 3


def test_tac_dx3_overkill_injures() -> None:
    """DX3, TAC-R14: a Might 4 Knight attacks a Might 2 Militia: -2, injured (not only at exactly 0)."""
    state = start(
        """
        8  .  .  .  .  .  .  .  e
        4  .  .  .  m  .  .  .  .
        3  .  .  .  K  .  .  .  .
        1  .  .  .  .  .  .  .  E
        """
    )
    events = play(state, "attack d4 from d3")
    assert outcome(events) == [("Knight", "Militia", 4, -2)]
    assert injured(state, events) == ["d4"]


def test_tac_r14_a_flip_clears_the_reductions_the_injured_side_starts_fresh() -> None:
    """TAC-R14: after the overkill the injured Militia has no reductions: its Might is its injured side's
    1, not 1 - 4."""
    state = start(
        """
        8  .  .  .  .  .  .  .  e
        4  .  .  .  m  .  .  .  .
        3  .  .  .  K  .  .  .  .
        1  .  .  .  .  .  .  .  E
        """
    )
    play(state, "attack d4 from d3")
    militia = warrior_at(state, "d4")
    assert state.reduction[militia] == 0
    assert might(state, militia) == 1


def test_tac_r14_fire_never_injures() -> None:
    """TAC-R14: injury is checked only as the result of an attack: a Knight left at Might 1 that ripostes
    into Fire is at 0 and stays on the board, uninjured."""
    state = start(
        """
        8  .  .  .  .  .  .  .  e
        5  .  .  .  k  .  .  .  .
        4  .  .  .  P  .  .  .  .
        1  .  .  .  .  .  .  .  E
        """,
        """
        6  .  .  .  F  .  .  .  .
        """,
    )
    play(state, "attack d5 from d4")
    events = play(state, "move d5 to d6")
    assert injured(state, events) == []
    knight = warrior_at(state, "d6")
    assert might(state, knight) == 0
    assert not state.injured[knight]
    assert at_action(state)


def test_tac_r14_commander_exposure_injures_whatever_the_might() -> None:
    """TAC-R14, TAC-11: P2 has only CMDR Vale (Might 3) left; a Might 1 Archer's attack injures it."""
    state = start(
        """
        8  .  .  .  .  .  .  .  .
        4  .  .  .  v  .  .  .  .
        3  .  .  .  A  .  .  .  .
        1  .  .  .  .  .  .  .  E
        """
    )
    events = play(state, "attack d4 from d3")
    assert outcome(events) == [("Archer", "CMDR Vale", 1, 2)]
    assert injured(state, events) == ["d4"]
    assert attacks(state) == []  # it was an injuring attack action (TAC-47)


def test_tac_r14_no_exposure_while_a_non_commander_remains() -> None:
    """TAC-R14: with a Militia of P2's still on the board, the same attack only takes 1 from the Vale."""
    state = start(
        """
        8  m  .  .  .  .  .  .  .
        4  .  .  .  v  .  .  .  .
        3  .  .  .  A  .  .  .  .
        1  .  .  .  .  .  .  .  E
        """
    )
    events = play(state, "attack d4 from d3")
    assert outcome(events) == [("Archer", "CMDR Vale", 1, 2)]
    assert injured(state, events) == []


# ---------------------------------------------------------------------- Might modifiers in attacks


def test_tac_r14_striker_against_brace() -> None:
    """TAC-R14, D3: the Wyvern attacks with 3 + 1 (STRIKER); the Pikeman's BRACE(1) takes 1 off: -3, so
    the Might 3 Pikeman is injured."""
    state = start(
        """
        8  .  .  .  .  .  .  .  e
        4  .  .  .  p  .  .  .  .
        3  .  .  .  W  .  .  .  .
        1  .  .  .  .  .  .  .  E
        """
    )
    events = play(state, "attack d4 from d3")
    assert outcome(events) == [("Wyvern", "Pikeman", 3, 0)]
    assert injured(state, events) == ["d4"]


def test_tac_r14_brace_is_gone_on_the_injured_side() -> None:
    """TAC-R14, D1: the injured Pikeman (Might 2) has no BRACE: a Might 2 attack removes it."""
    state = start(
        """
        8  .  .  .  .  .  .  .  e
        4  .  .  .  p* .  .  .  .
        3  .  .  .  D  .  .  .  .
        1  .  .  .  .  .  .  .  E
        """
    )
    pikeman = warrior_at(state, "d4")
    events = play(state, "attack d4 from d3")
    assert outcome(events) == [("Diver", "Pikeman (injured)", 2, 0)]
    assert defeated(events) == [pikeman]


def test_tac_r14_phalanx_counts_for_the_attacker_and_for_the_target() -> None:
    """TAC-R14, D3: a Militia beside an ally attacks with 3; a Militia beside an ally defends at 3."""
    state = start(
        """
        8  .  .  .  .  .  .  .  e
        5  .  .  .  m  m  .  .  .
        4  .  .  .  M  .  .  .  .
        3  .  .  .  M  .  .  .  .
        1  .  .  .  .  .  .  .  E
        """
    )
    events = play(state, "attack d5 from d4")
    assert outcome(events) == [("Militia", "Militia", 3, 0)]


def test_tac_r14_phalanx_of_the_target_softens_the_attack() -> None:
    """TAC-R14, D3: a lone Might 2 Militia leaves a target Militia with an ally adjacent at 3 - 2 = 1."""
    state = start(
        """
        8  .  .  .  .  .  .  .  e
        5  .  .  .  m  m  .  .  .
        4  .  .  .  M  .  .  .  .
        1  .  .  .  .  .  .  .  E
        """
    )
    events = play(state, "attack d5 from d4")
    assert outcome(events) == [("Militia", "Militia", 2, 1)]
    assert injured(state, events) == []


def test_tac_r14_a_scorched_attacker_attacks_with_one_less() -> None:
    """TAC-R14, R11: a Knight that passed through Fire attacks with 3: an enemy Knight is left at 1."""
    state = start(
        """
        8  .  .  .  .  .  .  .  e
        5  .  .  .  k  .  .  .  .
        2  .  .  .  K  .  .  .  .
        1  .  .  .  .  .  .  .  E
        """,
        """
        3  .  .  .  F  .  .  .  .
        """,
    )
    play(state, "move d2 to d4")
    assert might_at(state, "d4") == 3
    events = play(state, "attack d5 from d4")
    assert outcome(events) == [("Knight", "Knight", 3, 1)]


def test_tac_r14_a_scorched_target_falls_one_sooner() -> None:
    """TAC-R14, R11: a Wyvern standing in Fire (scorched, Might 2) is injured by a Might 2 Diver."""
    state = start(
        """
        8  .  .  .  .  .  .  .  e
        4  .  .  .  w  .  .  .  .
        3  .  .  .  D  .  .  .  .
        1  .  .  .  .  .  .  .  E
        """,
        """
        4  .  .  .  f  .  .  .  .
        """,
        scorched=["d4"],
    )
    events = play(state, "attack d4 from d3")
    assert outcome(events) == [("Diver", "Wyvern", 2, 0)]
    assert injured(state, events) == ["d4"]


def test_tac_r14_rally_and_terrain_affinity_raise_the_attack() -> None:
    """TAC-R14, D3: a rallied Scout attacks with 2; a Diver in Water attacks with 3."""
    state = start(
        """
        8  .  .  .  .  .  .  .  e
        4  .  .  .  w  .  .  .  k
        3  .  .  .  S  .  .  .  D
        1  .  .  .  .  .  .  .  E
        """,
        """
        3  .  .  .  .  .  .  .  W
        """,
    )
    events = play(state, "move d3 0 spaces", "attack d4 from d3", "attack h4 from h3")
    assert [(attacker, reduction) for attacker, _, reduction, _ in outcome(events)] == [
        ("Scout", 2),
        ("Diver", 3),
    ]


# ---------------------------------------------------------------------- TAC-R15: attacks by an effect


def test_tac_r15_an_effect_attack_uses_no_action() -> None:
    """TAC-R15: the Slinger's move is an action, its VOLLEY is not: 1 action used after both."""
    state = start(
        """
        8  .  .  .  .  .  .  .  e
        5  .  .  .  w  .  .  .  .
        2  .  .  L  .  .  .  .  .
        1  .  .  .  .  .  .  .  E
        """,
        game=extended(),
    )
    events = play(state, "move c2 to c3", "attack d5 from c3")
    assert outcome(events) == [("Slinger", "Wyvern", 2, 1)]
    assert state.actions_used == 1
    assert at_action(state)


def test_tac_r15_an_effect_attack_ignores_the_lock_of_tac_47() -> None:
    """TAC-R15: after an attack action has injured (attacks locked), the Slinger's VOLLEY may still
    attack, and injures the Might 2 Militia."""
    state = start(
        """
        8  .  .  .  .  .  .  .  e
        5  .  .  .  m  .  .  .  .
        4  .  .  .  .  .  .  m  .
        3  .  .  .  .  .  .  K  .
        2  .  .  L  .  .  .  .  .
        1  .  .  .  .  .  .  .  E
        """,
        game=extended(),
    )
    play(state, "attack g4 from g3")
    assert state.attacks_locked
    play(state, "move c2 to c3")
    assert legal_texts(state) == ["attack d5 from c3", "decline"]
    events = play(state, "attack d5 from c3")
    assert injured(state, events) == ["d5"]


def test_tac_r15_an_injuring_effect_attack_does_not_lock_attack_actions() -> None:
    """TAC-R15: the VOLLEY injures, yet the Knight may still make its attack action."""
    state = start(
        """
        8  .  .  .  .  .  .  .  e
        5  .  .  .  m  .  .  .  .
        4  .  .  .  .  .  .  m  .
        3  .  .  .  .  .  .  K  .
        2  .  .  L  .  .  .  .  .
        1  .  .  .  .  .  .  .  E
        """,
        game=extended(),
    )
    events = play(state, "move c2 to c3", "attack d5 from c3")
    assert injured(state, events) == ["d5"]
    assert not state.attacks_locked
    assert "attack g4 from g3" in attacks(state)


def test_tac_r15_a_warrior_that_made_its_attack_action_may_still_attack_by_its_effect() -> None:
    """TAC-R15: the Slinger has made its attack action this turn, yet its VOLLEY after a 0-space move may
    attack again."""
    state = start(
        """
        8  .  .  .  .  .  .  .  e
        5  .  .  .  p  .  .  .  .
        4  .  .  .  L  .  .  .  .
        1  .  .  .  .  .  .  .  E
        """,
        game=extended(),
    )
    play(state, "attack d5 from d4", "move d4 0 spaces")
    assert legal_texts(state) == ["attack d5 from d4", "decline"]
    events = play(state, "attack d5 from d4")
    assert outcome(events) == [("Slinger", "Pikeman", 1, 1)]


def test_tac_r15_an_effect_attack_is_not_the_warriors_attack_action() -> None:
    """TAC-R15: after its VOLLEY, the Slinger may still make its attack action (the once-per-warrior
    limit counts attack actions only)."""
    state = start(
        """
        8  .  .  .  .  .  .  .  e
        5  .  .  .  .  m  .  .  .
        4  .  .  .  m  .  .  .  .
        2  .  .  L  .  .  .  .  .
        1  .  .  .  .  .  .  .  E
        """,
        game=extended(),
    )
    events = play(state, "move c2 to c3", "attack d4 from c3")
    assert outcome(events) == [("Slinger", "Militia", 2, 1)]
    assert attacks(state) == ["attack d4 from c3"]
    events = play(state, "attack d4 from c3")
    assert injured(state, events) == ["d4"]


def test_tac_r15_an_effect_attack_uses_the_arithmetic_and_brace() -> None:
    """TAC-R15: the VOLLEY uses TAC-45/46: the Slinger's 2 less the Pikeman's BRACE(1) leaves it at 2."""
    state = start(
        """
        8  .  .  .  .  .  .  .  e
        5  .  .  .  p  .  .  .  .
        2  .  .  L  .  .  .  .  .
        1  .  .  .  .  .  .  .  E
        """,
        game=extended(),
    )
    events = play(state, "move c2 to c3", "attack d5 from c3")
    assert outcome(events) == [("Slinger", "Pikeman", 1, 2)]
    assert injured(state, events) == []


def test_tac_r15_a_volley_is_an_attack_so_its_target_may_riposte() -> None:
    """TAC-R15, TAC-43: the VOLLEY is an attack like any other: the Knight it leaves on the board
    (Might 4 less the Slinger's 2) may riposte, and P2 decides it."""
    state = start(
        """
        8  .  .  .  .  .  .  .  e
        5  .  .  .  k  .  .  .  .
        2  .  .  L  .  .  .  .  .
        1  .  .  .  .  .  .  .  E
        """,
        game=extended(),
    )
    events = play(state, "move c2 to c3", "attack d5 from c3")
    assert outcome(events) == [("Slinger", "Knight", 2, 2)]
    assert isinstance(state.prompt, TacticsPrompt)
    assert (state.prompt.player, state.prompt.phase, state.prompt.warrior) == (1, Phase.RIPOSTE, 2)


def test_tac_r15_an_effect_attack_uses_commander_exposure() -> None:
    """TAC-R15, R14: P2 has only an injured CMDR Vale (Might 2); the injured Slinger's VOLLEY(2) takes
    only 1, yet defeats it, and P1 wins."""
    state = start(
        """
        8  .  .  .  .  .  .  .  .
        5  .  .  .  v* .  .  .  .
        2  .  .  L* .  .  .  .  .
        1  .  .  .  .  .  .  .  E
        """,
        game=extended(),
    )
    vale = warrior_at(state, "d5")
    events = play(state, "move c2 to c3", "attack d5 from c3")
    assert outcome(events) == [("Slinger (injured)", "CMDR Vale (injured)", 1, 1)]
    assert defeated(events) == [vale]
    assert state.is_terminal()
    assert state.winner == 0


def test_tac_r15_an_effect_attack_on_an_uninjured_lone_commander_injures_it() -> None:
    """TAC-R15, R14: exposure applies to an effect's attack whatever the Might: the Slinger's 2 against a
    lone Might 3 CMDR Vale injures it."""
    state = start(
        """
        8  .  .  .  .  .  .  .  .
        5  .  .  .  v  .  .  .  .
        2  .  .  L  .  .  .  .  .
        1  .  .  .  .  .  .  .  E
        """,
        game=extended(),
    )
    events = play(state, "move c2 to c3", "attack d5 from c3")
    assert outcome(events) == [("Slinger", "CMDR Vale", 2, 1)]
    assert injured(state, events) == ["d5"]


# ---------------------------------------------------------------------- the first and last warriors


def test_tac_44_the_first_and_the_last_warrior_numbers_can_be_attacked() -> None:
    """TAC-44: warriors are numbered from a1 on; the enemy numbered 0 (on a1) and the one numbered last
    (on h8) are targets like any other."""
    state = start(
        """
        8  .  .  .  .  .  .  K  e
        2  M  .  .  .  .  .  .  .
        1  m  .  .  .  .  .  .  E
        """
    )
    assert (warrior_at(state, "a1"), warrior_at(state, "h8")) == (0, len(state.card) - 1)
    assert attacks(state) == ["attack a1 from a2", "attack h8 from g8"]


def test_tac_r15_a_volley_can_target_the_first_and_the_last_warrior_numbers() -> None:
    """TAC-R15: the Slinger's VOLLEY reaches the enemy numbered 0 (on a1) and the one numbered last (h8)."""
    first = start(
        """
        8  .  .  .  .  .  .  .  e
        2  .  .  L  .  .  .  .  .
        1  m  .  .  .  .  .  .  E
        """,
        game=extended(),
    )
    assert warrior_at(first, "a1") == 0
    play(first, "move c2 to b2")
    assert legal_texts(first) == ["attack a1 from b2", "decline"]
    assert outcome(play(first, "attack a1 from b2")) == [("Slinger", "Militia", 2, 0)]
    last = start(
        """
        8  .  .  .  .  .  .  .  e
        5  .  .  .  .  .  .  L  .
        1  .  .  .  .  .  .  .  E
        """,
        game=extended(),
    )
    assert warrior_at(last, "h8") == len(last.card) - 1
    play(last, "move g5 to g6")
    assert legal_texts(last) == ["attack h8 from g6", "decline"]
