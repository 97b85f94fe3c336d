"""The two operations a render is made of: paste a sprite, paste a piece of text (one line, or
a paragraph's lines)."""

from __future__ import annotations

from typing import Literal

from PIL import Image

from renderer.fonts import Paragraph, text_mask
from renderer.theme import RGB

Align = Literal["left", "center", "right"]


def stamp(image: Image.Image, sprite: Image.Image, center: tuple[int, int]) -> None:
    """Paste an RGBA sprite centred on `center`, blending by its alpha."""
    x, y = center
    image.paste(sprite, (x - sprite.width // 2, y - sprite.height // 2), sprite)


def write(
    image: Image.Image,
    text: str,
    at: tuple[int, int],
    style: tuple[int, bool, RGB],
    align: Align = "left",
    max_width: int = 10_000,
) -> int:
    """Draw one line of `text` (size, bold, colour) vertically centred on `at[1]` and
    anchored at `at[0]` per `align`; return its width in pixels."""
    size, bold, color = style
    mask = text_mask(text, size, bold, max_width)
    x, y = at
    if align == "center":
        x -= mask.width // 2
    elif align == "right":
        x -= mask.width
    image.paste(
        color, (x, y - mask.height // 2, x + mask.width, y - mask.height // 2 + mask.height), mask
    )
    return mask.width


def write_lines(
    image: Image.Image, block: Paragraph, at: tuple[int, int], color: RGB, align: Align = "left"
) -> None:
    """Draw `block`'s lines one under another in `color`, anchored at `at[0]` per `align`, the
    whole block vertically centred on `at[1]`."""
    x, y = at
    middle = y - block.height // 2 + block.pitch // 2  # of the first line
    for index, line in enumerate(block.lines):
        write(
            image, line, (x, middle + index * block.pitch), (block.size, block.bold, color), align
        )
