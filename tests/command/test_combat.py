"""Combat (CMD-32 to 36, R6, R12 to R14, R16, R19, R29, DX4 to DX12, DX20), through states C1 to C5.

Most scenarios use the lab decks written below: every card a combat rule needs, with a Sovereign of Force 0
(``Quiet Throne``, seat 0 and the default seat 1) so that only the rule under test deals damage, or of Force
2 (``Stern Throne``, deck ``labb``) for the Sovereign's retaliation. The Sovereign auras are tested with the
shipped decks whose Sovereigns have them. Seat 0 is active on turn 3 in the Main Phase unless a test says
otherwise; permanents placed by a position entered on an earlier turn unless they are ``fresh``.
"""

from __future__ import annotations

import pytest
from command_scenarios import attackers, card_file, file_game, ids, names, one, only_card, shipped
from command_scenarios import main_phase as start

from shardgames.command.actions import (
    Activate,
    ChooseTarget,
    DeclareAttack,
    FinishIntercept,
    Intercept,
    NoIntercept,
    OrderInterceptor,
    Pass,
    Play,
)
from shardgames.command.events import (
    AttackDeclared,
    CombatDamageDealt,
    DamageDealt,
    DamagePrevented,
    Exhausted,
    IntegrityChanged,
    Intercepted,
)
from shardgames.command.game import CommandGame
from shardgames.command.objects import SOVEREIGNS, player_target
from shardgames.command.phases import Phase, Step
from shardgames.command.rules import has
from shardgames.command.state import CommandState

LAB_CARDS = """
[[card]]
name = "Quiet Throne"
type = "sovereign"
identity = ["earth"]
force = 0

[[card]]
name = "Stern Throne"
type = "sovereign"
identity = ["earth"]
force = 2

[[card]]
name = "Lab Bear"
type = "entity"
identity = ["earth"]
cost = "1E"
force = 2
durability = 2

[[card]]
name = "Lab Brute"
type = "entity"
identity = ["earth"]
cost = "2E"
force = 3
durability = 3

[[card]]
name = "Lab Giant"
type = "entity"
identity = ["earth"]
cost = "4E"
force = 5
durability = 5

[[card]]
name = "Lab Breaker"
type = "entity"
identity = ["earth"]
cost = "4E"
force = 5
durability = 5
keywords = ["breach"]

[[card]]
name = "Lab Plate"
type = "entity"
identity = ["earth"]
cost = "4E"
force = 5
durability = 5
keywords = ["armored"]

[[card]]
name = "Lab Viper"
type = "entity"
identity = ["death"]
cost = "1D"
force = 1
durability = 1
keywords = ["fatal"]

[[card]]
name = "Lab Shell"
type = "entity"
identity = ["earth", "air"]
cost = "2EA"
force = 2
durability = 4
keywords = ["evade", "armored"]

[[card]]
name = "Lab Bully"
type = "entity"
identity = ["malice"]
cost = "1M"
force = 2
durability = 2
keywords = ["intimidating"]

[[card]]
name = "Lab Warlord"
type = "entity"
identity = ["malice"]
cost = "4M"
force = 5
durability = 6
keywords = ["intimidating"]

[[card]]
name = "Lab Reaper"
type = "entity"
identity = ["malice", "death"]
cost = "2MD"
force = 2
durability = 2
keywords = ["intimidating", "fatal"]

[[card]]
name = "Lab Rampager"
type = "entity"
identity = ["malice", "earth"]
cost = "4ME"
force = 6
durability = 6
keywords = ["intimidating", "breach"]

[[card]]
name = "Lab Swift"
type = "entity"
identity = ["air"]
cost = "1A"
force = 2
durability = 2
keywords = ["swift"]

[[card]]
name = "Lab Leech"
type = "entity"
identity = ["death"]
cost = "2D"
force = 3
durability = 3
keywords = ["siphon"]

[[card]]
name = "Lab Tireless"
type = "entity"
identity = ["life"]
cost = "1L"
force = 2
durability = 2
keywords = ["tireless"]

[[card]]
name = "Lab Veil"
type = "entity"
identity = ["space"]
cost = "1S"
force = 2
durability = 2
keywords = ["veiled"]

[[card]]
name = "Lab Idol"
type = "item"
identity = ["earth"]
cost = "1E"
keywords = [{ keyword = "elemental_rock", amount = 1 }]
"""

LAB_MAIN = """
"Lab Bear" = 5
"Lab Brute" = 3
"Lab Giant" = 2
"Lab Breaker" = 2
"Lab Plate" = 2
"Lab Viper" = 2
"Lab Shell" = 2
"Lab Bully" = 2
"Lab Warlord" = 2
"Lab Reaper" = 1
"Lab Rampager" = 2
"Lab Swift" = 2
"Lab Leech" = 2
"Lab Tireless" = 2
"Lab Veil" = 2
"Lab Idol" = 2
"Sky Lancer" = 2
"Skyhook Guard" = 2
"Phantom Raider" = 2
"Hollow Knight" = 2
"Ash Hound" = 2
"Blink Duelist" = 2
"Wisp Dancer" = 2
"Bulwark" = 2
"Cutthroat" = 2
"Ember Sprite" = 2
"Cinder Golem" = 1
"Mossback Tortoise" = 2
"Quick Spark" = 2
"""

LAB_DECKS = f"""
[[deck]]
id = "laba"
name = "Lab A"
sovereign = "Quiet Throne"
stones = {{ generic = 12 }}

[deck.main]
{LAB_MAIN}

[[deck]]
id = "labb"
name = "Lab B"
sovereign = "Stern Throne"
stones = {{ generic = 12 }}

[deck.main]
{LAB_MAIN}
"""

ME, YOU = player_target(0), player_target(1)


# ---------------------------------------------------------------------- set-up


@pytest.fixture(scope="module")
def lab_file(tmp_path_factory: pytest.TempPathFactory) -> str:
    """The lab cards and decks, as a card file."""
    return str(card_file(tmp_path_factory.mktemp("command_combat"), "lab.toml", LAB_CARDS + LAB_DECKS))


@pytest.fixture(scope="module")
def lab(lab_file: str) -> CommandGame:
    """Both seats play the lab deck with a Force 0 Sovereign."""
    return file_game(lab_file, "laba", "laba")


@pytest.fixture(scope="module")
def lab_f2(lab_file: str) -> CommandGame:
    """Seat 1's Sovereign has Force 2 (seat 0's has Force 0)."""
    return file_game(lab_file, "laba", "labb")


def damage(state: CommandState, number: int) -> int:
    p = state.permanent(number)
    assert p is not None, f"#{number} is not in the Arena"
    return p.damage


def attack_targets(state: CommandState) -> set[int]:
    assert state.prompt.phase is Phase.ATTACK_TARGET
    return {a.target for a in state.legal_actions() if isinstance(a, ChooseTarget)}


def interceptors(state: CommandState) -> set[int]:
    assert state.prompt.phase is Phase.INTERCEPT
    return {a.entity for a in state.legal_actions() if isinstance(a, Intercept)}


def declare(state: CommandState, attacker: int, target: int) -> None:
    """C1: declare an attack and its target."""
    state.apply_action(DeclareAttack(attacker))
    state.apply_action(ChooseTarget(target))


def finish(state: CommandState) -> None:
    """Both players pass until the active player holds priority in the Main Phase with an empty Queue."""
    turn = state.turn
    for _ in range(20):
        assert state.turn == turn, "the turn ended"
        if state.is_terminal():
            return
        main = state.prompt.phase is Phase.PRIORITY and state.step is Step.MAIN and not state.queue
        if main and state.priority == state.active:
            return
        assert state.prompt.phase is Phase.PRIORITY, f"unexpected decision {state.prompt}"
        state.apply_action(Pass())
    raise AssertionError("the combat did not finish")


