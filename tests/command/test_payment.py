"""Resources and the automatic payer (CMD-27 to 31, R25, R27; DX3).

First the rules in play (seat 0 plays a deck built for these scenarios: Tidecaller, Flow, one- and
two-element Elemental Rocks), then `shardgames.command.payment.find_payment` on its own, with hand-made
wallets. Stone and Shard tuples are Generic first, then the ten elements (Earth, Air, Malice, Void, Fire,
Time, Death, Water, Life, Space).
"""

from __future__ import annotations

import pytest
from command_scenarios import card_file, file_game, in_hand, perm, position
from hypothesis import given
from hypothesis import strategies as st

from shardgames.command.actions import Activate, ChooseElement, ChooseTarget, Pass, Play
from shardgames.command.cards import ShardCost
from shardgames.command.compiled import MANA
from shardgames.command.events import ItemQueued, ManaMade, Paid
from shardgames.command.game import CommandGame
from shardgames.command.objects import player_target
from shardgames.command.payment import ManaSource, Payment, Wallet, can_pay, find_payment, plain_payment
from shardgames.command.phases import Phase
from shardgames.command.play import wallet
from shardgames.command.state import CommandState

EARTH, AIR, FIRE, WATER, LIFE = 0, 1, 4, 7, 8

DECKS = """
[[card]]
name = "Twin Idol"
type = "item"
identity = ["earth", "air"]
cost = "EA"
keywords = [{ keyword = "elemental_rock", amount = 2 }]

[[deck]]
id = "payer"
name = "Payer"
sovereign = "Warden of the Ridge"
stones = { generic = 6, earth = 3, air = 3 }

[deck.main]
"Tidecaller" = 4
"Reef Warden" = 4
"Stone Skin" = 4
"Twin Idol" = 4
"Ridgestone Idol" = 4
"Ridge Recruit" = 4
"Blood Pact" = 4
"Tide Scholar" = 4
"Ash Hound" = 4
"Spark" = 4
"""


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> CommandGame:
    """Seat 0 plays the Payer deck, seat 1 Pyre."""
    return file_game(card_file(tmp_path_factory.mktemp("decks"), "payer.toml", DECKS), "payer", "pyre")


def seat0(game: CommandGame, **player: object) -> CommandState:
    """Seat 0's Main Phase, turn 3, with the given fields for seat 0 (seat 1 has nothing in play)."""
    return position(game, {"turn": 3, "active": 0, "players": [player, {}]})


def can_play(state: CommandState, name: str) -> bool:
    return Play(in_hand(state, 0, name)) in state.legal_actions()


def stones(**counts: int) -> tuple[int, ...]:
    """An 11-tuple: ``stones(G=2, E=1)``; element letters as in Shard costs."""
    order = "GEAMVFTDWLS"
    return tuple(counts.get(letter, 0) for letter in order)


def elements(**counts: int) -> tuple[int, ...]:
    """A 10-tuple of per-element counts: ``elements(E=1)``."""
    return stones(**counts)[1:]


def wallet_of(
    generic: int = 0,
    floating_generic: int = 0,
    floating: tuple[int, ...] = (0,) * 10,
    sources: tuple[ManaSource, ...] = (),
    **stone_counts: int,
) -> Wallet:
    return Wallet(floating_generic, floating, generic, elements(**stone_counts), sources)


def cost(text: str) -> ShardCost:
    return ShardCost.parse(text)


def pay_and_queue(state: CommandState, name: str, *targets: int) -> list[object]:
    """Play `name` from seat 0's hand; the events (with the payment)."""
    events = list(state.apply_action(Play(in_hand(state, 0, name))))
    for target in targets:
        events += state.apply_action(ChooseTarget(target))
    return events


# ---------------------------------------------------------------------- CMD-27 to CMD-31 in play


