"""`GreedyAgent`: a Soulshards Tactics player that reads the board and plays sensibly, without search.

It rebuilds a state from its view (Tactics hides nothing) and asks the rules for Might, moves and
reach, but it never searches ahead: every decision is a plain score. Its rules of thumb:

* **Setup**: the free commander first (the one with the most Might on both sides and a way out), on a
  corner of its closest row; then guards on every square around it (the best Might per Soul, so
  Militia, which may use the second row), so that no enemy can stand next to it; then a strike force
  chosen by value per Soul (Might when attacking, counted twice, times speed and reach, plus the
  injured side), each copy of a card already owned making another worth a quarter less, so that the
  army is a mix. It keeps one Soul for a bought action and buys no terrain.
* **Danger**: an enemy threatens a square if it could get within reach of it and attack with the
  actions of its next turn, its moves counted by distance, ignoring what stands in the way but not
  squares it cannot stand on (taken, or terrain it cannot enter). A warrior is in danger when the
  enemies that fit in those actions add up to its Might (one attack is enough once only commanders
  are left, TAC-11). Guards stay put while moving them would let danger reach the commander.
* **Turn**: (1) win at once if an attack plan defeats the last enemy commander; (2) bring a
  commander in danger to safety, with the fewest actions: a block (another warrior moves into the
  way) or a flight of up to three moves, keeping guards around it; if nothing is safe, go where the
  enemy needs the most actions; (3) carry out the best attack plan; (4) advance the warrior that gets
  nearest to the enemy commander, stepping into danger only for a large gain (less for cheap
  warriors); (5) with a spare action, rally the allies around a RALLY_ADJ warrior (once a turn);
  then end the turn.
* **Attack plans**: for each enemy, the fewest actions that injure it this turn: each warrior may
  move first (up to twice, along real moves; guards and commanders attack only from where they
  stand, unless the plan wins) and attack once, and the attacks add up (a gang attack). A warrior
  with a riposte is only attacked by one that injures it alone, as it would move away. Commanders are
  worth most, a kill more than an injury, dearer warriors more than cheap ones, enemies threatening
  our commander get a bonus; each action costs a little, and so does leaving attackers where the
  enemy can injure them back. Moves come first, then the attacks, the weakest first; an attack that
  injures nothing on its own is only made as part of a plan.
* **Extra action**: bought when the plan under way needs it (an attack, or the commander's safety),
  or, with Souls to spare, to advance.
* **Effects**: a riposte moves the attacked warrior out of the rest of the turn's attacks (then a
  commander toward safety among its guards, any other warrior toward the enemy commander); NUDGE
  pushes an enemy beside our commander away, preferably into Fire; a portal is taken when it brings
  a warrior two squares nearer the enemy commander; VOLLEY attacks the most valuable enemy in reach.
* **Ties** are broken with the agent's random generator, so that both seats play alike.

Examples:
    >>> import shardgames as sg
    >>> from shardgames.tactics import GreedyAgent
    >>> record = sg.play_match("tactics", [GreedyAgent(), sg.RandomAgent()], seed=1)
    >>> record.agents, record.winner
    (('greedy', 'random'), 0)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import Any, ClassVar

import attrs

from shardgames.kernel.actions import Action
from shardgames.kernel.heuristics import HeuristicAgent, Rule
from shardgames.kernel.rng import Rng
from shardgames.kernel.views import View
from shardgames.tactics.actions import Attack, BuyAction, BuyWarrior, Decline, EndTurn, Move, Stop
from shardgames.tactics.board import ADJACENT, WITHIN, distance, row_of
from shardgames.tactics.combat import defended, might
from shardgames.tactics.danger import FIRE, Reading
from shardgames.tactics.effects import EFFECTS
from shardgames.tactics.game import TacticsGame
from shardgames.tactics.movement import waiting_move
from shardgames.tactics.phases import Phase
from shardgames.tactics.play import buy_action_problem
from shardgames.tactics.standard_effects import RallyAdjacent
from shardgames.tactics.state import TacticsState
from shardgames.tactics.warriors import Dirs, Mode, MoveSpec, WarriorCard

__all__ = ["GreedyAgent"]

RESERVE = 1
"""Souls kept out of setup, to buy an extra action in play."""

COPY_DISCOUNT = 0.75
"""Each copy of a card already bought makes another one worth this much less per Soul."""

WIN = 1_000_000.0
ACTION_COST = 3.0
"""What one action spent on an attack plan costs in the plan's score."""

