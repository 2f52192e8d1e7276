"""The frame, the warrior cards and setup (TAC-1, 3 to 9, 12 to 23, R2 to R7, DX15, DX16).

Setup scenarios start either from a new game in explicit-chance mode, where the test chooses the coin, or
from a setup position (``phase="setup"``), in which seat 0 is to buy unless a test says otherwise. The
roster is the rulebook's (TAC-D1): Militia costs 1, Archer, Scout and Diver 2, Pikeman and Bard 3,
Knight 5, Wyvern 6, and the three commanders (CMDR Vale, Oren, Kess) 8 each.
"""

from __future__ import annotations

import pytest
from tactics_scenarios import events_of, play, start, tactics_game, warrior_at

from shardgames.kernel.errors import PositionError, UsageError
from shardgames.kernel.events import Event
from shardgames.kernel.state import CHANCE
from shardgames.tactics import TacticsState, Terrain, name, square
from shardgames.tactics.actions import BuyTerrain, BuyWarrior, FirstPlayer, Move, Stop
from shardgames.tactics.events import (
    Attacked,
    FirstPlayerChosen,
    Injured,
    SetupStopped,
    TerrainPlaced,
    TurnBegan,
    WarriorBought,
    WarriorDefeated,
)
from shardgames.tactics.phases import Phase, TacticsPrompt

FILES = "abcdefgh"
COMMANDERS = ("CMDR Vale", "CMDR Oren", "CMDR Kess")
NOTHING = ""  # a board diagram with no warriors

# ---------------------------------------------------------------------- helpers


def ranks(*numbers: int) -> set[str]:
    """Every square of these ranks."""
    return {f"{file}{rank}" for file in FILES for rank in numbers}


def card_id(state: TacticsState, card_name: str) -> str:
    """The roster id of the card called `card_name`."""
    return next(card.id for card in state.game.roster if card.name == card_name)


def buy(state: TacticsState, card_name: str, cell: str) -> tuple[Event, ...]:
    """Buy the warrior called `card_name` and place it on `cell` (the purchase must be legal)."""
    return play(state, f"buy {card_id(state, card_name)} at {cell}")


def offers(state: TacticsState) -> dict[str, set[str]]:
    """What the seat to act may buy, by warrior name or terrain kind, with the squares it may go on;
    ``"stop"`` (with no squares) when stopping is legal."""
    found: dict[str, set[str]] = {}
    for candidate in state.legal_actions():
        if isinstance(candidate, BuyWarrior):
            card = state.game.roster[state.game.card_number[candidate.card]]
            found.setdefault(card.name, set()).add(name(candidate.cell))
        elif isinstance(candidate, BuyTerrain):
            found.setdefault(candidate.terrain.value, set()).add(name(candidate.cell))
        elif isinstance(candidate, Stop):
            found["stop"] = set()
        else:
            raise AssertionError(f"{candidate} is no setup action")
    return found


def new_game(first: int) -> TacticsState:
    """A new game in explicit-chance mode whose coin chose seat `first`."""
    state = tactics_game(chance="explicit").new_initial_state(seed=3)
    assert isinstance(state, TacticsState)
    state.apply_action(FirstPlayer(first))
    return state


def setup_prompt(state: TacticsState) -> tuple[int, Phase]:
    """Who is to act, and in which phase."""
    prompt = state.prompt
    assert isinstance(prompt, TacticsPrompt)
    return prompt.player, prompt.phase


def setup_position(board: str = NOTHING, terrain: str | None = None, **fields: object) -> TacticsState:
    return start(board, terrain, phase="setup", **fields)


WITH_COMMANDER = """
 8  .  .  .  v  .  .  .  .
 1  .  .  .  V  .  .  .  .
"""

# ---------------------------------------------------------------------- the frame (TAC-1, 3, 4)


def test_tac_1_the_game_is_for_two_players() -> None:
    """TAC-1: two players, each controlling warriors: two seats, two Soul counts, a coin over two seats."""
    game = tactics_game(chance="explicit")
    state = game.new_initial_state()
    assert isinstance(state, TacticsState)
    assert game.num_players == 2
    assert state.souls == [26, 26]
    assert [outcome for outcome, _ in state.chance_outcomes()] == [FirstPlayer(0), FirstPlayer(1)]
    with pytest.raises(UsageError):
        state.view(2)


def test_tac_1_each_player_controls_their_own_warriors() -> None:
    """TAC-1: each warrior belongs to one player (upper case seat 0, lower case seat 1), and a player's
    moves are moves of their own warriors only."""
    state = start("""
     8  .  .  .  v  m  .  .  .
     1  .  .  .  V  M  M  .  .
    """)
    owners = {cell: state.owner[warrior_at(state, cell)] for cell in ("d1", "e1", "f1", "d8", "e8")}
    assert owners == {"d1": 0, "e1": 0, "f1": 0, "d8": 1, "e8": 1}
    assert [name(state.square[w]) for w in state.warriors_of(0)] == ["d1", "e1", "f1"]
    assert [name(state.square[w]) for w in state.warriors_of(1)] == ["d8", "e8"]
    movers = {name(a.origin) for a in state.legal_actions() if isinstance(a, Move)}
    assert movers == {"d1", "e1", "f1"}


