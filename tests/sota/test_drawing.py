"""Drawing SOTA for people: the HTML of states and views, the text of a view, and actions in words.

Common fixture: the ember deck (seat 0) against the tide deck (seat 1), so that every card name belongs
to one seat. The duel position is a Magic duel in its modifier window: seat 0's Casstia (Magic 6, with
the Trait Scarred Hands, a Grit) against seat 1's Drenna (Magic 1, with Undertow, a Siphon(Magic)),
dice 3+3 against 2+5, seat 0 already +1; seat 1 is to act. Seat 1 holds Pelagrine and Riptide Murmur,
which seat 0 must never see.
"""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from sota_scenarios import local

import shardgames as sg
from shardgames.render.html import document
from shardgames.sota import SotaGame, SotaState, SotaView, Stat
from shardgames.sota.actions import (
    AssignTrait,
    ChoosePersona,
    ChooseStat,
    ChooseTarget,
    Draw,
    DuelWith,
    DuelWithTwins,
    EndTurnPhase,
    Pass,
    Place,
    PlayAlly,
    RespondNormal,
    RespondTwin,
    RollDie,
    Swap,
    UseAlly,
    UsePersonaTrait,
    UseRAlly,
)
from shardgames.sota.cards import CharacterCard
from shardgames.sota.render import ability_text
from shardgames.sota.traits import Modifier, registered_traits

HIDDEN = ("Pelagrine, Indigo-Dyer", "Riptide Murmur")


def make_game(**params: Any) -> SotaGame:
    game = sg.load_game("sota", decks=("ember", "tide"), chance="explicit", **params)
    assert isinstance(game, SotaGame)
    return game


def seat0(**fields: Any) -> dict[str, Any]:
    return {
        "persona": "ember-persona-vael",
        "hand": ["ember-tavrick", "ember-ally-magic-3"],
        "positions": [{"card": "casstia", "trait": "ember-trait-grit"}, "ember-solvane"],
        "allies": ["ember-ally-magic-1"],
        "shards": ["ember-ally-luck-1"],
        "deck_bottom": ["ember-hesk"],
        **fields,
    }


def seat1(**fields: Any) -> dict[str, Any]:
    return {
        "hand": ["tide-pelagrine", "tide-trait-hex"],
        "positions": ["tide-tarrowby", {"card": "tide-drenna", "trait": "tide-trait-siphon-magic"}],
        "allies": ["tide-ally-agility-2"],
        **fields,
    }


def position(*seats: dict[str, Any], game: SotaGame | None = None, **fields: Any) -> SotaState:
    game = game or make_game()
    state = game.state_from_position(
        {"turn": 3, "active": 0, "players": list(seats or (seat0(), seat1())), **fields}
    )
    assert isinstance(state, SotaState)
    return state


def duel_state() -> SotaState:
    return position(
        phase="modifiers",
        used_stats=["agility"],
        duel={
            "unit": [0],
            "stat": "magic",
            "target": {"seat": 1, "unit": [1]},
            "dice": [3, 3, 2, 5],
            "bonus": [1, 0],
            "to_act": "defender",
        },
    )


def text_of(fragment: str) -> str:
    """The visible text of an HTML fragment, tags and the style sheet removed, spaces collapsed."""
    body = re.sub(r"<style>.*?</style>", " ", fragment, flags=re.DOTALL)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", body)).split())


def panels(fragment: str) -> list[tuple[bool, str]]:
    """Each panel's HTML up to the next panel, and whether it is outlined as the one to act."""
    parts = re.split(r'<div class="sg-panel( sg-active)?">', fragment)
    return [(bool(parts[i]), parts[i + 1]) for i in range(1, len(parts), 2)]


def view_of(state: sg.State, seat: int) -> SotaView:
    view = state.view(seat)
    assert isinstance(view, SotaView)
    return view


# ---------------------------------------------------------------------- the HTML of a state


