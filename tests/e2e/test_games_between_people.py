"""Games between two people against the real bot process, the fake Bot API over HTTP and a real
Redis: a whole inline game through the media chat, and a whole group game under a tight group
edit limit; each player taps only what the message shows, once it shows their turn."""

from __future__ import annotations

import re
import subprocess
from collections import Counter
from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from testkit.fakes.telegram import FakeTelegram, Limit, Sent
from testkit.harness import card_id, card_kinds
from tests.e2e.helpers import served, start_bot, stop_bot, until

TOKEN = "123456:DUEL-TOKEN-DUEL-TOKEN-DUEL-TOKEN-00"
ANN: dict[str, Any] = {"id": 7001, "is_bot": False, "first_name": "Ann", "language_code": "en"}
BOB: dict[str, Any] = {"id": 7002, "is_bot": False, "first_name": "Bob", "language_code": "en"}
PLAYERS = {player["first_name"]: player for player in (ANN, BOB)}
MEDIA: dict[str, Any] = {"id": -1007000, "type": "channel", "title": "Boards"}
GROUP: dict[str, Any] = {"id": -1008000, "type": "supergroup", "title": "Friends"}
# A group's and channel's limit: Telegram's 20 messages, but per 2 s rather than a minute, so
# that a whole game (about 300 taps) meets it all the time and still ends within a minute; the
# bot is told the same (GROUP_LIMIT) and paces its messages to it.
GROUP_LIMIT = Limit(20, 2.0)
TURN = re.compile(r"^Turn: (.+)$", re.MULTILINE)
JOIN, DONE, REMATCH, RECORD = "🎲 Join", "✅ Done", "🔁 Rematch", "📜 Game record"
ANALYSIS, REPLAY = "🔍 Analysis", "📽 Replay"
FINISHED = [REMATCH, RECORD, ANALYSIS, REPLAY]  # the buttons under a finished long game

StartBot = Callable[..., subprocess.Popen[str]]


@pytest.fixture
def telegram() -> FakeTelegram:
    return FakeTelegram(group_limit=GROUP_LIMIT)


@pytest.fixture
async def api_url(telegram: FakeTelegram) -> AsyncIterator[str]:
    async with served(telegram) as url:
        yield url


@pytest.fixture
def start(api_url: str, redis_url: str, tmp_path: Path) -> Iterator[StartBot]:
    """Starts the bot with the fake API, Redis and the given further settings; killed after
    the test if it still runs."""
    started: list[subprocess.Popen[str]] = []

    def launch(**settings: str) -> subprocess.Popen[str]:
        process = start_bot(
            tmp_path,
            BOT_TOKEN=TOKEN,
            REDIS_URL=redis_url,
            TELEGRAM_API_URL=api_url,
            GROUP_LIMIT=f"{GROUP_LIMIT.count}/{GROUP_LIMIT.window:g}",
            **settings,
        )
        started.append(process)
        return process

    yield launch
    for process in started:
        if process.poll() is None:
            process.kill()
            process.wait()


async def tap(telegram: FakeTelegram, player: dict[str, Any], sent: Sent, label: str) -> str:
    """`player` taps the button labelled `label`; waits until the tap is answered, and returns
    the callback query's id."""
    data = next(b["callback_data"] for b in sent.buttons() if b["text"] == label)
    update = telegram.tap_update(player, sent, data)
    await telegram.updates.put(update)
    query_id: str = update["callback_query"]["id"]
    await until(lambda: query_id in telegram.answered, f"an answer to {data}", 30)
    return query_id


def to_move(shown: Sent) -> dict[str, Any]:
    """The player whose turn the message names ("Turn: Ann")."""
    found = TURN.search(shown.caption or shown.text or "")
    assert found is not None, shown
    return PLAYERS[found.group(1)]


def choice(labels: list[str]) -> str:
    """Done when the turn is complete, else the first whole turn, else the move that goes
    farthest (fewest taps), else the first checker."""
    if DONE in labels:
        return DONE
    turns = [label for label in labels if "/" in label]
    if turns:
        return turns[0]
    targets = [label for label in labels if "→" in label]
    if targets:
        return min(targets, key=destination)
    return next(label for label in labels if label.isdigit())


def destination(label: str) -> int:
    """The point a "13 → 7" button moves to; 0 for "3 → off" (beyond point 1)."""
    point = label.split("→")[1].strip()
    return int(point) if point.isdigit() else 0


async def play_out(telegram: FakeTelegram, board: Sent, taps: list[str]) -> None:
    """The player the board names taps until only the finished game's buttons are left,
    each time waiting until the board shows the tap's effect; the taps' query ids go to
    `taps`."""
    for _ in range(2000):
        labels = [b["text"] for b in board.buttons()]
        if labels == FINISHED:
            return
        shown = board.markup  # `board` itself changes with each edit
        taps.append(await tap(telegram, to_move(board), board, choice(labels)))
        await until(changed(board, shown), "the board to change", 30)
    raise AssertionError("the game did not end in 2000 taps")


def changed(board: Sent, markup: dict[str, Any] | None) -> Callable[[], bool]:
    """A check that `board` shows other buttons than `markup` (each state has its own)."""
    return lambda: board.markup != markup


