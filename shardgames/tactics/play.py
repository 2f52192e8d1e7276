"""Play (TAC-24 to 47, R8 to R16): turns, moves, terrain, attacks, injuries, effects and winning."""

from __future__ import annotations

import functools
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from shardgames.kernel.actions import Action
from shardgames.tactics.actions import Attack, BuyAction, ChooseEffect, Decline, EndTurn, Move, PlaceTerrain
from shardgames.tactics.board import ADJACENT, NEAR, RAYS, SEGMENTS, WITHIN, free_moves, mode_blocks, name
from shardgames.tactics.effects import EFFECTS, Timing
from shardgames.tactics.events import (
    ActionBought,
    Attacked,
    EffectUsed,
    Injured,
    Moved,
    SoulGained,
    Teleported,
    TerrainPlaced,
    TurnBegan,
    TurnEnded,
    WarriorDefeated,
)
from shardgames.tactics.phases import (
    ASK_ACTION,
    END_OF_TURN,
    PLAY_PHASES,
    SEAT_PROMPTS,
    AfterAttack,
    AfterMove,
    AskAction,
    BeginTurn,
    EndOfTurn,
    OrderTurnStart,
    Phase,
    TacticsPrompt,
    TurnStartEffect,
    handlers,
)
from shardgames.tactics.warriors import TERRAINS, Dirs, Mode, MoveSpec, Terrain

if TYPE_CHECKING:
    from shardgames.tactics.state import TacticsState

FIRE = Terrain.FIRE.ordinal
PORTAL = Terrain.PORTAL.ordinal
_TERRAIN_NAMES = tuple(t.value for t in TERRAINS)


# ---------------------------------------------------------------------- Might (TAC-R14, D3)


def might(s: TacticsState, warrior: int, *, attacking: bool = False) -> int:
    """Effective Might: the side's Might, rallies, effects, less scorched and attack reductions."""
    side = s.side_of(warrior)
    value = side.might + s.buff[warrior] - s.reduction[warrior] - s.scorched[warrior]
    effect = side.effect
    if effect is None:
        return value
    if effect == "PHALANX":
        owner = s.owner[warrior]
        board = s.board
        if any(board[c] >= 0 and s.owner[board[c]] == owner for c in ADJACENT[s.square[warrior]]):
            value += side.amounts[0]
    elif effect == "TERRAIN_AFFINITY":
        terrain = s.terrain[s.square[warrior]]
        if terrain >= 0 and _TERRAIN_NAMES[terrain] == side.names[0]:
            value += side.amounts[0]
    elif effect == "STRIKER" and attacking:
        value += side.amounts[0]
    return value


# ---------------------------------------------------------------------- the turn frame


@handlers.run(BeginTurn)
def run_begin_turn(s: TacticsState, task: BeginTurn) -> None:
    """G0: the turn's counters, expiries, Fire re-applied, then turn-start effects (TAC-R11, R16)."""
    if not s.begin_turn():  # TAC-R17: the turn cap ends the game in a draw
        return
    seat = task.seat
    s.active = seat
    s.actions_used = 0
    s.action_limit = s.game.actions_per_turn
    s.extra_bought = False
    s.attacks_locked = False
    count = len(s.square)
    s.attacked = [False] * count
    if any(s.buff):  # rallies last "until your next turn starts"
        s.buff = [0 if owner == seat else buff for owner, buff in zip(s.owner, s.buff, strict=True)]
    terrain = s.terrain
    if FIRE in terrain:  # starting the turn in Fire counts (TAC-R11)
        s.scorched = [where >= 0 and terrain[where] == FIRE for where in s.square]
    s.emit(TurnBegan(seat, s.turn))
    nudgers = s.game.turn_start_cards
    cards, owner = s.card, s.owner
    starts = (
        tuple(
            w
            for w, where in enumerate(s.square)
            if where >= 0 and owner[w] == seat and cards[w] in nudgers and s.side_of(w).effect == "NUDGE"
        )
        if not nudgers.isdisjoint(cards)
        else ()
    )
    if len(starts) > 1:  # the active player orders simultaneous effects (TAC-R16)
        s.push(OrderTurnStart(starts), ASK_ACTION)
    elif starts:
        s.push(TurnStartEffect(starts[0]), ASK_ACTION)
    else:
        s.push(ASK_ACTION)


