"""The real bot process (`python -m bot`) against the fake Bot API server and a real Redis: two
whole games against the bot at once, played by tapping buttons, every request schema-checked."""

from __future__ import annotations

import asyncio
import io
import random
import subprocess
from collections import Counter
from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path
from typing import Any

import av
import pytest

from bot.i18n import Locale, Translator
from nardy.transcript import parse, verify
from testkit.fakes.telegram import Chaos, FakeTelegram, Sent
from tests.e2e.helpers import served, start_bot, stop_bot, until

TOKEN = "123456:E2E-TOKEN-E2E-TOKEN-E2E-TOKEN-000"
ENGLISH: dict[str, Any] = {"id": 5005, "is_bot": False, "first_name": "Ann", "language_code": "en"}
RUSSIAN: dict[str, Any] = {"id": 6006, "is_bot": False, "first_name": "Ivan", "language_code": "ru"}


@pytest.fixture
def telegram() -> FakeTelegram:
    """Telegram with its flood limits but a private chat's (about one message a second): the
    players here tap as soon as their board answers, far beyond a person."""
    return FakeTelegram(private_limit=None)


@pytest.fixture
async def api_url(telegram: FakeTelegram) -> AsyncIterator[str]:
    """The fake Bot API server's base URL, serving `telegram`."""
    async with served(telegram) as url:
        yield url


@pytest.fixture
def bot_process(api_url: str, redis_url: str, tmp_path: Path) -> Iterator[subprocess.Popen[str]]:
    process = start_bot(tmp_path, BOT_TOKEN=TOKEN, REDIS_URL=redis_url, TELEGRAM_API_URL=api_url)
    yield process
    if process.poll() is None:
        process.kill()
        process.wait()


def chat(telegram: FakeTelegram, player: dict[str, Any]) -> list[Sent]:
    return telegram.chat(player["id"])


def board(telegram: FakeTelegram, player: dict[str, Any]) -> Sent:
    return [m for m in chat(telegram, player) if m.photo_id is not None][-1]


def changed_from(
    telegram: FakeTelegram, player: dict[str, Any], photo: str | None
) -> Callable[[], bool]:
    """A check that the player's board shows another picture than `photo`."""
    return lambda: board(telegram, player).photo_id != photo


async def tap(
    telegram: FakeTelegram, player: dict[str, Any], sent: Sent, label: Callable[[str], bool]
) -> None:
    """Tap the first button `label` accepts and wait until the bot has answered the tap."""
    data = next(b["callback_data"] for b in sent.buttons() if label(b["text"]))
    update = telegram.tap_update(player, sent, data)
    await telegram.updates.put(update)
    query_id = update["callback_query"]["id"]
    await until(lambda: query_id in telegram.answered, f"an answer to {data}")


def in_language(player: dict[str, Any], message: str) -> str:
    """`message` as the bot shows it in the player's language, from its own catalogs."""
    return Translator()[Locale(player["language_code"])].gettext(message)


def labelled(player: dict[str, Any], message: str) -> Callable[[str], bool]:
    """A check that a button's text is `message` in the player's language."""
    text = in_language(player, message)
    return lambda label: label == text


async def open_a_board(telegram: FakeTelegram, player: dict[str, Any]) -> None:
    """/start, Play vs bot, Easy: until the game's board is there."""
    await telegram.updates.put(telegram.text_update(player, "/start"))
    await until(lambda: chat(telegram, player), "the welcome")
    await tap(telegram, player, chat(telegram, player)[-1], labelled(player, "🎲 Play vs bot"))
    levels = in_language(player, "Choose the bot's level:")
    await until(lambda: chat(telegram, player)[-1].text == levels, "the levels")
    await tap(telegram, player, chat(telegram, player)[-1], labelled(player, "Easy"))
    await until(lambda: any(m.photo_id for m in chat(telegram, player)), "the board")


async def play_out(telegram: FakeTelegram, player: dict[str, Any]) -> Sent:
    """Tap (a checker, its first destination, Done) until the game is over; the final board."""
    done = labelled(player, "✅ Done")
    finished = [
        in_language(player, label)
        for label in ("🎲 Play again", "📜 Game record", "🔍 Analysis", "📽 Replay")
    ]
    for _ in range(1000):
        current = board(telegram, player)
        labels = [b["text"] for b in current.buttons()]
        if labels == finished:
            return current
        shown = current.photo_id  # `current` itself changes with each edit
        if any(done(text) for text in labels):
            await tap(telegram, player, current, done)
        elif any("→" in text for text in labels):
            await tap(telegram, player, current, lambda text: "→" in text)
        else:
            await tap(telegram, player, current, str.isdigit)
        await until(changed_from(telegram, player, shown), "the board to change")
    raise AssertionError("the game did not end in 1000 taps")


