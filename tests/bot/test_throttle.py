"""Per-person limits (issue 58): one member's floods neither spend a group's message budget,
which its games need, nor reach Telegram as a storm of requests. Through real updates, the
real dispatcher and a real Redis (whose clock the limits run on)."""

from __future__ import annotations

from typing import Any

import pytest

from bot.service import GameService
from bot.storage import RedisStore
from testkit.fakes.telegram import FakeTelegram
from testkit.harness import Group, make_chat, make_group, user

ALICE, MALLORY = user(2001), user(2004)


@pytest.fixture
def group(telegram: FakeTelegram, store: RedisStore, service: GameService) -> Group:
    return make_group(telegram, store, service)


def photos(telegram: FakeTelegram, chat_id: int) -> int:
    return sum(1 for m in telegram.chat(chat_id) if m.photo_id is not None)


async def test_rules_asked_in_a_group_go_privately_and_cost_the_group_one_message(
    group: Group, telegram: FakeTelegram
) -> None:
    """Mallory's four /rules: the six photos once, in her private chat; one line in the group.
    Alice's challenge after them is the group's next message."""
    for _ in range(4):
        await group.send(MALLORY, "/rules")
    assert [m.text for m in group.messages] == ["Sent to our private chat."]
    assert photos(telegram, MALLORY["id"]) == 6
    await group.send(ALICE, "/play")
    assert len(group.messages) == 2 and group.last.photo_id is not None  # the card


async def test_informational_commands_in_a_group_answer_each_person_so_often(
    group: Group,
) -> None:
    """Three answers at once, then one in 20 s, per person: of Mallory's ten /help three are
    answered, and Alice's first is."""
    for _ in range(10):
        await group.send(MALLORY, "/help")
    assert len(group.messages) == 3
    await group.send(ALICE, "/help")
    assert len(group.messages) == 4


async def test_rules_flooded_in_a_private_chat_are_sent_once(
    telegram: FakeTelegram, store: RedisStore, service: GameService
) -> None:
    """Sixty /rules at once: six photos, not 360 (Telegram's ~1 a second there would refuse
    nearly all with 429)."""
    chat = make_chat(telegram, store, service)
    for _ in range(60):
        await chat.send("/rules")
    assert photos(telegram, chat.user["id"]) == 6
    assert len(telegram.calls_of("sendPhoto")) == 6


async def test_a_persons_taps_beyond_their_limit_are_told_to_wait(
    telegram: FakeTelegram, store: RedisStore, service: GameService
) -> None:
    """Ten updates a minute, two at once: of a quick burst of taps the first two act, the
    rest are told in passing to wait, and change nothing."""
    chat = make_chat(telegram, store, service, person_limit="10/60")
    await chat.send("/play")  # the first of the two
    menu = chat.last
    for label in ("to 3", "to 5", "to 7", "Easy"):
        await chat.press(menu, label)
    assert chat.toasts() == ["Too many taps at once: wait a moment."] * 3
    assert "• to 3 •" in [b["text"] for b in chat.last.buttons()]
    assert await service.active_game(chat.user["id"]) is None


async def test_an_inline_query_flood_gets_no_cards_beyond_the_limit(
    telegram: FakeTelegram, store: RedisStore, service: GameService
) -> None:
    chat = make_chat(telegram, store, service, person_limit="10/60")
    answers = []
    for _ in range(5):
        update = telegram.inline_query_update(chat.user, "")
        await chat.feed(update)
        answers.append(len(telegram.inline_answers[update["inline_query"]["id"]]["results"]))
    assert answers == [5, 5, 0, 0, 0]


async def test_the_rules_button_tapped_again_and_again_sends_the_rules_once(
    telegram: FakeTelegram, store: RedisStore, service: GameService
) -> None:
    chat = make_chat(telegram, store, service)
    await chat.send("/start")
    menu = chat.last
    rules = next(b["text"] for b in menu.buttons() if "Rules" in b["text"])
    for _ in range(10):
        await chat.press(menu, rules)
    assert photos(telegram, chat.user["id"]) == 6


async def test_anonymous_administrators_are_limited_as_their_chat(
    telegram: FakeTelegram, store: RedisStore, service: GameService
) -> None:
    """Telegram sends every anonymous administrator's message from one shared bot account:
    the person's limit counts such messages per chat, so a flood in one group does not
    silence the anonymous administrators of another."""
    anonymous = {"id": 1087968824, "is_bot": True, "first_name": "Group"}
    first = make_group(telegram, store, service, person_limit="10/60")  # two at once
    other: dict[str, Any] = {"id": -100600, "type": "supergroup", "title": "Others"}
    telegram.add_chat(other)
    for _ in range(10):
        await first.send(anonymous, "/help")
    assert len(first.messages) == 2
    await first.feed(telegram.text_update(anonymous, "/help", other))
    assert len(telegram.chat(other["id"])) == 1