RISK_SHARE = 0.25
"""The share of what attackers left within the enemy's reach stand to lose, taken off a plan's score."""

DANGER_PENALTY = 2.5
"""The squares of progress worth stepping a Wyvern (worth 8) into danger; cheaper warriors, fewer."""

SPARE_SOULS = 3
"""With more Souls than this, an extra action is also bought to advance."""


class GreedyAgent(HeuristicAgent):
    """A rule-of-thumb Tactics player (see the module docstring); it sees only its view.

    Its rules read a table sampled from the view; when none applies it ends the turn, declines or
    stops buying.
    """

    HARMLESS = (EndTurn(), Decline(), Stop())

    playout_depth: ClassVar[int] = 6  # moves the default MCTSAgent plays before evaluating: two turns
    outplayed_at: ClassVar[int] = 200  # whole games against it: MCTSAgent(100) 6.5 of 19, (200) 79.5 of 140

    def rule(self, phase: Any) -> Rule | None:
        """The rule of thumb for a phase."""
        return _CHOOSERS.get(phase)

    def reading(self, view: View, rng: Rng) -> Reading:
        """A table consistent with the view, as the agent reads it."""
        state = view.sample_state(rng)
        assert isinstance(state, TacticsState)
        return Reading(state, view.player, rng)


# ---------------------------------------------------------------------- setup


def _speed(move: MoveSpec) -> float:
    """Squares per move, weighed by directions and mode."""
    spread = {Dirs.ORTHO: 0.75, Dirs.DIAG: 0.6, Dirs.ANY: 1.0, Dirs.FREE: 1.2}[move.dirs]
    mode = {Mode.NONE: 1.0, Mode.SWIM: 1.0, Mode.JUMP: 1.15, Mode.FLIGHT: 1.3}[move.mode]
    return move.spaces * spread * mode


def _card_value(card: WarriorCard) -> float:
    """A warrior's worth to the strike force: Might when attacking, times speed, plus durability."""
    up, down = card.uninjured, card.injured
    strike = float(up.might)
    effect = up.effect
    reach = 1
    if effect is not None:
        rule = EFFECTS[effect.name]
        strike += rule.strike_value(effect.params)
        amounts = tuple(p for p in effect.params if isinstance(p, int))
        reach = rule.reach(amounts, tuple(p for p in effect.params if isinstance(p, str)))
    value = strike * strike * (1.0 + _speed(up.move) + reach)  # Might counts twice: it injures alone
    return value + 0.5 * down.might * down.might * (1.0 + _speed(down.move))


def _commander_value(card: WarriorCard) -> float:
    """A commander's worth at home: Might on both sides, and a way out (flight, jump, riposte)."""
    up, down = card.uninjured, card.injured
    escape = 0.5 * (up.move.mode in (Mode.FLIGHT, Mode.JUMP))
    riposte = 0.5 * (up.effect is not None and EFFECTS[up.effect.name].escapes)
    return up.might + down.might + escape + riposte


