"""Provably fair dice and game records through the game service on a real Redis: every game
commits to its dice before the first roll, keeps the seed secret while it runs, and reveals it
in its record when it ends, however it ends (borne off, resigned, out of time, each game of a
match); the verifier reproduces every roll and refuses a tampered record."""

from __future__ import annotations

import json
import random
import re
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any

import pytest

from bot.service import (
    Action,
    Done,
    GameService,
    Hint,
    Move,
    PoolBotPlayer,
    Resign,
    Seat,
    Table,
    Terms,
    inline_game_id,
    player_slot,
)
from bot.service.events import DiceCommitted
from bot.service.table import Committed
from bot.storage import RedisStore
from bot.storage.base import RECORDS_LISTED
from nardy import Color
from nardy.ai import Level
from nardy.fair import commitment
from nardy.game import OpeningRoll
from nardy.scoring import EndReason
from nardy.short import Game as ShortGame
from nardy.short import ShortRules
from nardy.transcript import MatchPlace, Transcript, VerificationError, parse, verify
from testkit.fakes.telegram import FakeTelegram, Sent
from testkit.harness import (
    Clock,
    Group,
    card_id,
    fair_service,
    is_checker,
    make_chat,
    make_group,
    press_next,
    user,
)

USER = 77
GROUP = -100500
ALICE, BOB, CAROL = user(3001), user(3002), user(3003)


@pytest.fixture
def fair(store: RedisStore, bot_player: PoolBotPlayer) -> GameService:
    return fair_service(store, bot_player, Clock())


async def play_out(service: GameService, table: Table, user: int) -> Table:
    """Play the person's side to the end, each turn by its first legal steps then Done."""
    while not table.game.over:
        me = table.seat_of(user)
        assert me is not None and table.game.to_move is me
        while not table.game.turn_complete:
            step = table.game.next_steps()[0]
            table = (await service.apply(table, me, Move(step.src, step.dst), table.seq)).table
        table = (await service.apply(table, me, Done(), table.seq)).table
    return table


def committed(table: Table) -> str:
    """The commitment the game's opening events showed."""
    told = [event.commitment for event in table.events if isinstance(event, DiceCommitted)]
    assert len(told) == 1
    return told[0]


async def test_many_games_against_the_bot_verify_roll_by_roll(
    store: RedisStore, bot_player: PoolBotPlayer
) -> None:
    service = fair_service(store, bot_player, Clock())
    names = []
    for _ in range(RECORDS_LISTED + 2):
        table = await service.open(await service.new_vs_bot(USER, USER, Level.EASY))
        assert table.fair is not None
        name = f"{table.game_id}.1"
        names.append(name)
        shown = committed(table)
        assert shown == commitment(table.fair.seed, name)
        assert await service.records.text(name, USER) is None  # nothing revealed while it runs
        finished = await play_out(service, table, USER)
        text = await service.records.text(name, USER)
        assert text is not None
        record = parse(text)
        assert record.commitment == shown and record.mix == ""
        checked = verify(record)
        assert checked.game.result == finished.game.result
        assert checked.game.position == finished.game.position
        # every roll: the opening's pairs, then one a turn (§2 reroll: White rolls afresh)
        assert checked.rolls == len(record.opening) + len(record.turns)
        assert record.players[finished.seat_of(USER) or Color.WHITE] == f"Player {USER}"
    listed = [name for name, _ in await service.records.latest(USER)]
    assert listed == names[::-1][:RECORDS_LISTED]  # the latest, latest first


async def test_a_resigned_game_reveals_its_seed_and_a_tampered_record_is_refused(
    store: RedisStore, bot_player: PoolBotPlayer
) -> None:
    service = fair_service(store, bot_player, Clock())
    table = await service.open(await service.new_vs_bot(USER, USER, Level.EASY))
    me = table.seat_of(USER)
    assert me is not None
    resigned = (await service.apply(table, me, Resign(), None)).table
    text = await service.records.text(f"{table.game_id}.1", USER)
    assert text is not None
    record = parse(text)
    assert record.result == resigned.game.result and record.result.reason is EndReason.RESIGNED
    verify(record)
    lines = text.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("opening: "))
    words = lines[at].split()  # opening: <colour> <die> <colour> <die>, …
    words[2] = str(int(words[2].rstrip(",")) % 6 + 1) + ("," if words[2].endswith(",") else "")
    lines[at] = " ".join(words)
    with pytest.raises(VerificationError, match="the seed gives"):
        verify(parse("\n".join(lines) + "\n"))
    forged_seed = text.replace(record.seed.hex(), "0" * 64)
    with pytest.raises(VerificationError, match="commitment"):
        verify(parse(forged_seed))


