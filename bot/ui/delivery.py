"""Board messages on Telegram: render a screen, send it, edit it in place, delete a message;
inline messages edited with a picture from a `PictureSource` (the media chat, or the bot's own
URLs) or as text.

"Message is not modified" counts as shown; a board Telegram will not edit any more (deleted,
too old) is reported as gone, so the caller can send a new one. Passing failures are tried
again by `bot.runtime.retry.RetryTransient`.
"""

from __future__ import annotations

import asyncio
import hashlib
import html
import logging
from collections import OrderedDict
from collections.abc import Callable, Hashable, Sequence
from concurrent.futures import ThreadPoolExecutor
from enum import Enum
from typing import Protocol

from aiogram import Bot
from aiogram.enums import ParseMode
from aiogram.exceptions import TelegramBadRequest
from aiogram.types import BufferedInputFile, InputFile, InputMediaPhoto, Message
from aiogram.types.media_union import MediaUnion

from bot.answer_models import EditMedia
from bot.metrics import RENDER_SECONDS
from bot.one_at_a_time import OneAtATime
from bot.pacing import Pacer
from bot.service import Table
from bot.storage import MediaStore, StoreUnavailable
from bot.ui.screens import CAPTION_LIMIT, NOBODY_YET, Screen, utf16_length
from bot.ui.text_board import SYMBOLS, text_board
from nardy import Color
from renderer import render
from renderer.animation import Clip

log = logging.getLogger(__name__)

PHOTO_NAME = "board.jpg"
REPLAY_NAME = "replay.mp4"
REPLAYS_AT_ONCE = 1  # replays encoded at once in a process
# Telegram's answers to an edit of a message that is no longer there to edit.
GONE = ("message to edit not found", "message_id_invalid", "message can't be edited")


def _says(error: TelegramBadRequest, *phrases: str) -> bool:
    return any(phrase in error.message.lower() for phrase in phrases)


def is_not_modified(error: TelegramBadRequest) -> bool:
    """Telegram's answer to an edit that would leave the message as it is (a doubled tap)."""
    return _says(error, "message is not modified")


def _refused_edit(error: TelegramBadRequest, board: str) -> bool:
    """What a refused edit of `board` means: shown already (not modified: True), or the
    message is gone (False, logged); any other refusal is raised again."""
    if is_not_modified(error):
        return True
    if not _says(error, *GONE):
        raise error
    log.info("%s is gone (%s)", board, error.message)
    return False


async def edit_board(bot: Bot, table: Table, message_id: int, screen: Screen) -> bool:
    """Show `screen` on the board message `message_id`; False when that message is gone."""
    photo = await _picture(screen)
    try:
        await bot(
            EditMedia(
                chat_id=table.chat_id,
                message_id=message_id,
                media=InputMediaPhoto(media=photo, caption=screen.caption),
                reply_markup=screen.markup,
            )
        )
    except TelegramBadRequest as error:
        return _refused_edit(error, f"board {message_id} of game {table.game_id}")
    return True


async def send_board(bot: Bot, chat_id: int, screen: Screen, thread: int | None = None) -> int:
    """Send `screen` as a new board message (or challenge card) in `chat_id` (in the forum
    topic `thread`, if given); its message id."""
    photo = await _picture(screen)
    message = await bot.send_photo(
        chat_id=chat_id,
        photo=photo,
        caption=screen.caption,
        reply_markup=screen.markup,
        message_thread_id=thread,
    )
    return message.message_id


async def close_card(bot: Bot, chat_id: int, message_id: int, text: str) -> None:
    """A challenge card that can no longer be taken: its caption says why, its buttons go (the
    picture stays). One already closed, or gone, is left as it is."""
    try:
        await bot.edit_message_caption(chat_id=chat_id, message_id=message_id, caption=text)
    except TelegramBadRequest as error:
        log.info("card %s not closed: %s", message_id, error.message)


async def delete_message(bot: Bot, chat_id: int, message_id: int) -> None:
    """Delete a message of the bot's; one Telegram will not delete any more (older than two
    days) is left where it is."""
    try:
        await bot.delete_message(chat_id=chat_id, message_id=message_id)
    except TelegramBadRequest as error:
        log.info("message %s not deleted: %s", message_id, error.message)


async def _picture(screen: Screen) -> BufferedInputFile:
    """The board picture, rendered off the event loop."""
    return BufferedInputFile(await jpeg_of(screen), PHOTO_NAME)


