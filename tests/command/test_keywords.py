"""The Shard Command keyword registry: the glossary K01 to K52, the points of C.3, lookups, card types."""

from __future__ import annotations

from collections import Counter

import pytest

from shardgames.command import (
    KEYWORDS,
    CardType,
    Element,
    Keyword,
    KeywordKind,
    keyword,
    starter_decks,
    starter_pool,
)
from shardgames.command.design import triggers_for
from shardgames.command.keywords import MAX_AMOUNT

# The glossary's table (C.1): id, name, element (None for Generic).
GLOSSARY = [
    ("K01", "Add +1/+1 Upgrade", Element.EARTH),
    ("K02", "Aerial", Element.AIR),
    ("K03", "Armored", Element.EARTH),
    ("K04", "Assault", Element.MALICE),
    ("K05", "Banish", Element.VOID),
    ("K06", "Blank", Element.VOID),
    ("K07", "Bombard", Element.FIRE),
    ("K08", "Breach", Element.EARTH),
    ("K09", "Deal # Dmg", Element.FIRE),
    ("K10", "Delay", Element.TIME),
    ("K11", "Destroy Entity", Element.MALICE),
    ("K12", "Drain Intel", Element.MALICE),
    ("K13", "Draw # Card", Element.WATER),
    ("K14", "Echo", Element.TIME),
    ("K15", "Elemental Rock #", None),
    ("K16", "Entrench", Element.EARTH),
    ("K17", "Enters Exhausted", None),
    ("K18", "Evade", Element.AIR),
    ("K19", "Fast Speed", Element.TIME),
    ("K20", "Fatal", Element.DEATH),
    ("K21", "Flow", Element.WATER),
    ("K22", "Foresight #", Element.TIME),
    ("K23", "Freeze", Element.WATER),
    ("K24", "Heal # Integrity", Element.LIFE),
    ("K25", "Immunity", Element.VOID),
    ("K26", "Interceptor", Element.SPACE),
    ("K27", "Intimidating", Element.MALICE),
    ("K28", "Isolate", Element.SPACE),
    ("K29", "Loot", Element.WATER),
    ("K30", "Nullify Rite", Element.VOID),
    ("K31", "Obliterate Entity", Element.DEATH),
    ("K32", "Pay 1 Integrity", Element.MALICE),
    ("K33", "Preemptive", Element.TIME),
    ("K34", "Reanimate", Element.DEATH),
    ("K35", "Reckless", Element.FIRE),
    ("K36", "Regenerate", Element.LIFE),
    ("K37", "Return to Hand", Element.SPACE),
    ("K38", "Revive to Hand", Element.LIFE),
    ("K39", "Sacrifice an Entity", Element.DEATH),
    ("K40", "Sentry", Element.EARTH),
    ("K41", "Silence", Element.VOID),
    ("K42", "Siphon", Element.DEATH),
    ("K43", "Submerge", Element.WATER),
    ("K44", "Surge", Element.FIRE),
    ("K45", "Swarm", Element.LIFE),
    ("K46", "Swift", Element.AIR),
    ("K47", "Tireless", Element.LIFE),
    ("K48", "Unblockable", Element.AIR),
    ("K49", "Updraft", Element.AIR),
    ("K50", "Veiled", Element.SPACE),
    ("K51", "Volatile", Element.FIRE),
    ("K52", "Warp", Element.SPACE),
]

# C.3 "Keyword points", row by row: the fixed points of the keywords without #.
FIXED_POINTS = {
    4: ("K48", "K30"),
    5: ("K11", "K34"),
    6: ("K31",),
    3: ("K03", "K20", "K37", "K49"),
    2: (
        "K01", "K02", "K06", "K08", "K10", "K12", "K14", "K18", "K21", "K23", "K25",
        "K27", "K28", "K33", "K38", "K41", "K42", "K45", "K47", "K50", "K52",
    ),
    1: ("K04", "K05", "K07", "K16", "K19", "K26", "K29", "K36", "K43", "K44", "K46"),
    -1: ("K17", "K35", "K32"),
    -2: ("K40", "K39"),
    -3: ("K51",),
}  # fmt: skip

# C.3 "per #": K09 1x#, K13 2x#, K15 3x#, K22 1x#, K24 ceil(#/2).
PER_AMOUNT = {
    "K09": lambda n: n,
    "K13": lambda n: 2 * n,
    "K15": lambda n: 3 * n,
    "K22": lambda n: n,
    "K24": lambda n: (n + 1) // 2,
}

DRAWBACKS = {"K17", "K35", "K40", "K51"}
ADDITIONAL_COSTS = {"K32", "K39"}
ENT, ITEM, RITE, SOV = CardType.ENTITY, CardType.ITEM, CardType.RITE, CardType.SOVEREIGN