async def test_a_game_lost_on_time_between_people_reveals_its_seed_with_the_joiners_mix(
    store: RedisStore, bot_player: PoolBotPlayer
) -> None:
    clock = Clock()
    service = fair_service(store, bot_player, clock)
    alice, bob = Seat(user_id=1, name="Alice"), Seat(user_id=2, name="Bob")
    made = await service.challenge(GROUP, alice, "en", Terms(turn_limit=60))
    table = await service.join(made.challenge_id, bob, None, 5)
    clock.now += 61
    timed_out = await service.on_timer(table.game_id)
    assert isinstance(timed_out, Table) and timed_out.game.over
    text = await service.records.text(f"{table.game_id}.1", 1)
    assert text is not None
    record = parse(text)
    assert record.result.reason is EndReason.TIMEOUT
    assert set(record.players) == {"Alice", "Bob"}
    verify(record)
    assert [name for name, _ in await service.records.latest(1)] == [f"{table.game_id}.1"]
    assert [name for name, _ in await service.records.latest(2)] == [f"{table.game_id}.1"]


async def test_each_game_of_a_match_has_its_own_seed_and_record(
    store: RedisStore, bot_player: PoolBotPlayer
) -> None:
    service = fair_service(store, bot_player, Clock())
    table = await service.open(await service.new_vs_bot(USER, USER, Level.EASY, length=3))
    seeds = []
    while not (table.match is not None and table.match.over):
        assert table.fair is not None
        seeds.append(table.fair.seed)
        assert committed(table) == table.fair.commitment
        me = table.seat_of(USER)
        assert me is not None
        table = (await service.apply(table, me, Resign(), None)).table
    assert len(seeds) == 2 and seeds[0] != seeds[1]  # two mars of 2 points each end it
    for number in (1, 2):
        text = await service.records.text(f"{table.game_id}.{number}", USER)
        assert text is not None
        record = parse(text)
        verify(record)
        assert record.rules.match_length == 3  # the match's, not its game's (RULES.md §7)
        bot = next(color for color in Color if record.players[color].startswith("Nardy bot"))
        before = [0, 0]
        before[bot] = 2 * (number - 1)  # the bot won game 1 by a mars
        assert record.match == MatchPlace(number, (before[0], before[1]))


async def test_the_record_list_tells_the_day_the_game_of_a_match_and_the_bot_in_each_language(
    telegram: FakeTelegram, store: RedisStore, bot_player: PoolBotPlayer
) -> None:
    """Two games of one match are told apart by their number; each says the day it ended,
    and the bot is named in the reader's language, not as the record names it."""
    clock = Clock()
    clock.now = datetime(2026, 12, 5, 18, 30, tzinfo=UTC).timestamp()
    service = fair_service(store, bot_player, clock)
    table = await service.open(await service.new_vs_bot(USER, USER, Level.EASY, length=3))
    for _ in range(2):  # two mars of 2 points each: the bot wins the match 4-0
        me = table.seat_of(USER)
        assert me is not None
        table = (await service.apply(table, me, Resign(), None)).table
    assert table.match is not None and table.match.over
    records = {name: record for name, record in await service.records.latest(USER)}
    assert {record.date for record in records.values()} == {"2026-12-05"}
    words = {
        "en": ("5 Dec, game {n} · {white} – {black}: Bot · Easy won 2 points", "Bot · Easy"),
        "ru": (
            "5 дек., партия {n} · {white} – {black}: победитель — Бот · Лёгкий, 2 очка",
            "Бот · Лёгкий",
        ),
        "uk": (
            "5 груд., партія {n} · {white} – {black}: переможець — Бот · Легкий, 2 очки",
            "Бот · Легкий",
        ),
    }
    for language, (label, bot) in words.items():
        chat = make_chat(telegram, store, service, USER, language)
        await chat.send("/record")
        expected = []
        for n in (2, 1):  # latest first
            record = records[f"{table.game_id}.{n}"]
            white, black = (bot if "bot" in name else name for name in record.players)
            expected.append(label.format(n=n, white=white, black=black))
        assert [button["text"] for button in chat.last.buttons()] == expected


