"""A recorded match as one self-contained HTML page that steps forwards and backwards.

`replay_page` replays a `MatchRecord` and draws the table after every step with the game's own
drawing (`State.to_html`, or `View.to_html` for one seat). The page holds everything it shows: the
drawings are compressed into the page and unpacked by the browser itself, so it opens from a file
with no network access. Buttons, a slider and the arrow keys move through the match; the address
remembers the step (``page.html#step=40``), so a link can point at a moment of the game.

Each step lists what the engine then did by itself: forced moves, and chance outcomes in the game's
words (`View.describe_action`): the card drawn, the die rolled. A seat's page names a card drawn only
where that seat may see it (every event the draw caused is visible to it) and says `HIDDEN_OUTCOME`
where not; the page with everything shown names every card. The places the step changed on the table
(the squares of a move, the card just played, drawn or damaged: the elements of the drawing with a
``data-ref``, see `shardgames.render.html.places`) are outlined.

`record_table` is the compact step table that `MatchRecord` shows in a notebook.

Examples:
    >>> import shardgames as sg
    >>> from embers import EmbersGame
    >>> _ = sg.register_game(EmbersGame)
    >>> record = sg.play_match("embers", [sg.RandomAgent(), sg.RandomAgent()], seed=5)
    >>> page = replay_page(record)
    >>> page.startswith("<!DOCTYPE html>"), "://" in page  # nothing to fetch
    (True, False)
"""

from __future__ import annotations

import base64
import gzip
import itertools
import json
from collections.abc import Iterator
from functools import partial
from typing import TYPE_CHECKING, Any

import attrs

from shardgames.arena.walk import walk_record
from shardgames.kernel.errors import UsageError
from shardgames.kernel.events import Event
from shardgames.kernel.game import load_game
from shardgames.kernel.state import CHANCE, TERMINAL, State
from shardgames.render.html import STYLE, esc, fragment, places, table
from shardgames.render.text import plural

if TYPE_CHECKING:
    from shardgames.arena.match import MatchRecord
    from shardgames.kernel.actions import Action

__all__ = ["HIDDEN_OUTCOME", "Step", "record_steps", "record_table", "replay_page"]

HIDDEN_OUTCOME = "a hidden card"
"""How a seat's page words a chance outcome that seat may not see (a card drawn into another hand)."""


@attrs.frozen
class Step:
    """One step of a replayed match: a decision or a chance outcome, and what the engine did next.

    Attributes:
        index: The step's number, from 1 (step 0 is the start of the game).
        actor: The seat that acted, or `CHANCE`.
        label: Who acted, in words (``"seat 1 (greedy)"``, ``"chance"``).
        action: The action in words (a chance outcome as the page's seat may see it).
        automatic: The steps the engine then took by itself: forced moves, and sampled chance outcomes
            as the page's seat may see them (``"draw Ember Imp"``, or `HIDDEN_OUTCOME`).
        events: What happened, one line per event.
        to_act: Whose turn it is after the step, in words.
    """

    index: int
    actor: int
    label: str
    action: str
    automatic: tuple[str, ...]
    events: tuple[str, ...]
    to_act: str


def _to_act(state: State, agents: tuple[str, ...]) -> str:
    player = state.current_player
    if player == TERMINAL:
        returns = ", ".join(f"{r:g}" for r in state.returns())
        result = "a draw" if state.winner is None else f"seat {state.winner} ({agents[state.winner]}) wins"
        return f"game over: {result} (returns {returns})"
    if player == CHANCE:
        return "chance to act"
    return f"seat {player} ({agents[player]}) to act"


def _seat_check(record: MatchRecord, seat: int | None) -> None:
    if seat is not None and not 0 <= seat < len(record.agents):
        raise UsageError(f"seat must be between 0 and {len(record.agents) - 1}, not {seat}")


