"""Hints for learners against the bot, through real updates, a real Redis, the real AI pool and
real renders: the button, the hint on the board, its count on the results screen, the refusal
in games between people, and that a hint is always a legal turn."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.service import (
    AlreadyDone,
    Done,
    GameService,
    Hint,
    InvalidAction,
    Move,
    NotYourTurn,
    PoolBotPlayer,
    Stale,
    Table,
    Undo,
)
from bot.storage import UNFINISHED_TTL, RedisStore
from bot.ui.callbacks import BoardAction, BoardTap
from nardy import Color, format_turn_for, legal_turns
from nardy.ai import Level, hint
from nardy.dice import SeededDice
from nardy.game import Game
from nardy.short import BAR, ShortRules
from nardy.short import Game as ShortGame
from nardy.short import Position as ShortPosition
from nardy.short import to_absolute as short_absolute
from nardy.short.variant import SHORT
from nardy.variant import AnyGame, Variant
from nardy.variants import VARIANTS
from testkit.fakes.telegram import FakeTelegram
from testkit.harness import Chat, Group, make_chat, make_group
from tests.bot.test_group_games import ALICE, BOB, board_of, person, started
from tests.bot.test_inline_games import game_of, sent_card
from tests.nardy.playouts import playout

HINT = "💡 Hint"


def labels(chat: Chat) -> list[str]:
    return [b["text"] for b in chat.board.buttons()]


async def current(service: GameService, chat: Chat) -> Table:
    table = await service.active_game(chat.user["id"])
    assert table is not None
    return table


async def test_a_hint_shows_the_best_turn_and_two_more_and_is_counted(
    chat: Chat, telegram: FakeTelegram, service: GameService
) -> None:
    await chat.start_game()
    assert HINT in labels(chat)
    before = await current(service, chat)
    edits = len(telegram.calls_of("editMessageMedia"))
    await chat.press(chat.board, HINT)
    table = await current(service, chat)
    assert table.hints == 1 and table.seq == before.seq  # the game itself did not change
    legal = {turn.steps for turn in table.game.legal.turns}
    assert table.hint and all(c.steps in legal for c in table.hint)
    me = table.game.to_move
    caption = chat.board.caption or ""
    best, *others = table.hint
    shown = format_turn_for(best.steps, me, me)
    assert f"💡 Hint: {shown} — win {round(best.win * 100)}%" in caption
    assert caption.count("\nor: ") == len(others) <= 2
    assert HINT not in labels(chat)  # once a turn, before its first step
    assert len(telegram.calls_of("editMessageMedia")) == edits + 1  # the marks drawn anew
    assert chat.alerts() == [] and telegram.schema_problems == []


async def test_the_hint_counts_on_the_results_screen(chat: Chat, service: GameService) -> None:
    await chat.start_game()
    await chat.press(chat.board, HINT)
    await chat.send("/resign")
    await chat.press(chat.last, "🏳 Yes, resign")
    assert "Hints used: 1." in (chat.board.caption or "")


async def test_a_game_without_hints_says_nothing_of_them(chat: Chat) -> None:
    await chat.start_game()
    await chat.send("/resign")
    await chat.press(chat.last, "🏳 Yes, resign")
    assert "Hints used" not in (chat.board.caption or "")


async def test_hint_is_offered_only_before_the_first_step(chat: Chat) -> None:
    await chat.start_game()
    await chat.press(chat.board, lambda text: text.isdigit())
    await chat.press(chat.board, lambda text: "→" in text)
    assert HINT not in labels(chat)
    await chat.press(chat.board, "↩️ Undo")
    assert HINT in labels(chat)


async def test_a_group_game_offers_no_hint_and_refuses_a_forged_one(
    telegram: FakeTelegram, store: RedisStore, service: GameService
) -> None:
    group = make_group(telegram, store, service)
    table = await started(group, service)
    board = board_of(group, table)
    assert HINT not in [b["text"] for b in board.buttons()]
    forged = BoardTap(game=table.game_id, seq=table.seq, action=BoardAction.HINT)
    await group.tap(person(table, table.game.to_move), board, forged.pack())
    assert group.answers()[-1] == ("Hints are only for games against the bot.", True)
    assert (await service.load(table.game_id)) == table


async def test_an_inline_game_offers_no_hint(
    telegram: FakeTelegram, store: RedisStore, service: GameService
) -> None:
    room: Group = make_group(telegram, store, service)
    card = await sent_card(room, ALICE)
    await room.press(BOB, card, "🎲 Join")
    table = await game_of(service, card)
    assert table.shared and not table.game.over
    assert HINT not in [b["text"] for b in card.buttons()]


async def test_the_service_decides_when_a_hint_may_be_asked(service: GameService) -> None:
    """Once a turn, before its first step, on the board as it is, on the player's own turn;
    kept while the turn is played, gone when the next begins, still counted."""
    opened = await service.open(await service.new_vs_bot(7, 7, Level.EASY))
    table = await service.load(opened.game_id)
    me = table.seat_of(7)
    assert me is not None
    with pytest.raises(NotYourTurn):
        await service.apply(table, me.opponent, Hint(), table.seq)
    first = table.game.legal.turns[0].steps[0]
    stepped = (await service.apply(table, me, Move(first.src, first.dst), table.seq)).table
    with pytest.raises(InvalidAction):
        await service.apply(stepped, me, Hint(), stepped.seq)
    with pytest.raises(Stale):
        await service.apply(stepped, me, Hint(), table.seq)
    table = (await service.apply(stepped, me, Undo(), stepped.seq)).table
    hinted = (await service.apply(table, me, Hint(), table.seq)).table
    assert hinted.hints == 1 and hinted.hint and hinted == await service.load(hinted.game_id)
    with pytest.raises(AlreadyDone):
        await service.apply(hinted, me, Hint(), hinted.seq)
    played = hinted
    for step in hinted.hint[0].steps:
        played = (await service.apply(played, me, Move(step.src, step.dst), played.seq)).table
        assert played.hint == hinted.hint
    after = (await service.apply(played, me, Done(), played.seq)).table
    assert after.hint == () and after.hints == 1


@pytest.mark.parametrize("seed", range(4))
def test_a_hint_is_always_a_legal_turn(seed: int) -> None:
    """Over random positions of a playout (every phase), the hinted turn and each candidate is
    one of the game's legal turns."""
    for case in list(playout(seed))[::6]:
        game = Game(case.rules, case.position).with_roll(case.dice)
        legal = {turn.steps for turn in game.legal.turns}
        advice = hint(case.position, case.dice, case.rules)
        if game.legal.passes:
            assert advice.best == () and advice.candidates == ()
            continue
        assert advice.best in legal
        assert advice.candidates and all(c.steps in legal for c in advice.candidates)
        steps = [c.steps for c in advice.candidates]
        assert len(set(steps)) == len(steps)
        assert 0.0 <= advice.candidates[0].win <= 1.0


