"""The strength ladder: round robins between the library's agents, per game, with Bradley-Terry ratings.

For each game it plays a round robin (every pairing, every seat order, as `shardgames.tournament`
schedules it) between the agents of the ladder and reports, per agent, its score and its rating on
the Elo scale with a standard error, and, per pairing, the score of one agent against the other
with its 95 % interval (draws count half). The default ladder is random play, the game's greedy
agent, flat Monte Carlo and MCTS at 0.1, 0.5 and 2 seconds per move; ``--agent`` adds any agent the
command line accepts (``mcts:sims=400``, ``flat:rollout=greedy``...), ``--only`` plays just those.

A ladder takes long (hours for the default ladder at 100 games per pairing), so it runs on the
``process`` or ``ray`` back end, saves its results as it goes, and ``--resume`` picks up a run
that was stopped (Ctrl-C keeps the games already finished); ``--report`` prints the games saved so
far without playing. Examples::

    python benchmarks/strength.py --game tactics --games 100 --out ladder-tactics.json
    python benchmarks/strength.py --game sota --only greedy --only mcts:seconds=0.5 --games 100
    python benchmarks/strength.py --game command --games 40 --plot ladder-command.png --resume \\
        --out ladder-command.json
    python benchmarks/strength.py --report --out ladder-command.json   # a run so far, while it plays
    python benchmarks/strength.py --report ladder-*.json --plot scores.svg   # several games at once

``--games`` is the number of games per pairing (per group of agents in games of more seats; a
multiple of the number of seats gives every agent every seat equally often); ``--plot`` draws each
pairing's score with its interval (it needs matplotlib, from the ``plot`` extra).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import shardgames as sg
from shardgames.arena.ratings import Z95
from shardgames.cli.arena import agent_from_spec

LADDER = ("random", "greedy", "flat", "mcts:seconds=0.1", "mcts:seconds=0.5", "mcts:seconds=2")
"""The default ladder, weakest first, as agent specs of the command line."""


def ladder_agents(game: sg.Game, specs: Sequence[str]) -> list[sg.Agent]:
    """The agents of `specs`, each named by its spec so that the tables say which is which.

    Raises:
        UsageError: For a spec the command line would refuse (listing the agents and options).
    """
    agents = []
    for spec in specs:
        agent = agent_from_spec(spec, game)
        agent.name = spec  # type: ignore[misc]  # every built-in agent takes a name
        agents.append(agent)
    return agents


def scheduled_games(per_group: int, agent_count: int, num_players: int) -> int:
    """The games of a round robin giving each group of agents (a pairing, with two seats) `per_group`."""
    groups = math.comb(agent_count, num_players) if agent_count >= num_players else 1
    return per_group * groups


def run_ladder(args: argparse.Namespace) -> sg.TournamentResult:
    """Play (or resume) the ladder of one game, saving the result after every game to `args.out`."""
    game = sg.load_game(args.game)
    specs = [*(args.only or LADDER), *args.agent]
    agents = ladder_agents(game, specs)
    out = Path(args.out)
    resume = sg.TournamentResult.load(out) if args.resume and out.exists() else None
    games = scheduled_games(args.games, len(agents), game.num_players)
    done: list[sg.GameResult] = list(resume.games) if resume is not None else []

    def save(result: sg.GameResult) -> None:  # keeps what is finished, whatever stops the run
        done.append(result)
        finished = tuple(sorted(done, key=lambda g: g.index))
        names = tuple(a.name for a in agents)
        partial = sg.TournamentResult(str(game), names, args.seed, finished, True, games)
        partial.save(out)

    result = sg.tournament(
        game,
        agents,
        games=games,
        seed=args.seed,
        backend=args.backend,
        workers=args.workers,
        resume=resume,
        progress=None,
        on_result=save,
    )
    result.save(out)
    return result


def report(result: sg.TournamentResult) -> str:
    """The ladder as text: the agents by rating, then every pairing's score with its interval."""
    rows = sorted(result.agent_table(), key=lambda row: -row["rating"])
    lines = [
        f"{result.game}: {len(result.games)} games",
        "",
        f"{'agent':24} {'score':>6} {'rating':>8} {'±95%':>6}",
    ]
    lines += [
        f"{row['agent']:24} {row['score']:6.3f} {row['rating']:8.0f} {Z95 * row['rating_error']:6.0f}"
        for row in rows
    ]
    lines += ["", f"{'agent':24} {'opponent':24} {'games':>5} {'score':>6} {'95% CI':>15}"]
    for row in result.pairing_table():
        interval = f"{row['score_low']:.3f}-{row['score_high']:.3f}"
        lines.append(
            f"{row['agent']:24} {row['opponent']:24} {row['games']:5d} {row['score']:6.3f} {interval:>15}"
        )
    return "\n".join(lines)