class _Outcomes:
    """The match replayed a second time, stopping at every chance node, to word each chance outcome.

    With automatic chance the engine samples outcomes inside `State.apply_action`, and their events
    come mixed with those of the decision. Here each outcome is applied on its own, so the events it
    caused say which seats may see it.
    """

    def __init__(self, record: MatchRecord, seat: int | None) -> None:
        self.state = load_game(record.game, chance="explicit").new_initial_state(record.seed)
        self.seat = seat

    def follow(self, index: int, action: Action) -> str | None:
        """Take history step `index`; the words of a chance outcome, ``None`` for any other step."""
        state = self.state
        if index < len(state.history):  # a forced move, which the engine took by itself here too
            return None
        if state.current_player != CHANCE:
            state.apply_action(action)
            return None
        before = state.clone()
        return self._words(before, action, state.apply_action(action))

    def _words(self, before: State, outcome: Action, events: tuple[Event, ...]) -> str:
        seers = [s for s in range(before.game.num_players) if all(e.visible_to(s) for e in events)]
        if self.seat is None:  # everything shown: the words of a seat that sees it all
            return before.view(seers[0]).describe_action(outcome) if seers else str(outcome)
        return before.view(self.seat).describe_action(outcome) if self.seat in seers else HIDDEN_OUTCOME


def _describe(seat: int | None, state: State, actor: int, action: Action) -> str:
    if seat is not None and actor != seat:
        return "(what this seat cannot see is hidden)"
    return state.view(actor).describe_action(action)


def _walk(record: MatchRecord, seat: int | None) -> Iterator[tuple[Step, State]]:
    """The page's steps (`walk_record`'s, in words), each with the walk's state after it.

    The start is a `Step` of index 0, whose automatic steps are those the engine took before the first
    decision (the deal).
    """
    _seat_check(record, seat)
    outcomes = _Outcomes(record, seat)
    for step in walk_record(record, partial(_describe, seat)):
        if step.action is None:
            label, words = "start", "the game begins"
        else:
            label = "chance" if step.actor == CHANCE else f"seat {step.actor} ({record.agents[step.actor]})"
            words = outcomes.follow(step.position, step.action) or step.words
        automatic = tuple(outcomes.follow(i, action) or str(action) for i, action in step.automatic)
        events = tuple(str(e if seat is None else e.censor(seat)) for e in step.events)
        to_act = _to_act(step.state, record.agents)
        yield Step(step.index, step.actor, label, words, automatic, events, to_act), step.state


def record_steps(record: MatchRecord, seat: int | None = None) -> list[Step]:
    """The steps of a recorded match, replayed; with `seat`, as that seat saw them.

    Raises:
        ReplayError: If the record does not replay in its game.
        UsageError: If `seat` is not a seat of the game.
    """
    return [step for step, _ in _walk(record, seat)][1:]


def record_table(record: MatchRecord, limit: int = 400) -> str:
    """The record as a compact HTML step table (the first `limit` steps), for notebooks."""
    steps = record_steps(record)
    rows = [
        (s.index, s.label, s.action, "; ".join(s.events[:3]) + (" …" if len(s.events) > 3 else ""))
        for s in steps[:limit]
    ]
    more = f" (the first {limit} shown)" if len(steps) > limit else ""
    steps_table = table(["step", "who", "action", "events"], rows, numeric=(0,))
    body = f'<div style="max-height:420px;overflow:auto">{steps_table}</div>'
    result = "a draw" if record.winner is None else f"seat {record.winner} ({record.agents[record.winner]})"
    return fragment(
        body,
        title=f"{record.game}, seed {record.seed}",
        status=[("seats", ", ".join(record.agents)), ("steps", f"{len(steps)}{more}"), ("winner", result)],
    )


