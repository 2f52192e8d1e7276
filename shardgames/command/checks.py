"""What a Shard Command state must satisfy: every field against the game, for JSON states and positions.

Each card is in one place at most (a hand, a deck, a Scrap or Obliterated zone, exile, the Arena, the
Queue, or being played); cards in none are set aside, out of the game. `problems` lists each field that
is out of range, names an object that does not exist, or disagrees with the pending decision (see
`shardgames.kernel.checks`); `CommandState._problems` returns it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from shardgames.command import phases
from shardgames.command.compiled import ABILITIES, BOMBARD, EXHAUST, WARP
from shardgames.command.keywords import CardType, Trigger
from shardgames.command.objects import (
    ABILITY,
    DECK_STRIDE,
    MAX_TOKENS,
    PLAYERS,
    SOVEREIGNS,
    SPELL,
    STONE_KINDS,
    TARGETS,
    TOKENS,
    VOLATILE,
    Permanent,
    QueueItem,
)
from shardgames.command.resolve import ApplyEffect, AskDiscard, FinishItem, LookNext
from shardgames.kernel.checks import Places, Problems, id_ranges

if TYPE_CHECKING:
    from shardgames.command.compiled import CardInfo
    from shardgames.command.game import CommandGame
    from shardgames.command.state import CommandState

__all__ = ["NUMBER_LIMIT", "problems"]

NUMBER_LIMIT = 1000
"""The largest Integrity, stone count, damage or counter a state may hold (far beyond play)."""

_SEAT_LISTS = (
    "integrity", "pool", "unused", "used", "floating", "charged", "hands", "decks", "scrap", "obliterated",
    "sovereign_exhausted", "silenced", "drew_empty", "redrawn",
)  # fmt: skip
_CASTING_PHASES = frozenset({phases.Phase.TARGET, phases.Phase.SACRIFICE, phases.Phase.TRENCH})
_COMBAT_PHASES = frozenset({phases.Phase.ATTACK_TARGET, phases.Phase.INTERCEPT, phases.Phase.ORDER})
_ARENA_TYPES = (CardType.ENTITY, CardType.ITEM)


def problems(s: CommandState) -> Problems:
    """Every problem of the Shard Command fields, prompt and tasks of `s`."""
    found = Problems()
    for field in _SEAT_LISTS:
        found.length(f"data.{field}", getattr(s, field), 2, "entries, one per seat")
    if found:  # everything below indexes these lists by seat
        return found
    game = s.game
    places = Places(found, _exists(game), id_ranges(game.deck_cards), lambda card: card // DECK_STRIDE)
    _seats(s, places)
    _arena(s, places)
    _queue(s, places)
    _turn(s, found)
    if not found:  # the prompt and tasks are checked against a sound table
        if isinstance(s.prompt, phases.CommandPrompt):
            _prompt(s, s.prompt, found)
        _tasks(s, found)
    return found


def _exists(game: CommandGame) -> Callable[[int], bool]:
    cards = {card for deck in game.deck_cards for card in deck}
    return cards.__contains__


def _seats(s: CommandState, places: Places) -> None:
    game = s.game
    found = places.problems
    for seat in (0, 1):
        found.int_in(f"data.integrity[{seat}]", s.integrity[seat], -NUMBER_LIMIT, NUMBER_LIMIT)
        for field in ("pool", "unused", "used", "floating"):
            stones = getattr(s, field)[seat]
            if found.length(
                f"data.{field}[{seat}]", stones, STONE_KINDS, "counts (Generic, then each element)"
            ):
                for kind, count in enumerate(stones):
                    found.int_in(f"data.{field}[{seat}][{kind}]", count, 0, NUMBER_LIMIT)
        found.int_in(f"data.charged[{seat}]", s.charged[seat], 0, phases.CHARGES_PER_TURN)
        found.int_in(f"data.silenced[{seat}]", s.silenced[seat], 0, s.turn)
        found.int_in(f"data.redrawn[{seat}]", s.redrawn[seat], 0, phases.OPENING_HAND)
        places.hand(f"data.hands[{seat}]", s.hands[seat], seat, game)
        places.deck(f"data.decks[{seat}]", s.decks[seat], seat, game, game.kind_of.__getitem__)
        places.put_all(f"data.scrap[{seat}]", s.scrap[seat], seat)
        places.put_all(f"data.obliterated[{seat}]", s.obliterated[seat], seat)
    places.put_all("data.exiled", s.exiled)


def _arena(s: CommandState, places: Places) -> None:
    game = s.game
    found = places.problems
    numbers: set[int] = set()
    for index, p in enumerate(s.arena):
        where = f"data.arena[{index}]"
        if p.id in numbers:
            found.add(f"{where}.id", f"#{p.id} is in the Arena twice")
        numbers.add(p.id)
        if not found.seat(f"{where}.owner", p.owner, game):
            continue
        if p.token:
            if not TOKENS <= p.id < TOKENS + MAX_TOKENS:
                found.add(
                    f"{where}.id", f"a token is numbered {TOKENS}..{TOKENS + MAX_TOKENS - 1}, not {p.id}"
                )
            if p.kind != game.token_kind:
                found.add(f"{where}.kind", f"a token's design is {game.token_kind}, not {p.kind}")
        elif places.put(f"{where}.id", p.id, p.owner) and p.kind != game.kind_of[p.id]:
            found.add(f"{where}.kind", f"card #{p.id}'s design is {game.kind_of[p.id]}, not {p.kind}")
        if not 0 <= p.kind < len(game.infos) or game.infos[p.kind].type not in _ARENA_TYPES:
            found.add(f"{where}.kind", f"{p.kind} is not the design of an Entity or an Item")
        _permanent_numbers(s, p, where, found)


def _permanent_numbers(s: CommandState, p: Permanent, where: str, found: Problems) -> None:
    turn = s.turn
    for field in ("entered", "evaded", "attacked"):
        found.int_in(f"{where}.{field}", getattr(p, field), 0, turn)
    for field in ("damage", "upgrades", "submerged", "trench", "isolated_until"):
        found.int_in(f"{where}.{field}", getattr(p, field), 0, NUMBER_LIMIT)
    if found.length(f"{where}.uses", p.uses, 1 + ABILITIES, "numbers (turn, then uses per ability)"):
        found.int_in(f"{where}.uses[0]", p.uses[0], 0, turn)
        for ability in range(ABILITIES):
            found.int_in(f"{where}.uses[{1 + ability}]", p.uses[1 + ability], 0, NUMBER_LIMIT)


def _info(game: CommandGame, item: QueueItem) -> CardInfo:
    """The design whose effects `item` carries (a Sovereign's own, for its abilities)."""
    if item.source == game.sovereign_id(item.controller):
        return game.sovereign_infos[item.controller]
    return game.infos[item.design]


def _item(s: CommandState, item: QueueItem, where: str, found: Problems) -> bool:
    """Whether a Queue item (on the Queue, being put there, or resolving) is sound; its card is not placed."""
    game = s.game
    checks = (
        found.int_in(f"{where}.kind", item.kind, 0, 3),
        found.seat(f"{where}.controller", item.controller, game),
        found.int_in(f"{where}.source", item.source, 0, PLAYERS - 1),
        found.int_in(f"{where}.design", item.design, 0, len(game.infos) - 1),
    )
    if not all(checks):
        return False
    for index, target in enumerate(item.targets):
        found.int_in(f"{where}.targets[{index}]", target, -2, TARGETS - 1)
    if item.kind == SPELL:
        if item.source >= TOKENS or game.kind_of[item.source] != item.design:
            return found.add(f"{where}.design", f"a card played is card #{item.source}'s design")
        rite = game.infos[item.design].type is CardType.RITE
        if item.trigger is not (Trigger.ON_RESOLVE if rite else Trigger.STATIC) or item.ability != -1:
            return found.add(
                f"{where}.trigger", "a Rite resolves (on_resolve); an Entity or Item enters (static)"
            )
    elif item.kind == ABILITY:
        if item.ability not in (EXHAUST, WARP, BOMBARD):
            return found.add(
                f"{where}.ability", f"must be an ability on the Queue: {EXHAUST}, {WARP} or {BOMBARD}"
            )
        if item.ability in (WARP, BOMBARD) and len(item.targets) != 1:
            return found.add(f"{where}.targets", "Warp and Bombard have one target slot")
    elif item.ability != -1:
        return found.add(f"{where}.ability", "only an activated ability has an ability number")
    if item.kind != VOLATILE and item.ability not in (WARP, BOMBARD):
        count = len(_info(game, item).effects.get(item.trigger, ()))
        if len(item.targets) != count:
            return found.add(
                f"{where}.targets", f"one target per effect of its {item.trigger.value} effects ({count})"
            )
    return True


def _queue(s: CommandState, places: Places) -> None:
    game = s.game
    found = places.problems
    for index, item in enumerate(s.queue):
        where = f"data.queue[{index}]"
        if _item(s, item, where, found) and item.kind == SPELL:
            places.put(f"{where}.source", item.source, item.controller)
    casting = s.casting
    if casting is not None:
        where = "data.casting"
        item = casting.item
        if _item(s, item, f"{where}.item", found):
            if len(casting.slots) != len(item.targets):
                found.add(f"{where}.slots", "one slot per target of the item")
            if item.kind == SPELL and casting.play != item.source:
                found.add(f"{where}.play", f"the card being played is the item's card, #{item.source}")
            if item.kind == SPELL:
                places.put(f"{where}.item.source", item.source, item.controller)
        if casting.play != -1 and item.kind != SPELL:
            found.add(f"{where}.play", "only a card being played names it")
        if casting.ability not in (-1, EXHAUST, WARP, BOMBARD) or casting.ability != item.ability:
            found.add(f"{where}.ability", "the ability being activated is the item's ability")
    for index, entry in enumerate(s.pending):
        where = f"data.pending[{index}]"
        if found.length(where, entry, 4, "values (controller, source, design, trigger)"):
            controller, source, design, _ = entry
            found.seat(f"{where}[0]", controller, game)
            found.int_in(f"{where}[1]", source, 0, PLAYERS - 1)
            found.int_in(f"{where}[2]", design, 0, len(game.infos) - 1)
    found.int_in("data.resolutions", s.resolutions, 0, phases.QUEUE_GUARD)


def _turn(s: CommandState, found: Problems) -> None:
    game = s.game
    for field in ("active", "first", "priority", "discard_seat", "foresight_seat"):
        found.seat(f"data.{field}", getattr(s, field), game, also=(-1,))
    found.int_in("data.passes", s.passes, 0, 1)
    for field in ("discard_left", "foresight_left", "element_left"):
        found.int_in(f"data.{field}", getattr(s, field), 0, NUMBER_LIMIT)
    if s.element_source != -1 and s.permanent(s.element_source) is None:
        found.add("data.element_source", f"#{s.element_source} is not in the Arena")
    if len(s.foresight_bottom) > len(s.foresight):
        found.add("data.foresight_bottom", "one decision per card looked at, at most")
    elif s.foresight:
        seat = s.foresight_seat
        if seat < 0 or tuple(s.decks[seat].top[: len(s.foresight)]) != tuple(s.foresight):
            found.add("data.foresight", "the cards looked at are the top cards of the Foresight seat's deck")
    combat = s.combat
    if combat is not None:
        found.int_in("data.combat.attacker", combat.attacker, 0, SOVEREIGNS - 1)
        found.int_in("data.combat.target", combat.target, -1, TARGETS - 1)
        for field in ("interceptors", "chosen"):
            for index, number in enumerate(getattr(combat, field)):
                found.int_in(f"data.combat.{field}[{index}]", number, 0, SOVEREIGNS - 1)
        found.int_in("data.combat.ordered", combat.ordered, 0, len(combat.interceptors))
    elif s.step in (phases.Step.ATTACK, phases.Step.COMBAT):
        found.add("data.combat", f"the {s.step.value} step has an attack in progress")
    if s.active < 0 and s.step is not phases.Step.SETUP:
        found.add("data.active", "there is an active seat once the turns have begun")


def _prompt(s: CommandState, prompt: phases.CommandPrompt, found: Problems) -> None:
    phase, player = prompt.phase, prompt.player
    chance = phase in phases.CHANCE_PHASES
    if not found.decider(prompt, s.game, chance=chance, what=f"the {phase.value} decision"):
        return
    if phase is phases.Phase.COIN:
        if s.first != -1 or prompt.seat != -1:
            found.add("prompt", "the coin is flipped once, before anything else, about no seat")
        return
    if chance:
        if found.seat("prompt.seat", prompt.seat, s.game):
            _chance_prompt(s, prompt, found)
        return
    if prompt.seat != -1:
        found.add("prompt.seat", "only chance prompts name a seat: -1")
    if (phase in _CASTING_PHASES) != (s.casting is not None):
        found.add("data.casting", "something is being put on the Queue exactly at target and cost decisions")
    elif phase in _CASTING_PHASES:
        _casting_prompt(s, prompt, found)
    if phase is phases.Phase.REDRAW and (s.step is not phases.Step.SETUP or s.first < 0):
        found.add("prompt.phase", "the redraw comes in setup, after the coin flip")
    elif phase is not phases.Phase.REDRAW and (s.step is phases.Step.SETUP or s.active < 0):
        found.add("prompt.phase", f"the {phase.value} decision comes once the turns have begun")
    elif phase is phases.Phase.PRIORITY and player != s.priority:
        found.add("prompt.player", f"must be the seat holding priority, {s.priority}")
    elif phase in _COMBAT_PHASES:
        _combat_prompt(s, prompt, found)
    elif phase is phases.Phase.ELEMENT:
        source = s.permanent(s.element_source)
        mana = None if source is None else s.game.infos[source.kind].mana
        if (
            source is None
            or source.owner != player
            or mana is None
            or len(mana[1]) != 2
            or not s.element_left
        ):
            found.add("data.element_source", "the Shards being made come from a two-element Rock of the seat")
    elif phase is phases.Phase.DISCARD and (
        s.discard_seat != player or not 1 <= s.discard_left <= len(s.hands[player])
    ):
        found.add("data.discard_left", f"seat {player} discards 1 to {len(s.hands[player])} cards")
    elif phase is phases.Phase.FORESIGHT and (
        s.foresight_seat != player or len(s.foresight_bottom) >= len(s.foresight)
    ):
        found.add("data.foresight", f"seat {player} decides about each card looked at, one by one")


def _chance_prompt(s: CommandState, prompt: phases.CommandPrompt, found: Problems) -> None:
    deck = s.decks[prompt.seat]
    if prompt.phase is phases.Phase.DRAW and not deck.needs_chance():
        found.add(
            "prompt.seat", f"seat {prompt.seat}'s next card is not drawn from the unknown part of its deck"
        )
    elif prompt.phase is phases.Phase.REVEAL and (
        prompt.seat != s.foresight_seat or not deck.middle_count or len(deck.top) != len(s.foresight)
    ):
        found.add("prompt.seat", "Foresight looks at the next unknown card once the known top is seen")


def _casting_prompt(s: CommandState, prompt: phases.CommandPrompt, found: Problems) -> None:
    casting = s.casting
    assert casting is not None
    if prompt.player != casting.item.controller:
        found.add("prompt.player", f"the item's controller, {casting.item.controller}, chooses")
    waiting = any(
        needs and target == -1 for needs, target in zip(casting.slots, casting.item.targets, strict=False)
    )
    if prompt.phase is phases.Phase.TRENCH and not casting.trench:
        found.add("data.casting.trench", "a trench counter is still to be removed at a trench decision")
    elif prompt.phase is phases.Phase.TARGET and (casting.trench or not waiting):
        found.add("data.casting.slots", "a target is still to be chosen at a target decision")
    elif prompt.phase is phases.Phase.SACRIFICE and (casting.trench or waiting or not casting.sacrifice):
        found.add("data.casting.sacrifice", "the sacrifice comes after the targets, when one is owed")


def _combat_prompt(s: CommandState, prompt: phases.CommandPrompt, found: Problems) -> None:
    combat = s.combat
    attacker = None if combat is None else s.permanent(combat.attacker)
    if combat is None or attacker is None or attacker.owner != s.active:
        found.add("data.combat", "an attack in progress by an Entity of the active seat in the Arena")
        return
    defending = prompt.phase is phases.Phase.INTERCEPT
    if prompt.player != (1 - s.active if defending else s.active):
        found.add("prompt.player", f"the {'defending' if defending else 'active'} seat decides")
    if (prompt.phase is phases.Phase.ATTACK_TARGET) != (combat.target == -1):
        found.add("data.combat.target", "the attack's target is chosen at the attack target decision")
    if prompt.phase is phases.Phase.ORDER and combat.ordered + 1 >= len(combat.interceptors):
        found.add("data.combat.ordered", "two or more interceptors are left to order")


def _tasks(s: CommandState, found: Problems) -> None:
    game = s.game
    for index, task in enumerate(s.tasks):
        where = f"tasks[{index}]"
        if isinstance(
            task,
            phases.DrawCards
            | phases.BeginTurn
            | phases.EndTurn
            | phases.FinishTurn
            | phases.AskRedraw
            | phases.AfterRedraw
            | AskDiscard
            | LookNext,
        ):
            found.seat(f"{where}.seat", task.seat, game)
        if isinstance(task, phases.DrawCards | AskDiscard):
            found.int_in(f"{where}.count", task.count, 0, NUMBER_LIMIT)
        elif isinstance(task, phases.AskRedraw | phases.AfterRedraw) and s.first < 0:
            found.add(where, "the redraws follow the coin flip")
        elif isinstance(task, LookNext) and task.seat != s.foresight_seat:
            found.add(f"{where}.seat", f"the Foresight is seat {s.foresight_seat}'s")
        elif isinstance(task, FinishItem):
            _item(s, task.item, f"{where}.item", found)
        elif isinstance(task, ApplyEffect) and _item(s, task.item, f"{where}.item", found):
            count = len(_info(game, task.item).effects.get(task.item.trigger, ()))
            found.int_in(f"{where}.index", task.index, 0, count - 1)
