"""The Persona vs Persona Duel (SOTA-64 to 69, DX4): both Personas duel.

Common fixture (rulebook A.3): P1 is seat 0 and active, P2 is seat 1; decks hold 20 filler cards; each
scenario starts at P1's duel-loop decision. Neither player has a Character in its Duel Positions unless a
test says so. Both play the Encore Persona (4 in every stat; Encore is passive, so the modifier window
passes by itself) unless a test needs an active Persona trait, or needs P1 to spend its stats (an active
player's Encore Persona saves its first stat, SOTA-D5).
"""

from __future__ import annotations

from sota_scenarios import (
    card,
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

from shardgames.sota import SotaState, Stat
from shardgames.sota.actions import (
    ChooseStat,
    ChooseTarget,
    DuelWith,
    DuelWithPersona,
    EndTurnPhase,
    Pass,
    UsePersonaTrait,
)
from shardgames.sota.events import CardReturned, DuelDeclared, TurnPhaseEnded
from shardgames.sota.phases import Phase


def last_kind(state: SotaState) -> str:
    return [e for e in state.events if isinstance(e, DuelDeclared)][-1].kind


def encore_seat(**fields: object) -> dict[str, object]:
    return seat(persona="ex-encore-persona", **fields)


def critique_seat(**fields: object) -> dict[str, object]:
    """P1's Critique Persona (Agility 4, Vitality 2, Luck 4, Magic 5, Charisma 5): its Persona trait can be
    used, so P1 passes by hand, and it has no Encore to save a stat."""
    return seat(persona="ex-p1-persona-vit2", **fields)


# ---------------------------------------------------------------------- SOTA-64


def test_sota_64_allowed_only_when_neither_player_has_a_character() -> None:
    """SOTA-64: the Persona vs Persona Duel is allowed only when neither player has a Character in any Duel
    Position: with a defending Character, the Persona is no target; with an own Character, the Persona
    does not duel."""
    defended = start(encore_seat(), encore_seat(positions=["ex-c"]))
    defended.apply_action(DuelWithPersona())
    defended.apply_action(ChooseStat(Stat.MAGIC))
    assert defended.legal_actions() == (ChooseTarget(1, 0),)
    armed = start(encore_seat(positions=["ex-e"]), encore_seat())
    assert armed.legal_actions() == (DuelWith(0), EndTurnPhase())
    bare = start(encore_seat(), encore_seat())
    assert bare.legal_actions() == (DuelWithPersona(), EndTurnPhase())
    bare.apply_action(DuelWithPersona())
    bare.apply_action(ChooseStat(Stat.MAGIC))
    assert bare.legal_actions() == (ChooseTarget(1, None),)
    bare.apply_action(ChooseTarget(1, None))
    assert last_kind(bare) == "Persona vs Persona Duel"


def test_sota_64_the_duel_is_optional() -> None:
    """SOTA-64: it is optional: the active player may end the Turn Phase instead."""
    state = start(encore_seat(), encore_seat())
    state.apply_action(EndTurnPhase())
    assert state.active == 1
    assert not [e for e in state.events if isinstance(e, DuelDeclared)]
    assert [len(deck) for deck in state.decks] == [20, 20]


# ---------------------------------------------------------------------- SOTA-65


def test_sota_65_both_players_may_use_their_persona_trait() -> None:
    """SOTA-65: both players may use their Persona's Trait: P1's Flourish +2, P2's Muse re-roll."""
    state = start(seat(persona="ex-p1-persona"), seat(persona="ex-p2-persona"))
    challenge(state, "persona", "vitality", (1, None))
    roll(state, 3, 3, 1, 1)
    assert set(state.legal_actions()) == {Pass(), UsePersonaTrait()}
    state.apply_action(UsePersonaTrait())
    assert state.current_player == 1
    assert set(state.legal_actions()) == {Pass(), UsePersonaTrait()}
    state.apply_action(UsePersonaTrait())
    roll(state, 5, 6)  # P2's re-roll; then both have nothing left and pass by themselves
    result = last_duel(state)
    assert (result.attacker_total, result.defender_total) == (3 + 6 + 2, 4 + 11)
    assert result.winner == 1


# ---------------------------------------------------------------------- SOTA-66, 67


def test_sota_66_a_losing_defender_mills_the_difference() -> None:
    """SOTA-66: if the defender loses, it moves N cards (the difference) from its deck to its Fractured
    Shards. 4+12 against 4+2: P2 mills 10."""
    state = start(encore_seat(), encore_seat())
    challenge(state, "persona", "magic", (1, None))
    roll(state, 6, 6, 1, 1)
    result = last_duel(state)
    assert (result.attacker_total, result.defender_total) == (16, 6)
    assert mill_fillers(state) == 10
    assert [len(deck) for deck in state.decks] == [20, 10]
    assert names(state, state.shards[1]) == ["ex-filler"] * 10
    assert state.active == 0


def test_sota_67_a_losing_active_player_mills_the_difference_and_its_turn_phase_ends() -> None:
    """SOTA-67: if the active player loses, it moves N cards (the difference) from its deck to its
    Fractured Shards, and its Turn Phase ends. 4+2 against 4+12: P1 mills 10."""
    state = start(encore_seat(), encore_seat())
    challenge(state, "persona", "magic", (1, None))
    roll(state, 1, 1, 6, 6)
    assert last_duel(state).winner == 1
    assert mill_fillers(state) == 10
    assert [len(deck) for deck in state.decks] == [10, 20]
    assert names(state, state.shards[0]) == ["ex-filler"] * 10
    assert TurnPhaseEnded(0) in state.events
    assert state.active == 1


# ---------------------------------------------------------------------- SOTA-68


def test_sota_68_a_win_allows_a_new_persona_vs_persona_duel_or_the_end() -> None:
    """SOTA-68: if the active player wins, it may start a new Persona vs Persona Duel (with an unused stat)
    or end. P1's Critique Persona (Magic 5, Luck 4) against the Encore Persona."""
    state = start(critique_seat(), encore_seat())
    challenge(state, "persona", "magic", (1, None))
    roll(state, 2, 2, 1, 1)
    state.apply_action(Pass())  # P1 keeps its Critique
    assert mill_fillers(state) == 3
    assert phase(state) is Phase.DUEL_UNIT
    assert state.legal_actions() == (DuelWithPersona(), EndTurnPhase())
    assert stats_left(state) == {"agility", "vitality", "luck", "charisma"}
    challenge(state, "persona", "luck", (1, None))
    assert last_kind(state) == "Persona vs Persona Duel"
    roll(state, 2, 2, 1, 1)
    state.apply_action(Pass())
    assert mill_fillers(state) == 2
    assert state.legal_actions() == (DuelWithPersona(), EndTurnPhase())
    state.apply_action(EndTurnPhase())
    assert state.active == 1


# ---------------------------------------------------------------------- SOTA-69, DX4: the tie


def test_sota_69_a_tie_mills_one_card_from_each_deck_and_the_active_player_may_continue() -> None:
    """SOTA-69: on a tie both players move one card from the top of their deck to their Fractured Shards;
    the active player may continue or end."""
    state = start(critique_seat(), encore_seat())
    challenge(state, "persona", "charisma", (1, None))
    roll(state, 2, 3, 2, 4)  # 5+5 against 4+6
    state.apply_action(Pass())
    assert last_duel(state).winner is None
    assert mill_fillers(state) == 2
    assert [names(state, shards) for shards in state.shards] == [["ex-filler"], ["ex-filler"]]
    assert phase(state) is Phase.DUEL_UNIT
    assert state.active == 0
    assert state.legal_actions() == (DuelWithPersona(), EndTurnPhase())
    assert "charisma" not in stats_left(state)


def test_sota_dx4_persona_vs_persona_tie_both_mill_one() -> None:
    """DX4 (SOTA-69): Persona vs Persona tie: both mill 1, and nothing else moves (both Personas stay, no
    card goes under a deck)."""
    state = start(encore_seat(), encore_seat())
    personas = [card(state, 0, "ex-encore-persona"), card(state, 1, "ex-encore-persona")]
    challenge(state, "persona", "agility", (1, None))
    roll(state, 1, 4, 2, 3)
    result = last_duel(state)
    assert (result.attacker_total, result.defender_total) == (9, 9)
    assert mill_fillers(state) == 2
    assert [len(deck) for deck in state.decks] == [19, 19]
    assert [len(shards) for shards in state.shards] == [1, 1]
    assert state.persona == personas
    assert not [e for e in state.events if isinstance(e, CardReturned)]
