"""The Turn Phase around the duels (SOTA-26 to 34, R8 to R11).

Gather, Position and Bolster for every seat, drawing, and the passing of the turn.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from shardgames.kernel.actions import Action
from shardgames.kernel.zones import only
from shardgames.sota.actions import AssignTrait, Draw, DrawCard, Place, PlayAlly, Swap
from shardgames.sota.constants import ALLY, CHARACTER, HAND_MAX, LOCAL_MASK, SEAT_SHIFT, TRAIT
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
    CHANCE_PHASES,
    AskDuel,
    AskPhase,
    BeginTurnPhase,
    Deal,
    EndTurn,
    Phase,
    SotaPrompt,
    handlers,
)

if TYPE_CHECKING:
    from shardgames.sota.state import SotaState


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
    n = len(s.alive)
    following = next((s.active + step) % n for step in range(1, n + 1) if s.alive[(s.active + step) % n])
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
    deck = s.decks[task.seat]
    if task.count <= 0 or len(deck) == 0:
        return
    s.push(Deal(task.seat, task.count - 1, task.phase))
    if deck.needs_chance():
        s.ask_chance(task.phase, task.seat)
    else:
        _to_hand(s, task.seat, deck.draw())


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


@handlers.legal(Phase.GATHER)
def legal_gather(s: SotaState, prompt: SotaPrompt) -> Iterable[int]:
    """SOTA-R9: draw 0 up to min(5 - hand, deck) cards."""
    seat = prompt.player
    most = min(HAND_MAX - len(s.hands[seat]), len(s.decks[seat]))
    return s.game.id_draw[: max(most, 0) + 1]


@handlers.apply(Draw)
def apply_gather(s: SotaState, prompt: SotaPrompt, action: Draw) -> None:
    """T1: draw the chosen number of cards, one at a time."""
    if action.n:
        s.push(Deal(prompt.player, action.n, Phase.GATHER_DRAW))


# ---------------------------------------------------------------------- Position


@handlers.legal(Phase.POSITION)
def legal_position(s: SotaState, prompt: SotaPrompt) -> Iterable[int]:
    """T2 (SOTA-29/30, R10): place a Character in an open position, or swap or pass.

    Placing is compulsory while a position is open; with every position full, a swap is optional.
    """
    game, seat = s.game, prompt.player
    characters = [c & LOCAL_MASK for c in s.hands[seat] if game.card_type[c] == CHARACTER]
    positions = s.seat_slots(seat)
    base = positions.start
    open_slots = [i - base for i in positions if s.slots[i] < 0]
    if open_slots:
        place = game.id_place
        return [place[c][slot] for c in characters for slot in open_slots]
    swap = game.id_swap
    return [game.id_pass, *(swap[slot][c] for slot in range(len(positions)) for c in characters)]


@handlers.apply(Place)
def apply_place(s: SotaState, prompt: SotaPrompt, action: Place) -> None:
    """T2: the Character goes from the hand into the open position."""
    seat = prompt.player
    card = (seat << SEAT_SHIFT) | action.card
    s.hands[seat].remove(card)
    s.slots[s.seat_slots(seat).start + action.slot] = card
    s.emit(CharacterPlaced(seat, card, s.game.names[card], action.slot))


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
    card = (seat << SEAT_SHIFT) | action.card
    s.hands[seat].remove(card)
    s.slots[index] = card
    names = s.game.names
    s.emit(CharacterSwapped(seat, action.slot, returned, names[returned], card, names[card]))


# ---------------------------------------------------------------------- Bolster


@handlers.legal(Phase.BOLSTER)
def legal_bolster(s: SotaState, prompt: SotaPrompt) -> Iterable[int]:
    """SOTA-32/33, R11: play one Ally, or attach one Trait to an own Character without one, or pass."""
    game, seat = s.game, prompt.player
    ids = [game.id_pass]
    free = [i - s.seat_slots(seat).start for i in s.seat_slots(seat) if s.slots[i] >= 0 and s.traits[i] < 0]
    for card in s.hands[seat]:
        kind = game.card_type[card]
        if kind == ALLY:
            ids.append(game.id_play_ally[card & LOCAL_MASK])
        elif kind == TRAIT:
            assign = game.id_assign_trait[card & LOCAL_MASK]
            ids.extend(assign[slot] for slot in free)
    return ids


@handlers.apply(PlayAlly)
def apply_play_ally(s: SotaState, prompt: SotaPrompt, action: PlayAlly) -> None:
    """T3: the Ally goes on top of the Ally Position of its stat."""
    seat = prompt.player
    card = (seat << SEAT_SHIFT) | action.card
    s.hands[seat].remove(card)
    stack = seat * 5 + s.game.ally_stat[card]
    s.allies[stack] = (*s.allies[stack], card)
    s.emit(AllyPlayed(seat, card, s.game.names[card]))


@handlers.apply(AssignTrait)
def apply_assign_trait(s: SotaState, prompt: SotaPrompt, action: AssignTrait) -> None:
    """T3: the Trait goes under the Character in the position."""
    seat = prompt.player
    card = (seat << SEAT_SHIFT) | action.card
    s.hands[seat].remove(card)
    s.traits[s.seat_slots(seat).start + action.slot] = card
    s.emit(TraitAssigned(seat, card, s.game.names[card], action.slot))


# ---------------------------------------------------------------------- why an action is illegal


@handlers.explain(*(phase for phase in Phase if phase not in CHANCE_PHASES))
def explain(s: SotaState, prompt: SotaPrompt, action: Action) -> str | None:
    """A specific reason for the common mistakes; None falls back to the list of legal actions."""
    card = getattr(action, "card", None)
    if isinstance(card, int) and prompt.player >= 0:
        owned = (prompt.player << SEAT_SHIFT) | card
        if owned not in s.hands[prompt.player] and not isinstance(action, Swap):
            return f"card #{card} is not in seat {prompt.player}'s hand"
    if isinstance(action, Place) and prompt.phase is Phase.POSITION:
        return f"Duel Position {action.slot} is not open (a full row swaps instead)"
    return None
