"""What one SOTA seat sees (SOTA-R22), determinisation, and the observation tensor.

Hidden from a seat: the other seats' hands, the order of every deck, and the cards another seat put
under its deck by a redraw or a swap. Public: everything on the table (Personas, Duel Positions,
Traits, Ally stacks, Fractured Shards), deck and hand sizes, dice and running totals.

**Observation layout** (`observation_tensor`, float32, length `observation_size(game)`), with ``k``
Duel Positions and ``n`` seats. First one block per seat, the viewing seat first and then the others in
seat order after it:

| offset | size | content |
|---|---|---|
| 0 | 1 | still in the game |
| 1 | 1 | the active seat |
| 2 | 1 | hand size / 5 |
| 3 | 1 | deck size / 52 |
| 4 | 1 | Fractured Shards / 52 |
| 5 | 1 | has taken part in a Twin Duel this Turn Phase |
| 6 | 5 | Persona stats / 7 (zeros until chosen) |
| 11 | p | Persona trait, one-hot (flourish, muse, critique, encore, then new traits) |
| 11 + p | (17 + t) k | each Duel Position, 17 + t values (below) |
| 11 + p + (17 + t) k | 15 | Ally Positions: per stat, the number of +1, +2 and +3 Allies / 5 |

A Duel Position's 17 + t values: occupied; the Character's stats / 6 (5); its variant, one-hot
(standard, signable, twin); its Signed Bonus; its twin partner is also in position; it holds a Trait;
the Trait's kind, one-hot (t, below); the Trait's stat, one-hot (5).

The trait one-hots have a plane for each starter trait, in `TraitKind` order for Trait cards (t = 6)
and `PersonaTrait` order for Personas (p = 4), then one for each registered trait the game's decks put
on a Trait card (or a Persona), by name (see `shardgames.sota.traits`): with the starter cards, a
Duel Position has 23 values, a seat block 30 + 23 k, and a hand card 26.

Then the global block:

| size | content |
|---|---|
| 5 | stats used this Turn Phase |
| 1 | Turn Phase / turn cap |
| 17 | the pending phase, one-hot (`Phase` order) |
| 1 | this seat is to act |
| 1 | a duel is in progress |
| 5 | the duel stat, one-hot |
| 2 | this seat is the attacker, the defender |
| 2 | attacker and defender dice / 12 |
| 2 | attacker and defender modifiers / 10 |
| 2 | attacker and defender Stat Totals / 30 |
| 1 | consecutive passes / 2 |
| 5 (20 + t) | this seat's hand, card by card: five blocks of 20 + t values (below) |

A hand card's 20 + t values: its type, one-hot (Persona, Character, Ally, Trait); a Character's stats / 6
(5); an Ally's stat, one-hot (5), and value / 3; a Trait's kind, one-hot (6), and stat, one-hot (5).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from shardgames.kernel.actions import Action
from shardgames.kernel.fields import view_class
from shardgames.kernel.views import View
from shardgames.sota.cards import Variant
from shardgames.sota.constants import ALLY, CHARACTER, HAND_MAX, PERSONA, TRAIT
from shardgames.sota.describe import describe_action
from shardgames.sota.duel_state import DuelView
from shardgames.sota.html import view_html
from shardgames.sota.phases import Phase
from shardgames.sota.render import render_view
from shardgames.sota.table import SotaTable

if TYPE_CHECKING:
    from shardgames.sota.game import SotaGame

__all__ = ["DuelView", "SotaView", "observation_size"]

_PHASES = tuple(Phase)
_VARIANTS = (Variant.STANDARD, Variant.SIGNABLE, Variant.TWIN)


def observation_size(game: SotaGame) -> int:
    """The length of the observation vector of `game`."""
    t, p = len(game.trait_planes), len(game.persona_planes)
    seat_block = 11 + p + (17 + t) * game.duel_positions + 15
    hand = HAND_MAX * (20 + t)
    return game.num_players * seat_block + 5 + 1 + len(_PHASES) + 1 + 1 + 5 + 2 + 2 + 2 + 2 + 1 + hand


@view_class
class SotaView(View, SotaTable):
    """One seat's view of a SOTA game: the fields of `SotaTable`, hands and decks censored for the seat."""

    if TYPE_CHECKING:
        game: SotaGame  # the kernel's view holds any game; a SOTA view holds a SOTA game

    def __str__(self) -> str:
        return render_view(self)

    def describe_action(self, action: Action) -> str:
        """The action in words, naming the cards it moves or uses (see `shardgames.sota.describe`)."""
        return describe_action(self, action)

    def to_html(self) -> str:
        """What this seat sees as an HTML fragment; hidden cards are backs (see `shardgames.sota.html`)."""
        return view_html(self)

    def observation_tensor(self) -> npt.NDArray[np.float32]:
        """This view as a vector (see the module docstring for the layout)."""
        game = self.game
        assert hasattr(game, "duel_positions")
        k: int = game.duel_positions
        n = game.num_players
        out = np.zeros(observation_size(game), dtype=np.float32)
        offset = 0
        for rank in range(n):
            seat = (self.player + rank) % n
            offset = _seat_block(self, game, seat, out, at=offset, k=k)
        _global_block(self, game, out, offset)
        return out


