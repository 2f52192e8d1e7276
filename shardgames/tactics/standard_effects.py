"""The standard effects (TAC-D3): the rulebook's nine, and VOLLEY and PLACE_TERRAIN for cards beyond it.

Each is a registered `Effect` whose hooks carry its rules; see `shardgames.tactics.effects` for the
hooks and the registry. They are registered in this order, which is the order of their observation
planes.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from shardgames.kernel.actions import Action
from shardgames.tactics.actions import Attack, Move, PlaceTerrain
from shardgames.tactics.board import ADJACENT, name
from shardgames.tactics.combat import attack_targets, resolve_attack
from shardgames.tactics.effects import Effect, Timing, register_effect
from shardgames.tactics.events import EffectUsed, TerrainPlaced
from shardgames.tactics.movement import landings, move_targets, move_to, portal_exits, relocate
from shardgames.tactics.phases import AfterAttack, AfterMove, Phase, TacticsPrompt
from shardgames.tactics.terrain import TERRAINS, Terrain

if TYPE_CHECKING:
    from shardgames.tactics.game import CompiledSide
    from shardgames.tactics.state import TacticsState

__all__ = [
    "Brace",
    "Nudge",
    "Phalanx",
    "PlaceTerrainEffect",
    "RallyAdjacent",
    "RallySelf",
    "Ranged",
    "RiposteMove",
    "Striker",
    "TerrainAffinity",
    "Volley",
]

_TERRAIN_NAMES = tuple(t.value for t in TERRAINS)


def _only_amount(params: Sequence[int | str]) -> float:
    """The amount of an effect whose one parameter is an amount (``PHALANX(2)``: 2)."""
    (amount,) = params
    return float(amount)


@register_effect
class Phalanx(Effect):
    """+n Might while an ally stands on one of the eight surrounding squares."""

    name = "PHALANX"
    params = ("int",)
    text = "+{0} Might while at least one ally is adjacent."

    def might(self, s: TacticsState, warrior: int, side: CompiledSide, *, attacking: bool) -> int:
        """Its Might bonus now."""
        owner, board = s.owner, s.board
        seat = owner[warrior]
        for cell in ADJACENT[s.square[warrior]]:  # a loop: a generator would be a call per use
            if board[cell] >= 0 and owner[board[cell]] == seat:
                return side.amounts[0]
        return 0

    def strike_value(self, params: Sequence[int | str]) -> float:
        """Its worth to an attacker, for agents."""
        return 0.5 * _only_amount(params)  # it holds only some of the time


@register_effect
class Ranged(Effect):
    """Attack actions reach an enemy within effect distance n."""

    name = "RANGED"
    params = ("int",)
    text = "its attack actions may target an enemy within effect distance {0}."

    def reach(self, amounts: tuple[int, ...], names: tuple[str, ...]) -> int:
        """The reach of its attack actions."""
        (distance,) = amounts
        return distance


@register_effect
class RallySelf(Effect):
    """After moving, +n Might until its owner's next turn starts."""

    name = "RALLY_SELF"
    timing = Timing.AFTER_MOVING
    params = ("int",)
    text = "+{0} Might until your next turn starts."

    def after_move(self, s: TacticsState, warrior: int, side: CompiledSide) -> None:
        """It acts after its warrior moves."""
        s.buff[warrior] += side.amounts[0]
        s.emit(EffectUsed(warrior, s.name_of(warrior), self.name, f"+{side.amounts[0]} Might"))

    def strike_value(self, params: Sequence[int | str]) -> float:
        """Its worth to an attacker, for agents."""
        return 0.5 * _only_amount(params)  # it holds only some of the time


@register_effect
class RallyAdjacent(Effect):
    """After moving, +n Might to each adjacent ally until its owner's next turn starts."""

    name = "RALLY_ADJ"
    timing = Timing.AFTER_MOVING
    params = ("int",)
    text = "each ally adjacent after the move gets +{0} Might until your next turn starts."

    def after_move(self, s: TacticsState, warrior: int, side: CompiledSide) -> None:
        """It acts after its warrior moves."""
        allies = [s.board[c] for c in ADJACENT[s.square[warrior]] if s.board[c] >= 0]
        allies = [w for w in allies if s.owner[w] == s.owner[warrior]]
        for ally in allies:
            s.buff[ally] += side.amounts[0]
        names = ", ".join(s.name_of(a) for a in allies) or "no ally adjacent"
        s.emit(EffectUsed(warrior, s.name_of(warrior), self.name, f"+{side.amounts[0]} Might to {names}"))


@register_effect
class TerrainAffinity(Effect):
    """+n Might while standing in terrain t."""

    name = "TERRAIN_AFFINITY"
    params = ("terrain", "int")
    text = "+{1} Might while standing in {0}."

    def might(self, s: TacticsState, warrior: int, side: CompiledSide, *, attacking: bool) -> int:
        """Its Might bonus now."""
        terrain = s.terrain[s.square[warrior]]
        return side.amounts[0] if terrain >= 0 and _TERRAIN_NAMES[terrain] == side.names[0] else 0


@register_effect
class Brace(Effect):
    """Attacks against it reduce its Might by n less (never below 0)."""

    name = "BRACE"
    params = ("int",)
    text = "attacks against it reduce its Might by {0} less."

    def defend(self, side: CompiledSide, reduction: int) -> int:
        """The reduction less its Brace."""
        return max(0, reduction - side.amounts[0])

    def strike_value(self, params: Sequence[int | str]) -> float:
        """Its worth to an attacker, for agents."""
        return 0.5


