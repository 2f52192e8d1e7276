"""The Persona Duel (SOTA-58 to 63, DX3): the active player's Character (or Twin pair) against the
defending Persona.

Common fixture (rulebook A.3): P1 is seat 0 and active, P2 is seat 1; decks hold 20 filler cards; each
scenario starts at P1's duel-loop decision. P2 has no Character in its Duel Positions. Its Persona is the
Encore Persona (4 in every stat; Encore is passive, so its modifier window passes by itself) unless a test
needs the Muse Persona "ex-p2-persona" (Agility 5, Vitality 4, Luck 4, Magic 3, Charisma 4).
"""

from __future__ import annotations

import pytest
from sota_scenarios import (
    challenge,
    last_declared,
    last_duel,
    mill_fillers,
    names,
    phase,
    roll,
    seat,
    start,
    stats_left,
)

from shardgames.sota import Stat
from shardgames.sota.actions import (
    ChooseStat,
    ChooseTarget,
    DuelWith,
    DuelWithPersona,
    DuelWithTwins,
    EndTurnPhase,
    Pass,
    UsePersonaTrait,
    UseTrait,
)
from shardgames.sota.events import CardMilled, DieRolled, TurnPhaseEnded
from shardgames.sota.phases import Phase


def encore_seat(**fields: object) -> dict[str, object]:
    return seat(persona="ex-encore-persona", **fields)


# ---------------------------------------------------------------------- SOTA-58


@pytest.mark.parametrize(
    ("positions", "unit", "declared_unit"),
    [
        (["ex-j"], DuelWith(0), ("J, Magic 6",)),
        (["livaris", "saravel"], DuelWithTwins(0, 1), ("Livaris", "Saravel")),
    ],
    ids=["character", "twin-pair"],
)
def test_sota_58_a_character_or_a_pair_challenges_the_opponents_persona(
    positions: list[str], unit: DuelWith | DuelWithTwins, declared_unit: tuple[str, ...]
) -> None:
    """SOTA-58: the active player's Character (or Twin pair) challenges the opponent's Persona."""
    state = start(seat(positions=positions), encore_seat())
    state.apply_action(unit)
    state.apply_action(ChooseStat(Stat.MAGIC))
    assert state.legal_actions() == (ChooseTarget(1, None),)
    state.apply_action(ChooseTarget(1, None))
    declaration = last_declared(state)
    assert declaration.kind == "Persona Duel"
    assert declaration.unit == declared_unit
    assert declaration.target == ("Encore Persona",)


# ---------------------------------------------------------------------- SOTA-59


def test_sota_59_the_character_trait_and_the_defending_persona_trait() -> None:
    """SOTA-59: the active player may use its Character's Trait (not its Persona's, which does not duel);
    the defender may use its Persona's Trait. J's Grit +1, then P2's Muse re-rolls its dice."""
    state = start(seat(positions=[{"card": "ex-j", "trait": "ex-grit"}]), seat(persona="ex-p2-persona"))
    challenge(state, 0, "magic", (1, None))
    roll(state, 3, 3, 1, 1)
    assert state.current_player == 0
    assert set(state.legal_actions()) == {Pass(), UseTrait(0)}
    state.apply_action(UseTrait(0))
    assert state.current_player == 1
    assert set(state.legal_actions()) == {Pass(), UsePersonaTrait()}
    state.apply_action(UsePersonaTrait())
    assert state.prompt is not None
    assert (state.prompt.phase, state.prompt.seat) == (Phase.REROLL_DIE, 1)
    roll(state, 6, 6)  # then both pass by themselves
    assert [e.face for e in state.events if isinstance(e, DieRolled) and e.reroll] == [6, 6]
    result = last_duel(state)
    assert (result.attacker_total, result.defender_total) == (6 + 6 + 1, 3 + 12)
    assert result.winner == 1


# ---------------------------------------------------------------------- SOTA-60, 61


def test_sota_60_a_losing_defender_mills_the_difference() -> None:
    """SOTA-60: if the defender loses, it moves N cards from the top of its deck to its Fractured Shards,
    N the difference. J's Magic 6 and dice 12 against Magic 4 and dice 2: P2 mills 12."""
    state = start(seat(positions=["ex-j"]), encore_seat())
    challenge(state, 0, "magic", (1, None))
    roll(state, 6, 6, 1, 1)
    result = last_duel(state)
    assert (result.attacker_total, result.defender_total) == (18, 6)
    assert mill_fillers(state) == 12
    assert len(state.decks[1]) == 8
    assert names(state, state.shards[1]) == ["ex-filler"] * 12
    assert len(state.decks[0]) == 20
    assert names(state, [state.slots[0]]) == ["ex-j"]


def test_sota_r22_a_resolved_duels_totals_stay_shown_while_the_loser_mills() -> None:
    """SOTA-R22, D7: the Stat Totals are public, and once the duel is resolved they are its final ones:
    while P2 mills the difference (a card at a time, each drawn by chance), every seat sees 18 against 6."""
    state = start(seat(positions=["ex-j"]), encore_seat())
    challenge(state, 0, "magic", (1, None))
    roll(state, 6, 6, 1, 1)
    assert state.prompt is not None
    assert state.prompt.phase is Phase.MILL
    assert state.duel is not None
    assert state.duel.totals == (18, 6)
    for viewer in (0, 1):
        assert state.view(viewer).duel.totals == (18, 6)  # type: ignore[union-attr]
    assert "total 18 against seat 1 dice 1+1, modifiers +0, total 6" in str(state)


