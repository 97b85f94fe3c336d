"""Games between two people through inline mode, through real updates and a real Redis: the
offered cards, joining, withdrawing, expiry, whole games through the media chat and on the
text board, spectators, a rematch in the same message."""

from __future__ import annotations

import asyncio
import time
from dataclasses import replace
from typing import Any

import pytest

from bot.i18n import Locale
from bot.service import (
    CHALLENGE_TTL,
    GameService,
    NoGame,
    PoolBotPlayer,
    Table,
    inline_game_id,
)
from bot.storage import RedisStore
from bot.ui.callbacks import InlineChallenge
from nardy import Color, Rules
from nardy.record import rules_to_text
from testkit.fakes.telegram import FakeTelegram, Sent
from testkit.harness import (
    Clock,
    Group,
    card_id,
    card_kinds,
    fair_service,
    is_play,
    make_group,
    press_next,
    user,
)

ALICE, BOB, CAROL = user(3001), user(3002), user(3003, "uk")
MEDIA_ID = -100777
MEDIA = {"id": MEDIA_ID, "type": "channel", "title": "media"}


@pytest.fixture
def room(telegram: FakeTelegram, store: RedisStore, service: GameService) -> Group:
    """The bot without a media chat: inline games on text boards."""
    return make_group(telegram, store, service)


@pytest.fixture
def media_room(telegram: FakeTelegram, store: RedisStore, service: GameService) -> Group:
    """The bot with a media chat: inline games on pictures."""
    telegram.add_chat(MEDIA)
    return make_group(telegram, store, service, media_chat_id=MEDIA["id"])


async def offered(
    room: Group, person: dict[str, Any], query: str = ""
) -> tuple[str, list[dict[str, Any]]]:
    """`person` types @bot `query`: the inline query's id and the results the bot answered."""
    update = room.telegram.inline_query_update(person, query)
    await room.feed(update)
    query_id = update["inline_query"]["id"]
    return query_id, room.telegram.inline_answers[query_id]["results"]


async def sent_card(
    room: Group, person: dict[str, Any], result_id: str = "1", query: str = ""
) -> Sent:
    """`person` sends one of the offered cards (one game by default) into some chat."""
    query_id, _ = await offered(room, person, query)
    chosen = room.telegram.choose_inline_result(
        person, query_id, card_id(room.telegram, query_id, result_id)
    )
    await room.feed(chosen)
    return room.telegram.inline_messages[chosen["chosen_inline_result"]["inline_message_id"]]


async def game_of(service: GameService, card: Sent) -> Table:
    assert card.inline_message_id is not None
    return await service.load(inline_game_id(card.inline_message_id))


def person(table: Table, color: Color) -> dict[str, Any]:
    return next(p for p in (ALICE, BOB, CAROL) if p["id"] == table.seats[color].user_id)


async def play_out(room: Group, service: GameService, card: Sent) -> Table:
    """The player to move taps the first checker and its first destination until Done, to
    the end of the game."""
    table = await game_of(service, card)
    for _ in range(2000):
        table = await service.load(table.game_id)
        if table.game.over:
            return table
        await tap_on(room, table, card)
    raise AssertionError("the game did not end")


async def tap_on(room: Group, table: Table, card: Sent) -> None:
    """The player to move taps Done, else the first destination, else the first checker."""
    await press_next(room, person(table, table.game.to_move), card)


async def test_the_bot_offers_one_game_and_three_matches_as_personal_text_cards(
    room: Group, telegram: FakeTelegram
) -> None:
    query_id, results = await offered(room, ALICE)
    answer = telegram.inline_answers[query_id]
    assert answer["is_personal"] is True and answer["cache_time"] <= 30
    assert card_kinds(telegram, query_id) == ["1", "3", "5", "7", "short1"]
    assert [r["title"] for r in results] == [
        "Long nardy: one game",
        "Long nardy: a match to 3 points",
        "Long nardy: a match to 5 points",
        "Long nardy: a match to 7 points",
        "Short nardy: one game",
    ]
    text = results[0]["input_message_content"]["message_text"]
    assert "U3001 invites you to a game of long nardy." in text
    assert "pictures need the bot's operator to set a media chat" in text
    assert "<pre>" in text and "○15" in text and "●15" in text
    labels = [b["text"] for b in results[0]["reply_markup"]["inline_keyboard"][0]]
    assert labels == ["🎲 Join", "✖️ Cancel"]
    assert telegram.schema_problems == []


