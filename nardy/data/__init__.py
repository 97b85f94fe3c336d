"""The AI's data files: network weights, the bear-off database and the race table."""

from __future__ import annotations

from importlib import resources
from typing import Any

import numpy as np
import numpy.typing as npt


def shipped_arrays(name: str) -> dict[str, npt.NDArray[Any]]:
    """The arrays of the .npz file `name` shipped in this package, read into memory."""
    with (
        resources.as_file(resources.files(__name__) / name) as path,
        np.load(path) as data,
    ):
        return {key: data[key] for key in data.files}
