"""The greedy agent plays legal, sensible Tactics and beats the random agent clearly."""

from __future__ import annotations

import pytest
from tactics_scenarios import start, warrior_at

import shardgames as sg
from shardgames.kernel.actions import Action
from shardgames.kernel.views import View
from shardgames.tactics import GreedyAgent, TacticsState, square
from shardgames.tactics.actions import Attack, BuyAction, BuyWarrior, Decline, EndTurn, Move
from shardgames.tactics.board import ADJACENT, row_of
from shardgames.tactics.phases import Phase


class CheckedGreedy(GreedyAgent):
    """The greedy agent, asserting that each action it chooses is one of its view's legal actions."""

    def __init__(self) -> None:
        self.choices = 0

    def act(self, view: View, rng: sg.Rng) -> Action:
        action = super().act(view, rng)
        assert action in view.legal_actions, f"{action} is not legal for {view.prompt}"
        self.choices += 1
        return action


def play_turn(state: TacticsState, seat: int = 0, seed: int = 0) -> list[Action]:
    """Let the greedy agent play `seat`'s decisions until the other seat is to act or the game ends."""
    agent, rng = GreedyAgent(), sg.Rng(seed)
    chosen = []
    while state.current_player == seat:
        action = agent.act(state.view(seat), rng)
        chosen.append(action)
        state.apply_action(action)
    return chosen


