"""The Tactics game: parameters, the roster of one configuration, and the action space.

Examples:
    >>> import shardgames as sg
    >>> game = sg.load_game("tactics")
    >>> [card.name for card in game.roster][:3]
    ['Militia', 'Archer', 'Scout']
    >>> state = game.new_initial_state(seed=1)
    >>> print(state.prompt)
    seat 0: buy a warrior or terrain, or stop
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import attrs

from shardgames.kernel.actions import ActionCodec, ActionFamily, Choice, IntRange
from shardgames.kernel.errors import CardError
from shardgames.kernel.game import Game
from shardgames.kernel.params import int_parameter, tuple_parameter
from shardgames.kernel.state import State
from shardgames.tactics import (  # noqa: F401 - their rules functions register in phases.handlers
    play,
    setup,
    standard_effects,
)
from shardgames.tactics.action_planes import ActionPlanes
from shardgames.tactics.actions import (
    Attack,
    BuyAction,
    BuyTerrain,
    BuyWarrior,
    ChooseEffect,
    Decline,
    EndTurn,
    FirstPlayer,
    Move,
    PlaceTerrain,
    Stop,
)
from shardgames.tactics.board import RAYS
from shardgames.tactics.danger import Table, attack_costs, move_counts
from shardgames.tactics.effects import EFFECTS, Effect, Timing, is_standard
from shardgames.tactics.evaluation import EVALUATOR
from shardgames.tactics.events import EVENT_TYPES
from shardgames.tactics.movement import ENTER
from shardgames.tactics.phases import TASK_TYPES, TacticsPrompt
from shardgames.tactics.planes import STANDARD_EFFECTS, PlaneLayout
from shardgames.tactics.position import fill_from_position
from shardgames.tactics.state import TacticsState
from shardgames.tactics.view import observation_shape
from shardgames.tactics.warriors import (
    TERRAINS,
    Dirs,
    Mode,
    MoveSpec,
    Side,
    WarriorCard,
    load_roster_file,
    merge_rosters,
    starter_roster,
)

__all__ = ["CompiledSide", "TacticsGame"]

CELLS = 64


@attrs.frozen
class CompiledSide:
    """One side of a warrior card, as the rules look it up, with its movement precomputed.

    Attributes:
        amounts: The effect's number parameters, in order (``STRIKER(2)`` -> ``(2,)``).
        names: The effect's word parameters, in order (``TERRAIN_AFFINITY(water,2)`` -> ``("water",)``).
        rays: For each square, the straight lines this movement may follow from it, cut to its spaces.
        enter: For each terrain number + 1 (0: no terrain), whether this movement may enter it.
        over: Whether this movement passes over warriors (flight or jump).
        low: The fewest spaces of a move (the spaces for an exact movement, else 1).
        straight: Whether its moves are straight lines of 1 up to its spaces (the common case, which
            move generation walks along `rays`).
        reach: How far its attack actions reach (RANGED, else adjacent).
        move_counts: From each square, how many of its moves reach each square with nothing in the way
            (`shardgames.tactics.danger.move_counts`).
        attack_costs: From each square, the actions it needs to attack each square with nothing in the
            way (`shardgames.tactics.danger.attack_costs`).
        attack_spots: From each square, for each square, a nearest square to attack it from (or -1).
        rule: The registered effect (`shardgames.tactics.effects.Effect`) whose hooks carry its rules,
            or None.
    """

    might: int
    move: MoveSpec
    effect: str | None
    amounts: tuple[int, ...]
    names: tuple[str, ...]
    rays: tuple[tuple[tuple[int, ...], ...], ...]
    enter: tuple[bool, ...]
    over: bool
    low: int
    reach: int
    straight: bool
    move_counts: Table
    attack_costs: Table
    attack_spots: Table
    rule: Effect | None

    @classmethod
    def of(cls, side: Side) -> CompiledSide:
        """Compile one side of a card."""
        move = side.move
        effect = side.effect
        params = effect.params if effect else ()
        if move.dirs is Dirs.FREE or move.spaces == 0:
            rays: tuple[tuple[tuple[int, ...], ...], ...] = ((),) * CELLS
        else:
            rays = tuple(
                tuple(ray[: move.spaces] for ray in RAYS[move.dirs][origin]) for origin in range(CELLS)
            )
        enter = ENTER[move.mode]
        amounts = tuple(p for p in params if isinstance(p, int))
        names = tuple(p for p in params if isinstance(p, str))
        rule = EFFECTS[effect.name] if effect is not None else None
        reach = rule.reach(amounts, names) if rule is not None else 1
        return cls(
            side.might,
            move,
            effect.name if effect else None,
            amounts,
            names,
            rays,
            enter,
            move.mode in (Mode.FLIGHT, Mode.JUMP),
            move.spaces if move.exact else 1,
            reach,
            move.dirs is not Dirs.FREE and not move.exact,
            tuple(move_counts(move, origin) for origin in range(CELLS)),
            *attack_costs(move, reach),
            rule,
        )


def _compiled_sides(roster: tuple[WarriorCard, ...]) -> tuple[tuple[CompiledSide, CompiledSide], ...]:
    """Both sides of every card, compiled (games of one roster and one set of effects share them)."""
    return _compile_sides(roster, tuple(EFFECTS.values()))


@functools.lru_cache(maxsize=16)
def _compile_sides(
    roster: tuple[WarriorCard, ...], effects: tuple[Effect, ...]
) -> tuple[tuple[CompiledSide, CompiledSide], ...]:
    # `effects` is part of the key: an effect registered again under its name is compiled again
    return tuple((CompiledSide.of(card.uninjured), CompiledSide.of(card.injured)) for card in roster)


Steps = tuple[tuple[tuple[tuple[int, int], ...], ...], ...]
"""For each square, the rays of a movement as ``(square, id of the move there)`` pairs."""


@functools.lru_cache(maxsize=64)
def _steps(rays: tuple[tuple[tuple[int, ...], ...], ...], id_move: int) -> Steps:
    """`CompiledSide.rays` with the id of the move to each square (games of one roster share them)."""
    return tuple(
        tuple(tuple((cell, id_move + origin * CELLS + cell) for cell in ray) for ray in by_origin)
        for origin, by_origin in enumerate(rays)
    )


@functools.lru_cache(maxsize=16)
def _codec(card_ids: tuple[str, ...]) -> ActionCodec:
    """The action codec of a roster (shared by its games: loading a game again costs nothing).

    The actions on squares are built up front (purchases, moves and attacks).
    """
    cells = IntRange(0, CELLS)
    codec = ActionCodec(
        [
            ActionFamily(Stop),
            ActionFamily(BuyWarrior, card=Choice(card_ids), cell=cells),
            ActionFamily(BuyTerrain, terrain=Choice(TERRAINS), cell=cells),
            ActionFamily(Move, origin=cells, dest=cells),
            ActionFamily(Attack, origin=cells, target=cells),
            ActionFamily(BuyAction),
            ActionFamily(EndTurn),
            ActionFamily(Decline),
            ActionFamily(PlaceTerrain, cell=cells),
            ActionFamily(ChooseEffect, cell=cells),
        ],
        chance_families=[ActionFamily(FirstPlayer, seat=IntRange(0, 2))],
    )
    moves = codec.first_id(Move) + CELLS * CELLS
    for index in range(codec.first_id(BuyWarrior), moves):
        codec.decode(index)
    attacks = codec.first_id(Attack)
    for index in range(attacks, attacks + CELLS * CELLS):
        codec.decode(index)
    return codec


@functools.lru_cache(maxsize=16)
def _action_planes(card_ids: tuple[str, ...]) -> ActionPlanes:
    """The action planes of a roster (shared by its games, like the codec)."""
    return ActionPlanes(card_ids, _codec(card_ids))


def _file_reference(value: Any) -> str:
    if not isinstance(value, str) or not value.endswith((".toml", ".json")):
        raise TypeError(f"must be a .toml or .json roster file, not {value!r}")
    return value


def _codes(roster: tuple[WarriorCard, ...]) -> tuple[str, ...]:
    """A one-letter code per warrior for board diagrams: a letter of its name not taken yet, or ``?``."""
    taken: set[str] = set()
    codes = []
    for card in roster:
        letters = [c.upper() for c in card.name.replace("CMDR", "").strip() if c.isalpha()]
        code = next((c for c in letters if c not in taken), "?")
        taken.add(code)
        codes.append(code)
    return tuple(codes)


class TacticsGame(Game):
    """Soulshards Tactics: 8x8 grid tactics for two players (see the Tactics docs page).

    Parameters: `souls` (each player's Souls), `actions` (actions per turn), `max_turns` (the turn cap),
    `roster` (card files whose warriors join the roster) and `chance`.
    """

    name = "tactics"
    title = "Soulshards Tactics"
    summary = "8x8 grid tactics for two players: buy an army, then defeat the enemy commanders"
    parameters = (
        int_parameter("souls", 26, "Souls each player starts with (TAC-14)", low=1, high=99),
        int_parameter("actions", 3, "actions per turn (TAC-25)", low=1, high=9),
        int_parameter("max_turns", 200, "a draw after this many turns in all (TAC-R17)", low=1),
        tuple_parameter(
            "roster",
            None,
            "card files whose warriors join the roster (a warrior with an existing id replaces it)",
            item=_file_reference,
            item_kind="roster file",
        ),
    )
    state_type = TacticsState
    event_types = EVENT_TYPES
    prompt_types = (TacticsPrompt,)
    task_types = TASK_TYPES
    turn_cap_parameter = "max_turns"
    content_kind = "warriors"
    evaluator = EVALUATOR
    search_rate = 400  # benchmarks/search.py: the median of seven mid-game positions, rounded down
    sample_configurations = (
        "tactics(souls=12,max_turns=30)",
        "tactics(actions=2,chance=explicit,max_turns=40)",
    )

    def _check_parameters(self, values: Mapping[str, Any]) -> Iterable[str]:
        problems: list[str] = []
        extra: list[tuple[WarriorCard, ...]] = []
        for index, path in enumerate(values["roster"] or ()):
            try:
                extra.append(load_roster_file(Path(path)))
            except CardError as exc:
                problems.extend(f"roster[{index}]: {p}" for p in exc.problems)
        if not problems:
            self._compile(merge_rosters(starter_roster(), *extra))
        return problems

    def _compile(self, roster: tuple[WarriorCard, ...]) -> None:
        self.roster = roster
        self.cost = tuple(card.cost for card in roster)
        self.commander = tuple(card.commander for card in roster)
        self.commanders = frozenset(number for number, card in enumerate(roster) if card.commander)
        self.placement = tuple(setup.placement_rows(cost) for cost in self.cost)
        # the kinds of piece by where they may go (see `Purchases.cells`), and each card's kind
        self.piece_kinds = tuple(sorted(set(zip(self.placement, self.commander, strict=True))))
        self.piece_kind = tuple(
            self.piece_kinds.index(kind) for kind in zip(self.placement, self.commander, strict=True)
        )
        self.price = tuple(  # by whether the buyer has a commander
            tuple(setup.warrior_price(card.cost, card.commander, has_commander) for card in roster)
            for has_commander in (False, True)
        )
        self.codes = _codes(roster)
        self.card_number = {card.id: index for index, card in enumerate(roster)}
        self.sides = _compiled_sides(roster)
        self.side_names = tuple((card.uninjured.name, card.injured.name) for card in roster)
        self.turn_start_cards = frozenset(
            index
            for index, sides in enumerate(self.sides)
            if any(side.rule is not None and side.rule.timing is Timing.TURN_START for side in sides)
        )
        own = (
            side.rule for sides in self.sides for side in sides if side.rule and not is_standard(side.rule)
        )
        self.planes = PlaneLayout.of([*STANDARD_EFFECTS, *dict.fromkeys(own)])

    @property
    def num_players(self) -> int:
        """Tactics is for two players."""
        return 2

    def _make_codec(self) -> ActionCodec:
        codec = _codec(tuple(card.id for card in self.roster))
        self.id_stop = codec.encode(Stop())
        self.id_buy_warrior = codec.first_id(BuyWarrior)
        self.id_buy_terrain = codec.first_id(BuyTerrain)
        # the ids of buying each card (each terrain) on each square, for the setup listing
        self.buy_warrior_ids = tuple(
            tuple(range(start, start + CELLS))
            for start in range(self.id_buy_warrior, self.id_buy_terrain, CELLS)
        )
        self.buy_terrain_ids = tuple(
            tuple(range(start, start + CELLS))
            for start in range(self.id_buy_terrain, self.id_buy_terrain + len(TERRAINS) * CELLS, CELLS)
        )
        self.id_move = codec.first_id(Move)
        # ``steps[card][injured][square]``: each side's rays with the ids of the moves, for the listing
        self.steps = tuple(tuple(_steps(side.rays, self.id_move) for side in sides) for sides in self.sides)
        self.id_attack = codec.first_id(Attack)
        self.id_buy_action = codec.encode(BuyAction())
        self.id_end_turn = codec.encode(EndTurn())
        self.id_decline = codec.encode(Decline())
        self.id_place_terrain = codec.first_id(PlaceTerrain)
        self.id_choose_effect = codec.first_id(ChooseEffect)
        self.coin_outcomes = tuple((FirstPlayer(seat), 1) for seat in (0, 1))
        self.actions_per_turn: int = self.params["actions"]
        return codec

    def move_id(self, origin: int, dest: int) -> int:
        """The id of ``Move(origin, dest)``."""
        return self.id_move + origin * CELLS + dest

    @property
    def action_planes(self) -> ActionPlanes:
        """The action ids laid out as planes over the board, for convolutional policy heads.

        See `shardgames.tactics.action_planes`.
        """
        return _action_planes(tuple(card.id for card in self.roster))

    def attack_id(self, origin: int, target: int) -> int:
        """The id of ``Attack(origin, target)``."""
        return self.id_attack + origin * CELLS + target

    @property
    def turn_cap(self) -> int:
        """The turn cap, `max_turns`: a Tactics game always has one (TAC-R17)."""
        cap = super().turn_cap
        assert cap is not None  # `turn_cap_parameter` names a parameter of at least 1
        return cap

    @property
    def max_game_length(self) -> int:
        """A bound on the decisions of a game: setup, then `max_turns` turns of at most 96 + 5 (A + 1) + 2.

        Setup: every purchase puts a warrior or terrain on a free square of its buyer's four closest
        rows (32 squares), and each seat stops once: at most 2 x (32 + 1) decisions. A turn: warriors
        stand in their owner's two closest rows, so a seat has at most 16; each NUDGE warrior gives at
        most 6 decisions (its place in the order, the nudge, the nudged warrior's portal, its After-
        Moving effect, the riposte to a VOLLEY and that riposte's portal). Each of the A actions and
        the one bought action (TAC-26) gives at most 5 (a move, its portal, an After-Moving effect, a
        riposte to it and that riposte's portal); buying an action and ending the turn are one more each.
        """
        per_turn = 6 * 16 + 5 * (self.actions_per_turn + 1) + 2
        return 2 * (32 + 1) + int(self.params["max_turns"]) * per_turn

    @property
    def observation_shape(self) -> tuple[int, ...]:
        """Planes over the board; see `shardgames.tactics.view` for the layout."""
        return observation_shape(self)

    def _state_from_position(self, state: State, position: Mapping[str, Any]) -> None:
        assert isinstance(state, TacticsState)
        fill_from_position(self, state, position)
