"""How game records are offered: the list /record shows, and the caption of a record's file."""

from __future__ import annotations

from aiogram.types import BufferedInputFile, InlineKeyboardMarkup

from bot.i18n import Texts
from bot.storage import RECORD_TTL
from bot.ui.keyboards import records_menu
from nardy import Color
from nardy.transcript import Transcript

RECORD_DAYS = RECORD_TTL // 86400


def record_file(name: str, text: str) -> BufferedInputFile:
    """The record as the text file players receive."""
    return BufferedInputFile(text.encode(), filename=f"nardy-{name}.txt")


def record_caption(texts: Texts) -> str:
    """What comes with a record's file: what it holds and how to check it."""
    return texts.gettext(
        "The game record: every roll and move, the rules, the result and the revealed dice"
        " seed. Check the dice with: python -m nardy verify FILE"
    )


def records_list(
    texts: Texts, latest: list[tuple[str, Transcript]]
) -> tuple[str, InlineKeyboardMarkup | None]:
    """/record's answer: the user's latest records as buttons, or why there are none."""
    if not latest:
        text = texts.ngettext(
            "You have no game records yet. Every game that ends gets one, kept {n} day.",
            "You have no game records yet. Every game that ends gets one, kept {n} days.",
            RECORD_DAYS,
        )
        return text, None
    labels = [(name, record_label(texts, transcript)) for name, transcript in latest]
    return texts.gettext("Your latest games: tap one for its record."), records_menu(labels)


def record_label(texts: Texts, transcript: Transcript) -> str:
    """A record's button: the players and the result."""
    white, black = transcript.players[Color.WHITE], transcript.players[Color.BLACK]
    result = transcript.result
    if result.winner is None:
        return texts.gettext("{white} – {black}: a draw", white=white, black=black)
    return texts.ngettext(
        "{white} – {black}: {winner} won {n} point",
        "{white} – {black}: {winner} won {n} points",
        result.points,
        white=white,
        black=black,
        winner=transcript.players[result.winner],
    )
