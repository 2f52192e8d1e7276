"""The data a replay page packs for its script (the drawings and the steps), unpacked for the tests."""

from __future__ import annotations

import base64
import gzip
import json
import re
from typing import Any


def page_data(page: str) -> dict[str, list[Any]]:
    """The ``frames`` (one drawing per step) and ``steps`` of a replay page."""
    packed = re.search(r'<script id="sg-data" type="application/octet-stream">([^<]*)</script>', page)
    assert packed is not None
    data: dict[str, list[Any]] = json.loads(gzip.decompress(base64.b64decode(packed.group(1))))
    return data
