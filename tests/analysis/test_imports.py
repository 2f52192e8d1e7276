"""Importing the analysis package costs no optional extra: pandas and matplotlib load on first use."""

from __future__ import annotations

import subprocess
import sys

import shardgames as sg
import shardgames.analysis


def test_importing_the_package_imports_neither_pandas_nor_matplotlib() -> None:
    code = (
        "import sys, shardgames.analysis; "
        "print(sorted(m for m in ('pandas', 'matplotlib') if m in sys.modules))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_the_package_is_an_attribute_of_shardgames() -> None:
    assert sg.analysis is shardgames.analysis
    assert set(shardgames.analysis.__all__) <= set(dir(shardgames.analysis))
