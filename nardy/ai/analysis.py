"""A finished game reviewed by the Expert: every turn with a choice valued against the best turn
on the same roll, and every roll's luck.

The game's variant judges each turn (`Variant.judge_turn`: long nardy's `nardy.ai.judging`,
short nardy's `nardy.short.ai.judging`): its candidates are ranked 1-ply by the Expert's
evaluation; the best few within the Expert's own margin of the best, and the turn played, are
then valued 2-ply (each against the opponent's 21 replies), so the turn played and the best are
valued alike. A turn played that is the only one within the margin is the best, valued 1-ply.
The long Expert itself looks a ply deeper where the best two are close, so a turn it played can
lose a little here. Equity is in points of a single game, or, in a long-nardy match, in the
match's equity scaled as points (`valuation.Stakes`); short nardy's is cubeless money equity.
Each turn is classed by the equity it lost, on the scale of gnubg and lichess: doubtful from
0.04, a mistake from 0.08, a blunder from 0.16. Luck (`Variant.luck`) is the value of the
mover's best turn with the roll less its mean over the 36 rolls; the opening roll played as the
first turn (RULES.md §2 `play_opening_roll`), never a double, has none counted.

Short nardy's cube decisions are reviewed too (§9, money play, at the cube's present value, as
gnubg reports them): each double and its answer, and each chance to double not taken where
doubling was right or within `CLOSE` of right (gnubg's "close or actual" decisions), by the
cubeful equities its Expert doubles by (`Variant.judge_cube`). A double is valued as the
other side's best answer to it. They count with the turns in the error rate and the verdicts.
A match's cube decisions hang on its score, which short nardy's Expert does not weigh (it has
no match equity table), and a record does not say which game was the Crawford game: they are
not reviewed.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from nardy.ai.judgement import AnalysisError as AnalysisError  # the review raises it too
from nardy.ai.judgement import CubeJudgement
from nardy.color import Color
from nardy.cube import Cube
from nardy.rules import Opening
from nardy.steps import Step
from nardy.transcript import Transcript, VerificationError, unfold, verify
from nardy.variant import AnyPosition, AnyRules, Variant
from nardy.variants import board_variant, find_variant, variant_of


class Verdict(StrEnum):
    """How good a decision was, by the equity it lost against the best (`THRESHOLDS`)."""

    GOOD = "good"
    DOUBTFUL = "doubtful"
    MISTAKE = "mistake"
    BLUNDER = "blunder"


THRESHOLDS = ((0.16, Verdict.BLUNDER), (0.08, Verdict.MISTAKE), (0.04, Verdict.DOUBTFUL))
"""The least equity lost that makes each verdict, worst first (gnubg's and lichess's scale)."""


CUBE_TOLD = frozenset({Verdict.MISTAKE, Verdict.BLUNDER})
"""A review tells every cube decision of these classes, however many turns cost more."""

CLOSE = THRESHOLDS[-1][0]
"""A chance to double passed by is reviewed when not doubling was worth less than this above
doubling: doubling was right, or close to it."""


def verdict(lost: float) -> Verdict:
    """The class of a decision that lost `lost` equity against the best."""
    return next((v for least, v in THRESHOLDS if lost >= least), Verdict.GOOD)


class CubeAct(StrEnum):
    """What was done, or was best, at a cube decision (RULES.md §9)."""

    DOUBLE = "double"
    NO_DOUBLE = "no double"
    TAKE = "take"
    DROP = "drop"


class Decided:
    """A decision reviewed: the equities for the side deciding of what it did and of the best,
    the equity it gave away against the best (0 when it was the best) and its class."""

    __slots__ = ()
    played_equity: float
    best_equity: float

    @property
    def lost(self) -> float:
        return max(0.0, self.best_equity - self.played_equity)

    @property
    def verdict(self) -> Verdict:
        return verdict(self.lost)


@dataclass(frozen=True, slots=True)
class TurnReview(Decided):
    """One turn with a choice: what was played and what was best, with their equities for the
    mover (2-ply, or 1-ply when `plies` says so), and the roll's luck."""

    number: int  # the turn's number in the record, from 1
    color: Color
    position: AnyPosition  # before the turn, the mover on roll
    dice: tuple[int, int]
    played: tuple[Step, ...]
    best: tuple[Step, ...]
    played_equity: float
    best_equity: float
    plies: int


