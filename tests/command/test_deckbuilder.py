"""The Shard Command deck builder: §1, §8, rulings R1 to R7, R24, R25, R29, C.3 and C.4 (D1 to D5, DX27).

Every test is named after the rulebook ID it checks, ``test_cmd_<id>_...``. The golden vectors of C.3
(V1 to V12, SV1 to SV3, the deck and validation vectors) are the shipped cards and decks of the same
names; cards that no vector names are built in Python with the model classes.
"""

from __future__ import annotations

import attrs
import pytest

from shardgames.command import (
    BUDGET,
    FORMATS,
    KEYWORDS,
    PRO,
    STANDARD,
    Card,
    CardPool,
    CardType,
    Decklist,
    Element,
    EntityCard,
    Format,
    ItemCard,
    KeywordInstance,
    Price,
    PriceLine,
    RiteCard,
    Scope,
    ShardCost,
    SovereignCard,
    SovereignPrice,
    Stones,
    Trigger,
    check_deck,
    check_decks,
    design_problems,
    keyword,
    price,
    random_card,
    random_deck,
    starter_decks,
    starter_pool,
    validate_deck,
)
from shardgames.command.cards import (
    MAX_COST,
    MAX_DURABILITY,
    MAX_FORCE,
    MAX_KEYWORDS,
    MAX_SOVEREIGN_ABILITIES,
    MAX_SOVEREIGN_FORCE,
)
from shardgames.command.cost import DEFICIT_TAX, DIVERGENCE_POINTS, SPP_PER_SHARD, keyword_points
from shardgames.command.decks import COPY_LIMIT, MAIN_DECK_SIZE, STONE_COUNT
from shardgames.command.design import triggers_for
from shardgames.kernel.errors import CardError, DeckError

POOL = starter_pool()
STONEGUARD = starter_decks()["stoneguard"]
PYRE = starter_decks()["pyre"]
FIRE, EARTH, AIR, WATER, LIFE, DEATH, TIME = (
    Element.FIRE,
    Element.EARTH,
    Element.AIR,
    Element.WATER,
    Element.LIFE,
    Element.DEATH,
    Element.TIME,
)

# ---------------------------------------------------------------------- the golden vectors of C.3

# (name, the card as printed, (BP, SPP, deficit, Tax), the points of the breakdown lines as the rulebook
# adds them up in its "BP" column)
MAIN_VECTORS = [
    pytest.param("Ridge Recruit", "Entity {Earth}, cost 1E, 2/3", (4, 4, 0, 2), [4], id="V1"),
    pytest.param("Overclocked Brute", "Entity {Fire}, cost F, 3/3", (5, 2, 3, 10), [5], id="V2"),
    pytest.param("Spark", "Rite {Fire}, cost F, Deal 2 Dmg", (2, 2, 0, 1), [2], id="V3"),
    pytest.param(
        "Quick Spark", "Rite {Fire}, cost F, Deal 2 Dmg, Fast Speed", (7, 2, 5, 16), [2, 1, 4], id="V4"
    ),
    pytest.param("Sky Lancer", "Entity {Air}, cost 2A, 2/2, Aerial", (5, 6, 0, 3), [3, 2], id="V5"),
    pytest.param(
        "Tidecaller",
        "Entity {Water, Life}, cost 2WL, 2/3, At the start of your turn: Heal 2 Integrity",
        (6, 8, 0, 4),
        [4, 2],
        id="V6",
    ),
    pytest.param(
        "Pyre Storm", "Rite {Fire}, cost 3F, Deal 2 Dmg to each opposing Entity", (4, 8, 0, 4), [4], id="V7"
    ),
    pytest.param(
        "Blood Pact",
        "Rite {Death}, cost 1D, Additional cost: Sacrifice an Entity, Destroy Entity",
        (7, 4, 3, 11),
        [-2, 5, 4],
        id="V8",
    ),
    pytest.param(
        "Ridgestone Idol",
        "Item {Earth}, cost 1E, Elemental Rock 1, Enters Exhausted",
        (2, 4, 0, 2),
        [3, -1],
        id="V9",
    ),
    pytest.param(
        "Windcaller",
        "Entity {Air}, cost 2A, 1/2, When this enters the Arena: Draw 1 Card",
        (8, 6, 2, 9),
        [2, 2, 4],
        id="V10",
    ),
    pytest.param("Dread Knight", "Entity {Death}, cost 2D, 2/3, Fatal", (7, 6, 1, 6), [4, 3], id="V11"),
    pytest.param("Ridge Golem", "Entity {Earth}, cost 4E, 3/5, Armored", (10, 10, 0, 5), [7, 3], id="V12"),
]

# (name, the card as printed, Sovereign Shards, breakdown points, legal in standard, budget, pro)
SOVEREIGN_VECTORS = [
    pytest.param(
        "Highland Oracle",
        "Sovereign {Earth, Air}, Force 2, Exhaust your Sovereign: Draw 1 Card, Your Entities have Armored",
        16,
        [4, 2, 4, 6],
        (True, False, True),
        id="SV1",
    ),
    pytest.param(
        "Warden of the Ridge",
        "Sovereign {Earth, Air}, Force 2, Exhaust your Sovereign: Add +1/+1 Upgrade",
        6,
        [4, 2],
        (True, True, True),
        id="SV2",
    ),
    pytest.param(
        "The Ashen Regent",
        "Sovereign {Fire, Death}, Force 3, Exhaust your Sovereign: Deal 1 Dmg",
        7,
        [6, 1],
        (True, True, True),
        id="SV3",
    ),
]


def main_price(card: Card | str) -> Price:
    """The price of a Main Deck card (a pool name or a card)."""
    found = price(POOL[card] if isinstance(card, str) else card)
    assert isinstance(found, Price)
    return found


def sovereign_price(card: Card | str) -> SovereignPrice:
    found = price(POOL[card] if isinstance(card, str) else card)
    assert isinstance(found, SovereignPrice)
    return found


def inst(
    name: str,
    amount: int | None = None,
    trigger: Trigger | None = None,
    scope: Scope = Scope.SELF,
    **extra: object,
) -> KeywordInstance:
    """A keyword instance: ``inst("deal", 2, Trigger.ON_RESOLVE, Scope.SINGLE)``.

    Without a trigger, the keyword's own: a non-effect keyword has the same one on every card type.
    """
    kw = keyword(name)
    if trigger is None:
        card_type = min(kw.card_types)
        trigger = triggers_for(kw, card_type)[0]
    return KeywordInstance(kw, amount, trigger, scope, **extra)  # type: ignore[arg-type]


def entity(
    *keywords: KeywordInstance,
    identity: tuple[Element, ...] = (FIRE,),
    cost: str | int = "F",
    force: int = 1,
    durability: int = 1,
    name: str = "Test Entity",
) -> EntityCard:
    return EntityCard(
        name=name,
        identity=identity,
        cost=ShardCost.parse(cost),
        force=force,
        durability=durability,
        keywords=keywords,
    )


def sovereign(
    *keywords: KeywordInstance, identity: tuple[Element, ...] = (EARTH,), force: int = 1
) -> SovereignCard:
    return SovereignCard(name="Test Sovereign", identity=identity, force=force, keywords=keywords)


