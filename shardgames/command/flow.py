"""The flow of a game: setup, the turn's phases and steps, drawing, and the priority loop (CMD-7 to 26).

After every action the `Proceed` task carries the game on (R10, R30): state-based actions; then
triggered abilities waiting to go on the Queue (the active player's first, so the opponent's resolve
first; each chooses its targets as it goes on); then the Queue if it is resolving (the whole Queue, top
first, triggers joining on top); then priority, or the next step of the turn when the step is over.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from shardgames.command import combat, play, resolve, sba
from shardgames.command.actions import BottomCard, Charge, DrawCard, FinishRedraw, FirstPlayer, Pass
from shardgames.command.compiled import RECKLESS, bit
from shardgames.command.events import (
    CardDrawn,
    DeckEmpty,
    FirstPlayerChosen,
    PriorityPassed,
    Readied,
    RedrawFinished,
    StatusChanged,
    StepBegan,
    StoneCharged,
    TurnBegan,
)
from shardgames.command.handlers import handlers
from shardgames.command.keywords import ELEMENTS, Trigger
from shardgames.command.objects import DECK_STRIDE, NO_STONES, STONE_KINDS
from shardgames.command.phases import (
    CHARGES_PER_TURN,
    DRAW_PER_TURN,
    HAND_LIMIT,
    OPENING_HAND,
    PROCEED,
    QUEUE_GUARD,
    UNTIL_EMPTY,
    AfterRedraw,
    AskRedraw,
    BeginTurn,
    CommandPrompt,
    DrawCards,
    EndTurn,
    FinishTurn,
    Phase,
    Proceed,
    Step,
    TurnTriggers,
)
from shardgames.command.rules import can_attack, in_main_window, keywords
from shardgames.kernel.zones import Hand, HiddenDeck

if TYPE_CHECKING:
    from shardgames.command.state import CommandState

__all__ = [
    "apply_bottom_card",
    "apply_charge",
    "apply_draw",
    "apply_finish_redraw",
    "apply_first_player",
    "apply_pass",
    "chargeable",
    "lay_out",
    "legal_priority",
    "legal_redraw",
    "pass_problem",
    "run_after_redraw",
    "run_begin_turn",
    "run_draw_cards",
    "run_end_turn",
    "run_proceed",
]

_RECKLESS = bit(RECKLESS)


# ---------------------------------------------------------------------- setup (S0, S1)


@handlers.setup
def lay_out(state: CommandState) -> None:
    """Integrity, decks, stones in the Pool; then the coin flip (R7, R8)."""
    game = state.game
    state.hands = [Hand(seat) for seat in (0, 1)]
    state.decks = [
        HiddenDeck(seat, [(card, game.kind_of[card]) for card in game.deck_cards[seat]]) for seat in (0, 1)
    ]
    state.integrity = [game.integrity, game.integrity]
    state.pool = [game.stones[0], game.stones[1]]
    state.ask_chance(Phase.COIN, -1)


@handlers.apply(FirstPlayer)
def apply_first_player(state: CommandState, prompt: CommandPrompt, action: FirstPlayer) -> None:
    """The coin names the starting player; both draw 5, then the Tactical Redraws."""
    first = action.seat
    state.first = first
    state.emit(FirstPlayerChosen(first))
    state.push(DrawCards(first, OPENING_HAND), DrawCards(1 - first, OPENING_HAND), AskRedraw(first))


@handlers.legal(Phase.REDRAW)
def legal_redraw(state: CommandState, prompt: CommandPrompt) -> Iterable[int]:
    """Finish, or put one more hand card under."""
    player = prompt.player
    game = state.game
    ids = [game.id_finish_redraw]
    ids.extend(game.id_bottom + card for card in state.hands[player])
    return ids


@handlers.apply(BottomCard)
def apply_bottom_card(state: CommandState, prompt: CommandPrompt, action: BottomCard) -> None:
    """Put a hand card on the bottom of the deck (only its owner knows which)."""
    seat = prompt.player
    card = action.card
    state.hands[seat].remove(card)
    state.decks[seat].put_bottom(card, known=1 << seat)
    state.redrawn[seat] += 1
    state.ask(seat, Phase.REDRAW)


@handlers.apply(FinishRedraw)
def apply_finish_redraw(state: CommandState, prompt: CommandPrompt, action: FinishRedraw) -> None:
    """Draw as many cards as went under, then shuffle (CMD-12, R8)."""
    seat = prompt.player
    state.push(DrawCards(seat, state.redrawn[seat]), AfterRedraw(seat))


@handlers.run(AfterRedraw)
def run_after_redraw(state: CommandState, task: AfterRedraw) -> None:
    """Shuffle the deck; then the other seat redraws, or the first turn begins."""
    seat = task.seat
    count = state.redrawn[seat]
    if count:
        state.decks[seat].shuffle(state.game.kind_of.__getitem__)
    state.emit(RedrawFinished(seat, count))
    if seat == state.first:
        state.push(AskRedraw(1 - seat))
    else:
        state.push(BeginTurn(state.first))


# ---------------------------------------------------------------------- drawing


@handlers.run(DrawCards)
def run_draw_cards(state: CommandState, task: DrawCards) -> None:
    """Draw the next card: from the known top at once, from the unknown part by chance."""
    if task.count <= 0 or state.is_terminal():
        return
    deck = state.decks[task.seat]
    if not len(deck):
        state.drew_empty[task.seat] = True
        state.emit(DeckEmpty(task.seat))
        return
    if task.count > 1:
        state.push(DrawCards(task.seat, task.count - 1))
    if deck.needs_chance():
        state.ask_chance(Phase.DRAW, task.seat)
    else:
        _take(state, task.seat, deck.draw())


@handlers.apply(DrawCard)
def apply_draw(state: CommandState, prompt: CommandPrompt, action: DrawCard) -> None:
    """Chance: the drawn card is of design `action.kind` (or, for Foresight, the card looked at)."""
    deck = state.decks[prompt.seat]
    if prompt.phase is Phase.REVEAL:
        resolve.revealed(state, prompt.seat, deck.reveal_next(action.kind, 1 << prompt.seat))
        return
    _take(state, prompt.seat, deck.draw(action.kind))


def _take(state: CommandState, seat: int, card: int) -> None:
    state.hands[seat].add(card)
    state.emit(CardDrawn(seat, card, state.game.infos[state.game.kind_of[card]].name))


# ---------------------------------------------------------------------- the turn (T1, E1..E4)


@handlers.run(BeginTurn)
def run_begin_turn(state: CommandState, task: BeginTurn) -> None:
    """The Start Phase (R31): Ready, stones back, Warped cards return, draw 2, start triggers."""
    seat = task.seat
    if not state.begin_turn():
        return
    state.active = seat
    state.step = Step.START
    state.priority = seat
    state.passes = 0
    state.charged[seat] = 0
    state.resolutions = 0
    state.emit(TurnBegan(state.turn, seat))
    readied = []
    for p in state.arena:
        if p.owner != seat:
            continue
        if p.frozen:
            p.frozen = False
            state.emit(StatusChanged(p.id, "stays Exhausted (Frozen)"))
        elif p.exhausted:
            p.exhausted = False
            readied.append(p.id)
    if state.sovereign_exhausted[seat]:
        state.sovereign_exhausted[seat] = False
        readied.append(state.game.sovereign_id(seat))
    state.emit(Readied(seat, tuple(readied)))
    used = state.used[seat]
    if any(used):
        state.unused[seat] = tuple(a + b for a, b in zip(state.unused[seat], used, strict=True))
        state.used[seat] = (0,) * len(used)
    if state.exiled:
        back, state.exiled = state.exiled, ()
        for card in back:
            sba.enter_arena(state, card, card // DECK_STRIDE, source="exile")
    draws = 0 if state.turn == 1 else DRAW_PER_TURN
    state.push(DrawCards(seat, draws), TurnTriggers(Trigger.START_OF_YOUR_TURN), PROCEED)


def _end_main(state: CommandState) -> None:
    """The Main Phase is over: end-of-turn triggers (E1)."""
    state.step = Step.END
    state.priority, state.passes = state.active, 0
    state.emit(StepBegan(state.active, "end"))
    sba.queue_turn_triggers(state, Trigger.END_OF_YOUR_TURN)
    state.push(PROCEED)


@handlers.run(EndTurn)
def run_end_turn(state: CommandState, task: EndTurn) -> None:
    """E2, E3: clear all marked damage, then the active player discards down to 7."""
    for p in state.arena:
        p.damage = 0
        p.doomed = False
    excess = len(state.hands[task.seat]) - HAND_LIMIT
    state.push(FinishTurn(task.seat))
    if excess > 0:
        state.discard_seat = task.seat
        state.discard_left = excess
        state.ask(task.seat, Phase.DISCARD)


@handlers.run(FinishTurn)
def run_finish_turn(state: CommandState, task: FinishTurn) -> None:
    """E4: until-end-of-turn effects and floating Shards expire; then the other seat's turn."""
    for p in state.arena:
        if p.submerged or p.blanked:
            p.submerged = 0
            p.blanked = False
    state.floating = [NO_STONES, NO_STONES]
    state.push(BeginTurn(1 - task.seat))


