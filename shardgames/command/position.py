"""Shard Command positions: any situation of a game, written by hand as a dict (or JSON).

Cards are written by name, as in the seat's decklist (``"Sky Lancer"``): each name takes the next copy
of that card in the decklist. ``"Sky Lancer #4"`` or ``"#4"`` names one copy by its object number.
Everything is optional; a seat's cards that the position does not place are in its deck (unknown
order), unless the position lists its deck, in which case the others are set aside out of the game.

```python
{
    "turn": 5,  # the turn counter (each player's turn counts)
    "active": 0,  # whose turn it is
    "first": 0,  # who started the game
    "step": "main",  # start | main | attack | combat | end
    "priority": 0,  # who holds priority (default: the active seat)
    "passes": 0,  # consecutive passes so far
    "players": [
        {
            "integrity": 20,
            "hand": ["Spark", "Sky Lancer"],
            "deck": ["Ridge Recruit", "Ridge Golem"],  # unknown order (default: the cards left)
            "deck_top": ["Windcaller"],  # known to both players, top first
            "scrap": ["Stone Skin"],
            "obliterated": [],
            "exiled": [],  # Warped, returning at the next turn's start
            "pool": "4G 2E 3A",  # Charge Stones: Generic count and element letters
            "unused": "2G 1E",
            "used": "",
            "floating": "",  # floating Shards
            "charged": 0,  # stones slid from the Pool this turn
            "sovereign_exhausted": False,
            "silenced": False,  # no Fast Speed Rites this turn
            "arena": [
                "Ridge Recruit",  # a plain Ready permanent that entered before this turn
                {"card": "Sky Lancer", "exhausted": True, "damage": 1, "fresh": True},
                {"token": True},  # a 1/1 Swarm token
            ],
        },
        {"integrity": 17, "arena": [{"card": "Ash Hound", "exhausted": True}]},
    ],
    "queue": [  # bottom first
        {"seat": 0, "card": "Spark", "targets": ["1:Ash Hound"]},
        {"seat": 1, "ability": "exhaust", "source": "sovereign", "targets": ["player 0"]},
    ],
    "combat": {"attacker": "0:Sky Lancer", "target": "player 1", "interceptors": []},
    "decision": "priority",  # or "intercept", "order", {"discard": 2} (the active seat), "redraw"
}
```

A permanent's fields: ``card`` (or ``token``), ``exhausted``, ``damage``, ``fresh`` (it entered this
turn: Deployment Fatigue), ``upgrades``, ``submerged``, ``blanked``, ``frozen``, ``isolated`` (the last
turn it stays Isolated), ``trench``, ``echo``, ``attacked`` (it attacked this turn), ``evaded`` (its
Evade was used this turn). Targets and combat name cards as ``"SEAT:Name"`` (looked up in the Arena,
then the Scrap zone and the Queue of that seat), ``"#12"`` or ``"player 1"``. A bad position raises
`PositionError` listing every problem. `position_of` writes any state in this format.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from shardgames.command.compiled import BOMBARD, ENTRENCH, EXHAUST, WARP, bit
from shardgames.command.keywords import ELEMENT_BY_LETTER, ELEMENTS, CardType, Trigger
from shardgames.command.objects import (
    ABILITY,
    DECK_STRIDE,
    MAX_TOKENS,
    PLAYERS,
    SPELL,
    TOKENS,
    TRIGGERED,
    Combat,
    Permanent,
    QueueItem,
)
from shardgames.command.phases import CommandPrompt, FinishTurn, Phase, Step
from shardgames.kernel.errors import PositionError
from shardgames.kernel.state import State
from shardgames.kernel.zones import EVERYONE, Hand, HiddenDeck

if TYPE_CHECKING:
    from shardgames.command.game import CommandGame
    from shardgames.command.state import CommandState

__all__ = ["fill_from_position", "position_of"]

_TOP = {"turn", "active", "first", "step", "priority", "passes", "players", "queue", "combat", "decision"}
_PLAYER = {
    "integrity", "hand", "deck", "deck_top", "scrap", "obliterated", "exiled", "pool", "unused", "used",
    "floating", "charged", "sovereign_exhausted", "silenced", "arena",
}  # fmt: skip
_PERMANENT = {
    "card", "token", "exhausted", "damage", "fresh", "upgrades", "submerged", "blanked", "frozen", "isolated",
    "trench", "echo", "attacked", "evaded",
}  # fmt: skip
_ABILITIES = {"exhaust": EXHAUST, "warp": WARP, "bombard": BOMBARD}
_NUMBERED = re.compile(r"^(?P<name>.*?)\s*#(?P<number>\d+)$")


class _Reader:
    """Reads one position, collecting every problem."""

    def __init__(self, game: CommandGame, state: CommandState) -> None:
        self.game = game
        self.state = state
        self.problems: list[str] = []
        self.free: list[list[int]] = [list(cards) for cards in game.deck_cards]
        self.decks: list[tuple[list[int], list[int] | None]] = [([], None), ([], None)]
        self.tokens = TOKENS

    # -- cards
    def card(self, seat: int, text: Any, where: str) -> int | None:
        """Take the card `text` names from `seat`'s cards not placed yet."""
        if not isinstance(text, str):
            self.problems.append(f"{where}: a card is a name such as 'Sky Lancer', not {text!r}")
            return None
        match = _NUMBERED.match(text.strip())
        free = self.free[seat]
        if match:
            number = int(match["number"])
            if number not in free:
                owner = number // DECK_STRIDE
                why = "is placed twice" if owner == seat else f"is not one of seat {seat}'s cards"
                self.problems.append(f"{where}: card #{number} {why}")
                return None
            free.remove(number)
            return number
        name = text.strip().lower()
        infos, kind_of = self.game.infos, self.game.kind_of
        for number in free:
            if infos[kind_of[number]].name.lower() == name:
                free.remove(number)
                return number
        names = sorted({infos[kind_of[n]].name for n in self.game.deck_cards[seat]})
        known = any(n.lower() == name for n in names)
        why = "all its copies are placed already" if known else f"seat {seat}'s deck has no such card"
        self.problems.append(f"{where}: {text!r}: {why} (its cards: {', '.join(names)})")
        return None

    def given(self, raw: Any, kind: type, problem: str) -> bool:
        """Whether `raw` is given (not ``None``) and a `kind`; one given of another type adds `problem`."""
        if raw is None:
            return False
        if not isinstance(raw, kind):
            self.problems.append(problem)
            return False
        return True

    def cards(self, seat: int, raw: Any, where: str) -> list[int]:
        if not self.given(raw, list, f"{where}: must be a list of card names"):
            return []
        found = [self.card(seat, text, f"{where}[{i}]") for i, text in enumerate(raw)]
        return [c for c in found if c is not None]

    # -- values
    def stones(self, raw: Any, where: str) -> tuple[int, ...]:
        if raw is None:
            return (0,) * 11
        counts = [0] * 11
        if not isinstance(raw, str):
            self.problems.append(f"{where}: stones are written like '4G 2E 1A', not {raw!r}")
            return tuple(counts)
        for token in raw.replace(",", " ").split():
            match = re.fullmatch(r"(\d*)([A-Za-z])", token)
            letter = match[2].upper() if match else ""
            if match is None or (letter != "G" and letter not in ELEMENT_BY_LETTER):
                self.problems.append(
                    f"{where}: {token!r} is not a count and a letter (G or an element letter)"
                )
                continue
            count = int(match[1] or 1)
            counts[0 if letter == "G" else 1 + ELEMENTS.index(ELEMENT_BY_LETTER[letter])] += count
        return tuple(counts)

    def integer(self, raw: Any, where: str, default: int, low: int = 0) -> int:
        if raw is None:
            return default
        if isinstance(raw, bool) or not isinstance(raw, int) or raw < low:
            self.problems.append(f"{where}: must be a whole number >= {low}, not {raw!r}")
            return default
        return raw

    def flag(self, raw: Any, where: str) -> bool:
        return self.given(raw, bool, f"{where}: must be true or false, not {raw!r}") and bool(raw)

    def unknown(self, raw: Mapping[str, Any], allowed: set[str], where: str) -> None:
        for key in sorted(set(raw) - allowed):
            self.problems.append(f"{where}.{key}: unknown field; fields are {', '.join(sorted(allowed))}")

    # -- permanents
    def permanent(self, seat: int, raw: Any, where: str, turn: int) -> Permanent | None:
        if isinstance(raw, str):
            raw = {"card": raw}
        if not isinstance(raw, Mapping):
            self.problems.append(f"{where}: a permanent is a card name or a table with card = ...")
            return None
        self.unknown(raw, _PERMANENT, where)
        if raw.get("token"):
            if self.tokens >= TOKENS + MAX_TOKENS:
                self.problems.append(f"{where}: at most {MAX_TOKENS} tokens")
                return None
            number, kind, token = self.tokens, self.game.token_kind, True
            self.tokens += 1
        else:
            found = self.card(seat, raw.get("card"), f"{where}.card")
            if found is None:
                return None
            number, kind, token = found, self.game.kind_of[found], False
            if self.game.infos[kind].type is CardType.RITE:
                self.problems.append(
                    f"{where}.card: {raw.get('card')!r} is a Rite; only Entities and Items stay in the Arena"
                )
        fresh = self.flag(raw.get("fresh"), f"{where}.fresh")
        p = Permanent(number, kind, seat, turn if fresh else max(0, turn - 1), token=token)
        p.exhausted = self.flag(raw.get("exhausted"), f"{where}.exhausted")
        p.damage = self.integer(raw.get("damage"), f"{where}.damage", 0)
        p.upgrades = self.integer(raw.get("upgrades"), f"{where}.upgrades", 0)
        p.submerged = self.integer(raw.get("submerged"), f"{where}.submerged", 0)
        p.blanked = self.flag(raw.get("blanked"), f"{where}.blanked")
        p.frozen = self.flag(raw.get("frozen"), f"{where}.frozen")
        p.isolated_until = self.integer(raw.get("isolated"), f"{where}.isolated", 0)
        statics = self.game.infos[kind].statics | self.game.auras[seat]
        p.trench = self.integer(raw.get("trench"), f"{where}.trench", 1 if statics & bit(ENTRENCH) else 0)
        p.echo = self.flag(raw.get("echo"), f"{where}.echo")
        p.attacked = turn if self.flag(raw.get("attacked"), f"{where}.attacked") else 0
        p.evaded = turn if self.flag(raw.get("evaded"), f"{where}.evaded") else 0
        return p

    # -- references
    def reference(self, text: Any, where: str) -> int:
        """A target: ``"player 1"``, ``"#12"`` or ``"SEAT:Name"``; -1 (with a problem) if it names nothing."""
        if isinstance(text, str):
            text = text.strip()
            if text.startswith("player "):
                seat = text[7:].strip()
                if seat in ("0", "1"):
                    return PLAYERS + int(seat)
            elif text.startswith("#") and text[1:].isdigit():
                return int(text[1:])
            elif ":" in text:
                seat_text, name = text.split(":", 1)
                if seat_text.strip() in ("0", "1"):
                    found = self._find(int(seat_text), name.strip().lower())
                    if found is not None:
                        return found
                    self.problems.append(
                        f"{where}: seat {seat_text.strip()} has no {name.strip()!r} in play, Scrap or Queue"
                    )
                    return -1
        self.problems.append(f"{where}: name a target as 'player 1', '#12' or 'SEAT:Name', not {text!r}")
        return -1

    def _find(self, seat: int, name: str) -> int | None:
        state, game = self.state, self.game
        candidates = [p.id for p in state.arena if p.owner == seat]
        candidates += list(state.scrap[seat])
        candidates += [item.source for item in state.queue if item.controller == seat and item.kind == SPELL]
        for number in candidates:
            kind = game.token_kind if number >= TOKENS else game.kind_of[number]
            label = "token" if number >= TOKENS else game.infos[kind].name.lower()
            if label == name:
                return number
        return None


