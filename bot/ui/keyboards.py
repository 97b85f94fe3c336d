"""Every inline keyboard the bot shows, built in the reader's language."""

from __future__ import annotations

from collections.abc import Sequence

from aiogram.types import InlineKeyboardButton, InlineKeyboardMarkup
from aiogram.utils.keyboard import InlineKeyboardBuilder

from bot.i18n import Locale, Texts, Translator
from bot.service import MATCH_LENGTHS, Table, Terms
from bot.ui.callbacks import (
    Answer,
    BoardAction,
    BoardTap,
    ChallengeAction,
    ChallengeTap,
    InlineChallenge,
    MarkGame,
    Menu,
    MenuAction,
    PickGame,
    PickLanguage,
    Question,
    RecordTap,
    Rematch,
    ReplayTap,
    ReviewTap,
)
from bot.ui.games import words
from bot.ui.names import level_name
from nardy import Color
from nardy.ai import Level
from nardy.chains import chains_from
from nardy.long_variant import LONG
from nardy.short import BAR
from nardy.variant import AnyRules, Variant
from nardy.variants import VARIANTS, variant_of

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


def level_menu(texts: Texts, length: int = 1, game: Variant = LONG) -> InlineKeyboardMarkup:
    """One button per level the AI offers now at `game`, starting one game or a match to
    `length` points at once; below, the games with `game` marked and the match lengths with
    `length` marked."""
    levels = [
        InlineKeyboardButton(
            text=level_name(texts, level),
            callback_data=PickGame(game=game.key, level=level.value, length=length).pack(),
        )
        for level in game.levels()
    ]
    games = []
    for each in VARIANTS:
        label = texts.gettext(words(each).button)
        text = f"• {label} •" if each is game else label
        data = MarkGame(game=each.key, length=length)
        games.append(InlineKeyboardButton(text=text, callback_data=data.pack()))
    lengths = []
    for n in MATCH_LENGTHS:
        if n == 1:
            # Translators: on a short button beside "to 3", "to 5", "to 7".
            label = texts.gettext("1 game")
        else:
            label = texts.pgettext("a match length, on a short button", "to {n}", n=n)
        text = f"• {label} •" if n == length else label
        data = MarkGame(game=game.key, length=n)
        lengths.append(InlineKeyboardButton(text=text, callback_data=data.pack()))
    builder = InlineKeyboardBuilder()
    builder.row(*levels, width=LEVELS_PER_ROW)
    builder.row(*games)
    builder.row(*lengths)
    return builder.as_markup()


def question_menu(
    table: Table, user_id: int, answers: Sequence[tuple[Answer, str]]
) -> InlineKeyboardMarkup:
    """A question to `user_id` about the game as it is now: one button per (answer, its text,
    already translated)."""
    builder = InlineKeyboardBuilder()
    for answer, text in answers:
        data = Question(game=table.game_id, seq=table.seq, user=user_id, answer=answer)
        builder.button(text=text, callback_data=data)
    builder.adjust(1)
    return builder.as_markup()


