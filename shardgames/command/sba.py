"""Moving cards, dealing damage, triggers, and the state-based actions (CMD-36 to 39, R15, R28, R30).

Leaving the Arena is one procedure with its replacements: a token ceases to exist (it reaches no zone),
an Echo-marked card is Obliterated instead of going anywhere else; "whenever another Entity of yours
leaves the Arena" triggers of the controller's *other* permanents fire either way. Entities destroyed
together (one batch of state-based actions) see each other leave.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from shardgames.command.compiled import ARMORED, ENTERS_EXHAUSTED, ENTRENCH, EVADE, VOLATILE, bit
from shardgames.command.events import (
    CardMoved,
    DamageDealt,
    DamagePrevented,
    IntegrityChanged,
    TokenCreated,
)
from shardgames.command.keywords import Trigger
from shardgames.command.objects import MAX_TOKENS, PLAYERS, TOKENS, Permanent
from shardgames.command.rules import durability, immunity, is_entity, keywords

if TYPE_CHECKING:
    from shardgames.command.state import CommandState

__all__ = [
    "change_integrity",
    "check_state",
    "create_token",
    "deal_damage",
    "enter_arena",
    "leave_arena",
    "queue_turn_triggers",
]

_ARMORED = bit(ARMORED)
_EVADE = bit(EVADE)
_ENTRENCH = bit(ENTRENCH)
_ENTERS_EXHAUSTED = bit(ENTERS_EXHAUSTED)

SCRAP, HAND, DECK_TOP, EXILE, OBLITERATED = "Scrap", "hand", "deck top", "exile", "Obliterated"
"""Where a permanent can go when it leaves the Arena."""


def name_of(state: CommandState, card: int) -> str:
    """A card's design name (``token`` for tokens)."""
    if card >= TOKENS:
        return "token"
    return state.game.infos[state.game.kind_of[card]].name


def enter_arena(
    state: CommandState, card: int, owner: int, *, echo: bool = False, source: str = "Queue"
) -> Permanent:
    """Put `card` into the Arena under its owner's control; its "enters" triggers wait to be queued."""
    game = state.game
    kind = game.kind_of[card]
    p = Permanent(card, kind, owner, state.turn)
    p.echo = echo
    state.arena.append(p)
    kws = keywords(state, p)
    if kws & _ENTERS_EXHAUSTED:
        p.exhausted = True
    if kws & _ENTRENCH:
        p.trench = 1
    state.emit(CardMoved(card, game.infos[kind].name, source, "Arena"))
    if game.infos[kind].effects.get(Trigger.ON_DEPLOY):
        state.pending.append((owner, card, kind, Trigger.ON_DEPLOY))
    return p


def create_token(state: CommandState, owner: int) -> Permanent | None:
    """A 1/1 Swarm token for `owner` (R28), or ``None`` when `MAX_TOKENS` tokens exist already."""
    taken = {p.id for p in state.arena if p.token}
    number = next((n for n in range(TOKENS, TOKENS + MAX_TOKENS) if n not in taken), None)
    if number is None:
        return None
    p = Permanent(number, state.game.token_kind, owner, state.turn, token=True)
    state.arena.append(p)
    state.emit(TokenCreated(owner, number))
    return p


def _watchers(state: CommandState, leaving: Sequence[Permanent]) -> None:
    """Queue the "whenever another Entity of yours leaves" triggers for the Entities in `leaving`."""
    infos = state.game.infos
    trigger = Trigger.WHENEVER_ANOTHER_OF_YOURS_LEAVES
    for gone in leaving:
        if not is_entity(state, gone):
            continue
        for p in state.arena:
            if (
                p.owner == gone.owner
                and p.id != gone.id
                and not p.blanked
                and infos[p.kind].effects.get(trigger)
            ):
                state.pending.append((p.owner, p.id, p.kind, trigger))


def leave_arena(state: CommandState, leaving: Sequence[Permanent], dest: str) -> None:
    """Move permanents out of the Arena together, to `dest` (with the token and Echo replacements)."""
    if not leaving:
        return
    _watchers(state, leaving)
    gone = {p.id for p in leaving}
    state.arena = [p for p in state.arena if p.id not in gone]
    combat = state.combat
    if combat is not None:  # its `chosen` is empty here: it fills only between Intercept decisions
        combat.interceptors = tuple(i for i in combat.interceptors if i not in gone)
    for p in leaving:
        _arrive(state, p, dest)


