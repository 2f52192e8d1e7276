"""`GreedyAgent`: a Shard Command player that develops its board, trades well and removes threats.

It reads its view (a sampled state, so it can ask the rules for Force and keywords; what it does not
know is dealt at random and never used) and scores each decision on its own, without search:

* **Stones**: it charges two stones a turn, the kind its hand needs most.
* **Main Phase**: it plays the card worth most that it can pay for: an Entity or Item for its Base
  Points, removal for the value of the biggest enemy it can remove, damage for a kill (or the face
  when the enemy Integrity is low), card draw, healing when hurt, Upgrades on its best Entity; it uses
  its Sovereign's and Entities' Exhaust abilities the same way.
* **Attacks**: an Entity attacks when no enemy that could intercept it would kill it without dying,
  or when its side is ahead on the board; the target is the enemy Integrity, or an Exhausted enemy it
  can kill that is worth more than the damage to the face.
* **Defence**: it intercepts when the interceptor survives, or trades for an attacker worth at least
  as much, or when the hit would bring its Integrity low; in the windows of the opponent's turn it
  counters Rites with Nullify and kills attackers with damage.
* **Small choices**: targets by the effect's kind (harmful ones at the biggest enemy threat, helpful
  ones on its best Entity), discards of the card it can least afford, Foresight keeps what it can pay
  for, the cheapest Entity is sacrificed.

Examples:
    >>> import shardgames as sg
    >>> from shardgames.command import GreedyAgent
    >>> record = sg.play_match("command", [GreedyAgent(), sg.RandomAgent()], seed=1)
    >>> record.winner
    0
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from shardgames.command import actions
from shardgames.command.compiled import EXHAUST, CardInfo
from shardgames.command.cost import Price, price
from shardgames.command.keywords import CardType, Scope, Trigger
from shardgames.command.objects import PLAYERS, Permanent
from shardgames.command.phases import Phase, Step
from shardgames.command.play import _effects_of, _next_slot
from shardgames.command.rules import durability, force, is_entity, keywords
from shardgames.command.state import CommandState
from shardgames.kernel.actions import Action
from shardgames.kernel.heuristics import HeuristicAgent, Rule
from shardgames.kernel.rng import Rng
from shardgames.kernel.views import View

__all__ = ["GreedyAgent"]

HARMFUL = frozenset({"K06", "K09", "K11", "K23", "K28", "K31", "K37", "K43", "K49"})
"""Effects aimed at the enemy: Blank, Deal, Destroy, Freeze, Isolate, Obliterate, Return, Submerge and
Updraft."""
REMOVAL = frozenset({"K11", "K31", "K37", "K49"})
"""Effects that take an Entity off the table."""


class GreedyAgent(HeuristicAgent):
    """A rule-of-thumb Shard Command player (see the module docstring); it sees only its view.

    Its rules read a table sampled from the view; when none applies it passes, does not intercept or
    finishes its redraw.
    """

    HARMLESS = (actions.Pass(), actions.NoIntercept(), actions.FinishRedraw())

    def rule(self, phase: Any) -> Rule | None:
        """The rule of thumb for a phase."""
        return _CHOOSERS.get(phase)

    def reading(self, view: View, rng: Rng) -> _Table:
        """A table consistent with the view, as the agent reads it."""
        state = view.sample_state(rng)
        assert isinstance(state, CommandState)
        return _Table(state, view.player, rng)


class _Table:
    """The agent's reading of the table."""

    def __init__(self, state: CommandState, seat: int, rng: Rng) -> None:
        self.state = state
        self.game = state.game
        self.seat = seat
        self.rng = rng

    def info(self, card: int) -> CardInfo:
        return self.game.card_info[card]

    def mine(self) -> list[Permanent]:
        return [p for p in self.state.arena if p.owner == self.seat and is_entity(self.state, p)]

    def theirs(self) -> list[Permanent]:
        return [p for p in self.state.arena if p.owner != self.seat and is_entity(self.state, p)]

    def value(self, p: Permanent) -> float:
        """What an Entity is worth: its stats and a point per static keyword."""
        if p.token:
            return 1.5
        s = self.state
        return max(0, force(s, p)) * 1.5 + durability(s, p) - p.damage + bin(keywords(s, p)).count("1")

    def left(self, p: Permanent) -> int:
        return durability(self.state, p) - p.damage

    def stones(self) -> int:
        s = self.state
        return sum(s.pool[self.seat]) + sum(s.unused[self.seat]) + sum(s.used[self.seat])

    def best(self, options: Sequence[tuple[float, Action]]) -> Action | None:
        """The best-scored action (ties broken at random); ``None`` if nothing scores above 0."""
        good = [(score, action) for score, action in options if score > 0]
        if not good:
            return None
        top = max(score for score, _ in good)
        return self.rng.choice([action for score, action in good if score == top])


