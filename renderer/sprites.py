"""Per-theme sprites (checkers, rings, marks, dice, tray slices), drawn once, smoothed by
supersampling, and only pasted afterwards."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PIL import Image, ImageDraw, ImageFilter

from nardy import Color
from renderer.cache import built_once
from renderer.geometry import (
    BANNER,
    CHECKER,
    CUBE,
    DIE,
    MAX_STACK,
    SLICE,
    STACK_STEP,
    TRAY_W,
)
from renderer.theme import RGB, CheckerStyle, Theme

SCALE = 4  # supersampling factor
PAD = 5  # room round a checker for its shadow and rings
ICON = 26  # the small checker beside a name
MARK = 18  # the dot on a checker that moved last turn
_PIPS = {
    1: ((0.5, 0.5),),
    2: ((0.27, 0.27), (0.73, 0.73)),
    3: ((0.27, 0.27), (0.5, 0.5), (0.73, 0.73)),
    4: ((0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)),
    5: ((0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)),
    6: ((0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)),
}
Painter = Callable[[ImageDraw.ImageDraw, float], None]
# [row is top][n - 1]: n checkers overlapping, slot 0 at the sprite's top (top row) or bottom
Stacks = tuple[tuple[Image.Image, ...], tuple[Image.Image, ...]]


@dataclass(frozen=True, slots=True)
class Sprites:
    """RGBA images of one theme; a checker-sized sprite is `CHECKER + 2 * PAD` square."""

    checker: tuple[Image.Image, Image.Image]  # by Color
    stacks: tuple[Stacks, Stacks]  # by Color: one paste draws a whole point
    ghost: tuple[Image.Image, Image.Image]  # where a checker stood before the last turn
    icon: tuple[Image.Image, Image.Image]
    slice: tuple[Image.Image, Image.Image]
    dice: tuple[tuple[Image.Image, ...], tuple[Image.Image, ...]]  # [color][face - 1]
    used_dice: tuple[tuple[Image.Image, ...], tuple[Image.Image, ...]]
    movable: Image.Image
    selected: Image.Image
    target: Image.Image
    moved: Image.Image  # the dot on a checker that arrived last turn
    left: Image.Image  # the hollow mark on a full stack a checker left last turn
    banner: Image.Image  # the end-of-game panel, `geometry.BANNER` sized
    # short nardy's doubling cube
    cube: Image.Image  # `CUBE` square, on the bar
    offered_cube: Image.Image  # `DIE` square and ringed, on the half of the side asked


def supersampled(size: tuple[int, int], paint: Painter) -> Image.Image:
    """An RGBA image painted at `SCALE` times its size and reduced: smooth edges for free."""
    big = Image.new("RGBA", (size[0] * SCALE, size[1] * SCALE), (0, 0, 0, 0))
    paint(ImageDraw.Draw(big), SCALE)
    return big.resize(size, Image.Resampling.LANCZOS)


def faded(image: Image.Image, opacity: float) -> Image.Image:
    """`image` with its alpha scaled by `opacity`."""
    result = image.copy()
    result.putalpha(image.getchannel("A").point(lambda a: int(a * opacity)))
    return result


def _disc(draw: ImageDraw.ImageDraw, center: float, radius: float, fill: RGB) -> None:
    draw.ellipse((center - radius, center - radius, center + radius, center + radius), fill=fill)


def _checker(style: CheckerStyle, diameter: int, pad: int) -> Image.Image:
    size = diameter + 2 * pad

    def paint(draw: ImageDraw.ImageDraw, s: float) -> None:
        c = size * s / 2
        r = diameter * s / 2
        _disc(draw, c, r, style.rim)
        _disc(draw, c, r * 0.9, style.fill)
        ring = max(s, r * 0.04)
        draw.ellipse(
            (c - r * 0.62, c - r * 0.62, c + r * 0.62, c + r * 0.62),
            outline=style.rim,
            width=round(ring),
        )

    body = supersampled((size, size), paint)
    shadow = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    shadow.putalpha(body.getchannel("A").point(lambda a: a * 2 // 5))
    shadow = shadow.filter(ImageFilter.GaussianBlur(1.5))
    result = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    result.alpha_composite(shadow, (1, 2))
    result.alpha_composite(body)
    return result


def _stacks(checker: Image.Image) -> Stacks:
    def stack(n: int, downward: bool) -> Image.Image:
        size = checker.width
        image = Image.new("RGBA", (size, size + (n - 1) * STACK_STEP), (0, 0, 0, 0))
        for slot in range(n):
            offset = slot * STACK_STEP
            image.alpha_composite(
                checker, (0, offset if downward else image.height - size - offset)
            )
        return image

    counts = range(1, MAX_STACK + 1)
    return tuple(stack(n, False) for n in counts), tuple(stack(n, True) for n in counts)


def _ring(color: RGB, width: float) -> Image.Image:
    size = CHECKER + 2 * PAD

    def paint(draw: ImageDraw.ImageDraw, s: float) -> None:
        inset = (PAD - width / 2 + 1) * s
        draw.ellipse(
            (inset, inset, size * s - inset, size * s - inset),
            outline=color,
            width=round(width * s),
        )

    return supersampled((size, size), paint)


def _ghost(checker: Image.Image, color: RGB) -> Image.Image:
    """A faint checker in a ring of the last-move colour: where a checker stood."""
    ghost = faded(checker, 0.45)
    ghost.alpha_composite(_ring(color, 2.25))
    return ghost


def _target(color: RGB) -> Image.Image:
    """A translucent checker-sized disc with a solid centre: a landing place, not a checker."""
    size = CHECKER + 2 * PAD

    def paint(draw: ImageDraw.ImageDraw, s: float) -> None:
        c, r = size * s / 2, CHECKER * s / 2
        draw.ellipse(
            (c - r, c - r, c + r, c + r), fill=(*color, 90), outline=color, width=round(3 * s)
        )
        _disc(draw, c, r * 0.28, color)

    return supersampled((size, size), paint)


def _dot(color: RGB, outline: RGB, rim: float) -> Image.Image:
    def paint(draw: ImageDraw.ImageDraw, s: float) -> None:
        _disc(draw, MARK * s / 2, MARK * s / 2, outline)
        _disc(draw, MARK * s / 2, MARK * s / 2 - rim * s, color)

    return supersampled((MARK, MARK), paint)


def _die(style: CheckerStyle, face: int) -> Image.Image:
    def paint(draw: ImageDraw.ImageDraw, s: float) -> None:
        side = DIE * s
        draw.rounded_rectangle((0, 0, side - 1, side - 1), radius=side * 0.18, fill=style.rim)
        inset = 2 * s
        draw.rounded_rectangle(
            (inset, inset, side - inset, side - inset), radius=side * 0.15, fill=style.fill
        )
        for fx, fy in _PIPS[face]:
            x, y, r = fx * side, fy * side, side * 0.09
            draw.ellipse((x - r, y - r, x + r, y + r), fill=style.label)

    return supersampled((DIE, DIE), paint)


def _cube(theme: Theme, side: int, outline: RGB, width: float) -> Image.Image:
    """The doubling cube's blank face; the value is written on it per render."""

    def paint(draw: ImageDraw.ImageDraw, s: float) -> None:
        draw.rounded_rectangle(
            (0, 0, side * s - 1, side * s - 1),
            radius=side * s * 0.16,
            fill=theme.cube,
            outline=outline,
            width=round(width * s),
        )

    return supersampled((side, side), paint)


