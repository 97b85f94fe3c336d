"""The static layer (frame, felt, points, homes, heads, direction arrows, point numbers) and
the checker stacks pre-drawn on it.

The layer is built once per (theme, side at the bottom, numbering side, game); a render starts
from a copy of it and pastes opaque stack tiles, so the commonest paste needs no blending.
"""

from __future__ import annotations

import random

from PIL import Image, ImageDraw, ImageFilter

from nardy import Color
from nardy.variant import Variant
from renderer import geometry as g
from renderer.cache import built_once
from renderer.fonts import text_mask
from renderer.sprites import PAD, sprites
from renderer.theme import RGB, Theme

SCALE = 3  # the shapes are drawn this much larger, then reduced, for smooth edges
NUMBER_SIZE = 20
HOME_TINT = 0.14  # how strongly a home quarter takes its owner's checker colour
GRAIN = 0.07  # how far the wood's streaks are from the frame's colour


def _blend(base: RGB, other: RGB, amount: float) -> RGB:
    r, gr, b = (round(x + (y - x) * amount) for x, y in zip(base, other, strict=True))
    return r, gr, b


def _scaled(box: g.Box) -> g.Box:
    """`box` at `SCALE`, its right and bottom inclusive as `ImageDraw` wants them."""
    left, top, right, bottom = box
    return left * SCALE, top * SCALE, right * SCALE - 1, bottom * SCALE - 1


