"""The networks of the learning example, and a trained network as a policy for `sg.PolicyAgent`.

Two shapes of network, both with a policy head (one logit per action id) and a value head (the
expected outcome for the seat to act, in [-1, 1]):

- `BoardNet`, for a game whose actions lie on its board (Soulshards Tactics): a convolutional trunk
  over the observation planes, and a policy head that is a 1 x 1 convolution to the game's action
  planes (`game.action_planes`), read at each id's place, so a warrior's moves are scored at its
  square;
- `FlatNet`, for any other game (Shards of the Artisan, Shard Command): a multi-layer perceptron over
  the flat observation.

`load_policy(path)` turns a file written by ``train.py`` into a callable ``(observation, mask, seat)
-> logits``, which is what `sg.PolicyAgent` plays:

    >>> import shardgames as sg
    >>> from net import load_policy
    >>> agent = sg.PolicyAgent(load_policy("runs/tactics/policy.pt"), name="learned")  # doctest: +SKIP
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
import torch
from torch import nn

import shardgames as sg


class BoardNet(nn.Module):
    """A residual convolutional network over (planes, 8, 8), with action planes as its policy head."""

    def __init__(self, game: sg.Game, channels: int = 64, blocks: int = 4) -> None:
        super().__init__()
        planes = game.observation_shape[0]
        layout = game.action_planes  # type: ignore[attr-defined]
        self.stem = nn.Sequential(nn.Conv2d(planes, channels, 3, padding=1), nn.ReLU())
        self.blocks = nn.ModuleList(
            nn.Sequential(
                nn.Conv2d(channels, channels, 3, padding=1),
                nn.ReLU(),
                nn.Conv2d(channels, channels, 3, padding=1),
            )
            for _ in range(blocks)
        )
        self.policy = nn.Conv2d(channels, layout.shape[0], 1)
        self.value = nn.Sequential(nn.Linear(channels, 64), nn.ReLU(), nn.Linear(64, 1), nn.Tanh())
        # the place of each action id in the flattened planes, as each seat sees the board
        index = np.stack([layout.index(0), layout.index(1)])
        self.register_buffer("index", torch.as_tensor(index, dtype=torch.long), persistent=False)

    def forward(self, observation: torch.Tensor, seat: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        """Logits per action id and the value, for a batch of observations of the given seats."""
        x = self.stem(observation)
        for block in self.blocks:
            x = torch.relu(x + block(x))
        planes = self.policy(x).flatten(1)
        logits = torch.gather(planes, 1, self.index[seat])
        value = self.value(x.mean(dim=(2, 3))).squeeze(1)
        return logits, value


class FlatNet(nn.Module):
    """A multi-layer perceptron over the flat observation."""

    def __init__(self, game: sg.Game, width: int = 256) -> None:
        super().__init__()
        self.seats = game.num_players
        size = int(np.prod(game.observation_shape)) + self.seats
        self.trunk = nn.Sequential(nn.Linear(size, width), nn.ReLU(), nn.Linear(width, width), nn.ReLU())
        self.policy = nn.Linear(width, game.num_distinct_actions)
        self.value = nn.Sequential(nn.Linear(width, 1), nn.Tanh())

    def forward(self, observation: torch.Tensor, seat: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        """Logits per action id and the value, for a batch of observations of the given seats."""
        seats = nn.functional.one_hot(seat, self.seats).to(observation.dtype)
        x = self.trunk(torch.cat([observation.flatten(1), seats], dim=1))
        return self.policy(x), self.value(x).squeeze(1)


def make_net(game: sg.Game) -> nn.Module:
    """The network for `game`: `BoardNet` when its actions lie on a board, else `FlatNet`."""
    return BoardNet(game) if hasattr(game, "action_planes") else FlatNet(game)


class TorchPolicy:
    """A network as a policy: ``policy(observation, mask, seat) -> logits`` for one decision.

    The seat says which way the board is turned in the observation (see `sg.PolicyAgent`).
    """

    def __init__(self, net: nn.Module, game: sg.Game) -> None:
        self.net = net.eval()
        self.game = game

    def logits(
        self, observations: npt.NDArray[np.float32], seats: npt.NDArray[np.int64]
    ) -> npt.NDArray[np.float32]:
        """Logits for a batch of decisions."""
        with torch.no_grad():
            logits, _ = self.net(torch.from_numpy(observations), torch.from_numpy(seats))
        return logits.numpy()

    def __call__(
        self, observation: npt.NDArray[np.float32], mask: npt.NDArray[np.bool_], seat: int = 0
    ) -> npt.NDArray[np.float32]:
        return self.logits(observation[None], np.array([seat], dtype=np.int64))[0]


def save(path: Path, payload: dict[str, Any]) -> None:
    """Write a checkpoint atomically: to a temporary file, then renamed over `path`."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(path.name + ".tmp")
    torch.save(payload, temporary)
    temporary.replace(path)


def load_policy(path: str | Path) -> TorchPolicy:
    """The policy of a checkpoint or policy file written by ``train.py``."""
    payload = torch.load(Path(path), map_location="cpu", weights_only=False)
    game = sg.load_game(payload["game"])
    net = make_net(game)
    net.load_state_dict(payload["model"])
    return TorchPolicy(net, game)


class _OnFirstUse:
    """A policy file loaded when the policy is first asked, not when it is named.

    A tournament's worker processes are forked from the process that read the agents; PyTorch
    computing in the parent before the fork can leave a child's thread pool stuck, so the parent
    never touches the network and each worker loads its own.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self._policy: TorchPolicy | None = None

    def __call__(
        self, observation: npt.NDArray[np.float32], mask: npt.NDArray[np.bool_], seat: int = 0
    ) -> npt.NDArray[np.float32]:
        if self._policy is None:
            self._policy = load_policy(self.path)
        return self._policy(observation, mask, seat)


def trained(game: sg.Game) -> _OnFirstUse:
    """The policy trained for `game` in ``runs/NAME/policy.pt`` (for ``policy:load=...:trained``).

    Raises:
        FileNotFoundError: If there is no such file.
    """
    path = Path("runs") / game.name / "policy.pt"
    if not path.is_file():
        raise FileNotFoundError(f"no trained policy at {path}: run examples/learning/train.py {game.name}")
    return _OnFirstUse(path)