def _players(reader: _Reader, state: CommandState, raw: Any, turn: int) -> None:
    game = reader.game
    players = raw if raw is not None else [{}, {}]
    if not isinstance(players, list) or len(players) != 2:
        reader.problems.append("players: must be a list of two tables, seat 0 first")
        players = [{}, {}]
    state.hands = [Hand(0), Hand(1)]
    state.decks = [HiddenDeck(0), HiddenDeck(1)]
    state.integrity = [game.integrity, game.integrity]
    for seat, entry in enumerate(players):
        where = f"players[{seat}]"
        if not isinstance(entry, Mapping):
            reader.problems.append(f"{where}: must be a table")
            continue
        reader.unknown(entry, _PLAYER, where)
        state.integrity[seat] = reader.integer(
            entry.get("integrity"), f"{where}.integrity", game.integrity, low=-99
        )
        for card in reader.cards(seat, entry.get("hand"), f"{where}.hand"):
            state.hands[seat].add(card)
        state.scrap[seat] = tuple(reader.cards(seat, entry.get("scrap"), f"{where}.scrap"))
        state.obliterated[seat] = tuple(reader.cards(seat, entry.get("obliterated"), f"{where}.obliterated"))
        state.exiled = (*state.exiled, *reader.cards(seat, entry.get("exiled"), f"{where}.exiled"))
        arena = entry.get("arena") or []
        if not isinstance(arena, list):
            reader.problems.append(f"{where}.arena: must be a list")
            arena = []
        for i, raw_p in enumerate(arena):
            p = reader.permanent(seat, raw_p, f"{where}.arena[{i}]", turn)
            if p is not None:
                state.arena.append(p)
        stones = [reader.stones(entry.get(k), f"{where}.{k}") for k in ("pool", "unused", "used")]
        if "pool" not in entry and not any(entry.get(k) for k in ("unused", "used")):
            stones[0] = game.stones[seat]
        state.pool[seat], state.unused[seat], state.used[seat] = stones
        state.floating[seat] = reader.stones(entry.get("floating"), f"{where}.floating")
        state.charged[seat] = reader.integer(entry.get("charged"), f"{where}.charged", 0)
        state.sovereign_exhausted[seat] = reader.flag(
            entry.get("sovereign_exhausted"), f"{where}.sovereign_exhausted"
        )
        state.silenced[seat] = turn if reader.flag(entry.get("silenced"), f"{where}.silenced") else 0
        top = reader.cards(seat, entry.get("deck_top"), f"{where}.deck_top")
        listed = entry.get("deck")
        middle = reader.cards(seat, listed, f"{where}.deck") if listed is not None else None
        reader.decks[seat] = (top, middle)


