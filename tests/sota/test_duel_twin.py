"""The Twin Character Duel (SOTA-47 to 51, R17, DX8, DX17, DX18): the pair as a duelling unit, the
defender's twin response, and what happens to both twins.

Common fixture (rulebook A.3): P1 is seat 0 and active, P2 is seat 1; decks hold 20 filler cards; each
scenario starts at P1's duel-loop decision. Livaris (Agility 3, Vitality 2, Luck 3, Magic 5, Charisma 2)
and Saravel (2, 3, 2, 6, 2) are the twin pair of both scenario decks (SOTA-D1). Traits that name another
stat than the duel's (Siphon(Magic), Focus(Luck) in a Charisma duel) cannot be used, so the modifier
window passes by itself (E4).
"""

from __future__ import annotations

from typing import Any

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
    Draw,
    DuelWith,
    DuelWithPersona,
    DuelWithTwins,
    EndTurnPhase,
    Pass,
    RespondNormal,
    RespondTwin,
    UseAlly,
    UseTrait,
)
from shardgames.sota.events import DieRolled, TurnPhaseEnded, TwinResponseChosen
from shardgames.sota.phases import Phase

PAIR = ["livaris", "saravel"]


def with_trait(character: str, trait: str) -> dict[str, str]:
    return {"card": character, "trait": trait}


# ---------------------------------------------------------------------- SOTA-47: the pair as a unit


def test_sota_47_the_pair_is_a_duelling_unit_when_both_halves_are_in_duel_positions() -> None:
    """SOTA-47: a player with both halves of a Twin pair in Duel Positions may perform a Twin Character
    Duel; each twin may also duel alone."""
    state = start(seat(positions=["livaris", "ex-a", "saravel"]), seat(positions=["ex-c"]))
    assert set(state.legal_actions()) == {
        DuelWith(0),
        DuelWith(1),
        DuelWith(2),
        DuelWithTwins(0, 2),
        EndTurnPhase(),
    }


def test_sota_47_one_half_alone_is_no_pair() -> None:
    """SOTA-47, SOTA-11: a Twin alone behaves as a Standard Character; there is no pair option."""
    state = start(seat(positions=["livaris", "ex-a"]), seat(positions=["ex-c"]))
    assert set(state.legal_actions()) == {DuelWith(0), DuelWith(1), EndTurnPhase()}


@pytest.mark.parametrize(
    ("defender", "target", "kind"),
    [(["ex-c"], 0, "Twin Character Duel"), ([], None, "Persona Duel")],
    ids=["from-the-character-duel", "from-the-persona-duel"],
)
def test_sota_47_a_twin_duel_starts_from_the_character_duel_or_the_persona_duel(
    defender: list[str], target: int | None, kind: str
) -> None:
    """SOTA-47, R17(b): the Twin Duel may be started from the Character Duel or from the Persona Duel."""
    state = start(seat(positions=PAIR), seat(positions=defender))
    state.apply_action(DuelWithTwins(0, 1))
    state.apply_action(ChooseStat(Stat.MAGIC))
    assert state.legal_actions() == (ChooseTarget(1, target),)
    state.apply_action(ChooseTarget(1, target))
    declaration = last_declared(state)
    assert declaration.kind == kind
    assert declaration.unit == ("Livaris", "Saravel")


def test_sota_47_no_pair_once_the_twin_duel_is_used() -> None:
    """SOTA-47, R17(a): at most one Twin Duel per Turn Phase."""
    state = start(seat(positions=PAIR), seat(positions=["ex-c"]), twin_used=[0])
    assert set(state.legal_actions()) == {DuelWith(0), DuelWith(1), EndTurnPhase()}
    assert state.why_illegal(DuelWithTwins(0, 1)) == (
        "seat 0 has taken part in a Twin Duel this Turn Phase (SOTA-47)"
    )


def test_sota_47_the_other_seats_twin_duel_does_not_use_up_this_seats() -> None:
    """SOTA-47, R17(a): the limit is per seat: P2's Twin Duel this Turn Phase leaves P1's pair free."""
    state = start(seat(positions=PAIR), seat(positions=PAIR), twin_used=[1])
    assert DuelWithTwins(0, 1) in state.legal_actions()
    assert state.why_illegal(DuelWithTwins(0, 1)) is None