def replay_page(record: MatchRecord, seat: int | None = None, title: str | None = None) -> str:
    """The record as one self-contained HTML page that steps through the match.

    Args:
        record: The match.
        seat: Draw the table as this seat saw it (its view: others' hidden cards and choices hidden);
            by default everything is shown.
        title: The page title; by default the game, seed and seats.

    Raises:
        ReplayError: If the record does not replay in its game.
        UsageError: If `seat` is not a seat of the game.
    """
    steps, drawings = [], []
    for step, state in _walk(record, seat):
        steps.append(step)
        drawings.append(state.to_html() if seat is None else state.view(seat).to_html())
    data: dict[str, Any] = {
        "frames": drawings,
        "steps": [
            attrs.asdict(step, filter=_not_index) | {"changed": changed}
            for step, changed in zip(steps, _changed_places(drawings), strict=True)
        ],
    }
    packed = base64.b64encode(gzip.compress(json.dumps(data).encode("utf-8"), mtime=0)).decode("ascii")
    winner = record.winner
    result = "a draw" if winner is None else f"seat {winner} ({record.agents[winner]}) won"
    seats = ", ".join(f"seat {i}: {name}" for i, name in enumerate(record.agents))
    heading = title or f"{record.game}, seed {record.seed}"
    perspective = "everything shown" if seat is None else f"as seat {seat} saw it"
    count = plural(len(steps) - 1, "step")
    return (
        _PAGE.replace("$TITLE", esc(heading))
        .replace("$STYLE", STYLE + _PAGE_STYLE)
        .replace("$SUMMARY", esc(f"{seats} · {result} after {count} · {perspective}"))
        .replace("$DATA", packed)
        .replace("$SCRIPT", _SCRIPT)
    )


def _not_index(attribute: attrs.Attribute[Any], _value: object) -> bool:
    return attribute.name != "index"


def _changed_places(drawings: list[str]) -> list[list[str]]:
    """For each drawing, the places it shows otherwise than the drawing before (none for the first)."""
    shown = [places(drawing) for drawing in drawings]
    changed: list[list[str]] = [[]]
    for before, now in itertools.pairwise(shown):
        changed.append([ref for ref, html in now.items() if before.get(ref) != html])
    return changed


_PAGE_STYLE = """
body{margin:0;background:#fff}
.sg-replay{display:grid;grid-template-columns:minmax(0,1fr) 340px;gap:10px;padding:10px;max-width:1500px}
.sg-replay header{grid-column:1/3}
.sg-replay h1{font-size:18px;margin:0 0 2px}
.sg-summary{color:#57606a;font-size:12px;margin-bottom:6px}
.sg-controls{display:flex;flex-wrap:wrap;align-items:center;gap:6px;padding:6px 8px;background:#f6f8fa;
border:1px solid #d0d7de;border-radius:6px}
.sg-controls button{font:inherit;padding:2px 10px;border:1px solid #8c959f;border-radius:6px;background:#fff;
cursor:pointer}
.sg-controls input[type=range]{flex:1;min-width:160px}
#sg-step{font-variant-numeric:tabular-nums;min-width:90px}
#sg-turn{font-weight:600}
.sg-side{display:flex;flex-direction:column;gap:8px;min-width:0}
.sg-box{border:1px solid #d0d7de;border-radius:6px;padding:6px 8px}
.sg-box h2{font-size:11px;text-transform:uppercase;letter-spacing:.04em;color:#57606a;margin:0 0 4px}
#sg-action{font-weight:600}
#sg-events div,#sg-log div{font-size:12px;margin:1px 0}
#sg-log{max-height:520px;overflow:auto}
#sg-log div{cursor:pointer;padding:1px 4px;border-radius:4px}
#sg-log div.sg-current{background:#ddf4ff}
.sg-auto{color:#57606a}
.sg-key{font-size:12px;color:#57606a;margin-top:4px}
.sg-key i{display:inline-block;width:14px;height:10px;border:3px solid #e36209;border-radius:3px;
vertical-align:middle;margin-right:4px}
#sg-board div.sg-changed{outline:3px solid #e36209;outline-offset:2px}
#sg-board .sg-outline{stroke:#e36209;stroke-width:6px;pointer-events:none}
"""

