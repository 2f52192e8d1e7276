"""The Shard Command game: parameters, the two decks of one configuration, and the action space.

Examples:
    >>> import shardgames as sg
    >>> game = sg.load_game("command")
    >>> game.decklists[0].name, game.decklists[1].name
    ('Stoneguard', 'Pyre')
    >>> state = game.new_initial_state(seed=1)
    >>> print(state.prompt)
    seat 0: put cards under for the redraw, or finish
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from shardgames.command import combat, explain, flow, play, resolve  # noqa: F401 - they register the rules
from shardgames.command.actions import (
    Activate,
    BottomCard,
    Charge,
    ChooseElement,
    ChooseTarget,
    DeclareAttack,
    Discard,
    DrawCard,
    FinishIntercept,
    FinishRedraw,
    FirstPlayer,
    Foresee,
    Intercept,
    NoIntercept,
    OrderInterceptor,
    Pass,
    Play,
)
from shardgames.command.cardfiles import starter_pool
from shardgames.command.cards import Card, CardPool, EntityCard, ShardCost, SovereignCard
from shardgames.command.compiled import ABILITIES, RECKLESS, CardInfo, bit, compile_card
from shardgames.command.decks import Decklist, check_deck, load_deck_file, starter_decks
from shardgames.command.evaluation import EVALUATOR
from shardgames.command.events import EVENT_TYPES
from shardgames.command.formats import FORMATS
from shardgames.command.handlers import handlers
from shardgames.command.keywords import CardType
from shardgames.command.objects import DECK_STRIDE, PLAYERS, SOVEREIGNS, TARGETS, TOKENS
from shardgames.command.phases import OPENING_HAND, QUEUE_GUARD, CommandPrompt
from shardgames.command.position import fill_from_position
from shardgames.command.state import CommandState
from shardgames.command.view import design_vector, observation_shape
from shardgames.kernel.actions import ActionCodec, ActionFamily, Choice, IntRange
from shardgames.kernel.errors import CardError, DeckError
from shardgames.kernel.game import Game
from shardgames.kernel.params import Parameter, bool_parameter, int_parameter, tuple_parameter
from shardgames.kernel.state import State

__all__ = ["CommandGame"]

INTEGRITY = 20
"""Each player's starting Integrity (CMD-8)."""

TOKEN = EntityCard(name="Swarm token", cost=ShardCost(), force=1, durability=1)
"""The 1/1 token Swarm creates (R28)."""


def _deck_name(value: Any) -> str:
    if not isinstance(value, str) or not value:
        raise TypeError(f"must be a deck id such as 'stoneguard', not {value!r}")
    return value


def _format_name(value: Any) -> str:
    if value is None or (isinstance(value, str) and value.strip().lower() == "none"):
        return "none"
    if isinstance(value, str) and value.strip().lower() in FORMATS:
        return value.strip().lower()
    raise ValueError(f"must be one of {', '.join(FORMATS)} or none; got {value!r}")


def _file_reference(value: Any) -> str:
    if not isinstance(value, str) or not value.endswith((".toml", ".json")):
        raise TypeError(f"must be a .toml or .json card or deck file, not {value!r}")
    return value


