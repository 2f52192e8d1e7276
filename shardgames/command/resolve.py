"""Resolving the Response Queue: the top item's effects, one after the other (CMD-25, R10, R15, R22).

Each effect of an item is a queued step, so an effect that needs a decision (a discard, a Foresight)
simply asks and the next effect waits. A target that is no longer legal is dropped: its effect does
nothing (R22). A resolved Rite goes to its owner's Scrap zone, or is Obliterated if it was played from
the Scrap zone (Echo, R15). Every effect keyword of the glossary registers its function here
(`register_effect`); keywords of your own bring theirs (`register_keyword`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from shardgames.command.actions import Discard, Foresee
from shardgames.command.cards import KeywordInstance
from shardgames.command.compiled import BOMBARD, SIPHON, WARP
from shardgames.command.events import (
    CardDiscarded,
    CardLookedAt,
    CardMoved,
    ItemCountered,
    ItemResolved,
    StatusChanged,
)
from shardgames.command.handlers import handlers
from shardgames.command.keywords import CardType, Scope, effect_of, register_effect
from shardgames.command.objects import PLAYERS, SPELL, VOLATILE, QueueItem
from shardgames.command.phases import CommandPrompt, DrawCards, Phase
from shardgames.command.play import describe_item, targets_for
from shardgames.command.rules import has, is_entity, targetable
from shardgames.command.sba import (
    DECK_TOP,
    EXILE,
    HAND,
    OBLITERATED,
    SCRAP,
    change_integrity,
    create_token,
    deal_damage,
    enter_arena,
    leave_arena,
    name_of,
)
from shardgames.kernel.state import Task

if TYPE_CHECKING:
    from shardgames.command.objects import Permanent
    from shardgames.command.state import CommandState

__all__ = [
    "ApplyEffect",
    "AskDiscard",
    "FinishItem",
    "LookNext",
    "abandon_queue",
    "apply_discard",
    "apply_foresee",
    "entities_reached",
    "legal_discard",
    "legal_foresight",
    "resolve_top",
    "revealed",
]


@attrs.frozen
class ApplyEffect(Task):
    """Apply effect number `index` of `item`."""

    item: QueueItem
    index: int


@attrs.frozen
class FinishItem(Task):
    """After its effects: a Rite goes to the Scrap zone (or is Obliterated), the event is logged."""

    item: QueueItem


@attrs.frozen
class AskDiscard(Task):
    """`seat` discards `count` cards of its choice (fewer if its hand runs out)."""

    seat: int
    count: int


@attrs.frozen
class LookNext(Task):
    """Foresight: look at the next card, or, once all are seen, ask where each goes."""

    seat: int


def resolve_top(state: CommandState) -> None:
    """Resolve the top item of the Queue: queue its effects as steps (it leaves the Queue when done)."""
    item = state.queue[-1]
    game = state.game
    steps: list[Task] = []
    if item.kind == SPELL and game.infos[item.design].type is not CardType.RITE:
        steps.append(FinishItem(item))  # an Entity or Item: it enters the Arena
    elif item.kind == VOLATILE or item.ability in (WARP, BOMBARD):
        steps.append(FinishItem(item))
    else:
        count = len(game.infos[item.design].effects.get(item.trigger, ()))
        if item.source == game.sovereign_id(item.controller):
            count = len(game.sovereign_infos[item.controller].effects.get(item.trigger, ()))
        steps.extend([ApplyEffect(item, index) for index in range(count)])
        steps.append(FinishItem(item))
    state.push(*steps)


def _info(state: CommandState, item: QueueItem):  # type: ignore[no-untyped-def]
    game = state.game
    if item.source == game.sovereign_id(item.controller):
        return game.sovereign_infos[item.controller]
    return game.infos[item.design]


@handlers.run(ApplyEffect)
def run_apply_effect(state: CommandState, task: ApplyEffect) -> None:
    """Apply one effect, if its target (when it has one) is still legal."""
    item = task.item
    info = _info(state, item)
    inst = info.effects[item.trigger][task.index]
    target = item.targets[task.index] if task.index < len(item.targets) else -1
    single = inst.scope is Scope.SINGLE
    if single and (
        target < 0 or target not in targets_for(state, item.controller, info.identity_mask, inst, item.source)
    ):
        state.emit(ItemCountered(describe_item(state, item), "no legal target", inst.keyword.name))
        return
    effect_of(inst.keyword.id)(state, item, inst, target, info.identity_mask)


@handlers.run(FinishItem)
def run_finish_item(state: CommandState, task: FinishItem) -> None:
    """The end of an item's resolution."""
    item = task.item
    game = state.game
    if state.queue and state.queue[-1] == item:  # equal, not always the same object: states are copied
        state.queue.pop()
    state.emit(ItemResolved(describe_item(state, item)))
    if item.kind == VOLATILE:
        p = state.permanent(item.source)
        if p is not None:
            state.emit(StatusChanged(p.id, "sacrificed (Volatile)"))
            leave_arena(state, [p], SCRAP)
        return
    if item.ability == WARP:
        p = state.permanent(item.source)
        if p is not None:
            leave_arena(state, [p], EXILE)
        return
    if item.ability == BOMBARD:
        target = item.targets[0]
        legal = _bombard_targets(state, item)
        if target in legal:
            mask = game.infos[item.design].identity_mask
            siphon = _siphons(state, item.source)
            deal_damage(state, item.source, item.controller, mask, target, 2, siphon=siphon)
        else:
            state.emit(ItemCountered(describe_item(state, item), "no legal target"))
        return
    if item.kind != SPELL:
        return
    info = game.infos[item.design]
    if info.type is CardType.RITE:
        dest = OBLITERATED if item.echo else SCRAP
        _to_zone(state, item.source, item.controller, dest, "Queue")
    else:
        enter_arena(state, item.source, item.controller)


