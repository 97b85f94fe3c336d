"""The strips' status and the end banner (issue 53): a text too long for one line is made a
little smaller or broken onto lines, never cut, and is drawn inside its room."""

from __future__ import annotations

from dataclasses import replace

from nardy import Color, Position
from renderer import Banner, BoardView, compose, panels
from renderer import geometry as g
from tests.renderer.scenes import END, TEXTS
from tests.renderer.test_probes import changed_box, inside

LONG_NAME = "Константин Константинопольский"


def test_the_banner_writes_every_line_whole_inside_its_panel() -> None:
    """The result once cut ("The bot won: backgammon, 3 points." needs 448 px of 432), a
    score naming two long names: whole, and drawn within the panel beside the checker."""
    end = Banner(
        Color.BLACK,
        "Game over",
        "The bot won: backgammon, 3 points.",
        f"The match to 7 ends here: {LONG_NAME} 6, {LONG_NAME} 5.",
    )
    title, result, score = panels.banner_text(end)
    assert not (title.cut or result.cut or score.cut)
    assert result.lines == (end.result,) and len(score.lines) > 1
    blank = compose(END, BoardView(banner=Banner(Color.BLACK, "")))
    written = compose(END, BoardView(banner=end))
    changed = changed_box(blank, written)
    left, upper, right, lower = g.BANNER
    assert changed is not None
    assert inside(changed, (left + panels.BANNER_PAD + g.CHECKER, upper, right, lower))


def test_a_long_status_beside_a_long_name_is_broken_not_cut() -> None:
    status = "відповідайте на подвоєння"  # 258 px at 18 where 195 are left
    laid_out = panels.status_text(LONG_NAME, status)
    assert not laid_out.cut and " ".join(laid_out.lines) == status
    assert laid_out.height <= g.STRIP
    view = BoardView(names=(LONG_NAME, LONG_NAME), texts=replace(TEXTS, status=""))
    plain = compose(Position.start(), view)
    shown = compose(Position.start(), replace(view, texts=replace(TEXTS, status=status)))
    strip = g.strip_box(top=False)  # White's, to move
    changed = changed_box(plain.crop(strip), shown.crop(strip))
    assert changed is not None and changed[2] <= panels.STATUS_RIGHT
    assert changed[1] > 0 and changed[3] < g.STRIP  # inside the strip, clear of its edges
