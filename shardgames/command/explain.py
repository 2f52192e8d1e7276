"""Why an action is not legal, in words, for `IllegalActionError` messages.

The reasons follow the checks of the rules in order (the decision asked, then timing, then the card or
permanent, then costs and targets), and name what would be right where one thing would do.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from shardgames.command.actions import (
    Activate,
    BottomCard,
    Charge,
    ChooseTarget,
    DeclareAttack,
    Discard,
    Intercept,
    Pass,
    Play,
)
from shardgames.command.compiled import ABILITIES, BOMBARD, EXHAUST, MANA, WARP
from shardgames.command.handlers import HANDLERS
from shardgames.command.keywords import CardType
from shardgames.command.payment import find_payment
from shardgames.command.phases import CHANCE_PHASES, CommandPrompt, Phase, Step
from shardgames.command.play import wallet
from shardgames.command.rules import fatigued, has, is_entity, isolated
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
_FOR_PHASE: dict[type[Action], tuple[Phase, ...]] = {
    BottomCard: (Phase.REDRAW,),
    Play: (Phase.PRIORITY,),
    Activate: (Phase.PRIORITY,),
    Charge: (Phase.PRIORITY,),
    DeclareAttack: (Phase.PRIORITY,),
    Pass: (Phase.PRIORITY,),
    Intercept: (Phase.INTERCEPT,),
    Discard: (Phase.DISCARD,),
    ChooseTarget: (Phase.TARGET, Phase.SACRIFICE, Phase.TRENCH, Phase.ATTACK_TARGET),
}


@HANDLERS.explain(*(phase for phase in Phase if phase not in CHANCE_PHASES))
def explain(state: CommandState, prompt: CommandPrompt, action: Action) -> str | None:
    """The reason `action` is illegal at `prompt`, or ``None`` for the generic message."""
    phases = _FOR_PHASE.get(type(action))
    if phases is not None and prompt.phase not in phases:
        return (
            f"the decision now is {_ASKED.get(prompt.phase, prompt.phase.value)}, not {type(action).__name__}"
        )
    seat = prompt.player
    main = state.step is Step.MAIN and not state.queue and seat == state.active
    if isinstance(action, Play):
        return _play(state, seat, action.card, main)
    if isinstance(action, DeclareAttack):
        return _attack(state, seat, action.attacker, main)
    if isinstance(action, Activate):
        return _activate(state, seat, action)
    if isinstance(action, Charge):
        if not main:
            return "stones are charged only by the active player in the Main Phase, with an empty Queue"
        if state.charged[seat] >= 2:
            return "two stones were charged this turn already (the most per turn)"
        return "the Pool holds no stone of that kind"
    if isinstance(action, Pass):
        return "a Reckless Entity can still attack: the Main Phase can't end before it does"
    if isinstance(action, (BottomCard, Discard)) and action.card not in state.hands[seat]:
        return f"#{action.card} is not in seat {seat}'s hand"
    if isinstance(action, ChooseTarget):
        return f"{action} is not a legal choice here"
    return None


def _play(state: CommandState, seat: int, card: int, main: bool) -> str:
    game = state.game
    if not 0 <= card < len(game.card_info):
        return f"#{card} is not a card"
    info = game.card_info[card]
    in_hand = card in state.hands[seat]
    if not in_hand and not (info.echo and card in state.scrap[seat]):
        where = "in the Scrap zone, but it has no Echo" if card in state.scrap[seat] else "not in your hand"
        return f"{info.name} #{card} is {where}"
    if not info.fast and not main:
        kind = "Focus Rite" if info.type is CardType.RITE else info.type.label
        article = "an" if kind[0] in "AEIOU" else "a"
        return f"{info.name} is {article} {kind}: it is played only in your Main Phase, with an empty Queue"
    if info.fast and state.silenced[seat] >= state.turn:
        return "you are Silenced: no Fast Speed Rites this turn"
    if info.sacrifice and not any(p.owner == seat and is_entity(state, p) for p in state.arena):
        return f"{info.name} needs an Entity of yours to sacrifice, and you control none"
    if find_payment(wallet(state, seat), info.cost) is None:
        return f"you can't pay {info.cost} for {info.name} with what you have"
    return f"{info.name} has an effect with no legal target"


def _attack(state: CommandState, seat: int, number: int, main: bool) -> str:
    if not main:
        return "attacks are declared only by the active player in the Main Phase, with an empty Queue"
    p = state.permanent(number)
    if p is None or p.owner != seat or not is_entity(state, p):
        return f"#{number} is not an Entity of yours in the Arena"
    name = state.game.infos[p.kind].name
    for why, on in (
        ("is Exhausted", p.exhausted),
        ("has attacked this turn already", p.attacked == state.turn),
        ("entered this turn (Deployment Fatigue)", fatigued(state, p)),
        ("is a Sentry", has(state, p, "K40") or has(state, p, "K16")),
        ("is Isolated", isolated(state, p)),
    ):
        if on:
            return f"{name} #{number} {why}"
    return f"{name} #{number} can't attack now"


def _activate(state: CommandState, seat: int, action: Activate) -> str:
    game = state.game
    if not 0 <= action.ability < ABILITIES:
        return f"ability {action.ability} does not exist: 0 Exhaust, 1 mana, 2 Warp, 3 Bombard"
    if action.source == game.sovereign_id(seat):
        if action.ability != EXHAUST or not game.sovereign_infos[seat].effects:
            return "your Sovereign has no such ability"
        return (
            "your Sovereign is Exhausted"
            if state.sovereign_exhausted[seat]
            else "it was used 3 times this turn"
        )
    p = state.permanent(action.source)
    if p is None or p.owner != seat:
        return f"#{action.source} is not a permanent of yours in the Arena"
    info = game.infos[p.kind]
    names = {EXHAUST: "an Exhaust ability", MANA: "a mana ability", WARP: "Warp", BOMBARD: "Bombard"}
    if action.ability not in info.abilities():
        return f"{info.name} has no {names[action.ability]}"
    if p.blanked:
        return f"{info.name} is Blanked: it has no abilities this turn"
    if action.ability in (EXHAUST, MANA) and p.exhausted:
        return f"{info.name} is Exhausted"
    if action.ability in (EXHAUST, MANA) and is_entity(state, p) and fatigued(state, p):
        return f"{info.name} entered this turn (Deployment Fatigue)"
    return f"{info.name}'s {names[action.ability]} can't be used now (its cost, targets or 3 uses this turn)"
