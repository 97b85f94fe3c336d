"""Short nardy (RULES.md §9) in the bot, beside long nardy, through real updates, a real Redis,
the fake Bot API and real renders: the level choice's game row, whole games against the bot
with the bar and bearing off, group and inline challenges, the doubling cube."""

from __future__ import annotations

import logging
from dataclasses import replace
from typing import Any

import pytest

from bot.i18n import Locale, Translator
from bot.service import (
    Challenge,
    Double,
    Drop,
    GameService,
    InvalidAction,
    MatchPlay,
    NotYourTurn,
    PoolBotPlayer,
    Resign,
    Roll,
    Seat,
    Table,
    Take,
    Terms,
    inline_game_id,
)
from bot.service.table import Ended
from bot.storage import UNFINISHED_TTL, RedisStore, Tally
from bot.ui.callbacks import BoardAction, BoardTap, PickGame
from bot.ui.screens import build_screen, shared_screen
from nardy import Color, Rules
from nardy.ai import Level
from nardy.dice import SeededDice
from nardy.game import Game as LongGame
from nardy.long_variant import LONG
from nardy.match import Match
from nardy.record import game_to_text as long_game_to_text
from nardy.rules import Opening
from nardy.scoring import EndReason, GameResult, ResultKind
from nardy.short import BAR, Cube, Position, ShortRules, to_absolute
from nardy.short import Game as ShortGame
from nardy.short.variant import SHORT
from nardy.variants import variant_of
from testkit.fakes.telegram import FakeTelegram, Limit, Sent
from testkit.harness import (
    Chat,
    Clock,
    Group,
    card_id,
    card_kinds,
    make_chat,
    make_group,
    play_one_turn,
    play_turns,
    press_next,
    user,
)

ALICE, BOB, CAROL = user(4001), user(4002), user(4003)

SHORT_KINDS = {
    "single game": ResultKind.OYN,
    "gammon": ResultKind.MARS,
    "backgammon": ResultKind.KOKS,
}


def labels(sent: Sent) -> list[str]:
    return [b["text"] for b in sent.buttons()]


async def start_short(chat: Chat, level: str = "Easy") -> None:
    """/play, Short on the level choice, then the level."""
    await chat.send("/play")
    menu = chat.last
    await chat.press(menu, "Short")
    await chat.press(chat.last, level)


async def stored(service: GameService, chat: Chat) -> Table:
    table = await service.active_game(chat.user["id"])
    assert table is not None
    return table


async def test_the_level_choice_offers_long_and_short(chat: Chat, telegram: FakeTelegram) -> None:
    await chat.send("/play")
    menu = chat.last
    assert "• Long •" in labels(menu) and "Short" in labels(menu)
    await chat.press(menu, "Short")
    shown = labels(chat.last)
    assert "• Short •" in shown and "Long" in shown
    easy = next(b["callback_data"] for b in chat.last.buttons() if b["text"] == "Easy")
    assert PickGame.unpack(easy) == PickGame(game="short", level="easy", length=1)
    await chat.press(chat.last, "to 3")  # the game stays marked with the length
    assert "• Short •" in labels(chat.last) and "• to 3 •" in labels(chat.last)
    assert all(len(str(b["callback_data"]).encode()) <= 64 for b in chat.last.buttons())
    assert telegram.schema_problems == []


async def test_play_short_in_a_private_chat_marks_short_nardy_on_the_level_choice(
    chat: Chat, service: GameService
) -> None:
    await chat.send("/play short")
    assert "• Short •" in labels(chat.last) and "• Long •" not in labels(chat.last)
    await chat.press(chat.last, "Easy")
    assert variant_of((await stored(service, chat)).game) is SHORT