async def test_two_whole_games_against_the_bot_process(
    telegram: FakeTelegram, bot_process: subprocess.Popen[str]
) -> None:
    """Two players at once, in English and Russian; Telegram refuses one edit as "not
    modified" and another with a 429, both of which the bot rides out."""
    await until(lambda: len(telegram.calls_of("setMyCommands")) == 8, "the command menus", 60)
    await asyncio.gather(open_a_board(telegram, ENGLISH), open_a_board(telegram, RUSSIAN))

    telegram.not_modified_next()  # the board shows the pick, Telegram says
    edits = len(telegram.calls_of("editMessageMedia"))
    await tap(telegram, ENGLISH, board(telegram, ENGLISH), str.isdigit)
    await until(lambda: len(telegram.calls_of("editMessageMedia")) > edits, "the refused edit")
    assert telegram.calls_of("editMessageMedia")[edits].status == 400

    telegram.flood_next("editMessageMedia", retry_after=1)
    finals = await asyncio.gather(play_out(telegram, ENGLISH), play_out(telegram, RUSSIAN))
    assert "won" in (finals[0].caption or "")
    assert "Вы победили" in (finals[1].caption or "") or "Победил бот" in (finals[1].caption or "")
    assert "Your record against the bot (Easy): " in (finals[0].caption or "")
    await tap(telegram, ENGLISH, finals[0], labelled(ENGLISH, "📜 Game record"))
    await until(lambda: chat(telegram, ENGLISH)[-1].document is not None, "the game record")
    document = chat(telegram, ENGLISH)[-1].document
    assert document is not None
    checked = verify(parse(document[1].decode()))  # uploaded over HTTP, as a file
    assert checked.game.result is not None
    await telegram.updates.put(telegram.text_update(ENGLISH, "/stats"))
    counted = "<b>Bot · Easy</b>: 1 game, "
    await until(lambda: counted in (chat(telegram, ENGLISH)[-1].text or ""), "the statistics")
    assert len(telegram.calls_of("sendPhoto")) == 2

    # The replay, an MP4 uploaded over HTTP: a frame a turn, and the end.
    await tap(telegram, ENGLISH, finals[0], labelled(ENGLISH, "📽 Replay"))
    await until(lambda: chat(telegram, ENGLISH)[-1].animation is not None, "the replay", 60)
    replay = chat(telegram, ENGLISH)[-1].animation
    assert replay is not None
    with av.open(io.BytesIO(replay[1][1]), "r") as clip:
        frames = sum(1 for _ in clip.decode(video=0))
    assert frames == len(checked.game.history) + 1
    # The review, made in the AI worker processes, edited into its line.
    await tap(telegram, ENGLISH, finals[0], labelled(ENGLISH, "🔍 Analysis"))
    reviewed = "🔍 The Expert's analysis of the game"
    await until(
        lambda: any((m.text or "").startswith(reviewed) for m in chat(telegram, ENGLISH)),
        "the review",
        60,
    )
    assert telegram.failures == {"editMessageMedia": []}
    assert telegram.schema_problems == []
    assert bot_process.poll() is None

    output = await stop_bot(bot_process)
    assert TOKEN not in output
    assert "Traceback" not in output and " ERROR " not in output, output
    assert "editMessageMedia: flood control; retrying in 1 s" in output


@pytest.mark.timeout(240)  # some 90 s: a retry waits 0.5 s or more, on one call in five
async def test_a_whole_game_under_random_telegram_faults(
    telegram: FakeTelegram, bot_process: subprocess.Popen[str]
) -> None:
    """One call in five of every send, edit and answer fails before it takes effect, a
    request at most twice in a row: 5% each with nginx's HTML 502 page, a JSON 500, a 429
    and a connection closed unanswered. The game is played to its end, every tap is answered
    exactly once, nobody is apologised to, and the log has no ERROR line."""
    await until(lambda: len(telegram.calls_of("setMyCommands")) == 8, "the command menus", 60)
    kinds = ("html", "500", "429", "closed")
    telegram.chaos = Chaos(0.2, random.Random(5), in_a_row=2, kinds=kinds)
    await open_a_board(telegram, ENGLISH)
    final = await play_out(telegram, ENGLISH)
    assert "won" in (final.caption or "")
    answers = [c for c in telegram.calls_of("answerCallbackQuery") if c.status == 200]
    taps = Counter(str(c.params["callback_query_id"]) for c in answers)
    assert taps and set(taps.values()) == {1}
    failed = Counter(c.status for c in telegram.calls if c.status in (0, 429, 500, 502))
    assert len(failed) == 4 and min(failed.values()) > 5, failed  # the faults were there
    texts = [m.text for m in chat(telegram, ENGLISH) if m.text is not None]
    assert not any("Please try again" in text for text in texts), texts
    assert telegram.schema_problems == []

    output = await stop_bot(bot_process)
    assert "Traceback" not in output and " ERROR " not in output, output
