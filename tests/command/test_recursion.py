"""Recursion limits and effects (CMD-37 to 40, R15, R17, R18, R20 to R22, R28, DX14 to DX17, DX24, DX25).

Most scenarios use the lab deck written below (``labr``, with a Force 0 Sovereign so that no combat
retaliation interferes): shipped recursion cards (Grave Caller, Second Spring, Echoing Glimpse, Null Ward,
Seedling Chorus, Rift Stalker, Trench Mortar, ...) and four designs of our own: ``Lab Mourner`` ("whenever
another Entity of yours leaves the Arena: Heal 1"), ``Lab Necromancer`` (the same trigger with Reanimate),
``Lab Cultist`` (an Entity whose additional cost is sacrificing an Entity) and ``Lab Blinker`` (a Warp
that costs 0). Seat 0 is active on turn 3
in its Main Phase unless a test says otherwise.
"""

from __future__ import annotations

import pytest
from command_scenarios import attackers, card_file, file_game, ids, names, one, only_card, shipped
from command_scenarios import main_phase as start

from shardgames.command.actions import (
    Activate,
    ChooseTarget,
    DeclareAttack,
    Discard,
    Foresee,
    Pass,
    Play,
)
from shardgames.command.compiled import BOMBARD, EXHAUST, WARP
from shardgames.command.events import (
    CardMoved,
    IntegrityChanged,
    ItemCountered,
    ItemQueued,
    TokenCreated,
)
from shardgames.command.game import CommandGame
from shardgames.command.objects import TOKENS, Permanent, player_target
from shardgames.command.phases import Phase, Step
from shardgames.command.rules import can_intercept, durability, force
from shardgames.command.state import CommandState

LAB = """
[[card]]
name = "Quiet Throne"
type = "sovereign"
identity = ["earth"]
force = 0

[[card]]
name = "Lab Bear"
type = "entity"
identity = ["earth"]
cost = "1E"
force = 2
durability = 2

[[card]]
name = "Lab Mourner"
type = "entity"
identity = ["life"]
cost = "1L"
force = 1
durability = 3
keywords = [{ keyword = "heal", amount = 1, trigger = "whenever_another_of_yours_leaves" }]

[[card]]
name = "Lab Necromancer"
type = "entity"
identity = ["death"]
cost = "2D"
force = 1
durability = 1
keywords = [{ keyword = "reanimate", trigger = "whenever_another_of_yours_leaves" }]

[[card]]
name = "Lab Cultist"
type = "entity"
identity = ["death"]
cost = "1D"
force = 3
durability = 3
keywords = ["sacrifice"]

[[card]]
name = "Lab Blinker"
type = "entity"
identity = ["space"]
cost = "1S"
force = 1
durability = 1
keywords = [{ keyword = "warp", cost = 0 }]

[[deck]]
id = "labr"
name = "Lab R"
sovereign = "Quiet Throne"
stones = { generic = 12 }

[deck.main]
"Lab Bear" = 8
"Lab Blinker" = 2
"Lab Mourner" = 3
"Lab Necromancer" = 3
"Lab Cultist" = 3
"Grave Caller" = 3
"Spark" = 3
"Quick Spark" = 3
"Seedling Chorus" = 3
"Second Spring" = 3
"Echoing Glimpse" = 3
"Null Ward" = 3
"Rift Stalker" = 3
"Banishing Fold" = 3
"Updraft Gust" = 3
"Trench Mortar" = 3
"Cliff Sentinel" = 3
"Exile Beam" = 3
"""

ME, YOU = player_target(0), player_target(1)


# ---------------------------------------------------------------------- set-up


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory) -> CommandGame:
    """Both seats play the lab deck."""
    return file_game(card_file(tmp_path_factory.mktemp("command_recursion"), "lab.toml", LAB), "labr", "labr")


def perm(state: CommandState, number: int) -> Permanent:
    p = state.permanent(number)
    assert p is not None, f"#{number} is not in the Arena"
    return p


def tokens(state: CommandState, seat: int) -> list[Permanent]:
    return [p for p in state.arena if p.token and p.owner == seat]


def legal_targets(state: CommandState) -> set[int]:
    return {a.target for a in state.legal_actions() if isinstance(a, ChooseTarget)}


def settle(state: CommandState) -> None:
    """Both players pass until the active player holds priority in its Main Phase with an empty Queue,
    or until a decision other than priority comes up (a trigger's target, a discard, ...)."""
    turn = state.turn
    for _ in range(20):
        assert state.turn == turn, "the turn ended"
        if state.is_terminal() or state.prompt.phase is not Phase.PRIORITY:
            return
        if state.step is Step.MAIN and not state.queue and state.priority == state.active:
            return
        state.apply_action(Pass())
    raise AssertionError("the Queue did not settle")


def cast(state: CommandState, name: str, *targets: int, seat: int = 0, from_scrap: bool = False) -> None:
    """Play `seat`'s card `name` (from hand, or from Scrap) and choose its targets in order."""
    zone = state.scrap[seat] if from_scrap else None
    state.apply_action(Play(only_card(state, name, seat, zone)))
    for target in targets:
        state.apply_action(ChooseTarget(target))


def end_turn(state: CommandState) -> None:
    """Both pass with an empty Queue: the turn ends and the other seat's Main Phase begins."""
    seat = state.active
    for _ in range(10):
        if state.active != seat and state.step is Step.MAIN and state.priority == state.active:
            return
        state.apply_action(Pass())
    raise AssertionError("the turn did not end")