async def test_a_whole_short_game_against_the_bot_is_played_to_its_score(
    chat: Chat, telegram: FakeTelegram, service: GameService
) -> None:
    await start_short(chat)
    table = await stored(service, chat)
    assert variant_of(table.game) is SHORT
    assert chat.board.caption is not None and "Short nardy" in chat.board.caption
    await chat.press(chat.board, "💡 Hint")  # the Expert hints short nardy too
    hinted = await stored(service, chat)
    legal = {turn.steps for turn in hinted.game.legal.turns}
    assert hinted.hint and all(candidate.steps in legal for candidate in hinted.hint)
    assert "💡 Hint: " in (chat.board.caption or "")
    game_id = table.game_id
    for _ in range(300):
        if "🎲 Play again" in labels(chat.board):
            break
        await play_one_turn(chat)
    finished = await service.load(game_id)
    result = finished.game.result
    assert result is not None and result.reason is EndReason.BORNE_OFF
    caption = chat.board.caption or ""
    kind = next(name for name, each in SHORT_KINDS.items() if each is result.kind)
    points = f"{result.points} point"
    assert f": {kind}, {points}" in caption
    human = finished.seat_of(chat.user["id"])
    assert (f"You won: {kind}" in caption) == (result.winner is human)
    again = next(b["callback_data"] for b in chat.board.buttons() if b["text"] == "🎲 Play again")
    assert PickGame.unpack(again) == PickGame(game="short", level="easy", length=1)
    assert telegram.schema_problems == []


async def put(store: RedisStore, table: Table, game: ShortGame) -> Table:
    """`table` with `game` in play, saved as a change to the game (so the board's buttons
    are one `seq` behind)."""
    changed = replace(table.with_game(game, ()), turn_seq=table.seq + 1)
    version = await store.save_game(table.game_id, table.version, changed.to_text(), UNFINISHED_TTL)
    return replace(changed, version=version)


def tap(table: Table, action: BoardAction, src: int = 0, dst: int = 0) -> str:
    return BoardTap(game=table.game_id, seq=table.seq, action=action, src=src, dst=dst).pack()


def placed(human: Color, mine: dict[int, int], theirs: dict[int, int]) -> tuple[int, ...]:
    """The 24 points with `mine` (the person's checkers by their own point) and `theirs` (the
    bot's by its own point) in short nardy's absolute numbering."""
    board = [0] * 24
    for color, checkers in ((human, mine), (human.opponent, theirs)):
        for own, n in checkers.items():
            board[to_absolute(color, own) - 1] = n * color.sign
    return tuple(board)


def pair(human: Color, mine: int, theirs: int) -> tuple[int, int]:
    """A (White, Black) pair with `mine` the person's."""
    return (mine, theirs) if human is Color.WHITE else (theirs, mine)


async def test_a_checker_on_the_bar_enters_by_its_button_only_where_open(
    chat: Chat, service: GameService, store: RedisStore, telegram: FakeTelegram
) -> None:
    await start_short(chat)
    table = await stored(service, chat)
    human = table.seat_of(chat.user["id"])
    assert human is not None
    # One of the person's checkers on the bar, 14 on their 6-point; the bot's 15 on its own
    # 1-point, which is the person's 24: an entry with a 1 is blocked (§9).
    points = placed(human, {6: 14}, {1: 15})
    position = Position(points, pair(human, 1, 0), (0, 0), human)
    table = await put(store, table, ShortGame(ShortRules(), position).with_roll((6, 1)))
    await chat.tap(chat.board, tap(table, BoardAction.SELECT, BAR))
    assert "Checker on bar: where to?" in (chat.board.caption or "")  # the button's word
    # 19 with the 6, then on to 18 with the 1; never 24.
    assert [label for label in labels(chat.board) if "→" in label] == ["bar → 19", "bar → 18"]
    await chat.press(chat.board, "bar → 19")
    entered = await stored(service, chat)
    assert isinstance(entered.game, ShortGame) and entered.game.board.bar[human] == 0
    assert entered.game.board.count_at(human, 19) == 1
    assert "bar" not in labels(chat.board)
    assert telegram.schema_problems == []


async def test_bearing_off_the_last_checker_wins_a_gammon_on_the_result_screen(
    chat: Chat, service: GameService, store: RedisStore, telegram: FakeTelegram
) -> None:
    await start_short(chat)
    table = await stored(service, chat)
    human = table.seat_of(chat.user["id"])
    assert human is not None
    # The person's last checker on their 1-point, 14 off; the bot has borne off none: a
    # gammon, 2 points (§9).
    position = Position(placed(human, {1: 1}, {6: 15}), (0, 0), pair(human, 14, 0), human)
    table = await put(store, table, ShortGame(ShortRules(), position).with_roll((6, 5)))
    await chat.tap(chat.board, tap(table, BoardAction.SELECT, 1))
    await chat.press(chat.board, "1 → off")
    await chat.press(chat.board, "✅ Done")
    finished = await service.load(table.game_id)
    assert finished.game.result is not None
    assert finished.game.result.kind is ResultKind.MARS and finished.game.result.points == 2
    caption = chat.board.caption or ""
    assert "You won: gammon, 2 points." in caption
    assert "🎲 Play again" in labels(chat.board)
    assert telegram.schema_problems == []


