"""A trait registered from outside the package plays in a game (see the SOTA docs page).

The traits come from `tests/sota/riposte.py`, a module of the kind a user writes; a card file of the
test names them, and the game loads that card file like any deck of the user's own.
"""

from __future__ import annotations

import pickle
from collections.abc import Iterator
from pathlib import Path

import pytest

import shardgames as sg
from shardgames.kernel.errors import CardError
from shardgames.sota.actions import Pass, UseAlly, UsePersonaTrait, UseTrait
from shardgames.sota.events import DuelResolved, ModifierUsed
from shardgames.sota.game import SotaGame
from shardgames.sota.traits import (
    Modifier,
    Trait,
    no_condition,
    register_trait,
    registered_traits,
    trait_named,
    unregister_trait,
)
from shardgames.sota.view import SotaView
from tests.sota import riposte

CARD_FILE = """
[[persona]]
id = "rally-persona"
name = "Orrin, Banner-Bearer"
stats = { agility = 4, vitality = 4, luck = 4, magic = 4, charisma = 4 }
trait = "rally"

[[trait]]
id = "glass-riposte"
name = "Mirror Guard"
kind = "riposte"

[[deck]]
name = "riposte"
cards = ["rally-persona", "casstia", "livaris", "saravel", "ember-brisenne", "ember-tavrick",
         "ember-solvane", "ember-cadrelle", "ember-halvenor", "ember-pyrisse", "ember-marucca",
         "ember-ally-magic-1", "ember-ally-magic-2", "ember-ally-agility-3",
         "glass-riposte", "glass-riposte", "glass-riposte", "glass-riposte", "glass-riposte"]
"""


@pytest.fixture
def card_file(tmp_path: Path) -> Iterator[str]:
    """The card file, with the traits of tests/sota/riposte.py registered while the test runs."""
    riposte.register()
    path = tmp_path / "riposte.toml"
    path.write_text(CARD_FILE, encoding="utf-8")
    yield str(path)
    unregister_trait("riposte")
    unregister_trait("rally")


def _duel_position(card_file: str, to_act: str) -> sg.State:
    game = sg.load_game("sota", decks=(f"{card_file}#riposte", "ember"))
    return game.state_from_position(
        {
            "phase": "modifiers",
            "players": [
                {"positions": ["casstia"], "allies": ["ember-ally-magic-1", "ember-ally-magic-2"], "deck": 5},
                {"positions": [{"card": "saravel", "trait": "ember-trait-grit"}], "deck": 5},
            ],
            "duel": {"unit": [0], "stat": "magic", "target": {"seat": 1, "unit": [0]}, "dice": [3, 3, 3, 3]},
        }
        if to_act == "attacker"
        else {
            "active": 1,
            "phase": "modifiers",
            "players": [
                {"positions": [{"card": "casstia", "trait": "glass-riposte"}], "deck": 5},
                {"positions": ["saravel"], "deck": 5},
            ],
            "duel": {
                "unit": [0],
                "stat": "magic",
                "target": {"seat": 0, "unit": [0]},
                "dice": [3, 3, 3, 3],
                "to_act": "defender",
            },
        }
    )


def test_a_registered_trait_acts_through_its_hooks(card_file: str) -> None:
    """Riposte's condition lets only the defender use it; its modifier adds 3 to the defender's total."""
    state = _duel_position(card_file, "defender")
    assert UseTrait(0) in state.legal_actions()
    view = state.view(0)
    assert isinstance(view, SotaView)
    before = view.duel
    assert before is not None
    events = state.apply_action(UseTrait(0))  # the attacker can only pass: the duel resolves
    assert ModifierUsed(0, "Mirror Guard (riposte)", "own total +3") in events
    resolved = next(e for e in events if isinstance(e, DuelResolved))
    assert (resolved.attacker_total, resolved.defender_total) == (before.totals[0], before.totals[1] + 3)


def test_a_function_effect_is_computed_from_the_duel(card_file: str) -> None:
    """Rally on a Persona: own total +1 per Ally of the duel stat in play (two magic Allies: +2)."""
    game = sg.load_game("sota", decks=(f"{card_file}#riposte", "ember"))
    state = game.state_from_position(
        {
            "phase": "modifiers",
            "players": [
                {"allies": ["ember-ally-magic-1", "ember-ally-magic-2"], "deck": 5},
                {"positions": ["saravel"], "deck": 5},
            ],
            "duel": {
                "unit": "persona",
                "stat": "magic",
                "target": {"seat": 1, "unit": [0]},
                "dice": [1, 1, 1, 1],
            },
        }
    )
    events = state.apply_action(UsePersonaTrait())
    assert ModifierUsed(0, "Orrin, Banner-Bearer (rally)", "own total +2") in events


def test_a_trait_condition_is_the_reason_an_action_is_illegal(card_file: str) -> None:
    game = sg.load_game("sota", decks=(f"{card_file}#riposte", "ember"))
    state = game.state_from_position(
        {
            "phase": "modifiers",
            "players": [
                {
                    "positions": [{"card": "casstia", "trait": "glass-riposte"}],
                    "allies": ["ember-ally-magic-1"],
                    "deck": 5,
                },
                {"positions": ["saravel"], "deck": 5},
            ],
            "duel": {"unit": [0], "stat": "magic", "target": {"seat": 1, "unit": [0]}, "dice": [3, 3, 3, 3]},
        }
    )
    assert state.legal_actions() == (Pass(), UseAlly(1))  # the attacker: no Riposte
    with pytest.raises(sg.IllegalActionError, match="only the defender can use it"):
        state.apply_action(UseTrait(0))


