"""What a game the core plays is, as one interface (python-chess's variants): how it starts, is
stored, writes and reads a turn, scores a resignation, numbers its points and which bot levels
play it. Long nardy (`nardy.long_variant`) and short nardy (`nardy.short.variant`, RULES.md §9)
implement it; `nardy.variants` finds them, so records, the renderer and the bot never ask which
game they hold.

A variant owns a rules type (`rules_type`): the type of a game's rules says its variant. The
game, rules and position types of the games there are are unions here (`AnyGame`, `AnyRules`,
`AnyPosition`): a game built on another's types (as a long nardy with another start) needs
nothing more, one with types of its own adds them to these unions. The AI is imported only
when a level is asked for, keeping the core free of numpy.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from nardy.color import Color
from nardy.cube import Cube, CubeError
from nardy.dice import DiceSource
from nardy.game import Game as LongGame
from nardy.game import OpeningRoll
from nardy.position import Position as LongPosition
from nardy.rules import Rules
from nardy.scoring import ResultKind
from nardy.short.game import Game as ShortGame
from nardy.short.position import Position as ShortPosition
from nardy.short.rules import ShortRules
from nardy.steps import Step

if TYPE_CHECKING:
    from nardy.ai import Hint
    from nardy.ai.judgement import CubeJudgement, Judgement
    from nardy.ai.levels import Level

AnyGame = LongGame | ShortGame
AnyRules = Rules | ShortRules
AnyPosition = LongPosition | ShortPosition

T = TypeVar("T")
P = TypeVar("P", bound=AnyPosition)
R = TypeVar("R", bound=AnyRules)
Away = tuple[int, int] | None  # the points each side still needs in a match, the mover's first


def own(value: object, kind: type[T]) -> T:
    """`value`, which a variant's method was handed, as its own game's `kind` (its game,
    options or position); `TypeError` for another game's."""
    if not isinstance(value, kind):
        raise TypeError(f"{type(value).__module__}.{type(value).__name__} is not {kind}")
    return value


@dataclass(frozen=True)
class Expert(Generic[P, R]):
    """A variant's Expert analysis (`Variant.expert`): its functions on the variant's own
    position and options types, against which `Variant.hint`, `judge_turn` and `luck` check
    what they are handed."""

    position: type[P]
    rules: type[R]
    hint: Callable[[P, tuple[int, int], R, Away], Hint]
    judge_turn: Callable[[P, tuple[int, int], tuple[Step, ...], R, Away], Judgement | None]
    luck: Callable[[P, tuple[int, int], R, Away], float]
    judge_cube: Callable[[P, Cube], CubeJudgement] | None = None  # None: a game with no cube