def moves(state: CommandState, mark: int, number: int) -> list[tuple[str, str]]:
    """Where card `number` went since event `mark`: (from, to) pairs."""
    return [
        (e.source, e.dest) for e in state.events.since(mark) if isinstance(e, CardMoved) and e.card == number
    ]


# ---------------------------------------------------------------------- CMD-37, R15: Echo markers


def test_cmd_37_a_card_played_from_hand_carries_no_marker(lab: CommandGame) -> None:
    """CMD-37, R15: a card entering from the hand gets no Echo marker; destroyed, it goes to Scrap."""
    state = start(lab, {"hand": ["Lab Bear", "Spark"], "unused": "6G"}, {})
    cast(state, "Lab Bear")
    settle(state)
    bear = one(state, "Lab Bear", 0)
    assert not perm(state, bear).echo
    cast(state, "Spark", bear)
    settle(state)
    assert sorted(names(state, state.scrap[0])) == ["Lab Bear", "Spark"]
    assert bear in state.scrap[0]
    assert state.obliterated[0] == ()


def test_cmd_37_a_reanimated_card_is_marked_and_obliterated_when_it_leaves(lab: CommandGame) -> None:
    """CMD-37, R15: Reanimate puts a marked card into the Arena; when it leaves, it is Obliterated."""
    state = start(lab, {"hand": ["Grave Caller", "Spark"], "scrap": ["Lab Bear"], "unused": "8G"}, {})
    bear = state.scrap[0][0]
    cast(state, "Grave Caller")
    settle(state)  # the Caller resolves; its "enters" trigger asks for a target
    assert state.prompt.phase is Phase.TARGET
    assert legal_targets(state) == {bear}
    state.apply_action(ChooseTarget(bear))
    settle(state)
    assert perm(state, bear).echo
    mark = len(state.events)
    cast(state, "Spark", bear)
    settle(state)
    assert moves(state, mark, bear) == [("Arena", "Obliterated")]
    assert state.obliterated[0] == (bear,)
    assert bear not in state.scrap[0]


@pytest.mark.parametrize(
    ("rite", "zone"),
    [("Banishing Fold", "hand"), ("Updraft Gust", "deck top")],
)
def test_cmd_37_a_marked_card_is_obliterated_whatever_zone_it_would_reach(
    lab: CommandGame, rite: str, zone: str
) -> None:
    """CMD-37, R15: a marked card that leaves the Arena for any reason (to hand, to deck) is Obliterated."""
    state = start(lab, {"hand": [rite], "unused": "6G", "arena": [{"card": "Lab Bear", "echo": True}]}, {})
    bear = one(state, "Lab Bear", 0)
    hand, deck = len(state.hands[0]), len(state.decks[0])
    mark = len(state.events)
    cast(state, rite, bear)
    settle(state)
    assert moves(state, mark, bear) == [("Arena", "Obliterated")]
    assert state.obliterated[0] == (bear,)
    assert bear not in state.hands[0]
    assert bear not in state.decks[0].top
    assert (len(state.hands[0]), len(state.decks[0])) == (hand - 1, deck)  # only the Rite left the hand
    unmarked = start(lab, {"hand": [rite], "unused": "6G", "arena": ["Lab Bear"]}, {})
    plain = one(unmarked, "Lab Bear", 0)
    mark = len(unmarked.events)
    cast(unmarked, rite, plain)
    settle(unmarked)
    assert moves(unmarked, mark, plain) == [("Arena", zone)]


def test_cmd_r15_revive_to_hand_gives_no_marker(lab: CommandGame) -> None:
    """R15: Revive to Hand gives no marker: the card is later played normally and destroyed into Scrap."""
    state = start(lab, {"hand": ["Second Spring", "Spark"], "scrap": ["Lab Bear"], "unused": "8G"}, {})
    bear = state.scrap[0][0]
    cast(state, "Second Spring", bear)
    settle(state)
    assert bear in state.hands[0]
    state.apply_action(Play(bear))
    settle(state)
    assert not perm(state, bear).echo
    cast(state, "Spark", bear)
    settle(state)
    assert bear in state.scrap[0]
    assert bear not in state.obliterated[0]


def test_cmd_r15_leave_triggers_fire_for_a_marked_card(lab: CommandGame) -> None:
    """R15: the Obliteration replaces where the card goes, so "leaves the Arena" triggers still fire."""
    state = start(
        lab,
        {"hand": ["Spark"], "unused": "2G", "arena": ["Lab Mourner", {"card": "Lab Bear", "echo": True}]},
        {},
    )
    bear = one(state, "Lab Bear", 0)
    cast(state, "Spark", bear)
    settle(state)
    assert state.obliterated[0] == (bear,)
    assert state.integrity == [21, 20]
    assert IntegrityChanged(0, 20, 21, "Heal") in state.events


def test_cmd_r15_an_echo_rite_cast_from_scrap_is_obliterated(lab: CommandGame) -> None:
    """R15, K14: a Rite with Echo may be cast from Scrap by paying its cost; afterwards it is Obliterated."""
    state = start(
        lab, {"scrap": ["Echoing Glimpse"], "unused": "2G 1T", "deck_top": ["Lab Bear", "Spark"]}, {}
    )
    glimpse = state.scrap[0][0]
    assert Play(glimpse) in state.legal_actions()
    state.apply_action(Play(glimpse))
    settle_foresight(state, (False, False))
    assert state.obliterated[0] == (glimpse,)
    assert state.scrap[0] == ()
    assert state.used[0] == (1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0)  # paid 1T: a Generic and a Time stone


