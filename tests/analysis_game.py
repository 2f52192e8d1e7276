"""A tiny two-seat game for the analysis tests, whose balance is known by construction.

Duel: each seat has a deck (``low``, ``mid`` or ``high``: strength 0, 1 or 2) and rolls a die (two
chance nodes, seat 0 first); then each seat in turn picks a card, ``spark`` (worth 0) or ``flare``
(worth 1). The higher total of die + strength + card wins, seat 0 adding ``edge``, and the deck named
by ``boost`` adding 2; equal totals draw.
Each pick is a turn, so ``max_turns=1`` ends every game by the turn cap.

The rolls come before any decision and do not depend on the parameters, so a base game and a variant
seeded alike roll the same dice and (with the same agents) pick the same cards: raising ``edge`` can
only turn a seat-0 loss into a draw or a win, never the other way round.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, ClassVar

import attrs
import numpy as np
import numpy.typing as npt

from shardgames.arena import GameResult, TournamentResult
from shardgames.kernel import (
    CHANCE,
    Action,
    ActionCodec,
    ActionFamily,
    Choice,
    Game,
    IntRange,
    Prompt,
    State,
    View,
    choice_parameter,
    int_parameter,
    tuple_parameter,
)

DECKS = {"low": 0, "mid": 1, "high": 2}
CARDS = {"spark": 0, "flare": 1}


@attrs.frozen
class Roll(Action):
    face: int


@attrs.frozen
class Pick(Action):
    card: str


@attrs.frozen
class RollFor(Prompt):
    pass


@attrs.frozen
class PickCard(Prompt):
    pass


@attrs.frozen
class DuelView(View):
    def observation_tensor(self) -> npt.NDArray[np.float32]:
        return np.zeros(1, dtype=np.float32)


@attrs.define(eq=False)
class DuelState(State):
    rolls: list[int] = attrs.Factory(list)
    picks: list[str] = attrs.Factory(list)

    def _setup(self) -> None:
        self.set_prompt(RollFor(CHANCE))

    def _chance_outcomes(self, prompt: Prompt) -> Sequence[tuple[Action, int]]:
        return [(Roll(face), 1) for face in range(1, 7)]

    def _legal_actions(self, prompt: Prompt) -> Iterable[Action]:
        return [Pick(card) for card in CARDS]

    def _apply(self, prompt: Prompt, action: Action) -> None:
        if isinstance(action, Roll):
            self.rolls.append(action.face)
            if len(self.rolls) < 2:
                self.set_prompt(RollFor(CHANCE))
                return
        else:
            assert isinstance(action, Pick)
            self.picks.append(action.card)
        if len(self.picks) == 2:
            self._finish()
        elif self.begin_turn():
            self.set_prompt(PickCard(len(self.picks)))

    def _finish(self) -> None:
        decks = self.game.params["decks"]
        boost = self.game.params["boost"]
        totals = [
            self.rolls[s] + DECKS[decks[s]] + CARDS[self.picks[s]] + 2 * (decks[s] == boost) for s in range(2)
        ]
        totals[0] += self.game.params["edge"]
        winner = None if totals[0] == totals[1] else int(totals[1] > totals[0])
        self.end_game(winner, f"totals {totals[0]} and {totals[1]}")

    def _copy_into(self, other: State) -> None:
        assert isinstance(other, DuelState)
        other.rolls, other.picks = self.rolls.copy(), self.picks.copy()

    def _view(self, player: int) -> DuelView:
        return DuelView(**View.base_fields(self, player))

    def content_used(self) -> tuple[tuple[str, ...], ...]:
        decks = self.game.params["decks"]
        return tuple((decks[s], *self.picks[s : s + 1]) for s in range(2))


def _deck(value: Any) -> str:
    if value not in DECKS:
        raise ValueError(f"must be one of {', '.join(DECKS)}")
    return str(value)


class DuelGame(Game):
    name = "duel"
    title = "Duel"
    parameters = (
        tuple_parameter(
            "decks",
            ("mid", "mid"),
            "each seat's deck",
            item=_deck,
            item_kind="deck",
            min_length=2,
            max_length=2,
        ),
        int_parameter("edge", 0, "added to seat 0's total", low=0, high=6),
        choice_parameter("boost", "none", "a deck that adds 2 to its total", ("none", *DECKS)),
        int_parameter("max_turns", 4, "turn cap", low=1),
    )
    state_type = DuelState
    prompt_types = (RollFor, PickCard)
    turn_cap_parameter = "max_turns"
    sample_configurations: ClassVar[tuple[str, ...]] = ()

    @property
    def num_players(self) -> int:
        return 2

    def _make_codec(self) -> ActionCodec:
        return ActionCodec(
            [ActionFamily(Pick, card=Choice(tuple(CARDS)))],
            chance_families=[ActionFamily(Roll, face=IntRange(1, 7))],
        )

    @property
    def observation_shape(self) -> tuple[int, ...]:
        return (1,)

    @property
    def max_game_length(self) -> int:
        return 2


def fake_result(winners: list[int | None], seats: int = 2, game: str = "embers") -> TournamentResult:
    """A tournament result with the given winners, one agent in every seat, lengths 10, 11, 12, ..."""
    games = tuple(
        GameResult(k, (0,) * seats, tuple(0.0 for _ in range(seats)), winner, 10 + k)
        for k, winner in enumerate(winners)
    )
    return TournamentResult(game, ("random",), 0, games, scheduled=len(games))
