"""Shard Command as text: the table from both sides, the Queue and the decision pending.

`render_state` shows everything; `render_view` (``str(view)``) what one seat sees, hidden cards as ``?``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from shardgames.command.keywords import ELEMENTS
from shardgames.command.objects import Permanent, describe_object
from shardgames.command.play import describe_item
from shardgames.command.rules import durability, force, is_entity

if TYPE_CHECKING:
    from shardgames.command.state import CommandState
    from shardgames.command.view import CommandView

__all__ = ["render_state", "render_view", "stones_text"]


def stones_text(counts: tuple[int, ...]) -> str:
    """``"3G 2E"``: Generic first, then each element by its letter; ``"-"`` when there are none."""
    parts = [f"{counts[0]}G"] if counts[0] else []
    parts += [f"{n}{e.letter}" for e, n in zip(ELEMENTS, counts[1:], strict=True) if n]
    return " ".join(parts) or "-"


def render_state(state: CommandState) -> str:
    """The whole state, one idea per line."""
    game = state.game

    def hand_text(seat: int) -> str:
        cards = ", ".join(f"{game.infos[game.kind_of[c]].name} #{c}" for c in state.hands[seat])
        return f"({len(state.hands[seat])}): {cards or '-'}"

    return _render(state, state.arena, [len(d) for d in state.decks], hand_text)


def render_view(view: CommandView) -> str:
    """What one seat sees, one idea per line: the cards it does not know are ``?``."""
    game = view.game
    assert hasattr(game, "infos")

    def hand_text(seat: int) -> str:
        hand = view.hands[seat]
        names = ["?" if c is None else f"{game.infos[game.kind_of[c]].name} #{c}" for c in hand.cards]
        return f"({hand.size}): {', '.join(names) or '-'}"

    arena = [Permanent.from_tuple(fields) for fields in view.arena]
    head = f"seat {view.player}'s view of "
    return head + _render(view, arena, [d.size for d in view.decks], hand_text)  # type: ignore[arg-type]


def _render(
    state: CommandState,
    arena: Sequence[Permanent],
    deck_sizes: Sequence[int],
    hand_text: Callable[[int], str],
) -> str:
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
        lines.append(f"  hand {hand_text(seat)}")
        zones = f"Scrap: {len(state.scrap[seat])}; Obliterated: {len(state.obliterated[seat])}"
        lines.append(f"  deck: {deck_sizes[seat]} cards; {zones}")
        for p in arena:
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
        lines.append("Queue (top first):")
        lines.extend(f"  {describe_item(state, item)}" for item in reversed(state.queue))
    return "\n".join(lines)