# ---------------------------------------------------------------------- the main phase and responses


def _priority(t: _Table, legal: Sequence[Action]) -> Action | None:
    s = t.state
    main = s.step is Step.MAIN and not s.queue and s.active == t.seat
    charges = [a for a in legal if isinstance(a, actions.Charge)]
    if charges:
        return _charge(t, charges)
    options: list[tuple[float, Action]] = []
    for action in legal:
        if isinstance(action, actions.Play):
            options.append((_play_score(t, action.card, main), action))
        elif isinstance(action, actions.Activate) and action.ability == EXHAUST:
            options.append((_ability_score(t, action.source), action))
    chosen = t.best(options)
    if chosen is not None:
        return chosen
    attacks = [a for a in legal if isinstance(a, actions.DeclareAttack)]
    for action in sorted(attacks, key=lambda a: -_attack_score(t, a.attacker)):
        if _attack_score(t, action.attacker) > 0:
            return action
    return actions.Pass() if actions.Pass() in legal else (attacks[0] if attacks else None)


def _charge(t: _Table, charges: Sequence[actions.Charge]) -> Action:
    need = [0] * 10
    for card in t.state.hands[t.seat]:
        for element, pips in enumerate(t.info(card).cost.pips):
            need[element] += pips
    have = t.state.unused[t.seat]
    return max(charges, key=lambda c: (need[c.element] - have[c.element + 1]) if c.element >= 0 else 0.5)


def _effect_score(t: _Table, info: CardInfo, effects: Sequence[Any]) -> float:
    score = 0.0
    them = t.theirs()
    mine = t.mine()
    for inst in effects:
        kid = inst.keyword.id
        wide = inst.scope in (Scope.EACH_ENTITY, Scope.EACH_OPPOSING_ENTITY, Scope.EACH_OF_YOUR_ENTITIES)
        if kid in REMOVAL:
            score += max((t.value(p) for p in them), default=-1) * (len(them) if wide else 1)
        elif kid == "K09":
            amount = inst.amount or 0
            kills = [t.value(p) for p in them if t.left(p) <= amount]
            if wide:
                own = [p for p in mine if t.left(p) <= amount] if inst.scope is Scope.EACH_ENTITY else []
                score += sum(kills) - sum(t.value(p) for p in own)
            else:
                score += max(kills, default=amount * (1.5 if t.state.integrity[1 - t.seat] <= 8 else 0.4))
        elif kid in HARMFUL:
            score += 0.5 * max((t.value(p) for p in them), default=-1)
        elif kid == "K01":
            score += 2 if mine else -1
        elif kid in ("K13", "K29", "K22"):
            score += 1.5 * (inst.amount or 1)
        elif kid == "K24":
            score += (inst.amount or 0) * (1 if t.state.integrity[t.seat] < 14 else 0.2)
        elif kid in ("K45", "K38", "K34", "K12"):
            score += 2
        elif kid in ("K30", "K10"):
            score += 3 if any(i.controller != t.seat for i in t.state.queue) else -5
        else:
            score += 0.5
    return score