def test_state_html_draws_every_card_with_its_name_type_and_stats() -> None:
    state = duel_state()
    text = text_of(state.to_html())
    assert "Vael, Kiln-Warden Persona AGI 4 VIT 3 LUC 1 MAG 6 CHA 6 Flourish own total +2" in text
    assert "Casstia Character AGI 3 VIT 2 LUC 2 MAG 6 CHA 2 Grit Scarred Hands: own total +1" in text
    assert "Solvane, Master Glassblower Character · signable" in text
    assert "Cinder Familiar Ally MAG +3 +3 in magic duels" in text
    assert "Drenna, Salt-Print Maker Character AGI 1 VIT 6 LUC 4 MAG 1 CHA 3 Siphon(magic)" in text
    assert "Undertow: if the duel stat is magic: own total +2, opposing total -2" in text
    for name in HIDDEN:  # the state is the omniscient view
        assert name in text
    assert "Riptide Murmur Trait Hex the opposing duellist re-rolls" in text


def test_state_html_shows_every_zone_of_a_seat() -> None:
    text = text_of(duel_state().to_html())
    for label in ("PERSONA", "DUEL POSITIONS", "ALLY POSITIONS", "HAND", "DECK", "FRACTURED SHARDS"):
        assert label.lower() in text.lower()
    assert "Fractured Shards · 1 Lucky Cullet" in text
    assert "known at the bottom Hesk, Smalt-Grinder (bottom card)" in text
    assert "Out of the game · 2 Ignessa, Mother of Furnaces Corvald the Gilt-Tongued" in text
    assert "Dyer's Heron Ally AGI +2" in text


def test_html_marks_the_seat_to_act_and_the_active_player() -> None:
    state = duel_state()
    drawn = panels(state.to_html())
    active = [p for is_active, p in drawn if is_active]
    assert len(active) == 1
    assert "Seat 1 · Saltmarsh Dyeworks" in active[0]
    assert "to act" in active[0]
    seat0_panel = next(p for _, p in drawn if "Seat 0 · Kilnfire Atelier" in p)
    assert "active player" in seat0_panel


def test_html_shows_the_duel_in_progress_with_its_dice_and_totals() -> None:
    state = duel_state()
    for fragment in (state.to_html(), view_of(state, 0).to_html()):
        text = text_of(fragment)
        assert "Duel on magic Character Duel modifier window: seat 1 to act" in text
        assert "attacker seat 0 Casstia 6 3 + 3 +1 13" in text
        assert "defender seat 1 Drenna, Salt-Print Maker 1 2 + 5 +0 8" in text
        assert "POSITION 0 · DUELLING".lower() in text.lower()
        assert fragment.count('class="sg-card sg-mark"') == 2  # Casstia and Drenna


def test_html_of_a_duel_being_declared_names_what_is_chosen_so_far() -> None:
    state = position(phase="duel target", duel={"unit": [0], "stat": "magic"})
    text = text_of(state.to_html())
    assert "Duel on magic choosing the target" in text
    assert "defender - not chosen yet" in text


def test_html_shows_the_winner_once_the_game_is_over() -> None:
    game = make_game()
    state = position(
        seat0(),
        {"persona": "tide-persona-corrow", "hand": [], "deck": 0},
        phase="duel target",
        duel={"unit": [0], "stat": "magic"},
        game=game,
    )
    state.apply_action(ChooseTarget(1, None))
    for face in (6, 6, 1, 1):
        state.apply_action(RollDie(face))
    while not state.is_terminal():
        state.apply_action(Pass())
    text = text_of(state.to_html())
    assert "Game over seat 0 wins" in text
    assert "Seat 1 · Saltmarsh Dyeworks out of the game with all its 54 cards" in text
    assert "game over: seat 0 wins" in str(view_of(state, 1))


# ---------------------------------------------------------------------- what a view hides


def test_view_html_shows_the_opponents_hand_only_as_backs() -> None:
    state = duel_state()
    mine, theirs = view_of(state, 0).to_html(), view_of(state, 1).to_html()
    assert mine.count('<div class="sg-back">?</div>') == 2
    assert "Hand · 2 (2 hidden)" in text_of(mine)
    for name in HIDDEN:
        assert name in state.to_html()
        assert name in str(state)
        assert name not in mine
        assert name not in str(view_of(state, 0))
        assert name in theirs
        assert name in str(view_of(state, 1))
    assert "Tavrick, Bell-Caster" in mine
    assert "Tavrick, Bell-Caster" not in theirs


