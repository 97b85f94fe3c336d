"""How the Expert's review of a finished game reads (`nardy.ai.analysis`): each side's error
rate, its turns by class and its luck, then each side's worst turns, the move played against
the best with the equity lost."""

from __future__ import annotations

from babel.numbers import format_decimal

from bot.i18n import N_, Texts
from bot.ui.records import player_label
from nardy import Color
from nardy.ai.analysis import Review, TurnReview, Verdict
from nardy.steps import format_dice
from nardy.transcript import Transcript
from nardy.variants import variant_of

VERDICTS = {
    Verdict.DOUBTFUL: N_("doubtful"),
    Verdict.MISTAKE: N_("a mistake"),
    Verdict.BLUNDER: N_("a blunder"),
}


def reviewing_text(texts: Texts, record: Transcript) -> str:
    """What the review's message says while the Expert works."""
    return texts.ngettext(
        "🔍 The Expert is going over the game's {n} turn…",
        "🔍 The Expert is going over the game's {n} turns…",
        len(record.turns),
    )


def review_text(texts: Texts, record: Transcript, review: Review) -> str:
    """The review, in the reader's language."""
    lines = [texts.gettext("🔍 The Expert's analysis of the game"), ""]
    for color in Color:
        lines.append(_side(texts, record, review, color))
    worst = [turn for color in Color for turn in review.worst(color)]
    if worst:
        lines += ["", texts.gettext("The costliest turns:")]
        lines += [_turn(texts, record, turn) for turn in worst]
    else:
        lines += ["", texts.gettext("No turn lost as much as 0.04: a clean game on both sides.")]
    lines += [
        "",
        texts.gettext(
            "The error rate is the equity lost per decision, ×1000. A turn is doubtful from"
            " 0.04 lost, a mistake from 0.08, a blunder from 0.16. Luck: how much better the"
            " rolls were than average."
        ),
    ]
    return "\n".join(lines)


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


def _turn(texts: Texts, record: Transcript, turn: TurnReview) -> str:
    notation = variant_of(record.rules).turn_text
    return texts.gettext(
        "Turn {number}, {name}, {dice}: played {played}, best {best}: {verdict}, {lost} lost",
        number=turn.number,
        name=player_label(texts, record.players[turn.color]),
        dice=format_dice(turn.dice),
        played=notation(turn.position, turn.played) or "—",
        best=notation(turn.position, turn.best) or "—",
        verdict=texts.gettext(VERDICTS[turn.verdict]),
        lost=_number(texts, turn.lost, "0.000"),
    )


def _number(texts: Texts, value: float, pattern: str) -> str:
    """`value` as the reader's language writes numbers (0.54 in English, 0,54 in Russian)."""
    return format_decimal(value, format=pattern, locale=texts.locale.value)