@dataclass(frozen=True, slots=True)
class CubeReview(Decided):
    """One cube decision: to double or not before a roll, or to take or drop a double, with
    the equities for the side deciding of what it did and of the best (`CubeAct`s), at the
    cube's value before the double."""

    number: int  # the turn whose roll the decision came before, from 1
    color: Color  # the side deciding: the doubler, or the side that answered
    position: AnyPosition  # the doubler on roll, before the roll
    value: int  # the cube's value before the double
    played: CubeAct
    best: CubeAct
    played_equity: float
    best_equity: float


Reviewed = TurnReview | CubeReview


@dataclass(frozen=True, slots=True)
class Review:
    """The whole game reviewed: its decisions, and each side's luck over all its rolls."""

    turns: tuple[TurnReview, ...]
    luck: tuple[float, float]  # summed over every roll, indexed by `Color`
    rolls: tuple[int, int]  # rolls each side made, indexed by `Color`
    cubes: tuple[CubeReview, ...] = ()  # in the order made

    def decisions(self, color: Color) -> tuple[Reviewed, ...]:
        """`color`'s decisions, turns and cube decisions, in the game's order."""
        every: list[Reviewed] = [*self.cubes, *self.turns]
        mine = [each for each in every if each.color is color]
        return tuple(sorted(mine, key=lambda each: (each.number, isinstance(each, TurnReview))))

    def error_rate(self, color: Color) -> float:
        """Mean equity lost per decision, ×1000 as gnubg reports it; 0 without decisions."""
        mine = self.decisions(color)
        return 1000.0 * sum(t.lost for t in mine) / len(mine) if mine else 0.0

    def counts(self, color: Color) -> dict[Verdict, int]:
        """How many of `color`'s decisions fell in each class."""
        found = {v: 0 for v in Verdict}
        for turn in self.decisions(color):
            found[turn.verdict] += 1
        return found

    def worst(self, color: Color, most: int = 3) -> tuple[Reviewed, ...]:
        """`color`'s costliest decisions that were not good, the costliest first."""
        bad = [t for t in self.decisions(color) if t.verdict is not Verdict.GOOD]
        return tuple(sorted(bad, key=lambda t: -t.lost)[:most])

    def told(self, color: Color, most: int = 3) -> tuple[Reviewed, ...]:
        """What a review tells of `color`: its `most` costliest decisions (`worst`) and every
        cube decision of a mistake or worse besides, the costliest first; a player doubles
        rarely, and costlier checker plays must not hide an error with the cube."""
        worst = self.worst(color, most)
        cube_errors = [
            c for c in self.cubes if c.color is color and c.verdict in CUBE_TOLD and c not in worst
        ]
        return tuple(sorted([*worst, *cube_errors], key=lambda t: -t.lost))


@dataclass(frozen=True, slots=True)
class Played:
    """A turn as the record has it: its roll and its steps."""

    dice: tuple[int, int]
    steps: tuple[Step, ...]


@dataclass(frozen=True, slots=True)
class CubeChance:
    """A chance to double before a roll (RULES.md §9) and what became of it: the cube as it
    was, whether the side on roll doubled, and whether the other side took."""

    cube: Cube
    doubled: bool
    taken: bool  # when doubled


@dataclass(frozen=True, slots=True)
class Decision:
    """What a record's side on roll did before and with one roll, as the review values it,
    apart from the rest of the game: a worker values any of them alone (`value`)."""

    number: int  # the turn's number in the record, from 1
    color: Color
    position: AnyPosition  # before the roll, the mover on roll
    turn: Played | None  # None: the game ended before the roll (a double dropped)
    rules: AnyRules
    away: tuple[int, int] | None  # in a match, the points the mover and the opponent need
    lucky: bool  # whether its roll's luck counts (not the opening roll played as turn 1)
    cube: CubeChance | None = None  # where the mover might have doubled before the roll


@dataclass(frozen=True, slots=True)
class Valued:
    """A `Decision` valued: the turn against the best (None without a choice), the cube
    decisions reviewed, and the roll's luck for the mover (0 where it does not count)."""

    color: Color
    turn: TurnReview | None
    luck: float
    lucky: bool
    cubes: tuple[CubeReview, ...] = ()


