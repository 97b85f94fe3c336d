"""Taps on a game's buttons: select a checker, move it, undo, done, resign, start anew.

A refused tap (stale, over, forged, someone else's, while the bot thinks) gets an alert and
changes nothing in the game.
"""

from __future__ import annotations

import logging

from aiogram import Bot, F, Router
from aiogram.exceptions import TelegramBadRequest
from aiogram.types import (
    CallbackQuery,
    InaccessibleMessage,
    MaybeInaccessibleMessageUnion,
    Message,
)
from aiogram.utils.chat_action import ChatActionSender

from bot.board_view import parse_chain
from bot.boards import Boards
from bot.callbacks import BoardAction, Tap
from bot.handlers.play import level_menu, offer_levels
from bot.i18n import Translator
from bot.prefs import Prefs
from bot.service import (
    Busy,
    GameError,
    GameOver,
    GameService,
    InvalidAction,
    NoGame,
    NotYourGame,
    NotYourTurn,
    Session,
    Stale,
)
from nardy import Color

log = logging.getLogger(__name__)

ALERTS: dict[type[GameError], str] = {
    NoGame: "alert_bad",
    InvalidAction: "alert_bad",
    Stale: "alert_stale",
    GameOver: "alert_over",
    NotYourGame: "alert_not_yours",
    NotYourTurn: "alert_wait",
    Busy: "alert_wait",
}

MOVES = {BoardAction.SELECT, BoardAction.BACK, BoardAction.MOVE, BoardAction.UNDO, BoardAction.DONE}


async def move(
    query: CallbackQuery,
    callback_data: Tap,
    bot: Bot,
    texts: Translator,
    prefs: Prefs,
    service: GameService,
    boards: Boards,
) -> None:
    try:
        session = await service.for_move(
            callback_data.game, callback_data.version, query.from_user.id
        )
    except GameError as error:
        await _alert(query, texts, prefs, error)
        if isinstance(error, Stale | GameOver):
            await _catch_up(query, callback_data, bot, prefs, service, boards)
        return
    try:
        session, selected, end_turn = await _apply(callback_data, prefs, service, session)
    except GameError as error:
        await _alert(query, texts, prefs, error)
        return
    await query.answer()
    if end_turn:
        try:
            async with ChatActionSender.choose_sticker(bot=bot, chat_id=session.chat_id):
                session = await service.done(session)
        except (Busy, Stale):
            return  # a doubled Done: the first tap is answering, and will show the board
    await boards.show(bot, session, _viewer(session, query), prefs.locale, selected)


async def _alert(query: CallbackQuery, texts: Translator, prefs: Prefs, error: GameError) -> None:
    await query.answer(texts.text(prefs.locale, ALERTS[type(error)]), show_alert=True)


async def _catch_up(
    query: CallbackQuery, tap: Tap, bot: Bot, prefs: Prefs, service: GameService, boards: Boards
) -> None:
    """Bring a board message that shows another version of its game up to date.

    A change is saved before its board is edited, so a bot stopped in between, or an edit that
    failed, leaves a board whose every button is stale; its next tap shows the game as it is,
    and play goes on from there. A new board is sent before it is saved as the game's, so the
    store failing in between leaves a board that is not the game's: the tapped board becomes
    the game's. A board already up to date (a doubled tap) is left alone.
    """
    shown = _shown_version(query.message, tap)
    if shown is None or query.message is None:
        return
    try:
        session = await service.load(tap.game)
        if shown == session.version:
            return
        if session.message_id != query.message.message_id:
            session = await service.attach_message(session, query.message.message_id)
    except (NoGame, Stale):
        return  # gone, or changed meanwhile by a tap that shows it
    await boards.show(bot, session, _viewer(session, query), prefs.locale)


def _shown_version(message: MaybeInaccessibleMessageUnion | None, tap: Tap) -> int | None:
    """The version of the tapped game that the buttons of `message` carry now, if any do; for
    a message Telegram no longer shows the bot (an old one), the tapped button's."""
    if isinstance(message, InaccessibleMessage):
        return tap.version
    markup = message.reply_markup if message is not None else None
    for row in markup.inline_keyboard if markup is not None else []:
        for button in row:
            try:
                shown = Tap.unpack(button.callback_data or "")
            except (TypeError, ValueError):
                continue
            if shown.game == tap.game:
                return shown.version
    return None


