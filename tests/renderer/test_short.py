"""Short nardy boards (RULES.md §9), real renders probed at their geometry: the facing set-up and
numbering, the bar with its counts, hits and entering, the bear-off, the cube, the bar as a
highlighted source, every theme, and a whole random game rendered state by state."""

from __future__ import annotations

import io
from dataclasses import replace

import pytest
from PIL import Image, ImageChops

from nardy import Color
from nardy import Position as LongPosition
from nardy.scoring import EndReason, GameResult, ResultKind
from nardy.short import BAR, Cube, Position, ShortRules, Step, legal_turns, move
from nardy.short import Game as ShortGame
from nardy.short.variant import SHORT
from renderer import (
    CLASSIC,
    CONTRAST,
    THEMES,
    Banner,
    BoardView,
    CubeView,
    Dice,
    Highlight,
    Theme,
    TurnMarks,
    compose,
    render,
)
from renderer import geometry as g
from renderer.board import HOME_TINT
from renderer.game_view import game_view
from renderer.pieces import COUNT_SIZE
from renderer.samples import random_short_games
from tests.renderer.scenes import NAMES, TEXTS, short_board
from tests.renderer.test_probes import Box, changed_box, close, felt_pixel, inside

START = Position.start()
SETUP = {24: 2, 13: 5, 8: 3, 6: 5}  # §9, in each side's own numbering


def center(bottom: Color, color: Color, own: int, slot: int) -> tuple[int, int]:
    """Centre of `color`'s checker in stack slot `slot` on its own point `own`."""
    return g.checker_center(bottom, SHORT.to_absolute(color, own), slot, SHORT)


def box_round(at: tuple[int, int], radius: int) -> Box:
    x, y = at
    return x - radius, y - radius, x + radius, y + radius


def count_like(image: Image.Image, box: Box, color: tuple[int, int, int], tolerance: int) -> int:
    """How many pixels in `box` are within `tolerance` of `color`."""
    return sum(1 for p in image.crop(box).get_flattened_data() if close(p, color, tolerance))


def bar_label_box(top: bool, slot: int) -> Box:
    """The middle of a bar checker, where its count is written."""
    x, y = g.bar_center(top, slot)
    return x - 9, y - COUNT_SIZE // 2, x + 9, y + COUNT_SIZE // 2


@pytest.mark.parametrize("theme", list(THEMES.values()), ids=list(THEMES))
@pytest.mark.parametrize("bottom", list(Color))
def test_the_start_stands_on_each_side_own_setup_points(theme: Theme, bottom: Color) -> None:
    data = render(START, BoardView(bottom=bottom, theme=theme))
    image = Image.open(io.BytesIO(data)).convert("RGB")  # the real JPEG
    for color in Color:
        fill, other = theme.checkers[color].fill, theme.checkers[color.opponent].fill
        for own, n in SETUP.items():
            for slot in range(g.MAX_STACK):
                pixel = image.getpixel(center(bottom, color, own, slot))
                assert close(pixel, fill, 14) is (slot < n)
                assert slot >= n or not close(pixel, other, 60)
    # The side at the bottom has its point 1 bottom right; the side at the top has its own
    # point 1 top right: the sides face each other, both homes on the right.
    for color in Color:
        x, y = center(bottom, color, 1, 0)
        assert x > g.BAR_X and (y > g.MID_Y) is (color is bottom)
        x24, y24 = center(bottom, color, 24, 0)
        assert x24 > g.BAR_X and (y24 > g.MID_Y) is (color is not bottom)


