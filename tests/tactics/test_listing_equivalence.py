"""The fast listings list exactly what the rules allow, worked out the plain way, at every step.

The turn's listing (`legal_turn_actions`) walks precomputed rays with its own loops; the setup listing
(`legal_purchases`) groups cards by where they may go. At every step of seeded random games of every
sample configuration (and the default, and a roster with free-path movers), each is compared with a
straightforward recomputation: every move `moves_of` finds (the generator effects use), every attack
on an enemy within reach; in setup, every purchase id the explainer finds no reason against; for a
NUDGE, every square around a neighbour that `passability` lets it end on. A
clone and a pickled copy taken mid-game, and the state read back from JSON, list the same.
"""

from __future__ import annotations

import pickle
from pathlib import Path

import pytest

import shardgames as sg
from shardgames.kernel.rng import Rng
from shardgames.tactics import TacticsGame, TacticsState
from shardgames.tactics.actions import Stop
from shardgames.tactics.board import ADJACENT, NEAR
from shardgames.tactics.movement import moves_of, passability
from shardgames.tactics.phases import Phase
from shardgames.tactics.play import actions_left_problem, attack_problem, buy_action_problem
from shardgames.tactics.warriors import Dirs, MoveSpec

EXTRA_ROSTER = Path(__file__).parent / "data" / "effect_warriors.toml"

_CONFIGURATIONS = ("tactics", *TacticsGame.sample_configurations)


def _turn_ids(s: TacticsState, seat: int) -> list[int]:
    """The ids of a turn's decision, from the rule functions and `moves_of`, one by one."""
    game = s.game
    ids = [game.id_end_turn]
    if buy_action_problem(s) is None:
        ids.append(game.id_buy_action)
    if actions_left_problem(s) is not None:
        return sorted(ids)
    enemies = {s.square[w] for w in s.warriors_of(1 - seat)}
    for warrior in s.warriors_of(seat):
        origin = s.square[warrior]
        ids.append(game.move_id(origin, origin))
        # a move names where it stops, or the own Portal it teleports from (E9): each once
        ids += {game.move_id(origin, dest if via is None else via) for dest, via, _ in moves_of(s, warrior)}
        if attack_problem(s, warrior) is None:
            near = NEAR[s.side_of(warrior).reach][origin]
            ids += [game.attack_id(origin, cell) for cell in sorted(enemies & near)]
    return sorted(ids)


def _nudge_ids(s: TacticsState, nudger: int) -> list[int]:
    """A NUDGE decision's ids: decline, or a neighbour 1 space to where `passability` lets it end."""
    game = s.game
    ids = [game.id_decline]
    for cell in ADJACENT[s.square[nudger]]:
        moved = s.board[cell]
        if moved >= 0:
            _, can_end = passability(s, MoveSpec(Dirs.ANY, 1, False, s.side_of(moved).move.mode))
            ids += [game.move_id(cell, dest) for dest in ADJACENT[cell] if can_end[dest]]
    return sorted(ids)


def _portal_ids(s: TacticsState, warrior: int, portal: int) -> list[int]:
    """A portal decision's ids: stay (if on it, or if it may stop on it), or a free other Portal."""
    game = s.game
    stays = s.square[warrior] == portal or (portal, None) in {(d, v) for d, v, _ in moves_of(s, warrior)}
    owned = s.portals[s.owner[warrior]]
    exits = [game.move_id(portal, cell) for cell in owned if cell != portal and s.board[cell] < 0]
    return sorted([game.id_decline] * stays + exits)


def _setup_ids(s: TacticsState) -> list[int]:
    """The ids of a setup decision: every purchase (and Stop) the explainer finds no reason against."""
    game = s.game
    codec = game.codec
    prompt = s.prompt
    assert prompt is not None
    candidates = [codec.encode(Stop()), *range(game.id_buy_warrior, game.id_move)]
    return [i for i in candidates if s._explain_illegal(prompt, codec.decode(i)) is None]


def _mismatches(game: sg.Game, seeds: range, steps: int) -> list[str]:
    """Every step of seeded random games whose listing differs from the plain recomputation."""
    found: list[str] = []
    for seed in seeds:
        state = game.new_initial_state(seed=seed)
        assert isinstance(state, TacticsState)
        rng = Rng(seed)
        step = 0
        while not state.is_terminal() and step < steps:
            listed = state.legal_actions()
            ids = [game.codec.encode(a) for a in listed]
            prompt = state.prompt
            assert prompt is not None
            if prompt.phase is Phase.ACTION and ids != _turn_ids(state, prompt.player):
                found.append(f"seed {seed} step {step}: {prompt}")
            if prompt.phase is Phase.SETUP and step % 5 == 0 and ids != _setup_ids(state):
                found.append(f"seed {seed} step {step}: {prompt}")
            nudge = prompt.phase is Phase.TURN_START and state.side_of(prompt.warrior).effect == "NUDGE"
            if nudge and ids != _nudge_ids(state, prompt.warrior):
                found.append(f"seed {seed} step {step}: {prompt}")
            portal = prompt.phase is Phase.PORTAL
            if portal and ids != _portal_ids(state, prompt.warrior, prompt.square):
                found.append(f"seed {seed} step {step}: {prompt}")
            if step % 20 == 0:
                copies = (
                    state.clone(),
                    pickle.loads(pickle.dumps(state)),
                    game.state_from_json(state.to_json()),
                )
                found += [
                    f"seed {seed} step {step}: a copy lists otherwise"
                    for c in copies
                    if c.legal_actions() != listed
                ]
            state.apply_action(rng.choice(listed))
            step += 1
    return found


@pytest.mark.parametrize("configuration", _CONFIGURATIONS)
def test_listings_equal_the_plain_recomputation(configuration: str) -> None:
    assert _mismatches(sg.load_game(configuration), range(3), 300) == []


def test_listings_equal_the_plain_recomputation_with_free_path_movers() -> None:
    assert _mismatches(sg.load_game("tactics", roster=(str(EXTRA_ROSTER),)), range(3), 300) == []
