"""A state as pixels: an H x W x 3 ``uint8`` frame, for video recorders and pixel-based learners.

A state that draws itself as SVG (its ``_repr_svg_``, which notebooks show: the Soulshards Tactics
board) is rasterised with resvg. Any other state's frame is its text (``str(state)``, what
``render_mode="ansi"`` returns) drawn in a fixed grid of `COLUMNS` x `ROWS` characters, long lines
wrapped and the rest cut, in a monospaced font. Every frame of a game has the same size, as a video
needs. Both need the ``pixels`` extra (resvg-py and Pillow).

Examples:
    >>> import shardgames as sg
    >>> from shardgames.render.frames import rgb_frame
    >>> state = sg.load_game("tactics").new_initial_state(seed=1)
    >>> frame = rgb_frame(state)
    >>> frame.dtype, frame.ndim, frame.shape[2]
    (dtype('uint8'), 3, 3)
    >>> rgb_frame(sg.load_game("sota").new_initial_state(seed=1)).shape
    (808, 1060, 3)
"""

from __future__ import annotations

import functools
import io
import math
from typing import Any

import numpy as np
import numpy.typing as npt

from shardgames.kernel.errors import require_extra

__all__ = ["COLUMNS", "ROWS", "rgb_frame"]

COLUMNS = 120
"""Characters per line of a text frame (longer lines wrap)."""
ROWS = 40
"""Lines of a text frame (the rest is cut, and the last line says so)."""

_FONT_SIZE = 14
_MARGIN = 24
_BACKGROUND = (255, 255, 255)
_INK = (20, 20, 20)
_FEATURE = "drawing a frame (render_mode='rgb_array')"


def rgb_frame(table: Any) -> npt.NDArray[np.uint8]:
    """`table` (a state or a view) as an ``(height, width, 3)`` array of ``uint8``.

    Raises:
        MissingExtraError: If resvg-py or Pillow is not installed (the ``pixels`` extra).
    """
    image = require_extra("PIL.Image", extra="pixels", feature=_FEATURE)
    draw_svg = getattr(table, "_repr_svg_", None)
    if draw_svg is not None:
        resvg = require_extra("resvg_py", extra="pixels", feature=_FEATURE)
        png = resvg.svg_to_bytes(svg_string=draw_svg(), background="white", **_svg_fonts())
        picture = image.open(io.BytesIO(bytes(png))).convert("RGB")
    else:
        picture = _text_picture(str(table))
    frame = np.asarray(picture, dtype=np.uint8)
    height, width = frame.shape[0] + frame.shape[0] % 2, frame.shape[1] + frame.shape[1] % 2
    if (height, width) != frame.shape[:2]:  # video encoders want even sizes: pad with white
        padded = np.full((height, width, 3), 255, dtype=np.uint8)
        padded[: frame.shape[0], : frame.shape[1]] = frame
        frame = padded
    return frame


def _text_picture(text: str) -> Any:
    """The text in the fixed grid of characters, as a Pillow image."""
    image = require_extra("PIL.Image", extra="pixels", feature=_FEATURE)
    draw = require_extra("PIL.ImageDraw", extra="pixels", feature=_FEATURE)
    lines: list[str] = []
    for line in text.splitlines() or [""]:
        lines.extend(line[start : start + COLUMNS] for start in range(0, max(len(line), 1), COLUMNS))
    if len(lines) > ROWS:
        lines = [*lines[: ROWS - 1], f"... ({len(lines) - ROWS + 1} more lines)"]
    font = _font()
    ascent, descent = font.getmetrics()
    step = ascent + descent + 2
    width = 2 * _MARGIN + math.ceil(font.getlength("M" * COLUMNS))
    picture = image.new("RGB", (width, 2 * _MARGIN + ROWS * step), _BACKGROUND)
    pen = draw.Draw(picture)
    for row, line in enumerate(lines):
        pen.text((_MARGIN, _MARGIN + row * step), line, fill=_INK, font=font)
    return picture


@functools.cache
def _svg_fonts() -> dict[str, str]:
    """The family resvg draws "sans-serif" text in: DejaVu Sans where the system has it.

    resvg's own default, Arial, is missing from many Linux systems, and it draws no text in a missing
    family.
    """
    font = require_extra("PIL.ImageFont", extra="pixels", feature=_FEATURE)
    try:
        font.truetype("DejaVuSans.ttf", _FONT_SIZE)
    except OSError:
        return {}
    return {"sans_serif_family": "DejaVu Sans"}


@functools.cache
def _font() -> Any:
    """DejaVu Sans Mono where the system has it, else Pillow's own font."""
    font = require_extra("PIL.ImageFont", extra="pixels", feature=_FEATURE)
    try:
        return font.truetype("DejaVuSansMono.ttf", _FONT_SIZE)
    except OSError:
        return font.load_default(size=_FONT_SIZE)