def abandon_queue(state: CommandState) -> None:
    """The Queue guard: every item left leaves without effect, its cards going where countered ones go."""
    while state.queue:
        item = state.queue.pop()
        state.emit(ItemCountered(describe_item(state, item), "the Queue guard"))
        if item.kind == SPELL:
            _to_zone(state, item.source, item.controller, OBLITERATED if item.echo else SCRAP, "Queue")


def _bombard_targets(state: CommandState, item: QueueItem) -> list[int]:
    mask = state.game.infos[item.design].identity_mask
    found = [p.id for p in state.arena if is_entity(state, p) and targetable(state, p, item.controller, mask)]
    return [*found, PLAYERS, PLAYERS + 1]


def _to_zone(state: CommandState, card: int, owner: int, dest: str, source: str) -> None:
    if dest == SCRAP:
        state.scrap[owner] = (*state.scrap[owner], card)
    elif dest == OBLITERATED:
        state.obliterated[owner] = (*state.obliterated[owner], card)
    elif dest == HAND:
        state.hands[owner].add(card, known=-1)
    state.emit(CardMoved(card, name_of(state, card), source, dest))


# ---------------------------------------------------------------------- the effects


def entities_reached(state: CommandState, item: QueueItem, scope: Scope, target: int) -> list[Permanent]:
    """The Entities in the Arena an effect of `item` with `scope` reaches (its `target` if ``single``).

    For effects of your own (`shardgames.command.keywords.register_keyword`): the Entities it acts on.
    """
    controller = item.controller
    if scope is Scope.SINGLE:
        p = state.permanent(target)
        return [p] if p is not None and is_entity(state, p) else []
    if scope is Scope.SELF:
        p = state.permanent(item.source)
        return [p] if p is not None and is_entity(state, p) else []
    if scope is Scope.EACH_OPPOSING_ENTITY:
        return [p for p in state.arena if p.owner != controller and is_entity(state, p)]
    if scope is Scope.EACH_OF_YOUR_ENTITIES:
        return [p for p in state.arena if p.owner == controller and is_entity(state, p)]
    if scope is Scope.EACH_ENTITY:
        return [p for p in state.arena if is_entity(state, p)]
    return []


@register_effect("K01")
def _upgrade(state: CommandState, item: QueueItem, inst: KeywordInstance, target: int, elements: int) -> None:
    for p in entities_reached(state, item, inst.scope, target):
        p.upgrades += 1
        state.emit(StatusChanged(p.id, "+1/+1 Upgrade"))


@register_effect("K05")
def _banish(state: CommandState, item: QueueItem, inst: KeywordInstance, target: int, elements: int) -> None:
    for seat in (0, 1):
        if target in state.scrap[seat]:
            state.scrap[seat] = tuple(c for c in state.scrap[seat] if c != target)
            _to_zone(state, target, seat, OBLITERATED, "Scrap")


@register_effect("K06")
def _blank(state: CommandState, item: QueueItem, inst: KeywordInstance, target: int, elements: int) -> None:
    for p in entities_reached(state, item, inst.scope, target):
        p.blanked = True
        state.emit(StatusChanged(p.id, "Blanked until end of turn"))


def _siphons(state: CommandState, source: int) -> bool:
    """Whether the damage of `source` heals its controller: an Entity in the Arena with Siphon."""
    p = state.permanent(source)
    return p is not None and has(state, p, SIPHON)


