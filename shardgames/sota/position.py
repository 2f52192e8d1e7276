"""SOTA positions: a hand-writable description of any situation of play.

A position names cards by their card id; each seat's cards come from that seat's decklist in the game's
configuration (a copy is taken for each mention, so a card can be named as often as the deck holds it).
Every field is optional except ``players``:

```python
{
    "turn": 3,  # the Turn Phase number, at least 1 (Gather is skipped in Turn Phase 1)
    "active": 0,  # the active seat
    "phase": "duel unit",  # the pending decision, see below
    "to_act": 1,  # gather, position and bolster: whose step it is (default: the active seat)
    "used_stats": ["agility"],  # stats the active seat used this Turn Phase
    "twin_used": [1],  # seats that took part in a Twin Duel this Turn Phase
    "players": [
        {
            "persona": "ember-persona-vael",  # default: the decklist's first Persona
            "hand": ["casstia"],
            "positions": ["livaris", None, {"card": "saravel", "trait": "ember-trait-grit"}],
            "allies": ["ember-ally-magic-3"],  # each goes on its stat's stack, bottom first
            "shards": ["ember-ally-luck-1"],  # Fractured Shards, the top card last
            "deck": 20,  # the unknown part of the deck: a number of cards, or a list of card ids
            "deck_bottom": ["ember-trait-hex"],  # known to everyone, the bottom card last
            "out": False,  # True: the seat has been eliminated
        },
        {"hand": [], "deck": 20},
    ],
    "duel": {  # the duel in progress, for the phases from "duel stat" on
        "unit": [0],  # the attacker's Duel Positions (two for a twin pair), or "persona"
        "stat": "magic",
        "target": {"seat": 1, "unit": [0]},  # the defender and its positions, or "persona"
        "dice": [3, 3, 2, 3],  # the attacker's two dice, then the defender's
        "bonus": [0, 0],  # modifiers already used, attacker then defender
        "to_act": "attacker",  # who is to act in the modifier window
        "passes": 0,  # consecutive passes so far
    },
}
```

A deck given as a number takes that many of the seat's cards not named elsewhere, in decklist order;
without ``deck`` every card not named elsewhere is in the deck. Cards not placed anywhere are out of the
game. Phases: ``gather``, ``position``, ``bolster`` (the Turn Phase step of seat ``to_act``; the later
seats' steps and the duel loop follow), ``duel unit`` (the default), ``duel stat``, ``duel target``,
``twin response`` and ``modifiers``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from shardgames.kernel.datafiles import bounded_int
from shardgames.kernel.errors import PositionError
from shardgames.kernel.state import State
from shardgames.kernel.zones import EVERYONE, Hand, HiddenDeck
from shardgames.sota.cards import STATS, Stat
from shardgames.sota.constants import ALLY, CHARACTER, PERSONA, TRAIT
from shardgames.sota.duel_state import Duel
from shardgames.sota.phases import AskDuel, AskPhase, Phase

if TYPE_CHECKING:
    from shardgames.sota.game import SotaGame
    from shardgames.sota.state import SotaState

__all__ = ["fill_from_position"]

_FIELDS = {"turn", "active", "phase", "to_act", "used_stats", "twin_used", "players", "duel"}
_SEAT_FIELDS = {"persona", "hand", "positions", "allies", "shards", "deck", "deck_bottom", "out"}
_DUEL_FIELDS = {"unit", "stat", "target", "dice", "bonus", "to_act", "passes"}
_STEP_PHASES = (Phase.GATHER, Phase.POSITION, Phase.BOLSTER)
_DUEL_PHASES = (Phase.DUEL_STAT, Phase.DUEL_TARGET, Phase.TWIN_RESPONSE, Phase.MODIFIERS)
_TYPE_NAMES = {PERSONA: "a Persona", CHARACTER: "a Character", ALLY: "an Ally", TRAIT: "a Trait"}


class _Seat:
    """Hands out a seat's physical cards by card id, and records what went wrong."""

    def __init__(self, game: SotaGame, seat: int, problems: list[str]) -> None:
        self.game = game
        self.seat = seat
        self.problems = problems
        self.free = list(game.entries[seat])

    def take(self, where: str, card_id: Any, kind: int | None = None) -> int:
        game = self.game
        if not isinstance(card_id, str):
            self.problems.append(f"{where}: {card_id!r} is not a card id")
            return -1
        matches = [c for c in self.free if game.kinds[game.kind_of[c]].id == card_id]
        if not matches:
            in_deck = any(game.kinds[game.kind_of[c]].id == card_id for c in game.entries[self.seat])
            deck = game.decklists[self.seat].name
            self.problems.append(
                f"{where}: {card_id!r} is named more often than deck {deck!r} holds it"
                if in_deck
                else f"{where}: deck {deck!r} has no card {card_id!r}"
            )
            return -1
        card = matches[0]
        if kind is not None and game.card_type[card] != kind:
            self.problems.append(f"{where}: {card_id!r} is not {_TYPE_NAMES[kind]}")
            return -1
        self.free.remove(card)
        return card

    def take_list(self, where: str, raw: Any, kind: int | None = None) -> list[int]:
        if raw is None:
            return []
        if not isinstance(raw, list):
            self.problems.append(f"{where}: must be a list of card ids")
            return []
        cards = [self.take(f"{where}[{i}]", card_id, kind) for i, card_id in enumerate(raw)]
        return [c for c in cards if c >= 0]


