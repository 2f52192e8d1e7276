"""The Response Queue and priority (CMD-23 to 26, R10, R11, R21; DX13, DX22; the ``one_pass`` parameter).

Two small decks built for these scenarios (seat 0 "Alpha", seat 1 "Beta", both with the Ashen Regent, whose
"Exhaust: Deal 1" is an ability usable at any priority) hold Fast and Focus Rites, Nullify and Delay, a
Flow Entity, a Bombard Entity, and Mourning Bell: "whenever another Entity of yours leaves the Arena, Heal 1".
"""

from __future__ import annotations

from pathlib import Path

import pytest
from command_scenarios import card_file, file_game, in_hand, perm, play, position, resolve

import shardgames as sg
from shardgames.command.actions import (
    Activate,
    Charge,
    ChooseTarget,
    DeclareAttack,
    Pass,
    Play,
)
from shardgames.command.compiled import BOMBARD, EXHAUST, MANA
from shardgames.command.events import (
    DamageDealt,
    IntegrityChanged,
    ItemCountered,
    ItemQueued,
    ItemResolved,
    ManaMade,
    Paid,
    PriorityPassed,
    StepBegan,
)
from shardgames.command.game import CommandGame
from shardgames.command.objects import ABILITY, SPELL, player_target
from shardgames.command.phases import Phase, Step
from shardgames.command.state import CommandState
from shardgames.kernel.errors import IllegalActionError

DECKS = """
[[card]]
name = "Mourning Bell"
type = "entity"
identity = ["life"]
cost = "2L"
force = 1
durability = 4
keywords = [{ keyword = "heal", amount = 1, trigger = "whenever_another_of_yours_leaves" }]

[[deck]]
id = "alpha"
name = "Alpha"
sovereign = "The Ashen Regent"
stones = { generic = 6, fire = 3, death = 3 }

[deck.main]
"Spark" = 4
"Quick Spark" = 4
"Null Ward" = 4
"Stall" = 4
"Hush" = 4
"Ember Sprite" = 4
"Mourning Bell" = 4
"Scorched Earth" = 4
"Reef Warden" = 4
"Trench Mortar" = 4

[[deck]]
id = "beta"
name = "Beta"
sovereign = "The Ashen Regent"
stones = { generic = 6, fire = 3, death = 3 }

[deck.main]
"Quick Spark" = 4
"Null Ward" = 4
"Stall" = 4
"Spark" = 4
"Blink Duelist" = 4
"Grave Caller" = 4
"Mourning Bell" = 4
"Ember Sprite" = 4
"Reef Warden" = 4
"Ash Hound" = 4
"""


@pytest.fixture(scope="module")
def deck_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return card_file(tmp_path_factory.mktemp("decks"), "queue.toml", DECKS)


def load(deck_file: Path, **params: object) -> CommandGame:
    return file_game(deck_file, "alpha", "beta", **params)


@pytest.fixture(scope="module")
def game(deck_file: Path) -> CommandGame:
    return load(deck_file)


def since(state: CommandState, start: int) -> list[object]:
    return list(state.events)[start:]


def resolved_texts(events: list[object]) -> list[str]:
    return [str(e.text) for e in events if isinstance(e, ItemResolved)]


# ---------------------------------------------------------------------- CMD-23, CMD-24, R10 (a), (b)


def test_cmd_23_playing_a_card_puts_it_on_the_queue(game: CommandGame) -> None:
    """CMD-23: playing a card puts it on the Response Queue (paid, with its targets); nothing resolves yet."""
    state = position(game, {"turn": 3, "active": 0, "players": [{"hand": ["Spark"], "unused": "1F"}, {}]})
    spark = play(state, 0, "Spark", player_target(1))
    assert len(state.queue) == 1
    item = state.queue[0]
    assert (item.kind, item.controller, item.source, item.targets) == (SPELL, 0, spark, (player_target(1),))
    assert spark not in state.hands[0]
    assert state.used[0][5] == 1  # paid when pushed
    assert state.integrity == [20, 20]
    assert isinstance(state.events[-1], ItemQueued)


def test_cmd_23_activating_an_ability_puts_it_on_the_queue(game: CommandGame) -> None:
    """CMD-23: activating a (non-mana) ability puts it on the Queue too."""
    state = position(game, {"turn": 3, "active": 0, "players": [{}, {}]})
    sovereign = game.sovereign_id(0)
    state.apply_action(Activate(sovereign, EXHAUST))
    state.apply_action(ChooseTarget(player_target(1)))
    assert [(i.kind, i.source, i.targets) for i in state.queue] == [(ABILITY, sovereign, (player_target(1),))]
    assert state.sovereign_exhausted[0] is True
    assert state.integrity == [20, 20]
    assert state.current_player == 1  # R10(a): the opponent of the player who added it