def test_cmd_27_a_cost_slides_stones_from_unused_to_used(game: CommandGame) -> None:
    """CMD-27: a cost is paid by sliding Charge Stones from Unused to Used."""
    state = seat0(game, hand=["Ridge Recruit"], unused="1G 1E 1A")
    events = pay_and_queue(state, "Ridge Recruit")
    assert state.unused[0] == stones(A=1)
    assert state.used[0] == stones(G=1, E=1)
    paid = [e for e in events if isinstance(e, Paid)]
    assert [(p.seat, p.cost, p.stones, p.filters) for p in paid] == [(0, "1E", "1 Generic, 1 Earth", 0)]


def test_cmd_28_generic_costs_take_any_stone(game: CommandGame) -> None:
    """CMD-28: the generic part of a cost can be paid with any stone, Elemental ones included."""
    state = seat0(game, hand=["Ridge Recruit"], unused="1E 1A")
    assert can_play(state, "Ridge Recruit")
    pay_and_queue(state, "Ridge Recruit")
    assert state.used[0] == stones(E=1, A=1)
    state = seat0(game, hand=["Ridge Recruit"], unused="2E")
    pay_and_queue(state, "Ridge Recruit")
    assert state.used[0] == stones(E=2)


def test_cmd_29_element_pips_need_matching_stones(game: CommandGame) -> None:
    """CMD-29: an element pip needs a matching Elemental Stone (or Shard): an Air stone can't pay Earth."""
    assert not can_play(seat0(game, hand=["Stone Skin"], unused="1A"), "Stone Skin")
    assert not can_play(seat0(game, hand=["Spark"], unused="1E 1A 1W"), "Spark")
    state = seat0(game, hand=["Stone Skin"], unused="1E 1A", arena=["Ridge Recruit"])
    pay_and_queue(state, "Stone Skin", perm(state, 0, "Ridge Recruit"))
    assert state.used[0] == stones(E=1)


def test_cmd_30_a_two_element_card_needs_both_elements(game: CommandGame) -> None:
    """CMD-30: Tidecaller (Water and Life, 2WL) needs at least 1 Shard of each of its elements."""
    assert not can_play(seat0(game, hand=["Tidecaller"], unused="4W"), "Tidecaller")
    assert not can_play(seat0(game, hand=["Tidecaller"], unused="4L"), "Tidecaller")
    assert not can_play(seat0(game, hand=["Tidecaller"], unused="3W 1E"), "Tidecaller")
    state = seat0(game, hand=["Tidecaller"], unused="3W 1L")
    pay_and_queue(state, "Tidecaller")
    assert state.used[0] == stones(W=3, L=1)


def test_cmd_31_filtering_two_generic_stones_for_an_elemental_shard(game: CommandGame) -> None:
    """CMD-31: Shard Filtering slides 2 Generic Stones for 1 Elemental Shard of any element."""
    assert not can_play(seat0(game, hand=["Stone Skin"], unused="1G", arena=["Ridge Recruit"]), "Stone Skin")
    state = seat0(game, hand=["Stone Skin"], unused="2G", arena=["Ridge Recruit"])
    assert can_play(state, "Stone Skin")
    events = pay_and_queue(state, "Stone Skin", perm(state, 0, "Ridge Recruit"))
    assert [(e.filters, e.stones) for e in events if isinstance(e, Paid)] == [(1, "2 Generic")]
    assert state.used[0] == stones(G=2)
    assert state.floating[0] == stones()  # exactly what was needed: nothing left over
    # the Elemental Shard may be of any element, Space included
    state = seat0(game, hand=["Tidecaller"], unused="6G")
    pay_and_queue(state, "Tidecaller")
    assert state.used[0] == stones(G=6)


def test_cmd_dx3_tidecaller_with_four_generic_and_a_water_stone(game: CommandGame) -> None:
    """DX3: with G, G, G, G, Water, Tidecaller (W+L+2) is payable: 2 G filter to Life, 2 G pay the generic."""
    state = seat0(game, hand=["Tidecaller"], unused="4G 1W")
    assert can_play(state, "Tidecaller")
    events = pay_and_queue(state, "Tidecaller")
    assert [e.filters for e in events if isinstance(e, Paid)] == [1]
    assert state.used[0] == stones(G=4, W=1)
    assert state.unused[0] == stones()
    assert len(state.queue) == 1


