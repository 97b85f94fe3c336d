"""Pixel probes: the right checker at the right place in both orientations, and every mark
(highlight, stack count, used die, last turn, names) changing the pixels it should."""

from __future__ import annotations

import io
from dataclasses import replace

import pytest
from PIL import Image, ImageChops

from nardy import Color, Position, Step
from renderer import (
    CLASSIC,
    CONTRAST,
    BoardView,
    Dice,
    Highlight,
    TurnMarks,
    compose,
    panels,
    render,
)
from renderer import geometry as g
from renderer.fonts import text_mask
from renderer.pieces import COUNT_SIZE
from renderer.theme import RGB, Theme
from tests.renderer.scenes import NAMES, TEXTS, board

Box = tuple[int, int, int, int]


def close(pixel: tuple[int, ...] | float | None, color: RGB, tolerance: int) -> bool:
    assert isinstance(pixel, tuple)
    return all(abs(a - b) <= tolerance for a, b in zip(pixel, color, strict=True))


def checker_box(bottom: Color, absolute: int, slot: int) -> Box:
    x, y = g.checker_center(bottom, absolute, slot)
    r = g.CHECKER // 2 + 8
    return x - r, y - r, x + r, y + r


def changed_box(a: Image.Image, b: Image.Image) -> Box | None:
    return ImageChops.difference(a, b).getbbox()


def inside(inner: Box, outer: Box) -> bool:
    return (
        outer[0] <= inner[0]
        and outer[1] <= inner[1]
        and inner[2] <= outer[2]
        and inner[3] <= outer[3]
    )


# White's own point 1 (absolute 1) and Black's own point 1 (absolute 13).
ONE_EACH = board(white={1: 1, 24: 14}, black={13: 1, 12: 14})


@pytest.mark.parametrize("theme", [CLASSIC, CONTRAST])
def test_checker_colours_sit_on_the_expected_quarter_for_both_orientations(theme: Theme) -> None:
    for bottom in Color:
        view = BoardView(bottom=bottom, theme=theme)
        image = Image.open(io.BytesIO(render(ONE_EACH, view))).convert("RGB")  # real JPEG
        for color, absolute in ((Color.WHITE, 1), (Color.BLACK, 13)):
            x, y = g.checker_center(bottom, absolute, 0)
            fill = view.theme.checkers[color].fill
            assert close(image.getpixel((x, y)), fill, 12)
            other = view.theme.checkers[color.opponent].fill
            assert not close(image.getpixel((x, y)), other, 60)
            # A side's own point 1 is at the bottom right when that side is at the bottom,
            # and at the top left when it is at the top.
            at_bottom_right = x > g.WIDTH // 2 and y > g.HEIGHT // 2
            at_top_left = x < g.WIDTH // 2 and y < g.HEIGHT // 2
            assert (at_bottom_right, at_top_left) == (color is bottom, color is not bottom)


def test_an_empty_point_shows_no_checker() -> None:
    image = compose(ONE_EACH, BoardView())
    x, y = g.checker_center(Color.WHITE, 2, 0)
    for style in CLASSIC.checkers:
        assert not close(image.getpixel((x, y)), style.fill, 30)


def test_stacks_grow_from_the_frame_towards_the_middle() -> None:
    position = board(white={6: 3, 24: 12}, black={18: 2, 12: 13})
    image = compose(position, BoardView())
    white, black = (style.fill for style in CLASSIC.checkers)
    for absolute, n, fill in ((6, 3, white), (18, 2, black)):
        for slot in range(g.MAX_STACK):
            pixel = image.getpixel(g.checker_center(Color.WHITE, absolute, slot))
            assert close(pixel, fill, 8) is (slot < n)


def test_point_numbers_follow_the_numbering_side() -> None:
    as_white = compose(Position.start(), BoardView(numbering=Color.WHITE))
    as_black = compose(Position.start(), BoardView(numbering=Color.BLACK))
    top_frame = (g.BOARD[0], g.STRIP, g.BOARD[2], g.INNER_TOP)
    bottom_frame = (g.BOARD[0], g.INNER_BOTTOM, g.BOARD[2], g.BOARD[3])
    field = (0, g.INNER_TOP, g.WIDTH, g.INNER_BOTTOM)
    for frame in (top_frame, bottom_frame):
        assert changed_box(as_white.crop(frame), as_black.crop(frame)) is not None
    assert changed_box(as_white.crop(field), as_black.crop(field)) is None
    default = compose(Position.start(), BoardView())  # the side to move: White
    assert changed_box(default, as_white) is None


