"""Legal turns and legal next steps for a position and a roll (RULES.md §3–6).

The mover's checkers are packed into one int, four bits a point in the mover's own numbering
(nibble 0 borne off, nibble i own point i), so a step is two additions and a searched state
hashes fast. A turn is a path in a layered graph of states; the legal turns are the paths to
the states that use the roll as fully as the rules allow.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Generic, Protocol, TypeVar

from nardy.color import Color, flip
from nardy.compiled import load
from nardy.errors import IllegalMove, Violation
from nardy.position import CHECKERS, HEAD, POINTS, InvalidPosition, Position
from nardy.rules import BlockCheck, Rules
from nardy.steps import Step

if TYPE_CHECKING:
    from nardy import _movegen

_ALL_POINTS = ((1 << (POINTS + 1)) - 1) ^ 1  # bits 1..24
_HOME_LIMIT = 4 * 7  # nibbles from own point 7 up: nonzero means a checker outside home
_ALL_OFF = CHECKERS  # the packed board with every checker borne off

# Every possible step, built once: the search hands these out instead of new objects.
_STEPS = tuple(tuple(Step(src, die) for die in range(7)) for src in range(POINTS + 1))

# A searched state: the packed board and the dice still to play (sorted, highest first).
_Key = tuple[int, tuple[int, ...]]


def roll_steps(dice: Sequence[int]) -> tuple[int, ...]:
    """The dice a roll gives to play: a double gives four steps (RULES.md §3)."""
    if len(dice) == 2:
        a, b = dice
        if type(a) is int and type(b) is int and 1 <= a <= 6 and 1 <= b <= 6:
            return (a,) * 4 if a == b else (a, b) if a > b else (b, a)
    raise ValueError(f"a roll is two dice from 1 to 6, got {list(dice)}")


def pack(counts: Sequence[int]) -> int:
    """Pack own-numbered counts (index 0 borne off, 1..24 points) into the nibble board."""
    board = 0
    for point, n in enumerate(counts):
        board |= n << (4 * point)
    return board


def _occupancy(board: int) -> int:
    occ = 0
    for point in range(1, POINTS + 1):
        if (board >> (4 * point)) & 15:
            occ |= 1 << point
    return occ


def _to_opponent_order(mask: int) -> int:
    """Renumber a mover's point mask into the opponent's numbering (own q <-> q ± 12)."""
    return ((mask >> 12) | (mask << 12)) & _ALL_POINTS


@dataclass(frozen=True, slots=True)
class _Context:
    """What stays fixed during one turn: the opponent's checkers, the head allowance."""

    blocked: int  # mover's points holding an opponent checker
    block_zone: int  # opponent-numbered points ahead of every opponent checker (§5)
    head_start: int  # checkers on the mover's head at the start of the turn
    head_limit: int  # how many may leave it this turn (§4)
    every_step: bool  # six-block rule after every step (§5 block_check)

    def illegal_block(self, occ: int) -> bool:
        """Six points in a row on the opponent's path, held by the mover, none ahead (§5)."""
        zone = _to_opponent_order(occ) & self.block_zone
        run = zone & (zone >> 1) & (zone >> 2) & (zone >> 3) & (zone >> 4) & (zone >> 5)
        return run != 0

    def step(self, board: int, occ: int, src: int, die: int) -> tuple[int, int] | Violation:
        """The board and occupancy after one step, or the rule the step breaks."""
        if not (board >> (4 * src)) & 15:
            return Violation.NO_CHECKER
        if src == HEAD and self.head_start - (board >> (4 * HEAD)) >= self.head_limit:
            return Violation.HEAD
        dst = src - die
        if dst > 0:
            if self.blocked >> dst & 1:
                return Violation.OCCUPIED
            board += (1 << (4 * dst)) - (1 << (4 * src))
            new_occ = occ | (1 << dst)
            if not (board >> (4 * src)) & 15:
                new_occ ^= 1 << src
            if self.every_step and new_occ != occ and self.illegal_block(new_occ):
                return Violation.BLOCK
            return board, new_occ
        if board >> _HOME_LIMIT:
            return Violation.NOT_HOME
        if dst < 0 and board >> (4 * (src + 1)):
            return Violation.OVERPAY
        board += 1 - (1 << (4 * src))
        if not (board >> (4 * src)) & 15:
            occ ^= 1 << src
        return board, occ


