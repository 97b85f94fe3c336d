"""A second, deliberately simple legal-turn generator, written from RULES.md §3–6 alone.

It exists only to check `nardy.movegen` (the fast generator) against an independent reading of
the rules, so it is brute force on purpose: it tries every die on every point, recursively, in
every order, checks each rule literally as RULES.md words it, and keeps the turns of maximal
length. Nothing here is imported from `nardy.movegen`; `Position`, `Color`, `to_absolute`,
`Rules` (with its enums) and `Step` are used as plain data types only.

Interpretations chosen by the lead (RULES.md leaves them open; the fast generator follows them):

* A *candidate* turn is any sequence of individually legal steps whose final position is legal.
  With `block_check = every_step` the six-block rule (§5) is part of every step's legality; with
  `end_of_turn` it is checked only on the final position.
* The legal turns are the candidates of maximal length, where a sequence that bears off the
  mover's last checker counts as using the whole roll (2 steps, 4 for a double) whatever its
  length (§3: "dice left over are void").
* Higher die (§3, option on): if that maximal length is one step of a non-double, only the
  one-step turns with the higher die are legal, when any exists.
* A six-block (§5): the opponent's own points k..k+5 (1 <= k <= 19) all held by the mover;
  illegal iff the opponent has nothing borne off and no checker on an own point lower than k.
* Head (§4): at most one checker leaves the mover's own point 24 per turn; two on the mover's
  first turn (`first_turn[mover]`) with a double that `head_exception` allows.
* Results are compared by the §11 canonical key; `max_steps` is the longest step count among
  the legal turns.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from nardy import BlockCheck, Color, HeadException, Position, Rules, Step, to_absolute

ALL_CHECKERS = 15
HEAD_POINT = 24  # every side's head is its own point 24 (§1)
HOME_POINTS = range(1, 7)  # every side's home is its own points 1..6 (§1)


# --------------------------------------------------------------------------------------------
# The board as plain lists: `points` is 24 ints in absolute numbering, exactly like §11
# (index i is absolute point i+1, +n White, -n Black); `off` is [white off, black off].
# --------------------------------------------------------------------------------------------


# INDEX[color][q]: the list index of `color`'s own point q (1..24); index 0 is unused.
INDEX = {color: [-1] + [to_absolute(color, q) - 1 for q in range(1, 25)] for color in Color}
SIGN = {Color.WHITE: 1, Color.BLACK: -1}  # the sign of a colour's counts in `points` (§11)


def index_of(color: Color, own_point: int) -> int:
    """List index of `color`'s own point 1..24."""
    return INDEX[color][own_point]


def checkers_of(points: Sequence[int], color: Color, own_point: int) -> int:
    """How many of `color`'s checkers stand on `color`'s own point `own_point`."""
    n = points[INDEX[color][own_point]] * SIGN[color]
    return n if n > 0 else 0


def opponent_checkers_on(points: Sequence[int], mover: Color, own_point: int) -> int:
    """How many of the opponent's checkers stand on the *mover's* own point `own_point`."""
    n = points[INDEX[mover][own_point]] * SIGN[mover]
    return -n if n < 0 else 0


def all_home(points: Sequence[int], color: Color) -> bool:
    """§6: every checker of `color` still on the board is on its own points 1..6."""
    return all(checkers_of(points, color, p) == 0 for p in range(7, 25))


def illegal_block(points: Sequence[int], off: Sequence[int], mover: Color) -> bool:
    """§5: does the mover hold six points in a row with no opponent checker ahead of them?

    The block is looked for along the *opponent's* path, in the opponent's own numbering:
    his points k..k+5 with 1 <= k <= 19, so never across his 1 -> 24 seam.
    """
    opponent = mover.opponent
    if off[opponent] > 0:
        return False  # an opponent checker already borne off is "ahead" of any block
    # held[q]: the mover has a checker on the opponent's own point q;
    # opponent_on[q]: the opponent has a checker on his own point q.
    index, sign = INDEX[opponent], SIGN[mover]
    held = [False] + [points[index[q]] * sign > 0 for q in range(1, 25)]
    opponent_on = [False] + [points[index[q]] * sign < 0 for q in range(1, 25)]
    return any(all(held[k : k + 6]) and not any(opponent_on[1:k]) for k in range(1, 20))


# --------------------------------------------------------------------------------------------
# One step
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Board:
    points: tuple[int, ...]
    off: tuple[int, int]


def head_limit(position: Position, dice: tuple[int, int], rules: Rules) -> int:
    """§4: how many checkers may leave the head this turn."""
    mover = position.to_move
    if dice[0] != dice[1] or not position.first_turn[mover]:
        return 1
    if rules.head_exception == HeadException.ANY_DOUBLE:
        return 2
    if rules.head_exception == HeadException.DOUBLES_346 and dice[0] in (3, 4, 6):
        return 2
    return 1  # HeadException.NONE, or a double the 3-4-6 exception does not name


