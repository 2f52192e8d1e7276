"""Bonuses and abilities (SOTA-70 to 73, R4, R12, R13, R19, D3, D4, D5, DX6, DX7): the Signed Bonus,
Allies, R-Ally, Traits and Persona traits.

Common fixture (rulebook A.3): P1 is seat 0 and active, P2 is seat 1; decks hold 20 filler cards; each
scenario starts at P1's duel-loop decision. A duellist with nothing usable passes by itself (E4), so a
test that looks at a player's options in the modifier window gives it some other usable modifier.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from sota_scenarios import (
    card,
    card_first_game,
    challenge,
    last_duel,
    names,
    phase,
    roll,
    scenario_game,
    seat,
    start,
    stats_left,
)

from shardgames.sota import SotaState, Stat, Variant, starter_pool
from shardgames.sota.actions import (
    ChooseStat,
    ChooseTarget,
    Draw,
    DuelWith,
    EndTurnPhase,
    Pass,
    RespondNormal,
    RespondTwin,
    RollDie,
    UseAlly,
    UsePersonaTrait,
    UseRAlly,
    UseTrait,
)
from shardgames.sota.events import CardFractured, DieRolled, DuelResolved, ModifierUsed
from shardgames.sota.phases import Phase

ONE_OF_EACH = [f"ex-ally-{stat.value}-1" for stat in Stat]


def totals(state: SotaState) -> tuple[int, int]:
    result = last_duel(state)
    return (result.attacker_total, result.defender_total)


def stack(state: SotaState, owner: int, stat: Stat) -> list[str]:
    """The card ids of `owner`'s Ally Position of `stat`, bottom first."""
    return names(state, state.allies[owner * 5 + list(Stat).index(stat)])


# ---------------------------------------------------------------------- SOTA-70, R4, D3: the Signed Bonus


@pytest.mark.parametrize("stat", [s.value for s in Stat])
def test_sota_70_the_signed_bonus_is_added_to_any_stat(stat: str) -> None:
    """SOTA-70: a Signed Bonus is added in a duel on any stat when the card is signed. B (signed, +1) has
    3 in every stat; dice 2."""
    state = start(seat(positions=["ex-a"]), seat(positions=["ex-b"]))
    challenge(state, 0, stat, (1, 0))
    roll(state, 1, 1, 1, 1)
    assert last_duel(state).defender_total == 3 + 2 + 1


@pytest.mark.parametrize(
    ("signed", "f_bonus", "b_bonus"),
    [(("decklist",), 0, 1), (("all",), 1, 1), (("none",), 0, 0), (("all", "none"), 1, 0)],
    ids=["decklist", "all", "none", "per-seat"],
)
def test_sota_r4_the_bonus_applies_only_to_a_signed_signable_copy(
    signed: tuple[str, ...], f_bonus: int, b_bonus: int
) -> None:
    """SOTA-R4, SOTA-10: the bonus applies only when the physical copy is signed; the `signed` game
    parameter signs the copies the decklist names (decklist), every signable copy (all) or none. F is
    signable and unsigned in P1's decklist; B is signed in P2's."""
    game = scenario_game(signed=signed)
    state = start(seat(positions=["ex-f"]), seat(positions=["ex-b"]), game=game)
    challenge(state, 0, "charisma", (1, 0))
    roll(state, 1, 1, 1, 1)
    assert totals(state) == (6 + 2 + f_bonus, 3 + 2 + b_bonus)


def test_sota_r4_the_bonus_is_automatic() -> None:
    """SOTA-R4: the Signed Bonus is applied automatically, with no action: both duellists pass by
    themselves and B's total includes it."""
    state = start(seat(positions=["ex-a"]), seat(positions=["ex-b"]))
    challenge(state, 0, "agility", (1, 0))
    roll(state, 1, 2, 3, 3)
    assert totals(state) == (9, 10)
    assert list(state.history[-2:]) == [Pass(), Pass()]  # the two automatic passes (E4)
    assert not [e for e in state.events if isinstance(e, ModifierUsed)]