def test_a_view_never_names_a_card_its_seat_cannot_see() -> None:
    """No card of a deck's unknown part or of another seat's hand is named, in HTML or text."""
    state = position(seat0(deck_bottom=[]), seat1())
    game = state.game
    seen = {game.names[c] for c in (*state.slots, *state.traits, *state.persona) if c >= 0}
    seen |= {game.names[c] for stack in (*state.allies, *state.shards, *state.removed) for c in stack}
    seen |= {game.names[c] for c in state.hands[0]}
    partners = [
        other.name
        for card in state.slots
        if card >= 0 and isinstance(mine := game.kinds[game.kind_of[card]], CharacterCard)
        for other in game.pool.values()
        if isinstance(other, CharacterCard) and mine.twin_pair and other.twin_pair == mine.twin_pair
    ]
    unseen = {game.names[c] for c in (*state.hands[1], *state.decks[0].cards(), *state.decks[1].cards())}
    unseen -= seen | set(partners)
    assert len(unseen) > 80
    view = view_of(state, 0)
    drawn, text = view.to_html(), str(view)
    for name in sorted(unseen):
        assert name not in drawn
        assert name not in text


def test_the_choices_are_listed_for_the_seat_to_act_only() -> None:
    state = duel_state()
    theirs, mine = view_of(state, 1).to_html(), view_of(state, 0).to_html()
    assert "Your decision: use a modifier or pass" in text_of(theirs)
    assert "use Undertow of Drenna, Salt-Print Maker (siphon:" in text_of(theirs)
    assert "Your decision" not in mine
    assert "Your decision" not in state.to_html()


# ---------------------------------------------------------------------- str(view)


def test_str_view_covers_every_zone_one_idea_per_line() -> None:
    lines = str(view_of(duel_state(), 0)).splitlines()
    assert lines[0] == "seat 0's view of Shards of the Artisan, turn phase 3, seat 0 active"
    assert lines[1] == "  to act: seat 1: use a modifier or pass"
    expected = [
        "seat 0 (you): Vael, Kiln-Warden [AGI 4 VIT 3 LUC 1 MAG 6 CHA 6, flourish]  "
        "deck 44  hand 2  shards 1",
        "  hand: Tavrick, Bell-Caster [AGI 5 VIT 3 LUC 1 MAG 1 CHA 5], Cinder Familiar [magic +3]",
        "  positions: 0: Casstia [AGI 3 VIT 2 LUC 2 MAG 6 CHA 2] + Scarred Hands [grit] "
        "| 1: Solvane, Master Glassblower [AGI 2 VIT 3 LUC 4 MAG 4 CHA 2] | 2: -",
        "  allies: magic +1",
        "  deck: 44 cards, 43 unknown; at the bottom (last lowest): Hesk, Smalt-Grinder",
        "  fractured shards (top last): Lucky Cullet",
        "  out of the game: Ignessa, Mother of Furnaces; Corvald the Gilt-Tongued",
        "seat 1: Meridane, Mistress of the Vats [AGI 3 VIT 6 LUC 5 MAG 3 CHA 3, encore]  "
        "deck 45  hand 2  shards 0",
        "  hand: ?, ?  (2 hidden)",
        "  allies: agility +2",
        "  deck: 45 cards, 45 unknown",
        "  fractured shards (top last): -",
        "stats used: agility",
        "duel on magic: seat 0 dice 3+3, modifiers +1, total 13 "
        "against seat 1 dice 2+5, modifiers +0, total 8",
        "duel: seat 0 with Casstia against seat 1 with Drenna, Salt-Print Maker",
        "modifier window: seat 1 (defender) to act, 0 passes in a row",
    ]
    for line in expected:
        assert line in lines


def test_str_state_is_unchanged_by_the_view_text() -> None:
    """A state's text keeps its own layout (the golden playthroughs record it)."""
    text = str(duel_state())
    assert text.startswith("Shards of the Artisan, turn phase 3, seat 0 active\n")
    assert "Pelagrine, Indigo-Dyer" in text
    assert "(you)" not in text
    assert "fractured shards" not in text


# ---------------------------------------------------------------------- actions in words


