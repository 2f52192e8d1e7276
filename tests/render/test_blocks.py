"""The HTML building blocks every game draws with: escaping, and cards."""

from __future__ import annotations

from html import escape

from hypothesis import given
from hypothesis import strategies as st

from shardgames.render.html import card, esc


@given(st.text() | st.integers())
def test_esc_escapes_exactly_as_the_standard_library(value: str | int) -> None:
    assert esc(value) == escape(str(value))


def test_esc_escapes_each_special_character_and_leaves_plain_text_alone() -> None:
    assert esc("""<a href="x">Tom & Jerry's</a>""") == (
        "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#x27;s&lt;/a&gt;"
    )
    assert esc("Vael, Kiln-Warden") == "Vael, Kiln-Warden"
    assert esc(3) == "3"


class Counter:
    """A stat whose value changes between two drawings."""

    def __init__(self) -> None:
        self.value = 1

    def __str__(self) -> str:
        return str(self.value)


def test_a_card_drawn_again_shows_what_its_values_are_now() -> None:
    """A card reads its values when it is drawn: nothing drawn before stands in for a changed value."""
    count = Counter()
    first = card("Golem", stats=[("HP", count)])
    count.value = 7
    second = card("Golem", stats=[("HP", count)])
    assert ">1<" in first
    assert ">1<" not in second
    assert ">7<" in second
    assert card("Golem", stats=[("HP", 7)]) == second


def test_a_card_reads_any_iterable_and_draws_as_from_lists() -> None:
    listed = card(
        "Imp",
        stats=[("MAG", 3)],
        lines=["a & b"],
        chip_labels=["flying"],
        flags=["mark"],
        ref="hand-0-3",
    )
    generated = card(
        "Imp",
        stats=(pair for pair in [("MAG", 3)]),
        lines=(line for line in ["a & b"]),
        chip_labels=iter(["flying"]),
        flags=("mark",),
        ref="hand-0-3",
    )
    assert generated == listed
    assert "a &amp; b" in listed
    assert "sg-mark" in listed
    assert 'data-ref="hand-0-3"' in listed
