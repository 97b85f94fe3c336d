"""Every inline keyboard the bot shows, built in the reader's language."""

from __future__ import annotations

from collections.abc import Sequence

from aiogram.types import InlineKeyboardButton, InlineKeyboardMarkup
from aiogram.utils.keyboard import InlineKeyboardBuilder

from bot.i18n import Locale, Texts, Translator
from bot.service import MATCH_LENGTHS, Session, Terms
from bot.ui.callbacks import (
    Answer,
    BoardAction,
    BoardTap,
    ChallengeAction,
    ChallengeTap,
    InlineChallenge,
    Menu,
    MenuAction,
    PickLanguage,
    PickLength,
    PickLevel,
    PickMatch,
    Question,
    RecordTap,
    Rematch,
)
from bot.ui.names import level_name
from nardy import Color, Rules
from nardy.ai import AVAILABLE_LEVELS, Level
from nardy.chains import chains_from
from nardy.record import rules_to_text

LEVELS_PER_ROW = 2
CHECKERS_PER_ROW = 6
TARGETS_PER_ROW = 2


def main_menu(texts: Texts) -> InlineKeyboardMarkup:
    """Play vs bot, Rules, Language and Settings."""
    _ = texts.gettext
    builder = InlineKeyboardBuilder()
    builder.button(text=_("🎲 Play vs bot"), callback_data=Menu(action=MenuAction.PLAY))
    builder.button(text=_("📖 Rules"), callback_data=Menu(action=MenuAction.RULES))
    builder.button(text=_("🌐 Language"), callback_data=Menu(action=MenuAction.LANGUAGE))
    builder.button(text=_("⚙️ Settings"), callback_data=Menu(action=MenuAction.SETTINGS))
    builder.adjust(1, 2, 1)
    return builder.as_markup()


def language_menu(translator: Translator) -> InlineKeyboardMarkup:
    """One button per locale, each labelled in its own language."""
    builder = InlineKeyboardBuilder()
    for locale in Locale:
        # Translators: the name of your own language, in your language.
        name = translator[locale].gettext("English")
        builder.button(text=name, callback_data=PickLanguage(locale=locale))
    return builder.as_markup()


def level_menu(texts: Texts, length: int = 1) -> InlineKeyboardMarkup:
    """One button per level the AI offers now, starting one game or a match to `length`
    points at once; below, a row of the match lengths with `length` marked."""
    levels = [
        InlineKeyboardButton(
            text=level_name(texts, level), callback_data=_level_data(level, length).pack()
        )
        for level in AVAILABLE_LEVELS
    ]
    lengths = []
    for n in MATCH_LENGTHS:
        if n == 1:
            # Translators: on a short button beside "to 3", "to 5", "to 7".
            label = texts.gettext("1 game")
        else:
            label = texts.pgettext("a match length, on a short button", "to {n}", n=n)
        text = f"• {label} •" if n == length else label
        lengths.append(InlineKeyboardButton(text=text, callback_data=PickLength(length=n).pack()))
    builder = InlineKeyboardBuilder()
    builder.row(*levels, width=LEVELS_PER_ROW)
    builder.row(*lengths)
    return builder.as_markup()


def _level_data(level: Level, length: int) -> PickLevel | PickMatch:
    """What a level button carries: one game, or a match to `length` points."""
    if length == 1:
        return PickLevel(level=level.value)
    return PickMatch(level=level.value, length=length)


def question_menu(
    session: Session, user_id: int, answers: Sequence[tuple[Answer, str]]
) -> InlineKeyboardMarkup:
    """A question to `user_id` about the game as it is now: one button per (answer, its text,
    already translated)."""
    builder = InlineKeyboardBuilder()
    for answer, text in answers:
        data = Question(game=session.game_id, seq=session.seq, user=user_id, answer=answer)
        builder.button(text=text, callback_data=data)
    builder.adjust(1)
    return builder.as_markup()


