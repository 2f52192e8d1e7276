"""Play (TAC-24 to 47, R8 to R16): the turn frame, actions, and the decisions of effects.

Moving is in `shardgames.tactics.movement`, Might and attacks in `shardgames.tactics.combat`; each
effect's rules are hooks of its registered object (`shardgames.tactics.effects`), which this module
calls at the effect's timing without naming any effect.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from shardgames.kernel.actions import Action
from shardgames.tactics.actions import Attack, BuyAction, ChooseEffect, Decline, EndTurn, Move, PlaceTerrain
from shardgames.tactics.board import NEAR, name
from shardgames.tactics.combat import might, resolve_attack
from shardgames.tactics.effects import Timing
from shardgames.tactics.events import ActionBought, SoulGained, Teleported, TurnBegan, TurnEnded
from shardgames.tactics.movement import (
    FIRE,
    NO_PORTALS,
    PORTAL_STRIDE,
    moves_of,
    path_of,
    portal_exits,
    portal_marks,
    portal_squares,
    relocate,
)
from shardgames.tactics.phases import (
    ASK_ACTION,
    DECISION_PHASES,
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

if TYPE_CHECKING:
    from shardgames.tactics.state import TacticsState

__all__ = ["might", "moves_of"]


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
    starters = s.game.turn_start_cards
    cards, owner = s.card, s.owner
    starts = (
        tuple(
            w
            for w, where in enumerate(s.square)
            if where >= 0 and owner[w] == seat and cards[w] in starters and s.has_effect(w, Timing.TURN_START)
        )
        if not starters.isdisjoint(cards)
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
    entries, portals = portal_squares(s, seat)
    is_portal = portal_marks(entries) if entries else NO_PORTALS
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
                base + d + (0 if v is None else PORTAL_STRIDE * (v + 1)) for d, v, _ in moves_of(s, warrior)
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
                        through = base + PORTAL_STRIDE * (cell + 1)
                        ids += [through + t for t in portals if t != cell]
        if enemies and not attacked[warrior]:
            near = NEAR[side.reach][origin]
            if not enemies.isdisjoint(near):
                attack = attack_base + origin * 64
                ids += [attack + cell for cell in enemies & near]
    return ids


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


# ---------------------------------------------------------------------- moving and attacking


@handlers.apply(Move)
def apply_move(s: TacticsState, prompt: TacticsPrompt, action: Move) -> None:
    """A move: an action (G1), a portal after a nudge, or the decision of an effect (a riposte, a nudge)."""
    warrior = s.board[action.origin]
    phase = prompt.phase
    if phase is not Phase.ACTION:
        if phase is Phase.PORTAL:  # after a nudge onto its own Portal: only the teleport is new
            s.board[action.origin] = -1
            s.board[action.dest] = warrior
            s.square[warrior] = action.dest
            s.emit(Teleported(warrior, s.name_of(warrior), action.origin, action.dest))
        else:
            resolve_effect(s, prompt, action)
        return
    if action.dest != action.origin:
        relocate(s, warrior, action.dest, path_of(s, warrior, action.dest, action.via), action.via)
    s.actions_used += 1
    rule = s.side_of(warrior).rule
    if rule is not None and rule.timing is Timing.AFTER_MOVING:  # TAC-41: even after 0 spaces (TAC-R10b)
        s.push(AfterMove(warrior), ASK_ACTION)
    else:  # nothing else is queued during an action: ask for the next one at once
        _next_action(s)


@handlers.run(AfterMove)
def run_after_move(s: TacticsState, task: AfterMove) -> None:
    """TAC-41, D3: the After-Moving effect of a warrior that moved."""
    warrior = task.warrior
    if s.square[warrior] < 0:
        return
    side = s.side_of(warrior)
    rule = side.rule
    if rule is not None and rule.timing is Timing.AFTER_MOVING:
        rule.after_move(s, warrior, side)


@handlers.apply(Attack)
def apply_attack(s: TacticsState, prompt: TacticsPrompt, action: Attack) -> None:
    """An attack action (G1), or an attack an effect chose (VOLLEY, TAC-R15)."""
    if prompt.phase is not Phase.ACTION:
        resolve_effect(s, prompt, action)
        return
    attacker, target = s.board[action.origin], s.board[action.target]
    s.attacked[attacker] = True
    s.actions_used += 1
    if resolve_attack(s, attacker, target):
        s.attacks_locked = True  # TAC-47: an attack action injured; no more attack actions this turn
    s.push(AfterAttack(target), ASK_ACTION)


@handlers.run(AfterAttack)
def run_after_attack(s: TacticsState, task: AfterAttack) -> None:
    """G3: a reactive effect of the attacked warrior, if it is still on the board (RIPOSTE_MOVE)."""
    warrior = task.warrior
    if s.square[warrior] >= 0:
        side = s.side_of(warrior)
        rule = side.rule
        if rule is not None and rule.timing is Timing.REACTIVE:
            rule.after_attacked(s, warrior, side)


# ---------------------------------------------------------------------- effect decisions (TAC-R16)

_EFFECT_DECISIONS = frozenset(DECISION_PHASES.values())


@handlers.legal(*_EFFECT_DECISIONS)
def legal_effect_choices(s: TacticsState, prompt: TacticsPrompt) -> Iterable[int]:
    """The decision of an optional effect: decline, or one of the effect's choices (`Effect.choices`)."""
    side = s.side_of(prompt.warrior)
    assert side.rule is not None
    return [s.game.id_decline, *side.rule.choices(s, prompt, side)]


def resolve_effect(s: TacticsState, prompt: TacticsPrompt, action: Action) -> None:
    """Carry out what the controller chose for the effect of ``prompt.warrior`` (`Effect.resolve`)."""
    side = s.side_of(prompt.warrior)
    assert side.rule is not None
    side.rule.resolve(s, prompt, action, side)


@handlers.legal(Phase.PORTAL)
def legal_portal(s: TacticsState, prompt: TacticsPrompt) -> Iterable[int]:
    """A warrior moved onto its own portal by an effect may teleport to another own portal (TAC-R12)."""
    game = s.game
    where = s.square[prompt.warrior]
    return [
        game.id_decline,
        *(game.move_id(where, exit_, where) for exit_ in portal_exits(s, prompt.warrior)),
    ]


@handlers.apply(PlaceTerrain)
def apply_place_terrain(s: TacticsState, prompt: TacticsPrompt, action: PlaceTerrain) -> None:
    """Terrain placed by an effect (PLACE_TERRAIN)."""
    resolve_effect(s, prompt, action)


@handlers.apply(Decline)
def apply_decline(s: TacticsState, prompt: TacticsPrompt, action: Action) -> None:
    """Nothing happens; the procedure that asked goes on."""


# ---------------------------------------------------------------------- turn-start effects


@handlers.run(OrderTurnStart)
def run_order_turn_start(s: TacticsState, task: OrderTurnStart) -> None:
    """G0: several turn-start effects wait; their controller picks the next (TAC-R16)."""
    waiting = tuple(w for w in task.warriors if s.square[w] >= 0 and s.has_effect(w, Timing.TURN_START))
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
    """G0: a turn-start effect (NUDGE) acts, or is offered to its controller, before any action (TAC-R16)."""
    warrior = task.warrior
    if s.square[warrior] >= 0 and s.has_effect(warrior, Timing.TURN_START):
        side = s.side_of(warrior)
        assert side.rule is not None
        side.rule.turn_start(s, warrior, side)


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
