"""Shard Command turns (CMD-13 to 22, R9, R31, R32; DX1, DX2, DX18, DX21, DX23, DX26).

The Start Phase (Ready, stones back, Warped cards return, draw 2, start triggers), the Main Phase (priority,
charging stones, playing, attacking, Deployment Fatigue) and the End Phase (end triggers, damage cleared,
discard to 7, expiry). Most scenarios are positions; a small deck file adds an end-of-turn trigger card.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

import pytest
from command_scenarios import card_file, end_turn, file_game, in_hand, perm, position, resolve

import shardgames as sg
from shardgames.command.actions import (
    Activate,
    Charge,
    ChooseTarget,
    DeclareAttack,
    Discard,
    FinishRedraw,
    FirstPlayer,
    Intercept,
    Pass,
    Play,
)
from shardgames.command.compiled import EXHAUST, MANA
from shardgames.command.events import (
    CardDiscarded,
    CardDrawn,
    CardMoved,
    IntegrityChanged,
    ItemQueued,
    ItemResolved,
    Readied,
    StatusChanged,
    StepBegan,
    StoneCharged,
    TurnBegan,
)
from shardgames.command.game import CommandGame
from shardgames.command.objects import player_target
from shardgames.command.phases import Phase, Step
from shardgames.command.state import CommandState
from shardgames.kernel.errors import IllegalActionError

GAMMA = """
[[card]]
name = "Dusk Chime"
type = "entity"
identity = ["life"]
cost = "1L"
force = 1
durability = 3
keywords = [{ keyword = "heal", amount = 1, trigger = "end_of_your_turn" }]

[[deck]]
id = "gamma"
name = "Gamma"
sovereign = "Tidemother"
stones = { generic = 6, water = 3, life = 3 }

[deck.main]
"Tidecaller" = 4
"Reef Warden" = 4
"Frost Snare" = 4
"Rift Stalker" = 4
"Dusk Chime" = 4
"Firebrand" = 4
"Ridge Recruit" = 4
"Spark" = 4
"Undertow" = 4
"Tide Scholar" = 4

[[deck]]
id = "delta"
name = "Delta"
sovereign = "The Ashen Regent"
stones = { generic = 6, fire = 3, death = 3 }

[deck.main]
"Ash Hound" = 8
"Ember Sprite" = 4
"Spark" = 4
"Pyre Storm" = 4
"Grave Caller" = 4
"Dread Knight" = 4
"Dusk Chime" = 4
"Cinder Golem" = 4
"Ashen Shrine" = 4
"""
NONE = (0,) * 11


@pytest.fixture(scope="module")
def gamma_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return card_file(tmp_path_factory.mktemp("decks"), "gamma.toml", GAMMA)


@pytest.fixture(scope="module")
def game(gamma_file: Path) -> CommandGame:
    """Seat 0 plays Gamma (Water, Life; Tidemother: Exhaust, Heal 2), seat 1 Delta (Pyre with Dusk Chimes)."""
    return file_game(gamma_file, "gamma", "delta")


def exhausted(state: CommandState, number: int) -> bool:
    p = state.permanent(number)
    assert p is not None
    return p.exhausted


def stones(*counts: tuple[int, int]) -> tuple[int, ...]:
    """An 11-tuple from (index, count) pairs: index 0 Generic, 1 + element for the elements."""
    out = [0] * 11
    for index, count in counts:
        out[index] = count
    return tuple(out)


def kinds(events: Iterable[object]) -> list[str]:
    return [type(e).__name__ for e in events]


# ---------------------------------------------------------------------- CMD-13, R9, R31: the Start Phase


def test_cmd_13_ready_and_stones_back_at_the_start_phase(game: CommandGame) -> None:
    """CMD-13: the Start Phase Readies the active player's Exhausted cards and moves Used stones to Unused."""
    state = position(
        game,
        {
            "turn": 4,
            "active": 1,
            "players": [
                {
                    "arena": [{"card": "Ridge Recruit", "exhausted": True}],
                    "sovereign_exhausted": True,
                    "used": "2G 1W",
                    "unused": "1L",
                    "pool": "3G",
                },
                {},
            ],
        },
    )
    recruit = perm(state, 0, "Ridge Recruit")
    end_turn(state)
    assert (state.turn, state.active) == (5, 0)
    assert not exhausted(state, recruit)
    assert state.sovereign_exhausted[0] is False
    assert state.unused[0] == stones((0, 2), (8, 1), (9, 1))  # 2 Generic, 1 Water, 1 Life
    assert state.used[0] == NONE
    assert state.pool[0] == stones((0, 3))  # the Pool is untouched
    assert Readied(0, (recruit, game.sovereign_id(0))) in state.events


