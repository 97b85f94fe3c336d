"""`python -m renderer demo OUT_DIR`: a gallery of sample boards, every theme, both
orientations, every phase of a game, for anyone to look at."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

from nardy import Color, Position
from nardy.game import Game
from renderer.game_view import game_view
from renderer.render import render
from renderer.samples import random_games
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


def gallery() -> Iterator[tuple[str, Position, BoardView]]:
    """Every sample board of the gallery with its file name (without extension)."""
    states = random_games(1, seed=3)[0]
    for theme in THEMES.values():
        for bottom in Color:
            base = BoardView(bottom=bottom, theme=theme, names=NAMES, texts=TEXTS)
            for phase, state, selected in _phases(states):
                position, view = game_view(state, base, selected)
                result = state.result
                if result is not None and result.winner is not None:
                    title = TITLES[result.winner]
                    text = f"{result.kind.value} · {result.points}"
                    view = replace(view, banner=Banner(result.winner, title, text, "3 : 1"))
                yield f"{theme.name}-{bottom.label}-bottom-{phase}", position, view


def write_gallery(out_dir: Path) -> list[Path]:
    """Render the gallery into `out_dir` as JPEG files; return their paths."""
    out_dir.mkdir(parents=True, exist_ok=True)
    paths = []
    for name, position, view in gallery():
        path = out_dir / f"{name}.jpg"
        path.write_bytes(render(position, view))
        paths.append(path)
    return paths