def _wood(size: tuple[int, int], base: RGB) -> Image.Image:
    """A faint, deterministic grain: thin streaks of lighter and darker `base`, blurred. Its
    noise costs JPEG bytes: about 0.3 KB a board more than a flat frame (the old, stronger
    grain cost 1 KB)."""
    rng = random.Random(7)
    image = Image.new("RGB", size, base)
    draw = ImageDraw.Draw(image)
    for _ in range(size[1] // 2):
        y = rng.randrange(size[1])
        shade = _blend(base, (0, 0, 0) if rng.random() < 0.5 else (255, 220, 170), GRAIN)
        draw.line((0, y, size[0], y + rng.randint(-4, 4)), fill=shade, width=rng.randint(1, 2))
    return image.filter(ImageFilter.GaussianBlur(1.5))


def _shapes(theme: Theme, bottom: Color, variant: Variant) -> Image.Image:
    """Everything but the text, at `SCALE` times the final size."""
    size = (g.WIDTH * SCALE, g.HEIGHT * SCALE)
    image = Image.new("RGB", size, theme.background)
    left, upper, right, lower = g.BOARD
    if theme.wood:  # the grain is soft: draw it at the final size and enlarge it
        grain = _wood((right - left, lower - upper), theme.frame)
        size_big = ((right - left) * SCALE, (lower - upper) * SCALE)
        image.paste(
            grain.resize(size_big, Image.Resampling.BILINEAR), (left * SCALE, upper * SCALE)
        )
    else:
        image.paste(theme.frame, (left * SCALE, upper * SCALE, right * SCALE, lower * SCALE))
    draw = ImageDraw.Draw(image)
    top_color = bottom.opponent
    for half in (0, 6):
        left = g.column_left(half)
        draw.rectangle(
            _scaled((left, g.INNER_TOP, left + 6 * g.POINT_W, g.INNER_BOTTOM)), fill=theme.felt
        )
    # first column, row, owner: the top side's home is top left in long nardy, where it
    # plays counter-clockwise too, and top right in short nardy, where it plays towards us
    homes = ((6, False, bottom), (6 if variant.facing else 0, True, top_color))
    for first, top, owner in homes:
        left, upper, _, lower = g.point_box(first, top)
        tint = _blend(theme.felt, theme.checkers[owner].fill, HOME_TINT)
        draw.rectangle(_scaled((left, upper, left + 6 * g.POINT_W, lower)), fill=tint)
    bar_left = g.column_left(5) + g.POINT_W
    draw.rectangle(
        _scaled((bar_left, g.INNER_TOP, bar_left + g.BAR, g.INNER_BOTTOM)), fill=theme.bar
    )
    for top in (True, False):
        draw.rounded_rectangle(_scaled(g.tray_box(top)), radius=6 * SCALE, fill=theme.tray)
    _points(image, theme)
    heads = () if variant.facing else ((11, True, bottom), (0, False, top_color))
    for column, top, owner in heads:  # long nardy's heads (RULES.md §1)
        left, _, right, _ = g.point_box(column, top)
        y = g.INNER_TOP - 5 if top else g.INNER_BOTTOM + 1
        style = theme.checkers[owner]
        draw.rounded_rectangle(
            _scaled((left + 8, y, right - 8, y + 4)),
            radius=2 * SCALE,
            fill=style.fill,
            outline=style.rim,
            width=SCALE,
        )
    if variant.facing:
        _facing_arrow(draw, theme, bottom)
    else:
        _arrows(draw, theme.arrow)
    return image


def _points(image: Image.Image, theme: Theme) -> None:
    """Twelve triangles a row, alternating colours, opposite points of different colours.
    Each shape is drawn once and pasted, so that every point of a kind has the same pixels."""
    width, height = g.POINT_W * SCALE, g.ROW * SCALE
    tip = (g.ROW - 10) * SCALE
    for top in (True, False):
        base, point = (0, tip) if top else (height - 1, height - 1 - tip)
        shape = Image.new("L", (width, height))
        ImageDraw.Draw(shape).polygon([(3, base), (width - 3, base), (width / 2, point)], fill=255)
        for column in range(12):
            left, upper, _, _ = g.point_box(column, top)
            fill = theme.points[(column + top) % 2]
            image.paste(fill, (left * SCALE, upper * SCALE), shape)


ARROW_RADIUS = 13


def _u_turn(draw: ImageDraw.ImageDraw, x: int, start: int, end: int, color: RGB) -> None:
    """Half a circle round (x, middle of the band), from angle `start` to `end`."""
    r = ARROW_RADIUS
    box = (x - r, g.MID_Y - r, x + r, g.MID_Y + r)
    draw.arc(_scaled(box), start, end, fill=color, width=3 * SCALE)


def _head(
    draw: ImageDraw.ImageDraw,
    back: tuple[int, int],
    direction: int,
    fill: RGB,
    outline: RGB | None = None,
) -> None:
    """An arrowhead with the middle of its back at `back`, pointing right (`direction` 1) or
    left (-1)."""
    x, tip_y = back
    draw.polygon(
        [
            (x * SCALE, (tip_y - 6) * SCALE),
            (x * SCALE, (tip_y + 6) * SCALE),
            ((x + 10 * direction) * SCALE, tip_y * SCALE),
        ],
        fill=fill,
        outline=outline,
        width=SCALE,
    )


def _arrows(draw: ImageDraw.ImageDraw, color: RGB) -> None:
    """U-turns at both ends of the middle band: long nardy's play runs counter-clockwise on
    the screen for both sides (RULES.md §1)."""
    r = ARROW_RADIUS
    left, right = g.FIELD_LEFT + 10 + r, g.FIELD_RIGHT - 10 - r
    _u_turn(draw, left, 90, 270, color)  # the top row turns down
    _head(draw, (left, g.MID_Y + r), 1, color)
    _u_turn(draw, right, 270, 90, color)  # the bottom row turns up
    _head(draw, (right, g.MID_Y - r), -1, color)


def _facing_arrow(draw: ImageDraw.ImageDraw, theme: Theme, bottom: Color) -> None:
    """Short nardy's sides both turn at the left end (RULES.md §9): the side at the bottom
    down and along the bottom row, the side at the top up and along the top row. One U-turn,
    a head on each arm in the colours of the side it leads."""
    r = ARROW_RADIUS
    x = g.FIELD_LEFT + 10 + r
    _u_turn(draw, x, 90, 270, theme.arrow)
    for tip_y, side in ((g.MID_Y + r, bottom), (g.MID_Y - r, bottom.opponent)):
        style = theme.checkers[side]
        _head(draw, (x, tip_y), 1, style.fill, style.rim)


@built_once
def _base(key: tuple[Theme, Color, Variant]) -> Image.Image:
    theme, bottom, variant = key
    # a plain average (no bleed), in the canvas's mode so that pastes need no conversion
    return _shapes(theme, bottom, variant).reduce(SCALE).convert("RGBA")


@built_once
def layer(key: tuple[Theme, Color, Color, Variant]) -> Image.Image:
    """The static picture for (theme, side at the bottom, side whose numbers label the
    points, game). Shared: copy it before drawing on it."""
    theme, bottom, numbering, variant = key
    image = _base((theme, bottom, variant)).copy()
    for bottom_own in range(1, 25):
        absolute = variant.to_absolute(bottom, bottom_own)
        column, top = g.place(bottom, absolute, variant)
        label = str(variant.to_absolute(numbering, absolute))
        mask = text_mask(label, NUMBER_SIZE, True)
        x, y = g.number_center(column, top)
        image.paste(theme.frame_text, (x - mask.width // 2, y - mask.height // 2), mask)
    return image


Ground = tuple[bool, int, bool]  # row is top, triangle colour index, is a home quarter


def ground(column: int, top: bool, variant: Variant) -> Ground:
    """What a point's checkers stand on. Points alike in it have the same pixels (every shape
    is pasted at whole pixels), so they share their stack tiles."""
    home = column >= 6 if variant.facing or not top else column < 6
    return top, (column + top) % 2, home


@built_once
def stack_tile(key: tuple[Theme, Color, Variant, Ground, Color, int]) -> Image.Image:
    """(theme, side at the bottom, game, ground, colour, n): `n` checkers drawn on their
    ground, an opaque tile from the frame towards the middle, one point wide."""
    theme, bottom, variant, kind, color, n = key
    top = kind[0]
    column = next(c for c in range(12) if ground(c, top, variant) == kind)
    left, upper, right, lower = g.point_box(column, top)
    height = min(g.CHECKER + (n - 1) * g.STACK_STEP + PAD, g.ROW)
    tile = _base((theme, bottom, variant)).crop(
        (left, upper, right, upper + height) if top else (left, lower - height, right, lower)
    )
    stack = sprites(theme).stacks[color][top][n - 1]
    y = -PAD if top else height + PAD - stack.height
    tile.paste(stack, ((g.POINT_W - stack.width) // 2, y), stack)
    return tile