def test_cmd_dx3_tidecaller_with_three_generic_and_a_water_stone(game: CommandGame) -> None:
    """DX3: with G, G, G, Water, Tidecaller is not payable, so it can't be played."""
    state = seat0(game, hand=["Tidecaller"], unused="3G 1W")
    assert not can_play(state, "Tidecaller")
    assert find_payment(wallet(state, 0), cost("2WL")) is None


# ---------------------------------------------------------------------- R25: floating Shards and Rocks


def test_cmd_r25_a_rock_shard_floats_until_the_end_of_the_turn(game: CommandGame) -> None:
    """R25: Shards from an Elemental Rock float through the turn (across the Queue) and vanish at its end."""
    state = seat0(game, arena=["Ridgestone Idol", "Ridge Recruit"], hand=["Spark", "Stone Skin"], unused="1G")
    idol = perm(state, 0, "Ridgestone Idol")
    events = state.apply_action(Activate(idol, MANA))  # a one-element Rock: no choice to make
    assert [e.shards for e in events if isinstance(e, ManaMade)] == ["1 Earth Shard"]
    assert state.floating[0] == stones(E=1)
    assert state.permanent(idol).exhausted  # type: ignore[union-attr]
    state.apply_action(Activate(game.sovereign_id(0), 0))  # the Warden's Upgrade goes on the Queue ...
    state.apply_action(ChooseTarget(perm(state, 0, "Ridge Recruit")))
    while state.queue:
        state.apply_action(Pass())
    assert state.floating[0] == stones(E=1)  # ... and resolves: the Shard is still there
    while state.active == 0:
        state.apply_action(Pass())
    assert state.floating[0] == stones()


def test_cmd_r25_a_floating_shard_pays_a_later_cost(game: CommandGame) -> None:
    """R25: a floating Shard made earlier in the turn pays a later cost (before any stone, R27)."""
    state = seat0(game, arena=["Ridgestone Idol", "Ridge Recruit"], hand=["Stone Skin"], unused="1E")
    state.apply_action(Activate(perm(state, 0, "Ridgestone Idol"), MANA))
    pay_and_queue(state, "Stone Skin", perm(state, 0, "Ridge Recruit"))
    assert state.floating[0] == stones()
    assert state.unused[0] == stones(E=1)
    assert state.used[0] == stones()


def test_cmd_r25_a_two_element_rock_lets_the_player_choose(game: CommandGame) -> None:
    """R25: a two-element Rock makes each Shard in either element, the player's choice (ChooseElement)."""
    state = seat0(game, arena=["Twin Idol"])
    idol = perm(state, 0, "Twin Idol")
    state.apply_action(Activate(idol, MANA))
    assert (state.current_player, state.prompt.phase) == (0, Phase.ELEMENT)  # type: ignore[union-attr]
    assert set(state.legal_actions()) == {ChooseElement(EARTH), ChooseElement(AIR)}
    state.apply_action(ChooseElement(AIR))
    assert state.prompt.phase is Phase.ELEMENT  # type: ignore[union-attr]  # a second Shard to make
    state.apply_action(ChooseElement(AIR))
    assert state.floating[0] == stones(A=2)
    assert state.prompt.phase is Phase.PRIORITY  # type: ignore[union-attr]
    assert state.queue == []
    state = seat0(game, arena=["Twin Idol"])
    state.apply_action(Activate(perm(state, 0, "Twin Idol"), MANA))
    state.apply_action(ChooseElement(EARTH))
    state.apply_action(ChooseElement(AIR))
    assert state.floating[0] == stones(E=1, A=1)


def test_cmd_r25_after_the_last_shard_no_rock_is_making_shards(game: CommandGame) -> None:
    """R25: once a two-element Rock's last Shard is made, the state no longer names a Rock making Shards,
    and it saves and loads back as the same state."""
    state = seat0(game, arena=["Twin Idol"])
    idol = perm(state, 0, "Twin Idol")
    state.apply_action(Activate(idol, MANA))
    assert state.element_source == idol
    state.apply_action(ChooseElement(EARTH))
    state.apply_action(ChooseElement(EARTH))
    assert state.element_source == -1
    assert game.state_from_json(state.to_json()) == state


