"""Putting things on the Queue: playing cards, activating abilities, triggers, targets and costs.

`Play` and `Activate` are legal exactly when the timing allows them (R11), a payment exists (R27), the
additional costs can be paid and every effect that needs a target has one (R22). Targets are then
chosen one prompt at a time; the item goes on the Queue, paid, once they are all chosen. Triggered
abilities go on the Queue the same way, without a cost (an effect without a legal target is skipped).
Mana abilities never use the Queue (R10 e).
"""

from __future__ import annotations

from collections.abc import Iterable
from operator import add, sub
from typing import TYPE_CHECKING

from shardgames.command import combat
from shardgames.command.actions import Activate, ChooseElement, ChooseTarget, Play
from shardgames.command.cards import KeywordInstance
from shardgames.command.compiled import ABILITIES, BOMBARD, EXHAUST, MANA, WARP, CardInfo
from shardgames.command.events import (
    CardPlayed,
    Exhausted,
    ItemQueued,
    ItemText,
    ManaMade,
    Paid,
    StatusChanged,
)
from shardgames.command.handlers import handlers
from shardgames.command.keywords import ELEMENTS, CardType, Reach, Scope, Trigger
from shardgames.command.objects import (
    ABILITY,
    PLAYERS,
    SPELL,
    TRIGGERED,
    VOLATILE,
    Casting,
    Permanent,
    QueueItem,
)
from shardgames.command.payment import ManaSource, Payment, Wallet, can_pay, find_payment, plain_payment
from shardgames.command.phases import PROCEED, CommandPrompt, Phase
from shardgames.command.rules import fatigued, in_main_window, is_entity, targetable
from shardgames.command.sba import SCRAP, change_integrity, leave_arena

if TYPE_CHECKING:
    from shardgames.command.cards import ShardCost
    from shardgames.command.state import CommandState

__all__ = [
    "activate_ids",
    "apply_activate",
    "apply_choice",
    "apply_element",
    "apply_play",
    "legal_element",
    "legal_sacrifice",
    "legal_target",
    "legal_trench",
    "play_ids",
    "playable",
    "queue_next_trigger",
    "targets_for",
    "wallet",
]

FREE_USES = 3
"""How often an ability without a Shard cost can be activated per turn and source (R21).

Only Warp and Bombard are counted: the other abilities Exhaust their source, and a source Readies
only at its controller's Start Phase, so they are used at most once a turn anyway.
"""

_ON_RESOLVE = Trigger.ON_RESOLVE
_RITE = CardType.RITE


# ---------------------------------------------------------------------- what can pay


def wallet(state: CommandState, seat: int) -> Wallet:
    """What `seat` can pay with now: floating Shards, Unused stones, Ready mana abilities."""
    game = state.game
    sources = []
    for p in state.arena:
        if p.owner != seat or p.exhausted or p.blanked:
            continue
        mana = game.infos[p.kind].mana
        if mana is None or (is_entity(state, p) and fatigued(state, p)):
            continue
        shards, elements = mana
        sources.append(ManaSource(p.id, shards, elements, not is_entity(state, p)))
    floating = state.floating[seat]
    unused = state.unused[seat]
    return Wallet(floating[0], floating[1:], unused[0], unused[1:], tuple(sources))


def _pay(state: CommandState, seat: int, cost: ShardCost, payment: Payment) -> None:
    """Pay: stones slide from Unused to Used, floating Shards are spent and the mana left over floats."""
    stones = (payment.stones_generic, *payment.stones)  # Generic first, like the state's counts
    spent = (payment.floating_generic, *payment.floating)
    made = (payment.float_generic, *payment.float_elemental)
    for source in payment.sources:
        p = state.permanent(source)
        assert p is not None
        p.exhausted = True
    state.floating[seat] = tuple(map(add, map(sub, state.floating[seat], spent), made))
    state.unused[seat] = tuple(map(sub, state.unused[seat], stones))
    state.used[seat] = tuple(map(add, state.used[seat], stones))
    state.emit(Paid(seat, str(cost), stones, payment.filters, payment.sources))