def settle_foresight(state: CommandState, bottoms: tuple[bool, ...]) -> None:
    """Pass until the Foresight asks, answer it card by card, then settle."""
    for _ in range(10):
        if state.prompt.phase is Phase.FORESIGHT:
            break
        state.apply_action(Pass())
    for bottom in bottoms:
        assert state.prompt.phase is Phase.FORESIGHT
        state.apply_action(Foresee(bottom))
    settle(state)


def test_cmd_r15_an_echo_rite_cast_from_hand_goes_to_scrap(lab: CommandGame) -> None:
    """R15: only a Rite resolved from Scrap is Obliterated; cast from the hand it goes to Scrap as usual."""
    state = start(
        lab, {"hand": ["Echoing Glimpse"], "unused": "2G 1T", "deck_top": ["Lab Bear", "Spark"]}, {}
    )
    glimpse = only_card(state, "Echoing Glimpse", 0)
    state.apply_action(Play(glimpse))
    settle_foresight(state, (False, False))
    assert state.scrap[0] == (glimpse,)
    assert state.obliterated[0] == ()


def test_cmd_r15_a_countered_echo_rite_is_obliterated(lab: CommandGame) -> None:
    """R15, R23: a Rite cast from Scrap via Echo and countered is Obliterated, not put back in Scrap."""
    state = start(
        lab,
        {"scrap": ["Echoing Glimpse"], "unused": "2G 1T"},
        {"hand": ["Null Ward"], "unused": "1G 1V 1T"},
    )
    glimpse = state.scrap[0][0]
    state.apply_action(Play(glimpse))
    assert state.prompt.player == 1
    cast(state, "Null Ward", glimpse, seat=1)
    settle(state)
    assert state.obliterated[0] == (glimpse,)
    assert state.scrap[0] == ()
    assert names(state, state.scrap[1]) == ["Null Ward"]


def test_cmd_dx14_nullify_rite_counters_spark(lab: CommandGame) -> None:
    """DX14: Nullify Rite against Spark: Spark goes to Scrap and has no effect."""
    state = start(lab, {"hand": ["Spark"], "unused": "2G"}, {"hand": ["Null Ward"], "unused": "1G 1V 1T"})
    spark = only_card(state, "Spark", 0)
    cast(state, "Spark", YOU)
    mark = len(state.events)
    cast(state, "Null Ward", spark, seat=1)
    settle(state)
    assert state.integrity == [20, 20]
    assert state.scrap[0] == (spark,)
    assert names(state, state.scrap[1]) == ["Null Ward"]
    assert [e.why for e in state.events.since(mark) if isinstance(e, ItemCountered)] == ["Nullify Rite"]


def test_cmd_dx15_echo_from_scrap_then_obliterated(lab: CommandGame) -> None:
    """DX15: a Rite cast from Scrap with Echo resolves (its Foresight happens), then it is Obliterated."""
    state = start(
        lab,
        {"scrap": ["Echoing Glimpse"], "unused": "2G 1T", "deck_top": ["Lab Bear", "Spark"], "deck": []},
        {},
    )
    glimpse = state.scrap[0][0]
    bear, spark = state.decks[0].top
    state.apply_action(Play(glimpse))
    settle_foresight(state, (True, False))
    assert state.decks[0].top == [spark]
    assert state.decks[0].bottom == [bear]
    assert state.obliterated[0] == (glimpse,)
    assert Play(glimpse) not in state.legal_actions()


def test_cmd_dx16_reanimated_entity_is_obliterated_and_leave_triggers_fire(lab: CommandGame) -> None:
    """DX16: Reanimate: the returned Entity is marked; destroyed later, it is Obliterated; triggers fire."""
    state = start(
        lab,
        {"hand": ["Grave Caller", "Spark"], "scrap": ["Lab Bear"], "arena": ["Lab Mourner"], "unused": "8G"},
        {},
    )
    bear = state.scrap[0][0]
    cast(state, "Grave Caller")
    settle(state)
    state.apply_action(ChooseTarget(bear))
    settle(state)
    assert perm(state, bear).echo
    assert state.integrity == [20, 20]
    cast(state, "Spark", bear)
    settle(state)
    assert state.obliterated[0] == (bear,)
    assert bear not in state.scrap[0]
    assert state.integrity == [21, 20]  # Lab Mourner saw it leave


# ---------------------------------------------------------------------- CMD-38, DX25


def test_cmd_dx25_another_entity_trigger_ignores_its_own_exit(lab: CommandGame) -> None:
    """DX25: "whenever another Entity of yours leaves" does not fire when the Entity that has it leaves."""
    state = start(
        lab,
        {
            "hand": ["Spark", "Spark"],
            "unused": "4G",
            "arena": [{"card": "Lab Mourner", "damage": 1}, "Lab Bear"],
        },
        {},
    )
    mourner, bear = one(state, "Lab Mourner", 0), one(state, "Lab Bear", 0)
    first, second = list(state.hands[0])
    state.apply_action(Play(first))
    state.apply_action(ChooseTarget(bear))
    settle(state)
    assert state.integrity == [21, 20]  # another Entity left: it fires
    state.apply_action(Play(second))
    state.apply_action(ChooseTarget(mourner))
    settle(state)
    assert state.scrap[0][-1] == mourner
    assert state.integrity == [21, 20]  # its own exit: no trigger


