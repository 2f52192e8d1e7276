"""Play the balance lab's questions with a strong player, and save the results the notebooks read.

The three notebooks of the documentation's balance lab ask their questions with each game's
`GreedyAgent`, which plays a whole study in a minute or two. Their answers are answers about that
player, so each notebook also reads the same study played by the default `MCTSAgent` (with a budget
of simulations, so that the run is reproducible), which takes hours: this script plays those runs
and saves them in ``examples/notebooks/data/``, where the notebooks read them.

    python scripts/balance_studies.py                         # every study, the shipped settings
    python scripts/balance_studies.py sota-decks --workers 2
    python scripts/balance_studies.py tactics-first-player --agent mcts:sims=400 --games 40 --out /tmp/lab

Each study is written once it is complete, atomically: Ctrl-C stops the study under way, whose games
are not written (a notebook must not read half a study), and keeps the studies already written. The
settings (agent, games, seed) are saved with each result, and ``--check`` replays the first games of
each saved study with the current code and says whether they still come out the same: after a change
to the rules or to the agents, the saved studies are played again.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import attrs

import shardgames as sg
from shardgames import analysis as sa
from shardgames.arena import TournamentResult
from shardgames.arena.documents import Document
from shardgames.cli.arena import agent_from_spec
from shardgames.kernel.datafiles import write_text_atomic

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "examples" / "notebooks" / "data"
SEED = 2026
"""The root seed of every study, as in the notebooks."""

SOTA_DECKS = ("ember", "tide", "gale", "grove", "umbra")
COMMAND_DECKS = ("pyre", "pyre-rain", "stoneguard", "tidewell")
CINDER_RAIN = "data/cinder-rain.toml"
"""The new card of the Shard Command notebook and the Pyre deck that plays it, from the notebooks'
folder, where the studies are played (so that the game strings are those of the notebook)."""


@attrs.frozen
class Settings:
    """How a study is played: the agent (a spec of the command line), games per pair, workers."""

    agent: str
    games: int
    workers: int | None
    backend: str


@attrs.frozen
class Study:
    """One notebook's question: what it plays, its default settings, and the files it writes."""

    name: str
    agent: str
    games: int
    play: Callable[[Settings], Played]


Played = tuple[dict[str, Document], dict[str, Any]]
"""What a study played: its documents by file name (without match records, which would make the
files large), and the facts about its games that the notebook reads from records."""


def _without_records(study: sa.Matchups) -> sa.Matchups:
    return attrs.evolve(study, games=tuple(attrs.evolve(g, record=None) for g in study.games))


def _sota_decks(settings: Settings) -> Played:
    game = sg.load_game("sota")
    agent = agent_from_spec(settings.agent, game)
    study = sa.matchups(
        game,
        "decks",
        SOTA_DECKS,
        agent,
        games_per_pair=settings.games,
        seed=SEED,
        workers=settings.workers,
        backend=settings.backend,
    )
    return {"sota-decks": study}, {}


def _tactics_first_player(settings: Settings) -> Played:
    from shardgames.tactics.events import FirstPlayerChosen  # noqa: PLC0415 - this study only

    game = sg.load_game("tactics")
    agent = agent_from_spec(settings.agent, game)
    result = sg.tournament(
        game,
        [agent],
        games=settings.games,
        seed=SEED,
        workers=settings.workers,
        backend=settings.backend,
        keep_records=True,
    )
    first = []
    for g in result.games:
        assert g.record is not None
        events = g.record.replay().events
        first.append(next(event.player for event in events if isinstance(event, FirstPlayerChosen)))
    plain = attrs.evolve(result, games=tuple(attrs.evolve(g, record=None) for g in result.games))
    return {"tactics-first-player": plain}, {"first_players": first}


def _command_new_card(settings: Settings) -> Played:
    from shardgames.command.variants import card_variant  # noqa: PLC0415 - this study only

    game = sg.load_game("command", cards=(CINDER_RAIN,))
    agent = agent_from_spec(settings.agent, game)
    common: dict[str, Any] = {
        "games_per_pair": settings.games,
        "seed": SEED,
        "workers": settings.workers,
        "backend": settings.backend,
    }
    study = sa.matchups(game, "decks", COMMAND_DECKS, agent, keep_records=True, **common)
    with tempfile.TemporaryDirectory() as folder:
        cheaper = card_variant(
            sa.variant_of(game, decks=("pyre-rain", "stoneguard")), "Cinder Rain", Path(folder), cost="3F"
        )
        comparison = sa.compare_matchups(
            game,
            cheaper,
            "decks",
            ["pyre-rain", "stoneguard", "tidewell"],
            agents=agent,
            focus="pyre-rain",
            **common,
        )
    cards = sa.content_stats(study.records)
    documents = {"command-new-card": _without_records(study), "command-new-card-cards": cards}
    return {**documents, "command-new-card-3f": comparison}, {}


