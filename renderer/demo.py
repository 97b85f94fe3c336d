"""`python -m renderer demo OUT_DIR`: a gallery of sample boards of both games, every theme,
both orientations, every phase of a game, for anyone to look at."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

from nardy import Color
from nardy.game import Game
from nardy.short import BAR, Cube
from nardy.short import Game as ShortGame
from nardy.variant import AnyPosition
from renderer.game_view import game_view
from renderer.render import render
from renderer.samples import random_games, random_short_games
from renderer.theme import THEMES
from renderer.view import Banner, BoardView, Texts

# Sample texts stand in for the bot's translations; the names test shortening and scripts.
NAMES = ("Алиса 🎲 Сергеевна-Длинноимённая", "שרה ⚀ Sara")
TEXTS = Texts(pips="пипсы", status="ходит")
TITLES = {Color.WHITE: "Алиса выиграла!", Color.BLACK: "Sara wins!"}


def _phases(states: list[Game]) -> Iterator[tuple[str, Game, int | None]]:
    """(name, state, selected own point) for the start, the middle of the game with a
    checker picked and one step already played, the bear-off, and the end."""
    yield "1-start", states[0], None
    middle = states[len(states) // 2]
    step = middle.next_steps()[0]
    middle = middle.play_step(step)
    later = middle.next_steps()
    yield "2-middle", middle, later[0].src if later else None
    bearing = next(s for s in states if not s.over and s.position.off[s.to_move] > 0)
    yield "3-bear-off", bearing, bearing.next_steps()[0].src if bearing.next_steps() else None
    yield "4-end", states[-1], None


def _short_phases(states: list[ShortGame]) -> Iterator[tuple[str, ShortGame, int | None]]:
    """Short nardy's (name, state, selected own point): the start with the cube in the
    middle, the most checkers on the bar with the bar picked, a redouble offered, the
    bear-off with the cube owned, and the end."""
    yield "1-start", states[0], None
    waiting = max(states[:-1], key=lambda s: s.position.bar[s.to_move])
    yield "2-bar", waiting, BAR if waiting.position.bar[waiting.to_move] else None
    middle = states[len(states) // 2]
    owned = Cube(2, middle.to_move)
    yield "3-double", ShortGame(middle.rules, middle.position, cube=owned).double(), None
    bearing = next(s for s in states if not s.over and s.position.off[s.to_move] > 0)
    steps = bearing.next_steps()
    yield (
        "4-bear-off",
        replace(bearing, cube=Cube(4, bearing.to_move)),
        steps[0].src if steps else None,
    )
    yield "5-end", states[-1], None


def _views(
    base: BoardView,
    phases: Iterator[tuple[str, Game, int | None]] | Iterator[tuple[str, ShortGame, int | None]],
) -> Iterator[tuple[str, AnyPosition, BoardView]]:
    for phase, state, selected in phases:
        position, view = game_view(state, base, selected)
        result = state.result
        if result is not None and result.winner is not None:
            title = TITLES[result.winner]
            text = f"{result.kind.value} · {result.points}"
            view = replace(view, banner=Banner(result.winner, title, text, "3 : 1"))
        yield phase, position, view


def gallery() -> Iterator[tuple[str, AnyPosition, BoardView]]:
    """Every sample board of the gallery with its file name (without extension)."""
    states = random_games(1, seed=3)[0]
    short_states = random_short_games(1, seed=3)[0]
    for theme in THEMES.values():
        for bottom in Color:
            base = BoardView(bottom=bottom, theme=theme, names=NAMES, texts=TEXTS)
            for phase, position, view in _views(base, _phases(states)):
                yield f"{theme.name}-{bottom.label}-bottom-{phase}", position, view
            for phase, position, view in _views(base, _short_phases(short_states)):
                yield f"short-{theme.name}-{bottom.label}-bottom-{phase}", position, view


def write_gallery(out_dir: Path) -> list[Path]:
    """Render the gallery into `out_dir` as JPEG files; return their paths."""
    out_dir.mkdir(parents=True, exist_ok=True)
    paths = []
    for name, position, view in gallery():
        path = out_dir / f"{name}.jpg"
        path.write_bytes(render(position, view))
        paths.append(path)
    return paths
