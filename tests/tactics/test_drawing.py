"""Drawing a game for people: the HTML of a state and of a view (status bar, board, a panel per seat),
the text of a view, and legal actions in words that name the warriors."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from html import escape
from pathlib import Path

import pytest
from tactics_scenarios import action, play, start, tactics_game

import shardgames as sg
from shardgames.render.html import places
from shardgames.tactics import TacticsState, square
from shardgames.tactics.actions import BuyWarrior, FirstPlayer, Move
from shardgames.tactics.board import name
from shardgames.tactics.html import LEGEND, TITLE, state_html, view_html
from shardgames.tactics.render import board_svg, describe_action, marked_squares
from shardgames.tactics.view import TacticsView

SVG = "{http://www.w3.org/2000/svg}"
EXTRA_ROSTER = Path(__file__).parent / "data" / "effect_warriors.toml"

# Seat 0 to act; an Archer of seat 0 on e6 in range of an injured Knight of seat 1 on d5 (Water);
# a Pikeman of seat 0 scorched in its own Fire.
BOARD = """
 8  .  .  .  o  .  .  .  .
 6  .  .  .  .  A  .  .  .
 5  .  .  .  k* .  .  .  .
 4  .  .  .  .  P  .  .  .
 1  .  .  .  .  E  .  .  .
"""
TERRAIN = """
 5  .  .  .  w  .  .  .  .
 4  .  .  .  .  F  .  .  .
"""

# Seat 0's Archer on d5 has attacked seat 1's Knight on d6, which may riposte.
RIPOSTE = """
 8  .  .  .  .  .  .  .  o
 6  .  .  .  k  .  .  .  .
 5  .  .  .  A  .  .  .  .
 1  E  .  .  .  .  .  .  .
"""


def seat_0_buys_first() -> TacticsState:
    """A new game in which seat 0 won the coin flip and is to buy."""
    state = tactics_game(chance="explicit").new_initial_state()
    assert isinstance(state, TacticsState)
    state.apply_action(FirstPlayer(0))
    return state


def position() -> TacticsState:
    return start(BOARD, TERRAIN, turn=7, souls=[3, 5], actions_used=1, scorched=["e4"])


def blocks(html: str, kind: str) -> list[str]:
    """The HTML of each block of a kind (``"panel"``, ``"card"``) from its opening tag on, in order."""
    starts = [m.start() for m in re.finditer(rf'<div class="sg-{kind}(?: sg-[a-z]+)*"', html)]
    return [html[a:b] for a, b in zip(starts, [*starts[1:], len(html)], strict=True)]


def panels(html: str) -> list[str]:
    """The HTML of each seat's panel, in seat order."""
    return blocks(html, "panel")


def panel_is_active(panel_html: str) -> bool:
    return panel_html.startswith('<div class="sg-panel sg-active"')


def text_of(html: str) -> str:
    """The words of an HTML fragment, its tags dropped and its spaces squeezed."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).replace("&#x27;", "'")


def board_of(html: str) -> ET.Element:
    """The board picture inside a drawing."""
    found = re.search(r"<svg.*?</svg>", html, re.DOTALL)
    assert found is not None
    return ET.fromstring(found.group(0))


def cards(panel_html: str) -> dict[str, str]:
    """The words of each warrior card of a panel, by the card's title."""
    out = {}
    for chunk in blocks(panel_html, "card"):
        title = re.search(r'<div class="sg-card-title">([^<]*)</div>', chunk)
        assert title is not None
        out[title.group(1)] = text_of(chunk)
    return out


# ---------------------------------------------------------------------- the HTML of a state


def test_the_board_has_a_legend_for_its_marks() -> None:
    """The injured warrior's M* with its dashed outline, the Might in the corner, the yellow square."""
    html = position().to_html()
    legend = html.split('class="sg-legend"')[1].split("</div></div>")[0]
    for mark, meaning in LEGEND:
        assert f"<b>{escape(mark)}</b> {escape(meaning)}" in legend
    meanings = dict(LEGEND)
    assert "injured" in meanings["M*"]
    assert "dashed outline" in meanings["M*"]
    assert "Might" in meanings["3"]


