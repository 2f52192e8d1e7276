"""SOTA actions in words for a person at the table (`SotaView.describe_action`).

A description names the cards an action moves or uses, with the numbers that matter for the choice
(stats, the duel stat's value, an Ally's bonus), read from one seat's view only. Cards are named from
the public decklists, so describing an action never depends on a card the seat cannot see.

Examples:
    >>> import shardgames as sg
    >>> view = sg.load_game("sota").new_initial_state(seed=3).view(0)
    >>> print(view.describe_action(view.legal_actions[0]))
    choose persona Vael, Kiln-Warden [AGI 4 VIT 3 LUC 1 MAG 6 CHA 6, flourish]
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from shardgames.kernel.actions import Action
from shardgames.render.text import plural
from shardgames.sota import actions
from shardgames.sota.cards import STATS
from shardgames.sota.constants import HAND_MAX, SEAT_SHIFT
from shardgames.sota.phases import Phase, SotaPrompt
from shardgames.sota.render import ABBREVIATIONS, ability_text, describe_card, unit_stat

if TYPE_CHECKING:
    from shardgames.sota.game import SotaGame
    from shardgames.sota.view import SotaView

__all__ = ["describe_action"]


def describe_action(view: SotaView, action: Action) -> str:
    """`action` in words, as the seat of `view` would read it (see the module docstring)."""
    describe = _DESCRIBE.get(type(action))
    text = describe(_Context(view), action) if describe is not None else None
    return text or str(action)


class _Context:
    """The view, its game, and the seat whose decision it is (the viewer when nobody's)."""

    __slots__ = ("actor", "game", "k", "view")

    def __init__(self, view: SotaView) -> None:
        self.view = view
        self.game: SotaGame = view.game
        self.k = self.game.duel_positions
        prompt = view.prompt
        self.actor = prompt.player if prompt is not None and prompt.player >= 0 else view.player

    def own(self, local: int) -> int:
        """The actor's card with local index `local`."""
        return (self.actor << SEAT_SHIFT) | local

    def slot(self, seat: int, slot: int) -> int:
        """The card in `seat`'s Duel Position `slot` (-1 when empty)."""
        return self.view.slots[seat * self.k + slot]

    def trait(self, seat: int, slot: int) -> int:
        """The Trait on `seat`'s Duel Position `slot` (-1 when none)."""
        return self.view.traits[seat * self.k + slot]

    def name(self, card: int) -> str:
        """The card's name (``an empty position`` for -1)."""
        return self.game.names[card] if card >= 0 else "an empty position"

    def card(self, card: int) -> str:
        """The card's name and numbers (``an empty position`` for -1)."""
        return describe_card(self.game, card) if card >= 0 else "an empty position"

    @property
    def phase(self) -> Phase | None:
        prompt = self.view.prompt
        return prompt.phase if isinstance(prompt, SotaPrompt) else None

    def stat_value(self, cards: tuple[int, ...], stat: int) -> str:
        """``MAG 6`` or ``MAG 6 +1 signed`` (for twins ``MAG 3+4 = 7``)."""
        base, bonus = unit_stat(self.game, cards, stat)
        if len(cards) > 1:
            parts = "+".join(str(self.game.stats[c][stat]) for c in cards)
            return f"{ABBREVIATIONS[stat]} {parts} = {base}"
        return f"{ABBREVIATIONS[stat]} {base}" + (f" +{bonus} signed" if bonus else "")

    def holds(self, seat: int, slot: int) -> str:
        """``, holding Drawn Ember [siphon magic]`` when the position holds a Trait."""
        trait = self.trait(seat, slot)
        return f", holding {describe_card(self.game, trait)}" if trait >= 0 else ""


# ---------------------------------------------------------------------- setup and the Turn Phase steps


def _choose_persona(c: _Context, a: actions.ChoosePersona) -> str:
    return f"choose persona {describe_card(c.game, c.own(a.card))}"


def _keep_hand(c: _Context, a: actions.KeepHand) -> str:
    return "keep the opening hand"


def _redraw(c: _Context, a: actions.Redraw) -> str:
    return f"put {describe_card(c.game, c.own(a.card))} under the deck (redraw)"


def _finish_redraw(c: _Context, a: actions.FinishRedraw) -> str:
    n = min(HAND_MAX - c.view.hands[c.actor].size, c.view.decks[c.actor].size)
    return f"finish the redraw: draw {plural(n, 'card')} back up to {HAND_MAX}"


def _draw(c: _Context, a: actions.Draw) -> str:
    if a.n == 0:
        return "draw no card"
    hand, deck = c.view.hands[c.actor].size, c.view.decks[c.actor].size
    return f"draw {plural(a.n, 'card')} (hand {hand} to {hand + a.n}, deck {deck} to {deck - a.n})"


def _place(c: _Context, a: actions.Place) -> str:
    return f"place {describe_card(c.game, c.own(a.card))} in position {a.slot}"


def _swap(c: _Context, a: actions.Swap) -> str:
    returned = c.slot(c.actor, a.slot)
    trait = c.trait(c.actor, a.slot)
    under = f"{c.name(returned)} and {c.name(trait)} go" if trait >= 0 else f"{c.name(returned)} goes"
    return (
        f"swap {c.name(returned)} (position {a.slot}) for {describe_card(c.game, c.own(a.card))}; "
        f"{under} under the deck"
    )


def _pass(c: _Context, a: actions.Pass) -> str:
    if c.phase is Phase.POSITION:
        return "pass: keep every position as it is"
    if c.phase is Phase.BOLSTER:
        return "pass: play no ally and no trait"
    duel = c.view.duel
    if c.phase is Phase.MODIFIERS and duel is not None:
        ends = "; the duel resolves" if duel.passes >= 1 else ""
        return f"pass: use no modifier{ends}"
    return "pass"


def _play_ally(c: _Context, a: actions.PlayAlly) -> str:
    card = c.own(a.card)
    stat = STATS[c.game.ally_stat[card]].value
    return f"play ally {c.name(card)} (+{c.game.ally_value[card]} {stat}) on your {stat} position"


def _assign_trait(c: _Context, a: actions.AssignTrait) -> str:
    trait = c.own(a.card)
    character = c.slot(c.actor, a.slot)
    return f"attach trait {describe_card(c.game, trait)} to {c.name(character)} (position {a.slot})"


# ---------------------------------------------------------------------- declaring a duel


def _duel_with(c: _Context, a: actions.DuelWith) -> str:
    card = c.slot(c.actor, a.slot)
    return f"duel with {c.card(card)} (position {a.slot}{c.holds(c.actor, a.slot)})"


def _duel_with_twins(c: _Context, a: actions.DuelWithTwins) -> str | None:
    first, second = c.slot(c.actor, a.slot), c.slot(c.actor, a.partner)
    if first < 0 or second < 0:
        return None
    together = " ".join(
        f"{abbr} {x + y}"
        for abbr, x, y in zip(ABBREVIATIONS, c.game.stats[first], c.game.stats[second], strict=True)
    )
    return (
        f"twin duel with {c.name(first)} and {c.name(second)} "
        f"(positions {a.slot} and {a.partner}; together {together})"
    )


def _duel_with_persona(c: _Context, a: actions.DuelWithPersona) -> str:
    return f"duel with your persona {c.card(c.view.persona[c.actor])}"


def _end_turn_phase(c: _Context, a: actions.EndTurnPhase) -> str:
    return "end the turn phase: declare no more duels"


def _choose_stat(c: _Context, a: actions.ChooseStat) -> str:
    duel = c.view.duel
    stat = a.stat.ordinal
    if duel is None:
        return f"stat {a.stat.value}"
    cards = (c.view.persona[c.actor],) if not duel.unit else tuple(c.slot(c.actor, s) for s in duel.unit)
    return f"stat {a.stat.value} (your {c.stat_value(cards, stat)})"


def _choose_target(c: _Context, a: actions.ChooseTarget) -> str:
    duel = c.view.duel
    stat = duel.stat if duel is not None else -1
    if a.slot is None:
        persona = c.view.persona[a.seat]
        value = f" ({c.stat_value((persona,), stat)})" if stat >= 0 else ""
        return f"target seat {a.seat}'s persona {c.name(persona)}{value}"
    card = c.slot(a.seat, a.slot)
    value = f", {c.stat_value((card,), stat)}" if stat >= 0 else ""
    return f"target seat {a.seat}'s {c.name(card)} (position {a.slot}{value}{c.holds(a.seat, a.slot)})"


def _twins_answering(c: _Context) -> tuple[int, int] | None:
    """The positions of the targeted twin and its partner, in position order (None: no such pair)."""
    duel = c.view.duel
    if duel is None or not duel.target:
        return None
    slot = duel.target[0]
    row = c.view.slots[c.actor * c.k : c.actor * c.k + c.k]
    return next((p for p in c.game.twin_pairs(row) if slot in p), None)


def _respond_twin(c: _Context, a: actions.RespondTwin) -> str | None:
    duel = c.view.duel
    pair = _twins_answering(c)
    if duel is None or pair is None:
        return None
    cards = tuple(c.slot(c.actor, slot) for slot in pair)
    names = " and ".join(c.name(card) for card in cards)
    return (
        f"answer with both twins {names} ({c.stat_value(cards, duel.stat)}); your twin duel this turn phase"
    )


def _respond_normal(c: _Context, a: actions.RespondNormal) -> str | None:
    duel = c.view.duel
    if duel is None or not duel.target:
        return None
    card = c.slot(c.actor, duel.target[0])
    return f"answer with {c.name(card)} alone ({c.stat_value((card,), duel.stat)})"


# ---------------------------------------------------------------------- the modifier window


def _use_trait(c: _Context, a: actions.UseTrait) -> str | None:
    trait = c.trait(c.actor, a.slot)
    character = c.slot(c.actor, a.slot)
    if trait < 0:
        return None
    kind = c.game.trait_kind[trait]
    label = str(kind) if kind is not None else "trait"
    return f"use {c.name(trait)} of {c.name(character)} ({label}: {ability_text(c.game, trait)})"


def _use_persona_trait(c: _Context, a: actions.UsePersonaTrait) -> str | None:
    persona = c.view.persona[c.actor]
    if persona < 0:
        return None
    trait = c.game.persona_trait[persona]
    label = str(trait) if trait is not None else "trait"
    return f"use {c.name(persona)}'s {label} ({ability_text(c.game, persona)})"


def _use_ally(c: _Context, a: actions.UseAlly) -> str | None:
    duel = c.view.duel
    if duel is None or duel.stat < 0:
        return None
    stack = c.view.allies[c.actor * 5 + duel.stat]
    card = next((card for card in reversed(stack) if c.game.ally_value[card] == a.value), -1)
    if card < 0:
        return None
    return f"spend ally {c.name(card)} (+{a.value} {STATS[duel.stat].value})"


def _use_r_ally(c: _Context, a: actions.UseRAlly) -> str:
    values = (a.agility, a.vitality, a.luck, a.magic, a.charisma)
    spent = ", ".join(f"{abbr} +{v}" for abbr, v in zip(ABBREVIATIONS, values, strict=True))
    return f"spend an R-Ally for +5: one ally of each stat ({spent})"


# ---------------------------------------------------------------------- chance


def _draw_card(c: _Context, a: actions.DrawCard) -> str:
    verb = "mill" if c.phase is Phase.MILL else "draw"
    return f"{verb} {c.game.kinds[a.kind].name}"


def _roll_die(c: _Context, a: actions.RollDie) -> str:
    return f"roll a {a.face}"


_DESCRIBE: dict[type[Action], Callable[[_Context, Any], str | None]] = {
    actions.ChoosePersona: _choose_persona,
    actions.KeepHand: _keep_hand,
    actions.Redraw: _redraw,
    actions.FinishRedraw: _finish_redraw,
    actions.Draw: _draw,
    actions.Place: _place,
    actions.Swap: _swap,
    actions.Pass: _pass,
    actions.PlayAlly: _play_ally,
    actions.AssignTrait: _assign_trait,
    actions.DuelWith: _duel_with,
    actions.DuelWithTwins: _duel_with_twins,
    actions.DuelWithPersona: _duel_with_persona,
    actions.EndTurnPhase: _end_turn_phase,
    actions.ChooseStat: _choose_stat,
    actions.ChooseTarget: _choose_target,
    actions.RespondTwin: _respond_twin,
    actions.RespondNormal: _respond_normal,
    actions.UseTrait: _use_trait,
    actions.UsePersonaTrait: _use_persona_trait,
    actions.UseAlly: _use_ally,
    actions.UseRAlly: _use_r_ally,
    actions.DrawCard: _draw_card,
    actions.RollDie: _roll_die,
}
