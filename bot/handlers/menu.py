"""/start, /help, /rules and the main-menu buttons."""

from __future__ import annotations

from functools import partial

from aiogram import Bot, F, Router
from aiogram.enums import ChatType
from aiogram.filters import Command, CommandStart
from aiogram.types import CallbackQuery, Message

from bot.handlers.private import send_privately
from bot.handlers.throttle import GROUP_INFO, RULES
from bot.i18n import N_, Texts
from bot.ui.callbacks import Menu, MenuAction
from bot.ui.delivery import Pictures
from bot.ui.keyboards import main_menu
from bot.ui.rules import PAGES
from bot.ui.rules import caption as rules_caption
from bot.ui.rules import jpeg as rules_jpeg
from renderer import BoardView

WELCOME = N_(
    "Long nardy and short nardy (backgammon) right here in Telegram.\n"
    "Play against the bot: with the buttons under the board, choose a checker, then where it"
    " goes. The board updates in place."
)
HELP = N_(
    "/play — a new game against the bot: long or short nardy\n"
    "/games — your games going\n"
    "/stats — your statistics and rating; /top — the best players\n"
    "/record — records of your finished games, to check the dice\n"
    "/resign — give up the current game\n"
    "/rules — the rules of long and short nardy\n"
    "/lang — change the language\n"
    "/settings — house rules, match length, time per turn, board colours\n"
    "/start — the main menu\n"
    "To play a friend, type @{bot} in any chat and choose a game, or add me to a group."
)
GROUP_HELP = N_(
    "/play — challenge anyone here to a game; as a reply to someone, or with @username, that"
    " person alone. /play 3 5m: a match to 3 points, five minutes a turn; /play short: short"
    " nardy.\n"
    "/resign — give up your game here; /games — your board again, at the bottom\n"
    "/stats — your statistics (as a reply: that person's); /top — the best players here\n"
    "/record — records of your finished games, sent to you privately\n"
    "/rules — the rules of long and short nardy\n"
    "/settings — this group's house rules and game settings (its administrators change them)\n"
    "In any chat, type @{bot} to invite someone to a game."
)


async def start(message: Message, texts: Texts) -> None:
    await message.answer(texts.gettext(WELCOME), reply_markup=main_menu(texts))


async def help_(message: Message, bot: Bot, texts: Texts) -> None:
    """What the bot does here: in a private chat, games against it; in a group, challenges."""
    me = await bot.me()
    private = message.chat.type == ChatType.PRIVATE
    await message.answer(texts.gettext(HELP if private else GROUP_HELP, bot=me.username))


async def rules(message: Message, bot: Bot, texts: Texts, pictures: Pictures) -> None:
    """RULES.md in short, in five sections and short nardy's page (`bot.ui.rules`), each sent
    as a photo with its caption under it, in order. Not an album (sendMediaGroup): Telegram
    shows an album as small tiles with the captions hidden until a photo is opened, and the
    captions are the rules; single photos read top to bottom like an illustrated page. Asked
    in a group, they go to the private chat: six photos would spend the group's games'
    messages for a minute."""
    if message.chat.type == ChatType.PRIVATE:
        await send_rules(bot, message.chat.id, texts, pictures)
        return
    await send_privately(
        message, bot, texts, partial(send_rules, bot, texts=texts, pictures=pictures)
    )


async def send_rules(bot: Bot, chat_id: int, texts: Texts, pictures: Pictures) -> None:
    """The five sections and short nardy's page in `texts`' language, one after the other
    (each waits for the last, so they arrive in order); each picture drawn once per language
    and theme."""
    theme = BoardView().theme  # boards are drawn in the default theme
    for section in PAGES:
        key = ("rules", section.key, texts.locale, theme.name)
        draw = partial(rules_jpeg, section, texts, theme)
        await pictures.send(bot, chat_id, key, draw, rules_caption(section, texts))


async def rules_button(query: CallbackQuery, bot: Bot, texts: Texts, pictures: Pictures) -> None:
    await query.answer()
    if query.message is not None:  # an old menu's chat is known even when it is inaccessible
        await send_rules(bot, query.message.chat.id, texts, pictures)


def router() -> Router:
    """This feature's handlers, on a fresh router (one per dispatcher)."""
    feature = Router(name="menu")
    plain_start = CommandStart(magic=~F.args)  # `/start play` (a deep link) is play's
    feature.message.register(start, plain_start, F.chat.type == ChatType.PRIVATE)
    feature.message.register(help_, Command("help"), flags={"cooldown": GROUP_INFO})
    feature.message.register(rules, Command("rules"), flags={"cooldown": RULES})
    feature.callback_query.register(
        rules_button, Menu.filter(F.action == MenuAction.RULES), flags={"cooldown": RULES}
    )
    return feature