def _setup(t: Reading, legal: Sequence[Action]) -> Action | None:
    """Commander, guards, then the strike force by value per Soul; then stop."""
    game, s = t.game, t.s
    number = game.card_number
    buys = [(number[a.card], a) for a in legal if isinstance(a, BuyWarrior)]
    if not t.my_commanders:
        options = [(card, a) for card, a in buys if game.commander[card]]
        if not options:
            return None
        return max(
            options,
            key=lambda option: (
                _commander_value(game.roster[option[0]]),
                _home_score(t, option[1].cell),
                t.tie(),
            ),
        )[1]
    spare = s.souls[t.me] - RESERVE
    buys = [(card, a) for card, a in buys if not game.commander[card] and game.cost[card] <= spare]
    homes = [s.square[w] for w in t.my_commanders]
    guarding = [(card, a) for card, a in buys if any(a.cell in ADJACENT[h] for h in homes)]
    if guarding:
        return max(
            guarding,
            key=lambda option: (_guard_value(game, option[0]), -row_of(option[1].cell, t.me), t.tie()),
        )[1]
    owned = [s.card[w] for w in t.mine]
    strikers = [(card, a) for card, a in buys if not any(a.cell in ADJACENT[h] or a.cell == h for h in homes)]
    if not strikers:
        return Stop()

    def score(option: tuple[int, BuyWarrior]) -> tuple[float, float, float]:
        card = game.roster[option[0]]
        per_soul = _card_value(card) / max(card.cost, 1) * COPY_DISCOUNT ** owned.count(option[0])
        return per_soul, _striker_cell_score(t, option[1].cell), t.tie()

    return max(strikers, key=score)[1]


def _guard_value(game: TacticsGame, card: int) -> float:
    """Might per Soul, for a guard beside the commander."""
    return (game.roster[card].uninjured.might + 1) / max(game.cost[card], 1)


def _home_score(t: Reading, cell: int) -> tuple[int, int]:
    """Commander squares: corners first (fewest neighbours), then away from the enemy's warriors."""
    return -len(ADJACENT[cell]), sum(distance(cell, t.s.square[w]) for w in t.theirs)


def _striker_cell_score(t: Reading, cell: int) -> float:
    """Strike-force squares: closest row, near the middle files, an empty square ahead."""
    file = cell % 8
    ahead = cell + 8 if t.me == 0 else cell - 8
    open_ahead = 0 <= ahead < 64 and t.s.board[ahead] < 0 and t.s.terrain[ahead] < 0
    return -abs(file - 3.5) - 2 * (row_of(cell, t.me) - 1) + open_ahead


# ---------------------------------------------------------------------- attack plans


@attrs.frozen
class _Go:
    """A move as the agent plans it: from `origin` to `dest`, through the own Portal `via` or not.

    Its `action` names the Portal when it goes through one; the exit is the next decision (`_portal`).
    """

    origin: int
    dest: int
    via: int | None

    @property
    def action(self) -> Move:
        """The action that starts it."""
        return Move(self.origin, self.dest if self.via is None else self.via)


@attrs.define
class _Plan:
    """Injure one enemy: the warriors that attack it, where each moves first, and the plan's score."""

    target: int
    score: float
    actions: int
    steps: list[tuple[int, int, int, int]]  # (attacker, moves, Might it brings, the attack's square)


class _Attacker:
    """One of our warriors that may still attack this turn, and how far it may move first."""

    __slots__ = ("costs", "depth", "free_depth", "warrior")

    def __init__(self, t: Reading, warrior: int, budget: int) -> None:
        s = t.s
        side = s.side_of(warrior)
        self.warrior = warrior
        home = s.square[warrior]
        self.costs = side.attack_costs[home]  # the actions to attack each square, with nothing in the way
        self.free_depth = min(budget - 1, 2)
        pinned = t.commander(warrior) or any(home in ADJACENT[s.square[c]] for c in t.my_commanders)
        self.depth = 0 if pinned else self.free_depth


def _plans(t: Reading, budget: int) -> list[_Plan]:
    """Every enemy the agent can injure this turn within `budget` actions, with the cheapest way."""
    s = t.s
    if s.attacks_locked or budget <= 0:
        return []
    attackers = [_Attacker(t, w, budget) for w in t.mine if not s.attacked[w]]
    exposed = all(t.commander(w) for w in t.theirs)
    threats = _threats(t)
    plans = []
    for target in t.theirs:
        plan = _plan_against(t, target, attackers, budget, exposed)
        if plan is not None:
            if target in threats:
                plan.score += 40.0
            plans.append(plan)
    return plans