def test_each_square_of_the_board_is_a_place() -> None:
    """The squares are named, so a replay page can outline those a step changed."""
    shown = places(board_svg(position()))
    assert list(shown) == [name(cell) for cell in range(64)]
    assert "Knight (injured)" in shown["d5"]


def test_the_html_shows_the_board_picture_with_every_warrior() -> None:
    state = position()
    html = state.to_html()
    assert html == state._repr_html_() == state_html(state)
    board = board_of(html)
    assert ET.tostring(board) == ET.tostring(ET.fromstring(board_svg(state)))
    names = {c.findtext(f"{SVG}title") for c in board.iter(f"{SVG}circle")}
    assert names == {"CMDR Oren", "Archer", "Knight (injured)", "Pikeman", "CMDR Kess"}
    texts = [t.text for t in board.iter(f"{SVG}text")]
    assert {"A", "P", "E", "O", "K*"} <= set(texts)  # letters, injured marked as in the text diagram
    assert {"water", "fire"} <= set(texts)


def test_a_panel_per_seat_lists_its_warriors_with_names_might_movement_and_effect() -> None:
    seat0, seat1 = panels(position().to_html())
    assert len(blocks(seat0, "card")) == 3
    archer = cards(seat0)["Archer"]
    assert "A on e6 · cost 2" in archer
    assert "Might 1" in archer
    assert "up to 2 spaces orthogonally" in archer
    assert "RANGED" in archer
    assert "its attack actions may target an enemy within effect distance 3" in archer
    pikeman = cards(seat0)["Pikeman"]
    assert "Might 2 printed 3" in pikeman  # scorched: one less than on the card
    assert "scorched" in pikeman
    kess = cards(seat0)["CMDR Kess"]
    assert "commander" in kess
    words = text_of(seat0)
    assert "Seat 0 (blue)" in words
    assert "3 Souls" in words
    assert "commander: CMDR Kess (e1)" in words
    assert "fire e4" in words  # its terrain
    assert "5 Souls" in text_of(seat1)
    assert set(cards(seat1)) == {"CMDR Oren", "Knight (injured)"}


def test_an_injured_warrior_shows_its_injured_side() -> None:
    html = position().to_html()
    knight = cards(panels(html)[1])["Knight (injured)"]
    assert "Might 3" in knight
    assert "1 space in any direction" in knight
    assert "no effect" in knight  # the injured Knight has no riposte
    assert "injured" in knight.replace("Knight (injured)", "")
    circle = next(
        c for c in board_of(html).iter(f"{SVG}circle") if c.findtext(f"{SVG}title") == "Knight (injured)"
    )
    assert "stroke-dasharray" in circle.attrib


def test_the_status_bar_says_whose_turn_and_what_is_pending() -> None:
    status = text_of(position().to_html().split('class="sg-status">')[1].split("</div>")[0])
    assert status == " turn 7 phase play to act seat 0 (blue) actions 1 of 3 used "


def test_the_seat_to_act_is_marked() -> None:
    state = position()
    seat0, seat1 = panels(state.to_html())
    assert panel_is_active(seat0)
    assert not panel_is_active(seat1)
    assert "to act" in text_of(seat0).split("warriors on the board")[0]
    play(state, "end turn")
    seat0, seat1 = panels(state.to_html())
    assert not panel_is_active(seat0)
    assert panel_is_active(seat1)


def test_a_riposte_marks_the_knight_on_the_board_and_in_its_panel() -> None:
    """The Knight's owner decides during the other seat's turn: its panel is the active one, and the
    Knight is the warrior asked about."""
    state = start(
        RIPOSTE,
        decision={"riposte": "d6"},
        actions_used=1,
    )
    assert marked_squares(state) == (square("d6"),)
    html = state.to_html()
    seat0, seat1 = panels(html)
    assert panel_is_active(seat1)
    assert not panel_is_active(seat0)
    knight = next(c for c in blocks(seat1, "card") if "Knight" in c)
    assert knight.startswith('<div class="sg-card sg-mark"')
    marks = [r for r in board_of(html).iter(f"{SVG}rect") if r.attrib.get("class") == "marked"]
    assert [(r.attrib["x"], r.attrib["y"]) for r in marks] == [(str(24 + 3 * 48 + 2), str(24 + 2 * 48 + 2))]
    status = text_of(html.split('class="sg-status">')[1].split("</div>")[0])
    assert "to act seat 1 (red) in the turn of seat 0 (blue)" in status
    assert "effect RIPOSTE_MOVE of Knight (d6)" in status


