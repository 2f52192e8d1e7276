"""shardgames: exact, fast rules engines for three tabletop games behind one interface.

Examples:
    >>> import shardgames as sg
    >>> from embers import EmbersGame  # the template game, in examples/
    >>> _ = sg.register_game(EmbersGame)
    >>> game = sg.load_game("embers(players=3)")
    >>> state = game.new_initial_state(seed=7)
    >>> while not state.is_terminal():
    ...     _ = state.apply_action(state.legal_actions()[-1])
    >>> state.returns()
    (1.0, -0.5, -0.5)
"""

from shardgames import analysis as analysis
from shardgames._version import __version__
from shardgames.agents import (
    Agent,
    FlatMonteCarloAgent,
    MCTSAgent,
    PolicyAgent,
    RandomAgent,
    strongest_agent,
)
from shardgames.arena import (
    AgentError,
    AgentFailureWarning,
    MatchRecord,
    TournamentError,
    TournamentResult,
    play_match,
    tournament,
)
from shardgames.kernel import (
    CHANCE,
    TERMINAL,
    Action,
    CardError,
    DataError,
    DeckError,
    EvaluatorError,
    Event,
    Game,
    IllegalActionError,
    InvalidParameterError,
    MissingExtraError,
    PositionError,
    Prompt,
    ReplayError,
    Rng,
    RngLike,
    SerializationError,
    ShardGamesError,
    State,
    UnknownGameError,
    UsageError,
    View,
    WriteError,
    as_rng,
    derive_seed,
    list_games,
    load_game,
    register_game,
    unregister_game,
)

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Action",
    "Agent",
    "AgentError",
    "AgentFailureWarning",
    "CardError",
    "DataError",
    "DeckError",
    "EvaluatorError",
    "Event",
    "FlatMonteCarloAgent",
    "Game",
    "IllegalActionError",
    "InvalidParameterError",
    "MCTSAgent",
    "MatchRecord",
    "MissingExtraError",
    "PolicyAgent",
    "PositionError",
    "Prompt",
    "RandomAgent",
    "ReplayError",
    "Rng",
    "RngLike",
    "SerializationError",
    "ShardGamesError",
    "State",
    "TournamentError",
    "TournamentResult",
    "UnknownGameError",
    "UsageError",
    "View",
    "WriteError",
    "__version__",
    "as_rng",
    "derive_seed",
    "list_games",
    "load_game",
    "play_match",
    "register_game",
    "strongest_agent",
    "tournament",
    "unregister_game",
]
