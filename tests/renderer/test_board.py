"""The static layer's invariant that stack tiles rely on: points of one kind look the same, in
both games."""

from __future__ import annotations

import pytest
from PIL import ImageChops

from nardy import Color, Position
from nardy.long_variant import LONG
from nardy.short.variant import SHORT
from nardy.variant import Variant
from renderer import THEMES, BoardView, Theme, compose
from renderer import geometry as g
from renderer.board import Ground, ground, layer


@pytest.mark.parametrize("theme", list(THEMES.values()), ids=list(THEMES))
@pytest.mark.parametrize("bottom", list(Color))
@pytest.mark.parametrize("variant", [LONG, SHORT], ids=["long", "short"])
def test_points_of_one_kind_have_the_same_pixels(
    theme: Theme, bottom: Color, variant: Variant
) -> None:
    image = layer((theme, bottom, bottom, variant))
    kinds: dict[Ground, list[int]] = {}
    for column in range(12):
        for top in (True, False):
            kinds.setdefault(ground(column, top, variant), []).append(column)
    assert len(kinds) == 8
    for (top, _, _), columns in kinds.items():
        first, *others = (image.crop(g.point_box(column, top)) for column in columns)
        for other in others:
            assert ImageChops.difference(first, other).getbbox() is None


def test_a_stack_looks_the_same_on_every_point_of_its_kind() -> None:
    white = {2: 3, 4: 3, 24: 9}  # own points 2 and 4: bottom row, same triangle colour, home
    position = Position(
        tuple(white.get(p, 0) - (15 if p == 12 else 0) for p in range(1, 25)), (0, 0)
    )
    image = compose(position, BoardView())
    crops = [image.crop(g.point_box(*g.place(Color.WHITE, point))) for point in (2, 4)]
    assert ground(*g.place(Color.WHITE, 2), LONG) == ground(*g.place(Color.WHITE, 4), LONG)
    assert ImageChops.difference(*crops).getbbox() is None
