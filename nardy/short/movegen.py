"""Legal turns and legal next steps of short nardy (RULES.md §9, with §3's maximal use).

A searched state is one int: the mover's checkers four bits a point from bit 26 (nibble 0 borne
off, 1..24 the points, 25 the bar, all in the mover's own numbering) and, in bits 1..24, the
opponent's blots hit so far this turn. The opponent's closed points (two or more checkers) never
change during the mover's turn, so they are a fixed mask.

The turns are found breadth-first, one layer per step, each distinct state once. A double's four
steps are searched in order of non-increasing source point only: moving the higher checker first
never makes a step illegal (no step lands above its source; bar entry, all-home and "no checker
higher" for bearing off only get easier), so every result is still found. `next_steps` accepts
the steps in any order, searching on demand from where the player has got to.

The search is compiled (nardy/short/_movegen.c) where it is built; `_Search` here is the pure
Python one, its reference, used when the extension is missing, stale or switched off
(`nardy.compiled`), and by `LegalTurns(..., pure=True)`. The compiled one also plays a whole
legal turn (`play`); the rest of the partly-played-turn methods (`next_steps`, `is_complete`,
naming the rule a turn breaks) walk in Python towards the final states either search found.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Protocol

from nardy.color import Color
from nardy.compiled import load
from nardy.errors import IllegalMove, Violation
from nardy.movegen import Question, roll_steps
from nardy.position import CHECKERS
from nardy.short.notation import Step
from nardy.short.position import BAR, OWN_TO_INDEX, Position
from nardy.short.rules import ShortRules
from nardy.steps import Step as AnyStep  # a long-game Step of the same src and die will do

if TYPE_CHECKING:
    from nardy.short import _movegen

_SHIFT = 26  # the mover's nibble board starts above the hit bits 1..24 (bits 0, 25 unused)
_HITS = ((1 << 25) - 1) ^ 1  # bits 1..24
_HOME_LIMIT = _SHIFT + 4 * 7  # bits from own point 7 up: nonzero means a checker outside home
_BAR_BITS = _SHIFT + 4 * BAR
_ALL_OFF = CHECKERS  # the board part (state >> _SHIFT) with every checker borne off

# Every possible step, built once: the search hands these out instead of new objects.
_STEPS = tuple(tuple(Step(src, die) for die in range(7)) for src in range(BAR + 1))

# A searched state and the dice still to play (sorted, highest first).
_Key = tuple[int, tuple[int, ...]]


def _text(step: AnyStep) -> str:
    """A step in short nardy's notation (`bar/22`), whichever `Step` class it came as."""
    return str(Step(step.src, step.die))


def _occupancy(state: int) -> int:
    """Bit p set when the mover has a checker on own point p (1..24) or on the bar (25)."""
    occ = 0
    for point in range(1, BAR + 1):
        if (state >> (_SHIFT + 4 * point)) & 15:
            occ |= 1 << point
    return occ


def _start(position: Position) -> int:
    """The searched state at the start of the turn: the mover's checkers, nothing hit yet."""
    board = 0
    for own, n in enumerate(position.own_counts(position.to_move)):
        board |= n << (4 * own)
    return board << _SHIFT


@dataclass(frozen=True, slots=True)
class _Context:
    """The opponent's checkers as the mover sees them: fixed for the whole turn."""

    closed: int  # mover's own points with two or more opponent checkers (§9)
    blots: int  # mover's own points with exactly one opponent checker (§9)

    @classmethod
    def of(cls, position: Position) -> _Context:
        # The opponent's own point q is the mover's point 25 − q, the same index in `points`.
        sign = position.to_move.sign
        closed = blots = 0
        for own, index in enumerate(OWN_TO_INDEX[position.to_move]):
            n = -position.points[index] * sign if own else 0
            if n >= 2:
                closed |= 1 << own
            elif n == 1:
                blots |= 1 << own
        return cls(closed, blots)

    def step(self, state: int, occ: int, src: int, die: int) -> tuple[int, int] | Violation:
        """The state and occupancy after one step, or the rule the step breaks."""
        if src != BAR and (state >> _BAR_BITS) & 15:
            return Violation.BAR  # §9: everything on the bar enters first
        src_bits = _SHIFT + 4 * src
        if not (state >> src_bits) & 15:
            return Violation.NO_CHECKER
        dst = src - die
        if dst > 0:
            if self.closed >> dst & 1:
                return Violation.CLOSED
            state += (1 << (_SHIFT + 4 * dst)) - (1 << src_bits)
            if self.blots >> dst & 1:
                state |= 1 << dst  # §9: the lone checker goes to the bar
            new_occ = occ | (1 << dst)
            if not (state >> src_bits) & 15:
                new_occ ^= 1 << src
            return state, new_occ
        # §9 "bearing off as usual" (§6): all fifteen home, no overpaying past a higher checker.
        if state >> _HOME_LIMIT:
            return Violation.NOT_HOME
        if dst < 0 and state >> (src_bits + 4):
            return Violation.OVERPAY
        state += (1 << _SHIFT) - (1 << src_bits)
        if not (state >> src_bits) & 15:
            occ ^= 1 << src
        return state, occ


