"""A toy third game, made the way a new variant is added: this one module and a `register`
line. It is long nardy begun from another position — each side's checkers split between its
head and its own point 19 — with options of its own type and records that name it."""

from __future__ import annotations

from dataclasses import dataclass, replace

from nardy import record
from nardy.color import Color, to_absolute
from nardy.dice import DiceSource
from nardy.game import Game, OpeningRoll, roll_opening
from nardy.long_variant import LongVariant
from nardy.position import HEAD, Position
from nardy.record import RecordError
from nardy.rules import Rules
from nardy.variant import AnyGame, AnyRules

MARK = "T"  # before its options' letters and its game records


@dataclass(frozen=True, slots=True)
class SplitRules(Rules):
    """Long nardy's options, for the split start."""


def _split_start() -> Position:
    """Ten checkers on each side's head, five on its own point 19, White to move."""
    points = [0] * 24
    for color in Color:
        for own, count in ((HEAD, 10), (19, 5)):
            points[to_absolute(color, own) - 1] = color.sign * count
    return Position(tuple(points))


class SplitVariant(LongVariant):
    """Long nardy's rules from the split start."""

    key = "split"
    name = "Split nardy"
    rules_type = SplitRules
    hints = False

    def rules_from(self, house: Rules, cube: bool) -> SplitRules:
        return SplitRules(**house.to_dict())

    def new_game(
        self, rules: AnyRules, dice: DiceSource, crawford: bool = False
    ) -> tuple[OpeningRoll, AnyGame]:
        opening = roll_opening(dice, rules)
        return opening, self.placeholder(rules).with_roll(opening.first_dice)

    def placeholder(self, rules: AnyRules) -> AnyGame:
        assert isinstance(rules, SplitRules)
        return Game(rules, self.start())

    def start(self) -> Position:
        return _split_start()

    def reads_game(self, text: str) -> bool:
        return text.startswith(MARK + record.VERSION)

    def game_to_text(self, game: AnyGame) -> str:
        assert isinstance(game, Game)  # long nardy's record, its options long nardy's
        return MARK + record.game_to_text(replace(game, rules=Rules(**game.rules.to_dict())))

    def game_from_text(self, text: str) -> AnyGame:
        long = record.game_from_text(text.removeprefix(MARK))
        return replace(long, rules=SplitRules(**long.rules.to_dict()))

    def reads_rules(self, text: str) -> bool:
        return text.startswith(MARK)

    def rules_to_text(self, rules: AnyRules) -> str:
        return MARK + record.rules_to_text(Rules(**rules.to_dict()))

    def rules_from_text(self, text: str) -> AnyRules:
        if not self.reads_rules(text):
            raise RecordError(f"bad split rules code {text!r}")
        return SplitRules(**record.rules_from_text(text[1:]).to_dict())


SPLIT = SplitVariant()