def test_cmd_r25_flow_floats_a_generic_shard(game: CommandGame) -> None:
    """R25, K21: Flow makes 1 Generic Shard, which floats like the others."""
    state = seat0(game, arena=["Reef Warden"])
    state.apply_action(Activate(perm(state, 0, "Reef Warden"), MANA))
    assert state.floating[0] == stones(G=1)


def test_cmd_r25_two_element_rock_shards_pay_generic_costs(game: CommandGame) -> None:
    """R25, R27: a Ready two-element Rock is a source of Shards for the payer: with a Fire stone and a Twin
    Idol (Rock 2), Ash Hound (1F) is payable, and the Rock's second Shard floats."""
    state = seat0(game, arena=["Twin Idol"], hand=["Ash Hound"], unused="1F")
    assert can_play(state, "Ash Hound")
    pay_and_queue(state, "Ash Hound")
    assert state.permanent(perm(state, 0, "Twin Idol")).exhausted  # type: ignore[union-attr]
    assert sum(state.floating[0]) == 1


def test_cmd_r25_a_fresh_item_rock_pays(game: CommandGame) -> None:
    """R25, R19: an Item's Rock works on the turn it enters (no Deployment Fatigue for Items)."""
    state = seat0(game, arena=[{"card": "Twin Idol", "fresh": True}, "Ridge Recruit"], hand=["Stone Skin"])
    assert can_play(state, "Stone Skin")
    pay_and_queue(state, "Stone Skin", perm(state, 0, "Ridge Recruit"))
    assert state.permanent(perm(state, 0, "Twin Idol")).exhausted  # type: ignore[union-attr]


# ---------------------------------------------------------------------- R27: the automatic payer in play


def test_cmd_r27_fewest_filters_first(game: CommandGame) -> None:
    """R27 (1): a payment without filtering is preferred: Tidecaller with 4 G, W and L uses the L stone."""
    state = seat0(game, hand=["Tidecaller"], unused="4G 1W 1L")
    events = pay_and_queue(state, "Tidecaller")
    assert [e.filters for e in events if isinstance(e, Paid)] == [0]
    assert state.used[0] == stones(G=2, W=1, L=1)
    assert state.unused[0] == stones(G=2)


def test_cmd_r27_floating_shards_before_stones(game: CommandGame) -> None:
    """R27 (2): floating Shards are spent before stones."""
    state = seat0(game, hand=["Stone Skin"], floating="1E", unused="1E", arena=["Ridge Recruit"])
    pay_and_queue(state, "Stone Skin", perm(state, 0, "Ridge Recruit"))
    assert state.floating[0] == stones()
    assert state.unused[0] == stones(E=1)
    state = seat0(game, hand=["Ridge Recruit"], floating="1G", unused="1G 1E")
    pay_and_queue(state, "Ridge Recruit")
    assert state.floating[0] == stones()
    assert state.unused[0] == stones(G=1)


def test_cmd_r27_generic_stones_before_elemental_for_generic(game: CommandGame) -> None:
    """R27 (3): for a generic cost, Generic Stones are slid before Elemental Stones."""
    state = seat0(game, hand=["Ridge Recruit"], unused="1G 2E")
    pay_and_queue(state, "Ridge Recruit")
    assert state.used[0] == stones(G=1, E=1)
    assert state.unused[0] == stones(E=1)


def test_cmd_r27_the_element_with_most_stones_first(game: CommandGame) -> None:
    """R27 (4): among Elemental Stones, the element with the most stones left pays the generic part first."""
    state = seat0(game, hand=["Ridge Recruit"], unused="1E 1W 3A")
    pay_and_queue(state, "Ridge Recruit")
    assert state.used[0] == stones(E=1, A=1)
    assert state.unused[0] == stones(W=1, A=2)