@pytest.fixture
def group(telegram: FakeTelegram, store: RedisStore, service: GameService) -> Group:
    return make_group(telegram, store, service)


def person(table: Table, color: Color) -> dict[str, Any]:
    return next(p for p in (ALICE, BOB, CAROL) if p["id"] == table.seats[color].user_id)


def board_of(group: Group, table: Table) -> Sent:
    return next(m for m in group.messages if m.message_id == table.message_id)


async def tap_on(group: Group, table: Table) -> None:
    """The player to move taps Done, else a destination, else a checker (or the bar)."""
    await press_next(group, person(table, table.game.to_move), board_of(group, table))


async def short_challenge(group: Group, service: GameService) -> Table:
    """ALICE offers short nardy with /play short; BOB joins: the game as stored."""
    await group.send(ALICE, "/play short")
    card = group.last
    assert card.caption is not None
    assert card.caption.startswith("U4001 offers a game of short nardy to anyone here.")
    assert "Short nardy: One game" in card.caption
    await group.press(BOB, card, "🎲 Join")
    game_id = str(card.buttons()[0]["callback_data"]).split(":")[1]
    return await service.load(game_id)


async def test_play_short_in_a_group_starts_a_game_of_short_nardy(
    group: Group, service: GameService, store: RedisStore, telegram: FakeTelegram
) -> None:
    table = await short_challenge(group, service)
    assert isinstance(table.game, ShortGame) and not table.game.rules.cube
    board = board_of(group, table)
    assert board.caption is not None and "Short nardy" in board.caption
    await tap_on(group, table)  # a checker picked up: its destinations offered
    assert any("→" in label for label in labels(board_of(group, table)))
    alice = make_chat(telegram, store, service, ALICE["id"])  # her private chat: /games lists
    await alice.send("/games")
    assert "U4002, in a group · Short nardy" in (alice.last.text or "")
    assert telegram.schema_problems == []


async def test_a_whole_group_game_of_short_nardy_ends_with_its_result(
    group: Group, service: GameService, telegram: FakeTelegram
) -> None:
    telegram.group_limit = Limit(10_000, 60.0)
    table = await short_challenge(group, service)
    for _ in range(3000):
        table = await service.load(table.game_id)
        if table.game.over:
            break
        await tap_on(group, table)
    result = table.game.result
    assert result is not None and result.winner is not None
    caption = board_of(group, table).caption or ""
    kind = next(name for name, each in SHORT_KINDS.items() if each is result.kind)
    assert f"{table.seats[result.winner].name} won: {kind}" in caption
    assert telegram.schema_problems == []


async def test_a_group_game_of_short_nardy_is_rated_on_short_nardys_ladder(
    group: Group, service: GameService, store: RedisStore, telegram: FakeTelegram
) -> None:
    """Resigned: the board gives the short head-to-head and rating changes, /stats the short
    nardy rating, `/top short` the short leaderboard; long nardy's stays empty."""
    table = await play_turns(service, await short_challenge(group, service))
    loser = person(table, Color.WHITE)
    winner = person(table, Color.BLACK)
    await group.send(loser, "/resign")
    await group.press(loser, group.last, "🏳 Yes, resign")
    caption = board_of(group, table).caption or ""
    won, lost = winner["first_name"], loser["first_name"]
    assert f"Head to head: {won} 1, {lost} 0." in caption or (
        f"Head to head: {lost} 0, {won} 1." in caption
    )
    assert f"{won} +" in caption and f"{lost} −" in caption
    await group.send(winner, "/stats")
    text = group.last.text or ""
    assert "Short nardy rating 16" in text and ", provisional." in text
    assert "\nRating " not in text  # no long nardy rating
    assert "<b>Short nardy: Against people</b>: 1 game, 1 won, 0 lost (100%)" in text
    await group.send(winner, "/top short")
    lines = (group.last.text or "").splitlines()
    assert lines[0] == "<b>Best players of short nardy in this group</b>"
    assert lines[1].startswith(f"1. {won} — 16") and lines[1].endswith("?")
    assert lines[2].startswith(f"2. {lost} — 13")
    await group.send(winner, "/top")
    assert group.last.text == (
        "<b>Best players in this group</b>\nNo rated games here yet: /play challenges someone."
        "\nShort nardy: /top short"
    )
    mine = make_chat(telegram, store, service, loser["id"])
    await mine.send("/top short")
    assert "Your place: 2 of 2." in (mine.last.text or "")
    assert telegram.schema_problems == []


