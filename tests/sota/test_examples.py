"""SOTA-EX1 to EX10: the worked examples of the rules text, replayed from positions with set dice.

Common fixture (rulebook A.3): P1 is seat 0 and active, P2 is seat 1; decks hold 20 filler cards; the
scenario starts at P1's duel-loop decision.
"""

from __future__ import annotations

import pytest
from sota_scenarios import card, challenge, last_duel, mill_fillers, names, roll, seat, start, stats_left

from shardgames.sota import duel as duel_rules
from shardgames.sota.actions import (
    ChooseTarget,
    DuelWith,
    DuelWithPersona,
    EndTurnPhase,
    Pass,
    RespondNormal,
    RespondTwin,
    UseAlly,
    UseTrait,
)
from shardgames.sota.events import TwinResponseChosen
from shardgames.sota.phases import Phase


def test_sota_ex1_character_duel() -> None:
    """EX1 (S:L173-176): A (Agility 6) against B (signed, +1, Agility 3); dice 3 against 6."""
    state = start(seat(positions=["ex-a"]), seat(positions=["ex-b"]))
    b = card(state, 1, "ex-b")
    challenge(state, 0, "agility", (1, 0))
    assert stats_left(state) == {"vitality", "luck", "magic", "charisma"}
    roll(state, 1, 2, 3, 3)  # nobody has a modifier: both pass by themselves
    result = last_duel(state)
    assert (result.attacker_total, result.defender_total) == (9, 10)
    assert result.winner == 1
    assert names(state, state.shards[0]) == ["ex-a"]  # A is on top of P1's Fractured Shards
    assert state.active == 1  # P1's Turn Phase ended
    assert state.slots[3] == b  # B is unchanged


@pytest.mark.parametrize("variant", ["a", "b"])
def test_sota_ex2_twin_duel_active_player_wins(variant: str) -> None:
    """EX2 (S:L191-194): the pair (Magic 5 + 6) against C (Magic 6); dice 3 against 6."""
    defender = ["ex-c", "ex-d"] if variant == "a" else ["ex-c"]
    state = start(seat(positions=["livaris", "saravel"]), seat(positions=defender))
    challenge(state, (0, 1), "magic", (1, 0))
    assert state.prompt is not None
    assert state.prompt.phase is Phase.DUEL_DIE
    roll(state, 1, 2, 3, 3)
    result = last_duel(state)
    assert (result.attacker_total, result.defender_total) == (14, 12)
    assert names(state, state.shards[1]) == ["ex-c"]
    assert state.twin_used >> 0 & 1  # P1 has used its Twin Duel
    assert state.prompt is not None
    assert state.prompt.phase is Phase.DUEL_UNIT
    state_stats = stats_left(state)
    assert "magic" not in state_stats
    legal = {str(a) for a in state.legal_actions()}
    assert not any("twin duel" in a for a in legal)
    state.apply_action(DuelWith(0))
    state.apply_action(state.legal_actions()[0])  # the first stat left
    targets = state.legal_actions()
    if variant == "a":
        assert targets == (ChooseTarget(1, 1),)  # D
    else:
        assert targets == (ChooseTarget(1, None),)  # P2's Persona


def test_sota_ex3_twin_duel_defender_uses_an_ally() -> None:
    """EX3 (S:L195-198): as EX2(b), P2 adds an Ally (Magic +3) after the dice and wins 15 to 14."""
    state = start(
        seat(positions=["livaris", "saravel"]), seat(positions=["ex-c"], allies=["ex-ally-magic-3"])
    )
    ally = card(state, 1, "ex-ally-magic-3")
    challenge(state, (0, 1), "magic", (1, 0))
    roll(state, 1, 2, 3, 3)
    assert state.current_player == 1  # P1 had nothing to use and passed by itself
    state.apply_action(UseAlly(3))  # then both pass by themselves: nobody has anything left to use
    result = last_duel(state)
    assert (result.attacker_total, result.defender_total) == (14, 15)
    assert names(state, state.shards[0]) == ["livaris", "saravel"]
    assert state.shards[1] == (ally,)
    assert state.active == 1  # P1's Turn Phase ended


def test_sota_ex4_twin_response_defender_wins(monkeypatch: pytest.MonkeyPatch) -> None:
    """EX4 (S:L199-202): E (Magic 6) targets Livaris; P2 answers with both twins and wins 14 to 12."""
    flags: list[int] = []
    original = duel_rules.run_after_duel

    def spy(s, task):  # type: ignore[no-untyped-def]
        original(s, task)
        flags.append(s.twin_used)

    monkeypatch.setitem(duel_rules.__dict__, "run_after_duel", spy)
    monkeypatch.setitem(
        __import__("shardgames.sota.phases", fromlist=["handlers"]).handlers.run_handlers,
        __import__("shardgames.sota.phases", fromlist=["AfterDuel"]).AfterDuel,
        spy,
    )
    state = start(seat(positions=["ex-e"]), seat(positions=["livaris", "saravel"]))
    challenge(state, 0, "magic", (1, 0))
    assert state.current_player == 1
    assert state.legal_actions() == (RespondTwin(), RespondNormal())
    state.apply_action(RespondTwin())
    roll(state, 3, 3, 1, 2)
    result = last_duel(state)
    assert (result.attacker_total, result.defender_total) == (12, 14)
    assert names(state, state.shards[0]) == ["ex-e"]
    assert names(state, state.slots[3:5]) == ["livaris", "saravel"]  # both twins stay
    assert flags == [0b10]  # P2's Twin-used flag was set for that Turn Phase
    assert state.active == 1


