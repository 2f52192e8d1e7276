"""The duel loop (SOTA-35 to 73, R12 to R20).

Choosing the unit, stat and target, the twin response, the dice, the alternating modifier window, and
the resolution of the five duel types.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from shardgames.kernel.actions import Action
from shardgames.kernel.zones import EVERYONE
from shardgames.sota.actions import (
    ChooseStat,
    ChooseTarget,
    DuelWith,
    DuelWithPersona,
    DuelWithTwins,
    EndTurnPhase,
    RespondNormal,
    RespondTwin,
    RollDie,
)
from shardgames.sota.cards import STATS
from shardgames.sota.constants import ALL_STATS, ATTACKER, DEFENDER
from shardgames.sota.duel_state import Duel, stat_total
from shardgames.sota.events import (
    CardFractured,
    CardReturned,
    DieRolled,
    DuelDeclared,
    DuelResolved,
    PlayerEliminated,
    TwinResponseChosen,
)
from shardgames.sota.phases import AfterDuel, AskDuel, EndTurn, Mill, Phase, SotaPrompt, handlers, off_phase
from shardgames.sota.setup import apply_start_roll
from shardgames.sota.turn import mill_card, take_next

if TYPE_CHECKING:
    from shardgames.sota.state import SotaState


# ---------------------------------------------------------------------- D1: the unit


@handlers.run(AskDuel)
def run_ask_duel(s: SotaState, task: AskDuel) -> None:
    """D1: the next duel, unless all five stats are used (SOTA-36, DX5)."""
    if s.used_stats == ALL_STATS:
        s.push(EndTurn())
    else:
        s.ask(s.active, Phase.DUEL_UNIT)


def twin_pairs(s: SotaState, seat: int) -> list[tuple[int, int]]:
    """The pairs of matching twins in `seat`'s Duel Positions, as (first, second) positions."""
    base = s.seat_slots(seat).start
    return s.game.twin_pairs(s.slots[base : base + s.game.duel_positions])


@handlers.legal(Phase.DUEL_UNIT)
def legal_unit(s: SotaState, prompt: SotaPrompt) -> Iterable[int]:
    """D1 (SOTA-35, 47, R15): a Character, a twin pair, or the Persona; or end the Turn Phase.

    A twin pair duels once per Turn Phase; the Persona only when no Character is in position.
    """
    game, seat = s.game, prompt.player
    occupied = occupied_positions(s, seat)
    if not occupied:
        return (game.id_end_turn_phase, game.id_duel_persona)
    ids = [game.id_end_turn_phase, *(game.id_duel_with[i] for i in occupied)]
    if not s.twin_used >> seat & 1:
        ids.extend(game.id_duel_twins[first][second] for first, second in twin_pairs(s, seat))
    return ids


def occupied_positions(s: SotaState, seat: int) -> list[int]:
    """`seat`'s Duel Positions that hold a Character."""
    k = s.game.duel_positions
    base, slots = seat * k, s.slots
    return [i for i in range(k) if slots[base + i] >= 0]


@handlers.explain(Phase.DUEL_UNIT)
def explain_unit(s: SotaState, prompt: SotaPrompt, action: Action) -> str | None:
    """D1: a Character in position, a twin pair not yet used this Turn Phase, or the Persona alone."""
    seat = prompt.player
    reason = off_phase(prompt, action, (DuelWith, DuelWithTwins, DuelWithPersona, EndTurnPhase))
    occupied = occupied_positions(s, seat)
    if isinstance(action, DuelWithPersona) and occupied:
        reason = "a Persona duels only when no Character is in a Duel Position (SOTA-R15)"
    elif isinstance(action, DuelWith) and action.slot not in occupied:
        reason = f"no Character of seat {seat} is in Duel Position {action.slot}"
    elif isinstance(action, DuelWithTwins):
        if (action.slot, action.partner) not in twin_pairs(s, seat):
            reason = f"Duel Positions {action.slot} and {action.partner} do not hold a twin pair"
        elif s.twin_used >> seat & 1:
            reason = f"seat {seat} has taken part in a Twin Duel this Turn Phase (SOTA-47)"
    return reason


@handlers.apply(DuelWith, DuelWithTwins, DuelWithPersona)
def apply_unit(s: SotaState, prompt: SotaPrompt, action: Action) -> None:
    """D1: the unit is chosen; the stat comes next."""
    seat = prompt.player
    if isinstance(action, DuelWith):
        unit: tuple[int, ...] = (action.slot,)
    elif isinstance(action, DuelWithTwins):
        unit = (action.slot, action.partner)
    else:
        unit = ()
    s.duel = Duel(attacker=seat, unit=unit)
    s.ask(seat, Phase.DUEL_STAT)