def fight(state: CommandState, attacker: int, target: int, *, block: tuple[int, ...] = ()) -> None:
    """A whole attack: declare, intercept with `block` (or not), and let the window pass to damage."""
    declare(state, attacker, target)
    if state.prompt.phase is Phase.INTERCEPT:
        if block:
            for entity in block:
                state.apply_action(Intercept(entity))
            if state.prompt.phase is Phase.INTERCEPT:
                state.apply_action(FinishIntercept())
            for entity in block[:-1]:  # C3: the attacker's controller orders them as listed
                if state.prompt.phase is Phase.ORDER:
                    state.apply_action(OrderInterceptor(entity))
        else:
            state.apply_action(NoIntercept())
    else:
        assert not block, "the defender was not asked to intercept"
    finish(state)


def end_turn(state: CommandState) -> None:
    """Both pass with an empty Queue: the turn ends and the other seat's Main Phase begins."""
    seat = state.active
    state.apply_action(Pass())
    if state.active == seat:
        state.apply_action(Pass())
    for _ in range(10):
        if state.active != seat and state.step is Step.MAIN:
            return
        state.apply_action(Pass())
    raise AssertionError("the turn did not end")


# ---------------------------------------------------------------------- CMD-32 to 36


def test_cmd_32_declaring_an_attack_exhausts_the_attacker(lab: CommandGame) -> None:
    """CMD-32: to declare an attack, Exhaust a Ready Entity you control."""
    state = start(lab, {"arena": ["Lab Bear"]}, {})
    bear = one(state, "Lab Bear", 0)
    mark = len(state.events)
    declare(state, bear, YOU)
    p = state.permanent(bear)
    assert p is not None
    assert p.exhausted
    events = state.events.since(mark)
    assert Exhausted(bear) in events
    assert AttackDeclared(bear, YOU) in events
    assert events.index(Exhausted(bear)) < events.index(AttackDeclared(bear, YOU))


def test_cmd_32_only_your_ready_entities_can_attack(lab: CommandGame) -> None:
    """CMD-32: an Exhausted Entity, or one the opponent controls, can't be declared as an attacker."""
    state = start(
        lab,
        {"arena": ["Lab Bear", {"card": "Lab Brute", "exhausted": True}]},
        {"arena": ["Lab Giant"]},
    )
    assert attackers(state) == {one(state, "Lab Bear", 0)}


def test_cmd_33_targets_are_integrity_or_an_exhausted_opposing_entity(lab: CommandGame) -> None:
    """CMD-33: the target is the opponent's Integrity or an Exhausted Entity the opponent controls."""
    state = start(
        lab,
        {"arena": ["Lab Bear", {"card": "Lab Giant", "exhausted": True}]},
        {"arena": ["Lab Brute", {"card": "Lab Plate", "exhausted": True}]},
    )
    state.apply_action(DeclareAttack(one(state, "Lab Bear", 0)))
    assert attack_targets(state) == {YOU, one(state, "Lab Plate", 1)}


def test_cmd_34_the_defender_exhausts_a_ready_entity_to_intercept(lab: CommandGame) -> None:
    """CMD-34: the defender may Exhaust a Ready Entity to Intercept; an Exhausted one can't."""
    state = start(
        lab,
        {"arena": ["Lab Bear"]},
        {"arena": ["Lab Giant", {"card": "Lab Brute", "exhausted": True}]},
    )
    bear = one(state, "Lab Bear", 0)
    declare(state, bear, YOU)
    assert state.prompt.player == 1
    giant = one(state, "Lab Giant", 1)
    assert interceptors(state) == {giant}
    mark = len(state.events)
    state.apply_action(Intercept(giant))
    p = state.permanent(giant)
    assert p is not None
    assert p.exhausted
    assert p.damage == 2
    events = state.events.since(mark)
    assert events.index(Exhausted(giant)) < events.index(Intercepted(bear, (giant,)))
    assert state.scrap[0] == (bear,)


def test_cmd_34_the_combat_window_follows_interception_with_fast_speed_only(lab: CommandGame) -> None:
    """CMD-34, C4: after the interception, a priority loop with the active player first, Fast speed only."""
    state = start(
        lab,
        {"arena": ["Lab Giant", "Lab Bear"], "hand": ["Quick Spark", "Lab Brute"], "unused": "6G"},
        {"arena": ["Lab Bear"]},
    )
    giant = one(state, "Lab Giant", 0)
    declare(state, giant, YOU)
    state.apply_action(NoIntercept())
    assert state.step is Step.COMBAT
    assert state.prompt == type(state.prompt)(0, Phase.PRIORITY)
    legal = state.legal_actions()
    assert Play(only_card(state, "Quick Spark", 0)) in legal
    assert Play(only_card(state, "Lab Brute", 0)) not in legal
    assert not any(isinstance(a, DeclareAttack) for a in legal)


def test_cmd_35_combat_damage_is_dealt_simultaneously(lab: CommandGame) -> None:
    """CMD-35, R14: both fighters deal their Force at once, so two 2/2s destroy each other."""
    state = start(lab, {"arena": ["Lab Bear"]}, {"arena": ["Lab Bear"]})
    mine, theirs = one(state, "Lab Bear", 0), one(state, "Lab Bear", 1)
    fight(state, mine, YOU, block=(theirs,))
    assert state.arena == []
    assert state.scrap == [(mine,), (theirs,)]
    assert state.integrity == [20, 20]


def test_cmd_36_marked_damage_reaching_durability_destroys(lab: CommandGame) -> None:
    """CMD-36: an Entity whose marked damage reaches its Durability goes to Scrap; below, it stays."""
    state = start(
        lab, {"arena": ["Lab Bear", "Lab Bear"]}, {"arena": ["Lab Brute", {"card": "Lab Giant", "damage": 4}]}
    )
    first, second = ids(state, "Lab Bear", 0)
    brute, giant = one(state, "Lab Brute", 1), one(state, "Lab Giant", 1)
    fight(state, first, YOU, block=(brute,))
    assert damage(state, brute) == 2  # 2 of 3: it stays
    assert state.scrap[0] == (first,)
    fight(state, second, YOU, block=(giant,))  # 4 + 2 >= 5
    assert state.permanent(giant) is None
    assert state.scrap[1] == (giant,)


# ---------------------------------------------------------------------- the Sovereign (R6)


def test_cmd_r6_the_sovereign_strikes_back_at_an_unintercepted_attacker(lab_f2: CommandGame) -> None:
    """R6: an attack on Integrity that is not Intercepted takes the Sovereign's Force as combat damage."""
    state = start(lab_f2, {"arena": ["Lab Brute"]}, {})
    brute = one(state, "Lab Brute", 0)
    mark = len(state.events)
    fight(state, brute, YOU)
    assert state.integrity == [20, 17]
    assert damage(state, brute) == 2
    assert DamageDealt(SOVEREIGNS + 1, brute, 2, True) in state.events.since(mark)


def test_cmd_r6_no_retaliation_when_the_attack_is_intercepted(lab_f2: CommandGame) -> None:
    """R6: only an unintercepted attack on Integrity meets the Sovereign; an interceptor fights alone."""
    state = start(lab_f2, {"arena": ["Lab Brute"]}, {"arena": ["Lab Bear"]})
    brute = one(state, "Lab Brute", 0)
    fight(state, brute, YOU, block=(one(state, "Lab Bear", 1),))
    assert damage(state, brute) == 2  # the Bear's 2, not 2 + the Sovereign's 2
    assert state.integrity == [20, 20]


def test_cmd_r6_no_retaliation_when_an_entity_is_attacked(lab_f2: CommandGame) -> None:
    """R6: an attack on an Entity is not an attack on Integrity: the Sovereign does not strike."""
    state = start(lab_f2, {"arena": ["Lab Giant"]}, {"arena": [{"card": "Lab Bear", "exhausted": True}]})
    giant = one(state, "Lab Giant", 0)
    fight(state, giant, one(state, "Lab Bear", 1))
    assert damage(state, giant) == 2
    assert state.integrity == [20, 20]