@pytest.mark.parametrize(
    ("positions", "unit", "attacker_total"),
    [(["livaris", "saravel"], (0, 1), 5 + 6 + 2), (["livaris"], 0, 5 + 2), ([], "persona", 6 + 2)],
    ids=["twin-pair", "twin-alone", "persona"],
)
def test_sota_r4_the_bonus_never_applies_to_personas_or_twins(
    positions: list[str], unit: int | str | tuple[int, int], attacker_total: int
) -> None:
    """SOTA-R4: the bonus never applies to Personas or Twins, even with every copy signed."""
    state = start(seat(positions=positions), seat(positions=["ex-c"]), game=scenario_game(signed=("all",)))
    challenge(state, unit, "magic", (1, 0))
    roll(state, 1, 1, 1, 1)
    if unit == "persona":
        state.apply_action(Pass())  # P1 keeps its Flourish
    assert totals(state) == (attacker_total, 6 + 2)


def test_sota_r4_a_defending_persona_gets_no_bonus() -> None:
    """SOTA-R4: with every copy signed, the signed F gets +1 and the defending Persona nothing."""
    state = start(
        seat(positions=["ex-f"]), seat(persona="ex-encore-persona"), game=scenario_game(signed=("all",))
    )
    challenge(state, 0, "charisma", (1, None))
    roll(state, 1, 1, 1, 1)
    assert totals(state) == (6 + 2 + 1, 4 + 2)


def test_sota_d3_every_signable_starter_card_has_a_signed_bonus_of_one() -> None:
    """SOTA-D3: the Signed Bonus is +1 on every signable card."""
    signable = [c for c in starter_pool().values() if getattr(c, "variant", None) is Variant.SIGNABLE]
    assert len(signable) >= 45  # 9 per Starter Deck (SOTA-D1)
    assert {c.signed_bonus for c in signable} == {1}


# ---------------------------------------------------------------------- SOTA-71, 72, R12: Allies


def test_sota_71_any_number_of_allies_may_be_used_in_one_duel() -> None:
    """SOTA-71: any number of Ally cards may be used in one duel: +1, +2 and +3."""
    allies = ["ex-ally-magic-1", "ex-ally-magic-2", "ex-ally-magic-3"]
    state = start(seat(positions=["ex-a"], allies=allies), seat(positions=["ex-c"]))
    challenge(state, 0, "magic", (1, 0))
    roll(state, 1, 1, 1, 1)
    for value in (1, 2, 3):  # P2 passes by itself after each
        assert state.current_player == 0
        state.apply_action(UseAlly(value))
    assert totals(state) == (2 + 2 + 6, 6 + 2)
    assert stack(state, 0, Stat.MAGIC) == []


def test_sota_72_used_allies_go_to_their_owners_fractured_shards() -> None:
    """SOTA-72, R12: either duellist may use its Allies; used Allies go to their owner's Fractured Shards,
    the winner's as well as the loser's; unused ones stay in play."""
    state = start(
        seat(positions=["ex-e"], allies=["ex-ally-magic-2", "ex-ally-magic-3"]),
        seat(positions=["ex-c"], allies=["ex-ally-magic-1"]),
    )
    ally_2 = card(state, 0, "ex-ally-magic-2")
    ally_1 = card(state, 1, "ex-ally-magic-1")
    challenge(state, 0, "magic", (1, 0))
    roll(state, 2, 2, 2, 2)
    state.apply_action(UseAlly(2))
    assert state.current_player == 1
    assert set(state.legal_actions()) == {Pass(), UseAlly(1)}
    state.apply_action(UseAlly(1))
    state.apply_action(Pass())  # P1 keeps its +3; P2 has nothing left
    assert totals(state) == (6 + 4 + 2, 6 + 4 + 1)
    assert state.shards[0] == (ally_2,)
    assert ally_1 in state.shards[1]
    assert sorted(names(state, state.shards[1])) == ["ex-ally-magic-1", "ex-c"]
    assert stack(state, 0, Stat.MAGIC) == ["ex-ally-magic-3"]
    fractured = [e for e in state.events if isinstance(e, CardFractured)]
    assert CardFractured(0, ally_2, "Ally magic +2") in fractured
    assert CardFractured(1, ally_1, "Ally magic +1") in fractured


def test_sota_r12_a_single_ally_is_used_only_in_a_duel_of_its_stat() -> None:
    """SOTA-R12: a single Ally can only be used in a duel whose stat is the Ally's stat."""
    state = start(
        seat(positions=["ex-a"], allies=["ex-ally-agility-1", "ex-ally-magic-2"]),
        seat(positions=["ex-c", "ex-d"]),
    )
    challenge(state, 0, "magic", (1, 0))
    roll(state, 1, 1, 1, 1)
    assert set(state.legal_actions()) == {Pass(), UseAlly(2)}
    with pytest.raises(ValueError, match="no \\+1 Ally of magic"):
        state.apply_action(UseAlly(1))


