"""What a player may ask of a game, as the service receives it (the UI's buttons map onto these).

Plain frozen dataclasses: the service decides whether each is legal now and what it changes.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Select:
    """Pick the checker on own point `src` to see where it can go (changes nothing stored)."""

    src: int


@dataclass(frozen=True, slots=True)
class Deselect:
    """Put the picked checker back down (changes nothing stored)."""


@dataclass(frozen=True, slots=True)
class Move:
    """Move the checker on `src` to `dst` (0: bear it off), by one die or several in a row.

    `confirm` ends the turn at once when the move completes it (the auto-confirm preference).
    """

    src: int
    dst: int
    confirm: bool = False


@dataclass(frozen=True, slots=True)
class PlayTurn:
    """Play a whole turn from its start in one go: its steps as (own point, die) pairs, in the
    order played. `confirm` ends the turn at once, as `Move`'s does."""

    steps: tuple[tuple[int, int], ...]
    confirm: bool = False


@dataclass(frozen=True, slots=True)
class Undo:
    """Take back the last step of this turn."""


@dataclass(frozen=True, slots=True)
class Done:
    """End a complete turn; the bot answers in the same change."""


@dataclass(frozen=True, slots=True)
class Hint:
    """Ask for the strongest level's best turn and the next two, for a learner against the bot;
    counted in the game (`Table.hints`)."""


@dataclass(frozen=True, slots=True)
class Resign:
    """Give the game up, scored from the position at the start of the turn (RULES.md §7); in a
    match, the next game follows unless `whole_match` gives the match up too (to start anew)."""

    whole_match: bool = False


@dataclass(frozen=True, slots=True)
class ClaimWin:
    """Take the win offered when the opponent left the group of a game between two people
    (`Table.gone`): the game is theirs as abandoned, scored as a resignation (RULES.md §7),
    and a match ends there."""


@dataclass(frozen=True, slots=True)
class Roll:
    """Roll the dice, not doubling: asked only before a roll on which the player may double
    (short nardy with the cube on, RULES.md §9); other rolls are made at once."""


@dataclass(frozen=True, slots=True)
class Double:
    """Offer to double the stakes before rolling (short nardy's cube)."""


@dataclass(frozen=True, slots=True)
class Take:
    """Accept the opponent's double: the cube doubles and is the taker's."""


@dataclass(frozen=True, slots=True)
class Drop:
    """Refuse the opponent's double, losing the game at the cube's value before it."""


Action = (
    Select
    | Deselect
    | Move
    | PlayTurn
    | Undo
    | Done
    | Hint
    | Resign
    | ClaimWin
    | Roll
    | Double
    | Take
    | Drop
)
CubeAction = Roll | Double | Take | Drop
"""The actions of a turn before its roll, with short nardy's cube (RULES.md §9)."""
