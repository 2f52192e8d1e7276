"""What each Shard Command seat sees (convention E7), determinisation, and the observation tensor."""

from __future__ import annotations

import gc

import numpy as np
import pytest
from command_scenarios import command_game

import shardgames as sg
from shardgames.command.actions import BottomCard, ChooseTarget, DeclareAttack, Foresee, Intercept, Pass, Play
from shardgames.command.decks import starter_decks
from shardgames.command.keywords import ELEMENTS, KEYWORDS, keyword
from shardgames.command.objects import player_target
from shardgames.command.phases import Phase, Step
from shardgames.command.state import CommandState
from shardgames.command.view import (
    ARENA,
    DESIGN,
    GLOBAL,
    HAND,
    HAND_SLOT,
    PERMANENT,
    QUEUE,
    QUEUE_SLOT,
    SEAT,
    CommandView,
    design_vector,
    observation_size,
)


def test_cmd_e7_the_opponent_hand_and_deck_order_are_hidden() -> None:
    """E7: hands and the unknown part of decks are hidden; their sizes and the decklists are public."""
    state = command_game().new_initial_state(seed=3)
    assert isinstance(state, CommandState)
    view = state.view(1)
    assert isinstance(view, CommandView)
    assert view.hands[0].size == 5
    assert set(view.hands[0].cards) == {None}
    assert None not in view.hands[1].cards
    assert view.decks[0].middle_count == len(state.decks[0])
    assert sorted(view.unknown[0]) == sorted([*state.hands[0], *state.decks[0].cards()])


def test_cmd_e7_cards_put_under_by_a_redraw_are_known_only_to_their_owner() -> None:
    """R8: the cards a seat puts under its deck stay known to it, not to the opponent, until the shuffle."""
    state = command_game().new_initial_state(seed=3)
    card = next(iter(state.hands[0]))
    state.apply_action(BottomCard(card))
    assert state.view(0).decks[0].bottom == (card,)
    assert state.view(1).decks[0].bottom == (None,)


def test_cmd_e7_foresight_cards_are_hidden_from_the_opponent() -> None:
    """K22: the cards looked at are known to the looking seat only."""
    game = command_game("command(decks=(chronovoid,pyre))")
    state = game.state_from_position(
        {
            "turn": 3,
            "players": [
                {"hand": ["Echoing Glimpse"], "unused": "1G 1T", "deck_top": ["Stall"]},
                {},
            ],
        },
        seed=1,
    )
    glimpse = next(iter(state.hands[0]))
    state.apply_action(Play(glimpse))
    state.apply_action(Pass())
    state.apply_action(Pass())
    assert state.foresight
    assert state.view(0).foresight == state.foresight
    assert set(state.view(1).foresight) == {None}
    sampled = state.view(1).sample_state(sg.Rng(5))
    assert sampled.view(1) == state.view(1)
    state.apply_action(Foresee(bottom=False))


def test_cmd_e7_views_never_change_when_hidden_cards_are_dealt_again() -> None:
    """E7: resampling what a seat can't see leaves its view as it was (random play, many states)."""
    game = command_game()
    state = game.new_initial_state(seed=11)
    rng = sg.Rng(2)
    for _ in range(300):
        if state.is_terminal():
            break
        for seat in (0, 1):
            view = state.view(seat)
            assert view.sample_state(rng).view(seat) == view
        state.apply_action(rng.choice(state.legal_actions()))


