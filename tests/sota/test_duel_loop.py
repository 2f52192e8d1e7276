"""The duel loop (SOTA-35 to 42, R14, R15, R18, DX5): the unit, the stat pool, the targets, the order of
decisions inside a duel, and the end of the loop.

Common fixture (rulebook A.3): P1 is seat 0 and active, P2 is seat 1; decks hold 20 filler cards; each
scenario starts at P1's duel-loop decision. Games run in explicit-chance mode, so the tests set the dice.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from sota_scenarios import (
    card,
    card_first_game,
    challenge,
    last_duel,
    mill_fillers,
    names,
    phase,
    roll,
    seat,
    start,
    stats_left,
)

from shardgames.kernel.errors import IllegalActionError
from shardgames.sota import SotaState, Stat
from shardgames.sota.actions import (
    ChooseStat,
    ChooseTarget,
    Draw,
    DuelWith,
    DuelWithPersona,
    EndTurnPhase,
    Pass,
    RespondNormal,
    RespondTwin,
    UseAlly,
    UsePersonaTrait,
    UseTrait,
)
from shardgames.sota.duel_state import Duel
from shardgames.sota.events import DieRolled, DuelDeclared, DuelResolved, ModifierUsed, TurnPhaseEnded
from shardgames.sota.phases import Phase

ALL_STATS = {stat.value for stat in Stat}


def declared(state: SotaState) -> list[DuelDeclared]:
    return [e for e in state.events if isinstance(e, DuelDeclared)]


# ---------------------------------------------------------------------- SOTA-35: the duelling card


def test_sota_35_the_duelling_card_is_a_character_in_a_duel_position() -> None:
    """SOTA-35: the active player chooses a Character in a Duel Position as its duelling card; the Persona
    only when it has no Character in any Duel Position."""
    state = start(seat(positions=["ex-a", None, "ex-e"]), seat(positions=["ex-d"]))
    assert state.legal_actions() == (DuelWith(0), DuelWith(2), EndTurnPhase())
    assert not state.is_legal(DuelWithPersona())
    assert not state.is_legal(DuelWith(1))  # an open Duel Position holds no duelling card


def test_sota_35_the_persona_duels_without_characters() -> None:
    """SOTA-35: without a Character in any Duel Position, the duelling card is the Persona."""
    state = start(seat(), seat(positions=["ex-d"]))
    assert set(state.legal_actions()) == {DuelWithPersona(), EndTurnPhase()}


def test_sota_35_any_of_the_five_stats_may_be_chosen() -> None:
    """SOTA-35: the active player chooses one of the five stats."""
    state = start(seat(positions=["ex-a"]), seat(positions=["ex-d"]))
    state.apply_action(DuelWith(0))
    assert phase(state) is Phase.DUEL_STAT
    assert set(state.legal_actions()) == {ChooseStat(stat) for stat in Stat}


# ---------------------------------------------------------------------- SOTA-36: each stat once


def test_sota_36_a_chosen_stat_is_not_offered_again_in_the_turn_phase() -> None:
    """SOTA-36: each stat may be chosen once per Turn Phase."""
    state = start(seat(positions=["ex-a"]), seat(positions=["ex-c", "ex-d"]))
    challenge(state, 0, "agility", (1, 0))
    roll(state, 3, 3, 1, 1)  # 12 against 4: P1 wins and stays in the loop
    assert last_duel(state).winner == 0
    state.apply_action(DuelWith(0))
    assert set(state.legal_actions()) == {ChooseStat(Stat(s)) for s in ALL_STATS - {"agility"}}


def test_sota_36_the_turn_phase_ends_once_all_five_stats_are_used() -> None:
    """SOTA-36: once all five stats are used, the active player's Turn Phase ends."""
    state = start(
        seat(positions=["ex-a"]),
        seat(positions=["ex-c", "ex-d"]),
        used_stats=["agility", "vitality", "luck", "magic"],
    )
    challenge(state, 0, "charisma", (1, 0))
    roll(state, 3, 3, 1, 1)  # 8 against 4: P1 wins, but has no stat left
    assert last_duel(state).winner == 0
    assert TurnPhaseEnded(0) in state.events
    assert state.active == 1
    assert EndTurnPhase() not in state.history


