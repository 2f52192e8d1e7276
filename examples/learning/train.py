"""Self-play training through the masked observation/action interface: expert iteration.

The network plays both seats against itself. At every decision the library's strongest agent without
search (the game's greedy agent; with ``--teacher-seconds``, its tree search) says what it would
play, and the network learns to play that: a policy head trained by cross-entropy over the legal
actions, and a value head trained on the outcome of each game for the seat that decided. The first
iterations let the teacher play most moves, so that the network first sees sensible games; then the
network plays its own moves and the teacher only labels them (as in DAgger), so it learns to recover
from its own mistakes. After each iteration the network plays, without search, against the random and
the greedy agents, and a checkpoint is written.

Usage (from the repository's root, with ``pip install -e '.[learn]'``)::

    python examples/learning/train.py tactics --out runs/tactics            # the full run: 55 minutes
    python examples/learning/train.py sota --out runs/sota --minutes 30
    python examples/learning/train.py tactics --out runs/tactics --resume   # go on after a stop
    python examples/learning/train.py tactics --out /tmp/quick --quick      # a smoke run: under 3 minutes
    python examples/learning/train.py tactics --evaluate runs/tactics/policy.pt --games 200

The run directory holds ``checkpoint.pt`` (everything needed to resume), ``policy.pt`` (the network
alone, for `net.load_policy`), ``curve.json`` (one row per iteration) and ``curve.svg`` (its plot, with
matplotlib). Every file is written whole or not at all; Ctrl-C keeps the last finished iteration.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import torch
from torch import nn

sys.path.insert(0, str(Path(__file__).resolve().parent))  # run as a script: find net.py beside it

from net import TorchPolicy, make_net, save

import shardgames as sg
from shardgames.kernel.views import OBSERVATION_HIGH, OBSERVATION_LOW

QUICK = {"iterations": 2, "games": 6, "eval_games": 6, "greedy_games": 2, "minutes": 2.5}


# ---------------------------------------------------------------------- playing and labelling


class Buffer:
    """The decisions seen so far, up to `size` (the oldest are dropped first)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.observations: list[np.ndarray[Any, Any]] = []
        self.seats: list[int] = []
        self.legal: list[np.ndarray[Any, Any]] = []
        self.labels: list[int] = []
        self.outcomes: list[float] = []

    def __len__(self) -> int:
        return len(self.labels)

    def add(
        self,
        game_samples: list[tuple[np.ndarray[Any, Any], int, np.ndarray[Any, Any], int]],
        returns: Sequence[float],
    ) -> None:
        for observation, seat, legal, label in game_samples:
            self.observations.append(observation)
            self.seats.append(seat)
            self.legal.append(legal)
            self.labels.append(label)
            self.outcomes.append(float(returns[seat]))
        excess = len(self.labels) - self.size
        if excess > 0:
            for column in (self.observations, self.seats, self.legal, self.labels, self.outcomes):
                del column[:excess]


def observe(state: sg.State, seat: int) -> np.ndarray[Any, Any]:
    """The observation `sg.PolicyAgent` gives a policy: the seat's tensor, clipped into the adapters' box."""
    return np.clip(state.observation_tensor(seat), OBSERVATION_LOW, OBSERVATION_HIGH).astype(np.float32)


