"""How game records are offered: the list /record shows, and the caption of a record's file."""

from __future__ import annotations

from datetime import date

from aiogram.types import BufferedInputFile, InlineKeyboardMarkup
from babel.dates import format_date

from bot.i18n import Texts
from bot.service.records import bot_level
from bot.storage import RECORD_TTL
from bot.ui.keyboards import records_menu
from bot.ui.names import level_name
from nardy.transcript import Transcript

RECORD_DAYS = RECORD_TTL // 86400


def record_file(name: str, text: str) -> BufferedInputFile:
    """The record as the text file players receive."""
    return BufferedInputFile(text.encode(), filename=f"nardy-{name}.txt")


def record_caption(texts: Texts) -> str:
    """What comes with a record's file: what it holds, how its moves are numbered (standard
    notation, unlike the pictures, which use their reader's numbers) and how to check it."""
    return texts.gettext(
        "The game record: every roll and move, the rules, the result and the revealed dice"
        " seed. Each move is in standard notation, in its mover's own point numbers. Check the"
        " dice with: python -m nardy verify FILE"
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
    """A record's button: when the game ended and, in a match, which game it was; the
    players, and the result."""
    white, black = (player_label(texts, name) for name in transcript.players)
    result = transcript.result
    if result.winner is None:
        outcome = texts.gettext("{white} – {black}: a draw", white=white, black=black)
    else:
        outcome = texts.ngettext(
            "{white} – {black}: {winner} won {n} point",
            "{white} – {black}: {winner} won {n} points",
            result.points,
            white=white,
            black=black,
            winner=(white, black)[result.winner],
        )
    when = []
    if transcript.date:
        day = date.fromisoformat(transcript.date)
        when.append(format_date(day, "d MMM", locale=texts.locale.value))
    if transcript.match is not None:
        when.append(texts.gettext("game {n}", n=transcript.match.game))
    return " · ".join([", ".join(when), outcome] if when else [outcome])


def player_label(texts: Texts, name: str) -> str:
    """A player as a record names them, in the reader's language: the bot by its level."""
    level = bot_level(name)
    if level is None:
        return name
    return texts.gettext("Bot · {level}", level=level_name(texts, level))
