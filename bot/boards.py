"""Keeping a game's board message current: the screen through `bot.ui`, the record of which
message is the board through the service.

A tap is answered on the board it came from, which becomes the game's board if it was not (one
sent but never recorded, say, when the store failed in between). A board that is gone is
replaced by a new one, recorded with a compare-and-set on the old one: of two taps that both
found it gone, the second's new board is deleted again, so one board remains. A new game is
saved before its first board is sent, so that the board's first tap finds it, and forgotten
when that board cannot be sent.
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from collections import OrderedDict
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import replace
from functools import partial

from aiogram import Bot
from aiogram.exceptions import TelegramAPIError, TelegramNetworkError, TelegramRetryAfter

from bot.i18n import SOURCE, Texts, Translator, locale_for
from bot.pacing import Pacer
from bot.prefs import Preferences
from bot.service import GameError, GameService, Table
from bot.settings import GameSettings
from bot.storage import StoreUnavailable
from bot.ui.delivery import (
    PLAYER_WAIT,
    PictureSource,
    Shown,
    delete_message,
    edit_board,
    edit_inline,
    send_board,
)
from bot.ui.screens import Screen, build_screen
from nardy import Color

log = logging.getLogger(__name__)


# How many board messages `Boards` remembers the last state sent to.
REMEMBERED = 10_000

Target = int | str
"""A board message: its id in the game's chat, or an inline message's id."""
BoardKey = tuple[str, Target]  # (game id, board): a message may show several games in turn


def _newer(first: Table, second: Table) -> bool:
    """Whether `first` is a later state of the same game than `second` (of another game, the
    one shown last is the newer: a rematch taking over an inline message)."""
    return first.game_id == second.game_id and first.seq > second.seq


def _signature(screen: Screen) -> int:
    """What a board message shows for `screen`: its picture's position and view, its caption
    and its buttons."""
    markup = None if screen.markup is None else screen.markup.model_dump_json()
    return hash((screen.position, screen.view, screen.caption, markup))


def _remember(memory: OrderedDict[BoardKey, int], key: BoardKey, value: int) -> None:
    """`value` for board `key`, the newest of the `REMEMBERED` boards kept."""
    memory[key] = value
    memory.move_to_end(key)
    if len(memory) > REMEMBERED:
        memory.popitem(last=False)


class Boards:
    """Shows tables to their human player.

    It remembers, per board message, the latest game state (`seq`) sent to it, so that an
    older state never overwrites a newer one on its way (a catch-up read before a later
    change), and a doubled tap does not send again what is already on its way. A state sent
    earlier is no proof that the board shows it: another worker's edit of an older state may
    have landed after it (that worker killed before it could show the latest again), so a
    board whose tap showed an older state is caught up unless the latest is on its way now.
    """

    def __init__(
        self,
        service: GameService,
        preferences: Preferences,
        translator: Translator,
        pacer: Pacer,
        media: PictureSource | None = None,
    ) -> None:
        self._service = service
        self._preferences = preferences
        self._translator = translator
        self._pacer = pacer
        self._media = media
        self._sent: OrderedDict[BoardKey, int] = OrderedDict()
        self._screens: OrderedDict[BoardKey, int] = OrderedDict()  # the last screen shown each
        self._on_way: set[BoardKey] = set()  # boards with an edit in flight now
        # Shared boards being edited now, and the newest screen each waits to show (with
        # whether it catches the board up while an edit was on its way: skipped if that sent it).
        self._editing: set[Target] = set()
        self._waiting: dict[Target, tuple[Table, Screen, bool, bool]] = {}
        self._late: dict[str, asyncio.Task[None]] = {}  # inline boards awaiting their picture
        # A private board's turn to edit (`_one_edit`), kept while an edit holds or awaits it,
        # and the states of the shows awaiting it.
        self._edits: weakref.WeakValueDictionary[BoardKey, asyncio.Lock] = (
            weakref.WeakValueDictionary()
        )
        self._awaiting: dict[BoardKey, list[tuple[object, int]]] = {}

    async def show(
        self,
        bot: Bot,
        table: Table,
        viewer: Color,
        texts: Texts,
        selected: int | None = None,
        tapped: int | None = None,
        catching_up: bool = False,
        resigning: Color | None = None,
        settings: GameSettings | None = None,
    ) -> None:
        """Show `table` on the tapped board message (`tapped`), else on the game's; send a new
        board when neither is there any more; `settings`, the tapping player's read for this update,
        draw a game against the bot (else they are read). A board that was sent a newer state is
        left alone; one `catching_up` (its tap showed an older state) too when this state is on its
        way to it now (a doubled tap), but not for having been sent it before. A shared board may
        ask the player of `resigning` to confirm. As on a shared board (`_show_shared`), an edit
        that another worker's (or tap's) edit of a later state may have overtaken is followed by the
        state stored now, if later, so the board ends on the latest."""
        screen = await self._screen(table, viewer, texts, selected, resigning, settings)
        recorded = table.message_id
        shared = table.inline_id or recorded
        if table.shared and shared is not None:
            await self._show_shared(bot, table, shared, screen, catching_up)
            return
        for target in dict.fromkeys(m for m in (tapped, recorded) if m is not None):
            key = (table.game_id, target)
            on_its_way = catching_up and key in self._on_way
            async with self._one_edit(key, table.seq) as overtaken:
                if overtaken or self._shown(key, table.seq, on_its_way):
                    return
                edited = await self._edit(bot, table, target, screen, catching_up)
            if edited:
                if target != recorded:
                    await self._service.set_board(table.game_id, recorded, target)
                later = await self._saved_since(table, target)
                if later is not None:  # another's edit of it landed first: the latest again
                    now = later.seat_now(table, viewer)
                    await self.show(bot, later, now, texts, tapped=target)
                return
        await self._send(bot, table, screen)

    @asynccontextmanager
    async def _one_edit(self, key: BoardKey, seq: int) -> AsyncIterator[bool]:
        """One edit at a time on a private board: an edit tried again after its answer was lost
        (it may have taken effect) must not land after the next tap's edit and show the older
        state (shared boards have this from `_show_shared`'s queue). Its turn come, a show of
        state `seq` is overtaken (True) when a show of that state or a later one asked after
        it and awaits its turn too: that one shows the board as it is by then, so that on a
        slow network a quick player's board does not step through every state in between."""
        lock = self._edits.get(key)
        if lock is None:
            lock = self._edits[key] = asyncio.Lock()
        awaiting = self._awaiting.setdefault(key, [])
        mine = (object(), seq)  # this show's place in the queue
        awaiting.append(mine)
        try:
            async with lock:  # every edit holding or awaiting it keeps it, and so its entry
                place = awaiting.index(mine)
                del awaiting[place]
                yield any(later >= seq for _, later in awaiting[place:])
        finally:
            if mine in awaiting:  # cancelled while it waited
                awaiting.remove(mine)
            if not awaiting and self._awaiting.get(key) is awaiting:
                del self._awaiting[key]

    async def _screen(
        self,
        table: Table,
        viewer: Color,
        texts: Texts,
        selected: int | None = None,
        resigning: Color | None = None,
        settings: GameSettings | None = None,
    ) -> Screen:
        """`viewer`'s screen in `texts`' language; the one screen of a game between two people
        in the game's language (the challenger's), whoever tapped. A finished game's results
        screen shows its players' record. The picture in the board colours of `_settings`."""
        if table.shared:
            texts = self._translator[locale_for(table.locale, SOURCE)]
        try:
            if table.game.over:
                table = await self._service.settle(table)
            standing = await self._service.results.standing(table)
            if settings is None or table.shared:
                settings = await self._settings(table)
        except StoreUnavailable:  # the results screen shows without the record
            standing, settings = None, GameSettings()
        screen = build_screen(table, viewer, texts, selected, resigning, standing)
        return replace(screen, view=replace(screen.view, theme=settings.theme))

    async def _settings(self, table: Table) -> GameSettings:
        """Whose settings (/settings) draw the board: a game against the bot its player's, a
        group's game the group's; an inline game, seen in any chat, the defaults."""
        if not table.shared:
            player = next(seat.user_id for seat in table.seats if seat.user_id is not None)
            return await self._preferences.settings(player, personal=True)
        if table.inline_id is None:
            return await self._preferences.settings(table.chat_id, personal=False)
        return GameSettings()

    async def _show_shared(
        self, bot: Bot, table: Table, board: Target, screen: Screen, catching_up: bool
    ) -> None:
        """Show `screen` on the shared `board` (a group's message, or an inline message, which
        a rematch may pass to a new game), coalescing: one edit at a time per board, and while
        one is on its way only the newest screen waits (an older state of the same game never
        replaces a newer one), so a group's edit limit (about 20 a minute) is met by skipping
        states nobody needs: a group's board waits for its chat's next slot (`bot.pacing`),
        then shows the newest screen waiting by then. A flood refusal longer than
        `RetryTransient` waits is waited out here; an edit that fails otherwise gives way to
        the screen waiting after it, if any (else its error is raised: the board catches up on
        its next tap). A group's board that is gone gets a new one; an inline message that is
        gone cannot (its chat is unknown). Another worker may edit the same board at the same
        time, and its edit of a later state may land first: so after its edits this one shows
        the state stored now if it is later than the last it showed (`_saved_since`), and the
        board ends on the latest. A catch-up is skipped for the same state only when it came
        while an edit was on its way."""
        waiting = self._waiting.get(board)
        if waiting is None or not _newer(waiting[0], table):
            on_its_way = catching_up and (table.game_id, board) in self._on_way
            self._waiting[board] = (table, screen, on_its_way, catching_up)
        if board in self._editing:
            return  # the edit on its way sends the newest screen after it
        self._editing.add(board)
        try:
            # Until nothing waits: a screen may be queued while the stored state is read or
            # the later screen drawn, and nobody else would edit it.
            while (last := await self._edit_waiting(bot, board)) is not None or (
                board in self._waiting
            ):
                later = None if last is None else await self._saved_since(last, board)
                if later is not None:
                    texts = self._translator[SOURCE]  # a shared board is in its game's language
                    screen = await self._screen(later, later.game.to_move, texts)
                    self._waiting.setdefault(board, (later, screen, True, True))
        finally:
            self._editing.discard(board)

    async def _edit_waiting(self, bot: Bot, board: Target) -> Table | None:
        """Edit the shared `board` to the screens waiting for it, newest only, until none
        waits; the last state shown, None when nothing was (or the board was sent anew)."""
        last = None
        while (waiting := self._waiting.get(board)) is not None:
            # The chat's slot first (a group's; an inline message's chat's), then the newest
            # screen by then.
            if isinstance(board, int):
                await self._pacer.wait(waiting[0].chat_id)
            else:
                await self._pacer.wait_inline(board, waiting[0].instance)
            newest = self._waiting.pop(board, None)
            if newest is None:
                break
            state, shown, on_its_way, behind = newest
            if self._shown((state.game_id, board), state.seq, on_its_way):
                continue
            try:
                if not await self._edit(bot, state, board, shown, behind):
                    later = self._waiting.pop(board, None)  # the new board shows the newest
                    if isinstance(board, str):
                        return None
                    if later is not None and not _newer(state, later[0]):
                        state, shown = later[:2]
                    await self._send(bot, state, shown)
                    self._waiting.pop(board, None)  # its buttons are gone: taps come anew
                    return None
                last = state
            except TelegramRetryAfter as flood:
                self._waiting.setdefault(board, newest)
                log.info("board %s waits %s s for the group's edit limit", board, flood.retry_after)
                await asyncio.sleep(flood.retry_after)
            except Exception as failed:
                if board not in self._waiting:
                    raise
                log.warning("board %s: an edit failed (%s); sending the newer", board, failed)
        return last

    def _shown(self, key: BoardKey, seq: int, on_its_way: bool) -> bool:
        """Whether showing state `seq` on board `key` is needless: a later state was sent to
        it, or this one and it is `on_its_way` (a doubled tap's catch-up)."""
        sent = self._sent.get(key)
        return sent is not None and (sent > seq or (on_its_way and sent == seq))

    async def _saved_since(self, shown: Table, board: Target) -> Table | None:
        """The game as stored now, if a later state of it than `shown` (the last this process
        put on `board`) was saved for the same board: another worker's edit of it (or, on a
        private board, another tap's) may have landed before this one's, so the board would
        show the older state."""
        try:
            stored = await self._service.load(shown.game_id)
        except (GameError, StoreUnavailable):
            return None
        on_board = stored.inline_id or stored.message_id
        return stored if stored.seq > shown.seq and on_board == board else None

    async def show_to_player(self, bot: Bot, game_id: str, user_id: int, texts: Texts) -> bool:
        """The game's board shown again (on its message) if `user_id` plays it: a player who
        taps Join on a card whose game started without its board reaching them (an edit that
        failed) gets it back. False, showing nothing, for anyone else or no game."""
        try:
            table, seat = await self._service.seat(game_id, user_id)
        except GameError:
            return False
        await self.show(bot, table, seat, texts, catching_up=True)  # a card shows: behind
        return True

    async def open(self, bot: Bot, table: Table, viewer: Color, texts: Texts) -> None:
        """A new game saved (`GameService.open`), then its first board sent and recorded. A
        board Telegram will not take leaves no game: a player must never have a game they
        cannot see. A board whose connection was lost may have arrived: the game stays, and
        either its first tap makes it the game's board or the player's next /play or level
        brings a board back ("your game is going on"). An inline game (a rematch) takes over
        the inline message of the game before it."""
        table = await self._service.open(table)
        if table.inline_id is not None:
            await self.show(bot, table, viewer, texts)
            return
        try:
            message_id = await send_board(
                bot, table.chat_id, await self._screen(table, viewer, texts)
            )
        except TelegramNetworkError:
            raise
        except TelegramAPIError:
            await self._service.abandon(table)
            raise
        await self._record(bot, table, message_id)

    async def resend(self, bot: Bot, table: Table, viewer: Color, texts: Texts) -> None:
        """The game's board sent anew, at the bottom of the chat, the old one deleted (asked
        for by /play or a menu during the game, when the board is far up or gone)."""
        old = table.message_id
        screen = await self._screen(table, viewer, texts)
        if await self._send(bot, table, screen) and old:
            await delete_message(bot, table.chat_id, old)

    async def _edit(
        self, bot: Bot, table: Table, target: Target, screen: Screen, behind: bool = False
    ) -> bool:
        """`edit_board` (`edit_inline` for an inline message), noting the state sent; a failed
        or refused edit notes nothing. The very screen this process last showed on the board is
        not sent again (Telegram would refuse an edit that changes nothing), unless the board
        is known to be `behind` it (a tap from it showed an older state: another worker's
        late edit landed after this one's)."""
        key = (table.game_id, target)
        signature = _signature(screen)
        if not behind and self._screens.get(key) == signature:
            return True
        previous = self._sent.get(key)
        self._note(key, table.seq)
        self._screens.pop(key, None)
        self._on_way.add(key)
        try:
            if isinstance(target, str):
                inline = await edit_inline(bot, target, screen, self._media)
                self._picture_later(bot, table, target, screen, inline is Shown.PICTURE_LATER)
                shown = inline is not Shown.GONE
                whole = inline is Shown.AS_SENT  # not the text board awaiting its picture
            else:
                shown = whole = await edit_board(bot, table, target, screen)
        except BaseException:
            self._forget(key, previous)
            raise
        finally:
            self._on_way.discard(key)
        if not shown:
            self._forget(key, previous)
        elif whole:
            _remember(self._screens, key, signature)
        return shown

    def _picture_later(
        self, bot: Bot, table: Table, board: str, screen: Screen, wanted: bool
    ) -> None:
        """An inline board shown as text for want of a media chat slot (`wanted`) gets its
        picture once it has shown the same state for `PLAYER_WAIT` (its game paused) and a
        slot comes, unless it shows a later state by then; one such wait per board, the latest
        (an earlier one, or one for a board shown as sent, is dropped). Waiting for the pause
        before taking a slot keeps a brisk game from booking the channel's slots ahead for
        states that are gone a moment later."""
        waiting = self._late.pop(board, None)
        if waiting is not None and waiting is not asyncio.current_task():
            waiting.cancel()
        if not wanted or self._media is None:
            return
        media = self._media

        def still_shown() -> bool:
            return self._sent.get((table.game_id, board)) == table.seq

        async def show_picture() -> None:
            await asyncio.sleep(PLAYER_WAIT)
            if not still_shown():
                return
            await media.picture(bot, screen, most=None)  # posted when its slot comes
            if still_shown():
                await self._show_shared(bot, table, board, screen, catching_up=False)

        task = asyncio.create_task(show_picture())
        self._late[board] = task
        task.add_done_callback(partial(self._picture_shown, board))

    def close(self) -> None:
        """Drop the late pictures still waiting for their slot (the bot is stopping: each
        board keeps its text board until its next change)."""
        for task in self._late.values():
            task.cancel()
        self._late.clear()

    def _picture_shown(self, board: str, task: asyncio.Task[None]) -> None:
        """A late picture's wait over: a failure is a log line (the next change shows one)."""
        if self._late.get(board) is task:
            del self._late[board]
        if not task.cancelled() and task.exception() is not None:
            log.warning("inline board %s: its late picture failed (%s)", board, task.exception())

    async def _send(self, bot: Bot, table: Table, screen: Screen) -> bool:
        """A new board sent and recorded as the game's; False when another was recorded
        meanwhile (this one is deleted again)."""
        message_id = await send_board(bot, table.chat_id, screen)
        return await self._record(bot, table, message_id)

    async def _record(self, bot: Bot, table: Table, message_id: int) -> bool:
        self._note((table.game_id, message_id), table.seq)
        if await self._service.set_board(table.game_id, table.message_id, message_id):
            return True
        log.info("game %s already has a new board; deleting a second", table.game_id)
        await delete_message(bot, table.chat_id, message_id)
        return False

    def _note(self, key: BoardKey, seq: int) -> None:
        _remember(self._sent, key, seq)

    def _forget(self, key: BoardKey, previous: int | None) -> None:
        if previous is None:
            self._sent.pop(key, None)
        else:
            self._sent[key] = previous