# ---------------------------------------------------------------------- SOTA-37: the target


def test_sota_37_the_targets_are_the_opponent_characters_in_duel_positions() -> None:
    """SOTA-37: the target is an opponent's Character in a Duel Position; not its Persona while it has one."""
    state = start(seat(positions=["ex-a"]), seat(positions=["ex-c", None, "ex-d"]))
    state.apply_action(DuelWith(0))
    state.apply_action(ChooseStat(Stat.MAGIC))
    assert state.legal_actions() == (ChooseTarget(1, 0), ChooseTarget(1, 2))
    assert not state.is_legal(ChooseTarget(1, None))
    assert not state.is_legal(ChooseTarget(0, 0))  # never an own card


def test_sota_37_the_persona_is_a_target_only_without_characters() -> None:
    """SOTA-37: the opponent's Persona can be targeted only when it has no Character in a Duel Position."""
    state = start(seat(positions=["ex-a"]), seat())
    state.apply_action(DuelWith(0))
    state.apply_action(ChooseStat(Stat.MAGIC))
    assert state.legal_actions() == (ChooseTarget(1, None),)


# ---------------------------------------------------------------------- SOTA-38 to 41: totals, modifiers


@pytest.mark.parametrize(
    ("stat", "attacker", "defender"),
    [
        ("agility", 6 + 3, 3 + 9),
        ("vitality", 3 + 3, 3 + 9),
        ("luck", 2 + 3, 3 + 9),
        ("magic", 2 + 3, 3 + 9),
        ("charisma", 2 + 3, 3 + 9),
    ],
)
def test_sota_38_both_roll_2d6_and_add_the_chosen_stat(stat: str, attacker: int, defender: int) -> None:
    """SOTA-38: both players roll 2D6 and add the chosen stat of their duelling card; the defender uses
    the same stat. A (6/3/2/2/2) against D (3 in every stat), dice (1,2) against (4,5)."""
    state = start(seat(positions=["ex-a"]), seat(positions=["ex-d"]))
    challenge(state, 0, stat, (1, 0))
    roll(state, 1, 2, 4, 5)
    result = last_duel(state)
    assert (result.attacker_total, result.defender_total) == (attacker, defender)


def test_sota_39_each_duellist_uses_the_traits_of_its_duelling_card() -> None:
    """SOTA-39: the duellists may use the Trait abilities of their duelling cards (not of their other
    Characters, and not their Personas' traits while the Personas do not duel)."""
    state = start(
        seat(positions=[{"card": "ex-a", "trait": "ex-grit"}, {"card": "ex-e", "trait": "ex-hex"}]),
        seat(positions=[{"card": "ex-k", "trait": "ex-grit"}, {"card": "ex-d", "trait": "ex-hex"}]),
    )
    challenge(state, 0, "magic", (1, 0))
    roll(state, 1, 1, 1, 1)
    assert state.current_player == 0
    assert set(state.legal_actions()) == {Pass(), UseTrait(0)}  # not E's Hex, not the Persona
    state.apply_action(UseTrait(0))
    assert state.current_player == 1
    assert set(state.legal_actions()) == {Pass(), UseTrait(0)}  # K's Grit, not D's Hex
    state.apply_action(UseTrait(0))  # both then have nothing left and pass by themselves
    result = last_duel(state)
    assert (result.attacker_total, result.defender_total) == (2 + 2 + 1, 6 + 2 + 1)


def test_sota_39_a_trait_numbered_0_is_used_like_any_other(tmp_path: Path) -> None:
    """SOTA-39: the Trait of the duelling Character may be the first card of the game: Grit, card 0 of a
    game whose seat 0 decklist starts with it, is offered and used as in the test above."""
    state = start(
        seat(positions=[{"card": "ex-a", "trait": "ex-grit"}]),
        seat(positions=[{"card": "ex-k", "trait": "ex-grit"}]),
        game=card_first_game(tmp_path, "ex-grit"),
    )
    assert state.traits[0] == 0
    challenge(state, 0, "magic", (1, 0))
    roll(state, 1, 1, 1, 1)
    assert set(state.legal_actions()) == {Pass(), UseTrait(0)}
    state.apply_action(UseTrait(0))
    state.apply_action(UseTrait(0))
    result = last_duel(state)
    assert (result.attacker_total, result.defender_total) == (2 + 2 + 1, 6 + 2 + 1)