def test_sota_r12_only_allies_in_play_can_be_used() -> None:
    """SOTA-R12: only Allies in the player's Ally Positions can be used, never Allies in hand."""
    state = start(
        seat(positions=["ex-a"], hand=["ex-ally-magic-3"], allies=["ex-ally-magic-1"]),
        seat(positions=["ex-c"]),
    )
    challenge(state, 0, "magic", (1, 0))
    roll(state, 1, 1, 1, 1)
    assert set(state.legal_actions()) == {Pass(), UseAlly(1)}


def test_sota_r12_only_the_two_duellists_use_allies() -> None:
    """SOTA-R12, R1: either duellist may use its Allies; a third player who does not duel is never asked,
    and its Allies stay in play."""
    state = start(
        seat(positions=["ex-a"], allies=["ex-ally-magic-1"]),
        seat(positions=["ex-c"], allies=["ex-ally-magic-1"]),
        seat(positions=["ex-agility-4"], allies=["ex-ally-magic-3"]),
    )
    challenge(state, 0, "magic", (1, 0))
    roll(state, 1, 1, 1, 1)
    actors = []
    while not [e for e in state.events if isinstance(e, DuelResolved)]:
        actors.append(state.current_player)
        state.apply_action(state.legal_actions()[-1])  # use an Ally while one is left
    assert actors == [0, 1]
    assert totals(state) == (2 + 2 + 1, 6 + 2 + 1)
    assert stack(state, 2, Stat.MAGIC) == ["ex-ally-magic-3"]


def test_sota_r12_any_copy_of_the_matching_stack_may_be_chosen() -> None:
    """SOTA-R12: the player chooses any card of the matching stack, not only its top card."""
    allies = ["ex-ally-magic-1", "ex-ally-magic-2", "ex-ally-magic-3"]  # +1 is the bottom card
    state = start(seat(positions=["ex-a"], allies=allies), seat(positions=["ex-c"]))
    bottom = card(state, 0, "ex-ally-magic-1")
    challenge(state, 0, "magic", (1, 0))
    roll(state, 1, 1, 1, 1)
    assert set(state.legal_actions()) == {Pass(), UseAlly(1), UseAlly(2), UseAlly(3)}
    state.apply_action(UseAlly(1))
    assert stack(state, 0, Stat.MAGIC) == ["ex-ally-magic-2", "ex-ally-magic-3"]
    state.apply_action(Pass())
    assert totals(state) == (2 + 2 + 1, 6 + 2)
    assert bottom in state.shards[0]


def test_sota_dx6_a_magic_ally_is_not_legal_in_an_agility_duel() -> None:
    """DX6 (SOTA-13, R12): a Magic Ally is not in the legal actions of an Agility duel."""
    state = start(
        seat(positions=["ex-a"], allies=["ex-ally-magic-3", "ex-ally-agility-1"]),
        seat(positions=["ex-c", "ex-d"]),
    )
    challenge(state, 0, "agility", (1, 0))
    roll(state, 1, 1, 1, 1)
    assert set(state.legal_actions()) == {Pass(), UseAlly(1)}
    assert not state.is_legal(UseAlly(3))
    state.apply_action(Pass())
    assert stack(state, 0, Stat.MAGIC) == ["ex-ally-magic-3"]
    alone = start(seat(positions=["ex-a"], allies=["ex-ally-magic-3"]), seat(positions=["ex-c"]))
    challenge(alone, 0, "agility", (1, 0))
    roll(alone, 1, 1, 1, 1)  # the Magic Ally is no option: P1 passes by itself
    assert totals(alone) == (6 + 2, 2 + 2)
    assert stack(alone, 0, Stat.MAGIC) == ["ex-ally-magic-3"]


# ---------------------------------------------------------------------- SOTA-73, R13, DX7: R-Ally


