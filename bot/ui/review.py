"""How the Expert's review of a finished game reads (`nardy.ai.analysis`): each side's error
rate, its decisions by class and its luck, then each side's worst decisions and its cube errors,
the move (or cube action) played against the best with the equity lost; and the costliest turns
as pictures, the board as played above the board as best played."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from babel.numbers import format_decimal

from bot.i18n import N_, Texts
from bot.service.records import person_against_bot
from bot.ui.records import player_label
from bot.ui.screens import base_view
from nardy import Color, Step
from nardy.ai.analysis import CubeAct, CubeReview, Review, Reviewed, TurnReview, Verdict
from nardy.steps import format_dice
from nardy.transcript import Transcript
from nardy.variant import Variant
from nardy.variants import variant_of
from renderer import BoardView, Dice, Theme, TurnMarks
from renderer.compare import Panel, compare

VERDICTS = {
    Verdict.DOUBTFUL: N_("doubtful"),
    Verdict.MISTAKE: N_("a mistake"),
    Verdict.BLUNDER: N_("a blunder"),
}
CUBE_ACTS = {
    CubeAct.DOUBLE: N_("double"),
    CubeAct.NO_DOUBLE: N_("no double"),
    CubeAct.TAKE: N_("take"),
    CubeAct.DROP: N_("drop"),
}
PICTURED = 3  # the costliest turns shown as pictures
SIGNED = "+0.000;-0.000"  # an equity, its sign always written
HEADINGS = (N_("Played {move}: equity {equity}"), N_("Best {move}: equity {equity}"))


def reviewing_text(texts: Texts, record: Transcript) -> str:
    """What the review's message says while the Expert works."""
    return texts.ngettext(
        "🔍 The Expert is going over the game's {n} turn…",
        "🔍 The Expert is going over the game's {n} turns…",
        len(record.turns),
    )


def reviewing_progress(texts: Texts, done: int, total: int) -> str:
    """What the review's message says once `done` of the game's `total` turns are valued."""
    return texts.ngettext(
        "🔍 The Expert is going over the game: {done} of its {n} turn valued…",
        "🔍 The Expert is going over the game: {done} of its {n} turns valued…",
        total,
        done=done,
    )


def review_text(texts: Texts, record: Transcript, review: Review) -> str:
    """The review, in the reader's language."""
    lines = [texts.gettext("🔍 The Expert's analysis of the game"), ""]
    for color in Color:
        lines.append(_side(texts, record, review, color))
    told = [turn for color in Color for turn in review.told(color)]
    if told:
        lines += ["", texts.gettext("The costliest decisions:")]
        lines += [_turn(texts, record, turn) for turn in told]
    else:
        lines += [
            "",
            texts.gettext("No decision lost as much as 0.04: a clean game on both sides."),
        ]
    lines += [
        "",
        texts.gettext(
            "The error rate is the equity lost per decision, ×1000. A decision is doubtful from"
            " 0.04 lost, a mistake from 0.08, a blunder from 0.16. Luck: how much better the"
            " rolls were than average."
        ),
    ]
    return "\n".join(lines)


def pictured_turns(record: Transcript, review: Review) -> tuple[TurnReview, ...]:
    """The costliest turns (at most `PICTURED`) of the people in the game, the costliest first:
    a game against the bot is a lesson for its player alone."""
    person = person_against_bot(record.players)
    people = list(Color) if person is None else [person]
    costly = [
        turn
        for color in people
        for turn in review.worst(color, len(review.decisions(color)))
        if isinstance(turn, TurnReview)  # a cube decision is told in the text alone
    ]
    return tuple(sorted(costly, key=lambda turn: -turn.lost)[:PICTURED])


def turn_captions(texts: Texts, record: Transcript, turns: Sequence[TurnReview]) -> list[str]:
    """Each picture's caption, as the review's text lists its turn."""
    return [_turn(texts, record, turn) for turn in turns]


