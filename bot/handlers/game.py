"""Taps on a game's buttons and answers to questions about it: each is turned into a service
action, answered once, and the board shown as the service left it.

A refused tap changes nothing: one whose board is merely behind its game (stale, a doubled
tap, the game over) gets a toast and the board is brought up to date; a forged or someone
else's tap gets an alert.
"""

from __future__ import annotations

from contextlib import AsyncExitStack

from aiogram import Bot, Router
from aiogram.types import CallbackQuery, Message

from bot.boards import Boards
from bot.handlers.access import GameAccess
from bot.handlers.play import offer_levels
from bot.i18n import Texts
from bot.prefs import Prefs
from bot.service import (
    Action,
    ClaimWin,
    Deselect,
    Done,
    Double,
    Drop,
    GameError,
    GameOver,
    GameService,
    Hint,
    Move,
    NoGame,
    NotAsked,
    Outcome,
    PlayTurn,
    Resign,
    Roll,
    Select,
    Stale,
    Table,
    Take,
    Undo,
)
from bot.ui.alerts import BEHIND, refuse
from bot.ui.callbacks import (
    Answer,
    BoardAction,
    BoardTap,
    FairDiceTap,
    Question,
    shown_seq,
    unpack_turn,
)
from bot.ui.chat_action import choosing
from bot.ui.delivery import delete_message
from bot.ui.keyboards import level_menu
from bot.ui.screens import dice_line
from nardy import Color
from nardy.variants import variant_of


def _action(tap: BoardTap, confirm: bool) -> Action | None:
    """The service action a button asks for, a move that completes the turn ending it when
    `confirm` (`_ends_by_itself`); None for a shared board's question about resigning (asked
    or put away), which changes nothing stored."""
    match tap.action:
        case BoardAction.SELECT:
            return Select(tap.src)
        case BoardAction.MOVE:
            return Move(tap.src, tap.dst, confirm=confirm)
        case BoardAction.TURN:
            return PlayTurn(unpack_turn(tap.src), confirm=confirm)
        case BoardAction.BACK:
            return Deselect()
        case BoardAction.UNDO:
            return Undo()
        case BoardAction.DONE:
            return Done()
        case BoardAction.HINT:
            return Hint()
        case BoardAction.RESIGN:
            return Resign()
        case BoardAction.ROLL:
            return Roll()
        case BoardAction.DOUBLE:
            return Double()
        case BoardAction.TAKE:
            return Take()
        case BoardAction.DROP:
            return Drop()
        case BoardAction.CLAIM:
            return ClaimWin()
        case BoardAction.ASK_RESIGN | BoardAction.KEEP:
            return None


def _ends_by_itself(table: Table, prefs: Prefs) -> bool:
    """Whether a turn ends with the move that completes it, without Done. On a shared board it
    does: the opponent waits for it, and Done would cost the group one of its 20 edits a
    minute (DESIGN.md §3). Against the bot Done stays unless the player turned it off
    (auto-confirm): the bot answers the moment the turn ends, so Done is the last look at the
    turn before it is final, and in a private chat an edit costs nothing scarce. No turn is
    taken back once it ended: the next roll is on the board then, and a take-back would let
    the mover choose again knowing it."""
    return table.shared or prefs.auto_confirm


async def _apply(
    query: CallbackQuery,
    bot: Bot,
    texts: Texts,
    service: GameService,
    seated: tuple[Table, Color],
    action: Action,
    seq: int | None,
) -> Outcome | GameError:
    """Apply `action`, answering the tap exactly once: as soon as the action is accepted,
    before the bot thinks (the chat shows it choosing meanwhile), or with the refusal's alert.
    A refusal is returned, not raised."""
    table, seat = seated
    answered = False
    async with AsyncExitStack() as stack:

        async def accepted(bot_thinks: bool) -> None:
            nonlocal answered
            answered = True
            await query.answer()
            if bot_thinks:
                await stack.enter_async_context(choosing(bot, table.chat_id))

        try:
            return await service.apply(table, seat, action, seq, accepted)
        except GameError as error:
            if not answered:  # accepted, then lost to a change saved meanwhile: answered
                await refuse(query, texts, error)
            return error


async def board_tap(
    query: CallbackQuery,
    callback_data: BoardTap,
    table: Table,
    seat: Color,
    bot: Bot,
    texts: Texts,
    prefs: Prefs,
    service: GameService,
    boards: Boards,
) -> None:
    action = _action(callback_data, _ends_by_itself(table, prefs))
    message = query.message  # a board of this game in its chat, or an old message there
    tapped = message.message_id if message and message.chat.id == table.chat_id else None
    if action is None:
        await _resign_question(query, callback_data, table, seat, bot, texts, boards, tapped)
        return
    if callback_data.action is BoardAction.RESIGN and callback_data.src != seat:
        await refuse(query, texts, NotAsked(table.game_id))
        return
    seated = (table, seat)
    outcome = await _apply(query, bot, texts, service, seated, action, callback_data.seq)
    if isinstance(outcome, Outcome):
        now = outcome.table.seat_now(table, seat)
        await boards.show(
            bot,
            outcome.table,
            now,
            texts,
            selected=outcome.selected,
            tapped=tapped,
            settings=prefs.settings,
        )
    elif isinstance(outcome, BEHIND):
        await _catch_up(query, callback_data, tapped, seat, bot, texts, service, boards)