def test_sota_61_a_losing_active_player_fractures_its_character_and_its_turn_phase_ends() -> None:
    """SOTA-61: if the active player loses, its Character (with Trait) goes to its Fractured Shards and its
    Turn Phase ends; nobody mills."""
    state = start(seat(positions=[{"card": "ex-j", "trait": "ex-siphon-agility"}, "ex-a"]), encore_seat())
    challenge(state, 0, "magic", (1, None))
    roll(state, 1, 1, 6, 6)
    assert last_duel(state).winner == 1
    assert sorted(names(state, state.shards[0])) == ["ex-j", "ex-siphon-agility"]
    assert (state.slots[0], state.traits[0]) == (-1, -1)
    assert not [e for e in state.events if isinstance(e, CardMilled)]
    assert [len(deck) for deck in state.decks] == [20, 20]
    assert TurnPhaseEnded(0) in state.events
    assert state.active == 1


# ---------------------------------------------------------------------- SOTA-62


def test_sota_62_a_win_allows_a_new_persona_duel_or_the_end() -> None:
    """SOTA-62: if the active player wins, it may start a new Persona Duel (with an unused stat) or end."""
    state = start(seat(positions=["ex-j"]), encore_seat())
    challenge(state, 0, "magic", (1, None))
    roll(state, 3, 3, 3, 3)
    assert mill_fillers(state) == 2
    assert phase(state) is Phase.DUEL_UNIT
    assert state.legal_actions() == (DuelWith(0), EndTurnPhase())
    state.apply_action(DuelWith(0))
    assert "magic" not in stats_left(state)
    state.apply_action(ChooseStat(Stat.AGILITY))
    assert state.legal_actions() == (ChooseTarget(1, None),)
    state.apply_action(ChooseTarget(1, None))
    roll(state, 6, 6, 1, 1)  # 3+12 against 4+2
    assert last_duel(state).winner == 0
    assert mill_fillers(state) == 9
    assert len(state.decks[1]) == 20 - 2 - 9


# ---------------------------------------------------------------------- SOTA-63, DX3: the tie


def test_sota_63_a_tie_returns_the_active_character_and_both_players_mill_one() -> None:
    """SOTA-63: on a tie the active player's Character (with Trait) goes to the bottom of its deck, and
    both players move their top card to their Fractured Shards; the active player may continue or end."""
    state = start(seat(positions=[{"card": "ex-j", "trait": "ex-siphon-agility"}, "ex-a"]), encore_seat())
    challenge(state, 0, "magic", (1, None))
    roll(state, 1, 1, 2, 2)  # 6+2 against 4+4
    assert last_duel(state).winner is None
    assert names(state, state.decks[0].bottom) == ["ex-j", "ex-siphon-agility"]
    assert state.view(1).decks[0].bottom == tuple(state.decks[0].bottom)  # E7: put there in plain sight
    assert mill_fillers(state) == 2
    assert [names(state, shards) for shards in state.shards] == [["ex-filler"], ["ex-filler"]]
    assert [len(deck) for deck in state.decks] == [20 + 2 - 1, 19]
    assert phase(state) is Phase.DUEL_UNIT
    assert state.legal_actions() == (DuelWith(1), EndTurnPhase())
    assert "magic" not in stats_left(state)


def test_sota_dx3_persona_duel_tie_with_the_only_character() -> None:
    """DX3 (SOTA-63): Persona Duel tie: P1's Character goes to the bottom and both mill 1; without a
    Character left, P1 continues with its Persona (Persona vs Persona)."""
    state = start(seat(positions=["ex-j"]), encore_seat())
    challenge(state, 0, "magic", (1, None))
    roll(state, 1, 1, 2, 2)
    assert last_duel(state).winner is None
    assert mill_fillers(state) == 2
    assert names(state, state.decks[0].bottom) == ["ex-j"]
    assert [len(deck) for deck in state.decks] == [20, 19]
    assert state.legal_actions() == (DuelWithPersona(), EndTurnPhase())
    state.apply_action(DuelWithPersona())
    state.apply_action(ChooseStat(Stat.LUCK))
    state.apply_action(ChooseTarget(1, None))
    assert last_declared(state).kind == "Persona vs Persona Duel"


@pytest.mark.parametrize(("deck", "milled"), [(1, 1), (12, 12), (13, 12)])
def test_sota_60_a_defender_mills_its_last_cards_and_no_more(deck: int, milled: int) -> None:
    """SOTA-60, R16: milling 12 takes every card of a 1-card deck and of a 12-card deck, down to the last;
    from a 13-card deck it leaves one. (A seat whose deck empties with its Persona lost is out, SOTA-R2.)"""
    state = start(seat(positions=["ex-j"]), encore_seat(deck=deck))
    challenge(state, 0, "magic", (1, None))
    roll(state, 6, 6, 1, 1)
    assert mill_fillers(state) == milled
    assert len(state.decks[1]) == deck - milled
    milled_events = [e for e in state.events if isinstance(e, CardMilled)]
    assert [(e.player, e.name) for e in milled_events] == [(1, "Filler")] * milled
    assert state.is_terminal() == (deck == milled)
