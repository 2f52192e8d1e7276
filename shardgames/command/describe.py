"""Shard Command in words for people: objects named by their cards, and actions as sentences.

`describe_action` is what `CommandView.describe_action` says: each action with the names of the cards,
permanents and targets it concerns, as the seat sees them (``"cast Quick Spark #24 (Deal 2 Dmg)
targeting Ash Hound #61 (seat 1)"``). It reads only what the view shows: a card is named when it is in
the Arena, on the Queue, in a Scrap zone, exiled or in a hand the seat can see.

Examples:
    >>> import shardgames as sg
    >>> state = sg.load_game("command").new_initial_state(seed=7)
    >>> view = state.view(state.current_player)
    >>> [view.describe_action(a) for a in view.legal_actions][:2]
    ['redraw Ash Hound #60', 'redraw Ember Sprite #68']
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from shardgames.command import actions
from shardgames.command.compiled import BOMBARD, EXHAUST, MANA, WARP
from shardgames.command.keywords import CardType, Trigger
from shardgames.command.objects import (
    ABILITY,
    DECK_STRIDE,
    PLAYERS,
    SOVEREIGNS,
    SPELL,
    TOKENS,
    TRIGGERED,
    Permanent,
    QueueItem,
)
from shardgames.command.phases import CommandPrompt, Phase
from shardgames.command.rules import durability, force, is_entity
from shardgames.kernel.actions import Action

if TYPE_CHECKING:
    from shardgames.command.cards import KeywordInstance
    from shardgames.command.compiled import CardInfo
    from shardgames.command.state import CommandState
    from shardgames.command.view import CommandView

__all__ = ["ABILITY_NAMES", "Namer", "describe_action"]

ABILITY_NAMES = {EXHAUST: "Exhaust", MANA: "mana", WARP: "Warp", BOMBARD: "Bombard"}
"""How an activated ability is named, by its number."""


class Namer:
    """Names the objects of a table (a state, or a view read as one) by their cards.

    Args:
        table: A `CommandState`, or a `CommandView` (its fields carry the same names and meanings; only
            `arena` differs, which `arena` here replaces).
        arena: The permanents in the Arena, in the order they entered.
        visible: The hidden cards this reader can see (in hands, or looked at with Foresight).
    """

    __slots__ = ("arena", "game", "table", "visible")

    def __init__(self, table: CommandState, arena: tuple[Permanent, ...], visible: frozenset[int]) -> None:
        self.table = table
        self.game = table.game
        self.arena = arena
        self.visible = visible

    @classmethod
    def of_state(cls, state: CommandState) -> Namer:
        """A namer that sees everything in `state`."""
        visible = frozenset([*(card for hand in state.hands for card in hand), *state.foresight])
        return cls(state, tuple(state.arena), visible)

    @classmethod
    def of_view(cls, view: CommandView) -> Namer:
        """A namer that sees what `view` shows."""
        arena = tuple(Permanent.from_tuple(fields) for fields in view.arena)
        shown = [*(card for hand in view.hands for card in hand.cards), *view.foresight]
        visible = frozenset(card for card in shown if card is not None)
        # The view has the state's fields under the same names: the names read nothing else.
        return cls(view, arena, visible)  # type: ignore[arg-type]

    def permanent(self, number: int) -> Permanent | None:
        """The permanent numbered `number`, if it is in the Arena."""
        return next((p for p in self.arena if p.id == number), None)

    def info(self, number: int) -> CardInfo | None:
        """The design of a card, token or Sovereign, if this reader may know it."""
        game = self.game
        if SOVEREIGNS <= number < PLAYERS:
            return game.sovereign_infos[number - SOVEREIGNS]
        p = self.permanent(number)
        if p is not None:
            return game.infos[p.kind]
        if number < TOKENS and self._seen(number):
            return game.card_info[number]
        return None

    def _seen(self, card: int) -> bool:
        table = self.table
        return (
            card in self.visible
            or any(item.source == card for item in table.queue)
            or any(card in zone for zone in table.scrap)
            or any(card in zone for zone in table.obliterated)
            or card in table.exiled
            or (table.casting is not None and table.casting.item.source == card)
        )

    def card(self, number: int) -> str:
        """``"Ridge Golem #28"``, ``"Swarm token #121"``, or ``"a hidden card"`` for one unseen.

        A hidden card is not numbered: the numbers follow the decklists, so a number would tell which
        card it is.
        """
        if SOVEREIGNS <= number < PLAYERS:
            return self.game.sovereign_infos[number - SOVEREIGNS].name
        info = self.info(number)
        return "a hidden card" if info is None else f"{info.name} #{number}"

    def owned(self, number: int) -> str:
        """A card with its owner: ``"Ridge Golem #28 (seat 1)"``."""
        return f"{self.card(number)} (seat {self.owner(number)})"

    def owner(self, number: int) -> int:
        """Who owns a card, token or Sovereign."""
        if SOVEREIGNS <= number < PLAYERS:
            return number - SOVEREIGNS
        p = self.permanent(number)
        if p is not None:
            return p.owner
        return number // DECK_STRIDE

    def with_stats(self, number: int) -> str:
        """A permanent with its current Force and Durability: ``"Ash Hound #60 (4/3)"``."""
        p = self.permanent(number)
        if p is None or not is_entity(self.table, p):
            return self.card(number)
        return f"{self.card(number)} ({force(self.table, p)}/{durability(self.table, p)})"

    def target(self, number: int) -> str:
        """A target in words: a seat, a Sovereign, a permanent, a Rite on the Queue or a card in Scrap."""
        if number >= PLAYERS:
            return f"seat {number - PLAYERS}"
        if number >= SOVEREIGNS:
            return f"{self.card(number)} (seat {number - SOVEREIGNS}'s Sovereign)"
        if self.permanent(number) is not None:
            return self.owned(number)
        table = self.table
        for item in table.queue:
            if item.source == number and item.kind == SPELL:
                return f"{self.card(number)} on the Queue (seat {item.controller})"
        for seat, zone in enumerate(table.scrap):
            if number in zone:
                return f"{self.card(number)} in seat {seat}'s Scrap"
        return self.card(number)

    def item(self, item: QueueItem) -> str:
        """What a Queue item is: ``"Quick Spark #24"``, ``"Warden of the Ridge's Exhaust ability"``."""
        name = self.card(item.source)
        if item.kind == SPELL:
            return name
        if item.kind == ABILITY:
            return f"{name}'s {ABILITY_NAMES.get(item.ability, 'Exhaust')} ability"
        if item.kind == TRIGGERED:
            return f"{name}'s trigger"
        return f"{name}'s Volatile sacrifice"

    def effects(self, item: QueueItem) -> tuple[KeywordInstance, ...]:
        """The effects a Queue item carries (none for Warp, Bombard and a Volatile sacrifice)."""
        if item.ability in (WARP, BOMBARD) or item.kind not in (SPELL, ABILITY, TRIGGERED):
            return ()
        game = self.game
        owner_sovereign = SOVEREIGNS + item.controller
        info = (
            game.sovereign_infos[item.controller]
            if item.source == owner_sovereign
            else game.infos[item.design]
        )
        return info.effects.get(item.trigger, ())


def describe_action(view: CommandView, action: Action) -> str:
    """`action` in words for the seat of `view`, naming the cards and targets it can see."""
    return _describe(Namer.of_view(view), view.prompt, action)


def _describe(names: Namer, prompt: object, action: Action) -> str:
    table = names.table
    if isinstance(action, actions.Play):
        return _play(names, action.card)
    if isinstance(action, actions.Activate):
        return _activate(names, action)
    if isinstance(action, actions.ChooseTarget):
        return _choose_target(names, prompt, action.target)
    if isinstance(action, actions.BottomCard):
        return f"redraw {names.card(action.card)}"
    if isinstance(action, actions.FinishRedraw):
        seat = getattr(prompt, "player", 0)
        put_under = table.redrawn[seat] if 0 <= seat < len(table.redrawn) else 0
        return f"finish the redraw ({put_under} put under)" if put_under else "keep this hand"
    if isinstance(action, actions.DeclareAttack):
        return f"attack with {names.with_stats(action.attacker)}"
    if isinstance(action, actions.Pass):
        if table.queue:
            return f"pass ({names.item(table.queue[-1])} is on top of the Queue)"
        return f"pass ({table.step.value} step)"
    if isinstance(action, actions.Intercept):
        return f"intercept {_attacker(names)} with {names.with_stats(action.entity)}"
    if isinstance(action, actions.NoIntercept):
        combat = table.combat
        if combat is not None and combat.chosen:
            return "do not intercept (drop the Entities chosen)"
        return f"do not intercept {_attacker(names)}"
    if isinstance(action, actions.FinishIntercept):
        chosen = table.combat.chosen if table.combat is not None else ()
        return f"intercept {_attacker(names)} with {', '.join(names.card(n) for n in chosen)}"
    if isinstance(action, actions.OrderInterceptor):
        attacker = names.card(table.combat.attacker) if table.combat is not None else "the attacker"
        return f"{names.card(action.entity)} takes {attacker}'s damage next"
    if isinstance(action, actions.Discard):
        return f"discard {names.card(action.card)}"
    if isinstance(action, actions.Foresee):
        looked = _looked_at(names)
        where = "put {} on the bottom" if action.bottom else "leave {} on top"
        return where.format(looked)
    if isinstance(action, actions.ChooseElement):
        source = table.element_source
        return f"{action} from {names.card(source)}" if source >= 0 else str(action)
    if isinstance(action, actions.DrawCard):
        return f"draw a {names.game.infos[action.kind].name}"
    return str(action)


def _play(names: Namer, card: int) -> str:
    info = names.info(card)
    if info is None:
        return "play a hidden card"
    table = names.table
    owner = card // DECK_STRIDE
    verb = "cast" if info.type is CardType.RITE else "deploy"
    from_scrap = " from the Scrap (Echo)" if card in table.scrap[owner] else ""
    details = [f"cost {info.cost}"]
    if info.type is CardType.ENTITY:
        details.append(f"{info.force}/{info.durability}")
    if info.pay_integrity:
        details.append("pay 1 Integrity")
    if info.sacrifice:
        details.append("sacrifice an Entity")
    return f"{verb} {names.card(card)}{from_scrap} ({', '.join(details)})"


def _activate(names: Namer, action: actions.Activate) -> str:
    ability = ABILITY_NAMES.get(action.ability, str(action.ability))
    info = names.info(action.source)
    text = f"activate {names.card(action.source)}: {ability}"
    if info is None:
        return text
    if action.ability == EXHAUST:
        what = "; ".join(inst.label for inst in info.effects.get(Trigger.ACTIVATED_EXHAUST, ()))
    elif action.ability == MANA:
        what = next((inst.label for inst in info.card.keywords if inst.keyword.id in ("K15", "K21")), "")
    elif action.ability == WARP and info.warp_cost is not None:
        what = f"cost {info.warp_cost}: leave and return next turn"
    else:
        what = "remove a trench counter: deal 2 damage" if action.ability == BOMBARD else ""
    return f"{text} ({what})" if what else text


def _choose_target(names: Namer, prompt: object, target: int) -> str:
    table = names.table
    phase = prompt.phase if isinstance(prompt, CommandPrompt) else None
    if phase is Phase.ATTACK_TARGET:
        return f"{_attacker(names)} attacks {names.target(target)}"
    casting = table.casting
    if casting is None:
        return f"target {names.target(target)}"
    item = casting.item
    source = names.item(item)
    if phase is Phase.SACRIFICE:
        return f"sacrifice {names.with_stats(target)} to pay for {source}"
    if phase is Phase.TRENCH:
        return f"remove a trench counter from {names.card(target)} for {names.card(item.source)}'s Bombard"
    if item.kind == SPELL:
        source = f"cast {source}"
    elif item.kind == ABILITY:
        source = f"activate {names.card(item.source)}: {ABILITY_NAMES.get(item.ability, 'Exhaust')}"
    effect = _next_effect(names, casting.slots, item)
    return f"{source}{f' ({effect})' if effect else ''} targeting {names.target(target)}"


def _next_effect(names: Namer, slots: tuple[bool, ...], item: QueueItem) -> str:
    if item.ability == BOMBARD:
        return "deal 2 damage"
    effects = names.effects(item)
    for index, needs in enumerate(slots):
        if needs and item.targets[index] == -1 and index < len(effects):
            return effects[index].label
    return ""


def _attacker(names: Namer) -> str:
    combat = names.table.combat
    return "the attacker" if combat is None else names.with_stats(combat.attacker)


def _looked_at(names: Namer) -> str:
    table = names.table
    index = len(table.foresight_bottom)
    if index < len(table.foresight):
        card = table.foresight[index]
        if card is not None:
            return names.card(card)
    return "the card looked at"