def with_count(deck: Decklist, name: str, copies: int) -> Decklist:
    """`deck` with `copies` of the card `name` (added at the end when the deck does not list it)."""
    main = dict(deck.main)
    main[name] = copies
    return attrs.evolve(deck, main=tuple(main.items()))


def copies_of(deck: Decklist, name: str) -> int:
    return dict(deck.main).get(name, 0)


def line_points(lines: tuple[PriceLine, ...]) -> list[int]:
    return [line.points for line in lines]


# ---------------------------------------------------------------------- V1 to V12, SV1 to SV3


@pytest.mark.parametrize(("name", "text", "expected", "points"), MAIN_VECTORS)
def test_cmd_dx27_main_deck_vector(
    name: str, text: str, expected: tuple[int, int, int, int], points: list[int]
) -> None:
    """C.3 test vectors V1 to V12: the design, BP, SPP, deficit and Tax, lines summing to the totals."""
    card = POOL[name]
    assert str(card) == f"{name}: {text}"
    got = main_price(card)
    assert (got.bp, got.spp, got.deficit, got.tax) == expected
    assert sorted(line_points(got.lines)) == sorted(points)
    assert sum(line_points(got.lines)) == got.bp
    assert sum(line_points(got.tax_lines)) == got.tax
    assert got.shard_cost == card.cost.total  # type: ignore[attr-defined]


@pytest.mark.parametrize(("name", "text", "shards", "points", "legal"), SOVEREIGN_VECTORS)
def test_cmd_dx27_sovereign_vector(
    name: str, text: str, shards: int, points: list[int], legal: tuple[bool, bool, bool]
) -> None:
    """C.3 Sovereign vectors SV1 to SV3: Sovereign Shards and legality in Standard, Budget and Pro."""
    card = POOL[name]
    assert str(card) == f"{name}: {text}"
    got = sovereign_price(card)
    assert got.shards == shards
    assert sorted(line_points(got.lines)) == sorted(points)
    assert sum(line_points(got.lines)) == got.shards
    assert (got.legal_in(STANDARD), got.legal_in(BUDGET), got.legal_in(PRO)) == legal


def test_cmd_dx27_deck_vectors() -> None:
    """C.3 deck vectors: A = 116 (Standard and Pro, not Budget), B = 144, and both plus four V2 cards."""
    a = check_deck(STONEGUARD)
    assert (a.size, a.main_tax, a.problems) == (40, 116, ())
    assert (a.legal_in(STANDARD), a.legal_in(BUDGET), a.legal_in(PRO)) == (True, False, True)
    b = check_deck(PYRE)
    assert (b.size, b.main_tax, b.problems) == (40, 144, ())
    assert b.legal_in(STANDARD)

    a4 = check_deck(with_count(STONEGUARD, "Overclocked Brute", 4))
    assert (a4.size, a4.main_tax, a4.problems) == (44, 156, ())
    assert not a4.legal_in(STANDARD)
    assert a4.problems_in(STANDARD) == ("Main Deck Tax 156 is over the standard limit of 150",)
    b4 = check_deck(with_count(PYRE, "Overclocked Brute", 4))
    assert (b4.size, b4.main_tax, b4.problems) == (44, 184, ())
    assert not b4.legal_in(STANDARD)
    assert b4.problems_in(STANDARD) == ("Main Deck Tax 184 is over the standard limit of 150",)


def test_cmd_dx27_every_vector_at_once() -> None:
    """DX27: every V, SV and deck vector of C.3, from the same data as the parametrized tests."""
    got = []
    want = []
    for param in MAIN_VECTORS:
        name, _, expected, _ = param.values
        card_price = main_price(str(name))
        got.append((card_price.bp, card_price.spp, card_price.deficit, card_price.tax))
        want.append(tuple(expected))  # type: ignore[arg-type]
    for param in SOVEREIGN_VECTORS:
        name, _, shards, _, _ = param.values
        got.append((sovereign_price(str(name)).shards,))
        want.append((shards,))
    for deck, tax in ((STONEGUARD, 116), (PYRE, 144)):
        got.append((check_deck(deck).main_tax,))
        want.append((tax,))
        got.append((check_deck(with_count(deck, "Overclocked Brute", 4)).main_tax,))
        want.append((tax + 40,))
    assert got == want


# ---------------------------------------------------------------------- the validation vectors

SKY_LANCER_5 = (
    "main: 5 copies of 'Sky Lancer'; at most 4 of a card unless it is a vanilla Entity (it has keywords)"
)
IDOL_5 = (
    "main: 5 copies of 'Ridgestone Idol'; at most 4 of a card unless it is a vanilla Entity "
    "(Items are never vanilla)"
)


@pytest.mark.parametrize(
    ("deck", "expected"),
    [
        pytest.param(with_count(STONEGUARD, "Sky Lancer", 5), SKY_LANCER_5, id="5x-sky-lancer"),
        pytest.param(with_count(STONEGUARD, "Ridgestone Idol", 5), IDOL_5, id="5x-ridgestone-idol"),
        pytest.param(
            with_count(STONEGUARD, "Ridge Recruit", 7),
            "main: a Main Deck has 40 to 60 cards, and this one has 39",
            id="39-cards",
        ),
        pytest.param(
            with_count(STONEGUARD, "Ridge Recruit", 29),
            "main: a Main Deck has 40 to 60 cards, and this one has 61",
            id="61-cards",
        ),
        pytest.param(
            attrs.evolve(STONEGUARD, sovereigns=()),
            "sovereign: a deck has exactly 1 Sovereign, and this one names none",
            id="no-sovereign",
        ),
        pytest.param(
            attrs.evolve(STONEGUARD, sovereigns=("Warden of the Ridge", "Highland Oracle")),
            "sovereign: a deck has exactly 1 Sovereign, and this one names 2",
            id="two-sovereigns",
        ),
    ],
)
def test_cmd_dx27_validation_vector_is_illegal(deck: Decklist, expected: str) -> None:
    """C.3 validation vectors: each breaks one construction rule, and only that one."""
    report = check_deck(deck)
    assert report.problems == (expected,)
    assert not any(check.legal for check in report.formats)
    with pytest.raises(DeckError) as caught:
        validate_deck(deck, fmt=PRO)
    assert caught.value.problems == (expected,)


def test_cmd_dx27_eight_ridge_recruits_are_legal() -> None:
    """C.3: "8x Ridge Recruit is legal, because it is vanilla" (Deck A holds 8)."""
    assert copies_of(STONEGUARD, "Ridge Recruit") == 8
    report = validate_deck(STONEGUARD, fmt=STANDARD)
    assert report.problems == ()


# ---------------------------------------------------------------------- §1: CMD-1 to 6


