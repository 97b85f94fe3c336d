"""Game records: the Game record button under a finished game and /record's list send a
record's text file to the tapper's private chat (a group or inline chat gets no files); the
Analysis and Replay buttons, under the game and under its record's file, send the Expert's
review of the game and its replay there."""

from __future__ import annotations

import logging
import time
from functools import partial

from aiogram import Bot, Router
from aiogram.enums import ChatAction, ChatType
from aiogram.exceptions import TelegramAPIError, TelegramBadRequest, TelegramForbiddenError
from aiogram.filters import Command
from aiogram.types import CallbackQuery, Message

from bot.handlers.private import send_privately, start_me
from bot.handlers.throttle import GROUP_INFO
from bot.i18n import Texts
from bot.one_at_a_time import StillRunning
from bot.prefs import Prefs
from bot.service import GameService
from bot.service.bot_player import Progress
from bot.service.records import readable
from bot.service.reviewer import reviewable
from bot.ui.callbacks import RecordTap, ReplayTap, ReviewTap
from bot.ui.chat_action import showing
from bot.ui.delivery import Albums, Replays
from bot.ui.keyboards import record_menu
from bot.ui.records import RECORD_DAYS, record_caption, record_file, records_list
from bot.ui.replay import replay_caption, replay_clip
from bot.ui.review import (
    pictured_turns,
    review_text,
    reviewing_progress,
    reviewing_text,
    turn_captions,
    turn_pictures,
)

log = logging.getLogger(__name__)

PROGRESS_SECONDS = 2.0  # the review's line is edited at most this often as it goes


async def records(message: Message, bot: Bot, texts: Texts, service: GameService) -> None:
    """/record: the writer's latest records, a button each, in the private chat (in a group,
    sent there: a game against the bot is its player's own)."""
    user = message.from_user
    if user is None:
        return
    text, markup = records_list(texts, await service.records.latest(user.id))
    if message.chat.type == ChatType.PRIVATE:
        await message.answer(text, reply_markup=markup)
        return
    await send_privately(
        message, bot, texts, partial(bot.send_message, text=text, reply_markup=markup)
    )


async def send_record(
    query: CallbackQuery, callback_data: RecordTap, bot: Bot, texts: Texts, service: GameService
) -> None:
    """Send the record asked for to the tapper's private chat, if they played the game; say so
    when the tap came from another chat, or why it cannot be sent."""
    name, user = callback_data.name, query.from_user.id
    text = await service.records.text(name, user)
    if text is None:
        await query.answer(_players_only(texts), show_alert=True)
        return
    markup = record_menu(texts, name, reviewable(text) is not None)
    try:
        document = record_file(name, text)
        await bot.send_document(user, document, caption=record_caption(texts), reply_markup=markup)
    except TelegramForbiddenError:  # the person never started the bot, or blocked it
        await query.answer(await start_me(bot, texts), show_alert=True)
        return
    await _answer_sent(query, texts)


async def send_review(
    query: CallbackQuery,
    callback_data: ReviewTap,
    bot: Bot,
    texts: Texts,
    prefs: Prefs,
    service: GameService,
    albums: Albums,
) -> None:
    """Send the Expert's review of the game to the tapper's private chat, if they played it:
    a line saying it is under way, then that line edited into the review (made in the AI
    workers, one at a time per player in this process), or into why it did not come; then
    the costliest turns as pictures in the player's board theme, drawn once in a thread."""
    name, user = callback_data.name, query.from_user.id
    record = await service.reviews.record(name, user)
    if record is None:  # no button offers a game the Expert does not review
        await query.answer(_players_only(texts), show_alert=True)
        return
    try:
        async with service.reviews.running.turn(user):
            try:
                working = await bot.send_message(user, reviewing_text(texts, record))
            except TelegramForbiddenError:  # the person never started the bot, or blocked it
                await query.answer(await start_me(bot, texts), show_alert=True)
                return
            await _answer_sent(query, texts)
            try:
                review = await service.reviews.review(name, record, _progress_line(working, texts))
            except Exception:  # logged by the error handlers; the line says it will not come
                await working.edit_text(texts.gettext("The analysis failed. Please try again."))
                raise
            await working.edit_text(review_text(texts, record, review))
            turns = pictured_turns(record, review)
            if turns:
                theme = prefs.settings.theme
                key = f"turns:{name}:{texts.locale.value}:{theme.name}"
                draw = partial(turn_pictures, texts, record, turns, theme)
                try:
                    await albums.send(bot, user, key, turn_captions(texts, record, turns), draw)
                except (TelegramBadRequest, TelegramForbiddenError) as exc:  # the text is there
                    log.warning("review pictures of %s not sent: %s", name, exc.message)
    except StillRunning:
        wait = texts.gettext("The Expert is still going over your last game: a moment, please.")
        await query.answer(wait, show_alert=True)


