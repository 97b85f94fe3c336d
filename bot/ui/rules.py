"""The illustrated /rules: five sections of RULES.md in short, each a caption and a picture of a
real position played through the rules core, drawn as a game's board is; then short nardy
(§9) on one page of its own.

Pure: no I/O. A section's game is played with `nardy.game.Game`, so every picture is a position
the rules allow (an illegal step would raise here, and the tests replay each one).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace

from bot.i18n import N_, Texts
from bot.ui.games import result_name
from bot.ui.screens import base_view
from nardy import HEAD, Color, Position, Rules, Step, to_absolute
from nardy.game import Game
from nardy.long_variant import LONG
from nardy.short import Game as ShortGame
from nardy.short import Position as ShortPosition
from nardy.short import ShortRules
from renderer import CLASSIC, Banner, BoardView, Highlight, Theme, render
from renderer.game_view import game_view

TITLE = N_("<b>Long nardy in brief</b>")
WHITE, BLACK = N_("White"), N_("Black")  # the sides' names on the pictures


def sides(
    white: Mapping[int, int],
    black: Mapping[int, int],
    to_move: Color = Color.WHITE,
    first_turn: tuple[bool, bool] = (False, False),
) -> Position:
    """A position from each side's checkers in its own numbering (RULES.md §1); what is not on
    the board is borne off."""
    points = [0] * 24
    for color, mine in ((Color.WHITE, white), (Color.BLACK, black)):
        for own, n in mine.items():
            points[to_absolute(color, own) - 1] = n * color.sign
    off = (15 - sum(white.values()), 15 - sum(black.values()))
    return Position(tuple(points), off, to_move, first_turn)


def turn(position: Position, dice: tuple[int, int], *steps: Step) -> Game:
    """`position`'s side to move rolls `dice` and plays `steps` through the rules core (an
    illegal one raises), the turn not yet ended: the board shows the dice used and the steps."""
    game = Game(Rules(), position).with_roll(dice)
    for step in steps:
        game = game.play_step(step)
    return game


# -- the positions shown (RULES.md §1-7), each side in its own numbering --------------------

# §5: White's six-block 10-5 is Black's points 22-17; Black's checker on its 14 is ahead of it.
BLOCK_BEFORE = sides({24: 3, 10: 2, 9: 2, 8: 3, 7: 2, 6: 3}, {24: 13, 23: 1, 14: 1})
BLOCK_TURN = (Step(8, 3), Step(6, 1))  # 8/5 6/5 with 3-1 closes 10-5
BLOCK_AHEAD = 14  # Black's own point
# §6: all 15 home, 6 empty: 6-3 bears off from 5 (the highest occupied) and from 3.
BEAR_OFF_BEFORE = sides({5: 3, 4: 3, 3: 3, 2: 3, 1: 3}, {8: 2, 7: 3, 6: 3, 5: 3, 4: 2, 3: 2})
BEAR_OFF_TURN = (Step(5, 6), Step(3, 3))
# §7: White bears off its last two; Black, all home but none off, loses a mars.
LAST_BEFORE = sides({2: 1, 1: 1}, {6: 3, 5: 3, 4: 3, 3: 2, 2: 2, 1: 2})
LAST_TURN = (Step(2, 2), Step(1, 1))


@dataclass(frozen=True, slots=True)
class Section:
    """One section: its heading and lines (RULES text, HTML) and the picture that shows it."""

    key: str
    heading: str
    lines: tuple[str, ...]
    picture: Callable[[Texts], tuple[Position | ShortPosition, BoardView]]


def _names(texts: Texts) -> tuple[str, str]:
    return texts.gettext(WHITE), texts.gettext(BLACK)


def _start(texts: Texts) -> tuple[Position, BoardView]:
    """§1-3: both heads, White's head picked up with 6-5: where it can go shows the way round
    (and a checker taking both dice)."""
    status = texts.pgettext("beside the opponent's name", "to move")
    game = Game(Rules(), Position.start()).with_roll((6, 5))
    return game_view(game, base_view(texts, Color.WHITE, _names(texts), status), HEAD)


def _head(texts: Texts) -> tuple[Position, BoardView]:
    """§4: White's first turn 6-6: two checkers leave the head (24/18 24/18); the other two
    sixes cannot be played (Black's head blocks 18/12)."""
    status = texts.gettext("first turn")
    game = turn(Position.start(), (6, 6), Step(HEAD, 6), Step(HEAD, 6))
    return game_view(game, base_view(texts, Color.WHITE, _names(texts), status))


def _block(texts: Texts) -> tuple[Position, BoardView]:
    """§5: White has closed six points in a row (the last turn marked); allowed, since one
    Black checker (ringed) is ahead of them."""
    status = texts.gettext("a checker ahead")
    game = turn(BLOCK_BEFORE, (3, 1), *BLOCK_TURN).end_turn()
    position, view = game_view(game, base_view(texts, Color.WHITE, _names(texts), status))
    return position, replace(view, highlight=Highlight(frozenset({BLOCK_AHEAD})))


def _bear_off(texts: Texts) -> tuple[Position, BoardView]:
    """§6: all 15 home; with 6-3, the 6 bears off from 5 (6 is empty, none higher), the 3
    from 3."""
    status = texts.gettext("bearing off")
    game = turn(BEAR_OFF_BEFORE, (6, 3), *BEAR_OFF_TURN)
    return game_view(game, base_view(texts, Color.WHITE, _names(texts), status))


def _score(texts: Texts) -> tuple[Position, BoardView]:
    """§7: White bears off its last checker while Black has borne off none: a mars, 2 points,
    on the banner a finished game shows."""
    game = turn(LAST_BEFORE, (2, 1), *LAST_TURN).end_turn()
    result = game.result
    assert result is not None and result.winner is Color.WHITE
    won = texts.ngettext(
        "White wins: {kind}, {n} point.",
        "White wins: {kind}, {n} points.",
        result.points,
        kind=result_name(texts, result.kind, LONG),
    )
    assert game.position.off[Color.BLACK] == 0
    none_off = texts.gettext("Black bore off none.")
    banner = Banner(Color.WHITE, texts.gettext("Game over"), won, none_off)
    return game_view(game, base_view(texts, Color.WHITE, _names(texts), "", banner))


def _short_start(texts: Texts) -> tuple[ShortPosition, BoardView]:
    """§9: short nardy's set-up, the sides facing each other, White to move with 3-1."""
    status = texts.pgettext("beside the opponent's name", "to move")
    game = ShortGame(ShortRules(), ShortPosition.start()).with_roll((3, 1))
    return game_view(game, base_view(texts, Color.WHITE, _names(texts), status))


SECTIONS = (
    Section(
        "start",
        N_("The start and the way round"),
        (
            N_(
                "• Each player has 15 checkers on the head, his point 24. Both move the same way"
                " round, from point 24 down to 1, and bear off from their home, points 1–6."
            ),
            N_(
                "• Each player rolls one die: the higher starts and plays white (a tie is rolled"
                " again), then rolls both dice for the first turn."
            ),
            N_(
                "• A turn: each die moves one checker that many points (a double is played four"
                " times). A checker may never land on a point held by the opponent; when one"
                " checker takes both dice, the point in between must not be held by the"
                " opponent either."
            ),
            N_(
                "• Play as many dice as the position allows; if either die can be played but not"
                " both, play the higher one. With no legal move the turn passes."
            ),
        ),
        _start,
    ),
    Section(
        "head",
        N_("The head"),
        (
            N_(
                "• Only one checker may leave the head per turn; on the first turn a 6-6, 4-4 or"
                " 3-3 lets two leave."
            ),
        ),
        _head,
    ),
    Section(
        "block",
        N_("Six in a row"),
        (
            N_(
                "• Six of your points in a row are allowed only when at least one opponent"
                " checker is ahead of them on the opponent's path (or already borne off)."
            ),
        ),
        _block,
    ),
    Section(
        "bear_off",
        N_("Bearing off"),
        (
            N_(
                "• Bear off once all 15 checkers are home: a die bears off a checker from the"
                " point of its number or, when that point and all higher ones are empty, from"
                " the highest occupied point."
            ),
        ),
        _bear_off,
    ),
    Section(
        "score",
        N_("Winning and the score"),
        (
            N_(
                "• The first to bear off all 15 wins: 1 point (oyn), or 2 (mars) if the loser has"
                " borne off none. A resignation is scored the same way, from the position at"
                " that moment."
            ),
        ),
        _score,
    ),
)


SHORT = Section(
    "short",
    N_("<b>Short nardy (backgammon) in brief</b>"),
    (
        N_(
            "• 15 checkers each: 2 on your point 24, 5 on 13, 3 on 8, 5 on 6. The players move"
            " towards each other, round to their own home, points 1–6."
        ),
        N_(
            "• Two or more checkers close a point. A lone checker may be hit: it goes to the"
            " bar, and checkers on the bar must enter into the opponent's home before any other"
            " move."
        ),
        N_("• No head rule and no six-in-a-row rule; the dice and bearing off as in long nardy."),
        N_(
            "• The winner scores 1 point; a gammon, 2, if the loser bore off none; a backgammon,"
            " 3, if the loser also has a checker on the bar or in the winner's home."
        ),
        N_(
            "• With the doubling cube (/settings), before rolling you may double the stake: the"
            " opponent takes and owns the cube, or drops and loses. No doubling in a match's"
            " Crawford game."
        ),
    ),
    _short_start,
)
PAGES = (*SECTIONS, SHORT)  # what /rules sends, in order


def caption(section: Section, texts: Texts) -> str:
    """The section's caption (HTML): its number and heading in bold, then its RULES lines; the
    first also carries the title. Short nardy's page: its title, then its lines."""
    if section is SHORT:
        return "\n".join(texts.gettext(line) for line in (section.heading, *section.lines))
    number = SECTIONS.index(section) + 1
    head = f"<b>{number}/{len(SECTIONS)} · {texts.gettext(section.heading)}</b>"
    title = [texts.gettext(TITLE)] if number == 1 else []
    return "\n".join([*title, head, *(texts.gettext(line) for line in section.lines)])


def picture(
    section: Section, texts: Texts, theme: Theme = CLASSIC
) -> tuple[Position | ShortPosition, BoardView]:
    """The position the section shows and how, labels in `texts`' language, in `theme`."""
    position, view = section.picture(texts)
    return position, replace(view, theme=theme)


def jpeg(section: Section, texts: Texts, theme: Theme = CLASSIC) -> bytes:
    """The section's picture as JPEG bytes: CPU work, for a thread (`bot.ui.delivery`)."""
    return render(*picture(section, texts, theme))