def test_tac_3_the_board_is_an_8_by_8_grid() -> None:
    """TAC-3: 64 squares, files a to h and ranks 1 to 8; nothing else is a square."""
    state = setup_position()
    assert len(state.board) == 64
    assert {name(cell) for cell in range(64)} == ranks(1, 2, 3, 4, 5, 6, 7, 8)
    assert [square(name(cell)) for cell in range(64)] == list(range(64))
    for outside in ("i1", "a9", "a0"):
        with pytest.raises(ValueError, match="not a square"):
            square(outside)
    with pytest.raises(PositionError, match="cannot read the line"):
        start(" 1  .  .  .  V  .  .  .  .  .\n 8  .  .  .  v  .  .  .  .")


def test_tac_3_the_grid_governs_starting_positions() -> None:
    """TAC-3: the squares a piece may start on are counted in rows of the grid, 8 squares a row."""
    state = setup_position(WITH_COMMANDER)
    assert offers(state)["Knight"] == ranks(1) - {"d1"}
    assert offers(state)["stone"] == ranks(1, 2, 3, 4) - {"d1"}


def test_tac_4_a_bought_warrior_is_placed_on_the_board() -> None:
    """TAC-4: warriors are placed at the start of the game: buying one puts it on its square."""
    state = new_game(0)
    events = buy(state, "CMDR Vale", "d1")
    warrior = warrior_at(state, "d1")
    assert events == (WarriorBought(0, warrior, "CMDR Vale", square("d1"), 0),)
    assert state.warriors_of(0) == [warrior]
    assert state.owner[warrior] == 0
    assert state.injured[warrior] is False


def test_tac_4_a_defeated_warrior_is_removed() -> None:
    """TAC-4, TAC-29: a defeated warrior leaves the board; its square is free again."""
    state = start("""
     8  .  .  .  v  .  .  .  .
     5  .  .  .  m* .  .  .  .
     4  .  .  .  P  .  .  .  .
     1  .  .  .  V  .  .  .  .
    """)
    militia = warrior_at(state, "d5")
    events = play(state, "attack d5 from d4")
    assert events_of(events, WarriorDefeated) == [WarriorDefeated(militia, "Militia (injured)")]
    assert state.board[square("d5")] == -1
    assert state.square[militia] == -1
    assert [name(state.square[w]) for w in state.warriors_of(1)] == ["d8"]


# ---------------------------------------------------------------------- the warrior cards (TAC-5 to 9)

ROSTER = [
    # name, cost, uninjured Might, movement, effect, injured Might, movement, effect
    ("Militia", 1, 2, "any 1", "PHALANX(1)", 1, "ortho 1", None),
    ("Archer", 2, 1, "ortho 2", "RANGED(3)", 1, "none", "RANGED(2)"),
    ("Scout", 2, 1, "any 3 jump", "RALLY_SELF(1)", 1, "any 2 jump", None),
    ("Diver", 2, 2, "ortho 3 swim", "TERRAIN_AFFINITY(water,1)", 1, "ortho 2 swim",
     "TERRAIN_AFFINITY(water,1)"),
    ("Pikeman", 3, 3, "ortho 2", "BRACE(1)", 2, "ortho 1", None),
    ("Bard", 3, 1, "any 2", "RALLY_ADJ(1)", 1, "any 1", None),
    ("Knight", 5, 4, "any 2", "RIPOSTE_MOVE", 3, "any 1", None),
    ("Wyvern", 6, 3, "any 4 flight", "STRIKER(1)", 2, "any 2 flight", None),
    ("CMDR Vale", 8, 3, "any 2", "NUDGE", 2, "any 1", None),
    ("CMDR Oren", 8, 2, "diag 3 flight", "RIPOSTE_MOVE", 2, "ortho 2 flight", None),
    ("CMDR Kess", 8, 3, "ortho 3 jump", "RALLY_ADJ(1)", 2, "ortho 2 jump", None),
]  # fmt: skip


def test_tac_5_every_card_lists_cost_name_might_movement_and_effect() -> None:
    """TAC-5: each warrior card lists a Soul cost, a name, Might, movement and an effect (TAC-D1 values)."""
    listed = [
        (
            card.name,
            card.cost,
            card.uninjured.might,
            str(card.uninjured.move),
            None if card.uninjured.effect is None else str(card.uninjured.effect),
            card.injured.might,
            str(card.injured.move),
            None if card.injured.effect is None else str(card.injured.effect),
        )
        for card in tactics_game().roster
    ]
    assert listed == ROSTER


def test_tac_6_cmdr_in_the_name_marks_a_commander() -> None:
    """TAC-6: exactly the cards with "CMDR" in their name are commanders."""
    roster = tactics_game().roster
    assert [card.name for card in roster if card.commander] == list(COMMANDERS)
    assert all(card.commander == ("CMDR" in card.name) for card in roster)


def test_tac_7_every_card_has_an_uninjured_and_an_injured_side() -> None:
    """TAC-7: two sides per card; the injured side has "injured" in its name, the uninjured side not."""
    for card in tactics_game().roster:
        assert card.uninjured.name == card.name
        assert "injured" not in card.uninjured.name
        assert card.injured.name == f"{card.name} (injured)"


