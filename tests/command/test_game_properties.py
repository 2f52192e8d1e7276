"""The invariants of rulebook section C.7, as Hypothesis properties over random Shard Command play.

Each property plays whole random games (`playing.random_play`: uniform legal actions, chance sampled)
with every pair of shipped decks in turn, and checks its invariant after every step.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from playing import random_play

import shardgames as sg
from shardgames.command import CommandGame, starter_decks
from shardgames.command.keywords import Trigger
from shardgames.command.objects import TOKENS, TRIGGERED, VOLATILE
from shardgames.command.phases import Phase, Step
from shardgames.command.state import CommandState

DECKS = tuple(starter_decks())
PAIRS = [(DECKS[i], DECKS[(i + 1) % len(DECKS)]) for i in range(len(DECKS))]
seeds = st.integers(min_value=0, max_value=2**32 - 1)
GAMES = pytest.mark.parametrize("pair", PAIRS, ids=lambda pair: f"{pair[0]}-{pair[1]}")


def command(pair: tuple[str, str], **params: object) -> CommandGame:
    game = sg.load_game("command", decks=pair, **params)
    assert isinstance(game, CommandGame)
    return game


def states(game: CommandGame, seed: int) -> Iterator[CommandState]:
    for state in random_play(game, seed):
        assert isinstance(state, CommandState)
        yield state


def cards_in_play(state: CommandState, seat: int) -> list[int]:
    """Every card of `seat` in a zone: deck, hand, Arena, Scrap, Obliterated, exiled, Queue (no tokens)."""
    found = list(state.decks[seat].cards()) + list(state.hands[seat])
    found += [p.id for p in state.arena if p.owner == seat and not p.token]
    found += list(state.scrap[seat]) + list(state.obliterated[seat])
    found += [card for card in state.exiled if card // 60 == seat]
    found += [item.source for item in state.queue if item.kind == 0 and item.controller == seat]
    if state.casting is not None and state.casting.play >= 0 and state.casting.item.controller == seat:
        found.append(state.casting.play)
    return found


@GAMES
@settings(max_examples=3, deadline=None)
@given(seed=seeds)
def test_cmd_c7_cards_and_stones_are_conserved(pair: tuple[str, str], seed: int) -> None:
    """C.7: deck + hand + Arena + Scrap + Obliterated + exiled + Queue = the starting cards; 12 stones."""
    game = command(pair)
    for state in states(game, seed):
        for seat in (0, 1):
            cards = cards_in_play(state, seat)
            assert sorted(cards) == sorted(game.deck_cards[seat]), f"seat {seat}, turn {state.turn}"
            stones = sum(state.pool[seat]) + sum(state.unused[seat]) + sum(state.used[seat])
            assert stones == 12
            assert all(count >= 0 for zone in (state.pool, state.unused, state.used) for count in zone[seat])
        assert all(p.id >= TOKENS for p in state.arena if p.token)


# What may already wait on the Queue as a step begins: only the triggers the step puts there.
STEP_TRIGGERS = {
    Step.START: {Trigger.START_OF_YOUR_TURN, Trigger.ON_DEPLOY, Trigger.WHENEVER_ANOTHER_OF_YOURS_LEAVES},
    Step.ATTACK: {Trigger.WHENEVER_THIS_ATTACKS},
    Step.END: {Trigger.END_OF_YOUR_TURN},
    Step.MAIN: set(),
    Step.COMBAT: set(),
}


@GAMES
@settings(max_examples=3, deadline=None)
@given(seed=seeds)
def test_cmd_c7_queue_is_empty_at_every_phase_change(pair: tuple[str, str], seed: int) -> None:
    """C.7: the Queue is empty when a step ends; a new step's Queue holds only that step's triggers."""
    game = command(pair)
    last = None
    for state in states(game, seed):
        now = (state.turn, state.step)
        if last is not None and now != last and not state.is_terminal():
            allowed = STEP_TRIGGERS.get(state.step, set())
            assert all(
                item.kind in (TRIGGERED, VOLATILE) and item.trigger in allowed for item in state.queue
            ), (
                last,
                now,
                state.queue,
            )
        last = now


@GAMES
@settings(max_examples=3, deadline=None)
@given(seed=seeds)
def test_cmd_c7_integrity_zero_ends_the_game_and_one_actor(pair: tuple[str, str], seed: int) -> None:
    """C.7: Integrity 0 or less means a terminal state; a game in progress has exactly one actor."""
    game = command(pair)
    for state in states(game, seed):
        if min(state.integrity) <= 0:
            assert state.is_terminal()
        if not state.is_terminal():
            prompt = state.prompt
            assert prompt is not None
            assert state.current_player == prompt.player
            assert state.legal_actions()
            if prompt.phase is Phase.PRIORITY:
                assert prompt.player == state.priority


@settings(max_examples=5, deadline=None)
@given(seed=seeds)
def test_cmd_c7_same_seed_same_game(seed: int) -> None:
    """C.7: determinism under a fixed seed: the same history, events and JSON."""
    game = command(("stoneguard", "pyre"))
    *_, first = states(game, seed)
    *_, again = states(game, seed)
    assert list(first.history) == list(again.history)
    assert list(first.events) == list(again.events)
    assert first.to_json() == again.to_json()


@GAMES
@settings(max_examples=4, deadline=None)
@given(seed=seeds)
def test_cmd_c7_random_play_terminates(pair: tuple[str, str], seed: int) -> None:
    """C.7 and D2: random play always ends, at the latest at the turn cap (a draw)."""
    game = command(pair, max_turns=30)
    steps = 0
    for steps, state in enumerate(states(game, seed)):  # noqa: B007 - read after the loop
        assert state.turn <= 60
    assert state.is_terminal()
    assert steps < 20_000
