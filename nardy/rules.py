"""The house-rule options of RULES.md §8 with their defaults; a `Rules` travels with a game."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from enum import Enum, StrEnum
from typing import Any, Self


class Opening(StrEnum):
    """How the first turn is rolled (RULES.md §2)."""

    REROLL = "reroll"
    PLAY_OPENING_ROLL = "play_opening_roll"


class HeadException(StrEnum):
    """Which first-turn doubles let two checkers leave the head (RULES.md §4)."""

    DOUBLES_346 = "3-4-6"
    ANY_DOUBLE = "any_double"
    NONE = "none"


class BlockCheck(StrEnum):
    """When the six-block rule is checked (RULES.md §5)."""

    EVERY_STEP = "every_step"
    END_OF_TURN = "end_of_turn"


class Scoring(StrEnum):
    """The points scale of RULES.md §7."""

    CLASSIC = "classic"
    EXTENDED = "extended"


class RulesError(ValueError):
    """An options object that names an unknown option or an unknown value."""


class Options:
    """What every options object shares: enum values given by their §11 names are read into the
    enums, the match length is checked, and the §11 JSON form goes both ways. A subclass is a
    frozen dataclass whose fields, with their defaults, are the options."""

    __slots__ = ()

    match_length: int

    def __post_init__(self) -> None:
        # Accept the §11 value names too ("3-4-6"), so options built from text compare, hash
        # and play exactly like ones built from the enums; anything else is refused.
        for f in fields(self):  # type: ignore[arg-type]
            default = f.default
            value = getattr(self, f.name)
            if isinstance(default, Enum) and not isinstance(value, type(default)):
                try:
                    object.__setattr__(self, f.name, type(default)(value))
                except ValueError:
                    allowed = ", ".join(str(m.value) for m in type(default))
                    raise RulesError(
                        f"option {f.name}: {value!r} is not one of {allowed}"
                    ) from None
        if self.match_length < 1:
            raise RulesError(f"match_length must be at least 1, got {self.match_length}")

    def to_dict(self) -> dict[str, Any]:
        """The interchange form of RULES.md §11 (enum values as their names)."""
        return {
            f.name: (v.value if isinstance(v := getattr(self, f.name), Enum) else v)
            for f in fields(self)  # type: ignore[arg-type]
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        """Parse the §11 options object; a missing key means its default."""
        if not isinstance(data, Mapping):
            raise RulesError("options must be a JSON object")
        defaults = cls()
        known = {f.name for f in fields(defaults)}  # type: ignore[arg-type]
        unknown = set(data) - known
        if unknown:
            raise RulesError(f"unknown option(s): {', '.join(sorted(unknown))}")
        for name, raw in data.items():
            kind = type(getattr(defaults, name))
            if kind in (bool, int) and type(raw) is not kind:  # bool is not an int here
                wanted = "true or false" if kind is bool else "an integer"
                raise RulesError(f"option {name} must be {wanted}, got {raw!r}")
        return cls(**data)  # enum values are checked by __post_init__


@dataclass(frozen=True, slots=True)
class Rules(Options):
    """Every §8 option; the defaults are what the engine does out of the box."""

    opening: Opening = Opening.REROLL
    higher_die_rule: bool = True
    head_exception: HeadException = HeadException.DOUBLES_346
    block_check: BlockCheck = BlockCheck.EVERY_STEP
    scoring: Scoring = Scoring.CLASSIC
    last_roll: bool = False
    match_length: int = 1

    @property
    def cube(self) -> bool:
        """Long nardy is played without the doubling cube (RULES.md §1; §9 has it for short)."""
        return False

    def head_double_allowed(self, die: int) -> bool:
        """May two checkers leave the head on a first-turn double of `die` (RULES.md §4)?"""
        if self.head_exception is HeadException.ANY_DOUBLE:
            return True
        if self.head_exception is HeadException.DOUBLES_346:
            return die in (3, 4, 6)
        return False