def test_cmd_1_the_main_deck_has_40_to_60_cards() -> None:
    """CMD-1, R24: 40 and 60 cards are legal; 39 and 61 are not."""
    sixty = with_count(STONEGUARD, "Ridge Recruit", 28)
    assert sixty.size == 60
    assert check_deck(sixty).problems == ()
    assert check_deck(sixty).legal_in(PRO)
    assert STONEGUARD.size == 40
    assert check_deck(STONEGUARD).problems == ()
    for copies, size in ((7, 39), (29, 61), (1, 33)):
        report = check_deck(with_count(STONEGUARD, "Ridge Recruit", copies))
        assert report.size == size
        assert report.problems == (f"main: a Main Deck has 40 to 60 cards, and this one has {size}",)
    assert MAIN_DECK_SIZE == (40, 60)


def test_cmd_1_the_sovereign_is_not_counted_in_the_main_deck() -> None:
    """CMD-1, R24: "The Sovereign is not counted": 40 Main Deck cards plus the Sovereign is legal."""
    report = check_deck(STONEGUARD)
    assert STONEGUARD.sovereign == "Warden of the Ridge"
    assert report.size == 40 == sum(copies for _, copies in STONEGUARD.main)
    assert report.problems == ()


def test_cmd_2_at_most_4_copies_of_a_card() -> None:
    """CMD-2: 4 copies of a non-vanilla card are legal, 5 are not."""
    assert copies_of(STONEGUARD, "Sky Lancer") == 4
    assert check_deck(STONEGUARD).problems == ()
    report = check_deck(with_count(STONEGUARD, "Sky Lancer", 5))
    assert report.problems == (SKY_LANCER_5,)
    assert COPY_LIMIT == 4


def test_cmd_2_every_card_over_the_limit_is_reported() -> None:
    """CMD-2: each card with too many copies is its own problem."""
    deck = with_count(with_count(STONEGUARD, "Sky Lancer", 5), "Ridgestone Idol", 5)
    assert check_deck(deck).problems == (SKY_LANCER_5, IDOL_5)


def test_cmd_3_vanilla_entities_are_exempt_from_the_copy_limit() -> None:
    """CMD-3: any number of copies of a vanilla Entity (Ridge Recruit, Overclocked Brute)."""
    deck = with_count(with_count(STONEGUARD, "Ridge Recruit", 20), "Overclocked Brute", 6)
    assert deck.size == 58
    assert check_deck(deck).problems == ()
    assert POOL["Ridge Recruit"].is_vanilla


def test_cmd_4_a_deck_has_exactly_one_sovereign() -> None:
    """CMD-4: none or two Sovereigns are illegal; one is legal."""
    assert check_deck(STONEGUARD).problems == ()
    assert check_deck(attrs.evolve(STONEGUARD, sovereigns=())).problems == (
        "sovereign: a deck has exactly 1 Sovereign, and this one names none",
    )
    three = attrs.evolve(STONEGUARD, sovereigns=("Warden of the Ridge",) * 3)
    assert check_deck(three).problems == ("sovereign: a deck has exactly 1 Sovereign, and this one names 3",)
    with pytest.raises(DeckError):
        _ = three.sovereign


def test_cmd_4_the_sovereign_must_be_a_sovereign_card() -> None:
    """CMD-4: the card named as the Sovereign must be a Sovereign."""
    deck = attrs.evolve(STONEGUARD, sovereigns=("Sky Lancer",))
    assert check_deck(deck).problems == ("sovereign: 'Sky Lancer' is an Entity, not a Sovereign",)


def test_cmd_5_the_sovereign_is_paid_for_in_sovereign_shards_within_the_budget() -> None:
    """CMD-5, R6: a Sovereign's Force and abilities are priced in Sovereign Shards, under the format limit."""
    oracle = attrs.evolve(STONEGUARD, sovereigns=("Highland Oracle",))
    report = check_deck(oracle)
    assert report.sovereign_shards == 16
    assert report.problems == ()
    assert report.legal_in(STANDARD)
    assert "Sovereign Shards 16 are over the budget limit of 15" in report.problems_in(BUDGET)
    assert check_deck(STONEGUARD).sovereign_shards == 6


def test_cmd_6_the_three_formats() -> None:
    """CMD-6: Standard 150/25, Budget 100/15, Pro 250/40."""
    assert [(f.name, f.main_tax, f.sovereign_shards) for f in FORMATS.values()] == [
        ("standard", 150, 25),
        ("budget", 100, 15),
        ("pro", 250, 40),
    ]
    assert tuple(FORMATS.values()) == (STANDARD, BUDGET, PRO)


def test_cmd_6_a_limit_is_inclusive() -> None:
    """CMD-6: a deck exactly at a format's limits is legal; one more point is not."""
    exact = Format("league", 116, 6)
    assert check_deck(STONEGUARD, formats=[exact]).legal_in(exact)
    tight_tax = Format("league", 115, 6)
    assert check_deck(STONEGUARD, formats=[tight_tax]).problems_in(tight_tax) == (
        "Main Deck Tax 116 is over the league limit of 115",
    )
    tight_shards = Format("league", 116, 5)
    assert check_deck(STONEGUARD, formats=[tight_shards]).problems_in(tight_shards) == (
        "Sovereign Shards 6 are over the league limit of 5",
    )


def test_cmd_6_standard_at_150_and_151() -> None:
    """CMD-6: Deck B (144) plus 6 Tax-1 cards is 150, legal in Standard; one more is 151, illegal."""
    at_150 = with_count(with_count(PYRE, "Gale Runner", 4), "Stone Skin", 2)
    report = check_deck(at_150)
    assert report.main_tax == 150
    assert report.legal_in(STANDARD)
    over = check_deck(with_count(at_150, "Stone Skin", 3))
    assert over.main_tax == 151
    assert over.problems_in(STANDARD) == ("Main Deck Tax 151 is over the standard limit of 150",)


# ---------------------------------------------------------------------- §8: CMD-41 to 43


def test_cmd_41_a_deficit_adds_3_tax_per_missing_point() -> None:
    """CMD-41: BP over SPP costs +3 Tax per missing point (V2: deficit 3, Tax 1 + 9)."""
    brute = main_price("Overclocked Brute")
    assert (brute.bp, brute.spp, brute.deficit, brute.tax) == (5, 2, 3, 10)
    assert brute.tax_lines == (
        PriceLine("Shard cost", "cost F", 1),
        PriceLine("deficit penalty", "3 x deficit 3", 9),
    )
    assert not brute.is_fair
    fair = main_price(attrs.evolve(POOL["Overclocked Brute"], cost=ShardCost.parse("2F")))
    assert (fair.deficit, fair.tax) == (0, 3)
    assert fair.is_fair


def test_cmd_41_no_penalty_without_a_deficit() -> None:
    """CMD-41: a card whose SPP covers its BP has Tax = its Shard cost, whatever the spare SPP."""
    for cost in ("2E", "5E", "9E"):
        card_price = main_price(entity(identity=(EARTH,), cost=cost, force=2, durability=3))
        assert card_price.deficit == 0
        assert card_price.tax == ShardCost.parse(cost).total


