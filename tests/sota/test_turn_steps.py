"""SOTA-26 to 34, R8 to R11, DX9 to DX11: the steps of a Turn Phase around the duels.

Positions start at a seat's Gather, Position or Bolster step (``phase`` and ``to_act``); the later
seats' steps and the duel loop follow. Decks hold 20 filler cards unless said otherwise.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from sota_scenarios import (
    card,
    card_first_game,
    challenge,
    character_first_game,
    draw_kind,
    local,
    mill_fillers,
    names,
    phase,
    roll,
    scenario_game,
    seat,
    start,
)

from shardgames.kernel.errors import IllegalActionError
from shardgames.kernel.state import CHANCE
from shardgames.sota import SotaState
from shardgames.sota.actions import (
    AssignTrait,
    ChooseTarget,
    Draw,
    DuelWith,
    EndTurnPhase,
    KeepHand,
    Pass,
    Place,
    PlayAlly,
    RollDie,
    Swap,
)
from shardgames.sota.events import CharacterSwapped, DuelDeclared, TurnPhaseBegan, TurnPhaseEnded
from shardgames.sota.phases import Phase

Step = tuple[int, Phase | None]


def step(state: SotaState) -> Step:
    """Who decides now, and in which phase."""
    return (state.current_player, phase(state))


def play_steps(state: SotaState, answer: Callable[[SotaState], object] | None = None) -> list[Step]:
    """Answer every decision up to the duel loop (by default with the first legal action); return the
    decisions asked, in order."""
    asked = []
    while phase(state) in (Phase.GATHER, Phase.POSITION, Phase.BOLSTER):
        asked.append(step(state))
        action = answer(state) if answer is not None else state.legal_actions()[0]
        state.apply_action(action)  # type: ignore[arg-type]
    assert phase(state) is Phase.DUEL_UNIT
    return asked


def hand_names(state: SotaState, seat_index: int) -> list[str]:
    return sorted(names(state, state.hands[seat_index]))


def slot_names(state: SotaState, seat_index: int) -> list[str | None]:
    k = state.game.duel_positions
    row = state.slots[seat_index * k : seat_index * k + k]
    return [None if c < 0 else names(state, [c])[0] for c in row]


# ---------------------------------------------------------------------- SOTA-26: the six steps


def test_sota_26_six_steps_in_order() -> None:
    """SOTA-26 (S:L130): a Turn Phase has six steps, in order: Gather, Position, Bolster, Character Duel,
    Persona Duel, End Turn Phase."""
    state = start(
        seat(hand=["ex-a", "ex-ally-agility-1"]),
        seat(hand=["ex-d", "ex-grit"]),
        phase="gather",
        turn=2,
    )
    asked = []
    asked.append(step(state))
    state.apply_action(Draw(0))
    asked.append(step(state))
    state.apply_action(Draw(0))
    asked.append(step(state))
    state.apply_action(Place(local(state, 0, "ex-a"), 0))
    asked.append(step(state))
    state.apply_action(Place(local(state, 1, "ex-d"), 0))
    asked.append(step(state))
    state.apply_action(PlayAlly(local(state, 0, "ex-ally-agility-1")))
    asked.append(step(state))
    state.apply_action(Pass())
    assert asked == [
        (0, Phase.GATHER),
        (1, Phase.GATHER),
        (0, Phase.POSITION),
        (1, Phase.POSITION),
        (0, Phase.BOLSTER),
        (1, Phase.BOLSTER),
    ]
    assert step(state) == (0, Phase.DUEL_UNIT)
    challenge(state, 0, "agility", (1, 0))  # Character Duel: A (Agility 6) against D (Agility 3)
    roll(state, 6, 6, 1, 1)
    state.apply_action(Pass())  # P1 keeps its Ally in play; P2 has nothing and passes by itself
    assert names(state, state.shards[1]) == ["ex-d"]
    challenge(state, 0, "vitality", (1, None))  # Persona Duel: P2 has no Character left
    roll(state, 6, 6, 1, 1)
    state.apply_action(Pass())  # P2 keeps its Persona trait
    mill_fillers(state)
    state.apply_action(EndTurnPhase())
    kinds = [e.kind for e in state.events if isinstance(e, DuelDeclared)]
    assert kinds == ["Character Duel", "Persona Duel"]
    ended = next(i for i, e in enumerate(state.events) if isinstance(e, TurnPhaseEnded))
    began = [e for e in state.events[ended:] if isinstance(e, TurnPhaseBegan)]
    assert [(e.player, e.turn) for e in began] == [(1, 3)]
    assert step(state) == (1, Phase.GATHER)  # the next Turn Phase starts over with Gather


# ---------------------------------------------------------------------- SOTA-27, 28, R9, DX11: Gather


def test_sota_27_gather_draws_up_to_a_hand_of_5() -> None:
    """SOTA-27 (S:L133): in Gather each player may draw from the top of their deck up to a hand of 5."""
    state = start(seat(hand=["ex-a", "ex-e"]), seat(hand=["ex-c"]), phase="gather", turn=2)
    assert state.legal_actions() == (Draw(0), Draw(1), Draw(2), Draw(3))
    state.apply_action(Draw(3))
    assert state.current_player == CHANCE
    assert mill_fillers(state) == 3  # three cards, one chance node each
    assert len(state.hands[0]) == 5
    assert len(state.decks[0]) == 17
    assert step(state) == (1, Phase.GATHER)
    assert state.legal_actions() == tuple(Draw(n) for n in range(5))


def test_sota_27_drawing_fewer_or_none_is_allowed() -> None:
    """SOTA-27 (S:L133): drawing fewer cards, or none, is allowed."""
    state = start(seat(hand=["ex-a", "ex-e"]), seat(hand=["ex-c"]), phase="gather", turn=2)
    state.apply_action(Draw(0))
    assert step(state) == (1, Phase.GATHER)  # no card drawn, no chance node
    assert len(state.hands[0]) == 2
    assert len(state.decks[0]) == 20
    state.apply_action(Draw(1))
    assert mill_fillers(state) == 1
    assert len(state.hands[1]) == 2
    assert phase(state) is Phase.POSITION


def test_sota_r9_draw_at_most_what_the_deck_holds() -> None:
    """SOTA-R9: the action is Draw(n) with 0 <= n <= min(5 - hand size, cards in deck)."""
    state = start(seat(hand=["ex-a"], deck=2), seat(hand=["ex-c"]), phase="gather", turn=2)
    assert state.legal_actions() == (Draw(0), Draw(1), Draw(2))
    assert not state.is_legal(Draw(3))
    with pytest.raises(IllegalActionError):
        state.apply_action(Draw(3))
    assert len(state.hands[0]) == 1  # the illegal action left the state unchanged


@pytest.mark.parametrize("deck", [1, 2])
def test_sota_r9_gather_draws_a_deck_down_to_its_last_card(deck: int) -> None:
    """SOTA-27, R9: drawing as many cards as the deck holds takes them all, the last one included."""
    state = start(seat(hand=["ex-a"], deck=deck), seat(hand=["ex-c"]), phase="gather", turn=2)
    state.apply_action(Draw(deck))
    assert mill_fillers(state) == deck
    assert len(state.hands[0]) == 1 + deck
    assert len(state.decks[0]) == 0


@pytest.mark.parametrize(
    "first",
    [
        {"hand": ["ex-a", "ex-e", "ex-f", "ex-j", "casstia"]},  # a full hand
        {"hand": ["ex-a"], "deck": 0},  # an empty deck
    ],
    ids=["full-hand", "empty-deck"],
)
def test_sota_r9_gather_is_automatic_when_nothing_can_be_drawn(first: dict[str, object]) -> None:
    """SOTA-R9: Gather is applied automatically (Draw(0), logged) when the maximum is 0."""
    state = start(seat(**first), seat(hand=["ex-c"]), phase="gather", turn=2)
    assert step(state) == (1, Phase.GATHER)
    assert list(state.history) == [Draw(0)]


def test_sota_dx11_no_gather_in_turn_phase_1_then_draw_0_or_1() -> None:
    """DX11 (SOTA-27, 28, R9): no Gather in Turn Phase 1. In Turn Phase 2, a player with 3 cards in
    hand and a 1-card deck gets Draw(0..1)."""
    game = scenario_game()
    state = game.new_initial_state()
    assert isinstance(state, SotaState)
    while phase(state) is Phase.PERSONA:
        state.apply_action(state.legal_actions()[0])
    mill_fillers(state)
    state.apply_action(KeepHand())
    state.apply_action(KeepHand())
    start_roll = len(state.history)
    state.apply_action(RollDie(6))
    state.apply_action(RollDie(1))  # Turn Phase 1 begins with this die
    assert state.turn == 1
    assert step(state) == (0, Phase.POSITION)  # straight to Position
    play_steps(state)
    assert not any(isinstance(a, Draw) for a in state.history[start_roll:])  # not even Draw(0)
    state.apply_action(EndTurnPhase())
    assert state.turn == 2
    assert step(state) == (1, Phase.GATHER)  # Turn Phase 2 has a Gather
    assert state.legal_actions() == (Draw(0), Draw(1))  # 4 cards in hand

    position = start(seat(hand=["ex-a", "ex-e", "ex-f"], deck=1), seat(hand=["ex-c"]), phase="gather", turn=2)
    assert step(position) == (0, Phase.GATHER)
    assert position.legal_actions() == (Draw(0), Draw(1))


def test_sota_28_gather_follows_from_turn_phase_2_on() -> None:
    """SOTA-28 (S:L133): Gather is skipped only in the first Turn Phase of the game: the Turn Phase
    after a position's Turn Phase 1 has it."""
    state = start(seat(hand=["ex-a"]), seat(hand=["ex-c"]), turn=1)
    state.apply_action(EndTurnPhase())
    assert state.turn == 2
    assert step(state) == (1, Phase.GATHER)


