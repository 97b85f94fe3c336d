"""A second, deliberately simple short-nardy generator, written from RULES.md §9 alone.

It exists to check `nardy.short.movegen` against an independent reading of the rules
(tests/nardy/short/test_differential.py) and to be the baseline of its speed
(tools/bench/short_movegen.py), so it is brute force on purpose: it works in absolute
numbering on plain lists (White runs 24 → 1 and bears off below 1, Black runs 1 → 24 and bears
off above 24), tries every die on every point in every order, and keeps the turns of maximal
length. Nothing here comes from `nardy.short`; the results are compared as §11 canonical keys
with the bar added (`p=…;bar=w,b;off=w,b`).

Readings of RULES.md shared with the fast generator (§3 applies to short nardy by §9): a turn
that bears off the mover's last checker counts as using the whole roll; with the higher-die rule
on, when only one step can be played in all and the higher die can be that step, it must be.
"""

from __future__ import annotations

from dataclasses import dataclass

WHITE, BLACK = 0, 1
ALL = 15


@dataclass(frozen=True)
class Board:
    points: tuple[int, ...]  # absolute point i+1 at index i: +n White, -n Black
    bar: tuple[int, int]
    off: tuple[int, int]

    def key(self) -> str:
        return (
            "p=" + ",".join(map(str, self.points)) + f";bar={self.bar[0]},{self.bar[1]}"
            f";off={self.off[0]},{self.off[1]}"
        )


def mine(board: Board, mover: int, point: int) -> int:
    """The mover's checkers on absolute `point`."""
    n = board.points[point - 1] * (1 if mover == WHITE else -1)
    return max(n, 0)


def theirs(board: Board, mover: int, point: int) -> int:
    """The opponent's checkers on absolute `point`."""
    n = board.points[point - 1] * (1 if mover == WHITE else -1)
    return max(-n, 0)


def home(mover: int) -> range:
    """The mover's home (his own points 1..6) in absolute numbers."""
    return range(1, 7) if mover == WHITE else range(19, 25)


def distance_off(mover: int, point: int) -> int:
    """Pips from `point` to off for the mover."""
    return point if mover == WHITE else 25 - point


# A move is (from, to): from is a point or "bar", to a point or "off".
Move = tuple[int | str, int | str]


def try_move(board: Board, mover: int, src: int | str, die: int) -> tuple[Board, Move] | None:
    """The board after moving one checker from `src` by `die`, or None if §9 forbids it."""
    sign = 1 if mover == WHITE else -1
    points, bar, off = list(board.points), list(board.bar), list(board.off)
    if bar[mover] > 0 and src != "bar":
        return None  # everything on the bar enters before any other move
    if src == "bar":
        if bar[mover] == 0:
            return None
        target = 25 - die if mover == WHITE else die  # into the opponent's home
        bar[mover] -= 1
    else:
        assert isinstance(src, int)
        if mine(board, mover, src) == 0:
            return None
        target = src - die if mover == WHITE else src + die
        points[src - 1] -= sign
    if 1 <= target <= 24:
        if theirs(board, mover, target) >= 2:
            return None  # a point with two or more opponent checkers is closed
        if theirs(board, mover, target) == 1:
            points[target - 1] = 0  # the blot is hit and goes to the bar
            bar[1 - mover] += 1
        points[target - 1] += sign
        return Board(tuple(points), (bar[0], bar[1]), (off[0], off[1])), (src, target)
    # Bearing off: every checker in the home, none on the bar.
    assert isinstance(src, int)
    if bar[mover] or any(mine(board, mover, p) for p in range(1, 25) if p not in home(mover)):
        return None
    # A higher die bears off only from the farthest point: no checker farther away.
    farther = [p for p in home(mover) if distance_off(mover, p) > distance_off(mover, src)]
    if distance_off(mover, src) < die and any(mine(board, mover, p) for p in farther):
        return None
    off[mover] += 1
    return Board(tuple(points), (bar[0], bar[1]), (off[0], off[1])), (src, "off")


@dataclass
class Reference:
    keys: frozenset[str]  # every legal resulting position
    max_steps: int  # the most steps a legal turn plays
    full: int  # the steps a legal turn must use (a game-ending turn counts as all of them)
    higher_die_only: int | None  # the die a one-step turn must use, when so restricted
    turns: dict[str, tuple[Move, ...]]  # one legal turn per result


def roll(dice: tuple[int, int]) -> list[int]:
    """Two steps, or four of a double."""
    return [dice[0]] * 4 if dice[0] == dice[1] else [dice[0], dice[1]]


def reference_legal(
    board: Board, mover: int, dice: tuple[int, int], higher_die_rule: bool = True
) -> Reference:
    """Every legal turn, by trying every order of every die on every source."""
    full = roll(dice)
    # Sequences of legal steps: (board, moves, dice used); a board with the same dice left
    # is explored once, since what can follow it is the same.
    sequences: list[tuple[Board, tuple[Move, ...], tuple[int, ...]]] = []
    seen: set[tuple[Board, tuple[int, ...]]] = set()

    def extend(
        b: Board, left: tuple[int, ...], moves: tuple[Move, ...], used: tuple[int, ...]
    ) -> None:
        sequences.append((b, moves, used))
        if (b, left) in seen:
            return  # this board with these dice left is already explored
        seen.add((b, left))
        if b.off[mover] == ALL:
            return  # the game is over
        for i, die in enumerate(left):
            for src in ["bar", *range(1, 25)]:
                moved = try_move(b, mover, src, die)
                if moved is not None:
                    rest = left[:i] + left[i + 1 :]
                    extend(moved[0], rest, (*moves, moved[1]), (*used, die))

    extend(board, tuple(full), (), ())
    best = max(used_count(b, m, mover, len(full)) for b, m, _ in sequences)
    legal = [(b, m, u) for b, m, u in sequences if used_count(b, m, mover, len(full)) == best]
    only = None
    if best == 1 and dice[0] != dice[1] and higher_die_rule:
        high = [(b, m, u) for b, m, u in legal if u[0] == max(dice)]
        if high:
            legal, only = high, max(dice)
    turns: dict[str, tuple[Move, ...]] = {}
    for b, m, _ in legal:
        turns.setdefault(b.key(), m)
    return Reference(frozenset(turns), max(len(m) for _, m, _ in legal), best, only, turns)


def used_count(b: Board, moves: tuple[Move, ...], mover: int, full: int) -> int:
    """Steps a sequence uses; bearing off the last checker uses the whole roll."""
    return full if moves and b.off[mover] == ALL else len(moves)


def replay(
    ref: Reference,
    board: Board,
    mover: int,
    dice: tuple[int, int],
    steps: list[tuple[int | str, int]],
) -> tuple[str | None, str]:
    """Replay (source, die) steps: (the key reached, "") if they make a legal turn of `ref`'s
    case, else (None, why not)."""
    left = roll(dice)
    b = board
    for src, die in steps:
        if die not in left:
            return None, f"die {die} is not left"
        moved = try_move(b, mover, src, die)
        if moved is None:
            return None, f"{src} by {die} is not a legal step"
        left.remove(die)
        b = moved[0]
    if used_count(b, tuple((s, 0) for s, _ in steps), mover, len(roll(dice))) != ref.full:
        return None, f"{len(steps)} steps played, the roll allows {ref.full}"
    if ref.higher_die_only is not None and steps[0][1] != ref.higher_die_only:
        return None, "only one die can be played, so it must be the higher"
    return b.key(), ""