def test_tac_7_a_warrior_starts_uninjured_and_flips_when_injured() -> None:
    """TAC-7: a bought warrior shows its uninjured side; once injured, the injured side is used,
    movement included (Pikeman: orthogonal up to 2, injured: orthogonal 1)."""
    state = setup_position(WITH_COMMANDER)
    buy(state, "Pikeman", "a1")
    pikeman = warrior_at(state, "a1")
    assert state.injured[pikeman] is False
    assert state.name_of(pikeman) == "Pikeman"

    fighting = start("""
     8  .  .  .  v  .  .  .  .
     5  .  .  .  p  .  .  .  .
     4  .  .  .  K  .  .  .  .
     1  .  .  .  V  .  .  .  .
    """)
    target = warrior_at(fighting, "d5")
    assert events_of(play(fighting, "attack d5 from d4"), Injured) == [Injured(target, "Pikeman")]
    assert fighting.injured[target] is True
    assert fighting.name_of(target) == "Pikeman (injured)"
    play(fighting, "end turn")
    moves = {str(a) for a in fighting.legal_actions() if str(a).startswith("move d5")}
    assert moves == {"move d5 0 spaces", "move d5 to c5", "move d5 to e5", "move d5 to d6"}


def test_tac_8_the_cost_is_paid_from_the_26_souls() -> None:
    """TAC-8: adding a warrior costs its Soul cost out of the player's 26 Souls."""
    state = new_game(0)
    events = buy(state, "Knight", "e1")
    assert events == (WarriorBought(0, warrior_at(state, "e1"), "Knight", square("e1"), 5),)
    assert state.souls == [21, 26]
    buy(state, "Archer", "f1")
    assert state.souls == [19, 26]


def test_tac_9_might_is_combat_strength() -> None:
    """TAC-9: Might is what an attack takes off: a Knight (Might 4) takes 4 off a Wyvern."""
    state = start("""
     8  .  .  .  v  .  .  .  .
     5  .  .  .  w  .  .  .  .
     4  .  .  .  K  .  .  .  .
     1  .  .  .  V  .  .  .  .
    """)
    events = play(state, "attack d5 from d4")
    knight, wyvern = warrior_at(state, "d4"), warrior_at(state, "d5")
    assert events_of(events, Attacked) == [Attacked(knight, "Knight", wyvern, "Wyvern", 4, -1)]


def test_tac_9_movement_says_how_a_warrior_moves() -> None:
    """TAC-9: the movement line decides the squares: CMDR Kess moves orthogonally up to 3, jumping."""
    state = start("""
     8  .  .  .  v  .  .  .  .
     4  .  .  .  E  .  .  .  .
    """)
    moves = {str(a) for a in state.legal_actions() if str(a).startswith("move d4")}
    expected = {"move d4 0 spaces"} | {
        f"move d4 to {cell}"
        for cell in ("a4", "b4", "c4", "e4", "f4", "g4", "d1", "d2", "d3", "d5", "d6", "d7")
    }
    assert moves == expected


def test_tac_9_the_effect_is_a_special_function() -> None:
    """TAC-9: the effect changes the rules for its warrior: a Pikeman's BRACE(1) takes 1 off each attack."""
    state = start("""
     8  .  .  .  v  .  .  .  .
     5  .  .  .  p  .  .  .  .
     4  .  .  .  W  .  .  .  .
     1  .  .  .  V  .  .  .  .
    """)
    events = play(state, "attack d5 from d4")  # Wyvern: Might 3, +1 STRIKER when attacking
    wyvern, pikeman = warrior_at(state, "d4"), warrior_at(state, "d5")
    assert events_of(events, Attacked) == [Attacked(wyvern, "Wyvern", pikeman, "Pikeman", 3, 0)]


# ---------------------------------------------------------------------- the coin and the Souls (TAC-12, 14)


def test_tac_12_the_first_player_is_chosen_by_a_fair_coin() -> None:
    """TAC-12: a new game starts with a chance node: each seat goes first with probability 1/2."""
    state = tactics_game(chance="explicit").new_initial_state()
    assert state.current_player == CHANCE
    assert state.chance_outcomes() == ((FirstPlayer(0), 0.5), (FirstPlayer(1), 0.5))
    assert state.legal_actions() == (FirstPlayer(0), FirstPlayer(1))


@pytest.mark.parametrize("first", [0, 1])
def test_tac_12_the_coin_winner_buys_first(first: int) -> None:
    """TAC-12, 13: the seat the coin chose makes the first setup turn."""
    state = new_game(first)
    assert list(state.events) == [FirstPlayerChosen(first)]
    assert state.first == first
    assert setup_prompt(state) == (first, Phase.SETUP)
    assert state.purchases == 0


def test_tac_12_the_sampled_coin_gives_either_seat() -> None:
    """TAC-12: in the default mode the coin is sampled from the seed: both seats win it for some seed,
    and the same seed always gives the same seat."""
    game = tactics_game()

    def first_of(seed: int) -> int:
        state = game.new_initial_state(seed=seed)
        assert isinstance(state, TacticsState)
        assert events_of(state.events, FirstPlayerChosen) == [FirstPlayerChosen(state.first)]
        return state.first

    firsts = [first_of(seed) for seed in range(12)]
    assert set(firsts) == {0, 1}
    assert firsts == [first_of(seed) for seed in range(12)]