async def test_inline_cards_offer_short_nardy_and_its_card_starts_it(
    group: Group, service: GameService, telegram: FakeTelegram
) -> None:
    update = telegram.inline_query_update(ALICE, "short")
    await group.feed(update)
    query_id = update["inline_query"]["id"]
    results = telegram.inline_answers[query_id]["results"]
    assert card_kinds(telegram, query_id) == ["short1", "short3", "short5", "short7", "1"]
    assert results[0]["title"] == "Short nardy: one game"
    assert results[-1]["title"] == "Long nardy: one game"
    for result in results:
        for row in result["reply_markup"]["inline_keyboard"]:
            assert all(len(b["callback_data"].encode()) <= 64 for b in row)
    chosen = telegram.choose_inline_result(ALICE, query_id, card_id(telegram, query_id, "short1"))
    await group.feed(chosen)
    card = telegram.inline_messages[chosen["chosen_inline_result"]["inline_message_id"]]
    assert card.text is not None and "U4001 invites you to a game of short nardy." in card.text
    await group.press(BOB, card, "🎲 Join")
    assert card.inline_message_id is not None
    table = await service.load(inline_game_id(card.inline_message_id))
    assert isinstance(table.game, ShortGame)
    assert card.text is not None and "Short nardy" in card.text
    assert "bar:" in card.text  # the text board shows the bar
    assert telegram.schema_problems == []


async def test_the_person_doubles_the_bot_in_a_lost_position_and_the_bot_drops(
    chat: Chat, service: GameService, store: RedisStore, telegram: FakeTelegram
) -> None:
    await store.set_user_pref(chat.user["id"], "cube", "1")
    await start_short(chat)
    table = await stored(service, chat)
    assert isinstance(table.game, ShortGame) and table.game.rules.cube
    human = table.seat_of(chat.user["id"])
    assert human is not None
    # The person: everything on their 2-point, bearing off soon; the bot: everything on its
    # 22-point (the person's 3), to come all the way round.
    position = Position(placed(human, {2: 15}, {22: 15}), (0, 0), (0, 0), human)
    before = table
    table = await put(store, table, ShortGame(ShortRules(cube=True), position))
    await chat.tap(chat.board, tap(before, BoardAction.UNDO))  # a board one seq behind
    assert chat.toasts()  # is caught up
    assert labels(chat.board)[:2] == ["🎲 Roll", "Double to 2"]
    assert "Roll, or double first?" in (chat.board.caption or "")
    assert "Cube: 1, in the middle." in (chat.board.caption or "")
    await chat.press(chat.board, "Double to 2")
    finished = await service.load(table.game_id)
    result = finished.game.result
    assert result is not None and result.reason is EndReason.DROPPED
    assert result.winner is human and result.points == 1
    caption = chat.board.caption or ""
    assert "The bot drops the double." in caption
    assert "You won: single game, 1 point." in caption
    assert telegram.schema_problems == []


async def test_in_a_match_the_bot_drops_the_double_and_the_next_games_board_tells_it(
    chat: Chat, service: GameService, store: RedisStore, telegram: FakeTelegram
) -> None:
    await store.set_user_pref(chat.user["id"], "cube", "1")
    await chat.send("/play")
    await chat.press(chat.last, "Short")
    await chat.press(chat.last, "to 3")
    await chat.press(chat.last, "Easy")
    table = await stored(service, chat)
    assert table.match is not None and table.match.match.length == 3
    human = table.seat_of(chat.user["id"])
    assert human is not None
    # The race of the test above: the bot must drop (§9), ending the first game of the match.
    position = Position(placed(human, {2: 15}, {22: 15}), (0, 0), (0, 0), human)
    before = table
    table = await put(store, table, ShortGame(ShortRules(cube=True), position))
    await chat.tap(chat.board, tap(before, BoardAction.UNDO))  # the board caught up
    await chat.press(chat.board, "Double to 2")
    after = await service.load(table.game_id)
    assert after.match is not None and after.match.match.score == (1, 0)
    assert not after.game.over  # the second game is on
    caption = chat.board.caption or ""
    assert "You double: the cube goes to 2 if the bot takes." in caption
    assert "The bot drops the double." in caption
    assert "You won game 1: single game." in caption
    assert caption.index("The bot drops") < caption.index("Match score: you 1, bot 0.")
    assert telegram.schema_problems == []


