"""K26 Interceptor (Space): it may Intercept Aerial attackers (R13, DX6).

Riftblades defends with its Interceptors, Skyhook Guard (1/3) and Gatekeeper Colossus (2/4, also Veiled), and
the ground Cutthroat, against Stoneguard's Aerial Sky Lancer (2/2), Pyre's ground Ash Hound (3/2) and
Gravewind's Unblockable Phantom Raider (2/2).
"""

from __future__ import annotations

from command_scenarios import entity, start

from shardgames.command.actions import ChooseTarget, DeclareAttack, Intercept, NoIntercept, Pass
from shardgames.command.events import Intercepted
from shardgames.command.objects import Permanent, player_target
from shardgames.command.phases import Phase
from shardgames.command.state import CommandState

DEFENDERS = ["Skyhook Guard", "Gatekeeper Colossus", "Cutthroat"]


def attack(decks: str, attacker: str) -> tuple[CommandState, Permanent]:
    """Turn 3: seat 0's `attacker` attacks Riftblades (seat 1), who has the three `DEFENDERS` Ready."""
    state = start(
        {"turn": 3, "players": [{"arena": [attacker], "pool": "2G"}, {"arena": DEFENDERS}]},
        decks,
    )
    a = entity(state, 0, attacker)
    state.apply_action(DeclareAttack(a.id))
    state.apply_action(ChooseTarget(player_target(1)))
    return state, a


def test_cmd_k26_interceptors_may_intercept_an_aerial_attacker() -> None:
    """DX6: against the Aerial Sky Lancer both Interceptors may Intercept; the ground Cutthroat may not."""
    state, _ = attack("stoneguard,riftblades", "Sky Lancer")
    assert (state.prompt.player, state.prompt.phase) == (1, Phase.INTERCEPT)
    assert set(state.legal_actions()) == {
        Intercept(entity(state, 1, "Skyhook Guard").id),
        Intercept(entity(state, 1, "Gatekeeper Colossus").id),
        NoIntercept(),
    }


def test_cmd_k26_the_interception_of_an_aerial_attacker_is_a_normal_fight() -> None:
    """R14: the Skyhook Guard (1/3) Intercepts the Lancer (2/2): 2 to the Guard, 1 to the Lancer."""
    state, lancer = attack("stoneguard,riftblades", "Sky Lancer")
    guard = entity(state, 1, "Skyhook Guard")
    state.apply_action(Intercept(guard.id))
    while state.combat is not None:
        state.apply_action(Pass())
    assert (guard.damage, lancer.damage) == (2, 1)
    assert state.integrity == [20, 20]
    assert state.scrap == [(), ()]


def test_cmd_k26_interceptors_intercept_ground_attackers_too() -> None:
    """R13: against the ground Ash Hound every Ready defender may Intercept, Interceptors included."""
    state, _ = attack("pyre,riftblades", "Ash Hound")
    assert set(state.legal_actions()) == {Intercept(entity(state, 1, name).id) for name in DEFENDERS} | {
        NoIntercept()
    }


def test_cmd_k26_an_interceptor_cannot_intercept_an_unblockable_attacker() -> None:
    """R13 "Unblockable can't be Intercepted at all": the Phantom Raider gets no intercept decision."""
    state, raider = attack("gravewind,riftblades", "Phantom Raider")
    assert Intercepted(raider.id, ()) in state.events
    assert state.prompt.phase is Phase.PRIORITY