def _can_buy_action(s: TacticsState) -> bool:
    return not s.extra_bought and s.souls[s.active] >= 1


@handlers.run(AskAction)
def run_ask_action(s: TacticsState, task: AskAction) -> None:
    """G1, or G4 once the actions are spent and no action can be bought (TAC-R8)."""
    _next_action(s)


def _next_action(s: TacticsState) -> None:
    if s.actions_used < s.action_limit or _can_buy_action(s):
        s.set_prompt(_ACTION_PROMPTS[s.active])
    else:
        s.push(END_OF_TURN)


_ACTION_PROMPTS = (SEAT_PROMPTS[0, Phase.ACTION], SEAT_PROMPTS[1, Phase.ACTION])


@handlers.run(EndOfTurn)
def run_end_of_turn(s: TacticsState, task: EndOfTurn) -> None:
    """G4: a Soul for an idle turn (TAC-27), then reductions and scorched clear (TAC-45, R11)."""
    seat = s.active
    if s.actions_used == 0:
        s.souls[seat] += 1
        s.emit(SoulGained(seat, s.souls[seat]))
    count = len(s.card)
    s.reduction = [0] * count
    s.scorched = [False] * count
    s.emit(TurnEnded(seat, s.actions_used))
    s.push(_BEGIN_TURN[1 - seat])


_BEGIN_TURN = (BeginTurn(0), BeginTurn(1))


@handlers.legal(Phase.ACTION)
def legal_turn_actions(s: TacticsState, prompt: TacticsPrompt) -> Iterable[int]:
    """G1: every move and attack of the active seat's warriors, BuyAction and EndTurn."""
    game = s.game
    ids = [game.id_end_turn]
    if _can_buy_action(s):
        ids.append(game.id_buy_action)
    if s.actions_used >= s.action_limit:
        return ids
    seat = prompt.player
    board, terrain, owner = s.board, s.terrain, s.owner
    entries, portals = _portal_squares(s, seat)
    is_portal = _portal_marks(entries) if entries else _NO_PORTALS
    mine = []
    enemies = set()
    for warrior, where in enumerate(s.square):
        if where >= 0:
            if owner[warrior] == seat:
                mine.append(warrior)
            else:
                enemies.add(where)
    if s.attacks_locked:
        enemies.clear()
    sides, cards, injured, attacked, square = game.sides, s.card, s.injured, s.attacked, s.square
    move_base, attack_base = game.id_move, game.id_attack
    append = ids.append
    for warrior in mine:
        origin = square[warrior]
        side = sides[cards[warrior]][injured[warrior]]
        base = move_base + origin * 64
        append(base + origin)  # a 0-space move is always allowed (TAC-R10b)
        if not side.straight:  # free paths, exactly N spaces
            ids += [
                base + d + (0 if v is None else _PORTAL_STRIDE * (v + 1)) for d, v, _ in moves_of(s, warrior)
            ]
        else:  # straight lines of up to N spaces (TAC-31 to 38, R10, R12), as in `moves_of`
            enter, over = side.enter, side.over
            for ray in side.rays[origin]:
                for cell in ray:
                    if not enter[terrain[cell] + 1]:
                        break
                    if board[cell] < 0:
                        append(base + cell)
                    elif not over:
                        break
                    if is_portal[cell]:  # entered, passing or stopping: on to another own Portal
                        through = base + _PORTAL_STRIDE * (cell + 1)
                        ids += [through + t for t in portals if t != cell]
        if enemies and not attacked[warrior]:
            near = NEAR[side.reach][origin]
            if not enemies.isdisjoint(near):
                attack = attack_base + origin * 64
                ids += [attack + cell for cell in enemies & near]
    return ids


