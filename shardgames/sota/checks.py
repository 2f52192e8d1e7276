"""What a SOTA state must satisfy: every field against the game, for states read from JSON or positions.

Every card of every decklist is in exactly one place: a Persona (chosen, or still to choose from), a
hand, a deck, a Duel Position or its Trait, an Ally stack, the Fractured Shards, the cards out of the
game, or an Ally spent in the duel under way. `problems` lists each field that breaks this, is out of
range, or disagrees with the pending decision (see `shardgames.kernel.checks`); `SotaState._problems`
returns it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from shardgames.kernel.checks import Places, Problems, id_ranges
from shardgames.sota import phases
from shardgames.sota.constants import (
    ALLY,
    CHARACTER,
    HAND_MAX,
    OPENING_HAND,
    PERSONA,
    SEAT_SHIFT,
    TRAIT,
)
from shardgames.sota.phases import Phase

if TYPE_CHECKING:
    from shardgames.sota.duel_state import Duel
    from shardgames.sota.game import SotaGame
    from shardgames.sota.state import SotaState

__all__ = ["DUEL_LIMIT", "problems"]

DUEL_LIMIT = 1000
"""The largest modifier, Stat Total or mill a state may hold (far beyond any a game reaches)."""

_TYPE_NAMES = {PERSONA: "a Persona", CHARACTER: "a Character", ALLY: "an Ally", TRAIT: "a Trait"}
_SEAT_LISTS = ("persona", "options", "hands", "decks", "shards", "removed", "alive", "rolls")
_DRAWS = frozenset({Phase.DEAL, Phase.GATHER_DRAW, Phase.MILL})
_DUEL_PHASES = frozenset(
    {
        Phase.DUEL_STAT,
        Phase.DUEL_TARGET,
        Phase.TWIN_RESPONSE,
        Phase.DUEL_DIE,
        Phase.MODIFIERS,
        Phase.REROLL_DIE,
    }
)
_STEP_PHASES = frozenset({Phase.GATHER, Phase.POSITION, Phase.BOLSTER})
_ASKED_PHASES = frozenset({Phase.PERSONA, Phase.REDRAW, *_STEP_PHASES})
_DEAL_PHASES = frozenset({Phase.DEAL, Phase.GATHER_DRAW})


def problems(s: SotaState) -> Problems:
    """Every problem of the SOTA fields, prompt and tasks of `s`."""
    game = s.game
    n, k = game.num_players, game.duel_positions
    found = Problems()
    for field in _SEAT_LISTS:
        found.length(f"data.{field}", getattr(s, field), n, "entries, one per seat")
    found.length("data.slots", s.slots, n * k, f"Duel Positions ({k} per seat)")
    found.length("data.traits", s.traits, n * k, f"Duel Positions ({k} per seat)")
    found.length("data.allies", s.allies, n * 5, "Ally Positions (5 per seat)")
    if found:  # everything below indexes these lists by seat
        return found
    exists = _exists(game)
    places = Places(found, exists, id_ranges(game.entries), lambda card: card >> SEAT_SHIFT)
    for seat in range(n):
        _seat(s, seat, places)
    _turn_phase(s, found)
    if s.duel is not None:
        _duel(s, s.duel, places)
    for seat in range(n):
        places.nowhere(f"data.removed[{seat}]", (c for c in game.entries[seat] if exists(c)))
    if not found:  # the prompt and tasks are checked against a sound table
        if isinstance(s.prompt, phases.SotaPrompt):
            _prompt(s, s.prompt, found)
        _tasks(s, found)
        _outcome(s, found)
    return found


def _exists(game: SotaGame) -> Callable[[int], bool]:
    kind_of = game.kind_of
    size = len(kind_of)
    return lambda card: 0 <= card < size and kind_of[card] >= 0


def _typed(s: SotaState, places: Places, path: str, card: int, *, seat: int, kinds: tuple[int, ...]) -> bool:
    """Put `card` at `path`, a place for the cards of `seat` of the types `kinds` only."""
    if not places.put(path, card, seat):
        return False
    if s.game.card_type[card] not in kinds:
        names = " or ".join(_TYPE_NAMES[t] for t in kinds)
        return places.problems.add(path, f"card {card} ({s.game.names[card]}) is not {names}")
    return True


def _seat(s: SotaState, seat: int, places: Places) -> None:
    game = s.game
    found = places.problems
    k = game.duel_positions
    not_persona = (CHARACTER, ALLY, TRAIT)
    persona = s.persona[seat]
    if persona != -1:
        _typed(s, places, f"data.persona[{seat}]", persona, seat=seat, kinds=(PERSONA,))
    for i, card in enumerate(s.options[seat]):
        _typed(s, places, f"data.options[{seat}][{i}]", card, seat=seat, kinds=(PERSONA,))
    hand = places.hand(f"data.hands[{seat}]", s.hands[seat], seat, game)
    found.at_most(f"data.hands[{seat}].cards", s.hands[seat].cards, HAND_MAX, "cards")
    deck = places.deck(f"data.decks[{seat}]", s.decks[seat], seat, game, game.kind_of.__getitem__)
    for zone, cards in (("hands", hand), ("decks", deck)):
        for card in cards:
            if game.card_type[card] == PERSONA:
                found.add(
                    f"data.{zone}[{seat}]", f"a Persona ({game.names[card]}) never enters a hand or deck"
                )
    for slot in range(k):
        index = seat * k + slot
        card, trait = s.slots[index], s.traits[index]
        if card != -1:
            _typed(s, places, f"data.slots[{index}]", card, seat=seat, kinds=(CHARACTER,))
        if (
            trait != -1
            and _typed(s, places, f"data.traits[{index}]", trait, seat=seat, kinds=(TRAIT,))
            and card == -1
        ):
            found.add(
                f"data.traits[{index}]", "a Trait is attached to a Character: the Duel Position is empty"
            )
    for stat in range(5):
        index = seat * 5 + stat
        for i, card in enumerate(s.allies[index]):
            typed = _typed(s, places, f"data.allies[{index}][{i}]", card, seat=seat, kinds=(ALLY,))
            if typed and game.ally_stat[card] != stat:
                found.add(f"data.allies[{index}][{i}]", f"card {card} is an Ally of another stat")
    for i, card in enumerate(s.shards[seat]):
        _typed(s, places, f"data.shards[{seat}][{i}]", card, seat=seat, kinds=not_persona)
    places.put_all(f"data.removed[{seat}]", s.removed[seat], seat)
    found.int_in(f"data.rolls[{seat}]", s.rolls[seat], 0, 6)
    if not s.alive[seat]:
        row = s.slots[seat * k : seat * k + k] + s.traits[seat * k : seat * k + k]
        table = (*s.allies[seat * 5 : seat * 5 + 5], s.shards[seat], s.options[seat])
        if (
            persona != -1
            or s.hands[seat].cards
            or len(s.decks[seat])
            or any(c != -1 for c in row)
            or any(table)
        ):
            found.add(f"data.alive[{seat}]", f"seat {seat} is out: all its cards are in data.removed[{seat}]")
    elif persona == -1 and not s.options[seat]:
        found.add(
            f"data.persona[{seat}]",
            f"seat {seat} is in the game: it has a Persona, or Personas to choose from",
        )
    elif persona != -1 and s.options[seat]:
        found.add(
            f"data.options[{seat}]", f"seat {seat} has chosen its Persona: nothing is left to choose from"
        )


def _turn_phase(s: SotaState, found: Problems) -> None:
    game = s.game
    n = game.num_players
    if found.seat("data.active", s.active, game, also=(-1,)):
        if (s.active == -1) != (s.turn == 0):
            found.add("data.active", "there is an active seat from Turn Phase 1 on, and none before")
        elif s.active >= 0 and not s.alive[s.active] and not s.is_terminal():
            found.add("data.active", f"seat {s.active} is out")
    found.bits("data.used_stats", s.used_stats, 5)
    found.bits("data.twin_used", s.twin_used, n)
    seen: set[int] = set()
    for i, card in enumerate(s.encore_used):
        if not _is_encore(game, card) or card in seen:
            found.add(f"data.encore_used[{i}]", f"{card} is not an Encore Trait or Persona, once each")
        seen.add(card)


def _is_encore(game: SotaGame, card: int) -> bool:
    """Whether `card` carries a trait that keeps the declared stat (Encore, or a registered one)."""
    if not 0 <= card < len(game.kind_of) or game.kind_of[card] < 0:
        return False
    trait = game.trait_of[card]
    return trait is not None and trait.keeps_stat


def _unit(
    s: SotaState, path: str, slots: tuple[int, ...], seat: int, found: Problems, *, resolved: bool
) -> None:
    """A duelling unit: one or two Duel Positions of `seat` with Characters (a twin pair), or its Persona."""
    game = s.game
    k = game.duel_positions
    if len(slots) > 2 or len(set(slots)) != len(slots) or not all(0 <= i < k for i in slots):
        found.add(path, f"must be one or two different Duel Positions 0..{k - 1}, or none (the Persona)")
        return
    if resolved:  # the duel's cards may have left their positions
        return
    row = s.slots[seat * k : seat * k + k]
    if not slots and any(card >= 0 for card in row):
        found.add(path, f"a Persona duels only when seat {seat} has no Character in a Duel Position")
    for slot in slots:
        if row[slot] < 0:
            found.add(path, f"seat {seat} has no Character in Duel Position {slot}")
            return
    if len(slots) == 2 and tuple(sorted(slots)) not in game.twin_pairs(row):
        found.add(path, f"Duel Positions {slots[0]} and {slots[1]} of seat {seat} do not hold a twin pair")


def _duel(s: SotaState, duel: Duel, places: Places) -> None:
    game = s.game
    found = places.problems
    resolved = duel.winner != -2
    if duel.attacker != s.active or s.active < 0:
        found.add("data.duel.attacker", f"must be the active seat, {s.active}")
        return
    _unit(s, "data.duel.unit", duel.unit, duel.attacker, found, resolved=resolved)
    found.int_in("data.duel.stat", duel.stat, -1, 4)
    defender = duel.defender
    if found.seat("data.duel.defender", defender, game, also=(-1,)) and defender >= 0:
        if defender == duel.attacker or not s.alive[defender]:
            found.add("data.duel.defender", f"seat {defender} is not an opponent still in the game")
        else:
            _unit(s, "data.duel.target", duel.target, defender, found, resolved=resolved)
    elif duel.target or duel.rolled:
        found.add("data.duel.defender", "the target is chosen before the dice are rolled")
    if found.length("data.duel.dice", duel.dice, 4, "dice") and found.int_in(
        "data.duel.rolled", duel.rolled, 0, 4
    ):
        for i, die in enumerate(duel.dice):
            found.int_in(
                f"data.duel.dice[{i}]", die, 1 if i < duel.rolled else 0, 6 if i < duel.rolled else 0
            )
    if found.length("data.duel.bonus", duel.bonus, 2, "modifiers, attacker and defender"):
        for side, bonus in enumerate(duel.bonus):
            found.int_in(f"data.duel.bonus[{side}]", bonus, -DUEL_LIMIT, DUEL_LIMIT)
    found.bits("data.duel.used", duel.used, 16)
    if found.length("data.duel.spent", duel.spent, 2, "lists, attacker and defender"):
        for side, spent in enumerate(duel.spent):
            seat = duel.seat_of(side)
            for i, card in enumerate(spent):
                where = f"data.duel.spent[{side}][{i}]"
                if seat < 0:
                    found.add(where, "no defender has spent an Ally before the target is chosen")
                else:
                    _typed(s, places, where, card, seat=seat, kinds=(ALLY,))
    window = duel.rolled == 4  # the modifier window opens after the four dice, the attacker first
    if found.int_in("data.duel.to_act", duel.to_act, 0, 1) and duel.to_act and not window:
        found.add("data.duel.to_act", "the attacker is to act until the modifier window, after the four dice")
    if found.int_in("data.duel.passes", duel.passes, 0, 2 if resolved else 1) and duel.passes and not window:
        found.add("data.duel.passes", "nobody passes before the modifier window, after the four dice")
    sides = found.int_in("data.duel.reroll_side", duel.reroll_side, -1, 1)
    left = found.int_in("data.duel.reroll_left", duel.reroll_left, 0, 2)
    if sides and left and (duel.reroll_side >= 0) != (duel.reroll_left > 0):
        found.add("data.duel.reroll_left", "dice are left to re-roll exactly while a side re-rolls")
    found.int_in("data.duel.winner", duel.winner, -2, 1)
    if found.length("data.duel.totals", duel.totals, 2, "Stat Totals, attacker and defender"):
        for side, total in enumerate(duel.totals):
            found.int_in(f"data.duel.totals[{side}]", total, -DUEL_LIMIT, DUEL_LIMIT)
        if not resolved and tuple(duel.totals) != (0, 0):
            found.add("data.duel.totals", "the Stat Totals are kept once the duel is resolved: (0, 0) before")


def _prompt(s: SotaState, prompt: phases.SotaPrompt, found: Problems) -> None:
    game = s.game
    phase, player = prompt.phase, prompt.player
    chance = phase in phases.CHANCE_PHASES
    if not found.decider(prompt, game, chance=chance, what=f"the {phase.value} decision"):
        return
    if not chance:
        if prompt.seat != -1:
            found.add("prompt.seat", "only chance prompts name a seat: -1")
        if not s.alive[player]:
            found.add("prompt.player", f"seat {player} is out")
    elif not found.seat("prompt.seat", prompt.seat, game) or not s.alive[prompt.seat]:
        return
    duel = s.duel
    if (phase in _DUEL_PHASES) != (duel is not None and duel.winner == -2):
        found.add(
            "data.duel", f"a duel is under way exactly at the decisions of a duel, not at {phase.value}"
        )
        return
    if phase in _DRAWS and not s.decks[prompt.seat].needs_chance():
        found.add(
            "prompt.seat", f"seat {prompt.seat}'s next card is not drawn from the unknown part of its deck"
        )
    elif phase is Phase.PERSONA and not s.options[player]:
        found.add("prompt.player", f"seat {player} has no Personas to choose from")
    elif phase in _STEP_PHASES or phase is Phase.DUEL_UNIT:
        if s.active < 0 or (phase is Phase.DUEL_UNIT and player != s.active):
            found.add("prompt.player", f"the {phase.value} decision comes in a Turn Phase of the active seat")
        if phase is Phase.GATHER and s.turn == 1:
            found.add("prompt.phase", "there is no Gather in Turn Phase 1 (SOTA-28)")
    elif duel is not None and phase in _DUEL_PHASES:
        _duel_prompt(s, prompt, duel, found)
    if duel is not None and duel.winner != -2 and not any(isinstance(t, phases.AfterDuel) for t in s.tasks):
        found.add("data.duel", "a resolved duel ends with a queued AfterDuel task")


def _duel_prompt(s: SotaState, prompt: phases.SotaPrompt, duel: Duel, found: Problems) -> None:
    phase = prompt.phase
    target_chosen = duel.defender >= 0
    if (phase is Phase.DUEL_STAT) != (duel.stat < 0) or (phase in (Phase.DUEL_STAT, Phase.DUEL_TARGET)) == (
        target_chosen
    ):
        found.add("data.duel", f"the stat, then the target, are chosen before the {phase.value} decision")
        return
    dice_phase = phase in (Phase.DUEL_DIE, Phase.MODIFIERS, Phase.REROLL_DIE)
    if dice_phase != (duel.rolled > 0) and phase is not Phase.DUEL_DIE:
        found.add("data.duel.rolled", "the dice are rolled after the twin response, before the modifiers")
    if phase is Phase.TWIN_RESPONSE:
        slots = duel.target
        k = s.game.duel_positions
        pairs = s.game.twin_pairs(s.slots[duel.defender * k : duel.defender * k + k])
        if prompt.player != duel.defender or len(slots) != 1 or not any(slots[0] in p for p in pairs):
            found.add("prompt", "the defender answers a challenge to one twin of a pair")
    elif phase is Phase.DUEL_DIE:
        seat = duel.attacker if duel.rolled < 2 else duel.defender
        if duel.rolled == 4 or prompt.seat != seat:
            found.add("prompt.seat", f"the next duel die is seat {seat}'s, with dice still to roll")
    elif phase is Phase.MODIFIERS:
        if duel.rolled != 4 or duel.reroll_side != -1 or prompt.player != duel.seat_of(duel.to_act):
            found.add("prompt.player", "the modifier window opens after the four dice, to the side to act")
    elif phase is Phase.REROLL_DIE:
        if duel.rolled != 4 or duel.reroll_side < 0 or prompt.seat != duel.seat_of(duel.reroll_side):
            found.add("prompt.seat", "a re-rolled die belongs to the side re-rolling (data.duel.reroll_side)")
    elif prompt.player != duel.attacker:
        found.add("prompt.player", f"the attacker, seat {duel.attacker}, chooses the stat and the target")


def _tasks(s: SotaState, found: Problems) -> None:
    game = s.game
    n = game.num_players
    for index, task in enumerate(s.tasks):
        where = f"tasks[{index}]"
        if isinstance(task, phases.AskPhase | phases.Deal | phases.BeginTurnPhase | phases.Mill):
            found.seat(f"{where}.seat", task.seat, game)
        if isinstance(task, phases.AskPhase) and task.phase not in _ASKED_PHASES:
            found.add(f"{where}.phase", f"{task.phase.value!r} is not a decision a seat is asked for in turn")
        elif isinstance(task, phases.Deal):
            found.int_in(f"{where}.count", task.count, 0, OPENING_HAND)
            if task.phase not in _DEAL_PHASES:
                found.add(f"{where}.phase", "cards are dealt in the deal or gather draw phase")
        elif isinstance(task, phases.Mill):
            found.int_in(f"{where}.count", task.count, 0, DUEL_LIMIT)
        elif isinstance(task, phases.StartRoll):
            rolling = task.rolling
            if not rolling or len(set(rolling)) != len(rolling) or not all(0 <= seat < n for seat in rolling):
                found.add(f"{where}.rolling", f"must be different seats 0..{n - 1}, at least one")
            found.int_in(f"{where}.index", task.index, 0, len(rolling))
        elif isinstance(task, phases.AskDuel | phases.EndTurn) and (s.active < 0 or not s.alive[s.active]):
            found.add(where, "the duels and the end of a Turn Phase belong to an active seat in the game")
        elif isinstance(task, phases.AfterDuel) and (s.duel is None or s.duel.winner == -2):
            found.add(where, "the end of a duel comes once the duel is resolved")


def _outcome(s: SotaState, found: Problems) -> None:
    remaining = [seat for seat, alive in enumerate(s.alive) if alive]
    if not s.is_terminal() and len(remaining) < 2:
        found.add("data.alive", "a game in progress has at least two seats in the game")
    if s.winner is not None and remaining != [s.winner]:
        found.add("winner", f"seat {s.winner} wins only as the last seat in the game")