def test_tac_14_each_player_starts_with_26_souls() -> None:
    """TAC-14: 26 Souls each, before anything is bought."""
    for first in (0, 1):
        assert new_game(first).souls == [26, 26]
    assert tactics_game().params["souls"] == 26


# ---------------------------------------------------------------------- setup turns (TAC-13, 15, 20)


def test_tac_13_players_build_their_armies_in_turn_order() -> None:
    """TAC-13: the first player makes a setup turn, then the other player, then the first again."""
    state = new_game(1)
    buy(state, "CMDR Vale", "d8")
    play(state, "buy stone at a6", "buy militia at a7")
    assert setup_prompt(state) == (0, Phase.SETUP)
    buy(state, "CMDR Kess", "e1")
    play(state, "buy fire at a3", "buy militia at a2")
    assert setup_prompt(state) == (1, Phase.SETUP)
    assert [(e.player, name(e.cell)) for e in events_of(state.events, WarriorBought)] == [
        (1, "d8"),
        (1, "a7"),
        (0, "e1"),
        (0, "a2"),
    ]


def test_tac_15_a_setup_turn_is_three_purchases() -> None:
    """TAC-15: the same player buys three times, then the turn passes."""
    state = new_game(0)
    seen = []
    for text in ("buy cmdr-vale at d1", "buy water at c3", "buy pikeman at a1"):
        seen.append((setup_prompt(state), state.purchases))
        play(state, text)
    assert seen == [((0, Phase.SETUP), 0), ((0, Phase.SETUP), 1), ((0, Phase.SETUP), 2)]
    assert setup_prompt(state) == (1, Phase.SETUP)
    assert state.purchases == 0


def test_tac_15_each_purchase_pays_and_places_the_piece() -> None:
    """TAC-15: every purchase pays its cost and places its piece at once."""
    state = new_game(0)
    buy(state, "CMDR Vale", "d1")
    events = play(state, "buy water at c3")
    assert events == (TerrainPlaced(0, "water", square("c3")),)
    assert state.souls == [25, 26]
    assert state.terrain[square("c3")] == Terrain.WATER.ordinal
    assert state.terrain_owner[square("c3")] == 0
    events = buy(state, "Pikeman", "a1")
    assert events[0] == WarriorBought(0, warrior_at(state, "a1"), "Pikeman", square("a1"), 3)
    assert state.souls == [22, 26]


@pytest.mark.parametrize("kind", list(Terrain))
def test_tac_16_each_terrain_piece_costs_one_soul(kind: Terrain) -> None:
    """TAC-16: Fire, Stone, Portal, Water and Wind each cost 1 Soul; the buyer owns the piece."""
    state = setup_position(WITH_COMMANDER, souls=[9, 26])
    events = play(state, f"buy {kind.value} at f3")
    assert events == (TerrainPlaced(0, kind.value, square("f3")),)
    assert state.souls == [8, 26]
    assert state.terrain[square("f3")] == kind.ordinal
    assert state.terrain_owner[square("f3")] == 0


def test_tac_17_warriors_are_placed_in_the_closest_row() -> None:
    """TAC-17: a warrior costing more than 1 goes only in its player's closest row (rank 1 for seat 0,
    rank 8 for seat 1)."""
    for seat, row in ((0, 1), (1, 8)):
        state = setup_position(WITH_COMMANDER, active=seat)
        own_commander = "d1" if seat == 0 else "d8"
        found = offers(state)
        dearer = [card.name for card in state.game.roster if card.cost > 1 and card.name != "CMDR Vale"]
        assert len(dearer) == 9
        for card in dearer:
            assert found[card] == ranks(row) - {own_commander}, card


def test_tac_18_one_soul_warriors_may_also_use_the_next_row() -> None:
    """TAC-18: the Militia (cost 1) may go in the closest row or the row past it, not further."""
    state = setup_position(WITH_COMMANDER)
    assert offers(state)["Militia"] == ranks(1, 2) - {"d1"}
    state = setup_position(WITH_COMMANDER, active=1)
    assert offers(state)["Militia"] == ranks(8, 7) - {"d8"}


def test_tac_19_terrain_goes_anywhere_in_the_four_closest_rows() -> None:
    """TAC-19: every terrain kind may go on any empty square of the player's own four rows."""
    for seat, rows in ((0, (1, 2, 3, 4)), (1, (8, 7, 6, 5))):
        state = setup_position(WITH_COMMANDER, active=seat)
        own_commander = "d1" if seat == 0 else "d8"
        found = offers(state)
        for kind in Terrain:
            assert found[kind.value] == ranks(*rows) - {own_commander}, kind


def test_tac_20_a_player_who_stops_gets_no_more_purchase_turns() -> None:
    """TAC-20: after stopping early, a player is never asked to buy again; the other keeps buying."""
    state = new_game(0)
    buy(state, "CMDR Vale", "d1")
    buy(state, "Militia", "a2")
    play(state, "stop buying")
    asked = []
    buy(state, "CMDR Oren", "d8")
    for text in (f"buy stone at {file}6" for file in "abcde"):
        asked.append(setup_prompt(state)[0])
        play(state, text)
    assert asked == [1, 1, 1, 1, 1]
    assert setup_prompt(state) == (1, Phase.SETUP)
    assert state.stopped == [True, False]