def move_menu(
    texts: Texts, table: Table, selected: int | None, resigning: Color | None = None
) -> InlineKeyboardMarkup:
    """Checkers to pick (or the picked one's destinations and Back), then Undo and Done; against
    the bot, Hint before the turn's first step (once a turn); on a shared board, Resign, or,
    while the player of `resigning` considers it, Yes and Keep playing (the player to move
    keeps their buttons meanwhile)."""
    game = table.game
    _ = texts.gettext

    def button(text: str, action: BoardAction, src: int = 0, dst: int = 0) -> InlineKeyboardButton:
        return _board_button(table, text, action, src, dst)

    rows: list[list[InlineKeyboardButton]] = []
    if selected is None:
        sources = sorted({step.src for step in game.next_steps()}, reverse=True)
        checkers = [button(point_label(texts, src), BoardAction.SELECT, src) for src in sources]
        rows += _chunks(checkers, CHECKERS_PER_ROW)
    else:
        targets = []
        # Translators: a checker borne off, as a button's destination, in move notation
        # (15/off) and on the picture: a short noun.
        off = _("off")
        for chain in chains_from(game, selected):
            dst = chain[-1].dst
            label = f"{point_label(texts, selected)} → {dst or off}"
            targets.append(button(label, BoardAction.MOVE, selected, dst))
        rows += _chunks(targets, TARGETS_PER_ROW)
        rows.append([button(_("⬅️ Back"), BoardAction.BACK)])
    footer = []
    if game.played:
        footer.append(button(_("↩️ Undo"), BoardAction.UNDO))
    if game.turn_complete:
        footer.append(button(_("✅ Done"), BoardAction.DONE))
    if footer:
        rows.append(footer)
    if not table.shared:
        at_start = not game.played and not table.hint  # a hint is for the turn's start
        if variant_of(game).hints and at_start:
            rows.append([button(_("💡 Hint"), BoardAction.HINT)])
        return InlineKeyboardMarkup(inline_keyboard=rows)
    return _with_resign(rows, texts, table, resigning)


def cube_menu(
    texts: Texts, table: Table, value: int, resigning: Color | None = None
) -> InlineKeyboardMarkup:
    """Before a roll with the cube (RULES.md §9): Roll and Double (to `value`) for the
    player to move, or, with a double offered, Take and Drop for the opponent; on a shared
    board, Resign as under `move_menu`."""
    _ = texts.gettext
    if table.game.cube.offered_by is not None:
        row = [
            _board_button(table, _("✅ Take"), BoardAction.TAKE),
            _board_button(table, _("✖️ Drop"), BoardAction.DROP),
        ]
    else:
        row = [
            _board_button(table, _("🎲 Roll"), BoardAction.ROLL),
            _board_button(table, _("Double to {n}", n=value), BoardAction.DOUBLE),
        ]
    if not table.shared:
        return InlineKeyboardMarkup(inline_keyboard=[row])
    return _with_resign([row], texts, table, resigning)


def _board_button(
    table: Table, text: str, action: BoardAction, src: int = 0, dst: int = 0
) -> InlineKeyboardButton:
    """A button under the board of `table` as it is now."""
    tap = BoardTap(game=table.game_id, seq=table.seq, action=action, src=src, dst=dst)
    return InlineKeyboardButton(text=text, callback_data=tap.pack())


def _with_resign(
    rows: list[list[InlineKeyboardButton]],
    texts: Texts,
    table: Table,
    resigning: Color | None,
) -> InlineKeyboardMarkup:
    """`rows` and a shared board's own Resign (either player, on either side's turn), or,
    while the player of `resigning` considers it, Yes and Keep playing; while a player is gone
    from the group, the win for the other (`ClaimWin`)."""
    _ = texts.gettext
    if table.gone is not None:
        rows = [*rows, [_board_button(table, _("🏆 Take the win"), BoardAction.CLAIM)]]
    if resigning is None:
        last = [_board_button(table, _("🏳 Resign"), BoardAction.ASK_RESIGN)]
    else:
        last = [
            _board_button(table, _("🏳 Yes, resign"), BoardAction.RESIGN, int(resigning)),
            _board_button(table, _("Keep playing"), BoardAction.KEEP),
        ]
    return InlineKeyboardMarkup(inline_keyboard=[*rows, last])


def _chunks(
    buttons: Sequence[InlineKeyboardButton], width: int
) -> list[list[InlineKeyboardButton]]:
    """`buttons` in rows of `width` (none when there are none). The board's keyboards, made on
    every tap, are built as rows directly: aiogram's builder deep-copies its buttons, 0.1 ms
    a keyboard."""
    return [list(buttons[i : i + width]) for i in range(0, len(buttons), width)]


def point_label(texts: Texts, src: int) -> str:
    """A checker's point on a button and in the prompt: its own number, or the bar (short
    nardy, RULES.md §9)."""
    # Translators: the bar of short nardy (backgammon), where a hit checker waits, on a button.
    return texts.gettext("bar") if src == BAR else str(src)