def step_problem(board: Board, mover: Color, step: Step) -> str | None:
    """Why `step` may not be played on `board` by `mover` (§3, §6), or None if it may.

    The head rule (§4) and the six-block rule (§5) are about the turn and the resulting
    position; `play_step` adds them.
    """
    src, die = step.src, step.die
    if not 1 <= src <= 24 or not 1 <= die <= 6:
        return "no such point or die"
    if checkers_of(board.points, mover, src) == 0:
        return "no checker of the mover on that point"
    dst = src - die
    if dst >= 1:
        if opponent_checkers_on(board.points, mover, dst) > 0:
            return "the target point holds an opponent checker"
        return None
    # Bearing off (§6).
    if not all_home(board.points, mover):
        return "not all fifteen checkers are home"
    if dst == 0:
        return None  # exact die: bears off from point d
    # The die is bigger than the point: allowed only if point `die` is empty and no checker
    # stands higher than `src`, i.e. `src` is the highest occupied point below the die.
    if any(checkers_of(board.points, mover, p) > 0 for p in range(src + 1, 25)):
        return "a checker stands higher: the die must be played inside home"
    return None


def apply_step(board: Board, mover: Color, step: Step) -> Board:
    """The board after `step` (assumed playable)."""
    points = list(board.points)
    off = list(board.off)
    points[index_of(mover, step.src)] -= SIGN[mover]
    dst = step.src - step.die
    if dst >= 1:
        points[index_of(mover, dst)] += SIGN[mover]
    else:
        off[mover] += 1
    return Board(tuple(points), (off[0], off[1]))


@dataclass
class Partial:
    """A sequence of steps played so far in the turn."""

    board: Board
    dice_left: tuple[int, ...]
    steps: tuple[Step, ...] = ()
    heads_used: int = 0

    def game_over(self, mover: Color) -> bool:
        return self.board.off[mover] == ALL_CHECKERS


def play_step(
    partial: Partial, mover: Color, step: Step, rules: Rules, heads_allowed: int
) -> tuple[Partial | None, str | None]:
    """Play one more step under §3–6; (the new partial turn, None) or (None, why not)."""
    if partial.game_over(mover):
        return None, "the game is over: the last checker is off"
    if step.die not in partial.dice_left:
        return None, "that die is not left to play"
    problem = step_problem(partial.board, mover, step)
    if problem:
        return None, problem
    heads = partial.heads_used + (1 if step.src == HEAD_POINT else 0)
    if heads > heads_allowed:
        return None, "too many checkers leave the head"
    board = apply_step(partial.board, mover, step)
    if rules.block_check == BlockCheck.EVERY_STEP and illegal_block(board.points, board.off, mover):
        return None, "six points in a row with no opponent checker ahead"
    left = list(partial.dice_left)
    left.remove(step.die)
    return Partial(board, tuple(left), (*partial.steps, step), heads), None


# --------------------------------------------------------------------------------------------
# The whole turn
# --------------------------------------------------------------------------------------------


def roll_dice(dice: tuple[int, int]) -> tuple[int, ...]:
    """§3: two steps, or four of the same number for a double."""
    return (dice[0],) * 4 if dice[0] == dice[1] else (dice[0], dice[1])


def all_sequences(position: Position, dice: tuple[int, int], rules: Rules) -> Iterable[Partial]:
    """Every sequence of individually legal steps (every prefix too), in every order."""
    mover = position.to_move
    heads_allowed = head_limit(position, dice, rules)
    start = Partial(
        Board(tuple(position.points), (position.off[0], position.off[1])), roll_dice(dice)
    )

    def extend(partial: Partial) -> Iterable[Partial]:
        yield partial
        for die in sorted(set(partial.dice_left)):
            for src in range(1, 25):
                longer, _ = play_step(partial, mover, Step(src, die), rules, heads_allowed)
                if longer is not None:
                    yield from extend(longer)

    yield from extend(start)


def is_candidate(partial: Partial, mover: Color, rules: Rules) -> bool:
    """A sequence of legal steps whose final position is legal (§5 under `end_of_turn`)."""
    if rules.block_check == BlockCheck.END_OF_TURN:
        return not illegal_block(partial.board.points, partial.board.off, mover)
    return True  # every_step: each step was already checked


def effective_length(partial: Partial, mover: Color, dice: tuple[int, int]) -> int:
    """Steps used; bearing off the last checker uses the whole roll (§3)."""
    if partial.steps and partial.game_over(mover):
        return len(roll_dice(dice))
    return len(partial.steps)


@dataclass
class Reference:
    """What the reference says about one (position, dice, rules) case."""

    position: Position
    dice: tuple[int, int]
    rules: Rules
    keys: frozenset[str]  # canonical keys of every legal resulting position
    max_steps: int  # the longest step count among the legal turns
    max_effective: int  # the maximal length that defines a legal turn (game end counts full)
    higher_die_only: int | None  # the die every legal one-step turn must use, if restricted
    example: dict[str, tuple[Step, ...]] = field(default_factory=dict)  # one turn per key