def _threats(t: Reading) -> set[int]:
    """The enemies that could help injure one of our commanders on their next turn."""
    actions = t.enemy_actions()
    found: set[int] = set()
    for commander in t.my_commanders:
        home = t.s.square[commander]
        if t.risk(commander, home, actions)[1] >= 0:
            found.update(e for e in t.theirs if t.attack_cost(e, home, commander) <= actions)
    return found


def _plan_against(
    t: Reading, target: int, attackers: list[_Attacker], budget: int, exposed: bool
) -> _Plan | None:
    """The cheapest attacks that injure `target` this turn, scored; None if there are none."""
    s = t.s
    where = s.square[target]
    kill = s.injured[target]
    last = t.commander(target) and kill and len(t.their_commanders) == 1
    side = s.side_of(target)
    options = []  # (actions, Might brought, attacker, moves, square)
    for attacker in attackers:
        depth = attacker.free_depth if last else attacker.depth
        if attacker.costs[where] > depth + 1:
            continue  # too far even with nothing in the way
        option = _best_approach(t, attacker.warrior, where, depth)
        if option is not None:
            moves, cell, strike = option
            options.append((moves + 1, defended(side, strike), attacker.warrior, moves, cell))
    if not options:
        return None
    alone = side.rule is not None and side.rule.escapes and not exposed
    chosen = _cheapest(options, max(might(s, target), 0), budget, alone=alone, exposed=exposed)
    if chosen is None:
        return None
    actions = sum(o[0] for o in chosen)
    if last:
        score = WIN
    elif t.commander(target):
        score = 300.0 if kill else 150.0
    else:
        score = t.worth(target) * (4.0 if kill else 2.0) + 6.0
    score -= ACTION_COST * actions
    if not last:
        score -= RISK_SHARE * _exposure(t, chosen)
    steps = [(o[2], o[3], o[1], o[4]) for o in chosen]
    return _Plan(target, score, actions, steps)


def _exposure(t: Reading, chosen: list[tuple[int, int, int, int, int]]) -> float:
    """What the attackers that end on squares where the enemy can injure them stand to lose."""
    s = t.s
    actions = t.enemy_actions()
    lost = 0.0
    for _, _, attacker, _, cell in chosen:
        if t.risk(attacker, cell, actions)[1] >= 0:
            lost += t.worth(attacker) * (4.0 if s.injured[attacker] else 2.0)
    return lost


def _best_approach(t: Reading, attacker: int, target_cell: int, depth: int) -> tuple[int, int, int] | None:
    """The fewest moves (up to `depth`) that bring the attacker within reach of `target_cell`.

    Returns:
        ``(moves, square, Might)``: among squares reached with as few moves, the one where the
        attacker strikes hardest; None if it cannot get there.
    """
    s = t.s
    reach = s.side_of(attacker).reach
    home = s.square[attacker]
    cells = t.reach(attacker, depth) if depth > 0 else {home: (0, home, None)}
    best: tuple[int, int, int] | None = None
    for cell, (moves, _, _) in cells.items():
        if best is not None and moves > best[0]:
            break
        if distance(cell, target_cell) > reach:
            continue
        strike = t.moved(attacker, cell, partial(_strike_on, t, attacker, cell))
        if best is None or strike > best[2]:
            best = (moves, cell, strike)
    return best


def _strike_on(t: Reading, attacker: int, cell: int) -> int:
    """The attacker's Might in an attack from `cell`, where it stands (Fire on arrival counts)."""
    s = t.s
    return might(s, attacker, attacking=True) - (s.terrain[cell] == FIRE and not s.scorched[attacker])