def again_menu(
    texts: Texts, level: Level, length: int = 1, record: str | None = None, game: Variant = LONG
) -> InlineKeyboardMarkup:
    """Play again at the same level, the same `game`, one game or a match to the same
    `length`; the game's `record`, when it has one."""
    builder = InlineKeyboardBuilder()
    data = PickGame(game=game.key, level=level.value, length=length)
    builder.button(text=texts.gettext("🎲 Play again"), callback_data=data)
    return _with_record(builder, texts, record, game)


def _with_record(
    builder: InlineKeyboardBuilder, texts: Texts, record: str | None, game: Variant
) -> InlineKeyboardMarkup:
    """The buttons under a finished game of `game`, and, when it has a record, the Game record
    button, the Analysis button where the Expert reviews that game's records, and Replay."""
    if record is not None:
        builder.button(text=texts.gettext("📜 Game record"), callback_data=RecordTap(name=record))
        _record_buttons(builder, texts, record, game.reviews)
        builder.adjust(1, 2)  # the game's own button, then the record's, two to a row
    return builder.as_markup()


def records_menu(labels: Sequence[tuple[str, str]]) -> InlineKeyboardMarkup:
    """One button a record (its name, the label shown), one to a row."""
    builder = InlineKeyboardBuilder()
    for name, label in labels:
        builder.button(text=label, callback_data=RecordTap(name=name))
    builder.adjust(1)
    return builder.as_markup()


def record_menu(texts: Texts, record: str, reviews: bool) -> InlineKeyboardMarkup:
    """The buttons under a record's file: Analysis where the Expert reviews its game (`reviews`),
    and Replay."""
    builder = InlineKeyboardBuilder()
    _record_buttons(builder, texts, record, reviews)
    builder.adjust(2)
    return builder.as_markup()


def _record_buttons(
    builder: InlineKeyboardBuilder, texts: Texts, record: str, reviews: bool
) -> None:
    if reviews:
        builder.button(text=texts.gettext("🔍 Analysis"), callback_data=ReviewTap(name=record))
    builder.button(text=texts.gettext("📽 Replay"), callback_data=ReplayTap(name=record))


def challenge_menu(texts: Texts, challenge_id: str) -> InlineKeyboardMarkup:
    """Join (anyone allowed but the challenger) and Cancel (the challenger)."""
    builder = InlineKeyboardBuilder()
    join = ChallengeTap(game=challenge_id, action=ChallengeAction.JOIN)
    builder.button(text=texts.gettext("🎲 Join"), callback_data=join)
    cancel = ChallengeTap(game=challenge_id, action=ChallengeAction.CANCEL)
    builder.button(text=texts.gettext("✖️ Cancel"), callback_data=cancel)
    return builder.as_markup()


def inline_challenge_menu(
    texts: Texts, by: int, locale: Locale, terms: Terms, rules: AnyRules, at: int, seal: str
) -> InlineKeyboardMarkup:
    """Join and Cancel under an inline challenge card, carrying the challenge and the bot's
    `seal` on it."""
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
            rules=variant_of(rules).rules_to_text(rules),
            seal=seal,
        )
        builder.button(text=label, callback_data=data)
    return builder.as_markup()


def rematch_menu(texts: Texts, table: Table, record: str | None = None) -> InlineKeyboardMarkup:
    """Rematch under a finished game between two people; the game's `record`, when it has
    one."""
    builder = InlineKeyboardBuilder()
    builder.button(text=texts.gettext("🔁 Rematch"), callback_data=Rematch(game=table.game_id))
    return _with_record(builder, texts, record, variant_of(table.game))


def open_private_chat(texts: Texts, link: str) -> InlineKeyboardMarkup:
    """One button that opens the private chat with the bot at the level choice."""
    builder = InlineKeyboardBuilder()
    builder.button(text=texts.gettext("🎲 Play vs bot"), url=link)
    return builder.as_markup()