class Variant(ABC):
    """One game: its name, its options' type and everything that differs between games."""

    key: ClassVar[str]  # what records, buttons and statistics carry: "long", "short"
    name: ClassVar[str]  # in English, for a person: "Long nardy"
    rules_type: ClassVar[type[Rules] | type[ShortRules]]
    step: ClassVar[type[Step]]  # the class of its steps, which `parse_turn` gives
    facing: ClassVar[bool]  # the sides move towards each other and share a bar (§9)
    hints: ClassVar[bool]  # whether the strongest level hints a player's turn (`hint`)
    reviews: ClassVar[bool]  # whether the Expert reviews its finished games (`nardy.ai.analysis`)

    def __repr__(self) -> str:
        return f"<variant {self.key}>"

    def owns(self, rules: AnyRules) -> bool:
        """Whether `rules` are this variant's options (their exact type: a variant built on
        another's options has a type of its own)."""
        return type(rules) is self.rules_type

    @abstractmethod
    def rules_from(self, house: Rules, cube: bool) -> AnyRules:
        """This variant's options from a player's house rules (which are long nardy's) and
        whether the doubling cube is wanted where the variant has one."""

    @abstractmethod
    def new_game(
        self, rules: AnyRules, dice: DiceSource, crawford: bool = False
    ) -> tuple[OpeningRoll, AnyGame]:
        """The opening roll (§2) and the game ready for White's first turn; `crawford`: a
        match's Crawford game, played without the cube (§9)."""

    @abstractmethod
    def placeholder(self, rules: AnyRules) -> AnyGame:
        """A game not begun under `rules`: the start position, no roll yet."""

    @abstractmethod
    def start(self) -> AnyPosition:
        """The position a game starts from (§1, §9)."""

    @abstractmethod
    def reads_game(self, text: str) -> bool:
        """Whether a stored game record (`game_to_text`) is this variant's."""

    @abstractmethod
    def game_to_text(self, game: AnyGame) -> str:
        """The stored record of `game`; `game_from_text` reads it back equal."""

    @abstractmethod
    def game_from_text(self, text: str) -> AnyGame:
        """Read a record of this variant; anything else raises `RecordError`."""

    @abstractmethod
    def reads_rules(self, text: str) -> bool:
        """Whether options in a few letters (`rules_to_text`) are this variant's."""

    @abstractmethod
    def rules_to_text(self, rules: AnyRules) -> str:
        """Options in a few letters, for storage and a button's data."""

    @abstractmethod
    def rules_from_text(self, text: str) -> AnyRules:
        """Read `rules_to_text`'s letters back; anything else raises `RecordError`."""

    def rules_from_dict(self, data: dict[str, object]) -> AnyRules:
        """The §11 options object (without its `variant` key) read into this variant's type;
        `RulesError` names what is wrong."""
        return self.rules_type.from_dict(data)

    @abstractmethod
    def position_to_text(self, position: AnyPosition) -> str:
        """A position in one line of text; `position_from_text` reads it back equal."""

    @abstractmethod
    def position_from_text(self, text: str) -> AnyPosition:
        """Read `position_to_text`'s line back; anything else raises a `ValueError`."""

    @abstractmethod
    def moved(self, position: AnyPosition, steps: Sequence[Step]) -> AnyPosition:
        """`position` with the side to move's `steps` made, unchecked: a turn drawn."""

    @abstractmethod
    def turn_text(self, position: AnyPosition, steps: Sequence[Step]) -> str:
        """`steps`, played from `position`, in the variant's notation (§10; §9's `bar/22` and
        `13/7*`)."""

    @abstractmethod
    def turn_text_for(
        self,
        steps: Sequence[Step],
        mover: Color,
        reader: Color,
        off: str,
        bar: str,
        hits: Sequence[bool] = (),
    ) -> str:
        """`mover`'s steps in `reader`'s own point numbers, `off` and `bar` named in the
        reader's language (§1: the opponent's points are numbered the other way), each step
        that `hits` (`Variant.hits`) marked where the game marks hits (§9's `13/7*`)."""

    def hits(self, position: AnyPosition, steps: Sequence[Step]) -> tuple[bool, ...]:
        """For each of the side to move's `steps` from `position`, whether it hits (§9); empty
        in a game without hitting."""
        return ()

    def last_hits(self, game: AnyGame) -> tuple[bool, ...]:
        """`hits` of the last turn in `game`'s history, which the game keeps (the position
        before it is gone); empty in a game without hitting."""
        return ()

    @abstractmethod
    def parse_turn(self, text: str, dice: Sequence[int] | None = None) -> tuple[Step, ...]:
        """Read a turn's notation, with its roll where known (a bear-off then gets its die);
        `NotationError` for anything else."""

    @abstractmethod
    def loss_value(self, game: AnyGame, loser: Color) -> tuple[ResultKind, int]:
        """What resigning now would cost `loser`, before the cube (§7, §9)."""

    @abstractmethod
    def to_absolute(self, color: Color, own: int) -> int:
        """The absolute (White's) number of `color`'s own point 1..24; the map is its own
        inverse, so it also turns an absolute point into `color`'s own number."""

    @abstractmethod
    def levels(self) -> tuple[Level, ...]:
        """The bot's levels for this game, weakest first."""

    @abstractmethod
    def choose_turn(
        self,
        position: AnyPosition,
        dice: tuple[int, int],
        rules: AnyRules,
        level: Level,
        seed: int,
        away: tuple[int, int] | None,
    ) -> tuple[Step, ...]:
        """The bot's turn at `level` (pure; run it off the event loop); `away`: the points
        each side still needs in a match, the side to move's first."""

    def expert(self) -> Expert[Any, Any] | None:
        """The Expert's analysis that `hint`, `judge_turn` and `luck` call, imported only when
        asked for (the AI needs numpy; the core does not); None where the variant has none."""
        return None

    def _expert(self, missing: str) -> Expert[Any, Any]:
        if (expert := self.expert()) is None:
            raise ValueError(f"{self.name} {missing}")
        return expert

    def hint(
        self,
        position: AnyPosition,
        dice: tuple[int, int],
        rules: AnyRules,
        away: tuple[int, int] | None,
    ) -> Hint:
        """The strongest level's best turn and the next two, for a player on roll; only where
        `hints` says the variant gives them."""
        expert = self._expert("gives no hints")
        return expert.hint(own(position, expert.position), dice, own(rules, expert.rules), away)

    def judge_turn(
        self,
        position: AnyPosition,
        dice: tuple[int, int],
        steps: tuple[Step, ...],
        rules: AnyRules,
        away: tuple[int, int] | None,
    ) -> Judgement | None:
        """The turn `steps` against the Expert's best with `dice`, for a review
        (`nardy.ai.analysis`); None when the roll left no choice. Only where `reviews` says
        the variant is reviewed."""
        expert = self._expert("games are not reviewed")
        position, rules = own(position, expert.position), own(rules, expert.rules)
        return expert.judge_turn(position, dice, steps, rules, away)

    def luck(
        self,
        position: AnyPosition,
        dice: tuple[int, int],
        rules: AnyRules,
        away: tuple[int, int] | None,
    ) -> float:
        """How much better `dice` leave the mover than his 36 rolls do on average, by the
        Expert's 1-ply evaluation; only where `reviews` says the variant is reviewed."""
        expert = self._expert("games are not reviewed")
        return expert.luck(own(position, expert.position), dice, own(rules, expert.rules), away)

    def judge_cube(self, position: AnyPosition, cube: Cube) -> CubeJudgement:
        """The cube decision of the side on roll in `position` with `cube`, for a review
        (money play); only where the variant has a cube and `reviews` its games."""
        expert = self._expert("games are not reviewed")
        if expert.judge_cube is None:
            raise CubeError(f"{self.name} is played without the doubling cube")
        return expert.judge_cube(own(position, expert.position), cube)

    def wants_double(self, game: AnyGame, level: Level) -> bool:
        """Whether the bot at `level` doubles now; never in a game without the cube."""
        return False

    def takes(self, game: AnyGame, level: Level) -> bool:
        """Whether the bot at `level` takes the double offered to it."""
        raise CubeError(f"{self.name} is played without the doubling cube")
