"""Winning and state-based actions (CMD-44 to 47, R23, R30; DX19).

Seat 0 plays "Omega" (the Ashen Regent, whose "Exhaust: Deal 1" is at hand, burn, Pay 1 Integrity cards, and
Fire Study: "Deal 2 to any target, then draw 1"); seat 1 plays "Sigma" (Tidemother, "Exhaust: Heal 2").
"""

from __future__ import annotations

from pathlib import Path

import pytest
from command_scenarios import card_file, file_game, in_hand, perm, play, position, resolve

import shardgames as sg
from shardgames.command.actions import Activate, ChooseTarget, FirstPlayer, Pass, Play
from shardgames.command.compiled import EXHAUST
from shardgames.command.events import (
    CardDrawn,
    CardMoved,
    Conceded,
    DeckEmpty,
    IntegrityChanged,
    ItemCountered,
    StatusChanged,
)
from shardgames.command.game import CommandGame
from shardgames.command.objects import player_target
from shardgames.command.state import CommandState
from shardgames.kernel.errors import UsageError
from shardgames.kernel.events import GameEnded
from shardgames.kernel.state import TERMINAL

DECKS = """
[[card]]
name = "Fire Study"
type = "rite"
identity = ["fire", "water"]
cost = "FW"
keywords = [{ keyword = "deal", amount = 2 }, { keyword = "draw", amount = 1 }]

[[deck]]
id = "omega"
name = "Omega"
sovereign = "The Ashen Regent"
stones = { generic = 6, fire = 3, death = 3 }

[deck.main]
"Spark" = 4
"Quick Spark" = 4
"Stone Skin" = 4
"Scorched Earth" = 4
"Fire Study" = 4
"Cutthroat" = 4
"Execution" = 4
"Ember Sprite" = 4
"Ash Hound" = 4
"Blankout" = 4

[[deck]]
id = "sigma"
name = "Sigma"
sovereign = "Tidemother"
stones = { generic = 6, water = 3, life = 3 }

[deck.main]
"Cliff Sentinel" = 4
"Ridge Recruit" = 4
"Ember Sprite" = 4
"Quick Spark" = 4
"Tide Scholar" = 4
"Windcaller" = 4
"Grave Caller" = 4
"Dread Knight" = 4
"Reef Warden" = 4
"Spark" = 4
"""


@pytest.fixture(scope="module")
def deck_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return card_file(tmp_path_factory.mktemp("decks"), "winning.toml", DECKS)


@pytest.fixture(scope="module")
def game(deck_file: Path) -> CommandGame:
    return file_game(deck_file, "omega", "sigma")


def ended(state: CommandState) -> GameEnded:
    assert state.is_terminal()
    assert state.current_player == TERMINAL
    assert state.legal_actions() == ()
    last = state.events[-1]
    assert isinstance(last, GameEnded)
    return last


# ---------------------------------------------------------------------- CMD-44, R30: state-based actions


def test_cmd_44_state_based_actions_are_checked_immediately(game: CommandGame) -> None:
    """CMD-44: an Entity whose damage reaches its Durability is destroyed as part of the same step."""
    state = position(
        game,
        {
            "turn": 3,
            "active": 0,
            "players": [{"hand": ["Spark"], "unused": "1F"}, {"arena": ["Ember Sprite"]}],
        },
    )
    sprite = perm(state, 1, "Ember Sprite")
    play(state, 0, "Spark", sprite)
    events = []
    while state.queue:
        events += state.apply_action(Pass())
    assert state.permanent(sprite) is None
    assert state.scrap[1] == (sprite,)
    assert CardMoved(sprite, "Ember Sprite", "Arena", "Scrap") in events
    assert state.current_player == 0


def test_cmd_44_state_based_actions_run_between_queue_items(game: CommandGame) -> None:
    """CMD-44, R30: SBA run after every resolved Queue item: an Entity killed by the top item is gone before
    the item below it resolves, so that item finds no legal target (R22)."""
    state = position(
        game,
        {
            "turn": 3,
            "active": 1,
            "players": [
                {"hand": ["Quick Spark"], "unused": "1F"},
                {"arena": ["Ember Sprite"], "hand": ["Spark"], "unused": "1F"},
            ],
        },
    )
    sprite = perm(state, 1, "Ember Sprite")
    spark = play(state, 1, "Spark", sprite)  # seat 1 burns its own Sprite ...
    play(state, 0, "Quick Spark", sprite)  # ... seat 0 gets there first
    start = len(state.events)
    resolve(state)
    events = list(state.events)[start:]
    moved = events.index(CardMoved(sprite, "Ember Sprite", "Arena", "Scrap"))
    countered = next(i for i, e in enumerate(events) if isinstance(e, ItemCountered))
    assert moved < countered
    assert events[countered].why == "no legal target"  # type: ignore[attr-defined]
    assert spark in state.scrap[1]