def test_persona_choice_names_the_persona_and_its_stats() -> None:
    view = view_of(make_game().new_initial_state(seed=1), 0)
    described = [view.describe_action(a) for a in view.legal_actions]
    assert described == [
        "choose persona Vael, Kiln-Warden [AGI 4 VIT 3 LUC 1 MAG 6 CHA 6, flourish]",
        "choose persona Ignessa, Mother of Furnaces [AGI 2 VIT 4 LUC 2 MAG 7 CHA 5, muse]",
        "choose persona Corvald the Gilt-Tongued [AGI 3 VIT 2 LUC 3 MAG 5 CHA 7, critique]",
    ]
    assert view.describe_action(ChoosePersona(0)) != str(ChoosePersona(0))


def test_duel_declarations_name_the_unit_the_stat_value_and_the_target() -> None:
    game = make_game(signed=("all",))
    state = position(game=game)
    view = view_of(state, 0)
    assert view.describe_action(DuelWith(0)) == (
        "duel with Casstia [AGI 3 VIT 2 LUC 2 MAG 6 CHA 2] (position 0, holding Scarred Hands [grit])"
    )
    assert view.describe_action(EndTurnPhase()) == "end the turn phase: declare no more duels"
    state.apply_action(DuelWith(1))
    view = view_of(state, 0)
    assert view.describe_action(ChooseStat(Stat.MAGIC)) == "stat magic (your MAG 4 +1 signed)"
    state.apply_action(ChooseStat(Stat.MAGIC))
    view = view_of(state, 0)
    assert view.describe_action(ChooseTarget(1, 1)) == (
        "target seat 1's Drenna, Salt-Print Maker (position 1, MAG 1, holding Undertow [siphon magic])"
    )
    assert view.describe_action(ChooseTarget(1, 0)).startswith(
        "target seat 1's Tarrowby, Driftwood-Sculptor (position 0, MAG 1 +1 signed"
    )


def test_modifiers_name_the_trait_the_persona_trait_and_the_ally_spent() -> None:
    state = position(
        seat0(allies=["ember-ally-magic-1", "ember-ally-magic-2"]),
        seat1(),
        phase="modifiers",
        duel={"unit": [0], "stat": "magic", "target": {"seat": 1, "unit": [1]}, "dice": [3, 3, 2, 5]},
    )
    view = view_of(state, 0)
    described = {view.describe_action(a) for a in view.legal_actions}
    assert described == {
        "pass: use no modifier",
        "use Scarred Hands of Casstia (grit: own total +1)",
        "spend ally Ember Mote (+1 magic)",
        "spend ally Molten Whisper (+2 magic)",
    }
    state = duel_state()
    state.apply_action(Pass())
    assert view_of(state, 0).describe_action(Pass()) == "pass: use no modifier; the duel resolves"


def test_persona_trait_and_r_ally_are_described() -> None:
    allies = [f"ember-ally-{stat.value}-1" for stat in Stat]
    state = position(
        seat0(positions=[], allies=allies, shards=[]),
        seat1(),
        phase="modifiers",
        duel={"unit": "persona", "stat": "luck", "target": {"seat": 1, "unit": [0]}, "dice": [1, 1, 6, 6]},
    )
    view = view_of(state, 0)
    assert view.describe_action(UsePersonaTrait()) == "use Vael, Kiln-Warden's flourish (own total +2)"
    assert view.describe_action(UseRAlly(1, 1, 1, 1, 1)) == (
        "spend an R-Ally for +5: one ally of each stat (AGI +1, VIT +1, LUC +1, MAG +1, CHA +1)"
    )
    assert view.describe_action(UseAlly(1)) == "spend ally Lucky Cullet (+1 luck)"