def test_tac_20_the_remaining_souls_are_kept_for_the_game() -> None:
    """TAC-20: a player who stops keeps the Souls left; they are still there when play begins."""
    state = new_game(0)
    buy(state, "CMDR Vale", "d1")
    buy(state, "Militia", "a2")
    events = play(state, "stop buying")
    assert events == (SetupStopped(0, 25),)
    buy(state, "CMDR Oren", "d8")
    buy(state, "Knight", "a8")
    events = play(state, "buy fire at a5", "stop buying")
    assert events_of(events, SetupStopped) == [SetupStopped(1, 20)]
    assert events_of(events, TurnBegan) == [TurnBegan(0, 1)]
    assert state.souls == [25, 20]
    assert setup_prompt(state) == (0, Phase.ACTION)


# ---------------------------------------------------------------------- commanders (TAC-21 to 23)


@pytest.mark.parametrize("commander", COMMANDERS)
def test_tac_21_the_first_commander_is_free(commander: str) -> None:
    """TAC-21: a player's first commander costs 0 Souls, whichever it is."""
    state = new_game(0)
    events = buy(state, commander, "e1")
    assert events == (WarriorBought(0, warrior_at(state, "e1"), commander, square("e1"), 0),)
    assert state.souls == [26, 26]


def test_tac_21_the_first_commander_is_free_even_bought_late() -> None:
    """TAC-21: the first commander is free also when the player has already bought other pieces."""
    state = new_game(0)
    buy(state, "Knight", "a1")
    play(state, "buy fire at a3")
    events = buy(state, "CMDR Kess", "h1")
    assert events == (WarriorBought(0, warrior_at(state, "h1"), "CMDR Kess", square("h1"), 0),)
    assert state.souls == [20, 26]


def test_tac_22_no_commander_means_the_last_soul_cannot_be_spent() -> None:
    """TAC-22: without a commander a player cannot spend the last Soul: with 2 Souls, a 2-Soul warrior is
    out, while a Militia or a terrain piece (leaving 1) and the free commanders stay."""
    state = setup_position(souls=[2, 26])
    found = offers(state)
    assert set(found) == {"Militia", *COMMANDERS, *(kind.value for kind in Terrain)}
    assert found["Militia"] == ranks(1, 2)
    assert all(found[commander] == ranks(1) for commander in COMMANDERS)


def test_tac_22_no_commander_means_the_last_closest_square_is_kept() -> None:
    """TAC-22: without a commander, the last empty square of the closest row is kept for it."""
    state = setup_position(" 1  M  M  M  .  M  M  M  M", souls=[19, 26])
    found = offers(state)
    assert all(found[commander] == {"d1"} for commander in COMMANDERS)
    assert found["Militia"] == ranks(2)
    assert found["fire"] == ranks(2, 3, 4)
    assert set(found) == {"Militia", *COMMANDERS, *(kind.value for kind in Terrain)}  # no Stop either


def test_tac_22_the_kept_square_may_be_a1() -> None:
    """TAC-22: the last free square of the closest row is kept whichever it is, a1 (square 0) too."""
    state = setup_position(" 1  .  M  M  M  M  M  M  M", souls=[19, 26])
    found = offers(state)
    assert all(found[commander] == {"a1"} for commander in COMMANDERS)
    assert found["Militia"] == ranks(2)


def test_tac_22_with_two_closest_squares_free_nothing_is_kept_yet() -> None:
    """TAC-22: only the last free square of the closest row is kept: with d1 and e1 both free, a Militia
    may take either, since the other is left for the commander."""
    state = setup_position(" 1  M  M  M  .  .  M  M  M", souls=[20, 26])
    found = offers(state)
    assert found["Militia"] == ranks(2) | {"d1", "e1"}
    assert all(found[commander] == {"d1", "e1"} for commander in COMMANDERS)


def test_tac_22_no_commander_means_no_stopping() -> None:
    """TAC-22: a player without a commander may not pass."""
    state = setup_position()
    assert "stop" not in offers(state)
    state = setup_position(WITH_COMMANDER)
    assert "stop" in offers(state)


def test_tac_23_at_most_one_copy_of_each_commander() -> None:
    """TAC-23: once CMDR Vale is bought it is no longer offered; the other commanders still are."""
    state = new_game(0)
    buy(state, "CMDR Vale", "d1")
    found = offers(state)
    assert {card for card in found if card.startswith("CMDR")} == {"CMDR Oren", "CMDR Kess"}
    with pytest.raises(ValueError, match="buy cmdr-vale at e1"):
        state.apply_action(BuyWarrior(card_id(state, "CMDR Vale"), square("e1")))
    assert state.souls == [26, 26]


def test_tac_23_each_player_has_their_own_copy_limit() -> None:
    """TAC-23: the limit is per player: seat 1 may buy CMDR Vale while seat 0 has one."""
    state = setup_position(" 1  .  .  .  V  .  .  .  .", active=1)
    found = offers(state)
    assert {card for card in found if card.startswith("CMDR")} == set(COMMANDERS)


def test_tac_23_a_position_with_two_copies_of_a_commander_is_refused() -> None:
    """TAC-23: a position giving a player two copies of a commander is not a position of the game."""
    with pytest.raises(PositionError, match="2 copies of CMDR Vale"):
        setup_position(" 1  .  .  .  V  V  .  .  .")


# ---------------------------------------------------------------------- TAC-R2: rows


