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

SEAL_MARK = "."  # between a card result's kind and its seal


def card_sealed(result_id: str) -> str | None:
    """The seal of the card result `result_id` (`card_result`); None for an id without one (a
    card offered before cards were bound to their messages)."""
    _, mark, seal = result_id.partition(SEAL_MARK)
    return seal if mark else None


def card_result(
    texts: Texts, terms: Terms, rules: AnyRules, screen: Screen, photo: str | None, seal: str
) -> InlineQueryResultUnion:
    """The result that sends `screen` as a challenge card: the picture `photo` (a file id, or a
    URL Telegram fetches the JPEG from, its own thumbnail too), or the text board when there is
    none; its id is the length, after the game's key for any game but long nardy (`3`,
    `short3`), then the card's `seal` (`card_sealed`)."""
    variant, length = variant_of(rules), terms.length
    kind = str(length) if variant is LONG else f"{variant.key}{length}"
    result_id = f"{kind}{SEAL_MARK}{seal}"
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
