"""Might and attacks (TAC-44 to 47, R1, R14, R15): effective Might, targets, injuries and defeat.

Shared by the turn (`shardgames.tactics.play`) and the effects that attack
(`shardgames.tactics.standard_effects`); an effect changes Might or an attack through its hooks
(`Effect.might`, `Effect.defend`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from shardgames.tactics.board import WITHIN
from shardgames.tactics.events import Attacked, Injured, WarriorDefeated

if TYPE_CHECKING:
    from shardgames.tactics.game import CompiledSide
    from shardgames.tactics.state import TacticsState

__all__ = ["attack_targets", "check_commanders", "defended", "might", "resolve_attack"]


def might(s: TacticsState, warrior: int, *, attacking: bool = False) -> int:
    """Effective Might: the side's Might, rallies, effects, less scorched and reductions (TAC-R14, D3)."""
    side = s.side_of(warrior)
    value = side.might + s.buff[warrior] - s.reduction[warrior] - s.scorched[warrior]
    rule = side.rule
    if rule is None:
        return value
    return value + rule.might(s, warrior, side, attacking=attacking)


def attack_targets(s: TacticsState, warrior: int, reach: int) -> list[int]:
    """The enemies `warrior` may attack within effect distance `reach` (an effect's attack, TAC-R15)."""
    origin = s.square[warrior]
    owner = s.owner[warrior]
    board = s.board
    return [c for c in WITHIN[reach][origin] if board[c] >= 0 and s.owner[board[c]] != owner]


def defended(side: CompiledSide, strike: int) -> int:
    """The Might an attack with Might `strike` takes from a warrior showing `side` (never below 0; BRACE)."""
    reduction = max(0, strike)
    return reduction if side.rule is None else side.rule.defend(side, reduction)


def resolve_attack(s: TacticsState, attacker: int, target: int) -> bool:
    """The Might arithmetic of one attack (TAC-45/46, R14); returns whether it injured.

    The reduction is the attacker's Might (never below 0), as the target's effect lets it through
    (`Effect.defend`: BRACE); the target is injured when its Might falls to 0 or less, or when its
    owner has only commanders left (TAC-11).
    """
    reduction = defended(s.side_of(target), might(s, attacker, attacking=True))
    s.reduction[target] += reduction
    left = might(s, target)
    s.emit(Attacked(attacker, s.name_of(attacker), target, s.name_of(target), reduction, left))
    commander = s.game.commander
    injured = left <= 0 or all(commander[s.card[w]] for w in s.warriors_of(s.owner[target]))
    if injured:
        _injure(s, target)
    return injured


def _injure(s: TacticsState, warrior: int) -> None:
    """TAC-29: flip an uninjured warrior (its reductions clear, R14); remove an injured one (R1 follows)."""
    if not s.injured[warrior]:
        s.emit(Injured(warrior, s.name_of(warrior)))  # named by the side it had when hit
        s.injured[warrior] = True
        s.reduction[warrior] = 0
        return
    s.emit(WarriorDefeated(warrior, s.name_of(warrior)))
    s.board[s.square[warrior]] = -1
    s.square[warrior] = -1
    check_commanders(s)


def check_commanders(s: TacticsState) -> None:
    """TAC-R1: a player without a commander on the board loses at once; both at once is a draw."""
    commander = s.game.commander
    beaten = [seat for seat in (0, 1) if not any(commander[s.card[w]] for w in s.warriors_of(seat))]
    if len(beaten) == 2:
        s.end_game(None, "both players lost their last commander")
    elif beaten:
        winner = 1 - beaten[0]
        s.end_game(winner, f"seat {beaten[0]} has no commander left")
