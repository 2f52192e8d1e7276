"""Shard Command: a trading-card game with a response queue, and the point-buy card designer behind it.

This package holds the card designer: the card model, the 52 keywords, the cost model that prices a design
line by line, decks and formats, and a generator of random legal designs. None of it needs a game to be
played; the Designing cards page of the documentation explains it for game designers. The game itself
is `CommandGame`; `QueueItem` and its kinds (`SPELL`, `ABILITY`, `TRIGGERED`, `VOLATILE`) read the
Response Queue, ``state.queue``.

Examples:
    >>> from shardgames.command import check_deck, price, starter_decks, starter_pool
    >>> price(starter_pool()["Windcaller"]).tax
    9
    >>> check_deck(starter_decks()["pyre"]).main_tax
    144
"""

from shardgames.command.cardfiles import (
    card_to_data,
    check_card_entries,
    load_card_file,
    parse_cards,
    starter_pool,
)
from shardgames.command.cards import (
    Card,
    CardPool,
    EntityCard,
    ItemCard,
    KeywordInstance,
    MainDeckCard,
    RiteCard,
    ShardCost,
    SovereignCard,
)
from shardgames.command.cost import Price, PriceLine, SovereignPrice, price
from shardgames.command.decks import (
    Decklist,
    DeckReport,
    FormatCheck,
    Stones,
    check_deck,
    check_decks,
    load_deck_file,
    starter_decks,
    validate_deck,
    validate_deck_file,
)
from shardgames.command.design import check_card, design_problems
from shardgames.command.formats import BUDGET, FORMATS, PRO, STANDARD, Format
from shardgames.command.game import CommandGame
from shardgames.command.generator import random_card, random_deck
from shardgames.command.heuristics import GreedyAgent
from shardgames.command.keywords import (
    KEYWORDS,
    CardType,
    Element,
    Keyword,
    KeywordKind,
    Reach,
    Scope,
    Trigger,
    keyword,
    register_keyword,
    registered_keywords,
)
from shardgames.command.objects import ABILITY, QUEUE_ITEM_KINDS, SPELL, TRIGGERED, VOLATILE, QueueItem

__all__ = [
    "ABILITY",
    "BUDGET",
    "FORMATS",
    "KEYWORDS",
    "PRO",
    "QUEUE_ITEM_KINDS",
    "SPELL",
    "STANDARD",
    "TRIGGERED",
    "VOLATILE",
    "Card",
    "CardPool",
    "CardType",
    "CommandGame",
    "DeckReport",
    "Decklist",
    "Element",
    "EntityCard",
    "Format",
    "FormatCheck",
    "GreedyAgent",
    "ItemCard",
    "Keyword",
    "KeywordInstance",
    "KeywordKind",
    "MainDeckCard",
    "Price",
    "PriceLine",
    "QueueItem",
    "Reach",
    "RiteCard",
    "Scope",
    "ShardCost",
    "SovereignCard",
    "SovereignPrice",
    "Stones",
    "Trigger",
    "card_to_data",
    "check_card",
    "check_card_entries",
    "check_deck",
    "check_decks",
    "design_problems",
    "keyword",
    "load_card_file",
    "load_deck_file",
    "parse_cards",
    "price",
    "random_card",
    "random_deck",
    "register_keyword",
    "registered_keywords",
    "starter_decks",
    "starter_pool",
    "validate_deck",
    "validate_deck_file",
]
