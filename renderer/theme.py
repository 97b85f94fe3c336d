"""Visual themes: every colour the board uses, as frozen data so a theme can key the caches."""

from __future__ import annotations

from dataclasses import dataclass

RGB = tuple[int, int, int]


@dataclass(frozen=True, slots=True)
class CheckerStyle:
    """One side's checkers: body, rim and the colour of a count written on them."""

    fill: RGB
    rim: RGB
    label: RGB


@dataclass(frozen=True, slots=True)
class Theme:
    """A complete look. `checkers` is indexed by `Color`; `wood` adds a grain to the frame."""

    name: str
    background: RGB  # the name strips above and below the board
    text: RGB  # names and pip counts on the strips
    muted: RGB  # secondary text on the strips
    frame: RGB
    frame_text: RGB  # point numbers on the frame
    felt: RGB
    points: tuple[RGB, RGB]  # alternating triangles
    bar: RGB
    tray: RGB
    checkers: tuple[CheckerStyle, CheckerStyle]
    movable: RGB  # ring round a checker that can move
    selected: RGB  # the chosen checker and its destinations
    last_move: RGB  # marks of the last turn
    arrow: RGB  # the direction-of-play arrows on the felt
    banner: RGB  # end-of-game panel
    banner_text: RGB
    wood: bool = False
    cube: RGB = (250, 247, 238)  # short nardy's doubling cube
    cube_text: RGB = (28, 24, 20)


CLASSIC = Theme(
    name="classic",
    background=(43, 30, 22),
    text=(246, 236, 218),
    muted=(196, 178, 150),
    frame=(110, 66, 34),
    frame_text=(246, 226, 190),
    felt=(214, 184, 136),
    points=((120, 38, 30), (238, 222, 190)),
    bar=(96, 57, 29),
    tray=(74, 44, 24),
    checkers=(
        CheckerStyle(fill=(246, 240, 226), rim=(170, 150, 120), label=(40, 28, 20)),
        CheckerStyle(fill=(36, 32, 32), rim=(10, 8, 8), label=(246, 236, 218)),
    ),
    movable=(40, 170, 90),
    selected=(255, 196, 0),
    last_move=(0, 120, 220),
    arrow=(150, 112, 70),
    banner=(30, 22, 16),
    banner_text=(255, 244, 222),
    wood=True,
)

CONTRAST = Theme(
    name="contrast",
    background=(18, 18, 18),
    text=(255, 255, 255),
    muted=(190, 190, 190),
    frame=(40, 40, 40),
    frame_text=(255, 255, 255),
    felt=(22, 98, 66),
    points=((8, 56, 36), (120, 178, 150)),
    bar=(40, 40, 40),
    tray=(30, 30, 30),
    checkers=(
        CheckerStyle(fill=(255, 255, 255), rim=(120, 120, 120), label=(0, 0, 0)),
        CheckerStyle(fill=(10, 10, 10), rim=(230, 230, 230), label=(255, 255, 255)),
    ),
    movable=(0, 210, 255),
    selected=(255, 220, 0),
    last_move=(255, 80, 160),
    arrow=(60, 140, 105),
    banner=(0, 0, 0),
    banner_text=(255, 255, 255),
)

# Okabe-Ito orange and blue: told apart by every common colour-vision deficiency, and by
# lightness alone; the highlights differ by shape as well as hue.
COLORBLIND = Theme(
    name="colorblind",
    background=(24, 26, 32),
    text=(250, 250, 250),
    muted=(190, 192, 200),
    frame=(52, 56, 66),
    frame_text=(250, 250, 250),
    felt=(200, 200, 196),
    points=((110, 110, 116), (236, 236, 230)),
    bar=(52, 56, 66),
    tray=(40, 42, 50),
    checkers=(
        CheckerStyle(fill=(240, 170, 30), rim=(150, 95, 0), label=(0, 0, 0)),
        CheckerStyle(fill=(0, 94, 170), rim=(0, 50, 100), label=(255, 255, 255)),
    ),
    movable=(0, 0, 0),
    selected=(204, 60, 140),
    last_move=(0, 158, 115),
    arrow=(150, 150, 150),
    banner=(20, 20, 26),
    banner_text=(255, 255, 255),
)

THEMES: dict[str, Theme] = {theme.name: theme for theme in (CLASSIC, CONTRAST, COLORBLIND)}
