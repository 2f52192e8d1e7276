"""The Turn Phase around the duels (SOTA-26 to 34, R8 to R11).

Gather, Position and Bolster for every seat, drawing, and the passing of the turn.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from shardgames.kernel.actions import Action
from shardgames.kernel.zones import only
from shardgames.sota.actions import AssignTrait, Draw, DrawCard, Pass, Place, PlayAlly, Swap
from shardgames.sota.constants import ALLY, CHARACTER, HAND_MAX, LOCAL_MASK, PERSONA, TRAIT
from shardgames.sota.events import (
    AllyPlayed,
    CardDrawn,
    CardMilled,
    CharacterPlaced,
    CharacterSwapped,
    TraitAssigned,
    TurnPhaseBegan,
    TurnPhaseEnded,
)
from shardgames.sota.phases import (
    AskDuel,
    AskPhase,
    BeginTurnPhase,
    Deal,
    EndTurn,
    Mill,
    Phase,
    SotaPrompt,
    handlers,
    off_phase,
)
from shardgames.sota.setup import not_in_hand, take_from_hand

if TYPE_CHECKING:
    from shardgames.sota.state import SotaState

_TYPE_NAMES = {PERSONA: "a Persona", CHARACTER: "a Character", ALLY: "an Ally", TRAIT: "a Trait"}


# ---------------------------------------------------------------------- the Turn Phase frame


@handlers.run(BeginTurnPhase)
def run_begin_turn_phase(s: SotaState, task: BeginTurnPhase) -> None:
    """T0: reset the Turn Phase counters, then every seat's Gather, Position and Bolster (SOTA-R8)."""
    if not s.begin_turn():  # the turn cap (SOTA-R21) ended the game in a draw
        return
    s.active = task.seat
    s.used_stats = 0
    s.twin_used = 0
    s.encore_used = ()
    s.emit(TurnPhaseBegan(task.seat, s.turn))
    order = s.order_from(task.seat)
    steps: list[AskPhase | AskDuel] = []
    if s.turn > 1:  # SOTA-28: no Gather in the first Turn Phase
        steps += [AskPhase(seat, Phase.GATHER) for seat in order]
    steps += [AskPhase(seat, Phase.POSITION) for seat in order]
    steps += [AskPhase(seat, Phase.BOLSTER) for seat in order]
    steps.append(AskDuel())
    s.push(*steps)


@handlers.run(EndTurn)
def run_end_turn(s: SotaState, task: EndTurn) -> None:
    """T9: the next remaining seat in seat order becomes active (SOTA-74, R1)."""
    s.emit(TurnPhaseEnded(s.active))
    following = s.order_from((s.active + 1) % len(s.alive))[0]
    s.push(BeginTurnPhase(following))


@handlers.run(AskPhase)
def run_ask_phase(s: SotaState, task: AskPhase) -> None:
    """Ask a seat for its decision; Position is skipped without a Character in hand (SOTA-31)."""
    if task.phase is Phase.POSITION and not any(s.game.card_type[c] == CHARACTER for c in s.hands[task.seat]):
        return
    s.ask(task.seat, task.phase)


# ---------------------------------------------------------------------- drawing


@handlers.run(Deal)
def run_deal(s: SotaState, task: Deal) -> None:
    """Draw `count` cards one at a time; a card from the unknown part of the deck is a chance node."""
    take_next(s, task, task.phase, _to_hand)


def take_next(
    s: SotaState, task: Deal | Mill, phase: Phase, take: Callable[[SotaState, int, int], None]
) -> None:
    """Take the next of `task.count` cards from the top of `task.seat`'s deck with `take`; queue the rest.

    A card from the unknown part of the deck is a chance node of `phase` (`apply_draw_card` takes it);
    an empty deck ends the task.
    """
    deck = s.decks[task.seat]
    if task.count <= 0 or len(deck) == 0:
        return
    s.push(
        Deal(task.seat, task.count - 1, task.phase)
        if isinstance(task, Deal)
        else Mill(task.seat, task.count - 1)
    )
    if deck.needs_chance():
        s.ask_chance(phase, task.seat)
    else:
        take(s, task.seat, deck.draw())


@handlers.apply(DrawCard)
def apply_draw_card(s: SotaState, prompt: SotaPrompt, action: DrawCard) -> None:
    """A card drawn from the unknown part of a deck: into the hand, or milled."""
    card = s.decks[prompt.seat].draw(action.kind)
    if prompt.phase is Phase.MILL:
        mill_card(s, prompt.seat, card)
    else:
        _to_hand(s, prompt.seat, card)


