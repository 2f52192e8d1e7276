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

Wherever the library takes a generator (`View.sample_state`, `State.sample_chance_outcome`, an agent's
``act``...), it takes an `Rng`, an int seed or a NumPy ``Generator``; `as_rng` turns any of them into an
`Rng`:

    >>> import numpy as np
    >>> as_rng(np.random.default_rng(5)) == as_rng(np.random.default_rng(5))
    True
    >>> as_rng(-1)
    Traceback (most recent call last):
    ...
    shardgames.kernel.errors.UsageError: a seed must be an int from 0 to 2**64 - 1, not -1
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

import numpy as np

from shardgames.kernel.errors import UsageError

__all__ = ["SEED_LIMIT", "Rng", "RngLike", "as_rng", "check_seed", "derive_seed"]

_MASK64 = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
_MIX1 = 0xBF58476D1CE4E5B9
_MIX2 = 0x94D049BB133111EB
_TWO64 = 1 << 64

T = TypeVar("T")


SEED_LIMIT = _TWO64
"""Seeds are ints from 0 to ``SEED_LIMIT - 1`` (64 bits)."""


def check_seed(seed: object, what: str = "a seed") -> int:
    """`seed` if it is a valid seed: an int (not a bool) from 0 to ``2**64 - 1``.

    Args:
        seed: The value to check (NumPy integers are accepted as ints).
        what: How to name it in the message (``"--seed"``, ``"seed"``).

    Raises:
        UsageError: If it is not such an int.
    """
    if isinstance(seed, np.integer):
        seed = int(seed)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise UsageError(
            f"{what} must be an int from 0 to 2**64 - 1, not {_short(seed)} ({type(seed).__name__})"
        )
    if not 0 <= seed < SEED_LIMIT:
        raise UsageError(f"{what} must be an int from 0 to 2**64 - 1, not {_short(seed)}")
    return seed


def _short(value: object) -> str:
    if isinstance(value, int) and value.bit_length() > 128:  # printing 5,000 digits helps nobody
        return f"an int of {value.bit_length()} bits"
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


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
    seq = np.random.SeedSequence(check_seed(root), spawn_key=tuple(check_seed(k) for k in keys))
    return int(seq.generate_state(1, np.uint64)[0]) >> 1


class Rng:
    """SplitMix64: a seeded generator whose entire state is one 64-bit integer.

    Args:
        seed: An int from 0 to ``2**64 - 1``. It is mixed through NumPy's `SeedSequence`, so nearby
            seeds give unrelated streams.

    Raises:
        UsageError: If `seed` is not such an int.
    """

    __slots__ = ("_state",)

    def __init__(self, seed: int = 0) -> None:
        seq = np.random.SeedSequence(check_seed(seed))
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


RngLike = Rng | int | np.random.Generator
"""What the library takes wherever it takes a generator: an `Rng`, an int seed or a NumPy ``Generator``."""


def as_rng(rng: RngLike) -> Rng:
    """An `Rng` from any generator the library accepts.

    An `Rng` is returned as it is (drawing from the result advances it); an int seeds a new one; a
    NumPy ``Generator`` gives a new `Rng` seeded from its next 64 random bits (so the NumPy generator
    advances, and the same NumPy state always gives the same `Rng`).

    Raises:
        UsageError: If `rng` is none of these, or an int that is not a valid seed.
    """
    if isinstance(rng, Rng):
        return rng
    if isinstance(rng, np.random.Generator):
        return Rng.from_state(int(rng.integers(0, _TWO64, dtype=np.uint64)))
    if isinstance(rng, int | np.integer) and not isinstance(rng, bool):
        return Rng(check_seed(rng))
    raise UsageError(
        f"a generator must be an sg.Rng, an int seed or a numpy.random.Generator, not {type(rng).__name__}"
    )
