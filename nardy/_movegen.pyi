"""Types of the compiled legal-turn search (nardy/_movegen.c); see `nardy.movegen`."""

from collections.abc import Sequence

from nardy.color import Color
from nardy.movegen import Turn
from nardy.position import Position
from nardy.steps import Step

SOURCE_SHA256: str

def bind(position: type[Position], turn: type[Turn], colors: tuple[Color, Color]) -> None: ...

class Search:
    def __init__(
        self,
        points: tuple[int, ...],
        off: tuple[int, int],
        mover: int,
        roll: tuple[int, ...],
        head_limit: int,
        every_step: bool,
        higher_die: bool,
        steps: tuple[tuple[Step, ...], ...],
    ) -> None: ...
    @property
    def max_steps(self) -> int: ...
    @property
    def illegal_start(self) -> bool: ...
    def boards(self) -> list[int]: ...
    def counts(self) -> bytes: ...
    def sequences(self) -> list[tuple[Step, ...]]: ...
    def turns(self, position: Position) -> tuple[Turn, ...]: ...
    def play(self, position: Position, steps: Sequence[Step]) -> Position | None: ...
    def is_final(self, depth: int, board: int, left: tuple[int, ...]) -> bool: ...
