"""Text panels: a name strip per side (name, side to move, last turn, pips) and the end banner."""

from __future__ import annotations

from PIL import Image, ImageDraw

from nardy import Color
from nardy.variant import AnyPosition
from nardy.variants import board_variant
from renderer import geometry as g
from renderer.fonts import Paragraph, line_height, paragraph, text_mask
from renderer.paint import stamp, write, write_lines
from renderer.sprites import ICON, Sprites
from renderer.theme import Theme
from renderer.view import Banner, BoardView

NAME_SIZE = 23
SMALL_SIZE = 18
NAME_WIDTH = 315
EDGE = 12  # space between the picture's edge and the strip's contents
NAME_LEFT = EDGE + ICON + 12
STATUS_GAP = 14  # between a name and its status
STATUS_RIGHT = NAME_LEFT + NAME_WIDTH + STATUS_GAP + 195  # clear of the last turn and the pips
STATUS_HEIGHT = g.STRIP - 6  # two lines of a smaller size when one line is too long
BANNER_PAD = 30  # between the banner's sides and what it holds
BANNER_GAP = 12  # between its title, result and score
# the banner's title, result and score: font size, bold, lines of that size it has room for
BANNER_ROWS = ((35, True, 1), (24, False, 2), (21, True, 2))


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
        if playing and color is acting:
            status = status_text(view.names[color], view.texts.status)
            write_lines(image, status, (x + STATUS_GAP, y), theme.selected)
        pips = f"{view.texts.pips} {position.pip_count(color)}".strip()
        x = (
            right
            - EDGE
            - write(image, pips, (right - EDGE, y), (SMALL_SIZE, True, theme.text), "right")
        )
        text = last_turn_text(position, view)
        if text and view.last_turn is not None and view.last_turn.color is color:
            x -= 24 + write(
                image,
                text,
                (x - 24, y),
                (SMALL_SIZE, False, theme.muted),
                "right",
            )
            stamp(image, art.moved, (x - 14, y))


def last_turn_text(position: AnyPosition, view: BoardView) -> str:
    """The last turn as its mover's strip writes it: in the numbers that label the picture
    (`BoardView.numbering`), its hits marked (RULES.md §10); "" when there is none."""
    turn = view.last_turn
    if turn is None or not turn.steps:
        return ""
    reader = view.numbering if view.numbering is not None else position.to_move
    return board_variant(position).turn_text_for(
        turn.steps, turn.color, reader, view.texts.off, view.texts.bar, turn.hits
    )


def status_text(name: str, status: str) -> Paragraph:
    """The status as it is written beside `name`: in the room up to `STATUS_RIGHT`, on two
    lines or smaller when one line of `SMALL_SIZE` is too long, so that it is never cut."""
    start = NAME_LEFT + _name_width(name) + STATUS_GAP
    return paragraph(status, SMALL_SIZE, False, (STATUS_RIGHT - start, STATUS_HEIGHT))


def _name_width(name: str) -> int:
    """How wide a name is drawn in its strip (cut to `NAME_WIDTH`)."""
    return text_mask(name, NAME_SIZE, True, NAME_WIDTH).width


def banner(image: Image.Image, art: Sprites, theme: Theme, end: Banner) -> None:
    """The end-of-game panel over the middle of the board: the winner's checker, and its
    title, result and match score one under another, centred in it."""
    left, upper, _, lower = g.BANNER
    image.paste(art.banner, (left, upper), art.banner)
    middle = (upper + lower) // 2
    if end.winner is not None:
        stamp(image, art.checker[end.winner], (left + BANNER_PAD + g.CHECKER // 2, middle))
    text_left, text_right = _banner_text_span(end)
    colors = (theme.banner_text, theme.banner_text, theme.selected)
    blocks = [(b, color) for b, color in zip(banner_text(end), colors, strict=True) if b.lines]
    y = middle - (sum(b.height for b, _ in blocks) + BANNER_GAP * (len(blocks) - 1)) // 2
    for block, color in blocks:
        write_lines(
            image, block, ((text_left + text_right) // 2, y + block.height // 2), color, "center"
        )
        y += block.height + BANNER_GAP


def banner_text(end: Banner) -> tuple[Paragraph, Paragraph, Paragraph]:
    """The banner's title, result and score as it writes them: each in the room of its
    `BANNER_ROWS` lines, broken or smaller when a long name needs it, so that none is cut."""
    text_left, text_right = _banner_text_span(end)
    title, result, score = (
        paragraph(text, size, bold, (text_right - text_left, lines * line_height(size, bold)))
        for text, (size, bold, lines) in zip(
            (end.title, end.result, end.score), BANNER_ROWS, strict=True
        )
    )
    return title, result, score


def _banner_text_span(end: Banner) -> tuple[int, int]:
    """Where the banner's text may go, left to right: beside the winner's checker, if any."""
    left, _, right, _ = g.BANNER
    text_left = left + BANNER_PAD + (g.CHECKER + 18 if end.winner is not None else 0)
    return text_left, right - BANNER_PAD