def test_cmd_24_priority_goes_to_the_opponent_who_may_respond(game: CommandGame) -> None:
    """CMD-24, R10(a, b): after an item is added, the opponent holds priority and may add a Fast Rite or an
    ability on top, or pass; a Focus Rite is not a response."""
    state = position(
        game,
        {
            "turn": 3,
            "active": 0,
            "players": [
                {"hand": ["Spark"], "unused": "1F"},
                {"hand": ["Quick Spark", "Spark", "Ember Sprite"], "unused": "3F"},
            ],
        },
    )
    spark = play(state, 0, "Spark", player_target(1))
    assert (state.current_player, state.priority) == (1, 1)
    legal = set(state.legal_actions())
    assert Play(in_hand(state, 1, "Quick Spark")) in legal
    assert Activate(game.sovereign_id(1), EXHAUST) in legal
    assert Play(in_hand(state, 1, "Spark")) not in legal
    assert Play(in_hand(state, 1, "Ember Sprite")) not in legal
    assert Pass() in legal
    quick = play(state, 1, "Quick Spark", player_target(0))
    assert [i.source for i in state.queue] == [spark, quick]  # the response is on top
    assert state.current_player == 0  # R10(a): the opponent of the player who added it


def test_cmd_r10a_priority_goes_to_the_active_player_after_the_opponent_adds(game: CommandGame) -> None:
    """R10(a): on the active player's turn, an item added by the opponent gives the active player priority."""
    state = position(
        game,
        {
            "turn": 3,
            "active": 0,
            "players": [{"hand": ["Quick Spark"], "unused": "1F"}, {"hand": ["Quick Spark"], "unused": "1F"}],
        },
    )
    state.apply_action(Pass())  # seat 0 passes with an empty Queue: seat 1 may act (R10 d)
    assert state.current_player == 1
    play(state, 1, "Quick Spark", player_target(0))
    assert state.current_player == 0
    assert state.passes == 0  # the new item reset the pass count
    play(state, 0, "Quick Spark", player_target(1))
    assert state.current_player == 1


# ---------------------------------------------------------------------- CMD-25, R10 (c), DX13


def dx13(game: CommandGame) -> tuple[CommandState, dict[str, int]]:
    """DX13: seat 0 plays Spark at seat 1's 2/2; seat 1 answers with Quick Spark at seat 0's 1/1."""
    state = position(
        game,
        {
            "turn": 3,
            "active": 0,
            "players": [
                {"hand": ["Spark"], "unused": "1F", "arena": ["Ember Sprite"]},
                {"hand": ["Quick Spark"], "unused": "1F", "arena": ["Grave Caller"]},
            ],
        },
    )
    sprite, caller = perm(state, 0, "Ember Sprite"), perm(state, 1, "Grave Caller")
    spark = play(state, 0, "Spark", caller)
    quick = play(state, 1, "Quick Spark", sprite)
    return state, {"sprite": sprite, "caller": caller, "spark": spark, "quick": quick}


def test_cmd_dx13_spark_and_quick_spark_resolve_at_once(game: CommandGame) -> None:
    """DX13: A passes, B passes; all resolves at once: Quick Spark first, then Spark; A has priority."""
    state, n = dx13(game)
    assert [i.source for i in state.queue] == [n["spark"], n["quick"]]
    assert state.current_player == 0
    state.apply_action(Pass())
    assert state.current_player == 1
    assert len(state.queue) == 2  # one pass resolves nothing
    start = len(state.events)
    state.apply_action(Pass())
    events = since(state, start)
    damage = [(e.source, e.target) for e in events if isinstance(e, DamageDealt)]
    assert damage == [(n["quick"], n["sprite"]), (n["spark"], n["caller"])]
    assert [t.split(" (")[0] for t in resolved_texts(events)] == [
        f"Quick Spark #{n['quick']}",
        f"Spark #{n['spark']}",
    ]
    assert not any(isinstance(e, PriorityPassed) for e in events[1:])  # no priority during the run
    assert state.queue == []
    assert state.scrap == [(n["sprite"], n["spark"]), (n["quick"], n["caller"])]
    assert (state.current_player, state.step, state.passes) == (0, Step.MAIN, 0)


def test_cmd_25_the_queue_resolves_last_in_first_out(game: CommandGame) -> None:
    """CMD-25: once both players pass, the Queue resolves last in, first out."""
    state = position(
        game,
        {
            "turn": 3,
            "active": 0,
            "players": [
                {"hand": ["Quick Spark", "Spark"], "unused": "2F"},
                {"hand": ["Quick Spark"], "unused": "1F"},
            ],
        },
    )
    spark = play(state, 0, "Spark", player_target(1))
    quick_b = play(state, 1, "Quick Spark", player_target(0))
    quick_a = play(state, 0, "Quick Spark", player_target(1))
    state.apply_action(Pass())
    start = len(state.events)
    state.apply_action(Pass())
    changes = [(e.seat, e.after) for e in since(state, start) if isinstance(e, IntegrityChanged)]
    assert changes == [(1, 18), (0, 18), (1, 16)]  # quick_a, then quick_b, then spark
    assert state.scrap[0] == (quick_a, spark)
    assert state.scrap[1] == (quick_b,)