def test_cmd_r30_simultaneous_deaths_are_one_batch(game: CommandGame) -> None:
    """R30: all applicable SBA are applied as one batch: Entities of both players die together."""
    state = position(
        game,
        {
            "turn": 3,
            "active": 0,
            "players": [
                {"hand": ["Scorched Earth"], "unused": "3F", "arena": ["Ember Sprite", "Ash Hound"]},
                {"arena": ["Ember Sprite", "Ridge Recruit"]},
            ],
        },
    )
    mine, hound = perm(state, 0, "Ember Sprite"), perm(state, 0, "Ash Hound")
    theirs, recruit = perm(state, 1, "Ember Sprite"), perm(state, 1, "Ridge Recruit")
    play(state, 0, "Scorched Earth")
    start = len(state.events)
    resolve(state)
    events = list(state.events)[start:]
    deaths = [e for e in events if isinstance(e, CardMoved) and e.source == "Arena"]
    assert {e.card for e in deaths} == {mine, hound, theirs}
    first = events.index(deaths[0])
    assert events[first : first + 3] == deaths  # one batch, nothing in between
    assert state.permanent(recruit) is not None  # 2 damage on a Durability of 3
    assert state.permanent(recruit).damage == 2  # type: ignore[union-attr]


def test_cmd_r30_durability_reduced_to_the_damage_destroys(game: CommandGame) -> None:
    """R30 (3): an Entity dies when its marked damage is at least its Durability, also when the Durability
    drops: a damaged Cliff Sentinel (1/3, Entrench +0/+2) that is Blanked loses the +2 and is destroyed."""
    state = position(
        game,
        {
            "turn": 3,
            "active": 0,
            "players": [
                {"hand": ["Blankout"], "unused": "4G"},
                {"arena": [{"card": "Cliff Sentinel", "damage": 3}]},
            ],
        },
    )
    sentinel = perm(state, 1, "Cliff Sentinel")
    assert state.permanent(sentinel) is not None  # 3 damage, Durability 5
    play(state, 0, "Blankout", sentinel)
    resolve(state)
    assert state.permanent(sentinel) is None
    assert state.scrap[1] == (sentinel,)
    assert StatusChanged(sentinel, "Blanked until end of turn") in state.events


def test_cmd_r30_an_undamaged_entity_survives_losing_durability(game: CommandGame) -> None:
    """R30 (3): losing Durability alone kills only if the damage reaches the new Durability."""
    state = position(
        game,
        {
            "turn": 3,
            "active": 0,
            "players": [
                {"hand": ["Blankout"], "unused": "4G"},
                {"arena": [{"card": "Cliff Sentinel", "damage": 2}]},
            ],
        },
    )
    sentinel = perm(state, 1, "Cliff Sentinel")
    play(state, 0, "Blankout", sentinel)
    resolve(state)
    assert state.permanent(sentinel) is not None


def test_cmd_r30_destroyed_echo_cards_are_obliterated_and_tokens_vanish(game: CommandGame) -> None:
    """R30 (3): a destroyed Entity goes to Scrap, but is Obliterated if Echo-marked and ceases to exist if
    it is a token."""
    state = position(
        game,
        {
            "turn": 3,
            "active": 0,
            "players": [
                {"hand": ["Scorched Earth"], "unused": "3F"},
                {"arena": [{"card": "Ember Sprite", "echo": True}, {"token": True}, "Ember Sprite"]},
            ],
        },
    )
    marked, token, plain = (p.id for p in state.arena)
    play(state, 0, "Scorched Earth")
    resolve(state)
    assert state.arena == []
    assert state.obliterated[1] == (marked,)
    assert state.scrap[1] == (plain,)
    assert token not in state.scrap[1]
    assert CardMoved(token, "token", "Arena", "nowhere (a token ceases to exist)") in state.events


