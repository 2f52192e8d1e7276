"""The duel loop (SOTA-35 to 73, R12 to R20).

Choosing the unit, stat and target, the twin response, the dice, the alternating modifier window, and
the resolution of the five duel types.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import product
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
    Pass,
    RespondNormal,
    RespondTwin,
    RollDie,
    UseAlly,
    UsePersonaTrait,
    UseRAlly,
    UseTrait,
)
from shardgames.sota.cards import STATS, PersonaTrait, TraitKind
from shardgames.sota.constants import ALL_STATS, ATTACKER, DEFENDER, PERSONA_BIT
from shardgames.sota.duel_state import Duel, stat_total
from shardgames.sota.events import (
    CardFractured,
    CardReturned,
    DieRolled,
    DuelDeclared,
    DuelResolved,
    ModifierUsed,
    PlayerEliminated,
    TwinResponseChosen,
)
from shardgames.sota.phases import AfterDuel, AskDuel, EndTurn, Mill, Phase, SotaPrompt, handlers, off_phase
from shardgames.sota.setup import apply_start_roll
from shardgames.sota.turn import mill_card

if TYPE_CHECKING:
    from shardgames.sota.state import SotaState

_STAT_TRAITS = (TraitKind.SIPHON, TraitKind.FOCUS)


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
    ids = [game.id_end_turn_phase]
    if not occupied:
        ids.append(game.id_duel_persona)
        return ids
    ids.extend(game.id_duel_with[i] for i in occupied)
    if not s.twin_used >> seat & 1:
        ids.extend(game.id_duel_twins[first][second] for first, second in twin_pairs(s, seat))
    return ids


def occupied_positions(s: SotaState, seat: int) -> list[int]:
    """`seat`'s Duel Positions that hold a Character."""
    positions = s.seat_slots(seat)
    return [i - positions.start for i in positions if s.slots[i] >= 0]


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
    duel = _duel(s)
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
    duel = _duel(s)
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
    game = s.game
    if duel.unit:
        base = s.seat_slots(duel.attacker).start
        sources = [s.traits[base + i] for i in duel.unit]
        sources = [t for t in sources if t >= 0 and game.trait_kind[t] is TraitKind.ENCORE]
    else:
        persona = s.persona[duel.attacker]
        sources = [persona] if game.persona_trait[persona] is PersonaTrait.ENCORE else []
    for source in sources:
        if source not in s.encore_used:
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
    duel = _duel(s)
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
    duel = _duel(s)
    duel.rolled = 0
    s.ask_chance(Phase.DUEL_DIE, duel.attacker)


@handlers.apply(RollDie)
def apply_roll(s: SotaState, prompt: SotaPrompt, action: RollDie) -> None:
    """A die: of the start roll, of a duel, or of a re-roll."""
    if prompt.phase is Phase.START_ROLL:
        apply_start_roll(s, prompt, action.face)
        return
    duel = _duel(s)
    if prompt.phase is Phase.DUEL_DIE:
        duel.dice[duel.rolled] = action.face
        duel.rolled += 1
        s.emit(DieRolled(prompt.seat, action.face, False))
        if duel.rolled < 4:
            s.ask_chance(Phase.DUEL_DIE, duel.attacker if duel.rolled < 2 else duel.defender)
        else:
            duel.to_act, duel.passes = ATTACKER, 0
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


# ---------------------------------------------------------------------- D6: the modifier window


@handlers.legal(Phase.MODIFIERS)
def legal_modifiers(s: SotaState, prompt: SotaPrompt) -> Iterable[int]:
    """D6 (SOTA-39/40, R12, R13, R18): one modifier, or pass.

    A modifier is a Trait or Persona trait of the duelling unit (once each per duel), an Ally of the
    duel stat, or an R-Ally.
    """
    game, seat = s.game, prompt.player
    duel = _duel(s)
    ids = [game.id_pass]
    unit = duel.slots_of(duel.to_act)
    ids.extend(game.id_use_trait[slot] for slot in unit if trait_problem(s, duel, seat, slot) is None)
    if not unit and persona_problem(s, duel, seat) is None:
        ids.append(game.id_use_persona)
    stacks = s.allies[seat * 5 : seat * 5 + 5]
    value = game.ally_value
    if stacks[duel.stat]:
        ids.extend(game.id_use_ally[v] for v in sorted({value[c] for c in stacks[duel.stat]}))
    if all(stacks):
        choices = [sorted({value[c] for c in stack}) for stack in stacks]
        r_ally = game.id_r_ally
        ids.extend(r_ally[combo] for combo in product(*choices))
    return ids


