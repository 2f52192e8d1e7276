"""Tactics positions: a board diagram in text, plus the turn's counters, for any situation.

The board is drawn rank 8 at the top, like a chess diagram. Each square holds a warrior token or
``.``: a warrior's one-letter code (see `TacticsGame.codes`; for the roster ``M`` Militia, ``A`` Archer,
``S`` Scout, ``D`` Diver, ``P`` Pikeman, ``B`` Bard, ``K`` Knight, ``W`` Wyvern, ``V`` CMDR Vale,
``O`` CMDR Oren, ``E`` CMDR Kess), upper case for seat 0 and lower case for seat 1, followed by ``*``
when injured; ``[id]`` (seat 0) or ``{id}`` (seat 1) names any warrior by its card id. The terrain is a
second diagram: ``F`` fire, ``S`` stone, ``P`` portal, ``W`` water, ``N`` wind, upper case when it
belongs to seat 0 and lower case for seat 1.

```python
{
    "phase": "play",  # or "setup"
    "active": 0,  # whose turn (or setup turn) it is
    "turn": 7,  # the turn counter (for the turn cap)
    "first": 0,  # the seat that bought and plays first
    "souls": [4, 6],
    "board": '''
        a  b  c  d  e  f  g  h
     8  .  .  .  v  .  .  .  .
     7  .  .  .  m  .  .  .  .
     2  .  .  K* .  .  .  .  .
     1  .  .  .  E  .  .  .  .
    ''',  # ranks not drawn are empty
    "terrain": '''
     4  .  .  F  .  .  .  .  .
     1  P  .  .  .  .  .  .  P
    ''',
    "actions_used": 1,  # move and attack actions used this turn
    "action_limit": 3,  # 4 after buying an action
    "extra_bought": False,  # whether an action was bought this turn
    "attacks_locked": False,  # an attack action has injured this turn (TAC-47)
    "attacked": ["c2"],  # warriors that have attacked this turn
    "reductions": {"d7": 2},  # Might lost to attacks this turn
    "buffs": {"c2": 1},  # rally bonuses until their owner's next turn starts
    "scorched": ["c4"],  # passed through Fire this turn (a warrior standing in Fire always is)
    "decision": "action",  # or {"riposte": "d7"}, {"nudge": "d1"}, {"after_move": "c2"}, {"portal": "a1"},
    # or {"order": ["d1", "e2"]}: which of these warriors' turn-start effects resolves next,
    # or {"portal": ["c3", "a1"]} / {"riposte": ["c3", "a1"]}: the warrior on c3, moving by an action
    # (or a riposte), enters its Portal on a1: where does it come out?
    "waiting": [],  # warriors whose turn-start effects wait after the pending decision
    "stopped": [False, False],  # setup only: who has stopped buying
    "purchases": 0,  # setup only: purchases made in this setup turn
}
```

Every field but ``board`` is optional. A bad position raises `PositionError` listing every problem.
`position_of(state)` writes any state in this format.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from shardgames.kernel.datafiles import bounded_int
from shardgames.kernel.errors import PositionError
from shardgames.kernel.state import State
from shardgames.tactics.board import FILES, name, square
from shardgames.tactics.checks import AMOUNT_LIMIT
from shardgames.tactics.effects import Timing
from shardgames.tactics.movement import move_targets, portal_exits, waiting_move
from shardgames.tactics.phases import (
    AfterMove,
    AskAction,
    MoveMade,
    OrderTurnStart,
    Phase,
    TacticsPrompt,
    TurnStartEffect,
)

if TYPE_CHECKING:
    from shardgames.tactics.game import TacticsGame
    from shardgames.tactics.state import TacticsState

__all__ = ["TERRAIN_CODES", "draw_board", "fill_from_position", "position_of"]

TERRAIN_CODES = "FSPWN"
"""The letter of each terrain, in the order of `shardgames.tactics.warriors.TERRAINS`: fire, stone,
portal, water, wind."""

_PLAY_ONLY = (
    "actions_used",
    "action_limit",
    "extra_bought",
    "attacks_locked",
    "attacked",
    "reductions",
    "buffs",
    "scorched",
)
"""The fields `position_of` writes only for play positions."""

_SETUP_ONLY = ("stopped", "purchases")
_FIELDS = {"phase", "active", "turn", "first", "souls", "board", "terrain", "decision", "waiting"}
_FIELDS |= {*_PLAY_ONLY, *_SETUP_ONLY}
_TOKEN = re.compile(r"\[[^\]]+\]\*?|\{[^}]+\}\*?|[A-Za-z?]\*?|\.")
_DECISIONS = {
    "order": Phase.EFFECT_ORDER,
    "riposte": Phase.RIPOSTE,
    "nudge": Phase.TURN_START,
    "after_move": Phase.AFTER_MOVE,
    "portal": Phase.PORTAL,
}


def _grid(where: str, text: Any, problems: list[str]) -> dict[int, str]:
    """The tokens of a diagram by square."""
    if text is None:
        return {}
    if not isinstance(text, str):
        problems.append(f"{where}: must be a diagram in a string")
        return {}
    cells: dict[int, str] = {}
    for line in text.splitlines():
        body = line.strip()
        if not body or set(body.replace(" ", "")) <= set(FILES):
            continue
        rank, _, rest = body.partition(" ")
        tokens = _TOKEN.findall(rest)
        if (
            rank not in "12345678"
            or len(rank) != 1
            or len(tokens) != 8
            or "".join(tokens) != rest.replace(" ", "")
        ):
            problems.append(f"{where}: cannot read the line {body!r}; write a rank 1-8 then 8 squares")
            continue
        for file, token in enumerate(tokens):
            if token != ".":
                cells[(int(rank) - 1) * 8 + file] = token
    return cells


def _squares(where: str, raw: Any, problems: list[str]) -> list[int]:
    if raw is None:
        return []
    if not isinstance(raw, list):
        problems.append(f"{where}: must be a list of squares")
        return []
    cells = []
    for item in raw:
        try:
            cells.append(square(str(item)))
        except ValueError as exc:
            problems.append(f"{where}: {exc}")
    return cells


def _pair(where: str, raw: Any, kind: type, default: list[Any], problems: list[str]) -> list[Any]:
    if raw is None:
        return default
    if not isinstance(raw, list) or len(raw) != 2 or not all(isinstance(v, kind) for v in raw):
        problems.append(f"{where}: must be a list of two {kind.__name__}s (seat 0, seat 1)")
        return default
    return list(raw)


def _warrior_card(game: TacticsGame, token: str) -> tuple[int, int, bool] | str:
    """(card, owner, injured) of a board token, or a problem."""
    injured = token.endswith("*")
    token = token.rstrip("*")
    if token[0] in "[{":
        card_id = token[1:-1]
        ids = [card.id for card in game.roster]
        if card_id not in ids:
            return f"no warrior with id {card_id!r}"
        return ids.index(card_id), (0 if token[0] == "[" else 1), injured
    if token == "?" or token.upper() not in game.codes:
        return f"{token!r} is no warrior code; codes are {', '.join(c for c in game.codes if c != '?')}"
    return game.codes.index(token.upper()), (0 if token.isupper() else 1), injured


def fill_from_position(game: TacticsGame, s: TacticsState, position: Mapping[str, Any]) -> None:
    """Set up `s` (a blank state) from `position`; raise `PositionError` listing every problem."""
    problems = [
        f"{key}: unknown field; fields are {', '.join(sorted(_FIELDS))}"
        for key in sorted(set(position) - _FIELDS)
    ]
    phase = position.get("phase", "play")
    if phase not in ("play", "setup"):
        problems.append(f"phase: must be play or setup, not {phase!r}")
    for cell, token in sorted(_grid("board", position.get("board"), problems).items()):
        found = _warrior_card(game, token)
        if isinstance(found, str):
            problems.append(f"board {name(cell)}: {found}")
            continue
        card, owner, injured = found
        s.add_warrior(card, owner, cell, injured=injured)
    for cell, token in sorted(_grid("terrain", position.get("terrain"), problems).items()):
        if token.upper() not in TERRAIN_CODES or len(token) != 1:
            problems.append(
                f"terrain {name(cell)}: {token!r} is no terrain; use F, S, P, W or N (lower case: seat 1)"
            )
            continue
        s.place_terrain(cell, TERRAIN_CODES.index(token.upper()), 0 if token.isupper() else 1)
    for seat in (0, 1):
        cards = [s.card[w] for w in s.warriors_of(seat) if game.commander[s.card[w]]]
        problems.extend(
            f"board: seat {seat} has {cards.count(card)} copies of {game.roster[card].name}"
            for card in sorted(set(cards))
            if cards.count(card) > 1
        )
    s.souls = _pair("souls", position.get("souls"), int, [game.params["souls"]] * 2, problems)
    if any(v < 0 for v in s.souls):
        problems.append("souls: cannot be negative")
    s.stopped = _pair("stopped", position.get("stopped"), bool, [False, False], problems)
    s.active = bounded_int("active", position.get("active"), 0, 1, default=0, problems=problems)
    s.first = bounded_int("first", position.get("first"), 0, 1, default=s.active, problems=problems)
    kernel: State = s  # the turn counter is a kernel field
    kernel.turn = bounded_int(
        "turn",
        position.get("turn"),
        0,
        game.turn_cap,
        default=1 if phase == "play" else 0,
        problems=problems,
    )
    s.purchases = bounded_int("purchases", position.get("purchases"), 0, 2, default=0, problems=problems)
    s.actions_used = bounded_int(
        "actions_used", position.get("actions_used"), 0, 9, default=0, problems=problems
    )
    s.extra_bought = bool(position.get("extra_bought", False))
    default_limit = game.params["actions"] + s.extra_bought
    s.action_limit = bounded_int(
        "action_limit", position.get("action_limit"), 1, 10, default=default_limit, problems=problems
    )
    s.attacks_locked = bool(position.get("attacks_locked", False))
    for cell in _squares("attacked", position.get("attacked"), problems):
        _on_warrior(s, "attacked", cell, problems, lambda w: s.attacked.__setitem__(w, True))
    for cell in _squares("scorched", position.get("scorched"), problems):
        _on_warrior(s, "scorched", cell, problems, lambda w: s.scorched.__setitem__(w, True))
    for field, column in (("reductions", s.reduction), ("buffs", s.buff)):
        raw = position.get(field, {})
        if not isinstance(raw, Mapping):
            problems.append(f"{field}: must map squares to amounts")
            continue
        for cell_name, raw_amount in raw.items():
            amount = bounded_int(
                f"{field}.{cell_name}", raw_amount, 0, AMOUNT_LIMIT, default=0, problems=problems
            )
            for cell in _squares(field, [cell_name], problems):
                _on_warrior(s, field, cell, problems, lambda w, a=amount, c=column: c.__setitem__(w, a))
    if phase == "play":  # a warrior standing in Fire is scorched (it started the turn there or entered)
        for warrior, where in enumerate(s.square):
            if s.terrain[where] == TERRAIN_CODES.index("F"):
                s.scorched[warrior] = True
        beaten = [seat for seat in (0, 1) if not any(game.commander[s.card[w]] for w in s.warriors_of(seat))]
        problems.extend(f"board: seat {seat} has no commander (the game would be over)" for seat in beaten)
    if problems:
        raise PositionError("tactics position", problems)
    _queue(s, phase, position, problems)
    if problems:
        raise PositionError("tactics position", problems)


def _on_warrior(s: TacticsState, field: str, cell: int, problems: list[str], act: Any) -> None:
    warrior = s.board[cell]
    if warrior < 0:
        problems.append(f"{field}: no warrior on {name(cell)}")
    else:
        act(warrior)


def _queue(s: TacticsState, phase: str, position: Mapping[str, Any], problems: list[str]) -> None:
    """Set the pending decision, and queue what follows it (waiting turn-start effects, then actions)."""
    if phase == "setup":
        s.ask(s.active, Phase.SETUP)
        return
    waiting = [s.board[c] for c in _squares("waiting", position.get("waiting"), problems)]
    if any(w < 0 or s.owner[w] != s.active or not s.has_effect(w, Timing.TURN_START) for w in waiting):
        problems.append(
            "waiting: every square must hold a warrior of the active seat with a turn-start effect (NUDGE)"
        )
        return
    follow: list[Any] = [AskAction()]
    if len(waiting) > 1:
        follow.insert(0, OrderTurnStart(tuple(sorted(waiting))))
    elif waiting:
        follow.insert(0, TurnStartEffect(waiting[0]))
    decision = position.get("decision", "action")
    if decision == "action":
        s.push(*follow)
        return
    if not isinstance(decision, Mapping) or len(decision) != 1 or next(iter(decision)) not in _DECISIONS:
        problems.append(
            f'decision: must be "action" or one of {", ".join(_DECISIONS)} with a square '
            '(a list of squares for "order")'
        )
        return
    kind, where = next(iter(decision.items()))
    if kind in ("portal", "riposte") and isinstance(where, list):
        _entering(s, kind, where, follow, problems)
        return
    cells = _squares("decision", where if kind == "order" else [where], problems)
    if not cells:
        return
    warriors = [s.board[c] for c in cells]
    if any(w < 0 for w in warriors):
        problems.append(f"decision: no warrior on {', '.join(name(c) for c in cells if s.board[c] < 0)}")
        return
    if kind == "order":
        if len(warriors) < 2 or any(
            s.owner[w] != s.active or not s.has_effect(w, Timing.TURN_START) for w in warriors
        ):
            problems.append(
                "decision: an order names two or more warriors of the active seat with turn-start effects"
            )
            return
        s.push(*follow)
        s.set_prompt(TacticsPrompt(s.active, Phase.EFFECT_ORDER, choices=tuple(sorted(warriors))))
        return
    warrior = warriors[0]
    if kind == "portal":  # moved there by another's effect: its After-Moving follows the choice
        follow.insert(0, AfterMove(warrior))
    s.push(*follow)
    s.ask(s.owner[warrior], _DECISIONS[kind], warrior)


def _entering(s: TacticsState, kind: str, where: list[Any], follow: list[Any], problems: list[str]) -> None:
    """A move by an action (`kind` "portal") or a riposte into an own Portal waits for its exit."""
    cells = _squares("decision", where, problems)
    if len(cells) != 2:
        problems.append(
            f"decision: {kind} [square, portal] names where the warrior stands and the Portal it enters"
        )
        return
    origin, portal = cells
    warrior = s.board[origin]
    if warrior < 0:
        problems.append(f"decision: no warrior on {name(origin)}")
        return
    by_action = kind == "portal"
    if (s.owner[warrior] == s.active) != by_action:
        seat = "the active seat" if by_action else "the seat not taking its turn"
        problems.append(f"decision: a {kind} move into a Portal is made by a warrior of {seat}")
    elif not by_action and not s.has_effect(warrior, Timing.REACTIVE, decided=True):
        problems.append(f"decision: the warrior on {name(origin)} has no riposte")
    elif portal not in move_targets(s, warrior) or not portal_exits(s, warrior, portal):
        problems.append(
            f"decision: the warrior on {name(origin)} cannot move into an own Portal on {name(portal)} "
            "and teleport from it"
        )
    if problems:
        return
    if by_action:  # the action counts, and its After-Moving acts, once the warrior has come out
        follow.insert(0, MoveMade(warrior))
    s.push(*follow)
    s.set_prompt(TacticsPrompt(s.owner[warrior], Phase.PORTAL, warrior, portal))


# ---------------------------------------------------------------------- writing positions


def _token(s: TacticsState, warrior: int) -> str:
    code = s.game.codes[s.card[warrior]]
    if code == "?":
        card_id = s.game.roster[s.card[warrior]].id
        code = f"[{card_id}]" if s.owner[warrior] == 0 else f"{{{card_id}}}"
    elif s.owner[warrior] == 1:
        code = code.lower()
    return code + ("*" if s.injured[warrior] else "")


def draw_board(s: TacticsState, *, terrain: bool = False) -> str:
    """The warriors (or the terrain) as a diagram, rank 8 at the top."""
    rows = ["    " + "  ".join(FILES)]
    for rank in range(7, -1, -1):
        cells = []
        for file in range(8):
            cell = rank * 8 + file
            if terrain:
                kind = s.terrain[cell]
                token = "." if kind < 0 else TERRAIN_CODES[kind]
                token = token if kind < 0 or s.terrain_owner[cell] == 0 else token.lower()
            else:
                token = "." if s.board[cell] < 0 else _token(s, s.board[cell])
            cells.append(token.ljust(2))
        rows.append(f" {rank + 1}  " + " ".join(cells).rstrip())
    return "\n".join(rows)


def position_of(s: TacticsState) -> dict[str, Any]:
    """`s` as a position (play or setup; the pending decision is written when it is an effect's)."""
    prompt = s.prompt
    phase = getattr(prompt, "phase", None)
    on_board = [w for w in s.board if w >= 0]
    position: dict[str, Any] = {
        "phase": "setup" if phase in (Phase.SETUP, Phase.COIN) else "play",
        "active": max(s.active, 0),
        "turn": s.turn,
        "first": max(s.first, 0),
        "souls": list(s.souls),
        "board": draw_board(s),
        "terrain": draw_board(s, terrain=True),
        "actions_used": s.actions_used,
        "action_limit": s.action_limit or s.game.params["actions"],
        "extra_bought": s.extra_bought,
        "attacks_locked": s.attacks_locked,
        "attacked": [name(s.square[w]) for w in on_board if s.attacked[w]],
        "reductions": {name(s.square[w]): s.reduction[w] for w in on_board if s.reduction[w]},
        "buffs": {name(s.square[w]): s.buff[w] for w in on_board if s.buff[w]},
        "scorched": [name(s.square[w]) for w in on_board if s.scorched[w]],
    }
    if position["phase"] == "setup":  # the turn's counters mean nothing yet; who stopped does
        for field in _PLAY_ONLY:
            del position[field]
        position["stopped"] = list(s.stopped)
        position["purchases"] = s.purchases
    decision = {value: key for key, value in _DECISIONS.items()}.get(phase)  # type: ignore[arg-type]
    if decision == "order" and isinstance(prompt, TacticsPrompt):
        position["decision"] = {"order": sorted(name(s.square[w]) for w in prompt.choices)}
    elif (entering := waiting_move(s)) is not None:  # entering a Portal by a move action, or a riposte
        warrior, portal = entering
        kind = "portal" if s.owner[warrior] == s.active else "riposte"
        position["decision"] = {kind: [name(s.square[warrior]), name(portal)]}
    elif decision is not None and isinstance(prompt, TacticsPrompt):
        position["decision"] = {decision: name(prompt.square)}
    waiting = _waiting(s)
    if waiting:
        position["waiting"] = sorted(name(s.square[w]) for w in waiting)
    return position


def _waiting(s: TacticsState) -> list[int]:
    """The warriors whose turn-start effects are queued (not yet offered)."""
    found: list[int] = []
    for task in s.tasks:
        if isinstance(task, OrderTurnStart):
            found.extend(task.warriors)
        elif isinstance(task, TurnStartEffect):
            found.append(task.warrior)
    return [w for w in found if s.square[w] >= 0]