# ---------------------------------------------------------------------- CMD-45, CMD-46, DX19


@pytest.mark.parametrize(("before", "after"), [(2, 0), (1, -1)])
def test_cmd_45_integrity_0_or_less_loses(game: CommandGame, before: int, after: int) -> None:
    """CMD-45: a player whose Integrity is 0 or less loses."""
    state = position(
        game,
        {
            "turn": 3,
            "active": 0,
            "players": [{"hand": ["Spark"], "unused": "1F"}, {"integrity": before}],
        },
    )
    play(state, 0, "Spark", player_target(1))
    resolve(state)
    assert state.integrity == [20, after]
    end = ended(state)
    assert (end.winner, end.returns) == (0, (1.0, -1.0))
    assert state.winner == 0


def test_cmd_dx19_integrity_1_minus_1_ends_the_game_at_once(game: CommandGame) -> None:
    """DX19: Integrity 1 minus 1 ends the game immediately: nothing more resolves, nobody acts again."""
    state = position(
        game,
        {
            "turn": 3,
            "active": 0,
            "players": [
                {"hand": ["Spark"], "unused": "1F"},
                {"integrity": 1, "hand": ["Quick Spark"], "unused": "1F"},
            ],
        },
    )
    play(state, 0, "Spark", player_target(0))  # a Spark at seat 0's own face, under ...
    state.apply_action(Activate(game.sovereign_id(1), EXHAUST))  # ... seat 1's Tidemother: Heal 2 ...
    state.apply_action(Activate(game.sovereign_id(0), EXHAUST))  # ... under seat 0's Deal 1 at seat 1
    state.apply_action(ChooseTarget(player_target(1)))
    assert len(state.queue) == 3
    resolve(state)
    assert IntegrityChanged(1, 1, 0, f"damage from #{game.sovereign_id(0)}") in state.events
    assert state.integrity == [20, 0]  # the Heal and the Spark below never resolved
    end = ended(state)
    assert end.winner == 0
    assert "seat 1 lost" in end.reason


def test_cmd_46_drawing_from_an_empty_deck_loses(game: CommandGame) -> None:
    """CMD-46: a player who must draw from an empty Main Deck loses."""
    state = position(
        game,
        {
            "turn": 3,
            "active": 0,
            "players": [
                {"hand": ["Fire Study"], "unused": "1F 1W", "deck": []},
                {"arena": ["Ridge Recruit"]},
            ],
        },
    )
    play(state, 0, "Fire Study", perm(state, 1, "Ridge Recruit"))
    resolve(state)
    assert DeckEmpty(0) in state.events
    end = ended(state)
    assert end.winner == 1
    assert "drew from an empty deck" in end.reason


def test_cmd_46_an_empty_deck_alone_does_not_lose(game: CommandGame) -> None:
    """CMD-46: only having to draw loses; a player with an empty deck plays on until a draw is needed."""
    state = position(
        game,
        {
            "turn": 3,
            "active": 0,
            "players": [{"hand": ["Spark"], "unused": "1F", "deck": []}, {}],
        },
    )
    play(state, 0, "Spark", player_target(1))
    resolve(state)
    assert not state.is_terminal()
    assert state.integrity == [20, 18]


def test_cmd_dx19_the_second_start_phase_draw_loses() -> None:
    """DX19: a Start Phase draw with 1 card left in the deck: the first draw takes it, the second loses."""
    game = sg.load_game("command(decks=(stoneguard,pyre))")
    state = position(
        game,
        {
            "turn": 3,
            "active": 0,
            "players": [{"pool": "1G"}, {"deck": ["Ash Hound"], "hand": ["Spark"]}],
        },
    )
    while not state.is_terminal():
        state.apply_action(Pass())
    drawn = [e for e in state.events if isinstance(e, CardDrawn)]
    assert [(e.seat, e.name) for e in drawn] == [(1, "Ash Hound")]
    assert len(state.hands[1]) == 2
    assert DeckEmpty(1) in state.events
    assert state.events.index(drawn[0]) < state.events.index(DeckEmpty(1))
    end = ended(state)
    assert end.winner == 0
    assert state.turn == 4
    assert state.active == 1


