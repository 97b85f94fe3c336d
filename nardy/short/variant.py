"""Short nardy (backgammon, RULES.md §9) as a `nardy.variant.Variant`: the sides move towards
each other, hit, enter from a shared bar, and may play with the doubling cube."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from nardy.color import Color
from nardy.dice import DiceSource
from nardy.game import OpeningRoll
from nardy.rules import Rules
from nardy.scoring import ResultKind
from nardy.short import notation, record
from nardy.short.game import Game, new_game
from nardy.short.movegen import move
from nardy.short.notation import Step as ShortStep
from nardy.short.position import Position
from nardy.short.position import to_absolute as short_absolute
from nardy.short.rules import ShortRules
from nardy.short.scoring import loss_value
from nardy.steps import Step
from nardy.variant import AnyGame, AnyPosition, AnyRules, Expert, Variant, own

if TYPE_CHECKING:
    from nardy.ai.levels import Level


class ShortVariant(Variant):
    """Short nardy: backgammon's board, notation, scoring and cube (§9)."""

    key = "short"
    name = "Short nardy"
    rules_type = ShortRules
    step = ShortStep
    facing = True
    hints = True
    reviews = True

    def rules_from(self, house: Rules, cube: bool) -> ShortRules:
        # §9 keeps the higher-die rule; the rest of the house rules are long nardy's alone,
        # the opening too: short nardy's has a default of its own (a setting of its own,
        # `bot.settings`, sets it).
        return ShortRules(
            higher_die_rule=house.higher_die_rule, cube=cube, match_length=house.match_length
        )

    def new_game(
        self, rules: AnyRules, dice: DiceSource, crawford: bool = False
    ) -> tuple[OpeningRoll, AnyGame]:
        return new_game(own(rules, ShortRules), dice, crawford)

    def placeholder(self, rules: AnyRules) -> AnyGame:
        return Game(own(rules, ShortRules))

    def start(self) -> Position:
        return Position.start()

    def reads_game(self, text: str) -> bool:
        return record.is_short_game(text)

    def game_to_text(self, game: AnyGame) -> str:
        return record.game_to_text(own(game, Game))

    def game_from_text(self, text: str) -> AnyGame:
        return record.game_from_text(text)

    def reads_rules(self, text: str) -> bool:
        return record.is_short_rules(text)

    def rules_to_text(self, rules: AnyRules) -> str:
        return record.rules_to_text(own(rules, ShortRules))

    def rules_from_text(self, text: str) -> AnyRules:
        return record.rules_from_text(text)

    def position_to_text(self, position: AnyPosition) -> str:
        return record.position_to_text(own(position, Position))

    def position_from_text(self, text: str) -> AnyPosition:
        return record.position_from_text(text)

    def moved(self, position: AnyPosition, steps: Sequence[Step]) -> AnyPosition:
        return move(own(position, Position), steps)

    def turn_text(self, position: AnyPosition, steps: Sequence[Step]) -> str:
        return notation.format_turn(own(position, Position), steps)

    def turn_text_for(
        self,
        played: Sequence[Step],
        mover: Color,
        reader: Color,
        off: str,
        bar: str,
        hits: Sequence[bool] = (),
    ) -> str:
        return notation.format_turn_for(played, mover, reader, off, bar, hits)

    def hits(self, position: AnyPosition, steps: Sequence[Step]) -> tuple[bool, ...]:
        return notation.hits(own(position, Position), steps)

    def last_hits(self, game: AnyGame) -> tuple[bool, ...]:
        return own(game, Game).last_hits

    def parse_turn(self, text: str, dice: Sequence[int] | None = None) -> tuple[Step, ...]:
        return notation.parse_turn(text, dice)

    def loss_value(self, game: AnyGame, loser: Color) -> tuple[ResultKind, int]:
        return loss_value(own(game, Game).position, loser)

    def to_absolute(self, color: Color, own: int) -> int:
        return short_absolute(color, own)

    def levels(self) -> tuple[Level, ...]:
        from nardy.short.ai import SHORT_LEVELS  # the AI needs numpy; the core does not

        return SHORT_LEVELS

    def choose_turn(
        self,
        position: AnyPosition,
        dice: tuple[int, int],
        rules: AnyRules,
        level: Level,
        seed: int,
        away: tuple[int, int] | None,
    ) -> tuple[Step, ...]:
        from nardy.short.ai import choose_turn  # plays every game of a match alike

        return choose_turn(own(position, Position), dice, own(rules, ShortRules), level, seed)

    def expert(self) -> Expert[Position, ShortRules]:
        from nardy.short.ai import hint
        from nardy.short.ai.judging import judge_cube, judge_turn, luck

        return Expert(  # money play, as the Expert plays: a match's score does not change it
            Position,
            ShortRules,
            lambda position, dice, rules, away: hint(position, dice, rules),
            lambda position, dice, steps, rules, away: judge_turn(position, dice, steps, rules),
            lambda position, dice, rules, away: luck(position, dice, rules),
            judge_cube,
        )

    def wants_double(self, game: AnyGame, level: Level) -> bool:
        from nardy.short.ai import wants_double

        return wants_double(own(game, Game), level)

    def takes(self, game: AnyGame, level: Level) -> bool:
        from nardy.short.ai import takes

        return takes(own(game, Game), level)


SHORT = ShortVariant()