def test_sota_40_either_player_adds_ally_bonuses() -> None:
    """SOTA-40: either player may add further bonuses (here an Ally each)."""
    state = start(
        seat(positions=["ex-a"], allies=["ex-ally-magic-2"]),
        seat(positions=["ex-c"], allies=["ex-ally-magic-3"]),
    )
    challenge(state, 0, "magic", (1, 0))
    roll(state, 3, 3, 1, 1)
    state.apply_action(UseAlly(2))
    state.apply_action(UseAlly(3))
    result = last_duel(state)
    assert (result.attacker_total, result.defender_total) == (2 + 6 + 2, 6 + 2 + 3)
    assert result.winner == 1


@pytest.mark.parametrize(
    ("dice", "winner"),
    [((6, 6, 1, 1), 0), ((1, 1, 6, 6), 1), ((1, 1, 2, 3), None)],
    ids=["attacker-higher", "defender-higher", "equal"],
)
def test_sota_41_the_higher_stat_total_wins(dice: tuple[int, int, int, int], winner: int | None) -> None:
    """SOTA-41: the higher Stat Total wins (equal totals are a tie, SOTA-46). A Agility 6 against D 3."""
    state = start(seat(positions=["ex-a", "ex-e"]), seat(positions=["ex-d", "ex-c"]))
    challenge(state, 0, "agility", (1, 0))
    roll(state, *dice)
    assert last_duel(state).winner == winner


# ---------------------------------------------------------------------- SOTA-42: after a duel


def test_sota_42_after_a_win_another_duel_or_the_end_of_the_turn_phase() -> None:
    """SOTA-42: after a duel, the active player either starts another duel (a stat is unused and a target
    exists) or ends the Turn Phase."""
    state = start(seat(positions=["ex-a"]), seat(positions=["ex-c", "ex-d"]))
    challenge(state, 0, "agility", (1, 0))
    roll(state, 3, 3, 1, 1)
    assert phase(state) is Phase.DUEL_UNIT
    assert state.legal_actions() == (DuelWith(0), EndTurnPhase())
    state.apply_action(EndTurnPhase())
    assert TurnPhaseEnded(0) in state.events
    assert state.active == 1


# ---------------------------------------------------------------------- SOTA-R14: the stat pool


def test_sota_r14_one_stat_pool_is_shared_by_every_duel_type() -> None:
    """SOTA-R14: one pool of 5 stats per Turn Phase, shared by the Character Duel, the Persona Duel and the
    Persona vs Persona Duel of the same Turn Phase."""
    state = start(seat(positions=["ex-a"]), seat(persona="ex-p2-persona", positions=["ex-g"]))
    challenge(state, 0, "agility", (1, 0))  # Character Duel: 6+6 against 4+2
    roll(state, 3, 3, 1, 1)
    assert last_duel(state).winner == 0
    challenge(state, 0, "vitality", (1, None))  # Persona Duel: 3+6 against 4+5, a tie
    roll(state, 3, 3, 2, 3)
    state.apply_action(Pass())  # P2 keeps its Muse
    assert last_duel(state).winner is None
    assert mill_fillers(state) == 2
    assert state.legal_actions() == (DuelWithPersona(), EndTurnPhase())  # A went under P1's deck
    state.apply_action(DuelWithPersona())
    assert set(state.legal_actions()) == {ChooseStat(Stat(s)) for s in ("luck", "magic", "charisma")}
    assert [d.kind for d in declared(state)] == ["Character Duel", "Persona Duel"]


def test_sota_r14_the_twin_duel_and_the_persona_vs_character_duel_share_the_pool() -> None:
    """SOTA-R14: the Twin Duel and the Persona vs Character Duel draw on the same pool: after a Twin Duel
    tie on Magic (both twins go under the deck), P1's Persona may not choose Magic again."""
    state = start(seat(positions=["livaris", "saravel"]), seat(positions=["ex-g", "ex-c"]))
    challenge(state, (0, 1), "magic", (1, 0))
    roll(state, 1, 1, 4, 6)  # 5+6+2 against 3+10
    assert last_duel(state).winner is None
    assert mill_fillers(state) == 2
    assert state.legal_actions() == (DuelWithPersona(), EndTurnPhase())
    state.apply_action(DuelWithPersona())
    assert set(state.legal_actions()) == {ChooseStat(Stat(s)) for s in ALL_STATS - {"magic"}}
    state.apply_action(ChooseStat(Stat.CHARISMA))
    state.apply_action(ChooseTarget(1, 1))
    assert [d.kind for d in declared(state)] == ["Twin Character Duel", "Persona vs Character Duel"]
    assert stats_left(state) == ALL_STATS - {"magic", "charisma"}