def self_play(
    game: sg.Game,
    policy: TorchPolicy,
    teacher: sg.Agent,
    *,
    seeds: Sequence[int],
    teacher_share: float,
    rng: np.random.Generator,
) -> tuple[list[Any], dict[str, float]]:
    """Play one game per seed, all at once so the network sees its decisions in batches.

    Each decision with a choice is recorded with the teacher's answer; the move played is the
    teacher's with probability `teacher_share`, otherwise sampled from the network's policy.

    Returns:
        For each game, its samples and returns; and the share of decisions where the network's most
        likely action was the teacher's.
    """
    states = [game.new_initial_state(seed=seed) for seed in seeds]
    samples: list[list[Any]] = [[] for _ in states]
    teacher_rng = sg.Rng(int(rng.integers(1 << 31)))
    agreed = decided = 0
    active = list(range(len(states)))
    while active:
        waiting = []
        for index in active:
            state = states[index]
            legal = state.legal_action_ids()
            if len(legal) == 1:
                state.apply_action(int(legal[0]))
            else:
                waiting.append(index)
        if waiting:
            seats = np.array([states[i].current_player for i in waiting], dtype=np.int64)
            observations = np.stack(
                [observe(states[i], int(seat)) for i, seat in zip(waiting, seats, strict=True)]
            )
            logits = policy.logits(observations, seats)
            for row, index in enumerate(waiting):
                state, seat = states[index], int(seats[row])
                legal = np.asarray(state.legal_action_ids(), dtype=np.int64)
                label = game.encode(teacher.act(state.view(seat), teacher_rng))
                scores = logits[row, legal]
                agreed += int(legal[int(np.argmax(scores))] == label)
                decided += 1
                samples[index].append(
                    (observations[row].astype(np.float16), seat, legal.astype(np.int32), label)
                )
                if rng.random() < teacher_share:
                    chosen = label
                else:
                    weights = np.exp(scores - scores.max())
                    chosen = int(legal[rng.choice(len(legal), p=weights / weights.sum())])
                state.apply_action(chosen)
        active = [i for i in active if not states[i].is_terminal()]
    games = [(samples[i], states[i].returns()) for i in range(len(states))]
    return games, {"agreement": agreed / max(decided, 1), "decisions": decided}


# ---------------------------------------------------------------------- learning


def train(
    net: nn.Module,
    optimizer: torch.optim.Optimizer,
    buffer: Buffer,
    *,
    steps: int,
    batch: int,
    rng: np.random.Generator,
    actions: int,
) -> dict[str, float]:
    """`steps` minibatches drawn from the buffer: cross-entropy over the legal actions, plus the value."""
    net.train()
    totals = {"policy_loss": 0.0, "value_loss": 0.0}
    for _ in range(steps):
        picks = rng.integers(len(buffer), size=min(batch, len(buffer)))
        observations = torch.from_numpy(np.stack([buffer.observations[i] for i in picks]).astype(np.float32))
        seats = torch.tensor([buffer.seats[i] for i in picks], dtype=torch.long)
        mask = torch.zeros(len(picks), actions, dtype=torch.bool)
        for row, i in enumerate(picks):
            mask[row, torch.from_numpy(buffer.legal[i].astype(np.int64))] = True
        labels = torch.tensor([buffer.labels[i] for i in picks], dtype=torch.long)
        outcomes = torch.tensor([buffer.outcomes[i] for i in picks], dtype=torch.float32)
        logits, values = net(observations, seats)
        policy_loss = nn.functional.cross_entropy(logits.masked_fill(~mask, -1e9), labels)
        value_loss = nn.functional.mse_loss(values, outcomes)
        optimizer.zero_grad()
        (policy_loss + 0.5 * value_loss).backward()
        optimizer.step()
        totals["policy_loss"] += policy_loss.item() / steps
        totals["value_loss"] += value_loss.item() / steps
    net.eval()
    return totals


# ---------------------------------------------------------------------- measuring


def results(game: sg.Game, policy: TorchPolicy, opponent: sg.Agent, games: int, seed: int) -> list[int]:
    """The network's wins, draws and losses without search, half its games in each seat."""
    learner = sg.PolicyAgent(policy, name="learned")
    counts = [0, 0, 0]
    for number in range(games):
        seat = number % 2
        agents = [opponent] * game.num_players
        agents[seat] = learner
        record = sg.play_match(game, agents, seed=seed + number)
        counts[0 if record.winner == seat else 1 if record.winner is None else 2] += 1
    return counts


def score(game: sg.Game, policy: TorchPolicy, opponent: sg.Agent, games: int, seed: int) -> float:
    """The network's score without search: 1 a win, 0.5 a draw (`results`)."""
    wins, draws, _ = results(game, policy, opponent, games, seed)
    return (wins + draws / 2) / games