def test_sota_47_the_twin_duel_is_offered_again_in_the_next_turn_phase() -> None:
    """SOTA-47, R17(a): the limit is one Twin Duel per Turn Phase: with both seats' Twin Duels used
    in P1's Turn Phase, P2's pair may duel together in P2's own Turn Phase (both Gathers drawn nothing,
    and nothing to position or bolster)."""
    state = start(seat(positions=PAIR), seat(positions=PAIR), twin_used=[0, 1])
    state.apply_action(EndTurnPhase())
    state.apply_action(Draw(0))
    state.apply_action(Draw(0))
    assert (state.active, phase(state)) == (1, Phase.DUEL_UNIT)
    assert DuelWithTwins(0, 1) in state.legal_actions()


# ---------------------------------------------------------------------- SOTA-48: the pair's total


def test_sota_48_the_pair_adds_both_twins_stat_to_its_dice_and_bonuses() -> None:
    """SOTA-48: a pair's stat is the sum of both twins' chosen stat, to which 2D6 and bonuses are added:
    Agility 3+2, dice 2+2 and an Ally +2 make 11, against C's Agility 2 and dice 4+4."""
    state = start(seat(positions=PAIR, allies=["ex-ally-agility-2"]), seat(positions=["ex-c"]))
    challenge(state, (0, 1), "agility", (1, 0))
    roll(state, 2, 2, 4, 4)
    state.apply_action(UseAlly(2))  # then both pass by themselves
    result = last_duel(state)
    assert (result.attacker_total, result.defender_total) == (3 + 2 + 4 + 2, 2 + 8)
    assert result.winner == 0


# ---------------------------------------------------------------------- SOTA-49: the twin response


@pytest.mark.parametrize(
    ("response", "target", "defender_total", "winner"),
    [(RespondTwin(), (0, 1), 3 + 2 + 4, 1), (RespondNormal(), (0,), 3 + 4, 0)],
    ids=["twins", "normal"],
)
def test_sota_49_the_defender_answers_a_challenge_to_one_twin_with_both_or_one(
    response: RespondTwin | RespondNormal, target: tuple[int, ...], defender_total: int, winner: int
) -> None:
    """SOTA-49: if the active player targets one twin of a defender with both twins in Duel Positions,
    the defender chooses a Twin Duel or a normal duel. E (Luck 2) against Livaris (Luck 3, Saravel 2)."""
    state = start(seat(positions=["ex-e"]), seat(positions=PAIR))
    challenge(state, 0, "luck", (1, 0))
    assert state.current_player == 1
    assert state.legal_actions() == (RespondTwin(), RespondNormal())
    state.apply_action(response)
    assert state.duel is not None
    assert state.duel.target == target
    roll(state, 3, 3, 2, 2)
    result = last_duel(state)
    assert (result.attacker_total, result.defender_total) == (2 + 6, defender_total)
    assert result.winner == winner


# ---------------------------------------------------------------------- SOTA-50, 51: losing twins


def test_sota_50_a_losing_pair_moves_both_twins_with_traits_to_the_fractured_shards() -> None:
    """SOTA-50: the loser of a Twin Duel moves both twins (with Traits) to its Fractured Shards (the active
    pair loses: its Turn Phase ends)."""
    state = start(
        seat(positions=[with_trait("livaris", "ex-siphon-magic"), with_trait("saravel", "ex-focus-luck")]),
        seat(positions=["ex-d"]),
    )
    challenge(state, (0, 1), "charisma", (1, 0))
    roll(state, 1, 1, 6, 6)  # 4+2 against 3+12
    assert last_duel(state).winner == 1
    assert sorted(names(state, state.shards[0])) == ["ex-focus-luck", "ex-siphon-magic", "livaris", "saravel"]
    assert state.slots[:3] == [-1, -1, -1]
    assert state.traits[:3] == [-1, -1, -1]
    assert state.active == 1


def test_sota_50_a_losing_twin_response_moves_both_twins_with_traits_to_the_fractured_shards() -> None:
    """SOTA-50: the loser of a Twin Duel moves both twins (with Traits) to its Fractured Shards (the
    defender answered with both twins and lost)."""
    state = start(
        seat(positions=["ex-f"]), seat(positions=[with_trait("livaris", "ex-siphon-magic"), "saravel"])
    )
    challenge(state, 0, "charisma", (1, 0))
    state.apply_action(RespondTwin())
    roll(state, 6, 6, 1, 1)  # 6+12 against 4+2
    assert last_duel(state).winner == 0
    assert sorted(names(state, state.shards[1])) == ["ex-siphon-magic", "livaris", "saravel"]
    assert state.slots[3:] == [-1, -1, -1]
    assert state.traits[3:] == [-1, -1, -1]
    assert state.shards[0] == ()