def _frozen(array: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
    """`array`, made read-only: the game's tables are shared by every state and view of the game."""
    array.flags.writeable = False
    return array


@functools.lru_cache(maxsize=16)
def _codec(kinds: int) -> ActionCodec:
    """The action codec for a card table of `kinds` designs (the chance draws name the design)."""
    cards = IntRange(0, TOKENS)
    objects = IntRange(0, SOVEREIGNS)
    return ActionCodec(
        [
            ActionFamily(Pass),
            ActionFamily(Play, card=cards),
            ActionFamily(Activate, source=IntRange(0, PLAYERS), ability=IntRange(0, ABILITIES)),
            ActionFamily(DeclareAttack, attacker=objects),
            ActionFamily(Charge, element=IntRange(-1, 10)),
            ActionFamily(ChooseTarget, target=IntRange(0, TARGETS)),
            ActionFamily(Intercept, entity=objects),
            ActionFamily(NoIntercept),
            ActionFamily(FinishIntercept),
            ActionFamily(OrderInterceptor, entity=objects),
            ActionFamily(Discard, card=cards),
            ActionFamily(Foresee, bottom=Choice((False, True))),
            ActionFamily(ChooseElement, element=IntRange(0, 10)),
            ActionFamily(BottomCard, card=cards),
            ActionFamily(FinishRedraw),
        ],
        chance_families=[
            ActionFamily(FirstPlayer, seat=IntRange(0, 2)),
            ActionFamily(DrawCard, kind=IntRange(0, kinds)),
        ],
    )


class CommandGame(Game):
    """Shard Command: a trading-card game for two players (see the Shard Command docs page).

    Parameters: `decks` (two deck ids), `cards` (card and deck files to add), `format` (the decks must be
    legal in it; ``none`` checks only the deck rules), `one_pass` (one pass resolves the top item of the
    Queue), `max_turns` (each player's turns before a draw) and `chance`.
    """

    name = "command"
    title = "Shard Command"
    summary = "a trading-card game with a response queue: bring the opposing Integrity to 0"
    parameters = (
        tuple_parameter(
            "decks",
            ("stoneguard", "pyre"),
            "the two decks, seat 0 first: ids of shipped decks or of decks in the card files",
            item=_deck_name,
            item_kind="deck id",
            min_length=2,
            max_length=2,
        ),
        tuple_parameter(
            "cards",
            None,
            "card or deck files whose cards and decks join the shipped ones",
            item=_file_reference,
            item_kind="card or deck file",
        ),
        Parameter(
            "format",
            "standard",
            "the format the decks must be legal in (none: the deck rules only, no budgets)",
            _format_name,
            " | ".join((*FORMATS, "none")),
        ),
        bool_parameter("one_pass", False, "a single pass resolves the top item of the Queue (default: two)"),
        int_parameter("max_turns", 100, "a draw after each player has had this many turns", low=1),
    )
    state_type = CommandState
    event_types = EVENT_TYPES
    prompt_types = (CommandPrompt,)
    task_types = tuple(handlers.run_handlers)  # every task a rules module runs (the rules are imported above)
    turn_cap_parameter = "max_turns"
    turn_cap_factor = 2  # max_turns counts each player's turns
    evaluator = EVALUATOR
    search_rate = 3_500  # benchmarks/search.py: the median of seven mid-game positions, rounded down
    sample_configurations = (
        "command(max_turns=12)",
        "command(decks=(tidewell,chronovoid),one_pass=true,chance=explicit,max_turns=10)",
        "command(decks=(riftblades,siegeworks),max_turns=15)",
        "command(decks=(gravewind,stoneguard),max_turns=15)",
    )

    def _check_parameters(self, values: Mapping[str, Any]) -> Iterable[str]:
        problems: list[str] = []
        pool = starter_pool()
        decks: dict[str, Decklist] = dict(starter_decks())
        for index, path in enumerate(values["cards"] or ()):
            try:
                content = load_deck_file(Path(path))
            except (CardError, DeckError) as exc:
                problems.extend(f"cards[{index}]: {p}" for p in exc.problems)
                continue
            pool = pool | content.cards
            decks |= content.decks
        if problems:
            return problems
        chosen = []
        for seat, deck_id in enumerate(values["decks"]):
            deck = decks.get(deck_id)
            if deck is None:
                problems.append(f"decks[{seat}]: no deck {deck_id!r}; the decks are {', '.join(decks)}")
                continue
            fmt = values["format"]
            report = check_deck(deck, pool, formats=() if fmt == "none" else (fmt,))
            found = report.problems if fmt == "none" else report.problems_in(fmt)
            problems.extend(f"decks[{seat}] ({deck.name}): {p}" for p in found)
            chosen.append(deck)
        if not problems:
            self._compile(pool, tuple(chosen))
        return problems

    def _compile(self, pool: CardPool, decks: tuple[Decklist, ...]) -> None:
        """The card table (designs of both decks, Sovereigns, the token) and the object numbers."""
        self.decklists = decks
        designs: list[Card] = []
        index: dict[str, int] = {}

        def kind_of_card(card: Card) -> int:
            if card.name not in index:
                index[card.name] = len(designs)
                designs.append(card)
            return index[card.name]

        kind_of = [0] * TOKENS
        deck_cards: list[tuple[int, ...]] = []
        for seat, deck in enumerate(decks):
            numbers = []
            for offset, name in enumerate(deck.card_names()):
                number = seat * DECK_STRIDE + offset
                kind_of[number] = kind_of_card(pool[name])
                numbers.append(number)
            deck_cards.append(tuple(numbers))
        sovereigns = [kind_of_card(pool[deck.sovereign]) for deck in decks]
        self.token_kind = kind_of_card(TOKEN)
        self.designs = tuple(designs)
        self.infos: tuple[CardInfo, ...] = tuple(compile_card(k, card) for k, card in enumerate(designs))
        self.design_vectors = tuple(_frozen(design_vector(info)) for info in self.infos)
        self.is_entity_kind = tuple(info.type is CardType.ENTITY for info in self.infos)
        self.activated_of = tuple(bool(info.activated) for info in self.infos)  # whether a design has any
        self.card_info = tuple(self.infos[kind] for kind in kind_of)  # card number -> its design
        self.card_echo = tuple(info.echo for info in self.card_info)  # card number -> whether it has Echo
        self.card_fast = tuple(info.fast for info in self.card_info)  # and whether it is a Fast Speed Rite
        self.echo_decks = tuple(
            any(self.card_echo[card] for card in cards) for cards in deck_cards
        )  # per seat: whether its deck holds a card with Echo (its Scrap zone holds only its own cards)
        self.kind_of = tuple(kind_of)
        self.deck_cards = tuple(deck_cards)
        self.sovereign_infos = tuple(self.infos[k] for k in sovereigns)
        self.auras = tuple(info.auras for info in self.sovereign_infos)
        self.aura_immunity = tuple(info.aura_immunity for info in self.sovereign_infos)
        self.keywords_of = tuple(
            tuple(info.statics | (aura if info.is_entity else 0) for info in self.infos)
            for aura in self.auras
        )  # per owner, per design: the static keywords of a permanent that is not Blanked
        self.immunity_of = tuple(
            tuple(info.immunity | (aura if info.is_entity else 0) for info in self.infos)
            for aura in self.aura_immunity
        )  # the same for the elements it is Immune to
        reckless = bit(RECKLESS)
        own_kinds = [{*map(kind_of.__getitem__, cards), self.token_kind} for cards in self.deck_cards]
        self.reckless = tuple(
            any(self.keywords_of[seat][kind] & reckless for kind in kinds)
            for seat, kinds in enumerate(own_kinds)
        )  # per seat: whether a permanent of its own (a card of its deck, or a token) can be Reckless
        self.stones = tuple((deck.stones.generic, *deck.stones.elemental) for deck in decks)
        self.integrity = INTEGRITY
        assert all(isinstance(self.designs[k], SovereignCard) for k in sovereigns)

    @property
    def num_players(self) -> int:
        """Shard Command is for two players (CMD-R26)."""
        return 2

    def _make_codec(self) -> ActionCodec:
        codec = _codec(len(self.designs))
        self.id_pass = codec.encode(Pass())
        self.id_play = codec.first_id(Play)
        self.id_activate = codec.first_id(Activate)
        self.id_attack = codec.first_id(DeclareAttack)
        self.id_charge = codec.first_id(Charge)
        self.id_target = codec.first_id(ChooseTarget)
        self.id_intercept = codec.first_id(Intercept)
        self.id_no_intercept = codec.encode(NoIntercept())
        self.id_finish_intercept = codec.encode(FinishIntercept())
        self.id_order = codec.first_id(OrderInterceptor)
        self.id_discard = codec.first_id(Discard)
        self.id_foresee = codec.first_id(Foresee)
        self.id_element = codec.first_id(ChooseElement)
        self.id_bottom = codec.first_id(BottomCard)
        self.id_finish_redraw = codec.encode(FinishRedraw())
        self.coin_outcomes = tuple((FirstPlayer(seat), 1) for seat in (0, 1))
        self.draw_action = tuple(DrawCard(kind) for kind in range(len(self.designs)))
        self.one_pass: bool = self.params["one_pass"]
        return codec

    def activate_id(self, source: int, ability: int) -> int:
        """The id of ``Activate(source, ability)``."""
        return self.id_activate + source * ABILITIES + ability

    @staticmethod
    def sovereign_id(seat: int) -> int:
        """The object number of a seat's Sovereign."""
        return SOVEREIGNS + seat

    def _state_from_position(self, state: State, position: Mapping[str, Any]) -> None:
        assert isinstance(state, CommandState)
        fill_from_position(self, state, position)

    @property
    def max_game_length(self) -> int:
        """A cap on the decisions of a game, from the Queue guard: the rules alone give no bound.

        Within a turn the priority loop goes on while a seat can pay for plays and activations, and
        cards that return to hand or ready permanents make how long depend on the card pool. The
        engine stops a turn after `QUEUE_GUARD` resolutions (300). The cap allows each resolution 10
        decisions (the play or activation that queued it, its targets and costs, the passes around
        it), 10 more for the turn's steps and combat, and a discard of every card a seat owns (60),
        in each of the 2 x `max_turns` turns; setup adds each seat's redraw (up to its opening hand
        under, then finish). Play stays far below it: random games take a few dozen decisions a turn
        at most.
        """
        assert self.turn_cap is not None
        per_turn = 10 * (QUEUE_GUARD + 1) + DECK_STRIDE
        return 2 * (OPENING_HAND + 1) + self.turn_cap * per_turn

    @property
    def observation_shape(self) -> tuple[int, ...]:
        """See `shardgames.command.view` for the layout."""
        return observation_shape(self)