def _uses(state: CommandState, p: Permanent, ability: int) -> int:
    turn, *counts = p.uses
    return counts[ability] if turn == state.turn else 0


def _count_use(state: CommandState, p: Permanent, ability: int) -> None:
    turn, *counts = p.uses
    if turn != state.turn:
        counts = [0, 0, 0, 0]
    counts[ability] += 1
    p.uses = (state.turn, *counts)


# ---------------------------------------------------------------------- targets (R22)


def targets_for(
    state: CommandState, controller: int, elements: int, inst: KeywordInstance, source: int
) -> list[int]:
    """The legal targets of one effect with scope ``single``, as target numbers (its keyword's reach)."""
    reach = inst.keyword.reach
    if reach is Reach.RITE_ON_QUEUE or reach is Reach.OPPOSING_RITE_ON_QUEUE:
        infos = state.game.infos
        return [
            item.source
            for item in state.queue
            if item.kind == SPELL
            and infos[item.design].type is CardType.RITE
            and (reach is Reach.RITE_ON_QUEUE or item.controller != controller)
        ]
    if reach is Reach.SCRAP_CARD:
        return [card for seat in (0, 1) for card in state.scrap[seat]]
    if reach is Reach.OWN_SCRAP_ENTITY:
        infos, kind_of = state.game.infos, state.game.kind_of
        return [card for card in state.scrap[controller] if infos[kind_of[card]].type is CardType.ENTITY]
    entity = state.game.is_entity_kind
    found = [p.id for p in state.arena if entity[p.kind] and targetable(state, p, controller, elements)]
    if reach is Reach.ANY:
        found.extend((PLAYERS, PLAYERS + 1))
    return found


def _slots(effects: tuple[KeywordInstance, ...]) -> tuple[bool, ...]:
    return tuple(inst.scope is Scope.SINGLE for inst in effects)


def _auto_targets(effects: tuple[KeywordInstance, ...], controller: int) -> tuple[int, ...]:
    return tuple(PLAYERS + 1 - controller if inst.scope is Scope.TARGET_OPPONENT else -1 for inst in effects)


def _has_target(
    state: CommandState, controller: int, elements: int, inst: KeywordInstance, source: int
) -> bool:
    """Whether an effect with scope ``single`` has a legal target (`targets_for`, stopping at the first)."""
    reach = inst.keyword.reach
    if reach is Reach.ANY:
        return True  # a player is always a legal target
    if reach is not Reach.ENTITY:
        return bool(targets_for(state, controller, elements, inst, source))
    entity = state.game.is_entity_kind
    for p in state.arena:  # noqa: SIM110 - a loop: any() of a generator costs more on the hot path
        if entity[p.kind] and targetable(state, p, controller, elements):
            return True
    return False


def _all_targets_exist(
    state: CommandState, info: CardInfo, trigger: Trigger, controller: int, source: int
) -> bool:
    for inst in info.effects.get(trigger, ()):
        if inst.scope is Scope.SINGLE and not _has_target(
            state, controller, info.identity_mask, inst, source
        ):
            return False
    return True


# ---------------------------------------------------------------------- playing cards