def test_cmd_38_only_your_other_entities_trigger_it(lab: CommandGame) -> None:
    """CMD-38: the trigger is about your other Entities: an opposing Entity leaving does not fire it."""
    state = start(lab, {"hand": ["Spark"], "unused": "2G", "arena": ["Lab Mourner"]}, {"arena": ["Lab Bear"]})
    cast(state, "Spark", one(state, "Lab Bear", 1))
    settle(state)
    assert len(state.scrap[1]) == 1
    assert state.integrity == [20, 20]


def test_cmd_38_a_card_cannot_use_its_own_exit_to_re_enter(lab: CommandGame) -> None:
    """CMD-38: a "whenever another of yours leaves: Reanimate" Entity can't bring itself back."""
    state = start(
        lab,
        {"hand": ["Spark", "Spark"], "unused": "4G", "arena": ["Lab Necromancer", "Lab Bear"]},
        {},
    )
    necromancer, bear = one(state, "Lab Necromancer", 0), one(state, "Lab Bear", 0)
    first, second = list(state.hands[0])
    state.apply_action(Play(first))
    state.apply_action(ChooseTarget(necromancer))
    settle(state)
    assert state.prompt.phase is Phase.PRIORITY  # no Reanimate trigger to target anything
    assert state.permanent(necromancer) is None
    assert necromancer in state.scrap[0]
    state.apply_action(Play(second))
    state.apply_action(ChooseTarget(bear))
    settle(state)
    assert bear in state.scrap[0]  # and with the Necromancer gone, nothing brings the Bear back


def test_cmd_38_another_entity_leaving_lets_it_reanimate(lab: CommandGame) -> None:
    """CMD-38, R15: the trigger fires when another Entity leaves, and the card it returns is marked."""
    state = start(lab, {"hand": ["Spark"], "unused": "2G", "arena": ["Lab Necromancer", "Lab Bear"]}, {})
    bear = one(state, "Lab Bear", 0)
    cast(state, "Spark", bear)
    settle(state)
    assert state.prompt.phase is Phase.TARGET
    assert legal_targets(state) == {bear}
    state.apply_action(ChooseTarget(bear))
    settle(state)
    assert perm(state, bear).echo


def test_cmd_38_a_card_cannot_pay_its_own_sacrifice(lab: CommandGame) -> None:
    """CMD-38: an Entity whose additional cost is a sacrifice can't sacrifice itself: it needs another."""
    state = start(lab, {"hand": ["Lab Cultist"], "unused": "4G"}, {"arena": ["Lab Bear"]})
    cultist = only_card(state, "Lab Cultist", 0)
    assert Play(cultist) not in state.legal_actions()
    state = start(lab, {"hand": ["Lab Cultist"], "unused": "4G", "arena": ["Lab Bear"]}, {})
    cultist, bear = only_card(state, "Lab Cultist", 0), one(state, "Lab Bear", 0)
    state.apply_action(Play(cultist))
    assert state.prompt.phase is Phase.SACRIFICE
    assert legal_targets(state) == {bear}
    state.apply_action(ChooseTarget(bear))
    settle(state)
    assert state.scrap[0] == (bear,)
    assert [p.id for p in state.arena] == [cultist]


# ---------------------------------------------------------------------- CMD-39, R28: tokens


def test_cmd_r28_swarm_makes_a_1_1_token_owned_by_its_creator(lab: CommandGame) -> None:
    """R28: a Swarm token is a 1/1 Entity, no Identity, no abilities, owned by its creator, fatigued."""
    state = start(lab, {"hand": ["Seedling Chorus"], "unused": "2G"}, {})
    cast(state, "Seedling Chorus")
    settle(state)
    (token,) = tokens(state, 0)
    assert token.id >= TOKENS
    assert TokenCreated(0, token.id) in state.events
    info = state.game.infos[token.kind]
    assert (info.force, info.durability, info.identity, info.statics, dict(info.effects)) == (1, 1, (), 0, {})
    assert token.id not in attackers(state)  # Deployment Fatigue
    end_turn(state)
    end_turn(state)
    assert token.id in attackers(state)


def test_cmd_39_a_destroyed_token_ceases_to_exist(lab: CommandGame) -> None:
    """CMD-39: a token that leaves the Arena ceases to exist and never reaches the Scrap zone."""
    state = start(lab, {"hand": ["Spark"], "unused": "2G", "arena": [{"token": True}]}, {})
    (token,) = tokens(state, 0)
    mark = len(state.events)
    cast(state, "Spark", token.id)
    settle(state)
    assert tokens(state, 0) == []
    assert state.scrap[0] == (only_card(state, "Spark", 0, state.scrap[0]),)
    assert moves(state, mark, token.id) == [("Arena", "nowhere (a token ceases to exist)")]


@pytest.mark.parametrize("rite", ["Banishing Fold", "Updraft Gust"])
def test_cmd_r28_a_token_never_reaches_hand_or_deck(lab: CommandGame, rite: str) -> None:
    """R28: leaving the Arena, a token ceases to exist: it never goes to Scrap, hand or deck."""
    state = start(lab, {"hand": [rite], "unused": "4G", "arena": [{"token": True}]}, {})
    (token,) = tokens(state, 0)
    deck = len(state.decks[0])
    cast(state, rite, token.id)
    settle(state)
    assert tokens(state, 0) == []
    assert list(state.hands[0]) == []
    assert len(state.decks[0]) == deck
    assert token.id not in state.decks[0].top
    assert state.obliterated[0] == ()