RENDERING = ThreadPoolExecutor(1, thread_name_prefix="render")
"""The thread boards are rendered on, one at a time: a render holds the GIL while it draws,
and several rendering threads fought the event loop for it (one thread gave 146–148 updates
a second where six gave 125–130, and 10% less CPU an update: docs/FIGURES.md). Replays and
albums, which take longer, are made on other threads (`asyncio.to_thread`), so a board never
waits behind them; an inline query's cards (a board each, a few ms in all) share it."""


async def jpeg_of(screen: Screen) -> bytes:
    """`screen`'s picture as JPEG, rendered off the event loop (on `RENDERING`)."""
    loop = asyncio.get_running_loop()
    with RENDER_SECONDS.time():
        return await loop.run_in_executor(RENDERING, render, screen.position, screen.view)


def digest_of(jpeg: bytes) -> str:
    """What a picture is known by in `FileIds`: a digest of its JPEG."""
    return hashlib.blake2b(jpeg, digest_size=16).hexdigest()


class FileIds:
    """The Telegram file ids of files already uploaded, by what they are known by (a picture by
    the digest of its JPEG, a replay by its record, language and theme): the latest
    `remembered` here, and every one in the store for a day (`GameStore.note_media`), so that
    each file is uploaded once, not once per worker. A store that cannot be reached costs an
    upload, never the message."""

    def __init__(self, store: MediaStore, remembered: int = 2_000) -> None:
        self._store = store
        self._remembered = remembered
        self._ids: OrderedDict[str, str] = OrderedDict()

    async def get(self, digest: str) -> str | None:
        """The file id of the picture of `digest` (`digest_of`), if it was uploaded before (by
        any worker)."""
        known = self._ids.get(digest)
        if known is None:
            try:
                known = await self._store.media_file_id(digest)
            except StoreUnavailable:
                known = None
        if known is not None:
            self._remember(digest, known)
        return known

    async def note(self, digest: str, file_id: str) -> None:
        """The file id Telegram gave the picture of `digest`, for this worker and the others."""
        self._remember(digest, file_id)
        try:
            await self._store.note_media(digest, file_id)
        except StoreUnavailable as exc:
            log.warning("picture %s not noted for the other workers: %s", digest, exc)

    def _remember(self, digest: str, file_id: str) -> None:
        self._ids[digest] = file_id
        self._ids.move_to_end(digest)
        if len(self._ids) > self._remembered:
            self._ids.popitem(last=False)


class Pictures:
    """Pictures that never change, such as the illustrated /rules: each drawn once per process,
    off the event loop, and uploaded once for all workers (`FileIds`), then sent by its
    Telegram file id, so that showing them again costs no CPU and no upload."""

    def __init__(self, store: MediaStore) -> None:
        self._jpegs: dict[Hashable, tuple[bytes, str]] = {}  # each with its `digest_of`
        self._file_ids = FileIds(store)
        self.drawn = 0  # pictures rendered so far

    async def send(
        self,
        bot: Bot,
        chat_id: int,
        key: Hashable,
        draw: Callable[[], bytes],
        caption: str,
    ) -> None:
        """Send the picture `key` (made by `draw` the first time) with an HTML `caption`."""
        drawn = self._jpegs.get(key)
        if drawn is None:
            jpeg = await asyncio.to_thread(draw)
            drawn = self._jpegs[key] = (jpeg, digest_of(jpeg))
            self.drawn += 1
        jpeg, digest = drawn
        known = await self._file_ids.get(digest)
        message = await bot.send_photo(
            chat_id=chat_id,
            photo=known or BufferedInputFile(jpeg, PHOTO_NAME),
            caption=caption,
            parse_mode=ParseMode.HTML,
        )
        if known is None and message.photo:
            await self._file_ids.note(digest, message.photo[-1].file_id)


# -- inline messages: edited by id, never with an upload (DESIGN.md §3) ----------------------


# How long a player may wait for a new board picture to be posted in the media chat (whose
# budget is the group limit's): past it the board is shown as text in the caption meanwhile.
PLAYER_WAIT = 3.0


class PictureSource(Protocol):
    """Where an inline message's pictures come from, since its edit cannot upload one: the
    media chat (a file id, polling mode) or the bot's own URLs (webhook mode)."""

    async def picture(
        self, bot: Bot, screen: Screen, most: float | None = PLAYER_WAIT
    ) -> str | None:
        """What `screen`'s picture goes by for Telegram: a file id, or an HTTP(S) URL; None
        when it cannot be had within `most` seconds (None: however long it takes)."""

    async def shown(self, picture: str) -> None:
        """Telegram has the picture `picture` now: an edit showing it succeeded."""


def is_url(picture: str) -> bool:
    """Whether a `PictureSource`'s picture is a URL (Telegram fetches it), not a file id."""
    return picture.startswith(("https://", "http://"))


