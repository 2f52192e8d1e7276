"""Why an action is not legal, in words, for `IllegalActionError` messages.

The reasons come from the same checks that list the legal actions: `playable`,
`activate_problem`, `declare_problem`, `chargeable` and `pass_problem` for a priority decision,
each of which gives the first rule an action breaks (as a template this module fills in with the names
of the cards); the choices of the other decisions (a target, an interceptor, a card to discard...) are
exactly the listed ones. So an action has a reason exactly when it is not among the legal actions.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from shardgames.command.actions import (
    Activate,
    BottomCard,
    Charge,
    DeclareAttack,
    Discard,
    FinishIntercept,
    Pass,
    Play,
)
from shardgames.command.combat import declare_problem
from shardgames.command.flow import chargeable, pass_problem
from shardgames.command.handlers import handlers
from shardgames.command.keywords import CardType
from shardgames.command.phases import CHANCE_PHASES, CommandPrompt, Phase
from shardgames.command.play import ABILITY_NAMES, activate_problem, playable
from shardgames.kernel.actions import Action

if TYPE_CHECKING:
    from shardgames.command.state import CommandState

__all__ = ["explain"]

_ASKED = {
    Phase.REDRAW: "a Tactical Redraw decision (BottomCard or FinishRedraw)",
    Phase.PRIORITY: "a priority decision (Play, Activate, Charge, DeclareAttack or Pass)",
    Phase.TARGET: "a target (ChooseTarget)",
    Phase.SACRIFICE: "an Entity to sacrifice (ChooseTarget)",
    Phase.TRENCH: "an Entity with a trench counter (ChooseTarget)",
    Phase.ELEMENT: "the element of a Shard (ChooseElement)",
    Phase.ATTACK_TARGET: "what to attack (ChooseTarget)",
    Phase.INTERCEPT: "whether to intercept (Intercept, FinishIntercept or NoIntercept)",
    Phase.ORDER: "the next interceptor in damage order (OrderInterceptor)",
    Phase.DISCARD: "a card to discard (Discard)",
    Phase.FORESIGHT: "where the card looked at goes (Foresee)",
}


@handlers.explain(*(phase for phase in Phase if phase not in CHANCE_PHASES))
def explain(state: CommandState, prompt: CommandPrompt, action: Action) -> str | None:
    """The reason `action` is illegal at `prompt`, or ``None`` when it is legal."""
    phases: tuple[Phase, ...] = getattr(action, "asked_in", ())  # the decisions it answers
    if not phases:
        return f"{type(action).__name__} is a chance outcome, not a decision"
    if prompt.phase not in phases:
        return f"the decision now is {_ASKED[prompt.phase]}, not {type(action).__name__}"
    explain_priority = _PRIORITY.get(type(action))
    if explain_priority is not None:
        return explain_priority(state, prompt.player, action)
    if state.game.encode(action) in handlers.legal_handlers[prompt.phase](state, prompt):
        return None
    if isinstance(action, (BottomCard, Discard)) and action.card not in state.hands[prompt.player]:
        return f"#{action.card} is not in seat {prompt.player}'s hand"
    if isinstance(action, FinishIntercept):
        return "finishing needs two or more interceptors chosen"
    return f"{action} is not a legal choice here"


def _play(state: CommandState, seat: int, action: Play) -> str | None:
    card = action.card
    game = state.game
    if not 0 <= card < len(game.card_info):
        return f"#{card} is not a card"
    info = game.card_info[card]
    from_scrap = card not in state.hands[seat]
    if from_scrap and card not in state.scrap[seat]:
        return f"{info.name} #{card} is not in your hand"
    reasons: dict[int, str] = {}
    if playable(state, seat, () if from_scrap else (card,), (card,) if from_scrap else (), reasons):
        return None
    reason = reasons[card]
    kind = "Focus Rite" if info.type is CardType.RITE else info.type.label
    article = "an" if kind[0] in "AEIOU" else "a"
    return reason.format(name=info.name, card=card, kind=kind, article=article, cost=info.cost)


def _activate(state: CommandState, seat: int, action: Activate) -> str | None:
    reason = activate_problem(state, seat, action.source, action.ability)
    if reason is None:
        return None
    game = state.game
    p = state.permanent(action.source)
    sovereign = action.source == game.sovereign_id(seat)
    info = game.sovereign_infos[seat] if sovereign or p is None else game.infos[p.kind]
    return reason.format(
        name="your Sovereign" if sovereign else info.name,
        source=action.source,
        ability=action.ability,
        ability_name=ABILITY_NAMES.get(action.ability, ""),
        cost=info.warp_cost,
    )


def _declare(state: CommandState, seat: int, action: DeclareAttack) -> str | None:
    reason = declare_problem(state, seat, action.attacker)
    if reason is None:
        return None
    p = state.permanent(action.attacker)
    name = "" if p is None else state.game.infos[p.kind].name
    return reason.format(name=name, number=action.attacker)


def _charge(state: CommandState, seat: int, action: Charge) -> str | None:
    reasons: dict[int, str] = {}
    kind = action.element + 1
    return None if kind in chargeable(state, seat, reasons) else reasons[kind]


def _pass(state: CommandState, seat: int, action: Pass) -> str | None:
    return pass_problem(state, seat)


_PRIORITY: dict[type[Action], Callable[[CommandState, int, Any], str | None]] = {
    Play: _play,
    Activate: _activate,
    DeclareAttack: _declare,
    Charge: _charge,
    Pass: _pass,
}
