"""Golden playthroughs: recorded games as plain text, replayed and compared by a test.

A playthrough is fully determined by a game string and a seed: the seed starts the game and also drives
a uniform random choice among the legal actions. The text shows, step by step, the state, the legal
actions, the action taken and the events it caused, so any change of behaviour shows up as a readable
diff. Regenerate the files with ``python tests/golden_playthroughs.py`` and read the diff before
committing it.
"""

from __future__ import annotations

import sys
from pathlib import Path

import shardgames as sg

GOLDEN_DIR = Path(__file__).parent / "golden"

#: (file name, game string, seed) of every recorded playthrough.
PLAYTHROUGHS: tuple[tuple[str, str, int], ...] = (
    ("embers-2p-seed1.txt", "embers", 1),
    ("embers-3p-explicit-seed2.txt", "embers(players=3,chance=explicit,max_turns=10)", 2),
    ("sota-2p-seed1.txt", "sota(max_turn_phases=4)", 1),
    ("sota-3p-explicit-seed2.txt", "sota(players=3,chance=explicit,max_turn_phases=4)", 2),
    ("command-seed1.txt", "command(max_turns=4)", 1),
    ("command-explicit-seed2.txt", "command(decks=(tidewell,chronovoid),chance=explicit,max_turns=3)", 2),
    ("tactics-seed1.txt", "tactics(souls=10,max_turns=12)", 1),
    ("tactics-explicit-seed2.txt", "tactics(actions=2,chance=explicit,max_turns=10,souls=14)", 2),
)


def playthrough(game_string: str, seed: int) -> str:
    """The text of one playthrough."""
    game = sg.load_game(game_string)
    state = game.new_initial_state(seed)
    rng = sg.Rng(sg.derive_seed(seed, 7))
    lines = [f"game: {game}", f"seed: {seed}", ""]
    step = 0
    while not state.is_terminal():
        lines.append(f"--- step {step}, history {len(state.history)}")
        lines.extend(str(state).splitlines())
        legal = state.legal_actions()
        if state.is_chance_node():
            lines.append("chance: " + ", ".join(f"{a} {p:.4f}" for a, p in state.chance_outcomes()))
            action = state.sample_chance_outcome(rng)
        else:
            lines.append("legal: " + " | ".join(f"{game.encode(a)}={a}" for a in legal))
            action = rng.choice(legal)
        lines.append(f"apply: {action}")
        lines.extend(f"  event: {e}" for e in state.apply_action(action))
        step += 1
    lines.append("--- final")
    lines.extend(str(state).splitlines())
    lines.append(f"returns: {state.returns()}")
    return "\n".join(lines) + "\n"


def main() -> None:
    """Write every golden file."""
    sys.path.insert(0, str(Path(__file__).parents[1] / "examples"))
    from embers import EmbersGame

    if "embers" not in sg.list_games():
        sg.register_game(EmbersGame)
    for name, game_string, seed in PLAYTHROUGHS:
        (GOLDEN_DIR / name).write_text(playthrough(game_string, seed), encoding="utf-8")
        print(f"wrote {GOLDEN_DIR / name}")


if __name__ == "__main__":
    main()