class MediaChat:
    """The operator's media chat (`MEDIA_CHAT_ID`): each new picture is sent there once to get
    the `file_id` an inline edit needs; an identical render reuses its id (`FileIds`), so that
    a picture is uploaded once, not once per worker. A channel takes about 20 posts a minute:
    they are paced (`bot.pacing`, its budget shared by all workers), and a picture whose post
    would keep a player waiting is not posted."""

    def __init__(self, chat_id: int, store: MediaStore, pacer: Pacer) -> None:
        self.chat_id = chat_id
        self._file_ids = FileIds(store)
        self._pacer = pacer
        self._posting: dict[str, asyncio.Future[str | None]] = {}  # by digest, in this process

    async def picture(
        self, bot: Bot, screen: Screen, most: float | None = PLAYER_WAIT
    ) -> str | None:
        """The id of `screen`'s picture on Telegram, uploading it if it is new and the media
        chat has a slot for it within `most` seconds (else None). The same picture asked for
        again while it is on its way (twenty inline cards at once) waits for that post rather
        than booking a slot of its own."""
        jpeg = await jpeg_of(screen)
        digest = digest_of(jpeg)
        while True:
            known = await self._file_ids.get(digest)
            if known is not None:
                return known
            posting = self._posting.get(digest)
            if posting is None:
                posting = asyncio.ensure_future(self._post(bot, jpeg, digest, most))
                self._posting[digest] = posting
                posting.add_done_callback(lambda _: self._posting.pop(digest, None))
            posted = await asyncio.shield(posting)
            if posted is not None or most is not None:
                return posted  # else the post given up was another's: this one waits its slot

    async def _post(self, bot: Bot, jpeg: bytes, digest: str, most: float | None) -> str | None:
        """Post `jpeg` once its slot comes (None when not within `most` seconds); its id."""
        if not await self._pacer.wait(self.chat_id, most):
            return None
        message = await bot.send_photo(
            chat_id=self.chat_id,
            photo=BufferedInputFile(jpeg, PHOTO_NAME),
            disable_notification=True,
        )
        assert message.photo, "a sent photo comes back with its sizes"
        known = message.photo[-1].file_id
        await self._file_ids.note(digest, known)
        return known

    async def shown(self, picture: str) -> None:
        """Nothing to do: its file id stays good."""


def text_message(screen: Screen) -> str:
    """`screen` as an HTML text message: who plays ○ and ● (once both players are known), the
    text board in the numbering of the picture it stands for, then the caption."""
    legend, board = _text_parts(screen)
    board, caption = html.escape(board, quote=False), html.escape(screen.caption, quote=False)
    if not legend:
        return f"<pre>{board}</pre>\n{caption}"
    return f"{html.escape(legend, quote=False)}\n<pre>{board}</pre>\n{caption}"


def text_caption(screen: Screen) -> str:
    """`screen` as an HTML caption of a picture not posted yet (`PLAYER_WAIT`): the text board
    as `text_message` writes it, or the caption alone when both would pass Telegram's limit."""
    legend, board = _text_parts(screen)
    if utf16_length("\n".join([legend, board, screen.caption])) > CAPTION_LIMIT:
        return html.escape(screen.caption, quote=False)
    return text_message(screen)


def _text_parts(screen: Screen) -> tuple[str, str]:
    """Who plays ○ and ● ("" on a card: the opening roll decides the colours), and the text
    board in the numbering of the picture it stands for."""
    view = screen.view
    texts = view.texts
    board = text_board(screen.position, view.numbering or Color.WHITE, texts.off, texts.bar)
    if NOBODY_YET in view.names:
        return "", board
    return "   ".join(f"{SYMBOLS[color]} {view.names[color]}" for color in Color), board


class Shown(Enum):
    """How an inline board was shown."""

    GONE = "gone"  # the message is not there any more
    AS_SENT = "as sent"  # its picture, or the text board of a game without pictures
    PICTURE_LATER = "picture later"  # the old picture, the text board in its caption meanwhile