def test_sota_51_a_twin_that_loses_a_normal_duel_as_attacker_moves_alone() -> None:
    """SOTA-51: a twin that loses a normal duel moves alone (with its Trait); its partner stays."""
    state = start(
        seat(positions=[with_trait("livaris", "ex-siphon-magic"), "saravel"]),
        seat(positions=["ex-d"]),
    )
    challenge(state, 0, "charisma", (1, 0))
    roll(state, 1, 1, 6, 6)
    assert last_duel(state).winner == 1
    assert sorted(names(state, state.shards[0])) == ["ex-siphon-magic", "livaris"]
    assert names(state, [state.slots[1]]) == ["saravel"]
    assert not state.twin_used & 1  # a normal duel is no Twin Duel


def test_sota_51_a_twin_that_loses_a_normal_duel_as_defender_moves_alone() -> None:
    """SOTA-51: a twin that loses a normal duel (the response declined) moves alone; its partner stays."""
    state = start(
        seat(positions=["ex-f"]), seat(positions=[with_trait("livaris", "ex-siphon-magic"), "saravel"])
    )
    challenge(state, 0, "charisma", (1, 0))
    state.apply_action(RespondNormal())
    roll(state, 6, 6, 1, 1)
    assert last_duel(state).winner == 0
    assert sorted(names(state, state.shards[1])) == ["ex-siphon-magic", "livaris"]
    assert names(state, [state.slots[4]]) == ["saravel"]
    assert state.twin_used == 0


# ---------------------------------------------------------------------- SOTA-R17


def test_sota_r17a_a_twin_response_uses_the_defenders_twin_duel() -> None:
    """SOTA-R17(a): the once-per-Turn-Phase limit is tracked per player, and responding counts: after
    answering with both twins, P2's Twin Duel is used for this Turn Phase, P1's is not."""
    state = start(seat(positions=["ex-f"]), seat(positions=[*PAIR, "ex-d"]))
    challenge(state, 0, "charisma", (1, 0))
    state.apply_action(RespondTwin())
    assert [e for e in state.events if isinstance(e, TwinResponseChosen)] == [TwinResponseChosen(1, True)]
    roll(state, 6, 6, 1, 1)
    assert last_duel(state).winner == 0
    assert state.active == 0
    assert state.twin_used == 0b10


def test_sota_r17a_a_defender_that_used_its_twin_duel_is_not_offered_the_response() -> None:
    """SOTA-R17(a, c): a defender that has used its Twin Duel this Turn Phase is not offered the response."""
    state = start(seat(positions=["ex-e"]), seat(positions=PAIR), twin_used=[1])
    challenge(state, 0, "magic", (1, 0))
    assert state.is_chance_node()
    assert phase(state) is Phase.DUEL_DIE


RESPONSE_CASES: dict[str, tuple[dict[str, Any], dict[str, Any], Any, int, list[int], bool]] = {
    # id: (P1 seat, P2 seat, P1 unit, targeted position, twin_used, offered)
    "character-challenger": ({"positions": ["ex-e"]}, {"positions": PAIR}, 0, 0, [], True),
    "pair-challenger": ({"positions": PAIR}, {"positions": PAIR}, (0, 1), 0, [], True),
    "persona-challenger": ({}, {"positions": PAIR}, "persona", 0, [], True),
    "second-half-targeted": ({"positions": ["ex-e"]}, {"positions": PAIR}, 0, 1, [], True),
    "non-twin-targeted": ({"positions": ["ex-e"]}, {"positions": [*PAIR, "ex-c"]}, 0, 2, [], False),
    "partner-not-in-position": ({"positions": ["ex-e"]}, {"positions": ["livaris", "ex-c"]}, 0, 0, [], False),
    "defender-twin-duel-used": ({"positions": ["ex-e"]}, {"positions": PAIR}, 0, 0, [1], False),
}


