"""Shard Command as text: the table from both sides, the Queue and the decision pending."""

from __future__ import annotations

from typing import TYPE_CHECKING

from shardgames.command.keywords import ELEMENTS
from shardgames.command.objects import describe_object
from shardgames.command.rules import durability, force, is_entity

if TYPE_CHECKING:
    from shardgames.command.state import CommandState

__all__ = ["render_state", "stones_text"]


def stones_text(counts: tuple[int, ...]) -> str:
    """``"3G 2E"``: Generic first, then each element by its letter; ``"-"`` when there are none."""
    parts = [f"{counts[0]}G"] if counts[0] else []
    parts += [f"{n}{e.letter}" for e, n in zip(ELEMENTS, counts[1:], strict=True) if n]
    return " ".join(parts) or "-"


def render_state(state: CommandState) -> str:
    """The whole state, one idea per line."""
    game = state.game
    lines = [f"Shard Command, turn {state.turn}, {state.step.value} step; {state.prompt or 'game over'}"]
    for seat in (0, 1):
        deck = game.decklists[seat]
        sovereign = game.sovereign_infos[seat]
        mark = " (active)" if seat == state.active else ""
        lines.append(f"seat {seat}{mark}: {deck.name}, Integrity {state.integrity[seat]}")
        exhausted = ", Exhausted" if state.sovereign_exhausted[seat] else ""
        lines.append(f"  Sovereign: {sovereign.name}{exhausted}")
        lines.append(
            f"  stones: Pool {stones_text(state.pool[seat])} | Unused {stones_text(state.unused[seat])} | "
            f"Used {stones_text(state.used[seat])} | floating {stones_text(state.floating[seat])}"
        )
        hand = ", ".join(f"{game.infos[game.kind_of[c]].name} #{c}" for c in state.hands[seat]) or "-"
        lines.append(f"  hand ({len(state.hands[seat])}): {hand}")
        zones = f"Scrap: {len(state.scrap[seat])}; Obliterated: {len(state.obliterated[seat])}"
        lines.append(f"  deck: {len(state.decks[seat])} cards; {zones}")
        for p in state.arena:
            if p.owner != seat:
                continue
            info = game.infos[p.kind]
            stats = f" {force(state, p)}/{durability(state, p)}" if is_entity(state, p) else ""
            flags = [
                flag
                for flag, on in (
                    ("Exhausted", p.exhausted),
                    (f"{p.damage} damage", p.damage),
                    ("Frozen", p.frozen),
                    ("Blanked", p.blanked),
                    ("Echo", p.echo),
                    (f"{p.trench} trench", p.trench),
                )
                if on
            ]
            extra = f" ({', '.join(flags)})" if flags else ""
            name = describe_object(p.id) if p.token else f"{info.name} {describe_object(p.id)}"
            lines.append(f"  Arena: {name}{stats}{extra}")
    if state.queue:
        from shardgames.command.play import describe_item  # noqa: PLC0415 - play imports the rules

        lines.append("Queue (top first):")
        lines.extend(f"  {describe_item(state, item)}" for item in reversed(state.queue))
    return "\n".join(lines)
