"""Games between two people through inline mode, in any chat (the bot need not be a member):
`@bot` offers one game and matches to 3, 5 and 7 of long nardy and one of short nardy (`@bot
short`: the other way round), each a challenge card; the first other
person to tap Join plays the challenger in that same inline message, which is edited in place;
Cancel withdraws the card while nobody has joined. The challenge lives in its buttons until
someone joins, sealed by the bot (`bot.ui.callbacks.InlineChallenge`, `bot.service.cards`)."""

from __future__ import annotations

import logging
import time
from dataclasses import replace
from functools import partial

from aiogram import Bot, Router
from aiogram.types import CallbackQuery, ChosenInlineResult, InlineQuery

from bot.boards import Boards
from bot.handlers.cards import card_refused
from bot.i18n import Texts, Translator
from bot.prefs import Preferences, Prefs
from bot.service import (
    MATCH_LENGTHS,
    GameError,
    GameService,
    InlineCard,
    Seat,
    Terms,
    inline_game_id,
)
from bot.storage import StoreUnavailable
from bot.ui.alerts import NOT_VALID
from bot.ui.callbacks import ChallengeAction, InlineChallenge
from bot.ui.delivery import PictureSource, close_inline_card
from bot.ui.inline import card_result, card_sealed
from bot.ui.keyboards import inline_challenge_menu
from bot.ui.names import seat_for
from bot.ui.screens import inline_card_screen
from bot.ui.terms import read_game, read_terms
from nardy.record import RecordError
from nardy.variants import VARIANTS, rules_from_text

log = logging.getLogger(__name__)

CACHE_SECONDS = 10  # how long Telegram may show one person the same cards again


async def offer(
    query: InlineQuery,
    bot: Bot,
    texts: Texts,
    preferences: Preferences,
    service: GameService,
    media: PictureSource | None,
    prefs: Prefs,
    default_terms: Terms,
) -> None:
    """The cards, personal to the one asking (their name, their language), under their house
    rules (/settings), on the terms the query names (`@bot 5m`: five minutes a turn) or else
    their settings' (the match length they chose is offered first); each sealed by the bot
    and showing the commitment of its game's dice (`GameService.seal_card`): nothing is
    stored per card."""
    user = query.from_user
    seat = seat_for(user, texts)
    try:  # the name Join will seat the challenger under
        await preferences.keep_name(user.id, seat.name)
    except StoreUnavailable:
        log.warning("could not keep the name of inline challenger %s", user.id)
    at = int(time.time())
    settings = prefs.settings.terms(default_terms)
    asked = read_terms(query.query, settings) or settings
    asked_game = read_game(query.query)
    results = []
    # Every length of the game asked for (long nardy unless the query names another), the
    # length asked first; then each other game at that length.
    cards = [(asked_game, n) for n in sorted(MATCH_LENGTHS, key=lambda n: n != asked.length)]
    others = [(game, asked.length) for game in VARIANTS if game is not asked_game]
    for game, length in [*cards, *others]:
        rules = prefs.settings.rules_for(game)
        terms = replace(asked, length=length)
        seal, commitment = service.seal_card(user.id, texts.locale.value, at, terms, rules)
        markup = inline_challenge_menu(texts, user.id, texts.locale, terms, rules, at, seal)
        pictures = media is not None
        screen = inline_card_screen(texts, seat.name, terms, rules, markup, pictures, commitment)
        # A card's picture waits for its slot: the game's later pictures replace it in place.
        photo = None if media is None else await media.picture(bot, screen, most=None)
        results.append(card_result(texts, terms, rules, screen, photo, seal))
    await query.answer(results, cache_time=CACHE_SECONDS, is_personal=True)


async def card_tap(
    query: CallbackQuery,
    callback_data: InlineChallenge,
    bot: Bot,
    texts: Texts,
    translator: Translator,
    preferences: Preferences,
    service: GameService,
    boards: Boards,
    media: PictureSource | None,
) -> None:
    """Join: the game starts in the card's inline message. Cancel: the card says so."""
    inline_id = query.inline_message_id
    if inline_id is None:  # the data of an inline card on some other message: forged
        await query.answer(texts.gettext(NOT_VALID), show_alert=True)
        return
    try:
        rules = rules_from_text(callback_data.rules)
    except RecordError:
        await query.answer(texts.gettext(NOT_VALID), show_alert=True)
        return
    card_texts = translator[callback_data.locale]
    name = await preferences.name(callback_data.by) or card_texts.gettext("Player")
    card = InlineCard(
        inline_id,
        query.chat_instance,
        Seat(user_id=callback_data.by, name=name, locale=callback_data.locale.value),
        callback_data.locale.value,
        callback_data.at,
        Terms(callback_data.length, callback_data.limit),
        rules,
        callback_data.seal,
    )
    user = query.from_user
    picture = media is not None
    try:
        if callback_data.action is ChallengeAction.JOIN:
            table = await service.join_inline(card, seat_for(user, texts), query.id)
        else:
            await service.challenges.withdraw_inline(card, user.id)
    except GameError as error:
        expired = card_texts.gettext("This challenge has expired.")
        close = partial(close_inline_card, bot, inline_id, expired, picture)
        game_id = inline_game_id(inline_id)
        await card_refused(query, error, game_id, bot, texts, boards, close)
        return
    await query.answer()
    if callback_data.action is ChallengeAction.JOIN:
        await boards.show(bot, table, table.game.to_move, texts)
    else:
        withdrawn = card_texts.gettext("{name} withdrew the challenge.", name=name)
        await close_inline_card(bot, inline_id, withdrawn, picture)


async def card_sent(chosen: ChosenInlineResult, service: GameService) -> None:
    """A card was sent into a chat as an inline message (Telegram tells when inline feedback
    is on, docs/OPERATING.md): only that card's Join and Cancel act on that message."""
    seal = card_sealed(chosen.result_id)
    if seal is None or chosen.inline_message_id is None:
        return
    await service.challenges.bind_card(chosen.inline_message_id, seal)


def router() -> Router:
    """This feature's handlers, on a fresh router (one per dispatcher)."""
    feature = Router(name="inline")
    feature.inline_query.register(offer)
    feature.chosen_inline_result.register(card_sent)
    feature.callback_query.register(card_tap, InlineChallenge.filter())
    return feature