@pytest.mark.parametrize(
    ("dice", "winner"),
    [((6, 6, 1, 1), 0), ((1, 1, 6, 6), 1), ((1, 1, 2, 3), None)],
    ids=["win", "loss", "tie"],
)
def test_sota_r14_the_stat_is_spent_at_the_declaration_whatever_the_result(
    dice: tuple[int, int, int, int], winner: int | None
) -> None:
    """SOTA-R14: a stat is consumed when the challenge is declared (with the target, state D3 of A.5),
    before any die and whatever the result, ties included."""
    state = start(seat(positions=["ex-a", "ex-e"]), seat(positions=["ex-d", "ex-c"]))
    state.apply_action(DuelWith(0))
    state.apply_action(ChooseStat(Stat.AGILITY))
    assert "agility" in stats_left(state)  # not yet declared: the target is still to choose
    state.apply_action(ChooseTarget(1, 0))
    assert stats_left(state) == ALL_STATS - {"agility"}
    assert not [e for e in state.events if isinstance(e, DieRolled)]
    roll(state, *dice)
    assert last_duel(state).winner == winner
    if winner != 1:
        mill_fillers(state)
        assert state.active == 0
        assert stats_left(state) == ALL_STATS - {"agility"}


def test_sota_r14_the_defender_never_uses_up_a_stat() -> None:
    """SOTA-R14: the defender never uses up a stat: after defending on Agility, P2 has all five in its own
    Turn Phase."""
    state = start(seat(positions=["ex-a"]), seat(positions=["ex-b"]))
    challenge(state, 0, "agility", (1, 0))
    roll(state, 1, 1, 6, 6)  # P1 loses: its Turn Phase ends
    assert state.active == 1
    for _ in range(2):  # Gather (Turn Phase 2): P2, then P1, draw nothing
        assert phase(state) is Phase.GATHER
        state.apply_action(Draw(0))
    assert phase(state) is Phase.DUEL_UNIT
    assert state.current_player == 1
    state.apply_action(DuelWith(0))
    assert set(state.legal_actions()) == {ChooseStat(stat) for stat in Stat}


def test_sota_r14_the_turn_phase_ends_when_the_pool_is_empty_even_on_a_tie() -> None:
    """SOTA-R14: when the pool is empty the Turn Phase ends immediately (the last duel a tie)."""
    state = start(
        seat(positions=["ex-a", "ex-e"]),
        seat(positions=["ex-d", "ex-c"]),
        used_stats=["vitality", "luck", "magic", "charisma"],
    )
    challenge(state, 0, "agility", (1, 0))
    roll(state, 1, 1, 2, 3)  # 8 against 8
    assert last_duel(state).winner is None
    assert mill_fillers(state) == 2
    assert state.active == 1
    assert EndTurnPhase() not in state.history


def test_sota_r14_a_card_may_duel_any_number_of_times() -> None:
    """SOTA-R14: a card may duel any number of times in a Turn Phase: A wins three duels in a row."""
    state = start(seat(positions=["ex-a"]), seat(positions=["ex-c", "ex-d", "ex-g"]))
    a = card(state, 0, "ex-a")
    for slot, stat in enumerate(("agility", "vitality", "luck")):
        assert DuelWith(0) in state.legal_actions()
        challenge(state, 0, stat, (1, slot))
        roll(state, 6, 6, 1, 1)
        assert last_duel(state).winner == 0
    assert names(state, state.shards[1]) == ["ex-c", "ex-d", "ex-g"]
    assert state.slots[0] == a
    assert [d.unit for d in declared(state)] == [("A, Agility 6",)] * 3


# ---------------------------------------------------------------------- SOTA-R15: the duel loop