class _Purse:
    """The wallet of one listing of plays, built on first need, and the costs found payable or not."""

    __slots__ = ("budget", "floating", "most", "payable", "seat", "state", "unused", "wallet")

    def __init__(self, state: CommandState, seat: int) -> None:
        self.state = state
        self.seat = seat
        self.floating = floating = state.floating[seat]
        self.unused = unused = state.unused[seat]
        self.budget = sum(floating) + sum(unused)  # stones and floating Shards
        self.most = -1  # and what the mana abilities add, once the wallet is built
        self.wallet: Wallet | None = None  # with mana abilities: built only when stones are not enough
        self.payable: dict[int, bool] = {}  # by design: hashing a cost would cost more

    def can_pay(self, info: CardInfo) -> bool:
        """Whether the cost of design `info` can be paid (by stones and Shards first, else by the payer).

        Stones and floating Shards that pay each pip without filtering pay it all; the wallet with the
        mana abilities is built once per listing, only when they do not.
        """
        cost = info.cost
        budget = self.budget
        if cost.total <= budget:
            floating, unused = self.floating, self.unused
            for element, pips in cost.pip_items:
                if pips > floating[element + 1] + unused[element + 1]:
                    break
            else:
                return True
        found = self.payable.get(info.kind)
        if found is None:
            if self.wallet is None:
                self.wallet = wallet(self.state, self.seat)
                self.most = budget + sum(source.shards for source in self.wallet.sources)
            found = self.payable[info.kind] = cost.total <= self.most and can_pay(self.wallet, cost)
        return found


def playable(
    state: CommandState,
    seat: int,
    hand: Iterable[int],
    scrap: Iterable[int] = (),
    reasons: dict[int, str] | None = None,
) -> list[int]:
    """The cards of `hand` and, played from the Scrap zone, of `scrap` that `seat` may play now.

    The rules in order (R11, R15, R22, R27): Echo for a card in the Scrap zone, Silence and the timing
    of the card's speed, the additional cost of a sacrifice, a payment, and a legal target for every
    effect of a Rite. Each card that breaks one gets the first it breaks in `reasons`, if given: a
    template naming the card as ``{name} #{card}``, its ``{kind}`` (with its ``{article}``) and its
    ``{cost}``.
    """
    game = state.game
    echo, fast = game.card_echo, game.card_fast
    echoes = [card for card in scrap if echo[card]] if game.echo_decks[seat] else []  # its own cards only
    cards = [*hand, *_keep(reasons, scrap, echoes, _NO_ECHO)]
    if state.silenced[seat] >= state.turn:
        cards = _keep(reasons, cards, [card for card in cards if not fast[card]], _SILENCED)
    if not in_main_window(state, seat):
        cards = _keep(reasons, cards, [card for card in cards if fast[card]], _SORCERY)
    if not cards:
        return cards
    card_info = game.card_info
    can_pay = _Purse(state, seat).can_pay
    legal = []
    for card in cards:
        info = card_info[card]
        if info.sacrifice and not _has_entity(state, seat):
            why = "{name} needs an Entity of yours to sacrifice, and you control none"
        elif not can_pay(info):
            why = "you can't pay {cost} for {name} with what you have"
        elif info.type is _RITE and not _all_targets_exist(state, info, _ON_RESOLVE, seat, card):
            why = "{name} has an effect with no legal target"
        else:
            legal.append(card)
            continue
        if reasons is not None:
            reasons[card] = why
    return legal


def _keep(reasons: dict[int, str] | None, cards: Iterable[int], kept: list[int], why: str) -> list[int]:
    """`kept`, the cards of `cards` a rule allows; each other card gets the rule's reason, if asked for."""
    if reasons is not None:
        reasons.update((card, why) for card in cards if card not in kept)
    return kept


_NO_ECHO = "{name} #{card} is in the Scrap zone, but it has no Echo"
_SILENCED = "you are Silenced: no Fast Speed Rites this turn"
_SORCERY = "{name} is {article} {kind}: it is played only in your Main Phase, with an empty Queue"


def _has_entity(state: CommandState, seat: int) -> bool:
    entity = state.game.is_entity_kind
    for p in state.arena:  # noqa: SIM110 - a loop: any() of a generator costs more on the hot path
        if p.owner == seat and entity[p.kind]:
            return True
    return False


def play_ids(state: CommandState, seat: int) -> list[int]:
    """The ids of the `Play` actions open to the priority holder."""
    base = state.game.id_play
    return [base + card for card in playable(state, seat, state.hands[seat].cards, state.scrap[seat])]