def _decks(reader: _Reader, state: CommandState) -> None:
    """Build each seat's deck; an unlisted deck holds the cards no other part of the position placed.

    This runs after the Queue is read, so a card on the Queue is not also dealt into the deck.
    """
    for seat, (top, listed) in enumerate(reader.decks):
        middle = list(reader.free[seat]) if listed is None else listed
        if listed is None:
            reader.free[seat].clear()
        deck = HiddenDeck(seat, [(card, reader.game.kind_of[card]) for card in middle])
        for card in top:
            deck.put_top(card, known=EVERYONE)
        deck.top.reverse()  # put_top stacks: restore the order written
        deck.top_known.reverse()
        state.decks[seat] = deck


def _queue_item(
    reader: _Reader, state: CommandState, entry: Mapping[str, Any], where: str
) -> QueueItem | None:
    """One Queue item of a position, its targets left empty; ``None`` (with problems) if it is wrong."""
    game = reader.game
    seat = entry["seat"]
    if "card" in entry:
        card = reader.card(seat, entry["card"], f"{where}.card")
        if card is None:
            return None
        kind = game.kind_of[card]
        rite = game.infos[kind].type is CardType.RITE
        trigger = Trigger.ON_RESOLVE if rite else Trigger.STATIC
        return QueueItem(
            SPELL, seat, card, kind, trigger, (), reader.flag(entry.get("echo"), f"{where}.echo")
        )
    source_raw = entry.get("source")
    if source_raw == "sovereign":
        source, info = game.sovereign_id(seat), game.sovereign_infos[seat]
    else:
        named = (
            f"{seat}:{source_raw}" if isinstance(source_raw, str) and ":" not in source_raw else source_raw
        )
        source = reader.reference(named, f"{where}.source")
        p = state.permanent(source)
        if p is None:
            if source >= 0:
                reader.problems.append(f"{where}.source: #{source} is not in the Arena")
            return None
        info = game.infos[p.kind]
    if "ability" in entry:
        ability = _ABILITIES.get(str(entry["ability"]).lower())
        if ability is None:
            reader.problems.append(f"{where}.ability: one of {', '.join(_ABILITIES)}")
            return None
        trigger = Trigger.ACTIVATED_EXHAUST if ability == EXHAUST else Trigger.ACTIVATED
        return QueueItem(ABILITY, seat, source, info.kind, trigger, (), ability=ability)
    try:
        trigger = Trigger(str(entry.get("trigger")))
    except ValueError:
        reader.problems.append(
            f"{where}.trigger: a trigger such as 'on_deploy', not {entry.get('trigger')!r}"
        )
        return None
    return QueueItem(TRIGGERED, seat, source, info.kind, trigger, ())