def test_cmd_observation_has_the_documented_layout() -> None:
    """The observation: two seat blocks, the hand, the Queue and the global block, all in [0, ~1]."""
    game = command_game()
    assert game.observation_shape == (observation_size(game),)
    assert observation_size(game) == 2 * SEAT + HAND * (1 + DESIGN) + QUEUE * (6 + DESIGN) + GLOBAL
    assert (DESIGN, PERMANENT, SEAT, observation_size(game)) == (69, 86, 1430, 4182)  # as the docs give them
    state = game.state_from_position(
        {
            "turn": 2,
            "players": [
                {"integrity": 15, "arena": ["Ridge Recruit", {"card": "Sky Lancer", "exhausted": True}]},
                {},
            ],
        }
    )
    tensor = state.observation_tensor(0)
    assert tensor.shape == game.observation_shape
    assert tensor.dtype == np.float32
    assert tensor[0] == np.float32(15 / 20)
    first = 5 + 33 + 11 + 5  # the seat's counters, then its permanents
    assert tensor[first] == 1  # Ridge Recruit
    assert tensor[first + PERMANENT] == 1  # Sky Lancer
    assert tensor[first + PERMANENT + 1 + DESIGN] == 1  # it is Exhausted
    assert tensor[first + 2 * PERMANENT] == 0
    assert ARENA * PERMANENT < SEAT
    other = state.observation_tensor(1)
    assert other[SEAT] == np.float32(15 / 20)  # the other seat's block comes second
    # the global block ends the vector: the step, the decision, this seat is to act, the turn / the cap
    assert len(Step) + len(Phase) + 2 == GLOBAL
    last = tensor[-GLOBAL:]
    assert last[list(Step).index(state.step)] == 1
    assert last[len(Step) + list(Phase).index(state.prompt.phase)] == 1  # type: ignore[union-attr]
    assert (last[-2], other[-2]) == (state.current_player == 0, state.current_player == 1)
    assert last[-1] == np.float32(2 / game.turn_cap)


def test_cmd_observation_seat_block_values() -> None:
    """Every counter of a seat block, and the values of a permanent after its design vector, as the
    layout gives them: a Cliff Sentinel (1/3, Entrench: +2 Durability) with an Upgrade, Submerged once
    and 1 damage shows Force (1 + 1 - 2) / 10 and Durability (3 + 1 + 2) / 10."""
    game = command_game()
    state = game.state_from_position(
        {
            "turn": 3,
            "players": [
                {
                    "integrity": 15,
                    "hand": ["Ridge Recruit", "Sky Lancer", "Stone Skin"],
                    "scrap": ["Ridge Golem", "Windcaller"],
                    "pool": "6G 3E",
                    "unused": "2G 1E",
                    "used": "1G",
                    "floating": "1G 2E",
                    "charged": 1,
                    "sovereign_exhausted": True,
                    "silenced": True,
                    "arena": [{"card": "Cliff Sentinel", "upgrades": 1, "submerged": 1, "damage": 1}],
                },
                {},
            ],
        }
    )
    tensor = state.observation_tensor(0)
    deck = len(state.decks[0].cards())
    assert tensor[:5].tolist() == pytest.approx([15 / 20, 3 / 10, deck / 60, 2 / 60, 0])
    assert tensor[5:16].tolist() == pytest.approx([6 / 12, 3 / 12] + [0] * 9)  # Pool: Generic, Earth, ...
    assert tensor[16:18].tolist() == pytest.approx([2 / 12, 1 / 12])  # Unused
    assert tensor[27] == pytest.approx(1 / 12)  # Used
    assert tensor[38:49].tolist() == pytest.approx([1 / 5, 2 / 5] + [0] * 9)  # floating Shards
    counters = 5 + 33 + 11
    # charged / 2, Sovereign Exhausted, Silenced, active, holds priority
    assert tensor[counters : counters + 5].tolist() == [0.5, 1, 1, 1, 1]
    other = state.observation_tensor(1)
    assert other[SEAT + counters : SEAT + counters + 5].tolist() == [0.5, 1, 1, 1, 1]  # seat 0, seen by 1
    assert other[counters : counters + 5].tolist() == [0, 0, 0, 0, 0]  # seat 1's own block
    values = tensor[counters + 5 + 1 + DESIGN : counters + 5 + PERMANENT]
    # Exhausted, Fatigue, Force, Durability, damage, token, Upgrades, Submerged, Blanked, Frozen, ...
    assert values[:8].tolist() == pytest.approx([0, 0, 0, 6 / 10, 1 / 10, 0, 1 / 5, 1])


