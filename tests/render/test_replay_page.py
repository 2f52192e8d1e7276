"""The replay page and the step table of a match record, checked from Python."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import pytest
from click.testing import CliRunner, Result
from replay_data import page_data

import shardgames as sg
from shardgames.arena.replay_page import HIDDEN_OUTCOME, record_steps, record_table
from shardgames.cli import cli
from shardgames.cli.arena import replay_lines
from shardgames.command.actions import DeclareAttack
from shardgames.kernel.errors import ReplayError, UsageError
from shardgames.render.html import places
from shardgames.sota.actions import Place
from shardgames.tactics import Phase, TacticsPrompt, TacticsState
from shardgames.tactics.actions import Move
from shardgames.tactics.board import name
from shardgames.tactics.movement import waiting_move

GAMES = ("sota", "tactics(souls=12,max_turns=20)", "command(max_turns=6)", "embers")


def record_of(game: str, seed: int = 3) -> sg.MatchRecord:
    return sg.play_match(game, [sg.RandomAgent() for _ in range(sg.load_game(game).num_players)], seed=seed)


def invoke(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args), env={"COLUMNS": "120"})


@pytest.mark.parametrize("game", GAMES)
def test_each_frame_is_the_state_after_that_step(game: str) -> None:
    """Frame k shows the state once k decisions or chance outcomes, and what followed by itself, are in."""
    record = record_of(game)
    data = page_data(record.to_html())
    state = record.load_game().new_initial_state(record.seed)
    expected = [state.to_html()]
    while len(state.history) < len(record.history):
        state.apply_action(record.history[len(state.history)])
        expected.append(state.to_html())
    assert state.is_terminal()
    assert data["frames"] == expected
    assert len(data["steps"]) == len(expected) == len(record_steps(record)) + 1


@pytest.mark.parametrize("game", GAMES)
def test_the_printed_replay_and_the_page_show_the_same_steps(game: str) -> None:
    """Both walk the record alike: the same steps by the same actors, each with as many automatic ones."""
    record = record_of(game)
    printed: list[tuple[str, int]] = []  # per step: who acted, and the automatic steps after it
    for line in replay_lines(record)[1:-1]:
        found = re.match(r"\s*\d+  (chance|seat \d+|auto): ", line)
        if found is None:
            continue  # an event
        if found.group(1) == "auto":
            who, autos = printed.pop() if printed else ("start", 0)
            printed.append((who, autos + 1))
        else:
            printed.append((found.group(1), 0))
    page = page_data(record.to_html())["steps"]
    start = [("start", len(page[0]["automatic"]))] if page[0]["automatic"] else []
    shown = [
        ("chance" if step["actor"] == sg.CHANCE else f"seat {step['actor']}", len(step["automatic"]))
        for step in page[1:]
    ]
    assert printed == start + shown
    assert len(shown) == len(record_steps(record))


def test_the_steps_name_who_acted_and_end_with_the_result() -> None:
    record = record_of("command(max_turns=6)")
    steps = record_steps(record)
    assert steps[0].index == 1
    assert any(step.label == "chance" or step.label.startswith("seat ") for step in steps)
    assert all(step.label in ("chance", "seat 0 (random)", "seat 1 (random)") for step in steps)
    assert steps[-1].to_act.startswith("game over: ")
    if record.winner is not None:
        assert f"seat {record.winner} (random) wins" in steps[-1].to_act


def test_a_seat_sees_only_its_own_choices_and_censored_events() -> None:
    record = record_of("sota")
    everything, seat0 = record_steps(record), record_steps(record, seat=0)
    assert len(everything) == len(seat0)
    for full, seen in zip(everything, seat0, strict=True):
        if full.actor == 0:
            assert seen.action == full.action
        else:
            assert seen.action == "(what this seat cannot see is hidden)"
    # What seat 1 drew is not in seat 0's page, though it is in the full one.
    state = record.load_game().new_initial_state(record.seed)
    drawn_by_1 = [str(e) for e in record.replay().events if "seat 1 drew" in str(e)]
    assert drawn_by_1
    seen_events = {e for step in seat0 for e in step.events}
    assert not seen_events & set(drawn_by_1)
    assert set(drawn_by_1) <= {e for step in everything for e in step.events}
    data = page_data(record.to_html(seat=0))
    assert data["frames"][0] == state.view(0).to_html()


def outcomes(step: dict[str, Any]) -> list[str]:
    """The chance outcomes and forced moves of a step of the page, in words."""
    return [step["action"], *step["automatic"]] if step["label"] == "chance" else step["automatic"]


@pytest.mark.parametrize("game", ["sota", "command(max_turns=6)", "command(max_turns=6,chance=explicit)"])
def test_chance_outcomes_name_a_card_only_for_the_seats_that_may_see_it(game: str) -> None:
    """The full page names every card drawn; a seat's page names its own and says a hidden card for others."""
    record = record_of(game)
    pages = [page_data(record.to_html(seat=seat))["steps"] for seat in (None, 0, 1)]
    everything, seat0, seat1 = ([outcomes(step) for step in steps] for steps in pages)
    hidden = {0: 0, 1: 0}
    for full, mine, theirs in zip(everything, seat0, seat1, strict=True):
        for index, words in enumerate(full):
            assert not re.search(r"card kind|of design \d", words)  # names, not numbers
            shown = (mine[index], theirs[index])
            if HIDDEN_OUTCOME in shown:  # a card drawn by one seat: the other may not see it
                assert words.startswith("draw ")
                assert words in shown  # the seat that drew it reads the same name
                hidden[shown.index(HIDDEN_OUTCOME)] += 1
            else:  # dice, the coin, forced moves: public
                assert shown == (words, words)
    assert hidden[0] > 0
    assert hidden[1] > 0