def _queue(reader: _Reader, state: CommandState, raw: Any) -> None:
    if not reader.given(raw, list, "queue: must be a list of items, bottom first"):
        return
    game = reader.game
    for i, entry in enumerate(raw):
        where = f"queue[{i}]"
        if not isinstance(entry, Mapping) or entry.get("seat") not in (0, 1):
            reader.problems.append(
                f"{where}: an item is a table with seat = 0 or 1, and card, ability or trigger"
            )
            continue
        reader.unknown(entry, {"seat", "card", "ability", "trigger", "source", "targets", "echo"}, where)
        item = _queue_item(reader, state, entry, where)
        if item is None:
            continue
        if item.ability in (WARP, BOMBARD):
            count = 1
        else:
            info = (
                game.sovereign_infos[item.controller]
                if item.source == game.sovereign_id(item.controller)
                else game.infos[item.design]
            )
            count = len(info.effects.get(item.trigger, ()))
        targets_raw = entry.get("targets") or []
        targets = [reader.reference(t, f"{where}.targets[{j}]") for j, t in enumerate(targets_raw)]
        targets += [-1] * (count - len(targets))
        state.queue.append(attrs.evolve(item, targets=tuple(targets)))


def _combat(reader: _Reader, state: CommandState, raw: Any) -> None:
    if not reader.given(raw, Mapping, "combat: must be a table with attacker, target, interceptors"):
        return
    reader.unknown(raw, {"attacker", "target", "interceptors"}, "combat")
    attacker = reader.reference(raw.get("attacker"), "combat.attacker")
    target = reader.reference(raw.get("target", f"player {1 - state.active}"), "combat.target")
    interceptors = tuple(
        reader.reference(r, f"combat.interceptors[{i}]") for i, r in enumerate(raw.get("interceptors") or [])
    )
    state.combat = Combat(attacker, target, interceptors, len(interceptors), intercepted=bool(interceptors))