def turn_pictures(
    texts: Texts, record: Transcript, turns: Sequence[TurnReview], theme: Theme
) -> list[bytes]:
    """The pictures of `turns` (`pictured_turns`), as JPEG: the board as each turn was played
    above the board as it was best played, each with its move and its equity, from the
    mover's side. CPU work: under 10 ms a picture."""
    names = (player_label(texts, record.players[0]), player_label(texts, record.players[1]))
    variant = variant_of(record.rules)
    pictures = []
    for turn in turns:
        base = replace(base_view(texts, turn.color, names), theme=theme)
        shown = ((turn.played, turn.played_equity), (turn.best, turn.best_equity))
        panels = [
            _panel(
                variant,
                base,
                turn,
                steps,
                texts.gettext(
                    heading,
                    move=_notation(texts, record, turn, steps),
                    equity=_number(texts, equity, SIGNED),
                ),
            )
            for heading, (steps, equity) in zip(HEADINGS, shown, strict=True)
        ]
        pictures.append(compare(panels))
    return pictures


def _panel(
    variant: Variant, base: BoardView, turn: TurnReview, steps: tuple[Step, ...], heading: str
) -> Panel:
    """The board after `steps` with the turn's roll, all played, and the steps marked."""
    dice = Dice(turn.dice, tuple(step.die for step in steps))
    marks = TurnMarks(turn.color, steps, variant.hits(turn.position, steps))
    view = replace(base, dice=dice, last_turn=marks)
    return Panel(heading, variant.moved(turn.position, steps), view)


def _side(texts: Texts, record: Transcript, review: Review, color: Color) -> str:
    counts = review.counts(color)
    decisions = texts.ngettext(
        "{name}: error rate {rate}, {n} decision",
        "{name}: error rate {rate}, {n} decisions",
        len(review.decisions(color)),
        name=player_label(texts, record.players[color]),
        rate=_number(texts, review.error_rate(color), "0.0"),
    )
    classes = texts.gettext(
        "doubtful {doubtful}, mistakes {mistakes}, blunders {blunders}; luck {luck}",
        doubtful=counts[Verdict.DOUBTFUL],
        mistakes=counts[Verdict.MISTAKE],
        blunders=counts[Verdict.BLUNDER],
        luck=_number(texts, round(review.luck[color], 2) or 0.0, "+0.00;-0.00"),  # not -0.00
    )
    return f"• {decisions}: {classes}"


def _turn(texts: Texts, record: Transcript, turn: Reviewed) -> str:
    if isinstance(turn, CubeReview):
        return texts.gettext(
            "Before turn {number}, {name}, the cube at {value}: {played}, best {best}:"
            " {verdict}, {lost} lost",
            number=turn.number,
            name=player_label(texts, record.players[turn.color]),
            value=turn.value,
            played=texts.gettext(CUBE_ACTS[turn.played]),
            best=texts.gettext(CUBE_ACTS[turn.best]),
            verdict=_cube_verdict(texts, turn.verdict),
            lost=_number(texts, turn.lost, "0.000"),
        )
    return texts.gettext(
        "Turn {number}, {name}, {dice}: played {played}, best {best}: {verdict}, {lost} lost",
        number=turn.number,
        name=player_label(texts, record.players[turn.color]),
        dice=format_dice(turn.dice),
        played=_notation(texts, record, turn, turn.played),
        best=_notation(texts, record, turn, turn.best),
        verdict=texts.gettext(VERDICTS[turn.verdict]),
        lost=_number(texts, turn.lost, "0.000"),
    )


def _cube_verdict(texts: Texts, verdict: Verdict) -> str:
    """A cube decision's verdict: its adjective agrees with "decision" where a turn's agrees
    with "move" (Russian and Ukrainian: «сомнительное» решение, «сомнительный» ход)."""
    if verdict is Verdict.DOUBTFUL:
        return texts.pgettext("of a cube decision", "doubtful")
    return texts.gettext(VERDICTS[verdict])


def _notation(texts: Texts, record: Transcript, turn: TurnReview, steps: tuple[Step, ...]) -> str:
    """`steps`, played from the turn's position, with their hits marked (§10), in the
    numbers of the person playing the bot (those of their board) or, between two people,
    of the mover, from whose side the turn's picture is drawn."""
    variant = variant_of(record.rules)
    person = person_against_bot(record.players)
    reader = turn.color if person is None else person
    hits = variant.hits(turn.position, steps)
    _ = texts.gettext
    return variant.turn_text_for(steps, turn.color, reader, _("off"), _("bar"), hits) or "—"


def _number(texts: Texts, value: float, pattern: str) -> str:
    """`value` as the reader's language writes numbers (0.54 in English, 0,54 in Russian)."""
    return format_decimal(value, format=pattern, locale=texts.locale.value)
