"""Helpers for SOTA rule tests: scenario games, positions, and moving a duel along.

The scenario decks (tests/sota/data/scenarios.toml) hold the cards of the rulebook's worked examples.
Games run in explicit-chance mode, so tests choose every die and every drawn card.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import shardgames as sg
from shardgames.sota import SotaGame, SotaState, Stat
from shardgames.sota.actions import (
    ChooseStat,
    ChooseTarget,
    DrawCard,
    DuelWith,
    DuelWithPersona,
    DuelWithTwins,
    RollDie,
)
from shardgames.sota.constants import LOCAL_MASK
from shardgames.sota.events import DuelDeclared, DuelResolved
from shardgames.sota.phases import Phase

DATA = Path(__file__).parent / "sota" / "data" / "scenarios.toml"


def scenario_game(players: int = 2, **params: Any) -> SotaGame:
    """A game of the scenario decks p1, p2 (and p3), with explicit chance."""
    decks = tuple(f"{DATA}#p{seat + 1}" for seat in range(players))
    game = sg.load_game("sota", players=players, decks=decks, chance="explicit", **params)
    assert isinstance(game, SotaGame)
    return game


def card_first_game(folder: Path, card: str) -> SotaGame:
    """The scenario game in which seat 0's decklist starts with `card`, so that it is card 0."""
    text = DATA.read_text(encoding="utf-8")
    start = text.index('[[deck]]\nname = "p1"')
    p1 = text[start : text.index("[[deck]]", start + 1)]
    without = re.sub(rf'\s*"{card}",', "", p1, count=1)
    moved = without.replace('"ex-p1-persona", ', f'"{card}", "ex-p1-persona", ', 1)
    path = folder / "decks.toml"
    path.write_text(text + "\n" + moved.replace('name = "p1"', 'name = "first"'), encoding="utf-8")
    game = sg.load_game("sota", decks=(f"{path}#first", f"{DATA}#p2"), chance="explicit")
    assert isinstance(game, SotaGame)
    return game


def character_first_game(folder: Path) -> SotaGame:
    """The scenario game in which seat 0's decklist starts with J (Magic 6), so that J is card 0."""
    return card_first_game(folder, "ex-j")


def seat(**fields: Any) -> dict[str, Any]:
    """A seat of a position: 20 filler cards in the deck unless said otherwise."""
    return {"deck": 20, **fields}


def start(*seats: dict[str, Any], game: SotaGame | None = None, **fields: Any) -> SotaState:
    """The state of a position with these seats (by default at P1's duel-loop decision)."""
    game = game or scenario_game(len(seats))
    state = game.state_from_position({"players": list(seats), **fields})
    assert isinstance(state, SotaState)
    return state


def card(state: SotaState, seat_index: int, card_id: str) -> int:
    """The instance id of `seat_index`'s first copy of `card_id` that is anywhere in play or in hand."""
    game = state.game
    for candidate in game.entries[seat_index]:
        if game.kinds[game.kind_of[candidate]].id != card_id:
            continue
        places = (
            list(state.hands[seat_index]),
            state.slots,
            state.traits,
            [c for stack in state.allies for c in stack],
            [state.persona[seat_index]],
        )
        if any(candidate in place for place in places):
            return candidate
    raise LookupError(f"seat {seat_index} has no {card_id!r} in play or in hand")


def local(state: SotaState, seat_index: int, card_id: str) -> int:
    """The local index (what actions name) of `seat_index`'s card `card_id`."""
    return card(state, seat_index, card_id) & LOCAL_MASK


def challenge(
    state: SotaState, unit: int | str | tuple[int, int], stat: str, target: tuple[int, int | None]
) -> None:
    """Declare a duel: `unit` is a Duel Position, ``"persona"`` or a (first, second) twin pair."""
    if unit == "persona":
        state.apply_action(DuelWithPersona())
    elif isinstance(unit, tuple):
        state.apply_action(DuelWithTwins(*unit))
    else:
        assert isinstance(unit, int)
        state.apply_action(DuelWith(unit))
    state.apply_action(ChooseStat(Stat(stat)))
    state.apply_action(ChooseTarget(*target))


def roll(state: SotaState, *faces: int) -> None:
    """Apply die faces at the pending chance nodes."""
    for face in faces:
        assert state.is_chance_node(), f"expected a die, the state asks {state.prompt}"
        state.apply_action(RollDie(face))


def draw_kind(state: SotaState, card_id: str) -> DrawCard:
    """The chance outcome that draws a card `card_id`."""
    game = state.game
    kind = next(k for k, c in enumerate(game.kinds) if c.id == card_id)
    return DrawCard(kind)


def mill_fillers(state: SotaState) -> int:
    """Answer every pending draw with a filler card; return how many."""
    count = 0
    while state.is_chance_node() and isinstance(state.legal_actions()[0], DrawCard):
        state.apply_action(draw_kind(state, "ex-filler"))
        count += 1
    return count


def names(state: SotaState, cards: Any) -> list[str]:
    """The card ids (not instance ids) of `cards`, for readable assertions."""
    game = state.game
    return [game.kinds[game.kind_of[c]].id for c in cards]


def stats_left(state: SotaState) -> set[str]:
    """The stats the active seat may still choose."""
    return {s.value for i, s in enumerate(Stat) if not state.used_stats >> i & 1}


def last_duel(state: SotaState) -> DuelResolved:
    """The latest resolved duel."""
    return [e for e in state.events if isinstance(e, DuelResolved)][-1]


def last_declared(state: SotaState) -> DuelDeclared:
    """The latest declared duel."""
    return [e for e in state.events if isinstance(e, DuelDeclared)][-1]


def phase(state: SotaState) -> Phase | None:
    """The phase of the pending decision (None once the game is over)."""
    prompt = state.prompt
    return None if prompt is None else getattr(prompt, "phase", None)