@handlers.apply(EndTurnPhase)
def apply_end_turn_phase(s: SotaState, prompt: SotaPrompt, action: Action) -> None:
    """End the Turn Phase instead of declaring another duel (SOTA-R15)."""
    s.push(EndTurn())


# ---------------------------------------------------------------------- D2, D3: stat and target


@handlers.legal(Phase.DUEL_STAT)
def legal_stat(s: SotaState, prompt: SotaPrompt) -> Iterable[int]:
    """SOTA-36, R14: each stat once per Turn Phase."""
    used = s.used_stats
    ids = s.game.id_choose_stat
    return [ids[i] for i in range(5) if not used >> i & 1]


@handlers.explain(Phase.DUEL_STAT)
def explain_stat(s: SotaState, prompt: SotaPrompt, action: Action) -> str | None:
    """SOTA-36, R14: a stat not used this Turn Phase."""
    reason = off_phase(prompt, action, (ChooseStat,))
    if isinstance(action, ChooseStat) and s.used_stats >> action.stat.ordinal & 1:
        reason = f"{action.stat.value} has been used this Turn Phase (SOTA-36)"
    return reason


@handlers.apply(ChooseStat)
def apply_stat(s: SotaState, prompt: SotaPrompt, action: ChooseStat) -> None:
    """D2: the stat is chosen; the target comes next."""
    duel = duel_of(s)
    duel.stat = action.stat.ordinal
    s.ask(prompt.player, Phase.DUEL_TARGET)


@handlers.legal(Phase.DUEL_TARGET)
def legal_target(s: SotaState, prompt: SotaPrompt) -> Iterable[int]:
    """SOTA-37, R1: any remaining opponent's Characters; its Persona only when it has none."""
    ids: list[int] = []
    k = s.game.duel_positions
    for other in s.order_from(prompt.player)[1:]:
        row = s.game.id_target[other]
        ids.extend([row[i] for i in occupied_positions(s, other)] or (row[k],))
    return ids


@handlers.explain(Phase.DUEL_TARGET)
def explain_target(s: SotaState, prompt: SotaPrompt, action: Action) -> str | None:
    """SOTA-37, R1: a Character of an opponent still in the game; its Persona only when it has none."""
    reason = off_phase(prompt, action, (ChooseTarget,))
    if not isinstance(action, ChooseTarget):
        return reason
    if action.seat not in s.order_from(prompt.player)[1:]:
        return f"seat {action.seat} is not an opponent still in the game"
    occupied = occupied_positions(s, action.seat)
    if action.slot is None and occupied:
        return f"seat {action.seat} has Characters in position: its Persona cannot be targeted (SOTA-37)"
    if action.slot is not None and action.slot not in occupied:
        return f"no Character of seat {action.seat} is in Duel Position {action.slot}"
    return None


@handlers.apply(ChooseTarget)
def apply_target(s: SotaState, prompt: SotaPrompt, action: ChooseTarget) -> None:
    """D3: the stat is spent (unless an Encore saves it), then the twin response or the dice."""
    duel = duel_of(s)
    duel.defender = action.seat
    duel.target = () if action.slot is None else (action.slot,)
    _spend_stat(s, duel)
    s.emit(_declaration(s, duel))
    if action.slot is not None and not s.twin_used >> action.seat & 1:
        partner = _partner(s, action.seat, action.slot)
        if partner is not None:
            s.ask(action.seat, Phase.TWIN_RESPONSE)
            return
    _roll_dice(s)


def _spend_stat(s: SotaState, duel: Duel) -> None:
    """SOTA-R14 and Encore (D4 T6, D5): one unused Encore of the duelling unit saves the stat."""
    trait_of = s.game.trait_of
    if duel.unit:
        base = s.seat_slots(duel.attacker).start
        sources = [s.traits[base + i] for i in duel.unit]
    else:
        sources = [s.persona[duel.attacker]]
    for source in sources:
        trait = trait_of[source] if source >= 0 else None
        if trait is not None and trait.keeps_stat and source not in s.encore_used:
            s.encore_used = (*s.encore_used, source)
            return
    s.used_stats |= 1 << duel.stat


def _partner(s: SotaState, seat: int, slot: int) -> int | None:
    for first, second in twin_pairs(s, seat):
        if slot in (first, second):
            return second if slot == first else first
    return None


