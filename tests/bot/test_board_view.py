"""The board's move buttons: a checker's destinations, one die or several dice in a row."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.i18n import Locale, Translator
from bot.service import GameService, MatchPlay, PoolBotPlayer, Seat, Table
from bot.service.events import BOT, TurnPlayed
from bot.service.table import Ended
from bot.storage import MemoryStore, RatingChange
from bot.ui.callbacks import BoardAction, BoardTap
from bot.ui.events import phrase
from bot.ui.names import NAME_LIMIT
from bot.ui.screens import CAPTION_LIMIT, build_screen, caption, shared_screen
from nardy import Color, Rules
from nardy.ai import Level
from nardy.chains import chains_from
from nardy.dice import ScriptedDice
from nardy.game import Game
from nardy.long_variant import LONG
from nardy.match import Match
from tests.nardy.builders import board


def destinations(game: Game, src: int) -> dict[int, str]:
    """Each destination with the dice its chain plays, in order."""
    return {
        chain[-1].dst: "".join(str(step.die) for step in chain) for chain in chains_from(game, src)
    }


def test_both_dice_in_one_move_when_the_point_between_is_open() -> None:
    game = Game(Rules()).with_roll((6, 5))
    assert destinations(game, 24) == {18: "6", 19: "5", 13: "65"}


def test_no_move_through_two_blocked_points_between() -> None:
    # The opponent holds the mover's 18 and 19: neither die can start the way to 13.
    position = board(Color.WHITE, {24: 5, 10: 10}, {18: 2, 19: 2, 1: 11})
    game = Game(Rules(), position).with_roll((6, 5))
    assert 13 not in destinations(game, 24)
    position = board(Color.WHITE, {24: 5, 10: 10}, {18: 2, 1: 13})
    game = Game(Rules(), position).with_roll((6, 5))
    assert destinations(game, 24) == {19: "5", 13: "56"}


def test_a_double_offers_each_distance_once() -> None:
    position = board(Color.WHITE, {20: 5, 10: 10}, {1: 15})
    game = Game(Rules(), position).with_roll((2, 2))
    assert destinations(game, 20) == {18: "2", 16: "22", 14: "222", 12: "2222"}


@pytest.mark.parametrize(
    "data", ["t:g:1:m:24.6:0", "t:g:1:m:24", "t:g::s:24:0", "t:g:1:x:24:0", "t:g:1:s:24:0:9"]
)
def test_malformed_button_data_is_refused(data: str) -> None:
    with pytest.raises((TypeError, ValueError)):  # wrong number of parts, or a bad part
        BoardTap.unpack(data)


def test_button_data_reads_back() -> None:
    tap = BoardTap(game="abc", seq=7, action=BoardAction.MOVE, src=24, dst=13)
    assert BoardTap.unpack(tap.pack()) == tap


def test_a_long_run_of_notes_keeps_the_caption_within_telegrams_limit() -> None:
    notes = [f"The bot rolled 6-6 and played 24/18 24/18 18/12 18/12 ({i})." for i in range(40)]
    lines = ["Your turn", "Dice: 6-5", "Pips: you 100, bot 90", "Tap a checker to move."]
    text = caption(notes, lines)
    assert len(text.encode("utf-16-le")) // 2 <= CAPTION_LIMIT
    assert text.startswith("…\n") and notes[-1] in text and text.endswith(lines[-1])
    assert caption(notes[:2], lines) == "\n".join([*notes[:2], *lines])


async def test_a_table_with_many_events_gets_a_short_enough_caption(
    bot_player: PoolBotPlayer,
) -> None:
    service = GameService(MemoryStore(), bot_player, dice=ScriptedDice([5, 2, 3, 3]))
    table = await service.new_vs_bot(1, 1, Level.EASY)
    many = (TurnPlayed(BOT, "6-6", "24/18 24/18 18/12 18/12", "white"),) * 60
    screen = build_screen(replace(table, events=many), Color.WHITE, Translator()[Locale.RU])
    assert len(screen.caption) <= CAPTION_LIMIT


def test_the_bots_turn_is_told_in_the_readers_numbers_and_language() -> None:
    """The bot's own 3/off is the reader's 15, and "off" is the buttons' word (RULES.md §1)."""
    played = TurnPlayed(BOT, "6-5", "3/off 9/4", "white")
    russian = Translator()[Locale.RU]
    assert phrase(russian, played, False, Color.BLACK, LONG) == [
        "У бота выпало 6-5, он сыграл 15/выброс 21/16."
    ]
    english = Translator()[Locale.EN]
    assert phrase(english, played, False, Color.WHITE, LONG) == [
        "The bot rolled 6-5 and played 3/off 9/4."
    ]
    black = TurnPlayed(BOT, "6-5", "24/18 18/13", "black")  # read by white, colour 0
    assert phrase(english, black, False, Color.WHITE, LONG) == [
        "The bot rolled 6-5 and played 12/6 6/1."
    ]
    assert phrase(english, black, True, Color.BLACK, LONG) == [  # a shared board, Black's
        "The bot rolled 6-5 and played 24/18 18/13."
    ]


def test_a_results_screen_with_the_longest_names_fits_a_caption() -> None:
    """Two 32-emoji names, the last game of a match, a rematch asked, a record and ratings:
    the details give way before the limit, the result and the match line stay."""
    long_a, long_b = "🎲" * NAME_LIMIT, "🃏" * NAME_LIMIT  # two UTF-16 units each
    a, b = Seat(user_id=1, name=long_a), Seat(user_id=2, name=long_b)
    game = Game().with_roll((6, 5))
    game = game.play_turn(game.legal.turns[0].steps).resign(Color.BLACK)
    match = MatchPlay(Match(3, (4, 0), 2), (1, 2))
    result = game.result
    assert result is not None
    change = RatingChange(-12.0, 200.0, 0.06)
    table = Table("g", game, (a, b), -100, 5, locale="ru", match=match, rematch=2)
    table = replace(table, ended=Ended(2, (a, b), result, (change, change), counted=True))
    for locale in Locale:
        screen = shared_screen(table, Translator()[locale], standing=(9, 9))
        assert len(screen.caption.encode("utf-16-le")) // 2 <= CAPTION_LIMIT
        assert long_a in screen.caption.splitlines()[0]  # who won comes first