@pytest.mark.parametrize("case", list(RESPONSE_CASES))
def test_sota_r17c_the_twin_response_is_offered_exactly_when(case: str) -> None:
    """SOTA-R17(c): the twin response is offered whenever the target is one half of a pair, the other half
    is also in that defender's Duel Positions, and the defender has not used its Twin Duel this Turn
    Phase; the challenger can be a Character, a Twin pair or a Persona."""
    p1, p2, unit, target, twin_used, offered = RESPONSE_CASES[case]
    state = start(seat(**p1), seat(**p2), twin_used=twin_used)
    challenge(state, unit, "magic", (1, target))
    if offered:
        assert phase(state) is Phase.TWIN_RESPONSE
        assert state.current_player == 1
        assert state.legal_actions() == (RespondTwin(), RespondNormal())
    else:
        assert phase(state) is Phase.DUEL_DIE
        assert state.is_chance_node()


def test_sota_r17c_the_defender_decides_before_any_die_is_rolled() -> None:
    """SOTA-R17(c): the defender decides after the stat and target are declared and before any die."""
    state = start(seat(positions=["ex-e"]), seat(positions=PAIR))
    challenge(state, 0, "magic", (1, 0))
    assert phase(state) is Phase.TWIN_RESPONSE
    assert state.duel is not None
    assert state.duel.rolled == 0
    assert not [e for e in state.events if isinstance(e, DieRolled)]
    assert "magic" not in stats_left(state)  # the challenge is fully declared
    state.apply_action(RespondTwin())
    assert state.prompt is not None
    assert (state.prompt.phase, state.prompt.seat) == (Phase.DUEL_DIE, 0)
    roll(state, 3, 3, 1, 2)
    assert phase(state) is not Phase.TWIN_RESPONSE  # nobody answers again once the dice are known


@pytest.mark.parametrize("side", ["attacker", "defender"])
def test_sota_r17d_a_twin_duel_tie_returns_both_twins_with_traits(side: str) -> None:
    """SOTA-R17(d), R16: a Twin Duel tie returns both twins to the deck bottom, in Duel Position order, each
    followed by its Trait; then both duellists mill 1."""
    livaris = with_trait("livaris", "ex-siphon-magic")
    if side == "attacker":
        saravel = with_trait("saravel", "ex-focus-luck")
        state = start(seat(positions=[livaris, "ex-a", saravel]), seat(positions=["ex-d"]))
        challenge(state, (0, 2), "charisma", (1, 0))
        roll(state, 3, 3, 3, 4)  # 2+2+6 against 3+7
    else:
        saravel = with_trait("saravel", "ex-grit")
        state = start(seat(positions=["ex-f"]), seat(positions=[livaris, "ex-d", saravel]))
        challenge(state, 0, "charisma", (1, 0))
        state.apply_action(RespondTwin())
        roll(state, 1, 1, 2, 2)  # 6+2 against 2+2+4
        state.apply_action(Pass())  # P2 keeps Saravel's Grit
    assert last_duel(state).winner is None
    owner = 0 if side == "attacker" else 1
    second_trait = "ex-focus-luck" if side == "attacker" else "ex-grit"
    assert names(state, state.decks[owner].bottom) == ["livaris", "ex-siphon-magic", "saravel", second_trait]
    assert mill_fillers(state) == 2
    assert [names(state, shards) for shards in state.shards] == [["ex-filler"], ["ex-filler"]]
    assert names(state, [state.slots[owner * 3 + 1]]) == ["ex-a" if side == "attacker" else "ex-d"]


def test_sota_r17e_the_traits_of_both_twins_may_be_used_once_each() -> None:
    """SOTA-R17(e), D4: a Trait on either twin may be used, each once (Grit +1, Focus(Luck) +3)."""
    state = start(
        seat(positions=[with_trait("livaris", "ex-grit"), with_trait("saravel", "ex-focus-luck")]),
        seat(positions=["ex-c"]),
    )
    challenge(state, (0, 1), "luck", (1, 0))
    roll(state, 1, 1, 1, 1)
    assert set(state.legal_actions()) == {Pass(), UseTrait(0), UseTrait(1)}
    state.apply_action(UseTrait(0))  # P2 passes by itself
    assert state.current_player == 0
    assert set(state.legal_actions()) == {Pass(), UseTrait(1)}
    state.apply_action(UseTrait(1))  # then both pass by themselves
    result = last_duel(state)
    assert (result.attacker_total, result.defender_total) == (3 + 2 + 2 + 1 + 3, 3 + 2)