def test_cmd_dx17_a_destroyed_swarm_token_is_in_no_zone(lab: CommandGame) -> None:
    """DX17: a Swarm token that is destroyed is in no zone afterwards."""
    state = start(lab, {"hand": ["Seedling Chorus", "Spark"], "unused": "4G"}, {})
    cast(state, "Seedling Chorus")
    settle(state)
    (token,) = tokens(state, 0)
    cast(state, "Spark", token.id)
    settle(state)
    everywhere = [
        *(p.id for p in state.arena),
        *(c for seat in (0, 1) for c in (*state.scrap[seat], *state.obliterated[seat], *state.hands[seat])),
        *state.exiled,
        *(c for seat in (0, 1) for c in (*state.decks[seat].top, *state.decks[seat].bottom)),
    ]
    assert token.id not in everywhere


# ---------------------------------------------------------------------- R17: trench counters and Bombard


def test_cmd_r17_entrench_gives_a_trench_counter_on_entering(lab: CommandGame) -> None:
    """R17: an Entity gets one trench counter when it enters with Entrench."""
    state = start(lab, {"hand": ["Cliff Sentinel", "Lab Bear"], "unused": "6G"}, {})
    cast(state, "Cliff Sentinel")
    settle(state)
    cast(state, "Lab Bear")
    settle(state)
    assert perm(state, one(state, "Cliff Sentinel", 0)).trench == 1
    assert perm(state, one(state, "Lab Bear", 0)).trench == 0


def test_cmd_r17_entrench_is_a_sentry_with_plus_0_plus_2(lab: CommandGame) -> None:
    """R17, R18, K16: Entrench gives Sentry (it can't attack) and +0/+2 (Force/Durability)."""
    state = start(lab, {"arena": ["Cliff Sentinel", "Lab Bear"]}, {})
    sentinel = perm(state, one(state, "Cliff Sentinel", 0))
    assert (force(state, sentinel), durability(state, sentinel)) == (1, 5)
    assert attackers(state) == {one(state, "Lab Bear", 0)}


def test_cmd_r17_bombard_removes_a_counter_to_deal_2_to_any_target(lab: CommandGame) -> None:
    """R17, K07: Bombard: remove a trench counter from an Entity you control: 2 damage to any target."""
    state = start(lab, {"arena": ["Trench Mortar", "Cliff Sentinel"]}, {"arena": ["Lab Mourner"]})
    mortar, sentinel = one(state, "Trench Mortar", 0), one(state, "Cliff Sentinel", 0)
    mourner = one(state, "Lab Mourner", 1)
    bombard = Activate(mortar, BOMBARD)
    assert bombard in state.legal_actions()
    state.apply_action(bombard)
    assert state.prompt.phase is Phase.TRENCH
    assert legal_targets(state) == {mortar, sentinel}
    state.apply_action(ChooseTarget(sentinel))  # another Entity's counter pays
    assert perm(state, sentinel).trench == 0
    assert legal_targets(state) == {mortar, sentinel, mourner, ME, YOU}
    state.apply_action(ChooseTarget(mourner))
    settle(state)
    assert perm(state, mourner).damage == 2
    state.apply_action(bombard)
    state.apply_action(ChooseTarget(mortar))
    state.apply_action(ChooseTarget(YOU))
    settle(state)
    assert state.integrity == [20, 18]
    assert bombard not in state.legal_actions()  # no trench counter is left


def test_cmd_r17_bombard_needs_a_counter(lab: CommandGame) -> None:
    """R17: without a trench counter on an Entity you control, Bombard can't be activated."""
    state = start(lab, {"arena": [{"card": "Trench Mortar", "trench": 0}]}, {"arena": ["Cliff Sentinel"]})
    assert Activate(one(state, "Trench Mortar", 0), BOMBARD) not in state.legal_actions()


# ---------------------------------------------------------------------- CMD-40, R21: the loop cap


def test_cmd_40_a_free_loop_runs_at_most_3_times_a_turn(lab: CommandGame) -> None:
    """CMD-40, R21: an ability without a Shard cost can be activated at most 3 times per turn per source."""
    state = start(
        lab,
        {"arena": [{"card": "Trench Mortar", "trench": 5}, {"card": "Trench Mortar", "trench": 1}]},
        {"deck_top": ["Lab Bear", "Lab Bear"]},
    )
    first, second = ids(state, "Trench Mortar", 0)
    for _ in range(3):
        state.apply_action(Activate(first, BOMBARD))
        state.apply_action(ChooseTarget(first))
        state.apply_action(ChooseTarget(YOU))
        settle(state)
    assert state.integrity == [20, 14]
    assert Activate(first, BOMBARD) not in state.legal_actions()
    assert Activate(second, BOMBARD) in state.legal_actions()  # per source object
    state.apply_action(Activate(second, BOMBARD))
    state.apply_action(ChooseTarget(first))  # the counters of the first Mortar still pay
    state.apply_action(ChooseTarget(YOU))
    settle(state)
    assert state.integrity == [20, 12]
    assert perm(state, first).trench == 1


def test_cmd_r21_the_cap_resets_each_turn(lab: CommandGame) -> None:
    """R21: the 3 uses are per turn: on a later turn the same source may Bombard again."""
    state = start(
        lab,
        {"arena": [{"card": "Trench Mortar", "trench": 4}], "deck_top": ["Lab Bear", "Lab Bear"]},
        {"deck_top": ["Lab Bear", "Lab Bear"]},
    )
    mortar = one(state, "Trench Mortar", 0)
    for _ in range(3):
        state.apply_action(Activate(mortar, BOMBARD))
        state.apply_action(ChooseTarget(mortar))
        state.apply_action(ChooseTarget(YOU))
        settle(state)
    assert Activate(mortar, BOMBARD) not in state.legal_actions()
    end_turn(state)
    assert state.turn == 4
    state.apply_action(Pass())  # seat 1 passes with an empty Queue: seat 0 holds priority on turn 4
    assert state.prompt.player == 0
    assert Activate(mortar, BOMBARD) in state.legal_actions()


