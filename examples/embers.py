"""Embers: a small card-and-dice game, the template for writing your own shardgames game.

Rules (2 to 4 players):

* Each seat has 3 embers (its life) and a hidden deck of ten cards: two each of the values 1 to 5.
  Decklists are public; deck order and hands are hidden.
* Setup: a random seat is chosen to start; then each seat draws 3 cards.
* A turn: the active seat draws a card (if its deck has any), then either plays a card from its hand at
  another seat, or passes. A played card is attacked with: roll a die; if value + die >= 7 the attack
  lands. The *target* then decides: block, by putting a hand card of at least the played value on the
  bottom of its own deck face up, or take the hit and lose an ember. A seat with no embers is out.
  The played card goes to its owner's discard pile.
* The last seat with embers wins; after `max_turns` turns the game is a draw.

Everything a game needs is here: hidden decks drawn as chance nodes, a die as a chance node, a decision
by a non-active seat in the middle of the attack procedure, forced moves (a seat without a blocking card
takes the hit automatically; a seat with an empty hand passes automatically), several seats,
elimination, a turn cap, a view with determinisation, an observation tensor and a position format.

Examples:
    >>> import shardgames as sg
    >>> _ = sg.register_game(EmbersGame)
    >>> state = sg.load_game("embers").new_initial_state(seed=4)
    >>> print(state.prompt)
    seat 1: choose a card to play, or pass
    >>> [str(a) for a in state.legal_actions()][:3]
    ['pass', 'play 2 at seat 0', 'play 4 at seat 0']
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, ClassVar

import attrs
import numpy as np
import numpy.typing as npt

from shardgames.kernel import (
    CHANCE,
    Action,
    ActionCodec,
    ActionFamily,
    Event,
    Game,
    Hand,
    HiddenDeck,
    IntRange,
    PositionError,
    Prompt,
    State,
    Table,
    Task,
    View,
    fields,
    int_parameter,
    state_class,
    view_class,
)
from shardgames.kernel.checks import Places, Problems
from shardgames.kernel.evaluation import LinearEvaluator

VALUES = (1, 2, 3, 4, 5)
COPIES = 2
DECK_SIZE = len(VALUES) * COPIES
EMBERS = 3
OPENING_HAND = 3
HIT_THRESHOLD = 7


def card_value(card: int) -> int:
    """The value (1-5) of card instance `card`: seat `s` owns the ids `10*s` to `10*s + 9`."""
    return (card % DECK_SIZE) // COPIES + 1


def blocks(value: int, attack: int) -> bool:
    """Whether a card of `value` may block an attack of value `attack`: it must be at least as high."""
    return value >= attack


# ---------------------------------------------------------------------- actions (imperatives)


# --8<-- [start:actions]
@attrs.frozen
class Pass(Action):
    """End the turn without playing."""

    @property
    def is_noop(self) -> bool:
        return True

    def __str__(self) -> str:
        return "pass"


@attrs.frozen
class Play(Action):
    """Play a card of `value` from hand at seat `target`."""

    value: int
    target: int

    def __str__(self) -> str:
        return f"play {self.value} at seat {self.target}"


@attrs.frozen
class Block(Action):
    """Block the landed attack with a hand card of `value` (at least the attacking value)."""

    value: int

    def __str__(self) -> str:
        return f"block with {self.value}"


@attrs.frozen
class TakeHit(Action):
    """Accept the landed attack and lose an ember."""

    @property
    def is_noop(self) -> bool:
        return True

    def __str__(self) -> str:
        return "take the hit"


@attrs.frozen
class StartWith(Action):
    """Chance: seat `seat` starts."""

    is_chance: ClassVar[bool] = True
    seat: int

    def __str__(self) -> str:
        return f"seat {self.seat} starts"


@attrs.frozen
class DrawValue(Action):
    """Chance: the drawn card has value `value`."""

    is_chance: ClassVar[bool] = True
    value: int

    def __str__(self) -> str:
        return f"draw a {self.value}"


@attrs.frozen
class Roll(Action):
    """Chance: the die shows `face`."""

    is_chance: ClassVar[bool] = True
    face: int

    def __str__(self) -> str:
        return f"roll {self.face}"


# --8<-- [end:actions]


# ---------------------------------------------------------------------- events (past tense)


@attrs.frozen
class TurnBegan(Event):
    player: int
    turn: int

    def __str__(self) -> str:
        return f"turn {self.turn}: seat {self.player}"


# --8<-- [start:private-event]
@attrs.frozen
class CardDrawn(Event):
    private_field: ClassVar[str] = "player"
    hidden_fields: ClassVar[tuple[str, ...]] = ("card",)
    player: int
    card: int | None

    def __str__(self) -> str:
        shown = "a card" if self.card is None else f"card {self.card} (value {card_value(self.card)})"
        return f"seat {self.player} drew {shown}"


# --8<-- [end:private-event]


@attrs.frozen
class CardPlayed(Event):
    player: int
    card: int
    target: int

    def __str__(self) -> str:
        return f"seat {self.player} played a {card_value(self.card)} at seat {self.target}"


@attrs.frozen
class DieRolled(Event):
    player: int
    face: int
    total: int

    def __str__(self) -> str:
        return f"seat {self.player} rolled {self.face}: total {self.total}"


@attrs.frozen
class AttackBlocked(Event):
    player: int
    card: int

    def __str__(self) -> str:
        return f"seat {self.player} blocked with a {card_value(self.card)}"


@attrs.frozen
class EmberLost(Event):
    player: int
    embers: int

    def __str__(self) -> str:
        return f"seat {self.player} lost an ember ({self.embers} left)"


@attrs.frozen
class PlayerOut(Event):
    player: int

    def __str__(self) -> str:
        return f"seat {self.player} is out"


@attrs.frozen
class Passed(Event):
    player: int

    def __str__(self) -> str:
        return f"seat {self.player} passed"


# ---------------------------------------------------------------------- prompts and tasks


# --8<-- [start:prompts-and-tasks]
@attrs.frozen
class ChooseStarter(Prompt):
    """Chance: who starts."""

    def __str__(self) -> str:
        return "chance: who starts"


@attrs.frozen
class DrawFrom(Prompt):
    """Chance: which card seat `seat` draws; then `remaining` more draws follow."""

    seat: int
    remaining: int

    def __str__(self) -> str:
        return f"chance: seat {self.seat} draws"


@attrs.frozen
class TurnChoice(Prompt):
    """The active seat plays a card or passes."""

    def __str__(self) -> str:
        return f"seat {self.player}: choose a card to play, or pass"


@attrs.frozen
class RollAttack(Prompt):
    """Chance: the attack die of `attacker`'s card `card` at `target`."""

    attacker: int
    card: int
    target: int

    def __str__(self) -> str:
        return f"chance: seat {self.attacker} rolls for a {card_value(self.card)}"