async def test_a_double_to_the_bot_is_taken_or_dropped_and_the_board_says_which(
    chat: Chat, service: GameService, store: RedisStore, telegram: FakeTelegram
) -> None:
    await store.set_user_pref(chat.user["id"], "cube", "1")
    await start_short(chat)
    for _ in range(10):
        if "Double to 2" in labels(chat.board):
            break
        await play_one_turn(chat)
    game_id = await store.chat_game(chat.user["id"])
    assert game_id is not None
    await chat.press(chat.board, "Double to 2")
    table = await service.load(game_id)
    caption = chat.board.caption or ""
    assert isinstance(table.game, ShortGame)
    if table.game.over:
        assert table.game.result is not None
        assert table.game.result.reason is EndReason.DROPPED
        assert "The bot drops the double." in caption
    else:
        assert table.game.cube == Cube(2, table.game.to_move.opponent)
        assert "The bot takes: the cube is at 2." in caption
        assert "Cube: 2, owned by bot." in caption
        assert not any(label.startswith("Double") for label in labels(chat.board))
    assert telegram.schema_problems == []


async def test_the_bots_double_waits_for_the_persons_answer_and_the_picture_says_so(
    chat: Chat, service: GameService, store: RedisStore
) -> None:
    await store.set_user_pref(chat.user["id"], "cube", "1")
    await start_short(chat)
    table = await stored(service, chat)
    human = table.seat_of(chat.user["id"])
    assert human is not None
    position = replace(Position.start(), to_move=human.opponent)
    offered = ShortGame(ShortRules(cube=True), position).double()
    table = await put(store, table, offered)
    russian = build_screen(table, human, Translator()[Locale.RU])
    assert russian.view.acting is human  # not the bot, whose turn it is
    assert russian.view.texts.status == "отвечайте на удвоение"
    assert build_screen(table, human, Translator()[Locale.EN]).view.texts.status == (
        "to answer the double"
    )


async def cube_game(group: Group, service: GameService, store: RedisStore) -> Table:
    """A group game of short nardy with the cube, played to the second player's first turn,
    before its roll."""
    await store.set_group_setting(group.chat["id"], "cube", "1")
    table = await short_challenge(group, service)
    assert isinstance(table.game, ShortGame) and table.game.rules.cube
    first = table.game.to_move
    while table.game.to_move is first:
        await tap_on(group, table)
        table = await service.load(table.game_id)
    return table


async def test_in_a_group_only_the_doubled_player_takes_and_the_cube_is_theirs(
    group: Group, service: GameService, store: RedisStore, telegram: FakeTelegram
) -> None:
    table = await cube_game(group, service, store)
    doubler = table.game.to_move
    board = board_of(group, table)
    assert labels(board) == ["🎲 Roll", "Double to 2", "🏳 Resign"]
    await group.press(person(table, doubler), board, "Double to 2")
    table = await service.load(table.game_id)
    assert isinstance(table.game, ShortGame) and table.game.cube.offered_by is doubler
    board = board_of(group, table)
    assert labels(board) == ["✅ Take", "✖️ Drop", "🏳 Resign"]
    picture = shared_screen(table, Translator()[Locale.EN]).view  # beside the one to answer
    assert picture.acting is doubler.opponent and picture.texts.status == "to answer the double"
    taker = person(table, doubler.opponent)
    assert f"{taker['first_name']}: Take the double" in (board.caption or "")
    take = next(b["callback_data"] for b in board.buttons() if b["text"] == "✅ Take")
    await group.tap(person(table, doubler), board, take)
    assert group.answers()[-1] == ("Wait: it is your opponent's turn.", True)
    await group.tap(CAROL, board, take)
    assert group.answers()[-1][1] is True  # a spectator's tap: an alert
    assert await service.load(table.game_id) == table
    await group.tap(taker, board, take)
    taken = await service.load(table.game_id)
    assert isinstance(taken.game, ShortGame)
    assert taken.game.cube == Cube(2, doubler.opponent)
    assert taken.game.to_move is doubler or taken.game.over or taken.game.dice is None
    caption = board_of(group, taken).caption or ""
    assert f"{taker['first_name']} takes: the cube is at 2." in caption
    assert f"Cube: 2, owned by {taker['first_name']}." in caption
    assert telegram.schema_problems == []