@pytest.mark.parametrize("bottom", list(Color))
def test_the_top_side_home_is_tinted_top_right_not_top_left(bottom: Color) -> None:
    short = compose(START, BoardView(bottom=bottom))
    long = compose(LongPosition.start(), BoardView(bottom=bottom))
    felt = CLASSIC.felt
    owner_fill = CLASSIC.checkers[bottom.opponent].fill
    r, gr, b = (round(f + (o - f) * HOME_TINT) for f, o in zip(felt, owner_fill, strict=True))
    tint = (r, gr, b)
    assert close(felt_pixel(short, 9, True), tint, 3)  # top right: the top side's home
    assert close(felt_pixel(short, 2, True), felt, 3)
    assert close(felt_pixel(long, 2, True), tint, 3)  # long nardy: top left
    for image in (short, long):  # the bottom side's home, bottom right, in both games
        assert not close(felt_pixel(image, 9, False), felt, 2)
        assert close(felt_pixel(image, 2, False), felt, 3)


def test_no_heads_are_marked_on_a_short_frame() -> None:
    image = compose(START, BoardView(theme=CONTRAST))
    for column, top in ((11, True), (0, False)):  # where long nardy marks its heads
        x = g.column_left(column) + g.POINT_W // 2
        y = g.INNER_TOP - 5 if top else g.INNER_BOTTOM + 4
        assert close(image.getpixel((x, y)), CONTRAST.frame, 4)


def number_box(column: int, top: bool) -> Box:
    x, y = g.number_center(column, top)
    return x - 22, y - 12, x + 22, y + 12


def test_point_numbers_run_the_way_each_side_counts() -> None:
    """On a plain frame (no wood grain) the label "1" looks the same wherever it is: the side
    at the bottom reads its 1 bottom right, the side at the top its 1 top right."""
    theme = CONTRAST
    as_white = compose(START, BoardView(theme=theme, numbering=Color.WHITE))
    as_black = compose(START, BoardView(theme=theme, numbering=Color.BLACK))
    long_black = compose(LongPosition.start(), BoardView(theme=theme, numbering=Color.BLACK))
    one = as_white.crop(number_box(11, False))
    assert changed_box(one, as_black.crop(number_box(11, True))) is None
    assert changed_box(one, long_black.crop(number_box(11, True))) is not None  # long: 12
    twenty_four = as_white.crop(number_box(11, True))
    assert changed_box(twenty_four, as_black.crop(number_box(11, False))) is None
    assert changed_box(one, twenty_four) is not None
    field = (0, g.INNER_TOP, g.WIDTH, g.INNER_BOTTOM)
    assert changed_box(as_white.crop(field), as_black.crop(field)) is None


@pytest.mark.parametrize("bottom", list(Color))
def test_checkers_on_the_bar_wait_on_their_half_with_a_count_past_one(bottom: Color) -> None:
    position = short_board(
        white={6: 4, 13: 5, 8: 3, 24: 2}, black={6: 5, 13: 5, 8: 3, 24: 2}, bar=(1, 0)
    )
    many = short_board(white={6: 5, 13: 5, 8: 3, 24: 2}, black={6: 1, 13: 5}, bar=(0, 9))
    theme = CLASSIC
    one_image, many_image = (compose(p, BoardView(bottom=bottom)) for p in (position, many))
    white, black = (style.fill for style in theme.checkers)
    # A side waits on the half of the bar next to where it enters: the bottom side's on top.
    white_top, black_top = Color.WHITE is bottom, Color.BLACK is bottom
    assert close(one_image.getpixel(g.bar_center(white_top, 0)), white, 10)
    assert close(one_image.getpixel(g.bar_center(white_top, 1)), theme.bar, 10)
    assert close(one_image.getpixel(g.bar_center(black_top, 0)), theme.bar, 10)
    for slot in range(g.BAR_SHOWN + 1):
        x, y = g.bar_center(black_top, slot)
        assert close(many_image.getpixel((x - 12, y)), black, 10) is (slot < g.BAR_SHOWN)
    label = theme.checkers[Color.BLACK].label
    assert count_like(many_image, bar_label_box(black_top, g.BAR_SHOWN - 1), label, 40) > 30
    white_label = theme.checkers[Color.WHITE].label
    assert count_like(one_image, bar_label_box(white_top, 0), white_label, 40) == 0