async def edit_inline(
    bot: Bot, inline_id: str, screen: Screen, media: PictureSource | None
) -> Shown:
    """Show `screen` in the inline message `inline_id`: the picture from `media`, else the text
    board; a picture `media` cannot have in time keeps the one shown, the text board in its
    caption meanwhile (`Shown.PICTURE_LATER`)."""
    shown = Shown.AS_SENT
    try:
        photo = None if media is None else await media.picture(bot, screen)
        if media is None:
            await bot.edit_message_text(
                inline_message_id=inline_id,
                text=text_message(screen),
                parse_mode=ParseMode.HTML,
                reply_markup=screen.markup,
            )
        elif photo is None:
            shown = Shown.PICTURE_LATER
            await bot.edit_message_caption(
                inline_message_id=inline_id,
                caption=text_caption(screen),
                parse_mode=ParseMode.HTML,
                reply_markup=screen.markup,
            )
        else:
            await bot.edit_message_media(
                inline_message_id=inline_id,
                media=InputMediaPhoto(media=photo, caption=screen.caption),
                reply_markup=screen.markup,
            )
            await media.shown(photo)
    except TelegramBadRequest as error:
        return shown if _refused_edit(error, f"inline board {inline_id}") else Shown.GONE
    return shown


async def close_inline_card(bot: Bot, inline_id: str, text: str, picture: bool) -> None:
    """An inline challenge card that can no longer be taken: its text (or caption, when it is
    a `picture`) says why, its buttons go."""
    try:
        if picture:
            await bot.edit_message_caption(inline_message_id=inline_id, caption=text)
        else:
            await bot.edit_message_text(
                inline_message_id=inline_id,
                text=html.escape(text, quote=False),
                parse_mode=ParseMode.HTML,  # as the card it replaces
            )
    except TelegramBadRequest as error:
        log.info("inline card %s not closed: %s", inline_id, error.message)


async def send_album(
    bot: Bot, chat_id: int, photos: Sequence[str | InputFile], captions: Sequence[str]
) -> list[Message]:
    """Send `photos` (file ids, or uploads), each with its caption, as one album: 2 to 10 of
    them (Telegram's limits for an album); a single one as a photo."""
    if len(photos) == 1:
        return [await bot.send_photo(chat_id, photos[0], caption=captions[0])]
    album: list[MediaUnion] = [
        InputMediaPhoto(media=photo, caption=caption)
        for photo, caption in zip(photos, captions, strict=True)
    ]
    return await bot.send_media_group(chat_id, album)


class Albums:
    """Albums of pictures that never change, such as a review's pictured turns: each drawn
    once per key, in a thread, uploaded once for all workers (`FileIds`: the album's file ids
    together), then sent by its file ids."""

    def __init__(self, store: MediaStore) -> None:
        self._file_ids = FileIds(store)

    async def send(
        self,
        bot: Bot,
        chat_id: int,
        key: str,
        captions: Sequence[str],
        draw: Callable[[], Sequence[bytes]],
    ) -> None:
        """Send the album `key` (drawn by `draw` unless sent before), one picture a caption."""
        known = await self._file_ids.get(key)
        if known is not None and len(known.split()) == len(captions):
            try:
                await send_album(bot, chat_id, known.split(), captions)
                return
            except TelegramBadRequest as error:  # file ids Telegram no longer knows
                log.info("album %s sent again: %s", key, error.message)
        jpegs = await asyncio.to_thread(draw)
        uploads = [BufferedInputFile(jpeg, f"{n}-{PHOTO_NAME}") for n, jpeg in enumerate(jpegs)]
        sent = await send_album(bot, chat_id, uploads, captions)
        ids = [message.photo[-1].file_id for message in sent if message.photo]
        if len(ids) == len(captions):
            await self._file_ids.note(key, " ".join(ids))


class Replays:
    """Games' replays (`bot.ui.replay`): each made once per record, language and theme, in a
    thread (`at_once` at most in this process: each takes a core for a second or two), uploaded
    once for all workers (`FileIds`), then sent by its Telegram file id for a day; one at a
    time per person in each process (`running`)."""

    def __init__(self, store: MediaStore, at_once: int = REPLAYS_AT_ONCE) -> None:
        self._file_ids = FileIds(store)
        self.running = OneAtATime()
        self._encoding = asyncio.Semaphore(at_once)  # the rest wait their turn

    async def send(
        self, bot: Bot, chat_id: int, key: str, make: Callable[[], Clip], caption: str
    ) -> None:
        """Send the replay `key` (made by `make` unless it was sent before) with `caption`."""
        known = await self._file_ids.get(key)
        if known is not None:
            try:
                await bot.send_animation(chat_id, known, caption=caption)
                return
            except TelegramBadRequest as error:  # a file id Telegram no longer knows
                log.info("replay %s sent again: %s", key, error.message)
        async with self._encoding:
            clip = await asyncio.to_thread(make)
        upload = BufferedInputFile(clip.data, REPLAY_NAME)
        message = await bot.send_animation(
            chat_id,
            upload,
            duration=round(clip.seconds),
            width=clip.width,
            height=clip.height,
            caption=caption,
        )
        if message.animation is not None:
            await self._file_ids.note(key, message.animation.file_id)