@attrs.frozen
class BlockOrTake(Prompt):
    """The target of a landed attack (the prompt's player) blocks or takes the hit."""

    attacker: int
    value: int

    def __str__(self) -> str:
        return f"seat {self.player}: block the {self.value} of seat {self.attacker}, or take the hit"


@attrs.frozen
class Draw(Task):
    """Seat `seat` draws `count` cards."""

    seat: int
    count: int


@attrs.frozen
class BeginTurn(Task):
    """Seat `seat` starts a turn."""

    seat: int


@attrs.frozen
class AskTurn(Task):
    """Ask seat `seat` for its turn choice."""

    seat: int


@attrs.frozen
class EndTurn(Task):
    """Seat `seat`'s turn ends; the next seat with embers begins."""

    seat: int


# --8<-- [end:prompts-and-tasks]


# ---------------------------------------------------------------------- state


# --8<-- [start:state-and-setup]
class EmbersTable(Table):
    """The fields of an Embers game, declared once: the state holds them, the views what they may see."""

    __slots__ = ()

    embers = fields.flat(int, doc="Each seat's embers (its life).")
    hands = fields.hands(doc="Each seat's hand: a view shows only its own.")
    decks = fields.decks(doc="Each seat's deck: its order is hidden from everyone.")
    discards = fields.nested(int, doc="Each seat's discard pile, face up.")
    active = fields.value(0, doc="The seat whose turn it is.")


