"""The shipped DejaVu fonts and text turned into cached masks, so names of any script fit.

Characters the font lacks (emoji, most symbols outside it) are dropped instead of drawn as
boxes; a line wider than its room is shortened with an ellipsis, and a paragraph is broken
into lines and made smaller until it fits its box.
"""

from __future__ import annotations

import math
import struct
import sys
import threading
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

FONT_DIR = Path(__file__).with_name("fonts")
_FILES = {False: "DejaVuSans.ttf", True: "DejaVuSans-Bold.ttf"}
ELLIPSIS = "…"
SMALLEST = 8  # the least font size a paragraph is made before it is cut
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


@dataclass(frozen=True, slots=True)
class Paragraph:
    """Text broken into `lines`, each `pitch` pixels high, at one font `size`; `cut` when even
    `SMALLEST` left no room and its end gave way to an ellipsis."""

    lines: tuple[str, ...]
    size: int
    bold: bool
    pitch: int
    cut: bool = False

    @property
    def height(self) -> int:
        return len(self.lines) * self.pitch


@lru_cache(maxsize=1024)
def paragraph(text: str, size: int, bold: bool, box: tuple[int, int]) -> Paragraph:
    """`text` (made drawable) fitted to `box` (width, height) without cutting it: on one line
    while that shrinks its font by a sixth at most, else in even lines at the largest size
    from `size` down to `SMALLEST` that has room; cut with an ellipsis only when `SMALLEST`
    has none."""
    width, height = box
    with _raster_lock:  # measuring uses the shared FreeType face
        clean = printable(text, bold)
        for each, most in _tries(size):
            face = font(each, bold)
            pitch = _pitch(face)
            rows = min(most, height // pitch)
            if face.getlength(clean) > rows * width:  # too long for its rows, however broken
                continue
            lines = _wrap(clean, face, width)
            if len(lines) <= rows:
                return Paragraph(_balanced(clean, face, lines), each, bold, pitch)
        rows = max(height // pitch, 1)
        lines = _wrap(clean, face, width)
        last = fit(" ".join(lines[rows - 1 :]), each, bold, width)
        return Paragraph((*lines[: rows - 1], last), each, bold, pitch, cut=True)


def _tries(size: int) -> Iterator[tuple[int, int]]:
    """The font sizes a paragraph tries in turn, each with the most lines it may take: one
    line a little smaller first, then any number, from `size` down to `SMALLEST`."""
    for each in range(size, size - size // 6 - 1, -1):
        yield each, 1
    for each in range(size, min(size, SMALLEST) - 1, -1):
        yield each, sys.maxsize


@cache
def line_height(size: int, bold: bool = False) -> int:
    """How high a line of text is drawn: a `text_mask`, a `Paragraph`'s pitch."""
    with _raster_lock:
        return _pitch(font(size, bold))


def _pitch(face: ImageFont.FreeTypeFont) -> int:
    ascent, descent = face.getmetrics()
    return ascent + descent


def _wrap(text: str, face: ImageFont.FreeTypeFont, width: int) -> tuple[str, ...]:
    """`text` in lines at most `width` wide, as many words a line as fit; a word wider than a
    line is broken where it reaches the edge. A line is as wide as its words and spaces (the
    fonts kern no pair with a space), so each word is measured once for every wrap."""
    space = _length(face, " ")
    lines: list[str] = []
    line, used = "", 0.0
    for word in text.split():
        length = _length(face, word)
        if line and used + space + length <= width:
            line, used = f"{line} {word}", used + space + length
            continue
        if line:
            lines.append(line)
        while length > width:
            end = _longest_start(word, face, width)
            lines.append(word[:end])
            word = word[end:]
            length = _length(face, word)
        line, used = word, length
    return (*lines, line) if line else tuple(lines)


@lru_cache(maxsize=4096)
def _length(face: ImageFont.FreeTypeFont, text: str) -> float:
    return face.getlength(text)


def _balanced(text: str, face: ImageFont.FreeTypeFont, lines: tuple[str, ...]) -> tuple[str, ...]:
    """`lines` (`text` wrapped) made even: wrapped again at the least width that takes no more
    of them, so that a last line is not left with a word or two."""
    if len(lines) < 2:
        return lines
    low, high = 1, max(math.ceil(face.getlength(line)) for line in lines)
    while low < high:
        middle = (low + high) // 2
        if len(_wrap(text, face, middle)) <= len(lines):
            high = middle
        else:
            low = middle + 1
    return _wrap(text, face, low)


def _longest_start(word: str, face: ImageFont.FreeTypeFont, width: int) -> int:
    """How many of `word`'s first characters fit `width` (one at least, so a line advances)."""
    low, high = 1, len(word)
    while low < high:
        middle = (low + high + 1) // 2
        if _length(face, word[:middle]) <= width:
            low = middle
        else:
            high = middle - 1
    return low