def _check_keys(where: str, raw: Mapping[str, Any], allowed: set[str], problems: list[str]) -> None:
    fields = ", ".join(sorted(allowed))
    problems.extend(f"{where}{key}: unknown field; fields are {fields}" for key in sorted(set(raw) - allowed))


def _stat(where: str, raw: Any, problems: list[str]) -> int:
    try:
        return Stat(raw).ordinal
    except ValueError:
        problems.append(f"{where}: {raw!r} is not a stat ({', '.join(STATS)})")
        return 0


def fill_from_position(game: SotaGame, s: SotaState, position: Mapping[str, Any]) -> None:
    """Set up `s` (a blank state of `game`) from `position`; raise `PositionError` listing every problem."""
    problems: list[str] = []
    _check_keys("", position, _FIELDS, problems)
    n = game.num_players
    k = game.duel_positions
    players = position.get("players")
    if not isinstance(players, list) or len(players) != n:
        raise PositionError("sota position", [*problems, f"players: must be a list of {n} seats"])
    s.persona, s.options, s.hands, s.decks = [-1] * n, [()] * n, [], []
    s.slots, s.traits = [-1] * (n * k), [-1] * (n * k)
    s.allies, s.shards, s.removed = [()] * (n * 5), [()] * n, [()] * n
    s.alive = [True] * n
    s.rolls = (0,) * n
    for seat, raw in enumerate(players):
        _fill_seat(game, s, seat, raw, problems)
    kernel: State = s  # the turn counter is a kernel field
    kernel.turn = bounded_int(
        "turn", position.get("turn"), 1, game.turn_cap or 1, default=1, problems=problems
    )
    s.active = bounded_int("active", position.get("active"), 0, n - 1, default=0, problems=problems)
    if not s.alive[s.active]:
        problems.append(f"active: seat {s.active} is out")
    if sum(s.alive) < 2:
        problems.append("players: at least two seats must still be in the game")
    _fill_flags(s, position, problems)
    try:
        phase = Phase(position.get("phase", Phase.DUEL_UNIT))
    except ValueError:
        choices = ", ".join(p.value for p in (*_STEP_PHASES, Phase.DUEL_UNIT, *_DUEL_PHASES))
        problems.append(f"phase: {position.get('phase')!r} is not one of {choices}")
        phase = Phase.DUEL_UNIT
    if phase not in (*_STEP_PHASES, Phase.DUEL_UNIT, *_DUEL_PHASES):
        problems.append(f"phase: positions start in play, not at {phase.value!r}")
    if phase is Phase.GATHER and s.turn == 1:
        problems.append("phase: there is no Gather in Turn Phase 1 (SOTA-28)")
    if phase in _DUEL_PHASES:
        _fill_duel(game, s, phase, position.get("duel"), problems)
    elif "duel" in position:
        problems.append(
            f"duel: a duel in progress needs a phase of {', '.join(p.value for p in _DUEL_PHASES)}"
        )
    to_act = bounded_int("to_act", position.get("to_act"), 0, n - 1, default=s.active, problems=problems)
    if problems:
        raise PositionError("sota position", problems)
    _queue(s, phase, to_act)