def test_cmd_r27_the_search_finds_what_greedy_misses(game: CommandGame) -> None:
    """R27: a greedy payer (Generic Stones first) fails on G, G, E, E, W for Tidecaller; the search filters
    the two Generic Stones into Life and pays the generic part with the Earth stones."""
    state = seat0(game, hand=["Tidecaller"], unused="2G 2E 1W")
    assert can_play(state, "Tidecaller")
    events = pay_and_queue(state, "Tidecaller")
    assert [e.filters for e in events if isinstance(e, Paid)] == [1]
    assert state.used[0] == stones(G=2, E=2, W=1)


@pytest.mark.parametrize(
    ("unused", "playable"),
    [
        ("1W 1L", False),
        ("2W 2L", True),
        ("2G 1W", False),
        ("2G 1W 1L", True),
        ("5G", False),
        ("6G", True),
        ("3G 1L", False),
        ("4G 1L", True),
        ("1G 1E 1A 1W", False),
        ("2G 1E 1W", False),
        ("2G 1E 1A 1W", True),
    ],
)
def test_cmd_r27_playable_exactly_when_a_payment_exists(
    game: CommandGame, unused: str, playable: bool
) -> None:
    """R27: a card is playable exactly when a payment exists (Tidecaller, 2WL, against various stones)."""
    state = seat0(game, hand=["Tidecaller"], unused=unused)
    assert can_play(state, "Tidecaller") is playable
    assert (find_payment(wallet(state, 0), cost("2WL")) is not None) is playable


def test_cmd_r27_flow_pays_when_stones_run_short(game: CommandGame) -> None:
    """R27, R10(e): the payer uses a Ready Flow Entity when the stones are not enough, Exhausting it."""
    state = seat0(game, hand=["Tide Scholar"], unused="1W", arena=["Reef Warden"])
    warden = perm(state, 0, "Reef Warden")
    events = pay_and_queue(state, "Tide Scholar")
    assert [e.sources for e in events if isinstance(e, Paid)] == [(warden,)]
    assert state.permanent(warden).exhausted  # type: ignore[union-attr]
    assert state.used[0] == stones(W=1)
    assert [e.depth for e in events if isinstance(e, ItemQueued)] == [1]  # only the Scholar was queued


def test_cmd_r27_the_payer_leaves_mana_abilities_alone_when_stones_suffice(game: CommandGame) -> None:
    """R27: with enough stones, the payer pays with stones and leaves the Flow Entity Ready."""
    state = seat0(game, hand=["Tide Scholar"], unused="1G 1W", arena=["Reef Warden"])
    pay_and_queue(state, "Tide Scholar")
    assert not state.permanent(perm(state, 0, "Reef Warden")).exhausted  # type: ignore[union-attr]


def test_cmd_r27_a_fatigued_flow_entity_does_not_pay(game: CommandGame) -> None:
    """R27, CMD-19: Flow is an Exhaust ability, so a Flow Entity that entered this turn can't pay."""
    state = seat0(game, hand=["Tide Scholar"], unused="1W", arena=[{"card": "Reef Warden", "fresh": True}])
    assert not can_play(state, "Tide Scholar")


def test_cmd_r27_a_rock_pays_an_element_pip(game: CommandGame) -> None:
    """R27, K15: a Ready Elemental Rock pays an element pip when no stone can (no filter needed)."""
    state = seat0(game, hand=["Stone Skin"], unused="2G", arena=["Ridgestone Idol", "Ridge Recruit"])
    idol = perm(state, 0, "Ridgestone Idol")
    events = pay_and_queue(state, "Stone Skin", perm(state, 0, "Ridge Recruit"))
    assert [(e.filters, e.sources) for e in events if isinstance(e, Paid)] == [(0, (idol,))]  # fewest filters
    assert state.unused[0] == stones(G=2)


def test_cmd_r27_the_payment_never_targets_anything(game: CommandGame) -> None:
    """R27: players never choose stones: after Play and the targets, the item is on the Queue, paid."""
    state = seat0(game, hand=["Spark"], unused="1F 1G")
    state.apply_action(Play(in_hand(state, 0, "Spark")))
    assert state.legal_actions() == tuple(
        sorted((ChooseTarget(t) for t in (player_target(0), player_target(1))), key=lambda a: a.target)
    )
    state.apply_action(ChooseTarget(player_target(1)))
    assert state.used[0] == stones(F=1)
    assert state.prompt.phase is Phase.PRIORITY  # type: ignore[union-attr]


