"""The invariants of rulebook section B.6, as Hypothesis properties over random Tactics play.

Each property plays whole random games (`playing.random_play`: uniform legal actions, the coin sampled)
from setup to the end and checks its invariant after every step. Hypothesis picks the seeds; a failure
shrinks to the smallest seed that shows it. Besides the default game, the properties run with a smaller
army budget and with the extra warriors of ``data/effect_warriors.toml`` (effect attacks, terrain placed
by effects, free paths), so that every effect and movement kind turns up in random games.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from playing import random_play, sampled_steps

import shardgames as sg
from shardgames.tactics import Mode, Phase, TacticsGame, TacticsPrompt, TacticsState, Terrain
from shardgames.tactics.actions import Move
from shardgames.tactics.movement import waiting_move
from shardgames.tactics.position import position_of

EXTRA_ROSTER = Path(__file__).parent / "data" / "effect_warriors.toml"
CONFIGURATIONS = {
    "default": {},
    "small": {"souls": 12, "max_turns": 40},
    "extended": {"roster": (str(EXTRA_ROSTER),)},
}
seeds = st.integers(min_value=0, max_value=2**32 - 1)
GAMES = pytest.mark.parametrize("config", sorted(CONFIGURATIONS))

STONE, PORTAL, WATER, WIND = (t.ordinal for t in (Terrain.STONE, Terrain.PORTAL, Terrain.WATER, Terrain.WIND))


def tactics(config: str) -> TacticsGame:
    """The game of one configuration."""
    game = sg.load_game("tactics", **CONFIGURATIONS[config])
    assert isinstance(game, TacticsGame)
    return game


def states(game: TacticsGame, seed: int) -> Iterator[TacticsState]:
    """Every state of a random game (the same object, mutated), the final one included."""
    for state in random_play(game, seed):
        assert isinstance(state, TacticsState)
        yield state


def check_every_step(game: TacticsGame, seed: int, check: Callable[[TacticsState], None]) -> TacticsState:
    """Run `check` on every state of a random game; return the final state."""
    state = None
    for state in states(game, seed):
        check(state)
    assert state is not None
    return state


def phase_of(state: TacticsState) -> Phase | None:
    """The kind of the pending decision (None when the game is over)."""
    prompt = state.prompt
    return prompt.phase if isinstance(prompt, TacticsPrompt) else None


def in_play(state: TacticsState) -> bool:
    """Whether setup is over (a play decision is pending, or the game ended after setup)."""
    phase = phase_of(state)
    return phase not in (None, Phase.SETUP, Phase.COIN) or (state.is_terminal() and state.turn > 0)


def may_stand(mode: Mode, terrain: int) -> bool:
    """TAC-R6, R10e in the rulebook's words: where a warrior with this movement mode may stand."""
    if terrain == STONE:
        return mode in (Mode.FLIGHT, Mode.JUMP)
    if terrain == WATER:
        return mode in (Mode.FLIGHT, Mode.SWIM)
    if terrain == WIND:
        return mode is not Mode.FLIGHT
    return True


def mode_of(state: TacticsState, warrior: int) -> Mode:
    """The movement mode of the side the warrior shows."""
    return state.game.roster[state.card[warrior]].side(state.injured[warrior]).move.mode


def commanders_of(state: TacticsState, seat: int) -> int:
    """How many commanders `seat` has on the board."""
    commander = state.game.commander
    return sum(1 for w in state.warriors_of(seat) if commander[state.card[w]])


# ---------------------------------------------------------------------- the cells


@GAMES
@given(seed=seeds)
def test_tac_b6_at_most_one_warrior_and_one_terrain_per_cell(config: str, seed: int) -> None:
    """B.6, TAC-R6: the board and the warriors' squares agree, so no square holds two warriors; every
    square holds at most one terrain, owned by a seat exactly when there is one, and each seat's Portals
    are the Portal squares it owns."""

    def check(state: TacticsState) -> None:
        placed = [(w, cell) for w, cell in enumerate(state.square) if cell >= 0]
        assert len({cell for _, cell in placed}) == len(placed)
        assert all(state.board[cell] == w for w, cell in placed)
        assert sorted(c for c in range(64) if state.board[c] >= 0) == sorted(cell for _, cell in placed)
        for cell in range(64):
            assert -1 <= state.terrain[cell] < len(Terrain)
            assert (state.terrain[cell] >= 0) == (state.terrain_owner[cell] in (0, 1))
        for seat in (0, 1):
            owned = [c for c in range(64) if state.terrain[c] == PORTAL and state.terrain_owner[c] == seat]
            assert sorted(state.portals[seat]) == owned

    check_every_step(tactics(config), seed, check)


@GAMES
@given(seed=seeds)
def test_tac_b6_no_warrior_stands_on_terrain_it_may_not_enter(config: str, seed: int) -> None:
    """B.6, TAC-R6: after every step, no warrior stands on Stone without flight or jump, on Water without
    flight or swim, or on Wind with flight."""

    def check(state: TacticsState) -> None:
        for warrior, cell in enumerate(state.square):
            if cell >= 0:
                assert may_stand(mode_of(state, warrior), state.terrain[cell]), (warrior, cell)

    check_every_step(tactics(config), seed, check)