_NO_PORTALS = [False] * 64
_PORTAL_STRIDE = 64 * 64  # see `TacticsGame.move_id`


@functools.lru_cache(maxsize=256)
def _portal_marks(cells: tuple[int, ...]) -> list[bool]:
    """Whether each square is one of `cells` (a read-only table, shared: Portals rarely change)."""
    marks = [False] * 64
    for cell in cells:
        marks[cell] = True
    return marks


def _portal_squares(s: TacticsState, seat: int) -> tuple[tuple[int, ...], list[int]]:
    """`seat`'s Portals a move may enter to teleport, and those it may teleport to (TAC-36, R12).

    A move enters a Portal by passing or stopping on it (a flier or jumper passes one that holds a
    warrior); it may then go on to any other of the seat's Portals that holds no warrior. Both lists
    are empty when no teleport is possible (fewer than two Portals, or none free).
    """
    cells = s.portals[seat]
    if len(cells) < 2:
        return (), []
    board = s.board
    free = [c for c in cells if board[c] < 0]
    return (cells, free) if free else ((), [])


@handlers.apply(BuyAction)
def apply_buy_action(s: TacticsState, prompt: TacticsPrompt, action: Action) -> None:
    """TAC-26, R8: once per turn, a Soul for one more action."""
    s.souls[prompt.player] -= 1
    s.extra_bought = True
    s.action_limit += 1
    s.emit(ActionBought(prompt.player, s.souls[prompt.player]))
    s.push(ASK_ACTION)


@handlers.apply(EndTurn)
def apply_end_turn(s: TacticsState, prompt: TacticsPrompt, action: Action) -> None:
    """The active seat is done."""
    s.push(END_OF_TURN)


# ---------------------------------------------------------------------- moving (TAC-30 to 38, R10 to R12)


_ENTER = {
    mode: tuple(
        mode_blocks(mode, False, None if t < 0 else _TERRAIN_NAMES[t])[1] for t in range(-1, len(TERRAINS))
    )
    for mode in Mode
}
"""``_ENTER[mode][terrain + 1]``: whether a move of `mode` may enter a square with that terrain."""


def _passability(s: TacticsState, spec: MoveSpec) -> tuple[list[bool], list[bool]]:
    """For every square: may this movement pass through it, and may it end there (TAC-R10)."""
    enter = _ENTER[spec.mode]
    over = spec.mode in (Mode.FLIGHT, Mode.JUMP)
    board = s.board
    ends = [enter[t + 1] for t in s.terrain]
    passes = [ok and (over or board[c] < 0) for c, ok in enumerate(ends)]
    return passes, [ok and board[c] < 0 for c, ok in enumerate(ends)]


def moves_of(
    s: TacticsState, warrior: int, spec: MoveSpec | None = None
) -> Iterator[tuple[int, int | None, tuple[int, ...]]]:
    """Every move of `warrior` other than the 0-space move: ``(destination, portal used, squares entered)``.

    A move may go through an own Portal that holds no warrior, entered at any step, to another own
    Portal that holds no warrior; the move then ends there (TAC-36, R12).
    """
    spec = spec or s.side_of(warrior).move
    if spec.spaces == 0:
        return
    origin = s.square[warrior]
    owner = s.owner[warrior]
    board, terrain = s.board, s.terrain
    entries, portals = _portal_squares(s, owner)
    if spec.dirs is Dirs.FREE:
        yield from _free_moves(s, origin, spec, entries, portals)
        return
    enter = _ENTER[spec.mode]
    over = spec.mode in (Mode.FLIGHT, Mode.JUMP)
    low = spec.spaces if spec.exact else 1
    for ray in RAYS[spec.dirs][origin]:
        for steps, cell in enumerate(ray[: spec.spaces], 1):
            ok = enter[terrain[cell] + 1]
            empty = board[cell] < 0
            if ok and empty and steps >= low:
                yield cell, None, ray[:steps]
            if ok and (empty or over) and cell in entries:  # entered, passing or stopping (TAC-R12)
                for target in portals:
                    if target != cell:
                        yield target, cell, ray[:steps]
            if not ok or not (empty or over):
                break