def canonical_key(board: Board) -> str:
    """§11: `p=<24 ints>;off=<white>,<black>`."""
    return "p=" + ",".join(str(n) for n in board.points) + f";off={board.off[0]},{board.off[1]}"


def reference_legal(
    position: Position, dice: tuple[int, int], rules: Rules | None = None
) -> Reference:
    """The legal turns of `dice` from `position` under `rules`, by brute force."""
    rules = rules or Rules()
    mover = position.to_move
    candidates = [p for p in all_sequences(position, dice, rules) if is_candidate(p, mover, rules)]
    best = max((effective_length(p, mover, dice) for p in candidates), default=0)
    legal = [p for p in candidates if effective_length(p, mover, dice) == best]
    higher: int | None = None
    if rules.higher_die_rule and dice[0] != dice[1] and best == 1:
        high = max(dice)
        if any(p.steps[0].die == high for p in legal):
            higher = high
            legal = [p for p in legal if p.steps[0].die == high]
    example: dict[str, tuple[Step, ...]] = {}
    for p in legal:
        example.setdefault(canonical_key(p.board), p.steps)
    return Reference(
        position=position,
        dice=dice,
        rules=rules,
        keys=frozenset(example),
        max_steps=max((len(p.steps) for p in legal), default=0),
        max_effective=best,
        higher_die_only=higher,
        example=example,
    )


def replay(reference: Reference, steps: Sequence[Step]) -> tuple[str | None, str]:
    """Replay `steps` by the reference rules: (canonical key reached, "") if they make a legal
    turn of `reference`'s case, else (None, why not)."""
    position, dice, rules = reference.position, reference.dice, reference.rules
    mover = position.to_move
    heads_allowed = head_limit(position, dice, rules)
    partial: Partial | None = Partial(
        Board(tuple(position.points), (position.off[0], position.off[1])), roll_dice(dice)
    )
    for i, step in enumerate(steps):
        assert partial is not None
        partial, problem = play_step(partial, mover, step, rules, heads_allowed)
        if partial is None:
            return None, f"step {i + 1} ({step}, die {step.die}): {problem}"
    assert partial is not None
    if not is_candidate(partial, mover, rules):
        return None, "the final position has six points in a row with no opponent ahead"
    if effective_length(partial, mover, dice) != reference.max_effective:
        return None, (f"{len(steps)} step(s) played but the roll allows {reference.max_effective}")
    if reference.higher_die_only is not None and steps[0].die != reference.higher_die_only:
        return None, "only one die can be played, so it must be the higher one"
    key = canonical_key(partial.board)
    if key not in reference.keys:  # cannot happen if the above is right; kept as a self-check
        return None, "the result is not among the reference's legal results"
    return key, ""


def parse_own_steps(texts: Sequence[str], dice: tuple[int, int]) -> list[list[Step]]:
    """Every reading of §10 step texts (`24/18`, `3/off`) as Steps of this roll.

    `from/off` does not say which die was used (the exact one or a bigger one, §6), so each
    possible die is tried; readings that need a die the roll does not have are dropped.
    """
    readings: list[list[Step]] = [[]]
    for text in texts:
        src_text, _, dst_text = text.partition("/")
        src = int(src_text)
        if dst_text == "off":
            dice_options = sorted({d for d in dice if d >= src})
        else:
            dice_options = [src - int(dst_text)]
        readings = [[*r, Step(src, d)] for r in readings for d in dice_options]
    pool = roll_dice(dice)
    return [r for r in readings if _dice_fit(r, pool)]


def _dice_fit(steps: Sequence[Step], pool: Sequence[int]) -> bool:
    left = list(pool)
    for step in steps:
        if step.die not in left:
            return False
        left.remove(step.die)
    return True


# --------------------------------------------------------------------------------------------
# The §11 interchange form, written here from RULES.md so that failing cases can be printed
# (and fed to `python -m nardy legal`) without going through the engine's own code.
# --------------------------------------------------------------------------------------------


def position_json(position: Position) -> dict[str, Any]:
    """The §11 object for `position`."""
    return {
        "points": list(position.points),
        "off": {"white": position.off[0], "black": position.off[1]},
        "to_move": "white" if position.to_move is Color.WHITE else "black",
        "first_turn": {"white": position.first_turn[0], "black": position.first_turn[1]},
    }


def options_json(rules: Rules) -> dict[str, Any]:
    """The §11 options that matter to move generation (the rest take their defaults)."""
    return {
        "higher_die_rule": rules.higher_die_rule,
        "head_exception": rules.head_exception.value,
        "block_check": rules.block_check.value,
    }


def case_line(position: Position, dice: tuple[int, int], rules: Rules) -> str:
    """One §11 `legal` input line for the case."""
    return json.dumps(
        {"position": position_json(position), "dice": list(dice), "options": options_json(rules)},
        separators=(",", ":"),
    )