def test_cmd_r9_only_the_active_players_cards_ready(game: CommandGame) -> None:
    """R9: only the active player's Exhausted cards (Arena and Sovereign) Ready in their Start Phase."""
    state = position(
        game,
        {
            "turn": 4,
            "active": 1,
            "players": [
                {"arena": [{"card": "Ridge Recruit", "exhausted": True}], "sovereign_exhausted": True},
                {
                    "arena": [{"card": "Ash Hound", "exhausted": True}],
                    "sovereign_exhausted": True,
                    "used": "1F",
                    "pool": "1G",
                },
            ],
        },
    )
    hound = perm(state, 1, "Ash Hound")
    end_turn(state)
    assert state.active == 0
    assert exhausted(state, hound)  # seat 1's attacker stays Exhausted through seat 0's turn
    assert state.sovereign_exhausted[1] is True
    assert state.used[1] == stones((5, 1))  # and so do its stones
    assert state.unused[1] == NONE


def test_cmd_r9_a_frozen_entity_skips_one_ready(game: CommandGame) -> None:
    """R9, K23: a Frozen card is not Readied in its controller's Start Phase; its Frozen flag is cleared."""
    state = position(
        game,
        {
            "turn": 4,
            "active": 1,
            "players": [
                {
                    "arena": [
                        {"card": "Ridge Recruit", "exhausted": True, "frozen": True},
                        {"card": "Tidecaller", "exhausted": True},
                    ]
                },
                {},
            ],
        },
    )
    recruit, tidecaller = perm(state, 0, "Ridge Recruit"), perm(state, 0, "Tidecaller")
    end_turn(state)
    assert exhausted(state, recruit)
    assert not exhausted(state, tidecaller)
    assert state.permanent(recruit).frozen is False  # type: ignore[union-attr]
    assert StatusChanged(recruit, "stays Exhausted (Frozen)") in state.events
    assert Readied(0, (tidecaller,)) in state.events


def test_cmd_r31_start_phase_order(game: CommandGame) -> None:
    """R31: Ready, stones Used -> Unused, Warped cards return, draw 2, then start triggers go on the Queue."""
    state = position(
        game,
        {
            "turn": 4,
            "active": 1,
            "players": [
                {
                    "arena": [{"card": "Tidecaller", "exhausted": True}],
                    "sovereign_exhausted": True,
                    "used": "2G 1W",
                    "exiled": ["Rift Stalker"],
                    "deck_top": ["Frost Snare", "Spark"],
                    "integrity": 15,
                },
                {"arena": [{"card": "Ash Hound", "exhausted": True}]},
            ],
        },
    )
    tidecaller = perm(state, 0, "Tidecaller")
    start = len(state.events)
    end_turn(state)
    log = list(state.events)[start:]
    began = log.index(TurnBegan(5, 0))
    after = log[began:]
    assert kinds(after) == [
        "TurnBegan",
        "Readied",
        "CardMoved",
        "CardDrawn",
        "CardDrawn",
        "ItemQueued",
    ]
    assert after[1] == Readied(0, (tidecaller, game.sovereign_id(0)))
    assert isinstance(after[2], CardMoved)
    assert (after[2].name, after[2].source, after[2].dest) == ("Rift Stalker", "exile", "Arena")
    assert [e.name for e in after[3:5]] == ["Frost Snare", "Spark"]  # type: ignore[attr-defined]
    # stones came back before anything could be paid
    assert state.unused[0] == stones((0, 2), (8, 1))
    # the start trigger waits on the Queue in the Start Phase; once it resolves, the Main Phase begins
    assert state.step is Step.START
    assert len(state.queue) == 1
    assert state.current_player == 0
    start = len(state.events)
    resolve(state)
    events = list(state.events)[start:]
    assert IntegrityChanged(0, 15, 17, "Heal") in events
    assert events[-1] == StepBegan(0, "main")
    assert (state.step, state.current_player, state.queue) == (Step.MAIN, 0, [])
    stalker = perm(state, 0, "Rift Stalker")
    assert not exhausted(state, stalker)
    assert state.permanent(stalker).entered == 5  # type: ignore[union-attr]  # a new object this turn