def test_the_registry_is_the_glossary_in_order() -> None:
    """Glossary: 52 keywords, K01 to K52, with the glossary's names and elements, in order."""
    assert len(KEYWORDS) == 52
    assert list(KEYWORDS) == [f"K{n:02d}" for n in range(1, 53)]
    assert [(k.id, k.name, k.element) for k in KEYWORDS.values()] == GLOSSARY


def test_five_keywords_per_element_and_two_generic() -> None:
    """Glossary: ten elements with 5 keywords each, plus the 2 Generic ones (K15, K17)."""
    counts = Counter(k.element for k in KEYWORDS.values())
    assert counts == {**dict.fromkeys(Element, 5), None: 2}
    generic = [k.id for k in KEYWORDS.values() if k.is_generic]
    assert generic == ["K15", "K17"]
    assert [k.element_name for k in KEYWORDS.values() if k.is_generic] == ["Generic", "Generic"]
    assert keyword("K09").element_name == "Fire"


def test_the_points_table_covers_every_keyword_once() -> None:
    """C.3: each keyword is in exactly one row of the points table."""
    listed = [kid for ids in FIXED_POINTS.values() for kid in ids] + list(PER_AMOUNT)
    assert sorted(listed) == sorted(KEYWORDS)


@pytest.mark.parametrize(
    ("keyword_id", "points"),
    [pytest.param(kid, points, id=kid) for points, ids in FIXED_POINTS.items() for kid in ids],
)
def test_fixed_points(keyword_id: str, points: int) -> None:
    """C.3: the points of each keyword without a magnitude."""
    kw = keyword(keyword_id)
    assert not kw.has_amount
    assert kw.base_points == points
    assert kw.points() == points
    assert kw.points(7) == points  # an amount is ignored by keywords without #
    assert kw.points_text == str(points)


@pytest.mark.parametrize("keyword_id", list(PER_AMOUNT))
def test_points_per_amount(keyword_id: str) -> None:
    """C.3: Deal 1x#, Draw 2x#, Elemental Rock 3x#, Foresight 1x#, Heal ceil(#/2), for # from 1 to 10."""
    kw = keyword(keyword_id)
    assert kw.has_amount
    assert [kw.points(n) for n in range(1, MAX_AMOUNT + 1)] == [
        PER_AMOUNT[keyword_id](n) for n in range(1, MAX_AMOUNT + 1)
    ]


def test_heal_rounds_half_the_amount_up() -> None:
    """C.3: Heal # Integrity costs ceil(#/2)."""
    heal = keyword("heal")
    assert heal.halves_amount
    assert [heal.points(n) for n in (1, 2, 3, 4, 9, 10)] == [1, 1, 2, 2, 5, 5]
    assert heal.points_text == "ceil(#/2)"
    assert keyword("draw").points_text == "2 x #"


@pytest.mark.parametrize("amount", [None, 0, -1])
def test_an_amount_keyword_needs_an_amount_of_at_least_1(amount: int | None) -> None:
    """R29: the magnitude # is part of the design, at least 1."""
    with pytest.raises(ValueError, match="needs an amount of at least 1"):
        keyword("deal").points(amount)


def test_drawbacks_and_additional_costs_are_flagged() -> None:
    """C.3 and R4: the negative keywords are drawbacks or additional costs, never multiplied."""
    kinds = {k.id: k.kind for k in KEYWORDS.values()}
    assert {kid for kid, kind in kinds.items() if kind is KeywordKind.DRAWBACK} == DRAWBACKS
    assert {kid for kid, kind in kinds.items() if kind is KeywordKind.COST} == ADDITIONAL_COSTS
    negative = {k.id for k in KEYWORDS.values() if k.base_points < 0}
    assert negative == DRAWBACKS | ADDITIONAL_COSTS
    assert {k.id for k in KEYWORDS.values() if not k.is_multiplied} == negative
    assert str(keyword("sentry")) == "K40 Sentry (Earth, drawback, -2)"
    assert str(keyword("sacrifice")) == "K39 Sacrifice an Entity (Death, cost, -2)"
    assert str(keyword("deal")) == "K09 Deal # Dmg (Fire, 1 x #)"
    assert str(keyword("K15")) == "K15 Elemental Rock # (Generic, 3 x #)"


# ---------------------------------------------------------------------- lookups


@pytest.mark.parametrize("kw", list(KEYWORDS.values()), ids=list(KEYWORDS))
def test_every_keyword_is_found_by_id_slug_and_name_in_any_case(kw: Keyword) -> None:
    """A keyword is found by id, short name or glossary name, in any case."""
    for name in (kw.id, kw.id.lower(), kw.slug, kw.slug.upper(), kw.name, kw.name.upper(), kw.name.lower()):
        assert keyword(name) is kw, name


def test_lookups_ignore_spaces_dashes_and_underscores() -> None:
    """Names are normalised: ``Deal # Dmg``, ``deal-dmg``, ``  Fast  Speed ``."""
    assert keyword("deal-dmg").id == "K09"
    assert keyword("  Fast  Speed ").id == "K19"
    assert keyword("fast-speed").id == "K19"
    assert keyword("Elemental Rock").id == "K15"
    assert keyword("rock").id == "K15"
    assert keyword("Add +1/+1 Upgrade").id == "K01"


