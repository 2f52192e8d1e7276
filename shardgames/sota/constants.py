"""SOTA constants (SOTA-D6) and the codes the engine uses for card types."""

from __future__ import annotations

DUEL_POSITIONS = 3
"""Duel Positions per player by default (SOTA-R5; the ``duel_positions`` parameter changes it)."""
MAX_DECK = 52
"""The most cards of a Shard Deck, its Persona included (SOTA-3, R3)."""
MIN_PLAYERS, MAX_PLAYERS = 2, 6
"""The number of seats (SOTA-R1)."""
MAX_TURN_PHASES = 400
"""The default turn cap: a draw after this many Turn Phases (SOTA-R21)."""

CARDS_PER_SEAT = 64
"""Instance ids of seat s are 64*s + i, where i is the card's index in the seat's decklist."""
SEAT_SHIFT = 6
"""An instance id shifted right by this many bits is its owner's seat."""
LOCAL_MASK = CARDS_PER_SEAT - 1
"""An instance id masked with this is the card's index in its owner's decklist."""
MAX_ENTRIES = 54
"""The most cards a decklist may hold: a Starter Deck (3 Personas and 51 other cards)."""

HAND_MAX = 5
OPENING_HAND = 5
ALL_STATS = 0b11111
"""The bit mask of the five stats when all are used."""

PERSONA, CHARACTER, ALLY, TRAIT = 0, 1, 2, 3
"""Card type codes."""

ATTACKER, DEFENDER = 0, 1
"""The two sides of a duel."""

PERSONA_BIT = 7
"""In a duel's bit mask of used abilities, side s's trait of Duel Position i is bit 8*s + i and its
Persona's trait is bit 8*s + 7."""
