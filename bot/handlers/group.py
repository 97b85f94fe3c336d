"""Games between two people in a group: /play posts a challenge card (to anyone, or to one
person: /play as a reply, or /play @username; /play 3 5m for a match to 3 points with five
minutes a turn; /play short for short nardy), Join starts
the game on that card's message, Cancel withdraws it; /resign there asks the player; Rematch
under a finished game starts the next one when both players have tapped it.

Several games may run in one group, each on its own message; a player has at most one running
there (the service's slots). The board speaks the challenger's language; every answer to a
tap speaks the tapper's.
"""

from __future__ import annotations

from functools import partial

from aiogram import Bot, F, Router
from aiogram.enums import ChatType, MessageEntityType
from aiogram.filters import Command, CommandObject
from aiogram.types import CallbackQuery, Message, User

from bot.boards import Boards
from bot.handlers.access import GameAccess
from bot.handlers.cards import card_refused
from bot.handlers.replies import replied_author
from bot.handlers.resume import game_here
from bot.handlers.throttle import CHALLENGES
from bot.i18n import SOURCE, Texts, Translator, locale_for
from bot.prefs import Preferences
from bot.service import (
    Challenge,
    ChallengeGone,
    ChallengeOpen,
    GameError,
    GameInProgress,
    GameService,
    Table,
    Terms,
)
from bot.ui.alerts import refuse
from bot.ui.callbacks import ChallengeAction, ChallengeTap, Rematch
from bot.ui.delivery import close_card, send_board
from bot.ui.names import person_name, seat_for
from bot.ui.screens import challenge_screen, resign_question, terms_help
from bot.ui.terms import read_game, read_terms
from nardy import Color


def _invited(message: Message, user: User, texts: Texts) -> tuple[int | None, str | None] | None:
    """Whom /play challenges: the author of the message it replies to (not a forum topic's
    first message, which every message in the topic "replies" to), or the first mention
    (@username, or a person without one picked from the list); (None, None) for anyone; None
    when that is the challenger or a bot."""
    mentioned = next(
        (
            entity.user
            for entity in message.entities or []
            if entity.type == MessageEntityType.TEXT_MENTION
        ),
        None,
    )
    replied = replied_author(message)
    if replied is not None:
        mentioned = replied
    if mentioned is not None:
        if mentioned.is_bot or mentioned.id == user.id:
            return None
        return mentioned.id, person_name(mentioned, texts)
    for entity in message.entities or []:
        if entity.type == MessageEntityType.MENTION:
            mention = entity.extract_from(message.text or "")
            if user.username is not None and mention.lower() == f"@{user.username}".lower():
                return None
            return None, mention
    return None, None


async def challenge(
    message: Message,
    command: CommandObject,
    bot: Bot,
    texts: Texts,
    translator: Translator,
    service: GameService,
    preferences: Preferences,
    default_terms: Terms,
) -> None:
    """/play in a group (`/play 3 5m`: a match to 3 points, 5 minutes a turn): a challenge
    card under the group's settings (its house rules; its length and time per turn where
    /play names none), or why not."""
    user = message.from_user
    if user is None or user.is_bot:  # an anonymous admin, or a post on a channel's behalf
        await message.reply(texts.gettext("To play, write as yourself, not anonymously."))
        return
    invited = _invited(message, user, texts)
    if invited is None:
        await message.reply(texts.gettext("Challenge another person, not yourself or a bot."))
        return
    settings = await preferences.settings(message.chat.id, personal=False)
    terms = read_terms(command.args or "", settings.terms(default_terms))
    if terms is None:
        await message.reply(terms_help(texts))
        return
    invited_id, invited_name = invited
    rules = settings.rules_for(read_game(command.args or ""))
    seat, locale = seat_for(user, texts), texts.locale.value
    make = partial(
        service.challenge, message.chat.id, seat, locale, terms, invited_id, invited_name
    )
    try:
        try:
            made = await make(rules)
        except ChallengeOpen as open_:  # the new card replaces it: the old may be lost
            await _withdraw(bot, translator, service, open_.game_id, user.id)
            made = await make(rules)
    except GameInProgress as busy:
        if busy.user_id == user.id:
            text = texts.gettext("You already have a game in this chat: finish it first.")
        else:
            name = invited_name or ""
            text = texts.gettext(
                "{name} is playing a game here already: challenge them after it.", name=name
            )
        await message.reply(text)
        return
    thread = message.message_thread_id if message.is_topic_message else None
    card = await send_board(bot, message.chat.id, challenge_screen(made, texts), thread)
    await service.challenges.post_card(made, card)