@GAMES
@given(seed=seeds)
def test_tac_b6_no_legal_move_ends_on_an_occupied_cell_or_forbidden_terrain(config: str, seed: int) -> None:
    """B.6, TAC-32, R10e: every legal move, whether an action, a riposte, a nudge or a portal choice, is a
    0-space move action or ends on a square with no warrior whose terrain the moved warrior may enter.
    A move into an own Portal ends where its portal decision takes it (E9): on the Portal, or an exit."""

    def check(state: TacticsState) -> None:
        phase = phase_of(state)
        prompt = state.prompt
        for candidate in state.legal_actions():
            if not isinstance(candidate, Move):
                continue
            moved = state.board[candidate.origin]
            if phase is Phase.PORTAL:  # the warrior entering the Portal may still be on its way
                assert isinstance(prompt, TacticsPrompt)
                moved = prompt.warrior
            assert moved >= 0, candidate
            if candidate.dest == candidate.origin:
                assert phase is Phase.ACTION, candidate  # only a move action may stay (TAC-R10b)
                continue
            for end in _ends(state, candidate):
                assert state.board[end] < 0, candidate
                assert may_stand(mode_of(state, moved), state.terrain[end]), candidate
            if phase in (Phase.ACTION, Phase.RIPOSTE):
                assert state.owner[moved] == state.current_player, candidate

    check_every_step(tactics(config), seed, check)


def _ends(state: TacticsState, move: Move) -> list[int]:
    """Where a legal move may end: its destination, or, for a move into an own Portal that asks for
    the exit, the Portal (if the warrior may stay) and each exit."""
    moved = state.board[move.origin]
    if moved < 0 or move.dest not in state.portals[state.owner[moved]] or phase_of(state) is Phase.PORTAL:
        return [move.dest]
    after = state.clone()
    after.apply_action(move)
    assert isinstance(after, TacticsState)
    if waiting_move(after) is None:
        return [move.dest]
    return [a.dest if isinstance(a, Move) else move.dest for a in after.legal_actions()]


# ---------------------------------------------------------------------- the counters


@GAMES
@given(seed=seeds)
def test_tac_b6_souls_never_negative(config: str, seed: int) -> None:
    """B.6: neither player's Souls ever go below 0."""

    def check(state: TacticsState) -> None:
        assert min(state.souls) >= 0

    check_every_step(tactics(config), seed, check)


@GAMES
@given(seed=seeds)
def test_tac_b6_actions_used_at_most_the_limit_at_most_4(config: str, seed: int) -> None:
    """B.6, TAC-25, 26, R8: during play, actions used <= the turn's limit <= 3 + 1."""
    game = tactics(config)
    actions = game.params["actions"]

    def check(state: TacticsState) -> None:
        if phase_of(state) not in (None, Phase.SETUP, Phase.COIN):
            assert state.actions_used <= state.action_limit <= actions + 1
            assert state.action_limit == actions + state.extra_bought

    check_every_step(game, seed, check)


@GAMES
@given(seed=seeds)
def test_tac_b6_each_player_owns_a_commander_unless_the_game_is_over(config: str, seed: int) -> None:
    """B.6, TAC-R1, R4: once setup is over, both players own a commander at every step until the game
    ends; a game won on the board ends with the loser owning none and the winner at least one."""

    def check(state: TacticsState) -> None:
        if not in_play(state):
            return
        if not state.is_terminal():
            assert commanders_of(state, 0) >= 1
            assert commanders_of(state, 1) >= 1
        elif state.winner is not None:
            assert commanders_of(state, 1 - state.winner) == 0
            assert commanders_of(state, state.winner) >= 1

    check_every_step(tactics(config), seed, check)


# ---------------------------------------------------------------------- whole games


@GAMES
@given(seed=seeds)
def test_tac_b6_games_end_within_max_turns(config: str, seed: int) -> None:
    """B.6, TAC-R17: random play always ends, after at most `max_turns` turns; at the cap it is a draw."""
    game = tactics(config)
    cap = game.params["max_turns"]
    final = check_every_step(game, seed, lambda state: None)
    assert final.is_terminal()
    assert final.turn <= cap
    if final.winner is None:
        assert final.turn == cap
    assert final.legal_actions() == ()


@GAMES
@given(seed=seeds)
def test_tac_b6_same_seed_and_actions_give_the_same_game(config: str, seed: int) -> None:
    """B.6: a random game replayed from its seed and its actions reaches the same state: equal JSON,
    equal events, equal history."""
    game = tactics(config)
    final = check_every_step(game, seed, lambda state: None)
    again = game.replay(seed, list(final.history))
    assert again.to_json() == final.to_json()
    assert list(again.events) == list(final.events)
    assert list(again.history) == list(final.history)
    twice = check_every_step(game, seed, lambda state: None)
    assert twice.to_json() == final.to_json()


@GAMES
@given(seed=seeds)
def test_tac_b6_positions_round_trip(config: str, seed: int) -> None:
    """Positions: at sampled steps of a random game, the state built from `position_of(state)` has the
    same legal actions (in order) and writes the same position."""
    game = tactics(config)
    step = 0

    def check(state: TacticsState) -> None:
        nonlocal step
        step += 1
        if state.is_terminal() or not sampled_steps(step):
            return
        position = position_of(state)
        rebuilt = game.state_from_position(position)
        assert isinstance(rebuilt, TacticsState)
        assert rebuilt.legal_actions() == state.legal_actions(), position
        assert rebuilt.current_player == state.current_player
        assert position_of(rebuilt) == position

    check_every_step(game, seed, check)