# ---------------------------------------------------------------------- SOTA-29 to 31, R10: Position


def test_sota_29_place_one_character_from_hand_into_an_open_position() -> None:
    """SOTA-29 (S:L138), R10: each player puts one Character from hand into an open Duel Position,
    choosing the card and the position."""
    state = start(
        seat(hand=["ex-e", "ex-j", "ex-ally-magic-1"], positions=["ex-a"]),
        seat(hand=["ex-c"]),
        phase="position",
    )
    e, j = local(state, 0, "ex-e"), local(state, 0, "ex-j")
    assert set(state.legal_actions()) == {Place(c, s) for c in (e, j) for s in (1, 2)}
    state.apply_action(Place(j, 2))
    assert slot_names(state, 0) == ["ex-a", None, "ex-j"]
    assert hand_names(state, 0) == ["ex-ally-magic-1", "ex-e"]
    assert step(state) == (1, Phase.POSITION)  # one Character per step: P2 is next


def test_sota_29_a_position_holding_card_0_is_not_open(tmp_path: Path) -> None:
    """SOTA-29: a Duel Position holding a Character is not open, whatever the Character's number: J is
    card 0 of its decklist, and E goes only into the two positions beside it."""
    game = character_first_game(tmp_path)
    state = game.state_from_position(
        {"players": [{"hand": ["ex-e"], "positions": ["ex-j"]}, {"hand": ["ex-c"]}], "phase": "position"}
    )
    assert isinstance(state, SotaState)
    assert state.slots[0] == 0
    e = local(state, 0, "ex-e")
    assert set(state.legal_actions()) == {Place(e, 1), Place(e, 2)}


