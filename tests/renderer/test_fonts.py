"""Shipped fonts: present with their licence, Cyrillic drawn, undrawable characters dropped,
long text shortened to its room."""

from __future__ import annotations

from renderer.fonts import ELLIPSIS, FONT_DIR, coverage, fit, font, printable, text_mask


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
