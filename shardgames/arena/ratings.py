"""Statistics for tournaments: Wilson intervals for win rates, and Bradley-Terry ratings.

`wilson` gives the score interval of a proportion (good even for few games or rates near 0 or 1).
`bradley_terry` fits strengths to pairwise results by maximum likelihood (a draw counts half a win to
each side) and gives them on the Elo scale with standard errors from the observed information.

Examples:
    >>> low, high = wilson(90, 100)
    >>> round(low, 3), round(high, 3)
    (0.826, 0.945)
    >>> ratings = bradley_terry(["a", "b"], {("a", "b"): (75.0, 25.0)})
    >>> round(ratings["a"].elo - ratings["b"].elo), round(ratings["a"].error)
    (190, 20)
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

import attrs
import numpy as np

__all__ = ["Rating", "bradley_terry", "wilson"]

Z95 = 1.959963984540054
"""The two-sided 95 % normal quantile."""
ELO = 400 / math.log(10)
"""Natural-log strength differences to Elo points."""


def wilson(successes: float, trials: float, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95 % by default); (0, 1) when there are no trials."""
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


@attrs.frozen
class Rating:
    """One agent's fitted strength.

    Attributes:
        elo: The rating on the Elo scale, the agents' mean at 1500.
        error: Its standard error (Elo points); ``inf`` when the data do not pin it down.
    """

    elo: float
    error: float

    def interval(self, z: float = Z95) -> tuple[float, float]:
        """The rating's normal-approximation interval (95 % by default)."""
        return (self.elo - z * self.error, self.elo + z * self.error)


def bradley_terry(
    agents: Sequence[str], results: Mapping[tuple[str, str], tuple[float, float]], *, iterations: int = 2000
) -> dict[str, Rating]:
    """Bradley-Terry strengths by maximum likelihood, as Elo ratings with standard errors.

    Args:
        agents: The agents' names.
        results: For pairs ``(a, b)``: (points of a, points of b) from their games (a win 1, a draw 0.5
            each). A pair may appear in either order; both are added up.
        iterations: The most rounds of the minorisation-maximisation algorithm.

    Returns:
        Each agent's `Rating`. An agent that won or lost everything has no finite maximum; a small
        prior (one drawn game against a virtual average opponent) keeps every rating finite.
    """
    names = list(agents)
    index = {name: i for i, name in enumerate(names)}
    n = len(names)
    wins = np.zeros((n, n))  # wins[i, j]: points of i against j
    for (a, b), (points_a, points_b) in results.items():
        wins[index[a], index[b]] += points_a
        wins[index[b], index[a]] += points_b
    games = wins + wins.T
    strength = np.ones(n)
    prior = 0.5  # half a point won and half lost against a virtual opponent of strength 1
    for _ in range(iterations):
        total_wins = wins.sum(axis=1) + prior
        denominator = (games / (strength[:, None] + strength[None, :])).sum(axis=1) + 2 * prior / (
            strength + 1
        )
        updated = total_wins / denominator
        updated /= math.exp(np.log(updated).mean())
        if np.allclose(updated, strength, rtol=1e-10, atol=1e-12):
            strength = updated
            break
        strength = updated
    theta = np.log(strength)
    # observed information of the log-strengths, with the prior; one direction (the mean) is free
    info = np.zeros((n, n))
    for i in range(n):
        for j in range(n):
            if i != j and games[i, j]:
                p = strength[i] / (strength[i] + strength[j])
                info[i, j] -= games[i, j] * p * (1 - p)
                info[i, i] += games[i, j] * p * (1 - p)
        q = strength[i] / (strength[i] + 1)
        info[i, i] += 2 * prior * q * (1 - q)
    try:
        covariance = np.linalg.inv(info)
    except np.linalg.LinAlgError:  # pragma: no cover - the prior keeps the matrix invertible
        errors = np.full(n, math.inf)
    else:
        centring = np.eye(n) - np.full((n, n), 1 / n)  # ratings are relative to the agents' mean
        covariance = centring @ covariance @ centring
        errors = np.sqrt(np.clip(np.diag(covariance), 0, None)) * ELO
    centre = theta.mean()
    return {
        name: Rating(float(1500 + (theta[i] - centre) * ELO), float(errors[i]))
        for i, name in enumerate(names)
    }
