"""K34 Reanimate (Death): put an Entity from your Scrap into the Arena; it carries an Echo marker (R15, DX16).

Pyre's Grave Caller (3D, 2/2) Reanimates when it enters the Arena. No shipped card has a "whenever
another Entity of yours leaves the Arena" trigger, so DX16 uses a small deck file of our own with the
Mourning Priest (1DL, 1/2, "Whenever another Entity of yours leaves the Arena: Heal 1 Integrity").
"""

from __future__ import annotations

from pathlib import Path

from command_scenarios import card_file, entity, file_game, in_hand, resolve_queue, starter

from shardgames.command.actions import ChooseTarget, DeclareAttack, Pass, Play
from shardgames.command.events import CardMoved, IntegrityChanged
from shardgames.command.phases import Phase
from shardgames.command.state import CommandState

MOURNERS = """
[[card]]
name = "Mourning Priest"
type = "entity"
identity = ["death", "life"]
cost = "1DL"
force = 1
durability = 2
keywords = [{ keyword = "heal", amount = 1, trigger = "whenever_another_of_yours_leaves" }]

[[deck]]
id = "mourners"
name = "Mourners"
sovereign = "The Ashen Regent"
stones = { generic = 6, fire = 3, death = 3 }

[deck.main]
"Grave Caller" = 4
"Mourning Priest" = 4
"Ash Hound" = 32
"""


start = starter("pyre,stoneguard")


def caller_enters(state: CommandState) -> None:
    """Seat 0 plays Grave Caller and both pass: the Caller enters and its Reanimate asks for a target."""
    state.apply_action(Play(in_hand(state, 0, "Grave Caller")))
    resolve_queue(state)


def test_cmd_k34_grave_caller_returns_an_entity_from_scrap_with_an_echo_marker() -> None:
    """K34, R15: the Dread Knight comes back from Scrap with an Echo marker; only Entities are targets."""
    state = start(
        {
            "turn": 3,
            "players": [
                {"hand": ["Grave Caller"], "unused": "3G 1D", "scrap": ["Dread Knight", "Spark"]},
                {"arena": ["Ridge Recruit"]},
            ],
        }
    )
    knight, spark = state.scrap[0]
    caller_enters(state)
    assert (state.prompt.phase, state.prompt.player) == (Phase.TARGET, 0)
    assert state.legal_actions() == (ChooseTarget(knight),)
    state.apply_action(ChooseTarget(knight))
    resolve_queue(state)
    returned = state.permanent(knight)
    assert returned is not None
    assert returned.echo
    assert returned.owner == 0
    assert state.scrap[0] == (spark,)
    assert CardMoved(knight, "Dread Knight", "Scrap", "Arena") in state.events
    assert DeclareAttack(knight) not in state.legal_actions()  # it entered this turn: Deployment Fatigue


def test_cmd_k34_grave_caller_without_an_entity_in_scrap_reanimates_nothing() -> None:
    """K34, R22: with only a Rite in Scrap the trigger has no legal target and is skipped."""
    state = start(
        {"turn": 3, "players": [{"hand": ["Grave Caller"], "unused": "3G 1D", "scrap": ["Spark"]}, {}]}
    )
    caller_enters(state)
    assert state.prompt.phase is Phase.PRIORITY
    assert state.queue == []
    assert [p.id for p in state.arena] == [entity(state, 0, "Grave Caller").id]
    assert len(state.scrap[0]) == 1


def test_cmd_k34_a_reanimated_entity_that_is_sacrificed_is_obliterated() -> None:
    """R15: the Echo-marked Knight, sacrificed to Blood Pact, is Obliterated instead of going to Scrap."""
    state = start(
        {
            "turn": 3,
            "players": [
                {"hand": ["Grave Caller", "Blood Pact"], "unused": "4G 2D", "scrap": ["Dread Knight"]},
                {"arena": ["Ridge Recruit"]},
            ],
        }
    )
    (knight,) = state.scrap[0]
    recruit = entity(state, 1, "Ridge Recruit")
    caller = in_hand(state, 0, "Grave Caller")
    caller_enters(state)
    state.apply_action(ChooseTarget(knight))
    resolve_queue(state)
    pact = in_hand(state, 0, "Blood Pact")
    state.apply_action(Play(pact))
    state.apply_action(ChooseTarget(recruit.id))
    assert state.prompt.phase is Phase.SACRIFICE
    state.apply_action(ChooseTarget(knight))
    assert state.obliterated[0] == (knight,)
    resolve_queue(state)
    assert state.scrap == [(pact,), (recruit.id,)]
    assert [p.id for p in state.arena] == [caller]


def test_cmd_dx16_reanimated_entity_destroyed_later_is_obliterated_and_triggers_fire(tmp_path: Path) -> None:
    """DX16: the Echo-marked Ash Hound, destroyed on the next turn, is Obliterated; the Priest still heals."""
    game = file_game(card_file(tmp_path, "mourners.toml", MOURNERS), "mourners", "pyre")
    state = game.state_from_position(
        {
            "turn": 3,
            "players": [
                {
                    "hand": ["Grave Caller"],
                    "unused": "3G 1D",
                    "scrap": ["Ash Hound"],
                    "arena": ["Mourning Priest"],
                },
                {"hand": ["Spark"], "unused": "1F"},
            ],
        }
    )
    assert isinstance(state, CommandState)
    (hound,) = state.scrap[0]
    caller_enters(state)
    state.apply_action(ChooseTarget(hound))
    resolve_queue(state)
    returned = state.permanent(hound)
    assert returned is not None
    assert returned.echo
    assert state.integrity == [20, 20]  # entering triggers nothing

    turn = state.turn
    while state.turn == turn:
        state.apply_action(Pass())
    assert (state.turn, state.active) == (4, 1)
    state.apply_action(Play(in_hand(state, 1, "Spark")))
    state.apply_action(ChooseTarget(hound))
    resolve_queue(state)
    assert state.permanent(hound) is None
    assert state.obliterated[0] == (hound,)
    assert hound not in state.scrap[0]
    assert CardMoved(hound, "Ash Hound", "Arena", "Obliterated") in state.events
    assert IntegrityChanged(0, 20, 21, "Heal") in state.events
    assert state.integrity[0] == 21