def test_cmd_dx19_two_cards_left_is_enough_for_the_start_phase() -> None:
    """DX19: with 2 cards left, the Start Phase draws both and the game goes on (an empty deck is fine)."""
    game = sg.load_game("command(decks=(stoneguard,pyre))")
    state = position(
        game,
        {
            "turn": 3,
            "active": 0,
            "players": [{"pool": "1G"}, {"deck": ["Ash Hound", "Spark"], "pool": "1G"}],
        },
    )
    while state.turn == 3:
        state.apply_action(Pass())
    assert not state.is_terminal()
    assert (state.turn, state.active) == (4, 1)
    assert len(state.hands[1]) == 2
    assert len(state.decks[1]) == 0


# ---------------------------------------------------------------------- CMD-47, R23


def conceded(state: CommandState) -> GameEnded:
    """The end of a conceded game (what holds whether or not the current player is updated)."""
    assert state.is_terminal()
    last = state.events[-1]
    assert isinstance(last, GameEnded)
    return last


def test_cmd_47_a_player_may_concede(game: CommandGame) -> None:
    """CMD-47, R23: ``state.concede(seat)`` ends the game at once: the other seat wins."""
    state = position(game, {"turn": 3, "active": 0, "players": [{}, {}]})
    state.concede(0)
    end = conceded(state)
    assert end.winner == 1
    assert end.returns == (-1.0, 1.0) == state.returns()
    assert state.winner == 1
    assert state.events[-2] == Conceded(0)


def test_cmd_47_a_conceded_game_has_nobody_to_act(game: CommandGame) -> None:
    """CMD-47, E1: once a player concedes, the game is over: nobody is to act, there are no legal actions."""
    state = position(game, {"turn": 3, "active": 0, "players": [{}, {}]})
    state.concede(0)
    assert state.current_player == TERMINAL
    assert state.legal_actions() == ()


def test_cmd_47_concede_at_any_time(game: CommandGame) -> None:
    """CMD-47, R23: one may concede at any time: on the opponent's decision, mid-cast, at a chance node."""
    state = position(
        game,
        {
            "turn": 3,
            "active": 0,
            "players": [{"hand": ["Spark"], "unused": "1F"}, {}],
        },
    )
    state.apply_action(Play(in_hand(state, 0, "Spark")))  # seat 0 is choosing a target
    state.concede(1)
    assert conceded(state).winner == 0
    explicit = sg.load_game("command(decks=(stoneguard,pyre),chance=explicit)").new_initial_state(seed=2)
    assert explicit.is_chance_node()  # the coin flip
    explicit.concede(0)  # type: ignore[attr-defined]
    assert explicit.is_terminal()
    assert explicit.winner == 1
    explicit = sg.load_game("command(decks=(stoneguard,pyre),chance=explicit)").new_initial_state(seed=2)
    explicit.apply_action(FirstPlayer(1))
    assert explicit.is_chance_node()  # an opening draw
    explicit.concede(1)  # type: ignore[attr-defined]
    assert explicit.winner == 0


def test_cmd_r23_concede_is_not_an_action(game: CommandGame) -> None:
    """R23: concede is an API call, never an entry of legal_actions (no action family is about conceding)."""
    state = position(game, {"turn": 3, "active": 0, "players": [{"hand": ["Spark"], "unused": "1F"}, {}]})
    assert {type(a).__name__ for a in state.legal_actions()} == {"Pass", "Play", "Activate"}
    classes = [family.cls.__name__ for family in game.codec.families]
    assert classes
    assert not any("concede" in name.lower() for name in classes)


def test_cmd_r23_concede_for_no_seat_or_after_the_end_is_refused(game: CommandGame) -> None:
    """R23: conceding for a seat that does not exist, or once the game is over, raises UsageError."""
    state = position(
        game, {"turn": 3, "active": 0, "players": [{"hand": ["Spark"], "unused": "1F"}, {"integrity": 2}]}
    )
    with pytest.raises(UsageError):
        state.concede(2)
    assert not state.is_terminal()
    play(state, 0, "Spark", player_target(1))
    resolve(state)
    assert ended(state).winner == 0
    with pytest.raises(UsageError):
        state.concede(0)
    assert state.winner == 0


