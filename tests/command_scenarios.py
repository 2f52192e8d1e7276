"""Helpers for Shard Command rule tests: games, positions, cards found by name, and passing along.

A scenario starts from a position (see `shardgames.command.position`; by default it is seat 0's Main
Phase) in a game of shipped decks (``start(position, "pyre,stoneguard")``, or a module's default decks
with `starter`) or of a small card file written for the test (`card_file`, `file_game`). Cards and
permanents are found by their design name, so a test reads like the rule it checks.

The passing helpers stop where a rule is checked: `resolve` when the Queue has resolved, `resolve_queue`
also at the first decision that is not priority, `fight` when combat damage is dealt, `end_turn` when
the next turn begins.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any, Protocol

import shardgames as sg
from shardgames.command.actions import ChooseTarget, DeclareAttack, Intercept, Pass, Play
from shardgames.command.game import CommandGame
from shardgames.command.objects import Permanent, player_target
from shardgames.command.phases import CommandPrompt, Phase
from shardgames.command.state import CommandState

#: A position as a test writes it: a dict of the position fields.
Position = Mapping[str, Any]

# ---------------------------------------------------------------------- games


def command_game(spec: str = "command", **params: Any) -> CommandGame:
    """The Shard Command game of a game string (``"command(decks=(pyre,stoneguard))"``) and parameters."""
    game = sg.load_game(spec, **params)
    assert isinstance(game, CommandGame)
    return game


def shipped(*decks: str, **params: Any) -> CommandGame:
    """A game of shipped decks, seat 0's first: ``shipped("pyre", "stoneguard")``; `params` add parameters."""
    return command_game(f"command(decks=({','.join(decks)}))", **params)


def card_file(folder: Path, name: str, text: str) -> Path:
    """Write a card file (TOML ``[[card]]`` and ``[[deck]]`` tables) as `folder / name`; its path."""
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def file_game(path: Path | str, *decks: str, **params: Any) -> CommandGame:
    """A game of `decks`, seat 0's first, from the card file `path` (format ``none``: any cards may play)."""
    return command_game("command", decks=decks, cards=(str(path),), format="none", **params)


# ---------------------------------------------------------------------- positions


def position(game: sg.Game, raw: Position) -> CommandState:
    """The state of the position `raw` in `game`."""
    state = game.state_from_position(raw)
    assert isinstance(state, CommandState)
    return state


def start(where: Position, decks: str, *, game: CommandGame | None = None, **params: Any) -> CommandState:
    """The state of a position in a game of two shipped decks (``"pyre,stoneguard"``, seat 0's first).

    `params` are more game parameters (``chance="explicit"``); a `game` given is used instead.
    """
    if game is None:
        game = shipped(*decks.split(","), **params)
    return position(game, where)


class Start(Protocol):
    """`start` with a module's default decks: ``start(position)``, ``start(position, "tidewell,pyre")``."""

    def __call__(
        self, where: Position, decks: str = ..., *, game: CommandGame | None = None, **params: Any
    ) -> CommandState: ...


def starter(default_decks: str) -> Start:
    """A `start` whose decks are `default_decks` unless a call names others.

    A test module whose scenarios mostly play the same two decks binds it once:
    ``start = starter("pyre,stoneguard")``.
    """

    def start_with_defaults(
        where: Position, decks: str = default_decks, *, game: CommandGame | None = None, **params: Any
    ) -> CommandState:
        return start(where, decks, game=game, **params)

    return start_with_defaults


def main_phase(game: CommandGame, mine: Position, theirs: Position, **top: Any) -> CommandState:
    """Seat 0 active in its Main Phase on turn 3, holding priority (unless `top` says otherwise).

    `mine` and `theirs` are seat 0's and seat 1's tables of the position. Each seat keeps 2 Generic stones
    in its Pool (unless its table says otherwise), so that the active player always has a real choice (a
    Charge) and the engine never passes for it.
    """
    players = [{"pool": "2G", **mine}, {"pool": "2G", **theirs}]
    return position(game, {"turn": 3, "active": 0, "step": "main", "players": players, **top})


# ---------------------------------------------------------------------- cards and permanents by name


def name_of(state: CommandState, card: int) -> str:
    """The design name of the card numbered `card`."""
    game = state.game
    return game.infos[game.kind_of[card]].name


def names(state: CommandState, cards: Iterable[int]) -> list[str]:
    """The design names of `cards`, in their order."""
    return [name_of(state, card) for card in cards]


def card_in(state: CommandState, cards: Iterable[int], name: str) -> int:
    """The number of the first card of `cards` (a hand, a Scrap zone, ...) called `name`."""
    return next(card for card in cards if name_of(state, card) == name)