def test_cmd_observation_marks_the_attacker_and_its_interceptor() -> None:
    """In a combat, a permanent's last flags say whether it is the attacker and whether it intercepts:
    a Ridge Recruit attacks, an Ash Hound intercepts it, and each shows its own flag alone (both start
    Exhausted: attacking and intercepting Exhaust)."""
    state = command_game().state_from_position(
        {
            "turn": 3,
            "players": [{"pool": "2G", "arena": ["Ridge Recruit"]}, {"pool": "2G", "arena": ["Ash Hound"]}],
        }
    )
    recruit, hound = (next(p.id for p in state.arena if p.owner == seat) for seat in (0, 1))
    state.apply_action(DeclareAttack(recruit))
    state.apply_action(ChooseTarget(player_target(1)))
    state.apply_action(Intercept(hound))
    assert state.combat is not None
    first = 5 + 33 + 11 + 5  # the first permanent of a seat block
    for seat, (attacking, intercepting) in ((0, (1, 0)), (1, (0, 1))):
        values = state.observation_tensor(0)[
            seat * SEAT + first + 1 + DESIGN : seat * SEAT + first + PERMANENT
        ]
        assert values[0] == 1  # Exhausted
        assert values[13:].tolist() == [attacking, intercepting, 0]


def test_cmd_design_vectors_follow_their_layout() -> None:
    """A design vector: the type one-hot (Entity, Item, Rite, Sovereign), Shard cost / 10, pips per
    element / 3, Force / 10, Durability / 10, then one flag per glossary keyword (K01 first)."""
    game = command_game()
    sentinel = design_vector(next(info for info in game.infos if info.name == "Cliff Sentinel"))
    earth = [e.value for e in ELEMENTS].index("earth")
    assert sentinel[:4].tolist() == [1, 0, 0, 0]
    assert sentinel[4] == pytest.approx(2 / 10)  # 1E: two Shards
    assert sentinel[5:15].tolist() == pytest.approx([1 / 3 if e == earth else 0 for e in range(10)])
    assert sentinel[15:17].tolist() == pytest.approx([1 / 10, 3 / 10])
    flags = sentinel[17:]
    assert flags.sum() == 1
    assert flags[list(KEYWORDS).index(keyword("entrench").id)] == 1
    spark = design_vector(next(info for info in game.infos if info.name == "Spark"))
    assert spark[:4].tolist() == [0, 0, 1, 0]


def test_cmd_observation_shows_trench_counters() -> None:
    """A permanent's trench counters / 3 (after Exhausted ... Echo in the layout's order)."""
    game = sg.load_game("command(decks=(siegeworks,stoneguard))")
    state = game.state_from_position(
        {"turn": 3, "players": [{"arena": [{"card": "Trench Mortar", "trench": 3}]}, {}]}
    )
    values = state.observation_tensor(0)[5 + 33 + 11 + 5 + 1 + DESIGN :]
    assert values[11] == 1  # 3 counters / 3


def test_cmd_observation_shows_blank_freeze_isolate_and_echo() -> None:
    """A permanent's Blanked, Frozen, Isolated and Echo flags (values 8 to 12, trench between): Isolate
    counts while its last turn has not passed, so one Isolated until turn 3 shows it on turn 3 and one
    until turn 2 does not."""
    marked = {"card": "Ridge Recruit", "blanked": True, "frozen": True, "isolated": 3, "echo": True}
    arena = [marked, {"card": "Ridge Recruit", "isolated": 2}]
    state = command_game().state_from_position({"turn": 3, "players": [{"arena": arena}, {}]})
    tensor = state.observation_tensor(0)
    first = 5 + 33 + 11 + 5 + 1 + DESIGN
    assert tensor[first + 8 : first + 13].tolist() == [1, 1, 1, 0, 1]
    assert tensor[first + PERMANENT + 8 : first + PERMANENT + 13].tolist() == [0, 0, 0, 0, 0]


STONEGUARD = ("Ridge Recruit", "Sky Lancer", "Ridge Golem", "Stone Skin", "Gale Runner", "Windcaller")


