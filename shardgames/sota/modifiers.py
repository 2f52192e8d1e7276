"""The modifier window of a duel (D6: SOTA-39/40, R12, R13, R18).

The two duellists alternate, the attacker first; each uses one modifier or passes, and two passes in
succession close the window and resolve the duel. A modifier is the Trait of a Character of the
duelling unit or the trait of a duelling Persona (each once per duel, as its registered `Trait`'s
hooks allow: see `shardgames.sota.traits`), an Ally of the duel stat, or an R-Ally.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import product
from typing import TYPE_CHECKING

from shardgames.kernel.actions import Action
from shardgames.sota.actions import Pass, UseAlly, UsePersonaTrait, UseRAlly, UseTrait
from shardgames.sota.cards import STATS
from shardgames.sota.constants import PERSONA_BIT
from shardgames.sota.duel import duel_of, resolve
from shardgames.sota.duel_state import Duel
from shardgames.sota.events import ModifierUsed
from shardgames.sota.phases import Phase, SotaPrompt, handlers, off_phase
from shardgames.sota.traits import Modifier, TraitUse, no_condition

if TYPE_CHECKING:
    from shardgames.sota.state import SotaState

__all__ = ["ally_problem", "trait_problem"]


@handlers.legal(Phase.MODIFIERS)
def legal_modifiers(s: SotaState, prompt: SotaPrompt) -> Iterable[int]:
    """D6: one modifier, or pass (see the module docstring)."""
    game, seat = s.game, prompt.player
    duel = duel_of(s)
    ids = [game.id_pass]
    unit = duel.slots_of(duel.to_act)
    if unit:
        use_trait = game.id_use_trait
        ids += [use_trait[slot] for slot in unit if trait_problem(s, duel, seat, slot) is None]
    elif trait_problem(s, duel, seat, None) is None:
        ids.append(game.id_use_persona)
    stacks = s.allies[seat * 5 : seat * 5 + 5]
    value = game.ally_value
    stack = stacks[duel.stat]
    if stack:
        use_ally = game.id_use_ally
        ids += [use_ally[v] for v in sorted({value[c] for c in stack})]
    if all(stacks):
        choices = [sorted({value[c] for c in stack}) for stack in stacks]
        r_ally = game.id_r_ally
        ids += [r_ally[combo] for combo in product(*choices)]
    return ids


def _trait_card(s: SotaState, duel: Duel, seat: int, slot: int | None) -> int | str:
    """The card whose trait the acting side would use from Duel Position `slot` (None: its Persona).

    A reason instead when there is no such trait, or when it has been used in this duel.
    """
    side = duel.to_act
    unit = duel.slots_of(side)
    if slot is None:
        if unit:
            return f"seat {seat} duels with Characters: only a duelling Persona's trait can be used"
        card, bit = s.persona[seat], PERSONA_BIT
    else:
        if slot not in unit:
            return f"Duel Position {slot} is not in seat {seat}'s duelling unit"
        card, bit = s.traits[seat * s.game.duel_positions + slot], slot
        if card < 0:
            return f"the Character in Duel Position {slot} holds no Trait"
    if duel.used >> (side * 8 + bit) & 1:
        return f"{s.game.names[card]} has been used in this duel"
    return card


def _trait_use(s: SotaState, duel: Duel, seat: int, card: int) -> TraitUse:
    return TraitUse(s, duel, duel.to_act, seat, card, s.game.trait_stat[card])


def trait_problem(s: SotaState, duel: Duel, seat: int, slot: int | None) -> str | None:
    """Why the acting side cannot use the trait of its Duel Position `slot` (None: its Persona) now.

    SOTA-39, D4, D5: a trait of the duelling unit, once per duel; a passive trait never; a trait with
    a stat parameter only in a duel of its stat; then whatever the trait's own condition says.
    None when it can be used.
    """
    card = _trait_card(s, duel, seat, slot)
    if isinstance(card, str):
        return card
    game = s.game
    trait = game.trait_of[card]
    assert trait is not None
    if trait.use is None:
        return f"{game.names[card]} ({trait.name}) is passive: it is never used in the modifier window"
    stat = game.trait_stat[card]
    if trait.takes_stat and stat != duel.stat:
        return f"{game.names[card]} acts only in a duel of {STATS[stat].value}"
    if trait.condition is no_condition:  # the starter traits: no TraitUse to build on the hot path
        return None
    return trait.condition(_trait_use(s, duel, seat, card))


def ally_problem(s: SotaState, seat: int, stat: int, value: int) -> str | None:
    """Why `seat` has no Ally of `value` for `stat` in play, or None if it has one (SOTA-R12)."""
    if any(s.game.ally_value[card] == value for card in s.allies[seat * 5 + stat]):
        return None
    return f"seat {seat} has no +{value} Ally of {STATS[stat].value} in its Ally Positions"


@handlers.explain(Phase.MODIFIERS)
def explain_modifiers(s: SotaState, prompt: SotaPrompt, action: Action) -> str | None:
    """D6: a Trait or Persona trait of the unit, an Ally of the duel stat, an R-Ally, or a pass."""
    reason = off_phase(prompt, action, (Pass, UseTrait, UsePersonaTrait, UseAlly, UseRAlly))
    duel, seat = duel_of(s), prompt.player
    if isinstance(action, UseTrait | UsePersonaTrait):
        reason = trait_problem(s, duel, seat, action.slot if isinstance(action, UseTrait) else None)
    elif isinstance(action, UseAlly):
        reason = ally_problem(s, seat, duel.stat, action.value)
    elif isinstance(action, UseRAlly):
        values = (action.agility, action.vitality, action.luck, action.magic, action.charisma)
        problems = (ally_problem(s, seat, stat, value) for stat, value in enumerate(values))
        reason = next((p for p in problems if p is not None), None)
    return reason


@handlers.apply(UseTrait, UsePersonaTrait, UseAlly, UseRAlly)
def apply_modifier(s: SotaState, prompt: SotaPrompt, action: Action) -> None:
    """Use one modifier; the window then passes to the other duellist (SOTA-R18)."""
    game = s.game
    duel = duel_of(s)
    side, seat = duel.to_act, prompt.player
    other = 1 - side
    if isinstance(action, UseTrait | UsePersonaTrait):
        slot = action.slot if isinstance(action, UseTrait) else None
        card = _trait_card(s, duel, seat, slot)
        assert not isinstance(card, str), card
        duel.used |= 1 << (side * 8 + (PERSONA_BIT if slot is None else slot))
        trait = game.trait_of[card]
        assert trait is not None
        source = f"{game.names[card]} ({trait.name})"
        use = trait.use
        assert use is not None, f"{trait.name} is passive"
        modifier = use if isinstance(use, Modifier) else use(_trait_use(s, duel, seat, card))
    elif isinstance(action, UseAlly):
        card = _take_ally(s, seat, duel.stat, action.value)
        duel.spent[side] = (*duel.spent[side], card)
        source, modifier = game.names[card], Modifier(own=action.value, text=f"+{action.value}")
    else:
        assert isinstance(action, UseRAlly)
        values = (action.agility, action.vitality, action.luck, action.magic, action.charisma)
        cards = tuple(_take_ally(s, seat, stat, value) for stat, value in enumerate(values))
        duel.spent[side] = (*duel.spent[side], *cards)
        source, modifier = "R-Ally", Modifier(own=5, text="+5, five allies spent")
    duel.bonus[side] += modifier.own
    duel.bonus[other] += modifier.opposing
    s.emit(ModifierUsed(seat, source, modifier.text))
    duel.passes = 0
    duel.to_act = other
    if modifier.reroll is not None:
        duel.reroll_side = side if modifier.reroll == "own" else other
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
    duel = duel_of(s)
    duel.passes += 1
    if duel.passes >= 2:
        resolve(s, duel)
        return
    duel.to_act = 1 - duel.to_act
    s.ask(duel.seat_of(duel.to_act), Phase.MODIFIERS)