@pytest.mark.parametrize(
    "highlight",
    [
        Highlight(movable=frozenset({24})),
        Highlight(movable=frozenset({24}), selected=24),
    ],
)
def test_a_highlighted_point_differs_from_a_plain_one_only_round_its_checker(
    highlight: Highlight,
) -> None:
    plain = compose(Position.start(), BoardView())
    lit = compose(Position.start(), BoardView(highlight=highlight))
    top_slot = g.MAX_STACK - 1
    changed = changed_box(plain, lit)
    assert changed is not None
    assert inside(changed, checker_box(Color.WHITE, 24, top_slot))


def test_selected_ring_differs_from_movable_ring() -> None:
    movable = compose(Position.start(), BoardView(highlight=Highlight(frozenset({24}))))
    selected = compose(Position.start(), BoardView(highlight=Highlight(frozenset({24}), 24)))
    assert changed_box(movable, selected) is not None


def test_targets_are_marked_where_the_checker_would_land() -> None:
    plain = compose(Position.start(), BoardView())
    lit = compose(Position.start(), BoardView(highlight=Highlight(targets=frozenset({18}))))
    changed = changed_box(plain, lit)
    assert changed is not None
    assert inside(changed, checker_box(Color.WHITE, 18, 0))


def test_bear_off_target_marks_the_mover_tray() -> None:
    position = board(white={1: 5}, black={13: 15})
    plain = compose(position, BoardView())
    lit = compose(position, BoardView(highlight=Highlight(frozenset({1}), 1, frozenset({0}))))
    changed = changed_box(plain.crop(g.tray_box(top=False)), lit.crop(g.tray_box(top=False)))
    assert changed is not None
    assert changed_box(plain.crop(g.tray_box(top=True)), lit.crop(g.tray_box(top=True))) is None


def test_a_stack_taller_than_fits_shows_its_count_on_the_top_checker() -> None:
    five = board(white={24: 5, 1: 10}, black={12: 15})
    fifteen = board(white={24: 15}, black={12: 15})
    top = checker_box(Color.WHITE, 24, g.MAX_STACK - 1)
    a, b = compose(five, BoardView()).crop(top), compose(fifteen, BoardView()).crop(top)
    assert changed_box(a, b) is not None
    label = CLASSIC.checkers[Color.WHITE].label
    x, y = g.checker_center(Color.WHITE, 24, g.MAX_STACK - 1)
    count = compose(fifteen, BoardView()).crop((x - 20, y - 16, x + 20, y + 16))
    dark = sum(1 for pixel in count.get_flattened_data() if close(pixel, label, 40))
    assert dark > 60  # the strokes of "15"
    plain = compose(five, BoardView()).crop((x - 20, y - 16, x + 20, y + 16))
    assert not any(close(pixel, label, 40) for pixel in plain.get_flattened_data())


def count_ink(center: tuple[int, int], n: int) -> Box:
    """Where the strokes of a stack's count `n` are drawn on its top checker at `center`."""
    mask = text_mask(str(n), COUNT_SIZE, True)
    ink = mask.getbbox()
    assert ink is not None
    left, upper = center[0] - mask.width // 2, center[1] - mask.height // 2
    return left + ink[0], upper + ink[1], left + ink[2], upper + ink[3]


@pytest.mark.parametrize("bottom", list(Color))
@pytest.mark.parametrize(
    ("white", "point"),
    [({19: 11, 24: 4}, 19), ({24: 7, 19: 1, 1: 7}, 24)],
    ids=["arrived", "left"],
)
def test_the_last_turn_marks_leave_a_stack_count_readable(
    bottom: Color, white: dict[int, int], point: int
) -> None:
    """24/19 onto a stack of 11 (its dot), or from a stack left at 7 (its hollow mark): the
    mark on the top checker leaves every stroke of the stack's count as it was."""
    position = board(white=white, black={12: 15})
    turn = TurnMarks(Color.WHITE, (Step(24, 5),))
    plain = compose(position, BoardView(bottom=bottom))
    marked = compose(position, BoardView(bottom=bottom, last_turn=turn))
    checker = checker_box(bottom, point, g.MAX_STACK - 1)
    assert changed_box(plain.crop(checker), marked.crop(checker)) is not None  # marked
    ink = count_ink(g.checker_center(bottom, point, g.MAX_STACK - 1), white[point])
    assert changed_box(plain.crop(ink), marked.crop(ink)) is None


