"""K36 Regenerate (Life): its marked damage is cleared after every combat it fights (R16).

Tidewell's Mossback Tortoise (3L, 2/5) has Regenerate, and the Tidemother aura gives it to every
Tidewell Entity. Pyre's Cinder Golem (4/3) has none; its Sovereign, the Ashen Regent, has Force 3.
"""

from __future__ import annotations

from command_scenarios import entity, fight, in_hand, starter

from shardgames.command.actions import ChooseTarget, DeclareAttack, Intercept, Pass, Play
from shardgames.command.events import DamageDealt
from shardgames.command.objects import player_target
from shardgames.command.phases import Step

start = starter("pyre,tidewell")


def test_cmd_k36_tortoise_clears_its_damage_right_after_combat() -> None:
    """R16: the Tortoise takes 4 and is cleared at once; the Golem keeps its 2 until the End Phase."""
    state = start(
        {
            "turn": 3,
            "players": [
                {"arena": ["Cinder Golem"], "sovereign_exhausted": True},
                {"arena": ["Mossback Tortoise"]},
            ],
        }
    )
    golem = entity(state, 0, "Cinder Golem")
    tortoise = entity(state, 1, "Mossback Tortoise")
    state.apply_action(DeclareAttack(golem.id))
    state.apply_action(ChooseTarget(player_target(1)))
    state.apply_action(Intercept(tortoise.id))
    fight(state)
    assert DamageDealt(golem.id, tortoise.id, 4, True) in state.events
    assert DamageDealt(tortoise.id, golem.id, 2, True) in state.events
    assert (state.turn, state.step) == (3, Step.MAIN)
    assert state.permanent(tortoise.id) is tortoise
    assert tortoise.damage == 0
    assert golem.damage == 2


def test_cmd_r16_regenerate_clears_no_spell_damage_and_does_not_prevent_lethal_damage() -> None:
    """R16: Spark's 2 damage stays on the Tortoise; the Golem's 4 then make 6 of 5: destroyed."""
    state = start(
        {
            "turn": 3,
            "players": [
                {"hand": ["Spark"], "unused": "1F", "arena": ["Cinder Golem"], "sovereign_exhausted": True},
                {"arena": ["Mossback Tortoise"]},
            ],
        }
    )
    golem = entity(state, 0, "Cinder Golem")
    tortoise = entity(state, 1, "Mossback Tortoise")
    state.apply_action(Play(in_hand(state, 0, "Spark")))
    state.apply_action(ChooseTarget(tortoise.id))
    while state.queue:
        state.apply_action(Pass())
    assert tortoise.damage == 2
    state.apply_action(DeclareAttack(golem.id))
    state.apply_action(ChooseTarget(player_target(1)))
    state.apply_action(Intercept(tortoise.id))
    fight(state)
    assert state.permanent(tortoise.id) is None
    assert state.scrap[1] == (tortoise.id,)


def test_cmd_r16_an_attacking_tortoise_regenerates_after_the_sovereign_strikes_back() -> None:
    """R16, R6: the Tortoise deals 2 to Integrity, takes 3 from the Ashen Regent, and is cleared."""
    state = start(
        {"turn": 3, "players": [{"arena": ["Mossback Tortoise"]}, {"arena": []}]},
        decks="tidewell,pyre",
    )
    tortoise = entity(state, 0, "Mossback Tortoise")
    state.apply_action(DeclareAttack(tortoise.id))
    state.apply_action(ChooseTarget(player_target(1)))
    fight(state)
    assert state.integrity == [20, 18]
    assert DamageDealt(state.game.sovereign_id(1), tortoise.id, 3, True) in state.events
    assert tortoise.damage == 0
