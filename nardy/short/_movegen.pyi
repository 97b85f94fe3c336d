"""Types of short nardy's compiled legal-turn search (nardy/short/_movegen.c); see
`nardy.short.movegen`."""

from collections.abc import Sequence

from nardy.color import Color
from nardy.short.movegen import Turn
from nardy.short.notation import Step
from nardy.short.position import Position
from nardy.steps import Step as AnyStep

SOURCE_SHA256: str

def bind(
    position: type[Position],
    turn: type[Turn],
    colors: tuple[Color, Color],
    steps: tuple[tuple[Step, ...], ...],
) -> None: ...

class Search:
    def __init__(
        self,
        points: Sequence[int],
        bar: tuple[int, int],
        off: tuple[int, int],
        mover: int,
        roll: tuple[int, ...],
        higher_die: bool,
        /,
    ) -> None: ...
    @property
    def max_steps(self) -> int: ...
    def turns(self) -> tuple[Turn, ...]: ...
    def sequences(self) -> list[tuple[Step, ...]]: ...
    def finals(self) -> list[tuple[int, tuple[int, ...]]]: ...
    def play(self, played: Sequence[AnyStep], /) -> Position | None: ...