def _cheapest(
    options: list[tuple[int, int, int, int, int]], defence: int, budget: int, *, alone: bool, exposed: bool
) -> list[tuple[int, int, int, int, int]] | None:
    """The attacks that injure for the fewest actions (ties: the most Might); None if none can."""
    if exposed or alone:
        enough = [o for o in options if o[0] <= budget and (exposed or o[1] >= defence)]
        return [min(enough, key=lambda o: (o[0], -o[1]))] if enough else None
    # states: actions -> (Might, chosen); a small knapsack over the attackers
    table: dict[int, tuple[int, list[tuple[int, int, int, int, int]]]] = {0: (0, [])}
    for option in sorted(options, key=lambda o: (o[0], -o[1])):
        for actions, (amount, chosen) in list(table.items()):
            total = actions + option[0]
            if total > budget:
                continue
            known = table.get(total)
            if known is None or amount + option[1] > known[0]:
                table[total] = (amount + option[1], [*chosen, option])
    for actions in sorted(table):
        amount, chosen = table[actions]
        if chosen and amount >= defence:
            return chosen
    return None


def _carry_out(t: Reading, plan: _Plan, left: int) -> Action | _Go:
    """The next action of a plan: buy an action if none is left, moves first, then the attacks."""
    if left <= 0:
        return BuyAction()
    s = t.s
    for attacker, moves, _, cell in sorted(plan.steps, key=lambda step: -step[1]):
        if moves > 0:
            depth = t.reach(attacker, moves)
            _, dest, via = depth[cell]
            return _Go(s.square[attacker], dest, via)
    attacker = min(plan.steps, key=lambda step: step[2])[0]
    return Attack(s.square[attacker], s.square[plan.target])


# ---------------------------------------------------------------------- the commander's safety


def _rescue(t: Reading, left: int, can_buy: bool) -> Action | _Go | None:
    """Bring a commander in danger to safety: move it, or move another warrior into the way.

    Among the ways that make it safe, the one with the fewest actions, then the most guards around
    it (so a block, which keeps the guards, comes before a flight); when none does, the way after
    which the enemy needs the most actions to injure it, if that is more than now.
    """
    s = t.s
    budget = left + can_buy
    if budget <= 0:
        return None
    actions = t.enemy_actions()
    for commander in sorted(t.my_commanders, key=lambda w: not s.injured[w]):
        home = s.square[commander]
        need, spare = t.risk(commander, home, actions)
        if need > actions:
            continue
        options = _escapes(t, commander, min(budget, 3), actions)
        safe = [o for o in options if o[0] > actions]
        move: _Go | None = None
        if safe:
            move = min(safe, key=lambda o: (o[2], o[3], o[1], t.tie()))[4]
        else:
            best = min(options, key=lambda o: (-o[0], o[1], o[2], t.tie()), default=None)
            move = best[4] if best is not None and (-best[0], best[1]) < (-need, spare) else None
        if move is not None:
            return BuyAction() if left <= 0 else move
    return None


def _escapes(t: Reading, commander: int, depth: int, actions: int) -> list[tuple[int, int, int, int, _Go]]:
    """Ways to shelter the commander: its own moves, and one move of another warrior near it.

    Returns:
        For each way: the enemy actions needed to injure it then, the Might they have to spare, our
        actions, minus the guards around it, and the first move.
    """
    s = t.s
    home = s.square[commander]
    options = []
    ways = [(cell, way) for cell, way in t.reach(commander, depth).items() if cell != home]
    risks = t.risks(commander, [cell for cell, _ in ways], actions)
    for (cell, (moves, dest, via)), (need, spare) in zip(ways, risks, strict=True):
        guards = t.allies_beside(commander, cell)  # which never counts the commander: no need to move it
        options.append((need, spare, moves, -guards, _Go(home, dest, via)))
    near = set(WITHIN[2][home])
    for warrior in t.mine:
        if t.commander(warrior):
            continue
        for dest, via in t.destinations(warrior):
            if dest in near:
                need, spare = t.moved(warrior, dest, lambda: t.risk(commander, home, actions))
                guards = t.moved(warrior, dest, lambda: t.allies_beside(commander, home))
                options.append((need, spare, 1, -guards, _Go(s.square[warrior], dest, via)))
    return options


