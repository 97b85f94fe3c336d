"""Callback data of every button (aiogram `CallbackData` with typed fields), each well under
Telegram's 64 bytes (DESIGN.md §3)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from enum import StrEnum
from typing import Annotated, TypeVar

from aiogram.filters.callback_data import CallbackData
from aiogram.types import InaccessibleMessage, MaybeInaccessibleMessageUnion, Message
from pydantic import Field

from bot.i18n import Locale

Data = TypeVar("Data", bound=CallbackData)

Id = Annotated[str, Field(pattern=r"^[A-Za-z0-9_.-]{1,40}$")]
"""A game's, challenge's or record's id as the bot makes them: data naming anything else does
not parse, so nothing a client makes up (a newline that would forge a log line) is read or
logged."""


class MenuAction(StrEnum):
    PLAY = "p"
    RULES = "r"
    LANGUAGE = "l"
    SETTINGS = "a"  # once the auto-confirm toggle, which moved into the settings


class Menu(CallbackData, prefix="menu"):
    """A main-menu button."""

    action: MenuAction


class SettingsPage(CallbackData, prefix="st"):
    """Show one option of the settings message with its values (`option`, a
    `bot.settings.Option` key), or the list of options (empty). Each settings button carries
    the `locale` its message is written in: a group's stays in it, whoever taps."""

    option: str
    locale: Locale


class SetSetting(CallbackData, prefix="set"):
    """Choose `value` for `option` on the settings message: the chat's settings (a private
    chat's: its user's)."""

    option: str
    value: str
    locale: Locale


class ResetSettings(CallbackData, prefix="str"):
    """Every option of the chat's settings back to its default."""

    locale: Locale


class PickLanguage(CallbackData, prefix="lang"):
    locale: Locale


class PickGame(CallbackData, prefix="pg"):
    """Start a game of `game` (its variant's key), or a match to `length` points (1: one
    game), against the bot at `level` (a `nardy.ai.Level` value)."""

    game: str
    level: str
    length: int


class MarkGame(CallbackData, prefix="mg"):
    """Show the level choice with the game `game` (its variant's key) and the match length
    `length` (1: one game) marked."""

    game: str
    length: int


# What buttons sent before `PickGame` and `MarkGame` carry (a "Play again" under an old game):
# each still starts or marks what it did.


class PickLevel(CallbackData, prefix="lvl"):
    """Start one game of long nardy against the bot at `level`."""

    level: str

    def as_pick(self) -> PickGame:
        return PickGame(game="long", level=self.level, length=1)


class ShowGame(CallbackData, prefix="g"):
    """Bring a running game's board back as a fresh message (/games)."""

    game: Id


class PickMatch(CallbackData, prefix="lvm"):
    """Start a match of long nardy to `length` points against the bot at `level`."""

    level: str
    length: int

    def as_pick(self) -> PickGame:
        return PickGame(game="long", level=self.level, length=self.length)


class PickLength(CallbackData, prefix="len"):
    """Mark `length` on the level choice of long nardy."""

    length: int

    def as_mark(self) -> MarkGame:
        return MarkGame(game="long", length=self.length)


class PickShort(CallbackData, prefix="lvs"):
    """Start a game or a match of short nardy against the bot at `level`."""

    level: str
    length: int

    def as_pick(self) -> PickGame:
        return PickGame(game="short", level=self.level, length=self.length)


class ShortLength(CallbackData, prefix="lns"):
    """Mark `length` on the level choice of short nardy."""

    length: int

    def as_mark(self) -> MarkGame:
        return MarkGame(game="short", length=self.length)


# The level choice's buttons: those that start a game, and those that mark a game or length
# (each with what older messages carry).
STARTS = (PickGame, PickLevel, PickMatch, PickShort)
MARKS = (MarkGame, PickLength, ShortLength)


class BoardAction(StrEnum):
    SELECT = "s"  # src: the checker's own point
    MOVE = "m"  # src to dst (0: off)
    TURN = "a"  # a whole turn: src holds its steps (`pack_turn`)
    BACK = "b"
    UNDO = "u"
    DONE = "d"
    HINT = "h"  # against the bot only
    # A shared board's own resignation (inline games have no /resign): ask, then yes (src:
    # the colour of the player asked) or keep playing.
    ASK_RESIGN = "q"
    RESIGN = "r"
    KEEP = "k"
    # Short nardy's cube (RULES.md §9): before the roll, roll or double; the opponent takes or
    # drops a double.
    ROLL = "o"
    DOUBLE = "c"
    TAKE = "t"
    DROP = "p"
    CLAIM = "w"  # a shared board's win, offered once the opponent left the group


class BoardTap(CallbackData, prefix="t"):
    """A button under a game's board: the game, the game's `seq` the board showed, the action
    with its points (own numbering of the player to move)."""

    game: Id
    seq: int
    action: BoardAction
    src: int = 0
    dst: int = 0


def pack_turn(steps: Sequence[tuple[int, int]]) -> int:
    """A whole turn's (own point, die) steps as one number for `BoardTap.src`: three digits a
    step, the point's two and the die's one (24 by 6, then 13 by 3: 246133), within the 64
    bytes of a button's data even for a double's four steps."""
    packed = 0
    for src, die in steps:
        packed = packed * 1000 + src * 10 + die
    return packed


def unpack_turn(packed: int) -> tuple[tuple[int, int], ...]:
    """`pack_turn`'s steps back, in order; nothing for a number that holds no steps."""
    steps = []
    while packed > 0:
        packed, step = divmod(packed, 1000)
        steps.append(divmod(step, 10))
    return tuple(reversed(steps))


class FairDiceTap(CallbackData, prefix="fd"):
    """The whole commitment of game `game`'s dice, told in an alert to whoever taps (a
    spectator too): a shared board's caption leaves it out, to keep to what a player needs."""

    game: Id


