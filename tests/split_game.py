"""A toy third game, made the way a new game is added: this one module and its registry line
(`registered`). It is long nardy begun from another position — each side's checkers split
between its head and its own point 19 — with options of its own type, records that name it,
and the bot's words for it (in English: a new game's translations come later)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace

from bot.i18n import Texts
from bot.ui.games import GameWords, forget_words, learn_words
from nardy import record
from nardy.color import Color, to_absolute
from nardy.dice import DiceSource
from nardy.game import Game, OpeningRoll, roll_opening
from nardy.long_variant import LongVariant
from nardy.position import HEAD, Position
from nardy.record import RecordError
from nardy.rules import Rules
from nardy.scoring import ResultKind
from nardy.variant import AnyGame, AnyRules
from nardy.variants import register, unregister

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
    reviews = False

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


def _a_match(texts: Texts, n: int) -> str:
    return texts.ngettext(
        "Split nardy: a match to {n} point", "Split nardy: a match to {n} points", n
    )


WORDS = GameWords(
    button="Split",
    title="Split nardy",
    about="Split nardy: {what}",
    one_game="Split nardy: one game",
    a_match=_a_match,
    results={
        ResultKind.OYN: "oyn",
        ResultKind.MARS: "mars",
        ResultKind.KOKS: "koks",
        ResultKind.HOME_MARS: "home mars",
        ResultKind.DRAW: "draw",
    },
    big_wins=("mars given {given}, taken {taken}", "koks given {given}, taken {taken}"),
    offer="{name} offers a game of split nardy to anyone here.",
    challenge="{name} challenges {invited} to a game of split nardy.",
    invite="{name} invites you to a game of split nardy.",
    rating=(
        "Split nardy rating {rating} ± {deviation}.",
        "Split nardy rating {rating} ± {deviation}, provisional.",
    ),
    best=("<b>Best players of split nardy</b>", "<b>Best players of split nardy in this group</b>"),
    no_games=("No rated games of split nardy yet.", "No rated games of split nardy here yet."),
    no_rating="You have no rating in split nardy yet.",
)


@contextmanager
def registered() -> Iterator[SplitVariant]:
    """The split game among the games there are, with its words, while the block runs."""
    register(SPLIT)
    learn_words(SPLIT, WORDS)
    try:
        yield SPLIT
    finally:
        forget_words(SPLIT)
        unregister(SPLIT)