def test_sota_r10_position_is_compulsory_when_possible() -> None:
    """SOTA-R10: with a Character in hand and an open Duel Position, the player must place one: there
    is no Pass and no Swap."""
    state = start(seat(hand=["ex-e"], positions=["ex-a"]), seat(hand=["ex-c"]), phase="position")
    legal = state.legal_actions()
    assert all(isinstance(a, Place) for a in legal)
    assert not state.is_legal(Pass())
    assert not state.is_legal(Swap(0, local(state, 0, "ex-e")))
    compulsory = r"Duel Positions \[1, 2\] are open: placing a Character is compulsory"
    with pytest.raises(IllegalActionError, match=compulsory):
        state.apply_action(Pass())
    with pytest.raises(IllegalActionError, match=compulsory):
        state.apply_action(Swap(0, local(state, 0, "ex-e")))
    assert step(state) == (0, Phase.POSITION)
    assert state.why_illegal(EndTurnPhase()) == (
        "end turn phase does not answer this decision (seat 0: position a character)"
    )


def test_sota_r10_a_full_row_may_swap_or_pass() -> None:
    """SOTA-30 (S:L138), R10: with every position full, the player may Swap(out, in) or Pass; Pass
    leaves positions and hand as they are."""
    state = start(
        seat(hand=["ex-j", "ex-ally-magic-1"], positions=["ex-a", "ex-e", "ex-f"]),
        seat(hand=["ex-c"]),
        phase="position",
    )
    j = local(state, 0, "ex-j")
    assert set(state.legal_actions()) == {Pass(), Swap(0, j), Swap(1, j), Swap(2, j)}
    assert state.why_illegal(Place(j, 0)) == "Duel Position 0 is not open (a full row swaps instead)"
    state.apply_action(Pass())
    assert slot_names(state, 0) == ["ex-a", "ex-e", "ex-f"]
    assert hand_names(state, 0) == ["ex-ally-magic-1", "ex-j"]
    assert step(state) == (1, Phase.POSITION)