# ---------------------------------------------------------------------- the priority loop (R10)


@handlers.legal(Phase.PRIORITY)
def legal_priority(state: CommandState, prompt: CommandPrompt) -> Iterable[int]:
    """Everything the priority holder may do now."""
    player = prompt.player
    game = state.game
    ids = play.play_ids(state, player)
    ids.extend(play.activate_ids(state, player))
    if in_main_window(state, player):
        base = game.id_charge
        ids.extend([base + kind for kind in chargeable(state, player)])
        ids.extend(combat.attack_ids(state, player))
    if pass_problem(state, player) is None:
        ids.append(game.id_pass)
    return ids


def chargeable(state: CommandState, seat: int, reasons: dict[int, str] | None = None) -> list[int]:
    """The kinds of stone (0 Generic, then the elements) `seat` may charge now, from its Pool.

    The rules in order: only the active player, in its Main Phase with an empty Queue; at most
    `CHARGES_PER_TURN` a turn; a stone of that kind in the Pool. Each kind that breaks one gets the
    first it breaks in `reasons`, if given.
    """
    if not in_main_window(state, seat):
        why = "stones are charged only by the active player in the Main Phase, with an empty Queue"
    elif state.charged[seat] >= CHARGES_PER_TURN:
        why = "two stones were charged this turn already (the most per turn)"
    else:
        pool = state.pool[seat]
        if reasons is not None:
            reasons.update(
                (kind, "the Pool holds no stone of that kind")
                for kind in range(STONE_KINDS)
                if not pool[kind]
            )
        return [kind for kind, stones in enumerate(pool) if stones]
    if reasons is not None:
        reasons.update((kind, why) for kind in range(STONE_KINDS))
    return []


