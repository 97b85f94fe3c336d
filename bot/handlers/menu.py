"""/start, /help, /rules and the main-menu buttons."""

from __future__ import annotations

from aiogram import Bot, F, Router
from aiogram.enums import ChatType
from aiogram.filters import Command, CommandStart
from aiogram.types import CallbackQuery, Message

from bot.i18n import N_, Texts
from bot.prefs import AUTO_CONFIRM, Prefs
from bot.storage import GameStore
from bot.ui.callbacks import Menu, MenuAction
from bot.ui.keyboards import main_menu

WELCOME = N_(
    "Long nardy (long backgammon) right here in Telegram.\n"
    "Play against the bot: tap a checker, then where it goes. The board updates in place."
)
HELP = N_(
    "/play — a new game against the bot\n"
    "/games — your games going\n"
    "/stats — your statistics and rating; /top — the best players\n"
    "/resign — give up the current game\n"
    "/rules — the rules of long nardy\n"
    "/lang — change the language\n"
    "/start — the main menu\n"
    "To play a friend, type @{bot} in any chat and choose a game, or add me to a group."
)
GROUP_HELP = N_(
    "/play — challenge anyone here to a game; as a reply to someone, or with @username, that"
    " person alone. /play 3 5m: a match to 3 points, five minutes a turn.\n"
    "/resign — give up your game here; /games — your board again, at the bottom\n"
    "/stats — your statistics (as a reply: that person's); /top — the best players here\n"
    "/rules — the rules of long nardy\n"
    "In any chat, type @{bot} to invite someone to a game."
)
# RULES.md in short, for players (HTML).
RULES = N_(
    "<b>Long nardy in brief</b>\n"
    "• Each player has 15 checkers on the head, his point 24. Both move the same way round,"
    " from point 24 down to 1, and bear off from their home, points 1–6.\n"
    "• Each player rolls one die: the higher starts and plays white (a tie is rolled again),"
    " then rolls both dice for the first turn.\n"
    "• A turn: each die moves one checker that many points (a double is played four times)."
    " A checker may never land on a point held by the opponent; when one checker takes both"
    " dice, the point in between must not be held by the opponent either.\n"
    "• Play as many dice as the position allows; if either die can be played but not both,"
    " play the higher one. With no legal move the turn passes.\n"
    "• Only one checker may leave the head per turn; on the first turn a 6-6, 4-4 or 3-3 lets"
    " two leave.\n"
    "• Six of your points in a row are allowed only when at least one opponent checker is"
    " ahead of them on the opponent's path (or already borne off).\n"
    "• Bear off once all 15 checkers are home: a die bears off a checker from the point of its"
    " number or, when that point and all higher ones are empty, from the highest occupied"
    " point.\n"
    "• The first to bear off all 15 wins: 1 point (oyn), or 2 (mars) if the loser has borne off"
    " none. A resignation is scored the same way, from the position at that moment."
)


async def start(message: Message, texts: Texts, prefs: Prefs) -> None:
    await message.answer(texts.gettext(WELCOME), reply_markup=main_menu(texts, prefs))


async def help_(message: Message, bot: Bot, texts: Texts) -> None:
    """What the bot does here: in a private chat, games against it; in a group, challenges."""
    me = await bot.me()
    private = message.chat.type == ChatType.PRIVATE
    await message.answer(texts.gettext(HELP if private else GROUP_HELP, bot=me.username))


async def rules(message: Message, texts: Texts) -> None:
    await message.answer(texts.gettext(RULES), parse_mode="HTML")


async def rules_button(query: CallbackQuery, texts: Texts) -> None:
    await query.answer()
    if isinstance(query.message, Message):
        await rules(query.message, texts)


async def toggle_auto_confirm(
    query: CallbackQuery, texts: Texts, prefs: Prefs, store: GameStore
) -> None:
    turned_on = not prefs.auto_confirm
    await store.set_user_pref(query.from_user.id, AUTO_CONFIRM, "1" if turned_on else "0")
    on = N_("Turns are now confirmed as soon as they are complete.")
    off = N_("Turns now wait for a tap on Done.")
    await query.answer(texts.gettext(on if turned_on else off))
    if isinstance(query.message, Message):
        menu = main_menu(texts, Prefs(prefs.locale, turned_on))
        await query.message.edit_reply_markup(reply_markup=menu)


def router() -> Router:
    """This feature's handlers, on a fresh router (one per dispatcher)."""
    feature = Router(name="menu")
    plain_start = CommandStart(magic=~F.args)  # `/start play` (a deep link) is play's
    feature.message.register(start, plain_start, F.chat.type == ChatType.PRIVATE)
    feature.message.register(help_, Command("help"))
    feature.message.register(rules, Command("rules"))
    feature.callback_query.register(rules_button, Menu.filter(F.action == MenuAction.RULES))
    feature.callback_query.register(
        toggle_auto_confirm, Menu.filter(F.action == MenuAction.AUTO_CONFIRM)
    )
    return feature