@state_class
class EmbersState(State, EmbersTable):
    """An Embers game in progress."""

    # ---- hooks

    def _setup(self) -> None:
        n = self.game.num_players
        self.embers = [EMBERS] * n
        self.hands = [Hand(seat) for seat in range(n)]
        self.decks = [
            HiddenDeck(seat, ((c, card_value(c)) for c in range(seat * DECK_SIZE, (seat + 1) * DECK_SIZE)))
            for seat in range(n)
        ]
        self.discards = [[] for _ in range(n)]
        self.set_prompt(ChooseStarter(CHANCE))

    # --8<-- [end:state-and-setup]

    # --8<-- [start:rules-hooks]
    def _legal_actions(self, prompt: Prompt) -> Iterable[Action]:
        # Each rule is one of the helpers below; _explain_illegal asks the same helpers.
        if isinstance(prompt, TurnChoice):
            yield Pass()
            values = self._held_values(prompt.player)
            for target in self._alive_opponents(prompt.player):
                for value in values:
                    yield Play(value, target)
        elif isinstance(prompt, BlockOrTake):
            yield TakeHit()
            for value in self._held_values(prompt.player):
                if blocks(value, prompt.value):
                    yield Block(value)

    def _explain_illegal(self, prompt: Prompt, action: Action) -> str | None:
        # Why an action breaks one of the rules the listing above follows (None: it breaks none).
        if isinstance(prompt, TurnChoice) and isinstance(action, Pass | Play):
            if isinstance(action, Play):
                if action.target not in self._alive_opponents(prompt.player):
                    return f"seat {action.target} is not an opponent still in the game"
                if action.value not in self._held_values(prompt.player):
                    return f"seat {prompt.player} holds no card of value {action.value}"
            return None
        if isinstance(prompt, BlockOrTake) and isinstance(action, TakeHit | Block):
            if isinstance(action, Block):
                if not blocks(action.value, prompt.value):
                    return f"blocking a {prompt.value} needs a card of at least {prompt.value}"
                if action.value not in self._held_values(prompt.player):
                    return f"seat {prompt.player} holds no card of value {action.value}"
            return None
        return super()._explain_illegal(prompt, action)  # not an answer to this decision

    def _chance_outcomes(self, prompt: Prompt) -> Sequence[tuple[Action, int]]:
        if isinstance(prompt, ChooseStarter):
            return [(StartWith(seat), 1) for seat in range(self.game.num_players)]
        if isinstance(prompt, DrawFrom):
            return [(DrawValue(kind), count) for kind, count in self.decks[prompt.seat].middle_kinds()]
        assert isinstance(prompt, RollAttack)
        return [(Roll(face), 1) for face in range(1, 7)]

    def _apply(self, prompt: Prompt, action: Action) -> None:
        if isinstance(action, StartWith):
            deal_opening_hands = (Draw(seat, OPENING_HAND) for seat in range(self.game.num_players))
            self.push(*deal_opening_hands, BeginTurn(action.seat))
        elif isinstance(action, DrawValue):
            assert isinstance(prompt, DrawFrom)
            self._take_card(prompt.seat, action.value)
            self.push(Draw(prompt.seat, prompt.remaining))
        elif isinstance(action, Pass):
            self.emit(Passed(prompt.player))
            self.push(EndTurn(prompt.player))
        elif isinstance(action, Play):
            card = self._card_of_value(prompt.player, action.value)
            self.hands[prompt.player].remove(card)
            self.emit(CardPlayed(prompt.player, card, action.target))
            self.set_prompt(RollAttack(CHANCE, prompt.player, card, action.target))
        elif isinstance(action, Roll):
            assert isinstance(prompt, RollAttack)
            self._resolve_roll(prompt, action.face)
        elif isinstance(action, Block):
            assert isinstance(prompt, BlockOrTake)
            card = self._card_of_value(prompt.player, action.value)
            self.hands[prompt.player].remove(card)
            self.decks[prompt.player].put_bottom(card)
            self.emit(AttackBlocked(prompt.player, card))
            self.push(EndTurn(prompt.attacker))
        elif isinstance(action, TakeHit):
            assert isinstance(prompt, BlockOrTake)
            self._lose_ember(prompt.player)
            self.push(EndTurn(prompt.attacker))

    def _run_task(self, task: Task) -> None:
        if isinstance(task, Draw):
            self._draw(task.seat, task.count)
        elif isinstance(task, BeginTurn):
            if self.begin_turn():
                self.active = task.seat
                self.emit(TurnBegan(task.seat, self.turn))
                self.push(Draw(task.seat, 1), AskTurn(task.seat))
        elif isinstance(task, AskTurn):
            self.set_prompt(TurnChoice(task.seat))
        elif isinstance(task, EndTurn):
            self.push(BeginTurn(self._next_alive(task.seat)))

    # --8<-- [end:rules-hooks]

    # --8<-- [start:other-hooks]
    def _view(self, player: int) -> EmbersView:
        return EmbersView.from_state(self, player)

    def _kind_of(self, card: int) -> int:
        return card_value(card)

    def content_used(self) -> tuple[tuple[str, ...], ...]:
        # Each seat's played values, "1" to "5", first play first.
        return self.first_uses(
            (e.player, str(card_value(e.card))) for e in self.events if isinstance(e, CardPlayed)
        )

    # --8<-- [end:other-hooks]

    # --8<-- [start:problems]
    def _problems(self) -> Iterable[str]:
        # Everything the rules rely on, for states read from JSON or set up from positions.
        game, n = self.game, self.game.num_players
        problems = Problems()
        for name in ("embers", "hands", "decks", "discards"):
            problems.length(f"data.{name}", getattr(self, name), n, "entries, one per seat")
        if problems:  # everything below looks seats up in these lists
            return problems
        size = n * DECK_SIZE  # seat s owns the cards 10*s to 10*s + 9
        places = Places(problems, range(size).__contains__, f"ids 0..{size - 1}", lambda c: c // DECK_SIZE)
        for seat in range(n):
            problems.int_in(f"data.embers[{seat}]", self.embers[seat], 0, EMBERS)
            places.hand(f"data.hands[{seat}]", self.hands[seat], seat, game)
            places.deck(f"data.decks[{seat}]", self.decks[seat], seat, game, card_value)
            places.put_all(f"data.discards[{seat}]", self.discards[seat], seat)
        problems.seat("data.active", self.active, game)
        for index, task in enumerate(self.tasks):
            if isinstance(task, Draw | BeginTurn | AskTurn | EndTurn):
                problems.seat(f"tasks[{index}].seat", task.seat, game)
            if isinstance(task, Draw):
                problems.int_in(f"tasks[{index}].count", task.count, 0, OPENING_HAND)
        alive = [seat for seat in range(n) if self.embers[seat] > 0]
        if not problems and self.prompt is not None:
            if len(alive) < 2:
                problems.add("data.embers", "a game in progress needs two seats with embers")
            self._prompt_problems(self.prompt, problems, places)
        elif self.winner is not None and alive != [self.winner]:
            problems.add("winner", f"seat {self.winner} wins only as the last seat with embers")
        return problems

    def _prompt_problems(self, prompt: Prompt, problems: Problems, places: Places) -> None:
        game, active = self.game, self.active
        chance = isinstance(prompt, ChooseStarter | DrawFrom | RollAttack)
        if not problems.decider(prompt, game, chance=chance, what=type(prompt).__name__):
            return

        def playing(seat: int) -> None:  # the seat whose turn it is
            if seat != active or self.embers[active] == 0:
                problems.add("prompt", f"seat {seat} plays, so it must be the active seat with embers")

        def opponent(path: str, seat: int) -> None:  # the target of an attack
            if problems.seat(path, seat, game) and (seat == active or self.embers[seat] == 0):
                problems.add(path, f"seat {seat} is not an opponent with embers")

        if isinstance(prompt, DrawFrom):
            if problems.seat("prompt.seat", prompt.seat, game) and not self.decks[prompt.seat].needs_chance():
                problems.add("prompt.seat", f"seat {prompt.seat}'s next draw is not from its shuffled cards")
            problems.int_in("prompt.remaining", prompt.remaining, 0, OPENING_HAND - 1)
        elif isinstance(prompt, TurnChoice):
            playing(prompt.player)
        elif isinstance(prompt, RollAttack):
            playing(prompt.attacker)
            opponent("prompt.target", prompt.target)
            places.put("prompt.card", prompt.card, prompt.attacker)  # on its way to the discard pile
        elif isinstance(prompt, BlockOrTake):
            playing(prompt.attacker)
            opponent("prompt.player", prompt.player)
            problems.int_in("prompt.value", prompt.value, VALUES[0], VALUES[-1])

    # --8<-- [end:problems]

    # ---- procedures

    def _draw(self, seat: int, count: int) -> None:
        deck = self.decks[seat]
        while count > 0 and len(deck) > 0:
            if deck.needs_chance():
                self.set_prompt(DrawFrom(CHANCE, seat, count - 1))
                return
            self._take_card(seat, None)
            count -= 1

    def _take_card(self, seat: int, kind: int | None) -> None:
        card = self.decks[seat].draw(kind)
        self.hands[seat].add(card)
        self.emit(CardDrawn(seat, card))

    def _card_of_value(self, seat: int, value: int) -> int:
        return min(c for c in self.hands[seat] if card_value(c) == value)

    def _resolve_roll(self, prompt: RollAttack, face: int) -> None:
        value = card_value(prompt.card)
        self.discards[prompt.attacker].append(prompt.card)
        self.emit(DieRolled(prompt.attacker, face, value + face))
        if value + face < HIT_THRESHOLD:
            self.push(EndTurn(prompt.attacker))
        else:
            self.set_prompt(BlockOrTake(prompt.target, prompt.attacker, value))

    def _lose_ember(self, seat: int) -> None:
        self.embers[seat] -= 1
        self.emit(EmberLost(seat, self.embers[seat]))
        if self.embers[seat] == 0:
            self.emit(PlayerOut(seat))
            alive = [s for s, e in enumerate(self.embers) if e > 0]
            if len(alive) == 1:
                self.end_game(alive[0], f"seat {alive[0]} is the last with embers")

    def _held_values(self, seat: int) -> list[int]:
        return sorted({card_value(c) for c in self.hands[seat]})

    def _alive_opponents(self, seat: int) -> list[int]:
        return [s for s, e in enumerate(self.embers) if e > 0 and s != seat]

    def _next_alive(self, seat: int) -> int:
        n = self.game.num_players
        for step in range(1, n + 1):
            if self.embers[(seat + step) % n] > 0:
                return (seat + step) % n
        raise AssertionError("no seat has embers")  # pragma: no cover - the game ended first

    def __str__(self) -> str:
        lines = [f"Embers, turn {self.turn}, {self.prompt or 'game over'}"]
        for seat in range(self.game.num_players):
            hand = " ".join(str(card_value(c)) for c in self.hands[seat]) or "-"
            discard = " ".join(str(card_value(c)) for c in self.discards[seat]) or "-"
            lines.append(
                f"  seat {seat}: embers {self.embers[seat]}  hand [{hand}]  "
                f"deck {len(self.decks[seat])}  discard [{discard}]"
            )
        return "\n".join(lines)


# ---------------------------------------------------------------------- view


# --8<-- [start:view]
@view_class
class EmbersView(View, EmbersTable):
    """What one seat sees: everything but the other hands and the deck order."""

    def observation_tensor(self) -> npt.NDArray[np.float32]:
        n = self.game.num_players
        me = self.player
        out = np.zeros(self.game.observation_shape, dtype=np.float32)
        for offset in range(n):  # seats relative to me: 0 is me
            seat = (me + offset) % n
            row = out[offset]
            row[0] = self.embers[seat] / EMBERS
            row[1] = self.hands[seat].size / DECK_SIZE
            row[2] = self.decks[seat].size / DECK_SIZE
            row[3] = float(seat == self.active)
            for card in self.discards[seat]:
                row[3 + card_value(card)] += 1.0 / COPIES
            if offset == 0:
                for held in self.hands[seat].cards:
                    if held is not None:
                        row[8 + card_value(held)] += 1.0 / COPIES
        return out


# --8<-- [end:view]


# ---------------------------------------------------------------------- evaluation


# --8<-- [start:evaluator]
EVALUATOR_FEATURES = ("embers", "hand", "high_cards", "deck", "to_act")
"""What the evaluator reads per seat; the first is the most obvious (the fitting script's baseline)."""


def evaluator_rows(state: EmbersState) -> list[list[float]]:
    """Each seat's features: embers, cards in hand, hand cards of 4 or 5 (they block most attacks),
    cards in its deck, and whether it is the seat to act."""
    to_act = state.current_player
    rows = []
    for seat, embers in enumerate(state.embers):
        hand = state.hands[seat]
        high = sum(1 for card in hand if card_value(card) >= 4)
        rows.append([embers, len(hand), high, len(state.decks[seat]), seat == to_act])
    return rows


# --8<-- [end:evaluator]


# ---------------------------------------------------------------------- game


# --8<-- [start:game]
class EmbersGame(Game):
    """Embers: the template game (see the module docstring for the rules)."""

    name = "embers"
    title = "Embers"
    summary = "a tiny card-and-dice game: the template for adding your own game"
    parameters = (
        int_parameter("players", 2, "number of seats", low=2, high=4),
        int_parameter("max_turns", 60, "turn cap: the game is a draw after this many turns", low=1),
    )
    state_type = EmbersState
    event_types = (
        TurnBegan,
        CardDrawn,
        CardPlayed,
        DieRolled,
        AttackBlocked,
        EmberLost,
        PlayerOut,
        Passed,
    )
    prompt_types = (ChooseStarter, DrawFrom, TurnChoice, RollAttack, BlockOrTake)
    task_types = (Draw, BeginTurn, AskTurn, EndTurn)
    turn_cap_parameter = "max_turns"
    sample_configurations = ("embers(players=3)", "embers(players=4,max_turns=12)", "embers(chance=explicit)")
    evaluator = LinearEvaluator(
        "embers", EVALUATOR_FEATURES, evaluator_rows, Path(__file__).with_name("embers_evaluator.json")
    )

    def _make_codec(self) -> ActionCodec:
        seats = IntRange(0, self.num_players)
        values = IntRange(1, 6)
        return ActionCodec(
            [
                ActionFamily(Pass),
                ActionFamily(Play, value=values, target=seats),
                ActionFamily(TakeHit),
                ActionFamily(Block, value=values),
            ],
            chance_families=[
                ActionFamily(StartWith, seat=seats),
                ActionFamily(DrawValue, value=values),
                ActionFamily(Roll, face=IntRange(1, 7)),
            ],
        )

    @property
    def observation_shape(self) -> tuple[int, ...]:
        """One row per seat (me first): embers, hand, deck, active, discards by value, my hand by value."""
        return (self.num_players, 14)

    @property
    def max_game_length(self) -> int:
        """Two decisions a turn at most (play or pass, then block or take the hit), for `max_turns` turns."""
        return 2 * int(self.params["max_turns"])

    # --8<-- [end:game]

    def _state_from_position(self, state: State, position: Mapping[str, Any]) -> None:
        """Build a state from a position.

        A position names card values (1 to 5), never card ids:

        ```python
        {
            "active": 0,  # the seat whose turn it is
            "turn": 3,
            "players": [
                {"embers": 3, "hand": [1, 4], "deck": [2, 2, 3], "deck_bottom": [5], "discard": [1]},
                {"embers": 2, "hand": [3], "deck": [1, 5]},
            ],
            "block": {"target": 1, "value": 4},  # optional: the active seat's 4 landed on seat 1
        }
        ```

        `deck` is the unknown part of the deck and `deck_bottom` its known bottom (known to everyone);
        cards a seat does not list are out of the game. Without `block`, the active seat is about to
        choose its play; with it, the target is about to block or take the hit.
        """
        assert isinstance(state, EmbersState)
        n = self.num_players
        problems: list[str] = []
        unknown = set(position) - {"active", "turn", "players", "block"}
        problems += [
            f"{key}: unknown field; fields are active, turn, players, block" for key in sorted(unknown)
        ]
        players = position.get("players")
        if not isinstance(players, list) or len(players) != n:
            raise PositionError("embers position", [*problems, f"players: must be a list of {n} seats"])
        active = position.get("active", 0)
        if not isinstance(active, int) or not 0 <= active < n:
            problems.append(f"active: must be a seat 0..{n - 1}")
            active = 0
        turn = position.get("turn", 1)
        if not isinstance(turn, int) or turn < 1:
            problems.append("turn: must be an int >= 1")
            turn = 1
        state.turn, state.active = turn, active
        for seat, entry in enumerate(players):
            self._seat_from_position(state, seat, entry, problems)
        block = position.get("block")
        if block is not None:
            target: Any = block.get("target") if isinstance(block, Mapping) else None
            value: Any = block.get("value") if isinstance(block, Mapping) else None
            if target not in range(n) or target == active or value not in VALUES:
                problems.append(
                    f"block: needs target (a seat other than the active one) and value (1-5), got {block!r}"
                )
            else:
                state.set_prompt(BlockOrTake(target, active, value))
        if problems:
            raise PositionError("embers position", problems)
        if sum(e > 0 for e in state.embers) < 2:
            raise PositionError("embers position", ["players: at least two seats need embers"])
        if state.prompt is None:
            state.set_prompt(TurnChoice(active))

    def _seat_from_position(self, state: EmbersState, seat: int, entry: Any, problems: list[str]) -> None:
        where = f"players[{seat}]"
        if not isinstance(entry, Mapping):
            problems.append(f"{where}: must be an object")
            entry = {}
        free = {
            v: [c for c in range(seat * DECK_SIZE, (seat + 1) * DECK_SIZE) if card_value(c) == v]
            for v in VALUES
        }

        def take(field: str) -> list[int]:
            cards: list[int] = []
            values = entry.get(field, [])
            if not isinstance(values, list):
                problems.append(f"{where}.{field}: must be a list of values 1-5")
                return cards
            for value in values:
                if value not in free:
                    problems.append(f"{where}.{field}: {value!r} is not a card value 1-5")
                elif not free[value]:
                    problems.append(f"{where}.{field}: more than {COPIES} cards of value {value} in all")
                else:
                    cards.append(free[value].pop(0))
            return cards

        embers = entry.get("embers", EMBERS)
        if not isinstance(embers, int) or not 0 <= embers <= EMBERS:
            problems.append(f"{where}.embers: must be 0..{EMBERS}")
            embers = 0
        state.embers.append(embers)
        state.hands.append(Hand(seat, take("hand")))
        deck = HiddenDeck(seat, ((c, card_value(c)) for c in take("deck")))
        for card in take("deck_bottom"):
            deck.put_bottom(card)
        state.decks.append(deck)
        state.discards.append(take("discard"))
