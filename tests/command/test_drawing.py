"""Shard Command for people: actions described in words.

The descriptions must name the cards and targets instead of object numbers, and only the cards the
seat can see.
"""

from __future__ import annotations

from command_scenarios import in_hand, main_phase, perm, shipped

from shardgames.command.actions import (
    BottomCard,
    ChooseTarget,
    DeclareAttack,
    Intercept,
    NoIntercept,
    Pass,
    Play,
)
from shardgames.command.objects import player_target
from shardgames.command.state import CommandState

PYRE_STONEGUARD = shipped("pyre", "stoneguard")


def table(**top: object) -> CommandState:
    """Seat 0 (Pyre) in its Main Phase: Spark and Blood Pact in hand, Ash Hound and Ashen Shrine out.

    Seat 1 (Stoneguard) holds Updraft Gust and Windcaller; its Ridge Golem is damaged, its Sky Lancer
    Exhausted, its Sovereign Exhausted. `top` adds to the position (a Queue, a combat).
    """
    mine = {
        "hand": ["Spark", "Blood Pact"],
        "unused": "1G 2F 1D",
        "pool": "3G 1F",
        "arena": ["Ash Hound", {"card": "Ashen Shrine", "exhausted": True}],
        "scrap": ["Ember Sprite", "Pyre Storm"],
        "deck": ["Ash Hound", "Cinder Golem", "Dread Knight"],  # the rest is set aside: the Queue may take it
    }
    theirs = {
        "hand": ["Updraft Gust", "Windcaller"],
        "pool": "2G 2E",
        "sovereign_exhausted": True,
        "arena": [
            {"card": "Ridge Golem", "damage": 2, "upgrades": 1},
            {"card": "Sky Lancer", "exhausted": True},
        ],
    }
    return main_phase(PYRE_STONEGUARD, mine, theirs, **top)


def test_actions_are_described_with_card_names_and_targets() -> None:
    """Each legal action names its cards and targets as the seat sees them."""
    state = table()
    view = state.view(0)
    spark = in_hand(state, 0, "Spark")
    hound = perm(state, 0, "Ash Hound")
    golem = perm(state, 1, "Ridge Golem")
    described = {view.describe_action(a) for a in view.legal_actions}
    assert f"cast Spark #{spark} (cost F)" in described
    assert f"attack with Ash Hound #{hound} (3/2)" in described
    assert "activate The Ashen Regent: Exhaust (Deal 1 Dmg)" in described
    assert "charge a Fire Stone" in described
    state.apply_action(Play(spark))
    view = state.view(0)
    assert view.describe_action(ChooseTarget(golem)) == (
        f"cast Spark #{spark} (Deal 2 Dmg) targeting Ridge Golem #{golem} (seat 1)"
    )
    assert view.describe_action(ChooseTarget(player_target(1))) == (
        f"cast Spark #{spark} (Deal 2 Dmg) targeting seat 1"
    )
    state.apply_action(ChooseTarget(golem))
    assert state.view(0).describe_action(Pass()) == f"pass (Spark #{spark} is on top of the Queue)"


def test_combat_choices_are_described() -> None:
    """The defender's interception names the attacker and the interceptor with their stats."""
    state = table(players=[{"pool": "2G", "arena": ["Ash Hound"]}, {"pool": "2G", "arena": ["Ridge Golem"]}])
    hound = perm(state, 0, "Ash Hound")
    golem = perm(state, 1, "Ridge Golem")
    state.apply_action(DeclareAttack(hound))
    attack = state.view(0).describe_action(ChooseTarget(player_target(1)))
    assert attack == f"Ash Hound #{hound} (3/2) attacks seat 1"
    state.apply_action(ChooseTarget(player_target(1)))
    view = state.view(1)
    assert (
        view.describe_action(Intercept(golem))
        == f"intercept Ash Hound #{hound} (3/2) with Ridge Golem #{golem} (3/5)"
    )
    assert view.describe_action(NoIntercept()) == f"do not intercept Ash Hound #{hound} (3/2)"


def test_the_redraw_is_described_by_card() -> None:
    """CMD-12: the Tactical Redraw names the card put under."""
    game = PYRE_STONEGUARD
    state = game.new_initial_state(seed=7)
    assert isinstance(state, CommandState)
    seat = state.current_player
    card = next(iter(state.hands[seat]))
    name = game.card_info[card].name
    assert state.view(seat).describe_action(BottomCard(card)) == f"redraw {name} #{card}"


def test_a_view_never_names_a_card_it_cannot_see() -> None:
    """A card in the other hand is only a number in this seat's words."""
    state = table()
    gust = in_hand(state, 1, "Updraft Gust")
    assert state.view(0).describe_action(BottomCard(gust)) == f"redraw #{gust}"
    assert state.view(1).describe_action(BottomCard(gust)) == f"redraw Updraft Gust #{gust}"