def chebyshev(a: int, b: int) -> int:
    return max(abs(a % 8 - b % 8), abs(a // 8 - b // 8))


# ---------------------------------------------------------------------- whole games


@pytest.mark.parametrize(
    "game_string", ["tactics", "tactics(souls=12,max_turns=30)", "tactics(actions=2)", "tactics(souls=40)"]
)
def test_greedy_plays_whole_games_with_legal_choices(game_string: str) -> None:
    game = sg.load_game(game_string)
    for seed in range(4):
        agents = [CheckedGreedy(), CheckedGreedy()] if seed < 2 else [CheckedGreedy(), sg.RandomAgent()]
        if seed % 2:
            agents.reverse()
        record = sg.play_match(game, agents, seed=seed)
        assert record.replay().is_terminal()
        assert any(isinstance(a, CheckedGreedy) and a.choices > 10 for a in agents)
    assert repr(GreedyAgent()) == "GreedyAgent()"
    assert GreedyAgent().name == "greedy"


@pytest.mark.no_cover  # a strength test: the rules it runs are measured by the others, far faster
def test_greedy_beats_random_over_a_thousand_games() -> None:
    """1,000 games, seats alternating: the greedy agent wins at least nine in ten."""
    game = sg.load_game("tactics")  # loaded once: building the action codec is the slow part
    games = 1000
    wins = 0
    for seed in range(games):
        greedy_seat = seed % 2
        agents: list[sg.Agent] = [sg.RandomAgent(), sg.RandomAgent()]
        agents[greedy_seat] = GreedyAgent()
        wins += sg.play_match(game, agents, seed=seed).winner == greedy_seat
    assert wins / games >= 0.9


# ---------------------------------------------------------------------- setup


def test_greedy_buys_its_free_commander_first_in_a_corner_then_guards_it() -> None:
    """TAC-21, 22: the first purchase is the free commander, on a corner of the closest row (TAC-R2);
    the squares around it are then filled with the agent's own warriors."""
    game = sg.load_game("tactics")
    state = game.new_initial_state(seed=5)
    seat = state.current_player
    first = GreedyAgent().act(state.view(seat), sg.Rng(0))
    assert isinstance(first, BuyWarrior)
    assert game.roster[game.card_number[first.card]].commander
    assert row_of(first.cell, seat) == 1
    assert first.cell % 8 in (0, 7)
    agents = [GreedyAgent(), GreedyAgent()]
    rng = sg.Rng(1)
    while getattr(state.prompt, "phase", None) is Phase.SETUP:
        player = state.current_player
        state.apply_action(agents[player].act(state.view(player), rng))
    for player in (0, 1):
        army = state.warriors_of(player)
        commanders = [w for w in army if game.commander[state.card[w]]]
        assert len(commanders) == 1
        home = state.square[commanders[0]]
        assert all(state.board[c] >= 0 and state.owner[state.board[c]] == player for c in ADJACENT[home])
        assert len(army) >= 7
        assert state.souls[player] <= 1  # it spends its Souls, keeping one for a bought action


# ---------------------------------------------------------------------- judgement in play


@pytest.mark.parametrize(
    ("board", "attacker"),
    [
        pytest.param(
            """
             5  .  .  .  .  v* .  .  .
             3  .  .  S  .  .  .  .  .
             1  E  .  .  .  .  .  .  .
            """,
            "c3",
            id="exposed commander: any attack injures (TAC-11)",
        ),
        pytest.param(
            """
             8  .  .  .  .  .  .  .  m
             5  .  .  .  .  v* .  .  .
             3  .  .  K  .  .  M  .  .
             1  E  .  .  .  .  .  .  .
            """,
            "c3",
            id="injured commander within a Knight's reach",
        ),
    ],
)
def test_greedy_defeats_the_last_enemy_commander_when_it_can(board: str, attacker: str) -> None:
    """TAC-R1: an injured last commander in reach is attacked at once, after a move to reach it."""
    state = start(board)
    actions = play_turn(state)
    assert isinstance(actions[0], Move)
    assert actions[0].origin == square(attacker)
    assert isinstance(actions[1], Attack)
    assert state.is_terminal()
    assert state.winner == 0


def test_greedy_gangs_up_when_no_warrior_injures_alone() -> None:
    """TAC-R14: two Militia (Might 3 together, Brace 1 off each) injure a Pikeman that neither could alone."""
    state = start(
        """
         8  v  .  .  .  .  .  .  .
         5  .  .  .  p  .  .  .  .
         4  .  .  .  M  M  .  .  .
         1  .  .  .  .  .  .  .  E
        """
    )
    pikeman = warrior_at(state, "d5")
    actions = play_turn(state)
    attacks = [a for a in actions if isinstance(a, Attack)]
    assert sorted(attacks, key=str) == [Attack(square(c), square("d5")) for c in ("d4", "e4")]
    assert state.injured[pikeman]


def test_greedy_does_not_gang_up_on_a_warrior_that_ripostes_away() -> None:
    """RIPOSTE_MOVE (DX17): two Militia (Might 3 each beside each other) could together injure the
    Knight (Might 4) that neither injures alone, but the Knight would move away after the first attack:
    so neither attacks it."""
    state = start(
        """
         8  v  .  .  .  .  .  .  .
         5  .  .  .  k  .  .  .  .
         4  .  .  .  M  M  .  .  .
         1  .  .  .  .  .  .  .  E
        """
    )
    actions = play_turn(state)
    assert not [a for a in actions if isinstance(a, Attack) and a.target == square("d5")]
    assert not state.injured[warrior_at(state, "d5")]


def test_greedy_moves_its_commander_out_of_danger() -> None:
    """Two Militia (Might 3 side by side) could reach and injure Kess next turn: Kess moves away first."""
    state = start(
        """
         8  .  .  .  .  .  .  .  v
         7  .  .  .  m  m  .  .  .
         5  .  .  .  E  .  .  .  .
         1  M  .  .  .  .  .  .  .
        """,
        souls=[0, 0],
    )
    kess = warrior_at(state, "d5")
    actions = play_turn(state)
    assert isinstance(actions[0], Move)
    assert actions[0].origin == square("d5")
    # each Militia needs (distance - 1) moves and an attack; together they have 3 actions
    assert sum(chebyshev(state.square[kess], square(m)) for m in ("d7", "e7")) > 4
    assert not any(isinstance(a, Attack) for a in actions)


def test_greedy_blocks_the_last_open_square_beside_its_commander() -> None:
    """A Knight could step next to Kess in its corner: a warrior moves into the gap (the guards stay)."""
    state = start(
        """
         8  .  .  .  .  .  .  .  v
         4  .  .  k  .  .  .  .  .
         2  M  .  .  .  .  .  .  .
         1  E  M  M  .  .  .  .  .
        """,
        souls=[0, 0],
    )
    actions = play_turn(state)
    assert actions[0] == Move(square("c1"), square("b2"))
    assert {state.square[w] for w in state.warriors_of(0)} >= {square(c) for c in ("a1", "a2", "b1", "b2")}


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_greedy_comes_out_of_a_portal_where_it_planned_to(seed: int) -> None:
    """TAC-R12, E9: the Diver's best advance is through its Portal d3 to e6, nearer the enemy commander:
    the agent names the Portal, then picks e6 at the portal decision (the plan, made again)."""
    state = start(
        """
         8  .  .  .  .  .  .  .  o
         2  .  .  .  D  .  .  .  .
         1  E  .  .  .  .  .  .  .
        """,
        " 3  .  .  .  P  .  .  .  .\n 6  .  .  .  .  P  .  .  .",
    )
    actions = play_turn(state, seed=seed)
    assert actions[:2] == [Move(square("d2"), square("d3")), Move(square("d3"), square("e6"))]


def test_greedy_buys_an_extra_action_only_when_it_helps() -> None:
    """TAC-26, R8: with its actions spent, it buys one to defeat an injured commander, and not to idle."""
    board = """
         8  .  .  .  .  .  .  .  .
         5  .  .  .  v* .  .  .  .
         4  .  .  .  K  .  .  .  .
         1  E  .  .  .  .  .  .  .
        """
    state = start(board, souls=[2, 0], actions_used=3)
    assert play_turn(state) == [BuyAction(), Attack(square("d4"), square("d5"))]
    assert state.winner == 0
    quiet = start(
        """
         8  .  .  .  .  .  .  .  v
         4  .  .  .  K  .  .  .  .
         1  E  .  .  .  .  .  .  .
        """,
        souls=[2, 0],
        actions_used=3,
    )
    assert play_turn(quiet) == [EndTurn()]
    assert quiet.souls[0] == 2


def test_greedy_riposte_takes_the_knight_out_of_the_remaining_attacks() -> None:
    """RIPOSTE_MOVE (DX17): its Knight, down to Might 1, leaves the reach of the Militia still to attack."""
    state = start(
        """
         8  .  .  .  .  .  .  .  v
         5  .  .  m  m  .  .  .  .
         4  .  .  .  K  .  .  .  .
         1  E  .  .  .  .  .  .  .
        """,
        active=1,
        souls=[0, 0],
        actions_used=1,
        attacked=["c5"],
        reductions={"d4": 3},
        decision={"riposte": "d4"},
    )
    assert state.current_player == 0
    action = GreedyAgent().act(state.view(0), sg.Rng(0))
    assert isinstance(action, Move)
    assert action.origin == square("d4")
    assert chebyshev(action.dest, square("d5")) >= 3


def test_greedy_nudges_an_enemy_away_from_its_commander() -> None:
    """NUDGE (TAC-D3): Vale pushes the enemy Militia beside it one square further away."""
    state = start(
        """
         8  .  .  .  .  .  .  .  e
         2  .  .  .  m  .  .  .  .
         1  .  .  .  V  .  .  .  .
        """,
        decision={"nudge": "d1"},
    )
    action = GreedyAgent().act(state.view(0), sg.Rng(0))
    assert isinstance(action, Move)
    assert action.origin == square("d2")
    assert row_of(action.dest, 0) == 3


def test_greedy_declines_a_nudge_with_no_enemy_beside_it() -> None:
    state = start(
        """
         8  .  .  .  .  .  .  .  e
         2  .  .  .  M  .  .  .  .
         1  .  .  .  V  .  .  .  .
        """,
        decision={"nudge": "d1"},
    )
    assert GreedyAgent().act(state.view(0), sg.Rng(0)) == Decline()