@handlers.apply(Play)
def apply_play(state: CommandState, prompt: CommandPrompt, action: Play) -> None:
    """Start playing a card: it leaves the hand (or Scrap, with Echo); targets and costs follow."""
    seat = prompt.player
    card = action.card
    game = state.game
    kind = game.kind_of[card]
    info = game.infos[kind]
    echo = card in state.scrap[seat]
    if echo:
        state.scrap[seat] = tuple(c for c in state.scrap[seat] if c != card)
    else:
        state.hands[seat].remove(card)
    state.emit(CardPlayed(seat, card, info.name, echo))
    if info.type is CardType.RITE:
        effects = info.effects.get(Trigger.ON_RESOLVE, ())
        item = QueueItem(SPELL, seat, card, kind, Trigger.ON_RESOLVE, _auto_targets(effects, seat), echo)
        slots = _slots(effects)
    else:
        item = QueueItem(SPELL, seat, card, kind, Trigger.STATIC, (), echo)
        slots = ()
    state.casting = Casting(item, slots, play=card, sacrifice=info.sacrifice)
    _continue(state)


# ---------------------------------------------------------------------- activating abilities


ABILITY_NAMES = {EXHAUST: "Exhaust ability", MANA: "mana ability", WARP: "Warp", BOMBARD: "Bombard"}
"""The activated abilities by number, as reasons name them."""


def activate_problem(state: CommandState, seat: int, source: int, ability: int) -> str | None:
    """Why `seat` can't activate ability number `ability` of object `source` now, or ``None``.

    The reason is a template naming the source as ``{name}`` (``your Sovereign`` for the Sovereign),
    the ability as ``{ability_name}`` and, for Warp, its ``{cost}``.
    """
    game = state.game
    if not 0 <= ability < ABILITIES:
        return "ability {ability} does not exist: 0 Exhaust, 1 mana, 2 Warp, 3 Bombard"
    if source == game.sovereign_id(seat):
        return _ability_problem(state, seat, source, game.sovereign_infos[seat], None, ability)
    p = state.permanent(source)
    if p is None or p.owner != seat:
        return "#{source} is not a permanent of yours in the Arena"
    return _ability_problem(state, seat, source, game.infos[p.kind], p, ability)


def _ability_problem(  # noqa: PLR0917 - the source as its number, design and permanent
    state: CommandState, seat: int, source: int, info: CardInfo, p: Permanent | None, ability: int
) -> str | None:
    """The rules of activating one ability of a source of `seat`'s (R10 e, R17, R21)."""
    if ability not in info.activated:
        return "{name} has no {ability_name}"
    if p is None:  # the Sovereign's Exhaust ability
        if state.sovereign_exhausted[seat]:
            return "{name} is Exhausted"
    elif p.blanked:
        return "{name} is Blanked: it has no abilities this turn"
    elif ability == WARP:
        assert info.warp_cost is not None
        if not info.warp_cost.total and _uses(state, p, WARP) >= FREE_USES:
            return _USED_UP
        if find_payment(wallet(state, seat), info.warp_cost) is None:
            return "you can't pay {cost} for {name}'s Warp with what you have"
        return None
    elif ability == BOMBARD:  # a trench counter on an Entity of yours pays, and no Shard cost
        if _uses(state, p, BOMBARD) >= FREE_USES:
            return _USED_UP
        if not any(q.owner == seat and q.trench for q in state.arena):
            return "Bombard needs a trench counter on an Entity of yours, and there is none"
        return None
    elif p.exhausted:
        return "{name} is Exhausted"
    elif is_entity(state, p) and fatigued(state, p):
        return "{name} entered this turn (Deployment Fatigue)"
    if ability == EXHAUST and not _all_targets_exist(state, info, Trigger.ACTIVATED_EXHAUST, seat, source):
        return "{name}'s {ability_name} has an effect with no legal target"
    return None