def test_sota_r15_targets_are_recomputed_before_each_duel() -> None:
    """SOTA-R15: legal targets are recomputed before each duel: the opponent's Characters while it has
    any, otherwise its Persona."""
    state = start(seat(positions=["ex-a"]), seat(positions=["ex-c", "ex-d"]))
    challenge(state, 0, "agility", (1, 0))
    roll(state, 6, 6, 1, 1)  # C is fractured
    state.apply_action(DuelWith(0))
    state.apply_action(ChooseStat(Stat.VITALITY))
    assert state.legal_actions() == (ChooseTarget(1, 1),)
    state.apply_action(ChooseTarget(1, 1))
    roll(state, 6, 6, 1, 1)  # D is fractured: P2 has no Character left
    state.apply_action(DuelWith(0))
    state.apply_action(ChooseStat(Stat.LUCK))
    assert state.legal_actions() == (ChooseTarget(1, None),)


def test_sota_r15_the_unit_is_a_character_while_one_is_in_position() -> None:
    """SOTA-R15: the duelling unit must be a Character if the active player has one in a Duel Position,
    and the Persona otherwise."""
    state = start(seat(positions=["ex-agility-4"]), seat(positions=["ex-agility-4", "ex-d"]))
    with pytest.raises(IllegalActionError):
        state.apply_action(DuelWithPersona())
    challenge(state, 0, "agility", (1, 0))
    roll(state, 3, 4, 2, 5)  # 11 against 11: P1's only Character goes under its deck
    mill_fillers(state)
    assert state.legal_actions() == (DuelWithPersona(), EndTurnPhase())


@pytest.mark.parametrize("own", [["ex-a"], []], ids=["character", "persona"])
def test_sota_r15_end_turn_phase_is_available_before_every_duel(own: list[str]) -> None:
    """SOTA-R15: before every duel, the first included, the active player may end the Turn Phase."""
    state = start(seat(positions=own), seat(positions=["ex-c", "ex-d"]))
    assert EndTurnPhase() in state.legal_actions()
    unit: int | str = 0 if own else "persona"
    challenge(state, unit, "agility", (1, 0))
    roll(state, 6, 6, 1, 1)
    if not own:
        state.apply_action(Pass())  # P1 keeps its Persona's Flourish
    assert last_duel(state).winner == 0
    assert EndTurnPhase() in state.legal_actions()


def test_sota_r15_ending_before_the_first_duel_declares_nothing() -> None:
    """SOTA-R15: EndTurnPhase before the first duel ends the Turn Phase without any duel."""
    state = start(seat(positions=["ex-a"]), seat(positions=["ex-c"]))
    state.apply_action(EndTurnPhase())
    assert declared(state) == []
    assert state.active == 1


# ---------------------------------------------------------------------- SOTA-R18: the order inside a duel


def test_sota_r18_unit_then_stat_then_target_then_twin_response_then_dice() -> None:
    """SOTA-R18 (1-3): the challenge is declared unit, stat, target; the defender answers the twin response;
    then the dice: the active player's 2D6, then the defender's."""
    state = start(seat(positions=["ex-e"]), seat(positions=["livaris", "saravel"]))
    assert phase(state) is Phase.DUEL_UNIT
    state.apply_action(DuelWith(0))
    assert phase(state) is Phase.DUEL_STAT
    assert all(isinstance(a, ChooseStat) for a in state.legal_actions())
    state.apply_action(ChooseStat(Stat.MAGIC))
    assert phase(state) is Phase.DUEL_TARGET
    assert all(isinstance(a, ChooseTarget) for a in state.legal_actions())
    state.apply_action(ChooseTarget(1, 0))
    assert phase(state) is Phase.TWIN_RESPONSE
    assert state.current_player == 1
    assert state.legal_actions() == (RespondTwin(), RespondNormal())
    assert not [e for e in state.events if isinstance(e, DieRolled)]
    state.apply_action(RespondNormal())
    seats = []
    for face in (1, 2, 3, 4):
        assert state.prompt is not None
        assert state.prompt.phase is Phase.DUEL_DIE
        seats.append(state.prompt.seat)
        roll(state, face)
    assert seats == [0, 0, 1, 1]
    rolled = [e for e in state.events if isinstance(e, DieRolled)]
    assert [(e.player, e.face) for e in rolled] == [(0, 1), (0, 2), (1, 3), (1, 4)]
    result = last_duel(state)
    assert (result.attacker_total, result.defender_total) == (6 + 3, 5 + 7)


