"""Shipped fonts: present with their licence, Cyrillic drawn, undrawable characters dropped,
a long line shortened to its room, a paragraph broken and made smaller to fit its box."""

from __future__ import annotations

from renderer.fonts import (
    ELLIPSIS,
    FONT_DIR,
    SMALLEST,
    Paragraph,
    coverage,
    fit,
    font,
    paragraph,
    printable,
    text_mask,
)

BOX = (432, 58)  # the end banner's room for its result line: two lines of 24 px


def test_fonts_ship_with_their_licence() -> None:
    assert (FONT_DIR / "DejaVuSans.ttf").is_file()
    assert (FONT_DIR / "DejaVuSans-Bold.ttf").is_file()
    assert "Bitstream" in (FONT_DIR / "LICENSE").read_text()


def test_cyrillic_ukrainian_and_latin_letters_are_covered() -> None:
    for bold in (False, True):
        letters = "АБВГҐДЕЄЖЗИІЇЙКЛМНОПРСТУФХЦЧШЩЬЮЯабвгґдеєжзиіїйклмнопрстуфхцчшщьюяЁёABCxyz"
        assert all(ord(ch) in coverage(bold) for ch in letters)


def test_undrawable_characters_and_controls_are_dropped() -> None:
    assert printable("Алиса 🎲\n\tBob\x00") == "Алиса Bob"
    assert printable("🎲🔥") == ""
    assert printable("שרה ⚀") == "שרה ⚀"


def test_fit_shortens_with_an_ellipsis_to_the_width() -> None:
    text = "Константин Константинопольский"
    width = 200
    short = fit(text, 26, True, width)
    assert short.endswith(ELLIPSIS)
    assert font(26, True).getlength(short) <= width
    assert text.startswith(short[:-1])
    assert fit("Bob", 26, True, width) == "Bob"


def test_text_mask_is_a_line_high_and_fits_its_room() -> None:
    mask = text_mask("Привет, мир! " * 10, 22, False, 300)
    ascent, descent = font(22).getmetrics()
    assert mask.height == ascent + descent
    assert mask.width <= 302
    assert mask.getextrema() == (0, 255)
    assert text_mask("🎲", 22).getextrema() == (0, 0)  # nothing drawable: an empty mask


def widths(block: Paragraph) -> list[float]:
    face = font(block.size, block.bold)
    return [face.getlength(line) for line in block.lines]


def test_a_paragraph_stays_on_one_line_when_a_little_smaller_fits() -> None:
    text = "The bot won: backgammon, 3 points."  # 448 px at 24: was cut to "… 3 оч…"
    block = paragraph(text, 24, False, BOX)
    assert block.lines == (text,) and 20 <= block.size < 24 and not block.cut
    assert paragraph("Bob won.", 24, False, BOX) == Paragraph(("Bob won.",), 24, False, 29)


def test_a_long_paragraph_breaks_into_even_lines_at_its_own_size() -> None:
    text = "Анастасия Петрова победила: бэкгаммон, 12 очков."
    block = paragraph(text, 24, False, BOX)
    assert block.size == 24 and len(block.lines) == 2 and " ".join(block.lines) == text
    assert block.height <= BOX[1] and max(widths(block)) <= BOX[0]
    assert min(widths(block)) > max(widths(block)) / 2  # no word or two left on a line


def test_a_word_wider_than_a_line_is_broken_and_the_paragraph_made_smaller() -> None:
    text = "Щ" * 32 + " won: backgammon, 64 points."
    block = paragraph(text, 24, False, BOX)
    assert not block.cut and block.size < 24 and block.height <= BOX[1]
    assert max(widths(block)) <= BOX[0]
    assert "".join(block.lines).replace(" ", "") == text.replace(" ", "")


def test_only_a_paragraph_too_long_at_the_smallest_size_is_cut() -> None:
    block = paragraph("word " * 500, 24, False, BOX)
    assert block.cut and block.size == SMALLEST and block.lines[-1].endswith(ELLIPSIS)
    assert block.height <= BOX[1] and max(widths(block)) <= BOX[0]
    assert paragraph("", 24, False, BOX).lines == ()
