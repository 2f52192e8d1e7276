"""What one Shard Command seat sees, determinisation, and the observation tensor.

Hidden from a seat: the other seat's hand (its size is public; cards that came back to it from the
Arena or the Queue are known to both), the order of both decks (cards put on top by Updraft are known
to both, cards a seat looked at with Foresight or put under in its redraw only to it). Everything else is
public: the Arena, Scrap and Obliterated zones, exiled cards, stones, Integrity, the Queue, the attack in
progress, and both decklists.

**Observation layout** (`observation_tensor`, float32, length `observation_size(game)`). A *design
vector* describes a card design in `DESIGN` values: its type one-hot (Entity, Item, Rite, Sovereign, 4),
Shard cost / 10, its pips per element / 3 (10), Force / 10, Durability / 10, and one flag per keyword of
the glossary (52, K01 first).

First one block per seat, the viewing seat first (`SEAT` values): Integrity / 20, hand size / 10, deck
size / 60, Scrap size / 60, Obliterated size / 60, the Pool, Unused and Used stones (11 each, Generic
first, / 12), floating Shards (11, / 5), stones charged this turn / 2, Sovereign Exhausted, Silenced
this turn, is the active seat, holds priority; then its permanents, in the order they entered, `ARENA`
slots of `PERMANENT` values each: present, the design vector, Exhausted, under Deployment Fatigue,
Force / 10, Durability / 10 (as `rules.force` and `rules.durability` give them), damage / 10, token,
Upgrades / 5, Submerged, Blanked, Frozen, Isolated, trench counters / 3, Echo marker, attacking,
intercepting.

Then the viewing seat's hand (`HAND` slots, each present + a design vector), the Queue from the top
(`QUEUE` slots: present, controlled by the viewing seat, kind one-hot (4), the design vector), and the
global block: the step one-hot (`Step` order), the pending decision one-hot (`Phase` order), this seat
is to act, the turn / the turn cap.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from shardgames.command.describe import describe_action
from shardgames.command.html import view_html
from shardgames.command.keywords import ELEMENTS, KEYWORDS, CardType
from shardgames.command.objects import PERMANENT_FIELDS, Permanent
from shardgames.command.phases import Phase, Step
from shardgames.command.render import render_view
from shardgames.command.rules import durability, force
from shardgames.command.table import CommandTable
from shardgames.kernel.actions import Action
from shardgames.kernel.fields import view_class
from shardgames.kernel.views import View

if TYPE_CHECKING:
    from shardgames.command.compiled import CardInfo
    from shardgames.command.game import CommandGame

__all__ = [
    "ARENA",
    "DESIGN",
    "HAND",
    "HAND_SLOT",
    "QUEUE",
    "QUEUE_SLOT",
    "CommandView",
    "observation_shape",
    "observation_size",
]

_TYPES = (CardType.ENTITY, CardType.ITEM, CardType.RITE, CardType.SOVEREIGN)
_KEYWORD_INDEX = {kid: i for i, kid in enumerate(KEYWORDS)}
DESIGN = len(_TYPES) + 1 + len(ELEMENTS) + 2 + len(KEYWORDS)
"""Values of a design vector."""
ARENA = 16
"""Permanent slots per seat."""
PERMANENT = 1 + DESIGN + 16
"""Values of one permanent."""
HAND = 10
"""Hand slots of the viewing seat."""
HAND_SLOT = 1 + DESIGN
"""Values of one hand slot: present, then the design vector."""
QUEUE = 8
"""Queue slots, from the top."""
QUEUE_SLOT = 2 + 4 + DESIGN
"""Values of one Queue slot: present, the viewing seat's, the kind one-hot (4), the design vector."""
SEAT = 5 + 3 * 11 + 11 + 5 + ARENA * PERMANENT
_STEPS = tuple(Step)
_PHASES = tuple(Phase)
GLOBAL = len(_STEPS) + len(_PHASES) + 2


def observation_size(game: CommandGame) -> int:
    """The length of the observation vector."""
    return 2 * SEAT + HAND * HAND_SLOT + QUEUE * QUEUE_SLOT + GLOBAL


def observation_shape(game: CommandGame) -> tuple[int, ...]:
    """The observation's shape: one vector."""
    return (observation_size(game),)


def design_vector(info: CardInfo) -> npt.NDArray[np.float32]:
    """The `DESIGN` values describing a card design (`CommandGame.design_vectors` holds each design's)."""
    out = np.zeros(DESIGN, dtype=np.float32)
    out[_TYPES.index(info.type)] = 1
    at = len(_TYPES)
    out[at] = info.cost.total / 10
    out[at + 1 : at + 1 + len(ELEMENTS)] = np.asarray(info.cost.pips, dtype=np.float32) / 3
    at += 1 + len(ELEMENTS)
    out[at] = info.force / 10
    out[at + 1] = info.durability / 10
    at += 2
    for inst in info.card.keywords:
        index = _KEYWORD_INDEX.get(inst.keyword.id)  # the glossary's: a keyword of your own has no column
        if index is not None:
            out[at + index] = 1
    return out


