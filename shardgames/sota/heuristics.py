"""`GreedyAgent`: a SOTA player that reads the table and plays sensibly, without search.

Its rules of thumb, decision by decision:

* **Persona**: the one with the strongest three stats. **Redraw**: keep a hand with two Characters,
  otherwise put the other cards under and draw again.
* **Gather**: fill the hand while the deck is comfortable; near the end of the deck (the deck is your
  life), draw only to get a Character.
* **Position**: the strongest Character into an open position; with every position full, swap only
  for a clearly stronger one. **Bolster**: a Trait that fits a Character, otherwise an Ally.
* **Duels**: plan the (unit, stat, target) with the best chance to win, counting base stats and the
  Signed Bonus, against every opponent card it may target; duel while that chance is at least even,
  otherwise end the Turn Phase. Answer a twin challenge with the pair when that turns a likely loss
  into a likely win.
* **Modifiers**: when behind or level, use the cheapest modifier that takes the lead (free abilities
  before Allies, single Allies before an R-Ally, a re-roll of bad dice as a last resort); when ahead,
  keep everything.

Examples:
    >>> import shardgames as sg
    >>> from shardgames.sota import GreedyAgent
    >>> record = sg.play_match("sota", [GreedyAgent(), sg.RandomAgent()], seed=1)
    >>> record.agents
    ('greedy', 'random')
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

from shardgames.kernel.actions import Action
from shardgames.kernel.heuristics import HeuristicAgent, Rule
from shardgames.sota import actions
from shardgames.sota.cards import STATS
from shardgames.sota.constants import CHARACTER, LOCAL_MASK, SEAT_SHIFT
from shardgames.sota.duel_state import DuelView
from shardgames.sota.game import SotaGame
from shardgames.sota.phases import Phase
from shardgames.sota.traits import Modifier, Trait
from shardgames.sota.view import SotaView

__all__ = ["GreedyAgent", "win_probability"]

SAFE_DECK = 12
"""With more cards than this in the deck, Gather fills the hand."""


@cache
def win_probability(margin: int) -> float:
    """The chance that a duellist ahead by `margin` before the dice wins (each side rolls 2D6)."""
    wins = total = 0
    for a in range(2, 13):
        for d in range(2, 13):
            weight = (6 - abs(a - 7)) * (6 - abs(d - 7))
            total += weight
            wins += weight if a + margin > d else 0
    return wins / total


class GreedyAgent(HeuristicAgent):
    """A rule-of-thumb SOTA player (see the module docstring); it sees only its view, which its rules read."""

    def rule(self, phase: Any) -> Rule | None:
        """The rule of thumb for a phase."""
        return _CHOOSERS.get(phase)


# ---------------------------------------------------------------------- helpers


def _game(view: SotaView) -> SotaGame:
    game = view.game
    assert isinstance(game, SotaGame)
    return game


def _card(view: SotaView, local: int) -> int:
    return (view.player << SEAT_SHIFT) | local


def _my_hand(view: SotaView) -> list[int]:
    return [c for c in view.hands[view.player].cards if c is not None]


def _best_stat(game: SotaGame, card: int) -> int:
    return max(game.stats[card]) + game.signed_bonus[card]


def _slot_card(view: SotaView, seat: int, slot: int) -> int:
    return view.slots[seat * _game(view).duel_positions + slot]


def _unit_value(view: SotaView, seat: int, slots: Sequence[int], stat: int) -> int:
    game = _game(view)
    if not slots:
        return game.stats[view.persona[seat]][stat]
    cards = [_slot_card(view, seat, s) for s in slots]
    value = sum(game.stats[c][stat] for c in cards)
    return value + (game.signed_bonus[cards[0]] if len(cards) == 1 else 0)


# ---------------------------------------------------------------------- setup and the Turn Phase steps


def _persona(view: SotaView, legal: Sequence[Action]) -> Action | None:
    game = _game(view)

    def strength(action: Action) -> int:
        assert isinstance(action, actions.ChoosePersona)
        return sum(sorted(game.stats[_card(view, action.card)])[-3:])

    return max(legal, key=strength)


def _redraw(view: SotaView, legal: Sequence[Action]) -> Action | None:
    game = _game(view)
    hand = _my_hand(view)
    characters = [c for c in hand if game.card_type[c] == CHARACTER]
    if (
        view.prompt is not None
        and getattr(view.prompt, "phase", None) is Phase.REDRAW
        and len(characters) >= 2
    ):
        return actions.KeepHand()
    if len(characters) >= 2 or len(hand) <= 2:
        return actions.FinishRedraw() if actions.FinishRedraw() in legal else actions.KeepHand()
    others = [c for c in hand if game.card_type[c] != CHARACTER]
    if others and view.decks[view.player].size > len(others):
        return actions.Redraw(others[0] & LOCAL_MASK)
    return actions.FinishRedraw() if actions.FinishRedraw() in legal else actions.KeepHand()


def _gather(view: SotaView, legal: Sequence[Action]) -> Action | None:
    game = _game(view)
    most = max(a.n for a in legal if isinstance(a, actions.Draw))
    if view.decks[view.player].size > SAFE_DECK:
        return actions.Draw(most)
    has_character = any(game.card_type[c] == CHARACTER for c in _my_hand(view))
    return actions.Draw(0 if has_character or view.decks[view.player].size <= 2 else 1)


def _position(view: SotaView, legal: Sequence[Action]) -> Action | None:
    game = _game(view)
    places = [a for a in legal if isinstance(a, actions.Place)]
    if places:
        return max(places, key=lambda a: (_best_stat(game, _card(view, a.card)), -a.slot))
    swaps = [a for a in legal if isinstance(a, actions.Swap)]
    best: Action = actions.Pass()
    gain = 1
    for swap in swaps:
        incoming = _best_stat(game, _card(view, swap.card))
        outgoing = _best_stat(game, _slot_card(view, view.player, swap.slot))
        if incoming - outgoing > gain:
            best, gain = swap, incoming - outgoing
    return best


def _bolster(view: SotaView, legal: Sequence[Action]) -> Action | None:
    game = _game(view)
    best_trait: Action | None = None
    best_score = 0
    for action in legal:
        if not isinstance(action, actions.AssignTrait):
            continue
        trait = _card(view, action.card)
        character = _slot_card(view, view.player, action.slot)
        if _trait(game, trait).takes_stat:
            stats = game.stats[character]
            score = 3 if stats[game.trait_stat[trait]] == max(stats) else 0
        else:
            score = 2
        score += _best_stat(game, character) // 3
        if score > best_score:
            best_trait, best_score = action, score
    if best_trait is not None and best_score >= 3:
        return best_trait
    allies = [a for a in legal if isinstance(a, actions.PlayAlly)]
    if allies:
        return max(allies, key=lambda a: game.ally_value[_card(view, a.card)])
    return best_trait or actions.Pass()


# ---------------------------------------------------------------------- the duel loop


def _plans(view: SotaView) -> list[tuple[float, int, tuple[int, ...], int, int, int | None]]:
    """Every (win chance, margin, unit, stat, target seat, target slot) open to the active seat."""
    game = _game(view)
    k = game.duel_positions
    me = view.player
    duel = view.duel
    mine = [s for s in range(k) if _slot_card(view, me, s) >= 0]
    if duel is not None and duel.stat < 0 and duel.attacker == me:
        units: list[tuple[int, ...]] = [duel.unit]
    elif mine:
        units = [(s,) for s in mine]
        if not view.twin_used >> me & 1:
            units += game.twin_pairs(view.slots[me * k : me * k + k])
    else:
        units = [()]
    stats = [s for s in range(5) if not view.used_stats >> s & 1]
    if duel is not None and duel.stat >= 0 and duel.attacker == me:
        stats = [duel.stat]
    plans = []
    n = game.num_players
    for unit in units:
        for stat in stats:
            mine_value = _unit_value(view, me, unit, stat)
            for other in range(n):
                if other == me or not view.alive[other]:
                    continue
                theirs = [s for s in range(k) if _slot_card(view, other, s) >= 0]
                targets: list[int | None] = list(theirs) if theirs else [None]
                for slot in targets:
                    slots = () if slot is None else (slot,)
                    margin = mine_value - _unit_value(view, other, slots, stat)
                    plans.append((win_probability(margin), margin, unit, stat, other, slot))
    plans.sort(key=lambda p: (p[0], p[1], len(p[2]) == 1), reverse=True)
    return plans


def _duel_unit(view: SotaView, legal: Sequence[Action]) -> Action | None:
    plans = _plans(view)
    if not plans or plans[0][0] < 0.5:
        return actions.EndTurnPhase()
    unit = plans[0][2]
    if not unit:
        return actions.DuelWithPersona()
    return actions.DuelWith(unit[0]) if len(unit) == 1 else actions.DuelWithTwins(unit[0], unit[1])


def _duel_stat(view: SotaView, legal: Sequence[Action]) -> Action | None:
    plans = _plans(view)
    return actions.ChooseStat(STATS[plans[0][3]]) if plans else None


def _duel_target(view: SotaView, legal: Sequence[Action]) -> Action | None:
    plans = _plans(view)
    return actions.ChooseTarget(plans[0][4], plans[0][5]) if plans else None


def _twin_response(view: SotaView, legal: Sequence[Action]) -> Action | None:
    duel = view.duel
    assert duel is not None
    game = _game(view)
    attack = _unit_value(view, duel.attacker, duel.unit, duel.stat)
    slot = duel.target[0]
    single = _unit_value(view, view.player, (slot,), duel.stat)
    k = game.duel_positions
    row = view.slots[view.player * k : view.player * k + k]
    partner = next(b if a == slot else a for a, b in game.twin_pairs(row) if slot in (a, b))
    pair = _unit_value(view, view.player, (slot, partner), duel.stat)
    alone, together = win_probability(single - attack), win_probability(pair - attack)
    return (
        actions.RespondTwin()
        if alone < 0.5 <= together or together - alone > 0.35
        else actions.RespondNormal()
    )


def _modifiers(view: SotaView, legal: Sequence[Action]) -> Action | None:
    duel = view.duel
    assert duel is not None
    game = _game(view)
    side = 0 if duel.attacker == view.player else 1
    mine, theirs = duel.totals[side], duel.totals[1 - side]
    gap = theirs - mine  # what it takes to draw level
    if gap < 0:
        return actions.Pass()
    swings: list[tuple[int, int, Action]] = []  # (cost, swing, action)
    for action in legal:
        if isinstance(action, actions.UseTrait):
            trait = view.traits[view.player * game.duel_positions + action.slot]
            swings.append((0, _swing(_trait(game, trait), duel, side), action))
        elif isinstance(action, actions.UsePersonaTrait):
            persona = _trait(game, view.persona[view.player])
            swings.append((0, _swing(persona, duel, side), action))
        elif isinstance(action, actions.UseAlly):
            swings.append((action.value, action.value, action))
        elif isinstance(action, actions.UseRAlly):
            cost = action.agility + action.vitality + action.luck + action.magic + action.charisma
            swings.append((cost, 5, action))
    winning = [s for s in swings if s[1] > gap]
    if winning:
        return min(winning, key=lambda s: (s[0], -s[1]))[2]
    helpful = [s for s in swings if s[0] == 0 and s[1] > 0]
    if helpful:
        return max(helpful, key=lambda s: s[1])[2]
    return actions.Pass()


_CHOOSERS = {
    Phase.PERSONA: _persona,
    Phase.REDRAW: _redraw,
    Phase.REDRAW_MORE: _redraw,
    Phase.GATHER: _gather,
    Phase.POSITION: _position,
    Phase.BOLSTER: _bolster,
    Phase.DUEL_UNIT: _duel_unit,
    Phase.DUEL_STAT: _duel_stat,
    Phase.DUEL_TARGET: _duel_target,
    Phase.TWIN_RESPONSE: _twin_response,
    Phase.MODIFIERS: _modifiers,
}


def _trait(game: SotaGame, card: int) -> Trait:
    trait = game.trait_of[card]
    assert trait is not None
    return trait


def _swing(trait: Trait, duel: DuelView, side: int) -> int:
    """How far using `trait` is expected to move the gap between the totals, in the user's favour.

    A re-roll moves a pair of dice towards their mean, 7; a trait whose effect depends on the duel
    (a function, not a fixed `Modifier`) counts as 2.
    """
    use = trait.use
    if not isinstance(use, Modifier):
        return 2
    if use.reroll == "own":
        return 7 - (duel.dice[side * 2] + duel.dice[side * 2 + 1])
    if use.reroll == "opposing":
        return duel.dice[(1 - side) * 2] + duel.dice[(1 - side) * 2 + 1] - 7
    return use.own - use.opposing