def _kind(duel: Duel) -> str:
    if duel.unit and duel.target:
        return "Twin Character Duel" if len(duel.unit) == 2 else "Character Duel"
    if duel.unit:
        return "Persona Duel"
    return "Persona vs Character Duel" if duel.target else "Persona vs Persona Duel"


def _unit_names(s: SotaState, seat: int, slots: tuple[int, ...]) -> tuple[str, ...]:
    names = s.game.names
    if not slots:
        return (names[s.persona[seat]],)
    base = s.seat_slots(seat).start
    return tuple(names[s.slots[base + i]] for i in slots)


def _declaration(s: SotaState, duel: Duel) -> DuelDeclared:
    return DuelDeclared(
        attacker=duel.attacker,
        unit=_unit_names(s, duel.attacker, duel.unit),
        stat=STATS[duel.stat].value,
        defender=duel.defender,
        target=_unit_names(s, duel.defender, duel.target),
        kind=_kind(duel),
    )


# ---------------------------------------------------------------------- D4, D5: twin response and dice


@handlers.legal(Phase.TWIN_RESPONSE)
def legal_twin_response(s: SotaState, prompt: SotaPrompt) -> Iterable[int]:
    """D4: answer with both twins, or with the targeted twin alone."""
    return (s.game.id_respond_twin, s.game.id_respond_normal)


@handlers.explain(Phase.TWIN_RESPONSE)
def explain_twin_response(s: SotaState, prompt: SotaPrompt, action: Action) -> str | None:
    """D4: both twins, or the targeted twin alone."""
    return off_phase(prompt, action, (RespondTwin, RespondNormal))


@handlers.apply(RespondTwin, RespondNormal)
def apply_twin_response(s: SotaState, prompt: SotaPrompt, action: Action) -> None:
    """SOTA-49, R17(c): before any die is rolled, the defender answers with both twins or not."""
    duel = duel_of(s)
    twins = isinstance(action, RespondTwin)
    if twins:
        slot = duel.target[0]
        partner = _partner(s, duel.defender, slot)
        assert partner is not None
        duel.target = tuple(sorted((slot, partner)))
    s.emit(TwinResponseChosen(prompt.player, twins))
    _roll_dice(s)


def _roll_dice(s: SotaState) -> None:
    """D5: the attacker's 2D6, then the defender's (SOTA-38, R18)."""
    s.ask_chance(Phase.DUEL_DIE, duel_of(s).attacker)  # a new duel has no die rolled yet


@handlers.apply(RollDie)
def apply_roll(s: SotaState, prompt: SotaPrompt, action: RollDie) -> None:
    """A die: of the start roll, of a duel, or of a re-roll."""
    if prompt.phase is Phase.START_ROLL:
        apply_start_roll(s, prompt, action.face)
        return
    duel = duel_of(s)
    if prompt.phase is Phase.DUEL_DIE:
        duel.dice[duel.rolled] = action.face
        duel.rolled += 1
        s.emit(DieRolled(prompt.seat, action.face, False))
        if duel.rolled < 4:
            s.ask_chance(Phase.DUEL_DIE, duel.attacker if duel.rolled < 2 else duel.defender)
        else:  # the window opens with the attacker to act, as a duel starts (checks.py holds it to that)
            s.ask(duel.attacker, Phase.MODIFIERS)
        return
    side = duel.reroll_side
    duel.dice[side * 2 + 2 - duel.reroll_left] = action.face
    duel.reroll_left -= 1
    s.emit(DieRolled(prompt.seat, action.face, True))
    if duel.reroll_left:
        s.ask_chance(Phase.REROLL_DIE, prompt.seat)
    else:
        duel.reroll_side = -1
        s.ask(duel.seat_of(duel.to_act), Phase.MODIFIERS)


# ---------------------------------------------------------------------- D7: resolution


def resolve(s: SotaState, duel: Duel) -> None:
    """The D7 outcome table."""
    attack, defend = stat_total(s, duel, ATTACKER), stat_total(s, duel, DEFENDER)
    duel.totals = (attack, defend)
    a, d = duel.attacker, duel.defender
    duel.winner = ATTACKER if attack > defend else DEFENDER if defend > attack else -1
    winner_seat = None if duel.winner < 0 else duel.seat_of(duel.winner)
    s.emit(DuelResolved(a, d, attack, defend, winner_seat))
    tasks: list[Mill | AfterDuel] = []
    if duel.winner == ATTACKER:
        if duel.target:
            _fracture(s, d, duel.target)
        else:
            tasks.append(Mill(d, attack - defend))
    elif duel.winner == DEFENDER:
        if duel.unit:
            _fracture(s, a, duel.unit)
        else:
            tasks.append(Mill(a, defend - attack))
    else:  # SOTA-46, 57, 63, 69, R16: Characters go under their decks, then each duellist mills one
        _return_to_bottom(s, a, duel.unit)
        _return_to_bottom(s, d, duel.target)
        tasks += [Mill(a, 1), Mill(d, 1)]
    tasks.append(AfterDuel())
    s.push(*tasks)