class ChallengeAction(StrEnum):
    JOIN = "j"
    CANCEL = "x"


class ChallengeTap(CallbackData, prefix="c"):
    """Join or Cancel under a challenge card in a group (`game`: the challenge's id, which the
    game takes)."""

    game: Id
    action: ChallengeAction


class InlineChallenge(CallbackData, prefix="ic"):
    """Join or Cancel under a challenge sent through inline mode. Nothing is stored until
    someone joins, so the card carries the challenge: the challenger (`by`), their language,
    the match length, the seconds per turn (0: no limit), when it was offered (Unix
    seconds), the game and its house rules (`Variant.rules_to_text`: a few letters), and the
    bot's seal on them (`GameService.seal_card`), without which none of them is believed."""

    by: int
    locale: Locale
    length: int
    limit: int
    at: int
    action: ChallengeAction
    rules: str
    seal: str


class Rematch(CallbackData, prefix="rm"):
    """Rematch under a finished game between two people: both players must tap it."""

    game: Id


class RecordTap(CallbackData, prefix="rec"):
    """Send the record of the finished game `name` (`Ended.mark`) to the tapper's private chat."""

    name: Id


class ReviewTap(CallbackData, prefix="rv"):
    """The Expert's review of the finished game `name` (`Ended.mark`), sent to the tapper's
    private chat."""

    name: Id


class ReplayTap(CallbackData, prefix="rp"):
    """The replay of the finished game `name` (`Ended.mark`) as an animation, sent to the
    tapper's private chat."""

    name: Id


class Answer(StrEnum):
    RESIGN = "r"  # yes, resign the game as the question scored it
    KEEP = "k"  # no: keep playing
    NEW_GAME = "n"  # resign the game as it is now and choose a level for a new one
    SHOW = "s"  # back to the game: its board sent anew


class Question(CallbackData, prefix="q"):
    """An answer to a question about a game (/resign, /play during a game), asked of `user`
    when the game was at `seq`."""

    game: Id
    seq: int
    user: int
    answer: Answer


GAME_TAPS = (BoardTap, Question, Rematch)
"""The buttons about one game: a tap on one is read with its game in one round trip
(`bot.prefs`), and its handlers get the game and the tapper's seat (`bot.handlers.access`)."""

UNTIED_TAPS = (
    BoardTap,
    Rematch,
    InlineChallenge,
    RecordTap,
    ReviewTap,
    ReplayTap,
    FairDiceTap,
)
"""The buttons that act on what their data names, its right to checked server-side (a game's
players, a record's, an inline card the bot signed), and never on the message tapped unless
it is in their game's chat: they act from any message (a board behind its game's state is
brought up to date)."""

BOUND_TAPS = (Question, *UNTIED_TAPS)
"""The buttons whose handlers decide server-side who may act, and touch the message tapped
only when Telegram showed it with the tap: they act from a message the bot cannot see (an
old one, an inline one). Any other button acts only from a message that carries it
(`carries`)."""


def game_named(data: str) -> str | None:
    """The game a button about one game names (`GAME_TAPS`); None for any other button, or
    data that does not parse."""
    for button in GAME_TAPS:
        tap = _unpacked(button, data)
        if isinstance(tap, GAME_TAPS):
            return tap.game
    return None


def carries(message: Message, data: str) -> bool:
    """Whether `message`'s keyboard has a button with `data`, as Telegram sent the message with
    the tap: data from another message (forged, or copied) must not act on this one. A card
    that became its game's board still carries its Join and Cancel (a keyboard the edit had
    not reached yet), for the challenge to say who joined."""
    if data in _data(message):
        return True
    tap = _unpacked(ChallengeTap, data)
    return tap is not None and any(board.game == tap.game for board in _buttons(message, BoardTap))


def untied(data: str) -> bool:
    """Whether `data` is one of `UNTIED_TAPS`."""
    return _one_of(UNTIED_TAPS, data)


def bound(data: str) -> bool:
    """Whether `data` is one of `BOUND_TAPS`."""
    return _one_of(BOUND_TAPS, data)


def _one_of(kinds: tuple[type[CallbackData], ...], data: str) -> bool:
    return any(_unpacked(kind, data) is not None for kind in kinds)


def shown_seq(message: MaybeInaccessibleMessageUnion | None, tap: BoardTap) -> int | None:
    """The `seq` of the tapped game that `message`'s buttons carry now, if any do; for a message
    Telegram does not show the bot (an old one, or an inline message: None), the tapped
    button's."""
    if message is None or isinstance(message, InaccessibleMessage):
        return tap.seq
    return next(
        (shown.seq for shown in _buttons(message, BoardTap) if shown.game == tap.game), None
    )


def _buttons(message: MaybeInaccessibleMessageUnion | None, kind: type[Data]) -> Iterator[Data]:
    """The data of `message`'s buttons that are `kind`'s (others, and unreadable ones, skipped)."""
    for data in _data(message):
        unpacked = _unpacked(kind, data)
        if unpacked is not None:
            yield unpacked


def _data(message: MaybeInaccessibleMessageUnion | None) -> Iterator[str]:
    """The callback data of `message`'s buttons (none for a message Telegram does not show)."""
    markup = message.reply_markup if isinstance(message, Message) else None
    for row in markup.inline_keyboard if markup is not None else []:
        for button in row:
            if button.callback_data is not None:
                yield button.callback_data


def _unpacked(kind: type[Data], data: str) -> Data | None:
    """`data` read as `kind`'s; None when it is another button's, or does not parse."""
    if not data.startswith(kind.__prefix__ + kind.__separator__):
        return None
    try:
        return kind.unpack(data)
    except (TypeError, ValueError):
        return None