def modifier_duel() -> SotaState:
    """A Magic duel at the modifier window: P1 has Allies +1 and +2, P2 an Ally +1; dice 3 against 3."""
    state = start(
        seat(positions=["ex-e"], allies=["ex-ally-magic-1", "ex-ally-magic-2"]),
        seat(positions=["ex-c"], allies=["ex-ally-magic-1"]),
    )
    challenge(state, 0, "magic", (1, 0))
    roll(state, 1, 2, 1, 2)
    return state


def test_sota_r18_the_window_opens_with_the_active_player() -> None:
    """SOTA-R18 (4): the modifier window alternates, the active player first."""
    state = modifier_duel()
    assert phase(state) is Phase.MODIFIERS
    assert state.current_player == 0
    state.apply_action(UseAlly(1))
    assert state.current_player == 1
    assert phase(state) is Phase.MODIFIERS


def test_sota_r18_two_passes_in_succession_close_the_window() -> None:
    """SOTA-R18 (4): the window closes when both have passed in succession, even with modifiers unused."""
    state = modifier_duel()
    state.apply_action(Pass())
    assert state.current_player == 1
    state.apply_action(Pass())
    result = last_duel(state)
    assert (result.attacker_total, result.defender_total) == (6 + 3, 6 + 3)
    assert names(state, state.allies[3]) == ["ex-ally-magic-1", "ex-ally-magic-2"]  # P1's stack untouched
    assert names(state, state.allies[5 + 3]) == ["ex-ally-magic-1"]


def test_sota_r18_a_use_after_a_pass_reopens_the_window() -> None:
    """SOTA-R18 (4): a use after a pass reopens the window: P1 passes, P2 uses an Ally, and P1 may still
    act (and use a modifier) before the window closes."""
    state = modifier_duel()
    state.apply_action(Pass())
    state.apply_action(UseAlly(1))  # P2
    assert not [e for e in state.events if isinstance(e, DuelResolved)]
    assert state.current_player == 0
    assert set(state.legal_actions()) == {Pass(), UseAlly(1), UseAlly(2)}
    state.apply_action(UseAlly(2))  # P2 has nothing left and passes by itself
    assert state.current_player == 0
    state.apply_action(Pass())
    result = last_duel(state)
    assert (result.attacker_total, result.defender_total) == (6 + 3 + 2, 6 + 3 + 1)
    assert [e.player for e in state.events if isinstance(e, ModifierUsed)] == [1, 0]


def test_sota_r18_the_signed_bonus_is_automatic_and_in_the_running_totals() -> None:
    """SOTA-R18: the Signed Bonus is automatic (no action) and included in the running totals shown to
    both players. B is signed (+1), Agility 3."""
    state = start(seat(positions=["ex-a"], allies=["ex-ally-agility-1"]), seat(positions=["ex-b"]))
    challenge(state, 0, "agility", (1, 0))
    roll(state, 1, 2, 3, 3)
    assert state.current_player == 0
    for viewer in (0, 1):
        duel = state.view(viewer).duel
        assert duel is not None
        assert duel.totals == (6 + 3, 3 + 6 + 1)
    state.apply_action(Pass())  # P2 has nothing to use (the bonus needs no action) and passes by itself
    result = last_duel(state)
    assert (result.attacker_total, result.defender_total) == (9, 10)
    assert not [e for e in state.events if isinstance(e, ModifierUsed)]


def test_sota_r18_each_trait_is_used_at_most_once_per_duel() -> None:
    """SOTA-R18: each Trait ability can be used at most once per duel."""
    state = start(
        seat(positions=[{"card": "ex-a", "trait": "ex-grit"}], allies=["ex-ally-agility-1"]),
        seat(positions=["ex-c", "ex-d"]),
    )
    challenge(state, 0, "agility", (1, 0))
    roll(state, 1, 1, 1, 1)
    state.apply_action(UseTrait(0))  # P2 passes by itself
    assert state.current_player == 0
    assert set(state.legal_actions()) == {Pass(), UseAlly(1)}
    state.apply_action(Pass())
    assert last_duel(state).attacker_total == 6 + 2 + 1
    challenge(state, 0, "vitality", (1, 1))  # the next duel: the Grit is usable again
    roll(state, 1, 1, 1, 1)
    assert UseTrait(0) in state.legal_actions()