def test_cmd_r10c_the_active_player_gets_priority_and_the_pass_count_resets(game: CommandGame) -> None:
    """R10(c): when the Queue is empty again, the active player holds priority with a fresh pass count: a
    single pass then gives the opponent priority instead of ending the step."""
    state, _ = dx13(game)
    state.apply_action(Pass())
    state.apply_action(Pass())
    assert (state.current_player, state.passes) == (0, 0)
    state.apply_action(Pass())
    assert state.step is Step.MAIN
    assert state.current_player == 1


def test_cmd_r10c_the_opponents_item_resolves_and_the_active_player_gets_priority(game: CommandGame) -> None:
    """R10(c, d): in the window after the active player's pass, the opponent adds a Fast Rite; after it
    resolves, the active player (not its caster) holds priority again."""
    state = position(
        game,
        {
            "turn": 3,
            "active": 0,
            "players": [
                {"arena": ["Ember Sprite"], "hand": ["Spark"], "unused": "1F"},
                {"hand": ["Quick Spark"], "unused": "1F"},
            ],
        },
    )
    sprite = perm(state, 0, "Ember Sprite")
    state.apply_action(Pass())
    play(state, 1, "Quick Spark", sprite)
    state.apply_action(Pass())  # seat 0
    state.apply_action(Pass())  # seat 1: it resolves
    assert sprite in state.scrap[0]
    assert (state.current_player, state.step, state.queue) == (0, Step.MAIN, [])
    assert Play(in_hand(state, 0, "Spark")) in state.legal_actions()  # still seat 0's Main Phase


def test_cmd_r10c_a_trigger_joins_the_run_on_top(game: CommandGame) -> None:
    """R10(c): an ability triggered during resolution goes on top and resolves in the same run, before the
    items below it."""
    state = position(
        game,
        {
            "turn": 3,
            "active": 0,
            "players": [
                {
                    "hand": ["Spark"],
                    "unused": "1F",
                    "arena": ["Ember Sprite", "Mourning Bell"],
                    "integrity": 15,
                },
                {"hand": ["Quick Spark"], "unused": "1F"},
            ],
        },
    )
    sprite, bell = perm(state, 0, "Ember Sprite"), perm(state, 0, "Mourning Bell")
    spark = play(state, 0, "Spark", player_target(1))
    quick = play(state, 1, "Quick Spark", sprite)
    state.apply_action(Pass())
    start = len(state.events)
    state.apply_action(Pass())
    events = since(state, start)
    texts = [t.split(" (")[0] for t in resolved_texts(events)]
    assert texts == [f"Quick Spark #{quick}", f"Mourning Bell #{bell} trigger", f"Spark #{spark}"]
    queued = [e for e in events if isinstance(e, ItemQueued)]
    assert len(queued) == 1
    assert queued[0].depth == 2
    assert state.integrity == [16, 18]
    assert not any(isinstance(e, PriorityPassed) for e in events[1:])
    assert (state.current_player, state.queue) == (0, [])


def test_cmd_r10c_simultaneous_triggers_apnap(game: CommandGame) -> None:
    """R10(c): triggers at once go on the Queue active player's first, the opponent's on top (APNAP), so the
    opponent's resolves first."""
    state = position(
        game,
        {
            "turn": 3,
            "active": 0,
            "players": [
                {
                    "hand": ["Scorched Earth"],
                    "unused": "3F",
                    "arena": ["Ember Sprite", "Mourning Bell"],
                    "integrity": 15,
                },
                {"arena": ["Ember Sprite", "Mourning Bell"], "integrity": 15},
            ],
        },
    )
    bell_a, bell_b = perm(state, 0, "Mourning Bell"), perm(state, 1, "Mourning Bell")
    play(state, 0, "Scorched Earth")
    start = len(state.events)
    while state.queue:
        state.apply_action(Pass())
    events = since(state, start)
    queued = [e.text.name + e.text.kind for e in events if isinstance(e, ItemQueued)]
    assert queued == [f"Mourning Bell #{bell_a} trigger", f"Mourning Bell #{bell_b} trigger"]
    heals = [e.seat for e in events if isinstance(e, IntegrityChanged)]
    assert heals == [1, 0]
    assert state.integrity == [16, 16]
    assert len(state.scrap[1]) == 1  # both Sprites died in one batch
    assert (state.current_player, state.queue) == (0, [])