def _free_moves(
    s: TacticsState, origin: int, spec: MoveSpec, entries: tuple[int, ...], portals: list[int]
) -> Iterator[tuple[int, int | None, tuple[int, ...]]]:
    can_pass, can_end = _passability(s, spec)
    avoid = [t == FIRE for t in s.terrain]
    yield from (
        (dest, None, path)
        for dest, path in free_moves(
            origin, spec, can_pass.__getitem__, can_end.__getitem__, avoid.__getitem__
        )
    )
    if entries:  # the Portals it can enter (pass or stop on) at any step, on to a free other one
        reach = free_moves(
            origin,
            MoveSpec(spec.dirs, spec.spaces, False, spec.mode),
            can_pass.__getitem__,
            lambda cell: cell in entries and can_pass[cell],
            avoid.__getitem__,
        )
        for cell, path in reach:
            for target in portals:
                if target != cell:
                    yield target, cell, path


def _path(
    s: TacticsState, warrior: int, dest: int, via: int | None, spec: MoveSpec | None = None
) -> tuple[int, ...]:
    """The squares a legal move enters, its destination (or the portal it uses) last."""
    side = s.side_of(warrior)
    spec = spec or side.move
    if spec is side.move and spec.dirs is not Dirs.FREE:  # a straight line: the one ray that holds the target
        return SEGMENTS[s.square[warrior] * 64 + (dest if via is None else via)]
    for option_dest, option_via, path in moves_of(s, warrior, spec):
        if option_dest == dest and option_via == via:
            return path
    raise AssertionError(f"no path to {name(dest)} (the move was checked as legal)")


def _relocate(s: TacticsState, warrior: int, dest: int, path: tuple[int, ...], via: int | None) -> None:
    """Move a warrior along `path` to `dest`: scorched if it entered or passed Fire (TAC-R11)."""
    origin = s.square[warrior]
    s.board[origin] = -1
    s.board[dest] = warrior
    s.square[warrior] = dest
    terrain = s.terrain
    if terrain[dest] == FIRE:
        s.scorched[warrior] = True
    else:
        for cell in path:
            if terrain[cell] == FIRE:
                s.scorched[warrior] = True
                break
    s.emit(Moved(warrior, s.name_of(warrior), origin, via if via is not None else dest))
    if via is not None:
        s.emit(Teleported(warrior, s.name_of(warrior), via, dest))


@handlers.apply(Move)
def apply_move(s: TacticsState, prompt: TacticsPrompt, action: Move) -> None:
    """A move: an action (G1), a riposte, a nudge, or a portal after a nudge."""
    phase = prompt.phase
    if phase is Phase.TURN_START:
        _nudge(s, prompt, action)
        return
    warrior = s.board[action.origin]
    if phase is Phase.PORTAL:  # after a nudge onto its own Portal: only the teleport is new
        s.board[action.origin] = -1
        s.board[action.dest] = warrior
        s.square[warrior] = action.dest
        s.emit(Teleported(warrior, s.name_of(warrior), action.origin, action.dest))
        return
    if action.dest != action.origin:
        _relocate(s, warrior, action.dest, _path(s, warrior, action.dest, action.via), action.via)
    if phase is Phase.ACTION:
        s.actions_used += 1
        if s.side_of(warrior).effect in _AFTER_MOVING:  # TAC-41: After-Moving, even after 0 spaces (TAC-R10b)
            s.push(AfterMove(warrior), ASK_ACTION)
        else:  # nothing else is queued during an action: ask for the next one at once
            _next_action(s)
    else:  # a riposte: the warrior's own effect moves it, so no After-Moving (TAC-R16)
        s.emit(EffectUsed(warrior, s.name_of(warrior), "RIPOSTE_MOVE", f"moves to {name(action.dest)}"))