async def test_with_a_media_chat_the_cards_are_pictures_uploaded_once(
    media_room: Group, telegram: FakeTelegram
) -> None:
    _, results = await offered(media_room, ALICE)
    assert {r["type"] for r in results} == {"photo"}
    uploads = telegram.calls_of("sendPhoto")
    # One picture for the 4 cards of long nardy, one for the card of short nardy.
    assert [call.params["chat_id"] for call in uploads] == [MEDIA["id"]] * 2
    assert len({r["photo_file_id"] for r in results[:4]}) == 1
    assert results[4]["photo_file_id"] != results[0]["photo_file_id"]
    assert "media chat" not in results[0]["caption"]
    await offered(media_room, ALICE)
    assert len(telegram.calls_of("sendPhoto")) == 2  # the same renders: their file ids again
    _, bobs = await offered(media_room, BOB)  # another challenger: the pictures name nobody
    assert len(telegram.calls_of("sendPhoto")) == 2 and "U3002 invites you" in bobs[0]["caption"]
    assert [r["photo_file_id"] for r in bobs] == [r["photo_file_id"] for r in results]
    assert telegram.schema_problems == []


async def test_cards_asked_for_at_once_post_each_picture_once(
    media_room: Group, telegram: FakeTelegram
) -> None:
    """Three people type @bot at the same moment: their cards' pictures (one for long nardy,
    one for short) are posted once, not once per query."""
    offers = [offered(media_room, user(3100 + n)) for n in range(3)]
    answers = await asyncio.gather(*offers)
    assert len(telegram.calls_of("sendPhoto")) == 2
    assert len({results[0]["photo_file_id"] for _, results in answers}) == 1


async def test_join_by_the_challenger_is_refused_a_stranger_plays_a_third_cannot(
    room: Group, service: GameService, telegram: FakeTelegram
) -> None:
    card = await sent_card(room, ALICE)
    join = card.buttons()[0]["callback_data"]
    await room.tap(ALICE, card, join)
    assert room.answers()[-1] == ("This is your own challenge: wait for someone to join.", True)
    await room.tap(BOB, card, join)
    assert room.answers()[-1] == ("", False)
    table = await game_of(service, card)
    assert {seat.user_id for seat in table.seats} == {ALICE["id"], BOB["id"]}
    mover = table.seats[table.game.to_move].name
    assert card.text is not None and f"Turn: {mover}" in card.text and "<pre>" in card.text
    assert any(is_play(b["text"]) for b in card.buttons())
    await room.tap(CAROL, card, join)  # the card's old button
    assert room.answers()[-1] == ("Хтось уже приєднався до цієї партії.", True)
    card.text, card.markup = "a board that never arrived", None  # say the edit failed
    await room.tap(BOB, card, join)  # a player's Join brings the board back
    assert room.answers()[-1] == ("", False)
    assert card.text is not None and f"Turn: {mover}" in card.text
    assert telegram.schema_problems == []


async def test_only_the_challenger_withdraws_a_card(room: Group) -> None:
    card = await sent_card(room, ALICE)
    join = card.buttons()[0]["callback_data"]
    await room.press(BOB, card, "✖️ Cancel")
    assert room.answers()[-1] == ("Only the one who made the challenge can withdraw it.", True)
    await room.press(ALICE, card, "✖️ Cancel")
    assert card.text == "U3001 withdrew the challenge." and card.buttons() == []
    await room.tap(BOB, card, join)
    assert room.answers()[-1] == ("This challenge has expired or was withdrawn.", True)


async def test_a_card_nobody_joined_in_time_expires(
    room: Group, telegram: FakeTelegram, store: RedisStore, bot_player: PoolBotPlayer
) -> None:
    """A day later (the bot's clock moved on), the card's own Join says it expired."""
    card = await sent_card(room, ALICE)
    later = time.time() + CHALLENGE_TTL + 1
    day_later = make_group(telegram, store, GameService(store, bot_player, clock=lambda: later))
    await day_later.press(BOB, card, "🎲 Join")
    assert day_later.answers()[-1] == ("This challenge has expired or was withdrawn.", True)
    assert card.text == "This challenge has expired." and card.buttons() == []