def test_sota_r10_a_swapped_characters_trait_that_is_card_0_goes_under_too(tmp_path: Path) -> None:
    """SOTA-R10: the returned Character takes its Trait under the deck whatever the Trait's number:
    here Grit is card 0 of its decklist."""
    state = start(
        seat(hand=["ex-j"], positions=["ex-a", {"card": "ex-e", "trait": "ex-grit"}, "ex-f"]),
        seat(hand=["ex-c"]),
        phase="position",
        game=card_first_game(tmp_path, "ex-grit"),
    )
    e = card(state, 0, "ex-e")
    assert state.traits[1] == 0
    state.apply_action(Swap(1, local(state, 0, "ex-j")))
    assert state.traits[1] == -1
    assert state.decks[0].cards()[-2:] == [e, 0]


def test_sota_dx9_swap_returns_the_character_then_its_trait_to_the_bottom() -> None:
    """DX9 (SOTA-30, R10, R22): with 3 Duel Positions full, Swap puts the Character and then its Trait on
    the bottom (the Trait becomes the bottom card), and the new card takes the slot. The returned cards
    are known only to their owner."""
    state = start(
        seat(hand=["ex-j"], positions=["ex-a", {"card": "ex-e", "trait": "ex-grit"}, "ex-f"]),
        seat(hand=["ex-c"]),
        phase="position",
    )
    e, grit, j = card(state, 0, "ex-e"), card(state, 0, "ex-grit"), card(state, 0, "ex-j")
    state.apply_action(Swap(1, local(state, 0, "ex-j")))
    assert state.slots[:3] == [card(state, 0, "ex-a"), j, card(state, 0, "ex-f")]
    assert state.traits[1] == -1  # the new card holds no Trait
    assert len(state.hands[0]) == 0
    deck = state.decks[0]
    assert len(deck) == 22
    assert deck.cards()[-2:] == [e, grit]  # the Character, then its Trait as the bottom card
    assert state.view(0).decks[0].bottom == (e, grit)
    assert state.view(1).decks[0].bottom == (None, None)  # P2 sees only the count
    assert state.view(1).decks[0].size == 22
    swapped = [ev for ev in state.events if isinstance(ev, CharacterSwapped)]
    assert [(ev.player, ev.slot, ev.returned, ev.card) for ev in swapped] == [(0, 1, e, j)]


def test_sota_30_swap_without_a_trait_returns_only_the_character() -> None:
    """SOTA-30 (S:L138): the returned Character takes its Trait only if it has one."""
    state = start(
        seat(hand=["ex-j"], positions=["ex-a", "ex-e", "ex-f"], deck_bottom=["ex-hex"]),
        seat(hand=["ex-c"]),
        phase="position",
    )
    a = card(state, 0, "ex-a")
    state.apply_action(Swap(0, local(state, 0, "ex-j")))
    assert names(state, state.decks[0].bottom) == ["ex-hex", "ex-a"]
    assert state.decks[0].cards()[-1] == a