def test_cmd_r6_a_force_0_sovereign_deals_no_damage(lab: CommandGame) -> None:
    """R6: the retaliation equals the Sovereign's Force; Force 0 deals none."""
    state = start(lab, {"arena": ["Lab Bear"]}, {})
    bear = one(state, "Lab Bear", 0)
    mark = len(state.events)
    fight(state, bear, YOU)
    assert state.integrity == [20, 18]
    assert damage(state, bear) == 0
    assert not [e for e in state.events.since(mark) if isinstance(e, DamageDealt) and e.target == bear]


def test_cmd_r6_the_sovereign_is_never_damaged(lab_f2: CommandGame) -> None:
    """R6: the Sovereign can't be damaged: the attacker's damage goes to Integrity, none to the Sovereign."""
    state = start(lab_f2, {"arena": ["Lab Giant"]}, {})
    mark = len(state.events)
    fight(state, one(state, "Lab Giant", 0), YOU)
    dealt = [e for e in state.events.since(mark) if isinstance(e, DamageDealt)]
    assert sorted((e.source, e.target, e.amount) for e in dealt) == sorted(
        [(one(state, "Lab Giant", 0), YOU, 5), (SOVEREIGNS + 1, one(state, "Lab Giant", 0), 2)]
    )


def test_cmd_r6_the_sovereign_is_never_a_target() -> None:
    """R6: neither Sovereign is among the targets of a Rite, of an ability, or of an attack."""
    game = shipped("pyre", "stoneguard")
    state = start(
        game,
        {"arena": ["Ash Hound"], "hand": ["Spark"], "unused": "1F"},
        {"arena": [{"card": "Ridge Recruit", "exhausted": True}]},
    )
    hound, recruit = one(state, "Ash Hound", 0), one(state, "Ridge Recruit", 1)
    everything = {hound, recruit, ME, YOU}
    state.apply_action(Play(only_card(state, "Spark", 0)))
    assert {a.target for a in state.legal_actions()} == everything
    state = start(game, {"arena": ["Ash Hound"]}, {"arena": [{"card": "Ridge Recruit", "exhausted": True}]})
    state.apply_action(Activate(game.sovereign_id(0), 0))  # The Ashen Regent: Deal 1 Dmg
    assert {a.target for a in state.legal_actions()} == everything
    state = start(game, {"arena": ["Ash Hound"]}, {"arena": [{"card": "Ridge Recruit", "exhausted": True}]})
    state.apply_action(DeclareAttack(hound))
    assert attack_targets(state) == {YOU, recruit}


def test_cmd_r6_exhaust_your_sovereign_ability() -> None:
    """R6: "Exhaust your Sovereign: <effect>" goes on the Queue, Exhausts it, and can't be used again."""
    game = shipped("stoneguard", "pyre")  # Warden of the Ridge: Exhaust: Add +1/+1 Upgrade
    state = start(game, {"arena": ["Ridge Recruit"]}, {})
    recruit = one(state, "Ridge Recruit", 0)
    sovereign = Activate(game.sovereign_id(0), 0)
    assert sovereign in state.legal_actions()
    state.apply_action(sovereign)
    state.apply_action(ChooseTarget(recruit))
    assert state.sovereign_exhausted == [True, False]
    assert len(state.queue) == 1
    finish(state)
    p = state.permanent(recruit)
    assert p is not None
    assert p.upgrades == 1
    assert sovereign not in state.legal_actions()


def test_cmd_r6_the_sovereign_readies_in_its_controllers_start_phase(lab: CommandGame) -> None:
    """R6, R9: an Exhausted Sovereign Readies in its controller's Start Phase, not in the opponent's."""
    state = start(
        lab,
        {"sovereign_exhausted": True, "deck_top": ["Lab Bear", "Lab Bear", "Lab Bear", "Lab Bear"]},
        {"sovereign_exhausted": True, "deck_top": ["Lab Bear", "Lab Bear", "Lab Bear", "Lab Bear"]},
    )
    end_turn(state)
    assert state.active == 1
    assert state.sovereign_exhausted == [True, False]
    end_turn(state)
    assert state.active == 0
    assert state.sovereign_exhausted == [False, False]


def test_cmd_r6_an_aura_reaches_every_entity_of_its_controller() -> None:
    """R6: "Your Entities have <keyword>": Siege Marshal's Breach for all of seat 0's Entities."""
    game = shipped("siegeworks", "stoneguard")
    state = start(
        game,
        {"arena": ["Ridge Recruit", "Ash Hound"], "hand": ["Ridge Recruit"], "unused": "3G"},
        {"arena": ["Gale Runner", "Ridge Golem"]},
    )
    assert all(has(state, p, "K08") == (p.owner == 0) for p in state.arena)
    recruit = one(state, "Ridge Recruit", 0)
    fight(state, recruit, YOU, block=(one(state, "Gale Runner", 1),))  # 2 into a 1/1: 1 through
    assert state.integrity == [20, 19]
    state.apply_action(Play(only_card(state, "Ridge Recruit", 0)))
    finish(state)
    (fresh,) = [n for n in ids(state, "Ridge Recruit", 0) if n != recruit]
    p = state.permanent(fresh)
    assert p is not None
    assert has(state, p, "K08")


def test_cmd_r6_auras_do_not_reach_the_opponents_entities() -> None:
    """R6: an aura is only for its controller's Entities: no Breach for seat 1 from seat 0's Sovereign."""
    game = shipped("siegeworks", "stoneguard")
    state = start(game, {"arena": ["Ash Hound"]}, {"arena": ["Ridge Golem"]}, turn=4, active=1)
    golem, hound = one(state, "Ridge Golem", 1), one(state, "Ash Hound", 0)
    assert not has(state, state.permanent(golem), "K08")  # type: ignore[arg-type]
    fight(state, golem, ME, block=(hound,))  # 3 into a 3/2: 1 would go through with Breach
    assert state.scrap[0] == (hound,)
    assert state.integrity == [20, 20]


def test_cmd_dx12_force_2_sovereign_destroys_an_unintercepted_2_2(lab_f2: CommandGame) -> None:
    """DX12: a Sovereign with Force 2: an unintercepted 2/2 attacking Integrity deals 2 and is destroyed."""
    state = start(lab_f2, {"arena": ["Lab Bear"]}, {"arena": [{"card": "Lab Brute", "exhausted": True}]})
    bear = one(state, "Lab Bear", 0)
    fight(state, bear, YOU)
    assert state.integrity == [20, 18]
    assert state.permanent(bear) is None
    assert state.scrap[0] == (bear,)


# ---------------------------------------------------------------------- attacks (R12)


def test_cmd_r12_each_entity_attacks_at_most_once_per_turn(lab: CommandGame) -> None:
    """R12: at most one attack per Entity per turn; Tireless only skips the Exhaust."""
    state = start(lab, {"arena": ["Lab Tireless", "Lab Bear"]}, {})
    tireless, bear = one(state, "Lab Tireless", 0), one(state, "Lab Bear", 0)
    fight(state, tireless, YOU)
    p = state.permanent(tireless)
    assert p is not None
    assert not p.exhausted
    assert attackers(state) == {bear}
    assert state.integrity == [20, 18]


def test_cmd_r12_an_attacker_must_be_ready_and_not_fatigued(lab: CommandGame) -> None:
    """R12: an attacker must be Ready and not under Deployment Fatigue, unless it has Surge."""
    state = start(
        lab,
        {
            "arena": [
                {"card": "Lab Bear", "exhausted": True},
                {"card": "Lab Brute", "fresh": True},
                {"card": "Ember Sprite", "fresh": True},
                "Lab Giant",
            ]
        },
        {},
    )
    assert attackers(state) == {one(state, "Ember Sprite", 0), one(state, "Lab Giant", 0)}