_AFTER_MOVING = frozenset(name for name, effect in EFFECTS.items() if effect.timing is Timing.AFTER_MOVING)


@handlers.run(AfterMove)
def run_after_move(s: TacticsState, task: AfterMove) -> None:
    """TAC-41, D3: the After-Moving effect of a warrior that moved."""
    warrior = task.warrior
    if s.square[warrior] < 0:
        return
    side = s.side_of(warrior)
    effect = side.effect
    if effect == "RALLY_SELF":
        s.buff[warrior] += side.amounts[0]
        s.emit(EffectUsed(warrior, s.name_of(warrior), effect, f"+{side.amounts[0]} Might"))
    elif effect == "RALLY_ADJ":
        allies = [s.board[c] for c in ADJACENT[s.square[warrior]] if s.board[c] >= 0]
        allies = [w for w in allies if s.owner[w] == s.owner[warrior]]
        for ally in allies:
            s.buff[ally] += side.amounts[0]
        names = ", ".join(s.name_of(a) for a in allies) or "no ally adjacent"
        s.emit(EffectUsed(warrior, s.name_of(warrior), effect, f"+{side.amounts[0]} Might to {names}"))
    elif effect in ("VOLLEY", "PLACE_TERRAIN"):
        s.ask(s.owner[warrior], Phase.AFTER_MOVE, warrior)


# ---------------------------------------------------------------------- attacking (TAC-44 to 47, R14, R15)


def attack_targets(s: TacticsState, warrior: int, reach: int | None = None) -> list[int]:
    """The enemies `warrior` may attack: adjacent, or within effect distance of RANGED or `reach`."""
    side = s.side_of(warrior)
    origin = s.square[warrior]
    owner = s.owner[warrior]
    if reach is None:
        reach = side.amounts[0] if side.effect == "RANGED" else 1
    board = s.board
    return [c for c in WITHIN[reach][origin] if board[c] >= 0 and s.owner[board[c]] != owner]


def resolve_attack(s: TacticsState, attacker: int, target: int) -> bool:
    """The Might arithmetic of one attack (TAC-45/46, R14); returns whether it injured.

    The reduction is the attacker's Might (never below 0) less the target's Brace; the target is
    injured when its Might falls to 0 or less, or when its owner has only commanders left (TAC-11).
    """
    reduction = max(0, might(s, attacker, attacking=True))
    side = s.side_of(target)
    if side.effect == "BRACE":
        reduction = max(0, reduction - side.amounts[0])
    s.reduction[target] += reduction
    left = might(s, target)
    s.emit(Attacked(attacker, s.name_of(attacker), target, s.name_of(target), reduction, left))
    commander = s.game.commander
    exposed = all(commander[s.card[w]] for w in s.warriors_of(s.owner[target]))
    if exposed or left <= 0:
        _injure(s, target)
        return True
    return False


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
    _check_commanders(s)


def _check_commanders(s: TacticsState) -> None:
    """TAC-R1: a player without a commander on the board loses at once; both at once is a draw."""
    commander = s.game.commander
    beaten = [seat for seat in (0, 1) if not any(commander[s.card[w]] for w in s.warriors_of(seat))]
    if len(beaten) == 2:
        s.end_game(None, "both players lost their last commander")
    elif beaten:
        winner = 1 - beaten[0]
        s.end_game(winner, f"seat {beaten[0]} has no commander left")


@handlers.apply(Attack)
def apply_attack(s: TacticsState, prompt: TacticsPrompt, action: Attack) -> None:
    """An attack action (G1, G3), or an attack through an effect (VOLLEY, TAC-R15)."""
    attacker, target = s.board[action.origin], s.board[action.target]
    if prompt.phase is Phase.ACTION:
        s.attacked[attacker] = True
        s.actions_used += 1
        if resolve_attack(s, attacker, target):
            s.attacks_locked = True  # TAC-47: an attack action injured; no more attack actions this turn
        s.push(AfterAttack(target), ASK_ACTION)
    else:
        s.emit(EffectUsed(attacker, s.name_of(attacker), "VOLLEY", f"attacks {name(action.target)}"))
        resolve_attack(s, attacker, target)
        s.push(AfterAttack(target))