@pytest.mark.parametrize(
    "positions",
    [["ex-a"], ["ex-a", "ex-e", "ex-f"]],
    ids=["open-position", "full-row"],
)
def test_sota_31_no_character_in_hand_skips_position(positions: list[str]) -> None:
    """SOTA-31 (S:L140), R10: a player with no Character in hand skips Position (even with a full row,
    where a Swap would need a Character)."""
    state = start(
        seat(hand=["ex-ally-magic-1", "ex-grit"], positions=positions),
        seat(hand=["ex-c"]),
        phase="position",
    )
    assert step(state) == (1, Phase.POSITION)
    assert Pass() not in state.history  # skipped, not passed


# ---------------------------------------------------------------------- SOTA-32 to 34, R11: Bolster


def test_sota_32_bolster_offers_one_ally_or_one_trait_or_pass() -> None:
    """SOTA-32 (S:L143-148), R11: Bolster is exactly one of: put one Ally from hand into its Ally
    Position, or attach one Trait from hand under an own Character in a Duel Position (without a
    Trait); or pass."""
    state = start(
        seat(
            hand=["ex-ally-magic-1", "ex-grit", "ex-j"],
            positions=["ex-a", {"card": "ex-e", "trait": "ex-hex"}],
        ),
        seat(positions=["ex-c"]),
        phase="bolster",
    )
    ally, grit = local(state, 0, "ex-ally-magic-1"), local(state, 0, "ex-grit")
    assert set(state.legal_actions()) == {Pass(), PlayAlly(ally), AssignTrait(grit, 0)}


def test_sota_32_an_ally_goes_on_top_of_the_stack_of_its_stat() -> None:
    """SOTA-32 (S:L143-146), R11: PlayAlly puts the Ally on top of the Ally Position of its stat;
    stacking is allowed."""
    state = start(
        seat(hand=["ex-ally-magic-1"], allies=["ex-ally-magic-2", "ex-ally-luck-3"]),
        seat(),
        phase="bolster",
    )
    magic_2, luck_3 = card(state, 0, "ex-ally-magic-2"), card(state, 0, "ex-ally-luck-3")
    magic_1 = card(state, 0, "ex-ally-magic-1")
    state.apply_action(PlayAlly(magic_1 & 63))
    assert state.allies[0:5] == [(), (), (luck_3,), (magic_2, magic_1), ()]  # the top card last
    assert len(state.hands[0]) == 0


def test_sota_32_a_trait_goes_under_an_own_character() -> None:
    """SOTA-32 (S:L147-148), R11: AssignTrait attaches the Trait to the own Character in that Duel
    Position."""
    state = start(seat(hand=["ex-grit"], positions=["ex-a", "ex-e"]), seat(), phase="bolster")
    grit = card(state, 0, "ex-grit")
    assert set(state.legal_actions()) == {Pass(), AssignTrait(grit & 63, 0), AssignTrait(grit & 63, 1)}
    state.apply_action(AssignTrait(grit & 63, 1))
    assert state.traits[:3] == [-1, grit, -1]
    assert len(state.hands[0]) == 0


def test_sota_32_card_0_in_a_duel_position_is_a_character_or_a_trait_like_any(tmp_path: Path) -> None:
    """SOTA-32, R11: a Trait goes under a Character without one, whatever the cards' numbers: under J,
    card 0 of its decklist; not under A, whose Trait Grit is card 0 of its decklist."""
    (tmp_path / "j").mkdir()
    (tmp_path / "grit").mkdir()
    j_first = character_first_game(tmp_path / "j")
    state = start(seat(hand=["ex-grit"], positions=["ex-j"]), seat(), phase="bolster", game=j_first)
    assert state.slots[0] == 0
    assert AssignTrait(local(state, 0, "ex-grit"), 0) in state.legal_actions()
    grit_first = card_first_game(tmp_path / "grit", "ex-grit")
    position = [{"card": "ex-a", "trait": "ex-grit"}, "ex-e"]
    state = start(seat(hand=["ex-hex"], positions=position), seat(), phase="bolster", game=grit_first)
    assert state.traits[0] == 0
    assert set(state.legal_actions()) == {Pass(), AssignTrait(local(state, 0, "ex-hex"), 1)}