def plot(curve: list[dict[str, Any]], path: Path, title: str) -> None:
    """The learning curve as an SVG picture (nothing without matplotlib)."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return
    minutes = [row["seconds"] / 60 for row in curve]
    figure, axes = plt.subplots(figsize=(6.4, 3.6))
    axes.plot(minutes, [row["vs_random"] for row in curve], marker="o", label="against random")
    axes.plot(minutes, [row["vs_greedy"] for row in curve], marker="s", label="against greedy")
    axes.set(
        xlabel="training time (minutes, two cores)",
        ylabel="score without search",
        ylim=(-0.02, 1.02),
        title=title,
    )
    axes.grid(alpha=0.3)
    axes.legend(loc="lower right")
    figure.tight_layout()
    temporary = path.with_name(path.name + ".tmp")
    figure.savefig(temporary, format="svg")
    plt.close(figure)
    temporary.replace(path)


# ---------------------------------------------------------------------- the run


def fail(message: str) -> None:
    """A one-line message and exit status 2, as for any bad command line."""
    print(f"train.py: error: {message}", file=sys.stderr)
    sys.exit(2)


def load_game(text: str) -> sg.Game:
    try:
        return sg.load_game(text)
    except sg.ShardGamesError as error:
        fail(str(error).splitlines()[0])
        raise


def read(path: Path) -> dict[str, Any]:
    """A checkpoint or policy file written by this script (a clear error for anything else)."""
    try:
        payload = torch.load(path, map_location="cpu", weights_only=False)
        if not isinstance(payload, dict) or not {"game", "model"} <= payload.keys():
            raise ValueError("not a file written by train.py")
    except Exception as error:
        fail(
            f"cannot read {path}: {type(error).__name__}: {str(error).splitlines()[0] if str(error) else ''}"
        )
    return payload


def run(args: argparse.Namespace) -> None:
    torch.set_num_threads(args.threads)
    game = load_game(args.game)
    out = Path(args.out)
    checkpoint_path = out / "checkpoint.pt"
    net = make_net(game)
    optimizer = torch.optim.Adam(net.parameters(), lr=args.lr, weight_decay=1e-4)
    curve: list[dict[str, Any]] = []
    iteration, elapsed = 0, 0.0
    if args.resume:
        if not checkpoint_path.exists():
            fail(f"--resume: no checkpoint at {checkpoint_path}")
        payload = read(checkpoint_path)
        if payload["game"] != str(game):
            fail(f"--resume: {checkpoint_path} is a run of {payload['game']}, not {game}")
        net.load_state_dict(payload["model"])
        optimizer.load_state_dict(payload["optimizer"])
        curve, iteration, elapsed = payload["curve"], payload["iteration"], payload["seconds"]
        print(f"resuming {game} after iteration {iteration} ({elapsed / 60:.1f} minutes)")
    else:
        torch.manual_seed(args.seed)
    policy = TorchPolicy(net, game)
    teacher = sg.strongest_agent(game, args.teacher_seconds)
    random_agent, greedy = sg.RandomAgent(), sg.strongest_agent(game)
    buffer = Buffer(args.buffer)
    print(f"{game}: {sum(p.numel() for p in net.parameters()):,} parameters; teacher {teacher.name}")
    last = 0.0  # the time of the last iteration: the next one starts only if it should fit
    while iteration < args.iterations and elapsed + last <= args.minutes * 60:
        started = time.perf_counter()
        rng = np.random.default_rng([args.seed, iteration])
        share = max(0.0, 1.0 - iteration / args.teacher_iterations) if args.teacher_iterations else 0.0
        seeds = [args.seed * 1_000_003 + iteration * 10_000 + g for g in range(args.games)]
        played, stats = self_play(game, policy, teacher, seeds=seeds, teacher_share=share, rng=rng)
        for samples, returns in played:
            buffer.add(samples, returns)
        steps = max(1, math.ceil(stats["decisions"] * args.epochs / args.batch))
        losses = train(
            net, optimizer, buffer, steps=steps, batch=args.batch, rng=rng, actions=game.num_distinct_actions
        )
        iteration += 1
        evaluation_seed = 1_000_000 + 1000 * args.seed
        row = {
            "iteration": iteration,
            "teacher_share": share,
            "decisions": stats["decisions"],
            "agreement": round(stats["agreement"], 4),
            **{key: round(value, 4) for key, value in losses.items()},
            "vs_random": score(game, policy, random_agent, args.eval_games, evaluation_seed),
            "vs_greedy": score(game, policy, greedy, args.greedy_games, evaluation_seed),
        }
        last = time.perf_counter() - started
        elapsed += last
        row["seconds"] = round(elapsed, 1)
        curve.append(row)
        payload = {
            "game": str(game),
            "model": net.state_dict(),
            "optimizer": optimizer.state_dict(),
            "curve": curve,
            "iteration": iteration,
            "seconds": elapsed,
            "args": vars(args),
        }
        save(checkpoint_path, payload)
        save(out / "policy.pt", {"game": str(game), "model": net.state_dict()})
        temporary = out / "curve.json.tmp"
        temporary.write_text(
            json.dumps({"game": str(game), "curve": curve}, indent=1) + "\n", encoding="utf-8"
        )
        temporary.replace(out / "curve.json")
        plot(curve, out / "curve.svg", f"{game.title}: the network without search")
        print(
            f"iteration {iteration}: {elapsed / 60:5.1f} min, teacher plays {share:.2f}, agreement "
            f"{row['agreement']:.3f}, policy loss {row['policy_loss']:.3f}; score against random "
            f"{row['vs_random']:.3f}, against greedy {row['vs_greedy']:.3f}",
            flush=True,
        )


def evaluate(args: argparse.Namespace) -> None:
    payload = read(Path(args.evaluate))
    game = load_game(payload["game"])
    net = make_net(game)
    net.load_state_dict(payload["model"])
    policy = TorchPolicy(net, game)
    for name, agent in (("random", sg.RandomAgent()), ("greedy", sg.strongest_agent(game))):
        wins, draws, losses = results(game, policy, agent, args.games, args.seed)
        points = (wins + draws / 2) / args.games
        print(
            f"{game}: against {name}: {points:.3f} over {args.games} games "
            f"({wins} won, {draws} drawn, {losses} lost)"
        )


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__.splitlines()[0], formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("game", nargs="?", default="tactics", help="a game string (default: tactics)")
    parser.add_argument("--out", default=None, help="the run directory (default: runs/NAME)")
    parser.add_argument("--quick", action="store_true", help="a smoke run of a few minutes")
    parser.add_argument("--resume", action="store_true", help="go on from the run directory's checkpoint")
    parser.add_argument(
        "--evaluate", metavar="POLICY", help="only score a policy file against random and greedy"
    )
    parser.add_argument(
        "--minutes", type=float, default=55.0, help="stop before this much training time is over"
    )
    parser.add_argument("--iterations", type=int, default=1000, help="stop after this many iterations")
    parser.add_argument(
        "--games", type=int, default=32, help="self-play games per iteration (or to evaluate)"
    )
    parser.add_argument(
        "--teacher-iterations",
        type=int,
        default=4,
        help="iterations over which the teacher's share of moves falls from 1 to 0",
    )
    parser.add_argument(
        "--teacher-seconds", type=float, default=None, help="let the teacher search this long per move"
    )
    parser.add_argument("--epochs", type=float, default=2.0, help="training passes per new decision")
    parser.add_argument("--batch", type=int, default=256)
    parser.add_argument("--lr", type=float, default=1e-3)
    parser.add_argument("--buffer", type=int, default=60_000, help="decisions kept for training")
    parser.add_argument(
        "--eval-games", type=int, default=40, help="games against random after each iteration"
    )
    parser.add_argument(
        "--greedy-games", type=int, default=20, help="games against greedy after each iteration"
    )
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--threads", type=int, default=2)
    if parser.parse_args(argv).quick:  # the quick run's sizes, unless given
        parser.set_defaults(**QUICK)
    args = parser.parse_args(argv)
    if args.evaluate:
        if not Path(args.evaluate).is_file():
            fail(f"--evaluate: no policy file {args.evaluate}")
        evaluate(args)
        return
    if args.out is None:
        args.out = str(Path("runs") / load_game(args.game).name)
    try:
        run(args)
    except KeyboardInterrupt:
        print("\nstopped: the last finished iteration is saved; --resume goes on from it", file=sys.stderr)
        sys.exit(130)


if __name__ == "__main__":
    main()