async def _resign_question(
    query: CallbackQuery,
    tap: BoardTap,
    table: Table,
    seat: Color,
    bot: Bot,
    texts: Texts,
    boards: Boards,
    tapped: int | None,
) -> None:
    """A shared board's Resign asks the tapper to confirm on the board; Keep playing puts the
    question away. On a board behind its game, the tap is refused and the board caught up."""
    if table.game.over or tap.seq != table.seq:
        error = GameOver(table.game_id) if table.game.over else Stale(table.game_id)
        await refuse(query, texts, error)
        await boards.show(bot, table, seat, texts, tapped=tapped, catching_up=True)
        return
    await query.answer()
    asking = seat if tap.action is BoardAction.ASK_RESIGN else None
    await boards.show(bot, table, seat, texts, tapped=tapped, resigning=asking)


async def _catch_up(
    query: CallbackQuery,
    tap: BoardTap,
    tapped: int | None,
    seat: Color,
    bot: Bot,
    texts: Texts,
    service: GameService,
    boards: Boards,
) -> None:
    """Bring a board that shows an older state of its game up to date.

    A change is saved before its board is edited, so a bot stopped in between, or an edit that
    failed, leaves a board whose every button is stale; its next tap shows the game as it is,
    and play goes on from there. A board already up to date (a doubled tap) is left alone.
    """
    shown = shown_seq(query.message, tap)
    try:
        table = await service.load(tap.game)
    except NoGame:
        return
    if shown is not None and shown != table.seq:
        await boards.show(bot, table, seat, texts, tapped=tapped, catching_up=True)


async def answer_question(
    query: CallbackQuery,
    callback_data: Question,
    table: Table,
    seat: Color,
    bot: Bot,
    texts: Texts,
    prefs: Prefs,
    service: GameService,
    boards: Boards,
) -> None:
    """/resign's Yes resigns the game only as the question scored it (`Stale` once it has moved
    on); Keep playing leaves it; either way the question goes. /play's Back to my game sends
    the board anew; its Resign and start anew resigns the game as it is (or finds it over) and
    turns the question into the level choice (only the player asked gets here: `GameAccess`)."""
    answer = callback_data.answer
    if answer is Answer.RESIGN:
        seated = (table, seat)
        outcome = await _apply(query, bot, texts, service, seated, Resign(), callback_data.seq)
        if isinstance(outcome, Outcome):
            await boards.show(bot, outcome.table, outcome.table.seat_now(table, seat), texts)
    elif answer is Answer.NEW_GAME:
        length = prefs.settings.length
        await _resign_and_start_anew(query, (table, seat), length, bot, texts, service, boards)
        return
    else:
        await query.answer()
        if answer is Answer.SHOW and not table.game.over:
            await boards.resend(bot, table, seat, texts)
    if isinstance(query.message, Message):  # the question itself (`bot.handlers.own_buttons`)
        await delete_message(bot, query.message.chat.id, query.message.message_id)


async def _resign_and_start_anew(
    query: CallbackQuery,
    seated: tuple[Table, Color],
    length: int,
    bot: Bot,
    texts: Texts,
    service: GameService,
    boards: Boards,
) -> None:
    """The game resigned (unless over), and the question turned into the level choice with
    `length` and its game marked."""
    table, seat = seated
    game = variant_of(table.game)
    if table.game.over:
        await query.answer()
    else:
        resign = Resign(whole_match=True)
        outcome = await _apply(query, bot, texts, service, seated, resign, None)
        if not isinstance(outcome, Outcome):
            return
        await boards.show(bot, outcome.table, seat, texts)
    if isinstance(query.message, Message):
        await query.message.edit_text(
            texts.gettext("Choose the bot's level:"), reply_markup=level_menu(texts, length, game)
        )
    elif query.message is not None:  # too old to edit: the level choice comes anew
        await offer_levels(query.message, texts, length, game)


async def fair_dice(
    query: CallbackQuery, callback_data: FairDiceTap, texts: Texts, service: GameService
) -> None:
    """The whole commitment of a game's dice, in an alert to whoever asks: nothing changes,
    so no message is edited."""
    try:
        table = await service.load(callback_data.game)
    except NoGame as gone:
        await refuse(query, texts, gone)
        return
    if table.fair is None:
        await refuse(query, texts, NoGame(callback_data.game))
        return
    await query.answer(dice_line(texts, table.fair.commitment), show_alert=True)


def router() -> Router:
    """This feature's handlers, on a fresh router (one per dispatcher)."""
    feature = Router(name="game")
    feature.callback_query.middleware(GameAccess())
    feature.callback_query.register(board_tap, BoardTap.filter())
    feature.callback_query.register(answer_question, Question.filter())
    feature.callback_query.register(fair_dice, FairDiceTap.filter())
    return feature