def test_borne_off_checkers_fill_the_tray() -> None:
    position = board(white={1: 5}, black={13: 12})  # 10 White off, 3 Black off
    image = compose(position, BoardView())
    white, black = (style.fill for style in CLASSIC.checkers)
    for top, off, fill in ((False, 10, white), (True, 3, black)):
        for index in range(12):
            left, upper, right, lower = g.slice_box(top, index)
            pixel = image.getpixel(((left + right) // 2, (upper + lower) // 2))
            assert close(pixel, fill, 10) is (index < off)


def test_used_dice_are_faded_and_dice_sit_on_the_mover_side() -> None:
    fresh = compose(Position.start(), BoardView(dice=Dice((6, 5))))
    used = compose(Position.start(), BoardView(dice=Dice((6, 5), used=(6,))))
    x, y = g.dice_origin(2, mover_at_bottom=True)
    first = (x, y, x + g.DIE, y + g.DIE)
    second = (x + g.DIE + g.DIE // 3, y, x + 2 * g.DIE + g.DIE // 3, y + g.DIE)
    assert changed_box(fresh.crop(first), used.crop(first)) is not None
    assert changed_box(fresh.crop(second), used.crop(second)) is None
    assert x > g.column_left(6)  # the side at the bottom moves: right half
    assert g.dice_origin(2, mover_at_bottom=False)[0] < g.column_left(6)


def test_a_double_shows_four_dice() -> None:
    image = compose(Position.start(), BoardView(dice=Dice((4, 4))))
    x, y = g.dice_origin(4, mover_at_bottom=True)
    fill = CLASSIC.checkers[Color.WHITE].fill
    for index in range(4):
        corner = (x + index * (g.DIE + g.DIE // 3) + 8, y + g.DIE // 2)
        assert close(image.getpixel(corner), fill, 10)


def test_last_turn_marks_where_checkers_left_and_arrived_net_of_chains() -> None:
    position = board(white={24: 3, 13: 1, 1: 11}, black={12: 15})
    turn = TurnMarks(Color.WHITE, (Step(24, 6), Step(18, 5)))  # 24/18 18/13
    plain = compose(position, BoardView())
    marked = compose(position, BoardView(last_turn=turn))
    board_only = (0, g.INNER_TOP, g.WIDTH, g.INNER_BOTTOM)
    changed = changed_box(plain.crop(board_only), marked.crop(board_only))
    assert changed is not None
    ghost = checker_box(Color.WHITE, 24, 3)  # the slot above the three left on 24
    arrived = checker_box(Color.WHITE, 13, 0)
    passed = checker_box(Color.WHITE, 18, 0)
    for box, expected in ((ghost, True), (arrived, True), (passed, False)):
        assert (changed_box(plain.crop(box), marked.crop(box)) is not None) is expected


def test_the_last_turn_is_written_in_the_numbers_that_label_the_picture() -> None:
    """White's 24/18 18/13 on a board numbered for Black reads 12/6 6/1 (RULES.md §1), as
    White's own 12/6 6/1 does on a board numbered for White: every text beside a picture uses
    the numbers drawn on it."""
    position = replace(board(white={24: 3, 13: 1, 1: 11}, black={12: 15}), to_move=Color.BLACK)
    strip = g.strip_box(top=False)  # White's, at the bottom

    def drawn(numbering: Color, steps: tuple[Step, ...]) -> Image.Image:
        turn = TurnMarks(Color.WHITE, steps)
        return compose(position, BoardView(numbering=numbering, last_turn=turn, texts=TEXTS)).crop(
            strip
        )

    as_black = drawn(Color.BLACK, (Step(24, 6), Step(18, 5)))
    assert changed_box(as_black, drawn(Color.WHITE, (Step(12, 6), Step(6, 5)))) is None
    assert changed_box(as_black, drawn(Color.WHITE, (Step(24, 6), Step(18, 5)))) is not None


@pytest.mark.parametrize(
    "name",
    [
        "x" * 300,
        "🎲🔥🤖",  # nothing the font can draw
        "שרה ⚀ Sara عبد الله",  # right to left, mixed
        "Ａｌｉｃｅ\u200d\u202e\n\tЖ" * 20,  # wide forms, joiners, a bidi override, controls
    ],
)
def test_any_name_renders_and_stays_inside_its_room(name: str) -> None:
    no_status = replace(TEXTS, status="")
    plain = compose(Position.start(), BoardView(texts=no_status))
    named = compose(Position.start(), BoardView(names=(name, name), texts=no_status))
    name_left = panels.NAME_LEFT
    for top in (True, False):
        strip = g.strip_box(top)
        changed = changed_box(plain.crop(strip), named.crop(strip))
        assert (
            changed is None
            or name_left <= changed[0] <= changed[2] <= name_left + panels.NAME_WIDTH
        )


def test_cyrillic_and_latin_names_are_drawn() -> None:
    plain = compose(Position.start(), BoardView())
    named = compose(Position.start(), BoardView(names=NAMES))
    for top in (True, False):
        strip = g.strip_box(top)
        assert changed_box(plain.crop(strip), named.crop(strip)) is not None


def test_status_is_shown_beside_the_side_to_move_only() -> None:
    plain = compose(Position.start(), BoardView(names=NAMES))
    status = compose(Position.start(), BoardView(names=NAMES, texts=replace(TEXTS, pips="")))
    with_status = compose(Position.start(), BoardView(names=NAMES, texts=TEXTS))
    white_strip, black_strip = g.strip_box(top=False), g.strip_box(top=True)
    assert changed_box(status.crop(white_strip), with_status.crop(white_strip)) is not None
    assert changed_box(plain.crop(black_strip), status.crop(black_strip)) is None


def test_status_goes_beside_the_side_the_game_waits_for() -> None:
    """A double offered waits for the other side's answer (`BoardView.acting`), not the mover."""
    quiet, told = replace(TEXTS, pips="", status=""), replace(TEXTS, pips="")
    for acting in Color:
        plain = compose(Position.start(), BoardView(names=NAMES, texts=quiet, acting=acting))
        shown = compose(Position.start(), BoardView(names=NAMES, texts=told, acting=acting))
        for color in Color:
            strip = g.strip_box(top=color is Color.BLACK)  # White at the bottom
            assert (changed_box(plain.crop(strip), shown.crop(strip)) is not None) is (
                color is acting
            )


def felt_pixel(image: Image.Image, column: int, top: bool) -> tuple[int, ...]:
    """A pixel of bare felt beside the narrow end of a triangle."""
    y = g.MID_TOP - 20 if top else g.MID_TOP + g.MID + 20
    pixel = image.getpixel((g.column_left(column) + 10, y))
    assert isinstance(pixel, tuple)
    return pixel


@pytest.mark.parametrize("bottom", list(Color))
def test_homes_are_subtly_tinted_towards_their_owner_colour(bottom: Color) -> None:
    image = compose(Position.start(), BoardView(bottom=bottom))
    felt = CLASSIC.felt
    # Bottom right is the home of the side at the bottom, top left that of the other side.
    for column, top, owner in ((9, False, bottom), (2, True, bottom.opponent)):
        home = felt_pixel(image, column, top)
        plain = felt_pixel(image, 11 - column, top)
        assert close(plain, felt, 2)
        assert not close(home, felt, 2) and close(home, felt, 40)
        owner_fill = CLASSIC.checkers[owner].fill
        assert sum(abs(a - b) for a, b in zip(home, owner_fill, strict=True)) < sum(
            abs(a - b) for a, b in zip(felt, owner_fill, strict=True)
        )


@pytest.mark.parametrize("bottom", list(Color))
def test_each_head_is_marked_on_the_frame_in_its_owner_colour(bottom: Color) -> None:
    image = compose(Position.start(), BoardView(bottom=bottom))
    for absolute, color in ((24, Color.WHITE), (12, Color.BLACK)):
        column, top = g.place(bottom, absolute)
        x = g.column_left(column) + g.POINT_W // 2
        y = g.INNER_TOP - 3 if top else g.INNER_BOTTOM + 3
        assert close(image.getpixel((x, y)), CLASSIC.checkers[color].fill, 30)
        assert (column, top) == ((11, True) if color is bottom else (0, False))