def test_cmd_r12_a_sentry_cannot_attack(lab: CommandGame) -> None:
    """R12, K40: a Sentry never attacks."""
    state = start(lab, {"arena": ["Bulwark", "Lab Bear"]}, {})
    assert attackers(state) == {one(state, "Lab Bear", 0)}


def test_cmd_r12_an_isolated_entity_cannot_attack(lab: CommandGame) -> None:
    """R12, K28: an Isolated Entity can't attack while its Isolation lasts."""
    state = start(lab, {"arena": [{"card": "Lab Giant", "isolated": 3}, "Lab Bear"]}, {})
    assert attackers(state) == {one(state, "Lab Bear", 0)}
    later = start(lab, {"arena": [{"card": "Lab Giant", "isolated": 2}]}, {})  # it ran out last turn
    assert attackers(later) == {one(later, "Lab Giant", 0)}


def test_cmd_r12_immunity_keeps_off_attackers_of_its_element(lab: CommandGame) -> None:
    """R12: an Immunity(Fire) Entity can't be the target of a Fire attacker; an Earth one may attack it."""
    state = start(
        lab,
        {"arena": ["Ash Hound", "Lab Bear"]},
        {"arena": [{"card": "Hollow Knight", "exhausted": True}]},
    )
    knight = one(state, "Hollow Knight", 1)
    state.apply_action(DeclareAttack(one(state, "Ash Hound", 0)))
    assert attack_targets(state) == {YOU}
    state = start(
        lab,
        {"arena": ["Ash Hound", "Lab Bear"]},
        {"arena": [{"card": "Hollow Knight", "exhausted": True}]},
    )
    state.apply_action(DeclareAttack(one(state, "Lab Bear", 0)))
    assert attack_targets(state) == {YOU, knight}


def test_cmd_r12_veiled_does_not_protect_from_attacks(lab: CommandGame) -> None:
    """R12: Veiled keeps off Rites and abilities, not attacks: an Exhausted Veiled Entity can be attacked."""
    state = start(lab, {"arena": ["Lab Brute"]}, {"arena": [{"card": "Lab Veil", "exhausted": True}]})
    veil, brute = one(state, "Lab Veil", 1), one(state, "Lab Brute", 0)
    state.apply_action(DeclareAttack(brute))
    assert attack_targets(state) == {YOU, veil}
    state.apply_action(ChooseTarget(veil))
    finish(state)
    assert state.scrap[1] == (veil,)
    assert damage(state, brute) == 2


def test_cmd_r12_reckless_forbids_ending_the_main_phase_while_it_can_attack(lab: CommandGame) -> None:
    """R12, K35: while a Reckless Entity could legally attack, the active player may not pass."""
    state = start(lab, {"arena": ["Cinder Golem"]}, {})
    golem = one(state, "Cinder Golem", 0)
    assert Pass() not in state.legal_actions()
    assert DeclareAttack(golem) in state.legal_actions()
    fight(state, golem, YOU)
    assert Pass() in state.legal_actions()
    tired = start(lab, {"arena": [{"card": "Cinder Golem", "exhausted": True}]}, {})
    assert Pass() in tired.legal_actions()
    fresh = start(lab, {"arena": [{"card": "Cinder Golem", "fresh": True}]}, {})
    assert Pass() in fresh.legal_actions()


# ---------------------------------------------------------------------- interception (R13)


def test_cmd_r13_the_defender_intercepts_with_one_entity_or_not_at_all(lab: CommandGame) -> None:
    """R13: the defender chooses NoIntercept or one Ready Entity; one is enough against a normal attacker."""
    state = start(
        lab,
        {"arena": ["Lab Giant"], "hand": ["Quick Spark"], "unused": "1F"},
        {"arena": ["Lab Bear", "Lab Brute"]},
    )
    giant = one(state, "Lab Giant", 0)
    bear, brute = one(state, "Lab Bear", 1), one(state, "Lab Brute", 1)
    declare(state, giant, YOU)
    assert set(state.legal_actions()) == {Intercept(bear), Intercept(brute), NoIntercept()}
    state.apply_action(Intercept(brute))
    assert state.step is Step.COMBAT  # straight to the window: no second interceptor, no order
    assert state.prompt.player == 0
    assert state.prompt.phase is Phase.PRIORITY
    assert Intercepted(giant, (brute,)) in state.events
    p = state.permanent(bear)
    assert p is not None
    assert not p.exhausted


def test_cmd_r13_no_intercept_lets_the_attack_through(lab: CommandGame) -> None:
    """R13: NoIntercept: the attacker deals its Force to Integrity."""
    state = start(lab, {"arena": ["Lab Giant"]}, {"arena": ["Lab Bear"]})
    fight(state, one(state, "Lab Giant", 0), YOU)
    assert state.integrity == [20, 15]
    p = state.permanent(one(state, "Lab Bear", 1))
    assert p is not None
    assert not p.exhausted


def test_cmd_r13_intimidating_needs_at_least_two_interceptors(lab: CommandGame) -> None:
    """R13, K27: against an Intimidating attacker the set must hold at least 2 Entities; all are Exhausted."""
    state = start(lab, {"arena": ["Lab Bully"]}, {"arena": ["Lab Bear", "Lab Brute"]})
    bully = one(state, "Lab Bully", 0)
    bear, brute = one(state, "Lab Bear", 1), one(state, "Lab Brute", 1)
    declare(state, bully, YOU)
    state.apply_action(Intercept(bear))
    assert state.prompt.phase is Phase.INTERCEPT
    assert FinishIntercept() not in state.legal_actions()
    assert set(state.legal_actions()) == {Intercept(brute), NoIntercept()}
    state.apply_action(Intercept(brute))
    assert FinishIntercept() in state.legal_actions()
    state.apply_action(FinishIntercept())
    assert Intercepted(bully, (bear, brute)) in state.events
    assert all(p.exhausted for p in state.arena if p.owner == 1)


def test_cmd_r13_one_entity_cannot_intercept_an_intimidating_attacker(lab: CommandGame) -> None:
    """R13, K27: with a single Ready Entity the defender can't stop an Intimidating attacker."""
    state = start(lab, {"arena": ["Lab Bully"]}, {"arena": ["Lab Bear"]})
    bully, bear = one(state, "Lab Bully", 0), one(state, "Lab Bear", 1)
    declare(state, bully, YOU)  # one Entity can't make the two needed: not intercepting is forced
    assert not [a for a in state.legal_actions() if isinstance(a, Intercept)]
    finish(state)
    assert Intercepted(bully, ()) in state.events
    assert not [e for e in state.events if isinstance(e, Intercepted) and e.interceptors]
    assert state.integrity == [20, 18]
    p = state.permanent(bear)
    assert p is not None
    assert not p.exhausted
    assert p.damage == 0


def test_cmd_r13_isolated_entities_cannot_intercept(lab: CommandGame) -> None:
    """R13: an Isolated Entity is not eligible to Intercept."""
    state = start(
        lab, {"arena": ["Lab Giant"]}, {"arena": [{"card": "Lab Bear", "isolated": 3}, "Lab Brute"]}
    )
    declare(state, one(state, "Lab Giant", 0), YOU)
    assert interceptors(state) == {one(state, "Lab Brute", 1)}


def test_cmd_r13_sentries_and_fresh_entities_can_intercept(lab: CommandGame) -> None:
    """R13: Sentries may Intercept, and Deployment Fatigue does not prevent intercepting."""
    state = start(
        lab,
        {"arena": ["Lab Giant"]},
        {"arena": ["Bulwark", {"card": "Lab Bear", "fresh": True}]},
        turn=4,
        active=0,
    )
    declare(state, one(state, "Lab Giant", 0), YOU)
    assert interceptors(state) == {one(state, "Bulwark", 1), one(state, "Lab Bear", 1)}