def test_tac_r2_rows_are_counted_from_each_players_edge() -> None:
    """TAC-R2: seat 0's rows 1-4 are ranks 1-4 and seat 1's are ranks 8-5: warriors in row 1, Militia
    in rows 1-2, terrain in rows 1-4."""
    expected = {
        0: {"Pikeman": ranks(1), "Militia": ranks(1, 2), "portal": ranks(1, 2, 3, 4)},
        1: {"Pikeman": ranks(8), "Militia": ranks(8, 7), "portal": ranks(8, 7, 6, 5)},
    }
    for seat in (0, 1):
        found = offers(setup_position(active=seat, souls=[26, 26]))
        assert {card: found[card] for card in ("Pikeman", "Militia", "portal")} == expected[seat]


def test_tac_r2_the_other_half_is_never_offered() -> None:
    """TAC-R2: nothing a player buys in setup may go in the opponent's half."""
    for seat, other_half in ((0, ranks(5, 6, 7, 8)), (1, ranks(1, 2, 3, 4))):
        found = offers(setup_position(active=seat))
        assert set().union(*found.values()) & other_half == set()


# ---------------------------------------------------------------------- TAC-R3: setup turns


def test_tac_r3_stop_is_allowed_before_the_first_purchase_of_a_turn() -> None:
    """TAC-R3: a player with a commander may stop at the start of a setup turn, buying nothing."""
    state = setup_position(WITH_COMMANDER, purchases=0)
    events = play(state, "stop buying")
    assert events == (SetupStopped(0, 26),)
    assert state.stopped == [True, False]
    assert setup_prompt(state) == (1, Phase.SETUP)


def test_tac_r3_stop_mid_turn_ends_buying() -> None:
    """TAC-R3: stopping after one purchase ends the turn and all later purchases of that player;
    the other player then takes setup turn after setup turn."""
    state = new_game(0)
    buy(state, "CMDR Vale", "d1")
    play(state, "stop buying")
    assert setup_prompt(state) == (1, Phase.SETUP)
    buy(state, "CMDR Oren", "d8")
    play(state, "buy stone at a6", "buy stone at b6")
    assert setup_prompt(state) == (1, Phase.SETUP)
    assert state.purchases == 0
    play(state, "buy stone at c6", "buy stone at d6", "buy stone at e6", "buy stone at f6")
    assert setup_prompt(state) == (1, Phase.SETUP)
    assert state.purchases == 1
    assert events_of(state.events, SetupStopped) == [SetupStopped(0, 26)]


def test_tac_r3_after_the_third_purchase_the_turn_passes_to_the_other_player() -> None:
    """TAC-R3: after three purchases the other player, who has not stopped, takes a setup turn."""
    state = setup_position(WITH_COMMANDER, purchases=2)
    play(state, "buy fire at a3")
    assert setup_prompt(state) == (1, Phase.SETUP)
    assert state.active == 1
    assert state.purchases == 0


def test_tac_r3_after_the_third_purchase_the_same_player_goes_on_when_the_other_stopped() -> None:
    """TAC-R3: when the other player has stopped, the same player starts a new setup turn."""
    state = setup_position(WITH_COMMANDER, purchases=2, stopped=[False, True])
    play(state, "buy fire at a3")
    assert setup_prompt(state) == (0, Phase.SETUP)
    assert state.purchases == 0
    play(state, "buy fire at b3", "buy fire at c3", "buy fire at e3")
    assert setup_prompt(state) == (0, Phase.SETUP)
    assert state.souls == [22, 26]


def test_tac_r3_a_player_with_nothing_to_buy_stops_automatically() -> None:
    """TAC-R3: a player with a commander and no Souls left has no purchase, so stops by itself."""
    state = setup_position(WITH_COMMANDER, souls=[1, 26])
    events = play(state, "buy stone at a3")
    assert events == (TerrainPlaced(0, "stone", square("a3")), SetupStopped(0, 0))
    assert state.stopped == [True, False]
    assert setup_prompt(state) == (1, Phase.SETUP)


def test_tac_r3_a_player_who_cannot_buy_anything_at_their_turn_start_stops_automatically() -> None:
    """TAC-R3: when a setup turn passes to a player with nothing left to buy, that player stops at once
    and the turn comes back."""
    state = setup_position(WITH_COMMANDER, souls=[5, 0], purchases=2)
    events = play(state, "buy fire at a3")
    assert events == (TerrainPlaced(0, "fire", square("a3")), SetupStopped(1, 0))
    assert state.stopped == [False, True]
    assert setup_prompt(state) == (0, Phase.SETUP)


def test_tac_r3_setup_ends_when_both_have_stopped() -> None:
    """TAC-R3: the second Stop ends setup; play begins with the first player's turn 1."""
    state = setup_position(WITH_COMMANDER, active=1, first=0, stopped=[True, False], souls=[3, 7])
    events = play(state, "stop buying")
    assert events == (SetupStopped(1, 7), TurnBegan(0, 1))
    assert setup_prompt(state) == (0, Phase.ACTION)
    assert state.turn == 1
    assert state.souls == [3, 7]


# ---------------------------------------------------------------------- TAC-R4: the commander requirement


