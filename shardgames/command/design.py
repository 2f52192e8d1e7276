"""The design rules of Shard Command cards: which designs are legal, and why the others are not.

A legal design has an Identity of 0 to 2 elements (1 to 2 for a Sovereign), a cost of 0 to 10 Shards with
at least one pip of each Identity element and none outside it, Force 0 to 10 and Durability 1 to 10 for an
Entity (Force 0 to 5 for a Sovereign), at most four keywords (three abilities on a Sovereign), each fitting
its card type with a trigger, scope and parameters that fit it, and none of the combinations that make no
sense (Entrench with Sentry, Reckless on a Sentry, a colourless Elemental Rock, a Rite or Item that does
nothing).

Examples:
    >>> from shardgames.command.cards import EntityCard, ShardCost
    >>> bad = EntityCard(name="Glass Giant", identity=(), cost=ShardCost(12), force=11, durability=0)
    >>> for problem in design_problems(bad):
    ...     print(problem)
    cost: must total 0 to 10 Shards, not 12
    force: must be 0 to 10, not 11
    durability: must be 1 to 10, not 0
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from shardgames.command import cards, keywords
from shardgames.kernel.errors import CardError

__all__ = ["check_card", "design_problems", "scopes_for", "triggers_for"]


# ---------------------------------------------------------------------- the design rules

_EFFECT_TRIGGERS: Mapping[keywords.CardType, tuple[keywords.Trigger, ...]] = {
    keywords.CardType.RITE: (keywords.Trigger.ON_RESOLVE,),
    keywords.CardType.ENTITY: (
        keywords.Trigger.ON_DEPLOY,
        keywords.Trigger.ACTIVATED_EXHAUST,
        keywords.Trigger.START_OF_YOUR_TURN,
        keywords.Trigger.END_OF_YOUR_TURN,
        keywords.Trigger.WHENEVER_ANOTHER_OF_YOURS_LEAVES,
        keywords.Trigger.WHENEVER_THIS_ATTACKS,
    ),
    keywords.CardType.ITEM: (
        keywords.Trigger.ON_DEPLOY,
        keywords.Trigger.ACTIVATED_EXHAUST,
        keywords.Trigger.START_OF_YOUR_TURN,
        keywords.Trigger.END_OF_YOUR_TURN,
        keywords.Trigger.WHENEVER_ANOTHER_OF_YOURS_LEAVES,
    ),
    keywords.CardType.SOVEREIGN: (keywords.Trigger.ACTIVATED_EXHAUST,),
}
_QUEUE_TRIGGERS = frozenset({keywords.Trigger.ON_RESOLVE, keywords.Trigger.ACTIVATED_EXHAUST})


def triggers_for(kw: keywords.Keyword, card_type: keywords.CardType) -> tuple[keywords.Trigger, ...]:
    """The triggers `kw` may have on a card of `card_type`, the default first (empty: it does not fit).

    Effects take the triggers of their card type (a Rite's resolve, an Entity's deploy, Exhaust and
    repeating triggers, ...); Delay and Nullify need something on the Queue, so only a Rite or an
    activated ability carries them. Everything else is ``static``.

    Examples:
        >>> from shardgames.command.keywords import CardType, keyword
        >>> [t.value for t in triggers_for(keyword("draw"), CardType.ITEM)][:2]
        ['on_deploy', 'activated_exhaust']
        >>> triggers_for(keyword("fast_speed"), CardType.ENTITY)
        ()
    """
    if card_type not in kw.card_types:
        return ()
    if kw.kind is keywords.KeywordKind.MANA:
        return (keywords.Trigger.ACTIVATED_EXHAUST,)
    if kw.kind is keywords.KeywordKind.ACTIVATED:
        return (keywords.Trigger.ACTIVATED,)
    if kw.kind is not keywords.KeywordKind.EFFECT:
        return (keywords.Trigger.STATIC,)
    triggers = _EFFECT_TRIGGERS[card_type]
    if kw.queue_only:
        triggers = tuple(t for t in triggers if t in _QUEUE_TRIGGERS)
    return triggers


def scopes_for(kw: keywords.Keyword, card_type: keywords.CardType) -> tuple[keywords.Scope, ...]:
    """The target scopes `kw` may have on a card of `card_type`, the default first.

    A Sovereign's static keyword is an aura (``each_of_your_entities``); only an Entity can target itself.
    """
    if card_type is keywords.CardType.SOVEREIGN and kw.kind is keywords.KeywordKind.STATIC:
        return (keywords.Scope.EACH_OF_YOUR_ENTITIES,)
    if card_type is keywords.CardType.ENTITY:
        return kw.scopes
    return tuple(s for s in kw.scopes if s is not keywords.Scope.SELF) or kw.scopes


_PLURALS = {
    keywords.CardType.ENTITY: "Entities",
    keywords.CardType.ITEM: "Items",
    keywords.CardType.RITE: "Rites",
    keywords.CardType.SOVEREIGN: "Sovereigns",
}


def _types_text(kw: keywords.Keyword) -> str:
    names = [_PLURALS[t] for t in keywords.CardType if t in kw.card_types]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _instance_problems(card: cards.Card, index: int, inst: cards.KeywordInstance) -> list[str]:
    kw = inst.keyword
    where = f"keywords[{index}] ({kw.name})"
    ctype = card.type
    if ctype not in kw.card_types:
        if ctype is keywords.CardType.SOVEREIGN:
            return [
                f"{where}: a Sovereign's abilities are effects it activates or static keywords it gives "
                f"your Entities; {kw.name} is a {kw.kind.value} keyword for {_types_text(kw)}"
            ]
        return [f"{where}: {kw.name} fits only {_types_text(kw)}, not {_PLURALS[ctype]}"]
    problems = []
    triggers = triggers_for(kw, ctype)
    if inst.trigger not in triggers:
        allowed = ", ".join(t.value for t in triggers)
        problems.append(f"{where}.trigger: {inst.trigger.value!r} does not fit here; use {allowed}")
    scopes = scopes_for(kw, ctype)
    if inst.scope not in scopes:
        allowed = ", ".join(s.value for s in scopes)
        problems.append(f"{where}.scope: {inst.scope.value!r} does not fit here; use {allowed}")
    if kw.has_amount:
        if inst.amount is None:
            problems.append(f"{where}.amount: {kw.name} needs an amount (1 to {keywords.MAX_AMOUNT})")
        elif isinstance(inst.amount, bool) or not 1 <= inst.amount <= keywords.MAX_AMOUNT:
            problems.append(f"{where}.amount: must be 1 to {keywords.MAX_AMOUNT}, not {inst.amount!r}")
    elif inst.amount is not None:
        problems.append(f"{where}.amount: {kw.name} takes no amount")
    if kw.has_element and inst.element is None:
        problems.append(f"{where}.element: Immunity needs the element it protects from")
    elif not kw.has_element and inst.element is not None:
        problems.append(f"{where}.element: {kw.name} takes no element")
    if kw.has_cost:
        if inst.cost is not None and not 0 <= inst.cost <= cards.MAX_COST:
            problems.append(f"{where}.cost: must be 0 to {cards.MAX_COST}, not {inst.cost!r}")
    elif inst.cost is not None:
        problems.append(f"{where}.cost: only Warp has a Shard cost of its own")
    return problems


def _identity_problems(card: cards.Card) -> list[str]:
    problems = []
    low = 1 if card.type is keywords.CardType.SOVEREIGN else 0
    if not low <= len(card.identity) <= 2:
        problems.append(
            f"identity: {card.type.with_article} has {low} to 2 elements, not {len(card.identity)}"
        )
    if len(set(card.identity)) != len(card.identity):
        problems.append("identity: an element is listed twice")
    return problems


def _cost_problems(card: cards.MainDeckCard) -> list[str]:
    cost = card.cost
    problems = []
    if cost.generic < 0 or any(n < 0 for n in cost.pips):
        problems.append(f"cost: can't be negative ({cost})")
    if not 0 <= cost.total <= cards.MAX_COST:
        problems.append(f"cost: must total 0 to {cards.MAX_COST} Shards, not {cost.total}")
    outside = [e.label for e in cost.elements if e not in card.identity]
    if outside:
        problems.append(
            f"cost: pips of {', '.join(outside)} are outside the identity {card.identity_text}; "
            "make them generic or add the element to the identity"
        )
    missing = [e.letter for e in card.identity if not cost.pip(e)]
    if missing:
        problems.append(
            f"cost: a card needs at least 1 pip of each identity element; add {''.join(missing)}, "
            f'e.g. cost = "{_with_pips(cost, card.identity)}"'
        )
    return problems


def _with_pips(cost: cards.ShardCost, identity: Sequence[keywords.Element]) -> str:
    counts = list(cost.pips)
    generic = cost.generic
    for element in identity:
        i = keywords.ELEMENTS.index(element)
        if not counts[i]:
            counts[i] = 1
            generic = max(0, generic - 1)
    return str(cards.ShardCost(generic, tuple(counts)))


def _stat_problems(card: cards.Card) -> list[str]:
    problems = []
    if isinstance(card, cards.EntityCard):
        if not 0 <= card.force <= cards.MAX_FORCE:
            problems.append(f"force: must be 0 to {cards.MAX_FORCE}, not {card.force}")
        if not 1 <= card.durability <= cards.MAX_DURABILITY:
            problems.append(f"durability: must be 1 to {cards.MAX_DURABILITY}, not {card.durability}")
    elif isinstance(card, cards.SovereignCard) and not 0 <= card.force <= cards.MAX_SOVEREIGN_FORCE:
        problems.append(f"force: a Sovereign's Force is 0 to {cards.MAX_SOVEREIGN_FORCE}, not {card.force}")
    return problems


def _combination_problems(card: cards.Card) -> list[str]:
    problems = []
    counts: dict[str, int] = {}
    for inst in card.keywords:
        if inst.keyword.kind is not keywords.KeywordKind.EFFECT:
            counts[inst.keyword.id] = counts.get(inst.keyword.id, 0) + 1
    for kid, count in counts.items():
        if count > 1:
            problems.append(f"keywords: {_name(kid)} is listed {count} times; a card has it or not")
    ids = {inst.keyword.id for inst in card.keywords}
    if {"K16", "K40"} <= ids:
        problems.append("keywords: Entrench already makes it a Sentry; remove Sentry")
    if "K35" in ids and ids & {"K16", "K40"}:
        problems.append("keywords: a Sentry can never attack, so Reckless would cost nothing; remove one")
    if "K15" in ids and not card.identity:
        problems.append("keywords: an Elemental Rock needs an element to make; give the card an identity")
    effects = [i for i in card.keywords if i.keyword.kind is keywords.KeywordKind.EFFECT]
    if isinstance(card, cards.RiteCard) and not effects:
        problems.append("keywords: a Rite needs at least one effect keyword (Deal # Dmg, Draw # Card, ...)")
    if isinstance(card, cards.ItemCard) and not any(
        i.keyword.kind in (keywords.KeywordKind.EFFECT, keywords.KeywordKind.MANA) for i in card.keywords
    ):
        problems.append("keywords: an Item needs at least one effect or mana ability to do anything")
    return problems


def _name(keyword_id: str) -> str:
    return keywords.keyword(keyword_id).name


def design_problems(card: cards.Card) -> list[str]:
    """Every way `card` breaks the design rules, one line each (empty when it is a legal design).

    The rules: the identity's size, the cost's range and pips (at least one of each identity element,
    none outside it), the stat ranges, the number of keywords, each keyword fitting the card type with a
    fitting trigger, scope and parameters, and a few combinations that would make no sense (Entrench
    with Sentry, Reckless on a Sentry, a colourless Elemental Rock, a Rite or Item that does nothing).

    Examples:
        >>> from shardgames.command.cards import ItemCard, KeywordInstance, ShardCost
        >>> from shardgames.command.keywords import Trigger, keyword
        >>> rock = KeywordInstance(keyword("rock"), 1, Trigger.ACTIVATED_EXHAUST)
        >>> design_problems(ItemCard(name="Grey Rock", cost=ShardCost(2), keywords=(rock,)))
        ['keywords: an Elemental Rock needs an element to make; give the card an identity']
    """
    problems: list[str] = []
    if not card.name.strip():
        problems.append("name: must not be empty")
    problems += _identity_problems(card)
    if isinstance(card, cards.MainDeckCard):
        problems += _cost_problems(card)
    problems += _stat_problems(card)
    limit = cards.MAX_SOVEREIGN_ABILITIES if card.type is keywords.CardType.SOVEREIGN else cards.MAX_KEYWORDS
    if len(card.keywords) > limit:
        noun = "abilities" if card.type is keywords.CardType.SOVEREIGN else "keywords"
        problems.append(
            f"keywords: {card.type.with_article} has at most {limit} {noun}, not {len(card.keywords)}"
        )
    for index, inst in enumerate(card.keywords):
        problems += _instance_problems(card, index, inst)
    problems += _combination_problems(card)
    return problems


def check_card(card: cards.Card) -> cards.Card:
    """Return `card` if it is a legal design.

    Raises:
        CardError: Listing every problem (see `design_problems`).
    """
    problems = design_problems(card)
    if problems:
        raise CardError(f"card {card.name!r}", problems)
    return card