async def test_in_a_group_a_dropped_double_ends_the_game_at_the_cube_value(
    group: Group, service: GameService, store: RedisStore, telegram: FakeTelegram
) -> None:
    table = await cube_game(group, service, store)
    doubler = table.game.to_move
    await group.press(person(table, doubler), board_of(group, table), "Double to 2")
    table = await service.load(table.game_id)
    dropper = person(table, doubler.opponent)
    await group.press(dropper, board_of(group, table), "✖️ Drop")
    finished = await service.load(table.game_id)
    result = finished.game.result
    assert result is not None and result.reason is EndReason.DROPPED
    assert result.winner is doubler and result.kind is ResultKind.OYN and result.points == 1
    caption = board_of(group, finished).caption or ""
    assert f"{dropper['first_name']} dropped the double." in caption
    assert f"{person(table, doubler)['first_name']} won: single game, 1 point." in caption
    assert labels(board_of(group, finished))[0] == "🔁 Rematch"
    assert telegram.schema_problems == []


async def test_statistics_keep_short_nardy_apart_from_long_nardy(
    chat: Chat, service: GameService, store: RedisStore
) -> None:
    # A long-nardy count stored before short nardy existed stays long nardy's.
    await store.count_result(chat.user["id"], "old.1", Tally("easy", "w", points_won=2))
    await start_short(chat)
    table = await stored(service, chat)
    await chat.send("/resign")
    await chat.press(chat.last, "🏳 Yes, resign")
    finished = await service.load(table.game_id)
    assert finished.ended is not None and finished.ended.game is SHORT and finished.ended.counted
    await chat.send("/stats")
    text = chat.last.text or ""
    assert "<b>Bot · Easy</b>: 1 game, 1 won, 0 lost (100%)" in text
    assert "<b>Short nardy: Bot · Easy</b>: 1 game, 0 won, 1 lost (0%)" in text
    # Resigned at the start: a backgammon (RULES.md §9), counted apart from the gammons.
    assert "gammons given 0, taken 0 · backgammons given 0, taken 1" in text
    assert "points 2–0 · win streak 1, best 1 · mars given 0, taken 0\n" in text + "\n"
    assert text.index("Short nardy") > text.index("<b>Bot · Easy</b>")
    record = await service.results.record(chat.user["id"])
    assert record.rating() is None  # the bot's games change no rating


def test_a_short_match_plays_its_crawford_game_once_and_keeps_it_stored() -> None:
    rules = ShortRules(cube=True, match_length=3)
    seats = (Seat(user_id=1, name="A"), Seat(user_id=2, name="B"))
    play = MatchPlay(Match(3, (1, 0), 1), (1, 2))
    assert not play.crawford_next
    won = GameResult(Color.WHITE, ResultKind.OYN, 1, EndReason.BORNE_OFF)
    game = replace(ShortGame(rules), result=won)
    table = Table("m", game, seats, 0, match=play)
    at_two = play.after(table)  # A reaches 2 of 3: the next game is the Crawford game
    assert at_two.match.score == (2, 0) and at_two.crawford_next
    after_crawford = at_two.after(replace(table, game=replace(game, crawford=True)))
    assert after_crawford.crawford_played and not after_crawford.crawford_next
    assert MatchPlay.from_list(after_crawford.to_list()) == after_crawford
    # Matches stored before: [1] at the end when given up, nothing otherwise.
    assert MatchPlay.from_list([3, 0, 0, 0, 1, 2, 1]).given_up
    assert MatchPlay.from_list([3, 0, 0, 0, 1, 2]) == MatchPlay(Match(3), (1, 2))
    # Long nardy has no Crawford game: a long match's stored form is as before.
    long_table = replace(table, game=replace(LongGame(), result=won))
    assert not play.after(long_table).after(long_table).crawford_played


