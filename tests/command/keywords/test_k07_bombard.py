"""K07 Bombard (Fire): "Remove a trench counter from an Entity you control: deal 2 damage to any target".

Siegeworks' Trench Mortar (1/2, Entrench and Bombard) against Pyre. Bombard has no Shard cost, so the loop cap
of R21 applies: at most 3 activations per turn per source (DX22). It is an activated ability, usable whenever
its controller holds priority (R11), and not an Exhaust ability, so Deployment Fatigue does not stop it.
"""

from __future__ import annotations

from command_scenarios import entities, resolve, starter

from shardgames.command.actions import Activate, ChooseTarget, DeclareAttack, NoIntercept, Pass, Play
from shardgames.command.compiled import BOMBARD
from shardgames.command.events import DamageDealt
from shardgames.command.objects import Permanent, player_target
from shardgames.command.phases import Phase
from shardgames.command.state import CommandState

start = starter("siegeworks,pyre")


def bombard(state: CommandState, source: Permanent, counter: Permanent, target: int) -> list[object]:
    """Activate `source`'s Bombard, paying with `counter`'s trench counter, at `target`; resolve it."""
    state.apply_action(Activate(source.id, BOMBARD))
    state.apply_action(ChooseTarget(counter.id))
    state.apply_action(ChooseTarget(target))
    return resolve(state)


def test_cmd_k07_bombard_removes_a_counter_and_deals_two_to_a_player() -> None:
    """R17: the trench counter is the cost, then 2 damage to the chosen player: Integrity 20 -> 18."""
    state = start(
        {"turn": 3, "players": [{"arena": ["Trench Mortar"], "pool": "2G"}, {"arena": ["Ash Hound"]}]}
    )
    (mortar,) = entities(state, 0, "Trench Mortar")
    (hound,) = entities(state, 1, "Ash Hound")
    assert mortar.trench == 1
    state.apply_action(Activate(mortar.id, BOMBARD))
    assert (state.prompt.player, state.prompt.phase) == (0, Phase.TRENCH)
    assert state.legal_actions() == (ChooseTarget(mortar.id),)
    state.apply_action(ChooseTarget(mortar.id))
    assert mortar.trench == 0  # paid before the target is chosen
    assert set(state.legal_actions()) == {  # R22 "any target": an Entity or a player
        ChooseTarget(mortar.id),
        ChooseTarget(hound.id),
        ChooseTarget(player_target(0)),
        ChooseTarget(player_target(1)),
    }
    state.apply_action(ChooseTarget(player_target(1)))
    events = resolve(state)
    assert DamageDealt(mortar.id, player_target(1), 2, False) in events
    assert state.integrity == [20, 18]
    assert Activate(mortar.id, BOMBARD) not in state.legal_actions()  # no counter left


def test_cmd_k07_bombard_destroys_a_two_durability_entity() -> None:
    """K07: 2 damage to an Ash Hound (3/2) destroys it."""
    state = start(
        {"turn": 3, "players": [{"arena": ["Trench Mortar"], "pool": "2G"}, {"arena": ["Ash Hound"]}]}
    )
    (mortar,) = entities(state, 0, "Trench Mortar")
    (hound,) = entities(state, 1, "Ash Hound")
    bombard(state, mortar, mortar, hound.id)
    assert state.permanent(hound.id) is None
    assert state.scrap[1] == (hound.id,)


def test_cmd_k07_the_counter_may_come_from_another_entity_you_control() -> None:
    """R17 "from an Entity you control": a Mortar without counters Bombards with another's counter."""
    state = start(
        {
            "turn": 3,
            "players": [
                {"arena": [{"card": "Trench Mortar", "trench": 0}, "Trench Mortar"], "pool": "2G"},
                {},
            ],
        }
    )
    empty, loaded = entities(state, 0, "Trench Mortar")
    assert (empty.trench, loaded.trench) == (0, 1)
    state.apply_action(Activate(empty.id, BOMBARD))
    assert state.legal_actions() == (ChooseTarget(loaded.id),)
    state.apply_action(ChooseTarget(loaded.id))
    state.apply_action(ChooseTarget(player_target(1)))
    resolve(state)
    assert (empty.trench, loaded.trench) == (0, 0)
    assert state.integrity == [20, 18]


def test_cmd_k07_fourth_bombard_in_a_turn_is_illegal() -> None:
    """R21, DX22: a costless ability works at most 3 times per turn per source, counters or not."""
    state = start(
        {"turn": 3, "players": [{"arena": [{"card": "Trench Mortar", "trench": 4}], "pool": "2G"}, {}]}
    )
    (mortar,) = entities(state, 0, "Trench Mortar")
    for _ in range(3):
        assert Activate(mortar.id, BOMBARD) in state.legal_actions()
        bombard(state, mortar, mortar, player_target(1))
    assert state.integrity == [20, 14]
    assert mortar.trench == 1
    assert Activate(mortar.id, BOMBARD) not in state.legal_actions()


def test_cmd_k07_a_fresh_mortar_can_bombard_at_once() -> None:
    """R17, CMD-19: the Mortar enters with its trench counter; Bombard is no Exhaust ability: no Fatigue."""
    state = start(
        {"turn": 3, "players": [{"hand": ["Trench Mortar"], "unused": "1G 1E 1F", "pool": "2G"}, {}]}
    )
    mortar_card = next(iter(state.hands[0]))
    state.apply_action(Play(mortar_card))
    resolve(state)
    (mortar,) = entities(state, 0, "Trench Mortar")
    assert (mortar.entered, mortar.trench) == (3, 1)
    bombard(state, mortar, mortar, player_target(1))
    assert state.integrity == [20, 18]


def test_cmd_k07_bombard_in_the_combat_window_kills_the_attacker_before_damage() -> None:
    """R11, R14: on Pyre's turn the Mortar Bombards the attacking Ash Hound: it dies, no combat damage."""
    state = start(
        {
            "turn": 4,
            "active": 1,
            "players": [{"arena": ["Trench Mortar"]}, {"arena": ["Ash Hound"], "pool": "2G"}],
        }
    )
    (mortar,) = entities(state, 0, "Trench Mortar")
    (hound,) = entities(state, 1, "Ash Hound")
    state.apply_action(DeclareAttack(hound.id))
    state.apply_action(ChooseTarget(player_target(0)))
    assert state.prompt.phase is Phase.INTERCEPT  # the Mortar, a Sentry, could Intercept
    state.apply_action(NoIntercept())
    state.apply_action(Pass())  # seat 1 opens the combat window by passing
    assert state.prompt.player == 0
    state.apply_action(Activate(mortar.id, BOMBARD))
    state.apply_action(ChooseTarget(mortar.id))
    state.apply_action(ChooseTarget(hound.id))
    while state.combat is not None:
        state.apply_action(Pass())
    assert state.scrap[1] == (hound.id,)
    assert state.integrity == [20, 20]