def drawn_size(with_it: Position, without: Position) -> tuple[int, int]:
    """The width and height of White's checker face (its fill colour) where `with_it` draws
    White's checker that `without` does not."""
    field = (g.FIELD_LEFT, g.INNER_TOP, g.FIELD_RIGHT, g.INNER_BOTTOM)
    a, b = (compose(p, BoardView()).crop(field) for p in (with_it, without))
    changed = ImageChops.difference(a, b).convert("L").point(lambda v: 255 if v else 0)
    face = Image.new("RGB", a.size, CLASSIC.checkers[Color.WHITE].fill)
    like = ImageChops.difference(a, face).convert("L").point(lambda v: 255 if v <= 12 else 0)
    drawn = ImageChops.multiply(changed, like).getbbox()
    assert drawn is not None
    left, upper, right, lower = drawn
    return right - left, lower - upper


def test_a_checker_on_the_bar_is_drawn_as_big_as_a_point_checker() -> None:
    """Being hit is seen at once: the checker waiting on the bar is a point's checker, not a
    smaller one (issue 53)."""
    white, black = {6: 5, 13: 5, 8: 3}, {6: 5, 13: 5, 8: 3, 24: 2}
    rest = short_board(white=white, black=black)  # the other two borne off
    on_bar = drawn_size(short_board(white=white, black=black, bar=(1, 0)), rest)
    on_point = drawn_size(short_board(white={**white, 3: 1}, black=black), rest)
    assert on_bar == on_point
    assert on_point[0] > g.CHECKER * 4 // 5  # a face, not a rim


def test_two_on_the_bar_show_two_checkers_and_the_count_on_the_outer_one() -> None:
    two = short_board(white={6: 5, 13: 5, 8: 3}, black={6: 5, 13: 5, 8: 3, 24: 2}, bar=(2, 0))
    three = short_board(white={6: 5, 13: 5, 8: 2}, black={6: 5, 13: 5, 8: 3, 24: 2}, bar=(3, 0))
    a, b = compose(two, BoardView()), compose(three, BoardView())
    label = CLASSIC.checkers[Color.WHITE].label
    assert count_like(a, bar_label_box(True, 1), label, 40) > 20
    assert count_like(a, bar_label_box(True, 0), label, 40) == 0
    assert count_like(b, bar_label_box(True, 2), label, 40) > 20


