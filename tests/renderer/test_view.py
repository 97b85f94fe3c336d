"""The view-state dataclasses: built from steps, and refusing numbers that are no point or die."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from nardy import Position, Step
from renderer import BoardView, CubeView, Dice, Highlight, compose


def test_highlight_from_steps_rings_sources_and_marks_the_selected_checker_landings() -> None:
    steps = [Step(24, 6), Step(24, 5), Step(13, 6), Step(3, 3), Step(2, 3)]
    assert Highlight.from_steps(steps) == Highlight(frozenset({24, 13, 3, 2}))
    chosen = Highlight.from_steps(steps, selected=24)
    assert chosen.selected == 24
    assert chosen.targets == frozenset({18, 19})
    assert Highlight.from_steps(steps, selected=2).targets == frozenset({0})  # bears off


@pytest.mark.parametrize(
    "make",
    [
        lambda: Highlight(frozenset({26})),
        lambda: Highlight(selected=26),
        lambda: Highlight(targets=frozenset({25})),  # nothing moves onto the bar
        lambda: Highlight(frozenset({0})),
        lambda: Highlight(selected=0),
        lambda: Highlight(targets=frozenset({-1})),
        lambda: Dice((0, 3)),
        lambda: Dice((6, 5), used=(7,)),
        lambda: CubeView(0),
        lambda: CubeView(3),
    ],
)
def test_numbers_outside_the_board_or_die_are_refused(make: Callable[[], object]) -> None:
    with pytest.raises(ValueError):
        make()


@pytest.mark.parametrize(
    "view",
    [
        BoardView(highlight=Highlight(frozenset({25}))),
        BoardView(highlight=Highlight(frozenset({24}), selected=25)),
        BoardView(cube=CubeView()),
    ],
)
def test_a_long_board_refuses_the_bar_and_the_cube(view: BoardView) -> None:
    with pytest.raises(ValueError):
        compose(Position.start(), view)
