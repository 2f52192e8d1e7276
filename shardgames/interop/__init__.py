"""Adapters to other frameworks: PettingZoo, Gymnasium and OpenSpiel.

Each adapter is an optional extra, imported only when used:

- `shardgames.interop.pettingzoo`: an AEC environment for any registered game (``pip install
  'shardgames[rl]'``);
- `shardgames.interop.gymnasium`: a single-seat environment against built-in or custom opponents
  (``pip install 'shardgames[rl]'``);
- `shardgames.interop.vector`: many such games stepped together, in stacked arrays (Gymnasium's
  vector API; the same extra);
- `shardgames.interop.openspiel`: every game registered with ``pyspiel`` (``pip install
  'shardgames[openspiel]'``).

Importing this package imports none of them.
"""