@register_effect
class Striker(Effect):
    """+n Might while it is the attacker."""

    name = "STRIKER"
    params = ("int",)
    text = "+{0} Might while it is the attacker."

    def might(self, s: TacticsState, warrior: int, side: CompiledSide, *, attacking: bool) -> int:
        """Its Might bonus now."""
        return side.amounts[0] if attacking else 0

    def strike_value(self, params: Sequence[int | str]) -> float:
        """Its worth to an attacker, for agents."""
        return _only_amount(params)


@register_effect
class RiposteMove(Effect):
    """Attacked and still on the board: its controller may move it once with its own movement."""

    name = "RIPOSTE_MOVE"
    timing = Timing.REACTIVE
    optional = True
    text = "after it is attacked and still on the board, its controller may move it once (not an action)."
    escapes = True

    def choices(self, s: TacticsState, prompt: TacticsPrompt, side: CompiledSide) -> Iterable[int]:
        """The ids its controller may choose."""
        warrior = prompt.warrior
        origin, move_id = s.square[warrior], s.game.move_id
        return [move_id(origin, dest) for dest in move_targets(s, warrior)]

    def resolve(self, s: TacticsState, prompt: TacticsPrompt, action: Action, side: CompiledSide) -> None:
        """Carry out the choice (a move into an own Portal asks where it comes out first)."""
        assert isinstance(action, Move)
        warrior = prompt.warrior  # its own effect moves it, so no After-Moving (TAC-R16)
        move_to(s, warrior, action.dest)  # through an own Portal, the move waits for the exit
        s.emit(EffectUsed(warrior, s.name_of(warrior), self.name, f"moves to {name(action.dest)}"))


@register_effect
class Nudge(Effect):
    """At its owner's turn start, may move an adjacent warrior of either side 1 space."""

    name = "NUDGE"
    timing = Timing.TURN_START
    optional = True
    text = "may move one adjacent warrior, of either side, 1 space to an empty cell it can enter."

    def choices(self, s: TacticsState, prompt: TacticsPrompt, side: CompiledSide) -> Iterable[int]:
        """The ids its controller may choose (its warrior is on the board: a turn-start effect needs it)."""
        where = s.square[prompt.warrior]
        ids: list[int] = []
        move_id = s.game.move_id
        for cell in ADJACENT[where]:
            moved = s.board[cell]
            if moved >= 0:  # 1 space, to a square it may end on (only the eight around it are asked)
                around = ADJACENT[cell]
                ends = landings(s, s.side_of(moved).move.mode, around)
                ids.extend(move_id(cell, dest) for dest, ok in zip(around, ends, strict=True) if ok)
        return ids

    def resolve(self, s: TacticsState, prompt: TacticsPrompt, action: Action, side: CompiledSide) -> None:
        """Carry out the choice."""
        assert isinstance(action, Move)
        moved = s.board[action.origin]
        s.emit(EffectUsed(prompt.warrior, s.name_of(prompt.warrior), self.name, f"moves {s.name_of(moved)}"))
        relocate(s, moved, action.dest, (), None)
        s.push(AfterMove(moved))  # moved by another warrior's effect: its After-Moving acts (TAC-41)
        if portal_exits(s, moved):
            s.ask(s.owner[moved], Phase.PORTAL, moved)


@register_effect
class Volley(Effect):
    """After moving, may attack an enemy within effect distance r; the attack uses no action."""

    name = "VOLLEY"
    timing = Timing.AFTER_MOVING
    optional = True
    params = ("int",)
    text = "may attack an enemy within effect distance {0}; the attack uses no action."

    def choices(self, s: TacticsState, prompt: TacticsPrompt, side: CompiledSide) -> Iterable[int]:
        """The ids its controller may choose."""
        warrior = prompt.warrior
        origin, attack_id = s.square[warrior], s.game.attack_id
        return [attack_id(origin, t) for t in attack_targets(s, warrior, side.amounts[0])]

    def resolve(self, s: TacticsState, prompt: TacticsPrompt, action: Action, side: CompiledSide) -> None:
        """Carry out the choice."""
        assert isinstance(action, Attack)
        attacker, target = s.board[action.origin], s.board[action.target]
        s.emit(EffectUsed(attacker, s.name_of(attacker), self.name, f"attacks {name(action.target)}"))
        resolve_attack(s, attacker, target)
        s.push(AfterAttack(target))


@register_effect
class PlaceTerrainEffect(Effect):
    """After moving, may place a terrain t of its controller's on an adjacent empty square."""

    name = "PLACE_TERRAIN"
    timing = Timing.AFTER_MOVING
    optional = True
    params = ("terrain",)
    text = "may place a {0} of its controller's on an adjacent cell with no warrior and no terrain."

    def choices(self, s: TacticsState, prompt: TacticsPrompt, side: CompiledSide) -> Iterable[int]:
        """The ids its controller may choose."""
        base, board, terrain = s.game.id_place_terrain, s.board, s.terrain
        return [base + c for c in ADJACENT[s.square[prompt.warrior]] if board[c] < 0 and terrain[c] < 0]

    def resolve(self, s: TacticsState, prompt: TacticsPrompt, action: Action, side: CompiledSide) -> None:
        """Carry out the choice."""
        assert isinstance(action, PlaceTerrain)
        warrior = prompt.warrior  # the terrain belongs to the effect's controller
        terrain = Terrain(side.names[0])
        s.place_terrain(action.cell, terrain.ordinal, prompt.player)
        s.emit(EffectUsed(warrior, s.name_of(warrior), self.name, f"{terrain.value} at {name(action.cell)}"))
        s.emit(TerrainPlaced(prompt.player, terrain.value, action.cell))