def _head_limit(position: Position, roll: tuple[int, ...], rules: Rules) -> int:
    """How many checkers may leave the head this turn (RULES.md §4)."""
    if len(roll) != 4 or not position.first_turn[position.to_move]:
        return 1  # not a first-turn double
    return 2 if rules.head_double_allowed(roll[0]) else 1


def _context(position: Position, roll: tuple[int, ...], rules: Rules) -> _Context:
    mover = position.to_move
    opponent = position.own_counts(mover.opponent)
    # The opponent's own point q is the mover's point q ± 12 (§1), the same map both ways.
    occupied = [q for q in range(1, POINTS + 1) if opponent[q]]
    blocked = 0
    for q in occupied:
        blocked |= 1 << flip(q)
    # §5: a block is legal once an opponent checker is ahead of it or borne off.
    zone = 0 if opponent[0] or not occupied else ((1 << occupied[0]) - 1) & _ALL_POINTS
    return _Context(
        blocked=blocked,
        block_zone=zone,
        head_start=position.count_at(mover, HEAD),
        head_limit=_head_limit(position, roll, rules),
        every_step=rules.block_check is BlockCheck.EVERY_STEP,
    )


@dataclass(frozen=True, slots=True)
class Turn:
    """A legal complete turn: its steps in the order played and the position it leads to."""

    steps: tuple[Step, ...]
    result: Position


P = TypeVar("P")
R = TypeVar("R")


class Question(Generic[P, R]):
    """What a legal-turn search of any variant answers, read-only: the position, the dice, the
    rules."""

    def __init__(self, position: P, dice: tuple[int, int], rules: R) -> None:
        self._position = position
        self._dice = dice
        self._rules = rules

    @property
    def position(self) -> P:
        return self._position

    @property
    def dice(self) -> tuple[int, int]:
        return self._dice

    @property
    def rules(self) -> R:
        return self._rules


def _unpack(board: int) -> list[int]:
    """The own-numbered counts a board packed by `pack` holds."""
    return [(board >> (4 * own)) & 15 for own in range(POINTS + 1)]


def _materialize(position: Position, board: int) -> Position:
    """The position after a turn from `position` that leaves the mover's checkers as `board`
    (packed as `pack` does)."""
    return position.with_checkers(position.to_move, _unpack(board)).with_turn_passed()


class _Found(Protocol):
    """What a search found, as the compiled search (nardy/_movegen.c) and `_Graph` give it."""

    @property
    def max_steps(self) -> int: ...

    def boards(self) -> list[int]: ...

    def counts(self) -> bytes: ...

    def sequences(self) -> list[tuple[Step, ...]]: ...

    def turns(self, position: Position) -> tuple[Turn, ...]:
        """One turn per distinct result of the search from `position`, ordered by the result's
        canonical key (RULES.md §11)."""
        ...

    def is_final(self, depth: int, board: int, left: tuple[int, ...]) -> bool: ...