def test_a_game_with_registered_traits_plays_to_the_end_and_round_trips(card_file: str) -> None:
    """Seeded random play: the new traits are used, the game ends, and states copy, pickle and reload."""
    game = sg.load_game("sota", decks=(f"{card_file}#riposte", "ember"), max_turn_phases=60)
    used: set[str] = set()
    for seed in range(6):
        state = game.new_initial_state(seed=seed)
        rng = sg.Rng(seed)
        while not state.is_terminal():
            legal = state.legal_actions()
            prompt = state.prompt
            if not state.is_chance_node() and prompt is not None:  # the hooks explain what they refuse
                for action in (UsePersonaTrait(), *(UseTrait(slot) for slot in range(game.duel_positions))):
                    assert (state._explain_illegal(prompt, action) is None) == (action in legal)
            mine = [a for a in legal if isinstance(a, UseTrait | UsePersonaTrait)]
            events = state.apply_action(rng.choice(mine or list(legal)))
            used.update(e.source.split("(")[-1].rstrip(")") for e in events if isinstance(e, ModifierUsed))
        assert pickle.loads(pickle.dumps(state)) == state
        assert game.state_from_json(state.to_json()) == state
        assert game.replay(seed, state.history) == state
    assert {"riposte", "rally"} <= used


def test_new_traits_get_observation_planes_after_the_starter_ones(card_file: str) -> None:
    starter = sg.load_game("sota")
    game = sg.load_game("sota", decks=(f"{card_file}#riposte", "ember"))
    assert isinstance(game, SotaGame)
    assert isinstance(starter, SotaGame)
    assert game.trait_planes == {**starter.trait_planes, "riposte": 6}
    assert game.persona_planes == {**starter.persona_planes, "rally": 4}
    # one more plane in each seat's Persona trait and each Duel Position, and in each hand card
    growth = game.num_players * (1 + game.duel_positions) + 5
    assert game.observation_shape[0] == starter.observation_shape[0] + growth
    state = game.new_initial_state(seed=1)
    while not state.is_terminal() and state.turn < 3:
        state.apply_action(state.legal_actions()[0])
    assert state.observation_tensor(0).shape == game.observation_shape


def test_a_misdeclared_trait_is_refused_with_every_problem() -> None:
    bad = Trait(
        "Loud",
        " ",
        carriers=frozenset({"hand", "persona"}),
        use="+3",  # type: ignore[arg-type]
        keeps_stat="yes",  # type: ignore[arg-type]
    )
    with pytest.raises(CardError) as info:
        register_trait(bad)
    assert len(info.value.problems) == 5
    assert all(trait.name != "Loud" for trait in registered_traits())
    with pytest.raises(CardError, match="registered already"):
        register_trait(
            Trait("grit", "own total +2", carriers=frozenset({"trait"}), use=Modifier(own=2, text="+2"))
        )
    with pytest.raises(CardError):
        unregister_trait("grit")


def test_a_trait_that_does_nothing_or_has_no_callable_condition_is_refused() -> None:
    """A trait not used as a modifier must keep the stat, and its condition must be a function."""
    bad = Trait("mute", "does nothing", carriers=frozenset({"trait"}), condition="never")  # type: ignore[arg-type]
    with pytest.raises(CardError) as info:
        register_trait(bad)
    assert info.value.problems == (
        "condition: must be a function of a TraitUse, not 'never'",
        "use: a trait that is not used must keep the stat (keeps_stat), or it does nothing",
    )
    assert all(trait.name != "mute" for trait in registered_traits())


def test_a_traits_fields_after_its_name_and_text_are_named() -> None:
    """Only the name and the rules text are positional: the rest is read by name, so that adding a
    field never shifts what a declaration means."""
    carriers = frozenset({"trait"})
    with pytest.raises(TypeError):
        Trait("loud", "own total +1", carriers)  # type: ignore[misc]
    for value in (True, Modifier(own=1, text="+1"), no_condition):
        with pytest.raises(TypeError):
            Trait("loud", "own total +1", value, carriers=carriers)  # type: ignore[misc]


def test_a_persona_trait_that_takes_a_stat_is_refused() -> None:
    """A Persona carries its trait without naming a stat; only a Trait card names one."""
    for carriers in ({"persona"}, {"persona", "trait"}):
        bad = Trait(
            "poise",
            "own total +1",
            carriers=frozenset(carriers),
            use=Modifier(own=1, text="+1"),
            takes_stat=True,
        )
        with pytest.raises(CardError) as info:
            register_trait(bad)
        assert info.value.problems == (
            "takes_stat: a Persona's trait names no stat; only Trait cards take one",
        )
    assert all(trait.name != "poise" for trait in registered_traits())


def test_a_card_file_naming_an_unregistered_trait_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "cards.toml"
    path.write_text(CARD_FILE, encoding="utf-8")
    with pytest.raises(sg.InvalidParameterError) as info:
        sg.load_game("sota", decks=(f"{path}#riposte", "ember"))
    problems = "\n".join(info.value.problems)
    assert "'rally' is not one of flourish, muse, critique, encore" in problems
    assert "'riposte' is not one of siphon, focus, grit, fortune, hex, encore" in problems


def test_an_unknown_trait_name_is_refused_naming_the_traits() -> None:
    with pytest.raises(CardError) as info:
        trait_named("no such trait")
    assert info.value.problems[0].startswith("no such trait; traits are ")
    assert "grit" in info.value.problems[0]