@register_effect("K09")
def _deal(state: CommandState, item: QueueItem, inst: KeywordInstance, target: int, elements: int) -> None:
    amount = inst.amount or 0
    siphon = _siphons(state, item.source)
    if inst.scope is Scope.TARGET_OPPONENT or (inst.scope is Scope.SINGLE and target >= PLAYERS):
        player = target if target >= PLAYERS else PLAYERS + 1 - item.controller
        deal_damage(state, item.source, item.controller, elements, player, amount, siphon=siphon)
        return
    for p in entities_reached(state, item, inst.scope, target):
        deal_damage(state, item.source, item.controller, elements, p.id, amount, siphon=siphon)


@register_effect("K10")
def _delay(state: CommandState, item: QueueItem, inst: KeywordInstance, target: int, elements: int) -> None:
    _off_queue(state, target, HAND, "Delay")


@register_effect("K30")
def _nullify(state: CommandState, item: QueueItem, inst: KeywordInstance, target: int, elements: int) -> None:
    _off_queue(state, target, SCRAP, "Nullify Rite")


def _off_queue(state: CommandState, card: int, dest: str, why: str) -> None:
    for index, queued in enumerate(state.queue):
        if queued.kind == SPELL and queued.source == card:
            del state.queue[index]
            state.emit(ItemCountered(describe_item(state, queued), why))
            where = OBLITERATED if dest == SCRAP and queued.echo else dest
            _to_zone(state, card, queued.controller, where, "Queue")
            return


@register_effect("K11")
def _destroy(state: CommandState, item: QueueItem, inst: KeywordInstance, target: int, elements: int) -> None:
    leave_arena(state, entities_reached(state, item, inst.scope, target), SCRAP)


@register_effect("K12")
def _drain_intel(
    state: CommandState, item: QueueItem, inst: KeywordInstance, target: int, elements: int
) -> None:
    state.push(AskDiscard(1 - item.controller, 1))


@register_effect("K13")
def _draw(state: CommandState, item: QueueItem, inst: KeywordInstance, target: int, elements: int) -> None:
    state.push(DrawCards(item.controller, inst.amount or 0))


@register_effect("K22")
def _foresight(
    state: CommandState, item: QueueItem, inst: KeywordInstance, target: int, elements: int
) -> None:
    state.foresight = ()
    state.foresight_bottom = ()
    state.foresight_seat = item.controller
    state.foresight_left = inst.amount or 0
    state.push(LookNext(item.controller))


@register_effect("K23")
def _freeze(state: CommandState, item: QueueItem, inst: KeywordInstance, target: int, elements: int) -> None:
    for p in entities_reached(state, item, inst.scope, target):
        p.exhausted = True
        p.frozen = True
        state.emit(StatusChanged(p.id, "Frozen: Exhausted, and it skips its next Ready"))


@register_effect("K24")
def _heal(state: CommandState, item: QueueItem, inst: KeywordInstance, target: int, elements: int) -> None:
    change_integrity(state, item.controller, inst.amount or 0, "Heal")


@register_effect("K28")
def _isolate(state: CommandState, item: QueueItem, inst: KeywordInstance, target: int, elements: int) -> None:
    # "until the end of your next turn": the caster's next turn is two turns on if it is theirs now
    until = state.turn + (2 if item.controller == state.active else 1)
    for p in entities_reached(state, item, inst.scope, target):
        p.isolated_until = max(p.isolated_until, until)
        state.emit(StatusChanged(p.id, f"Isolated through turn {until}"))


@register_effect("K29")
def _loot(state: CommandState, item: QueueItem, inst: KeywordInstance, target: int, elements: int) -> None:
    state.push(DrawCards(item.controller, 1), AskDiscard(item.controller, 1))


@register_effect("K31")
def _obliterate(
    state: CommandState, item: QueueItem, inst: KeywordInstance, target: int, elements: int
) -> None:
    leave_arena(state, entities_reached(state, item, inst.scope, target), OBLITERATED)


@register_effect("K34")
def _reanimate(
    state: CommandState, item: QueueItem, inst: KeywordInstance, target: int, elements: int
) -> None:
    seat = item.controller
    state.scrap[seat] = tuple(c for c in state.scrap[seat] if c != target)
    enter_arena(state, target, seat, echo=True, source="Scrap")


@register_effect("K37")
def _return_to_hand(
    state: CommandState, item: QueueItem, inst: KeywordInstance, target: int, elements: int
) -> None:
    leave_arena(state, entities_reached(state, item, inst.scope, target), HAND)


@register_effect("K38")
def _revive(state: CommandState, item: QueueItem, inst: KeywordInstance, target: int, elements: int) -> None:
    seat = item.controller
    state.scrap[seat] = tuple(c for c in state.scrap[seat] if c != target)
    _to_zone(state, target, seat, HAND, "Scrap")


@register_effect("K41")
def _silence(state: CommandState, item: QueueItem, inst: KeywordInstance, target: int, elements: int) -> None:
    opponent = 1 - item.controller
    state.silenced[opponent] = state.turn
    state.emit(StatusChanged(PLAYERS + opponent, "Silenced: no Fast Speed Rites this turn"))