def test_cmd_r27_a_flow_entity_pays_then_is_sacrificed(game: CommandGame) -> None:
    """R27, R10(e): Blood Pact (1D, sacrifice an Entity) is payable with a Death stone and a Ready Flow
    Entity; sacrificing that Entity is legal, so the play completes, paid, with Blood Pact on the Queue."""
    state = game.state_from_position(
        {
            "turn": 3,
            "active": 0,
            "players": [
                {"hand": ["Blood Pact"], "unused": "1D", "arena": ["Reef Warden"]},
                {"arena": ["Ash Hound"]},
            ],
        }
    )
    assert isinstance(state, CommandState)
    pact, warden = in_hand(state, 0, "Blood Pact"), perm(state, 0, "Reef Warden")
    hound = next(p.id for p in state.arena if p.owner == 1)
    assert Play(pact) in state.legal_actions()
    state.apply_action(Play(pact))
    state.apply_action(ChooseTarget(hound))
    assert state.legal_actions() == (ChooseTarget(warden),)  # the only Entity to sacrifice
    state.apply_action(ChooseTarget(warden))
    assert [item.source for item in state.queue] == [pact]
    assert warden in state.scrap[0]
    assert state.used[0] == stones(D=1)


# ---------------------------------------------------------------------- find_payment on its own


def test_cmd_dx3_find_payment_tidecaller() -> None:
    """DX3, R27: find_payment with G G G G + Water for 2WL: 1 filter, all 4 Generic and the Water stone."""
    payment = find_payment(wallet_of(4, W=1), cost("2WL"))
    assert payment == Payment(filters=1, stones_generic=4, stones=elements(W=1))
    assert find_payment(wallet_of(3, W=1), cost("2WL")) is None
    assert not can_pay(wallet_of(3, W=1), cost("2WL"))


def test_cmd_r27_find_payment_fewest_filters() -> None:
    """R27 (1): no filter when a stone of the element is there; otherwise exactly as many as needed."""
    assert find_payment(wallet_of(3, L=1), cost("1L")) == Payment(stones_generic=1, stones=elements(L=1))
    assert find_payment(wallet_of(3), cost("1L")) == Payment(filters=1, stones_generic=3)
    assert find_payment(wallet_of(4), cost("WL")) == Payment(filters=2, stones_generic=4)
    assert find_payment(wallet_of(3), cost("WL")) is None


def test_cmd_r27_find_payment_floating_before_stones() -> None:
    """R27 (2): floating Shards, elemental or generic, are spent before stones."""
    found = find_payment(wallet_of(0, floating=elements(E=1), E=1), cost("E"))
    assert found == Payment(floating=elements(E=1))
    found = find_payment(wallet_of(1, floating_generic=1), cost("1"))
    assert found == Payment(floating_generic=1)
    found = find_payment(wallet_of(1, floating=elements(A=1)), cost("1"))
    assert found == Payment(floating=elements(A=1))


def test_cmd_r27_find_payment_generic_stones_before_elemental() -> None:
    """R27 (3): the generic part takes Generic Stones before Elemental Stones."""
    assert find_payment(wallet_of(1, E=1), cost("1")) == Payment(stones_generic=1)
    assert find_payment(wallet_of(1, E=2), cost("2")) == Payment(stones_generic=1, stones=elements(E=1))


def test_cmd_r27_find_payment_most_stones_first() -> None:
    """R27 (4): among Elemental Stones, the element with the most stones left pays the generic part."""
    assert find_payment(wallet_of(0, E=1, A=2), cost("1")) == Payment(stones=elements(A=1))
    assert find_payment(wallet_of(0, E=1, W=3), cost("1E")) == Payment(stones=elements(E=1, W=1))
    assert find_payment(wallet_of(0, E=2, A=3), cost("3")) == Payment(stones=elements(E=1, A=2))