class _After:
    """What every result of a turn from one position shares: the opponent's checkers, the
    mover's points, who moves next; `position` builds a result from a final state."""

    def __init__(self, position: Position) -> None:
        mover = position.to_move
        sign = mover.sign
        self._theirs = tuple(n if n * sign < 0 else 0 for n in position.points)
        self._bar, self._off = position.bar, position.off
        self._mover, self._index, self._sign = int(mover), OWN_TO_INDEX[mover], sign
        self._next = mover.opponent

    def position(self, state: int, occ: int) -> Position:
        """The position a final state stands for; `occ` is its occupancy (`_Context.step`)."""
        mover, index, sign = self._mover, self._index, self._sign
        points = list(self._theirs)
        hits = state & _HITS
        bar = list(self._bar)
        bar[mover ^ 1] += hits.bit_count()
        while hits:
            low = hits & -hits
            hits ^= low
            points[index[low.bit_length() - 1]] = 0
        board = state >> _SHIFT
        bar[mover] = board >> (4 * BAR)
        occ &= ~(1 << BAR)
        while occ:
            low = occ & -occ
            occ ^= low
            own = low.bit_length() - 1
            points[index[own]] = ((board >> (4 * own)) & 15) * sign
        off = list(self._off)
        off[mover] = board & 15
        # Every checker is where the steps put it, so there is nothing to check again.
        return Position.counted(tuple(points), (bar[0], bar[1]), (off[0], off[1]), self._next)


@dataclass(frozen=True, slots=True)
class Turn:
    """A legal complete turn: its steps in the order played and the position it leads to."""

    steps: tuple[Step, ...]
    result: Position


class _Found(Protocol):
    """What a search found, as the compiled search (nardy/short/_movegen.c) and `_Search` give
    it."""

    @property
    def max_steps(self) -> int: ...

    def turns(self) -> tuple[Turn, ...]: ...

    def sequences(self) -> list[tuple[Step, ...]]: ...

    def finals(self) -> list[_Key]:
        """The key of every final state (a whole legal turn's end)."""
        ...

    def play(self, played: Sequence[AnyStep]) -> Position | None:
        """The position after the whole legal turn `played`, else None (the caller's walk
        names the rule)."""
        ...