# ---------------------------------------------------------------------- deeper stacks


def stacked(game: CommandGame, beta_hand: list[str], beta_unused: str) -> tuple[CommandState, dict[str, int]]:
    """Spark at seat 1's Blink Duelist; Stall (Delay) on the Spark; Null Ward on the Stall."""
    state = position(
        game,
        {
            "turn": 3,
            "active": 0,
            "players": [
                {"hand": ["Spark", "Null Ward"], "unused": "1F 5G"},
                {"hand": beta_hand, "unused": beta_unused, "arena": ["Blink Duelist"]},
            ],
        },
    )
    duelist = perm(state, 1, "Blink Duelist")
    n = {"duelist": duelist}
    n["spark"] = play(state, 0, "Spark", duelist)
    stall = in_hand(state, 1, "Stall")
    state.apply_action(Play(stall))
    assert state.legal_actions() == (ChooseTarget(n["spark"]),)  # Delay targets a Rite on the Queue
    state.apply_action(ChooseTarget(n["spark"]))
    n["stall"] = stall
    ward = in_hand(state, 0, "Null Ward")
    state.apply_action(Play(ward))
    assert state.legal_actions() == (ChooseTarget(stall),)  # Nullify: only the opponent's Rites
    state.apply_action(ChooseTarget(stall))
    n["ward"] = ward
    assert [i.source for i in state.queue] == [n["spark"], stall, ward]
    return state, n


def test_cmd_r10_a_nullify_on_the_response_lets_the_rite_resolve(game: CommandGame) -> None:
    """R10, K30, K10: Spark; Stall on it; Null Ward on the Stall: the Stall is countered, Spark resolves."""
    state, n = stacked(game, ["Stall"], "3G")
    assert state.current_player == 1
    start = len(state.events)
    while state.queue:
        state.apply_action(Pass())
    events = since(state, start)
    countered = [e for e in events if isinstance(e, ItemCountered)]
    assert [(c.text.name, c.why) for c in countered] == [(f"Stall #{n['stall']}", "Nullify Rite")]
    assert state.scrap[0] == (n["ward"], n["spark"])
    assert state.scrap[1] == (n["stall"], n["duelist"])
    assert state.permanent(n["duelist"]) is None
    assert (state.current_player, state.queue, state.step) == (0, [], Step.MAIN)


def test_cmd_r10_four_deep_the_counter_is_countered(game: CommandGame) -> None:
    """R10: four items deep: Spark, Stall on it, Null Ward on the Stall, Null Ward on that Null Ward: the last
    counters the first Null Ward, the Stall returns Spark to its owner's hand, the Duelist lives."""
    state, n = stacked(game, ["Stall", "Null Ward"], "8G")
    ward_b = in_hand(state, 1, "Null Ward")
    state.apply_action(Play(ward_b))
    assert state.legal_actions() == (ChooseTarget(n["spark"]), ChooseTarget(n["ward"]))
    state.apply_action(ChooseTarget(n["ward"]))
    assert len(state.queue) == 4
    state.apply_action(Pass())  # seat 0
    start = len(state.events)
    state.apply_action(Pass())  # seat 1: everything resolves
    events = since(state, start)
    assert [t.split(" (")[0] for t in resolved_texts(events)] == [
        f"Null Ward #{ward_b}",
        f"Stall #{n['stall']}",
    ]
    countered = [(c.text.name, c.why) for c in events if isinstance(c, ItemCountered)]
    assert countered == [(f"Null Ward #{n['ward']}", "Nullify Rite"), (f"Spark #{n['spark']}", "Delay")]
    assert n["spark"] in state.hands[0]
    assert state.scrap[0] == (n["ward"],)
    assert state.scrap[1] == (ward_b, n["stall"])
    assert state.permanent(n["duelist"]) is not None
    assert state.used[0][5] == 1  # the Spark's Fire stone stays paid
    assert (state.current_player, state.queue) == (0, [])


def test_cmd_r10_delay_on_a_response_returns_it_to_hand(game: CommandGame) -> None:
    """R10, K10: Spark; Quick Spark in response; Stall on the Quick Spark: it returns to its owner's hand and
    the Spark resolves."""
    state = position(
        game,
        {
            "turn": 3,
            "active": 0,
            "players": [
                {"hand": ["Spark", "Stall"], "unused": "1F 3G", "arena": ["Ember Sprite"]},
                {"hand": ["Quick Spark"], "unused": "1F"},
            ],
        },
    )
    sprite = perm(state, 0, "Ember Sprite")
    spark = play(state, 0, "Spark", player_target(1))
    quick = play(state, 1, "Quick Spark", sprite)
    stall = in_hand(state, 0, "Stall")
    state.apply_action(Play(stall))
    assert set(state.legal_actions()) == {ChooseTarget(spark), ChooseTarget(quick)}  # any Rite on the Queue
    state.apply_action(ChooseTarget(quick))
    while state.queue:
        state.apply_action(Pass())
    assert quick in state.hands[1]
    assert state.permanent(sprite) is not None
    assert state.integrity == [20, 18]
    assert state.scrap[0] == (stall, spark)