async def play_a_card(telegram: FakeTelegram, query_id: str) -> tuple[Sent, list[str]]:
    """Ann sends the one-game card of the inline query `query_id` into the group, Bob joins,
    they play it out: the inline message, and the ids of all the taps."""
    chosen = telegram.choose_inline_result(
        ANN, query_id, card_id(telegram, query_id, "1"), chat=GROUP
    )
    await telegram.updates.put(chosen)
    card = telegram.inline_messages[chosen["chosen_inline_result"]["inline_message_id"]]
    taps = [await tap(telegram, BOB, card, JOIN)]
    await until(lambda: TURN.search(card.caption or ""), "the first board")
    await play_out(telegram, card, taps)
    return card, taps


def answered_once(telegram: FakeTelegram, taps: list[str]) -> bool:
    """Every tap got exactly one answer, and no answer was refused."""
    answers = telegram.calls_of("answerCallbackQuery")
    counted = Counter(str(call.params["callback_query_id"]) for call in answers)
    return all(call.status == 200 for call in answers) and counted == Counter(taps)


@pytest.mark.timeout(180)  # some 45 s: a whole game at 20 messages per 2 s
async def test_a_whole_inline_game_through_the_media_chat(
    telegram: FakeTelegram, start: StartBot
) -> None:
    """Ann offers a game by @bot in a group, Bob joins, they play it out: every picture goes to
    the media chat first and the inline message is edited by its file id, never with an upload;
    its edits, which count in the group's limit, are paced to it."""
    telegram.add_chat(MEDIA)
    telegram.add_chat(GROUP)
    bot = start(MEDIA_CHAT_ID=str(MEDIA["id"]))
    query = telegram.inline_query_update(ANN)
    query_id = query["inline_query"]["id"]
    await telegram.updates.put(query)
    await until(lambda: query_id in telegram.inline_answers, "the offered cards", 60, bot)
    results = telegram.inline_answers[query_id]["results"]
    assert card_kinds(telegram, query_id) == ["1", "3", "5", "7", "short1"]  # lengths, short
    card, taps = await play_a_card(telegram, query_id)

    assert card.caption is not None and re.search(r"^(Ann|Bob) won:", card.caption, re.M), card
    assert [b["text"] for b in card.buttons()] == FINISHED
    inline = [call for call in telegram.calls if "inline_message_id" in call.params]
    assert inline and all(call.status == 200 and not call.uploads for call in inline)
    pictures = telegram.calls_of("sendPhoto")
    assert pictures and all(call.params["chat_id"] == MEDIA["id"] for call in pictures)
    in_media_chat = {sent.photo_id for sent in telegram.chat(MEDIA["id"])}
    shown = {str(call.params["media"]["media"]) for call in inline if "media" in call.params}
    assert len(shown) > 40 and shown <= in_media_chat  # about one picture a turn
    assert telegram.floods["group"] <= len(inline) // 20, telegram.floods
    assert results[0]["photo_file_id"] in in_media_chat
    assert answered_once(telegram, taps)
    assert telegram.schema_problems == []

    output = await stop_bot(bot)
    assert "Traceback" not in output and " ERROR " not in output, output


@pytest.mark.timeout(180)  # some 45 s: a whole game at 20 messages per 2 s
async def test_a_whole_group_game_paced_to_the_group_limit(
    telegram: FakeTelegram, start: StartBot
) -> None:
    """Ann challenges the group, Bob joins, they play it out as fast as the board follows while
    the group's messages are limited to 20 per 2 s: the bot spends that budget evenly, so the
    board keeps up within a slot or two and Telegram refuses next to nothing (a request late
    on its way may meet a full window; the retry waits it out); neither player sees an error,
    and the final board shows the result."""
    telegram.add_chat(GROUP)
    bot = start()
    await telegram.updates.put(telegram.text_update(ANN, "/play", GROUP))
    await until(lambda: telegram.chat(GROUP["id"]), "the challenge card", 60, bot)
    [card] = telegram.chat(GROUP["id"])
    taps = [await tap(telegram, BOB, card, JOIN)]
    await until(lambda: TURN.search(card.caption or ""), "the first board")

    await play_out(telegram, card, taps)

    assert card.caption is not None and re.search(r"^(Ann|Bob) won:", card.caption, re.M), card
    assert [b["text"] for b in card.buttons()] == FINISHED
    assert telegram.chat(GROUP["id"]) == [card]  # one board, nothing else said in the group
    edits = telegram.calls_of("editMessageMedia")
    refused = [call for call in edits if call.status == 429]
    assert len(edits) > 40  # a whole game: windows of edits, paced
    assert len(refused) <= len(edits) // 20, f"{len(refused)} of {len(edits)} edits refused"
    assert all(call.status in (200, 429) for call in edits)
    assert answered_once(telegram, taps)
    answers = telegram.calls_of("answerCallbackQuery")
    assert [call.params for call in answers if "text" in call.params] == []
    assert telegram.schema_problems == []

    output = await stop_bot(bot)
    assert "Traceback" not in output and " ERROR " not in output, output