def test_slugs_are_unique_and_lower_case() -> None:
    slugs = [k.slug for k in KEYWORDS.values()]
    assert len(set(slugs)) == 52
    assert all(s == s.lower() and " " not in s for s in slugs)


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("aerail", "unknown keyword 'aerail'; did you mean aerial"),
        ("fast_sped", "unknown keyword 'fast_sped'; did you mean fast_speed"),
        ("Heal 2 Integrity", "unknown keyword 'Heal 2 Integrity'; did you mean"),
        ("zzzz", "unknown keyword 'zzzz'; `shardgames cards command --keywords` lists them"),
        ("K53", "unknown keyword 'K53'"),
    ],
)
def test_an_unknown_keyword_raises_with_a_suggestion(name: str, message: str) -> None:
    with pytest.raises(ValueError, match=r"^unknown keyword") as caught:
        keyword(name)
    assert str(caught.value).startswith(message)


# ---------------------------------------------------------------------- card types (C.3)


def fits(keyword_id: str) -> set[CardType]:
    return {t for t in CardType if triggers_for(keyword(keyword_id), t)}


def test_fast_speed_and_echo_fit_rites_only() -> None:
    """C.3: "Fast Speed and Echo fit Rites only"."""
    assert fits("K19") == fits("K14") == {RITE}


def test_flow_warp_and_bombard_fit_entities() -> None:
    """C.3: "Flow, Warp and Bombard fit Entities"."""
    assert fits("K21") == fits("K52") == fits("K07") == {ENT}


def test_elemental_rock_fits_entities_and_items() -> None:
    """C.3: "Elemental Rock fits Entities and Items"."""
    assert fits("K15") == {ENT, ITEM}


def test_static_combat_keywords_fit_entities_and_sovereign_auras_only() -> None:
    """C.3: static combat keywords fit Entities only; a Sovereign gives them as auras (R6)."""
    static = [k.id for k in KEYWORDS.values() if k.kind is KeywordKind.STATIC]
    assert static == [
        "K02", "K03", "K04", "K08", "K16", "K18", "K20", "K25", "K26", "K27", "K33",
        "K36", "K42", "K44", "K46", "K47", "K48", "K50",
    ]  # fmt: skip
    for kid in static:
        assert fits(kid) == {ENT, SOV}, kid


def test_a_sovereign_takes_effects_and_statics_only() -> None:
    """C.3: "A Sovereign may have activated abilities or static auras only"."""
    for kw in KEYWORDS.values():
        allowed = kw.kind in (KeywordKind.EFFECT, KeywordKind.STATIC)
        assert (SOV in fits(kw.id)) is allowed, kw.id


def test_effects_fit_every_card_type() -> None:
    """C.3: effect keywords take triggers and scopes on Entities, Items, Rites and Sovereigns."""
    effects = [k.id for k in KEYWORDS.values() if k.kind is KeywordKind.EFFECT]
    assert len(effects) == 22
    for kid in effects:
        assert fits(kid) == set(CardType), kid


def test_drawbacks_and_additional_costs_fit_main_deck_cards() -> None:
    """Sentry, Reckless and Volatile are Entity drawbacks; Enters Exhausted fits Items too (V9);
    additional costs fit every Main Deck card (V8 is a Rite)."""
    assert fits("K40") == fits("K35") == fits("K51") == {ENT}
    assert fits("K17") == {ENT, ITEM}
    assert fits("K32") == fits("K39") == {ENT, ITEM, RITE}


def test_queue_keywords_need_a_rite_or_an_activated_ability() -> None:
    """Delay and Nullify act on a Rite on the Queue: a Rite resolving or an Exhaust ability carries them."""
    for name in ("delay", "nullify"):
        kw = keyword(name)
        assert kw.queue_only
        assert [t.value for t in triggers_for(kw, ENT)] == ["activated_exhaust"]
        assert [t.value for t in triggers_for(kw, RITE)] == ["on_resolve"]
        assert [t.value for t in triggers_for(kw, SOV)] == ["activated_exhaust"]


# ---------------------------------------------------------------------- the shipped cards


def test_every_keyword_appears_on_a_shipped_card() -> None:
    """The shipped pool uses all 52 keywords (a claim of cards.toml and decks.toml)."""
    used = {inst.keyword.id for card in starter_pool().values() for inst in card.keywords}
    assert sorted(set(KEYWORDS) - used) == []


def test_every_keyword_appears_in_a_shipped_deck() -> None:
    """The seven shipped decks between them use every keyword (the claim of decks.toml)."""
    pool = starter_pool()
    used = set()
    for deck in starter_decks().values():
        for name in [*deck.sovereigns, *(n for n, _ in deck.main)]:
            used |= {inst.keyword.id for inst in pool[name].keywords}
    assert sorted(set(KEYWORDS) - used) == []