def test_cmd_r31_the_warped_card_returns_after_the_ready_step(game: CommandGame) -> None:
    """R31 step 3, R20: a Warped Entity returns after the Ready step, so it is Ready, as a new object."""
    state = position(
        game,
        {
            "turn": 4,
            "active": 1,
            "players": [{"exiled": ["Rift Stalker"]}, {}],
        },
    )
    end_turn(state)
    stalker = perm(state, 0, "Rift Stalker")
    readied = next(e for e in state.events if isinstance(e, Readied) and e.seat == 0)
    assert stalker not in readied.objects
    assert state.exiled == ()
    assert not exhausted(state, stalker)


def test_cmd_r31_start_triggers_resolve_before_the_main_phase(game: CommandGame) -> None:
    """R31 step 5: "at the start of your turn" triggers go on the Queue; the loop runs until it is empty."""
    state = position(
        game,
        {
            "turn": 4,
            "active": 1,
            "players": [
                {"arena": ["Tidecaller", "Tidecaller"], "integrity": 10, "deck_top": ["Spark", "Spark"]},
                {},
            ],
        },
    )
    end_turn(state)
    assert state.step is Step.START
    assert len(state.queue) == 2
    assert [e for e in state.events if isinstance(e, StepBegan)][-1] != StepBegan(0, "main")
    resolve(state)  # both pass: the whole Queue resolves
    assert state.integrity[0] == 14
    assert state.step is Step.MAIN
    resolved = [e for e in state.events if isinstance(e, ItemResolved)]
    assert len(resolved) == 2


# ---------------------------------------------------------------------- CMD-14, DX1: the draw


def opened_game(config: str) -> CommandState:
    """A game through setup (seat 0 starts, both keep), chance answered with the first outcome."""
    state = sg.load_game(config).new_initial_state(seed=5)
    assert isinstance(state, CommandState)
    state.apply_action(FirstPlayer(0))
    while state.current_player != 0 or state.prompt.phase is not Phase.PRIORITY:  # type: ignore[union-attr]
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        else:
            state.apply_action(FinishRedraw())
    return state


def test_cmd_14_the_start_phase_draws_2() -> None:
    """CMD-14: the Start Phase's second step is drawing 2 cards (after the first turn)."""
    state = opened_game("command(decks=(stoneguard,pyre),chance=explicit)")
    state.apply_action(Pass())
    state.apply_action(Pass())
    assert state.is_chance_node()
    assert state.prompt.seat == 1  # type: ignore[union-attr]
    assert state.active == 1
    assert state.step is Step.START
    state.apply_action(state.chance_outcomes()[0][0])
    state.apply_action(state.chance_outcomes()[0][0])
    assert len(state.hands[1]) == 7
    assert sum(1 for e in state.events if isinstance(e, CardDrawn) and e.seat == 1) == 5 + 2