async def test_the_crawford_game_of_a_short_match_is_played_without_the_cube(
    service: GameService, store: RedisStore
) -> None:
    start = await service.open(
        await service.new_vs_bot(5, 5, Level.EASY, 5, ShortRules(cube=True), "P")
    )
    assert isinstance(start.game, ShortGame) and not start.game.crawford
    assert start.match is not None
    english = Translator()[Locale.EN]
    human = start.seat_of(5)
    assert human is not None
    assert "Crawford" not in build_screen(start, human, english).caption
    # The bot leads 1–0 in a match to 5; resigning at the start costs a backgammon (3, §9):
    # the bot reaches 4, and the next game is the Crawford game.
    behind = replace(start, match=replace(start.match, match=Match(5, (0, 1), 1)))
    version = await store.save_game(start.game_id, start.version, behind.to_text(), UNFINISHED_TTL)
    after = await service.apply(replace(behind, version=version), human, Resign(), None)
    crawford = after.table
    assert crawford.match is not None and crawford.match.match.score == (0, 4)
    assert isinstance(crawford.game, ShortGame) and crawford.game.crawford
    assert not crawford.game.may_double()  # §9: no doubling in the Crawford game
    shown = build_screen(crawford, human, english).caption  # and the board says so
    assert "Crawford game: no doubling." in shown and "Cube:" not in shown
    assert (await service.load(start.game_id)).game == crawford.game


async def timed_cube_game(
    store: RedisStore, bot_player: PoolBotPlayer
) -> tuple[Clock, GameService, Table]:
    """A group game of short nardy with the cube and a minute a turn, on an injected clock."""
    clock = Clock()
    service = GameService(store, bot_player, dice=SeededDice(3), clock=clock)
    made = await service.challenge(
        -1, Seat(user_id=1, name="A"), "en", Terms(1, 60), rules=ShortRules(cube=True)
    )
    table = await service.join(made.challenge_id, Seat(user_id=2, name="B"), None, None)
    return clock, service, table


async def test_a_double_unanswered_in_time_loses_the_game_for_the_one_it_waited_for(
    store: RedisStore, bot_player: PoolBotPlayer
) -> None:
    clock, service, table = await timed_cube_game(store, bot_player)
    doubler = table.game.to_move.opponent
    # The other side is to move before its roll, and doubles; the clock runs for the answer.
    position = replace(Position.start(), to_move=doubler)
    offered = ShortGame(ShortRules(cube=True), position).double()
    assert offered.to_act is doubler.opponent
    waiting = replace(table.with_game(offered, ()), deadline=clock.now + 60)
    saved = await store.save_game(table.game_id, table.version, waiting.to_text(), UNFINISHED_TTL)
    assert saved
    clock.now += 61
    assert await service.on_timer(table.game_id) is not None
    result = (await service.load(table.game_id)).game.result
    assert result is not None and result.reason is EndReason.TIMEOUT
    assert result.winner is doubler


async def test_the_time_per_turn_runs_once_for_the_choice_to_roll_and_the_move(
    store: RedisStore, bot_player: PoolBotPlayer
) -> None:
    clock, service, table = await timed_cube_game(store, bot_player)
    roller = table.game.to_move.opponent
    # The other side is to move before its roll, and may double: its time runs.
    position = replace(Position.start(), to_move=roller)
    game = ShortGame(ShortRules(cube=True), position)
    assert game.to_act is roller and game.may_double()
    waiting = replace(table.with_game(game, ()), deadline=clock.now + 60, reminded=False)
    version = await store.save_game(table.game_id, table.version, waiting.to_text(), UNFINISHED_TTL)
    clock.now += 40  # 40 s spent on the choice: Roll leaves 20 s for the move (one limit)
    rolled = (await service.apply(replace(waiting, version=version), roller, Roll(), None)).table
    assert rolled.game.dice is not None and rolled.game.to_move is roller
    assert rolled.deadline == waiting.deadline
    # A double gives the other side the whole limit to answer.
    clock.now += 10
    again = replace(rolled.with_game(game, ()), deadline=waiting.deadline)
    saved = again.to_text()
    version = await store.save_game(table.game_id, rolled.version, saved, UNFINISHED_TTL)
    offered = (await service.apply(replace(again, version=version), roller, Double(), None)).table
    assert offered.game.to_act is roller.opponent
    assert offered.deadline == clock.now + 60


