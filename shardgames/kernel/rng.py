"""A small, fast, seeded and serialisable random number generator.

Every random event in shardgames is a chance node (see the Concepts page); in the default mode the state
samples those nodes from its own `Rng`. The generator is SplitMix64: its whole state is one 64-bit integer,
so cloning and saving a state costs nothing, and single small draws (a die, a card) take well under a
microsecond in pure Python. Seeds given by users are first mixed through NumPy's `SeedSequence`, which is
also how child seeds for parallel runs are derived (`derive_seed`): the seed of game *i* of a tournament
depends only on the root seed and *i*, never on which worker plays it.

Examples:
    >>> from shardgames.kernel.rng import Rng, derive_seed
    >>> rng = Rng(7)
    >>> [rng.randrange(6) + 1 for _ in range(5)]
    [5, 2, 4, 6, 6]
    >>> again = Rng.from_state(Rng(7).state)
    >>> again.randrange(6) + 1
    5
    >>> derive_seed(7, 0) != derive_seed(7, 1)
    True
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

import numpy as np

__all__ = ["Rng", "derive_seed"]

_MASK64 = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
_MIX1 = 0xBF58476D1CE4E5B9
_MIX2 = 0x94D049BB133111EB
_TWO64 = 1 << 64

T = TypeVar("T")


def _check_seed(seed: int) -> int:
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"a seed must be an int, not {type(seed).__name__}")
    if seed < 0:
        raise ValueError(f"a seed must be >= 0, not {seed}")
    return seed


def derive_seed(root: int, *keys: int) -> int:
    """Derive an independent 63-bit child seed from a root seed and a path of integer keys.

    The result depends only on `root` and `keys`, so child seeds can be computed in any order, on any
    machine, by any worker.

    Args:
        root: The root seed (a non-negative int).
        *keys: The path to the child, e.g. ``(game_index,)`` or ``(game_index, seat)``.

    Returns:
        A seed in ``[0, 2**63)``, suitable for `Rng`, `new_initial_state` or `play_match`.
    """
    seq = np.random.SeedSequence(_check_seed(root), spawn_key=tuple(_check_seed(k) for k in keys))
    return int(seq.generate_state(1, np.uint64)[0]) >> 1


class Rng:
    """SplitMix64: a seeded generator whose entire state is one 64-bit integer.

    Args:
        seed: A non-negative int. It is mixed through NumPy's `SeedSequence`, so nearby seeds give
            unrelated streams.
    """

    __slots__ = ("_state",)

    def __init__(self, seed: int = 0) -> None:
        seq = np.random.SeedSequence(_check_seed(seed))
        self._state = int(seq.generate_state(1, np.uint64)[0])

    @classmethod
    def from_state(cls, state: int) -> Rng:
        """Rebuild a generator from a saved `state` (no seed mixing)."""
        rng = cls.__new__(cls)
        rng._state = state & _MASK64
        return rng

    @property
    def state(self) -> int:
        """The whole generator state, for saving."""
        return self._state

    def clone(self) -> Rng:
        """An independent copy that will produce the same stream."""
        rng = Rng.__new__(Rng)
        rng._state = self._state
        return rng

    def next_u64(self) -> int:
        """The next raw 64-bit output."""
        s = (self._state + _GOLDEN) & _MASK64
        self._state = s
        s = ((s ^ (s >> 30)) * _MIX1) & _MASK64
        s = ((s ^ (s >> 27)) * _MIX2) & _MASK64
        return s ^ (s >> 31)

    def randrange(self, n: int) -> int:
        """A uniform integer in ``[0, n)``, without modulo bias (Lemire's method).

        Raises:
            ValueError: If `n` is not in ``[1, 2**64]``.
        """
        if not 0 < n <= _TWO64:
            raise ValueError(f"randrange needs 0 < n <= 2**64, not {n}")
        s = (self._state + _GOLDEN) & _MASK64  # next_u64, inlined: this is on every random step
        self._state = s
        s = ((s ^ (s >> 30)) * _MIX1) & _MASK64
        s = ((s ^ (s >> 27)) * _MIX2) & _MASK64
        product = (s ^ (s >> 31)) * n
        low = product & _MASK64
        if low < n:
            threshold = (_TWO64 - n) % n
            while low < threshold:
                product = self.next_u64() * n
                low = product & _MASK64
        return product >> 64

    def random(self) -> float:
        """A uniform float in ``[0, 1)`` with 53 random bits."""
        return (self.next_u64() >> 11) * (1.0 / (1 << 53))

    def weighted_index(self, weights: Sequence[int]) -> int:
        """An index drawn with probability proportional to the integer `weights`."""
        point = self.randrange(sum(weights))
        for index, weight in enumerate(weights):
            point -= weight
            if point < 0:
                return index
        raise AssertionError("unreachable: weights are positive")  # pragma: no cover

    def choice(self, items: Sequence[T]) -> T:
        """A uniformly chosen item of a non-empty sequence."""
        return items[self.randrange(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle `items` in place (Fisher-Yates)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.randrange(i + 1)
            items[i], items[j] = items[j], items[i]

    def spawn(self) -> Rng:
        """A child generator seeded from this one's next output (advances this generator)."""
        return Rng.from_state(self.next_u64())

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and other._state == self._state

    def __hash__(self) -> int:
        return hash(self._state)

    def __repr__(self) -> str:
        return f"Rng.from_state({self._state:#018x})"