def test_sota_dx10_after_play_ally_no_assign_trait_in_the_same_step() -> None:
    """DX10 (SOTA-32, 33): after PlayAlly the player's Bolster is over: no AssignTrait in the same step
    (the Trait stays in hand)."""
    state = start(
        seat(hand=["ex-ally-magic-1", "ex-grit"], positions=["ex-a"]),
        seat(hand=["ex-ally-luck-1"]),
        phase="bolster",
    )
    state.apply_action(PlayAlly(local(state, 0, "ex-ally-magic-1")))
    assert step(state) == (1, Phase.BOLSTER)
    assert hand_names(state, 0) == ["ex-grit"]
    state.apply_action(Pass())
    assert step(state) == (0, Phase.DUEL_UNIT)  # no second Bolster for P1
    assert state.traits[0] == -1


def test_sota_33_after_assign_trait_no_ally_in_the_same_step() -> None:
    """SOTA-33 (S:L146, L148): at most one Ally is placed and at most one Trait attached per turn, and
    Bolster is one of the two: after AssignTrait, no PlayAlly and no second Trait."""
    state = start(
        seat(hand=["ex-ally-magic-1", "ex-grit", "ex-hex"], positions=["ex-a", "ex-e"]),
        seat(),
        phase="bolster",
    )
    state.apply_action(AssignTrait(local(state, 0, "ex-grit"), 0))
    assert step(state) == (0, Phase.DUEL_UNIT)  # P2 had nothing to bolster with
    assert hand_names(state, 0) == ["ex-ally-magic-1", "ex-hex"]
    assert state.allies[3] == ()
    assert state.traits[1] == -1


def test_sota_33_a_character_never_holds_more_than_one_trait() -> None:
    """SOTA-33 (S:L148), SOTA-16, R11: a Character with a Trait is not offered another; with every own
    Character holding one and no Ally in hand, Bolster has nothing to do and is skipped."""
    state = start(
        seat(hand=["ex-grit"], positions=[{"card": "ex-a", "trait": "ex-hex"}]),
        seat(hand=["ex-ally-luck-1"]),
        phase="bolster",
    )
    assert step(state) == (1, Phase.BOLSTER)
    assert not any(isinstance(a, AssignTrait) for a in state.history)


@pytest.mark.parametrize(
    "hand",
    [["ex-j"], [], ["ex-j", "casstia"]],
    ids=["one-character", "empty-hand", "characters-only"],
)
def test_sota_34_neither_ally_nor_trait_skips_bolster(hand: list[str]) -> None:
    """SOTA-34 (S:L151): a player with neither an Ally nor a Trait in hand skips Bolster."""
    state = start(seat(hand=hand, positions=["ex-a"]), seat(hand=["ex-ally-luck-1"]), phase="bolster")
    assert step(state) == (1, Phase.BOLSTER)


def test_sota_r11_traits_go_only_to_own_characters_in_duel_positions() -> None:
    """SOTA-R11: Traits cannot be attached to Personas or to opponents' Characters: without an own
    Character in a Duel Position there is no AssignTrait (P2's Characters do not count)."""
    state = start(
        seat(hand=["ex-grit", "ex-ally-magic-1"]),
        seat(positions=["ex-c", "ex-d"]),
        phase="bolster",
    )
    assert set(state.legal_actions()) == {Pass(), PlayAlly(local(state, 0, "ex-ally-magic-1"))}
    alone = start(seat(hand=["ex-grit"]), seat(positions=["ex-c"]), phase="bolster")
    assert step(alone) == (0, Phase.DUEL_UNIT)  # nothing to do: skipped