async def test_a_whole_inline_game_through_the_media_chat(
    media_room: Group, service: GameService, telegram: FakeTelegram
) -> None:
    card = await sent_card(media_room, ALICE)
    await media_room.press(BOB, card, "🎲 Join")
    final = await play_out(media_room, service, card)
    assert final.game.result is not None
    assert [b["text"] for b in card.buttons()] == ["🔁 Rematch"]
    edits = [c for c in telegram.calls_of("editMessageMedia") if "inline_message_id" in c.params]
    assert edits and all(call.status == 200 and not call.uploads for call in edits)
    uploads = telegram.calls_of("sendPhoto")  # every picture went to the media chat first
    assert {call.params["chat_id"] for call in uploads} == {MEDIA["id"]}
    winner = final.seats[final.game.result.winner or Color.WHITE].name
    assert card.caption is not None and f"{winner} won:" in card.caption
    assert telegram.schema_problems == []


async def paced_media_game(
    telegram: FakeTelegram, store: RedisStore, service: GameService, busy: float
) -> tuple[Group, Sent, Table]:
    """A bot with a media chat; ALICE's inline card, BOB joined, then the media chat's posts
    spent for the next `busy` seconds (the boards' own edits paced quickly, so that the taps
    meet the media chat's limit, not their chat's): the room, the card (the game's message)
    and the game as it began."""
    telegram.add_chat(MEDIA)
    room = make_group(telegram, store, service, media_chat_id=MEDIA_ID, group_limit="600/60")
    card = await sent_card(room, ALICE)
    await room.press(BOB, card, "🎲 Join")
    await store.reserve_slot(f"chat:{MEDIA_ID}", busy, 1, None)
    return room, card, await game_of(service, card)


async def test_a_media_chat_out_of_slots_shows_the_text_board_in_the_caption_meanwhile(
    telegram: FakeTelegram, store: RedisStore, service: GameService
) -> None:
    """A channel's posts are paced (here its next slot a minute away): a board picture that
    would keep the player waiting more than a few seconds is not posted; the message keeps
    its picture, its caption shows the text board, and play goes on."""
    room, card, table = await paced_media_game(telegram, store, service, 60.0)
    for _ in range(8):
        await tap_on(room, await service.load(table.game_id), card)
    captions = [
        c for c in telegram.calls_of("editMessageCaption") if "inline_message_id" in c.params
    ]
    assert captions and all(c.status == 200 for c in captions)
    white, black = (seat.name for seat in table.seats)
    assert card.caption is not None and card.caption.startswith(f"○ {white}   ● {black}\n<pre>")
    assert len(telegram.calls_of("sendPhoto")) <= 4  # the cards', the first board's, one more
    assert not [c for c in telegram.calls if c.status == 429]
    taps = [c for c in telegram.calls_of("answerCallbackQuery") if c.status == 200]
    assert len(taps) == 9 and (await service.load(table.game_id)).seq > table.seq
    assert telegram.schema_problems == []
    room.dispatcher["boards"].close()  # its picture would come in a minute


@pytest.mark.timeout(60)
async def test_a_board_shown_as_text_gets_its_picture_when_a_slot_comes(
    telegram: FakeTelegram, store: RedisStore, service: GameService
) -> None:
    """The next post 6 s away: quick taps show some states as text, and the last one shown so
    gets its picture once the game pauses (3 s) and a slot comes, without another tap."""
    room, card, table = await paced_media_game(telegram, store, service, 6.0)
    for _ in range(12):
        await tap_on(room, await service.load(table.game_id), card)
        if (card.caption or "").startswith("○"):
            break
    assert (card.caption or "").startswith("○"), "no state was shown as text"
    latest = await service.load(table.game_id)
    deadline = time.monotonic() + 15
    while (card.caption or "").startswith("○") and time.monotonic() < deadline:
        await asyncio.sleep(0.05)
    edits = [c for c in telegram.calls if "inline_message_id" in c.params]
    assert edits[-1].method == "editMessageMedia" and edits[-1].status == 200
    assert card.photo_id in {sent.photo_id for sent in telegram.chat(MEDIA_ID)}
    assert (await service.load(table.game_id)).seq == latest.seq  # no tap made it
    assert not (card.caption or "").startswith("○")