@handlers.run(AfterAttack)
def run_after_attack(s: TacticsState, task: AfterAttack) -> None:
    """G3: a reactive effect of the attacked warrior, if it is still on the board (RIPOSTE_MOVE)."""
    warrior = task.warrior
    if s.square[warrior] >= 0 and s.side_of(warrior).effect == "RIPOSTE_MOVE":
        s.ask(s.owner[warrior], Phase.RIPOSTE, warrior)


# ---------------------------------------------------------------------- effect decisions (TAC-R16)


@handlers.legal(Phase.RIPOSTE)
def legal_riposte(s: TacticsState, prompt: TacticsPrompt) -> Iterable[int]:
    """RIPOSTE_MOVE: move once with its own movement (not a 0-space move), or decline."""
    game = s.game
    warrior = prompt.warrior
    origin = s.square[warrior]
    return [game.id_decline, *(game.move_id(origin, dest, via) for dest, via, _ in moves_of(s, warrior))]


@handlers.legal(Phase.TURN_START)
def legal_nudge(s: TacticsState, prompt: TacticsPrompt) -> Iterable[int]:
    """NUDGE: move an adjacent warrior of either side 1 space to an empty cell it can enter, or decline."""
    game = s.game
    ids = [game.id_decline]
    if s.square[prompt.warrior] < 0:
        return ids
    for cell in ADJACENT[s.square[prompt.warrior]]:
        moved = s.board[cell]
        if moved < 0:
            continue
        spec = s.side_of(moved).move
        _, can_end = _passability(s, MoveSpec(Dirs.ANY, 1, False, spec.mode))
        ids.extend(game.move_id(cell, dest) for dest in ADJACENT[cell] if can_end[dest])
    return ids


def _nudge(s: TacticsState, prompt: TacticsPrompt, action: Move) -> None:
    moved = s.board[action.origin]
    s.emit(EffectUsed(prompt.warrior, s.name_of(prompt.warrior), "NUDGE", f"moves {s.name_of(moved)}"))
    _relocate(s, moved, action.dest, (), None)
    s.push(AfterMove(moved))  # moved by another warrior's effect: its After-Moving acts (TAC-41)
    if _portal_exits(s, moved):
        s.ask(s.owner[moved], Phase.PORTAL, moved)


def _portal_exits(s: TacticsState, warrior: int) -> list[int]:
    where = s.square[warrior]
    owner = s.owner[warrior]
    if where not in s.portals[owner]:
        return []
    return [c for c in s.portals[owner] if c != where and s.board[c] < 0]


@handlers.legal(Phase.PORTAL)
def legal_portal(s: TacticsState, prompt: TacticsPrompt) -> Iterable[int]:
    """A warrior moved onto its own portal by an effect may teleport to another own portal (TAC-R12)."""
    game = s.game
    where = s.square[prompt.warrior]
    return [
        game.id_decline,
        *(game.move_id(where, exit_, where) for exit_ in _portal_exits(s, prompt.warrior)),
    ]


@handlers.legal(Phase.AFTER_MOVE)
def legal_after_move(s: TacticsState, prompt: TacticsPrompt) -> Iterable[int]:
    """VOLLEY: attack an enemy within reach; PLACE_TERRAIN: a cell beside it; or decline."""
    game = s.game
    warrior = prompt.warrior
    side = s.side_of(warrior)
    ids = [game.id_decline]
    origin = s.square[warrior]
    if side.effect == "VOLLEY":
        ids.extend(game.attack_id(origin, t) for t in attack_targets(s, warrior, side.amounts[0]))
    elif side.effect == "PLACE_TERRAIN":
        free = [c for c in ADJACENT[origin] if s.board[c] < 0 and s.terrain[c] < 0]
        ids.extend(game.id_place_terrain + c for c in free)
    return ids