class _Search:
    """The pure Python search, the reference the compiled one is tested against (a `_Found`)."""

    def __init__(self, position: Position, roll: tuple[int, ...], higher_die_rule: bool):
        self._ctx = _Context.of(position)
        self._after = _After(position)
        self._roll = roll
        start = _start(position)
        self._start: _Key = (start, roll)
        self._search(_occupancy(start))
        self._select_finals(higher_die_rule)

    def _search(self, start_occ: int) -> None:
        """Breadth-first; layer k maps each distinct state after k steps to its occupancy and
        the highest source a double's next step may use; `_parent` keeps one way to it."""
        step = self._ctx.step
        double = len(self._roll) == 4
        layer: dict[_Key, tuple[int, int]] = {self._start: (start_occ, BAR)}
        self._layers: list[dict[_Key, tuple[int, int]]] = [layer]
        self._parent: dict[_Key, tuple[_Key, Step]] = {}
        parent = self._parent
        while layer:
            nxt: dict[_Key, tuple[int, int]] = {}
            for key, (occ, bound) in layer.items():
                state, left = key
                if state >> _SHIFT == _ALL_OFF:
                    continue  # §3: bearing off the last checker ends the turn
                movable = occ
                if (state >> _BAR_BITS) & 15:
                    movable = 1 << BAR  # §9: only the bar may move
                elif double:
                    movable &= (2 << bound) - 1
                for i, die in enumerate(left):
                    if i and die == left[i - 1]:
                        continue  # the dice are sorted: the same die again adds nothing
                    rest = left[:i] + left[i + 1 :]
                    sources = movable
                    while sources:
                        low = sources & -sources
                        sources ^= low
                        src = low.bit_length() - 1
                        moved = step(state, occ, src, die)
                        if isinstance(moved, Violation):
                            continue
                        child = (moved[0], rest)
                        seen = nxt.get(child)
                        if seen is None:
                            nxt[child] = (moved[1], src)
                            parent[child] = (key, _STEPS[src][die])
                        elif src > seen[1]:
                            nxt[child] = (seen[0], src)
            if not nxt:
                break
            self._layers.append(nxt)
            layer = nxt

    def _select_finals(self, higher_die_rule: bool) -> None:
        """Keep the states that use the roll fully (§3 maximal use, higher die)."""
        n = len(self._roll)
        best = -1
        finals: list[tuple[int, _Key]] = []
        for depth, layer in enumerate(self._layers):
            for key in layer:
                # §3: a turn that bears off the last checker has used the whole roll.
                used = n if key[0] >> _SHIFT == _ALL_OFF else depth
                if used > best:
                    best, finals = used, []
                if used == best:
                    finals.append((depth, key))
        if best == 1 and n == 2 and higher_die_rule:
            high = self._roll[0]
            finals = [(d, k) for d, k in finals if high not in k[1]] or finals
        self._finals = finals
        # The most steps any legal turn plays (a game-ending turn may play fewer).
        self.max_steps = max(depth for depth, _ in finals)

    def _path(self, key: _Key) -> tuple[Step, ...]:
        steps: list[Step] = []
        while key != self._start:
            key, step = self._parent[key]
            steps.append(step)
        return tuple(reversed(steps))

    def _distinct_finals(self) -> list[tuple[int, _Key]]:
        """One final state per resulting position, the longest way there first."""
        seen: set[int] = set()
        out = []
        for depth, key in sorted(self._finals, key=lambda final: -final[0]):
            if key[0] not in seen:
                seen.add(key[0])
                out.append((depth, key))
        return out

    def turns(self) -> tuple[Turn, ...]:
        position = self._after.position
        return tuple(
            Turn(self._path(key), position(key[0], self._layers[depth][key][0]))
            for depth, key in self._distinct_finals()
        )

    def sequences(self) -> list[tuple[Step, ...]]:
        return [self._path(key) for _, key in self._distinct_finals()]

    def finals(self) -> list[_Key]:
        return [key for _, key in self._finals]

    def play(self, played: Sequence[AnyStep]) -> Position | None:
        return None  # the walk of `LegalTurns.play` does it all


def _compiled_search() -> type[_movegen.Search]:
    """The compiled search, bound to the classes it builds (`nardy.compiled.load` calls it)."""
    from nardy.short import _movegen

    _movegen.bind(Position, Turn, (Color.WHITE, Color.BLACK), _STEPS)
    return _movegen.Search


_COMPILED = load("nardy.short._movegen", _compiled_search)  # None: the pure search serves
COMPILED = _COMPILED is not None  # is the compiled search in use?


