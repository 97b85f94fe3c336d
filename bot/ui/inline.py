"""The results an inline query offers: one challenge card per game and match length, as a
picture (a cached photo uploaded to the media chat, or one at the bot's own URL) or, without
either, as a text message with the text board."""

from __future__ import annotations

from aiogram.enums import ParseMode
from aiogram.types import (
    InlineQueryResultArticle,
    InlineQueryResultCachedPhoto,
    InlineQueryResultPhoto,
    InlineQueryResultUnion,
    InputTextMessageContent,
)

from bot.i18n import Texts
from bot.service import Terms
from bot.ui.delivery import is_url, text_message
from bot.ui.games import match_title
from bot.ui.screens import Screen, rules_line
from nardy.long_variant import LONG
from nardy.variant import AnyRules
from nardy.variants import variant_of


def card_result(
    texts: Texts, terms: Terms, rules: AnyRules, screen: Screen, photo: str | None
) -> InlineQueryResultUnion:
    """The result that sends `screen` as a challenge card: the picture `photo` (a file id, or a
    URL Telegram fetches the JPEG from, its own thumbnail too), or the text board when there is
    none; its id is the length, after the game's key for any game but long nardy, whose
    cards had their ids before there were others (`3`, `short3`)."""
    variant, length = variant_of(rules), terms.length
    result_id = str(length) if variant is LONG else f"{variant.key}{length}"
    title = match_title(texts, variant, length)
    if photo is not None and is_url(photo):
        return InlineQueryResultPhoto(
            id=result_id,
            photo_url=photo,
            thumbnail_url=photo,
            title=title,
            caption=screen.caption,
            reply_markup=screen.markup,
        )
    if photo is not None:
        return InlineQueryResultCachedPhoto(
            id=result_id,
            photo_file_id=photo,
            title=title,
            caption=screen.caption,
            reply_markup=screen.markup,
        )
    content = InputTextMessageContent(message_text=text_message(screen), parse_mode=ParseMode.HTML)
    return InlineQueryResultArticle(
        id=result_id,
        title=title,
        description=rules_line(texts, terms, rules),
        input_message_content=content,
        reply_markup=screen.markup,
    )