def plot(results: Sequence[sg.TournamentResult], path: Path) -> None:
    """Draw every pairing's score with its 95 % interval to `path` (a PNG or SVG; matplotlib needed).

    Each row is the score of the later agent of a pairing (the stronger one, in a ladder listed
    weakest first) against the earlier, in the games they played; draws count half.
    """
    import matplotlib  # optional: the plot extra

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rows = [
        (f"{result.game}: {row['opponent']} v {row['agent']} ({row['games']})", row)
        for result in results
        for row in result.pairing_table()
    ][::-1]
    scores = [1 - row["score"] for _, row in rows]
    below = [score - (1 - row["score_high"]) for score, (_, row) in zip(scores, rows, strict=True)]
    above = [(1 - row["score_low"]) - score for score, (_, row) in zip(scores, rows, strict=True)]
    figure, axes = plt.subplots(figsize=(7, 0.8 + 0.45 * len(rows)))
    axes.errorbar(scores, range(len(rows)), xerr=[below, above], fmt="o", capsize=3)
    axes.axvline(0.5, color="grey", linestyle="--", linewidth=1)
    axes.set_xlim(0, 1)
    axes.set_yticks(range(len(rows)), [label for label, _ in rows])
    axes.set_xlabel("score (draws count half), 95 % interval")
    figure.tight_layout()
    figure.savefig(path, metadata={"Date": None} if str(path).endswith(".svg") else None)
    plt.close(figure)


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", help="the game (a name or a game string)")
    parser.add_argument("--games", type=int, default=100, help="games per pairing (default 100)")
    parser.add_argument(
        "--agent", action="append", default=[], metavar="SPEC", help="add an agent to the ladder"
    )
    parser.add_argument("--only", action="append", metavar="SPEC", help="play only these agents")
    parser.add_argument("--seed", type=int, default=0, help="the root seed of the schedule")
    parser.add_argument("--backend", choices=("serial", "process", "ray"), default="process")
    parser.add_argument("--workers", type=int, help="worker processes (default: every core)")
    parser.add_argument("--out", default="ladder.json", help="where the results are saved as they come")
    parser.add_argument("--resume", action="store_true", help="keep the games already saved in --out")
    parser.add_argument("--plot", metavar="PATH", help="draw the ratings to this PNG or SVG")
    parser.add_argument("--json", action="store_true", help="print the agent and pairing tables as JSON")
    parser.add_argument(
        "--report", action="store_true", help="print (and --plot) saved ladders, playing nothing"
    )
    parser.add_argument(
        "ladders", nargs="*", metavar="LADDER", help="with --report: the saved ladders (default: --out)"
    )
    args = parser.parse_args(argv)
    if args.game is None and not args.report:
        parser.error("--game is required (except with --report)")
    if args.ladders and not args.report:
        parser.error("saved ladders are named with --report only")
    if args.games < 1:
        parser.error("--games must be at least 1")
    if len([*(args.only or LADDER), *args.agent]) < 2:
        parser.error("a ladder needs at least two agents")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ladder and print it; return the exit code (2 for bad input, 130 when interrupted)."""
    args = parse_args(argv)
    try:
        if args.report:
            results = [sg.TournamentResult.load(Path(name)) for name in args.ladders or [args.out]]
        else:
            results = [run_ladder(args)]
    except sg.ShardGamesError as exc:
        print(f"strength: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(
            f"strength: interrupted; the finished games are in {args.out} (--resume goes on)", file=sys.stderr
        )
        return 130
    if args.plot:
        plot(results, Path(args.plot))
    tables: list[dict[str, Any]] = [
        {"game": result.game, "agents": result.agent_table(), "pairings": result.pairing_table()}
        for result in results
    ]
    if args.json:
        print(json.dumps(tables[0] if len(tables) == 1 else tables, indent=2))
    else:
        print("\n\n".join(report(result) for result in results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