def pass_problem(state: CommandState, seat: int) -> str | None:
    """Why `seat` can't pass now, or ``None``: a Reckless Entity that can still attack must (R12)."""
    if state.game.reckless[seat] and in_main_window(state, seat) and _reckless_waits(state, seat):
        return "a Reckless Entity can still attack: the Main Phase can't end before it does"
    return None


def _reckless_waits(state: CommandState, player: int) -> bool:
    """Whether a Reckless Entity of the active player could still attack (R12): no passing then."""
    for p in state.arena:
        if p.owner == player and keywords(state, p) & _RECKLESS and can_attack(state, p):
            return True
    return False


@handlers.apply(Charge)
def apply_charge(state: CommandState, prompt: CommandPrompt, action: Charge) -> None:
    """Slide a stone from the Pool to Unused (at most 2 a turn)."""
    seat = prompt.player
    kind = action.element + 1
    pool = list(state.pool[seat])
    unused = list(state.unused[seat])
    pool[kind] -= 1
    unused[kind] += 1
    state.pool[seat] = tuple(pool)
    state.unused[seat] = tuple(unused)
    state.charged[seat] += 1
    state.emit(StoneCharged(seat, "Generic" if kind == 0 else ELEMENTS[kind - 1].label))
    state.ask(seat, Phase.PRIORITY)


