"""Shards of the Artisan (SOTA): dice-and-card duels for 2 to 6 players.

Load it with ``shardgames.load_game("sota")``; the rules, the card lists, the position format, the
action encoding and the observation layout are on the SOTA page of the documentation.

Examples:
    >>> import shardgames as sg
    >>> game = sg.load_game("sota")
    >>> state = game.new_initial_state(seed=3)
    >>> print(state.prompt)
    seat 0: choose a persona
"""

from shardgames.sota.cards import (
    AllyCard,
    Card,
    CardPool,
    CharacterCard,
    DeckEntry,
    Decklist,
    PersonaCard,
    PersonaTrait,
    Stat,
    Stats,
    TraitCard,
    TraitKind,
    Variant,
    load_card_file,
    starter_decks,
    starter_pool,
)
from shardgames.sota.decks import deck_problems, validate_deck, validate_deck_file
from shardgames.sota.game import SotaGame
from shardgames.sota.heuristics import GreedyAgent
from shardgames.sota.phases import Phase, SotaPrompt
from shardgames.sota.state import Duel, SotaState
from shardgames.sota.traits import Modifier, Trait, TraitUse, register_trait, trait_named, unregister_trait
from shardgames.sota.view import SotaView

__all__ = [
    "AllyCard",
    "Card",
    "CardPool",
    "CharacterCard",
    "DeckEntry",
    "Decklist",
    "Duel",
    "GreedyAgent",
    "Modifier",
    "PersonaCard",
    "PersonaTrait",
    "Phase",
    "SotaGame",
    "SotaPrompt",
    "SotaState",
    "SotaView",
    "Stat",
    "Stats",
    "Trait",
    "TraitCard",
    "TraitKind",
    "TraitUse",
    "Variant",
    "deck_problems",
    "load_card_file",
    "register_trait",
    "starter_decks",
    "starter_pool",
    "trait_named",
    "unregister_trait",
    "validate_deck",
    "validate_deck_file",
]