def test_turn_steps_name_the_cards_placed_swapped_and_played() -> None:
    hand = ["ember-tavrick", "ember-trait-hex", "ember-ally-magic-3"]
    state = position(seat0(hand=hand), seat1(), phase="gather")
    view = view_of(state, 0)
    assert view.describe_action(Draw(2)) == "draw 2 cards (hand 3 to 5, deck 43 to 41)"
    assert view.describe_action(Draw(0)) == "draw no card"
    tavrick, hex_trait, familiar = (local(state, 0, card_id) for card_id in hand)
    assert view.describe_action(Place(tavrick, 2)) == (
        "place Tavrick, Bell-Caster [AGI 5 VIT 3 LUC 1 MAG 1 CHA 5] in position 2"
    )
    assert view.describe_action(Swap(0, tavrick)) == (
        "swap Casstia (position 0) for Tavrick, Bell-Caster [AGI 5 VIT 3 LUC 1 MAG 1 CHA 5]; "
        "Casstia and Scarred Hands go under the deck"
    )
    assert (
        view.describe_action(PlayAlly(familiar))
        == "play ally Cinder Familiar (+3 magic) on your magic position"
    )
    assert view.describe_action(AssignTrait(hex_trait, 1)) == (
        "attach trait Crazed Glaze [hex] to Solvane, Master Glassblower (position 1)"
    )
    state = position(seat0(), seat1(), phase="bolster")
    assert view_of(state, 0).describe_action(Pass()) == "pass: play no ally and no trait"


def test_twin_duels_and_twin_answers_name_both_twins() -> None:
    twins = ["tide-ebbelin", "tide-flodelin"]
    state = position(
        seat0(),
        seat1(positions=twins),
        phase="twin response",
        duel={"unit": [0], "stat": "vitality", "target": {"seat": 1, "unit": [0]}},
    )
    view = view_of(state, 1)
    assert view.describe_action(RespondTwin()) == (
        "answer with both twins Ebbelin, Ebb-Glass Half and Flodelin, Flood-Glass Half (VIT 5+3 = 8); "
        "your twin duel this turn phase"
    )
    assert view.describe_action(RespondNormal()) == "answer with Ebbelin, Ebb-Glass Half alone (VIT 5)"
    game = sg.load_game("sota", decks=("tide", "ember"), chance="explicit")
    assert isinstance(game, SotaGame)
    state = position(seat1(positions=twins), seat0(), game=game)
    text = view_of(state, 0).describe_action(DuelWithTwins(0, 1))
    assert text.startswith(
        "twin duel with Ebbelin, Ebb-Glass Half and Flodelin, Flood-Glass Half (positions 0 and 1;"
    )


def test_no_description_falls_back_to_a_card_number() -> None:
    """In a whole game every legal action of the seat to act is described in words, never ``#n``."""
    game = sg.load_game("sota(players=3)")
    state = game.new_initial_state(seed=4)
    rng = sg.Rng(4)
    while not state.is_terminal() and state.turn < 6:
        if state.current_player >= 0:
            view = view_of(state, state.current_player)
            for action in view.legal_actions:
                text = view.describe_action(action)
                assert text
                assert "#" not in text
        legal = state.legal_actions()
        state.apply_action(legal[rng.randrange(len(legal))])


#: What each starter ability does when used, by name (the passive Encore does nothing when used).
_TRAIT_EFFECTS = {t.name: t.use for t in registered_traits("trait") if isinstance(t.use, Modifier)}
_PERSONA_EFFECTS = {t.name: t.use for t in registered_traits("persona") if isinstance(t.use, Modifier)}


@pytest.mark.parametrize("kind", sorted(_TRAIT_EFFECTS))
def test_trait_text_matches_what_the_trait_does(kind: Any) -> None:
    game = make_game()
    cards = [c for c in game.entries[0] if game.trait_kind[c] is kind]
    assert cards
    for card in cards:
        assert _TRAIT_EFFECTS[kind].text in ability_text(game, card)


@pytest.mark.parametrize("trait", sorted(_PERSONA_EFFECTS))
def test_persona_text_matches_what_the_persona_trait_does(trait: Any) -> None:
    game = sg.load_game("sota", decks=("ember", "tide", "gale", "grove", "umbra"), players=5)
    assert isinstance(game, SotaGame)
    cards = [c for entries in game.entries for c in entries if game.persona_trait[c] is trait]
    assert cards
    assert _PERSONA_EFFECTS[trait].text in ability_text(game, cards[0])


def test_a_whole_page_is_self_contained() -> None:
    page = document(duel_state().to_html(), title="A duel")
    assert page.startswith("<!DOCTYPE html>")
    assert "http" not in page.replace("http-equiv", "")
