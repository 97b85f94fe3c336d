"""Text panels: a name strip per side (name, side to move, last turn, pips) and the end banner."""

from __future__ import annotations

from PIL import Image, ImageDraw

from nardy import Color, format_turn_for
from nardy.short import format_turn_for as format_short_turn_for
from nardy.variant import AnyPosition
from nardy.variants import board_variant
from renderer import geometry as g
from renderer.paint import stamp, write
from renderer.sprites import ICON, Sprites
from renderer.theme import Theme
from renderer.view import Banner, BoardView

NAME_SIZE = 23
SMALL_SIZE = 18
NAME_WIDTH = 315
STATUS_WIDTH = 195
EDGE = 12  # space between the picture's edge and the strip's contents
NAME_LEFT = EDGE + ICON + 12


def strips(image: Image.Image, art: Sprites, position: AnyPosition, view: BoardView) -> None:
    """Each side's strip; the side the game waits for (`BoardView.acting`, else the side to
    move) gets an accent bar and the status text."""
    theme = view.theme
    playing = view.banner is None and position.winner() is None
    acting = position.to_move if view.acting is None else view.acting
    for color in Color:
        left, upper, right, lower = g.strip_box(color is not view.bottom)
        y = (upper + lower) // 2
        if playing and color is acting:
            ImageDraw.Draw(image).rectangle(
                (left, upper + 6, left + 4, lower - 7), fill=theme.selected
            )
        stamp(image, art.icon[color], (EDGE + ICON // 2 + 3, y))
        x = NAME_LEFT
        x += write(
            image, view.names[color], (x, y), (NAME_SIZE, True, theme.text), max_width=NAME_WIDTH
        )
        if playing and color is acting and view.texts.status:
            write(
                image,
                view.texts.status,
                (x + 14, y),
                (SMALL_SIZE, False, theme.selected),
                max_width=STATUS_WIDTH,
            )
        pips = f"{view.texts.pips} {position.pip_count(color)}".strip()
        x = (
            right
            - EDGE
            - write(image, pips, (right - EDGE, y), (SMALL_SIZE, True, theme.text), "right")
        )
        turn = view.last_turn
        if turn is not None and turn.color is color and turn.steps:
            reader = view.numbering if view.numbering is not None else position.to_move
            reader = turn.color if view.own_turns else reader
            if board_variant(position).facing:
                text = format_short_turn_for(
                    turn.steps, turn.color, reader, view.texts.off, view.texts.bar
                )
            else:
                text = format_turn_for(turn.steps, turn.color, reader, view.texts.off)
            x -= 24 + write(
                image,
                text,
                (x - 24, y),
                (SMALL_SIZE, False, theme.muted),
                "right",
            )
            stamp(image, art.moved, (x - 14, y))


def banner(image: Image.Image, art: Sprites, theme: Theme, end: Banner) -> None:
    """The end-of-game panel over the middle of the board: winner, result, match score."""
    left, upper, right, lower = g.BANNER
    image.paste(art.banner, (left, upper), art.banner)
    text_left = left + 30
    if end.winner is not None:
        stamp(image, art.checker[end.winner], (left + 30 + g.CHECKER // 2, (upper + lower) // 2))
        text_left += g.CHECKER + 18
    center = (text_left + right - 30) // 2
    width = right - 30 - text_left
    lines = (
        (end.title, 35, True, theme.banner_text, upper + 48),
        (end.result, 24, False, theme.banner_text, upper + 98),
        (end.score, 21, True, theme.selected, upper + 141),
    )
    for text, size, bold, color, y in lines:
        if text:
            write(image, text, (center, y), (size, bold, color), "center", max_width=width)