def test_sota_ex5_twin_response_declined() -> None:
    """EX5 (S:L203-207): F (signable, not signed, Charisma 6) against Livaris (Charisma 2) alone."""
    state = start(seat(positions=["ex-f"]), seat(positions=["livaris", "saravel"]))
    challenge(state, 0, "charisma", (1, 0))
    state.apply_action(RespondNormal())
    assert [e for e in state.events if isinstance(e, TwinResponseChosen)][-1].twins is False
    roll(state, 3, 3, 1, 2)
    result = last_duel(state)
    assert (result.attacker_total, result.defender_total) == (12, 5)  # no Signed Bonus: not signed
    assert names(state, state.shards[1]) == ["livaris"]
    assert names(state, [state.slots[4]]) == ["saravel"]
    assert "charisma" not in stats_left(state)
    state.apply_action(DuelWith(0))  # F again
    state.apply_action(state.legal_actions()[0])
    assert state.legal_actions() == (ChooseTarget(1, 1),)  # Saravel; the Persona is not a target


def test_sota_ex6_persona_vs_character_active_player_wins() -> None:
    """EX6 (S:L225-228): P1's Persona (Charisma 6) against G (Charisma 1); 12 against 7."""
    state = start(seat(persona="ex-p1-persona"), seat(positions=["ex-g"]))
    deck_sizes = [len(d) for d in state.decks]
    challenge(state, "persona", "charisma", (1, 0))
    roll(state, 3, 3, 2, 4)
    state.apply_action(Pass())  # P1 keeps its Persona trait
    result = last_duel(state)
    assert (result.attacker_total, result.defender_total) == (12, 7)
    assert names(state, state.shards[1]) == ["ex-g"]
    assert [len(d) for d in state.decks] == deck_sizes  # nobody mills
    assert "charisma" not in stats_left(state)
    state.apply_action(DuelWithPersona())
    state.apply_action(state.legal_actions()[0])
    assert state.legal_actions() == (ChooseTarget(1, None),)


@pytest.mark.parametrize(("deck", "eliminated"), [(20, False), (3, True)])
def test_sota_ex7_persona_vs_character_active_player_loses_and_mills(deck: int, eliminated: bool) -> None:
    """EX7 (S:L237-243): the Persona (Luck 1) loses 7 to 11 and mills 4; EX7b: a 3-card deck empties."""
    state = start(seat(persona="ex-p1-persona", deck=deck), seat(positions=["ex-h"]))
    h = card(state, 1, "ex-h")
    challenge(state, "persona", "luck", (1, 0))
    roll(state, 3, 3, 4, 6)
    state.apply_action(Pass())
    result = last_duel(state)
    assert (result.attacker_total, result.defender_total) == (7, 11)
    assert mill_fillers(state) == min(4, deck)
    assert len(state.decks[0]) == max(deck - 4, 0)
    assert names(state, state.shards[0]) == ["ex-filler"] * min(4, deck) or eliminated
    assert state.slots[3] == h
    if eliminated:
        assert state.is_terminal()
        assert state.winner == 1
    else:
        assert state.active == 1


def test_sota_ex8_trait() -> None:
    """EX8 (S:L264-267): K's Siphon(Magic) turns 12 against 11 into 10 against 13."""
    state = start(seat(positions=["casstia"]), seat(positions=[{"card": "ex-k", "trait": "ex-siphon-magic"}]))
    challenge(state, 0, "magic", (1, 0))
    roll(state, 3, 3, 2, 3)
    assert state.current_player == 1
    state.apply_action(UseTrait(0))  # the Siphon was P2's only modifier: both then pass by themselves
    result = last_duel(state)
    assert (result.attacker_total, result.defender_total) == (10, 13)
    assert names(state, state.shards[0]) == ["casstia"]
    assert state.active == 1


def test_sota_ex9_persona_duel() -> None:
    """EX9 (S:L287-293): J (Magic 6) against P2's Persona (Magic 3): 12 against 9, P2 mills 3."""
    state = start(seat(positions=["ex-j"]), seat(persona="ex-p2-persona"))
    challenge(state, 0, "magic", (1, None))
    roll(state, 3, 3, 3, 3)
    state.apply_action(Pass())  # P2 keeps its Persona trait
    result = last_duel(state)
    assert (result.attacker_total, result.defender_total) == (12, 9)
    assert mill_fillers(state) == 3
    assert len(state.decks[1]) == 17
    assert state.prompt is not None
    assert state.prompt.phase is Phase.DUEL_UNIT
    assert "magic" not in stats_left(state)
    assert EndTurnPhase() in state.legal_actions()
    state.apply_action(DuelWith(0))
    state.apply_action(state.legal_actions()[0])
    assert state.legal_actions() == (ChooseTarget(1, None),)


def test_sota_ex10_persona_vs_persona() -> None:
    """EX10 (S:L317-323): Vitality 2 against 4 with an Ally +3: 7 against 11, P1 mills 4."""
    state = start(
        seat(persona="ex-p1-persona-vit2"), seat(persona="ex-p2-persona", allies=["ex-ally-vitality-3"])
    )
    ally = card(state, 1, "ex-ally-vitality-3")
    challenge(state, "persona", "vitality", (1, None))
    roll(state, 2, 3, 1, 3)
    state.apply_action(Pass())
    state.apply_action(UseAlly(3))
    state.apply_action(Pass())
    state.apply_action(Pass())
    result = last_duel(state)
    assert (result.attacker_total, result.defender_total) == (7, 11)
    assert mill_fillers(state) == 4
    assert len(state.decks[0]) == 16
    assert state.shards[1] == (ally,)
    assert state.active == 1