def test_the_start_shows_the_deal_as_each_seat_saw_it() -> None:
    record = record_of("command(max_turns=6)")
    start = page_data(record.to_html(seat=1))["steps"][0]
    assert start["action"] == "the game begins"
    assert start["automatic"][0] in ("seat 0 starts", "seat 1 starts")
    drawn = [words for words in start["automatic"] if words.startswith("draw ")]
    assert len(drawn) == len([e for e in start["events"] if e.startswith("seat 1 drew ")])
    assert start["automatic"].count(HIDDEN_OUTCOME) == len(drawn)  # as many for seat 0


def moved(state: sg.State, action: Move) -> set[str]:
    """The squares a move empties and fills: none yet for a move into a Portal that waits for its exit;
    for the exit, the square the warrior leaves and the one it comes out on."""
    if action.origin == action.dest:
        return set()
    prompt = state.prompt
    if isinstance(prompt, TacticsPrompt) and prompt.phase is Phase.PORTAL:
        assert isinstance(state, TacticsState)
        return {name(state.square[prompt.warrior]), name(action.dest)}
    after = state.clone()
    after.apply_action(action)
    assert isinstance(after, TacticsState)
    return set() if waiting_move(after) is not None else {name(action.origin), name(action.dest)}


@pytest.mark.parametrize(
    ("game", "kind", "places"),
    [
        ("tactics(souls=12,max_turns=20)", Move, moved),
        ("command(max_turns=6)", DeclareAttack, lambda s, a: {f"arena-{a.attacker}"}),
        ("sota", Place, lambda s, a: {f"position-{s.current_player}-{a.slot}"}),
    ],
)
def test_each_step_lists_the_places_it_changed(
    game: str, kind: type, places: Callable[..., set[str]]
) -> None:
    """A move outlines its squares, an attack its attacker, a placed Character its Duel Position."""
    record = record_of(game)
    steps = page_data(record.to_html())["steps"]
    assert steps[0]["changed"] == []
    state = record.load_game().new_initial_state(record.seed)
    checked = 0
    for step in steps[1:]:
        action = record.history[len(state.history)]
        if isinstance(action, kind) and places(state, action):
            assert places(state, action) <= set(step["changed"]), step
            checked += 1
        state.apply_action(action)
    assert checked


def test_places_reads_each_named_element_whole() -> None:
    """Nested places, void and self-closing elements, entities: each place is its whole markup."""
    html = (
        '<div class="sg"><div data-ref="outer">a &amp; b<br><span data-ref="inner">x</span>'
        '<svg><g data-ref="e4"><rect x="1"/><text>M*</text></g></svg></div><p>not a place</p></div>'
    )
    found = places(html)
    assert found == {
        "inner": '<span data-ref="inner">x</span>',
        "e4": '<g data-ref="e4"><rect x="1"/><text>M*</text></g>',
        "outer": '<div data-ref="outer">a &amp; b<br>'
        + found["inner"]
        + "<svg>"
        + found["e4"]
        + "</svg></div>",
    }


def test_pages_are_deterministic_and_self_contained() -> None:
    record = record_of("tactics(souls=12,max_turns=20)")
    page = record.to_html()
    assert page == record_of("tactics(souls=12,max_turns=20)").to_html()
    assert page.startswith("<!DOCTYPE html>")
    outside = page.replace(re.search(r'id="sg-data"[^>]*>[^<]*<', page).group(0), "")  # type: ignore[union-attr]
    for fetch in ("src=", "href=", "://", "@import", "url("):
        assert fetch not in outside


def test_bad_seats_and_records_are_refused() -> None:
    record = record_of("embers")
    with pytest.raises(UsageError, match="seat must be between 0 and 1, not 2"):
        record.to_html(seat=2)
    broken = attrs.evolve(record, seed=record.seed + 1)
    with pytest.raises(ReplayError):
        broken.to_html()


def test_a_record_in_a_notebook_is_a_step_table() -> None:
    record = record_of("command(max_turns=6)")
    html = record._repr_html_()
    assert html == record_table(record)
    assert "<table" in html
    assert "<th>action</th>" in html
    assert html.count("<tr>") == min(400, len(record_steps(record))) + 1
    assert f"seed {record.seed}" in html


def test_the_command_line_writes_the_page(tmp_path: Path) -> None:
    source, out = tmp_path / "match.json", tmp_path / "match.html"
    record = record_of("sota")
    record.save(source)
    result = invoke("replay", str(source), "--html", str(out))
    assert result.exit_code == 0, result.output
    assert f"wrote {out}" in result.stdout
    assert out.read_text(encoding="utf-8") == record.to_html()
    result = invoke("replay", str(source), "--html", str(out), "--seat", "1")
    assert result.exit_code == 0, result.output
    assert out.read_text(encoding="utf-8") == record.to_html(seat=1)


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (("--seat", "1"), "--seat goes with --html"),
        (("--html", "OUT", "--seat", "7"), "seat must be between 0 and 1, not 7"),
    ],
)
def test_the_command_line_refuses_bad_options(tmp_path: Path, extra: tuple[str, ...], message: str) -> None:
    source = tmp_path / "match.json"
    record_of("sota").save(source)
    args = [a.replace("OUT", str(tmp_path / "x.html")) for a in extra]
    result = invoke("replay", str(source), *args)
    assert result.exit_code == 2
    assert message in result.output
    assert "Traceback" not in result.output