def _slice(style: CheckerStyle) -> Image.Image:
    def paint(draw: ImageDraw.ImageDraw, s: float) -> None:
        draw.rounded_rectangle(
            (0, s, (TRAY_W - 12) * s - 1, SLICE * s - s),
            radius=4 * s,
            fill=style.fill,
            outline=style.rim,
            width=round(1.5 * s),
        )

    return supersampled((TRAY_W - 12, SLICE), paint)


def _panel(theme: Theme) -> Image.Image:
    width, height = BANNER[2] - BANNER[0], BANNER[3] - BANNER[1]

    def paint(draw: ImageDraw.ImageDraw, s: float) -> None:
        draw.rounded_rectangle(
            (0, 0, width * s - 1, height * s - 1),
            radius=18 * s,
            fill=(*theme.banner, 232),
            outline=theme.selected,
            width=round(3 * s),
        )

    return supersampled((width, height), paint)


@built_once
def sprites(theme: Theme) -> Sprites:
    """The sprites of `theme`, built on first use and shared by every later render."""
    styles = theme.checkers
    checkers = tuple(_checker(style, CHECKER, PAD) for style in styles)
    dice = tuple(tuple(_die(style, face) for face in range(1, 7)) for style in styles)
    white, black = Color.WHITE, Color.BLACK
    return Sprites(
        checker=(checkers[white], checkers[black]),
        stacks=(_stacks(checkers[white]), _stacks(checkers[black])),
        ghost=(_ghost(checkers[white], theme.last_move), _ghost(checkers[black], theme.last_move)),
        icon=(_checker(styles[white], ICON, 2), _checker(styles[black], ICON, 2)),
        slice=(_slice(styles[white]), _slice(styles[black])),
        dice=(dice[white], dice[black]),
        used_dice=(
            tuple(faded(d, 0.3) for d in dice[white]),
            tuple(faded(d, 0.3) for d in dice[black]),
        ),
        movable=_ring(theme.movable, 4),
        selected=_ring(theme.selected, 7),
        target=_target(theme.selected),
        moved=_dot(theme.last_move, (255, 255, 255), 2.25),
        left=_dot((255, 255, 255), theme.last_move, 4.5),
        banner=_panel(theme),
        cube=_cube(theme, CUBE, theme.cube_text, 1.5),
        offered_cube=_cube(theme, DIE, theme.selected, 3),
    )