def analyse(record: Transcript, progress: Callable[[int, int], None] | None = None) -> Review:
    """Review a game record, checked first (`transcript.verify`: a tampered record
    is an `AnalysisError`); `progress(done, total)` is called after each of its turns. The same as
    `combine` of every `decisions` turn's `value`, which the bot spreads over its workers."""
    planned = decisions(record)
    valued = []
    for decision in planned:
        valued.append(value(decision))
        if progress is not None and decision.turn is not None:
            progress(decision.number, len(record.turns))
    return combine(valued)


def decisions(record: Transcript) -> list[Decision]:
    """Every turn of a record whose game the Expert reviews (`Variant.reviews`), checked first
    (a tampered one is an `AnalysisError`), each with the position it was played from, the
    mover's stakes and chance to double; a double dropped after the last turn ends the list."""
    variant = variant_of(record.rules)
    if not variant.reviews:
        raise AnalysisError(f"{variant.name} games cannot be analysed")
    try:
        verify(record)
        games = list(unfold(record))
    except VerificationError as exc:
        raise AnalysisError(f"the record does not check out: {exc}") from None
    rules = record.rules
    # The game before each turn's roll, and after the last turn (a double dropped there).
    before = [variant.placeholder(rules), *games[:-1]]
    doubles = {double.turn: double for double in record.doubles}
    opening_played = rules.opening is Opening.PLAY_OPENING_ROLL
    planned = []
    for number, game in enumerate(before, 1):
        double = doubles.get(number - 1)
        chance = (
            CubeChance(game.cube, double is not None, double is not None and double.taken)
            if record.match is None and number > 1 and game.may_double()  # §9: not turn 1
            else None
        )
        if number > len(record.turns):  # the game over after the last turn
            if chance is not None and chance.doubled:
                planned.append(
                    Decision(number, game.to_move, game.position, None, rules, None, False, chance)
                )
            break
        turn = record.turns[number - 1]
        lucky = number > 1 or not opening_played  # the opening's dice are never a double
        planned.append(
            Decision(
                number,
                turn.color,
                game.position,
                Played(turn.dice, turn.steps),
                rules,
                _away(record, turn.color),
                lucky,
                chance,
            )
        )
    return planned


def value(decision: Decision) -> Valued:
    """One turn valued against the best on its roll, with its roll's luck, and the cube
    decisions before it."""
    d = decision
    variant = variant_of(d.rules)
    cubes = () if d.cube is None else _cube_reviews(d, variant.judge_cube(d.position, d.cube.cube))
    if d.turn is None:
        return Valued(d.color, None, 0.0, False, cubes)
    dice, steps = d.turn.dice, d.turn.steps
    luck_of = variant.luck(d.position, dice, d.rules, d.away) if d.lucky else 0.0
    judged = variant.judge_turn(d.position, dice, steps, d.rules, d.away)
    turn = (
        None
        if judged is None
        else TurnReview(
            d.number,
            d.color,
            d.position,
            dice,
            steps,
            judged.best,
            judged.played_equity,
            judged.best_equity,
            judged.plies,
        )
    )
    return Valued(d.color, turn, luck_of, d.lucky, cubes)


def _cube_reviews(decision: Decision, judged: CubeJudgement) -> tuple[CubeReview, ...]:
    """The doubler's decision (when it doubled, or doubling was right or close) and the
    answer to its double, valued by `judged`, the doubler's cubeful equities."""
    d, chance = decision, decision.cube
    assert chance is not None
    value = chance.cube.value

    def review(
        color: Color, equity: dict[CubeAct, float], played: CubeAct, best: CubeAct
    ) -> CubeReview:
        return CubeReview(
            d.number, color, d.position, value, played, best, equity[played], equity[best]
        )

    found = []
    if chance.doubled or judged.no_double - judged.doubling < CLOSE:
        doubler = {CubeAct.NO_DOUBLE: judged.no_double, CubeAct.DOUBLE: judged.doubling}
        played = CubeAct.DOUBLE if chance.doubled else CubeAct.NO_DOUBLE
        best = CubeAct.DOUBLE if judged.double else CubeAct.NO_DOUBLE
        found.append(review(d.color, doubler, played, best))
    if chance.doubled:  # the taker's equities are the doubler's, negated
        taker = {CubeAct.TAKE: -judged.double_take, CubeAct.DROP: -judged.double_pass}
        played = CubeAct.TAKE if chance.taken else CubeAct.DROP
        best = CubeAct.TAKE if judged.take else CubeAct.DROP
        found.append(review(d.color.opponent, taker, played, best))
    return tuple(found)