@view_class
class CommandView(View, CommandTable):
    """One seat's view of a Shard Command game (see the module docstring for what is hidden).

    Its fields are the state's (`shardgames.command.table.CommandTable`), with hands and decks
    censored, the cards of another seat's Foresight unknown (``None``) and permanents as tuples of their
    fields (`PERMANENT_FIELDS` order); ``unknown`` holds, per seat, the cards this seat does not know.
    """

    if TYPE_CHECKING:
        game: CommandGame  # the kernel's view holds any game; a Command view holds a Command game

    def __str__(self) -> str:
        return render_view(self)

    def describe_action(self, action: Action) -> str:
        """`action` in words, naming the cards and targets this seat can see.

        For example ``"cast Quick Spark #24 (Deal 2 Dmg) targeting Ash Hound #61 (seat 1)"`` or
        ``"activate Warden of the Ridge: Exhaust (Add +1/+1 Upgrade)"``.
        """
        return describe_action(self, action)

    def to_html(self) -> str:
        """What this seat sees, drawn as HTML: the opponent's hidden cards are card backs."""
        return view_html(self)

    def observation_tensor(self) -> npt.NDArray[np.float32]:
        """This view as a vector (see the module docstring for the layout)."""
        game = self.game
        out = np.zeros(observation_size(game), dtype=np.float32)
        designs = game.design_vectors
        at = 0
        for rank in (0, 1):
            at = self._seat_block(out, at, (self.player + rank) % 2, designs)
        for slot, card in enumerate(self.hands[self.player].cards[:HAND]):
            if card is not None:
                start = at + slot * HAND_SLOT
                out[start] = 1
                out[start + 1 : start + 1 + DESIGN] = designs[game.kind_of[card]]
        at += HAND * HAND_SLOT
        for slot, item in enumerate(reversed(self.queue[-QUEUE:])):
            start = at + slot * QUEUE_SLOT
            out[start] = 1
            out[start + 1] = item.controller == self.player
            out[start + 2 + item.kind] = 1
            out[start + 6 : start + 6 + DESIGN] = designs[item.design]
        at += QUEUE * QUEUE_SLOT
        out[at + _STEPS.index(self.step)] = 1
        at += len(_STEPS)
        phase = getattr(self.prompt, "phase", None)
        if phase is not None:
            out[at + _PHASES.index(phase)] = 1
        at += len(_PHASES)
        out[at] = self.is_my_turn
        out[at + 1] = self.turn / (game.turn_cap or 1)
        return out

    def _seat_block(
        self, out: npt.NDArray[np.float32], at: int, seat: int, designs: tuple[npt.NDArray[np.float32], ...]
    ) -> int:
        start = at
        out[at] = self.integrity[seat] / 20
        out[at + 1] = self.hands[seat].size / 10
        out[at + 2] = self.decks[seat].size / 60
        out[at + 3] = len(self.scrap[seat]) / 60
        out[at + 4] = len(self.obliterated[seat]) / 60
        at += 5
        for stones in (self.pool[seat], self.unused[seat], self.used[seat]):
            out[at : at + 11] = np.asarray(stones, dtype=np.float32) / 12
            at += 11
        out[at : at + 11] = np.asarray(self.floating[seat], dtype=np.float32) / 5
        at += 11
        out[at] = self.charged[seat] / 2
        out[at + 1] = self.sovereign_exhausted[seat]
        out[at + 2] = self.silenced[seat] >= self.turn
        out[at + 3] = self.active == seat
        out[at + 4] = self.priority == seat
        at += 5
        combat = self.combat
        index = {name: i for i, name in enumerate(PERMANENT_FIELDS)}
        slots = [fields for fields in self.arena if fields[index["owner"]] == seat][:ARENA]
        for fields in slots:
            p = Permanent.from_tuple(fields)
            out[at] = 1
            out[at + 1 : at + 1 + DESIGN] = designs[p.kind]
            base = at + 1 + DESIGN
            values = (
                p.exhausted,
                p.entered == self.turn,
                force(self, p) / 10,
                durability(self, p) / 10,
                p.damage / 10,
                p.token,
                p.upgrades / 5,
                p.submerged > 0,
                p.blanked,
                p.frozen,
                p.isolated_until >= self.turn,
                p.trench / 3,
                p.echo,
                combat is not None and combat.attacker == p.id,
                combat is not None and p.id in combat.interceptors,
                0,
            )
            out[base : base + 16] = np.asarray(values, dtype=np.float32)
            at += PERMANENT
        return start + SEAT
