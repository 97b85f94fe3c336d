"""Taps on a game's buttons: select a checker, move it, undo, done, resign, start anew.

A refused tap (stale, over, forged, someone else's) gets an alert and changes nothing.
"""

from __future__ import annotations

from aiogram import Bot, F, Router
from aiogram.types import CallbackQuery, Message
from aiogram.utils.chat_action import ChatActionSender

from bot.board_view import parse_chain
from bot.boards import Boards
from bot.callbacks import BoardAction, Tap
from bot.handlers.play import level_menu
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
        session, selected, end_turn = await _apply(callback_data, prefs, service, session)
    except GameError as error:
        await query.answer(texts.text(prefs.locale, ALERTS[type(error)]), show_alert=True)
        return
    await query.answer()
    if end_turn:
        try:
            async with ChatActionSender.choose_sticker(bot=bot, chat_id=session.chat_id):
                session = await service.done(session)
        except (Busy, Stale):
            return  # a doubled Done: the first tap is answering, and will show the board
    await boards.show(bot, session, _viewer(session, query), prefs.locale, selected)


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


async def _resign_and_show(
    query: CallbackQuery,
    tap: Tap,
    bot: Bot,
    texts: Translator,
    prefs: Prefs,
    service: GameService,
    boards: Boards,
) -> bool:
    """Resign the tapped game and show its final board. A game already over needs nothing;
    False (after an alert) when the tapper may not resign it."""
    try:
        session = await service.resign(tap.game, query.from_user.id)
    except GameOver:
        await query.answer()
        return True
    except GameError as error:
        await query.answer(texts.text(prefs.locale, ALERTS[type(error)]), show_alert=True)
        return False
    await query.answer()
    await boards.show(bot, session, _viewer(session, query), prefs.locale)
    return True


async def resign(
    query: CallbackQuery,
    callback_data: Tap,
    bot: Bot,
    texts: Translator,
    prefs: Prefs,
    service: GameService,
    boards: Boards,
) -> None:
    if await _resign_and_show(query, callback_data, bot, texts, prefs, service, boards):
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
    resigned = await _resign_and_show(query, callback_data, bot, texts, prefs, service, boards)
    if resigned and isinstance(query.message, Message):
        await query.message.edit_text(
            texts.text(prefs.locale, "choose_level"), reply_markup=level_menu(texts, prefs)
        )


async def keep_playing(query: CallbackQuery) -> None:
    await query.answer()
    await _drop_prompt(query)


async def _drop_prompt(query: CallbackQuery) -> None:
    """Remove the confirmation message the tap came from."""
    if isinstance(query.message, Message):
        await query.message.delete()


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
