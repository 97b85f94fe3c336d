"""What the board picture writes is never cut (issue 53): the end banner's title, result and
score and the status beside the name of the side the game waits for, as the bot's screens make
them, in every language, for every result of both games, stakes up to 64 and the longest names,
laid out as the renderer draws them (`renderer.panels`), which says when it had to cut."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from functools import cache

from bot.i18n import Locale, Translator
from bot.service import MATCH_LENGTHS, MatchPlay, Seat, Table
from bot.service.table import BOT_PLAYER
from bot.ui.games import words
from bot.ui.names import NAME_LIMIT
from bot.ui.screens import Screen, build_screen, shared_screen
from nardy import Color, Rules
from nardy.ai import Level
from nardy.game import Game as LongGame
from nardy.long_variant import LONG
from nardy.match import Match
from nardy.scoring import EndReason, GameResult, ResultKind
from nardy.short import Game as ShortGame
from nardy.short import Position, ShortRules
from nardy.short.variant import SHORT
from nardy.variant import AnyGame, Variant
from renderer.fonts import coverage, font, printable
from renderer.panels import banner_text, status_text

TRANSLATOR = Translator()
MOST_POINTS = 64  # the cube's highest value
STAKES = (*range(1, MOST_POINTS + 1), 3 * MOST_POINTS)  # to a backgammon at 64
LONGEST_MATCH = max(MATCH_LENGTHS)
PERSON, OTHER = 1, 2  # user ids


@cache
def longest_name() -> str:
    """`NAME_LIMIT` of the widest character the banner's fonts draw: no name is wider."""
    drawn = (chr(c) for c in coverage(True) & coverage(False) if chr(c).isprintable())
    letters = [ch for ch in drawn if printable(ch, True) == printable(ch) == ch]
    return max(letters, key=font(24, True).getlength) * NAME_LIMIT


def finished(variant: Variant, result: GameResult) -> AnyGame:
    """A game of `variant` ended with `result` (short nardy's played with the cube)."""
    game: AnyGame = LongGame(Rules()) if variant is LONG else ShortGame(ShortRules(cube=True))
    return replace(game, result=result)


def against_the_bot(game: AnyGame, level: Level, match: MatchPlay | None = None) -> Table:
    """The person plays White against the bot at `level`."""
    seats = (Seat(user_id=PERSON), Seat(level=level))
    return Table("g", game, seats, PERSON, match=match)


def between_people(game: AnyGame, match: MatchPlay | None = None) -> Table:
    """Two people with the longest names."""
    name = longest_name()
    seats = (Seat(user_id=PERSON, name=name), Seat(user_id=OTHER, name=name))
    return Table("g", game, seats, -PERSON, match=match)


def screens(table: Table) -> Iterator[tuple[Locale, Screen]]:
    """The picture of `table` in each language: the person's against the bot (White), the
    shared board between people."""
    for locale in Locale:
        texts = TRANSLATOR[locale]
        if table.shared:
            yield locale, shared_screen(table, texts)
        else:
            yield locale, build_screen(table, Color.WHITE, texts)


def assert_the_banner_is_whole(screen: Screen) -> None:
    banner = screen.view.banner
    assert banner is not None and banner.result
    written = (banner.title, banner.result, banner.score)
    for laid_out, text in zip(banner_text(banner), written, strict=True):
        assert not laid_out.cut, text


def results() -> Iterator[tuple[Variant, GameResult]]:
    """Every result of both games, won by either side, at every stake."""
    for variant in (LONG, SHORT):
        for kind in words(variant).results:
            for winner in (None,) if kind is ResultKind.DRAW else tuple(Color):
                for points in STAKES:
                    yield variant, GameResult(winner, kind, points, EndReason.BORNE_OFF)


def test_every_result_is_written_whole_on_the_banner() -> None:
    for variant, result in results():
        game = finished(variant, result)
        for table in (against_the_bot(game, Level.EXPERT), between_people(game)):
            for _, screen in screens(table):
                assert_the_banner_is_whole(screen)


def test_every_way_a_game_ends_is_written_whole_under_the_result() -> None:
    """How the loser stopped (resigned, ran out of time, left, dropped the double), or the
    match's end: won by either player, or given up, at the highest scores."""
    widest = GameResult(Color.WHITE, ResultKind.OYN, max(STAKES), EndReason.BORNE_OFF)
    tables = []  # each with whether its banner has a line under the result
    for reason in EndReason:
        for winner in Color:
            game = finished(SHORT, replace(widest, winner=winner, reason=reason))
            tables += [(against_the_bot(game, Level.EXPERT), False)]
            tables += [(between_people(game), reason is not EndReason.BORNE_OFF)]
    won, lost = LONGEST_MATCH - 1 + max(STAKES), LONGEST_MATCH - 1
    game = finished(SHORT, widest)
    for score, given_up in (((won, lost), False), ((lost, won), False), ((lost, lost), True)):
        match = Match(LONGEST_MATCH, score)
        vs_bot = MatchPlay(match, (PERSON, BOT_PLAYER), given_up)
        tables += [(against_the_bot(game, Level.EXPERT, vs_bot), True)]
        tables += [(between_people(game, MatchPlay(match, (PERSON, OTHER), given_up)), True)]
    for table, scored in tables:
        for _, screen in screens(table):
            assert_the_banner_is_whole(screen)
            banner = screen.view.banner
            assert banner is not None and bool(banner.score) >= scored


def waiting_games() -> Iterator[AnyGame]:
    """Short nardy with the cube: each side to move, or to answer the other's double."""
    for to_move in Color:
        game = ShortGame(ShortRules(cube=True), replace(Position.start(), to_move=to_move))
        yield game.with_roll((6, 5))
        yield game.double()


def test_every_status_is_written_whole_beside_the_name() -> None:
    statuses = set()
    for game in waiting_games():
        tables = [against_the_bot(game, level) for level in Level]
        for table in [*tables, between_people(game)]:
            for locale, screen in screens(table):
                view = screen.view
                assert view.acting is not None
                laid_out = status_text(view.names[view.acting], view.texts.status)
                assert laid_out.lines and not laid_out.cut, view.texts.status
                statuses.add((locale, view.texts.status))
    assert len(statuses) == 4 * len(Locale) - 2  # English says the same beside "You"
