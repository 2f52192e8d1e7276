"""K45 Swarm (Life): create a 1/1 token Entity; leaving the Arena, a token ceases to exist (R28, DX17).

Tidewell carries it on Seedling Chorus (L). Pyre's Spark (Deal 2 Dmg) and Ash Hound (3/2) destroy the token.
"""

from __future__ import annotations

from command_scenarios import in_hand, play, resolve_queue, starter

from shardgames.command.actions import ChooseTarget, DeclareAttack, Intercept, Pass, Play
from shardgames.command.events import CardMoved, TokenCreated
from shardgames.command.objects import TOKENS, Permanent, player_target
from shardgames.command.rules import durability, force
from shardgames.command.state import CommandState

start = starter("tidewell,pyre")


def chorus(state: CommandState) -> tuple[int, Permanent]:
    """Seat 0 plays Seedling Chorus and it resolves: the Chorus's number and the new token."""
    card = play(state, 0, "Seedling Chorus")
    resolve_queue(state)
    (token,) = [p for p in state.arena if p.token]
    return card, token


def in_no_zone(state: CommandState, number: int) -> bool:
    """Whether `number` is nowhere: not in the Arena, any hand, deck, Scrap, Obliterated zone or exile."""
    return (
        state.permanent(number) is None
        and all(number not in state.hands[s] and number not in state.scrap[s] for s in (0, 1))
        and all(number not in state.obliterated[s] for s in (0, 1))
        and all(number not in state.decks[s].top and number not in state.decks[s].bottom for s in (0, 1))
        and all(number not in ids for s in (0, 1) for ids in state.decks[s].middle.values())
        and number not in state.exiled
    )


POSITION = {
    "turn": 3,
    "players": [
        {"hand": ["Seedling Chorus"], "unused": "1L"},
        {"hand": ["Spark"], "unused": "1F", "arena": ["Ash Hound"]},
    ],
}


def test_cmd_k45_seedling_chorus_creates_a_fatigued_one_one_token() -> None:
    """R28: a 1/1 token with no abilities, owned by its creator, with Deployment Fatigue."""
    state = start(POSITION)
    card, token = chorus(state)
    assert token.id >= TOKENS
    assert (token.owner, token.kind) == (0, state.game.token_kind)
    assert (force(state, token), durability(state, token)) == (1, 1)
    assert TokenCreated(0, token.id) in state.events
    assert state.scrap[0] == (card,)
    assert token.entered == state.turn
    assert DeclareAttack(token.id) not in state.legal_actions()


def test_cmd_dx17_a_token_destroyed_by_spark_is_in_no_zone() -> None:
    """DX17: the token Sparked on the next turn ceases to exist: no Scrap, no Obliterated zone, nowhere."""
    state = start(POSITION)
    card, token = chorus(state)
    turn = state.turn
    while state.turn == turn:
        state.apply_action(Pass())
    state.apply_action(Play(in_hand(state, 1, "Spark")))
    state.apply_action(ChooseTarget(token.id))
    resolve_queue(state)
    assert in_no_zone(state, token.id)
    assert state.scrap[0] == (card,)
    assert state.obliterated == [(), ()]
    assert CardMoved(token.id, "token", "Arena", "nowhere (a token ceases to exist)") in state.events


def test_cmd_dx17_a_token_destroyed_in_combat_is_in_no_zone() -> None:
    """DX17, R28: the token Intercepts Ash Hound on turn 4, deals 1 and dies; it goes to no zone."""
    state = start(POSITION)
    card, token = chorus(state)
    hound = next(p for p in state.arena if p.owner == 1)
    turn = state.turn
    while state.turn == turn:
        state.apply_action(Pass())
    state.apply_action(DeclareAttack(hound.id))
    state.apply_action(ChooseTarget(player_target(0)))
    state.apply_action(Intercept(token.id))
    while state.combat is not None:
        state.apply_action(Pass())
    assert hound.damage == 1
    assert in_no_zone(state, token.id)
    assert state.scrap[0] == (card,)
    assert state.integrity == [20, 20]