def in_hand(state: CommandState, seat: int, name: str) -> int:
    """The number of the first card of `seat`'s hand called `name`."""
    return card_in(state, state.hands[seat], name)


def only_card(state: CommandState, name: str, seat: int, zone: Iterable[int] | None = None) -> int:
    """The number of the only card called `name` in `zone` (by default `seat`'s hand); fails if not one."""
    (card,) = [card for card in (state.hands[seat] if zone is None else zone) if name_of(state, card) == name]
    return card


def entities(state: CommandState, seat: int, name: str) -> list[Permanent]:
    """`seat`'s permanents called `name` (tokens too), in the order they entered the Arena."""
    infos = state.game.infos
    return [p for p in state.arena if p.owner == seat and infos[p.kind].name == name]


def entity(state: CommandState, seat: int, name: str) -> Permanent:
    """`seat`'s first permanent called `name` in the Arena."""
    infos = state.game.infos
    return next(p for p in state.arena if p.owner == seat and infos[p.kind].name == name)


def perm(state: CommandState, seat: int, name: str) -> int:
    """The object number of `seat`'s first permanent called `name`."""
    return entity(state, seat, name).id


def ids(state: CommandState, name: str, seat: int) -> list[int]:
    """The object numbers of `seat`'s permanents called `name`, in Arena order (note: name first)."""
    return [p.id for p in entities(state, seat, name)]


def one(state: CommandState, name: str, seat: int) -> int:
    """The object number of `seat`'s only permanent called `name` (fails if there are none or several)."""
    (number,) = ids(state, name, seat)
    return number


def attackers(state: CommandState) -> set[int]:
    """The Entities that may declare an attack now."""
    return {a.attacker for a in state.legal_actions() if isinstance(a, DeclareAttack)}


# ---------------------------------------------------------------------- playing and passing


def play(state: CommandState, seat: int, name: str, *targets: int) -> int:
    """`seat`, holding priority, plays its card called `name` with `targets` in order; the card's number."""
    assert state.current_player == seat
    card = in_hand(state, seat, name)
    state.apply_action(Play(card))
    for target in targets:
        state.apply_action(ChooseTarget(target))
    return card


def at_priority(state: CommandState) -> bool:
    """Whether a player holds priority (not another decision, not a chance node, not the game's end)."""
    prompt = state.prompt
    return isinstance(prompt, CommandPrompt) and prompt.phase is Phase.PRIORITY


def resolve(state: CommandState) -> list[object]:
    """Pass until the Queue has resolved (or the game is over); the events.

    Every decision on the way must be priority (forced passes are automatic): a target or discard to
    choose fails the test, as Pass is not legal there. To stop at such a decision, use `resolve_queue`.
    """
    events: list[object] = []
    while state.queue and not state.is_terminal():
        events.extend(state.apply_action(Pass()))
    return events


def resolve_queue(state: CommandState) -> list[object]:
    """Pass while the Queue is not empty and a player holds priority; the events.

    It stops early at any other decision (an effect's target, a discard, a Foresight choice, a draw at a
    chance node), which the test then answers, or at the end of the game.
    """
    events: list[object] = []
    while state.queue and at_priority(state):
        events.extend(state.apply_action(Pass()))
    return events


def fight(state: CommandState) -> list[object]:
    """Pass through the combat window until combat damage is dealt; the events."""
    events: list[object] = []
    while state.combat is not None:
        events.extend(state.apply_action(Pass()))
    return events


def attack_into(state: CommandState, attacker: Permanent, interceptor: Permanent) -> list[object]:
    """`attacker` attacks the other player, `interceptor` Intercepts, and combat damage is dealt; the
    events from the Interception on."""
    state.apply_action(DeclareAttack(attacker.id))
    state.apply_action(ChooseTarget(player_target(1 - attacker.owner)))
    return [*state.apply_action(Intercept(interceptor.id)), *fight(state)]


def intercepted(
    state: CommandState, attacker: str, interceptor: str
) -> tuple[Permanent, Permanent, list[object]]:
    """Seat 0's `attacker` attacks seat 1, whose `interceptor` Intercepts; combat damage; both, and the
    events from the Interception on."""
    a = entity(state, 0, attacker)
    b = entity(state, 1, interceptor)
    return a, b, attack_into(state, a, b)


def end_turn(state: CommandState) -> None:
    """The players pass until the next turn begins (or the game is over)."""
    turn = state.turn
    while state.turn == turn and not state.is_terminal():
        state.apply_action(Pass())