def test_setup_shows_the_purchases_left_and_what_each_seat_can_afford() -> None:
    state = seat_0_buys_first()
    state.apply_action(BuyWarrior("cmdr-vale", square("d1")))
    html = state.to_html()
    status = text_of(html.split('class="sg-status">')[1].split("</div>")[0])
    assert "phase setup" in status
    assert "purchases left 2" in status
    seat0, seat1 = panels(html)
    affordable = text_of(seat0).split("can afford")[1]
    assert "Wyvern 6" in affordable
    assert "CMDR Vale" not in affordable  # one copy of each commander
    assert "CMDR Oren 8" in text_of(seat0)  # a second commander costs its price
    assert "CMDR Oren free" in text_of(seat1)  # the first one is free
    assert "no commander" in text_of(seat1)


def test_a_finished_game_names_the_winner_and_the_defeated() -> None:
    state = start(" 2  .  .  .  v* .  .  .  .\n 1  .  .  .  M  .  .  .  V")
    play(state, "attack d2 from d1")
    html = state.to_html()
    status = text_of(html.split('class="sg-status">')[1].split("</div>")[0])
    assert "game over: seat 0 (blue) wins" in status
    seat1 = panels(html)[1]
    assert "defeated CMDR Vale (injured)" in text_of(seat1)
    assert not any(panel_is_active(p) for p in panels(html))


# ---------------------------------------------------------------------- a view


def test_the_view_draws_what_the_state_shows_with_the_seat_in_the_title() -> None:
    state = position()
    for seat in (0, 1):
        view = state.view(seat)
        assert isinstance(view, TacticsView)
        html = view.to_html()
        assert html == view._repr_html_() == view_html(view)
        assert f">{TITLE}, seen by seat {seat}<" in html
        assert html.replace(f", seen by seat {seat}<", "<") == state.to_html()


def test_the_view_is_drawn_from_the_view_alone() -> None:
    state = position()
    view = state.view(1)
    before = state.to_html()
    play(state, "end turn")  # the state moves on; the view keeps showing the table it was taken from
    assert view.to_html().replace(", seen by seat 1<", "<") == before


def test_str_of_a_view_shows_the_board_and_the_counters() -> None:
    state = position()
    text = str(state.view(1))
    lines = text.splitlines()
    assert lines[0] == "Soulshards Tactics, turn 7, seat 0 to play (seen by seat 1)"
    assert lines[1:] == str(state).splitlines()[1:]
    rank5 = next(line for line in lines if line.startswith(" 5 "))
    assert rank5.split()[:9] == ["5", ".", ".", ".", "k*", ".", ".", ".", "."]
    assert "souls 3 / 5; actions used 1 of 3" in text


# ---------------------------------------------------------------------- actions in words


def described(state: TacticsState, seat: int | None = None) -> dict[str, str]:
    """Each legal action's words, by its short text."""
    view = state.view(state.current_player if seat is None else seat)
    return {str(a): view.describe_action(a) for a in state.legal_actions()}


def test_moves_and_attacks_name_the_warriors_and_the_squares() -> None:
    words = described(position())
    assert words["move e6 to e7"] == "move Archer from e6 to e7"
    assert words["move e6 0 spaces"] == "move Archer 0 spaces, staying on e6"
    assert words["attack d5 from e6"] == "attack Knight (injured) at d5 with Archer from e6"
    assert words["buy an action"] == "buy an action (1 Soul)"
    assert words["end turn"] == "end turn"


def test_a_move_through_a_portal_names_it() -> None:
    state = start(
        " 8  .  .  .  .  .  .  .  o\n 1  .  .  .  M  .  .  .  E",
        " 1  .  .  P  .  .  .  .  .\n 8  P  .  .  .  .  .  .  .",
    )
    assert described(state)["move d1 to c1"] == "move Militia from d1 to c1"
    state.apply_action(Move(square("d1"), square("c1")))  # the exit is the next decision
    words = described(state)
    assert words["move c1 to a8"] == "move Militia from d1 through the portal at c1 to a8"
    assert words["decline"] == "do not teleport: move Militia from d1 to the portal at c1"