def test_cmd_r27_find_payment_searches_past_greedy() -> None:
    """R27: the search keeps Generic Stones for filtering when Elemental Stones can pay the generic part."""
    found = find_payment(wallet_of(2, E=2), cost("2L"))
    assert found == Payment(filters=1, stones_generic=2, stones=elements(E=2))


def test_cmd_r27_find_payment_exists_iff_payable() -> None:
    """R27: find_payment returns None exactly when nothing can pay: too few Shards, or the wrong ones."""
    assert find_payment(wallet_of(0), cost("1")) is None
    assert find_payment(wallet_of(0), ShardCost()) == Payment()
    assert find_payment(wallet_of(1, E=1), cost("2L")) is None  # 2 stones for a cost of 3
    assert find_payment(wallet_of(0, E=3), cost("A")) is None  # Elemental Stones never filter
    assert find_payment(wallet_of(2, E=1), cost("2L")) is None  # filtering eats both Generic Stones


def test_cmd_r27_find_payment_with_flow() -> None:
    """R27, K21: a Flow source adds a Generic Shard, used only when the stones fall short."""
    flow = ManaSource(7, 1)
    assert find_payment(wallet_of(1, sources=(flow,)), cost("1")) == Payment(stones_generic=1)
    assert find_payment(wallet_of(0, sources=(flow,)), cost("1")) == Payment(sources=(7,))
    found = find_payment(wallet_of(0, sources=(flow,), W=1), cost("1W"))
    assert found == Payment(stones=elements(W=1), sources=(7,))
    assert find_payment(wallet_of(0, sources=(flow,)), cost("W")) is None  # a Generic Shard pays no pip


def test_cmd_r27_find_payment_uses_an_item_before_an_entity() -> None:
    """R27: among payments with as few mana abilities, an Item's comes before an Entity's, whichever has
    the lower number; then the lower number first."""
    flow, rock = ManaSource(3, 1), ManaSource(9, 1, (EARTH,), is_item=True)
    assert find_payment(wallet_of(0, sources=(flow, rock)), cost("1")) == Payment(sources=(9,))
    other = ManaSource(5, 1)
    assert find_payment(wallet_of(0, sources=(other, flow)), cost("1")) == Payment(sources=(3,))


def test_cmd_r27_find_payment_with_a_one_element_rock() -> None:
    """R27, K15: a one-element Rock pays pips of its element; its extra Shards float as that element."""
    rock = ManaSource(9, 2, (EARTH,), is_item=True)
    found = find_payment(wallet_of(0, sources=(rock,)), cost("E"))
    assert found == Payment(sources=(9,), float_elemental=elements(E=1))
    found = find_payment(wallet_of(0, sources=(rock,)), cost("1E"))
    assert found == Payment(sources=(9,))
    assert find_payment(wallet_of(0, sources=(rock,)), cost("A")) is None


def test_cmd_r25_find_payment_two_element_rock_pays_either_pip() -> None:
    """R25: a two-element Rock's Shards may be either element: one Shard pays E or A; two pay E and A."""
    one = ManaSource(9, 1, (EARTH, AIR), is_item=True)
    assert find_payment(wallet_of(0, sources=(one,)), cost("E")) == Payment(sources=(9,))
    assert find_payment(wallet_of(0, sources=(one,)), cost("A")) == Payment(sources=(9,))
    assert find_payment(wallet_of(0, sources=(one,)), cost("W")) is None
    two = ManaSource(9, 2, (EARTH, AIR), is_item=True)
    assert find_payment(wallet_of(0, sources=(two,)), cost("EA")) == Payment(sources=(9,))
    assert find_payment(wallet_of(0, sources=(two,)), cost("AA")) == Payment(sources=(9,))


def test_cmd_r25_find_payment_two_element_rock_pays_generic() -> None:
    """R25, R27: a two-element Rock's Shards, of either element, also pay the generic part of a cost."""
    two = ManaSource(9, 2, (EARTH, AIR), is_item=True)
    assert find_payment(wallet_of(0, sources=(two,)), cost("2")) is not None
    assert find_payment(wallet_of(0, sources=(two,)), cost("1E")) is not None
    assert find_payment(wallet_of(0, sources=(two,), F=1), cost("1F")) is not None