class _Graph:
    """The pure Python search, the reference the compiled one is tested against: every state
    after k steps, every edge into it, and the final states (a `_Found`)."""

    def __init__(self, ctx: _Context, start: _Key, start_occ: int, higher_die_rule: bool):
        self._ctx = ctx
        self._roll = start[1]
        self._search(start, start_occ)
        self._select_finals(higher_die_rule)

    def _search(self, start: _Key, start_occ: int) -> None:
        """Breadth-first over the steps; layer k holds each distinct state after k steps."""
        step = self._ctx.step
        layer: dict[_Key, int] = {start: start_occ}
        self.layers: list[dict[_Key, int]] = [layer]
        # child -> every (parent, step) edge into it, per layer
        self.edges: list[dict[_Key, list[tuple[_Key, Step]]]] = [{}]
        while layer:
            nxt: dict[_Key, int] = {}
            edges: dict[_Key, list[tuple[_Key, Step]]] = {}
            for key, occ in layer.items():
                board, left = key
                if board == _ALL_OFF:
                    continue  # §3: bearing off the last checker ends the turn
                dice_tried = 0
                for i, die in enumerate(left):
                    if dice_tried >> die & 1:
                        continue
                    dice_tried |= 1 << die
                    rest = left[:i] + left[i + 1 :]
                    sources = occ
                    while sources:
                        low = sources & -sources
                        sources ^= low
                        src = low.bit_length() - 1
                        moved = step(board, occ, src, die)
                        if isinstance(moved, Violation):
                            continue
                        child = (moved[0], rest)
                        if child not in nxt:
                            nxt[child] = moved[1]
                            edges[child] = [(key, _STEPS[src][die])]
                        else:
                            edges[child].append((key, _STEPS[src][die]))
            if not nxt:
                break
            self.layers.append(nxt)
            self.edges.append(edges)
            layer = nxt

    def _select_finals(self, higher_die_rule: bool) -> None:
        """Keep the states that use the roll fully (§3 maximal use, higher die; §5 at the end)."""
        n = len(self._roll)
        ctx = self._ctx
        best = -1
        finals: list[tuple[int, _Key]] = []
        for depth, layer in enumerate(self.layers):
            for key, occ in layer.items():
                if not ctx.every_step and ctx.illegal_block(occ):
                    continue
                # §3: a turn that bears off the last checker has used the whole roll.
                used = n if key[0] == _ALL_OFF else depth
                if used > best:
                    best, finals = used, []
                if used == best:
                    finals.append((depth, key))
        if best == 1 and n == 2 and higher_die_rule:
            high = self._roll[0]
            with_high = [(d, k) for d, k in finals if high not in k[1]]
            finals = with_high or finals
        self.finals = finals
        # The most steps any legal turn plays (a game-ending turn may play fewer).
        self.max_steps = max(depth for depth, _ in finals)

    @cached_property
    def final_set(self) -> set[tuple[int, _Key]]:
        return set(self.finals)

    @cached_property
    def on_legal_path(self) -> list[set[_Key]]:
        """Per layer, the states that lie on some legal turn."""
        good: list[set[_Key]] = [set() for _ in self.layers]
        for depth, key in self.finals:
            good[depth].add(key)
        for depth in range(len(self.layers) - 1, 0, -1):
            for key in good[depth]:
                good[depth - 1].update(parent for parent, _ in self.edges[depth][key])
        return good

    def _path(self, depth: int, key: _Key) -> tuple[Step, ...]:
        steps: list[Step] = []
        while depth:
            key, step = self.edges[depth][key][0]
            steps.append(step)
            depth -= 1
        return tuple(reversed(steps))

    def _distinct_finals(self) -> Iterator[tuple[int, _Key]]:
        """One final state per resulting board, the longest way there first, so that the
        turns' longest step count is `max_steps` even when bearing off ends the game early."""
        seen: set[int] = set()
        for depth, key in sorted(self.finals, key=lambda final: -final[0]):
            if key[0] not in seen:
                seen.add(key[0])
                yield depth, key

    def boards(self) -> list[int]:
        return list(dict.fromkeys(key[0] for _, key in self.finals))

    def counts(self) -> bytes:
        return b"".join(bytes(_unpack(board)) for board in self.boards())

    def sequences(self) -> list[tuple[Step, ...]]:
        return [self._path(depth, key) for depth, key in self._distinct_finals()]

    def turns(self, position: Position) -> tuple[Turn, ...]:
        turns = [
            Turn(self._path(depth, key), _materialize(position, key[0]))
            for depth, key in self._distinct_finals()
        ]
        turns.sort(key=lambda turn: turn.result.canonical_key())
        return tuple(turns)

    def is_final(self, depth: int, board: int, left: tuple[int, ...]) -> bool:
        return (depth, (board, left)) in self.final_set