def _to_hand(s: SotaState, seat: int, card: int) -> None:
    s.hands[seat].add(card)
    s.emit(CardDrawn(seat, card, s.game.names[card]))


def mill_card(s: SotaState, seat: int, card: int) -> None:
    """Put a card taken from the top of `seat`'s deck on its Fractured Shards."""
    s.to_shards(card)
    s.emit(CardMilled(seat, card, s.game.names[card]))


# ---------------------------------------------------------------------- Gather


def most_to_draw(s: SotaState, seat: int) -> int:
    """SOTA-R9: how many cards `seat` may gather: up to a hand of five, no more than the deck holds."""
    return min(HAND_MAX - len(s.hands[seat]), len(s.decks[seat]))  # a hand holds at most five


@handlers.legal(Phase.GATHER)
def legal_gather(s: SotaState, prompt: SotaPrompt) -> Iterable[int]:
    """SOTA-R9: draw 0 up to `most_to_draw` cards."""
    return s.game.id_draw[: most_to_draw(s, prompt.player) + 1]


@handlers.explain(Phase.GATHER)
def explain_gather(s: SotaState, prompt: SotaPrompt, action: Action) -> str | None:
    """SOTA-R9: no more than `most_to_draw` cards."""
    if not isinstance(action, Draw):
        return off_phase(prompt, action, (Draw,))
    most = most_to_draw(s, prompt.player)
    if action.n > most:
        return f"seat {prompt.player} may draw at most {most} (up to a hand of {HAND_MAX}, from its deck)"
    return None


@handlers.apply(Draw)
def apply_gather(s: SotaState, prompt: SotaPrompt, action: Draw) -> None:
    """T1: draw the chosen number of cards, one at a time."""
    if action.n:
        s.push(Deal(prompt.player, action.n, Phase.GATHER_DRAW))


# ---------------------------------------------------------------------- Position


def hand_of_type(s: SotaState, seat: int, card_type: int) -> list[int]:
    """The local indices of the cards of `card_type` (`constants.CHARACTER`...) in `seat`'s hand."""
    types = s.game.card_type
    return [card & LOCAL_MASK for card in s.hands[seat] if types[card] == card_type]


def hand_of_types(s: SotaState, seat: int, first: int, second: int) -> tuple[list[int], list[int]]:
    """`hand_of_type` for two card types at once, in one pass over the hand."""
    types = s.game.card_type
    ones: list[int] = []
    others: list[int] = []
    for card in s.hands[seat]:
        kind = types[card]
        if kind == first:
            ones.append(card & LOCAL_MASK)
        elif kind == second:
            others.append(card & LOCAL_MASK)
    return ones, others


def not_of_type(s: SotaState, seat: int, card: int, card_type: int) -> str | None:
    """Why the card at local index `card` is not a card of `card_type` in `seat`'s hand, or None."""
    if card in hand_of_type(s, seat, card_type):
        return None
    return not_in_hand(s, seat, card) or f"card #{card} is not {_TYPE_NAMES[card_type]}"


def open_positions(s: SotaState, seat: int) -> list[int]:
    """`seat`'s open Duel Positions (no Character in them)."""
    k = s.game.duel_positions
    base, slots = seat * k, s.slots
    return [i for i in range(k) if slots[base + i] < 0]


@handlers.legal(Phase.POSITION)
def legal_position(s: SotaState, prompt: SotaPrompt) -> Iterable[int]:
    """T2 (SOTA-29/30, R10): place a Character in an open position, or swap or pass.

    Placing is compulsory while a position is open; with every position full, a swap is optional.
    """
    game, seat = s.game, prompt.player
    characters = hand_of_type(s, seat, CHARACTER)
    open_slots = open_positions(s, seat)
    if open_slots:
        place = game.id_place
        return [place[c][slot] for c in characters for slot in open_slots]
    swap = game.id_swap
    return [game.id_pass, *(swap[slot][c] for slot in range(game.duel_positions) for c in characters)]