_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>$TITLE</title><style>$STYLE</style></head>
<body><div class="sg"><div class="sg-replay">
<header><h1>$TITLE</h1><div class="sg-summary">$SUMMARY</div>
<div class="sg-controls">
<button id="sg-first" title="the start (Home)">|&#x25C0;</button>
<button id="sg-prev" title="one step back (&#x2190;)">&#x25C0;</button>
<button id="sg-play" title="play or pause (space)">play</button>
<button id="sg-next" title="one step on (&#x2192;)">&#x25B6;</button>
<button id="sg-last" title="the end (End)">&#x25B6;|</button>
<input id="sg-slider" type="range" min="0" max="0" value="0" aria-label="step">
<span id="sg-step">loading</span><span id="sg-turn"></span>
</div>
<div class="sg-key"><i></i>what the step changed on the table</div></header>
<main id="sg-board"><noscript>This replay needs JavaScript.</noscript></main>
<aside class="sg-side">
<div class="sg-box"><h2>This step</h2><div id="sg-action"></div><div id="sg-events"></div></div>
<div class="sg-box"><h2>Log</h2><div id="sg-log"></div></div>
</aside></div></div>
<script id="sg-data" type="application/octet-stream">$DATA</script>
<script>$SCRIPT</script>
</body></html>
"""

_SCRIPT = """
"use strict";
(async function () {
  const $ = (id) => document.getElementById(id);
  async function unpack(text) {
    const bytes = Uint8Array.from(atob(text.trim()), (c) => c.charCodeAt(0));
    const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
    return JSON.parse(await new Response(stream).text());
  }
  let data;
  try {
    data = await unpack($("sg-data").textContent);
  } catch (error) {
    $("sg-board").textContent = "This browser cannot open the replay: " + error;
    return;
  }
  const last = data.frames.length - 1;
  let step = 0, timer = null;
  const line = (text, cls) => {
    const div = document.createElement("div");
    div.textContent = text;
    if (cls) div.className = cls;
    return div;
  };
  const log = $("sg-log");
  data.steps.forEach((s, i) => {
    const div = line(i === 0 ? "0. the game begins" : i + ". " + s.label + ": " + s.action);
    div.addEventListener("click", () => show(i));
    log.appendChild(div);
  });
  $("sg-slider").max = String(last);
  function show(i) {
    step = Math.max(0, Math.min(last, i));
    const s = data.steps[step];
    const board = $("sg-board");
    board.innerHTML = data.frames[step];
    for (const ref of s.changed) {
      for (const place of board.querySelectorAll('[data-ref="' + CSS.escape(ref) + '"]')) {
        place.classList.add("sg-changed");
        const square = place instanceof SVGElement ? place.querySelector("rect") : null;
        if (square) {  // outlined over the whole picture, so no neighbour covers half the outline
          const outline = square.cloneNode(false);
          outline.setAttribute("class", "sg-outline");
          outline.setAttribute("fill", "none");
          place.ownerSVGElement.appendChild(outline);
        }
      }
    }
    $("sg-step").textContent = "step " + step + " / " + last;
    $("sg-turn").textContent = s.to_act;
    $("sg-slider").value = String(step);
    $("sg-action").textContent = step === 0 ? s.action : s.label + ": " + s.action;
    const events = $("sg-events");
    events.replaceChildren(
      ...s.automatic.map((a) => line("then, by itself: " + a, "sg-auto")),
      ...s.events.map((e) => line(e))
    );
    log.querySelectorAll(".sg-current").forEach((d) => d.classList.remove("sg-current"));
    const current = log.children[step];
    current.classList.add("sg-current");
    current.scrollIntoView({block: "nearest"});
    history.replaceState(null, "", "#step=" + step);
    if (step === last) stop();
  }
  function stop() {
    if (timer !== null) clearInterval(timer);
    timer = null;
    $("sg-play").textContent = "play";
  }
  function play() {
    if (timer !== null) return stop();
    if (step === last) show(0);
    $("sg-play").textContent = "pause";
    timer = setInterval(() => show(step + 1), 400);
  }
  $("sg-first").onclick = () => show(0);
  $("sg-prev").onclick = () => show(step - 1);
  $("sg-next").onclick = () => show(step + 1);
  $("sg-last").onclick = () => show(last);
  $("sg-play").onclick = play;
  $("sg-slider").oninput = (e) => show(Number(e.target.value));
  document.addEventListener("keydown", (e) => {
    if (e.target instanceof HTMLInputElement && e.key !== " ") return;
    const keys = {ArrowLeft: step - 1, ArrowRight: step + 1, Home: 0, End: last};
    if (e.key in keys) { show(keys[e.key]); e.preventDefault(); }
    else if (e.key === " ") { play(); e.preventDefault(); }
  });
  const fromAddress = () => {
    const wanted = /step=(\\d+)/.exec(location.hash);
    show(wanted ? Number(wanted[1]) : 0);
  };
  window.addEventListener("hashchange", fromAddress);
  fromAddress();
  document.body.dataset.ready = "true";
})();
"""