@register_effect("K43")
def _submerge(
    state: CommandState, item: QueueItem, inst: KeywordInstance, target: int, elements: int
) -> None:
    for p in entities_reached(state, item, inst.scope, target):
        p.submerged += 1
        state.emit(StatusChanged(p.id, "-2/-0 until end of turn (Submerge)"))


@register_effect("K45")
def _swarm(state: CommandState, item: QueueItem, inst: KeywordInstance, target: int, elements: int) -> None:
    create_token(state, item.controller)


@register_effect("K49")
def _updraft(state: CommandState, item: QueueItem, inst: KeywordInstance, target: int, elements: int) -> None:
    leave_arena(state, entities_reached(state, item, inst.scope, target), DECK_TOP)


# ---------------------------------------------------------------------- discards and Foresight


@handlers.run(AskDiscard)
def run_ask_discard(state: CommandState, task: AskDiscard) -> None:
    """Ask for the discards (as many as the hand allows)."""
    count = min(task.count, len(state.hands[task.seat]))
    if count:
        state.discard_seat = task.seat
        state.discard_left = count
        state.ask(task.seat, Phase.DISCARD)


@handlers.legal(Phase.DISCARD)
def legal_discard(state: CommandState, prompt: CommandPrompt) -> list[int]:
    """Every card of the discarding hand."""
    player = prompt.player
    base = state.game.id_discard
    return [base + card for card in state.hands[player]]


@handlers.apply(Discard)
def apply_discard(state: CommandState, prompt: CommandPrompt, action: Discard) -> None:
    """Discard a card to the Scrap zone (public)."""
    seat = state.discard_seat
    state.hands[seat].remove(action.card)
    state.scrap[seat] = (*state.scrap[seat], action.card)
    state.emit(CardDiscarded(seat, action.card, name_of(state, action.card)))
    state.discard_left -= 1
    if state.discard_left:
        state.ask(seat, Phase.DISCARD)
    else:
        state.discard_seat = -1


@handlers.run(LookNext)
def run_look_next(state: CommandState, task: LookNext) -> None:
    """Look at the next card of the deck, or, once all are seen, ask about the first one."""
    seat = task.seat
    deck = state.decks[seat]
    seen = len(state.foresight)
    if state.foresight_left > 0 and (len(deck.top) > seen or deck.middle_count or deck.bottom):
        state.foresight_left -= 1
        state.push(LookNext(seat))
        if len(deck.top) == seen and not deck.middle_count:  # only known bottom cards are left: the next
            deck.top.append(deck.bottom.pop(0))  # is the first of them, now looked at from the top
            deck.top_known.append(deck.bottom_known.pop(0))
        if len(deck.top) > seen:
            deck.learn(seen, 1 << seat)
            revealed(state, seat, deck.top[seen])
        else:
            state.ask_chance(Phase.REVEAL, seat)
        return
    state.foresight_left = 0
    if state.foresight:
        state.ask(seat, Phase.FORESIGHT)


def revealed(state: CommandState, seat: int, card: int) -> None:
    """A card of `seat`'s deck is looked at."""
    state.foresight = (*state.foresight, card)


@handlers.legal(Phase.FORESIGHT)
def legal_foresight(state: CommandState, prompt: CommandPrompt) -> list[int]:
    """Top or bottom."""
    return [state.game.id_foresee, state.game.id_foresee + 1]


@handlers.apply(Foresee)
def apply_foresee(state: CommandState, prompt: CommandPrompt, action: Foresee) -> None:
    """Decide one card; after the last, kept cards stay on top and the others go under, in order."""
    seat = prompt.player
    card = state.foresight[len(state.foresight_bottom)]
    state.foresight_bottom = (*state.foresight_bottom, action.bottom)
    state.emit(CardLookedAt(seat, card, name_of(state, card), action.bottom))
    if len(state.foresight_bottom) < len(state.foresight):
        state.ask(seat, Phase.FORESIGHT)
        return
    deck = state.decks[seat]
    count = len(state.foresight)
    looked = list(zip(deck.top[:count], deck.top_known[:count], strict=True))
    rest, rest_known = deck.top[count:], deck.top_known[count:]
    kept = [(c, k) for (c, k), down in zip(looked, state.foresight_bottom, strict=True) if not down]
    under = [(c, k) for (c, k), down in zip(looked, state.foresight_bottom, strict=True) if down]
    deck.top = [c for c, _ in kept] + rest
    deck.top_known = [k for _, k in kept] + rest_known
    for c, k in under:
        deck.put_bottom(c, known=k)
    state.foresight = ()
    state.foresight_bottom = ()