def value_all(decisions: Sequence[Decision]) -> list[Valued]:
    """`value` of each of `decisions`, in order: a worker's share of a review."""
    return [value(decision) for decision in decisions]


def combine(valued: Sequence[Valued]) -> Review:
    """The review of a game from each of its turns valued (`value`), in order."""
    luck_sum, rolls = [0.0, 0.0], [0, 0]
    for each in valued:
        if each.lucky:
            luck_sum[each.color] += each.luck
            rolls[each.color] += 1
    turns = tuple(each.turn for each in valued if each.turn is not None)
    cubes = tuple(cube for each in valued for cube in each.cubes)
    return Review(turns, (luck_sum[0], luck_sum[1]), (rolls[0], rolls[1]), cubes)


REVIEW_FORMAT = 3
"""The version of `review_to_json`'s form: a review kept in another is made again."""


def review_to_json(review: Review) -> str:
    """`review` as one line of JSON, to keep with its record (`review_from_json` reads it):
    about 120 bytes a decision, each position in its game's compact text form."""
    variant = variant_of_review(review)
    turns = [
        [
            t.number,
            variant.position_to_text(t.position),
            list(t.dice),
            [[s.src, s.die] for s in t.played],
            [[s.src, s.die] for s in t.best],
            t.played_equity,
            t.best_equity,
            t.plies,
        ]
        for t in review.turns
    ]
    cubes = [
        [
            c.number,
            int(c.color),
            variant.position_to_text(c.position),
            c.value,
            c.played.value,
            c.best.value,
            c.played_equity,
            c.best_equity,
        ]
        for c in review.cubes
    ]
    data = {
        "v": REVIEW_FORMAT,
        "variant": variant.key,
        "turns": turns,
        "cubes": cubes,
        "luck": review.luck,
        "rolls": review.rolls,
    }
    return json.dumps(data, separators=(",", ":"))


def variant_of_review(review: Review) -> Variant:
    """The game a review's positions are of (long nardy's for a review without decisions)."""
    decided: list[Reviewed] = [*review.turns, *review.cubes]
    return board_variant(decided[0].position) if decided else find_variant("long")


def review_from_json(text: str) -> Review:
    """The review `review_to_json` wrote; anything else (another version of it included) is an
    `AnalysisError`."""
    try:
        data = json.loads(text)
        if data["v"] != REVIEW_FORMAT:
            raise ValueError(f"version {data['v']}, not {REVIEW_FORMAT}")
        variant = find_variant(data["variant"])
        turns = []
        for number, position, dice, played, best, played_equity, best_equity, plies in data[
            "turns"
        ]:
            at = variant.position_from_text(position)
            step = variant.step
            turns.append(
                TurnReview(
                    int(number),
                    at.to_move,
                    at,
                    (int(dice[0]), int(dice[1])),
                    tuple(step(int(src), int(die)) for src, die in played),
                    tuple(step(int(src), int(die)) for src, die in best),
                    float(played_equity),
                    float(best_equity),
                    int(plies),
                )
            )
        cubes = [
            CubeReview(
                int(number),
                Color(color),
                variant.position_from_text(position),
                int(value),
                CubeAct(played),
                CubeAct(best),
                float(played_equity),
                float(best_equity),
            )
            for number, color, position, value, played, best, played_equity, best_equity in data[
                "cubes"
            ]
        ]
        luck, rolls = data["luck"], data["rolls"]
        return Review(
            tuple(turns),
            (float(luck[0]), float(luck[1])),
            (int(rolls[0]), int(rolls[1])),
            tuple(cubes),
        )
    except (ValueError, TypeError, KeyError, IndexError) as exc:
        raise AnalysisError(f"not a review: {exc}") from None


def _away(record: Transcript, mover: Color) -> tuple[int, int] | None:
    """How many points the mover and the opponent still need in the record's match; None in a
    single game."""
    if record.match is None:
        return None
    length, score = record.rules.match_length, record.match.score
    return length - score[mover], length - score[mover.opponent]