# ---------------------------------------------------------------------- R10 (d), (e), (f)


def test_cmd_r10d_two_passes_with_an_empty_queue_end_the_main_phase(game: CommandGame) -> None:
    """R10(d): both players passing in succession with an empty Queue ends the step: Main -> End."""
    state = position(
        game,
        {
            "turn": 3,
            "active": 0,
            "players": [{"hand": ["Quick Spark"], "unused": "1F"}, {"hand": ["Quick Spark"], "unused": "1F"}],
        },
    )
    state.apply_action(Pass())
    assert (state.step, state.current_player) == (Step.MAIN, 1)
    start = len(state.events)
    state.apply_action(Pass())
    assert StepBegan(0, "end") in since(state, start)
    assert state.active == 1  # nothing held the End Phase: seat 1's turn began


def test_cmd_r10d_two_passes_in_the_combat_window_go_to_damage(game: CommandGame) -> None:
    """R10(d): both passing with an empty Queue in the combat window moves to combat damage."""
    state = position(
        game,
        {
            "turn": 3,
            "active": 0,
            "players": [
                {"arena": ["Ember Sprite"], "hand": ["Quick Spark"], "unused": "1F"},
                {"hand": ["Quick Spark"], "unused": "1F"},
            ],
        },
    )
    sprite = perm(state, 0, "Ember Sprite")
    state.apply_action(DeclareAttack(sprite))
    state.apply_action(ChooseTarget(player_target(1)))
    assert (state.step, state.current_player) == (Step.COMBAT, 0)  # nothing can intercept
    state.apply_action(Pass())
    assert (state.step, state.current_player) == (Step.COMBAT, 1)
    state.apply_action(Pass())
    assert state.integrity == [20, 19]
    assert sprite in state.scrap[0]  # the Ashen Regent struck back
    assert (state.step, state.current_player) == (Step.MAIN, 0)


def test_cmd_r10e_a_mana_ability_never_uses_the_queue(game: CommandGame) -> None:
    """R10(e): Flow makes its Shard at once: no Queue item, and its controller keeps priority."""
    state = position(game, {"turn": 3, "active": 0, "players": [{"arena": ["Reef Warden"]}, {}]})
    warden = perm(state, 0, "Reef Warden")
    events = state.apply_action(Activate(warden, MANA))
    assert not any(isinstance(e, ItemQueued) for e in events)
    assert any(isinstance(e, ManaMade) for e in events)
    assert state.queue == []
    assert state.floating[0][0] == 1
    assert (state.current_player, state.priority, state.passes) == (0, 0, 0)


def test_cmd_r10e_mana_abilities_work_whenever_their_controller_has_priority(game: CommandGame) -> None:
    """R10(e): the opponent may use a mana ability while holding priority on the active player's turn, with
    a Queue; it still holds priority afterwards."""
    state = position(
        game,
        {
            "turn": 3,
            "active": 0,
            "players": [
                {"hand": ["Spark"], "unused": "1F"},
                {"arena": ["Reef Warden"], "hand": ["Quick Spark"]},
            ],
        },
    )
    warden = perm(state, 1, "Reef Warden")
    play(state, 0, "Spark", player_target(1))
    quick = in_hand(state, 1, "Quick Spark")
    assert Play(quick) not in state.legal_actions()  # F: a Flow Shard is Generic
    state.apply_action(Activate(warden, MANA))
    assert (state.current_player, len(state.queue)) == (1, 1)
    assert state.floating[1][0] == 1


def test_cmd_r10e_filtering_is_part_of_the_payment(game: CommandGame) -> None:
    """R10(e): Shard Filtering never uses the Queue: it happens inside the payment of the card played."""
    state = position(
        game,
        {
            "turn": 3,
            "active": 0,
            "players": [{"hand": ["Stall"], "unused": "3G"}, {"hand": ["Quick Spark"], "unused": "1F"}],
        },
    )
    state.apply_action(Pass())
    play(state, 1, "Quick Spark", player_target(0))
    events = state.apply_action(Play(in_hand(state, 0, "Stall")))
    events += state.apply_action(ChooseTarget(state.queue[0].source))
    paid = [e for e in events if isinstance(e, Paid)]
    assert len(paid) == 1
    assert paid[0].filters == 1
    assert [e.depth for e in events if isinstance(e, ItemQueued)] == [2]  # the Stall alone went on the Queue


