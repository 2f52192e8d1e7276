"""A keyword of one's own: registered with its cost entry and its effect, without editing the package.

This module registers Temper # (Earth, 2 points per #: "The Entity gets # +1/+1 Upgrades"), writes a
card file whose Rite carries it, and checks that the designer prices it, that a game plays it, and that
a misdeclared keyword is refused with every problem listed.
"""

from __future__ import annotations

import pickle
import subprocess
import sys
from pathlib import Path
from typing import Any

import attrs
import pytest
from command_scenarios import card_file, command_game, entity, file_game, in_hand, position, resolve

from shardgames.command import keywords, load_deck_file, price
from shardgames.command.actions import ChooseTarget, Play
from shardgames.command.events import StatusChanged
from shardgames.command.keywords import (
    KEYWORDS,
    CardType,
    Element,
    Keyword,
    KeywordKind,
    Scope,
    effect_of,
    keyword,
    register_keyword,
    registered_keywords,
)
from shardgames.command.objects import player_target
from shardgames.command.resolve import entities_reached
from shardgames.command.rules import durability, force
from shardgames.kernel.errors import CardError


def temper(state: Any, item: Any, instance: Any, target: int, elements: int) -> None:
    """Temper #: each Entity reached gets # +1/+1 Upgrades."""
    for p in entities_reached(state, item, instance.scope, target):
        p.upgrades += instance.amount
        state.emit(StatusChanged(p.id, f"tempered: +{instance.amount}/+{instance.amount}"))


TEMPER = register_keyword(
    Keyword(
        id="T01",
        name="Temper #",
        slug="temper",
        element=Element.EARTH,
        kind=KeywordKind.EFFECT,
        base_points=2,
        card_types=frozenset({CardType.ENTITY, CardType.ITEM, CardType.RITE}),
        scopes=(Scope.SINGLE, Scope.EACH_OF_YOUR_ENTITIES),
        reminder="The Entity gets # +1/+1 Upgrades.",
        has_amount=True,
    ),
    effect=temper,
)

QUARRY_FILE = """
[[card]]
name = "Quarry Temper"
type = "rite"
identity = ["earth"]
cost = "2E"
keywords = [{ keyword = "temper", amount = 2 }]

[[card]]
name = "Quarry Chorus"
type = "rite"
identity = ["earth"]
cost = "3EE"
keywords = [{ keyword = "Temper #", amount = 1, scope = "each_of_your_entities" }]

[[deck]]
id = "quarry"
name = "Quarry"
sovereign = "Warden of the Ridge"
stones = { generic = 6, earth = 6 }

[deck.main]
"Quarry Temper" = 4
"Quarry Chorus" = 4
"Ridge Recruit" = 32
"""


@pytest.fixture
def quarry_file(tmp_path: Path) -> Path:
    return card_file(tmp_path, "quarry.toml", QUARRY_FILE)


def test_a_registered_keyword_is_found_by_id_short_name_and_name() -> None:
    assert keyword("T01") is keyword("temper") is keyword("Temper #") is TEMPER
    assert registered_keywords()["T01"] is TEMPER
    assert effect_of("T01") is temper
    assert "T01" not in KEYWORDS  # the glossary stays the 52


def test_the_designer_prices_a_registered_keyword_from_its_cost_entry(quarry_file: Path) -> None:
    """CMD-R4: 2 points per #, and a wide scope doubles them, as for any effect keyword."""
    cards = load_deck_file(quarry_file).cards
    single, wide = price(cards["Quarry Temper"]), price(cards["Quarry Chorus"])
    assert [(line.label, line.points) for line in single.lines if line.label.startswith("T01")] == [
        ("T01 Temper 2", 4)
    ]
    assert [line.points for line in wide.lines if line.label.startswith("T01")] == [4]
    assert single.bp == 4


def test_a_game_plays_a_registered_keyword(quarry_file: Path) -> None:
    """The Rite targets an Entity (the keyword's reach) and its effect runs when it resolves."""
    game = file_game(quarry_file, "quarry", "pyre")
    state = position(
        game,
        {"turn": 3, "players": [{"hand": ["Quarry Temper"], "unused": "3E", "arena": ["Ridge Recruit"]}, {}]},
    )
    recruit = entity(state, 0, "Ridge Recruit")
    state.apply_action(Play(in_hand(state, 0, "Quarry Temper")))
    assert ChooseTarget(recruit.id) in state.legal_actions()
    state.apply_action(ChooseTarget(recruit.id))
    resolve(state)
    assert (recruit.upgrades, force(state, recruit), durability(state, recruit)) == (2, 4, 5)
    assert StatusChanged(recruit.id, "tempered: +2/+2") in state.events