def test_cmd_r13_aerial_attackers_meet_only_aerial_or_interceptor_entities(lab: CommandGame) -> None:
    """R13, K02, K26: an Aerial attacker can be Intercepted only by Aerial or Interceptor Entities."""
    state = start(
        lab, {"arena": ["Sky Lancer"]}, {"arena": ["Lab Giant", "Skyhook Guard", "Sky Lancer", "Lab Swift"]}
    )
    declare(state, one(state, "Sky Lancer", 0), YOU)
    assert interceptors(state) == {one(state, "Skyhook Guard", 1), one(state, "Sky Lancer", 1)}


def test_cmd_r13_swift_attackers_meet_no_stronger_entity(lab: CommandGame) -> None:
    """R13, K46: a Swift attacker can't be Intercepted by an Entity with higher Force (equal Force may)."""
    state = start(lab, {"arena": ["Lab Swift"]}, {"arena": ["Lab Brute", "Lab Bear", "Lab Viper"]})
    declare(state, one(state, "Lab Swift", 0), YOU)
    assert interceptors(state) == {one(state, "Lab Bear", 1), one(state, "Lab Viper", 1)}


def test_cmd_r13_unblockable_attackers_cannot_be_intercepted(lab: CommandGame) -> None:
    """R13, K48: an Unblockable attacker can't be Intercepted: the defender is not even asked."""
    state = start(lab, {"arena": ["Phantom Raider"]}, {"arena": ["Lab Bear", "Skyhook Guard", "Sky Lancer"]})
    raider = one(state, "Phantom Raider", 0)
    declare(state, raider, YOU)
    assert state.prompt.phase is not Phase.INTERCEPT
    assert Intercepted(raider, ()) in state.events
    finish(state)
    assert state.integrity == [20, 18]


def test_cmd_r13_an_immune_attacker_meets_no_interceptor_of_that_element(lab: CommandGame) -> None:
    """R13, K25: an Immunity(Fire) attacker can't be Intercepted by a Fire Entity."""
    state = start(lab, {"arena": ["Hollow Knight"]}, {"arena": ["Ash Hound", "Ember Sprite", "Lab Bear"]})
    declare(state, one(state, "Hollow Knight", 0), YOU)
    assert interceptors(state) == {one(state, "Lab Bear", 1)}


def test_cmd_r13_an_interceptor_replaces_the_attacked_entity(lab: CommandGame) -> None:
    """R13: attacks on Entities may be Intercepted too; the interceptor replaces the target."""
    state = start(
        lab, {"arena": ["Lab Brute"]}, {"arena": [{"card": "Lab Viper", "exhausted": True}, "Lab Bear"]}
    )
    brute, viper, bear = one(state, "Lab Brute", 0), one(state, "Lab Viper", 1), one(state, "Lab Bear", 1)
    declare(state, brute, viper)
    assert interceptors(state) == {bear}
    state.apply_action(Intercept(bear))
    finish(state)
    assert state.permanent(viper) is not None
    assert damage(state, viper) == 0
    assert state.scrap[1] == (bear,)
    assert damage(state, brute) == 2


# ---------------------------------------------------------------------- combat damage (R14)


def test_cmd_r14_pairing_an_unintercepted_attack_on_an_entity(lab: CommandGame) -> None:
    """R14 (ii): unintercepted, the attacker and the Entity it attacked deal their Force to each other."""
    state = start(lab, {"arena": ["Lab Giant"]}, {"arena": [{"card": "Lab Brute", "exhausted": True}]})
    giant, brute = one(state, "Lab Giant", 0), one(state, "Lab Brute", 1)
    fight(state, giant, brute)
    assert state.scrap[1] == (brute,)
    assert damage(state, giant) == 3
    assert state.integrity == [20, 20]


def test_cmd_r14_the_attacker_orders_several_interceptors(lab: CommandGame) -> None:
    """R14, C3: with 2 or more interceptors the attacker's controller orders them with OrderInterceptor."""
    state = start(
        lab,
        {"arena": ["Lab Warlord"], "hand": ["Quick Spark"], "unused": "1F"},
        {"arena": ["Lab Bear", "Lab Brute", "Lab Viper"]},
    )
    warlord = one(state, "Lab Warlord", 0)
    bear, brute, viper = one(state, "Lab Bear", 1), one(state, "Lab Brute", 1), one(state, "Lab Viper", 1)
    declare(state, warlord, YOU)
    for entity in (bear, brute, viper):
        state.apply_action(Intercept(entity))
    state.apply_action(FinishIntercept())
    assert state.prompt.player == 0
    assert state.prompt.phase is Phase.ORDER
    assert set(state.legal_actions()) == {
        OrderInterceptor(bear),
        OrderInterceptor(brute),
        OrderInterceptor(viper),
    }
    state.apply_action(OrderInterceptor(brute))
    assert set(state.legal_actions()) == {OrderInterceptor(bear), OrderInterceptor(viper)}
    state.apply_action(OrderInterceptor(viper))
    assert state.combat is not None
    assert state.combat.interceptors == (brute, viper, bear)
    assert state.step is Step.COMBAT  # the last one needs no choice


def test_cmd_r14_lethal_damage_in_order_and_the_rest_to_the_last(lab: CommandGame) -> None:
    """R14: damage is assigned lethally in the chosen order; what is left goes to the last interceptor."""
    state = start(lab, {"arena": ["Lab Warlord"]}, {"arena": ["Lab Bear", "Lab Giant"]})
    warlord, bear, giant = one(state, "Lab Warlord", 0), one(state, "Lab Bear", 1), one(state, "Lab Giant", 1)
    declare(state, warlord, YOU)
    state.apply_action(Intercept(bear))
    state.apply_action(Intercept(giant))
    state.apply_action(FinishIntercept())
    mark = len(state.events)
    state.apply_action(OrderInterceptor(bear))
    finish(state)
    dealt = {(e.source, e.target, e.amount) for e in state.events.since(mark) if isinstance(e, DamageDealt)}
    assert (warlord, bear, 2) in dealt
    assert (warlord, giant, 3) in dealt
    assert state.scrap == [(warlord,), (bear,)]  # 2 + 5 = 7 >= 6
    assert damage(state, giant) == 3


def test_cmd_r14_the_order_decides_who_survives(lab: CommandGame) -> None:
    """R14: the same fight ordered the other way: the first takes lethal damage, the last what is left (0)."""
    state = start(lab, {"arena": ["Lab Warlord"]}, {"arena": ["Lab Bear", "Lab Giant"]})
    warlord, bear, giant = one(state, "Lab Warlord", 0), one(state, "Lab Bear", 1), one(state, "Lab Giant", 1)
    fight_ordered = [Intercept(bear), Intercept(giant), FinishIntercept(), OrderInterceptor(giant)]
    declare(state, warlord, YOU)
    for action in fight_ordered:
        state.apply_action(action)
    finish(state)
    assert state.scrap[1] == (giant,)
    assert damage(state, bear) == 0


def test_cmd_r14_breach_carries_the_rest_through_several_interceptors(lab: CommandGame) -> None:
    """R14, K08: with Breach, what is left after lethal damage to every interceptor goes to Integrity."""
    state = start(lab, {"arena": ["Lab Rampager"]}, {"arena": ["Lab Bear", "Lab Bear"]})
    rampager = one(state, "Lab Rampager", 0)
    fight(state, rampager, YOU, block=tuple(ids(state, "Lab Bear", 1)))
    assert state.integrity == [20, 18]  # 6 - 2 - 2
    assert len(state.scrap[1]) == 2