def _with_a_choice(variant: Variant, game: AnyGame, human: Color) -> AnyGame:
    """`game` as the person's turn in a position where the hint has what the variant writes
    apart (short nardy: a checker entering from the bar, RULES.md §9); long nardy's start
    has no such thing."""
    if variant is not SHORT:
        return game
    # One of the person's checkers on the bar and 14 on their 6-point, the bot's 15 on its
    # 1-point: with 6-1 the checker enters on 19 (`bar/19`).
    board = [0] * 24
    for color, own, n in ((human, 6, 14), (human.opponent, 1, 15)):
        board[short_absolute(color, own) - 1] = n * color.sign
    bar = (1, 0) if human is Color.WHITE else (0, 1)
    return ShortGame(ShortRules(), ShortPosition(tuple(board), bar, (0, 0), human)).with_roll(
        (6, 1)
    )


@pytest.mark.parametrize("variant", [v for v in VARIANTS if v.hints], ids=lambda v: v.key)
async def test_a_hinted_game_reads_back_in_another_worker_which_plays_on(
    variant: Variant,
    chat: Chat,
    telegram: FakeTelegram,
    store: RedisStore,
    service: GameService,
    bot_player: PoolBotPlayer,
) -> None:
    """The hint is stored in its game's own notation: another worker (or the same one after a
    restart), which has not parsed the game yet, reads it back and takes the next tap."""
    await chat.start(variant.key)
    table = await current(service, chat)
    human = table.seat_of(chat.user["id"])
    assert human is not None and table.game.to_move is human
    game = _with_a_choice(variant, table.game, human)
    changed = replace(table.with_game(game, ()), turn_seq=table.seq + 1)
    await store.save_game(table.game_id, table.version, changed.to_text(), UNFINISHED_TTL)
    hint_tap = BoardTap(game=table.game_id, seq=changed.seq, action=BoardAction.HINT)
    await chat.tap(chat.board, hint_tap.pack())
    hinted = await current(service, chat)
    assert hinted.hint, "the Expert hinted nothing"
    if variant is SHORT:
        assert any(step.src == BAR for c in hinted.hint for step in c.steps)
    other = GameService(store, bot_player, dice=SeededDice(8))  # parses the game anew
    again = await current(other, chat)
    assert again.hint == hinted.hint
    legal = {turn.steps for turn in again.game.legal.turns}
    assert all(c.steps in legal for c in again.hint)  # the game's own steps, not another's
    first = again.hint[0].steps[0]
    second = make_chat(telegram, store, other, user_id=chat.user["id"])
    await second.tap(
        second.board,
        BoardTap(
            game=again.game_id, seq=again.seq, action=BoardAction.SELECT, src=first.src
        ).pack(),
    )
    assert second.alerts() == []
    assert (await current(other, chat)).hint == hinted.hint  # kept while the turn is played


@pytest.mark.parametrize("seed", range(2))
def test_a_hint_lists_three_turns_wherever_three_are_legal(seed: int) -> None:
    """Every turn the roll allows is ranked, those too far behind to search too: a roll with
    two or three legal turns shows them all, one with four or five shows three (rolls with
    more choices are left out to keep the test quick)."""
    few = 0
    for case in playout(seed):
        legal = legal_turns(case.position, case.dice, case.rules)
        if not 2 <= len(legal.turns) <= 5:
            continue
        few += len(legal.turns) <= 3
        advice = hint(case.position, case.dice, case.rules)
        assert len(advice.candidates) == min(3, len(legal.turns)), case
    assert few  # the rolls with few choices, where the hint fell short, were met