def test_a_game_with_a_registered_keyword_is_deterministic_and_pickles(quarry_file: Path) -> None:
    game = file_game(quarry_file, "quarry", "pyre", max_turns=8)

    def play(seed: int) -> Any:
        state = game.new_initial_state(seed=seed)
        while not state.is_terminal():
            actions = state.legal_actions()
            state.apply_action(actions[len(state.history) % len(actions)])
        return state

    first, second = play(3), play(3)
    assert first.events == second.events
    assert any(isinstance(e, StatusChanged) and "tempered" in str(e) for e in first.events)
    assert pickle.loads(pickle.dumps(first)).events == first.events
    assert pickle.loads(pickle.dumps(TEMPER)) is TEMPER
    assert pickle.loads(pickle.dumps(KEYWORDS["K09"])) is KEYWORDS["K09"]


def _local_effect() -> Any:
    def effect(*args: Any) -> None:
        return None

    return effect


KEYWORD_MODULE = """
from shardgames.command.keywords import CardType, Element, Keyword, KeywordKind, Scope, register_keyword


def hearten(state, item, instance, target, elements):
    pass


HEARTEN = register_keyword(
    Keyword(
        id="H01",
        name="Hearten #",
        slug="hearten",
        element=Element.EARTH,
        kind=KeywordKind.EFFECT,
        base_points=2,
        card_types=frozenset({CardType.RITE}),
        scopes=(Scope.SINGLE,),
        reminder="Nothing happens, # times.",
        has_amount=True,
    ),
    effect=hearten,
)
"""


def test_a_pickled_keyword_loads_in_a_process_that_never_imported_its_module(tmp_path: Path) -> None:
    """A keyword pickles as its id and the module that registered it: a process that unpickles it (a
    tournament's worker, say) imports that module first, and gets the keyword back."""
    (tmp_path / "hearten_keyword.py").write_text(KEYWORD_MODULE, encoding="utf-8")
    path = f"import sys; sys.path.insert(0, {str(tmp_path)!r}); import pickle; "
    dump = "import hearten_keyword; sys.stdout.buffer.write(pickle.dumps(hearten_keyword.HEARTEN))"
    data = subprocess.run([sys.executable, "-c", path + dump], capture_output=True, check=True).stdout
    load = (
        "kw = pickle.loads(sys.stdin.buffer.read()); "
        "from shardgames.command.keywords import registered_keywords; "
        "print(kw.name, 'hearten_keyword' in sys.modules, registered_keywords()['H01'] is kw)"
    )
    done = subprocess.run([sys.executable, "-c", path + load], input=data, capture_output=True, check=True)
    assert done.stdout.decode().split() == ["Hearten", "#", "True", "True"]


def test_a_misdeclared_keyword_is_refused_with_every_problem() -> None:
    bad = attrs.evolve(
        TEMPER,
        id="T02",
        name="Deal # Dmg",
        slug="Not A Slug",
        kind=KeywordKind.STATIC,
        base_points=0,
        card_types=frozenset({CardType.SOVEREIGN}),
        halves_amount=True,
        has_amount=False,
        element="lava",
    )
    with pytest.raises(CardError) as caught:
        register_keyword(bad, effect=_local_effect())
    problems = "\n".join(caught.value.problems)
    for words in ("already names K09", "not a short name", "only effect keywords", "at least 1 point"):
        assert words in problems
    assert "halves_amount" in problems
    assert "element: must be an Element or None, not 'lava'" in problems
    assert "top level of a module" in problems
    assert "T02" not in registered_keywords()
    with pytest.raises(CardError, match="already names T01"):
        register_keyword(TEMPER, effect=temper)


def test_the_engines_effect_decorator_gives_back_its_function(monkeypatch: pytest.MonkeyPatch) -> None:
    """`register_effect` files a glossary effect keyword's function and returns it unchanged, so the
    decorated function keeps its name; a second function for the same keyword is refused."""
    heal = effect_of("K24")
    monkeypatch.delitem(keywords._EFFECTS, "K24")
    assert keywords.register_effect("K24")(heal) is heal
    assert effect_of("K24") is heal
    with pytest.raises(ValueError, match="without a function"):
        keywords.register_effect("K24")(heal)


def test_entities_reached_by_a_single_target_are_entities_only() -> None:
    """`entities_reached` with scope ``single``: the target if it is an Entity in the Arena; a player, an
    Item or nothing (-1) reaches no Entity."""
    state = position(
        command_game(),
        {
            "turn": 3,
            "players": [{"arena": ["Ridge Recruit", "Ridgestone Idol"]}, {}],
            "queue": [{"seat": 0, "card": "Stone Skin", "targets": ["0:Ridge Recruit"]}],
        },
    )
    item = state.queue[0]
    recruit, idol = (p for p in state.arena if p.owner == 0)
    assert entities_reached(state, item, Scope.SINGLE, recruit.id) == [recruit]
    for target in (idol.id, player_target(1), -1):
        assert entities_reached(state, item, Scope.SINGLE, target) == []
