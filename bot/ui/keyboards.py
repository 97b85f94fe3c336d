"""Every inline keyboard the bot shows, built in the reader's language."""

from __future__ import annotations

from collections.abc import Callable

from aiogram.types import InlineKeyboardButton, InlineKeyboardMarkup
from aiogram.utils.keyboard import InlineKeyboardBuilder

from bot.i18n import Locale, Translator
from bot.prefs import Prefs
from bot.service import Session
from bot.ui.callbacks import (
    Answer,
    BoardAction,
    BoardTap,
    Menu,
    MenuAction,
    PickLanguage,
    PickLevel,
    Question,
)
from nardy.ai import AVAILABLE_LEVELS, Level
from nardy.chains import chains_from

CHECKERS_PER_ROW = 6
TARGETS_PER_ROW = 2


def main_menu(texts: Translator, prefs: Prefs) -> InlineKeyboardMarkup:
    """Play vs bot, Rules, Language, and the auto-confirm toggle showing its state."""
    t = _in(texts, prefs.locale)
    builder = InlineKeyboardBuilder()
    builder.button(text=t("btn_play_bot"), callback_data=Menu(action=MenuAction.PLAY))
    builder.button(text=t("btn_rules"), callback_data=Menu(action=MenuAction.RULES))
    builder.button(text=t("btn_language"), callback_data=Menu(action=MenuAction.LANGUAGE))
    auto = "btn_auto_on" if prefs.auto_confirm else "btn_auto_off"
    builder.button(text=t(auto), callback_data=Menu(action=MenuAction.AUTO_CONFIRM))
    builder.adjust(1, 2, 1)
    return builder.as_markup()


def language_menu(texts: Translator) -> InlineKeyboardMarkup:
    """One button per locale, each labelled in its own language."""
    builder = InlineKeyboardBuilder()
    for locale in Locale:
        builder.button(
            text=texts.text(locale, "language_name"), callback_data=PickLanguage(locale=locale)
        )
    return builder.as_markup()


def level_menu(texts: Translator, locale: Locale) -> InlineKeyboardMarkup:
    """One button per level the AI offers now."""
    builder = InlineKeyboardBuilder()
    for level in AVAILABLE_LEVELS:
        builder.button(
            text=texts.text(locale, f"level_{level.value}"),
            callback_data=PickLevel(level=level.value),
        )
    builder.adjust(2)
    return builder.as_markup()


def question_menu(
    texts: Translator, locale: Locale, session: Session, yes: Answer, yes_text: str
) -> InlineKeyboardMarkup:
    """`yes_text` acting on the game as it is now, or keep playing."""
    builder = InlineKeyboardBuilder()
    for answer, key in ((yes, yes_text), (Answer.KEEP, "btn_resign_no")):
        data = Question(game=session.game_id, seq=session.seq, answer=answer)
        builder.button(text=texts.text(locale, key), callback_data=data)
    builder.adjust(1)
    return builder.as_markup()


def move_menu(
    texts: Translator, locale: Locale, session: Session, selected: int | None
) -> InlineKeyboardMarkup:
    """Checkers to pick (or the picked one's destinations and Back), then Undo and Done."""
    game = session.game
    t = _in(texts, locale)

    def button(text: str, action: BoardAction, src: int = 0, dst: int = 0) -> InlineKeyboardButton:
        tap = BoardTap(game=session.game_id, seq=session.seq, action=action, src=src, dst=dst)
        return InlineKeyboardButton(text=text, callback_data=tap.pack())

    builder = InlineKeyboardBuilder()
    if selected is None:
        sources = sorted({step.src for step in game.next_steps()}, reverse=True)
        checkers = [button(str(src), BoardAction.SELECT, src) for src in sources]
        builder.row(*checkers, width=CHECKERS_PER_ROW)
    else:
        targets = []
        for chain in chains_from(game, selected):
            dst = chain[-1].dst
            label = f"{selected} → {dst or t('btn_off')}"
            targets.append(button(label, BoardAction.MOVE, selected, dst))
        builder.row(*targets, width=TARGETS_PER_ROW)
        builder.row(button(t("btn_back"), BoardAction.BACK))
    footer = []
    if game.played:
        footer.append(button(t("btn_undo"), BoardAction.UNDO))
    if game.turn_complete:
        footer.append(button(t("btn_done"), BoardAction.DONE))
    builder.row(*footer)
    return builder.as_markup()


def again_menu(texts: Translator, locale: Locale, level: Level) -> InlineKeyboardMarkup:
    """Play again at the same level."""
    builder = InlineKeyboardBuilder()
    builder.button(
        text=texts.text(locale, "btn_play_again"), callback_data=PickLevel(level=level.value)
    )
    return builder.as_markup()


def _in(texts: Translator, locale: Locale) -> Callable[[str], str]:
    return lambda key: texts.text(locale, key)