def _decision(reader: _Reader, state: CommandState, raw: Any) -> None:
    step = state.step
    seat = state.priority
    if raw is None or raw == "priority":
        if step is Step.SETUP:
            reader.problems.append("decision: in setup the decision is 'redraw'")
            return
        state.set_prompt(CommandPrompt(seat, Phase.PRIORITY))
    elif raw == "redraw":
        state.step = Step.SETUP
        state.set_prompt(CommandPrompt(seat, Phase.REDRAW))
    elif raw in ("intercept", "order"):
        if state.combat is None:
            reader.problems.append(f"decision: {raw!r} needs a combat")
            return
        who = 1 - state.active if raw == "intercept" else state.active
        state.set_prompt(CommandPrompt(who, Phase.INTERCEPT if raw == "intercept" else Phase.ORDER))
        if raw == "order":
            state.combat.ordered = 0
        else:
            state.combat.interceptors = ()
            state.combat.ordered = 0
    elif isinstance(raw, Mapping) and set(raw) == {"discard"}:
        count = reader.integer(raw["discard"], "decision.discard", 1, low=1)
        state.discard_seat, state.discard_left = state.active, count
        if len(state.hands[state.active]) < count:
            reader.problems.append(f"decision.discard: seat {state.active} holds fewer than {count} cards")
        state.set_prompt(CommandPrompt(state.active, Phase.DISCARD))
        state.push(FinishTurn(state.active))
    else:
        reader.problems.append("decision: 'priority', 'redraw', 'intercept', 'order' or {'discard': N}")


def fill_from_position(game: CommandGame, state: CommandState, position: Mapping[str, Any]) -> None:
    """Fill a blank state from a position (see the module docstring).

    Raises:
        PositionError: Listing every problem.
    """
    reader = _Reader(game, state)
    reader.unknown(position, _TOP, "position")
    turn = reader.integer(position.get("turn"), "turn", 1, low=0)
    kernel: State = state  # the turn counter is a kernel field
    kernel.turn = turn
    state.active = reader.integer(position.get("active"), "active", 0)
    state.first = reader.integer(position.get("first"), "first", state.active)
    for field in ("active", "first"):
        if getattr(state, field) not in (0, 1):
            reader.problems.append(f"{field}: a seat, 0 or 1")
            setattr(state, field, 0)
    try:
        state.step = Step(position.get("step", "main"))
    except ValueError:
        reader.problems.append(f"step: one of {', '.join(s.value for s in Step)}")
        state.step = Step.MAIN
    state.priority = reader.integer(position.get("priority"), "priority", state.active)
    state.passes = reader.integer(position.get("passes"), "passes", 0)
    _players(reader, state, position.get("players"), turn)
    _queue(reader, state, position.get("queue"))
    _decks(reader, state)
    _combat(reader, state, position.get("combat"))
    if not reader.problems:
        _decision(reader, state, position.get("decision"))
    if reader.problems:
        raise PositionError("command position", reader.problems)