def test_cmd_r10f_charging_needs_the_active_player_main_phase_and_an_empty_queue(game: CommandGame) -> None:
    """R10(f): Charge is only for the active player, in the Main Phase, with priority and an empty Queue."""
    state = position(
        game,
        {
            "turn": 3,
            "active": 0,
            "players": [
                {"hand": ["Spark"], "unused": "1F", "pool": "4G", "arena": ["Ember Sprite"]},
                {"hand": ["Quick Spark"], "unused": "1F", "pool": "4G"},
            ],
        },
    )
    assert Charge(-1) in state.legal_actions()
    play(state, 0, "Spark", player_target(1))
    assert not any(isinstance(a, Charge) for a in state.legal_actions())  # seat 1, not active
    play(state, 1, "Quick Spark", player_target(0))
    assert state.current_player == 0
    assert not any(isinstance(a, Charge) for a in state.legal_actions())  # active, but a Queue
    with pytest.raises(IllegalActionError, match="empty Queue"):
        state.apply_action(Charge(-1))
    while state.queue:
        state.apply_action(Pass())
    assert Charge(-1) in state.legal_actions()
    # the combat window is not the Main Phase
    state.apply_action(DeclareAttack(perm(state, 0, "Ember Sprite")))
    state.apply_action(ChooseTarget(player_target(1)))
    assert state.step is Step.COMBAT
    assert state.current_player == 0
    assert not any(isinstance(a, Charge) for a in state.legal_actions())


def test_cmd_r10f_at_most_two_charges_a_turn(game: CommandGame) -> None:
    """R10(f): at most 2 stones are slid from the Pool per turn."""
    state = position(game, {"turn": 3, "active": 0, "players": [{"pool": "4G 2F"}, {}]})
    state.apply_action(Charge(-1))
    state.apply_action(Charge(4))
    assert not any(isinstance(a, Charge) for a in state.legal_actions())
    assert state.pool[0] == (3, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0)
    assert state.unused[0] == (1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0)


# ---------------------------------------------------------------------- one_pass=true


def test_cmd_r10_one_pass_resolves_only_the_top_item(deck_file: Path) -> None:
    """R10, ``one_pass=true``: one pass resolves only the top item; then the active player has priority."""
    state, n = dx13(load(deck_file, one_pass=True))
    start = len(state.events)
    state.apply_action(Pass())  # seat 0 passes once
    events = since(state, start)
    assert [t.split(" (")[0] for t in resolved_texts(events)] == [f"Quick Spark #{n['quick']}"]
    assert [i.source for i in state.queue] == [n["spark"]]
    assert n["sprite"] in state.scrap[0]
    assert (state.current_player, state.passes) == (0, 0)
    state.apply_action(Pass())
    assert state.queue == []
    assert n["caller"] in state.scrap[1]
    assert (state.current_player, state.step) == (0, Step.MAIN)


def test_cmd_r10_one_pass_by_the_opponent_hands_priority_to_the_active_player(deck_file: Path) -> None:
    """``one_pass=true``: the opponent's pass resolves the top item; the active player then holds priority."""
    game = load(deck_file, one_pass=True)
    state = position(
        game,
        {
            "turn": 3,
            "active": 0,
            "players": [
                {"hand": ["Spark", "Quick Spark"], "unused": "2F"},
                {"hand": ["Quick Spark"], "unused": "1F"},
            ],
        },
    )
    play(state, 0, "Spark", player_target(1))
    state.apply_action(Pass())  # seat 1 passes
    assert state.integrity == [20, 18]
    assert (state.current_player, state.queue) == (0, [])


# ---------------------------------------------------------------------- CMD-26, R11: speeds


def test_cmd_26_entities_and_focus_rites_need_an_empty_queue(game: CommandGame) -> None:
    """CMD-26, R11: with an item on the Queue, even the active player can't play an Entity or a Focus Rite,
    nor attack; a Fast Rite and abilities are fine."""
    state = position(
        game,
        {
            "turn": 3,
            "active": 0,
            "players": [
                {
                    "hand": ["Spark", "Spark", "Ember Sprite", "Quick Spark"],
                    "unused": "4F",
                    "arena": ["Ember Sprite"],
                },
                {"hand": ["Quick Spark"], "unused": "1F"},
            ],
        },
    )
    attacker = perm(state, 0, "Ember Sprite")
    play(state, 0, "Spark", player_target(1))
    play(state, 1, "Quick Spark", player_target(0))
    assert state.current_player == 0
    legal = set(state.legal_actions())
    assert Play(in_hand(state, 0, "Spark")) not in legal
    assert Play(in_hand(state, 0, "Ember Sprite")) not in legal
    assert DeclareAttack(attacker) not in legal
    assert Play(in_hand(state, 0, "Quick Spark")) in legal
    assert Activate(game.sovereign_id(0), EXHAUST) in legal
    with pytest.raises(IllegalActionError):
        state.apply_action(Play(in_hand(state, 0, "Ember Sprite")))


