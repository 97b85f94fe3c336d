"""Types of the compiled network inputs (nardy/short/ai/_inputs.c); see
`nardy.short.ai.network.inputs`."""

import numpy as np
import numpy.typing as npt

SOURCE_SHA256: str

def inputs(boards: npt.NDArray[np.int64], n: int) -> bytearray: ...
