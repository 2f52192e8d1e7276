"""Every target scope reaches exactly whom it names (CMD-R22, the card designer's target scopes).

One card file holds an Entity per scope whose deploy effect is Add +1/+1 Upgrade (K01) with that scope,
a Rite that deals 2 Dmg to the target opponent (K09) and an Entity that heals its controller 2 (K24,
scope ``you``). Seat 0 plays them with a Ridge Recruit of its own in the Arena against seat 1's Ash
Hound; the Upgrades, and the players' Integrity, show whom each effect reached.
"""

from __future__ import annotations

import pytest
from command_scenarios import card_file, entity, file_game, in_hand, position, resolve

from shardgames.command.actions import ChooseTarget, Pass, Play
from shardgames.command.game import CommandGame
from shardgames.command.state import CommandState

ENTITY_SCOPES = ("self", "single", "each_opposing_entity", "each_of_your_entities", "each_entity")

CARDS = (
    "\n".join(
        f"""
[[card]]
name = "Blesser {scope}"
type = "entity"
identity = ["earth"]
cost = "1E"
force = 1
durability = 1
keywords = [{{ keyword = "upgrade", trigger = "on_deploy", scope = "{scope}" }}]
"""
        for scope in ENTITY_SCOPES
    )
    + """
[[card]]
name = "Scorn"
type = "rite"
identity = ["earth"]
cost = "1E"
keywords = [{ keyword = "deal", amount = 2, scope = "target_opponent" }]

[[card]]
name = "Mender"
type = "entity"
identity = ["earth"]
cost = "1E"
force = 1
durability = 1
keywords = [{ keyword = "heal", amount = 2, trigger = "on_deploy", scope = "you" }]

[[deck]]
id = "scopes"
name = "Scopes"
sovereign = "Warden of the Ridge"
stones = { generic = 6, earth = 6 }

[deck.main]
"Ridge Recruit" = 31
"Scorn" = 2
"Mender" = 2
"""
    + "".join(f'"Blesser {scope}" = 1\n' for scope in ENTITY_SCOPES)
)


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> CommandGame:
    return file_game(card_file(tmp_path_factory.mktemp("scopes"), "scopes.toml", CARDS), "scopes", "pyre")


def table(game: CommandGame, card: str) -> CommandState:
    """Seat 0's Main Phase holding `card`, its Ridge Recruit against seat 1's Ash Hound, both at 15."""
    return position(
        game,
        {
            "turn": 3,
            "players": [
                {"hand": [card], "unused": "2E", "arena": ["Ridge Recruit"], "integrity": 15},
                {"arena": ["Ash Hound"], "integrity": 15},
            ],
        },
    )


@pytest.mark.parametrize(
    ("scope", "upgraded"),
    [
        ("self", {"Blesser"}),
        ("single", {"Ridge Recruit"}),
        ("each_opposing_entity", {"Ash Hound"}),
        ("each_of_your_entities", {"Blesser", "Ridge Recruit"}),
        ("each_entity", {"Blesser", "Ridge Recruit", "Ash Hound"}),
    ],
)
def test_cmd_r22_each_entity_scope_upgrades_exactly_the_entities_it_names(
    game: CommandGame, scope: str, upgraded: set[str]
) -> None:
    """R22: "this Entity" is the card itself once in the Arena; the wide scopes reach every Entity of
    their kind, the card itself included when it is one of them."""
    name = f"Blesser {scope}"
    state = table(game, name)
    recruit, hound = entity(state, 0, "Ridge Recruit"), entity(state, 1, "Ash Hound")
    state.apply_action(Play(in_hand(state, 0, name)))
    if scope == "single":  # the Entity enters, then its deploy effect asks for its target
        while ChooseTarget(recruit.id) not in state.legal_actions():
            state.apply_action(Pass())
        assert ChooseTarget(hound.id) in state.legal_actions()
        state.apply_action(ChooseTarget(recruit.id))
    resolve(state)
    blesser = entity(state, 0, name)
    by_name = {"Blesser": blesser, "Ridge Recruit": recruit, "Ash Hound": hound}
    assert {label for label, p in by_name.items() if p.upgrades} == upgraded
    assert all(p.upgrades in (0, 1) for p in by_name.values())


def test_cmd_r22_target_opponent_and_you_reach_the_players(game: CommandGame) -> None:
    """R22: "target opponent" takes Integrity from seat 1 only; "you" heals seat 0 only."""
    state = table(game, "Scorn")
    state.apply_action(Play(in_hand(state, 0, "Scorn")))
    assert not any(isinstance(a, ChooseTarget) for a in state.legal_actions())  # nothing to choose
    resolve(state)
    assert state.integrity == [15, 13]
    healed = table(game, "Mender")
    healed.integrity[0] = 10
    healed.apply_action(Play(in_hand(healed, 0, "Mender")))
    resolve(healed)
    assert healed.integrity == [12, 15]