def _play_score(t: _Table, card: int, main: bool) -> float:
    info = t.info(card)
    if info.type is CardType.RITE:
        return _effect_score(t, info, info.effects.get(Trigger.ON_RESOLVE, ()))
    if not main:
        return 0
    found = price(info.card)
    bp = found.bp if isinstance(found, Price) else 0
    return 2 + bp + (1 if info.type is CardType.ENTITY else 0)


def _ability_score(t: _Table, source: int) -> float:
    game = t.game
    if source == game.sovereign_id(t.seat):
        info = game.sovereign_infos[t.seat]
    else:
        p = t.state.permanent(source)
        if p is None:
            return 0
        info = game.infos[p.kind]
        if is_entity(t.state, p) and t.state.step is Step.MAIN and t.state.active == t.seat:
            return 0.5 * _effect_score(t, info, info.effects.get(Trigger.ACTIVATED_EXHAUST, ())) - 1
    return _effect_score(t, info, info.effects.get(Trigger.ACTIVATED_EXHAUST, ()))


def _attack_score(t: _Table, attacker: int) -> float:
    s = t.state
    a = s.permanent(attacker)
    if a is None:
        return 0
    blockers = [p for p in t.theirs() if not p.exhausted]
    if not blockers:
        return 1 + max(0, force(s, a))
    killers = [p for p in blockers if force(s, p) >= t.left(a) and max(0, force(s, a)) < t.left(p)]
    ahead = sum(t.value(p) for p in t.mine()) > 1.3 * sum(t.value(p) for p in t.theirs())
    return 1 if not killers or ahead else 0


# ---------------------------------------------------------------------- small decisions