_USED_UP = "{name}'s {ability_name} was used 3 times this turn (the most without a Shard cost)"


def activate_ids(state: CommandState, seat: int) -> list[int]:
    """The ids of the `Activate` actions open to the priority holder."""
    game = state.game
    infos = game.infos
    activated = game.activated_of
    base = game.id_activate
    ids = []
    for p in state.arena:
        if p.owner == seat and activated[p.kind]:  # most designs have no activated ability
            info = infos[p.kind]
            for ability in info.activated:
                if _ability_problem(state, seat, p.id, info, p, ability) is None:
                    ids.append(base + p.id * ABILITIES + ability)  # noqa: PERF401 - a loop is faster here
    source = game.sovereign_id(seat)
    sovereign = game.sovereign_infos[seat]
    for ability in sovereign.activated:
        if _ability_problem(state, seat, source, sovereign, None, ability) is None:
            ids.append(base + source * ABILITIES + ability)  # noqa: PERF401 - a loop is faster here
    return ids


@handlers.apply(Activate)
def apply_activate(state: CommandState, prompt: CommandPrompt, action: Activate) -> None:
    """Activate an ability: a mana ability at once; the others go on the Queue after targets and costs."""
    seat = prompt.player
    game = state.game
    source = action.source
    p = state.permanent(source)
    info = game.sovereign_infos[seat] if p is None else game.infos[p.kind]
    ability = action.ability
    if ability == MANA:
        assert p is not None
        assert info.mana is not None
        p.exhausted = True
        state.emit(Exhausted(p.id))
        shards, elements = info.mana
        if len(elements) == 2:
            state.element_source = p.id
            state.element_left = shards
            state.ask(seat, Phase.ELEMENT)
            return
        _float(state, seat, p.id, 0 if not elements else elements[0] + 1, shards)
        state.ask(seat, Phase.PRIORITY)
        return
    if ability == EXHAUST:
        effects = info.effects[Trigger.ACTIVATED_EXHAUST]
        item = QueueItem(
            ABILITY,
            seat,
            source,
            info.kind,
            Trigger.ACTIVATED_EXHAUST,
            _auto_targets(effects, seat),
            ability=EXHAUST,
        )
        state.casting = Casting(item, _slots(effects), ability=EXHAUST)
    elif ability == WARP:
        item = QueueItem(ABILITY, seat, source, info.kind, Trigger.ACTIVATED, (-1,), ability=WARP)
        state.casting = Casting(item, (False,), ability=WARP)
    else:  # Bombard
        item = QueueItem(ABILITY, seat, source, info.kind, Trigger.ACTIVATED, (-1,), ability=BOMBARD)
        state.casting = Casting(item, (True,), ability=BOMBARD, trench=True)
    _continue(state)


def _float(state: CommandState, seat: int, source: int, kind: int, shards: int) -> None:
    floating = list(state.floating[seat])
    floating[kind] += shards
    state.floating[seat] = tuple(floating)
    what = "Generic" if kind == 0 else ELEMENTS[kind - 1].label
    state.emit(ManaMade(seat, source, f"{shards} {what} Shard{'s' * (shards != 1)}"))


@handlers.legal(Phase.ELEMENT)
def legal_element(state: CommandState, prompt: CommandPrompt) -> list[int]:
    """The elements a two-element Rock's next Shard may be."""
    p = state.permanent(state.element_source)
    assert p is not None
    mana = state.game.infos[p.kind].mana
    assert mana is not None
    return [state.game.id_element + element for element in mana[1]]


@handlers.apply(ChooseElement)
def apply_element(state: CommandState, prompt: CommandPrompt, action: ChooseElement) -> None:
    """One Shard of the chosen element floats."""
    _float(state, prompt.player, state.element_source, action.element + 1, 1)
    state.element_left -= 1
    if state.element_left:
        state.ask(prompt.player, Phase.ELEMENT)
    else:
        state.element_source = -1
        state.ask(prompt.player, Phase.PRIORITY)