def test_cmd_dx1_first_player_draws_0_the_other_2() -> None:
    """DX1: the starting player's first Start Phase draws 0, the opponent's first draws 2: hands 5 and 7."""
    state = opened_game("command(decks=(stoneguard,pyre),chance=explicit)")
    assert (state.turn, state.active) == (1, 0)
    assert [len(h) for h in state.hands] == [5, 5]
    assert not any(isinstance(e, CardDrawn) for e in state.events[state.events.index(TurnBegan(1, 0)) :])
    state.apply_action(Pass())
    state.apply_action(Pass())
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    assert (state.turn, state.active) == (2, 1)
    assert [len(h) for h in state.hands] == [5, 7]
    # the starting player's second turn does draw
    while state.active == 1:
        state.apply_action(Pass())
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    assert (state.turn, state.active) == (3, 0)
    assert [len(h) for h in state.hands] == [7, 7]


# ---------------------------------------------------------------------- CMD-15 to 19: the Main Phase


def test_cmd_15_the_active_player_has_priority_in_the_main_phase() -> None:
    """CMD-15: the Main Phase begins with the active player holding priority (an empty Queue)."""
    state = opened_game("command(decks=(stoneguard,pyre),chance=explicit)")
    assert (state.step, state.current_player, state.priority, state.queue) == (Step.MAIN, 0, 0, [])
    assert state.prompt.phase is Phase.PRIORITY  # type: ignore[union-attr]
    assert StepBegan(0, "main") in state.events


def test_cmd_16_charge_slides_a_stone_from_the_pool_to_unused(game: CommandGame) -> None:
    """CMD-16: the active player may slide a Charge Stone from the Pool to Unused."""
    state = position(game, {"turn": 3, "active": 0, "players": [{"pool": "2G 1W"}, {}]})
    assert set(state.legal_actions()) >= {Charge(-1), Charge(7)}
    assert Charge(8) not in state.legal_actions()  # no Life stone in the Pool
    events = state.apply_action(Charge(7))
    assert StoneCharged(0, "Water") in events
    assert state.pool[0] == stones((0, 2))
    assert state.unused[0] == stones((8, 1))
    assert state.charged[0] == 1
    assert state.current_player == 0  # a special action: no Queue, priority stays


def test_cmd_dx2_two_charges_a_turn_and_used_stones_come_back() -> None:
    """DX2, R10(f): two Charge actions are legal, a third is not; at the next Start Phase, Used -> Unused."""
    game = sg.load_game("command(decks=(stoneguard,pyre))")
    state = position(
        game, {"turn": 3, "active": 0, "players": [{"hand": ["Ridge Recruit"], "pool": "6G 3E 3A"}, {}]}
    )
    assert {Charge(-1), Charge(0), Charge(1)} <= set(state.legal_actions())
    state.apply_action(Charge(0))  # Earth
    assert Charge(-1) in state.legal_actions()
    state.apply_action(Charge(-1))
    assert not any(isinstance(a, Charge) for a in state.legal_actions())
    with pytest.raises(IllegalActionError, match="two stones were charged this turn already"):
        state.apply_action(Charge(-1))
    assert state.pool[0] == stones((0, 5), (1, 2), (2, 3))
    state.apply_action(Play(in_hand(state, 0, "Ridge Recruit")))
    state.apply_action(Pass())  # seat 1 passes: the Recruit resolves
    assert state.used[0] == stones((0, 1), (1, 1))
    assert state.unused[0] == NONE
    end_turn(state)  # seat 1's turn: seat 0's stones stay Used
    assert state.active == 1
    assert state.used[0] == stones((0, 1), (1, 1))
    end_turn(state)
    assert state.active == 0
    assert state.used[0] == NONE
    assert state.unused[0] == stones((0, 1), (1, 1))
    assert state.charged[0] == 0
    assert Charge(-1) in state.legal_actions()  # the count starts again each turn


