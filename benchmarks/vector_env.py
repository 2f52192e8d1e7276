"""Steps per second of the vector environment against Gymnasium's SyncVectorEnv over the single one.

Both play the same games: ``--envs`` slots of each game, the learner's seat against random opponents,
masked random actions for the learner (drawn outside the timed part), ``--steps`` steps of all the
slots, with automatic resets. It reports slot-steps per second (one learner action in one game is
one) for `ShardGamesVectorEnv` and for ``gymnasium.vector.SyncVectorEnv`` of `ShardGamesEnv`, and
their ratio, the median of ``--runs`` interleaved runs. The two return the same arrays (the test
suite checks it); only the time differs.

    python benchmarks/vector_env.py                     # every game, 16 slots
    python benchmarks/vector_env.py --game tactics --envs 64 --steps 200 --json
    python benchmarks/vector_env.py --no-copy           # both without copying their arrays
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np

import shardgames as sg
from shardgames.interop.gymnasium import ShardGamesEnv
from shardgames.interop.vector import ShardGamesVectorEnv

GAMES = ("sota", "tactics", "command")
ROOT_SEED = 20_261_206


def slot_steps_per_second(envs: Any, steps: int, seed: int) -> float:
    """Time `steps` steps of all the slots of `envs`; the learner's actions are drawn untimed."""
    rng = np.random.default_rng(seed)
    _, info = envs.reset(seed=seed)
    elapsed = 0.0
    for _ in range(steps):
        masks = info["action_mask"]
        actions = np.array([rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in masks])
        start = time.perf_counter()
        _, _, _, _, info = envs.step(actions)
        elapsed += time.perf_counter() - start
    return steps * len(actions) / elapsed


def measure(game: str, num_envs: int, steps: int, runs: int, copy: bool = True) -> dict[str, float]:
    ours, theirs = [], []
    for run in range(runs):  # interleaved, so that a noisy moment hits both
        seed = ROOT_SEED + run
        ours.append(slot_steps_per_second(ShardGamesVectorEnv(game, num_envs, copy=copy), steps, seed))
        slots = [lambda: ShardGamesEnv(game) for _ in range(num_envs)]
        sync = gymnasium.vector.SyncVectorEnv(slots, copy=copy)
        theirs.append(slot_steps_per_second(sync, steps, seed))
    vector, reference = statistics.median(ours), statistics.median(theirs)
    return {"vector_per_second": vector, "sync_per_second": reference, "ratio": vector / reference}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", action="append", metavar="NAME_OR_STRING", help="only these games")
    parser.add_argument("--envs", type=int, default=16, help="slots (games side by side)")
    parser.add_argument("--steps", type=int, default=100, help="steps of all the slots per run")
    parser.add_argument("--runs", type=int, default=3, help="interleaved runs (the median is reported)")
    parser.add_argument(
        "--no-copy", action="store_true", help="both return their own arrays instead of copies (copy=False)"
    )
    parser.add_argument("--json", action="store_true", help="print JSON")
    args = parser.parse_args(argv)
    for option in ("envs", "steps", "runs"):
        if getattr(args, option) < 1:
            parser.error(f"--{option} must be at least 1")
    results = {}
    for game in args.game or GAMES:
        try:
            sg.load_game(game)
        except sg.ShardGamesError as exc:
            print(f"vector_env: {exc}".splitlines()[0], file=sys.stderr)
            return 2
        results[game] = measure(game, args.envs, args.steps, args.runs, copy=not args.no_copy)
    if args.json:
        print(json.dumps(results, indent=2))
    else:
        print(f"{'game':<24} {'vector/s':>10} {'sync/s':>10} {'ratio':>6}")
        for game, row in results.items():
            print(
                f"{game:<24} {row['vector_per_second']:>10,.0f} {row['sync_per_second']:>10,.0f} "
                f"{row['ratio']:>6.2f}"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
