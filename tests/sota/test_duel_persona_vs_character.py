"""The Persona vs Character Duel (SOTA-52 to 57, DX2): the active player's Persona against a defending
Character.

Common fixture (rulebook A.3): P1 is seat 0 and active, P2 is seat 1; decks hold 20 filler cards; each
scenario starts at P1's duel-loop decision. P1 has no Character in its Duel Positions; its Persona is
"ex-p1-persona" (Agility 4, Vitality 3, Luck 1, Magic 6, Charisma 6, Flourish), so P1 passes by hand
whenever it keeps its Flourish.
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
    DuelWithPersona,
    EndTurnPhase,
    Pass,
    UsePersonaTrait,
    UseTrait,
)
from shardgames.sota.events import CardMilled, DuelDeclared, TurnPhaseEnded
from shardgames.sota.phases import Phase


def last_kind(state: SotaState) -> str:
    return [e for e in state.events if isinstance(e, DuelDeclared)][-1].kind


def p1_persona_seat(**fields: object) -> dict[str, object]:
    return seat(persona="ex-p1-persona", **fields)


# ---------------------------------------------------------------------- SOTA-52


def test_sota_52_not_allowed_while_the_active_player_has_a_character() -> None:
    """SOTA-52: the Persona vs Character Duel is allowed only when the active player has no Character in
    any Duel Position."""
    state = start(p1_persona_seat(positions=[None, "ex-a"]), seat(positions=["ex-g"]))
    assert DuelWithPersona() not in state.legal_actions()
    assert not state.is_legal(DuelWithPersona())


def test_sota_52_allowed_without_characters_and_optional() -> None:
    """SOTA-52: without Characters the Persona may duel; the duel is optional (the Turn Phase may end)."""
    state = start(p1_persona_seat(), seat(positions=["ex-g"]))
    assert state.legal_actions() == (DuelWithPersona(), EndTurnPhase())
    challenge(state, "persona", "charisma", (1, 0))
    assert last_kind(state) == "Persona vs Character Duel"
    skipped = start(p1_persona_seat(), seat(positions=["ex-g"]))
    skipped.apply_action(EndTurnPhase())
    assert skipped.active == 1
    assert not [e for e in skipped.events if isinstance(e, DuelDeclared)]


# ---------------------------------------------------------------------- SOTA-53


def test_sota_53_the_persona_trait_and_the_defending_character_trait() -> None:
    """SOTA-53: the active player may use its Persona's Trait; the defender may use its Character's Trait
    (not its own Persona's, which does not duel). Flourish +2 against Grit +1."""
    state = start(p1_persona_seat(), seat(positions=[{"card": "ex-k", "trait": "ex-grit"}]))
    challenge(state, "persona", "charisma", (1, 0))
    roll(state, 3, 3, 1, 1)
    assert state.current_player == 0
    assert set(state.legal_actions()) == {Pass(), UsePersonaTrait()}
    state.apply_action(UsePersonaTrait())
    assert state.current_player == 1
    assert set(state.legal_actions()) == {Pass(), UseTrait(0)}
    state.apply_action(UseTrait(0))  # then both pass by themselves
    result = last_duel(state)
    assert (result.attacker_total, result.defender_total) == (6 + 6 + 2, 2 + 2 + 1)


# ---------------------------------------------------------------------- SOTA-54, 55


def test_sota_54_a_losing_defender_fractures_its_character_with_its_trait() -> None:
    """SOTA-54: if the defender loses, its Character (with Trait) goes to its Fractured Shards; nobody
    mills."""
    state = start(p1_persona_seat(), seat(positions=[{"card": "ex-g", "trait": "ex-siphon-magic"}]))
    challenge(state, "persona", "charisma", (1, 0))
    roll(state, 3, 3, 2, 4)
    state.apply_action(Pass())
    assert last_duel(state).winner == 0
    assert sorted(names(state, state.shards[1])) == ["ex-g", "ex-siphon-magic"]
    assert (state.slots[3], state.traits[3]) == (-1, -1)
    assert [len(deck) for deck in state.decks] == [20, 20]
    assert not [e for e in state.events if isinstance(e, CardMilled)]


def test_sota_55_a_losing_active_player_mills_the_difference_and_its_turn_phase_ends() -> None:
    """SOTA-55: if the active player loses, it moves N cards from the top of its deck to its Fractured
    Shards, N the difference of the Stat Totals, and its Turn Phase ends. Luck 1+2 against H's 1+12."""
    state = start(p1_persona_seat(), seat(positions=["ex-h"]))
    h = card(state, 1, "ex-h")
    challenge(state, "persona", "luck", (1, 0))
    roll(state, 1, 1, 6, 6)
    state.apply_action(Pass())
    result = last_duel(state)
    assert (result.attacker_total, result.defender_total) == (3, 13)
    assert mill_fillers(state) == 10
    assert len(state.decks[0]) == 10
    assert names(state, state.shards[0]) == ["ex-filler"] * 10
    assert state.slots[3] == h
    assert len(state.decks[1]) == 20
    assert TurnPhaseEnded(0) in state.events
    assert state.active == 1


# ---------------------------------------------------------------------- SOTA-56


def test_sota_56_a_win_while_the_opponent_has_characters_allows_another_persona_vs_character_duel() -> None:
    """SOTA-56: if the active player wins while the opponent still has Characters, it starts a new
    Persona vs Character Duel or ends the Turn Phase."""
    state = start(p1_persona_seat(), seat(positions=["ex-g", "ex-c"]))
    challenge(state, "persona", "charisma", (1, 0))
    roll(state, 3, 3, 2, 4)
    state.apply_action(Pass())
    assert last_duel(state).winner == 0
    assert state.legal_actions() == (DuelWithPersona(), EndTurnPhase())
    state.apply_action(DuelWithPersona())
    assert "charisma" not in stats_left(state)
    state.apply_action(ChooseStat(Stat.MAGIC))
    assert state.legal_actions() == (ChooseTarget(1, 1),)  # C, not the Persona
    state.apply_action(ChooseTarget(1, 1))
    assert last_kind(state) == "Persona vs Character Duel"


def test_sota_56_a_win_against_the_last_character_proceeds_to_persona_vs_persona() -> None:
    """SOTA-56: if the active player wins and the opponent has no Character left, play proceeds to the
    Persona vs Persona Duel."""
    state = start(p1_persona_seat(), seat(positions=["ex-g"]))
    challenge(state, "persona", "charisma", (1, 0))
    roll(state, 3, 3, 2, 4)
    state.apply_action(Pass())
    assert last_duel(state).winner == 0
    state.apply_action(DuelWithPersona())
    state.apply_action(ChooseStat(Stat.MAGIC))
    assert state.legal_actions() == (ChooseTarget(1, None),)
    state.apply_action(ChooseTarget(1, None))
    assert last_kind(state) == "Persona vs Persona Duel"


# ---------------------------------------------------------------------- SOTA-57, DX2: the tie


def persona_vs_character_tie() -> SotaState:
    """Charisma 6 and dice 2 against G's Charisma 1 (with a Siphon(Magic)) and dice 7: 8 against 8."""
    state = start(p1_persona_seat(), seat(positions=[{"card": "ex-g", "trait": "ex-siphon-magic"}, "ex-c"]))
    challenge(state, "persona", "charisma", (1, 0))
    roll(state, 1, 1, 3, 4)
    state.apply_action(Pass())
    result = last_duel(state)
    assert (result.attacker_total, result.defender_total) == (8, 8)
    assert result.winner is None
    return state


def test_sota_57_a_tie_returns_the_defending_character_and_both_players_mill_one() -> None:
    """SOTA-57: on a tie the defender's Character (with Trait) goes to the bottom of its deck, and both
    players move their top card to their Fractured Shards; the active player may continue or end."""
    state = persona_vs_character_tie()
    assert names(state, state.decks[1].bottom) == ["ex-g", "ex-siphon-magic"]
    assert (state.slots[3], state.traits[3]) == (-1, -1)
    assert mill_fillers(state) == 2
    assert [names(state, shards) for shards in state.shards] == [["ex-filler"], ["ex-filler"]]
    assert [len(deck) for deck in state.decks] == [19, 20 + 2 - 1]
    assert phase(state) is Phase.DUEL_UNIT
    assert state.legal_actions() == (DuelWithPersona(), EndTurnPhase())
    assert "charisma" not in stats_left(state)


def test_sota_dx2_persona_vs_character_tie_leaves_the_persona_in_place() -> None:
    """DX2 (SOTA-57): Persona vs Character tie: the defender's Character goes to the bottom; both players
    mill 1; P1's Persona stays, and P1 may duel on against P2's remaining Character."""
    state = persona_vs_character_tie()
    persona = card(state, 0, "ex-p1-persona")
    assert mill_fillers(state) == 2
    assert state.persona[0] == persona
    assert persona not in state.shards[0]
    assert names(state, state.decks[1].bottom) == ["ex-g", "ex-siphon-magic"]
    assert names(state, state.shards[0]) == ["ex-filler"]
    state.apply_action(DuelWithPersona())
    state.apply_action(ChooseStat(Stat.MAGIC))
    assert state.legal_actions() == (ChooseTarget(1, 1),)