async def test_a_whole_inline_game_on_the_text_board(
    room: Group, service: GameService, telegram: FakeTelegram
) -> None:
    card = await sent_card(room, ALICE, "3")  # a match to 3: games follow one another
    assert card.text is not None and card.text.startswith("<pre>")  # no colours yet
    await room.press(BOB, card, "🎲 Join")

    def legend(table: Table) -> str:  # who plays ○ and ●, above every board
        white, black = (seat.name for seat in table.seats)
        return f"○ {white}   ● {black}\n<pre>"

    table = await game_of(service, card)
    assert card.text is not None and card.text.startswith(legend(table))
    final = await play_out(room, service, card)
    while final.match is not None and not final.match.match.over:
        final = await play_out(room, service, card)
    assert card.text is not None and "wins the match to 3" in card.text
    assert card.text.startswith(legend(final))
    assert telegram.calls_of("sendPhoto") == [] and telegram.calls_of("editMessageMedia") == []
    assert telegram.schema_problems == []


async def test_a_spectators_tap_on_an_inline_game_is_refused_in_their_language(
    room: Group, service: GameService
) -> None:
    card = await sent_card(room, ALICE)
    await room.press(BOB, card, "🎲 Join")
    before = await game_of(service, card)
    checker = next(b["callback_data"] for b in card.buttons() if is_play(b["text"]))
    await room.tap(CAROL, card, checker)
    text, alert = room.answers()[-1]
    assert alert and text.startswith("Ви спостерігаєте за цією партією")
    assert await game_of(service, card) == before


async def test_a_player_resigns_on_the_board_and_a_rematch_takes_over_the_message(
    room: Group, service: GameService, store: RedisStore
) -> None:
    card = await sent_card(room, ALICE)
    await room.press(BOB, card, "🎲 Join")
    first = await game_of(service, card)
    waiting = first.seat_of(ALICE["id"])
    assert waiting is not None
    await room.press(ALICE, card, "🏳 Resign")  # on either side's turn
    assert card.text is not None and "🏳 U3001:" in card.text and "Resign?" in card.text
    labels = [b["text"] for b in card.buttons()]  # the player to move keeps their buttons
    assert any(map(is_play, labels)) and labels[-2:] == ["🏳 Yes, resign", "Keep playing"]
    await room.press(BOB, card, "🏳 Yes, resign")
    assert room.answers()[-1] == ("This question was asked of another player.", True)
    await room.press(ALICE, card, "Keep playing")
    assert any(is_play(b["text"]) for b in card.buttons())
    await room.press(ALICE, card, "🏳 Resign")
    await room.press(ALICE, card, "🏳 Yes, resign")
    over = await game_of(service, card)
    assert over.game.result is not None and over.game.result.winner is waiting.opponent
    assert card.text is not None and "U3001 resigned." in card.text
    await room.press(ALICE, card, "🔁 Rematch")
    await room.press(BOB, card, "🔁 Rematch")
    slot_game = await store.chat_game(over.slots()[0])
    assert slot_game is not None and slot_game != first.game_id
    fresh = await service.load(slot_game)
    assert fresh.inline_id == card.inline_message_id and not fresh.game.over
    assert any(is_play(b["text"]) for b in card.buttons())
    assert f":{fresh.seq}:" in card.buttons()[0]["callback_data"]


async def test_the_query_names_the_time_per_turn_and_the_game_keeps_it(
    room: Group, service: GameService
) -> None:
    _, results = await offered(room, ALICE, "5m")
    texts = [r["input_message_content"]["message_text"] for r in results]
    assert all("5 minutes per turn" in text for text in texts)
    _, results = await offered(room, ALICE, "7m")  # not offered: the default, 24 hours
    assert "24 hours per turn" in results[0]["input_message_content"]["message_text"]
    card = await sent_card(room, ALICE, "3", "5m")
    await room.press(BOB, card, "🎲 Join")
    table = await game_of(service, card)
    assert table.turn_limit == 300 and table.match is not None
    assert card.text is not None and "Time per turn: 5 minutes." in card.text