def test_cmd_r11_the_opponent_plays_only_fast_rites_on_my_turn(game: CommandGame) -> None:
    """R11: Entities, Items and Focus Rites need *your* Main Phase: the opponent holding priority with an
    empty Queue may play a Fast Rite or activate an ability, nothing else."""
    state = position(
        game,
        {
            "turn": 3,
            "active": 0,
            "players": [
                {},
                {"hand": ["Quick Spark", "Spark", "Ember Sprite"], "unused": "3F", "arena": ["Ash Hound"]},
            ],
        },
    )
    state.apply_action(Pass())
    assert state.current_player == 1
    assert state.queue == []
    legal = set(state.legal_actions())
    assert legal == {
        Pass(),
        Play(in_hand(state, 1, "Quick Spark")),
        Activate(game.sovereign_id(1), EXHAUST),
    }


def test_cmd_r11_the_combat_window_is_fast_only(game: CommandGame) -> None:
    """R11: in the combat window (C4) the active player holds priority with an empty Queue, but it is not the
    Main Phase: Fast Rites and abilities only, no Focus Rite, no Entity, no second attack."""
    state = position(
        game,
        {
            "turn": 3,
            "active": 0,
            "players": [
                {
                    "arena": ["Ember Sprite", "Ember Sprite"],
                    "hand": ["Quick Spark", "Spark", "Ember Sprite"],
                    "unused": "3F",
                },
                {},
            ],
        },
    )
    first, second = (p.id for p in state.arena if p.owner == 0)
    state.apply_action(DeclareAttack(first))
    state.apply_action(ChooseTarget(player_target(1)))
    assert (state.step, state.current_player, state.queue) == (Step.COMBAT, 0, [])
    legal = set(state.legal_actions())
    assert Play(in_hand(state, 0, "Quick Spark")) in legal
    assert Play(in_hand(state, 0, "Spark")) not in legal
    assert Play(in_hand(state, 0, "Ember Sprite")) not in legal
    assert DeclareAttack(second) not in legal


def test_cmd_r11_a_fast_rite_in_the_start_phase(game: CommandGame) -> None:
    """R11: Fast Speed Rites can be played whenever you hold priority, a start trigger's window included."""
    raw = {
        "turn": 3,
        "active": 0,
        "step": "start",
        "players": [{"hand": ["Quick Spark", "Spark"], "unused": "2F"}, {}],
        "queue": [{"seat": 0, "ability": "exhaust", "source": "sovereign", "targets": ["player 1"]}],
    }
    state = position(game, raw)
    assert state.step is Step.START
    assert state.current_player == 0
    legal = set(state.legal_actions())
    assert Play(in_hand(state, 0, "Quick Spark")) in legal
    assert Play(in_hand(state, 0, "Spark")) not in legal


def test_cmd_r11_silence_stops_fast_rites_not_abilities(game: CommandGame) -> None:
    """R11, K41: after Silence, the opponent can't play Fast Speed Rites for the rest of the turn, but may
    still activate abilities; the caster is not silenced."""
    state = position(
        game,
        {
            "turn": 3,
            "active": 0,
            "players": [
                {"hand": ["Hush", "Quick Spark"], "unused": "4G 1F"},
                {"hand": ["Quick Spark"], "unused": "1F", "arena": ["Reef Warden"]},
            ],
        },
    )
    play(state, 0, "Hush")
    assert Play(in_hand(state, 1, "Quick Spark")) in state.legal_actions()  # not yet resolved
    while state.queue:
        state.apply_action(Pass())
    assert state.silenced[1] == state.turn
    assert Play(in_hand(state, 0, "Quick Spark")) in state.legal_actions()  # the caster is fine
    state.apply_action(Pass())
    assert state.current_player == 1
    legal = set(state.legal_actions())
    assert Play(in_hand(state, 1, "Quick Spark")) not in legal
    assert Activate(game.sovereign_id(1), EXHAUST) in legal
    assert Activate(perm(state, 1, "Reef Warden"), MANA) in legal
    # the next turn (seat 1's own) it may cast Fast Rites again
    state.apply_action(Pass())
    assert state.active == 1
    assert Play(in_hand(state, 1, "Quick Spark")) in state.legal_actions()


# ---------------------------------------------------------------------- R21: loops