def test_cmd_42_divergence_adds_4_per_keyword_outside_the_identity() -> None:
    """CMD-42: Quick Spark's Fast Speed (Time) diverges from {Fire}; with {Fire, Time} it does not."""
    quick = main_price("Quick Spark")
    assert [line.label for line in quick.lines][-1] == "divergence: K19 Fast Speed"
    assert quick.lines[-1] == PriceLine("divergence: K19 Fast Speed", "Time is outside {Fire}", 4)
    both = attrs.evolve(POOL["Quick Spark"], identity=(FIRE, TIME), cost=ShardCost.parse("FT"))
    assert main_price(both).bp == 3
    assert DIVERGENCE_POINTS == 4


def test_cmd_43_repeating_triggers_and_wide_targets_multiply() -> None:
    """CMD-43: Pyre Storm's wide Deal 2 counts 4; Tidecaller's repeating Heal 2 counts 2."""
    storm = main_price("Pyre Storm")
    assert storm.lines == (PriceLine("K09 Deal 2 Dmg", "1 x 2 x 2 (wide target)", 4),)
    tide = main_price("Tidecaller")
    assert tide.lines[1] == PriceLine("K24 Heal 2 Integrity", "ceil(2/2) = 1 x 2 (repeating trigger)", 2)


# ---------------------------------------------------------------------- R1 to R3


def test_cmd_r1_tax_is_cost_plus_3_times_deficit_for_every_card() -> None:
    """CMD-R1: Tax = Shard cost + 3 x deficit, for every Main Deck card of the pool."""
    main_deck_cards = [card for card in POOL.values() if not isinstance(card, SovereignCard)]
    assert len(main_deck_cards) >= 60
    for card in main_deck_cards:
        card_price = main_price(card)
        assert card_price.tax == card.cost.total + 3 * card_price.deficit  # type: ignore[attr-defined]
    assert DEFICIT_TAX == 3


def test_cmd_r1_deck_tax_is_the_sum_over_every_copy() -> None:
    """CMD-R1: a deck's Main Deck Tax is the sum of its cards' Tax, each copy counted."""
    for deck in starter_decks().values():
        report = check_deck(deck)
        assert report.main_tax == sum(copies * main_price(name).tax for name, copies in deck.main)
    one_more = check_deck(with_count(STONEGUARD, "Windcaller", 1))
    assert one_more.main_tax == 116 - 3 * 9


def test_cmd_r2_base_points_and_purchasing_power() -> None:
    """CMD-R2: BP = stat points + Σ keyword points x multipliers + 4 x divergent; SPP = 2 x cost."""
    card = entity(
        inst("deal", 1, Trigger.ON_DEPLOY, Scope.SINGLE),
        inst("aerial"),
        cost="2F",
        force=3,
        durability=2,
    )
    got = main_price(card)
    assert line_points(got.lines) == [4, 1, 2, 4]
    assert (got.bp, got.spp, got.deficit, got.tax) == (11, 6, 5, 18)
    assert SPP_PER_SHARD == 2


@pytest.mark.parametrize(("cost", "force", "durability"), [(1, 1, 2), (2, 2, 3), (3, 3, 4)])
def test_cmd_r2_the_vanilla_curve_costs_nothing_extra(cost: int, force: int, durability: int) -> None:
    """CMD-R2: cost 1 → 1/2, cost 2 → 2/3, cost 3 → 3/4 have BP = SPP and no deficit."""
    got = main_price(entity(identity=(), cost=cost, force=force, durability=durability))
    assert got.bp == got.spp == 2 * cost
    assert (got.deficit, got.tax) == (0, cost)
    bigger = main_price(entity(identity=(), cost=cost, force=force + 1, durability=durability))
    assert (bigger.deficit, bigger.tax) == (1, cost + 3)


def test_cmd_r2_base_points_are_never_below_zero() -> None:
    """CMD-R2, C.3: BP = max(0, ...); a floor line keeps the breakdown summing to BP."""
    card = entity(inst("volatile"), inst("enters_exhausted"), force=0, durability=1, cost="F")
    got = main_price(card)
    assert line_points(got.lines) == [0, -3, -1, 4]
    assert got.lines[-1] == PriceLine("floor", "Base Points are never below 0", 4)
    assert (got.bp, got.deficit, got.tax) == (0, 0, 1)


def test_cmd_r3_the_deficit_raises_tax_not_the_shard_cost() -> None:
    """CMD-R3: the in-game Shard cost (and so SPP) is unchanged by the deficit."""
    card = POOL["Overclocked Brute"]
    got = main_price(card)
    assert got.shard_cost == 1
    assert card.cost == ShardCost.parse("F")  # type: ignore[attr-defined]
    assert got.spp == 2 * got.shard_cost
    assert got.tax == got.shard_cost + 3 * got.deficit
    assert main_price(card) == got  # fixed at design: pricing again gives the same


# ---------------------------------------------------------------------- R4: multipliers


def test_cmd_r4_repeating_and_wide_multiply_to_four() -> None:
    """CMD-R4: a repeating trigger x2, a wide target x2, both x4."""
    cases = {
        (Trigger.ON_DEPLOY, Scope.SINGLE): 3,
        (Trigger.START_OF_YOUR_TURN, Scope.SINGLE): 6,
        (Trigger.ON_DEPLOY, Scope.EACH_OPPOSING_ENTITY): 6,
        (Trigger.START_OF_YOUR_TURN, Scope.EACH_ENTITY): 12,
        (Trigger.WHENEVER_THIS_ATTACKS, Scope.EACH_OF_YOUR_ENTITIES): 12,
    }
    for (trigger, scope), points in cases.items():
        card = entity(inst("deal", 3, trigger, scope), force=1, durability=1, cost="F")
        got = main_price(card)
        assert got.lines[1].points == points, (trigger, scope)
        assert got.bp == 1 + points


def test_cmd_r4_the_multipliers_of_each_trigger_and_scope() -> None:
    """CMD-R4, C.3 table: the four repeating triggers and the three wide scopes count x2, the rest x1."""
    repeating = {
        Trigger.START_OF_YOUR_TURN,
        Trigger.END_OF_YOUR_TURN,
        Trigger.WHENEVER_ANOTHER_OF_YOURS_LEAVES,
        Trigger.WHENEVER_THIS_ATTACKS,
    }
    wide = {Scope.EACH_OPPOSING_ENTITY, Scope.EACH_ENTITY, Scope.EACH_OF_YOUR_ENTITIES}
    assert {t: t.multiplier for t in Trigger} == {t: 2 if t in repeating else 1 for t in Trigger}
    assert {s: s.multiplier for s in Scope} == {s: 2 if s in wide else 1 for s in Scope}


def test_cmd_r4_multipliers_apply_before_divergence() -> None:
    """CMD-R4: a divergent repeating wide Deal 1 counts 1 x 4 + 4, not (1 + 4) x 4."""
    card = entity(
        inst("deal", 1, Trigger.END_OF_YOUR_TURN, Scope.EACH_OPPOSING_ENTITY),
        identity=(WATER,),
        cost="W",
        force=1,
        durability=1,
    )
    got = main_price(card)
    assert line_points(got.lines) == [1, 4, 4]
    assert got.bp == 9