def test_sota_r18_a_persona_ability_is_used_at_most_once_per_duel() -> None:
    """SOTA-R18: each Persona ability can be used at most once per duel (Flourish, +2)."""
    state = start(seat(allies=["ex-ally-magic-1"]), seat(positions=["ex-c"]))
    challenge(state, "persona", "magic", (1, 0))
    roll(state, 1, 1, 1, 1)
    state.apply_action(UsePersonaTrait())  # P2 passes by itself
    assert state.current_player == 0
    assert set(state.legal_actions()) == {Pass(), UseAlly(1)}
    state.apply_action(Pass())
    result = last_duel(state)
    assert (result.attacker_total, result.defender_total) == (6 + 2 + 2, 6 + 2)


# ---------------------------------------------------------------------- SOTA-DX5


def test_sota_dx5_after_five_declared_duels_the_turn_phase_ends_by_itself() -> None:
    """DX5 (SOTA-36, R14): after 5 declared duels (wins or ties), the Turn Phase ends without an
    EndTurnPhase action. A (6/3/2/2/2) against P2's Encore Persona (4 in every stat)."""
    state = start(seat(positions=["ex-a"]), seat(persona="ex-encore-persona"))
    duels = [
        ("agility", (1, 1), 2),  # 8 against 6: P2 mills 2
        ("vitality", (2, 2), 1),  # 7 against 6: P2 mills 1
        ("luck", (2, 3), 1),
        ("magic", (2, 3), 1),
        ("charisma", (2, 2), 2),  # 6 against 6: a tie, both mill 1
    ]
    for stat, dice, mills in duels:
        assert state.active == 0
        assert phase(state) is Phase.DUEL_UNIT
        challenge(state, 0, stat, (1, None))
        roll(state, *dice, 1, 1)
        assert mill_fillers(state) == mills
    assert [e.winner for e in state.events if isinstance(e, DuelResolved)] == [0, 0, 0, 0, None]
    assert len(declared(state)) == 5
    assert EndTurnPhase() not in state.history
    assert TurnPhaseEnded(0) in state.events
    assert state.active == 1


def test_a_clone_taken_mid_duel_keeps_its_own_dice_modifiers_and_spent_allies() -> None:
    """SOTA-38, R12, D5: the duel's dice, modifiers and spent Allies belong to one state: a re-roll and
    an Ally in the original leave a clone taken before them as it was."""
    state = start(seat(positions=["ex-j"], allies=["ex-ally-magic-1"]), seat(persona="ex-p2-persona"))
    challenge(state, 0, "magic", (1, None))
    roll(state, 3, 3, 1, 1)
    state.apply_action(Pass())
    clone = state.clone()
    assert isinstance(clone, SotaState)
    before = clone.to_json()
    state.apply_action(UsePersonaTrait())  # the Muse re-rolls P2's dice
    roll(state, 5, 6)
    state.apply_action(UseAlly(1))  # and the duel is resolved
    assert clone.duel is not None
    assert (clone.duel.dice, clone.duel.bonus, clone.duel.spent) == ([3, 3, 1, 1], [0, 0], [(), ()])
    assert clone.to_json() == before


@pytest.mark.parametrize(("winner", "resolved"), [(-2, False), (-1, True), (0, True), (1, True)])
def test_sota_d7_a_duel_is_resolved_once_it_has_a_winner_or_is_a_tie(winner: int, resolved: bool) -> None:
    """D7: the outcome is known once the duel has a winner or is a tie, in a state's duel as in a
    view's; either names the seat of each side (here P2 challenged P1)."""
    duel = Duel(attacker=1, defender=0, winner=winner)
    view = duel.freeze((0, 0))
    assert (duel.is_resolved, view.is_resolved) == (resolved, resolved)
    assert [duel.seat_of(side) for side in (0, 1)] == [view.seat_of(side) for side in (0, 1)] == [1, 0]