async def send_replay(
    query: CallbackQuery,
    callback_data: ReplayTap,
    bot: Bot,
    texts: Texts,
    prefs: Prefs,
    service: GameService,
    replays: Replays,
) -> None:
    """Send the game's replay, an animation in the tapper's language and board theme, to their
    private chat, if they played the game: made in a thread (a second or two, the chat showing
    a video on its way), one at a time per player in this process. A tap from that chat is
    answered at once; one from elsewhere once the replay is there, or with why it cannot be
    (the tapper never started the bot)."""
    name, user = callback_data.name, query.from_user.id
    text = await service.records.text(name, user)
    record = None if text is None else readable(text)  # any game's record replays
    if record is None:
        await query.answer(_players_only(texts), show_alert=True)
        return
    theme = prefs.settings.theme
    key = f"replay:{name}:{texts.locale.value}:{theme.name}"
    here = query.message is not None and query.message.chat.id == user
    try:
        async with replays.running.turn(user):
            if here:
                await query.answer(texts.gettext("📽 The replay is on its way."))
            async with showing(bot, user, ChatAction.UPLOAD_VIDEO):
                make = partial(replay_clip, texts, record, theme)
                await replays.send(bot, user, key, make, replay_caption(texts, record))
    except StillRunning:
        wait = texts.gettext("Your last replay is still being made: a moment, please.")
        await query.answer(wait, show_alert=True)
        return
    except TelegramForbiddenError:  # the person never started the bot, or blocked it
        await query.answer(await start_me(bot, texts), show_alert=True)
        return
    if not here:
        await _answer_sent(query, texts)


def _progress_line(working: Message, texts: Texts) -> Progress:
    """Edits the review's line into how far the Expert has got: at the first news, then at
    most every `PROGRESS_SECONDS` (Telegram's limits), never holding the review up for a
    refused edit."""
    shown_at: float | None = None

    async def show(done: int, total: int) -> None:
        nonlocal shown_at
        now = time.monotonic()
        if shown_at is not None and now - shown_at < PROGRESS_SECONDS:
            return
        shown_at = now
        try:
            await working.edit_text(reviewing_progress(texts, done, total))
        except TelegramAPIError as exc:
            log.info("review progress not shown: %s", exc.message)

    return show


def _players_only(texts: Texts) -> str:
    """Why a record or its review is not sent: it is another's, or no longer kept."""
    return texts.ngettext(
        "A record goes to the game's players only, for {n} day after the game.",
        "A record goes to the game's players only, for {n} days after the game.",
        RECORD_DAYS,
    )


async def _answer_sent(query: CallbackQuery, texts: Texts) -> None:
    """Answer a tap whose answer went to the private chat: nothing to say when the tap came
    from there."""
    message = query.message
    here = message is not None and message.chat.id == query.from_user.id
    await query.answer(None if here else texts.gettext("Sent to our private chat."))


def router() -> Router:
    """This feature's handlers, on a fresh router (one per dispatcher)."""
    feature = Router(name="records")
    feature.message.register(records, Command("record"), flags={"cooldown": GROUP_INFO})
    feature.callback_query.register(send_record, RecordTap.filter())
    feature.callback_query.register(send_review, ReviewTap.filter())
    feature.callback_query.register(send_replay, ReplayTap.filter())
    return feature