def _target(t: _Table, legal: Sequence[Action]) -> Action | None:
    s = t.state
    phase = getattr(s.prompt, "phase", None)
    targets = [a for a in legal if isinstance(a, actions.ChooseTarget)]
    if phase is Phase.SACRIFICE:
        return min(targets, key=lambda a: _worth(t, a.target))
    if phase is Phase.TRENCH:
        return targets[0]
    if phase is Phase.ATTACK_TARGET:
        return _attack_target(t, targets)
    casting = s.casting
    if casting is None:
        return None
    effects = _effects_of(s, casting.item)
    index = _next_slot(casting)
    kid = effects[index].keyword.id if 0 <= index < len(effects) else "K09"
    enemy = PLAYERS + 1 - t.seat
    if kid in ("K34", "K38"):
        return max(targets, key=lambda a: t.info(a.target).force + t.info(a.target).durability)
    if kid == "K05":
        return max(targets, key=lambda a: a.target // 60 != t.seat)
    if kid in ("K30", "K10"):
        return targets[0]
    if kid in HARMFUL or kid == "K07":
        amount = (effects[index].amount or 0) if kid == "K09" and 0 <= index < len(effects) else 2
        scored = []
        for a in targets:
            if a.target == enemy:
                scored.append((amount * 0.8, a))
            elif a.target >= PLAYERS:
                scored.append((-99.0, a))
            else:
                p = s.permanent(a.target)
                if p is None:
                    continue
                mine = p.owner == t.seat
                kills = kid not in ("K09", "K07") or t.left(p) <= (amount or 0)
                scored.append(((t.value(p) * (1 if kills else 0.3)) * (-1 if mine else 1), a))
        return max(scored, key=lambda x: x[0])[1] if scored else None
    return max(targets, key=lambda a: _worth(t, a.target) * (1 if _owner(t, a.target) == t.seat else -1))


def _owner(t: _Table, target: int) -> int:
    if target >= PLAYERS:
        return target - PLAYERS
    p = t.state.permanent(target)
    return p.owner if p is not None else target // 60


def _worth(t: _Table, target: int) -> float:
    p = t.state.permanent(target)
    return t.value(p) if p is not None else 0


def _attack_target(t: _Table, targets: Sequence[actions.ChooseTarget]) -> Action:
    s = t.state
    assert s.combat is not None
    attacker = s.permanent(s.combat.attacker)
    strength = max(0, force(s, attacker)) if attacker is not None else 0
    best: actions.ChooseTarget = next(a for a in targets if a.target >= PLAYERS)
    best_score = float(strength)
    for a in targets:
        p = s.permanent(a.target) if a.target < PLAYERS else None
        if p is not None and t.left(p) <= strength and t.value(p) > best_score:
            best, best_score = a, t.value(p)
    return best


def _intercept(t: _Table, legal: Sequence[Action]) -> Action | None:
    s = t.state
    assert s.combat is not None
    attacker = s.permanent(s.combat.attacker)
    if attacker is None:
        return None
    if actions.FinishIntercept() in legal:
        return actions.FinishIntercept()
    hit = max(0, force(s, attacker))
    low = s.integrity[t.seat] - hit <= 6
    options: list[tuple[float, Action]] = []
    for action in legal:
        if not isinstance(action, actions.Intercept):
            continue
        p = s.permanent(action.entity)
        if p is None:
            continue
        survives = t.left(p) > hit
        kills = max(0, force(s, p)) >= t.left(attacker)
        score = (3 if survives else 0) + (t.value(attacker) - t.value(p) if kills else -1) + (4 if low else 0)
        options.append((score, action))
    return t.best(options)


def _order(t: _Table, legal: Sequence[Action]) -> Action | None:
    return max(
        (a for a in legal if isinstance(a, actions.OrderInterceptor)),
        key=lambda a: _worth(t, a.entity),
        default=None,
    )


def _discard(t: _Table, legal: Sequence[Action]) -> Action | None:
    stones = t.stones()
    return max(
        (a for a in legal if isinstance(a, actions.Discard)),
        key=lambda a: (t.info(a.card).cost.total > stones, t.info(a.card).cost.total),
        default=None,
    )


def _foresee(t: _Table, legal: Sequence[Action]) -> Action:
    s = t.state
    card = s.foresight[len(s.foresight_bottom)]
    return actions.Foresee(t.info(card).cost.total > t.stones() + 1)


def _element(t: _Table, legal: Sequence[Action]) -> Action | None:
    need = [0] * 10
    for card in t.state.hands[t.seat]:
        for element, pips in enumerate(t.info(card).cost.pips):
            need[element] += pips
    return max(
        (a for a in legal if isinstance(a, actions.ChooseElement)),
        key=lambda a: need[a.element],
        default=None,
    )


def _redraw(t: _Table, legal: Sequence[Action]) -> Action:
    hand = list(t.state.hands[t.seat])
    cheap = [c for c in hand if t.info(c).cost.total <= 3]
    if t.state.redrawn[t.seat] == 0 and len(cheap) <= 1:
        dear = [c for c in hand if t.info(c).cost.total >= 4]
        if dear:
            return actions.BottomCard(max(dear, key=lambda c: t.info(c).cost.total))
    if t.state.redrawn[t.seat] and len(cheap) <= 1:
        dear = [c for c in hand if t.info(c).cost.total >= 4]
        if dear and len(dear) > 1:
            return actions.BottomCard(max(dear, key=lambda c: t.info(c).cost.total))
    return actions.FinishRedraw()


_CHOOSERS: dict[Phase, Callable[[_Table, Sequence[Action]], Action | None]] = {
    Phase.PRIORITY: _priority,
    Phase.TARGET: _target,
    Phase.SACRIFICE: _target,
    Phase.TRENCH: _target,
    Phase.ATTACK_TARGET: _target,
    Phase.INTERCEPT: _intercept,
    Phase.ORDER: _order,
    Phase.DISCARD: _discard,
    Phase.FORESIGHT: _foresee,
    Phase.ELEMENT: _element,
    Phase.REDRAW: _redraw,
}