class LegalTurns(Question[Position, ShortRules]):
    """Every legal way to play `dice` from `position` under `rules` (RULES.md §9).

    Computed once at construction, by the compiled search where it is built (unless `pure`),
    else by the pure Python one, with identical answers; read-only afterwards.
    """

    def __init__(
        self,
        position: Position,
        dice: tuple[int, int],
        rules: ShortRules | None = None,
        *,
        pure: bool = False,
    ) -> None:
        mover = position.to_move
        if position.off[mover] == CHECKERS or position.off[mover.opponent] == CHECKERS:
            raise IllegalMove(Violation.GAME_OVER)
        super().__init__(position, dice, rules or ShortRules())
        self._roll = roll_steps(dice)
        higher_die_rule = self._rules.higher_die_rule
        self._found: _Found
        if _COMPILED is None or pure:
            self._found = _Search(position, self._roll, higher_die_rule)
        else:
            self._found = _COMPILED(
                position.points, position.bar, position.off, mover, self._roll, higher_die_rule
            )
        # The most steps any legal turn plays (a game-ending turn may play fewer).
        self.max_steps = self._found.max_steps

    # -- results ----------------------------------------------------------------------------

    @cached_property
    def turns(self) -> tuple[Turn, ...]:
        """One turn per distinct resulting position, the longest first, in the order the search
        found them (the same every time; sort by `canonical_key()` where an order by result is
        wanted). Never empty: when nothing can be played it holds the pass, a turn of no steps
        (§3)."""
        return self._found.turns()

    def step_sequences(self) -> list[tuple[Step, ...]]:
        """One step sequence per distinct resulting position, without building positions."""
        return self._found.sequences()

    @property
    def passes(self) -> bool:
        """No step can be played, a blocked entry from the bar included: the turn passes."""
        return self.max_steps == 0

    # -- partly played turns ----------------------------------------------------------------

    @cached_property
    def _ctx(self) -> _Context:
        return _Context.of(self._position)

    @cached_property
    def _start(self) -> _Key:
        return (_start(self._position), self._roll)

    @cached_property
    def _final_set(self) -> set[_Key]:
        return set(self._found.finals())

    def _walk(self, played: Sequence[AnyStep]) -> _Key:
        """Follow `played` from the start, each step legal and still on some legal turn;
        otherwise raise `IllegalMove` naming the broken rule."""
        key = self._start
        for step in played:
            state, left = key
            if state >> _SHIFT == _ALL_OFF:
                raise IllegalMove(Violation.GAME_OVER)
            if step.die not in left:
                raise IllegalMove(Violation.DIE_NOT_ROLLED, _text(step))
            if not 1 <= step.src <= BAR:  # no point of the board nor the bar: no checker there
                raise IllegalMove(Violation.NO_CHECKER, _text(step))
            moved = self._ctx.step(state, _occupancy(state), step.src, step.die)
            if isinstance(moved, Violation):
                raise IllegalMove(moved, _text(step))
            i = left.index(step.die)
            key = (moved[0], left[:i] + left[i + 1 :])
            if not self._leads_to_final(key):
                raise IllegalMove(self._why_off_path(key), _text(step))
        return key

    def _why_off_path(self, key: _Key) -> Violation:
        if self.max_steps == 1 and len(self._roll) == 2 and key[1] == (self._roll[0],):
            return Violation.HIGHER_DIE
        return Violation.MAXIMAL_USE

    def _children(self, key: _Key) -> list[tuple[Step, _Key]]:
        """Every legal step from a state, in any order of the dice, and where it leads."""
        state, left = key
        if state >> _SHIFT == _ALL_OFF:
            return []
        occ = _occupancy(state)
        out = []
        for die in sorted(set(left)):
            i = left.index(die)
            rest = left[:i] + left[i + 1 :]
            for src in range(1, BAR + 1):
                moved = self._ctx.step(state, occ, src, die)
                if not isinstance(moved, Violation):
                    out.append((_STEPS[src][die], (moved[0], rest)))
        return out

    @cached_property
    def _on_path(self) -> dict[_Key, bool]:
        """Memo of `_leads_to_final`, filled on demand."""
        return {}

    def _leads_to_final(self, key: _Key) -> bool:
        """Can the turn still end in one of the legal finals from this state?"""
        memo = self._on_path
        if key not in memo:
            memo[key] = key in self._final_set or any(
                self._leads_to_final(child) for _, child in self._children(key)
            )
        return memo[key]

    def next_steps(self, played: Sequence[AnyStep] = ()) -> tuple[Step, ...]:
        """The steps that continue `played` towards some legal turn (for a button UI)."""
        key = self._walk(played)
        options = {step for step, child in self._children(key) if self._leads_to_final(child)}
        return tuple(sorted(options, key=lambda s: (-s.src, -s.die)))

    def is_complete(self, played: Sequence[AnyStep]) -> bool:
        """Does `played` make a whole legal turn?"""
        return self._walk(played) in self._final_set

    def play(self, played: Sequence[AnyStep]) -> Position:
        """The position after the complete turn `played`; an illegal one raises `IllegalMove`."""
        after = self._found.play(played)
        if after is not None:
            return after
        key = self._walk(played)  # names the rule `played` breaks
        if key not in self._final_set:
            raise IllegalMove(Violation.INCOMPLETE, " ".join(_text(s) for s in played))
        return _After(self._position).position(key[0], _occupancy(key[0]))


def legal_turns(
    position: Position, dice: tuple[int, int], rules: ShortRules | None = None
) -> LegalTurns:
    """All legal turns of `dice` from `position`; see `LegalTurns`."""
    return LegalTurns(position, dice, rules)


def move(position: Position, played: Sequence[AnyStep]) -> Position:
    """Move the side to move's checkers by `played` without checking rules (for drawing a
    partly played turn): a step onto a lone opponent checker sends it to the bar."""
    mover = position.to_move
    sign = mover.sign
    index = OWN_TO_INDEX[mover]
    points = list(position.points)
    bar, off = list(position.bar), list(position.off)
    for step in played:
        if step.src == BAR:
            bar[mover] -= 1
        else:
            points[index[step.src]] -= sign
        if step.dst == 0:
            off[mover] += 1
            continue
        if points[index[step.dst]] == -sign:  # a blot: hit (§9)
            points[index[step.dst]] = 0
            bar[mover.opponent] += 1
        points[index[step.dst]] += sign
    return Position(tuple(points), (bar[0], bar[1]), (off[0], off[1]), mover)