@handlers.apply(PlaceTerrain)
def apply_place_terrain(s: TacticsState, prompt: TacticsPrompt, action: PlaceTerrain) -> None:
    """PLACE_TERRAIN: the terrain belongs to the effect's controller."""
    warrior = prompt.warrior
    terrain = Terrain(s.side_of(warrior).names[0])
    s.place_terrain(action.cell, terrain.ordinal, prompt.player)
    s.emit(
        EffectUsed(warrior, s.name_of(warrior), "PLACE_TERRAIN", f"{terrain.value} at {name(action.cell)}")
    )
    s.emit(TerrainPlaced(prompt.player, terrain.value, action.cell))


@handlers.apply(Decline)
def apply_decline(s: TacticsState, prompt: TacticsPrompt, action: Action) -> None:
    """Nothing happens; the procedure that asked goes on."""


# ---------------------------------------------------------------------- turn-start effects


@handlers.run(OrderTurnStart)
def run_order_turn_start(s: TacticsState, task: OrderTurnStart) -> None:
    """G0: several turn-start effects wait; their controller picks the next (TAC-R16)."""
    waiting = tuple(w for w in task.warriors if s.square[w] >= 0 and s.side_of(w).effect == "NUDGE")
    if len(waiting) > 1:
        s.set_prompt(TacticsPrompt(s.active, Phase.EFFECT_ORDER, choices=waiting))
    elif waiting:
        s.push(TurnStartEffect(waiting[0]))


@handlers.legal(Phase.EFFECT_ORDER)
def legal_effect_order(s: TacticsState, prompt: TacticsPrompt) -> Iterable[int]:
    """One choice per waiting effect, named by its warrior's square."""
    base = s.game.id_choose_effect
    return [base + s.square[w] for w in prompt.choices]


@handlers.apply(ChooseEffect)
def apply_choose_effect(s: TacticsState, prompt: TacticsPrompt, action: Action) -> None:
    """Resolve the chosen effect now, then order the rest."""
    assert isinstance(action, ChooseEffect)
    chosen = s.board[action.cell]
    rest = tuple(w for w in prompt.choices if w != chosen)
    s.push(TurnStartEffect(chosen), OrderTurnStart(rest))


@handlers.run(TurnStartEffect)
def run_turn_start_effect(s: TacticsState, task: TurnStartEffect) -> None:
    """G0: offer a turn-start effect (NUDGE) to its controller, before the first action (TAC-R16)."""
    if s.square[task.warrior] >= 0:
        s.ask(s.owner[task.warrior], Phase.TURN_START, task.warrior)


@handlers.explain(*PLAY_PHASES)
def explain(s: TacticsState, prompt: TacticsPrompt, action: Action) -> str | None:
    """A specific reason for common mistakes; None falls back to the list of legal actions."""
    if prompt.phase is Phase.ACTION and isinstance(action, Move | Attack):
        warrior = s.board[action.origin]
        if warrior < 0 or s.owner[warrior] != prompt.player:
            return f"seat {prompt.player} has no warrior on {name(action.origin)}"
        if s.actions_used >= s.action_limit:
            return f"all {s.action_limit} actions of this turn are used"
        if isinstance(action, Attack):
            if s.attacked[warrior]:
                return f"the warrior on {name(action.origin)} has already attacked this turn"
            if s.attacks_locked:
                return "an attack action has injured this turn: no more attack actions"
            return f"{name(action.target)} holds no enemy within reach of {name(action.origin)}"
        return f"the warrior on {name(action.origin)} cannot move to {name(action.dest)} that way"
    if prompt.phase is Phase.ACTION and isinstance(action, BuyAction):
        if s.extra_bought:
            return "an extra action was already bought this turn (once per turn)"
        return f"seat {prompt.player} has no Soul to pay for an extra action"
    return None