def test_cmd_16_only_the_active_player_charges(game: CommandGame) -> None:
    """CMD-16, R10(f): the opponent, holding priority on the active player's turn, may not charge."""
    state = position(game, {"turn": 3, "active": 0, "players": [{"hand": ["Spark"], "unused": "1F"}, {}]})
    state.apply_action(Pass())  # seat 0 passes with an empty Queue: seat 1 holds priority
    assert state.current_player == 1
    assert not any(isinstance(a, Charge) for a in state.legal_actions())
    with pytest.raises(IllegalActionError, match="only by the active player"):
        state.apply_action(Charge(-1))


def test_cmd_17_the_active_player_plays_an_entity_by_paying(game: CommandGame) -> None:
    """CMD-17: the active player may play an Entity by paying its Shard cost; it enters on resolution."""
    state = position(
        game, {"turn": 3, "active": 0, "players": [{"hand": ["Ridge Recruit"], "unused": "1G 1W"}, {}]}
    )
    assert (
        Play(in_hand(state, 0, "Ridge Recruit")) not in state.legal_actions()
    )  # 1E: no Earth Shard to be had
    state = position(
        game, {"turn": 3, "active": 0, "players": [{"hand": ["Ridge Recruit"], "unused": "3G"}, {}]}
    )
    recruit = in_hand(state, 0, "Ridge Recruit")
    state.apply_action(Play(recruit))  # 1E = one filter (2 Generic) + 1 Generic
    assert state.used[0] == stones((0, 3))
    assert state.unused[0] == NONE
    assert [item.source for item in state.queue] == [recruit]
    resolve(state)
    assert state.permanent(recruit) is not None
    assert state.queue == []
    assert state.current_player == 0


def test_cmd_18_the_active_player_may_declare_attacks(game: CommandGame) -> None:
    """CMD-18: in the Main Phase, the active player may declare an attack with a Ready Entity."""
    state = position(game, {"turn": 3, "active": 0, "players": [{"arena": ["Ridge Recruit"]}, {}]})
    recruit = perm(state, 0, "Ridge Recruit")
    assert DeclareAttack(recruit) in state.legal_actions()
    state.apply_action(DeclareAttack(recruit))
    state.apply_action(ChooseTarget(player_target(1)))
    while state.step is not Step.MAIN:
        state.apply_action(Pass())
    assert state.integrity == [20, 18]  # 2 damage to Integrity
    assert recruit in state.scrap[0]  # and the Ashen Regent (Force 3) struck back (R6)


def test_cmd_19_deployment_fatigue(game: CommandGame) -> None:
    """CMD-19: an Entity can neither attack nor use an Exhaust ability on the turn it enters the Arena."""
    state = position(
        game,
        {
            "turn": 3,
            "active": 0,
            "players": [
                {
                    "arena": [
                        {"card": "Reef Warden", "fresh": True},
                        {"card": "Ridge Recruit", "fresh": True},
                        {"card": "Firebrand", "fresh": True},
                    ]
                },
                {},
            ],
        },
    )
    warden, recruit, firebrand = (perm(state, 0, n) for n in ("Reef Warden", "Ridge Recruit", "Firebrand"))
    legal = state.legal_actions()
    assert DeclareAttack(recruit) not in legal
    assert DeclareAttack(warden) not in legal
    assert Activate(warden, MANA) not in legal  # Flow is an Exhaust ability
    assert DeclareAttack(firebrand) in legal  # Surge
    # the next turn the fatigue is gone
    state = position(
        game,
        {
            "turn": 3,
            "active": 0,
            "players": [{"arena": ["Reef Warden", "Ridge Recruit"]}, {}],
        },
    )
    warden, recruit = perm(state, 0, "Reef Warden"), perm(state, 0, "Ridge Recruit")
    assert {DeclareAttack(recruit), DeclareAttack(warden), Activate(warden, MANA)} <= set(
        state.legal_actions()
    )


