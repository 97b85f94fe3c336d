"""Every state of a few random games, each step of each turn included, renders."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from nardy import Color, Game
from renderer import THEMES, BoardView, render
from renderer.game_view import game_view
from renderer.samples import random_games
from tests.renderer.scenes import NAMES, TEXTS


@pytest.mark.parametrize("seed", [1, 2])
def test_every_state_and_step_of_a_random_game_renders(seed: int) -> None:
    themes = list(THEMES.values())
    renders = 0
    for states in random_games(1, seed):
        assert states[-1].over
        for index, state in enumerate(states):
            base = BoardView(
                bottom=Color(index % 2), theme=themes[index % len(themes)], names=NAMES, texts=TEXTS
            )
            game = state
            while True:
                steps = () if game.over or game.dice is None else game.next_steps()
                data = render(*game_view(game, base, steps[0].src if steps else None))
                assert Image.open(io.BytesIO(data)).size == (960, 666)
                renders += 1
                if not steps:
                    break
                game = game.play_step(steps[-1])
    assert renders > 100


def test_a_picked_checker_shows_every_point_its_buttons_offer() -> None:
    """With 3-3 at the start a head checker can go 3, 6 or 9 points (12 is the opponent's head,
    RULES.md §3): all three landing points are marked, not only the one a die away."""
    game = Game().with_roll((3, 3))
    _, view = game_view(game, BoardView(), selected=24)
    assert view.highlight.targets == {21, 18, 15}
    assert view.highlight.movable == {24}
