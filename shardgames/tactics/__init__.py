"""Soulshards Tactics: an 8x8 grid tactics game for two players.

Load it with ``shardgames.load_game("tactics")``; the rules, the roster with its movement diagrams,
the terrain, the position format, the action encoding and the observation layout are on the Tactics
page of the documentation.

Examples:
    >>> import shardgames as sg
    >>> state = sg.load_game("tactics").new_initial_state(seed=2)
    >>> state.souls
    [26, 26]
"""

from shardgames.tactics.board import distance, name, square
from shardgames.tactics.effects import EFFECTS, Effect, Timing, register_effect, unregister_effect
from shardgames.tactics.events import EffectUsed
from shardgames.tactics.game import TacticsGame
from shardgames.tactics.heuristics import GreedyAgent
from shardgames.tactics.phases import Phase, TacticsPrompt
from shardgames.tactics.state import TacticsState
from shardgames.tactics.warriors import (
    Dirs,
    EffectSpec,
    Mode,
    MoveSpec,
    Side,
    Terrain,
    WarriorCard,
    load_roster_file,
    starter_roster,
)

__all__ = [
    "EFFECTS",
    "Dirs",
    "Effect",
    "EffectSpec",
    "EffectUsed",
    "GreedyAgent",
    "Mode",
    "MoveSpec",
    "Phase",
    "Side",
    "TacticsGame",
    "TacticsPrompt",
    "TacticsState",
    "Terrain",
    "Timing",
    "WarriorCard",
    "distance",
    "load_roster_file",
    "name",
    "register_effect",
    "square",
    "starter_roster",
    "unregister_effect",
]