def _arrive(state: CommandState, p: Permanent, dest: str) -> None:
    name = name_of(state, p.id)
    if p.token:
        state.emit(CardMoved(p.id, name, "Arena", "nowhere (a token ceases to exist)"))
        return
    where = OBLITERATED if p.echo else dest
    seat = p.owner
    if where == SCRAP:
        state.scrap[seat] = (*state.scrap[seat], p.id)
    elif where == OBLITERATED:
        state.obliterated[seat] = (*state.obliterated[seat], p.id)
    elif where == HAND:
        state.hands[seat].add(p.id, known=-1)
    elif where == DECK_TOP:
        state.decks[seat].put_top(p.id)
    elif where == EXILE:
        state.exiled = (*state.exiled, p.id)
    state.emit(CardMoved(p.id, name, "Arena", where))


def change_integrity(state: CommandState, seat: int, amount: int, why: str) -> None:
    """Add `amount` (negative: lose) to a player's Integrity; it has no maximum (R23)."""
    if amount:
        before = state.integrity[seat]
        state.integrity[seat] = before + amount
        state.emit(IntegrityChanged(seat, before, before + amount, why))


def deal_damage(  # noqa: PLR0917 - the damage and all that matters about its source
    state: CommandState,
    source: int,
    controller: int,
    elements: int,
    target: int,
    amount: int,
    *,
    combat: bool = False,
    fatal: bool = False,
    siphon: bool = False,
) -> int:
    """Deal damage from `source` (its `elements` as a bit mask) to an Entity or a player.

    Immunity to the source's element prevents it all; then Evade prevents the first damage event of
    the turn and Armored takes 1 off (R14). A Fatal source's combat damage destroys the Entity; Siphon
    heals the source's controller by the damage dealt.

    Returns:
        The damage actually dealt.
    """
    if amount <= 0:
        return 0
    if target >= PLAYERS:
        seat = target - PLAYERS
        change_integrity(state, seat, -amount, f"damage from #{source}")
        state.emit(DamageDealt(source, target, amount, combat))
        dealt = amount
    else:
        p = state.permanent(target)
        if p is None or not is_entity(state, p):
            return 0
        if immunity(state, p) & elements:
            state.emit(DamagePrevented(target, amount, "Immunity"))
            return 0
        kws = keywords(state, p)
        if kws & _EVADE and p.evaded != state.turn:
            p.evaded = state.turn
            state.emit(DamagePrevented(target, amount, "Evade"))
            return 0
        if kws & _ARMORED:
            state.emit(DamagePrevented(target, 1, "Armored"))
            amount -= 1
            if amount <= 0:
                return 0
        p.damage += amount
        state.emit(DamageDealt(source, target, amount, combat))
        if fatal and combat:
            p.doomed = True
        dealt = amount
    if siphon:
        change_integrity(state, controller, dealt, f"Siphon from #{source}")
    return dealt


def check_state(state: CommandState) -> bool:
    """Apply state-based actions until nothing changes (R30); ``False`` if they ended the game."""
    integrity, drew_empty = state.integrity, state.drew_empty
    while integrity[0] > 0 and integrity[1] > 0 and not drew_empty[0] and not drew_empty[1]:
        if not _marked(state.arena):
            return True  # the common case: nobody lost and nothing is damaged
        entity = state.game.is_entity_kind
        dying = [
            p
            for p in state.arena
            if (p.damage or p.doomed) and entity[p.kind] and (p.doomed or p.damage >= durability(state, p))
        ]  # Durability is at least 1 and only grows, so only damaged Entities can die
        if not dying:
            return True
        leave_arena(state, dying, SCRAP)
    losers = [seat for seat in (0, 1) if integrity[seat] <= 0 or drew_empty[seat]]
    if len(losers) == 2:
        state.end_game(None, "both players lost at once")
    else:
        (loser,) = losers
        why = "Integrity 0 or less" if integrity[loser] <= 0 else "drew from an empty deck"
        state.end_game(1 - loser, f"seat {loser} lost: {why}")
    return False


def _marked(arena: list[Permanent]) -> bool:
    """Whether a permanent has damage marked or a Fatal hit waiting."""
    for p in arena:  # noqa: SIM110 - a loop: any() of a generator takes twice as long on short lists
        if p.damage or p.doomed:
            return True
    return False


def queue_turn_triggers(state: CommandState, trigger: Trigger) -> None:
    """Queue the active player's start- or end-of-turn triggers; at the end, Volatile sacrifices too.

    A Volatile Entity is sacrificed at the end of the turn it entered, whoever's turn that is.
    """
    infos = state.game.infos
    volatile = bit(VOLATILE)
    for p in state.arena:
        if p.owner == state.active and not p.blanked and infos[p.kind].effects.get(trigger):
            state.pending.append((p.owner, p.id, p.kind, trigger))
        if trigger is Trigger.END_OF_YOUR_TURN and p.entered == state.turn and keywords(state, p) & volatile:
            state.pending.append((p.owner, p.id, p.kind, Trigger.STATIC))