def test_cmd_19_a_freshly_played_entity_is_fatigued(game: CommandGame) -> None:
    """CMD-19: an Entity played this turn, once it resolves, can't attack until the next turn."""
    state = position(
        game, {"turn": 3, "active": 0, "players": [{"hand": ["Ridge Recruit"], "unused": "3G"}, {}]}
    )
    recruit = in_hand(state, 0, "Ridge Recruit")
    state.apply_action(Play(recruit))
    resolve(state)
    assert state.permanent(recruit) is not None
    assert DeclareAttack(recruit) not in state.legal_actions()


def test_cmd_dx21_reckless_forbids_ending_the_main_phase() -> None:
    """DX21, R12: while a Reckless Entity can attack, the active player's Pass (empty Queue) is illegal."""
    game = sg.load_game("command(decks=(pyre,stoneguard))")
    state = position(game, {"turn": 3, "active": 0, "players": [{"arena": ["Cinder Golem"]}, {}]})
    golem = perm(state, 0, "Cinder Golem")
    assert Pass() not in state.legal_actions()
    with pytest.raises(IllegalActionError, match="Reckless"):
        state.apply_action(Pass())
    state.apply_action(DeclareAttack(golem))
    state.apply_action(ChooseTarget(player_target(1)))
    while state.step is not Step.MAIN:
        state.apply_action(Pass())
    assert state.integrity[1] == 16
    assert Pass() in state.legal_actions()  # it has attacked: the Main Phase may end
    # a fatigued Reckless Entity can't attack, so it doesn't hold the turn
    state = position(
        game, {"turn": 3, "active": 0, "players": [{"arena": [{"card": "Cinder Golem", "fresh": True}]}, {}]}
    )
    assert Pass() in state.legal_actions()


# ---------------------------------------------------------------------- CMD-20 to 22, R32: the End Phase

END_POSITION = {
    "turn": 3,
    "active": 0,
    "players": [
        {
            "arena": [
                "Dusk Chime",
                {"card": "Firebrand", "fresh": True},
                {"card": "Tidecaller", "damage": 2},
            ],
            "hand": [
                "Spark",
                "Spark",
                "Spark",
                "Spark",
                "Ridge Recruit",
                "Ridge Recruit",
                "Ridge Recruit",
                "Ridge Recruit",
                "Undertow",
            ],
            "floating": "1G 1W",
            "integrity": 15,
        },
        {
            "arena": [
                {"card": "Ash Hound", "damage": 1, "submerged": 1},
                {"card": "Cinder Golem", "blanked": True},
                "Dusk Chime",
            ],
            "hand": [
                "Spark",
                "Spark",
                "Spark",
                "Spark",
                "Ash Hound",
                "Ash Hound",
                "Ash Hound",
                "Ash Hound",
                "Ash Hound",
            ],
        },
    ],
}


def to_end_phase(game: CommandGame) -> CommandState:
    state = position(game, END_POSITION)
    state.apply_action(Pass())
    state.apply_action(Pass())  # both passed with an empty Queue: the Main Phase is over (R10 d)
    assert state.step is Step.END
    return state


def test_cmd_20_end_of_turn_triggers_resolve(game: CommandGame) -> None:
    """CMD-20: the End Phase resolves the active player's "at the end of your turn" triggers."""
    state = to_end_phase(game)
    chime = perm(state, 0, "Dusk Chime")
    queued = [e for e in state.events if isinstance(e, ItemQueued)]
    assert len(queued) == 2  # seat 0's Dusk Chime and its Volatile Firebrand; not seat 1's Dusk Chime
    assert all("(seat 0)" in str(e.text) for e in queued)
    while state.queue:
        state.apply_action(Pass())
    assert state.integrity == [16, 20]
    assert any(isinstance(e, ItemResolved) and f"#{chime}" in str(e.text) for e in state.events)


def test_cmd_21_end_phase_clears_marked_damage(game: CommandGame) -> None:
    """CMD-21: the End Phase clears all marked damage from all Entities, both players'."""
    state = to_end_phase(game)
    while state.queue:
        state.apply_action(Pass())
    assert all(p.damage == 0 for p in state.arena)
    assert state.permanent(perm(state, 1, "Ash Hound")) is not None