def trait_problem(s: SotaState, duel: Duel, seat: int, slot: int) -> str | None:
    """Why the acting side cannot use the Trait in its Duel Position `slot` now, or None if it can.

    SOTA-39, D4: a Trait of the duelling unit, once per duel; Encore is passive; Siphon and Focus act
    only in a duel of their stat.
    """
    side = duel.to_act
    if slot not in duel.slots_of(side):
        return f"Duel Position {slot} is not in seat {seat}'s duelling unit"
    game = s.game
    trait = s.traits[s.seat_slots(seat).start + slot]
    if trait < 0:
        return f"the Character in Duel Position {slot} holds no Trait"
    if duel.used >> (side * 8 + slot) & 1:
        return f"the Trait in Duel Position {slot} has been used in this duel"
    kind = game.trait_kind[trait]
    if kind is TraitKind.ENCORE:
        return "Encore is passive: it is never used in the modifier window"
    if kind in _STAT_TRAITS and game.trait_stat[trait] != duel.stat:
        return f"{game.names[trait]} acts only in a duel of {STATS[game.trait_stat[trait]].value}"
    return None


def persona_problem(s: SotaState, duel: Duel, seat: int) -> str | None:
    """Why the acting side cannot use its Persona's trait now, or None if it can (SOTA-39, D5)."""
    side = duel.to_act
    if duel.slots_of(side):
        return f"seat {seat} duels with Characters: only a duelling Persona's trait can be used"
    if duel.used >> (side * 8 + PERSONA_BIT) & 1:
        return "the Persona's trait has been used in this duel"
    if s.game.persona_trait[s.persona[seat]] is PersonaTrait.ENCORE:
        return "Encore is passive: it is never used in the modifier window"
    return None


def ally_problem(s: SotaState, seat: int, stat: int, value: int) -> str | None:
    """Why `seat` has no Ally of `value` for `stat` in play, or None if it has one (SOTA-R12)."""
    if any(s.game.ally_value[card] == value for card in s.allies[seat * 5 + stat]):
        return None
    return f"seat {seat} has no +{value} Ally of {STATS[stat].value} in its Ally Positions"


@handlers.explain(Phase.MODIFIERS)
def explain_modifiers(s: SotaState, prompt: SotaPrompt, action: Action) -> str | None:
    """D6: a Trait or Persona trait of the unit, an Ally of the duel stat, an R-Ally, or a pass."""
    reason = off_phase(prompt, action, (Pass, UseTrait, UsePersonaTrait, UseAlly, UseRAlly))
    duel, seat = _duel(s), prompt.player
    if isinstance(action, UseTrait):
        reason = trait_problem(s, duel, seat, action.slot)
    elif isinstance(action, UsePersonaTrait):
        reason = persona_problem(s, duel, seat)
    elif isinstance(action, UseAlly):
        reason = ally_problem(s, seat, duel.stat, action.value)
    elif isinstance(action, UseRAlly):
        values = (action.agility, action.vitality, action.luck, action.magic, action.charisma)
        problems = (ally_problem(s, seat, stat, value) for stat, value in enumerate(values))
        reason = next((p for p in problems if p is not None), None)
    return reason


#: What each ability does: (own total, opposing total, who re-rolls: "own", "opposing" or None, text).
_TRAIT_EFFECTS = {
    TraitKind.SIPHON: (2, -2, None, "own total +2, opposing total -2"),
    TraitKind.FOCUS: (3, 0, None, "own total +3"),
    TraitKind.GRIT: (1, 0, None, "own total +1"),
    TraitKind.FORTUNE: (0, 0, "own", "re-roll own dice"),
    TraitKind.HEX: (0, 0, "opposing", "the opposing duellist re-rolls"),
}
_PERSONA_EFFECTS = {
    PersonaTrait.FLOURISH: (2, 0, None, "own total +2"),
    PersonaTrait.CRITIQUE: (0, -2, None, "opposing total -2"),
    PersonaTrait.MUSE: (0, 0, "own", "re-roll own dice"),
}