def test_cmd_r4_drawbacks_and_additional_costs_are_never_multiplied() -> None:
    """CMD-R4: drawbacks and additional costs keep their points whatever trigger or scope they carry."""
    for name in ("sentry", "reckless", "volatile", "enters_exhausted", "pay_integrity", "sacrifice"):
        kw = keyword(name)
        assert not kw.is_multiplied
        widest = KeywordInstance(kw, None, Trigger.START_OF_YOUR_TURN, Scope.EACH_ENTITY)
        assert keyword_points(widest) == kw.base_points < 0
    effect = KeywordInstance(keyword("swarm"), None, Trigger.START_OF_YOUR_TURN, Scope.EACH_ENTITY)
    assert keyword_points(effect) == 8
    blood_pact = main_price("Blood Pact")
    assert blood_pact.lines[0] == PriceLine("K39 Sacrifice an Entity", "-2 (cost, never multiplied)", -2)


# ---------------------------------------------------------------------- R5: identity and divergence


def test_cmd_r5_every_keyword_instance_outside_the_identity_adds_4() -> None:
    """CMD-R5: +4 for each divergent keyword instance (two Deal instances on a Water card: +8)."""
    card = entity(
        inst("deal", 1, Trigger.ON_DEPLOY, Scope.SINGLE),
        inst("deal", 1, Trigger.ACTIVATED_EXHAUST, Scope.SINGLE),
        inst("loot", None, Trigger.ON_DEPLOY, Scope.YOU),
        identity=(WATER,),
        cost="4W",
        force=1,
        durability=1,
    )
    got = main_price(card)
    divergence = [line for line in got.lines if line.label.startswith("divergence")]
    assert line_points(tuple(divergence)) == [4, 4]
    assert got.bp == 1 + 1 + 1 + 1 + 8


def test_cmd_r5_a_two_element_identity_covers_both_elements() -> None:
    """CMD-R5: Heal (Life) and Draw (Water) on a {Water, Life} card do not diverge; Deal (Fire) does."""
    base = (inst("heal", 2, Trigger.ON_DEPLOY, Scope.YOU), inst("draw", 1, Trigger.ON_DEPLOY, Scope.YOU))
    card = entity(*base, identity=(WATER, LIFE), cost="2WL", force=1, durability=1)
    assert main_price(card).bp == 1 + 1 + 2
    fire = attrs.evolve(card, keywords=(*base, inst("deal", 1, Trigger.ON_DEPLOY, Scope.SINGLE)))
    assert main_price(fire).bp == 1 + 1 + 2 + 1 + 4


def test_cmd_r5_generic_keywords_never_diverge() -> None:
    """CMD-R5: Elemental Rock and Enters Exhausted (Generic) never diverge, even on a colourless card."""
    idol = main_price("Ridgestone Idol")
    assert not any(line.label.startswith("divergence") for line in idol.lines)
    colourless = entity(inst("enters_exhausted"), identity=(), cost=2, force=2, durability=2)
    assert line_points(main_price(colourless).lines) == [3, -1]


def test_cmd_r5_drawbacks_diverge_too() -> None:
    """CMD-R5: a Sentry (Earth) on an Air card costs -2 + 4."""
    card = entity(inst("sentry"), identity=(AIR,), cost="A", force=1, durability=3)
    got = main_price(card)
    assert line_points(got.lines) == [3, -2, 4]
    assert got.lines[-1].label == "divergence: K40 Sentry"


def test_cmd_r5_a_colourless_card_diverges_on_every_non_generic_keyword() -> None:
    """CMD-R5: an empty identity is colourless; each non-Generic keyword diverges."""
    card = entity(
        inst("aerial"),
        inst("swift"),
        inst("enters_exhausted"),
        inst("draw", 1, Trigger.ON_DEPLOY, Scope.YOU),
        identity=(),
        cost=5,
        force=1,
        durability=1,
    )
    got = main_price(card)
    labels = [line.label for line in got.lines if line.label.startswith("divergence")]
    assert labels == ["divergence: K02 Aerial", "divergence: K46 Swift", "divergence: K13 Draw 1 Card"]
    assert got.bp == 1 + 2 + 1 - 1 + 2 + 3 * 4


def test_cmd_r5_an_identity_has_0_to_2_elements() -> None:
    """CMD-R5: 0, 1 or 2 elements are legal identities; 3 are not."""
    for identity, cost in (((), "1"), ((FIRE,), "F"), ((FIRE, DEATH), "FD")):
        assert design_problems(entity(identity=identity, cost=cost)) == []
    three = entity(identity=(FIRE, DEATH, LIFE), cost="FDL")
    assert design_problems(three) == ["identity: an Entity has 0 to 2 elements, not 3"]


# ---------------------------------------------------------------------- R6: the Sovereign


def test_cmd_r6_sovereign_force_is_0_to_5() -> None:
    """CMD-R6: Force 0 to 5; 2 Sovereign Shards per point."""
    for force in range(6):
        assert sovereign_price(sovereign(force=force)).shards == 2 * force
    assert design_problems(sovereign(force=6)) == ["force: a Sovereign's Force is 0 to 5, not 6"]
    assert design_problems(sovereign(force=-1)) == ["force: a Sovereign's Force is 0 to 5, not -1"]
    assert MAX_SOVEREIGN_FORCE == 5


def test_cmd_r6_at_most_3_abilities() -> None:
    """CMD-R6: up to 3 abilities; a fourth is illegal."""
    three = (
        inst("draw", 1, Trigger.ACTIVATED_EXHAUST, Scope.YOU),
        inst("armored", scope=Scope.EACH_OF_YOUR_ENTITIES),
        inst("breach", scope=Scope.EACH_OF_YOUR_ENTITIES),
    )
    assert design_problems(sovereign(*three)) == []
    four = sovereign(*three, inst("aerial", scope=Scope.EACH_OF_YOUR_ENTITIES))
    assert design_problems(four) == ["keywords: a Sovereign has at most 3 abilities, not 4"]
    assert MAX_SOVEREIGN_ABILITIES == 3


def test_cmd_r6_auras_count_twice_activated_abilities_once() -> None:
    """CMD-R6: "Exhaust your Sovereign: <effect>" x1; "Your Entities have <static>" wide x2."""
    card = sovereign(
        inst("upgrade", None, Trigger.ACTIVATED_EXHAUST, Scope.SINGLE),
        inst("armored", scope=Scope.EACH_OF_YOUR_ENTITIES),
        identity=(EARTH,),
        force=1,
    )
    got = sovereign_price(card)
    assert line_points(got.lines) == [2, 2, 6]
    assert got.lines[2] == PriceLine("K03 Armored", "3 x 2 (aura)", 6)
    assert card.rules_text() == ("Exhaust your Sovereign: Add +1/+1 Upgrade", "Your Entities have Armored")


def test_cmd_r6_an_aura_must_cover_your_entities_and_an_ability_must_be_activated() -> None:
    """CMD-R6: a static keyword on a Sovereign is an aura; an effect is activated by Exhausting it."""
    not_aura = sovereign(inst("armored", scope=Scope.SELF))
    assert design_problems(not_aura) == [
        "keywords[0] (Armored).scope: 'self' does not fit here; use each_of_your_entities"
    ]
    repeating = sovereign(inst("heal", 2, Trigger.START_OF_YOUR_TURN, Scope.YOU))
    assert design_problems(repeating) == [
        "keywords[0] (Heal # Integrity).trigger: 'start_of_your_turn' does not fit here; "
        "use activated_exhaust"
    ]


