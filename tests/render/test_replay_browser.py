"""The replay page in a real headless Chromium: it loads from a file, steps both ways and shows each step."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser import launch
from replay_data import page_data

import shardgames as sg
from shardgames.arena.replay_page import record_steps
from shardgames.render.html import document

GAMES = ("sota", "tactics(souls=12,max_turns=20)", "command(max_turns=6)")


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from launch()


def open_page(browser: Any, path: Path, hash_: str = "") -> tuple[Any, list[str], list[str]]:
    page = browser.new_page(viewport={"width": 1300, "height": 900})
    requests: list[str] = []
    errors: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(path.as_uri() + hash_)
    page.wait_for_selector("body[data-ready=true]", timeout=20_000)
    return page, requests, errors


def board_text(browser: Any, html: str) -> str:
    """The text a frame shows when drawn on its own page."""
    page = browser.new_page()
    page.set_content(document(html, title="frame"))
    text: str = page.inner_text("body")
    page.close()
    return text


@pytest.mark.parametrize("game", GAMES)
def test_stepping_through_a_match_shows_each_step(browser: Any, tmp_path: Path, game: str) -> None:
    seats = sg.load_game(game).num_players
    record = sg.play_match(game, [sg.RandomAgent() for _ in range(seats)], seed=4)
    steps = record_steps(record)
    path = tmp_path / "replay.html"
    record.save_html(path)
    page, requests, errors = open_page(browser, path)
    last = len(steps)
    assert page.inner_text("#sg-step") == f"step 0 / {last}"
    assert page.inner_text("#sg-action") == "the game begins"
    for _ in range(3):
        page.click("#sg-next")
    step = steps[2]
    assert page.inner_text("#sg-step") == f"step 3 / {last}"
    assert page.inner_text("#sg-action") == f"{step.label}: {step.action}"
    assert page.inner_text("#sg-turn") == step.to_act
    assert page.inner_text("#sg-events").splitlines() == [
        *(f"then, by itself: {a}" for a in step.automatic),
        *step.events,
    ]
    assert page.inner_text("#sg-board") == board_text(browser, state_after(record, 3).to_html())
    assert page.url.endswith("#step=3")
    page.keyboard.press("ArrowLeft")
    assert page.inner_text("#sg-step") == f"step 2 / {last}"
    page.keyboard.press("End")
    assert page.inner_text("#sg-step") == f"step {last} / {last}"
    assert page.inner_text("#sg-turn").startswith("game over: ")
    page.click("#sg-prev")
    page.click("#sg-first")
    assert page.inner_text("#sg-step") == f"step 0 / {last}"
    page.fill("#sg-slider", str(last // 2))
    assert page.inner_text("#sg-step") == f"step {last // 2} / {last}"
    page.click("#sg-log div:nth-child(2)")
    assert page.inner_text("#sg-step") == f"step 1 / {last}"
    assert requests == [path.as_uri()], "the page fetched something"
    assert errors == []
    page.close()


def state_after(record: sg.MatchRecord, steps: int) -> sg.State:
    """The state after the page's first `steps` steps.

    A step is a decision or a chance outcome, and what the engine then did by itself.
    """
    state = record.load_game().new_initial_state(record.seed)
    for _ in range(steps):
        state.apply_action(record.history[len(state.history)])
    return state


def test_an_address_opens_the_page_at_a_step_and_play_moves_on(browser: Any, tmp_path: Path) -> None:
    record = sg.play_match("command(max_turns=6)", [sg.RandomAgent(), sg.RandomAgent()], seed=2)
    path = tmp_path / "replay.html"
    record.save_html(path, seat=1)
    last = len(record_steps(record))
    page, _, errors = open_page(browser, path, "#step=7")
    assert page.inner_text("#sg-step") == f"step 7 / {last}"
    page.evaluate("location.hash = '#step=9'")
    page.wait_for_function("document.getElementById('sg-step').textContent.startsWith('step 9 ')")
    page.click("#sg-play")
    assert page.inner_text("#sg-play") == "pause"
    page.wait_for_function("document.getElementById('sg-step').textContent.startsWith('step 11 ')")
    page.keyboard.press(" ")
    assert page.inner_text("#sg-play") == "play"
    assert errors == []
    page.close()


@pytest.mark.parametrize("game", GAMES)
def test_what_a_step_changed_is_outlined(browser: Any, tmp_path: Path, game: str) -> None:
    """The places a step changed: cards get an outline, squares one drawn over the board."""
    seats = sg.load_game(game).num_players
    record = sg.play_match(game, [sg.RandomAgent() for _ in range(seats)], seed=4)
    path = tmp_path / "replay.html"
    record.save_html(path)
    steps = page_data(path.read_text(encoding="utf-8"))["steps"]
    index = next(i for i, step in enumerate(steps) if i > 5 and step["changed"])
    page, _, errors = open_page(browser, path, f"#step={index}")
    outlined = page.eval_on_selector_all(
        "#sg-board .sg-changed",
        "ps => ps.map(p => [p.dataset.ref, p instanceof SVGElement, getComputedStyle(p).outlineStyle])",
    )
    assert sorted(ref for ref, _, _ in outlined) == sorted(steps[index]["changed"])
    assert all(style == "solid" for _, square, style in outlined if not square)
    squares = sum(square for _, square, _ in outlined)
    assert page.eval_on_selector_all("#sg-board .sg-outline", "outlines => outlines.length") == squares
    page.click("#sg-first")
    assert page.eval_on_selector_all("#sg-board .sg-changed", "places => places.length") == 0
    assert "what the step changed" in page.inner_text(".sg-key")
    assert errors == []
    page.close()