async def test_a_card_whose_challenger_or_terms_are_forged_is_refused(
    room: Group, service: GameService
) -> None:
    """Mallory changes what her own card's buttons say (issue 58): Alice as the challenger, a
    one-minute limit, a later offer, other rules, another language. None is the card the bot
    sealed: no game is stored, nobody is seated; Alice's own card cannot be withdrawn by
    Mallory naming herself as its challenger."""
    mallory = user(3666)
    card = await sent_card(room, mallory)
    join = InlineChallenge.unpack(str(card.buttons()[0]["callback_data"]))
    forgeries = [
        {"by": ALICE["id"]},
        {"limit": 60},
        {"at": join.at + CHALLENGE_TTL},
        {"rules": rules_to_text(replace(Rules(), last_roll=True))},
        {"locale": Locale.UK},
    ]
    for forged in forgeries:
        await room.tap(BOB, card, join.model_copy(update=forged).pack())
        assert room.answers()[-1] == ("This button is not valid any more.", True)
    with pytest.raises(NoGame):
        await game_of(service, card)
    alices = await sent_card(room, ALICE)
    cancel = InlineChallenge.unpack(str(alices.buttons()[1]["callback_data"]))
    await room.tap(mallory, alices, cancel.model_copy(update={"by": mallory["id"]}).pack())
    assert room.answers()[-1] == ("This button is not valid any more.", True)
    await room.press(BOB, alices, "🎲 Join")
    table = await game_of(service, alices)
    assert {seat.user_id for seat in table.seats} == {ALICE["id"], BOB["id"]}


async def test_inline_queries_store_nothing_per_card(
    telegram: FakeTelegram, store: RedisStore, bot_player: PoolBotPlayer
) -> None:
    """Fifty queries of one person (five cards each, their dice committed) keep their name
    alone: a card's seal and dice need no storage until someone joins."""
    room = make_group(telegram, store, fair_service(store, bot_player, Clock()))
    _, cards = await offered(room, ALICE)
    assert "Fair dice: commitment" in cards[0]["input_message_content"]["message_text"]
    before = {key async for key in store.client.scan_iter(match="nardy:*")}
    for _ in range(50):
        _, cards = await offered(room, ALICE)
        assert len(cards) == 5
    assert {key async for key in store.client.scan_iter(match="nardy:*")} == before


async def test_a_cards_data_acts_only_on_the_message_sent_as_that_card(
    room: Group, service: GameService
) -> None:
    """Every card's data is readable by whoever sees it; Telegram tells which card each inline
    message was sent as, and only that card's Join and Cancel act there. Mallory's own Cancel
    on Bob's card, and Alice's real Join copied onto Mallory's card, are refused; an old card's
    data on a running board neither closes it nor seats anyone."""
    mallory = user(3666)
    bobs, mallorys, alices = [await sent_card(room, p) for p in (BOB, mallory, ALICE)]
    own_cancel = str(mallorys.buttons()[1]["callback_data"])
    await room.tap(mallory, bobs, own_cancel)
    assert room.answers()[-1] == ("This button is not valid any more.", True)
    alices_join = str(alices.buttons()[0]["callback_data"])
    await room.tap(mallory, mallorys, alices_join)
    assert room.answers()[-1] == ("This button is not valid any more.", True)
    with pytest.raises(NoGame):
        await game_of(service, mallorys)
    await room.press(CAROL, bobs, "🎲 Join")  # Bob's card is open still
    board = await game_of(service, bobs)
    assert {seat.user_id for seat in board.seats} == {BOB["id"], CAROL["id"]}
    shown = (bobs.text, bobs.markup)
    await room.tap(mallory, bobs, own_cancel)
    await room.tap(mallory, bobs, alices_join)
    assert room.answers()[-2:] == [("This button is not valid any more.", True)] * 2
    assert (bobs.text, bobs.markup) == shown
    assert (await game_of(service, bobs)).version == board.version