def test_cmd_r6_a_sovereign_has_no_spp_deficit_or_tax() -> None:
    """CMD-R6: Sovereign Shards = BP; no SPP, no deficit, and nothing added to the Main Deck Tax."""
    got = sovereign_price("Highland Oracle")
    assert not hasattr(got, "spp")
    assert not hasattr(got, "deficit")
    assert not hasattr(got, "tax")
    deck = attrs.evolve(STONEGUARD, sovereigns=("Highland Oracle",))
    assert check_deck(deck).main_tax == check_deck(STONEGUARD).main_tax == 116


def test_cmd_r6_the_limit_depends_on_the_format() -> None:
    """CMD-R6: Sovereign Shards must be ≤ the format's limit: SV1 (16) is out of Budget (15) only."""
    oracle = sovereign_price("Highland Oracle")
    assert [oracle.legal_in(f) for f in FORMATS.values()] == [True, False, True]
    text = str(oracle)
    assert "budget" in text
    assert "illegal" in text
    assert sovereign_price(sovereign(force=5)).legal_in(Format("tiny", 100, 10))
    assert not sovereign_price(sovereign(force=5)).legal_in(Format("tiny", 100, 9))


def test_cmd_r6_divergence_applies_to_sovereign_abilities() -> None:
    """CMD-R6, C.3: + 4 x #divergent in Sovereign Shards (SV1's Draw is Water on an {Earth, Air} card)."""
    got = sovereign_price("Highland Oracle")
    assert got.lines[-1] == PriceLine("divergence: K13 Draw 1 Card", "Water is outside {Earth, Air}", 4)
    aura = sovereign(inst("aerial", scope=Scope.EACH_OF_YOUR_ENTITIES), identity=(EARTH,), force=0)
    assert line_points(sovereign_price(aura).lines) == [0, 4, 4]


# ---------------------------------------------------------------------- R7: Charge Stones


def test_cmd_r7_a_player_brings_12_stones() -> None:
    """CMD-R7: exactly 12 Charge Stones; 11 or 13 are illegal, all-Generic is legal."""
    assert STONE_COUNT == 12
    assert STONEGUARD.stones.total == 12
    generic = attrs.evolve(STONEGUARD, stones=Stones.of(12))
    assert check_deck(generic).problems == ()
    for stones, total in ((Stones.of(6, earth=3, air=2), 11), (Stones.of(7, earth=3, air=3), 13)):
        report = check_deck(attrs.evolve(STONEGUARD, stones=stones))
        assert report.problems == (
            f"stones: a player brings exactly 12 Charge Stones, and this deck has {total}",
        )


def test_cmd_r7_elemental_stones_must_be_in_the_sovereigns_identity() -> None:
    """CMD-R7: Elemental Stones of an element outside the Sovereign's identity are illegal."""
    fire = attrs.evolve(STONEGUARD, stones=Stones.of(6, earth=3, fire=3))
    assert check_deck(fire).problems == (
        "stones: Fire stones are outside the Sovereign's identity {Earth, Air}; Elemental Stones must "
        "match it (use Generic ones otherwise)",
    )
    all_earth = attrs.evolve(STONEGUARD, stones=Stones.of(earth=12))
    assert check_deck(all_earth).problems == ()


def test_decks_checked_after_the_problem_limit_is_reached_say_they_were_not_checked() -> None:
    main = tuple((f"Card {i}", 1) for i in range(99))
    unknown = Decklist("Unknown", ("Warden of the Ridge",), main, Stones(5))
    decks = [attrs.evolve(unknown, name=f"Unknown {i}", id="") for i in range(12)]
    reports = check_decks(decks, formats=[STANDARD])
    assert [len(r.problems) for r in reports[:10]] == [101] * 10  # 99 unknown cards, the size, the stones
    for report in reports[10:]:
        assert report.problems == ("checking stopped here, at 1,000 problems: correct these first",)
        assert not report.legal_in(STANDARD)
    assert [r.deck for r in reports] == decks


def test_cmd_r7_stone_counts_cannot_be_negative() -> None:
    """CMD-R7: a negative count is illegal even when the total is 12; the problem names the stones."""
    deck = attrs.evolve(STONEGUARD, stones=Stones.of(14, earth=-2))
    assert check_deck(deck).problems == ("stones.earth: a count can't be negative, not -2",)
    deck = attrs.evolve(STONEGUARD, stones=Stones.of(-1, earth=7, air=6))
    assert check_deck(deck).problems == ("stones.generic: a count can't be negative, not -1",)


# ---------------------------------------------------------------------- R24: deck rules


def test_cmd_r24_a_vanilla_entity_has_no_keywords() -> None:
    """CMD-R24: a vanilla Entity has no keywords; Items (and Rites) never are vanilla."""
    assert POOL["Ridge Recruit"].is_vanilla
    assert POOL["Overclocked Brute"].is_vanilla
    assert not POOL["Sky Lancer"].is_vanilla
    assert not POOL["Ridgestone Idol"].is_vanilla
    assert not POOL["Spark"].is_vanilla
    assert not POOL["Warden of the Ridge"].is_vanilla
    for card in POOL.values():
        assert card.is_vanilla == (isinstance(card, EntityCard) and not card.keywords), card.name


def test_cmd_r24_enters_exhausted_counts_as_a_keyword() -> None:
    """CMD-R24: an Entity with only Enters Exhausted is not vanilla, so 5 copies are illegal."""
    sleepy = entity(
        inst("enters_exhausted"), identity=(EARTH,), cost="1E", force=2, durability=3, name="Sleepy Recruit"
    )
    assert not sleepy.is_vanilla
    pool = POOL | CardPool([sleepy])
    assert check_deck(with_count(STONEGUARD, "Sleepy Recruit", 4), pool).problems == ()
    report = check_deck(with_count(STONEGUARD, "Sleepy Recruit", 5), pool)
    assert report.problems == (
        "main: 5 copies of 'Sleepy Recruit'; at most 4 of a card unless it is a vanilla Entity "
        "(it has keywords)",
    )


def test_cmd_r24_a_unique_card_is_identified_by_name() -> None:
    """CMD-R24: copies listed under the name and the id of one design count together."""
    deck = with_count(with_count(STONEGUARD, "Sky Lancer", 3), "sky-lancer", 2)
    assert check_deck(deck).problems == (SKY_LANCER_5,)
    ok = with_count(with_count(STONEGUARD, "Sky Lancer", 2), "sky-lancer", 2)
    assert check_deck(ok).problems == ()


def test_cmd_r24_the_deck_size_is_a_range() -> None:
    """CMD-R24: "exactly 40 to 60" means 40 ≤ size ≤ 60."""
    for size in (40, 41, 50, 60):
        deck = with_count(STONEGUARD, "Ridge Recruit", 8 + size - 40)
        assert check_deck(deck).problems == (), size


# ---------------------------------------------------------------------- R25: Rocks


