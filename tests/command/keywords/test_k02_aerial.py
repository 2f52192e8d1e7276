"""K02 Aerial (Air): it can be Intercepted only by Aerial or Interceptor Entities (R13, DX6).

Stoneguard's Sky Lancer (2/2 Aerial) attacks; Riftblades defends with Cutthroat (a ground 3/2) and
Skyhook Guard (1/3 Interceptor); Gravewind defends with Carrion Crow (2/1 Aerial) and Dread Knight (ground).
"""

from __future__ import annotations

from command_scenarios import entity, fight, start

from shardgames.command.actions import ChooseTarget, DeclareAttack, Intercept, NoIntercept
from shardgames.command.events import Intercepted
from shardgames.command.objects import player_target
from shardgames.command.phases import Phase


def test_cmd_k02_ground_entity_cannot_intercept_aerial_but_interceptor_can() -> None:
    """DX6: against the Aerial Sky Lancer the ground Cutthroat can't Intercept; the Skyhook Guard can."""
    state = start(
        {"turn": 3, "players": [{"arena": ["Sky Lancer"]}, {"arena": ["Cutthroat", "Skyhook Guard"]}]},
        "stoneguard,riftblades",
    )
    lancer = entity(state, 0, "Sky Lancer")
    cutthroat = entity(state, 1, "Cutthroat")
    guard = entity(state, 1, "Skyhook Guard")
    state.apply_action(DeclareAttack(lancer.id))
    state.apply_action(ChooseTarget(player_target(1)))
    assert (state.prompt.player, state.prompt.phase) == (1, Phase.INTERCEPT)
    assert set(state.legal_actions()) == {Intercept(guard.id), NoIntercept()}
    assert Intercept(cutthroat.id) not in state.legal_actions()
    state.apply_action(Intercept(guard.id))
    fight(state)
    assert (guard.damage, lancer.damage) == (2, 1)
    assert state.integrity == [20, 20]


def test_cmd_k02_aerial_entity_may_intercept_aerial_attacker() -> None:
    """R13 "Aerial or Interceptor": the Aerial Carrion Crow may Intercept, the ground Dread Knight not."""
    state = start(
        {"turn": 3, "players": [{"arena": ["Sky Lancer"]}, {"arena": ["Carrion Crow", "Dread Knight"]}]},
        "stoneguard,gravewind",
    )
    lancer = entity(state, 0, "Sky Lancer")
    crow = entity(state, 1, "Carrion Crow")
    state.apply_action(DeclareAttack(lancer.id))
    state.apply_action(ChooseTarget(player_target(1)))
    assert set(state.legal_actions()) == {Intercept(crow.id), NoIntercept()}
    state.apply_action(Intercept(crow.id))
    fight(state)
    assert state.permanent(crow.id) is None  # 2 damage on a 2/1
    assert state.permanent(lancer.id) is None  # 2 damage on a 2/2
    assert state.scrap == [(lancer.id,), (crow.id,)]


def test_cmd_k02_only_ground_defenders_means_no_intercept_decision() -> None:
    """R13: with only ground Entities Ready, nobody can Intercept: the Lancer hits Integrity (20 -> 18)."""
    state = start(
        {
            "turn": 3,
            "players": [
                {"arena": ["Sky Lancer"]},
                {"arena": ["Cutthroat", {"card": "Skyhook Guard", "exhausted": True}]},
            ],
        },
        "stoneguard,riftblades",
    )
    lancer = entity(state, 0, "Sky Lancer")
    state.apply_action(DeclareAttack(lancer.id))
    state.apply_action(ChooseTarget(player_target(1)))
    assert Intercepted(lancer.id, ()) in state.events
    assert state.prompt.phase is Phase.PRIORITY  # straight to the combat window
    fight(state)
    assert state.integrity == [20, 18]
    # the Rift Tyrant (Force 3) strikes back at the unintercepted attacker (R6): the 2/2 is destroyed
    assert state.scrap[0] == (lancer.id,)


def test_cmd_k02_aerial_does_not_stop_its_own_entity_intercepting_ground_attackers() -> None:
    """K02 restricts who Intercepts an Aerial attacker only: Sky Lancer may Intercept a ground Ash Hound."""
    state = start(
        {"turn": 4, "active": 1, "players": [{"arena": ["Sky Lancer"]}, {"arena": ["Ash Hound"]}]},
        "stoneguard,pyre",
    )
    lancer = entity(state, 0, "Sky Lancer")
    hound = entity(state, 1, "Ash Hound")
    state.apply_action(DeclareAttack(hound.id))
    state.apply_action(ChooseTarget(player_target(0)))
    assert set(state.legal_actions()) == {Intercept(lancer.id), NoIntercept()}
