"""A monkey plays whole games against the bot, of every game in ru, uk and en, through the real
Dispatcher, and reads every move written beside a picture as a person would: in the numbers
that label that picture (RULES.md §1). Each is checked against the move the game recorded.

* the live board's caption ("The bot rolled 6-5 and played 12/7 7/1"): the picture is drawn in
  the person's numbers, so the bot's moves are written in them too, its hits marked (§10);
* each replay frame's strip (`renderer.panels.last_turn_text`, the text the frame draws), in
  the numbers of the frame's own labels (`BoardView.numbering`);
* each turn the review lists, in the person's numbers (their board's).
"""

from __future__ import annotations

import re

import pytest

from bot.i18n import Locale, Texts, Translator
from bot.service import GameService, PoolBotPlayer
from bot.storage import RedisStore
from bot.ui.callbacks import BoardAction, BoardTap
from bot.ui.events import BOT_PLAYED
from bot.ui.replay import replay_frames
from bot.ui.review import review_text
from nardy import Color
from nardy.ai.analysis import TurnReview, analyse
from nardy.game import TurnRecord
from nardy.transcript import Transcript, parse
from nardy.variant import Variant
from nardy.variants import VARIANTS, variant_of
from renderer import CLASSIC
from renderer.panels import last_turn_text
from testkit.fakes.telegram import FakeTelegram, Sent
from testkit.harness import Chat, Clock, fair_service, make_chat

LANGUAGES = ("en", "ru", "uk")
TAPS = 3000  # a safety net: an Easy game is over long before


def moves(text: str, variant: Variant, reader: Color, off: str, bar: str) -> list[tuple[int, int]]:
    """A written turn read as a person reads it: each point a number on the picture labelled
    in `reader`'s own numbers, `off` and `bar` the words for the tray and the bar; as absolute
    (from, to) pairs (0: borne off, 25: the bar)."""

    def point(word: str) -> int:
        if word == off:
            return 0
        if word == bar:
            return 25
        return variant.to_absolute(reader, int(word))

    pairs = []
    for part in text.replace("*", "").split():
        src, dst = part.split("/")
        pairs.append((point(src), point(dst)))
    return pairs


def data_of(sent: Sent) -> list[str]:
    """The callback data of a message's buttons."""
    return [str(button.get("callback_data", "")) for button in sent.buttons()]


def played(turn: TurnRecord) -> list[tuple[int, int]]:
    return [step.absolute(turn.color) for step in turn.steps]


def pattern(texts: Texts, message: str) -> re.Pattern[str]:
    """`message` as `texts` translate it, as a regular expression, its placeholders as named
    groups."""
    names = re.findall(r"\{(\w+)\}", message)
    template = texts.gettext(message, **{name: f"{{{name}}}" for name in names})
    parts = re.split(r"\{(\w+)\}", template)
    text = "".join(
        re.escape(part) if index % 2 == 0 else f"(?P<{part}>.+?)"
        for index, part in enumerate(parts)
    )
    return re.compile(text + "$")


async def play_to_the_end(chat: Chat, service: GameService) -> int:
    """Tap through the person's turns by the buttons' data (any language): Roll, Done, else
    the first checker and its first destination; after each tap, the bot's moves in the
    caption are checked against the game. Returns the number of lines checked."""
    checked = 0
    for _ in range(TAPS):
        board = chat.board
        checked += await check_caption(chat, service, board)
        taps: dict[BoardAction, str] = {}
        for data in data_of(board):
            if data.startswith("t:"):
                taps.setdefault(BoardTap.unpack(data).action, data)
        action = next(
            (a for a in (BoardAction.DONE, BoardAction.ROLL, BoardAction.MOVE) if a in taps),
            BoardAction.SELECT,
        )
        if action not in taps:
            break
        await chat.tap(board, taps[action])
    return checked