async def challenge_tap(
    query: CallbackQuery,
    callback_data: ChallengeTap,
    bot: Bot,
    texts: Texts,
    translator: Translator,
    service: GameService,
    boards: Boards,
) -> None:
    """Join: the game starts on the card's message. Cancel: the card says it was withdrawn."""
    card = query.message
    if card is None:
        await refuse(query, texts, ChallengeGone(callback_data.game))
        return
    chat_id, user = card.chat.id, query.from_user
    try:
        if callback_data.action is ChallengeAction.JOIN:
            table = await service.join(
                callback_data.game, seat_for(user, texts), user.username, card.message_id, query.id
            )
        else:
            withdrawn = await service.challenges.cancel(callback_data.game, user.id)
    except GameError as error:
        expired = texts.gettext("This challenge has expired.")
        close = partial(close_card, bot, chat_id, card.message_id, expired)
        await card_refused(query, error, callback_data.game, bot, texts, boards, close)
        return
    await query.answer()
    if callback_data.action is ChallengeAction.JOIN:
        await boards.show(bot, table, table.game.to_move, texts)
    else:
        await _close_withdrawn(bot, translator, withdrawn, card.message_id)


async def _withdraw(
    bot: Bot, translator: Translator, service: GameService, challenge_id: str, user_id: int
) -> None:
    """Withdraw `user_id`'s challenge `challenge_id`, its card (if posted) saying so; nothing
    once it was joined or is gone meanwhile."""
    try:
        withdrawn = await service.challenges.cancel(challenge_id, user_id)
    except GameError:
        return
    if withdrawn.message_id is not None:
        await _close_withdrawn(bot, translator, withdrawn, withdrawn.message_id)


async def _close_withdrawn(
    bot: Bot, translator: Translator, withdrawn: Challenge, card: int
) -> None:
    """The card `card` of the `withdrawn` challenge says so, in the challenge's language."""
    card_texts = translator[locale_for(withdrawn.locale, SOURCE)]
    text = card_texts.gettext("{name} withdrew the challenge.", name=withdrawn.challenger.name)
    await close_card(bot, withdrawn.chat_id, card, text)


async def rematch(
    query: CallbackQuery,
    table: Table,
    seat: Color,
    bot: Bot,
    texts: Texts,
    service: GameService,
    boards: Boards,
) -> None:
    """The first player's tap asks (the board says so); the other's starts the next game on a
    new message."""
    try:
        finished, fresh = await service.rematch(table, seat, query.id)
    except GameError as error:
        await refuse(query, texts, error)
        return
    if fresh is None:
        await query.answer(texts.gettext("Asked: the game starts when your opponent agrees."))
        await boards.show(bot, finished, seat, texts)
        return
    try:
        await boards.open(bot, fresh, fresh.game.to_move, texts)
    except GameInProgress:
        await query.answer(
            texts.gettext("One of you already has another game here."), show_alert=True
        )
        return
    await query.answer()
    if finished.inline_id is None:  # in a group, the finished board stays above the new one
        await boards.show(bot, finished, seat, texts)


async def resign(message: Message, texts: Texts, service: GameService) -> None:
    """/resign in a group: the question to the player about their game here."""
    found = await game_here(message, texts, service)
    if found is None:
        return
    table, color, user_id = found
    text, markup = resign_question(texts, table, color, user_id)
    await message.reply(text, reply_markup=markup)


def router() -> Router:
    """This feature's handlers, on a fresh router (one per dispatcher)."""
    group = F.chat.type.in_({ChatType.GROUP, ChatType.SUPERGROUP})
    feature = Router(name="group")
    feature.message.register(challenge, Command("play"), group, flags={"cooldown": CHALLENGES})
    feature.message.register(resign, Command("resign"), group)
    feature.callback_query.register(challenge_tap, ChallengeTap.filter())
    rematches = Router(name="rematch")
    rematches.callback_query.middleware(GameAccess())
    rematches.callback_query.register(rematch, Rematch.filter())
    feature.include_router(rematches)
    return feature
