"""Board pictures for long and short nardy: `render(position, view)` gives JPEG bytes for
Telegram; the position's type (`nardy.Position` or `nardy.short.Position`) picks the game.

Pure Pillow; static layers and sprites are built once per theme, fonts ship with the package.
"""

from renderer.render import MIME_TYPE, compose, render, warm_up
from renderer.theme import CLASSIC, COLORBLIND, CONTRAST, THEMES, Theme
from renderer.view import Banner, BoardView, CubeView, Dice, Highlight, Texts, TurnMarks

__all__ = [
    "CLASSIC",
    "COLORBLIND",
    "CONTRAST",
    "MIME_TYPE",
    "THEMES",
    "Banner",
    "BoardView",
    "CubeView",
    "Dice",
    "Highlight",
    "Texts",
    "Theme",
    "TurnMarks",
    "compose",
    "render",
    "warm_up",
]
