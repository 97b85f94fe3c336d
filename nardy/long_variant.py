"""Long nardy as a `nardy.variant.Variant`: the game of RULES.md §1–8, without a cube."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from nardy import record, scoring, steps
from nardy.color import Color
from nardy.color import to_absolute as long_absolute
from nardy.dice import DiceSource
from nardy.game import Game, OpeningRoll, new_game
from nardy.interchange import position_from_text, position_to_text
from nardy.movegen import move
from nardy.position import Position
from nardy.rules import Rules
from nardy.scoring import ResultKind
from nardy.steps import Step
from nardy.variant import AnyGame, AnyPosition, AnyRules, Expert, Variant, own

if TYPE_CHECKING:
    from nardy.ai.levels import Level


class LongVariant(Variant):
    """Long nardy: both sides move counter-clockwise from their heads; no bar, no cube."""

    key = "long"
    name = "Long nardy"
    rules_type = Rules
    step = Step
    facing = False
    hints = True
    reviews = True

    def rules_from(self, house: Rules, cube: bool) -> Rules:
        return house

    def new_game(
        self, rules: AnyRules, dice: DiceSource, crawford: bool = False
    ) -> tuple[OpeningRoll, AnyGame]:
        return new_game(own(rules, Rules), dice)

    def placeholder(self, rules: AnyRules) -> AnyGame:
        return Game(own(rules, Rules), self.start())

    def start(self) -> Position:
        return Position.start()

    def reads_game(self, text: str) -> bool:
        return text.startswith(f"{record.VERSION}|")

    def game_to_text(self, game: AnyGame) -> str:
        return record.game_to_text(own(game, Game))

    def game_from_text(self, text: str) -> AnyGame:
        return record.game_from_text(text)

    def reads_rules(self, text: str) -> bool:
        return record.is_long_rules(text)

    def rules_to_text(self, rules: AnyRules) -> str:
        return record.rules_to_text(own(rules, Rules))

    def rules_from_text(self, text: str) -> AnyRules:
        return record.rules_from_text(text)

    def turn_text(self, position: AnyPosition, steps: Sequence[Step]) -> str:
        return " ".join(str(step) for step in steps)

    def turn_text_for(
        self,
        played: Sequence[Step],
        mover: Color,
        reader: Color,
        off: str,
        bar: str,
        hits: Sequence[bool] = (),
    ) -> str:
        return steps.format_turn_for(played, mover, reader, off)  # no hits in long nardy (§1)

    def parse_turn(self, text: str, dice: Sequence[int] | None = None) -> tuple[Step, ...]:
        return steps.parse_turn(text, dice)

    def position_to_text(self, position: AnyPosition) -> str:
        return position_to_text(own(position, Position))

    def position_from_text(self, text: str) -> AnyPosition:
        return position_from_text(text)

    def moved(self, position: AnyPosition, steps: Sequence[Step]) -> AnyPosition:
        return move(own(position, Position), steps)

    def loss_value(self, game: AnyGame, loser: Color) -> tuple[ResultKind, int]:
        long = own(game, Game)
        return scoring.loss_value(long.position, loser, long.rules)

    def to_absolute(self, color: Color, own: int) -> int:
        return long_absolute(color, own)

    def levels(self) -> tuple[Level, ...]:
        from nardy.ai import AVAILABLE_LEVELS  # the AI needs numpy; the core does not

        return AVAILABLE_LEVELS

    def choose_turn(
        self,
        position: AnyPosition,
        dice: tuple[int, int],
        rules: AnyRules,
        level: Level,
        seed: int,
        away: tuple[int, int] | None,
    ) -> tuple[Step, ...]:
        from nardy.ai import choose_turn

        return choose_turn(own(position, Position), dice, own(rules, Rules), level, seed, away)

    def expert(self) -> Expert[Position, Rules]:
        from nardy.ai import hint
        from nardy.ai.judging import judge_turn
        from nardy.ai.luck import luck

        return Expert(
            Position,
            Rules,
            lambda position, dice, rules, away: hint(position, dice, rules, away=away),
            judge_turn,
            luck,
        )


LONG = LongVariant()