def bombard(state: CommandState, mortar: int, target: int) -> None:
    state.apply_action(Activate(mortar, BOMBARD))
    assert state.prompt.phase is Phase.TRENCH  # type: ignore[union-attr]
    state.apply_action(ChooseTarget(mortar))
    state.apply_action(ChooseTarget(target))
    resolve(state)


def test_cmd_dx22_a_fourth_use_of_a_costless_ability_is_illegal(game: CommandGame) -> None:
    """DX22, R21: an ability without a Shard cost can be activated at most 3 times per turn per source."""
    state = position(
        game,
        {
            "turn": 3,
            "active": 0,
            "players": [
                {"arena": [{"card": "Trench Mortar", "trench": 5}, {"card": "Trench Mortar", "trench": 0}]},
                {},
            ],
        },
    )
    first, second = (p.id for p in state.arena if p.owner == 0)
    for _ in range(3):
        assert Activate(first, BOMBARD) in state.legal_actions()
        bombard(state, first, player_target(1))
    assert state.integrity[1] == 14
    assert state.permanent(first).trench == 2  # type: ignore[union-attr]  # counters are left ...
    assert Activate(first, BOMBARD) not in state.legal_actions()  # ... but the source is used up
    with pytest.raises(IllegalActionError):
        state.apply_action(Activate(first, BOMBARD))
    # the cap is per source: the other Mortar may Bombard, paying with the first one's counters
    assert Activate(second, BOMBARD) in state.legal_actions()
    state.apply_action(Activate(second, BOMBARD))
    state.apply_action(ChooseTarget(first))
    state.apply_action(ChooseTarget(player_target(1)))
    while state.queue:
        state.apply_action(Pass())
    assert state.integrity[1] == 12


def test_cmd_r21_the_cap_starts_again_next_turn(game: CommandGame) -> None:
    """R21: the 3 uses are per turn: on the controller's next turn the ability is legal again."""
    state = position(
        game,
        {
            "turn": 3,
            "active": 0,
            "players": [{"arena": [{"card": "Trench Mortar", "trench": 6}]}, {}],
        },
    )
    mortar = perm(state, 0, "Trench Mortar")
    for _ in range(3):
        bombard(state, mortar, player_target(1))
    assert Activate(mortar, BOMBARD) not in state.legal_actions()
    while state.active == 0:
        state.apply_action(Pass())
    while state.active == 1:
        state.apply_action(Pass())
    assert Activate(mortar, BOMBARD) in state.legal_actions()


def test_cmd_r21_the_queue_guard_ends_the_turn(game: CommandGame) -> None:
    """R21: once 300 Queue items have resolved in one turn, the engine moves straight to the End Phase."""
    state, n = dx13(game)
    state.resolutions = 299  # 299 items resolved already this turn
    state.apply_action(Pass())
    start = len(state.events)
    state.apply_action(Pass())
    events = since(state, start)
    assert [t.split(" (")[0] for t in resolved_texts(events)] == [f"Quick Spark #{n['quick']}"]  # the 300th
    assert StepBegan(0, "end (the Queue guard stopped a loop)") in events
    assert state.queue == []
    assert state.permanent(n["caller"]) is not None  # the Spark never resolved
    assert state.active == 1  # seat 0's turn is over


def test_cmd_r21_the_queue_guard_counts_each_turn_afresh(game: CommandGame) -> None:
    """R21: the 300 are counted per turn: when the guard has ended seat 0's turn, seat 1's turn starts
    with no resolution counted, so it may resolve 300 items of its own."""
    state, _ = dx13(game)
    state.resolutions = 299
    state.apply_action(Pass())
    state.apply_action(Pass())
    assert state.active == 1
    assert state.resolutions == 0


def test_cmd_r21_the_queue_guard_keeps_every_card(game: CommandGame) -> None:
    """R21, C.7 card conservation: the Rites on the Queue when the guard stops it stay in some zone."""
    state, n = dx13(game)
    state.resolutions = 299
    state.apply_action(Pass())
    state.apply_action(Pass())
    spark = n["spark"]
    zones = [*state.hands[0], *state.scrap[0], *state.obliterated[0], *state.decks[0].cards()]
    zones += [p.id for p in state.arena] + [item.source for item in state.queue]
    assert spark in zones


def test_a_position_puts_a_card_on_the_queue_without_listing_its_deck() -> None:
    """An unlisted deck holds the cards the rest of the position did not place, Queue cards excluded."""
    game = sg.load_game("command(decks=(stoneguard,pyre))")
    state = game.state_from_position(
        {"players": [{}, {}], "queue": [{"seat": 1, "card": "Spark", "targets": ["player 0"]}]}
    )
    spark = state.queue[0].source
    assert game.infos[game.kind_of[spark]].name == "Spark"
    deck = state.decks[1].cards()
    assert spark not in deck
    assert sorted([*deck, spark]) == sorted(game.deck_cards[1])
