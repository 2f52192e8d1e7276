"""The shared kernel: everything the games have in common, and nothing game-specific.

The kernel imports no game, agent or adapter. Game authors import from here; users mostly need
`shardgames` itself.
"""

from shardgames.kernel import fields
from shardgames.kernel.actions import (
    Action,
    ActionCodec,
    ActionFamily,
    Choice,
    Domain,
    IntRange,
    Maybe,
)
from shardgames.kernel.errors import (
    ActionCodecError,
    CardError,
    DataError,
    DeckError,
    EvaluatorError,
    IllegalActionError,
    InvalidParameterError,
    MissingExtraError,
    PositionError,
    ReplayError,
    SerializationError,
    ShardGamesError,
    UnknownGameError,
    UsageError,
    WriteError,
)
from shardgames.kernel.events import Event, GameEnded, Log
from shardgames.kernel.fields import Table, state_class, view_class
from shardgames.kernel.game import Game, game_class, list_games, load_game, register_game, unregister_game
from shardgames.kernel.handlers import Handlers
from shardgames.kernel.params import (
    Parameter,
    bool_parameter,
    choice_parameter,
    int_parameter,
    tuple_parameter,
)
from shardgames.kernel.rng import Rng, RngLike, as_rng, derive_seed
from shardgames.kernel.state import CHANCE, TERMINAL, Prompt, State, Task
from shardgames.kernel.views import BaseViewFields, View, deal
from shardgames.kernel.zones import (
    EVERYONE,
    DeckView,
    Hand,
    HandView,
    HiddenDeck,
    knows,
    only,
    redeal,
    unknown_cards,
)

__all__ = [
    "CHANCE",
    "EVERYONE",
    "TERMINAL",
    "Action",
    "ActionCodec",
    "ActionCodecError",
    "ActionFamily",
    "BaseViewFields",
    "CardError",
    "Choice",
    "DataError",
    "DeckError",
    "DeckView",
    "Domain",
    "EvaluatorError",
    "Event",
    "Game",
    "GameEnded",
    "Hand",
    "HandView",
    "Handlers",
    "HiddenDeck",
    "IllegalActionError",
    "IntRange",
    "InvalidParameterError",
    "Log",
    "Maybe",
    "MissingExtraError",
    "Parameter",
    "PositionError",
    "Prompt",
    "ReplayError",
    "Rng",
    "RngLike",
    "SerializationError",
    "ShardGamesError",
    "State",
    "Table",
    "Task",
    "UnknownGameError",
    "UsageError",
    "View",
    "WriteError",
    "as_rng",
    "bool_parameter",
    "choice_parameter",
    "deal",
    "derive_seed",
    "fields",
    "game_class",
    "int_parameter",
    "knows",
    "list_games",
    "load_game",
    "only",
    "redeal",
    "register_game",
    "state_class",
    "tuple_parameter",
    "unknown_cards",
    "unregister_game",
    "view_class",
]