@pytest.mark.parametrize("rules", [Rules(), ShortRules(), ShortRules(cube=True)])
async def test_a_forged_cube_tap_where_no_cube_decision_is_due_changes_nothing(
    service: GameService, rules: Rules | ShortRules
) -> None:
    """Long nardy has no cube; short nardy without it never asks; with it, not with the dice
    already rolled (the person's first turn here, or after the bot's)."""
    table = await service.open(await service.new_vs_bot(7, 7, Level.EASY, 1, rules, "P"))
    human = table.seat_of(7)
    assert human is not None and table.game.to_move is human and table.game.dice is not None
    for action in (Roll(), Double(), Take(), Drop()):
        with pytest.raises((InvalidAction, NotYourTurn)):
            await service.apply(table, human, action, table.seq)
    assert await service.load(table.game_id) == table


def test_what_was_stored_before_short_nardy_reads_as_long_nardy() -> None:
    """A table, its ended game and a challenge as stored before: no mark of the game, long
    nardy's records and rules."""
    game = LongGame().with_roll((6, 5))
    ended = '[1,0,"u:1:A","b:easy","white","mars",2,"borne_off"]'
    text = (
        f'{{"g":"{long_game_to_text(game)}","s":["u:1:A","b:easy"],"c":1,"m":null,"n":[],'
        f'"q":3,"t":3,"d":[],"e":{ended}}}'
    )
    table = Table.from_text("old", 1, text)
    assert table.game == game and variant_of(table.game) is LONG
    assert table.ended is not None and table.ended.game is LONG
    challenge = Challenge.from_text(
        "c", 1, '{"k":"c","c":-5,"s":"u:1:A","l":"en","i":null,"n":null,"r":"ph3ecn1"}'
    )
    assert challenge.rules == Rules(opening=Opening.PLAY_OPENING_ROLL)


def test_an_ended_game_is_stored_with_the_mark_its_game_had_before(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """An `Ended` of short nardy keeps the "s" mark it had before games were named (a worker
    of the version before reads it alike), one of long nardy none, one of another game its
    key; a game this version does not have reads as long nardy, with a warning, so that its
    table is not lost."""
    result = GameResult(Color.WHITE, ResultKind.MARS, 2, EndReason.BORNE_OFF)
    seats = (Seat(user_id=1, name="A"), Seat(level=Level.EASY))
    ended = Ended(1, seats, result, game=SHORT)
    stored = ended.to_list()
    assert stored[-1] == "s" and Ended.from_list(stored) == ended
    assert Ended.from_list(stored[:-1]).game is LONG
    assert Ended(1, seats, result).to_list() == stored[:-1]
    caplog.set_level(logging.WARNING)
    assert Ended.from_list([*stored[:-1], "hyper"]).game is LONG
    assert [r.getMessage() for r in caplog.records if r.name == "bot.service.table"] == [
        "a finished game of 'hyper', which this version does not have, counted as long"
    ]


async def test_a_whole_game_with_the_cube_against_the_expert_is_played_to_its_score(
    chat: Chat, service: GameService, store: RedisStore, telegram: FakeTelegram
) -> None:
    """The Expert plays, doubles and answers doubles by its network through the AI pool; the
    person plays the first checker each time and takes every double offered."""
    await store.set_user_pref(chat.user["id"], "cube", "1")
    await start_short(chat, "Expert")
    table = await stored(service, chat)
    assert isinstance(table.game, ShortGame) and table.game.rules.cube
    game_id, doubles = table.game_id, 0
    for _ in range(300):
        shown = labels(chat.board)
        if "🎲 Play again" in shown:
            break
        if "✅ Take" in shown:
            doubles += 1
            await chat.press(chat.board, "✅ Take")
        else:
            await play_one_turn(chat)
    finished = await service.load(game_id)
    assert isinstance(finished.game, ShortGame)
    result = finished.game.result
    assert result is not None and result.reason is not EndReason.DROPPED
    # The dice are seeded: the Expert doubles the person's first-checker play once.
    assert doubles >= 1 and finished.game.cube.value == 2**doubles
    assert result.points % finished.game.cube.value == 0
    assert chat.alerts() == [] and telegram.schema_problems == []