# ---------------------------------------------------------------------- advancing


def _advance(t: Reading) -> _Go | None:
    """The move that brings a warrior closest to the enemy commanders without walking into danger."""
    s = t.s
    actions = t.enemy_actions()
    candidates: list[tuple[float, int, int, int | None]] = []
    for warrior in t.mine:
        if t.commander(warrior):
            continue
        home = s.square[warrior]
        goal = t.goal(home)
        before = distance(home, goal)
        for dest, via in t.destinations(warrior):
            progress = before - distance(dest, goal)
            if progress > 0:
                candidates.append((progress + 0.1 * s.side_of(warrior).might, warrior, dest, via))
    candidates.sort(key=lambda c: (-c[0], t.tie()))
    best: tuple[float, _Go] | None = None
    for gain_here, warrior, dest, via in candidates[:8]:
        if best is not None and gain_here <= best[0]:
            break
        if not t.commanders_safe_with(warrior, dest):
            continue
        gain = gain_here
        if t.risk(warrior, dest, actions)[1] >= 0:
            gain -= DANGER_PENALTY * t.worth(warrior) / 8
        if gain > 0 and (best is None or gain > best[0]):
            best = (gain, _Go(s.square[warrior], dest, via))
    return best[1] if best is not None else None


def _rally(t: Reading) -> Action | None:
    """A 0-space move by a warrior that rallies two or more allies around it (TAC-41, R10b)."""
    s = t.s
    for warrior in t.mine:
        side = s.side_of(warrior)
        if not isinstance(side.rule, RallyAdjacent):
            continue
        home = s.square[warrior]
        allies = [s.board[c] for c in ADJACENT[home] if s.board[c] >= 0 and s.owner[s.board[c]] == t.me]
        if len(allies) >= 2 and not any(s.buff[a] for a in allies):  # once a turn: it does not stack
            return Move(home, home)
    return None


def _turn(t: Reading, legal: Sequence[Action]) -> Action | None:
    """G1: win, save the commander, attack, advance, rally, or end the turn (see the module docstring)."""
    choice = _intent(t, can_buy=BuyAction() in legal)
    return choice.action if isinstance(choice, _Go) else choice


def _intent(t: Reading, *, can_buy: bool) -> Action | _Go:
    """`_turn`'s choice, with the whole of a move through a Portal (the exit is asked after the move)."""
    s = t.s
    left = s.action_limit - s.actions_used
    plans = _plans(t, left + can_buy)
    best = max(plans, key=lambda p: p.score) if plans else None
    if best is not None and best.score >= WIN / 2:
        return _carry_out(t, best, left)
    rescue = _rescue(t, left, can_buy)
    if rescue is not None:
        return rescue
    if best is not None and best.score > 0:
        return _carry_out(t, best, left)
    if left <= 0:
        if can_buy and s.souls[t.me] > SPARE_SOULS and _advance(t) is not None:
            return BuyAction()
        return EndTurn()
    return _advance(t) or _rally(t) or EndTurn()


# ---------------------------------------------------------------------- effect decisions


def _riposte(t: Reading, legal: Sequence[Action]) -> Action | None:
    """RIPOSTE_MOVE: get out of the rest of this turn's attacks, then take the best square.

    For a commander, the best square is where the enemy needs the most actions to injure it on its
    next turn, among guards; for any other warrior, the one nearest the enemy commander.
    """
    warrior = getattr(t.s.prompt, "warrior", -1)
    if warrior < 0:
        return None
    home = t.s.square[warrior]
    ways = [_Go(home, dest, via) for dest, via in t.destinations(warrior)]
    best = _riposte_way(t, warrior, [None, *ways])
    return Decline() if best is None else best.action