@handlers.apply(UseTrait, UsePersonaTrait, UseAlly, UseRAlly)
def apply_modifier(s: SotaState, prompt: SotaPrompt, action: Action) -> None:
    """Use one modifier; the window then passes to the other duellist (SOTA-R18)."""
    game = s.game
    duel = _duel(s)
    side, seat = duel.to_act, prompt.player
    other = 1 - side
    if isinstance(action, UseTrait):
        duel.used |= 1 << (side * 8 + action.slot)
        trait = s.traits[s.seat_slots(seat).start + action.slot]
        kind = game.trait_kind[trait]
        assert kind is not None
        source = f"{game.names[trait]} ({kind.value})"
        own, opposing, rerolls, effect = _TRAIT_EFFECTS[kind]
    elif isinstance(action, UsePersonaTrait):
        duel.used |= 1 << (side * 8 + PERSONA_BIT)
        persona = s.persona[seat]
        persona_trait = game.persona_trait[persona]
        assert persona_trait is not None
        source = f"{game.names[persona]} ({persona_trait.value})"
        own, opposing, rerolls, effect = _PERSONA_EFFECTS[persona_trait]
    elif isinstance(action, UseAlly):
        card = _take_ally(s, seat, duel.stat, action.value)
        duel.spent[side] = (*duel.spent[side], card)
        source, own, opposing, rerolls, effect = game.names[card], action.value, 0, None, f"+{action.value}"
    else:
        assert isinstance(action, UseRAlly)
        values = (action.agility, action.vitality, action.luck, action.magic, action.charisma)
        cards = tuple(_take_ally(s, seat, stat, value) for stat, value in enumerate(values))
        duel.spent[side] = (*duel.spent[side], *cards)
        source, own, opposing, rerolls, effect = "R-Ally", 5, 0, None, "+5, five allies spent"
    duel.bonus[side] += own
    duel.bonus[other] += opposing
    s.emit(ModifierUsed(seat, source, effect))
    duel.passes = 0
    duel.to_act = other
    if rerolls is not None:
        duel.reroll_side = side if rerolls == "own" else other
        duel.reroll_left = 2
        s.ask_chance(Phase.REROLL_DIE, duel.seat_of(duel.reroll_side))
    else:
        s.ask(duel.seat_of(other), Phase.MODIFIERS)


def _take_ally(s: SotaState, seat: int, stat: int, value: int) -> int:
    """Take the topmost Ally of `value` from `seat`'s stack of `stat`."""
    index = seat * 5 + stat
    stack = s.allies[index]
    values = s.game.ally_value
    position = max(i for i, card in enumerate(stack) if values[card] == value)
    s.allies[index] = stack[:position] + stack[position + 1 :]
    return stack[position]


@handlers.apply(Pass)
def apply_pass(s: SotaState, prompt: SotaPrompt, action: Pass) -> None:
    """A pass: nothing happens in Position or Bolster; two in succession close the modifier window (R18)."""
    if prompt.phase is not Phase.MODIFIERS:
        return
    duel = _duel(s)
    duel.passes += 1
    if duel.passes >= 2:
        _resolve(s, duel)
        return
    duel.to_act = 1 - duel.to_act
    s.ask(duel.seat_of(duel.to_act), Phase.MODIFIERS)


# ---------------------------------------------------------------------- D7: resolution


def _resolve(s: SotaState, duel: Duel) -> None:
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
    deck = s.decks[task.seat]
    if task.count <= 0 or len(deck) == 0:
        return
    s.push(Mill(task.seat, task.count - 1))
    if deck.needs_chance():
        s.ask_chance(Phase.MILL, task.seat)
    else:
        mill_card(s, task.seat, deck.draw())


@handlers.run(AfterDuel)
def run_after_duel(s: SotaState, task: AfterDuel) -> None:
    """The end of D7, after the mills.

    Spent Allies go to the Fractured Shards, the twin flags are set, a player whose Persona lost with
    an empty deck is out (SOTA-R2), then the next duel or the end of the Turn Phase.
    """
    duel = _duel(s)
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
    loser = -1
    if duel.winner == DEFENDER and not duel.unit:
        loser = duel.attacker
    elif duel.winner == ATTACKER and not duel.target:
        loser = duel.defender
    if loser >= 0 and len(s.decks[loser]) == 0:
        _eliminate(s, loser)
        if s.is_terminal():
            return
    if duel.winner == DEFENDER or not s.alive[duel.attacker]:
        s.push(EndTurn())
    else:
        s.push(AskDuel())


def _eliminate(s: SotaState, seat: int) -> None:
    """SOTA-75, R1, R2: the fractured Persona's player is out and its cards leave the game."""
    s.alive[seat] = False
    cards = [s.persona[seat], *s.hands[seat].cards, *s.decks[seat].cards(), *s.shards[seat]]
    for index in s.seat_slots(seat):
        cards += [c for c in (s.slots[index], s.traits[index]) if c >= 0]
        s.slots[index] = s.traits[index] = -1
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
        s.end_game(remaining[0], f"seat {remaining[0]} is the last with a persona")


def _duel(s: SotaState) -> Duel:
    duel = s.duel
    assert duel is not None, "no duel in progress"
    return duel
