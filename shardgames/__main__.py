"""``python -m shardgames``: the same as the ``shardgames`` command."""

from shardgames.cli import main

if __name__ == "__main__":
    main()
