"""The games there are, found by name or from a game's rules (python-chess's `find_variant`),
and stored records read by whichever game wrote them."""

from __future__ import annotations

from nardy.long_variant import LONG
from nardy.record import RecordError
from nardy.short.variant import SHORT
from nardy.variant import AnyGame, AnyPosition, AnyRules, Variant

VARIANTS: list[Variant] = [LONG, SHORT]  # the order menus and statistics show them in


def register(variant: Variant) -> None:
    """Add a game to those there are (after the built-in ones); its key must be new."""
    if any(known.key == variant.key for known in VARIANTS):
        raise ValueError(f"a variant named {variant.key!r} exists")
    VARIANTS.append(variant)


def unregister(variant: Variant) -> None:
    """Take a game `register` added away again."""
    VARIANTS.remove(variant)


def find_variant(key: str) -> Variant:
    """The game named `key` ("long", "short"); `KeyError` for an unknown name."""
    for variant in VARIANTS:
        if variant.key == key:
            return variant
    raise KeyError(f"no variant named {key!r}")


def variant_of(thing: AnyRules | AnyGame) -> Variant:
    """The game `thing` (a game or its rules) is of: its rules' exact type says it."""
    rules = thing if isinstance(thing, AnyRules) else thing.rules
    for variant in VARIANTS:
        if variant.owns(rules):
            return variant
    raise KeyError(f"no variant plays with {type(rules).__name__}")


def board_variant(position: AnyPosition) -> Variant:
    """A game whose board `position` is drawn on: variants that share a position type share
    their board, its numbering and its bar."""
    for variant in VARIANTS:
        if type(variant.start()) is type(position):
            return variant
    raise KeyError(f"no variant has a board like {type(position).__name__}")


def game_from_text(text: str) -> AnyGame:
    """Read a stored game record of any game; `RecordError` for anything else."""
    for variant in VARIANTS:
        if variant.reads_game(text):
            return variant.game_from_text(text)
    raise RecordError(f"not a game record: {text[:12]!r}")


def rules_from_text(text: str) -> AnyRules:
    """Read any game's options in a few letters; `RecordError` for anything else."""
    for variant in VARIANTS:
        if variant.reads_rules(text):
            return variant.rules_from_text(text)
    raise RecordError(f"bad rules code {text!r}")