def test_sota_r11_bolster_may_pass() -> None:
    """SOTA-R11: Pass is legal in Bolster; it changes nothing."""
    state = start(
        seat(hand=["ex-grit", "ex-ally-magic-1"], positions=["ex-a"]),
        seat(),
        phase="bolster",
    )
    state.apply_action(Pass())
    assert hand_names(state, 0) == ["ex-ally-magic-1", "ex-grit"]
    assert state.traits[0] == -1
    assert state.allies[3] == ()
    assert step(state) == (0, Phase.DUEL_UNIT)


# ---------------------------------------------------------------------- R8: every player, in turn order


def full_steps_seat(character: str) -> dict[str, object]:
    """A seat with a real decision at each of Gather, Position and Bolster."""
    return seat(hand=[character, "ex-ally-magic-1"])


def test_sota_r8_every_player_gathers_positions_and_bolsters_in_turn_order() -> None:
    """SOTA-R8: every remaining player performs Gather, Position and Bolster in every Turn Phase, step
    by step: all Gather, then all Position, then all Bolster, each in turn order from the active
    player. Only the duels belong to the active player."""
    state = start(
        full_steps_seat("ex-a"),
        full_steps_seat("ex-c"),
        full_steps_seat("ex-c"),
        phase="gather",
        turn=5,
        active=1,
    )
    assert play_steps(state) == [
        (1, Phase.GATHER),
        (2, Phase.GATHER),
        (0, Phase.GATHER),
        (1, Phase.POSITION),
        (2, Phase.POSITION),
        (0, Phase.POSITION),
        (1, Phase.BOLSTER),
        (2, Phase.BOLSTER),
        (0, Phase.BOLSTER),
    ]
    assert step(state) == (1, Phase.DUEL_UNIT)


def test_sota_r8_an_eliminated_player_has_no_steps() -> None:
    """SOTA-R8, R1: only the remaining players perform the steps."""
    state = start(
        full_steps_seat("ex-a"),
        {"out": True},
        full_steps_seat("ex-c"),
        phase="gather",
        turn=5,
        active=2,
    )
    assert play_steps(state) == [
        (2, Phase.GATHER),
        (0, Phase.GATHER),
        (2, Phase.POSITION),
        (0, Phase.POSITION),
        (2, Phase.BOLSTER),
        (0, Phase.BOLSTER),
    ]


def test_sota_r8_the_next_turn_phase_gives_everyone_the_steps_again() -> None:
    """SOTA-R8: the steps come again in every Turn Phase, from the new active player."""
    state = start(full_steps_seat("ex-a"), full_steps_seat("ex-c"), turn=3)
    state.apply_action(EndTurnPhase())
    assert state.active == 1
    assert play_steps(state) == [
        (1, Phase.GATHER),
        (0, Phase.GATHER),
        (1, Phase.POSITION),
        (0, Phase.POSITION),
        (1, Phase.BOLSTER),
        (0, Phase.BOLSTER),
    ]
    assert step(state) == (1, Phase.DUEL_UNIT)


def test_sota_r8_steps_then_the_duel_loop_of_the_active_player_only() -> None:
    """SOTA-R8: after everyone's Bolster, only the active player duels; the defender may have rebuilt
    its defences in the same Turn Phase (its Character placed in Position is a target)."""
    state = start(seat(hand=["ex-a"]), seat(hand=["ex-c"]), phase="position", turn=2)
    play_steps(state)
    assert step(state) == (0, Phase.DUEL_UNIT)
    state.apply_action(DuelWith(0))
    state.apply_action(state.legal_actions()[0])
    assert state.legal_actions() == (ChooseTarget(1, 0),)


def test_sota_r8_cards_gathered_can_be_positioned_in_the_same_turn_phase() -> None:
    """SOTA-R8, R9: the cards drawn in Gather can be placed in the same Turn Phase's Position."""
    state = start(
        seat(hand=["ex-ally-magic-1"], deck=["ex-j", "ex-filler"]),
        seat(hand=["ex-c"]),
        phase="gather",
        turn=2,
    )
    state.apply_action(Draw(1))
    state.apply_action(draw_kind(state, "ex-j"))
    state.apply_action(Draw(0))
    assert step(state) == (0, Phase.POSITION)
    assert {a.card for a in state.legal_actions() if isinstance(a, Place)} == {local(state, 0, "ex-j")}
