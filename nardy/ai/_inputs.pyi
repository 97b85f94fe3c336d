"""Types of the compiled network inputs (nardy/ai/_inputs.c); see `nardy.ai.network.inputs`."""

import numpy as np
import numpy.typing as npt

SOURCE_SHA256: str

def inputs(boards: npt.NDArray[np.int64], n: int) -> bytearray: ...