# ---------------------------------------------------------------------- targets and costs, one by one


def _effects_of(state: CommandState, item: QueueItem) -> tuple[KeywordInstance, ...]:
    if item.ability in (WARP, BOMBARD):
        return ()
    return state.game.infos[item.design].effects.get(item.trigger, ())


def _next_slot(casting: Casting) -> int:
    targets = casting.item.targets
    for index, needs in enumerate(casting.slots):
        if needs and targets[index] == -1:
            return index
    return -1


def _slot_targets(state: CommandState, casting: Casting, index: int) -> list[int]:
    item = casting.item
    game = state.game
    if casting.ability == BOMBARD:
        found = [
            p.id
            for p in state.arena
            if is_entity(state, p)
            and targetable(state, p, item.controller, game.infos[item.design].identity_mask)
        ]
        return [*found, PLAYERS, PLAYERS + 1]
    inst = _effects_of(state, item)[index]
    info = (
        game.sovereign_infos[item.controller]
        if item.source == game.sovereign_id(item.controller)
        else game.infos[item.design]
    )
    return targets_for(state, item.controller, info.identity_mask, inst, item.source)


@handlers.legal(Phase.TARGET)
def legal_target(state: CommandState, prompt: CommandPrompt) -> list[int]:
    """The targets of the next effect that needs one."""
    casting = state.casting
    assert casting is not None
    base = state.game.id_target
    return [base + t for t in _slot_targets(state, casting, _next_slot(casting))]


@handlers.legal(Phase.SACRIFICE)
def legal_sacrifice(state: CommandState, prompt: CommandPrompt) -> list[int]:
    """The Entities `player` may sacrifice."""
    player = prompt.player
    base = state.game.id_target
    return [base + p.id for p in state.arena if p.owner == player and is_entity(state, p)]


@handlers.legal(Phase.TRENCH)
def legal_trench(state: CommandState, prompt: CommandPrompt) -> list[int]:
    """The Entities whose trench counter may pay for Bombard."""
    player = prompt.player
    base = state.game.id_target
    return [base + p.id for p in state.arena if p.owner == player and p.trench]


@handlers.apply(ChooseTarget)
def apply_choice(state: CommandState, prompt: CommandPrompt, action: ChooseTarget) -> None:
    """A `ChooseTarget` answers a target, a sacrifice, a trench counter or an attack's target."""
    if prompt.phase is Phase.ATTACK_TARGET:
        combat.apply_attack_target(state, prompt, action)
        return
    casting = state.casting
    assert casting is not None
    if prompt.phase is Phase.TARGET:
        casting.item = casting.item.with_target(_next_slot(casting), action.target)
        if casting.ability == BOMBARD:
            casting.slots = (False,)
    elif prompt.phase is Phase.SACRIFICE:
        p = state.permanent(action.target)
        assert p is not None
        state.emit(StatusChanged(p.id, "sacrificed"))
        leave_arena(state, [p], SCRAP)
        casting.sacrifice = False
    else:  # a trench counter pays for Bombard
        p = state.permanent(action.target)
        assert p is not None
        p.trench -= 1
        state.emit(StatusChanged(p.id, "lost a trench counter"))
        casting.trench = False
    _continue(state)


def _continue(state: CommandState) -> None:
    """Ask for the next target or cost; once all are chosen, pay and put the item on the Queue."""
    casting = state.casting
    assert casting is not None
    item = casting.item
    seat = item.controller
    if casting.trench:
        state.ask(seat, Phase.TRENCH)
        return
    index = _next_slot(casting)
    if index >= 0:
        if item.kind == TRIGGERED and not _slot_targets(state, casting, index):
            casting.item = item.with_target(index, -2)  # no legal target: this effect is skipped
            _continue(state)
            return
        state.ask(seat, Phase.TARGET)
        return
    if casting.sacrifice:
        _pay_shards(state, casting)  # Shards first: a mana ability's Entity may then be the sacrifice
        state.ask(seat, Phase.SACRIFICE)
        return
    _finish(state, casting)


