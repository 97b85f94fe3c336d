"""The results an inline query offers: one challenge card per match length, as a cached photo
(uploaded to the media chat) or, without a media chat, as a text message with the text board."""

from __future__ import annotations

from aiogram.enums import ParseMode
from aiogram.types import (
    InlineQueryResultArticle,
    InlineQueryResultCachedPhoto,
    InlineQueryResultUnion,
    InputTextMessageContent,
)

from bot.i18n import Texts
from bot.service import Terms
from bot.ui.delivery import text_message
from bot.ui.screens import Screen, rules_line
from nardy import Rules


def result_title(texts: Texts, length: int) -> str:
    """What the result list calls a card: one game, or a match to `length` points."""
    if length == 1:
        return texts.gettext("Long nardy: one game")
    return texts.ngettext(
        "Long nardy: a match to {n} point", "Long nardy: a match to {n} points", length
    )


def card_result(
    texts: Texts, terms: Terms, rules: Rules, screen: Screen, photo: str | None
) -> InlineQueryResultUnion:
    """The result that sends `screen` as a challenge card: the picture `photo` (a file id), or
    the text board when there is none."""
    title, length = result_title(texts, terms.length), terms.length
    if photo is not None:
        return InlineQueryResultCachedPhoto(
            id=str(length),
            photo_file_id=photo,
            title=title,
            caption=screen.caption,
            reply_markup=screen.markup,
        )
    content = InputTextMessageContent(message_text=text_message(screen), parse_mode=ParseMode.HTML)
    return InlineQueryResultArticle(
        id=str(length),
        title=title,
        description=rules_line(texts, terms, rules),
        input_message_content=content,
        reply_markup=screen.markup,
    )