def _fracture(s: SotaState, seat: int, slots: tuple[int, ...]) -> None:
    """SOTA-17, 50: each Character of the unit, then its Trait, to the owner's Fractured Shards."""
    base = s.seat_slots(seat).start
    names = s.game.names
    for slot in slots:
        for index_list in (s.slots, s.traits):
            card = index_list[base + slot]
            if card >= 0:
                s.to_shards(card)
                index_list[base + slot] = -1
                s.emit(CardFractured(seat, card, names[card]))


def _return_to_bottom(s: SotaState, seat: int, slots: tuple[int, ...]) -> None:
    """SOTA-18, R16: in Duel Position order, each Character and then its Trait go under the deck."""
    base = s.seat_slots(seat).start
    names = s.game.names
    deck = s.decks[seat]
    for slot in slots:
        for index_list in (s.slots, s.traits):
            card = index_list[base + slot]
            if card >= 0:
                deck.put_bottom(card, EVERYONE)
                index_list[base + slot] = -1
                s.emit(CardReturned(seat, card, names[card]))


@handlers.run(Mill)
def run_mill(s: SotaState, task: Mill) -> None:
    """Move cards from the top of a deck to the Fractured Shards, one at a time.

    A mill larger than the deck moves what there is (SOTA-R20).
    """
    take_next(s, task, Phase.MILL, mill_card)


@handlers.run(AfterDuel)
def run_after_duel(s: SotaState, task: AfterDuel) -> None:
    """The end of D7, after the mills.

    Spent Allies go to the Fractured Shards, the twin flags are set, a player whose Persona lost with
    an empty deck is out (SOTA-R2), then the next duel or the end of the Turn Phase.
    """
    duel = duel_of(s)
    names = s.game.names
    for side in (ATTACKER, DEFENDER):
        for card in duel.spent[side]:
            s.to_shards(card)
            s.emit(CardFractured(duel.seat_of(side), card, names[card]))
    if len(duel.unit) == 2:
        s.twin_used |= 1 << duel.attacker
    if len(duel.target) == 2:
        s.twin_used |= 1 << duel.defender
    s.duel = None
    loser = None  # a Persona that lost
    if duel.winner == DEFENDER and not duel.unit:
        loser = duel.attacker
    elif duel.winner == ATTACKER and not duel.target:
        loser = duel.defender
    if loser is not None and len(s.decks[loser]) == 0:
        _eliminate(s, loser)  # the game may be over: the kernel then runs no more tasks
    if duel.winner == DEFENDER or not s.alive[duel.attacker]:
        s.push(EndTurn())
    else:
        s.push(AskDuel())


def _eliminate(s: SotaState, seat: int) -> None:
    """SOTA-75, R1, R2: the fractured Persona's player is out and its cards leave the game."""
    s.alive[seat] = False
    # Only a duelling Persona is fractured, and a Persona duels only with no Character in position
    # (SOTA-37, R15): the seat's Duel Positions are empty.
    assert all(s.slots[index] < 0 for index in s.seat_slots(seat))
    cards = [s.persona[seat], *s.hands[seat].cards, *s.decks[seat].cards(), *s.shards[seat]]
    for stat in range(5):
        cards.extend(s.allies[seat * 5 + stat])
        s.allies[seat * 5 + stat] = ()
    s.hands[seat].cards, s.hands[seat].known = [], []
    s.persona[seat] = -1
    s.shards[seat] = ()
    s.removed[seat] = (*s.removed[seat], *cards)
    s.emit(PlayerEliminated(seat))
    remaining = [other for other, alive in enumerate(s.alive) if alive]
    if len(remaining) == 1:
        (last,) = remaining
        s.end_game(last, f"seat {last} is the last with a persona")


def duel_of(s: SotaState) -> Duel:
    """The duel in progress (the rules ask for it only while there is one)."""
    duel = s.duel
    assert duel is not None, "no duel in progress"
    return duel