@handlers.apply(Pass)
def apply_pass(state: CommandState, prompt: CommandPrompt, action: Pass) -> None:
    """Pass priority: two passes in succession resolve the Queue, or end the step (R10 c, d)."""
    seat = prompt.player
    state.emit(PriorityPassed(seat))
    if state.queue and state.game.one_pass:
        state.resolving = True  # the Dreamtides reading: one pass resolves the top item
        state.push(PROCEED)
        return
    state.passes += 1
    if state.passes < 2:
        state.priority = 1 - seat
        state.ask(state.priority, Phase.PRIORITY)
        return
    state.passes = 0
    if state.queue:
        state.resolving = True
    else:
        _step_over(state)
        return
    state.push(PROCEED)


def _step_over(state: CommandState) -> None:
    """Both passed with an empty Queue: the step ends (R10 d)."""
    if state.step is Step.MAIN:
        _end_main(state)
    elif state.step is Step.COMBAT:
        combat.combat_damage(state)
        state.push(PROCEED)
    else:  # pragma: no cover - the other steps end when their Queue is empty
        raise AssertionError(f"both passed in step {state.step}")


@handlers.run(Proceed)
def run_proceed(state: CommandState, task: Proceed) -> None:
    """Carry the game on (see the module docstring)."""
    if state.is_terminal() or not sba.check_state(state):
        return
    if state.pending:
        play.queue_next_trigger(state)
        return
    if state.queue and state.resolving:
        if state.resolutions >= QUEUE_GUARD:
            resolve.abandon_queue(state)
            state.pending.clear()
            state.resolving = False
            state.step = Step.END
            state.emit(StepBegan(state.active, "end (the Queue guard stopped a loop)"))
            state.push(EndTurn(state.active))  # straight to the clean-up: no more triggers this turn
            return
        state.resolutions += 1
        if state.game.one_pass:
            state.resolving = False
            state.priority, state.passes = state.active, 0
        state.push(PROCEED)  # after the item's own steps, which resolve_top queues on top of this
        resolve.resolve_top(state)
        return
    if state.resolving:
        state.resolving = False
        state.priority, state.passes = state.active, 0
    if not state.queue and state.step in UNTIL_EMPTY:
        _until_empty_over(state)
        return
    state.ask(state.priority, Phase.PRIORITY)


def _until_empty_over(state: CommandState) -> None:
    """A step that ends as soon as its Queue is empty moves on (T1 -> M, C1 -> C2, E1 -> E2)."""
    if state.step is Step.START:
        state.step = Step.MAIN
        state.priority, state.passes = state.active, 0
        state.emit(StepBegan(state.active, "main"))
        state.ask(state.active, Phase.PRIORITY)
    elif state.step is Step.ATTACK:
        combat.ask_intercept(state)
    else:
        state.push(EndTurn(state.active))


# ---------------------------------------------------------------------- queued steps


@handlers.run(TurnTriggers)
def run_turn_triggers(state: CommandState, task: TurnTriggers) -> None:
    """Queue the start- or end-of-turn triggers of the active player."""
    sba.queue_turn_triggers(state, task.trigger)


@handlers.run(AskRedraw)
def run_ask_redraw(state: CommandState, task: AskRedraw) -> None:
    """Ask a seat for its Tactical Redraw."""
    state.redrawn[task.seat] = 0
    state.ask(task.seat, Phase.REDRAW)