def test_cmd_22_discard_down_to_7(game: CommandGame) -> None:
    """CMD-22: a player holding more than 7 cards at the End Phase discards down to 7."""
    state = to_end_phase(game)
    while state.queue:
        state.apply_action(Pass())
    assert (state.current_player, state.prompt.phase) == (0, Phase.DISCARD)  # type: ignore[union-attr]
    assert set(state.legal_actions()) == {Discard(c) for c in state.hands[0]}
    state.apply_action(Discard(in_hand(state, 0, "Undertow")))
    state.apply_action(Discard(in_hand(state, 0, "Spark")))
    assert len(state.hands[0]) == 7
    assert state.active == 1


def test_cmd_22_seven_cards_need_no_discard(game: CommandGame) -> None:
    """CMD-22: exactly 7 cards is not more than 7: the turn ends without a Discard decision."""
    state = position(
        game,
        {
            "turn": 3,
            "active": 0,
            "players": [{"hand": ["Ridge Recruit"] * 4 + ["Spark"] * 3}, {}],
        },
    )
    end_turn(state)
    assert state.active == 1
    assert len(state.hands[0]) == 7
    assert not any(isinstance(e, CardDiscarded) for e in state.events)


def test_cmd_dx18_nine_cards_two_discard_decisions(game: CommandGame) -> None:
    """DX18: at the End Phase with 9 cards in hand, the active player makes 2 Discard decisions."""
    state = to_end_phase(game)
    while state.queue:
        state.apply_action(Pass())
    decisions = 0
    while state.prompt is not None and state.prompt.phase is Phase.DISCARD:  # type: ignore[attr-defined]
        assert state.current_player == 0
        state.apply_action(Discard(sorted(state.hands[0])[0]))
        decisions += 1
    assert decisions == 2
    discarded = [e for e in state.events if isinstance(e, CardDiscarded)]
    assert [e.seat for e in discarded] == [0, 0]
    assert [e.card for e in discarded] == list(state.scrap[0][-2:])
    # the opponent's 9 cards are not its End Phase: it keeps them (and draws 2 in its own turn)
    assert len(state.hands[1]) == 11
    assert state.active == 1


def test_cmd_r32_end_phase_order(game: CommandGame) -> None:
    """R32: end triggers (with Volatile) resolve, then damage is cleared, then the discard; expiry is last."""
    state = to_end_phase(game)
    firebrand = perm(state, 0, "Firebrand")
    hound, golem = perm(state, 1, "Ash Hound"), perm(state, 1, "Cinder Golem")
    assert state.permanent(perm(state, 0, "Tidecaller")).damage == 2  # type: ignore[union-attr]
    while state.queue:
        state.apply_action(Pass())
    # 1. the triggers resolved (the Firebrand sacrificed); 2. damage cleared; 3. the discard is asked ...
    assert firebrand in state.scrap[0]
    assert state.integrity[0] == 16
    assert all(p.damage == 0 for p in state.arena)
    assert state.prompt.phase is Phase.DISCARD  # type: ignore[union-attr]
    # ... 4. while the floating Shards and until-end-of-turn effects are still there
    assert state.floating[0] == stones((0, 1), (8, 1))
    assert state.permanent(hound).submerged == 1  # type: ignore[union-attr]
    assert state.permanent(golem).blanked is True  # type: ignore[union-attr]
    state.apply_action(Discard(in_hand(state, 0, "Spark")))
    state.apply_action(Discard(in_hand(state, 0, "Spark")))
    assert state.floating == [NONE, NONE]
    assert state.permanent(hound).submerged == 0  # type: ignore[union-attr]
    assert state.permanent(golem).blanked is False  # type: ignore[union-attr]
    assert (state.turn, state.active) == (4, 1)


def test_cmd_r32_floating_shards_vanish_without_a_discard(game: CommandGame) -> None:
    """R32 step 4: floating Shards are emptied at the end of the turn (no discard needed)."""
    state = position(game, {"turn": 3, "active": 0, "players": [{"floating": "2G 1W"}, {"floating": "1F"}]})
    end_turn(state)
    assert state.floating == [NONE, NONE]


