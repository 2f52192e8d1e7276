"""What a Tactics player reads from the board: where warriors can go, and who can injure whom.

`Reading` is one seat's reading of a position. It answers the questions a player asks before
moving, without searching ahead: where a warrior gets to in a few moves (`Reading.reach`), how many
actions an enemy needs to attack a square (`Reading.attack_cost`, its moves counted by distance,
ignoring what stands in the way but not squares it cannot stand on), and whether the enemy can injure
a warrior on a square with the actions of a turn (`Reading.risk`: the enemies that fit in those
actions add up their Might against its own; one attack is enough once only commanders are left,
TAC-11). `GreedyAgent` decides with it.

Examples:
    Two armies in contact: each side's commander (Vale) between a Knight and a Pikeman.

    >>> import shardgames as sg
    >>> from shardgames.tactics.danger import Reading
    >>> board = '''
    ...     5  .  .  k  v  p  .  .  .
    ...     4  .  .  K  V  P  .  .  .
    ... '''
    >>> position = {"phase": "play", "active": 0, "turn": 1, "board": board}
    >>> state = sg.load_game("tactics").state_from_position(position, seed=1)
    >>> reading = Reading(state, 0, sg.Rng(0))
    >>> vale = reading.my_commanders[0]
    >>> need, spare = reading.risk(vale, state.square[vale], reading.enemy_actions())
    >>> need, spare >= 0  # one enemy action injures it, with Might to spare
    (1, True)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import cache, partial
from typing import TYPE_CHECKING, TypeVar

import numpy as np

from shardgames.kernel.errors import UsageError
from shardgames.kernel.rng import Rng
from shardgames.tactics.board import ADJACENT, WITHIN, distance
from shardgames.tactics.combat import defended, might
from shardgames.tactics.movement import moves_of
from shardgames.tactics.warriors import Dirs, MoveSpec, Terrain

if TYPE_CHECKING:
    from shardgames.tactics.game import CompiledSide
    from shardgames.tactics.state import TacticsState

__all__ = ["FAR", "FIRE", "Reading", "Table", "attack_costs", "knapsack", "move_counts"]

T = TypeVar("T")

Table = tuple[tuple[int, ...], ...]
"""A number for each square from each square: ``table[origin][square]``."""

FIRE = Terrain.FIRE.ordinal
FAR = 99
"""More actions than any turn has: out of reach."""


@cache
def move_counts(spec: MoveSpec, origin: int) -> tuple[int, ...]:
    """For each square, how many moves of `spec` reach it from `origin`, ignoring what is in the way."""
    n = spec.spaces
    ox, oy = origin % 8, origin // 8
    counts = []
    for cell in range(64):
        dx, dy = abs(cell % 8 - ox), abs(cell // 8 - oy)
        if dx == dy == 0:
            counts.append(0)
        elif n == 0:
            counts.append(FAR)
        elif spec.dirs is Dirs.ORTHO:
            counts.append(-(-dx // n) - (-dy // n))
        elif spec.dirs is Dirs.DIAG:
            counts.append(FAR if (dx + dy) % 2 else -(-(dx + dy) // 2 // n) - (-abs(dx - dy) // 2 // n))
        elif spec.dirs is Dirs.FREE or 0 in (dx, dy) or dx == dy:
            counts.append(-(-max(dx, dy) // n))
        else:  # a straight line in any direction: two moves at least off the eight lines
            counts.append(max(2, -(-max(dx, dy) // n)))
    return tuple(counts)


@cache
def attack_costs(spec: MoveSpec, reach: int) -> tuple[Table, Table]:
    """What a warrior moving by `spec` needs to attack each square from each square, with nothing in the way.

    Its moves are counted by distance (`move_counts`) to the nearest square within `reach` of the
    target, then one action for the attack. `Reading.attack_cost` answers the same question in a
    position, where squares taken or closed to the movement do not count, so it is never less than
    this: when the nearest square is open there, this is its answer.

    Returns:
        ``costs[origin][target]``: the actions (``FAR + 1`` when no number of moves gets there), and
        ``spots[origin][target]``: a nearest square to attack from (-1 when there is none).

    Examples:
        >>> from shardgames.tactics.warriors import Dirs, Mode, MoveSpec
        >>> knight = MoveSpec(Dirs.ORTHO, 2, False, Mode.NONE)
        >>> costs, spots = attack_costs(knight, 1)
        >>> costs[0][1], costs[0][3], costs[0][63]  # beside it; one move away; across the board
        (1, 2, 7)
        >>> spots[0][1], spots[0][3]  # from where it stands; from two squares along
        (0, 2)
    """
    counts = np.array([move_counts(spec, origin) for origin in range(64)])  # [origin][square]
    beside = np.zeros((64, 64), dtype=bool)  # [target][square]: the square is within reach of the target
    for target in range(64):
        beside[target, list(WITHIN[reach][target])] = True
    options = np.where(beside[None, :, :], counts[:, None, :], FAR)  # [origin][target][square]
    best = options.min(axis=2)
    spots = np.where(best < FAR, options.argmin(axis=2), -1)
    return (
        tuple(tuple(int(cost) + 1 for cost in row) for row in best),
        tuple(tuple(int(spot) for spot in row) for row in spots),
    )


def knapsack(items: Iterable[tuple[int, int]], actions: int) -> list[int]:
    """The most Might that attacks ``(actions needed, Might)`` bring within 0, 1, ... `actions` actions."""
    best = [0] * (actions + 1)
    for cost, amount in items:
        for budget in range(actions, cost - 1, -1):
            more = best[budget - cost] + amount
            if more > best[budget]:  # noqa: PLR1730 - a comparison, not a call: the greedy agent's hottest loop
                best[budget] = more
    return best


class Reading:
    """Seat `me`'s reading of a position, with caches that hold while the position does not change.

    `rng` breaks the player's ties (`tie`); a reading without one (as the evaluator reads positions)
    answers every question but that one.
    """

    def __init__(self, state: TacticsState, me: int, rng: Rng | None = None) -> None:
        self.s = state
        self.rng = rng
        game = state.game
        self.game = game
        self.me = me
        self.foe = 1 - me
        self.is_commander = game.commander
        self.mine = state.warriors_of(me)
        self.theirs = state.warriors_of(self.foe)
        self.my_commanders = [w for w in self.mine if self.is_commander[state.card[w]]]
        self.their_commanders = [w for w in self.theirs if self.is_commander[state.card[w]]]
        self._reach: dict[tuple[int, int], dict[int, tuple[int, int, int | None]]] = {}

    def tie(self) -> float:
        """A random tie-break (the same for both seats, unlike square numbers).

        Raises:
            UsageError: If the reading has no generator.
        """
        if self.rng is None:
            raise UsageError("this reading has no generator to break ties with")
        return self.rng.random()

    # ------------------------------------------------------------------ warriors and squares

    def commander(self, warrior: int) -> bool:
        """Whether the warrior is a commander."""
        return self.is_commander[self.s.card[warrior]]

    def worth(self, warrior: int) -> float:
        """What defeating the warrior is worth."""
        return 100.0 if self.commander(warrior) else 2.0 + self.game.cost[self.s.card[warrior]]

    def moved(self, warrior: int, cell: int, measure: Callable[[], T]) -> T:
        """`measure()` with the warrior standing on `cell` for a moment."""
        s = self.s
        home = s.square[warrior]
        if home == cell:
            return measure()
        board = s.board
        kept = board[cell]
        board[home], board[cell], s.square[warrior] = -1, warrior, cell
        try:
            return measure()
        finally:
            board[cell], board[home], s.square[warrior] = kept, warrior, home

    def destinations(self, warrior: int, origin: int | None = None) -> list[tuple[int, int | None]]:
        """Where one move action takes the warrior from `origin` (default: its square): (square, portal)."""
        s = self.s
        here = s.square[warrior]
        if origin is None or origin == here:
            return [(dest, via) for dest, via, _ in moves_of(s, warrior)]
        return self.moved(warrior, origin, lambda: [(d, v) for d, v, _ in moves_of(s, warrior)])

    def reach(self, warrior: int, depth: int) -> dict[int, tuple[int, int, int | None]]:
        """The squares the warrior reaches in up to `depth` moves, fewest moves first.

        Returns:
            For each square: (moves, the first move's destination, the portal it goes through).
        """
        key = (warrior, depth)
        known = self._reach.get(key)
        if known is not None:
            return known
        start = self.s.square[warrior]
        found: dict[int, tuple[int, int, int | None]] = {start: (0, start, None)}
        frontier = [start]
        for moves in range(1, depth + 1):
            following = []
            for cell in frontier:
                for dest, via in self.destinations(warrior, cell):
                    if dest not in found:
                        first = (dest, via) if moves == 1 else found[cell][1:]
                        found[dest] = (moves, first[0], first[1])
                        following.append(dest)
            frontier = following
        self._reach[key] = found
        return found

    # ------------------------------------------------------------------ danger

    def enemy_actions(self) -> int:
        """The actions the enemy has on its next turn (one more when it can buy one)."""
        return self.game.actions_per_turn + (self.s.souls[self.foe] >= 1)

    def strike(self, attacker: int, *, now: bool) -> int:
        """The attacker's Might in an attack: `now`, or on its owner's next turn (rallies gone)."""
        s = self.s
        value = might(s, attacker, attacking=True)
        if now:
            return value
        value += s.reduction[attacker] + s.scorched[attacker] - s.buff[attacker]
        if s.terrain[s.square[attacker]] == FIRE:
            value -= 1
        return value

    def allies_beside(self, warrior: int, cell: int) -> int:
        """How many other warriors of the same owner stand next to `cell`."""
        s = self.s
        owner, board = s.owner[warrior], s.board
        return sum(1 for c in ADJACENT[cell] if board[c] not in (-1, warrior) and s.owner[board[c]] == owner)

    def attack_cost(self, enemy: int, cell: int, lifted: int) -> int:
        """The actions `enemy` needs to attack a warrior on `cell` (moves, by distance, then the attack)."""
        s = self.s
        return self._attack_cost(s.side_of(enemy), s.square[enemy], enemy, cell, lifted)

    def _attack_cost(self, side: CompiledSide, origin: int, enemy: int, cell: int, lifted: int) -> int:
        s = self.s
        enter, board, terrain = side.enter, s.board, s.terrain
        spot = side.attack_spots[origin][cell]  # the nearest with nothing in the way: is it open here?
        if spot < 0:
            return FAR + 1
        occupant = board[spot]
        if (occupant < 0 or occupant in (enemy, lifted)) and enter[terrain[spot] + 1]:
            return side.attack_costs[origin][cell]
        counts = side.move_counts[origin]
        best = FAR
        for spot in WITHIN[side.reach][cell]:
            occupant = board[spot]
            if occupant >= 0 and occupant not in (enemy, lifted):
                continue
            if counts[spot] < best and enter[terrain[spot] + 1]:
                best = counts[spot]
        return best + 1

    def risk(self, warrior: int, cell: int, actions: int, *, now: bool = False) -> tuple[int, int]:
        """How the enemy could injure the warrior on `cell` with `actions`.

        With `now`, this is the enemy's turn under way: attacks already made are spent and Might is
        as it stands; otherwise it is the enemy's next turn.

        Returns:
            The fewest enemy actions that injure it (`FAR` if `actions` do not), and the Might to
            spare with all `actions` (0 or more injures it).
        """
        return self.risks(warrior, (cell,), actions, now=now)[0]

    def risks(
        self, warrior: int, cells: Iterable[int], actions: int, *, now: bool = False
    ) -> list[tuple[int, int]]:
        """`risk` for each of `cells`, the warrior standing there in turn (the rest of the board as it is).

        What does not depend on the square is read once, not for each square: each enemy's side and
        square, the Might its attack takes from the warrior, whether only commanders are left, and
        the warrior's own Might when no effect makes it depend on where it stands.
        """
        s = self.s
        owner = s.owner[warrior]
        side = s.side_of(warrior)
        square, attacked = s.square, s.attacked
        enemies = [
            (enemy, s.side_of(enemy), square[enemy])
            for enemy in (self.theirs if owner == self.me else self.mine)
            if not (now and attacked[enemy])
        ]
        friends = self.mine if owner == self.me else self.theirs
        exposed = all(self.commander(w) for w in friends)  # TAC-11: any attack injures
        hits: dict[int, int] = {}  # the Might each enemy's attack takes, read when first needed
        steady = side.rule is None  # without an effect, its Might is the same on every square
        fixed: int | None = None
        found = []
        for cell in cells:
            items = []
            for enemy, enemy_side, origin in enemies:
                if enemy_side.attack_costs[origin][cell] > actions:
                    continue  # out of reach even with nothing in the way
                cost = self._attack_cost(enemy_side, origin, enemy, cell, warrior)
                if cost <= actions:
                    hit = hits.get(enemy)
                    if hit is None:
                        hit = hits[enemy] = defended(side, self.strike(enemy, now=now))
                    items.append((cost, hit))
            if not items:
                found.append((FAR, -FAR))
                continue
            if exposed:
                found.append((min(cost for cost, _ in items), 0))
                continue
            if not steady:
                defence = self.moved(warrior, cell, lambda: might(s, warrior))
            elif fixed is None:
                defence = fixed = might(s, warrior)
            else:
                defence = fixed
            if not now:
                defence += s.reduction[warrior] + s.scorched[warrior] - (s.terrain[cell] == FIRE)
            best = knapsack(items, actions)
            defence = max(defence, 0)
            need = next((budget for budget, amount in enumerate(best) if amount >= defence), FAR)
            found.append((need, best[actions] - defence))
        return found

    def commanders_safe_with(self, warrior: int, cell: int) -> bool:
        """Whether moving the warrior to `cell` lets no new danger reach a commander of ours."""
        actions = self.enemy_actions()
        for commander in self.my_commanders:
            if commander == warrior:
                continue
            home = self.s.square[commander]
            before = self.risk(commander, home, actions)[1]
            after = self.moved(warrior, cell, partial(self.risk, commander, home, actions))[1]
            if after >= 0 > before:
                return False
        return True

    def goal(self, cell: int) -> int:
        """The square of the enemy commander nearest to `cell` (of any enemy when none is left)."""
        targets = self.their_commanders or self.theirs
        if not targets:
            return cell
        return min((self.s.square[w] for w in targets), key=lambda g: (distance(cell, g), g))