def test_cmd_r21_a_free_warp_answered_by_itself_stops_at_3(lab: CommandGame) -> None:
    """R21: a Warp that costs 0 can be activated again in response to itself while its Entity is still in
    the Arena, but only 3 times per turn; another Entity's Warp is still open."""
    state = start(lab, {"arena": ["Lab Blinker", "Lab Blinker"]}, {})
    first, second = ids(state, "Lab Blinker", 0)
    for _ in range(3):
        assert Activate(first, WARP) in state.legal_actions()
        state.apply_action(Activate(first, WARP))
    assert len(state.queue) == 3
    assert perm(state, first).uses[1 + WARP] == 3
    assert Activate(first, WARP) not in state.legal_actions()
    assert Activate(second, WARP) in state.legal_actions()


def test_cmd_r21_an_ability_that_exhausts_its_source_is_used_once_a_turn() -> None:
    """R21: the Sovereign's Exhaust ability has no Shard cost, but it Exhausts the Sovereign, which Readies
    only in its controller's Start Phase: it is used once a turn, and again on the next turn."""
    game = shipped("riftblades", "stoneguard")  # Rift Tyrant: Exhaust your Sovereign: Isolate
    state = start(
        game,
        {"deck_top": ["Cutthroat"] * 2},
        {"arena": ["Ridge Recruit", "Ridge Golem"], "deck_top": ["Ridge Recruit"] * 4},
    )
    sovereign = Activate(game.sovereign_id(0), EXHAUST)
    assert sovereign in state.legal_actions()
    state.apply_action(sovereign)
    state.apply_action(ChooseTarget(one(state, "Ridge Recruit", 1)))
    settle(state)
    assert state.sovereign_exhausted[0]
    assert sovereign not in state.legal_actions()
    end_turn(state)
    end_turn(state)
    assert state.active == 0
    assert not state.sovereign_exhausted[0]
    assert sovereign in state.legal_actions()


# ---------------------------------------------------------------------- R18, R20: Warp


def test_cmd_r20_warp_exiles_and_returns_a_new_ready_object(lab: CommandGame) -> None:
    """R20: Warp (cost 1, Fast) exiles the Entity; at the next Start Phase it returns Ready, with no damage,
    modifiers or counters."""
    state = start(
        lab,
        {
            "arena": [
                {"card": "Rift Stalker", "exhausted": True, "damage": 1, "upgrades": 2, "submerged": 1}
            ],
            "unused": "1G",
        },
        {"deck_top": ["Lab Bear", "Lab Bear"]},
    )
    stalker = one(state, "Rift Stalker", 0)
    state.apply_action(Activate(stalker, WARP))
    assert state.unused[0][0] == 0  # the cost of 1 is paid
    settle(state)
    assert state.permanent(stalker) is None
    assert state.exiled == (stalker,)
    end_turn(state)  # seat 1's Start Phase: it returns, under seat 0's control
    p = perm(state, stalker)
    assert state.exiled == ()
    assert p.owner == 0
    assert (p.exhausted, p.damage, p.upgrades, p.submerged, p.echo) == (False, 0, 0, 0, False)
    end_turn(state)
    assert stalker in attackers(state)  # it returned on seat 1's turn: no Fatigue on seat 0's


def test_cmd_r18_exile_is_not_obliterate(lab: CommandGame) -> None:
    """R18: "Exile" (Warp) sets the card aside until it returns; it is not Obliterated."""
    state = start(lab, {"arena": ["Rift Stalker"], "unused": "1G"}, {})
    stalker = one(state, "Rift Stalker", 0)
    mark = len(state.events)
    state.apply_action(Activate(stalker, WARP))
    settle(state)
    assert moves(state, mark, stalker) == [("Arena", "exile")]
    assert state.obliterated == [(), ()]
    assert state.scrap == [(), ()]


def test_cmd_r20_returning_on_its_controllers_turn_means_fatigue(lab: CommandGame) -> None:
    """R20: Warp is Fast; warped on the opponent's turn, it returns on its controller's turn, fatigued."""
    state = start(
        lab,
        {"arena": ["Rift Stalker"], "unused": "1G", "deck_top": ["Lab Bear", "Lab Bear"]},
        {},
        turn=4,
        active=1,
    )
    stalker = one(state, "Rift Stalker", 0)
    state.apply_action(Pass())  # seat 1 passes with an empty Queue: seat 0 may act
    assert state.prompt.player == 0
    state.apply_action(Activate(stalker, WARP))
    for _ in range(10):
        if state.active == 0 and state.step is Step.MAIN:
            break
        state.apply_action(Pass())
    p = perm(state, stalker)
    assert p.entered == state.turn == 5
    assert stalker not in attackers(state)


def test_cmd_r20_a_marked_entity_that_warps_is_obliterated(lab: CommandGame) -> None:
    """R20, R15: an Echo-marked Entity that Warps is Obliterated instead of exiled."""
    state = start(lab, {"arena": [{"card": "Rift Stalker", "echo": True}], "unused": "1G"}, {})
    stalker = one(state, "Rift Stalker", 0)
    state.apply_action(Activate(stalker, WARP))
    settle(state)
    assert state.exiled == ()
    assert state.obliterated[0] == (stalker,)