def test_purchases_name_the_warrior_and_its_price() -> None:
    state = seat_0_buys_first()
    words = described(state)
    assert words["buy cmdr-vale at d1"] == "buy CMDR Vale (free) at d1"  # the first commander is free
    assert words["buy fire at c4"] == "buy fire terrain (1 Soul) at c4"
    state.apply_action(action(state, "buy cmdr-vale at d1"))
    words = described(state)
    assert words["buy militia at a2"] == "buy Militia (1 Soul) at a2"
    assert words["buy knight at a1"] == "buy Knight (5 Souls) at a1"
    assert words["buy cmdr-oren at a1"] == "buy CMDR Oren (8 Souls) at a1"
    assert words["stop buying"] == "stop buying"


def test_a_riposte_names_the_knight_and_its_effect() -> None:
    state = start(
        RIPOSTE,
        decision={"riposte": "d6"},
        actions_used=1,
    )
    words = described(state)
    assert words["decline"] == "decline the RIPOSTE_MOVE of Knight (d6)"
    assert words["move d6 to d8"] == "move Knight from d6 to d8 (its RIPOSTE_MOVE)"


def test_a_nudge_names_the_nudged_warrior_and_whose_effect_it_is() -> None:
    state = start(
        " 8  .  .  .  .  .  .  .  e\n 2  .  .  .  m  .  .  .  .\n 1  .  .  .  V  .  .  .  .", active=1
    )
    play(state, "end turn")
    words = described(state)
    assert words["move d2 to e3"] == "nudge Militia from d2 to e3 (CMDR Vale's NUDGE)"
    assert words["decline"] == "decline the NUDGE of CMDR Vale (d1)"


def test_effect_choices_are_named() -> None:
    game = tactics_game(roster=(str(EXTRA_ROSTER),))
    order = start(
        " 8  .  .  .  .  .  .  .  e\n 2  .  M  .  .  .  .  M  .\n 1  V  .  .  .  .  .  .  [warden]",
        game=game,
        decision={"order": ["a1", "h1"]},
    )
    assert marked_squares(order) == (square("a1"), square("h1"))
    words = described(order)
    assert words["resolve the effect of a1 next"] == "resolve the effect of CMDR Vale on a1 (NUDGE) next"
    assert words["resolve the effect of h1 next"] == "resolve the effect of Warden on h1 (NUDGE) next"
    placing = start(
        " 8  .  .  .  .  .  .  .  e\n 3  .  .  M  .  .  .  .  .\n 1  .  .  .  G  .  .  .  E", game=game
    )
    play(placing, "move d1 to d2")
    words = described(placing)
    assert words["place terrain at c1"] == "place portal terrain at c1 (Gatewright's PLACE_TERRAIN(portal))"
    assert words["decline"] == "decline the PLACE_TERRAIN(portal) of Gatewright (d2)"


def test_a_teleport_after_a_nudge_is_named() -> None:
    state = start(
        " 8  .  .  .  .  .  .  .  e\n 2  .  .  .  m  .  .  .  .\n 1  .  .  .  V  .  .  .  .",
        " 5  .  .  .  .  .  .  .  p\n 1  .  .  .  .  p  .  .  .",
        active=1,
    )
    play(state, "end turn", "move d2 to e1")
    words = described(state)
    assert words["move e1 to h5"] == "teleport Militia from the portal at e1 to the portal at h5"
    assert words["decline"] == "do not teleport: Militia stays on the portal at e1"


@pytest.mark.parametrize("seed", [3, 11])
def test_every_legal_action_of_a_random_game_is_described_by_its_warriors(seed: int) -> None:
    """Along a random game, a move or an attack always names a warrior of the roster, never a square alone."""
    game = tactics_game()
    state = game.new_initial_state(seed=seed)
    assert isinstance(state, TacticsState)
    rng = sg.Rng(seed)
    names = {side for pair in game.side_names for side in pair}
    for _ in range(150):
        if state.is_terminal():
            break
        view = state.view(state.current_player)
        for legal in state.legal_actions():
            words = view.describe_action(legal)
            assert words == describe_action(state, legal)
            if str(legal).startswith(("move", "attack")):
                assert any(n in words for n in names), words
        state.apply_action(rng.choice(state.legal_actions()))