# ---------------------------------------------------------------------- writing positions


def _names(state: CommandState, cards: Sequence[int]) -> list[str]:
    game = state.game
    return [f"{game.infos[game.kind_of[c]].name} #{c}" for c in cards]


def _stones(counts: Sequence[int]) -> str:
    parts = [f"{counts[0]}G"] if counts[0] else []
    parts += [f"{n}{e.letter}" for e, n in zip(ELEMENTS, counts[1:], strict=True) if n]
    return " ".join(parts)


def _ref(state: CommandState, number: int) -> str:
    if number >= PLAYERS:
        return f"player {number - PLAYERS}"
    return f"#{number}"


def position_of(state: CommandState) -> dict[str, Any]:
    """The position of a state at a priority, redraw, intercept, order or discard decision.

    Cards are written with their numbers (``"Sky Lancer #4"``), so reading the position back gives the
    same cards; what positions do not hold (the event log, mid-effect steps) is not written.
    """
    game = state.game
    players = []
    for seat in (0, 1):
        deck = state.decks[seat]
        arena = []
        for p in state.arena:
            if p.owner != seat:
                continue
            entry: dict[str, Any] = {"token": True} if p.token else {"card": _names(state, [p.id])[0]}
            flags = (
                ("exhausted", p.exhausted), ("damage", p.damage), ("fresh", p.entered == state.turn),
                ("upgrades", p.upgrades), ("submerged", p.submerged), ("blanked", p.blanked),
                ("frozen", p.frozen), ("isolated", p.isolated_until), ("trench", p.trench), ("echo", p.echo),
                ("attacked", p.attacked == state.turn), ("evaded", p.evaded == state.turn),
            )  # fmt: skip
            entry |= {key: value for key, value in flags if value}
            arena.append(entry)
        players.append(
            {
                "integrity": state.integrity[seat],
                "hand": _names(state, list(state.hands[seat])),
                "deck": _names(state, [c for ids in deck.middle.values() for c in ids] + deck.bottom),
                "deck_top": _names(state, deck.top),
                "scrap": _names(state, state.scrap[seat]),
                "obliterated": _names(state, state.obliterated[seat]),
                "exiled": _names(state, [c for c in state.exiled if c // DECK_STRIDE == seat]),
                "pool": _stones(state.pool[seat]),
                "unused": _stones(state.unused[seat]),
                "used": _stones(state.used[seat]),
                "floating": _stones(state.floating[seat]),
                "charged": state.charged[seat],
                "sovereign_exhausted": state.sovereign_exhausted[seat],
                "silenced": state.silenced[seat] >= state.turn,
                "arena": arena,
            }
        )
    queue = []
    for item in state.queue:
        entry = {"seat": item.controller, "targets": [_ref(state, t) for t in item.targets if t >= 0]}
        if item.kind == SPELL:
            entry["card"] = _names(state, [item.source])[0]
            if item.echo:
                entry["echo"] = True
        else:
            entry["source"] = (
                "sovereign" if item.source == game.sovereign_id(item.controller) else f"#{item.source}"
            )
            if item.kind == ABILITY:
                entry["ability"] = {v: k for k, v in _ABILITIES.items()}[item.ability]
            else:
                entry["trigger"] = item.trigger.value
        queue.append(entry)
    position: dict[str, Any] = {
        "turn": state.turn,
        "active": state.active,
        "first": state.first,
        "step": state.step.value,
        "priority": state.priority,
        "passes": state.passes,
        "players": players,
        "queue": queue,
    }
    if state.combat is not None:
        position["combat"] = {
            "attacker": f"#{state.combat.attacker}",
            "target": _ref(state, state.combat.target),
            "interceptors": [f"#{n}" for n in state.combat.interceptors],
        }
    phase = getattr(state.prompt, "phase", Phase.PRIORITY)
    if phase is Phase.DISCARD:
        position["decision"] = {"discard": state.discard_left}
    elif phase in (Phase.REDRAW, Phase.INTERCEPT, Phase.ORDER):
        position["decision"] = phase.value
    return position
