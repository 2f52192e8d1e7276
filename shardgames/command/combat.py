"""Combat: declaring attacks, interception, the combat window and combat damage (CMD-32 to 36, R12-R14).

An attack goes: the attacker and its target (C1), its "whenever this attacks" triggers, the defender's
interception (C2), the attacker's order of several interceptors (C3), a window for Fast Rites and
abilities (C4), and damage (C5): Preemptive Entities first, then state-based actions, then the others
that survived, and Regenerate after it all. The attacker fights its interceptors, or else the Entity it
attacked, or else the defending player, whose Sovereign strikes back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from shardgames.command.actions import (
    ChooseTarget,
    DeclareAttack,
    FinishIntercept,
    Intercept,
    NoIntercept,
    OrderInterceptor,
)
from shardgames.command.compiled import (
    ASSAULT,
    BREACH,
    ENTRENCH,
    FATAL,
    INTIMIDATING,
    PREEMPTIVE,
    REGENERATE,
    SENTRY,
    SIPHON,
    TIRELESS,
    bit,
)
from shardgames.command.events import AttackDeclared, CombatDamageDealt, Exhausted, Intercepted, StepBegan
from shardgames.command.handlers import handlers
from shardgames.command.keywords import Trigger
from shardgames.command.objects import PLAYERS, Combat, Permanent
from shardgames.command.phases import PROCEED, CommandPrompt, Phase, Step
from shardgames.command.rules import (
    attack_problem,
    can_intercept,
    durability,
    force,
    immunity,
    in_main_window,
    is_entity,
    keywords,
)
from shardgames.command.sba import check_state, deal_damage

if TYPE_CHECKING:
    from shardgames.command.state import CommandState

__all__ = [
    "apply_attack_target",
    "apply_declare",
    "apply_finish_intercept",
    "apply_intercept",
    "apply_no_intercept",
    "apply_order",
    "ask_intercept",
    "attack_ids",
    "combat_damage",
    "declare_problem",
    "legal_attack_target",
    "legal_intercept",
    "legal_order",
]

_ASSAULT, _BREACH, _FATAL = bit(ASSAULT), bit(BREACH), bit(FATAL)
_INTIMIDATING, _PREEMPTIVE, _REGENERATE = bit(INTIMIDATING), bit(PREEMPTIVE), bit(REGENERATE)
_SENTRY, _SIPHON, _TIRELESS, _ENTRENCH = bit(SENTRY), bit(SIPHON), bit(TIRELESS), bit(ENTRENCH)


def attack_ids(state: CommandState, seat: int) -> list[int]:
    """The ids of the `DeclareAttack` actions open to the active player in its Main Phase."""
    base = state.game.id_attack
    entity = state.game.is_entity_kind
    return [
        base + p.id
        for p in state.arena
        if p.owner == seat and entity[p.kind] and attack_problem(state, p) is None
    ]


def declare_problem(state: CommandState, seat: int, number: int) -> str | None:
    """Why `seat` can't declare an attack with object `number` now, or ``None`` (R11, R12).

    The reason is a template naming the attacker as ``{name} #{number}``.
    """
    if not in_main_window(state, seat):
        return "attacks are declared only by the active player in the Main Phase, with an empty Queue"
    p = state.permanent(number)
    if p is None or p.owner != seat or not is_entity(state, p):
        return "#{number} is not an Entity of yours in the Arena"
    return attack_problem(state, p)


@handlers.apply(DeclareAttack)
def apply_declare(state: CommandState, prompt: CommandPrompt, action: DeclareAttack) -> None:
    """Start an attack: its target comes next."""
    state.combat = Combat(action.attacker)
    state.ask(prompt.player, Phase.ATTACK_TARGET)


def _attack_targets(state: CommandState, attacker: Permanent) -> list[int]:
    elements = state.game.infos[attacker.kind].identity_mask
    found = [PLAYERS + 1 - attacker.owner]
    found.extend(
        p.id
        for p in state.arena
        if p.owner != attacker.owner
        and p.exhausted
        and is_entity(state, p)
        and not immunity(state, p) & elements
    )
    return found


@handlers.legal(Phase.ATTACK_TARGET)
def legal_attack_target(state: CommandState, prompt: CommandPrompt) -> list[int]:
    """Integrity, or an Exhausted Entity of the opponent's that the attacker may target (R12)."""
    assert state.combat is not None
    attacker = state.permanent(state.combat.attacker)
    assert attacker is not None
    base = state.game.id_target
    return [base + t for t in _attack_targets(state, attacker)]


