"""Text rendering of SOTA states: one idea per line."""

from __future__ import annotations

from typing import TYPE_CHECKING

from shardgames.sota.cards import STATS
from shardgames.sota.constants import ALLY, CHARACTER, PERSONA, TRAIT

if TYPE_CHECKING:
    from shardgames.sota.game import SotaGame
    from shardgames.sota.state import SotaState

__all__ = ["describe_card", "render_state"]

_ABBREVIATIONS = ("AGI", "VIT", "LUC", "MAG", "CHA")


def describe_card(game: SotaGame, card: int) -> str:
    """A card in a few words: its name and what matters in play."""
    name = game.names[card]
    kind = game.card_type[card]
    if kind in (PERSONA, CHARACTER):
        stats = " ".join(f"{a} {v}" for a, v in zip(_ABBREVIATIONS, game.stats[card], strict=True))
        extra = ""
        if kind == PERSONA:
            trait = game.persona_trait[card]
            extra = f", {trait.value}" if trait is not None else ""
        elif game.signed_bonus[card]:
            extra = f", signed +{game.signed_bonus[card]}"
        elif game.twin_key[card] is not None:
            extra = ", twin"
        return f"{name} [{stats}{extra}]"
    if kind == ALLY:
        return f"{name} [{STATS[game.ally_stat[card]].value} +{game.ally_value[card]}]"
    if kind == TRAIT:
        trait_kind = game.trait_kind[card]
        stat = game.trait_stat[card]
        label = trait_kind.value if trait_kind is not None else "?"
        return f"{name} [{label}{f' {STATS[stat].value}' if stat >= 0 else ''}]"
    return f"card {card}"  # pragma: no cover - every dealt card has a type


def render_state(s: SotaState) -> str:
    """The whole table (hands included: a state is the omniscient view)."""
    game = s.game
    k = game.duel_positions
    header = f"Shards of the Artisan, turn phase {s.turn}"
    if s.active >= 0:
        header += f", seat {s.active} active"
    lines = [header, f"  to act: {s.prompt or 'nobody, the game is over'}"]
    for seat in range(game.num_players):
        if not s.alive[seat]:
            lines.append(f"seat {seat}: out")
            continue
        persona = s.persona[seat]
        who = describe_card(game, persona) if persona >= 0 else "choosing a persona"
        lines.append(
            f"seat {seat}: {who}  deck {len(s.decks[seat])}  hand {len(s.hands[seat])}  "
            f"shards {len(s.shards[seat])}"
        )
        hand = ", ".join(describe_card(game, c) for c in s.hands[seat]) or "-"
        lines.append(f"  hand: {hand}")
        positions = []
        for slot in range(k):
            card, trait = s.slots[seat * k + slot], s.traits[seat * k + slot]
            if card < 0:
                positions.append(f"{slot}: -")
                continue
            held = f" + {describe_card(game, trait)}" if trait >= 0 else ""
            positions.append(f"{slot}: {describe_card(game, card)}{held}")
        lines.append("  positions: " + " | ".join(positions))
        allies = [
            f"{STATS[stat].value} " + "/".join(f"+{game.ally_value[c]}" for c in s.allies[seat * 5 + stat])
            for stat in range(5)
            if s.allies[seat * 5 + stat]
        ]
        if allies:
            lines.append("  allies: " + ", ".join(allies))
    if s.active >= 0:
        used = [STATS[i].value for i in range(5) if s.used_stats >> i & 1]
        lines.append(f"stats used: {', '.join(used) or 'none'}")
    duel = s.duel
    if duel is not None and duel.stat >= 0 and duel.defender >= 0:
        from shardgames.sota.duel import current_totals  # noqa: PLC0415 - duel imports the state

        attack, defend = current_totals(s, duel)
        lines.append(
            f"duel on {STATS[duel.stat].value}: seat {duel.attacker} dice {duel.dice[0]}+{duel.dice[1]}, "
            f"modifiers {duel.bonus[0]:+d}, total {attack} against seat {duel.defender} "
            f"dice {duel.dice[2]}+{duel.dice[3]}, modifiers {duel.bonus[1]:+d}, total {defend}"
        )
    if s.is_terminal():
        lines.append("game over: " + ("a draw" if s.winner is None else f"seat {s.winner} wins"))
    return "\n".join(lines)