@pytest.mark.parametrize("stat", ["agility", "charisma"])
def test_sota_73_r_ally_spends_one_ally_of_each_stat_for_five(stat: str) -> None:
    """SOTA-73: with an Ally of each stat in play, a player may spend them for +5 on any stat; the five
    Allies go to its Fractured Shards."""
    state = start(seat(positions=["ex-a"], allies=ONE_OF_EACH), seat(positions=["ex-c"]))
    challenge(state, 0, stat, (1, 0))
    roll(state, 1, 1, 1, 1)
    assert UseRAlly(1, 1, 1, 1, 1) in state.legal_actions()
    state.apply_action(UseRAlly(1, 1, 1, 1, 1))
    own = 6 if stat == "agility" else 2
    assert totals(state) == (own + 2 + 5, 2 + 2)
    assert sorted(names(state, state.shards[0])) == sorted(ONE_OF_EACH)
    assert all(stack(state, 0, s) == [] for s in Stat)


def test_sota_r13_r_ally_names_one_ally_per_stat_and_adds_a_flat_five() -> None:
    """SOTA-R13: UseRAlly names exactly one Ally of each of the five positions, the player choosing the
    copy in a stacked position; it adds a flat +5 (not the cards' values)."""
    allies = [f"ex-ally-{stat.value}-{value}" for stat in Stat for value in (1, 3)]
    state = start(seat(positions=["ex-a"], allies=allies), seat(positions=["ex-c"]))
    challenge(state, 0, "vitality", (1, 0))
    roll(state, 1, 1, 1, 1)
    r_allies = {a for a in state.legal_actions() if isinstance(a, UseRAlly)}
    assert len(r_allies) == 2**5  # +1 or +3 in each of the five positions
    state.apply_action(UseRAlly(3, 3, 3, 3, 3))
    state.apply_action(Pass())
    assert totals(state) == (3 + 2 + 5, 2 + 2)
    assert sorted(names(state, state.shards[0])) == sorted(f"ex-ally-{stat.value}-3" for stat in Stat)
    assert all(stack(state, 0, s) == [f"ex-ally-{s.value}-1"] for s in Stat)


def test_sota_r13_r_ally_combines_with_single_allies_and_is_usable_again_with_another_set() -> None:
    """SOTA-R13: R-Ally may be combined with single Allies, and used again in the same duel while another
    complete set remains."""
    allies = [f"ex-ally-{stat.value}-{value}" for stat in Stat for value in (1, 2, 3)]
    state = start(seat(positions=["ex-a"], allies=allies), seat(positions=["ex-c"]))
    challenge(state, 0, "magic", (1, 0))
    roll(state, 1, 1, 1, 1)
    state.apply_action(UseRAlly(1, 1, 1, 1, 1))
    assert UseRAlly(2, 2, 2, 2, 2) in state.legal_actions()
    state.apply_action(UseRAlly(2, 2, 2, 2, 2))
    assert set(state.legal_actions()) == {Pass(), UseRAlly(3, 3, 3, 3, 3), UseAlly(3)}
    state.apply_action(UseAlly(3))  # no complete set is left: P1 then passes by itself
    assert totals(state) == (2 + 2 + 5 + 5 + 3, 6 + 2)
    assert len(state.shards[0]) == 11
    assert [stack(state, 0, s) for s in Stat] == [
        ["ex-ally-agility-3"],
        ["ex-ally-vitality-3"],
        ["ex-ally-luck-3"],
        [],
        ["ex-ally-charisma-3"],
    ]


def test_sota_dx7_r_ally_with_a_second_magic_ally_keeps_the_extra_one_usable() -> None:
    """DX7 (SOTA-73, R13): one Ally of each stat plus a second Magic Ally: R-Ally gives +5, five cards are
    fractured, and the extra Magic Ally remains usable."""
    state = start(
        seat(positions=["ex-a"], allies=[*ONE_OF_EACH, "ex-ally-magic-3"]),
        seat(positions=["ex-c"]),
    )
    challenge(state, 0, "magic", (1, 0))
    roll(state, 1, 1, 1, 1)
    assert {a for a in state.legal_actions() if isinstance(a, UseRAlly)} == {
        UseRAlly(1, 1, 1, 1, 1),
        UseRAlly(1, 1, 1, 3, 1),
    }
    state.apply_action(UseRAlly(1, 1, 1, 1, 1))
    assert [stack(state, 0, s) for s in Stat] == [[], [], [], ["ex-ally-magic-3"], []]
    assert state.current_player == 0  # P2 passed by itself
    assert set(state.legal_actions()) == {Pass(), UseAlly(3)}
    state.apply_action(UseAlly(3))
    assert totals(state) == (2 + 2 + 5 + 3, 6 + 2)
    assert sorted(names(state, state.shards[0])) == sorted([*ONE_OF_EACH, "ex-ally-magic-3"])