def test_cmd_r14_the_preemptive_step_comes_first_then_sba(lab: CommandGame) -> None:
    """R14, K33: Preemptive damage, then SBA; an opponent it destroyed deals no damage."""
    state = start(lab, {"arena": ["Blink Duelist"]}, {"arena": ["Lab Bear"]})
    duelist, bear = one(state, "Blink Duelist", 0), one(state, "Lab Bear", 1)
    mark = len(state.events)
    fight(state, duelist, YOU, block=(bear,))
    assert state.scrap[1] == (bear,)
    assert damage(state, duelist) == 0
    events = state.events.since(mark)
    steps = [e for e in events if isinstance(e, CombatDamageDealt)]
    assert [e.preemptive for e in steps] == [True, False]


def test_cmd_r14_a_game_won_in_the_preemptive_step_has_no_regular_step(lab_f2: CommandGame) -> None:
    """R14, R30: the state-based actions after the Preemptive step end the game when Integrity reaches
    0; nothing more happens: no regular damage step, no strike back by the loser's Force 2 Sovereign."""
    state = start(lab_f2, {"arena": ["Blink Duelist"]}, {"integrity": 2})
    duelist = one(state, "Blink Duelist", 0)
    mark = len(state.events)
    declare(state, duelist, YOU)  # no Entity can intercept, no one has a Fast card: damage at once
    assert state.is_terminal()
    assert state.integrity == [20, 0]
    assert damage(state, duelist) == 0
    events = state.events.since(mark)
    assert [e.preemptive for e in events if isinstance(e, CombatDamageDealt)] == [True]


def test_cmd_r14_survivors_strike_back_in_the_regular_step(lab: CommandGame) -> None:
    """R14, K33: an opponent that survives the Preemptive step deals its damage afterwards."""
    state = start(lab, {"arena": ["Blink Duelist"]}, {"arena": ["Lab Brute"]})
    duelist, brute = one(state, "Blink Duelist", 0), one(state, "Lab Brute", 1)
    fight(state, duelist, YOU, block=(brute,))
    assert state.scrap[0] == (duelist,)
    assert damage(state, brute) == 2


def test_cmd_r14_evade_applies_before_armored(lab: CommandGame) -> None:
    """R14: Evade prevents the whole first damage event of the turn, then Armored takes 1 off the next."""
    state = start(
        lab,
        {"arena": ["Ember Sprite", "Lab Brute"]},
        {"arena": [{"card": "Lab Shell", "exhausted": True}]},
    )
    shell = one(state, "Lab Shell", 1)
    mark = len(state.events)
    fight(state, one(state, "Ember Sprite", 0), shell)  # 1 damage: Evade, not Armored (1 - 1 = 0)
    assert DamagePrevented(shell, 1, "Evade") in state.events.since(mark)
    assert damage(state, shell) == 0
    fight(state, one(state, "Lab Brute", 0), shell)  # 3 - 1
    assert damage(state, shell) == 2


def test_cmd_r14_fatal_destroys_with_any_combat_damage(lab: CommandGame) -> None:
    """R14, K20: an Entity that receives more than 0 combat damage from a Fatal source is destroyed."""
    state = start(lab, {"arena": ["Lab Giant"]}, {"arena": ["Lab Viper"]})
    giant, viper = one(state, "Lab Giant", 0), one(state, "Lab Viper", 1)
    fight(state, giant, YOU, block=(viper,))
    assert state.scrap == [(giant,), (viper,)]


def test_cmd_r14_a_fatal_attacker_needs_only_1_damage_per_interceptor(lab: CommandGame) -> None:
    """R14, K20, K27: for a Fatal attacker 1 damage is lethal. The Lab Reaper (2/2 Fatal, Intimidating:
    two interceptors or none) deals 1 to each of two Lab Giants in order, and both are destroyed."""
    state = start(lab, {"arena": ["Lab Reaper"]}, {"arena": ["Lab Giant", "Lab Giant"]})
    reaper = one(state, "Lab Reaper", 0)
    first, last = ids(state, "Lab Giant", 1)
    fight(state, reaper, YOU, block=(first, last))
    assert sorted(state.scrap[1]) == sorted((first, last))


def test_cmd_r14_breach_counts_the_marked_damage(lab: CommandGame) -> None:
    """R14, K08: Breach sends on the damage beyond Durability minus marked damage (attacked Entity)."""
    state = start(
        lab, {"arena": ["Lab Breaker"]}, {"arena": [{"card": "Lab Brute", "exhausted": True, "damage": 2}]}
    )
    fight(state, one(state, "Lab Breaker", 0), one(state, "Lab Brute", 1))
    assert state.integrity == [20, 16]  # 5 - (3 - 2)


def test_cmd_r14_breach_assigns_before_armored_reduces(lab: CommandGame) -> None:
    """R14, K08, K03: Breach assigns the remaining Durability before Armored takes 1 off, so it survives."""
    state = start(
        lab, {"arena": ["Lab Breaker"]}, {"arena": [{"card": "Lab Plate", "exhausted": True, "damage": 2}]}
    )
    plate = one(state, "Lab Plate", 1)
    fight(state, one(state, "Lab Breaker", 0), plate)
    assert state.integrity == [20, 18]  # 5 - (5 - 2) goes through
    assert damage(state, plate) == 4  # 2 + (3 - 1): one short of lethal
    assert state.scrap[1] == ()


def test_cmd_r14_without_breach_nothing_goes_through(lab: CommandGame) -> None:
    """R14: without Breach the whole Force goes to the Entity fought, however much it is."""
    state = start(lab, {"arena": ["Lab Giant"]}, {"arena": ["Lab Bear"]})
    fight(state, one(state, "Lab Giant", 0), YOU, block=(one(state, "Lab Bear", 1),))
    assert state.integrity == [20, 20]


def test_cmd_r14_assault_against_a_sentry(lab: CommandGame) -> None:
    """R14, K04: Assault gives +2/+0 and Breach when the combat opponent is a Sentry."""
    state = start(lab, {"arena": ["Cutthroat"]}, {"arena": ["Bulwark"]})
    fight(state, one(state, "Cutthroat", 0), YOU, block=(one(state, "Bulwark", 1),))
    assert state.integrity == [20, 19]  # 3 + 2 = 5 into a 1/4
    assert names(state, state.scrap[1]) == ["Bulwark"]


def test_cmd_r14_assault_against_a_non_sentry(lab: CommandGame) -> None:
    """R14, K04: against an Entity that is not a Sentry, Assault adds nothing."""
    state = start(lab, {"arena": ["Cutthroat"]}, {"arena": ["Lab Giant"]})
    giant = one(state, "Lab Giant", 1)
    fight(state, one(state, "Cutthroat", 0), YOU, block=(giant,))
    assert damage(state, giant) == 3
    assert state.integrity == [20, 20]


def test_cmd_r14_siphon_heals_the_damage_actually_dealt(lab: CommandGame) -> None:
    """R14, K42: Siphon's controller gains the damage actually dealt (after Armored)."""
    state = start(lab, {"arena": ["Lab Leech", "Lab Leech"]}, {"arena": ["Lab Plate"]})
    first, second = ids(state, "Lab Leech", 0)
    fight(state, first, YOU)
    assert state.integrity == [23, 17]
    fight(state, second, YOU, block=(one(state, "Lab Plate", 1),))
    assert state.integrity == [25, 17]  # 3 - 1 Armored = 2


def test_cmd_r14_one_damage_is_dealt_like_any_other(lab: CommandGame) -> None:
    """R14: the least damage there is still counts: the Lab Viper (Force 1), not Intercepted, takes 1
    Integrity, with its damage event."""
    state = start(lab, {"arena": ["Lab Viper"]}, {})
    viper = one(state, "Lab Viper", 0)
    mark = len(state.events)
    fight(state, viper, YOU)
    assert DamageDealt(viper, YOU, 1, True) in state.events.since(mark)
    assert state.integrity == [20, 19]


