"""Every inline keyboard the bot shows, built in the reader's language."""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum

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
    FairDiceTap,
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
    pack_turn,
)
from bot.ui.games import words
from bot.ui.names import level_name
from nardy import Color
from nardy.ai import Level
from nardy.chains import chains_from
from nardy.long_variant import LONG
from nardy.short import BAR
from nardy.variant import AnyGame, AnyRules, Variant
from nardy.variants import VARIANTS, variant_of

LEVELS_PER_ROW = 2
CHECKERS_PER_ROW = 6
TARGETS_PER_ROW = 2
# A roll that leaves at most this many different results is played in one tap: as many
# buttons as a reader takes in at a glance (issue 54: 47% of the turns with a choice).
WHOLE_TURNS_AT_MOST = 8
TURNS_PER_ROW = 2
SHORT_TURN = 12  # a whole turn's label that fits half a phone's width, two to a row
# One checker's moves offered at once, three to a row; more (a double with many checkers
# free) and the checker is picked first.
MOVES_AT_MOST = 24
MOVES_PER_ROW = 3


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
    """The moves of the turn (`_move_rows`), then Undo and Done; against the bot, Hint before
    the turn's first step (once a turn); on a shared board, Resign, or, while the player of
    `resigning` considers it, Yes and Keep playing (the player to move keeps their buttons
    meanwhile)."""
    game = table.game
    _ = texts.gettext

    def button(text: str, action: BoardAction, src: int = 0, dst: int = 0) -> InlineKeyboardButton:
        return _board_button(table, text, action, src, dst)

    rows = _move_rows(texts, table, selected)
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


class Choice(Enum):
    """How the player to move chooses now (`choice`): the keyboard offers it, the prompt
    names it."""

    TURNS = "a whole turn"
    MOVES = "one checker's move"
    CHECKERS = "a checker to move"
    DESTINATIONS = "where the picked checker goes"
    DONE = "nothing left: Done or Undo"


def choice(table: Table, selected: int | None) -> Choice:
    """How the player to move chooses now. On a shared board, the fewest taps a turn can take,
    each tap one edit of the board that a group allows 20 a minute (DESIGN.md §3): at the
    turn's start, when the roll leaves few different results, a whole turn in one tap; else
    one checker's move, by one die or several in a row; only when those are too many to read,
    the checker first, then where it goes (`selected`). Against the bot, where an edit costs
    nothing scarce, the checker first, its destinations then lit on the picture for a
    learner to see."""
    game = table.game
    if game.turn_complete:
        return Choice.DONE
    if selected is not None:
        return Choice.DESTINATIONS
    if not table.shared:
        return Choice.CHECKERS
    if not game.played and len(game.legal.step_sequences()) <= WHOLE_TURNS_AT_MOST:
        return Choice.TURNS
    return Choice.MOVES if len(_moves(game)) <= MOVES_AT_MOST else Choice.CHECKERS


def _moves(game: AnyGame) -> list[tuple[int, int]]:
    """Every checker's move now as (from, to) in own points (to 0: borne off), by one die or
    several in a row, the farthest checker first."""
    sources = sorted({step.src for step in game.next_steps()}, reverse=True)
    return [(src, chain[-1].dst) for src in sources for chain in chains_from(game, src)]


def _move_rows(
    texts: Texts, table: Table, selected: int | None
) -> list[list[InlineKeyboardButton]]:
    """The buttons of the player's `choice`."""
    game = table.game
    _ = texts.gettext
    # Translators: a checker borne off, as a button's destination, in move notation
    # (15/off) and on the picture: a short noun.
    off = _("off")
    match choice(table, selected):
        case Choice.DONE:
            return []
        case Choice.DESTINATIONS:
            assert selected is not None
            targets = [
                _move_button(texts, table, selected, chain[-1].dst, off)
                for chain in chains_from(game, selected)
            ]
            back = _board_button(table, _("⬅️ Back"), BoardAction.BACK)
            return [*_chunks(targets, TARGETS_PER_ROW), [back]]
        case Choice.TURNS:
            turns = _whole_turns(texts, table)
            wide = any(len(button.text) > SHORT_TURN for button in turns)
            return _chunks(turns, 1 if wide else TURNS_PER_ROW)
        case Choice.MOVES:
            moves = [_move_button(texts, table, src, dst, off) for src, dst in _moves(game)]
            return _chunks(moves, MOVES_PER_ROW)
        case Choice.CHECKERS:
            sources = sorted({step.src for step in game.next_steps()}, reverse=True)
            checkers = [
                _board_button(table, point_label(texts, src), BoardAction.SELECT, src)
                for src in sources
            ]
            return _chunks(checkers, CHECKERS_PER_ROW)


def _move_button(texts: Texts, table: Table, src: int, dst: int, off: str) -> InlineKeyboardButton:
    """One checker's move from `src` to `dst` (0: borne off), by one die or several."""
    label = f"{point_label(texts, src)} → {dst or off}"
    return _board_button(table, label, BoardAction.MOVE, src, dst)


def _whole_turns(texts: Texts, table: Table) -> list[InlineKeyboardButton]:
    """One button per different result of the roll, labelled with a turn that reaches it in
    the mover's notation (§10), in the order of their numbers: never by the bot's preference,
    which would be a free hint."""
    game = table.game
    variant = variant_of(game)
    mover = game.to_move
    _ = texts.gettext
    turns = sorted(
        game.legal.step_sequences(),
        key=lambda steps: [(step.src, step.dst) for step in steps],
        reverse=True,
    )
    buttons = []
    for steps in turns:
        hits = variant.hits(game.position, steps)
        label = variant.turn_text_for(steps, mover, mover, _("off"), _("bar"), hits)
        packed = pack_turn([(step.src, step.die) for step in steps])
        buttons.append(_board_button(table, label, BoardAction.TURN, packed))
    return buttons


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
    """`rows` and a shared board's own Resign (either player, on either side's turn) beside Fair
    dice (the commitment, `FairDiceTap`), or, while the player of `resigning` considers it,
    Yes and Keep playing; while a player is gone from the group, the win for the other
    (`ClaimWin`)."""
    _ = texts.gettext
    if table.gone is not None:
        rows = [*rows, [_board_button(table, _("🏆 Take the win"), BoardAction.CLAIM)]]
    if resigning is None:
        last = [_board_button(table, _("🏳 Resign"), BoardAction.ASK_RESIGN)]
        if table.fair is not None:
            fair = FairDiceTap(game=table.game_id).pack()
            last.append(InlineKeyboardButton(text=_("🔒 Fair dice"), callback_data=fair))
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