# ---------------------------------------------------------------------- SOTA-R19: when Traits are used


def test_sota_r19_traits_are_used_only_in_the_modifier_window() -> None:
    """SOTA-R19: Traits are used only in a duel's modifier window, never while the challenge is declared or
    answered."""
    state = start(
        seat(positions=[{"card": "ex-a", "trait": "ex-grit"}]),
        seat(positions=[{"card": "livaris", "trait": "ex-grit"}, "saravel"]),
    )
    assert not state.is_legal(UseTrait(0))
    state.apply_action(DuelWith(0))
    assert not state.is_legal(UseTrait(0))
    state.apply_action(ChooseStat(Stat.MAGIC))
    assert not state.is_legal(UseTrait(0))
    state.apply_action(ChooseTarget(1, 0))
    assert phase(state) is Phase.TWIN_RESPONSE
    assert state.legal_actions() == (RespondTwin(), RespondNormal())
    state.apply_action(RespondNormal())
    roll(state, 1, 1, 1, 1)
    assert phase(state) is Phase.MODIFIERS
    assert UseTrait(0) in state.legal_actions()
    state.apply_action(Pass())
    assert UseTrait(0) in state.legal_actions()  # P2's Grit on Livaris


# ---------------------------------------------------------------------- SOTA-D4: Trait kinds


@pytest.mark.parametrize(("stat", "usable"), [("agility", True), ("magic", False)])
def test_sota_d4_t1_siphon_only_in_a_duel_of_its_stat(stat: str, usable: bool) -> None:
    """SOTA-D4 T1: Siphon(S): if the duel stat is S, opposing total -2 and own total +2."""
    allies = ["ex-ally-agility-1", "ex-ally-magic-1"]
    state = start(
        seat(positions=[{"card": "ex-a", "trait": "ex-siphon-agility"}], allies=allies),
        seat(positions=["ex-d"]),
    )
    challenge(state, 0, stat, (1, 0))
    roll(state, 1, 1, 1, 1)
    assert (UseTrait(0) in state.legal_actions()) is usable
    if usable:
        state.apply_action(UseTrait(0))
    state.apply_action(Pass())
    base = (6 + 2, 3 + 2) if stat == "agility" else (2 + 2, 3 + 2)
    assert totals(state) == ((base[0] + 2, base[1] - 2) if usable else base)


@pytest.mark.parametrize(("stat", "usable"), [("luck", True), ("vitality", False)])
def test_sota_d4_t2_focus_only_in_a_duel_of_its_stat(stat: str, usable: bool) -> None:
    """SOTA-D4 T2: Focus(S): if the duel stat is S, own total +3."""
    allies = ["ex-ally-luck-1", "ex-ally-vitality-1"]
    state = start(
        seat(positions=[{"card": "ex-a", "trait": "ex-focus-luck"}], allies=allies),
        seat(positions=["ex-d"]),
    )
    challenge(state, 0, stat, (1, 0))
    roll(state, 1, 1, 1, 1)
    assert (UseTrait(0) in state.legal_actions()) is usable
    if usable:
        state.apply_action(UseTrait(0))
    state.apply_action(Pass())
    own = (2 if stat == "luck" else 3) + 2
    assert totals(state) == (own + 3 if usable else own, 3 + 2)


@pytest.mark.parametrize("stat", ["agility", "charisma"])
def test_sota_d4_t3_grit_adds_one_on_any_stat(stat: str) -> None:
    """SOTA-D4 T3: Grit: own total +1, any stat."""
    state = start(seat(positions=[{"card": "ex-a", "trait": "ex-grit"}]), seat(positions=["ex-d"]))
    challenge(state, 0, stat, (1, 0))
    roll(state, 1, 1, 1, 1)
    state.apply_action(UseTrait(0))
    own = 6 if stat == "agility" else 2
    assert totals(state) == (own + 2 + 1, 3 + 2)