def test_cmd_r23_a_conceded_game_cannot_be_conceded_again(game: CommandGame) -> None:
    """R23: once a player conceded, the game is over: conceding again raises UsageError, the result stands."""
    state = position(game, {"turn": 3, "active": 0, "players": [{}, {}]})
    state.concede(1)
    with pytest.raises(UsageError):
        state.concede(0)
    assert state.winner == 0
    assert sum(isinstance(e, GameEnded) for e in state.events) == 1


def test_cmd_r23_integrity_has_no_maximum(game: CommandGame) -> None:
    """R23: Integrity has no maximum: Heal 2 at 20 gives 22."""
    state = position(game, {"turn": 3, "active": 1, "players": [{}, {}]})
    state.apply_action(Activate(game.sovereign_id(1), EXHAUST))
    resolve(state)
    assert state.integrity == [20, 22]
    assert IntegrityChanged(1, 20, 22, "Heal") in state.events


def test_cmd_r23_both_players_losing_at_once_is_a_draw(game: CommandGame) -> None:
    """R23, R30: if both players lose in the same batch of SBA, the game is a draw: Fire Study takes the
    opponent from 2 to 0 and makes its caster draw from an empty deck, in one resolution."""
    state = position(
        game,
        {
            "turn": 3,
            "active": 0,
            "players": [{"hand": ["Fire Study"], "unused": "1F 1W", "deck": []}, {"integrity": 2}],
        },
    )
    play(state, 0, "Fire Study", player_target(1))
    resolve(state)
    assert state.integrity[1] == 0
    assert DeckEmpty(0) in state.events
    end = ended(state)
    assert end.winner is None
    assert end.returns == (0.0, 0.0)
    assert state.winner is None


def test_cmd_r23_a_countered_rite_goes_to_scrap_or_is_obliterated_if_echoed() -> None:
    """R23: a countered Rite goes to its owner's Scrap, or is Obliterated if it was cast via Echo."""
    game = sg.load_game("command(decks=(chronovoid,chronovoid))")
    state = position(
        game,
        {
            "turn": 3,
            "active": 0,
            "players": [
                {"scrap": ["Echoing Glimpse"], "hand": ["Echoing Glimpse"], "unused": "6G"},
                {"hand": ["Null Ward", "Null Ward"], "unused": "10G"},
            ],
        },
    )
    (echoed,) = state.scrap[0]
    from_hand = in_hand(state, 0, "Echoing Glimpse")
    state.apply_action(Play(from_hand))
    ward = play(state, 1, "Null Ward", from_hand)
    resolve(state)
    assert state.scrap == [(echoed, from_hand), (ward,)]
    state.apply_action(Play(echoed))  # Echo: cast from the Scrap zone
    ward = play(state, 1, "Null Ward", echoed)
    resolve(state)
    assert echoed in state.obliterated[0]
    assert echoed not in state.scrap[0]
    assert ward in state.scrap[1]


def test_cmd_r23_pay_1_integrity_to_0_loses(game: CommandGame) -> None:
    """R23: Pay 1 Integrity may be paid at 1 Integrity; SBA then apply and its payer loses at once."""
    state = position(
        game,
        {
            "turn": 3,
            "active": 0,
            "players": [{"hand": ["Cutthroat"], "unused": "1G 1M", "integrity": 1}, {}],
        },
    )
    cutthroat = in_hand(state, 0, "Cutthroat")
    assert Play(cutthroat) in state.legal_actions()
    state.apply_action(Play(cutthroat))
    assert state.integrity == [0, 20]
    assert IntegrityChanged(0, 1, 0, "Pay 1 Integrity") in state.events
    end = ended(state)
    assert end.winner == 1
    assert state.permanent(cutthroat) is None  # it never resolved


def test_cmd_r23_pay_1_integrity_is_paid_on_casting(game: CommandGame) -> None:
    """R23, K32: Pay 1 Integrity is an additional cost, paid when the card goes on the Queue."""
    state = position(
        game,
        {
            "turn": 3,
            "active": 0,
            "players": [{"hand": ["Cutthroat"], "unused": "1G 1M", "integrity": 5}, {}],
        },
    )
    cutthroat = in_hand(state, 0, "Cutthroat")
    state.apply_action(Play(cutthroat))
    assert state.integrity == [4, 20]
    assert [i.source for i in state.queue] == [cutthroat]
    resolve(state)
    assert state.permanent(cutthroat) is not None
    assert state.integrity == [4, 20]