def test_tac_r4_stop_is_illegal_without_a_commander() -> None:
    """TAC-R4: Stop is not offered, and refused, while the player owns no commander."""
    state = setup_position(" 1  M  .  .  .  .  .  .  .")
    assert "stop" not in offers(state)
    with pytest.raises(ValueError, match="stop buying"):
        state.apply_action(Stop())
    assert state.stopped == [False, False]


def test_tac_r4_a_purchase_leaving_0_souls_without_a_commander_is_illegal() -> None:
    """TAC-R4: with 1 Soul and no commander, only the free commanders may be bought."""
    state = setup_position(souls=[1, 26])
    assert offers(state) == dict.fromkeys(COMMANDERS, ranks(1))


def test_tac_r4_the_last_closest_square_may_not_take_terrain_either() -> None:
    """TAC-R4: a cell counts as used if it holds terrain: terrain may not fill the last empty square of
    the closest row, and terrain already there counts as filling it."""
    state = setup_position(" 1  M  M  M  .  .  M  M  M", souls=[10, 26])
    assert offers(state)["stone"] == ranks(1, 2, 3, 4) - {"a1", "b1", "c1", "f1", "g1", "h1"}
    play(state, "buy stone at d1")
    found = offers(state)
    assert all(found[commander] == {"e1"} for commander in COMMANDERS)
    assert found["stone"] == ranks(2, 3, 4)
    assert found["Militia"] == ranks(2)


def test_tac_r4_the_free_commander_can_always_be_placed() -> None:
    """TAC-R4: however a player without a commander buys, a commander can still be bought at the end."""
    state = setup_position(souls=[3, 26], stopped=[False, True])
    play(state, "buy militia at a1", "buy fire at b1")
    assert state.souls == [1, 26]
    assert offers(state) == dict.fromkeys(COMMANDERS, ranks(1) - {"a1", "b1"})
    events = buy(state, "CMDR Oren", "c1")
    assert events == (WarriorBought(0, warrior_at(state, "c1"), "CMDR Oren", square("c1"), 0),)
    assert state.souls == [1, 26]
    assert offers(state)["stop"] == set()


def test_tac_r4_the_restrictions_lift_once_a_commander_is_owned() -> None:
    """TAC-R4: with a commander, the last Soul and the last square of the closest row may be used, and
    Stop is legal."""
    state = setup_position(" 1  M  M  M  V  M  M  .  M", souls=[2, 26])
    found = offers(state)
    assert found["Archer"] == {"g1"}
    assert found["stop"] == set()
    buy(state, "Archer", "g1")
    assert state.souls == [0, 26]


# ---------------------------------------------------------------------- TAC-R5: printed cost


def test_tac_r5_the_free_commander_goes_only_in_the_closest_row() -> None:
    """TAC-R5: the free commander keeps its printed cost 8, so it may not use the second row."""
    state = new_game(0)
    found = offers(state)
    assert all(found[commander] == ranks(1) for commander in COMMANDERS)
    with pytest.raises(ValueError, match="buy cmdr-vale at d2"):
        state.apply_action(BuyWarrior(card_id(state, "CMDR Vale"), square("d2")))


def test_tac_r5_a_second_commander_costs_its_printed_cost() -> None:
    """TAC-R5: a second, different commander costs 8."""
    state = new_game(0)
    buy(state, "CMDR Vale", "d1")
    events = buy(state, "CMDR Oren", "e1")
    assert events == (WarriorBought(0, warrior_at(state, "e1"), "CMDR Oren", square("e1"), 8),)
    assert state.souls == [18, 26]


def test_tac_r5_a_second_commander_needs_8_souls() -> None:
    """TAC-R5: with 7 Souls, a player who has a commander cannot buy another one."""
    state = setup_position(WITH_COMMANDER, souls=[7, 26])
    assert {card for card in offers(state) if card.startswith("CMDR")} == set()
    state = setup_position(WITH_COMMANDER, souls=[8, 26])
    assert {card for card in offers(state) if card.startswith("CMDR")} == {"CMDR Oren", "CMDR Kess"}


def test_tac_r5_only_a_printed_cost_of_1_allows_the_second_row() -> None:
    """TAC-R5: the second-row allowance is exactly for the cards printed at cost 1."""
    state = setup_position(WITH_COMMANDER)
    found = offers(state)
    for card in tactics_game().roster:
        if card.name == "CMDR Vale":  # owned already
            continue
        expected = ranks(1, 2) if card.cost == 1 else ranks(1)
        assert found[card.name] == expected - {"d1"}, card.name


# ---------------------------------------------------------------------- TAC-R6: one piece per empty cell


def test_tac_r6_setup_pieces_go_only_on_completely_empty_cells() -> None:
    """TAC-R6: in setup a square with a warrior takes no terrain, and a square with terrain takes no
    warrior and no further terrain."""
    state = setup_position(
        WITH_COMMANDER + " 2  M  .  .  .  .  .  .  .",
        " 2  .  S  .  .  .  .  .  .\n 1  .  .  F  .  .  .  .  .",
    )
    found = offers(state)
    used = {"a2", "b2", "c1", "d1"}
    for kind in Terrain:
        assert found[kind.value] == ranks(1, 2, 3, 4) - used
    assert found["Militia"] == ranks(1, 2) - used
    assert found["Knight"] == ranks(1) - used


