"""SOTA events: everything that happens, in the past tense.

Cards are named by their instance id (unique in the game) and, for readable logs, by name. Events about
a card only its owner may see (a draw, a card put under the deck by a redraw) blank the card for the
other seats (`Event.censor`).
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from shardgames.kernel.events import Event

__all__ = [
    "AllyPlayed",
    "CardDrawn",
    "CardFractured",
    "CardMilled",
    "CardPutUnder",
    "CardReturned",
    "CharacterPlaced",
    "CharacterSwapped",
    "DieRolled",
    "DuelDeclared",
    "DuelResolved",
    "ModifierUsed",
    "PersonaChosen",
    "PlayerEliminated",
    "StartRolled",
    "StartingPlayerChosen",
    "TraitAssigned",
    "TurnPhaseBegan",
    "TurnPhaseEnded",
    "TwinResponseChosen",
]


@attrs.frozen
class PersonaChosen(Event):
    """A seat chose its Persona; the others of its decklist left the game."""

    player: int
    card: int
    name: str
    set_aside: tuple[int, ...]

    def __str__(self) -> str:
        return f"seat {self.player} chose persona {self.name}"


@attrs.frozen
class _OwnCard(Event):
    """Something about a card of `player`'s that only `player` sees: the others see no card or name."""

    private_field: ClassVar[str] = "player"
    hidden_fields: ClassVar[tuple[str, ...]] = ("card", "name")
    player: int
    card: int | None
    name: str | None


@attrs.frozen
class CardDrawn(_OwnCard):
    """A seat drew a card (only the seat itself sees which)."""

    def __str__(self) -> str:
        return f"seat {self.player} drew {self.name or 'a card'}"


@attrs.frozen
class CardPutUnder(_OwnCard):
    """A redraw put a hand card under the deck; only its owner knows which."""

    def __str__(self) -> str:
        return f"seat {self.player} put {self.name or 'a card'} under the deck"


@attrs.frozen
class StartRolled(Event):
    """A seat rolled its start-roll die."""

    player: int
    face: int

    def __str__(self) -> str:
        return f"seat {self.player} rolled {self.face} for the start"


@attrs.frozen
class StartingPlayerChosen(Event):
    """The start roll chose the first active seat."""

    player: int

    def __str__(self) -> str:
        return f"seat {self.player} starts"


@attrs.frozen
class TurnPhaseBegan(Event):
    """A Turn Phase began."""

    player: int
    turn: int

    def __str__(self) -> str:
        return f"turn phase {self.turn}: seat {self.player} is active"


@attrs.frozen
class TurnPhaseEnded(Event):
    """The active seat's Turn Phase ended."""

    player: int

    def __str__(self) -> str:
        return f"seat {self.player}'s turn phase ends"


@attrs.frozen
class CharacterPlaced(Event):
    """A Character went from hand into a Duel Position."""

    player: int
    card: int
    name: str
    slot: int

    def __str__(self) -> str:
        return f"seat {self.player} placed {self.name} in position {self.slot}"


@attrs.frozen
class CharacterSwapped(Event):
    """A Character from hand replaced one in a full row, which went under the deck."""

    player: int
    slot: int
    returned: int
    returned_name: str
    card: int
    name: str

    def __str__(self) -> str:
        return f"seat {self.player} swapped {self.returned_name} for {self.name} in position {self.slot}"


@attrs.frozen
class AllyPlayed(Event):
    """An Ally went on top of its Ally Position."""

    player: int
    card: int
    name: str

    def __str__(self) -> str:
        return f"seat {self.player} played ally {self.name}"


@attrs.frozen
class TraitAssigned(Event):
    """A Trait was attached to a Character in a Duel Position."""

    player: int
    card: int
    name: str
    slot: int

    def __str__(self) -> str:
        return f"seat {self.player} assigned trait {self.name} to position {self.slot}"


@attrs.frozen
class DuelDeclared(Event):
    """A duel was declared: the active seat's unit, the stat, the target."""

    attacker: int
    unit: tuple[str, ...]
    stat: str
    defender: int
    target: tuple[str, ...]
    kind: str

    def __str__(self) -> str:
        return (
            f"{self.kind}: seat {self.attacker}'s {' + '.join(self.unit)} challenges "
            f"seat {self.defender}'s {' + '.join(self.target)} on {self.stat}"
        )


@attrs.frozen
class TwinResponseChosen(Event):
    """The defender answered a challenge to one twin."""

    player: int
    twins: bool

    def __str__(self) -> str:
        return f"seat {self.player} answers {'with both twins' if self.twins else 'normally'}"


@attrs.frozen
class DieRolled(Event):
    """A duel die (or a re-roll die) was rolled."""

    player: int
    face: int
    reroll: bool

    def __str__(self) -> str:
        return f"seat {self.player} {'re-rolled' if self.reroll else 'rolled'} {self.face}"


@attrs.frozen
class ModifierUsed(Event):
    """A duellist used a Trait, Persona trait, Ally or R-Ally."""

    player: int
    source: str
    effect: str

    def __str__(self) -> str:
        return f"seat {self.player} used {self.source}: {self.effect}"


@attrs.frozen
class DuelResolved(Event):
    """A duel's Stat Totals were compared."""

    attacker: int
    defender: int
    attacker_total: int
    defender_total: int
    winner: int | None

    def __str__(self) -> str:
        result = "a tie" if self.winner is None else f"seat {self.winner} wins"
        return f"duel: {self.attacker_total} against {self.defender_total}, {result}"


@attrs.frozen
class CardFractured(Event):
    """A card went to its owner's Fractured Shards (lost duel, used Ally, R-Ally)."""

    player: int
    card: int
    name: str

    def __str__(self) -> str:
        return f"seat {self.player}'s {self.name} goes to the Fractured Shards"


@attrs.frozen
class CardReturned(Event):
    """A card went to the bottom of its owner's deck."""

    player: int
    card: int
    name: str

    def __str__(self) -> str:
        return f"seat {self.player}'s {self.name} returns to the bottom of the deck"


@attrs.frozen
class CardMilled(Event):
    """The top card of a deck went to the Fractured Shards."""

    player: int
    card: int
    name: str

    def __str__(self) -> str:
        return f"seat {self.player} mills {self.name}"


@attrs.frozen
class PlayerEliminated(Event):
    """A seat's Persona was fractured: the seat is out of the game."""

    player: int

    def __str__(self) -> str:
        return f"seat {self.player}'s persona is fractured: seat {self.player} is out"


EVENT_TYPES: tuple[type[Event], ...] = (
    PersonaChosen,
    CardDrawn,
    CardPutUnder,
    StartRolled,
    StartingPlayerChosen,
    TurnPhaseBegan,
    TurnPhaseEnded,
    CharacterPlaced,
    CharacterSwapped,
    AllyPlayed,
    TraitAssigned,
    DuelDeclared,
    TwinResponseChosen,
    DieRolled,
    ModifierUsed,
    DuelResolved,
    CardFractured,
    CardReturned,
    CardMilled,
    PlayerEliminated,
)
