"""The review's pictures (`bot.ui.review.turn_pictures`): the costliest turns of the people in
the game, each the board as played above the board as best played, under their moves and
equities, captioned as the review's text lists the turn."""

from __future__ import annotations

import io
from dataclasses import replace

import numpy as np
import pytest
from aiogram.exceptions import TelegramBadRequest
from aiogram.types import BufferedInputFile, InputMediaPhoto
from PIL import Image

from bot.i18n import Locale, Translator
from bot.service import PoolBotPlayer
from bot.storage import RedisStore
from bot.ui.delivery import Albums, send_album
from bot.ui.review import pictured_turns, review_text, turn_captions, turn_pictures
from bot.ui.screens import base_view
from nardy import Color, Position
from nardy.ai.analysis import Review
from nardy.transcript import Transcript
from nardy.variants import variant_of
from renderer import CLASSIC, COLORBLIND, Dice, TurnMarks
from renderer import geometry as g
from renderer.compare import HEADING
from renderer.render import compose, render
from testkit.fakes.telegram import FakeTelegram
from testkit.harness import Clock, fair_service, make_chat
from tests.ai.test_analysis import PLANTED, planted
from tests.ai.test_short_analysis import planted as short_planted

TEXTS = Translator()[Locale.EN]


def check_pictures(record: Transcript, review: Review, costliest: int) -> None:
    """The pictured turns, costliest first (turn `costliest` the first), each drawn as its
    boards after the turn played and after the best, under their headings."""
    variant = variant_of(record.rules)
    turns = pictured_turns(record, review)
    assert turns[0].number == costliest and len(turns) <= 3
    assert [t.lost for t in turns] == sorted((t.lost for t in turns), reverse=True)
    pictures = turn_pictures(TEXTS, record, turns, COLORBLIND)
    captions = turn_captions(TEXTS, record, turns)
    assert len(pictures) == len(captions) == len(turns)
    listed = review_text(TEXTS, record, review).splitlines()
    for jpeg, caption, turn in zip(pictures, captions, turns, strict=True):
        assert caption in listed and caption.startswith(f"Turn {turn.number}, ")
        picture = np.asarray(Image.open(io.BytesIO(jpeg)).convert("RGB"), dtype=np.int16)
        assert picture.shape == (2 * (HEADING + g.HEIGHT), g.WIDTH, 3)
        names = (record.players[0], record.players[1])
        base = replace(base_view(TEXTS, turn.color, names), theme=COLORBLIND)
        for n, steps in enumerate((turn.played, turn.best)):
            dice = Dice(turn.dice, tuple(step.die for step in steps))
            view = replace(base, dice=dice, last_turn=TurnMarks(turn.color, steps))
            board = np.asarray(compose(variant.moved(turn.position, steps), view), dtype=np.int16)
            top = n * (HEADING + g.HEIGHT) + HEADING
            shown = picture[top : top + g.HEIGHT]
            assert np.abs(shown - board).mean() < 4  # this board, JPEG-encoded
        upper, lower = (picture[n * (HEADING + g.HEIGHT) + HEADING :][: g.HEIGHT] for n in (0, 1))
        assert np.abs(upper - lower).mean() > 0.5  # the two moves leave different boards


@pytest.mark.timeout(120)
def test_the_costliest_turns_are_drawn_as_played_above_as_best() -> None:
    record, review = planted()
    check_pictures(record, review, PLANTED)


@pytest.mark.timeout(120)
def test_a_short_nardy_games_costliest_turns_are_drawn_with_its_board() -> None:
    record, number, review = short_planted()
    check_pictures(record, review, number)


@pytest.mark.timeout(120)
def test_against_the_bot_only_the_persons_turns_are_drawn() -> None:
    record, review = planted()
    blunderer = record.turns[PLANTED - 1].color
    for bot in Color:
        names = ["Alice", "Bob"]
        names[bot] = "Nardy bot (expert)"
        against_bot = replace(record, players=(names[0], names[1]))
        turns = pictured_turns(against_bot, review)
        assert all(turn.color is not bot for turn in turns)
        assert (PLANTED in [turn.number for turn in turns]) is (blunderer is not bot)
    turns = pictured_turns(record, review)
    assert len(turn_pictures(TEXTS, record, turns, CLASSIC)) == len(turns)


async def test_pictures_go_as_one_album_of_two_or_more_and_one_alone_as_a_photo(
    telegram: FakeTelegram, store: RedisStore, bot_player: PoolBotPlayer
) -> None:
    chat = make_chat(telegram, store, fair_service(store, bot_player, Clock()))
    jpeg = render(Position.start())
    with pytest.raises(TelegramBadRequest, match="2 to 10"):  # as Telegram: an album is 2+
        await chat.bot.send_media_group(chat.user["id"], [InputMediaPhoto(media="photo-1")])
    await send_album(chat.bot, chat.user["id"], [BufferedInputFile(jpeg, "a.jpg")], ["one"])
    assert [m.caption for m in chat.messages] == ["one"]
    assert len(telegram.calls_of("sendPhoto")) == 1
    photos = [BufferedInputFile(jpeg, f"{n}.jpg") for n in range(3)]
    await send_album(chat.bot, chat.user["id"], photos, [f"n{n}" for n in range(3)])
    assert [m.caption for m in chat.messages] == ["one", "n0", "n1", "n2"]
    assert all(m.photo_id is not None for m in chat.messages)
    assert len(telegram.calls_of("sendMediaGroup")) == 2 and telegram.schema_problems == []


async def test_an_album_is_drawn_and_uploaded_once_for_every_worker(
    telegram: FakeTelegram, store: RedisStore, bot_player: PoolBotPlayer
) -> None:
    chat = make_chat(telegram, store, fair_service(store, bot_player, Clock()))
    drawn = []

    def draw() -> list[bytes]:
        drawn.append(1)
        return [render(Position.start())] * 2

    for albums in (Albums(store), Albums(store)):  # the second: another worker's
        for _ in range(2):
            await albums.send(chat.bot, chat.user["id"], "turns:g1.1:en:classic", ["a", "b"], draw)
    assert len(drawn) == 1
    (upload, *again) = telegram.calls_of("sendMediaGroup")
    assert all(item["media"].startswith("attach://") for item in upload.params["media"])
    shown = [[item["media"] for item in call.params["media"]] for call in again]
    assert len(shown) == 3 and all(media == shown[0] for media in shown)
    assert [m.photo_id for m in chat.messages[2:]] == shown[0] * 3
