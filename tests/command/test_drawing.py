"""Shard Command drawn for people: the HTML of states and views, and actions described in words.

The drawings must show what the text shows (names, Force and Durability, keywords, the Queue, the
stones), hide from a seat what its view hides, and mark the seat to act; the descriptions must name the
cards and targets instead of object numbers.
"""

from __future__ import annotations

import re

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
from shardgames.command.view import CommandView

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


def panels(html: str) -> list[str]:
    """The seat panels of a drawing, seat 0 first."""
    return re.split(r'(?=<div class="sg-panel(?: sg-active)?">)', html)[1:]


def test_the_state_shows_cards_stats_keywords_and_stones() -> None:
    """Each permanent is a card with its name, current Force and Durability, damage and keywords."""
    state = table()
    html = state.to_html()
    golem = perm(state, 1, "Ridge Golem")
    assert "Ridge Golem" in html
    assert f"#{golem}" in html
    # 3/5 with one +1/+1 Upgrade: 4/6, and 2 damage marked
    assert re.search(r"Force</span><span class=\"sg-stat-value\">4<", html)
    assert re.search(r"Durability</span><span class=\"sg-stat-value\">6<", html)
    assert "2 damage" in html
    assert "+1/+1" in html
    # keywords are chips whose tooltip is their reminder text
    assert 'title="Every damage dealt to it is 1 less.">Armored</span>' in html
    assert 'title="Only Aerial Entities and Interceptors can Intercept it.">Aerial</span>' in html
    # the Sovereigns, with their abilities; seat 1's is Exhausted
    assert "The Ashen Regent" in html
    assert "Warden of the Ridge" in html
    assert "Exhaust your Sovereign: Add +1/+1 Upgrade" in html
    # stones by element: seat 0 has 2 Fire stones Unused, seat 1 2 Earth stones in its Pool
    assert 'title="2 Fire"' in html
    assert 'title="2 Earth"' in html
    assert "Charge Stones" in html
    assert "Unused" in html
    # the Scrap zone names its cards, the latest first
    assert html.index("Pyre Storm #") < html.index("Ember Sprite #")


def test_exhausted_cards_are_turned() -> None:
    """An Exhausted permanent or Sovereign is drawn turned, with an Exhausted label."""
    seat_1 = panels(table().to_html())[1]
    assert seat_1.count("sg-card sg-turned") == 2  # Sky Lancer and the Sovereign
    assert seat_1.count(">Exhausted<") == 2


def test_the_queue_is_drawn_top_first_with_controllers_and_targets() -> None:
    """R10: the Queue shows each item from the top: what it is, who controls it, what it targets."""
    queue = [
        {"seat": 0, "card": "Spark", "targets": ["1:Ridge Golem"]},
        {"seat": 1, "ability": "exhaust", "source": "sovereign", "targets": ["1:Ridge Golem"]},
    ]
    state = table(queue=queue, priority=0)
    golem = perm(state, 1, "Ridge Golem")
    spark = state.queue[0].source
    html = state.to_html()
    drawn = html[html.index("Response Queue") : html.index('<div class="sg-panel')]
    assert "top first, 2" in drawn
    assert drawn.index("Warden of the Ridge") < drawn.index("Spark")  # the ability is on top
    assert "Exhaust ability · seat 1" in drawn
    assert f"Rite · #{spark} · seat 0" in drawn
    assert drawn.count(f"→</b> Ridge Golem #{golem} (seat 1)") == 2
    assert "Deal 2 Dmg" in drawn
    assert "Add +1/+1 Upgrade" in drawn


def test_a_view_hides_the_opponent_hand() -> None:
    """E7: a seat's drawing shows the other hand as card backs, never their names."""
    state = table()
    seat_0 = state.view(0)
    assert isinstance(seat_0, CommandView)
    mine = seat_0.to_html()
    assert "Updraft Gust" not in mine
    assert "Windcaller" not in mine
    assert "Updraft Gust" not in str(seat_0)
    assert mine.count('class="sg-back"') == 2
    assert "Spark" in mine
    assert "Blood Pact" in mine
    assert "Updraft Gust" in state.to_html()
    theirs = state.view(1).to_html()
    assert "Updraft Gust" in theirs
    assert "Blood Pact" not in theirs


def test_the_seat_to_act_is_marked() -> None:
    """The panel of the seat that decides now is outlined; the status bar says who acts and on what."""
    state = table()
    html = state.to_html()
    seat_0, seat_1 = panels(html)
    assert "sg-active" in seat_0
    assert "sg-active" not in seat_1
    assert "active player" in seat_0
    assert "holds priority" in seat_0
    assert "seat 0: play, activate, attack, or pass" in html
    state.apply_action(DeclareAttack(perm(state, 0, "Ash Hound")))
    state.apply_action(ChooseTarget(player_target(1)))
    html = state.to_html()
    seat_0, seat_1 = panels(html)
    assert "sg-active" in seat_1
    assert "sg-active" not in seat_0
    assert "seat 1: intercept or not" in html
    assert "Attack <b>Ash Hound #" in html
    assert "→ seat 1" in html


def test_the_game_over_and_the_winner_are_shown() -> None:
    """CMD-46: once the game is over the status bar names the winner."""
    state = table(players=[{"pool": "2G", "arena": ["Ash Hound"]}, {"pool": "2G", "integrity": 1}])
    state.apply_action(DeclareAttack(perm(state, 0, "Ash Hound")))
    state.apply_action(ChooseTarget(player_target(1)))
    while not state.is_terminal():
        state.apply_action(Pass() if Pass() in state.legal_actions() else NoIntercept())
    assert "Game over <b>seat 0 wins</b>" in state.to_html()
    assert "Game over <b>seat 0 wins</b>" in state.view(1).to_html()


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
    """A card in the other hand is neither named nor numbered (its number would tell which card it is)."""
    state = table()
    gust = in_hand(state, 1, "Updraft Gust")
    assert state.view(0).describe_action(BottomCard(gust)) == "redraw a hidden card"
    assert state.view(1).describe_action(BottomCard(gust)) == f"redraw Updraft Gust #{gust}"