def _riposte_way(t: Reading, warrior: int, ways: Sequence[_Go | None]) -> _Go | None:
    """`_riposte`'s choice among these ways to move (None: stay)."""
    s = t.s
    remaining = 0
    if not s.attacks_locked:  # TAC-47: after an injury, no more attack actions this turn
        remaining = s.action_limit - s.actions_used + (not s.extra_bought and s.souls[t.foe] >= 1)
    home = s.square[warrior]
    goal = t.goal(home)

    def key(way: _Go | None) -> tuple[float, ...]:
        cell = home if way is None else way.dest
        safe_now = remaining <= 0 or t.risk(warrior, cell, remaining, now=True)[0] > remaining
        if t.commander(warrior):
            need = t.risk(warrior, cell, t.enemy_actions())[0]
            guards = t.moved(warrior, cell, lambda: t.allies_beside(warrior, cell))
            return safe_now, need, guards, cell == home, t.tie()
        return safe_now, -distance(cell, goal), cell == home, t.tie()

    return max(ways, key=key)


def _nudge(t: Reading, legal: Sequence[Action]) -> Action | None:
    """NUDGE: push an enemy away from our commanders (into Fire if possible), or decline."""
    s = t.s
    homes = [s.square[c] for c in t.my_commanders]
    pushes = [a for a in legal if isinstance(a, Move) and s.owner[s.board[a.origin]] != t.me and homes]

    def gain(a: Move) -> float:
        away = min(distance(a.dest, h) for h in homes) - min(distance(a.origin, h) for h in homes)
        return away + 0.5 * (s.terrain[a.dest] == FIRE)

    best = max(pushes, key=gain, default=None)
    return best if best is not None and gain(best) > 0 else Decline()


def _portal(t: Reading, legal: Sequence[Action]) -> Action | None:
    """Where a warrior entering its own Portal comes out (TAC-R12).

    One that moves there by an action or a riposte goes where the agent planned its move to go (the
    plan is made again, the same way); one nudged there teleports when that brings it two squares
    nearer the goal.
    """
    s = t.s
    prompt = s.prompt
    warrior, portal = getattr(prompt, "warrior", -1), getattr(prompt, "square", -1)
    if warrior < 0:
        return None
    origin = s.square[warrior]
    exits = {a.dest: a for a in legal if isinstance(a, Move)}
    stay: Action | None = Decline() if Decline() in legal else None
    ways = [_Go(origin, portal, None)] if stay is not None else []
    ways += [_Go(origin, exit_, portal) for exit_ in exits]
    planned: Action | _Go | None = None  # a warrior nudged onto the Portal follows no plan
    if waiting_move(s) is not None:  # on its way in
        if s.owner[warrior] == s.active:  # a move action: plan the action again
            planned = _intent(t, can_buy=buy_action_problem(s) is None)
        else:  # a riposte
            planned = _riposte_way(t, warrior, ways)
    if isinstance(planned, _Go) and planned in ways:
        return stay if planned.via is None else exits[planned.dest]
    goal = t.goal(portal)
    best = min(exits, key=lambda cell: distance(cell, goal))
    if stay is not None and (t.commander(warrior) or distance(best, goal) + 2 > distance(portal, goal)):
        return stay
    return exits[best]


def _after_move(t: Reading, legal: Sequence[Action]) -> Action | None:
    """VOLLEY: attack the most valuable enemy in reach; other after-moving choices are declined."""
    s = t.s
    attacks = [a for a in legal if isinstance(a, Attack)]
    if not attacks:
        return Decline()
    return max(attacks, key=lambda a: (t.worth(s.board[a.target]), s.injured[s.board[a.target]], -a.target))


_CHOOSERS: dict[Phase, Callable[[Reading, Sequence[Action]], Action | None]] = {
    Phase.SETUP: _setup,
    Phase.ACTION: _turn,
    Phase.RIPOSTE: _riposte,
    Phase.TURN_START: _nudge,
    Phase.PORTAL: _portal,
    Phase.AFTER_MOVE: _after_move,
}