def test_cmd_r25_a_colourless_rock_is_illegal() -> None:
    """CMD-R25: a colourless Elemental Rock is an illegal design, on an Item or an Entity."""
    rock_item = ItemCard(name="Grey Rock", cost=ShardCost(2), keywords=(inst("elemental_rock", 1),))
    expected = "keywords: an Elemental Rock needs an element to make; give the card an identity"
    assert design_problems(rock_item) == [expected]
    rock_entity = entity(inst("elemental_rock", 1), identity=(), cost=2)
    assert design_problems(rock_entity) == [expected]
    with pytest.raises(CardError):
        price(rock_item)


def test_cmd_r25_a_rock_with_an_identity_is_legal() -> None:
    """CMD-R25: a Rock of one or two elements is legal (3 x # points, Generic: no divergence)."""
    one = ItemCard(name="Red Rock", identity=(FIRE,), cost=ShardCost.parse("1F"), keywords=(inst("rock", 1),))
    two = ItemCard(
        name="Dual Rock", identity=(FIRE, DEATH), cost=ShardCost.parse("FD"), keywords=(inst("rock", 2),)
    )
    assert main_price(one).bp == 3
    assert main_price(two).bp == 6


# ---------------------------------------------------------------------- R29: fixed parameters


def test_cmd_r29_immunity_needs_its_element() -> None:
    """CMD-R29: Immunity's element is chosen at design time; its points do not depend on it."""
    assert design_problems(entity(inst("immunity"))) == [
        "keywords[0] (Immunity).element: Immunity needs the element it protects from"
    ]
    for element in Element:
        card = entity(inst("immunity", element=element), identity=(Element.VOID,), cost="V")
        assert main_price(card).lines[1] == PriceLine(f"K25 Immunity ({element.label})", "2", 2)


def test_cmd_r29_magnitudes_are_1_to_10() -> None:
    """CMD-R29: every magnitude # is fixed at design, from 1 to 10."""
    for amount in (1, 10):
        assert design_problems(entity(inst("deal", amount, Trigger.ON_DEPLOY, Scope.SINGLE))) == []
    for amount in (0, 11, -1):
        assert design_problems(entity(inst("deal", amount, Trigger.ON_DEPLOY, Scope.SINGLE))) == [
            f"keywords[0] (Deal # Dmg).amount: must be 1 to 10, not {amount}"
        ]
    assert design_problems(entity(inst("draw", None, Trigger.ON_DEPLOY, Scope.YOU))) == [
        "keywords[0] (Draw # Card).amount: Draw # Card needs an amount (1 to 10)"
    ]
    assert design_problems(entity(inst("aerial", 2))) == [
        "keywords[0] (Aerial).amount: Aerial takes no amount"
    ]


def test_cmd_r29_trigger_and_scope_are_part_of_the_design() -> None:
    """CMD-R29: a keyword instance is a frozen value; trigger and scope change its price."""
    drawing = inst("draw", 1, Trigger.ON_DEPLOY, Scope.YOU)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        drawing.amount = 2  # type: ignore[misc]
    repeated = attrs.evolve(drawing, trigger=Trigger.END_OF_YOUR_TURN)
    assert keyword_points(drawing) == 2
    assert keyword_points(repeated) == 4


# ---------------------------------------------------------------------- C.4: D1 to D5


def test_cmd_d1_the_sovereign_record() -> None:
    """CMD-D1: Sovereign(name, identity 1-2 elements, force 0-5, abilities ≤ 3: activated or aura)."""
    warden = POOL["Warden of the Ridge"]
    assert isinstance(warden, SovereignCard)
    assert (warden.id, warden.name, warden.identity, warden.force) == (
        "warden-of-the-ridge",
        "Warden of the Ridge",
        (EARTH, AIR),
        2,
    )
    assert warden.keywords == (
        KeywordInstance(keyword("upgrade"), None, Trigger.ACTIVATED_EXHAUST, Scope.SINGLE),
    )
    assert warden.type is CardType.SOVEREIGN
    assert design_problems(sovereign(identity=())) == ["identity: a Sovereign has 1 to 2 elements, not 0"]
    assert design_problems(sovereign(identity=(EARTH, AIR, FIRE))) == [
        "identity: a Sovereign has 1 to 2 elements, not 3"
    ]
    drawback = sovereign(inst("sentry"))
    assert design_problems(drawback) == [
        "keywords[0] (Sentry): a Sovereign's abilities are effects it activates or static keywords it gives "
        "your Entities; Sentry is a drawback keyword for Entities"
    ]


def test_cmd_d2_the_constants() -> None:
    """CMD-D2: 12 stones, Main Deck 40-60, ≤ 4 copies and keywords, cost 0-10, Force 0-10, Durability 1-10."""
    assert (STONE_COUNT, MAIN_DECK_SIZE, COPY_LIMIT, MAX_KEYWORDS) == (12, (40, 60), 4, 4)
    assert (MAX_COST, MAX_FORCE, MAX_DURABILITY) == (10, 10, 10)


def test_cmd_d2_the_ranges_are_enforced() -> None:
    """CMD-D2: the edges of each range are legal, one past them is not."""
    assert design_problems(entity(identity=(), cost=0, force=0, durability=1)) == []
    assert design_problems(entity(identity=(), cost=10, force=10, durability=10)) == []
    assert design_problems(entity(identity=(), cost=11, force=11, durability=11)) == [
        "cost: must total 0 to 10 Shards, not 11",
        "force: must be 0 to 10, not 11",
        "durability: must be 1 to 10, not 11",
    ]
    assert design_problems(entity(identity=(), cost=0, force=-1, durability=0)) == [
        "force: must be 0 to 10, not -1",
        "durability: must be 1 to 10, not 0",
    ]
    five = entity(*(inst("deal", 1, Trigger.ON_DEPLOY, Scope.SINGLE),) * 5)
    assert design_problems(five) == ["keywords: an Entity has at most 4 keywords, not 5"]


def test_cmd_d3_the_trigger_and_scope_vocabulary() -> None:
    """CMD-D3: the triggers and target scopes of the rulebook."""
    assert {t.value for t in Trigger} == {
        "static",
        "on_resolve",
        "on_deploy",
        "activated_exhaust",
        "activated",
        "start_of_your_turn",
        "end_of_your_turn",
        "whenever_another_of_yours_leaves",
        "whenever_this_attacks",
    }
    assert [s.value for s in Scope] == [
        "single",
        "self",
        "you",
        "target_opponent",
        "each_opposing_entity",
        "each_entity",
        "each_of_your_entities",
    ]