def test_committed_dice_keep_everything_a_restart_needs_and_never_print_the_seed() -> None:
    seed = bytes(range(32))
    fresh = Committed(seed, "g.1")
    played = replace(fresh, mix="mix", rolled=9, opening=OpeningRoll(((3, 3), (5, 2)), 0, (6, 1)))
    for fair in (fresh, played):
        assert Committed.from_list(fair.to_list()) == fair
        assert seed.hex() not in repr(fair) and str(tuple(seed)) not in repr(fair)


async def test_a_match_played_by_a_new_process_at_every_tap_verifies_game_by_game(
    store: RedisStore, bot_player: PoolBotPlayer
) -> None:
    """Each tap served by a fresh service, as after a restart: the dice roll on from the
    stored count, and every game's record verifies."""
    rng = random.Random(7)
    service = fair_service(store, bot_player, Clock(), rng)
    table = await service.open(await service.new_vs_bot(USER, USER, Level.EASY, 3))
    game_id = table.game_id
    for _ in range(2000):
        service = fair_service(store, bot_player, Clock(), rng)
        table = await service.load(game_id)
        if table.match is not None and table.match.over:
            break
        me = table.seat_of(USER)
        assert me is not None and table.game.to_move is me
        if table.game.turn_complete:
            action: Action = Done()
        else:
            step = table.game.next_steps()[0]
            action = Move(step.src, step.dst)
        await service.apply(table, me, action, table.seq)
    else:
        raise AssertionError("the match did not end")
    assert table.match is not None and table.match.match.games >= 2
    for number in range(1, table.match.match.games + 1):
        text = await service.records.text(f"{game_id}.{number}", USER)
        assert text is not None
        verify(parse(text))


async def test_the_game_record_button_sends_the_record_to_the_private_chat(
    telegram: FakeTelegram, store: RedisStore, fair: GameService
) -> None:
    chat = make_chat(telegram, store, fair)
    await chat.start_game("Easy")
    opening = chat.board.caption or ""
    assert "Fair dice: commitment " in opening
    for _ in range(6):  # a few taps: a checker and its first destination, or Done
        labels = [b["text"] for b in chat.board.buttons()]
        if "✅ Done" in labels:
            await chat.press(chat.board, "✅ Done")
            continue
        await chat.press(chat.board, next(label for label in labels if is_checker(label)))
        await chat.press(chat.board, lambda text: "→" in text)
    game_id = await store.chat_game(chat.user["id"])
    running = await fair.load(game_id or "")
    assert running.fair is not None
    said = json.dumps([call.params for call in telegram.calls], ensure_ascii=False)
    assert running.fair.seed.hex() not in said  # never told while the game runs
    await chat.send("/resign")
    await chat.press(chat.last, "🏳 Yes, resign")
    board = chat.board
    await chat.press(board, "📜 Game record")
    sent = chat.last
    assert sent.document is not None and sent.document[0].endswith(".txt")
    record = parse(sent.document[1].decode())
    verify(record)
    assert record.commitment in opening and record.seed.hex() not in opening
    kept = f"🔒 Dice commitment: {record.commitment[:16]}…"  # on every board of the game
    assert kept in opening and kept in (board.caption or "")
    assert sent.caption is not None and "python -m nardy verify FILE" in sent.caption
    # The file's moves are standard notation, unlike the pictures' texts: it says so.
    assert "Each move is in standard notation, in its mover's own point numbers." in sent.caption
    assert chat.toasts() == []  # it came into this very chat: nothing more to say

    await chat.send("/record")
    listing = chat.last
    assert listing.text == "Your latest games: tap one for its record."
    (button,) = listing.buttons()
    white, black = ("Bot · Easy" if "bot" in name else name for name in record.players)
    assert button["text"].startswith(f"12 Jan · {white} – {black}: ")  # the test clock's day
    await chat.press(listing, button["text"])
    assert chat.last.document == sent.document
    assert telegram.schema_problems == []