def _fill_flags(s: SotaState, position: Mapping[str, Any], problems: list[str]) -> None:
    """The stats used and the Twin Duels fought this Turn Phase."""
    n = s.game.num_players
    used = position.get("used_stats", [])
    if not isinstance(used, list):
        problems.append("used_stats: must be a list of stats")
        used = []
    for i, stat in enumerate(used):
        s.used_stats |= 1 << _stat(f"used_stats[{i}]", stat, problems)
    if s.used_stats == 0b11111:
        problems.append("used_stats: with all five stats used the Turn Phase is over")
    twin_used = position.get("twin_used", [])
    if not isinstance(twin_used, list) or not all(isinstance(t, int) and 0 <= t < n for t in twin_used):
        problems.append(f"twin_used: must be a list of seats 0..{n - 1}")
        twin_used = []
    for seat in twin_used:
        s.twin_used |= 1 << seat


def _fill_seat(game: SotaGame, s: SotaState, seat: int, raw: Any, problems: list[str]) -> None:
    where = f"players[{seat}]"
    if not isinstance(raw, Mapping):
        problems.append(f"{where}: must be an object")
        raw = {}
    _check_keys(f"{where}.", raw, _SEAT_FIELDS, problems)
    cards = _Seat(game, seat, problems)
    hand = Hand(seat)
    s.hands.append(hand)
    if raw.get("out", False):
        s.alive[seat] = False
        s.decks.append(HiddenDeck(seat))
        s.removed[seat] = tuple(cards.free)
        return
    s.persona[seat] = _persona(game, cards, where, raw.get("persona"))
    for card in cards.take_list(f"{where}.hand", raw.get("hand"), None):
        hand.add(card)
    if len(hand) > 5:
        problems.append(f"{where}.hand: at most 5 cards, not {len(hand)}")
    _fill_positions(game, s, seat, cards, raw.get("positions", []))
    for card in cards.take_list(f"{where}.allies", raw.get("allies"), ALLY):
        stack = seat * 5 + game.ally_stat[card]
        s.allies[stack] = (*s.allies[stack], card)
    s.shards[seat] = tuple(cards.take_list(f"{where}.shards", raw.get("shards"), None))
    bottom = cards.take_list(f"{where}.deck_bottom", raw.get("deck_bottom"), None)
    deck = HiddenDeck(seat, ((c, game.kind_of[c]) for c in _deck_middle(game, cards, where, raw.get("deck"))))
    for card in bottom:
        deck.put_bottom(card, EVERYONE)
    s.decks.append(deck)
    s.removed[seat] = tuple(cards.free)


def _persona(game: SotaGame, cards: _Seat, where: str, persona_id: Any) -> int:
    if persona_id is not None:
        return cards.take(f"{where}.persona", persona_id, PERSONA)
    personas = [c for c in cards.free if game.card_type[c] == PERSONA]
    if not personas:
        cards.problems.append(f"{where}.persona: deck {game.decklists[cards.seat].name!r} has no Persona")
        return -1
    cards.free.remove(personas[0])
    return personas[0]


def _fill_positions(game: SotaGame, s: SotaState, seat: int, cards: _Seat, positions: Any) -> None:
    k = game.duel_positions
    where = f"players[{seat}].positions"
    if not isinstance(positions, list) or len(positions) > k:
        cards.problems.append(f"{where}: must be a list of at most {k} entries")
        return
    for slot, entry in enumerate(positions):
        if entry is None:
            continue
        spot = f"{where}[{slot}]"
        card_id, trait_id = entry, None
        if isinstance(entry, Mapping):
            _check_keys(f"{spot}.", entry, {"card", "trait"}, cards.problems)
            card_id, trait_id = entry.get("card"), entry.get("trait")
        s.slots[seat * k + slot] = cards.take(spot, card_id, CHARACTER)
        if trait_id is not None:
            s.traits[seat * k + slot] = cards.take(f"{spot}.trait", trait_id, TRAIT)


def _deck_middle(game: SotaGame, cards: _Seat, where: str, unknown: Any) -> list[int]:
    """The cards of the unknown part of the deck: a count of the cards left, or a list of card ids."""
    rest = [c for c in cards.free if game.card_type[c] != PERSONA]
    if unknown is None:
        middle = rest
    elif isinstance(unknown, int) and not isinstance(unknown, bool):
        if not 0 <= unknown <= len(rest):
            cards.problems.append(
                f"{where}.deck: {unknown} cards asked, {len(rest)} are left in the decklist"
            )
            unknown = max(0, min(unknown, len(rest)))
        middle = rest[:unknown]
    else:
        middle = cards.take_list(f"{where}.deck", unknown, None)
    if any(game.card_type[c] == PERSONA for c in middle):
        cards.problems.append(f"{where}.deck: a Persona never enters the Shard Deck")
    middle = [c for c in middle if game.card_type[c] != PERSONA]
    for card in middle:
        if card in cards.free:
            cards.free.remove(card)
    return middle


