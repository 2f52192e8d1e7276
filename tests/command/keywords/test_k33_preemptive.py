"""K33 Preemptive (Time): it deals combat damage before Entities without Preemptive (R14, DX9).

Chronovoid carries it on Blink Duelist (1T, 2/1) and Chrono Sentinel, and its Sovereign, the Silent
Archivist, gives every Chronovoid Entity Preemptive. Pyre's Ash Hound (3/2) and Dread Knight (2/3, Fatal)
have none.
"""

from __future__ import annotations

from command_scenarios import attack_into, entity, starter

from shardgames.command.actions import ChooseTarget, DeclareAttack, Pass
from shardgames.command.events import CombatDamageDealt, DamageDealt
from shardgames.command.state import CommandState

start = starter("chronovoid,pyre")


def damage_events(state: CommandState) -> list[DamageDealt]:
    """Every damage event so far, in order."""
    return [e for e in state.events if isinstance(e, DamageDealt)]


def test_cmd_dx9_preemptive_duelist_destroys_the_hound_before_it_strikes() -> None:
    """DX9: a 2/1 Preemptive against a 3/2: the 3/2 is destroyed first; the Preemptive one takes none."""
    state = start(
        {
            "turn": 3,
            "players": [{"arena": ["Blink Duelist"]}, {"arena": ["Ash Hound"], "sovereign_exhausted": True}],
        }
    )
    duelist = entity(state, 0, "Blink Duelist")
    hound = entity(state, 1, "Ash Hound")
    attack_into(state, duelist, hound)
    assert damage_events(state) == [DamageDealt(duelist.id, hound.id, 2, True)]
    assert state.scrap[1] == (hound.id,)
    assert state.permanent(duelist.id) is duelist
    assert duelist.damage == 0
    assert state.integrity == [20, 20]


def test_cmd_dx9_preemptive_duelist_attacking_an_exhausted_hound_takes_no_damage() -> None:
    """DX9 with the 3/2 as the attack's target: destroyed in the first step, it deals no damage."""
    state = start(
        {
            "turn": 3,
            "players": [
                {"arena": ["Blink Duelist"]},
                {"arena": [{"card": "Ash Hound", "exhausted": True}], "sovereign_exhausted": True},
            ],
        }
    )
    duelist = entity(state, 0, "Blink Duelist")
    hound = entity(state, 1, "Ash Hound")
    state.apply_action(DeclareAttack(duelist.id))
    state.apply_action(ChooseTarget(hound.id))
    while state.combat is not None:
        state.apply_action(Pass())
    assert damage_events(state) == [DamageDealt(duelist.id, hound.id, 2, True)]
    assert state.scrap[1] == (hound.id,)
    assert state.permanent(duelist.id) is duelist
    assert duelist.damage == 0
    assert state.integrity == [20, 20]


def test_cmd_k33_a_preemptive_interceptor_strikes_first_too() -> None:
    """K33 on defence: Ash Hound attacks, Blink Duelist Intercepts and kills it before it strikes."""
    state = start(
        {
            "turn": 3,
            "players": [{"arena": ["Ash Hound"], "sovereign_exhausted": True}, {"arena": ["Blink Duelist"]}],
        },
        decks="pyre,chronovoid",
    )
    hound = entity(state, 0, "Ash Hound")
    duelist = entity(state, 1, "Blink Duelist")
    attack_into(state, hound, duelist)
    assert damage_events(state) == [DamageDealt(duelist.id, hound.id, 2, True)]
    assert state.scrap[0] == (hound.id,)
    assert state.permanent(duelist.id) is duelist


def test_cmd_k33_a_survivor_strikes_back_in_the_second_step() -> None:
    """R14: the Duelist's 2 damage leaves the 2/3 Dread Knight alive; the Knight then strikes and kills it."""
    state = start(
        {
            "turn": 3,
            "players": [
                {"arena": ["Blink Duelist"]},
                {"arena": ["Dread Knight"], "sovereign_exhausted": True},
            ],
        }
    )
    duelist = entity(state, 0, "Blink Duelist")
    knight = entity(state, 1, "Dread Knight")
    attack_into(state, duelist, knight)
    assert damage_events(state) == [
        DamageDealt(duelist.id, knight.id, 2, True),
        DamageDealt(knight.id, duelist.id, 2, True),
    ]
    first = state.events.index(CombatDamageDealt(duelist.id, True))
    second = state.events.index(CombatDamageDealt(duelist.id, False))
    assert (
        first < state.events.index(DamageDealt(duelist.id, knight.id, 2, True)) < second
    )  # the Preemptive step
    assert second < state.events.index(DamageDealt(knight.id, duelist.id, 2, True))  # then the regular step
    assert state.scrap[0] == (duelist.id,)
    assert knight.damage == 2


def test_cmd_k33_two_preemptive_entities_strike_each_other_at_once() -> None:
    """R14: Preemptive against Preemptive: both deal damage in the first step, and both 2/1 Duelists die."""
    state = start(
        {
            "turn": 3,
            "players": [
                {"arena": ["Blink Duelist"]},
                {"arena": ["Blink Duelist"], "sovereign_exhausted": True},
            ],
        },
        decks="chronovoid,chronovoid",
    )
    mine = entity(state, 0, "Blink Duelist")
    theirs = entity(state, 1, "Blink Duelist")
    attack_into(state, mine, theirs)
    assert set(damage_events(state)) == {
        DamageDealt(mine.id, theirs.id, 2, True),
        DamageDealt(theirs.id, mine.id, 2, True),
    }
    assert state.scrap == [(mine.id,), (theirs.id,)]