def _seat_block(
    view: SotaView, game: SotaGame, seat: int, out: npt.NDArray[np.float32], *, at: int, k: int
) -> int:
    out[at] = view.alive[seat]
    out[at + 1] = seat == view.active
    out[at + 2] = view.hands[seat].size / 5
    out[at + 3] = view.decks[seat].size / 52
    out[at + 4] = len(view.shards[seat]) / 52
    out[at + 5] = view.twin_used >> seat & 1
    persona = view.persona[seat]
    if persona >= 0:
        out[at + 6 : at + 11] = np.asarray(game.stats[persona], dtype=np.float32) / 7
        persona_trait = game.persona_trait[persona]
        assert persona_trait is not None
        out[at + 11 + game.persona_planes[persona_trait]] = 1
    at += 11 + len(game.persona_planes)
    t = len(game.trait_planes)
    paired = {slot for pair in game.twin_pairs(view.slots[seat * k : seat * k + k]) for slot in pair}
    for slot in range(k):
        card = view.slots[seat * k + slot]
        if card >= 0:
            out[at] = 1
            out[at + 1 : at + 6] = np.asarray(game.stats[card], dtype=np.float32) / 6
            card_def = game.kinds[game.kind_of[card]]
            variant = getattr(card_def, "variant", Variant.STANDARD)
            out[at + 6 + _VARIANTS.index(variant)] = 1
            out[at + 9] = game.signed_bonus[card]
            out[at + 10] = slot in paired
            trait = view.traits[seat * k + slot]
            if trait >= 0:
                out[at + 11] = 1
                _trait_block(game, trait, out, at + 12)
        at += 17 + t
    for stat in range(5):
        for card in view.allies[seat * 5 + stat]:
            out[at + stat * 3 + game.ally_value[card] - 1] += 1 / 5
    return at + 15


def _trait_block(game: SotaGame, trait: int, out: npt.NDArray[np.float32], at: int) -> None:
    """A Trait card's kind, one-hot over the game's trait planes, then its stat, one-hot (5)."""
    kind = game.trait_kind[trait]
    assert kind is not None
    out[at + game.trait_planes[kind]] = 1
    if game.trait_stat[trait] >= 0:
        out[at + len(game.trait_planes) + game.trait_stat[trait]] = 1


def _global_block(view: SotaView, game: SotaGame, out: npt.NDArray[np.float32], at: int) -> None:
    for stat in range(5):
        out[at + stat] = view.used_stats >> stat & 1
    at += 5
    cap = game.turn_cap or 1
    out[at] = view.turn / cap
    at += 1
    prompt = view.prompt
    phase = getattr(prompt, "phase", None)
    if phase is not None:
        out[at + _PHASES.index(phase)] = 1
    at += len(_PHASES)
    out[at] = view.is_my_turn
    at += 1
    duel = view.duel
    if duel is not None:
        out[at] = 1
        if duel.stat >= 0:
            out[at + 1 + duel.stat] = 1
        out[at + 6] = duel.attacker == view.player
        out[at + 7] = duel.defender == view.player
        out[at + 8] = (duel.dice[0] + duel.dice[1]) / 12
        out[at + 9] = (duel.dice[2] + duel.dice[3]) / 12
        out[at + 10] = duel.bonus[0] / 10
        out[at + 11] = duel.bonus[1] / 10
        out[at + 12] = duel.totals[0] / 30
        out[at + 13] = duel.totals[1] / 30
        out[at + 14] = duel.passes / 2
    at += 15
    t = len(game.trait_planes)
    for card in view.hands[view.player].cards:  # at most HAND_MAX, each a block of its own
        if card is None:  # pragma: no cover - a seat always knows its own hand
            continue
        kind = game.card_type[card]
        out[at + kind] = 1
        if kind in (PERSONA, CHARACTER):
            out[at + 4 : at + 9] = np.asarray(game.stats[card], dtype=np.float32) / 6
        elif kind == ALLY:
            out[at + 9 + game.ally_stat[card]] = 1
            out[at + 14] = game.ally_value[card] / 3
        elif kind == TRAIT:
            _trait_block(game, card, out, at + 15)
        at += 20 + t