# Each row: copies, card, the card as printed, Tax each (C.4's tables).
STONEGUARD_LIST = [
    (8, "Ridge Recruit", "Entity {Earth}, cost 1E, 2/3", 2),
    (4, "Sky Lancer", "Entity {Air}, cost 2A, 2/2, Aerial", 3),
    (4, "Cliff Sentinel", "Entity {Earth}, cost 1E, 1/3, Entrench", 2),
    (4, "Gale Runner", "Entity {Air}, cost A, 1/1, Swift", 1),
    (4, "Stone Skin", "Rite {Earth}, cost E, Add +1/+1 Upgrade", 1),
    (4, "Updraft Gust", "Rite {Air}, cost 1A, Updraft", 2),
    (4, "Ridge Golem", "Entity {Earth}, cost 4E, 3/5, Armored", 5),
    (4, "Windcaller", "Entity {Air}, cost 2A, 1/2, When this enters the Arena: Draw 1 Card", 9),
    (4, "Ridgestone Idol", "Item {Earth}, cost 1E, Elemental Rock 1, Enters Exhausted", 2),
]
PYRE_LIST = [
    (8, "Ash Hound", "Entity {Fire}, cost 1F, 3/2", 2),
    (4, "Ember Sprite", "Entity {Fire}, cost F, 1/1, Surge", 1),
    (4, "Spark", "Rite {Fire}, cost F, Deal 2 Dmg", 1),
    (4, "Pyre Storm", "Rite {Fire}, cost 3F, Deal 2 Dmg to each opposing Entity", 4),
    (4, "Grave Caller", "Entity {Death}, cost 3D, 2/2, When this enters the Arena: Reanimate", 4),
    (4, "Dread Knight", "Entity {Death}, cost 2D, 2/3, Fatal", 6),
    (4, "Blood Pact", "Rite {Death}, cost 1D, Additional cost: Sacrifice an Entity, Destroy Entity", 11),
    (4, "Cinder Golem", "Entity {Fire}, cost 2F, 4/3, Reckless", 3),
    (4, "Ashen Shrine", "Item {Fire}, cost 1F, Elemental Rock 1, Enters Exhausted", 2),
]


@pytest.mark.parametrize(
    ("deck_id", "sovereign_name", "stones", "cards", "tax"),
    [
        pytest.param("stoneguard", "Warden of the Ridge", "6 Generic, 3 Earth, 3 Air", STONEGUARD_LIST, 116),
        pytest.param("pyre", "The Ashen Regent", "6 Generic, 3 Fire, 3 Death", PYRE_LIST, 144),
    ],
)
def test_cmd_d4_the_pre_constructed_decks(
    deck_id: str, sovereign_name: str, stones: str, cards: list[tuple[int, str, str, int]], tax: int
) -> None:
    """CMD-D4: Stoneguard and Pyre, card by card, with each card's Tax and the total."""
    deck = starter_decks()[deck_id]
    assert deck.sovereign == sovereign_name
    assert str(deck.stones) == stones
    assert list(deck.main) == [(name, copies) for copies, name, _, _ in cards]
    for _, name, text, tax_each in cards:
        assert str(POOL[name]) == f"{name}: {text}"
        assert main_price(name).tax == tax_each, name
    assert sum(copies * tax_each for copies, _, _, tax_each in cards) == tax
    assert check_deck(deck).main_tax == tax


def test_cmd_d4_the_base_points_of_the_deck_cards() -> None:
    """CMD-D4: the BP the deck tables give (Cliff Sentinel 3+1, Grave Caller 3+5, Cinder Golem 6-1, ...)."""
    bp = {
        "Cliff Sentinel": 4,
        "Gale Runner": 2,
        "Updraft Gust": 3,
        "Ash Hound": 4,
        "Ember Sprite": 2,
        "Grave Caller": 8,
        "Cinder Golem": 5,
    }
    assert {name: main_price(name).bp for name in bp} == bp


@pytest.mark.parametrize("seed", range(40))
def test_cmd_d5_the_generator_makes_legal_priced_designs(seed: int) -> None:
    """CMD-D5: random legal designs within the ranges, priced by C.3."""
    card = random_card(seed)
    assert design_problems(card) == []
    got = price(card)
    if isinstance(got, Price):
        assert sum(line_points(got.lines)) == got.bp
        assert got.tax == card.cost.total + 3 * got.deficit  # type: ignore[attr-defined]
    else:
        assert sum(line_points(got.lines)) == got.shards
    assert random_card(seed) == card


def test_cmd_d5_the_generator_makes_every_card_type() -> None:
    """CMD-D5: all four card types come out, and a type can be asked for."""
    types = {random_card(seed).type for seed in range(60)}
    assert types == set(CardType)
    for card_type in CardType:
        assert random_card(5, card_type=card_type).type is card_type
    rite = random_card(9, card_type="rite")
    assert isinstance(rite, RiteCard)


def test_cmd_d5_the_generator_keeps_to_the_identity_it_is_given() -> None:
    """CMD-D5: identity_from limits the identity; a Sovereign still gets 1 or 2 of those elements."""
    for seed in range(30):
        card = random_card(seed, identity_from=(WATER, LIFE))
        assert set(card.identity) <= {WATER, LIFE}
        ruler = random_card(seed, card_type="sovereign", identity_from=(WATER, LIFE))
        assert 1 <= len(ruler.identity) <= 2
        assert set(ruler.identity) <= {WATER, LIFE}


@pytest.mark.parametrize("fmt", [STANDARD, BUDGET, PRO])
def test_cmd_d5_random_decks_are_legal_in_their_format(fmt: Format) -> None:
    """CMD-D5: a random deck of fresh designs is legal in the format asked for."""
    for seed in range(5):
        deck, pool = random_deck(seed, fmt=fmt)
        report = check_deck(deck, pool)
        assert report.problems_in(fmt) == ()
        assert report.size == 40


@pytest.mark.parametrize(
    ("seed", "fmt", "size"),
    [
        pytest.param(31, BUDGET, 40, id="budget-seed-31"),
        pytest.param(37, BUDGET, 40, id="budget-seed-37"),
        pytest.param(24, STANDARD, 53, id="standard-53-seed-24"),
    ],
)
def test_cmd_d5_random_deck_never_gives_up(seed: int, fmt: Format, size: int) -> None:
    """CMD-D5: random_deck returns a deck legal in the format asked for, for every seed and size."""
    deck, pool = random_deck(seed, fmt=fmt, size=size)
    assert check_deck(deck, pool).problems_in(fmt) == ()


def test_cmd_d5_a_cheap_fair_card_is_always_found() -> None:
    """CMD-D5: a fair design of cost at most 1 exists (a 0/1 Entity), so the generator finds one."""
    card = random_card(47, fair=True, max_cost=1)
    got = price(card)
    assert isinstance(got, Price)
    assert got.deficit == 0
    assert got.shard_cost <= max(1, len(card.identity))


def test_cmd_d5_random_deck_rejects_a_size_outside_the_rules() -> None:
    """CMD-D5, CMD-1: random_deck builds 40 to 60 cards, never 39 or 61."""
    deck, pool = random_deck(1, size=60, fmt=PRO)
    assert check_deck(deck, pool).size == 60
    for size in (39, 61):
        with pytest.raises(ValueError, match="40 to 60"):
            random_deck(1, size=size)


# ---------------------------------------------------------------------- the keyword count (glossary)


def test_cmd_d5_the_generator_draws_from_all_52_keywords() -> None:
    """CMD-D5: over enough draws the generator uses every keyword of the glossary."""
    seen = {inst.keyword.id for seed in range(1500) for inst in random_card(seed).keywords}
    assert seen == set(KEYWORDS)
