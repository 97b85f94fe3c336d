"""Short nardy's options (RULES.md §9): the cube, and what it keeps of the long game's §8."""

from __future__ import annotations

from dataclasses import dataclass

from nardy.rules import Opening, Options


@dataclass(frozen=True, slots=True)
class ShortRules(Options):
    """Every short-nardy option with its default; travels with a game like `Rules`.

    `opening` and `higher_die_rule` are §2's and §3's options, which §9 keeps ("as above"),
    but short nardy plays the opening roll by default (§9: the international standard, so the
    first turn is never a double); `cube` turns the doubling cube on (off by default, §9);
    `match_length` as in §7.
    """

    opening: Opening = Opening.PLAY_OPENING_ROLL
    higher_die_rule: bool = True
    cube: bool = False
    match_length: int = 1
