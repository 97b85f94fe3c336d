"""The games there are, found by name or from a game's rules (python-chess's `find_variant`),
and stored records read by whichever game wrote them."""

from __future__ import annotations

from nardy.long_variant import LONG
from nardy.record import RecordError
from nardy.short.variant import SHORT
from nardy.variant import AnyGame, AnyPosition, AnyRules, Variant

VARIANTS: list[Variant] = [LONG, SHORT]  # the order menus and statistics show them in
_BOARDS: dict[type, Variant] = {}  # `board_variant`'s answers, by position type


def register(variant: Variant) -> None:
    """Add a game to those there are (after the built-in ones); its key and its rules type
    must be new (a game is known by both), and its codes of rules and records must not start
    as another's do (`Variant.reads_rules`, `reads_game`: the first game that reads one
    wins)."""
    for known in VARIANTS:
        if known.key == variant.key or known.rules_type is variant.rules_type:
            raise ValueError(f"{variant!r} has the key or the rules type of {known!r}")
    VARIANTS.append(variant)
    _BOARDS.clear()


def unregister(variant: Variant) -> None:
    """Take a game `register` added away again."""
    VARIANTS.remove(variant)
    _BOARDS.clear()


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
    their board, its numbering and its bar (the first registered of them answers)."""
    kind = type(position)
    found = _BOARDS.get(kind)
    if found is None:
        found = next((v for v in VARIANTS if type(v.start()) is kind), None)
        if found is None:
            raise KeyError(f"no variant has a board like {kind.__name__}")
        _BOARDS[kind] = found
    return found


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