def test_cmd_r14_negative_force_counts_as_0(lab: CommandGame) -> None:
    """R14: negative Force deals 0 damage (it never heals)."""
    state = start(
        lab,
        {"arena": [{"card": "Lab Leech", "submerged": 2}]},
        {"arena": [{"card": "Lab Bear", "submerged": 2}]},
    )
    leech, bear = one(state, "Lab Leech", 0), one(state, "Lab Bear", 1)
    mark = len(state.events)
    fight(state, leech, YOU, block=(bear,))
    assert not [e for e in state.events.since(mark) if isinstance(e, (DamageDealt, IntegrityChanged))]
    assert damage(state, leech) == 0
    assert damage(state, bear) == 0
    assert state.integrity == [20, 20]


def test_cmd_r14_no_damage_when_the_attacker_leaves_before_damage(lab: CommandGame) -> None:
    """R14: if the attacker leaves combat before damage, no combat damage is dealt."""
    state = start(
        lab, {"arena": ["Lab Bear"]}, {"arena": ["Lab Giant"], "hand": ["Quick Spark"], "unused": "1F"}
    )
    bear, giant = one(state, "Lab Bear", 0), one(state, "Lab Giant", 1)
    declare(state, bear, YOU)
    state.apply_action(Intercept(giant))
    assert state.prompt.player == 1
    assert state.step is Step.COMBAT
    state.apply_action(Play(only_card(state, "Quick Spark", 1)))
    state.apply_action(ChooseTarget(bear))
    mark = len(state.events)
    finish(state)
    assert state.scrap[0] == (bear,)
    assert damage(state, giant) == 0
    assert not [
        e for e in state.events.since(mark) if isinstance(e, DamageDealt) and e.amount and e.source == giant
    ]


def test_cmd_r14_no_damage_when_the_attacked_entity_leaves(lab: CommandGame) -> None:
    """R14: if the Entity attacked leaves before damage, no damage is dealt, and Breach sends nothing on."""
    state = start(
        lab,
        {"arena": ["Lab Breaker"], "hand": ["Quick Spark"], "unused": "1F"},
        {"arena": [{"card": "Lab Bear", "exhausted": True}]},
    )
    breaker, bear = one(state, "Lab Breaker", 0), one(state, "Lab Bear", 1)
    declare(state, breaker, bear)
    state.apply_action(Play(only_card(state, "Quick Spark", 0)))
    state.apply_action(ChooseTarget(bear))
    finish(state)
    assert state.scrap[1] == (bear,)
    assert state.integrity == [20, 20]


def test_cmd_r14_no_damage_when_every_interceptor_leaves(lab_f2: CommandGame) -> None:
    """R14: if all of the attacker's combat opponents leave before damage, no combat damage is dealt."""
    state = start(
        lab_f2, {"arena": ["Lab Giant"], "hand": ["Quick Spark"], "unused": "1F"}, {"arena": ["Lab Bear"]}
    )
    giant, bear = one(state, "Lab Giant", 0), one(state, "Lab Bear", 1)
    declare(state, giant, YOU)
    state.apply_action(Intercept(bear))
    state.apply_action(Play(only_card(state, "Quick Spark", 0)))  # seat 0 removes the interceptor
    state.apply_action(ChooseTarget(bear))
    finish(state)
    assert state.scrap[1] == (bear,)
    assert state.integrity == [20, 20]
    assert damage(state, giant) == 0


def test_cmd_r14_no_damage_when_the_replacing_interceptor_leaves(lab: CommandGame) -> None:
    """R13, R14: the interceptor replaced the target; once it is gone the attacker has no opponent left."""
    state = start(
        lab,
        {"arena": ["Lab Giant"], "hand": ["Quick Spark"], "unused": "1F"},
        {"arena": [{"card": "Lab Brute", "exhausted": True}, "Lab Bear"]},
    )
    giant, brute, bear = one(state, "Lab Giant", 0), one(state, "Lab Brute", 1), one(state, "Lab Bear", 1)
    declare(state, giant, brute)
    state.apply_action(Intercept(bear))
    state.apply_action(Play(only_card(state, "Quick Spark", 0)))
    state.apply_action(ChooseTarget(bear))
    finish(state)
    assert state.permanent(brute) is not None
    assert damage(state, brute) == 0
    assert damage(state, giant) == 0


# ---------------------------------------------------------------------- Regenerate (R16), Items (R19), R29


def test_cmd_r16_regenerate_clears_its_damage_after_the_combat(lab: CommandGame) -> None:
    """R16: Regenerate clears this Entity's marked damage after combat damage and SBA."""
    state = start(lab, {"arena": ["Lab Brute"]}, {"arena": ["Mossback Tortoise"]})
    brute, tortoise = one(state, "Lab Brute", 0), one(state, "Mossback Tortoise", 1)
    mark = len(state.events)
    fight(state, brute, YOU, block=(tortoise,))
    assert DamageDealt(brute, tortoise, 3, True) in state.events.since(mark)
    assert damage(state, tortoise) == 0
    assert damage(state, brute) == 2  # no Regenerate: its damage stays until the End Phase


def test_cmd_r16_regenerate_does_not_save_from_lethal_damage(lab: CommandGame) -> None:
    """R16: the clearing comes after SBA: lethal damage still destroys a Regenerating Entity."""
    state = start(lab, {"arena": ["Lab Giant"]}, {"arena": ["Mossback Tortoise"]})
    tortoise = one(state, "Mossback Tortoise", 1)
    fight(state, one(state, "Lab Giant", 0), YOU, block=(tortoise,))
    assert state.scrap[1] == (tortoise,)


def test_cmd_r16_an_aura_of_regenerate() -> None:
    """R16, R6: Tidemother gives every Entity of its controller Regenerate."""
    game = shipped("tidewell", "stoneguard")
    state = start(game, {"arena": ["Tidecaller"]}, {"arena": ["Ridge Recruit"]})
    tidecaller = one(state, "Tidecaller", 0)
    fight(state, tidecaller, YOU, block=(one(state, "Ridge Recruit", 1),))
    assert damage(state, tidecaller) == 0
    assert damage(state, one(state, "Ridge Recruit", 1)) == 2


def test_cmd_r19_items_never_attack_intercept_or_take_damage(lab: CommandGame) -> None:
    """R19: Items have no Force or Durability: they never attack, Intercept, or take damage or attacks."""
    state = start(
        lab,
        {"arena": ["Lab Idol", "Lab Giant"], "hand": ["Quick Spark"], "unused": "1F"},
        {"arena": ["Lab Idol", {"card": "Lab Idol", "exhausted": True}]},
    )
    assert attackers(state) == {one(state, "Lab Giant", 0)}
    state.apply_action(Play(only_card(state, "Quick Spark", 0)))
    item_ids = {p.id for p in state.arena if state.game.infos[p.kind].name == "Lab Idol"}
    assert not item_ids & {a.target for a in state.legal_actions()}
    state = start(
        lab, {"arena": ["Lab Giant"]}, {"arena": ["Lab Idol", {"card": "Lab Idol", "exhausted": True}]}
    )
    state.apply_action(DeclareAttack(one(state, "Lab Giant", 0)))
    assert attack_targets(state) == {YOU}
    state.apply_action(ChooseTarget(YOU))
    assert state.prompt.phase is not Phase.INTERCEPT  # the Ready Idol can't Intercept
    finish(state)
    assert state.integrity == [20, 15]


def test_cmd_r19_items_have_no_deployment_fatigue(lab: CommandGame) -> None:
    """R19: Deployment Fatigue is for Entities: a fresh Item may use its Exhaust (mana) ability."""
    state = start(lab, {"arena": [{"card": "Lab Idol", "fresh": True}]}, {})
    idol = one(state, "Lab Idol", 0)
    assert Activate(idol, 1) in state.legal_actions()


