from __future__ import annotations

from collections import Counter

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import shardgames as sg
from shardgames.kernel.errors import UsageError
from shardgames.kernel.rng import Rng, as_rng, check_seed, derive_seed


def test_same_seed_same_stream() -> None:
    a, b = Rng(123), Rng(123)
    assert [a.next_u64() for _ in range(10)] == [b.next_u64() for _ in range(10)]
    assert Rng(1).next_u64() != Rng(2).next_u64()


def test_the_stream_is_fixed_across_versions() -> None:
    """Saved games replay only if the generator never changes: pin its first outputs."""
    rng = Rng.from_state(0)
    assert [rng.next_u64() for _ in range(3)] == [
        0xE220A8397B1DCDAF,
        0x6E789E6AA1B965F4,
        0x06C45D188009454F,
    ]


def test_state_round_trip_and_clone() -> None:
    rng = Rng(5)
    rng.next_u64()
    copy = rng.clone()
    restored = Rng.from_state(rng.state)
    assert copy == rng == restored
    assert hash(copy) == hash(rng)
    assert [copy.randrange(100) for _ in range(20)] == [restored.randrange(100) for _ in range(20)]
    assert repr(rng).startswith("Rng.from_state(")


@given(seed=st.integers(0, 2**63), n=st.integers(1, 2**64))
def test_randrange_is_in_range(seed: int, n: int) -> None:
    rng = Rng(seed)
    for _ in range(5):
        assert 0 <= rng.randrange(n) < n


def test_randrange_is_roughly_uniform() -> None:
    rng = Rng(9)
    counts = Counter(rng.randrange(6) for _ in range(60_000))
    assert set(counts) == set(range(6))
    assert all(9_500 < c < 10_500 for c in counts.values())


def test_randrange_rejects_empty_ranges() -> None:
    with pytest.raises(ValueError, match="0 < n"):
        Rng(1).randrange(0)
    with pytest.raises(ValueError, match="2\\*\\*64"):
        Rng(1).randrange(2**64 + 1)


def test_randrange_rejection_path() -> None:
    """With n close to 2**64 the rejection loop of Lemire's method runs; results stay in range."""
    rng = Rng(3)
    n = (1 << 64) - 5
    assert all(0 <= rng.randrange(n) < n for _ in range(200))


def test_random_float() -> None:
    rng = Rng(4)
    values = [rng.random() for _ in range(1000)]
    assert all(0.0 <= v < 1.0 for v in values)
    assert 0.4 < sum(values) / len(values) < 0.6


def test_weighted_index_follows_weights() -> None:
    rng = Rng(11)
    counts = Counter(rng.weighted_index([1, 0, 3]) for _ in range(40_000))
    assert counts[1] == 0
    assert 0.23 < counts[0] / 40_000 < 0.27


def test_choice_and_shuffle() -> None:
    rng = Rng(2)
    items = list(range(20))
    rng.shuffle(items)
    assert sorted(items) == list(range(20))
    assert items != list(range(20))
    assert rng.choice("abc") in "abc"


def test_spawn_gives_independent_children() -> None:
    parent = Rng(8)
    child_a, child_b = parent.spawn(), parent.spawn()
    assert child_a != child_b


@pytest.mark.parametrize(
    "bad",
    [-1, 1.5, "7", True, None, 2**64, 10**5000],
    ids=["-1", "1.5", "str", "True", "None", "2**64", "huge"],
)
def test_bad_seeds_are_rejected_with_a_usage_error(bad: object) -> None:
    for make in (Rng, derive_seed, sg.load_game("tactics").new_initial_state):
        with pytest.raises(UsageError, match="must be an int from 0 to 2\\*\\*64 - 1") as info:
            make(bad)  # type: ignore[operator]
        assert len(str(info.value)) < 120  # a 5,000-digit seed is not printed back


def test_seeds_span_64_bits_and_numpy_integers_count_as_ints() -> None:
    assert Rng(2**64 - 1) != Rng(0)
    assert Rng(np.uint64(7)) == Rng(7)
    assert check_seed(np.int32(3)) == 3


def test_as_rng_takes_an_rng_a_seed_or_a_numpy_generator() -> None:
    rng = Rng(4)
    assert as_rng(rng) is rng
    assert as_rng(4) == Rng(4)
    numpy_rng = np.random.default_rng(9)
    first = as_rng(numpy_rng)
    assert first == as_rng(np.random.default_rng(9))  # the same NumPy state, the same Rng
    assert as_rng(numpy_rng) != first  # and the NumPy generator advanced
    with pytest.raises(UsageError, match=r"sg\.Rng, an int seed or a numpy\.random\.Generator, not float"):
        as_rng(1.5)  # type: ignore[arg-type]
    with pytest.raises(UsageError, match="a seed must be an int from 0 to 2\\*\\*64 - 1, not -1"):
        as_rng(-1)


def test_derive_seed_depends_only_on_root_and_path() -> None:
    assert derive_seed(1, 2) == derive_seed(1, 2)
    seeds = {derive_seed(1, i) for i in range(1000)}
    assert len(seeds) == 1000
    assert derive_seed(1, 0) != derive_seed(2, 0)
    assert derive_seed(1, 0, 1) != derive_seed(1, 1, 0)
    assert all(0 <= s < 2**63 for s in seeds)
    with pytest.raises(UsageError, match="not -3"):
        derive_seed(1, -3)
