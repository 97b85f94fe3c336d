"""The shipped DejaVu fonts and text turned into cached masks, so names of any script fit.

Characters the font lacks (emoji, most symbols outside it) are dropped instead of drawn as
boxes; text wider than its room is shortened with an ellipsis.
"""

from __future__ import annotations

import math
import struct
import threading
import unicodedata
from functools import cache, lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

FONT_DIR = Path(__file__).with_name("fonts")
_FILES = {False: "DejaVuSans.ttf", True: "DejaVuSans-Bold.ttf"}
ELLIPSIS = "…"
_raster_lock = threading.Lock()  # a FreeType face is not safe to use from two threads at once


@cache
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(FONT_DIR / _FILES[bold]), size)


@cache
def coverage(bold: bool = False) -> frozenset[int]:
    """Code points the font draws, read from its Unicode full-repertoire cmap (format 12)."""
    data = (FONT_DIR / _FILES[bold]).read_bytes()
    (tables,) = struct.unpack_from(">H", data, 4)
    for index in range(tables):
        tag, _, cmap, _ = struct.unpack_from(">4sIII", data, 12 + 16 * index)
        if tag == b"cmap":
            break
    else:
        raise ValueError("font has no cmap table")
    (subtables,) = struct.unpack_from(">H", data, cmap + 2)
    for index in range(subtables):
        platform, encoding, offset = struct.unpack_from(">HHI", data, cmap + 4 + 8 * index)
        start = cmap + offset
        if (platform, encoding) == (3, 10) and struct.unpack_from(">H", data, start)[0] == 12:
            (groups,) = struct.unpack_from(">I", data, start + 12)
            points: set[int] = set()
            for group in range(groups):
                first, last, _ = struct.unpack_from(">III", data, start + 16 + 12 * group)
                points.update(range(first, last + 1))
            return frozenset(points)
    raise ValueError("font has no format-12 Unicode cmap")


def printable(text: str, bold: bool = False) -> str:
    """`text` on one line with only characters the font can draw."""
    drawable = coverage(bold)
    kept = (
        " " if ch.isspace() else ch
        for ch in text
        if ch.isspace() or (ord(ch) in drawable and unicodedata.category(ch) != "Cc")
    )
    return " ".join("".join(kept).split())


def fit(text: str, size: int, bold: bool, max_width: int) -> str:
    """The longest start of `text` (with an ellipsis when cut) that is at most `max_width` wide."""
    face = font(size, bold)
    if face.getlength(text) <= max_width:
        return text
    low, high = 0, len(text)
    while low < high:  # the longest prefix whose shortened form fits
        middle = (low + high + 1) // 2
        if face.getlength(text[:middle].rstrip() + ELLIPSIS) <= max_width:
            low = middle
        else:
            high = middle - 1
    return text[:low].rstrip() + ELLIPSIS


@lru_cache(maxsize=1024)
def text_mask(text: str, size: int, bold: bool = False, max_width: int = 10_000) -> Image.Image:
    """An "L" mask of `text` (made drawable and fitted), as tall as the font's line."""
    face = font(size, bold)
    with _raster_lock:  # measuring uses the shared FreeType face too
        clean = fit(printable(text, bold), size, bold, max_width)
        ascent, descent = face.getmetrics()
        left, _, right, _ = face.getbbox(clean, anchor="la") if clean else (0, 0, 1, 0)
        shift = -min(math.floor(left), 0)
        mask = Image.new("L", (math.ceil(right) + shift, ascent + descent))
        ImageDraw.Draw(mask).text((shift, 0), clean, fill=255, font=face, anchor="la")
    return mask
