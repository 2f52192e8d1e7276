"""Experiments: does a change to the game (a card's cost, a rule, a deck) change who wins?

`compare` plays the same tournament, with the same schedule and the same seeds, on a base game and
on a variant of it. Game *k* is seeded alike in both (common random numbers): the same shuffles and
dice as far as the change lets them stay the same, so much of the luck cancels out. For each agent
(and each seat) it takes the per-game score in both versions (1 a win, 0 a loss, a draw shared: 1/2
each with two seats) and tests the mean of the paired differences, variant minus base, with a
normal-approximation 95 % interval and two-sided p-value
(`shardgames.analysis.stats.paired_difference`). The paired test is the right one here: the games
of the two versions are not independent samples.

`compare_matchups` asks the question deck by deck: it plays a `shardgames.analysis.matchups` study on
both versions (the same seeds pair by pair) and compares each option's score against the field,
mirrors left out. "Is this new card over-costed?": make a variant with the card cheaper, and see
whether the decks that hold it win more.

Examples:
    >>> import shardgames as sg
    >>> from embers import EmbersGame  # the template game, in examples/
    >>> _ = sg.register_game(EmbersGame)
    >>> from shardgames.analysis import compare
    >>> comparison = compare(
    ...     "embers",
    ...     "embers(max_turns=3)",
    ...     [sg.RandomAgent()],
    ...     games=20,
    ...     seed=1,
    ...     backend="serial",
    ...     progress=False,
    ... )
    >>> [row["subject"] for row in comparison.rows()]
    ['seat 0', 'seat 1']
    >>> comparison.subjects[0].games
    20
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import attrs

from shardgames.agents.base import Agent
from shardgames.analysis._frames import dataframe
from shardgames.analysis.matchups import Matchups, matchups
from shardgames.analysis.stats import PairedDifference, format_level, format_p, paired_difference, score
from shardgames.arena.documents import Document
from shardgames.arena.tournaments import GameResult, TournamentResult, tournament
from shardgames.kernel.errors import UsageError
from shardgames.kernel.game import Game, load_game

__all__ = ["COMPARISON_COLUMNS", "Comparison", "PairedScores", "compare", "compare_matchups"]

COMPARISON_COLUMNS = (
    "subject",
    "games",
    "base_mean_score",
    "variant_mean_score",
    "difference",
    "difference_low",
    "difference_high",
    "p_value",
    "correlation",
)
"""The columns of `Comparison.table`."""


@attrs.frozen
class PairedScores:
    """One subject's scores, game by game, in the base game and in the variant.

    Attributes:
        subject: An agent's name, ``seat N``, or an option of a matchup study.
        base: Its score in each game of the base game.
        variant: Its score in the same games of the variant.
    """

    subject: str
    base: tuple[float, ...]
    variant: tuple[float, ...]

    @property
    def games(self) -> int:
        """The number of paired games."""
        return len(self.base)

    @property
    def base_mean_score(self) -> float:
        """The mean score in the base game."""
        return sum(self.base) / len(self.base) if self.base else 0.0

    @property
    def variant_mean_score(self) -> float:
        """The mean score in the variant."""
        return sum(self.variant) / len(self.variant) if self.variant else 0.0

    @property
    def difference(self) -> PairedDifference:
        """The mean of the paired differences (variant minus base) with its interval and p-value."""
        return paired_difference(v - b for b, v in zip(self.base, self.variant, strict=True))

    @property
    def correlation(self) -> float:
        """The correlation of the two versions' per-game scores (``nan`` when one of them is constant).

        The paired design needs fewer games the higher it is: see `shardgames.analysis.games_needed`.
        """
        n = len(self.base)
        if n < 2:
            return math.nan
        mean_b, mean_v = self.base_mean_score, self.variant_mean_score
        cov = sum((b - mean_b) * (v - mean_v) for b, v in zip(self.base, self.variant, strict=True))
        var_b = sum((b - mean_b) ** 2 for b in self.base)
        var_v = sum((v - mean_v) ** 2 for v in self.variant)
        if var_b == 0.0 or var_v == 0.0:
            return math.nan
        return cov / math.sqrt(var_b * var_v)


@attrs.frozen
class Comparison(Document):
    """The paired comparison of a base game and a variant (see the module docstring).

    Attributes:
        base: The base game string.
        variant: The variant's game string.
        seed: The root seed both were played with.
        subjects: Each subject's paired scores.
        interrupted: Whether a run was stopped before it was done (only games played in both count).
        alpha: The significance level of the summary.
    """

    base: str
    variant: str
    seed: int
    subjects: tuple[PairedScores, ...]
    interrupted: bool = False
    alpha: float = 0.05

    KIND = "comparison"

    def rows(self) -> list[dict[str, Any]]:
        """One row per subject (columns `COMPARISON_COLUMNS`).

        Each row holds the games, the mean score in each version, the mean paired difference (variant
        minus base) with its 95 % interval and p-value, and the correlation of the paired scores.
        """
        rows = []
        for subject in self.subjects:
            difference = subject.difference
            correlation = subject.correlation
            rows.append(
                {
                    "subject": subject.subject,
                    "games": subject.games,
                    "base_mean_score": subject.base_mean_score,
                    "variant_mean_score": subject.variant_mean_score,
                    "difference": difference.mean,
                    "difference_low": difference.mean_low,
                    "difference_high": difference.mean_high,
                    "p_value": difference.p_value,
                    "correlation": None if math.isnan(correlation) else correlation,
                }
            )
        return rows

    def table(self) -> Any:
        """`rows` as a pandas DataFrame.

        Raises:
            MissingExtraError: If pandas is not installed.
        """
        return dataframe(self.rows(), COMPARISON_COLUMNS, "Comparison.table")

    def summary(self) -> str:
        """The comparison in one paragraph of words."""
        level = format_level(self.alpha)
        games = max((s.games for s in self.subjects), default=0)
        lines = [
            f"{self.variant} against {self.base}: {games} games on the same seeds, compared game by game"
            + (" (interrupted)" if self.interrupted else "")
            + "."
        ]
        for row in self.rows():
            change = (
                f"{row['subject']} scores {row['base_mean_score']:.1%} in the base and "
                f"{row['variant_mean_score']:.1%} in the variant, a change of "
                f"{row['difference'] * 100:+.1f} points (95% CI {row['difference_low'] * 100:+.1f} "
                f"to {row['difference_high'] * 100:+.1f}; {format_p(row['p_value'])})"
            )
            if row["p_value"] < self.alpha and row["games"] > 1:
                better = "better" if row["difference"] > 0 else "worse"
                verdict = f"the variant is {better} for {row['subject']} at the {level} level"
            else:
                verdict = f"no evidence of a difference at the {level} level"
            lines.append(f"{change}: {verdict}.")
        return " ".join(lines)

    def tables(self) -> dict[str, Any]:
        """What `to_dict` writes after the fields: ``comparisons`` (`rows`) and the ``summary``."""
        return {"comparisons": self.rows(), "summary": self.summary()}

    def __str__(self) -> str:
        return self.summary()


def _subjects(base: TournamentResult, variant: TournamentResult) -> list[PairedScores]:
    paired: list[tuple[GameResult, GameResult]] = []
    by_index = {g.index: g for g in variant.games}
    for game in base.games:
        other = by_index.get(game.index)
        if other is not None:
            paired.append((game, other))
    seats = len(base.games[0].seats) if base.games else 0
    subjects: list[PairedScores] = []
    each_once = all(len(set(g.seats)) == len(g.seats) for g, _ in paired)
    if len(base.agents) > 1 and each_once:  # an agent's score is its seat's, when it has one seat
        for agent, name in enumerate(base.agents):
            games = [(g, v) for g, v in paired if agent in g.seats]
            scores = [(g.score(g.seats.index(agent)), v.score(v.seats.index(agent))) for g, v in games]
            subjects.append(PairedScores(name, tuple(s[0] for s in scores), tuple(s[1] for s in scores)))
    subjects.extend(
        PairedScores(
            f"seat {seat}",
            tuple(g.score(seat) for g, _ in paired),
            tuple(v.score(seat) for _, v in paired),
        )
        for seat in range(seats)
    )
    return subjects


def _focus(subjects: list[PairedScores], focus: str | int | None) -> tuple[PairedScores, ...]:
    if focus is None:
        return tuple(subjects)
    name = f"seat {focus}" if isinstance(focus, int) else focus
    chosen = [s for s in subjects if s.subject == name]
    if not chosen:
        known = ", ".join(s.subject for s in subjects)
        raise UsageError(f"focus: {focus!r} is not one of {known}")
    return tuple(chosen)


def compare(
    base: Game | str,
    variant: Game | str,
    agents: Sequence[Agent],
    games: int = 100,
    seed: int = 0,
    *,
    workers: int | None = None,
    backend: str = "process",
    progress: bool | None = None,
    focus: str | int | None = None,
    alpha: float = 0.05,
) -> Comparison:
    """Play the same tournament on `base` and `variant` and compare the scores game by game.

    Args:
        base: The game as it is (a `Game` or a game string).
        variant: The changed game, with the same number of seats.
        agents: The agents, as for `shardgames.arena.tournament` (one agent plays every seat).
        games: The games in each version.
        seed: The root seed, the same for both: game *k* is seeded with ``derive_seed(seed, k)``.
        workers: Worker processes (as for `tournament`).
        backend: ``serial``, ``process`` or ``ray``.
        progress: Show progress bars: ``None`` on a terminal only.
        focus: Report one subject only: an agent's name (as the tournament names it) or a seat number.
        alpha: The significance level of the summary.

    Returns:
        The `Comparison`: one subject per agent (when several agents play, each in one seat per
        game) and one per seat.

    Raises:
        UsageError: If the two games have different numbers of seats, or `focus` names no subject.
    """
    base_game = load_game(base) if isinstance(base, str) else base
    variant_game = load_game(variant) if isinstance(variant, str) else variant
    if base_game.num_players != variant_game.num_players:
        raise UsageError(
            f"the variant must seat as many players as the base: {variant_game} has "
            f"{variant_game.num_players}, {base_game} has {base_game.num_players}"
        )
    options: dict[str, Any] = {"workers": workers, "backend": backend, "progress": progress}
    first = tournament(base_game, agents, games, seed, **options)
    second = tournament(variant_game, agents, games, seed, **options)
    subjects = _focus(_subjects(first, second), focus)
    interrupted = first.interrupted or second.interrupted
    return Comparison(str(base_game), str(variant_game), seed, subjects, interrupted, alpha)


def _winners(study: Matchups) -> dict[tuple[tuple[str, str], int], int | None]:
    return {(g.options, g.index): g.winner for g in study.games}


def compare_matchups(
    base: Game | str,
    variant: Game | str,
    parameter: str,
    options: Sequence[str],
    *,
    agents: Agent | Sequence[Agent],
    games_per_pair: int,
    seed: int = 0,
    workers: int | None = None,
    backend: str = "process",
    progress: bool | None = None,
    focus: str | None = None,
    alpha: float = 0.05,
) -> Comparison:
    """Compare each option's results against the field in a base game and a variant, game by game.

    Both versions play the same `shardgames.analysis.matchups` study (the same pairs, the same seeds);
    each option's score in each of its games against another option is paired with its score in the
    same game of the variant.

    Args:
        base: The game as it is (a two-seat `Game` or game string).
        variant: The changed game.
        parameter: The per-seat parameter, such as ``"decks"``.
        options: The values to try in each seat.
        agents: One agent for both seats, or one per seat (as for `matchups`).
        games_per_pair: Games for each ordered pair, in each version.
        seed: The root seed, the same for both.
        workers: Worker processes (as for `tournament`).
        backend: ``serial``, ``process`` or ``ray``.
        progress: Show progress bars: ``None`` on a terminal only.
        focus: Report one option only.
        alpha: The significance level of the summary.

    Returns:
        The `Comparison`, one subject per option.

    Raises:
        UsageError: As for `matchups`, or if `focus` is not an option.
    """
    run: dict[str, Any] = {"workers": workers, "backend": backend, "progress": progress}
    first = matchups(base, parameter, options, agents, games_per_pair, seed=seed, **run)
    second = matchups(variant, parameter, options, agents, games_per_pair, seed=seed, **run)
    later = _winners(second)
    subjects = []
    for option in first.options:
        base_scores, variant_scores = [], []
        for g in first.games:
            if g.options[0] == g.options[1] or option not in g.options:
                continue
            key = (g.options, g.index)
            if key not in later:
                continue
            seat = g.options.index(option)
            base_scores.append(score(g.winner, seat, 2))
            variant_scores.append(score(later[key], seat, 2))
        subjects.append(PairedScores(option, tuple(base_scores), tuple(variant_scores)))
    chosen = _focus(subjects, focus)
    interrupted = first.interrupted or second.interrupted
    return Comparison(first.game, second.game, seed, chosen, interrupted, alpha)
