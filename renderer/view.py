"""What the picture shows besides the checkers: the view state the caller hands to `render`.

Every text is already translated by the caller; the renderer has no language of its own.
Points here are in a side's own numbering (RULES.md §1), as the buttons and the notation are;
in short nardy own point 25 is the bar (RULES.md §9).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from nardy import Color, Step
from renderer.theme import CLASSIC, Theme


@dataclass(frozen=True, slots=True)
class Dice:
    """The roll of the side to move, or of `side` (a replay shows a turn's roll beside the board
    it left); `used` lists the die values already played this turn."""

    values: tuple[int, int]
    used: tuple[int, ...] = ()
    side: Color | None = None

    def __post_init__(self) -> None:
        if not all(1 <= d <= 6 for d in (*self.values, *self.used)):
            raise ValueError(f"dice are 1 to 6, got {self.values} with {self.used} used")


@dataclass(frozen=True, slots=True)
class Highlight:
    """Interaction marks in the side to move's own numbering; target 0 means bearing off and
    source 25 the bar (short nardy only: `compose` refuses it on a long board)."""

    movable: frozenset[int] = frozenset()
    selected: int | None = None
    targets: frozenset[int] = frozenset()

    def __post_init__(self) -> None:
        chosen = set() if self.selected is None else {self.selected}
        if not all(1 <= p <= 25 for p in self.movable | chosen) or not all(
            0 <= p <= 24 for p in self.targets
        ):
            raise ValueError(f"points are 1 to 24 (25 the bar, targets 0 for off), got {self}")

    @classmethod
    def from_steps(cls, steps: Iterable[Step], selected: int | None = None) -> Highlight:
        """Ring every source of `steps`; with a selected point, mark where its steps land."""
        steps = tuple(steps)
        targets = frozenset(s.dst for s in steps if s.src == selected)
        return cls(frozenset(s.src for s in steps), selected, targets)


@dataclass(frozen=True, slots=True)
class TurnMarks:
    """Steps to mark as played (from -> to), in `color`'s own numbering: the last turn or a
    partly played one; in short nardy `src` 25 is the bar, and `hits` (`Variant.hits`) says
    which steps hit, written with a `*` beside the mover's name."""

    color: Color
    steps: tuple[Step, ...]
    hits: tuple[bool, ...] = ()


@dataclass(frozen=True, slots=True)
class Banner:
    """The end-of-game panel: the winner (None for a draw) and three lines of text."""

    winner: Color | None
    title: str
    result: str = ""
    score: str = ""


@dataclass(frozen=True, slots=True)
class Texts:
    """Words for the strips, already translated; an empty text is not drawn."""

    pips: str = ""  # label in front of each pip count
    status: str = ""  # beside the name of the side to move, e.g. "to move" or "no moves"
    off: str = "off"  # a checker borne off, in the last turn's notation
    bar: str = "bar"  # a checker entering from the bar, in short nardy's notation


@dataclass(frozen=True, slots=True)
class CubeView:
    """Short nardy's doubling cube: its `value`, its owner (None: in the middle, shown as 64
    by custom while it is 1), and whether the side to move has `offered` a double (RULES.md
    §9): then the cube shows the doubled value on the opponent's half, waiting for an answer."""

    value: int = 1
    owner: Color | None = None
    offered: bool = False

    def __post_init__(self) -> None:
        if self.value < 1 or self.value & (self.value - 1):
            raise ValueError(f"a cube shows a power of two, got {self.value}")


@dataclass(frozen=True, slots=True)
class BoardView:
    """Everything but the position. `numbering` is whose own numbers label the points
    (None: the side to move); `bottom` is the side drawn at the bottom. The last turn is
    written in the numbering's numbers, as every text beside the picture is."""

    bottom: Color = Color.WHITE
    numbering: Color | None = None
    theme: Theme = CLASSIC
    names: tuple[str, str] = ("", "")  # indexed by Color
    texts: Texts = field(default_factory=Texts)
    dice: Dice | None = None
    highlight: Highlight = field(default_factory=Highlight)
    last_turn: TurnMarks | None = None
    banner: Banner | None = None
    cube: CubeView | None = None  # short nardy with the doubling cube only
    acting: Color | None = None  # the side the game waits for, marked (None: the side to move)