@pytest.mark.parametrize("hand", [0, 3, 10, 12])
def test_cmd_observation_blocks_keep_their_places_whatever_the_hand_holds(hand: int) -> None:
    """The hand block has `HAND` slots however many cards the hand holds, so the Queue block and the
    global block always start at the same place: a Spark on the Queue is in the first Queue slot (marked
    as its own by seat 1 only), and the step one-hot marks the Main step, with 0, 3, 10 or 12 cards in
    hand."""
    game = command_game()
    state = game.state_from_position(
        {
            "turn": 3,
            "players": [{"hand": [STONEGUARD[i % len(STONEGUARD)] for i in range(hand)]}, {}],
            "queue": [{"seat": 1, "card": "Spark", "targets": ["player 0"]}],
        }
    )
    tensor = state.observation_tensor(0)
    hand_at = 2 * SEAT
    shown = min(hand, HAND)
    present = tensor[hand_at : hand_at + HAND * HAND_SLOT : HAND_SLOT]
    assert present.tolist() == [1] * shown + [0] * (HAND - shown)
    queue_at = hand_at + HAND * HAND_SLOT
    assert tensor[queue_at : queue_at + 2].tolist() == [1, 0]  # present, not the viewing seat's
    theirs = state.observation_tensor(1)[queue_at : queue_at + 2]
    assert theirs.tolist() == [1, 1]  # present, and seat 1's own
    assert tensor[queue_at + QUEUE_SLOT] == 0
    global_at = queue_at + QUEUE * QUEUE_SLOT
    assert global_at + GLOBAL == len(tensor)
    assert tensor[global_at + list(Step).index(Step.MAIN)] == 1


def test_cmd_e7_a_view_prints_what_its_seat_sees() -> None:
    """str(view): the seat's own hand by name, the other hand as question marks."""
    state = command_game().new_initial_state(seed=2)
    text = str(state.view(1))
    assert text.startswith("seat 1's view of Shard Command, turn 0")
    assert "hand (5): ?, ?, ?, ?, ?" in text
    own = ", ".join(f"{state.game.card_info[c].name} #{c}" for c in state.hands[1])
    assert f"hand (5): {own}" in text


def test_observations_do_not_depend_on_the_games_loaded_before() -> None:
    """Each game carries its own design vectors: every ordered pair of the seven shipped decks, loaded
    again one after another (each game freed before the next is loaded), observes its initial state as
    when it was first loaded, whatever game used the same memory before."""
    decks = sorted(starter_decks())
    pairs = [f"command(decks=({a},{b}))" for a in decks for b in decks if a != b]
    kept = [sg.load_game(text) for text in pairs]  # all alive at once: no address is reused
    expected = {
        text: g.new_initial_state(seed=1).observation_tensor(0) for text, g in zip(pairs, kept, strict=True)
    }
    del kept
    gc.collect()
    for text in pairs:
        game = sg.load_game(text)
        assert np.array_equal(game.new_initial_state(seed=1).observation_tensor(0), expected[text]), text
        del game


def test_the_design_vectors_are_read_only() -> None:
    game = command_game()
    with pytest.raises(ValueError, match="read-only"):
        game.design_vectors[0][0] = 5.0


def test_cmd_k22_a_foresight_under_way_names_the_cards_dealt_on_top_after_a_resample() -> None:
    """K22 Foresight: the cards being looked at are the top of the deck, in any deal of the hidden cards.

    Dealing the other seat's unknown cards again (as a determinisation does) moves new cards to the
    top: the Foresight under way must name them, so the state stays consistent and plays on.
    """
    game = sg.load_game("command(decks=(tidewell,chronovoid))")
    state, rng = game.new_initial_state(seed=0), sg.Rng(0)
    while not state.foresight:  # random play from this seed reaches a Foresight
        state.apply_action(rng.choice(state.legal_actions()))
    assert isinstance(state, CommandState)
    other = 1 - state.foresight_seat
    for seed in range(5):
        dealt = state.resample_hidden(other, seed)
        assert isinstance(dealt, CommandState)
        assert dealt.foresight == tuple(dealt.decks[dealt.foresight_seat].top[: len(dealt.foresight)])
        assert game.state_from_json(dealt.to_json()) == dealt  # it passes the state checks
        assert dealt.view(other) == state.view(other)
