"""A picture Pillow draws on and simplejpeg encodes from one memory: numpy's view of a Pillow
image is a copy (about a millisecond a board, holding the GIL), this is not."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt
from PIL import Image


@dataclass(frozen=True, slots=True)
class Canvas:
    """`pixels` (height × width × 4: red, green, blue and a byte the JPEG leaves out) and
    `image`, an RGBA Pillow image over the same memory whose alpha means nothing."""

    pixels: npt.NDArray[np.uint8]
    image: Image.Image


def canvas(size: tuple[int, int]) -> Canvas:
    """A new canvas of `size` (width, height), its pixels not yet set."""
    width, height = size
    pixels = np.empty((height, width, 4), np.uint8)
    image = Image.frombuffer("RGBA", size, pixels, "raw", "RGBA", 0, 1)
    image.readonly = 0  # Pillow maps a buffer read-only (a copy on the first paste): draw in it
    return Canvas(pixels, image)
