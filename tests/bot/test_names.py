"""People's names as every screen shows them (issue 58): without the characters that forge a
line or reorder the text around them, cut to the same length everywhere."""

from __future__ import annotations

from bot.service import GameService
from bot.storage import RedisStore
from bot.ui.names import NAME_LIMIT
from testkit.fakes.telegram import FakeTelegram
from testkit.harness import make_chat, make_group, user


async def test_bidirectional_and_control_characters_are_not_shown(
    telegram: FakeTelegram, store: RedisStore, service: GameService
) -> None:
    """ "Bob\\u202eevil" would read "Boblive" on the card; a newline would start a line."""
    group = make_group(telegram, store, service)
    bob = user(2002) | {"first_name": "Bob\u202eevil\u2066", "last_name": "\nJr\u200f"}
    await group.send(bob, "/play")
    assert (group.last.caption or "").startswith("Bobevil Jr ")
    await group.send(bob, "/stats")
    assert (group.last.text or "").startswith("<b>Statistics: Bobevil Jr</b>\n")
    hidden = user(2003) | {"first_name": "\u202e\u202c"}
    await group.send(hidden, "/play")
    assert (group.last.caption or "").startswith("Player ")


async def test_stats_cut_a_long_name_as_the_board_does(
    telegram: FakeTelegram, store: RedisStore, service: GameService
) -> None:
    chat = make_chat(telegram, store, service)
    chat.user["first_name"] = "N" * 60
    await chat.send("/stats")
    assert (chat.last.text or "").splitlines()[0] == f"<b>Statistics: {'N' * NAME_LIMIT}</b>"