def test_sota_r17e_the_defending_pair_may_use_the_traits_of_both_twins() -> None:
    """SOTA-R17(e): after a twin response, the Traits of both defending twins may be used."""
    state = start(
        seat(positions=["ex-e"]),
        seat(positions=[with_trait("livaris", "ex-grit"), with_trait("saravel", "ex-hex")]),
    )
    challenge(state, 0, "magic", (1, 0))
    state.apply_action(RespondTwin())
    roll(state, 1, 1, 1, 1)  # P1 has nothing and passes by itself
    assert state.current_player == 1
    assert set(state.legal_actions()) == {Pass(), UseTrait(0), UseTrait(1)}


# ---------------------------------------------------------------------- DX8, DX17, DX18


def test_sota_dx8_after_one_twin_duel_the_pair_option_is_gone_for_the_turn_phase() -> None:
    """DX8 (SOTA-47, R17): after one Twin Duel, the pair option is absent for the rest of the Turn Phase;
    each twin may still duel alone."""
    state = start(seat(positions=PAIR), seat(positions=["ex-c", "ex-d"]))
    assert DuelWithTwins(0, 1) in state.legal_actions()
    challenge(state, (0, 1), "magic", (1, 0))
    roll(state, 3, 3, 1, 1)  # 11+6 against 6+2
    assert last_duel(state).winner == 0
    assert state.twin_used & 1
    assert set(state.legal_actions()) == {DuelWith(0), DuelWith(1), EndTurnPhase()}
    challenge(state, 0, "agility", (1, 1))  # Livaris alone: 3+12 against 3+2
    roll(state, 6, 6, 1, 1)
    assert last_duel(state).winner == 0
    assert set(state.legal_actions()) == {DuelWith(0), DuelWith(1), EndTurnPhase()}


def test_sota_dx17_a_twin_duel_against_a_persona_that_wins_mills_the_defender() -> None:
    """DX17 (SOTA-47, R17): a Twin Duel against a Persona: a win mills the defender by the difference.
    Magic 5+6 and dice 6 against the Encore Persona's Magic 4 and dice 2."""
    state = start(seat(positions=PAIR), seat(persona="ex-encore-persona"))
    challenge(state, (0, 1), "magic", (1, None))
    roll(state, 3, 3, 1, 1)
    result = last_duel(state)
    assert (result.attacker_total, result.defender_total) == (17, 6)
    assert mill_fillers(state) == 11
    assert len(state.decks[1]) == 9
    assert names(state, state.slots[:2]) == PAIR
    assert state.active == 0
    assert phase(state) is Phase.DUEL_UNIT


def test_sota_dx17_a_twin_duel_against_a_persona_that_loses_fractures_both_twins() -> None:
    """DX17 (SOTA-47, R17): a Twin Duel against a Persona: a loss fractures both twins and ends the Turn
    Phase; nobody mills."""
    state = start(seat(positions=PAIR), seat(persona="ex-encore-persona"))
    challenge(state, (0, 1), "magic", (1, None))
    roll(state, 1, 1, 6, 6)
    result = last_duel(state)
    assert (result.attacker_total, result.defender_total) == (13, 16)
    assert sorted(names(state, state.shards[0])) == PAIR
    assert [len(deck) for deck in state.decks] == [20, 20]
    assert TurnPhaseEnded(0) in state.events
    assert state.active == 1


def test_sota_dx18_the_twin_response_is_offered_against_a_persona_challenger() -> None:
    """DX18 (SOTA-R17(c)): in a Persona vs Character Duel aimed at one twin, the twin response is offered;
    the twins then defend together (Magic 5+6)."""
    state = start(seat(), seat(positions=PAIR))
    assert state.legal_actions() == (DuelWithPersona(), EndTurnPhase())
    challenge(state, "persona", "magic", (1, 0))
    assert last_declared(state).kind == "Persona vs Character Duel"
    assert state.current_player == 1
    assert state.legal_actions() == (RespondTwin(), RespondNormal())
    state.apply_action(RespondTwin())
    roll(state, 6, 6, 1, 1)
    state.apply_action(Pass())  # P1 keeps its Persona's Flourish
    result = last_duel(state)
    assert (result.attacker_total, result.defender_total) == (6 + 12, 11 + 2)
    assert sorted(names(state, state.shards[1])) == PAIR
    assert state.twin_used == 0b10