async def test_a_record_asked_in_a_group_goes_privately_to_players_only(
    telegram: FakeTelegram, store: RedisStore, fair: GameService
) -> None:
    group = make_group(telegram, store, fair)
    await group.send(ALICE, "/play")
    await group.press(BOB, group.last, "🎲 Join")
    await group.send(BOB, "/resign")
    await group.press(BOB, group.last, "🏳 Yes, resign")
    board = [m for m in group.messages if m.photo_id is not None][-1]
    start_me = (
        "I can't write to you yet: open a chat with @nardy_test_bot, press Start, then ask again."
    )
    telegram.strangers.add(ALICE["id"])  # Alice never opened a private chat with the bot
    await group.press(ALICE, board, "📜 Game record")
    assert group.answers()[-1] == (start_me, True)
    await group.send(ALICE, "/record")
    assert group.last.text == start_me
    telegram.strangers.clear()
    await group.press(ALICE, board, "📜 Game record")
    assert group.answers()[-1] == ("Sent to our private chat.", False)
    (document,) = [m for m in telegram.chat(ALICE["id"]) if m.document is not None]
    assert document.document is not None
    verify(parse(document.document[1].decode()))

    await group.press(CAROL, board, "📜 Game record")  # a spectator
    assert group.answers()[-1] == (
        "A record goes to the game's players only, for 30 days after the game.",
        True,
    )
    assert not [m for m in telegram.chat(CAROL["id"]) if m.document is not None]
    await group.send(ALICE, "/record")  # the list goes privately, not to the group
    assert group.last.text == "Sent to our private chat."
    listing = telegram.chat(ALICE["id"])[-1]
    assert listing.text == "Your latest games: tap one for its record." and listing.buttons()
    assert not [m for m in group.messages if m.text == listing.text or m.document is not None]


async def test_a_tap_for_a_record_that_is_gone_is_told_so(
    telegram: FakeTelegram, store: RedisStore, service: GameService
) -> None:
    chat = make_chat(telegram, store, service)
    await chat.send("/record")
    assert chat.last.text == (
        "You have no game records yet. Every game that ends gets one, kept 30 days."
    )
    await chat.tap(chat.last, "rec:forged.1")
    assert chat.alerts() == [
        "A record goes to the game's players only, for 30 days after the game."
    ]


COMMITMENT = re.compile(r"Fair dice: commitment ([0-9a-f]{64})")


def shown_commitment(sent: Sent) -> str:
    """The commitment a card or board shows."""
    found = COMMITMENT.search(sent.caption or sent.text or "")
    assert found is not None, sent
    return found[1]


def last_tap_id(telegram: FakeTelegram) -> str:
    """The id of the tap answered last: the value mixed into the dice it began."""
    return str(telegram.calls_of("answerCallbackQuery")[-1].params["callback_query_id"])


async def resigned_record(service: GameService, table: Table) -> Transcript:
    """Resign `table`'s game for its player to move; its record, verified."""
    await service.apply(table, table.game.to_move, Resign(), None)
    text = await service.records.text(f"{table.game_id}.1", table.seats[0].user_id or 0)
    assert text is not None
    record = parse(text)
    verify(record)
    return record


async def test_a_group_challenge_commits_before_the_join_whose_id_is_mixed_in(
    telegram: FakeTelegram, store: RedisStore, fair: GameService
) -> None:
    service, group = fair, make_group(telegram, store, fair)
    await group.send(ALICE, "/play")
    card = group.last
    committed_on_card = shown_commitment(card)
    await group.press(BOB, card, "🎲 Join")
    joined = last_tap_id(telegram)
    table = await service.active_game(player_slot(group.chat["id"], BOB["id"]))
    assert table is not None
    record = await resigned_record(service, table)
    assert record.commitment == committed_on_card and record.mix == joined != ""
    assert record.game_id == f"{table.game_id}.1"


async def inline_card(room: Group, person: dict[str, Any], query_id: str | None = None) -> Sent:
    """`person` sends the one-game card of an inline query (a new one, or `query_id`'s again)
    into some chat."""
    if query_id is None:
        query = room.telegram.inline_query_update(person, "")
        await room.feed(query)
        query_id = query["inline_query"]["id"]
    chosen = room.telegram.choose_inline_result(
        person, query_id, card_id(room.telegram, query_id, "1")
    )
    await room.feed(chosen)
    return room.telegram.inline_messages[chosen["chosen_inline_result"]["inline_message_id"]]