@handlers.explain(Phase.POSITION)
def explain_position(s: SotaState, prompt: SotaPrompt, action: Action) -> str | None:
    """T2: a Character from the hand into an open position; only with none open, a swap or a pass."""
    seat = prompt.player
    open_slots = open_positions(s, seat)
    reason = off_phase(prompt, action, (Place,) if open_slots else (Swap, Pass))
    if reason is not None:
        if open_slots and isinstance(action, Swap | Pass):
            return f"Duel Positions {open_slots} are open: placing a Character is compulsory (SOTA-29)"
        if isinstance(action, Place):
            return f"Duel Position {action.slot} is not open (a full row swaps instead)"
        return reason
    if isinstance(action, Place | Swap):
        problem = not_of_type(s, seat, action.card, CHARACTER)
        if problem is None and isinstance(action, Place) and action.slot not in open_slots:
            return f"Duel Position {action.slot} is not open"
        return problem
    return None


@handlers.apply(Place, AssignTrait)
def apply_to_position(s: SotaState, prompt: SotaPrompt, action: Place | AssignTrait) -> None:
    """T2: a Character goes from the hand into the open position; T3: a Trait goes under the Character."""
    seat = prompt.player
    card = take_from_hand(s, seat, action.card)
    zone, event = (s.slots, CharacterPlaced) if isinstance(action, Place) else (s.traits, TraitAssigned)
    zone[s.seat_slots(seat).start + action.slot] = card
    s.emit(event(seat, card, s.game.names[card], action.slot))


@handlers.apply(Swap)
def apply_swap(s: SotaState, prompt: SotaPrompt, action: Swap) -> None:
    """SOTA-R10: the returned Character, then its Trait, go under the deck; the new one takes its place.

    The returned cards are known to their owner only (SOTA-R22).
    """
    seat = prompt.player
    index = s.seat_slots(seat).start + action.slot
    returned, trait = s.slots[index], s.traits[index]
    deck = s.decks[seat]
    deck.put_bottom(returned, only(seat))
    if trait >= 0:
        deck.put_bottom(trait, only(seat))
        s.traits[index] = -1
    card = take_from_hand(s, seat, action.card)
    s.slots[index] = card
    names = s.game.names
    s.emit(CharacterSwapped(seat, action.slot, returned, names[returned], card, names[card]))


# ---------------------------------------------------------------------- Bolster


def trait_free_positions(s: SotaState, seat: int) -> list[int]:
    """`seat`'s Duel Positions whose Character holds no Trait yet (SOTA-16, R11)."""
    k = s.game.duel_positions
    base, slots, traits = seat * k, s.slots, s.traits
    return [i for i in range(k) if slots[base + i] >= 0 and traits[base + i] < 0]


@handlers.legal(Phase.BOLSTER)
def legal_bolster(s: SotaState, prompt: SotaPrompt) -> Iterable[int]:
    """SOTA-32/33, R11: play one Ally, or attach one Trait to an own Character without one, or pass."""
    game, seat = s.game, prompt.player
    ids = [game.id_pass]
    allies, traits = hand_of_types(s, seat, ALLY, TRAIT)
    play_ally = game.id_play_ally
    ids += [play_ally[card] for card in allies]
    if traits:
        free = trait_free_positions(s, seat)
        if free:
            assign_trait = game.id_assign_trait
            for card in traits:
                assign = assign_trait[card]
                ids += [assign[slot] for slot in free]
    return ids


@handlers.explain(Phase.BOLSTER)
def explain_bolster(s: SotaState, prompt: SotaPrompt, action: Action) -> str | None:
    """T3: an Ally from the hand, a Trait from the hand onto an own Character without one, or a pass."""
    reason = off_phase(prompt, action, (PlayAlly, AssignTrait, Pass))
    seat = prompt.player
    if isinstance(action, PlayAlly):
        reason = not_of_type(s, seat, action.card, ALLY)
    elif isinstance(action, AssignTrait):
        reason = not_of_type(s, seat, action.card, TRAIT)
        if reason is None and action.slot not in trait_free_positions(s, seat):
            reason = f"Duel Position {action.slot} holds no Character without a Trait (SOTA-16, R11)"
    return reason


@handlers.apply(PlayAlly)
def apply_play_ally(s: SotaState, prompt: SotaPrompt, action: PlayAlly) -> None:
    """T3: the Ally goes on top of the Ally Position of its stat."""
    seat = prompt.player
    card = take_from_hand(s, seat, action.card)
    stack = seat * 5 + s.game.ally_stat[card]
    s.allies[stack] = (*s.allies[stack], card)
    s.emit(AllyPlayed(seat, card, s.game.names[card]))
