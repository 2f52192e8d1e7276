"""What a Tactics seat sees (everything: there is no hidden information), and the observation planes.

**Observation layout** (`observation_tensor`, float32, shape ``(game.planes.count, 8, 8)``, 58 planes
with the standard effects): planes over the board from the viewing seat's side, so its own closest
row is row 0 (the board is turned for seat 1); in a plane, ``[plane, row, file]``. The layout is
derived from the effect registry (`shardgames.tactics.planes`): each registered effect has its own
planes, so the counters' planes follow the last effect's. With the standard effects:

| plane | content |
|---|---|
| 0 to 25 | the warrior on the square (side, commander, injury, Might, movement, its turn); the terrain |
| 26 to 36 | its effect, one plane per registered effect (`shardgames.tactics.effects.EFFECTS` order) |
| 37 to 48 | Souls, actions, locks, setup, turn and purchases, stopped (whole planes) |
| 49 to 56 | the pending decision, one-hot in `Phase` order (whole planes) |
| 57 | the warrior(s) the pending decision is about (an effect's owner, or the warriors to order) |

`PlaneLayout.table` lists every plane; the Tactics docs page shows it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

import numpy as np
import numpy.typing as npt

from shardgames.kernel.actions import Action
from shardgames.kernel.fields import view_class
from shardgames.kernel.rng import Rng
from shardgames.kernel.views import View
from shardgames.tactics import render
from shardgames.tactics.combat import might
from shardgames.tactics.html import view_html
from shardgames.tactics.phases import Phase, TacticsPrompt
from shardgames.tactics.planes import STANDARD_LAYOUT
from shardgames.tactics.table import TacticsTable
from shardgames.tactics.warriors import MAX_SPACES, Dirs, Mode

if TYPE_CHECKING:
    from shardgames.tactics.game import TacticsGame
    from shardgames.tactics.state import TacticsState

__all__ = ["PLANES", "TacticsView", "observation_shape"]

PLANES = STANDARD_LAYOUT.count
"""The number of planes with the standard effects (a game with effects of your own has more)."""
_PHASES = tuple(Phase)
_DIRS = tuple(Dirs)
_MODES = tuple(Mode)


def observation_shape(game: TacticsGame) -> tuple[int, ...]:
    """The shape of the observation planes (see `shardgames.tactics.planes`)."""
    return (game.planes.count, 8, 8)


@view_class
class TacticsView(View, TacticsTable):
    """A seat's view of a Tactics game: the whole table (every field of `TacticsTable`)."""

    def __str__(self) -> str:
        """The table as text, like ``str(state)``, drawn from this view (see `render_state`)."""
        return render.render_state(self)

    def describe_action(self, action: Action) -> str:
        """`action` in words, naming the warriors it concerns (see `render.describe_action`)."""
        return render.describe_action(self, action)

    def to_html(self) -> str:
        """This view drawn in HTML: the board, and a panel per seat (see `html.view_html`)."""
        return view_html(self)

    def table_state(self) -> TacticsState:
        """The table this view shows, as a state (exact: a seat sees everything), for drawing it."""
        return cast("TacticsState", self._sample_state(Rng.from_state(0)))

    def observation_tensor(self) -> npt.NDArray[np.float32]:
        """The planes described in the module docstring."""
        state = self.table_state()
        game = state.game
        layout = game.planes
        me = self.player
        out = np.zeros((layout.count, 8, 8), dtype=np.float32)
        planes = out.reshape(layout.count, 64)
        flip = me == 1

        def seen(cell: int) -> int:  # turn the ranks for seat 1, keep the files
            return (7 - cell // 8) * 8 + cell % 8 if flip else cell

        for cell in range(64):
            index = seen(cell)
            warrior = self.board[cell]
            if warrior >= 0:
                side = state.side_of(warrior)
                planes[0 if self.owner[warrior] == me else 1, index] = 1
                planes[2, index] = game.commander[self.card[warrior]]
                planes[3, index] = self.injured[warrior]
                planes[4, index] = might(state, warrior) / 4
                planes[5, index] = side.might / 4
                planes[6, index] = side.move.spaces / MAX_SPACES
                planes[7 + _DIRS.index(side.move.dirs), index] = 1
                planes[11 + _MODES.index(side.move.mode), index] = 1
                planes[15, index] = self.attacked[warrior]
                planes[16, index] = self.scorched[warrior]
                planes[17, index] = self.reduction[warrior] / 4
                planes[18, index] = self.buff[warrior] / 4
                rule = side.rule
                if rule is not None:
                    first = layout.start[rule.name]
                    for offset, value in enumerate(rule.observe(state, warrior, side)[: rule.planes]):
                        planes[first + offset, index] = value
            terrain = self.terrain[cell]
            if terrain >= 0:
                planes[19 + terrain, index] = 1
                planes[24 if self.terrain_owner[cell] == me else 25, index] = 1
        limit = max(self.action_limit, 1)
        cap = game.turn_cap
        phase = getattr(self.prompt, "phase", None)
        counters = layout.start["souls"]
        for plane, value in enumerate(
            (
                self.souls[me] / 26,
                self.souls[1 - me] / 26,
                self.actions_used / limit,
                (self.action_limit - self.actions_used) / limit,  # never below 0 (state checks)
                self.extra_bought,
                self.attacks_locked,
                phase is Phase.SETUP or phase is Phase.COIN,
                self.is_my_turn,
                self.turn / cap,
                self.purchases / 3,
                self.stopped[me],
                self.stopped[1 - me],
            ),
            counters,
        ):
            planes[plane, :] = value
        prompt = self.prompt
        if isinstance(prompt, TacticsPrompt):
            planes[layout.start["decision"] + _PHASES.index(prompt.phase), :] = 1
            about = [prompt.square] if prompt.square >= 0 else []
            about += [self.square[w] for w in prompt.choices]
            for cell in about:
                planes[layout.start["about"], seen(cell)] = 1
        return out