async def test_each_card_has_its_own_dice_and_a_card_sent_twice_commits_anew(
    telegram: FakeTelegram, store: RedisStore, fair: GameService
) -> None:
    """A seed rolls for one game only: a second message of the same card (Telegram may offer
    the same answer again for a few seconds) gets dice committed as its game begins, so the
    first game's record reveals no seed still in play."""
    room = make_group(telegram, store, fair)
    query = telegram.inline_query_update(ALICE, "")
    await room.feed(query)
    query_id = query["inline_query"]["id"]
    cards = telegram.inline_answers[query_id]["results"]
    shown = {COMMITMENT.findall(card.get("caption") or str(card))[0] for card in cards}
    assert len(shown) == len(cards) == 5  # one seed each (long nardy's four, short's one)
    first = await inline_card(room, ALICE, query_id)
    again = await inline_card(room, ALICE, query_id)
    committed_on_card = shown_commitment(first)
    assert shown_commitment(again) == committed_on_card
    await room.press(BOB, first, "🎲 Join")
    assert first.inline_message_id is not None
    one = await fair.load(inline_game_id(first.inline_message_id))
    assert one.fair is not None and one.fair.commitment == committed_on_card
    record = await resigned_record(fair, one)  # its seed revealed: the card's
    await room.press(CAROL, again, "🎲 Join")
    assert again.inline_message_id is not None
    two = (await fair.load(inline_game_id(again.inline_message_id))).fair
    assert two is not None and two.seed != record.seed and two.mix == ""
    assert two.commitment != committed_on_card
    assert shown_commitment(again) == two.commitment  # told as that game began


async def test_an_inline_card_commits_before_the_join_whose_id_is_mixed_in(
    telegram: FakeTelegram, store: RedisStore, fair: GameService
) -> None:
    service, room = fair, make_group(telegram, store, fair)
    card = await inline_card(room, ALICE)
    committed_on_card = shown_commitment(card)
    await room.press(BOB, card, "🎲 Join")
    joined = last_tap_id(telegram)
    assert card.inline_message_id is not None
    table = await service.load(inline_game_id(card.inline_message_id))
    record = await resigned_record(service, table)
    assert record.commitment == committed_on_card and record.mix == joined != ""
    assert record.game_id.startswith("c")  # committed under the card's seal, before the game


async def test_a_rematch_commits_at_the_first_ask_and_mixes_in_the_agreement(
    telegram: FakeTelegram, store: RedisStore, fair: GameService
) -> None:
    service, group = fair, make_group(telegram, store, fair)
    await group.send(ALICE, "/play")
    await group.press(BOB, group.last, "🎲 Join")
    first = await service.active_game(player_slot(group.chat["id"], BOB["id"]))
    assert first is not None
    mover = ALICE if first.seat_of(ALICE["id"]) is first.game.to_move else BOB
    await group.send(mover, "/resign")
    await group.press(mover, group.last, "🏳 Yes, resign")
    board = [m for m in group.messages if m.photo_id is not None][-1]
    await group.press(ALICE, board, "🔁 Rematch")
    committed = shown_commitment(board)
    await group.press(BOB, board, "🔁 Rematch")
    agreed = last_tap_id(telegram)
    second = await service.active_game(player_slot(group.chat["id"], BOB["id"]))
    assert second is not None and second.game_id != first.game_id
    record = await resigned_record(service, second)
    assert record.commitment == committed and record.mix == agreed != ""
    assert record.game_id == f"{first.game_id}.rematch"


async def test_the_record_notes_the_hints_asked_for(fair: GameService) -> None:
    table = await fair.open(await fair.new_vs_bot(USER, USER, Level.EASY, name="Ann"))
    me = table.seat_of(USER)
    assert me is not None
    hinted = (await fair.apply(table, me, Hint(), table.seq)).table
    assert hinted.hints == 1
    await fair.apply(hinted, me, Resign(), None)
    text = await fair.records.text(f"{table.game_id}.1", USER)
    assert text is not None and f"\nhints: {me.label} 1\n" in text
    record = parse(text)
    assert record.hints[me] == 1 and record.hints[me.opponent] == 0
    assert record.players[me] == "Ann"
    verify(record)