def apply_attack_target(state: CommandState, prompt: CommandPrompt, action: ChooseTarget) -> None:
    """The attack is declared: Exhaust the attacker (unless Tireless), then its attack triggers."""
    combat = state.combat
    assert combat is not None
    attacker = state.permanent(combat.attacker)
    assert attacker is not None
    combat.target = action.target
    attacker.attacked = state.turn
    if not keywords(state, attacker) & _TIRELESS:
        attacker.exhausted = True
        state.emit(Exhausted(attacker.id))
    state.emit(AttackDeclared(attacker.id, action.target))
    if not attacker.blanked and state.game.infos[attacker.kind].effects.get(Trigger.WHENEVER_THIS_ATTACKS):
        state.pending.append((attacker.owner, attacker.id, attacker.kind, Trigger.WHENEVER_THIS_ATTACKS))
    state.step = Step.ATTACK
    state.priority, state.passes = state.active, 0
    state.push(PROCEED)


def _defender(state: CommandState) -> int:
    return 1 - state.active


def _eligible(state: CommandState, attacker: Permanent) -> list[Permanent]:
    defender = _defender(state)
    return [p for p in state.arena if p.owner == defender and can_intercept(state, p, attacker)]


def ask_intercept(state: CommandState) -> None:
    """C2: the defender intercepts, unless the attack is already over or nothing can intercept."""
    combat = state.combat
    assert combat is not None
    attacker = state.permanent(combat.attacker)
    if attacker is None or (combat.target < PLAYERS and state.permanent(combat.target) is None):
        _end_combat(state)  # the attacker or the Entity it attacked left: no combat
        return
    if not _eligible(state, attacker):
        state.emit(Intercepted(attacker.id, ()))
        _window(state)
        return
    state.ask(_defender(state), Phase.INTERCEPT)


@handlers.legal(Phase.INTERCEPT)
def legal_intercept(state: CommandState, prompt: CommandPrompt) -> list[int]:
    """Intercept with an eligible Entity, finish (at least two against Intimidating), or not at all."""
    combat = state.combat
    assert combat is not None
    attacker = state.permanent(combat.attacker)
    assert attacker is not None
    game = state.game
    eligible = [p.id for p in _eligible(state, attacker) if p.id not in combat.chosen]
    if keywords(state, attacker) & _INTIMIDATING and len(combat.chosen) + len(eligible) < 2:
        eligible = []  # two or more are needed, and there are not enough (R13)
    ids = [game.id_intercept + number for number in eligible]
    ids.append(game.id_no_intercept)
    if len(combat.chosen) >= 2:
        ids.append(game.id_finish_intercept)
    return ids


@handlers.apply(Intercept)
def apply_intercept(state: CommandState, prompt: CommandPrompt, action: Intercept) -> None:
    """Choose an interceptor: one is enough, unless the attacker is Intimidating (R13)."""
    combat = state.combat
    assert combat is not None
    attacker = state.permanent(combat.attacker)
    assert attacker is not None
    combat.chosen = (*combat.chosen, action.entity)
    if keywords(state, attacker) & _INTIMIDATING:
        state.ask(prompt.player, Phase.INTERCEPT)
        return
    _intercept_with(state, combat.chosen)


@handlers.apply(FinishIntercept)
def apply_finish_intercept(state: CommandState, prompt: CommandPrompt, action: FinishIntercept) -> None:
    """Intercept an Intimidating attacker with the Entities chosen."""
    assert state.combat is not None
    _intercept_with(state, state.combat.chosen)


@handlers.apply(NoIntercept)
def apply_no_intercept(state: CommandState, prompt: CommandPrompt, action: NoIntercept) -> None:
    """Let the attack through."""
    combat = state.combat
    assert combat is not None
    combat.chosen = ()
    state.emit(Intercepted(combat.attacker, ()))
    _window(state)


def _intercept_with(state: CommandState, interceptors: tuple[int, ...]) -> None:
    combat = state.combat
    assert combat is not None
    combat.interceptors = interceptors
    combat.intercepted = True
    combat.chosen = ()
    for number in interceptors:
        p = state.permanent(number)
        assert p is not None
        p.exhausted = True
        state.emit(Exhausted(number))
    state.emit(Intercepted(combat.attacker, interceptors))
    if len(interceptors) >= 2:
        state.ask(state.active, Phase.ORDER)
    else:
        _window(state)


@handlers.legal(Phase.ORDER)
def legal_order(state: CommandState, prompt: CommandPrompt) -> list[int]:
    """The interceptor to take the attacker's damage next."""
    combat = state.combat
    assert combat is not None
    base = state.game.id_order
    return [base + number for number in combat.interceptors[combat.ordered :]]


@handlers.apply(OrderInterceptor)
def apply_order(state: CommandState, prompt: CommandPrompt, action: OrderInterceptor) -> None:
    """Put an interceptor next in the damage order (the last one needs no choice)."""
    combat = state.combat
    assert combat is not None
    rest = [n for n in combat.interceptors[combat.ordered :] if n != action.entity]
    combat.interceptors = (*combat.interceptors[: combat.ordered], action.entity, *rest)
    combat.ordered += 1
    if len(combat.interceptors) - combat.ordered > 1:
        state.ask(prompt.player, Phase.ORDER)
    else:
        _window(state)