def test_a_hit_sends_the_blot_to_the_bar_and_marks_only_the_mover() -> None:
    """White 8/5* with a 3 hits Black's blot on White's 5 (Black's 20): the blot waits on
    Black's half of the bar; the mover's ghost and arrival are marked, the hit is not."""
    before = short_board(white={8: 3, 6: 5, 13: 5, 24: 2}, black={20: 1, 6: 4, 13: 5, 8: 3, 24: 2})
    played = (Step(8, 3),)
    assert legal_turns(before, (3, 3)).next_steps(played)  # a legal first step of 3-3
    after = move(before, played)
    assert after.bar == (0, 1)
    marks = TurnMarks(Color.WHITE, played)
    plain = compose(after, BoardView())
    marked = compose(after, BoardView(last_turn=marks))
    black = CLASSIC.checkers[Color.BLACK].fill
    assert close(plain.getpixel(g.bar_center(False, 0)), black, 10)  # Black is at the top
    changed = changed_box(plain.crop(g.BOARD), marked.crop(g.BOARD))
    assert changed is not None
    for at, expected in (
        (center(Color.WHITE, Color.WHITE, 8, 2), True),  # the ghost above the two left
        (center(Color.WHITE, Color.WHITE, 5, 0), True),  # the arrival's dot
        (g.bar_center(False, 0), False),  # the hit checker: no mark
    ):
        region = box_round(at, g.CHECKER // 2)
        assert (changed_box(plain.crop(region), marked.crop(region)) is not None) is expected


def test_entering_from_the_bar_leaves_a_ghost_on_the_bar() -> None:
    before = short_board(white={6: 5, 13: 5, 8: 3, 24: 1}, black={6: 5, 13: 5, 8: 3}, bar=(1, 2))
    played = (Step(BAR, 3),)  # bar/22
    after = move(before, played)
    plain = compose(after, BoardView())
    marked = compose(after, BoardView(last_turn=TurnMarks(Color.WHITE, played)))
    ghost = box_round(g.bar_center(True, 0), g.CHECKER // 2 + 6)
    assert changed_box(plain.crop(ghost), marked.crop(ghost)) is not None
    arrived = box_round(center(Color.WHITE, Color.WHITE, 22, 0), g.CHECKER // 2)
    assert changed_box(plain.crop(arrived), marked.crop(arrived)) is not None
    outside = (g.BAR_LEFT, g.MID_TOP + g.MID, g.BAR_LEFT + g.BAR, g.INNER_BOTTOM)
    assert changed_box(plain.crop(outside), marked.crop(outside)) is None  # Black's half


def test_borne_off_checkers_fill_the_tray_beside_each_home() -> None:
    position = short_board(white={1: 5}, black={3: 3})  # 10 White off, 12 Black off
    image = compose(position, BoardView())
    white, black = (style.fill for style in CLASSIC.checkers)
    for top, off, fill in ((False, 10, white), (True, 12, black)):
        for index in range(14):
            left, upper, right, lower = g.slice_box(top, index)
            pixel = image.getpixel(((left + right) // 2, (upper + lower) // 2))
            assert close(pixel, fill, 10) is (index < off)
    lit = compose(position, BoardView(highlight=Highlight(frozenset({1}), 1, frozenset({0}))))
    assert changed_box(image.crop(g.tray_box(False)), lit.crop(g.tray_box(False))) is not None
    assert changed_box(image.crop(g.tray_box(True)), lit.crop(g.tray_box(True))) is None


def cube_box(center_at: tuple[int, int], side: int = g.CUBE) -> Box:
    return box_round(center_at, side // 2 + 2)


@pytest.mark.parametrize("bottom", list(Color))
def test_the_cube_sits_in_the_middle_or_at_its_owner_end(bottom: Color) -> None:
    plain = compose(START, BoardView(bottom=bottom))
    places = {None: g.cube_center(None), bottom: g.cube_center(False)}
    places[bottom.opponent] = g.cube_center(True)
    for owner, at in places.items():
        image = compose(
            START, BoardView(bottom=bottom, cube=CubeView(1 if owner is None else 2, owner))
        )
        changed = changed_box(plain, image)
        assert changed is not None and inside(changed, cube_box(at))
        x, y = at
        assert close(image.getpixel((x - g.CUBE // 2 + 3, y)), CLASSIC.cube, 12)
    top_y, bottom_y = g.cube_center(True)[1], g.cube_center(False)[1]
    assert top_y < g.MID_TOP and bottom_y > g.MID_TOP + g.MID  # on the owner's half


def test_a_cube_in_the_middle_shows_64_and_an_owned_one_its_value() -> None:
    def cube_crop(cube: CubeView) -> Image.Image:
        at = g.cube_center(None if cube.owner is None else cube.owner is not Color.WHITE)
        return compose(START, BoardView(cube=cube)).crop(cube_box(at))

    assert changed_box(cube_crop(CubeView(1)), cube_crop(CubeView(64))) is None
    assert changed_box(cube_crop(CubeView(1)), cube_crop(CubeView(2))) is not None
    two, four = cube_crop(CubeView(2, Color.WHITE)), cube_crop(CubeView(4, Color.WHITE))
    assert changed_box(two, four) is not None
    assert count_like(two, (0, 0, two.width, two.height), CLASSIC.cube_text, 60) > 20


def finished_with(cube: Cube) -> ShortGame:
    """A game played with the cube, which White won by Black's resignation at `cube`."""
    won = GameResult(Color.WHITE, ResultKind.OYN, cube.value, EndReason.RESIGNED)
    return replace(ShortGame(ShortRules(cube=True)), cube=cube, result=won)


def overlaps(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@pytest.mark.parametrize("owner", [Color.WHITE, Color.BLACK, None])
def test_a_finished_game_still_shows_its_cube_clear_of_the_banner(owner: Color | None) -> None:
    """The final picture keeps the stake the caption tells ("Cube: 4, yours"): the cube at
    its owner's end of the bar, or, nobody's, in the middle band right of the banner."""
    value = 1 if owner is None else 4
    end = Banner(Color.WHITE, "Game over", f"Алиса won: single game, {value} points.")
    position, view = game_view(finished_with(Cube(value, owner)), BoardView(banner=end))
    assert view.banner is end and view.cube == CubeView(value, owner)
    top = None if owner is None else owner is Color.BLACK  # White at the bottom
    at = cube_box(g.cube_center(top, beside_banner=True))
    changed = changed_box(compose(position, replace(view, cube=None)), compose(position, view))
    assert changed is not None and inside(changed, at)
    assert not overlaps(at, g.BANNER) and inside(at, (g.FIELD_LEFT, 0, g.FIELD_RIGHT, g.HEIGHT))


def test_a_double_not_answered_before_the_end_shows_the_cube_as_it_stood() -> None:
    """Resigning instead of answering a double: the cube stays at its value, no offer shown."""
    game = ShortGame(ShortRules(cube=True)).double().resign(Color.BLACK)
    _, view = game_view(game, BoardView())
    assert view.cube == CubeView(1, None, offered=False)


@pytest.mark.parametrize("to_move", list(Color))
def test_an_offered_cube_stands_doubled_and_ringed_on_the_half_of_the_side_asked(
    to_move: Color,
) -> None:
    position = START if to_move is Color.WHITE else START.with_turn_passed()
    plain = compose(position, BoardView())
    offered = compose(position, BoardView(cube=CubeView(2, to_move, offered=True)))
    x, y = g.dice_origin(1, mover_at_bottom=to_move is not Color.WHITE)
    region = (x - 2, y - 2, x + g.DIE + 2, y + g.DIE + 2)
    changed = changed_box(plain, offered)
    assert changed is not None and inside(changed, region)
    assert count_like(offered, region, CLASSIC.selected, 40) > 40  # the ring
    # The doubled value: offering at 2 shows what a cube owned at 4 shows, in a bigger font.
    offered_four = compose(position, BoardView(cube=CubeView(4, to_move, offered=True)))
    assert changed_box(offered.crop(region), offered_four.crop(region)) is not None
    # The side asked is not the one to move: its dice half, not the mover's.
    assert (x > g.BAR_X) is (to_move is Color.BLACK)


@pytest.mark.parametrize("bottom", list(Color))
def test_the_bar_is_a_highlighted_source_with_its_own_rings(bottom: Color) -> None:
    position = short_board(white={6: 5, 13: 5, 8: 3}, black={6: 5, 13: 5, 8: 3, 24: 2}, bar=(2, 0))
    top = Color.WHITE is bottom
    outer = g.bar_center(top, 1)
    plain = compose(position, BoardView(bottom=bottom))
    movable = compose(position, BoardView(bottom=bottom, highlight=Highlight(frozenset({BAR}))))
    selected = compose(
        position,
        BoardView(bottom=bottom, highlight=Highlight(frozenset({BAR}), BAR, frozenset({22}))),
    )
    ring = box_round(outer, g.CHECKER // 2 + 8)
    changed = changed_box(plain, movable)
    assert changed is not None and inside(changed, ring)
    assert count_like(movable, ring, CLASSIC.movable, 40) > 20
    assert count_like(selected, ring, CLASSIC.selected, 40) > 20
    target = box_round(center(bottom, Color.WHITE, 22, 0), g.CHECKER // 2 + 6)
    assert changed_box(plain.crop(target), selected.crop(target)) is not None


def test_strips_show_short_pips_and_the_last_turn_in_the_reader_numbers() -> None:
    position = short_board(white={6: 5, 13: 5, 8: 3}, black={6: 5, 13: 5, 8: 3, 24: 2}, bar=(2, 0))
    assert position.pip_count(Color.WHITE) == 6 * 5 + 13 * 5 + 8 * 3 + 25 * 2
    start = compose(START, BoardView(names=NAMES, texts=TEXTS))
    hit = compose(position, BoardView(names=NAMES, texts=TEXTS))
    white_strip, black_strip = g.strip_box(False), g.strip_box(True)
    assert changed_box(start.crop(white_strip), hit.crop(white_strip)) is not None  # 167 -> 169
    assert changed_box(start.crop(black_strip), hit.crop(black_strip)) is None
    turn = TurnMarks(Color.BLACK, (Step(BAR, 3), Step(13, 5)))
    as_white = compose(position, BoardView(numbering=Color.WHITE, last_turn=turn))
    as_black = compose(position, BoardView(numbering=Color.BLACK, last_turn=turn))
    assert changed_box(as_white.crop(black_strip), as_black.crop(black_strip)) is not None


def test_dice_and_the_side_to_move_work_as_in_the_long_game() -> None:
    plain = compose(START, BoardView())
    rolled = compose(START, BoardView(dice=Dice((6, 5))))
    x, y = g.dice_origin(2, mover_at_bottom=True)
    changed = changed_box(plain, rolled)
    assert changed is not None and inside(changed, (x, y, x + 3 * g.DIE, y + g.DIE))


def test_a_long_and_a_short_board_differ_only_where_the_games_differ() -> None:
    """The same theme and view: frame, strips and the bottom side's quarters are shared."""
    long = compose(LongPosition(tuple([0] * 24), (15, 15), Color.WHITE), BoardView())
    short = compose(Position(tuple([0] * 24), (0, 0), (15, 15)), BoardView())
    bottom_right = (g.column_left(6), g.MID_TOP + g.MID, g.FIELD_RIGHT, g.INNER_BOTTOM)
    assert changed_box(long.crop(bottom_right), short.crop(bottom_right)) is None
    assert changed_box(long.crop(g.strip_box(True)), short.crop(g.strip_box(True))) is None
    top_left = (g.FIELD_LEFT, g.INNER_TOP, g.column_left(6) - g.BAR, g.MID_TOP)
    assert changed_box(long.crop(top_left), short.crop(top_left)) is not None  # long's home


@pytest.mark.parametrize("seed", [1, 2])
def test_every_state_and_step_of_a_random_short_game_renders(seed: int) -> None:
    themes = list(THEMES.values())
    renders = bar_picks = 0
    for states in random_short_games(1, seed):
        assert states[-1].over
        for index, state in enumerate(states):
            base = BoardView(
                bottom=Color(index % 2), theme=themes[index % len(themes)], names=NAMES, texts=TEXTS
            )
            game = state
            while True:
                steps = () if game.over or game.dice is None else game.next_steps()
                position, view = game_view(game, base, steps[0].src if steps else None)
                bar_picks += view.highlight.selected == BAR
                assert view.cube is not None  # the cube is on, at the end too
                assert compose(position, view).size == (g.WIDTH, g.HEIGHT)
                renders += 1
                if not steps:
                    break
                game = game.play_step(steps[-1])
    assert renders > 100
    assert bar_picks > 0  # checkers entered from the bar along the way


def test_a_picked_bar_checker_shows_every_point_it_may_enter() -> None:
    states = random_short_games(1, 4)[0]
    waiting = next(s for s in states if not s.over and s.position.bar[s.to_move])
    _, view = game_view(waiting, BoardView(), BAR)
    entries = {step.dst for step in waiting.next_steps() if step.src == BAR}
    assert view.highlight.movable == {BAR}
    assert entries and entries <= view.highlight.targets
    assert all(19 <= dst <= 24 for dst in entries)  # into the opponent's home (§9)