def test_sota_d4_t4_fortune_re_rolls_own_dice_as_chance_nodes() -> None:
    """SOTA-D4 T4: Fortune: re-roll your own 2D6; the new result replaces the old. The re-roll dice are
    chance nodes (E2)."""
    state = start(seat(positions=[{"card": "ex-a", "trait": "ex-fortune"}]), seat(positions=["ex-d"]))
    challenge(state, 0, "magic", (1, 0))
    roll(state, 1, 1, 4, 4)
    state.apply_action(UseTrait(0))
    for _ in range(2):
        assert state.is_chance_node()
        assert state.prompt is not None
        assert (state.prompt.phase, state.prompt.seat) == (Phase.REROLL_DIE, 0)
        assert state.chance_outcomes() == tuple((RollDie(face), 1 / 6) for face in range(1, 7))
        roll(state, 6)
    rerolled = [(e.player, e.face) for e in state.events if isinstance(e, DieRolled) and e.reroll]
    assert rerolled == [(0, 6), (0, 6)]
    assert totals(state) == (2 + 12, 3 + 8)


def test_sota_d4_t5_hex_makes_the_opposing_duellist_re_roll() -> None:
    """SOTA-D4 T5: Hex: the opposing duellist re-rolls its 2D6 and keeps the new result."""
    state = start(seat(positions=["ex-a"]), seat(positions=[{"card": "ex-d", "trait": "ex-hex"}]))
    challenge(state, 0, "agility", (1, 0))
    roll(state, 6, 6, 1, 1)  # P1 has nothing and passes by itself
    assert state.current_player == 1
    state.apply_action(UseTrait(0))
    assert state.prompt is not None
    assert (state.prompt.phase, state.prompt.seat) == (Phase.REROLL_DIE, 0)
    roll(state, 1, 2)
    assert totals(state) == (6 + 3, 3 + 2)


def test_sota_d4_t6_encore_is_passive_and_saves_the_declared_stat_once_per_turn_phase() -> None:
    """SOTA-D4 T6: Encore has no action; once per Turn Phase, when its card is the active player's duelling
    unit, the declared stat is not consumed."""
    state = start(
        seat(positions=[{"card": "ex-a", "trait": "ex-encore"}], allies=["ex-ally-magic-1"]),
        seat(positions=["ex-c", "ex-d", "ex-g"]),
    )
    challenge(state, 0, "magic", (1, 0))
    assert "magic" in stats_left(state)  # saved by the Encore
    roll(state, 6, 6, 1, 1)
    assert set(state.legal_actions()) == {Pass(), UseAlly(1)}  # no action for the Encore
    state.apply_action(Pass())
    assert last_duel(state).winner == 0
    assert "magic" in stats_left(state)
    challenge(state, 0, "magic", (1, 1))  # the same stat again: now it is spent
    assert "magic" not in stats_left(state)
    roll(state, 6, 6, 1, 1)
    state.apply_action(Pass())
    challenge(state, 0, "agility", (1, 2))
    assert "agility" not in stats_left(state)  # the Encore was once per Turn Phase


def test_sota_d4_t6_the_encore_saves_a_stat_again_in_the_next_turn_phase() -> None:
    """SOTA-D4 T6: the Encore's once is per Turn Phase: used in P1's first, it saves again in P1's next
    (both Gathers draw nothing in between)."""
    state = start(seat(positions=[{"card": "ex-a", "trait": "ex-encore"}]), seat(positions=["ex-c"]))
    challenge(state, 0, "magic", (1, 0))
    roll(state, 6, 6, 1, 1)
    assert state.encore_used == (card(state, 0, "ex-encore"),)
    state.apply_action(EndTurnPhase())
    state.apply_action(Draw(0))
    state.apply_action(Draw(0))
    assert (state.active, phase(state)) == (1, Phase.DUEL_UNIT)
    assert state.encore_used == ()
    state.apply_action(EndTurnPhase())
    state.apply_action(Draw(0))
    state.apply_action(Draw(0))
    challenge(state, 0, "magic", (1, None))
    assert "magic" in stats_left(state)


def test_sota_d4_t6_an_encore_that_is_card_0_saves_the_stat_too(tmp_path: Path) -> None:
    """SOTA-D4 T6: the Encore works whatever its card's number, the first card of the game included."""
    encore_first = card_first_game(tmp_path, "ex-encore")
    position = [{"card": "ex-a", "trait": "ex-encore"}]
    state = start(seat(positions=position), seat(positions=["ex-c"]), game=encore_first)
    assert card(state, 0, "ex-encore") == 0
    challenge(state, 0, "magic", (1, 0))
    assert "magic" in stats_left(state)