# ---------------------------------------------------------------------- DX23, DX26: who Readies when


def test_cmd_dx23_frozen_skips_the_next_start_phase_only(game: CommandGame) -> None:
    """DX23: a Frozen Entity doesn't Ready at its controller's next Start Phase, and does at the one after."""
    state = position(
        game,
        {
            "turn": 3,
            "active": 0,
            "players": [{"hand": ["Frost Snare"], "unused": "1G 1W"}, {"arena": ["Ash Hound"]}],
        },
    )
    hound = perm(state, 1, "Ash Hound")
    state.apply_action(Play(in_hand(state, 0, "Frost Snare")))
    state.apply_action(ChooseTarget(hound))
    resolve(state)
    assert exhausted(state, hound)
    assert state.permanent(hound).frozen is True  # type: ignore[union-attr]
    end_turn(state)  # seat 1's turn 4: the Hound stays Exhausted
    assert (state.turn, state.active) == (4, 1)
    assert exhausted(state, hound)
    assert state.permanent(hound).frozen is False  # type: ignore[union-attr]
    assert DeclareAttack(hound) not in state.legal_actions()
    end_turn(state)  # seat 0's turn 5: not the Hound's controller's Start Phase
    assert exhausted(state, hound)
    end_turn(state)  # seat 1's turn 6: it Readies
    assert (state.turn, state.active) == (6, 1)
    assert not exhausted(state, hound)


def test_cmd_dx26_an_interceptor_readies_in_its_controllers_start_phase() -> None:
    """DX26, R9: the defender's Exhausted interceptor stays Exhausted until its controller's Start Phase."""
    game = sg.load_game("command(decks=(pyre,stoneguard))")
    state = position(
        game,
        {
            "turn": 3,
            "active": 0,
            "players": [{"arena": ["Ash Hound"]}, {"arena": ["Cliff Sentinel"]}],
        },
    )
    hound, sentinel = perm(state, 0, "Ash Hound"), perm(state, 1, "Cliff Sentinel")
    state.apply_action(DeclareAttack(hound))
    state.apply_action(ChooseTarget(player_target(1)))
    assert Intercept(sentinel) in state.legal_actions()
    state.apply_action(Intercept(sentinel))
    while state.step is not Step.MAIN:
        state.apply_action(Pass())
    assert exhausted(state, hound)
    assert exhausted(state, sentinel)
    # the rest of seat 0's turn, its End Phase included: the interceptor stays Exhausted
    while state.active == 0:
        assert exhausted(state, sentinel)
        state.apply_action(Pass())
    # seat 1's Start Phase: its interceptor Readies, seat 0's attacker does not
    assert state.active == 1
    assert not exhausted(state, sentinel)
    assert exhausted(state, hound)
    end_turn(state)
    assert state.active == 0
    assert not exhausted(state, hound)


def test_cmd_dx26_the_opponents_sovereign_stays_exhausted_in_my_start_phase() -> None:
    """DX26, R9: a Sovereign Exhausted on its own turn stays Exhausted through the other's Start Phase."""
    game = sg.load_game("command(decks=(pyre,stoneguard))")
    state = position(game, {"turn": 3, "active": 0, "players": [{}, {"arena": ["Ridge Recruit"]}]})
    sovereign = game.sovereign_id(0)  # type: ignore[attr-defined]
    state.apply_action(Activate(sovereign, EXHAUST))
    state.apply_action(ChooseTarget(player_target(1)))
    state.apply_action(Pass())
    assert state.integrity[1] == 19
    assert state.sovereign_exhausted[0] is True
    end_turn(state)
    assert state.active == 1
    assert state.sovereign_exhausted[0] is True  # not seat 0's Start Phase
    end_turn(state)
    assert state.active == 0
    assert state.sovereign_exhausted[0] is False