def test_cmd_r20_warp_costs_shards(lab: CommandGame) -> None:
    """R20: Warp has a Shard cost (default 1): with nothing to pay it with, it can't be activated."""
    state = start(lab, {"arena": ["Rift Stalker", "Lab Bear"], "pool": "", "unused": ""}, {})
    assert state.prompt.player == 0
    assert Activate(one(state, "Rift Stalker", 0), WARP) not in state.legal_actions()
    state = start(lab, {"arena": ["Rift Stalker", "Lab Bear"], "pool": "", "unused": "1G"}, {})
    assert Activate(one(state, "Rift Stalker", 0), WARP) in state.legal_actions()


# ---------------------------------------------------------------------- R22: choices inside effects


def test_cmd_r22_drain_intel_the_discarding_player_chooses() -> None:
    """R22, K12: Drain Intel: the opponent discards, and chooses the card."""
    game = shipped("riftblades", "stoneguard")
    state = start(
        game,
        {"hand": ["Mindrend"], "unused": "1M"},
        {"hand": ["Ridge Recruit", "Sky Lancer", "Stone Skin"]},
    )
    cast(state, "Mindrend")
    for _ in range(5):
        if state.prompt.phase is Phase.DISCARD:
            break
        state.apply_action(Pass())
    assert state.prompt.player == 1
    assert state.prompt.phase is Phase.DISCARD
    hand = list(state.hands[1])
    assert {a.card for a in state.legal_actions() if isinstance(a, Discard)} == set(hand)
    lancer = only_card(state, "Sky Lancer", 1)
    state.apply_action(Discard(lancer))
    settle(state)
    assert state.scrap[1] == (lancer,)
    assert sorted(state.hands[1]) == sorted(c for c in hand if c != lancer)


def test_cmd_r22_loot_draws_then_the_same_player_discards() -> None:
    """R22, K29: Loot: draw, then the same player chooses a card to discard (the new one included)."""
    game = shipped("tidewell", "stoneguard")
    state = start(
        game,
        {"hand": ["Tide Scholar", "Undertow"], "unused": "4G", "deck_top": ["Deepwater Leviathan"]},
        {},
    )
    leviathan = state.decks[0].top[0]
    cast(state, "Tide Scholar")
    for _ in range(5):
        if state.prompt.phase is Phase.DISCARD:
            break
        state.apply_action(Pass())
    assert state.prompt.player == 0
    assert state.prompt.phase is Phase.DISCARD
    undertow = only_card(state, "Undertow", 0)
    assert {a.card for a in state.legal_actions() if isinstance(a, Discard)} == {undertow, leviathan}
    state.apply_action(Discard(undertow))
    settle(state)
    assert list(state.hands[0]) == [leviathan]
    assert state.scrap[0] == (undertow,)


@pytest.mark.parametrize(
    ("bottoms", "top", "bottom"),
    [
        ((False, False), [0, 1, 2], []),
        ((True, False), [1, 2], [0]),
        ((True, True), [2], [0, 1]),
        ((False, True), [0, 2], [1]),
    ],
)
def test_cmd_r22_foresight_one_decision_per_card_in_order(
    lab: CommandGame, bottoms: tuple[bool, bool], top: list[int], bottom: list[int]
) -> None:
    """R22, K22: one decision per card; kept cards keep their order on top, the others go under in order."""
    state = start(
        lab,
        {
            "hand": ["Echoing Glimpse"],
            "unused": "2G 1T",
            "deck_top": ["Lab Bear", "Spark", "Lab Mourner"],
            "deck": [],
        },
        {},
    )
    cards = list(state.decks[0].top)
    cast(state, "Echoing Glimpse")
    settle_foresight(state, bottoms)
    assert state.decks[0].top == [cards[i] for i in top]
    assert state.decks[0].bottom == [cards[i] for i in bottom]


def test_cmd_r22_targets_are_chosen_when_queued(lab: CommandGame) -> None:
    """R22: targets are chosen as the card goes on the Queue, before the opponent may respond."""
    state = start(
        lab,
        {"hand": ["Spark"], "unused": "2G"},
        {"arena": ["Lab Bear"], "hand": ["Quick Spark"], "unused": "2G"},
    )
    spark, bear = only_card(state, "Spark", 0), one(state, "Lab Bear", 1)
    state.apply_action(Play(spark))
    assert state.prompt.player == 0
    assert state.prompt.phase is Phase.TARGET
    assert state.queue == []
    state.apply_action(ChooseTarget(bear))
    assert [item.targets for item in state.queue] == [(bear,)]
    assert state.prompt.player == 1  # only now the opponent gets priority
    assert any(isinstance(e, ItemQueued) and f"#{bear}" in str(e.text) for e in state.events)


def test_cmd_r22_a_rite_whose_target_left_does_nothing_and_goes_to_scrap(lab: CommandGame) -> None:
    """R22: at resolution an illegal target is dropped; with no legal target left the Rite does nothing."""
    state = start(lab, {"hand": ["Spark"], "unused": "2G"}, {"arena": ["Rift Stalker"], "unused": "1G"})
    spark, stalker = only_card(state, "Spark", 0), one(state, "Rift Stalker", 1)
    cast(state, "Spark", stalker)
    mark = len(state.events)
    state.apply_action(Activate(stalker, WARP))  # seat 1 answers: its Stalker leaves
    settle(state)
    assert state.exiled == (stalker,)
    assert [e.why for e in state.events.since(mark) if isinstance(e, ItemCountered)] == ["no legal target"]
    assert state.scrap[0] == (spark,)
    assert state.integrity == [20, 20]