# ---------------------------------------------------------------------- SOTA-D5: Persona traits


def test_sota_d5_flourish_adds_two() -> None:
    """SOTA-D5: Flourish: own total +2, any stat."""
    state = start(seat(persona="ex-p1-persona"), seat(positions=["ex-c"]))
    challenge(state, "persona", "luck", (1, 0))
    roll(state, 1, 1, 1, 1)
    state.apply_action(UsePersonaTrait())
    assert totals(state) == (1 + 2 + 2, 3 + 2)


def test_sota_d5_muse_re_rolls_own_dice() -> None:
    """SOTA-D5: Muse: re-roll your own 2D6 (a defending Persona here)."""
    state = start(seat(positions=["ex-j"]), seat(persona="ex-p2-persona"))
    challenge(state, 0, "magic", (1, None))
    roll(state, 3, 3, 1, 1)
    state.apply_action(UsePersonaTrait())
    assert state.prompt is not None
    assert (state.prompt.phase, state.prompt.seat) == (Phase.REROLL_DIE, 1)
    roll(state, 5, 6)
    assert totals(state) == (6 + 6, 3 + 11)


def test_sota_d5_after_a_re_roll_the_window_reopens_and_no_side_re_rolls() -> None:
    """SOTA-D5: once the Muse's dice are re-rolled, the modifier window goes on (here P1 still holds an
    Ally) with no side re-rolling, and the state is a valid one to save and load."""
    state = start(seat(positions=["ex-j"], allies=["ex-ally-magic-1"]), seat(persona="ex-p2-persona"))
    challenge(state, 0, "magic", (1, None))
    roll(state, 3, 3, 1, 1)
    state.apply_action(Pass())
    state.apply_action(UsePersonaTrait())
    assert state.duel is not None
    assert state.duel.reroll_side == 1
    roll(state, 5, 6)
    assert phase(state) is Phase.MODIFIERS
    assert state.duel.reroll_side == -1
    assert state.game.state_from_json(state.to_json()).to_json() == state.to_json()


def test_sota_d5_critique_takes_two_from_the_opposing_total() -> None:
    """SOTA-D5: Critique: opposing total -2."""
    state = start(seat(persona="ex-p1-persona-vit2"), seat(positions=["ex-c"]))
    challenge(state, "persona", "magic", (1, 0))
    roll(state, 1, 1, 1, 1)
    state.apply_action(UsePersonaTrait())
    assert totals(state) == (5 + 2, 6 + 2 - 2)


def test_sota_d5_encore_persona_is_passive_and_saves_the_declared_stat_once() -> None:
    """SOTA-D5: a Persona's Encore works as T6: no action, and once per Turn Phase the stat declared by the
    duelling Persona is not consumed."""
    state = start(
        seat(persona="ex-encore-persona", allies=["ex-ally-luck-1"]),
        seat(positions=["ex-c", "ex-d"]),
    )
    challenge(state, "persona", "luck", (1, 0))
    assert "luck" in stats_left(state)
    roll(state, 6, 6, 1, 1)
    assert set(state.legal_actions()) == {Pass(), UseAlly(1)}
    state.apply_action(Pass())
    assert last_duel(state).winner == 0
    challenge(state, "persona", "luck", (1, 1))
    assert "luck" not in stats_left(state)


def test_sota_38_a_view_shows_the_stat_totals_from_the_target_on() -> None:
    """SOTA-38, D2: a seat's view of the duel shows (0, 0) until the target is chosen, then both Stat
    Totals as they stand (here J's Magic 6 against D's Magic 3, before the dice)."""
    state = start(seat(positions=["ex-j"]), seat(positions=["ex-d"]))
    state.apply_action(DuelWith(0))
    assert [state.view(seat).duel.stat for seat in (0, 1)] == [-1, -1]  # type: ignore[union-attr]
    state.apply_action(ChooseStat(Stat.MAGIC))
    assert [state.view(seat).duel.totals for seat in (0, 1)] == [(0, 0), (0, 0)]  # type: ignore[union-attr]
    state.apply_action(ChooseTarget(1, 0))
    assert [state.view(seat).duel.totals for seat in (0, 1)] == [(6, 3), (6, 3)]  # type: ignore[union-attr]
