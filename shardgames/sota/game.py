"""The SOTA game: parameters, decks, the card tables of one configuration, and the action space.

Examples:
    >>> import shardgames as sg
    >>> game = sg.load_game("sota(players=3)")
    >>> game.decklists[2].name, game.num_players, game.params["duel_positions"]
    ('gale', 3, 3)
    >>> state = game.new_initial_state(seed=1)
    >>> state.current_player in (0, 1, 2)
    True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from itertools import product
from pathlib import Path
from typing import Any

from shardgames.kernel.actions import ActionCodec, ActionFamily, Choice, IntRange, Maybe
from shardgames.kernel.errors import CardError
from shardgames.kernel.game import Game
from shardgames.kernel.params import int_parameter, tuple_parameter
from shardgames.kernel.state import State
from shardgames.sota import actions, duel, modifiers, setup, turn  # noqa: F401 - the rules register with `handlers`
from shardgames.sota.cards import (
    STATS,
    AllyCard,
    Card,
    CardPool,
    CharacterCard,
    Decklist,
    PersonaCard,
    TraitCard,
    Variant,
    load_card_file,
    starter_decks,
    starter_pool,
)
from shardgames.sota.constants import (
    ALLY,
    CARDS_PER_SEAT,
    CHARACTER,
    DUEL_POSITIONS,
    HAND_MAX,
    MAX_DECK,
    MAX_PLAYERS,
    MAX_TURN_PHASES,
    MIN_PLAYERS,
    PERSONA,
    TRAIT,
)
from shardgames.sota.decks import deck_problems
from shardgames.sota.evaluation import EVALUATOR
from shardgames.sota.events import EVENT_TYPES
from shardgames.sota.phases import TASK_TYPES, SotaPrompt
from shardgames.sota.position import fill_from_position
from shardgames.sota.state import SotaState
from shardgames.sota.traits import Trait, trait_named, trait_planes
from shardgames.sota.view import observation_size

__all__ = ["SotaGame"]

_TYPE_OF = {PersonaCard: PERSONA, CharacterCard: CHARACTER, AllyCard: ALLY, TraitCard: TRAIT}

SIGNED_CHOICES = ("decklist", "all", "none")


def _deck_reference(value: Any) -> str:
    if not isinstance(value, str) or not value:
        raise TypeError(f"must be a starter deck name or a card file path, not {value!r}")
    return value


def _signed_choice(value: Any) -> str:
    if value not in SIGNED_CHOICES:
        raise ValueError(f"must be one of {', '.join(SIGNED_CHOICES)}")
    return str(value)


class SotaGame(Game):
    """Shards of the Artisan: dice-and-card duels for 2 to 6 players (see the SOTA docs page).

    Parameters: `players`, `decks` (starter deck names or card files, one per seat), `signed` (which
    signable copies are signed: as the decklist says, all or none; one value or one per seat),
    `duel_positions`, `max_turn_phases` and `chance`.
    """

    name = "sota"
    title = "Shards of the Artisan"
    summary = "dice-and-card duels for 2 to 6 players: empty the rival decks, then defeat their personas"
    parameters = (
        int_parameter("players", MIN_PLAYERS, "number of seats", low=MIN_PLAYERS, high=MAX_PLAYERS),
        tuple_parameter(
            "decks",
            None,
            "one deck per seat: a starter deck (ember, tide, gale, grove, umbra) or FILE.toml[#NAME]; "
            "none deals the starter decks in order",
            item=_deck_reference,
            item_kind="deck",
            min_length=1,
            max_length=6,
        ),
        tuple_parameter(
            "signed",
            ("decklist",),
            "which signable copies are signed: decklist, all or none (one value, or one per seat)",
            item=_signed_choice,
            item_kind="decklist | all | none",
            min_length=1,
            max_length=6,
        ),
        int_parameter("duel_positions", DUEL_POSITIONS, "Duel Positions per player (SOTA-R5)", low=2, high=5),
        int_parameter(
            "max_turn_phases",
            MAX_TURN_PHASES,
            "turn cap: the game is a draw after this many Turn Phases",
            low=1,
        ),
    )
    state_type = SotaState
    event_types = EVENT_TYPES
    prompt_types = (SotaPrompt,)
    task_types = TASK_TYPES
    turn_cap_parameter = "max_turn_phases"
    evaluator = EVALUATOR
    search_rate = 5_000  # benchmarks/search.py: the median of seven mid-game positions, rounded down
    sample_configurations = (
        "sota(players=3)",
        "sota(players=4,duel_positions=2,max_turn_phases=40)",
        "sota(decks=(umbra,grove),signed=(all,))",
        "sota(players=6,max_turn_phases=30)",
        "sota(chance=explicit,max_turn_phases=60)",
    )

    def _check_parameters(self, values: Mapping[str, Any]) -> Iterable[str]:
        players = values["players"]
        decks = values["decks"]
        if decks is not None and len(decks) != players:
            yield f"decks: give one deck per seat ({players}), not {len(decks)}"
        signed = values["signed"]
        if len(signed) not in (1, players):
            yield f"signed: give one value for every seat, or one per seat ({players}), not {len(signed)}"
        if decks is None or len(decks) == players:
            yield from self._load_decks(values)

    # ------------------------------------------------------------------ decks and card tables

    def _load_decks(self, values: Mapping[str, Any]) -> Iterable[str]:
        players = values["players"]
        starters = starter_decks()
        names = list(starters)
        references = values["decks"] or tuple(names[i % len(names)] for i in range(players))
        pool = starter_pool()
        decklists: list[Decklist] = []
        problems: list[str] = []
        for seat, reference in enumerate(references):
            if reference in starters:
                decklists.append(starters[reference])
                continue
            path, _, deck_name = reference.partition("#")
            if not path.endswith((".toml", ".json")):
                problems.append(
                    f"decks[{seat}]: {reference!r} is neither a starter deck ({', '.join(names)}) "
                    "nor a .toml or .json card file"
                )
                continue
            try:
                loaded = load_card_file(Path(path))
            except CardError as exc:
                problems.extend(f"decks[{seat}]: {p}" for p in exc.problems)
                continue
            pool = pool | loaded.cards
            if deck_name:
                deck = loaded.decks.get(deck_name)
            elif len(loaded.decks) == 1:
                deck = next(iter(loaded.decks.values()))
            else:
                deck = None
            if deck is None:
                choices = ", ".join(loaded.decks) or "none"
                problems.append(f"decks[{seat}]: name one deck of {path} with #NAME (decks: {choices})")
                continue
            decklists.append(deck)
        for seat, deck in enumerate(decklists if not problems else ()):
            problems.extend(f"decks[{seat}] ({deck.name}): {p}" for p in deck_problems(deck, pool))
        if not problems:
            signed = values["signed"] * players if len(values["signed"]) == 1 else values["signed"]
            self._build_tables(tuple(decklists), pool, tuple(signed))
        return problems

    def _build_tables(self, decklists: tuple[Decklist, ...], pool: CardPool, signed: tuple[str, ...]) -> None:
        """Everything the rules look up about cards, indexed by kind and by instance id."""
        self.decklists = decklists
        self.pool = pool
        kinds: dict[str, int] = {}
        for deck in decklists:
            for entry in deck.entries:
                kinds.setdefault(entry.card_id, len(kinds))
        self.kinds: tuple[Card, ...] = tuple(pool[card_id] for card_id in kinds)
        size = len(decklists) * CARDS_PER_SEAT
        self.kind_of: list[int] = [-1] * size
        self.card_type: list[int] = [-1] * size
        self.stats: list[tuple[int, ...]] = [()] * size
        self.signed_bonus: list[int] = [0] * size
        self.twin_key: list[str | None] = [None] * size
        self.ally_stat: list[int] = [-1] * size
        self.ally_value: list[int] = [0] * size
        self.trait_kind: list[str | None] = [None] * size
        self.trait_stat: list[int] = [-1] * size
        self.persona_trait: list[str | None] = [None] * size
        self.trait_of: list[Trait | None] = [None] * size
        self.names: list[str] = [""] * size
        self.entries: list[tuple[int, ...]] = []
        for seat, deck in enumerate(decklists):
            ids = []
            for local, entry in enumerate(deck.entries):
                card_id = seat * CARDS_PER_SEAT + local
                ids.append(card_id)
                card = pool[entry.card_id]
                self.kind_of[card_id] = kinds[entry.card_id]
                self.card_type[card_id] = _TYPE_OF[type(card)]
                self.names[card_id] = card.name
                if isinstance(card, PersonaCard | CharacterCard):
                    self.stats[card_id] = card.stats.as_tuple()
                if isinstance(card, PersonaCard):
                    self.persona_trait[card_id] = card.trait
                    self.trait_of[card_id] = trait_named(card.trait)
                elif isinstance(card, CharacterCard):
                    self.twin_key[card_id] = card.twin_pair
                    is_signed = signed[seat] == "all" or (signed[seat] == "decklist" and entry.signed)
                    if card.variant is Variant.SIGNABLE and is_signed:
                        self.signed_bonus[card_id] = card.signed_bonus
                elif isinstance(card, AllyCard):
                    self.ally_stat[card_id] = card.stat.ordinal
                    self.ally_value[card_id] = card.value
                else:
                    self.trait_kind[card_id] = card.kind
                    self.trait_stat[card_id] = card.stat.ordinal if card.stat is not None else -1
                    self.trait_of[card_id] = trait_named(card.kind)
            self.entries.append(tuple(ids))
        #: The observation plane of each trait a Trait card or a Persona may hold in this game.
        self.trait_planes = trait_planes("trait", (k for k in self.trait_kind if k is not None))
        self.persona_planes = trait_planes("persona", (t for t in self.persona_trait if t is not None))

    def twin_pairs(self, row: Sequence[int]) -> list[tuple[int, int]]:
        """The matching twin pairs in a row of Duel Positions (card ids, -1 for empty), as position pairs.

        Two halves match when they carry the same pair key and are different cards: two copies of one
        half are not a pair (SOTA-11).
        """
        keys = [self.twin_key[c] if c >= 0 else None for c in row]
        return [
            (first, second)
            for first, key in enumerate(keys)
            if key is not None
            for second in range(first + 1, len(keys))
            if keys[second] == key and self.kind_of[row[second]] != self.kind_of[row[first]]
        ]

    # ------------------------------------------------------------------ the action space

    duel_positions: int
    """The number of Duel Positions per player (the rules read it on the hot path: an attribute)."""

    def _make_codec(self) -> ActionCodec:
        self.duel_positions = int(self.params["duel_positions"])  # the codec's first need of it
        cards = IntRange(0, CARDS_PER_SEAT)
        slots = IntRange(0, self.duel_positions)
        values = IntRange(1, 4)
        codec = ActionCodec(
            [
                ActionFamily(actions.ChoosePersona, card=cards),
                ActionFamily(actions.KeepHand),
                ActionFamily(actions.Redraw, card=cards),
                ActionFamily(actions.FinishRedraw),
                ActionFamily(actions.Draw, n=IntRange(0, HAND_MAX + 1)),
                ActionFamily(actions.Place, card=cards, slot=slots),
                ActionFamily(actions.Swap, slot=slots, card=cards),
                ActionFamily(actions.Pass),
                ActionFamily(actions.PlayAlly, card=cards),
                ActionFamily(actions.AssignTrait, card=cards, slot=slots),
                ActionFamily(actions.DuelWith, slot=slots),
                ActionFamily(actions.DuelWithTwins, slot=slots, partner=slots),
                ActionFamily(actions.DuelWithPersona),
                ActionFamily(actions.EndTurnPhase),
                ActionFamily(actions.ChooseStat, stat=Choice(STATS)),
                ActionFamily(actions.ChooseTarget, seat=IntRange(0, self.num_players), slot=Maybe(slots)),
                ActionFamily(actions.RespondTwin),
                ActionFamily(actions.RespondNormal),
                ActionFamily(actions.UseTrait, slot=slots),
                ActionFamily(actions.UsePersonaTrait),
                ActionFamily(actions.UseAlly, value=values),
                ActionFamily(
                    actions.UseRAlly,
                    agility=values,
                    vitality=values,
                    luck=values,
                    magic=values,
                    charisma=values,
                ),
            ],
            chance_families=[
                ActionFamily(actions.DrawCard, kind=IntRange(0, len(self.kinds))),
                ActionFamily(actions.RollDie, face=IntRange(1, 7)),
            ],
        )
        self._make_id_tables(codec)
        return codec

    def _make_id_tables(self, codec: ActionCodec) -> None:
        """Action ids the rules look up on the hot path, computed once."""
        encode = codec.encode
        k = self.duel_positions
        locals_ = range(CARDS_PER_SEAT)
        self.id_choose_persona = [encode(actions.ChoosePersona(c)) for c in locals_]
        self.id_keep_hand = encode(actions.KeepHand())
        self.id_redraw = [encode(actions.Redraw(c)) for c in locals_]
        self.id_finish_redraw = encode(actions.FinishRedraw())
        self.id_draw = [encode(actions.Draw(n)) for n in range(HAND_MAX + 1)]
        self.id_place = [[encode(actions.Place(c, s)) for s in range(k)] for c in locals_]
        self.id_swap = [[encode(actions.Swap(s, c)) for c in locals_] for s in range(k)]
        self.id_pass = encode(actions.Pass())
        self.id_play_ally = [encode(actions.PlayAlly(c)) for c in locals_]
        self.id_assign_trait = [[encode(actions.AssignTrait(c, s)) for s in range(k)] for c in locals_]
        self.id_duel_with = [encode(actions.DuelWith(s)) for s in range(k)]
        self.id_duel_twins = [[encode(actions.DuelWithTwins(s, p)) for p in range(k)] for s in range(k)]
        self.id_duel_persona = encode(actions.DuelWithPersona())
        self.id_end_turn_phase = encode(actions.EndTurnPhase())
        self.id_choose_stat = [encode(actions.ChooseStat(stat)) for stat in STATS]
        self.id_target = [
            [encode(actions.ChooseTarget(seat, s)) for s in range(k)]
            + [encode(actions.ChooseTarget(seat, None))]
            for seat in range(self.num_players)
        ]
        self.id_respond_twin = encode(actions.RespondTwin())
        self.id_respond_normal = encode(actions.RespondNormal())
        self.id_use_trait = [encode(actions.UseTrait(s)) for s in range(k)]
        self.id_use_persona = encode(actions.UsePersonaTrait())
        self.id_use_ally = [0, *(encode(actions.UseAlly(v)) for v in (1, 2, 3))]
        self.id_r_ally = {
            values: encode(actions.UseRAlly(*values)) for values in product((1, 2, 3), repeat=5)
        }
        self.draw_action = tuple(actions.DrawCard(kind) for kind in range(len(self.kinds)))
        self.die_action = (actions.RollDie(1), *(actions.RollDie(face) for face in range(1, 7)))
        self.die_outcomes = tuple((actions.RollDie(face), 1) for face in range(1, 7))

    # ------------------------------------------------------------------ states and views

    @property
    def max_game_length(self) -> int:
        """A bound on the decisions of a game, from the turn cap T, n seats and k Duel Positions.

        Setup: a Persona and at most 6 redraw decisions (keep, or up to five cards under and finish)
        per seat. A Turn Phase: Gather, Position and Bolster once per seat, the choice to end it, and
        at most 5 + k + 1 duels (each spends one of the five stats unless one of the unit's k Encore
        Traits or the Persona's Encore saves it, once each). A duel: unit, stat, target and twin
        response, then a modifier window in which every use is a Trait or Persona ability (k + 1 per
        side, once each per duel) or an Ally, with at most one pass before each use and two at the
        end: 4k + 10 decisions without the Allies. An Ally is used once (spent Allies leave for the
        Fractured Shards) and reaches the table only by Bolster, one per seat and Turn Phase: at most
        n x min(T, 52) Ally uses of two decisions each in the whole game.
        """
        n, k, turns = self.num_players, self.duel_positions, int(self.params["max_turn_phases"])
        per_turn_phase = 3 * n + 1 + (6 + k) * (4 * k + 10)
        return 7 * n + turns * per_turn_phase + 2 * n * min(turns, MAX_DECK)

    @property
    def observation_shape(self) -> tuple[int, ...]:
        """See `shardgames.sota.view` for the layout."""
        return (observation_size(self),)

    def _state_from_position(self, state: State, position: Mapping[str, Any]) -> None:
        assert isinstance(state, SotaState)
        fill_from_position(self, state, position)