def _compiled_search() -> type[_movegen.Search]:
    """The compiled search, bound to the classes it builds (`nardy.compiled.load` calls it)."""
    from nardy import _movegen

    _movegen.bind(Position, Turn, (Color.WHITE, Color.BLACK))
    return _movegen.Search


_COMPILED = load("nardy._movegen", _compiled_search)  # None: the pure Python search serves
COMPILED = _COMPILED is not None  # is the compiled search in use?


class LegalTurns(Question[Position, Rules]):
    """Every legal way to play `dice` from `position` under `rules` (RULES.md §3–6).

    Computed once at construction, by the compiled search where it is built (unless `pure`),
    else by the pure Python one; read-only afterwards. The partly-played-turn methods
    (`next_steps`, and naming the rule an illegal turn breaks) walk the pure search's graph.
    """

    def __init__(
        self,
        position: Position,
        dice: tuple[int, int],
        rules: Rules | None = None,
        *,
        pure: bool = False,
    ):
        if position.off[position.to_move] == CHECKERS:
            raise IllegalMove(Violation.GAME_OVER)
        super().__init__(position, dice, rules or Rules())
        self._roll = roll_steps(dice)
        rules = self._rules
        self._found: _Found
        self._compiled: _movegen.Search | None = None
        if _COMPILED is None or pure:
            illegal_start = self._ctx.illegal_block(self._start[1])
            if not illegal_start:
                self._found = self._graph
        else:
            every_step = rules.block_check is BlockCheck.EVERY_STEP
            head_limit = _head_limit(position, self._roll, rules)
            found = _COMPILED(
                position.points,
                position.off,
                position.to_move,
                self._roll,
                head_limit,
                every_step,
                rules.higher_die_rule,
                _STEPS,
            )
            self._found = self._compiled = found
            illegal_start = found.illegal_start
        if illegal_start:
            # Legal play never reaches this (§5 blocks stay legal once formed), so no rule
            # says how to go on from it: refuse the position rather than guess.
            raise InvalidPosition(
                "the side to move already holds six points in a row with no opponent"
                " checker ahead (§5); no legal game reaches this position"
            )
        # The most steps any legal turn plays (a game-ending turn may play fewer).
        self.max_steps = self._found.max_steps

    @cached_property
    def _ctx(self) -> _Context:
        return _context(self._position, self._roll, self._rules)

    @cached_property
    def _start(self) -> tuple[_Key, int]:
        """The searched state at the start of the turn, and the points the mover holds."""
        board = pack(self._position.own_counts(self._position.to_move))
        return (board, self._roll), _occupancy(board)

    @cached_property
    def _graph(self) -> _Graph:
        return _Graph(self._ctx, *self._start, self._rules.higher_die_rule)

    # -- results ----------------------------------------------------------------------------

    @cached_property
    def turns(self) -> tuple[Turn, ...]:
        """One turn per distinct resulting position, ordered by canonical key. Never empty:
        when nothing can be played it holds the pass, a turn of no steps (RULES.md §3)."""
        return self._found.turns(self._position)

    def step_sequences(self) -> list[tuple[Step, ...]]:
        """One step sequence per distinct resulting position, without building positions."""
        return self._found.sequences()

    def result_boards(self) -> list[int]:
        """The mover's board packed as `pack` does after each distinct legal turn (the start
        for a pass): what a search scores, without building steps or positions."""
        return self._found.boards()

    def result_counts(self) -> bytes:
        """`result_boards` as the mover's counts by own point, 25 bytes a board (index 0 borne
        off, 1..24 the points), one after the other: one buffer for numpy to read."""
        return self._found.counts()

    def result(self, board: int) -> Position:
        """The position a board of `result_boards` stands for."""
        return _materialize(self._position, board)

    @property
    def passes(self) -> bool:
        """No step can be played: the turn passes (RULES.md §3)."""
        return self.max_steps == 0

    # -- partly played turns ----------------------------------------------------------------

    def _walk(self, played: Sequence[Step], whole_turn: bool = False) -> tuple[int, _Key]:
        """Follow `played` from the start; raise `IllegalMove` naming the broken rule.

        Every prefix must lie on a legal turn; with `whole_turn`, `played` must be one.
        """
        key, occ = self._start
        for depth, step in enumerate(played):
            board, left = key
            if board == _ALL_OFF:
                raise IllegalMove(Violation.GAME_OVER)
            if step.die not in left:
                raise IllegalMove(Violation.DIE_NOT_ROLLED, str(step))
            moved = self._ctx.step(board, occ, step.src, step.die)
            if isinstance(moved, Violation):
                raise IllegalMove(moved, str(step))
            i = left.index(step.die)
            key, occ = (moved[0], left[:i] + left[i + 1 :]), moved[1]
            if not whole_turn:
                self._check_on_path(depth + 1, key, step)
        if whole_turn and not self._found.is_final(len(played), *key):
            for depth in range(1, len(played) + 1):
                self._walk(played[:depth])  # names the first step that strays
            raise IllegalMove(Violation.INCOMPLETE, " ".join(str(s) for s in played))
        return len(played), key

    def _check_on_path(self, depth: int, key: _Key, step: Step) -> None:
        good = self._graph.on_legal_path
        if depth >= len(good) or key not in good[depth]:
            raise IllegalMove(self._why_off_path(depth, key), str(step))

    def _why_off_path(self, depth: int, child: _Key) -> Violation:
        layers = self._graph.layers
        occ = layers[depth].get(child) if depth < len(layers) else None
        if occ is not None and not self._ctx.every_step and self._ctx.illegal_block(occ):
            return Violation.BLOCK  # §5 at the end of the turn: the block cannot be undone
        if self.max_steps == 1 and len(self._roll) == 2 and child[1] == (self._roll[0],):
            return Violation.HIGHER_DIE
        return Violation.MAXIMAL_USE

    def next_steps(self, played: Sequence[Step] = ()) -> tuple[Step, ...]:
        """The steps that continue `played` towards some legal turn (for a button UI)."""
        depth, key = self._walk(played)
        graph = self._graph
        if depth + 1 >= len(graph.layers):
            return ()
        good = graph.on_legal_path[depth + 1]
        options = {
            step
            for child, edges in graph.edges[depth + 1].items()
            if child in good
            for parent, step in edges
            if parent == key
        }
        return tuple(sorted(options, key=lambda s: (-s.src, -s.die)))

    def is_complete(self, played: Sequence[Step]) -> bool:
        """Does `played` make a whole legal turn?"""
        depth, (board, left) = self._walk(played)
        return self._found.is_final(depth, board, left)

    def play(self, played: Sequence[Step]) -> Position:
        """The position after the complete turn `played`; an illegal one raises `IllegalMove`."""
        if self._compiled is not None:
            after = self._compiled.play(self._position, played)
            if after is not None:
                return after
        _, key = self._walk(played, whole_turn=True)  # names the rule `played` breaks
        return _materialize(self._position, key[0])


def legal_turns(
    position: Position, dice: tuple[int, int], rules: Rules | None = None
) -> LegalTurns:
    """All legal turns of `dice` from `position`; see `LegalTurns`."""
    return LegalTurns(position, dice, rules or Rules())


def move(position: Position, steps: Sequence[Step]) -> Position:
    """Move the side to move's checkers by `steps` without checking rules (for drawing a partly
    played turn); the side to move and first-turn flags stay as they are."""
    mover = position.to_move
    counts = list(position.own_counts(mover))
    for step in steps:
        counts[step.src] -= 1
        counts[step.dst] += 1
    return position.with_checkers(mover, counts)