def _unit(where: str, raw: Any, s: SotaState, seat: int, problems: list[str]) -> tuple[int, ...]:
    k = s.game.duel_positions
    if raw == "persona":
        if s.has_character(seat):
            problems.append(f"{where}: a Persona duels only without Characters in Duel Positions")
        return ()
    if not isinstance(raw, list) or not 1 <= len(raw) <= 2 or not all(isinstance(i, int) for i in raw):
        problems.append(f'{where}: must be a list of one or two Duel Positions, or "persona"')
        return ()
    slots = tuple(sorted(raw))
    for slot in slots:
        if not 0 <= slot < k or s.slots[seat * k + slot] < 0:
            problems.append(f"{where}: seat {seat} has no Character in Duel Position {slot}")
            return ()
    if len(slots) == 2 and slots not in s.game.twin_pairs(s.slots[seat * k : seat * k + k]):
        problems.append(f"{where}: Duel Positions {slots[0]} and {slots[1]} do not hold a twin pair")
    return slots


def _fill_duel(game: SotaGame, s: SotaState, phase: Phase, raw: Any, problems: list[str]) -> None:
    if not isinstance(raw, Mapping):
        problems.append(f"duel: phase {phase.value!r} needs the duel in progress")
        return
    _check_keys("duel.", raw, _DUEL_FIELDS, problems)
    duel = Duel(attacker=s.active, unit=_unit("duel.unit", raw.get("unit"), s, s.active, problems))
    s.duel = duel
    if phase is Phase.DUEL_STAT:
        return
    duel.stat = _stat("duel.stat", raw.get("stat"), problems)
    if phase is Phase.DUEL_TARGET:
        return
    target = raw.get("target")
    if not isinstance(target, Mapping) or target.get("seat") not in range(game.num_players):
        problems.append('duel.target: needs seat (an opponent) and unit (Duel Positions or "persona")')
        return
    duel.defender = target["seat"]
    if duel.defender == s.active or not s.alive[duel.defender]:
        problems.append(f"duel.target.seat: seat {duel.defender} is not an opponent still in the game")
        return
    duel.target = _unit("duel.target.unit", target.get("unit"), s, duel.defender, problems)
    if phase is Phase.TWIN_RESPONSE:
        if len(duel.target) != 1:
            problems.append("duel.target.unit: a twin response answers a challenge to one twin")
        return
    dice = raw.get("dice")
    if not isinstance(dice, list) or len(dice) != 4 or not all(d in range(1, 7) for d in dice):
        problems.append("duel.dice: must be the four dice 1-6 (the attacker's two, then the defender's)")
    else:
        duel.dice = list(dice)
        duel.rolled = 4
    bonus = raw.get("bonus", [0, 0])
    if not isinstance(bonus, list) or len(bonus) != 2 or not all(isinstance(b, int) for b in bonus):
        problems.append("duel.bonus: must be two ints, the attacker's and the defender's modifiers")
    else:
        duel.bonus = list(bonus)
    side = raw.get("to_act", "attacker")
    if side not in ("attacker", "defender"):
        problems.append("duel.to_act: must be attacker or defender")
    duel.to_act = 1 if side == "defender" else 0
    duel.passes = bounded_int("duel.passes", raw.get("passes"), 0, 1, default=0, problems=problems)


def _queue(s: SotaState, phase: Phase, to_act: int) -> None:
    """The pending decision and the rest of the Turn Phase."""
    duel = s.duel
    if phase is Phase.DUEL_UNIT:
        s.push(AskDuel())
    elif phase in _DUEL_PHASES:
        assert duel is not None
        seat = duel.defender if phase is Phase.TWIN_RESPONSE else s.active
        if phase is Phase.MODIFIERS:
            seat = duel.seat_of(duel.to_act)
        s.ask(seat, phase)
    else:
        order = s.order_from(s.active)
        start = order.index(to_act) if to_act in order else 0
        steps: list[AskPhase | AskDuel] = []
        for step in _STEP_PHASES[_STEP_PHASES.index(phase) :]:
            seats = order[start:] if step is phase else order
            steps += [AskPhase(seat, step) for seat in seats]
        steps.append(AskDuel())
        s.push(*steps)