def test_tac_r6_terrain_owned_by_the_buyer() -> None:
    """TAC-R6: terrain belongs to its buyer: seat 1's portal is seat 1's."""
    state = setup_position(WITH_COMMANDER, active=1)
    play(state, "buy portal at a5", "buy portal at h5")
    assert [state.terrain_owner[square(c)] for c in ("a5", "h5")] == [1, 1]
    assert state.portals == [(), (square("a5"), square("h5"))]


# ---------------------------------------------------------------------- TAC-R7: copies


def test_tac_r7_non_commanders_may_be_bought_any_number_of_times() -> None:
    """TAC-R7: a third Knight is offered like the first; only Souls and space limit it."""
    state = setup_position(WITH_COMMANDER, stopped=[False, True])
    buy(state, "Knight", "a1")
    buy(state, "Knight", "b1")
    assert offers(state)["Knight"] == ranks(1) - {"a1", "b1", "d1"}
    buy(state, "Knight", "c1")
    buy(state, "Knight", "e1")
    assert state.souls == [6, 26]
    buy(state, "Knight", "f1")
    assert state.souls == [1, 26]
    assert "Knight" not in offers(state)


def test_tac_r7_terrain_supply_is_unlimited() -> None:
    """TAC-R7: after nine Stones, Stone is still offered on every empty square of the four rows."""
    state = setup_position(WITH_COMMANDER, stopped=[False, True])
    cells = [f"{file}3" for file in FILES] + ["a4"]
    play(state, *(f"buy stone at {cell}" for cell in cells))
    assert state.souls == [17, 26]
    assert offers(state)["stone"] == ranks(1, 2, 3, 4) - {*cells, "d1"}


# ---------------------------------------------------------------------- derived scenarios


def test_tac_dx15_setup_commanders_rows_and_the_commander_requirement() -> None:
    """DX15: the first commander costs 0 and a second costs 8; a duplicate is illegal; a 1-cost warrior may
    go in row 2 and a 2-cost one may not; terrain may go in row 4, not row 5; Stop without a commander
    is illegal; a purchase leaving 0 Souls without a commander is illegal; after Stop, the Souls left
    carry into play."""
    state = setup_position(souls=[4, 26])
    found = offers(state)
    assert "stop" not in found  # no commander yet
    assert found["Militia"] == ranks(1, 2)
    assert found["Archer"] == ranks(1)  # 2 Souls left: fine
    assert "e4" in found["fire"]
    assert "e5" not in found["fire"]
    assert found["fire"] == ranks(1, 2, 3, 4)
    buy(state, "Archer", "a1")  # 4 -> 2
    found = offers(state)
    assert "Archer" not in found  # it would leave 0 Souls without a commander
    assert found["Militia"] == ranks(1, 2) - {"a1"}

    events = buy(state, "CMDR Vale", "d1")
    assert events[0] == WarriorBought(0, warrior_at(state, "d1"), "CMDR Vale", square("d1"), 0)
    assert state.souls == [2, 26]
    found = offers(state)
    assert "CMDR Vale" not in found
    assert "CMDR Oren" not in found  # 8 Souls needed now
    assert found["Archer"] == ranks(1) - {"a1", "d1"}
    assert found["stop"] == set()

    events = play(state, "stop buying")
    assert events == (SetupStopped(0, 2),)
    buy(state, "CMDR Oren", "e8")
    play(state, "stop buying")
    assert state.souls == [2, 26]
    assert setup_prompt(state) == (0, Phase.ACTION)


def test_tac_dx15_a_second_commander_costs_8() -> None:
    """DX15: with 26 Souls, the first commander leaves 26, a second one leaves 18 and a third 10."""
    state = new_game(0)
    buy(state, "CMDR Kess", "a1")
    buy(state, "CMDR Vale", "b1")
    assert state.souls == [18, 26]
    assert offers(state)["CMDR Oren"] == ranks(1) - {"a1", "b1"}
    events = buy(state, "CMDR Oren", "c1")
    assert events == (WarriorBought(0, warrior_at(state, "c1"), "CMDR Oren", square("c1"), 8),)
    assert state.souls == [10, 26]


def test_tac_dx16_setup_flow_from_the_coin_to_the_first_turn() -> None:
    """DX16: P1 makes three purchases, then P2; after P2 stops, P1 takes consecutive setup turns; play
    starts with the player who bought first (here seat 1, chosen by the coin)."""
    state = new_game(1)
    buy(state, "CMDR Oren", "d8")
    play(state, "buy militia at a7", "buy militia at b7")
    assert setup_prompt(state) == (0, Phase.SETUP)
    buy(state, "CMDR Kess", "e1")
    play(state, "stop buying")
    assert setup_prompt(state) == (1, Phase.SETUP)
    play(state, "buy militia at c7", "buy militia at d7", "buy militia at e7")
    assert setup_prompt(state) == (1, Phase.SETUP)
    assert state.purchases == 0
    play(state, "buy militia at f7")
    events = play(state, "stop buying")
    assert events == (SetupStopped(1, 20), TurnBegan(1, 1))
    assert setup_prompt(state) == (1, Phase.ACTION)
    assert state.active == 1
    assert state.souls == [26, 20]
    assert [type(e).__name__ for e in state.events] == [
        "FirstPlayerChosen",
        *["WarriorBought"] * 4,
        "SetupStopped",
        *["WarriorBought"] * 4,
        "SetupStopped",
        "TurnBegan",
    ]