async def _apply(
    tap: Tap, prefs: Prefs, service: GameService, session: Session
) -> tuple[Session, int | None, bool]:
    """Carry out a move action short of ending the turn: the new session, the checker to show
    selected, and whether the turn is to be ended now (Done, or auto-confirm)."""
    action = tap.action
    if action is BoardAction.SELECT:
        src = _int(tap.arg)
        if src not in {step.src for step in session.game.next_steps()}:
            raise InvalidAction(tap.arg)
        return session, src, False
    if action is BoardAction.BACK:
        return session, None, False
    if action is BoardAction.UNDO:
        return await service.undo(session), None, False
    if action is BoardAction.MOVE:
        try:
            steps = parse_chain(tap.arg)
        except ValueError as exc:
            raise InvalidAction(tap.arg) from exc
        session = await service.play(session, steps)
        return session, None, prefs.auto_confirm and session.game.turn_complete
    if not session.game.turn_complete:
        raise InvalidAction("the turn is not complete")
    return session, None, True


def _int(text: str) -> int:
    try:
        return int(text)
    except ValueError as exc:
        raise InvalidAction(text) from exc


def _viewer(session: Session, query: CallbackQuery) -> Color:
    color = session.seat_of(query.from_user.id)
    assert color is not None  # the service has checked the tapper plays in this game
    return color


async def resign(
    query: CallbackQuery,
    callback_data: Tap,
    bot: Bot,
    texts: Translator,
    prefs: Prefs,
    service: GameService,
    boards: Boards,
) -> None:
    """The /resign question's Yes: resigns the game only as the question scored it (`Stale`
    once it has moved on); the question is removed either way."""
    try:
        session = await service.resign(
            callback_data.game, query.from_user.id, callback_data.version
        )
    except GameError as error:
        await _alert(query, texts, prefs, error)
    else:
        await query.answer()
        await boards.show(bot, session, _viewer(session, query), prefs.locale)
    await _drop_prompt(query)


async def resign_for_new_game(
    query: CallbackQuery,
    callback_data: Tap,
    bot: Bot,
    texts: Translator,
    prefs: Prefs,
    service: GameService,
    boards: Boards,
) -> None:
    """The /play question's Resign and start anew: resign the game as it is now (or find it
    over already), show its final board, and turn the question into the level choice."""
    try:
        session = await service.resign(callback_data.game, query.from_user.id)
    except GameOver:
        await query.answer()
    except GameError as error:
        await _alert(query, texts, prefs, error)
        return
    else:
        await query.answer()
        await boards.show(bot, session, _viewer(session, query), prefs.locale)
    if isinstance(query.message, Message):
        await query.message.edit_text(
            texts.text(prefs.locale, "choose_level"), reply_markup=level_menu(texts, prefs)
        )
    elif query.message is not None:  # too old to edit: the level choice comes anew
        await offer_levels(query.message, texts, prefs, service)


async def keep_playing(query: CallbackQuery) -> None:
    await query.answer()
    await _drop_prompt(query)


async def _drop_prompt(query: CallbackQuery) -> None:
    """Remove the confirmation message the tap came from (Telegram keeps one older than two
    days: it stays, its buttons still answer)."""
    if isinstance(query.message, Message):
        try:
            await query.message.delete()
        except TelegramBadRequest as error:
            log.info("question not removed: %s", error.message)


async def unknown(query: CallbackQuery, texts: Translator, prefs: Prefs) -> None:
    """Buttons we cannot read (malformed or from an older release) get an alert."""
    await query.answer(texts.text(prefs.locale, "alert_bad"), show_alert=True)


def router() -> Router:
    """This feature's handlers, on a fresh router (one per dispatcher)."""
    feature = Router(name="game")
    feature.callback_query.register(move, Tap.filter(F.action.in_(MOVES)))
    feature.callback_query.register(resign, Tap.filter(F.action == BoardAction.RESIGN))
    feature.callback_query.register(
        resign_for_new_game, Tap.filter(F.action == BoardAction.NEW_GAME)
    )
    feature.callback_query.register(keep_playing, Tap.filter(F.action == BoardAction.KEEP))
    feature.callback_query.register(unknown)
    return feature
