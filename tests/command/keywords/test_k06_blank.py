"""K06 Blank (Void): the target Entity loses all keywords and abilities until end of turn.

Chronovoid's Blankout (VT, Blank, Fast Speed) against Stoneguard's Ridge Golem (3/5 Armored) and Cliff
Sentinel (1/3 Entrench, so 1/5), and Tidewell's Reef Warden (1/2 Flow: "Exhaust: make 1 Generic Shard").
"""

from __future__ import annotations

from command_scenarios import end_turn, entity, in_hand, play, resolve, start

from shardgames.command.actions import Activate, ChooseTarget, DeclareAttack, Intercept, Pass, Play
from shardgames.command.compiled import MANA
from shardgames.command.objects import Permanent, player_target
from shardgames.command.rules import durability, has
from shardgames.command.state import CommandState


def blank(state: CommandState, target: Permanent) -> None:
    """Seat 0 plays Blankout at `target` and it resolves."""
    play(state, 0, "Blankout", target.id)
    resolve(state)


def test_cmd_k06_blanked_armored_golem_takes_full_combat_damage() -> None:
    """K06: a Blanked Ridge Golem is not Armored: intercepting Chrono Sentinel (3/4) it takes all 3."""
    state = start(
        {
            "turn": 3,
            "players": [
                {
                    "hand": ["Blankout"],
                    "unused": "1V 1T",
                    "pool": "2G",  # a Charge stays possible: the Main Phase does not end by itself
                    "arena": ["Chrono Sentinel"],
                    "sovereign_exhausted": True,
                },
                {"arena": ["Ridge Golem"], "sovereign_exhausted": True},
            ],
        },
        "chronovoid,stoneguard",
    )
    golem = entity(state, 1, "Ridge Golem")
    sentinel = entity(state, 0, "Chrono Sentinel")
    assert has(state, golem, "K03")
    blank(state, golem)
    assert golem.blanked
    assert not has(state, golem, "K03")
    state.apply_action(DeclareAttack(sentinel.id))
    state.apply_action(ChooseTarget(player_target(1)))
    state.apply_action(Intercept(golem.id))
    while state.combat is not None:
        state.apply_action(Pass())
    assert golem.damage == 3
    assert sentinel.damage == 3
    end_turn(state)
    assert not golem.blanked  # "until end of turn"
    assert has(state, golem, "K03")


def test_cmd_k06_blank_removes_a_mana_ability_until_end_of_turn() -> None:
    """K06 "loses ... abilities": a Blanked Reef Warden can't use Flow this turn; it can again next turn."""
    state = start(
        {
            "turn": 3,
            "players": [
                {"hand": ["Blankout"], "unused": "1V 1T", "pool": "2G", "sovereign_exhausted": True},
                {"arena": ["Reef Warden"]},  # the Tidemother is Ready: seat 1 has a real choice
            ],
        },
        "chronovoid,tidewell",
    )
    warden = entity(state, 1, "Reef Warden")
    flow = Activate(warden.id, MANA)
    state.apply_action(Play(in_hand(state, 0, "Blankout")))
    state.apply_action(ChooseTarget(warden.id))
    assert state.prompt.player == 1
    assert flow in state.legal_actions()  # a mana ability, usable while holding priority (R10 e)
    resolve(state)
    state.apply_action(Pass())  # seat 0 ends its Main Phase; seat 1 holds priority with an empty Queue
    assert state.prompt.player == 1
    assert flow not in state.legal_actions()
    end_turn(state)
    assert (state.turn, state.active) == (4, 1)
    assert flow in state.legal_actions()


def test_cmd_k06_blanked_entrench_loses_its_durability_bonus() -> None:
    """K06 with K16: a Cliff Sentinel (1/5) with 3 damage loses Entrench's +0/+2 and is destroyed (CMD-36)."""
    state = start(
        {
            "turn": 3,
            "players": [
                {"hand": ["Blankout"], "unused": "1V 1T", "sovereign_exhausted": True},
                {"arena": [{"card": "Cliff Sentinel", "damage": 3}], "sovereign_exhausted": True},
            ],
        },
        "chronovoid,stoneguard",
    )
    sentinel = entity(state, 1, "Cliff Sentinel")
    assert durability(state, sentinel) == 5
    blank(state, sentinel)
    assert state.permanent(sentinel.id) is None
    assert state.scrap[1] == (sentinel.id,)