def test_cmd_r29_immunity_is_fixed_by_the_design(lab: CommandGame) -> None:
    """R29: Immunity's element is fixed when the card is designed: no choice when it enters the Arena."""
    state = start(lab, {"hand": ["Hollow Knight"], "unused": "4G"}, {"hand": ["Quick Spark"], "unused": "1F"})
    state.apply_action(Play(only_card(state, "Hollow Knight", 0)))
    finish(state)
    knight = one(state, "Hollow Knight", 0)
    assert state.prompt.phase is Phase.PRIORITY
    state.apply_action(Pass())
    assert Play(only_card(state, "Quick Spark", 1)) in state.legal_actions()
    state.apply_action(Play(only_card(state, "Quick Spark", 1)))
    assert knight not in {a.target for a in state.legal_actions()}


# ---------------------------------------------------------------------- the derived scenarios


def test_cmd_dx4_fresh_entities_attack_only_with_surge_and_may_intercept(lab: CommandGame) -> None:
    """DX4: a freshly played Entity can't attack; with Surge it can; a fresh Entity can Intercept."""
    state = start(lab, {"hand": ["Lab Bear", "Ember Sprite"], "unused": "6G"}, {})
    state.apply_action(Play(only_card(state, "Lab Bear", 0)))
    finish(state)
    state.apply_action(Play(only_card(state, "Ember Sprite", 0)))
    finish(state)
    bear, sprite = one(state, "Lab Bear", 0), one(state, "Ember Sprite", 0)
    assert attackers(state) == {sprite}
    assert bear not in attackers(state)
    fight(state, sprite, YOU)
    assert state.integrity == [20, 19]
    # on seat 1's turn, an Entity of seat 0's that entered this turn intercepts
    state = start(
        lab, {"arena": [{"card": "Lab Bear", "fresh": True}]}, {"arena": ["Lab Brute"]}, turn=4, active=1
    )
    declare(state, one(state, "Lab Brute", 1), ME)
    assert interceptors(state) == {one(state, "Lab Bear", 0)}


def test_cmd_dx5_attack_targets(lab: CommandGame) -> None:
    """DX5: Integrity is legal; an Exhausted opposing Entity is, a Ready one not; a Veiled Exhausted is."""
    state = start(
        lab,
        {"arena": ["Lab Bear"]},
        {
            "arena": [
                "Lab Brute",
                {"card": "Lab Giant", "exhausted": True},
                {"card": "Lab Veil", "exhausted": True},
            ]
        },
    )
    state.apply_action(DeclareAttack(one(state, "Lab Bear", 0)))
    assert attack_targets(state) == {YOU, one(state, "Lab Giant", 1), one(state, "Lab Veil", 1)}


def test_cmd_dx6_intercept_restrictions(lab: CommandGame) -> None:
    """DX6: Aerial vs ground and Interceptor; Swift vs higher Force; Intimidating needs 2; Isolated can't."""
    defenders = {"arena": ["Lab Bear", "Skyhook Guard", "Lab Brute", {"card": "Lab Giant", "isolated": 3}]}
    state = start(lab, {"arena": ["Sky Lancer"]}, defenders)
    declare(state, one(state, "Sky Lancer", 0), YOU)
    assert interceptors(state) == {one(state, "Skyhook Guard", 1)}
    state = start(lab, {"arena": ["Lab Swift"]}, defenders)
    declare(state, one(state, "Lab Swift", 0), YOU)
    assert interceptors(state) == {one(state, "Lab Bear", 1), one(state, "Skyhook Guard", 1)}
    state = start(lab, {"arena": ["Lab Bully"]}, defenders)
    declare(state, one(state, "Lab Bully", 0), YOU)
    assert interceptors(state) == {
        one(state, "Lab Bear", 1),
        one(state, "Skyhook Guard", 1),
        one(state, "Lab Brute", 1),
    }
    state.apply_action(Intercept(one(state, "Lab Bear", 1)))
    assert FinishIntercept() not in state.legal_actions()


def test_cmd_dx7_a_3_3_intercepted_by_a_2_2(lab: CommandGame) -> None:
    """DX7: the 2/2 interceptor goes to Scrap; the 3/3 keeps 2 damage until the End Phase clears it."""
    state = start(
        lab, {"arena": ["Lab Brute"]}, {"arena": ["Lab Bear"], "deck_top": ["Lab Bear", "Lab Bear"]}
    )
    brute, bear = one(state, "Lab Brute", 0), one(state, "Lab Bear", 1)
    fight(state, brute, YOU, block=(bear,))
    assert state.scrap[1] == (bear,)
    assert damage(state, brute) == 2
    end_turn(state)
    assert damage(state, brute) == 0


def test_cmd_dx8_breach_5_5_intercepted_by_a_2_2(lab: CommandGame) -> None:
    """DX8: a 5/5 with Breach, Intercepted by a 2/2: 3 damage goes to Integrity (20 -> 17)."""
    state = start(lab, {"arena": ["Lab Breaker"]}, {"arena": ["Lab Bear"]})
    fight(state, one(state, "Lab Breaker", 0), YOU, block=(one(state, "Lab Bear", 1),))
    assert state.integrity == [20, 17]
    assert names(state, state.scrap[1]) == ["Lab Bear"]


def test_cmd_dx9_preemptive_2_1_against_a_3_2(lab: CommandGame) -> None:
    """DX9: a 2/1 Preemptive against a 3/2: the 3/2 is destroyed first; the Preemptive one takes no damage."""
    state = start(lab, {"arena": ["Blink Duelist"]}, {"arena": ["Ash Hound"]})
    duelist, hound = one(state, "Blink Duelist", 0), one(state, "Ash Hound", 1)
    fight(state, duelist, YOU, block=(hound,))
    assert state.scrap == [(), (hound,)]
    assert damage(state, duelist) == 0


def test_cmd_dx10_fatal_against_armored_and_unarmored(lab: CommandGame) -> None:
    """DX10: a 1/1 Fatal vs a 5/5 Armored deals 1 - 1 = 0: no destruction; vs a plain 5/5 it destroys."""
    state = start(lab, {"arena": ["Lab Viper", "Lab Viper"]}, {"arena": ["Lab Plate", "Lab Giant"]})
    first, second = ids(state, "Lab Viper", 0)
    plate, giant = one(state, "Lab Plate", 1), one(state, "Lab Giant", 1)
    fight(state, first, YOU, block=(plate,))
    assert state.permanent(plate) is not None
    assert damage(state, plate) == 0
    fight(state, second, YOU, block=(giant,))
    assert state.permanent(giant) is None
    assert state.scrap == [(first, second), (giant,)]


def test_cmd_dx11_evade_prevents_only_the_first_damage_event(lab: CommandGame) -> None:
    """DX11: Evade: the first damage event of the turn is prevented, the second is not."""
    state = start(
        lab, {"arena": ["Lab Bear", "Lab Bear"]}, {"arena": [{"card": "Wisp Dancer", "exhausted": True}]}
    )
    first, second = ids(state, "Lab Bear", 0)
    dancer = one(state, "Wisp Dancer", 1)
    fight(state, first, dancer)
    assert damage(state, dancer) == 0
    assert damage(state, first) == 1
    fight(state, second, dancer)
    assert state.scrap[1] == (dancer,)


def test_cmd_dx20_tireless_attacks_once_and_can_intercept_next_turn(lab: CommandGame) -> None:
    """DX20: a Tireless Entity attacks once per turn and stays Ready, so it can Intercept on B's turn."""
    state = start(
        lab,
        {"arena": ["Lab Tireless"], "deck_top": ["Lab Bear", "Lab Bear"]},
        {"arena": ["Lab Brute"], "deck_top": ["Lab Bear", "Lab Bear"]},
    )
    tireless = one(state, "Lab Tireless", 0)
    fight(state, tireless, YOU)
    assert state.integrity == [20, 18]
    assert tireless not in attackers(state)
    end_turn(state)
    declare(state, one(state, "Lab Brute", 1), ME)
    assert interceptors(state) == {tireless}