async def test_a_match_game_whose_count_was_cut_short_is_counted_when_the_next_one_ends(
    store: RedisStore, fair: GameService
) -> None:
    """A crash between the save that ended game 1 and its count leaves it uncounted while
    game 2 runs; game 2 ending at once (before the timer task comes) counts game 1 first."""
    first = await fair.open(await fair.new_vs_bot(USER, USER, Level.EASY, 5))
    me = first.seat_of(USER)
    assert me is not None
    after = (await fair.apply(first, me, Resign(), None)).table
    assert after.ended is not None and after.ended.counted and not after.game.over
    record = await fair.records.text(f"{first.game_id}.1", USER)
    assert record is not None
    # The state as the crash left it, under a game id not counted yet.
    cut_short = replace(after.ended, counted=False, record=record)
    crashed = replace(after, game_id="crashed", ended=cut_short, version=0)
    await store.save_game("crashed", 0, crashed.to_text())
    table = await fair.load("crashed")
    me = table.seat_of(USER)
    assert me is not None
    await fair.apply(table, me, Resign(), None)
    assert (await fair.results.record(USER)).of("easy").games == 3  # 1, crashed.1, crashed.2
    assert await fair.records.text("crashed.1", USER) == record
    assert await fair.records.text("crashed.2", USER) is not None


async def test_a_short_game_against_the_bot_verifies_roll_by_roll(
    store: RedisStore, bot_player: PoolBotPlayer
) -> None:
    service = fair_service(store, bot_player, Clock())
    rules = ShortRules()
    table = await service.open(await service.new_vs_bot(USER, USER, Level.EASY, 1, rules))
    finished = await play_out(service, table, USER)
    text = await service.records.text(f"{table.game_id}.1", USER)
    assert text is not None and '"variant": "short"' in text
    checked = verify(parse(text))
    assert isinstance(checked.game, ShortGame)
    assert checked.game.result == finished.game.result
    assert checked.game.position == finished.game.position


async def test_a_short_game_with_the_cube_sends_a_record_that_replays_its_doubles(
    telegram: FakeTelegram, store: RedisStore, fair: GameService
) -> None:
    """A group game of short nardy with the cube, doubled and taken, then redoubled and
    dropped on the board's buttons: the Game record button and /record send its record, which
    verifies to the same result and points, the cube replayed."""
    group = make_group(telegram, store, fair)
    await store.set_group_setting(group.chat["id"], "cube", "1")
    await group.send(ALICE, "/play short")
    await group.press(BOB, group.last, "🎲 Join")
    started = await fair.active_game(player_slot(group.chat["id"], ALICE["id"]))
    assert started is not None
    table = started
    people = {ALICE["id"]: ALICE, BOB["id"]: BOB}

    def person(color: Color) -> dict[str, Any]:
        return people[table.seats[color].user_id or 0]

    def board() -> Sent:
        return next(m for m in group.messages if m.message_id == table.message_id)

    while not table.game.over:
        game = table.game
        assert isinstance(game, ShortGame) and game.rules.cube
        mover = game.to_move
        if game.cube.offered_by is not None:  # the first double is taken, the second dropped
            answer = "✅ Take" if not game.doubles else "✖️ Drop"
            await group.press(person(mover.opponent), board(), answer)
        elif game.may_double():
            await group.press(person(mover), board(), f"Double to {2 * game.cube.value}")
        else:  # a turn, tapped: a whole turn, else a move, else a checker
            await press_next(group, person(mover), board())
        table = await fair.load(table.game_id)
    result = table.game.result
    assert result is not None and result.reason is EndReason.DROPPED and result.points == 2
    await group.press(ALICE, board(), "📜 Game record")
    (sent,) = [m for m in telegram.chat(ALICE["id"]) if m.document is not None]
    assert sent.document is not None
    text = sent.document[1].decode()
    record = parse(text)
    assert [d.taken for d in record.doubles] == [True, False]
    assert f"cube: {record.doubles[0].by.label} doubles to 2," in text
    assert f"cube: {record.doubles[1].by.label} doubles to 4," in text
    checked = verify(record)
    assert checked.game.result == result and record.result == result
    alice = make_chat(telegram, store, fair, ALICE["id"])
    await alice.send("/record")
    await alice.press(alice.last, alice.last.buttons()[0]["text"])
    assert alice.last.document == sent.document
    assert telegram.schema_problems == []