def test_cmd_r25_find_payment_two_element_rock_surplus_floats() -> None:
    """R25: a two-element Rock 2 paying a single pip makes 2 Shards; the unused one floats for the turn."""
    two = ManaSource(9, 2, (EARTH, AIR), is_item=True)
    found = find_payment(wallet_of(0, sources=(two,)), cost("E"))
    assert found is not None
    assert found.sources == (9,)
    assert sum(found.float_elemental) + found.float_generic == 1


def test_cmd_r25_find_payment_a_two_element_rocks_spare_shard_floats_as_its_first_element() -> None:
    """R25: the Shard a two-element Rock makes beyond the Air pip it pays floats as the Rock's first
    element: Earth for an Earth-Air Rock, Air for an Air-Earth one."""
    for rock in ((EARTH, AIR), (AIR, EARTH)):
        found = find_payment(wallet_of(0, sources=(ManaSource(9, 2, rock, is_item=True),)), cost("A"))
        assert found is not None
        assert (found.float_generic, found.float_elemental) == (0, elements(**{"EA"[rock[0]]: 1}))


def test_cmd_r27_find_payment_wallet_is_what_the_state_holds(game: CommandGame) -> None:
    """R27: the wallet the payer sees is the floating Shards, the Unused stones and the Ready mana sources."""
    state = seat0(
        game,
        floating="1G 1E",
        unused="2G 1W",
        arena=["Reef Warden", {"card": "Reef Warden", "exhausted": True}, "Ridgestone Idol"],
    )
    found = wallet(state, 0)
    assert (found.floating_generic, found.floating) == (1, elements(E=1))
    assert (found.stones_generic, found.stones) == (2, elements(W=1))
    ready = [p.id for p in state.arena if not p.exhausted]
    assert sorted(s.source for s in found.sources) == sorted(ready)
    assert {(s.shards, s.elements, s.is_item) for s in found.sources} == {(1, (), False), (1, (EARTH,), True)}


def test_cmd_r27_every_ready_source_counts_wherever_it_stands_in_the_arena(game: CommandGame) -> None:
    """R27: a permanent without a mana ability, and a fatigued Flow Entity, standing before a Ready Rock
    in the Arena do not hide it: the Rock is in the wallet and pays."""
    state = seat0(
        game,
        hand=["Stone Skin"],
        unused="2G",
        arena=["Ridge Recruit", {"card": "Reef Warden", "fresh": True}, "Ridgestone Idol"],
    )
    assert [s.source for s in wallet(state, 0).sources] == [perm(state, 0, "Ridgestone Idol")]
    assert can_play(state, "Stone Skin")


@given(
    generic=st.integers(0, 5),
    stones=st.lists(st.integers(0, 3), min_size=10, max_size=10),
    cost_generic=st.integers(0, 4),
    pips=st.lists(st.integers(0, 2), min_size=10, max_size=10),
)
def test_cmd_r27_the_stones_only_payment_is_the_searchs_own(
    generic: int, stones: list[int], cost_generic: int, pips: list[int]
) -> None:
    """R27: the quick payment from Unused stones alone (tried first when a card is paid) is the payment
    the full search prefers, whenever it finds one: it only saves the search."""
    wanted = ShardCost(cost_generic, tuple(pips))
    quick = plain_payment((0,) * 11, (generic, *stones), wanted)
    if quick is not None:
        assert quick == find_payment(Wallet(0, (0,) * 10, generic, tuple(stones)), wanted)


def test_an_empty_wallet_pays_only_what_costs_nothing() -> None:
    """`Wallet()` holds nothing: it pays the empty cost with an empty payment, and nothing else."""
    assert find_payment(Wallet(), ShardCost()) == Payment()
    assert not can_pay(Wallet(), cost("1"))
    assert find_payment(Wallet(), cost("1")) is None