def _window(state: CommandState) -> None:
    """C4: the combat window, a priority loop with the active player first."""
    state.step = Step.COMBAT
    state.priority, state.passes = state.active, 0
    state.emit(StepBegan(state.active, "combat window"))
    state.push(PROCEED)


def _end_combat(state: CommandState) -> None:
    state.combat = None
    state.step = Step.MAIN
    state.priority, state.passes = state.active, 0
    state.push(PROCEED)


# ---------------------------------------------------------------------- damage (R14)


def combat_damage(state: CommandState) -> None:
    """C5: combat damage in two steps, then Regenerate; back to the Main Phase."""
    combat = state.combat
    assert combat is not None
    attacker = state.permanent(combat.attacker)
    opponents = _opponents(state, combat)
    if attacker is not None and opponents is not None:
        fighters = [attacker, *[p for p in opponents if isinstance(p, Permanent)]]
        for preemptive in (True, False):
            state.emit(CombatDamageDealt(combat.attacker, preemptive))
            _damage_step(state, combat, preemptive)
            if not check_state(state):
                return
        for p in fighters:
            if state.permanent(p.id) is not None and keywords(state, p) & _REGENERATE and p.damage:
                p.damage = 0
    _end_combat(state)


def _opponents(state: CommandState, combat: Combat) -> list[Permanent | int] | None:
    """Whom the attacker fights: its interceptors, the Entity attacked, or the defending player."""
    if combat.intercepted:
        found: list[Permanent | int] = [
            p for n in combat.interceptors if (p := state.permanent(n)) is not None
        ]
        return found or None
    if combat.target >= PLAYERS:
        return [combat.target]
    p = state.permanent(combat.target)
    return [p] if p is not None else None


def _damage_step(state: CommandState, combat: Combat, preemptive: bool) -> None:
    """One step of combat damage: everyone still fighting whose Preemptive matches deals damage."""
    attacker = state.permanent(combat.attacker)
    if attacker is None:
        return
    opponents = _opponents(state, combat)
    if opponents is None:
        return
    game = state.game
    hits: list[tuple[Permanent | int, int, int]] = []  # (source, target, amount)
    akws = keywords(state, attacker)
    entities = [p for p in opponents if isinstance(p, Permanent)]
    if bool(akws & _PREEMPTIVE) == preemptive:
        hits.extend(_attacker_hits(state, attacker, akws, entities, opponents))
    hits.extend(
        (p, attacker.id, force(state, p))
        for p in entities
        if bool(keywords(state, p) & _PREEMPTIVE) == preemptive
    )
    if not entities and not preemptive:  # the defending Sovereign strikes back (R6)
        seat = 1 - attacker.owner
        hits.append((game.sovereign_id(seat), attacker.id, game.sovereign_infos[seat].force))
    for source, target, amount in hits:
        if isinstance(source, Permanent):
            kws = keywords(state, source)
            elements = game.infos[source.kind].identity_mask
            deal_damage(
                state, source.id, source.owner, elements, target, amount,
                combat=True, fatal=bool(kws & _FATAL), siphon=bool(kws & _SIPHON),
            )  # fmt: skip
        else:
            seat = source - game.sovereign_id(0)
            deal_damage(
                state, source, seat, game.sovereign_infos[seat].identity_mask, target, amount, combat=True
            )


def _attacker_hits(
    state: CommandState,
    attacker: Permanent,
    akws: int,
    entities: list[Permanent],
    opponents: list[Permanent | int],
) -> list[tuple[Permanent | int, int, int]]:
    """The attacker's damage: lethal to each interceptor in order, the rest to the last or through.

    Amounts of 0 or less (a Force brought below 0) are listed too: `deal_damage` deals nothing for them.
    """
    sentry = any(keywords(state, p) & (_SENTRY | _ENTRENCH) for p in entities)  # Entrench makes a Sentry
    assault = bool(akws & _ASSAULT) and sentry
    amount = force(state, attacker) + (2 if assault else 0)
    breach = bool(akws & _BREACH) or assault
    if not entities:
        (player,) = opponents
        assert isinstance(player, int)
        return [(attacker, player, amount)]
    hits: list[tuple[Permanent | int, int, int]] = []
    fatal = bool(akws & _FATAL)
    for index, p in enumerate(entities):
        lethal = 1 if fatal else durability(state, p) - p.damage  # >= 1: lethal damage is checked at once
        last = index == len(entities) - 1
        share = amount if last and not breach else min(amount, lethal)
        hits.append((attacker, p.id, share))
        amount -= share
    if breach:
        hits.append((attacker, PLAYERS + 1 - attacker.owner, amount))
    return hits