STUDIES = {
    study.name: study
    for study in (
        Study("sota-decks", "mcts:sims=200", 12, _sota_decks),
        Study("tactics-first-player", "mcts:sims=100", 80, _tactics_first_player),
        Study("command-new-card", "mcts:sims=200", 12, _command_new_card),
    )
}
"""The notebooks' questions, with the settings of the shipped results."""


def run_path(folder: Path, name: str) -> Path:
    """Where a study's settings, its time and the facts about its games (`Played`) are written."""
    return folder / f"{name}.run.json"


def run(study: Study, settings: Settings, folder: Path) -> None:
    """Play `study` and write its documents and settings into `folder`."""
    started = time.perf_counter()
    documents, facts = study.play(settings)
    if any(getattr(document, "interrupted", False) for document in documents.values()):
        print(f"{study.name}: interrupted, nothing written", file=sys.stderr)
        raise KeyboardInterrupt
    folder.mkdir(parents=True, exist_ok=True)
    for name, document in documents.items():
        write_text_atomic(folder / f"{name}.json", document.to_json(indent=None) + "\n")
    took = time.perf_counter() - started
    about = {"study": study.name, "agent": settings.agent, "games": settings.games, "seed": SEED}
    about |= {"minutes": round(took / 60, 1), **facts}
    write_text_atomic(run_path(folder, study.name), json.dumps(about, indent=1) + "\n")
    print(f"{study.name}: {', '.join(documents)} written to {folder} in {took / 60:.0f} min")


def fingerprint(document: Document) -> dict[Any, Any] | None:
    """Each game's outcome, by game, for `check` (None for a document without games of its own)."""
    if isinstance(document, sa.Matchups):
        return {(g.options, g.index): g.winner for g in document.games}
    if isinstance(document, TournamentResult):
        return {g.index: (g.winner, g.length) for g in document.games}
    return None  # a comparison's base study is checked as a study of its own; card use is derived


def check(study: Study, folder: Path, played_on: Settings) -> list[str]:
    """Play the first game of each pair of a saved study again (with the workers and back end of
    `played_on`); the games that differ now."""
    path = run_path(folder, study.name)
    saved = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(saved, dict) or not isinstance(saved.get("agent"), str):
        raise ValueError(f"{path}: not a study's run file (it names no agent)")
    settings = attrs.evolve(played_on, agent=saved["agent"], games=1)
    problems = []
    for name, document in study.play(settings)[0].items():
        now = fingerprint(document)
        if now is None:
            continue
        kind = type(document)
        before = fingerprint(kind.load(folder / f"{name}.json"))
        assert before is not None
        problems += [
            f"{name}: game {key}: {before.get(key)} then, {value} now"
            for key, value in now.items()
            if before.get(key) != value
        ]
    return problems


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("studies", nargs="*", metavar="STUDY", help=f"of {', '.join(STUDIES)} (default: all)")
    parser.add_argument("--agent", help="the agent, as the command line names it (default: the study's)")
    parser.add_argument("--games", type=int, help="games per pair, or in all (default: the study's)")
    parser.add_argument("--workers", type=int, help="worker processes (default: every core)")
    parser.add_argument("--backend", default="process", choices=["serial", "process", "ray"])
    parser.add_argument("--out", type=Path, default=DATA, help=f"the folder to write to (default {DATA})")
    parser.add_argument(
        "--check", action="store_true", help="replay the first games of the saved studies and compare"
    )
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    unknown = [name for name in args.studies if name not in STUDIES]
    if unknown:
        print(f"error: no study {', '.join(unknown)}; the studies are {', '.join(STUDIES)}", file=sys.stderr)
        return 2
    if args.games is not None and args.games < 1:
        print("error: --games must be at least 1", file=sys.stderr)
        return 2
    folder = args.out.resolve()
    with contextlib.chdir(
        DATA.parent
    ):  # the notebooks' folder: the game strings name the card file as they do
        for name in args.studies or list(STUDIES):
            study = STUDIES[name]
            settings = Settings(
                args.agent or study.agent, args.games or study.games, args.workers, args.backend
            )
            try:
                if args.check:
                    problems = check(study, folder, settings)
                    print(f"{name}: {len(problems)} games differ", *problems, sep="\n  ")
                    if problems:
                        return 1
                else:
                    run(study, settings, folder)
            except (sg.ShardGamesError, OSError, ValueError) as exc:
                print(f"error: {name}: {exc}", file=sys.stderr)
                return 2
            except KeyboardInterrupt:
                return 130
    return 0


if __name__ == "__main__":
    sys.exit(main())
