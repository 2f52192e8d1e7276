"""What a Tactics state must satisfy: every field against the game, for states read from JSON or positions.

`problems` lists each field that is out of range or disagrees with the rest of the state (see
`shardgames.kernel.checks`); `TacticsState._problems` returns it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from shardgames.kernel.checks import Problems
from shardgames.kernel.prompts import Task
from shardgames.tactics.effects import Timing
from shardgames.tactics.movement import move_targets, portal_exits
from shardgames.tactics.phases import (
    DECISION_PHASES,
    AfterAttack,
    AfterMove,
    BeginTurn,
    EndOfTurn,
    MoveMade,
    OrderTurnStart,
    Phase,
    SetupTurn,
    TacticsPrompt,
    TurnStartEffect,
)
from shardgames.tactics.setup import PURCHASES_PER_TURN
from shardgames.tactics.warriors import TERRAINS, Terrain

if TYPE_CHECKING:
    from shardgames.tactics.state import TacticsState

__all__ = ["AMOUNT_LIMIT", "problems"]

CELLS = 64
AMOUNT_LIMIT = 1000
"""The largest attack reduction or rally bonus a state may hold (far beyond any a game reaches)."""

_BOARD_LISTS = ("board", "terrain", "terrain_owner")
_WARRIOR_LISTS = ("owner", "square", "injured", "reduction", "buff", "scorched", "attacked")
_SEAT_LISTS = ("portals", "souls", "stopped")
_DECIDED_IN = {phase: timing for timing, phase in DECISION_PHASES.items()}
_SEAT_PHASES = (Phase.SETUP, Phase.ACTION)
_PORTAL = Terrain.PORTAL.ordinal


def problems(s: TacticsState) -> Problems:
    """Every problem of the Tactics fields, prompt and tasks of `s`."""
    found = Problems()
    for field in _BOARD_LISTS:
        found.length(f"data.{field}", getattr(s, field), CELLS, "squares")
    for field in _SEAT_LISTS:
        found.length(f"data.{field}", getattr(s, field), 2, "entries, one per seat")
    count = len(s.card)
    for field in _WARRIOR_LISTS:
        found.length(f"data.{field}", getattr(s, field), count, "entries, one per warrior (as data.card)")
    if found:  # everything below indexes these lists
        return found
    _warriors(s, found)
    _terrain(s, found)
    _counters(s, found)
    if not found:  # the prompt and tasks are checked against a sound table
        if isinstance(s.prompt, TacticsPrompt):
            _prompt(s, s.prompt, found)
        _tasks(s, found)
        _outcome(s, found)
    return found


def _warriors(s: TacticsState, found: Problems) -> None:
    roster = len(s.game.roster)
    for warrior in range(len(s.card)):
        where = f"[{warrior}]"
        found.int_in(f"data.card{where}", s.card[warrior], 0, roster - 1)
        found.seat(f"data.owner{where}", s.owner[warrior], s.game)
        for field in ("reduction", "buff"):
            found.int_in(f"data.{field}{where}", getattr(s, field)[warrior], 0, AMOUNT_LIMIT)
        cell = s.square[warrior]
        if (
            found.int_in(f"data.square{where}", cell, -1, CELLS - 1)
            and cell >= 0
            and s.board[cell] != warrior
        ):
            found.add(
                f"data.square{where}",
                f"warrior {warrior} is on {cell}, but data.board[{cell}] does not say so",
            )
    for cell, warrior in enumerate(s.board):
        in_range = found.int_in(f"data.board[{cell}]", warrior, -1, len(s.card) - 1)
        if in_range and warrior >= 0 and s.square[warrior] != cell:
            found.add(
                f"data.board[{cell}]", f"warrior {warrior} is on square {s.square[warrior]}, not {cell}"
            )
    if found:
        return
    commander = s.game.commander
    for seat in (0, 1):
        cards = [s.card[w] for w in s.warriors_of(seat) if commander[s.card[w]]]
        for card in sorted(set(cards)):
            if cards.count(card) > 1:
                name = s.game.roster[card].name
                found.add("data.card", f"seat {seat} has {cards.count(card)} copies of {name} on the board")


def _terrain(s: TacticsState, found: Problems) -> None:
    for cell in range(CELLS):
        terrain, owner = s.terrain[cell], s.terrain_owner[cell]
        if found.int_in(f"data.terrain[{cell}]", terrain, -1, len(TERRAINS) - 1):
            if terrain < 0 and owner != -1:
                found.add(
                    f"data.terrain_owner[{cell}]", f"must be -1 on a square without terrain, not {owner}"
                )
            elif terrain >= 0:
                found.seat(f"data.terrain_owner[{cell}]", owner, s.game)
    if found:
        return
    for seat in (0, 1):
        portals = tuple(c for c in range(CELLS) if s.terrain[c] == _PORTAL and s.terrain_owner[c] == seat)
        if tuple(s.portals[seat]) != portals:
            found.add(f"data.portals[{seat}]", f"must list seat {seat}'s Portal squares, {list(portals)}")


def _counters(s: TacticsState, found: Problems) -> None:
    game = s.game
    cap = game.turn_cap
    for seat in (0, 1):
        found.int_in(f"data.souls[{seat}]", s.souls[seat], 0, int(game.params["souls"]) + cap)
    prompt = s.prompt
    in_setup = isinstance(prompt, TacticsPrompt) and prompt.phase in (Phase.COIN, Phase.SETUP)
    found.seat("data.first", s.first, game, also=(-1,))
    found.seat("data.active", s.active, game, also=(-1,))
    found.int_in("data.purchases", s.purchases, 0, PURCHASES_PER_TURN - 1)
    limit = game.actions_per_turn + 1
    if found.int_in("data.action_limit", s.action_limit, 0, limit):
        found.int_in("data.actions_used", s.actions_used, 0, s.action_limit)
    if not in_setup and s.action_limit < game.actions_per_turn and s.prompt is not None:
        found.add("data.action_limit", f"must be at least {game.actions_per_turn} in a turn of play")
    if s.extra_bought and s.action_limit != limit:
        found.add("data.action_limit", f"must be {limit} once an action was bought (data.extra_bought)")


def _prompt(s: TacticsState, prompt: TacticsPrompt, found: Problems) -> None:
    phase = prompt.phase
    if not found.decider(prompt, s.game, chance=phase is Phase.COIN, what=f"the {phase.value} decision"):
        return
    if phase is Phase.COIN:
        if s.first != -1 or s.active != -1 or s.card:
            found.add("prompt.phase", "the coin is flipped before anything else happens")
    elif s.first < 0 or s.active < 0:
        found.add("data.first", "the first and the active seat are known once the coin is flipped")
    elif (phase in _SEAT_PHASES or phase is Phase.EFFECT_ORDER) and prompt.player != s.active:
        found.add("prompt.player", f"must be the active seat, {s.active}")
    if phase is not Phase.SETUP and phase is not Phase.COIN:
        commander = s.game.commander
        for seat in (0, 1):
            if not any(commander[s.card[w]] for w in s.warriors_of(seat)):
                found.add("data.card", f"seat {seat} has no commander on the board: the game would be over")
    if phase is Phase.SETUP and s.stopped[prompt.player]:
        found.add("prompt.player", f"seat {prompt.player} has stopped buying")
    if phase in _DECIDED_IN or phase is Phase.PORTAL:
        _effect_prompt(s, prompt, found)
    elif prompt.warrior != -1 or prompt.square != -1:
        found.add(
            "prompt.warrior", f"a {phase.value} decision is about no warrior: warrior and square are -1"
        )
    if phase is Phase.EFFECT_ORDER:
        choices = prompt.choices
        if (
            len(choices) < 2
            or len(set(choices)) != len(choices)
            or not all(
                _is_warrior(s, w)
                and s.square[w] >= 0
                and s.owner[w] == s.active
                and s.has_effect(w, Timing.TURN_START)
                for w in choices
            )
        ):
            found.add(
                "prompt.choices", "must be two or more warriors of the active seat with a turn-start effect"
            )
    elif prompt.choices:
        found.add("prompt.choices", "only an order of turn-start effects has choices")


def _effect_prompt(s: TacticsState, prompt: TacticsPrompt, found: Problems) -> None:
    warrior = prompt.warrior
    if not _is_warrior(s, warrior) or s.square[warrior] < 0:
        found.add("prompt.warrior", f"must be a warrior on the board, not {warrior}")
        return
    if prompt.phase is Phase.PORTAL and prompt.square != s.square[warrior]:  # entering it by a move
        if prompt.square not in move_targets(s, warrior) or not portal_exits(s, warrior, prompt.square):
            found.add("prompt.square", "must be an own Portal the warrior may enter and teleport from")
    elif prompt.square != s.square[warrior]:
        found.add("prompt.square", f"must be the warrior's square, {s.square[warrior]}")
    if prompt.player != s.owner[warrior]:
        found.add("prompt.player", f"must be the warrior's owner, {s.owner[warrior]}")
    timing = _DECIDED_IN.get(prompt.phase)
    if timing is not None and not s.has_effect(warrior, timing, decided=True):
        found.add("prompt.warrior", f"warrior {warrior} has no {prompt.phase.value} effect")
    if prompt.phase is Phase.PORTAL and prompt.square not in s.portals[s.owner[warrior]]:
        found.add("prompt.square", f"must be one of the Portals of warrior {warrior}'s owner")


def _is_warrior(s: TacticsState, warrior: int) -> bool:
    return 0 <= warrior < len(s.card)


_ON_THE_BOARD: dict[type[Task], str] = {
    AfterMove: "it has just moved",
    MoveMade: "it has just moved",
    TurnStartEffect: "its turn-start effect acts now",
}
"""The tasks that run at once for a warrior on the board, and why it must be there."""


def _tasks(s: TacticsState, found: Problems) -> None:
    for index, task in enumerate(s.tasks):
        where = f"tasks[{index}]"
        if isinstance(task, SetupTurn | BeginTurn):
            found.seat(f"{where}.seat", task.seat, s.game)
        elif isinstance(task, TurnStartEffect | AfterMove | AfterAttack | MoveMade):
            if not _is_warrior(s, task.warrior):
                found.add(f"{where}.warrior", f"must be a warrior 0..{len(s.card) - 1}, not {task.warrior}")
            elif type(task) in _ON_THE_BOARD and s.square[task.warrior] < 0:
                why = _ON_THE_BOARD[type(task)]
                found.add(f"{where}.warrior", f"warrior {task.warrior} must be on the board: {why}")
        elif isinstance(task, OrderTurnStart):
            if not all(_is_warrior(s, w) for w in task.warriors):
                found.add(f"{where}.warriors", f"must be warriors 0..{len(s.card) - 1}")
        elif isinstance(task, EndOfTurn) and s.active < 0:
            found.add(where, "a turn ends only once play has started")


def _outcome(s: TacticsState, found: Problems) -> None:
    winner = s.winner
    if winner is None or winner not in (0, 1):
        return
    commander = s.game.commander
    has = [any(commander[s.card[w]] for w in s.warriors_of(seat)) for seat in (0, 1)]
    if not has[winner] or has[1 - winner]:
        found.add("winner", f"seat {winner} wins only when it alone has a commander on the board")