def test_cmd_r22_a_target_that_became_illegal_is_dropped(lab: CommandGame) -> None:
    """R22: a target destroyed in response is no longer legal: the Rite does nothing at all."""
    state = start(
        lab,
        {"hand": ["Banishing Fold"], "unused": "3G"},
        {"arena": ["Lab Bear", "Lab Mourner"], "hand": ["Quick Spark"], "unused": "2G"},
    )
    fold = only_card(state, "Banishing Fold", 0)
    bear = one(state, "Lab Bear", 1)
    cast(state, "Banishing Fold", bear)
    cast(state, "Quick Spark", bear, seat=1)  # seat 1 destroys its own Bear first
    settle(state)
    assert bear in state.scrap[1]
    assert list(state.hands[1]) == []
    assert ids(state, "Lab Mourner", 1) != []  # nothing else was returned instead
    assert state.scrap[0] == (fold,)


def test_cmd_r22_a_rite_needs_a_legal_target_to_be_played(lab: CommandGame) -> None:
    """R22: a card cannot be played without a legal target (Second Spring with no Entity in Scrap)."""
    state = start(lab, {"hand": ["Second Spring", "Banishing Fold"], "unused": "4G", "scrap": ["Spark"]}, {})
    assert Play(only_card(state, "Second Spring", 0)) not in state.legal_actions()
    assert Play(only_card(state, "Banishing Fold", 0)) not in state.legal_actions()
    state = start(
        lab,
        {"hand": ["Second Spring", "Banishing Fold"], "unused": "4G", "scrap": ["Lab Bear"]},
        {"arena": ["Lab Bear"]},
    )
    assert Play(only_card(state, "Second Spring", 0)) in state.legal_actions()
    assert Play(only_card(state, "Banishing Fold", 0)) in state.legal_actions()


def test_cmd_r22_a_trigger_without_a_target_is_skipped(lab: CommandGame) -> None:
    """R22: Grave Caller's Reanimate finds no Entity in Scrap: it enters, and nothing is asked."""
    state = start(lab, {"hand": ["Grave Caller"], "unused": "6G", "scrap": ["Spark"]}, {})
    cast(state, "Grave Caller")
    settle(state)
    assert ids(state, "Grave Caller", 0) != []
    assert state.prompt.phase is Phase.PRIORITY


# ---------------------------------------------------------------------- DX24: Isolate


def test_cmd_dx24_isolate_lasts_through_the_end_of_the_casters_next_turn(lab: CommandGame) -> None:
    """DX24: Isolate cast on A's turn N lasts through A's turn N+2 (the end of A's next turn)."""
    draws = ["Lab Bear"] * 6
    state = start(
        lab,
        {"hand": ["Exile Beam"], "unused": "2G", "arena": ["Lab Bear"], "deck_top": draws},
        {"arena": ["Lab Mourner"], "deck_top": draws},
    )
    mourner, bear = one(state, "Lab Mourner", 1), one(state, "Lab Bear", 0)
    cast(state, "Exile Beam", mourner)
    settle(state)
    end_turn(state)  # turn 4, B's: it can't attack
    assert state.turn == 4
    assert mourner not in attackers(state)
    end_turn(state)  # turn 5, A's: it can't Intercept
    state.apply_action(DeclareAttack(bear))
    state.apply_action(ChooseTarget(YOU))
    assert state.prompt.phase is not Phase.INTERCEPT
    settle(state)
    assert state.integrity == [20, 18]
    end_turn(state)  # turn 6, B's: free again
    assert state.turn == 6
    assert mourner in attackers(state)


def test_cmd_dx24_isolate_cast_on_the_opponents_turn_ends_with_the_casters_next_turn(
    lab: CommandGame,
) -> None:
    """DX24, K28: cast on B's turn, "until the end of your next turn" is A's very next turn."""
    game = shipped("riftblades", "stoneguard")  # Rift Tyrant: Exhaust your Sovereign: Isolate
    state = start(
        game,
        {"arena": ["Skyhook Guard"], "deck_top": ["Cutthroat"] * 2},
        {"arena": ["Ridge Recruit", "Ridge Golem"], "deck_top": ["Ridge Recruit"] * 4},
        turn=4,
        active=1,
    )
    recruit = one(state, "Ridge Recruit", 1)
    state.apply_action(Pass())
    state.apply_action(Activate(game.sovereign_id(0), EXHAUST))
    state.apply_action(ChooseTarget(recruit))
    for _ in range(10):
        if state.active == 0 and state.step is Step.MAIN:
            break
        state.apply_action(Pass())
    assert state.turn == 5  # A's turn: the Recruit can't Intercept
    guard = state.permanent(one(state, "Skyhook Guard", 0))
    isolated_recruit, golem = state.permanent(recruit), state.permanent(one(state, "Ridge Golem", 1))
    assert guard is not None
    assert isolated_recruit is not None
    assert golem is not None
    assert not can_intercept(state, isolated_recruit, guard)  # Isolated through turn 5
    assert can_intercept(state, golem, guard)
    state.apply_action(DeclareAttack(guard.id))
    state.apply_action(ChooseTarget(YOU))  # Intimidating (the Rift Tyrant's aura) and one eligible: no block
    settle(state)
    end_turn(state)  # turn 6, B's: the Isolation is over
    assert state.turn == 6
    assert recruit in attackers(state)