def _pay_shards(state: CommandState, casting: Casting) -> None:
    """Pay a card's Shard cost (and Pay 1 Integrity), once."""
    if casting.paid:
        return
    casting.paid = True
    game = state.game
    item = casting.item
    seat = item.controller
    info = game.infos[item.design]
    payment = plain_payment(state.floating[seat], state.unused[seat], info.cost)
    if payment is None:
        payment = find_payment(wallet(state, seat), info.cost)
    assert payment is not None  # the play was legal: a payment exists
    _pay(state, seat, info.cost, payment)
    if info.pay_integrity:
        change_integrity(state, seat, -1, "Pay 1 Integrity")


def _finish(state: CommandState, casting: Casting) -> None:
    game = state.game
    item = casting.item
    seat = item.controller
    info = game.sovereign_infos[seat] if item.source == game.sovereign_id(seat) else game.infos[item.design]
    if item.kind == SPELL:
        _pay_shards(state, casting)
    elif item.kind == ABILITY:
        if casting.ability == EXHAUST:
            p = state.permanent(item.source)
            if p is None:
                state.sovereign_exhausted[seat] = True
            else:
                p.exhausted = True
            state.emit(Exhausted(item.source))
        elif casting.ability == WARP:
            assert info.warp_cost is not None
            payment = find_payment(wallet(state, seat), info.warp_cost)
            assert payment is not None
            _pay(state, seat, info.warp_cost, payment)
            p = state.permanent(item.source)
            assert p is not None
            _count_use(state, p, WARP)
        else:
            p = state.permanent(item.source)
            assert p is not None
            _count_use(state, p, BOMBARD)
    state.casting = None
    state.queue.append(item)
    state.emit(ItemQueued(seat, describe_item(state, item), len(state.queue)))
    if not state.resolving and item.kind in (SPELL, ABILITY):
        state.priority = 1 - seat  # a new item: priority goes to the other seat, passes start again
        state.passes = 0
    state.push(PROCEED)


_KIND_WORDS = {SPELL: "", ABILITY: " ability", TRIGGERED: " trigger", VOLATILE: " (Volatile sacrifice)"}


def describe_item(state: CommandState, item: QueueItem) -> ItemText:
    """A Queue item as events name it (``str()`` of it: ``Spark #12 (seat 0) -> #31``)."""
    game = state.game
    if item.source == game.sovereign_id(item.controller):
        name = f"sovereign {item.controller}"
    else:
        name = f"{game.infos[item.design].name} #{item.source}"
    targets = tuple(t for t in item.targets if t >= 0)
    return ItemText(name, _KIND_WORDS[item.kind], item.controller, targets)


# ---------------------------------------------------------------------- triggers (R10 c)


def queue_next_trigger(state: CommandState) -> None:
    """Put the next waiting trigger on the Queue: the active player's first (APNAP)."""
    pending = state.pending
    index = next((i for i, entry in enumerate(pending) if entry[0] == state.active), 0)
    controller, source, design, trigger = pending.pop(index)
    if trigger is Trigger.STATIC:  # a Volatile Entity's end-of-turn sacrifice
        item = QueueItem(VOLATILE, controller, source, design, Trigger.END_OF_YOUR_TURN)
        state.casting = Casting(item, ())
    else:
        effects = state.game.infos[design].effects.get(trigger, ())
        item = QueueItem(TRIGGERED, controller, source, design, trigger, _auto_targets(effects, controller))
        state.casting = Casting(item, _slots(effects))
    state.passes = 0  # a new item: the passes start again (priority stays where it is)
    _continue(state)