def move_menu(
    texts: Texts, session: Session, selected: int | None, resigning: Color | None = None
) -> InlineKeyboardMarkup:
    """Checkers to pick (or the picked one's destinations and Back), then Undo and Done; against
    the bot, Hint before the turn's first step (once a turn); on a shared board, Resign, or,
    while the player of `resigning` considers it, Yes and Keep playing (the player to move
    keeps their buttons meanwhile)."""
    game = session.game
    _ = texts.gettext

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
        # Translators: a checker borne off, as a button's destination, in move notation
        # (15/off) and on the picture: a short noun.
        off = _("off")
        for chain in chains_from(game, selected):
            dst = chain[-1].dst
            label = f"{selected} → {dst or off}"
            targets.append(button(label, BoardAction.MOVE, selected, dst))
        builder.row(*targets, width=TARGETS_PER_ROW)
        builder.row(button(_("⬅️ Back"), BoardAction.BACK))
    footer = []
    if game.played:
        footer.append(button(_("↩️ Undo"), BoardAction.UNDO))
    if game.turn_complete:
        footer.append(button(_("✅ Done"), BoardAction.DONE))
    builder.row(*footer)
    if not session.shared:
        if not game.played and not session.hint:  # a hint is for the turn's start
            builder.row(button(_("💡 Hint"), BoardAction.HINT))
        return builder.as_markup()
    if resigning is None:  # either player may resign, on either side's turn
        builder.row(button(_("🏳 Resign"), BoardAction.ASK_RESIGN))
    else:
        builder.row(
            button(_("🏳 Yes, resign"), BoardAction.RESIGN, int(resigning)),
            button(_("Keep playing"), BoardAction.KEEP),
        )
    return builder.as_markup()


def again_menu(
    texts: Texts, level: Level, length: int = 1, record: str | None = None
) -> InlineKeyboardMarkup:
    """Play again at the same level, one game or a match to the same `length`; the game's
    `record`, when it has one."""
    builder = InlineKeyboardBuilder()
    builder.button(text=texts.gettext("🎲 Play again"), callback_data=_level_data(level, length))
    return _with_record(builder, texts, record)


def _with_record(
    builder: InlineKeyboardBuilder, texts: Texts, record: str | None
) -> InlineKeyboardMarkup:
    """The buttons under a finished game, and the Game record button when it has one."""
    if record is not None:
        builder.button(text=texts.gettext("📜 Game record"), callback_data=RecordTap(name=record))
    return builder.as_markup()


def records_menu(labels: Sequence[tuple[str, str]]) -> InlineKeyboardMarkup:
    """One button a record (its name, the label shown), one to a row."""
    builder = InlineKeyboardBuilder()
    for name, label in labels:
        builder.button(text=label, callback_data=RecordTap(name=name))
    builder.adjust(1)
    return builder.as_markup()


def challenge_menu(texts: Texts, challenge_id: str) -> InlineKeyboardMarkup:
    """Join (anyone allowed but the challenger) and Cancel (the challenger)."""
    builder = InlineKeyboardBuilder()
    join = ChallengeTap(game=challenge_id, action=ChallengeAction.JOIN)
    builder.button(text=texts.gettext("🎲 Join"), callback_data=join)
    cancel = ChallengeTap(game=challenge_id, action=ChallengeAction.CANCEL)
    builder.button(text=texts.gettext("✖️ Cancel"), callback_data=cancel)
    return builder.as_markup()


def inline_challenge_menu(
    texts: Texts, by: int, locale: Locale, terms: Terms, rules: Rules, at: int, dice: str = ""
) -> InlineKeyboardMarkup:
    """Join and Cancel under an inline challenge card, carrying the challenge (`dice`: the
    nonce of its committed dice)."""
    builder = InlineKeyboardBuilder()
    for action, label in (
        (ChallengeAction.JOIN, texts.gettext("🎲 Join")),
        (ChallengeAction.CANCEL, texts.gettext("✖️ Cancel")),
    ):
        data = InlineChallenge(
            by=by,
            locale=locale,
            length=terms.length,
            limit=terms.turn_limit,
            at=at,
            action=action,
            rules=rules_to_text(rules),
            dice=dice,
        )
        builder.button(text=label, callback_data=data)
    return builder.as_markup()


def rematch_menu(texts: Texts, session: Session, record: str | None = None) -> InlineKeyboardMarkup:
    """Rematch under a finished game between two people; the game's `record`, when it has
    one."""
    builder = InlineKeyboardBuilder()
    builder.button(text=texts.gettext("🔁 Rematch"), callback_data=Rematch(game=session.game_id))
    return _with_record(builder, texts, record)


def open_private_chat(texts: Texts, link: str) -> InlineKeyboardMarkup:
    """One button that opens the private chat with the bot at the level choice."""
    builder = InlineKeyboardBuilder()
    builder.button(text=texts.gettext("🎲 Play vs bot"), url=link)
    return builder.as_markup()
