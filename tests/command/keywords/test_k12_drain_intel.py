"""K12 Drain Intel (Malice): the target opponent discards a card, and the discarding player chooses it (R22).

Riftblades' Mindrend (M, Drain Intel) and Dread Warlord (4/3, "When this enters the Arena: Drain Intel")
against Stoneguard.
"""

from __future__ import annotations

from command_scenarios import in_hand, resolve_queue, starter

from shardgames.command.actions import Discard, Play
from shardgames.command.events import CardDiscarded
from shardgames.command.phases import Phase

start = starter("riftblades,stoneguard")


def test_cmd_k12_the_opponent_chooses_which_card_to_discard() -> None:
    """R22: Mindrend resolves; seat 1 is asked, may discard any of its cards, and picks Sky Lancer."""
    state = start(
        {
            "turn": 3,
            "players": [
                {"hand": ["Mindrend"], "unused": "1M", "pool": "2G"},
                {"hand": ["Sky Lancer", "Stone Skin", "Ridge Golem"]},
            ],
        }
    )
    mindrend = in_hand(state, 0, "Mindrend")
    lancer = in_hand(state, 1, "Sky Lancer")
    state.apply_action(Play(mindrend))  # no target to choose: "target opponent" is the other seat
    resolve_queue(state)
    assert (state.prompt.player, state.prompt.phase) == (1, Phase.DISCARD)
    assert set(state.legal_actions()) == {Discard(card) for card in state.hands[1]}
    events = state.apply_action(Discard(lancer))
    assert CardDiscarded(1, lancer, "Sky Lancer") in events
    assert state.scrap == [(mindrend,), (lancer,)]
    assert len(state.hands[1]) == 2
    assert lancer not in state.hands[1]
    assert (state.prompt.player, state.prompt.phase) == (0, Phase.PRIORITY)
    assert state.discard_seat == -1  # no seat is left discarding


def test_cmd_k12_exactly_one_card_is_discarded() -> None:
    """K12 "discards a card": one Discard decision, then the game goes on; the opponent keeps the rest."""
    state = start(
        {
            "turn": 3,
            "players": [
                {"hand": ["Mindrend"], "unused": "1M", "pool": "2G"},
                {"hand": ["Stone Skin", "Stone Skin"]},
            ],
        }
    )
    state.apply_action(Play(in_hand(state, 0, "Mindrend")))
    resolve_queue(state)
    first, second = sorted(state.hands[1])
    state.apply_action(Discard(second))
    assert state.prompt.phase is Phase.PRIORITY
    assert list(state.hands[1]) == [first]


def test_cmd_k12_an_empty_hand_discards_nothing() -> None:
    """K12 with nothing to discard: Mindrend resolves without a decision."""
    state = start(
        {"turn": 3, "players": [{"hand": ["Mindrend"], "unused": "1M", "pool": "2G"}, {"hand": []}]}
    )
    mindrend = in_hand(state, 0, "Mindrend")
    state.apply_action(Play(mindrend))
    resolve_queue(state)
    assert not state.queue
    assert (state.prompt.player, state.prompt.phase) == (0, Phase.PRIORITY)
    assert state.scrap == [(mindrend,), ()]


def test_cmd_k12_dread_warlord_drains_when_it_enters() -> None:
    """K12 on deploy: Dread Warlord enters; its trigger makes seat 1 discard (seat 1 chooses)."""
    state = start(
        {
            "turn": 3,
            "players": [
                {"hand": ["Dread Warlord"], "unused": "4G 1M", "pool": "2G"},
                {"hand": ["Ridge Golem", "Sky Lancer"]},
            ],
        }
    )
    golem = in_hand(state, 1, "Ridge Golem")
    state.apply_action(Play(in_hand(state, 0, "Dread Warlord")))
    resolve_queue(state)
    assert (state.prompt.player, state.prompt.phase) == (1, Phase.DISCARD)
    state.apply_action(Discard(golem))
    assert state.scrap[1] == (golem,)
    assert [state.game.infos[p.kind].name for p in state.arena] == ["Dread Warlord"]
