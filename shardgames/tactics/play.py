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
from shardgames.tactics.events import ActionBought, SoulGained, TurnBegan, TurnEnded
from shardgames.tactics.movement import (
    FIRE,
    NO_PORTALS,
    come_out,
    move_targets,
    move_to,
    moves_of,
    portal_exits,
    portal_marks,
    portal_squares,
    stops_on,
)
from shardgames.tactics.phases import (
    ASK_ACTION,
    DECISION_PHASES,
    END_OF_TURN,
    SEAT_PROMPTS,
    AfterAttack,
    AfterMove,
    AskAction,
    BeginTurn,
    EndOfTurn,
    MoveMade,
    OrderTurnStart,
    Phase,
    TacticsPrompt,
    TurnStartEffect,
    handlers,
    not_an_answer,
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
    starters, cards = s.game.turn_start_cards, s.card
    # the seat's warriors whose card has a turn-start effect on some side (`OrderTurnStart` asks more)
    waiting = (
        () if starters.isdisjoint(cards) else tuple(w for w in s.warriors_of(seat) if cards[w] in starters)
    )
    if waiting:
        s.push(OrderTurnStart(waiting), ASK_ACTION)
    else:
        s.push(ASK_ACTION)


@handlers.run(AskAction)
def run_ask_action(s: TacticsState, task: AskAction = ASK_ACTION) -> None:
    """G1, or G4 once the actions are spent and no action can be bought (TAC-R8).

    A move with nothing to follow asks at once (`apply_move`), rather than through a queued task.
    """
    if actions_left_problem(s) is None or buy_action_problem(s) is None:
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


# ---------------------------------------------------------------------- the rules of an action (G1)


def actions_left_problem(s: TacticsState) -> str | None:
    """TAC-25, R8: a move or an attack takes one of the turn's actions."""
    if s.actions_used < s.action_limit:
        return None
    return f"all {s.action_limit} actions of this turn are used"


def buy_action_problem(s: TacticsState) -> str | None:
    """TAC-26, R8: one more action may be bought once per turn, for a Soul."""
    if s.extra_bought:
        return "an extra action was already bought this turn (once per turn)"
    if s.souls[s.active] < 1:
        return f"seat {s.active} has no Soul to pay for an extra action"
    return None


def warrior_problem(s: TacticsState, seat: int, origin: int) -> str | None:
    """TAC-1, 28: a seat moves and attacks with its own warriors."""
    if s.board[origin] in s.warriors_of(seat):
        return None
    return f"seat {seat} has no warrior on {name(origin)}"


def attack_problem(s: TacticsState, warrior: int) -> str | None:
    """TAC-44, R9: a warrior attacks once per turn; TAC-47: none after an attack action injured."""
    if s.attacked[warrior]:
        return f"the warrior on {name(s.square[warrior])} has already attacked this turn"
    if s.attacks_locked:
        return "an attack action has injured this turn: no more attack actions"
    return None


@handlers.legal(Phase.ACTION)
def legal_turn_actions(s: TacticsState, prompt: TacticsPrompt, only: int | None = None) -> list[int]:
    """G1: EndTurn, BuyAction, and the moves and attacks of the active seat's warriors (or only of `only`).

    Where a warrior may move (TAC-30 to 38, R10, R12) and whom it may attack (TAC-44, RANGED) is
    written here once: the listing asks about all the seat's warriors, the explainer about the one
    whose action it explains.
    """
    game = s.game
    ids = [game.id_end_turn]
    if buy_action_problem(s) is None:
        ids.append(game.id_buy_action)
    if actions_left_problem(s) is not None:
        return ids
    seat = prompt.player
    board, terrain, square = s.board, s.terrain, s.square
    entries, _ = portal_squares(s, seat)
    is_portal = portal_marks(entries) if entries else NO_PORTALS
    owner = s.owner
    mine: list[int] = []  # the seat's warriors on the board, and the squares of the other seat's
    enemies: set[int] = set()
    for warrior, where in enumerate(square):
        if where >= 0:
            if owner[warrior] == seat:
                mine.append(warrior)
            else:
                enemies.add(where)
    sides, steps, cards, injured = game.sides, game.steps, s.card, s.injured
    move_base, attack_base = game.id_move, game.id_attack
    append = ids.append
    for warrior in mine if only is None else (only,):
        origin = square[warrior]
        card, hurt = cards[warrior], injured[warrior]
        side = sides[card][hurt]
        base = move_base + origin * 64
        append(base + origin)  # a 0-space move is always allowed (TAC-R10b)
        if not side.straight:  # free paths, exactly N spaces
            ids += [base + dest for dest in move_targets(s, warrior)]
        else:  # straight lines of up to N spaces (TAC-31 to 38, R10, R12), as in `moves_of`
            enter, over = side.enter, side.over
            for ray in steps[card][hurt][origin]:  # `side.rays`, with the ids of the moves
                for cell, move in ray:
                    if not enter[terrain[cell] + 1]:
                        break
                    if board[cell] < 0:
                        append(move)
                    elif not over:
                        break
                    elif is_portal[cell]:  # passing over its own Portal: it may teleport to a free one
                        append(move)
        if enemies:
            near = NEAR[side.reach][origin]
            if not enemies.isdisjoint(near) and attack_problem(s, warrior) is None:
                attack = attack_base + origin * 64
                for cell in enemies & near:
                    append(attack + cell)
    return ids


@handlers.explain(Phase.ACTION)
def explain_turn_action(s: TacticsState, prompt: TacticsPrompt, action: Action) -> str | None:
    """Why an action is not allowed now, from the same rules as `legal_turn_actions`; None when it is."""
    if isinstance(action, EndTurn):
        return None
    if isinstance(action, BuyAction):
        return buy_action_problem(s)
    if not isinstance(action, Move | Attack):
        return not_an_answer(prompt, action)
    seat, origin = prompt.player, action.origin
    problem = warrior_problem(s, seat, origin) or actions_left_problem(s)
    if problem is not None:
        return problem
    warrior = s.board[origin]
    if isinstance(action, Attack):
        problem = attack_problem(s, warrior)
        if problem is not None:
            return problem
    if s.game.codec.encode(action) in legal_turn_actions(s, prompt, warrior):
        return None
    if isinstance(action, Attack):
        return f"{name(action.target)} holds no enemy within reach of {name(origin)}"
    return f"the warrior on {name(origin)} cannot move to {name(action.dest)}"


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
    """A move: an action (G1), the exit of a Portal, or the decision of an effect (a riposte, a nudge)."""
    phase = prompt.phase
    if phase is not Phase.ACTION:
        if phase is Phase.PORTAL:
            come_out(s, prompt.warrior, prompt.square, action.dest)
        else:
            resolve_effect(s, prompt, action)
        return
    warrior = s.board[action.origin]
    if action.dest != action.origin and move_to(s, warrior, action.dest):
        s.push(MoveMade(warrior), ASK_ACTION)  # the action counts once the warrior has come out
        return
    if move_counted(s, warrior):
        s.push(AfterMove(warrior), ASK_ACTION)
    else:  # nothing else is queued during an action: ask for the next one at once
        run_ask_action(s)


@handlers.run(MoveMade)
def run_move_made(s: TacticsState, task: MoveMade) -> None:
    """A move action that waited for its Portal's exit is over (`move_counted`)."""
    if move_counted(s, task.warrior):
        s.push(AfterMove(task.warrior))


def move_counted(s: TacticsState, warrior: int) -> bool:
    """A move action is over: it uses an action (TAC-25). Returns whether After-Moving follows (TAC-41)."""
    s.actions_used += 1
    rule = s.game.sides[s.card[warrior]][s.injured[warrior]].rule  # `side_of`, without the call
    return rule is not None and rule.timing is Timing.AFTER_MOVING  # even after 0 spaces (TAC-R10b)


@handlers.run(AfterMove)
def run_after_move(s: TacticsState, task: AfterMove) -> None:
    """TAC-41, D3: the After-Moving effect of a warrior that moved."""
    warrior = task.warrior
    assert s.square[warrior] >= 0, "After-Moving follows its move at once, before anything can defeat it"
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
    """A warrior entering its own Portal may teleport to a free other one, or stay (TAC-R12, E9).

    Staying is declining; a warrior that was only passing over the Portal, or could not stop on it,
    must come out elsewhere.
    """
    game, warrior, portal = s.game, prompt.warrior, prompt.square
    stays = s.square[warrior] == portal or stops_on(s, warrior, portal)
    exits = [game.move_id(portal, exit_) for exit_ in portal_exits(s, warrior, portal)]
    return [game.id_decline, *exits] if stays else exits


@handlers.apply(PlaceTerrain)
def apply_place_terrain(s: TacticsState, prompt: TacticsPrompt, action: PlaceTerrain) -> None:
    """Terrain placed by an effect (PLACE_TERRAIN)."""
    resolve_effect(s, prompt, action)


@handlers.apply(Decline)
def apply_decline(s: TacticsState, prompt: TacticsPrompt, action: Action) -> None:
    """Nothing more happens (a warrior entering its Portal stays on it); the procedure that asked goes on."""
    if prompt.phase is Phase.PORTAL:
        come_out(s, prompt.warrior, prompt.square, None)


# ---------------------------------------------------------------------- turn-start effects


@handlers.run(OrderTurnStart)
def run_order_turn_start(s: TacticsState, task: OrderTurnStart) -> None:
    """G0: the turn-start effects of these warriors wait, if each is still on the board and shows one.

    With several, the active player picks the next (TAC-R16); the rest wait again after it, since an
    effect may move, flip or defeat the others.
    """
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
    """G0: a turn-start effect (NUDGE) acts, or is offered to its controller, before any action (TAC-R16).

    The warrior comes from `OrderTurnStart`'s list of waiting effects: on the board, showing one.
    """
    side = s.side_of(task.warrior)
    assert side.rule is not None
    side.rule.turn_start(s, task.warrior, side)


@handlers.explain(*_EFFECT_DECISIONS, Phase.PORTAL, Phase.EFFECT_ORDER)
def explain_choice(s: TacticsState, prompt: TacticsPrompt, action: Action) -> str | None:
    """Why an answer is not one of the choices of an effect's decision, a Portal or the effect order.

    The rule of these decisions is the list of their choices (`Effect.choices`, the free other
    Portals, the waiting effects), so the explanation asks the phase's own listing function.
    """
    listed = handlers.legal_handlers[prompt.phase](s, prompt)
    if s.game.codec.encode(action) in listed:
        return None
    decode = s.game.codec.decode
    shown = ", ".join(str(decode(index)) for index in sorted(listed))
    return f"'{action}' is not one of the choices of {prompt}: {shown}"
