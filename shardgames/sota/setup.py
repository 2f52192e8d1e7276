"""Setup (SOTA-21 to 25, R3, R6, R7): Personas, the opening hands, the redraw and the start roll."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from shardgames.kernel.actions import Action
from shardgames.kernel.state import Task
from shardgames.kernel.zones import Hand, HiddenDeck, only
from shardgames.sota.actions import ChoosePersona, FinishRedraw, KeepHand, Redraw
from shardgames.sota.constants import LOCAL_MASK, OPENING_HAND, PERSONA, SEAT_SHIFT
from shardgames.sota.events import CardPutUnder, PersonaChosen, StartingPlayerChosen, StartRolled
from shardgames.sota.phases import (
    AskPhase,
    BeginTurnPhase,
    Deal,
    Phase,
    SotaPrompt,
    StartRoll,
    handlers,
    off_phase,
)

if TYPE_CHECKING:
    from shardgames.sota.state import SotaState


@handlers.setup
def lay_out(s: SotaState) -> None:
    """A new game: every seat's cards, then the setup steps S1-S4 queued in order."""
    game = s.game
    n = game.num_players
    k = game.duel_positions
    s.slots, s.traits = [-1] * (n * k), [-1] * (n * k)
    s.allies, s.shards, s.removed = [()] * (n * 5), [()] * n, [()] * n
    s.alive = [True] * n
    s.rolls = (0,) * n
    tasks: list[Task] = []
    for seat in range(n):
        cards = game.entries[seat]
        personas = tuple(c for c in cards if game.card_type[c] == PERSONA)
        s.hands.append(Hand(seat))
        s.decks.append(
            HiddenDeck(seat, ((c, game.kind_of[c]) for c in cards if game.card_type[c] != PERSONA))
        )
        if len(personas) == 1:
            (persona,) = personas
            s.persona.append(persona)
            s.options.append(())
            s.emit(PersonaChosen(seat, persona, game.names[persona], ()))
        else:
            s.persona.append(-1)
            s.options.append(personas)
            tasks.append(AskPhase(seat, Phase.PERSONA))
    tasks += [Deal(seat, OPENING_HAND, Phase.DEAL) for seat in range(n)]
    tasks += [AskPhase(seat, Phase.REDRAW) for seat in range(n)]
    tasks.append(StartRoll(tuple(range(n)), 0))
    s.push(*tasks)


@handlers.legal(Phase.PERSONA)
def legal_persona(s: SotaState, prompt: SotaPrompt) -> Iterable[int]:
    """S1: each Persona of the decklist."""
    ids = s.game.id_choose_persona
    return [ids[card & LOCAL_MASK] for card in s.options[prompt.player]]


@handlers.explain(Phase.PERSONA)
def explain_persona(s: SotaState, prompt: SotaPrompt, action: Action) -> str | None:
    """S1: a Persona of the seat's decklist, not yet chosen."""
    if not isinstance(action, ChoosePersona):
        return off_phase(prompt, action, (ChoosePersona,))
    seat = prompt.player
    if ((seat << SEAT_SHIFT) | action.card) not in s.options[seat]:
        return f"card #{action.card} is not one of seat {seat}'s Personas"
    return None


@handlers.apply(ChoosePersona)
def apply_persona(s: SotaState, prompt: SotaPrompt, action: ChoosePersona) -> None:
    """S1: the chosen Persona is played; the others leave the game (SOTA-R3)."""
    seat = prompt.player
    card = (seat << SEAT_SHIFT) | action.card
    others = tuple(c for c in s.options[seat] if c != card)
    s.persona[seat] = card
    s.options[seat] = ()
    s.removed[seat] = (*s.removed[seat], *others)
    s.emit(PersonaChosen(seat, card, s.game.names[card], others))


@handlers.legal(Phase.REDRAW)
def legal_redraw(s: SotaState, prompt: SotaPrompt) -> Iterable[int]:
    """S3: keep the hand, or put a first card under the deck."""
    ids = s.game.id_redraw
    return [s.game.id_keep_hand, *(ids[card & LOCAL_MASK] for card in s.hands[prompt.player])]


@handlers.legal(Phase.REDRAW_MORE)
def legal_redraw_more(s: SotaState, prompt: SotaPrompt) -> Iterable[int]:
    """S3, after the first card: put another card under, or finish."""
    ids = s.game.id_redraw
    return [s.game.id_finish_redraw, *(ids[card & LOCAL_MASK] for card in s.hands[prompt.player])]


@handlers.explain(Phase.REDRAW, Phase.REDRAW_MORE)
def explain_redraw(s: SotaState, prompt: SotaPrompt, action: Action) -> str | None:
    """S3: a card of the hand goes under; keep (before the first card) or finish (after it)."""
    done = KeepHand if prompt.phase is Phase.REDRAW else FinishRedraw
    reason = off_phase(prompt, action, (done, Redraw))
    if reason is None and isinstance(action, Redraw):
        return not_in_hand(s, prompt.player, action.card)
    return reason


def not_in_hand(s: SotaState, seat: int, card: int) -> str | None:
    """Why the card at local index `card` cannot be played from `seat`'s hand, or None if it can."""
    if ((seat << SEAT_SHIFT) | card) in s.hands[seat]:
        return None
    return f"card #{card} is not in seat {seat}'s hand"


def take_from_hand(s: SotaState, seat: int, card: int) -> int:
    """Take the card at local index `card` out of `seat`'s hand; return its instance id."""
    owned = (seat << SEAT_SHIFT) | card
    s.hands[seat].remove(owned)
    return owned


@handlers.apply(KeepHand)
def apply_keep_hand(s: SotaState, prompt: SotaPrompt, action: KeepHand) -> None:
    """Nothing to do: the next seat's redraw decision is queued."""


@handlers.apply(Redraw)
def apply_redraw(s: SotaState, prompt: SotaPrompt, action: Redraw) -> None:
    """SOTA-R6: the card goes under the deck now, known only to its owner; more may follow."""
    seat = prompt.player
    card = take_from_hand(s, seat, action.card)
    s.decks[seat].put_bottom(card, only(seat))
    s.emit(CardPutUnder(seat, card, s.game.names[card]))
    s.ask(seat, Phase.REDRAW_MORE)


@handlers.apply(FinishRedraw)
def apply_finish_redraw(s: SotaState, prompt: SotaPrompt, action: FinishRedraw) -> None:
    """S3: draw from the top back up to five cards."""
    seat = prompt.player
    s.push(Deal(seat, OPENING_HAND - len(s.hands[seat]), Phase.DEAL))


@handlers.run(StartRoll)
def run_start_roll(s: SotaState, task: StartRoll) -> None:
    """SOTA-R7: the seats in `rolling` roll in seat order; the highest starts, ties roll again."""
    if task.index < len(task.rolling):
        s.push(StartRoll(task.rolling, task.index + 1))
        s.ask_chance(Phase.START_ROLL, task.rolling[task.index])
        return
    best = max(s.rolls[seat] for seat in task.rolling)
    winners = tuple(seat for seat in task.rolling if s.rolls[seat] == best)
    if len(winners) > 1:
        s.push(StartRoll(winners, 0))
        return
    (starter,) = winners
    s.emit(StartingPlayerChosen(starter))
    s.push(BeginTurnPhase(starter))


def apply_start_roll(s: SotaState, prompt: SotaPrompt, face: int) -> None:
    """S4: record a start-roll die."""
    rolls = list(s.rolls)
    rolls[prompt.seat] = face
    s.rolls = tuple(rolls)
    s.emit(StartRolled(prompt.seat, face))