async def check_caption(chat: Chat, service: GameService, board: Sent) -> int:
    """Every "The bot rolled … and played …" line of the board's caption against the bot's
    turns in the game, in the person's numbers; the number of lines checked."""
    table = await service.active_game(chat.user["id"])
    if table is None:
        return 0
    texts = Translator()[Locale(chat.user["language_code"])]
    found = pattern(texts, BOT_PLAYED)
    lines = [m for line in (board.caption or "").splitlines() if (m := found.match(line))]
    if not lines:
        return 0
    person = table.seat_of(chat.user["id"])
    assert person is not None
    bot = person.opponent
    bots = [turn for turn in table.game.history if turn.color is bot and turn.steps]
    variant = variant_of(table.game)
    off, bar = texts.gettext("off"), texts.gettext("bar")
    for line, turn in zip(reversed(lines), reversed(bots), strict=False):
        written = line["turn"]
        assert moves(written, variant, person, off, bar) == played(turn), written
    last, written = table.game.history[-1], lines[-1]["turn"]
    if last.color is bot and last.steps:  # the hits of the last turn are kept (§10's `*`)
        hits = variant.last_hits(table.game) or (False,) * len(last.steps)
        assert tuple(part.endswith("*") for part in written.split()) == hits, written
    return len(lines)


def check_replay(record: Transcript, locale: Locale, variant: Variant) -> int:
    """Each frame's written turn, read in the numbers its picture is labelled with, is the
    turn it shows; its hits marked where the game marks them."""
    texts = Translator()[locale]
    off, bar = texts.gettext("off"), texts.gettext("bar")
    frames = replay_frames(texts, record, CLASSIC)
    for turn, frame in zip(record.turns, frames, strict=False):
        reader = frame.view.numbering
        assert reader is not None
        written = last_turn_text(frame.position, frame.view)
        if turn.steps:
            assert moves(written, variant, reader, off, bar) == played(turn), written
    return len(record.turns)


def check_review(record: Transcript, locale: Locale, variant: Variant, person: Color) -> int:
    """Each turn the review lists, its play and the best, read in the person's numbers."""
    texts = Translator()[locale]
    off, bar = texts.gettext("off"), texts.gettext("bar")
    review = analyse(record)
    text = review_text(texts, record, review)
    found = pattern(
        texts, "Turn {number}, {name}, {dice}: played {played}, best {best}: {verdict}, {lost} lost"
    )
    listed = [m for line in text.splitlines() if (m := found.match(line))]
    reviewed = {turn.number: turn for turn in review.turns if isinstance(turn, TurnReview)}
    for line in listed:
        turn = record.turns[int(line["number"]) - 1]
        if line["played"] != "—":
            assert moves(line["played"], variant, person, off, bar) == played(turn)
        best = reviewed[int(line["number"])].best
        expected = [step.absolute(turn.color) for step in best]
        if line["best"] != "—":
            assert moves(line["best"], variant, person, off, bar) == expected
    return len(listed)


@pytest.mark.timeout(240)
@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("variant", [v for v in VARIANTS if v.hints], ids=lambda v: v.key)
async def test_every_move_written_beside_a_picture_is_in_its_numbers(
    variant: Variant,
    language: str,
    telegram: FakeTelegram,
    store: RedisStore,
    bot_player: PoolBotPlayer,
) -> None:
    service = fair_service(store, bot_player, Clock())
    chat = make_chat(telegram, store, service, language=language)
    await chat.start(variant.key)
    started = await service.active_game(chat.user["id"])
    assert started is not None
    captions = await play_to_the_end(chat, service)
    assert captions > 10  # the bot's moves were told all game long
    table = await service.load(started.game_id)
    assert table.game.over
    await chat.tap(chat.board, next(d for d in data_of(chat.board) if d.startswith("rec:")))
    document = chat.last.document  # the Game record button's file
    assert document is not None
    record = parse(document[1].decode())
    person = table.seat_of(chat.user["id"])
    assert person is not None
    locale = Locale(language)
    assert check_replay(record, locale, variant) == len(record.turns)
    assert check_review(record, locale, variant, person) > 0
